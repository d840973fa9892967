/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The neta model's RX queue interrupt lines (neta_model_internal.h).
 *
 * RX queue q's cause (MVNETA_INTR_NEW_CAUSE bit 8 + q) is level, computed
 * from the queue: its occupied count at or above the occupied threshold
 * of MVNETA_RXQ_THRESHOLD_REG(q), or its time coalescing
 * (MVNETA_RXQ_TIME_COAL_REG(q), non-zero) expired while frames are there.
 * The driver lowers it by returning descriptors, never by writing the
 * cause (its RX bits ignore writes). The line is the cause with the
 * queue's NEW_MASK bit and its MVNETA_INTR_ENABLE bit (the port's
 * per-queue enable, which Linux's mvneta_defaults_set() sets once). The
 * model writes the queue's eventfd on each rise: when a frame brings the
 * count to the threshold, when the coalescing expires, and when the
 * driver unmasks a queue that already holds frames (how the level closes
 * the race of a frame that arrives between the driver's last empty poll
 * and its enable). A threshold of 0 keeps the cause up, as the
 * comparator would: a driver that leaves the reset value is woken on an
 * empty ring.
 *
 * The model has no clock: an RXQ_TIME_COAL of any non-zero length expires
 * at the end of the engine pass that finds the queue holding frames below
 * its threshold.
 *
 * The misc line: NEW_CAUSE's MISCINTR summary (bit 31), set while a
 * MVNETA_INTR_MISC_CAUSE bit is set under MVNETA_INTR_MISC_MASK, with
 * NEW_MASK bit 31 (INTR_ENABLE has no bit for it). The model sets
 * MVNETA_CAUSE_LINK_CHANGE when the GMAC's link changes; the driver
 * clears it by writing it 0 (Linux's mvneta_poll() writes 0 to the
 * register). Its own eventfd counts the rises.
 *
 * irq_race: the race, on demand. The RX engine takes no frame from the
 * wire by itself. The driver's NEW_MASK write that unmasks an RX queue
 * (an RX bit set that was clear), and every NEW_MASK or INTR_ENABLE write
 * after it, are held back, as posted writes not yet landed, until the
 * model thread has put exactly one frame in the ring; then they land in
 * order. A NEW_MASK write with no RX bit (a disable) arms the next
 * sequence.
 */
#include <errno.h>

#include "neta_model_internal.h"

static bool
rx_cause(const struct neta_model *m, unsigned int q)
{
	const struct neta_rxq *rq = &m->rxq[q];
	uint32_t thr = neta_reg(m, MVNETA_RXQ_THRESHOLD_REG(q)) &
		       MVNETA_RXQ_OCCUPIED_THRESH_MASK;

	return rq->occupied >= thr ||
	       (m->irq[q].coal_expired && rq->occupied != 0);
}

/*
 * TX queue q's cause (NEW_CAUSE bit q), level as the RX ones: up while
 * the queue's sent count, not yet reclaimed, reaches the threshold of
 * TXQ_SIZE [29:16] (0: every frame, Linux's MVNETA_TXDONE_COAL_PKTS).
 * Linux frees sent buffers from its poll only when it is up.
 */
static bool
tx_cause(const struct neta_model *m, unsigned int q)
{
	uint32_t th = (neta_reg(m, MVNETA_TXQ_SIZE_REG(q)) &
		       MVNETA_TXQ_SENT_THRESH_ALL_MASK) >> 16;

	return m->txq[q].sent != 0 && m->txq[q].sent >= th;
}

uint32_t
neta_irq_cause(const struct neta_model *m)
{
	uint32_t v = neta_reg(m, MVNETA_INTR_NEW_CAUSE) &
		     ~(MVNETA_RX_INTR_MASK_ALL | MVNETA_TX_INTR_MASK_ALL |
		       MVNETA_MISCINTR_INTR_MASK);
	unsigned int q;

	if (neta_reg(m, MVNETA_INTR_MISC_CAUSE) &
	    neta_reg(m, MVNETA_INTR_MISC_MASK))
		v |= MVNETA_MISCINTR_INTR_MASK;
	for (q = 0; q < MVNETA_MAX_RXQ; q++)
		if (rx_cause(m, q))
			v |= MVNETA_RX_INTR_BIT(q);
	for (q = 0; q < MVNETA_MAX_TXQ; q++)
		if (tx_cause(m, q))
			v |= MVNETA_BIT(q);
	return v;
}

