/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * A mempool whose gets fail on a schedule (robustness rows 16, 17; fault
 * knob 6 of the catalogue: "a mempool ops wrapper fails get at the Nth
 * call, with probability p, all bulk gets, or all gets for T polls").
 *
 * The ops "socrx_failing" wrap DPDK's "ring_mp_mc" (looked up by name when
 * a pool is created, so after EAL has loaded the ring driver): alloc, free,
 * enqueue and get_count are the ring's; dequeue (every get that reaches
 * the backend: rte_mempool_get_bulk() without a per-lcore cache, or a cache
 * refill) first asks the schedule, and fails with -ENOBUFS without touching
 * the ring when the call is scheduled to fail. The schedule is one global
 * setting (tests use one failing pool at a time), set with
 * failing_pool_set(); calls are numbered from 1 from that moment, so a
 * schedule means the same whatever ran before. A call fails when any of:
 *
 *   ppm, seed     a splitmix64 hash of (seed, call number) falls under ppm
 *                 per million: a seed replays the same schedule;
 *   first..last   its number is in that range (first = last: "the k-th
 *                 call"; last = UINT64_MAX: every call from the first-th);
 *   bulk          it asks for more than one object (all bulk gets fail:
 *                 rxp_pool falls back to one-by-one gets).
 *
 * Test-side only: one translation unit includes it (static state).
 */
#ifndef SOCRX_PMD_FAILING_POOL_H
#define SOCRX_PMD_FAILING_POOL_H

#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <rte_errno.h>
#include <rte_mbuf.h>
#include <rte_mempool.h>

#define FAILING_POOL_OPS	"socrx_failing"
#define FAILING_POOL_INNER	"ring_mp_mc"

/* A schedule; all zero: nothing fails. */
struct failing_pool_sched {
	uint32_t ppm;			/* rate per million calls */
	uint64_t seed;			/* of the ppm draw */
	uint64_t first, last;		/* calls first..last fail (0: none) */
	bool bulk;			/* gets of more than one object fail */
};

static struct {
	struct failing_pool_sched s;
	uint64_t base;			/* calls before the schedule was set */
	uint64_t calls;			/* dequeue calls so far */
	uint64_t fails;			/* of those, failed on purpose */
	const struct rte_mempool_ops *inner;
} failing_pool;

static inline uint64_t
failing_pool_mix(uint64_t x)
{
	x += 0x9e3779b97f4a7c15ull;
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
	x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
	return x ^ (x >> 31);
}

/* Whether call @p c (1-based, since the schedule was set) of @p n objects fails. */
static inline int
failing_pool_fails_call(uint64_t c, unsigned int n)
{
	const struct failing_pool_sched *s = &failing_pool.s;

	if (s->bulk && n > 1)
		return 1;
	if (s->first != 0 && c >= s->first && c <= s->last)
		return 1;
	return s->ppm != 0 &&
	       (failing_pool_mix(failing_pool_mix(s->seed) + c) >> 32) %
	       1000000u < s->ppm;
}

static inline const struct rte_mempool_ops *
failing_pool_inner(void)
{
	unsigned int i;

	if (failing_pool.inner != NULL)
		return failing_pool.inner;
	for (i = 0; i < rte_mempool_ops_table.num_ops; i++)
		if (strcmp(rte_mempool_ops_table.ops[i].name,
			   FAILING_POOL_INNER) == 0)
			failing_pool.inner = &rte_mempool_ops_table.ops[i];
	return failing_pool.inner;
}

static int
failing_pool_alloc(struct rte_mempool *mp)
{
	const struct rte_mempool_ops *in = failing_pool_inner();

	if (in == NULL) {
		fprintf(stderr, "failing pool: mempool ops %s not registered\n",
			FAILING_POOL_INNER);
		return -ENOTSUP;
	}
	return in->alloc(mp);
}

static void
failing_pool_free(struct rte_mempool *mp)
{
	failing_pool_inner()->free(mp);
}

static int
failing_pool_enqueue(struct rte_mempool *mp, void * const *obj, unsigned int n)
{
	return failing_pool_inner()->enqueue(mp, obj, n);
}

static int
failing_pool_dequeue(struct rte_mempool *mp, void **obj, unsigned int n)
{
	uint64_t c = __atomic_add_fetch(&failing_pool.calls, 1,
					__ATOMIC_RELAXED);

	if (failing_pool_fails_call(c - failing_pool.base, n)) {
		__atomic_add_fetch(&failing_pool.fails, 1, __ATOMIC_RELAXED);
		return -ENOBUFS;
	}
	return failing_pool_inner()->dequeue(mp, obj, n);
}

static unsigned int
failing_pool_get_count(const struct rte_mempool *mp)
{
	return failing_pool_inner()->get_count(mp);
}

static const struct rte_mempool_ops failing_pool_ops = {
	.name = FAILING_POOL_OPS,
	.alloc = failing_pool_alloc,
	.free = failing_pool_free,
	.enqueue = failing_pool_enqueue,
	.dequeue = failing_pool_dequeue,
	.get_count = failing_pool_get_count,
};

RTE_MEMPOOL_REGISTER_OPS(failing_pool_ops);

/* Installs @p s (NULL: nothing fails); calls are numbered from 1 again. */
static inline void
failing_pool_set(const struct failing_pool_sched *s)
{
	static const struct failing_pool_sched none;

	failing_pool.s = s != NULL ? *s : none;
	failing_pool.base = __atomic_load_n(&failing_pool.calls,
					    __ATOMIC_RELAXED);
}

/* Dequeue calls, and those failed on purpose, since the process started. */
static inline uint64_t
failing_pool_calls(void)
{
	return __atomic_load_n(&failing_pool.calls, __ATOMIC_RELAXED);
}

static inline uint64_t
failing_pool_fails(void)
{
	return __atomic_load_n(&failing_pool.fails, __ATOMIC_RELAXED);
}

/* Dequeue calls since the schedule was set. */
static inline uint64_t
failing_pool_calls_since_set(void)
{
	return failing_pool_calls() - failing_pool.base;
}

/* A packet mbuf pool on the failing ops, no per-lcore cache; NULL on error. */
static inline struct rte_mempool *
failing_pool_create(const char *name, unsigned int n, uint16_t data_room)
{
	struct rte_mempool *mp;

	mp = rte_pktmbuf_pool_create_by_ops(name, n, 0, 0, data_room,
					    SOCKET_ID_ANY, FAILING_POOL_OPS);
	if (mp == NULL)
		fprintf(stderr, "failing pool %s: %s\n", name,
			rte_strerror(rte_errno));
	return mp;
}

#endif /* SOCRX_PMD_FAILING_POOL_H */
