/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Internal to the model: the Internet checksum (RFC 1071) over big-endian
 * words, for the checksum engines (RDES1, TX insertion) and the traffic
 * generator. Deliberately independent of lib/csum, whose results the
 * model's verdicts are used to check.
 */
#ifndef SOCRX_MODEL_CSUM_H
#define SOCRX_MODEL_CSUM_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

/* Folds to 16 bits with end-around carry (not complemented). */
static inline uint16_t
model_csum_fold(uint64_t sum)
{
	while (sum >> 16)
		sum = (sum & 0xffff) + (sum >> 16);
	return (uint16_t)sum;
}

/* Adds @p len bytes at @p p to @p sum, an odd last byte zero-padded. */
static inline uint64_t
model_csum_add(uint64_t sum, const uint8_t *p, size_t len)
{
	uint64_t acc = 0, w;

	/*
	 * Eight bytes per step, loaded in host order and added as two 32-bit
	 * halves (2^31 steps cannot overflow 64 bits). The sum of a block's
	 * words does not depend on the order their bytes are read in, up to
	 * a swap of the folded sum's two bytes (RFC 1071, 2.B): on a
	 * little-endian host the block's folded sum is swapped back to the
	 * big-endian words' (zero only for all-zero bytes, as theirs is).
	 */
	for (; len >= 8; len -= 8, p += 8) {
		memcpy(&w, p, sizeof(w));
		acc += (w & 0xffffffffu) + (w >> 32);
	}
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	w = model_csum_fold(acc);
	sum += (w >> 8 | w << 8) & 0xffff;
#else
	sum += acc;
#endif
	for (; len >= 2; len -= 2, p += 2)
		sum += (uint32_t)p[0] << 8 | p[1];
	if (len)
		sum += (uint32_t)p[0] << 8;
	return sum;
}

#endif /* SOCRX_MODEL_CSUM_H */
