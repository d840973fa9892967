/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The RX burst of net_stmmac_uio, lettered as in socnic_rx.h:
 *   A. harvest (stmmac_rx_harvest): released descriptors, one barrier;
 *   B. classify (stmmac_rx_classify): clean groups (quads, and the
 *      n % 4 frames after them) into a normalised batch;
 *   C. sync + head prefetch + copybreak allocation (socnic_rx.h);
 *   D. deliver (stmmac_rx_deliver): clean groups by the shared step, the
 *      rest by the general path (stmmac_rx_desc, stmmac_rxq.c);
 *   E. refill and tail doorbell (stmmac_rxq.c).
 * One always-inline template, instantiated per memory model, buffer mode
 * and head prefetch, installed once at queue setup; nothing of these is
 * tested per packet. Why each step is where it is, with the figures:
 * docs/design/rxpath.md and docs/design/families.md.
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

#include "stmmac_ethdev.h"
#include "stmmac_logs.h"
#include "stmmac_rx_csum.h"

/*
 * Empty polls between two reads of the missed-frame counter. MFC holds
 * 2047 frames; 64 empty polls take a few microseconds, far less than the
 * 1.4 ms 2047 minimum-size frames take at 1 Gbit/s, and a miss needs an
 * exhausted ring, which a poll finding nothing cannot have left behind.
 */
#define STMMAC_RX_MISSED_POLLS		64

/* Descriptors harvested per pass: bounds the on-stack status arrays. */
#define STMMAC_RX_HARVEST_MAX		SOCNIC_RX_BATCH_MAX

#define STMMAC_RDES3_FD_LD	(RDES3_FIRST_DESCRIPTOR | RDES3_LAST_DESCRIPTOR)

/* The verdict counters are indexed by lib/rxpath's enum, in this order. */
#define STMMAC_VCNT_OFF(f) offsetof(struct stmmac_rxq_stats, f)
_Static_assert(STMMAC_VCNT_OFF(rx_ip_bad) == STMMAC_VCNT_OFF(rx_ip_good) + 8 * RXP_CNT_IP_BAD &&
	       STMMAC_VCNT_OFF(rx_ip_unknown) == STMMAC_VCNT_OFF(rx_ip_good) + 8 * RXP_CNT_IP_UNKNOWN &&
	       STMMAC_VCNT_OFF(rx_l4_good) == STMMAC_VCNT_OFF(rx_ip_good) + 8 * RXP_CNT_L4_GOOD &&
	       STMMAC_VCNT_OFF(rx_l4_bad) == STMMAC_VCNT_OFF(rx_ip_good) + 8 * RXP_CNT_L4_BAD &&
	       STMMAC_VCNT_OFF(rx_l4_unknown) == STMMAC_VCNT_OFF(rx_ip_good) + 8 * RXP_CNT_L4_UNKNOWN &&
	       RXP_CNT_IP_GOOD == 0,
	       "rx_ip_good..rx_l4_unknown must follow RXP_VERDICT_COUNTERS");
#undef STMMAC_VCNT_OFF

