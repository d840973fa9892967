/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Register map of the Marvell NETA Ethernet controller (common to the
 * Armada 370, XP, 38x and 3700): per-queue RX registers at 0x1400, port and SDMA configuration at
 * 0x2400, interrupts at 0x25a0, the GMAC at 0x2c00, the MIB counters at
 * 0x3000 (mvneta_mib.h), per-queue TX registers at 0x3c00.
 *
 * Names follow Linux's drivers/net/ethernet/marvell/mvneta.c so that
 * `git grep NAME` in a kernel tree finds the code programming the same
 * field. Fields the kernel has no macro for carry an MVNETA_ name and a
 * note saying where the fact comes from (Marvell's user-space driver,
 * musdk src/drivers/neta, or the kernel code that uses the field without
 * naming it).
 *
 * NETA has no OWN bit. The device counts descriptors:
 *  - RX: RXQ_STATUS holds the number of descriptors the device filled and
 *    the driver has not returned yet (occupied) and the number of armed
 *    descriptors it may still fill (non-occupied). The driver subtracts
 *    what it processed and adds what it re-armed with one write to
 *    RXQ_STATUS_UPDATE, at most 255 of each per write.
 *  - TX: the driver adds descriptors to send with TXQ_UPDATE (at most 255
 *    per write); the device counts the ones it sent in TXQ_STATUS, which
 *    the driver decrements through TXQ_UPDATE as it reclaims them.
 *
 * Every value is a plain integer constant expression; only <stdint.h> is
 * needed. Pinned to the reference values by tests/test_mvneta_consts.c.
 */
#ifndef SOCRX_MVNETA_REGS_H
#define SOCRX_MVNETA_REGS_H

#include <stdint.h>

#include "mvneta_bits.h"

/* Size of the register window the model and the UIO map expose. */
#define MVNETA_REG_WINDOW_SIZE			0x4000U

/* ------------------------------------------------------------------------
 * RX queues, one register of each kind per queue (q = 0..7).
 * ------------------------------------------------------------------------ */
#define MVNETA_RXQ_CONFIG_REG(q)		(0x1400U + ((uint32_t)(q) << 2))
#define MVNETA_RXQ_HW_BUF_ALLOC			MVNETA_BIT(0) /* BM on */
#define MVNETA_RXQ_SHORT_POOL_ID_SHIFT		4
#define MVNETA_RXQ_SHORT_POOL_ID_MASK		0x30U
#define MVNETA_RXQ_LONG_POOL_ID_SHIFT		6
#define MVNETA_RXQ_LONG_POOL_ID_MASK		0xc0U
/* Packet offset in the buffer, in units of 8 bytes (offset >> 3). */
#define MVNETA_RXQ_PKT_OFFSET_SHIFT		8	/* no Linux macro */
#define MVNETA_RXQ_PKT_OFFSET_ALL_MASK		(0xfU << 8)
#define MVNETA_RXQ_PKT_OFFSET_MASK(offs)	((uint32_t)(offs) << 8)
#define MVNETA_RXQ_PKT_OFFSET_UNIT		8U	/* mvneta_rxq_offset_set */

#define MVNETA_RXQ_BASE_ADDR_REG(q)		(0x1480U + ((uint32_t)(q) << 2))

/* Ring size in descriptors [13:0]; buffer size in units of 8 bytes [31:19]. */
#define MVNETA_RXQ_SIZE_REG(q)			(0x14a0U + ((uint32_t)(q) << 2))
#define MVNETA_RXQ_DESC_NUM_MASK		0x3fffU	/* no Linux macro */
#define MVNETA_RXQ_BUF_SIZE_SHIFT		19
#define MVNETA_RXQ_BUF_SIZE_MASK		(0x1fffU << 19)
#define MVNETA_RXQ_BUF_SIZE_UNIT		8U	/* mvneta_rxq_buf_size_set */

/*
 * RX interrupt thresholds: occupied descriptors [13:0] (the queue's cause
 * is up from that many on, Linux mvneta_rx_pkts_coal_set()), non-occupied
 * [29:16] (0: unused, as Linux leaves it).
 */
