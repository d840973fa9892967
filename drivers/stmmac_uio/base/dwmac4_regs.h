/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Register map of the Synopsys DesignWare Ethernet QoS core ("GMAC 4.x/5.x",
 * called dwmac4 by Linux): MAC block at 0x0000, MTL block at 0x0c00, DMA
 * block at 0x1000 of the controller's MMIO window.
 *
 * Names follow the Linux stmmac driver (drivers/net/ethernet/stmicro/stmmac/
 * dwmac4.h, dwmac4_dma.h, stmmac_mdio.c, hwif.h, include/linux/stmmac.h) so
 * that `git grep NAME` in a kernel tree finds the code that programs the same
 * field; the kernel is the best public cross-reference for this IP. Values
 * were checked against those headers and the field names of the databook
 * ("DesignWare Cores Ethernet Quality-of-Service Databook", register
 * descriptions chapter). Names the mainline kernel does not define carry a
 * DWMAC4_ prefix, except a few Linux-style names noted where they appear.
 *
 * Per-channel / per-queue offsets are function-like macros of the channel or
 * queue number, like the Linux ones before they grew a dwmac4_addrs argument
 * (used there only for cores with a relocated channel block; the standard
 * layout is the one here).
 *
 * Everything is a plain integer constant expression: usable in
 * _Static_assert, switch labels and static initialisers. Only <stdint.h> is
 * needed.
 */
#ifndef SOCRX_DWMAC4_REGS_H
#define SOCRX_DWMAC4_REGS_H

#include <stdint.h>

/*
 * Bit helpers, shared with dwmac4_desc.h (hence the guards). Kept local so
 * this header needs neither DPDK's RTE_BIT32 nor Linux's BIT/GENMASK.
 */
#ifndef DWMAC4_BIT
#define DWMAC4_BIT(n)		((uint32_t)1 << (n))
#endif
#ifndef DWMAC4_GENMASK
/* Bits h..l inclusive, h >= l, both in 0..31. */
#define DWMAC4_GENMASK(h, l)						\
	((uint32_t)((~(uint32_t)0 >> (31 - (h))) & (~(uint32_t)0 << (l))))
#endif

/* ------------------------------------------------------------------------
 * MAC block (dwmac4.h "MAC registers"; databook "MAC Registers").
 * ------------------------------------------------------------------------ */
#define GMAC_CONFIG			0x0000U	/* MAC_Configuration */
#define GMAC_EXT_CONFIG			0x0004U	/* MAC_Ext_Configuration */
#define GMAC_PACKET_FILTER		0x0008U	/* MAC_Packet_Filter */
#define GMAC_HASH_TAB(x)		(0x0010U + (uint32_t)(x) * 4U)
#define GMAC_VLAN_TAG			0x0050U
#define GMAC_QX_TX_FLOW_CTRL(x)		(0x0070U + (uint32_t)(x) * 4U)
#define GMAC_RX_FLOW_CTRL		0x0090U
#define GMAC_RXQ_CTRL0			0x00a0U	/* MAC_RxQ_Ctrl0: queue enable */
#define GMAC_RXQ_CTRL1			0x00a4U
#define GMAC_RXQ_CTRL2			0x00a8U
#define GMAC_RXQ_CTRL3			0x00acU
#define GMAC_INT_STATUS			0x00b0U	/* MAC_Interrupt_Status */
#define GMAC_INT_EN			0x00b4U	/* MAC_Interrupt_Enable */
#define GMAC_PMT			0x00c0U
#define GMAC4_LPI_CTRL_STATUS		0x00d0U
#define GMAC4_LPI_TIMER_CTRL		0x00d4U
#define GMAC_1US_TIC_COUNTER		0x00dcU
#define GMAC_PCS_BASE			0x00e0U
#define GMAC_PHYIF_CONTROL_STATUS	0x00f8U
/* MAC_Version: Linux keeps this one in hwif.h, not dwmac4.h. */
#define GMAC4_VERSION			0x0110U
#define GMAC_DEBUG			0x0114U
#define GMAC_HW_FEATURE0		0x011cU
#define GMAC_HW_FEATURE1		0x0120U
#define GMAC_HW_FEATURE2		0x0124U
#define GMAC_HW_FEATURE3		0x0128U
#define GMAC_MDIO_ADDR			0x0200U	/* MAC_MDIO_Address */
#define GMAC_MDIO_DATA			0x0204U	/* MAC_MDIO_Data */
#define GMAC_ARP_ADDR			0x0210U
/* MAC_Address<n>_High / _Low; n = 0 holds the station address. */
#define GMAC_ADDR_HIGH(n)		(0x0300U + (uint32_t)(n) * 8U)
#define GMAC_ADDR_LOW(n)		(0x0304U + (uint32_t)(n) * 8U)

/* MAC_Configuration fields. */
#define GMAC_CONFIG_RE			DWMAC4_BIT(0)	/* receiver enable */
#define GMAC_CONFIG_TE			DWMAC4_BIT(1)	/* transmitter enable */
#define DWMAC4_GMAC_CONFIG_PRELEN_MASK	DWMAC4_GENMASK(3, 2)
#define GMAC_CONFIG_DCRS		DWMAC4_BIT(9)
#define GMAC_CONFIG_LM			DWMAC4_BIT(12)	/* loopback */
#define GMAC_CONFIG_DM			DWMAC4_BIT(13)	/* full duplex */
#define GMAC_CONFIG_FES			DWMAC4_BIT(14)	/* 100M (PS=1) / 2.5G */
#define GMAC_CONFIG_FES_SHIFT		14
#define GMAC_CONFIG_PS			DWMAC4_BIT(15)	/* port select: MII */
#define GMAC_CONFIG_JE			DWMAC4_BIT(16)	/* jumbo enable */
#define GMAC_CONFIG_JD			DWMAC4_BIT(17)	/* jabber disable */
#define GMAC_CONFIG_BE			DWMAC4_BIT(18)	/* packet burst enable */
/*
 * WD, CST and GPSLCE: databook field names in Linux style; mainline
 * dwmac4.h does not define them (vendor copies of it do).
 */
