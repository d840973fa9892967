/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file
 * Per-architecture data-cache maintenance primitives for rxp_sync.
 *
 * Internal to lib/rxpath. Deliberately free of DPDK headers so that the
 * arm64 half can be compile-checked with a bare cross compiler
 * (aarch64-linux-gnu-gcc) on a machine that has no arm64 DPDK.
 *
 * CLEAN (write dirty lines back, keep them) and CLEAN+INVALIDATE are
 * offered, never invalidate-only: a range rounded out to whole cache lines
 * may share its first and last line with bytes the CPU owns (the mbuf
 * headroom, a neighbour's tail); invalidating such a line without cleaning
 * it first silently discards the CPU's dirty bytes. Linux arm64 reaches the
 * same conclusion for the partial lines at the edges of dcache_inval_poc
 * (it cleans them with "dc civac").
 *
 * - arm64: "dc cvac" (clean) or "dc civac" (clean+invalidate) per line, to
 *   the point of coherency, executable at EL0 when SCTLR_EL1.UCI is set,
 *   which Linux does; then "dsb sy" so the maintenance completes before
 *   any later access.
 * - x86-64: x86 DMA is coherent; the flushes here reproduce the COST and
 *   the cold data of a non-coherent SoC on a development machine.
 *   "clflushopt" per line then "sfence" (clflushopt is ordered only by
 *   fences, Intel SDM vol. 2 CLFLUSHOPT), or "clflush" plus "mfence" on CPUs
 *   without clflushopt (the pair Linux clflush_cache_range() uses). A clean
 *   is "clwb" where the CPU has it (write back, the line may stay), else
 *   the flush.
 */
#ifndef RXP_CACHEOPS_H
#define RXP_CACHEOPS_H

#include <stdbool.h>
#include <stdint.h>

#if defined(__x86_64__)
#include <cpuid.h>
#endif

#ifdef __cplusplus
extern "C" {
#endif

#if defined(__aarch64__)

/** Whether this build can clean+invalidate data cache lines from user space. */
#define RXP_CACHEOPS_NONCOHERENT 1

/** Clean and invalidate the line holding @p p to the point of coherency. */
static inline void
rxp_cache_civac_line(uintptr_t p)
{
	__asm__ volatile("dc civac, %0" : : "r"(p) : "memory");
}

/** Clean the line holding @p p to the point of coherency (no invalidate). */
static inline void
rxp_cache_cvac_line(uintptr_t p)
{
	__asm__ volatile("dc cvac, %0" : : "r"(p) : "memory");
}

/** Wait for all earlier cache maintenance to complete. */
static inline void
rxp_cache_civac_fence(void)
{
	__asm__ volatile("dsb sy" : : : "memory");
}

/**
 * log2 of the smallest data cache line of this core: CTR_EL0.DminLine
 * (bits 19:16) is the log2 of the line size in 4-byte words (Arm ARM
 * D19.2.34; Linux cache_line_size_of_cpu()).
 */
static inline unsigned int
rxp_cache_dminline_shift(void)
{
	uint64_t ctr;

	__asm__ volatile("mrs %0, ctr_el0" : "=r"(ctr));
	return 2 + (unsigned int)((ctr >> 16) & 0xf);
}

/** CTR_EL0 itself (EL0 may read it: Linux sets SCTLR_EL1.UCT). */
static inline uint64_t
rxp_cache_ctr(void)
{
	uint64_t ctr;

	__asm__ volatile("mrs %0, ctr_el0" : "=r"(ctr));
	return ctr;
}

#elif defined(__x86_64__)

#define RXP_CACHEOPS_NONCOHERENT 1

/* Plain mnemonics in inline asm: no -mclflushopt needed to build. */
static inline void
rxp_cache_clflushopt_line(uintptr_t p)
{
	__asm__ volatile("clflushopt %0"
			 : "+m"(*(volatile char *)p) : : "memory");
}

static inline void
rxp_cache_clflushopt_fence(void)
{
	__asm__ volatile("sfence" : : : "memory");
}

static inline void
rxp_cache_clwb_line(uintptr_t p)
{
	__asm__ volatile("clwb %0" : "+m"(*(volatile char *)p) : : "memory");
}

static inline void
rxp_cache_clflush_line(uintptr_t p)
{
	__asm__ volatile("clflush %0" : "+m"(*(volatile char *)p) : : "memory");
}

static inline void
rxp_cache_clflush_fence(void)
{
	__asm__ volatile("mfence" : : : "memory");
}

/** CPUID.(EAX=7,ECX=0):EBX bit 23 (Intel SDM vol. 2, CPUID). */
static inline bool
rxp_cache_has_clflushopt(void)
{
	unsigned int a, b, c, d;

	if (!__get_cpuid_count(7, 0, &a, &b, &c, &d))
		return false;
	return (b >> 23) & 1;
}

/** CPUID.(EAX=7,ECX=0):EBX bit 24: CLWB. */
static inline bool
rxp_cache_has_clwb(void)
{
	unsigned int a, b, c, d;

	if (!__get_cpuid_count(7, 0, &a, &b, &c, &d))
		return false;
	return (b >> 24) & 1;
}

/** Line size clflush works on: CPUID.1:EBX[15:8] x 8 bytes. */
static inline unsigned int
rxp_cache_clflush_size(void)
{
	unsigned int a, b, c, d;

	if (!__get_cpuid(1, &a, &b, &c, &d))
		return 0;
	return ((b >> 8) & 0xff) * 8;
}

#else

/* 32-bit Arm and others: no user-space cache maintenance instruction. */
#define RXP_CACHEOPS_NONCOHERENT 0

#endif

#ifdef __cplusplus
}
#endif

#endif /* RXP_CACHEOPS_H */
