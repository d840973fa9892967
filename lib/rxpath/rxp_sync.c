/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * DMA sync variants. Each variant is a pair of small functions; the line
 * loop is one always-inline template instantiated per instruction, so the
 * choice between clflushopt, clflush and dc civac is made once, in
 * rxp_sync_init(), and never per call.
 */
#include <errno.h>
#include <stdbool.h>
#include <string.h>

#include <rte_bitops.h>
#include <rte_branch_prediction.h>
#include <rte_common.h>
#include <rte_io.h>
#include <rte_log.h>

#include "rxp_cacheops.h"
#include "rxp_sync.h"

RTE_LOG_REGISTER(rxp_sync_logtype, lib.rxpath.sync, NOTICE);

#define RXP_SYNC_LOG(level, fmt, ...)					\
	rte_log(RTE_LOG_ ## level, rxp_sync_logtype, "%s(): " fmt "\n",	\
		__func__, ##__VA_ARGS__)

const char *const rxp_sync_stat_names[RXP_SYNC_NB_STATS] = {
#define RXP_SYNC_STAT_NAME(n, h) [RXP_SYNC_STAT_ ## n] = #n,
	RXP_SYNC_STATS(RXP_SYNC_STAT_NAME)
#undef RXP_SYNC_STAT_NAME
};

/*
 * Coherent: the data is already visible; what remains is ordering.
 * rte_io_rmb() keeps the buffer loads after the descriptor status load
 * (on arm64 "dmb oshld", enough for normal cacheable memory shared with
 * the device; rte_rmb()'s "dsb ld" would also wait for unrelated loads).
 */
static void
rxp_sync_coherent_cpu(struct rxp_sync *s, const void *addr, uint32_t len)
{
	RTE_SET_USED(addr);
	RTE_SET_USED(len);
	rte_io_rmb();
	s->stats.for_cpu_calls++;
}

/* Coherent: CPU stores to the buffer are ordered before the OWN write. */
static void
rxp_sync_coherent_dev(struct rxp_sync *s, const void *addr, uint32_t len)
{
	RTE_SET_USED(addr);
	RTE_SET_USED(len);
	rte_io_wmb();
	s->stats.for_device_calls++;
}

static void
rxp_sync_coherent_cpu_bulk(struct rxp_sync *s, const void *const *addr,
			   const uint32_t *len, unsigned int n)
{
	RTE_SET_USED(addr);
	RTE_SET_USED(len);
	rte_io_rmb();
	s->stats.for_cpu_calls += n;
}

static void
rxp_sync_coherent_dev_bulk(struct rxp_sync *s, const void *const *addr,
			   const uint32_t *len, unsigned int n)
{
	RTE_SET_USED(addr);
	RTE_SET_USED(len);
	rte_io_wmb();
	s->stats.for_device_calls += n;
}

#if RXP_CACHEOPS_NONCOHERENT

/* The instructions a variant can be built on. */
enum rxp_sync_insn {
	RXP_SYNC_INSN_CIVAC,		/* arm64 dc civac + dsb sy */
	RXP_SYNC_INSN_CVAC,		/* arm64 dc cvac + dsb sy (clean) */
	RXP_SYNC_INSN_CLFLUSHOPT,	/* x86-64 clflushopt + sfence */
	RXP_SYNC_INSN_CLFLUSH,		/* x86-64 clflush + mfence */
	RXP_SYNC_INSN_CLWB,		/* x86-64 clwb + sfence (clean) */
};

static __rte_always_inline void
rxp_sync_line(enum rxp_sync_insn insn, uintptr_t line)
{
#if defined(__aarch64__)
	if (insn == RXP_SYNC_INSN_CVAC)
		rxp_cache_cvac_line(line);
	else
		rxp_cache_civac_line(line);
#else
	if (insn == RXP_SYNC_INSN_CLFLUSHOPT)
		rxp_cache_clflushopt_line(line);
	else if (insn == RXP_SYNC_INSN_CLWB)
		rxp_cache_clwb_line(line);
	else
		rxp_cache_clflush_line(line);
#endif
}

/* The completion barrier of @p insn; the hook is told after it ran. */
static __rte_always_inline void
rxp_sync_insn_fence(const struct rxp_sync *s, enum rxp_sync_insn insn)
{
#if defined(__aarch64__)
	RTE_SET_USED(insn);
	rxp_cache_civac_fence();
#else
	if (insn == RXP_SYNC_INSN_CLFLUSH)
		rxp_cache_clflush_fence();
	else
		rxp_cache_clflushopt_fence();
#endif
	if (unlikely(s->hook != NULL))
		s->hook(s->hook_ctx, NULL, 0, RXP_CACHE_FENCE);
}

/*
 * Maintain the lines holding [addr, addr + len) with @p insn, without the
 * completion barrier, and tell the hook (as @p op); returns the bytes
 * covered (whole lines). @p insn and @p op are constants in every caller,
 * so the branches above fold away.
 */
static __rte_always_inline uint32_t
rxp_sync_lines_op(const struct rxp_sync *s, const void *addr, uint32_t len,
		  enum rxp_sync_insn insn, enum rxp_cache_op op)
{
	uintptr_t line;
	uint32_t n = rxp_sync_line_span((uintptr_t)addr, len, s->line_shift,
					&line);
	uintptr_t step = (uintptr_t)1 << s->line_shift;
	uint32_t i;

	for (i = 0; i < n; i++, line += step)
		rxp_sync_line(insn, line);
	if (unlikely(s->hook != NULL))
		s->hook(s->hook_ctx, addr, len, op);
	return n << s->line_shift;
}

/* Clean+invalidate: every buffer sync. */
static __rte_always_inline uint32_t
rxp_sync_lines(const struct rxp_sync *s, const void *addr, uint32_t len,
	       enum rxp_sync_insn insn)
{
	return rxp_sync_lines_op(s, addr, len, insn, RXP_CACHE_CIVAC);
}

/* @p n ranges, then ONE barrier; returns the bytes covered. */
static __rte_always_inline uint64_t
rxp_sync_bulk(const struct rxp_sync *s, const void *const *addr,
	      const uint32_t *len, unsigned int n, enum rxp_sync_insn insn)
{
	uint64_t bytes = 0;
	unsigned int i;

	for (i = 0; i < n; i++)
		bytes += rxp_sync_lines(s, addr[i], len[i], insn);
	rxp_sync_insn_fence(s, insn);
	return bytes;
}

/* The same, then the barrier that waits for the maintenance to complete. */
static __rte_always_inline uint32_t
rxp_sync_range(const struct rxp_sync *s, const void *addr, uint32_t len,
	       enum rxp_sync_insn insn)
{
	uint32_t bytes = rxp_sync_lines(s, addr, len, insn);

	rxp_sync_insn_fence(s, insn);
	return bytes;
}

/*
 * One variant per instruction: "nc" syncs what was asked, "full" always
 * max_len from the start of the DMA area.
 */
#define RXP_SYNC_DEFINE(tag, insn)					\
static void								\
rxp_sync_nc_cpu_ ## tag(struct rxp_sync *s, const void *addr,		\
			uint32_t len)					\
{									\
	s->stats.for_cpu_calls++;					\
	s->stats.for_cpu_bytes += rxp_sync_range(s, addr, len, insn);	\
}									\
static void								\
rxp_sync_nc_dev_ ## tag(struct rxp_sync *s, const void *addr,		\
			uint32_t len)					\
{									\
	s->stats.for_device_calls++;					\
	s->stats.for_device_bytes += rxp_sync_range(s, addr, len, insn);\
}									\
static void								\
rxp_sync_full_cpu_ ## tag(struct rxp_sync *s, const void *addr,	\
			  uint32_t len)					\
{									\
	RTE_SET_USED(len);						\
	s->stats.for_cpu_calls++;					\
	s->stats.for_cpu_bytes +=					\
		rxp_sync_range(s, addr, s->max_len, insn);		\
}									\
static void								\
rxp_sync_full_dev_ ## tag(struct rxp_sync *s, const void *addr,	\
			  uint32_t len)					\
{									\
	RTE_SET_USED(len);						\
	s->stats.for_device_calls++;					\
	s->stats.for_device_bytes +=					\
		rxp_sync_range(s, addr, s->max_len, insn);		\
}									\
static void								\
rxp_sync_nc_cpu_bulk_ ## tag(struct rxp_sync *s,			\
			     const void *const *addr,			\
			     const uint32_t *len, unsigned int n)	\
{									\
	s->stats.for_cpu_calls += n;					\
	s->stats.for_cpu_bytes += rxp_sync_bulk(s, addr, len, n, insn);	\
}									\
static void								\
rxp_sync_nc_dev_bulk_ ## tag(struct rxp_sync *s,			\
			     const void *const *addr,			\
			     const uint32_t *len, unsigned int n)	\
{									\
	s->stats.for_device_calls += n;					\
	s->stats.for_device_bytes += rxp_sync_bulk(s, addr, len, n, insn); \
}									\
static void								\
rxp_sync_full_cpu_bulk_ ## tag(struct rxp_sync *s,			\
			       const void *const *addr,			\
			       const uint32_t *len, unsigned int n)	\
{									\
	unsigned int i;							\
									\
	for (i = 0; i < n; i++)						\
		rxp_sync_full_cpu_ ## tag(s, addr[i], len[i]);		\
}									\
static void								\
rxp_sync_full_dev_bulk_ ## tag(struct rxp_sync *s,			\
			       const void *const *addr,			\
			       const uint32_t *len, unsigned int n)	\
{									\
	unsigned int i;							\
									\
	for (i = 0; i < n; i++)						\
		rxp_sync_full_dev_ ## tag(s, addr[i], len[i]);		\
}

