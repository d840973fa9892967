/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * RK3588/RK3588S: the blocks around GMAC0 and GMAC1 that a driver must
 * program (RK3588 TRM Part 1, chapters "CRU", "SYS_GRF", "PHP_GRF";
 * cross-references: Linux drivers/clk/rockchip/clk-rk3588.c and
 * rst-rk3588.c, drivers/net/ethernet/stmicro/stmmac/dwmac-rk.c rk3588_*,
 * U-Boot drivers/net/dwc_eth_qos_rockchip.c). Registers take hi-word write
 * masks (rockchip_soc.h). Offsets are from each block's base.
 */
#ifndef SOCRX_RK3588_SOC_H
#define SOCRX_RK3588_SOC_H

#include "rockchip_soc.h"

/* Physical addresses (rk3588-base.dtsi, rk3588-extra.dtsi). */
#define RK3588_GMAC0_BASE		0xfe1b0000u	/* RK3588 only */
#define RK3588_GMAC1_BASE		0xfe1c0000u
#define RK3588_CRU_BASE			0xfd7c0000u
#define RK3588_SYS_GRF_BASE		0xfd58c000u	/* rockchip,grf */
#define RK3588_PHP_GRF_BASE		0xfd5b0000u	/* rockchip,php-grf */

/* ---- CRU ---- */
#define RK3588_CRU_CLKSEL_CON(n)	(0x0300u + 4u * (n))
#define RK3588_CRU_CLKGATE_CON(n)	(0x0800u + 4u * (n))
#define RK3588_CRU_SOFTRST_CON(n)	(0x0a00u + 4u * (n))

/* SRST_A_GMAC0/1 (rst-rk3588.c: SOFTRST_CON32 bits 10 and 11). */
#define RK3588_SRST_A_GMAC_CON		32u
#define RK3588_SRST_A_GMAC_BIT(id)	(10u + (id))

/* Gates: pclk_gmacN and aclk_gmacN in CLKGATE_CON32. */
#define RK3588_GMAC_GATE_CON		32u
#define RK3588_GMAC_GATE_PCLK(id)	(3u + (id))
#define RK3588_GMAC_GATE_ACLK(id)	(10u + (id))
/* clk_gmac_125m (stmmaceth) and clk_gmac_50m, both GMACs' (CON35). */
#define RK3588_GMAC_REF_GATE_CON	35u
#define RK3588_GMAC_GATE_125M		5u
#define RK3588_GMAC_GATE_50M		6u

/* ---- SYS_GRF: delay lines ---- */
#define RK3588_GRF_GMAC_CON7		0x031cu
#define RK3588_GRF_GMAC_CON8		0x0320u	/* GMAC0 */
#define RK3588_GRF_GMAC_CON9		0x0324u	/* GMAC1 */
#define RK3588_GMAC_RXCLK_DLY_ENA_BIT(id)	(2u * (id) + 3u)
#define RK3588_GMAC_TXCLK_DLY_ENA_BIT(id)	(2u * (id) + 2u)
#define RK3588_GMAC_CLK_RX_DL_SHIFT	8u
#define RK3588_GMAC_CLK_TX_DL_SHIFT	0u
#define RK3588_GMAC_CLK_DL_MASK		0xffu

/* ---- PHP_GRF: interface select and the RGMII/RMII clock ---- */
#define RK3588_PHP_GRF_GMAC_CON0	0x0008u
#define RK3588_GMAC_PHY_INTF_SEL_SHIFT(id)	(3u + 6u * (id))
#define RK3588_GMAC_PHY_INTF_SEL_MASK	0x7u

/*
 * CLK_CON1: five bits per GMAC from bit 5 * id: RMII mode (0: RGMII),
 * RMII clock gate, the divider of the 125 MHz TX clock (2 bits: 0 by 1,
 * 3 by 5, 2 by 50; RMII uses the low bit: by 2 or by 20), and the clock
 * source (1: the CRU's clk_gmac_125m, 0: the pad).
 */
#define RK3588_PHP_GRF_CLK_CON1		0x0070u
#define RK3588_GMAC_CLK_SHIFT(id)	(5u * (id))
#define RK3588_GMAC_CLK_RMII_MODE_BIT	0u
#define RK3588_GMAC_CLK_RMII_GATE_BIT	1u
#define RK3588_GMAC_CLK_DIV_SHIFT	2u
#define RK3588_GMAC_CLK_DIV_MASK	0x3u
#define RK3588_GMAC_CLK_RGMII_DIV1	0u	/* 125 MHz: 1000 Mbit/s */
#define RK3588_GMAC_CLK_RGMII_DIV50	2u	/* 2.5 MHz: 10 Mbit/s */
#define RK3588_GMAC_CLK_RGMII_DIV5	3u	/* 25 MHz: 100 Mbit/s */
#define RK3588_GMAC_CLK_SEL_CRU_BIT	4u

#endif /* SOCRX_RK3588_SOC_H */
