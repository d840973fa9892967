/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * E. The RX refill of net_mvneta_uio, one per memory model (the burst
 * calls the one of its variant and gives the count to the device).
 */
#include <stdbool.h>
#include <stdint.h>

#include <rte_branch_prediction.h>
#include <rte_common.h>
#include <rte_mbuf.h>

#include "socnic_io.h"
#include "socnic_rx.h"
#include "socnic_rx_queue.h"

#include "mvneta_ethdev.h"
#include "mvneta_logs.h"
#include "mvneta_rx_arm.h"

/* Descriptors whose buffers are allocated per refill chunk. */
#define MVNETA_RX_REFILL_CHUNK		64

/*
 * Refill: arm every free slot once enough are free (free_thresh). Empty
 * slots get buffers from the page pool (direct-recycle cache first, then
 * the mempool, in bulk); slots still holding a buffer (copied out by
 * copybreak, an errored frame) are re-armed with it. Non-coherent (@p nc,
 * constant per instance): whole lines only, cleaned before the count goes
 * to the device. If the pool is short, arm up to the first slot left
 * empty, count rx_nombuf and retry next call (row 16). Returns the slots
 * armed; the caller gives them to the device (RXQ_STATUS_UPDATE).
 */
static __rte_always_inline uint16_t
mvneta_rx_refill_tmpl(struct mvneta_rx_queue *rxq, const bool nc)
{
	struct rte_mbuf *fresh[MVNETA_RX_REFILL_CHUNK];
	struct rte_mbuf **sw = rxq->q.sw_ring;
	const uint16_t mask = rxq->q.mask;
	uint16_t room = (uint16_t)socnic_rx_room(&rxq->q);
	uint16_t pos = rxq->q.armed, end, s, n;

	if (!socnic_rx_refill_due(&rxq->q))
		return 0;
	end = (uint16_t)(pos + room);
	if (nc)
		end &= (uint16_t)~(rxq->arm_align - 1u);
	while (pos != end) {
		uint16_t chunk = RTE_MIN((uint16_t)(end - pos),
					 (uint16_t)MVNETA_RX_REFILL_CHUNK);
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
				mvneta_rx_set_buf(rxq, slot, sw[slot]);
				continue;
			}
			/* Kept in its slot: same buffer, same address. */
			rxp_pool_rearm_kept(rxq->q.lib.pool, sw[slot]);
			mvneta_rx_write_desc(&rxq->ring[slot], rxq->buf_bus[slot],
					     slot);
		}
		pos = (uint16_t)(pos + s);
		if (unlikely(got < need)) {
			rxq->q.stats.rx_nombuf += need - got;
			break;
		}
	}
	/*
	 * Non-coherent: a partly armed line waits (its buffers stay in their
	 * slots and are armed with the rest of the line next time).
	 */
	if (nc)
		pos &= (uint16_t)~(rxq->arm_align - 1u);
	n = (uint16_t)(pos - rxq->q.armed);
	if (n == 0)
		return 0;
	if (nc)
		mvneta_ring_maint(&rxq->q.lib.sync, rxq->ring, rxq->q.armed, n, mask,
				  false);
	rxq->q.armed = pos;
	return n;
}

uint16_t
mvneta_rx_refill(struct mvneta_rx_queue *rxq)
{
	return mvneta_rx_refill_tmpl(rxq, false);
}

uint16_t
mvneta_rx_refill_nc(struct mvneta_rx_queue *rxq)
{
	return mvneta_rx_refill_tmpl(rxq, true);
}
