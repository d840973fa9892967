/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The RX general path of net_stmmac_uio: any descriptor in any state
 * (errors, multi-buffer frames, a frame in progress across bursts), the
 * dwmac4 side of socnic_rx_queue.h's frame assembly. The burst
 * (stmmac_rx_fast.c) hands it what its fast path does not take.
 */
#include <stdbool.h>
#include <stdint.h>

#include <rte_branch_prediction.h>
#include <rte_byteorder.h>
#include <rte_common.h>
#include <rte_mbuf.h>

#include "socnic_io.h"
#include "socnic_rx.h"
#include "socnic_rx_queue.h"

#include "stmmac_ethdev.h"
#include "stmmac_logs.h"

/*
 * Checks a complete frame of @p len bytes (FCS trimmed): RDES3's error
 * summary and CRC error for socnic_rx_frame_error(). Returns the detail
 * counter to charge, or NULL when the frame is good. Its runt check also
 * catches PL <= FCS length: no "len - 4" underflow (row 9).
 */
static __rte_always_inline uint64_t *
stmmac_rx_frame_error(struct stmmac_rx_queue *rxq, uint32_t des3,
		      uint32_t len)
{
	return socnic_rx_frame_error(&rxq->q, des3 & RDES3_ERROR_SUMMARY,
				     des3 & RDES3_CRC_ERROR, len);
}

static __rte_always_inline uint32_t
stmmac_rx_trimmed(const struct stmmac_rx_queue *rxq, uint32_t pl)
{
	return pl > rxq->q.fcs_trim ? pl - rxq->q.fcs_trim : 0;
}

/* A frame in one descriptor (FD and LD both set). */
static __rte_always_inline struct rte_mbuf *
stmmac_rx_single(struct socnic_rx_queue *q, uint16_t slot, uint32_t des3,
		 uint32_t des1)
{
	struct stmmac_rx_queue *rxq = stmmac_rxq(q);
	uint32_t pl = des3 & RDES3_PACKET_SIZE_MASK;
	uint32_t len = stmmac_rx_trimmed(rxq, pl);
	struct rte_mbuf *mb;
	uint64_t *err;

	RTE_SET_USED(des1);	/* RDES1 is the caller's, for the verdict */

	if (unlikely(pl > rxq->q.buf_size && !(des3 & RDES3_ERROR_SUMMARY))) {
		/* The device claims more than the buffer holds (row 11). */
		socnic_rx_count_error(&rxq->q, &rxq->q.stats.rx_length_errors);
		return NULL;
	}
	err = stmmac_rx_frame_error(rxq, des3, len);
	if (unlikely(err != NULL)) {
		/* The buffer stays in its slot and is re-armed (row 1). */
		socnic_rx_count_error(&rxq->q, err);
		return NULL;
	}
	/* crc_strip=sw: the FCS the device wrote after the frame. */
	socnic_rx_sync_tail(&rxq->q.lib.sync, rxq->q.buf_data[slot] + len, pl - len,
			    true);
	mb = rxq->q.sw_ring[slot];
	rxq->q.sw_ring[slot] = NULL;
	mb->data_off = RTE_PKTMBUF_HEADROOM;
	mb->data_len = (uint16_t)len;
	mb->pkt_len = len;
	mb->port = rxq->q.port_id;
	return mb;
}

/*
 * One descriptor of a multi-buffer frame, scatter on. Segment lengths come
 * from the device's cumulative PL, never from "non-last segments are
 * full" (row 11, Linux babab1b42ed6): seg = PL - bytes so far.
 */
