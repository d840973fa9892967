/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * UIO backend of net_mvneta_uio: drivers/common/socnic's (socnic_uio.c)
 * with what makes a UIO device a NETA port: its name (uio_pdrv_genirq
 * names it after the device-tree node, ethernet@30000), its register
 * window, up to the TX queue registers at 0x3c00-0x3e7f (mvneta_regs.h),
 * and its generation, from the node's compatible (mvneta_a3700.h): the
 * Armada 3700 is driven; the 32-bit Armada 370/XP/38x are refused, naming
 * what they would need.
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "socnic_sysfs.h"
#include "socnic_uio.h"

#include "mvneta_a3700.h"
#include "mvneta_ethdev.h"
#include "mvneta_logs.h"
#include "mvneta_regs.h"

static const char *const mvneta_uio_names[] = {
	"ethernet", "neta", "mvneta", NULL,
};

/* Room for the node's compatible list (NUL-separated strings). */
#define MVNETA_COMPAT_MAX	256

/*
 * The 32-bit generations: what running them would take (none of it is
 * provided: docs/nics/mvneta_uio.rst).
 */
static const char mvneta_32bit_needs[] =
	"32-bit Armada 370/XP/38x not supported: it needs an armhf DPDK without NEON, physical addresses without hugepages, poll mode (its per-CPU interrupt) and MBus windows per DRAM chip select";

/*
 * device/of_node/compatible of the UIO device in @p dir: the Armada 3700
 * passes; 370/XP/38x are refused; anything else (or no device-tree node)
 * is refused unless uio_force=1, which takes it for a 3700.
 */
static int
mvneta_uio_node_check(const char *dir, const char *name, bool force,
		      int logtype)
{
	char path[PATH_MAX], list[MVNETA_COMPAT_MAX + 1];
	ssize_t got;
	size_t len;
	int n;

	RTE_SET_USED(logtype);	/* PMD_BE_LOG's */
	n = snprintf(path, sizeof(path), "%s/device/of_node/compatible", dir);
	if (n < 0 || (size_t)n >= sizeof(path))
		return -ENAMETOOLONG;
	got = socnic_sysfs_read_all(path, list, MVNETA_COMPAT_MAX);
	len = got > 0 ? (size_t)got : 0;
	list[len] = '\0';
	if (socnic_sysfs_strlist_has(list, len, MVNETA_COMPAT_A3700)) {
		PMD_BE_LOG(INFO, "%s: %s: Armada 3700 NETA", name,
			   MVNETA_COMPAT_A3700);
		return 0;
	}
	if (socnic_sysfs_strlist_has(list, len, MVNETA_COMPAT_A370) ||
	    socnic_sysfs_strlist_has(list, len, MVNETA_COMPAT_AXP)) {
		PMD_BE_LOG(ERR, "%s: %s: %s", name,
			   socnic_sysfs_strlist_has(list, len, MVNETA_COMPAT_A370) ?
			   MVNETA_COMPAT_A370 : MVNETA_COMPAT_AXP,
			   mvneta_32bit_needs);
		return -ENOTSUP;
	}
	if (force) {
		PMD_BE_LOG(WARNING, "%s: %s: \"%s\" is not %s; uio_force=1: driven as one",
			   name, path, list, MVNETA_COMPAT_A3700);
		return 0;
	}
	PMD_BE_LOG(ERR, "%s: %s: %s: the driver runs the Armada 3700 NETA (%s) only; uio_force=1 drives it as one",
		   name, path, got >= 0 ? list : "no device-tree compatible",
		   MVNETA_COMPAT_A3700);
	return -ENODEV;
}

int
mvneta_backend_uio_create(struct socnic_backend *be, const char *name,
			  const struct mvneta_devargs *da)
{
	const struct socnic_uio_family fam = {
		.what = "a Marvell NETA Ethernet controller",
		.names = mvneta_uio_names,
		.min_window = MVNETA_REG_WINDOW_SIZE,
		.logtype = mvneta_logtype_backend,
		.node_check = mvneta_uio_node_check,
	};

	return socnic_uio_create(be, name, &da->port, &fam);
}
