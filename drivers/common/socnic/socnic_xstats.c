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

/*
 * A direction's queues and the tables of their counters: [0] the shared
 * ones, [1] the family's; an RX queue's lib/rxpath counters follow.
 */
struct socnic_xstat_dir {
	const char *name;		/* "rx" or "tx", the xstats' prefix */
	uint16_t nb;			/* queues configured */
	void **queues;
	struct socnic_xstat_table t[2];
	bool lib;
};

/* RX first, then TX: the order the xstats are numbered in. */
static void
socnic_xstat_dirs(const struct rte_eth_dev *dev,
		  const struct socnic_stats_family *fam,
		  struct socnic_xstat_dir d[2])
{
	d[0] = (struct socnic_xstat_dir){ "rx", dev->data->nb_rx_queues,
		dev->data->rx_queues, { socnic_rxq_table, fam->rx }, true };
	d[1] = (struct socnic_xstat_dir){ "tx", dev->data->nb_tx_queues,
		dev->data->tx_queues, { socnic_txq_table, fam->tx }, false };
}

/* Queue @p i of the direction, NULL when not set up. */
static void *
socnic_xstat_queue(const struct socnic_xstat_dir *d, unsigned int i)
{
	return d->queues != NULL && i < d->nb ? d->queues[i] : NULL;
}

/* Queues whose counters a port reports: queue 0 even before configure. */
static unsigned int
socnic_xstat_nb_queues(const struct socnic_xstat_dir *d)
{
	return RTE_MAX(d->nb, (uint16_t)1);
}

