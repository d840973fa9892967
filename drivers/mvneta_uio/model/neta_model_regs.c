/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * neta model: the register window (mvneta_regs.h, mvneta_mib.h) and its
 * side effects. Called with the model lock held.
 *
 *  - RX queue q: MVNETA_RXQ_BASE_ADDR_REG, _SIZE_REG (ring size, buffer
 *    size), _CONFIG_REG (packet offset) are taken when the queue is
 *    enabled through MVNETA_RXQ_CMD; writing them while it is enabled is a
 *    violation (the device keeps what it took). Writing the base address
 *    of a stopped queue resets its ring position and counters, as does
 *    MVNETA_PORT_RX_RESET for every queue.
 *  - MVNETA_RXQ_STATUS_REG reads occupied | non-occupied << 16;
 *    MVNETA_RXQ_STATUS_UPDATE_REG subtracts processed [7:0] and adds armed
 *    [23:16]. A count that does not fit its 8 bits spills into the bits
 *    beside it, which the device ignores: the descriptors are lost
 *    (viol_update_overflow).
 *  - TX queue q likewise: MVNETA_TXQ_UPDATE_REG adds pending [7:0] and
 *    reclaims sent [23:16]; MVNETA_TXQ_STATUS_REG reads pending | sent << 16.
 *  - MIB counters clear when read; a 64-bit octet counter reads its low
 *    word first, which latches the high word for the next read.
 *  - The address decoding windows reset disabled (MVNETA_BASE_ADDR_ENABLE
 *    all ones, no access), the TX token buckets to 0, TX_MTU and the
 *    bucket sizes to a VLAN-tagged 1518-byte frame: a driver programs
 *    them or its DMA reaches nothing, its TX queues send nothing and
 *    larger frames wait. Enabling a queue, or changing
 *    MBUS_RETRY / SDMA_CONFIG / ACC_MODE while one is enabled, with a
 *    configuration the model does not run (neta_dma_config_bad()) is a
 *    violation (viol_bad_config). MVNETA_UNIT_INTR_CAUSE clears a bit
 *    written 0, as the misc cause does.
 *  - MVNETA_INTR_NEW_CAUSE's RX bits read the queues' state, its MISCINTR
 *    bit the misc causes under their mask; a MVNETA_INTR_MISC_CAUSE bit
 *    is cleared by writing it 0 (1 leaves it); every write re-evaluates
 *    the interrupt lines (neta_model_irq.c).
 *  - The GMAC: held in reset (GMAC_CTRL_2 PORT_RESET) it reports no link
 *    and passes nothing; MVNETA_GMAC_AUTONEG_CONFIG's FORCE_LINK_DOWN and
 *    FORCE_LINK_PASS (which wins when both are set) override the
 *    partner's link in GMAC_STATUS (a change of that link sets
 *    MVNETA_CAUSE_LINK_CHANGE; neta_model_smi.c); GMAC_CTRL_0 must keep
 *    MVNETA_GMAC0_MUST_SET or the port passes nothing.
 *  - The SMI at 0x2004 when params.mdio puts it in the window.
 *  - TXQ_SIZE of a running queue may be rewritten when only its
 *    sent-interrupt threshold changes.
 */
#include <string.h>

#include "neta_model_internal.h"

/* Bits of an update register outside its two 8-bit counts. */
#define NETA_UPDATE_SPILL	0xff00ff00u

/*
 * GMAC_CTRL_0 at reset: port off, largest frame 1536 bytes (MH included),
 * the bit FreeBSD says must be set, set.
 */
#define NETA_GMAC_CTRL_0_RESET						\
	(((((1536u - MVNETA_MH_SIZE) / 2u) << MVNETA_GMAC_MAX_RX_SIZE_SHIFT) & \
	  MVNETA_GMAC_MAX_RX_SIZE_MASK) | MVNETA_GMAC0_MUST_SET)

/*
 * AUTONEG_CONFIG's speed and duplex at reset: 1000 Mbit/s full duplex
 * forced (GMII_SPEED, FULL_DUPLEX; their auto-negotiation off). The
 * functional specification's reset value is not at hand (docs/model.md).
 */
#define NETA_GMAC_AUTONEG_RESET						\
	(MVNETA_GMAC_CONFIG_GMII_SPEED | MVNETA_GMAC_CONFIG_FULL_DUPLEX)

