/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * AVX-512 kernels (this file is built with -mavx512f -mavx512bw
 * -mavx512vnni; the dispatcher runs it only where the CPU has all three
 * and the OS saves the opmask and ZMM state, see csum_x86_avx512_usable()).
 *
 * Two vector operations per 64 bytes. vpdpwssd adds each pair of signed
 * 16-bit words, times 1, into a 32-bit lane; the words are unsigned, so
 * each is first flipped to signed by XOR 0x8000 (w - 32768), and 32768 per
 * word goes back at the end, as one scalar addition.
 *
 * Why no carry is lost: over a block of N vectors the lanes of all the
 * accumulators add up to sum(w) - 2^20 N, and sum(w) < 2^32 while
 * N <= 2048 (128 KiB). All the vector additions wrap modulo 2^32, so the
 * block's sum(w) comes out exact as a 32-bit value whatever the lanes held
 * on the way.
 *
 * The last partial vector is one masked load (AVX512BW): bytes past the
 * buffer are neither read nor faulted on and count as 0 (the 32768 added
 * back per word counts those zero words too), so no scalar tail. Short
 * buffers take one accumulator and nothing else, since there the cost is
 * the dependency chain from the first load to the result; long ones take
 * eight, because vpdpwssd's latency is several cycles and the loads deliver
 * more than one vector per cycle.
 */
#include <immintrin.h>

#include "csum_kernels.h"

/* Vectors per block: at most 2048, see above. */
#define AVX512_BLOCK_VECS 2048

/* Up to this length one accumulator is faster than eight (docs/csum.md). */
#define AVX512_ONE_ACC_MAX 256

/* Inlined into each entry point, so that the sum-only path has no copy test. */
#define AVX512_INLINE static inline __attribute__((always_inline))

/* acc + the pairwise sums of the words of v, each word less 32768. */
static inline __m512i
acc_add(__m512i acc, __m512i v)
{
	__m512i w = _mm512_xor_si512(v, _mm512_set1_epi16((short)0x8000));

	/*
	 * _mm512_dpwssd_epi32() would do; GCC 12 copies each accumulator
	 * to a fresh register around it in the loop.
	 */
	__asm__("vpdpwssd %[ones], %[w], %[acc]"
		: [acc] "+v"(acc)
		: [w] "v"(w), [ones] "v"(_mm512_set1_epi16(1)));
	return acc;
}

/* Loads a vector, and stores it at d when copying. */
static inline __m512i
load(const uint8_t *p, uint8_t *d)
{
	__m512i v = _mm512_loadu_si512(p);

	if (d)
		_mm512_storeu_si512(d, v);
	return v;
}

/* The first @p rem (1..63) bytes at p, zeros after; stored at d when copying. */
static inline __m512i
load_tail(const uint8_t *p, uint8_t *d, size_t rem)
{
	__mmask64 k = _cvtu64_mask64((1ull << rem) - 1);
	__m512i v = _mm512_maskz_loadu_epi8(k, p);

	if (d)
		_mm512_mask_storeu_epi8(d, k, v);
	return v;
}

/*
 * The exact sum of the words of a block of @p vecs vectors from the sum of
 * its accumulators: the sixteen lanes added modulo 2^32, and 32768 for each
 * of its 32 * vecs words.
 */
static inline uint32_t
block_sum(__m512i a, size_t vecs)
{
	__m256i h = _mm256_add_epi32(_mm512_castsi512_si256(a),
				     _mm512_extracti64x4_epi64(a, 1));
	__m128i q = _mm_add_epi32(_mm256_castsi256_si128(h),
				  _mm256_extracti128_si256(h, 1));
	uint64_t two;

	q = _mm_add_epi32(q, _mm_unpackhi_epi64(q, q));
	two = (uint64_t)_mm_cvtsi128_si64(q);
	return (uint32_t)two + (uint32_t)(two >> 32) + (uint32_t)(vecs << 20);
}

