/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The RX descriptor codec of net_mvneta_uio (NETA's counted ring), the
 * steps the shared burst skeleton (socnic_rx_burst.h) is instantiated
 * with, lettered as there:
 *
 *   A. harvest: RXQ_STATUS's occupied count, read barrier, each counted
 *      descriptor's w1 checked against the watermark (written back?),
 *      read barrier, the status words;
 *   B. which groups are clean, each frame's length without the Marvell
 *      header and FCS (the bytes synced: all the device wrote), the
 *      status word's checksum answer;
 *   D. the general path (mvneta_rx_desc, mvneta_rxq.c);
 *   E. refill, then one RXQ_STATUS_UPDATE for the processed and the
 *      re-armed descriptors (mvneta_rxq_status_update).
 */
#include <stdbool.h>
#include <stdint.h>

#include <rte_branch_prediction.h>
#include <rte_common.h>
#include <rte_mbuf.h>

#include "rxp_prefetch.h"
#include "rxp_sync.h"

#include "socnic_io.h"
#include "socnic_rx.h"
#include "socnic_rx_burst.h"

#include "mvneta_ethdev.h"
#include "mvneta_logs.h"
#include "mvneta_rx_csum.h"

/*
 * A. Harvest up to @p max descriptors the device filled, in ring order.
 * The occupied count is read only when the one kept from the last read
 * cannot serve the request (musdk's desc_received); then one read barrier
 * (no descriptor word read before the count that covers it, row 13), and
 * each descriptor's w1 is compared with the watermark the refill left
 * there: the count may run ahead of the write-back, and the harvest stops
 * at the first descriptor not written yet (rx_wb_pending; it is read
 * again on the next poll). A second barrier orders the status words after
 * the w1 that proved them written. Non-coherent: the lines are
 * cleaned+invalidated first; coherent: each head is prefetched once its
 * w1 proved it written (@p flags' head lines).
 */
static __rte_always_inline uint16_t
mvneta_rx_harvest(struct socnic_rx_queue *q, uint32_t *st, uint32_t *sz,
		  uint16_t max, const uint32_t flags)
{
	struct mvneta_rx_queue *rxq = mvneta_rxq(q);
	const bool nc = socnic_rxf_nc(flags);
	/* Coherent: each head prefetched here (the barrier is the sync). */
	const unsigned int pf_lines = nc ? 0 : socnic_rxf_lines(flags);
	volatile struct mvneta_rx_desc *ring = rxq->q.ring;
	const uint16_t mask = rxq->q.mask;
	uint16_t n, i;

	if (rxq->filled < max) {
		uint32_t occ = socnic_read32(rxq->q.be, rxq->status_reg) &
			       MVNETA_RXQ_OCCUPIED_ALL_MASK;
		uint16_t avail = (uint16_t)(rxq->q.armed - rxq->q.next);

		/* Occupied still counts what this burst harvested. */
		rxq->filled = (uint16_t)RTE_MIN(occ - rxq->done, (uint32_t)avail);
	}
	n = RTE_MIN(max, rxq->filled);
	if (n == 0)
		return 0;
	socnic_desc_rmb(&rxq->q.rmb);
	if (nc)
		mvneta_ring_maint(&rxq->q.lib.sync, ring, rxq->q.next, n, mask, true);
	for (i = 0; i < n; i++) {
		uint32_t w1 = rte_le_to_cpu_32(ring[(rxq->q.next + i) & mask].size);

		if (unlikely(w1 == MVNETA_DESC_WATERMARK)) {
			/*
			 * Not landed: read RXQ_STATUS again next time (the
			 * register read is what a late write-back waits for).
			 */
			rxq->stats.rx_wb_pending++;
			rxq->filled = i;
			break;
		}
		sz[i] = w1;
		if (pf_lines)
			rxp_prefetch_head_len(&q->lib.sync,
					      q->buf_data[(q->next + i) & mask],
					      pf_lines, MVNETA_DESC_DATA_SIZE(w1));
	}
	rte_io_rmb();	/* as socnic_desc_rmb(): the sizes before the status words */
	for (n = 0; n < i; n++)
		st[n] = rte_le_to_cpu_32(ring[(rxq->q.next + n) & mask].status);
	return i;
}

/*
 * B. Whether the @p cnt descriptors from @p st[0] (a quad, or the batch's
 * last 1-3) are complete, error-free, single-buffer frames of acceptable
 * length (error bits OR-ed across the group, VPP ige/iavf style).
 * data_size counts the header and the FCS: one unsigned compare per frame
 * keeps MH + FCS + 14 <= data_size <= min(the MTU's, the buffer).
 */
static __rte_always_inline bool
mvneta_rx_group_clean(const struct socnic_rx_queue *q, const uint32_t *st,
		      const uint32_t *sz, uint16_t cnt)
{
	const struct mvneta_rx_queue *rxq = mvneta_rxq_const(q);
	const uint32_t lo = MVNETA_MH_SIZE + q->fcs_trim + RTE_ETHER_HDR_LEN;
	const uint32_t hi = RTE_MIN(MVNETA_MH_SIZE + q->fcs_trim + q->max_len,
				    rxq->q.buf_size);
	uint32_t all = UINT32_MAX, any = 0, bad = 0;
	unsigned int k;

	for (k = 0; k < cnt; k++) {
		all &= st[k];
		any |= st[k];
		bad |= (uint32_t)(MVNETA_DESC_DATA_SIZE(sz[k]) - lo > hi - lo);
	}
	return !bad && (all & MVNETA_RXD_FIRST_LAST_DESC) ==
	       MVNETA_RXD_FIRST_LAST_DESC && !(any & MVNETA_RXD_ERR_SUMMARY);
}

/*
 * B. A clean frame: its length without header and FCS. Synced (@p wlen):
 * all the device wrote, header and FCS included (Linux
 * mvneta_swbm_rx_frame() syncs data_size), not only what the CPU reads:
 * an FCS in a line of its own left valid in the cache is written back
 * over the device's bytes once the buffer's next owner writes that line.
 */
static __rte_always_inline uint32_t
mvneta_rx_frame_len(const struct socnic_rx_queue *q, uint32_t status,
		    uint32_t size, uint32_t *wlen)
{
	uint32_t dsize = MVNETA_DESC_DATA_SIZE(size);

	RTE_SET_USED(status);
	*wlen = dsize;
	return dsize - MVNETA_MH_SIZE - q->fcs_trim;
}

/* The device's checksum answer, from the status word. */
static __rte_always_inline struct rxp_hw_csum
mvneta_rx_verdict(uint32_t status, uint32_t size)
{
	RTE_SET_USED(size);
	return mvneta_rx_hw_csum(status);
}

/* D. What the burst processed leaves occupied: given back at E. */
static __rte_always_inline void
mvneta_rx_consumed(struct socnic_rx_queue *q, uint16_t n)
{
	struct mvneta_rx_queue *rxq = mvneta_rxq(q);

	rxq->filled = (uint16_t)(rxq->filled - n);
	rxq->done = (uint16_t)(rxq->done + n);
}

/*
 * E. The refill when due, then the device hears once: processed and
 * re-armed counts in RXQ_STATUS_UPDATE (255 of each per write).
 */
static __rte_always_inline void
mvneta_rx_poll_end(struct socnic_rx_queue *q, bool empty, const uint32_t flags)
{
	struct mvneta_rx_queue *rxq = mvneta_rxq(q);
	uint16_t armed;

	RTE_SET_USED(empty);
	armed = !socnic_rx_refill_due(q) ? 0 :
		socnic_rxf_nc(flags) ? mvneta_rx_refill_nc(rxq) :
		mvneta_rx_refill(rxq);
	if (rxq->done != 0 || armed != 0) {
		/* The re-armed descriptors' stores before the count. */
		socnic_desc_wmb();
		mvneta_rxq_status_update(q->be, rxq->update_reg, rxq->done,
					 armed);
		rxq->done = 0;
	}
	PMD_RX_DP_LOG(DEBUG, "port %u: next %u armed %u", q->port_id,
		      q->next, q->armed);
}

static const struct socnic_rx_codec mvneta_rx_codec = {
	.harvest = mvneta_rx_harvest,
	.group_clean = mvneta_rx_group_clean,
	.frame_len = mvneta_rx_frame_len,
	.hw_csum = mvneta_rx_verdict,
	.desc = mvneta_rx_desc,
	.slow_done = NULL,
	.consumed = mvneta_rx_consumed,
	.missed_update = mvneta_rx_missed_update,
	.poll_end = mvneta_rx_poll_end,
	.lead = MVNETA_MH_SIZE,
};

/*
 * mvneta_recv_pkts[_nc][_zc][_pf0|_pf1] and, with -Drx_ablation=true,
 * mvneta_recv_pkts_abl_*: socnic_rx_burst.h, SOCNIC_RX_BURSTS.
 */
SOCNIC_RX_BURSTS(mvneta, &mvneta_rx_codec)

eth_rx_burst_t
mvneta_rx_burst_select(const struct mvneta_rx_queue *rxq,
		       const struct mvneta_devargs *da)
{
	return SOCNIC_RX_BURST_PICK(mvneta, &rxq->q, &da->rx,
				    mvneta_logtype_rx);
}
