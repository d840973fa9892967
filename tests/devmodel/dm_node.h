/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * socrx-devmodel's fake UIO device: ROOT/sys/class/uio/uioN as Linux's
 * UIO core presents a device (name, maps/map0/{addr,size,offset}, device/
 * driver, device/of_node/{dma-coherent,compatible[,phy-mode]}) and
 * ROOT/dev/uioN, a
 * regular file standing for the device node: map 0 is its first map0/size
 * bytes, the registers start map0/offset bytes in, and both processes map
 * it MAP_SHARED. The file is locked while a devmodel serves it.
 */
#ifndef DM_NODE_H
#define DM_NODE_H

#include <limits.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "dm_family.h"

struct dm_node {
	char dir[PATH_MAX];	/* ROOT/sys/class/uio/uioN */
	char dev[PATH_MAX];	/* ROOT/dev/uioN */
	char root[PATH_MAX];
	int fd;
	void *map;
	size_t size;		/* map0/size */
	uint32_t offset;	/* map0/offset */
};

/*
 * Creates the tree and the device node for @p uio ("uioN") under @p root
 * (an existing directory), named @p name, with the register window @p d
 * describes at @p offset (< page size) in map 0, and maps it.
 * 0, or -1 after printing why (nothing left behind).
 */
int dm_node_create(struct dm_node *n, const char *root, const char *uio,
		   const char *name, uint32_t offset,
		   const struct dm_node_desc *d);

/* The register window inside the mapping. */
uint32_t *dm_node_regs(const struct dm_node *n);

/* Unmaps, unlocks and, unless @p keep, removes what dm_node_create() made. */
void dm_node_destroy(struct dm_node *n, bool keep);

#endif /* DM_NODE_H */
