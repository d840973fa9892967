/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * RX queues: setup, start/stop, the general (error, scatter) descriptor
 * path and the refill. The burst variants are in stmmac_rx_fast.c.
 * Ring idiom: slots [next, armed) are the device's, at most N - 1 armed
 * after start; sw_ring[slot] is the mbuf armed in a slot; an armed
 * descriptor carries RDES2 = STMMAC_RDES2_ARMED. Why, and the page pool's
 * in-flight rule: docs/design/rxpath.md, "Ring idiom".
 */
#include <errno.h>
#include <inttypes.h>
#include <string.h>

#include <rte_branch_prediction.h>
#include <rte_common.h>
#include <rte_errno.h>
#include <rte_malloc.h>
#include <rte_mbuf.h>

#include "socnic_io.h"

#include "stmmac_ethdev.h"
#include "stmmac_hw.h"
#include "stmmac_logs.h"

/* Descriptors whose addresses are written per refill chunk. */
#define STMMAC_RX_REFILL_CHUNK		64

/* Drops the frame in progress (socnic_rx_free_chain()) and its PL count. */
static void
stmmac_rx_free_chain(struct stmmac_rx_queue *rxq)
{
	socnic_rx_free_chain(&rxq->q);
	rxq->pkt_cum = 0;
}

static void
stmmac_rx_discard(struct stmmac_rx_queue *rxq, uint64_t *detail, bool last)
{
	socnic_rx_discard(&rxq->q, detail, last);
	rxq->pkt_cum = 0;
}

/*
 * Checks a complete frame of @p len bytes (FCS trimmed). Returns the
 * detail counter to charge, or NULL when the frame is good.
 */
static __rte_always_inline uint64_t *
stmmac_rx_frame_error(struct stmmac_rx_queue *rxq, uint32_t des3,
		      uint32_t len)
{
	if (des3 & RDES3_ERROR_SUMMARY) {
		if (des3 & RDES3_CRC_ERROR)
			rxq->q.stats.rx_crc_errors++;
		return &rxq->q.stats.rx_desc_errors;
	}
	/* Also catches PL <= FCS length: no "len - 4" underflow (row 9). */
	if (len < RTE_ETHER_HDR_LEN)
		return &rxq->q.stats.rx_runts;
	if (len > rxq->q.max_len)
		return &rxq->q.stats.rx_oversize;
	return NULL;
}

static __rte_always_inline uint32_t
stmmac_rx_trimmed(const struct stmmac_rx_queue *rxq, uint32_t pl)
{
	return pl > rxq->q.fcs_trim ? pl - rxq->q.fcs_trim : 0;
}

/* A frame in one descriptor (FD and LD both set). */
static struct rte_mbuf *
stmmac_rx_single(struct stmmac_rx_queue *rxq, uint16_t slot, uint32_t des3)
{
	uint32_t pl = des3 & RDES3_PACKET_SIZE_MASK;
	uint32_t len = stmmac_rx_trimmed(rxq, pl);
	struct rte_mbuf *mb;
	uint64_t *err;

	if (unlikely(pl > rxq->rbsz && !(des3 & RDES3_ERROR_SUMMARY))) {
		/* The device claims more than the buffer holds (row 11). */
		socnic_rx_count_error(&rxq->q, &rxq->q.stats.rx_length_errors);
		return NULL;
	}
	err = stmmac_rx_frame_error(rxq, des3, len);
	if (unlikely(err != NULL)) {
		/* The buffer stays in its slot and is re-armed (row 1). */
		socnic_rx_count_error(&rxq->q, err);
		return NULL;
	}
	/* crc_strip=sw: the FCS the device wrote after the frame. */
	socnic_rx_sync_tail(&rxq->q.lib.sync, rxq->q.buf_data[slot] + len, pl - len,
			    true);
	mb = rxq->q.sw_ring[slot];
	rxq->q.sw_ring[slot] = NULL;
	mb->data_off = RTE_PKTMBUF_HEADROOM;
	mb->data_len = (uint16_t)len;
	mb->pkt_len = len;
	mb->port = rxq->q.port_id;
	return mb;
}

/*
 * One descriptor of a multi-buffer frame, scatter on. Segment lengths come
 * from the device's cumulative PL, never from "non-last segments are
 * full" (row 11, Linux babab1b42ed6): seg = PL - bytes so far.
 */
