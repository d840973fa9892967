/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The lib/rxpath objects of an RX queue (socnic_rxq.h): their setup at
 * queue setup, their teardown, their counters.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include <rte_errno.h>
#include <rte_mbuf.h>
#include <rte_mempool.h>

#include "socnic_log.h"
#include "socnic_rxq.h"

/* Per-lcore cache of the copybreak mempool (an app frees on its lcore). */
#define SOCNIC_CB_POOL_CACHE	256

/*
 * The copybreak mempool of a queue is freed only when no small mbuf is
 * out: one the application still holds would otherwise be freed into
 * released memory (robustness row 49). A busy pool is left allocated
 * (logged); the next setup of the queue frees it or refuses.
 */
static int
socnic_rxq_small_pool_free(struct rte_mempool *mp, int logtype)
{
	unsigned int used;

	if (mp == NULL)
		return 0;
	used = rte_mempool_in_use_count(mp);
	if (used != 0) {
		SOCNIC_LOG(logtype, WARNING, "mempool %s: %u small mbufs still held by the application, not freed",
			   mp->name, used);
		return -EBUSY;
	}
	rte_mempool_free(mp);
	return 0;
}

/*
 * Small-buffer pool of rx-copybreak, one per queue, named after PMD, port
 * and queue. Sized for a ring's worth in the application plus a ring's
 * worth in flight; its data room holds the threshold after the headroom.
 */
static struct rte_mempool *
socnic_small_pool(const struct socnic_rxq_lib_conf *c)
{
	char name[RTE_MEMPOOL_NAMESIZE];
	struct rte_mempool *mp;
	unsigned int n = RTE_MAX(2u * c->nb_desc, 1024u);

	snprintf(name, sizeof(name), "%s_cb_p%u_q%u", c->pmd, c->port_id,
		 c->queue_id);
	mp = rte_mempool_lookup(name);
	if (mp != NULL && socnic_rxq_small_pool_free(mp, c->logtype) != 0) {
		SOCNIC_LOG(c->logtype, ERR, "port %u: RX queue %u: the previous copybreak pool %s is still in use",
			   c->port_id, c->queue_id, name);
		rte_errno = EBUSY;
		return NULL;
	}
	mp = rte_pktmbuf_pool_create(name, n, SOCNIC_CB_POOL_CACHE, 0,
				     (uint16_t)(RTE_PKTMBUF_HEADROOM +
				     RTE_ALIGN_CEIL(c->copybreak, RTE_CACHE_LINE_SIZE)),
				     (int)c->socket_id);
	if (mp == NULL)
		SOCNIC_LOG(c->logtype, ERR, "port %u: RX queue %u: cannot create the copybreak pool %s: %s",
			   c->port_id, c->queue_id, name, rte_strerror(rte_errno));
	return mp;
}

void
socnic_rxq_lib_conf_init(struct socnic_rxq_lib_conf *c,
			 const struct socnic_rx_args *rx, bool hw_csum)
{
	memset(c, 0, sizeof(*c));
	c->offset = RTE_PKTMBUF_HEADROOM;
	c->noncoherent = rx->dma_noncoherent;
	c->sync_full = rx->sync_full;
	c->zerocopy = rx->zerocopy;
	c->copybreak = rx->copybreak;
	c->csum = rx->csum;
	c->prefetch_body = rx->prefetch_body == SOCNIC_PF_BODY_AUTO ? -1 :
			   rx->prefetch_body == SOCNIC_PF_BODY_ON;
	c->hw_csum = hw_csum;
}

