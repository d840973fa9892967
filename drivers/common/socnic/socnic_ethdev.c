/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Shared pieces of the ethdev ops (socnic_ethdev.h).
 */
#include <errno.h>
#include <string.h>

#include <ethdev_driver.h>
#include <ethdev_vdev.h>
#include <rte_ether.h>
#include <rte_malloc.h>

#include "rxp_parse.h"

#include "socnic_devargs.h"
#include "socnic_ethdev.h"
#include "socnic_log.h"
#include "socnic_port.h"
#include "socnic_rx_queue.h"
#include "socnic_secondary.h"
#include "socnic_uio.h"

int
socnic_dev_configure_check(const struct rte_eth_dev *dev, int logtype)
{
	const struct rte_eth_conf *conf = &dev->data->dev_conf;
	/*
	 * RSS with no hash function is no RSS (ixgbe and i40e read rss_hf 0
	 * so): DPDK's l3fwd asks for RSS on any port of several RX queues
	 * and masks rss_hf with flow_type_rss_offloads, which is 0 here.
	 * Frames then go where the rte_flow rules say, else to queue 0.
	 */
	bool no_hash = conf->rxmode.mq_mode == RTE_ETH_MQ_RX_RSS &&
		       conf->rx_adv_conf.rss_conf.rss_hf == 0;

	if (conf->rxmode.mq_mode != RTE_ETH_MQ_RX_NONE && !no_hash) {
		SOCNIC_LOG(logtype, ERR, "port %u: RX multi-queue mode %d not supported",
			   dev->data->port_id, conf->rxmode.mq_mode);
		return -EINVAL;
	}
	if (conf->txmode.mq_mode != RTE_ETH_MQ_TX_NONE) {
		SOCNIC_LOG(logtype, ERR, "port %u: TX multi-queue mode %d not supported",
			   dev->data->port_id, conf->txmode.mq_mode);
		return -EINVAL;
	}
	return 0;
}

void
socnic_dev_infos_fill(const struct rte_eth_dev *dev,
		      struct rte_eth_dev_info *info,
		      const struct socnic_dev_limits *lim, bool rx_csum)
{
	const struct socnic_ring_limits *ring = lim->ring;

	info->max_rx_queues = socnic_port(dev)->nb_rxq_max;
	info->max_tx_queues = socnic_port(dev)->nb_txq_max;
	info->min_rx_bufsize = lim->min_rx_bufsize;
	info->max_rx_pktlen = lim->max_rx_pktlen;
	info->min_mtu = RTE_ETHER_MIN_MTU;
	info->max_mtu = lim->max_mtu;
	info->rx_offload_capa = RTE_ETH_RX_OFFLOAD_SCATTER |
				RTE_ETH_RX_OFFLOAD_KEEP_CRC;
	/*
	 * Checksum flags are set on every packet unless csum=off, whether
	 * the application enabled the offload or not (ethdev allows a PMD
	 * to set RX flags it was not asked for); advertised only when real.
	 */
	if (rx_csum)
		info->rx_offload_capa |= RTE_ETH_RX_OFFLOAD_IPV4_CKSUM |
					 RTE_ETH_RX_OFFLOAD_UDP_CKSUM |
					 RTE_ETH_RX_OFFLOAD_TCP_CKSUM;
	info->rx_queue_offload_capa = 0;
	info->tx_offload_capa = RTE_ETH_TX_OFFLOAD_MULTI_SEGS;
	info->tx_queue_offload_capa = 0;
	info->rx_desc_lim.nb_max = ring->max_desc;
	info->rx_desc_lim.nb_min = ring->min_desc;
	info->rx_desc_lim.nb_align = ring->min_desc;
	info->tx_desc_lim.nb_max = ring->max_desc;
	info->tx_desc_lim.nb_min = ring->min_desc;
	info->tx_desc_lim.nb_align = ring->min_desc;
	info->tx_desc_lim.nb_seg_max = lim->tx_seg_max;
	info->tx_desc_lim.nb_mtu_seg_max = lim->tx_seg_max;
	info->default_rxconf.rx_free_thresh = lim->rx_free_thresh;
	info->default_rxportconf.burst_size = 32;
	info->default_rxportconf.ring_size = 512;
	info->default_rxportconf.nb_queues = 1;
	info->default_txportconf.burst_size = 32;
	info->default_txportconf.ring_size = 512;
	info->default_txportconf.nb_queues = 1;
	info->speed_capa = lim->speed_capa;
}

