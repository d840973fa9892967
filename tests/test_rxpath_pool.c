/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * lib/rxpath page pool: bulk allocation served from the direct-recycle
 * cache first, exhaustion and recovery, puts with a device sync of the
 * dirtied bytes, in-flight accounting and teardown, IOVA preservation.
 * Every counter is checked exactly after every step.
 */
#include <errno.h>
#include <string.h>

#include <rte_errno.h>
#include <rte_mbuf.h>
#include <rte_mempool.h>

#include "harness.h"
#include "rxp_pool.h"
#include "rxp_sync.h"
#include "rxpath_eal.h"

#define NB_MBUF		64
#define DATA_ROOM	(RTE_PKTMBUF_HEADROOM + 2048)
#define MAX_LEN		1536
#define CACHE_SIZE	16

static struct rte_mempool *mp;

/* The pool's counters, all at once. */
struct expect {
	uint64_t v[RXP_POOL_NB_STATS];
};

static void
check_stats(const struct rxp_pool *pool, const struct expect *e, int line)
{
	const uint64_t *v = (const uint64_t *)&pool->stats;
	unsigned int i;

	for (i = 0; i < RXP_POOL_NB_STATS; i++)
		CHECK_EQ_U(v[i], e->v[i], "line %d: counter %s", line,
			   rxp_pool_stat_names[i]);
}
#define CHECK_STATS(pool, e) check_stats(pool, e, __LINE__)
#define E(n) e.v[RXP_POOL_STAT_ ## n]

/* IOVA mbuf init gave the buffer: the pool must never change it. */
static rte_iova_t
expected_iova(const struct rte_mbuf *m)
{
	return rte_mempool_virt2iova(m) + sizeof(struct rte_mbuf) +
	       rte_pktmbuf_priv_size(m->pool);
}

/* What every buffer out of rxp_pool_alloc_bulk() looks like. */
static void
check_fresh(const struct rxp_pool *pool, struct rte_mbuf *m, int line)
{
	CHECK(m->pool == mp, "line %d: mbuf from another mempool", line);
	CHECK_EQ_U(m->data_off, pool->p.offset, "line %d: data_off", line);
	CHECK_EQ_U(rte_mbuf_refcnt_read(m), 1, "line %d: refcnt", line);
	CHECK_EQ_U(m->nb_segs, 1, "line %d: nb_segs", line);
	CHECK(m->next == NULL, "line %d: next", line);
	CHECK_EQ_U(m->pkt_len, 0, "line %d: pkt_len", line);
	CHECK_EQ_U(m->data_len, 0, "line %d: data_len", line);
	CHECK_EQ_U(m->ol_flags & ~RTE_MBUF_F_EXTERNAL, 0,
		   "line %d: ol_flags", line);
	CHECK_EQ_U(m->packet_type, 0, "line %d: packet_type", line);
	CHECK_EQ_U(m->buf_iova, expected_iova(m), "line %d: buf_iova", line);
	CHECK_EQ_U(rxp_pool_dma_addr(pool, m), m->buf_iova + pool->p.offset,
		   "line %d: dma addr", line);
}

/* The RX path's fingerprints on a buffer it kept. */
static void
scribble(struct rte_mbuf *m)
{
	m->data_off = 17;
	m->data_len = 60;
	m->pkt_len = 60;
	m->packet_type = RTE_PTYPE_L2_ETHER | RTE_PTYPE_L3_IPV4;
	m->ol_flags = RTE_MBUF_F_RX_L4_CKSUM_GOOD;
	m->port = 3;
}

static struct rxp_pool *
make_pool(struct rxp_sync *sync, uint16_t cache_size)
{
	struct rxp_pool_params p = {
		.fast = {
			.mp = mp,
			.sync = sync,
			.max_len = MAX_LEN,
			.offset = RTE_PKTMBUF_HEADROOM,
			.cache_size = cache_size,
		},
		.slow = { .name = "test", .socket_id = SOCKET_ID_ANY },
	};
	struct rxp_pool *pool = rxp_pool_create(&p);

	if (pool == NULL) {
		fprintf(stderr, "rxp_pool_create: %s\n",
			rte_strerror(rte_errno));
		exit(1);
	}
	return pool;
}

