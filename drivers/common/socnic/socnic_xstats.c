/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * A port's stats and xstats: the counters of every family's queues
 * (socnic_rx_queue.h), the family's own, lib/rxpath's, the backend's.
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include <ethdev_driver.h>

#include "socnic_log.h"
#include "socnic_port.h"
#include "socnic_rx_queue.h"
#include "socnic_rxq.h"
#include "socnic_secondary.h"
#include "socnic_xstats.h"

/* The counters every family's queues keep (socnic_rx_queue.h). */
static const struct socnic_xstat socnic_rxq_xstats[] = {
	SOCNIC_RXQ_XSTATS(SOCNIC_XSTAT_NAME)
};

static const struct socnic_xstat socnic_txq_xstats[] = {
	SOCNIC_TXQ_XSTATS(SOCNIC_XSTAT_NAME)
};

static const struct socnic_xstat_table socnic_rxq_table =
	SOCNIC_XSTAT_TABLE(socnic_rxq_xstats, struct socnic_rx_queue);
static const struct socnic_xstat_table socnic_txq_table =
	SOCNIC_XSTAT_TABLE(socnic_txq_xstats, struct socnic_tx_queue);

/* Counter @p j of table @p t in queue @p q. */
static uint64_t *
socnic_xstat_at(const void *q, const struct socnic_xstat_table *t,
		unsigned int j)
{
	return (uint64_t *)(uintptr_t)((const char *)q + t->stats) + j;
}

/* A counter since the last reset (socnic_counters_since()); 0 without a queue. */
static uint64_t
socnic_xstat_val(const void *q, const struct socnic_xstat_table *t,
		 unsigned int j)
{
	const uint64_t *p;

	if (q == NULL)
		return 0;
	p = socnic_xstat_at(q, t, j);
	return __atomic_load_n(p, __ATOMIC_RELAXED) -
	       *(const uint64_t *)(const void *)((const char *)p + t->mark);
}

static void
socnic_xstat_mark(void *q, const struct socnic_xstat_table *t, unsigned int j)
{
	const uint64_t *p = socnic_xstat_at(q, t, j);

	*(uint64_t *)(uintptr_t)((const char *)p + t->mark) =
		__atomic_load_n(p, __ATOMIC_RELAXED);
}

/* The RX tables ([0] shared, [1] the family's), then the TX ones. */
static void
socnic_xstat_tables(const struct socnic_stats_family *fam,
		    struct socnic_xstat_table rx[2],
		    struct socnic_xstat_table tx[2])
{
	rx[0] = socnic_rxq_table;
	rx[1] = fam->rx;
	tx[0] = socnic_txq_table;
	tx[1] = fam->tx;
}

/* Queues whose counters a port reports: queue 0 even before configure. */
static unsigned int
socnic_nb_rxq(const struct rte_eth_dev *dev)
{
	return RTE_MAX(dev->data->nb_rx_queues, (uint16_t)1);
}

static unsigned int
socnic_nb_txq(const struct rte_eth_dev *dev)
{
	return RTE_MAX(dev->data->nb_tx_queues, (uint16_t)1);
}

static struct socnic_rx_queue *
socnic_rxq_at(const struct rte_eth_dev *dev, unsigned int i)
{
	return dev->data->rx_queues != NULL && i < dev->data->nb_rx_queues ?
		dev->data->rx_queues[i] : NULL;
}

static struct socnic_tx_queue *
socnic_txq_at(const struct rte_eth_dev *dev, unsigned int i)
{
	return dev->data->tx_queues != NULL && i < dev->data->nb_tx_queues ?
		dev->data->tx_queues[i] : NULL;
}

/* The device's missed counters folded in, by the process driving it. */
static void
socnic_stats_fold_missed(struct rte_eth_dev *dev,
			 const struct socnic_stats_family *fam)
{
	unsigned int i;

	if (!socnic_port(dev)->hw_started || !socnic_drives_device() ||
	    fam->rx_missed_update == NULL)
		return;
	for (i = 0; i < dev->data->nb_rx_queues; i++)
		if (socnic_rxq_at(dev, i) != NULL)
			fam->rx_missed_update(socnic_rxq_at(dev, i));
}

static unsigned int
socnic_xstats_per_rxq(const struct socnic_stats_family *fam)
{
	return socnic_rxq_table.n + fam->rx.n +
	       SOCNIC_RXQ_NB_LIB_XSTATS;
}

