/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * net_mvneta_uio: basic and extended statistics, the shared ones
 * (socnic_xstats.c) with NETA's own queue counters (mvneta_xstats.h);
 * imissed is the device's discard and overrun counters folded into 64
 * bits.
 */
#include <ethdev_driver.h>

#include "socnic_xstats.h"

#include "mvneta_ethdev.h"
#include "mvneta_logs.h"

static const struct socnic_xstat mvneta_rx_xstats[] = {
	MVNETA_QUEUE_XSTATS(SOCNIC_XSTAT_NAME, SOCNIC_XSTAT_NONE)
};

static const struct socnic_stats_family mvneta_stats_family = {
	.rx = SOCNIC_XSTAT_TABLE(mvneta_rx_xstats, struct mvneta_rx_queue),
	.tx_oerrors = -1,	/* NETA's TX completions carry no error */
	.rx_missed_update = mvneta_rx_missed_update,
};

SOCNIC_STATS_OPS_DEFINE(mvneta, &mvneta_stats_family, mvneta_logtype_driver)