static struct rte_mbuf *
stmmac_rx_chain(struct stmmac_rx_queue *rxq, uint16_t slot, uint32_t des3)
{
	const bool first = des3 & RDES3_FIRST_DESCRIPTOR;
	const bool last = des3 & RDES3_LAST_DESCRIPTOR;
	uint32_t cum = des3 & RDES3_PACKET_SIZE_MASK;
	struct rte_mbuf *mb;
	uint32_t target, wrote;

	if (first) {
		rxq->pkt_cum = 0;
		rxq->q.pkt_len = 0;
	}
	if (unlikely(cum < rxq->pkt_cum || cum - rxq->pkt_cum > rxq->rbsz)) {
		/* PL went backwards or past one buffer: drop the frame. */
		stmmac_rx_discard(rxq, &rxq->q.stats.rx_length_errors, last);
		return NULL;
	}
	wrote = cum - rxq->pkt_cum;	/* bytes in this buffer */
	rxq->pkt_cum = cum;
	rxq->q.state = SOCNIC_RX_CHAIN;
	/* Non-last PL counts every byte written so far; on LD, trim FCS. */
	target = last ? stmmac_rx_trimmed(rxq, cum) : cum;
	if (target > rxq->q.pkt_len) {
		mb = rxq->q.sw_ring[slot];
		rxq->q.sw_ring[slot] = NULL;
		mb->data_off = RTE_PKTMBUF_HEADROOM;
		mb->data_len = (uint16_t)(target - rxq->q.pkt_len);
		/* crc_strip=sw: the FCS bytes after the data (LD). */
		socnic_rx_sync_tail(&rxq->q.lib.sync, rxq->q.buf_data[slot] + mb->data_len,
				    wrote - mb->data_len, true);
		socnic_rx_chain_add(&rxq->q, mb, mb->data_len);
	} else if (target < rxq->q.pkt_len) {
		/*
		 * The software FCS trim reaches into the previous segment;
		 * this buffer is empty and stays armed in its slot (row 10).
		 */
		uint32_t excess = rxq->q.pkt_len - target;

		if (rxq->q.pkt_last == NULL || excess >= rxq->q.pkt_last->data_len) {
			stmmac_rx_discard(rxq, &rxq->q.stats.rx_length_errors,
					  last);
			return NULL;
		}
		rxq->q.pkt_last->data_len -= excess;
		rxq->q.pkt_len = target;
		rxq->stats.rx_empty_tail_segs++;
		/* The FCS: the previous segment's excess and this buffer. */
		socnic_rx_sync_tail(&rxq->q.lib.sync,
				    rte_pktmbuf_mtod_offset(rxq->q.pkt_last, uint8_t *,
							    rxq->q.pkt_last->data_len),
				    excess, true);
		socnic_rx_sync_tail(&rxq->q.lib.sync, rxq->q.buf_data[slot], wrote, false);
	} else if (last) {
		/* Only the FCS landed here: never hand up a 0-byte segment. */
		rxq->stats.rx_empty_tail_segs++;
		socnic_rx_sync_tail(&rxq->q.lib.sync, rxq->q.buf_data[slot], wrote, false);
	}
	if (!last)
		return NULL;

	/* LD: the frame is complete; errors are reported here (row 6). */
	rxq->pkt_cum = 0;
	return socnic_rx_chain_end(&rxq->q,
		stmmac_rx_frame_error(rxq, des3, rxq->q.pkt_len));
}

/*
 * Any descriptor, any state: the general path. A frame it completes has
 * its lengths and port set; the caller syncs, parses and delivers it.
 */
struct rte_mbuf *
stmmac_rx_desc(struct socnic_rx_queue *q, uint16_t slot, uint32_t des3,
	       uint32_t des1)
{
	struct stmmac_rx_queue *rxq = stmmac_rxq(q);
	const bool last = des3 & RDES3_LAST_DESCRIPTOR;

	RTE_SET_USED(des1);	/* RDES1 is the caller's, for the verdict */

	if (des3 & RDES3_FIRST_DESCRIPTOR) {
		if (rxq->q.state != SOCNIC_RX_IDLE) {
			socnic_rx_abort(&rxq->q);
			rxq->pkt_cum = 0;
		}
		if (last)
			return stmmac_rx_single(rxq, slot, des3);
		if (!rxq->q.scatter) {
			/* Needs several buffers, may not (row 4): drop whole. */
			stmmac_rx_discard(rxq, &rxq->q.stats.rx_scatter_dropped,
					  false);
			return NULL;
		}
		return stmmac_rx_chain(rxq, slot, des3);
	}
	switch (rxq->q.state) {
	case SOCNIC_RX_CHAIN:
		return stmmac_rx_chain(rxq, slot, des3);
	case SOCNIC_RX_IDLE:
		/* A continuation whose first descriptor we never saw. */
		stmmac_rx_discard(rxq, &rxq->q.stats.rx_truncated, last);
		return NULL;
	default:
		/* Discarding: the buffer stays in its slot, re-armed. */
		if (last)
			rxq->q.state = SOCNIC_RX_IDLE;
		return NULL;
	}
}

/* Descriptor words of an armed slot (OWN, in RDES3, comes later). */
static __rte_always_inline void
stmmac_rx_write_addr(volatile struct dwmac4_desc *d, rte_iova_t iova)
{
	d->des0 = rte_cpu_to_le_32((uint32_t)iova);
	d->des1 = rte_cpu_to_le_32((uint32_t)(iova >> 32));
	/* Marks "not written back yet" (STMMAC_RDES2_ARMED). */
	d->des2 = rte_cpu_to_le_32(STMMAC_RDES2_ARMED);
}

/*
 * Arm @p d, the descriptor of @p slot, with @p mb, remembering where its
 * data is (buf_data/buf_iova).
 */
static __rte_always_inline void
stmmac_rx_set_addr(const struct stmmac_rx_queue *rxq,
		   volatile struct dwmac4_desc *d, uint16_t slot,
		   const struct rte_mbuf *mb)
{
	rte_iova_t iova = rxp_pool_dma_addr(rxq->q.lib.pool, mb);

	rxq->q.buf_data[slot] = (const uint8_t *)mb->buf_addr +
			      rxq->q.lib.pool->p.offset;
	rxq->buf_iova[slot] = iova;
	stmmac_rx_write_addr(d, iova);
}

/*
 * E. Refill, once enough slots are free: empty slots from the page pool
 * in bulk, slots still holding a buffer re-armed from buf_iova; addresses,
 * barrier, OWN bits, one tail write (non-coherent: each step's lines
 * cleaned, stmmac_ring.h). A short pool arms the slots before the first
 * empty one and counts rx_nombuf: never OWN without a buffer (row 16).
 * @p nc is a constant of each instance.
 */
