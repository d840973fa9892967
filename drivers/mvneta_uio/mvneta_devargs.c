/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The driver's devargs (mvneta_devargs.h): its own keys' parsers and the
 * lists socnic_devargs_parse() is given: the port's, the RX path's and the
 * driver's parsed here, the device model's only recognised.
 */
#include <errno.h>
#include <string.h>

#include <rte_common.h>

#include "socnic_devargs.h"
#include "socnic_phy.h"

#include "mvneta_devargs.h"
#include "mvneta_logs.h"
#include "mvneta_regs.h"

const char *const mvneta_phy_mode_names[] = {
	"rgmii", "rgmii-id", "rgmii-rxid", "rgmii-txid", "sgmii",
	"1000base-x", "2500base-x", NULL,
};

static const char *
parse_fixed_link(const char *v, void *args)
{
	static const char *const names[] = {
		"10", "100", "1000", "2500", "10-half", "100-half", NULL,
	};
	static const uint16_t speed[] = { 10, 100, 1000, 2500, 10, 100 };
	struct mvneta_devargs *da = args;
	int i = socnic_parse_word(v, names);

	if (i < 0)
		return "expected " MVNETA_FIXED_LINK_SYNTAX;
	da->fixed_speed = speed[i];
	da->fixed_half = i >= 4;
	return NULL;
}

#define DA struct mvneta_devargs
static const struct socnic_devarg_parser arg_coe =
	SOCNIC_DEVARG_BOOL(DA, coe, "expected 0 or 1");
static const struct socnic_devarg_parser arg_rx_coal_frames =
	SOCNIC_DEVARG_UINT(DA, rx_coal_frames, 1, MVNETA_RXQ_OCCUPIED_THRESH_MASK,
			   "expected 1..16383 descriptors");
static const struct socnic_devarg_parser arg_rx_coal_usecs =
	SOCNIC_DEVARG_UINT(DA, rx_coal_usecs, 0, MVNETA_RX_COAL_USECS_MAX,
			   "expected 0..16000 microseconds");
static const struct socnic_devarg_parser arg_clk_rate =
	SOCNIC_DEVARG_HZ(DA, clk_rate, "the core clock");
static const struct socnic_devarg_parser arg_phy_mode =
	SOCNIC_DEVARG_WORD(DA, phy_mode, "expected " MVNETA_PHY_MODE_SYNTAX,
			   .names = mvneta_phy_mode_names);
static const struct socnic_devarg_parser arg_fixed_link =
	SOCNIC_DEVARG_FN(parse_fixed_link);
static const struct socnic_devarg_parser arg_mdio =
	SOCNIC_DEVARG_WORD(DA, mdio_none, "expected auto or none",
			   SOCNIC_DV_NAMES("auto", "none"));
static const struct socnic_devarg_parser arg_phy_addr =
	SOCNIC_DEVARG_MDIO_ADDR(DA, phy_addr, "auto", SOCNIC_PHY_ADDR_AUTO,
				"expected auto or an MDIO address 0..31");
static const struct socnic_devarg_parser arg_phy_speed =
	SOCNIC_DEVARG_SPEED(DA, phy_speed);
#undef DA

SOCNIC_PMD_DEVARGS_DEFINE(mvneta_pmd_devargs, MVNETA_PMD_PARAMS, MVNETA_DEVARGS,
			  MVNETA_MODEL_DEVARGS);

int
mvneta_devargs_parse(const char *name, const char *args,
		     struct mvneta_devargs *da)
{
	memset(da, 0, sizeof(*da));
	/* The settings' "not given" states; their defaults are in the lists. */
	da->phy_mode = -1;
	return socnic_devargs_parse_port(mvneta_logtype_driver, name, args,
					 &mvneta_pmd_devargs, &da->port,
					 &da->rx, da);
}

enum socnic_devarg_scope
mvneta_devargs_key_scope(const char *key)
{
	return socnic_devargs_pmd_scope(&mvneta_pmd_devargs, key);
}