/*
 * TX_MTU and the bucket sizes at reset, in bits: the functional
 * specification's values are not public, but U-Boot's mvneta.c never
 * writes them and sends its largest frames on the silicon. The model
 * takes the smallest reading that allows: a 1518-byte frame with one
 * VLAN tag (1522 bytes with the FCS). Larger frames wait until a driver
 * programs them (Linux mvneta_txq_max_tx_size_set()).
 */
#define NETA_TX_ARBITER_RESET_BITS	(1522u * MVNETA_TX_MTU_BITS_PER_BYTE)

static inline void
reg_set(struct neta_model *m, uint32_t off, uint32_t v)
{
	m->regs[off / 4u] = v;
}

bool
neta_gmac_passes(const struct neta_model *m)
{
	uint32_t c0 = neta_reg(m, MVNETA_GMAC_CTRL_0);

	return neta_partner_link(m) && neta_gmac_link(m) &&
	       (c0 & MVNETA_GMAC0_PORT_ENABLE) && (c0 & MVNETA_GMAC0_MUST_SET);
}

void
neta_gmac_link_note(struct neta_model *m, bool before)
{
	if (neta_gmac_link(m) != before)
		m->regs[MVNETA_INTR_MISC_CAUSE / 4u] |= MVNETA_CAUSE_LINK_CHANGE;
}

void
neta_rxq_reset(struct neta_model *m, unsigned int q)
{
	struct neta_rxq *rq = &m->rxq[q];

	neta_rx_land_all(m, q);
	rq->enabled = false;
	rq->hung = false;
	rq->fill = rq->ret = 0;
	rq->occupied = rq->non_occupied = 0;
	neta_fc_room(m, q);
}

static void
txq_reset(struct neta_model *m, unsigned int q)
{
	struct neta_txq *tq = &m->txq[q];

	tq->enabled = false;
	tq->hung = false;
	tq->token_stall = false;
	tq->cur = tq->pending = tq->sent = 0;
}

void
neta_regs_reset(struct neta_model *m)
{
	const uint8_t *a = m->params.mac;
	unsigned int q;

	memset(m->regs, 0, sizeof(m->regs));
	neta_fc_reset(m);
	reg_set(m, MVNETA_GMAC_CTRL_0, NETA_GMAC_CTRL_0_RESET);
	reg_set(m, MVNETA_GMAC_AUTONEG_CONFIG, NETA_GMAC_AUTONEG_RESET);
	reg_set(m, MVNETA_BASE_ADDR_ENABLE, MVNETA_BASE_ADDR_ENABLE_ALL_OFF);
	/* The GMAC held in reset; the unit polling the PHY over the SMI. */
	reg_set(m, MVNETA_GMAC_CTRL_2, MVNETA_GMAC2_PORT_RESET);
	reg_set(m, MVNETA_UNIT_CONTROL, MVNETA_PHY_POLLING_ENABLE);
	reg_set(m, MVNETA_MAC_ADDR_HIGH, (uint32_t)a[0] << 24 |
		(uint32_t)a[1] << 16 | (uint32_t)a[2] << 8 | a[3]);
	reg_set(m, MVNETA_MAC_ADDR_LOW, (uint32_t)a[4] << 8 | a[5]);
	reg_set(m, MVNETA_TX_MTU, NETA_TX_ARBITER_RESET_BITS);
	reg_set(m, MVNETA_TX_TOKEN_SIZE, NETA_TX_ARBITER_RESET_BITS);
	/* Every TX queue in the fixed-priority group (neta_tx_arbitrate()). */
	reg_set(m, MVNETA_TXQ_FIXED_PRIO_CFG, MVNETA_TXQ_FIXED_PRIO_ALL);
	neta_tx_arbiter_reset(m);
	for (q = 0; q < MVNETA_MAX_RXQ; q++)
		neta_rxq_reset(m, q);
	for (q = 0; q < MVNETA_MAX_TXQ; q++) {
		txq_reset(m, q);
		reg_set(m, MVNETA_TXQ_TOKEN_SIZE_REG(q),
			NETA_TX_ARBITER_RESET_BITS);
	}
	m->mib_rx_octets = m->mib_tx_octets = 0;
	m->mib_rx_octets_hi = m->mib_tx_octets_hi = 0;
}

/* Which per-queue register block @p off falls in, and the queue. */
static bool
queue_reg(uint32_t off, uint32_t base, unsigned int *q)
{
	if (off < base || off >= base + 4u * 8u)
		return false;
	*q = (off - base) / 4u;
	return true;
}

