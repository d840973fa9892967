/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * RX queues' control path: setup (on socnic_rx_queue.c), start, stop,
 * the ring's state for rx_queue_count and rx_descriptor_status. The
 * burst's codec is mvneta_rx_fast.c, its general path mvneta_rx_general.c,
 * its refill mvneta_rx_refill.c, the missed-frame counter mvneta_missed.c.
 *
 * Ring idiom (Linux mvneta_rx_swbm()/mvneta_rx_refill(); Marvell's
 * user-space driver, musdk neta_ppio_recv()):
 *   - slots [next, armed) belong to the device: armed, or filled and not
 *     yet harvested; RXQ_STATUS says how many of them are filled
 *     (occupied). Slots [armed, next + N) are the driver's. The whole
 *     ring may be armed.
 *   - a descriptor is armed with its buffer address (w2), its slot as
 *     cookie (w4) and MVNETA_DESC_WATERMARK in w1, which the device's
 *     write-back replaces: a counted descriptor whose w1 still holds it
 *     has not been written back yet (the count ran ahead), and the harvest
 *     stops there until it has (musdk's guard).
 *   - sw_ring[slot] is the mbuf armed in a slot. A harvested good frame
 *     takes it (slot NULL, refilled from the page pool); an errored or
 *     copied frame leaves it, and the refill re-arms it in place.
 *   - processed and re-armed counts go back through RXQ_STATUS_UPDATE
 *     once per burst, at most 255 of each per write.
 * Non-coherent: two descriptors (or four, with 128-byte lines) share a
 * cache line and NETA has no descriptor skip, so the driver writes
 * descriptors only at the refill and only whole lines it owns entirely
 * (arm_align): cleaning them cannot write a stale copy over a neighbour
 * the device owns, and the harvest's clean+invalidate never drops a
 * store of the driver's.
 */
#include <errno.h>
#include <inttypes.h>
#include <string.h>

#include <rte_branch_prediction.h>
#include <rte_common.h>
#include <rte_cycles.h>
#include <rte_errno.h>
#include <rte_malloc.h>
#include <rte_mbuf.h>

#include "socnic_io.h"
#include "socnic_queue.h"
#include "socnic_rx.h"
#include "socnic_rx_queue_start.h"

#include "mvneta_ethdev.h"
#include "mvneta_logs.h"
#include "mvneta_queue_cmd.h"
#include "mvneta_rx_arm.h"

/* Descriptors the device filled and the driver has not harvested. */
static uint16_t
mvneta_rx_occupied(const struct mvneta_rx_queue *rxq)
{
	uint32_t occ = socnic_read32(rxq->q.be, rxq->status_reg) &
		       MVNETA_RXQ_OCCUPIED_ALL_MASK;

	return (uint16_t)RTE_MIN(occ, (uint32_t)(uint16_t)(rxq->q.armed - rxq->q.next));
}

int
mvneta_rx_queue_count(void *rx_queue)
{
	struct mvneta_rx_queue *rxq = rx_queue;

	return rxq->q.started ? mvneta_rx_occupied(rxq) : 0;
}

int
mvneta_rx_descriptor_status(void *rx_queue, uint16_t offset)
{
	struct mvneta_rx_queue *rxq = rx_queue;

	if (unlikely(offset >= rxq->q.nb_desc))
		return -EINVAL;
	if (!rxq->q.started || offset >= (uint16_t)(rxq->q.armed - rxq->q.next))
		return RTE_ETH_RX_DESC_UNAVAIL;
	return offset < mvneta_rx_occupied(rxq) ? RTE_ETH_RX_DESC_DONE :
						  RTE_ETH_RX_DESC_AVAIL;
}

/* ---- Control path ---- */

/* One table for both directions: the NETA has as many TX as RX queues. */
_Static_assert(MVNETA_NB_RX_QUEUES == MVNETA_NB_TX_QUEUES,
	       "mvneta_ring_limits serves both directions");

const struct socnic_ring_limits mvneta_ring_limits = {
	.nb_queues = MVNETA_NB_RX_QUEUES,
	.min_desc = MVNETA_MIN_RING_DESC,
	.max_desc = MVNETA_MAX_RING_DESC,
};

/*
 * Ring of nb_desc 32-byte descriptors (socnic_ring_alloc()), within the
 * 4 GiB the port's 32-bit bus addresses reach.
 */
const struct rte_memzone *
mvneta_ring_alloc(const struct rte_eth_dev *dev, const char *kind,
		  uint16_t queue_id, uint16_t nb_desc, unsigned int socket_id)
{
	size_t len = (size_t)nb_desc * MVNETA_DESC_ALIGNED_SIZE;
	const struct rte_memzone *mz;

	mz = socnic_ring_alloc(dev, "mvneta", kind, queue_id, len, socket_id,
			       mvneta_logtype_driver);
	if (mz != NULL &&
	    mvneta_dma_check(mvneta_adapter(dev), mz->iova, len, kind) < 0) {
		rte_memzone_free(mz);
		return NULL;
	}
	return mz;
}

/* Every mbuf of a mempool reachable with 32-bit bus addresses. */
struct mvneta_mp_check {
	struct mvneta_adapter *ad;
	int ret;
};

static void
mvneta_mp_check_chunk(struct rte_mempool *mp, void *opaque,
		      struct rte_mempool_memhdr *memhdr, unsigned int idx)
{
	struct mvneta_mp_check *c = opaque;

	RTE_SET_USED(mp);
	RTE_SET_USED(idx);
	if (c->ret == 0)
		c->ret = mvneta_dma_check(c->ad, memhdr->iova, memhdr->len,
					  "mempool");
}

static const struct socnic_rx_queue_spec mvneta_rxq_spec = {
	.pmd = "mvneta",
	.logtype = &mvneta_logtype_rx,
	.lim = &mvneta_ring_limits,
	.size = sizeof(struct mvneta_rx_queue),
	.slot_bytes = sizeof(uint32_t),		/* buf_bus */
	.buf_min = MVNETA_RX_BUF_MIN,
	.buf_max = MVNETA_RX_BUF_MAX,
	.free_thresh = MVNETA_RX_FREE_THRESH,
	.kept_empty = 0,	/* counts, not a tail: the whole ring */
};

int
mvneta_rx_queue_setup(struct rte_eth_dev *dev, uint16_t queue_id,
		      uint16_t nb_desc, unsigned int socket_id,
		      const struct rte_eth_rxconf *conf, struct rte_mempool *mp)
{
	struct mvneta_adapter *ad = mvneta_adapter(dev);
	struct mvneta_mp_check chk = { ad, 0 };
	struct mvneta_rx_queue *rxq;
	void *p;
	int ret;

	rte_mempool_mem_iter(mp, mvneta_mp_check_chunk, &chk);
	if (chk.ret < 0)
		return chk.ret;
	/* The buffer size field counts 8-byte units: rounded down. */
	ret = socnic_rx_queue_create(dev, queue_id, &nb_desc, socket_id, conf,
				     mp, &mvneta_rxq_spec, MVNETA_RX_BUF_ALIGN, &p);
	if (ret < 0)
		return ret;
	rxq = p;
	rxq->buf_bus = socnic_rx_queue_slots(&rxq->q);
	/* RX queue q is the NETA's RX queue q: its counters' registers. */
	rxq->status_reg = MVNETA_RXQ_STATUS_REG(queue_id);
	rxq->update_reg = MVNETA_RXQ_STATUS_UPDATE_REG(queue_id);
	rxq->q.buf_size = rxq->q.room;
	/* The Marvell header, then the frame, after the headroom. */
	ret = socnic_rx_queue_lib_init(&rxq->q, &mvneta_rxq_spec, &ad->da.rx,
				       ad->da.coe, rxq->q.buf_size, MVNETA_MH_SIZE,
				       socket_id);
	if (ret < 0) {
		socnic_rx_queue_destroy(&rxq->q, mvneta_logtype_rx);
		return ret;
	}
	/* Non-coherent: arm whole cache lines of descriptors (see above). */
	rxq->arm_align = 1;
	if (rxq->q.lib.sync.mode != RXP_SYNC_COHERENT)
		rxq->arm_align = (uint16_t)RTE_MAX(1u,
			rxp_sync_line_size(&rxq->q.lib.sync) / MVNETA_DESC_ALIGNED_SIZE);
	if (rxq->q.free_thresh < rxq->arm_align)
		rxq->q.free_thresh = rxq->arm_align;
	/* The burst variant, chosen here once (conventions point 6). */
	dev->rx_pkt_burst = mvneta_rx_burst_select(rxq, &ad->da);
	socnic_rx_queue_install(dev, &rxq->q, mvneta_logtype_rx);
	return 0;
}

/*
 * Arms the whole ring and programs the queue, the queue still disabled.
 * Fails cleanly when the pool cannot fill the ring (robustness row 17).
 */
int
mvneta_rx_queue_start(struct rte_eth_dev *dev, struct socnic_rx_queue *q)
{
	struct mvneta_rx_queue *rxq = mvneta_rxq(q);
	const struct socnic_backend *be = rxq->q.be;
	const unsigned int hwq = rxq->q.queue_id;
	uint16_t i;
	int ret;

	socnic_rx_queue_offloads(dev, &rxq->q);
	/* NETA always stores the FCS (data_size counts it): trimmed here. */
	rxq->q.fcs_trim = rxq->q.keep_crc ? 0 : RTE_ETHER_CRC_LEN;
	ret = socnic_rx_queue_room_check(dev, &rxq->q,
					 MVNETA_MH_SIZE + rxq->q.fcs_trim,
					 mvneta_logtype_rx);
	if (ret < 0)
		return ret;
	/*
	 * Without scatter the device is given what the longest frame needs
	 * with the header and the FCS, in whole cache lines (Linux mvneta's
	 * MVNETA_RX_BUF_SIZE(pkt_size) does the same): every buffer's sync
	 * for the device then covers that, not the whole mbuf
	 * (docs/design/rxpath.md "Buffer size"). With scatter, whole buffers.
	 */
	ret = socnic_rx_queue_prime(&rxq->q,
				    rxq->q.max_len + MVNETA_MH_SIZE + rxq->q.fcs_trim,
				    RTE_CACHE_LINE_SIZE,
				    (size_t)rxq->q.nb_desc * MVNETA_DESC_ALIGNED_SIZE,
				    mvneta_logtype_rx);
	if (ret < 0)
		return ret;
	for (i = 0; i < rxq->q.nb_desc; i++)
		mvneta_rx_set_buf(rxq, i, rxq->q.sw_ring[i]);
	mvneta_ring_sync(&rxq->q.lib.sync, rxq->q.ring, 0, rxq->q.nb_desc, rxq->q.mask,
			 false);
	rxq->filled = 0;

	/* Linux mvneta_rxq_hw_init(): base, size and buffer size, offset. */
	socnic_write32(be, MVNETA_RXQ_BASE_ADDR_REG(hwq),
		       mvneta_bus_addr(rxq->q.ring_iova));
	socnic_write32(be, MVNETA_RXQ_SIZE_REG(hwq),
		       rxq->q.nb_desc |
		       (rxq->q.buf_size / MVNETA_RXQ_BUF_SIZE_UNIT)
		       << MVNETA_RXQ_BUF_SIZE_SHIFT);
	socnic_update32(be, MVNETA_RXQ_CONFIG_REG(hwq),
			MVNETA_RXQ_PKT_OFFSET_ALL_MASK | MVNETA_RXQ_HW_BUF_ALLOC,
			MVNETA_RXQ_PKT_OFFSET_MASK(0));
	rxq->done = 0;
	rxq->q.started = true;
	return 0;
}

/*
 * Enables the queue (its own bit: a 0 leaves the others), then hands it
 * the armed ring (non-occupied += N, 255 per write): the device takes the
 * ring registers at the enable and has nothing to fill before the count
 * arrives (at dev_start the port itself is enabled later).
 */
void
mvneta_rx_queue_enable(struct socnic_rx_queue *q)
{
	struct mvneta_rx_queue *rxq = mvneta_rxq(q);

	socnic_write32(rxq->q.be, MVNETA_RXQ_CMD, RTE_BIT32(rxq->q.queue_id));
	rte_wmb();
	mvneta_rxq_status_update(rxq->q.be, rxq->update_reg, 0,
				 (uint16_t)(rxq->q.armed - rxq->q.next));
}

/*
 * Disables the queue (Linux mvneta_port_down(): write its disable bit,
 * wait for its enable bit to clear; the other queues keep receiving),
 * counts the frames complete in the ring (rx_stop_discarded), gives every
 * buffer back to the page pool and the pool's cache to the mempool (row
 * 18), and returns the counts to 0 for the next start, which arms the
 * ring from index 0.
 */
void
mvneta_rx_queue_stop(struct socnic_rx_queue *q)
{
	struct mvneta_rx_queue *rxq = mvneta_rxq(q);
	const struct socnic_backend *be = rxq->q.be;

	mvneta_queue_disable(be, MVNETA_RXQ_CMD, MVNETA_RXQ_DISABLE_SHIFT,
			     rxq->q.queue_id);
	mvneta_rx_missed_update(&rxq->q);
	rxq->q.stats.rx_stop_discarded += socnic_read32(be, rxq->status_reg) &
					  MVNETA_RXQ_OCCUPIED_ALL_MASK;
	/*
	 * The armed descriptors cannot be taken back by a count (the register
	 * only adds), and a filled descriptor whose write-back has not landed
	 * must not be returned at all (Linux returns the filled ones with
	 * mvneta_rxq_drop_pkts()). So the queue is reset: its base address
	 * rewritten while it is disabled resets its ring position and counts
	 * (docs/model.md, "The contract"), and, once no RX queue of the port
	 * is enabled, the port's RX DMA too, as Linux's mvneta_rx_reset() at
	 * every stop.
	 */
	socnic_write32(be, MVNETA_RXQ_BASE_ADDR_REG(rxq->q.queue_id), 0);
	mvneta_queue_dma_reset_idle(be, MVNETA_RXQ_CMD, MVNETA_RXQ_ENABLE_MASK,
				    MVNETA_PORT_RX_RESET, MVNETA_PORT_RX_DMA_RESET);
	socnic_rx_queue_empty(&rxq->q,
			      (size_t)rxq->q.nb_desc * MVNETA_DESC_ALIGNED_SIZE,
			      mvneta_logtype_rx);
	mvneta_ring_sync(&rxq->q.lib.sync, rxq->q.ring, 0, rxq->q.nb_desc, rxq->q.mask,
			 false);
	rxq->filled = 0;
	rxq->q.started = false;
}