#define GMAC_CONFIG_WD			DWMAC4_BIT(19)	/* watchdog disable */
#define GMAC_CONFIG_ACS			DWMAC4_BIT(20)	/* strip pad/FCS (len) */
#define GMAC_CONFIG_CST			DWMAC4_BIT(21)	/* strip FCS (type) */
#define GMAC_CONFIG_2K			DWMAC4_BIT(22)	/* S2KP: 2K packets */
#define GMAC_CONFIG_GPSLCE		DWMAC4_BIT(23)
#define GMAC_CONFIG_IPG			DWMAC4_GENMASK(26, 24)
#define GMAC_CONFIG_IPG_SHIFT		24
#define GMAC_CONFIG_IPC			DWMAC4_BIT(27)	/* RX checksum offload */
#define GMAC_CONFIG_SARC		DWMAC4_GENMASK(30, 28)
#define GMAC_CONFIG_SARC_SHIFT		28
#define GMAC_CONFIG_ARPEN		DWMAC4_BIT(31)

/* MAC_Packet_Filter fields. */
#define GMAC_PACKET_FILTER_PR		DWMAC4_BIT(0)	/* promiscuous */
#define DWMAC4_GMAC_PACKET_FILTER_HUC	DWMAC4_BIT(1)	/* hash unicast */
#define GMAC_PACKET_FILTER_HMC		DWMAC4_BIT(2)	/* hash multicast */
#define DWMAC4_GMAC_PACKET_FILTER_DAIF	DWMAC4_BIT(3)	/* DA inverse */
#define GMAC_PACKET_FILTER_PM		DWMAC4_BIT(4)	/* pass all mcast */
#define DWMAC4_GMAC_PACKET_FILTER_DBF	DWMAC4_BIT(5)	/* drop broadcast */
/* PCF is bits 7:6; Linux only ever sets bit 7 (forward all but pause). */
#define GMAC_PACKET_FILTER_PCF		DWMAC4_BIT(7)
#define DWMAC4_GMAC_PACKET_FILTER_PCF_MASK DWMAC4_GENMASK(7, 6)
#define GMAC_PACKET_FILTER_HPF		DWMAC4_BIT(10)
#define GMAC_PACKET_FILTER_VTFE		DWMAC4_BIT(16)
#define GMAC_PACKET_FILTER_IPFE		DWMAC4_BIT(20)
#define GMAC_PACKET_FILTER_RA		DWMAC4_BIT(31)	/* receive all */

/*
 * MAC_RxQ_Ctrl0: two bits per RX queue; 01 = enabled for AV, 10 = enabled
 * for DCB/generic traffic (what a plain NIC wants), 00 = disabled.
 */
#define GMAC_RX_AV_QUEUE_ENABLE(q)	DWMAC4_BIT((q) * 2)
#define GMAC_RX_DCB_QUEUE_ENABLE(q)	DWMAC4_BIT((q) * 2 + 1)
#define DWMAC4_GMAC_RX_QUEUE_MASK(q)	(DWMAC4_GENMASK(1, 0) << ((q) * 2))

/* MAC_Interrupt_Enable bits (dwmac4.h "MAC Interrupt bitmap"). */
#define GMAC_INT_RGSMIIS		DWMAC4_BIT(0)
#define GMAC_INT_PCS_LINK		DWMAC4_BIT(1)
#define GMAC_INT_PCS_ANE		DWMAC4_BIT(2)
#define GMAC_INT_PCS_PHYIS		DWMAC4_BIT(3)
#define GMAC_INT_PMT_EN			DWMAC4_BIT(4)
#define GMAC_INT_LPI_EN			DWMAC4_BIT(5)

/*
 * MAC_Interrupt_Status bits; Linux spells these as the lower-case enum
 * dwmac4_irq_status (pmt_irq, lpi_irq, mmc_irq, ...), which cannot be
 * reused as macro names.
 */
#define DWMAC4_GMAC_INT_STATUS_RGSMIIIS	DWMAC4_BIT(0)
#define DWMAC4_GMAC_INT_STATUS_PHYIS	DWMAC4_BIT(3)
#define DWMAC4_GMAC_INT_STATUS_PMTIS	DWMAC4_BIT(4)	/* pmt_irq */
#define DWMAC4_GMAC_INT_STATUS_LPIIS	DWMAC4_BIT(5)	/* lpi_irq */
#define DWMAC4_GMAC_INT_STATUS_MMCIS	DWMAC4_BIT(8)	/* mmc_irq */
#define DWMAC4_GMAC_INT_STATUS_MMCRXIS	DWMAC4_BIT(9)	/* mmc_rx_irq */
#define DWMAC4_GMAC_INT_STATUS_MMCTXIS	DWMAC4_BIT(10)	/* mmc_tx_irq */
#define DWMAC4_GMAC_INT_STATUS_MMCRXIPIS DWMAC4_BIT(11)	/* rx csum mmc */
#define DWMAC4_GMAC_INT_STATUS_TSIS	DWMAC4_BIT(12)	/* time_stamp_irq */

/*
 * MAC_PHYIF_Control_Status (dwmac4.h "SGMII/RGMII status register"): the
 * link the PHY reports in band on RGMII (or the SGMII PCS). A read
 * clears MAC_Interrupt_Status.RGSMIIIS. LNKSPEED: 2.5/25/125 MHz clock.
 */
#define GMAC_PHYIF_CTRLSTATUS_LNKMOD		DWMAC4_BIT(16)	/* full duplex */
#define GMAC_PHYIF_CTRLSTATUS_SPEED		DWMAC4_GENMASK(18, 17)
#define GMAC_PHYIF_CTRLSTATUS_SPEED_SHIFT	17
#define GMAC_PHYIF_CTRLSTATUS_LNKSTS		DWMAC4_BIT(19)	/* link up */
#define GMAC_PHYIF_CTRLSTATUS_SPEED_125		0x2U	/* 1000 Mbit/s */
#define GMAC_PHYIF_CTRLSTATUS_SPEED_25		0x1U	/* 100 Mbit/s */
#define GMAC_PHYIF_CTRLSTATUS_SPEED_2_5		0x0U	/* 10 Mbit/s */

