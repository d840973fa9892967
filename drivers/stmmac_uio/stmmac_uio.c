/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * UIO backend of net_stmmac_uio: drivers/common/socnic's (socnic_uio.c)
 * with what makes a UIO device a dwmac: its device-tree compatible, and a
 * register window that reaches every register the driver touches (the
 * quiesce at probe stops up to 8 DMA channels, whose blocks end at
 * DMA_CHANX_BASE_ADDR(8); MAC and MTL registers lie below).
 */
#include "socnic_uio.h"

#include "dwmac4_regs.h"
#include "stmmac_devargs.h"
#include "stmmac_ethdev.h"
#include "stmmac_logs.h"

/*
 * The GMAC 4.x/5.x ("QoS") cores of Linux's bindings (snps,dwmac.yaml and
 * the SoC glue bindings): a node names its SoC's compatible first and the
 * core's release after it (RK3568: "rockchip,rk3568-gmac",
 * "snps,dwmac-4.20a"), so either is enough. The 3.x cores
 * ("snps,dwmac-3.70a", "snps,dwmac") have another register map.
 */
static const char *const stmmac_uio_compatibles[] = {
	"snps,dwmac-4.00", "snps,dwmac-4.10a", "snps,dwmac-4.20a",
	"snps,dwmac-5.10a", "snps,dwmac-5.20",
	"rockchip,rk3568-gmac", "rockchip,rk3588-gmac",
	"nxp,imx8mp-dwmac-eqos", "nxp,imx93-dwmac-eqos",
	"st,stm32mp1-dwmac", "starfive,jh7110-dwmac",
	NULL,
};

int
stmmac_backend_uio_create(struct socnic_backend *be, const char *name,
			  const struct stmmac_devargs *da)
{
	const struct socnic_uio_family fam = {
		.what = "a dwmac Ethernet controller",
		.compatibles = stmmac_uio_compatibles,
		.min_window = DMA_CHANX_BASE_ADDR(8),
		.logtype = stmmac_logtype_backend,
	};

	return socnic_uio_create(be, name, &da->port, &fam);
}
