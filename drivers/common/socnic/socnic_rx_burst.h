/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The RX burst skeleton of every family (docs/design/families.md), always
 * inline: a family gives its descriptor codec as a constant struct of
 * always-inline steps (struct socnic_rx_codec) and each variant's switches
 * as one constant flags word (SOCNIC_RXF); SOCNIC_RX_BURSTS() instantiates
 * the skeleton once per variant. After inlining every step is a direct,
 * inlined call: nothing of the codec or of the flags is looked up per
 * packet (tests/pmd/test_burst_fences.py rejects an indirect call left in
 * a burst). The lettered steps:
 *
 *   A. harvest (codec): released descriptors' status words, one barrier;
 *   B. classify: clean groups (quads, and the n % 4 frames after them)
 *      into the normalised batch (socnic_rx.h), the codec saying which
 *      group is clean and what each frame's lengths are;
 *   C. sync + head prefetch + copybreak allocation (socnic_rx.h);
 *   D. deliver: clean groups by the shared step (the codec decoding each
 *      frame's checksum verdict there), the rest by the codec's general
 *      path (out of line) and socnic_rx_deliver_slow();
 *   E. the device's missed counters now and then, the codec's end of
 *      poll: refill and doorbell.
 *
 * Policy of every variant:
 *  - allocation failure: the refill stops at the first slot it cannot
 *    fill, counts rx_nombuf, and is retried on the next call; frames keep
 *    arriving into the slots still armed, then the device counts misses;
 *    an empty copybreak pool sends small frames zero-copy;
 *  - errors: the frame is dropped and counted once in ierrors and once in
 *    its detail counter; a checksum error is a flag, never a drop;
 *  - a frame not finished when the burst ends is resumed on the next call;
 *  - the device hears of the refill once, at the end of the poll.
 */
#ifndef SOCNIC_RX_BURST_H
#define SOCNIC_RX_BURST_H

#include <stdbool.h>
#include <stdint.h>

#include <ethdev_driver.h>
#include <rte_branch_prediction.h>
#include <rte_common.h>
#include <rte_mbuf.h>

#include "rxp_parse.h"
#include "rxp_pool.h"
#include "rxp_prefetch.h"

#include "socnic_devargs.h"
#include "socnic_rx.h"
#include "socnic_rx_queue.h"

/*
 * Empty polls between two reads of the device's missed-frame counters.
 * dwmac4's MFC holds 2047 frames: 64 empty polls take a few microseconds,
 * far less than the 1.4 ms 2047 minimum-size frames take at 1 Gbit/s, and
 * a miss needs an exhausted ring, which a poll finding nothing cannot
 * have left behind.
 */
#define SOCNIC_RX_MISSED_POLLS	64

/*
 * A family's RX descriptor codec: its steps, each an always-inline
 * function of the family's rx file, and its constants. @p st and @p s1
 * are the two descriptor words a family reads per frame (dwmac4: RDES3
 * and RDES1; NETA: the status word and data_size's word).
 */
struct socnic_rx_codec {
	/*
	 * A. Up to @p max released descriptors from q->next, in ring order,
	 * their words into @p st / @p s1 after the read barrier; stops at
	 * the first the device still holds. Returns how many.
	 */
	uint16_t (*harvest)(struct socnic_rx_queue *q, uint32_t *st,
			    uint32_t *s1, uint16_t max, const uint32_t flags);
	/*
	 * B. Whether the @p cnt descriptors (a quad, or the batch's last
	 * 1-3) are complete, error-free, single-buffer frames of acceptable
	 * length: the fast path.
	 */
	bool (*group_clean)(const struct socnic_rx_queue *q,
			    const uint32_t *st, const uint32_t *s1,
			    uint16_t cnt);
	/*
	 * B. A clean frame's length as delivered (FCS trimmed); @p wlen the
	 * bytes the device wrote from lead bytes before its data.
	 */
	uint32_t (*frame_len)(const struct socnic_rx_queue *q, uint32_t st,
			      uint32_t s1, uint32_t *wlen);
	/*
	 * D. The device's checksum answer (read only when q->hw_csum), from
	 * the words harvest gave.
	 */
	struct rxp_hw_csum (*hw_csum)(uint32_t st, uint32_t s1);
	/*
	 * D. The general path, out of line: any descriptor in any state;
	 * returns a completed frame (lengths and port set) or NULL.
	 */
	struct rte_mbuf *(*desc)(struct socnic_rx_queue *q, uint16_t slot,
				 uint32_t st, uint32_t s1);
	/*
	 * D. On a frame of the general path once delivered (parsed, copied
	 * or not): what the family adds to it (NULL: nothing).
	 */
	void (*slow_done)(struct socnic_rx_queue *q, struct rte_mbuf *mb);
	/* D. After @p n descriptors were processed (NULL: nothing to do). */
	void (*consumed)(struct socnic_rx_queue *q, uint16_t n);
	/* E. Folds the device's missed-frame counters (out of line). */
	void (*missed_update)(struct socnic_rx_queue *q);
	/*
	 * E. End of every poll: checks of its own (@p empty: nothing was
	 * harvested), the refill when due, the doorbell.
	 */
	void (*poll_end)(struct socnic_rx_queue *q, bool empty,
			 const uint32_t flags);
	/* Bytes the device writes before the frame (synced, not delivered). */
	uint16_t lead;
};

/*
 * The device's answer, or none where the queue does not read it: the
 * general path's. socnic_rx_deliver_group() tests the same inline, on
 * its view: one helper for both built the stmmac burst 25 instructions
 * longer and 1-2 % slower (docs/perf/queue_skeleton_ab.md, "The head").
 */
static __rte_always_inline struct rxp_hw_csum
socnic_rx_codec_hw(const struct socnic_rx_codec *c,
		   const struct socnic_rx_queue *q, uint32_t st, uint32_t s1)
{
	return q->hw_csum ? c->hw_csum(st, s1) : RXP_HW_CSUM_NONE;
}

/*
 * B. The group of @p cnt frames from @p i: if clean, its frames go into
 * the normalised batch with their sync and head prefetch queued; if not,
 * its mbufs are prefetched for the general path.
 */
static __rte_always_inline void
socnic_rx_classify_group(const struct socnic_rx_codec *c,
			 const struct socnic_rx_queue *q,
			 const struct socnic_rx_view *v, const uint32_t *st,
			 const uint32_t *s1, struct socnic_rx_batch *b,
			 uint16_t i, uint16_t cnt, const uint32_t flags)
{
	uint16_t k;

	if (unlikely(!c->group_clean(q, st + i, s1 + i, cnt))) {
		socnic_rx_prefetch_mbufs(v, b, i, cnt);
		return;
	}
	b->clean |= 1u << (i / 4);
	for (k = 0; k < cnt; k++) {
		uint16_t j = (uint16_t)(i + k);
		uint32_t wlen;

		b->f->len[j] = c->frame_len(q, st[j], s1[j], &wlen);
		socnic_rx_batch_add(v, b, j, q->buf_data[(b->base + j) & v->mask],
				    wlen, flags);
	}
}

/*
 * B. Classify the batch (pass 1): each quad, then the n % 4 frames after
 * them as one group. Every head of the batch is requested before the
 * first one is parsed, so up to 32 misses overlap instead of four
 * (docs/design/rxpath.md). C follows (socnic_rx_batch_sync()).
 */
static __rte_always_inline void
socnic_rx_classify(const struct socnic_rx_codec *c,
		   const struct socnic_rx_queue *q,
		   const struct socnic_rx_view *v, const uint32_t *st,
		   const uint32_t *s1, struct socnic_rx_batch *b,
		   const uint32_t flags)
{
	const uint16_t nq = b->n & ~3u;
	uint16_t i;

	RTE_BUILD_BUG_ON(SOCNIC_RX_BATCH_MAX / 4 > 32);
	for (i = 0; i < nq; i += 4)
		socnic_rx_classify_group(c, q, v, st, s1, b, i, 4, flags);
	if (nq != b->n)
		socnic_rx_classify_group(c, q, v, st, s1, b, nq,
					 (uint16_t)(b->n - nq), flags);
	socnic_rx_batch_sync(v, b, flags);
}

/*
 * D. Deliver in ring order (pass 2): a clean group found between frames
 * through the shared step; anything else (errors, chains, a frame in
 * progress) through the codec's general path, its frames synced and
 * finished by socnic_rx_deliver_slow(). A clean group after a frame the
 * general path left unfinished goes there too (its small mbufs freed).
 */
static __rte_always_inline uint16_t
socnic_rx_deliver(const struct socnic_rx_codec *c, struct socnic_rx_queue *q,
		  const struct socnic_rx_view *v, const uint32_t *st,
		  const uint32_t *s1, struct socnic_rx_batch *b,
		  struct rte_mbuf **pkts, const uint32_t flags)
{
	const uint16_t n = b->n;
	unsigned int handoff = 0;
	uint64_t bytes = 0;
	uint16_t i, nb = 0, k;

	for (i = 0; i < n; i += 4) {
		if (likely((b->clean & (1u << (i / 4))) &&
			   q->state == SOCNIC_RX_IDLE)) {
			nb = socnic_rx_deliver_clean(v, b, i, pkts, nb, &handoff,
						     &bytes, q->lib.prefetch_body,
						     c->hw_csum, st, s1, flags);
			continue;
		}
		for (k = 0; k < 4 && i + k < n; k++) {
			struct rte_mbuf *mb = c->desc(q,
				(b->base + i + k) & v->mask, st[i + k], s1[i + k]);

			if (mb == NULL)
				continue;
			bytes += mb->pkt_len;
			mb = socnic_rx_deliver_slow(v, mb,
				socnic_rx_codec_hw(c, q, st[i + k], s1[i + k]),
				flags, &handoff);
			if (c->slow_done != NULL)
				c->slow_done(q, mb);
			pkts[nb++] = mb;
		}
	}
	socnic_rx_batch_end(b);
	q->next = (uint16_t)(b->base + n);
	if (c->consumed != NULL)
		c->consumed(q, n);
	rxp_pool_handoff(q->lib.pool, handoff);
	q->stats.rx_packets += nb;
	/* ibytes exclude the FCS even when the application keeps it. */
	q->stats.rx_bytes += bytes - (q->keep_crc ? (uint64_t)nb * RTE_ETHER_CRC_LEN : 0);
	return nb;
}

/* B to D for the @p n descriptors harvested into @p st and @p s1. */
static __rte_always_inline uint16_t
socnic_rx_process(const struct socnic_rx_codec *c, struct socnic_rx_queue *q,
		  const uint32_t *st, const uint32_t *s1, uint16_t n,
		  struct rte_mbuf **pkts, const uint32_t flags)
{
	const struct socnic_rx_view v = {
		.sw_ring = q->sw_ring,
		.cb = socnic_rxf_bm(flags) == SOCNIC_RXB_COPY ?
		      &q->lib.copyall : &q->lib.cb,
		.sync = &q->lib.sync,
		.vcnt = &q->stats.rx_ip_good,
		.csum_mode = q->lib.csum_mode,
		.hw_csum = q->hw_csum,
		.mask = q->mask,
		.port_id = q->port_id,
		.data_off = q->data_off,
		.lead = c->lead,
	};
	struct socnic_rx_frames f;
	struct socnic_rx_batch b;

	socnic_rx_batch_init(&b, &f, q->next, n);
	socnic_rx_classify(c, q, &v, st, s1, &b, flags);
	return socnic_rx_deliver(c, q, &v, st, s1, &b, pkts, flags);
}

/* The skeleton: A to E on queue @p rx_queue for variant @p flags. */
static __rte_always_inline uint16_t
socnic_rx_burst(const struct socnic_rx_codec *c, void *rx_queue,
		struct rte_mbuf **rx_pkts, uint16_t nb_pkts,
		const uint32_t flags)
{
	struct socnic_rx_queue *q = rx_queue;
	uint32_t st[SOCNIC_RX_BATCH_MAX];
	uint32_t s1[SOCNIC_RX_BATCH_MAX];
	uint16_t nb_rx = 0, want, n;
	bool empty = true, exhausted = false;

	/* A stopped queue (rte_eth_dev_rx_queue_stop) has no ring to poll. */
	if (unlikely(nb_pkts == 0 || !q->started))
		return 0;
	do {
		/* A frame uses >= 1 descriptor: never more frames than asked. */
		want = RTE_MIN((uint16_t)(nb_pkts - nb_rx),
			       (uint16_t)SOCNIC_RX_BATCH_MAX);
		n = c->harvest(q, st, s1, want, flags);
		if (n == 0)
			break;
		empty = false;
		/*
		 * Every armed descriptor came back: the device ran out of
		 * them and may be dropping frames now. Fold its missed
		 * counters before they can saturate.
		 */
		if (unlikely(n == (uint16_t)(q->armed - q->next)))
			exhausted = true;
		nb_rx += socnic_rx_process(c, q, st, s1, n, rx_pkts + nb_rx,
					   flags);
	} while (n == want && nb_rx < nb_pkts);

	/*
	 * E. The missed counters on every SOCNIC_RX_MISSED_POLLS-th empty
	 * poll (a register read is an uncached bus access; the device counts
	 * misses only while the ring is exhausted, when polls are not empty).
	 */
	if ((empty && (++q->empty_polls & (SOCNIC_RX_MISSED_POLLS - 1)) == 0) ||
	    exhausted)
		c->missed_update(q);
	c->poll_end(q, empty, flags);
	return nb_rx;
}

/* Slots a refill takes from the page pool per bulk allocation. */
#define SOCNIC_RX_REFILL_CHUNK	64

/*
 * E. The refill's walk over slots [from, end), every family's: empty slots
 * get buffers from the page pool in bulk (@p arm_fresh writes the
 * descriptor of a new buffer), slots still holding one (copied out, an
 * errored frame) are re-armed with it (@p rearm_kept). A short pool stops
 * at the first slot it cannot fill and counts rx_nombuf: never a
 * descriptor given without a buffer (row 16). Returns where it stopped;
 * the family then gives [from, that) to the device (ownership bits, the
 * doorbell). The steps are always-inline functions of the family, given
 * the memory model (@p nc) of the refill's instance.
 */
static __rte_always_inline uint16_t
socnic_rx_refill_slots(struct socnic_rx_queue *q, uint16_t from, uint16_t end,
		       void (*arm_fresh)(struct socnic_rx_queue *, uint16_t,
					 struct rte_mbuf *, const bool),
		       void (*rearm_kept)(struct socnic_rx_queue *, uint16_t,
					  const bool),
		       const bool nc)
{
	struct rte_mbuf *fresh[SOCNIC_RX_REFILL_CHUNK];
	struct rte_mbuf **sw = q->sw_ring;
	const uint16_t mask = q->mask;
	uint16_t pos = from, s;

	while (pos != end) {
		uint16_t chunk = RTE_MIN((uint16_t)(end - pos),
					 (uint16_t)SOCNIC_RX_REFILL_CHUNK);
		unsigned int need = 0, got = 0, used = 0;

		for (s = 0; s < chunk; s++)
			need += sw[(pos + s) & mask] == NULL;
		if (need != 0)
			got = rxp_pool_alloc_bulk(q->lib.pool, fresh, need);
		for (s = 0; s < chunk; s++) {
			uint16_t slot = (pos + s) & mask;

			if (sw[slot] == NULL) {
				if (used == got)
					break;
				sw[slot] = fresh[used++];
				arm_fresh(q, slot, sw[slot], nc);
				continue;
			}
			/* Kept in its slot: same buffer, same address. */
			rxp_pool_rearm_kept(q->lib.pool, sw[slot]);
			rearm_kept(q, slot, nc);
		}
		pos = (uint16_t)(pos + s);
		if (unlikely(got < need)) {
			q->stats.rx_nombuf += need - got;
			break;
		}
	}
	return pos;
}

/*
 * The variants of family @p fam (a prefix) over codec @p codec: the
 * production ones, each a name one finds in perf (as ixgbe_recv_pkts_vec),
 *
 *   <fam>_recv_pkts[_nc][_zc][_pf0|_pf1]
 *
 * _nc: cache maintenance around every DMA (dma=noncoherent); _zc:
 * zero-copy only (copybreak=0), else zero-copy + copybreak; _pf0/_pf1:
 * head lines prefetched (prefetch=0|1), else 2, after the sync; and the
 * table <fam>_rx_variants[memory model][ZC, CB][head lines] that
 * socnic_rx_burst_pick() reads.
 */
#define SOCNIC_RX_BURST_DEF(fn, codec, nc, bm, l, before)		\
static uint16_t								\
fn(void *q, struct rte_mbuf **pkts, uint16_t n)				\
{									\
	return socnic_rx_burst(codec, q, pkts, n,			\
			       SOCNIC_RXF(nc, bm, l, before));		\
}

/*
 * The six production variants of one memory model (@p nc: 0 coherent,
 * 1 non-coherent), <pre>[_zc][_pf0|_pf1] with @p pre <fam>_recv_pkts or
 * <fam>_recv_pkts_nc.
 */
#define SOCNIC_RX_BURSTS_MEM(pre, codec, nc)				\
SOCNIC_RX_BURST_DEF(pre, codec, nc, SOCNIC_RXB_CB, 2, 0)		\
SOCNIC_RX_BURST_DEF(pre ## _pf1, codec, nc, SOCNIC_RXB_CB, 1, 0)	\
SOCNIC_RX_BURST_DEF(pre ## _pf0, codec, nc, SOCNIC_RXB_CB, 0, 0)	\
SOCNIC_RX_BURST_DEF(pre ## _zc, codec, nc, SOCNIC_RXB_ZC, 2, 0)		\
SOCNIC_RX_BURST_DEF(pre ## _zc_pf1, codec, nc, SOCNIC_RXB_ZC, 1, 0)	\
SOCNIC_RX_BURST_DEF(pre ## _zc_pf0, codec, nc, SOCNIC_RXB_ZC, 0, 0)

#define SOCNIC_RX_BURSTS(fam, codec)					\
SOCNIC_RX_BURSTS_MEM(fam ## _recv_pkts, codec, 0)			\
SOCNIC_RX_BURSTS_MEM(fam ## _recv_pkts_nc, codec, 1)			\
static const eth_rx_burst_t fam ## _rx_variants[2][2][3] = {		\
	{ { fam ## _recv_pkts_zc_pf0, fam ## _recv_pkts_zc_pf1,		\
	    fam ## _recv_pkts_zc },					\
	  { fam ## _recv_pkts_pf0, fam ## _recv_pkts_pf1,		\
	    fam ## _recv_pkts } },					\
	{ { fam ## _recv_pkts_nc_zc_pf0, fam ## _recv_pkts_nc_zc_pf1,	\
	    fam ## _recv_pkts_nc_zc },					\
	  { fam ## _recv_pkts_nc_pf0, fam ## _recv_pkts_nc_pf1,		\
	    fam ## _recv_pkts_nc } },					\
};									\
SOCNIC_RX_ABLATION_BURSTS(fam, codec)

_Static_assert(SOCNIC_RXB_ZC == 0 && SOCNIC_RXB_CB == 1 &&
	       SOCNIC_RXB_COPY == 2 && SOCNIC_RXB_NB == 3,
	       "the variant tables are indexed by enum socnic_rx_buf_mode");
_Static_assert(RXP_PREFETCH_HEAD_LINES_MAX == 2,
	       "one production variant per head-line count 0..2");

/*
 * The ablation-only variants (tests/bench/ablation.py), built with meson
 * -Drx_ablation=true: the head prefetched before the sync (the old Linux
 * order), and copy-all (zerocopy=0), for every memory model, buffer mode
 * and head-line count: <fam>_recv_pkts_abl_<nc>_<buffers>_<lines>_<before>,
 * in <fam>_rx_ablation_variants[nc][buffers][lines][before].
 */
#ifdef SOCNIC_RX_ABLATION
#define SOCNIC_RXV(fam, nc, bm, l, b)					\
	fam ## _recv_pkts_abl_ ## nc ## _ ## bm ## _ ## l ## _ ## b
#define SOCNIC_RXV_DEF_L(fam, c, nc, bm, l)				\
	SOCNIC_RX_BURST_DEF(SOCNIC_RXV(fam, nc, bm, l, 0), c, nc, bm, l, 0) \
	SOCNIC_RX_BURST_DEF(SOCNIC_RXV(fam, nc, bm, l, 1), c, nc, bm, l, 1)
#define SOCNIC_RXV_DEF_BM(fam, c, nc, bm)				\
	SOCNIC_RXV_DEF_L(fam, c, nc, bm, 0)				\
	SOCNIC_RXV_DEF_L(fam, c, nc, bm, 1)				\
	SOCNIC_RXV_DEF_L(fam, c, nc, bm, 2)
#define SOCNIC_RXV_DEF_NC(fam, c, nc)					\
	SOCNIC_RXV_DEF_BM(fam, c, nc, 0)				\
	SOCNIC_RXV_DEF_BM(fam, c, nc, 1)				\
	SOCNIC_RXV_DEF_BM(fam, c, nc, 2)
#define SOCNIC_RXV_ROW_L(fam, nc, bm, l)				\
	{ SOCNIC_RXV(fam, nc, bm, l, 0), SOCNIC_RXV(fam, nc, bm, l, 1) }
#define SOCNIC_RXV_ROW_BM(fam, nc, bm)					\
	{ SOCNIC_RXV_ROW_L(fam, nc, bm, 0), SOCNIC_RXV_ROW_L(fam, nc, bm, 1), \
	  SOCNIC_RXV_ROW_L(fam, nc, bm, 2) }
#define SOCNIC_RXV_ROW_NC(fam, nc)					\
	{ SOCNIC_RXV_ROW_BM(fam, nc, 0), SOCNIC_RXV_ROW_BM(fam, nc, 1),	\
	  SOCNIC_RXV_ROW_BM(fam, nc, 2) }
#define SOCNIC_RX_ABLATION_BURSTS(fam, codec)				\
SOCNIC_RXV_DEF_NC(fam, codec, 0)					\
SOCNIC_RXV_DEF_NC(fam, codec, 1)					\
static const eth_rx_burst_t						\
fam ## _rx_ablation_variants[2][SOCNIC_RXB_NB][RXP_PREFETCH_HEAD_LINES_MAX + 1][2] = { \
	SOCNIC_RXV_ROW_NC(fam, 0),					\
	SOCNIC_RXV_ROW_NC(fam, 1),					\
};
#define SOCNIC_RX_ABLATION_TABLE(fam) (&fam ## _rx_ablation_variants)
#else
#define SOCNIC_RX_ABLATION_BURSTS(fam, codec)
#define SOCNIC_RX_ABLATION_TABLE(fam) NULL
#endif /* SOCNIC_RX_ABLATION */

typedef const eth_rx_burst_t socnic_rx_variants_t[2][2][3];
typedef const eth_rx_burst_t
socnic_rx_ablation_variants_t[2][SOCNIC_RXB_NB][RXP_PREFETCH_HEAD_LINES_MAX + 1][2];

/*
 * The variant for queue @p q (its sync mode and buffer mode, chosen at
 * setup) and the RX-path devargs @p rx (prefetch=, prefetch_before=):
 * from @p prod, or from @p abl for an ablation-only configuration (@p abl
 * is NULL in a build without them, where the devargs refuse what selects
 * them, socnic_devargs_rx.c, and NULL comes back). Logged under
 * @p logtype.
 */
eth_rx_burst_t socnic_rx_burst_pick(const struct socnic_rx_queue *q,
				    const struct socnic_rx_args *rx,
				    socnic_rx_variants_t *prod,
				    socnic_rx_ablation_variants_t *abl,
				    int logtype);

/* The variant for @p q of family @p fam (SOCNIC_RX_BURSTS(fam, ...)). */
#define SOCNIC_RX_BURST_PICK(fam, q, rx, logtype)			\
	socnic_rx_burst_pick(q, rx, &fam ## _rx_variants,		\
			     SOCNIC_RX_ABLATION_TABLE(fam), logtype)

#endif /* SOCNIC_RX_BURST_H */