static void
test_params(struct rxp_sync *sync)
{
	struct rxp_pool_params p = {
		.fast = { .mp = mp, .sync = sync, .max_len = MAX_LEN,
			  .offset = RTE_PKTMBUF_HEADROOM },
		.slow = { .socket_id = SOCKET_ID_ANY },
	};
	struct rxp_pool *pool;

	p.fast.max_len = DATA_ROOM - RTE_PKTMBUF_HEADROOM + 1;
	rte_errno = 0;
	CHECK(rxp_pool_create(&p) == NULL && rte_errno == EINVAL,
	      "offset + max_len beyond the data room accepted");
	p.fast.max_len = 0;
	CHECK(rxp_pool_create(&p) == NULL, "max_len 0 accepted");
	p.fast.max_len = MAX_LEN;
	p.fast.sync = NULL;
	CHECK(rxp_pool_create(&p) == NULL, "no sync accepted");
	p.fast.sync = sync;
	p.fast.cache_size = 0;
	pool = rxp_pool_create(&p);
	CHECK(pool != NULL && pool->cache_size == RXP_POOL_CACHE_SIZE_DEFAULT,
	      "default cache size");
	p.slow.name = NULL;
	CHECK_EQ_U(rxp_pool_destroy(pool), 0, "destroy of an unused pool");
	CHECK_EQ_U(rxp_pool_destroy(NULL), 0, "destroy(NULL)");
}

