/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * RX queues' control path: setup (on socnic_rx_queue.c), start, stop,
 * the ring's state for rx_queue_count and rx_descriptor_status. The
 * burst's codec is stmmac_rx_fast.c, its general path stmmac_rx_general.c,
 * its refill stmmac_rx_refill.c, its completion checks stmmac_rx_anomaly.c.
 * Ring idiom: slots [next, armed) are the device's, at most N - 1 armed
 * after start; sw_ring[slot] is the mbuf armed in a slot; an armed
 * descriptor carries RDES2 = STMMAC_RDES2_ARMED. Why, and the page pool's
 * in-flight rule: docs/design/rxpath.md, "Ring idiom".
 */
#include <errno.h>
#include <inttypes.h>
#include <string.h>

#include <rte_branch_prediction.h>
#include <rte_common.h>
#include <rte_errno.h>
#include <rte_malloc.h>
#include <rte_mbuf.h>

#include "socnic_io.h"
#include "socnic_rx_queue_start.h"

#include "stmmac_ethdev.h"
#include "stmmac_hw.h"
#include "stmmac_logs.h"
#include "stmmac_rx_arm.h"

int
stmmac_rx_queue_count(void *rx_queue)
{
	struct stmmac_rx_queue *rxq = rx_queue;
	uint16_t avail = (uint16_t)(rxq->q.armed - rxq->q.next);
	uint16_t n;

	stmmac_rx_ring_sync(rxq, rxq->q.next, avail, true);
	for (n = 0; n < avail; n++)
		if (rte_le_to_cpu_32(stmmac_rxd(rxq, (uint16_t)(rxq->q.next + n))->des3) &
		    RDES3_OWN)
			break;
	return n;
}

int
stmmac_rx_descriptor_status(void *rx_queue, uint16_t offset)
{
	struct stmmac_rx_queue *rxq = rx_queue;

	if (unlikely(offset >= rxq->q.nb_desc))
		return -EINVAL;
	if (offset >= (uint16_t)(rxq->q.armed - rxq->q.next))
		return RTE_ETH_RX_DESC_UNAVAIL;
	stmmac_rx_ring_sync(rxq, (uint16_t)(rxq->q.next + offset), 1, true);
	if (rte_le_to_cpu_32(stmmac_rxd(rxq, (uint16_t)(rxq->q.next + offset))->des3) &
	    RDES3_OWN)
		return RTE_ETH_RX_DESC_AVAIL;
	return RTE_ETH_RX_DESC_DONE;
}

/* ---- Control path ---- */

const struct socnic_ring_limits stmmac_ring_limits = {
	.nb_queues = DWMAC4_DMA_MAX_CHANNELS,
	.min_desc = STMMAC_MIN_RING_DESC,
	.max_desc = STMMAC_MAX_RING_DESC,
};

/*
 * Descriptor ring of nb_desc descriptors 1 << desc_shift bytes apart
 * (socnic_ring_alloc()): aligned to its own size, it never crosses a
 * 4 GiB line (the tail registers hold only the low 32 bits, the high ones
 * being the base's, model.md), and every descriptor of a padded ring
 * starts a cache line.
 */
const struct rte_memzone *
stmmac_ring_alloc(const struct rte_eth_dev *dev, const char *kind,
		  uint16_t queue_id, uint16_t nb_desc, unsigned int socket_id)
{
	return socnic_ring_alloc(dev, "stmmac", kind, queue_id,
				 (size_t)nb_desc << stmmac_adapter(dev)->desc_shift,
				 socket_id,
				 stmmac_logtype_driver);
}

/*
 * Gives every buffer the ring or a partial frame holds back to the page
 * pool, then the pool's cache back to the mempool: afterwards nothing is
 * in flight and the mempool's in-use count is what the application holds
 * (robustness row 18, fault invariant "conservation").
 */
/*
 * Frames the device completed that the application never harvested are
 * thrown away with the ring at stop: counted (rx_stop_discarded, one per
 * LD written back before the first descriptor still owned), so that every
 * frame the device took stays accounted for. A frame the device was
 * still writing is the device's to count (it aborts it).
 */
static void
stmmac_rx_count_discarded(struct stmmac_rx_queue *rxq)
{
	uint16_t avail = (uint16_t)(rxq->q.armed - rxq->q.next), i;

	stmmac_rx_ring_sync(rxq, rxq->q.next, avail, true);
	rte_rmb();
	for (i = 0; i < avail; i++) {
		uint32_t des3 = rte_le_to_cpu_32(
			stmmac_rxd(rxq, (uint16_t)(rxq->q.next + i))->des3);

		if (des3 & RDES3_OWN)
			break;
		rxq->q.stats.rx_stop_discarded += (des3 & RDES3_LAST_DESCRIPTOR) != 0;
	}
}

