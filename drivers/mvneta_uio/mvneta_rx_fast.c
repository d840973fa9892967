/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The RX burst of net_mvneta_uio on the shared steps of
 * drivers/common/socnic (socnic_rxq.h) and lib/rxpath:
 *
 *   A. harvest: RXQ_STATUS's occupied count, read barrier, each counted
 *      descriptor's w1 checked against the watermark (written back?),
 *      read barrier, the status words;
 *   B. sync the bytes the device wrote (non-coherent) and prefetch the
 *      frame heads, the whole batch before the first parse;
 *   C. copybreak or zero-copy, parse + checksum verdict, counters
 *      (socnic_rx_finish*); anything not a clean single-buffer frame
 *      goes to the general path (mvneta_rx_desc);
 *   D. refill, then one RXQ_STATUS_UPDATE for the processed and the
 *      re-armed descriptors (mvneta_rxq_status_update).
 *
 * One always-inline template, instantiated per configuration with
 * constant parameters and installed once at queue setup: the memory model
 * (coherent, or non-coherent with per-line maintenance), the buffer mode
 * (zero-copy, + copybreak, copy-all), the head lines prefetched and
 * where. The production variants are mvneta_recv_pkts (coherent) and
 * mvneta_recv_pkts_nc (non-coherent), each with its buffer modes.
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

static __rte_always_inline struct socnic_rx_verdicts *
mvneta_vcnt(struct mvneta_rx_queue *rxq)
{
	return (struct socnic_rx_verdicts *)&rxq->stats.rx_ip_good;
}

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
	rte_rmb();
	for (n = 0; n < i; n++)
		st[n] = rte_le_to_cpu_32(ring[(rxq->next + n) & mask].status);
	return i;
}

/* A clean single-buffer frame of acceptable length takes the fast path. */
static __rte_always_inline bool
mvneta_rx_clean(const struct mvneta_rx_queue *rxq, uint32_t status,
		uint32_t dsize)
{
	/* One unsigned compare: MH + FCS + 14 <= data_size <= the bound. */
	const uint32_t lo = MVNETA_MH_SIZE + rxq->fcs_trim + RTE_ETHER_HDR_LEN;
	const uint32_t hi = RTE_MIN(MVNETA_MH_SIZE + rxq->fcs_trim + rxq->max_len,
				    rxq->buf_size);

	return (status & (MVNETA_RXD_ERR_SUMMARY | MVNETA_RXD_FIRST_LAST_DESC)) ==
	       MVNETA_RXD_FIRST_LAST_DESC && dsize - lo <= hi - lo;
}

/*
 * A frame completed by the general path (chains): each segment synced
 * over its own bytes (the first with the header in front) before the CPU
 * reads any of it, the head prefetched, then finished like any frame.
 */
static __rte_always_inline struct rte_mbuf *
mvneta_rx_deliver_slow(struct mvneta_rx_queue *rxq, struct rte_mbuf *m,
		       uint32_t status, const bool nc, const unsigned int bmode,
		       const unsigned int lines, const bool before,
		       unsigned int *handoff)
{
	const uint8_t *p = rte_pktmbuf_mtod(m, const uint8_t *);
	struct rte_mbuf *s;

	for (s = m->next; nc && s != NULL; s = s->next)
		rxp_sync_for_cpu(&rxq->lib.sync, rte_pktmbuf_mtod(s, void *),
				 s->data_len);
	socnic_rx_sync_prefetch(&rxq->lib.sync, p - MVNETA_MH_SIZE,
				m->data_len + MVNETA_MH_SIZE, p, nc, lines,
				before);
	return socnic_rx_finish(&rxq->lib, mvneta_vcnt(rxq), m,
				mvneta_hw(rxq, status), bmode, handoff);
}

/*
 * B + C over a harvested batch, in two passes. Pass 1 marks the clean
 * frames, syncs the bytes the device wrote into each (header, frame, FCS:
 * data_size from the buffer's start; non-coherent, one completion barrier
 * for the batch) and then prefetches the heads, so the misses overlap;
 * it counts the frames to copy, whose small mbufs are then allocated in
 * bulk. Pass 2 delivers in ring order: a clean frame between frames is
 * copied into a small mbuf (its big buffer stays in the slot, re-armed in
 * place) or leaves the ring zero-copy; anything else takes the general
 * path, which syncs what it delivers itself.
 */
