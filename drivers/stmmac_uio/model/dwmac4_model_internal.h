/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Private state of the dwmac4 device model, shared by its parts
 * (dwmac4_model*.c: register window, reset, DMA channels' control path,
 * PHY, MTL, engines, thread); the DMA side's accesses to host memory are
 * declared in dwmac4_model_dma.h.
 *
 * Concurrency (the QEMU npcm_gmac layout: registers as an array, engines
 * reading them), with two threads: the driver's, which calls read32/write32,
 * and the model's, which runs the engines.
 *   - Every register word is accessed with __atomic loads and stores, so a
 *     register the other side changes is never torn or cached.
 *   - The control path (soft reset, DMA start/stop, DMA window changes)
 *     takes `lock`. The engines take it around ONE frame at a time, so a
 *     control write waits at most for one frame, never for a batch.
 *   - The hot path is lock-free: a tail-pointer write stores the new tail
 *     index and bumps `tail_seq` (release); the engine compares `tail_seq`
 *     with the value it saw when it suspended, so a doorbell rung while the
 *     engine was deciding to suspend is never lost.
 *   - Statistics are updated with relaxed atomic increments from both
 *     threads.
 */
#ifndef SOCRX_DWMAC4_MODEL_INTERNAL_H
#define SOCRX_DWMAC4_MODEL_INTERNAL_H

#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "dwmac4_desc.h"
#include "dwmac4_model.h"
#include "dwmac4_model_wo.h"
#include "dwmac4_regs.h"
#include "model_fault.h"
#include "model_dev.h"
#include "model_efd.h"
#include "model_iommu.h"
#include "model_nc.h"
#include "model_phy.h"
#include "model_thread.h"

/* Number of 32-bit registers in the window. */
#define MODEL_NREGS (DWMAC4_MODEL_REG_WINDOW / 4u)
_Static_assert(DWMAC4_MODEL_MAX_DMA_REGIONS == MODEL_IOMMU_MAX_REGIONS,
	       "the DMA window is the shared model library's");
/* Room for the last_violation text. */
#define MODEL_VIOL_MSG_LEN 160u
/*
 * Extra engine iterations allowed per step beyond the frame budget: a TX
 * engine may skip malformed descriptors (no frame moved), at most one ring.
 */
#define MODEL_STEP_SLACK 2048u
/* Descriptor write-backs the RX engine may hold back (wb_batch). */
#define MODEL_WB_MAX 256u
/*
 * RBSZ limits of docs/model.md: 64 to 16380, a multiple of the bus width
 * (the field's low bits read zero).
 */
#define MODEL_RBSZ_MIN 64u
#define MODEL_RBSZ_MAX 16380u

/* Kinds of driver protocol violation, one counter each. */
enum model_viol {
	MODEL_VIOL_BAD_REG = 0,
	MODEL_VIOL_DMA_OUTSIDE,
	MODEL_VIOL_TAIL_BEYOND_RING,
	MODEL_VIOL_OWN_ZERO_ADDR,
	MODEL_VIOL_BAD_RING,
	MODEL_VIOL_BAD_DESC,
	MODEL_VIOL_PBL_ZERO,
	MODEL_VIOL_RESET_RUNNING,
	MODEL_VIOL_BASE_RUNNING,
	MODEL_VIOL_RX_RECLAIMED,
	MODEL_VIOL_MTL_CONFIG,
};

/*
 * One descriptor ring as a DMA engine sees it. Fields marked (c) change only
 * on the control path, under the lock, while the engine is stopped; the
 * hot-path tail write reads them without the lock, hence atomics.
 */
struct model_ring {
	bool running;		/* (c) SR / ST accepted */
	uint64_t base;		/* (c) ring IOVA captured at start */
	uint32_t n;		/* (c) descriptors, 1..1024 */
	uint32_t stride;	/* (c) bytes per descriptor: 16 + DSL * bus width */
	uint32_t rbsz;		/* (c) RX buffer size captured at start */
	bool rbsz_zero;		/* (c) RBSZ was 0: rbsz is the largest */
	bool tail_written;	/* tail written since reset / stop */
	uint32_t tail;		/* tail index, 0..n (driver thread) */
	uint32_t tail_seq;	/* bumped on every accepted tail write */
	/* Engine-owned (model thread, under the lock). */
	uint32_t cur;		/* next descriptor index, 0..n-1 */
	bool suspended;
	/*
	 * RX: SR was cleared with a frame in transfer; the engine finishes
	 * it (RPS reads Running) and stops then (model_rx_stopped()).
	 */
	bool stopping;
	uint32_t susp_seq;	/* tail_seq seen when suspending */
	/*
	 * TX, non-coherent emulation: host address of the ring (0: stopped
	 * or not in one mapping), read lock-free by the cache hook; and the
	 * slots whose descriptor the DMA prefetched (model_tx_prefetch())
	 * while its payload could still be stale in DRAM (under the lock).
	 */
	uintptr_t va;
	uint64_t stale[(DWMAC4_DMA_RING_LEN_MASK + 1u) / 64u];
};