/*
 * MAC_Version: SNPSVER is the Synopsys core release as BCD-ish hex (0x40 =
 * 4.00, 0x51 = 5.10); USERVER is set by the SoC integrator. Release values
 * are Linux's DWMAC_CORE_x_yy from common.h.
 */
#define DWMAC4_VERSION_SNPSVER_MASK	DWMAC4_GENMASK(7, 0)
#define DWMAC4_VERSION_USERVER_MASK	DWMAC4_GENMASK(15, 8)
#define DWMAC_CORE_4_00			0x40U
#define DWMAC_CORE_4_10			0x41U
#define DWMAC_CORE_5_00			0x50U
#define DWMAC_CORE_5_10			0x51U
#define DWMAC_CORE_5_20			0x52U

/* MAC_HW_Feature0 (dwmac4.h "MAC HW features0 bitmap"). */
#define GMAC_HW_FEAT_MIISEL		DWMAC4_BIT(0)
#define GMAC_HW_FEAT_GMIISEL		DWMAC4_BIT(1)
#define GMAC_HW_FEAT_HDSEL		DWMAC4_BIT(2)
#define GMAC_HW_FEAT_PCSSEL		DWMAC4_BIT(3)
#define GMAC_HW_FEAT_VLHASH		DWMAC4_BIT(4)
#define GMAC_HW_FEAT_SMASEL		DWMAC4_BIT(5)
#define GMAC_HW_FEAT_RWKSEL		DWMAC4_BIT(6)
#define GMAC_HW_FEAT_MGKSEL		DWMAC4_BIT(7)
#define GMAC_HW_FEAT_MMCSEL		DWMAC4_BIT(8)
#define GMAC_HW_FEAT_ARPOFFSEL		DWMAC4_BIT(9)
#define GMAC_HW_FEAT_TSSEL		DWMAC4_BIT(12)
#define GMAC_HW_FEAT_EEESEL		DWMAC4_BIT(13)
#define GMAC_HW_FEAT_TXCOSEL		DWMAC4_BIT(14)	/* TX csum offload */
#define GMAC_HW_FEAT_RXCOESEL		DWMAC4_BIT(16)	/* RX csum offload */
/*
 * Linux tests only bit 18; the databook field ADDMACADRSEL is 22:18, the
 * number of MAC_Address<n> perfect-filter entries after address 0 (1..31;
 * DPDK's axgbe reads its XGMAC's field the same way: max_mac_addrs =
 * addn_mac + 1).
 */
#define GMAC_HW_FEAT_ADDMAC		DWMAC4_BIT(18)
#define DWMAC4_HW_FEAT_ADDMACADRSEL_MASK DWMAC4_GENMASK(22, 18)
#define DWMAC4_HW_FEAT_ADDMACADRSEL_SHIFT 18
#define GMAC_HW_FEAT_SAVLANINS		DWMAC4_BIT(27)

/* MAC_HW_Feature1. FIFO sizes are log2(bytes / 128). */
#define GMAC_HW_RXFIFOSIZE		DWMAC4_GENMASK(4, 0)
#define GMAC_HW_TXFIFOSIZE		DWMAC4_GENMASK(10, 6)
/* ADDR64 encodes the DMA address width: 0 = 32, 1 = 40, 2 = 48 bits. */
#define GMAC_HW_ADDR64			DWMAC4_GENMASK(15, 14)
#define GMAC_HW_FEAT_SPHEN		DWMAC4_BIT(17)
#define GMAC_HW_TSOEN			DWMAC4_BIT(18)
#define GMAC_HW_FEAT_AVSEL		DWMAC4_BIT(20)
#define GMAC_HW_HASH_TB_SZ		DWMAC4_GENMASK(25, 24)
#define GMAC_HW_FEAT_L3L4FNUM		DWMAC4_GENMASK(30, 27)

/* MAC_HW_Feature2. Counts are encoded as N-1. */
#define GMAC_HW_FEAT_RXQCNT		DWMAC4_GENMASK(3, 0)
#define GMAC_HW_FEAT_TXQCNT		DWMAC4_GENMASK(9, 6)
#define GMAC_HW_FEAT_RXCHCNT		DWMAC4_GENMASK(15, 12)
#define GMAC_HW_FEAT_TXCHCNT		DWMAC4_GENMASK(21, 18)
#define GMAC_HW_FEAT_PPSOUTNUM		DWMAC4_GENMASK(26, 24)

/* MAC_HW_Feature3. */
#define GMAC_HW_FEAT_NRVF		DWMAC4_GENMASK(2, 0)
#define GMAC_HW_FEAT_DVLAN		DWMAC4_BIT(5)
#define GMAC_HW_FEAT_FRPSEL		DWMAC4_BIT(10)
#define GMAC_HW_FEAT_FRPBS		DWMAC4_GENMASK(12, 11)
#define GMAC_HW_FEAT_FRPES		DWMAC4_GENMASK(14, 13)
#define GMAC_HW_FEAT_ESTSEL		DWMAC4_BIT(16)
#define GMAC_HW_FEAT_FPESEL		DWMAC4_BIT(26)
#define GMAC_HW_FEAT_TBSSEL		DWMAC4_BIT(27)
#define GMAC_HW_FEAT_ASP		DWMAC4_GENMASK(29, 28)

/*
 * MAC_MDIO_Address / MAC_MDIO_Data (stmmac_mdio.c; the PA/RDA/CR layout is
 * the mii_regs set up by dwmac4_setup() in dwmac4_core.c). A Clause 22
 * access writes PA, RDA, CR, GOC and GB together, then polls GB to 0.
 */
