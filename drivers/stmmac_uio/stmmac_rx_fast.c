/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The RX descriptor codec of net_stmmac_uio (dwmac4 RDES words), the
 * steps the shared burst skeleton (socnic_rx_burst.h) is instantiated
 * with, lettered as there:
 *   A. harvest (stmmac_rx_harvest): released descriptors, one barrier;
 *   B. which groups are clean (stmmac_rx_group_clean), each frame's
 *      lengths (stmmac_rx_frame_len) and verdict (stmmac_rx_hw_csum);
 *   D. the general path (stmmac_rx_desc, stmmac_rx_general.c) and, on
 *      its frames, the IEEE 1588 flags and stamp (stmmac_rx_stamp.c) and
 *      the stripped VLAN tag;
 *   E. the stuck check, refill and tail doorbell (stmmac_rx_poll_end).
 * Why each step is where it is, with the figures: docs/design/rxpath.md
 * and docs/design/families.md.
 */
#include <stdbool.h>
#include <stdint.h>

#include <rte_branch_prediction.h>
#include <rte_common.h>
#include <rte_mbuf.h>
#include <rte_prefetch.h>

#include "rxp_parse.h"
#include "rxp_pool.h"
#include "rxp_prefetch.h"
#include "rxp_sync.h"

#include "socnic_io.h"
#include "socnic_rx.h"
#include "socnic_rx_burst.h"

#include "stmmac_ethdev.h"
#include "stmmac_logs.h"
#include "stmmac_rx_csum.h"

#define STMMAC_RDES3_FD_LD	(RDES3_FIRST_DESCRIPTOR | RDES3_LAST_DESCRIPTOR)

/*
 * A. Harvest: the status words of up to @p max released descriptors, in
 * ring order, stopping at the first the device owns (row 12); one read
 * barrier, then RDES1 (row 13). Descriptor lines of the batch are
 * prefetched once the first is done; coherent, each head too (@p
 * pf_lines). Non-coherent: the next descriptor's line is invalidated
 * alone first, the rest of the batch after it (docs/design/rxpath.md,
 * "Phases" 1 and "Non-coherent DMA").
 */
static __rte_always_inline uint16_t
stmmac_rx_harvest(struct socnic_rx_queue *q, uint32_t *st, uint32_t *s1,
		  uint16_t max, const uint32_t flags)
{
	struct stmmac_rx_queue *rxq = stmmac_rxq(q);
	const bool nc = socnic_rxf_nc(flags);
	/* Coherent: each head prefetched here (the barrier is the sync). */
	const unsigned int pf_lines = nc ? 0 : socnic_rxf_lines(flags);
	volatile struct dwmac4_desc *ring = rxq->q.ring;
	const uint16_t mask = rxq->q.mask;
	const unsigned int shift = nc ? rxq->q.desc_shift :
				   STMMAC_DESC_SHIFT_PACKED;
	/* Descriptors per cache line, for the prefetch below. */
	const uint16_t per_line = nc ? 1 : 4;
	uint16_t avail = (uint16_t)(rxq->q.armed - rxq->q.next);
	uint16_t n, i;

	if (max > avail)
		max = avail;
	if (max == 0)
		return 0;
	if (nc)
		stmmac_ring_for_cpu(&rxq->q.lib.sync, ring, rxq->q.next, 1, mask, shift);
	if (rte_le_to_cpu_32(stmmac_desc(ring, rxq->q.next, mask, shift)->des3) &
	    RDES3_OWN)
		return 0;
	if (nc && max > 1)
		stmmac_ring_for_cpu(&rxq->q.lib.sync, ring, (uint16_t)(rxq->q.next + 1),
				    (uint16_t)(max - 1), mask, shift);
	/* Lines of descriptors after the next one's, from a line start. */
	for (i = per_line; i < max + (rxq->q.next & (per_line - 1)); i += per_line)
		rte_prefetch0((const void *)stmmac_desc(ring,
			(uint16_t)((rxq->q.next & ~(per_line - 1)) + i), mask, shift));
	for (n = 0; n < max; n++) {
		uint32_t des3 = rte_le_to_cpu_32(
			stmmac_desc(ring, (uint16_t)(rxq->q.next + n), mask, shift)->des3);

		if (des3 & RDES3_OWN)
			break;
		st[n] = des3;
		if (pf_lines)
			rxp_prefetch_head_len(&rxq->q.lib.sync,
					      rxq->q.buf_data[(rxq->q.next + n) & mask],
					      pf_lines,
					      des3 & RDES3_PACKET_SIZE_MASK);
	}
	socnic_desc_rmb(&rxq->q.rmb);
	for (i = 0; i < n; i++) {
		volatile struct dwmac4_desc *d =
			stmmac_desc(ring, (uint16_t)(rxq->q.next + i), mask, shift);

		/* RDES2 still armed: a stale status word (stmmac_rx_stale). */
		if (unlikely(d->des2 == rte_cpu_to_le_32(STMMAC_RDES2_ARMED)) &&
		    stmmac_rx_stale(rxq, i))
			return i;
		s1[i] = rte_le_to_cpu_32(d->des1);
	}
	return n;
}

