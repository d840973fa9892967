/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * net_mvneta_uio: ethdev glue for a Marvell NETA controller (driven on the
 * Armada 3700; docs/nics/mvneta_uio.rst). Probe/remove, the port bring-up sequence and the dev ops. The
 * register sequences follow Linux mvneta.c (mvneta_defaults_set(),
 * mvneta_port_up()/down(), mvneta_rxq_hw_init()/mvneta_txq_hw_init(),
 * mvneta_set_rx_mode()); the structure follows net_stmmac_uio and DPDK's
 * enetfec, on the shared layer of drivers/common/socnic.
 */
#include <errno.h>
#include <string.h>

#include <bus_vdev_driver.h>
#include <ethdev_driver.h>
#include <ethdev_vdev.h>
#include <rte_cycles.h>
#include <rte_ether.h>
#include <rte_memory.h>

#include "socnic_ethdev.h"
#include "socnic_intr.h"
#include "socnic_io.h"
#include "socnic_port.h"
#include "socnic_secondary.h"
#include "socnic_uio.h"

#include "mvneta_dma_cfg.h"
#include "mvneta_ethdev.h"
#include "mvneta_intr.h"
#include "mvneta_logs.h"
#include "mvneta_tx_csum.h"

RTE_LOG_REGISTER_DEFAULT(mvneta_logtype_driver, NOTICE);
RTE_LOG_REGISTER_SUFFIX(mvneta_logtype_rx, rx, NOTICE);
RTE_LOG_REGISTER_SUFFIX(mvneta_logtype_tx, tx, NOTICE);
RTE_LOG_REGISTER_SUFFIX(mvneta_logtype_backend, backend, NOTICE);

/* The family byte of default MAC addresses (socnic_default_mac()). */
#define MVNETA_MAC_FAMILY	0x02
/* Polls of 10 us for the queues to stop at a port stop: 100 ms. */
#define MVNETA_STOP_POLLS	10000

static const struct eth_dev_ops mvneta_eth_dev_ops;

int
mvneta_dma_check(struct mvneta_adapter *ad, rte_iova_t iova, size_t len,
		 const char *what)
{
	uint32_t hi = (uint32_t)(iova >> 32);

	if (len != 0 && (uint32_t)((iova + len - 1) >> 32) != hi) {
		PMD_DRV_LOG(ERR, "%s: %s memory at IOVA %#" PRIx64 " (%zu bytes) crosses a 4 GiB line: NETA's bus addresses are 32 bits",
			    ad->eth_dev->data->name, what, iova, len);
		return -EINVAL;
	}
	if (!ad->dma_hi_set) {
		ad->dma_hi = hi;
		ad->dma_hi_set = true;
	} else if (hi != ad->dma_hi) {
		PMD_DRV_LOG(ERR, "%s: %s memory at IOVA %#" PRIx64 " is outside the 4 GiB the port's DMA reaches (%#x00000000): NETA's bus addresses are 32 bits",
			    ad->eth_dev->data->name, what, iova, ad->dma_hi);
		return -EINVAL;
	}
	return 0;
}

/* ---- The port's registers ---- */

static void
mvneta_read_mac(const struct socnic_backend *be, struct rte_ether_addr *a)
{
	uint32_t hi = socnic_read32(be, MVNETA_MAC_ADDR_HIGH);
	uint32_t lo = socnic_read32(be, MVNETA_MAC_ADDR_LOW);

	a->addr_bytes[0] = (uint8_t)(hi >> 24);
	a->addr_bytes[1] = (uint8_t)(hi >> 16);
	a->addr_bytes[2] = (uint8_t)(hi >> 8);
	a->addr_bytes[3] = (uint8_t)hi;
	a->addr_bytes[4] = (uint8_t)(lo >> 8);
	a->addr_bytes[5] = (uint8_t)lo;
}

/*
 * Every queue and the port off, both DMA engines reset: what a bootloader
 * or a previous owner may have left running stops before the driver's
 * rings are programmed (Linux mvneta_port_down(), mvneta_port_disable()).
 */