#define MII_ADDR_GBUSY			DWMAC4_BIT(0)	/* GB; Linux: MII_BUSY */
#define MII_GMAC4_C45E			DWMAC4_BIT(1)
#define MII_GMAC4_GOC_SHIFT		2
#define MII_GMAC4_WRITE			(1U << MII_GMAC4_GOC_SHIFT)
#define MII_GMAC4_READ			(3U << MII_GMAC4_GOC_SHIFT)
#define DWMAC4_MII_GOC_MASK		DWMAC4_GENMASK(3, 2)
#define DWMAC4_MII_CR_SHIFT		8	/* CSR clock range */
#define DWMAC4_MII_CR_MASK		DWMAC4_GENMASK(11, 8)
#define MII_GMAC4_REG_ADDR_SHIFT	16	/* RDA: PHY register */
#define DWMAC4_MII_RDA_MASK		DWMAC4_GENMASK(20, 16)
#define DWMAC4_MII_PA_SHIFT		21	/* PA: PHY address */
#define DWMAC4_MII_PA_MASK		DWMAC4_GENMASK(25, 21)
/* GD; older kernels call it MII_DATA_MASK. */
#define MII_DATA_GD_MASK		DWMAC4_GENMASK(15, 0)

/* CR values: clk_csr_i range -> MDC divider (include/linux/stmmac.h). */
#define STMMAC_CSR_60_100M		0x0U	/* /42 */
#define STMMAC_CSR_100_150M		0x1U	/* /62 */
#define STMMAC_CSR_20_35M		0x2U	/* /16 */
#define STMMAC_CSR_35_60M		0x3U	/* /26 */
#define STMMAC_CSR_150_250M		0x4U	/* /102 */
#define STMMAC_CSR_250_300M		0x5U	/* /124 */
#define STMMAC_CSR_300_500M		0x6U	/* /204 */
#define STMMAC_CSR_500_800M		0x7U	/* /324 */

/* MAC_Address<n>_High: AE marks the entry valid (always set for n = 0). */
#define GMAC_HI_DCS			DWMAC4_GENMASK(18, 16)
#define GMAC_HI_DCS_SHIFT		16
#define GMAC_HI_REG_AE			DWMAC4_BIT(31)
/*
 * Entries 1..31 only (databook MAC_Address1_High; ST's ETH_MACA1HR): SA
 * compares the entry with the source instead of the destination address;
 * MBC bit 24 + k masks address byte k (bytes 0-3 in _Low, 4-5 in _High)
 * out of the comparison. Linux leaves both 0.
 */
#define DWMAC4_GMAC_HI_SA		DWMAC4_BIT(30)
#define DWMAC4_GMAC_HI_MBC_MASK		DWMAC4_GENMASK(29, 24)
#define DWMAC4_GMAC_HI_MBC_SHIFT	24
/* MAC_Address0..31 lie at GMAC_ADDR_HIGH/LOW(n); more are elsewhere. */
#define DWMAC4_GMAC_ADDR_REGS		32U

/* ------------------------------------------------------------------------
 * MTL block (dwmac4.h "MTL registers"; databook "MTL Registers").
 * ------------------------------------------------------------------------ */
#define MTL_OPERATION_MODE		0x0c00U
#define DWMAC4_MTL_OPERATION_DTXSTS	DWMAC4_BIT(1)
#define MTL_OPERATION_RAA		DWMAC4_BIT(2)	/* RX arbitration */
#define MTL_OPERATION_SCHALG_MASK	DWMAC4_GENMASK(6, 5)
#define MTL_FRPE			DWMAC4_BIT(15)
#define MTL_INT_STATUS			0x0c20U
#define MTL_INT_QX(q)			DWMAC4_BIT(q)
#define MTL_RXQ_DMA_MAP0		0x0c30U	/* queues 0..3 */
#define MTL_RXQ_DMA_MAP1		0x0c34U	/* queues 4..7 */
/* Byte lane q of MAP0 (q = 0..3) names the DMA channel for RX queue q. */
#define MTL_RXQ_DMA_QXMDMACH(chan, q)	((uint32_t)(chan) << (8 * (q)))
#define DWMAC4_MTL_RXQ_DMA_QXMDMACH_MASK(q) (DWMAC4_GENMASK(3, 0) << (8 * (q)))

/* Per-queue MTL registers: 0x0d00 + 0x40 * q. */
#define MTL_CHAN_BASE_ADDR		0x0d00U
#define MTL_CHAN_BASE_OFFSET		0x40U
#define MTL_CHANX_BASE_ADDR(q)						\
	(MTL_CHAN_BASE_ADDR + (uint32_t)(q) * MTL_CHAN_BASE_OFFSET)
#define MTL_CHAN_TX_OP_MODE(q)		(MTL_CHANX_BASE_ADDR(q) + 0x00U)
#define DWMAC4_MTL_CHAN_TX_UNDERFLOW(q)	(MTL_CHANX_BASE_ADDR(q) + 0x04U)
#define MTL_CHAN_TX_DEBUG(q)		(MTL_CHANX_BASE_ADDR(q) + 0x08U)
#define MTL_CHAN_INT_CTRL(q)		(MTL_CHANX_BASE_ADDR(q) + 0x2cU)
#define MTL_CHAN_RX_OP_MODE(q)		(MTL_CHANX_BASE_ADDR(q) + 0x30U)
/* MTL_RxQ_Missed_Packet_Overflow_Cnt: drops at the RX FIFO, clear-on-read. */
#define DWMAC4_MTL_CHAN_RX_MISSED_PKT_OVF_CNT(q) (MTL_CHANX_BASE_ADDR(q) + 0x34U)
#define MTL_CHAN_RX_DEBUG(q)		(MTL_CHANX_BASE_ADDR(q) + 0x38U)

