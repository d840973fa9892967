/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Checksum benchmark: bytes per cycle of every socrx kernel and of DPDK's
 * rte_raw_cksum, side by side in one run, with the ratio to DPDK in each
 * cell. DPDK is measured twice: compiled with DPDK's own flags
 * (-march=corei7, "dpdk") and with -march=native ("dpdk-native", the
 * reference of the ratios where it is built: the compiler vectorises DPDK's
 * word loop for this CPU). Beside them, load-only ceilings ("load-512",
 * "load-256": every byte read with the widest loads and OR-ed, no sum), the
 * time a kernel of that width cannot beat; each table ends with the share
 * of the widest ceiling that csum_partial() reaches.
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

#include "bench_csum_ceiling.h"
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

#define MAX_IMPLS 16
#define MAX_REPS 101

static const size_t lengths[] = {
	20, 40, 64, 128, 256, 384, 512, 576, 1500, 4096, 9000, 65536,
};
#define N_LENGTHS (sizeof(lengths) / sizeof(lengths[0]))

struct impl {
	const char *name;
	uint16_t (*fn)(const void *buf, size_t len);
	size_t prefetch_min;	/* AVX2 prefetch setting while it runs */
	bool cold_only;
	bool ceiling;		/* reads the bytes, sums nothing */
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
#ifdef SOCRX_CSUM_HAVE_AVX512
WRAP(avx512, csum_avx512_partial)
#endif
#ifdef SOCRX_CSUM_HAVE_AVX2_VNNI
WRAP(avx2_vnni, csum_avx2_vnni_partial)
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

/* Column indexes of the references (-1: not in this build or on this CPU). */
static int idx_dpdk, idx_native = -1, idx_noavx512 = -1, idx_ref,
	   idx_ceiling = -1, idx_ceiling_ymm = -1, idx_adx = -1, idx_avx2 = -1,
	   idx_avx2_vnni = -1, idx_auto;

static int
add_impl(const char *name, uint16_t (*fn)(const void *, size_t),
	 size_t prefetch_min, bool cold_only, bool ceiling)
{
	impls[n_impls] = (struct impl){ name, fn, prefetch_min, cold_only,
					ceiling };
	return n_impls++;
}

static int
cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

static int
cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

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

/* One table: every sample of every cell, and the medians. */
struct table {
	int reps;
	size_t calls[N_LENGTHS];
	uint64_t samples[N_LENGTHS][MAX_IMPLS][MAX_REPS];
	double bytes_per_unit[N_LENGTHS][MAX_IMPLS];
};

/*
 * Speed of @p i relative to @p ref at length index @p l from the samples
 * taken in the same repetition (adjacent in time): the median of those
 * paired ratios, and their 10th and 90th percentiles in *lo and *hi.
 */
static double
paired_ratio(const struct table *t, size_t l, int i, int ref, double *lo,
	     double *hi)
{
	double r[MAX_REPS];
	int k, n = t->reps;

	for (k = 0; k < n; k++)
		r[k] = (double)t->samples[l][ref][k] / (double)t->samples[l][i][k];
	qsort(r, (size_t)n, sizeof(r[0]), cmp_double);
	if (lo)
		*lo = r[n / 10];
	if (hi)
		*hi = r[n - 1 - n / 10];
	return n % 2 ? r[n / 2] : (r[n / 2 - 1] + r[n / 2]) / 2;
}

static void
print_table(const char *title, const struct table *t, bool cold)
{
	int i;
	size_t l;

	printf("\n%s: bytes per %s, median of %d interleaved samples, "
	       "(ratio to %s)\n", title, UNIT, t->reps, impls[idx_ref].name);
	printf("%6s", "len");
	for (i = 0; i < n_impls; i++)
		if (cold || !impls[i].cold_only)
			printf(" %15s", impls[i].name);
	if (idx_ceiling >= 0)
		printf(" %10s", "auto/load");
	printf("\n");
	for (l = 0; l < N_LENGTHS; l++) {
		double ref = t->bytes_per_unit[l][idx_ref];

		printf("%6zu", lengths[l]);
		for (i = 0; i < n_impls; i++) {
			double v = t->bytes_per_unit[l][i];

			if (!cold && impls[i].cold_only)
				continue;
			if (i == idx_ref || impls[i].ceiling)
				printf(" %15.2f", v);
			else
				printf(" %7.2f (%4.2fx)", v, v / ref);
		}
		if (idx_ceiling >= 0)
			printf(" %9.0f%%", 100.0 * t->bytes_per_unit[l][idx_auto] /
						   t->bytes_per_unit[l][idx_ceiling]);
		printf("\n");
	}
}

static void
run(bool cold, uint8_t *pool, size_t pool_size, struct table *t)
{
	uint8_t **bufs;
	size_t l, max_calls = 8192;
	uint64_t rng = 88172645463325252ull;
	int reps = t->reps;

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
		t->calls[l] = calls;
		for (r = 0; r < reps; r++) {
			for (k = 0; k < n_impls; k++) {
				int i = (k + r) % n_impls;
				size_t c;

				if (!cold && impls[i].cold_only) {
					t->samples[l][i][r] = 1;
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
				t->samples[l][i][r] = sample(&impls[i], bufs, calls,
							     len, cold);
			}
		}
		for (k = 0; k < n_impls; k++) {
			uint64_t sorted[MAX_REPS];

			memcpy(sorted, t->samples[l][k], (size_t)reps * sizeof(uint64_t));
			qsort(sorted, (size_t)reps, sizeof(uint64_t), cmp_u64);
			t->bytes_per_unit[l][k] = (double)len * (double)calls /
						  (double)sorted[reps / 2];
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

			if (impls[i].ceiling)
				continue;
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

/*
 * One target line: the worst (smallest) paired-ratio median of column @p i
 * against column @p ref over the lengths in [lo_len, hi_len], with its
 * 10th-90th percentile band. A "not slower" goal (@p noise_ok) whose worst
 * median misses by less than the band, i.e. with the goal inside the band,
 * reads "equal within noise".
 */
static void
target(const char *what, const struct table *t, int i, int ref,
       size_t lo_len, size_t hi_len, double goal, bool percent,
       bool noise_ok)
{
	const char *verdict;
	double worst = 1e9, wlo = 0, whi = 0, lo, hi, r;
	size_t l, wlen = 0;

	if (i < 0 || ref < 0)
		return;
	for (l = 0; l < N_LENGTHS; l++) {
		if (lengths[l] < lo_len || lengths[l] > hi_len)
			continue;
		r = paired_ratio(t, l, i, ref, &lo, &hi);
		if (r < worst) {
			worst = r;
			wlo = lo;
			whi = hi;
			wlen = lengths[l];
		}
	}
	if (worst >= goal)
		verdict = "met";
	else if (noise_ok && whi >= goal)
		verdict = "equal within noise";
	else
		verdict = "NOT MET";
	if (percent)
		printf("  %-44s >= %3.0f%%: worst %3.0f%% at %5zu B "
		       "(p10-p90 %3.0f-%3.0f%%)  %s\n", what, goal * 100,
		       worst * 100, wlen, wlo * 100, whi * 100,
		       worst >= goal ? "met" : "NOT MET");
	else
		printf("  %-44s >= %4.2fx: worst %4.2fx at %5zu B "
		       "(p10-p90 %4.2f-%4.2fx)  %s\n", what, goal, worst, wlen,
		       wlo, whi, verdict);
}

static void
targets(const struct table *hot, const struct table *cold)
{
	const char *name = impls[idx_ref].name;
	char what[64];

	printf("\ntargets for csum_partial (auto = %s), from the paired ratios "
	       "of each repetition:\n", csum_impl_name(csum_impl_active()));
	snprintf(what, sizeof(what), "hot, every length, vs %s", name);
	target(what, hot, idx_auto, idx_ref, 0, SIZE_MAX, 1.0, false, false);
	snprintf(what, sizeof(what), "hot, >= 1500 B, vs %s", name);
	target(what, hot, idx_auto, idx_ref, 1500, SIZE_MAX, 1.5, false, false);
	target("hot, >= 4096 B, share of the load-only ceiling", hot, idx_auto,
	       idx_ceiling, 4096, SIZE_MAX, 0.8, true, false);
	target("hot, 128-512 B, vs the 2-chain adc (x86_64-adx)", hot,
	       idx_auto, idx_adx, 128, 512, 1.0, false, false);
	snprintf(what, sizeof(what), "cold, every length, vs %s", name);
	target(what, cold, idx_auto, idx_ref, 0, SIZE_MAX, 1.0, false, true);
	target("cold, every length, vs dpdk", cold, idx_auto, idx_dpdk, 0,
	       SIZE_MAX, 1.0, false, true);
	target("hot 20-64 B vs dpdk (DPDK's flags)", hot, idx_auto, idx_dpdk,
	       0, 64, 1.2, false, false);
	target("hot 1500 B vs dpdk (DPDK's flags)", hot, idx_auto, idx_dpdk,
	       1500, 1500, 2.0, false, false);
	target("hot >= 4096 B vs dpdk (DPDK's flags)", hot, idx_auto, idx_dpdk,
	       4096, SIZE_MAX, 2.5, false, false);
	if (idx_ceiling_ymm >= 0 && (idx_avx2 >= 0 || idx_avx2_vnni >= 0)) {
		printf("the AVX2 kernels against 32-byte loads (an AVX2 host's "
		       "ceiling%s); an AVX2 CPU without AVX-VNNI runs avx2:\n",
		       idx_ceiling_ymm != idx_ceiling ? "; this CPU is not one" :
		       "");
		target("hot, >= 4096 B, avx2 share of load-256", hot, idx_avx2,
		       idx_ceiling_ymm, 4096, SIZE_MAX, 0.8, true, false);
		target("hot, >= 4096 B, avx2-vnni share of load-256", hot,
		       idx_avx2_vnni, idx_ceiling_ymm, 4096, SIZE_MAX, 0.8, true,
		       false);
	}
}

/* The CPU the figures belong to (Linux: /proc/cpuinfo's model name). */
static void
print_cpu(void)
{
	char line[256];
	FILE *f = fopen("/proc/cpuinfo", "r");

	if (f == NULL)
		return;
	while (fgets(line, sizeof(line), f))
		if (strncmp(line, "model name", 10) == 0) {
			printf("cpu: %s", strchr(line, ':') ? strchr(line, ':') + 2 : line);
			break;
		}
	fclose(f);
}

int
main(int argc, char **argv)
{
	static struct table hot, cold;
	size_t pool_mib = 1024, pool_size;
	int reps = 31, i;
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

	idx_dpdk = add_impl("dpdk", bench_dpdk_raw_cksum, SIZE_MAX, false,
			    false);
	idx_ref = idx_dpdk;
	(void)idx_native;	/* only where DPDK's -march=native build exists */
#ifdef BENCH_HAVE_DPDK_NATIVE
	idx_native = add_impl("dpdk-native", bench_dpdk_native_raw_cksum,
			      SIZE_MAX, false, false);
	idx_ref = idx_native;
#endif
#ifdef BENCH_HAVE_DPDK_NOAVX512
	if (csum_impl_available(CSUM_IMPL_AVX512))
		idx_noavx512 = add_impl("dpdk-noavx512",
					bench_dpdk_noavx512_raw_cksum, SIZE_MAX,
					false, false);
#endif
#if defined(__x86_64__)
	if (bench_ceiling_zmm_usable())
		idx_ceiling = add_impl("load-512", bench_ceiling_zmm, SIZE_MAX,
				       false, true);
	if (bench_ceiling_ymm_usable()) {
		idx_ceiling_ymm = add_impl("load-256", bench_ceiling_ymm,
					   SIZE_MAX, false, true);
		if (idx_ceiling < 0)
			idx_ceiling = idx_ceiling_ymm;
	}
#endif
	for (i = CSUM_IMPL_GENERIC; i < CSUM_IMPL_COUNT; i++) {
		static uint16_t (*const wraps[CSUM_IMPL_COUNT])(const void *, size_t) = {
			[CSUM_IMPL_GENERIC] = wrap_generic,
#if defined(__x86_64__)
			[CSUM_IMPL_X86_64_ADX] = wrap_adx,
#ifdef SOCRX_CSUM_HAVE_AVX2
			[CSUM_IMPL_AVX2] = wrap_avx2,
#endif
#ifdef SOCRX_CSUM_HAVE_AVX512
			[CSUM_IMPL_AVX512] = wrap_avx512,
#endif
#ifdef SOCRX_CSUM_HAVE_AVX2_VNNI
			[CSUM_IMPL_AVX2_VNNI] = wrap_avx2_vnni,
#endif
#endif
#if defined(__aarch64__)
			[CSUM_IMPL_NEON] = wrap_neon,
#endif
		};
		int k;

		if (!csum_impl_available(i) || wraps[i] == NULL)
			continue;
		k = add_impl(csum_impl_name(i), wraps[i],
			     CSUM_AVX2_PREFETCH_MIN_DEFAULT, false, false);
		if (i == CSUM_IMPL_X86_64_ADX)
			idx_adx = k;
		if (i == CSUM_IMPL_AVX2) {
			idx_avx2 = k;
			add_impl("avx2+prefetch", wraps[i], 0, true, false);
		}
		if (i == CSUM_IMPL_AVX2_VNNI)
			idx_avx2_vnni = k;
	}
	idx_auto = add_impl("auto", wrap_auto, CSUM_AVX2_PREFETCH_MIN_DEFAULT,
			    false, false);
	/*
	 * On an AVX-512 CPU with csum_partial() held to an AVX2 kernel
	 * (SOCRX_CSUM_IMPL=avx2 or avx2-vnni), measure it as an AVX2 host
	 * would: against DPDK built without AVX-512 and the 256-bit load
	 * ceiling.
	 */
	if ((csum_impl_active() == CSUM_IMPL_AVX2 ||
	     csum_impl_active() == CSUM_IMPL_AVX2_VNNI) && idx_noavx512 >= 0) {
		idx_ref = idx_noavx512;
		idx_ceiling = idx_ceiling_ymm;
	}

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
	print_cpu();
	if (idx_ref == idx_noavx512)
		printf("AVX2 host emulated: csum_partial() held to %s, ratios "
		       "to dpdk-noavx512, ceiling load-256\n",
		       csum_impl_name(csum_impl_active()));
	if (cross_check(pool))
		return 1;
	warm_up(pool);
	hot.reps = cold.reps = reps;
	run(false, pool, pool_size, &hot);
	print_table("hot (buffer in cache)", &hot, false);
	run(true, pool, pool_size, &cold);
	print_table("cold (random buffers from a pool >> LLC)", &cold, true);
	targets(&hot, &cold);
	munmap(pool, pool_size);
	return 0;
}
