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
 */
#include <errno.h>
#include <linux/mii.h>
#include <string.h>

#include <rte_cycles.h>

#include "socnic_io.h"

#include "stmmac_ethdev.h"
#include "stmmac_hw.h"
#include "stmmac_logs.h"

#define STMMAC_MDIO_POLLS	1000	/* x 10 us = 10 ms */
#define STMMAC_MDIO_POLL_US	10
#define STMMAC_MDIO_ADDRS	32

/*
 * MDC divider (MAC_MDIO_Address.CR) for the CSR clock: Linux's
 * stmmac_clk_csr_set() ranges, so that MDC stays at most 2.5 MHz. Without
 * a rate (csr_clk= not given) the largest divider: slow, legal for any
 * clock up to 800 MHz.
 */
static uint32_t
stmmac_mdc_cr(uint64_t hz)
{
	if (hz == 0)
		return STMMAC_CSR_500_800M;
	if (hz < 35000000)
		return STMMAC_CSR_20_35M;
	if (hz < 60000000)
		return STMMAC_CSR_35_60M;
	if (hz < 100000000)
		return STMMAC_CSR_60_100M;
	if (hz < 150000000)
		return STMMAC_CSR_100_150M;
	if (hz < 250000000)
		return STMMAC_CSR_150_250M;
	if (hz <= 300000000)
		return STMMAC_CSR_250_300M;
	if (hz < 500000000)
		return STMMAC_CSR_300_500M;
	return STMMAC_CSR_500_800M;
}

static int
stmmac_mdio_wait(const struct socnic_backend *be)
{
	unsigned int i;

	for (i = 0; i < STMMAC_MDIO_POLLS; i++) {
		if (!(socnic_read32(be, GMAC_MDIO_ADDR) & MII_ADDR_GBUSY))
			return 0;
		rte_delay_us_block(STMMAC_MDIO_POLL_US);
	}
	return -ETIMEDOUT;
}

/* Clause 22 read (Linux stmmac_mdio_read()): PA, RDA, CR, GOC, GB. */
static int
stmmac_mdio_read(struct stmmac_adapter *ad, unsigned int pa, uint32_t reg,
		 uint16_t *val)
{
	const struct socnic_backend *be = &ad->be;
	uint32_t cmd = (pa << DWMAC4_MII_PA_SHIFT) |
		       (reg << MII_GMAC4_REG_ADDR_SHIFT) |
		       (ad->mdc_cr << DWMAC4_MII_CR_SHIFT) |
		       MII_GMAC4_READ | MII_ADDR_GBUSY;

	if (stmmac_mdio_wait(be) < 0)
		return -EBUSY;
	socnic_write32(be, GMAC_MDIO_ADDR, cmd);
	if (stmmac_mdio_wait(be) < 0)
		return -ETIMEDOUT;
	*val = (uint16_t)(socnic_read32(be, GMAC_MDIO_DATA) & MII_DATA_GD_MASK);
	return 0;
}

/* The PHY's 32-bit ID at @p pa; 0xffffffff when nobody answers. */
static uint32_t
stmmac_phy_id(struct stmmac_adapter *ad, unsigned int pa)
{
	uint16_t id1, id2;

	if (stmmac_mdio_read(ad, pa, MII_PHYSID1, &id1) < 0 ||
	    stmmac_mdio_read(ad, pa, MII_PHYSID2, &id2) < 0)
		return 0xffffffffu;
	return (uint32_t)id1 << 16 | id2;
}

static bool
stmmac_phy_present(uint32_t id)
{
	return id != 0xffffffffu && id != 0;
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
	return capa;
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
		if (!stmmac_phy_present(id)) {
			PMD_DRV_LOG(ERR, "%s: no PHY answers at MDIO address %u (ID %#x): the link stays down; check phy_addr= (phy_addr=auto scans 0..31) or, for a switch without a PHY, fixed_link=",
				    name, pa, id);
			return 0;
		}
		ad->phy_addr = (int)pa;
	} else {
		for (pa = 0; pa < STMMAC_MDIO_ADDRS; pa++) {
			id = stmmac_phy_id(ad, pa);
			if (stmmac_phy_present(id))
				break;
		}
		if (pa == STMMAC_MDIO_ADDRS) {
			PMD_DRV_LOG(ERR, "%s: no PHY on MDIO addresses 0..31: the link stays down; a board with a switch and no PHY needs fixed_link=",
				    name);
			return 0;
		}
		ad->phy_addr = (int)pa;
	}
	ad->speed_capa &= stmmac_phy_speed_capa(ad, pa);
	PMD_DRV_LOG(NOTICE, "%s: PHY %#x at MDIO address %d, MDC divider %u",
		    name, id, ad->phy_addr, ad->mdc_cr);
	return 0;
}

/*
 * The link as the PHY reports it: up/down and, when up, the mode
 * auto-negotiation settled on (or BMCR forces). 0, or -EIO when MDIO
 * fails.
 */
static int
stmmac_phy_read_link(struct stmmac_adapter *ad, bool *up, unsigned int *speed,
		     bool *full)
{
	unsigned int pa = (unsigned int)ad->phy_addr;
	uint16_t bmcr, bmsr, adv, lpa, ctrl1000, stat1000, common;

	/* BMSR.LSTATUS latches low: the second read is the state now. */
	if (stmmac_mdio_read(ad, pa, MII_BMSR, &bmsr) < 0 ||
	    stmmac_mdio_read(ad, pa, MII_BMSR, &bmsr) < 0 ||
	    stmmac_mdio_read(ad, pa, MII_BMCR, &bmcr) < 0)
		return -EIO;
	*up = bmsr & BMSR_LSTATUS;
	if (!*up)
		return 0;
	if (!(bmcr & BMCR_ANENABLE)) {
		*speed = (bmcr & BMCR_SPEED1000) ? 1000 :
			 (bmcr & BMCR_SPEED100) ? 100 : 10;
		*full = bmcr & BMCR_FULLDPLX;
		return 0;
	}
	if (!(bmsr & BMSR_ANEGCOMPLETE)) {
		*up = false;
		return 0;
	}
	if (stmmac_mdio_read(ad, pa, MII_ADVERTISE, &adv) < 0 ||
	    stmmac_mdio_read(ad, pa, MII_LPA, &lpa) < 0 ||
	    stmmac_mdio_read(ad, pa, MII_CTRL1000, &ctrl1000) < 0 ||
	    stmmac_mdio_read(ad, pa, MII_STAT1000, &stat1000) < 0)
		return -EIO;
	/* STAT1000's partner bits sit two above CTRL1000's own (genphy). */
	common = stat1000 & (uint16_t)(ctrl1000 << 2);
	if (common & (LPA_1000FULL | LPA_1000HALF)) {
		*speed = 1000;
		*full = common & LPA_1000FULL;
		return 0;
	}
	common = lpa & adv;
	if (common & (LPA_100FULL | LPA_100HALF)) {
		*speed = 100;
		*full = common & LPA_100FULL;
	} else if (common & (LPA_10FULL | LPA_10HALF)) {
		*speed = 10;
		*full = common & LPA_10FULL;
	} else {
		*up = false;	/* nothing in common */
	}
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

	memset(link, 0, sizeof(*link));
	if (ad->da.fixed_speed != 0) {
		up = true;
		speed = ad->da.fixed_speed;
		full = ad->da.fixed_full;
	} else if (ad->phy_addr >= 0 &&
		   stmmac_phy_read_link(ad, &up, &speed, &full) < 0) {
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
