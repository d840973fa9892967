/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The RX burst's shared steps, always inline (as DPDK's Intel PMDs share
 * drivers/net/intel/common/rx.h): no function pointer per packet. Letters:
 * A. harvest (NIC), B. classify into a normalised batch (NIC, with
 * socnic_rx_batch_add), C. sync + prefetch + copybreak allocation
 * (socnic_rx_batch_sync), D. deliver (socnic_rx_deliver_clean; the NIC's
 * general path via socnic_rx_deliver_slow), E. refill and doorbell (NIC).
 * docs/design/families.md.
 */
#ifndef SOCNIC_RX_H
#define SOCNIC_RX_H

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

/* Frames per batch: bounds the on-stack arrays (a multiple of 4). */
#define SOCNIC_RX_BATCH_MAX	32

/* Buffer handling of a burst variant, a constant of each instance. */
enum socnic_rx_buf_mode {
	SOCNIC_RXB_ZC = 0,	/* zero-copy, copybreak off */
	SOCNIC_RXB_CB,		/* zero-copy above the copybreak threshold */
	SOCNIC_RXB_COPY,	/* zerocopy=0: every frame copied (ablation) */
	SOCNIC_RXB_NB
};

/*
 * A burst variant's switches as one constant flags word (DPDK cnxk's
 * cn10k_nix_recv_pkts(..., const uint16_t flags)): each variant is the
 * skeleton instantiated with its word, so every test of a switch folds
 * away at compile time.
 */
#define SOCNIC_RXF_NC		(1u << 0)	/* cache maintenance (dma=noncoherent) */
#define SOCNIC_RXF_BEFORE	(1u << 1)	/* head prefetched before the sync */
#define SOCNIC_RXF_BM_SHIFT	2		/* enum socnic_rx_buf_mode, 2 bits */
#define SOCNIC_RXF_LINES_SHIFT	4		/* head lines prefetched 0..2, 2 bits */
#define SOCNIC_RXF(nc, bm, lines, before)				\
	(((nc) ? SOCNIC_RXF_NC : 0u) |					\
	 ((unsigned int)(bm) << SOCNIC_RXF_BM_SHIFT) |			\
	 ((unsigned int)(lines) << SOCNIC_RXF_LINES_SHIFT) |		\
	 ((before) ? SOCNIC_RXF_BEFORE : 0u))

static __rte_always_inline bool
socnic_rxf_nc(const uint32_t flags)
{
	return flags & SOCNIC_RXF_NC;
}

static __rte_always_inline bool
socnic_rxf_before(const uint32_t flags)
{
	return flags & SOCNIC_RXF_BEFORE;
}

static __rte_always_inline unsigned int
socnic_rxf_bm(const uint32_t flags)
{
	return (flags >> SOCNIC_RXF_BM_SHIFT) & 3u;
}

static __rte_always_inline unsigned int
socnic_rxf_lines(const uint32_t flags)
{
	return (flags >> SOCNIC_RXF_LINES_SHIFT) & 3u;
}

/*
 * The device's checksum answer for a frame, from the two descriptor words
 * the family harvested: its codec's step, always inline, so that a
 * constant argument of this type folds into a direct, inlined call.
 */
typedef struct rxp_hw_csum (*socnic_rx_hw_fn)(uint32_t st, uint32_t s1);

/* What the shared steps need of a queue, taken once per batch. */
struct socnic_rx_view {
	struct rte_mbuf **sw_ring;	/* mbuf armed in each slot */
	struct rxp_copybreak *cb;	/* copybreak, or copy-all (COPY) */
	struct rxp_sync *sync;		/* the queue's DMA sync */
	uint64_t *vcnt;			/* verdict counters, RXP_CNT_* order */
	enum rxp_csum_mode csum_mode;
	bool hw_csum;			/* the device's checksum answers read */
	uint16_t mask;			/* ring size - 1 */
	uint16_t port_id;
	/* Where a frame starts in a ring buffer (an mbuf's data_off). */
	uint16_t data_off;
	/*
	 * Bytes the device writes in front of the frame (NETA's Marvell
	 * header; 0 for dwmac4): synced with it, never delivered.
	 */
	uint16_t lead;
};

