/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * neta model: the RX engine (docs/model.md "The neta model"). Called with
 * the model lock held.
 *
 * A frame from the traffic source gets its FCS, is steered to a queue
 * (neta_steer()) and, when the queue has enough non-occupied
 * descriptors, is stored as the 2-byte Marvell header (zero), the frame
 * and the FCS, from the packet offset of each buffer on, up to the
 * queue's buffer size per buffer. Each descriptor written back gets the
 * parser's bits; the first FIRST and data_size, the whole stream's length
 * (MH + frame + FCS); the last LAST and the error summary and code. Later
 * descriptors carry their own byte count in data_size. Then the occupied
 * count grows by the descriptors used.
 *
 * The GMAC passes nothing in port reset, with its link down (forced or
 * the partner's) or its port disabled; the destination-address filter
 * (neta_model_filter.c) drops what it does not accept (rx_dropped_filter).
 * A frame longer than GMAC_CTRL_0's limit is stored up to the limit and
 * closed with MVNETA_RXD_ERR_LEN (rx_oversize).
 *
 * Where the hardware would write through a bad pointer (a descriptor armed
 * with address 0, or one outside DMA memory), or where no address decoding
 * window takes the access (mvneta_mbus.h: the read or the write does not
 * happen), the model stops the queue instead, counts the violation and
 * drops what comes to the queue until it is reset (rx_dropped_hung).
 * With a DMA configuration it does not run (neta_dma_config_bad()) it
 * drops each frame (rx_dropped_config).
 */
#include <string.h>

#include "model_crc32.h"
#include "model_fault.h"
#include "model_traffic.h"
#include "model_tsc.h"
#include "neta_model_internal.h"

/* Largest frame the GMAC accepts, MH included (MVNETA_GMAC_CTRL_0). */
uint32_t
neta_rx_max_size(const struct neta_model *m)
{
	uint32_t f = (neta_reg(m, MVNETA_GMAC_CTRL_0) &
		      MVNETA_GMAC_MAX_RX_SIZE_MASK) >>
		     MVNETA_GMAC_MAX_RX_SIZE_SHIFT;

	return f * 2u + MVNETA_MH_SIZE;
}

/* ---- Write-backs held back (fault wb_late) ---- */

static void
land(struct neta_model *m, struct neta_rxq *rq, const struct neta_wb_late *r)
{
	struct mvneta_rx_desc *d = neta_dma_access(m, rq->base +
		(uint64_t)r->idx * MVNETA_DESC_ALIGNED_SIZE, sizeof(*d),
		NETA_DMA_WR, "RX descriptor");

	if (d != NULL) {
		neta_desc_write_back(m, d, r->w0, r->w1);
	}
	NETA_STAT_ADD(m, rx_wb_late_landed, 1);
}

static void
late_remove(struct neta_rxq *rq, unsigned int i)
{
	memmove(&rq->late[i], &rq->late[i + 1],
		(rq->n_late - i - 1) * sizeof(rq->late[0]));
	rq->n_late--;
}

void
neta_rx_land_all(struct neta_model *m, unsigned int q)
{
	struct neta_rxq *rq = &m->rxq[q];

	while (rq->n_late != 0) {
		land(m, rq, &rq->late[0]);
		late_remove(rq, 0);
	}
}

/*
 * A read of RXQ_STATUS(q): write-backs an earlier read counted land now;
 * those still unseen are counted by this read and land at the next one.
 */
void
neta_rx_status_read(struct neta_model *m, unsigned int q)
{
	struct neta_rxq *rq = &m->rxq[q];
	unsigned int i = 0;

	while (i < rq->n_late) {
		if (rq->late[i].seen) {
			land(m, rq, &rq->late[i]);
			late_remove(rq, i);
		} else {
			rq->late[i++].seen = true;
		}
	}
}

/* The driver returns the @p n oldest occupied descriptors of queue @p q. */
void
neta_rx_returned(struct neta_model *m, unsigned int q, uint32_t n)
{
	struct neta_rxq *rq = &m->rxq[q];
	unsigned int i;

	for (; n != 0 && rq->size != 0; n--) {
		for (i = 0; i < rq->n_late; i++) {
			if (rq->late[i].idx != rq->ret)
				continue;
			neta_violation(m, NETA_VIOL_UNWRITTEN_READ,
				       "RX queue %u: descriptor %u returned before its write-back landed",
				       q, rq->ret);
			land(m, rq, &rq->late[i]);
			late_remove(rq, i);
			break;
		}
		rq->ret = (rq->ret + 1) % rq->size;
	}
}

static void
write_back(struct neta_model *m, struct neta_rxq *rq, uint32_t idx,
	   struct mvneta_rx_desc *d, uint32_t w0, uint32_t w1, bool late)
{
	struct neta_wb_late *r;

	if (late) {
		if (rq->n_late == NETA_MODEL_WB_LATE_MAX) {
			land(m, rq, &rq->late[0]);
			late_remove(rq, 0);
		}
		r = &rq->late[rq->n_late++];
		r->idx = idx;
		r->w0 = w0;
		r->w1 = w1;
		r->seen = false;
		NETA_STAT_ADD(m, rx_fault_wb_late, 1);
		return;
	}
	neta_desc_write_back(m, d, w0, w1);
}

/* ---- Faults ---- */

struct rx_plan {
	uint32_t err;		/* ERR_SUMMARY | code, or 0 */
	bool len_lie;
	uint64_t len_r;
	bool late;
};

static void
plan_faults(struct neta_model *m, uint32_t *status, struct rx_plan *pl)
{
	const struct neta_model_faults *f = &m->faults;
	uint64_t r;
	uint32_t l3 = *status & MVNETA_RXD_L3_TYPE_MASK, before;

	memset(pl, 0, sizeof(*pl));
	r = model_fault_rand(f->seed, m->rx_seq, NETA_KNOB_ERR);
	if (model_fault_hit(f->err_ppm, r)) {
		pl->err = MVNETA_RXD_ERR_SUMMARY |
			  (uint32_t)((r >> 8) & 3u) << MVNETA_RXD_ERR_CODE_SHIFT;
		NETA_STAT_ADD(m, rx_fault_err, 1);
	}
	r = model_fault_rand(f->seed, m->rx_seq, NETA_KNOB_LEN);
	if (model_fault_hit(f->len_ppm, r)) {
		pl->len_lie = true;
		pl->len_r = r;
		NETA_STAT_ADD(m, rx_fault_len, 1);
	}
	r = model_fault_rand(f->seed, m->rx_seq, NETA_KNOB_CSUM_LIE);
	if (model_fault_hit(f->csum_lie_ppm, r) && l3 != MVNETA_RXD_L3_UN) {
		before = *status;
		if ((*status & MVNETA_RXD_L4_TYPE_MASK) != MVNETA_RXD_L4_OTHER &&
		    !(*status & MVNETA_RXD_IP4_FRAG))
			*status ^= MVNETA_RXD_L4_CSUM_OK;
		if (l3 == MVNETA_RXD_L3_IP4_OK || l3 == MVNETA_RXD_L3_IP4_ERR)
			*status ^= MVNETA_RXD_L3_IP4;	/* 1 <-> 3 */
		if (*status != before)
			NETA_STAT_ADD(m, rx_fault_csum_lie, 1);
	}
	r = model_fault_rand(f->seed, m->rx_seq, NETA_KNOB_WB_LATE);
	pl->late = model_fault_hit(f->wb_late_ppm, r);
}

/* The lying data_size of a frame whose buffers hold @p room bytes. */
static uint32_t
len_lie(const struct rx_plan *pl, uint32_t room)
{
	uint64_t r = pl->len_r >> 8;
	uint32_t v;

	switch (r % 3u) {
	case 0:
		return 0;
	case 1:
		return (uint32_t)((r >> 4) % (MVNETA_MH_SIZE +
					      MVNETA_ETH_FCS_LEN + 1u));
	default:
		v = room + 1u + (uint32_t)((r >> 4) % 64u);
		return v > 0xffffu ? 0xffffu : v;
	}
}

/* ---- MIB ---- */

static void
mib_rx(struct neta_model *m, const uint8_t *frame, uint32_t len, uint32_t err)
{
	static const uint8_t bcast[6] = { 0xff, 0xff, 0xff, 0xff, 0xff, 0xff };
	uint32_t code = err & MVNETA_RXD_ERR_CODE_MASK;

	if (err != 0) {
		neta_mib_add(m, MVNETA_MIB_BAD_FRAMES_RECEIVED, 1);
		neta_mib_add(m, MVNETA_MIB_BAD_OCTETS_RECEIVED, len);
		if (code == MVNETA_RXD_ERR_CRC)
			neta_mib_add(m, MVNETA_MIB_BAD_CRC_EVENT, 1);
		else if (code == MVNETA_RXD_ERR_OVERRUN)
			neta_mib_add(m, MVNETA_OVERRUN_FRAME_COUNT, 1);
		return;
	}
	neta_mib_add(m, MVNETA_MIB_GOOD_FRAMES_RECEIVED, 1);
	neta_mib_add(m, MVNETA_MIB_GOOD_OCTETS_RECEIVED, len);
	if (memcmp(frame, bcast, 6) == 0)
		neta_mib_add(m, MVNETA_MIB_BROADCAST_FRAMES_RECEIVED, 1);
	else if (frame[0] & 1u)
		neta_mib_add(m, MVNETA_MIB_MULTICAST_FRAMES_RECEIVED, 1);
	if (len <= 64)
		neta_mib_add(m, MVNETA_MIB_FRAMES_64_OCTETS, 1);
	else if (len <= 127)
		neta_mib_add(m, MVNETA_MIB_FRAMES_65_TO_127_OCTETS, 1);
	else if (len <= 255)
		neta_mib_add(m, MVNETA_MIB_FRAMES_128_TO_255_OCTETS, 1);
	else if (len <= 511)
		neta_mib_add(m, MVNETA_MIB_FRAMES_256_TO_511_OCTETS, 1);
	else if (len <= 1023)
		neta_mib_add(m, MVNETA_MIB_FRAMES_512_TO_1023_OCTETS, 1);
	else
		neta_mib_add(m, MVNETA_MIB_FRAMES_1024_TO_MAX_OCTETS, 1);
}

/* ---- The engine ---- */

/* Takes the next frame from the source into rx_frame (after the MH). */
static bool
rx_take(struct neta_model *m)
{
	struct model_traffic_src *src = m->params.rx_src;
	uint8_t *frame = m->rx_frame + MVNETA_MH_SIZE;
	int n;

	if (src == NULL || m->src_done)
		return false;
	n = src->next(src, frame, NETA_MODEL_MAX_FRAME - MODEL_FCS_LEN);
	if (n < 0)
		__atomic_store_n(&m->src_done, true, __ATOMIC_RELEASE);
	if (n <= 0)
		return false;
	m->rx_frame[0] = m->rx_frame[1] = 0;	/* the Marvell header */
	model_crc32_fcs(frame, (size_t)n, frame + n);
	m->rx_len = (uint32_t)n + MODEL_FCS_LEN;
	NETA_STAT_ADD(m, rx_offered, 1);
	m->rx_seq = m->stats.rx_offered;
	m->rx_held = true;
	return true;
}

/*
 * A source that asks for it (the generator's gen_stamp) gets the time the
 * DMA takes the frame, before it stores it to host memory; the stored FCS
 * follows the stamped bytes.
 */
static void
rx_stamp(struct neta_model *m)
{
	const struct model_traffic_src *src = m->params.rx_src;
	uint8_t *frame = m->rx_frame + MVNETA_MH_SIZE;
	uint32_t len = m->rx_len - MODEL_FCS_LEN;
	uint64_t t;

	if (src == NULL || src->stamp_off == 0 || len < src->stamp_off + 8u)
		return;
	t = model_tsc();
	memcpy(frame + src->stamp_off, &t, sizeof(t));
	model_crc32_fcs(frame, len, frame + len);
}

/* The held frame cannot go now: waits (flow control) or is counted lost. */
static enum neta_work
rx_blocked(struct neta_model *m, uint64_t *counter)
{
	if (m->params.flow_control)
		return NETA_WORK_NONE;
	__atomic_store_n(counter, *counter + 1, __ATOMIC_RELAXED);
	m->rx_held = false;
	return NETA_WORK_FRAME;
}

static void
rx_hang(struct neta_model *m, struct neta_rxq *rq)
{
	rq->hung = true;
	neta_fc_room(m, (unsigned int)(rq - m->rxq));
	NETA_STAT_ADD(m, rx_dropped_hung, 1);
	m->rx_held = false;
}

enum neta_work
neta_rx_work(struct neta_model *m)
{
	const uint8_t *frame = m->rx_frame + MVNETA_MH_SIZE;
	struct mvneta_rx_desc *d, dv;
	struct neta_rxq *rq;
	struct rx_plan pl;
	uint32_t status, ndesc, i, idx, done, chunk, w0, w1, buf, total;
	bool oversize;
	unsigned int q;
	void *dst;

	/* The partner honours the XOFF sent (802.3x). */
	if (!m->rx_held && (neta_irq_rx_gated(m) ||
			    neta_fc_partner_waits(m) || !rx_take(m)))
		return NETA_WORK_NONE;
	total = MVNETA_MH_SIZE + m->rx_len;
	if (!neta_gmac_passes(m))
		return rx_blocked(m, &m->stats.rx_dropped_stopped);
	/*
	 * A MAC at another speed or duplex than its link partner cannot
	 * frame what arrives: garbage, dropped (as the dwmac4 model does).
	 */
	if (!neta_gmac_mode_ok(m)) {
		NETA_STAT_ADD(m, rx_dropped_speed, 1);
		m->rx_held = false;
		return NETA_WORK_FRAME;
	}
	/* MAC control frames end in the GMAC (neta_model_fc.c). */
	if (neta_fc_rx(m, frame, m->rx_len - MODEL_FCS_LEN)) {
		m->rx_held = false;
		return NETA_WORK_FRAME;
	}
	if (!neta_da_filter_pass(m, frame)) {
		NETA_STAT_ADD(m, rx_dropped_filter, 1);
		m->rx_held = false;
		return NETA_WORK_FRAME;
	}
	q = neta_steer(m, frame, m->rx_len - MODEL_FCS_LEN);
	rq = &m->rxq[q];
	/*
	 * Steered to a queue RXQ_CMD has not enabled: discarded as for a
	 * queue without descriptors, in the port's discard counter (or held
	 * by flow control, as everything the port cannot take now).
	 */
	if (!rq->enabled) {
		if (!m->params.flow_control) {
			neta_mib_add(m, MVNETA_RX_DISCARD_FRAME_COUNT, 1);
			NETA_STAT_ADD(m, rx_dropped_queue_off, 1);
		}
		return rx_blocked(m, &m->stats.rx_dropped_stopped);
	}
	if (rq->hung) {
		rx_hang(m, rq);
		return NETA_WORK_FRAME;
	}
	/* DMA the model does not run (violation counted at the enable). */
	if (neta_dma_config_bad(m, true) != NULL) {
		NETA_STAT_ADD(m, rx_dropped_config, 1);
		m->rx_held = false;
		return NETA_WORK_FRAME;
	}
	/*
	 * Longer than the GMAC's limit: stored up to the limit and closed
	 * with the max-length error code (Linux mvneta_rx_error() decodes
	 * MVNETA_RXD_ERR_LEN as "max frame length error", with a size).
	 */
	oversize = total > neta_rx_max_size(m);
	if (oversize) {
		neta_mib_add(m, MVNETA_MIB_OVERSIZE_RECEIVED, 1);
		NETA_STAT_ADD(m, rx_oversize, 1);
		total = neta_rx_max_size(m);
	}
	ndesc = (total + rq->buf_size - 1) / rq->buf_size;
	if (ndesc > rq->size) {
		neta_mib_add(m, MVNETA_RX_DISCARD_FRAME_COUNT, 1);
		NETA_STAT_ADD(m, rx_missed, 1);
		m->rx_held = false;
		return NETA_WORK_FRAME;
	}
	if (ndesc > rq->non_occupied) {
		if (!m->params.flow_control)
			neta_mib_add(m, MVNETA_RX_DISCARD_FRAME_COUNT, 1);
		return rx_blocked(m, &m->stats.rx_missed);
	}

	rx_stamp(m);
	status = neta_parse_status(frame, m->rx_len - MODEL_FCS_LEN);
	plan_faults(m, &status, &pl);
	if (oversize && pl.err == 0)
		pl.err = MVNETA_RXD_ERR_SUMMARY | MVNETA_RXD_ERR_LEN;
	if (pl.err != 0 &&
	    (pl.err & MVNETA_RXD_ERR_CODE_MASK) == MVNETA_RXD_ERR_CRC)
		m->rx_frame[total - 1] ^= 0xffu;	/* the FCS is wrong */
	for (i = 0, done = 0; i < ndesc; i++, done += chunk) {
		idx = rq->fill;
		/* Read, then written back: the window must allow both. */
		d = neta_dma_access(m, rq->base + (uint64_t)idx *
				    MVNETA_DESC_ALIGNED_SIZE, sizeof(*d),
				    NETA_DMA_WR, "RX descriptor");
		if (d == NULL) {
			rx_hang(m, rq);
			return NETA_WORK_FRAME;
		}
		neta_dma_read(m, &dv, d, sizeof(dv));
		buf = le32toh(dv.buf_phys_addr);
		chunk = total - done < rq->buf_size ? total - done :
						      rq->buf_size;
		if (buf == 0) {
			neta_violation(m, NETA_VIOL_NULL_BUF,
				       "RX queue %u: descriptor %u armed with buffer address 0",
				       q, idx);
			rx_hang(m, rq);
			return NETA_WORK_FRAME;
		}
		dst = neta_dma_access(m, (uint64_t)buf + rq->pkt_offset, chunk,
				      NETA_DMA_WR, "RX buffer");
		if (dst == NULL) {
			rx_hang(m, rq);
			return NETA_WORK_FRAME;
		}
		neta_dma_write(m, dst, m->rx_frame + done, chunk);
		w0 = status;
		w1 = chunk;
		if (i == 0) {
			w0 |= MVNETA_RXD_FIRST_DESC;
			w1 = pl.len_lie ? len_lie(&pl, ndesc * rq->buf_size) :
					  total;
		}
		if (i == ndesc - 1)
			w0 |= MVNETA_RXD_LAST_DESC | pl.err;
		write_back(m, rq, idx, d, w0, w1 << MVNETA_DESC_SIZE_SHIFT,
			   pl.late);
		rq->fill = (idx + 1) % rq->size;
		rq->occupied++;
		rq->non_occupied--;
		NETA_STAT_ADD(m, rx_desc_used, 1);
	}
	neta_fc_room(m, q);
	mib_rx(m, frame, m->rx_len, pl.err);
	NETA_STAT_ADD(m, rx_delivered, 1);
	if (pl.err != 0)
		NETA_STAT_ADD(m, rx_delivered_err, 1);
	m->rx_held = false;
	neta_irq_eval(m);
	return NETA_WORK_FRAME;
}
