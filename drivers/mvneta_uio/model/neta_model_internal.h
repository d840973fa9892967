/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Internal to the neta model: its state and the calls between its files
 * (neta_model.c: life cycle, engines' loop, harness side;
 * neta_model_regs.c: the register window, neta_model_mib.c its MIB
 * counters; neta_model_rx.c: the RX engine;
 * neta_model_parse.c: the RX parser's status bits; neta_model_tx.c: the
 * TX engine; neta_model_dma.c: DMA through the IOMMU and the non-coherent
 * interconnect).
 *
 * Locking: one mutex serialises register accesses and engine passes;
 * statistics are written under it and read with relaxed atomic loads.
 */
#ifndef SOCRX_NETA_MODEL_INTERNAL_H
#define SOCRX_NETA_MODEL_INTERNAL_H

#include <endian.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>

#include "model_dev.h"
#include "model_efd.h"
#include "model_iommu.h"
#include "model_nc.h"
#include "model_phy.h"
#include "model_thread.h"
#include "mvneta_a3700.h"
#include "mvneta_desc.h"
#include "mvneta_hw.h"
#include "mvneta_mbus.h"
#include "mvneta_mib.h"
#include "mvneta_regs.h"
#include "mvneta_sdma.h"
#include "mvneta_smi.h"
#include "neta_model.h"

_Static_assert(NETA_MODEL_REG_WINDOW == MVNETA_REG_WINDOW_SIZE,
	       "the register window is the hardware's");
_Static_assert(NETA_MODEL_MAX_DMA_REGIONS == MODEL_IOMMU_MAX_REGIONS,
	       "the DMA window is the shared model library's");

#define NETA_NREGS		(NETA_MODEL_REG_WINDOW / 4u)
/* irq_race: interrupt writes held back per enable sequence, at most. */
#define NETA_IRQ_RACE_WRITES	8u
#define NETA_VIOL_MSG_LEN	160u
/* Fault knobs, numbered for model_fault_rand() (never renumbered). */
enum neta_knob {
	NETA_KNOB_ERR = 1,
	NETA_KNOB_LEN,
	NETA_KNOB_CSUM_LIE,
	NETA_KNOB_WB_LATE,
};

/* Kinds of driver protocol violation, one counter each. */
enum neta_viol {
	NETA_VIOL_BAD_REG = 0,
	NETA_VIOL_DMA_OUTSIDE,
	NETA_VIOL_NULL_BUF,
	NETA_VIOL_UPDATE_OVERFLOW,
	NETA_VIOL_OCCUPIED_UNDERFLOW,
	NETA_VIOL_RING_OVERFILL,
	NETA_VIOL_BAD_RING,
	NETA_VIOL_RING_RUNNING,
	NETA_VIOL_SENT_UNDERFLOW,
	NETA_VIOL_TX_BAD_DESC,
	NETA_VIOL_UNWRITTEN_READ,
	NETA_VIOL_DMA_WINDOW,
	NETA_VIOL_BAD_CONFIG,
	NETA_VIOL_SMI_BUSY,
};

/* A descriptor counted in RXQ_STATUS whose write-back has not landed. */
struct neta_wb_late {
	uint32_t idx;		/* descriptor slot */
	uint32_t w0, w1;	/* status and size words to write */
	bool seen;		/* an RXQ_STATUS read has counted it */
};

struct neta_rxq {
	bool enabled;
	bool hung;		/* stopped on a bad buffer until reset */
	uint64_t base;		/* ring bus address, captured at enable */
	uint32_t size;		/* descriptors */
	uint32_t buf_size;	/* bytes per buffer after the packet offset */
	uint32_t pkt_offset;	/* bytes */
	uint32_t fill;		/* next descriptor the device fills */
	uint32_t ret;		/* oldest occupied descriptor (driver returns) */
	uint32_t occupied;
	uint32_t non_occupied;
	unsigned int n_late;	/* pending write-backs, oldest first */
	struct neta_wb_late late[NETA_MODEL_WB_LATE_MAX];
};

struct neta_txq {
	bool enabled;
	bool hung;		/* stopped on a DMA no window took, until reset */
	bool token_stall;	/* the next frame waits for tokens it cannot get */
	uint64_t base;
	uint32_t size;
	uint32_t cur;		/* next descriptor the device sends */
	uint32_t pending;	/* added by the driver, not yet sent */
	uint32_t sent;		/* sent, not yet reclaimed */
};

