/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Every checksum kernel against the plain reference: all alignments 0..63
 * times all lengths 0..1024, random lengths up to 64 KiB with random initial
 * sums, carry stress, block boundaries of the vector kernels, and the
 * copy-and-sum variant. Each available implementation runs the same cases,
 * called directly and through csum_partial() with the implementation forced;
 * one the CPU or the build lacks is skipped with the reason printed. The
 * run-time choice is checked too: AVX-512 and AVX2-VNNI only where the CPU
 * and the OS support them, judged from raw CPUID/XCR0 words with each part
 * missing.
 */
#include <string.h>

#if defined(__x86_64__)
#include <cpuid.h>
#endif

#include "csum.h"
#include "csum_kernels.h"
#include "csum_ref.h"
#include "harness.h"

#define MAX_ALIGN 64
#define MAX_LEN 1024
#define RANDOM_CASES 3000
#define RANDOM_MAX_LEN 65536

static uint8_t src_buf[RANDOM_MAX_LEN + 2 * MAX_ALIGN];
static uint8_t dst_buf[RANDOM_MAX_LEN + 2 * MAX_ALIGN + 64];

struct impl_under_test {
	const char *name;
	uint32_t (*partial)(const void *, size_t, uint32_t);
	uint32_t (*partial_copy)(void *, const void *, size_t, uint32_t);
};

/* Compares one call of both kernels with the reference. */
static void
check_case(const struct impl_under_test *t, size_t align, size_t len,
	   uint32_t init)
{
	const uint8_t *p = src_buf + align;
	uint16_t want = ref_csum_partial(p, len, init);
	uint32_t got = t->partial(p, len, init);
	size_t dalign = (align * 7 + 3) % MAX_ALIGN;
	uint8_t *d = dst_buf + 32 + dalign;

	CHECK_EQ_U(ref_fold16(got), want, "%s partial align %zu len %zu init %#x",
		   t->name, align, len, init);
	CHECK(init != 0 || got != 0 || want == 0,
	      "%s returned 0 for a non-zero sum, len %zu", t->name, len);

	memset(dst_buf, 0xa5, 32 + dalign + len + 64);
	got = t->partial_copy(d, p, len, init);
	CHECK_EQ_U(ref_fold16(got), want, "%s copy align %zu len %zu init %#x",
		   t->name, align, len, init);
	CHECK(memcmp(d, p, len) == 0, "%s copy bytes differ, len %zu",
	      t->name, len);
	CHECK(d[-1] == 0xa5 && d[len] == 0xa5 && d[len + 63] == 0xa5,
	      "%s copy wrote outside [0, %zu)", t->name, len);
}

static void
all_alignments_and_lengths(const struct impl_under_test *t)
{
	size_t align, len;

	harness_fill_random(src_buf, sizeof(src_buf));
	for (align = 0; align < MAX_ALIGN; align++)
		for (len = 0; len <= MAX_LEN; len++)
			check_case(t, align, len,
				   (len & 3) == 0 ? 0 : (uint32_t)harness_rand());
}

static void
random_lengths(const struct impl_under_test *t)
{
	int i;

	for (i = 0; i < RANDOM_CASES; i++) {
		size_t len = harness_rand() % (RANDOM_MAX_LEN + 1);
		size_t align = harness_rand() % MAX_ALIGN;

		if (i % 64 == 0)
			harness_fill_random(src_buf, sizeof(src_buf));
		check_case(t, align, len, (uint32_t)harness_rand());
	}
}

/*
 * All-ones data makes every lane and every carry chain as large as it can
 * be; initial sums just below and at the 16- and 32-bit limits and lengths
 * ending on a carry exercise the end-around carries.
 */
static void
carry_stress(const struct impl_under_test *t)
{
	static const uint32_t inits[] = {
		0, 1, 0xfffe, 0xffff, 0x10000, 0x1fffe, 0xfffffffe, 0xffffffff,
	};
	static const size_t lens[] = {
		1, 2, 3, 7, 8, 9, 31, 32, 33, 63, 64, 65, 127, 128, 129, 255,
		256, 1499, 1500, 4095, 4096, 9000, 65535, 65536,
	};
	size_t i, j, align;

	for (align = 0; align < 4; align++) {
		memset(src_buf, 0xff, sizeof(src_buf));
		for (i = 0; i < sizeof(lens) / sizeof(lens[0]); i++)
			for (j = 0; j < sizeof(inits) / sizeof(inits[0]); j++)
				check_case(t, align, lens[i], inits[j]);
		/* A single non-0xff word in all-ones data sums to 0xffff+x. */
		src_buf[align + 100] = 0xfe;
		for (j = 0; j < sizeof(inits) / sizeof(inits[0]); j++)
			check_case(t, align, 1500, inits[j]);
	}
	/* all zero: the sum stays 0, never 0xffff */
	memset(src_buf, 0, sizeof(src_buf));
	for (i = 0; i < sizeof(lens) / sizeof(lens[0]); i++)
		CHECK_EQ_U(t->partial(src_buf, lens[i], 0), 0, "%s zeros len %zu",
			   t->name, lens[i]);
}