/* MTL_TxQ_Operation_Mode. */
#define DWMAC4_MTL_OP_MODE_FTQ		DWMAC4_BIT(0)	/* flush TX queue */
#define MTL_OP_MODE_TSF			DWMAC4_BIT(1)	/* TX store and fwd */
#define MTL_OP_MODE_TXQEN_MASK		DWMAC4_GENMASK(3, 2)
#define MTL_OP_MODE_TXQEN_AV		DWMAC4_BIT(2)
#define MTL_OP_MODE_TXQEN		DWMAC4_BIT(3)	/* 10b: enabled */
#define MTL_OP_MODE_TTC_MASK		DWMAC4_GENMASK(6, 4)
#define MTL_OP_MODE_TTC_SHIFT		4
#define MTL_OP_MODE_TQS_MASK		DWMAC4_GENMASK(24, 16)	/* 256B units-1 */
#define MTL_OP_MODE_TQS_SHIFT		16

/*
 * MTL_RxQ_Operation_Mode. RTC is bits 1:0 in the databook and in current
 * mainline; older kernels had RTC_MASK 0x18 / shift 3, which is really
 * FUP|FEP. FUP and FEP are not in mainline dwmac4.h (the names are those
 * of vendor kernels); DIS_TCP_EF is, in recent kernels only.
 */
#define MTL_OP_MODE_RTC_MASK		DWMAC4_GENMASK(1, 0)
#define MTL_OP_MODE_RTC_SHIFT		0
#define MTL_OP_MODE_FUP			DWMAC4_BIT(3)	/* keep undersized good */
#define MTL_OP_MODE_FEP			DWMAC4_BIT(4)	/* keep error packets */
#define MTL_OP_MODE_RSF			DWMAC4_BIT(5)	/* RX store and fwd */
/* Deliver frames whose TCP/UDP/IP checksum failed instead of dropping. */
#define MTL_OP_MODE_DIS_TCP_EF		DWMAC4_BIT(6)
#define MTL_OP_MODE_EHFC		DWMAC4_BIT(7)	/* HW flow control */
#define MTL_OP_MODE_RFA_MASK		DWMAC4_GENMASK(13, 8)
#define MTL_OP_MODE_RFA_SHIFT		8
#define MTL_OP_MODE_RFD_MASK		DWMAC4_GENMASK(19, 14)
#define MTL_OP_MODE_RFD_SHIFT		14
#define MTL_OP_MODE_RQS_MASK		DWMAC4_GENMASK(29, 20)	/* 256B units-1 */
#define MTL_OP_MODE_RQS_SHIFT		20

/* MTL_Q_Interrupt_Control_Status. */
#define MTL_RX_OVERFLOW_INT		DWMAC4_BIT(16)
#define MTL_RX_OVERFLOW_INT_EN		DWMAC4_BIT(24)

/*
 * MTL_RxQ_Debug: PRXQ, the packets in the RX queue (databook; not named
 * in Linux), and RXQSTS, its fill level (Linux's MTL_DEBUG_RXFSTS_*: 0
 * empty, 1 below the flow-control threshold, 2 above it, 3 full).
 */
#define DWMAC4_MTL_DEBUG_PRXQ_MASK	DWMAC4_GENMASK(29, 16)
#define DWMAC4_MTL_DEBUG_PRXQ_SHIFT	16
#define MTL_DEBUG_RXFSTS_MASK		DWMAC4_GENMASK(5, 4)
#define MTL_DEBUG_RXFSTS_SHIFT		4
#define MTL_DEBUG_RXFSTS_EMPTY		0U
#define MTL_DEBUG_RXFSTS_BT		1U
#define MTL_DEBUG_RXFSTS_FULL		3U

/* MTL_RxQ_Missed_Packet_Overflow_Cnt fields. */
#define DWMAC4_MTL_RX_OVFPKTCNT_MASK	DWMAC4_GENMASK(10, 0)
#define DWMAC4_MTL_RX_OVFCNTOVF		DWMAC4_BIT(11)
#define DWMAC4_MTL_RX_MISPKTCNT_MASK	DWMAC4_GENMASK(26, 16)
#define DWMAC4_MTL_RX_MISCNTOVF		DWMAC4_BIT(27)

/* ------------------------------------------------------------------------
 * DMA block, common part (dwmac4_dma.h; databook "DMA Registers").
 * ------------------------------------------------------------------------ */
#define DMA_BUS_MODE			0x1000U	/* DMA_Mode */
#define DMA_SYS_BUS_MODE		0x1004U	/* DMA_SysBus_Mode */
#define DMA_STATUS			0x1008U	/* DMA_Interrupt_Status */
#define DMA_DEBUG_STATUS_0		0x100cU
#define DMA_DEBUG_STATUS_1		0x1010U
#define DMA_DEBUG_STATUS_2		0x1014U

/* DMA_Mode. SWR self-clears once the whole core (MAC too) is reset. */
#define DMA_BUS_MODE_SFT_RESET		DWMAC4_BIT(0)
#define DMA_BUS_MODE_INTM_MASK		DWMAC4_GENMASK(17, 16)
#define DMA_BUS_MODE_DCHE		DWMAC4_BIT(19)

/*
 * DMA_Debug_Status0: the state of channel 0's receive (RPS0) and transmit
 * (TPS0) processes; 0 is Stopped (databook "DMA_Debug_Status0"; Linux
 * reads it only in its debug dump).
 */
#define DWMAC4_DMA_DEBUG_RPS0_MASK	DWMAC4_GENMASK(11, 8)
#define DWMAC4_DMA_DEBUG_RPS0_SHIFT	8
#define DWMAC4_DMA_DEBUG_TPS0_MASK	DWMAC4_GENMASK(15, 12)
#define DWMAC4_DMA_DEBUG_TPS0_SHIFT	12
#define DWMAC4_DMA_DEBUG_PS_STOPPED	0U
#define DWMAC4_DMA_DEBUG_RPS_SUSPENDED	4U	/* RX: no descriptor */
#define DWMAC4_DMA_DEBUG_RPS_TRANSFER	7U	/* RX: moving a frame to memory */
#define DWMAC4_DMA_DEBUG_TPS_SUSPENDED	6U	/* TX: no descriptor */
/*
 * Every channel's RPS/TPS (4 bits each, TPS above RPS): channels 0-2 in
 * DMA_Debug_Status0 from bit 8, 3-6 in DMA_Debug_Status1 from bit 0, 7 in
 * DMA_Debug_Status2 (databook "DMA_Debug_Status0/1/2").
 */
