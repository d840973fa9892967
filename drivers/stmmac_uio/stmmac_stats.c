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

#include "stmmac_ethdev.h"
#include "stmmac_logs.h"

/* The X-macro dump: every counter with its meaning, at DEBUG level. */
void
stmmac_xstats_log(const struct rte_eth_dev *dev)
{
	const struct stmmac_rx_queue *rxq = stmmac_rxq0(dev);
	const struct stmmac_tx_queue *txq = stmmac_txq0(dev);

#define STMMAC_RX_LOG(n, h)						\
	PMD_DRV_LOG(DEBUG, "%s: rx_q0_%-16s %20" PRIu64 "  %s",		\
		    dev->data->name, #n, rxq->stats.rx_ ## n, h);
#define STMMAC_TX_LOG(n, h)						\
	PMD_DRV_LOG(DEBUG, "%s: tx_q0_%-16s %20" PRIu64 "  %s",		\
		    dev->data->name, #n, txq->stats.tx_ ## n, h);
	if (rxq != NULL) {
		uint64_t lib[SOCNIC_RXQ_NB_LIB_XSTATS];

		STMMAC_QUEUE_XSTATS(STMMAC_RX_LOG, SOCNIC_XSTAT_NONE)
		stmmac_rx_lib_xstats(rxq, lib);
		socnic_rxq_lib_xstats_log_values(lib, stmmac_logtype_driver,
						 dev->data->name, 0);
	}
	if (txq != NULL) {
		STMMAC_QUEUE_XSTATS(SOCNIC_XSTAT_NONE, STMMAC_TX_LOG)
	}
#undef STMMAC_RX_LOG
#undef STMMAC_TX_LOG
}

int
stmmac_stats_get(struct rte_eth_dev *dev, struct rte_eth_stats *stats)
{
	struct stmmac_rx_queue *rxq = stmmac_rxq0(dev);
	struct stmmac_tx_queue *txq = stmmac_txq0(dev);

	if (rxq != NULL) {
		if (stmmac_adapter(dev)->hw_started)
			stmmac_rx_missed_update(rxq);
		stats->ipackets = rxq->stats.rx_packets;
		stats->ibytes = rxq->stats.rx_bytes;
		stats->ierrors = rxq->stats.rx_errors;
		stats->imissed = __atomic_load_n(&rxq->stats.rx_missed,
						 __ATOMIC_RELAXED);
		stats->rx_nombuf = rxq->stats.rx_nombuf;
		stats->q_ipackets[0] = rxq->stats.rx_packets;
		stats->q_ibytes[0] = rxq->stats.rx_bytes;
		stats->q_errors[0] = rxq->stats.rx_errors;
	}
	if (txq != NULL) {
		stats->opackets = txq->stats.tx_packets;
		stats->obytes = txq->stats.tx_bytes;
		stats->oerrors = txq->stats.tx_errors + txq->stats.tx_dropped;
		stats->q_opackets[0] = txq->stats.tx_packets;
		stats->q_obytes[0] = txq->stats.tx_bytes;
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
		memset(&rxq->stats, 0, sizeof(rxq->stats));
		/* lib/rxpath counters: remember where they stood. */
		memset(rxq->lib_base, 0, sizeof(rxq->lib_base));
		stmmac_rx_lib_xstats(rxq, rxq->lib_base);
	}
	if (txq != NULL)
		memset(&txq->stats, 0, sizeof(txq->stats));
	/* The device's counters run on: remember where they stood. */
	socnic_backend_xstats_reset(be, stmmac_adapter(dev)->be_xstats_base);
	return 0;
}

#define STMMAC_NB_XSTATS (STMMAC_RXQ_NB_XSTATS + SOCNIC_RXQ_NB_LIB_XSTATS + \
			  STMMAC_TXQ_NB_XSTATS)

/* The queue counters, then the backend's (the model's, docs/model.md). */
static unsigned int
stmmac_nb_xstats(const struct rte_eth_dev *dev)
{
	return STMMAC_NB_XSTATS + stmmac_adapter(dev)->be.ops->nb_xstats;
}

int
stmmac_xstats_get(struct rte_eth_dev *dev, struct rte_eth_xstat *xstats,
		  unsigned int n)
{
	const struct socnic_backend *be = &stmmac_adapter(dev)->be;
	struct stmmac_rx_queue *rxq = stmmac_rxq0(dev);
	struct stmmac_tx_queue *txq = stmmac_txq0(dev);
	unsigned int i = 0, j;

	if (xstats == NULL || n < stmmac_nb_xstats(dev))
		return (int)stmmac_nb_xstats(dev);
	if (rxq != NULL && stmmac_adapter(dev)->hw_started)
		stmmac_rx_missed_update(rxq);
#define STMMAC_RX_VAL(nm, h)						\
	xstats[i].id = i;						\
	xstats[i].value = rxq != NULL ? rxq->stats.rx_ ## nm : 0;	\
	i++;
#define STMMAC_TX_VAL(nm, h)						\
	xstats[i].id = i;						\
	xstats[i].value = txq != NULL ? txq->stats.tx_ ## nm : 0;	\
	i++;
	STMMAC_QUEUE_XSTATS(STMMAC_RX_VAL, SOCNIC_XSTAT_NONE)
	{
		uint64_t lib[SOCNIC_RXQ_NB_LIB_XSTATS];

		memset(lib, 0, sizeof(lib));
		if (rxq != NULL)
			stmmac_rx_lib_xstats(rxq, lib);
		for (j = 0; j < SOCNIC_RXQ_NB_LIB_XSTATS; j++, i++) {
			xstats[i].id = i;
			xstats[i].value = lib[j];
		}
	}
	STMMAC_QUEUE_XSTATS(SOCNIC_XSTAT_NONE, STMMAC_TX_VAL)
#undef STMMAC_RX_VAL
#undef STMMAC_TX_VAL
	return (int)socnic_backend_xstats_get(be,
			stmmac_adapter(dev)->be_xstats_base, xstats, i);
}

int
stmmac_xstats_get_names(struct rte_eth_dev *dev,
			struct rte_eth_xstat_name *names, unsigned int size)
{
	const struct socnic_backend *be = &stmmac_adapter(dev)->be;
	unsigned int i = 0;

	if (names == NULL || size < stmmac_nb_xstats(dev))
		return (int)stmmac_nb_xstats(dev);
#define STMMAC_RX_NAME(nm, h)						\
	snprintf(names[i++].name, RTE_ETH_XSTATS_NAME_SIZE, "rx_q0_" #nm);
#define STMMAC_TX_NAME(nm, h)						\
	snprintf(names[i++].name, RTE_ETH_XSTATS_NAME_SIZE, "tx_q0_" #nm);
	STMMAC_QUEUE_XSTATS(STMMAC_RX_NAME, SOCNIC_XSTAT_NONE)
	socnic_rxq_lib_xstats_names(names + i, 0);
	i += SOCNIC_RXQ_NB_LIB_XSTATS;
	STMMAC_QUEUE_XSTATS(SOCNIC_XSTAT_NONE, STMMAC_TX_NAME)
#undef STMMAC_RX_NAME
#undef STMMAC_TX_NAME
	return (int)socnic_backend_xstats_names(be, names, i);
}
