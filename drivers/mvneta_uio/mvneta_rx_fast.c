/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The RX burst of net_mvneta_uio on the shared steps of
 * drivers/common/socnic (socnic_rx.h) and lib/rxpath, lettered as there:
 *
 *   A. harvest: RXQ_STATUS's occupied count, read barrier, each counted
 *      descriptor's w1 checked against the watermark (written back?),
 *      read barrier, the status words;
 *   B. classify: the clean single-buffer groups (quads, and the n % 4
 *      frames after them) into the normalised batch
 *      (the frame after the Marvell header, its length without header
 *      and FCS, the status word's checksum answer);
 *   C. sync what the device wrote and the CPU reads, the header and the
 *      frame (non-coherent), prefetch the heads, the whole batch before
 *      the first parse;
 *   D. copybreak or zero-copy, parse + verdict, counters; anything else
 *      through the general path (mvneta_rx_desc);
 *   E. refill, then one RXQ_STATUS_UPDATE for the processed and the
 *      re-armed descriptors (mvneta_rxq_status_update).
 *
 * One always-inline template, instantiated per configuration with
 * constant parameters and installed once at queue setup: the memory model
 * (coherent, or non-coherent with per-line maintenance), the buffer mode
 * (zero-copy, + copybreak, copy-all), the head lines prefetched and
 * where; the production ones are named (mvneta_recv_pkts[_nc][_zc][_pfN]),
 * the ablation ones built only for the benchmark.
 */
#include <stdbool.h>
#include <stdint.h>

#include <rte_branch_prediction.h>
#include <rte_common.h>
#include <rte_mbuf.h>
#include <rte_prefetch.h>

#include "rxp_prefetch.h"
#include "rxp_sync.h"

#include "socnic_io.h"
#include "socnic_rx.h"
#include "socnic_rxq.h"

#include "mvneta_ethdev.h"
#include "mvneta_logs.h"
#include "mvneta_rx_csum.h"

/* Empty polls between two reads of the missed-frame counters. */
#define MVNETA_RX_MISSED_POLLS	64

/* The verdict counters, in lib/rxpath's order (socnic_rx_verdicts). */
#define MVNETA_VCNT_OFF(f) offsetof(struct mvneta_rxq_stats, f)
_Static_assert(MVNETA_VCNT_OFF(rx_ip_bad) == MVNETA_VCNT_OFF(rx_ip_good) + 8 * RXP_CNT_IP_BAD &&
	       MVNETA_VCNT_OFF(rx_ip_unknown) == MVNETA_VCNT_OFF(rx_ip_good) + 8 * RXP_CNT_IP_UNKNOWN &&
	       MVNETA_VCNT_OFF(rx_l4_good) == MVNETA_VCNT_OFF(rx_ip_good) + 8 * RXP_CNT_L4_GOOD &&
	       MVNETA_VCNT_OFF(rx_l4_bad) == MVNETA_VCNT_OFF(rx_ip_good) + 8 * RXP_CNT_L4_BAD &&
	       MVNETA_VCNT_OFF(rx_l4_unknown) == MVNETA_VCNT_OFF(rx_ip_good) + 8 * RXP_CNT_L4_UNKNOWN &&
	       RXP_CNT_IP_GOOD == 0,
	       "rx_ip_good..rx_l4_unknown must follow RXP_VERDICT_COUNTERS");
#undef MVNETA_VCNT_OFF

/* The device's checksum answer, or none with coe=0. */
static __rte_always_inline struct rxp_hw_csum
mvneta_hw(const struct mvneta_rx_queue *rxq, uint32_t status)
{
	return rxq->hw_csum ? mvneta_rx_hw_csum(status) : RXP_HW_CSUM_NONE;
}

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
 * cleaned+invalidated first.
 */
static __rte_always_inline uint16_t
mvneta_rx_harvest(struct mvneta_rx_queue *rxq, uint32_t *st, uint32_t *sz,
		  uint16_t max, const bool nc)
{
	volatile struct mvneta_rx_desc *ring = rxq->ring;
	const uint16_t mask = rxq->mask;
	uint16_t n, i;

	if (rxq->filled < max) {
		uint32_t occ = socnic_read32(rxq->be,
				MVNETA_RXQ_STATUS_REG(MVNETA_RXQ)) &
			       MVNETA_RXQ_OCCUPIED_ALL_MASK;
		uint16_t avail = (uint16_t)(rxq->armed - rxq->next);

		/* Occupied still counts what this burst harvested. */
		rxq->filled = (uint16_t)RTE_MIN(occ - rxq->done, (uint32_t)avail);
	}
	n = RTE_MIN(max, rxq->filled);
	if (n == 0)
		return 0;
	socnic_desc_rmb(&rxq->rmb);
	if (nc)
		mvneta_ring_maint(&rxq->lib.sync, ring, rxq->next, n, mask, true);
	for (i = 0; i < n; i++) {
		uint32_t w1 = rte_le_to_cpu_32(ring[(rxq->next + i) & mask].size);

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
	}
	rte_io_rmb();	/* as socnic_desc_rmb(): the sizes before the status words */
	for (n = 0; n < i; n++)
		st[n] = rte_le_to_cpu_32(ring[(rxq->next + n) & mask].status);
	return i;
}

/*
 * Whether the @p cnt descriptors from @p st[0] (a quad, or the batch's
 * last 1-3) are complete, error-free, single-buffer frames of acceptable
 * length (error bits OR-ed across the group, VPP ige/iavf style), taking
 * the fast path. data_size counts the header and the FCS: one unsigned
 * compare per frame keeps MH + FCS + 14 <= data_size <= min(the MTU's,
 * the buffer).
 */
static __rte_always_inline bool
mvneta_rx_group_clean(const struct mvneta_rx_queue *rxq, const uint32_t *st,
		      const uint32_t *sz, uint16_t cnt)
{
	const uint32_t lo = MVNETA_MH_SIZE + rxq->fcs_trim + RTE_ETHER_HDR_LEN;
	const uint32_t hi = RTE_MIN(MVNETA_MH_SIZE + rxq->fcs_trim + rxq->max_len,
				    rxq->buf_size);
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
 * B. The group of @p cnt frames from @p i: if clean, its frames go into
 * the normalised batch (socnic_rx_batch_add(): where the frame is, its
 * length without header and FCS, the device's checksum answer, the bytes
 * written from the header on to sync) and, coherent, their heads are
 * prefetched; if not, its mbufs are prefetched for the general path.
 */
static __rte_always_inline void
mvneta_rx_classify_group(const struct mvneta_rx_queue *rxq,
			 const struct socnic_rx_view *v, const uint32_t *st,
			 const uint32_t *sz, struct socnic_rx_batch *b,
			 uint16_t i, uint16_t cnt, const bool nc,
			 const unsigned int bmode, const unsigned int lines,
			 const bool before)
{
	uint16_t k;

	if (unlikely(!mvneta_rx_group_clean(rxq, st + i, sz + i, cnt))) {
		socnic_rx_prefetch_mbufs(v, b, i, cnt);
		return;
	}
	b->clean |= 1u << (i / 4);
	for (k = 0; k < cnt; k++) {
		uint16_t j = (uint16_t)(i + k);
		uint32_t dsize = MVNETA_DESC_DATA_SIZE(sz[j]);

		b->f->len[j] = dsize - MVNETA_MH_SIZE - rxq->fcs_trim;
		b->f->hw[j] = mvneta_hw(rxq, st[j]);
		/*
		 * Synced: all the device wrote, header and FCS included
		 * (Linux mvneta_swbm_rx_frame() syncs data_size), not only
		 * what the CPU reads: an FCS in a line of its own left valid
		 * in the cache is written back over the device's bytes once
		 * the buffer's next owner writes that line.
		 */
		socnic_rx_batch_add(v, b, j, rxq->buf_data[(b->base + j) & v->mask],
				    dsize, nc, bmode, lines, before);
	}
}

/*
 * B. Classify the batch: each quad, then the n % 4 frames after them as
 * one group; coherent, the heads of the clean ones after the harvest's
 * barrier. C (socnic_rx_batch_sync()) then syncs the whole batch and
 * prefetches every head before the first parse.
 */
static __rte_always_inline void
mvneta_rx_classify(const struct mvneta_rx_queue *rxq,
		   const struct socnic_rx_view *v, const uint32_t *st,
		   const uint32_t *sz, struct socnic_rx_batch *b,
		   const bool nc, const unsigned int bmode,
		   const unsigned int lines, const bool before)
{
	const uint16_t nq = b->n & ~3u;
	uint16_t i, k;

	RTE_BUILD_BUG_ON(MVNETA_RX_HARVEST_MAX > SOCNIC_RX_BATCH_MAX);
	for (i = 0; i < nq; i += 4)
		mvneta_rx_classify_group(rxq, v, st, sz, b, i, 4, nc, bmode,
					 lines, before);
	if (nq != b->n)
		mvneta_rx_classify_group(rxq, v, st, sz, b, nq,
					 (uint16_t)(b->n - nq), nc, bmode,
					 lines, before);
	/* Coherent: the heads after the harvest's barrier. */
	for (i = 0; !nc && i < b->n; i += 4)
		if (b->clean & (1u << (i / 4)))
			for (k = 0; k < socnic_rx_group_len(b, i); k++)
				rxp_prefetch_head(v->sync, b->f->data[i + k],
						  lines);
	socnic_rx_batch_sync(v, b, nc, bmode, lines, before);
}

/*
 * D. Deliver in ring order: a clean group found between frames through
 * the shared step; anything else (errors, chains, a frame in progress)
 * through the general path mvneta_rx_desc, whose frames are synced and
 * finished by socnic_rx_deliver_slow().
 */
static __rte_always_inline uint16_t
mvneta_rx_deliver(struct mvneta_rx_queue *rxq, const struct socnic_rx_view *v,
		  const uint32_t *st, const uint32_t *sz,
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
			   rxq->state == MVNETA_RX_IDLE)) {
			nb = socnic_rx_deliver_clean(v, b, i, pkts, nb, &handoff,
						     &bytes, rxq->lib.prefetch_body,
						     bmode, lines, before);
			continue;
		}
		for (k = 0; k < 4 && i + k < n; k++) {
			struct rte_mbuf *mb = mvneta_rx_desc(rxq,
				(b->base + i + k) & v->mask, st[i + k], sz[i + k]);

			if (mb == NULL)
				continue;
			bytes += mb->pkt_len;
			pkts[nb++] = socnic_rx_deliver_slow(v, mb,
				mvneta_hw(rxq, st[i + k]), nc, bmode, lines,
				before, &handoff);
		}
	}
	socnic_rx_batch_end(b);
	rxq->next = (uint16_t)(b->base + n);
	rxq->filled = (uint16_t)(rxq->filled - n);
	rxq->done = (uint16_t)(rxq->done + n);
	rxp_pool_handoff(rxq->lib.pool, handoff);
	rxq->stats.rx_packets += nb;
	/* ibytes exclude the FCS even when the application keeps it. */
	rxq->stats.rx_bytes += bytes - (rxq->keep_crc ? (uint64_t)nb * RTE_ETHER_CRC_LEN : 0);
	return nb;
}

