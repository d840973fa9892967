/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * How net_mvneta_uio arms an RX descriptor (bus address, the slot as
 * cookie, the watermark the write-back replaces): the refill
 * (mvneta_rx_refill.c) and the ring's arming at start share it.
 */
#ifndef MVNETA_RX_ARM_H
#define MVNETA_RX_ARM_H

#include <rte_common.h>
#include <rte_mbuf.h>

#include "rxp_pool.h"

#include "mvneta_ethdev.h"

/* Descriptor words of an armed slot: address, cookie, the watermark. */
static __rte_always_inline void
mvneta_rx_write_desc(volatile struct mvneta_rx_desc *d, uint32_t bus,
		     uint16_t slot)
{
	d->buf_phys_addr = rte_cpu_to_le_32(bus);
	d->buf_cookie = rte_cpu_to_le_32(slot);
	d->size = rte_cpu_to_le_32(MVNETA_DESC_WATERMARK);
	d->status = 0;
}

/* Arms @p slot with @p mb, remembering where its data lands. */
static __rte_always_inline void
mvneta_rx_set_buf(struct mvneta_rx_queue *rxq, uint16_t slot,
		  const struct rte_mbuf *mb)
{
	uint32_t bus = mvneta_bus_addr(rxp_pool_dma_addr(rxq->q.lib.pool, mb));

	rxq->q.buf_data[slot] = (const uint8_t *)mb->buf_addr +
			      rxq->q.lib.pool->p.offset + MVNETA_MH_SIZE;
	rxq->buf_bus[slot] = bus;
	mvneta_rx_write_desc(mvneta_rxd(rxq, slot), bus, slot);
}

#endif /* MVNETA_RX_ARM_H */
