/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file
 * RX copybreak: a small frame is copied into a small mbuf and its big
 * buffer stays with the driver, recycled through the page pool's
 * direct-recycle cache (no free to and alloc from the mempool, and the
 * big buffer is re-armed while still warm). Linux mvneta/e1000/igb
 * "rx_copybreak"; the threshold is compared with the length after the FCS
 * (and any header prefix) is removed, as mvneta does
 * (rx_bytes = data_size - (ETH_FCS_LEN + MVNETA_MH_SIZE);
 * robustness row 19).
 *
 * The copy and the checksum are one pass: the bytes from the L4 start are
 * copied with csum_partial_copy(), which returns their partial sum, so the
 * checksum verdict needs no second read of the payload. The caller parses
 * the headers in the big buffer first (it needs them anyway), then passes
 * the range to sum.
 *
 * If the small pool is empty the frame goes up zero-copy in its big
 * buffer (copybreak_nombuf counts it): copybreak never drops.
 *
 * One struct per queue, used by its lcore only.
 */
#ifndef RXP_COPYBREAK_H
#define RXP_COPYBREAK_H

#include <stdbool.h>
#include <stdint.h>

#include <rte_branch_prediction.h>
#include <rte_mbuf.h>
#include <rte_memcpy.h>
#include <rte_mempool.h>

#include "csum.h"
#include "rxp_mbuf.h"
#include "rxp_pool.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Default threshold in bytes (Linux mvneta's rx_copybreak default). */
#define RXP_COPYBREAK_DEFAULT	256

/** Counters. RXP_COPYBREAK_STATS(X) calls X(name, help) for each. */
#define RXP_COPYBREAK_STATS(X)						\
	X(copybreak_frames, "frames delivered in a small copy")	\
	X(copybreak_bytes, "bytes copied into small mbufs")		\
	X(copybreak_nombuf, "small frames sent zero-copy: small pool empty")

/** Counters; all uint64_t, in RXP_COPYBREAK_STATS order. */
struct rxp_copybreak_stats {
#define RXP_COPYBREAK_STAT_FIELD(n, h) uint64_t n;
	RXP_COPYBREAK_STATS(RXP_COPYBREAK_STAT_FIELD)
#undef RXP_COPYBREAK_STAT_FIELD
};

/** Indices of the counters, in RXP_COPYBREAK_STATS order. */
enum rxp_copybreak_stat_id {
#define RXP_COPYBREAK_STAT_ENUM(n, h) RXP_COPYBREAK_STAT_ ## n,
	RXP_COPYBREAK_STATS(RXP_COPYBREAK_STAT_ENUM)
#undef RXP_COPYBREAK_STAT_ENUM
	RXP_COPYBREAK_NB_STATS
};

/** Counter names, indexed by enum rxp_copybreak_stat_id. */
extern const char *const rxp_copybreak_stat_names[RXP_COPYBREAK_NB_STATS];

/** A queue's copybreak state. */
struct rxp_copybreak {
	uint32_t threshold;		/**< copy frames of 1..threshold bytes */
	struct rte_mempool *small_mp;	/**< small mbufs for the copies */
	struct rxp_pool *pool;		/**< where big buffers are recycled */
	struct rxp_copybreak_stats stats;
};

/** rxp_copybreak() result bit: the frame was copied, *pm is the copy. */
#define RXP_COPYBREAK_F_COPIED	(1u << 0)
/** rxp_copybreak() result bit: *l4_sum holds the sum of the asked range. */
#define RXP_COPYBREAK_F_SUM	(1u << 1)

/**
 * Initialise @p cb.
 *
 * @param pool  the queue's page pool; big buffers of copied frames are
 *   returned to it with rxp_pool_recycle_direct().
 * @param small_mp  pktmbuf pool of small buffers; its data room after the
 *   default headroom must hold @p threshold bytes. May be NULL only when
 *   @p threshold is 0.
 * @param threshold  largest frame copied, FCS excluded; 0 disables.
 * @return 0, or -EINVAL.
 */
int rxp_copybreak_init(struct rxp_copybreak *cb, struct rxp_pool *pool,
		       struct rte_mempool *small_mp, uint32_t threshold);

/* Internal: the copy, out of line (rxp_copybreak.c). */
unsigned int rxp_copybreak__copy(struct rxp_copybreak *cb,
				 struct rte_mbuf **pm, uint32_t len,
				 uint32_t sum_off, uint32_t sum_len,
				 uint32_t *l4_sum);

/**
 * Copy a small frame out of its big buffer, summing its L4 bytes on the
 * way.
 *
 * Preconditions: *pm is a one-segment mbuf of @p cb's page pool holding
 * the frame at its data pointer, already synced for the CPU, with
 * data_len >= @p len; the RX metadata the caller wants delivered
 * (port, packet_type, ol_flags, hash, vlan_tci) is set in it.
 *
 * If 1 <= @p len <= threshold and a small mbuf is available: the @p len
 * bytes are copied into it (data_len = pkt_len = len, metadata copied),
 * the big buffer goes back to the page pool's direct-recycle cache, and
 * *pm becomes the small mbuf. Bytes [sum_off, sum_off + sum_len) are
 * copied with csum_partial_copy() and their partial sum (from 0, as
 * csum_partial(data + sum_off, sum_len, 0) would give) is stored in
 * *l4_sum; bytes before and after the range are copied plainly (the
 * Ethernet pad after an IP datagram is never summed: robustness row 22).
 * An empty range (sum_len 0), or one not inside the frame, means
 * "unknown": the frame is copied plainly and *l4_sum is left alone.
 *
 * Otherwise (too long, copybreak disabled, small pool empty) nothing
 * changes and the frame goes up zero-copy.
 *
 * @return 0 (zero-copy), RXP_COPYBREAK_F_COPIED, or
 *   RXP_COPYBREAK_F_COPIED | RXP_COPYBREAK_F_SUM.
 */