#define MVNETA_RXQ_THRESHOLD_REG(q)		(0x14c0U + ((uint32_t)(q) << 2))
#define MVNETA_RXQ_OCCUPIED_THRESH_MASK		0x3fffU	/* no Linux macro */
#define MVNETA_RXQ_NON_OCCUPIED(v)		((uint32_t)(v) << 16)

/* Occupied [13:0] (filled by the device, not returned), non-occupied [29:16]. */
#define MVNETA_RXQ_STATUS_REG(q)		(0x14e0U + ((uint32_t)(q) << 2))
#define MVNETA_RXQ_OCCUPIED_ALL_MASK		0x3fffU
#define MVNETA_RXQ_NON_OCCUPIED_SHIFT		16	/* musdk/LSP */
#define MVNETA_RXQ_NON_OCCUPIED_ALL_MASK	0x3fff0000U /* musdk/LSP */

/*
 * Processed descriptors to subtract from occupied [7:0], newly armed ones
 * to add to non-occupied [23:16]; at most 255 of each per write
 * (mvneta_rxq_desc_num_update).
 */
#define MVNETA_RXQ_STATUS_UPDATE_REG(q)		(0x1500U + ((uint32_t)(q) << 2))
#define MVNETA_RXQ_DEC_OCCUPIED_MASK		0xffU	/* no Linux macro */
#define MVNETA_RXQ_ADD_NON_OCCUPIED_SHIFT	16
#define MVNETA_RXQ_ADD_NON_OCCUPIED_MASK	0xff0000U /* no Linux macro */
#define MVNETA_RXQ_ADD_NON_OCCUPIED_MAX		255U
#define MVNETA_RXQ_DEC_OCCUPIED_MAX		255U	/* no Linux macro */

#define MVNETA_PORT_POOL_BUFFER_SZ_REG(pool)	(0x1700U + ((uint32_t)(pool) << 2))
#define MVNETA_PORT_POOL_BUFFER_SZ_SHIFT	3
#define MVNETA_PORT_POOL_BUFFER_SZ_MASK		0xfff8U

#define MVNETA_PORT_RX_RESET			0x1cc0U
#define MVNETA_PORT_RX_DMA_RESET		MVNETA_BIT(0)

/* ------------------------------------------------------------------------
 * Unit and address decoding windows.
 * ------------------------------------------------------------------------ */
#define MVNETA_PHY_ADDR				0x2000U
#define MVNETA_PHY_ADDR_MASK			0x1fU
#define MVNETA_MBUS_RETRY			0x2010U
#define MVNETA_UNIT_INTR_CAUSE			0x2080U
#define MVNETA_UNIT_CONTROL			0x20b0U
#define MVNETA_PHY_POLLING_ENABLE		MVNETA_BIT(1)
#define MVNETA_WIN_BASE(w)			(0x2200U + ((uint32_t)(w) << 3))
#define MVNETA_WIN_SIZE(w)			(0x2204U + ((uint32_t)(w) << 3))
#define MVNETA_WIN_REMAP(w)			(0x2280U + ((uint32_t)(w) << 2))
#define MVNETA_BASE_ADDR_ENABLE			0x2290U
#define MVNETA_ACCESS_PROTECT_ENABLE		0x2294U
#define MVNETA_MAX_DECODE_WIN			6U

/* ------------------------------------------------------------------------
 * Port configuration.
 * ------------------------------------------------------------------------ */