/* B to D for the @p n descriptors harvested into @p st and @p sz. */
static __rte_always_inline uint16_t
mvneta_rx_process(struct mvneta_rx_queue *rxq, const uint32_t *st,
		  const uint32_t *sz, uint16_t n, struct rte_mbuf **pkts,
		  const bool nc, const unsigned int bmode,
		  const unsigned int lines, const bool before)
{
	const struct socnic_rx_view v = {
		.sw_ring = rxq->sw_ring,
		.cb = bmode == SOCNIC_RXB_COPY ? &rxq->lib.copyall : &rxq->lib.cb,
		.sync = &rxq->lib.sync,
		.vcnt = &rxq->stats.rx_ip_good,
		.csum_mode = rxq->lib.csum_mode,
		.mask = rxq->mask,
		.port_id = rxq->port_id,
		/* The frame after the Marvell header (mvneta_rx_set_buf()). */
		.data_off = (uint16_t)(rxq->lib.pool->p.offset + MVNETA_MH_SIZE),
		.lead = MVNETA_MH_SIZE,
	};
	struct socnic_rx_frames f;
	struct socnic_rx_batch b;

	socnic_rx_batch_init(&b, &f, rxq->next, n);
	mvneta_rx_classify(rxq, &v, st, sz, &b, nc, bmode, lines, before);
	return mvneta_rx_deliver(rxq, &v, st, sz, &b, pkts, nc, bmode, lines,
				 before);
}

