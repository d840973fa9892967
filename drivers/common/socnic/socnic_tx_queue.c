/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The control path of every family's TX queue (socnic_tx_queue.h).
 */
#include <errno.h>

#include <ethdev_driver.h>
#include <rte_malloc.h>

#include "socnic_ethdev.h"
#include "socnic_log.h"
#include "socnic_port.h"
#include "socnic_queue.h"
#include "socnic_tx_queue.h"

int
socnic_tx_queue_create(struct rte_eth_dev *dev, uint16_t queue_id,
		       uint16_t *nb_desc, unsigned int socket_id,
		       const struct rte_eth_txconf *conf,
		       const struct socnic_tx_queue_spec *spec, void **out)
{
	const struct socnic_port *sp = socnic_port(dev);
	const struct socnic_backend *be = &sp->be;
	uint16_t port = dev->data->port_id;
	struct socnic_tx_queue *q;
	void *slots;
	uint16_t n;
	int ret;

	ret = socnic_queue_setup_check(*spec->logtype, port, "TX", queue_id,
				       nb_desc, conf->tx_deferred_start,
				       spec->lim);
	if (ret < 0)
		return ret;
	dev->dev_ops->tx_queue_release(dev, queue_id);
	n = *nb_desc;
	q = socnic_queue_zalloc(spec->pmd, spec->size, sizeof(q->sw_ring[0]),
				n, socket_id, &slots);
	if (q == NULL)
		return -ENOMEM;
	q->sw_ring = slots;
	q->be = be;
	q->nb_desc = n;
	q->mask = n - 1;
	q->port_id = port;
	q->queue_id = queue_id;
	q->offloads = conf->offloads | dev->data->dev_conf.txmode.offloads;
	q->mz = sp->pmd->ring_alloc(dev, "tx", queue_id, n, socket_id);
	if (q->mz == NULL) {
		socnic_tx_queue_destroy(q);
		return -ENOMEM;
	}
	q->ring_iova = q->mz->iova;
	*out = q;
	return 0;
}

int
socnic_tx_queue_sync_init(struct socnic_tx_queue *q, bool noncoherent,
			  uint32_t max_len)
{
	int ret = rxp_sync_init(&q->sync, noncoherent ? RXP_SYNC_NONCOHERENT :
						       RXP_SYNC_COHERENT,
				max_len, 0);

	if (ret < 0)
		return ret;
	rxp_sync_set_hook(&q->sync, q->be->ops->cache_op, q->be->ctx);
	return 0;
}

void
socnic_tx_queue_install(struct rte_eth_dev *dev, struct socnic_tx_queue *q,
			eth_tx_burst_t burst, eth_tx_prep_t prepare, int logtype)
{
	dev->data->tx_queues[q->queue_id] = q;
	dev->tx_pkt_burst = burst;
	dev->tx_pkt_prepare = prepare;
	SOCNIC_LOG(logtype, INFO, "port %u: TX queue %u: %u descriptors",
		   q->port_id, q->queue_id, q->nb_desc);
}

void
socnic_tx_queue_free_mbufs(struct socnic_tx_queue *q)
{
	uint16_t i;

	for (i = 0; i < q->nb_desc; i++) {
		if (q->sw_ring[i] != NULL) {
			rte_pktmbuf_free(q->sw_ring[i]);
			q->sw_ring[i] = NULL;
		}
	}
}

void
socnic_tx_queue_stopped(struct socnic_tx_queue *q)
{
	socnic_tx_queue_free_mbufs(q);
	q->prod = 0;
	q->clean = 0;
	q->started = false;
}

void
socnic_tx_queue_destroy(struct socnic_tx_queue *q)
{
	rte_memzone_free(q->mz);
	rte_free(q->sw_ring);
	rte_free(q);
}

void
socnic_tx_queue_release(struct rte_eth_dev *dev, uint16_t queue_id,
			void (*stop)(struct socnic_tx_queue *q))
{
	struct socnic_tx_queue *q = dev->data->tx_queues[queue_id];

	if (q == NULL)
		return;
	if (stop != NULL && q->started)
		stop(q);
	socnic_tx_queue_free_mbufs(q);
	socnic_tx_queue_destroy(q);
	dev->data->tx_queues[queue_id] = NULL;
}
