/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Clause 22 PHY access over a family's MDIO master (socnic_mdio.h), after
 * phylib's mmd_phy_indirect() and genphy_read_status().
 */
#include <errno.h>

#include "mii_phy_regs.h"
#include "socnic_mdio.h"

/*
 * DEVAD with FUNCTION address, the register, then DEVAD with data, no
 * post-increment: register 14 then reads or writes that register.
 */
static int
socnic_mmd_select(const struct socnic_mdio *bus, unsigned int pa,
		  unsigned int devad, uint16_t reg)
{
	if (socnic_mdio_write(bus, pa, MII_MMD_CTRL, (uint16_t)devad) < 0 ||
	    socnic_mdio_write(bus, pa, MII_MMD_DATA, reg) < 0 ||
	    socnic_mdio_write(bus, pa, MII_MMD_CTRL,
			      (uint16_t)(devad | MII_MMD_CTRL_NOINCR)) < 0)
		return -EIO;
	return 0;
}

int
socnic_mmd_read(const struct socnic_mdio *bus, unsigned int pa,
		unsigned int devad, uint16_t reg, uint16_t *val)
{
	if (socnic_mmd_select(bus, pa, devad, reg) < 0 ||
	    socnic_mdio_read(bus, pa, MII_MMD_DATA, val) < 0)
		return -EIO;
	return 0;
}

int
socnic_mmd_write(const struct socnic_mdio *bus, unsigned int pa,
		 unsigned int devad, uint16_t reg, uint16_t val)
{
	if (socnic_mmd_select(bus, pa, devad, reg) < 0 ||
	    socnic_mdio_write(bus, pa, MII_MMD_DATA, val) < 0)
		return -EIO;
	return 0;
}

uint32_t
socnic_mdio_phy_id(const struct socnic_mdio *bus, unsigned int pa)
{
	uint16_t id1, id2;

	if (socnic_mdio_read(bus, pa, MII_PHYSID1, &id1) < 0 ||
	    socnic_mdio_read(bus, pa, MII_PHYSID2, &id2) < 0)
		return 0xffffffffu;
	return (uint32_t)id1 << 16 | id2;
}

bool
socnic_mdio_phy_present(uint32_t id)
{
	return id != 0xffffffffu && id != 0;
}

/*
 * The best mode both ends advertise (1000 before 100 before 10, full
 * before half), or BMCR's forced mode.
 */
int
socnic_mdio_c22_link(const struct socnic_mdio *bus, unsigned int pa,
		     bool *up, unsigned int *speed, bool *full)
{
	uint16_t bmcr, bmsr, adv, lpa, ctrl1000, stat1000, common;

	/* BMSR.LSTATUS latches low: the second read is the state now. */
	if (socnic_mdio_read(bus, pa, MII_BMSR, &bmsr) < 0 ||
	    socnic_mdio_read(bus, pa, MII_BMSR, &bmsr) < 0 ||
	    socnic_mdio_read(bus, pa, MII_BMCR, &bmcr) < 0)
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
	if (socnic_mdio_read(bus, pa, MII_ADVERTISE, &adv) < 0 ||
	    socnic_mdio_read(bus, pa, MII_LPA, &lpa) < 0 ||
	    socnic_mdio_read(bus, pa, MII_CTRL1000, &ctrl1000) < 0 ||
	    socnic_mdio_read(bus, pa, MII_STAT1000, &stat1000) < 0)
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
