/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * net_stmmac_uio: ethdev glue for a Synopsys DesignWare GMAC 4.x/5.x
 * ("dwmac4"). Probe/remove, the device bring-up sequence and the dev ops.
 * The register sequences follow Linux stmmac (stmmac_main.c
 * stmmac_hw_setup(), dwmac4_core.c, dwmac4_dma.c, dwmac4_lib.c); the
 * structure follows DPDK's enetfec (an on-chip UIO Ethernet PMD).
 */
#include <errno.h>
#include <string.h>

#include <bus_vdev_driver.h>
#include <ethdev_driver.h>
#include <ethdev_vdev.h>
#include <rte_cycles.h>
#include <rte_ether.h>
#include <rte_malloc.h>
#include <rte_memory.h>

#include "socnic_ethdev.h"
#include "socnic_intr.h"
#include "socnic_io.h"
#include "socnic_port.h"
#include "socnic_secondary.h"
#include "socnic_uio.h"

#include "stmmac_ethdev.h"
#include "stmmac_hw.h"
#include "stmmac_intr.h"
#include "stmmac_logs.h"
#include "stmmac_of.h"

RTE_LOG_REGISTER_DEFAULT(stmmac_logtype_driver, NOTICE);
RTE_LOG_REGISTER_SUFFIX(stmmac_logtype_rx, rx, NOTICE);
RTE_LOG_REGISTER_SUFFIX(stmmac_logtype_tx, tx, NOTICE);
RTE_LOG_REGISTER_SUFFIX(stmmac_logtype_backend, backend, NOTICE);

static const struct eth_dev_ops stmmac_eth_dev_ops;

static uint32_t
stmmac_gmac_config(const struct rte_eth_dev *dev)
{
	const struct stmmac_adapter *ad = stmmac_adapter(dev);
	/* The speed and duplex the link settled on (stmmac_phy_link()). */
	uint32_t cfg = GMAC_CONFIG_RE | GMAC_CONFIG_TE | GMAC_CONFIG_JE |
		       stmmac_mac_speed_bits(ad->mac_speed, ad->mac_full);

	/*
	 * coe=1: the checksum engine writes its verdict in RDES1 (RS1V),
	 * which csum=auto|hw use; coe=0 leaves every verdict to software.
	 */
	if (stmmac_adapter(dev)->da.coe)
		cfg |= GMAC_CONFIG_IPC;

	/*
	 * Strip the FCS in the MAC (type and length frames) unless kept, or
	 * unless crc_strip=sw: then the RX path trims it (rxq->q.fcs_trim).
	 */
	if (!(dev->data->dev_conf.rxmode.offloads & RTE_ETH_RX_OFFLOAD_KEEP_CRC) &&
	    !stmmac_adapter(dev)->da.crc_strip_sw)
		cfg |= GMAC_CONFIG_CST | GMAC_CONFIG_ACS;
	return cfg;
}

/* ---- Dev ops ---- */

static int
stmmac_dev_configure(struct rte_eth_dev *dev)
{
	int ret = socnic_dev_configure_check(dev, stmmac_logtype_driver);

	if (ret == 0)
		ret = stmmac_ptp_configure(dev);
	/* The line matters only when the link takes it (else: the poll). */
	if (ret < 0 || !stmmac_adapter(dev)->port.lsc_irq)
		return ret;
	return socnic_lsc_configure_check(dev, &stmmac_adapter(dev)->port.be,
					  stmmac_logtype_driver);
}

static const struct socnic_dev_limits stmmac_dev_limits = {
	.ring = &stmmac_ring_limits,
	.min_rx_bufsize = STMMAC_RBSZ_MIN,
	.max_rx_pktlen = STMMAC_MAX_FRAME_LEN,
	.max_mtu = STMMAC_MAX_MTU,
	.tx_seg_max = STMMAC_MIN_RING_DESC - 1,
	.rx_free_thresh = STMMAC_RX_FREE_THRESH,
	/* speed_capa: what MAC and PHY found at probe (ad->speed_capa). */
};

