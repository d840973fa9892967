/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The RX queue's NIC-neutral half, shared by the PMDs of every family
 * (docs/design/families.md): the lib/rxpath objects of one queue (DMA sync
 * variant, page pool, rx-copybreak, copy-all) with their setup, teardown
 * and xstats, and the burst's shared steps as always-inline code (the
 * shape of DPDK's drivers/net/intel/common/rx.h): a NIC's burst harvests
 * its descriptors into (data, length, device checksum answer) and calls
 * these for sync + prefetch, copybreak or zero-copy, parse + verdict and
 * the counters. No function pointer is called per packet.
 */
#ifndef SOCNIC_RXQ_H
#define SOCNIC_RXQ_H

#include <stdbool.h>
#include <stdint.h>

#include <rte_branch_prediction.h>
#include <rte_common.h>
#include <rte_ethdev.h>
#include <rte_mbuf.h>
#include <rte_mempool.h>

#include "csum.h"
#include "rxp_copybreak.h"
#include "rxp_parse.h"
#include "rxp_parse_fast.h"
#include "rxp_pool.h"
#include "rxp_prefetch.h"
#include "rxp_sync.h"

#include "socnic_backend.h"

/* Buffer handling of a burst variant. */
enum socnic_rx_buf_mode {
	SOCNIC_RXB_ZC = 0,	/* zero-copy, copybreak off */
	SOCNIC_RXB_CB,		/* zero-copy above the copybreak threshold */
	SOCNIC_RXB_COPY,	/* zerocopy=0: every frame copied (ablation) */
	SOCNIC_RXB_NB
};

/*
 * RX-queue counters kept by lib/rxpath's objects rather than by the PMD:
 * X(name, expression on l (struct socnic_rxq_lib *), help). The xstat is
 * "rx_q<id>_<name>"; a reset records a base subtracted afterwards (the
 * library objects are never reset: the pool's in-flight accounting
 * depends on its totals).
 */
#define SOCNIC_RXQ_LIB_XSTATS(X)					\
	X(copybreak_frames, l->cb.stats.copybreak_frames,		\
	  "frames delivered in a small copy (rx-copybreak)")		\
	X(copybreak_bytes, l->cb.stats.copybreak_bytes,		\
	  "bytes copied by rx-copybreak")				\
	X(copybreak_nombuf, l->cb.stats.copybreak_nombuf,		\
	  "small frames sent zero-copy: small-buffer pool empty")	\
	X(copy_frames, l->copyall.stats.copybreak_frames,		\
	  "zerocopy=0: frames copied into a fresh mbuf")		\
	X(copy_nombuf, l->copyall.stats.copybreak_nombuf,		\
	  "zerocopy=0: frames sent zero-copy, no mbuf for the copy")	\
	X(recycled, l->pool->stats.recycled_direct,			\
	  "buffers back into the page pool's direct-recycle cache")	\
	X(pool_alloc_fast, l->pool->stats.alloc_fast,			\
	  "refill buffers from the direct-recycle cache")		\
	X(pool_alloc_slow, l->pool->stats.alloc_slow,			\
	  "refill buffers from the mempool")				\
	X(pool_alloc_empty, l->pool->stats.alloc_empty,		\
	  "refills the mempool could not fully serve")			\
	X(pool_recycle_full, l->pool->stats.recycle_full,		\
	  "buffers back to the mempool: the recycle cache was full")	\
	X(sync_bytes, l->sync.stats.for_cpu_bytes,			\
	  "bytes synced for the CPU, whole lines (0 when coherent)")

#define SOCNIC_RXQ_LIB_ONE(n, e, h) + 1
#define SOCNIC_RXQ_NB_LIB_XSTATS (0 SOCNIC_RXQ_LIB_XSTATS(SOCNIC_RXQ_LIB_ONE))

/* The verdict counters a queue keeps, in lib/rxpath's order. */
struct socnic_rx_verdicts {
	uint64_t v[RXP_CNT_MAX];
};

