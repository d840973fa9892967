/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The RX general path of net_mvneta_uio: any descriptor in any state
 * (errors, multi-buffer frames, a frame in progress across bursts), the
 * NETA side of socnic_rx_queue.h's frame assembly. The burst
 * (mvneta_rx_fast.c) hands it what its fast path does not take.
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

/*
 * Non-coherent: the @p n FCS bytes the device wrote at @p at of the buffer
 * in @p slot (from its Marvell header), after a segment ending there
 * (@p seg), back to the CPU (socnic_rx_sync_tail()); the fast path syncs
 * data_size whole.
 */
static __rte_always_inline void
mvneta_rx_sync_fcs(struct mvneta_rx_queue *rxq, uint16_t slot, uint32_t at,
		   uint32_t n, bool seg)
{
	socnic_rx_sync_tail(&rxq->q.lib.sync,
			    rxq->q.buf_data[slot] - MVNETA_MH_SIZE + at, n, seg);
}

/* Takes the buffer of @p slot out of the ring as a segment of @p len. */
static __rte_always_inline struct rte_mbuf *
mvneta_rx_take(struct mvneta_rx_queue *rxq, uint16_t slot, uint32_t len,
	       uint16_t skip)
{
	struct rte_mbuf *mb = rxq->q.sw_ring[slot];

	rxq->q.sw_ring[slot] = NULL;
	mb->data_off = (uint16_t)(rxq->q.lib.pool->p.offset + skip);
	mb->data_len = (uint16_t)len;
	mb->pkt_len = len;
	mb->port = rxq->q.port_id;
	return mb;
}

/*
 * The detail counter of a frame the device closed with an error, or whose
 * length @p len (as delivered) is out of bounds; NULL when good: the
 * NETA's error summary and error code for socnic_rx_frame_error().
 */
static __rte_always_inline uint64_t *
mvneta_rx_frame_error(struct mvneta_rx_queue *rxq, uint32_t status,
		      uint32_t len)
{
	return socnic_rx_frame_error(&rxq->q, status & MVNETA_RXD_ERR_SUMMARY,
		(status & MVNETA_RXD_ERR_CODE_MASK) == MVNETA_RXD_ERR_CRC, len);
}

/* A frame in one descriptor (FIRST and LAST both set). */
static __rte_always_inline struct rte_mbuf *
mvneta_rx_single(struct socnic_rx_queue *q, uint16_t slot, uint32_t status,
		 uint32_t size)
{
	struct mvneta_rx_queue *rxq = mvneta_rxq(q);
	uint32_t dsize = MVNETA_DESC_DATA_SIZE(size);
	uint64_t *err;
	uint32_t len;

	/*
	 * data_size counts the Marvell header and the FCS: below both, or
	 * beyond the buffer, it cannot be true (robustness row 9, 11). The
	 * buffer stays in its slot and is re-armed (row 1).
	 */
	if (unlikely(dsize < MVNETA_MH_SIZE + MVNETA_ETH_FCS_LEN ||
		     dsize > rxq->q.buf_size) &&
	    !(status & MVNETA_RXD_ERR_SUMMARY)) {
		socnic_rx_count_error(&rxq->q, &rxq->q.stats.rx_length_errors);
		return NULL;
	}
	len = dsize >= MVNETA_MH_SIZE + rxq->q.fcs_trim ?
	      dsize - MVNETA_MH_SIZE - rxq->q.fcs_trim : 0;
	err = mvneta_rx_frame_error(rxq, status, len);
	if (unlikely(err != NULL)) {
		socnic_rx_count_error(&rxq->q, err);
		return NULL;
	}
	mvneta_rx_sync_fcs(rxq, slot, MVNETA_MH_SIZE + len, rxq->q.fcs_trim, true);
	return mvneta_rx_take(rxq, slot, len, MVNETA_MH_SIZE);
}

/*
 * One descriptor of a multi-buffer frame, scatter on. The first
 * descriptor's data_size is the whole frame, header and FCS included;
 * every buffer but the last is full (Linux mvneta_swbm_rx_frame() and
 * mvneta_swbm_add_rx_fragment()). The FCS is trimmed from the end, which
 * may leave the last buffer empty: it stays in its slot.
 */
static __rte_always_inline struct rte_mbuf *
mvneta_rx_chain(struct socnic_rx_queue *q, uint16_t slot, uint32_t status,
		uint32_t size)
{
	struct mvneta_rx_queue *rxq = mvneta_rxq(q);
	uint32_t dsize = MVNETA_DESC_DATA_SIZE(size);
	const bool first = status & MVNETA_RXD_FIRST_DESC;
	const bool last = status & MVNETA_RXD_LAST_DESC;
	uint32_t written, skip = first ? MVNETA_MH_SIZE : 0, take, fcs;
	struct rte_mbuf *mb;

	if (first) {
		if (dsize < MVNETA_MH_SIZE + MVNETA_ETH_FCS_LEN + RTE_ETHER_HDR_LEN ||
		    dsize <= rxq->q.buf_size) {
			/* Not a frame that needs several buffers. */
			socnic_rx_discard(&rxq->q, &rxq->q.stats.rx_length_errors, last);
			return NULL;
		}
		if (dsize - MVNETA_MH_SIZE - rxq->q.fcs_trim > rxq->q.max_len) {
			socnic_rx_discard(&rxq->q, &rxq->q.stats.rx_oversize, last);
			return NULL;
		}
		rxq->pkt_left = dsize;
		rxq->q.pkt_len = 0;
	}
	written = RTE_MIN(rxq->pkt_left, rxq->q.buf_size);
	if (unlikely(last != (written == rxq->pkt_left))) {
		/* LAST early, or the frame runs past it: the lengths lie. */
		socnic_rx_discard(&rxq->q, &rxq->q.stats.rx_length_errors, last);
		return NULL;
	}
	rxq->pkt_left -= written;
	rxq->q.state = SOCNIC_RX_CHAIN;
	/*
	 * FCS bytes (unless kept) in this buffer: those not in the bytes
	 * still to come. The total says exactly where the FCS starts, so
	 * each buffer drops its own share; one holding only FCS bytes adds
	 * no segment and stays in its slot (row 10).
	 */
	fcs = rxq->q.fcs_trim > rxq->pkt_left ? rxq->q.fcs_trim - rxq->pkt_left : 0;
	fcs = RTE_MIN(fcs, written - skip);
	take = written - skip - fcs;
	mvneta_rx_sync_fcs(rxq, slot, skip + take, fcs, take != 0);
	if (take != 0) {
		mb = mvneta_rx_take(rxq, slot, take, (uint16_t)skip);
		socnic_rx_chain_add(&rxq->q, mb, take);
	}
	if (!last)
		return NULL;
	return socnic_rx_chain_end(&rxq->q,
		mvneta_rx_frame_error(rxq, status, rxq->q.pkt_len));
}

/*
 * Any descriptor, any state: the general path (socnic_rx_general()); the
 * caller syncs, parses and delivers the frame it completes.
 */
struct rte_mbuf *
mvneta_rx_desc(struct socnic_rx_queue *q, uint16_t slot, uint32_t status,
	       uint32_t size)
{
	return socnic_rx_general(q, slot, status, size,
				 status & MVNETA_RXD_FIRST_DESC,
				 status & MVNETA_RXD_LAST_DESC,
				 mvneta_rx_single, mvneta_rx_chain);
}
