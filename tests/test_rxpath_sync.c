/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * lib/rxpath DMA sync: the cache-line range arithmetic against a naive
 * per-byte computation (exhaustive over small addresses and lengths), the
 * byte counts of each variant, and that no variant changes the data.
 * No EAL needed: the sync works on plain memory.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include <rte_common.h>

#include "harness.h"
#include "rxp_prefetch.h"
#include "rxp_sync.h"

#define MAX_LEN		1536
#define BUF_SIZE	4096

/* Lines touched by [addr, addr + len), one byte at a time. */
static uint32_t
naive_span(uintptr_t addr, uint32_t len, unsigned int shift,
	   uintptr_t *first)
{
	uintptr_t line_size = (uintptr_t)1 << shift, prev = 0, b;
	uint32_t n = 0;

	*first = (addr / line_size) * line_size;
	for (b = addr; b < addr + len; b++) {
		uintptr_t line = b / line_size;

		if (n == 0 || line != prev) {
			if (n == 0)
				*first = line * line_size;
			n++;
			prev = line;
		}
	}
	return n;
}

static void
test_span_exhaustive(void)
{
	/* 64-byte lines (x86, most SoC cores) and 128 (ThunderX-class). */
	static const unsigned int shifts[] = { 6, 7 };
	/* Small addresses, and the same pattern far up the address space. */
	static const uintptr_t bases[] = { 0, (uintptr_t)0x7fffffff0000ull };
	unsigned int s, k;
	uintptr_t a;
	uint32_t len;
	unsigned long cases = 0;

	for (s = 0; s < RTE_DIM(shifts); s++)
		for (k = 0; k < RTE_DIM(bases); k++)
			for (a = 0; a < 256; a++)
				for (len = 0; len <= 300; len++) {
					uintptr_t f1, f2, addr = bases[k] + a;
					uint32_t n1 = rxp_sync_line_span(addr,
						len, shifts[s], &f1);
					uint32_t n2 = naive_span(addr, len,
						shifts[s], &f2);

					CHECK_EQ_U(n1, n2,
						"lines addr %#lx len %u shift %u",
						(unsigned long)addr, len,
						shifts[s]);
					CHECK_EQ_U(f1, f2,
						"first addr %#lx len %u shift %u",
						(unsigned long)addr, len,
						shifts[s]);
					cases++;
				}
	/* Spot values, so the reference itself is pinned. */
	{
		uintptr_t f;

		CHECK_EQ_U(rxp_sync_line_span(0, 0, 6, &f), 0, "len 0");
		CHECK_EQ_U(rxp_sync_line_span(63, 0, 6, &f), 0, "len 0 odd");
		CHECK_EQ_U(rxp_sync_line_span(0, 64, 6, &f), 1, "one line");
		CHECK_EQ_U(rxp_sync_line_span(63, 2, 6, &f), 2, "straddle");
		CHECK_EQ_U(f, 0, "straddle first");
		CHECK_EQ_U(rxp_sync_line_span(130, 60, 6, &f), 1, "inside");
		CHECK_EQ_U(f, 128, "inside first");
		CHECK_EQ_U(rxp_sync_line_span(1, 128, 6, &f), 3, "1+128");
	}
	printf("line span: %lu cases\n", cases);
}

static uint8_t *
alloc_buf(void)
{
	uint8_t *p = aligned_alloc(256, BUF_SIZE);

	if (p == NULL) {
		fprintf(stderr, "out of memory\n");
		exit(1);
	}
	return p;
}

/* A variant leaves the data as the CPU last wrote it. */
static void
test_data_identical(struct rxp_sync *s, uint8_t *buf, uint8_t *ref)
{
	unsigned int i;

	for (i = 0; i < 200; i++) {
		uint32_t off = (uint32_t)(harness_rand() % 256);
		uint32_t len = (uint32_t)(harness_rand() % (MAX_LEN + 1));

		harness_fill_random(ref, BUF_SIZE);
		memcpy(buf, ref, BUF_SIZE);
		rxp_sync_for_device(s, buf + off, len);
		CHECK(memcmp(buf, ref, BUF_SIZE) == 0,
		      "%s: for_device changed data (off %u len %u)",
		      s->variant, off, len);
		/* The "device" writes (a coherent agent, here the CPU). */
		harness_fill_random(ref + off, len);
		memcpy(buf + off, ref + off, len);
		rxp_sync_for_cpu(s, buf + off, len);
		CHECK(memcmp(buf, ref, BUF_SIZE) == 0,
		      "%s: for_cpu changed data (off %u len %u)",
		      s->variant, off, len);
	}
}