static __rte_always_inline void
stmmac_rx_refill_tmpl(struct stmmac_rx_queue *rxq, const bool nc)
{
	struct rte_mbuf *fresh[STMMAC_RX_REFILL_CHUNK];
	volatile struct dwmac4_desc *ring = rxq->ring;
	const unsigned int shift = nc ? rxq->desc_shift :
				   STMMAC_DESC_SHIFT_PACKED;
	struct rte_mbuf **sw = rxq->q.sw_ring;
	const uint16_t mask = rxq->q.mask;
	int room = socnic_rx_room(&rxq->q);
	uint16_t pos = rxq->q.armed, end, s;

	if (!socnic_rx_refill_due(&rxq->q))
		return;
	end = (uint16_t)(pos + room);
	while (pos != end) {
		uint16_t chunk = RTE_MIN((uint16_t)(end - pos),
					 (uint16_t)STMMAC_RX_REFILL_CHUNK);
		unsigned int need = 0, got = 0, used = 0;

		for (s = 0; s < chunk; s++)
			need += sw[(pos + s) & mask] == NULL;
		if (need != 0)
			got = rxp_pool_alloc_bulk(rxq->q.lib.pool, fresh, need);
		for (s = 0; s < chunk; s++) {
			uint16_t slot = (pos + s) & mask;

			if (sw[slot] == NULL) {
				if (used == got)
					break;
				sw[slot] = fresh[used++];
				stmmac_rx_set_addr(rxq, stmmac_desc(ring, slot, mask,
								    shift),
						   slot, sw[slot]);
				continue;
			}
			/* Kept in its slot: same buffer, same address. */
			rxp_pool_rearm_kept(rxq->q.lib.pool, sw[slot]);
			stmmac_rx_write_addr(stmmac_desc(ring, slot, mask, shift),
					     rxq->buf_iova[slot]);
		}
		pos = (uint16_t)(pos + s);
		if (unlikely(got < need)) {
			rxq->q.stats.rx_nombuf += need - got;
			break;
		}
	}
	if (pos == rxq->q.armed)
		return;
	if (nc)
		stmmac_ring_for_device(&rxq->q.lib.sync, ring, rxq->q.armed,
				       (uint16_t)(pos - rxq->q.armed), mask, shift);
	socnic_desc_wmb();
	/* IOC only for RX interrupts with riwt=0 (stmmac_intr.c). */
	for (s = rxq->q.armed; s != pos; s++)
		stmmac_desc(ring, s, mask, shift)->des3 =
			rte_cpu_to_le_32(RDES3_OWN | RDES3_BUFFER1_VALID_ADDR |
					 rxq->des3_ioc);
	if (nc)
		stmmac_ring_for_device(&rxq->q.lib.sync, ring, rxq->q.armed,
				       (uint16_t)(pos - rxq->q.armed), mask, shift);
	rxq->q.armed = pos;
	socnic_write_tail(rxq->q.be, rxq->tail_reg,
			  stmmac_tail_addr(rxq->ring_lo, pos, mask, shift));
}

void
stmmac_rx_refill(struct stmmac_rx_queue *rxq)
{
	stmmac_rx_refill_tmpl(rxq, false);
}

void
stmmac_rx_refill_nc(struct stmmac_rx_queue *rxq)
{
	stmmac_rx_refill_tmpl(rxq, true);
}

/*
 * Completion anomalies (robustness section 3, knob 9). Both are rare
 * paths: the only place the RX path reads a device register besides the
 * missed-frame counter is here, to ask the device where it stands
 * (DMA_CHAN_CUR_RX_DESC, the descriptor it will use next).
 */
static __rte_always_inline uint32_t
stmmac_rx_desc_addr(const struct stmmac_rx_queue *rxq, uint16_t slot)
{
	return stmmac_desc_addr(rxq->ring_lo, slot, rxq->desc_shift);
}

/*
 * Harvest found descriptor next + @p off with OWN clear but RDES2 still
 * holding STMMAC_RDES2_ARMED: its status word was written without a
 * write-back, such as a stale duplicate of the previous frame's status
 * landing on the re-armed descriptor. Its buffer holds no new frame. The
 * device cannot have used it: it is still at this descriptor (and, seeing
 * OWN clear, suspended on it). Then the descriptor is armed again in
 * place (its buffer never left the slot), the tail written again to
 * resume the device, the event counted (rx_desc_stale), and true
 * returned: the harvest stops before the descriptor, which completes
 * normally later. If the device has moved past it, the write-back was
 * genuine and only left RDES2 alone: false, harvested as usual.
 */
bool
stmmac_rx_stale(struct stmmac_rx_queue *rxq, uint16_t off)
{
	uint16_t idx = (uint16_t)(rxq->q.next + off);
	uint16_t slot = idx & rxq->q.mask;
	volatile struct dwmac4_desc *d = stmmac_rxd(rxq, idx);

	if (socnic_read32(rxq->q.be, DMA_CHAN_CUR_RX_DESC(STMMAC_CHAN)) !=
	    stmmac_rx_desc_addr(rxq, slot))
		return false;
	stmmac_rx_set_addr(rxq, d, slot, rxq->q.sw_ring[slot]);
	stmmac_rx_ring_sync(rxq, idx, 1, false);
	socnic_desc_wmb();
	d->des3 = rte_cpu_to_le_32(RDES3_OWN | RDES3_BUFFER1_VALID_ADDR |
				   rxq->des3_ioc);
	stmmac_rx_ring_sync(rxq, idx, 1, false);
	socnic_write_tail(rxq->q.be, rxq->tail_reg,
			  stmmac_tail_addr(rxq->ring_lo, rxq->q.armed, rxq->q.mask,
					   rxq->desc_shift));
	rxq->stats.rx_desc_stale++;
	return true;
}

