/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * net_stmmac_uio: IEEE 802.3x flow control through ethdev's
 * flow_ctrl_get/set, programmed as Linux's dwmac4_flow_ctrl() and
 * dwmac4_dma_rx_chan_op_mode() do: MAC_Rx_Flow_Ctrl RFE (act on PAUSE
 * frames received), MAC_Qn_Tx_Flow_Ctrl TFE with the pause time (send
 * them), and on each MTL RX queue in use EHFC with the fill at which the
 * MAC sends XOFF (RFA) and XON (RFD); PCF in MAC_Packet_Filter for
 * mac_ctrl_frame_fwd. Kept in the adapter and written again at every
 * start (the start's reset clears them), the thresholds derived then from
 * the RX queue's size of that start. docs/nics/stmmac_uio.rst "Flow
 * control".
 */
#include <errno.h>

#include <ethdev_driver.h>

#include "socnic_io.h"

#include "stmmac_ethdev.h"
#include "stmmac_hw.h"
#include "stmmac_logs.h"

/* Linux's PAUSE_TIME: the longest pause, 65535 quanta. */
#define STMMAC_FC_PAUSE_DEFAULT	0xffffu
/* RFA/RFD: full less 1 KiB + field x 512 bytes, field 0..63. */
#define STMMAC_FC_BASE		1024u
#define STMMAC_FC_STEP		512u
#define STMMAC_FC_FIELD_MAX	63u
/* PCF 10b: every control frame to the host. */
#define STMMAC_FC_PCF_ALL	(2u << 6)

/* Bytes of the RX FIFO each queue in use holds (stmmac_hw_queues.c). */
static uint32_t
stmmac_fc_queue_bytes(const struct rte_eth_dev *dev)
{
	return stmmac_hw_queue_bytes(stmmac_adapter(dev)->rx_fifo,
				     dev->data->nb_rx_queues);
}

/* The fill of @p field (RFA/RFD encoding) in a queue of @p size bytes. */
static uint32_t
stmmac_fc_fill(uint32_t size, uint32_t field)
{
	uint32_t below = STMMAC_FC_BASE + field * STMMAC_FC_STEP;

	return size > below ? size - below : 0;
}

/*
 * The RFA/RFD field whose fill is the highest at most @p bytes, or -1 when
 * none is (@p bytes beyond the queue less 1 KiB, or under the smallest).
 */
static int
stmmac_fc_field(uint32_t size, uint32_t bytes)
{
	uint32_t below, field;

	if (size < STMMAC_FC_BASE || bytes > size - STMMAC_FC_BASE)
		return -1;
	below = size - bytes - STMMAC_FC_BASE;
	field = (below + STMMAC_FC_STEP - 1) / STMMAC_FC_STEP;
	return field > STMMAC_FC_FIELD_MAX ? -1 : (int)field;
}

/* Linux's thresholds for a queue of @p size bytes (RFA, RFD). */
static void
stmmac_fc_default_fields(uint32_t size, uint32_t *rfa, uint32_t *rfd)
{
	if (size <= 4096u) {
		*rfa = 1;	/* full less 1.5 KiB */
		*rfd = 3;	/* full less 2.5 KiB */
	} else {
		*rfa = 4;	/* full less 3 KiB: two frames */
		*rfd = 7;	/* full less 4.5 KiB */
	}
}

/*
 * The RFA/RFD fields of @p fc for a queue of @p size bytes: its water
 * marks', or Linux's when it has none or they no longer fit (the queue
 * shrank since they were set: logged). True when the marks were taken.
 */
static bool
stmmac_fc_fields(const struct stmmac_fc *fc, uint32_t size, uint32_t *rfa,
		 uint32_t *rfd)
{
	int a, d;

	stmmac_fc_default_fields(size, rfa, rfd);
	if (fc->high_water == 0 && fc->low_water == 0)
		return false;
	a = stmmac_fc_field(size, fc->high_water);
	d = stmmac_fc_field(size, fc->low_water);
	if (a < 0 || d < 0 || a >= d)
		return false;
	*rfa = (uint32_t)a;
	*rfd = (uint32_t)d;
	return true;
}

void
stmmac_fc_apply(struct rte_eth_dev *dev)
{
	struct stmmac_adapter *ad = stmmac_adapter(dev);
	const struct socnic_backend *be = &ad->port.be;
	const struct stmmac_fc *fc = &ad->fc;
	const bool tx = fc->mode == RTE_ETH_FC_TX_PAUSE ||
			fc->mode == RTE_ETH_FC_FULL;
	const bool rx = fc->mode == RTE_ETH_FC_RX_PAUSE ||
			fc->mode == RTE_ETH_FC_FULL;
	const uint32_t size = stmmac_fc_queue_bytes(dev);
	uint32_t rfa, rfd;
	uint16_t q;

	if (!stmmac_fc_fields(fc, size, &rfa, &rfd) && tx &&
	    fc->high_water != 0)
		PMD_DRV_LOG(WARNING, "%s: flow control water marks %u/%u bytes do not fit an RX queue of %u bytes: Linux's thresholds used; set them again",
			    dev->data->name, fc->high_water, fc->low_water,
			    size);

	socnic_write32(be, GMAC_RX_FLOW_CTRL, rx ? GMAC_RX_FLOW_CTRL_RFE : 0);
	for (q = 0; q < dev->data->nb_tx_queues; q++)
		socnic_write32(be, GMAC_QX_TX_FLOW_CTRL(q), tx ?
			       GMAC_TX_FLOW_CTRL_TFE |
			       (uint32_t)fc->pause_time << GMAC_TX_FLOW_CTRL_PT_SHIFT :
			       0);
	for (q = 0; q < dev->data->nb_rx_queues; q++)
		socnic_update32(be, MTL_CHAN_RX_OP_MODE(q),
				MTL_OP_MODE_EHFC | MTL_OP_MODE_RFA_MASK |
				MTL_OP_MODE_RFD_MASK,
				tx ? MTL_OP_MODE_EHFC |
				     rfa << MTL_OP_MODE_RFA_SHIFT |
				     rfd << MTL_OP_MODE_RFD_SHIFT : 0);
	socnic_update32(be, GMAC_PACKET_FILTER,
			DWMAC4_GMAC_PACKET_FILTER_PCF_MASK,
			fc->ctrl_fwd ? STMMAC_FC_PCF_ALL : 0);
}

int
stmmac_flow_ctrl_get(struct rte_eth_dev *dev, struct rte_eth_fc_conf *conf)
{
	const struct stmmac_fc *fc = &stmmac_adapter(dev)->fc;
	uint32_t size = stmmac_fc_queue_bytes(dev), rfa, rfd;

	memset(conf, 0, sizeof(*conf));
	stmmac_fc_fields(fc, size, &rfa, &rfd);
	conf->mode = fc->mode;
	conf->pause_time = fc->pause_time;
	conf->high_water = stmmac_fc_fill(size, rfa);
	conf->low_water = stmmac_fc_fill(size, rfd);
	/* The MAC sends the zero-quanta PAUSE at RFD by itself. */
	conf->send_xon = 1;
	conf->mac_ctrl_frame_fwd = fc->ctrl_fwd;
	conf->autoneg = 0;
	return 0;
}

int
stmmac_flow_ctrl_set(struct rte_eth_dev *dev, struct rte_eth_fc_conf *conf)
{
	struct stmmac_adapter *ad = stmmac_adapter(dev);
	const char *name = dev->data->name;
	uint32_t size = stmmac_fc_queue_bytes(dev);
	struct stmmac_fc fc = ad->fc;
	int rfa, rfd;

	if (conf->autoneg) {
		PMD_DRV_LOG(ERR, "%s: flow control autoneg is not supported: the PHY's pause advertisement is left as the boot loader set it",
			    name);
		return -ENOTSUP;
	}
	if (conf->mode > RTE_ETH_FC_FULL)
		return -EINVAL;
	fc.mode = conf->mode;
	fc.pause_time = conf->pause_time != 0 ? conf->pause_time :
			STMMAC_FC_PAUSE_DEFAULT;
	fc.ctrl_fwd = conf->mac_ctrl_frame_fwd != 0;
	fc.high_water = 0;
	fc.low_water = 0;
	if (conf->high_water != 0 || conf->low_water != 0) {
		rfa = stmmac_fc_field(size, conf->high_water);
		rfd = stmmac_fc_field(size, conf->low_water);
		if (rfa < 0 || rfd < 0 || conf->low_water >= conf->high_water) {
			PMD_DRV_LOG(ERR, "%s: flow control water marks %u/%u bytes: the RX queue holds %u bytes; high_water at most %u, low_water below it, both at least %u (in 512-byte steps)",
				    name, conf->high_water, conf->low_water,
				    size, size > STMMAC_FC_BASE ?
				    size - STMMAC_FC_BASE : 0,
				    stmmac_fc_fill(size, STMMAC_FC_FIELD_MAX));
			return -EINVAL;
		}
		/* Kept as the fills the fields give (512-byte steps). */
		fc.high_water = stmmac_fc_fill(size, (uint32_t)rfa);
		fc.low_water = stmmac_fc_fill(size, (uint32_t)rfd);
	}
	ad->fc = fc;
	if (dev->data->dev_started)
		stmmac_fc_apply(dev);
	return 0;
}
