/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * net_stmmac_uio: the PHY over MDIO and the link (Linux stmmac_mdio.c,
 * phylib's genphy_read_status() and stmmac_mac_link_up()), through the
 * PHY library the NIC families share (socnic_phy.h) on the dwmac4's MDIO
 * master (stmmac_mdio.c).
 *
 * The PHY is found at phy_addr=N or, by default, by scanning MDIO addresses
 * 0..31 for one whose ID is neither all ones (nobody answers: the pull-ups)
 * nor all zeros. The link is Clause 22 auto-negotiation's result: the best
 * mode both ends advertise (1000 before 100 before 10, full before half),
 * or BMCR's forced mode. On every change the MAC is told the same
 * (MAC_Configuration PS/FES/DM): a MAC at another speed or duplex than its
 * PHY receives and sends nothing. A board with a switch on RGMII and no
 * PHY says fixed_link=SPEED[,half|full] instead.
 *
 * Before the core's first reset the PMD writes the PHY (socnic_phy_probe()):
 * EEE advertisement off, the modes phy_speed= allows, auto-negotiation
 * restarted. An EEE link stops the PHY's receive clock while idle, and
 * the core's software reset needs that clock (mii_phy_regs.h).
 */
#include <errno.h>
#include <string.h>

#include <rte_cycles.h>

#include "socnic_io.h"

#include "stmmac_ethdev.h"
#include "stmmac_hw.h"
#include "stmmac_logs.h"
#include "stmmac_mdio.h"

/* The PMD's side of the MDIO bus (stmmac_mdio.c): its backend's window. */
static uint32_t
stmmac_phy_bus_read32(void *ctx, uint32_t off)
{
	return socnic_read32(ctx, off);
}

static void
stmmac_phy_bus_write32(void *ctx, uint32_t off, uint32_t val)
{
	socnic_write32(ctx, off, val);
}

static void
stmmac_phy_bus_delay(unsigned int us)
{
	rte_delay_us_block(us);
}

_Static_assert(STMMAC_PHY_ADDR_AUTO == SOCNIC_PHY_ADDR_AUTO,
	       "phy_addr=auto is the PHY library's scan");

/* The one mode of fixed_link=SPEED[,half|full]. */
static uint32_t
stmmac_fixed_speed_capa(unsigned int speed, bool full)
{
	if (speed == 1000)
		return RTE_ETH_LINK_SPEED_1G;
	if (speed == 100)
		return full ? RTE_ETH_LINK_SPEED_100M : RTE_ETH_LINK_SPEED_100M_HD;
	return full ? RTE_ETH_LINK_SPEED_10M : RTE_ETH_LINK_SPEED_10M_HD;
}

int
stmmac_phy_init(struct stmmac_adapter *ad)
{
	const char *name = ad->eth_dev->data->name;

	ad->mdio = (struct stmmac_mdio_bus){
		.read32 = stmmac_phy_bus_read32,
		.write32 = stmmac_phy_bus_write32,
		.ctx = &ad->port.be,
		.delay_us = stmmac_phy_bus_delay,
		.cr = stmmac_mdc_cr(ad->da.csr_clk),
	};
	ad->phy = (struct socnic_phy){
		.bus = socnic_mdio_bus(&stmmac_mdio_ops, &ad->mdio),
		.addr = -1,
		.top_speed = ad->da.phy_speed,
		.name = name,
		.logtype = stmmac_logtype_driver,
	};
	if (ad->da.fixed_speed != 0) {
		PMD_DRV_LOG(INFO, "%s: fixed link %u Mbit/s %s duplex, no PHY",
			    name, ad->da.fixed_speed,
			    ad->da.fixed_full ? "full" : "half");
		ad->speed_capa = stmmac_fixed_speed_capa(ad->da.fixed_speed,
							 ad->da.fixed_full);
		return 0;
	}
	if (socnic_phy_probe(&ad->phy, ad->da.phy_addr) < 0)
		return 0;
	ad->speed_capa &= socnic_phy_speed_capa(&ad->phy);
	PMD_DRV_LOG(NOTICE, "%s: PHY %#x at MDIO address %d, MDC divider %u",
		    name, ad->phy.id, ad->phy.addr, ad->mdio.cr);
	return 0;
}

uint32_t
stmmac_mac_speed_bits(unsigned int speed, bool full)
{
	uint32_t v = full ? GMAC_CONFIG_DM : 0;

	/* PS: 10/100 (MII); FES: 100 with PS (2.5G without); neither: 1000. */
	if (speed == 100)
		v |= GMAC_CONFIG_PS | GMAC_CONFIG_FES;
	else if (speed == 10)
		v |= GMAC_CONFIG_PS;
	return v;
}

int
stmmac_phy_link(struct stmmac_adapter *ad, struct rte_eth_link *link)
{
	unsigned int speed = 0;
	bool up = false, full = false;

	if (ad->da.fixed_speed != 0) {
		up = true;
		speed = ad->da.fixed_speed;
		full = ad->da.fixed_full;
	} else {
		socnic_phy_link(&ad->phy, &up, &speed, &full);
	}
	/* The MAC follows the PHY on every change. */
	if (up)
		stmmac_mac_link_up(ad, speed, full);
	socnic_phy_eth_link(link, up, speed, full,
			    ad->da.fixed_speed != 0 ? RTE_ETH_LINK_FIXED :
						      RTE_ETH_LINK_AUTONEG);
	return 0;
}
