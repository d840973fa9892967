/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * RX queues: setup, start/stop, the general (error, chain) descriptor path
 * and the refill. The burst variants are in mvneta_rx_fast.c.
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

#include "mvneta_ethdev.h"
#include "mvneta_logs.h"

/* Descriptors whose buffers are allocated per refill chunk. */
#define MVNETA_RX_REFILL_CHUNK		64
/* Polls of 10 us for the RX queue to stop: 100 ms. */
#define MVNETA_RX_STOP_POLLS		10000

/* Drops the frame in progress (socnic_rx_free_chain()) and its count. */
static void
mvneta_rx_free_chain(struct mvneta_rx_queue *rxq)
{
	socnic_rx_free_chain(&rxq->q);
	rxq->pkt_left = 0;
}

static void
mvneta_rx_discard(struct mvneta_rx_queue *rxq, uint64_t *detail, bool last)
{
	socnic_rx_discard(&rxq->q, detail, last);
	rxq->pkt_left = 0;
}

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
 * length @p len (as delivered) is out of bounds; NULL when good.
 */
static __rte_always_inline uint64_t *
mvneta_rx_frame_error(struct mvneta_rx_queue *rxq, uint32_t status,
		      uint32_t len)
{
	if (status & MVNETA_RXD_ERR_SUMMARY) {
		if ((status & MVNETA_RXD_ERR_CODE_MASK) == MVNETA_RXD_ERR_CRC)
			rxq->q.stats.rx_crc_errors++;
		return &rxq->q.stats.rx_desc_errors;
	}
	if (len < RTE_ETHER_HDR_LEN)
		return &rxq->q.stats.rx_runts;
	if (len > rxq->q.max_len)
		return &rxq->q.stats.rx_oversize;
	return NULL;
}