static __rte_always_inline struct rte_mbuf *
stmmac_rx_chain(struct socnic_rx_queue *q, uint16_t slot, uint32_t des3,
		uint32_t des1)
{
	struct stmmac_rx_queue *rxq = stmmac_rxq(q);
	const bool first = des3 & RDES3_FIRST_DESCRIPTOR;
	const bool last = des3 & RDES3_LAST_DESCRIPTOR;
	uint32_t cum = des3 & RDES3_PACKET_SIZE_MASK;
	struct rte_mbuf *mb;
	uint32_t target, wrote;

	RTE_SET_USED(des1);

	if (first) {
		rxq->pkt_cum = 0;
		rxq->q.pkt_len = 0;
	}
	if (unlikely(cum < rxq->pkt_cum || cum - rxq->pkt_cum > rxq->q.buf_size)) {
		/* PL went backwards or past one buffer: drop the frame. */
		socnic_rx_discard(&rxq->q, &rxq->q.stats.rx_length_errors, last);
		return NULL;
	}
	wrote = cum - rxq->pkt_cum;	/* bytes in this buffer */
	rxq->pkt_cum = cum;
	rxq->q.state = SOCNIC_RX_CHAIN;
	/* Non-last PL counts every byte written so far; on LD, trim FCS. */
	target = last ? stmmac_rx_trimmed(rxq, cum) : cum;
	if (target > rxq->q.pkt_len) {
		mb = rxq->q.sw_ring[slot];
		rxq->q.sw_ring[slot] = NULL;
		mb->data_off = RTE_PKTMBUF_HEADROOM;
		mb->data_len = (uint16_t)(target - rxq->q.pkt_len);
		/* crc_strip=sw: the FCS bytes after the data (LD). */
		socnic_rx_sync_tail(&rxq->q.lib.sync, rxq->q.buf_data[slot] + mb->data_len,
				    wrote - mb->data_len, true);
		socnic_rx_chain_add(&rxq->q, mb, mb->data_len);
	} else if (target < rxq->q.pkt_len) {
		/*
		 * The software FCS trim reaches into the previous segment;
		 * this buffer is empty and stays armed in its slot (row 10).
		 */
		uint32_t excess = rxq->q.pkt_len - target;

		if (rxq->q.pkt_last == NULL || excess >= rxq->q.pkt_last->data_len) {
			socnic_rx_discard(&rxq->q, &rxq->q.stats.rx_length_errors,
					  last);
			return NULL;
		}
		rxq->q.pkt_last->data_len -= excess;
		rxq->q.pkt_len = target;
		rxq->stats.rx_empty_tail_segs++;
		/* The FCS: the previous segment's excess and this buffer. */
		socnic_rx_sync_tail(&rxq->q.lib.sync,
				    rte_pktmbuf_mtod_offset(rxq->q.pkt_last, uint8_t *,
							    rxq->q.pkt_last->data_len),
				    excess, true);
		socnic_rx_sync_tail(&rxq->q.lib.sync, rxq->q.buf_data[slot], wrote, false);
	} else if (last) {
		/* Only the FCS landed here: never hand up a 0-byte segment. */
		rxq->stats.rx_empty_tail_segs++;
		socnic_rx_sync_tail(&rxq->q.lib.sync, rxq->q.buf_data[slot], wrote, false);
	}
	if (!last)
		return NULL;

	/* LD: the frame is complete; errors are reported here (row 6). */
	return socnic_rx_chain_end(&rxq->q,
		stmmac_rx_frame_error(rxq, des3, rxq->q.pkt_len));
}

/* A normal descriptor (no context descriptor), any state but HOLD. */
struct rte_mbuf *
stmmac_rx_desc_frame(struct socnic_rx_queue *q, uint16_t slot, uint32_t des3,
		     uint32_t des1)
{
	struct rte_mbuf *mb = socnic_rx_general(q, slot, des3, des1,
						des3 & RDES3_FIRST_DESCRIPTOR,
						des3 & RDES3_LAST_DESCRIPTOR,
						stmmac_rx_single, stmmac_rx_chain);

	if (mb == NULL)
		return NULL;
	/*
	 * VLAN stripping: the tag in the last descriptor's RDES0 with RS0V
	 * (Linux dwmac4_wrback_get_rx_vlan_tci()), set on the mbuf by
	 * stmmac_rx_slow_done() once delivered, a held frame's too. Written
	 * for every frame: a frame dropped while held leaves nothing behind.
	 */
	stmmac_rxq(q)->vlan_ol = 0;
	if (unlikely(des3 & RDES3_RDES0_VALID)) {
		stmmac_rxq(q)->vlan_tci = (uint16_t)(rte_le_to_cpu_32(
			stmmac_rxd(stmmac_rxq(q), slot)->des0) &
			RDES0_VLAN_TAG_MASK);
		stmmac_rxq(q)->vlan_ol = RTE_MBUF_F_RX_VLAN |
					 RTE_MBUF_F_RX_VLAN_STRIPPED;
	}
	/* Its stamp comes next (stmmac_rx_stamp.c): held until then. */
	if (unlikely((des3 & RDES3_RDES1_VALID) &&
		     (des1 & RDES1_TIMESTAMP_AVAILABLE)))
		return stmmac_rx_hold(stmmac_rxq(q), mb, des1);
	return mb;
}

/*
 * Any descriptor, any state: the general path (socnic_rx_general()). A
 * frame it completes has its lengths and port set; the caller syncs,
 * parses and delivers it. RDES1 is the caller's, for the verdict. A
 * context descriptor, or a frame held for one, goes to
 * stmmac_rx_stamp.c.
 */
struct rte_mbuf *
stmmac_rx_desc(struct socnic_rx_queue *q, uint16_t slot, uint32_t des3,
	       uint32_t des1)
{
	if (unlikely(q->state == SOCNIC_RX_HOLD ||
		     (des3 & RDES3_CONTEXT_DESCRIPTOR)))
		return stmmac_rx_ctx(stmmac_rxq(q), slot, des3, des1);
	return stmmac_rx_desc_frame(q, slot, des3, des1);
}