#define MVNETA_PORT_CONFIG			0x2400U
#define MVNETA_UNI_PROMISC_MODE			MVNETA_BIT(0)
/* Broadcast frames refused (FreeBSD MVNETA_PXC_RB); 0: they pass. */
#define MVNETA_REJECT_BCAST			MVNETA_BIT(7)
/* Default RX queue [3:1]: frames no other rule steers land there. */
#define MVNETA_DEF_RXQ(q)			((uint32_t)(q) << 1)
#define MVNETA_DEF_RXQ_SHIFT			1	/* no Linux macro */
#define MVNETA_DEF_RXQ_MASK			0xeU	/* no Linux macro */
#define MVNETA_DEF_RXQ_ARP(q)			((uint32_t)(q) << 4)
#define MVNETA_TX_UNSET_ERR_SUM			MVNETA_BIT(12)
/*
 * Capture enables of the TCP and UDP queues (FreeBSD MVNETA_PXC_TCPCAPEN,
 * _UDPCAPEN; Marvell's LSP mvNetaTcpRxq() / mvNetaUdpRxq() set them with
 * the queue): without them IPv4 TCP / UDP frames take no class queue.
 */
#define MVNETA_TCP_CAPTURE_EN			MVNETA_BIT(14)
#define MVNETA_UDP_CAPTURE_EN			MVNETA_BIT(15)
#define MVNETA_DEF_RXQ_TCP(q)			((uint32_t)(q) << 16)
#define MVNETA_DEF_RXQ_UDP(q)			((uint32_t)(q) << 19)
#define MVNETA_DEF_RXQ_BPDU(q)			((uint32_t)(q) << 22)
/* Where each 3-bit queue field of PORT_CONFIG starts (no Linux macros). */
#define MVNETA_DEF_RXQ_ARP_SHIFT		4
#define MVNETA_DEF_RXQ_TCP_SHIFT		16
#define MVNETA_DEF_RXQ_UDP_SHIFT		19
#define MVNETA_DEF_RXQ_BPDU_SHIFT		22
#define MVNETA_RXQ_FIELD_MASK			0x7U	/* a queue number */
#define MVNETA_RX_CSUM_WITH_PSEUDO_HDR		MVNETA_BIT(25)
#define MVNETA_PORT_CONFIG_DEFL_VALUE(q)	(MVNETA_DEF_RXQ(q) |	\
						 MVNETA_DEF_RXQ_ARP(q) |	\
						 MVNETA_DEF_RXQ_TCP(q) |	\
						 MVNETA_DEF_RXQ_UDP(q) |	\
						 MVNETA_DEF_RXQ_BPDU(q) |	\
						 MVNETA_TX_UNSET_ERR_SUM |	\
						 MVNETA_RX_CSUM_WITH_PSEUDO_HDR)
#define MVNETA_PORT_CONFIG_EXTEND		0x2404U
/*
 * Spanning-tree BPDUs (01:80:c2:00:00:00) to the BPDU queue of
 * PORT_CONFIG (FreeBSD MVNETA_PXCX_SPAN; LSP mvNetaBpduRxq() sets it).
 */
#define MVNETA_SPAN_BPDU_CAPTURE_EN		MVNETA_BIT(1)
#define MVNETA_MAC_ADDR_LOW			0x2414U
#define MVNETA_MAC_ADDR_HIGH			0x2418U

#define MVNETA_SDMA_CONFIG			0x241cU
#define MVNETA_SDMA_BRST_SIZE_16		4U
#define MVNETA_RX_BRST_SZ_MASK(burst)		((uint32_t)(burst) << 1)
#define MVNETA_RX_NO_DATA_SWAP			MVNETA_BIT(4)
#define MVNETA_TX_NO_DATA_SWAP			MVNETA_BIT(5)
#define MVNETA_DESC_SWAP			MVNETA_BIT(6)
#define MVNETA_TX_BRST_SZ_MASK(burst)		((uint32_t)(burst) << 22)

/*
 * RX queue of an 802.1Q-tagged frame by its priority (PCP): 3 bits per
 * priority, priority p in [3p+2:3p] (Linux mvneta_map_vlan_prio_to_rxq();
 * FreeBSD MVNETA_VPT2P; LSP mvNetaVprioToRxqSet()). No enable bit in any
 * of them: the map always applies to tagged frames (docs/model.md).
 */