/* The TX arbiter: a queue's token bucket, TX_MTU, the bucket sizes. */
static bool
is_tx_arbiter(uint32_t off)
{
	const uint32_t stride = MVETH_TXQ_TOKEN_COUNT_REG(1) -
				MVETH_TXQ_TOKEN_COUNT_REG(0);
	uint32_t rel = off - MVETH_TXQ_TOKEN_COUNT_REG(0);
	unsigned int q;

	if (off >= MVETH_TXQ_TOKEN_COUNT_REG(0) && rel < stride * MVNETA_MAX_TXQ)
		return off == MVETH_TXQ_TOKEN_COUNT_REG(rel / stride) ||
		       off == MVETH_TXQ_TOKEN_CFG_REG(rel / stride);
	return off == MVNETA_TX_MTU || off == MVNETA_TX_TOKEN_SIZE ||
	       queue_reg(off, MVNETA_TXQ_TOKEN_SIZE_REG(0), &q);
}

static bool
is_mib(uint32_t off)
{
	return (off >= MVNETA_MIB_COUNTERS_BASE &&
		off <= MVNETA_MIB_COUNTERS_BASE + MVNETA_MIB_LATE_COLLISION) ||
	       off == MVNETA_RX_DISCARD_FRAME_COUNT ||
	       off == MVNETA_OVERRUN_FRAME_COUNT;
}

uint32_t
neta_regs_read(struct neta_model *m, uint32_t off)
{
	uint32_t v = 0;
	unsigned int q;

	if (queue_reg(off, MVNETA_RXQ_STATUS_REG(0), &q)) {
		neta_rx_status_read(m, q);
		return m->rxq[q].occupied |
		       m->rxq[q].non_occupied << MVNETA_RXQ_NON_OCCUPIED_SHIFT;
	}
	if (queue_reg(off, MVNETA_TXQ_STATUS_REG(0), &q))
		return m->txq[q].pending |
		       m->txq[q].sent << MVNETA_TXQ_SENT_DESC_SHIFT;
	if (is_mib(off))
		return neta_mib_read(m, off);
	if (off == MVNETA_SMI_WINDOW_OFF &&
	    m->params.mdio == NETA_MODEL_MDIO_WINDOW)
		return neta_smi_read(m);
	switch (off) {
	case MVNETA_RXQ_CMD:
		for (q = 0; q < MVNETA_MAX_RXQ; q++)
			v |= m->rxq[q].enabled ? 1u << q : 0;
		return v;
	case MVNETA_TXQ_CMD:
		for (q = 0; q < MVNETA_MAX_TXQ; q++)
			v |= m->txq[q].enabled ? 1u << q : 0;
		return v;
	case MVNETA_GMAC_STATUS:
		return neta_gmac_link(m) ? MVNETA_GMAC_LINK_UP | neta_gmac_mode(m) :
					   0;
	case MVNETA_PORT_STATUS:
		/* TX is sent within an engine pass: the FIFO is empty. */
		return MVNETA_TX_FIFO_EMPTY;
	case MVNETA_INTR_NEW_CAUSE:
		return neta_irq_cause(m);
	default:
		return neta_reg(m, off);
	}
}

/*
 * The window as a read of each word would return it, with no read's side
 * effect: the words neta_regs_read() computes computed the same way, the
 * clear-on-read MIB counters 0 (a reader that cannot clear them must not
 * count them twice), the SMI in the window 0 (its read completes a
 * transfer). Everything else is the stored register.
 */
void
neta_regs_view(struct neta_model *m, uint32_t *out)
{
	static const uint32_t computed[] = {
		MVNETA_RXQ_CMD, MVNETA_TXQ_CMD, MVNETA_GMAC_STATUS,
		MVNETA_PORT_STATUS, MVNETA_INTR_NEW_CAUSE,
	};
	unsigned int i, q;
	uint32_t off;

	memcpy(out, m->regs, sizeof(m->regs));
	for (q = 0; q < MVNETA_MAX_RXQ; q++)
		out[MVNETA_RXQ_STATUS_REG(q) / 4u] = m->rxq[q].occupied |
			m->rxq[q].non_occupied << MVNETA_RXQ_NON_OCCUPIED_SHIFT;
	for (q = 0; q < MVNETA_MAX_TXQ; q++)
		out[MVNETA_TXQ_STATUS_REG(q) / 4u] = m->txq[q].pending |
			m->txq[q].sent << MVNETA_TXQ_SENT_DESC_SHIFT;
	for (i = 0; i < sizeof(computed) / sizeof(computed[0]); i++)
		out[computed[i] / 4u] = neta_regs_read(m, computed[i]);
	for (off = 0; off < NETA_MODEL_REG_WINDOW; off += 4u)
		if (is_mib(off))
			out[off / 4u] = 0;
	if (m->params.mdio == NETA_MODEL_MDIO_WINDOW)
		out[MVNETA_SMI_WINDOW_OFF / 4u] = 0;
}