/* lib/rxpath state of one queue (used by the queue's lcore only). */
struct socnic_rxq_lib {
	struct rxp_sync sync;		/* DMA sync variant, chosen at setup */
	struct rxp_pool *pool;		/* page pool of the ring buffers */
	struct rxp_copybreak cb;	/* rx-copybreak into small_mp */
	struct rxp_copybreak copyall;	/* zerocopy=0: copies into mp */
	struct rte_mempool *small_mp;	/* copybreak buffers, owned */
	enum socnic_rx_buf_mode buf_mode;
	enum rxp_csum_mode csum_mode;
	bool prefetch_body;		/* software sums most frames: prefetch all */
	uint64_t base[SOCNIC_RXQ_NB_LIB_XSTATS];	/* at the last reset */
};

/* What socnic_rxq_lib_setup() builds a queue's objects from. */
struct socnic_rxq_lib_conf {
	const char *pmd;		/* short PMD name, for pool names */
	int logtype;
	uint16_t port_id;
	uint16_t queue_id;
	uint16_t nb_desc;
	unsigned int socket_id;
	struct rte_mempool *mp;		/* the application's buffers */
	const struct socnic_backend *be;	/* its cache hook, if any */
	uint32_t max_len;		/* bytes the device may write per buffer */
	uint16_t offset;		/* where it writes, from buf_addr */
	bool noncoherent;		/* dma= resolved */
	bool sync_full;			/* sync=full (ablation) */
	bool zerocopy;			/* 0: copy every frame (ablation) */
	uint32_t copybreak;		/* bytes, 0: off */
	enum rxp_csum_mode csum;
	/* prefetch_body: -1 auto (when software sums most frames), 0, 1. */
	int prefetch_body;
	bool hw_csum;			/* the device gives checksum answers */
};

/* 0 or a negative errno (logged); socnic_rxq_lib_free() in both cases. */
int socnic_rxq_lib_setup(struct socnic_rxq_lib *l,
			 const struct socnic_rxq_lib_conf *c);
/*
 * Releases the objects once the ring holds no buffer: the page pool (a
 * leak is logged), the small pool unless the application still holds
 * small mbufs (robustness row 49: logged and kept).
 */
void socnic_rxq_lib_free(struct socnic_rxq_lib *l, int logtype);
/*
 * After the ring gave its buffers back to the pool: the pool's cache back
 * to the mempool; returns what is still in flight (0 unless a driver bug).
 */
uint64_t socnic_rxq_lib_flush(struct socnic_rxq_lib *l);
/* The SOCNIC_RXQ_LIB_XSTATS values of @p l since the last reset. */
void socnic_rxq_lib_xstats(const struct socnic_rxq_lib *l, uint64_t *v);
void socnic_rxq_lib_xstats_reset(struct socnic_rxq_lib *l);
/* The names, "rx_q<queue>_<name>", into @p names[0..NB_LIB_XSTATS). */
void socnic_rxq_lib_xstats_names(struct rte_eth_xstat_name *names,
				 uint16_t queue);
/* Logs each counter with its meaning at DEBUG (the close-time dump). */
void socnic_rxq_lib_xstats_log(const struct socnic_rxq_lib *l, int logtype,
			       const char *port_name, uint16_t queue);

/* ---- The burst's shared steps ---- */

/*
 * Sync one received range for the CPU, then prefetch its head: the order
 * of robustness row 48 (Linux 2a2931517c9a), unless the ablation asks for
 * the old order (@p before: prefetch first, which on a non-coherent
 * system throws the prefetched lines away).
 */
static __rte_always_inline void
socnic_rx_sync_prefetch(struct rxp_sync *s, const void *sync_from,
			uint32_t sync_len, const void *head, const bool nc,
			const unsigned int lines, const bool before)
{
	if (before)
		rxp_prefetch_head(head, lines);
	if (nc)
		rxp_sync_for_cpu(s, sync_from, sync_len);
	if (!before)
		rxp_prefetch_head(head, lines);
}

/*
 * Parse the frame at @p p and weigh the device's answer @p hw: the flags
 * decided so far, and *need_sum when software must sum the L4 range
 * (r->csum_off, r->csum_len) to decide the L4 verdict.
 */
