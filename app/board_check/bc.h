/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * socrx-board-check: what a board needs before net_stmmac_uio can drive
 * its GMAC, or net_mvneta_uio its NETA port, checked one item at a time
 * (docs/nics/boards.md, "Pre-flight check"; docs/nics/mvneta_uio.rst).
 * Plain C, no DPDK: it runs before hugepages are reserved. Registers are
 * read through the UIO device's maps; the only registers written are a
 * GMAC's MAC_MDIO_Address and a NETA's SMI (MDIO reads of the PHY, as the
 * PMDs do them; never a write to the PHY).
 */
#ifndef BC_H
#define BC_H

#include <limits.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct bc_soc;
struct socnic_mdio;

struct bc_ctx {
	/* Options. */
	const char *root;		/* "" or --uio-root DIR */
	const char *uio_opt;		/* --uio uioN, or NULL: scan */
	uint64_t csr_clk;		/* --csr-clk HZ, 0: not known */
	int phy_addr;			/* --phy-addr N, -1: scan */

	/* What the checks found, for the later ones. */
	char uio[32];			/* "uioN": the device, "" none */
	char dir[PATH_MAX];		/* ROOT/sys/class/uio/uioN */
	uint64_t map0_addr, map0_size, map0_off;
	char compat[256];		/* of_node/compatible, NUL-separated */
	size_t compat_len;
	char phy_mode[32];		/* of_node/phy-mode, "" none */
	const struct bc_soc *soc;	/* the SoC, NULL: not known */
	int gmac;			/* its GMAC index, -1: not one */
	bool in_reset;			/* the SoC's reset holds the GMAC */
	bool mac_ok;			/* MAC_Version is a dwmac4's */
	bool neta;			/* a NETA port (bc_neta.c) */
	int neta_port;			/* Armada 3700 ethN, -1: not one */
	int neta_smi_map;		/* the map reaching the SMI, -1: none */
	uint64_t neta_smi_pa;		/* the SMI's physical address */

	unsigned int failed;
};

/* One line per check: "ok", "FAIL" (with the fix) or "skip" (why). */
void bc_ok(struct bc_ctx *c, const char *check, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
void bc_fail(struct bc_ctx *c, const char *check, const char *fix,
	     const char *fmt, ...) __attribute__((format(printf, 4, 5)));
void bc_skip(struct bc_ctx *c, const char *check, const char *why);

/* ROOT + @p rel into @p buf; false when too long. */
bool bc_path(const struct bc_ctx *c, const char *rel, char *buf, size_t size);
/* The UIO device's directory + @p rel into @p buf. */
bool bc_uio_path(const struct bc_ctx *c, const char *rel, char *buf,
		 size_t size);

/* bc_host.c: hugepages, physical addresses. */
void bc_check_hugepages(struct bc_ctx *c);
void bc_check_pagemap(struct bc_ctx *c);

/* bc_node.c: the UIO device and its device-tree node. */
void bc_check_uio(struct bc_ctx *c);
void bc_check_compatible(struct bc_ctx *c);
void bc_check_soc(struct bc_ctx *c);
void bc_check_coherent(struct bc_ctx *c);
void bc_check_phy_mode(struct bc_ctx *c);

/* bc_soc.c: the SoC glue (reset, interface mode) where a map reaches it. */
void bc_check_reset(struct bc_ctx *c);
void bc_check_glue_mode(struct bc_ctx *c);

/* bc_regs.c: the controller's registers and its PHY. */
void bc_check_mac_version(struct bc_ctx *c);
void bc_check_phy(struct bc_ctx *c);

/* bc_neta.c: a NETA port (net_mvneta_uio). */
/* The compatible line for a NETA node; false when the node is none. */
bool bc_neta_compatible(struct bc_ctx *c, const char *shown);
void bc_neta_check_port(struct bc_ctx *c);
void bc_neta_check_regs(struct bc_ctx *c);
void bc_neta_check_mdio(struct bc_ctx *c);
void bc_neta_check_phy(struct bc_ctx *c);

/* bc_phy.c: the PHY over a family's MDIO master. */
/* What a family's MDIO failures mean (the phy and link lines). */
struct bc_mdio_family {
	const char *stuck;	/* phy FAIL: the master stays busy */
	const char *stuck_fix;
	const char *link_fix;	/* link FAIL: the PHY's reads failed */
	const char *no_phy_fix;
};
/*
 * The phy and link checks over @p bus: the PHY at --phy-addr or the first
 * answering on 0..31 (its ID), then its link. Reads only.
 */
void bc_phy_check(struct bc_ctx *c, const struct socnic_mdio *bus,
		  const struct bc_mdio_family *f);
/* Sleeps at least @p us (ten times it: a poll budget becomes generous). */
void bc_delay_us(unsigned int us);

/* Maps a UIO device may have (uio_pdrv_genirq: MAX_UIO_MAPS). */
#define BC_UIO_MAPS	5

/*
 * Maps @p len bytes of the UIO device's register space at physical
 * address @p pa, through whichever map covers it; read-only unless
 * @p writable. Returns the pointer to @p pa's bytes and fills @p base and
 * @p map_len for bc_unmap(), or NULL (no map covers it, or mmap failed:
 * @p why says which).
 */
volatile uint32_t *bc_map_phys(const struct bc_ctx *c, uint64_t pa,
			       size_t len, bool writable, void **base,
			       size_t *map_len, const char **why);
/* As bc_map_phys(), through map @p i only. */
volatile uint32_t *bc_map_index(const struct bc_ctx *c, unsigned int i,
				uint64_t pa, size_t len, bool writable,
				void **base, size_t *map_len, const char **why);
void bc_unmap(void *base, size_t map_len);

#endif /* BC_H */
