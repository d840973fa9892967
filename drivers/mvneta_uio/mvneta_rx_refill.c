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
#include "socnic_rx_burst.h"
#include "socnic_rx_queue.h"

#include "mvneta_ethdev.h"
#include "mvneta_logs.h"
#include "mvneta_rx_arm.h"

/* A new buffer into @p slot. */
static __rte_always_inline void
mvneta_rx_arm_fresh(struct socnic_rx_queue *q, uint16_t slot,
		    struct rte_mbuf *mb, const bool nc)
{
	RTE_SET_USED(nc);
	mvneta_rx_set_buf(mvneta_rxq(q), slot, mb);
}

/* The buffer kept in @p slot, at the bus address remembered for it. */
static __rte_always_inline void
mvneta_rx_rearm_kept(struct socnic_rx_queue *q, uint16_t slot, const bool nc)
{
	struct mvneta_rx_queue *rxq = mvneta_rxq(q);

	RTE_SET_USED(nc);
	mvneta_rx_write_desc(mvneta_rxd(rxq, slot), rxq->buf_bus[slot], slot);
}

/*
 * Refill: arm every free slot once enough are free (free_thresh), the
 * slots' walk being socnic_rx_refill_slots() (fresh buffers from the page
 * pool in bulk, kept ones re-armed, a short pool counted in rx_nombuf).
 * Non-coherent (@p nc, constant per instance): whole lines only, cleaned
 * before the count goes to the device. Returns the slots armed; the
 * caller gives them to the device (RXQ_STATUS_UPDATE).
 */
static __rte_always_inline uint16_t
mvneta_rx_refill_tmpl(struct mvneta_rx_queue *rxq, const bool nc)
{
	const uint16_t mask = rxq->q.mask;
	uint16_t pos, end, n;

	if (!socnic_rx_refill_due(&rxq->q))
		return 0;
	end = (uint16_t)(rxq->q.armed + socnic_rx_room(&rxq->q));
	if (nc)
		end &= (uint16_t)~(rxq->arm_align - 1u);
	pos = socnic_rx_refill_slots(&rxq->q, rxq->q.armed, end,
				     mvneta_rx_arm_fresh, mvneta_rx_rearm_kept,
				     nc);
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
		mvneta_ring_maint(&rxq->q.lib.sync, rxq->q.ring, rxq->q.armed, n, mask,
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
