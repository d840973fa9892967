/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * RX queue interrupts (stmmac_intr.h).
 *
 * The line: RI (a frame closed on a descriptor armed with IOC, or the RX
 * watchdog after frames closed without it) with RIE, under the normal
 * summary enable (NIE, bit 15 from core 4.10, bit 16 on 4.00), as Linux's
 * stmmac enables it. Enable only unmasks: RI is cleared at disable, before
 * the application polls, so whatever arrives after that poll started
 * leaves RI set and the next enable fires at once. The cost is one
 * spurious wake-up after a busy period (RI set by frames the poll took).
 *
 * The interrupt handle, its event fds (the model's eventfd per channel,
 * or the UIO device's) and the UIO re-arm are the shared layer's
 * (socnic_intr.c).
 *
 * Link status change (intr_conf.lsc): the MAC's line, with RGSMIIIE in
 * MAC_Interrupt_Enable: RGSMIIIS rises when the link the PHY reports in
 * band changes, and reading MAC_PHYIF_Control_Status clears it (Linux
 * dwmac4_irq_status() -> dwmac4_phystatus()). The link itself is read
 * from the PHY, as link_update does; the callback is socnic_lsc.c's.
 */
#include <errno.h>

#include "socnic_intr.h"

#include "dwmac4_regs.h"
#include "stmmac_ethdev.h"
#include "stmmac_intr.h"
#include "stmmac_logs.h"

static uint32_t
intr_normal_enable(const struct stmmac_adapter *ad)
{
	return ad->snpsver >= DWMAC_CORE_4_10 ? DMA_CHAN_INTR_ENA_NIE_4_10 :
						DMA_CHAN_INTR_ENA_NIE;
}

int
stmmac_intr_start(struct rte_eth_dev *dev)
{
	struct stmmac_adapter *ad = stmmac_adapter(dev);
	bool on = dev->data->dev_conf.intr_conf.rxq != 0;
	struct stmmac_rx_queue *rxq;
	uint16_t i;

	for (i = 0; i < dev->data->nb_rx_queues; i++) {
		rxq = dev->data->rx_queues[i];
		rxq->des3_ioc = on && ad->da.riwt == 0 ?
				RDES3_INT_ON_COMPLETION_EN : 0;
		if (on)
			socnic_write32(&ad->port.be,
				       DMA_CHAN_RX_WATCHDOG(STMMAC_RXQ_CHAN(rxq)),
				       ad->da.riwt);
	}
	/* Before the start reads the link: a change after it is not lost. */
	if (dev->data->dev_conf.intr_conf.lsc && ad->port.lsc_irq)
		socnic_write32(&ad->port.be, GMAC_INT_EN, GMAC_INT_RGSMIIS);
	if (!on)
		return 0;
	/* Queue q's line is its channel's: channel q. */
	return socnic_intr_create(dev, &ad->port.be, 0, stmmac_logtype_driver,
				  &ad->port.rx_intr);
}

void
stmmac_rx_queue_intr_set(struct rte_eth_dev *dev, uint16_t qid, bool on)
{
	struct stmmac_adapter *ad = stmmac_adapter(dev);

	socnic_write32(&ad->port.be, DMA_CHAN_INTR_ENA(qid),
		       on ? DMA_CHAN_INTR_ENA_RIE | intr_normal_enable(ad) : 0);
	if (!on)
		socnic_write32(&ad->port.be, DMA_CHAN_STATUS(qid),
			       DMA_CHAN_STATUS_RI | DMA_CHAN_STATUS_NIS);
}

/* In EAL's interrupt thread: RGSMIIIS is cleared by reading the status. */
void
stmmac_lsc_ack(struct rte_eth_dev *dev)
{
	const struct socnic_backend *be = &stmmac_adapter(dev)->port.be;

	if (socnic_read32(be, GMAC_INT_STATUS) & DWMAC4_GMAC_INT_STATUS_RGSMIIIS)
		(void)socnic_read32(be, GMAC_PHYIF_CONTROL_STATUS);
}

void
stmmac_lsc_stop(struct rte_eth_dev *dev)
{
	struct stmmac_adapter *ad = stmmac_adapter(dev);

	socnic_lsc_stop(&ad->port.lsc);
	socnic_write32(&ad->port.be, GMAC_INT_EN, 0);
}
