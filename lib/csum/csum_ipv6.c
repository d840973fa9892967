/* SPDX-License-Identifier: BSD-3-Clause */
/* IPv6 pseudo-header sum (RFC 8200 section 8.1). */
#include "csum_kernels.h"

uint32_t
csum_ipv6_pseudo(const void *saddr, const void *daddr, uint32_t l4_len,
		 uint8_t proto, uint32_t sum)
{
	const uint8_t *s8 = saddr, *d8 = daddr;
	uint64_t s = sum;
	uint32_t w;
	int i;

	for (i = 0; i < 16; i += 4) {
		memcpy(&w, s8 + i, 4);
		s += w;
		memcpy(&w, d8 + i, 4);
		s += w;
	}
	/* 32-bit upper-layer length and 24 zero bits + next header, both
	 * big-endian on the wire: add them as the words they form there. */
	s += csum_be16((uint16_t)(l4_len >> 16));
	s += csum_be16((uint16_t)l4_len);
	s += csum_be16(proto);
	return csum_fold64(s);
}
