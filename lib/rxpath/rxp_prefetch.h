/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file
 * Prefetch policy of the RX path: what to prefetch, how far ahead, and
 * above all WHEN.
 *
 * The packet head is prefetched AFTER the DMA sync for the CPU, never
 * before (robustness row 48). On a non-coherent SoC the sync
 * cleans+invalidates the lines: a prefetch issued before it brings in a
 * line that the invalidate then throws away (wasted bandwidth), or,
 * worse, one the device has not finished writing. Upstream learned it
 * twice: Linux 2a2931517c9a ("prefetch ... then dma_sync ... this is
 * wrong"); stmmac 4744bf072b46 "stmmac: prefetch right address" and
 * mvpp2 d8ea89fe8a49 / 2f128eb3308a ("prefetch right address", "prefetch
 * page"); mvneta moved its header prefetch next to the sync in "net:
 * mvneta: move header prefetch in mvneta_swbm_rx_frame" (2019). The
 * gains recorded in the socrx issue for those changes: prefetching after
 * the sync +2.8%, two lines instead of one +4.8%.
 *
 * Two 64-byte lines hold Ethernet + IPv4/IPv6 + TCP with options (14 + 40
 * + 60 = 114 bytes, plus a VLAN tag or two): the parser's whole working
 * set. One line covers Ethernet + IPv4 + UDP only; zero is for the
 * benchmark's ablation.
 *
 * The number of lines is a policy fixed at queue setup. Call
 * rxp_prefetch_head() with a compile-time constant: the burst function is
 * instantiated once per value and the PMD installs the one configured
 * (conventions point 6), so there is no per-packet test of the setting.
 *
 * Every prefetch names the queue's struct rxp_sync. In a build with
 * RXP_PREFETCH_OBSERVE (meson -Drx_observe=true: the sanitizer test tree,
 * never a production or benchmark build) each prefetched line is told to
 * the sync's hook as RXP_CACHE_PREFETCH, so that the emulated
 * non-coherent interconnect of a device model can count a prefetch of a
 * line the device wrote and the CPU has not yet invalidated (row 48). In
 * any other build the argument is unused and costs nothing.
 */
#ifndef RXP_PREFETCH_H
#define RXP_PREFETCH_H

#include <stdint.h>

#include <rte_common.h>
#include <rte_prefetch.h>

#include "rxp_sync.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * Stride of the head prefetch. 64, not RTE_CACHE_LINE_SIZE: DPDK's generic
 * arm64 build says 128 while most SoC cores (Cortex-A53/A55/A72) have
 * 64-byte lines, and a 128-byte stride would miss the second line. On a
 * 128-byte-line core the second prefetch hits the same line: harmless.
 */
#define RXP_PREFETCH_LINE		64

/** Head lines prefetched by default (see the file comment). */
#define RXP_PREFETCH_HEAD_LINES_DEFAULT	2
/** Largest accepted number of head lines. */
#define RXP_PREFETCH_HEAD_LINES_MAX	2

/** Whether @p nb_lines is an accepted head-prefetch setting (0, 1, 2). */
static inline int
rxp_prefetch_lines_valid(unsigned int nb_lines)
{
	return nb_lines <= RXP_PREFETCH_HEAD_LINES_MAX;
}

/** Prefetch the line holding @p p; in an observed build, tell the hook. */
static __rte_always_inline void
rxp_prefetch_line(const struct rxp_sync *s, const void *p)
{
	rte_prefetch0(p);
#ifdef RXP_PREFETCH_OBSERVE
	if (s->hook != NULL)
		s->hook(s->hook_ctx, p, 1, RXP_CACHE_PREFETCH);
#else
	RTE_SET_USED(s);
#endif
}

/**
 * Prefetch the first @p nb_lines 64-byte lines of the head of a frame of
 * @p len bytes, but no line the frame does not reach (a 60-byte frame from
 * a line start needs one; the second request would only take a miss slot
 * from the lines that matter while a batch of heads is in flight). Only
 * after rxp_sync_for_cpu() on those bytes; @p nb_lines must be a
 * compile-time constant (the tests fold away).
 */
static __rte_always_inline void
rxp_prefetch_head_len(const struct rxp_sync *s, const void *data,
		      const unsigned int nb_lines, uint32_t len)
{
	if (nb_lines >= 1)
		rxp_prefetch_line(s, data);
	if (nb_lines >= 2 &&
	    ((uintptr_t)data & (RXP_PREFETCH_LINE - 1)) + len > RXP_PREFETCH_LINE)
		rxp_prefetch_line(s, RTE_PTR_ADD(data, RXP_PREFETCH_LINE));
}

/** rxp_prefetch_head_len() without a length: the @p nb_lines lines, all. */
static __rte_always_inline void
rxp_prefetch_head(const struct rxp_sync *s, const void *data,
		  const unsigned int nb_lines)
{
	rxp_prefetch_head_len(s, data, nb_lines, RXP_PREFETCH_HEAD_LINES_MAX *
					      RXP_PREFETCH_LINE);
}

/**
 * Prefetch the lines of [data + @p from, data + @p len), from a line
 * boundary of @p data: the rest of a frame whose every byte the software
 * checksum is about to read. Issued for all of them at once, the misses
 * overlap instead of being met one line at a time by the checksum loop
 * (prefetching ahead of the checksum: "-58% checksum time per byte" on a
 * core without a hardware prefetcher). Only after rxp_sync_for_cpu().
 */
static __rte_always_inline void
rxp_prefetch_body(const struct rxp_sync *s, const void *data, uint32_t from,
		  uint32_t len)
{
	uint32_t off;

	for (off = from; off < len; off += RXP_PREFETCH_LINE)
		rxp_prefetch_line(s, RTE_PTR_ADD(data, off));
}

/**
 * The sequence in one call, so it cannot be written in the wrong order:
 * sync the @p len received bytes at @p data for the CPU, then prefetch
 * the head. The caller has already done the descriptor read barrier.
 */
static __rte_always_inline void
rxp_sync_and_prefetch(struct rxp_sync *sync, const void *data, uint32_t len,
		      const unsigned int nb_lines)
{
	rxp_sync_for_cpu(sync, data, len);
	rxp_prefetch_head(sync, data, nb_lines);
}

#ifdef __cplusplus
}
#endif

#endif /* RXP_PREFETCH_H */