/*
 * The ring has been idle for STMMAC_RX_STUCK_POLLS empty polls with the
 * next descriptor owned by the device. Normal (no traffic), unless a
 * completion anomaly stopped it; the device's current descriptor
 * (DMA_CHAN_CUR_RX_DESC, the one it uses next) tells which:
 *  - the device is at a descriptor the driver armed that shows OWN clear
 *    but was never written back (RDES2 still STMMAC_RDES2_ARMED): a stale
 *    status word stops the device there (RBU), possibly behind a
 *    descriptor it holds for a frame in progress, where the harvest
 *    cannot reach it. Repaired as by stmmac_rx_stale();
 *  - the device is past the next two descriptors and the one after the
 *    next was written back while the next one is still owned:
 *    write-backs are in ring order, so the device skipped the next one.
 *    The driver moves past it; its buffer stays in the slot and the
 *    refill arms it again in place (the same words: harmless if the
 *    device reads them meanwhile), counted in rx_desc_skipped. A frame
 *    being assembled keeps its state.
 * Bounded: a stopped ring resumes within STMMAC_RX_STUCK_POLLS empty
 * polls per anomaly, never a deadlock. One register read per
 * STMMAC_RX_STUCK_POLLS empty polls, none while frames flow.
 */
void
stmmac_rx_stuck_check(struct stmmac_rx_queue *rxq)
{
	const uint16_t mask = rxq->q.mask;
	uint16_t avail = (uint16_t)(rxq->q.armed - rxq->q.next);
	const unsigned int shift = rxq->desc_shift;
	uint16_t slot = rxq->q.next & mask;
	volatile struct dwmac4_desc *d;
	uint32_t cur, off;

	rxq->stuck_polls = 0;
	if (avail == 0)
		return;
	stmmac_rx_ring_sync(rxq, rxq->q.next, 1, true);
	if (!(rte_le_to_cpu_32(stmmac_rxd(rxq, slot)->des3) & RDES3_OWN))
		return;
	cur = socnic_read32(rxq->q.be, DMA_CHAN_CUR_RX_DESC(STMMAC_CHAN)) -
	      rxq->ring_lo;
	if (cur & ((1u << shift) - 1) || (cur >> shift) >= rxq->q.nb_desc)
		return;
	off = ((cur >> shift) - slot) & mask;
	/* Whatever the device wrote back up to where it stands, fresh. */
	stmmac_rx_ring_sync(rxq, rxq->q.next, avail, true);
	socnic_desc_rmb(&rxq->q.rmb);
	if (off < avail) {
		d = stmmac_rxd(rxq, (uint16_t)(slot + off));
		if (!(rte_le_to_cpu_32(d->des3) & RDES3_OWN) &&
		    d->des2 == rte_cpu_to_le_32(STMMAC_RDES2_ARMED)) {
			stmmac_rx_stale(rxq, (uint16_t)off);
			return;
		}
	}
	if (avail < 2 || off < 2)
		return;		/* the device is not past both */
	d = stmmac_rxd(rxq, (uint16_t)(rxq->q.next + 1));
	if ((rte_le_to_cpu_32(d->des3) & RDES3_OWN) ||
	    d->des2 == rte_cpu_to_le_32(STMMAC_RDES2_ARMED) ||
	    !(rte_le_to_cpu_32(stmmac_rxd(rxq, slot)->des3) & RDES3_OWN)) {
		rxq->skip_suspect = false;
		return;
	}
	/*
	 * Only when two checks in a row (STMMAC_RX_STUCK_POLLS empty polls
	 * apart) find the same descriptor passed over: a device that skipped
	 * it never comes back to it, while one that was only about to write
	 * it back has done so by the second look. Moving past a descriptor
	 * the device then completes would lose its frame.
	 */
	if (!rxq->skip_suspect || rxq->skip_suspect_idx != rxq->q.next) {
		rxq->skip_suspect = true;
		rxq->skip_suspect_idx = rxq->q.next;
		return;
	}
	rxq->skip_suspect = false;
	/*
	 * Take the skipped descriptor back: left with OWN set it looks armed
	 * to a device coming round the ring before the refill re-arms it
	 * (with the tail one past the ring end the device reads descriptor 0
	 * after the last one), which would then write a frame there that the
	 * refill overwrites (a lost frame, seen as a second "skip"). With
	 * OWN clear the device stops there until the refill arms it.
	 */
	stmmac_rxd(rxq, slot)->des3 = 0;
	stmmac_rx_ring_sync(rxq, rxq->q.next, 1, false);
	rxq->q.next++;
	rxq->stats.rx_desc_skipped++;
}

/* Adds an 11-bit saturating hardware count to rx_missed (and its flag). */
static void
stmmac_rx_missed_add(struct stmmac_rx_queue *rxq, uint32_t n, bool saturated)
{
	if (unlikely(saturated))
		__atomic_fetch_add(&rxq->stats.rx_missed_overflow, 1,
				   __ATOMIC_RELAXED);
	if (n != 0)
		__atomic_fetch_add(&rxq->q.stats.rx_missed, n, __ATOMIC_RELAXED);
}

