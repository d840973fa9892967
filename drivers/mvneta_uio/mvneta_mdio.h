/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The NETA's SMI (orion-mdio, mvneta_smi.h): Clause 22 reads and writes,
 * plain C over an accessor of the SMI register and a delay, no DPDK, so
 * that the PMD (mvneta_phy.c) and socrx-board-check (app/board_check),
 * which runs before DPDK, drive the SMI the same way. The PHY's registers
 * on top of it are the shared socnic_mdio.h's (mvneta_mdio_ops).
 */
#ifndef MVNETA_MDIO_H
#define MVNETA_MDIO_H

#include <stdint.h>

#include "socnic_mdio.h"

struct mvneta_mdio_bus {
	/* The SMI register, wherever the port reaches it (a map, a window). */
	uint32_t (*read32)(void *ctx);
	void (*write32)(void *ctx, uint32_t val);
	void *ctx;
	/* Waits @p us microseconds (between polls of BUSY). */
	void (*delay_us)(unsigned int us);
};

/*
 * Clause 22 read and write as a socnic_mdio's ops, its ctx a struct
 * mvneta_mdio_bus: Linux orion_mdio_smi_read() returns 0, -EBUSY (BUSY
 * set before the command), -ETIMEDOUT (BUSY never cleared after it) or
 * -EIO (no READ_VALID: no PHY answered); orion_mdio_smi_write() 0 or
 * -EBUSY.
 */
extern const struct socnic_mdio_ops mvneta_mdio_ops;

#endif /* MVNETA_MDIO_H */
