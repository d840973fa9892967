/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * net_mvneta_uio: the PHY over the SMI and the link forced into the GMAC,
 * as Linux's mvneta does it through phylink for an RGMII port with a PHY:
 * orion-mdio's SMI (mvmdio.c, mvneta_mdio.c) under the PHY library the NIC
 * families share (socnic_phy.h: scan or phy_addr=, EEE advertisement off,
 * the modes up to phy_speed=, auto-negotiation restarted), then
 * mvneta_mac_link_up() / mvneta_mac_link_down(): AUTONEG_CONFIG's speed,
 * duplex and link forced to what the PHY negotiated, the GMAC's own speed
 * and duplex resolution off (it has nothing to resolve them from once the
 * unit's PHY polling is off).
 *
 * The SMI is the UIO map named "mdio" (the board overlays' reg-names) or,
 * on the Armada 3700's eth0, 0x2004 into the port's own window. A fixed
 * link or a SerDes mode (in-band status) manage no PHY; an RGMII port
 * without a reachable SMI (eth1 without the map) or with mdio=none runs a
 * fixed link at 1000 Mbit/s full duplex, as the device tree's
 * "fixed-link" would make it (the GMAC, its PHY polling off, learns no
 * speed by itself).
 *
 * The link is read when the application asks (link_update), when the
 * port's misc interrupt says the GMAC's link changed, and once a second
 * while the port runs (socnic_link_poll, as phylib polls a PHY without an
 * interrupt), so that the GMAC follows a renegotiation with no
 * application call.
 */
#include <errno.h>
#include <string.h>

#include <rte_cycles.h>

#include "mvneta_a3700.h"
#include "mvneta_ethdev.h"
#include "mvneta_logs.h"
#include "mvneta_smi.h"

/* The fixed link of an RGMII port whose PHY the PMD cannot reach. */
#define MVNETA_PHYLESS_SPEED	1000u

/* phylib's PHY_STATE_TIME: a PHY without an interrupt is read each second. */
#define MVNETA_LINK_POLL_US	1000000u

/* ---- The SMI (orion-mdio): mvneta_mdio.c over these accessors ---- */

static uint32_t
mvneta_smi_read32(void *ctx)
{
	const struct mvneta_smi *smi = ctx;
	const struct socnic_backend *be = smi->be;

	if (smi->map >= 0)
		return be->ops->soc_read32(be->ctx, (unsigned int)smi->map, 0);
	return socnic_read32(be, MVNETA_SMI_WINDOW_OFF);
}

static void
mvneta_smi_write32(void *ctx, uint32_t val)
{
	const struct mvneta_smi *smi = ctx;
	const struct socnic_backend *be = smi->be;

	if (smi->map >= 0)
		be->ops->soc_write32(be->ctx, (unsigned int)smi->map, 0, val);
	else
		socnic_write32(be, MVNETA_SMI_WINDOW_OFF, val);
}

static void
mvneta_smi_delay(unsigned int us)
{
	rte_delay_us_block(us);
}

/*
 * Where the SMI is: the "mdio" map, else eth0's window (the backend's
 * registers at the Armada 3700's eth0). -ENODEV: nowhere the port reaches.
 */
static int
mvneta_smi_find(struct mvneta_adapter *ad, const char *name)
{
	const struct socnic_backend *be = &ad->port.be;
	uint64_t phys = be->ops->regs_phys != NULL ?
			be->ops->regs_phys(be->ctx) : 0;
	int map = be->ops->soc_map != NULL ?
		  be->ops->soc_map(be->ctx, MVNETA_SMI_MAP_NAME) : -ENOENT;

	ad->smi.be = be;
	ad->smi.map = -1;
	ad->smi.bus = (struct mvneta_mdio_bus){
		.read32 = mvneta_smi_read32,
		.write32 = mvneta_smi_write32,
		.ctx = &ad->smi,
		.delay_us = mvneta_smi_delay,
	};
	if (map >= 0 && be->ops->soc_read32 != NULL &&
	    be->ops->soc_write32 != NULL) {
		ad->smi.map = map;
		PMD_DRV_LOG(INFO, "%s: SMI: the UIO map \"%s\"", name,
			    MVNETA_SMI_MAP_NAME);
		return 0;
	}
	if (phys == (uint64_t)MVNETA_A3700_INTREGS + MVNETA_A3700_ETH0_OFF) {
		PMD_DRV_LOG(INFO, "%s: SMI: %#x into the port's window (Armada 3700 eth0)",
			    name, MVNETA_SMI_WINDOW_OFF);
		return 0;
	}
	return -ENODEV;
}

/* ---- The PHY ---- */

int
mvneta_phy_init(struct mvneta_adapter *ad, const char *name)
{
	rte_spinlock_init(&ad->link_lock);
	ad->phy = (struct socnic_phy){
		.addr = -1,
		.top_speed = ad->da.phy_speed,
		.name = name,
		.logtype = mvneta_logtype_driver,
	};
	ad->phy_managed = false;
	if (ad->fixed_speed != 0 || ad->phy_mode >= MVNETA_PHY_SGMII)
		return 0;
	if (ad->da.mdio_none || mvneta_smi_find(ad, name) < 0) {
		/*
		 * With its PHY polling off and no in-band status the GMAC
		 * learns no speed: the link is fixed, as a board without a
		 * PHY to ask would say in its device tree.
		 */
		ad->fixed_speed = MVNETA_PHYLESS_SPEED;
		ad->fixed_half = false;
		PMD_DRV_LOG(NOTICE, "%s: %s: no PHY managed, a fixed link at %u Mbit/s full duplex (fixed_link= for another mode)",
			    name, ad->da.mdio_none ? "mdio=none" :
			    "no SMI reachable (no UIO map \"" MVNETA_SMI_MAP_NAME "\", the port not the Armada 3700's eth0)",
			    MVNETA_PHYLESS_SPEED);
		return 0;
	}
	ad->phy.bus = socnic_mdio_bus(&mvneta_mdio_ops, &ad->smi.bus);
	ad->phy_managed = true;
	if (socnic_phy_probe(&ad->phy, ad->da.phy_addr) < 0)
		return 0;	/* logged: the link stays down */
	ad->phy_speed_capa = socnic_phy_speed_capa(&ad->phy);
	PMD_DRV_LOG(NOTICE, "%s: PHY %#x at MDIO address %d over the SMI",
		    name, ad->phy.id, ad->phy.addr);
	return 0;
}

/*
 * Linux mvneta_mac_link_up() for a port without in-band status: the
 * link forced up at the PHY's speed and duplex, written on a change only.
 */
static void
mvneta_mac_link_up(struct mvneta_adapter *ad, unsigned int speed, bool full)
{
	uint32_t an;

	if (ad->mac_up && speed == ad->mac_speed && full == ad->mac_full)
		return;
	an = socnic_read32(&ad->port.be, MVNETA_GMAC_AUTONEG_CONFIG) &
	     ~(MVNETA_GMAC_FORCE_LINK_DOWN | MVNETA_GMAC_CONFIG_MII_SPEED |
	       MVNETA_GMAC_CONFIG_GMII_SPEED | MVNETA_GMAC_CONFIG_FULL_DUPLEX |
	       MVNETA_GMAC_AN_SPEED_EN | MVNETA_GMAC_AN_DUPLEX_EN);
	an |= MVNETA_GMAC_FORCE_LINK_PASS;
	if (speed == 1000)
		an |= MVNETA_GMAC_CONFIG_GMII_SPEED;
	else if (speed == 100)
		an |= MVNETA_GMAC_CONFIG_MII_SPEED;
	if (full)
		an |= MVNETA_GMAC_CONFIG_FULL_DUPLEX;
	socnic_write32(&ad->port.be, MVNETA_GMAC_AUTONEG_CONFIG, an);
	ad->mac_up = true;
	ad->mac_speed = speed;
	ad->mac_full = full;
	PMD_DRV_LOG(INFO, "%s: link %u Mbit/s %s duplex: the GMAC forced to it",
		    ad->eth_dev->data->name, speed, full ? "full" : "half");
}

/* Linux mvneta_mac_link_down(): the link forced down, on a change only. */
static void
mvneta_mac_link_lost(struct mvneta_adapter *ad)
{
	if (!ad->mac_up)
		return;
	mvneta_mac_link_down(ad);
	ad->mac_up = false;
	PMD_DRV_LOG(INFO, "%s: link down: the GMAC forced down",
		    ad->eth_dev->data->name);
}

/* The PHY's link; the GMAC follows it when @p force (the port runs). */
static void
mvneta_phy_read_link(struct mvneta_adapter *ad, struct rte_eth_link *link,
		     bool force)
{
	unsigned int speed;
	bool up, full;

	rte_spinlock_lock(&ad->link_lock);
	socnic_phy_link(&ad->phy, &up, &speed, &full);
	if (!force)
		up = false;
	else if (up)
		mvneta_mac_link_up(ad, speed, full);
	else
		mvneta_mac_link_lost(ad);
	rte_spinlock_unlock(&ad->link_lock);
	socnic_phy_eth_link(link, up, speed, full, RTE_ETH_LINK_AUTONEG);
}

void
mvneta_phy_link(struct mvneta_adapter *ad, struct rte_eth_link *link)
{
	mvneta_phy_read_link(ad, link, ad->port.hw_started);
}

void
mvneta_phy_link_start(struct rte_eth_dev *dev)
{
	struct mvneta_adapter *ad = mvneta_adapter(dev);
	struct rte_eth_link link;

	if (!ad->phy_managed)
		return;
	/* mvneta_mac_configure() left the link forced down. */
	ad->mac_up = false;
	mvneta_phy_read_link(ad, &link, true);
	rte_eth_linkstatus_set(dev, &link);
}

void
mvneta_phy_poll_start(struct rte_eth_dev *dev)
{
	struct mvneta_adapter *ad = mvneta_adapter(dev);

	if (ad->phy_managed)
		socnic_link_poll_start(&ad->link_poll, dev, MVNETA_LINK_POLL_US,
				       mvneta_logtype_driver);
}

void
mvneta_phy_link_stop(struct rte_eth_dev *dev)
{
	struct mvneta_adapter *ad = mvneta_adapter(dev);

	socnic_link_poll_stop(&ad->link_poll);
	ad->mac_up = false;
}