/*
 * B. Whether the @p cnt descriptors from @p st[0] (a quad, or the batch's
 * last 1-3) are complete, error-free, single-buffer frames of acceptable
 * length, none stamped, none with a stripped VLAN tag (error bits OR-ed
 * across the group, VPP ige/iavf style).
 */
static __rte_always_inline bool
stmmac_rx_group_clean(const struct socnic_rx_queue *q, const uint32_t *st,
		      const uint32_t *s1, uint16_t cnt)
{
	const struct stmmac_rx_queue *rxq = stmmac_rxq_const(q);
	const uint32_t len_span = q->max_len - RTE_ETHER_HDR_LEN;
	uint32_t all = UINT32_MAX, any = 0, bad = 0;
	unsigned int k;

	for (k = 0; k < cnt; k++) {
		uint32_t pl = st[k] & RDES3_PACKET_SIZE_MASK;

		all &= st[k];
		any |= st[k];
		/* One unsigned compare: 14 <= len <= max_len. */
		bad |= (uint32_t)(pl - q->fcs_trim - RTE_ETHER_HDR_LEN > len_span);
		bad |= (uint32_t)(pl > rxq->q.buf_size);
	}
	/*
	 * A stamped frame (RDES1 TSA) goes to the general path, which holds
	 * it for the context descriptor after it: inside the group that
	 * descriptor (no FD, no LD) already makes it unclean, so only the
	 * group's last frame is looked at.
	 */
	bad |= s1[cnt - 1] & RDES1_TIMESTAMP_AVAILABLE;
	/*
	 * A tag the MAC reported (RS0V: VLAN stripping on) is the general
	 * path's too: the same test as the errors, nothing more per group.
	 */
	return !bad && (all & STMMAC_RDES3_FD_LD) == STMMAC_RDES3_FD_LD &&
	       !(any & (RDES3_ERROR_SUMMARY | RDES3_RDES0_VALID));
}

/* B. A clean frame: PL, all the device wrote, less the FCS in software. */
static __rte_always_inline uint32_t
stmmac_rx_frame_len(const struct socnic_rx_queue *q, uint32_t rdes3,
		    uint32_t rdes1, uint32_t *wlen)
{
	uint32_t pl = rdes3 & RDES3_PACKET_SIZE_MASK;

	RTE_SET_USED(rdes1);
	*wlen = pl;
	return pl - q->fcs_trim;
}

/* The device's checksum answer, from RDES1. */
static __rte_always_inline struct rxp_hw_csum
stmmac_rx_verdict(uint32_t rdes3, uint32_t rdes1)
{
	RTE_SET_USED(rdes3);
	return stmmac_rx_hw_csum(rdes1);
}

/*
 * D. A frame of the general path: its IEEE 1588 flags and stamp, the
 * VLAN tag the MAC stripped (stmmac_rx_general.c).
 */
static __rte_always_inline void
stmmac_rx_slow_done(struct socnic_rx_queue *q, struct rte_mbuf *mb)
{
	struct stmmac_rx_queue *rxq = stmmac_rxq(q);

	if (unlikely(rxq->ts_ol != 0))
		stmmac_rx_stamp_apply(rxq, mb);
	if (unlikely(rxq->vlan_ol != 0)) {
		mb->vlan_tci = rxq->vlan_tci;
		mb->ol_flags |= rxq->vlan_ol;
		rxq->vlan_ol = 0;
	}
}

/*
 * E. On an empty poll, every STMMAC_RX_STUCK_POLLS of them, ask the
 * device where it stands (row 12: a stopped ring); the refill when due,
 * which writes the tail once.
 */
static __rte_always_inline void
stmmac_rx_poll_end(struct socnic_rx_queue *q, bool empty, const uint32_t flags)
{
	struct stmmac_rx_queue *rxq = stmmac_rxq(q);

	if (empty)
		stmmac_rx_skip_check(rxq);
	if (socnic_rx_refill_due(q)) {
		if (socnic_rxf_nc(flags))
			stmmac_rx_refill_nc(rxq);
		else
			stmmac_rx_refill(rxq);
	}
	PMD_RX_DP_LOG(DEBUG, "port %u: next %u armed %u", q->port_id,
		      q->next, q->armed);
}

static const struct socnic_rx_codec stmmac_rx_codec = {
	.harvest = stmmac_rx_harvest,
	.group_clean = stmmac_rx_group_clean,
	.frame_len = stmmac_rx_frame_len,
	.hw_csum = stmmac_rx_verdict,
	.desc = stmmac_rx_desc,
	.slow_done = stmmac_rx_slow_done,
	.consumed = NULL,
	.missed_update = stmmac_rx_missed_update,
	.poll_end = stmmac_rx_poll_end,
	.lead = 0,
};

/*
 * stmmac_recv_pkts[_nc][_zc][_pf0|_pf1] and, with -Drx_ablation=true,
 * stmmac_recv_pkts_abl_*: socnic_rx_burst.h, SOCNIC_RX_BURSTS.
 */
SOCNIC_RX_BURSTS(stmmac, &stmmac_rx_codec)

eth_rx_burst_t
stmmac_rx_burst_select(const struct stmmac_rx_queue *rxq,
		       const struct stmmac_devargs *da)
{
	return SOCNIC_RX_BURST_PICK(stmmac, &rxq->q, &da->rx,
				    stmmac_logtype_rx);
}