static void
mvneta_hw_quiesce(struct mvneta_adapter *ad)
{
	const struct socnic_backend *be = &ad->port.be;
	unsigned int i;

	socnic_write32(be, MVNETA_RXQ_CMD,
		       MVNETA_RXQ_ENABLE_MASK << MVNETA_RXQ_DISABLE_SHIFT);
	socnic_write32(be, MVNETA_TXQ_CMD,
		       MVNETA_TXQ_ENABLE_MASK << MVNETA_TXQ_DISABLE_SHIFT);
	for (i = 0; i < MVNETA_STOP_POLLS; i++) {
		if (!(socnic_read32(be, MVNETA_RXQ_CMD) & MVNETA_RXQ_ENABLE_MASK) &&
		    !(socnic_read32(be, MVNETA_TXQ_CMD) & MVNETA_TXQ_ENABLE_MASK))
			break;
		rte_delay_us(10);
	}
	mvneta_mac_tx_fifo_wait(ad);
	mvneta_mac_port_enable(ad, false);
	socnic_write32(be, MVNETA_PORT_RX_RESET, MVNETA_PORT_RX_DMA_RESET);
	socnic_write32(be, MVNETA_PORT_TX_RESET, MVNETA_PORT_TX_DMA_RESET);
	socnic_write32(be, MVNETA_PORT_RX_RESET, 0);
	socnic_write32(be, MVNETA_PORT_TX_RESET, 0);
}

/*
 * Linux mvneta_defaults_set(), for software buffers; every frame to the
 * default RX queue (PORT_CONFIG's default, ARP, TCP, UDP and BPDU queues,
 * as Linux's MVNETA_PORT_CONFIG_DEFL_VALUE(rxq_def), no class capture
 * enabled, and every VLAN priority, whose map applies to any tagged frame
 * and may hold a previous owner's), until rte_flow steers some elsewhere.
 * The address filter's entries name a queue too (mvneta_filter.c).
 */
static void
mvneta_hw_configure(struct rte_eth_dev *dev)
{
	struct mvneta_adapter *ad = mvneta_adapter(dev);
	const struct socnic_backend *be = &ad->port.be;

	socnic_write32(be, MVNETA_INTR_NEW_MASK, 0);
	socnic_write32(be, MVNETA_INTR_OLD_MASK, 0);
	socnic_write32(be, MVNETA_INTR_MISC_MASK, 0);
	socnic_write32(be, MVNETA_INTR_ENABLE, 0);
	mvneta_hw_dma_defaults(be);

	socnic_write32(be, MVNETA_ACC_MODE, MVNETA_ACC_MODE_EXT1);
	socnic_write32(be, MVNETA_SDMA_CONFIG,
		       MVNETA_RX_BRST_SZ_MASK(MVNETA_SDMA_BRST_SIZE_16) |
		       MVNETA_TX_BRST_SZ_MASK(MVNETA_SDMA_BRST_SIZE_16) |
		       MVNETA_RX_NO_DATA_SWAP | MVNETA_TX_NO_DATA_SWAP);
	socnic_write32(be, MVNETA_PORT_CONFIG,
		       MVNETA_PORT_CONFIG_DEFL_VALUE(MVNETA_RXQ_DEF));
	socnic_write32(be, MVNETA_PORT_CONFIG_EXTEND, 0);
	socnic_write32(be, MVNETA_VLAN_PRIO_TO_RXQ, 0);
	socnic_write32(be, MVNETA_RX_MIN_FRAME_SIZE, 64);
	mvneta_mac_configure(ad);
	mvneta_set_rx_mode(dev);
}

/* ---- Dev ops ---- */

static int
mvneta_dev_configure(struct rte_eth_dev *dev)
{
	int ret = socnic_dev_configure_check(dev, mvneta_logtype_driver);

	return ret < 0 ? ret :
	       socnic_lsc_configure_check(dev, &mvneta_adapter(dev)->port.be,
					  mvneta_logtype_driver);
}

static const struct socnic_dev_limits mvneta_dev_limits = {
	.ring = &mvneta_ring_limits,
	.min_rx_bufsize = MVNETA_RX_BUF_MIN,
	.max_rx_pktlen = MVNETA_MAX_FRAME_LEN,
	.max_mtu = MVNETA_MAX_MTU,
	.tx_seg_max = MVNETA_MIN_RING_DESC,
	.rx_free_thresh = MVNETA_RX_FREE_THRESH,
	.speed_capa = RTE_ETH_LINK_SPEED_10M | RTE_ETH_LINK_SPEED_100M |
		      RTE_ETH_LINK_SPEED_1G,
};

