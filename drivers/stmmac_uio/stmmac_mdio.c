/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * dwmac4 MDIO master and Clause 22 PHY access (stmmac_mdio.h), after Linux
 * stmmac_mdio.c and phylib's genphy_read_status().
 */
#include <errno.h>
#include <linux/mii.h>

#include "dwmac4_regs.h"
#include "stmmac_mdio.h"

#define STMMAC_MDIO_POLLS	1000	/* x 10 us = 10 ms */
#define STMMAC_MDIO_POLL_US	10

/*
 * Linux's stmmac_clk_csr_set() ranges, so that MDC stays at most
 * 2.5 MHz.
 */
uint32_t
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
stmmac_mdio_wait(const struct stmmac_mdio_bus *bus)
{
	unsigned int i;

	for (i = 0; i < STMMAC_MDIO_POLLS; i++) {
		if (!(bus->read32(bus->ctx, GMAC_MDIO_ADDR) & MII_ADDR_GBUSY))
			return 0;
		bus->delay_us(STMMAC_MDIO_POLL_US);
	}
	return -ETIMEDOUT;
}

/* MAC_MDIO_Address for a Clause 22 transfer: PA, RDA, CR, GOC, GB. */
static uint32_t
stmmac_mdio_cmd(const struct stmmac_mdio_bus *bus, unsigned int pa,
		uint32_t reg, uint32_t goc)
{
	return (pa << DWMAC4_MII_PA_SHIFT) | (reg << MII_GMAC4_REG_ADDR_SHIFT) |
	       (bus->cr << DWMAC4_MII_CR_SHIFT) | goc | MII_ADDR_GBUSY;
}

/* Linux stmmac_mdio_read(): the command in one write, then the data. */
int
stmmac_mdio_c22_read(const struct stmmac_mdio_bus *bus, unsigned int pa,
		     uint32_t reg, uint16_t *val)
{
	if (stmmac_mdio_wait(bus) < 0)
		return -EBUSY;
	bus->write32(bus->ctx, GMAC_MDIO_ADDR,
		     stmmac_mdio_cmd(bus, pa, reg, MII_GMAC4_READ));
	if (stmmac_mdio_wait(bus) < 0)
		return -ETIMEDOUT;
	*val = (uint16_t)(bus->read32(bus->ctx, GMAC_MDIO_DATA) &
			  MII_DATA_GD_MASK);
	return 0;
}

/* Linux stmmac_mdio_write(): data first, then the command. */
int
stmmac_mdio_c22_write(const struct stmmac_mdio_bus *bus, unsigned int pa,
		      uint32_t reg, uint16_t val)
{
	if (stmmac_mdio_wait(bus) < 0)
		return -EBUSY;
	bus->write32(bus->ctx, GMAC_MDIO_DATA, val);
	bus->write32(bus->ctx, GMAC_MDIO_ADDR,
		     stmmac_mdio_cmd(bus, pa, reg, MII_GMAC4_WRITE));
	return stmmac_mdio_wait(bus) < 0 ? -ETIMEDOUT : 0;
}

uint32_t
stmmac_mdio_phy_id(const struct stmmac_mdio_bus *bus, unsigned int pa)
{
	uint16_t id1, id2;

	if (stmmac_mdio_c22_read(bus, pa, MII_PHYSID1, &id1) < 0 ||
	    stmmac_mdio_c22_read(bus, pa, MII_PHYSID2, &id2) < 0)
		return 0xffffffffu;
	return (uint32_t)id1 << 16 | id2;
}

bool
stmmac_mdio_phy_present(uint32_t id)
{
	return id != 0xffffffffu && id != 0;
}

/*
 * The best mode both ends advertise (1000 before 100 before 10, full
 * before half), or BMCR's forced mode.
 */
int
stmmac_mdio_c22_link(const struct stmmac_mdio_bus *bus, unsigned int pa,
		     bool *up, unsigned int *speed, bool *full)
{
	uint16_t bmcr, bmsr, adv, lpa, ctrl1000, stat1000, common;

	/* BMSR.LSTATUS latches low: the second read is the state now. */
	if (stmmac_mdio_c22_read(bus, pa, MII_BMSR, &bmsr) < 0 ||
	    stmmac_mdio_c22_read(bus, pa, MII_BMSR, &bmsr) < 0 ||
	    stmmac_mdio_c22_read(bus, pa, MII_BMCR, &bmcr) < 0)
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
	if (stmmac_mdio_c22_read(bus, pa, MII_ADVERTISE, &adv) < 0 ||
	    stmmac_mdio_c22_read(bus, pa, MII_LPA, &lpa) < 0 ||
	    stmmac_mdio_c22_read(bus, pa, MII_CTRL1000, &ctrl1000) < 0 ||
	    stmmac_mdio_c22_read(bus, pa, MII_STAT1000, &stat1000) < 0)
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