/* The device's checksum answer, or none where the queue does not read it. */
static __rte_always_inline struct rxp_hw_csum
stmmac_rx_hw(const struct stmmac_rx_queue *rxq, uint32_t rdes1)
{
	return rxq->hw_csum ? stmmac_rx_hw_csum(rdes1) : RXP_HW_CSUM_NONE;
}

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
stmmac_rx_harvest(struct stmmac_rx_queue *rxq, uint32_t *st, uint32_t *s1,
		  uint16_t max, const bool nc, const unsigned int pf_lines)
{
	volatile struct dwmac4_desc *ring = rxq->ring;
	const uint16_t mask = rxq->mask;
	const unsigned int shift = nc ? rxq->desc_shift :
				   STMMAC_DESC_SHIFT_PACKED;
	/* Descriptors per cache line, for the prefetch below. */
	const uint16_t per_line = nc ? 1 : 4;
	uint16_t avail = (uint16_t)(rxq->armed - rxq->next);
	uint16_t n, i;

	if (max > avail)
		max = avail;
	if (max == 0)
		return 0;
	if (nc)
		stmmac_ring_for_cpu(&rxq->sync, ring, rxq->next, 1, mask, shift);
	if (rte_le_to_cpu_32(stmmac_desc(ring, rxq->next, mask, shift)->des3) &
	    RDES3_OWN)
		return 0;
	if (nc && max > 1)
		stmmac_ring_for_cpu(&rxq->sync, ring, (uint16_t)(rxq->next + 1),
				    (uint16_t)(max - 1), mask, shift);
	/* Lines of descriptors after the next one's, from a line start. */
	for (i = per_line; i < max + (rxq->next & (per_line - 1)); i += per_line)
		rte_prefetch0((const void *)stmmac_desc(ring,
			(uint16_t)((rxq->next & ~(per_line - 1)) + i), mask, shift));
	for (n = 0; n < max; n++) {
		uint32_t des3 = rte_le_to_cpu_32(
			stmmac_desc(ring, (uint16_t)(rxq->next + n), mask, shift)->des3);

		if (des3 & RDES3_OWN)
			break;
		st[n] = des3;
		if (pf_lines)
			rxp_prefetch_head_len(&rxq->sync,
					      rxq->buf_data[(rxq->next + n) & mask],
					      pf_lines,
					      des3 & RDES3_PACKET_SIZE_MASK);
	}
	socnic_desc_rmb(&rxq->rmb);
	for (i = 0; i < n; i++) {
		volatile struct dwmac4_desc *d =
			stmmac_desc(ring, (uint16_t)(rxq->next + i), mask, shift);

		/* RDES2 still armed: a stale status word (stmmac_rx_stale). */
		if (unlikely(d->des2 == rte_cpu_to_le_32(STMMAC_RDES2_ARMED)) &&
		    stmmac_rx_stale(rxq, i))
			return i;
		s1[i] = rte_le_to_cpu_32(d->des1);
	}
	return n;
}

/*
 * Whether the @p cnt descriptors from @p st[0] (a quad, or the batch's
 * last 1-3) are complete, error-free, single-buffer frames of acceptable
 * length (error bits OR-ed across the group, VPP ige/iavf style), taking
 * the fast path.
 */
static __rte_always_inline bool
stmmac_rx_group_clean(const struct stmmac_rx_queue *rxq, const uint32_t *st,
		      uint16_t cnt)
{
	const uint32_t len_span = rxq->max_len - RTE_ETHER_HDR_LEN;
	uint32_t all = UINT32_MAX, any = 0, bad = 0;
	unsigned int k;

	for (k = 0; k < cnt; k++) {
		uint32_t pl = st[k] & RDES3_PACKET_SIZE_MASK;

		all &= st[k];
		any |= st[k];
		/* One unsigned compare: 14 <= len <= max_len. */
		bad |= (uint32_t)(pl - rxq->fcs_trim - RTE_ETHER_HDR_LEN > len_span);
		bad |= (uint32_t)(pl > rxq->rbsz);
	}
	return !bad && (all & STMMAC_RDES3_FD_LD) == STMMAC_RDES3_FD_LD &&
	       !(any & RDES3_ERROR_SUMMARY);
}

/*
 * B. The group of @p cnt frames from @p i: if clean, its frames go into
 * the normalised batch @p b (data, length, the device's checksum answer
 * decoded from RDES1), with their sync and head prefetch queued; if not,
 * its mbufs are prefetched for the general path.
 */
static __rte_always_inline void
stmmac_rx_classify_group(const struct stmmac_rx_queue *rxq,
			 const struct socnic_rx_view *v, const uint32_t *st,
			 const uint32_t *s1, struct socnic_rx_batch *b,
			 uint16_t i, uint16_t cnt, const bool nc,
			 const unsigned int bmode, const unsigned int lines,
			 const bool before)
{
	uint16_t k;

	if (unlikely(!stmmac_rx_group_clean(rxq, st + i, cnt))) {
		socnic_rx_prefetch_mbufs(v, b, i, cnt);
		return;
	}
	b->clean |= 1u << (i / 4);
	for (k = 0; k < cnt; k++) {
		uint16_t j = (uint16_t)(i + k);
		uint32_t pl = st[j] & RDES3_PACKET_SIZE_MASK;

		b->f->len[j] = pl - rxq->fcs_trim;
		b->f->hw[j] = stmmac_rx_hw(rxq, s1[j]);
		socnic_rx_batch_add(v, b, j, rxq->buf_data[(b->base + j) & v->mask],
				    pl, nc, bmode, lines, before);
	}
}

