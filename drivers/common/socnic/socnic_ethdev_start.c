/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * dev_start, dev_stop and dev_close of every family (socnic_ethdev.h):
 * the order every port follows, the family's register steps called
 * through its struct socnic_pmd.
 */
#include <ethdev_driver.h>

#include "socnic_ethdev.h"
#include "socnic_flow.h"
#include "socnic_intr.h"
#include "socnic_lsc.h"
#include "socnic_port.h"
#include "socnic_tm.h"

int
socnic_dev_start(struct rte_eth_dev *dev)
{
	struct socnic_port *port = socnic_port(dev);
	const struct socnic_pmd *h = port->pmd;
	int ret;

	ret = socnic_dev_queues_check(dev, *h->logtype);
	if (ret < 0)
		return ret;
	ret = h->configure(dev);
	if (ret < 0)
		return ret;
	ret = socnic_flows_replay(dev, *h->logtype);
	if (ret < 0)
		return ret;
	ret = socnic_tm_replay(dev, *h->logtype);
	if (ret < 0)
		return ret;
	ret = h->link_start(dev);
	if (ret < 0)
		return ret;
	ret = socnic_dev_queues_start(dev);
	if (ret < 0)
		return ret;
	/* Queues first, then the MAC: no frame reaches a stopped queue. */
	socnic_dev_queues_enable(dev);
	h->mac_enable(dev);
	port->hw_started = true;
	h->running(dev);
	/*
	 * The backend runs last: the model's thread is the wire, and a frame
	 * it took while the MAC or the DMA was still off would be dropped
	 * (model.md "MAC"). It keeps running until close.
	 */
	ret = port->be.ops->start(port->be.ctx);
	if (ret < 0) {
		socnic_dev_stop(dev);
		return ret;
	}
	socnic_dev_started(dev, *h->logtype);
	/* Without the line, a family's watch alone reports link changes. */
	ret = port->lsc_irq ? socnic_lsc_start(&port->lsc, dev, &port->be,
					       h->lsc_ack, *h->logtype) : 0;
	if (ret < 0) {
		socnic_dev_stop(dev);
		return ret;
	}
	if (h->watch_start != NULL)
		h->watch_start(dev);
	return 0;
}

int
socnic_dev_stop(struct rte_eth_dev *dev)
{
	struct socnic_port *port = socnic_port(dev);

	/* Also reached from close on a port never configured (no queues). */
	if (!port->hw_started)
		return 0;
	port->pmd->stop(dev);
	port->hw_started = false;
	socnic_dev_stopped(dev, &port->be);
	return 0;
}

int
socnic_dev_close(struct rte_eth_dev *dev)
{
	struct socnic_port *port = socnic_port(dev);

	if (rte_eal_process_type() != RTE_PROC_PRIMARY)
		return 0;
	socnic_dev_stop(dev);
	socnic_intr_release(dev, &port->rx_intr);
	port->pmd->xstats_log(dev);
	socnic_flows_release(dev);
	socnic_dev_release(dev, &port->be);
	return 0;
}
