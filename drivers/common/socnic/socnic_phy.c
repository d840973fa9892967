/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The PHY of a port (socnic_phy.h), after Linux phylib: genphy_config_aneg(),
 * genphy_restart_aneg(), genphy_c45_write_eee_adv(), genphy_read_status().
 *
 * Why EEE off: the PMDs do no EEE (their MACs never enter LPI), and on a
 * link that negotiated it the PHY may stop the receive clock while the
 * partner idles; a dwmac4's software reset needs that clock (Linux blocks
 * the clock stop around it: stmmac_main.c, phylink_rx_clk_stop_block();
 * mii_phy_regs.h).
 */
#include <errno.h>
#include <string.h>

#include <rte_ethdev.h>

#include "mii_phy_regs.h"
#include "socnic_log.h"
#include "socnic_phy.h"

/*
 * What the PHY advertises, as genphy_config_aneg() sets it: every 10/100
 * mode BMSR has and the 1000BASE-T modes of ESTATUS, up to top_speed; the
 * other bits of ADVERTISE (selector, pause) kept.
 */
static int
socnic_phy_advertise(const struct socnic_phy *phy)
{
	const struct socnic_mdio *bus = &phy->bus;
	unsigned int pa = (unsigned int)phy->addr, top = phy->top_speed;
	uint16_t bmsr, estatus = 0, adv, ctrl1000;

	if (socnic_mdio_read(bus, pa, MII_BMSR, &bmsr) < 0 ||
	    ((bmsr & BMSR_ESTATEN) &&
	     socnic_mdio_read(bus, pa, MII_ESTATUS, &estatus) < 0) ||
	    socnic_mdio_read(bus, pa, MII_ADVERTISE, &adv) < 0 ||
	    socnic_mdio_read(bus, pa, MII_CTRL1000, &ctrl1000) < 0)
		return -EIO;
	adv &= (uint16_t)~ADVERTISE_ALL;
	adv |= (bmsr & BMSR_10HALF) ? ADVERTISE_10HALF : 0;
	adv |= (bmsr & BMSR_10FULL) ? ADVERTISE_10FULL : 0;
	if (top >= 100) {
		adv |= (bmsr & BMSR_100HALF) ? ADVERTISE_100HALF : 0;
		adv |= (bmsr & BMSR_100FULL) ? ADVERTISE_100FULL : 0;
	}
	ctrl1000 &= (uint16_t)~(ADVERTISE_1000FULL | ADVERTISE_1000HALF);
	if (top >= 1000) {
		ctrl1000 |= (estatus & ESTATUS_1000_TFULL) ? ADVERTISE_1000FULL : 0;
		ctrl1000 |= (estatus & ESTATUS_1000_THALF) ? ADVERTISE_1000HALF : 0;
	}
	if (socnic_mdio_write(bus, pa, MII_ADVERTISE, adv) < 0 ||
	    socnic_mdio_write(bus, pa, MII_CTRL1000, ctrl1000) < 0)
		return -EIO;
	return 0;
}

static void
socnic_phy_setup(const struct socnic_phy *phy)
{
	const struct socnic_mdio *bus = &phy->bus;
	unsigned int pa = (unsigned int)phy->addr;
	uint16_t eee = 0, bmcr;

	if (socnic_mmd_write(bus, pa, MDIO_MMD_AN, MDIO_AN_EEE_ADV, 0) < 0 ||
	    socnic_mmd_read(bus, pa, MDIO_MMD_AN, MDIO_AN_EEE_ADV, &eee) < 0 ||
	    socnic_phy_advertise(phy) < 0 ||
	    socnic_mdio_read(bus, pa, MII_BMCR, &bmcr) < 0 ||
	    socnic_mdio_write(bus, pa, MII_BMCR,
			      (uint16_t)((bmcr & ~BMCR_ISOLATE) |
					 BMCR_ANENABLE | BMCR_ANRESTART)) < 0) {
		SOCNIC_LOG(phy->logtype, WARNING, "%s: MDIO write to the PHY at %u failed: EEE and the advertisement left as they were",
			   phy->name, pa);
		return;
	}
	if (eee & (MDIO_EEE_100TX | MDIO_EEE_1000T))
		SOCNIC_LOG(phy->logtype, WARNING, "%s: the PHY at %u still advertises EEE (MMD 7.60 reads %#x): on an idle EEE link it may stop the receive clock the MAC's reset needs",
			   phy->name, pa, eee);
	SOCNIC_LOG(phy->logtype, INFO, "%s: PHY at %u: EEE not advertised, modes up to %u Mbit/s, auto-negotiation restarted",
		   phy->name, pa, phy->top_speed);
}