/*
 * A batch in normalised form, its per-frame arrays: for frame j of a
 * clean group (bit j / 4 of the batch's clean), where its data is and its
 * length without FCS. The NIC's classify fills them; the rest is shared.
 * The device's checksum answer is not kept here: the deliver step decodes
 * it from the harvested descriptor words as it needs it, which measured
 * 1-6 % fewer cycles per frame with device verdicts, coherent, than a
 * value stored here in classify and read back
 * (docs/perf/queue_skeleton_ab.md).
 */
struct socnic_rx_frames {
	const uint8_t *data[SOCNIC_RX_BATCH_MAX];
	uint32_t len[SOCNIC_RX_BATCH_MAX];
	/* Buffers to sync for the CPU (non-coherent), over what was written. */
	const void *sync_data[SOCNIC_RX_BATCH_MAX];
	uint32_t sync_len[SOCNIC_RX_BATCH_MAX];
	struct rte_mbuf *small[SOCNIC_RX_BATCH_MAX];	/* copybreak mbufs */
};

/*
 * A batch's state: scalars only, apart from the arrays, so that the
 * compiler keeps it in registers across the burst (an aggregate indexed
 * by a variable stays in memory, and every counter of it with it).
 */
struct socnic_rx_batch {
	struct socnic_rx_frames *f;	/* the caller's, on its stack */
	uint32_t clean;		/* bit i/4: group i (socnic_rx_group_len()) takes the fast path */
	uint16_t base;		/* ring index of frame 0 (free-running) */
	uint16_t n;		/* frames (descriptors) in the batch */
	unsigned int ns;	/* f->sync_data[] used */
	unsigned int ncopy;	/* clean frames to copy */
	unsigned int got;	/* f->small[] allocated */
	unsigned int si;	/* f->small[] used */
	unsigned int pf_done;	/* bodies prefetched below this index */
};

/* An empty batch of @p n descriptors from ring index @p base, arrays @p f. */
static __rte_always_inline void
socnic_rx_batch_init(struct socnic_rx_batch *b, struct socnic_rx_frames *f,
		     uint16_t base, uint16_t n)
{
	b->f = f;
	b->clean = 0;
	b->base = base;
	b->n = n;
	b->ns = 0;
	b->ncopy = 0;
	b->got = 0;
	b->si = 0;
	b->pf_done = 0;
}

/*
 * Frames in the group from @p i: the batch is taken in groups of four
 * (quads), the last one holds the n % 4 left over when there are any, so
 * that a short burst (1-3 frames, the common case at low rates) takes the
 * fast path too.
 */
static __rte_always_inline uint16_t
socnic_rx_group_len(const struct socnic_rx_batch *b, uint16_t i)
{
	return (uint16_t)RTE_MIN(b->n - i, 4);
}

/*
 * Non-coherent: hands @p n bytes the device wrote at @p p that no segment
 * delivers (an FCS trimmed in software) back to the CPU. @p seg: they
 * follow a segment whose own sync (socnic_rx_deliver_slow(), over its
 * data) covers the lines up to @p p, so only the lines past those. Left
 * valid in the cache, such a line is written back over the device's bytes
 * once the buffer's next owner writes into it. General path only: the
 * fast paths sync all a buffer holds in one go.
 */
static __rte_always_inline void
socnic_rx_sync_tail(struct rxp_sync *sync, const uint8_t *p, uint32_t n,
		    bool seg)
{
	const uint8_t *e = p + n;

	if (n == 0 || sync->mode == RXP_SYNC_COHERENT)
		return;
	if (seg)
		p = RTE_PTR_ALIGN_CEIL(p, rxp_sync_line_size(sync));
	if (p < e)
		rxp_sync_for_cpu(sync, p, (uint32_t)(e - p));
}

/* Parse the frame at @p p and weigh the device's answer @p hw. */
static __rte_always_inline uint64_t
socnic_rx_parse(const struct socnic_rx_view *v, const uint8_t *p,
		uint32_t len, struct rxp_hw_csum hw, struct rxp_parse_result *r,
		int *need_sum)
{
	return rxp_parse_fast_flags(p, len, hw, v->csum_mode, r, need_sum);
}

/*
 * Finish and write the verdict on @p m: the L4 range of @p p summed here
 * unless the copy summed it (RXP_COPYBREAK_F_SUM in @p copied). Counts it.
 */
