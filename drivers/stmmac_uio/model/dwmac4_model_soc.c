/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The SoC around the model's GMAC (params.soc; docs/model.md "The SoC
 * around the GMAC"): the clock and reset unit and the register files a
 * driver must program before the block works, as pages of registers
 * behind extra maps. They decide, as on silicon:
 *   - whether the block is out of reset and clocked (Rockchip CRU
 *     SOFTRST/CLKGATE): if not, every GMAC register reads 0 and writes are
 *     lost, each access counted (soc_unclocked_accesses);
 *   - whether the MAC has its RGMII clocks (GRF / GPR interface select,
 *     the CRU's RX/TX mux): if not, the core's software reset never ends
 *     (DWMAC4_MODEL_CLOCKS_NO_RXC);
 *   - the RGMII TX clock's rate (Rockchip CRU CLKSEL or PHP_GRF divider):
 *     a frame sent while it does not match the link speed never reaches
 *     the partner (soc_tx_dropped_clock).
 * The delay-line fields are plain registers. Facts: base/rk3568_soc.h,
 * base/rk3588_soc.h, base/imx8mp_soc.h, the driver's too.
 */
#include <string.h>

#include "dwmac4_model_internal.h"
#include "imx8mp_soc.h"
#include "rk3568_soc.h"
#include "rk3588_soc.h"

/* Values of a TX clock selector (a 2-bit field on every SoC here). */
#define SOC_TXCLK_SELS 4u
_Static_assert(RK3568_CLKSEL_RGMII_MASK == SOC_TXCLK_SELS - 1 &&
	       RK3588_GMAC_CLK_DIV_MASK == SOC_TXCLK_SELS - 1,
	       "a TX clock selector is not 2 bits wide");

/*
 * One SoC as the model knows it: one row each, as Linux's dwmac-rk.c has
 * one rk_gmac_ops per SoC, so a question about the block asks the row
 * instead of a switch per question.
 */
struct soc_desc {
	const char *maps[DWMAC4_MODEL_SOC_MAPS];	/* NULL: no more */
	bool hiword;			/* Rockchip write masks */
	uint64_t gmac_phys[2];		/* 0: no such GMAC */
	uint64_t map_phys[DWMAC4_MODEL_SOC_MAPS];
	/* What its registers decide; NULL: the node has no such control. */
	bool (*held)(struct dwmac4_model *m);	/* reset asserted */
	bool (*gated)(struct dwmac4_model *m);	/* a clock gated */
	bool (*rgmii)(struct dwmac4_model *m);	/* RGMII clocks reach the MAC */
	/*
	 * The RGMII TX clock: the 2-bit selector at txclk_shift in the
	 * register txclk_con() reads, and each value's rate in Hz (0: none);
	 * without txclk_con, the fixed rate txclk_hz[0].
	 */
	uint32_t (*txclk_con)(struct dwmac4_model *m);
	unsigned int txclk_shift;
	uint32_t txclk_hz[SOC_TXCLK_SELS];
	/* Power-up: as U-Boot leaves it; the clocks gated (params.soc_gated). */
	void (*uboot)(struct dwmac4_model *m);
	void (*gate)(struct dwmac4_model *m);
};

enum { RK_CRU = 0, RK_GRF = 1, RK_PHP_GRF = 2, IMX_GPR = 0 };

static uint32_t
soc_get(struct dwmac4_model *m, unsigned int map, uint32_t off)
{
	return __atomic_load_n(&m->soc_regs[map][off / 4], __ATOMIC_ACQUIRE);
}

static void
soc_set(struct dwmac4_model *m, unsigned int map, uint32_t off, uint32_t v)
{
	__atomic_store_n(&m->soc_regs[map][off / 4], v, __ATOMIC_RELEASE);
}

static uint32_t
field(uint32_t v, unsigned int shift, uint32_t mask)
{
	return (v >> shift) & mask;
}

/* ---- What the registers decide, per SoC ---- */

static bool
rk3568_held(struct dwmac4_model *m)
{
	unsigned int g = m->params.soc_gmac;
	uint32_t rst = soc_get(m, RK_CRU, RK3568_CRU_SOFTRST_CON(
		g ? RK3568_SRST_A_GMAC1_CON : RK3568_SRST_A_GMAC0_CON));

	return rst >> (g ? RK3568_SRST_A_GMAC1_BIT : RK3568_SRST_A_GMAC0_BIT) & 1u;
}

/* GMAC @p g's CLKGATE_CON register and its bits: ACLK, PCLK, 2TOP. */
static uint32_t
rk3568_gate_con(unsigned int g)
{
	return RK3568_CRU_CLKGATE_CON(g ? RK3568_GMAC1_GATE_CON :
				      RK3568_GMAC0_GATE_CON);
}

static uint32_t
rk3568_gate_bits(unsigned int g)
{
	return g ? 1u << RK3568_GMAC1_GATE_ACLK | 1u << RK3568_GMAC1_GATE_PCLK |
		   1u << RK3568_GMAC1_GATE_2TOP :
		   1u << RK3568_GMAC0_GATE_ACLK | 1u << RK3568_GMAC0_GATE_PCLK |
		   1u << RK3568_GMAC0_GATE_2TOP;
}

static bool
rk3568_gated(struct dwmac4_model *m)
{
	unsigned int g = m->params.soc_gmac;

	return (soc_get(m, RK_CRU, rk3568_gate_con(g)) &
		rk3568_gate_bits(g)) != 0;
}

static uint32_t
rk3568_clksel(struct dwmac4_model *m)
{
	return soc_get(m, RK_CRU, RK3568_CRU_CLKSEL_CON(m->params.soc_gmac ?
		RK3568_GMAC1_CLKSEL_CON : RK3568_GMAC0_CLKSEL_CON));
}

static bool
rk3568_rgmii(struct dwmac4_model *m)
{
	uint32_t con1 = soc_get(m, RK_GRF, m->params.soc_gmac ?
				RK3568_GRF_GMAC1_CON1 : RK3568_GRF_GMAC0_CON1);

	return field(con1, RK3568_GMAC_PHY_INTF_SEL_SHIFT,
		     RK3568_GMAC_PHY_INTF_SEL_MASK) == ROCKCHIP_PHY_INTF_SEL_RGMII &&
	       field(rk3568_clksel(m), RK3568_CLKSEL_RX_TX_SHIFT,
		     RK3568_CLKSEL_RX_TX_MASK) == RK3568_CLKSEL_RX_TX_RGMII;
}

static bool
rk3588_held(struct dwmac4_model *m)
{
	return soc_get(m, RK_CRU, RK3588_CRU_SOFTRST_CON(RK3588_SRST_A_GMAC_CON)) >>
	       RK3588_SRST_A_GMAC_BIT(m->params.soc_gmac) & 1u;
}

static bool
rk3588_gated(struct dwmac4_model *m)
{
	unsigned int g = m->params.soc_gmac;
	uint32_t gate = soc_get(m, RK_CRU, RK3588_CRU_CLKGATE_CON(RK3588_GMAC_GATE_CON));
	uint32_t ref = soc_get(m, RK_CRU, RK3588_CRU_CLKGATE_CON(RK3588_GMAC_REF_GATE_CON));

	return (gate >> RK3588_GMAC_GATE_PCLK(g) & 1u) ||
	       (gate >> RK3588_GMAC_GATE_ACLK(g) & 1u) ||
	       (ref >> RK3588_GMAC_GATE_125M & 1u);
}

static uint32_t
rk3588_clk_con(struct dwmac4_model *m)
{
	return soc_get(m, RK_PHP_GRF, RK3588_PHP_GRF_CLK_CON1) >>
	       RK3588_GMAC_CLK_SHIFT(m->params.soc_gmac);
}

/* RGMII with the TX clock from the CRU (the boards' clock_in_out output). */
static bool
rk3588_rgmii(struct dwmac4_model *m)
{
	uint32_t con0 = soc_get(m, RK_PHP_GRF, RK3588_PHP_GRF_GMAC_CON0);
	uint32_t clk = rk3588_clk_con(m);

	return field(con0, RK3588_GMAC_PHY_INTF_SEL_SHIFT(m->params.soc_gmac),
		     RK3588_GMAC_PHY_INTF_SEL_MASK) == ROCKCHIP_PHY_INTF_SEL_RGMII &&
	       !(clk >> RK3588_GMAC_CLK_RMII_MODE_BIT & 1u) &&
	       (clk >> RK3588_GMAC_CLK_SEL_CRU_BIT & 1u);
}

static bool
imx8mp_rgmii(struct dwmac4_model *m)
{
	uint32_t gpr1 = soc_get(m, IMX_GPR, IMX8MP_GPR1);

	return field(gpr1, IMX8MP_GPR1_QOS_INTF_SEL_SHIFT,
		     IMX8MP_GPR1_QOS_INTF_SEL_MASK) == IMX8MP_GPR1_QOS_INTF_SEL_RGMII &&
	       (gpr1 & IMX8MP_GPR1_QOS_RGMII_EN) &&
	       (gpr1 & IMX8MP_GPR1_QOS_CLK_GEN_EN);
}

/* ---- Power-up state ---- */

static void
rk_set(struct dwmac4_model *m, unsigned int map, uint32_t off, uint32_t val)
{
	soc_set(m, map, off, val & 0xffffu);
}

static void
rk3568_uboot(struct dwmac4_model *m)
{
	unsigned int g = m->params.soc_gmac;
	const struct dwmac4_model_params *p = &m->params;

	rk_set(m, RK_CRU, RK3568_CRU_SOFTRST_CON(g ? RK3568_SRST_A_GMAC1_CON :
		RK3568_SRST_A_GMAC0_CON),
	       1u << (g ? RK3568_SRST_A_GMAC1_BIT : RK3568_SRST_A_GMAC0_BIT));
	rk_set(m, RK_GRF, g ? RK3568_GRF_GMAC1_CON0 : RK3568_GRF_GMAC0_CON0,
	       p->soc_rx_delay << RK3568_GMAC_CLK_RX_DL_SHIFT |
	       p->soc_tx_delay << RK3568_GMAC_CLK_TX_DL_SHIFT);
	rk_set(m, RK_GRF, g ? RK3568_GRF_GMAC1_CON1 : RK3568_GRF_GMAC0_CON1,
	       ROCKCHIP_PHY_INTF_SEL_RGMII << RK3568_GMAC_PHY_INTF_SEL_SHIFT |
	       1u << RK3568_GMAC_RXCLK_DLY_ENA_BIT |
	       1u << RK3568_GMAC_TXCLK_DLY_ENA_BIT);
}

static void
rk3568_gate(struct dwmac4_model *m)
{
	unsigned int g = m->params.soc_gmac;

	rk_set(m, RK_CRU, rk3568_gate_con(g), rk3568_gate_bits(g));
}

static void
rk3588_uboot(struct dwmac4_model *m)
{
	unsigned int g = m->params.soc_gmac;
	const struct dwmac4_model_params *p = &m->params;

	rk_set(m, RK_CRU, RK3588_CRU_SOFTRST_CON(RK3588_SRST_A_GMAC_CON),
	       1u << RK3588_SRST_A_GMAC_BIT(g));
	rk_set(m, RK_GRF, RK3588_GRF_GMAC_CON7,
	       1u << RK3588_GMAC_RXCLK_DLY_ENA_BIT(g) |
	       1u << RK3588_GMAC_TXCLK_DLY_ENA_BIT(g));
	rk_set(m, RK_GRF, g ? RK3588_GRF_GMAC_CON9 : RK3588_GRF_GMAC_CON8,
	       p->soc_rx_delay << RK3588_GMAC_CLK_RX_DL_SHIFT |
	       p->soc_tx_delay << RK3588_GMAC_CLK_TX_DL_SHIFT);
	rk_set(m, RK_PHP_GRF, RK3588_PHP_GRF_GMAC_CON0,
	       ROCKCHIP_PHY_INTF_SEL_RGMII << RK3588_GMAC_PHY_INTF_SEL_SHIFT(g));
	rk_set(m, RK_PHP_GRF, RK3588_PHP_GRF_CLK_CON1,
	       (1u << RK3588_GMAC_CLK_SEL_CRU_BIT |
		RK3588_GMAC_CLK_RGMII_DIV1 << RK3588_GMAC_CLK_DIV_SHIFT) <<
	       RK3588_GMAC_CLK_SHIFT(g));
}

static void
rk3588_gate(struct dwmac4_model *m)
{
	unsigned int g = m->params.soc_gmac;

	rk_set(m, RK_CRU, RK3588_CRU_CLKGATE_CON(RK3588_GMAC_GATE_CON),
	       1u << RK3588_GMAC_GATE_PCLK(g) | 1u << RK3588_GMAC_GATE_ACLK(g));
	rk_set(m, RK_CRU, RK3588_CRU_CLKGATE_CON(RK3588_GMAC_REF_GATE_CON),
	       1u << RK3588_GMAC_GATE_125M | 1u << RK3588_GMAC_GATE_50M);
}

static void
imx8mp_uboot(struct dwmac4_model *m)
{
	soc_set(m, IMX_GPR, IMX8MP_GPR1,
		IMX8MP_GPR1_QOS_INTF_SEL_RGMII << IMX8MP_GPR1_QOS_INTF_SEL_SHIFT |
		IMX8MP_GPR1_QOS_RGMII_EN | IMX8MP_GPR1_QOS_CLK_GEN_EN);
}

/* ---- The SoCs ---- */

static const struct soc_desc soc_descs[] = {
	[DWMAC4_MODEL_SOC_RK3568] = {
		.maps = { "cru", "grf", NULL },
		.hiword = true,
		.gmac_phys = { RK3568_GMAC0_BASE, RK3568_GMAC1_BASE },
		.map_phys = { RK3568_CRU_BASE, RK3568_GRF_BASE, 0 },
		.held = rk3568_held,
		.gated = rk3568_gated,
		.rgmii = rk3568_rgmii,
		.txclk_con = rk3568_clksel,
		.txclk_shift = RK3568_CLKSEL_RGMII_SHIFT,
		.txclk_hz = {
			[RK3568_CLKSEL_RGMII_125M] = ROCKCHIP_RGMII_CLK_1000,
			[RK3568_CLKSEL_RGMII_125M_1] = ROCKCHIP_RGMII_CLK_1000,
			[RK3568_CLKSEL_RGMII_2_5M] = ROCKCHIP_RGMII_CLK_10,
			[RK3568_CLKSEL_RGMII_25M] = ROCKCHIP_RGMII_CLK_100,
		},
		.uboot = rk3568_uboot,
		.gate = rk3568_gate,
	},
	[DWMAC4_MODEL_SOC_RK3588] = {
		.maps = { "cru", "grf", "php_grf" },
		.hiword = true,
		.gmac_phys = { RK3588_GMAC0_BASE, RK3588_GMAC1_BASE },
		.map_phys = { RK3588_CRU_BASE, RK3588_SYS_GRF_BASE,
			      RK3588_PHP_GRF_BASE },
		.held = rk3588_held,
		.gated = rk3588_gated,
		.rgmii = rk3588_rgmii,
		.txclk_con = rk3588_clk_con,
		.txclk_shift = RK3588_GMAC_CLK_DIV_SHIFT,
		.txclk_hz = {	/* 1, an RMII divider: no RGMII clock */
			[RK3588_GMAC_CLK_RGMII_DIV1] = ROCKCHIP_RGMII_CLK_1000,
			[RK3588_GMAC_CLK_RGMII_DIV50] = ROCKCHIP_RGMII_CLK_10,
			[RK3588_GMAC_CLK_RGMII_DIV5] = ROCKCHIP_RGMII_CLK_100,
		},
		.uboot = rk3588_uboot,
		.gate = rk3588_gate,
	},
	[DWMAC4_MODEL_SOC_IMX8MP] = {
		.maps = { "gpr", NULL, NULL },
		.hiword = false,
		.gmac_phys = { IMX8MP_EQOS_BASE, 0 },
		.map_phys = { IMX8MP_IOMUXC_GPR_BASE, 0, 0 },
		.rgmii = imx8mp_rgmii,
		/*
		 * The CCM's ENET_QOS root, assigned 125 MHz by the SoC tree;
		 * this model does not offer the CCM (docs/model.md).
		 */
		.txclk_hz = { ROCKCHIP_RGMII_CLK_1000 },
		.uboot = imx8mp_uboot,
	},
};

static const struct soc_desc *
soc_desc(const struct dwmac4_model *m)
{
	return m->params.soc == DWMAC4_MODEL_SOC_NONE ? NULL :
	       &soc_descs[m->params.soc];
}

/* ---- What the block sees ---- */

static bool
soc_held(struct dwmac4_model *m)
{
	const struct soc_desc *d = soc_desc(m);

	/* The i.MX8MP's node names no reset. */
	return d != NULL && d->held != NULL && d->held(m);
}

enum dwmac4_model_clocks
model_soc_clocks(struct dwmac4_model *m)
{
	const struct soc_desc *d = soc_desc(m);

	if (d == NULL)
		return DWMAC4_MODEL_CLOCKS_ON;
	if (soc_held(m) || (d->gated != NULL && d->gated(m)))
		return DWMAC4_MODEL_CLOCKS_OFF;
	return d->rgmii(m) ? DWMAC4_MODEL_CLOCKS_ON : DWMAC4_MODEL_CLOCKS_NO_RXC;
}

uint32_t
dwmac4_model_soc_txclk_hz(struct dwmac4_model *m)
{
	const struct soc_desc *d = soc_desc(m);

	if (d == NULL)
		return 0;
	if (d->txclk_con == NULL)
		return d->txclk_hz[0];
	return d->txclk_hz[field(d->txclk_con(m), d->txclk_shift,
				 SOC_TXCLK_SELS - 1)];
}

bool
model_soc_txclk_ok(struct dwmac4_model *m)
{
	uint32_t want;

	if (soc_desc(m) == NULL)
		return true;
	switch (model_partner_speed(m)) {
	case 10:
		want = ROCKCHIP_RGMII_CLK_10;
		break;
	case 100:
		want = ROCKCHIP_RGMII_CLK_100;
		break;
	default:
		want = ROCKCHIP_RGMII_CLK_1000;
		break;
	}
	return dwmac4_model_soc_txclk_hz(m) == want;
}

void
model_soc_init(struct dwmac4_model *m)
{
	const struct soc_desc *d = soc_desc(m);

	memset(m->soc_regs, 0, sizeof(m->soc_regs));
	if (d != NULL && m->params.soc_boot == DWMAC4_MODEL_SOC_BOOT_UBOOT)
		d->uboot(m);
	/* The i.MX8MP's node gates nothing the model offers. */
	if (d != NULL && d->gate != NULL && m->params.soc_gated)
		d->gate(m);
	__atomic_store_n(&m->soc_held, soc_held(m), __ATOMIC_RELEASE);
}

/* ---- The extra maps ---- */

int
dwmac4_model_soc_map(const struct dwmac4_model *m, const char *name)
{
	const struct soc_desc *d = soc_desc(m);
	unsigned int i;

	for (i = 0; d != NULL && i < DWMAC4_MODEL_SOC_MAPS && d->maps[i]; i++)
		if (strcmp(d->maps[i], name) == 0)
			return (int)i;
	return -1;
}

static bool
soc_off_ok(const struct dwmac4_model *m, unsigned int map, uint32_t off)
{
	const struct soc_desc *d = soc_desc(m);

	return d != NULL && map < DWMAC4_MODEL_SOC_MAPS && d->maps[map] != NULL &&
	       off % 4u == 0 && off < DWMAC4_MODEL_SOC_PAGE;
}

uint32_t
dwmac4_model_soc_read32(struct dwmac4_model *m, unsigned int map, uint32_t off)
{
	return soc_off_ok(m, map, off) ? soc_get(m, map, off) : 0;
}

void
dwmac4_model_soc_write32(struct dwmac4_model *m, unsigned int map,
			 uint32_t off, uint32_t val)
{
	uint32_t old, mask;
	bool held;

	if (!soc_off_ok(m, map, off))
		return;
	pthread_mutex_lock(&m->lock);
	old = soc_get(m, map, off);
	if (soc_desc(m)->hiword) {
		/* Only the bits whose write enable (bit + 16) is set change. */
		mask = val >> 16;
		soc_set(m, map, off, (old & ~mask) | (val & mask & 0xffffu));
	} else {
		soc_set(m, map, off, val);
	}
	/* The block's reset line: either edge resets its state. */
	held = soc_held(m);
	if (held != __atomic_load_n(&m->soc_held, __ATOMIC_ACQUIRE)) {
		__atomic_store_n(&m->soc_held, held, __ATOMIC_RELEASE);
		model_core_reset(m);
	}
	pthread_mutex_unlock(&m->lock);
}

uint64_t
dwmac4_model_soc_regs_phys(const struct dwmac4_model *m)
{
	const struct soc_desc *d = soc_desc(m);

	return d != NULL && m->params.soc_gmac < 2 ?
	       d->gmac_phys[m->params.soc_gmac] : 0;
}

uint64_t
dwmac4_model_soc_map_phys(const struct dwmac4_model *m, unsigned int map)
{
	const struct soc_desc *d = soc_desc(m);

	return d != NULL && map < DWMAC4_MODEL_SOC_MAPS ? d->map_phys[map] : 0;
}

static int
prop_u32(uint32_t v, void *buf, size_t len)
{
	uint8_t be[4] = { (uint8_t)(v >> 24), (uint8_t)(v >> 16),
			  (uint8_t)(v >> 8), (uint8_t)v };

	memcpy(buf, be, len < 4 ? len : 4);
	return 4;
}

int
dwmac4_model_soc_of_prop(const struct dwmac4_model *m, const char *name,
			 void *buf, size_t len)
{
	static const char mode[] = "rgmii";

	if (m->params.soc == DWMAC4_MODEL_SOC_NONE)
		return -1;
	if (strcmp(name, "phy-mode") == 0) {
		memcpy(buf, mode, len < sizeof(mode) ? len : sizeof(mode));
		return (int)sizeof(mode);
	}
	/* The i.MX8MP's node has no delay lines to give. */
	if (m->params.soc == DWMAC4_MODEL_SOC_IMX8MP)
		return -1;
	if (strcmp(name, "tx_delay") == 0)
		return prop_u32(m->params.soc_tx_delay, buf, len);
	if (strcmp(name, "rx_delay") == 0)
		return prop_u32(m->params.soc_rx_delay, buf, len);
	return -1;
}