int
socnic_phy_probe(struct socnic_phy *phy, int want)
{
	unsigned int pa;

	phy->addr = -1;
	phy->id = 0xffffffffu;
	if (want != SOCNIC_PHY_ADDR_AUTO) {
		pa = (unsigned int)want;
		phy->id = socnic_mdio_phy_id(&phy->bus, pa);
		if (!socnic_mdio_phy_present(phy->id)) {
			SOCNIC_LOG(phy->logtype, ERR, "%s: no PHY answers at MDIO address %u (ID %#x): the link stays down; check phy_addr= (phy_addr=auto scans 0..31) or, for a switch without a PHY, fixed_link=",
				   phy->name, pa, phy->id);
			return -ENODEV;
		}
	} else {
		for (pa = 0; pa < SOCNIC_MDIO_ADDRS; pa++) {
			phy->id = socnic_mdio_phy_id(&phy->bus, pa);
			if (socnic_mdio_phy_present(phy->id))
				break;
		}
		if (pa == SOCNIC_MDIO_ADDRS) {
			SOCNIC_LOG(phy->logtype, ERR, "%s: no PHY on MDIO addresses 0..31: the link stays down; a board with a switch and no PHY needs fixed_link=",
				   phy->name);
			return -ENODEV;
		}
	}
	phy->addr = (int)pa;
	socnic_phy_setup(phy);
	return 0;
}

uint32_t
socnic_phy_speed_capa(const struct socnic_phy *phy)
{
	const struct socnic_mdio *bus = &phy->bus;
	unsigned int pa = (unsigned int)phy->addr;
	uint16_t bmsr, estatus = 0;
	uint32_t capa = 0;

	if (phy->addr < 0 || socnic_mdio_read(bus, pa, MII_BMSR, &bmsr) < 0 ||
	    ((bmsr & BMSR_ESTATEN) &&
	     socnic_mdio_read(bus, pa, MII_ESTATUS, &estatus) < 0))
		return UINT32_MAX;
	capa |= (bmsr & BMSR_10HALF) ? RTE_ETH_LINK_SPEED_10M_HD : 0;
	capa |= (bmsr & BMSR_10FULL) ? RTE_ETH_LINK_SPEED_10M : 0;
	capa |= (bmsr & BMSR_100HALF) ? RTE_ETH_LINK_SPEED_100M_HD : 0;
	capa |= (bmsr & BMSR_100FULL) ? RTE_ETH_LINK_SPEED_100M : 0;
	capa |= (estatus & ESTATUS_1000_TFULL) ? RTE_ETH_LINK_SPEED_1G : 0;
	/* top_speed limits what it advertises (socnic_phy_advertise()). */
	if (phy->top_speed < 1000)
		capa &= ~RTE_ETH_LINK_SPEED_1G;
	if (phy->top_speed < 100)
		capa &= ~(RTE_ETH_LINK_SPEED_100M | RTE_ETH_LINK_SPEED_100M_HD);
	return capa;
}

void
socnic_phy_eth_link(struct rte_eth_link *link, bool up, unsigned int speed,
		    bool full, uint16_t autoneg)
{
	memset(link, 0, sizeof(*link));
	link->link_status = up ? RTE_ETH_LINK_UP : RTE_ETH_LINK_DOWN;
	link->link_speed = !up ? RTE_ETH_SPEED_NUM_NONE :
			   speed == 1000 ? RTE_ETH_SPEED_NUM_1G :
			   speed == 100 ? RTE_ETH_SPEED_NUM_100M :
			   RTE_ETH_SPEED_NUM_10M;
	link->link_duplex = up && full ? RTE_ETH_LINK_FULL_DUPLEX :
					 RTE_ETH_LINK_HALF_DUPLEX;
	link->link_autoneg = autoneg;
}

void
socnic_phy_link(const struct socnic_phy *phy, bool *up, unsigned int *speed,
		bool *full)
{
	*up = false;
	*speed = 0;
	*full = false;
	if (phy->addr < 0)
		return;
	if (socnic_mdio_c22_link(&phy->bus, (unsigned int)phy->addr, up, speed,
				 full) < 0) {
		SOCNIC_LOG(phy->logtype, WARNING, "%s: MDIO read of the PHY at %d timed out",
			   phy->name, phy->addr);
		*up = false;
	}
}
