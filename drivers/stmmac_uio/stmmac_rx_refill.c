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
#include "socnic_rx_queue.h"

#include "stmmac_ethdev.h"
#include "stmmac_logs.h"
#include "stmmac_rx_arm.h"

/* Descriptors whose addresses are written per refill chunk. */
#define STMMAC_RX_REFILL_CHUNK		64

/*
 * E. Refill, once enough slots are free: empty slots from the page pool
 * in bulk, slots still holding a buffer re-armed from buf_iova; addresses,
 * barrier, OWN bits, one tail write (non-coherent: each step's lines
 * cleaned, stmmac_ring.h). A short pool arms the slots before the first
 * empty one and counts rx_nombuf: never OWN without a buffer (row 16).
 * @p nc is a constant of each instance.
 */
static __rte_always_inline void
stmmac_rx_refill_tmpl(struct stmmac_rx_queue *rxq, const bool nc)
{
	struct rte_mbuf *fresh[STMMAC_RX_REFILL_CHUNK];
	volatile struct dwmac4_desc *ring = rxq->ring;
	const unsigned int shift = nc ? rxq->desc_shift :
				   STMMAC_DESC_SHIFT_PACKED;
	struct rte_mbuf **sw = rxq->q.sw_ring;
	const uint16_t mask = rxq->q.mask;
	int room = socnic_rx_room(&rxq->q);
	uint16_t pos = rxq->q.armed, end, s;

	if (!socnic_rx_refill_due(&rxq->q))
		return;
	end = (uint16_t)(pos + room);
	while (pos != end) {
		uint16_t chunk = RTE_MIN((uint16_t)(end - pos),
					 (uint16_t)STMMAC_RX_REFILL_CHUNK);
		unsigned int need = 0, got = 0, used = 0;

		for (s = 0; s < chunk; s++)
			need += sw[(pos + s) & mask] == NULL;
		if (need != 0)
			got = rxp_pool_alloc_bulk(rxq->q.lib.pool, fresh, need);
		for (s = 0; s < chunk; s++) {
			uint16_t slot = (pos + s) & mask;

			if (sw[slot] == NULL) {
				if (used == got)
					break;
				sw[slot] = fresh[used++];
				stmmac_rx_set_addr(rxq, stmmac_desc(ring, slot, mask,
								    shift),
						   slot, sw[slot]);
				continue;
			}
			/* Kept in its slot: same buffer, same address. */
			rxp_pool_rearm_kept(rxq->q.lib.pool, sw[slot]);
			stmmac_rx_write_addr(stmmac_desc(ring, slot, mask, shift),
					     rxq->buf_iova[slot]);
		}
		pos = (uint16_t)(pos + s);
		if (unlikely(got < need)) {
			rxq->q.stats.rx_nombuf += need - got;
			break;
		}
	}
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
