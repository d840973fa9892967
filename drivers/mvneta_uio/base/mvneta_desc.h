/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * RX and TX DMA descriptors of the Marvell NETA controller: 32 bytes each,
 * eight little-endian 32-bit words, accessed as whole words with explicit
 * masks (never C bitfields). On a big-endian host each word needs a byte
 * swap (or MVNETA_DESC_SWAP in MVNETA_SDMA_CONFIG).
 *
 * Names follow Linux's mvneta.c (struct mvneta_rx_desc / mvneta_tx_desc,
 * MVNETA_RXD_*, MVNETA_TXD_*, MVNETA_TX_*); the parser fields Linux does not
 * name (L3/L4 type, VLAN, IPv4 fragment) follow Marvell's user-space driver
 * (musdk, mv_neta_ppio.h: NETA_RXD_*), under MVNETA_RXD_ names here.
 *
 * RX descriptor (the driver writes buf_phys_addr and buf_cookie; the
 * device writes status and data_size back):
 *   w0 status        errors, parser result, first/last
 *   w1 [15:0]  parser info (unused), [31:16] data_size: bytes written,
 *      counting the 2-byte Marvell header in front of the frame and the FCS
 *   w2 buf_phys_addr 32-bit bus address of the buffer
 *   w3 reserved (flow id)
 *   w4 buf_cookie    software's own value, returned untouched
 *   w5 [15:0] prefetch command, [31:16] L4 checksum (unused here)
 *   w6, w7 reserved
 * TX descriptor (the driver writes everything):
 *   w0 command       L3 offset, IP header length, checksum requests
 *                    (read from a frame's first descriptor only),
 *                    first/last, zero padding
 *   w1 [15:0] L4 checksum (unused), [31:16] data_size
 *   w2 buf_phys_addr
 *   w3..w7 reserved (software may keep a cookie there)
 *
 * The frame the device writes starts at buffer + packet offset
 * (MVNETA_RXQ_CONFIG_REG) with the Marvell header (MVNETA_MH_SIZE, zero on
 * RX); the Ethernet header follows, which puts the IP header on a 4-byte
 * boundary. A frame fills one descriptor when it fits the queue's buffer
 * size (MVNETA_RXQ_SIZE_REG): both FIRST and LAST are set.
 *
 * Pinned to the reference values by tests/test_mvneta_consts.c.
 */
#ifndef SOCRX_MVNETA_DESC_H
#define SOCRX_MVNETA_DESC_H

#include <stdint.h>

#include "mvneta_bits.h"

/* One RX descriptor: eight little-endian words, no padding. */
struct mvneta_rx_desc {
	uint32_t status;	/* w0: MVNETA_RXD_* */
	uint32_t size;		/* w1: data_size in [31:16] */
	uint32_t buf_phys_addr;	/* w2 */
	uint32_t reserved2;	/* w3 */
	uint32_t buf_cookie;	/* w4 */
	uint32_t reserved3;	/* w5 */
	uint32_t reserved5;	/* w6 */
	uint32_t reserved6;	/* w7 */
};

/* One TX descriptor: eight little-endian words, no padding. */
struct mvneta_tx_desc {
	uint32_t command;	/* w0: MVNETA_TXD_*, MVNETA_TX_* */
	uint32_t size;		/* w1: data_size in [31:16] */
	uint32_t buf_phys_addr;	/* w2 */
	uint32_t reserved2;	/* w3 */
	uint32_t reserved3[4];	/* w4..w7 */
};

_Static_assert(sizeof(struct mvneta_rx_desc) == 32,
	       "NETA RX descriptors are 32 bytes");
_Static_assert(sizeof(struct mvneta_tx_desc) == 32,
	       "NETA TX descriptors are 32 bytes");

/* Descriptor size and ring alignment in bytes (MVNETA_DESC_ALIGNED_SIZE). */
#define MVNETA_DESC_ALIGNED_SIZE	32U

/* Word indexes, for code that walks a descriptor as uint32_t[8]. */
#define MVNETA_DESC_WORDS		8U
#define MVNETA_RXD_W_STATUS		0U
#define MVNETA_RXD_W_SIZE		1U
#define MVNETA_RXD_W_BUF		2U
#define MVNETA_RXD_W_COOKIE		4U

/* data_size in w1 (the 16-bit data_size member of Linux's struct). */
#define MVNETA_DESC_SIZE_SHIFT		16
#define MVNETA_DESC_SIZE_MASK		0xffff0000U
#define MVNETA_DESC_DATA_SIZE(w1)	((uint32_t)(w1) >> 16)

/* ------------------------------------------------------------------------
 * RX status (w0).
 * ------------------------------------------------------------------------ */
#define MVNETA_RXD_BM_POOL_SHIFT	13
#define MVNETA_RXD_BM_POOL_MASK		(MVNETA_BIT(13) | MVNETA_BIT(14))
/* Error summary; the error code says which (valid only with the summary). */
#define MVNETA_RXD_ERR_SUMMARY		MVNETA_BIT(16)
#define MVNETA_RXD_ERR_CODE_SHIFT	17	/* musdk NETA_RXD_ERROR_CODE_OFF */
#define MVNETA_RXD_ERR_CODE_MASK	(MVNETA_BIT(17) | MVNETA_BIT(18))
#define MVNETA_RXD_ERR_CRC		0x0U
#define MVNETA_RXD_ERR_OVERRUN		MVNETA_BIT(17)
#define MVNETA_RXD_ERR_LEN		MVNETA_BIT(18)
#define MVNETA_RXD_ERR_RESOURCE		(MVNETA_BIT(17) | MVNETA_BIT(18))
/* Parser: one VLAN tag seen; BPDU. */
#define MVNETA_RXD_VLAN			MVNETA_BIT(19)	/* musdk */
#define MVNETA_RXD_BPDU			MVNETA_BIT(20)	/* musdk */
/* L4 type [22:21] (musdk NETA_RXD_L4_PRS_MASK). */
#define MVNETA_RXD_L4_TYPE_SHIFT	21
#define MVNETA_RXD_L4_TYPE_MASK		(MVNETA_BIT(21) | MVNETA_BIT(22))
#define MVNETA_RXD_L4_TCP		(0x0U << 21)
#define MVNETA_RXD_L4_UDP		(0x1U << 21)
#define MVNETA_RXD_L4_OTHER		(0x2U << 21)
/*
 * L3 type [25:24] (musdk NETA_RXD_L3_PRS_MASK): 0 not IP, 1 IPv4 with a
 * bad header, 2 IPv6, 3 IPv4 with a good header. Bit 25 alone is what
 * Linux calls MVNETA_RXD_L3_IP4 and musdk the "IP header OK" bit: it is
 * also set for IPv6.
 */
#define MVNETA_RXD_L3_TYPE_SHIFT	24
#define MVNETA_RXD_L3_TYPE_MASK		(MVNETA_BIT(24) | MVNETA_BIT(25))
#define MVNETA_RXD_L3_UN		(0x0U << 24)
#define MVNETA_RXD_L3_IP4_ERR		(0x1U << 24)
#define MVNETA_RXD_L3_IP6		(0x2U << 24)
#define MVNETA_RXD_L3_IP4_OK		(0x3U << 24)
#define MVNETA_RXD_L3_IP4		MVNETA_BIT(25)
#define MVNETA_RXD_IP_HDR_OK		MVNETA_BIT(25)	/* musdk */
#define MVNETA_RXD_LAST_DESC		MVNETA_BIT(26)
#define MVNETA_RXD_FIRST_DESC		MVNETA_BIT(27)
#define MVNETA_RXD_FIRST_LAST_DESC	(MVNETA_RXD_FIRST_DESC |	\
					 MVNETA_RXD_LAST_DESC)
