/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The SoC facts (bc_soc.h) and the glue checks: the GMAC's reset line
 * and its interface select, read through a UIO map of the CRU / GRF /
 * GPR page where the overlay gives one (uio_pdrv_genirq maps every `reg`
 * entry of the node: map1, map2, ...). Nothing is written.
 *
 * The facts are the PMD's SoC glue's (drivers/stmmac_uio/base/
 * rockchip_soc.h, rk3568_soc.h, rk3588_soc.h, imx8mp_soc.h, each value
 * pinned by test soc_consts): the reset line's soft-reset register and
 * bit (set = held in reset), the interface select field and its values.
 */
#include <stdio.h>
#include <string.h>

#include "bc.h"
#include "bc_soc.h"
#include "imx8mp_soc.h"
#include "rk3568_soc.h"
#include "rk3588_soc.h"
#include "rockchip_soc.h"

static const char *const rk3568_compat[] = {
	"rockchip,rk3568-gmac", "rockchip,rk3566-gmac", "rockchip,rk3568",
	"rockchip,rk3566", NULL,
};
static const char *const rk3588_compat[] = {
	"rockchip,rk3588-gmac", "rockchip,rk3588", "rockchip,rk3588s", NULL,
};
static const char *const imx8mp_compat[] = {
	"nxp,imx8mp-dwmac-eqos", "fsl,imx8mp", NULL,
};
static const char *const stm32mp15_compat[] = {
	"st,stm32mp1-dwmac", "st,stm32mp151", "st,stm32mp153",
	"st,stm32mp157", NULL,
};

#define RK3568_SRST(n)	(RK3568_CRU_BASE + RK3568_CRU_SOFTRST_CON(n))
#define RK3588_SRST	(RK3588_CRU_BASE + \
			 RK3588_CRU_SOFTRST_CON(RK3588_SRST_A_GMAC_CON))
#define RK3588_MODE	(RK3588_PHP_GRF_BASE + RK3588_PHP_GRF_GMAC_CON0)
#define RK_SEL_WIDTH	3	/* PHY_INTF_SEL: 3 bits on both */

const struct bc_soc bc_socs[] = {
	{
		.name = "RK3568",
		.compatibles = rk3568_compat,
		.gmac = { RK3568_GMAC0_BASE, RK3568_GMAC1_BASE },
		.overlay = { "rk3568-gmac0-uio.dtso", "rk3568-gmac1-uio.dtso" },
		.reset = {
			{ RK3568_SRST(RK3568_SRST_A_GMAC0_CON),
			  RK3568_SRST_A_GMAC0_BIT, 1 },
			{ RK3568_SRST(RK3568_SRST_A_GMAC1_CON),
			  RK3568_SRST_A_GMAC1_BIT, 1 },
		},
		.mode = {
			{ "GRF_GMAC0_CON1",
			  { RK3568_GRF_BASE + RK3568_GRF_GMAC0_CON1,
			    RK3568_GMAC_PHY_INTF_SEL_SHIFT, RK_SEL_WIDTH },
			  ROCKCHIP_PHY_INTF_SEL_RGMII, ROCKCHIP_PHY_INTF_SEL_RMII,
			  0, 0 },
			{ "GRF_GMAC1_CON1",
			  { RK3568_GRF_BASE + RK3568_GRF_GMAC1_CON1,
			    RK3568_GMAC_PHY_INTF_SEL_SHIFT, RK_SEL_WIDTH },
			  ROCKCHIP_PHY_INTF_SEL_RGMII, ROCKCHIP_PHY_INTF_SEL_RMII,
			  0, 0 },
		},
	},
	{
		.name = "RK3588",
		.compatibles = rk3588_compat,
		.gmac = { RK3588_GMAC0_BASE, RK3588_GMAC1_BASE },
		.overlay = { "rk3588-gmac0-uio.dtso", "rk3588-gmac1-uio.dtso" },
		.reset = {
			{ RK3588_SRST, RK3588_SRST_A_GMAC_BIT(0), 1 },
			{ RK3588_SRST, RK3588_SRST_A_GMAC_BIT(1), 1 },
		},
		.mode = {
			{ "php_grf GMAC_CON0",
			  { RK3588_MODE, RK3588_GMAC_PHY_INTF_SEL_SHIFT(0),
			    RK_SEL_WIDTH },
			  ROCKCHIP_PHY_INTF_SEL_RGMII, ROCKCHIP_PHY_INTF_SEL_RMII,
			  0, 0 },
			{ "php_grf GMAC_CON0",
			  { RK3588_MODE, RK3588_GMAC_PHY_INTF_SEL_SHIFT(1),
			    RK_SEL_WIDTH },
			  ROCKCHIP_PHY_INTF_SEL_RGMII, ROCKCHIP_PHY_INTF_SEL_RMII,
			  0, 0 },
		},
	},
	{
		.name = "i.MX8MP",
		.compatibles = imx8mp_compat,
		.gmac = { IMX8MP_EQOS_BASE, 0 },
		.overlay = { "imx8mp-eqos-uio.dtso", NULL },
		.mode = {
			{ "IOMUXC GPR1",
			  { IMX8MP_IOMUXC_GPR_BASE + IMX8MP_GPR1,
			    IMX8MP_GPR1_QOS_INTF_SEL_SHIFT, 3 },
			  IMX8MP_GPR1_QOS_INTF_SEL_RGMII,
			  IMX8MP_GPR1_QOS_INTF_SEL_RMII,
			  IMX8MP_GPR1_QOS_CLK_GEN_EN | IMX8MP_GPR1_QOS_RGMII_EN,
			  IMX8MP_GPR1_QOS_CLK_GEN_EN },
		},
	},
	{
		.name = "STM32MP15x",
		.compatibles = stm32mp15_compat,
		.gmac = { 0x5800a000u, 0 },
		.overlay = { "stm32mp15-ethernet0-uio.dtso", NULL },
	},
};