/*
 * Buffers around and past the vector kernels' accumulation blocks (AVX-512
 * and AVX2's vpavgw tree 128 KiB, AVX2's copying loop 1 MiB, NEON 1 MiB),
 * all ones so any lane that overflows changes the result; then all zeros,
 * whose sum must stay 0 (the AVX-512 block's total reaches its most
 * negative value there).
 */
static void
block_boundaries(const struct impl_under_test *t)
{
	static const size_t lens[] = {
		(128u << 10) - 1, 128u << 10, (128u << 10) + 1,
		(128u << 10) + 67, (256u << 10) + 64, (256u << 10) + 511,
		(2u << 20) - 1, 2u << 20, (2u << 20) + 33, (5u << 20) + 7,
	};
	size_t max = (5u << 20) + 7 + 1;
	uint8_t *big = malloc(max), *copy = malloc(max);
	size_t i;

	if (!big || !copy) {
		CHECK(0, "out of memory");
		free(big);
		free(copy);
		return;
	}
	memset(big, 0xff, max);
	big[max / 3] = 0x12;
	for (i = 0; i < sizeof(lens) / sizeof(lens[0]); i++) {
		uint16_t want = ref_csum_partial(big + 1, lens[i], 0xffff);

		CHECK_EQ_U(ref_fold16(t->partial(big + 1, lens[i], 0xffff)), want,
			   "%s long len %zu", t->name, lens[i]);
		CHECK_EQ_U(ref_fold16(t->partial_copy(copy, big + 1, lens[i],
						      0xffff)),
			   want, "%s long copy len %zu", t->name, lens[i]);
		CHECK(memcmp(copy, big + 1, lens[i]) == 0, "%s long copy bytes",
		      t->name);
	}
	memset(big, 0, max);
	for (i = 0; i < sizeof(lens) / sizeof(lens[0]); i++) {
		CHECK_EQ_U(t->partial(big, lens[i], 0), 0, "%s long zeros len %zu",
			   t->name, lens[i]);
		CHECK_EQ_U(t->partial_copy(copy, big, lens[i], 0), 0,
			   "%s long zeros copy len %zu", t->name, lens[i]);
	}
	free(big);
	free(copy);
}

/* One length at every alignment 0..63, with a random initial sum. */
static void
every_alignment(const struct impl_under_test *t, size_t len)
{
	size_t align;

	for (align = 0; align < MAX_ALIGN; align++)
		check_case(t, align, len, (uint32_t)harness_rand());
}

/*
 * Where the AVX2 kernel's rounds end, each crossed by up to 33 bytes either
 * side, and where the bytes after its last round pass from the scalar chain
 * to csum__avx2_words() (CSUM_AVX2_TREE_SCALAR_TAIL): @p round-byte rounds
 * @p k_min to @p k_max, at alignments 0..63 (all_alignments_and_lengths()
 * stops below); every kernel runs them.
 */
static void
round_ends(const struct impl_under_test *t, size_t round, size_t k_min,
	   size_t k_max)
{
	const size_t tail = CSUM_AVX2_TREE_SCALAR_TAIL;
	size_t k, len;

	for (k = k_min; k <= k_max; k++) {
		for (len = k * round - 33; len <= k * round + 33; len++)
			every_alignment(t, len);
		every_alignment(t, k * round + tail);
		every_alignment(t, k * round + tail + 1);
		every_alignment(t, k * round + round - 1);
	}
}

/*
 * The AVX2 kernel's vpavgw tree: its 512-byte rounds before and after it
 * starts (CSUM_AVX2_TREE_MIN) up to where the rounds take their carry
 * chain (CSUM_AVX2_TREE_CHAIN_MIN), the longer rounds either side of that
 * length, and both kinds either side of where the chain stops
 * (CSUM_AVX2_TREE_CHAIN_MAX).
 */