static void
test_alloc_recycle_exhaust(struct rxp_sync *sync)
{
	unsigned int baseline = rte_mempool_in_use_count(mp);
	struct rxp_pool *pool = make_pool(sync, CACHE_SIZE);
	struct rte_mbuf *a[NB_MBUF + 8], *b[NB_MBUF + 8];
	rte_iova_t iova[3];
	struct expect e;
	unsigned int i, n;

	memset(&e, 0, sizeof(e));
	CHECK_STATS(pool, &e);

	/* Cold start: everything from the mempool, each synced max_len. */
	n = rxp_pool_alloc_bulk(pool, a, 8);
	CHECK_EQ_U(n, 8, "alloc 8");
	E(alloc_slow) = 8;
	E(sync_for_device_bytes) = 8 * MAX_LEN;
	CHECK_STATS(pool, &e);
	CHECK_EQ_U(rxp_pool_inflight(pool), 8, "inflight after alloc");
	for (i = 0; i < n; i++)
		check_fresh(pool, a[i], __LINE__);

	/* Three frames the driver kept (copybreak, errors): recycled. */
	for (i = 0; i < 3; i++) {
		iova[i] = a[i]->buf_iova;
		scribble(a[i]);
		rxp_pool_recycle_direct(pool, a[i]);
	}
	E(recycled_direct) = 3;
	CHECK_STATS(pool, &e);
	CHECK_EQ_U(pool->cache_count, 3, "cache count");
	CHECK_EQ_U(rxp_pool_inflight(pool), 5, "inflight after recycle");

	/* Refill of 5: the 3 recycled first (LIFO), then 2 from the mempool. */
	n = rxp_pool_alloc_bulk(pool, b, 5);
	CHECK_EQ_U(n, 5, "alloc 5");
	CHECK(b[0] == a[2] && b[1] == a[1] && b[2] == a[0],
	      "recycled buffers not served first, last-in first-out");
	CHECK(b[0]->buf_iova == iova[2] && b[1]->buf_iova == iova[1] &&
	      b[2]->buf_iova == iova[0], "recycled buffers lost their IOVA");
	E(alloc_fast) = 3;
	E(alloc_slow) = 10;
	E(sync_for_device_bytes) = 10 * MAX_LEN;
	CHECK_STATS(pool, &e);
	for (i = 0; i < n; i++)
		check_fresh(pool, b[i], __LINE__);
	CHECK_EQ_U(pool->cache_count, 0, "cache drained");
	/* a[3..7] and b[0..4]: 10 in flight, 10 out of the mempool. */
	for (i = 0; i < 5; i++)
		a[i] = a[i + 3];
	for (i = 0; i < 5; i++)
		a[5 + i] = b[i];
	CHECK_EQ_U(rxp_pool_inflight(pool), 10, "inflight");
	CHECK_EQ_U(rte_mempool_in_use_count(mp), baseline + 10, "mempool use");

	/* Exhaustion: ask for more than exists; get the rest, never abort. */
	n = rxp_pool_alloc_bulk(pool, a + 10, NB_MBUF);
	CHECK_EQ_U(n, NB_MBUF - 10, "partial allocation");
	E(alloc_slow) += NB_MBUF - 10;
	E(alloc_empty) = 1;
	E(sync_for_device_bytes) += (uint64_t)(NB_MBUF - 10) * MAX_LEN;
	CHECK_STATS(pool, &e);
	n = rxp_pool_alloc_bulk(pool, b, 4);
	CHECK_EQ_U(n, 0, "allocation from an empty mempool");
	E(alloc_empty) = 2;
	CHECK_STATS(pool, &e);
	CHECK_EQ_U(rxp_pool_inflight(pool), NB_MBUF, "all in flight");

	/* Recovery through the cache: puts sync only what was dirtied. */
	for (i = 0; i < 4; i++)
		rxp_pool_put(pool, a[i], 100);
	rxp_pool_put(pool, a[4], 100000);	/* clamped to max_len */
	E(recycled_direct) += 5;
	E(sync_for_device_bytes) += 4 * 100 + MAX_LEN;
	CHECK_STATS(pool, &e);
	n = rxp_pool_alloc_bulk(pool, b, 8);
	CHECK_EQ_U(n, 5, "recovered from the cache alone");
	E(alloc_fast) += 5;
	E(alloc_empty) += 1;
	CHECK_STATS(pool, &e);
	for (i = 0; i < 5; i++)
		a[i] = b[i];

	/* Recovery through the mempool: the app frees what it was given. */
	for (i = 0; i < 6; i++)
		rte_pktmbuf_free(a[NB_MBUF - 1 - i]);
	rxp_pool_handoff(pool, 6);
	E(handed_off) = 6;
	CHECK_STATS(pool, &e);
	CHECK_EQ_U(rxp_pool_inflight(pool), NB_MBUF - 6, "after handoff");
	n = rxp_pool_alloc_bulk(pool, a + NB_MBUF - 6, 6);
	CHECK_EQ_U(n, 6, "recovered from the mempool");
	E(alloc_slow) += 6;
	E(sync_for_device_bytes) += 6 * MAX_LEN;
	CHECK_STATS(pool, &e);
	for (i = 0; i < 6; i++)
		check_fresh(pool, a[NB_MBUF - 6 + i], __LINE__);

	/* Cache overflow: the excess goes to the mempool, counted. */
	for (i = 0; i < CACHE_SIZE + 4; i++)
		rxp_pool_recycle_direct(pool, a[i]);
	E(recycled_direct) += CACHE_SIZE;
	E(recycle_full) = 4;
	E(released) = 4;
	CHECK_STATS(pool, &e);
	CHECK_EQ_U(pool->cache_count, CACHE_SIZE, "cache full");

	/* A buffer someone else still references is not cached. */
	rte_mbuf_refcnt_update(a[CACHE_SIZE + 4], 1);
	rxp_pool_recycle_direct(pool, a[CACHE_SIZE + 4]);
	E(recycle_full) += 1;
	CHECK_STATS(pool, &e);
	CHECK_EQ_U(rte_mbuf_refcnt_read(a[CACHE_SIZE + 4]), 1,
		   "shared buffer: one reference dropped");
	rte_pktmbuf_free(a[CACHE_SIZE + 4]);	/* the other owner */

	/* Teardown refused while buffers are in flight... */
	CHECK_EQ_U(rxp_pool_inflight(pool), NB_MBUF - CACHE_SIZE - 5,
		   "inflight before teardown");
	CHECK_EQ_U(rxp_pool_destroy(pool), -EBUSY, "destroy with inflight");
	/* ...and the pool is intact: return the rest, then it goes. */
	for (i = CACHE_SIZE + 5; i < NB_MBUF; i++)
		rxp_pool_put(pool, a[i], 0);
	CHECK_EQ_U(rxp_pool_inflight(pool), 0, "inflight at teardown");
	CHECK_EQ_U(rxp_pool_destroy(pool), 0, "destroy");
	CHECK_EQ_U(rte_mempool_in_use_count(mp), baseline,
		   "mempool in-use count back to its baseline");
}