static int
socnic_rxq_sync_pool_setup(struct rxp_sync *sync, struct rxp_pool **pool,
			   const struct socnic_rxq_lib_conf *c)
{
	struct rxp_pool_params pp;
	enum rxp_sync_mode sm;
	int ret;

	/*
	 * A coherent device needs no cache maintenance whatever the length:
	 * sync=full matters only with dma=noncoherent.
	 */
	if (!c->noncoherent)
		sm = RXP_SYNC_COHERENT;
	else
		sm = c->sync_full ? RXP_SYNC_FULL : RXP_SYNC_NONCOHERENT;
	ret = rxp_sync_init(sync, sm, c->max_len, 0);
	if (ret < 0) {
		SOCNIC_LOG(c->logtype, ERR, "port %u: dma=%s sync=%s: %s",
			   c->port_id, c->noncoherent ? "noncoherent" : "coherent",
			   c->sync_full ? "full" : "precise", strerror(-ret));
		return ret;
	}
	/* A model emulating a non-coherent interconnect sees the maintenance. */
	rxp_sync_set_hook(sync, c->be->ops->cache_op, c->be->ctx);
	memset(&pp, 0, sizeof(pp));
	pp.fast.mp = c->mp;
	pp.fast.sync = sync;
	pp.fast.max_len = c->max_len;
	pp.fast.offset = c->offset;
	pp.slow.socket_id = (int)c->socket_id;
	pp.slow.port_id = c->port_id;
	pp.slow.queue_id = c->queue_id;
	*pool = rxp_pool_create(&pp);
	if (*pool == NULL) {
		SOCNIC_LOG(c->logtype, ERR, "port %u: RX queue %u: page pool: %s",
			   c->port_id, c->queue_id, rte_strerror(rte_errno));
		return -rte_errno;
	}
	return 0;
}

static int
socnic_rxq_copy_setup(struct rxp_copybreak *cb, struct rxp_copybreak *copyall,
		      struct rxp_pool *pool, struct rte_mempool **small_mp,
		      enum socnic_rx_buf_mode *buf_mode,
		      const struct socnic_rxq_lib_conf *c)
{
	int ret;

	if (!c->zerocopy) {
		*buf_mode = SOCNIC_RXB_COPY;
	} else if (c->copybreak != 0) {
		*buf_mode = SOCNIC_RXB_CB;
		*small_mp = socnic_small_pool(c);
		if (*small_mp == NULL)
			return -rte_errno;
	} else {
		*buf_mode = SOCNIC_RXB_ZC;
	}
	ret = rxp_copybreak_init(cb, pool, *small_mp,
				 *small_mp != NULL ? c->copybreak : 0);
	if (ret == 0)
		/* zerocopy=0: every frame that fits one buffer, into mp. */
		ret = rxp_copybreak_init(copyall, pool, c->mp,
					 c->zerocopy ? 0 : c->max_len);
	return ret;
}

static bool
socnic_rxq_prefetch_body(const struct socnic_rxq_lib_conf *c)
{
	/*
	 * When software checksums (nearly) every frame, the whole frame is
	 * read: prefetch all of it after the sync, not only the head.
	 */
	if (c->prefetch_body < 0)
		return c->csum == RXP_CSUM_SW ||
		       (c->csum == RXP_CSUM_AUTO && !c->hw_csum);
	return c->prefetch_body != 0;
}

int
socnic_rxq_lib_setup(struct socnic_rxq_lib *l,
		     const struct socnic_rxq_lib_conf *c)
{
	int ret;

	memset(l, 0, sizeof(*l));
	ret = socnic_rxq_sync_pool_setup(&l->sync, &l->pool, c);
	if (ret == 0)
		ret = socnic_rxq_copy_setup(&l->cb, &l->copyall, l->pool,
					    &l->small_mp, &l->buf_mode, c);
	if (ret < 0)
		return ret;
	l->csum_mode = c->csum;
	l->prefetch_body = socnic_rxq_prefetch_body(c);
	return 0;
}

uint64_t
socnic_rxq_lib_flush(struct socnic_rxq_lib *l)
{
	if (l->pool == NULL)
		return 0;
	rxp_pool_flush(l->pool);
	return rxp_pool_inflight(l->pool);
}