static const struct socnic_rx_queue_spec stmmac_rxq_spec = {
	.pmd = "stmmac",
	.logtype = &stmmac_logtype_rx,
	.lim = &stmmac_ring_limits,
	.size = sizeof(struct stmmac_rx_queue),
	.slot_bytes = sizeof(rte_iova_t),	/* buf_iova */
	.buf_min = STMMAC_RBSZ_MIN,
	.buf_max = STMMAC_RBSZ_MAX,
	.free_thresh = STMMAC_RX_FREE_THRESH,
	.kept_empty = 1,	/* tail == head: an empty ring */
};

int
stmmac_rx_queue_setup(struct rte_eth_dev *dev, uint16_t queue_id,
		      uint16_t nb_desc, unsigned int socket_id,
		      const struct rte_eth_rxconf *conf, struct rte_mempool *mp)
{
	struct stmmac_adapter *ad = stmmac_adapter(dev);
	struct stmmac_rx_queue *rxq;
	void *p;
	int ret;

	/*
	 * RBSZ is a multiple of the bus width (its low bits are read-only
	 * zero) in [64, 16380], and for a non-coherent device a whole number
	 * of DMA granules (scatter fills buffers whole: a partial last line
	 * would be shared with what follows the buffer): rounded down.
	 */
	ret = socnic_rx_queue_create(dev, queue_id, &nb_desc, socket_id, conf,
				     mp, &stmmac_rxq_spec,
				     RTE_MAX(ad->bus_bytes,
					     ad->da.rx.dma_noncoherent ?
					     ad->dma_align : STMMAC_RBSZ_ALIGN),
				     &p);
	if (ret < 0)
		return ret;
	rxq = p;
	rxq->buf_iova = socnic_rx_queue_slots(&rxq->q);
	rxq->ring_lo = (uint32_t)rxq->q.ring_iova;
	rxq->q.desc_shift = ad->desc_shift;
	rxq->pbl = ad->da.rxpbl;
	rxq->q.buf_size = rxq->q.room;
	rxq->tail_reg = DMA_CHAN_RX_END_ADDR(queue_id);
	/*
	 * lib/rxpath objects: the DMA sync variant, the page pool over the
	 * application's mempool, copybreak and, for zerocopy=0, copy-all.
	 */
	ret = socnic_rx_queue_lib_init(&rxq->q, &stmmac_rxq_spec, &ad->da.rx,
				       ad->da.coe, rxq->q.buf_size, 0, socket_id);
	if (ret < 0) {
		socnic_rx_queue_destroy(&rxq->q, stmmac_logtype_rx);
		return ret;
	}
	/*
	 * The burst variant for this memory model, buffer mode and prefetch
	 * policy, chosen here once (conventions point 6).
	 */
	dev->rx_pkt_burst = stmmac_rx_burst_select(rxq, &ad->da);
	socnic_rx_queue_install(dev, &rxq->q, stmmac_logtype_rx);
	return 0;
}

/*
 * Arms the whole ring and programs the channel, RX DMA still stopped.
 * Fails cleanly (nothing allocated is kept) when the pool cannot fill the
 * ring (robustness row 17).
 */