/*
 * What the MAC found and decided for a received frame, which goes with it
 * through the MTL RX queue (dwmac4_model_mtl.c) to the DMA that stores it.
 */
struct model_rx_meta {
	uint32_t len;		/* bytes to store, FCS included unless stripped */
	uint32_t rdes1;		/* checksum and PTP status for the last descriptor */
	bool rs1v;
	uint32_t rdes0;		/* the outer VLAN tag (EVLRXS) with RS0V */
	bool rs0v;
	/* With RDES1_TIMESTAMP_AVAILABLE: the stamp, for the context descriptor. */
	uint32_t ts_sec, ts_sub;
	uint64_t seq;		/* its number: rx_offered when taken */
	/* Fault plan of this frame (dwmac4_model_faults.c). */
	uint32_t flt;		/* MODEL_FLT_* bits still to apply */
	uint32_t flt_desc;	/* cum_back: lying descriptor; fd_twice: fragment length */
	uint64_t flt_r;		/* random bits of the plan */
};

/* The received frame the RX engine is working on. */
struct model_rx_frame {
	bool active;
	bool held;		/* a filled descriptor awaits its write-back */
	uint32_t held_idx;
	uint32_t done;		/* bytes stored so far */
	uint32_t ndesc;		/* descriptors written back so far */
	bool ctx_due;		/* closed; its context descriptor not yet written */
	bool ioc;		/* a descriptor it used asked for RI */
	uint32_t fifo_bytes;	/* bytes it still holds in the MTL queue */
	uint8_t q;		/* the MTL RX queue it was routed to */
	uint8_t ch;		/* the DMA channel storing it (rxf[ch]) */
	struct model_rx_meta meta;
	uint8_t data[DWMAC4_MODEL_MAX_FRAME + 16];
};

/*
 * Fault state of the RX engine that outlives a frame (dwmac4_model_faults.c),
 * engine-owned (lock held).
 */
#define MODEL_FAULT_DUP_MAX 16u	/* stale RDES3 words waiting at once */

struct model_fault_state {
	uint32_t stall_left;	/* engine polls still to stall */
	unsigned int dup_n;	/* stale RDES3 words waiting, oldest first: */
	struct {
		uint32_t idx;	/* slot of the channel's ring */
		uint32_t des3;	/* the status word written the first time */
	} dup[MODEL_FAULT_DUP_MAX];
};

/*
 * The MTL RX queue (dwmac4_model_mtl.c): frames the MAC received and the
 * DMA has not taken yet, their bytes in a ring of the queue's size.
 */
#define MODEL_MTL_RXQ_FRAMES	1024u
struct model_mtl_rxq {
	struct {
		uint32_t off;		/* first byte in buf */
		struct model_rx_meta meta;
	} ent[MODEL_MTL_RXQ_FRAMES];
	uint32_t head, tail;		/* free-running entry indices */
	uint32_t bytes;			/* held */
	uint32_t wr;			/* next byte offset in buf */
	uint8_t buf[DWMAC4_MODEL_FIFO_BYTES];
};

#define MODEL_IRQ_RACE_WRITES	16

/*
 * What the MAC's RX classification and the MTL's queues and schedulers
 * were programmed to, decoded from MAC_RxQ_Ctrl0..3, MTL_Operation_Mode,
 * MTL_RxQ_DMA_Map0/1 and the queues' operation mode, control and weight
 * registers (dwmac4_model_rxq_route.c). Rebuilt by the engine (lock held)
 * after any of them was written (dwmac4_model.route_dirty).
 */
