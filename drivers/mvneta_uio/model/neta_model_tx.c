/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * neta model: the TX engine of one queue and the arbiter that picks the
 * queue (neta_tx_arbitrate()). Called with the model lock held.
 *
 * While the queue has pending descriptors (MVNETA_TXQ_UPDATE_REG) the
 * engine gathers one frame, MVNETA_TXD_F_DESC on its first descriptor to
 * MVNETA_TXD_L_DESC on its last, from each buffer at the packet offset of
 * its command word, inserts the checksums the first command word asks for,
 * zero-pads it to 60 bytes when its last descriptor has MVNETA_TXD_Z_PAD, hands it to the
 * sink (without FCS) and moves its descriptors from pending to sent
 * (MVNETA_TXQ_STATUS_REG). A frame whose last descriptor is not pending
 * yet waits. A malformed descriptor (no buffer, no length, a frame not
 * opened by F_DESC) is consumed unsent and counted (viol_tx_bad_desc).
 *
 * Every descriptor and buffer read goes through the port's address
 * decoding windows; one no window takes stops the queue (nothing sent,
 * the descriptors stay pending) until it is reset. A queue sends only
 * with a DMA configuration the model runs (neta_dma_config_bad()) and
 * with the arbiter's leave (tx_tokens_take()); otherwise the frame waits.
 */
#include <string.h>

#include "model_traffic.h"
#include "neta_model_internal.h"

#define NETA_TX_MIN_FRAME	60u

static void
mib_tx(struct neta_model *m, const uint8_t *frame, uint32_t len)
{
	static const uint8_t bcast[6] = { 0xff, 0xff, 0xff, 0xff, 0xff, 0xff };

	neta_mib_add(m, MVNETA_MIB_GOOD_FRAMES_SENT, 1);
	neta_mib_add(m, MVNETA_MIB_GOOD_OCTETS_SENT, len + MVNETA_ETH_FCS_LEN);
	if (memcmp(frame, bcast, 6) == 0)
		neta_mib_add(m, MVNETA_MIB_BROADCAST_FRAMES_SENT, 1);
	else if (frame[0] & 1u)
		neta_mib_add(m, MVNETA_MIB_MULTICAST_FRAMES_SENT, 1);
}

/*
 * The TX arbiter (mvneta_sdma.h): a frame of @p bits (FCS included) needs
 * TX_MTU and both bucket sizes (the port's, the queue's) to hold it, and
 * the queue's bucket to give that many tokens. A bucket with a non-zero
 * refill configuration (TXQ_TOKEN_CFG) refills as fast as the frames go
 * (the rate is not emulated); one without gives what its count holds and
 * no more. False when the frame has to wait: it never goes until a driver
 * writes the arbiter.
 */
static bool
tx_tokens_take(struct neta_model *m, unsigned int q, uint32_t bits)
{
	uint32_t cfg = neta_reg(m, MVETH_TXQ_TOKEN_CFG_REG(q));
	uint32_t count = neta_reg(m, MVETH_TXQ_TOKEN_COUNT_REG(q)) &
			 MVNETA_TXQ_TOKEN_COUNT_MAX;

	if (bits > (neta_reg(m, MVNETA_TX_MTU) & MVNETA_TX_MTU_MAX) ||
	    bits > neta_reg(m, MVNETA_TX_TOKEN_SIZE) ||
	    bits > (neta_reg(m, MVNETA_TXQ_TOKEN_SIZE_REG(q)) &
		    MVNETA_TXQ_TOKEN_SIZE_MAX))
		return false;
	if (cfg != 0)
		return true;
	if (count < bits)
		return false;
	m->regs[MVETH_TXQ_TOKEN_COUNT_REG(q) / 4u] = count - bits;
	return true;
}

/* The queue's next frame waits (counted once until the arbiter changes). */
static enum neta_work
tx_stall(struct neta_model *m, struct neta_txq *tq)
{
	if (!tq->token_stall) {
		tq->token_stall = true;
		NETA_STAT_ADD(m, tx_token_stalls, 1);
	}
	return NETA_WORK_NONE;
}