/* The device sync of a put and of a fresh buffer, seen from the sync side. */
static void
test_sync_lengths(void)
{
	unsigned int baseline = rte_mempool_in_use_count(mp);
	struct rxp_sync sync;
	struct rxp_pool *pool;
	struct rte_mbuf *m[4];
	uint64_t before;
	unsigned int i;

	CHECK_EQ_U(rxp_sync_init(&sync, RXP_SYNC_NONCOHERENT, MAX_LEN, 0), 0,
		   "noncoherent sync init");
	pool = make_pool(&sync, CACHE_SIZE);
	CHECK_EQ_U(rxp_pool_alloc_bulk(pool, m, 4), 4, "alloc");
	/* buf_addr + offset is line-aligned and MAX_LEN a multiple of 64. */
	CHECK_EQ_U(sync.stats.for_device_calls, 4, "one sync per fresh buffer");
	CHECK_EQ_U(sync.stats.for_device_bytes, 4 * MAX_LEN,
		   "fresh buffers synced over max_len");
	before = sync.stats.for_device_bytes;
	rxp_pool_put(pool, m[0], 100);	/* 100 bytes: two 64-byte lines */
	CHECK_EQ_U(sync.stats.for_device_bytes - before, 128,
		   "put syncs the dirtied bytes rounded to lines");
	rxp_pool_put(pool, m[1], 0);
	CHECK_EQ_U(sync.stats.for_device_bytes - before, 128,
		   "put of 0 dirtied bytes syncs nothing");
	rxp_pool_recycle_direct(pool, m[2]);
	CHECK_EQ_U(sync.stats.for_device_calls, 6,
		   "recycle_direct does not sync");
	CHECK_EQ_U(pool->stats.sync_for_device_bytes, 4 * MAX_LEN + 100,
		   "pool counts the requested lengths");
	rxp_pool_handoff(pool, 1);
	rte_pktmbuf_free(m[3]);
	for (i = 0; i < 3; i++)
		CHECK(pool->cache[i] != NULL, "cache slot %u", i);
	CHECK_EQ_U(rxp_pool_destroy(pool), 0, "destroy");
	CHECK_EQ_U(rte_mempool_in_use_count(mp), baseline, "no leak");
}

/*
 * RXP_SYNC_FULL (the old driver's refill, ablation only): buffers served
 * from the recycle cache are synced for the device over max_len too;
 * the precise modes never sync them (the CPU only read them).
 */
static void
test_full_resyncs_recycled(void)
{
	static const enum rxp_sync_mode modes[] = {
		RXP_SYNC_NONCOHERENT, RXP_SYNC_FULL,
	};
	unsigned int baseline = rte_mempool_in_use_count(mp);
	struct rxp_sync sync;
	struct rxp_pool *pool;
	struct rte_mbuf *m[4];
	unsigned int k, i;

	for (k = 0; k < RTE_DIM(modes); k++) {
		bool full = modes[k] == RXP_SYNC_FULL;
		uint64_t calls;

		CHECK_EQ_U(rxp_sync_init(&sync, modes[k], MAX_LEN, 0), 0,
			   "sync init (mode %d)", modes[k]);
		pool = make_pool(&sync, CACHE_SIZE);
		CHECK_EQ_U(rxp_pool_alloc_bulk(pool, m, 4), 4, "alloc");
		for (i = 0; i < 4; i++)
			rxp_pool_recycle_direct(pool, m[i]);
		calls = sync.stats.for_device_calls;
		CHECK_EQ_U(rxp_pool_alloc_bulk(pool, m, 4), 4, "alloc again");
		CHECK_EQ_U(pool->stats.alloc_fast, 4, "served from the cache");
		CHECK_EQ_U(sync.stats.for_device_calls - calls, full ? 4 : 0,
			   "mode %d: device syncs of recycled buffers",
			   modes[k]);
		CHECK_EQ_U(pool->stats.sync_for_device_bytes,
			   (full ? 8 : 4) * MAX_LEN,
			   "mode %d: bytes synced for the device", modes[k]);
		for (i = 0; i < 4; i++)
			rxp_pool_recycle_direct(pool, m[i]);
		CHECK_EQ_U(rxp_pool_destroy(pool), 0, "destroy");
	}
	CHECK_EQ_U(rte_mempool_in_use_count(mp), baseline, "no leak");
}

int
main(int argc, char **argv)
{
	struct rxp_sync sync;

	RTE_SET_USED(argc);
	harness_seed_from_env(1);
	rxpath_test_eal_init(argv[0]);
	mp = eal_harness_pool("rxp_pool_test", NB_MBUF, DATA_ROOM);

	CHECK_EQ_U(rxp_sync_init(&sync, RXP_SYNC_COHERENT, MAX_LEN, 0), 0,
		   "coherent sync init");
	test_params(&sync);
	test_alloc_recycle_exhaust(&sync);
	test_sync_lengths();
	test_full_resyncs_recycled();

	rte_mempool_free(mp);
	rte_eal_cleanup();
	return harness_result("rxpath_pool");
}
