/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Checksum benchmark: bytes per cycle of every socrx kernel and of DPDK's
 * rte_raw_cksum, side by side in one run, with the ratio to DPDK in each
 * cell.
 *
 *   hot:  one buffer, already in cache, summed over and over;
 *   cold: a pool far larger than the last-level cache, buffers taken in a
 *         random order, so each call starts on lines that are not cached.
 *         Each call's buffer address depends on the previous call's result
 *         (through a mask that is zero at run time), so calls do not overlap:
 *         this measures the time to sum one just-arrived buffer, not how
 *         many independent misses the core can keep in flight.
 *
 * Every sample times a batch of calls of one implementation; the
 * implementations take turns (interleaved repetitions, the starting one
 * rotating) and each cell is the median of its samples. Cycles are TSC
 * cycles on x86-64 (nanoseconds elsewhere). Never fails on speed.
 *
 * Usage: bench_csum [--quick] [--reps N] [--pool-mib N]
 */
#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>

#include "bench_csum_dpdk.h"
#include "csum.h"
#include "csum_kernels.h"

#if defined(__x86_64__)
#include <x86intrin.h>
#define UNIT "cycle"
static inline uint64_t
now(void)
{
	unsigned int aux;

	return __rdtscp(&aux);
}
#else
#define UNIT "ns"
static inline uint64_t
now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}
#endif

#define MAX_IMPLS 8
#define MAX_REPS 101

static const size_t lengths[] = {
	20, 40, 64, 128, 256, 576, 1500, 4096, 9000, 65536,
};
#define N_LENGTHS (sizeof(lengths) / sizeof(lengths[0]))

struct impl {
	const char *name;
	uint16_t (*fn)(const void *buf, size_t len);
	size_t prefetch_min;	/* AVX2 prefetch setting while it runs */
	bool cold_only;
};

/*
 * Each wrapper returns the folded uncomplemented sum, as rte_raw_cksum does,
 * and calls its kernel directly: one out-of-line call, like DPDK's.
 */
#define WRAP(name, fn)                                             \
	static uint16_t wrap_##name(const void *buf, size_t len)   \
	{                                                          \
		return (uint16_t)~csum_fold(fn(buf, len, 0));      \
	}
WRAP(generic, csum_generic_partial)
#if defined(__x86_64__)
WRAP(adx, csum_adx_partial)
#ifdef SOCRX_CSUM_HAVE_AVX2
WRAP(avx2, csum_avx2_partial)
#endif
#endif
#if defined(__aarch64__)
WRAP(neon, csum_neon_partial)
#endif

static uint16_t
wrap_auto(const void *buf, size_t len)
{
	return (uint16_t)~csum_fold(csum_partial(buf, len, 0));
}

#ifdef SOCRX_CSUM_HAVE_AVX2
#define SET_PREFETCH_MIN(v) (csum_avx2_prefetch_min = (v))
#else
#define SET_PREFETCH_MIN(v) ((void)(v))
#endif

static struct impl impls[MAX_IMPLS];
static int n_impls;
static volatile uint16_t sink;

static void
add_impl(const char *name, uint16_t (*fn)(const void *, size_t),
	 size_t prefetch_min, bool cold_only)
{
	impls[n_impls++] = (struct impl){ name, fn, prefetch_min, cold_only };
}

static int
cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

/* Zero, but the compiler cannot know: it chains the cold calls. */
static volatile size_t chain_mask;

/* Times @p calls calls of @p im over the buffers at @p bufs. */
static uint64_t
sample(const struct impl *im, uint8_t *const *bufs, size_t calls, size_t len,
       bool chained)
{
	size_t mask = chain_mask;
	uint16_t acc = 0;
	uint64_t t0, t1;
	size_t i;

	SET_PREFETCH_MIN(im->prefetch_min);
	t0 = now();
	if (chained)
		for (i = 0; i < calls; i++)
			acc ^= im->fn(bufs[i] + (acc & mask), len);
	else
		for (i = 0; i < calls; i++)
			acc ^= im->fn(bufs[i], len);
	t1 = now();
	sink ^= acc;
	return t1 - t0;
}

struct cell {
	double bytes_per_unit;
};

