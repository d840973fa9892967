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

static const char *
arg_coe(const char *v, void *args)
{
	struct mvneta_devargs *da = args;

	return socnic_parse_bool(v, &da->coe) < 0 ? "expected 0 or 1" : NULL;
}

static const char *
arg_rx_coal_frames(const char *v, void *args)
{
	struct mvneta_devargs *da = args;
	uint64_t n;

	if (socnic_parse_u64(v, 1, MVNETA_RXQ_OCCUPIED_THRESH_MASK, &n) < 0)
		return "expected 1..16383 descriptors";
	da->rx_coal_frames = (uint16_t)n;
	return NULL;
}

static const char *
arg_rx_coal_usecs(const char *v, void *args)
{
	struct mvneta_devargs *da = args;
	uint64_t n;

	if (socnic_parse_u64(v, 0, MVNETA_RX_COAL_USECS_MAX, &n) < 0)
		return "expected 0..16000 microseconds";
	da->rx_coal_usecs = (uint16_t)n;
	return NULL;
}

static const char *
arg_clk_rate(const char *v, void *args)
{
	struct mvneta_devargs *da = args;
	uint64_t n;

	if (socnic_parse_u64(v, 1000000, 1000000000, &n) < 0)
		return "expected 1000000..1000000000 Hz";
	da->clk_rate = (uint32_t)n;
	return NULL;
}

const char *const mvneta_phy_mode_names[] = {
	"rgmii", "rgmii-id", "rgmii-rxid", "rgmii-txid", "sgmii",
	"1000base-x", "2500base-x", NULL,
};

static const char *
arg_phy_mode(const char *v, void *args)
{
	struct mvneta_devargs *da = args;

	da->phy_mode = socnic_parse_word(v, mvneta_phy_mode_names);
	return da->phy_mode < 0 ? "expected " MVNETA_PHY_MODE_SYNTAX : NULL;
}

static const char *
arg_fixed_link(const char *v, void *args)
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

static const char *
arg_mdio(const char *v, void *args)
{
	static const char *const names[] = { "auto", "none", NULL };
	int i = socnic_parse_word(v, names);

	if (i < 0)
		return "expected auto or none";
	((struct mvneta_devargs *)args)->mdio_none = i == 1;
	return NULL;
}

static const char *
arg_phy_addr(const char *v, void *args)
{
	struct mvneta_devargs *da = args;
	unsigned int n;
	int r = socnic_parse_mdio_addr(v, "auto", &n);

	if (r < 0)
		return "expected auto or an MDIO address 0..31";
	da->phy_addr = r > 0 ? SOCNIC_PHY_ADDR_AUTO : (int)n;
	return NULL;
}

static const char *
arg_phy_speed(const char *v, void *args)
{
	return socnic_parse_speed(v, &((struct mvneta_devargs *)args)->phy_speed);
}

static const struct socnic_devarg mvneta_devargs[] = {
	MVNETA_DEVARGS(SOCNIC_DEVARG_PARSE)
};

/* Recognised only: the model backend parses them. */
static const struct socnic_devarg mvneta_model_keys[] = {
	SOCNIC_MODEL_DEVARGS(SOCNIC_DEVARG_KNOWN)
	MVNETA_MODEL_DEVARGS(SOCNIC_DEVARG_KNOWN)
};

static const struct socnic_pmd_devargs mvneta_pmd_devargs = {
	.params = MVNETA_PMD_PARAMS,
	.keys = mvneta_devargs,
	.nb_keys = RTE_DIM(mvneta_devargs),
	.model_keys = mvneta_model_keys,
	.nb_model_keys = RTE_DIM(mvneta_model_keys),
};

int
mvneta_devargs_parse(const char *name, const char *args,
		     struct mvneta_devargs *da)
{
	memset(da, 0, sizeof(*da));
	da->phy_mode = -1;
	da->phy_addr = SOCNIC_PHY_ADDR_AUTO;
	da->phy_speed = 1000;
	return socnic_devargs_parse_port(mvneta_logtype_driver, name, args,
					 &mvneta_pmd_devargs, &da->port,
					 &da->rx, da);
}

enum socnic_devarg_scope
mvneta_devargs_key_scope(const char *key)
{
	return socnic_devargs_pmd_scope(&mvneta_pmd_devargs, key);
}