static unsigned int
socnic_xstats_per_txq(const struct socnic_stats_family *fam)
{
	return socnic_txq_table.n + fam->tx.n;
}

static unsigned int
socnic_xstats_count(const struct rte_eth_dev *dev,
		    const struct socnic_stats_family *fam,
		    const struct socnic_backend *be)
{
	return socnic_nb_rxq(dev) * socnic_xstats_per_rxq(fam) +
	       socnic_nb_txq(dev) * socnic_xstats_per_txq(fam) +
	       socnic_backend_nb_xstats(be);
}

int
socnic_stats_get(struct rte_eth_dev *dev,
		 const struct socnic_stats_family *fam,
		 struct rte_eth_stats *stats, socnic_queue_stats *qstats)
{
	unsigned int i;

	socnic_stats_fold_missed(dev, fam);
	for (i = 0; i < dev->data->nb_rx_queues; i++) {
		const struct socnic_rx_queue *q = socnic_rxq_at(dev, i);
		struct socnic_rxq_stats rs;

		if (q == NULL)
			continue;
		SOCNIC_COUNTERS_SINCE(&rs, &q->stats, &q->stats_base);
		stats->ipackets += rs.rx_packets;
		stats->ibytes += rs.rx_bytes;
		stats->ierrors += rs.rx_errors;
		stats->imissed += rs.rx_missed;
		stats->rx_nombuf += rs.rx_nombuf;
		if (qstats != NULL && i < RTE_ETHDEV_QUEUE_STAT_CNTRS) {
			qstats->q_ipackets[i] = rs.rx_packets;
			qstats->q_ibytes[i] = rs.rx_bytes;
			qstats->q_errors[i] = rs.rx_errors;
		}
	}
	for (i = 0; i < dev->data->nb_tx_queues; i++) {
		const struct socnic_tx_queue *q = socnic_txq_at(dev, i);
		struct socnic_txq_stats ts;

		if (q == NULL)
			continue;
		SOCNIC_COUNTERS_SINCE(&ts, &q->stats, &q->stats_base);
		stats->opackets += ts.tx_packets;
		stats->obytes += ts.tx_bytes;
		stats->oerrors += ts.tx_dropped;
		if (fam->tx_oerrors >= 0)
			stats->oerrors += socnic_xstat_val(q, &fam->tx,
							   fam->tx_oerrors);
		if (qstats != NULL && i < RTE_ETHDEV_QUEUE_STAT_CNTRS) {
			qstats->q_opackets[i] = ts.tx_packets;
			qstats->q_obytes[i] = ts.tx_bytes;
		}
	}
	return 0;
}

int
socnic_stats_reset(struct rte_eth_dev *dev,
		   const struct socnic_stats_family *fam)
{
	struct socnic_port *port = socnic_port(dev);
	struct socnic_xstat_table rx[2], tx[2];
	unsigned int i, t, j;

	/* Drain the clear-on-read registers so old misses vanish too. */
	socnic_stats_fold_missed(dev, fam);
	socnic_xstat_tables(fam, rx, tx);
	for (i = 0; i < dev->data->nb_rx_queues; i++) {
		struct socnic_rx_queue *q = socnic_rxq_at(dev, i);

		if (q == NULL)
			continue;
		for (t = 0; t < 2; t++)
			for (j = 0; j < rx[t].n; j++)
				socnic_xstat_mark(q, &rx[t], j);
		socnic_rxq_lib_xstats_reset(&q->lib);
	}
	for (i = 0; i < dev->data->nb_tx_queues; i++) {
		struct socnic_tx_queue *q = socnic_txq_at(dev, i);

		for (t = 0; q != NULL && t < 2; t++)
			for (j = 0; j < tx[t].n; j++)
				socnic_xstat_mark(q, &tx[t], j);
	}
	/* The device's counters run on: remember where they stood. */
	socnic_backend_xstats_reset(&port->be, port->be_xstats_base);
	return 0;
}

int
socnic_xstats_get(struct rte_eth_dev *dev,
		  const struct socnic_stats_family *fam,
		  struct rte_eth_xstat *xstats, unsigned int n)
{
	const struct socnic_port *port = socnic_port(dev);
	unsigned int nb = socnic_xstats_count(dev, fam, &port->be);
	struct socnic_xstat_table rx[2], tx[2];
	unsigned int i, k = 0, t, j;