int
stmmac_rx_queue_start(struct rte_eth_dev *dev, struct socnic_rx_queue *q)
{
	struct stmmac_rx_queue *rxq = stmmac_rxq(q);
	const struct socnic_backend *be = rxq->q.be;
	uint16_t i;
	int ret;

	socnic_rx_queue_offloads(dev, &rxq->q);
	/* The timestamp offload's field and flag (stmmac_rx_stamp.c). */
	rxq->ts_dyn_flag = stmmac_adapter(dev)->ts_dyn_flag;
	rxq->ts_dyn_off = stmmac_adapter(dev)->ts_dyn_off;
	rxq->ts_ol = 0;
	/*
	 * The MAC strips the FCS (CST|ACS) unless KEEP_CRC or crc_strip=sw;
	 * with crc_strip=sw it stores the FCS and software trims it, from
	 * the device's cumulative length (a last segment holding only FCS
	 * bytes is freed, never handed up: row 10).
	 */
	rxq->q.fcs_trim = stmmac_adapter(dev)->da.crc_strip_sw && !rxq->q.keep_crc ?
			RTE_ETHER_CRC_LEN : 0;
	/* crc_strip=sw: the MAC stores 4 more bytes (the FCS) per frame. */
	ret = socnic_rx_queue_room_check(dev, &rxq->q, rxq->q.fcs_trim,
					 stmmac_logtype_rx);
	if (ret < 0)
		return ret;
	/*
	 * Without scatter the device is given only what the longest frame
	 * needs (with slack for an FCS), in whole cache lines, like Linux
	 * stmmac's 1536-byte buffers at MTU 1500: every buffer's sync for
	 * the device then covers that, not the whole mbuf (24 lines instead
	 * of 32 at MTU 1500). A longer frame spills into a second
	 * descriptor and is dropped as oversize (row 4), as it would be
	 * anyway. With scatter the buffers are used whole.
	 */
	ret = socnic_rx_queue_prime(&rxq->q, rxq->q.max_len + RTE_ETHER_CRC_LEN,
				    stmmac_adapter(dev)->dma_align,
				    (size_t)rxq->q.nb_desc << rxq->q.desc_shift,
				    stmmac_logtype_rx);
	if (ret < 0)
		return ret;
	for (i = 0; i < rxq->q.nb_desc; i++)
		stmmac_rx_set_addr(rxq, stmmac_rxd(rxq, i), i, rxq->q.sw_ring[i]);
	stmmac_rx_ring_sync(rxq, 0, rxq->q.nb_desc, false);
	socnic_desc_wmb();
	for (i = 0; i < rxq->q.nb_desc; i++)
		stmmac_rxd(rxq, i)->des3 = rte_cpu_to_le_32(RDES3_OWN |
			RDES3_BUFFER1_VALID_ADDR | rxq->des3_ioc);
	stmmac_rx_ring_sync(rxq, 0, rxq->q.nb_desc, false);
	rxq->stuck_polls = 0;

	/* Channel registers, in Linux dwmac4_dma_init_rx_chan() order. */
	socnic_write32(be, DMA_CHAN_RX_BASE_ADDR_HI(STMMAC_RXQ_CHAN(rxq)),
		       (uint32_t)(rxq->q.ring_iova >> 32));
	socnic_write32(be, DMA_CHAN_RX_BASE_ADDR(STMMAC_RXQ_CHAN(rxq)), rxq->ring_lo);
	socnic_write32(be, DMA_CHAN_RX_RING_LEN(STMMAC_RXQ_CHAN(rxq)),
		       DWMAC4_DMA_RING_LEN(rxq->q.nb_desc));
	socnic_write32(be, DMA_CHAN_RX_CONTROL(STMMAC_RXQ_CHAN(rxq)),
		       stmmac_rx_control(rxq, false));
	/* t = N: the whole ring is armed. */
	socnic_write_tail(be, rxq->tail_reg,
			  stmmac_tail_addr(rxq->ring_lo, rxq->q.armed, rxq->q.mask,
					   rxq->q.desc_shift));
	rxq->q.started = true;
	return 0;
}

/*
 * DMA_CHx_Rx_Control: the buffer size, the burst length (RxPBL; with
 * PBLx8 in DMA_CHx_Control, Linux dwmac4_dma_init_rx_chan()), and SR.
 * PBL 0 is no burst at all: the channel would not run.
 */
uint32_t
stmmac_rx_control(const struct stmmac_rx_queue *rxq, bool start)
{
	return rxq->q.buf_size << DMA_RBSZ_SHIFT |
	       rxq->pbl << DMA_BUS_MODE_RPBL_SHIFT |
	       (start ? DMA_CONTROL_SR : 0);
}

void
stmmac_rx_queue_enable_dma(struct socnic_rx_queue *q)
{
	struct stmmac_rx_queue *rxq = stmmac_rxq(q);
	socnic_write32(rxq->q.be, DMA_CHAN_RX_CONTROL(STMMAC_RXQ_CHAN(rxq)),
		       stmmac_rx_control(rxq, true));
}

/*
 * Stops RX DMA and waits until its process reads Stopped (the databook's
 * SR: it stops after the frame in transfer, whose descriptors and buffers
 * are the device's until then), then gives every buffer the ring or a
 * partial frame holds back to the page pool and the pool's cache to the
 * mempool (row 18), and forgets the ring: the next start arms it from
 * index 0, where the device restarts too. A DMA that never stops is
 * logged; its buffers are recycled anyway (the port is going down).
 */
void
stmmac_rx_queue_stop(struct socnic_rx_queue *q)
{
	struct stmmac_rx_queue *rxq = stmmac_rxq(q);

	socnic_write32(rxq->q.be, DMA_CHAN_RX_CONTROL(STMMAC_RXQ_CHAN(rxq)),
		       stmmac_rx_control(rxq, false));
	stmmac_hw_wait_dma_stopped(rxq->q.be, rxq->q.port_id,
				   RTE_BIT32(STMMAC_RXQ_CHAN(rxq)), false);
	stmmac_rx_missed_update(&rxq->q);
	stmmac_rx_count_discarded(rxq);
	socnic_rx_queue_empty(&rxq->q, (size_t)rxq->q.nb_desc << rxq->q.desc_shift,
			      stmmac_logtype_rx);
	stmmac_rx_ring_sync(rxq, 0, rxq->q.nb_desc, false);
	rxq->q.started = false;
}
