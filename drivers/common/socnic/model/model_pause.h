/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * IEEE 802.3x PAUSE frames as every family's MAC model reads and sends
 * them (IEEE 802.3 Annex 31B): a MAC control frame (EtherType 0x8808) to
 * 01:80:c2:00:00:01 with opcode 1 and a pause time in quanta of 512 bit
 * times; a sent one is a minimum frame from the station address.
 */
#ifndef SOCRX_MODEL_PAUSE_H
#define SOCRX_MODEL_PAUSE_H

#include <stdbool.h>
#include <stdint.h>

#define MODEL_PAUSE_ETHERTYPE	0x8808u
/* A PAUSE frame as sent, without its FCS. */
#define MODEL_PAUSE_FRAME_LEN	60u
/* The longest pause a frame asks for (Linux's PAUSE_TIME). */
#define MODEL_PAUSE_QUANTA_MAX	0xffffu

/* Whether the @p n bytes at @p p are a MAC control frame (0x8808). */
bool model_pause_is_control(const uint8_t *p, uint32_t n);

/*
 * Whether the @p n bytes at @p p are a PAUSE frame; its pause time in
 * @p quanta when they are.
 */
bool model_pause_parse(const uint8_t *p, uint32_t n, uint32_t *quanta);

/* A PAUSE frame of @p quanta from @p src (6 bytes) in @p f. */
void model_pause_build(uint8_t f[MODEL_PAUSE_FRAME_LEN], const uint8_t *src,
		       uint32_t quanta);

/* How long @p quanta hold a transmitter at @p speed Mbit/s (0: 1000). */
uint64_t model_pause_ns(uint32_t quanta, unsigned int speed);

#endif /* SOCRX_MODEL_PAUSE_H */