#if defined(__aarch64__)
RXP_SYNC_DEFINE(civac, RXP_SYNC_INSN_CIVAC)
#else
RXP_SYNC_DEFINE(clflushopt, RXP_SYNC_INSN_CLFLUSHOPT)
RXP_SYNC_DEFINE(clflush, RXP_SYNC_INSN_CLFLUSH)
#endif

#undef RXP_SYNC_DEFINE

/* The raw range operations (rxp_sync_clean/civac/fence), per instruction. */
#define RXP_RANGE_DEFINE(tag, insn, op, ctr)				\
static void								\
rxp_range_ ## tag(struct rxp_sync *s, const void *addr, uint32_t len)	\
{									\
	s->stats.ctr += rxp_sync_lines_op(s, addr, len, insn, op);	\
}

#if defined(__aarch64__)
RXP_RANGE_DEFINE(clean_cvac, RXP_SYNC_INSN_CVAC, RXP_CACHE_CLEAN, clean_bytes)
RXP_RANGE_DEFINE(civac_civac, RXP_SYNC_INSN_CIVAC, RXP_CACHE_CIVAC,
		 civac_bytes)

static void
rxp_range_fence_dsb(void)
{
	rxp_cache_civac_fence();
}
#else
RXP_RANGE_DEFINE(clean_clwb, RXP_SYNC_INSN_CLWB, RXP_CACHE_CLEAN, clean_bytes)
RXP_RANGE_DEFINE(clean_clflushopt, RXP_SYNC_INSN_CLFLUSHOPT, RXP_CACHE_CLEAN,
		 clean_bytes)