void
socnic_rx_ring_recycle(struct rxp_pool *pool, struct rte_mbuf **sw_ring,
		       uint16_t nb_desc)
{
	uint16_t i;

	for (i = 0; i < nb_desc; i++) {
		if (sw_ring[i] != NULL) {
			rxp_pool_recycle_direct(pool, sw_ring[i]);
			sw_ring[i] = NULL;
		}
	}
}

void
socnic_rx_chain_recycle(struct rxp_pool *pool, struct rte_mbuf *first)
{
	struct rte_mbuf *m = first, *next;

	for (; m != NULL; m = next) {
		next = m->next;
		m->next = NULL;
		m->nb_segs = 1;
		rxp_pool_recycle_direct(pool, m);
	}
}

uint64_t
socnic_rx_pool_drain(struct rxp_pool *pool, int logtype, uint16_t port,
		     uint16_t queue)
{
	uint64_t inflight;

	if (pool == NULL)
		return 0;
	rxp_pool_flush(pool);
	inflight = rxp_pool_inflight(pool);
	if (unlikely(inflight != 0))
		SOCNIC_LOG(logtype, ERR, "port %u: RX queue %u: %" PRIu64 " page-pool buffers in flight after stop",
			   port, queue, inflight);
	return inflight;
}

void
socnic_rxq_lib_free(struct socnic_rxq_lib *l, int logtype)
{
	if (l->pool != NULL && rxp_pool_destroy(l->pool) != 0)
		/* Its buffers may still be DMA targets: leaked, not freed. */
		SOCNIC_LOG(logtype, ERR, "page pool leaked (%" PRIu64 " in flight)",
			   rxp_pool_inflight(l->pool));
	l->pool = NULL;
	socnic_rxq_small_pool_free(l->small_mp, logtype);
	l->small_mp = NULL;
}

void
socnic_rxq_lib_xstats(const struct socnic_rxq_lib *l, uint64_t *v)
{
	unsigned int i = 0;

#define SOCNIC_LIB_VAL(n, e, h)	v[i] = l->pool != NULL ? (e) - l->base[i] : 0; i++;
	SOCNIC_RXQ_LIB_XSTATS(SOCNIC_LIB_VAL)
#undef SOCNIC_LIB_VAL
}

void
socnic_rxq_lib_xstats_reset(struct socnic_rxq_lib *l)
{
	memset(l->base, 0, sizeof(l->base));
	socnic_rxq_lib_xstats(l, l->base);
}

void
socnic_rxq_lib_xstats_names(struct rte_eth_xstat_name *names, uint16_t queue)
{
	unsigned int i = 0;

#define SOCNIC_LIB_NAME(n, e, h)					\
	snprintf(names[i++].name, RTE_ETH_XSTATS_NAME_SIZE, "rx_q%u_%s",	\
		 queue, #n);
	SOCNIC_RXQ_LIB_XSTATS(SOCNIC_LIB_NAME)
#undef SOCNIC_LIB_NAME
}

static void
socnic_rxq_lib_xstats_log_values(const uint64_t *v, int logtype,
				 const char *port_name, uint16_t queue)
{
	unsigned int i = 0;

#define SOCNIC_LIB_LOG(n, e, h)						\
	SOCNIC_LOG(logtype, DEBUG, "%s: rx_q%u_%-16s %20" PRIu64 "  %s",	\
		   port_name, queue, #n, v[i], h); i++;
	SOCNIC_RXQ_LIB_XSTATS(SOCNIC_LIB_LOG)
#undef SOCNIC_LIB_LOG
}

void
socnic_rxq_lib_xstats_log(const struct socnic_rxq_lib *l, int logtype,
			  const char *port_name, uint16_t queue)
{
	uint64_t v[SOCNIC_RXQ_NB_LIB_XSTATS];

	socnic_rxq_lib_xstats(l, v);
	socnic_rxq_lib_xstats_log_values(v, logtype, port_name, queue);
}
