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
 * The event fds come from the backend: the model's eventfd per channel
 * (read by EAL's epoll callback, 8 bytes), or the UIO device (4 bytes,
 * and re-armed here by writing 1, as uio_pdrv_genirq masks the line when
 * it fires).
 */
#include <errno.h>
#include <unistd.h>

#include <rte_interrupts.h>

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

static int
intr_handle_create(struct rte_eth_dev *dev)
{
	struct stmmac_adapter *ad = stmmac_adapter(dev);
	const struct socnic_backend_ops *ops = ad->be.ops;
	uint16_t n = dev->data->nb_rx_queues, q;
	struct rte_intr_handle *h;
	int fd;

	if (ops->irq_kind == SOCNIC_IRQ_NONE || ops->irq_fd == NULL) {
		PMD_DRV_LOG(ERR, "port %u: intr_conf.rxq: the %s backend has no interrupts",
			    dev->data->port_id, ops->name);
		return -ENOTSUP;
	}
	h = rte_intr_instance_alloc(RTE_INTR_INSTANCE_F_PRIVATE);
	if (h == NULL)
		return -ENOMEM;
	if (rte_intr_type_set(h, ops->irq_kind == SOCNIC_IRQ_UIO ?
			      RTE_INTR_HANDLE_UIO : RTE_INTR_HANDLE_VDEV) != 0 ||
	    rte_intr_efd_counter_size_set(h, sizeof(uint64_t)) != 0 ||
	    rte_intr_vec_list_alloc(h, "stmmac_rx_intr", n) != 0)
		goto fail;
	for (q = 0; q < n; q++) {
		fd = ops->irq_fd(ad->be.ctx, q);
		if (fd < 0) {
			PMD_DRV_LOG(ERR, "port %u: RX queue %u: no interrupt fd: %s",
				    dev->data->port_id, q, strerror(-fd));
			goto fail;
		}
		if (rte_intr_efds_index_set(h, q, fd) != 0 ||
		    rte_intr_nb_efd_set(h, (uint8_t)(q + 1)) != 0) {
			close(fd);
			goto fail;
		}
		rte_intr_vec_list_index_set(h, q, RTE_INTR_VEC_RXTX_OFFSET + q);
	}
	rte_intr_max_intr_set(h, n + 1);
	ad->rx_intr = h;
	dev->intr_handle = h;
	return 0;
fail:
	ad->rx_intr = h;
	stmmac_intr_release(dev);
	return -EINVAL;
}

void
stmmac_intr_release(struct rte_eth_dev *dev)
{
	struct stmmac_adapter *ad = stmmac_adapter(dev);
	struct rte_intr_handle *h = ad->rx_intr;
	int q, n;

	if (h == NULL)
		return;
	n = rte_intr_nb_efd_get(h);
	for (q = 0; q < n; q++)
		close(rte_intr_efds_index_get(h, q));
	rte_intr_vec_list_free(h);
	rte_intr_instance_free(h);
	ad->rx_intr = NULL;
	if (dev->intr_handle == h)
		dev->intr_handle = NULL;
}

int
stmmac_intr_start(struct rte_eth_dev *dev)
{
	struct stmmac_adapter *ad = stmmac_adapter(dev);
	struct stmmac_rx_queue *rxq = stmmac_rxq0(dev);
	bool on = dev->data->dev_conf.intr_conf.rxq != 0;

	rxq->des3_ioc = on && ad->da.riwt == 0 ? RDES3_INT_ON_COMPLETION_EN : 0;
	if (!on)
		return 0;
	socnic_write32(&ad->be, DMA_CHAN_RX_WATCHDOG(STMMAC_CHAN), ad->da.riwt);
	if (ad->rx_intr != NULL)
		return 0;	/* a restart keeps the handle */
	return intr_handle_create(dev);
}

int
stmmac_rx_queue_intr_enable(struct rte_eth_dev *dev, uint16_t qid)
{
	struct stmmac_adapter *ad = stmmac_adapter(dev);

	if (qid != 0 || ad->rx_intr == NULL)
		return -EINVAL;
	socnic_write32(&ad->be, DMA_CHAN_INTR_ENA(STMMAC_CHAN),
		       DMA_CHAN_INTR_ENA_RIE | intr_normal_enable(ad));
	if (ad->be.ops->irq_rearm != NULL)
		ad->be.ops->irq_rearm(ad->be.ctx);
	return 0;
}

int
stmmac_rx_queue_intr_disable(struct rte_eth_dev *dev, uint16_t qid)
{
	struct stmmac_adapter *ad = stmmac_adapter(dev);

	if (qid != 0 || ad->rx_intr == NULL)
		return -EINVAL;
	socnic_write32(&ad->be, DMA_CHAN_INTR_ENA(STMMAC_CHAN), 0);
	socnic_write32(&ad->be, DMA_CHAN_STATUS(STMMAC_CHAN),
		       DMA_CHAN_STATUS_RI | DMA_CHAN_STATUS_NIS);
	return 0;
}