static void
tree_rounds(const struct impl_under_test *t)
{
	const size_t round = CSUM_AVX2_TREE_ROUND;
	const size_t chained = CSUM_AVX2_TREE_ROUND + CSUM_AVX2_TREE_CHAIN;
	const size_t max = CSUM_AVX2_TREE_CHAIN_MAX;

	_Static_assert(CSUM_AVX2_TREE_CHAIN_MAX + MAX_ALIGN + 1024 <=
		       sizeof(src_buf), "the test buffer ends too soon");
	harness_fill_random(src_buf, sizeof(src_buf));
	round_ends(t, round, 2, CSUM_AVX2_TREE_CHAIN_MIN / round + 1);
	round_ends(t, chained, CSUM_AVX2_TREE_CHAIN_MIN / chained - 1,
		   CSUM_AVX2_TREE_CHAIN_MIN / chained + 2);
	round_ends(t, chained, max / chained - 1, max / chained);
	round_ends(t, round, max / round, max / round + 1);
}

/* Chaining: sums of even-length pieces add up to the sum of the whole. */
static void
chaining(const struct impl_under_test *t)
{
	size_t cut, len = 1500;
	uint16_t want;

	harness_fill_random(src_buf, len);
	want = ref_csum_partial(src_buf, len, 0);
	for (cut = 0; cut <= len; cut += 2) {
		uint32_t s = t->partial(src_buf, cut, 0);

		s = t->partial(src_buf + cut, len - cut, s);
		CHECK_EQ_U(ref_fold16(s), want, "%s chained at %zu", t->name, cut);
	}
}

/* The inline entry point, as a function the table can point to. */
static uint32_t
csum_partial_inline(const void *buf, size_t len, uint32_t sum)
{
	return csum_partial(buf, len, sum);
}

/* csum_partial_copy(): inline below CSUM_INLINE_MAX bytes. */
static uint32_t
csum_partial_copy_inline(void *dst, const void *src, size_t len, uint32_t sum)
{
	return csum_partial_copy(dst, src, len, sum);
}

/*
 * csum_x86_avx512_usable() from raw CPUID and XCR0 words: true with every
 * part present, false with any one missing, whether the CPU lacks an
 * instruction set or the OS does not save a register state.
 */
static void
avx512_detection(void)
{
	const uint32_t c1 = 1u << 27;			/* OSXSAVE */
	const uint32_t b7 = (1u << 16) | (1u << 30);	/* AVX512F, AVX512BW */
	const uint32_t c7 = 1u << 11;			/* AVX512_VNNI */
	const uint64_t xcr0 = 0xe7;	/* x87, SSE, AVX, opmask, ZMM_Hi256, Hi16_ZMM */
	static const struct {
		const char *what;
		uint32_t c1, b7, c7;
		uint64_t xcr0;
	} missing[] = {
		{ "OSXSAVE", 1u << 27, 0, 0, 0 },
		{ "AVX512F", 0, 1u << 16, 0, 0 },
		{ "AVX512BW", 0, 1u << 30, 0, 0 },
		{ "AVX512_VNNI", 0, 0, 1u << 11, 0 },
		{ "XCR0.SSE", 0, 0, 0, 1u << 1 },
		{ "XCR0.AVX", 0, 0, 0, 1u << 2 },
		{ "XCR0.opmask", 0, 0, 0, 1u << 5 },
		{ "XCR0.ZMM_Hi256", 0, 0, 0, 1u << 6 },
		{ "XCR0.Hi16_ZMM", 0, 0, 0, 1u << 7 },
	};
	size_t i;

	CHECK(csum_x86_avx512_usable(c1, b7, c7, xcr0),
	      "AVX-512 refused with every part present");
	CHECK(csum_x86_avx512_usable(~0u, ~0u, ~0u, ~0ull),
	      "AVX-512 refused with every bit set");
	for (i = 0; i < sizeof(missing) / sizeof(missing[0]); i++)
		CHECK(!csum_x86_avx512_usable(c1 & ~missing[i].c1,
					      b7 & ~missing[i].b7,
					      c7 & ~missing[i].c7,
					      xcr0 & ~missing[i].xcr0),
		      "AVX-512 accepted without %s", missing[i].what);
}

/*
 * csum_x86_avx_vnni_usable() from raw CPUID and XCR0 words, as
 * avx512_detection() does: an AVX2 CPU without AVX-VNNI, or an OS that does
 * not save the YMM state, must not get the kernel.
 */