/* A frame in one descriptor (FIRST and LAST both set). */
static struct rte_mbuf *
mvneta_rx_single(struct mvneta_rx_queue *rxq, uint16_t slot, uint32_t status,
		 uint32_t dsize)
{
	uint64_t *err;
	uint32_t len;

	/*
	 * data_size counts the Marvell header and the FCS: below both, or
	 * beyond the buffer, it cannot be true (robustness row 9, 11). The
	 * buffer stays in its slot and is re-armed (row 1).
	 */
	if (unlikely(dsize < MVNETA_MH_SIZE + MVNETA_ETH_FCS_LEN ||
		     dsize > rxq->buf_size) &&
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
static struct rte_mbuf *
mvneta_rx_chain(struct mvneta_rx_queue *rxq, uint16_t slot, uint32_t status,
		uint32_t dsize)
{
	const bool first = status & MVNETA_RXD_FIRST_DESC;
	const bool last = status & MVNETA_RXD_LAST_DESC;
	uint32_t written, skip = first ? MVNETA_MH_SIZE : 0, take, fcs;
	struct rte_mbuf *mb;

	if (first) {
		if (dsize < MVNETA_MH_SIZE + MVNETA_ETH_FCS_LEN + RTE_ETHER_HDR_LEN ||
		    dsize <= rxq->buf_size) {
			/* Not a frame that needs several buffers. */
			mvneta_rx_discard(rxq, &rxq->q.stats.rx_length_errors, last);
			return NULL;
		}
		if (dsize - MVNETA_MH_SIZE - rxq->q.fcs_trim > rxq->q.max_len) {
			mvneta_rx_discard(rxq, &rxq->q.stats.rx_oversize, last);
			return NULL;
		}
		rxq->pkt_left = dsize;
		rxq->q.pkt_len = 0;
	}
	written = RTE_MIN(rxq->pkt_left, rxq->buf_size);
	if (unlikely(last != (written == rxq->pkt_left))) {
		/* LAST early, or the frame runs past it: the lengths lie. */
		mvneta_rx_discard(rxq, &rxq->q.stats.rx_length_errors, last);
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

struct rte_mbuf *
mvneta_rx_desc(struct socnic_rx_queue *q, uint16_t slot, uint32_t status,
	       uint32_t size)
{
	struct mvneta_rx_queue *rxq = mvneta_rxq(q);
	const bool last = status & MVNETA_RXD_LAST_DESC;
	uint32_t dsize = MVNETA_DESC_DATA_SIZE(size);

	if (status & MVNETA_RXD_FIRST_DESC) {
		if (rxq->q.state != SOCNIC_RX_IDLE) {
			/* The open frame lost its last descriptor (row 7). */
			socnic_rx_abort(&rxq->q);
			rxq->pkt_left = 0;
		}
		if (last)
			return mvneta_rx_single(rxq, slot, status, dsize);
		if (!rxq->q.scatter) {
			/* Needs several buffers, may not (row 4): drop whole. */
			mvneta_rx_discard(rxq, &rxq->q.stats.rx_scatter_dropped,
					  false);
			return NULL;
		}
		return mvneta_rx_chain(rxq, slot, status, dsize);
	}
	switch (rxq->q.state) {
	case SOCNIC_RX_CHAIN:
		return mvneta_rx_chain(rxq, slot, status, dsize);
	case SOCNIC_RX_IDLE:
		/* A continuation whose first descriptor we never saw. */
		mvneta_rx_discard(rxq, &rxq->q.stats.rx_truncated, last);
		return NULL;
	default:
		if (last)
			rxq->q.state = SOCNIC_RX_IDLE;
		return NULL;
	}
}

/* Descriptor words of an armed slot: address, cookie, the watermark. */
static __rte_always_inline void
mvneta_rx_write_desc(volatile struct mvneta_rx_desc *d, uint32_t bus,
		     uint16_t slot)
{
	d->buf_phys_addr = rte_cpu_to_le_32(bus);
	d->buf_cookie = rte_cpu_to_le_32(slot);
	d->size = rte_cpu_to_le_32(MVNETA_DESC_WATERMARK);
	d->status = 0;
}

/* Arms @p slot with @p mb, remembering where its data lands. */
static __rte_always_inline void
mvneta_rx_set_buf(struct mvneta_rx_queue *rxq, uint16_t slot,
		  const struct rte_mbuf *mb)
{
	uint32_t bus = mvneta_bus_addr(rxp_pool_dma_addr(rxq->q.lib.pool, mb));

	rxq->q.buf_data[slot] = (const uint8_t *)mb->buf_addr +
			      rxq->q.lib.pool->p.offset + MVNETA_MH_SIZE;
	rxq->buf_bus[slot] = bus;
	mvneta_rx_write_desc(&rxq->ring[slot], bus, slot);
}

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

/*
 * Frames lost before the ring for want of a descriptor (the clear-on-read
 * MVNETA_RX_DISCARD_FRAME_COUNT, Linux's rx_discard ethtool counter),
 * folded into rx_missed (imissed). The overrun counter is not added: its
 * frames reach the ring closed with the overrun error code and are
 * counted in ierrors. Read from the datapath (empty polls) and from
 * stats_get on the control thread: atomic adds keep both.
 */
void
mvneta_rx_missed_update(struct mvneta_rx_queue *rxq)
{
	uint32_t d = socnic_read32(rxq->q.be, MVNETA_RX_DISCARD_FRAME_COUNT);

	if (d != 0)
		__atomic_fetch_add(&rxq->q.stats.rx_missed, d, __ATOMIC_RELAXED);
}

/* Descriptors the device filled and the driver has not harvested. */
static uint16_t
mvneta_rx_occupied(const struct mvneta_rx_queue *rxq)
{
	uint32_t occ = socnic_read32(rxq->q.be, MVNETA_RXQ_STATUS_REG(MVNETA_RXQ)) &
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

const struct socnic_ring_limits mvneta_ring_limits = {
	.nb_queues = 1,
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

/*
 * Gives every buffer the ring or a partial frame holds back to the page
 * pool, then the pool's cache to the mempool: afterwards nothing is in
 * flight (robustness row 18).
 */
static void
mvneta_rx_queue_free_mbufs(struct mvneta_rx_queue *rxq)
{
	socnic_rx_ring_recycle(rxq->q.lib.pool, rxq->q.sw_ring, rxq->q.nb_desc);
	mvneta_rx_free_chain(rxq);
	rxq->q.state = SOCNIC_RX_IDLE;
	rxq->q.stats.rx_pool_leaked += socnic_rx_pool_drain(rxq->q.lib.pool,
		mvneta_logtype_rx, rxq->q.port_id, rxq->q.queue_id);
}

static void
mvneta_rx_queue_free(struct mvneta_rx_queue *rxq)
{
	socnic_rxq_lib_free(&rxq->q.lib, mvneta_logtype_rx);
	rte_memzone_free(rxq->q.mz);
	rte_free(rxq->q.sw_ring);
	rte_free(rxq);
}

void
mvneta_rx_queue_release(struct rte_eth_dev *dev, uint16_t queue_id)
{
	struct mvneta_rx_queue *rxq = dev->data->rx_queues[queue_id];

	if (rxq == NULL)
		return;
	if (rxq->q.started)
		mvneta_rx_queue_stop(rxq);
	else
		mvneta_rx_queue_free_mbufs(rxq);
	mvneta_rx_queue_free(rxq);
	dev->data->rx_queues[queue_id] = NULL;
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

int
mvneta_rx_queue_setup(struct rte_eth_dev *dev, uint16_t queue_id,
		      uint16_t nb_desc, unsigned int socket_id,
		      const struct rte_eth_rxconf *conf, struct rte_mempool *mp)
{
	struct mvneta_adapter *ad = mvneta_adapter(dev);
	uint16_t port = dev->data->port_id;
	struct socnic_rxq_lib_conf lc;
	struct mvneta_rx_queue *rxq;
	uint32_t room, bufsz;
	uint16_t thresh;
	int ret;

	ret = socnic_queue_setup_check(mvneta_logtype_rx, port, "RX", queue_id,
				       &nb_desc, conf->rx_deferred_start,
				       &mvneta_ring_limits);
	/* The buffer size field counts 8-byte units: round down. */
	if (ret == 0)
		ret = socnic_rx_buf_size(mvneta_logtype_rx, port, mp,
					 MVNETA_RX_BUF_MIN, MVNETA_RX_BUF_MAX,
					 MVNETA_RX_BUF_ALIGN, &room, &bufsz);
	if (ret == 0)
		ret = socnic_rx_free_thresh(mvneta_logtype_rx, port,
					    conf->rx_free_thresh,
					    MVNETA_RX_FREE_THRESH, nb_desc,
					    &thresh);
	if (ret < 0)
		return ret;
	{
		struct mvneta_mp_check chk = { ad, 0 };

		rte_mempool_mem_iter(mp, mvneta_mp_check_chunk, &chk);
		if (chk.ret < 0)
			return chk.ret;
	}

	mvneta_rx_queue_release(dev, queue_id);
	rxq = rte_zmalloc_socket("mvneta_rxq", sizeof(*rxq),
				 RTE_CACHE_LINE_SIZE, (int)socket_id);
	if (rxq == NULL)
		return -ENOMEM;
	/* sw_ring, buf_data, buf_bus: one allocation. */
	rxq->q.sw_ring = rte_zmalloc_socket("mvneta_rx_sw_ring",
					  (sizeof(rxq->q.sw_ring[0]) +
					   sizeof(rxq->q.buf_data[0]) +
					   sizeof(rxq->buf_bus[0])) * nb_desc,
					  RTE_CACHE_LINE_SIZE, (int)socket_id);
	rxq->q.mz = mvneta_ring_alloc(dev, "rx", queue_id, nb_desc, socket_id);
	if (rxq->q.sw_ring == NULL || rxq->q.mz == NULL) {
		rte_memzone_free(rxq->q.mz);
		rte_free(rxq->q.sw_ring);
		rte_free(rxq);
		return -ENOMEM;
	}
	rxq->q.buf_data = (const uint8_t **)(rxq->q.sw_ring + nb_desc);
	rxq->buf_bus = (uint32_t *)(rxq->q.buf_data + nb_desc);
	rxq->ring = rxq->q.mz->addr;
	rxq->q.ring_iova = rxq->q.mz->iova;
	rxq->q.be = &ad->be;
	rxq->q.rmb.fn = ad->be.ops->rx_barrier;	/* NULL but on a test model */
	rxq->q.rmb.ctx = ad->be.ctx;
	rxq->q.nb_desc = nb_desc;
	rxq->q.mask = nb_desc - 1;
	rxq->q.cap = nb_desc;		/* counts, not a tail: the whole ring */
	rxq->q.free_thresh = thresh;
	rxq->q.port_id = port;
	rxq->q.queue_id = queue_id;
	rxq->buf_size = bufsz;
	rxq->q.room = bufsz;
	rxq->q.mp = mp;
	rxq->q.offloads = conf->offloads | dev->data->dev_conf.rxmode.offloads;

	/* The header, then the frame, after the headroom (lc.offset). */
	socnic_rxq_lib_conf_init(&lc, &ad->da.rx, ad->da.coe);
	rxq->q.hw_csum = socnic_rxq_reads_hw_csum(&lc);
	lc.pmd = "mvneta";
	lc.logtype = mvneta_logtype_rx;
	lc.port_id = port;
	lc.queue_id = queue_id;
	lc.nb_desc = nb_desc;
	lc.socket_id = socket_id;
	lc.mp = mp;
	lc.be = &ad->be;
	lc.max_len = bufsz;
	ret = socnic_rxq_lib_setup(&rxq->q.lib, &lc);
	if (ret < 0) {
		mvneta_rx_queue_free(rxq);
		return ret;
	}
	/* The frame after the Marvell header (mvneta_rx_set_buf()). */
	rxq->q.data_off = (uint16_t)(rxq->q.lib.pool->p.offset + MVNETA_MH_SIZE);
	/* Non-coherent: arm whole cache lines of descriptors (see above). */
	rxq->arm_align = 1;
	if (rxq->q.lib.sync.mode != RXP_SYNC_COHERENT)
		rxq->arm_align = (uint16_t)RTE_MAX(1u,
			rxp_sync_line_size(&rxq->q.lib.sync) / MVNETA_DESC_ALIGNED_SIZE);
	if (rxq->q.free_thresh < rxq->arm_align)
		rxq->q.free_thresh = rxq->arm_align;
	dev->data->rx_queues[queue_id] = rxq;
	/* The burst variant, chosen here once (conventions point 6). */
	dev->rx_pkt_burst = mvneta_rx_burst_select(rxq, &ad->da);
	PMD_RX_LOG(INFO, "port %u: RX queue %u: %u descriptors, %u-byte buffers, refill at %u, sync %s, %s, csum %s",
		   port, queue_id, nb_desc, bufsz, rxq->q.free_thresh,
		   rxq->q.lib.sync.variant,
		   rxq->q.lib.buf_mode == SOCNIC_RXB_COPY ? "copy-all" :
		   rxq->q.lib.buf_mode == SOCNIC_RXB_CB ? "zero-copy + copybreak" :
		   "zero-copy", socnic_csum_mode_name(rxq->q.lib.csum_mode));
	return 0;
}

/*
 * Arms the whole ring and programs the queue, the queue still disabled.
 * Fails cleanly when the pool cannot fill the ring (robustness row 17).
 */
int
mvneta_rx_queue_start(struct rte_eth_dev *dev, struct mvneta_rx_queue *rxq)
{
	const struct socnic_backend *be = rxq->q.be;
	uint64_t offloads = rxq->q.offloads | dev->data->dev_conf.rxmode.offloads;
	unsigned int got;
	uint16_t i;

	rxq->q.scatter = offloads & RTE_ETH_RX_OFFLOAD_SCATTER;
	rxq->q.keep_crc = offloads & RTE_ETH_RX_OFFLOAD_KEEP_CRC;
	/* NETA always stores the FCS (data_size counts it): trimmed here. */
	rxq->q.fcs_trim = rxq->q.keep_crc ? 0 : RTE_ETHER_CRC_LEN;
	rxq->q.max_len = socnic_rx_max_len(dev, dev->data->mtu);
	if (!rxq->q.scatter && rxq->q.max_len + MVNETA_MH_SIZE + rxq->q.fcs_trim >
			     rxq->q.room) {
		PMD_RX_LOG(ERR, "port %u: MTU %u needs %u-byte frames, buffers hold %u with the Marvell header and FCS: enable scatter or use larger mbufs",
			   rxq->q.port_id, dev->data->mtu, rxq->q.max_len,
			   rxq->q.room);
		return -EINVAL;
	}
	/*
	 * Without scatter the device is given what the longest frame needs
	 * with the header and the FCS, in whole cache lines (Linux mvneta's
	 * MVNETA_RX_BUF_SIZE(pkt_size) does the same): every buffer's sync
	 * for the device then covers that, not the whole mbuf
	 * (docs/design/rxpath.md "Buffer size"). With scatter, whole buffers.
	 */
	rxq->buf_size = rxq->q.scatter ? rxq->q.room :
		RTE_MIN(rxq->q.room, RTE_ALIGN_CEIL(rxq->q.max_len + MVNETA_MH_SIZE +
						  rxq->q.fcs_trim, RTE_CACHE_LINE_SIZE));
	if (rxp_pool_set_max_len(rxq->q.lib.pool, rxq->buf_size) < 0)
		return -EINVAL;
	got = rxp_pool_alloc_bulk(rxq->q.lib.pool, rxq->q.sw_ring, rxq->q.nb_desc);
	if (got != rxq->q.nb_desc) {
		PMD_RX_LOG(ERR, "port %u: mempool %s cannot fill %u RX descriptors (%u available)",
			   rxq->q.port_id, rxq->q.mp->name, rxq->q.nb_desc,
			   rte_mempool_avail_count(rxq->q.mp) + got);
		for (i = 0; i < got; i++)
			rxp_pool_recycle_direct(rxq->q.lib.pool, rxq->q.sw_ring[i]);
		socnic_rxq_lib_flush(&rxq->q.lib);
		memset(rxq->q.sw_ring, 0, sizeof(rxq->q.sw_ring[0]) * rxq->q.nb_desc);
		return -ENOMEM;
	}
	memset(rxq->q.mz->addr, 0, (size_t)rxq->q.nb_desc * MVNETA_DESC_ALIGNED_SIZE);
	for (i = 0; i < rxq->q.nb_desc; i++)
		mvneta_rx_set_buf(rxq, i, rxq->q.sw_ring[i]);
	mvneta_ring_sync(&rxq->q.lib.sync, rxq->ring, 0, rxq->q.nb_desc, rxq->q.mask,
			 false);
	rxq->q.next = 0;
	rxq->q.armed = rxq->q.nb_desc;
	rxq->filled = 0;
	rxq->q.state = SOCNIC_RX_IDLE;

	/* Linux mvneta_rxq_hw_init(): base, size and buffer size, offset. */
	socnic_write32(be, MVNETA_RXQ_BASE_ADDR_REG(MVNETA_RXQ),
		       mvneta_bus_addr(rxq->q.ring_iova));
	socnic_write32(be, MVNETA_RXQ_SIZE_REG(MVNETA_RXQ),
		       rxq->q.nb_desc |
		       (rxq->buf_size / MVNETA_RXQ_BUF_SIZE_UNIT)
		       << MVNETA_RXQ_BUF_SIZE_SHIFT);
	socnic_update32(be, MVNETA_RXQ_CONFIG_REG(MVNETA_RXQ),
			MVNETA_RXQ_PKT_OFFSET_ALL_MASK | MVNETA_RXQ_HW_BUF_ALLOC,
			MVNETA_RXQ_PKT_OFFSET_MASK(0));
	rxq->done = 0;
	rxq->q.started = true;
	return 0;
}

/*
 * Enables the queue, then hands it the armed ring (non-occupied += N, 255
 * per write): the device takes the ring registers at the enable and has
 * nothing to fill before the count arrives (the port itself is enabled
 * later, at dev_start's end).
 */
void
mvneta_rx_queue_enable(struct mvneta_rx_queue *rxq)
{
	socnic_write32(rxq->q.be, MVNETA_RXQ_CMD, 1u << MVNETA_RXQ);
	rte_wmb();
	mvneta_rxq_status_update(rxq->q.be, 0, (uint16_t)(rxq->q.armed - rxq->q.next));
}

/*
 * Disables the queue (Linux mvneta_port_down(): write the disable bit,
 * wait for the enable bit to clear), counts the frames complete in the
 * ring (rx_stop_discarded), gives every buffer back to the page pool and
 * the pool's cache to the mempool (row 18), and returns the counts to 0:
 * the processed ones off occupied, and the rest of the ring, which the
 * next start arms from index 0, with a queue reset.
 */
void
mvneta_rx_queue_stop(struct mvneta_rx_queue *rxq)
{
	const struct socnic_backend *be = rxq->q.be;
	uint32_t st, occ, nonocc;
	unsigned int i;

	if (!rxq->q.started)
		return;
	socnic_write32(be, MVNETA_RXQ_CMD,
		       (1u << MVNETA_RXQ) << MVNETA_RXQ_DISABLE_SHIFT);
	for (i = 0; i < MVNETA_RX_STOP_POLLS; i++) {
		if (!(socnic_read32(be, MVNETA_RXQ_CMD) & (1u << MVNETA_RXQ)))
			break;
		rte_delay_us(10);
	}
	mvneta_rx_missed_update(rxq);
	st = socnic_read32(be, MVNETA_RXQ_STATUS_REG(MVNETA_RXQ));
	occ = st & MVNETA_RXQ_OCCUPIED_ALL_MASK;
	nonocc = (st & MVNETA_RXQ_NON_OCCUPIED_ALL_MASK) >>
		 MVNETA_RXQ_NON_OCCUPIED_SHIFT;
	rxq->q.stats.rx_stop_discarded += occ;
	/*
	 * The armed descriptors cannot be taken back by a count (the register
	 * only adds), so the port's RX DMA is reset, which clears both counts
	 * (Linux returns the filled ones with mvneta_rxq_drop_pkts(); here a
	 * filled descriptor whose write-back has not landed must not be
	 * returned at all).
	 */
	RTE_SET_USED(nonocc);
	socnic_write32(be, MVNETA_PORT_RX_RESET, MVNETA_PORT_RX_DMA_RESET);
	socnic_write32(be, MVNETA_PORT_RX_RESET, 0);
	mvneta_rx_queue_free_mbufs(rxq);
	memset(rxq->q.mz->addr, 0, (size_t)rxq->q.nb_desc * MVNETA_DESC_ALIGNED_SIZE);
	mvneta_ring_sync(&rxq->q.lib.sync, rxq->ring, 0, rxq->q.nb_desc, rxq->q.mask,
			 false);
	rxq->q.next = 0;
	rxq->q.armed = 0;
	rxq->filled = 0;
	rxq->q.started = false;
}