#define MODEL_ROUTE_NONE	0xffu
struct model_route {
	bool multi;		/* params.mtl_queues > 1: classification runs */
	bool rx_ok, tx_ok;	/* usable; else why (violation, once) */
	bool rx_viol_due, tx_viol_due;
	const char *rx_why, *tx_why;
	uint8_t rxqen[DWMAC4_MODEL_MAX_MTL_QUEUES];	/* RXQEN per queue */
	uint8_t q2ch[DWMAC4_MODEL_MAX_MTL_QUEUES];	/* QxMDMACH */
	uint8_t ch_queues[DWMAC4_MODEL_MAX_CHANNELS];	/* enabled queues, bitmap */
	uint8_t pcp_q[8];	/* PSRQ: queue of each VLAN priority, or NONE */
	uint8_t pcp_dup;	/* priorities two queues claim */
	uint8_t txq_on;		/* TXQEN != 00, bitmap */
	uint32_t ctrl1;		/* MAC_RxQ_Ctrl1 */
	uint32_t schalg;	/* MTL_Operation_Mode.SCHALG */
	uint32_t rxq_size[DWMAC4_MODEL_MAX_MTL_QUEUES];	/* bytes (RQS) */
	uint32_t txq_size[DWMAC4_MODEL_MAX_MTL_QUEUES];	/* bytes (TQS) */
	uint32_t weight[DWMAC4_MODEL_MAX_MTL_QUEUES];	/* ISCQW (WRR) */
};

struct dwmac4_model {
	uint32_t regs[MODEL_NREGS];
	/*
	 * The clear-on-read miss counters, DMA_CHAN_MISS_FRAME_CNT of each
	 * channel and MTL_RxQ0_Missed_Packet_Overflow_Cnt (model_cor_reg()),
	 * on a line of their own: a driver's read, an exchange, would
	 * otherwise take the line of the registers beside them, which the
	 * engine reads for every frame.
	 */
	union {
		struct {
			uint32_t mtl_rx[DWMAC4_MODEL_MAX_MTL_QUEUES];
			uint32_t chan[DWMAC4_MODEL_MAX_CHANNELS];
		};
		uint8_t line[64];
	} __attribute__((aligned(64))) cor;
	uint32_t reset_val[MODEL_NREGS];	/* reset table */
	struct dwmac4_model_params params;

	pthread_mutex_t lock;			/* control path, see above */

	/* The PHY and its partner (the models' shared model_phy.h). */
	struct model_phy phy;
	bool reset_pending;			/* SWR waits for the receive clock (lock) */
	unsigned int link_ev_next;		/* params.link_events: engine only */
	/* The link the MAC last saw in band (RGSMIIIS on a change); atomic. */
	bool inband_link;

	/* DMA window (the shared model library's IOMMU); changed under the lock. */
	struct model_iommu dma;

	struct model_ring rx[DWMAC4_MODEL_MAX_CHANNELS];
	struct model_ring tx[DWMAC4_MODEL_MAX_CHANNELS];
	/* The frame each channel's RX DMA is storing. */
	struct model_rx_frame rxf[DWMAC4_MODEL_MAX_CHANNELS];
	/* MAC side: a frame received, waiting for room in its MTL queue. */
	struct model_rx_frame macf;
	bool macf_pending;
	struct model_mtl_rxq mtl_rxq[DWMAC4_MODEL_MAX_MTL_QUEUES];
	/*
	 * 802.3x flow control (dwmac4_model_fc.c), under the lock: the
	 * transmitter paused until (0: not), each RX queue's XOFF sent, the
	 * frames the partner still sends after an XOFF (the one on its way).
	 */
	struct {
		uint64_t tx_pause_until_ns;
		bool xoff[DWMAC4_MODEL_MAX_MTL_QUEUES];
		unsigned int grace;
	} fc;
	/* TX engine of each channel stuck at a frame: counted once. */
	bool tx_stalled[DWMAC4_MODEL_MAX_CHANNELS];
	bool tx_qoff[DWMAC4_MODEL_MAX_CHANNELS];
	/* RX classification and MTL scheduling (dwmac4_model_rxq_route.c). */
	struct model_route route;
	bool route_dirty;			/* atomic: rebuild before use */
	unsigned int rx_turn;			/* RX DMA channel to try first */
	unsigned int wrr_q;			/* WRR: queue being served */
	uint32_t wrr_left;			/* frames it may still send */
	/*
	 * The RX watchdog: when it expires (model time, ns), 0 when stopped
	 * (atomic: the thread reads it to time its sleep); and the manual
	 * clock's time (params.manual_clock).
	 */
	uint64_t rwt_deadline_ns[DWMAC4_MODEL_MAX_CHANNELS];
	uint64_t manual_now_ns;			/* atomic */
	/* Interrupt lines (dwmac4_model_irq.c). */
	struct model_efds efds;			/* misc: the MAC's line */
	struct {
		bool line;			/* atomic: high */
	} irq[DWMAC4_MODEL_MAX_CHANNELS];
	struct {
		bool line;			/* atomic: high */
	} mac_irq;				/* the MAC's line (sbd_intr) */
	/* irq_race: interrupt writes held back, in order (under the lock) */
	struct {
		uint32_t off, val;
	} irq_race_q[MODEL_IRQ_RACE_WRITES];
	unsigned int irq_race_n;		/* atomic reads outside the lock */
	bool irq_race_armed;			/* the next enable sequence is held */
	bool irq_race_open;			/* under the lock: one frame may enter */
	/* Fault knobs per channel (set under the lock) and engine state. */
	struct dwmac4_model_faults faults[DWMAC4_MODEL_MAX_CHANNELS];
	struct model_fault_state flt[DWMAC4_MODEL_MAX_CHANNELS];
	/* RX write-backs held back to be published together (wb_batch). */
	struct {
		uint32_t ch;
		uint32_t idx;
		uint32_t des3;
	} wb[MODEL_WB_MAX];
	unsigned int wb_n;			/* descriptors held */
	unsigned int wb_frames;			/* frames they complete */
	bool src_done;				/* atomic: source exhausted */
	uint8_t txbuf[DWMAC4_MODEL_MAX_FRAME];

