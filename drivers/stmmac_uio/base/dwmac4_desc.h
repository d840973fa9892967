/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Normal (16-byte) DMA descriptors of the DesignWare Ethernet QoS core
 * (GMAC 4.x/5.x, "dwmac4"), TX and RX, in both the read format the driver
 * writes and the write-back format the DMA returns.
 *
 * Field names mirror Linux's drivers/net/ethernet/stmicro/stmmac/
 * dwmac4_descs.h (itself following the databook's "Descriptors" chapter:
 * "Transmit Normal Descriptor (Read/Write-Back Format)", "Receive Normal
 * Descriptor (Read/Write-Back Format)"). Values the kernel has no macro for
 * are DWMAC4_-prefixed.
 *
 * Descriptors live in DMA memory and are little-endian. They are accessed
 * as whole 32-bit words with explicit masks, never through C bitfields,
 * whose layout the C standard leaves to the compiler. On a big-endian host
 * each word needs a byte swap (rte_le_to_cpu_32 and friends).
 *
 * Read format, RX (driver -> DMA):
 *   des0 buffer 1 address [31:0]
 *   des1 buffer 1 address [63:32] when the DMA uses >32-bit addresses
 *   des2 buffer 2 address [31:0]  (or 0)
 *   des3 OWN | IOC | BUF2V | BUF1V
 * Write-back format, RX (DMA -> driver):
 *   des0 outer VLAN tag (if RDES3_RDES0_VALID)
 *   des1 checksum / PTP status (if RDES3_RDES1_VALID)
 *   des2 filter status (if RDES3_RDES2_VALID)
 *   des3 OWN=0 | CTXT | FD | LD | RSx valid | errors | LT | ES | length
 * Read format, TX: des0/des1 buffer 1/2 address, des2 lengths + IOC,
 * des3 OWN | FD | LD | CIC | frame length. Write-back TX: des0/des1 time
 * stamp, des3 OWN=0 | FD | LD | status.
 */
#ifndef SOCRX_DWMAC4_DESC_H
#define SOCRX_DWMAC4_DESC_H

#include <assert.h>
#include <stdint.h>

#include "dwmac4_bits.h"

/* One normal descriptor: four little-endian words, no padding. */
struct dwmac4_desc {
	uint32_t des0;
	uint32_t des1;
	uint32_t des2;
	uint32_t des3;
};

_Static_assert(sizeof(struct dwmac4_desc) == 16,
	       "dwmac4 normal descriptors are 16 bytes; ring math relies on it");

/* Descriptor size in bytes, for ring sizing and tail-pointer arithmetic. */
#define DWMAC4_DESC_SIZE		16U

/* ------------------------------------------------------------------------
 * TX normal descriptor, read format.
 * ------------------------------------------------------------------------ */

/* TDES2 */
#define TDES2_BUFFER1_SIZE_MASK		DWMAC4_GENMASK(13, 0)
#define TDES2_VLAN_TAG_MASK		DWMAC4_GENMASK(15, 14)
#define TDES2_VLAN_TAG_SHIFT		14
/* VTIR: insert the tag of MAC_VLAN_Incl / the context (Linux STMMAC_VLAN_INSERT). */
#define DWMAC4_TDES2_VTIR_INSERT	(2U << TDES2_VLAN_TAG_SHIFT)
#define TDES2_BUFFER2_SIZE_MASK		DWMAC4_GENMASK(29, 16)
#define TDES2_BUFFER2_SIZE_MASK_SHIFT	16
#define TDES2_TIMESTAMP_ENABLE		DWMAC4_BIT(30)
#define TDES2_INTERRUPT_ON_COMPLETION	DWMAC4_BIT(31)

/* TDES3 */
#define TDES3_PACKET_SIZE_MASK		DWMAC4_GENMASK(14, 0)
#define TDES3_CHECKSUM_INSERTION_MASK	DWMAC4_GENMASK(17, 16)
#define TDES3_CHECKSUM_INSERTION_SHIFT	16
/*
 * CIC values, already shifted into TDES3 (Linux: enum tdes_csum_insertion
 * in common.h, cic_disabled .. cic_full).
 */
#define DWMAC4_TDES3_CIC_DISABLED	(0U << TDES3_CHECKSUM_INSERTION_SHIFT)
#define DWMAC4_TDES3_CIC_ONLY_IP	(1U << TDES3_CHECKSUM_INSERTION_SHIFT)
#define DWMAC4_TDES3_CIC_NO_PSEUDOHDR	(2U << TDES3_CHECKSUM_INSERTION_SHIFT)
#define DWMAC4_TDES3_CIC_FULL		(3U << TDES3_CHECKSUM_INSERTION_SHIFT)
/* With TSE set, bits 17:0 are the TCP payload length instead. */
#define TDES3_TCP_PKT_PAYLOAD_MASK	DWMAC4_GENMASK(17, 0)
#define TDES3_TCP_SEGMENTATION_ENABLE	DWMAC4_BIT(18)
#define TDES3_HDR_LEN_SHIFT		19
#define TDES3_SLOT_NUMBER_MASK		DWMAC4_GENMASK(22, 19)
#define TDES3_SA_INSERT_CTRL_MASK	DWMAC4_GENMASK(25, 23)
#define TDES3_SA_INSERT_CTRL_SHIFT	23
#define TDES3_CRC_PAD_CTRL_MASK		DWMAC4_GENMASK(27, 26)
#define TDES3_CRC_PAD_CTRL_SHIFT	26
/*
 * CPC values (first descriptor), already shifted into TDES3 (databook
 * TDES3 normal descriptor read format, "CRC Pad Control"): 0 the MAC
 * appends the CRC and zero-pads a frame shorter than 60 bytes (Linux
 * dwmac4_descs.c leaves it 0); 1 CRC, no pad; 2 the MAC replaces the
 * frame's last 4 bytes with the CRC; 3 neither (the frame carries its
 * own).
 */
#define DWMAC4_TDES3_CPC_CRC_PAD	(0U << TDES3_CRC_PAD_CTRL_SHIFT)
#define DWMAC4_TDES3_CPC_CRC		(1U << TDES3_CRC_PAD_CTRL_SHIFT)
#define DWMAC4_TDES3_CPC_CRC_REPLACE	(2U << TDES3_CRC_PAD_CTRL_SHIFT)
#define DWMAC4_TDES3_CPC_NONE		(3U << TDES3_CRC_PAD_CTRL_SHIFT)

/* ------------------------------------------------------------------------
 * TX normal descriptor, write-back format (TDES3 status).
 * ------------------------------------------------------------------------ */
#define TDES3_IP_HDR_ERROR		DWMAC4_BIT(0)
#define TDES3_DEFERRED			DWMAC4_BIT(1)
#define TDES3_UNDERFLOW_ERROR		DWMAC4_BIT(2)
#define TDES3_EXCESSIVE_DEFERRAL	DWMAC4_BIT(3)
#define TDES3_COLLISION_COUNT_MASK	DWMAC4_GENMASK(7, 4)
#define TDES3_COLLISION_COUNT_SHIFT	4
#define TDES3_EXCESSIVE_COLLISION	DWMAC4_BIT(8)
#define TDES3_LATE_COLLISION		DWMAC4_BIT(9)
#define TDES3_NO_CARRIER		DWMAC4_BIT(10)
#define TDES3_LOSS_CARRIER		DWMAC4_BIT(11)
#define TDES3_PAYLOAD_ERROR		DWMAC4_BIT(12)
#define TDES3_PACKET_FLUSHED		DWMAC4_BIT(13)
#define TDES3_JABBER_TIMEOUT		DWMAC4_BIT(14)
#define TDES3_ERROR_SUMMARY		DWMAC4_BIT(15)
#define TDES3_TIMESTAMP_STATUS		DWMAC4_BIT(17)
#define TDES3_TIMESTAMP_STATUS_SHIFT	17

/* ------------------------------------------------------------------------
 * TDES3 bits common to read and write-back (and context) formats.
 * ------------------------------------------------------------------------ */
#define TDES3_RS1V			DWMAC4_BIT(26)	/* read format */
#define TDES3_RS1V_SHIFT		26
#define TDES3_CTXT_TCMSSV		DWMAC4_BIT(26)	/* context format */
/* Context format: the outer VLAN tag to insert (TDES2 VTIR of the frame). */
#define TDES3_VLAN_TAG			DWMAC4_GENMASK(15, 0)
#define TDES3_VLTV			DWMAC4_BIT(16)
#define TDES3_LAST_DESCRIPTOR		DWMAC4_BIT(28)
#define TDES3_LAST_DESCRIPTOR_SHIFT	28
#define TDES3_FIRST_DESCRIPTOR		DWMAC4_BIT(29)
#define TDES3_CONTEXT_TYPE		DWMAC4_BIT(30)
#define TDES3_CONTEXT_TYPE_SHIFT	30
#define TDES3_OWN			DWMAC4_BIT(31)
#define TDES3_OWN_SHIFT			31

/* ------------------------------------------------------------------------
 * RX normal descriptor, read format (RDES3; RDES0..2 are addresses).
 * ------------------------------------------------------------------------ */
#define RDES3_BUFFER1_VALID_ADDR	DWMAC4_BIT(24)
#define RDES3_BUFFER2_VALID_ADDR	DWMAC4_BIT(25)
#define RDES3_INT_ON_COMPLETION_EN	DWMAC4_BIT(30)

/* ------------------------------------------------------------------------
 * RX normal descriptor, write-back format.
 * ------------------------------------------------------------------------ */

/* RDES0 */
#define RDES0_VLAN_TAG_MASK		DWMAC4_GENMASK(15, 0)

/*
 * RDES1 (valid only if RDES3_RDES1_VALID). The checksum engine reports:
 * IPV4/IPV6 header seen, IP header checksum error, IP payload (TCP/UDP/
 * ICMP) checksum error, or that it bypassed the packet (IPCB).
 */
#define RDES1_IP_PAYLOAD_TYPE_MASK	DWMAC4_GENMASK(2, 0)
#define RDES1_IP_HDR_ERROR		DWMAC4_BIT(3)
#define RDES1_IPV4_HEADER		DWMAC4_BIT(4)
#define RDES1_IPV6_HEADER		DWMAC4_BIT(5)
#define RDES1_IP_CSUM_BYPASSED		DWMAC4_BIT(6)
/* IPCE. Linux renamed RDES1_IP_CSUM_ERROR to this; both kept. */
#define RDES1_IP_PAYLOAD_ERROR		DWMAC4_BIT(7)
#define RDES1_IP_CSUM_ERROR		RDES1_IP_PAYLOAD_ERROR
#define RDES1_PTP_MSG_TYPE_MASK		DWMAC4_GENMASK(11, 8)
#define RDES1_PTP_PACKET_TYPE		DWMAC4_BIT(12)
#define RDES1_PTP_VER			DWMAC4_BIT(13)
#define RDES1_TIMESTAMP_AVAILABLE	DWMAC4_BIT(14)
#define RDES1_TIMESTAMP_AVAILABLE_SHIFT	14
#define RDES1_TIMESTAMP_DROPPED		DWMAC4_BIT(15)
#define RDES1_IP_TYPE1_CSUM_MASK	DWMAC4_GENMASK(31, 16)

/*
 * Values of RDES1_IP_PAYLOAD_TYPE_MASK (databook field PT). 4..7 are IGMP
 * and AV (802.1Qav) packet kinds that a plain receive path treats as
 * unknown.
 */
#define DWMAC4_RDES1_PT_UNKNOWN		0x0U	/* or payload not processed */
#define DWMAC4_RDES1_PT_UDP		0x1U
#define DWMAC4_RDES1_PT_TCP		0x2U
#define DWMAC4_RDES1_PT_ICMP		0x3U

/* RDES2 (valid only if RDES3_RDES2_VALID) */
#define RDES2_L3_L4_HEADER_SIZE_MASK	DWMAC4_GENMASK(9, 0)
#define RDES2_HL			DWMAC4_GENMASK(9, 0)
#define RDES2_VLAN_FILTER_STATUS	DWMAC4_BIT(15)
#define RDES2_SA_FILTER_FAIL		DWMAC4_BIT(16)
#define RDES2_DA_FILTER_FAIL		DWMAC4_BIT(17)
#define RDES2_HASH_FILTER_STATUS	DWMAC4_BIT(18)
/* MADRM (perfect-filter index) or HV (hash value), per HASH_FILTER_STATUS. */
#define RDES2_MAC_ADDR_MATCH_MASK	DWMAC4_GENMASK(26, 19)
#define RDES2_HASH_VALUE_MATCH_MASK	DWMAC4_GENMASK(26, 19)
#define RDES2_L3_L4_FILT_NB_MATCH_MASK	DWMAC4_GENMASK(27, 26)
#define RDES2_L3_L4_FILT_NB_MATCH_SHIFT	26
#define RDES2_L3_FILTER_MATCH		DWMAC4_BIT(27)
#define RDES2_L4_FILTER_MATCH		DWMAC4_BIT(28)

/*
 * RDES3. PACKET_SIZE is the whole frame length, FCS included unless the
 * MAC strips it (GMAC_CONFIG_ACS/CST), and is valid only in the last
 * descriptor of a frame. ERROR_SUMMARY is the OR of the error bits below
 * (DWMAC4_RDES3_ERROR_BITS); checksum results are reported in RDES1.
 */
#define RDES3_PACKET_SIZE_MASK		DWMAC4_GENMASK(14, 0)
#define RDES3_ERROR_SUMMARY		DWMAC4_BIT(15)
#define RDES3_PACKET_LEN_TYPE_MASK	DWMAC4_GENMASK(18, 16)
#define DWMAC4_RDES3_PACKET_LEN_TYPE_SHIFT 16
#define RDES3_DRIBBLE_ERROR		DWMAC4_BIT(19)
#define RDES3_RECEIVE_ERROR		DWMAC4_BIT(20)
#define RDES3_OVERFLOW_ERROR		DWMAC4_BIT(21)
#define RDES3_RECEIVE_WATCHDOG		DWMAC4_BIT(22)
#define RDES3_GIANT_PACKET		DWMAC4_BIT(23)
#define RDES3_CRC_ERROR			DWMAC4_BIT(24)
#define RDES3_RDES0_VALID		DWMAC4_BIT(25)
#define RDES3_RDES1_VALID		DWMAC4_BIT(26)
#define RDES3_RDES2_VALID		DWMAC4_BIT(27)
#define RDES3_LAST_DESCRIPTOR		DWMAC4_BIT(28)
#define RDES3_FIRST_DESCRIPTOR		DWMAC4_BIT(29)
#define RDES3_CONTEXT_DESCRIPTOR	DWMAC4_BIT(30)
#define RDES3_CONTEXT_DESCRIPTOR_SHIFT	30

/* OWN is bit 31 in both formats: 1 = the DMA owns the descriptor. */
#define RDES3_OWN			DWMAC4_BIT(31)

/* Values of the LT field (RDES3_PACKET_LEN_TYPE_MASK), already shifted. */
#define DWMAC4_RDES3_LT_LENGTH		(0U << 16)	/* 802.3 length */
#define DWMAC4_RDES3_LT_TYPE		(1U << 16)	/* Ethernet II */
#define DWMAC4_RDES3_LT_ARP_REQ		(3U << 16)
#define DWMAC4_RDES3_LT_VLAN		(4U << 16)	/* type + 1 VLAN tag */
#define DWMAC4_RDES3_LT_DVLAN		(5U << 16)	/* type + 2 VLAN tags */
#define DWMAC4_RDES3_LT_MAC_CTRL	(6U << 16)
#define DWMAC4_RDES3_LT_OAM		(7U << 16)

/*
 * The RDES3 error bits that ERROR_SUMMARY summarises, for decoding which
 * one fired once the summary bit says something did.
 */
#define DWMAC4_RDES3_ERROR_BITS						\
	(RDES3_DRIBBLE_ERROR | RDES3_RECEIVE_ERROR | RDES3_OVERFLOW_ERROR | \
	 RDES3_RECEIVE_WATCHDOG | RDES3_GIANT_PACKET | RDES3_CRC_ERROR)

#endif /* SOCRX_DWMAC4_DESC_H */
