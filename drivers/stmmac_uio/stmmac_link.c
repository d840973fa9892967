/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * net_stmmac_uio: the live link. The PHY's link is read (stmmac_phy.c)
 * when the application asks (link_update), when the in-band status raises
 * the link interrupt (stmmac_intr.c), and once a second while the port
 * runs (socnic_link_poll, as Linux's phylib polls a PHY without an
 * interrupt), so that the MAC follows a renegotiation with no application
 * call. On each new mode the SoC's TX clock is set first, then
 * MAC_Configuration PS/FES/DM, in Linux stmmac_mac_link_up()'s order
 * (fix_mac_speed before the register write).
 */
#include <rte_cycles.h>

#include "socnic_io.h"

#include "stmmac_ethdev.h"
#include "stmmac_hw.h"
#include "stmmac_logs.h"
#include "stmmac_soc.h"

/* phylib's PHY_STATE_TIME: a PHY without an interrupt is read each second. */
#define STMMAC_LINK_POLL_US	1000000u

void
stmmac_mac_link_up(struct stmmac_adapter *ad, unsigned int speed, bool full)
{
	if (speed == ad->mac_speed && full == ad->mac_full)
		return;
	/* The SoC's RGMII TX clock first; it logs a speed it cannot follow. */
	if (speed != ad->mac_speed)
		stmmac_soc_link_speed(ad, speed);
	ad->mac_speed = speed;
	ad->mac_full = full;
	PMD_DRV_LOG(INFO, "%s: link %u Mbit/s %s duplex: MAC_Configuration follows",
		    ad->eth_dev->data->name, speed, full ? "full" : "half");
	if (ad->port.hw_started)
		socnic_update32(&ad->port.be, GMAC_CONFIG,
				GMAC_CONFIG_PS | GMAC_CONFIG_FES | GMAC_CONFIG_DM,
				stmmac_mac_speed_bits(speed, full));
}

/*
 * From the application's thread and from EAL's interrupt thread (the poll,
 * the link interrupt): one MDIO sequence and MAC update at a time.
 */
int
stmmac_link_update(struct rte_eth_dev *dev, int wait_to_complete)
{
	struct stmmac_adapter *ad = stmmac_adapter(dev);
	struct rte_eth_link link;
	unsigned int tries = wait_to_complete ? 10 : 1;

	while (tries-- > 0) {
		rte_spinlock_lock(&ad->link_lock);
		stmmac_phy_link(ad, &link);
		rte_spinlock_unlock(&ad->link_lock);
		if (link.link_status == RTE_ETH_LINK_UP || tries == 0)
			break;
		rte_delay_ms(10);
	}
	return rte_eth_linkstatus_set(dev, &link);
}

void
stmmac_link_start(struct rte_eth_dev *dev)
{
	struct stmmac_adapter *ad = stmmac_adapter(dev);
	struct rte_eth_link link;

	/*
	 * The mode the MAC starts in: what the PHY has now, or while it
	 * negotiates 1000 full duplex (never half: a half-duplex MAC on a
	 * full-duplex link defers and collides on every frame).
	 */
	ad->mac_speed = 0;
	ad->mac_full = true;
	rte_spinlock_lock(&ad->link_lock);
	stmmac_phy_link(ad, &link);
	rte_spinlock_unlock(&ad->link_lock);
	rte_eth_linkstatus_set(dev, &link);
}

void
stmmac_link_watch_start(struct rte_eth_dev *dev)
{
	struct stmmac_adapter *ad = stmmac_adapter(dev);

	/* A fixed link never changes. */
	if (ad->da.fixed_speed == 0)
		socnic_link_poll_start(&ad->link_poll, dev, STMMAC_LINK_POLL_US,
				       stmmac_logtype_driver);
}

void
stmmac_link_watch_stop(struct rte_eth_dev *dev)
{
	socnic_link_poll_stop(&stmmac_adapter(dev)->link_poll);
}
