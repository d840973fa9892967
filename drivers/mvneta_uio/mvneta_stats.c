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

#include "mvneta_ethdev.h"
#include "mvneta_logs.h"

/* The X-macro dump: every counter with its meaning, at DEBUG level. */
void
mvneta_xstats_log(const struct rte_eth_dev *dev)
{
	const struct mvneta_rx_queue *rxq = mvneta_rxq0(dev);
	const struct mvneta_tx_queue *txq = mvneta_txq0(dev);

#define MVNETA_RX_LOG(n, h)						\
	PMD_DRV_LOG(DEBUG, "%s: rx_q0_%-16s %20" PRIu64 "  %s",		\
		    dev->data->name, #n, rxq->stats.rx_ ## n, h);
#define MVNETA_TX_LOG(n, h)						\
	PMD_DRV_LOG(DEBUG, "%s: tx_q0_%-16s %20" PRIu64 "  %s",		\
		    dev->data->name, #n, txq->stats.tx_ ## n, h);
	if (rxq != NULL) {
		MVNETA_QUEUE_XSTATS(MVNETA_RX_LOG, SOCNIC_XSTAT_NONE)
		socnic_rxq_lib_xstats_log(&rxq->lib, mvneta_logtype_driver,
					  dev->data->name, 0);
	}
	if (txq != NULL) {
		MVNETA_QUEUE_XSTATS(SOCNIC_XSTAT_NONE, MVNETA_TX_LOG)
	}
#undef MVNETA_RX_LOG
#undef MVNETA_TX_LOG
}

int
mvneta_stats_get(struct rte_eth_dev *dev, struct rte_eth_stats *stats)
{
	struct mvneta_rx_queue *rxq = mvneta_rxq0(dev);
	struct mvneta_tx_queue *txq = mvneta_txq0(dev);

	if (rxq != NULL) {
		if (mvneta_adapter(dev)->hw_started)
			mvneta_rx_missed_update(rxq);
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
		stats->oerrors = txq->stats.tx_dropped;
		stats->q_opackets[0] = txq->stats.tx_packets;
		stats->q_obytes[0] = txq->stats.tx_bytes;
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
		memset(&rxq->stats, 0, sizeof(rxq->stats));
		socnic_rxq_lib_xstats_reset(&rxq->lib);
	}
	if (txq != NULL)
		memset(&txq->stats, 0, sizeof(txq->stats));
	/* The device's counters run on: remember where they stood. */
	socnic_backend_xstats_reset(be, mvneta_adapter(dev)->be_xstats_base);
	return 0;
}

#define MVNETA_NB_XSTATS (MVNETA_RXQ_NB_XSTATS + SOCNIC_RXQ_NB_LIB_XSTATS + \
			  MVNETA_TXQ_NB_XSTATS)

/* The queue counters, then the backend's (the model's, docs/model.md). */
static unsigned int
mvneta_nb_xstats(const struct rte_eth_dev *dev)
{
	return MVNETA_NB_XSTATS + mvneta_adapter(dev)->be.ops->nb_xstats;
}

int
mvneta_xstats_get(struct rte_eth_dev *dev, struct rte_eth_xstat *xstats,
		  unsigned int n)
{
	const struct socnic_backend *be = &mvneta_adapter(dev)->be;
	struct mvneta_rx_queue *rxq = mvneta_rxq0(dev);
	struct mvneta_tx_queue *txq = mvneta_txq0(dev);
	uint64_t lib[SOCNIC_RXQ_NB_LIB_XSTATS];
	unsigned int i = 0, j;

	if (xstats == NULL || n < mvneta_nb_xstats(dev))
		return (int)mvneta_nb_xstats(dev);
	if (rxq != NULL && mvneta_adapter(dev)->hw_started)
		mvneta_rx_missed_update(rxq);
#define MVNETA_RX_VAL(nm, h)						\
	xstats[i].id = i;						\
	xstats[i].value = rxq != NULL ? rxq->stats.rx_ ## nm : 0;	\
	i++;
#define MVNETA_TX_VAL(nm, h)						\
	xstats[i].id = i;						\
	xstats[i].value = txq != NULL ? txq->stats.tx_ ## nm : 0;	\
	i++;
	MVNETA_QUEUE_XSTATS(MVNETA_RX_VAL, SOCNIC_XSTAT_NONE)
	memset(lib, 0, sizeof(lib));
	if (rxq != NULL)
		socnic_rxq_lib_xstats(&rxq->lib, lib);
	for (j = 0; j < SOCNIC_RXQ_NB_LIB_XSTATS; j++, i++) {
		xstats[i].id = i;
		xstats[i].value = lib[j];
	}
	MVNETA_QUEUE_XSTATS(SOCNIC_XSTAT_NONE, MVNETA_TX_VAL)
#undef MVNETA_RX_VAL
#undef MVNETA_TX_VAL
	return (int)socnic_backend_xstats_get(be,
			mvneta_adapter(dev)->be_xstats_base, xstats, i);
}

int
mvneta_xstats_get_names(struct rte_eth_dev *dev,
			struct rte_eth_xstat_name *names, unsigned int size)
{
	const struct socnic_backend *be = &mvneta_adapter(dev)->be;
	unsigned int i = 0;

	if (names == NULL || size < mvneta_nb_xstats(dev))
		return (int)mvneta_nb_xstats(dev);
#define MVNETA_RX_NAME(nm, h)						\
	snprintf(names[i++].name, RTE_ETH_XSTATS_NAME_SIZE, "rx_q0_" #nm);
#define MVNETA_TX_NAME(nm, h)						\
	snprintf(names[i++].name, RTE_ETH_XSTATS_NAME_SIZE, "tx_q0_" #nm);
	MVNETA_QUEUE_XSTATS(MVNETA_RX_NAME, SOCNIC_XSTAT_NONE)
	socnic_rxq_lib_xstats_names(names + i, 0);
	i += SOCNIC_RXQ_NB_LIB_XSTATS;
	MVNETA_QUEUE_XSTATS(SOCNIC_XSTAT_NONE, MVNETA_TX_NAME)
#undef MVNETA_RX_NAME
#undef MVNETA_TX_NAME
	return (int)socnic_backend_xstats_names(be, names, i);
}
