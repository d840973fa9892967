/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * net_stmmac_uio: the queues of a start in the MTL and the DMA (Linux
 * stmmac_mtl_configuration(), stmmac_dma_operation_mode(),
 * dwmac4_map_mtl_dma(), dwmac4_rx_queue_enable()). RX queue q of the port
 * is MTL RX queue q, received by DMA channel q; TX queue q is DMA channel
 * q, which feeds MTL TX queue q (the core's fixed mapping). The queues in
 * use share each FIFO; the queues left disabled hold none of it.
 */
#include <rte_common.h>

#include "socnic_io.h"

#include "stmmac_ethdev.h"
#include "stmmac_hw.h"

uint32_t
stmmac_hw_queue_bytes(uint32_t fifo, uint16_t nb_queues)
{
	/*
	 * An equal share of the FIFO in whole 256-byte blocks, as Linux's
	 * stmmac_dma_operation_mode() divides it by rx/tx_queues_to_use
	 * (i.MX8MP's five queues in use leave a fifth each: ~1.5 KiB TX
	 * frames at most under store and forward).
	 */
	return RTE_ALIGN_FLOOR(fifo / (nb_queues > 1 ? nb_queues : 1u), 256u);
}

/* MTL_RxQ_DMA_Map0/1: MTL RX queue @p q received by DMA channel @p ch. */
static void
stmmac_hw_map_rx_queue(const struct socnic_backend *be, unsigned int q,
		       unsigned int ch)
{
	uint32_t reg = q < 4 ? MTL_RXQ_DMA_MAP0 : MTL_RXQ_DMA_MAP1;

	socnic_update32(be, reg, DWMAC4_MTL_RXQ_DMA_QXMDMACH_MASK(q % 4),
			MTL_RXQ_DMA_QXMDMACH(ch, q % 4));
}

void
stmmac_hw_queues_configure(struct rte_eth_dev *dev)
{
	struct stmmac_adapter *ad = stmmac_adapter(dev);
	const struct socnic_backend *be = &ad->port.be;
	uint16_t nrx = dev->data->nb_rx_queues, ntx = dev->data->nb_tx_queues;
	uint32_t rqs = stmmac_hw_queue_bytes(ad->rx_fifo, nrx) / 256u - 1u;
	uint32_t tqs = stmmac_hw_queue_bytes(ad->tx_fifo, ntx) / 256u - 1u;
	unsigned int nch = nrx > ntx ? nrx : ntx;	/* channels in use */
	uint32_t rxq_enable = 0;
	unsigned int q;

	/*
	 * PBLx8 (unless snps,no-pbl-x8) and the descriptor layout
	 * (stmmac_dma_layout()) of every channel in use; the burst length
	 * itself goes into each direction's control register.
	 */
	for (q = 0; q < nch; q++)
		socnic_update32(be, DMA_CHAN_CONTROL(q),
				DMA_CHAN_CTRL_PBLX8 | DWMAC4_DMA_CHAN_CTRL_DSL_MASK,
				(ad->da.pblx8 ? DMA_CHAN_CTRL_PBLX8 : 0) |
				ad->dsl << DWMAC4_DMA_CHAN_CTRL_DSL_SHIFT);
	/*
	 * Store and forward both ways, queue sizes in 256-byte blocks minus
	 * one (with several MTL queues they reset to 256 bytes: a full-size
	 * frame would never pass). DIS_TCP_EF: frames with a bad IP/L4
	 * checksum reach software with IPHE/IPCE instead of being dropped
	 * silently in the MAC (model.md "MTL"; robustness P-a). Each RX
	 * queue is enabled for generic (DCB) traffic and mapped to its own
	 * channel.
	 */
	for (q = 0; q < nrx; q++) {
		stmmac_hw_map_rx_queue(be, q, q);
		socnic_write32(be, MTL_CHAN_RX_OP_MODE(q),
			       MTL_OP_MODE_RSF | MTL_OP_MODE_DIS_TCP_EF |
			       rqs << MTL_OP_MODE_RQS_SHIFT);
		rxq_enable |= GMAC_RX_DCB_QUEUE_ENABLE(q);
	}
	for (q = 0; q < ntx; q++)
		socnic_write32(be, MTL_CHAN_TX_OP_MODE(q),
			       MTL_OP_MODE_TSF | MTL_OP_MODE_TXQEN |
			       tqs << MTL_OP_MODE_TQS_SHIFT);
	socnic_write32(be, GMAC_RXQ_CTRL0, rxq_enable);
	/*
	 * Several TX queues: strict priority, the highest queue first, as
	 * Linux's stmmac_mtl_setup() defaults to without snps,tx-sched-*;
	 * a hierarchy committed through rte_tm is written over it at start
	 * (stmmac_tm.c).
	 */
	if (ntx > 1)
		socnic_update32(be, MTL_OPERATION_MODE, MTL_OPERATION_SCHALG_MASK,
				MTL_OPERATION_SCHALG_SP);
}

unsigned int
stmmac_hw_rx_queue_chan(const struct socnic_backend *be, unsigned int q)
{
	uint32_t v = socnic_read32(be, q < 4 ? MTL_RXQ_DMA_MAP0 :
						MTL_RXQ_DMA_MAP1);

	return (v & DWMAC4_MTL_RXQ_DMA_QXMDMACH_MASK(q % 4)) >> (8 * (q % 4));
}
