/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Internal to the model: the Internet checksum (RFC 1071) one big-endian
 * word at a time, for the checksum engine (RDES1) and the traffic
 * generator. Deliberately independent of lib/csum, whose results the
 * model's verdicts are used to check.
 */
#ifndef SOCRX_MODEL_CSUM_H
#define SOCRX_MODEL_CSUM_H

#include <stddef.h>
#include <stdint.h>

/* Adds @p len bytes at @p p to @p sum, an odd last byte zero-padded. */
static inline uint64_t
model_csum_add(uint64_t sum, const uint8_t *p, size_t len)
{
	/*
	 * Four big-endian words per step, assembled from bytes (no alignment
	 * or byte-order assumption): 2^32 steps cannot overflow 64 bits.
	 */
	for (; len >= 8; len -= 8, p += 8)
		sum += ((uint32_t)p[0] << 8 | p[1]) + ((uint32_t)p[2] << 8 | p[3]) +
		       ((uint32_t)p[4] << 8 | p[5]) + ((uint32_t)p[6] << 8 | p[7]);
	for (; len >= 2; len -= 2, p += 2)
		sum += (uint32_t)p[0] << 8 | p[1];
	if (len)
		sum += (uint32_t)p[0] << 8;
	return sum;
}

/* Folds to 16 bits with end-around carry (not complemented). */
static inline uint16_t
model_csum_fold(uint64_t sum)
{
	while (sum >> 16)
		sum = (sum & 0xffff) + (sum >> 16);
	return (uint16_t)sum;
}

#endif /* SOCRX_MODEL_CSUM_H */
