/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * What makes a UIO device a dwmac for net_stmmac_uio (stmmac_uio.c) and
 * socrx-board-check (app/board_check): the words its uioN/name holds, and
 * the compatible strings of its device-tree node.
 * uio_pdrv_genirq names the device after its device-tree node
 * ("ethernet" for ethernet@fe2a0000), a platform device without one
 * after the device; then the compatible families' names.
 */
#ifndef STMMAC_UIO_IDS_H
#define STMMAC_UIO_IDS_H

#define STMMAC_UIO_NAMES	"ethernet", "gmac", "dwmac", "stmmac", "eqos", NULL

/*
 * The GMAC 4.x/5.x ("QoS") cores of Linux's bindings (snps,dwmac.yaml and
 * the SoC glue bindings): a node names its SoC's compatible first and the
 * core's release after it (RK3568: "rockchip,rk3568-gmac",
 * "snps,dwmac-4.20a"), so either is enough. The 3.x cores
 * ("snps,dwmac-3.70a", "snps,dwmac") have another register map.
 */
#define STMMAC_UIO_COMPATIBLES						\
	"snps,dwmac-4.00", "snps,dwmac-4.10a", "snps,dwmac-4.20a",	\
	"snps,dwmac-5.10a", "snps,dwmac-5.20",				\
	"rockchip,rk3566-gmac", "rockchip,rk3568-gmac",			\
	"rockchip,rk3588-gmac",						\
	"nxp,imx8mp-dwmac-eqos", "nxp,imx93-dwmac-eqos",		\
	"st,stm32mp1-dwmac", "starfive,jh7110-dwmac", NULL

#endif /* STMMAC_UIO_IDS_H */
