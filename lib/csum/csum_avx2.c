/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * AVX2 kernels (this file is built with -mavx2; the dispatcher runs it only
 * where the CPU and the OS support AVX2).
 *
 * Three vector operations per 32 bytes in every path. Up to AVX2_WORDS_MAX
 * bytes the sum is csum__avx2_words(), shared with csum_partial()'s in-place
 * path (csum_inline_x86.h). Longer sums: madd_block(), XOR 0x8000, vpmaddwd
 * by 1 and vpaddd into eight accumulators (the AVX2-VNNI kernel's method
 * with vpmaddwd and vpaddd for its vpdpwssd), faster than the loop below
 * (docs/csum.md), which the copying and the prefetching variants keep:
 * each 32-bit lane v holds two 16-bit words, lo + 2^16 * hi. Two
 * accumulators per lane:
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
 * From 32 bytes up to this length csum__avx2_words() (csum_inline_x86.h:
 * the same three operations per 32 bytes as XOR, vpmaddwd and add, two
 * accumulators, a masked last vector instead of a scalar tail, few
 * instructions around the loop) is faster than the loop below; docs/csum.md
 * holds the measurement.
 */
#define AVX2_WORDS_MAX 2048

/* Vectors per madd_block(): at most 4096 (128 KiB), see there. */
#define MADD_BLOCK_VECS 4096

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

/*
 * acc + the pairwise sums of the words of v, each word less 32768 (XOR
 * 0x8000, vpmaddwd by 1, vpaddd). The add in assembly: with the intrinsic
 * GCC 12 copies each accumulator to a fresh register in the loop.
 */
static inline __m256i
madd_add(__m256i acc, __m256i v)
{
	__m256i w = _mm256_xor_si256(v, _mm256_set1_epi16((short)0x8000));

	w = _mm256_madd_epi16(w, _mm256_set1_epi16(1));
	__asm__("vpaddd %[w], %[acc], %[acc]" : [acc] "+x"(acc) : [w] "x"(w));
	return acc;
}

/*
 * The exact word sum of @p nvec (at most MADD_BLOCK_VECS) whole vectors,
 * eight accumulators: the lanes add up to sum(w) - 2^19 nvec modulo 2^32,
 * and sum(w) < 2^32 (as in csum_avx2_vnni.c).
 */
static inline uint32_t
madd_block(const uint8_t *p, size_t nvec)
{
	__m256i a0 = _mm256_setzero_si256(), a1 = a0, a2 = a0, a3 = a0;
	__m256i a4 = a0, a5 = a0, a6 = a0, a7 = a0;
	size_t n = nvec / 8, i;

	for (; n; n--, p += 256) {
		a0 = madd_add(a0, load(p));
		a1 = madd_add(a1, load(p + 32));
		a2 = madd_add(a2, load(p + 64));
		a3 = madd_add(a3, load(p + 96));
		a4 = madd_add(a4, load(p + 128));
		a5 = madd_add(a5, load(p + 160));
		a6 = madd_add(a6, load(p + 192));
		a7 = madd_add(a7, load(p + 224));
	}
	for (i = 0; i < nvec % 8; i++, p += 32)
		a0 = madd_add(a0, load(p));
	a0 = _mm256_add_epi32(_mm256_add_epi32(_mm256_add_epi32(a0, a1),
					       _mm256_add_epi32(a2, a3)),
			      _mm256_add_epi32(_mm256_add_epi32(a4, a5),
					       _mm256_add_epi32(a6, a7)));
	return (uint32_t)hsum_u32x8(a0) + (uint32_t)(nvec << 19);
}

static inline uint32_t
avx2_sum(uint8_t *d, const uint8_t *p, size_t len, uint32_t sum,
	 const int prefetch)
{
	uint64_t s = sum;
	uint8_t **dp = d ? &d : NULL;

	if (!prefetch && !d && len >= CSUM_AVX2_MIN_LEN) {
		const size_t block = (size_t)MADD_BLOCK_VECS * 32;

		for (; len >= block; len -= block, p += block)
			s += madd_block(p, MADD_BLOCK_VECS);
		s += madd_block(p, len / 32);
		p += len & ~(size_t)31;
		len %= 32;
	}
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
 * Out of line, so that csum_avx2_partial()'s path to csum__avx2_words()
 * saves no registers on the way.
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
	if (len - 32 <= AVX2_WORDS_MAX - 32 && len < csum_avx2_prefetch_min)
		return csum_fold64((uint64_t)sum +
				   csum__avx2_words(buf, len));
	return avx2_partial_long(buf, len, sum);
}

uint32_t
csum_avx2_partial_copy(void *dst, const void *src, size_t len, uint32_t sum)
{
	return avx2_sum(dst, src, len, sum, 0);
}
