/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * net_mvneta_uio: basic and extended statistics. The per-queue counters
 * come from one X-macro list (mvneta_xstats.h), the lib/rxpath ones from
 * drivers/common/socnic's (SOCNIC_RXQ_LIB_XSTATS), the device-side ones
 * from the backend; imissed is the device's discard and overrun counters
 * folded into 64 bits.
 */
#include <inttypes.h>
#include <string.h>

#include <ethdev_driver.h>

#include "socnic_io.h"
#include "socnic_port.h"
#include "socnic_secondary.h"
#include "socnic_xstats.h"

#include "mvneta_ethdev.h"
#include "mvneta_logs.h"

static const struct socnic_xstat mvneta_rx_xstats[] = {
#define MVNETA_RX_ENTRY(n, h)						\
	SOCNIC_XSTAT_ENTRY(struct mvneta_rxq_stats, rx_ ## n, n, h)
	MVNETA_QUEUE_XSTATS(MVNETA_RX_ENTRY, SOCNIC_XSTAT_NONE)
#undef MVNETA_RX_ENTRY
};

static const struct socnic_xstat mvneta_tx_xstats[] = {
#define MVNETA_TX_ENTRY(n, h)						\
	SOCNIC_XSTAT_ENTRY(struct mvneta_txq_stats, tx_ ## n, n, h)
	MVNETA_QUEUE_XSTATS(SOCNIC_XSTAT_NONE, MVNETA_TX_ENTRY)
#undef MVNETA_TX_ENTRY
};

static const struct socnic_xstats_layout mvneta_xstats = {
	.rx = mvneta_rx_xstats,
	.nb_rx = RTE_DIM(mvneta_rx_xstats),
	.tx = mvneta_tx_xstats,
	.nb_tx = RTE_DIM(mvneta_tx_xstats),
};

/* A queue's counters since the last reset (socnic_counters_since()). */
static void
mvneta_rxq_stats_view(const struct mvneta_rx_queue *rxq,
		    struct mvneta_rxq_stats *v)
{
	SOCNIC_COUNTERS_SINCE(v, &rxq->stats, &rxq->stats_base);
}

static void
mvneta_txq_stats_view(const struct mvneta_tx_queue *txq,
		    struct mvneta_txq_stats *v)
{
	SOCNIC_COUNTERS_SINCE(v, &txq->stats, &txq->stats_base);
}

/* The dump at close: every counter with its meaning, at DEBUG level. */
void
mvneta_xstats_log(const struct rte_eth_dev *dev)
{
	const struct mvneta_rx_queue *rxq = mvneta_rxq0(dev);
	const struct mvneta_tx_queue *txq = mvneta_txq0(dev);
	uint64_t lib[SOCNIC_RXQ_NB_LIB_XSTATS] = { 0 };
	struct mvneta_rxq_stats rs;
	struct mvneta_txq_stats ts;

	if (rxq != NULL)
		socnic_rxq_lib_xstats(&rxq->lib, lib);
	if (rxq != NULL)
		mvneta_rxq_stats_view(rxq, &rs);
	if (txq != NULL)
		mvneta_txq_stats_view(txq, &ts);
	socnic_xstats_log(&mvneta_xstats, rxq != NULL ? &rs : NULL, lib,
			  txq != NULL ? &ts : NULL,
			  mvneta_logtype_driver, dev->data->name);
}

int
mvneta_stats_get(struct rte_eth_dev *dev, struct rte_eth_stats *stats,
		 socnic_queue_stats *qstats)
{
	struct mvneta_rx_queue *rxq = mvneta_rxq0(dev);
	struct mvneta_tx_queue *txq = mvneta_txq0(dev);
	struct mvneta_rxq_stats rs;
	struct mvneta_txq_stats ts;

	if (rxq != NULL) {
		/* A secondary process reads what the primary last folded in. */
		if (mvneta_adapter(dev)->hw_started && socnic_drives_device())
			mvneta_rx_missed_update(rxq);
		mvneta_rxq_stats_view(rxq, &rs);
		stats->ipackets = rs.rx_packets;
		stats->ibytes = rs.rx_bytes;
		stats->ierrors = rs.rx_errors;
		stats->imissed = rs.rx_missed;
		stats->rx_nombuf = rs.rx_nombuf;
		if (qstats != NULL) {
			qstats->q_ipackets[0] = rs.rx_packets;
			qstats->q_ibytes[0] = rs.rx_bytes;
			qstats->q_errors[0] = rs.rx_errors;
		}
	}
	if (txq != NULL) {
		mvneta_txq_stats_view(txq, &ts);
		stats->opackets = ts.tx_packets;
		stats->obytes = ts.tx_bytes;
		stats->oerrors = ts.tx_dropped;
		if (qstats != NULL) {
			qstats->q_opackets[0] = ts.tx_packets;
			qstats->q_obytes[0] = ts.tx_bytes;
		}
	}
	return 0;
}

int
mvneta_stats_reset(struct rte_eth_dev *dev)
{
	const struct socnic_backend *be = &mvneta_adapter(dev)->be;
	struct mvneta_rx_queue *rxq = mvneta_rxq0(dev);
	struct mvneta_tx_queue *txq = mvneta_txq0(dev);

	if (rxq != NULL) {
		/* Drain the clear-on-read registers so old misses vanish too. */
		if (mvneta_adapter(dev)->hw_started)
			mvneta_rx_missed_update(rxq);
		SOCNIC_COUNTERS_MARK(&rxq->stats_base, &rxq->stats);
		socnic_rxq_lib_xstats_reset(&rxq->lib);
	}
	if (txq != NULL)
		SOCNIC_COUNTERS_MARK(&txq->stats_base, &txq->stats);
	/* The device's counters run on: remember where they stood. */
	socnic_backend_xstats_reset(be, mvneta_adapter(dev)->be_xstats_base);
	return 0;
}

int
mvneta_xstats_get(struct rte_eth_dev *dev, struct rte_eth_xstat *xstats,
		  unsigned int n)
{
	struct mvneta_adapter *ad = mvneta_adapter(dev);
	struct mvneta_rx_queue *rxq = mvneta_rxq0(dev);
	struct mvneta_tx_queue *txq = mvneta_txq0(dev);
	unsigned int nb = socnic_xstats_count(&mvneta_xstats, &ad->be);
	uint64_t lib[SOCNIC_RXQ_NB_LIB_XSTATS] = { 0 };
	struct mvneta_rxq_stats rs;
	struct mvneta_txq_stats ts;

	if (xstats == NULL || n < nb)
		return (int)nb;
	if (rxq != NULL && ad->hw_started && socnic_drives_device())
		mvneta_rx_missed_update(rxq);
	if (rxq != NULL)
		socnic_rxq_lib_xstats(&rxq->lib, lib);
	if (rxq != NULL)
		mvneta_rxq_stats_view(rxq, &rs);
	if (txq != NULL)
		mvneta_txq_stats_view(txq, &ts);
	return socnic_xstats_fill(&mvneta_xstats,
				  rxq != NULL ? &rs : NULL, lib,
				  txq != NULL ? &ts : NULL,
				  &ad->be, ad->be_xstats_base, xstats);
}

int
mvneta_xstats_get_names(struct rte_eth_dev *dev,
			struct rte_eth_xstat_name *names, unsigned int size)
{
	return socnic_xstats_names(&mvneta_xstats, &mvneta_adapter(dev)->be,
				   names, size);
}
