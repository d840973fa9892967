/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The driver's devargs (stmmac_devargs.h): its own keys' parsers, and the
 * lists socnic_devargs_parse() is given: the port's, the RX path's and the
 * driver's parsed here, the device model's only recognised (the model
 * backend parses them, stmmac_model_params.c).
 */
#include <errno.h>
#include <inttypes.h>
#include <string.h>

#include <rte_bitops.h>
#include <rte_common.h>

#include "socnic_devargs.h"

#include "dwmac4_regs.h"

#include "stmmac_devargs.h"
#include "stmmac_logs.h"

static const char *
arg_bus_width(const char *v, void *args)
{
	static const char *const names[] = { "auto", "32", "64", "128", NULL };
	struct stmmac_devargs *da = args;
	int i = socnic_parse_word(v, names);

	if (i < 0)
		return "expected auto, 32, 64 or 128 (bits)";
	da->bus_bytes = i == 0 ? 0 : 2u << i;
	return NULL;
}

static const char *
arg_of_node(const char *v, void *args)
{
	struct stmmac_devargs *da = args;

	if (v == NULL || v[0] != '/' ||
	    socnic_copy_str(da->of_node, sizeof(da->of_node), v) < 0)
		return "expected the absolute path of a device-tree node's directory";
	return NULL;
}

static const char *
arg_pbl(const char *v, void *args)
{
	struct stmmac_devargs *da = args;
	uint64_t n;

	if (socnic_parse_u64(v, 1, 32, &n) < 0 || !rte_is_power_of_2((uint32_t)n))
		return "expected 1, 2, 4, 8, 16 or 32 (beats per burst, x8 with PBLx8)";
	da->pbl = (unsigned int)n;
	return NULL;
}

static const char *
arg_axi_blen(const char *v, void *args)
{
	struct stmmac_devargs *da = args;
	uint64_t n;

	if (socnic_parse_u64(v, 4, 256, &n) < 0 || !rte_is_power_of_2((uint32_t)n))
		return "expected 4, 8, 16, 32, 64, 128 or 256 (largest AXI burst)";
	da->axi_blen = (unsigned int)n;
	return NULL;
}

static const char *
parse_osr(const char *v, int *out)
{
	uint64_t n;

	if (socnic_parse_u64(v, 0, 15, &n) < 0)
		return "expected 0..15 (the register field, as snps,*_osr_lmt)";
	*out = (int)n;
	return NULL;
}

static const char *
arg_axi_rd_osr_lmt(const char *v, void *args)
{
	return parse_osr(v, &((struct stmmac_devargs *)args)->axi_rd_osr_lmt);
}

static const char *
arg_axi_wr_osr_lmt(const char *v, void *args)
{
	return parse_osr(v, &((struct stmmac_devargs *)args)->axi_wr_osr_lmt);
}

static const char *
arg_phy_addr(const char *v, void *args)
{
	struct stmmac_devargs *da = args;
	unsigned int n;
	int r = socnic_parse_mdio_addr(v, "auto", &n);

	if (r < 0)
		return "expected auto or an MDIO address 0..31";
	da->phy_addr = r > 0 ? STMMAC_PHY_ADDR_AUTO : (int)n;
	return NULL;
}

static const char *
arg_phy_speed(const char *v, void *args)
{
	return socnic_parse_speed(v, &((struct stmmac_devargs *)args)->phy_speed);
}

static const char *
arg_csr_clk(const char *v, void *args)
{
	struct stmmac_devargs *da = args;

	/* Linux's clk_csr table covers 20 MHz to 800 MHz. */
	if (socnic_parse_u64(v, 20000000, 800000000, &da->csr_clk) < 0)
		return "expected the CSR clock in Hz, 20000000..800000000";
	return NULL;
}

/* SPEED, then ",half" or ",full" as a value-less word (rte_kvargs). */
static const char *
arg_fixed_link(const char *v, void *args)
{
	static const char *const duplex[] = { ",full", ",half", NULL };
	struct stmmac_devargs *da = args;
	int i = socnic_parse_word(v, duplex);
	uint64_t n;

	if (i >= 0 && da->fixed_speed != 0) {
		da->fixed_full = i == 0;
		return NULL;
	}
	if (socnic_parse_u64(v, 10, 1000, &n) < 0 || (n != 10 && n != 100 && n != 1000))
		return "expected 10, 100 or 1000, then optionally ,half or ,full";
	da->fixed_speed = (unsigned int)n;
	da->fixed_full = true;
	return NULL;
}

static const char *
arg_coe(const char *v, void *args)
{
	struct stmmac_devargs *da = args;

	return socnic_parse_bool(v, &da->coe) < 0 ? "expected 0 or 1" : NULL;
}