/* Non-coherent: exactly the rounded range, per call, both directions. */
static void
test_nc_counts(struct rxp_sync *s, uint8_t *buf)
{
	unsigned int i, line = harness_dcache_line_size();

	CHECK_EQ_U(rxp_sync_line_size(s), line,
		   "%s: line size is the core's data cache line", s->variant);
	for (i = 0; i < 2000; i++) {
		uint32_t off = (uint32_t)(harness_rand() % 256);
		uint32_t len = (uint32_t)(harness_rand() % (MAX_LEN + 1));
		struct rxp_sync_stats b = s->stats;
		uintptr_t first;
		uint32_t lines;

		if (i < 300)
			len = i;	/* every short length, 0 included */
		lines = rxp_sync_line_span((uintptr_t)(buf + off), len,
					   s->line_shift, &first);
		rxp_sync_for_cpu(s, buf + off, len);
		CHECK_EQ_U(s->stats.for_cpu_bytes - b.for_cpu_bytes,
			   (uint64_t)lines * rxp_sync_line_size(s),
			   "%s: for_cpu bytes off %u len %u", s->variant,
			   off, len);
		CHECK_EQ_U(s->stats.for_cpu_calls - b.for_cpu_calls, 1,
			   "%s: for_cpu calls", s->variant);
		rxp_sync_for_device(s, buf + off, len);
		CHECK_EQ_U(s->stats.for_device_bytes - b.for_device_bytes,
			   (uint64_t)lines * rxp_sync_line_size(s),
			   "%s: for_device bytes off %u len %u", s->variant,
			   off, len);
		CHECK_EQ_U(s->stats.for_device_calls - b.for_device_calls, 1,
			   "%s: for_device calls", s->variant);
	}
	/*
	 * Hand-computed (buf is 256-aligned): 60 bytes at 10 are bytes 10..69,
	 * two 64-byte lines or one 128-byte line, 128 bytes either way; 60
	 * bytes at 64 (64..123) are one more 64-byte line, or the first
	 * 128-byte line again.
	 */
	{
		struct rxp_sync_stats b = s->stats;

		CHECK(line == 64 || line == 128,
		      "%s: hand-computed cases for 64 and 128-byte lines only, not %u",
		      s->variant, line);
		rxp_sync_for_cpu(s, buf + 10, 60);
		CHECK_EQ_U(s->stats.for_cpu_bytes - b.for_cpu_bytes, 128,
			   "%s: 60 bytes at 10 (%u-byte lines: 0..69)",
			   s->variant, line);
		rxp_sync_for_cpu(s, buf + 64, 0);
		CHECK_EQ_U(s->stats.for_cpu_bytes - b.for_cpu_bytes, 128,
			   "%s: len 0 syncs nothing", s->variant);
		rxp_sync_for_cpu(s, buf + 64, 60);
		CHECK_EQ_U(s->stats.for_cpu_bytes - b.for_cpu_bytes,
			   line == 64 ? 192 : 256,
			   "%s: 60 bytes at 64", s->variant);
	}
}

/* Full: max_len whatever the length (ablation of "only what was written"). */
static void
test_full_counts(struct rxp_sync *s, uint8_t *buf)
{
	static const uint32_t lens[] = { 0, 1, 60, 1514, MAX_LEN };
	unsigned int i;

	for (i = 0; i < RTE_DIM(lens); i++) {
		struct rxp_sync_stats b = s->stats;

		rxp_sync_for_cpu(s, buf, lens[i]);
		CHECK_EQ_U(s->stats.for_cpu_bytes - b.for_cpu_bytes, MAX_LEN,
			   "%s: for_cpu len %u", s->variant, lens[i]);
		rxp_sync_for_device(s, buf, lens[i]);
		CHECK_EQ_U(s->stats.for_device_bytes - b.for_device_bytes,
			   MAX_LEN, "%s: for_device len %u", s->variant,
			   lens[i]);
	}
	/* Unaligned start: max_len rounded out is one line more. */
	{
		struct rxp_sync_stats b = s->stats;

		CHECK_EQ_U(rxp_sync_line_size(s), harness_dcache_line_size(),
			   "%s: line size is the core's data cache line",
			   s->variant);
		rxp_sync_for_cpu(s, buf + 2, 60);
		CHECK_EQ_U(s->stats.for_cpu_bytes - b.for_cpu_bytes,
			   MAX_LEN + harness_dcache_line_size(),
			   "%s: unaligned full", s->variant);
	}
}

