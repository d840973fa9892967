/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * E. The RX refill of net_stmmac_uio and its doorbell, one per memory
 * model (the burst calls the one of its variant).
 */
#include <stdbool.h>
#include <stdint.h>

#include <rte_branch_prediction.h>
#include <rte_common.h>
#include <rte_mbuf.h>

#include "socnic_io.h"
#include "socnic_rx.h"
#include "socnic_rx_burst.h"
#include "socnic_rx_queue.h"

#include "stmmac_ethdev.h"
#include "stmmac_logs.h"
#include "stmmac_rx_arm.h"

/* A new buffer into @p slot (the padded stride when @p nc). */
static __rte_always_inline void
stmmac_rx_arm_fresh(struct socnic_rx_queue *q, uint16_t slot,
		    struct rte_mbuf *mb, const bool nc)
{
	struct stmmac_rx_queue *rxq = stmmac_rxq(q);

	stmmac_rx_set_addr(rxq, stmmac_desc(q->ring, slot, q->mask,
		nc ? q->desc_shift : STMMAC_DESC_SHIFT_PACKED), slot, mb);
}

/* The buffer kept in @p slot, at the address remembered for it. */
static __rte_always_inline void
stmmac_rx_rearm_kept(struct socnic_rx_queue *q, uint16_t slot, const bool nc)
{
	struct stmmac_rx_queue *rxq = stmmac_rxq(q);

	stmmac_rx_write_addr(stmmac_desc(q->ring, slot, q->mask,
		nc ? q->desc_shift : STMMAC_DESC_SHIFT_PACKED),
		rxq->buf_iova[slot]);
}

/*
 * E. Refill, once enough slots are free: the slots' walk
 * (socnic_rx_refill_slots(): addresses, fresh buffers or kept ones), then
 * barrier, OWN bits, one tail write (non-coherent: each step's lines
 * cleaned, stmmac_ring.h). @p nc is a constant of each instance.
 */
static __rte_always_inline void
stmmac_rx_refill_tmpl(struct stmmac_rx_queue *rxq, const bool nc)
{
	volatile struct dwmac4_desc *ring = rxq->q.ring;
	const unsigned int shift = nc ? rxq->q.desc_shift :
				   STMMAC_DESC_SHIFT_PACKED;
	const uint16_t mask = rxq->q.mask;
	uint16_t pos, s;

	if (!socnic_rx_refill_due(&rxq->q))
		return;
	pos = socnic_rx_refill_slots(&rxq->q, rxq->q.armed,
				     (uint16_t)(rxq->q.armed + socnic_rx_room(&rxq->q)),
				     stmmac_rx_arm_fresh, stmmac_rx_rearm_kept, nc);
	if (pos == rxq->q.armed)
		return;
	if (nc)
		stmmac_ring_for_device(&rxq->q.lib.sync, ring, rxq->q.armed,
				       (uint16_t)(pos - rxq->q.armed), mask, shift);
	socnic_desc_wmb();
	/* IOC only for RX interrupts with riwt=0 (stmmac_intr.c). */
	for (s = rxq->q.armed; s != pos; s++)
		stmmac_desc(ring, s, mask, shift)->des3 =
			rte_cpu_to_le_32(RDES3_OWN | RDES3_BUFFER1_VALID_ADDR |
					 rxq->des3_ioc);
	if (nc)
		stmmac_ring_for_device(&rxq->q.lib.sync, ring, rxq->q.armed,
				       (uint16_t)(pos - rxq->q.armed), mask, shift);
	rxq->q.armed = pos;
	socnic_write_tail(rxq->q.be, rxq->tail_reg,
			  stmmac_tail_addr(rxq->ring_lo, pos, mask, shift));
}

void
stmmac_rx_refill(struct stmmac_rx_queue *rxq)
{
	stmmac_rx_refill_tmpl(rxq, false);
}

void
stmmac_rx_refill_nc(struct stmmac_rx_queue *rxq)
{
	stmmac_rx_refill_tmpl(rxq, true);
}
