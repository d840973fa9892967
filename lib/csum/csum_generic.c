/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Portable C kernels: 32-bit loads added into four independent 64-bit
 * accumulators, so no carry is ever lost and the additions of one
 * iteration do not wait on each other. Unaligned loads go through memcpy,
 * which compilers turn into plain loads where the CPU allows them.
 */
#include "csum_kernels.h"

/*
 * Each 64-bit accumulator takes 2 words of at most 2^32 - 1 per 32-byte
 * step; folding every 2^30 bytes keeps it far from overflow.
 */
#define GENERIC_BLOCK ((size_t)1 << 30)

static uint64_t
generic_block(const uint8_t *p, size_t len)
{
	uint64_t a0 = 0, a1 = 0, a2 = 0, a3 = 0;
	uint32_t w[8];

	while (len >= 32) {
		memcpy(w, p, 32);
		a0 += (uint64_t)w[0] + w[4];
		a1 += (uint64_t)w[1] + w[5];
		a2 += (uint64_t)w[2] + w[6];
		a3 += (uint64_t)w[3] + w[7];
		p += 32;
		len -= 32;
	}
	return csum_add_eac((uint64_t)csum_fold64(a0 + a1) + csum_fold64(a2 + a3),
			    csum_short(p, len));
}

uint32_t
csum_generic_partial(const void *buf, size_t len, uint32_t sum)
{
	const uint8_t *p = buf;
	uint64_t s = sum;

	if (len < CSUM_VEC_MIN_LEN)
		return csum_fold64(csum_add_eac(csum_short(p, len), s));
	while (len > GENERIC_BLOCK) {
		s = csum_add_eac(s, generic_block(p, GENERIC_BLOCK));
		p += GENERIC_BLOCK;
		len -= GENERIC_BLOCK;
	}
	return csum_fold64(csum_add_eac(s, generic_block(p, len)));
}

static uint64_t
generic_block_copy(uint8_t *d, const uint8_t *p, size_t len)
{
	uint64_t a0 = 0, a1 = 0, a2 = 0, a3 = 0;
	uint32_t w[8];

	while (len >= 32) {
		memcpy(w, p, 32);
		memcpy(d, w, 32);
		a0 += (uint64_t)w[0] + w[4];
		a1 += (uint64_t)w[1] + w[5];
		a2 += (uint64_t)w[2] + w[6];
		a3 += (uint64_t)w[3] + w[7];
		p += 32;
		d += 32;
		len -= 32;
	}
	a0 += csum_tail_copy(d, p, len);
	return (uint64_t)csum_fold64(a0 + a1) + csum_fold64(a2 + a3);
}

uint32_t
csum_generic_partial_copy(void *dst, const void *src, size_t len, uint32_t sum)
{
	const uint8_t *p = src;
	uint8_t *d = dst;
	uint64_t s = sum;

	while (len > GENERIC_BLOCK) {
		s = csum_add_eac(s, generic_block_copy(d, p, GENERIC_BLOCK));
		p += GENERIC_BLOCK;
		d += GENERIC_BLOCK;
		len -= GENERIC_BLOCK;
	}
	return csum_fold64(csum_add_eac(s, generic_block_copy(d, p, len)));
}