static int
stmmac_dev_infos_get(struct rte_eth_dev *dev, struct rte_eth_dev_info *info)
{
	const struct stmmac_adapter *ad = stmmac_adapter(dev);

	socnic_dev_infos_fill(dev, info, &stmmac_dev_limits,
			      ad->da.rx.csum != RXP_CSUM_OFF);
	info->max_mac_addrs = ad->nb_mac_addrs;
	info->speed_capa = ad->speed_capa;
	/* TDES3.CIC, when the core has the engine (stmmac_txq.c). */
	if (ad->tx_coe)
		info->tx_offload_capa |= STMMAC_TX_OFFLOAD_CKSUM;
	/* Every frame stamped (TSENALL): the unit and its clock known. */
	if (stmmac_ptp_rx_offload_ok(ad))
		info->rx_offload_capa |= RTE_ETH_RX_OFFLOAD_TIMESTAMP;
	/* VLAN stripping, filter and insertion (stmmac_vlan.c). */
	info->rx_offload_capa |= stmmac_vlan_rx_capa(ad);
	info->tx_offload_capa |= stmmac_vlan_tx_capa(ad);
	return 0;
}

static int
stmmac_hw_start(struct rte_eth_dev *dev)
{
	struct stmmac_adapter *ad = stmmac_adapter(dev);
	int ret;

	/* A core still as the probe's reset left it needs no other. */
	if (!stmmac_hw_is_reset(ad)) {
		ret = stmmac_hw_takeover(ad);
		if (ret < 0)
			return ret;
	}
	stmmac_hw_configure(dev);
	/* Flow control as set (none by default): the reset cleared it. */
	stmmac_fc_apply(dev);
	/* The reset cleared the timestamp unit an application enabled. */
	return stmmac_ptp_restore(dev);
}

static int
stmmac_intr_link_start(struct rte_eth_dev *dev)
{
	int ret = stmmac_intr_start(dev);

	if (ret < 0)
		return ret;
	/* The MAC starts at the speed and duplex its PHY negotiated. */
	stmmac_link_start(dev);
	return 0;
}

static void
stmmac_mac_enable(struct rte_eth_dev *dev)
{
	socnic_write32(&stmmac_adapter(dev)->port.be, GMAC_CONFIG,
		       stmmac_gmac_config(dev));
}

static void
stmmac_hw_stop(struct rte_eth_dev *dev)
{
	struct stmmac_adapter *ad = stmmac_adapter(dev);
	struct stmmac_rx_queue *rxq;
	uint16_t i;

	stmmac_link_watch_stop(dev);
	stmmac_lsc_stop(dev);
	stmmac_missed_watch_stop(dev);
	/*
	 * Receiver first (no new frames) and what each MTL RX queue holds
	 * into its ring, then let the TX DMA finish what it owns, then the
	 * transmitter and the DMA engines (Linux order).
	 */
	socnic_update32(&ad->port.be, GMAC_CONFIG, GMAC_CONFIG_RE, 0);
	for (i = 0; i < dev->data->nb_rx_queues; i++) {
		rxq = dev->data->rx_queues[i];
		if (rxq != NULL && rxq->q.started)
			stmmac_hw_drain_mtl_rx(ad, i);
	}
	socnic_dev_tx_queues_drain(dev);
	socnic_update32(&ad->port.be, GMAC_CONFIG, GMAC_CONFIG_TE, 0);
	socnic_dev_rx_queues_stop(dev);
	socnic_dev_tx_queues_stop(dev);
	/* Quiescent as a takeover leaves it: every DMA process stopped. */
	stmmac_hw_quiesce(ad);
}

/* The queue control the shared queue ops drive (socnic_ethdev.h). */
static const struct socnic_queue_ops stmmac_queue_ops = {
	.rx_start = stmmac_rx_queue_start,
	.rx_enable = stmmac_rx_queue_enable_dma,
	.rx_stop = stmmac_rx_queue_stop,
	.tx_start = stmmac_tx_queue_start,
	.tx_enable = stmmac_tx_queue_enable_dma,
	.tx_drain = stmmac_tx_queue_drain,
	.tx_stop = stmmac_tx_queue_stop,
	.rx_intr_set = stmmac_rx_queue_intr_set,
};

/* MAC_Packet_Filter's bit of each receive mode: PR and PM. */
static const uint32_t stmmac_rx_mode_bit[] = {
	[SOCNIC_RX_PROMISC] = GMAC_PACKET_FILTER_PR,
	[SOCNIC_RX_ALLMULTI] = GMAC_PACKET_FILTER_PM,
};

static int
stmmac_rx_mode_set(struct rte_eth_dev *dev, enum socnic_rx_mode mode, bool on)
{
	uint32_t bit = stmmac_rx_mode_bit[mode];

	socnic_update32(&stmmac_adapter(dev)->port.be, GMAC_PACKET_FILTER,
			on ? 0 : bit, on ? bit : 0);
	return 0;
}

static int
stmmac_mac_addr_set(struct rte_eth_dev *dev, struct rte_ether_addr *addr)
{
	stmmac_hw_write_mac(&stmmac_adapter(dev)->port.be, addr);
	return 0;
}

