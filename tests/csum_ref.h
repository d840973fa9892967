/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The plain reference Internet checksum the tests hold every kernel to:
 * one 16-bit word at a time, written for obviousness, sharing no code with
 * lib/csum.
 */
#ifndef SOCRX_CSUM_REF_H
#define SOCRX_CSUM_REF_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

/* 16-bit one's-complement sum in the native-load convention of csum.h. */
static inline uint16_t
ref_fold16(uint64_t s)
{
	while (s >> 16)
		s = (s & 0xffff) + (s >> 16);
	return (uint16_t)s;
}

static inline uint16_t
ref_csum_partial(const void *buf, size_t len, uint32_t sum)
{
	const uint8_t *p = buf;
	uint64_t s = sum;
	uint16_t w;
	size_t i;

	for (i = 0; i + 1 < len; i += 2) {
		memcpy(&w, p + i, 2);
		s += w;
	}
	if (len & 1) {
		uint8_t last[2] = { p[len - 1], 0 };

		memcpy(&w, last, 2);
		s += w;
	}
	return ref_fold16(s);
}

/*
 * Network-order checksum computed byte by byte (RFC 1071 as written): the
 * complement of the sum of big-endian words. Independent of load order.
 */
static inline uint16_t
ref_csum_be(const uint8_t *p, size_t len, uint32_t sum_be)
{
	uint64_t s = sum_be;
	size_t i;

	for (i = 0; i + 1 < len; i += 2)
		s += (uint32_t)p[i] << 8 | p[i + 1];
	if (len & 1)
		s += (uint32_t)p[len - 1] << 8;
	return (uint16_t)~ref_fold16(s);
}

#endif /* SOCRX_CSUM_REF_H */