static int
mvneta_dev_infos_get(struct rte_eth_dev *dev, struct rte_eth_dev_info *info)
{
	const struct mvneta_adapter *ad = mvneta_adapter(dev);

	socnic_dev_infos_fill(dev, info, &mvneta_dev_limits,
			      ad->da.rx.csum != RXP_CSUM_OFF);
	if (ad->phy_speed_capa != 0)
		info->speed_capa &= ad->phy_speed_capa;
	info->max_mac_addrs = MVNETA_MAX_MAC_ADDRS;
	/* The TX descriptor's checksum command (mvneta_tx_csum.h). */
	info->tx_offload_capa |= MVNETA_TX_OFFLOAD_CKSUM;
	return 0;
}

/*
 * The link as the PHY reports it, the GMAC following (mvneta_phy.c), or
 * without a managed PHY as the GMAC reports it (Linux
 * mvneta_mac_pcs_get_state()).
 */
static int
mvneta_link_update(struct rte_eth_dev *dev, int wait_to_complete)
{
	struct mvneta_adapter *ad = mvneta_adapter(dev);
	struct rte_eth_link link;
	unsigned int tries = wait_to_complete ? 10 : 1;
	uint32_t st = 0;

	if (ad->phy_managed) {
		while (tries-- > 0) {
			mvneta_phy_link(ad, &link);
			if (link.link_status == RTE_ETH_LINK_UP || tries == 0)
				break;
			rte_delay_ms(10);
		}
		return rte_eth_linkstatus_set(dev, &link);
	}
	while (tries-- > 0) {
		st = socnic_read32(&ad->port.be, MVNETA_GMAC_STATUS);
		if ((st & MVNETA_GMAC_LINK_UP) || tries == 0)
			break;
		rte_delay_ms(10);
	}
	memset(&link, 0, sizeof(link));
	if (ad->port.hw_started && (st & MVNETA_GMAC_LINK_UP)) {
		link.link_status = RTE_ETH_LINK_UP;
		link.link_speed = st & MVNETA_GMAC_SPEED_1000 ? RTE_ETH_SPEED_NUM_1G :
				  st & MVNETA_GMAC_SPEED_100 ? RTE_ETH_SPEED_NUM_100M :
				  RTE_ETH_SPEED_NUM_10M;
		link.link_duplex = st & MVNETA_GMAC_FULL_DUPLEX ?
				   RTE_ETH_LINK_FULL_DUPLEX :
				   RTE_ETH_LINK_HALF_DUPLEX;
		link.link_autoneg = RTE_ETH_LINK_AUTONEG;
	}
	return rte_eth_linkstatus_set(dev, &link);
}

static int
mvneta_hw_start(struct rte_eth_dev *dev)
{
	struct mvneta_adapter *ad = mvneta_adapter(dev);

	mvneta_hw_quiesce(ad);
	/* Every queue is set up: the 4 GiB line of its memory is known. */
	mvneta_hw_window_high(&ad->port.be, ad->dma_hi);
	mvneta_hw_configure(dev);
	return 0;
}

static int
mvneta_link_start(struct rte_eth_dev *dev)
{
	mvneta_hw_tx_max_size(&mvneta_adapter(dev)->port.be);
	/* The PHY's link forced in before the link cause is enabled. */
	mvneta_phy_link_start(dev);
	return mvneta_intr_start(dev);
}

static void
mvneta_port_on(struct rte_eth_dev *dev)
{
	mvneta_mac_port_enable(mvneta_adapter(dev), true);
}

static void
mvneta_port_stop(struct rte_eth_dev *dev)
{
	struct mvneta_adapter *ad = mvneta_adapter(dev);

	mvneta_phy_link_stop(dev);
	mvneta_lsc_stop(dev);
	/* Receiving stops first, sending finishes, then the port goes off. */
	socnic_dev_rx_queues_stop(dev);
	socnic_dev_tx_queues_drain(dev);
	socnic_dev_tx_queues_stop(dev);
	mvneta_hw_quiesce(ad);
	mvneta_mac_link_down(ad);
}

