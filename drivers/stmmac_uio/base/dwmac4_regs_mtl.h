/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The MTL block of the dwmac4 register map (0x0c00: the common part, then
 * one block per queue), included by dwmac4_regs.h: the names and
 * where their values come from are explained there, and the DWMAC4_BIT /
 * DWMAC4_GENMASK helpers used here are defined there.
 */
#ifndef SOCRX_DWMAC4_REGS_MTL_H
#define SOCRX_DWMAC4_REGS_MTL_H

#ifndef SOCRX_DWMAC4_REGS_H
#error "include dwmac4_regs.h, not dwmac4_regs_mtl.h"
#endif

/* ------------------------------------------------------------------------
 * MTL block (dwmac4.h "MTL registers"; databook "MTL Registers").
 * ------------------------------------------------------------------------ */
#define MTL_OPERATION_MODE		0x0c00U
#define DWMAC4_MTL_OPERATION_DTXSTS	DWMAC4_BIT(1)
#define MTL_OPERATION_RAA		DWMAC4_BIT(2)	/* RX arbitration */
#define MTL_OPERATION_SCHALG_MASK	DWMAC4_GENMASK(6, 5)
#define MTL_OPERATION_SCHALG_WRR	(0x0U << 5)
#define MTL_OPERATION_SCHALG_WFQ	(0x1U << 5)
#define MTL_OPERATION_SCHALG_DWRR	(0x2U << 5)
#define MTL_OPERATION_SCHALG_SP		(0x3U << 5)
#define MTL_OPERATION_RAA_SP		(0x0U << 2)
#define MTL_OPERATION_RAA_WSP		(0x1U << 2)
#define MTL_FRPE			DWMAC4_BIT(15)
#define MTL_INT_STATUS			0x0c20U
#define MTL_INT_QX(q)			DWMAC4_BIT(q)
#define MTL_RXQ_DMA_MAP0		0x0c30U	/* queues 0..3 */
#define MTL_RXQ_DMA_MAP1		0x0c34U	/* queues 4..7 */
/* Byte lane q of MAP0 (q = 0..3) names the DMA channel for RX queue q. */
#define MTL_RXQ_DMA_QXMDMACH(chan, q)	((uint32_t)(chan) << (8 * (q)))
#define DWMAC4_MTL_RXQ_DMA_QXMDMACH_MASK(q) (DWMAC4_GENMASK(3, 0) << (8 * (q)))
/*
 * QxDDMACH (bit 4 of byte lane q): the queue's DMA channel chosen per
 * packet by the DCS field of the matching MAC address (databook; Linux's
 * GMAC_HI_DCS) instead of QxMDMACH.
 */
#define DWMAC4_MTL_RXQ_DMA_QXDDMACH(q)	DWMAC4_BIT(8 * (q) + 4)

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
/*
 * MTL_TxQ_Quantum_Weight (Linux MTL_TXQX_WEIGHT_BASE_ADDR): ISCQW, the
 * queue's weight under WRR (its quantum under DWRR, its idle slope under
 * CBS). MTL_RxQ_Control (databook; STM32/NXP RMs): RXQ_WEGT, the queue's
 * weight when RAA is weighted strict priority, and RXQ_FRM_ARBIT.
 */
#define MTL_TXQX_WEIGHT_BASE_ADDR(q)	(MTL_CHANX_BASE_ADDR(q) + 0x18U)
#define MTL_TXQ_WEIGHT_ISCQW_MASK	DWMAC4_GENMASK(20, 0)
#define DWMAC4_MTL_CHAN_RX_CONTROL(q)	(MTL_CHANX_BASE_ADDR(q) + 0x3cU)
#define DWMAC4_MTL_RXQ_WEGT_MASK	DWMAC4_GENMASK(2, 0)
#define DWMAC4_MTL_RXQ_FRM_ARBIT	DWMAC4_BIT(3)

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

#endif /* SOCRX_DWMAC4_REGS_MTL_H */
