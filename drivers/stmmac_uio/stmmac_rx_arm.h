/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * How net_stmmac_uio arms an RX descriptor (the buffer address words and
 * the "not written back" mark; OWN, in RDES3, comes after a barrier): the
 * refill (stmmac_rx_refill.c), the ring's arming at start and the stale
 * check's re-arm share it.
 */
#ifndef STMMAC_RX_ARM_H
#define STMMAC_RX_ARM_H

#include <rte_common.h>
#include <rte_mbuf.h>

#include "rxp_pool.h"

#include "stmmac_ethdev.h"

/* Descriptor words of an armed slot (OWN, in RDES3, comes later). */
static __rte_always_inline void
stmmac_rx_write_addr(volatile struct dwmac4_desc *d, rte_iova_t iova)
{
	d->des0 = rte_cpu_to_le_32((uint32_t)iova);
	d->des1 = rte_cpu_to_le_32((uint32_t)(iova >> 32));
	/* Marks "not written back yet" (STMMAC_RDES2_ARMED). */
	d->des2 = rte_cpu_to_le_32(STMMAC_RDES2_ARMED);
}

/*
 * Arm @p d, the descriptor of @p slot, with @p mb, remembering where its
 * data is (buf_data/buf_iova).
 */
static __rte_always_inline void
stmmac_rx_set_addr(const struct stmmac_rx_queue *rxq,
		   volatile struct dwmac4_desc *d, uint16_t slot,
		   const struct rte_mbuf *mb)
{
	rte_iova_t iova = rxp_pool_dma_addr(rxq->q.lib.pool, mb);

	rxq->q.buf_data[slot] = (const uint8_t *)mb->buf_addr +
			      rxq->q.lib.pool->p.offset;
	rxq->buf_iova[slot] = iova;
	stmmac_rx_write_addr(d, iova);
}

#endif /* STMMAC_RX_ARM_H */