/*
 * B. Classify the batch (pass 1): each quad, then the n % 4 frames after
 * them as one group. Every head of the batch is requested before the
 * first one is parsed, so up to 32 misses overlap instead of four
 * (docs/design/rxpath.md).
 */
static __rte_always_inline void
stmmac_rx_classify(const struct stmmac_rx_queue *rxq,
		   const struct socnic_rx_view *v, const uint32_t *st,
		   const uint32_t *s1, struct socnic_rx_batch *b,
		   const bool nc, const unsigned int bmode,
		   const unsigned int lines, const bool before)
{
	const uint16_t nq = b->n & ~3u;
	uint16_t i;

	RTE_BUILD_BUG_ON(STMMAC_RX_HARVEST_MAX > SOCNIC_RX_BATCH_MAX);
	RTE_BUILD_BUG_ON(SOCNIC_RX_BATCH_MAX / 4 > 32);
	for (i = 0; i < nq; i += 4)
		stmmac_rx_classify_group(rxq, v, st, s1, b, i, 4, nc, bmode,
					 lines, before);
	if (nq != b->n)
		stmmac_rx_classify_group(rxq, v, st, s1, b, nq,
					 (uint16_t)(b->n - nq), nc, bmode,
					 lines, before);
	socnic_rx_batch_sync(v, b, nc, bmode, lines, before);
}

/*
 * D. Deliver in ring order (pass 2): a clean group found between frames
 * through the shared step; anything else (errors, chains, a frame in
 * progress) through the general path stmmac_rx_desc, which syncs what it
 * delivers itself. A clean group after a frame the general path left
 * unfinished goes there too (synced twice: harmless; its small mbufs are
 * freed).
 */
static __rte_always_inline uint16_t
stmmac_rx_deliver(struct stmmac_rx_queue *rxq, const struct socnic_rx_view *v,
		  const uint32_t *st, const uint32_t *s1,
		  struct socnic_rx_batch *b, struct rte_mbuf **pkts,
		  const bool nc, const unsigned int bmode,
		  const unsigned int lines, const bool before)
{
	const uint16_t n = b->n;
	unsigned int handoff = 0;
	uint64_t bytes = 0;
	uint16_t i, nb = 0, k;

	for (i = 0; i < n; i += 4) {
		if (likely((b->clean & (1u << (i / 4))) &&
			   rxq->state == STMMAC_RX_IDLE)) {
			nb = socnic_rx_deliver_clean(v, b, i, pkts, nb, &handoff,
						     &bytes, rxq->prefetch_body,
						     bmode, lines, before);
			continue;
		}
		for (k = 0; k < 4 && i + k < n; k++) {
			struct rte_mbuf *mb = stmmac_rx_desc(rxq,
				(b->base + i + k) & v->mask, st[i + k], s1[i + k]);

			if (mb == NULL)
				continue;
			bytes += mb->pkt_len;
			pkts[nb++] = socnic_rx_deliver_slow(v, mb,
				stmmac_rx_hw(rxq, s1[i + k]), nc, bmode, lines,
				before, &handoff);
		}
	}
	socnic_rx_batch_end(b);
	rxq->next = (uint16_t)(b->base + n);
	rxp_pool_handoff(rxq->pool, handoff);
	rxq->stats.rx_packets += nb;
	/* ibytes exclude the FCS even when the application keeps it. */
	rxq->stats.rx_bytes += bytes - (rxq->keep_crc ? (uint64_t)nb * RTE_ETHER_CRC_LEN : 0);
	return nb;
}

