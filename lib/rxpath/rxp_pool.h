/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file
 * Page pool for one RX queue, modelled on Linux page_pool
 * (include/net/page_pool/types.h, helpers.h; net/core/page_pool.c).
 *
 * Buffers are mbufs of an rte_mempool and keep their IOVA (buf_iova is
 * never touched). On top of the mempool the pool adds what page_pool adds
 * on top of the page allocator:
 *
 * - a DIRECT-RECYCLE cache (page_pool's pool->alloc.cache, a LIFO array):
 *   buffers that never left the driver (copybreak, errored or dropped
 *   frames) go back into it with rxp_pool_recycle_direct() and are the
 *   first served by rxp_pool_alloc_bulk(). Owning lcore only, no atomics
 *   (page_pool_recycle_direct(): "only call from the NAPI context");
 * - DMA sync for the device limited to [offset, offset + max_len), the
 *   bytes the device may write (page_pool_params.offset / .max_len and
 *   PP_FLAG_DMA_SYNC_DEV), and on a put only the bytes the CPU may have
 *   dirtied (page_pool_put_page(..., dma_sync_size, ...));
 * - a sync for the device of every buffer fresh from the mempool, whose
 *   lines the previous owner (an app, the TX path) may have left dirty: an
 *   eviction of such a line during DMA would overwrite received data
 *   (Linux stmmac 3caa61c20875 "Sync RX Buffer upon allocation",
 *   robustness row 47);
 * - in-flight accounting: buffers allocated from the pool and not yet
 *   returned to it (recycled, put, or handed off to the application); it
 *   must be 0 when the pool is destroyed (page_pool_release() /
 *   page_pool_inflight()), else rxp_pool_destroy() refuses with -EBUSY;
 * - counters from one X-macro list.
 *
 * Where page_pool differs: a page given to the stack comes back to its
 * page_pool; an mbuf given to a DPDK application is freed by the mbuf free
 * path straight into its rte_mempool. The RX path therefore declares such
 * buffers with rxp_pool_handoff(): they stop being in flight for this pool
 * (the old page_pool_release_page() semantic). The mempool outlives the
 * queue, so a buffer the application still holds at teardown is simply
 * freed later, into the mempool, never into a destroyed rxp_pool
 * (robustness row 49).
 *
 * Exhaustion never aborts: rxp_pool_alloc_bulk() returns fewer buffers and
 * counts alloc_empty; the caller counts rx_nombuf and retries later.
 */
#ifndef RXP_POOL_H
#define RXP_POOL_H

#include <stdbool.h>
#include <stdint.h>

#include <rte_branch_prediction.h>
#include <rte_common.h>
#include <rte_mbuf.h>
#include <rte_mempool.h>

#include "rxp_sync.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * Counters of a pool. RXP_POOL_STATS(X) calls X(name, help) for each.
 *
 * Every buffer leaving the pool is counted once in alloc_fast or
 * alloc_slow; every buffer coming back once in recycled_direct,
 * recycle_full or handed_off. In flight = out - back.
 */
#define RXP_POOL_STATS(X)						\
	X(alloc_fast, "buffers served from the direct-recycle cache")	\
	X(alloc_slow, "buffers served from the mempool")		\
	X(alloc_empty, "allocations the mempool could not fully serve")	\
	X(recycled_direct, "buffers returned into the recycle cache")	\
	X(recycle_full, "returns that found the cache full or the "	\
	  "buffer shared, and went to the mempool")			\
	X(handed_off, "buffers handed to the application")		\
	X(released, "buffers given back to the mempool")		\
	X(sync_for_device_bytes, "bytes passed to the sync for the "	\
	  "device (fresh buffers: max_len; puts: dma_sync_len)")

/** Counters; all uint64_t (robustness row 46), in RXP_POOL_STATS order. */
struct rxp_pool_stats {
#define RXP_POOL_STAT_FIELD(n, h) uint64_t n;
	RXP_POOL_STATS(RXP_POOL_STAT_FIELD)
#undef RXP_POOL_STAT_FIELD
};

/** Indices of the counters, in RXP_POOL_STATS order. */
enum rxp_pool_stat_id {
#define RXP_POOL_STAT_ENUM(n, h) RXP_POOL_STAT_ ## n,
	RXP_POOL_STATS(RXP_POOL_STAT_ENUM)
#undef RXP_POOL_STAT_ENUM
	RXP_POOL_NB_STATS
};

/** Counter names, indexed by enum rxp_pool_stat_id. */
extern const char *const rxp_pool_stat_names[RXP_POOL_NB_STATS];

/** Default capacity of the direct-recycle cache (page_pool's PP_ALLOC_CACHE_SIZE). */
#define RXP_POOL_CACHE_SIZE_DEFAULT	128
/** Largest direct-recycle cache accepted. */
#define RXP_POOL_CACHE_SIZE_MAX		4096

/**
 * Parameters read on the datapath (page_pool_params_fast): copied into the
 * first cache line of the pool.
 */
struct rxp_pool_params_fast {
	struct rte_mempool *mp;	/**< packet mbuf pool the buffers come from */
	struct rxp_sync *sync;	/**< the queue's DMA sync (not owned) */
	uint32_t max_len;	/**< bytes the device may write from offset */
	uint16_t offset;	/**< headroom: where the device starts writing,
				 *   from buf_addr; becomes data_off */
	uint16_t cache_size;	/**< direct-recycle capacity; 0: default */
};

/** Parameters used only at setup, teardown and in logs (page_pool_params_slow). */
struct rxp_pool_params_slow {
	const char *name;	/**< for logs; may be NULL */
	int socket_id;		/**< NUMA node of the pool struct */
	uint16_t port_id;	/**< for logs */
	uint16_t queue_id;	/**< for logs */
};

/** Pool parameters, split hot/cold like struct page_pool_params. */
struct rxp_pool_params {
	struct rxp_pool_params_fast fast;
	struct rxp_pool_params_slow slow;
};

/**
 * A queue's page pool. Everything before @c cache is read per burst;
 * the struct is used by the queue's lcore only.
 */
struct rxp_pool {
	uint32_t cache_count;		/**< buffers now in the cache */
	uint32_t cache_size;		/**< its capacity */
	/**
	 * Buffers served from the cache are synced for the device too:
	 * only with RXP_SYNC_FULL, as the old stmmac refill did ("sync
	 * whole allocation to device" on every descriptor it re-armed).
	 * Ablation only; a copy of p.sync->mode == RXP_SYNC_FULL kept in
	 * the line the allocation reads.
	 */
	bool resync_recycled;
	struct rxp_pool_params_fast p;	/**< hot parameters */
	struct rxp_pool_stats stats;
	struct rxp_pool_params_slow slow;
	char name[32];
	/** Direct-recycle cache, LIFO: the last buffer in is still warm. */
	struct rte_mbuf *cache[] __rte_cache_aligned;
};

/**
 * Create a pool.
 *
 * @param params  see struct rxp_pool_params; fast.mp and fast.sync are
 *   required; offset + max_len must fit in the mempool's data room.
 * @return the pool, or NULL with rte_errno set (EINVAL, ENOMEM).
 */
struct rxp_pool *rxp_pool_create(const struct rxp_pool_params *params);

/**
 * Destroy a pool: give the cached buffers back to the mempool and free it.
 *
 * @return 0; -EBUSY, with the count logged, if buffers are still in flight:
 *   the pool is then left intact so the caller can return them and retry
 *   (nothing is freed under a buffer the device may still write).
 *   NULL is accepted (returns 0).
 */
int rxp_pool_destroy(struct rxp_pool *pool);

/**
 * Give every buffer of the direct-recycle cache back to the mempool (a
 * queue stop: the mempool's in-use count returns to what the application
 * holds). The pool stays usable; in-flight accounting is unchanged.
 */
void rxp_pool_flush(struct rxp_pool *pool);

/**
 * Change max_len, the bytes the device may write from offset (what a
 * fresh buffer is synced over): a queue start programs the device's
 * buffer size from the frame size. Call with no buffer in flight.
 *
 * @return 0; -EINVAL if @p max_len is 0 or offset + max_len exceeds the
 *   mempool's data room.
 */
int rxp_pool_set_max_len(struct rxp_pool *pool, uint32_t max_len);

/** Buffers allocated from @p pool and not yet returned to it. */
static inline uint64_t
rxp_pool_inflight(const struct rxp_pool *pool)
{
	const struct rxp_pool_stats *st = &pool->stats;

	return st->alloc_fast + st->alloc_slow -
	       (st->recycled_direct + st->recycle_full + st->handed_off);
}

/** Log the counters at @p level (rte_log, logtype lib.rxpath.pool). */
void rxp_pool_stats_log(const struct rxp_pool *pool, uint32_t level);

/* Internal: the mbuf state every buffer leaves the pool in. */
static __rte_always_inline void
rxp_pool__prepare(const struct rxp_pool *pool, struct rte_mbuf *m)
{
	rte_pktmbuf_reset(m);
	m->data_off = pool->p.offset;
}

/* Internal: RXP_SYNC_FULL's sync of buffers served from the cache. */
void rxp_pool__resync(struct rxp_pool *pool, struct rte_mbuf **mbufs,
		      unsigned int n);

/* Internal: the mempool part of an allocation; returns what it got. */
unsigned int rxp_pool__alloc_slow(struct rxp_pool *pool,
				  struct rte_mbuf **mbufs, unsigned int n);

/**
 * Allocate up to @p n buffers for refill: first from the direct-recycle
 * cache (alloc_fast), then from the mempool (alloc_slow; those are synced
 * for the device over [offset, offset + max_len)).
 *
 * Each mbuf comes out as from rte_pktmbuf_alloc(): refcnt 1, one segment,
 * next NULL, lengths, ol_flags (but RTE_MBUF_F_EXTERNAL), packet_type,
 * vlan_tci and vlan_tci_outer 0, port invalid, and data_off = offset, so
 * that buf_iova + offset is the address to give the device
 * (rxp_pool_dma_addr()); tx_offload is left as the last owner left it
 * when the buffer comes from the mempool (its cache line is not touched).
 *
 * @return the number of buffers stored in @p mbufs, fewer than @p n when
 *   the mempool ran dry (alloc_empty counts such calls); never aborts.
 */
static inline unsigned int
rxp_pool_alloc_bulk(struct rxp_pool *pool, struct rte_mbuf **mbufs,
		    unsigned int n)
{
	unsigned int fast = RTE_MIN(n, pool->cache_count);
	unsigned int i;

	for (i = 0; i < fast; i++) {
		struct rte_mbuf *m = pool->cache[--pool->cache_count];

		rxp_pool__prepare(pool, m);
		mbufs[i] = m;
	}
	pool->stats.alloc_fast += fast;
	if (unlikely(pool->resync_recycled))
		rxp_pool__resync(pool, mbufs, fast);
	if (likely(fast == n))
		return n;
	return fast + rxp_pool__alloc_slow(pool, mbufs + fast, n - fast);
}

/* Internal: a returned buffer that cannot go into the cache. */
void rxp_pool__return_slow(struct rxp_pool *pool, struct rte_mbuf *m);

/**
 * Return a buffer the driver kept (copybreak, errored or dropped frame)
 * into the direct-recycle cache. Owning lcore only.
 *
 * No sync for the device: the CPU only READ such a buffer (to copy it, or
 * not at all), which leaves its lines clean, and the next sync for the CPU
 * cleans+invalidates them anyway. If the CPU wrote into the data area use
 * rxp_pool_put() with the length written.
 *
 * A buffer still referenced elsewhere (refcnt > 1) or indirect is not
 * cached but freed (its last owner returns it to the mempool), like
 * page_pool's page_ref_count() == 1 test; the cache being full sends the
 * buffer to the mempool. Both count recycle_full.
 *
 * @param m  one-segment mbuf of this pool's mempool.
 */
static inline void
rxp_pool_recycle_direct(struct rxp_pool *pool, struct rte_mbuf *m)
{
	if (likely(pool->cache_count < pool->cache_size &&
		   rte_mbuf_refcnt_read(m) == 1 && RTE_MBUF_DIRECT(m))) {
		pool->cache[pool->cache_count++] = m;
		pool->stats.recycled_direct++;
		return;
	}
	rxp_pool__return_slow(pool, m);
}

/**
 * Return a buffer after the CPU may have written into it: sync for the
 * device the first @p dma_sync_len bytes from offset (clamped to max_len;
 * page_pool_put_page()'s dma_sync_size), then recycle it like
 * rxp_pool_recycle_direct(). Owning lcore only.
 */
static inline void
rxp_pool_put(struct rxp_pool *pool, struct rte_mbuf *m, uint32_t dma_sync_len)
{
	uint32_t len = RTE_MIN(dma_sync_len, pool->p.max_len);

	rxp_sync_for_device(pool->p.sync,
			    (char *)m->buf_addr + pool->p.offset, len);
	pool->stats.sync_for_device_bytes += len;
	rxp_pool_recycle_direct(pool, m);
}

/**
 * Re-arm a buffer the driver kept in its ring slot (a copybreak frame
 * copied in place, an errored frame): the CPU only read it, so nothing is
 * done, except with RXP_SYNC_FULL, whose old refill synced every buffer
 * it re-armed whole for the device (ablation only).
 */
static inline void
rxp_pool_rearm_kept(struct rxp_pool *pool, struct rte_mbuf *m)
{
	if (unlikely(pool->resync_recycled))
		rxp_pool__resync(pool, &m, 1);
}

/**
 * Declare @p n buffers handed to the application: from now on the mbuf
 * free path owns them and returns them to the mempool. Once per burst.
 */
static inline void
rxp_pool_handoff(struct rxp_pool *pool, unsigned int n)
{
	pool->stats.handed_off += n;
}

/** Address the device writes the buffer at: buf_iova + offset (page_pool_get_dma_addr() + offset). */
static inline rte_iova_t
rxp_pool_dma_addr(const struct rxp_pool *pool, const struct rte_mbuf *m)
{
	return m->buf_iova + pool->p.offset;
}

#ifdef __cplusplus
}
#endif

#endif /* RXP_POOL_H */
