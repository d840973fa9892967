/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * SoC glue (stmmac_soc.h): the controller's hand-over from the boot
 * loader without a kernel driver, through the backend's extra maps of the
 * SoC's clock and reset unit and register files (docs/design/soc_glue.md).
 *
 * Rockchip (RK3568, RK3588): every write carries its own write-enable
 * mask (base/rockchip_soc.h), so no read-modify-write races the kernel's
 * clock and pin drivers, which own the other bits of the same words.
 * The order is Linux dwmac-rk's power-up (rk_gmac_powerup(): interface
 * mode and delays, then clocks) followed by the reset release its stmmac
 * core does at probe; U-Boot's eqos_start_resets_rk()/start_clks_rk()
 * program the same fields. i.MX8MP: GPR1 has no mask, its EQOS field is
 * changed by read-modify-write as dwmac-imx's regmap_update_bits() does.
 */
#include <errno.h>
#include <inttypes.h>
#include <string.h>

#include <rte_byteorder.h>
#include <rte_common.h>
#include <rte_cycles.h>

#include "imx8mp_soc.h"
#include "rk3568_soc.h"
#include "rk3588_soc.h"

#include "stmmac_ethdev.h"
#include "stmmac_logs.h"
#include "stmmac_soc.h"

/* Time the block gets after its reset is released (Linux: none; margin). */
#define STMMAC_SOC_RESET_US	10

struct stmmac_soc_desc {
	const char *name;		/* "rk3568 gmac1" */
	uint64_t phys;			/* the controller's registers */
	unsigned int gmac;
	/* The maps it needs, by role (NULL: none). */
	const char *maps[STMMAC_SOC_NB_MAPS];
	bool delays;			/* the SoC has RGMII delay lines */
	void (*hand_over)(struct stmmac_adapter *ad);
	int (*set_speed)(struct stmmac_adapter *ad, uint32_t speed);
};

static void
soc_w(struct stmmac_adapter *ad, enum stmmac_soc_map map, uint32_t off,
      uint32_t val)
{
	ad->port.be.ops->soc_write32(ad->port.be.ctx, (unsigned int)ad->soc.map[map],
				off, val);
}

static uint32_t
soc_r(struct stmmac_adapter *ad, enum stmmac_soc_map map, uint32_t off)
{
	return ad->port.be.ops->soc_read32(ad->port.be.ctx, (unsigned int)ad->soc.map[map],
				      off);
}

/* Enable bit @p nr when its delay line has a value, else disable it. */
static uint32_t
rk_delay_enable(unsigned int nr, uint32_t delay)
{
	return delay != 0 ? ROCKCHIP_BIT_SET(nr) : ROCKCHIP_BIT_CLR(nr);
}

/* ---- RK3568 ---- */

