/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The NETA port's own address decoding windows (the first of the two
 * layers between its DMA and DRAM) and the unit registers that report a
 * miss. Offsets: MVNETA_WIN_BASE/_SIZE/_REMAP, MVNETA_BASE_ADDR_ENABLE,
 * MVNETA_ACCESS_PROTECT_ENABLE, MVNETA_MBUS_RETRY, MVNETA_UNIT_INTR_CAUSE
 * in mvneta_regs.h; the fields here.
 *
 * A DMA access whose bus address falls in no enabled window, or in one
 * whose protection forbids it, does not reach memory: the unit sets a
 * cause bit and latches the address (the NETA's "address no match" /
 * "address violation", FreeBSD if_mvnetareg.h MVNETA_EUIC_*, MVNETA_EUEA).
 * Linux mvneta_conf_mbus_windows() writes one window per DRAM chip
 * select on Armada 370/XP/38x, a single 4 GiB window on the 3700
 * (mvneta_a3700.h); U-Boot's mvneta_bypass_mbus_windows() likewise.
 *
 * Pinned to the reference values by tests/test_mvneta_consts.c.
 */
#ifndef SOCRX_MVNETA_MBUS_H
#define SOCRX_MVNETA_MBUS_H

#include <stdint.h>

#include "mvneta_bits.h"

/* WIN_BASE(w): target [3:0], attribute [15:8], base address [31:16]. */
#define MVNETA_WIN_BASE_TARGET_MASK	0x0000000fU	/* FreeBSD BASEADDR_TARGET */
#define MVNETA_WIN_BASE_ATTR_SHIFT	8		/* Linux mbus_attr << 8 */
#define MVNETA_WIN_BASE_ATTR_MASK	0x0000ff00U
#define MVNETA_WIN_BASE_ADDR_MASK	0xffff0000U	/* Linux base & 0xffff0000 */
/* WIN_SIZE(w): (size - 1) in [31:16]: windows are multiples of 64 KiB. */
#define MVNETA_WIN_SIZE_MASK		0xffff0000U	/* U-Boot; Linux (size-1) & */
#define MVNETA_WIN_SIZE_UNIT		0x10000U
/* Windows 0..3 have a high-address remap register (Linux i < 4). */
#define MVNETA_NR_REMAP_WIN		4U

/* BASE_ADDR_ENABLE: bit w set disables window w (Linux win_enable). */
#define MVNETA_BASE_ADDR_ENABLE_ALL_OFF	0x3fU		/* Linux 0x3f */
#define MVNETA_BASE_ADDR_DISABLE(w)	MVNETA_BIT(w)

/* ACCESS_PROTECT_ENABLE: two bits per window (FreeBSD MVNETA_EPAP_*). */
#define MVNETA_WIN_PROTECT_SHIFT(w)	(2U * (uint32_t)(w))
#define MVNETA_WIN_PROTECT_MASK		0x3U
#define MVNETA_WIN_PROTECT_NONE		0x0U
#define MVNETA_WIN_PROTECT_RO		0x1U
#define MVNETA_WIN_PROTECT_FULL		0x3U		/* Linux 3 << (2 * i) */

/* MBUS_RETRY: MBus transaction retry (Linux writes 0x20). */
#define MVNETA_MBUS_RETRY_EN		0x20U		/* FreeBSD MBUS_RETRY_EN */

/* UNIT_INTR_CAUSE bits of a DMA access no window took. */
#define MVNETA_UNIT_INTR_ADDR_VIOL	MVNETA_BIT(2)	/* FreeBSD EUIC_ADDRVIOL */
#define MVNETA_UNIT_INTR_ADDR_NO_MATCH	MVNETA_BIT(3)	/* FreeBSD EUIC_ADDRVNOMATCH */
/* The bus address of the access that set one of them. */
#define MVNETA_UNIT_ERR_ADDR		0x2094U		/* FreeBSD MVNETA_EUEA */

#endif /* SOCRX_MVNETA_MBUS_H */
