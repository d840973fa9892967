/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The DMA block of the dwmac4 register map (0x1000: the common part, then
 * one block per channel), included by dwmac4_regs.h: the names and
 * where their values come from are explained there, and the DWMAC4_BIT /
 * DWMAC4_GENMASK helpers used here are defined there.
 */
#ifndef SOCRX_DWMAC4_REGS_DMA_H
#define SOCRX_DWMAC4_REGS_DMA_H

#ifndef SOCRX_DWMAC4_REGS_H
#error "include dwmac4_regs.h, not dwmac4_regs_dma.h"
#endif

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
/* Channels a core may have (TX/RXCHCNT + 1; Linux common.h STMMAC_CH_MAX). */
#define DWMAC4_DMA_MAX_CHANNELS		8U
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

#endif /* SOCRX_DWMAC4_REGS_DMA_H */
