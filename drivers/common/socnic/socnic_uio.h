/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The UIO backend of every socrx PMD (socnic_uio.c): a real controller's
 * register window mapped through Linux UIO, DPDK memory as its DMA
 * memory (IOVA as PA). What differs between families is which UIO devices
 * look like theirs and how much register window they need.
 */
#ifndef SOCNIC_UIO_H
#define SOCNIC_UIO_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "socnic_backend.h"
#include "socnic_devargs.h"

struct socnic_uio_family {
	/* What the device should be, for the refusal ("a dwmac Ethernet ..."). */
	const char *what;
	/*
	 * The device-tree compatible strings of the cores the driver
	 * drives (NULL-terminated): one of them, or the overlays'
	 * SOCNIC_UIO_OVERLAY_COMPAT (socnic_sysfs.h), must be among the strings of
	 * uioN/device/of_node/compatible. The node's name says nothing
	 * (uio_pdrv_genirq names every Ethernet node "ethernet").
	 */
	const char *const *compatibles;
	/* Bytes of registers the driver touches from the window's start. */
	uint32_t min_window;
	const int *logtype;		/* its backend's (registered at load) */
	/*
	 * Optional: once the device is taken (its compatible is the
	 * family's or the overlays', or uio_force=1), which variant it is,
	 * from the same compatible list (@p list, @p len bytes of
	 * NUL-separated strings; 0 when the node has none): 0 when the
	 * driver runs it, or -errno after logging why not. @p force:
	 * uio_force=1 was given.
	 */
	int (*node_check)(const char *list, size_t len, const char *name,
			  bool force, int logtype);
};

/*
 * The UIO device @p port names (uio=, uio_root=, uio_force=) as the
 * backend of device @p name: fills @p be and returns 0, or logs why not,
 * releases what it took and returns -errno.
 */
int socnic_uio_create(struct socnic_backend *be, const char *name,
		      const struct socnic_port_args *port,
		      const struct socnic_uio_family *fam);

#endif /* SOCNIC_UIO_H */
