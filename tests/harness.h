/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Minimal shared test harness: checks that count and report failures with
 * their location, a seedable PRNG whose seed is printed on failure, and the
 * exit codes meson understands (0 pass, 1 fail, 77 skipped).
 */
#ifndef SOCRX_TEST_HARNESS_H
#define SOCRX_TEST_HARNESS_H

#include <inttypes.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define TEST_SKIP 77

static unsigned long harness_failures;
static uint64_t harness_seed;

/* Fails the current test with a message; execution continues. */
#define CHECK(cond, ...)                                                      \
	do {                                                                  \
		if (!(cond)) {                                                \
			harness_failures++;                                   \
			if (harness_failures <= 20) {                         \
				fprintf(stderr, "%s:%d: CHECK(%s) failed: ",  \
					__FILE__, __LINE__, #cond);           \
				fprintf(stderr, __VA_ARGS__);                 \
				fprintf(stderr, " (seed %" PRIu64 ")\n",      \
					harness_seed);                        \
			}                                                     \
		}                                                             \
	} while (0)

/* Fails unless a == b, printing both values. */
#define CHECK_EQ_U(a, b, ...)                                                 \
	do {                                                                  \
		uint64_t check_a_ = (uint64_t)(a), check_b_ = (uint64_t)(b);  \
		CHECK(check_a_ == check_b_, __VA_ARGS__);                     \
		if (check_a_ != check_b_ && harness_failures <= 20)           \
			fprintf(stderr, "    %#" PRIx64 " != %#" PRIx64 "\n",  \
				check_a_, check_b_);                          \
	} while (0)

/* xorshift64*: fast, good enough for test data, reproducible from a seed. */
static uint64_t harness_rng_state = 1;

static inline void
harness_seed_rng(uint64_t seed)
{
	harness_seed = seed;
	harness_rng_state = seed ? seed : 0x9e3779b97f4a7c15ull;
}

static inline uint64_t
harness_rand(void)
{
	uint64_t x = harness_rng_state;

	x ^= x >> 12;
	x ^= x << 25;
	x ^= x >> 27;
	harness_rng_state = x;
	return x * 0x2545f4914f6cdd1dull;
}

/* Seed from SOCRX_TEST_SEED, else @p dflt; printed so a failure replays. */
static inline uint64_t
harness_seed_from_env(uint64_t dflt)
{
	const char *s = getenv("SOCRX_TEST_SEED");
	uint64_t seed = s ? strtoull(s, NULL, 0) : dflt;

	printf("seed %" PRIu64 " (set SOCRX_TEST_SEED to replay)\n", seed);
	harness_seed_rng(seed);
	return seed;
}

static inline void
harness_fill_random(void *buf, size_t len)
{
	uint8_t *p = buf;
	size_t i;

	for (i = 0; i < len; i++)
		p[i] = (uint8_t)harness_rand();
}

/*
 * Whether the test runs under qemu-user: the exe_wrapper of the arm64
 * cross files (config/arm64_*.ini) sets SOCRX_UNDER_QEMU=1 in the emulated
 * program's environment, and nothing else does. Only for the few things
 * qemu-user does not emulate (AF_PACKET's ancillary data, the ptrace
 * LeakSanitizer needs); a part left out there says so on stdout.
 */
static inline bool
harness_under_qemu(void)
{
	const char *s = getenv("SOCRX_UNDER_QEMU");

	return s != NULL && strcmp(s, "1") == 0;
}

/*
 * The data cache line a DMA sync must step by, read here independently of
 * lib/rxpath: on arm64 the core's smallest line, CTR_EL0.DminLine (log2 of
 * the line in 4-byte words, Arm ARM D19.2.34), so that a library stepping
 * by DPDK's RTE_CACHE_LINE_SIZE (128 in Debian's generic armv8 build) on a
 * core with 64-byte lines (Cortex-A53/A55/A72) fails; elsewhere 64,
 * x86-64's line (RTE_CACHE_LINE_SIZE).
 */
static inline unsigned int
harness_dcache_line_size(void)
{
#if defined(__aarch64__)
	uint64_t ctr;

	__asm__ volatile("mrs %0, ctr_el0" : "=r"(ctr));
	return 4u << ((ctr >> 16) & 0xf);
#else
	return 64;
#endif
}

static inline int
harness_result(const char *name)
{
	if (harness_failures) {
		printf("%s: %lu check(s) failed\n", name, harness_failures);
		return 1;
	}
	printf("%s: all checks passed\n", name);
	return 0;
}

#endif /* SOCRX_TEST_HARNESS_H */
