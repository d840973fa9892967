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
#define STMMAC_RX_ENTRY(n, h)						\
	SOCNIC_XSTAT_ENTRY(struct stmmac_rx_queue, stats.rx_ ## n, n, h)
	STMMAC_QUEUE_XSTATS(STMMAC_RX_ENTRY, SOCNIC_XSTAT_NONE)
#undef STMMAC_RX_ENTRY
};

static const struct socnic_xstat stmmac_tx_xstats[] = {
#define STMMAC_TX_ENTRY(n, h)						\
	SOCNIC_XSTAT_ENTRY(struct stmmac_tx_queue, stats.tx_ ## n, n, h)
	STMMAC_QUEUE_XSTATS(SOCNIC_XSTAT_NONE, STMMAC_TX_ENTRY)
#undef STMMAC_TX_ENTRY
};

static const struct socnic_stats_family stmmac_stats_family = {
	.rx = stmmac_rx_xstats,
	.nb_rx = RTE_DIM(stmmac_rx_xstats),
	.rx_mark = offsetof(struct stmmac_rx_queue, stats_base) -
		   offsetof(struct stmmac_rx_queue, stats),
	.tx = stmmac_tx_xstats,
	.nb_tx = RTE_DIM(stmmac_tx_xstats),
	.tx_mark = offsetof(struct stmmac_tx_queue, stats_base) -
		   offsetof(struct stmmac_tx_queue, stats),
	.tx_oerrors = 0,	/* tx_errors: ES on a completion */
	.rx_missed_update = stmmac_rx_missed_update,
};

SOCNIC_STATS_OPS_DEFINE(stmmac, &stmmac_stats_family, stmmac_logtype_driver)
