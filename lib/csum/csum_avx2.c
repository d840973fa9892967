/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * AVX2 kernels (this file is built with -mavx2; the dispatcher runs it only
 * where the CPU and the OS support AVX2).
 *
 * From 32 bytes to below AVX2_TREE_MIN the sum is csum__avx2_words(),
 * shared with csum_partial()'s in-place path (csum_inline_x86.h): three
 * vector operations per 32 bytes. Longer sums: tree_sum(), a little over
 * two per 32 bytes, the vpavgw tree explained there. The copying and the
 * prefetching variants keep the loop below, three per 32 bytes: each 32-bit
 * lane v holds two 16-bit words, lo + 2^16 * hi. Two accumulators per lane:
 *   full += v        (modulo 2^32)
 *   high += v >> 16  (exact)
 * While a block is short enough that the exact sum of the low words fits
 * in 32 bits, that sum is full - (high << 16) modulo 2^32, and the block's
 * contribution is low + high. No widening, no shuffle in the loop.
 */
#include <immintrin.h>

#include "csum_kernels.h"

/*
 * Each lane of an accumulator takes two words of at most 0xffff per
 * 128-byte iteration. With blocks of 2^13 iterations (1 MiB) the four
 * per-lane sums (low and high of both pairs) each stay below 2^30, so
 * their total fits a 32-bit lane and one horizontal sum ends the block.
 */
#define AVX2_BLOCK_ITERS 8192

/*
 * From 32 bytes up to below this length csum__avx2_words() (csum_inline_x86.h:
 * XOR, vpmaddwd and add per 32 bytes, two accumulators, a masked last
 * vector instead of a scalar tail, few instructions around the loop) is
 * faster than tree_sum(); docs/csum.md holds the measurement.
 */
#define AVX2_TREE_MIN CSUM_AVX2_TREE_MIN

/*
 * Prefetch-ahead distance for large buffers, in bytes: far enough to
 * cover a DRAM latency at the loop's rate. Used from csum_avx2_prefetch_min
 * bytes up; docs/csum.md holds the measurement that set the default.
 */
#define AVX2_PREFETCH_DIST 512
size_t csum_avx2_prefetch_min = CSUM_AVX2_PREFETCH_MIN_DEFAULT;

struct avx2_acc {
	__m256i full_a, high_a, full_b, high_b;
};

static inline uint64_t
hsum_u32x8(__m256i v)
{
	const __m256i lo32 = _mm256_set1_epi64x(0xffffffff);
	__m256i s = _mm256_add_epi64(_mm256_and_si256(v, lo32),
				     _mm256_srli_epi64(v, 32));
	__m128i t = _mm_add_epi64(_mm256_castsi256_si128(s),
				  _mm256_extracti128_si256(s, 1));

	return (uint64_t)_mm_cvtsi128_si64(t) +
		(uint64_t)_mm_extract_epi64(t, 1);
}

/* Per-lane low + high of one accumulator pair. */
static inline __m256i
pair_value(__m256i full, __m256i high)
{
	__m256i low = _mm256_sub_epi32(full, _mm256_slli_epi32(high, 16));

	return _mm256_add_epi32(low, high);
}

static inline void
acc_add(__m256i *full, __m256i *high, __m256i v)
{
	*full = _mm256_add_epi32(*full, v);
	*high = _mm256_add_epi32(*high, _mm256_srli_epi32(v, 16));
}

static inline __m256i
load(const uint8_t *p)
{
	return _mm256_loadu_si256((const __m256i *)(const void *)p);
}

static inline void
store(uint8_t *d, __m256i v)
{
	_mm256_storeu_si256((__m256i *)(void *)d, v);
}

/*
 * Sums whole 32-byte vectors while at least 32 bytes remain (at most one
 * block), copying them to *dp when dp is not NULL. Advances the pointers.
 */
