/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * net_stmmac_uio: basic and extended statistics, the shared ones
 * (socnic_xstats.c) with dwmac4's own queue counters (stmmac_xstats.h);
 * imissed is the device's missed-frame counter folded into 64 bits.
 */
#include <ethdev_driver.h>

#include "socnic_xstats.h"

#include "stmmac_ethdev.h"
#include "stmmac_logs.h"

static const struct socnic_xstat stmmac_rx_xstats[] = {
	STMMAC_QUEUE_XSTATS(SOCNIC_XSTAT_NAME, SOCNIC_XSTAT_NONE)
};

static const struct socnic_xstat stmmac_tx_xstats[] = {
	STMMAC_QUEUE_XSTATS(SOCNIC_XSTAT_NONE, SOCNIC_XSTAT_NAME)
};

static const struct socnic_stats_family stmmac_stats_family = {
	.rx = SOCNIC_XSTAT_TABLE(stmmac_rx_xstats, struct stmmac_rx_queue),
	.tx = SOCNIC_XSTAT_TABLE(stmmac_tx_xstats, struct stmmac_tx_queue),
	.tx_oerrors = 0,	/* tx_errors: ES on a completion */
	.rx_missed_update = stmmac_rx_missed_update,
};

SOCNIC_STATS_OPS_DEFINE(stmmac, &stmmac_stats_family, stmmac_logtype_driver)
