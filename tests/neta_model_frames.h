/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Frames for the neta model's tests: Ethernet/IPv4/TCP or UDP with
 * correct checksums (the model's own RFC 1071 helper), payload bytes from
 * a seed. No harness.h.
 */
#ifndef SOCRX_TEST_NETA_MODEL_FRAMES_H
#define SOCRX_TEST_NETA_MODEL_FRAMES_H

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "model_csum.h"

static inline void
nf_put16(uint8_t *p, uint16_t v)
{
	p[0] = (uint8_t)(v >> 8);
	p[1] = (uint8_t)v;
}

/*
 * A malloc'ed Ethernet/IPv4 frame of @p len bytes (>= 54) carrying TCP
 * (@p proto 6) or UDP (17), checksums correct.
 */
static inline uint8_t *
nf_ipv4(uint32_t len, uint8_t proto, uint32_t seed)
{
	uint8_t *f = calloc(1, len), *ip = f + 14, *l4 = f + 34;
	uint32_t l4len = len - 34, i, off = proto == 6 ? 16u : 6u;
	uint64_t sum;

	memcpy(f, "\x02\x00\x00\x00\x00\x01\x02\x00\x00\x00\x00\x02", 12);
	nf_put16(f + 12, 0x0800);
	ip[0] = 0x45;
	nf_put16(ip + 2, (uint16_t)(len - 14));
	ip[8] = 64;
	ip[9] = proto;
	memcpy(ip + 12, "\xc0\x00\x02\x01\xc6\x33\x64\x07", 8);
	nf_put16(ip + 10, (uint16_t)~model_csum_fold(model_csum_add(0, ip, 20)));
	nf_put16(l4, 1000);
	nf_put16(l4 + 2, 2000);
	if (proto == 6)
		l4[12] = 5u << 4;
	else
		nf_put16(l4 + 4, (uint16_t)l4len);
	for (i = (proto == 6 ? 20u : 8u); i < l4len; i++)
		l4[i] = (uint8_t)(seed * 31u + i);
	sum = model_csum_add(0, ip + 12, 8) + proto + l4len;
	sum = model_csum_add(sum, l4, l4len);
	nf_put16(l4 + off, (uint16_t)~model_csum_fold(sum));
	if (proto == 17 && l4[6] == 0 && l4[7] == 0)
		l4[6] = l4[7] = 0xff;
	return f;
}

#endif /* SOCRX_TEST_NETA_MODEL_FRAMES_H */