struct neta_model {
	struct neta_model_params params;
	struct neta_model_faults faults;
	pthread_mutex_t lock;
	uint32_t regs[NETA_NREGS];	/* plain storage of the window */
	struct neta_rxq rxq[MVNETA_MAX_RXQ];
	struct neta_txq txq[MVNETA_MAX_TXQ];
	/* TX arbiter: the WRR group's turn and each queue's byte credit. */
	unsigned int wrr_turn;
	int64_t wrr_credit[MVNETA_MAX_TXQ];
	/* The PHY and its partner (model_phy.h); the SMI (neta_model_smi.c). */
	struct model_phy phy;
	uint32_t smi;			/* what the SMI reads once idle */
	bool smi_busy;			/* a transfer runs until the next read */
	/* MIB: 64-bit octet counters and the high word latched by a read. */
	uint64_t mib_rx_octets, mib_tx_octets;
	uint32_t mib_rx_octets_hi, mib_tx_octets_hi;
	bool watch_da_passing;		/* params.watch_da after the last write */
	/*
	 * 802.3x flow control (neta_model_fc.c): the transmitter paused
	 * until (0: not; atomic, the thread's deadline reads it), XOFF sent,
	 * the frames the partner still sends after it (the one on its way),
	 * the RX queues short of room (bitmap, kept by neta_fc_room()).
	 */
	struct {
		uint64_t tx_pause_until_ns;
		bool xoff;
		unsigned int grace;
		uint8_t short_q;
	} fc;
	uint64_t manual_now_ns;		/* params.manual_clock's time (atomic) */
	/* The RX frame waiting for room (flow control), FCS appended. */
	bool rx_held;
	uint32_t rx_len;		/* bytes in rx_frame, FCS included */
	uint64_t rx_seq;		/* its number (rx_offered) */
	bool src_done;
	uint8_t rx_frame[NETA_MODEL_MAX_FRAME + 8];
	uint8_t tx_frame[NETA_MODEL_MAX_FRAME + 8];
	struct model_iommu dma;
	struct model_nc_counters nc;
	struct neta_model_stats stats;
	char last_viol[NETA_VIOL_MSG_LEN];
	struct model_thread thr;	/* thread mode */
	/* RX queue interrupt lines (neta_model_irq.c), under the lock. */
	struct model_efds efds;		/* misc: NEW_CAUSE MISCINTR */
	struct {
		bool line;		/* the line's level at the last evaluation */
		bool coal_expired;	/* RXQ_TIME_COAL ran out with frames there */
	} irq[MVNETA_MAX_RXQ];
	struct {
		bool line;		/* its level at the last evaluation */
	} misc_irq;			/* NEW_CAUSE MISCINTR under NEW_MASK */
	/* irq_race: interrupt writes held back, in order */
	struct {
		uint32_t off, val;
	} irq_race_q[NETA_IRQ_RACE_WRITES];
	unsigned int irq_race_n;
	bool irq_race_armed;	/* the next enable sequence is held */
	bool irq_race_open;	/* one frame may enter from the wire */
};

#define NETA_STAT_ADD(m, field, n)					\
	__atomic_store_n(&(m)->stats.field,				\
			 (m)->stats.field + (uint64_t)(n), __ATOMIC_RELAXED)

