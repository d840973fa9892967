/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The dwmac4's MDIO master (MAC_MDIO_Address/MAC_MDIO_Data) and the
 * Clause 22 PHY registers read and written through it: plain C over two register
 * accessors and a delay, no DPDK, so that the PMD (stmmac_phy.c) and
 * socrx-board-check (app/board_check), which runs before DPDK, drive the
 * bus the same way.
 */
#ifndef STMMAC_MDIO_H
#define STMMAC_MDIO_H

#include <stdbool.h>
#include <stdint.h>

struct stmmac_mdio_bus {
	/* Register window accessors, offsets from dwmac4_regs.h. */
	uint32_t (*read32)(void *ctx, uint32_t off);
	void (*write32)(void *ctx, uint32_t off, uint32_t val);
	void *ctx;
	/* Busy-waits @p us microseconds (between polls of GB). */
	void (*delay_us)(unsigned int us);
	uint32_t cr;		/* MAC_MDIO_Address.CR: stmmac_mdc_cr() */
};

/* MDIO addresses a PHY may answer at (Clause 22: 5 bits). */
#define STMMAC_MDIO_ADDRS	32

/*
 * MDC divider (MAC_MDIO_Address.CR) for a CSR clock of @p hz; 0: not
 * known, the largest divider (legal for any clock up to 800 MHz).
 */
uint32_t stmmac_mdc_cr(uint64_t hz);

/*
 * Clause 22 read of register @p reg of the PHY at @p pa. 0, -EBUSY (the
 * bus was busy before) or -ETIMEDOUT (GB never cleared: MDC not running).
 */
int stmmac_mdio_c22_read(const struct stmmac_mdio_bus *bus, unsigned int pa,
			 uint32_t reg, uint16_t *val);

/* Clause 22 write: 0, -EBUSY or -ETIMEDOUT as for the read. */
int stmmac_mdio_c22_write(const struct stmmac_mdio_bus *bus, unsigned int pa,
			  uint32_t reg, uint16_t val);

/* The PHY's 32-bit ID at @p pa (PHYSID1:PHYSID2); all ones when MDIO fails. */
uint32_t stmmac_mdio_phy_id(const struct stmmac_mdio_bus *bus, unsigned int pa);

/* Whether an ID read says a PHY answered (neither all ones nor zero). */
bool stmmac_mdio_phy_present(uint32_t id);

/*
 * The link as the PHY at @p pa reports it: up/down and, when up, the mode
 * auto-negotiation settled on (or BMCR forces): @p speed in Mbit/s,
 * @p full duplex. 0, or -EIO when MDIO fails.
 */
int stmmac_mdio_c22_link(const struct stmmac_mdio_bus *bus, unsigned int pa,
			 bool *up, unsigned int *speed, bool *full);

#endif /* STMMAC_MDIO_H */