/*
 * RX burst template.
 * Policy:
 *  - allocation failure: the refill stops at the first slot it cannot
 *    fill, counts rx_nombuf, and is retried on the next call; frames keep
 *    arriving into the slots still armed, then the device counts them as
 *    discarded (imissed); an empty copybreak pool sends small frames
 *    zero-copy;
 *  - errors (ERR_SUMMARY, runt, oversize, bad data_size, truncated,
 *    scatter off): the frame is dropped and counted once in ierrors;
 *    single-buffer frames keep their buffer in place, chained ones recycle
 *    theirs into the page pool; a checksum error is a flag, never a drop;
 *  - a descriptor counted but not yet written back ends the harvest; it
 *    is read on the next call;
 *  - a frame not finished when the burst ends is resumed on the next call;
 *  - the device hears once, at the end: processed and re-armed counts in
 *    RXQ_STATUS_UPDATE (255 of each per write).
 */
static __rte_always_inline uint16_t
mvneta_rx_burst_tmpl(void *rx_queue, struct rte_mbuf **rx_pkts,
		     uint16_t nb_pkts, const bool nc, const unsigned int bmode,
		     const unsigned int lines, const bool before)
{
	struct mvneta_rx_queue *rxq = rx_queue;
	uint32_t st[MVNETA_RX_HARVEST_MAX];
	uint32_t sz[MVNETA_RX_HARVEST_MAX];
	uint16_t nb_rx = 0, want, n, armed;
	bool empty = true, exhausted = false;

	if (unlikely(nb_pkts == 0 || !rxq->started))
		return 0;
	do {
		want = RTE_MIN((uint16_t)(nb_pkts - nb_rx),
			       (uint16_t)MVNETA_RX_HARVEST_MAX);
		n = mvneta_rx_harvest(rxq, st, sz, want, nc);
		if (n == 0)
			break;
		empty = false;
		if (unlikely(n == (uint16_t)(rxq->armed - rxq->next)))
			exhausted = true;
		nb_rx += mvneta_rx_process(rxq, st, sz, n, rx_pkts + nb_rx,
					   nc, bmode, lines, before);
	} while (n == want && nb_rx < nb_pkts);

	if ((empty && (++rxq->empty_polls & (MVNETA_RX_MISSED_POLLS - 1)) == 0) ||
	    exhausted)
		mvneta_rx_missed_update(rxq);
	armed = !mvneta_rx_refill_due(rxq) ? 0 :
		nc ? mvneta_rx_refill_nc(rxq) : mvneta_rx_refill(rxq);
	if (rxq->done != 0 || armed != 0) {
		/* E. The re-armed descriptors' stores before the count. */
		socnic_desc_wmb();
		mvneta_rxq_status_update(rxq->be, rxq->done, armed);
		rxq->done = 0;
	}
	PMD_RX_DP_LOG(DEBUG, "port %u: %u frames, next %u armed %u",
		      rxq->port_id, nb_rx, rxq->next, rxq->armed);
	return nb_rx;
}

