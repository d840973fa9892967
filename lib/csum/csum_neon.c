/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * arm64 Advanced SIMD kernels (built for aarch64 only).
 *
 * vpadalq_u16 adds pairs of 16-bit words into 32-bit lanes, so the carries
 * stay inside the lane; four accumulators keep four independent chains.
 * Bytes are loaded as u8 vectors and reinterpreted, so any alignment is
 * valid C.
 */
#include <arm_neon.h>

#include "csum_kernels.h"

/*
 * Each lane takes two words of at most 0xffff per 64-byte iteration:
 * 2^15 iterations would reach 2^32; blocks of 2^14 keep a factor of two.
 */
#define NEON_BLOCK_ITERS 16384

static inline uint64_t
lanes_sum(uint32x4_t a)
{
	return vaddvq_u64(vpaddlq_u32(a));
}

static inline uint64_t
neon_block(const uint8_t **pp, uint8_t **dp, size_t iters)
{
	const uint8_t *p = *pp;
	uint8_t *d = dp ? *dp : NULL;
	uint32x4_t a0 = vdupq_n_u32(0), a1 = a0, a2 = a0, a3 = a0;

	while (iters--) {
		uint8x16_t v0 = vld1q_u8(p), v1 = vld1q_u8(p + 16);
		uint8x16_t v2 = vld1q_u8(p + 32), v3 = vld1q_u8(p + 48);

		if (d) {
			vst1q_u8(d, v0);
			vst1q_u8(d + 16, v1);
			vst1q_u8(d + 32, v2);
			vst1q_u8(d + 48, v3);
			d += 64;
		}
		a0 = vpadalq_u16(a0, vreinterpretq_u16_u8(v0));
		a1 = vpadalq_u16(a1, vreinterpretq_u16_u8(v1));
		a2 = vpadalq_u16(a2, vreinterpretq_u16_u8(v2));
		a3 = vpadalq_u16(a3, vreinterpretq_u16_u8(v3));
		p += 64;
	}
	*pp = p;
	if (dp)
		*dp = d;
	return lanes_sum(a0) + lanes_sum(a1) + lanes_sum(a2) + lanes_sum(a3);
}

static inline uint32_t
neon_sum(uint8_t *d, const uint8_t *p, size_t len, uint32_t sum)
{
	uint64_t s = sum;
	uint8_t **dp = d ? &d : NULL;

	while (len >= 64) {
		size_t iters = len / 64;

		if (iters > NEON_BLOCK_ITERS)
			iters = NEON_BLOCK_ITERS;
		s = csum_add_eac(s, neon_block(&p, dp, iters));
		len -= iters * 64;
	}
	s = csum_add_eac(s, d ? csum_tail_copy(d, p, len) : csum_short(p, len));
	return csum_fold64(s);
}

uint32_t
csum_neon_partial(const void *buf, size_t len, uint32_t sum)
{
	if (len < CSUM_VEC_MIN_LEN)
		return csum_fold64(csum_add_eac(csum_short(buf, len), sum));
	return neon_sum(NULL, buf, len, sum);
}

uint32_t
csum_neon_partial_copy(void *dst, const void *src, size_t len, uint32_t sum)
{
	return neon_sum(dst, src, len, sum);
}
