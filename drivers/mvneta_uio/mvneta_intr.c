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
 * Each RX queue q of the port has its own threshold, coalescing, cause
 * and mask bit (the NETA's RX queue q). The interrupt handle, its event
 * fds (queue q's is the backend's channel q: the model's eventfd of RX
 * queue q, or the UIO device's one line) and the UIO re-arm are the
 * shared layer's (socnic_intr.c). NEW_MASK is one register for every
 * queue, each enabled and disabled from its own lcore: intr_lock makes
 * each change and its write one step.
 *
 * Link status change (intr_conf.lsc): the port's misc causes, as Linux's
 * mvneta_poll() takes them: LINK_CHANGE (the GMAC's link moved) or
 * PHY_STATUS_CHANGE under INTR_MISC_MASK raise MISC_CAUSE's summary,
 * NEW_CAUSE bit 31, which NEW_MASK bit 31 lets through (INTR_ENABLE has
 * no bit for it). A cause bit stays set until written 0; the callback
 * writes 0 to exactly the bits it read, so one that rises meanwhile is
 * kept. The link is GMAC_STATUS, as link_update reads it; the callback
 * is socnic_lsc.c's.
 */
#include <errno.h>

#include "socnic_intr.h"

#include "mvneta_ethdev.h"
#include "mvneta_intr.h"
#include "mvneta_logs.h"

/* The misc causes of a link change Linux's mvneta_poll() takes. */
#define MVNETA_LSC_CAUSES \
	(MVNETA_CAUSE_PHY_STATUS_CHANGE | MVNETA_CAUSE_LINK_CHANGE)

/* NEW_MASK with @p set added and @p clear taken off. */
static void
mvneta_intr_mask_update(struct mvneta_adapter *ad, uint32_t set,
			uint32_t clear)
{
	rte_spinlock_lock(&ad->intr_lock);
	ad->intr_mask = (ad->intr_mask & ~clear) | set;
	socnic_write32(&ad->port.be, MVNETA_INTR_NEW_MASK, ad->intr_mask);
	rte_spinlock_unlock(&ad->intr_lock);
}

int
mvneta_intr_start(struct rte_eth_dev *dev)
{
	struct mvneta_adapter *ad = mvneta_adapter(dev);
	const struct socnic_backend *be = &ad->port.be;
	uint32_t enable = 0;
	uint16_t q;

	/*
	 * Linux mvneta_rx_pkts_coal_set() / mvneta_rx_time_coal_set(), for
	 * every RX queue: the time in cycles of the port's clock (clk_rate,
	 * checked at probe to hold rx_coal_usecs in 32 bits).
	 */
	for (q = 0; q < dev->data->nb_rx_queues; q++) {
		socnic_write32(be, MVNETA_RXQ_THRESHOLD_REG(q),
			       ad->da.rx_coal_frames | MVNETA_RXQ_NON_OCCUPIED(0));
		socnic_write32(be, MVNETA_RXQ_TIME_COAL_REG(q),
			       (uint32_t)ad->da.rx_coal_usecs *
			       (ad->clk_rate / 1000000u));
		enable |= MVNETA_RXQ_INTR_ENABLE(q);
	}
	ad->intr_mask = 0;
	/* Before the start reads the link: a change after it is not lost. */
	if (dev->data->dev_conf.intr_conf.lsc) {
		socnic_write32(be, MVNETA_INTR_MISC_CAUSE, 0);
		socnic_write32(be, MVNETA_INTR_MISC_MASK, MVNETA_LSC_CAUSES);
		ad->intr_mask = MVNETA_MISCINTR_INTR_MASK;
	}
	socnic_write32(be, MVNETA_INTR_NEW_MASK, ad->intr_mask);
	if (dev->data->dev_conf.intr_conf.rxq == 0)
		return 0;
	socnic_write32(be, MVNETA_INTR_ENABLE, enable);
	return socnic_intr_create(dev, be, 0, mvneta_logtype_driver,
				  &ad->port.rx_intr);
}

void
mvneta_rx_queue_intr_set(struct rte_eth_dev *dev, uint16_t qid, bool on)
{
	uint32_t bit = MVNETA_RX_INTR_BIT(qid);

	mvneta_intr_mask_update(mvneta_adapter(dev), on ? bit : 0, on ? 0 : bit);
}

/* In EAL's interrupt thread: 0 clears a cause bit, 1 leaves it. */
void
mvneta_lsc_ack(struct rte_eth_dev *dev)
{
	const struct socnic_backend *be = &mvneta_adapter(dev)->port.be;
	uint32_t cause = socnic_read32(be, MVNETA_INTR_MISC_CAUSE);

	if (cause & MVNETA_LSC_CAUSES)
		socnic_write32(be, MVNETA_INTR_MISC_CAUSE,
			       ~(cause & MVNETA_LSC_CAUSES));
}

void
mvneta_lsc_stop(struct rte_eth_dev *dev)
{
	struct mvneta_adapter *ad = mvneta_adapter(dev);

	socnic_lsc_stop(&ad->port.lsc);
	mvneta_intr_mask_update(ad, 0, MVNETA_MISCINTR_INTR_MASK);
	socnic_write32(&ad->port.be, MVNETA_INTR_MISC_MASK, 0);
}