/* A queue enabled with a DMA configuration the model does not run. */
static void
config_check(struct neta_model *m, const char *queue, unsigned int q)
{
	const char *bad = neta_dma_config_bad(m, queue[0] == 'R');

	if (bad != NULL)
		neta_violation(m, NETA_VIOL_BAD_CONFIG, "%s queue %u enabled with %s",
			       queue, q, bad);
}

/* The configuration changed under enabled queues. */
static void
config_recheck(struct neta_model *m)
{
	unsigned int q;

	for (q = 0; q < MVNETA_MAX_RXQ; q++)
		if (m->rxq[q].enabled)
			config_check(m, "RX", q);
	for (q = 0; q < MVNETA_MAX_TXQ; q++)
		if (m->txq[q].enabled)
			config_check(m, "TX", q);
}

/* RXQ_CMD enable of queue @p q: takes and checks its ring registers. */
static void
rxq_enable(struct neta_model *m, unsigned int q)
{
	struct neta_rxq *rq = &m->rxq[q];
	uint32_t size = neta_reg(m, MVNETA_RXQ_SIZE_REG(q));
	uint32_t cfg = neta_reg(m, MVNETA_RXQ_CONFIG_REG(q));
	uint64_t base = neta_reg(m, MVNETA_RXQ_BASE_ADDR_REG(q));
	uint32_t n = size & MVNETA_RXQ_DESC_NUM_MASK;

	if (rq->enabled)
		return;
	rq->base = base;
	rq->size = n;
	rq->buf_size = ((size & MVNETA_RXQ_BUF_SIZE_MASK) >>
			MVNETA_RXQ_BUF_SIZE_SHIFT) * MVNETA_RXQ_BUF_SIZE_UNIT;
	rq->pkt_offset = ((cfg & MVNETA_RXQ_PKT_OFFSET_ALL_MASK) >>
			  MVNETA_RXQ_PKT_OFFSET_SHIFT) *
			 MVNETA_RXQ_PKT_OFFSET_UNIT;
	if (base == 0 || base % MVNETA_DESC_ALIGNED_SIZE != 0 || n == 0 ||
	    n > NETA_MODEL_MAX_RING || rq->buf_size == 0) {
		neta_violation(m, NETA_VIOL_BAD_RING,
			       "RX queue %u enabled with base 0x%x, %u descriptors, %u-byte buffers",
			       q, (unsigned int)base, n, rq->buf_size);
		return;
	}
	if (neta_dma_ptr(m, base, (size_t)n * MVNETA_DESC_ALIGNED_SIZE,
			 "RX ring") == NULL)
		return;
	if (rq->fill >= n || rq->ret >= n)
		rq->fill = rq->ret = 0;
	config_check(m, "RX", q);
	rq->enabled = true;
	neta_fc_room(m, q);
}

static void
txq_enable(struct neta_model *m, unsigned int q)
{
	struct neta_txq *tq = &m->txq[q];
	uint64_t base = neta_reg(m, MVNETA_TXQ_BASE_ADDR_REG(q));
	uint32_t n = neta_reg(m, MVNETA_TXQ_SIZE_REG(q)) &
		     MVNETA_TXQ_DESC_NUM_MASK;

	if (tq->enabled)
		return;
	if (base == 0 || base % MVNETA_DESC_ALIGNED_SIZE != 0 || n == 0 ||
	    n > NETA_MODEL_MAX_RING) {
		neta_violation(m, NETA_VIOL_BAD_RING,
			       "TX queue %u enabled with base 0x%x, %u descriptors",
			       q, (unsigned int)base, n);
		return;
	}
	if (neta_dma_ptr(m, base, (size_t)n * MVNETA_DESC_ALIGNED_SIZE,
			 "TX ring") == NULL)
		return;
	tq->base = base;
	tq->size = n;
	if (tq->cur >= n)
		tq->cur = 0;
	config_check(m, "TX", q);
	tq->enabled = true;
}