/*
 * Secondary unicast addresses: perfect-filter entries 1..nb_mac_addrs - 1
 * (ethdev picks the index, keeps the list and adds each again after a
 * start, whose reset cleared them). Multicast addresses go through
 * set_mc_addr_list (the hash filter); no VMDq pools.
 */
static int
stmmac_mac_addr_add(struct rte_eth_dev *dev, struct rte_ether_addr *addr,
		    uint32_t index, uint32_t pool)
{
	struct stmmac_adapter *ad = stmmac_adapter(dev);

	if (index == 0 || index >= ad->nb_mac_addrs || pool != 0 ||
	    !rte_is_unicast_ether_addr(addr)) {
		PMD_DRV_LOG(ERR, "port %u: MAC address %u (pool %u): only unicast addresses 1..%u of pool 0",
			    dev->data->port_id, index, pool,
			    ad->nb_mac_addrs - 1);
		return -EINVAL;
	}
	stmmac_hw_write_mac_n(&ad->port.be, index, addr);
	return 0;
}

static void
stmmac_mac_addr_remove(struct rte_eth_dev *dev, uint32_t index)
{
	struct stmmac_adapter *ad = stmmac_adapter(dev);

	if (index != 0 && index < ad->nb_mac_addrs)
		stmmac_hw_write_mac_n(&ad->port.be, index, NULL);
}

static int
stmmac_mtu_set(struct rte_eth_dev *dev, uint16_t mtu)
{
	return socnic_dev_rx_mtu_set(dev, stmmac_logtype_driver, mtu, 0);
}

static const struct eth_dev_ops stmmac_eth_dev_ops = {
	SOCNIC_PORT_DEV_OPS,
	SOCNIC_STATS_DEV_OPS(stmmac),
	.dev_configure		= stmmac_dev_configure,
	.dev_infos_get		= stmmac_dev_infos_get,
	.link_update		= stmmac_link_update,
	.mac_addr_set		= stmmac_mac_addr_set,
	.mac_addr_add		= stmmac_mac_addr_add,
	.mac_addr_remove	= stmmac_mac_addr_remove,
	.set_mc_addr_list	= stmmac_hw_set_mc_list,
	.mtu_set		= stmmac_mtu_set,
	.rx_queue_setup		= stmmac_rx_queue_setup,
	.tx_queue_setup		= stmmac_tx_queue_setup,
	.flow_ctrl_get		= stmmac_flow_ctrl_get,
	.flow_ctrl_set		= stmmac_flow_ctrl_set,
	.vlan_offload_set	= stmmac_vlan_offload_set,
	.vlan_filter_set	= stmmac_vlan_filter_set,
	.timesync_enable	= stmmac_timesync_enable,
	.timesync_disable	= stmmac_timesync_disable,
	.timesync_read_time	= stmmac_timesync_read_time,
	.timesync_write_time	= stmmac_timesync_write_time,
	.timesync_adjust_time	= stmmac_timesync_adjust_time,
	.timesync_read_tx_timestamp = stmmac_timesync_read_tx_timestamp,
	.timesync_read_rx_timestamp = stmmac_timesync_read_rx_timestamp,
#ifdef SOCNIC_HAS_TIMESYNC_ADJUST_FREQ
	.timesync_adjust_freq	= stmmac_timesync_adjust_freq,
#endif
	.read_clock		= stmmac_read_clock,
};

struct stmmac_adapter *
stmmac_adapter_from_port(uint16_t port_id)
{
	return socnic_dev_private_from_port(port_id, &stmmac_eth_dev_ops);
}

/* ---- Probe and remove ---- */

/* A secondary process's ops (socnic_secondary.h), filled at its probe. */
static struct eth_dev_ops stmmac_secondary_ops;

/* The family byte of default MAC addresses (socnic_default_mac()). */
#define STMMAC_MAC_FAMILY	0x01

static int
stmmac_model_create(struct rte_eth_dev *eth_dev, const char *args,
		    const uint8_t mac[6])
{
	struct stmmac_adapter *ad = stmmac_adapter(eth_dev);

	return stmmac_backend_model_create(&ad->port.be, eth_dev->data->name,
					   args, &ad->da, mac);
}

/* The core behind the backend (socnic_pmd's probe). */
static int
stmmac_dev_probe(struct rte_eth_dev *eth_dev, const uint8_t mac[6],
		 struct rte_ether_addr *ea, uint32_t *nb_addrs)
{
	struct stmmac_adapter *ad = stmmac_adapter(eth_dev);
	struct stmmac_of of;
	int ret;