/*
 * The production variants, each a name one finds in perf and with grep:
 *   mvneta_recv_pkts[_nc][_zc][_pf0|_pf1]
 * _nc: non-coherent (cache maintenance), _zc: copybreak off (zero-copy
 * only), _pf0/_pf1: 0 or 1 head lines prefetched instead of 2, after the
 * sync. mvneta_recv_pkts is the default of a coherent port.
 */
#define MVNETA_RECV_PKTS(name, nc, bm, l)				\
static uint16_t								\
name(void *q, struct rte_mbuf **pkts, uint16_t n)			\
{									\
	return mvneta_rx_burst_tmpl(q, pkts, n, nc, bm, l, false);	\
}
MVNETA_RECV_PKTS(mvneta_recv_pkts, false, SOCNIC_RXB_CB, 2)
MVNETA_RECV_PKTS(mvneta_recv_pkts_pf1, false, SOCNIC_RXB_CB, 1)
MVNETA_RECV_PKTS(mvneta_recv_pkts_pf0, false, SOCNIC_RXB_CB, 0)
MVNETA_RECV_PKTS(mvneta_recv_pkts_zc, false, SOCNIC_RXB_ZC, 2)
MVNETA_RECV_PKTS(mvneta_recv_pkts_zc_pf1, false, SOCNIC_RXB_ZC, 1)
MVNETA_RECV_PKTS(mvneta_recv_pkts_zc_pf0, false, SOCNIC_RXB_ZC, 0)
MVNETA_RECV_PKTS(mvneta_recv_pkts_nc, true, SOCNIC_RXB_CB, 2)
MVNETA_RECV_PKTS(mvneta_recv_pkts_nc_pf1, true, SOCNIC_RXB_CB, 1)
MVNETA_RECV_PKTS(mvneta_recv_pkts_nc_pf0, true, SOCNIC_RXB_CB, 0)
MVNETA_RECV_PKTS(mvneta_recv_pkts_nc_zc, true, SOCNIC_RXB_ZC, 2)
MVNETA_RECV_PKTS(mvneta_recv_pkts_nc_zc_pf1, true, SOCNIC_RXB_ZC, 1)
MVNETA_RECV_PKTS(mvneta_recv_pkts_nc_zc_pf0, true, SOCNIC_RXB_ZC, 0)