static const char *
arg_riwt(const char *v, void *args)
{
	struct stmmac_devargs *da = args;
	uint64_t n;

	if (socnic_parse_u64(v, 0, DWMAC4_DMA_RX_WATCHDOG_RWT_MASK, &n) < 0)
		return "expected 0..255 (0: IOC on every descriptor)";
	da->riwt = (uint8_t)n;
	return NULL;
}

static const char *
arg_rx_coal_usecs(const char *v, void *args)
{
	struct stmmac_devargs *da = args;
	uint64_t n;

	if (socnic_parse_u64(v, 1, 1000000, &n) < 0)
		return "expected 1..1000000 (microseconds)";
	da->rx_coal_usecs = (unsigned int)n;
	return NULL;
}

/*
 * rx_coal_usecs= to RWT: usecs x cycles per microsecond / 256, Linux's
 * stmmac_usec2riwt(), with the clock csr_clk= names (Linux counts RWT in
 * stmmac_clk cycles, the rate it also derives the MDC divider from).
 * Refuses what RWT cannot hold rather than clamping it.
 */
static int
devargs_rx_coal(const char *name, struct stmmac_devargs *da)
{
	uint64_t rwt;

	if (da->rx_coal_usecs == 0)
		return 0;
	if (da->riwt != 0) {
		PMD_DRV_LOG(ERR, "%s: devarg rx_coal_usecs=%u with riwt=%u: give one of them",
			    name, da->rx_coal_usecs, da->riwt);
		return -EINVAL;
	}
	if (da->csr_clk == 0) {
		PMD_DRV_LOG(ERR, "%s: devarg rx_coal_usecs=%u needs csr_clk= (the clock the RX watchdog counts)",
			    name, da->rx_coal_usecs);
		return -EINVAL;
	}
	rwt = (uint64_t)da->rx_coal_usecs * (da->csr_clk / 1000000u) /
	      DWMAC4_RWT_UNIT_CYCLES;
	if (rwt < 1 || rwt > DWMAC4_DMA_RX_WATCHDOG_RWT_MASK) {
		PMD_DRV_LOG(ERR, "%s: devarg rx_coal_usecs=%u is RWT %" PRIu64 " at csr_clk=%" PRIu64 " Hz, outside 1..255",
			    name, da->rx_coal_usecs, rwt, da->csr_clk);
		return -EINVAL;
	}
	da->riwt = (uint8_t)rwt;
	return 0;
}

static const char *
arg_crc_strip(const char *v, void *args)
{
	static const char *const names[] = { "mac", "sw", NULL };
	struct stmmac_devargs *da = args;
	int i = socnic_parse_word(v, names);

	if (i < 0)
		return "expected mac or sw";
	da->crc_strip_sw = i == 1;
	return NULL;
}

static const char *
arg_soc(const char *v, void *args)
{
	static const char *const names[] = { "auto", "none", NULL };
	struct stmmac_devargs *da = args;
	int i = socnic_parse_word(v, names);

	if (i < 0)
		return "expected auto or none";
	da->soc_none = i == 1;
	return NULL;
}

static const struct socnic_devarg stmmac_devargs[] = {
	STMMAC_DEVARGS(SOCNIC_DEVARG_PARSE)
};

/* The keys the driver leaves to the model backend, known by name. */
static const struct socnic_devarg stmmac_model_keys[] = {
	SOCNIC_MODEL_DEVARGS(SOCNIC_DEVARG_KNOWN)
	STMMAC_MODEL_DEVARGS(SOCNIC_DEVARG_KNOWN)
};

static const struct socnic_pmd_devargs stmmac_pmd_devargs = {
	.params = STMMAC_PMD_PARAMS,
	.keys = stmmac_devargs,
	.nb_keys = RTE_DIM(stmmac_devargs),
	.model_keys = stmmac_model_keys,
	.nb_model_keys = RTE_DIM(stmmac_model_keys),
};

int
stmmac_devargs_parse(const char *name, const char *args,
		     struct stmmac_devargs *da)
{
	int ret;

	memset(da, 0, sizeof(*da));
	/* The settings' "not given" states; their defaults are in the lists. */
	da->axi_rd_osr_lmt = -1;
	da->axi_wr_osr_lmt = -1;
	ret = socnic_devargs_parse_port(stmmac_logtype_driver, name, args,
					&stmmac_pmd_devargs, &da->port,
					&da->rx, da);
	if (ret < 0)
		return ret;
	return devargs_rx_coal(name, da);
}

enum socnic_devarg_scope
stmmac_devargs_key_scope(const char *key)
{
	return socnic_devargs_pmd_scope(&stmmac_pmd_devargs, key);
}