/*
 * Frames lost before the ring, all clear-on-read, folded into rx_missed
 * (imissed): those the DMA flushed for lack of a descriptor
 * (DMA_CHx_Miss_Frame_Cnt, with RPF), and those the MTL RX queue dropped
 * because it was full (MTL_RxQ_Missed_Packet_Overflow_Cnt: OVFPKTCNT, and
 * MISPKTCNT for frames it discarded). Read from the datapath (empty polls)
 * and from stats_get on the control thread: atomic adds keep both.
 */
void
stmmac_rx_missed_update(struct stmmac_rx_queue *rxq)
{
	uint32_t v = socnic_read32(rxq->q.be,
				   DMA_CHAN_MISS_FRAME_CNT(STMMAC_CHAN));
	uint32_t q = socnic_read32(rxq->q.be,
				   DWMAC4_MTL_CHAN_RX_MISSED_PKT_OVF_CNT(0));

	stmmac_rx_missed_add(rxq, v & DWMAC4_DMA_MISS_FRAME_CNT_MFC_MASK,
			     v & DWMAC4_DMA_MISS_FRAME_CNT_MFCO);
	stmmac_rx_missed_add(rxq, q & DWMAC4_MTL_RX_OVFPKTCNT_MASK,
			     q & DWMAC4_MTL_RX_OVFCNTOVF);
	stmmac_rx_missed_add(rxq, (q & DWMAC4_MTL_RX_MISPKTCNT_MASK) >> 16,
			     q & DWMAC4_MTL_RX_MISCNTOVF);
}

int
stmmac_rx_queue_count(void *rx_queue)
{
	struct stmmac_rx_queue *rxq = rx_queue;
	uint16_t avail = (uint16_t)(rxq->q.armed - rxq->q.next);
	uint16_t n;

	stmmac_rx_ring_sync(rxq, rxq->q.next, avail, true);
	for (n = 0; n < avail; n++)
		if (rte_le_to_cpu_32(stmmac_rxd(rxq, (uint16_t)(rxq->q.next + n))->des3) &
		    RDES3_OWN)
			break;
	return n;
}

int
stmmac_rx_descriptor_status(void *rx_queue, uint16_t offset)
{
	struct stmmac_rx_queue *rxq = rx_queue;

	if (unlikely(offset >= rxq->q.nb_desc))
		return -EINVAL;
	if (offset >= (uint16_t)(rxq->q.armed - rxq->q.next))
		return RTE_ETH_RX_DESC_UNAVAIL;
	stmmac_rx_ring_sync(rxq, (uint16_t)(rxq->q.next + offset), 1, true);
	if (rte_le_to_cpu_32(stmmac_rxd(rxq, (uint16_t)(rxq->q.next + offset))->des3) &
	    RDES3_OWN)
		return RTE_ETH_RX_DESC_AVAIL;
	return RTE_ETH_RX_DESC_DONE;
}

/* ---- Control path ---- */

const struct socnic_ring_limits stmmac_ring_limits = {
	.nb_queues = 1,
	.min_desc = STMMAC_MIN_RING_DESC,
	.max_desc = STMMAC_MAX_RING_DESC,
};

/*
 * Descriptor ring of nb_desc descriptors 1 << shift bytes apart
 * (socnic_ring_alloc()): aligned to its own size, it never crosses a
 * 4 GiB line (the tail registers hold only the low 32 bits, the high ones
 * being the base's, model.md), and every descriptor of a padded ring
 * starts a cache line.
 */
const struct rte_memzone *
stmmac_ring_alloc(const struct rte_eth_dev *dev, const char *kind,
		  uint16_t queue_id, uint16_t nb_desc, unsigned int shift,
		  unsigned int socket_id)
{
	return socnic_ring_alloc(dev, "stmmac", kind, queue_id,
				 (size_t)nb_desc << shift, socket_id,
				 stmmac_logtype_driver);
}

/*
 * Gives every buffer the ring or a partial frame holds back to the page
 * pool, then the pool's cache back to the mempool: afterwards nothing is
 * in flight and the mempool's in-use count is what the application holds
 * (robustness row 18, fault invariant "conservation").
 */
/*
 * Frames the device completed that the application never harvested are
 * thrown away with the ring at stop: counted (rx_stop_discarded, one per
 * LD written back before the first descriptor still owned), so that every
 * frame the device took stays accounted for. A frame the device was
 * still writing is the device's to count (it aborts it).
 */
static void
stmmac_rx_count_discarded(struct stmmac_rx_queue *rxq)
{
	uint16_t avail = (uint16_t)(rxq->q.armed - rxq->q.next), i;

	stmmac_rx_ring_sync(rxq, rxq->q.next, avail, true);
	rte_rmb();
	for (i = 0; i < avail; i++) {
		uint32_t des3 = rte_le_to_cpu_32(
			stmmac_rxd(rxq, (uint16_t)(rxq->q.next + i))->des3);

		if (des3 & RDES3_OWN)
			break;
		rxq->q.stats.rx_stop_discarded += (des3 & RDES3_LAST_DESCRIPTOR) != 0;
	}
}