/* The TCP/UDP checksum was verified and is correct (not a fragment). */
#define MVNETA_RXD_L4_CSUM_OK		MVNETA_BIT(30)
/* IPv4 fragment: the L4 checksum was not verified. */
#define MVNETA_RXD_IP4_FRAG		MVNETA_BIT(31)	/* musdk */

/*
 * Software convention of Marvell's user-space driver (musdk neta_ppio.c):
 * the driver writes this into w1 of every descriptor it arms; a w1 still
 * holding it after RXQ_STATUS counted the descriptor means the device's
 * write-back has not landed yet, so the driver stops and reads it again
 * on its next poll. Not a hardware value.
 */
#define MVNETA_DESC_WATERMARK		0xdeadbeafU

/* ------------------------------------------------------------------------
 * TX command (w0).
 * ------------------------------------------------------------------------ */
#define MVNETA_TX_L3_OFF_SHIFT		0
#define MVNETA_TXD_L3_OFF_MASK		0x7fU		/* musdk */
#define MVNETA_TX_IP_HLEN_SHIFT		8
#define MVNETA_TXD_IP_HLEN_MASK		0x1f00U		/* musdk */
/*
 * The largest values the two fields hold: the L3 offset in bytes from the
 * frame's start (Linux skb_network_offset()), the IP header length in
 * 32-bit words (Linux ip4h->ihl; an IPv6 header with its extension
 * headers, skb_network_header_len() >> 2).
 */
#define MVNETA_TX_L3_OFF_MAX		127U
#define MVNETA_TX_IP_HLEN_MAX		31U
#define MVNETA_TX_IP_HLEN_UNIT		4U
#define MVNETA_TX_L4_UDP		MVNETA_BIT(16)
#define MVNETA_TX_L3_IP6		MVNETA_BIT(17)
#define MVNETA_TXD_IP_CSUM		MVNETA_BIT(18)
#define MVNETA_TXD_Z_PAD		MVNETA_BIT(19)
#define MVNETA_TXD_L_DESC		MVNETA_BIT(20)
#define MVNETA_TXD_F_DESC		MVNETA_BIT(21)
#define MVNETA_TXD_FLZ_DESC		(MVNETA_TXD_Z_PAD |		\
					 MVNETA_TXD_L_DESC |		\
					 MVNETA_TXD_F_DESC)
#define MVNETA_TXD_BUF_REL		MVNETA_BIT(22)	/* musdk, HW BM */
#define MVNETA_TXD_PKT_OFF_SHIFT	23		/* musdk */
#define MVNETA_TXD_PKT_OFF_MASK		0x3f800000U	/* musdk */
#define MVNETA_TX_L4_CSUM_MASK		0xc0000000U	/* musdk */
#define MVNETA_TX_L4_CSUM_FULL		MVNETA_BIT(30)
#define MVNETA_TX_L4_CSUM_NOT		MVNETA_BIT(31)

#endif /* SOCRX_MVNETA_DESC_H */
