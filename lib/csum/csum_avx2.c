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
_Static_assert(TREE_BLOCK_ROUNDS * 32 < 1 << 16,
	       "a block's rounded-up halves no longer fit 16 bits");
_Static_assert(TREE_BLOCK_ROUNDS * (CSUM_AVX2_TREE_ROUND / 2) <= 1 << 16,
	       "a block's word sum no longer fits 32 bits");

/*
 * Two vectors at byte @p off of the round: each added into a 16-bit
 * accumulator (@p wa, @p wb), their average into @p dst.
 */
#define TREE_PAIR(off, wa, wb, dst)                                        \
	"vmovdqu " off "(%[p]), %[l0]\n\t"                                  \
	"vmovdqu " off "+32(%[p]), %[l1]\n\t"                               \
	"vpaddw %[l0], " wa ", " wa "\n\t"                                  \
	"vpaddw %[l1], " wb ", " wb "\n\t"                                  \
	"vpavgw %[l1], %[l0], " dst "\n\t"

/* @p a = the average of @p a and @p b. */
#define TREE_AVG(a, b) "vpavgw " b ", " a ", " a "\n\t"

/* Four vectors at byte @p off: two pairs into @p a and @p b, then a = avg. */
#define TREE_QUAD(off, a, b)                                               \
	TREE_PAIR(off, "%[w0]", "%[w1]", a)                                 \
	TREE_PAIR(off "+64", "%[w2]", "%[w3]", b)                           \
	TREE_AVG(a, b)

/*
 * The sum of @p len bytes (at least CSUM_AVX2_TREE_ROUND). Per 512-byte
 * round, its sixteen vectors v0..v15 are reduced to one, m, by a tree of
 * fifteen vpavgw, (a + b + 1) >> 1 per 16-bit word: per word position,
 * 16 m = v0 + ... + v15 + e, where 0 <= e <= 32 counts the sums each
 * average rounded up by half (eight of weight 1, four of weight 2, two of
 * weight 4, one of weight 8). Beside the tree, vpaddw adds every vector
 * into w, modulo 2^16. Over a block, per word position, the sum M of the m
 * is kept exactly in 32-bit lanes (full += m, high += m >> 16, as
 * avx2_block()), and the exact sum of the words is 16 M - E, where E, the
 * sum of the e, equals (16 M - w) modulo 2^16 as long as it stays below
 * 2^16: at most TREE_BLOCK_ROUNDS rounds per block, which also keeps the
 * block's total below 2^32 for the modulo-2^32 lane arithmetic that ends
 * it. Two vector operations per 32 bytes and three per round, against
 * three per 32 bytes for XOR, vpmaddwd and add; no signed words, no bias.
 * The bytes after the last round go to csum__avx2_words(). Out of line: a
 * call that reaches it pushes no registers on the way.
 */
static __attribute__((noinline)) uint32_t
tree_sum(const uint8_t *p, size_t len, uint32_t sum)
{
	const __m256i lo16 = _mm256_set1_epi32(0xffff);
	size_t rounds = len / CSUM_AVX2_TREE_ROUND;
	uint64_t s = sum;

	while (rounds) {
		size_t n = rounds < TREE_BLOCK_ROUNDS ? rounds : TREE_BLOCK_ROUNDS;
		__m256i w0 = _mm256_setzero_si256(), w1 = w0, w2 = w0, w3 = w0;
		__m256i full = w0, high = w0, l0, l1, t2, t3, t4, t5;
		__m256i w, m_lo, e_lo, e_hi, words;

		rounds -= n;
		__asm__(".p2align 5\n"
			"1:\n\t"
			TREE_QUAD("0", "%[t2]", "%[t3]")
			TREE_QUAD("128", "%[t3]", "%[t4]")
			TREE_AVG("%[t2]", "%[t3]")
			TREE_QUAD("256", "%[t3]", "%[t4]")
			TREE_QUAD("384", "%[t4]", "%[t5]")
			TREE_AVG("%[t3]", "%[t4]")
			TREE_AVG("%[t2]", "%[t3]")
			"vpaddd %[t2], %[full], %[full]\n\t"
			"vpsrld $16, %[t2], %[t2]\n\t"
			"vpaddd %[t2], %[high], %[high]\n\t"
			"add $512, %[p]\n\t"
			"dec %[n]\n\t"
			"jnz 1b"
			: [w0] "+x"(w0), [w1] "+x"(w1), [w2] "+x"(w2),
			  [w3] "+x"(w3), [full] "+x"(full), [high] "+x"(high),
			  [l0] "=&x"(l0), [l1] "=&x"(l1), [t2] "=&x"(t2),
			  [t3] "=&x"(t3), [t4] "=&x"(t4), [t5] "=&x"(t5),
			  [p] "+r"(p), [n] "+r"(n)
			:
			: "cc", "memory");
		/* per 32-bit lane: M and w of its low and of its high word */
		w = _mm256_add_epi16(_mm256_add_epi16(w0, w1),
				     _mm256_add_epi16(w2, w3));
		m_lo = _mm256_sub_epi32(full, _mm256_slli_epi32(high, 16));
		e_lo = _mm256_and_si256(_mm256_sub_epi32(_mm256_slli_epi32(m_lo, 4),
							 _mm256_and_si256(w, lo16)),
					lo16);
		e_hi = _mm256_and_si256(_mm256_sub_epi32(_mm256_slli_epi32(high, 4),
							 _mm256_srli_epi32(w, 16)),
					lo16);
		words = _mm256_sub_epi32(_mm256_slli_epi32(_mm256_add_epi32(m_lo,
									    high),
							   4),
					 _mm256_add_epi32(e_lo, e_hi));
		s += hsum_u32x8(words);
	}
	len %= CSUM_AVX2_TREE_ROUND;
	if (len >= 32)
		s += csum__avx2_words(p, len);
	else
		s = csum_add_eac(s, csum_short(p, len));
	return csum_fold64(s);
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