/* B to D for the @p n descriptors harvested into @p st and @p s1. */
static __rte_always_inline uint16_t
stmmac_rx_process(struct stmmac_rx_queue *rxq, const uint32_t *st,
		  const uint32_t *s1, uint16_t n, struct rte_mbuf **pkts,
		  const bool nc, const unsigned int bmode,
		  const unsigned int lines, const bool before)
{
	const struct socnic_rx_view v = {
		.sw_ring = rxq->sw_ring,
		.cb = bmode == SOCNIC_RXB_COPY ? &rxq->copyall : &rxq->cb,
		.sync = &rxq->sync,
		.vcnt = &rxq->stats.rx_ip_good,
		.csum_mode = rxq->csum_mode,
		.mask = rxq->mask,
		.port_id = rxq->port_id,
		.data_off = RTE_PKTMBUF_HEADROOM,
		.lead = 0,
	};
	struct socnic_rx_frames f;
	struct socnic_rx_batch b;

	socnic_rx_batch_init(&b, &f, rxq->next, n);
	stmmac_rx_classify(rxq, &v, st, s1, &b, nc, bmode, lines, before);
	return stmmac_rx_deliver(rxq, &v, st, s1, &b, pkts, nc, bmode, lines,
				 before);
}

/*
 * RX burst template.
 * Policy:
 *  - allocation failure: the refill stops at the first slot it cannot
 *    fill, counts rx_nombuf, and is retried on the next call; frames keep
 *    arriving into the slots still armed, then the device counts misses;
 *    an empty copybreak pool sends small frames zero-copy;
 *  - errors (ES, runt, oversize, bad PL, truncated, scatter off): the
 *    frame is dropped and counted once in ierrors; single-buffer frames
 *    keep their buffer in place, chained ones recycle their buffers into
 *    the page pool; a checksum error is a flag, never a drop;
 *  - a frame not finished when the burst ends is kept in the queue and
 *    resumed on the next call;
 *  - the tail is written once, at the end, and only if slots were armed.
 */
static __rte_always_inline uint16_t
stmmac_rx_burst_tmpl(void *rx_queue, struct rte_mbuf **rx_pkts,
		     uint16_t nb_pkts, const bool nc, const unsigned int bmode,
		     const unsigned int lines, const bool before)
{
	struct stmmac_rx_queue *rxq = rx_queue;
	uint32_t st[STMMAC_RX_HARVEST_MAX];
	uint32_t s1[STMMAC_RX_HARVEST_MAX];
	uint16_t nb_rx = 0, want, n;
	bool empty = true, exhausted = false;

	/* A stopped queue (rte_eth_dev_rx_queue_stop) has no ring to poll. */
	if (unlikely(nb_pkts == 0 || !rxq->started))
		return 0;
	do {
		/* A frame uses >= 1 descriptor: never more frames than asked. */
		want = RTE_MIN((uint16_t)(nb_pkts - nb_rx),
			       (uint16_t)STMMAC_RX_HARVEST_MAX);
		n = stmmac_rx_harvest(rxq, st, s1, want, nc, nc ? 0 : lines);
		if (n == 0)
			break;
		empty = false;
		/*
		 * Every armed descriptor came back: the device ran out of
		 * them and may be dropping frames now. Fold its 11-bit
		 * missed counters before they can saturate (at 1 Gbit/s
		 * 2047 minimum-size frames take 1.4 ms).
		 */
		if (unlikely(n == (uint16_t)(rxq->armed - rxq->next)))
			exhausted = true;
		nb_rx += stmmac_rx_process(rxq, st, s1, n, rx_pkts + nb_rx,
					   nc, bmode, lines, before);
	} while (n == want && nb_rx < nb_pkts);

	/*
	 * Fold the 11-bit clear-on-read missed counter while it cannot
	 * overflow: on every STMMAC_RX_MISSED_POLLS-th empty poll (a register
	 * read is an uncached bus access; the device counts misses only
	 * while the ring is exhausted, i.e. while polls are not empty).
	 */
	if ((empty && (++rxq->empty_polls & (STMMAC_RX_MISSED_POLLS - 1)) == 0) ||
	    exhausted)
		stmmac_rx_missed_update(rxq);
	if (empty)
		stmmac_rx_skip_check(rxq);	/* row 12: a stopped ring */
	if (stmmac_rx_refill_due(rxq)) {
		if (nc)
			stmmac_rx_refill_nc(rxq);
		else
			stmmac_rx_refill(rxq);
	}
	PMD_RX_DP_LOG(DEBUG, "port %u: %u frames, next %u armed %u",
		      rxq->port_id, nb_rx, rxq->next, rxq->armed);
	return nb_rx;
}