static __rte_always_inline struct rte_mbuf *
socnic_rx_verdict(const struct socnic_rx_view *v, struct rte_mbuf *m,
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
	rxp_verdict_count(v->vcnt, f);
	return m;
}

/*
 * Parse + verdict + copybreak of a complete frame whose first segment is
 * @p m (synced), its data at @p p, @p len bytes: the caller's, so that
 * the parse of a clean frame starts from the address the classify step
 * took from the ring, not from the mbuf's header just written (1500 B
 * frames, coherent: 5 % fewer cycles a frame in both families,
 * docs/perf/queue_skeleton_ab.md). Copies it when the buffer mode says
 * so, the L4 range summed during the copy. Returns the mbuf to deliver
 * and adds to @p handoff the page-pool buffers it leaves with. A checksum
 * error never drops; an empty small pool sends the frame zero-copy.
 */
static __rte_always_inline struct rte_mbuf *
socnic_rx_finish(const struct socnic_rx_view *v, struct rte_mbuf *m,
		 const uint8_t *p, uint32_t len, struct rxp_hw_csum hw,
		 const unsigned int bmode, unsigned int *handoff)
{
	struct rxp_parse_result r;
	unsigned int got = 0;
	uint32_t sum = 0;
	int need_sum;
	uint64_t f = socnic_rx_parse(v, p, len, hw, &r, &need_sum);

	if (bmode != SOCNIC_RXB_ZC && m->nb_segs == 1) {
		got = rxp_copybreak(v->cb, &m, len, r.csum_off,
				    need_sum ? r.csum_len : 0, &sum);
		/* The big buffer went back to the pool's recycle cache. */
		if (!(got & RXP_COPYBREAK_F_COPIED))
			*handoff += 1;
	} else {
		*handoff += m->nb_segs;
	}
	/* Written once, on the mbuf delivered (the copy or the buffer). */
	return socnic_rx_verdict(v, m, p, &r, f, need_sum, got, sum);
}

/*
 * Parse + verdict of a clean frame copied in place: @p p in its big
 * buffer (synced), which stays in its ring slot for the refill; @p m the
 * small mbuf it is copied into. The big mbuf's header is never written.
 * A copybreak frame (@p bmode SOCNIC_RXB_CB) is copied whole and, where
 * software decides the L4 verdict, its range summed after, from @p p (in
 * cache by then, socnic_rx_verdict()): at copybreak's lengths the
 * one-pass copy-and-sum's split copies cost more than the second read
 * saves. Every frame copied (SOCNIC_RXB_COPY, up to the MTU) is copied
 * and summed in one pass. The plain copy goes through rxp_copybreak_fill()
 * with an empty range, the same copy as rxp_copybreak_copy(): called here
 * instead, that one measured 4 % more cycles per frame non-coherent with
 * device verdicts (ab_driver.py, 7 alternated rounds; code placement).
 */
static __rte_always_inline struct rte_mbuf *
socnic_rx_finish_copy(const struct socnic_rx_view *v, struct rte_mbuf *m,
		      const uint8_t *p, uint32_t len, struct rxp_hw_csum hw,
		      const unsigned int bmode)
{
	struct rxp_parse_result r;
	uint32_t sum = 0;
	int need_sum;
	uint64_t f = socnic_rx_parse(v, p, len, hw, &r, &need_sum);
	unsigned int got = !need_sum || bmode != SOCNIC_RXB_COPY ?
			   rxp_copybreak_fill(v->cb, m, p, len, 0, 0, &sum) :
			   rxp_copybreak_fill(v->cb, m, p, len, r.csum_off,
					      r.csum_len, &sum);

	m->port = v->port_id;
	return socnic_rx_verdict(v, m, p, &r, f, need_sum, got, sum);
}

/*
 * A frame the NIC's general path completed (errors, chains, a group not
 * clean): each segment synced over its own length, the head prefetched,
 * then finished like any frame.
 */