/* neta_model.c */
void neta_violation(struct neta_model *m, enum neta_viol kind,
		    const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
static inline uint32_t
neta_reg(const struct neta_model *m, uint32_t off)
{
	return m->regs[off / 4u];
}

/*
 * neta_model_mib.c: a read of MIB counter @p off (neta_model_regs.c's
 * is_mib()), which clears it; neta_mib_add() below counts.
 */
uint32_t neta_mib_read(struct neta_model *m, uint32_t off);

/* neta_model_regs.c */
void neta_regs_reset(struct neta_model *m);
/*
 * neta_model_smi.c: the SMI read and written (params.mdio's place), and
 * the GMAC's link: GMAC_STATUS's speed and duplex bits (forced, or the
 * partner's where AN_SPEED_EN / AN_DUPLEX_EN), its link (none in port
 * reset or with FORCE_LINK_DOWN, up with FORCE_LINK_PASS, else the PHY's),
 * whether its mode is the partner's; the partner's link (the PHY's: cable
 * in, auto-negotiation agreed).
 */
uint32_t neta_smi_read(struct neta_model *m);
void neta_smi_write(struct neta_model *m, uint32_t val);
uint32_t neta_gmac_mode(const struct neta_model *m);
bool neta_gmac_link(const struct neta_model *m);
bool neta_gmac_mode_ok(const struct neta_model *m);
bool neta_partner_link(const struct neta_model *m);
/*
 * Whether a frame crosses the MAC: the partner's link up (something on
 * the wire), the GMAC's link up, its port enabled with GMAC0_MUST_SET.
 */
bool neta_gmac_passes(const struct neta_model *m);
/* Sets MVNETA_CAUSE_LINK_CHANGE when the link is no longer @p before. */
void neta_gmac_link_note(struct neta_model *m, bool before);
uint32_t neta_regs_read(struct neta_model *m, uint32_t off);
/* The whole window as reads would return it, without their side effects. */
void neta_regs_view(struct neta_model *m, uint32_t *out);
void neta_regs_write(struct neta_model *m, uint32_t off, uint32_t val);
void neta_rxq_reset(struct neta_model *m, unsigned int q);
void neta_mib_add(struct neta_model *m, uint32_t off, uint32_t n);

/* neta_model_rx.c: the largest frame the GMAC accepts, MH included. */
uint32_t neta_rx_max_size(const struct neta_model *m);

/*
 * neta_model_fc.c: the model's time (params.manual_clock or monotonic);
 * a frame from the wire that is a MAC control frame, consumed (a PAUSE
 * acted on with flow control on): true; whether a received PAUSE holds
 * the transmitter now; when it ends (0: none); whether the partner holds
 * its next frame now (after sending XOFF or XON as the queues' room says);
 * all cleared at a port reset. The room is noted where it changes:
 * neta_fc_room() after queue @p q's descriptors were added or used, or it
 * was enabled, disabled, reset or hung; neta_fc_room_all() after
 * GMAC_CTRL_0 (the largest frame) or AUTONEG_CONFIG (flow control on) was
 * written. Kept only while flow control is on.
 */
uint64_t neta_now_ns(struct neta_model *m);
bool neta_fc_rx(struct neta_model *m, const uint8_t *p, uint32_t n);
bool neta_fc_tx_paused(struct neta_model *m);
uint64_t neta_fc_deadline_ns(struct neta_model *m);
bool neta_fc_partner_waits(struct neta_model *m);
void neta_fc_room(struct neta_model *m, unsigned int q);
void neta_fc_room_all(struct neta_model *m);
void neta_fc_reset(struct neta_model *m);

/*
 * neta_model_dma.c: host address of the @p len bytes at bus address @p bus
 * (its low 32 bits), or NULL (counted). The target's bits 63:32 are the
 * high remap register of the window holding the access (0 when none
 * does: the windows are checked at the access itself); an access past
 * the top of the 32-bit bus reaches nothing.
 */
void *neta_dma_ptr(struct neta_model *m, uint64_t bus, size_t len,
		   const char *what);
/*
 * The same for an access of the engines: first through the port's
 * address decoding windows (mvneta_mbus.h). A bus address no enabled
 * window holds, or one whose protection forbids the access, sets its
 * MVNETA_UNIT_INTR_CAUSE bit, latches MVNETA_UNIT_ERR_ADDR, counts
 * viol_dma_window and returns NULL: nothing is read or written.
 */
enum neta_dma_dir { NETA_DMA_RD = 1, NETA_DMA_WR = 3 };
void *neta_dma_access(struct neta_model *m, uint64_t bus, size_t len,
		      enum neta_dma_dir dir, const char *what);
/*
 * What of the port's DMA configuration (MVNETA_MBUS_RETRY,
 * MVNETA_SDMA_CONFIG, and for RX MVNETA_ACC_MODE) the model does not run
 * with, or NULL when it runs (docs/model.md "The neta model").
 */
const char *neta_dma_config_bad(const struct neta_model *m, bool rx);
void neta_dma_read(struct neta_model *m, void *dst, const void *src,
		   size_t len);
void neta_dma_write(struct neta_model *m, void *dst, const void *src,
		    size_t len);
void neta_desc_write_back(struct neta_model *m, struct mvneta_rx_desc *d,
			  uint32_t status, uint32_t size);

/* neta_model_parse.c: status bits (L3/L4 type, header and L4 verdicts). */
uint32_t neta_parse_status(const uint8_t *frame, uint32_t len);
/* neta_model_filter.c: whether the DA filter passes @p frame. */
bool neta_da_filter_pass(const struct neta_model *m, const uint8_t *frame);
/* After a register write: the params.watch_da probe (neta_model.h). */
void neta_da_watch_note(struct neta_model *m);
unsigned int neta_steer(const struct neta_model *m, const uint8_t *frame,
			uint32_t len);
void neta_tx_csum(struct neta_model *m, uint8_t *frame, uint32_t len,
		  uint32_t cmd);

/* neta_model_rx.c */
enum neta_work { NETA_WORK_NONE = 0, NETA_WORK_FRAME };
enum neta_work neta_rx_work(struct neta_model *m);
void neta_rx_land_all(struct neta_model *m, unsigned int q);
void neta_rx_status_read(struct neta_model *m, unsigned int q);
void neta_rx_returned(struct neta_model *m, unsigned int q, uint32_t n);

/* neta_model_irq.c */
/*
 * Every RX queue's line and the misc line again after a change; a rise
 * signals its eventfd.
 */
void neta_irq_eval(struct neta_model *m);
/* NEW_CAUSE as read: the RX bits from the queues' state. */
uint32_t neta_irq_cause(const struct neta_model *m);
/* irq_race: true when the write is held back (the caller drops it). */
bool neta_irq_race_hold(struct neta_model *m, uint32_t off, uint32_t val);
/* irq_race: whether the wire may not give a frame now. */
bool neta_irq_rx_gated(const struct neta_model *m);
/* End of an RX pass: the time coalescing of queues holding frames. */
void neta_irq_coal_tick(struct neta_model *m);
/* irq_race: one frame, then the held writes (start of a pass). */
void neta_irq_race_pass(struct neta_model *m);

/* neta_model_tx.c */
/*
 * The TX arbiter picks the queue that sends the next frame (fixed
 * priority, then weighted round robin; mvneta_sdma.h) and sends it.
 * NETA_WORK_NONE when no queue can send now.
 */
enum neta_work neta_tx_arbitrate(struct neta_model *m);
/* After PORT_TX_RESET: the round robin restarts at queue 0. */
void neta_tx_arbiter_reset(struct neta_model *m);

#endif /* SOCRX_NETA_MODEL_INTERNAL_H */