RXP_RANGE_DEFINE(clean_clflush, RXP_SYNC_INSN_CLFLUSH, RXP_CACHE_CLEAN,
		 clean_bytes)
RXP_RANGE_DEFINE(civac_clflushopt, RXP_SYNC_INSN_CLFLUSHOPT, RXP_CACHE_CIVAC,
		 civac_bytes)
RXP_RANGE_DEFINE(civac_clflush, RXP_SYNC_INSN_CLFLUSH, RXP_CACHE_CIVAC,
		 civac_bytes)

static void
rxp_range_fence_sfence(void)
{
	rxp_cache_clflushopt_fence();
}

static void
rxp_range_fence_mfence(void)
{
	rxp_cache_clflush_fence();
}
#endif

#undef RXP_RANGE_DEFINE

/* The range operations of a non-coherent variant, for this CPU. */
static void
rxp_sync_range_ops(struct rxp_sync *s, unsigned int flags)
{
#if defined(__aarch64__)
	RTE_SET_USED(flags);
	s->clean = rxp_range_clean_cvac;
	s->civac = rxp_range_civac_civac;
	s->fence = rxp_range_fence_dsb;
#else
	bool opt = rxp_cache_has_clflushopt() &&
		   !(flags & RXP_SYNC_F_NO_CLFLUSHOPT);

	s->civac = opt ? rxp_range_civac_clflushopt : rxp_range_civac_clflush;
	if (rxp_cache_has_clwb())
		s->clean = rxp_range_clean_clwb;
	else
		s->clean = opt ? rxp_range_clean_clflushopt :
			   rxp_range_clean_clflush;
	/* clflush is ordered by mfence only; clwb and clflushopt by sfence. */
	s->fence = opt ? rxp_range_fence_sfence : rxp_range_fence_mfence;
#endif
}