/*
 * RXQ_STATUS_UPDATE and TXQ_UPDATE: one rule (the header comment), the
 * device's count handed back, the driver's added; their violations' words.
 */
struct queue_update {
	const char *reg, *dir, *back, *held, *added;
	enum neta_viol under;	/* more handed back than held */
};

static const struct queue_update rxq_update_words = {
	"RXQ_STATUS_UPDATE", "RX", "processed", "occupied", "armed", NETA_VIOL_OCCUPIED_UNDERFLOW,
};
static const struct queue_update txq_update_words = {
	"TXQ_UPDATE", "TX", "reclaimed", "sent", "pending", NETA_VIOL_SENT_UNDERFLOW,
};

/* The count queue @p q hands back (@p back), at most the @p held ones. */
static uint32_t
update_back(struct neta_model *m, const struct queue_update *u,
	    unsigned int q, uint32_t val, uint32_t back, uint32_t held)
{
	if (val & NETA_UPDATE_SPILL)
		neta_violation(m, NETA_VIOL_UPDATE_OVERFLOW,
			       "%s(%u) = 0x%08x: a count above 255", u->reg, q, val);
	if (back <= held)
		return back;
	neta_violation(m, u->under, "%s queue %u: %u %s, %u %s",
		       u->dir, q, back, u->back, held, u->held);
	return held;
}

/* The driver's count once added (@p added), at most what the ring holds. */
static uint32_t
update_added(struct neta_model *m, const struct queue_update *u,
	     unsigned int q, uint32_t added, uint32_t held, uint32_t size)
{
	if (size == 0 || added + held <= size)
		return added;
	neta_violation(m, NETA_VIOL_RING_OVERFILL,
		       "%s queue %u: %u %s + %u %s > %u descriptors",
		       u->dir, q, added, u->added, held, u->held, size);
	return size - held;
}

static void
rxq_status_update(struct neta_model *m, unsigned int q, uint32_t val)
{
	struct neta_rxq *rq = &m->rxq[q];
	uint32_t done = update_back(m, &rxq_update_words, q, val,
				    val & MVNETA_RXQ_DEC_OCCUPIED_MASK, rq->occupied);

	neta_rx_returned(m, q, done);
	rq->occupied -= done;
	rq->non_occupied = update_added(m, &rxq_update_words, q,
		rq->non_occupied + ((val & MVNETA_RXQ_ADD_NON_OCCUPIED_MASK) >>
				    MVNETA_RXQ_ADD_NON_OCCUPIED_SHIFT),
		rq->occupied, rq->size);
	neta_fc_room(m, q);
}

static void
txq_update(struct neta_model *m, unsigned int q, uint32_t val)
{
	struct neta_txq *tq = &m->txq[q];

	tq->sent -= update_back(m, &txq_update_words, q, val,
				(val >> MVNETA_TXQ_DEC_SENT_SHIFT) &
				MVNETA_TXQ_DEC_SENT_MASK, tq->sent);
	tq->pending = update_added(m, &txq_update_words, q,
				   tq->pending + (val & MVNETA_TXQ_ADD_PENDING_MASK),
				   tq->sent, tq->size);
}

/* A ring register of queue @p q written (the header comment). */
static void
ring_write(struct neta_model *m, bool rx, unsigned int q, uint32_t off, uint32_t val)
{
	if (rx ? m->rxq[q].enabled : m->txq[q].enabled)
		neta_violation(m, NETA_VIOL_RING_RUNNING,
			       "%s queue %u register 0x%x written while enabled",
			       rx ? "RX" : "TX", q, off);
	else if (rx && off == MVNETA_RXQ_BASE_ADDR_REG(q))
		neta_rxq_reset(m, q);
	else if (!rx && off == MVNETA_TXQ_BASE_ADDR_REG(q))
		txq_reset(m, q);
	reg_set(m, off, val);
}