static void
stmmac_rx_queue_free_mbufs(struct stmmac_rx_queue *rxq)
{
	socnic_rx_ring_recycle(rxq->q.lib.pool, rxq->q.sw_ring, rxq->q.nb_desc);
	stmmac_rx_free_chain(rxq);
	rxq->q.state = SOCNIC_RX_IDLE;
	rxq->q.stats.rx_pool_leaked += socnic_rx_pool_drain(rxq->q.lib.pool,
		stmmac_logtype_rx, rxq->q.port_id, rxq->q.queue_id);
}

static void
stmmac_rx_queue_free(struct stmmac_rx_queue *rxq)
{
	if (rxq->q.lib.pool != NULL && rxp_pool_destroy(rxq->q.lib.pool) != 0) {
		/* Logged by the pool; its buffers may still be DMA targets. */
		PMD_RX_LOG(ERR, "port %u: RX queue %u: page pool leaked (%" PRIu64 " in flight)",
			   rxq->q.port_id, rxq->q.queue_id,
			   rxp_pool_inflight(rxq->q.lib.pool));
	}
	socnic_rxq_small_pool_free(rxq->q.lib.small_mp, stmmac_logtype_rx);
	rte_memzone_free(rxq->q.mz);
	rte_free(rxq->q.sw_ring);
	rte_free(rxq);
}

void
stmmac_rx_queue_release(struct rte_eth_dev *dev, uint16_t queue_id)
{
	struct stmmac_rx_queue *rxq = dev->data->rx_queues[queue_id];

	if (rxq == NULL)
		return;
	if (rxq->q.started)
		stmmac_rx_queue_stop(rxq);
	else
		stmmac_rx_queue_free_mbufs(rxq);
	stmmac_rx_queue_free(rxq);
	dev->data->rx_queues[queue_id] = NULL;
}

/*
 * lib/rxpath objects of a queue (socnic_rxq.h's steps, into the queue's
 * own fields, which the bursts read): the DMA sync variant, the page pool
 * over the application's mempool, copybreak and, for zerocopy=0, the
 * copy-everything state. Returns 0 or a negative errno.
 */
static int
stmmac_rx_queue_lib_setup(struct stmmac_rx_queue *rxq,
			  const struct stmmac_devargs *da,
			  unsigned int socket_id)
{
	struct socnic_rxq_lib_conf lc;
	int ret;

	socnic_rxq_lib_conf_init(&lc, &da->rx, da->coe);
	lc.pmd = "stmmac";
	lc.logtype = stmmac_logtype_rx;
	lc.port_id = rxq->q.port_id;
	lc.queue_id = rxq->q.queue_id;
	lc.nb_desc = rxq->q.nb_desc;
	lc.socket_id = socket_id;
	lc.mp = rxq->q.mp;
	lc.be = rxq->q.be;
	lc.max_len = rxq->rbsz;
	ret = socnic_rxq_sync_pool_setup(&rxq->q.lib.sync, &rxq->q.lib.pool, &lc);
	if (ret == 0)
		ret = socnic_rxq_copy_setup(&rxq->q.lib.cb, &rxq->q.lib.copyall, rxq->q.lib.pool,
					    &rxq->q.lib.small_mp, &rxq->q.lib.buf_mode, &lc);
	if (ret < 0)
		return ret;
	rxq->q.lib.csum_mode = lc.csum;
	rxq->q.hw_csum = socnic_rxq_reads_hw_csum(&lc);
	rxq->q.lib.prefetch_body = socnic_rxq_prefetch_body(&lc);
	rxq->q.data_off = (uint16_t)rxq->q.lib.pool->p.offset;
	return 0;
}

