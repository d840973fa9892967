/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Load-only ceilings for the checksum benchmark (see bench_csum_ceiling.h).
 * Each function carries its own target attribute, so this file needs no
 * special flags and the dispatcher-free benchmark calls a ceiling only
 * after checking the CPU (through lib/csum's own detection).
 */
#include <immintrin.h>
#include <string.h>

#include "bench_csum_ceiling.h"
#include "csum.h"

bool
bench_ceiling_zmm_usable(void)
{
	return csum_impl_available(CSUM_IMPL_AVX512);
}

bool
bench_ceiling_ymm_usable(void)
{
	return csum_impl_available(CSUM_IMPL_AVX2);
}

/* Four independent OR chains, 256 bytes a round, a masked last load. */
__attribute__((target("avx512f,avx512bw"))) uint16_t
bench_ceiling_zmm(const void *buf, size_t len)
{
	const uint8_t *p = buf;
	__m512i a0 = _mm512_setzero_si512(), a1 = a0, a2 = a0, a3 = a0;
	size_t n = len / 256;

	while (n--) {
		a0 = _mm512_or_si512(a0, _mm512_loadu_si512(p));
		a1 = _mm512_or_si512(a1, _mm512_loadu_si512(p + 64));
		a2 = _mm512_or_si512(a2, _mm512_loadu_si512(p + 128));
		a3 = _mm512_or_si512(a3, _mm512_loadu_si512(p + 192));
		p += 256;
	}
	for (len %= 256; len >= 64; len -= 64, p += 64)
		a0 = _mm512_or_si512(a0, _mm512_loadu_si512(p));
	if (len)
		a1 = _mm512_or_si512(a1, _mm512_maskz_loadu_epi8(
					 _cvtu64_mask64((1ull << len) - 1), p));
	a0 = _mm512_or_si512(_mm512_or_si512(a0, a1), _mm512_or_si512(a2, a3));
	return (uint16_t)_mm512_reduce_or_epi64(a0);
}

static inline __attribute__((target("avx2"))) __m256i
load32(const uint8_t *p)
{
	return _mm256_loadu_si256((const __m256i *)(const void *)p);
}

/*
 * The same with 32-byte loads; the last vector ends at the buffer's end
 * (overlapping the one before), shorter buffers take 8-byte loads.
 */
__attribute__((target("avx2"))) uint16_t
bench_ceiling_ymm(const void *buf, size_t len)
{
	const uint8_t *p = buf, *end = p + len;
	__m256i a0 = _mm256_setzero_si256(), a1 = a0, a2 = a0, a3 = a0;
	uint64_t w, acc = 0;
	size_t n = len / 128;

	if (len < 32) {
		for (; p + 8 <= end; p += 8) {
			memcpy(&w, p, 8);
			acc |= w;
		}
		for (; p < end; p++)
			acc |= *p;
		return (uint16_t)(acc | acc >> 16 | acc >> 32 | acc >> 48);
	}
	while (n--) {
		a0 = _mm256_or_si256(a0, load32(p));
		a1 = _mm256_or_si256(a1, load32(p + 32));
		a2 = _mm256_or_si256(a2, load32(p + 64));
		a3 = _mm256_or_si256(a3, load32(p + 96));
		p += 128;
	}
	for (len %= 128; len >= 32; len -= 32, p += 32)
		a0 = _mm256_or_si256(a0, load32(p));
	if (len)
		a1 = _mm256_or_si256(a1, load32(end - 32));
	a0 = _mm256_or_si256(_mm256_or_si256(a0, a1), _mm256_or_si256(a2, a3));
	a0 = _mm256_or_si256(a0, _mm256_srli_si256(a0, 8));
	return (uint16_t)(_mm256_extract_epi64(a0, 0) |
			  _mm256_extract_epi64(a0, 2));
}
