/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Devargs of net_mvneta_uio (--vdev net_mvneta_uioN,key=value,...): the
 * lists of socnic_devargs.h every socrx PMD takes (port, RX path, device
 * model), the driver's own below, and the neta model's, which the model
 * backend alone parses (mvneta_backend_model.c). The parameter string is
 * generated from these lists and nothing else; an unknown key or a bad
 * value fails the probe with a log line naming both.
 */
#ifndef MVNETA_DEVARGS_H
#define MVNETA_DEVARGS_H

#include <stdbool.h>
#include <stdint.h>

#include "socnic_devargs.h"

#include "mvneta_model_keys.h"

/*
 * The driver's own keys: X(key, syntax, default, scope). coe=0 leaves every
 * checksum verdict to software, as Linux without NETIF_F_RXCSUM.
 * rx_coal_frames / rx_coal_usecs: RX interrupt coalescing with
 * intr_conf.rxq (RXQ_THRESHOLD, RXQ_TIME_COAL; Linux's ethtool -C
 * rx-frames / rx-usecs, defaults 32 and 100 there): by default the first
 * frame wakes the queue.
 */
#define MVNETA_DEVARGS(X)						\
	X(coe, "0|1", "1", ANY)						\
	X(rx_coal_frames, "<1..16383>", "1", ANY)			\
	X(rx_coal_usecs, "<0..16000>", "0", ANY)			\
	X(clk_rate, "<1000000..1000000000>", NULL, ANY)			\
	X(phy_mode, MVNETA_PHY_MODE_SYNTAX, NULL, ANY)			\
	X(fixed_link, MVNETA_FIXED_LINK_SYNTAX, NULL, ANY)		\
	X(mdio, "auto|none", "auto", ANY)				\
	X(phy_addr, "auto|<0..31>", "auto", ANY)			\
	X(phy_speed, "10|100|1000", "1000", ANY)

/* rx_coal_usecs' limit: its cycles fit RXQ_TIME_COAL at 250 MHz. */
#define MVNETA_RX_COAL_USECS_MAX	16000u

/*
 * clk_rate=: the clock RXQ_TIME_COAL counts, in Hz (Linux
 * clk_get_rate(pp->clk)). Without it: 250 MHz, Armada 38x/XP's core
 * clock. User space cannot read a clock's rate from sysfs (the node's
 * "clocks" is a phandle); debugfs has it (clk_summary), as root.
 */
#define MVNETA_CLK_RATE_DEF		250000000u

/*
 * phy_mode=: the MAC-PHY interface, as the device-tree node's "phy-mode"
 * (which a UIO port reads when the key is absent; the model's default is
 * rgmii). The SerDes modes run the PCS with in-band status.
 */
enum mvneta_phy_mode {
	MVNETA_PHY_RGMII = 0,
	MVNETA_PHY_RGMII_ID,
	MVNETA_PHY_RGMII_RXID,
	MVNETA_PHY_RGMII_TXID,
	MVNETA_PHY_SGMII,
	MVNETA_PHY_1000BASEX,
	MVNETA_PHY_2500BASEX,
};
#define MVNETA_PHY_MODE_SYNTAX						\
	"rgmii|rgmii-id|rgmii-rxid|rgmii-txid|sgmii|1000base-x|2500base-x"
/* The names in enum order, NULL-terminated (mvneta_devargs.c). */
extern const char *const mvneta_phy_mode_names[];

/*
 * fixed_link=: a link without a PHY to ask, at this speed (full duplex
 * unless "-half"), forced in the GMAC as Linux does for a device-tree
 * "fixed-link" (which a UIO port reads when the key is absent). 2500
 * needs phy_mode=2500base-x, which it implies when phy_mode is absent.
 */
#define MVNETA_FIXED_LINK_SYNTAX					\
	"10|100|1000|2500|10-half|100-half"

/*
 * mdio=: the PHY of an RGMII port without a fixed link is managed over the
 * SMI (mvneta_smi.h): found as the UIO map named "mdio" or, on eth0,
 * inside the port's own window; none (or no SMI reachable): no PHY is
 * managed, the link is fixed at 1000 Mbit/s full duplex unless
 * fixed_link= says otherwise. phy_addr= and phy_speed= as net_stmmac_uio's: the
 * PHY's MDIO address (auto: the first of 0..31 that answers) and the
 * fastest mode it advertises.
 */

/* The one string RTE_PMD_REGISTER_PARAM_STRING and pmdinfo use. */
#define MVNETA_PMD_PARAMS						\
	SOCNIC_PORT_DEVARGS(SOCNIC_DEVARG_PARAM)			\
	SOCNIC_RX_DEVARGS(SOCNIC_DEVARG_PARAM)				\
	MVNETA_DEVARGS(SOCNIC_DEVARG_PARAM)				\
	SOCNIC_MODEL_DEVARGS(SOCNIC_DEVARG_PARAM)			\
	MVNETA_MODEL_DEVARGS(SOCNIC_DEVARG_PARAM)

struct mvneta_devargs {
	struct socnic_port_args port;	/* uio=, uio_root=, uio_force=, mac= */
	struct socnic_rx_args rx;	/* RX path (docs/design/rxpath.md) */
	bool coe;			/* the status word's L3/L4 verdicts */
	uint16_t rx_coal_frames;	/* RXQ_THRESHOLD occupied threshold */
	uint16_t rx_coal_usecs;		/* RXQ_TIME_COAL, in microseconds */
	uint32_t clk_rate;		/* Hz; 0: not given */
	int phy_mode;			/* enum mvneta_phy_mode; -1: not given */
	uint16_t fixed_speed;		/* Mbit/s; 0: no fixed link given */
	bool fixed_half;		/* fixed link at half duplex */
	bool mdio_none;			/* mdio=none */
	int phy_addr;			/* SOCNIC_PHY_ADDR_AUTO or 0..31 */
	unsigned int phy_speed;		/* 10, 100 or 1000 */
};

/*
 * Parses the driver's keys of @p args (may be NULL or empty) for the
 * device @p name; the model's keys are recognised, left to the model
 * backend, and refused with uio=. 0, or -EINVAL after logging.
 */
int mvneta_devargs_parse(const char *name, const char *args,
			 struct mvneta_devargs *da);

/*
 * The scope of @p key among the PMD's lists (the port's, the RX path's,
 * the driver's, the model's), SOCNIC_DEVARG_UNKNOWN if none has it.
 */
enum socnic_devarg_scope mvneta_devargs_key_scope(const char *key);

#endif /* MVNETA_DEVARGS_H */