const uint32_t *
socnic_dev_supported_ptypes_get(struct rte_eth_dev *dev, size_t *no_of_elements)
{
	const uint32_t *ptypes = rxp_supported_ptypes();
	size_t n = 0;

	RTE_SET_USED(dev);
	while (ptypes[n] != RTE_PTYPE_UNKNOWN)
		n++;
	*no_of_elements = n;
	return ptypes;
}

void *
socnic_dev_private_from_port(uint16_t port_id, const struct eth_dev_ops *ops)
{
	struct rte_eth_dev *dev;

	if (!rte_eth_dev_is_valid_port(port_id))
		return NULL;
	dev = &rte_eth_devices[port_id];
	if (dev->dev_ops != ops)
		return NULL;
	return dev->data->dev_private;
}

void
socnic_dev_started(struct rte_eth_dev *dev, int logtype)
{
	uint16_t i;

	for (i = 0; i < dev->data->nb_rx_queues; i++)
		dev->data->rx_queue_state[i] = RTE_ETH_QUEUE_STATE_STARTED;
	for (i = 0; i < dev->data->nb_tx_queues; i++)
		dev->data->tx_queue_state[i] = RTE_ETH_QUEUE_STATE_STARTED;
	dev->dev_ops->link_update(dev, 0);
	SOCNIC_LOG(logtype, INFO, "port %u started", dev->data->port_id);
}

void
socnic_dev_stopped(struct rte_eth_dev *dev, const struct socnic_backend *be)
{
	struct rte_eth_link link;
	uint16_t i;

	if (be->ops->port_stopped != NULL)
		be->ops->port_stopped(be->ctx);
	for (i = 0; i < dev->data->nb_rx_queues; i++)
		dev->data->rx_queue_state[i] = RTE_ETH_QUEUE_STATE_STOPPED;
	for (i = 0; i < dev->data->nb_tx_queues; i++)
		dev->data->tx_queue_state[i] = RTE_ETH_QUEUE_STATE_STOPPED;
	memset(&link, 0, sizeof(link));
	rte_eth_linkstatus_set(dev, &link);
}

void
socnic_dev_release(struct rte_eth_dev *dev, struct socnic_backend *be)
{
	uint16_t i;

	for (i = 0; i < dev->data->nb_rx_queues; i++)
		dev->dev_ops->rx_queue_release(dev, i);
	for (i = 0; i < dev->data->nb_tx_queues; i++)
		dev->dev_ops->tx_queue_release(dev, i);
	socnic_backend_destroy(be);
}

int
socnic_probe_alloc(struct rte_vdev_device *vdev, const struct socnic_pmd *pmd,
		   const struct socnic_port_args *pa, size_t priv_size,
		   uint8_t mac[6], struct rte_eth_dev **eth_dev)
{
	const char *name = rte_vdev_device_name(vdev);
	struct socnic_port *port;

	if (pa->has_mac)
		memcpy(mac, pa->mac, RTE_ETHER_ADDR_LEN);
	else
		socnic_default_mac(name, pmd->mac_family, mac, *pmd->logtype);
	*eth_dev = rte_eth_vdev_allocate(vdev, priv_size);
	if (*eth_dev == NULL)
		return -ENOMEM;
	port = (*eth_dev)->data->dev_private;
	port->qops = pmd->qops;
	port->pmd = pmd;
	socnic_flows_init(&port->flows, pmd->flow);
	socnic_tm_init(&port->tm, pmd->tm);
	return 0;
}