/* The queue control the shared queue ops drive (socnic_ethdev.h). */
static const struct socnic_queue_ops mvneta_queue_ops = {
	.rx_start = mvneta_rx_queue_start,
	.rx_enable = mvneta_rx_queue_enable,
	.rx_stop = mvneta_rx_queue_stop,
	.tx_start = mvneta_tx_queue_start,
	.tx_enable = mvneta_tx_queue_enable,
	.tx_drain = mvneta_tx_queue_drain,
	.tx_stop = mvneta_tx_queue_stop,
	.rx_intr_set = mvneta_rx_queue_intr_set,
};

static int
mvneta_mac_addr_set(struct rte_eth_dev *dev, struct rte_ether_addr *addr)
{
	struct mvneta_adapter *ad = mvneta_adapter(dev);

	/* ethdev stores the address after this returns: filter on it now. */
	mvneta_write_mac(&ad->port.be, addr);
	if (ad->port.hw_started) {
		struct rte_ether_addr old = dev->data->mac_addrs[0];

		dev->data->mac_addrs[0] = *addr;
		mvneta_set_rx_mode(dev);
		dev->data->mac_addrs[0] = old;
	}
	return 0;
}

static int
mvneta_mtu_set(struct rte_eth_dev *dev, uint16_t mtu)
{
	/* The device stores the header and the FCS with the frame. */
	return socnic_dev_rx_mtu_set(dev, mvneta_logtype_driver, mtu,
		MVNETA_MH_SIZE +
		(dev->data->dev_conf.rxmode.offloads & RTE_ETH_RX_OFFLOAD_KEEP_CRC ?
		 0 : RTE_ETHER_CRC_LEN));
}

static const struct eth_dev_ops mvneta_eth_dev_ops = {
	SOCNIC_PORT_DEV_OPS,
	SOCNIC_STATS_DEV_OPS(mvneta),
	.dev_configure		= mvneta_dev_configure,
	.dev_infos_get		= mvneta_dev_infos_get,
	.link_update		= mvneta_link_update,
	.mac_addr_set		= mvneta_mac_addr_set,
	.mac_addr_add		= mvneta_mac_addr_add,
	.mac_addr_remove	= mvneta_mac_addr_remove,
	.set_mc_addr_list	= mvneta_set_mc_addr_list,
	.mtu_set		= mvneta_mtu_set,
	.flow_ctrl_get		= mvneta_flow_ctrl_get,
	.flow_ctrl_set		= mvneta_flow_ctrl_set,
	.rx_queue_setup		= mvneta_rx_queue_setup,
	.tx_queue_setup		= mvneta_tx_queue_setup,
};

struct mvneta_adapter *
mvneta_adapter_from_port(uint16_t port_id)
{
	return socnic_dev_private_from_port(port_id, &mvneta_eth_dev_ops);
}

/* ---- Probe and remove ---- */

/* A secondary process's ops (socnic_secondary.h), filled at its probe. */
static struct eth_dev_ops mvneta_secondary_ops;

static int
mvneta_model_create(struct rte_eth_dev *eth_dev, const char *args,
		    const uint8_t mac[6])
{
	struct mvneta_adapter *ad = mvneta_adapter(eth_dev);

	return mvneta_backend_model_create(&ad->port.be, eth_dev->data->name,
					   args, &ad->da, mac);
}

/* The NETA behind the backend (socnic_pmd's probe). */
static int
mvneta_dev_probe(struct rte_eth_dev *eth_dev, const uint8_t mac[6],
		 struct rte_ether_addr *ea, uint32_t *nb_addrs)
{
	struct mvneta_adapter *ad = mvneta_adapter(eth_dev);
	const char *name = eth_dev->data->name;
	int ret;