#define DWMAC4_DMA_DEBUG_STATUS(ch)	(DMA_DEBUG_STATUS_0 +		\
					 4U * (((uint32_t)(ch) + 1U) / 4U))
#define DWMAC4_DMA_DEBUG_RPS_SHIFT(ch)	(8U * (((uint32_t)(ch) + 1U) % 4U))
#define DWMAC4_DMA_DEBUG_TPS_SHIFT(ch)	(DWMAC4_DMA_DEBUG_RPS_SHIFT(ch) + 4U)
#define DWMAC4_DMA_DEBUG_PS_MASK	0xfU

/* DMA_SysBus_Mode (AXI/AHB master configuration). */
#define DMA_SYS_BUS_FB			DWMAC4_BIT(0)	/* fixed burst */
#define DMA_AXI_BLEN4			DWMAC4_BIT(1)
#define DMA_AXI_BLEN8			DWMAC4_BIT(2)
#define DMA_AXI_BLEN16			DWMAC4_BIT(3)
#define DMA_AXI_BLEN32			DWMAC4_BIT(4)
#define DMA_AXI_BLEN64			DWMAC4_BIT(5)
#define DMA_AXI_BLEN128			DWMAC4_BIT(6)
#define DMA_AXI_BLEN256			DWMAC4_BIT(7)
#define DMA_SYS_BUS_EAME		DWMAC4_BIT(11)	/* >32-bit addresses */
#define DMA_SYS_BUS_AAL			DWMAC4_BIT(12)	/* address aligned */
#define DMA_AXI_1KBBE			DWMAC4_BIT(13)
#define DMA_SYS_BUS_MB			DWMAC4_BIT(14)	/* mixed burst */
#define DMA_AXI_RD_OSR_LMT		DWMAC4_GENMASK(19, 16)
#define DMA_AXI_WR_OSR_LMT		DWMAC4_GENMASK(27, 24)
#define DMA_AXI_LPI_XIT_FRM		DWMAC4_BIT(30)
#define DMA_AXI_EN_LPI			DWMAC4_BIT(31)

/* DMA_Interrupt_Status: one summary bit per channel, plus MTL and MAC. */
#define DWMAC4_DMA_STATUS_CHAN(ch)	DWMAC4_BIT(ch)
#define DMA_STATUS_MTL			DWMAC4_BIT(16)
#define DMA_STATUS_MAC			DWMAC4_BIT(17)

/* ------------------------------------------------------------------------
 * DMA block, per channel: 0x1100 + 0x80 * ch (dwmac4_dma.h "Following DMA
 * defines are channel-oriented"; databook DMA_CH<n>_* registers).
 * ------------------------------------------------------------------------ */
#define DMA_CHAN_BASE_ADDR		0x1100U
#define DMA_CHAN_BASE_OFFSET		0x80U
#define DMA_CHANX_BASE_ADDR(ch)						\
	(DMA_CHAN_BASE_ADDR + (uint32_t)(ch) * DMA_CHAN_BASE_OFFSET)

#define DMA_CHAN_CONTROL(ch)		(DMA_CHANX_BASE_ADDR(ch) + 0x00U)
#define DMA_CHAN_TX_CONTROL(ch)		(DMA_CHANX_BASE_ADDR(ch) + 0x04U)
#define DMA_CHAN_RX_CONTROL(ch)		(DMA_CHANX_BASE_ADDR(ch) + 0x08U)
/* Descriptor list base: _HI holds bits 63:32 when EAME is in use. */
#define DMA_CHAN_TX_BASE_ADDR_HI(ch)	(DMA_CHANX_BASE_ADDR(ch) + 0x10U)
#define DMA_CHAN_TX_BASE_ADDR(ch)	(DMA_CHANX_BASE_ADDR(ch) + 0x14U)
#define DMA_CHAN_RX_BASE_ADDR_HI(ch)	(DMA_CHANX_BASE_ADDR(ch) + 0x18U)
#define DMA_CHAN_RX_BASE_ADDR(ch)	(DMA_CHANX_BASE_ADDR(ch) + 0x1cU)
/*
 * Tail pointers (low 32 bits of a descriptor address). Writing one is the
 * doorbell: the DMA owns descriptors up to, not including, the tail.
 */
#define DMA_CHAN_TX_END_ADDR(ch)	(DMA_CHANX_BASE_ADDR(ch) + 0x20U)
#define DMA_CHAN_RX_END_ADDR(ch)	(DMA_CHANX_BASE_ADDR(ch) + 0x28U)
/* Ring length registers hold the descriptor count minus one. */
#define DMA_CHAN_TX_RING_LEN(ch)	(DMA_CHANX_BASE_ADDR(ch) + 0x2cU)
#define DMA_CHAN_RX_RING_LEN(ch)	(DMA_CHANX_BASE_ADDR(ch) + 0x30U)
#define DMA_CHAN_INTR_ENA(ch)		(DMA_CHANX_BASE_ADDR(ch) + 0x34U)
#define DMA_CHAN_RX_WATCHDOG(ch)	(DMA_CHANX_BASE_ADDR(ch) + 0x38U)
#define DMA_CHAN_SLOT_CTRL_STATUS(ch)	(DMA_CHANX_BASE_ADDR(ch) + 0x3cU)
#define DMA_CHAN_CUR_TX_DESC(ch)	(DMA_CHANX_BASE_ADDR(ch) + 0x44U)
#define DMA_CHAN_CUR_RX_DESC(ch)	(DMA_CHANX_BASE_ADDR(ch) + 0x4cU)
#define DMA_CHAN_CUR_TX_BUF_ADDR_HI(ch)	(DMA_CHANX_BASE_ADDR(ch) + 0x50U)
#define DMA_CHAN_CUR_TX_BUF_ADDR(ch)	(DMA_CHANX_BASE_ADDR(ch) + 0x54U)
#define DMA_CHAN_CUR_RX_BUF_ADDR_HI(ch)	(DMA_CHANX_BASE_ADDR(ch) + 0x58U)
#define DMA_CHAN_CUR_RX_BUF_ADDR(ch)	(DMA_CHANX_BASE_ADDR(ch) + 0x5cU)
#define DMA_CHAN_STATUS(ch)		(DMA_CHANX_BASE_ADDR(ch) + 0x60U)
/*
 * DMA_CH<n>_Miss_Frame_Cnt: packets the channel dropped for lack of a
 * descriptor. Mainline Linux does not read it; the name is the one used by
 * vendor stmmac trees.
 */