_Static_assert(SOCNIC_RXB_ZC == 0 && SOCNIC_RXB_CB == 1 &&
	       SOCNIC_RXB_COPY == 2 && SOCNIC_RXB_NB == 3,
	       "the instance tables are indexed by enum socnic_rx_buf_mode");

/* [non-coherent][buffer mode ZC/CB][head lines] */
static const eth_rx_burst_t mvneta_rx_variants[2][2][RXP_PREFETCH_HEAD_LINES_MAX + 1] = {
	{ { mvneta_recv_pkts_zc_pf0, mvneta_recv_pkts_zc_pf1, mvneta_recv_pkts_zc },
	  { mvneta_recv_pkts_pf0, mvneta_recv_pkts_pf1, mvneta_recv_pkts } },
	{ { mvneta_recv_pkts_nc_zc_pf0, mvneta_recv_pkts_nc_zc_pf1, mvneta_recv_pkts_nc_zc },
	  { mvneta_recv_pkts_nc_pf0, mvneta_recv_pkts_nc_pf1, mvneta_recv_pkts_nc } },
};

/*
 * The ablation-only variants (tests/bench/ablation.py), built with
 * -Drx_ablation=true only: [memory model][buffer mode][head lines][before]
 * as mvneta_recv_pkts_abl_<nc>_<buffers>_<lines>_<before>.
 */