static unsigned int
socnic_xstat_per_queue(const struct socnic_xstat_dir *d)
{
	return d->t[0].n + d->t[1].n +
	       (d->lib ? SOCNIC_RXQ_NB_LIB_XSTATS : 0);
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
socnic_xstats_count(const struct socnic_xstat_dir d[2],
		    const struct socnic_backend *be)
{
	return socnic_xstat_nb_queues(&d[0]) * socnic_xstat_per_queue(&d[0]) +
	       socnic_xstat_nb_queues(&d[1]) * socnic_xstat_per_queue(&d[1]) +
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

/*
 * What socnic_xstat_walk() does with the counters of a queue set up:
 * @p counter with counter @p j of table @p t of queue @p i (@p q) of
 * direction @p d, then, for an RX queue, @p lib with its lib/rxpath ones.
 */
struct socnic_xstat_visit {
	void (*counter)(const struct socnic_xstat_dir *d, unsigned int i,
			void *q, const struct socnic_xstat_table *t,
			unsigned int j, void *arg);
	void (*lib)(struct socnic_rx_queue *q, unsigned int i, void *arg);
	void *arg;
};

/* Every counter of every queue set up, RX first (socnic_xstat_dirs()). */
static void
socnic_xstat_walk(const struct socnic_xstat_dir d[2],
		  const struct socnic_xstat_visit *v)
{
	unsigned int i, k, t, j;
	void *q;

	for (k = 0; k < 2; k++)
		for (i = 0; i < d[k].nb; i++) {
			q = socnic_xstat_queue(&d[k], i);
			if (q == NULL)
				continue;
			for (t = 0; t < 2; t++)
				for (j = 0; j < d[k].t[t].n; j++)
					v->counter(&d[k], i, q, &d[k].t[t], j,
						   v->arg);
			if (d[k].lib)
				v->lib(q, i, v->arg);
		}
}

static void
socnic_xstat_reset_counter(const struct socnic_xstat_dir *d, unsigned int i,
			   void *q, const struct socnic_xstat_table *t,
			   unsigned int j, void *arg)
{
	RTE_SET_USED(d);
	RTE_SET_USED(i);
	RTE_SET_USED(arg);
	socnic_xstat_mark(q, t, j);
}

static void
socnic_xstat_reset_lib(struct socnic_rx_queue *q, unsigned int i, void *arg)
{
	RTE_SET_USED(i);
	RTE_SET_USED(arg);
	socnic_rxq_lib_xstats_reset(&q->lib);
}

int
socnic_stats_reset(struct rte_eth_dev *dev,
		   const struct socnic_stats_family *fam)
{
	static const struct socnic_xstat_visit reset = {
		.counter = socnic_xstat_reset_counter,
		.lib = socnic_xstat_reset_lib,
	};
	struct socnic_port *port = socnic_port(dev);
	struct socnic_xstat_dir d[2];

	/* Drain the clear-on-read registers so old misses vanish too. */
	socnic_stats_fold_missed(dev, fam);
	socnic_xstat_dirs(dev, fam, d);
	socnic_xstat_walk(d, &reset);
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
	struct socnic_xstat_dir d[2];
	unsigned int nb, i, k = 0, dk, t, j;
	uint64_t lib[SOCNIC_RXQ_NB_LIB_XSTATS];
	const void *q;

	socnic_xstat_dirs(dev, fam, d);
	nb = socnic_xstats_count(d, &port->be);
	if (xstats == NULL || n < nb)
		return (int)nb;
	socnic_stats_fold_missed(dev, fam);
	for (dk = 0; dk < 2; dk++)
		for (i = 0; i < socnic_xstat_nb_queues(&d[dk]); i++) {
			q = socnic_xstat_queue(&d[dk], i);
			for (t = 0; t < 2; t++)
				for (j = 0; j < d[dk].t[t].n; j++, k++) {
					xstats[k].id = k;
					xstats[k].value =
						socnic_xstat_val(q, &d[dk].t[t], j);
				}
			if (!d[dk].lib)
				continue;
			memset(lib, 0, sizeof(lib));
			if (q != NULL)
				socnic_rxq_lib_xstats(
					&((const struct socnic_rx_queue *)q)->lib, lib);
			for (j = 0; j < SOCNIC_RXQ_NB_LIB_XSTATS; j++, k++) {
				xstats[k].id = k;
				xstats[k].value = lib[j];
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
	struct socnic_xstat_dir d[2];
	unsigned int i, k = 0, dk, t, j;

	socnic_xstat_dirs(dev, fam, d);
	if (names == NULL || size < socnic_xstats_count(d, be))
		return (int)socnic_xstats_count(d, be);
	for (dk = 0; dk < 2; dk++)
		for (i = 0; i < socnic_xstat_nb_queues(&d[dk]); i++) {
			for (t = 0; t < 2; t++)
				for (j = 0; j < d[dk].t[t].n; j++)
					snprintf(names[k++].name,
						 RTE_ETH_XSTATS_NAME_SIZE,
						 "%s_q%u_%s", d[dk].name, i,
						 d[dk].t[t].x[j].name);
			if (!d[dk].lib)
				continue;
			socnic_rxq_lib_xstats_names(names + k, (uint16_t)i);
			k += SOCNIC_RXQ_NB_LIB_XSTATS;
		}
	return (int)socnic_backend_xstats_names(be, names, k);
}

/* Where socnic_xstats_log() writes: the port's name, the logtype. */
struct socnic_xstat_log_to {
	const char *port_name;
	int logtype;
};

static void
socnic_xstat_log_counter(const struct socnic_xstat_dir *d, unsigned int i,
			 void *q, const struct socnic_xstat_table *t,
			 unsigned int j, void *arg)
{
	const struct socnic_xstat_log_to *to = arg;

	SOCNIC_LOG(to->logtype, DEBUG, "%s: %s_q%u_%-16s %20" PRIu64 "  %s",
		   to->port_name, d->name, i, t->x[j].name,
		   socnic_xstat_val(q, t, j), t->x[j].help);
}

static void
socnic_xstat_log_lib(struct socnic_rx_queue *q, unsigned int i, void *arg)
{
	const struct socnic_xstat_log_to *to = arg;

	socnic_rxq_lib_xstats_log(&q->lib, to->logtype, to->port_name,
				  (uint16_t)i);
}

void
socnic_xstats_log(const struct rte_eth_dev *dev,
		  const struct socnic_stats_family *fam, int logtype)
{
	struct socnic_xstat_log_to to = { dev->data->name, logtype };
	const struct socnic_xstat_visit log = {
		.counter = socnic_xstat_log_counter,
		.lib = socnic_xstat_log_lib,
		.arg = &to,
	};
	struct socnic_xstat_dir d[2];

	socnic_xstat_dirs(dev, fam, d);
	socnic_xstat_walk(d, &log);
}
