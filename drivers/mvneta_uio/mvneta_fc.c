/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * net_mvneta_uio: IEEE 802.3x flow control through ethdev's
 * flow_ctrl_get/set. The GMAC has one bit for it, AUTONEG_CONFIG's
 * MVNETA_GMAC_CONFIG_FLOW_CTRL, which enables both directions: Linux's
 * mvneta_mac_link_up() sets it when either pause is resolved, and the
 * port offers symmetric pause only. So the modes are none and full; the
 * port sends PAUSE frames by itself, with no water mark, pause time or
 * control-frame forwarding a driver sets. Kept in the adapter, written
 * with the link's mode at every start (mvneta_mac_configure()) and at
 * once on a running port. docs/nics/mvneta_uio.rst "Flow control".
 */
#include <errno.h>
#include <string.h>

#include <ethdev_driver.h>

#include "socnic_io.h"

#include "mvneta_ethdev.h"
#include "mvneta_logs.h"

uint32_t
mvneta_fc_an_bits(const struct mvneta_adapter *ad)
{
	return ad->fc_on ? MVNETA_GMAC_CONFIG_FLOW_CTRL : 0;
}

int
mvneta_flow_ctrl_get(struct rte_eth_dev *dev, struct rte_eth_fc_conf *conf)
{
	memset(conf, 0, sizeof(*conf));
	conf->mode = mvneta_adapter(dev)->fc_on ? RTE_ETH_FC_FULL :
						  RTE_ETH_FC_NONE;
	return 0;
}

int
mvneta_flow_ctrl_set(struct rte_eth_dev *dev, struct rte_eth_fc_conf *conf)
{
	struct mvneta_adapter *ad = mvneta_adapter(dev);
	const char *name = dev->data->name;

	if (conf->autoneg) {
		PMD_DRV_LOG(ERR, "%s: flow control autoneg is not supported: the PHY's pause advertisement is left as the boot loader set it",
			    name);
		return -ENOTSUP;
	}
	if (conf->mode == RTE_ETH_FC_RX_PAUSE ||
	    conf->mode == RTE_ETH_FC_TX_PAUSE) {
		PMD_DRV_LOG(ERR, "%s: the GMAC's one flow-control bit pauses both directions: mode full or none",
			    name);
		return -ENOTSUP;
	}
	if (conf->mode != RTE_ETH_FC_NONE && conf->mode != RTE_ETH_FC_FULL)
		return -EINVAL;
	if (conf->high_water != 0 || conf->low_water != 0 ||
	    conf->pause_time != 0 || conf->mac_ctrl_frame_fwd) {
		PMD_DRV_LOG(ERR, "%s: the GMAC sets its own water marks and pause time and keeps control frames: give 0 for high_water, low_water, pause_time and mac_ctrl_frame_fwd",
			    name);
		return -ENOTSUP;
	}
	ad->fc_on = conf->mode == RTE_ETH_FC_FULL;
	if (dev->data->dev_started)
		socnic_update32(&ad->port.be, MVNETA_GMAC_AUTONEG_CONFIG,
				MVNETA_GMAC_CONFIG_FLOW_CTRL,
				mvneta_fc_an_bits(ad));
	return 0;
}