/*
 * The production variants, one per configuration a port can run, each
 * with a name one finds in perf and with grep (as ixgbe_recv_pkts_vec):
 *
 *   stmmac_recv_pkts[_nc][_zc][_pf0|_pf1]
 *
 * _nc: cache maintenance around every DMA (dma=noncoherent); _zc:
 * zero-copy only (copybreak=0), else zero-copy + copybreak; _pf0/_pf1:
 * head lines prefetched (prefetch=0|1), else 2. The head is prefetched
 * after the sync. stmmac_recv_pkts is the default of a coherent port.
 */
#define STMMAC_RECV_PKTS(name, nc, bm, l)				static uint16_t								name(void *q, struct rte_mbuf **pkts, uint16_t n)			{										return stmmac_rx_burst_tmpl(q, pkts, n, nc, bm, l, false);	}

STMMAC_RECV_PKTS(stmmac_recv_pkts, false, SOCNIC_RXB_CB, 2)
STMMAC_RECV_PKTS(stmmac_recv_pkts_pf1, false, SOCNIC_RXB_CB, 1)
STMMAC_RECV_PKTS(stmmac_recv_pkts_pf0, false, SOCNIC_RXB_CB, 0)
STMMAC_RECV_PKTS(stmmac_recv_pkts_zc, false, SOCNIC_RXB_ZC, 2)
STMMAC_RECV_PKTS(stmmac_recv_pkts_zc_pf1, false, SOCNIC_RXB_ZC, 1)
STMMAC_RECV_PKTS(stmmac_recv_pkts_zc_pf0, false, SOCNIC_RXB_ZC, 0)
STMMAC_RECV_PKTS(stmmac_recv_pkts_nc, true, SOCNIC_RXB_CB, 2)
STMMAC_RECV_PKTS(stmmac_recv_pkts_nc_pf1, true, SOCNIC_RXB_CB, 1)
STMMAC_RECV_PKTS(stmmac_recv_pkts_nc_pf0, true, SOCNIC_RXB_CB, 0)
STMMAC_RECV_PKTS(stmmac_recv_pkts_nc_zc, true, SOCNIC_RXB_ZC, 2)
STMMAC_RECV_PKTS(stmmac_recv_pkts_nc_zc_pf1, true, SOCNIC_RXB_ZC, 1)
STMMAC_RECV_PKTS(stmmac_recv_pkts_nc_zc_pf0, true, SOCNIC_RXB_ZC, 0)

_Static_assert(SOCNIC_RXB_ZC == 0 && SOCNIC_RXB_CB == 1 &&
	       SOCNIC_RXB_COPY == 2 && SOCNIC_RXB_NB == 3,
	       "the variant tables are indexed by enum socnic_rx_buf_mode");
_Static_assert(RXP_PREFETCH_HEAD_LINES_MAX == 2,
	       "one production variant per head-line count 0..2");

/* [memory model][buffer mode ZC, CB][head lines] */
static const eth_rx_burst_t stmmac_rx_variants[2][2][3] = {
	{ { stmmac_recv_pkts_zc_pf0, stmmac_recv_pkts_zc_pf1, stmmac_recv_pkts_zc },
	  { stmmac_recv_pkts_pf0, stmmac_recv_pkts_pf1, stmmac_recv_pkts } },
	{ { stmmac_recv_pkts_nc_zc_pf0, stmmac_recv_pkts_nc_zc_pf1, stmmac_recv_pkts_nc_zc },
	  { stmmac_recv_pkts_nc_pf0, stmmac_recv_pkts_nc_pf1, stmmac_recv_pkts_nc } },
};

