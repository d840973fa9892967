/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The SoCs socrx-board-check knows: their GMACs' addresses and the SoC
 * glue registers around them (reset, interface select), as Linux's
 * dwmac-rk.c, dwmac-imx.c and the SoCs' CRU reset tables program them.
 * The facts are in one table (bc_soc.c, bc_socs[]) so that they can be
 * taken from drivers/stmmac_uio/base/'s SoC headers when those exist.
 */
#ifndef BC_SOC_H
#define BC_SOC_H

#include <stdbool.h>
#include <stdint.h>

#define BC_SOC_MAX_GMACS	2

/* A field of a SoC register: physical address, bit position and width. */
struct bc_field {
	uint64_t reg;		/* 0: the SoC has none */
	uint8_t shift;
	uint8_t width;
};

/* How the SoC selects the interface: a field and its values. */
struct bc_mode_sel {
	const char *name;	/* the register's name in the TRM/Linux */
	struct bc_field sel;
	uint32_t rgmii, rmii;
	/* Bits of the same register that must also be set, per interface. */
	uint32_t rgmii_also, rmii_also;
};

struct bc_soc {
	const char *name;		/* "RK3568" */
	const char *const *compatibles;	/* node or root compatibles */
	uint64_t gmac[BC_SOC_MAX_GMACS];	/* MAC register bases, 0: none */
	const char *overlay[BC_SOC_MAX_GMACS];	/* config/boards/ file */
	/* GMAC n's reset line: 1 = held in reset (Rockchip soft reset). */
	struct bc_field reset[BC_SOC_MAX_GMACS];
	struct bc_mode_sel mode[BC_SOC_MAX_GMACS];
	bool dma_coherent;		/* the GMAC snoops the CPU caches */
};

extern const struct bc_soc bc_socs[];
extern const unsigned int bc_nb_socs;

#endif /* BC_SOC_H */
