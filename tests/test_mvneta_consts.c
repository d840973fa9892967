/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Pins every constant of drivers/mvneta_uio/base/ (mvneta_regs.h,
 * mvneta_desc.h, mvneta_mib.h, mvneta_hw.h, mvneta_mbus.h, mvneta_sdma.h,
 * mvneta_a3700.h) to its reference value.
 *
 * Expected values are numeric literals, each commented with where the value
 * comes from: "Linux X" is macro X of drivers/net/ethernet/marvell/mvneta.c
 * (or the code named), "musdk X" is X of Marvell's user-space driver
 * (musdk src/drivers/neta: mv_neta_ppio.h, neta_hw.h), "FreeBSD X" is X of
 * sys/dev/neta/if_mvnetareg.h, "LSP X" is X of Marvell's Linux support
 * package HAL (mvNetaRegs.h, mvNetaHal.c), "ours" is a name
 * socrx gives a field the references use without naming. A wrong bit, shift
 * or per-queue stride then shows up here, not as a misprogrammed register.
 */
#include <stddef.h>

#include <string.h>

#include "harness.h"
#include "mvneta_a3700.h"
#include "mvneta_desc.h"
#include "mvneta_hw.h"
#include "mvneta_mib.h"
#include "mvneta_regs.h"
#include "mvneta_sdma.h"
#include "mvneta_smi.h"

static unsigned long pinned;

