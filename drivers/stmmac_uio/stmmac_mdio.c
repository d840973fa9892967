/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * dwmac4 MDIO master (stmmac_mdio.h), after Linux stmmac_mdio.c; the PHY
 * on top of it through socnic_mdio.c.
 */
#include <errno.h>

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

static int
stmmac_mdio_op_read(void *ctx, unsigned int pa, uint32_t reg, uint16_t *val)
{
	return stmmac_mdio_c22_read(ctx, pa, reg, val);
}

static int
stmmac_mdio_op_write(void *ctx, unsigned int pa, uint32_t reg, uint16_t val)
{
	return stmmac_mdio_c22_write(ctx, pa, reg, val);
}

const struct socnic_mdio_ops stmmac_mdio_ops = {
	.read = stmmac_mdio_op_read,
	.write = stmmac_mdio_op_write,
};
