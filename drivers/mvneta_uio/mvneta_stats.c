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
#define MVNETA_RX_ENTRY(n, h)						\
	SOCNIC_XSTAT_ENTRY(struct mvneta_rx_queue, stats.rx_ ## n, n, h)
	MVNETA_QUEUE_XSTATS(MVNETA_RX_ENTRY, SOCNIC_XSTAT_NONE)
#undef MVNETA_RX_ENTRY
};

static const struct socnic_stats_family mvneta_stats_family = {
	.rx = mvneta_rx_xstats,
	.nb_rx = RTE_DIM(mvneta_rx_xstats),
	.rx_mark = offsetof(struct mvneta_rx_queue, stats_base) -
		   offsetof(struct mvneta_rx_queue, stats),
	.tx_oerrors = -1,	/* NETA's TX completions carry no error */
	.rx_missed_update = mvneta_rx_missed_update,
};

void
mvneta_xstats_log(const struct rte_eth_dev *dev)
{
	socnic_xstats_log(dev, &mvneta_stats_family, mvneta_logtype_driver);
}

int
mvneta_stats_get(struct rte_eth_dev *dev, struct rte_eth_stats *stats,
		 socnic_queue_stats *qstats)
{
	return socnic_stats_get(dev, &mvneta_stats_family, stats, qstats);
}

int
mvneta_stats_reset(struct rte_eth_dev *dev)
{
	return socnic_stats_reset(dev, &mvneta_stats_family);
}

int
mvneta_xstats_get(struct rte_eth_dev *dev, struct rte_eth_xstat *xstats,
		  unsigned int n)
{
	return socnic_xstats_get(dev, &mvneta_stats_family, xstats, n);
}

int
mvneta_xstats_get_names(struct rte_eth_dev *dev,
			struct rte_eth_xstat_name *names, unsigned int size)
{
	return socnic_xstats_get_names(dev, &mvneta_stats_family, names, size);
}