static void
print_table(const char *title, struct cell res[][MAX_IMPLS], bool cold,
	    int reps)
{
	int i;
	size_t l;

	printf("\n%s: bytes per %s, median of %d interleaved samples, "
	       "(ratio to dpdk)\n", title, UNIT, reps);
	printf("%6s", "len");
	for (i = 0; i < n_impls; i++)
		if (cold || !impls[i].cold_only)
			printf(" %19s", impls[i].name);
	printf("\n");
	for (l = 0; l < N_LENGTHS; l++) {
		printf("%6zu", lengths[l]);
		for (i = 0; i < n_impls; i++) {
			if (!cold && impls[i].cold_only)
				continue;
			if (i == 0)
				printf(" %19.2f", res[l][i].bytes_per_unit);
			else
				printf(" %11.2f (%4.2fx)", res[l][i].bytes_per_unit,
				       res[l][i].bytes_per_unit /
					       res[l][0].bytes_per_unit);
		}
		printf("\n");
	}
}

static void
run(bool cold, uint8_t *pool, size_t pool_size, int reps,
    struct cell res[][MAX_IMPLS])
{
	static uint64_t samples[MAX_IMPLS][MAX_REPS];
	uint8_t **bufs;
	size_t l, max_calls = 8192;
	uint64_t rng = 88172645463325252ull;

	bufs = malloc(max_calls * sizeof(*bufs));
	if (bufs == NULL)
		abort();
	for (l = 0; l < N_LENGTHS; l++) {
		size_t len = lengths[l];
		size_t stride = (len + 63) & ~(size_t)63;
		size_t slots = pool_size / stride;
		size_t calls = (cold ? (size_t)8 << 20 : (size_t)1 << 20) / len;
		int r, k;

		if (calls < 64)
			calls = 64;
		if (calls > max_calls)
			calls = max_calls;
		for (r = 0; r < reps; r++) {
			for (k = 0; k < n_impls; k++) {
				int i = (k + r) % n_impls;
				size_t c;

				if (!cold && impls[i].cold_only) {
					samples[i][r] = 1;
					continue;
				}
				/* fresh random slots for every sample */
				for (c = 0; c < calls; c++) {
					rng ^= rng << 13;
					rng ^= rng >> 7;
					rng ^= rng << 17;
					bufs[c] = cold ? pool + (rng % slots) * stride
						       : pool;
				}
				samples[i][r] = sample(&impls[i], bufs, calls, len,
						       cold);
			}
		}
		for (k = 0; k < n_impls; k++) {
			qsort(samples[k], (size_t)reps, sizeof(uint64_t), cmp_u64);
			res[l][k].bytes_per_unit = (double)len * (double)calls /
						   (double)samples[k][reps / 2];
		}
	}
	free(bufs);
}

/* All implementations must agree with DPDK before their speed means anything. */
static int
cross_check(uint8_t *buf)
{
	size_t l;
	int i, bad = 0;

	for (l = 0; l < N_LENGTHS; l++)
		for (i = 1; i < n_impls; i++) {
			uint16_t want = bench_dpdk_raw_cksum(buf + 1, lengths[l]);
			uint16_t got;

			SET_PREFETCH_MIN(impls[i].prefetch_min);
			got = impls[i].fn(buf + 1, lengths[l]);
			if (got != want && !(got == 0xffff && want == 0) &&
			    !(got == 0 && want == 0xffff)) {
				printf("MISMATCH %s len %zu: %#x vs dpdk %#x\n",
				       impls[i].name, lengths[l], got, want);
				bad = 1;
			}
		}
	SET_PREFETCH_MIN(CSUM_AVX2_PREFETCH_MIN_DEFAULT);
	return bad;
}

/*
 * Runs every implementation for a while before measuring, so that the
 * core's clock has ramped up and the code is in the caches.
 */
static void
warm_up(uint8_t *buf)
{
	uint64_t start = now(), spent;
	struct timespec t0, t1;
	int i;

	clock_gettime(CLOCK_MONOTONIC, &t0);
	do {
		for (i = 0; i < n_impls; i++)
			sink ^= impls[i].fn(buf, 1500);
		clock_gettime(CLOCK_MONOTONIC, &t1);
		spent = (uint64_t)(t1.tv_sec - t0.tv_sec) * 1000000000u +
			(uint64_t)t1.tv_nsec - (uint64_t)t0.tv_nsec;
	} while (spent < 300000000u);
	printf("warm-up: %.2f %ss per ns\n",
	       (double)(now() - start) / (double)spent, UNIT);
}

