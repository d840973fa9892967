/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The NETA's SMI (mvneta_mdio.h), after Linux mvmdio.c
 * orion_mdio_smi_read()/orion_mdio_smi_write(); the PHY on top of it
 * through socnic_mdio.c.
 */
#include <errno.h>

#include "mvneta_mdio.h"
#include "mvneta_smi.h"

/* orion_mdio_wait_ready(): BUSY clear within MVMDIO_SMI_TIMEOUT. */
static int
mvneta_mdio_wait(const struct mvneta_mdio_bus *bus, uint32_t *v)
{
	unsigned int i;

	for (i = 0; i <= MVNETA_SMI_TIMEOUT_US / MVNETA_SMI_POLL_US; i++) {
		*v = bus->read32(bus->ctx);
		if (!(*v & MVNETA_SMI_BUSY))
			return 0;
		bus->delay_us(MVNETA_SMI_POLL_US);
	}
	return -ETIMEDOUT;
}

/* Idle, the command, done, then READ_VALID. */
static int
mvneta_mdio_c22_read(void *ctx, unsigned int pa, uint32_t reg, uint16_t *val)
{
	const struct mvneta_mdio_bus *bus = ctx;
	uint32_t v;

	if (mvneta_mdio_wait(bus, &v) < 0)
		return -EBUSY;
	bus->write32(bus->ctx, mvneta_smi_cmd(pa, reg, MVNETA_SMI_READ_OPERATION));
	if (mvneta_mdio_wait(bus, &v) < 0)
		return -ETIMEDOUT;
	if (!(v & MVNETA_SMI_READ_VALID))
		return -EIO;
	*val = (uint16_t)(v & MVNETA_SMI_DATA_MASK);
	return 0;
}

/* Idle, then the command with the data. */
static int
mvneta_mdio_c22_write(void *ctx, unsigned int pa, uint32_t reg, uint16_t val)
{
	const struct mvneta_mdio_bus *bus = ctx;
	uint32_t v;

	if (mvneta_mdio_wait(bus, &v) < 0)
		return -EBUSY;
	bus->write32(bus->ctx, mvneta_smi_cmd(pa, reg, MVNETA_SMI_WRITE_OPERATION) |
			       (uint32_t)val << MVNETA_SMI_DATA_SHIFT);
	return 0;
}

const struct socnic_mdio_ops mvneta_mdio_ops = {
	.read = mvneta_mdio_c22_read,
	.write = mvneta_mdio_c22_write,
};
