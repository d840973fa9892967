/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Slice-by-8 CRC-32 (IEEE 802.3) for the model's FCS. The tables are built
 * once, on first use; the model appends an FCS to every received frame, so
 * the byte-at-a-time loop would dominate a 1500-byte frame's cost.
 */
#include <pthread.h>
#include <string.h>

#include "model_crc32.h"

#define CRC32_POLY_REFLECTED 0xedb88320u

static uint32_t crc32_tab[8][256];
static pthread_once_t crc32_once = PTHREAD_ONCE_INIT;

static void
crc32_tables_init(void)
{
	uint32_t i, j, c;

	for (i = 0; i < 256; i++) {
		c = i;
		for (j = 0; j < 8; j++)
			c = (c >> 1) ^ ((c & 1u) ? CRC32_POLY_REFLECTED : 0);
		crc32_tab[0][i] = c;
	}
	/* Table k advances a byte k positions further through the register. */
	for (i = 0; i < 256; i++)
		for (j = 1; j < 8; j++)
			crc32_tab[j][i] = (crc32_tab[j - 1][i] >> 8) ^
				crc32_tab[0][crc32_tab[j - 1][i] & 0xffu];
}

static inline uint32_t
load_le32(const uint8_t *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
		(uint32_t)p[3] << 24;
}

uint32_t
model_crc32(const void *buf, size_t len)
{
	const uint8_t *p = buf;
	uint32_t crc = 0xffffffffu;
	uint32_t lo, hi;

	pthread_once(&crc32_once, crc32_tables_init);
	while (len >= 8) {
		lo = load_le32(p) ^ crc;
		hi = load_le32(p + 4);
		crc = crc32_tab[7][lo & 0xff] ^ crc32_tab[6][(lo >> 8) & 0xff] ^
			crc32_tab[5][(lo >> 16) & 0xff] ^ crc32_tab[4][lo >> 24] ^
			crc32_tab[3][hi & 0xff] ^ crc32_tab[2][(hi >> 8) & 0xff] ^
			crc32_tab[1][(hi >> 16) & 0xff] ^ crc32_tab[0][hi >> 24];
		p += 8;
		len -= 8;
	}
	while (len--)
		crc = (crc >> 8) ^ crc32_tab[0][(crc ^ *p++) & 0xff];
	return crc ^ 0xffffffffu;
}

void
model_crc32_fcs(const void *frame, size_t len, uint8_t fcs[MODEL_FCS_LEN])
{
	uint32_t crc = model_crc32(frame, len);

	/* 802.3 clause 3.2.9: the FCS goes out least significant byte first. */
	fcs[0] = (uint8_t)crc;
	fcs[1] = (uint8_t)(crc >> 8);
	fcs[2] = (uint8_t)(crc >> 16);
	fcs[3] = (uint8_t)(crc >> 24);
}