static __rte_always_inline uint16_t
mvneta_rx_process(struct mvneta_rx_queue *rxq, const uint32_t *st,
		  const uint32_t *sz, uint16_t n, struct rte_mbuf **pkts,
		  const bool nc, const unsigned int bmode,
		  const unsigned int lines, const bool before)
{
	struct rxp_copybreak *cb = socnic_rx_copier(&rxq->lib, bmode);
	struct rte_mbuf **sw = rxq->sw_ring;
	const uint16_t mask = rxq->mask;
	const uint16_t base = rxq->next;
	const void *sa[MVNETA_RX_HARVEST_MAX];
	uint32_t sl[MVNETA_RX_HARVEST_MAX];
	struct rte_mbuf *small[MVNETA_RX_HARVEST_MAX];
	unsigned int handoff = 0, ns = 0, ncopy = 0, got = 0, si = 0, j;
	uint32_t clean = 0;	/* bit i: descriptor i takes the fast path */
	uint64_t bytes = 0;
	uint16_t i, nb = 0;

	RTE_BUILD_BUG_ON(MVNETA_RX_HARVEST_MAX > 32);
	for (i = 0; i < n; i++) {
		uint16_t slot = (base + i) & mask;
		uint32_t dsize = MVNETA_DESC_DATA_SIZE(sz[i]);

		if (unlikely(!mvneta_rx_clean(rxq, st[i], dsize))) {
			rte_prefetch0(sw[slot]);
			continue;
		}
		clean |= 1u << i;
		if (bmode == SOCNIC_RXB_ZC ||
		    !rxp_copybreak_wanted(cb, dsize - MVNETA_MH_SIZE - rxq->fcs_trim))
			rte_prefetch0(sw[slot]);
		else
			ncopy++;
		if (before || !nc)
			rxp_prefetch_head(rxq->buf_data[slot], lines);
		if (nc) {
			sa[ns] = rxq->buf_data[slot] - MVNETA_MH_SIZE;
			sl[ns++] = dsize;
		}
	}
	if (nc && ns != 0) {
		rxp_sync_for_cpu_bulk(&rxq->lib.sync, sa, sl, ns);
		if (!before)
			for (j = 0; j < ns; j++)
				rxp_prefetch_head_len((const uint8_t *)sa[j] +
						      MVNETA_MH_SIZE, lines,
						      sl[j] - MVNETA_MH_SIZE);
	}
	if (bmode != SOCNIC_RXB_ZC)
		got = rxp_copybreak_alloc_bulk(cb, small, ncopy);
	for (i = 0; i < n; i++) {
		uint16_t slot = (base + i) & mask;
		struct rte_mbuf *mb;

		if (likely((clean & (1u << i)) && rxq->state == MVNETA_RX_IDLE)) {
			uint32_t len = MVNETA_DESC_DATA_SIZE(sz[i]) -
				       MVNETA_MH_SIZE - rxq->fcs_trim;
			const uint8_t *p = rxq->buf_data[slot];

			if (rxq->lib.prefetch_body && !before)
				rxp_prefetch_body(p, lines * RXP_PREFETCH_LINE, len);
			bytes += len;
			if (bmode != SOCNIC_RXB_ZC && rxp_copybreak_wanted(cb, len)) {
				mb = si < got ? small[si++] :
				     rxp_copybreak_alloc_one(cb);
				if (likely(mb != NULL)) {
					pkts[nb++] = socnic_rx_finish_copy(
						&rxq->lib, mvneta_vcnt(rxq), cb,
						mb, p, len, mvneta_hw(rxq, st[i]),
						rxq->port_id);
					continue;
				}
			}
			/* Zero-copy: the buffer leaves the ring. */
			mb = sw[slot];
			sw[slot] = NULL;
			mb->data_off = (uint16_t)(rxq->lib.pool->p.offset +
						  MVNETA_MH_SIZE);
			mb->data_len = (uint16_t)len;
			mb->pkt_len = len;
			mb->port = rxq->port_id;
			pkts[nb++] = socnic_rx_finish(&rxq->lib, mvneta_vcnt(rxq),
						      mb, mvneta_hw(rxq, st[i]),
						      SOCNIC_RXB_ZC, &handoff);
			continue;
		}
		mb = mvneta_rx_desc(rxq, slot, st[i], sz[i]);
		if (mb == NULL)
			continue;
		bytes += mb->pkt_len;
		pkts[nb++] = mvneta_rx_deliver_slow(rxq, mb, st[i], nc, bmode,
						    lines, before, &handoff);
	}
	/* Small mbufs of clean frames the general path took over. */
	if (unlikely(si < got))
		rte_pktmbuf_free_bulk(small + si, got - si);
	rxq->next = (uint16_t)(base + n);
	rxq->filled = (uint16_t)(rxq->filled - n);
	rxq->done = (uint16_t)(rxq->done + n);
	rxp_pool_handoff(rxq->lib.pool, handoff);
	rxq->stats.rx_packets += nb;
	/* ibytes exclude the FCS even when the application keeps it. */
	rxq->stats.rx_bytes += bytes - (rxq->keep_crc ? (uint64_t)nb * RTE_ETHER_CRC_LEN : 0);
	return nb;
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
	armed = nc ? mvneta_rx_refill_nc(rxq) : mvneta_rx_refill(rxq);
	if (rxq->done != 0 || armed != 0) {
		/* D. The re-armed descriptors' stores before the count. */
		rte_wmb();
		mvneta_rxq_status_update(rxq->be, rxq->done, armed);
		rxq->done = 0;
	}
	PMD_RX_DP_LOG(DEBUG, "port %u: %u frames, next %u armed %u",
		      rxq->port_id, nb_rx, rxq->next, rxq->armed);
	return nb_rx;
}