static void
avx_vnni_detection(void)
{
	const uint32_t c1 = (1u << 27) | (1u << 28);	/* OSXSAVE, AVX */
	const uint32_t b7 = 1u << 5;			/* AVX2 */
	const uint32_t a71 = 1u << 4;			/* AVX_VNNI */
	const uint64_t xcr0 = 0x7;			/* x87, SSE, AVX */
	static const struct {
		const char *what;
		uint32_t c1, b7, a71;
		uint64_t xcr0;
	} missing[] = {
		{ "OSXSAVE", 1u << 27, 0, 0, 0 },
		{ "AVX", 1u << 28, 0, 0, 0 },
		{ "AVX2", 0, 1u << 5, 0, 0 },
		{ "AVX_VNNI", 0, 0, 1u << 4, 0 },
		{ "XCR0.SSE", 0, 0, 0, 1u << 1 },
		{ "XCR0.AVX", 0, 0, 0, 1u << 2 },
	};
	size_t i;

	CHECK(csum_x86_avx_vnni_usable(c1, b7, a71, xcr0),
	      "AVX-VNNI refused with every part present");
	CHECK(csum_x86_avx_vnni_usable(~0u, ~0u, ~0u, ~0ull),
	      "AVX-VNNI refused with every bit set");
	/* AVX512_VNNI (CPUID.(7,0):ECX bit 11) is not AVX-VNNI */
	CHECK(!csum_x86_avx_vnni_usable(c1, b7, 1u << 11, xcr0),
	      "AVX-VNNI accepted from the AVX512_VNNI bit");
	for (i = 0; i < sizeof(missing) / sizeof(missing[0]); i++)
		CHECK(!csum_x86_avx_vnni_usable(c1 & ~missing[i].c1,
						b7 & ~missing[i].b7,
						a71 & ~missing[i].a71,
						xcr0 & ~missing[i].xcr0),
		      "AVX-VNNI accepted without %s", missing[i].what);
}

#if defined(__x86_64__)
/*
 * AVX-VNNI from CPUID leaf (7,1) read here (GCC 12's
 * __builtin_cpu_supports("avxvnni") reads 0 on AMD cores that have it),
 * with AVX2 and its OS state from the compiler's detection.
 */
static void
dispatch_matches_cpu_avx_vnni(void)
{
	unsigned int a = 0, b, c, d, a71 = 0;
	bool vnni, built = csum_impl_built(CSUM_IMPL_AVX2_VNNI);

	if (__get_cpuid_count(7, 0, &a, &b, &c, &d) && a >= 1)
		__get_cpuid_count(7, 1, &a71, &b, &c, &d);
	vnni = __builtin_cpu_supports("avx2") && (a71 >> 4) & 1;
	printf("CPU: AVX2 with AVX-VNNI %s, avx2-vnni kernel %s\n",
	       vnni ? "yes" : "no", built ? "built" : "not built");
	CHECK(csum_impl_available(CSUM_IMPL_AVX2_VNNI) == (vnni && built),
	      "avx2-vnni available %d, CPU says %d, built %d",
	      csum_impl_available(CSUM_IMPL_AVX2_VNNI), vnni, built);
	CHECK(csum_impl_select(CSUM_IMPL_AUTO) == 0, "select auto");
	if (csum_impl_available(CSUM_IMPL_AVX2_VNNI) &&
	    !csum_impl_available(CSUM_IMPL_AVX512))
		CHECK_EQ_U(csum_impl_active(), CSUM_IMPL_AVX2_VNNI,
			   "auto does not choose avx2-vnni where it is the best");
	if (!vnni)
		CHECK(csum_impl_select(CSUM_IMPL_AVX2_VNNI) != 0,
		      "avx2-vnni selectable on a CPU without it");
}
#endif

/*
 * What this CPU supports, asked of the compiler's own detection (which
 * checks XCR0 too), not of lib/csum: the dispatcher must agree.
 */