#define PIN(name, value)						\
	do {								\
		pinned++;						\
		CHECK_EQ_U((name), (value), "%s", #name);		\
	} while (0)

/* A per-queue macro against literals for queues 0, 1 and 7. */
#define PINQ(macro, v0, v1, v7)						\
	do {								\
		pinned++;						\
		CHECK_EQ_U(macro(0), (v0), "%s(0)", #macro);		\
		CHECK_EQ_U(macro(1), (v1), "%s(1)", #macro);		\
		CHECK_EQ_U(macro(7), (v7), "%s(7)", #macro);		\
	} while (0)

static void
bit_helpers(void)
{
	PIN(MVNETA_BIT(0), 0x1);
	PIN(MVNETA_BIT(31), 0x80000000);
	PIN(MVNETA_GENMASK(31, 0), 0xffffffff);
	PIN(MVNETA_GENMASK(22, 21), 0x600000);
	CHECK(sizeof(MVNETA_BIT(31)) == 4, "MVNETA_BIT is 32-bit");
}

static void
rxq_regs(void)
{
	PINQ(MVNETA_RXQ_CONFIG_REG, 0x1400, 0x1404, 0x141c);	/* Linux */
	PIN(MVNETA_RXQ_HW_BUF_ALLOC, 0x1);			/* Linux BIT(0) */
	PIN(MVNETA_RXQ_SHORT_POOL_ID_SHIFT, 4);			/* Linux */
	PIN(MVNETA_RXQ_SHORT_POOL_ID_MASK, 0x30);		/* Linux */
	PIN(MVNETA_RXQ_LONG_POOL_ID_SHIFT, 6);			/* Linux */
	PIN(MVNETA_RXQ_LONG_POOL_ID_MASK, 0xc0);		/* Linux */
	PIN(MVNETA_RXQ_PKT_OFFSET_SHIFT, 8);		/* ours: Linux << 8 */
	PIN(MVNETA_RXQ_PKT_OFFSET_ALL_MASK, 0xf00);		/* Linux 0xf << 8 */
	PIN(MVNETA_RXQ_PKT_OFFSET_MASK(8), 0x800);	/* Linux (offs) << 8 */
	PIN(MVNETA_RXQ_PKT_OFFSET_UNIT, 8);	/* Linux mvneta_rxq_offset_set >> 3 */
	PINQ(MVNETA_RXQ_BASE_ADDR_REG, 0x1480, 0x1484, 0x149c);	/* Linux */
	PINQ(MVNETA_RXQ_SIZE_REG, 0x14a0, 0x14a4, 0x14bc);	/* Linux */
	PIN(MVNETA_RXQ_DESC_NUM_MASK, 0x3fff);		/* ours: musdk/LSP */
	PIN(MVNETA_RXQ_BUF_SIZE_SHIFT, 19);			/* Linux */
	PIN(MVNETA_RXQ_BUF_SIZE_MASK, 0xfff80000);		/* Linux 0x1fff << 19 */
	PIN(MVNETA_RXQ_BUF_SIZE_UNIT, 8);	/* Linux mvneta_rxq_buf_size_set >> 3 */
	PINQ(MVNETA_RXQ_THRESHOLD_REG, 0x14c0, 0x14c4, 0x14dc);	/* Linux */
	PIN(MVNETA_RXQ_OCCUPIED_THRESH_MASK, 0x3fff);	/* ours: musdk/LSP */
	PIN(MVNETA_RXQ_NON_OCCUPIED(1), 0x10000);		/* Linux (v) << 16 */
	PINQ(MVNETA_RXQ_STATUS_REG, 0x14e0, 0x14e4, 0x14fc);	/* Linux */
	PIN(MVNETA_RXQ_OCCUPIED_ALL_MASK, 0x3fff);		/* Linux */
	PIN(MVNETA_RXQ_NON_OCCUPIED_SHIFT, 16);			/* musdk/LSP */
	PIN(MVNETA_RXQ_NON_OCCUPIED_ALL_MASK, 0x3fff0000);	/* musdk/LSP */
	PINQ(MVNETA_RXQ_STATUS_UPDATE_REG, 0x1500, 0x1504, 0x151c); /* Linux */
	PIN(MVNETA_RXQ_DEC_OCCUPIED_MASK, 0xff);	/* ours: Linux rx_done <= 0xff */
	PIN(MVNETA_RXQ_ADD_NON_OCCUPIED_SHIFT, 16);		/* Linux */
	PIN(MVNETA_RXQ_ADD_NON_OCCUPIED_MASK, 0xff0000);	/* ours */
	PIN(MVNETA_RXQ_ADD_NON_OCCUPIED_MAX, 255);		/* Linux */
	PIN(MVNETA_RXQ_DEC_OCCUPIED_MAX, 255);	/* ours: Linux desc_num_update */
	PINQ(MVNETA_PORT_POOL_BUFFER_SZ_REG, 0x1700, 0x1704, 0x171c); /* Linux */
	PIN(MVNETA_PORT_POOL_BUFFER_SZ_SHIFT, 3);		/* Linux */
	PIN(MVNETA_PORT_POOL_BUFFER_SZ_MASK, 0xfff8);		/* Linux */
	PIN(MVNETA_PORT_RX_RESET, 0x1cc0);			/* Linux */
	PIN(MVNETA_PORT_RX_DMA_RESET, 0x1);			/* Linux BIT(0) */
}

static void
unit_regs(void)
{
	PIN(MVNETA_PHY_ADDR, 0x2000);				/* Linux */
	PIN(MVNETA_PHY_ADDR_MASK, 0x1f);			/* Linux */
	PIN(MVNETA_MBUS_RETRY, 0x2010);				/* Linux */
	PIN(MVNETA_UNIT_INTR_CAUSE, 0x2080);			/* Linux */
	PIN(MVNETA_UNIT_CONTROL, 0x20b0);			/* Linux */
	PIN(MVNETA_PHY_POLLING_ENABLE, 0x2);			/* Linux BIT(1) */
	PINQ(MVNETA_WIN_BASE, 0x2200, 0x2208, 0x2238);		/* Linux */
	PINQ(MVNETA_WIN_SIZE, 0x2204, 0x220c, 0x223c);		/* Linux */
	PINQ(MVNETA_WIN_REMAP, 0x2280, 0x2284, 0x229c);		/* Linux */
	PIN(MVNETA_BASE_ADDR_ENABLE, 0x2290);			/* Linux */
	PIN(MVNETA_ACCESS_PROTECT_ENABLE, 0x2294);		/* Linux */
	PIN(MVNETA_MAX_DECODE_WIN, 6);				/* Linux */
	PIN(MVNETA_REG_WINDOW_SIZE, 0x4000);	/* ours: DT reg size of "mvneta" */
}

static void
port_regs(void)
{
	PIN(MVNETA_PORT_CONFIG, 0x2400);			/* Linux */
	PIN(MVNETA_UNI_PROMISC_MODE, 0x1);			/* Linux BIT(0) */
	PIN(MVNETA_REJECT_BCAST, 0x80);				/* FreeBSD PXC_RB */
	PIN(MVNETA_DEF_RXQ(7), 0xe);				/* Linux (q) << 1 */
	PIN(MVNETA_DEF_RXQ_SHIFT, 1);				/* ours */
	PIN(MVNETA_DEF_RXQ_MASK, 0xe);				/* ours */
	PIN(MVNETA_DEF_RXQ_ARP(1), 0x10);			/* Linux (q) << 4 */
	PIN(MVNETA_TX_UNSET_ERR_SUM, 0x1000);			/* Linux BIT(12) */
	PIN(MVNETA_TCP_CAPTURE_EN, 0x4000);		/* FreeBSD PXC_TCPCAPEN */
	PIN(MVNETA_UDP_CAPTURE_EN, 0x8000);		/* FreeBSD PXC_UDPCAPEN */
	PIN(MVNETA_DEF_RXQ_TCP(1), 0x10000);			/* Linux (q) << 16 */
	PIN(MVNETA_DEF_RXQ_UDP(1), 0x80000);			/* Linux (q) << 19 */
	PIN(MVNETA_DEF_RXQ_BPDU(1), 0x400000);			/* Linux (q) << 22 */
	PIN(MVNETA_DEF_RXQ_ARP_SHIFT, 4);			/* ours: Linux << 4 */
	PIN(MVNETA_DEF_RXQ_TCP_SHIFT, 16);			/* ours: Linux << 16 */
	PIN(MVNETA_DEF_RXQ_UDP_SHIFT, 19);			/* ours: Linux << 19 */
	PIN(MVNETA_DEF_RXQ_BPDU_SHIFT, 22);			/* ours: Linux << 22 */
	PIN(MVNETA_RXQ_FIELD_MASK, 0x7);		/* ours: FreeBSD RXQ(7) */
	PIN(MVNETA_RX_CSUM_WITH_PSEUDO_HDR, 0x2000000);		/* Linux BIT(25) */
	PIN(MVNETA_PORT_CONFIG_DEFL_VALUE(0), 0x2001000);	/* Linux */
	PIN(MVNETA_PORT_CONFIG_DEFL_VALUE(1), 0x2491012);	/* Linux */
	PIN(MVNETA_PORT_CONFIG_EXTEND, 0x2404);			/* Linux */
	PIN(MVNETA_SPAN_BPDU_CAPTURE_EN, 0x2);			/* FreeBSD PXCX_SPAN */
	PIN(MVNETA_MAC_ADDR_LOW, 0x2414);			/* Linux */
	PIN(MVNETA_MAC_ADDR_HIGH, 0x2418);			/* Linux */
	PIN(MVNETA_SDMA_CONFIG, 0x241c);			/* Linux */
	PIN(MVNETA_SDMA_BRST_SIZE_16, 4);			/* Linux */
	PIN(MVNETA_RX_BRST_SZ_MASK(4), 0x8);			/* Linux (b) << 1 */
	PIN(MVNETA_RX_NO_DATA_SWAP, 0x10);			/* Linux BIT(4) */
	PIN(MVNETA_TX_NO_DATA_SWAP, 0x20);			/* Linux BIT(5) */
	PIN(MVNETA_DESC_SWAP, 0x40);				/* Linux BIT(6) */
	PIN(MVNETA_TX_BRST_SZ_MASK(4), 0x1000000);		/* Linux (b) << 22 */
	PIN(MVNETA_VLAN_PRIO_TO_RXQ, 0x2440);			/* Linux */
	PIN(MVNETA_VLAN_PRIO_RXQ_MAP(0, 7), 0x7);	/* Linux (rxq) << (prio * 3) */
	PIN(MVNETA_VLAN_PRIO_RXQ_MAP(7, 5), 0xa00000);		/* Linux */
	PIN(MVNETA_VLAN_PRIO_RXQ_MAP(7, 7), 0xe00000);		/* Linux */
	PIN(MVNETA_VLAN_PRIO_SHIFT(7), 21);			/* ours: Linux */
	PIN(MVNETA_PORT_STATUS, 0x2444);			/* Linux */
	PIN(MVNETA_TX_IN_PRGRS, 0x1);				/* Linux BIT(0) */
	PIN(MVNETA_TX_FIFO_EMPTY, 0x100);			/* Linux BIT(8) */
	PIN(MVNETA_TXQ_CMD, 0x2448);				/* Linux */
	PIN(MVNETA_TXQ_DISABLE_SHIFT, 8);			/* Linux */
	PIN(MVNETA_TXQ_ENABLE_MASK, 0xff);			/* Linux */
	PIN(MVNETA_RX_MIN_FRAME_SIZE, 0x247c);			/* Linux */
	PIN(MVNETA_SERDES_CFG, 0x24a0);				/* Linux */
	PIN(MVNETA_TYPE_PRIO, 0x24bc);				/* Linux */
	PIN(MVNETA_FORCE_UNI, 0x200000);			/* Linux BIT(21) */
	PIN(MVNETA_TXQ_CMD_1, 0x24e4);				/* Linux */
	PIN(MVNETA_GMAC_CLOCK_DIVIDER, 0x24f4);			/* Linux */
	PIN(MVNETA_GMAC_1MS_CLOCK_ENABLE, 0x80000000);		/* Linux BIT(31) */
	PIN(MVNETA_ACC_MODE, 0x2500);				/* Linux */
	PIN(MVNETA_ACC_MODE_EXT1, 1);				/* Linux */
	PIN(MVNETA_ACC_MODE_EXT2, 2);				/* Linux */
	PIN(MVNETA_BM_ADDRESS, 0x2504);				/* Linux */
	PINQ(MVNETA_CPU_MAP, 0x2540, 0x2544, 0x255c);		/* Linux */
	PIN(MVNETA_CPU_RXQ_ACCESS_ALL_MASK, 0xff);		/* Linux */
	PIN(MVNETA_CPU_TXQ_ACCESS_ALL_MASK, 0xff00);		/* Linux */
	PIN(MVNETA_CPU_RXQ_ACCESS(3), 0x8);			/* Linux BIT(rxq) */
	PIN(MVNETA_CPU_TXQ_ACCESS(3), 0x800);			/* Linux BIT(txq + 8) */
	PINQ(MVNETA_RXQ_TIME_COAL_REG, 0x2580, 0x2584, 0x259c);	/* Linux */
}

static void
intr_and_gmac_regs(void)
{
	PIN(MVNETA_INTR_NEW_CAUSE, 0x25a0);			/* Linux */
	PIN(MVNETA_INTR_NEW_MASK, 0x25a4);			/* Linux */
	PIN(MVNETA_TX_INTR_MASK_ALL, 0xff);			/* Linux */
	PIN(MVNETA_RX_INTR_MASK_ALL, 0xff00);			/* Linux */
	PIN(MVNETA_RX_INTR_MASK(1), 0x100);	/* Linux ((1 << rxqs) - 1) << 8 */
	PIN(MVNETA_RX_INTR_MASK(8), 0xff00);			/* Linux */
	PIN(MVNETA_TX_INTR_MASK(1), 0x1);	/* Linux ((1 << txqs) - 1) << 0 */
	PIN(MVNETA_TX_INTR_MASK(8), 0xff);			/* Linux */
	PIN(MVNETA_RX_INTR_BIT(0), 0x100);	/* ours: MVNETA_RX_INTR_MASK bit */
	PIN(MVNETA_RX_INTR_BIT(7), 0x8000);			/* ours */
	PIN(MVNETA_MISCINTR_INTR_MASK, 0x80000000);		/* Linux BIT(31) */
	PIN(MVNETA_INTR_OLD_CAUSE, 0x25a8);			/* Linux */
	PIN(MVNETA_INTR_OLD_MASK, 0x25ac);			/* Linux */
	PIN(MVNETA_INTR_MISC_CAUSE, 0x25b0);			/* Linux */
	PIN(MVNETA_INTR_MISC_MASK, 0x25b4);			/* Linux */
	PIN(MVNETA_CAUSE_PHY_STATUS_CHANGE, 0x1);		/* Linux BIT(0) */
	PIN(MVNETA_CAUSE_LINK_CHANGE, 0x2);			/* Linux BIT(1) */
	PIN(MVNETA_CAUSE_INTERNAL_ADDR_ERR, 0x80);		/* Linux BIT(7) */
	PIN(MVNETA_CAUSE_RX_OVERRUN, 0x100);			/* Linux BIT(8) */
	PIN(MVNETA_CAUSE_RX_CRC_ERROR, 0x200);			/* Linux BIT(9) */
	PIN(MVNETA_CAUSE_RX_LARGE_PKT, 0x400);			/* Linux BIT(10) */
	PIN(MVNETA_CAUSE_TX_UNDERUN, 0x800);			/* Linux BIT(11) */
	PIN(MVNETA_INTR_ENABLE, 0x25b8);			/* Linux */
	PIN(MVNETA_TXQ_INTR_ENABLE_ALL_MASK, 0xff00);		/* Linux */
	PIN(MVNETA_RXQ_INTR_ENABLE_ALL_MASK, 0xff);		/* Linux */
	PIN(MVNETA_RXQ_INTR_ENABLE(0), 0x1);	/* ours: _ALL_MASK bit q */
	PIN(MVNETA_RXQ_INTR_ENABLE(7), 0x80);			/* ours */
	PIN(MVNETA_RXQ_CMD, 0x2680);				/* Linux */
	PIN(MVNETA_RXQ_DISABLE_SHIFT, 8);			/* Linux */
	PIN(MVNETA_RXQ_ENABLE_MASK, 0xff);			/* Linux */
	PINQ(MVETH_TXQ_TOKEN_COUNT_REG, 0x2700, 0x2710, 0x2770); /* Linux */
	PINQ(MVETH_TXQ_TOKEN_CFG_REG, 0x2704, 0x2714, 0x2774);	/* Linux */
	PIN(MVNETA_GMAC_CTRL_0, 0x2c00);			/* Linux */
	PIN(MVNETA_GMAC0_PORT_ENABLE, 0x1);			/* Linux BIT(0) */
	PIN(MVNETA_GMAC0_PORT_1000BASE_X, 0x2);			/* Linux BIT(1) */
	PIN(MVNETA_GMAC0_MUST_SET, 0x8000);			/* FreeBSD PMACC0_MUSTSET */
	PIN(MVNETA_GMAC_MAX_RX_SIZE_SHIFT, 2);			/* Linux */
	PIN(MVNETA_GMAC_MAX_RX_SIZE_MASK, 0x7ffc);		/* Linux */
	PIN(MVNETA_GMAC_CTRL_2, 0x2c08);			/* Linux */
	PIN(MVNETA_GMAC2_INBAND_AN_ENABLE, 0x1);		/* Linux BIT(0) */
	PIN(MVNETA_GMAC2_PCS_ENABLE, 0x8);			/* Linux BIT(3) */
	PIN(MVNETA_GMAC2_PORT_RGMII, 0x10);			/* Linux BIT(4) */
	PIN(MVNETA_GMAC2_PORT_RESET, 0x40);			/* Linux BIT(6) */
	PIN(MVNETA_GMAC_AUTONEG_CONFIG, 0x2c0c);		/* Linux */
	PIN(MVNETA_GMAC_FORCE_LINK_DOWN, 0x1);			/* Linux BIT(0) */
	PIN(MVNETA_GMAC_FORCE_LINK_PASS, 0x2);			/* Linux BIT(1) */
	PIN(MVNETA_GMAC_INBAND_AN_ENABLE, 0x4);			/* Linux BIT(2) */
	PIN(MVNETA_GMAC_CONFIG_MII_SPEED, 0x20);		/* Linux BIT(5) */
	PIN(MVNETA_GMAC_AN_SPEED_EN, 0x80);			/* Linux BIT(7) */
	PIN(MVNETA_GMAC_AN_DUPLEX_EN, 0x2000);			/* Linux BIT(13) */
	PIN(MVNETA_GMAC_CONFIG_GMII_SPEED, 0x40);		/* Linux BIT(6) */
	PIN(MVNETA_GMAC_CONFIG_FULL_DUPLEX, 0x1000);		/* Linux BIT(12) */
	PIN(MVNETA_GMAC_STATUS, 0x2c10);			/* Linux */
	PIN(MVNETA_GMAC_LINK_UP, 0x1);				/* Linux BIT(0) */
	PIN(MVNETA_GMAC_SPEED_1000, 0x2);			/* Linux BIT(1) */
	PIN(MVNETA_GMAC_SPEED_100, 0x4);			/* Linux BIT(2) */
	PIN(MVNETA_GMAC_FULL_DUPLEX, 0x8);			/* Linux BIT(3) */
	PIN(MVNETA_GMAC_CTRL_4, 0x2c90);			/* Linux */
	PIN(MVNETA_GMAC4_SHORT_PREAMBLE_ENABLE, 0x2);		/* Linux BIT(1) */
	PIN(MVNETA_GMAC_CONFIG_FLOW_CTRL, 0x100);		/* Linux BIT(8) */
	PIN(MVNETA_DA_FILT_SPEC_MCAST, 0x3400);			/* Linux */
	PIN(MVNETA_DA_FILT_OTH_MCAST, 0x3500);			/* Linux */
	PIN(MVNETA_DA_FILT_UCAST_BASE, 0x3600);			/* Linux */
	PIN(MVNETA_DA_FILT_PASS, 0x1);				/* FreeBSD DF_PASS */
	PIN(MVNETA_DA_FILT_QUEUE_SHIFT, 1);			/* FreeBSD DF_QUEUE */
	PIN(MVNETA_DA_FILT_UCAST_ENTRIES, 16);			/* FreeBSD NDFUT 4 regs */
	PIN(MVNETA_DA_FILT_MCAST_ENTRIES, 256);			/* FreeBSD NDFSMT 64 regs */
	PIN(MVNETA_DA_FILT_CRC8_POLY, 0x107);			/* Linux mvneta_addr_crc */
}

static void
txq_regs(void)
{
	PINQ(MVNETA_TXQ_BASE_ADDR_REG, 0x3c00, 0x3c04, 0x3c1c);	/* Linux */
	PINQ(MVNETA_TXQ_SIZE_REG, 0x3c20, 0x3c24, 0x3c3c);	/* Linux */
	PIN(MVNETA_TXQ_DESC_NUM_MASK, 0x3fff);			/* ours */
	PIN(MVNETA_TXQ_SENT_THRESH_ALL_MASK, 0x3fff0000);	/* Linux */
	PIN(MVNETA_TXQ_SENT_THRESH_MASK(1), 0x10000);		/* Linux (c) << 16 */
	PINQ(MVNETA_TXQ_STATUS_REG, 0x3c40, 0x3c44, 0x3c5c);	/* Linux */
	PIN(MVNETA_TXQ_PENDING_DESC_MASK, 0x3fff);		/* musdk/LSP */
	PIN(MVNETA_TXQ_SENT_DESC_SHIFT, 16);			/* Linux */
	PIN(MVNETA_TXQ_SENT_DESC_MASK, 0x3fff0000);		/* Linux */
	PINQ(MVNETA_TXQ_UPDATE_REG, 0x3c60, 0x3c64, 0x3c7c);	/* Linux */
	PIN(MVNETA_TXQ_ADD_PENDING_MASK, 0xff);	/* ours: Linux min(pend, 255) */
	PIN(MVNETA_TXQ_ADD_PENDING_MAX, 255);	/* Linux txq_pend_desc_add */
	PIN(MVNETA_TXQ_DEC_SENT_SHIFT, 16);			/* Linux */
	PIN(MVNETA_TXQ_DEC_SENT_MASK, 0xff);			/* Linux */
	PIN(MVNETA_PORT_TX_RESET, 0x3cf0);			/* Linux */
	PIN(MVNETA_PORT_TX_DMA_RESET, 0x1);			/* Linux BIT(0) */
	PIN(MVNETA_TXQ_CMD1_REG, 0x3e00);			/* Linux */
	PIN(MVNETA_TXQ_FIXED_PRIO_CFG, 0x3e04);			/* FreeBSD TQFPC_V3 */
	PIN(MVNETA_TX_MTU, 0x3e0c);				/* Linux */
	PIN(MVNETA_TX_MTU_MAX, 0x3ffff);			/* Linux */
	PIN(MVNETA_TX_TOKEN_SIZE, 0x3e14);			/* Linux */
	PINQ(MVNETA_TXQ_TOKEN_SIZE_REG, 0x3e40, 0x3e44, 0x3e5c); /* Linux */
	/* FreeBSD TQAC_V3(q); LSP NETA_TXQ_WRR_ARBITER_REG 0x2400 + 0x1a80 */
	PINQ(MVNETA_TXQ_ARB_CFG_REG, 0x3e80, 0x3e84, 0x3e9c);
	PIN(MVNETA_TXQ_FIXED_PRIO(0), 0x1);			/* FreeBSD TQFPC_EN */
	PIN(MVNETA_TXQ_FIXED_PRIO(7), 0x80);			/* FreeBSD TQFPC_EN */
	PIN(MVNETA_TXQ_FIXED_PRIO_ALL, 0xff);	/* LSP NETA_TX_FIXED_PRIO_MASK */
	PIN(MVNETA_TXQ_WRR_WEIGHT_MASK, 0xff);	/* LSP NETA_TXQ_WRR_WEIGHT_MAX */
	PIN(MVNETA_TXQ_WRR_WEIGHT_UNIT, 256);	/* LSP mvNetaTxqWrrPrioSet */
}

static void
desc_layout(void)
{
	/* Linux struct mvneta_rx_desc, little-endian layout. */
	PIN(sizeof(struct mvneta_rx_desc), 32);
	PIN(offsetof(struct mvneta_rx_desc, status), 0);
	PIN(offsetof(struct mvneta_rx_desc, size), 4);	/* u16 data_size at 6 */
	PIN(offsetof(struct mvneta_rx_desc, buf_phys_addr), 8);
	PIN(offsetof(struct mvneta_rx_desc, buf_cookie), 16);
	/* Linux struct mvneta_tx_desc. */
	PIN(sizeof(struct mvneta_tx_desc), 32);
	PIN(offsetof(struct mvneta_tx_desc, command), 0);
	PIN(offsetof(struct mvneta_tx_desc, size), 4);	/* u16 data_size at 6 */
	PIN(offsetof(struct mvneta_tx_desc, buf_phys_addr), 8);
	PIN(MVNETA_DESC_ALIGNED_SIZE, 32);		/* Linux */
	PIN(MVNETA_DESC_WORDS, 8);		/* musdk NETA_PPIO_DESC_NUM_WORDS */
	PIN(MVNETA_RXD_W_STATUS, 0);
	PIN(MVNETA_RXD_W_SIZE, 1);
	PIN(MVNETA_RXD_W_BUF, 2);		/* musdk cmds[2] */
	PIN(MVNETA_RXD_W_COOKIE, 4);		/* musdk cmds[4] */
	PIN(MVNETA_DESC_SIZE_SHIFT, 16);	/* musdk (cmds[1] & 0xffff0000) >> 16 */
	PIN(MVNETA_DESC_SIZE_MASK, 0xffff0000);	/* musdk */
	PIN(MVNETA_DESC_DATA_SIZE(0x05ee1234), 0x05ee);
}

static void
desc_rx_status(void)
{
	PIN(MVNETA_RXD_BM_POOL_SHIFT, 13);			/* Linux */
	PIN(MVNETA_RXD_BM_POOL_MASK, 0x6000);			/* Linux */
	PIN(MVNETA_RXD_ERR_SUMMARY, 0x10000);			/* Linux BIT(16) */
	PIN(MVNETA_RXD_ERR_CODE_SHIFT, 17);	/* musdk NETA_RXD_ERROR_CODE_OFF */
	PIN(MVNETA_RXD_ERR_CODE_MASK, 0x60000);			/* Linux */
	PIN(MVNETA_RXD_ERR_CRC, 0x0);				/* Linux */
	PIN(MVNETA_RXD_ERR_OVERRUN, 0x20000);			/* Linux BIT(17) */
	PIN(MVNETA_RXD_ERR_LEN, 0x40000);			/* Linux BIT(18) */
	PIN(MVNETA_RXD_ERR_RESOURCE, 0x60000);			/* Linux */
	PIN(MVNETA_RXD_VLAN, 0x80000);		/* musdk NETA_RXD_VLAN_OFF 19 */
	PIN(MVNETA_RXD_BPDU, 0x100000);		/* musdk NETA_RXD_BPDU_OFF 20 */
	PIN(MVNETA_RXD_L4_TYPE_SHIFT, 21);	/* musdk >> 21 */
	PIN(MVNETA_RXD_L4_TYPE_MASK, 0x600000);	/* musdk NETA_RXD_L4_PRS_MASK */
	PIN(MVNETA_RXD_L4_TCP, 0x0);		/* musdk NETA_INQ_L4_TYPE_TCP - 1 */
	PIN(MVNETA_RXD_L4_UDP, 0x200000);	/* musdk NETA_INQ_L4_TYPE_UDP - 1 */
	PIN(MVNETA_RXD_L4_OTHER, 0x400000);	/* musdk NETA_INQ_L4_TYPE_OTHER - 1 */
	PIN(MVNETA_RXD_L3_TYPE_SHIFT, 24);	/* musdk >> 24 */
	PIN(MVNETA_RXD_L3_TYPE_MASK, 0x3000000); /* musdk NETA_RXD_L3_PRS_MASK */
	PIN(MVNETA_RXD_L3_UN, 0x0);		/* musdk NETA_INQ_L3_TYPE_NA */
	PIN(MVNETA_RXD_L3_IP4_ERR, 0x1000000);	/* musdk ..._IPV4_BAD (1) */
	PIN(MVNETA_RXD_L3_IP6, 0x2000000);	/* musdk ..._IPV6 (2) */
	PIN(MVNETA_RXD_L3_IP4_OK, 0x3000000);	/* musdk ..._IPV4_OK (3) */
	PIN(MVNETA_RXD_L3_IP4, 0x2000000);			/* Linux BIT(25) */
	PIN(MVNETA_RXD_IP_HDR_OK, 0x2000000);	/* musdk NETA_RXD_IP_HEAD_OK_OFF */
	PIN(MVNETA_RXD_LAST_DESC, 0x4000000);			/* Linux BIT(26) */
	PIN(MVNETA_RXD_FIRST_DESC, 0x8000000);			/* Linux BIT(27) */
	PIN(MVNETA_RXD_FIRST_LAST_DESC, 0xc000000);		/* Linux */
	PIN(MVNETA_RXD_L4_CSUM_OK, 0x40000000);			/* Linux BIT(30) */
	PIN(MVNETA_RXD_IP4_FRAG, 0x80000000);	/* musdk NETA_RXD_IPV4_FRG_OFF */
	PIN(MVNETA_DESC_WATERMARK, 0xdeadbeaf);	/* musdk MVNETA_DESC_WATERMARK */
}

static void
desc_tx_command(void)
{
	PIN(MVNETA_TX_L3_OFF_SHIFT, 0);				/* Linux */
	PIN(MVNETA_TXD_L3_OFF_MASK, 0x7f);	/* musdk NETA_TXD_L3_OFF_MASK */
	PIN(MVNETA_TX_L3_OFF_MAX, 0x7f);	/* the mask's 7 bits */
	PIN(MVNETA_TX_IP_HLEN_MAX, 0x1f);	/* musdk NETA_TXD_IP_HLEN_MASK >> 8 */
	PIN(MVNETA_TX_IP_HLEN_UNIT, 4);		/* Linux ip4h->ihl, in words */
	PIN(MVNETA_TX_IP_HLEN_SHIFT, 8);			/* Linux */
	PIN(MVNETA_TXD_IP_HLEN_MASK, 0x1f00);	/* musdk NETA_TXD_IP_HLEN_MASK */
	PIN(MVNETA_TX_L4_UDP, 0x10000);				/* Linux BIT(16) */
	PIN(MVNETA_TX_L3_IP6, 0x20000);				/* Linux BIT(17) */
	PIN(MVNETA_TXD_IP_CSUM, 0x40000);			/* Linux BIT(18) */
	PIN(MVNETA_TXD_Z_PAD, 0x80000);				/* Linux BIT(19) */
	PIN(MVNETA_TXD_L_DESC, 0x100000);			/* Linux BIT(20) */
	PIN(MVNETA_TXD_F_DESC, 0x200000);			/* Linux BIT(21) */
	PIN(MVNETA_TXD_FLZ_DESC, 0x380000);			/* Linux */
	PIN(MVNETA_TXD_BUF_REL, 0x400000);	/* musdk NETA_TXD_BUFF_REL_MASK */
	PIN(MVNETA_TXD_PKT_OFF_SHIFT, 23);	/* musdk << 23 */
	PIN(MVNETA_TXD_PKT_OFF_MASK, 0x3f800000); /* musdk NETA_TXD_PKT_OFF_MASK */
	PIN(MVNETA_TX_L4_CSUM_MASK, 0xc0000000); /* musdk NETA_TXD_L4_CSUM_MASK */
	PIN(MVNETA_TX_L4_CSUM_FULL, 0x40000000);		/* Linux BIT(30) */
	PIN(MVNETA_TX_L4_CSUM_NOT, 0x80000000);			/* Linux BIT(31) */
}

static void
mib(void)
{
	/* Linux mvneta_statistics[] offsets. */
	PIN(MVNETA_MIB_COUNTERS_BASE, 0x3000);			/* Linux */
	PIN(MVNETA_MIB_LATE_COLLISION, 0x7c);			/* Linux */
	PIN(MVNETA_MIB_GOOD_OCTETS_RECEIVED, 0x3000);
	PIN(MVNETA_MIB_BAD_OCTETS_RECEIVED, 0x3008);
	PIN(MVNETA_MIB_INTERNAL_MAC_TX_ERR, 0x300c);
	PIN(MVNETA_MIB_GOOD_FRAMES_RECEIVED, 0x3010);
	PIN(MVNETA_MIB_BAD_FRAMES_RECEIVED, 0x3014);
	PIN(MVNETA_MIB_BROADCAST_FRAMES_RECEIVED, 0x3018);
	PIN(MVNETA_MIB_MULTICAST_FRAMES_RECEIVED, 0x301c);
	PIN(MVNETA_MIB_FRAMES_64_OCTETS, 0x3020);
	PIN(MVNETA_MIB_FRAMES_65_TO_127_OCTETS, 0x3024);
	PIN(MVNETA_MIB_FRAMES_128_TO_255_OCTETS, 0x3028);
	PIN(MVNETA_MIB_FRAMES_256_TO_511_OCTETS, 0x302c);
	PIN(MVNETA_MIB_FRAMES_512_TO_1023_OCTETS, 0x3030);
	PIN(MVNETA_MIB_FRAMES_1024_TO_MAX_OCTETS, 0x3034);
	PIN(MVNETA_MIB_GOOD_OCTETS_SENT, 0x3038);
	PIN(MVNETA_MIB_GOOD_FRAMES_SENT, 0x3040);
	PIN(MVNETA_MIB_EXCESSIVE_COLLISION, 0x3044);
	PIN(MVNETA_MIB_MULTICAST_FRAMES_SENT, 0x3048);
	PIN(MVNETA_MIB_BROADCAST_FRAMES_SENT, 0x304c);
	PIN(MVNETA_MIB_UNREC_MAC_CONTROL_RECEIVED, 0x3050);
	PIN(MVNETA_MIB_FC_SENT, 0x3054);
	PIN(MVNETA_MIB_GOOD_FC_RECEIVED, 0x3058);
	PIN(MVNETA_MIB_BAD_FC_RECEIVED, 0x305c);
	PIN(MVNETA_MIB_UNDERSIZE_RECEIVED, 0x3060);
	PIN(MVNETA_MIB_FRAGMENTS_RECEIVED, 0x3064);
	PIN(MVNETA_MIB_OVERSIZE_RECEIVED, 0x3068);
	PIN(MVNETA_MIB_JABBER_RECEIVED, 0x306c);
	PIN(MVNETA_MIB_MAC_RECEIVE_ERROR, 0x3070);
	PIN(MVNETA_MIB_BAD_CRC_EVENT, 0x3074);
	PIN(MVNETA_MIB_COLLISION, 0x3078);
	PIN(MVNETA_MIB_LATE_COLLISION_REG, 0x307c);
	PIN(MVNETA_RX_DISCARD_FRAME_COUNT, 0x2484);		/* Linux */
	PIN(MVNETA_OVERRUN_FRAME_COUNT, 0x2488);		/* Linux */
}

static void
geometry(void)
{
	PIN(MVNETA_MH_SIZE, 2);					/* Linux */
	PIN(MVNETA_ETH_FCS_LEN, 4);				/* Linux ETH_FCS_LEN */
	PIN(MVNETA_VLAN_TAG_LEN, 4);				/* Linux */
	PIN(MVNETA_MAX_RXQ, 8);					/* Linux rxq_number */
	PIN(MVNETA_MAX_CPUS, 4);				/* Armada XP: 4 cores */
	PIN(MVNETA_MAX_TXQ, 8);					/* Linux txq_number */
	PIN(MVNETA_RXQ_DEF, 0);					/* Linux rxq_def */
	PIN(MVNETA_MAX_RXD, 512);				/* Linux */
	PIN(MVNETA_MAX_TXD, 1024);				/* Linux */
	PIN(MVNETA_RX_PKT_OFFSET_MAX, 120);	/* ours: 0xf units of 8 */
	PIN(MVNETA_RX_PKT_OFFSET_CORRECTION, 64);		/* Linux */
	PIN(MVNETA_RX_COPYBREAK_DEF, 256);			/* Linux rx_copybreak */
	PIN(MVNETA_RX_COAL_PKTS, 32);				/* Linux */
	PIN(MVNETA_RX_COAL_USEC, 100);				/* Linux */
	PIN(MVNETA_TX_CSUM_DEF_SIZE, 1600);			/* Linux */
	PIN(MVNETA_TX_CSUM_MAX_SIZE, 9800);			/* Linux */
	/* Every per-queue register of queue 7 stays inside the window. */
	CHECK(MVNETA_TXQ_TOKEN_SIZE_REG(7) + 4 <= MVNETA_REG_WINDOW_SIZE,
	      "register window covers every register");
}

/* Address decoding windows, the SDMA fields, the TX arbiter, the 3700. */
static void
mbus_sdma_a3700(void)
{
	PIN(MVNETA_WIN_BASE_TARGET_MASK, 0xf);		/* FreeBSD BASEADDR_TARGET */
	PIN(MVNETA_WIN_BASE_ATTR_SHIFT, 8);		/* Linux mbus_attr << 8 */
	PIN(MVNETA_WIN_BASE_ATTR_MASK, 0xff00);		/* FreeBSD BASEADDR_ATTR */
	PIN(MVNETA_WIN_BASE_ADDR_MASK, 0xffff0000);	/* Linux base & 0xffff0000 */
	PIN(MVNETA_WIN_SIZE_MASK, 0xffff0000);		/* U-Boot, Linux (size-1) & */
	PIN(MVNETA_WIN_SIZE_UNIT, 0x10000);		/* ours: 64 KiB granules */
	PIN(MVNETA_NR_REMAP_WIN, 4);			/* Linux i < 4; FreeBSD NREMAP */
	PIN(MVNETA_BASE_ADDR_ENABLE_ALL_OFF, 0x3f);	/* Linux win_enable = 0x3f */
	PIN(MVNETA_BASE_ADDR_DISABLE(5), 0x20);		/* Linux 1 << i */
	PIN(MVNETA_WIN_PROTECT_SHIFT(5), 10);		/* Linux 2 * i */
	PIN(MVNETA_WIN_PROTECT_MASK, 0x3);		/* FreeBSD EPAP 2 bits */
	PIN(MVNETA_WIN_PROTECT_NONE, 0x0);		/* FreeBSD EPAP_AC_NAC */
	PIN(MVNETA_WIN_PROTECT_RO, 0x1);		/* FreeBSD EPAP_AC_RO */
	PIN(MVNETA_WIN_PROTECT_FULL, 0x3);		/* FreeBSD EPAP_AC_FA, Linux 3 */
	PIN(MVNETA_MBUS_RETRY_EN, 0x20);		/* Linux 0x20; FreeBSD */
	PIN(MVNETA_UNIT_INTR_ADDR_VIOL, 0x4);		/* FreeBSD EUIC_ADDRVIOL */
	PIN(MVNETA_UNIT_INTR_ADDR_NO_MATCH, 0x8);	/* FreeBSD EUIC_ADDRVNOMATCH */
	PIN(MVNETA_UNIT_ERR_ADDR, 0x2094);		/* FreeBSD MVNETA_EUEA */

	PIN(MVNETA_RX_BRST_SZ_ALL_MASK, 0xe);		/* FreeBSD SDC_RXBSZ_MASK */
	PIN(MVNETA_TX_BRST_SZ_ALL_MASK, 0x1c00000);	/* FreeBSD SDC_TXBSZ_MASK */
	PIN(MVNETA_SDMA_BRST_SIZE_MAX, 4);		/* FreeBSD 16_64BITWORDS */
	PIN(MVNETA_ACC_MODE_MASK, 0x7);			/* FreeBSD PACC mask */
	PIN(MVNETA_TXQ_TOKEN_CFG_MAX, 0x03ffffff);	/* Linux txq_hw_init */
	PIN(MVNETA_TXQ_TOKEN_COUNT_MAX, 0x3fffffff);	/* Linux txq_hw_init */
	PIN(MVNETA_TX_MTU_BITS_PER_BYTE, 8);		/* Linux max_tx_size * 8 */
	PIN(MVNETA_TX_TOKEN_SIZE_MAX, 0xffffffff);	/* Linux */
	PIN(MVNETA_TXQ_TOKEN_SIZE_MAX, 0x7fffffff);	/* Linux */

	pinned++;
	CHECK(strcmp(MVNETA_COMPAT_A3700, "marvell,armada-3700-neta") == 0 &&
	      strcmp(MVNETA_COMPAT_A370, "marvell,armada-370-neta") == 0 &&
	      strcmp(MVNETA_COMPAT_AXP, "marvell,armada-xp-neta") == 0,
	      "compatibles as Linux of_device_is_compatible() and the DT binding");
	PIN(MVNETA_A3700_WIN, 0);			/* Linux MVNETA_WIN_SIZE(0) */
	PIN(MVNETA_A3700_WIN_BASE, 0);			/* Linux: WIN_BASE(0) left 0 */
	PIN(MVNETA_A3700_WIN_SIZE, 0xffff0000);		/* Linux 4 GiB window */
	PIN(MVNETA_A3700_WIN_ENABLE, 0x3e);		/* Linux 0x3f & ~BIT(0) */
	PIN(MVNETA_A3700_WIN_PROTECT, 0x3);		/* Linux win_protect = 3 */
}

/*
 * The SMI (orion-mdio): Linux mvmdio.c MVMDIO_SMI_* and its timeout;
 * where it is on the Armada 3700: armada-37xx.dtsi mdio@32004 (reg
 * <0x32004 0x4>), eth0 ethernet@30000, eth1 ethernet@40000, internal
 * registers at 0xd0000000 (U-Boot's and the Turris MOX firmware's SMI
 * 0xd0032004 agree).
 */
static void
smi(void)
{
	PIN(MVNETA_SMI_DATA_SHIFT, 0);			/* MVMDIO_SMI_DATA_SHIFT */
	PIN(MVNETA_SMI_DATA_MASK, 0xffff);		/* GENMASK(15, 0) */
	PIN(MVNETA_SMI_PHY_ADDR_SHIFT, 16);		/* MVMDIO_SMI_PHY_ADDR_SHIFT */
	PIN(MVNETA_SMI_PHY_REG_SHIFT, 21);		/* MVMDIO_SMI_PHY_REG_SHIFT */
	PIN(MVNETA_SMI_ADDR_FIELD_MASK, 0x1f);		/* 5-bit address, register */
	PIN(MVNETA_SMI_READ_OPERATION, 0x04000000);	/* BIT(26) */
	PIN(MVNETA_SMI_WRITE_OPERATION, 0);		/* MVMDIO_SMI_WRITE_OPERATION */
	PIN(MVNETA_SMI_READ_VALID, 0x08000000);		/* BIT(27) */
	PIN(MVNETA_SMI_BUSY, 0x10000000);		/* BIT(28) */
	PIN(MVNETA_SMI_TIMEOUT_US, 1000);		/* MVMDIO_SMI_TIMEOUT */
	PIN(MVNETA_SMI_POLL_US, 50);			/* between 45 and 55 us */
	PIN(MVNETA_A3700_ETH0_OFF, 0x30000);		/* ethernet@30000 */
	PIN(MVNETA_A3700_ETH1_OFF, 0x40000);		/* ethernet@40000 */
	PIN(MVNETA_A3700_SMI_OFF, 0x32004);		/* mdio@32004 */
	PIN(MVNETA_A3700_INTREGS, 0xd0000000);		/* internal-regs ranges */
	PIN(MVNETA_SMI_WINDOW_OFF, 0x2004);		/* inside eth0's 0x4000 */
	PIN(mvneta_smi_cmd(1, 2, MVNETA_SMI_READ_OPERATION), 0x04410000);
	pinned++;
	CHECK(strcmp(MVNETA_SMI_MAP_NAME, "mdio") == 0,
	      "the SMI's UIO map is named as the overlays' reg-names");
	CHECK(MVNETA_SMI_WINDOW_OFF < MVNETA_REG_WINDOW_SIZE,
	      "the SMI lies inside eth0's register window");
}

int
main(void)
{
	bit_helpers();
	rxq_regs();
	unit_regs();
	port_regs();
	intr_and_gmac_regs();
	txq_regs();
	desc_layout();
	desc_rx_status();
	desc_tx_command();
	mib();
	geometry();
	mbus_sdma_a3700();
	smi();
	printf("test_mvneta_consts: %lu constants pinned\n", pinned);
	return harness_result("test_mvneta_consts");
}
