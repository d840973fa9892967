/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * AVX2 kernels for CPUs with AVX-VNNI (this file is built with -mavx2
 * -mavxvnni; the dispatcher runs it only where CPUID.(7,1):EAX.AVX_VNNI is
 * set and the OS saves the YMM state, see csum_x86_avx_vnni_usable()).
 *
 * The AVX-512 kernel's method on 256-bit vectors, two operations per 32
 * bytes: each 16-bit word flipped to signed by XOR 0x8000 (w - 32768), and
 * the VEX-encoded vpdpwssd adds each pair, times 1, into a 32-bit lane;
 * 32768 per word goes back at the end. The plain AVX2 kernel needs three.
 *
 * Why no carry is lost: over a block of N vectors the lanes of all the
 * accumulators add up to sum(w) - 2^19 N, and sum(w) < 2^32 while
 * N <= 4096 (128 KiB); all vector additions wrap modulo 2^32, so the
 * block's sum(w) comes out exact as a 32-bit value.
 *
 * The bytes after the last whole vector are summed from the 32 that end the
 * buffer's even length, masked to the ones not yet counted (as
 * csum_inline_x86.h does), so no scalar tail; the copying variant copies
 * them apart.
 */
#include <immintrin.h>

#include "csum_kernels.h"

/* Vectors per block: at most 4096, see above. */
#define VNNI_BLOCK_VECS 4096

/* Inlined into each entry point, so that the sum-only path has no copy test. */
#define VNNI_INLINE static inline __attribute__((always_inline))

/* acc + the pairwise sums of the words of v, each word less 32768. */
static inline __m256i
acc_add(__m256i acc, __m256i v)
{
	__m256i w = _mm256_xor_si256(v, _mm256_set1_epi16((short)0x8000));

	/*
	 * _mm256_dpwssd_avx_epi32() would do; GCC 12 copies each accumulator
	 * to a fresh register around it in the loop. {vex}: the AVX-VNNI
	 * encoding, not AVX512_VNNI's EVEX one.
	 */
	__asm__("%{vex%} vpdpwssd %[ones], %[w], %[acc]"
		: [acc] "+x"(acc)
		: [w] "x"(w), [ones] "x"(_mm256_set1_epi16(1)));
	return acc;
}

/* Loads a vector, and stores it at d when copying. */
static inline __m256i
load(const uint8_t *p, uint8_t *d)
{
	__m256i v = _mm256_loadu_si256((const __m256i *)(const void *)p);

	if (d)
		_mm256_storeu_si256((__m256i *)(void *)d, v);
	return v;
}

/* The eight lanes of @p a added modulo 2^32. */
static inline uint32_t
lanes_sum(__m256i a)
{
	__m128i q = _mm_add_epi32(_mm256_castsi256_si128(a),
				  _mm256_extracti128_si256(a, 1));
	uint64_t two;

	q = _mm_add_epi32(q, _mm_unpackhi_epi64(q, q));
	two = (uint64_t)_mm_cvtsi128_si64(q);
	return (uint32_t)two + (uint32_t)(two >> 32);
}

/*
 * The exact word sum of @p nvec (at most VNNI_BLOCK_VECS) whole vectors,
 * eight accumulators, copied to d when d is not NULL.
 */
VNNI_INLINE uint32_t
vnni_block(const uint8_t *p, uint8_t *d, size_t nvec)
{
	__m256i a0 = _mm256_setzero_si256(), a1 = a0, a2 = a0, a3 = a0;
	__m256i a4 = a0, a5 = a0, a6 = a0, a7 = a0;
	size_t n = nvec / 8;

#define AT(off) load(p + (off), d ? d + (off) : NULL)
	for (; n; n--, p += 256, d = d ? d + 256 : NULL) {
		a0 = acc_add(a0, AT(0));
		a1 = acc_add(a1, AT(32));
		a2 = acc_add(a2, AT(64));
		a3 = acc_add(a3, AT(96));
		a4 = acc_add(a4, AT(128));
		a5 = acc_add(a5, AT(160));
		a6 = acc_add(a6, AT(192));
		a7 = acc_add(a7, AT(224));
	}
	/* the last 0-7 whole vectors, each into an accumulator of its own */
	if (nvec & 4) {
		a0 = acc_add(a0, AT(0));
		a1 = acc_add(a1, AT(32));
		a2 = acc_add(a2, AT(64));
		a3 = acc_add(a3, AT(96));
		p += 128;
		d = d ? d + 128 : NULL;
	}
	if (nvec & 2) {
		a4 = acc_add(a4, AT(0));
		a5 = acc_add(a5, AT(32));
		p += 64;
		d = d ? d + 64 : NULL;
	}
	if (nvec & 1)
		a6 = acc_add(a6, AT(0));
#undef AT
	a0 = _mm256_add_epi32(_mm256_add_epi32(_mm256_add_epi32(a0, a1),
					       _mm256_add_epi32(a2, a3)),
			      _mm256_add_epi32(_mm256_add_epi32(a4, a5),
					       _mm256_add_epi32(a6, a7)));
	return lanes_sum(a0) + (uint32_t)(nvec << 19);
}

/*
 * The exact sum of the last @p r (1..31, even) bytes before @p end: the
 * vector that ends there, with the bytes counted already masked out after
 * the XOR, so that they add 0 and the 32768 added back counts only the
 * r / 2 words kept.
 */
static inline uint32_t
vnni_tail(const uint8_t *end, size_t r)
{
	__m256i v = _mm256_loadu_si256((const __m256i *)(const void *)(end - 32));
	__m256i m = _mm256_loadu_si256((const __m256i *)(const void *)
				       (csum__tail_mask + 32 + r));
	__m256i w = _mm256_and_si256(_mm256_xor_si256(v,
				     _mm256_set1_epi16((short)0x8000)), m);

	return lanes_sum(_mm256_madd_epi16(w, _mm256_set1_epi16(1))) +
		(uint32_t)(r << 14);
}

VNNI_INLINE uint32_t
vnni_sum(uint8_t *d, const uint8_t *p, size_t len, uint32_t sum)
{
	const size_t block = (size_t)VNNI_BLOCK_VECS * 32;
	size_t even = len & ~(size_t)1, r = even % 32;
	uint64_t s = sum;

	for (; len >= block; len -= block, p += block) {
		s += vnni_block(p, d, VNNI_BLOCK_VECS);
		if (d)
			d += block;
	}
	s += vnni_block(p, d, len / 32);
	p += len & ~(size_t)31;
	if (d) {
		d += len & ~(size_t)31;
		s += csum_tail_copy(d, p, len % 32);
		return csum_fold64(s);
	}
	if (r)
		s += vnni_tail(p + r, r);
	if (len & 1)
		s += csum_odd_byte(p[r]);
	return csum_fold64(s);
}

uint32_t
csum_avx2_vnni_partial(const void *buf, size_t len, uint32_t sum)
{
	if (len < 32)
		return csum_fold64(csum_add_eac(csum_short(buf, len), sum));
	return vnni_sum(NULL, buf, len, sum);
}

uint32_t
csum_avx2_vnni_partial_copy(void *dst, const void *src, size_t len,
			    uint32_t sum)
{
	return vnni_sum(dst, src, len, sum);
}