/* log2 of the line size the maintenance loop steps by. */
static unsigned int
rxp_sync_arch_line_shift(void)
{
#if defined(__aarch64__)
	unsigned int shift = rxp_cache_dminline_shift();

	if (((uint32_t)1 << shift) != RTE_CACHE_LINE_SIZE)
		RXP_SYNC_LOG(INFO,
			"CTR_EL0.DminLine gives %u-byte lines, RTE_CACHE_LINE_SIZE is %u: using %u",
			1u << shift, (unsigned int)RTE_CACHE_LINE_SIZE,
			1u << shift);
	return shift;
#else
	unsigned int size = rxp_cache_clflush_size();

	/* Never step by more than the real line: that would skip lines. */
	if (size != 0 && size < RTE_CACHE_LINE_SIZE &&
	    rte_is_power_of_2(size)) {
		RXP_SYNC_LOG(WARNING,
			"CPUID clflush line %u < RTE_CACHE_LINE_SIZE %u: using %u",
			size, (unsigned int)RTE_CACHE_LINE_SIZE, size);
		return rte_log2_u32(size);
	}
	return rte_log2_u32(RTE_CACHE_LINE_SIZE);
#endif
}

#endif /* RXP_CACHEOPS_NONCOHERENT */

bool
rxp_sync_noncoherent_supported(void)
{
	return RXP_CACHEOPS_NONCOHERENT != 0;
}

uint32_t
rxp_sync_nc_line_size(void)
{
#if RXP_CACHEOPS_NONCOHERENT
	return (uint32_t)1 << rxp_sync_arch_line_shift();
#else
	return 0;
#endif
}

#define RXP_SYNC_CWG_UNKNOWN	128u	/* Linux arm64 ARCH_DMA_MINALIGN */

uint32_t
rxp_sync_ctr_dma_align(uint64_t ctr)
{
	uint32_t dmin = 4u << ((ctr >> 16) & 0xf);
	uint32_t cwg = (ctr >> 24) & 0xf;

	return RTE_MAX(dmin, cwg != 0 ? 4u << cwg : RXP_SYNC_CWG_UNKNOWN);
}

uint32_t
rxp_sync_nc_dma_align(void)
{
#if defined(__aarch64__)
	return rxp_sync_ctr_dma_align(rxp_cache_ctr());
#else
	return rxp_sync_nc_line_size();
#endif
}