#define MVNETA_VLAN_PRIO_TO_RXQ			0x2440U
#define MVNETA_VLAN_PRIO_RXQ_MAP(prio, rxq)	((uint32_t)(rxq) << ((prio) * 3))
#define MVNETA_VLAN_PRIO_SHIFT(prio)		((prio) * 3)	/* ours */
#define MVNETA_PORT_STATUS			0x2444U
#define MVNETA_TX_IN_PRGRS			MVNETA_BIT(0)
#define MVNETA_TX_FIFO_EMPTY			MVNETA_BIT(8)
#define MVNETA_TXQ_CMD				0x2448U
#define MVNETA_TXQ_DISABLE_SHIFT		8
#define MVNETA_TXQ_ENABLE_MASK			0x000000ffU
#define MVNETA_RX_MIN_FRAME_SIZE		0x247cU
#define MVNETA_SERDES_CFG			0x24a0U	/* Armada 370/XP */
#define MVNETA_TYPE_PRIO			0x24bcU
#define MVNETA_FORCE_UNI			MVNETA_BIT(21)
#define MVNETA_TXQ_CMD_1			0x24e4U
#define MVNETA_GMAC_CLOCK_DIVIDER		0x24f4U
#define MVNETA_GMAC_1MS_CLOCK_ENABLE		MVNETA_BIT(31)
#define MVNETA_ACC_MODE				0x2500U
#define MVNETA_ACC_MODE_EXT1			1U	/* SW buffers, legacy parser */
#define MVNETA_ACC_MODE_EXT2			2U	/* HW BM, legacy parser */
#define MVNETA_BM_ADDRESS			0x2504U
#define MVNETA_CPU_MAP(cpu)			(0x2540U + ((uint32_t)(cpu) << 2))
#define MVNETA_CPU_RXQ_ACCESS_ALL_MASK		0x000000ffU
#define MVNETA_CPU_TXQ_ACCESS_ALL_MASK		0x0000ff00U
#define MVNETA_CPU_RXQ_ACCESS(rxq)		MVNETA_BIT(rxq)
#define MVNETA_CPU_TXQ_ACCESS(txq)		MVNETA_BIT((txq) + 8)
/*
 * RX time coalescing in core clock cycles: the cause rises that long
 * after a frame left the queue below its occupied threshold (Linux
 * mvneta_rx_time_coal_set(): usecs * clk_rate / 1000000); 0: off.
 */
#define MVNETA_RXQ_TIME_COAL_REG(q)		(0x2580U + ((uint32_t)(q) << 2))

/* ------------------------------------------------------------------------
 * Interrupts. NEW_CAUSE bit 8 + q: RX queue q holds frames (its occupied
 * count reached RXQ_THRESHOLD, or RXQ_TIME_COAL expired with frames
 * there); bit q: TX queue q. The per-CPU line is up while a cause bit is
 * set with its NEW_MASK bit and the queue's INTR_ENABLE bit.
 * ------------------------------------------------------------------------ */
#define MVNETA_INTR_NEW_CAUSE			0x25a0U
#define MVNETA_INTR_NEW_MASK			0x25a4U
#define MVNETA_TX_INTR_MASK(nr_txqs)		((MVNETA_BIT(nr_txqs) - 1U) << 0)
#define MVNETA_TX_INTR_MASK_ALL			(0xffU << 0)
#define MVNETA_RX_INTR_MASK(nr_rxqs)		((MVNETA_BIT(nr_rxqs) - 1U) << 8)
#define MVNETA_RX_INTR_MASK_ALL			(0xffU << 8)
#define MVNETA_RX_INTR_BIT(q)			MVNETA_BIT((q) + 8) /* no Linux macro */
#define MVNETA_MISCINTR_INTR_MASK		MVNETA_BIT(31)
#define MVNETA_INTR_OLD_CAUSE			0x25a8U
#define MVNETA_INTR_OLD_MASK			0x25acU
#define MVNETA_INTR_MISC_CAUSE			0x25b0U
#define MVNETA_INTR_MISC_MASK			0x25b4U
#define MVNETA_CAUSE_PHY_STATUS_CHANGE		MVNETA_BIT(0)
#define MVNETA_CAUSE_LINK_CHANGE		MVNETA_BIT(1)
#define MVNETA_CAUSE_INTERNAL_ADDR_ERR		MVNETA_BIT(7)
#define MVNETA_CAUSE_RX_OVERRUN			MVNETA_BIT(8)
#define MVNETA_CAUSE_RX_CRC_ERROR		MVNETA_BIT(9)
#define MVNETA_CAUSE_RX_LARGE_PKT		MVNETA_BIT(10)
#define MVNETA_CAUSE_TX_UNDERUN			MVNETA_BIT(11)
#define MVNETA_INTR_ENABLE			0x25b8U
#define MVNETA_TXQ_INTR_ENABLE_ALL_MASK		0x0000ff00U
#define MVNETA_RXQ_INTR_ENABLE_ALL_MASK		0x000000ffU
#define MVNETA_RXQ_INTR_ENABLE(q)		MVNETA_BIT(q)	/* no Linux macro */