/* Up to a few vectors: one accumulator. */
AVX512_INLINE uint32_t
avx512_short(const uint8_t *p, uint8_t *d, size_t len)
{
	__m512i a = _mm512_setzero_si512();
	size_t n = len / 64, vecs = (len + 63) / 64;

	for (; n; n--, p += 64) {
		a = acc_add(a, load(p, d));
		if (d)
			d += 64;
	}
	if (len % 64)
		a = acc_add(a, load_tail(p, d, len % 64));
	return block_sum(a, vecs);
}

/*
 * @p nvec (at most AVX512_BLOCK_VECS) whole vectors and then @p rem (0..63)
 * bytes, eight accumulators.
 */
AVX512_INLINE uint32_t
avx512_block(const uint8_t *p, uint8_t *d, size_t nvec, size_t rem)
{
	__m512i a0 = _mm512_setzero_si512(), a1 = a0, a2 = a0, a3 = a0;
	__m512i a4 = a0, a5 = a0, a6 = a0, a7 = a0;
	size_t n = nvec / 8;

#define AT(off) load(p + (off), d ? d + (off) : NULL)
	for (; n; n--, p += 512, d = d ? d + 512 : NULL) {
		a0 = acc_add(a0, AT(0));
		a1 = acc_add(a1, AT(64));
		a2 = acc_add(a2, AT(128));
		a3 = acc_add(a3, AT(192));
		a4 = acc_add(a4, AT(256));
		a5 = acc_add(a5, AT(320));
		a6 = acc_add(a6, AT(384));
		a7 = acc_add(a7, AT(448));
	}
	/* the last 0-7 whole vectors, each into an accumulator of its own */
	if (nvec & 4) {
		a0 = acc_add(a0, AT(0));
		a1 = acc_add(a1, AT(64));
		a2 = acc_add(a2, AT(128));
		a3 = acc_add(a3, AT(192));
		p += 256;
		d = d ? d + 256 : NULL;
	}
	if (nvec & 2) {
		a4 = acc_add(a4, AT(0));
		a5 = acc_add(a5, AT(64));
		p += 128;
		d = d ? d + 128 : NULL;
	}
	if (nvec & 1) {
		a6 = acc_add(a6, AT(0));
		p += 64;
		d = d ? d + 64 : NULL;
	}
#undef AT
	if (rem)
		a7 = acc_add(a7, load_tail(p, d, rem));
	a0 = _mm512_add_epi32(_mm512_add_epi32(_mm512_add_epi32(a0, a1),
					       _mm512_add_epi32(a2, a3)),
			      _mm512_add_epi32(_mm512_add_epi32(a4, a5),
					       _mm512_add_epi32(a6, a7)));
	return block_sum(a0, nvec + (rem != 0));
}

AVX512_INLINE uint32_t
avx512_sum(uint8_t *d, const uint8_t *p, size_t len, uint32_t sum)
{
	const size_t block = (size_t)AVX512_BLOCK_VECS * 64;
	uint64_t s = sum;

	if (len <= AVX512_ONE_ACC_MAX)
		return csum_fold64(s + avx512_short(p, d, len));
	for (; len > block; len -= block, p += block) {
		s += avx512_block(p, d, AVX512_BLOCK_VECS, 0);
		if (d)
			d += block;
	}
	return csum_fold64(s + avx512_block(p, d, len / 64, len % 64));
}

uint32_t
csum_avx512_partial(const void *buf, size_t len, uint32_t sum)
{
	if (len < CSUM_AVX512_MIN_LEN)
		return csum_fold64(csum_add_eac(csum_short(buf, len), sum));
	return avx512_sum(NULL, buf, len, sum);
}

uint32_t
csum_avx512_partial_copy(void *dst, const void *src, size_t len, uint32_t sum)
{
	return avx512_sum(dst, src, len, sum);
}