static void
rk3568_hand_over(struct stmmac_adapter *ad)
{
	const struct stmmac_soc *s = &ad->soc;
	bool g1 = s->gmac == 1;

	/* GRF: delay lines (CON0), RGMII and the delay enables (CON1). */
	soc_w(ad, STMMAC_SOC_MAP_GRF, g1 ? RK3568_GRF_GMAC1_CON0 : RK3568_GRF_GMAC0_CON0,
	      ROCKCHIP_HIWORD(s->rx_delay, RK3568_GMAC_CLK_DL_MASK,
			      RK3568_GMAC_CLK_RX_DL_SHIFT) |
	      ROCKCHIP_HIWORD(s->tx_delay, RK3568_GMAC_CLK_DL_MASK,
			      RK3568_GMAC_CLK_TX_DL_SHIFT));
	soc_w(ad, STMMAC_SOC_MAP_GRF, g1 ? RK3568_GRF_GMAC1_CON1 : RK3568_GRF_GMAC0_CON1,
	      ROCKCHIP_HIWORD(ROCKCHIP_PHY_INTF_SEL_RGMII,
			      RK3568_GMAC_PHY_INTF_SEL_MASK,
			      RK3568_GMAC_PHY_INTF_SEL_SHIFT) |
	      rk_delay_enable(RK3568_GMAC_RXCLK_DLY_ENA_BIT, s->rx_delay) |
	      rk_delay_enable(RK3568_GMAC_TXCLK_DLY_ENA_BIT, s->tx_delay));
	/* CRU: the MAC's RX/TX clock from the RGMII source. */
	soc_w(ad, STMMAC_SOC_MAP_CRU, RK3568_CRU_CLKSEL_CON(g1 ?
		RK3568_GMAC1_CLKSEL_CON : RK3568_GMAC0_CLKSEL_CON),
	      ROCKCHIP_HIWORD(RK3568_CLKSEL_RX_TX_RGMII, RK3568_CLKSEL_RX_TX_MASK,
			      RK3568_CLKSEL_RX_TX_SHIFT));
	/* Gates open (0), then the AXI reset released. */
	if (g1)
		soc_w(ad, STMMAC_SOC_MAP_CRU,
		      RK3568_CRU_CLKGATE_CON(RK3568_GMAC1_GATE_CON),
		      ROCKCHIP_BIT_CLR(RK3568_GMAC1_GATE_ACLK) |
		      ROCKCHIP_BIT_CLR(RK3568_GMAC1_GATE_PCLK) |
		      ROCKCHIP_BIT_CLR(RK3568_GMAC1_GATE_2TOP));
	else
		soc_w(ad, STMMAC_SOC_MAP_CRU,
		      RK3568_CRU_CLKGATE_CON(RK3568_GMAC0_GATE_CON),
		      ROCKCHIP_BIT_CLR(RK3568_GMAC0_GATE_ACLK) |
		      ROCKCHIP_BIT_CLR(RK3568_GMAC0_GATE_PCLK) |
		      ROCKCHIP_BIT_CLR(RK3568_GMAC0_GATE_2TOP));
	soc_w(ad, STMMAC_SOC_MAP_CRU, RK3568_CRU_SOFTRST_CON(g1 ?
		RK3568_SRST_A_GMAC1_CON : RK3568_SRST_A_GMAC0_CON),
	      ROCKCHIP_BIT_CLR(g1 ? RK3568_SRST_A_GMAC1_BIT : RK3568_SRST_A_GMAC0_BIT));
}

/* rk3568_set_gmac_speed(): clk_mac_speed to 125, 25 or 2.5 MHz. */
static int
rk3568_set_speed(struct stmmac_adapter *ad, uint32_t speed)
{
	uint32_t sel = speed == 1000 ? RK3568_CLKSEL_RGMII_125M :
		       speed == 100 ? RK3568_CLKSEL_RGMII_25M :
		       RK3568_CLKSEL_RGMII_2_5M;

	soc_w(ad, STMMAC_SOC_MAP_CRU, RK3568_CRU_CLKSEL_CON(ad->soc.gmac ?
		RK3568_GMAC1_CLKSEL_CON : RK3568_GMAC0_CLKSEL_CON),
	      ROCKCHIP_HIWORD(sel, RK3568_CLKSEL_RGMII_MASK,
			      RK3568_CLKSEL_RGMII_SHIFT));
	return 0;
}

/* ---- RK3588 ---- */

