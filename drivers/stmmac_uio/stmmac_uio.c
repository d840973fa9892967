/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * UIO backend of net_stmmac_uio: drivers/common/socnic's (socnic_uio.c)
 * with what makes a UIO device a dwmac: its device-tree compatible, and a
 * register window that reaches every register the driver touches (the
 * quiesce at probe stops up to 8 DMA channels, whose blocks end at
 * DMA_CHANX_BASE_ADDR(8); MAC and MTL registers lie below).
 */
#include "socnic_uio.h"

#include "dwmac4_regs.h"
#include "stmmac_devargs.h"
#include "stmmac_ethdev.h"
#include "stmmac_logs.h"
#include "stmmac_uio_ids.h"

static const char *const stmmac_uio_compatibles[] = { STMMAC_UIO_COMPATIBLES };

const struct socnic_uio_family stmmac_uio_family = {
	.what = "a dwmac Ethernet controller",
	.compatibles = stmmac_uio_compatibles,
	.min_window = DMA_CHANX_BASE_ADDR(8),
	.logtype = &stmmac_logtype_backend,
};