static void
test_coherent_counts(struct rxp_sync *s, uint8_t *buf)
{
	rxp_sync_for_cpu(s, buf + 3, 1000);
	rxp_sync_for_device(s, buf + 3, 1000);
	CHECK_EQ_U(s->stats.for_cpu_bytes + s->stats.for_device_bytes, 0,
		   "coherent syncs no bytes");
	CHECK(s->stats.for_cpu_calls >= 1 && s->stats.for_device_calls >= 1,
	      "coherent counts calls");
}

/* The prefetch policy helpers: valid settings and the sync-then-prefetch order. */
static void
test_prefetch(struct rxp_sync *s, uint8_t *buf)
{
	uint64_t calls = s->stats.for_cpu_calls;

	CHECK(rxp_prefetch_lines_valid(0) && rxp_prefetch_lines_valid(1) &&
	      rxp_prefetch_lines_valid(2) && !rxp_prefetch_lines_valid(3),
	      "prefetch line settings");
	CHECK(RXP_PREFETCH_HEAD_LINES_DEFAULT == 2, "two lines by default");
	rxp_sync_and_prefetch(s, buf, 60, 0);
	rxp_sync_and_prefetch(s, buf, 60, 1);
	rxp_sync_and_prefetch(s, buf, 60, RXP_PREFETCH_HEAD_LINES_DEFAULT);
	CHECK_EQ_U(s->stats.for_cpu_calls - calls, 3,
		   "sync_and_prefetch syncs once per call");
}

/*
 * The bulk calls count and cover exactly what the same calls one by one
 * would (random offsets and lengths, both directions), and leave the data
 * intact.
 */
static void
test_bulk(enum rxp_sync_mode mode, unsigned int flags, uint8_t *buf,
	  uint8_t *ref)
{
	struct rxp_sync one, bulk;
	const void *addr[32];
	uint32_t len[32];
	unsigned int round, i, n;

	CHECK_EQ_U(rxp_sync_init(&one, mode, MAX_LEN, flags), 0, "init");
	CHECK_EQ_U(rxp_sync_init(&bulk, mode, MAX_LEN, flags), 0, "init");
	for (round = 0; round < 200; round++) {
		n = (unsigned int)(harness_rand() % 33);
		for (i = 0; i < n; i++) {
			uint32_t off = (uint32_t)(harness_rand() % (BUF_SIZE - MAX_LEN));

			addr[i] = buf + off;
			len[i] = (uint32_t)(harness_rand() % (MAX_LEN + 1));
			rxp_sync_for_cpu(&one, addr[i], len[i]);
			rxp_sync_for_device(&one, addr[i], len[i]);
		}
		rxp_sync_for_cpu_bulk(&bulk, addr, len, n);
		rxp_sync_for_device_bulk(&bulk, addr, len, n);
	}
	CHECK(memcmp(&one.stats, &bulk.stats, sizeof(one.stats)) == 0,
	      "%s: bulk counters differ from one by one: cpu %" PRIu64 "/%" PRIu64
	      " calls, %" PRIu64 "/%" PRIu64 " bytes", one.variant,
	      bulk.stats.for_cpu_calls, one.stats.for_cpu_calls,
	      bulk.stats.for_cpu_bytes, one.stats.for_cpu_bytes);
	CHECK(memcmp(buf, ref, BUF_SIZE) == 0, "%s: bulk sync changed data",
	      one.variant);
}