/*
 * The instances: [memory model][buffer mode][head lines][prefetch before];
 * the production ones are named mvneta_recv_pkts[_nc]_<mode>_<lines>.
 */
#define MVNETA_RXV(nc, bm, l, b) mvneta_recv_pkts ## nc ## _ ## bm ## _ ## l ## b
#define MVNETA_RXV_DEF(nc, ncv, bm, bmv, l, b, bv)			\
static uint16_t								\
MVNETA_RXV(nc, bm, l, b)(void *q, struct rte_mbuf **pkts, uint16_t n)	\
{									\
	return mvneta_rx_burst_tmpl(q, pkts, n, ncv, bmv, l, bv);	\
}
#define MVNETA_RXV_DEF_L(nc, ncv, bm, bmv, l)				\
	MVNETA_RXV_DEF(nc, ncv, bm, bmv, l, , false)			\
	MVNETA_RXV_DEF(nc, ncv, bm, bmv, l, _pf_before, true)
#define MVNETA_RXV_DEF_BM(nc, ncv, bm, bmv)				\
	MVNETA_RXV_DEF_L(nc, ncv, bm, bmv, 0)				\
	MVNETA_RXV_DEF_L(nc, ncv, bm, bmv, 1)				\
	MVNETA_RXV_DEF_L(nc, ncv, bm, bmv, 2)
#define MVNETA_RXV_DEF_NC(nc, ncv)					\
	MVNETA_RXV_DEF_BM(nc, ncv, zc, SOCNIC_RXB_ZC)			\
	MVNETA_RXV_DEF_BM(nc, ncv, cb, SOCNIC_RXB_CB)			\
	MVNETA_RXV_DEF_BM(nc, ncv, copy, SOCNIC_RXB_COPY)

MVNETA_RXV_DEF_NC(, false)
MVNETA_RXV_DEF_NC(_nc, true)

#define MVNETA_RXV_ROW_L(nc, bm, l)					\
	{ MVNETA_RXV(nc, bm, l, ), MVNETA_RXV(nc, bm, l, _pf_before) }
#define MVNETA_RXV_ROW_BM(nc, bm)					\
	{ MVNETA_RXV_ROW_L(nc, bm, 0), MVNETA_RXV_ROW_L(nc, bm, 1),	\
	  MVNETA_RXV_ROW_L(nc, bm, 2) }
#define MVNETA_RXV_ROW_NC(nc)						\
	{ MVNETA_RXV_ROW_BM(nc, zc), MVNETA_RXV_ROW_BM(nc, cb),		\
	  MVNETA_RXV_ROW_BM(nc, copy) }

_Static_assert(SOCNIC_RXB_ZC == 0 && SOCNIC_RXB_CB == 1 &&
	       SOCNIC_RXB_COPY == 2 && SOCNIC_RXB_NB == 3,
	       "the instance table is indexed by enum socnic_rx_buf_mode");

static const eth_rx_burst_t
mvneta_rx_variants[2][SOCNIC_RXB_NB][RXP_PREFETCH_HEAD_LINES_MAX + 1][2] = {
	MVNETA_RXV_ROW_NC(),
	MVNETA_RXV_ROW_NC(_nc),
};

eth_rx_burst_t
mvneta_rx_burst_select(const struct mvneta_rx_queue *rxq,
		       const struct mvneta_devargs *da)
{
	unsigned int nc = rxq->lib.sync.mode != RXP_SYNC_COHERENT;
	unsigned int lines = RTE_MIN(da->rx.prefetch_lines,
				     (uint8_t)RXP_PREFETCH_HEAD_LINES_MAX);

	PMD_RX_LOG(DEBUG, "port %u: RX burst variant sync=%s buffers=%u prefetch=%u%s",
		   rxq->port_id, nc ? "cache maintenance" : "coherent",
		   (unsigned int)rxq->lib.buf_mode, lines,
		   da->rx.prefetch_before ? " before the sync" : "");
	return mvneta_rx_variants[nc][rxq->lib.buf_mode][lines][da->rx.prefetch_before];
}