static void
regs_write_apply(struct neta_model *m, uint32_t off, uint32_t val)
{
	unsigned int q;

	if (off == MVNETA_SMI_WINDOW_OFF &&
	    m->params.mdio == NETA_MODEL_MDIO_WINDOW) {
		neta_smi_write(m, val);
		return;
	}
	if (queue_reg(off, MVNETA_RXQ_STATUS_UPDATE_REG(0), &q)) {
		rxq_status_update(m, q, val);
		return;
	}
	if (queue_reg(off, MVNETA_TXQ_UPDATE_REG(0), &q)) {
		txq_update(m, q, val);
		return;
	}
	if (queue_reg(off, MVNETA_RXQ_BASE_ADDR_REG(0), &q) ||
	    queue_reg(off, MVNETA_RXQ_SIZE_REG(0), &q) ||
	    queue_reg(off, MVNETA_RXQ_CONFIG_REG(0), &q)) {
		ring_write(m, true, q, off, val);
		return;
	}
	if (queue_reg(off, MVNETA_TXQ_BASE_ADDR_REG(0), &q) ||
	    queue_reg(off, MVNETA_TXQ_SIZE_REG(0), &q)) {
		/*
		 * The sent-interrupt threshold of a running queue may change
		 * (Linux mvneta_tx_done_pkts_coal_set(), ethtool -C); the
		 * ring size may not.
		 */
		if (off == MVNETA_TXQ_SIZE_REG(q) &&
		    ((val ^ neta_reg(m, off)) &
		     ~MVNETA_TXQ_SENT_THRESH_ALL_MASK) == 0) {
			reg_set(m, off, val);
			return;
		}
		ring_write(m, false, q, off, val);
		return;
	}
	if (is_tx_arbiter(off)) {
		/* A queue waiting for tokens looks again. */
		for (q = 0; q < MVNETA_MAX_TXQ; q++)
			m->txq[q].token_stall = false;
		reg_set(m, off, val);
		return;
	}
	if (queue_reg(off, MVNETA_RXQ_STATUS_REG(0), &q) ||
	    queue_reg(off, MVNETA_TXQ_STATUS_REG(0), &q) || is_mib(off))
		return;		/* read-only */
	switch (off) {
	case MVNETA_RXQ_CMD:
		for (q = 0; q < MVNETA_MAX_RXQ; q++) {
			if (val & (1u << (q + MVNETA_RXQ_DISABLE_SHIFT))) {
				neta_rx_land_all(m, q);
				m->rxq[q].enabled = false;
				neta_fc_room(m, q);
			} else if (val & (1u << q)) {
				rxq_enable(m, q);
			}
		}
		return;
	case MVNETA_TXQ_CMD:
		for (q = 0; q < MVNETA_MAX_TXQ; q++) {
			if (val & (1u << (q + MVNETA_TXQ_DISABLE_SHIFT)))
				m->txq[q].enabled = false;
			else if (val & (1u << q))
				txq_enable(m, q);
		}
		return;
	case MVNETA_PORT_RX_RESET:
		if (val & MVNETA_PORT_RX_DMA_RESET)
			for (q = 0; q < MVNETA_MAX_RXQ; q++)
				neta_rxq_reset(m, q);
		break;
	case MVNETA_PORT_TX_RESET:
		if (val & MVNETA_PORT_TX_DMA_RESET) {
			for (q = 0; q < MVNETA_MAX_TXQ; q++)
				txq_reset(m, q);
			neta_tx_arbiter_reset(m);
		}
		break;
	case MVNETA_INTR_NEW_CAUSE:
		/* the queue bits and MISCINTR are summaries: writes leave them */
		val &= ~(MVNETA_RX_INTR_MASK_ALL | MVNETA_TX_INTR_MASK_ALL |
			 MVNETA_MISCINTR_INTR_MASK);
		break;
	case MVNETA_GMAC_CTRL_2:
	case MVNETA_GMAC_AUTONEG_CONFIG: {
		bool before = neta_gmac_link(m);

		reg_set(m, off, val);
		neta_gmac_link_note(m, before);
		/* Flow control (AUTONEG_CONFIG) may have come on. */
		neta_fc_room_all(m);
		return;
	}
	case MVNETA_INTR_MISC_CAUSE:
	case MVNETA_UNIT_INTR_CAUSE:
		val &= neta_reg(m, off);	/* write 0 to clear */
		break;
	case MVNETA_GMAC_CTRL_0:
		/* The largest frame: the queues' room for two. */
		reg_set(m, off, val);
		neta_fc_room_all(m);
		return;
	case MVNETA_MBUS_RETRY:
	case MVNETA_SDMA_CONFIG:
	case MVNETA_ACC_MODE:
		reg_set(m, off, val);
		config_recheck(m);
		return;
	default:
		break;
	}
	reg_set(m, off, val);
}

/* Every write may move an RX queue's interrupt line (neta_model_irq.c). */
void
neta_regs_write(struct neta_model *m, uint32_t off, uint32_t val)
{
	if (neta_irq_race_hold(m, off, val))
		return;
	regs_write_apply(m, off, val);
	neta_irq_eval(m);
}