static inline uint64_t
avx2_block(const uint8_t **pp, uint8_t **dp, size_t len, const int prefetch)
{
	const uint8_t *p = *pp;
	uint8_t *d = dp ? *dp : NULL;
	__m256i fa = _mm256_setzero_si256(), ha = fa, fb = fa, hb = fa;
	size_t n = len / 128;
	/* prefetch only lines of this buffer: none in the last DIST bytes */
	size_t n_pf = prefetch && len > AVX2_PREFETCH_DIST ?
		(len - AVX2_PREFETCH_DIST) / 128 : 0;

	while (n--) {
		__m256i v0 = load(p), v1 = load(p + 32);
		__m256i v2 = load(p + 64), v3 = load(p + 96);

		if (prefetch && n_pf) {
			_mm_prefetch((const char *)p + AVX2_PREFETCH_DIST,
				     _MM_HINT_T0);
			_mm_prefetch((const char *)p + AVX2_PREFETCH_DIST + 64,
				     _MM_HINT_T0);
			n_pf--;
		}
		if (d) {
			store(d, v0);
			store(d + 32, v1);
			store(d + 64, v2);
			store(d + 96, v3);
			d += 128;
		}
		acc_add(&fa, &ha, v0);
		acc_add(&fb, &hb, v1);
		acc_add(&fa, &ha, v2);
		acc_add(&fb, &hb, v3);
		p += 128;
	}
	len %= 128;
	while (len >= 32) {
		__m256i v = load(p);

		if (d) {
			store(d, v);
			d += 32;
		}
		acc_add(&fa, &ha, v);
		p += 32;
		len -= 32;
	}
	*pp = p;
	if (dp)
		*dp = d;
	return hsum_u32x8(_mm256_add_epi32(pair_value(fa, ha),
					   pair_value(fb, hb)));
}

/* Rounds per tree_sum() block: see there. */
#define TREE_BLOCK_ROUNDS CSUM_AVX2_TREE_BLOCK_ROUNDS
#define TREE_ROUND CSUM_AVX2_TREE_ROUND
#define TREE_CHAIN CSUM_AVX2_TREE_CHAIN
_Static_assert(TREE_ROUND == 16 * 32, "a round is sixteen vectors");
_Static_assert(TREE_CHAIN == 64, "a round's chain is eight 8-byte words");
_Static_assert((TREE_ROUND + TREE_CHAIN) % 64 == 0,
	       "a round with its chain no longer keeps the vectors' alignment");
_Static_assert(TREE_BLOCK_ROUNDS * 32 < 1 << 15,
	       "a word position's rounded-up halves no longer fit a signed word");
_Static_assert(TREE_BLOCK_ROUNDS * (TREE_ROUND / 2) <= 1 << 16,
	       "a block's word sum no longer fits 32 bits");
_Static_assert(CSUM_AVX2_TREE_SCALAR_TAIL >= 32,
	       "csum__avx2_words() needs 32 bytes");

/*
 * Two vectors at byte @p off of the round: their average into @p a, their
 * 16-bit sum into @p s.
 */
#define TREE_PAIR(off, a, s)                                               \
	"vmovdqu " off "(%[p]), %[l0]\n\t"                                  \
	"vmovdqu " off "+32(%[p]), %[l1]\n\t"                               \
	"vpavgw %[l1], %[l0], %[" a "]\n\t"                                 \
	"vpaddw %[l1], %[l0], %[" s "]\n\t"

/* Two subtrees into one: @p a = avg(@p a, @p a2), @p s += @p s2. */
#define TREE_JOIN(a, s, a2, s2)                                            \
	"vpavgw %[" a2 "], %[" a "], %[" a "]\n\t"                          \
	"vpaddw %[" s2 "], %[" s "], %[" s "]\n\t"

/* Four vectors at byte @p off into @p a and @p s (@p a2, @p s2 scratch). */
#define TREE_QUAD(off, a, s, a2, s2)                                       \
	TREE_PAIR(off, a, s) TREE_PAIR(off "+64", a2, s2) TREE_JOIN(a, s, a2, s2)

/* Eight vectors at byte @p off into @p a and @p s. */
#define TREE_OCT(off, a, s, a2, s2, a3, s3)                                \
	TREE_QUAD(off, a, s, a2, s2) TREE_QUAD(off "+128", a2, s2, a3, s3)   \
	TREE_JOIN(a, s, a2, s2)

/* Two 8-byte words at byte @p off on the carry chain. */
#define TREE_ADC(off)                                                      \
	"adcq " off "(%[p]), %[c]\n\t"                                      \
	"adcq " off "+8(%[p]), %[c]\n\t"

/* The two halves of a round, each followed by @p chain0 / @p chain1. */
#define TREE_ROUND_ASM(chain0, chain1)                                     \
	TREE_OCT("0", "a0", "s0", "a1", "s1", "a2", "s2") chain0             \
	TREE_OCT("256", "a1", "s1", "a2", "s2", "a3", "s3") chain1           \
	TREE_JOIN("a0", "s0", "a1", "s1")                                   \
	"vpaddw %[s0], %[w], %[w]\n\t"                                      \
	"vpaddd %[a0], %[full], %[full]\n\t"                                \
	"vpsrld $16, %[a0], %[a0]\n\t"                                      \
	"vpaddd %[a0], %[high], %[high]\n\t"