static void
rk3588_hand_over(struct stmmac_adapter *ad)
{
	const struct stmmac_soc *s = &ad->soc;
	unsigned int g = s->gmac, clk = RK3588_GMAC_CLK_SHIFT(g);

	/* PHP_GRF: RGMII, its clock from the CRU (clock_in_out output), ungated. */
	soc_w(ad, STMMAC_SOC_MAP_PHP_GRF, RK3588_PHP_GRF_GMAC_CON0,
	      ROCKCHIP_HIWORD(ROCKCHIP_PHY_INTF_SEL_RGMII,
			      RK3588_GMAC_PHY_INTF_SEL_MASK,
			      RK3588_GMAC_PHY_INTF_SEL_SHIFT(g)));
	soc_w(ad, STMMAC_SOC_MAP_PHP_GRF, RK3588_PHP_GRF_CLK_CON1,
	      ROCKCHIP_BIT_CLR(clk + RK3588_GMAC_CLK_RMII_MODE_BIT) |
	      ROCKCHIP_BIT_SET(clk + RK3588_GMAC_CLK_SEL_CRU_BIT) |
	      ROCKCHIP_BIT_CLR(clk + RK3588_GMAC_CLK_RMII_GATE_BIT));
	/* SYS_GRF: delay enables (CON7) and delay lines (CON8/CON9). */
	soc_w(ad, STMMAC_SOC_MAP_GRF, RK3588_GRF_GMAC_CON7,
	      rk_delay_enable(RK3588_GMAC_RXCLK_DLY_ENA_BIT(g), s->rx_delay) |
	      rk_delay_enable(RK3588_GMAC_TXCLK_DLY_ENA_BIT(g), s->tx_delay));
	soc_w(ad, STMMAC_SOC_MAP_GRF, g ? RK3588_GRF_GMAC_CON9 : RK3588_GRF_GMAC_CON8,
	      ROCKCHIP_HIWORD(s->rx_delay, RK3588_GMAC_CLK_DL_MASK,
			      RK3588_GMAC_CLK_RX_DL_SHIFT) |
	      ROCKCHIP_HIWORD(s->tx_delay, RK3588_GMAC_CLK_DL_MASK,
			      RK3588_GMAC_CLK_TX_DL_SHIFT));
	/* CRU: pclk/aclk and the 125 MHz reference open, reset released. */
	soc_w(ad, STMMAC_SOC_MAP_CRU, RK3588_CRU_CLKGATE_CON(RK3588_GMAC_GATE_CON),
	      ROCKCHIP_BIT_CLR(RK3588_GMAC_GATE_PCLK(g)) |
	      ROCKCHIP_BIT_CLR(RK3588_GMAC_GATE_ACLK(g)));
	soc_w(ad, STMMAC_SOC_MAP_CRU, RK3588_CRU_CLKGATE_CON(RK3588_GMAC_REF_GATE_CON),
	      ROCKCHIP_BIT_CLR(RK3588_GMAC_GATE_125M));
	soc_w(ad, STMMAC_SOC_MAP_CRU, RK3588_CRU_SOFTRST_CON(RK3588_SRST_A_GMAC_CON),
	      ROCKCHIP_BIT_CLR(RK3588_SRST_A_GMAC_BIT(g)));
}

/* rk3588_set_gmac_speed(): the PHP_GRF divider of the 125 MHz clock. */
static int
rk3588_set_speed(struct stmmac_adapter *ad, uint32_t speed)
{
	uint32_t div = speed == 1000 ? RK3588_GMAC_CLK_RGMII_DIV1 :
		       speed == 100 ? RK3588_GMAC_CLK_RGMII_DIV5 :
		       RK3588_GMAC_CLK_RGMII_DIV50;

	soc_w(ad, STMMAC_SOC_MAP_PHP_GRF, RK3588_PHP_GRF_CLK_CON1,
	      ROCKCHIP_HIWORD(div, RK3588_GMAC_CLK_DIV_MASK,
			      RK3588_GMAC_CLK_SHIFT(ad->soc.gmac) +
			      RK3588_GMAC_CLK_DIV_SHIFT));
	return 0;
}

/* ---- i.MX8MP ---- */

/* imx8mp_set_intf_mode() for RGMII: select, RGMII_EN, the clock generator. */
static void
imx8mp_hand_over(struct stmmac_adapter *ad)
{
	uint32_t v = soc_r(ad, STMMAC_SOC_MAP_GRF, IMX8MP_GPR1);

	v &= ~IMX8MP_GPR1_QOS_MODE_MASK;
	v |= IMX8MP_GPR1_QOS_INTF_SEL_RGMII << IMX8MP_GPR1_QOS_INTF_SEL_SHIFT |
	     IMX8MP_GPR1_QOS_RGMII_EN | IMX8MP_GPR1_QOS_CLK_GEN_EN;
	soc_w(ad, STMMAC_SOC_MAP_GRF, IMX8MP_GPR1, v);
}

/*
 * The EQOS TX clock is the CCM's ENET_QOS root (125 MHz assigned by the
 * SoC tree), which no map here reaches: 1000 Mbit/s only.
 */
static int
imx8mp_set_speed(struct stmmac_adapter *ad, uint32_t speed)
{
	RTE_SET_USED(ad);
	return speed == 1000 ? 0 : -ENOTSUP;
}