static __rte_always_inline struct rte_mbuf *
socnic_rx_deliver_slow(const struct socnic_rx_view *v, struct rte_mbuf *m,
		       struct rxp_hw_csum hw, const uint32_t flags,
		       unsigned int *handoff)
{
	const bool nc = socnic_rxf_nc(flags), before = socnic_rxf_before(flags);
	const unsigned int lines = socnic_rxf_lines(flags);
	struct rte_mbuf *s;

	for (s = m->next; nc && s != NULL; s = s->next)
		rxp_sync_for_cpu(v->sync, rte_pktmbuf_mtod(s, void *),
				 s->data_len);
	if (before)
		rxp_prefetch_head(v->sync, rte_pktmbuf_mtod(m, void *),
				  lines);
	if (nc)
		rxp_sync_for_cpu(v->sync,
				 rte_pktmbuf_mtod_offset(m, uint8_t *, -(int)v->lead),
				 m->data_len + v->lead);
	if (!before)
		rxp_prefetch_head_len(v->sync, rte_pktmbuf_mtod(m, void *),
				      lines, m->data_len);
	return socnic_rx_finish(v, m, rte_pktmbuf_mtod(m, const uint8_t *),
				m->data_len, hw, socnic_rxf_bm(flags), handoff);
}

/* The general path reads every mbuf of the @p cnt frames from @p i. */
static __rte_always_inline void
socnic_rx_prefetch_mbufs(const struct socnic_rx_view *v,
			 const struct socnic_rx_batch *b, uint16_t i,
			 uint16_t cnt)
{
	unsigned int k;

	for (k = 0; k < cnt; k++)
		rte_prefetch0(v->sw_ring[(b->base + i + k) & v->mask]);
}

/*
 * B. Frame @p j of a clean group, its data at @p data, @p wlen bytes
 * written by the device from data - v->lead (FCS included); b->f->len[j]
 * already set. Only an mbuf that will leave the ring zero-copy is
 * prefetched: a frame copied in place never touches its big mbuf.
 */
static __rte_always_inline void
socnic_rx_batch_add(const struct socnic_rx_view *v, struct socnic_rx_batch *b,
		    uint16_t j, const uint8_t *data, uint32_t wlen,
		    const uint32_t flags)
{
	const unsigned int bmode = socnic_rxf_bm(flags);

	b->f->data[j] = data;
	if (bmode == SOCNIC_RXB_ZC || !rxp_copybreak_wanted(v->cb, b->f->len[j]))
		rte_prefetch0(v->sw_ring[(b->base + j) & v->mask]);
	else
		b->ncopy++;
	/* Coherent: the harvest's barrier was the sync, it prefetched the head. */
	if (!socnic_rxf_nc(flags))
		return;
	if (socnic_rxf_before(flags))
		rxp_prefetch_head(v->sync, data, socnic_rxf_lines(flags));
	b->f->sync_data[b->ns] = data - v->lead;
	b->f->sync_len[b->ns++] = wlen;
}

/*
 * C. Non-coherent: the maintenance of every clean buffer of the batch with
 * one completion barrier, then the head prefetches; the small mbufs of the
 * frames to copy in one allocation.
 */
static __rte_always_inline void
socnic_rx_batch_sync(const struct socnic_rx_view *v, struct socnic_rx_batch *b,
		     const uint32_t flags)
{
	const unsigned int lines = socnic_rxf_lines(flags);
	unsigned int j;

	if (socnic_rxf_nc(flags) && b->ns != 0) {
		rxp_sync_for_cpu_bulk(v->sync, b->f->sync_data, b->f->sync_len, b->ns);
		if (!socnic_rxf_before(flags))
			for (j = 0; j < b->ns; j++)
				rxp_prefetch_head_len(v->sync,
						      b->f->sync_data[j], lines,
						      b->f->sync_len[j]);
	}
	if (socnic_rxf_bm(flags) != SOCNIC_RXB_ZC)
		b->got = rxp_copybreak_alloc_bulk(v->cb, b->f->small, b->ncopy);
}

/* The rest (past the head lines) of the frames of the group from @p i. */
static __rte_always_inline void
socnic_rx_prefetch_group_body(const struct socnic_rx_view *v,
			      const struct socnic_rx_batch *b, uint16_t i,
			      const unsigned int lines)
{
	unsigned int k, cnt = socnic_rx_group_len(b, i);

	for (k = 0; k < cnt; k++)
		rxp_prefetch_body(v->sync, b->f->data[i + k],
				  lines * RXP_PREFETCH_LINE,
				  b->f->len[i + k]);
}

