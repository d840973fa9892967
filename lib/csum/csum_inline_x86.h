/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Internal to csum.h: csum_partial()'s in-place vector sums for x86-64, one
 * per vector kernel, used while that kernel is the active one. Inline
 * assembly, so that callers built for the baseline ISA can inline them; each
 * ends with vzeroupper. Below CSUM__VEC_INLINE_MIN and above
 * CSUM__VEC_INLINE_MAX bytes csum_partial() takes its scalar short path or
 * calls the kernel.
 */
#ifndef SOCRX_CSUM_INLINE_X86_H
#define SOCRX_CSUM_INLINE_X86_H

#include <stddef.h>
#include <stdint.h>

#define CSUM__VEC_INLINE_MIN 32
#define CSUM__VEC_INLINE_MAX 512

/*
 * At these lengths a call costs as much as the sum (docs/csum.md).
 * Non-zero while the AVX-512 kernel is the active one (set by
 * csum_impl_select() and the first call's CPU detection, never on a CPU
 * without AVX512F, AVX512BW, AVX512_VNNI and their OS state).
 */
extern int csum__avx512_inline;
/* Non-zero while the AVX2 kernel is the active one. */
extern int csum__avx2_inline;

/*
 * Internal: the exact sum of the 16-bit words of 1 to 512 bytes (as
 * lib/csum/csum_avx512.c: per 64 bytes an XOR 0x8000 and a vpdpwssd into
 * one accumulator, the last partial vector one masked load, 32768 added
 * back per word). Written in assembly because the including file is not
 * compiled for AVX-512; it uses zmm0-3 and k1 and ends with vzeroupper,
 * hence the clobbers (k1 exists for the compiler only with AVX512F).
 */
static inline uint32_t
csum__avx512_words(const uint8_t *p, size_t len)
{
	uint64_t n = len / 64, two, tmp;
	uint64_t tail = (UINT64_C(1) << (len % 64)) - 1;
	uint32_t vecs = (uint32_t)((len + 63) / 64);

	__asm__("movl $0x80008000, %k[tmp]\n\t"
		"vpbroadcastd %k[tmp], %%zmm1\n\t"
		"movl $0x00010001, %k[tmp]\n\t"
		"vpbroadcastd %k[tmp], %%zmm2\n\t"
		"vpxord %%xmm0, %%xmm0, %%xmm0\n\t"
		"testq %[n], %[n]\n\t"
		"jz 2f\n"
		"1:\n\t"
		"vpxord (%[p]), %%zmm1, %%zmm3\n\t"
		"vpdpwssd %%zmm2, %%zmm3, %%zmm0\n\t"
		"addq $64, %[p]\n\t"
		"decq %[n]\n\t"
		"jnz 1b\n"
		"2:\n\t"
		"testq %[tail], %[tail]\n\t"
		"jz 3f\n\t"
		"kmovq %[tail], %%k1\n\t"
		"vmovdqu8 (%[p]), %%zmm3%{%%k1%}%{z%}\n\t"
		"vpxord %%zmm1, %%zmm3, %%zmm3\n\t"
		"vpdpwssd %%zmm2, %%zmm3, %%zmm0\n"
		"3:\n\t"
		"vextracti64x4 $1, %%zmm0, %%ymm3\n\t"
		"vpaddd %%ymm3, %%ymm0, %%ymm0\n\t"
		"vextracti128 $1, %%ymm0, %%xmm3\n\t"
		"vpaddd %%xmm3, %%xmm0, %%xmm0\n\t"
		"vpunpckhqdq %%xmm0, %%xmm0, %%xmm3\n\t"
		"vpaddd %%xmm3, %%xmm0, %%xmm0\n\t"
		"vmovq %%xmm0, %[two]\n\t"
		"vzeroupper"
		: [two] "=r"(two), [p] "+r"(p), [n] "+r"(n), [tmp] "=&r"(tmp)
		: [tail] "r"(tail)
		: "cc", "memory", "xmm0", "xmm1", "xmm2", "xmm3", "xmm4",
		  "xmm5", "xmm6", "xmm7", "xmm8", "xmm9", "xmm10", "xmm11",
		  "xmm12", "xmm13", "xmm14", "xmm15"
#ifdef __AVX512F__
		  , "k1"
#endif
		);
	return (uint32_t)two + (uint32_t)(two >> 32) + (vecs << 20);
}