#ifdef SOCNIC_RX_ABLATION
#define MVNETA_RXV(nc, bm, l, b) mvneta_recv_pkts_abl_ ## nc ## _ ## bm ## _ ## l ## _ ## b
#define MVNETA_RXV_DEF(nc, bm, l, b)					\
static uint16_t								\
MVNETA_RXV(nc, bm, l, b)(void *q, struct rte_mbuf **pkts, uint16_t n)	\
{									\
	return mvneta_rx_burst_tmpl(q, pkts, n, nc, bm, l, b);		\
}
#define MVNETA_RXV_DEF_L(nc, bm, l)					\
	MVNETA_RXV_DEF(nc, bm, l, 0) MVNETA_RXV_DEF(nc, bm, l, 1)
#define MVNETA_RXV_DEF_BM(nc, bm)					\
	MVNETA_RXV_DEF_L(nc, bm, 0) MVNETA_RXV_DEF_L(nc, bm, 1)		\
	MVNETA_RXV_DEF_L(nc, bm, 2)
#define MVNETA_RXV_DEF_NC(nc)						\
	MVNETA_RXV_DEF_BM(nc, 0) MVNETA_RXV_DEF_BM(nc, 1)		\
	MVNETA_RXV_DEF_BM(nc, 2)

MVNETA_RXV_DEF_NC(0)
MVNETA_RXV_DEF_NC(1)

#define MVNETA_RXV_ROW_L(nc, bm, l)					\
	{ MVNETA_RXV(nc, bm, l, 0), MVNETA_RXV(nc, bm, l, 1) }
#define MVNETA_RXV_ROW_BM(nc, bm)					\
	{ MVNETA_RXV_ROW_L(nc, bm, 0), MVNETA_RXV_ROW_L(nc, bm, 1),	\
	  MVNETA_RXV_ROW_L(nc, bm, 2) }
#define MVNETA_RXV_ROW_NC(nc)						\
	{ MVNETA_RXV_ROW_BM(nc, 0), MVNETA_RXV_ROW_BM(nc, 1),		\
	  MVNETA_RXV_ROW_BM(nc, 2) }

static const eth_rx_burst_t
mvneta_rx_ablation_variants[2][SOCNIC_RXB_NB][RXP_PREFETCH_HEAD_LINES_MAX + 1][2] = {
	MVNETA_RXV_ROW_NC(0),
	MVNETA_RXV_ROW_NC(1),
};
#endif /* SOCNIC_RX_ABLATION */

eth_rx_burst_t
mvneta_rx_burst_select(const struct mvneta_rx_queue *rxq,
		       const struct mvneta_devargs *da)
{
	unsigned int nc = rxq->lib.sync.mode != RXP_SYNC_COHERENT;
	unsigned int lines = RTE_MIN(da->rx.prefetch_lines,
				     (uint8_t)RXP_PREFETCH_HEAD_LINES_MAX);
	bool ablation = da->rx.prefetch_before ||
			rxq->lib.buf_mode == SOCNIC_RXB_COPY;

	PMD_RX_LOG(DEBUG, "port %u: RX burst variant sync=%s buffers=%u prefetch=%u%s%s",
		   rxq->port_id, nc ? "cache maintenance" : "coherent",
		   (unsigned int)rxq->lib.buf_mode, lines,
		   da->rx.prefetch_before ? " before the sync" : "",
		   ablation ? " (ablation)" : "");
#ifdef SOCNIC_RX_ABLATION
	if (ablation)
		return mvneta_rx_ablation_variants[nc][rxq->lib.buf_mode][lines]
						  [da->rx.prefetch_before];
#else
	/* The devargs refuse what selects them (socnic_devargs.c). */
	if (ablation)
		return NULL;
#endif
	return mvneta_rx_variants[nc][rxq->lib.buf_mode][lines];
}
