/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * RX queue interrupts (mvneta_intr.h).
 *
 * The line: RX queue q's bit in MVNETA_INTR_NEW_CAUSE (bit 8 + q), up
 * while the device counts at least RXQ_THRESHOLD occupied descriptors in
 * the queue, or RXQ_TIME_COAL ran out with frames there; under the
 * queue's bit in NEW_MASK (enable/disable here) and in INTR_ENABLE (set
 * at start, as Linux's mvneta_defaults_set() does). The cause follows the
 * ring, so nothing is cleared: the burst returns every descriptor it
 * harvested before it ends (RXQ_STATUS_UPDATE), an enable after an empty
 * poll finds the cause down unless a frame came since, and then the
 * unmask itself raises the line. The occupied threshold must not be 0
 * (its reset value): that keeps the cause up.
 *
 * The interrupt handle, its event fds (the model's eventfd per RX queue,
 * or the UIO device's) and the UIO re-arm are the shared layer's
 * (socnic_intr.c).
 */
#include <errno.h>

#include "socnic_intr.h"

#include "mvneta_ethdev.h"
#include "mvneta_intr.h"
#include "mvneta_logs.h"

/*
 * The clock RXQ_TIME_COAL counts: Armada 38x's 250 MHz core clock (Linux
 * reads the port's clock from the device tree; 370/XP run it slower, so
 * rx_coal_usecs lasts longer there).
 */
#define MVNETA_TCLK_MHZ		250u

void
mvneta_intr_release(struct rte_eth_dev *dev)
{
	socnic_intr_release(dev, &mvneta_adapter(dev)->rx_intr);
}

int
mvneta_intr_start(struct rte_eth_dev *dev)
{
	struct mvneta_adapter *ad = mvneta_adapter(dev);
	const struct socnic_backend *be = &ad->be;

	/* Linux mvneta_rx_pkts_coal_set() / mvneta_rx_time_coal_set(). */
	socnic_write32(be, MVNETA_RXQ_THRESHOLD_REG(MVNETA_RXQ),
		       ad->da.rx_coal_frames | MVNETA_RXQ_NON_OCCUPIED(0));
	socnic_write32(be, MVNETA_RXQ_TIME_COAL_REG(MVNETA_RXQ),
		       (uint32_t)ad->da.rx_coal_usecs * MVNETA_TCLK_MHZ);
	ad->intr_mask = 0;
	socnic_write32(be, MVNETA_INTR_NEW_MASK, ad->intr_mask);
	if (dev->data->dev_conf.intr_conf.rxq == 0)
		return 0;
	socnic_write32(be, MVNETA_INTR_ENABLE,
		       MVNETA_RXQ_INTR_ENABLE(MVNETA_RXQ));
	return socnic_intr_create(dev, be, MVNETA_RXQ, mvneta_logtype_driver,
				  &ad->rx_intr);
}

int
mvneta_rx_queue_intr_enable(struct rte_eth_dev *dev, uint16_t qid)
{
	struct mvneta_adapter *ad = mvneta_adapter(dev);

	if (qid != 0 || ad->rx_intr == NULL)
		return -EINVAL;
	ad->intr_mask |= MVNETA_RX_INTR_BIT(MVNETA_RXQ);
	socnic_write32(&ad->be, MVNETA_INTR_NEW_MASK, ad->intr_mask);
	socnic_intr_rearm(&ad->be);
	return 0;
}

int
mvneta_rx_queue_intr_disable(struct rte_eth_dev *dev, uint16_t qid)
{
	struct mvneta_adapter *ad = mvneta_adapter(dev);

	if (qid != 0 || ad->rx_intr == NULL)
		return -EINVAL;
	ad->intr_mask &= ~MVNETA_RX_INTR_BIT(MVNETA_RXQ);
	socnic_write32(&ad->be, MVNETA_INTR_NEW_MASK, ad->intr_mask);
	return 0;
}