/* The end of probe, the port's MAC address set (socnic_probe_port()). */
static void
socnic_probe_finish(struct rte_eth_dev *eth_dev, const struct socnic_pmd *pmd)
{
	struct socnic_port *port = eth_dev->data->dev_private;
	const struct rte_ether_addr *ea = &eth_dev->data->mac_addrs[0];

	eth_dev->dev_ops = pmd->ops;
	eth_dev->rx_queue_count = pmd->rx_queue_count;
	eth_dev->rx_descriptor_status = pmd->rx_descriptor_status;
	eth_dev->tx_descriptor_status = pmd->tx_descriptor_status;
	socnic_secondary_serve(eth_dev, &port->be, pmd->drv, *pmd->logtype);
	if (port->be.promiscuous)
		eth_dev->data->promiscuous = 1;
	rte_eth_dev_probing_finish(eth_dev);
	SOCNIC_LOG(*pmd->logtype, INFO, "%s: port %u, " RTE_ETHER_ADDR_PRT_FMT ", %s backend",
		   eth_dev->data->name, eth_dev->data->port_id,
		   RTE_ETHER_ADDR_BYTES(ea), port->be.ops->name);
}

int
socnic_probe_port(struct rte_eth_dev *eth_dev,
		  const struct socnic_port_args *pa, const char *args,
		  const uint8_t mac[6])
{
	struct socnic_port *port = eth_dev->data->dev_private;
	const struct socnic_pmd *pmd = port->pmd;
	struct rte_ether_addr ea;
	uint32_t nb_addrs;
	int ret;

	if (pa->use_uio)
		ret = socnic_uio_create(&port->be, eth_dev->data->name, pa,
					pmd->uio);
	else
		ret = pmd->model_create(eth_dev, args, mac);
	if (ret == 0)
		ret = pmd->probe(eth_dev, mac, &ea, &nb_addrs);
	if (ret < 0)
		goto err;
	/* One slot per address the device filters on: ethdev indexes them. */
	eth_dev->data->mac_addrs = rte_zmalloc("socnic_mac",
		(size_t)RTE_ETHER_ADDR_LEN * nb_addrs, 0);
	if (eth_dev->data->mac_addrs == NULL) {
		ret = -ENOMEM;
		goto err;
	}
	rte_ether_addr_copy(&ea, &eth_dev->data->mac_addrs[0]);
	ret = pmd->ops->mac_addr_set(eth_dev, &ea);
	if (ret < 0)
		goto err;
	socnic_probe_finish(eth_dev, pmd);
	return 0;

err:
	/* No backend yet: nothing to destroy (its ops still NULL). */
	socnic_backend_destroy(&port->be);
	/* Frees dev_private and mac_addrs too. */
	rte_eth_dev_release_port(eth_dev);
	return ret;
}

int
socnic_vdev_remove(struct rte_vdev_device *vdev)
{
	struct rte_eth_dev *eth_dev;

	eth_dev = rte_eth_dev_allocated(rte_vdev_device_name(vdev));
	if (eth_dev == NULL)
		return 0;	/* already closed */
	/* A secondary process lets go of its view; the primary's port runs on. */
	if (rte_eal_process_type() != RTE_PROC_PRIMARY)
		return rte_eth_dev_release_port(eth_dev);
	if (eth_dev->data->dev_started)
		rte_eth_dev_stop(eth_dev->data->port_id);
	return rte_eth_dev_close(eth_dev->data->port_id);
}

/*
 * ethdev's four receive-mode ops, one row each: socnic_dev_<op>() sets
 * the row's mode on or off in the family's filter (its rx_mode_set).
 */
#define SOCNIC_RX_MODE_OPS(X)						\
	X(promiscuous_enable, SOCNIC_RX_PROMISC, true)			\
	X(promiscuous_disable, SOCNIC_RX_PROMISC, false)		\
	X(allmulticast_enable, SOCNIC_RX_ALLMULTI, true)		\
	X(allmulticast_disable, SOCNIC_RX_ALLMULTI, false)

#define SOCNIC_RX_MODE_OP(op, mode, on)					\
int									\
socnic_dev_##op(struct rte_eth_dev *dev)				\
{									\
	return socnic_port(dev)->pmd->rx_mode_set(dev, mode, on);	\
}
SOCNIC_RX_MODE_OPS(SOCNIC_RX_MODE_OP)
#undef SOCNIC_RX_MODE_OP