	/*
	 * The timestamp unit (dwmac4_model_ptp.c), under the lock: the
	 * system time (seconds, and the sub-second field in ns or 2^-31 s
	 * units) at model time anchor_ns, the addend TSADDREG latched and
	 * the accumulator's value then.
	 */
	struct {
		uint64_t sec;
		uint64_t sub;
		uint64_t anchor_ns;
		uint32_t addend;
		uint32_t acc;
	} ptp;

	struct dwmac4_model_stats stats;	/* atomic increments */
	struct model_nc_counters nc;		/* params.nc_emulation */
	struct model_wo wo;			/* write-ordering adversary */
	pthread_mutex_t viol_lock;
	char last_viol[MODEL_VIOL_MSG_LEN];

	struct model_thread thr;		/* thread mode */

	/* The SoC around the GMAC (params.soc, dwmac4_model_soc.c). */
	uint32_t soc_regs[DWMAC4_MODEL_SOC_MAPS][DWMAC4_MODEL_SOC_PAGE / 4];
	bool soc_held;			/* atomic: reset asserted */
};

/* ---- 802.3x flow control (dwmac4_model_fc.c) ---- */

/* What the MAC does with a received frame as flow control sees it. */
enum model_fc_rx {
	MODEL_FC_FILTER = 0,	/* through the address filter, as any frame */
	MODEL_FC_PASS,		/* a control frame PCF forwards: to the host */
	MODEL_FC_CONSUMED,	/* a control frame the MAC keeps (counted) */
};
/*
 * Received frame @p p of @p n bytes: a PAUSE frame pauses the transmitter
 * (RFE); PCF decides whether a control frame reaches the host. Lock held.
 */
enum model_fc_rx model_fc_rx(struct dwmac4_model *m, const uint8_t *p,
			     uint32_t n);
/* The transmitter paused by a received PAUSE frame now. Lock held. */
bool model_fc_tx_paused(struct dwmac4_model *m);
/*
 * XOFF / XON as the MTL RX queues' fill crosses RFA / RFD (TFE, EHFC),
 * the PAUSE frames sent; whether the partner holds its frames now (after
 * the one on its way when the XOFF left). Lock held.
 */
bool model_fc_peer_holds(struct dwmac4_model *m);
void model_fc_reset(struct dwmac4_model *m);

/* ---- The timestamp unit (dwmac4_model_ptp.c) ---- */

/* A read of PTP_STSR or PTP_STNSR (@p off): the live time. */
uint32_t model_ptp_read(struct dwmac4_model *m, uint32_t off);
/* PTP_TCR, PTP_SSIR and PTP_TAR writes; false for any other register. */
bool model_ptp_write(struct dwmac4_model *m, uint32_t off, uint32_t val);
/* The unit at its reset: time 0, nothing latched. Lock held. */
void model_ptp_reset(struct dwmac4_model *m);
/*
 * The time now into *@p sec, *@p sub for a frame's stamp; false while
 * TSENA is clear (nothing is stamped). Lock held.
 */
