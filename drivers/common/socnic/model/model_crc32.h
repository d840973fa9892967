/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * CRC-32 of IEEE 802.3 (reflected polynomial 0xedb88320, initial value and
 * final XOR 0xffffffff), as the MAC computes the Frame Check Sequence. On
 * the wire the FCS is the final CRC in little-endian byte order.
 */
#ifndef SOCRX_MODEL_CRC32_H
#define SOCRX_MODEL_CRC32_H

#include <stddef.h>
#include <stdint.h>

/* Length of the Ethernet FCS in bytes. */
#define MODEL_FCS_LEN 4u

/* CRC-32 (IEEE 802.3) of @p len bytes at @p buf: the value of the FCS. */
uint32_t model_crc32(const void *buf, size_t len);

/* Writes the FCS of @p len bytes at @p frame into @p fcs (4 bytes). */
void model_crc32_fcs(const void *frame, size_t len, uint8_t fcs[MODEL_FCS_LEN]);

#endif /* SOCRX_MODEL_CRC32_H */