/* RX queue enable [7:0] (write 1 to enable), disable [15:8]. */
#define MVNETA_RXQ_CMD				0x2680U
#define MVNETA_RXQ_DISABLE_SHIFT		8
#define MVNETA_RXQ_ENABLE_MASK			0x000000ffU

#define MVETH_TXQ_TOKEN_COUNT_REG(q)		(0x2700U + ((uint32_t)(q) << 4))
#define MVETH_TXQ_TOKEN_CFG_REG(q)		(0x2704U + ((uint32_t)(q) << 4))

/* ------------------------------------------------------------------------
 * GMAC.
 * ------------------------------------------------------------------------ */
#define MVNETA_GMAC_CTRL_0			0x2c00U
#define MVNETA_GMAC0_PORT_ENABLE		MVNETA_BIT(0)
#define MVNETA_GMAC0_PORT_1000BASE_X		MVNETA_BIT(1)
/* Must be written 1 (FreeBSD MVNETA_PMACC0_MUSTSET). */
#define MVNETA_GMAC0_MUST_SET			MVNETA_BIT(15)
/* Largest frame accepted, (max_rx_size - MH) / 2 in [14:2]. */
#define MVNETA_GMAC_MAX_RX_SIZE_SHIFT		2
#define MVNETA_GMAC_MAX_RX_SIZE_MASK		0x7ffcU
#define MVNETA_GMAC_CTRL_2			0x2c08U
#define MVNETA_GMAC2_INBAND_AN_ENABLE		MVNETA_BIT(0)
#define MVNETA_GMAC2_PCS_ENABLE			MVNETA_BIT(3)
#define MVNETA_GMAC2_PORT_RGMII			MVNETA_BIT(4)
#define MVNETA_GMAC2_PORT_RESET			MVNETA_BIT(6)
#define MVNETA_GMAC_AUTONEG_CONFIG		0x2c0cU
#define MVNETA_GMAC_FORCE_LINK_DOWN		MVNETA_BIT(0)
#define MVNETA_GMAC_FORCE_LINK_PASS		MVNETA_BIT(1)
#define MVNETA_GMAC_INBAND_AN_ENABLE		MVNETA_BIT(2)
#define MVNETA_GMAC_CONFIG_MII_SPEED		MVNETA_BIT(5)
#define MVNETA_GMAC_CONFIG_GMII_SPEED		MVNETA_BIT(6)
#define MVNETA_GMAC_AN_SPEED_EN			MVNETA_BIT(7)
#define MVNETA_GMAC_CONFIG_FLOW_CTRL		MVNETA_BIT(8)
#define MVNETA_GMAC_CONFIG_FULL_DUPLEX		MVNETA_BIT(12)
#define MVNETA_GMAC_AN_DUPLEX_EN		MVNETA_BIT(13)
#define MVNETA_GMAC_STATUS			0x2c10U
#define MVNETA_GMAC_LINK_UP			MVNETA_BIT(0)
#define MVNETA_GMAC_SPEED_1000			MVNETA_BIT(1)
#define MVNETA_GMAC_SPEED_100			MVNETA_BIT(2)
#define MVNETA_GMAC_FULL_DUPLEX			MVNETA_BIT(3)
#define MVNETA_GMAC_CTRL_4			0x2c90U
#define MVNETA_GMAC4_SHORT_PREAMBLE_ENABLE	MVNETA_BIT(1)