#define DMA_CHAN_MISS_FRAME_CNT(ch)	(DMA_CHANX_BASE_ADDR(ch) + 0x64U)

/* DMA_CH<n>_Control. */
#define DMA_CONTROL_MSS_MASK		DWMAC4_GENMASK(13, 0)
#define DMA_CHAN_CTRL_PBLX8		DWMAC4_BIT(16)	/* PBL values x8 */
/* DSL: gap between descriptors, in bus-width words; 0 for a packed ring. */
#define DWMAC4_DMA_CHAN_CTRL_DSL_MASK	DWMAC4_GENMASK(20, 18)
#define DWMAC4_DMA_CHAN_CTRL_DSL_SHIFT	18
#define DWMAC4_DMA_CHAN_CTRL_DSL_MAX	7U
#define DMA_CONTROL_SPH			DWMAC4_BIT(24)	/* split header */

/* DMA_CH<n>_Tx_Control. */
#define DMA_CONTROL_ST			DWMAC4_BIT(0)	/* start TX */
#define DMA_CONTROL_OSP			DWMAC4_BIT(4)	/* operate on 2nd pkt */
#define DMA_CONTROL_TSE			DWMAC4_BIT(12)	/* TSO enable */
#define DMA_CHAN_TX_CTRL_TXPBL_MASK	DWMAC4_GENMASK(21, 16)
#define DMA_BUS_MODE_PBL_SHIFT		16	/* TxPBL, as Linux names it */
#define DMA_CONTROL_EDSE		DWMAC4_BIT(28)

/*
 * DMA_CH<n>_Rx_Control. RBSZ spans bits 14:1 and is written as the byte
 * size shifted left by one; its lowest bits are read-only zero, so the
 * buffer size must be a multiple of the bus width (4, 8 or 16 bytes).
 */
#define DMA_CONTROL_SR			DWMAC4_BIT(0)	/* start RX */
#define DMA_RBSZ_MASK			DWMAC4_GENMASK(14, 1)
#define DMA_RBSZ_SHIFT			1
#define DMA_CHAN_RX_CTRL_RXPBL_MASK	DWMAC4_GENMASK(21, 16)
#define DMA_BUS_MODE_RPBL_SHIFT		16
#define DWMAC4_DMA_CONTROL_RPF		DWMAC4_BIT(31)	/* flush on RBU */

/* DMA_CH<n>_Tx/Rx_Ring_Length: 10-bit N-1 field. */
#define DWMAC4_DMA_RING_LEN_MASK	DWMAC4_GENMASK(9, 0)
#define DWMAC4_DMA_RING_LEN(n)		((uint32_t)(n) - 1U)

/*
 * DMA_CH<n>_Rx_Interrupt_Watchdog_Timer: RWT counts in units of 256
 * cycles of the application clock (the one Linux calls stmmac_clk, whose
 * rate also picks the MDC divider: csr_clk=). Cores with a unit field
 * (RWTU) make that 256 when it is 0, which is what Linux's dwmac4 leaves
 * it as: dwmac4_rx_watchdog() writes RWT alone, and stmmac_usec2riwt()
 * converts microseconds as usec * (clk / 1 MHz) / 256.
 */
#define DWMAC4_DMA_RX_WATCHDOG_RWT_MASK	DWMAC4_GENMASK(7, 0)
#define DWMAC4_RWT_UNIT_CYCLES		256U

/* DMA_CH<n>_Miss_Frame_Cnt fields. */
#define DWMAC4_DMA_MISS_FRAME_CNT_MFC_MASK DWMAC4_GENMASK(10, 0)
#define DWMAC4_DMA_MISS_FRAME_CNT_MFCO	DWMAC4_BIT(15)

/*
 * DMA_CH<n>_Interrupt_Enable. The 4.00 core had NIE/AIE one bit higher
 * than 4.10 and later; Linux keeps both (the _4_10 names for 4.10+).
 */
#define DMA_CHAN_INTR_ENA_TIE		DWMAC4_BIT(0)
#define DMA_CHAN_INTR_ENA_TSE		DWMAC4_BIT(1)
#define DMA_CHAN_INTR_ENA_TBUE		DWMAC4_BIT(2)
#define DMA_CHAN_INTR_ENA_RIE		DWMAC4_BIT(6)
#define DMA_CHAN_INTR_ENA_RBUE		DWMAC4_BIT(7)
#define DMA_CHAN_INTR_ENA_RSE		DWMAC4_BIT(8)
#define DMA_CHAN_INTR_ENA_RWE		DWMAC4_BIT(9)
#define DMA_CHAN_INTR_ENA_ETE		DWMAC4_BIT(10)
#define DMA_CHAN_INTR_ENA_ERE		DWMAC4_BIT(11)
#define DMA_CHAN_INTR_ENA_FBE		DWMAC4_BIT(12)
#define DMA_CHAN_INTR_ENA_CDE		DWMAC4_BIT(13)
#define DMA_CHAN_INTR_ENA_AIE_4_10	DWMAC4_BIT(14)
#define DMA_CHAN_INTR_ENA_NIE_4_10	DWMAC4_BIT(15)
#define DMA_CHAN_INTR_ENA_AIE		DWMAC4_BIT(15)	/* 4.00 only */
#define DMA_CHAN_INTR_ENA_NIE		DWMAC4_BIT(16)	/* 4.00 only */

