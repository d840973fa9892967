/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The queues of a port, every family's (socnic_ethdev.h "Queue start,
 * stop and information"): ethdev's per-queue start, stop, release and
 * info ops, and the port-wide walks over every RX and TX queue that
 * dev_start, dev_stop and mtu_set take, through the family's queue
 * control.
 */
#include <errno.h>

#include <ethdev_driver.h>

#include "socnic_ethdev.h"
#include "socnic_intr.h"
#include "socnic_log.h"
#include "socnic_port.h"
#include "socnic_queue.h"
#include "socnic_rx_queue.h"
#include "socnic_tx_queue.h"

static struct socnic_rx_queue *
socnic_dev_rxq(struct rte_eth_dev *dev, uint16_t queue_id)
{
	return queue_id < dev->data->nb_rx_queues ?
		dev->data->rx_queues[queue_id] : NULL;
}

static struct socnic_tx_queue *
socnic_dev_txq(struct rte_eth_dev *dev, uint16_t queue_id)
{
	return queue_id < dev->data->nb_tx_queues ?
		dev->data->tx_queues[queue_id] : NULL;
}

int
socnic_dev_rx_queue_intr_enable(struct rte_eth_dev *dev, uint16_t qid)
{
	struct socnic_port *port = socnic_port(dev);

	if (qid >= dev->data->nb_rx_queues || port->rx_intr == NULL)
		return -EINVAL;
	port->qops->rx_intr_set(dev, qid, true);
	socnic_intr_rearm(&port->be);
	return 0;
}

int
socnic_dev_rx_queue_intr_disable(struct rte_eth_dev *dev, uint16_t qid)
{
	struct socnic_port *port = socnic_port(dev);

	if (qid >= dev->data->nb_rx_queues || port->rx_intr == NULL)
		return -EINVAL;
	port->qops->rx_intr_set(dev, qid, false);
	return 0;
}

int
socnic_dev_rx_queue_start(struct rte_eth_dev *dev, uint16_t queue_id)
{
	const struct socnic_queue_ops *ops = socnic_port(dev)->qops;
	struct socnic_rx_queue *q = socnic_dev_rxq(dev, queue_id);
	int ret;

	if (q == NULL || !socnic_port(dev)->hw_started)
		return -EINVAL;
	if (!q->started) {
		ret = ops->rx_start(dev, q);
		if (ret < 0)
			return ret;
		ops->rx_enable(q);
	}
	dev->data->rx_queue_state[queue_id] = RTE_ETH_QUEUE_STATE_STARTED;
	return 0;
}

int
socnic_dev_rx_queue_stop(struct rte_eth_dev *dev, uint16_t queue_id)
{
	const struct socnic_queue_ops *ops = socnic_port(dev)->qops;
	struct socnic_rx_queue *q = socnic_dev_rxq(dev, queue_id);

	if (q == NULL)
		return -EINVAL;
	if (q->started)
		ops->rx_stop(q);
	dev->data->rx_queue_state[queue_id] = RTE_ETH_QUEUE_STATE_STOPPED;
	return 0;
}

int
socnic_dev_tx_queue_start(struct rte_eth_dev *dev, uint16_t queue_id)
{
	const struct socnic_queue_ops *ops = socnic_port(dev)->qops;
	struct socnic_tx_queue *q = socnic_dev_txq(dev, queue_id);
	int ret;

	if (q == NULL || !socnic_port(dev)->hw_started)
		return -EINVAL;
	if (!q->started) {
		ret = ops->tx_start(dev, q);
		if (ret < 0)
			return ret;
		ops->tx_enable(q);
	}
	dev->data->tx_queue_state[queue_id] = RTE_ETH_QUEUE_STATE_STARTED;
	return 0;
}

int
socnic_dev_tx_queue_stop(struct rte_eth_dev *dev, uint16_t queue_id)
{
	const struct socnic_queue_ops *ops = socnic_port(dev)->qops;
	struct socnic_tx_queue *q = socnic_dev_txq(dev, queue_id);

	if (q == NULL)
		return -EINVAL;
	if (q->started) {
		ops->tx_drain(q);
		ops->tx_stop(q);
	}
	dev->data->tx_queue_state[queue_id] = RTE_ETH_QUEUE_STATE_STOPPED;
	return 0;
}

void
socnic_dev_rx_queue_release(struct rte_eth_dev *dev, uint16_t queue_id)
{
	const struct socnic_port *port = socnic_port(dev);

	socnic_rx_queue_release(dev, queue_id, port->qops->rx_stop,
				*port->pmd->rx_logtype);
}

void
socnic_dev_tx_queue_release(struct rte_eth_dev *dev, uint16_t queue_id)
{
	socnic_tx_queue_release(dev, queue_id, socnic_port(dev)->qops->tx_stop);
}

void
socnic_dev_rxq_info_get(struct rte_eth_dev *dev, uint16_t queue_id,
			struct rte_eth_rxq_info *qinfo)
{
	const struct socnic_rx_queue *q = dev->data->rx_queues[queue_id];