#define TREE_OPERANDS                                                      \
	[w] "+x"(acc->w), [full] "+x"(acc->full), [high] "+x"(acc->high),   \
	[l0] "=&x"(l0), [l1] "=&x"(l1), [a0] "=&x"(a0), [s0] "=&x"(s0),     \
	[a1] "=&x"(a1), [s1] "=&x"(s1), [a2] "=&x"(a2), [s2] "=&x"(s2),     \
	[a3] "=&x"(a3), [s3] "=&x"(s3), [p] "+r"(*pp), [n] "+r"(n)

/* Per word position: w, the 16-bit sum; full and high, the m (see below). */
struct tree_acc {
	__m256i w, full, high;
};

/*
 * @p n rounds of TREE_ROUND bytes at *@p pp (n >= 1), into @p acc; with
 * @p chain, each round followed by TREE_CHAIN bytes added into *@p c on the
 * carry chain (the loop control, lea and dec, leaves CF alone).
 */
static inline __attribute__((always_inline)) void
tree_rounds(const uint8_t **pp, size_t n, struct tree_acc *acc, uint64_t *c,
	    const int chain)
{
	__m256i l0, l1, a0, s0, a1, s1, a2, s2, a3, s3;

	if (chain)
		__asm__("clc\n\t"
			".p2align 5\n"
			"1:\n\t"
			TREE_ROUND_ASM(TREE_ADC("512") TREE_ADC("528"),
				       TREE_ADC("544") TREE_ADC("560"))
			"leaq %c[step](%[p]), %[p]\n\t"
			"decq %[n]\n\t"
			"jnz 1b\n\t"
			"adcq $0, %[c]"
			: TREE_OPERANDS, [c] "+r"(*c)
			: [step] "i"(TREE_ROUND + TREE_CHAIN)
			: "cc", "memory");
	else
		__asm__(".p2align 5\n"
			"1:\n\t"
			TREE_ROUND_ASM("", "")
			"addq %[step], %[p]\n\t"
			"decq %[n]\n\t"
			"jnz 1b"
			: TREE_OPERANDS
			: [step] "i"(TREE_ROUND)
			: "cc", "memory");
}

/*
 * A block's sum from its accumulators, modulo 2^64 - 1 (which 2^16 - 1
 * divides), 0 only if every word was 0. Per 32-bit lane, with ml and mh
 * the exact sums of the m of its low and its high word, ml = full -
 * (high << 16) modulo 2^32 and mh = high; per word position, E = (16 M -
 * w) modulo 2^16, taken from the low 16 bits of full and high and summed
 * per lane by vpmaddwd (E < 2^15: a signed word); the lane's words add up
 * to 16 (ml + mh) - E, below 2^29. The lanes are then added as four 64-bit
 * words (two lanes each, below 2^61) on the integer side: fewer vector
 * operations and a shorter path to the end of the call than shuffles.
 */
static inline uint64_t
tree_block_sum(const struct tree_acc *acc)
{
	__m256i h16 = _mm256_slli_epi32(acc->high, 16);
	__m256i m = _mm256_add_epi32(_mm256_sub_epi32(acc->full, h16), acc->high);
	__m256i m16 = _mm256_slli_epi16(_mm256_blend_epi16(acc->full, h16, 0xaa),
					4);
	__m256i e = _mm256_madd_epi16(_mm256_sub_epi16(m16, acc->w),
				      _mm256_set1_epi16(1));
	uint64_t q[4];

	_mm256_storeu_si256((__m256i *)(void *)q,
			    _mm256_sub_epi32(_mm256_slli_epi32(m, 4), e));
	return q[0] + q[1] + q[2] + q[3];
}

/*
 * tree_sum()'s rounds, blocks and tail, for rounds with (@p chain) or
 * without their carry chain; always inline, so that the division by the
 * round's length is by a constant.
 */
static inline __attribute__((always_inline)) uint32_t
tree_sum_rounds(const uint8_t *p, size_t len, uint32_t sum, const int chain)
{
	const size_t round = TREE_ROUND + (chain ? TREE_CHAIN : 0);
	size_t rounds = len / round;
	uint64_t s = sum;

	len %= round;
	while (rounds) {
		size_t n = rounds < TREE_BLOCK_ROUNDS ? rounds : TREE_BLOCK_ROUNDS;
		struct tree_acc acc = { _mm256_setzero_si256(),
					_mm256_setzero_si256(),
					_mm256_setzero_si256() };

		rounds -= n;
		tree_rounds(&p, n, &acc, &s, chain);
		s = csum_add_eac(s, tree_block_sum(&acc));
	}
	if (len > CSUM_AVX2_TREE_SCALAR_TAIL)
		s = csum_add_eac(s, csum__avx2_words(p, len));
	else
		s = csum_add_eac(s, csum_short(p, len));
	return csum_fold64(s);
}

