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

/* Values of csum__vec_inline: which in-place vector sum csum_partial() uses. */
#define CSUM__VEC_NONE 0
#define CSUM__VEC_AVX2 1	/* the AVX2 or the AVX2-VNNI kernel is active */
#define CSUM__VEC_AVX512 2	/* the AVX-512 kernel is active */

/*
 * At these lengths a call costs as much as the sum (docs/csum.md). Set by
 * csum_impl_select() and the first call's CPU detection from the active
 * kernel, so never to CSUM__VEC_AVX512 on a CPU without AVX512F, AVX512BW,
 * AVX512_VNNI and their OS state, nor to CSUM__VEC_AVX2 without AVX2. One
 * variable, so that csum_partial() tests it once.
 */
extern int csum__vec_inline;

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
 * 64 zero bytes and then 64 0xff bytes, 64-byte aligned: loaded at
 * csum__tail_mask + 64 - size + r, a vector of 32 or 64 bytes has its last
 * r bytes set (0 <= r <= size), and no such load straddles a cache line.
 */
extern const uint8_t csum__tail_mask[128];

/* The AVX2 sum's constants, broadcast from memory: 0x8000 and 1 per word. */
extern const uint32_t csum__avx2_flip, csum__avx2_ones;

/* csum__avx2_words(): ymm0's eight 32-bit lanes added into %[s]. */
#define CSUM__AVX2_HSUM                                                    \
	"vextracti128 $1, %%ymm0, %%xmm3\n\t"                              \
	"vpaddd %%xmm3, %%xmm0, %%xmm0\n\t"                                \
	"vpshufd $0x4e, %%xmm0, %%xmm3\n\t"                                \
	"vpaddd %%xmm3, %%xmm0, %%xmm0\n\t"                                \
	"vpshufd $0xb1, %%xmm0, %%xmm3\n\t"                                \
	"vpaddd %%xmm3, %%xmm0, %%xmm0\n\t"                                \
	"vmovd %%xmm0, %[s]\n\t"                                           \
	"vzeroupper"

#define CSUM__AVX2_CLOBBERS                                                \
	"cc", "memory", "xmm0", "xmm1", "xmm2", "xmm3", "xmm4", "xmm5",    \
	"xmm6", "xmm7", "xmm8", "xmm9", "xmm10", "xmm11", "xmm12",         \
	"xmm13", "xmm14", "xmm15"

/*
 * The exact sum of the 16-bit words of 32 bytes to 128 KiB with the AVX2
 * kernel's method: each word XOR 0x8000 (a signed word 32768 below it),
 * vpmaddwd by 1 into 32-bit lanes, then 32768 per word added back.
 *
 * Shaped for few instructions and taken branches, which is what bounds a
 * call at the lengths it serves (up to 512 bytes inline, 2 KiB in the AVX2
 * kernel). Up to 64 bytes, no loop: the first 32 bytes, and the 32 that end
 * the buffer's even length masked to the ones not yet counted; up to 128,
 * the same with 64. Longer: len / 64 rounds of two vectors into two
 * accumulators, the last test falling through, and the 64 bytes that end
 * the even length masked to the last even % 64 (none at a multiple of 64:
 * then they add 0, which costs less than a branch). An odd last byte is
 * added as the low byte of a word, by a multiplication rather than a
 * branch; every load stays inside the buffer. The loop (at most 40 bytes,
 * whatever registers the compiler picks) starts on the next 64-byte line
 * when it would otherwise straddle one: a loop over two lines of the core's
 * op cache runs at half speed, and where it lands depends on the caller.
 */
