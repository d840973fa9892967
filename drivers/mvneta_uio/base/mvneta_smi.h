/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The NETA's SMI: the MDIO master of the Marvell Ethernet units
 * (orion-mdio; Linux drivers/net/ethernet/marvell/mvmdio.c, U-Boot
 * drivers/net/mvmdio.c), one 32-bit register. A command is one write:
 * PHY address, register, opcode and, for a write, the data. BUSY is set
 * while the transfer runs; a read's data is valid once READ_VALID is set
 * with BUSY clear. Linux polls BUSY every 45-55 us for up to 1 ms
 * (MVMDIO_SMI_TIMEOUT) and treats a read without READ_VALID as no PHY
 * (-ENODEV).
 *
 * Where it is: a block of the port-0 unit's register space, at 0x2004
 * from the first port's base on every NETA SoC (Armada 370/XP:
 * mdio@72004 beside ethernet@70000; Armada 3700, armada-37xx.dtsi:
 * mdio@32004, reg <0x32004 0x4>, beside eth0 ethernet@30000 and eth1
 * ethernet@40000, both reg size 0x4000). It thus lies inside eth0's
 * register window and outside eth1's; the board overlays give it to the
 * PMD as a second UIO map named "mdio" (reg-names = "neta", "mdio").
 *
 * Pinned to the reference values by tests/test_mvneta_consts.c.
 */
#ifndef SOCRX_MVNETA_SMI_H
#define SOCRX_MVNETA_SMI_H

#include <stdint.h>

/* SMI register fields (mvmdio.c MVMDIO_SMI_*). */
#define MVNETA_SMI_DATA_SHIFT		0
#define MVNETA_SMI_DATA_MASK		0x0000ffffU
#define MVNETA_SMI_PHY_ADDR_SHIFT	16
#define MVNETA_SMI_PHY_REG_SHIFT	21
#define MVNETA_SMI_ADDR_FIELD_MASK	0x1fU		/* 5 bits each */
#define MVNETA_SMI_READ_OPERATION	(1U << 26)
#define MVNETA_SMI_WRITE_OPERATION	0U
#define MVNETA_SMI_READ_VALID		(1U << 27)
#define MVNETA_SMI_BUSY			(1U << 28)

/* Linux's wait: up to 1000 us, polls 45-55 us apart. */
#define MVNETA_SMI_TIMEOUT_US		1000U
#define MVNETA_SMI_POLL_US		50U

/* The UIO map the board overlays name it by (reg-names). */
#define MVNETA_SMI_MAP_NAME		"mdio"

/*
 * Armada 3700 (armada-37xx.dtsi, internal registers at 0xd0000000): the
 * ports' and the SMI's offsets in the internal-register space, and so the
 * SMI's offset in eth0's register window.
 */
#define MVNETA_A3700_ETH0_OFF		0x30000U
#define MVNETA_A3700_ETH1_OFF		0x40000U
#define MVNETA_A3700_SMI_OFF		0x32004U
#define MVNETA_A3700_INTREGS		0xd0000000U
#define MVNETA_SMI_WINDOW_OFF		(MVNETA_A3700_SMI_OFF - MVNETA_A3700_ETH0_OFF)

/* One command word (the opcode with the data for a write). */
static inline uint32_t
mvneta_smi_cmd(unsigned int pa, uint32_t reg, uint32_t op)
{
	return ((uint32_t)(pa & MVNETA_SMI_ADDR_FIELD_MASK) <<
		MVNETA_SMI_PHY_ADDR_SHIFT) |
	       ((reg & MVNETA_SMI_ADDR_FIELD_MASK) << MVNETA_SMI_PHY_REG_SHIFT) | op;
}

#endif /* SOCRX_MVNETA_SMI_H */
