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

#include <rte_common.h>

#include "socnic_devargs.h"

#include "dwmac4_regs.h"

#include "stmmac_devargs.h"
#include "stmmac_logs.h"

static const char *
parse_bus_width(const char *v, void *args)
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
parse_of_node(const char *v, void *args)
{
	struct stmmac_devargs *da = args;

	if (v == NULL || v[0] != '/' ||
	    socnic_copy_str(da->of_node, sizeof(da->of_node), v) < 0)
		return "expected the absolute path of a device-tree node's directory";
	return NULL;
}

/* SPEED, then ",half" or ",full" as a value-less word (rte_kvargs). */
static const char *
parse_fixed_link(const char *v, void *args)
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

#define DA struct stmmac_devargs
static const struct socnic_devarg_parser arg_bus_width =
	SOCNIC_DEVARG_FN(parse_bus_width);
static const struct socnic_devarg_parser arg_of_node =
	SOCNIC_DEVARG_FN(parse_of_node);
static const struct socnic_devarg_parser arg_pbl = {
	.type = SOCNIC_DV_UINT, SOCNIC_DV_AT(DA, pbl), .min = 1, .max = 32,
	.pow2 = true,
	.err = "expected 1, 2, 4, 8, 16 or 32 (beats per burst, x8 with PBLx8)",
};
static const struct socnic_devarg_parser arg_axi_blen = {
	.type = SOCNIC_DV_UINT, SOCNIC_DV_AT(DA, axi_blen), .min = 4, .max = 256,
	.pow2 = true,
	.err = "expected 4, 8, 16, 32, 64, 128 or 256 (largest AXI burst)",
};
static const struct socnic_devarg_parser arg_axi_rd_osr_lmt =
	SOCNIC_DEVARG_UINT(DA, axi_rd_osr_lmt, 0, 15,
			   "expected 0..15 (the register field, as snps,*_osr_lmt)");
static const struct socnic_devarg_parser arg_axi_wr_osr_lmt =
	SOCNIC_DEVARG_UINT(DA, axi_wr_osr_lmt, 0, 15,
			   "expected 0..15 (the register field, as snps,*_osr_lmt)");
static const struct socnic_devarg_parser arg_phy_addr =
	SOCNIC_DEVARG_MDIO_ADDR(DA, phy_addr, "auto", STMMAC_PHY_ADDR_AUTO,
				"expected auto or an MDIO address 0..31");
static const struct socnic_devarg_parser arg_phy_speed =
	SOCNIC_DEVARG_SPEED(DA, phy_speed);
/* Linux's clk_csr table covers 20 MHz to 800 MHz. */
static const struct socnic_devarg_parser arg_csr_clk =
	SOCNIC_DEVARG_UINT(DA, csr_clk, 20000000, 800000000,
			   "expected the CSR clock in Hz, 20000000..800000000");
static const struct socnic_devarg_parser arg_fixed_link =
	SOCNIC_DEVARG_FN(parse_fixed_link);
static const struct socnic_devarg_parser arg_coe =
	SOCNIC_DEVARG_BOOL(DA, coe, "expected 0 or 1");
static const struct socnic_devarg_parser arg_crc_strip =
	SOCNIC_DEVARG_WORD(DA, crc_strip_sw, "expected mac or sw",
			   SOCNIC_DV_NAMES("mac", "sw"));
static const struct socnic_devarg_parser arg_riwt =
	SOCNIC_DEVARG_UINT(DA, riwt, 0, DWMAC4_DMA_RX_WATCHDOG_RWT_MASK,
			   "expected 0..255 (0: IOC on every descriptor)");
static const struct socnic_devarg_parser arg_rx_coal_usecs =
	SOCNIC_DEVARG_UINT(DA, rx_coal_usecs, 1, 1000000,
			   "expected 1..1000000 (microseconds)");
static const struct socnic_devarg_parser arg_soc =
	SOCNIC_DEVARG_WORD(DA, soc_none, "expected auto or none",
			   SOCNIC_DV_NAMES("auto", "none"));
/* The SoC's clk_ptp_ref, which no register tells. */
static const struct socnic_devarg_parser arg_ptp_clk =
	SOCNIC_DEVARG_HZ(DA, ptp_clk, "the PTP reference clock");
#undef DA

SOCNIC_PMD_DEVARGS_DEFINE(stmmac_pmd_devargs, STMMAC_PMD_PARAMS, STMMAC_DEVARGS,
			  STMMAC_MODEL_DEVARGS);

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
