/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Page pool: setup, teardown and the slow paths (mempool refill, returns
 * that miss the cache). The fast paths are inline in rxp_pool.h.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include <rte_errno.h>
#include <rte_log.h>
#include <rte_malloc.h>

#include "rxp_mbuf.h"
#include "rxp_pool.h"

RTE_LOG_REGISTER(rxp_pool_logtype, lib.rxpath.pool, NOTICE);

#define RXP_POOL_LOG(level, fmt, ...)					\
	rte_log(RTE_LOG_ ## level, rxp_pool_logtype, "%s(): " fmt "\n",	\
		__func__, ##__VA_ARGS__)

const char *const rxp_pool_stat_names[RXP_POOL_NB_STATS] = {
#define RXP_POOL_STAT_NAME(n, h) [RXP_POOL_STAT_ ## n] = #n,
	RXP_POOL_STATS(RXP_POOL_STAT_NAME)
#undef RXP_POOL_STAT_NAME
};

/* Fresh buffers synced for the device per completion barrier. */
#define RXP_POOL_SYNC_BULK 32u

/*
 * The mempool part of rxp_pool_alloc_bulk(). The bulk get is
 * all-or-nothing; when it fails the pool is nearly dry, so take what is
 * left one by one (the first failure ends it): the caller gets fewer
 * buffers, never none while some exist.
 */
unsigned int
rxp_pool__alloc_slow(struct rxp_pool *pool, struct rte_mbuf **mbufs,
		     unsigned int n)
{
	struct rte_mempool *mp = pool->p.mp;
	unsigned int got, i;

	if (likely(rte_mempool_get_bulk(mp, (void **)mbufs, n) == 0)) {
		got = n;
	} else {
		for (got = 0; got < n; got++)
			if (rte_mempool_get(mp, (void **)&mbufs[got]) != 0)
				break;
		pool->stats.alloc_empty++;
	}
	for (i = 0; i < got; i++)
		rxp_mbuf_init_rx(mbufs[i], pool->p.offset);
	/*
	 * Whoever held these buffers last may have left dirty lines in
	 * them; clean them before the device owns them (stmmac 3caa61c20875),
	 * RXP_POOL_SYNC_BULK at a time with one completion barrier each (a
	 * barrier only when coherent).
	 */
	for (i = 0; i < got; i += RXP_POOL_SYNC_BULK) {
		const void *addr[RXP_POOL_SYNC_BULK];
		uint32_t len[RXP_POOL_SYNC_BULK];
		unsigned int k, nb = RTE_MIN(got - i, RXP_POOL_SYNC_BULK);

		for (k = 0; k < nb; k++) {
			addr[k] = (char *)mbufs[i + k]->buf_addr + pool->p.offset;
			len[k] = pool->p.max_len;
		}
		rxp_sync_for_device_bulk(pool->p.sync, addr, len, nb);
	}
	pool->stats.sync_for_device_bytes += (uint64_t)got * pool->p.max_len;
	pool->stats.alloc_slow += got;
	return got;
}

void
rxp_pool__resync(struct rxp_pool *pool, struct rte_mbuf **mbufs,
		 unsigned int n)
{
	unsigned int i;

	for (i = 0; i < n; i++)
		rxp_sync_for_device(pool->p.sync,
				    (char *)mbufs[i]->buf_addr + pool->p.offset,
				    pool->p.max_len);
	pool->stats.sync_for_device_bytes += (uint64_t)n * pool->p.max_len;
}

/* A returned buffer the cache cannot take (full, or buffer shared). */
void
rxp_pool__return_slow(struct rxp_pool *pool, struct rte_mbuf *m)
{
	pool->stats.recycle_full++;
	/* NULL while another reference holds it: its owner frees it later. */
	m = rte_pktmbuf_prefree_seg(m);
	if (m != NULL) {
		rte_mbuf_raw_free(m);
		pool->stats.released++;
	}
}

struct rxp_pool *
rxp_pool_create(const struct rxp_pool_params *params)
{
	const struct rxp_pool_params_fast *f;
	struct rxp_pool *pool;
	uint32_t room, cache_size;
	size_t size;

	if (params == NULL || params->fast.mp == NULL ||
	    params->fast.sync == NULL) {
		rte_errno = EINVAL;
		return NULL;
	}
	f = &params->fast;
	/* Is it a packet mbuf pool at all? (rte_pktmbuf_pool_create sets it) */
	if (f->mp->private_data_size < sizeof(struct rte_pktmbuf_pool_private)) {
		RXP_POOL_LOG(ERR, "mempool %s is not a pktmbuf pool",
			     f->mp->name);
		rte_errno = EINVAL;
		return NULL;
	}
	room = rte_pktmbuf_data_room_size(f->mp);
	if (f->max_len == 0) {
		RXP_POOL_LOG(ERR, "max_len 0: the device could write nothing");
		rte_errno = EINVAL;
		return NULL;
	}
	if ((uint32_t)f->offset + f->max_len > room) {
		RXP_POOL_LOG(ERR,
			"offset %u + max_len %u exceed the data room %u of %s",
			f->offset, f->max_len, room, f->mp->name);
		rte_errno = EINVAL;
		return NULL;
	}
	cache_size = f->cache_size ? f->cache_size :
		     RXP_POOL_CACHE_SIZE_DEFAULT;
	if (cache_size > RXP_POOL_CACHE_SIZE_MAX) {
		rte_errno = EINVAL;
		return NULL;
	}

	size = sizeof(*pool) + cache_size * sizeof(pool->cache[0]);
	pool = rte_zmalloc_socket("rxp_pool", size, RTE_CACHE_LINE_SIZE,
				  params->slow.socket_id);
	if (pool == NULL) {
		rte_errno = ENOMEM;
		return NULL;
	}
	pool->cache_size = cache_size;
	pool->resync_recycled = f->sync->mode == RXP_SYNC_FULL;
	pool->p = *f;
	pool->p.cache_size = (uint16_t)cache_size; /* <= RXP_POOL_CACHE_SIZE_MAX */
	pool->slow = params->slow;
	snprintf(pool->name, sizeof(pool->name), "%s",
		 params->slow.name ? params->slow.name : f->mp->name);
	pool->slow.name = pool->name;
	RXP_POOL_LOG(DEBUG,
		"%s (port %u queue %u): mempool %s, offset %u, max_len %u, cache %u, sync %s",
		pool->name, pool->slow.port_id, pool->slow.queue_id,
		f->mp->name, f->offset, f->max_len, cache_size,
		f->sync->variant);
	return pool;
}

int
rxp_pool_set_max_len(struct rxp_pool *pool, uint32_t max_len)
{
	if (max_len == 0 || (uint32_t)pool->p.offset + max_len >
	    rte_pktmbuf_data_room_size(pool->p.mp))
		return -EINVAL;
	pool->p.max_len = max_len;
	return 0;
}

void
rxp_pool_flush(struct rxp_pool *pool)
{
	while (pool->cache_count != 0) {
		struct rte_mbuf *m = pool->cache[--pool->cache_count];

		/* Cached buffers are single, direct, refcnt 1. */
		m->next = NULL;
		m->nb_segs = 1;
		rte_mbuf_raw_free(m);
		pool->stats.released++;
	}
}

int
rxp_pool_destroy(struct rxp_pool *pool)
{
	uint64_t inflight;

	if (pool == NULL)
		return 0;
	inflight = rxp_pool_inflight(pool);
	if (inflight != 0) {
		RXP_POOL_LOG(ERR,
			"%s (port %u queue %u): %" PRIu64 " buffers still in flight, not destroyed",
			pool->name, pool->slow.port_id, pool->slow.queue_id,
			inflight);
		return -EBUSY;
	}
	rxp_pool_flush(pool);
	rxp_pool_stats_log(pool, RTE_LOG_DEBUG);
	rte_free(pool);
	return 0;
}

void
rxp_pool_stats_log(const struct rxp_pool *pool, uint32_t level)
{
	const uint64_t *v = (const uint64_t *)&pool->stats;
	unsigned int i;

	RTE_BUILD_BUG_ON(sizeof(pool->stats) !=
			 RXP_POOL_NB_STATS * sizeof(uint64_t));
	for (i = 0; i < RXP_POOL_NB_STATS; i++)
		rte_log(level, rxp_pool_logtype, "%s: %s %" PRIu64 "\n",
			pool->name, rxp_pool_stat_names[i], v[i]);
}
