/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * net_stmmac_uio: the PHY over MDIO and the link (Linux stmmac_mdio.c,
 * phylib's genphy_read_status() and stmmac_mac_link_up()).
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
 * Before the core's first reset the PMD writes the PHY (stmmac_phy_setup()):
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
#include "mii_phy_regs.h"
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

static struct stmmac_mdio_bus
stmmac_phy_bus(struct stmmac_adapter *ad)
{
	return (struct stmmac_mdio_bus){
		.read32 = stmmac_phy_bus_read32,
		.write32 = stmmac_phy_bus_write32,
		.ctx = &ad->be,
		.delay_us = stmmac_phy_bus_delay,
		.cr = ad->mdc_cr,
	};
}

/* Clause 22 read and write (stmmac_mdio.c). */
static int
stmmac_mdio_read(struct stmmac_adapter *ad, unsigned int pa, uint32_t reg,
		 uint16_t *val)
{
	const struct stmmac_mdio_bus bus = stmmac_phy_bus(ad);

	return stmmac_mdio_c22_read(&bus, pa, reg, val);
}

static int
stmmac_mdio_write(struct stmmac_adapter *ad, unsigned int pa, uint32_t reg,
		  uint16_t val)
{
	const struct stmmac_mdio_bus bus = stmmac_phy_bus(ad);

	return stmmac_mdio_c22_write(&bus, pa, reg, val);
}

/*
 * Register @p reg of MMD @p devad selected through Clause 22 registers 13
 * and 14 (IEEE 802.3 22.2.4.3.11, annex 22D; phylib's mmd_phy_indirect()):
 * DEVAD with FUNCTION address, the register, then DEVAD with data, no
 * post-increment. Register 14 then reads or writes it.
 */
static int
stmmac_mmd_select(struct stmmac_adapter *ad, unsigned int pa,
		  unsigned int devad, uint16_t reg)
{
	if (stmmac_mdio_write(ad, pa, MII_MMD_CTRL, (uint16_t)devad) < 0 ||
	    stmmac_mdio_write(ad, pa, MII_MMD_DATA, reg) < 0 ||
	    stmmac_mdio_write(ad, pa, MII_MMD_CTRL,
			      (uint16_t)(devad | MII_MMD_CTRL_NOINCR)) < 0)
		return -EIO;
	return 0;
}

static int
stmmac_mmd_read(struct stmmac_adapter *ad, unsigned int pa,
		unsigned int devad, uint16_t reg, uint16_t *val)
{
	if (stmmac_mmd_select(ad, pa, devad, reg) < 0)
		return -EIO;
	return stmmac_mdio_read(ad, pa, MII_MMD_DATA, val);
}

static int
stmmac_mmd_write(struct stmmac_adapter *ad, unsigned int pa,
		 unsigned int devad, uint16_t reg, uint16_t val)
{
	if (stmmac_mmd_select(ad, pa, devad, reg) < 0)
		return -EIO;
	return stmmac_mdio_write(ad, pa, MII_MMD_DATA, val);
}

/* The PHY's 32-bit ID at @p pa; 0xffffffff when nobody answers. */
static uint32_t
stmmac_phy_id(struct stmmac_adapter *ad, unsigned int pa)
{
	const struct stmmac_mdio_bus bus = stmmac_phy_bus(ad);

	return stmmac_mdio_phy_id(&bus, pa);
}

/*
 * The modes the PHY at @p pa can run (RTE_ETH_LINK_SPEED_*): BMSR's
 * 10/100 half/full bits, and with ESTATEN, ESTATUS's 1000BASE-T full
 * (ethdev has no 1000 half). All when MDIO fails: the MAC's then say.
 */
static uint32_t
stmmac_phy_speed_capa(struct stmmac_adapter *ad, unsigned int pa)
{
	uint16_t bmsr, estatus = 0;
	uint32_t capa = 0;

	if (stmmac_mdio_read(ad, pa, MII_BMSR, &bmsr) < 0 ||
	    ((bmsr & BMSR_ESTATEN) &&
	     stmmac_mdio_read(ad, pa, MII_ESTATUS, &estatus) < 0))
		return UINT32_MAX;
	capa |= (bmsr & BMSR_10HALF) ? RTE_ETH_LINK_SPEED_10M_HD : 0;
	capa |= (bmsr & BMSR_10FULL) ? RTE_ETH_LINK_SPEED_10M : 0;
	capa |= (bmsr & BMSR_100HALF) ? RTE_ETH_LINK_SPEED_100M_HD : 0;
	capa |= (bmsr & BMSR_100FULL) ? RTE_ETH_LINK_SPEED_100M : 0;
	capa |= (estatus & ESTATUS_1000_TFULL) ? RTE_ETH_LINK_SPEED_1G : 0;
	/* phy_speed= limits what it advertises (stmmac_phy_setup()). */
	if (ad->da.phy_speed < 1000)
		capa &= ~RTE_ETH_LINK_SPEED_1G;
	if (ad->da.phy_speed < 100)
		capa &= ~(RTE_ETH_LINK_SPEED_100M | RTE_ETH_LINK_SPEED_100M_HD);
	return capa;
}

/*
 * What the PHY at @p pa advertises, as genphy_config_aneg() sets it: every
 * 10/100 mode BMSR has and the 1000BASE-T modes of ESTATUS, up to
 * phy_speed=; the other bits of ADVERTISE (selector, pause) kept.
 */
static int
stmmac_phy_advertise(struct stmmac_adapter *ad, unsigned int pa)
{
	unsigned int top = ad->da.phy_speed;
	uint16_t bmsr, estatus = 0, adv, ctrl1000;

	if (stmmac_mdio_read(ad, pa, MII_BMSR, &bmsr) < 0 ||
	    ((bmsr & BMSR_ESTATEN) &&
	     stmmac_mdio_read(ad, pa, MII_ESTATUS, &estatus) < 0) ||
	    stmmac_mdio_read(ad, pa, MII_ADVERTISE, &adv) < 0 ||
	    stmmac_mdio_read(ad, pa, MII_CTRL1000, &ctrl1000) < 0)
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
	if (stmmac_mdio_write(ad, pa, MII_ADVERTISE, adv) < 0 ||
	    stmmac_mdio_write(ad, pa, MII_CTRL1000, ctrl1000) < 0)
		return -EIO;
	return 0;
}

/*
 * Before the core's first software reset (the PMD does no EEE: its MAC
 * never enters LPI): EEE advertisement off (MMD 7.60, as phylib's
 * genphy_c45_write_eee_adv() with nothing to advertise), the modes of
 * phy_speed=, then auto-negotiation restarted (genphy_restart_aneg():
 * out of isolation, ANENABLE | ANRESTART), which is when a new EEE
 * advertisement takes effect. On a link that negotiated EEE the PHY may
 * stop the receive clock while the partner idles, and the reset, which
 * needs that clock, would never complete (Linux blocks the clock stop
 * around it: stmmac_main.c, phylink_rx_clk_stop_block()).
 */
static void
stmmac_phy_setup(struct stmmac_adapter *ad, unsigned int pa)
{
	const char *name = ad->eth_dev->data->name;
	uint16_t eee = 0, bmcr;

	if (stmmac_mmd_write(ad, pa, MDIO_MMD_AN, MDIO_AN_EEE_ADV, 0) < 0 ||
	    stmmac_mmd_read(ad, pa, MDIO_MMD_AN, MDIO_AN_EEE_ADV, &eee) < 0 ||
	    stmmac_phy_advertise(ad, pa) < 0 ||
	    stmmac_mdio_read(ad, pa, MII_BMCR, &bmcr) < 0 ||
	    stmmac_mdio_write(ad, pa, MII_BMCR,
			      (uint16_t)((bmcr & ~BMCR_ISOLATE) |
					 BMCR_ANENABLE | BMCR_ANRESTART)) < 0) {
		PMD_DRV_LOG(WARNING, "%s: MDIO write to the PHY at %u failed: EEE and the advertisement left as they were",
			    name, pa);
		return;
	}
	if (eee & (MDIO_EEE_100TX | MDIO_EEE_1000T))
		PMD_DRV_LOG(WARNING, "%s: the PHY at %u still advertises EEE (MMD 7.60 reads %#x): on an idle EEE link it may stop the receive clock the core's reset needs",
			    name, pa, eee);
	PMD_DRV_LOG(INFO, "%s: PHY at %u: EEE not advertised, modes up to %u Mbit/s, auto-negotiation restarted",
		    name, pa, ad->da.phy_speed);
}

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
	unsigned int pa;
	uint32_t id;

	ad->mdc_cr = stmmac_mdc_cr(ad->da.csr_clk);
	ad->phy_addr = -1;
	if (ad->da.fixed_speed != 0) {
		PMD_DRV_LOG(INFO, "%s: fixed link %u Mbit/s %s duplex, no PHY",
			    name, ad->da.fixed_speed,
			    ad->da.fixed_full ? "full" : "half");
		ad->speed_capa = stmmac_fixed_speed_capa(ad->da.fixed_speed,
							 ad->da.fixed_full);
		return 0;
	}
	if (ad->da.phy_addr != STMMAC_PHY_ADDR_AUTO) {
		pa = (unsigned int)ad->da.phy_addr;
		id = stmmac_phy_id(ad, pa);
		if (!stmmac_mdio_phy_present(id)) {
			PMD_DRV_LOG(ERR, "%s: no PHY answers at MDIO address %u (ID %#x): the link stays down; check phy_addr= (phy_addr=auto scans 0..31) or, for a switch without a PHY, fixed_link=",
				    name, pa, id);
			return 0;
		}
		ad->phy_addr = (int)pa;
	} else {
		for (pa = 0; pa < STMMAC_MDIO_ADDRS; pa++) {
			id = stmmac_phy_id(ad, pa);
			if (stmmac_mdio_phy_present(id))
				break;
		}
		if (pa == STMMAC_MDIO_ADDRS) {
			PMD_DRV_LOG(ERR, "%s: no PHY on MDIO addresses 0..31: the link stays down; a board with a switch and no PHY needs fixed_link=",
				    name);
			return 0;
		}
		ad->phy_addr = (int)pa;
	}
	stmmac_phy_setup(ad, pa);
	ad->speed_capa &= stmmac_phy_speed_capa(ad, pa);
	PMD_DRV_LOG(NOTICE, "%s: PHY %#x at MDIO address %d, MDC divider %u",
		    name, id, ad->phy_addr, ad->mdc_cr);
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
	const struct stmmac_mdio_bus bus = stmmac_phy_bus(ad);
	unsigned int speed = 0;
	bool up = false, full = false;

	memset(link, 0, sizeof(*link));
	if (ad->da.fixed_speed != 0) {
		up = true;
		speed = ad->da.fixed_speed;
		full = ad->da.fixed_full;
	} else if (ad->phy_addr >= 0 &&
		   stmmac_mdio_c22_link(&bus, (unsigned int)ad->phy_addr, &up,
					&speed, &full) < 0) {
		PMD_DRV_LOG(WARNING, "%s: MDIO read of the PHY at %d timed out",
			    ad->eth_dev->data->name, ad->phy_addr);
		up = false;
	}
	if (up) {
		link->link_status = RTE_ETH_LINK_UP;
		link->link_speed = speed == 1000 ? RTE_ETH_SPEED_NUM_1G :
				   speed == 100 ? RTE_ETH_SPEED_NUM_100M :
				   RTE_ETH_SPEED_NUM_10M;
		link->link_duplex = full ? RTE_ETH_LINK_FULL_DUPLEX :
					   RTE_ETH_LINK_HALF_DUPLEX;
		/* The MAC follows the PHY on every change. */
		stmmac_mac_link_up(ad, speed, full);
	} else {
		link->link_status = RTE_ETH_LINK_DOWN;
		link->link_speed = RTE_ETH_SPEED_NUM_NONE;
		link->link_duplex = RTE_ETH_LINK_HALF_DUPLEX;
	}
	link->link_autoneg = ad->da.fixed_speed != 0 ? RTE_ETH_LINK_FIXED :
						       RTE_ETH_LINK_AUTONEG;
	return 0;
}
