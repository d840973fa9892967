/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Frame and queue geometry of the Marvell NETA controller: the Marvell
 * header, queue counts, ring and buffer limits, and the defaults Linux's
 * mvneta.c uses for them.
 *
 * Pinned to the reference values by tests/test_mvneta_consts.c.
 */
#ifndef SOCRX_MVNETA_HW_H
#define SOCRX_MVNETA_HW_H

#include <stdint.h>

/*
 * The 2-byte Marvell header in front of every received frame (zero unless
 * a Marvell switch mode is on). RX data_size counts it and the FCS:
 * frame bytes = data_size - (MVNETA_MH_SIZE + MVNETA_ETH_FCS_LEN).
 */
#define MVNETA_MH_SIZE			2U
#define MVNETA_ETH_FCS_LEN		4U
#define MVNETA_VLAN_TAG_LEN		4U

/* Eight RX and eight TX queues; unsteered frames go to the default one. */
#define MVNETA_MAX_RXQ			8U
#define MVNETA_MAX_TXQ			8U
#define MVNETA_RXQ_DEF			0U	/* Linux rxq_def */

/*
 * CPU_MAP registers the driver writes, one per CPU that may touch the
 * port's per-CPU interrupt registers: Armada XP's four cores, the most
 * of any NETA SoC (Linux writes one per present CPU).
 */
#define MVNETA_MAX_CPUS			4U

/* Ring sizes Linux allows (the size fields hold up to 0x3fff). */
#define MVNETA_MAX_RXD			512U
#define MVNETA_MAX_TXD			1024U

/* Largest packet offset the queue config can hold: 15 units of 8 bytes. */
#define MVNETA_RX_PKT_OFFSET_MAX	120U
/* Linux's rx_offset_correction when its headroom exceeds that. */
#define MVNETA_RX_PKT_OFFSET_CORRECTION	64U

/* Linux's rx_copybreak default, bytes after the MH and FCS are removed. */
#define MVNETA_RX_COPYBREAK_DEF		256U

/* Coalescing defaults (frames, microseconds). */
#define MVNETA_RX_COAL_PKTS		32U
#define MVNETA_RX_COAL_USEC		100U

/* TX checksum offload frame size limits. */
#define MVNETA_TX_CSUM_DEF_SIZE		1600U
#define MVNETA_TX_CSUM_MAX_SIZE		9800U

/* mvneta_addr_crc(): the CRC-8 polynomial x^8 + x^2 + x + 1. */
#define MVNETA_DA_FILT_CRC8_POLY	0x107U

/*
 * The "other multicast" table's index of address @p a: Linux
 * mvneta_addr_crc(), a CRC-8 (MVNETA_DA_FILT_CRC8_POLY) over the six
 * bytes, most significant bit first.
 */
static inline unsigned int
mvneta_da_filt_crc8(const uint8_t a[6])
{
	unsigned int crc = 0, i;
	int j;

	for (i = 0; i < 6; i++) {
		crc = (crc ^ a[i]) << 8;
		for (j = 7; j >= 0; j--)
			if (crc & (0x100u << j))
				crc ^= MVNETA_DA_FILT_CRC8_POLY << j;
	}
	return crc & 0xffu;
}

#endif /* SOCRX_MVNETA_HW_H */