	if (xstats == NULL || n < nb)
		return (int)nb;
	socnic_stats_fold_missed(dev, fam);
	socnic_xstat_tables(fam, rx, tx);
	for (i = 0; i < socnic_nb_rxq(dev); i++) {
		const struct socnic_rx_queue *q = socnic_rxq_at(dev, i);
		uint64_t lib[SOCNIC_RXQ_NB_LIB_XSTATS] = { 0 };

		for (t = 0; t < 2; t++)
			for (j = 0; j < rx[t].n; j++, k++) {
				xstats[k].id = k;
				xstats[k].value = socnic_xstat_val(q, &rx[t], j);
			}
		if (q != NULL)
			socnic_rxq_lib_xstats(&q->lib, lib);
		for (j = 0; j < SOCNIC_RXQ_NB_LIB_XSTATS; j++, k++) {
			xstats[k].id = k;
			xstats[k].value = lib[j];
		}
	}
	for (i = 0; i < socnic_nb_txq(dev); i++) {
		const struct socnic_tx_queue *q = socnic_txq_at(dev, i);

		for (t = 0; t < 2; t++)
			for (j = 0; j < tx[t].n; j++, k++) {
				xstats[k].id = k;
				xstats[k].value = socnic_xstat_val(q, &tx[t], j);
			}
	}
	return socnic_backend_xstats_get(&port->be, port->be_xstats_base,
					 xstats, k);
}

int
socnic_xstats_get_names(struct rte_eth_dev *dev,
			const struct socnic_stats_family *fam,
			struct rte_eth_xstat_name *names, unsigned int size)
{
	const struct socnic_backend *be = &socnic_port(dev)->be;
	struct socnic_xstat_table rx[2], tx[2];
	unsigned int i, k = 0, t, j;

	if (names == NULL || size < socnic_xstats_count(dev, fam, be))
		return (int)socnic_xstats_count(dev, fam, be);
	socnic_xstat_tables(fam, rx, tx);
	for (i = 0; i < socnic_nb_rxq(dev); i++) {
		for (t = 0; t < 2; t++)
			for (j = 0; j < rx[t].n; j++)
				snprintf(names[k++].name, RTE_ETH_XSTATS_NAME_SIZE,
					 "rx_q%u_%s", i, rx[t].x[j].name);
		socnic_rxq_lib_xstats_names(names + k, (uint16_t)i);
		k += SOCNIC_RXQ_NB_LIB_XSTATS;
	}
	for (i = 0; i < socnic_nb_txq(dev); i++)
		for (t = 0; t < 2; t++)
			for (j = 0; j < tx[t].n; j++)
				snprintf(names[k++].name, RTE_ETH_XSTATS_NAME_SIZE,
					 "tx_q%u_%s", i, tx[t].x[j].name);
	return (int)socnic_backend_xstats_names(be, names, k);
}

void
socnic_xstats_log(const struct rte_eth_dev *dev,
		  const struct socnic_stats_family *fam, int logtype)
{
	const char *port_name = dev->data->name;
	struct socnic_xstat_table rx[2], tx[2];
	unsigned int i, t, j;

	socnic_xstat_tables(fam, rx, tx);
	for (i = 0; i < dev->data->nb_rx_queues; i++) {
		const struct socnic_rx_queue *q = socnic_rxq_at(dev, i);

		if (q == NULL)
			continue;
		for (t = 0; t < 2; t++)
			for (j = 0; j < rx[t].n; j++)
				SOCNIC_LOG(logtype, DEBUG,
					   "%s: rx_q%u_%-16s %20" PRIu64 "  %s",
					   port_name, i, rx[t].x[j].name,
					   socnic_xstat_val(q, &rx[t], j),
					   rx[t].x[j].help);
		socnic_rxq_lib_xstats_log(&q->lib, logtype, port_name,
					  (uint16_t)i);
	}
	for (i = 0; i < dev->data->nb_tx_queues; i++) {
		const struct socnic_tx_queue *q = socnic_txq_at(dev, i);

		for (t = 0; q != NULL && t < 2; t++)
			for (j = 0; j < tx[t].n; j++)
				SOCNIC_LOG(logtype, DEBUG,
					   "%s: tx_q%u_%-16s %20" PRIu64 "  %s",
					   port_name, i, tx[t].x[j].name,
					   socnic_xstat_val(q, &tx[t], j),
					   tx[t].x[j].help);
	}
}
