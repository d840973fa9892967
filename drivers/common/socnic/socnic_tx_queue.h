/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The control path of every family's TX queue (struct socnic_tx_queue,
 * socnic_rx_queue.h, first in the family's queue): setup's checks and
 * allocation (the ring through the family's pmd->ring_alloc: its size
 * and address limits are its own), the cache maintenance of its bytes,
 * release. The family programs its ring and picks its burst.
 */
#ifndef SOCNIC_TX_QUEUE_H
#define SOCNIC_TX_QUEUE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <rte_ethdev.h>

#include "socnic_rx_queue.h"

struct rte_eth_dev;
struct rte_eth_txconf;
struct socnic_ring_limits;

/* What a family's TX queue is, for the shared control path. */
struct socnic_tx_queue_spec {
	const char *pmd;		/* short name: allocation names */
	const int *logtype;		/* its TX logtype (registered at load) */
	const struct socnic_ring_limits *lim;
	size_t size;			/* of the family's queue (q first) */
};

/*
 * Queue setup's checks (@p nb_desc may be rounded up), then the old queue
 * @p queue_id released (the port's tx_queue_release), and a zeroed queue
 * of spec->size bytes made with its sw_ring and its descriptor ring (the
 * port's pmd->ring_alloc: q->mz, ring_iova), its shared fields set from
 * the arguments, with the port's backend. 0 and *@p out, or a negative
 * errno (logged).
 */
int socnic_tx_queue_create(struct rte_eth_dev *dev, uint16_t queue_id,
			   uint16_t *nb_desc, unsigned int socket_id,
			   const struct rte_eth_txconf *conf,
			   const struct socnic_tx_queue_spec *spec, void **out);

/*
 * The queue's cache maintenance (@p noncoherent, frames of up to
 * @p max_len bytes), told to the backend's hook as the RX queue's is.
 * 0 or a negative errno.
 */
int socnic_tx_queue_sync_init(struct socnic_tx_queue *q, bool noncoherent,
			      uint32_t max_len);

/*
 * The end of setup, the queue ready: it goes in the port's tx_queues[],
 * the family's @p burst and @p prepare (chosen once, for every queue of
 * the port) are installed and the queue logged.
 */
void socnic_tx_queue_install(struct rte_eth_dev *dev, struct socnic_tx_queue *q,
			     eth_tx_burst_t burst, eth_tx_prep_t prepare,
			     int logtype);

/* Frees the mbufs the queue's slots still hold (a stop, a release). */
void socnic_tx_queue_free_mbufs(struct socnic_tx_queue *q);

/*
 * The end of a stop, the device's DMA off: the mbufs the slots still hold
 * freed, the indices back at 0 (where the device starts again at the
 * next start), the queue not started.
 */
void socnic_tx_queue_stopped(struct socnic_tx_queue *q);

/* Frees the queue made by socnic_tx_queue_create(), its ring (q->mz) too. */
void socnic_tx_queue_destroy(struct socnic_tx_queue *q);

/*
 * ethdev's tx_queue_release: the queue stopped when it runs (@p stop, NULL:
 * nothing to stop), the mbufs its slots still hold freed, the queue destroyed.
 */
void socnic_tx_queue_release(struct rte_eth_dev *dev, uint16_t queue_id,
			     void (*stop)(struct socnic_tx_queue *q));

#endif /* SOCNIC_TX_QUEUE_H */