bool model_ptp_stamp(struct dwmac4_model *m, uint32_t *sec, uint32_t *sub);
/*
 * dwmac4_model_ptp_rx.c: RDES1's PTP bits for received frame @p p of
 * @p n bytes under MAC_Timestamp_Control (PMT, PFT, PV for a PTP message
 * it recognises; TSA with the stamp in *@p sec, *@p sub when it takes
 * one), 0 for neither. Lock held.
 */
uint32_t model_ptp_rx_status(struct dwmac4_model *m, const uint8_t *p,
			     uint32_t n, uint32_t *sec, uint32_t *sub);

/* ---- VLAN filter, stripping and insertion (dwmac4_model_vlan.c) ---- */
unsigned int model_vlan_hash_bin(uint16_t vid);
bool model_vlan_rx_filter(struct dwmac4_model *m, const uint8_t *p,
			  uint32_t n, bool *hit);
void model_vlan_rx_strip(struct dwmac4_model *m, struct model_rx_frame *f,
			 bool hit);
uint32_t model_vlan_tx(struct dwmac4_model *m, uint32_t len, uint32_t des2,
		       int32_t ctx_tag);

/* ---- The SoC around the GMAC (dwmac4_model_soc.c) ---- */

/* The clocks the SoC gives the block now (CLOCKS_ON without an SoC). */
enum dwmac4_model_clocks model_soc_clocks(struct dwmac4_model *m);
/* Whether the SoC's RGMII TX clock matches the PHY's speed (no SoC: yes). */
bool model_soc_txclk_ok(struct dwmac4_model *m);
/* The SoC's blocks in their state at power-up (params.soc_boot). */
void model_soc_init(struct dwmac4_model *m);

/* The clocks the block has: the board's (params.clocks), then the SoC's. */
static inline enum dwmac4_model_clocks
model_clocks(struct dwmac4_model *m)
{
	return m->params.clocks != DWMAC4_MODEL_CLOCKS_ON ? m->params.clocks :
	       model_soc_clocks(m);
}

/* ---- Register helpers ---- */

/* The storage of a clear-on-read miss counter at @p off, else NULL. */
static inline uint32_t *
model_cor_reg(struct dwmac4_model *m, uint32_t off)
{
	unsigned int ch;

	for (ch = 0; ch < m->params.mtl_queues; ch++)
		if (off == DWMAC4_MTL_CHAN_RX_MISSED_PKT_OVF_CNT(ch))
			return &m->cor.mtl_rx[ch];
	for (ch = 0; ch < m->params.n_channels; ch++)
		if (off == DMA_CHAN_MISS_FRAME_CNT(ch))
			return &m->cor.chan[ch];
	return NULL;
}

static inline uint32_t
model_reg_get(struct dwmac4_model *m, uint32_t off)
{
	return __atomic_load_n(&m->regs[off / 4u], __ATOMIC_ACQUIRE);
}

static inline void
model_reg_set(struct dwmac4_model *m, uint32_t off, uint32_t val)
{
	__atomic_store_n(&m->regs[off / 4u], val, __ATOMIC_RELEASE);
}

/* ---- PHY and link (dwmac4_model_phy.c) ---- */

void model_mdio_transfer(struct dwmac4_model *m, uint32_t addr);
/* Link up: cable in (set_link) and auto-negotiation agreed (or no PHY). */
bool model_link_up(struct dwmac4_model *m);
/* MAC_Configuration PS/FES/DM match what the PHY negotiated. */
bool model_mac_speed_ok(struct dwmac4_model *m);
/* After anything that may move the link: RGSMIIIS when it moved. */
void model_link_eval(struct dwmac4_model *m);
/* The partner's mode now, MODEL_PARTNER(speed, full) (atomic load). */
uint32_t model_partner_mode(const struct dwmac4_model *m);
unsigned int model_partner_speed(const struct dwmac4_model *m);
/*
 * The cable pulled or plugged (dwmac4_model_set_link(), without the kick):
 * auto-negotiation runs again and a reset waiting for the receive clock
 * retries. Lock held.
 */
