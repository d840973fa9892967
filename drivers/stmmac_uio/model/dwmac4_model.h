/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Software model of a Synopsys DesignWare GMAC 4.x/5.x ("dwmac4") Ethernet
 * controller: what a driver sees of the device, and nothing more.
 *
 * A driver reaches the model only as it reaches the hardware:
 *   - a register window of 32-bit MMIO reads and writes
 *     (dwmac4_model_read32() / dwmac4_model_write32(), offsets and bits
 *     from ../dwmac4_regs.h);
 *   - DMA: the model reads descriptors and reads/writes packet buffers at
 *     the IOVAs the driver programmed, translated through the memory the
 *     driver registered for DMA (dwmac4_model_dma_map(), the model's
 *     IOMMU). Any access outside it is refused and counted as a driver
 *     protocol violation, never performed.
 *
 * The model runs its DMA engines either in a thread of its own pinned to a
 * CPU (as a device runs beside the CPU) or synchronously, one step at a
 * time, for deterministic unit tests. It has no DPDK dependency.
 *
 * The parameters a model is created with are dwmac4_model_params.h's
 * (included here). Everything under "Test and harness side" is for the
 * program that hosts the model (tests, the PMD's model backend reporting
 * on it), never for the driver's datapath.
 */
#ifndef SOCRX_DWMAC4_MODEL_H
#define SOCRX_DWMAC4_MODEL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "dwmac4_model_params.h"
#include "model_nc.h"