static const struct stmmac_soc_desc stmmac_soc_descs[] = {
	{ "rk3568 gmac0", RK3568_GMAC0_BASE, 0, { "cru", "grf", NULL }, true,
	  rk3568_hand_over, rk3568_set_speed },
	{ "rk3568 gmac1", RK3568_GMAC1_BASE, 1, { "cru", "grf", NULL }, true,
	  rk3568_hand_over, rk3568_set_speed },
	{ "rk3588 gmac0", RK3588_GMAC0_BASE, 0, { "cru", "grf", "php_grf" }, true,
	  rk3588_hand_over, rk3588_set_speed },
	{ "rk3588 gmac1", RK3588_GMAC1_BASE, 1, { "cru", "grf", "php_grf" }, true,
	  rk3588_hand_over, rk3588_set_speed },
	{ "imx8mp eqos", IMX8MP_EQOS_BASE, 0, { NULL, "gpr", NULL }, false,
	  imx8mp_hand_over, imx8mp_set_speed },
};

/* ---- Probe ---- */

/* A u32 cell of the node, or @p def when the node has none. */
static uint32_t
soc_of_u32(struct stmmac_adapter *ad, const char *name, uint32_t def)
{
	uint32_t be;

	if (ad->port.be.ops->of_prop == NULL ||
	    ad->port.be.ops->of_prop(ad->port.be.ctx, name, &be, sizeof(be)) != sizeof(be))
		return def;
	return rte_be_to_cpu_32(be);
}

/*
 * phy-mode into the delay lines, as dwmac-rk / U-Boot read it: rgmii uses
 * both of the node's delays, rgmii-id none (the PHY delays both ways),
 * rgmii-rxid only TX's, rgmii-txid only RX's. 0 or -ENOTSUP.
 */
static int
soc_phy_mode(struct stmmac_adapter *ad, const char *name)
{
	struct stmmac_soc *s = &ad->soc;
	char mode[32] = "";
	uint32_t tx, rx;
	int n = -ENOENT;

	if (ad->port.be.ops->of_prop != NULL)
		n = ad->port.be.ops->of_prop(ad->port.be.ctx, "phy-mode", mode,
					sizeof(mode) - 1);
	if (n < 0) {
		PMD_DRV_LOG(ERR, "%s: %s: the node has no readable phy-mode (%s): the glue sets the interface from it; soc=none leaves the SoC as the boot loader left it",
			    name, s->desc->name, strerror(-n));
		return -ENOTSUP;
	}
	mode[RTE_MIN((size_t)n, sizeof(mode) - 1)] = '\0';
	tx = soc_of_u32(ad, "tx_delay", ROCKCHIP_TX_DELAY_DEFAULT);
	rx = soc_of_u32(ad, "rx_delay", ROCKCHIP_RX_DELAY_DEFAULT);
	if (strcmp(mode, "rgmii-id") == 0)
		tx = rx = 0;
	else if (strcmp(mode, "rgmii-rxid") == 0)
		rx = 0;
	else if (strcmp(mode, "rgmii-txid") == 0)
		tx = 0;
	else if (strcmp(mode, "rgmii") != 0) {
		PMD_DRV_LOG(ERR, "%s: %s: phy-mode \"%s\": the glue drives rgmii, rgmii-id, rgmii-rxid and rgmii-txid; soc=none leaves the SoC as the boot loader left it",
			    name, s->desc->name, mode);
		return -ENOTSUP;
	}
	if (s->desc->delays && (tx > 0xff || rx > 0xff)) {
		PMD_DRV_LOG(ERR, "%s: %s: tx_delay %#x / rx_delay %#x do not fit a delay line",
			    name, s->desc->name, tx, rx);
		return -EINVAL;
	}
	s->tx_delay = s->desc->delays ? tx : 0;
	s->rx_delay = s->desc->delays ? rx : 0;
	return 0;
}

/*
 * The backend's map of each role the SoC needs: 1 when all are there, 0
 * when none is (a node without the SoC's blocks: nothing to do), or
 * -ENODEV when only some are (logged).
 */