void model_cable_set(struct dwmac4_model *m, bool up);
/* params.link_events: known modes, frames strictly increasing. */
bool model_link_events_valid(const struct dwmac4_model_params *p);
/*
 * Renegotiation to MODEL_PARTNER(speed, full) (dwmac4_model_set_partner(),
 * model_link_events=): the link drops and comes back in the new mode, EEE
 * resolved for it, a reset waiting for the receive clock retried. Lock held.
 */
void model_phy_renegotiate(struct dwmac4_model *m, uint32_t partner);
/*
 * The engine took frame number @p seq from the source: the link events
 * of params.link_events due by then happen (model_link_events=).
 */
void model_link_events_run(struct dwmac4_model *m, uint64_t seq);
/* MAC_PHYIF_Control_Status as read: the in-band link; clears RGSMIIIS. */
uint32_t model_phyif_read(struct dwmac4_model *m);

/* ---- Reset (dwmac4_model_reset.c) ---- */

/* Every register's reset value (reset_val) for the params. */
void model_build_reset_table(struct dwmac4_model *m);
/* MAC address 0 as the boot loader left it (params.mac). */
void model_boot_mac(struct dwmac4_model *m);
/* params.boot_running: MAC and DMA channel 0 as a previous owner left them. */
void model_boot_running(struct dwmac4_model *m);
/* DMA_BUS_MODE.SWR written (it waits for the clocks it needs). Lock held. */
void model_soft_reset(struct dwmac4_model *m);
/* The block's hardware reset, as its reset line does it. Lock held. */
void model_core_reset(struct dwmac4_model *m);
/* A software reset that waits for the receive clock completes if it runs. */
void model_reset_retry(struct dwmac4_model *m);

/* ---- MMC counters (dwmac4_model_mmc.c) ---- */

/* After a software reset: the counters at 0, or preset (params.mmc_preset). */
void model_mmc_reset(struct dwmac4_model *m);
/* Adds @p n to the counter at @p off (engines, lock held). */
void model_mmc_add(struct dwmac4_model *m, uint32_t off, uint32_t n);
/* A driver read of @p off when it is an MMC register; false otherwise. */
bool model_mmc_read(struct dwmac4_model *m, uint32_t off, uint32_t *val);
/* A driver write of @p off when it is an MMC register; false otherwise. */
bool model_mmc_write(struct dwmac4_model *m, uint32_t off, uint32_t val);
/* MAC_Interrupt_Status's MMC bits now (unmasked interrupts pending). */
uint32_t model_mmc_int_status(struct dwmac4_model *m);

/* ---- MTL queues (dwmac4_model_mtl.c) ---- */

/* Bytes of RX / TX queue @p q (RQS / TQS, the whole FIFO with one queue). */
uint32_t model_mtl_rxq_size(struct dwmac4_model *m, unsigned int q);
uint32_t model_mtl_txq_size(struct dwmac4_model *m, unsigned int q);
/* Queues the MAC's frame @p f in queue f->q; false when it has no room. */
bool model_mtl_rx_push(struct dwmac4_model *m, const struct model_rx_frame *f);
/* Takes queue @p q's oldest frame into @p f; false when empty. */
bool model_mtl_rx_pop(struct dwmac4_model *m, unsigned int q,
		      struct model_rx_frame *f);
bool model_mtl_rxq_empty(const struct dwmac4_model *m, unsigned int q);
/* Every RX queue empty. */
bool model_mtl_rx_empty(const struct dwmac4_model *m);
/* MTL_RxQ_Debug(@p q): frames waiting (PRXQ) and fill level (RXQSTS). */
uint32_t model_mtl_rx_debug(struct dwmac4_model *m, unsigned int q);
/*
 * The DMA has started storing @p f (or dropped it): its bytes leave the
 * MTL queue. Until then a frame the DMA took waits there, holding room.
 */
void model_mtl_rx_release(struct dwmac4_model *m, struct model_rx_frame *f);
/* Drops every queued frame (reset), counted as stopped. */
void model_mtl_rx_flush(struct dwmac4_model *m);
/*
 * A frame dropped at queue @p q: counter and the queue's
 * MTL_RxQ_Missed_Packet_Overflow_Cnt.
 */
void model_mtl_rx_overflow(struct dwmac4_model *m, unsigned int q);

/* ---- RX classification, queue maps, schedulers (dwmac4_model_rxq_route.c) ---- */

