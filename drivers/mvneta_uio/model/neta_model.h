/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Software model of a Marvell NETA Ethernet controller (as on the Armada
 * 3700): what a driver sees of the device, and nothing more
 * (docs/model.md, "The neta model").
 *
 * A driver reaches the model only as it reaches the hardware:
 *   - a register window of 32-bit reads and writes (neta_model_read32() /
 *     neta_model_write32(), offsets and bits from ../base/mvneta_regs.h);
 *   - DMA: the model reads descriptors (../base/mvneta_desc.h) and reads
 *     and writes buffers at the bus addresses the driver programmed,
 *     through the port's address decoding windows (../base/mvneta_mbus.h:
 *     disabled at reset, as on an Armada 3700 after reset; a driver opens
 *     them as Linux does) and then the memory the driver registered for
 *     DMA (neta_model_dma_map(), the model's IOMMU). An access outside
 *     either is refused and counted as a driver protocol violation.
 *
 * There is no OWN bit: the device counts, per RX queue, the descriptors it
 * filled (occupied) and the armed ones it may still fill (non-occupied) in
 * MVNETA_RXQ_STATUS_REG; the driver returns processed descriptors and adds
 * newly armed ones through MVNETA_RXQ_STATUS_UPDATE_REG, at most 255 of
 * each per write. TX works the same way with MVNETA_TXQ_UPDATE_REG
 * (pending) and MVNETA_TXQ_STATUS_REG (sent).
 *
 * The engines run in a thread of the model's own or one step at a time
 * for deterministic tests. No DPDK dependency. Everything under "Test and
 * harness side" is for the program hosting the model, never for a
 * driver's datapath.
 */
#ifndef SOCRX_NETA_MODEL_H
#define SOCRX_NETA_MODEL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "model_dma_store.h"
#include "model_nc.h"

#ifdef __cplusplus
extern "C" {
#endif

struct neta_model;
struct model_traffic_src;
struct model_traffic_sink;

/* Size of the register window in bytes (MVNETA_REG_WINDOW_SIZE). */
#define NETA_MODEL_REG_WINDOW		0x4000u
/* Regions the DMA window holds (model_iommu.h, MODEL_IOMMU_MAX_REGIONS). */
#define NETA_MODEL_MAX_DMA_REGIONS	4096u
/* Largest frame the model receives or transmits, FCS included. */
#define NETA_MODEL_MAX_FRAME		9728u
/* Largest ring the model accepts, in descriptors (the field holds 16383). */
#define NETA_MODEL_MAX_RING		4096u
/* Descriptor write-backs one RX queue may hold back (fault_wb_late). */
#define NETA_MODEL_WB_LATE_MAX		64u

/*
 * Device faults of the RX engine (docs/model.md "The neta model"). Each
 * *_ppm is a rate per million frames, 0 is off. Whether frame k
 * (rx_offered, 1-based) is hit is a pure function of (seed, knob, k).
 * Faults are device behaviour, never driver violations; each one applied
 * is counted in its rx_fault_* statistic.
 */
struct neta_model_faults {
	uint64_t seed;
	/*
	 * Closed with MVNETA_RXD_ERR_SUMMARY and an error code: CRC (the
	 * stored FCS is wrong too), overrun, length or resource.
	 */
	uint32_t err_ppm;
	/*
	 * data_size lies: 0, at most MVNETA_MH_SIZE + FCS (no frame byte), or
	 * more than the queue's buffer holds.
	 */
	uint32_t len_ppm;
	/*
	 * The parser's verdict inverted on an IP frame: L4_CSUM_OK flipped
	 * for TCP/UDP, IPv4 header OK swapped with header error.
	 */
	uint32_t csum_lie_ppm;
	/*
	 * The occupied count runs ahead of the write-back: RXQ_STATUS counts
	 * the frame's descriptors before their status and size words land in
	 * memory. They land at the next read of the queue's RXQ_STATUS after
	 * the one that first counted them (or when the queue stops). A
	 * driver that returns such a descriptor through RXQ_STATUS_UPDATE
	 * before it landed read it unwritten: viol_unwritten_read.
	 */
	uint32_t wb_late_ppm;
};

/* Where the SMI (orion-mdio, mvneta_smi.h) is, as a driver reaches it. */
enum neta_model_mdio {
	NETA_MODEL_MDIO_MAP = 0,	/* a map of its own (neta_model_smi_*32()) */
	NETA_MODEL_MDIO_WINDOW,		/* 0x2004 into the window (3700 eth0) */
	NETA_MODEL_MDIO_NONE,		/* not reachable */
};

/* params.phy_addr beyond the 32 MDIO addresses: no PHY (a fixed link). */
#define NETA_MODEL_PHY_NONE		32u

struct neta_model_params {
	uint8_t mac[6];			/* reset value of MAC_ADDR_LOW/HIGH */
	/*
	 * A frame that finds its queue without a non-occupied descriptor (or
	 * the port or queue stopped) waits, as behind 802.3x PAUSE, instead of
	 * being discarded: lossless replay of a capture.
	 */
	bool flow_control;
	/*
	 * The model's time (the PAUSE quanta it honours) starts at 0 and
	 * moves only by neta_model_clock_advance(), for step-mode tests.
	 */
	bool manual_clock;
	/* Traffic: the model takes ownership of both (NULL: none / discard). */
	struct model_traffic_src *rx_src;
	struct model_traffic_sink *tx_sink;
	/* Thread mode: after idle_polls empty passes sleep idle_sleep_us. */
	unsigned int idle_polls;
	unsigned int idle_sleep_us;
	struct neta_model_faults faults;
	/*
	 * Non-coherent interconnect (model_nc.h): the device reads what the
	 * driver cleaned, the driver sees the device's writes only in lines
	 * it invalidated through neta_model_cache_op(). Off: coherent DMA.
	 */
	bool nc_emulation;
	/* How coherent DMA writes reach memory (model_dma_store.h). */
	enum model_dma_store dma_store;
	/*
	 * The interrupt race on demand (neta_model_irq.c): RX takes a frame
	 * from the wire only when the driver unmasks an RX queue in
	 * MVNETA_INTR_NEW_MASK, and applies that write (and the interrupt
	 * writes after it) once the frame is in the ring.
	 */
	bool irq_race;
	/*
	 * The SMI's place, the PHY behind it (model_phy.h: an RTL8211F at
	 * phy_addr, NETA_MODEL_PHY_NONE: none, the link then the cable's)
	 * and its link partner's one mode, phy_speed Mbit/s at phy_full
	 * duplex, until neta_model_set_partner().
	 */
	enum neta_model_mdio mdio;
	unsigned int phy_addr;
	unsigned int phy_speed;
	bool phy_full;
	/*
	 * A probe on the filter, not a behaviour: with watch_da_set, each
	 * register write after which the destination address watch_da,
	 * passing the filter before it on a running GMAC, is refused counts
	 * in stats.watch_da_refused (a frame to it arriving just then would
	 * have been dropped). What the driver rewrites without changing it
	 * must never count.
	 */
	bool watch_da_set;
	uint8_t watch_da[6];
};

/*
 * Defaults: MAC 02:00:00:00:00:01, no flow control, no traffic, idle
 * sleep after 4096 polls, no faults, coherent; the SMI a map of its own,
 * the PHY at MDIO address 1 (the Turris MOX's), the partner at 1000 full.
 */
void neta_model_params_init(struct neta_model_params *p);

/* A model in its reset state. NULL with errno set on failure. */
struct neta_model *neta_model_create(const struct neta_model_params *p);
/* Stops the thread if any, releases the traffic source and sink. */
void neta_model_destroy(struct neta_model *m);

/*
 * Register window. Offsets 4-byte aligned and inside the window; other
 * accesses read 0 / are ignored and counted as violations. Writes have the
 * device's side effects (queue counters, queue enable, resets); MIB
 * counters clear on read. Safe while the model thread runs.
 */
uint32_t neta_model_read32(struct neta_model *m, uint32_t off);
void neta_model_write32(struct neta_model *m, uint32_t off, uint32_t val);

/*
 * DMA window: lets the device reach [iova, iova + len), which the host
 * sees at @p va. Regions must not overlap. The device's bus addresses
 * (descriptors, ring base registers) are 32 bits, as on the SoCs: bus
 * address A in address decoding window w reaches IOVA (R << 32) | A,
 * R being w's high remap register (0 on an Armada 3700, whose DRAM lies
 * below 4 GiB). 0, -EINVAL or -ENOSPC.
 */
int neta_model_dma_map(struct neta_model *m, void *va, uint64_t iova,
		       size_t len);
/* Removes the region that starts at @p iova. 0 or -ENOENT. */
int neta_model_dma_unmap(struct neta_model *m, uint64_t iova);

/* Thread mode: engines in a thread pinned to @p cpu (-1: not). 0/-errno. */
int neta_model_start(struct neta_model *m, int cpu);
/* Stops and joins the thread (no-op when not started). */
void neta_model_stop(struct neta_model *m);

/*
 * Step mode: runs the RX engine for up to @p budget frames, then the TX
 * engine for up to @p budget frames per TX queue, each frame from the
 * queue the arbiter picks (MVNETA_TXQ_FIXED_PRIO_CFG: strict priority,
 * queue 7 first, at reset). Returns the frames moved.
 */
unsigned int neta_model_step(struct neta_model *m, unsigned int budget);

/* params.manual_clock: moves the model's time @p ns forward. */
void neta_model_clock_advance(struct neta_model *m, uint64_t ns);

/*
 * RX queue @p q's interrupt: an eventfd (the model's; the caller must not
 * close it) written with 1 on each rise of the queue's line, which is up
 * while MVNETA_INTR_NEW_CAUSE has the queue's RX bit (its occupied count
 * at or above RXQ_THRESHOLD, or RXQ_TIME_COAL expired with frames there)
 * with that bit in MVNETA_INTR_NEW_MASK and the queue's bit in
 * MVNETA_INTR_ENABLE. Unmasking a queue that holds frames raises it at
 * once (level). -EINVAL for a queue that does not exist.
 */
int neta_model_irq_fd(struct neta_model *m, unsigned int q);

/*
 * The port's misc interrupt: an eventfd (the model's) written with 1 on
 * each rise of the line that NEW_CAUSE's MISCINTR summary (bit 31: a
 * MVNETA_INTR_MISC_CAUSE bit under MVNETA_INTR_MISC_MASK) raises under
 * NEW_MASK bit 31. The model sets MVNETA_CAUSE_LINK_CHANGE when the
 * GMAC's link changes; a cause bit is cleared by writing it 0.
 */
int neta_model_misc_irq_fd(struct neta_model *m);

/* ---- Test and harness side ---- */

/*
 * The cable (the PHY's link and so the GMAC's, unless forced); in at
 * creation. A change of the GMAC's link sets MVNETA_CAUSE_LINK_CHANGE in
 * MVNETA_INTR_MISC_CAUSE.
 */
void neta_model_set_link(struct neta_model *m, bool up);

/*
 * The link partner renegotiates to @p speed (10, 100, 1000) at @p full
 * duplex: the link drops (BMSR's link status latched low) and comes back
 * in the new mode. 0 or -EINVAL.
 */
int neta_model_set_partner(struct neta_model *m, unsigned int speed,
			   bool full);

/*
 * The SMI as its own map (params.mdio NETA_MODEL_MDIO_MAP; otherwise it
 * reads 0 and ignores writes): the one register of the overlays' "mdio"
 * map. Safe while the model thread runs.
 */
uint32_t neta_model_smi_read32(struct neta_model *m);
void neta_model_smi_write32(struct neta_model *m, uint32_t val);

/*
 * Where the register window is in physical memory: the Armada 3700's
 * eth0 when the SMI is in the window (NETA_MODEL_MDIO_WINDOW), else its
 * eth1 (a port whose window has no SMI).
 */
uint64_t neta_model_regs_phys(const struct neta_model *m);

/*
 * The device's own view. Every frame taken from the source ends in one of
 * rx_delivered, rx_missed, rx_dropped_* (their sum is rx_offered once the
 * model is idle).
 */
struct neta_model_stats {
	uint64_t rx_offered;		/* frames taken from the source */
	uint64_t rx_delivered;		/* frames written to descriptors */
	uint64_t rx_delivered_err;	/* of those, closed with ERR_SUMMARY */
	uint64_t rx_missed;		/* no non-occupied descriptor */
	uint64_t rx_dropped_stopped;	/* link down, port or queue off */
	uint64_t rx_dropped_queue_off;	/* of those: steered to a disabled queue */
	uint64_t rx_oversize;		/* of rx_delivered: cut, MVNETA_RXD_ERR_LEN */
	uint64_t rx_dropped_filter;	/* refused by the DA filter */
	uint64_t watch_da_refused;	/* params.watch_da: writes that refused it */
	uint64_t rx_dropped_hung;	/* for a queue hung on a bad buffer */
	uint64_t rx_dropped_speed;	/* MAC speed/duplex not the partner's */
	uint64_t rx_dropped_control;	/* MAC control frames (0x8808) */
	uint64_t rx_pause_frames;	/* of those: PAUSE acted on */
	uint64_t tx_pause_frames;	/* PAUSE frames sent (XOFF and XON) */
	uint64_t rx_desc_used;		/* descriptors filled */
	uint64_t tx_frames;		/* frames handed to the sink */
	uint64_t tx_bytes;
	uint64_t tx_desc_used;		/* descriptors sent */
	uint64_t tx_padded;		/* frames zero-padded to 60 bytes */
	uint64_t tx_dropped_speed;	/* sent garbled: speed/duplex mismatch */
	uint64_t tx_csum_frames;	/* frames with a checksum inserted */
	/* Driver protocol violations (docs/model.md): 0 for a correct driver. */
	uint64_t violations;		/* total */
	uint64_t viol_bad_reg;		/* unaligned / out-of-window access */
	uint64_t viol_dma_outside;	/* DMA address outside registered memory */
	uint64_t viol_null_buf;		/* descriptor armed with address 0 */
	uint64_t viol_update_overflow;	/* a count > 255 in a counter update */
	uint64_t viol_occupied_underflow; /* more processed than occupied */
	uint64_t viol_ring_overfill;	/* armed + occupied beyond the ring */
	uint64_t viol_bad_ring;		/* queue enabled with an unusable ring */
	uint64_t viol_ring_running;	/* ring registers written while enabled */
	uint64_t viol_sent_underflow;	/* more reclaimed than sent */
	uint64_t viol_tx_bad_desc;	/* TX descriptor malformed */
	uint64_t viol_unwritten_read;	/* returned before its write-back landed */
	uint64_t viol_dma_window;	/* DMA no address decoding window took */
	uint64_t viol_bad_config;	/* queue enabled with DMA config not run */
	uint64_t viol_smi_busy;		/* SMI command written while busy */
	uint64_t rx_dropped_config;	/* frames refused for that configuration */
	uint64_t tx_token_stalls;	/* TX queue waits: no tokens, MTU, bucket */
	/* Injected faults, each one applied. */
	uint64_t rx_fault_err;
	uint64_t rx_fault_len;
	uint64_t rx_fault_csum_lie;
	uint64_t rx_fault_wb_late;	/* descriptors counted before written */
	uint64_t rx_wb_late_landed;	/* ... whose write-back landed later */
	/* RX queue interrupt lines (neta_model_irq.c). */
	uint64_t irq_raised;		/* rises of a queue's line */
	uint64_t irq_lost;		/* rises its eventfd could not take */
	uint64_t irq_race_frames;	/* params.irq_race: frames put in the window */
	uint64_t irq_misc_raised;	/* rises of the misc line (the link) */
	/*
	 * Non-coherent interconnect (params.nc_emulation): clobbers,
	 * unclean_reads, clean_lines, civac_lines (model_nc.h).
	 */
	struct model_nc_counters nc;
	uint64_t thread_passes;
	uint64_t thread_blocks;	/* waits for a register write: RX done */
};
void neta_model_get_stats(struct neta_model *m, struct neta_model_stats *st);

/*
 * Replaces or reads the fault knobs (0, or -EINVAL for NULL or a rate
 * above 1000000). Safe while the model runs.
 */
int neta_model_set_faults(struct neta_model *m,
			  const struct neta_model_faults *f);
int neta_model_get_faults(struct neta_model *m, struct neta_model_faults *f);

/*
 * Register @p off as stored, without a read's side effects (a bus
 * analyser's view: a MIB counter is not cleared, a status register not
 * recomputed): what a test checks the driver programmed. 0 for an offset
 * outside the window or unaligned.
 */
uint32_t neta_model_peek32(struct neta_model *m, uint32_t off);

/*
 * The whole register window (NETA_MODEL_REG_WINDOW / 4 words into
 * @p regs) as a read of each word would return it now, without any
 * read's side effect: RXQ_STATUS and TXQ_STATUS their counts, the
 * clear-on-read MIB counters 0, the SMI in the window 0 (a read completes
 * its transfer). What a reader that sees no bus reads (socrx-devmodel's
 * shared window) shows the driver.
 */
void neta_model_view(struct neta_model *m, uint32_t *regs);

/* Description of the most recent violation ("" when none). */
const char *neta_model_last_violation(struct neta_model *m);

/*
 * True when the source is exhausted and no frame is waiting, none held by
 * flow control and no write-back held back (fault wb_late).
 */
bool neta_model_rx_idle(struct neta_model *m);

/* ---- Driver side: cache maintenance (non-coherent interconnect) ---- */

/*
 * The interconnect's view of the driver's cache maintenance of [addr,
 * addr + len) (@p op: model_nc.h's, every family's): with
 * params.nc_emulation a driver calls it right after its own clean or
 * clean+invalidate. A no-op otherwise. Thread safe.
 */
void neta_model_cache_op(struct neta_model *m, const void *addr, size_t len,
			 enum model_nc_op op);

#ifdef __cplusplus
}
#endif

#endif /* SOCRX_NETA_MODEL_H */
