/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * net_stmmac_uio: basic and extended statistics. The per-queue counters
 * come from one X-macro list (stmmac_xstats.h) that produces the fields,
 * the xstats names, their values and the debug dump; imissed is the
 * device's missed-frame counter folded into 64 bits.
 */
#include <inttypes.h>
#include <string.h>

#include <ethdev_driver.h>

#include "socnic_io.h"
#include "socnic_port.h"
#include "socnic_secondary.h"
#include "socnic_xstats.h"

#include "stmmac_ethdev.h"
#include "stmmac_logs.h"

static const struct socnic_xstat stmmac_rx_xstats[] = {
#define STMMAC_RX_ENTRY(n, h)						\
	SOCNIC_XSTAT_ENTRY(struct stmmac_rxq_stats, rx_ ## n, n, h)
	STMMAC_QUEUE_XSTATS(STMMAC_RX_ENTRY, SOCNIC_XSTAT_NONE)
#undef STMMAC_RX_ENTRY
};

static const struct socnic_xstat stmmac_tx_xstats[] = {
#define STMMAC_TX_ENTRY(n, h)						\
	SOCNIC_XSTAT_ENTRY(struct stmmac_txq_stats, tx_ ## n, n, h)
	STMMAC_QUEUE_XSTATS(SOCNIC_XSTAT_NONE, STMMAC_TX_ENTRY)
#undef STMMAC_TX_ENTRY
};

static const struct socnic_xstats_layout stmmac_xstats = {
	.rx = stmmac_rx_xstats,
	.nb_rx = RTE_DIM(stmmac_rx_xstats),
	.tx = stmmac_tx_xstats,
	.nb_tx = RTE_DIM(stmmac_tx_xstats),
};

/* A queue's counters since the last reset (socnic_counters_since()). */
static void
stmmac_rxq_stats_view(const struct stmmac_rx_queue *rxq,
		    struct stmmac_rxq_stats *v)
{
	SOCNIC_COUNTERS_SINCE(v, &rxq->stats, &rxq->stats_base);
}

static void
stmmac_txq_stats_view(const struct stmmac_tx_queue *txq,
		    struct stmmac_txq_stats *v)
{
	SOCNIC_COUNTERS_SINCE(v, &txq->stats, &txq->stats_base);
}

/* The dump at close: every counter with its meaning, at DEBUG level. */
void
stmmac_xstats_log(const struct rte_eth_dev *dev)
{
	const struct stmmac_rx_queue *rxq = stmmac_rxq0(dev);
	const struct stmmac_tx_queue *txq = stmmac_txq0(dev);
	uint64_t lib[SOCNIC_RXQ_NB_LIB_XSTATS] = { 0 };
	struct stmmac_rxq_stats rs;
	struct stmmac_txq_stats ts;

	if (rxq != NULL)
		stmmac_rx_lib_xstats(rxq, lib);
	if (rxq != NULL)
		stmmac_rxq_stats_view(rxq, &rs);
	if (txq != NULL)
		stmmac_txq_stats_view(txq, &ts);
	socnic_xstats_log(&stmmac_xstats, rxq != NULL ? &rs : NULL, lib,
			  txq != NULL ? &ts : NULL,
			  stmmac_logtype_driver, dev->data->name);
}

int
stmmac_stats_get(struct rte_eth_dev *dev, struct rte_eth_stats *stats,
		 socnic_queue_stats *qstats)
{
	struct stmmac_rx_queue *rxq = stmmac_rxq0(dev);
	struct stmmac_tx_queue *txq = stmmac_txq0(dev);
	struct stmmac_rxq_stats rs;
	struct stmmac_txq_stats ts;

	if (rxq != NULL) {
		/* A secondary process reads what the primary last folded in. */
		if (stmmac_adapter(dev)->hw_started && socnic_drives_device())
			stmmac_rx_missed_update(rxq);
		stmmac_rxq_stats_view(rxq, &rs);
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
		stmmac_txq_stats_view(txq, &ts);
		stats->opackets = ts.tx_packets;
		stats->obytes = ts.tx_bytes;
		stats->oerrors = ts.tx_errors + ts.tx_dropped;
		if (qstats != NULL) {
			qstats->q_opackets[0] = ts.tx_packets;
			qstats->q_obytes[0] = ts.tx_bytes;
		}
	}
	return 0;
}

int
stmmac_stats_reset(struct rte_eth_dev *dev)
{
	const struct socnic_backend *be = &stmmac_adapter(dev)->be;
	struct stmmac_rx_queue *rxq = stmmac_rxq0(dev);
	struct stmmac_tx_queue *txq = stmmac_txq0(dev);

	if (rxq != NULL) {
		/* Drain the clear-on-read register so old misses vanish too. */
		if (stmmac_adapter(dev)->hw_started)
			stmmac_rx_missed_update(rxq);
		SOCNIC_COUNTERS_MARK(&rxq->stats_base, &rxq->stats);
		/* lib/rxpath counters: remember where they stood. */
		memset(rxq->lib_base, 0, sizeof(rxq->lib_base));
		stmmac_rx_lib_xstats(rxq, rxq->lib_base);
	}
	if (txq != NULL)
		SOCNIC_COUNTERS_MARK(&txq->stats_base, &txq->stats);
	/* The device's counters run on: remember where they stood. */
	socnic_backend_xstats_reset(be, stmmac_adapter(dev)->be_xstats_base);
	return 0;
}

int
stmmac_xstats_get(struct rte_eth_dev *dev, struct rte_eth_xstat *xstats,
		  unsigned int n)
{
	struct stmmac_adapter *ad = stmmac_adapter(dev);
	struct stmmac_rx_queue *rxq = stmmac_rxq0(dev);
	struct stmmac_tx_queue *txq = stmmac_txq0(dev);
	unsigned int nb = socnic_xstats_count(&stmmac_xstats, &ad->be);
	uint64_t lib[SOCNIC_RXQ_NB_LIB_XSTATS] = { 0 };
	struct stmmac_rxq_stats rs;
	struct stmmac_txq_stats ts;

	if (xstats == NULL || n < nb)
		return (int)nb;
	if (rxq != NULL && ad->hw_started && socnic_drives_device())
		stmmac_rx_missed_update(rxq);
	if (rxq != NULL)
		stmmac_rx_lib_xstats(rxq, lib);
	if (rxq != NULL)
		stmmac_rxq_stats_view(rxq, &rs);
	if (txq != NULL)
		stmmac_txq_stats_view(txq, &ts);
	return socnic_xstats_fill(&stmmac_xstats,
				  rxq != NULL ? &rs : NULL, lib,
				  txq != NULL ? &ts : NULL,
				  &ad->be, ad->be_xstats_base, xstats);
}

int
stmmac_xstats_get_names(struct rte_eth_dev *dev,
			struct rte_eth_xstat_name *names, unsigned int size)
{
	return socnic_xstats_names(&stmmac_xstats, &stmmac_adapter(dev)->be,
				   names, size);
}
