/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Register map of the Synopsys DesignWare Ethernet QoS core ("GMAC 4.x/5.x",
 * called dwmac4 by Linux): MAC block at 0x0000 (here, with the MMC
 * counters), MTL block at 0x0c00 (dwmac4_regs_mtl.h), DMA block at 0x1000
 * (dwmac4_regs_dma.h) of the controller's MMIO window. This header
 * includes the other two: it is the one to include.
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

#include "dwmac4_bits.h"

/* The MTL, DMA and timestamp blocks, which use the helpers above. */
#include "dwmac4_regs_mtl.h"
#include "dwmac4_regs_dma.h"
#include "dwmac4_regs_ptp.h"
#include "dwmac4_regs_vlan.h"

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
/* MAC_Rx_Flow_Ctrl, MAC_Q0_Tx_Flow_Ctrl (Linux dwmac4.h). */
#define GMAC_RX_FLOW_CTRL_RFE		DWMAC4_BIT(0)	/* act on PAUSE */
#define GMAC_TX_FLOW_CTRL_TFE		DWMAC4_BIT(1)	/* send PAUSE */
#define GMAC_TX_FLOW_CTRL_PT_SHIFT	16		/* pause time, quanta */
#define GMAC_TX_FLOW_CTRL_PT_MASK	DWMAC4_GENMASK(31, 16)

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

/*
 * MAC_RxQ_Ctrl1: the RX queue each packet class is routed to (dwmac4.h
 * "RX Queues Routing" for AVCPQ..TACPQE; TPQC, FPRQ, OMCBCQ and TBRQE
 * are the databook's, as NXP's and GigaDevice's register headers name
 * them). AVCPQ: untagged AV control packets; PTPQ: PTP over Ethernet;
 * DCBCPQ: DCB control packets; UPQ: untagged packets; MCBCQ with MCBCQEN:
 * multicast/broadcast; TACPQE: tagged AV control packets to AVCPQ too;
 * TPQC: tagged PTP over Ethernet (0 by PSRQ, non-AV queues; 1 to PTPQ;
 * 2 by PSRQ, AV queues); FPRQ: frame preemption residue; OMCBCQ: MCBCQ
 * overrides the VLAN-priority routing; TBRQE: type-field based routing.
 */
#define GMAC_RXQCTRL_AVCPQ_MASK		DWMAC4_GENMASK(2, 0)
#define GMAC_RXQCTRL_AVCPQ_SHIFT	0
#define GMAC_RXQCTRL_PTPQ_MASK		DWMAC4_GENMASK(6, 4)
#define GMAC_RXQCTRL_PTPQ_SHIFT		4
#define GMAC_RXQCTRL_DCBCPQ_MASK	DWMAC4_GENMASK(10, 8)
#define GMAC_RXQCTRL_DCBCPQ_SHIFT	8
#define GMAC_RXQCTRL_UPQ_MASK		DWMAC4_GENMASK(14, 12)
#define GMAC_RXQCTRL_UPQ_SHIFT		12
#define GMAC_RXQCTRL_MCBCQ_MASK		DWMAC4_GENMASK(18, 16)
#define GMAC_RXQCTRL_MCBCQ_SHIFT	16
#define GMAC_RXQCTRL_MCBCQEN		DWMAC4_BIT(20)
#define GMAC_RXQCTRL_TACPQE		DWMAC4_BIT(21)
#define DWMAC4_RXQCTRL_TPQC_MASK	DWMAC4_GENMASK(23, 22)
#define DWMAC4_RXQCTRL_TPQC_SHIFT	22
#define DWMAC4_RXQCTRL_FPRQ_MASK	DWMAC4_GENMASK(26, 24)
#define DWMAC4_RXQCTRL_FPRQ_SHIFT	24
#define DWMAC4_RXQCTRL_OMCBCQ		DWMAC4_BIT(28)
#define DWMAC4_RXQCTRL_TBRQE		DWMAC4_BIT(29)
/*
 * MAC_RxQ_Ctrl2 (queues 0..3) and _Ctrl3 (4..7): PSRQ, one byte per queue,
 * the VLAN user priorities (PCP) routed to it (queue x's byte is x % 4).
 */
#define GMAC_RXQCTRL_PSRQX_MASK(x)	(DWMAC4_GENMASK(7, 0) << ((x) * 8))
#define GMAC_RXQCTRL_PSRQX_SHIFT(x)	((x) * 8)

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