/* The registers it decodes: true for an offset whose write dirties it. */
bool model_route_reg(uint32_t off);
/* The decoded configuration, rebuilt if a register changed. Lock held. */
struct model_route *model_route_get(struct dwmac4_model *m);
/*
 * The MTL RX queue the MAC routes frame @p p (@p len bytes, FCS not
 * included) to, or MODEL_ROUTE_NONE when that queue is disabled (dropped
 * and counted). Several queues only.
 */
unsigned int model_rx_classify(struct dwmac4_model *m,
			       struct model_route *rt,
			       const uint8_t *p, uint32_t len);
/*
 * The queue channel @p ch's RX DMA takes its next frame from (RAA among
 * the queues mapped to it), or MODEL_ROUTE_NONE when all are empty.
 */
unsigned int model_rx_pick(struct dwmac4_model *m, unsigned int ch);
/* One pass of the MTL TX scheduler over every channel. Lock taken. */
unsigned int model_tx_sched(struct dwmac4_model *m, unsigned int budget,
			    bool *progress);
/* Reset values of the MTL queue registers for params.mtl_queues. */
void model_mtl_reset_table(struct dwmac4_model *m);
/* Value a driver write leaves in an MTL operation mode register. */
uint32_t model_mtl_op_mode_write(struct dwmac4_model *m, uint32_t off,
				 uint32_t val);

/* ---- Time and the RX watchdog (dwmac4_model.c) ---- */

/* The model's time in ns (CLOCK_MONOTONIC, or the manual clock). */
uint64_t model_now_ns(struct dwmac4_model *m);
/* A frame closed without IOC: starts channel @p ch's RX watchdog (lock held). */
void model_rwt_start(struct dwmac4_model *m, unsigned int ch);

/* ---- DMA channels' control path (dwmac4_model_chan.c) ---- */

/* Sets status bits of channel @p ch with the NIS/AIS summaries. */
void model_chan_status_set(struct dwmac4_model *m, unsigned int ch,
			   uint32_t bits);
/* Stops ring @p r's engine (RX: its frame in flight is lost). Lock held. */
void model_ring_stop(struct dwmac4_model *m, struct model_ring *r);
/* The RX engine of channel @p ch finished its frame after SR was cleared. */
void model_rx_stopped(struct dwmac4_model *m, unsigned int ch);
/* A channel register write; false when it is not one with side effects. */
bool model_chan_write(struct dwmac4_model *m, uint32_t off, uint32_t val);

/* ---- Driver protocol violations (dwmac4_model_viol.c) ---- */