/*
 * D. The clean group of @p cnt frames from @p i (a quad, or the batch's
 * last 1-3 frames), in ring order: a frame to copy into its small mbuf
 * (its big buffer left in the slot), any other taken from the ring
 * zero-copy; parse, verdict, counters. The device's answer comes from
 * @p hwf over the frame's harvested words @p st and @p s1 (indexed as the
 * batch), where the queue reads it. When software will sum them
 * (@p body), the rest of the frames is prefetched one group ahead.
 * Returns the new count of @p pkts. @p cnt is 4 or socnic_rx_group_len().
 */
static __rte_always_inline uint16_t
socnic_rx_deliver_group(const struct socnic_rx_view *v,
			struct socnic_rx_batch *b, uint16_t i, uint16_t cnt,
			struct rte_mbuf **pkts, uint16_t nb,
			unsigned int *handoff, uint64_t *bytes, bool body,
			socnic_rx_hw_fn hwf, const uint32_t *st,
			const uint32_t *s1, const uint32_t flags)
{
	const unsigned int bmode = socnic_rxf_bm(flags);
	const unsigned int lines = socnic_rxf_lines(flags);
	unsigned int k;

	if (!socnic_rxf_before(flags) && body) {
		if (b->pf_done <= i)
			socnic_rx_prefetch_group_body(v, b, i, lines);
		if (i + 4u < b->n && (b->clean & (1u << (i / 4 + 1))))
			socnic_rx_prefetch_group_body(v, b, (uint16_t)(i + 4), lines);
		b->pf_done = i + 8u;
	}
	for (k = 0; k < cnt; k++) {
		uint16_t slot = (b->base + i + k) & v->mask;
		uint32_t len = b->f->len[i + k];
		struct rxp_hw_csum hw = v->hw_csum ? hwf(st[i + k], s1[i + k]) :
					RXP_HW_CSUM_NONE;
		struct rte_mbuf *mb;

		*bytes += len;
		if (bmode != SOCNIC_RXB_ZC && rxp_copybreak_wanted(v->cb, len)) {
			mb = b->si < b->got ? b->f->small[b->si++] :
			     rxp_copybreak_alloc_one(v->cb);
			if (likely(mb != NULL)) {
				pkts[nb++] = socnic_rx_finish_copy(v, mb,
					b->f->data[i + k], len, hw,
					bmode);
				continue;
			}
		}
		/* Zero-copy: the buffer leaves the ring. */
		mb = v->sw_ring[slot];
		v->sw_ring[slot] = NULL;
		mb->data_off = v->data_off;
		mb->data_len = (uint16_t)len;
		mb->pkt_len = len;
		mb->port = v->port_id;
		pkts[nb++] = socnic_rx_finish(v, mb, b->f->data[i + k], len,
					      hw, SOCNIC_RXB_ZC, handoff);
	}
	return nb;
}

/*
 * D. The clean group from @p i through socnic_rx_deliver_group(): a quad
 * with its count a constant (the loop unrolled), the batch's last 1-3
 * frames with theirs.
 */
static __rte_always_inline uint16_t
socnic_rx_deliver_clean(const struct socnic_rx_view *v,
			struct socnic_rx_batch *b, uint16_t i,
			struct rte_mbuf **pkts, uint16_t nb,
			unsigned int *handoff, uint64_t *bytes, bool body,
			socnic_rx_hw_fn hwf, const uint32_t *st,
			const uint32_t *s1, const uint32_t flags)
{
	if (likely(i + 4u <= b->n))
		return socnic_rx_deliver_group(v, b, i, 4, pkts, nb, handoff,
					       bytes, body, hwf, st, s1, flags);
	return socnic_rx_deliver_group(v, b, i, socnic_rx_group_len(b, i),
				       pkts, nb, handoff, bytes, body, hwf, st,
				       s1, flags);
}

/* Small mbufs of clean groups the general path took over. */
static __rte_always_inline void
socnic_rx_batch_end(struct socnic_rx_batch *b)
{
	if (unlikely(b->si < b->got))
		rte_pktmbuf_free_bulk(b->f->small + b->si, b->got - b->si);
}

#endif /* SOCNIC_RX_H */
