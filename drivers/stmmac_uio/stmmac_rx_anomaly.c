/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * net_stmmac_uio: the RX completion anomalies the burst checks for (a
 * stale status word, descriptors the device skipped) and what it does
 * about them (robustness section 3, knob 9).
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

/*
 * Completion anomalies (robustness section 3, knob 9). Both are rare
 * paths: the only place the RX path reads a device register besides the
 * missed-frame counter is here, to ask the device where it stands
 * (DMA_CHAN_CUR_RX_DESC, the descriptor it will use next).
 */
static __rte_always_inline uint32_t
stmmac_rx_desc_addr(const struct stmmac_rx_queue *rxq, uint16_t slot)
{
	return stmmac_desc_addr(rxq->ring_lo, slot, rxq->q.desc_shift);
}

/*
 * Harvest found descriptor next + @p off with OWN clear but RDES2 still
 * holding STMMAC_RDES2_ARMED: its status word was written without a
 * write-back, such as a stale duplicate of the previous frame's status
 * landing on the re-armed descriptor. Its buffer holds no new frame. The
 * device cannot have used it: it is still at this descriptor (and, seeing
 * OWN clear, suspended on it). Then the descriptor is armed again in
 * place (its buffer never left the slot), the tail written again to
 * resume the device, the event counted (rx_desc_stale), and true
 * returned: the harvest stops before the descriptor, which completes
 * normally later. If the device has moved past it, the write-back was
 * genuine and only left RDES2 alone: false, harvested as usual.
 */
bool
stmmac_rx_stale(struct stmmac_rx_queue *rxq, uint16_t off)
{
	uint16_t idx = (uint16_t)(rxq->q.next + off);
	uint16_t slot = idx & rxq->q.mask;
	volatile struct dwmac4_desc *d = stmmac_rxd(rxq, idx);

	if (socnic_read32(rxq->q.be, DMA_CHAN_CUR_RX_DESC(STMMAC_RXQ_CHAN(rxq))) !=
	    stmmac_rx_desc_addr(rxq, slot))
		return false;
	stmmac_rx_set_addr(rxq, d, slot, rxq->q.sw_ring[slot]);
	stmmac_rx_ring_sync(rxq, idx, 1, false);
	socnic_desc_wmb();
	d->des3 = rte_cpu_to_le_32(RDES3_OWN | RDES3_BUFFER1_VALID_ADDR |
				   rxq->des3_ioc);
	stmmac_rx_ring_sync(rxq, idx, 1, false);
	socnic_write_tail(rxq->q.be, rxq->tail_reg,
			  stmmac_tail_addr(rxq->ring_lo, rxq->q.armed, rxq->q.mask,
					   rxq->q.desc_shift));
	rxq->stats.rx_desc_stale++;
	return true;
}

/*
 * The ring has been idle for STMMAC_RX_STUCK_POLLS empty polls with the
 * next descriptor owned by the device. Normal (no traffic), unless a
 * completion anomaly stopped it; the device's current descriptor
 * (DMA_CHAN_CUR_RX_DESC, the one it uses next) tells which:
 *  - the device is at a descriptor the driver armed that shows OWN clear
 *    but was never written back (RDES2 still STMMAC_RDES2_ARMED): a stale
 *    status word stops the device there (RBU), possibly behind a
 *    descriptor it holds for a frame in progress, where the harvest
 *    cannot reach it. Repaired as by stmmac_rx_stale();
 *  - the device is past the next two descriptors and the one after the
 *    next was written back while the next one is still owned:
 *    write-backs are in ring order, so the device skipped the next one.
 *    The driver moves past it; its buffer stays in the slot and the
 *    refill arms it again in place (the same words: harmless if the
 *    device reads them meanwhile), counted in rx_desc_skipped. A frame
 *    being assembled keeps its state.
 * Bounded: a stopped ring resumes within STMMAC_RX_STUCK_POLLS empty
 * polls per anomaly, never a deadlock. One register read per
 * STMMAC_RX_STUCK_POLLS empty polls, none while frames flow.
 */
void
stmmac_rx_stuck_check(struct stmmac_rx_queue *rxq)
{
	const uint16_t mask = rxq->q.mask;
	uint16_t avail = (uint16_t)(rxq->q.armed - rxq->q.next);
	const unsigned int shift = rxq->q.desc_shift;
	uint16_t slot = rxq->q.next & mask;
	volatile struct dwmac4_desc *d;
	uint32_t cur, off;

	rxq->stuck_polls = 0;
	if (avail == 0)
		return;
	stmmac_rx_ring_sync(rxq, rxq->q.next, 1, true);
	if (!(rte_le_to_cpu_32(stmmac_rxd(rxq, slot)->des3) & RDES3_OWN))
		return;
	cur = socnic_read32(rxq->q.be, DMA_CHAN_CUR_RX_DESC(STMMAC_RXQ_CHAN(rxq))) -
	      rxq->ring_lo;
	if (cur & ((1u << shift) - 1) || (cur >> shift) >= rxq->q.nb_desc)
		return;
	off = ((cur >> shift) - slot) & mask;
	/* Whatever the device wrote back up to where it stands, fresh. */
	stmmac_rx_ring_sync(rxq, rxq->q.next, avail, true);
	socnic_desc_rmb(&rxq->q.rmb);
	if (off < avail) {
		d = stmmac_rxd(rxq, (uint16_t)(slot + off));
		if (!(rte_le_to_cpu_32(d->des3) & RDES3_OWN) &&
		    d->des2 == rte_cpu_to_le_32(STMMAC_RDES2_ARMED)) {
			stmmac_rx_stale(rxq, (uint16_t)off);
			return;
		}
	}
	if (avail < 2 || off < 2)
		return;		/* the device is not past both */
	d = stmmac_rxd(rxq, (uint16_t)(rxq->q.next + 1));
	if ((rte_le_to_cpu_32(d->des3) & RDES3_OWN) ||
	    d->des2 == rte_cpu_to_le_32(STMMAC_RDES2_ARMED) ||
	    !(rte_le_to_cpu_32(stmmac_rxd(rxq, slot)->des3) & RDES3_OWN)) {
		rxq->skip_suspect = false;
		return;
	}
	/*
	 * Only when two checks in a row (STMMAC_RX_STUCK_POLLS empty polls
	 * apart) find the same descriptor passed over: a device that skipped
	 * it never comes back to it, while one that was only about to write
	 * it back has done so by the second look. Moving past a descriptor
	 * the device then completes would lose its frame.
	 */
	if (!rxq->skip_suspect || rxq->skip_suspect_idx != rxq->q.next) {
		rxq->skip_suspect = true;
		rxq->skip_suspect_idx = rxq->q.next;
		return;
	}
	rxq->skip_suspect = false;
	/*
	 * Take the skipped descriptor back: left with OWN set it looks armed
	 * to a device coming round the ring before the refill re-arms it
	 * (with the tail one past the ring end the device reads descriptor 0
	 * after the last one), which would then write a frame there that the
	 * refill overwrites (a lost frame, seen as a second "skip"). With
	 * OWN clear the device stops there until the refill arms it.
	 */
	stmmac_rxd(rxq, slot)->des3 = 0;
	stmmac_rx_ring_sync(rxq, rxq->q.next, 1, false);
	rxq->q.next++;
	rxq->stats.rx_desc_skipped++;
}