/* Counts a violation of @p kind and records its description. */
void model_violation(struct dwmac4_model *m, enum model_viol kind,
		     const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/*
 * Engine counters: written only with m->lock held (one writer at a time),
 * read lock-free by dwmac4_model_get_stats(). A relaxed load and store,
 * not a locked read-modify-write: on x86 a locked instruction waits for
 * the descriptor write-back stores before it to drain, which made the
 * counter the engine's most expensive instruction.
 */
#define MODEL_STAT_ADD(m, field, n)					\
	__atomic_store_n(&(m)->stats.field,				\
			 __atomic_load_n(&(m)->stats.field, __ATOMIC_RELAXED) + \
			 (uint64_t)(n), __ATOMIC_RELAXED)
/* Counters that may be bumped without the lock (violations). */
#define MODEL_STAT_ADD_ATOMIC(m, field, n)				\
	__atomic_fetch_add(&(m)->stats.field, (uint64_t)(n), __ATOMIC_RELAXED)

/* ---- Fault injection (dwmac4_model_faults.c) ---- */

/*
 * Knob numbers mixed into the schedule hash. Fixed values: a seed replays
 * the same schedule whatever knobs are added later.
 */
enum model_fault_knob {
	MODEL_FAULT_KNOB_ERR = 1,
	MODEL_FAULT_KNOB_CSUM_LIE = 2,
	MODEL_FAULT_KNOB_LEN = 3,
	MODEL_FAULT_KNOB_CUM_BACK = 4,
	MODEL_FAULT_KNOB_LD_NO_FD = 5,
	MODEL_FAULT_KNOB_FD_TWICE = 6,
	MODEL_FAULT_KNOB_FCS_ONLY = 7,
	MODEL_FAULT_KNOB_STALL = 8,
	MODEL_FAULT_KNOB_DUP = 9,
	MODEL_FAULT_KNOB_SKIP = 10,
	MODEL_FAULT_KNOB_CORRUPT = 11,
	MODEL_FAULT_KNOB_WO = 12,	/* params.fault_wo_ppm (dwmac4_model_wo.c) */
};

/*
 * Random value for knob @p knob on frame number @p frame (rx_offered,
 * 1-based) of the receiving channel, under its seed (the shared model
 * library's schedule, model_fault.h).
 */
static inline uint64_t
fault_rand(const struct dwmac4_model *m, unsigned int ch, uint64_t frame,
	   unsigned int knob)
{
	return model_fault_rand(m->faults[ch].seed, frame, knob);
}

/* True when a knob of rate @p ppm (per million) hits, given fault_rand(). */
static inline bool
fault_hit(uint32_t ppm, uint64_t r)
{
	return model_fault_hit(ppm, r);
}

/* True when every rate is <= 1000000 and stall_ppm has stall_polls. */
bool model_faults_valid(const struct dwmac4_model_faults *f);

uint32_t model_fault_rx_plan(struct dwmac4_model *m, struct model_rx_frame *f,
			     uint32_t len);
void model_fault_rx_ready(struct dwmac4_model *m, struct model_rx_frame *f);
void model_fault_rx_skip(struct dwmac4_model *m, struct model_rx_frame *f);
bool model_fault_rx_cut(struct dwmac4_model *m, const struct model_rx_frame *f);
void model_fault_rx_restart(struct dwmac4_model *m, struct model_rx_frame *f);
uint32_t model_fault_rx_des3(struct dwmac4_model *m, struct model_rx_frame *f,
			     bool last, uint32_t des3);
uint32_t model_fault_rx_last(struct dwmac4_model *m, struct model_rx_frame *f);
bool model_fault_rx_stalled(struct dwmac4_model *m, unsigned int ch);
void model_fault_rx_reset(struct dwmac4_model *m, unsigned int ch);

/* One frame's worth of RX / TX work; caller holds the lock. */
enum model_work {
	MODEL_WORK_NONE = 0,	/* nothing to do (or waiting) */
	MODEL_WORK_FRAME,	/* a frame was moved (delivered/missed/dropped/sent) */
	MODEL_WORK_OTHER,	/* progress without a frame (descriptor skipped) */
};
enum model_work model_rx_work(struct dwmac4_model *m);
/* One frame's worth of channel @p ch's RX DMA. */
enum model_work model_rx_dma(struct dwmac4_model *m, unsigned int ch);
/* The MAC's receive side: one frame from the wire (dwmac4_model_mac.c). */
enum model_work model_mac_rx(struct dwmac4_model *m);
enum model_work model_tx_work(struct dwmac4_model *m, unsigned int ch);
/*
 * The transmit checksum offload engine (dwmac4_model_txcoe.c): inserts
 * what TDES3.CIC @p cic asks into the gathered frame; returns the
 * write-back status bits for its last descriptor (IHE/PCE with ES, or 0).
 */
uint32_t model_tx_coe(struct dwmac4_model *m, unsigned int q, uint8_t *frame,
		      uint32_t len, uint32_t cic);

/* Abandons channel @p ch's RX frame in flight (reset / RX stop). Lock held. */
void model_rx_abort(struct dwmac4_model *m, unsigned int ch);
/* Publishes the RX write-backs held back for coalescing. Lock held. */
void model_rx_wb_flush(struct dwmac4_model *m);

/* ---- Interrupt lines (dwmac4_model_irq.c) ---- */

/* Re-evaluates channel @p ch's line after a status or enable change. */
void model_irq_eval(struct dwmac4_model *m, unsigned int ch);
/*
 * A driver write of DMA_CHAN_INTR_ENA(@p ch) or DMA_CHAN_STATUS(@p ch)
 * (write 1 to clear) at @p off.
 */
void model_irq_chan_write(struct dwmac4_model *m, unsigned int ch,
			  uint32_t off, uint32_t val);
/* The MAC's line again after MAC_Interrupt_Status or _Enable changed. */
void model_mac_irq_eval(struct dwmac4_model *m);
/* irq_race: whether the MAC may not take a frame from the wire now. */
bool model_irq_rx_gated(const struct dwmac4_model *m);
/* irq_race: one frame, then the held RIE write (thread, under the lock). */
void model_irq_race_pass(struct dwmac4_model *m);

#endif /* SOCRX_DWMAC4_MODEL_INTERNAL_H */
