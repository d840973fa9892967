/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The dwmac4's MDIO master (MAC_MDIO_Address/MAC_MDIO_Data): Clause 22
 * reads and writes, plain C over two register accessors and a delay, no
 * DPDK, so that the PMD (stmmac_phy.c) and socrx-board-check
 * (app/board_check), which runs before DPDK, drive the bus the same way.
 * The PHY's registers on top of it are the shared socnic_mdio.h's
 * (stmmac_mdio_ops).
 */
#ifndef STMMAC_MDIO_H
#define STMMAC_MDIO_H

#include <stdbool.h>
#include <stdint.h>

#include "socnic_mdio.h"

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
#define STMMAC_MDIO_ADDRS	SOCNIC_MDIO_ADDRS

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

/* The two above as a socnic_mdio's ops: its ctx a struct stmmac_mdio_bus. */
extern const struct socnic_mdio_ops stmmac_mdio_ops;

#endif /* STMMAC_MDIO_H */
