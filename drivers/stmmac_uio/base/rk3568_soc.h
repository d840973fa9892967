/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * RK3568/RK3566: the blocks around GMAC0 and GMAC1 that a driver must
 * program (RK3568 TRM Part 1, chapters "CRU" and "GRF"; cross-references:
 * Linux drivers/clk/rockchip/clk-rk3568.c, include/dt-bindings/clock/
 * rk3568-cru.h, drivers/net/ethernet/stmicro/stmmac/dwmac-rk.c rk3568_*,
 * U-Boot drivers/net/dwc_eth_qos_rockchip.c). Registers take hi-word write
 * masks (rockchip_soc.h). Offsets are from each block's base.
 */
#ifndef SOCRX_RK3568_SOC_H
#define SOCRX_RK3568_SOC_H

#include "rockchip_soc.h"

/* Physical addresses (rk356x-base.dtsi). */
#define RK3568_GMAC0_BASE		0xfe2a0000u	/* RK3568 only */
#define RK3568_GMAC1_BASE		0xfe010000u
#define RK3568_CRU_BASE			0xfdd20000u
#define RK3568_GRF_BASE			0xfdc60000u	/* syscon@fdc60000 */

/* ---- CRU ---- */
#define RK3568_CRU_CLKSEL_CON(n)	(0x0100u + 4u * (n))
#define RK3568_CRU_CLKGATE_CON(n)	(0x0300u + 4u * (n))
#define RK3568_CRU_SOFTRST_CON(n)	(0x0400u + 4u * (n))

/*
 * The GMACs' AXI reset, the one the node's resets = <&cru SRST_A_GMACx>
 * names and U-Boot asserts: reset IDs 215 and 236, id / 16 the register,
 * id % 16 the bit.
 */
#define RK3568_SRST_A_GMAC0_CON		13u
#define RK3568_SRST_A_GMAC0_BIT		7u
#define RK3568_SRST_A_GMAC1_CON		14u
#define RK3568_SRST_A_GMAC1_BIT		12u

/*
 * Clock gates: aclk_mac, pclk_mac and clk_macN_2top (the parent of the
 * stmmaceth clock SCLK_GMACx when the MAC clock comes from the CRU).
 */
#define RK3568_GMAC0_GATE_CON		15u
#define RK3568_GMAC0_GATE_ACLK		5u
#define RK3568_GMAC0_GATE_PCLK		6u
#define RK3568_GMAC0_GATE_2TOP		7u
#define RK3568_GMAC1_GATE_CON		17u
#define RK3568_GMAC1_GATE_ACLK		3u
#define RK3568_GMAC1_GATE_PCLK		4u
#define RK3568_GMAC1_GATE_2TOP		5u

/*
 * The MAC's TX clock (clk_mac_speed, SCLK_GMACx_RX_TX): CLKSEL_CON31 for
 * GMAC0, CLKSEL_CON33 for GMAC1, same layout. RX_TX (bits 1:0) picks the
 * RGMII, RMII or XPCS source; RGMII_SPEED (bits 5:4) the RGMII rate.
 */
#define RK3568_GMAC0_CLKSEL_CON		31u
#define RK3568_GMAC1_CLKSEL_CON		33u
#define RK3568_CLKSEL_RX_TX_SHIFT	0u
#define RK3568_CLKSEL_RX_TX_MASK	0x3u
#define RK3568_CLKSEL_RX_TX_RGMII	0u
#define RK3568_CLKSEL_RX_TX_RMII	1u
#define RK3568_CLKSEL_RGMII_SHIFT	4u
#define RK3568_CLKSEL_RGMII_MASK	0x3u
#define RK3568_CLKSEL_RGMII_125M	0u	/* 1 is 125 MHz too */
#define RK3568_CLKSEL_RGMII_125M_1	1u
#define RK3568_CLKSEL_RGMII_2_5M	2u
#define RK3568_CLKSEL_RGMII_25M		3u

/* ---- GRF (the system GRF, the node's rockchip,grf) ---- */
#define RK3568_GRF_GMAC0_CON0		0x0380u
#define RK3568_GRF_GMAC0_CON1		0x0384u
#define RK3568_GRF_GMAC1_CON0		0x0388u
#define RK3568_GRF_GMAC1_CON1		0x038cu

/* GMACx_CON0: the RX and TX clock delay lines, 7 bits each. */
#define RK3568_GMAC_CLK_RX_DL_SHIFT	8u
#define RK3568_GMAC_CLK_TX_DL_SHIFT	0u
#define RK3568_GMAC_CLK_DL_MASK		0x7fu

/* GMACx_CON1: interface select, flow control, delay-line enables. */
#define RK3568_GMAC_PHY_INTF_SEL_SHIFT	4u
#define RK3568_GMAC_PHY_INTF_SEL_MASK	0x7u
#define RK3568_GMAC_FLOW_CTRL_BIT	3u
#define RK3568_GMAC_RXCLK_DLY_ENA_BIT	1u
#define RK3568_GMAC_TXCLK_DLY_ENA_BIT	0u

#endif /* SOCRX_RK3568_SOC_H */