	ret = mvneta_mac_resolve(ad, name);
	if (ret < 0)
		return ret;
	ret = mvneta_phy_init(ad, name);
	if (ret < 0)
		return ret;
	ret = socnic_rx_args_resolve_dma(&ad->da.rx, &ad->port.be,
					 mvneta_logtype_driver, name);
	if (ret < 0)
		return ret;
	ret = ad->port.be.ops->dma_map(ad->port.be.ctx);
	if (ret < 0)
		return ret;
	/*
	 * A UIO port keeps the address the bootloader programmed unless
	 * mac= says otherwise; the model's reset value is @p mac already.
	 */
	if (ad->da.port.use_uio && !ad->da.port.has_mac) {
		mvneta_read_mac(&ad->port.be, ea);
		if (!rte_is_valid_assigned_ether_addr(ea))
			memcpy(ea->addr_bytes, mac, RTE_ETHER_ADDR_LEN);
	} else {
		memcpy(ea->addr_bytes, mac, RTE_ETHER_ADDR_LEN);
	}
	/*
	 * Linux mvneta_probe(): the windows before anything else, then its
	 * defaults' DMA part (every TX bucket emptied).
	 */
	mvneta_hw_windows(&ad->port.be);
	mvneta_hw_dma_defaults(&ad->port.be);
	mvneta_hw_quiesce(ad);
	/* The link interrupt: the port's misc cause LINK_CHANGE. */
	socnic_lsc_probe(eth_dev, &ad->port.be, true, mvneta_logtype_driver);
	*nb_addrs = MVNETA_MAX_MAC_ADDRS;
	return 0;
}

/* The family's table every port points to (socnic_ethdev.h). */
static const struct socnic_pmd mvneta_pmd = {
	.drv = MVNETA_PMD_NAME_STR,
	.logtype = &mvneta_logtype_driver,
	.rx_logtype = &mvneta_logtype_rx,
	.mac_family = MVNETA_MAC_FAMILY,
	.ops = &mvneta_eth_dev_ops,
	.qops = &mvneta_queue_ops,
	.flow = &mvneta_flow_family,
	.tm = &mvneta_tm_family,
	.rx_queue_count = SOCNIC_RX_QUEUE_COUNT_OP(mvneta_rx_queue_count),
	.rx_descriptor_status = mvneta_rx_descriptor_status,
	.tx_descriptor_status = mvneta_tx_descriptor_status,
	/* Its steps of start, stop and close (socnic_dev_start()). */
	.configure = mvneta_hw_start,
	.link_start = mvneta_link_start,
	.mac_enable = mvneta_port_on,
	.running = mvneta_phy_poll_start,
	.lsc_ack = mvneta_lsc_ack,
	.stop = mvneta_port_stop,
	.xstats_log = mvneta_xstats_log,
	.rx_mode_set = mvneta_rx_mode_set,
	/* Its probe's (socnic_probe_port()). */
	.uio = &mvneta_uio_family,
	.model_create = mvneta_model_create,
	.probe = mvneta_dev_probe,
	.ring_alloc = mvneta_ring_alloc,
};

static int
mvneta_probe(struct rte_vdev_device *vdev)
{
	const char *name = rte_vdev_device_name(vdev);
	struct mvneta_devargs da;
	struct mvneta_adapter *ad;
	struct rte_eth_dev *eth_dev;
	uint8_t mac[6];
	int ret;

	if (rte_eal_process_type() != RTE_PROC_PRIMARY)
		return socnic_secondary_probe(vdev, &mvneta_eth_dev_ops,
					      &mvneta_secondary_ops,
					      mvneta_logtype_driver);
	ret = mvneta_devargs_parse(name, rte_vdev_device_args(vdev), &da);
	if (ret < 0)
		return ret;
	ret = socnic_probe_alloc(vdev, &mvneta_pmd, &da.port, sizeof(*ad), mac,
				 &eth_dev);
	if (ret < 0)
		return ret;
	ad = eth_dev->data->dev_private;
	/* Queue q each way is the NETA's queue q (mvneta_ethdev.h). */
	ad->port.nb_rxq_max = MVNETA_NB_RX_QUEUES;
	ad->port.nb_txq_max = MVNETA_NB_TX_QUEUES;
	rte_spinlock_init(&ad->intr_lock);
	ad->da = da;
	ad->eth_dev = eth_dev;
	return socnic_probe_port(eth_dev, &ad->da.port,
				 rte_vdev_device_args(vdev), mac);
}

static struct rte_vdev_driver mvneta_vdev_drv = {
	.probe = mvneta_probe,
	.remove = socnic_vdev_remove,
};

RTE_PMD_REGISTER_VDEV(net_mvneta_uio, mvneta_vdev_drv);
RTE_PMD_REGISTER_PARAM_STRING(net_mvneta_uio, MVNETA_PMD_PARAMS);