void
neta_irq_eval(struct neta_model *m)
{
	uint32_t mask = neta_reg(m, MVNETA_INTR_NEW_MASK);
	uint32_t ena = neta_reg(m, MVNETA_INTR_ENABLE);
	unsigned int q;
	bool line;

	for (q = 0; q < MVNETA_MAX_RXQ; q++) {
		if (!(mask & MVNETA_RX_INTR_MASK_ALL)) {
			m->irq[q].line = false;	/* every RX queue masked */
			continue;
		}
		if (m->rxq[q].occupied == 0)
			m->irq[q].coal_expired = false;
		line = (mask & MVNETA_RX_INTR_BIT(q)) &&
		       (ena & MVNETA_RXQ_INTR_ENABLE(q)) && rx_cause(m, q);
		if (line && !m->irq[q].line) {
			NETA_STAT_ADD(m, irq_raised, 1);
			if (!model_efd_signal(m->efds.line[q]))
				NETA_STAT_ADD(m, irq_lost, 1);
		}
		m->irq[q].line = line;
	}
	line = (neta_irq_cause(m) & mask & MVNETA_MISCINTR_INTR_MASK) != 0;
	if (line && !m->misc_irq.line) {
		NETA_STAT_ADD(m, irq_misc_raised, 1);
		if (!model_efd_signal(m->efds.misc))
			NETA_STAT_ADD(m, irq_lost, 1);
	}
	m->misc_irq.line = line;
}

void
neta_irq_coal_tick(struct neta_model *m)
{
	bool changed = false;
	unsigned int q;

	for (q = 0; q < MVNETA_MAX_RXQ; q++) {
		if (m->rxq[q].occupied == 0 || m->irq[q].coal_expired ||
		    neta_reg(m, MVNETA_RXQ_TIME_COAL_REG(q)) == 0)
			continue;
		m->irq[q].coal_expired = true;
		changed = true;
	}
	if (changed)
		neta_irq_eval(m);
}

bool
neta_irq_race_hold(struct neta_model *m, uint32_t off, uint32_t val)
{
	bool start;

	if (!m->params.irq_race ||
	    (off != MVNETA_INTR_NEW_MASK && off != MVNETA_INTR_ENABLE))
		return false;
	if (m->irq_race_n == 0) {
		if (off == MVNETA_INTR_NEW_MASK &&
		    !(val & MVNETA_RX_INTR_MASK_ALL)) {
			m->irq_race_armed = true;	/* a disable */
			return false;
		}
		start = off == MVNETA_INTR_NEW_MASK &&
			(val & ~neta_reg(m, off) & MVNETA_RX_INTR_MASK_ALL);
		if (!start || !m->irq_race_armed)
			return false;
		m->irq_race_armed = false;
	} else if (m->irq_race_n >= NETA_IRQ_RACE_WRITES) {
		return false;
	}
	m->irq_race_q[m->irq_race_n].off = off;
	m->irq_race_q[m->irq_race_n].val = val;
	m->irq_race_n++;
	return true;
}

bool
neta_irq_rx_gated(const struct neta_model *m)
{
	return m->params.irq_race && !m->irq_race_open;
}

void
neta_irq_race_pass(struct neta_model *m)
{
	uint64_t before = m->stats.rx_delivered;
	unsigned int i, n = m->irq_race_n, iter;
	enum neta_work w = NETA_WORK_FRAME;

	if (n == 0)
		return;
	m->irq_race_open = true;
	for (iter = 0; iter < 4096 && w == NETA_WORK_FRAME &&
	     m->stats.rx_delivered == before; iter++)
		w = neta_rx_work(m);
	m->irq_race_open = false;
	if (m->stats.rx_delivered != before)
		NETA_STAT_ADD(m, irq_race_frames, 1);
	neta_irq_coal_tick(m);
	m->irq_race_n = 0;
	for (i = 0; i < n; i++)
		neta_regs_write(m, m->irq_race_q[i].off, m->irq_race_q[i].val);
}

_Static_assert(MVNETA_MAX_RXQ <= MODEL_EFD_LINES_MAX, "an fd per RXQ line");

int
neta_model_irq_fd(struct neta_model *m, unsigned int q)
{
	if (q >= MVNETA_MAX_RXQ || m->efds.line[q] < 0)
		return -EINVAL;
	return m->efds.line[q];
}

int
neta_model_misc_irq_fd(struct neta_model *m)
{
	return m->efds.misc >= 0 ? m->efds.misc : -EINVAL;
}