int
stmmac_rx_queue_setup(struct rte_eth_dev *dev, uint16_t queue_id,
		      uint16_t nb_desc, unsigned int socket_id,
		      const struct rte_eth_rxconf *conf, struct rte_mempool *mp)
{
	struct stmmac_adapter *ad = stmmac_adapter(dev);
	uint16_t port = dev->data->port_id;
	struct stmmac_rx_queue *rxq;
	uint32_t room, rbsz;
	uint16_t thresh;
	int ret;

	ret = socnic_queue_setup_check(stmmac_logtype_rx, port, "RX", queue_id,
				       &nb_desc, conf->rx_deferred_start,
				       &stmmac_ring_limits);
	/*
	 * RBSZ is a multiple of the bus width (its low bits are read-only
	 * zero) in [64, 16380], and for a non-coherent device a whole number
	 * of DMA granules (scatter fills buffers whole: a partial last line
	 * would be shared with what follows the buffer): round it down.
	 */
	if (ret == 0)
		ret = socnic_rx_buf_size(stmmac_logtype_rx, port, mp,
					 STMMAC_RBSZ_MIN, STMMAC_RBSZ_MAX,
					 RTE_MAX(ad->bus_bytes,
						 ad->da.rx.dma_noncoherent ?
						 ad->dma_align : STMMAC_RBSZ_ALIGN),
					 &room, &rbsz);
	if (ret == 0)
		ret = socnic_rx_free_thresh(stmmac_logtype_rx, port,
					    conf->rx_free_thresh,
					    STMMAC_RX_FREE_THRESH, nb_desc,
					    &thresh);
	if (ret < 0)
		return ret;

	stmmac_rx_queue_release(dev, queue_id);
	rxq = rte_zmalloc_socket("stmmac_rxq", sizeof(*rxq),
				 RTE_CACHE_LINE_SIZE, (int)socket_id);
	if (rxq == NULL)
		return -ENOMEM;
	/* sw_ring, buf_iova, buf_data: one allocation. */
	rxq->q.sw_ring = rte_zmalloc_socket("stmmac_rx_sw_ring",
					  (sizeof(rxq->q.sw_ring[0]) +
					   sizeof(rxq->buf_iova[0]) +
					   sizeof(rxq->q.buf_data[0])) * nb_desc,
					  RTE_CACHE_LINE_SIZE, (int)socket_id);
	rxq->q.mz = stmmac_ring_alloc(dev, "rx", queue_id, nb_desc, ad->desc_shift,
				    socket_id);
	if (rxq->q.sw_ring == NULL || rxq->q.mz == NULL) {
		rte_memzone_free(rxq->q.mz);
		rte_free(rxq->q.sw_ring);
		rte_free(rxq);
		return -ENOMEM;
	}
	rxq->buf_iova = (rte_iova_t *)(rxq->q.sw_ring + nb_desc);
	rxq->q.buf_data = (const uint8_t **)(rxq->buf_iova + nb_desc);
	rxq->ring = rxq->q.mz->addr;
	rxq->q.ring_iova = rxq->q.mz->iova;
	rxq->ring_lo = (uint32_t)rxq->q.ring_iova;
	rxq->q.be = &ad->be;
	rxq->q.rmb.fn = ad->be.ops->rx_barrier;	/* NULL but on a test model */
	rxq->q.rmb.ctx = ad->be.ctx;
	rxq->q.nb_desc = nb_desc;
	rxq->q.mask = nb_desc - 1;
	rxq->q.cap = nb_desc - 1;	/* tail == head: an empty ring */
	rxq->desc_shift = ad->desc_shift;
	rxq->pbl = ad->da.rxpbl;
	rxq->q.free_thresh = thresh;
	rxq->q.port_id = port;
	rxq->q.queue_id = queue_id;
	rxq->rbsz = rbsz;
	rxq->q.room = rbsz;
	rxq->tail_reg = DMA_CHAN_RX_END_ADDR(STMMAC_CHAN);
	rxq->q.mp = mp;
	rxq->q.offloads = conf->offloads | dev->data->dev_conf.rxmode.offloads;
	ret = stmmac_rx_queue_lib_setup(rxq, &ad->da, socket_id);
	if (ret < 0) {
		stmmac_rx_queue_free(rxq);
		return ret;
	}
	dev->data->rx_queues[queue_id] = rxq;
	/*
	 * The burst variant for this memory model, buffer mode and prefetch
	 * policy, chosen here once (conventions point 6).
	 */
	dev->rx_pkt_burst = stmmac_rx_burst_select(rxq, &ad->da);
	PMD_RX_LOG(INFO, "port %u: RX queue %u: %u descriptors, %u-byte buffers, refill at %u, sync %s, %s, csum %s",
		   port, queue_id, nb_desc, rbsz, thresh, rxq->q.lib.sync.variant,
		   rxq->q.lib.buf_mode == SOCNIC_RXB_COPY ? "copy-all" :
		   rxq->q.lib.buf_mode == SOCNIC_RXB_CB ? "zero-copy + copybreak" :
		   "zero-copy", socnic_csum_mode_name(rxq->q.lib.csum_mode));
	return 0;
}

/*
 * Arms the whole ring and programs the channel, RX DMA still stopped.
 * Fails cleanly (nothing allocated is kept) when the pool cannot fill the
 * ring (robustness row 17).
 */
