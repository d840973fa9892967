/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * UIO backend of net_mvneta_uio: drivers/common/socnic's (socnic_uio.c)
 * with what makes a UIO device a NETA port: its device-tree compatible
 * (the node's name, ethernet@30000, says nothing), its register window,
 * up to the TX queue registers at 0x3c00-0x3e7f (mvneta_regs.h), and its
 * generation, from the same compatible (mvneta_a3700.h): the Armada 3700
 * is driven; the 32-bit Armada 370/XP/38x are refused, naming what they
 * would need.
 */
#include <errno.h>

#include "socnic_sysfs.h"
#include "socnic_uio.h"

#include "mvneta_a3700.h"
#include "mvneta_ethdev.h"
#include "mvneta_logs.h"
#include "mvneta_regs.h"

/* Linux's binding (marvell-armada-370-neta.txt, marvell,armada-ac5-neta). */
static const char *const mvneta_uio_compatibles[] = {
	MVNETA_COMPAT_A370, MVNETA_COMPAT_AXP, MVNETA_COMPAT_A3700,
	"marvell,armada-ac5-neta", NULL,
};

/*
 * The 32-bit generations: what running them would take (none of it is
 * provided: docs/nics/mvneta_uio.rst).
 */
static const char mvneta_32bit_needs[] =
	"32-bit Armada 370/XP/38x not supported: it needs an armhf DPDK without NEON, physical addresses without hugepages, poll mode (its per-CPU interrupt) and MBus windows per DRAM chip select";

/*
 * The generation, from the compatible list socnic_uio identified the
 * device by: the Armada 3700 is driven; 370/XP/38x are refused; the
 * overlays' "generic-uio" names none and is taken for a 3700, the only
 * arm64 NETA; uio_force=1 drives anything else as a 3700.
 */
static int
mvneta_uio_node_check(const char *list, size_t len, const char *name,
		      bool force, int logtype)
{
	const char *gen32 = NULL;

	RTE_SET_USED(logtype);	/* PMD_BE_LOG's */
	if (socnic_sysfs_strlist_has(list, len, MVNETA_COMPAT_A3700)) {
		PMD_BE_LOG(INFO, "%s: %s: Armada 3700 NETA", name,
			   MVNETA_COMPAT_A3700);
		return 0;
	}
	if (socnic_sysfs_strlist_has(list, len, MVNETA_COMPAT_A370))
		gen32 = MVNETA_COMPAT_A370;
	else if (socnic_sysfs_strlist_has(list, len, MVNETA_COMPAT_AXP))
		gen32 = MVNETA_COMPAT_AXP;
	if (gen32 != NULL && !force) {
		PMD_BE_LOG(ERR, "%s: %s: %s; uio_force=1 drives it as an Armada 3700",
			   name, gen32, mvneta_32bit_needs);
		return -ENOTSUP;
	}
	if (gen32 == NULL &&
	    socnic_sysfs_strlist_has(list, len, SOCNIC_UIO_OVERLAY_COMPAT)) {
		PMD_BE_LOG(INFO, "%s: \"%s\" names no NETA generation: driven as an Armada 3700 (%s), the only arm64 NETA",
			   name, SOCNIC_UIO_OVERLAY_COMPAT, MVNETA_COMPAT_A3700);
		return 0;
	}
	if (force) {
		PMD_BE_LOG(WARNING, "%s: the node's compatible (%s) is not %s; uio_force=1: driven as one",
			   name, len > 0 ? list : "none", MVNETA_COMPAT_A3700);
		return 0;
	}
	PMD_BE_LOG(ERR, "%s: \"%s\": the driver runs the Armada 3700 NETA (%s) only; uio_force=1 drives it as one",
		   name, list, MVNETA_COMPAT_A3700);
	return -ENODEV;
}

const struct socnic_uio_family mvneta_uio_family = {
	.what = "a Marvell NETA Ethernet controller",
	.compatibles = mvneta_uio_compatibles,
	.min_window = MVNETA_REG_WINDOW_SIZE,
	.logtype = &mvneta_logtype_backend,
	.node_check = mvneta_uio_node_check,
};