/*
 * csum_tail_mask + r, loaded as 32 bytes: the last r bytes set (0 <= r < 32).
 */
extern const uint8_t csum__tail_mask[64];

/*
 * The exact sum of the 16-bit words of 32 to 512 bytes with the AVX2
 * kernel's method: each word XOR 0x8000 (a signed word 32768 below it),
 * vpmaddwd by 1 into 32-bit lanes, then 32768 per word added back. The
 * bytes after the last whole 32 are summed from the 32 that end the buffer's
 * even length, masked to the ones not yet counted (the load stays inside the
 * buffer and word-aligned); an odd last byte is added as the low byte of a
 * word.
 */
static inline uint64_t
csum__avx2_words(const uint8_t *p, size_t len)
{
	size_t even = len & ~(size_t)1;
	uint64_t n = even / 32, words = even / 2, tmp;
	const uint8_t *last = p + even - 32;
	const uint8_t *mask = csum__tail_mask + even % 32;
	int32_t s;

	__asm__("movl $0x80008000, %k[tmp]\n\t"
		"vmovd %k[tmp], %%xmm1\n\t"
		"vpbroadcastd %%xmm1, %%ymm1\n\t"
		"vpsrlw $15, %%ymm1, %%ymm2\n\t"
		"vpxor %%xmm0, %%xmm0, %%xmm0\n"
		"1:\n\t"
		"vpxor (%[p]), %%ymm1, %%ymm3\n\t"
		"vpmaddwd %%ymm2, %%ymm3, %%ymm3\n\t"
		"vpaddd %%ymm3, %%ymm0, %%ymm0\n\t"
		"addq $32, %[p]\n\t"
		"decq %[n]\n\t"
		"jnz 1b\n\t"
		"testq %[r], %[r]\n\t"
		"jz 2f\n\t"
		"vpxor (%[last]), %%ymm1, %%ymm3\n\t"
		"vpand (%[mask]), %%ymm3, %%ymm3\n\t"
		"vpmaddwd %%ymm2, %%ymm3, %%ymm3\n\t"
		"vpaddd %%ymm3, %%ymm0, %%ymm0\n"
		"2:\n\t"
		"vextracti128 $1, %%ymm0, %%xmm3\n\t"
		"vpaddd %%xmm3, %%xmm0, %%xmm0\n\t"
		"vpshufd $0x4e, %%xmm0, %%xmm3\n\t"
		"vpaddd %%xmm3, %%xmm0, %%xmm0\n\t"
		"vpshufd $0xb1, %%xmm0, %%xmm3\n\t"
		"vpaddd %%xmm3, %%xmm0, %%xmm0\n\t"
		"vmovd %%xmm0, %[s]\n\t"
		"vzeroupper"
		: [s] "=r"(s), [p] "+r"(p), [n] "+r"(n), [tmp] "=&r"(tmp)
		: [last] "r"(last), [mask] "r"(mask), [r] "r"(even % 32)
		: "cc", "memory", "xmm0", "xmm1", "xmm2", "xmm3", "xmm4",
		  "xmm5", "xmm6", "xmm7", "xmm8", "xmm9", "xmm10", "xmm11",
		  "xmm12", "xmm13", "xmm14", "xmm15");
	/* |s| <= 256 words * 32768: the words' sum is s + 32768 per word */
	/* an odd length's last byte: last[32] */
	return (uint64_t)((int64_t)s + (int64_t)(words << 15)) +
		(len & 1 ? last[32] : 0);
}

#endif /* SOCRX_CSUM_INLINE_X86_H */