static void
targets(struct cell hot[][MAX_IMPLS], struct cell cold[][MAX_IMPLS],
	int auto_idx)
{
	double worst_small = 1e9, worst_big = 1e9, worst_cold = 1e9, r1500 = 0;
	size_t l;

	for (l = 0; l < N_LENGTHS; l++) {
		double rh = hot[l][auto_idx].bytes_per_unit / hot[l][0].bytes_per_unit;
		double rc = cold[l][auto_idx].bytes_per_unit / cold[l][0].bytes_per_unit;

		if (lengths[l] <= 64 && rh < worst_small)
			worst_small = rh;
		if (lengths[l] >= 4096 && rh < worst_big)
			worst_big = rh;
		if (lengths[l] == 1500)
			r1500 = rh;
		if (rc < worst_cold)
			worst_cold = rc;
	}
	printf("\ntargets for csum_partial (auto = %s) against rte_raw_cksum:\n",
	       csum_impl_name(csum_impl_active()));
	printf("  hot 20-64 B   >= 1.20x: worst %.2fx  %s\n", worst_small,
	       worst_small >= 1.2 ? "met" : "NOT MET");
	printf("  hot 1500 B    >= 2.00x: %.2fx  %s\n", r1500,
	       r1500 >= 2.0 ? "met" : "NOT MET");
	printf("  hot >= 4096 B >= 2.50x: worst %.2fx  %s\n", worst_big,
	       worst_big >= 2.5 ? "met" : "NOT MET");
	printf("  cold, any len >= 1.00x: worst %.2fx  %s\n", worst_cold,
	       worst_cold >= 1.0 ? "met" : "NOT MET");
}

int
main(int argc, char **argv)
{
	static struct cell hot[N_LENGTHS][MAX_IMPLS], cold[N_LENGTHS][MAX_IMPLS];
	size_t pool_mib = 1024, pool_size;
	int reps = 31, i, auto_idx;
	uint8_t *pool;

	for (i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--quick") == 0) {
			reps = 9;
			pool_mib = 256;
		} else if (strcmp(argv[i], "--reps") == 0 && i + 1 < argc) {
			reps = atoi(argv[++i]);
		} else if (strcmp(argv[i], "--pool-mib") == 0 && i + 1 < argc) {
			pool_mib = (size_t)atol(argv[++i]);
		} else {
			fprintf(stderr,
				"usage: %s [--quick] [--reps N] [--pool-mib N]\n",
				argv[0]);
			return 2;
		}
	}
	if (reps < 1 || reps > MAX_REPS || pool_mib < 64) {
		fprintf(stderr, "reps must be 1..%d, pool at least 64 MiB\n",
			MAX_REPS);
		return 2;
	}

	add_impl("dpdk", bench_dpdk_raw_cksum, SIZE_MAX, false);
	for (i = CSUM_IMPL_GENERIC; i < CSUM_IMPL_COUNT; i++) {
		static uint16_t (*const wraps[CSUM_IMPL_COUNT])(const void *, size_t) = {
			[CSUM_IMPL_GENERIC] = wrap_generic,
#if defined(__x86_64__)
			[CSUM_IMPL_X86_64_ADX] = wrap_adx,
#ifdef SOCRX_CSUM_HAVE_AVX2
			[CSUM_IMPL_AVX2] = wrap_avx2,
#endif
#endif
#if defined(__aarch64__)
			[CSUM_IMPL_NEON] = wrap_neon,
#endif
		};

		if (!csum_impl_available(i) || wraps[i] == NULL)
			continue;
		add_impl(csum_impl_name(i), wraps[i],
			 CSUM_AVX2_PREFETCH_MIN_DEFAULT, false);
		if (i == CSUM_IMPL_AVX2)
			add_impl("avx2+prefetch", wraps[i], 0, true);
	}
	auto_idx = n_impls;
	add_impl("auto", wrap_auto, CSUM_AVX2_PREFETCH_MIN_DEFAULT, false);

	pool_size = pool_mib << 20;
	pool = mmap(NULL, pool_size, PROT_READ | PROT_WRITE,
		    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (pool == MAP_FAILED) {
		perror("mmap");
		return 1;
	}
	madvise(pool, pool_size, MADV_HUGEPAGE);
	for (size_t b = 0; b < pool_size; b += 8)
		memcpy(pool + b, &b, 8);

	printf("socrx checksum benchmark: auto = %s, pool %zu MiB, %d reps\n",
	       csum_impl_name(csum_impl_active()), pool_mib, reps);
	if (cross_check(pool))
		return 1;
	warm_up(pool);
	run(false, pool, pool_size, reps, hot);
	print_table("hot (buffer in cache)", hot, false, reps);
	run(true, pool, pool_size, reps, cold);
	print_table("cold (random buffers from a pool >> LLC)", cold, true, reps);
	targets(hot, cold, auto_idx);
	munmap(pool, pool_size);
	return 0;
}
