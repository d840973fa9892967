/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * net_stmmac_uio: IEEE 1588 on the RX path, out of line. With the
 * timestamp unit on, the MAC marks the PTP messages it recognises (RDES1
 * PMT) and, for those of its snapshot table or for every frame (TSENALL,
 * the RTE_ETH_RX_OFFLOAD_TIMESTAMP offload), says in RDES1 TSA that it
 * wrote the frame's stamp in a context descriptor after the frame's last
 * one (RDES3 CTXT; RDES0 nanoseconds, RDES1 seconds: Linux
 * dwmac4_get_timestamp()). The fast path leaves such frames to the
 * general path (stmmac_rx_group_clean()), which holds a stamped frame
 * until that descriptor comes, possibly in a later burst, as it holds a
 * chain, then flags it RTE_MBUF_F_RX_IEEE1588_TMST, with
 * RTE_MBUF_F_RX_IEEE1588_PTP when RDES1 PMT names a PTP message. PTP
 * messages the MAC does not stamp are not flagged: telling them apart
 * would cost the fast path a test per frame. The context descriptor's
 * buffer was never used: it stays in its slot and the refill arms it
 * again.
 */
#include <stdbool.h>
#include <stdint.h>

#include <rte_branch_prediction.h>
#include <rte_byteorder.h>
#include <rte_common.h>
#include <rte_mbuf.h>
#include <rte_mbuf_dyn.h>

#include "socnic_rx_queue.h"

#include "stmmac_ethdev.h"

#define STMMAC_NS_PER_S		1000000000ull
/* Both words all ones: the device's mark of a corrupt stamp (Linux). */
#define STMMAC_CTX_CORRUPT	UINT32_MAX

/* The flags of a PTP message (RDES1 PMT: the MAC recognised one). */
static uint64_t
stmmac_rx_ptp_flags(uint32_t des1)
{
	return (des1 & RDES1_PTP_MSG_TYPE_MASK) ? RTE_MBUF_F_RX_IEEE1588_PTP : 0;
}

struct rte_mbuf *
stmmac_rx_hold(struct stmmac_rx_queue *rxq, struct rte_mbuf *mb,
	       uint32_t des1)
{
	rxq->hold_ol = stmmac_rx_ptp_flags(des1);
	rxq->q.pkt_first = mb;
	rxq->q.pkt_last = mb;
	rxq->q.state = SOCNIC_RX_HOLD;
	return NULL;
}

/* The held frame out, the queue between frames again. */
static struct rte_mbuf *
stmmac_rx_release(struct stmmac_rx_queue *rxq)
{
	struct rte_mbuf *mb = rxq->q.pkt_first;

	rxq->q.pkt_first = NULL;
	rxq->q.pkt_last = NULL;
	rxq->q.pkt_len = 0;
	rxq->q.state = SOCNIC_RX_IDLE;
	return mb;
}

/* A context descriptor after the held frame: its stamp, the frame. */
static struct rte_mbuf *
stmmac_rx_stamped(struct stmmac_rx_queue *rxq, uint16_t slot, uint32_t sec)
{
	uint32_t ns = rte_le_to_cpu_32(stmmac_rxd(rxq, slot)->des0);
	uint64_t ol = rxq->hold_ol;
	uint64_t t;

	if (unlikely(ns == STMMAC_CTX_CORRUPT && sec == STMMAC_CTX_CORRUPT)) {
		rxq->stats.rx_ts_corrupt++;
		rxq->ts_ol = ol;
		return stmmac_rx_release(rxq);
	}
	t = (uint64_t)sec * STMMAC_NS_PER_S + ns;
	rxq->ts_ns = t;
	rxq->ts_ol = ol | rxq->ts_dyn_flag;
	if (ol & RTE_MBUF_F_RX_IEEE1588_PTP) {
		rxq->ts_ol |= RTE_MBUF_F_RX_IEEE1588_TMST;
		/* Kept for timesync_read_rx_timestamp (stmmac_ptp.c). */
		__atomic_store_n(&rxq->rx_stamp_ns, t, __ATOMIC_RELEASE);
	}
	rxq->stats.rx_ts_frames++;
	return stmmac_rx_release(rxq);
}

/*
 * A context descriptor (@p des3 CTXT, @p des1 the seconds), or any
 * descriptor while a frame is held for one. A context descriptor with no
 * frame held (its frame was dropped, or the device wrote one unasked)
 * carries nothing to deliver. A held frame followed by anything else
 * never gets its stamp: dropped and counted (rx_ts_lost), and the
 * descriptor taken as usual.
 */
struct rte_mbuf *
stmmac_rx_ctx(struct stmmac_rx_queue *rxq, uint16_t slot, uint32_t des3,
	      uint32_t des1)
{
	const bool ctx = des3 & RDES3_CONTEXT_DESCRIPTOR;

	if (rxq->q.state != SOCNIC_RX_HOLD)
		return ctx ? NULL : stmmac_rx_desc_frame(&rxq->q, slot, des3, des1);
	if (ctx)
		return stmmac_rx_stamped(rxq, slot, des1);
	socnic_rx_count_error(&rxq->q, &rxq->stats.rx_ts_lost);
	socnic_rx_free_chain(&rxq->q);
	rxq->q.state = SOCNIC_RX_IDLE;
	return stmmac_rx_desc_frame(&rxq->q, slot, des3, des1);
}

void
stmmac_rx_stamp_apply(struct stmmac_rx_queue *rxq, struct rte_mbuf *mb)
{
	if (rxq->ts_ol & rxq->ts_dyn_flag)
		*RTE_MBUF_DYNFIELD(mb, rxq->ts_dyn_off, rte_mbuf_timestamp_t *) =
			rxq->ts_ns;
	mb->ol_flags |= rxq->ts_ol;
	rxq->ts_ol = 0;
}
