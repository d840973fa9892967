/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * UIO backend of net_mvneta_uio: drivers/common/socnic's (socnic_uio.c)
 * with what makes a UIO device a NETA port: its device-tree compatible
 * (the node's name, ethernet@70000, says nothing) and its register window,
 * up to the TX queue registers at 0x3c00-0x3e7f (mvneta_regs.h).
 */
#include "socnic_uio.h"

#include "mvneta_ethdev.h"
#include "mvneta_logs.h"
#include "mvneta_regs.h"

/* Linux's binding (marvell-armada-370-neta.txt, marvell,armada-ac5-neta). */
static const char *const mvneta_uio_compatibles[] = {
	"marvell,armada-370-neta", "marvell,armada-xp-neta",
	"marvell,armada-3700-neta", "marvell,armada-ac5-neta", NULL,
};

int
mvneta_backend_uio_create(struct socnic_backend *be, const char *name,
			  const struct mvneta_devargs *da)
{
	const struct socnic_uio_family fam = {
		.what = "a Marvell NETA Ethernet controller",
		.compatibles = mvneta_uio_compatibles,
		.min_window = MVNETA_REG_WINDOW_SIZE,
		.logtype = mvneta_logtype_backend,
	};

	return socnic_uio_create(be, name, &da->port, &fam);
}
