/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * i.MX8M Plus: the EQOS's glue in IOMUXC GPR1 (i.MX 8M Plus Applications
 * Processor Reference Manual, IOMUXC_GPR_GPR1; cross-references: Linux
 * drivers/net/ethernet/stmicro/stmmac/dwmac-imx.c GPR_ENET_QOS_*,
 * imx8mp.dtsi intf_mode = <&gpr 0x4>). GPR1 has no write mask: the
 * fields change by read-modify-write of the whole word.
 */
#ifndef SOCRX_IMX8MP_SOC_H
#define SOCRX_IMX8MP_SOC_H

#include <stdint.h>

#define IMX8MP_EQOS_BASE		0x30bf0000u
#define IMX8MP_IOMUXC_GPR_BASE		0x30340000u	/* gpr: syscon@30340000 */
#define IMX8MP_GPR1			0x0004u

/* GPR1, EQOS fields (dwmac-imx.c GPR_ENET_QOS_INTF_MODE_MASK: 21:16). */
#define IMX8MP_GPR1_QOS_INTF_SEL_SHIFT	16u
#define IMX8MP_GPR1_QOS_INTF_SEL_MASK	0x7u
#define IMX8MP_GPR1_QOS_INTF_SEL_MII	0u
#define IMX8MP_GPR1_QOS_INTF_SEL_RGMII	1u
#define IMX8MP_GPR1_QOS_INTF_SEL_RMII	4u
#define IMX8MP_GPR1_QOS_CLK_GEN_EN	(1u << 19)
#define IMX8MP_GPR1_QOS_CLK_TX_CLK_SEL	(1u << 20)
#define IMX8MP_GPR1_QOS_RGMII_EN	(1u << 21)
#define IMX8MP_GPR1_QOS_MODE_MASK	(0x3fu << 16)

#endif /* SOCRX_IMX8MP_SOC_H */