	/*
	 * The address is mac= or what the core holds (stmmac_hw_probe()):
	 * the model's holds @p mac from its reset.
	 */
	RTE_SET_USED(mac);
	/*
	 * The device tree's DMA settings where no devarg gave them, from the
	 * node of the device the backend identified.
	 */
	stmmac_of_read(eth_dev->data->name, &ad->da, &of);
	stmmac_of_apply(&of, &ad->da);
	ret = ad->port.be.ops->dma_map(ad->port.be.ctx);
	if (ret < 0)
		return ret;
	/* The SoC's reset and clocks before the first register access. */
	ret = stmmac_soc_probe(ad);
	if (ret < 0)
		return ret;
	ret = stmmac_hw_probe(ad, &of, ea);
	if (ret < 0)
		return ret;
	ret = stmmac_hw_dma_layout(ad);
	if (ret < 0)
		return ret;
	rte_spinlock_init(&ad->link_lock);
	/*
	 * The link interrupt: the core's RGMII/SGMII status (PCSSEL). LSC
	 * events on every port all the same: the poll finds each change.
	 */
	socnic_lsc_probe(eth_dev, &ad->port.be, ad->has_pcs,
			 stmmac_logtype_driver);
	eth_dev->data->dev_flags |= RTE_ETH_DEV_INTR_LSC;
	/* One slot per perfect-filter entry. */
	*nb_addrs = ad->nb_mac_addrs;
	return 0;
}

/* The family's table every port points to (socnic_ethdev.h). */
static const struct socnic_pmd stmmac_pmd = {
	.drv = STMMAC_PMD_NAME_STR,
	.logtype = &stmmac_logtype_driver,
	.rx_logtype = &stmmac_logtype_rx,
	.mac_family = STMMAC_MAC_FAMILY,
	.ops = &stmmac_eth_dev_ops,
	.qops = &stmmac_queue_ops,
	.flow = &stmmac_flow_family,
	.tm = &stmmac_tm_family,
	.rx_queue_count = SOCNIC_RX_QUEUE_COUNT_OP(stmmac_rx_queue_count),
	.rx_descriptor_status = stmmac_rx_descriptor_status,
	.tx_descriptor_status = stmmac_tx_descriptor_status,
	/* Its steps of start, stop and close (socnic_dev_start()). */
	.configure = stmmac_hw_start,
	.link_start = stmmac_intr_link_start,
	.mac_enable = stmmac_mac_enable,
	.running = stmmac_missed_watch_start,
	.lsc_ack = stmmac_lsc_ack,
	.watch_start = stmmac_link_watch_start,
	.stop = stmmac_hw_stop,
	.xstats_log = stmmac_xstats_log,
	.rx_mode_set = stmmac_rx_mode_set,
	/* Its probe's (socnic_probe_port()). */
	.uio = &stmmac_uio_family,
	.model_create = stmmac_model_create,
	.probe = stmmac_dev_probe,
	.ring_alloc = stmmac_ring_alloc,
};

static int
stmmac_probe(struct rte_vdev_device *vdev)
{
	const char *name = rte_vdev_device_name(vdev);
	struct stmmac_devargs da;
	struct stmmac_adapter *ad;
	struct rte_eth_dev *eth_dev;
	uint8_t mac[6];
	int ret;

	if (rte_eal_process_type() != RTE_PROC_PRIMARY)
		return socnic_secondary_probe(vdev, &stmmac_eth_dev_ops,
					      &stmmac_secondary_ops,
					      stmmac_logtype_driver);
	ret = stmmac_devargs_parse(name, rte_vdev_device_args(vdev), &da);
	if (ret < 0)
		return ret;
	ret = socnic_probe_alloc(vdev, &stmmac_pmd, &da.port, sizeof(*ad), mac,
				 &eth_dev);
	if (ret < 0)
		return ret;
	ad = eth_dev->data->dev_private;
	ad->da = da;
	ad->eth_dev = eth_dev;
	return socnic_probe_port(eth_dev, &ad->da.port,
				 rte_vdev_device_args(vdev), mac);
}

static struct rte_vdev_driver stmmac_vdev_drv = {
	.probe = stmmac_probe,
	.remove = socnic_vdev_remove,
};

RTE_PMD_REGISTER_VDEV(net_stmmac_uio, stmmac_vdev_drv);
RTE_PMD_REGISTER_PARAM_STRING(net_stmmac_uio, STMMAC_PMD_PARAMS);