/*
 * The sum of @p len bytes (at least CSUM_AVX2_TREE_MIN). Per round, its
 * sixteen vectors v0..v15 are reduced to one, m, by a tree of fifteen
 * vpavgw, (a + b + 1) >> 1 per 16-bit word: per word position, 16 m =
 * v0 + ... + v15 + e, where 0 <= e <= 32 counts the sums each average
 * rounded up by half (eight of weight 1, four of weight 2, two of weight
 * 4, one of weight 8). Beside it, a tree of fifteen vpaddw gives the
 * round's sum modulo 2^16, added into w: one accumulator, one dependent
 * add per round (a vector add takes more than a cycle on some cores, see
 * docs/csum.md). Over a block, per word position, the sum M of the m is
 * kept exactly in 32-bit lanes (full += m, high += m >> 16, as
 * avx2_block()), and the exact sum of the words is 16 M - E, where E, the
 * sum of the e, equals (16 M - w) modulo 2^16 while it stays below 2^16
 * (TREE_BLOCK_ROUNDS). Two vector operations per 32 bytes and four per
 * round, against three per 32 bytes for XOR, vpmaddwd and add; no signed
 * words, no bias. From CSUM_AVX2_TREE_CHAIN_MIN bytes to below
 * CSUM_AVX2_TREE_CHAIN_MAX, each round also adds the 64 bytes after its
 * vectors with eight adc, on the integer pipes and the load slots that the
 * vector loop leaves free (plain adc: no ADX needed); a longer buffer
 * streams from L2, where the chain's loads only add misses. The bytes
 * after the last round go to the scalar chain or, past
 * CSUM_AVX2_TREE_SCALAR_TAIL, to csum__avx2_words(). Out of line: a call
 * that reaches it pushes no registers on the way.
 */
static __attribute__((noinline)) uint32_t
tree_sum(const uint8_t *p, size_t len, uint32_t sum)
{
	if (len - CSUM_AVX2_TREE_CHAIN_MIN <
	    CSUM_AVX2_TREE_CHAIN_MAX - CSUM_AVX2_TREE_CHAIN_MIN)
		return tree_sum_rounds(p, len, sum, 1);
	return tree_sum_rounds(p, len, sum, 0);
}

static inline uint32_t
avx2_sum(uint8_t *d, const uint8_t *p, size_t len, uint32_t sum,
	 const int prefetch)
{
	uint64_t s = sum;
	uint8_t **dp = d ? &d : NULL;

	if (len >= CSUM_AVX2_MIN_LEN) {
		const size_t block = (size_t)AVX2_BLOCK_ITERS * 128;

		while (len >= 32) {
			size_t chunk = len > block ? block : len;
			size_t done = chunk & ~(size_t)31;

			s = csum_add_eac(s, avx2_block(&p, dp, chunk, prefetch));
			len -= done;
		}
	}
	s = csum_add_eac(s, d ? csum_tail_copy(d, p, len) : csum_short(p, len));
	return csum_fold64(s);
}

/*
 * Out of line, so that csum_avx2_partial()'s paths to csum__avx2_words()
 * and tree_sum() save no registers on the way: the prefetching variant,
 * and buffers of fewer than 32 bytes.
 */
static __attribute__((noinline)) uint32_t
avx2_partial_long(const void *buf, size_t len, uint32_t sum)
{
	if (len >= csum_avx2_prefetch_min)
		return avx2_sum(NULL, buf, len, sum, 1);
	return avx2_sum(NULL, buf, len, sum, 0);
}

uint32_t
csum_avx2_partial(const void *buf, size_t len, uint32_t sum)
{
	if (len - 32 < AVX2_TREE_MIN - 32 && len < csum_avx2_prefetch_min)
		return csum_fold64((uint64_t)sum +
				   csum__avx2_words(buf, len));
	if (len >= AVX2_TREE_MIN && len < csum_avx2_prefetch_min)
		return tree_sum(buf, len, sum);
	return avx2_partial_long(buf, len, sum);
}

uint32_t
csum_avx2_partial_copy(void *dst, const void *src, size_t len, uint32_t sum)
{
	return avx2_sum(dst, src, len, sum, 0);
}