static __rte_always_inline uint64_t
socnic_rx_parse(const struct socnic_rxq_lib *l, const uint8_t *p,
		uint32_t len, struct rxp_hw_csum hw,
		struct rxp_parse_result *r, int *need_sum)
{
	rxp_parse_fast(p, len, r);
	return rxp_hw_csum_flags(r, hw, l->csum_mode, need_sum);
}

/*
 * Finish and write the verdict on @p m, the mbuf delivered: the L4 range
 * of the frame at @p p is summed here unless a copy already summed it
 * (@p copied has RXP_COPYBREAK_F_SUM, the sum in @p sum). Counts it.
 */
static __rte_always_inline struct rte_mbuf *
socnic_rx_verdict(struct socnic_rx_verdicts *vc, struct rte_mbuf *m,
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
	rxp_verdict_count(vc->v, f);
	return m;
}

/*
 * Parse + verdict + copybreak of a complete frame whose first segment is
 * @p m (synced, data_off/data_len/pkt_len/port set). Copies the frame
 * when @p bmode says so (copybreak: frames of at most the threshold;
 * copy-all: every single-segment frame), with the L4 range summed during
 * the copy. Returns the mbuf to deliver and adds to @p *handoff the
 * page-pool buffers it leaves with.
 * Policy: a checksum error never drops (P-a); an empty small pool sends
 * the frame zero-copy (copybreak_nombuf), it does not drop either.
 */
static __rte_always_inline struct rte_mbuf *
socnic_rx_finish(struct socnic_rxq_lib *l, struct socnic_rx_verdicts *vc,
		 struct rte_mbuf *m, struct rxp_hw_csum hw,
		 const unsigned int bmode, unsigned int *handoff)
{
	const uint8_t *p = rte_pktmbuf_mtod(m, const uint8_t *);
	const uint32_t len = m->data_len;	/* first segment only */
	struct rxp_parse_result r;
	unsigned int got = 0;
	uint32_t sum = 0;
	int need_sum;
	uint64_t f = socnic_rx_parse(l, p, len, hw, &r, &need_sum);

	if (bmode != SOCNIC_RXB_ZC && m->nb_segs == 1) {
		struct rxp_copybreak *cb = bmode == SOCNIC_RXB_COPY ?
					   &l->copyall : &l->cb;

		got = rxp_copybreak(cb, &m, len, r.csum_off,
				    need_sum ? r.csum_len : 0, &sum);
		/* The big buffer went back to the pool's recycle cache. */
		if (!(got & RXP_COPYBREAK_F_COPIED))
			*handoff += 1;
	} else {
		*handoff += m->nb_segs;
	}
	/* Written once, on the mbuf delivered (the copy or the buffer). */
	return socnic_rx_verdict(vc, m, p, &r, f, need_sum, got, sum);
}

/*
 * Parse + verdict of a frame copied in place: @p p is the frame in its
 * big buffer (synced), which stays in its ring slot and is re-armed there
 * by the refill; @p m is the fresh small mbuf it is copied into, with the
 * L4 range summed during the copy. The big mbuf's header is never
 * written.
 */
static __rte_always_inline struct rte_mbuf *
socnic_rx_finish_copy(struct socnic_rxq_lib *l, struct socnic_rx_verdicts *vc,
		      struct rxp_copybreak *cb, struct rte_mbuf *m,
		      const uint8_t *p, uint32_t len, struct rxp_hw_csum hw,
		      uint16_t port_id)
{
	struct rxp_parse_result r;
	uint32_t sum = 0;
	int need_sum;
	uint64_t f = socnic_rx_parse(l, p, len, hw, &r, &need_sum);
	unsigned int got = rxp_copybreak_fill(cb, m, p, len, r.csum_off,
					      need_sum ? r.csum_len : 0, &sum);

	m->port = port_id;
	return socnic_rx_verdict(vc, m, p, &r, f, need_sum, got, sum);
}

/* The copybreak state a buffer mode copies with. */
static __rte_always_inline struct rxp_copybreak *
socnic_rx_copier(struct socnic_rxq_lib *l, const unsigned int bmode)
{
	return bmode == SOCNIC_RXB_COPY ? &l->copyall : &l->cb;
}

#endif /* SOCNIC_RXQ_H */