static void
dispatch_matches_cpu(void)
{
#if defined(__x86_64__)
	bool avx512 = __builtin_cpu_supports("avx512f") &&
		      __builtin_cpu_supports("avx512bw") &&
		      __builtin_cpu_supports("avx512vnni");
	bool built = csum_impl_built(CSUM_IMPL_AVX512);

	printf("CPU: AVX-512 F+BW+VNNI %s, avx512 kernel %s\n",
	       avx512 ? "yes" : "no", built ? "built" : "not built");
	CHECK(csum_impl_available(CSUM_IMPL_AVX512) == (avx512 && built),
	      "avx512 available %d, CPU says %d, built %d",
	      csum_impl_available(CSUM_IMPL_AVX512), avx512, built);
	CHECK(avx512 || !csum_impl_available(CSUM_IMPL_AVX512),
	      "avx512 offered on a CPU without it");
	CHECK(csum_impl_select(CSUM_IMPL_AUTO) == 0, "select auto");
	if (csum_impl_available(CSUM_IMPL_AVX512))
		CHECK_EQ_U(csum_impl_active(), CSUM_IMPL_AVX512,
			   "auto does not choose avx512 where it runs");
	else
		CHECK(csum_impl_active() != CSUM_IMPL_AVX512,
		      "auto chose avx512 where it cannot run");
	if (!avx512)
		CHECK(csum_impl_select(CSUM_IMPL_AVX512) != 0,
		      "avx512 selectable on a CPU without it");
	dispatch_matches_cpu_avx_vnni();
#else
	CHECK(!csum_impl_available(CSUM_IMPL_AVX512), "avx512 off x86-64");
	CHECK(!csum_impl_available(CSUM_IMPL_AVX2), "avx2 off x86-64");
	CHECK(!csum_impl_available(CSUM_IMPL_AVX2_VNNI), "avx2-vnni off x86-64");
#endif
}

/* Why @p impl cannot run here. */
static const char *
skip_reason(enum csum_impl impl)
{
	switch (impl) {
	case CSUM_IMPL_X86_64_ADX:
		return "needs x86-64 with ADX";
	case CSUM_IMPL_AVX2:
		return "needs x86-64 with AVX2 (CPU and OS), built with -mavx2";
	case CSUM_IMPL_NEON:
		return "needs aarch64";
	case CSUM_IMPL_AVX512:
		return "needs x86-64 with AVX512F, AVX512BW and AVX512_VNNI, the "
		       "OS saving opmask and ZMM state (XCR0), and a compiler "
		       "with -mavx512vnni";
	case CSUM_IMPL_AVX2_VNNI:
		return "needs x86-64 with AVX2 and AVX-VNNI (CPUID.(7,1):EAX bit "
		       "4), the OS saving YMM state (XCR0), and a compiler with "
		       "-mavxvnni";
	default:
		return "not built";
	}
}

static void
run_all(const struct impl_under_test *t)
{
	printf("  %s\n", t->name);
	all_alignments_and_lengths(t);
	random_lengths(t);
	carry_stress(t);
	block_boundaries(t);
	tree_rounds(t);
	chaining(t);
}

int
main(void)
{
	int impl, tested = 0;

	harness_seed_from_env(20261129);
	avx512_detection();
	avx_vnni_detection();
	dispatch_matches_cpu();
	for (impl = CSUM_IMPL_GENERIC; impl < CSUM_IMPL_COUNT; impl++) {
		const struct csum_kernel *k = csum_kernel_get(impl);
		struct impl_under_test direct, forced;

		if (k == NULL) {
			printf("  %s: skipped: not available on this CPU/build (%s)\n",
			       csum_impl_name(impl), skip_reason(impl));
			continue;
		}
		direct = (struct impl_under_test){ k->name, k->partial,
						   k->partial_copy };
		run_all(&direct);

		/* the public entry points with the implementation forced */
		CHECK(csum_impl_select(impl) == 0, "select %s", k->name);
		CHECK(csum_impl_active() == (enum csum_impl)impl, "active %s",
		      k->name);
#if CSUM__VEC_INLINE
		/* csum_partial()'s in-place vector sums only under their kernels */
		CHECK_EQ_U(csum__vec_inline == CSUM__VEC_AVX512,
			   impl == CSUM_IMPL_AVX512,
			   "inline AVX-512 with %s forced", k->name);
		CHECK_EQ_U(csum__vec_inline == CSUM__VEC_AVX2,
			   impl == CSUM_IMPL_AVX2 || impl == CSUM_IMPL_AVX2_VNNI,
			   "inline AVX2 with %s forced", k->name);
#endif
		forced = (struct impl_under_test){ "csum_partial_long",
						   csum_partial_long,
						   csum_partial_copy_long };
		all_alignments_and_lengths(&forced);
		random_lengths(&forced);
		forced.name = "csum_partial";
		forced.partial = csum_partial_inline;
		forced.partial_copy = csum_partial_copy_inline;
		all_alignments_and_lengths(&forced);
		tested++;
	}
	CHECK(csum_impl_select(CSUM_IMPL_AUTO) == 0, "select auto");
	CHECK(csum_impl_select(CSUM_IMPL_COUNT) != 0, "select invalid");
	CHECK(tested >= 1, "no implementation tested");
	printf("auto selects %s\n", csum_impl_name(csum_impl_active()));
	return harness_result("test_csum_kernels");
}
