/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The RX burst on lib/rxpath (docs/design/rxpath.md):
 *
 *   harvest -> sync for the CPU -> prefetch the head -> copybreak or
 *   zero-copy -> parse + checksum verdict -> refill
 *
 * One always-inline template, instantiated per configuration with
 * constant parameters and installed once at queue setup (conventions
 * point 6): the memory model (coherent: no per-packet sync call at all;
 * non-coherent or full: the queue's rxp_sync variant), the buffer mode
 * (zero-copy, zero-copy + copybreak, copy-all), the head lines prefetched
 * (0, 1, 2) and where (after the sync, or before it for the ablation).
 * None of these is tested per packet. The checksum mode (csum=) is passed
 * to lib/rxpath's policy with the device's RDES1 answer decoded
 * (stmmac_rx_csum.h); its one switch on the mode is predictable.
 */
#include <stdbool.h>
#include <stdint.h>

#include <rte_branch_prediction.h>
#include <rte_common.h>
#include <rte_mbuf.h>
#include <rte_prefetch.h>

#include "csum.h"
#include "rxp_copybreak.h"
#include "rxp_parse.h"
#include "rxp_parse_fast.h"
#include "rxp_pool.h"
#include "rxp_prefetch.h"
#include "rxp_sync.h"

#include "socnic_io.h"

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
#define STMMAC_RX_HARVEST_MAX		32

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

/*
 * Harvest: status words of up to @p max descriptors the device has
 * released, in ring order, stopping at the first one it still owns
 * (row 12). One read barrier after the OWN checks of the whole batch,
 * then RDES1: never a word read before its OWN was seen clear (row 13).
 * The same barrier orders the buffer reads after the OWN reads, which is
 * all a coherent DMA sync would add. Once the first descriptor is seen
 * done, the lines of the rest of the batch are prefetched at once (a
 * device writes back in bursts: the misses overlap); a prefetch is only a
 * hint, the OWN test still decides.
 *
 * Coherent (@p pf_lines > 0): the head of each frame is prefetched as
 * soon as its descriptor shows OWN clear (the device wrote the data before
 * releasing the descriptor, and there is no cache maintenance to wait
 * for), from the slot's buffer address (buf_data): the misses on the
 * packet heads overlap those on the descriptor lines still arriving.
 *
 * Non-coherent (@p nc): each descriptor has its own line, which is
 * cleaned+invalidated before its status is read: first the next one
 * alone (an empty poll costs one line), then, once it is done, the rest
 * of the batch together, one completion barrier each.
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
			rxp_prefetch_head_len(rxq->buf_data[(rxq->next + n) & mask],
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
 * Sync one received segment for the CPU, then prefetch its head: the order
 * of robustness row 48 (Linux 2a2931517c9a), unless the ablation asks for
 * the old order (prefetch first, then sync, which on a non-coherent
 * system throws the prefetched lines away).
 */
static __rte_always_inline void
stmmac_rx_sync_prefetch(struct stmmac_rx_queue *rxq, const void *data,
			uint32_t len, const bool nc, const unsigned int lines,
			const bool before)
{
	if (before)
		rxp_prefetch_head(data, lines);
	if (nc)
		rxp_sync_for_cpu(&rxq->sync, data, len);
	if (!before)
		rxp_prefetch_head(data, lines);
}

/*
 * Parse the frame at @p p and weigh the device's RDES1 answer: the flags
 * decided so far, and *need_sum when software must sum the L4 range
 * (r->csum_off, r->csum_len) to decide the L4 verdict.
 */
static __rte_always_inline uint64_t
stmmac_rx_parse(const struct stmmac_rx_queue *rxq, const uint8_t *p,
		uint32_t len, uint32_t rdes1, struct rxp_parse_result *r,
		int *need_sum)
{
	rxp_parse_fast(p, len, r);
	return rxp_hw_csum_flags(r, stmmac_rx_hw_csum(rdes1), rxq->csum_mode,
				 need_sum);
}

/*
 * Finish and write the verdict on @p m, the mbuf delivered: the L4 range
 * of the frame at @p p is summed here unless a copy already summed it
 * (@p copied has RXP_COPYBREAK_F_SUM, the sum in @p sum). Counts it.
 */
static __rte_always_inline struct rte_mbuf *
stmmac_rx_verdict(struct stmmac_rx_queue *rxq, struct rte_mbuf *m,
		  const uint8_t *p, const struct rxp_parse_result *r,
		  uint64_t f, int need_sum, unsigned int copied, uint32_t sum)
{
	if (need_sum) {
		if (!(copied & RXP_COPYBREAK_F_SUM))
			sum = csum_partial(p + r->csum_off, r->csum_len, 0);
		f |= rxp_l4_verdict(r, sum);
	}
	m->packet_type = r->ptype;
	m->ol_flags = f;
	rxp_verdict_count(&rxq->stats.rx_ip_good, f);
	return m;
}

/*
 * Parse + verdict + copybreak of a complete frame whose first segment is
 * @p m (synced). Sets packet_type and the checksum flags, copies the
 * frame when the buffer mode says so (copybreak: frames of at most the
 * threshold; copy-all: every frame that fits one buffer), with the L4
 * range summed during the copy. Returns the mbuf to deliver and adds to
 * @p *handoff the page-pool buffers it leaves with.
 *
 * Used for the frames the general path completes, and with
 * STMMAC_RXB_ZC for the fast path's frames it does not copy in place.
 *
 * Policy: a checksum error never drops (P-a); an empty small pool sends
 * the frame zero-copy (copybreak_nombuf), it does not drop either.
 */
static __rte_always_inline struct rte_mbuf *
stmmac_rx_finish(struct stmmac_rx_queue *rxq, struct rte_mbuf *m,
		 uint32_t rdes1, const unsigned int bmode,
		 unsigned int *handoff)
{
	const uint8_t *p = rte_pktmbuf_mtod(m, const uint8_t *);
	const uint32_t len = m->data_len;	/* first segment only */
	struct rxp_parse_result r;
	unsigned int got = 0;
	uint32_t sum = 0;
	int need_sum;
	uint64_t f = stmmac_rx_parse(rxq, p, len, rdes1, &r, &need_sum);

	if (bmode != STMMAC_RXB_ZC && m->nb_segs == 1) {
		struct rxp_copybreak *cb = bmode == STMMAC_RXB_COPY ?
					   &rxq->copyall : &rxq->cb;

		got = rxp_copybreak(cb, &m, len, r.csum_off,
				    need_sum ? r.csum_len : 0, &sum);
		/* The big buffer went back to the pool's recycle cache. */
		if (!(got & RXP_COPYBREAK_F_COPIED))
			*handoff += 1;
	} else {
		*handoff += m->nb_segs;
	}
	/* Written once, on the mbuf delivered (the copy or the buffer). */
	return stmmac_rx_verdict(rxq, m, p, &r, f, need_sum, got, sum);
}

/*
 * Parse + verdict of a frame of a clean quad copied in place (copybreak,
 * or every frame with zerocopy=0): @p p is the frame in its big buffer
 * (synced), which stays in its ring slot and is re-armed there by the
 * refill; @p m is the fresh small mbuf it is copied into, with the L4
 * range summed during the copy. The big mbuf's header is never written.
 */
static __rte_always_inline struct rte_mbuf *
stmmac_rx_finish_copy(struct stmmac_rx_queue *rxq, struct rxp_copybreak *cb,
		      struct rte_mbuf *m, const uint8_t *p, uint32_t len,
		      uint32_t rdes1)
{
	struct rxp_parse_result r;
	uint32_t sum = 0;
	int need_sum;
	uint64_t f = stmmac_rx_parse(rxq, p, len, rdes1, &r, &need_sum);
	unsigned int got = rxp_copybreak_fill(cb, m, p, len, r.csum_off,
					      need_sum ? r.csum_len : 0, &sum);

	m->port = rxq->port_id;
	return stmmac_rx_verdict(rxq, m, p, &r, f, need_sum, got, sum);
}

/*
 * A frame completed by the general path (stmmac_rx_desc: errors,
 * multi-descriptor frames, a quad that was not four clean frames): each
 * segment is synced over its own length before the CPU reads any of it,
 * the head prefetched, then finished like any frame.
 */
static __rte_always_inline struct rte_mbuf *
stmmac_rx_deliver_slow(struct stmmac_rx_queue *rxq, struct rte_mbuf *m,
		       uint32_t rdes1, const bool nc, const unsigned int bmode,
		       const unsigned int lines, const bool before,
		       unsigned int *handoff)
{
	struct rte_mbuf *s;

	for (s = m->next; nc && s != NULL; s = s->next)
		rxp_sync_for_cpu(&rxq->sync, rte_pktmbuf_mtod(s, void *),
				 s->data_len);
	stmmac_rx_sync_prefetch(rxq, rte_pktmbuf_mtod(m, void *), m->data_len,
				nc, lines, before);
	return stmmac_rx_finish(rxq, m, rdes1, bmode, handoff);
}

/*
 * Whether the four descriptors from @p st[0] are four complete,
 * error-free, single-buffer frames of acceptable length (error bits OR-ed
 * across the quad, VPP ige/iavf style), taking the fast path.
 */
static __rte_always_inline bool
stmmac_rx_quad_clean(const struct stmmac_rx_queue *rxq, const uint32_t *st)
{
	const uint32_t len_span = rxq->max_len - RTE_ETHER_HDR_LEN;
	uint32_t all = st[0] & st[1] & st[2] & st[3];
	uint32_t any = st[0] | st[1] | st[2] | st[3];
	uint32_t bad = 0;
	unsigned int k;

	for (k = 0; k < 4; k++) {
		uint32_t pl = st[k] & RDES3_PACKET_SIZE_MASK;

		/* One unsigned compare: 14 <= len <= max_len. */
		bad |= (uint32_t)(pl - rxq->fcs_trim - RTE_ETHER_HDR_LEN > len_span);
		bad |= (uint32_t)(pl > rxq->rbsz);
	}
	return !bad && (all & STMMAC_RDES3_FD_LD) == STMMAC_RDES3_FD_LD &&
	       !(any & RDES3_ERROR_SUMMARY);
}

/* The rest (past the head lines) of the four frames from @p i. */
static __rte_always_inline void
stmmac_rx_prefetch_quad_body(const struct stmmac_rx_queue *rxq,
			     const uint8_t *const *da, const uint32_t *st,
			     unsigned int i, const unsigned int lines)
{
	unsigned int k;

	for (k = 0; k < 4; k++)
		rxp_prefetch_body(da[i + k], lines * RXP_PREFETCH_LINE,
				  (st[i + k] & RDES3_PACKET_SIZE_MASK) -
				  rxq->fcs_trim);
}

/*
 * Process harvested descriptors in two passes over the batch.
 *
 * Pass 1 classifies each quad (stmmac_rx_quad_clean) and, non-coherent,
 * syncs each buffer of the clean ones for the CPU over exactly PL bytes
 * and then prefetches its head: every head of the batch is requested
 * before the first one is parsed, so up to 32 misses overlap instead of
 * four (the heads are known from the ring slots, buf_data; nothing is
 * taken from the ring yet). The cache maintenance of the whole batch ends
 * with ONE completion barrier (rxp_sync_for_cpu_bulk). Coherent, the
 * harvest already requested the heads. The mbuf header (first line) is
 * prefetched only for the frames that will leave the ring zero-copy and
 * for the quads the general path takes: a frame copied in place never
 * touches its big mbuf (1500 B coherent, 4 alternated runs: 357 -> 342
 * busy cycles with software checks, 188 -> 184 with device verdicts,
 * against every mbuf one quad ahead). It also
 * counts the frames to copy (copybreak, or all with zerocopy=0), whose
 * small mbufs are then taken from their pool in one bulk allocation.
 *
 * Pass 2 delivers in ring order: a clean quad found between frames is
 * finished frame by frame, a frame to copy into its small mbuf with its
 * big buffer left in the ring slot (re-armed in place by the refill, its
 * header untouched), any other taken from the ring zero-copy; anything
 * else (errors, chains, a frame in progress, the last n % 4 descriptors)
 * takes the general path stmmac_rx_desc, which syncs what it delivers
 * itself. A quad pass 1 found clean but that follows a frame left
 * unfinished by the general path also goes there (its buffers were synced
 * twice: harmless; its small mbufs, if any, are freed).
 */
static __rte_always_inline uint16_t
stmmac_rx_process(struct stmmac_rx_queue *rxq, const uint32_t *st,
		  const uint32_t *s1, uint16_t n, struct rte_mbuf **pkts,
		  const bool nc, const unsigned int bmode,
		  const unsigned int lines, const bool before)
{
	struct rxp_copybreak *cb = bmode == STMMAC_RXB_COPY ? &rxq->copyall :
				   &rxq->cb;
	struct rte_mbuf **sw = rxq->sw_ring;
	const uint16_t mask = rxq->mask;
	const uint16_t base = rxq->next;
	const uint16_t nq = n & ~3u;
	const uint8_t *da[STMMAC_RX_HARVEST_MAX];
	const void *sa[STMMAC_RX_HARVEST_MAX];
	uint32_t sl[STMMAC_RX_HARVEST_MAX];
	struct rte_mbuf *small[STMMAC_RX_HARVEST_MAX];
	unsigned int handoff = 0, ns = 0, ncopy = 0, got = 0, si = 0, j;
	unsigned int pf_done = 0;	/* bodies prefetched below this index */
	uint32_t clean = 0;	/* bit i/4: quad i takes the fast path */
	uint64_t bytes = 0;
	uint16_t i, nb = 0, k;

	RTE_BUILD_BUG_ON(STMMAC_RX_HARVEST_MAX / 4 > 32);
	for (i = 0; i < nq; i += 4) {
		if (unlikely(!stmmac_rx_quad_clean(rxq, st + i))) {
			/* The general path reads every mbuf of the quad. */
			for (k = 0; k < 4; k++)
				rte_prefetch0(sw[(base + i + k) & mask]);
			continue;
		}
		clean |= 1u << (i / 4);
		for (k = 0; k < 4; k++) {
			const uint8_t *data = rxq->buf_data[(base + i + k) & mask];
			uint32_t pl = st[i + k] & RDES3_PACKET_SIZE_MASK;

			da[i + k] = data;
			/*
			 * Only the mbufs that leave the ring zero-copy are
			 * written: a frame copied in place never touches its
			 * big mbuf, whose line would take a miss slot from the
			 * packet heads for nothing.
			 */
			if (bmode == STMMAC_RXB_ZC ||
			    !rxp_copybreak_wanted(cb, pl - rxq->fcs_trim))
				rte_prefetch0(sw[(base + i + k) & mask]);
			else
				ncopy++;
			/*
			 * Coherent: the harvest's barrier was the sync and
			 * the harvest prefetched the head.
			 */
			if (!nc)
				continue;
			if (before)
				rxp_prefetch_head(data, lines);
			sa[ns] = data;
			sl[ns++] = pl;
		}
	}
	if (nc && ns != 0) {
		/*
		 * Non-coherent: the maintenance of every clean buffer of the
		 * batch, one completion barrier, then the head prefetches.
		 */
		rxp_sync_for_cpu_bulk(&rxq->sync, sa, sl, ns);
		if (!before)
			for (j = 0; j < ns; j++)
				rxp_prefetch_head_len(sa[j], lines, sl[j]);
	}
	if (bmode != STMMAC_RXB_ZC)
		got = rxp_copybreak_alloc_bulk(cb, small, ncopy);
	for (i = 0; i < n; i += 4) {
		if (likely((clean & (1u << (i / 4))) &&
			   rxq->state == STMMAC_RX_IDLE)) {
			/*
			 * When software will sum them, the rest of the frames
			 * is prefetched one quad ahead: this quad's (if not
			 * yet) and the next clean one's, so that the misses
			 * of the next four frames overlap the sums of these
			 * (four or twelve frames in flight measured slower).
			 */
			if (!before && rxq->prefetch_body) {
				if (pf_done <= i)
					stmmac_rx_prefetch_quad_body(rxq, da, st, i,
								     lines);
				if (i + 4u < nq && (clean & (1u << (i / 4 + 1))))
					stmmac_rx_prefetch_quad_body(rxq, da, st,
								     i + 4, lines);
				pf_done = i + 8u;
			}
			for (k = 0; k < 4; k++) {
				uint16_t slot = (base + i + k) & mask;
				uint32_t len = (st[i + k] & RDES3_PACKET_SIZE_MASK) -
					       rxq->fcs_trim;
				struct rte_mbuf *mb;

				bytes += len;
				if (bmode != STMMAC_RXB_ZC &&
				    rxp_copybreak_wanted(cb, len)) {
					mb = si < got ? small[si++] :
					     rxp_copybreak_alloc_one(cb);
					if (likely(mb != NULL)) {
						pkts[nb++] = stmmac_rx_finish_copy(
							rxq, cb, mb, da[i + k],
							len, s1[i + k]);
						continue;
					}
				}
				/* Zero-copy: the buffer leaves the ring. */
				mb = sw[slot];
				sw[slot] = NULL;
				mb->data_off = RTE_PKTMBUF_HEADROOM;
				mb->data_len = (uint16_t)len;
				mb->pkt_len = len;
				mb->port = rxq->port_id;
				pkts[nb++] = stmmac_rx_finish(rxq, mb, s1[i + k],
							      STMMAC_RXB_ZC,
							      &handoff);
			}
			continue;
		}
		for (k = 0; k < 4 && i + k < n; k++) {
			struct rte_mbuf *mb = stmmac_rx_desc(rxq,
				(base + i + k) & mask, st[i + k], s1[i + k]);

			if (mb == NULL)
				continue;
			bytes += mb->pkt_len;
			pkts[nb++] = stmmac_rx_deliver_slow(rxq, mb, s1[i + k],
							    nc, bmode, lines,
							    before, &handoff);
		}
	}
	/* Small mbufs of clean quads the general path took over. */
	if (unlikely(si < got))
		rte_pktmbuf_free_bulk(small + si, got - si);
	rxq->next = (uint16_t)(base + n);
	rxp_pool_handoff(rxq->pool, handoff);
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
	if (nc)
		stmmac_rx_refill_nc(rxq);
	else
		stmmac_rx_refill(rxq);
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

STMMAC_RECV_PKTS(stmmac_recv_pkts, false, STMMAC_RXB_CB, 2)
STMMAC_RECV_PKTS(stmmac_recv_pkts_pf1, false, STMMAC_RXB_CB, 1)
STMMAC_RECV_PKTS(stmmac_recv_pkts_pf0, false, STMMAC_RXB_CB, 0)
STMMAC_RECV_PKTS(stmmac_recv_pkts_zc, false, STMMAC_RXB_ZC, 2)
STMMAC_RECV_PKTS(stmmac_recv_pkts_zc_pf1, false, STMMAC_RXB_ZC, 1)
STMMAC_RECV_PKTS(stmmac_recv_pkts_zc_pf0, false, STMMAC_RXB_ZC, 0)
STMMAC_RECV_PKTS(stmmac_recv_pkts_nc, true, STMMAC_RXB_CB, 2)
STMMAC_RECV_PKTS(stmmac_recv_pkts_nc_pf1, true, STMMAC_RXB_CB, 1)
STMMAC_RECV_PKTS(stmmac_recv_pkts_nc_pf0, true, STMMAC_RXB_CB, 0)
STMMAC_RECV_PKTS(stmmac_recv_pkts_nc_zc, true, STMMAC_RXB_ZC, 2)
STMMAC_RECV_PKTS(stmmac_recv_pkts_nc_zc_pf1, true, STMMAC_RXB_ZC, 1)
STMMAC_RECV_PKTS(stmmac_recv_pkts_nc_zc_pf0, true, STMMAC_RXB_ZC, 0)

_Static_assert(STMMAC_RXB_ZC == 0 && STMMAC_RXB_CB == 1 &&
	       STMMAC_RXB_COPY == 2 && STMMAC_RXB_NB == 3,
	       "the variant tables are indexed by enum stmmac_rx_buf_mode");
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
stmmac_rx_ablation_variants[2][STMMAC_RXB_NB][RXP_PREFETCH_HEAD_LINES_MAX + 1][2] = {
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
			rxq->buf_mode == STMMAC_RXB_COPY;

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
