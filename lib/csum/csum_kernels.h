/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Internal to lib/csum: the kernels of each implementation and the helpers
 * they share for heads, tails and folding.
 */
#ifndef SOCRX_CSUM_KERNELS_H
#define SOCRX_CSUM_KERNELS_H

#include <stdint.h>
#include <string.h>

#include "csum.h"

/*
 * Lengths below which the vector kernels hand the whole buffer to the
 * scalar code: a vector setup and horizontal reduction cost more than
 * they save on an IPv4 header or a TCP ACK.
 */
#define CSUM_VEC_MIN_LEN 512

uint32_t csum_generic_partial(const void *buf, size_t len, uint32_t sum);
uint32_t csum_generic_partial_copy(void *dst, const void *src, size_t len,
				   uint32_t sum);

uint32_t csum_adx_partial(const void *buf, size_t len, uint32_t sum);
uint32_t csum_adx_partial_copy(void *dst, const void *src, size_t len,
			       uint32_t sum);

/*
 * Length from which the AVX2 kernel runs its vector loop (below it the
 * scalar short path); where the CPU has ADX, csum_partial_long() gives
 * shorter buffers to the two-chain kernel instead (docs/csum.md).
 */
#define CSUM_AVX2_MIN_LEN 384

/*
 * Length from which the AVX2 kernel prefetches ahead (SIZE_MAX: never).
 * A variable so that the benchmark can measure both ways in one run.
 */
#define CSUM_AVX2_PREFETCH_MIN_DEFAULT SIZE_MAX
extern size_t csum_avx2_prefetch_min;

/*
 * The AVX2 kernel's vpavgw tree (csum_avx2.c): from CSUM_AVX2_TREE_MIN
 * bytes, rounds of CSUM_AVX2_TREE_ROUND bytes of vectors; from
 * CSUM_AVX2_TREE_CHAIN_MIN bytes to below CSUM_AVX2_TREE_CHAIN_MAX (a
 * buffer that fits the L1 data cache), each round also adds the
 * CSUM_AVX2_TREE_CHAIN bytes that follow its vectors into an add-with-carry
 * chain. At most CSUM_AVX2_TREE_BLOCK_ROUNDS rounds per block. The bytes
 * after the last round: up to CSUM_AVX2_TREE_SCALAR_TAIL of them on the
 * scalar chain, more through csum__avx2_words().
 */
#define CSUM_AVX2_TREE_MIN 2048
#define CSUM_AVX2_TREE_ROUND 512
#define CSUM_AVX2_TREE_CHAIN 64
#define CSUM_AVX2_TREE_CHAIN_MIN 3456
#define CSUM_AVX2_TREE_CHAIN_MAX 32768
#define CSUM_AVX2_TREE_BLOCK_ROUNDS 256
#define CSUM_AVX2_TREE_SCALAR_TAIL 128

uint32_t csum_avx2_partial(const void *buf, size_t len, uint32_t sum);
uint32_t csum_avx2_partial_copy(void *dst, const void *src, size_t len,
				uint32_t sum);

/*
 * Length from which csum_avx512_partial() runs its vector loop (below it,
 * the scalar short path); docs/csum.md holds the measurement.
 */
#define CSUM_AVX512_MIN_LEN 64

uint32_t csum_avx512_partial(const void *buf, size_t len, uint32_t sum);
uint32_t csum_avx512_partial_copy(void *dst, const void *src, size_t len,
				  uint32_t sum);

uint32_t csum_avx2_vnni_partial(const void *buf, size_t len, uint32_t sum);
uint32_t csum_avx2_vnni_partial_copy(void *dst, const void *src, size_t len,
				     uint32_t sum);

/* Whether @p impl is compiled into this library (the CPU aside). */
bool csum_impl_built(enum csum_impl impl);

/*
 * Whether the AVX-512 kernels can run, from the raw CPUID and XCR0 words
 * (a pure function, so that a test can feed it what a CPU or an OS that
 * lacks a part would report): CPUID.1:ECX.OSXSAVE, CPUID.(7,0):EBX.AVX512F
 * and .AVX512BW, CPUID.(7,0):ECX.AVX512_VNNI, and XCR0 enabling the SSE,
 * AVX, opmask, ZMM_Hi256 and Hi16_ZMM state components (bits 1, 2, 5-7).
 */
bool csum_x86_avx512_usable(uint32_t cpuid1_ecx, uint32_t cpuid7_ebx,
			    uint32_t cpuid7_ecx, uint64_t xcr0);

/*
 * Whether the AVX2-VNNI kernels can run, from the raw CPUID and XCR0 words
 * (pure, for the same reason): CPUID.1:ECX.OSXSAVE and .AVX,
 * CPUID.(7,0):EBX.AVX2, CPUID.(7,1):EAX.AVX_VNNI, and XCR0 enabling the SSE
 * and AVX state components (bits 1, 2).
 */
bool csum_x86_avx_vnni_usable(uint32_t cpuid1_ecx, uint32_t cpuid7_ebx,
			      uint32_t cpuid7_1_eax, uint64_t xcr0);

uint32_t csum_neon_partial(const void *buf, size_t len, uint32_t sum);
uint32_t csum_neon_partial_copy(void *dst, const void *src, size_t len,
				uint32_t sum);

/* 64-bit accumulator to a 32-bit partial sum, end-around carry kept. */
#define csum_fold64 csum__fold64

/* The value an odd final byte adds: it is the first byte of its word. */
static inline uint32_t
csum_odd_byte(uint8_t b)
{
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	return b;
#else
	return (uint32_t)b << 8;
#endif
}

/* Sum of a buffer shorter than a vector kernel's minimum (64-bit, EAC). */
#define csum_short csum__short

/* 64-bit one's-complement addition (end-around carry). */
static inline uint64_t
csum_add_eac(uint64_t a, uint64_t b)
{
	a += b;
	return a + (a < b);
}

/* Sum of a short tail as 32-bit words, copying the bytes to @p d. */
static inline uint64_t
csum_tail_copy(uint8_t *d, const uint8_t *p, size_t len)
{
	uint64_t s = 0;
	uint32_t w32;
	uint16_t w16;

	while (len >= 4) {
		memcpy(&w32, p, 4);
		memcpy(d, &w32, 4);
		s += w32;
		p += 4;
		d += 4;
		len -= 4;
	}
	if (len >= 2) {
		memcpy(&w16, p, 2);
		memcpy(d, &w16, 2);
		s += w16;
		p += 2;
		d += 2;
		len -= 2;
	}
	if (len) {
		*d = *p;
		s += csum_odd_byte(*p);
	}
	return s;
}

#endif /* SOCRX_CSUM_KERNELS_H */