static inline unsigned int
rxp_copybreak(struct rxp_copybreak *cb, struct rte_mbuf **pm, uint32_t len,
	      uint32_t sum_off, uint32_t sum_len, uint32_t *l4_sum)
{
	/*
	 * One unsigned compare covers "len >= 1", "len <= threshold" and
	 * "threshold 0 disables" (len - 1 wraps for len 0): no test of the
	 * setting on the datapath.
	 */
	if (likely(len - 1 >= cb->threshold))
		return 0;
	return rxp_copybreak__copy(cb, pm, len, sum_off, sum_len, l4_sum);
}

/*
 * In place: the batch interface of a burst that keeps each big buffer in
 * its ring slot and re-arms it there (no trip through the recycle cache,
 * the big mbuf's header never written). For each batch:
 *   n = frames for which rxp_copybreak_wanted() holds;
 *   got = rxp_copybreak_alloc_bulk(cb, small, n);       (n or 0)
 *   per frame: m = i < got ? small[i++] : rxp_copybreak_alloc_one(cb);
 *              m != NULL ? rxp_copybreak_fill(cb, m, data, len, ...)
 *                        : deliver zero-copy (copybreak_nombuf counted);
 * The bulk allocation is all or nothing, so no small mbuf is ever left
 * over: nothing to flush when the queue stops.
 */

/** Whether a frame of @p len bytes (FCS excluded) is copied: 1..threshold. */
static inline bool
rxp_copybreak_wanted(const struct rxp_copybreak *cb, uint32_t len)
{
	return len - 1 < cb->threshold;
}

/**
 * Allocate the @p n small mbufs of a batch at once, initialised on their
 * first cache line only (rxp_mbuf_init_rx()).
 * @return @p n, or 0 (nothing taken) when the small pool cannot serve
 *   them all: the frames then try rxp_copybreak_alloc_one() each.
 */
static inline unsigned int
rxp_copybreak_alloc_bulk(struct rxp_copybreak *cb, struct rte_mbuf **small,
			 unsigned int n)
{
	unsigned int i;

	if (n == 0 || rte_mempool_get_bulk(cb->small_mp, (void **)small, n) != 0)
		return 0;
	/* rxp_copybreak_init() checked the room past the full headroom. */
	for (i = 0; i < n; i++)
		rxp_mbuf_init_rx(small[i], RTE_PKTMBUF_HEADROOM);
	return n;
}

/**
 * One small mbuf, or NULL with copybreak_nombuf counted: the frame then
 * goes up zero-copy (copybreak never drops).
 */
static inline struct rte_mbuf *
rxp_copybreak_alloc_one(struct rxp_copybreak *cb)
{
	struct rte_mbuf *m = rte_pktmbuf_alloc(cb->small_mp);

	if (unlikely(m == NULL))
		cb->stats.copybreak_nombuf++;
	return m;
}

/* Internal: sets the lengths of @p m, a frame of @p len bytes just copied, and counts it. */
static inline void
rxp_copybreak__copied(struct rxp_copybreak *cb, struct rte_mbuf *m,
		      uint32_t len)
{
	m->data_len = (uint16_t)len;
	m->pkt_len = len;
	cb->stats.copybreak_frames++;
	cb->stats.copybreak_bytes += len;
}

/**
 * Copy the frame at @p src (@p len bytes, synced for the CPU) into @p m,
 * a small mbuf fresh from the small pool, whole; sets data_len and
 * pkt_len (the caller sets the RX metadata of @p m). The big buffer is
 * only read.
 *
 * @return RXP_COPYBREAK_F_COPIED.
 */
static inline unsigned int
rxp_copybreak_copy(struct rxp_copybreak *cb, struct rte_mbuf *m,
		   const uint8_t *src, uint32_t len)
{
	rte_memcpy(rte_pktmbuf_mtod(m, uint8_t *), src, len);
	rxp_copybreak__copied(cb, m, len);
	return RXP_COPYBREAK_F_COPIED;
}

/**
 * Copy the frame at @p src (@p len bytes, synced for the CPU) into @p m,
 * a small mbuf fresh from the small pool, summing its bytes
 * [sum_off, sum_off + sum_len) on the way with csum_partial_copy() into
 * *l4_sum, as rxp_copybreak() does (an empty range, or one not inside the
 * frame: copied plainly, *l4_sum left alone). Sets data_len and pkt_len;
 * the caller sets the RX metadata of @p m. The big buffer is only read.
 *
 * @return RXP_COPYBREAK_F_COPIED, with RXP_COPYBREAK_F_SUM when *l4_sum
 *   was set.
 */
static inline unsigned int
rxp_copybreak_fill(struct rxp_copybreak *cb, struct rte_mbuf *m,
		   const uint8_t *src, uint32_t len, uint32_t sum_off,
		   uint32_t sum_len, uint32_t *l4_sum)
{
	uint8_t *dst = rte_pktmbuf_mtod(m, uint8_t *);
	uint32_t end = sum_off + sum_len;

	if (sum_len == 0 || sum_off > len || sum_len > len - sum_off)
		return rxp_copybreak_copy(cb, m, src, len);
	rte_memcpy(dst, src, sum_off);
	*l4_sum = csum_partial_copy(dst + sum_off, src + sum_off, sum_len, 0);
	if (end != len)
		rte_memcpy(dst + end, src + end, len - end);
	rxp_copybreak__copied(cb, m, len);
	return RXP_COPYBREAK_F_COPIED | RXP_COPYBREAK_F_SUM;
}

#ifdef __cplusplus
}
#endif

#endif /* RXP_COPYBREAK_H */
