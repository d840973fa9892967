/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The NETA generations by device-tree compatible, and what the Armada
 * 3700's differs in (Linux mvneta.c pp->neta_armada3700).
 *
 * The 3700 (arm64: ESPRESSObin, Turris MOX, uDPU) decodes its DMA in two
 * layers: the port's own windows (mvneta_mbus.h) and the fabric's, which
 * firmware sets. Linux mvneta_conf_mbus_windows(pp, NULL) and U-Boot
 * mvneta_bypass_mbus_windows() therefore open one window over the first
 * 4 GiB (base 0, target and attribute 0), full access, the other five
 * disabled, and leave routing to the fabric.
 *
 * The 32-bit generations (370/38x: armada-370-neta, XP: armada-xp-neta)
 * get one window per DRAM chip select from the MBus driver
 * (mv_mbus_dram_info()), which user space does not have.
 *
 * Pinned to the reference values by tests/test_mvneta_consts.c.
 */
#ifndef SOCRX_MVNETA_A3700_H
#define SOCRX_MVNETA_A3700_H

#include <stdint.h>

#include "mvneta_mbus.h"

#define MVNETA_COMPAT_A3700		"marvell,armada-3700-neta"
#define MVNETA_COMPAT_A370		"marvell,armada-370-neta"
#define MVNETA_COMPAT_AXP		"marvell,armada-xp-neta"

/* The 3700's single window: window 0, base 0, 4 GiB, full access. */
#define MVNETA_A3700_WIN		0U
#define MVNETA_A3700_WIN_BASE		0x00000000U
#define MVNETA_A3700_WIN_SIZE		MVNETA_WIN_SIZE_MASK	/* Linux 0xffff0000 */
#define MVNETA_A3700_WIN_ENABLE					\
	(MVNETA_BASE_ADDR_ENABLE_ALL_OFF &				\
	 ~MVNETA_BASE_ADDR_DISABLE(MVNETA_A3700_WIN))		/* Linux 0x3e */
#define MVNETA_A3700_WIN_PROTECT					\
	(MVNETA_WIN_PROTECT_FULL <<					\
	 MVNETA_WIN_PROTECT_SHIFT(MVNETA_A3700_WIN))		/* Linux 3 */

#endif /* SOCRX_MVNETA_A3700_H */