/*
 * The ablation-only variants (tests/bench/ablation.py), built with meson
 * -Drx_ablation=true: the head prefetched before the sync (the old Linux
 * order), and copy-all (zerocopy=0), for every memory model, buffer mode
 * and head-line count: stmmac_recv_pkts_abl_<nc>_<buffers>_<lines>_<before>.
 */
#ifdef SOCNIC_RX_ABLATION
#define STMMAC_RXV(nc, bm, l, b) stmmac_recv_pkts_abl_ ## nc ## _ ## bm ## _ ## l ## _ ## b
#define STMMAC_RXV_DEF(nc, bm, l, b)					static uint16_t								STMMAC_RXV(nc, bm, l, b)(void *q, struct rte_mbuf **pkts, uint16_t n)	{										return stmmac_rx_burst_tmpl(q, pkts, n, nc, bm, l, b);		}
#define STMMAC_RXV_DEF_L(nc, bm, l)						STMMAC_RXV_DEF(nc, bm, l, 0) STMMAC_RXV_DEF(nc, bm, l, 1)
#define STMMAC_RXV_DEF_BM(nc, bm)						STMMAC_RXV_DEF_L(nc, bm, 0) STMMAC_RXV_DEF_L(nc, bm, 1)			STMMAC_RXV_DEF_L(nc, bm, 2)
#define STMMAC_RXV_DEF_NC(nc)							STMMAC_RXV_DEF_BM(nc, 0) STMMAC_RXV_DEF_BM(nc, 1)			STMMAC_RXV_DEF_BM(nc, 2)

STMMAC_RXV_DEF_NC(0)
STMMAC_RXV_DEF_NC(1)

#define STMMAC_RXV_ROW_L(nc, bm, l)						{ STMMAC_RXV(nc, bm, l, 0), STMMAC_RXV(nc, bm, l, 1) }
#define STMMAC_RXV_ROW_BM(nc, bm)						{ STMMAC_RXV_ROW_L(nc, bm, 0), STMMAC_RXV_ROW_L(nc, bm, 1),		  STMMAC_RXV_ROW_L(nc, bm, 2) }
#define STMMAC_RXV_ROW_NC(nc)							{ STMMAC_RXV_ROW_BM(nc, 0), STMMAC_RXV_ROW_BM(nc, 1),			  STMMAC_RXV_ROW_BM(nc, 2) }

static const eth_rx_burst_t
stmmac_rx_ablation_variants[2][SOCNIC_RXB_NB][RXP_PREFETCH_HEAD_LINES_MAX + 1][2] = {
	STMMAC_RXV_ROW_NC(0),
	STMMAC_RXV_ROW_NC(1),
};
#endif /* SOCNIC_RX_ABLATION */

eth_rx_burst_t
stmmac_rx_burst_select(const struct stmmac_rx_queue *rxq,
		       const struct stmmac_devargs *da)
{
	unsigned int nc = rxq->sync.mode != RXP_SYNC_COHERENT;
	unsigned int lines = RTE_MIN(da->rx.prefetch_lines,
				     (uint8_t)RXP_PREFETCH_HEAD_LINES_MAX);
	bool ablation = da->rx.prefetch_before ||
			rxq->buf_mode == SOCNIC_RXB_COPY;

	PMD_RX_LOG(DEBUG, "port %u: RX burst variant sync=%s buffers=%u prefetch=%u%s%s",
		   rxq->port_id, nc ? "cache maintenance" : "coherent",
		   (unsigned int)rxq->buf_mode, lines,
		   da->rx.prefetch_before ? " before the sync" : "",
		   ablation ? " (ablation)" : "");
#ifdef SOCNIC_RX_ABLATION
	if (ablation)
		return stmmac_rx_ablation_variants[nc][rxq->buf_mode][lines]
						  [da->rx.prefetch_before];
#else
	/* The devargs refuse what selects them (socnic_devargs.c). */
	if (ablation)
		return NULL;
#endif
	return stmmac_rx_variants[nc][rxq->buf_mode][lines];
}