int
rxp_sync_init(struct rxp_sync *s, enum rxp_sync_mode mode, uint32_t max_len,
	      unsigned int flags)
{
	if (s == NULL || max_len == 0)
		return -EINVAL;
	memset(s, 0, sizeof(*s));
	s->mode = mode;
	s->max_len = max_len;
	s->line_shift = (uint8_t)rte_log2_u32(RTE_CACHE_LINE_SIZE);

	switch (mode) {
	case RXP_SYNC_COHERENT:
		s->for_cpu = rxp_sync_coherent_cpu;
		s->for_device = rxp_sync_coherent_dev;
		s->for_cpu_bulk = rxp_sync_coherent_cpu_bulk;
		s->for_device_bulk = rxp_sync_coherent_dev_bulk;
		s->variant = "coherent";
		break;
	case RXP_SYNC_NONCOHERENT:
	case RXP_SYNC_FULL:
#if RXP_CACHEOPS_NONCOHERENT
		s->line_shift = (uint8_t)rxp_sync_arch_line_shift();
		rxp_sync_range_ops(s, flags);
#if defined(__aarch64__)
		RTE_SET_USED(flags);
		if (mode == RXP_SYNC_NONCOHERENT) {
			s->for_cpu = rxp_sync_nc_cpu_civac;
			s->for_device = rxp_sync_nc_dev_civac;
			s->for_cpu_bulk = rxp_sync_nc_cpu_bulk_civac;
			s->for_device_bulk = rxp_sync_nc_dev_bulk_civac;
			s->variant = "noncoherent/dc-civac";
		} else {
			s->for_cpu = rxp_sync_full_cpu_civac;
			s->for_device = rxp_sync_full_dev_civac;
			s->for_cpu_bulk = rxp_sync_full_cpu_bulk_civac;
			s->for_device_bulk = rxp_sync_full_dev_bulk_civac;
			s->variant = "full/dc-civac";
		}
#else
		if (rxp_cache_has_clflushopt() &&
		    !(flags & RXP_SYNC_F_NO_CLFLUSHOPT)) {
			if (mode == RXP_SYNC_NONCOHERENT) {
				s->for_cpu = rxp_sync_nc_cpu_clflushopt;
				s->for_device = rxp_sync_nc_dev_clflushopt;
				s->for_cpu_bulk = rxp_sync_nc_cpu_bulk_clflushopt;
				s->for_device_bulk = rxp_sync_nc_dev_bulk_clflushopt;
				s->variant = "noncoherent/clflushopt";
			} else {
				s->for_cpu = rxp_sync_full_cpu_clflushopt;
				s->for_device = rxp_sync_full_dev_clflushopt;
				s->for_cpu_bulk = rxp_sync_full_cpu_bulk_clflushopt;
				s->for_device_bulk = rxp_sync_full_dev_bulk_clflushopt;
				s->variant = "full/clflushopt";
			}
		} else {
			if (mode == RXP_SYNC_NONCOHERENT) {
				s->for_cpu = rxp_sync_nc_cpu_clflush;
				s->for_device = rxp_sync_nc_dev_clflush;
				s->for_cpu_bulk = rxp_sync_nc_cpu_bulk_clflush;
				s->for_device_bulk = rxp_sync_nc_dev_bulk_clflush;
				s->variant = "noncoherent/clflush";
			} else {
				s->for_cpu = rxp_sync_full_cpu_clflush;
				s->for_device = rxp_sync_full_dev_clflush;
				s->for_cpu_bulk = rxp_sync_full_cpu_bulk_clflush;
				s->for_device_bulk = rxp_sync_full_dev_bulk_clflush;
				s->variant = "full/clflush";
			}
		}
#endif
		break;
#else
		RTE_SET_USED(flags);
		RXP_SYNC_LOG(ERR,
			"no user-space cache maintenance on this architecture");
		return -ENOTSUP;
#endif
	default:
		return -EINVAL;
	}
	RXP_SYNC_LOG(DEBUG, "variant %s, %u-byte lines, max_len %u",
		     s->variant, rxp_sync_line_size(s), max_len);
	return 0;
}
