/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * A Clause 22 MDIO bus as every NIC family's PHY code sees it: the
 * family's master (the dwmac4's MAC_MDIO_Address/Data in stmmac_mdio.c,
 * the NETA's SMI in mvneta_smi.c) supplies a read and a write; on top of
 * them the MMD access through registers 13/14, the PHY's ID and the link
 * as the PHY reports it. Plain C over the two callbacks, no DPDK, so that
 * socrx-board-check (app/board_check), which runs before DPDK, reads a
 * PHY as the PMDs do (socnic_phy.h is the PMDs' side).
 */
#ifndef SOCNIC_MDIO_H
#define SOCNIC_MDIO_H

#include <stdbool.h>
#include <stdint.h>

/* MDIO addresses a PHY may answer at (Clause 22: 5 bits). */
#define SOCNIC_MDIO_ADDRS	32

/*
 * The family's master. Each returns 0, or -errno (-EBUSY: the bus was
 * busy before; -ETIMEDOUT: the transfer never completed; -EIO: the PHY
 * did not answer a read).
 */
struct socnic_mdio_ops {
	int (*read)(void *ctx, unsigned int pa, uint32_t reg, uint16_t *val);
	int (*write)(void *ctx, unsigned int pa, uint32_t reg, uint16_t val);
};

struct socnic_mdio {
	const struct socnic_mdio_ops *ops;
	void *ctx;
};

/* The bus of a family's master: its @p ops over its bus state @p ctx. */
static inline struct socnic_mdio
socnic_mdio_bus(const struct socnic_mdio_ops *ops, const void *ctx)
{
	return (struct socnic_mdio){
		.ops = ops,
		.ctx = (void *)(uintptr_t)ctx,
	};
}

static inline int
socnic_mdio_read(const struct socnic_mdio *bus, unsigned int pa, uint32_t reg,
		 uint16_t *val)
{
	return bus->ops->read(bus->ctx, pa, reg, val);
}

static inline int
socnic_mdio_write(const struct socnic_mdio *bus, unsigned int pa,
		  uint32_t reg, uint16_t val)
{
	return bus->ops->write(bus->ctx, pa, reg, val);
}

/*
 * Register @p reg of MMD @p devad through Clause 22 registers 13 and 14
 * (IEEE 802.3 22.2.4.3.11, annex 22D; phylib's mmd_phy_indirect()).
 * 0 or -EIO.
 */
int socnic_mmd_read(const struct socnic_mdio *bus, unsigned int pa,
		    unsigned int devad, uint16_t reg, uint16_t *val);
int socnic_mmd_write(const struct socnic_mdio *bus, unsigned int pa,
		     unsigned int devad, uint16_t reg, uint16_t val);

/* The PHY's 32-bit ID at @p pa (PHYSID1:PHYSID2); all ones when MDIO fails. */
uint32_t socnic_mdio_phy_id(const struct socnic_mdio *bus, unsigned int pa);

/* Whether an ID read says a PHY answered (neither all ones nor zero). */
bool socnic_mdio_phy_present(uint32_t id);

/*
 * The link as the PHY at @p pa reports it: up/down and, when up, the mode
 * auto-negotiation settled on (or BMCR forces): @p speed in Mbit/s,
 * @p full duplex. 0, or -EIO when MDIO fails.
 */
int socnic_mdio_c22_link(const struct socnic_mdio *bus, unsigned int pa,
			 bool *up, unsigned int *speed, bool *full);

#endif /* SOCNIC_MDIO_H */