static int
soc_maps(struct stmmac_adapter *ad, const char *name)
{
	struct stmmac_soc *s = &ad->soc;
	unsigned int i, want = 0, found = 0;
	const char *missing = NULL;

	for (i = 0; i < STMMAC_SOC_NB_MAPS; i++) {
		s->map[i] = -1;
		if (s->desc->maps[i] == NULL)
			continue;
		want++;
		s->map[i] = ad->port.be.ops->soc_map(ad->port.be.ctx, s->desc->maps[i]);
		if (s->map[i] >= 0)
			found++;
		else
			missing = s->desc->maps[i];
	}
	if (found == 0) {
		PMD_DRV_LOG(NOTICE, "%s: %s: the device maps none of the SoC's blocks: reset, clocks, interface mode and TX clock stay as the boot loader left them (the overlays of config/boards/ add them)",
			    name, s->desc->name);
		return 0;
	}
	if (found < want) {
		PMD_DRV_LOG(ERR, "%s: %s: the device has no map named \"%s\": the node's reg and reg-names must name every block of its overlay in config/boards/, or give soc=none to leave them as the boot loader left them",
			    name, s->desc->name, missing);
		return -ENODEV;
	}
	return 1;
}

int
stmmac_soc_probe(struct stmmac_adapter *ad)
{
	const char *name = ad->eth_dev->data->name;
	struct stmmac_soc *s = &ad->soc;
	uint64_t phys;
	unsigned int i;
	int ret;

	memset(s, 0, sizeof(*s));
	if (ad->da.soc_none || ad->port.be.ops->soc_map == NULL ||
	    ad->port.be.ops->regs_phys == NULL)
		return 0;
	phys = ad->port.be.ops->regs_phys(ad->port.be.ctx);
	if (phys == 0)
		return 0;	/* where the registers are is not known */
	for (i = 0; i < RTE_DIM(stmmac_soc_descs); i++)
		if (stmmac_soc_descs[i].phys == phys)
			s->desc = &stmmac_soc_descs[i];
	if (s->desc == NULL) {
		PMD_DRV_LOG(INFO, "%s: registers at %#" PRIx64 ": no SoC glue for this controller; its clocks, reset and interface are the boot loader's",
			    name, phys);
		return 0;
	}
	s->gmac = s->desc->gmac;
	ret = soc_maps(ad, name);
	if (ret == 1)
		ret = soc_phy_mode(ad, name);	/* 0 or -errno */
	else if (ret == 0)
		ret = 1;	/* nothing mapped: no glue, not an error */
	if (ret != 0) {
		s->desc = NULL;
		return ret < 0 ? ret : 0;
	}
	s->desc->hand_over(ad);
	rte_delay_us_block(STMMAC_SOC_RESET_US);
	PMD_DRV_LOG(INFO, "%s: %s handed over: reset released, clocks open, RGMII, tx_delay %#x rx_delay %#x",
		    name, s->desc->name, s->tx_delay, s->rx_delay);
	return 0;
}

int
stmmac_soc_link_speed(struct stmmac_adapter *ad, uint32_t speed_mbps)
{
	struct stmmac_soc *s = &ad->soc;
	int ret;

	if (speed_mbps != 10 && speed_mbps != 100 && speed_mbps != 1000)
		return -EINVAL;
	if (s->desc == NULL || s->speed == speed_mbps)
		return 0;
	ret = s->desc->set_speed(ad, speed_mbps);
	if (ret < 0) {
		PMD_DRV_LOG(WARNING, "%s: %s: the RGMII TX clock cannot follow the link to %u Mbit/s (it stays at %u): frames sent are lost until the link is back at that speed",
			    ad->eth_dev->data->name, s->desc->name, speed_mbps,
			    s->speed != 0 ? s->speed : 1000);
		return ret;
	}
	s->speed = speed_mbps;
	PMD_DRV_LOG(DEBUG, "%s: %s: RGMII TX clock for %u Mbit/s",
		    ad->eth_dev->data->name, s->desc->name, speed_mbps);
	return 0;
}

const char *
stmmac_soc_name(const struct stmmac_adapter *ad)
{
	return ad->soc.desc != NULL ? ad->soc.desc->name : "none";
}