static inline uint32_t
csum__avx2_words(const uint8_t *buf, size_t len)
{
	const uint8_t *p = buf;
	size_t even = len & ~(size_t)1;
	uint64_t n = len / 64;
	int32_t s;

	if (len <= 64) {
		__asm__("vpbroadcastd %[flip], %%ymm1\n\t"
			"vpbroadcastd %[ones], %%ymm2\n\t"
			"vpxor (%[p]), %%ymm1, %%ymm0\n\t"
			"vpxor (%[last]), %%ymm1, %%ymm3\n\t"
			"vpand (%[mask]), %%ymm3, %%ymm3\n\t"
			"vpmaddwd %%ymm2, %%ymm0, %%ymm0\n\t"
			"vpmaddwd %%ymm2, %%ymm3, %%ymm3\n\t"
			"vpaddd %%ymm3, %%ymm0, %%ymm0\n\t"
			CSUM__AVX2_HSUM
			: [s] "=r"(s)
			: [p] "r"(p), [last] "r"(buf + even - 32),
			  [mask] "r"(csum__tail_mask + even),
			  [flip] "m"(csum__avx2_flip), [ones] "m"(csum__avx2_ones)
			: CSUM__AVX2_CLOBBERS);
	} else if (len <= 128) {
		__asm__("vpbroadcastd %[flip], %%ymm1\n\t"
			"vpbroadcastd %[ones], %%ymm2\n\t"
			"vpxor (%[p]), %%ymm1, %%ymm0\n\t"
			"vpxor 32(%[p]), %%ymm1, %%ymm4\n\t"
			"vpxor (%[last]), %%ymm1, %%ymm3\n\t"
			"vpxor 32(%[last]), %%ymm1, %%ymm5\n\t"
			"vpand (%[mask]), %%ymm3, %%ymm3\n\t"
			"vpand 32(%[mask]), %%ymm5, %%ymm5\n\t"
			"vpmaddwd %%ymm2, %%ymm0, %%ymm0\n\t"
			"vpmaddwd %%ymm2, %%ymm4, %%ymm4\n\t"
			"vpmaddwd %%ymm2, %%ymm3, %%ymm3\n\t"
			"vpmaddwd %%ymm2, %%ymm5, %%ymm5\n\t"
			"vpaddd %%ymm4, %%ymm0, %%ymm0\n\t"
			"vpaddd %%ymm5, %%ymm3, %%ymm3\n\t"
			"vpaddd %%ymm3, %%ymm0, %%ymm0\n\t"
			CSUM__AVX2_HSUM
			: [s] "=r"(s)
			: [p] "r"(p), [last] "r"(buf + even - 64),
			  [mask] "r"(csum__tail_mask + even - 64),
			  [flip] "m"(csum__avx2_flip), [ones] "m"(csum__avx2_ones)
			: CSUM__AVX2_CLOBBERS);
	} else {
		__asm__("vpbroadcastd %[flip], %%ymm1\n\t"
			"vpbroadcastd %[ones], %%ymm2\n\t"
			"vpxor (%[last]), %%ymm1, %%ymm0\n\t"
			"vpxor 32(%[last]), %%ymm1, %%ymm5\n\t"
			"vpand (%[mask]), %%ymm0, %%ymm0\n\t"
			"vpand 32(%[mask]), %%ymm5, %%ymm5\n\t"
			"vpmaddwd %%ymm2, %%ymm0, %%ymm0\n\t"
			"vpmaddwd %%ymm2, %%ymm5, %%ymm5\n\t"
			".p2align 6, , 39\n"
			"1:\n\t"
			"vpxor (%[p]), %%ymm1, %%ymm3\n\t"
			"vpxor 32(%[p]), %%ymm1, %%ymm4\n\t"
			"vpmaddwd %%ymm2, %%ymm3, %%ymm3\n\t"
			"vpmaddwd %%ymm2, %%ymm4, %%ymm4\n\t"
			"vpaddd %%ymm3, %%ymm0, %%ymm0\n\t"
			"vpaddd %%ymm4, %%ymm5, %%ymm5\n\t"
			"addq $64, %[p]\n\t"
			"decq %[n]\n\t"
			"jnz 1b\n\t"
			"vpaddd %%ymm5, %%ymm0, %%ymm0\n\t"
			CSUM__AVX2_HSUM
			: [s] "=r"(s), [p] "+r"(p), [n] "+r"(n)
			: [last] "r"(buf + even - 64),
			  [mask] "r"(csum__tail_mask + (even & 63)),
			  [flip] "m"(csum__avx2_flip), [ones] "m"(csum__avx2_ones)
			: CSUM__AVX2_CLOBBERS);
	}
	/*
	 * The words' sum, below 2^32, is s + 32768 per word modulo 2^32; the
	 * last byte counts only when the length is odd.
	 */
	return (uint32_t)s + (uint32_t)(even << 14) +
		(uint32_t)buf[len - 1] * (uint32_t)(len & 1);
}

#endif /* SOCRX_CSUM_INLINE_X86_H */