const unsigned int bc_nb_socs = sizeof(bc_socs) / sizeof(bc_socs[0]);

static uint32_t
bc_field_get(uint32_t v, const struct bc_field *f)
{
	return (v >> f->shift) & ((1u << f->width) - 1u);
}

/* The register at physical address @p pa through a map; false: none. */
static bool
bc_read_phys(struct bc_ctx *c, uint64_t pa, uint32_t *val, const char **why)
{
	void *base;
	size_t len;
	volatile uint32_t *p = bc_map_phys(c, pa, 4, false, &base, &len, why);

	if (p == NULL)
		return false;
	*val = *p;
	bc_unmap(base, len);
	return true;
}

static const char bc_reset_fix[] =
	"the boot loader left the GMAC in reset (upstream U-Boot's Rockchip "
	"glue asserts it at every stop, e.g. after dhcp): the PMD's SoC glue "
	"releases it at probe through this mapped page (soc=auto, the "
	"default); with soc=none release it before DPDK starts "
	"(docs/nics/boards.md)";

void
bc_check_reset(struct bc_ctx *c)
{
	const struct bc_field *f;
	const char *why = NULL;
	char msg[160];
	uint32_t v;

	if (c->soc == NULL || c->gmac < 0) {
		bc_skip(c, "reset", "the SoC or its GMAC is not known");
		return;
	}
	f = &c->soc->reset[c->gmac];
	if (f->reg == 0) {
		snprintf(msg, sizeof(msg), "the %s's GMAC has no reset line a driver controls",
			 c->soc->name);
		bc_skip(c, "reset", msg);
		return;
	}
	if (!bc_read_phys(c, f->reg, &v, &why)) {
		snprintf(msg, sizeof(msg), "CRU register %#llx: %s",
			 (unsigned long long)f->reg, why);
		bc_skip(c, "reset", msg);
		return;
	}
	if (bc_field_get(v, f) != 0) {
		c->in_reset = true;
		bc_fail(c, "reset", bc_reset_fix,
			"GMAC%d held in reset: CRU %#llx = 0x%08x, bit %u set",
			c->gmac, (unsigned long long)f->reg, v, f->shift);
		return;
	}
	bc_ok(c, "reset", "GMAC%d out of reset (CRU %#llx = 0x%08x, bit %u clear)",
	      c->gmac, (unsigned long long)f->reg, v, f->shift);
}

/* The select value and extra bits @p mode needs; false: not supported. */
static bool
bc_mode_want(const struct bc_mode_sel *m, const char *mode, uint32_t *sel,
	     uint32_t *also)
{
	if (strncmp(mode, "rgmii", 5) == 0) {
		*sel = m->rgmii;
		*also = m->rgmii_also;
		return true;
	}
	if (strcmp(mode, "rmii") == 0) {
		*sel = m->rmii;
		*also = m->rmii_also;
		return true;
	}
	return false;
}

void
bc_check_glue_mode(struct bc_ctx *c)
{
	const struct bc_mode_sel *m;
	const char *why = NULL;
	uint32_t v, sel, also;
	char msg[200], fix[320];

	if (c->soc == NULL || c->gmac < 0) {
		bc_skip(c, "glue", "the SoC or its GMAC is not known");
		return;
	}
	m = &c->soc->mode[c->gmac];
	if (m->sel.reg == 0) {
		snprintf(msg, sizeof(msg), "no interface select known for the %s",
			 c->soc->name);
		bc_skip(c, "glue", msg);
		return;
	}
	if (c->phy_mode[0] == '\0' || !bc_mode_want(m, c->phy_mode, &sel, &also)) {
		bc_skip(c, "glue", "no usable phy-mode to compare with");
		return;
	}
	if (!bc_read_phys(c, m->sel.reg, &v, &why)) {
		snprintf(msg, sizeof(msg), "%s (%#llx): %s", m->name,
			 (unsigned long long)m->sel.reg, why);
		bc_skip(c, "glue", msg);
		return;
	}
	if (bc_field_get(v, &m->sel) != sel || (v & also) != also) {
		snprintf(fix, sizeof(fix),
			 "%s must select %s (field %u at bit %u%s): the PMD's SoC glue sets it at probe through this mapped page (soc=auto, the default); with soc=none a U-Boot network command's glue must have set it",
			 m->name, c->phy_mode, sel, m->sel.shift,
			 also != 0 ? ", with its enable bits" : "");
		bc_fail(c, "glue", fix, "%s = 0x%08x: interface select %u%s, phy-mode is %s",
			m->name, v, bc_field_get(v, &m->sel),
			(v & also) != also ? " without its enable bits" : "",
			c->phy_mode);
		return;
	}
	bc_ok(c, "glue", "%s = 0x%08x selects %s", m->name, v, c->phy_mode);
}