/* What the hook was told, last call and totals. */
struct hook_log {
	unsigned int calls[RXP_CACHE_FENCE + 1];	/* by enum rxp_cache_op */
	const void *addr;
	uint32_t len;
	enum rxp_cache_op op;
};

static void
hook_record(void *ctx, const void *addr, uint32_t len, enum rxp_cache_op op)
{
	struct hook_log *h = ctx;

	h->calls[op]++;
	if (op == RXP_CACHE_FENCE) {	/* the last maintenance stays */
		CHECK(addr == NULL && len == 0, "a fence names no range");
		return;
	}
	h->addr = addr;
	h->len = len;
	h->op = op;
}

/*
 * The raw range operations (non-coherent variants only) cover exactly the
 * lines of the range, count apart from the buffer syncs, leave data alone,
 * and the hook hears every maintenance, buffer syncs included, with the
 * range asked (max_len for the full variant) and the right operation, and
 * every completion barrier after it.
 */
static void
test_ranges_and_hook(struct rxp_sync *s, uint8_t *buf, uint8_t *ref)
{
	struct hook_log h;
	unsigned int i;

	if (s->mode == RXP_SYNC_COHERENT) {
		CHECK(s->clean == NULL && s->civac == NULL && s->fence == NULL,
		      "coherent: no range operations");
		return;
	}
	CHECK(s->clean != NULL && s->civac != NULL && s->fence != NULL,
	      "%s: range operations", s->variant);
	memset(&h, 0, sizeof(h));
	rxp_sync_set_hook(s, hook_record, &h);
	harness_fill_random(ref, BUF_SIZE);
	memcpy(buf, ref, BUF_SIZE);
	for (i = 0; i < 500; i++) {
		uint32_t off = (uint32_t)(harness_rand() % 256);
		uint32_t len = (uint32_t)(harness_rand() % (MAX_LEN + 1));
		struct rxp_sync_stats b = s->stats;
		uintptr_t first;
		uint64_t bytes = (uint64_t)rxp_sync_line_span(
			(uintptr_t)(buf + off), len, s->line_shift, &first) *
			rxp_sync_line_size(s);

		rxp_sync_clean(s, buf + off, len);
		CHECK(h.op == RXP_CACHE_CLEAN && h.addr == buf + off &&
		      h.len == len, "%s: hook told of the clean", s->variant);
		rxp_sync_civac(s, buf + off, len);
		CHECK(h.op == RXP_CACHE_CIVAC && h.addr == buf + off &&
		      h.len == len, "%s: hook told of the civac", s->variant);
		rxp_sync_fence(s);
		CHECK_EQ_U(s->stats.clean_bytes - b.clean_bytes, bytes,
			   "%s: clean bytes off %u len %u", s->variant, off, len);
		CHECK_EQ_U(s->stats.civac_bytes - b.civac_bytes, bytes,
			   "%s: civac bytes off %u len %u", s->variant, off, len);
		CHECK_EQ_U(s->stats.for_cpu_bytes + s->stats.for_device_bytes,
			   b.for_cpu_bytes + b.for_device_bytes,
			   "%s: ranges are not buffer syncs", s->variant);
		rxp_sync_for_cpu(s, buf + off, len);
		CHECK(h.op == RXP_CACHE_CIVAC && h.addr == buf + off &&
		      h.len == (s->mode == RXP_SYNC_FULL ? MAX_LEN : len),
		      "%s: hook told of the buffer sync", s->variant);
	}
	CHECK_EQ_U(h.calls[RXP_CACHE_CLEAN], 500, "%s: cleans heard",
		   s->variant);
	CHECK_EQ_U(h.calls[RXP_CACHE_CIVAC], 1000, "%s: civacs heard",
		   s->variant);
	/* rxp_sync_fence() and the buffer sync's own barrier, each time. */
	CHECK_EQ_U(h.calls[RXP_CACHE_FENCE], 1000, "%s: fences heard",
		   s->variant);
	CHECK(memcmp(buf, ref, BUF_SIZE) == 0, "%s: data changed", s->variant);
	rxp_sync_set_hook(s, NULL, NULL);
	rxp_sync_clean(s, buf, 64);
	CHECK_EQ_U(h.calls[RXP_CACHE_CLEAN], 500, "%s: hook removed",
		   s->variant);
}

