/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The controller's device-tree node, as Linux's stmmac_platform.c
 * (stmmac_probe_config_dt(), stmmac_axi_setup()) and of_get_mac_address()
 * read it: DMA burst settings and the station address. The node is a
 * sysfs directory (the UIO device's device/of_node, or of_node=), each
 * property a file of big-endian 32-bit cells, a flag an empty file.
 */
#ifndef STMMAC_OF_H
#define STMMAC_OF_H

#include <stdbool.h>
#include <stdint.h>

struct stmmac_devargs;

struct stmmac_of {
	bool present;			/* a node was read */
	/* snps,pbl, snps,txpbl, snps,rxpbl: beats per burst, 0: absent. */
	unsigned int pbl, txpbl, rxpbl;
	bool no_pbl_x8;			/* snps,no-pbl-x8 */
	/* DMA_SysBus_Mode FB, MB, AAL (snps,fixed-burst, -mixed-burst, aal). */
	uint32_t sysbus_bits;
	/*
	 * The node snps,axi-config points to: DMA_AXI_BLEN* bits of its
	 * snps,blen cells (0: none), snps,rd_osr_lmt and snps,wr_osr_lmt
	 * (-1: none).
	 */
	uint32_t axi_blen_mask;
	int axi_rd_osr_lmt, axi_wr_osr_lmt;
	/* mac-address, else local-mac-address (of_get_mac_address() order). */
	bool has_mac;
	uint8_t mac[6];
	const char *mac_prop;		/* the property it came from */
	/* nvmem-cells with a "mac-address" cell: not readable here. */
	bool nvmem_mac;
};

/*
 * Reads the node of the device @p name that @p da names (of_node=, else
 * the UIO device's device/of_node; a model port without of_node= has
 * none) into @p of. A malformed property is logged and ignored; a missing
 * node leaves of->present false. Never fails.
 */
void stmmac_of_read(const char *name, const struct stmmac_devargs *da,
		    struct stmmac_of *of);

/*
 * The DMA settings of @p da that no devarg gave, taken from @p of, then
 * the defaults: pbl= over snps,pbl/txpbl/rxpbl (8), axi_blen= over
 * snps,blen, axi_*_osr_lmt= over snps,*_osr_lmt.
 */
void stmmac_of_apply(const struct stmmac_of *of, struct stmmac_devargs *da);

#endif /* STMMAC_OF_H */
