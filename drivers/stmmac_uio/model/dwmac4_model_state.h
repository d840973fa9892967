/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The dwmac4 device model's state: its limits, the structs of its rings,
 * frames, MTL queues and routing, struct dwmac4_model itself, and the
 * accessors of its register words and counters. The units' functions
 * over it are declared in dwmac4_model_internal.h.
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
#ifndef SOCRX_DWMAC4_MODEL_STATE_H
#define SOCRX_DWMAC4_MODEL_STATE_H

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

#endif /* SOCRX_DWMAC4_MODEL_STATE_H */