/* Destination-address filter tables (one byte per entry: pass | queue << 1). */
#define MVNETA_DA_FILT_SPEC_MCAST		0x3400U
#define MVNETA_DA_FILT_OTH_MCAST		0x3500U
#define MVNETA_DA_FILT_UCAST_BASE		0x3600U
#define MVNETA_DA_FILT_PASS			MVNETA_BIT(0)	/* FreeBSD MVNETA_DF_PASS */
#define MVNETA_DA_FILT_QUEUE_SHIFT		1		/* FreeBSD MVNETA_DF_QUEUE */
/* Entries: the last nibble / the last byte / a CRC-8 of the address. */
#define MVNETA_DA_FILT_UCAST_ENTRIES		16U
#define MVNETA_DA_FILT_MCAST_ENTRIES		256U

/* ------------------------------------------------------------------------
 * TX queues (q = 0..7).
 * ------------------------------------------------------------------------ */
#define MVNETA_TXQ_BASE_ADDR_REG(q)		(0x3c00U + ((uint32_t)(q) << 2))
/* Ring size in descriptors [13:0], sent-interrupt threshold [29:16]. */
#define MVNETA_TXQ_SIZE_REG(q)			(0x3c20U + ((uint32_t)(q) << 2))
#define MVNETA_TXQ_DESC_NUM_MASK		0x3fffU	/* no Linux macro */
#define MVNETA_TXQ_SENT_THRESH_ALL_MASK		0x3fff0000U
#define MVNETA_TXQ_SENT_THRESH_MASK(coal)	((uint32_t)(coal) << 16)
/* Pending (added, not yet sent) [13:0]; sent, not yet reclaimed [29:16]. */
#define MVNETA_TXQ_STATUS_REG(q)		(0x3c40U + ((uint32_t)(q) << 2))
#define MVNETA_TXQ_PENDING_DESC_MASK		0x3fffU	/* musdk/LSP */
#define MVNETA_TXQ_SENT_DESC_SHIFT		16
#define MVNETA_TXQ_SENT_DESC_MASK		0x3fff0000U
/* Descriptors to send [7:0]; sent descriptors reclaimed [23:16]. */
#define MVNETA_TXQ_UPDATE_REG(q)		(0x3c60U + ((uint32_t)(q) << 2))
#define MVNETA_TXQ_ADD_PENDING_MASK		0xffU	/* no Linux macro */
#define MVNETA_TXQ_ADD_PENDING_MAX		255U	/* txq_pend_desc_add */
#define MVNETA_TXQ_DEC_SENT_SHIFT		16
#define MVNETA_TXQ_DEC_SENT_MASK		0xffU
#define MVNETA_PORT_TX_RESET			0x3cf0U
#define MVNETA_PORT_TX_DMA_RESET		MVNETA_BIT(0)
/*
 * The TX queue arbiter (FreeBSD "Tx DMA Queue Arbiter Registers (Version
 * 3)", Marvell's LSP "New TX WRR EJP Registers"; fields in mvneta_sdma.h).
 */
#define MVNETA_TXQ_CMD1_REG			0x3e00U	/* Linux */
#define MVNETA_TXQ_FIXED_PRIO_CFG		0x3e04U	/* FreeBSD TQFPC_V3 */
#define MVNETA_TX_MTU				0x3e0cU
#define MVNETA_TX_MTU_MAX			0x3ffffU
#define MVNETA_TX_TOKEN_SIZE			0x3e14U
#define MVNETA_TXQ_TOKEN_SIZE_REG(q)		(0x3e40U + ((uint32_t)(q) << 2))
/* Transmit Queue Arbiter Configuration (FreeBSD TQAC_V3, LSP TQxAC). */
#define MVNETA_TXQ_ARB_CFG_REG(q)		(0x3e80U + ((uint32_t)(q) << 2))

#endif /* SOCRX_MVNETA_REGS_H */
