/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * An RX queue's lib/rxpath objects, every family's (docs/design/
 * families.md): the DMA sync variant, the page pool, rx-copybreak and
 * copy-all, with their setup from the RX-path devargs, their teardown
 * and their xstats. The burst's shared steps over these are socnic_rx.h.
 */
#ifndef SOCNIC_RXQ_H
#define SOCNIC_RXQ_H

#include <stdbool.h>
#include <stdint.h>

#include <rte_common.h>
#include <rte_ethdev.h>
#include <rte_mbuf.h>
#include <rte_mempool.h>

#include "rxp_copybreak.h"
#include "rxp_parse.h"
#include "rxp_pool.h"
#include "rxp_sync.h"

#include "socnic_backend.h"
#include "socnic_devargs.h"
#include "socnic_rx.h"


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

/*
 * Zeroes @p c and sets what the RX-path devargs @p rx decide (dma=, sync=,
 * zerocopy=, rx_copybreak=, csum=, prefetch_body=), whether the device
 * gives checksum answers (@p hw_csum), and the default offset: the
 * device writes after the mbuf's headroom. The PMD sets the rest.
 */
void socnic_rxq_lib_conf_init(struct socnic_rxq_lib_conf *c,
			      const struct socnic_rx_args *rx, bool hw_csum);

/*
 * Whether the burst needs the device's checksum answer: the device gives
 * one and the mode weighs it (csum=auto|hw; sw and off never read it).
 * A queue decodes its status words' verdicts only then.
 */
static inline bool
socnic_rxq_reads_hw_csum(const struct socnic_rxq_lib_conf *c)
{
	return c->hw_csum && (c->csum == RXP_CSUM_AUTO || c->csum == RXP_CSUM_HW);
}

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
/*
 * At a queue stop or release, buffers that never left the driver back to
 * @p pool's direct-recycle cache: those of the ring's @p nb_desc slots
 * (emptied), those of the chain of a frame in progress from @p first.
 */
void socnic_rx_ring_recycle(struct rxp_pool *pool, struct rte_mbuf **sw_ring,
			    uint16_t nb_desc);
void socnic_rx_chain_recycle(struct rxp_pool *pool, struct rte_mbuf *first);
/*
 * Then the pool's cache back to the mempool: returns what is still in
 * flight, logged (0 unless a driver bug: a buffer taken from the ring and
 * never accounted; robustness row 18). @p pool NULL: 0.
 */
uint64_t socnic_rx_pool_drain(struct rxp_pool *pool, int logtype,
			      uint16_t port, uint16_t queue);

/* The SOCNIC_RXQ_LIB_XSTATS values of @p l since the last reset. */
void socnic_rxq_lib_xstats(const struct socnic_rxq_lib *l, uint64_t *v);
void socnic_rxq_lib_xstats_reset(struct socnic_rxq_lib *l);
/* The names, "rx_q<queue>_<name>", into @p names[0..NB_LIB_XSTATS). */
void socnic_rxq_lib_xstats_names(struct rte_eth_xstat_name *names,
				 uint16_t queue);
/* Logs each counter with its meaning at DEBUG (the close-time dump). */
void socnic_rxq_lib_xstats_log(const struct socnic_rxq_lib *l, int logtype,
			       const char *port_name, uint16_t queue);

#endif /* SOCNIC_RXQ_H */
