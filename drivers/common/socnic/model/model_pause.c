/* SPDX-License-Identifier: BSD-3-Clause */
/* IEEE 802.3x PAUSE frames (model_pause.h). */
#include <string.h>

#include "model_pause.h"

#define PAUSE_OPCODE		0x0001u
/* Bit times in a pause quantum. */
#define PAUSE_QUANTUM_BITS	512u

static const uint8_t pause_dst[6] = { 0x01, 0x80, 0xc2, 0x00, 0x00, 0x01 };

bool
model_pause_is_control(const uint8_t *p, uint32_t n)
{
	return n >= 14 && (uint32_t)(p[12] << 8 | p[13]) == MODEL_PAUSE_ETHERTYPE;
}

bool
model_pause_parse(const uint8_t *p, uint32_t n, uint32_t *quanta)
{
	if (n < 18 || !model_pause_is_control(p, n) ||
	    memcmp(p, pause_dst, sizeof(pause_dst)) != 0 ||
	    (uint32_t)(p[14] << 8 | p[15]) != PAUSE_OPCODE)
		return false;
	*quanta = (uint32_t)(p[16] << 8 | p[17]);
	return true;
}

void
model_pause_build(uint8_t f[MODEL_PAUSE_FRAME_LEN], const uint8_t *src,
		  uint32_t quanta)
{
	memset(f, 0, MODEL_PAUSE_FRAME_LEN);
	memcpy(f, pause_dst, sizeof(pause_dst));
	memcpy(f + 6, src, 6);
	f[12] = MODEL_PAUSE_ETHERTYPE >> 8;
	f[13] = MODEL_PAUSE_ETHERTYPE & 0xffu;
	f[15] = PAUSE_OPCODE;
	f[16] = (uint8_t)(quanta >> 8);
	f[17] = (uint8_t)quanta;
}

uint64_t
model_pause_ns(uint32_t quanta, unsigned int speed)
{
	/* At 1000 Mbit/s a bit lasts 1 ns. */
	return (uint64_t)quanta * PAUSE_QUANTUM_BITS * 1000u /
	       (speed != 0 ? speed : 1000u);
}
