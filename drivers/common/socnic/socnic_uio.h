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
#include <stdint.h>

#include "socnic_backend.h"
#include "socnic_devargs.h"

struct socnic_uio_family {
	/* What the device should be, for the refusal ("a dwmac Ethernet ..."). */
	const char *what;
	/*
	 * What uioN/name must contain (lower case, NULL-terminated):
	 * uio_pdrv_genirq names the device after its device-tree node
	 * ("ethernet" for ethernet@f1070000), a platform device without one
	 * after the device; then the compatible families' names.
	 */
	const char *const *names;
	/* Bytes of registers the driver touches from the window's start. */
	uint32_t min_window;
	int logtype;
	/*
	 * Optional: after the name check, whether the device (its sysfs
	 * directory ROOT/sys/class/uio/uioN in @p dir) is a variant the
	 * driver runs; 0, or -errno after logging why not. @p force:
	 * uio_force=1 was given.
	 */
	int (*node_check)(const char *dir, const char *name, bool force,
			  int logtype);
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