/* Moves @p n descriptors from pending to sent. */
static void
tx_consume(struct neta_model *m, struct neta_txq *tq, uint32_t n)
{
	tq->cur = (tq->cur + n) % tq->size;
	tq->pending -= n;
	tq->sent += n;
	NETA_STAT_ADD(m, tx_desc_used, n);
}

/*
 * Queue @p q sends its next frame when it can (@p bytes: its length on the
 * wire, FCS included, or 0 for descriptors consumed unsent).
 */
static enum neta_work
tx_work(struct neta_model *m, unsigned int q, uint32_t *bytes)
{
	struct neta_txq *tq = &m->txq[q];
	struct mvneta_tx_desc *d, dv;
	uint32_t n, idx, cmd = 0, first_cmd = 0, size, off, len = 0;
	const void *src;

	*bytes = 0;
	if (!tq->enabled || tq->hung || tq->token_stall || tq->pending == 0 ||
	    !neta_gmac_passes(m) || neta_dma_config_bad(m, false) != NULL)
		return NETA_WORK_NONE;
	for (n = 0; n < tq->pending; n++) {
		idx = (tq->cur + n) % tq->size;
		d = neta_dma_access(m, tq->base + (uint64_t)idx *
				    MVNETA_DESC_ALIGNED_SIZE, sizeof(*d),
				    NETA_DMA_RD, "TX descriptor");
		if (d == NULL) {
			tq->hung = true;
			return NETA_WORK_NONE;
		}
		neta_dma_read(m, &dv, d, sizeof(dv));
		cmd = le32toh(dv.command);
		size = MVNETA_DESC_DATA_SIZE(le32toh(dv.size));
		off = (cmd & MVNETA_TXD_PKT_OFF_MASK) >> MVNETA_TXD_PKT_OFF_SHIFT;
		if (n == 0)
			first_cmd = cmd;
		if ((n == 0) != ((cmd & MVNETA_TXD_F_DESC) != 0) ||
		    dv.buf_phys_addr == 0 || size == 0 ||
		    len + size > NETA_MODEL_MAX_FRAME) {
			neta_violation(m, NETA_VIOL_TX_BAD_DESC,
				       "TX queue %u descriptor %u: command 0x%08x, %u bytes at 0x%x",
				       q, idx, cmd, size,
				       le32toh(dv.buf_phys_addr));
			tx_consume(m, tq, n + 1);
			return NETA_WORK_FRAME;
		}
		src = neta_dma_access(m, (uint64_t)le32toh(dv.buf_phys_addr) +
				      off, size, NETA_DMA_RD, "TX buffer");
		if (src == NULL) {
			tq->hung = true;
			return NETA_WORK_NONE;
		}
		neta_dma_read(m, m->tx_frame + len, src, size);
		len += size;
		if (cmd & MVNETA_TXD_L_DESC)
			break;
	}
	if (n == tq->pending)
		return NETA_WORK_NONE;	/* its last descriptor is not pending */
	/* On the wire at least 60 bytes and the FCS, padded or not. */
	if (!tx_tokens_take(m, q, ((len > NETA_TX_MIN_FRAME ? len :
				    NETA_TX_MIN_FRAME) + MVNETA_ETH_FCS_LEN) *
			    MVNETA_TX_MTU_BITS_PER_BYTE))
		return tx_stall(m, tq);
	neta_tx_csum(m, m->tx_frame, len, first_cmd);
	/* Z_PAD is the last descriptor's (Linux mvneta_tx_frag_process()). */
	if ((cmd & MVNETA_TXD_Z_PAD) && len < NETA_TX_MIN_FRAME) {
		memset(m->tx_frame + len, 0, NETA_TX_MIN_FRAME - len);
		len = NETA_TX_MIN_FRAME;
		NETA_STAT_ADD(m, tx_padded, 1);
	}
	/* At another speed or duplex than the partner: lost on the wire. */
	if (!neta_gmac_mode_ok(m)) {
		NETA_STAT_ADD(m, tx_dropped_speed, 1);
		tx_consume(m, tq, n + 1);
		return NETA_WORK_FRAME;
	}
	if (m->params.tx_sink != NULL)
		m->params.tx_sink->put(m->params.tx_sink, m->tx_frame, len);
	mib_tx(m, m->tx_frame, len);
	*bytes = len + MVNETA_ETH_FCS_LEN;
	NETA_STAT_ADD(m, tx_frames, 1);
	NETA_STAT_ADD(m, tx_bytes, len);
	tx_consume(m, tq, n + 1);
	return NETA_WORK_FRAME;
}