	qinfo->mp = q->mp;
	qinfo->nb_desc = q->nb_desc;
	qinfo->scattered_rx = q->scatter;
	/* What the device fills: the room rounded to what it takes. */
	qinfo->rx_buf_size = (uint16_t)q->buf_size;
	qinfo->conf.rx_free_thresh = q->free_thresh;
	qinfo->conf.offloads = q->offloads;
}

void
socnic_dev_txq_info_get(struct rte_eth_dev *dev, uint16_t queue_id,
			struct rte_eth_txq_info *qinfo)
{
	const struct socnic_tx_queue *q = dev->data->tx_queues[queue_id];

	qinfo->nb_desc = q->nb_desc;
	qinfo->conf.offloads = q->offloads;
}

/* ---- Every queue of the port ---- */

int
socnic_dev_queues_check(const struct rte_eth_dev *dev, int logtype)
{
	uint16_t i;

	for (i = 0; i < dev->data->nb_rx_queues; i++)
		if (dev->data->rx_queues[i] == NULL) {
			SOCNIC_LOG(logtype, ERR, "port %u: set up RX queue %u before start",
				   dev->data->port_id, i);
			return -EINVAL;
		}
	for (i = 0; i < dev->data->nb_tx_queues; i++)
		if (dev->data->tx_queues[i] == NULL) {
			SOCNIC_LOG(logtype, ERR, "port %u: set up TX queue %u before start",
				   dev->data->port_id, i);
			return -EINVAL;
		}
	if (dev->data->nb_rx_queues == 0 || dev->data->nb_tx_queues == 0) {
		SOCNIC_LOG(logtype, ERR, "port %u: set up RX and TX queue 0 before start",
			   dev->data->port_id);
		return -EINVAL;
	}
	return 0;
}

int
socnic_dev_queues_start(struct rte_eth_dev *dev)
{
	const struct socnic_queue_ops *ops = socnic_port(dev)->qops;
	uint16_t i, nrx = dev->data->nb_rx_queues;
	uint16_t ntx = dev->data->nb_tx_queues;
	int ret = 0;

	for (i = 0; i < nrx && ret == 0; i++)
		ret = ops->rx_start(dev, dev->data->rx_queues[i]);
	if (ret < 0) {
		socnic_dev_rx_queues_stop(dev);
		return ret;
	}
	for (i = 0; i < ntx && ret == 0; i++)
		ret = ops->tx_start(dev, dev->data->tx_queues[i]);
	if (ret < 0) {
		socnic_dev_tx_queues_stop(dev);
		socnic_dev_rx_queues_stop(dev);
	}
	return ret;
}

void
socnic_dev_queues_enable(struct rte_eth_dev *dev)
{
	const struct socnic_queue_ops *ops = socnic_port(dev)->qops;
	uint16_t i;

	for (i = 0; i < dev->data->nb_rx_queues; i++)
		ops->rx_enable(dev->data->rx_queues[i]);
	for (i = 0; i < dev->data->nb_tx_queues; i++)
		ops->tx_enable(dev->data->tx_queues[i]);
}

void
socnic_dev_rx_queues_stop(struct rte_eth_dev *dev)
{
	const struct socnic_queue_ops *ops = socnic_port(dev)->qops;
	struct socnic_rx_queue *q;
	uint16_t i;

	for (i = 0; i < dev->data->nb_rx_queues; i++) {
		q = dev->data->rx_queues[i];
		if (q != NULL && q->started)
			ops->rx_stop(q);
	}
}

void
socnic_dev_tx_queues_drain(struct rte_eth_dev *dev)
{
	const struct socnic_queue_ops *ops = socnic_port(dev)->qops;
	struct socnic_tx_queue *q;
	uint16_t i;

	for (i = 0; i < dev->data->nb_tx_queues; i++) {
		q = dev->data->tx_queues[i];
		if (q != NULL && q->started)
			ops->tx_drain(q);
	}
}

void
socnic_dev_tx_queues_stop(struct rte_eth_dev *dev)
{
	const struct socnic_queue_ops *ops = socnic_port(dev)->qops;
	struct socnic_tx_queue *q;
	uint16_t i;

	for (i = 0; i < dev->data->nb_tx_queues; i++) {
		q = dev->data->tx_queues[i];
		if (q != NULL && q->started)
			ops->tx_stop(q);
	}
}

int
socnic_dev_rx_mtu_set(struct rte_eth_dev *dev, int logtype, uint16_t mtu,
		      uint32_t extra)
{
	uint32_t len = socnic_rx_max_len(dev, mtu);
	struct socnic_rx_queue *q;
	uint16_t i;
	int ret;

	/* Every queue takes it, or none changes. */
	for (i = 0; i < dev->data->nb_rx_queues; i++) {
		q = dev->data->rx_queues[i];
		if (q == NULL)
			continue;
		ret = socnic_rx_mtu_check(logtype, dev, mtu, len + extra,
					  q->room, q->buf_size, q->started);
		if (ret < 0)
			return ret;
	}
	for (i = 0; i < dev->data->nb_rx_queues; i++) {
		q = dev->data->rx_queues[i];
		if (q != NULL)
			q->max_len = len;
	}
	return 0;
}