#ifdef __cplusplus
extern "C" {
#endif

struct dwmac4_model;

/* DMA channels the model implements (RX and TX each). */
#define DWMAC4_MODEL_MAX_CHANNELS 8
/* Size of the register window in bytes (MAC, MTL and DMA blocks). */
#define DWMAC4_MODEL_REG_WINDOW 0x2000u
/* Regions the DMA window holds (model_iommu.h, MODEL_IOMMU_MAX_REGIONS). */
#define DWMAC4_MODEL_MAX_DMA_REGIONS 4096u
/* Largest frame the model receives or transmits, FCS included. */
#define DWMAC4_MODEL_MAX_FRAME 16384u
/* Value of MAC_Version (GMAC_VERSION): core 5.10 (SNPSVER 0x51). */
#define DWMAC4_MODEL_VERSION 0x00001051u
/*
 * Width of the model's system bus (AXI data width), in bytes: the unit of
 * the descriptor skip length (DMA_CHx_Control.DSL), as on the 64-bit AXI
 * of RK3568/RK3588 and i.MX8MP. The descriptor stride is
 * 16 + DSL * DWMAC4_MODEL_BUS_BYTES.
 */
#define DWMAC4_MODEL_BUS_BYTES 8u

/* RX and TX FIFO of the core (MAC_HW_Feature1: 16 KiB each). */
#define DWMAC4_MODEL_FIFO_BYTES 16384u
/*
 * Perfect-filter entries after MAC address 0 (MAC_HW_Feature0.ADDMACADRSEL):
 * MAC_Address1..3, as the STM32H7's QoS core has (ETH_MACA1HR..ETH_MACA3HR
 * at 0x308..0x318).
 */
#define DWMAC4_MODEL_ADD_MACS 3u

/* Extra maps a SoC model has at most, each one page. */
#define DWMAC4_MODEL_SOC_MAPS	3u
#define DWMAC4_MODEL_SOC_PAGE	4096u

/* Creates a model in its reset state. NULL with errno set on failure. */
struct dwmac4_model *dwmac4_model_create(const struct dwmac4_model_params *p);

/* Stops the thread if any, releases the traffic source and sink. */
void dwmac4_model_destroy(struct dwmac4_model *m);

/*
 * Register window. Offsets must be 4-byte aligned and inside the window;
 * other accesses read 0 / are ignored and counted as violations. Writes
 * have the device's side effects (soft reset, MDIO transfers, DMA start
 * and stop, tail-pointer moves, write-1-to-clear status); reads of
 * clear-on-read counters clear them. Safe to call while the model thread
 * runs; a write has release semantics, a read acquire semantics.
 */
uint32_t dwmac4_model_read32(struct dwmac4_model *m, uint32_t off);
void dwmac4_model_write32(struct dwmac4_model *m, uint32_t off, uint32_t val);

/*
 * What a read of register @p off would return, without its side effect:
 * a clear-on-read counter keeps its count. For a host that mirrors the
 * register window into memory a driver reads directly (socrx-devmodel),
 * never for a driver. A bad offset reads 0 and is not counted.
 */
uint32_t dwmac4_model_peek32(struct dwmac4_model *m, uint32_t off);

/*
 * The eventfd of DMA channel @p ch's interrupt line: counts the line's
 * rises (RI with RIE, TI with TIE, under NIE; status cleared by writing 1
 * lowers it). Owned by the model (closed by dwmac4_model_destroy()).
 * @return the fd or -EINVAL.
 */
int dwmac4_model_irq_fd(struct dwmac4_model *m, unsigned int ch);

/*
 * The interrupt controller unmasks the line (uio_pdrv_genirq's write of 1
 * to the UIO fd): with params.irq_one_line, a line still high is written
 * to its eventfds again (counter irq_unmask_fired); nothing otherwise.
 */
void dwmac4_model_irq_unmask(struct dwmac4_model *m);

/*
 * The eventfd of the MAC's interrupt line (sbd_intr; the DMA channels
 * have their own lines): counts its rises, MAC_Interrupt_Status.RGSMIIIS
 * (the in-band link changed) with MAC_Interrupt_Enable.RGSMIIIE; reading
 * MAC_PHYIF_Control_Status clears RGSMIIIS and lowers it. Owned by the
 * model. @return the fd or -EINVAL.
 */
int dwmac4_model_mac_irq_fd(struct dwmac4_model *m);

/*
 * DMA window: lets the device reach [iova, iova + len), which the host
 * sees at @p va. Regions must not overlap. Returns 0, -EINVAL or -ENOSPC.
 */
int dwmac4_model_dma_map(struct dwmac4_model *m, void *va, uint64_t iova,
			 size_t len);
/* Removes the region that starts at @p iova. Returns 0 or -ENOENT. */
int dwmac4_model_dma_unmap(struct dwmac4_model *m, uint64_t iova);

/*
 * Thread mode: runs the DMA engines in a thread pinned to @p cpu (-1: not
 * pinned). Returns 0 or -errno.
 */
int dwmac4_model_start(struct dwmac4_model *m, int cpu);
/* Stops and joins the thread (no-op when not started). */
void dwmac4_model_stop(struct dwmac4_model *m);

/*
 * Step mode (no thread): runs each DMA engine until it has moved up to
 * @p budget frames or has nothing to do. Returns the frames moved (RX
 * delivered, missed or dropped, plus TX sent).
 */
unsigned int dwmac4_model_step(struct dwmac4_model *m, unsigned int budget);

/* ---- Test and harness side ---- */

/* manual_clock: moves the model's time @p ns forward (ignored otherwise). */
void dwmac4_model_clock_advance(struct dwmac4_model *m, uint64_t ns);

/*
 * The SoC's extra maps (params.soc; dwmac4_model_soc.c), as a UIO device
 * offers its node's further reg entries: the index of the map named
 * @p name ("cru", "grf", "php_grf", "gpr"), or -1; a 32-bit access at
 * @p off in its page (Rockchip CRU/GRF words take a write mask in the
 * high half; a bad offset reads 0, writes nothing). Where the GMAC's
 * registers and the map are in physical memory, and the board node's
 * property @p name ("phy-mode", "tx_delay", "rx_delay") as the kernel
 * shows it (strings with their NUL, numbers big-endian): its length, or
 * -1 when the node has none.
 */
int dwmac4_model_soc_map(const struct dwmac4_model *m, const char *name);
uint32_t dwmac4_model_soc_read32(struct dwmac4_model *m, unsigned int map,
				 uint32_t off);
void dwmac4_model_soc_write32(struct dwmac4_model *m, unsigned int map,
			      uint32_t off, uint32_t val);
uint64_t dwmac4_model_soc_regs_phys(const struct dwmac4_model *m);
uint64_t dwmac4_model_soc_map_phys(const struct dwmac4_model *m,
				   unsigned int map);
int dwmac4_model_soc_of_prop(const struct dwmac4_model *m, const char *name,
			     void *buf, size_t len);
/* The RGMII TX clock the SoC gives the MAC now, in Hz (0: none). */
uint32_t dwmac4_model_soc_txclk_hz(struct dwmac4_model *m);

/*
 * Brings the PHY's link down or up (a cable pulled or plugged); a change
 * of the link the MAC sees in band sets RGSMIIIS.
 */
void dwmac4_model_set_link(struct dwmac4_model *m, bool up);

/*
 * The link partner renegotiates to @p speed Mbit/s (10, 100, 1000) at
 * @p full duplex, as when its own advertisement changes: the link drops
 * (BMSR's link status latches low, the in-band link goes down) and comes
 * back in the new mode if the cable is in and the PHY advertises it, EEE
 * resolved for it. A MAC or an SoC TX clock still at the old speed loses
 * the frames (rx/tx_dropped_speed, soc_tx_dropped_clock). 0, or -EINVAL
 * for another speed.
 */
int dwmac4_model_set_partner(struct dwmac4_model *m, unsigned int speed,
			     bool full);

/*
 * The device's own view of what happened. Every receive-side frame taken
 * from the source ends in exactly one of rx_delivered, rx_missed,
 * rx_dropped_* (rx_offered is their sum once the model is idle).
 */
struct dwmac4_model_stats {
	uint64_t rx_offered;		/* frames taken from the traffic source */
	uint64_t rx_delivered;		/* frames written to host descriptors */
	uint64_t rx_delivered_err;	/* of those, written back with ES set */
	uint64_t rx_missed;		/* no armed descriptor (RBU) */
	uint64_t rx_dropped_filter;	/* MAC address filter */
	uint64_t rx_dropped_csum;	/* checksum error with DIS_TCP_EF clear */
	uint64_t rx_dropped_stopped;	/* link down, receiver or RX DMA off */
	uint64_t rx_dropped_oversize;	/* longer than DWMAC4_MODEL_MAX_FRAME */
	uint64_t rx_dropped_overflow;	/* MTL RX queue full or too small */
	uint64_t rx_dropped_speed;	/* MAC speed/duplex disagree with the PHY */
	/*
	 * Several MTL queues (docs/model.md "MTL"): routed to an RX queue
	 * whose MAC_RxQ_Ctrl0.RXQEN is 00; received while the MTL's RX
	 * configuration is unusable (viol_mtl_config).
	 */
	uint64_t rx_dropped_qdisabled;
	uint64_t rx_dropped_mtl_config;
	/* VLAN (docs/model.md "VLAN"): tagged frames the filter dropped (VTFE). */
	uint64_t rx_dropped_vlan;
	uint64_t rx_vlan_stripped;	/* tags removed on receive (EVLS) */
	uint64_t tx_vlan_inserted;	/* tags inserted on transmit (VTIR) */
	uint64_t tx_frames;		/* frames handed to the sink */
	uint64_t tx_bytes;
	uint64_t tx_dropped_speed;	/* sent garbled: MAC and PHY disagree */
	/*
	 * The SoC (params.soc): register accesses to a block held in reset
	 * or unclocked (answered 0, writes lost: silicon may instead hang
	 * the bus), and frames sent while the RGMII TX clock did not match
	 * the link speed (the partner never sees them).
	 */
	uint64_t soc_unclocked_accesses;
	uint64_t soc_tx_dropped_clock;
	uint64_t tx_fifo_stalls;	/* a frame larger than the TX queue: stuck */
	/* a TX DMA whose MTL TX queue is disabled (TXQEN 00) or absent: stuck */
	uint64_t tx_qdisabled_stalls;
	uint64_t tx_padded;		/* frames zero-padded to 60 bytes (CPC 0) */
	/* Transmit checksum offload (TDES3.CIC; docs/model.md). */
	uint64_t tx_csum_frames;	/* frames with CIC set, engine on (TSF) */
	uint64_t tx_csum_cut_through;	/* CIC set, TSF clear: sent unmodified */
	uint64_t tx_csum_hdr_err;	/* of tx_csum_frames, written back with IHE */
	uint64_t tx_csum_payload_err;	/* of tx_csum_frames, with PCE */
	uint64_t rx_rbsz_zero;		/* RX DMA starts with RBSZ 0 (see docs) */
	uint64_t violations;		/* total driver protocol violations */
	uint64_t viol_bad_reg;		/* unaligned / out-of-window register access */
	uint64_t viol_dma_outside;	/* DMA address outside registered memory */
	uint64_t viol_tail_beyond_ring;	/* tail pointer outside the ring */
	uint64_t viol_own_zero_addr;	/* OWN set on a descriptor with address 0 */
	uint64_t viol_bad_ring;		/* ring base/length unusable when DMA started */
	uint64_t viol_bad_desc;		/* TX descriptor sequence malformed */
	uint64_t viol_pbl_zero;		/* DMA started with a burst length of 0 */
	uint64_t viol_reset_running;	/* software reset with DMA or MAC running */
	uint64_t viol_base_running;	/* ring base written while its DMA runs */
	/*
	 * An RX descriptor the DMA still held rewritten by the driver: its
	 * buffer recycled before RPS read Stopped after SR was cleared.
	 */
	uint64_t viol_rx_reclaimed;
	/*
	 * The MTL programmed in a way the model refuses (RQS/TQS of the
	 * enabled queues beyond the FIFO, a queue mapped to a channel the
	 * core lacks, reserved RXQEN/SCHALG values, what it does not
	 * emulate): counted once per configuration when a frame meets it.
	 */
	uint64_t viol_mtl_config;
	/* Injected faults (struct dwmac4_model_faults), each one applied. */
	uint64_t rx_fault_err;		/* closed with an injected error */
	uint64_t rx_fault_csum_lie;	/* RDES1 verdict inverted */
	uint64_t rx_fault_len;		/* last descriptor's PL falsified */
	uint64_t rx_fault_cum_back;	/* a cumulative PL went backwards */
	uint64_t rx_fault_ld_no_fd;	/* first descriptor without FD */
	uint64_t rx_fault_fd_twice;	/* fragments without LD, frame again */
	uint64_t rx_fault_fcs_only;	/* frames resized to k * RBSZ */
	uint64_t rx_fault_stall;	/* engine stalls */
	uint64_t rx_fault_dup;		/* stale RDES3 on a re-armed descriptor */
	uint64_t rx_fault_skip;		/* owned descriptors skipped */
	uint64_t rx_fault_corrupt;	/* payload bytes flipped after RDES1 */
	/* Write-ordering adversary (params.fault_wo_ppm). */
	uint64_t rx_fault_wo;		/* frames written back with values held back */
	uint64_t rx_wo_published;	/* records published by a driver barrier */
	uint64_t rx_wo_drained;		/* records made visible by RX DMA stop/reset */
	uint64_t rx_wo_stale;		/* records dropped: slot re-armed, no barrier */
	uint64_t rx_wo_barriers;	/* dwmac4_model_rx_barrier() calls */
	/* Non-coherent interconnect (params.nc_emulation; model_nc.h). */
	uint64_t nc_clobbers;		/* device bytes lost under a dirty line */
	uint64_t nc_unclean_reads;	/* device reads of lines written, not cleaned */
	uint64_t nc_clean_lines;	/* lines the driver cleaned */
	uint64_t nc_civac_lines;	/* lines the driver cleaned and invalidated */
	uint64_t nc_early_prefetches;	/* prefetches of lines not invalidated */
	/*
	 * Frames sent whose descriptor the TX DMA could fetch while bytes of
	 * their buffer were not surely in DRAM (written and not cleaned, or
	 * cleaned with no completion barrier since): 0 for a correct driver.
	 */
	uint64_t nc_tx_stale;
	/* TX tail pointers written as base + N * stride (see docs/model.md) */
	uint64_t tx_tail_ring_end;
	/* Thread mode. */
	uint64_t thread_passes;		/* engine passes */
	uint64_t thread_rate_sleeps;	/* sleeps until a rate-limited frame */
	uint64_t thread_blocks;		/* waits for a register write: RX done */
	/* Interrupt lines (dwmac4_model_irq.c). */
	uint64_t irq_raised;		/* rises of a channel's line */
	uint64_t irq_lost;		/* rises its eventfd could not take */
	uint64_t irq_race_frames;	/* params.irq_race: frames put in the window */
	uint64_t irq_mac_raised;	/* rises of the MAC's line */
	uint64_t irq_unmask_fired;	/* irq_one_line: unmasks of a line still high */
	/* Control path. */
	uint64_t sw_resets;		/* software resets completed */
	uint64_t sw_resets_stuck;	/* SWR written without a receive clock */
	/*
	 * The timestamp unit (dwmac4_model_ptp.c): TSINIT, TSUPDT or
	 * TSADDREG written while TSENA is clear, which the suspended unit
	 * does not carry out.
	 */
	uint64_t ptp_cmds_ignored;
	/*
	 * RX context descriptors written with a frame's stamp, and stamps
	 * lost because the channel stopped before one was available.
	 */
	uint64_t rx_ctx_desc;
	uint64_t rx_ctx_lost;
	/*
	 * 802.3x flow control (dwmac4_model_fc.c): PAUSE frames received
	 * with RFE (the transmitter paused), control frames PCF kept from
	 * the host, PAUSE frames sent (XOFF and XON).
	 */
	uint64_t rx_pause_frames;
	uint64_t rx_control_filtered;
	uint64_t tx_pause_frames;
};
void dwmac4_model_get_stats(struct dwmac4_model *m,
			    struct dwmac4_model_stats *st);

/*
 * Fault injection of DMA channel @p chan (< params.n_channels): replaces
 * or reads its struct dwmac4_model_faults. Safe while the model runs (the
 * engine uses the new knobs from its next frame, the schedule keeps
 * numbering frames by rx_offered). The knobs act on the frames the
 * channel's RX DMA stores (those of the MTL queues mapped to it). 0, or
 * -EINVAL for
 * a bad channel, NULL, a rate above 1000000 or stall_ppm without
 * stall_polls.
 */
int dwmac4_model_set_faults(struct dwmac4_model *m, unsigned int chan,
			    const struct dwmac4_model_faults *f);
int dwmac4_model_get_faults(struct dwmac4_model *m, unsigned int chan,
			    struct dwmac4_model_faults *f);

/* Description of the most recent violation ("" when none). */
const char *dwmac4_model_last_violation(struct dwmac4_model *m);

/* True when the traffic source is exhausted and no frame is pending. */
bool dwmac4_model_rx_idle(struct dwmac4_model *m);

/* ---- Driver side: the read barrier (write-ordering adversary) ---- */

/*
 * The model's half of the driver's RX read barrier: a CPU barrier is no
 * bus transaction a device could see, so a driver running on the model
 * with params.fault_wo_ppm set calls this right after its read barrier (the
 * one between the OWN checks and the loads of the other descriptor words
 * and the buffers). Publishes, under the model lock, every RDES1 and
 * payload head the adversary held back, then returns. A no-op when the
 * adversary is off. Safe while the model thread runs.
 */
void dwmac4_model_rx_barrier(struct dwmac4_model *m);

/* ---- Driver side: cache maintenance (non-coherent interconnect) ---- */

/*
 * The model's half of the driver's data cache maintenance of [addr,
 * addr + len) (rounded out to 64-byte lines; @p op: model_nc.h's, every
 * family's): with params.nc_emulation a driver calls it right after its
 * own clean or clean+invalidate, as the interconnect would see the cache
 * operation, and after each completion barrier (MODEL_NC_FENCE, addr and
 * len ignored). A no-op when the emulation is off. Safe while the model
 * thread runs.
 */
void dwmac4_model_cache_op(struct dwmac4_model *m, const void *addr,
			   size_t len, enum model_nc_op op);

#ifdef __cplusplus
}
#endif

#endif /* SOCRX_DWMAC4_MODEL_H */