/*
 * DMA_CH<n>_Status. Write-1-to-clear; NIS/AIS summarise the normal and
 * abnormal sources below them.
 */
#define DMA_CHAN_STATUS_TI		DWMAC4_BIT(0)
#define DMA_CHAN_STATUS_TPS		DWMAC4_BIT(1)
#define DMA_CHAN_STATUS_TBU		DWMAC4_BIT(2)
#define DMA_CHAN_STATUS_RI		DWMAC4_BIT(6)
#define DMA_CHAN_STATUS_RBU		DWMAC4_BIT(7)
#define DMA_CHAN_STATUS_RPS		DWMAC4_BIT(8)
#define DMA_CHAN_STATUS_RWT		DWMAC4_BIT(9)
#define DMA_CHAN_STATUS_ETI		DWMAC4_BIT(10)
#define DMA_CHAN_STATUS_ERI		DWMAC4_BIT(11)
#define DMA_CHAN_STATUS_FBE		DWMAC4_BIT(12)
#define DMA_CHAN_STATUS_CDE		DWMAC4_BIT(13)
#define DMA_CHAN_STATUS_AIS		DWMAC4_BIT(14)
#define DMA_CHAN_STATUS_NIS		DWMAC4_BIT(15)
#define DMA_CHAN_STATUS_TEB		DWMAC4_GENMASK(18, 16)
#define DMA_CHAN_STATUS_TEB_SHIFT	16
#define DMA_CHAN_STATUS_REB		DWMAC4_GENMASK(21, 19)
#define DMA_CHAN_STATUS_REB_SHIFT	19

/*
 * MMC, the MAC Management Counters (Linux mmc.h MMC_GMAC4_OFFSET 0x700,
 * mmc_core.c; offsets there are relative to that base, here absolute).
 * A counter's interrupt bit is set when it passes half range (bit 31) and
 * when it rolls over; the bit clears when the counter is read. Every bit
 * resets unmasked, and MAC_Interrupt_Status.MMCIS has no enable in
 * MAC_Interrupt_Enable: a driver that does not read the counters masks
 * them all (Linux dwmac_mmc_intr_all_mask(): MMC_DEFAULT_MASK to the three
 * mask registers), or the MAC's line stays high once a counter passes
 * half range. Bit n of MMC_Tx/Rx/IPC_Rx_Interrupt (and of its mask) is the
 * n-th counter of its block, from DWMAC4_MMC_TX/RX/IPC_FIRST, 4 bytes each.
 */
#define DWMAC4_MMC_CNTRL		0x0700U	/* MMC_Control */
#define DWMAC4_MMC_RX_INTR		0x0704U	/* MMC_Rx_Interrupt */
#define DWMAC4_MMC_TX_INTR		0x0708U	/* MMC_Tx_Interrupt */
#define DWMAC4_MMC_RX_INTR_MASK		0x070cU	/* MMC_Rx_Interrupt_Mask */
#define DWMAC4_MMC_TX_INTR_MASK		0x0710U	/* MMC_Tx_Interrupt_Mask */
#define DWMAC4_MMC_TX_OCTETCOUNT_GB	0x0714U	/* first TX counter */
#define DWMAC4_MMC_TX_FRAMECOUNT_GB	0x0718U
#define DWMAC4_MMC_RX_FRAMECOUNT_GB	0x0780U	/* first RX counter */
#define DWMAC4_MMC_RX_OCTETCOUNT_GB	0x0784U
#define DWMAC4_MMC_RX_IPC_INTR_MASK	0x0800U	/* MMC_IPC_Rx_Interrupt_Mask */
#define DWMAC4_MMC_RX_IPC_INTR		0x0808U	/* MMC_IPC_Rx_Interrupt */
#define DWMAC4_MMC_RX_IPV4_GD		0x0810U	/* first IPC counter */
#define DWMAC4_MMC_TX_FIRST		DWMAC4_MMC_TX_OCTETCOUNT_GB
#define DWMAC4_MMC_RX_FIRST		DWMAC4_MMC_RX_FRAMECOUNT_GB
#define DWMAC4_MMC_IPC_FIRST		DWMAC4_MMC_RX_IPV4_GD
#define MMC_DEFAULT_MASK		0xffffffffU
/* MMC_Control bits (Linux mmc.h). */
#define MMC_CNTRL_COUNTER_RESET		DWMAC4_BIT(0)	/* CNTRST, self-clearing */
#define MMC_CNTRL_COUNTER_STOP_ROLLOVER	DWMAC4_BIT(1)	/* CNTSTOPRO */
#define MMC_CNTRL_RESET_ON_READ		DWMAC4_BIT(2)	/* RSTONRD */
#define MMC_CNTRL_COUNTER_FREEZER	DWMAC4_BIT(3)	/* CNTFREEZ */
#define MMC_CNTRL_PRESET		DWMAC4_BIT(4)	/* CNTPRST, self-clearing */
#define MMC_CNTRL_FULL_HALF_PRESET	DWMAC4_BIT(5)	/* CNTPRSTLVL: 1 full */
/*
 * What CNTPRST presets the counters to (databook MMC_Control): frame
 * counters 16 below half (or full) range, octet counters 2 KiB below.
 */
#define DWMAC4_MMC_PRESET_HALF_FRAMES	0x7ffffff0U
#define DWMAC4_MMC_PRESET_HALF_OCTETS	0x7ffff800U
#define DWMAC4_MMC_PRESET_FULL_FRAMES	0xfffffff0U
#define DWMAC4_MMC_PRESET_FULL_OCTETS	0xfffff800U

#endif /* SOCRX_DWMAC4_REGS_H */