/* ---- The arbiter among the queues ---- */

void
neta_tx_arbiter_reset(struct neta_model *m)
{
	m->wrr_turn = 0;
	memset(m->wrr_credit, 0, sizeof(m->wrr_credit));
}

/*
 * Weighted round robin among the queues outside the fixed-priority group
 * (@p wrr, a queue mask), deficit style: the queue whose turn it is sends
 * while its credit is positive, each frame taking its bytes (the credit
 * may go below 0: the debt is paid from its next turns); a queue that
 * cannot send, or whose credit ran out, passes the turn to the next
 * queue of the group, which gains its weight in units of 256 bytes. A
 * queue that had nothing to send keeps its debt, never a surplus. Weight
 * 0 never gains credit: that queue never sends.
 */
static enum neta_work
tx_wrr(struct neta_model *m, uint32_t wrr)
{
	unsigned int i, q;
	uint32_t bytes, w;

	for (i = 0; i <= MVNETA_MAX_TXQ; i++) {
		q = m->wrr_turn;
		if ((wrr & MVNETA_BIT(q)) && m->wrr_credit[q] > 0) {
			if (tx_work(m, q, &bytes) == NETA_WORK_FRAME) {
				m->wrr_credit[q] -= bytes;
				return NETA_WORK_FRAME;
			}
			m->wrr_credit[q] = 0;
		}
		m->wrr_turn = q = (q + 1) % MVNETA_MAX_TXQ;
		w = neta_reg(m, MVNETA_TXQ_ARB_CFG_REG(q)) &
		    MVNETA_TXQ_WRR_WEIGHT_MASK;
		if (wrr & MVNETA_BIT(q))
			m->wrr_credit[q] += (int64_t)w *
					    MVNETA_TXQ_WRR_WEIGHT_UNIT;
	}
	/* No queue of the group could send: no surplus is kept idle. */
	if (m->wrr_credit[m->wrr_turn] > 0)
		m->wrr_credit[m->wrr_turn] = 0;
	return NETA_WORK_NONE;
}

/*
 * The queues of MVNETA_TXQ_FIXED_PRIO_CFG first, the highest-numbered
 * one that can send first (all eight at reset: strict priority, queue 7
 * highest), then the others by weighted round robin: a fixed-priority
 * queue with a frame ready always goes before any WRR queue. Neither the
 * order inside the fixed group nor the register's reset value is public
 * (docs/model.md "TX arbiter"): the model takes the stricter reading,
 * under which a busy higher queue starves the lower ones.
 */
enum neta_work
neta_tx_arbitrate(struct neta_model *m)
{
	uint32_t fixed = neta_reg(m, MVNETA_TXQ_FIXED_PRIO_CFG) &
			 MVNETA_TXQ_FIXED_PRIO_ALL;
	uint32_t bytes;
	unsigned int q;

	/* A PAUSE frame received stops the transmitter for its quanta. */
	if (neta_fc_tx_paused(m))
		return NETA_WORK_NONE;
	for (q = MVNETA_MAX_TXQ; q-- != 0;)
		if ((fixed & MVNETA_TXQ_FIXED_PRIO(q)) &&
		    tx_work(m, q, &bytes) == NETA_WORK_FRAME)
			return NETA_WORK_FRAME;
	return tx_wrr(m, ~fixed & MVNETA_TXQ_FIXED_PRIO_ALL);
}