int
stmmac_rx_queue_start(struct rte_eth_dev *dev, struct stmmac_rx_queue *rxq)
{
	const struct socnic_backend *be = rxq->q.be;
	uint64_t offloads = rxq->q.offloads | dev->data->dev_conf.rxmode.offloads;
	unsigned int got;
	uint16_t i;

	rxq->q.scatter = offloads & RTE_ETH_RX_OFFLOAD_SCATTER;
	rxq->q.keep_crc = offloads & RTE_ETH_RX_OFFLOAD_KEEP_CRC;
	/*
	 * The MAC strips the FCS (CST|ACS) unless KEEP_CRC or crc_strip=sw;
	 * with crc_strip=sw it stores the FCS and software trims it, from
	 * the device's cumulative length (a last segment holding only FCS
	 * bytes is freed, never handed up: row 10).
	 */
	rxq->q.fcs_trim = stmmac_adapter(dev)->da.crc_strip_sw && !rxq->q.keep_crc ?
			RTE_ETHER_CRC_LEN : 0;
	rxq->q.max_len = socnic_rx_max_len(dev, dev->data->mtu);
	/* crc_strip=sw: the MAC stores 4 more bytes (the FCS) per frame. */
	if (!rxq->q.scatter && rxq->q.max_len + rxq->q.fcs_trim > rxq->q.room) {
		PMD_RX_LOG(ERR, "port %u: MTU %u needs %u-byte frames, buffers hold %u: enable scatter or use larger mbufs",
			   rxq->q.port_id, dev->data->mtu, rxq->q.max_len,
			   rxq->q.room);
		return -EINVAL;
	}
	/*
	 * Without scatter the device is given only what the longest frame
	 * needs (with slack for an FCS), in whole cache lines, like Linux
	 * stmmac's 1536-byte buffers at MTU 1500: every buffer's sync for
	 * the device then covers that, not the whole mbuf (24 lines instead
	 * of 32 at MTU 1500). A longer frame spills into a second
	 * descriptor and is dropped as oversize (row 4), as it would be
	 * anyway. With scatter the buffers are used whole.
	 */
	rxq->rbsz = rxq->q.scatter ? rxq->q.room :
		RTE_MIN(rxq->q.room, RTE_ALIGN_CEIL(rxq->q.max_len + RTE_ETHER_CRC_LEN,
			stmmac_adapter(dev)->dma_align));
	if (rxp_pool_set_max_len(rxq->q.lib.pool, rxq->rbsz) < 0)
		return -EINVAL;
	got = rxp_pool_alloc_bulk(rxq->q.lib.pool, rxq->q.sw_ring, rxq->q.nb_desc);
	if (got != rxq->q.nb_desc) {
		PMD_RX_LOG(ERR, "port %u: mempool %s cannot fill %u RX descriptors (%u available)",
			   rxq->q.port_id, rxq->q.mp->name, rxq->q.nb_desc,
			   rte_mempool_avail_count(rxq->q.mp) + got);
		for (i = 0; i < got; i++)
			rxp_pool_recycle_direct(rxq->q.lib.pool, rxq->q.sw_ring[i]);
		rxp_pool_flush(rxq->q.lib.pool);
		memset(rxq->q.sw_ring, 0, sizeof(rxq->q.sw_ring[0]) * rxq->q.nb_desc);
		return -ENOMEM;
	}
	memset(rxq->q.mz->addr, 0, (size_t)rxq->q.nb_desc << rxq->desc_shift);
	for (i = 0; i < rxq->q.nb_desc; i++)
		stmmac_rx_set_addr(rxq, stmmac_rxd(rxq, i), i, rxq->q.sw_ring[i]);
	stmmac_rx_ring_sync(rxq, 0, rxq->q.nb_desc, false);
	socnic_desc_wmb();
	for (i = 0; i < rxq->q.nb_desc; i++)
		stmmac_rxd(rxq, i)->des3 = rte_cpu_to_le_32(RDES3_OWN |
			RDES3_BUFFER1_VALID_ADDR | rxq->des3_ioc);
	stmmac_rx_ring_sync(rxq, 0, rxq->q.nb_desc, false);
	rxq->q.next = 0;
	rxq->q.armed = rxq->q.nb_desc;
	rxq->q.state = SOCNIC_RX_IDLE;
	rxq->stuck_polls = 0;

	/* Channel registers, in Linux dwmac4_dma_init_rx_chan() order. */
	socnic_write32(be, DMA_CHAN_RX_BASE_ADDR_HI(STMMAC_CHAN),
		       (uint32_t)(rxq->q.ring_iova >> 32));
	socnic_write32(be, DMA_CHAN_RX_BASE_ADDR(STMMAC_CHAN), rxq->ring_lo);
	socnic_write32(be, DMA_CHAN_RX_RING_LEN(STMMAC_CHAN),
		       DWMAC4_DMA_RING_LEN(rxq->q.nb_desc));
	socnic_write32(be, DMA_CHAN_RX_CONTROL(STMMAC_CHAN),
		       stmmac_rx_control(rxq, false));
	/* t = N: the whole ring is armed. */
	socnic_write_tail(be, rxq->tail_reg,
			  stmmac_tail_addr(rxq->ring_lo, rxq->q.armed, rxq->q.mask,
					   rxq->desc_shift));
	rxq->q.started = true;
	return 0;
}

/*
 * DMA_CHx_Rx_Control: the buffer size, the burst length (RxPBL; with
 * PBLx8 in DMA_CHx_Control, Linux dwmac4_dma_init_rx_chan()), and SR.
 * PBL 0 is no burst at all: the channel would not run.
 */
uint32_t
stmmac_rx_control(const struct stmmac_rx_queue *rxq, bool start)
{
	return rxq->rbsz << DMA_RBSZ_SHIFT |
	       rxq->pbl << DMA_BUS_MODE_RPBL_SHIFT |
	       (start ? DMA_CONTROL_SR : 0);
}

void
stmmac_rx_queue_enable_dma(struct stmmac_rx_queue *rxq)
{
	socnic_write32(rxq->q.be, DMA_CHAN_RX_CONTROL(STMMAC_CHAN),
		       stmmac_rx_control(rxq, true));
}

/*
 * Stops RX DMA and waits until its process reads Stopped (the databook's
 * SR: it stops after the frame in transfer, whose descriptors and buffers
 * are the device's until then), then gives every buffer the ring or a
 * partial frame holds back to the page pool and the pool's cache to the
 * mempool (row 18), and forgets the ring: the next start arms it from
 * index 0, where the device restarts too. A DMA that never stops is
 * logged; its buffers are recycled anyway (the port is going down).
 */
void
stmmac_rx_queue_stop(struct stmmac_rx_queue *rxq)
{
	if (!rxq->q.started)
		return;
	socnic_write32(rxq->q.be, DMA_CHAN_RX_CONTROL(STMMAC_CHAN),
		       stmmac_rx_control(rxq, false));
	stmmac_hw_wait_dma_stopped(rxq->q.be, rxq->q.port_id, STMMAC_CHAN + 1, false);
	stmmac_rx_missed_update(rxq);
	stmmac_rx_count_discarded(rxq);
	stmmac_rx_queue_free_mbufs(rxq);
	memset(rxq->q.mz->addr, 0, (size_t)rxq->q.nb_desc << rxq->desc_shift);
	stmmac_rx_ring_sync(rxq, 0, rxq->q.nb_desc, false);
	rxq->q.next = 0;
	rxq->q.armed = 0;
	rxq->q.started = false;
}
