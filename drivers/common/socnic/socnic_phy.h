/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The PHY behind a port's MDIO master, the same for every NIC family
 * (Linux phylib's genphy): found at a given address or by a scan, set up
 * once (EEE advertisement off, the modes up to a top speed advertised,
 * auto-negotiation restarted), then read for the link the MAC must
 * follow. The family supplies the Clause 22 read and write
 * (socnic_mdio.h) and makes its MAC follow what socnic_phy_link() reads.
 */
#ifndef SOCNIC_PHY_H
#define SOCNIC_PHY_H

#include <stdbool.h>
#include <stdint.h>

#include "socnic_mdio.h"

/* phy_addr=auto: scan MDIO addresses 0..31. */
#define SOCNIC_PHY_ADDR_AUTO	(-1)

struct socnic_phy {
	struct socnic_mdio bus;
	int addr;			/* the PHY's MDIO address; -1: none */
	uint32_t id;			/* PHYSID1:PHYSID2 */
	unsigned int top_speed;		/* phy_speed=: 10, 100 or 1000 */
	const char *name;		/* the port's, for the log */
	int logtype;
};

/*
 * Probe: the PHY at @p want (SOCNIC_PHY_ADDR_AUTO: the first of 0..31
 * whose ID says one answers), then its setup: EEE advertisement off
 * (MMD 7.60, genphy_c45_write_eee_adv() with nothing to advertise), the
 * modes up to top_speed advertised (genphy_config_aneg()), auto-
 * negotiation restarted out of isolation (genphy_restart_aneg()), which is
 * when the new advertisement takes effect. Fill bus, top_speed, name and
 * logtype first. 0 with addr set, or -ENODEV (logged; addr -1: the link
 * stays down).
 */
int socnic_phy_probe(struct socnic_phy *phy, int want);

/*
 * The modes the PHY can run (RTE_ETH_LINK_SPEED_*: BMSR's 10/100 bits,
 * ESTATUS's 1000BASE-T full; ethdev has no 1000 half), up to top_speed.
 * All ones when MDIO fails (the MAC's capabilities then say).
 */
uint32_t socnic_phy_speed_capa(const struct socnic_phy *phy);

/*
 * The link the PHY reports (socnic_mdio_c22_link()): down without a PHY
 * or when MDIO fails (logged as a warning).
 */
void socnic_phy_link(const struct socnic_phy *phy, bool *up,
		     unsigned int *speed, bool *full);

struct rte_eth_link;

/*
 * ethdev's link for what a PHY (or a fixed link) says: up at @p speed
 * Mbit/s and @p full duplex, or down; @p autoneg RTE_ETH_LINK_AUTONEG or
 * RTE_ETH_LINK_FIXED.
 */
void socnic_phy_eth_link(struct rte_eth_link *link, bool up,
			 unsigned int speed, bool full, uint16_t autoneg);

#endif /* SOCNIC_PHY_H */