static void
run_variant(enum rxp_sync_mode mode, unsigned int flags, uint8_t *buf,
	    uint8_t *ref)
{
	struct rxp_sync s;

	CHECK_EQ_U(rxp_sync_init(&s, mode, MAX_LEN, flags), 0, "init mode %d",
		   (int)mode);
	printf("variant %s, %u-byte lines\n", s.variant,
	       rxp_sync_line_size(&s));
	test_data_identical(&s, buf, ref);
	switch (mode) {
	case RXP_SYNC_COHERENT:
		test_coherent_counts(&s, buf);
		break;
	case RXP_SYNC_NONCOHERENT:
		test_nc_counts(&s, buf);
		break;
	case RXP_SYNC_FULL:
		test_full_counts(&s, buf);
		break;
	}
	test_prefetch(&s, buf);
	test_bulk(mode, flags, buf, ref);
	test_ranges_and_hook(&s, buf, ref);
}

/*
 * The non-coherent DMA granule from CTR_EL0 (Arm ARM D19.2.34: DminLine
 * bits 19:16, CWG bits 27:24, log2 of words): max of the two, CWG 0 as
 * 128 bytes (Linux arm64 cache_line_size()).
 */
static void
test_dma_align(void)
{
	uint32_t line = rxp_sync_nc_line_size(), al = rxp_sync_nc_dma_align();

	/* Cortex-A53/A55/A72: 64-byte lines, CWG 64. */
	CHECK_EQ_U(rxp_sync_ctr_dma_align(0x84448004u), 64, "A55 CTR_EL0");
	CHECK_EQ_U(rxp_sync_ctr_dma_align(0x8444c004u), 64, "A72 CTR_EL0");
	/* A 64-byte L1 with a 128-byte writeback granule (an L2/L3 line). */
	CHECK_EQ_U(rxp_sync_ctr_dma_align(0x85448004u), 128,
		   "CWG 128 over DminLine 64");
	CHECK_EQ_U(rxp_sync_ctr_dma_align(0x80048004u), 128,
		   "CWG not reported: 128");
	CHECK_EQ_U(rxp_sync_ctr_dma_align(0x84058004u), 128,
		   "DminLine 128 over CWG 64");
	CHECK_EQ_U(rxp_sync_ctr_dma_align(0x89048004u), 2048, "CWG 2 KiB");
	if (rxp_sync_noncoherent_supported())
		CHECK(al >= line && al % line == 0,
		      "this CPU's granule %u covers whole %u-byte lines", al, line);
	else
		CHECK_EQ_U(al, 0, "no user-space cache maintenance: 0");
}

int
main(void)
{
	uint8_t *buf = alloc_buf(), *ref = alloc_buf();
	struct rxp_sync s;

	harness_seed_from_env(0x5eed5);
	test_span_exhaustive();
	test_dma_align();

	CHECK_EQ_U(rxp_sync_init(&s, RXP_SYNC_NONCOHERENT, 0, 0), -EINVAL,
		   "max_len 0");
	CHECK_EQ_U(rxp_sync_init(&s, (enum rxp_sync_mode)42, MAX_LEN, 0),
		   -EINVAL, "bad mode");

	run_variant(RXP_SYNC_COHERENT, 0, buf, ref);
	run_variant(RXP_SYNC_NONCOHERENT, 0, buf, ref);
	run_variant(RXP_SYNC_FULL, 0, buf, ref);
	/* The clflush fallback for CPUs without clflushopt. */
	run_variant(RXP_SYNC_NONCOHERENT, RXP_SYNC_F_NO_CLFLUSHOPT, buf, ref);
	run_variant(RXP_SYNC_FULL, RXP_SYNC_F_NO_CLFLUSHOPT, buf, ref);
	CHECK_EQ_U(rxp_sync_init(&s, RXP_SYNC_NONCOHERENT, MAX_LEN,
				 RXP_SYNC_F_NO_CLFLUSHOPT), 0, "init");
	CHECK(strstr(s.variant, "clflushopt") == NULL,
	      "fallback still uses clflushopt: %s", s.variant);

	free(buf);
	free(ref);
	return harness_result("rxpath_sync");
}
