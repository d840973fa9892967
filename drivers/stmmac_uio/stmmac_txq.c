/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * TX queues: setup, start/stop, and the burst function (its checks of
 * offload requests, tx_pkt_prepare, are stmmac_tx_prep.c's).
 *
 * Ring idiom: slots [clean, prod) were handed to the device; a packet of k
 * non-empty segments takes k consecutive descriptors (FD on the first, LD
 * on the last). At most N - 1 are outstanding so that the tail index can
 * only equal the device's current index when it has nothing to send
 * (model.md "Transmit": the engine runs while current != tail). The whole
 * mbuf chain is remembered in the slot of its last descriptor and freed
 * once that descriptor is written back.
 */
#include <errno.h>
#include <string.h>

#include <rte_branch_prediction.h>
#include <rte_common.h>
#include <rte_malloc.h>
#include <rte_mbuf.h>
#include <rte_prefetch.h>

#include "socnic_io.h"
#include "socnic_ring.h"
#include "socnic_tx_queue.h"

#include "stmmac_ethdev.h"
#include "stmmac_hw.h"
#include "stmmac_logs.h"
#include "stmmac_tx_csum.h"

/*
 * A write-back with TTSS: TDES0 holds the stamp's nanoseconds, TDES1 its
 * seconds (Linux dwmac4_get_timestamp()), read after TDES3 (the barrier).
 * Out of line: only frames that asked for a stamp come here.
 */
static __rte_noinline void
stmmac_tx_stamp_take(struct stmmac_tx_queue *txq,
		     volatile struct dwmac4_desc *d)
{
	uint64_t ns;

	rte_io_rmb();
	ns = (uint64_t)rte_le_to_cpu_32(d->des1) * 1000000000ull +
	     rte_le_to_cpu_32(d->des0);
	__atomic_store_n(&txq->tx_stamp_ns, ns, __ATOMIC_RELEASE);
}

/*
 * Reclaims descriptors the device has written back (OWN clear), oldest
 * first, and frees their packets. Only TDES3 is read, so no read barrier
 * is needed, but for a frame's IEEE 1588 stamp (stmmac_tx_stamp_take()). Non-coherent (@p nc
 * constant per instance): the lines of at most SOCNIC_TX_FREE_BULK
 * outstanding descriptors are cleaned+invalidated first, then prefetched
 * together, and only those are looked at.
 */
static __rte_always_inline void
stmmac_tx_clean_tmpl(struct stmmac_tx_queue *txq, const bool nc)
{
	struct socnic_tx_free done = { .n = 0 };
	volatile struct dwmac4_desc *ring = txq->ring;
	const uint16_t mask = txq->q.mask;
	const unsigned int shift = nc ? txq->desc_shift :
				   STMMAC_DESC_SHIFT_PACKED;
	uint16_t clean = txq->q.clean, end = txq->q.prod;

	if (nc) {
		uint16_t i;

		if ((uint16_t)(end - clean) > SOCNIC_TX_FREE_BULK)
			end = (uint16_t)(clean + SOCNIC_TX_FREE_BULK);
		stmmac_ring_for_cpu(&txq->q.sync, ring, clean,
				    (uint16_t)(end - clean), mask, shift);
		/* Every line now misses: all their fetches in flight at once. */
		for (i = clean; i != end; i++)
			rte_prefetch0((const void *)stmmac_desc(ring, i, mask,
								shift));
	}
	while (clean != end) {
		uint16_t slot = clean & mask;
		uint32_t des3 = rte_le_to_cpu_32(
			stmmac_desc(ring, slot, mask, shift)->des3);

		if (des3 & TDES3_OWN)
			break;
		if ((des3 & (TDES3_LAST_DESCRIPTOR | TDES3_ERROR_SUMMARY)) ==
		    (TDES3_LAST_DESCRIPTOR | TDES3_ERROR_SUMMARY))
			txq->stats.tx_errors++;
		/* The frame asked for its IEEE 1588 stamp (TDES2.TTSE). */
		if (unlikely(des3 & TDES3_TIMESTAMP_STATUS))
			stmmac_tx_stamp_take(txq, stmmac_desc(ring, slot, mask,
							      shift));
		if (txq->q.sw_ring[slot] != NULL) {
			socnic_tx_free_add(&done, txq->q.sw_ring[slot]);
			txq->q.sw_ring[slot] = NULL;
		}
		clean++;
	}
	socnic_tx_free_flush(&done);
	txq->q.clean = clean;
}

static void
stmmac_tx_clean(struct stmmac_tx_queue *txq)
{
	if (txq->q.sync.mode != RXP_SYNC_COHERENT)
		stmmac_tx_clean_tmpl(txq, true);
	else
		stmmac_tx_clean_tmpl(txq, false);
}

void
stmmac_tx_queue_reclaim(struct stmmac_tx_queue *txq)
{
	if (txq->q.started)
		stmmac_tx_clean(txq);
}

/*
 * Descriptors @p m needs (one per non-empty segment), or 0 when the device
 * cannot send it: empty, too long, or a segment over the 14-bit buffer
 * length (a zero-length buffer with OWN is a violation, model.md).
 */
static __rte_always_inline uint16_t
stmmac_tx_descs_needed(const struct stmmac_tx_queue *txq,
		       const struct rte_mbuf *m)
{
	uint16_t n = 0;

	if (unlikely(m->pkt_len == 0 || m->pkt_len > txq->max_frame))
		return 0;
	if (likely(m->nb_segs == 1))
		return m->data_len == m->pkt_len ? 1 : 0;
	for (; m != NULL; m = m->next) {
		if (unlikely(m->data_len > STMMAC_TX_MAX_SEG_LEN))
			return 0;
		n += m->data_len != 0;
	}
	return n < txq->q.nb_desc ? n : 0;
}

/*
 * The context descriptor at @p prod before @p m's first, with its VLAN
 * tag (TDES3 VLTV, Linux dwmac4_set_vlan_tag()): the packet's first
 * slot, so, coherent, its OWN is set last like a first descriptor's.
 * Returns its TDES3 with OWN.
 */
static __rte_always_inline uint32_t
stmmac_tx_vlan_ctx(struct stmmac_tx_queue *txq, const struct rte_mbuf *m,
		   uint16_t prod, const bool nc)
{
	const unsigned int shift = nc ? txq->desc_shift :
				   STMMAC_DESC_SHIFT_PACKED;
	uint16_t slot = prod & txq->q.mask;
	volatile struct dwmac4_desc *d =
		stmmac_desc(txq->ring, slot, txq->q.mask, shift);
	uint32_t des3 = TDES3_CONTEXT_TYPE | TDES3_VLTV |
			(m->vlan_tci & TDES3_VLAN_TAG);

	d->des0 = 0;
	d->des1 = 0;
	d->des2 = 0;
	d->des3 = rte_cpu_to_le_32(nc ? des3 | TDES3_OWN : des3);
	txq->q.sw_ring[slot] = NULL;
	return des3 | TDES3_OWN;
}

/*
 * Non-coherent, step A of the burst: cleans the bytes of every segment of
 * the packets that fit in @p avail descriptors (those the device cannot
 * send take none and are left for step B to drop), no completion barrier.
 * Returns how many of @p tx_pkts step B takes; *full says whether the
 * next one did not fit.
 */
static __rte_always_inline uint16_t
stmmac_tx_clean_payloads(struct stmmac_tx_queue *txq,
			 struct rte_mbuf **tx_pkts, uint16_t nb_pkts,
			 uint16_t avail, bool *full)
{
	uint16_t i;

	*full = false;
	for (i = 0; i < nb_pkts; i++) {
		const struct rte_mbuf *seg = tx_pkts[i];
		uint16_t need = stmmac_tx_descs_needed(txq, seg);

		if (unlikely(need > avail)) {
			*full = true;
			break;
		}
		avail -= need;
		for (; need != 0 && seg != NULL; seg = seg->next)
			if (seg->data_len != 0)
				rxp_sync_clean(&txq->q.sync,
					       rte_pktmbuf_mtod(seg, void *),
					       seg->data_len);
	}
	return i;
}

/*
 * TX burst. Steps: A. (non-coherent) clean every segment's bytes;
 * B. one fence; C. write the descriptors; D. (non-coherent) clean their
 * lines and wait; E. the doorbell.
 * Policy:
 *  - completed descriptors are reclaimed first, so the ring is as free as
 *    the device allows;
 *  - one descriptor per non-empty segment, and a context descriptor
 *    before a packet with RTE_MBUF_F_TX_VLAN (stmmac_tx_vlan_ctx()); a
 *    packet that needs more free
 *    descriptors than there are stops the burst (fewer packets returned,
 *    tx_ring_full counted); the caller retries the rest;
 *  - a packet the device cannot send at all is freed and counted in
 *    tx_dropped (consumed, so one bad packet cannot block the queue);
 *  - checksum requests (ol_flags) become TDES3.CIC on each of the
 *    packet's descriptors, nothing else is read from the packet; what
 *    the device's engine then finds wrong comes back as ES (oerrors);
 *  - one fence between the payload and the first descriptor store (B):
 *    a running DMA may fetch a descriptor as soon as it can see it,
 *    past the tail (docs/model.md "Transmit descriptor prefetch"), so
 *    its bytes must already be where the DMA reads: on a non-coherent
 *    device the cleans of step A completed (dsb: Linux's dma_map_single()
 *    ends with one), on a coherent one the application's stores ordered
 *    before (dma_wmb);
 *  - coherent: within a packet OWN is set on the first descriptor last,
 *    after a write barrier (Linux stmmac_xmit() does the same), so the
 *    device never sees half a frame;
 *  - non-coherent (@p nc): the descriptors are written whole, OWN
 *    included, and their lines cleaned once (D), then the tail is
 *    written; each has its line to itself (stmmac_ring.h);
 *  - the tail is written once per burst, as stmmac_tx_tail_addr() says:
 *    the base at the wrap, never the ring end.
 */
/* What the production instances leave to the rare ones. */
#define STMMAC_TX_RARE	(RTE_MBUF_F_TX_IEEE1588_TMST | RTE_MBUF_F_TX_VLAN)

static uint16_t stmmac_xmit_rare(struct stmmac_tx_queue *txq,
				 struct rte_mbuf **tx_pkts, uint16_t nb_pkts,
				 bool nc);

static __rte_always_inline uint16_t
stmmac_xmit_tmpl(void *tx_queue, struct rte_mbuf **tx_pkts, uint16_t nb_pkts,
		 const bool nc, const bool rare)
{
	struct stmmac_tx_queue *txq = tx_queue;
	volatile struct dwmac4_desc *ring = txq->ring;
	const uint16_t mask = txq->q.mask;
	const unsigned int shift = nc ? txq->desc_shift :
				   STMMAC_DESC_SHIFT_PACKED;
	const uint16_t prod0 = txq->q.prod;
	uint16_t prod = prod0, nb_tx, nb_sent = 0, avail, nb_take = nb_pkts;
	uint64_t bytes = 0;
	bool full = false, to_rare = false;

	/* A stopped queue (rte_eth_dev_tx_queue_stop) takes nothing. */
	if (unlikely(!txq->q.started))
		return 0;
	stmmac_tx_clean_tmpl(txq, nc);
	avail = (uint16_t)(txq->q.nb_desc - 1 - (uint16_t)(prod - txq->q.clean));
	if (nb_pkts == 0)
		return 0;
	/* A, B */
	if (nc) {
		nb_take = stmmac_tx_clean_payloads(txq, tx_pkts, nb_pkts, avail,
						   &full);
		if (nb_take != 0)
			rxp_sync_fence(&txq->q.sync);
	} else {
		socnic_desc_wmb();
	}
	/* C */
	for (nb_tx = 0; nb_tx < nb_take; nb_tx++) {
		struct rte_mbuf *m = tx_pkts[nb_tx], *seg;
		uint16_t need = stmmac_tx_descs_needed(txq, m);
		uint16_t first = prod & mask, left;
		uint32_t first_des3 = 0;
		uint32_t cic = stmmac_tx_cic(m->ol_flags) & txq->cic_mask;
		/* On the first descriptor: TTSE, VTIR (the rare instance's). */
		uint32_t ttse = 0;

		if (unlikely(need == 0)) {
			txq->q.stats.tx_dropped++;
			rte_pktmbuf_free(m);
			continue;
		}
		if (unlikely(need > avail)) {
			full = true;
			break;
		}
		/*
		 * A packet asking for its IEEE 1588 stamp or a VLAN tag: the
		 * rare instance's (@p rare); this one hands it the rest of the
		 * burst. There the MAC stamps the frame (TTSE), and a tag
		 * takes a context descriptor first.
		 */
		if (unlikely(m->ol_flags & STMMAC_TX_RARE)) {
			if (!rare) {
				to_rare = true;
				break;
			}
			if (m->ol_flags & RTE_MBUF_F_TX_IEEE1588_TMST)
				ttse = TDES2_TIMESTAMP_ENABLE;
		}
		if (rare && (m->ol_flags & RTE_MBUF_F_TX_VLAN)) {
			if (unlikely(need + 1u > avail)) {
				full = true;
				break;
			}
			first_des3 = stmmac_tx_vlan_ctx(txq, m, prod, nc);
			/* VTIR on the frame's first descriptor: insert. */
			ttse |= DWMAC4_TDES2_VTIR_INSERT;
			prod++;
			avail--;
		}
		left = need;
		for (seg = m; seg != NULL; seg = seg->next) {
			uint16_t slot = prod & mask;
			volatile struct dwmac4_desc *d =
				stmmac_desc(ring, slot, mask, shift);
			rte_iova_t iova = rte_mbuf_data_iova(seg);
			uint32_t des3 = (m->pkt_len & TDES3_PACKET_SIZE_MASK) |
					cic;

			if (seg->data_len == 0)
				continue;
			d->des0 = rte_cpu_to_le_32((uint32_t)iova);
			d->des1 = rte_cpu_to_le_32((uint32_t)(iova >> 32));
			d->des2 = rte_cpu_to_le_32((seg->data_len &
						    TDES2_BUFFER1_SIZE_MASK) |
						   (left == need ? ttse : 0));
			if (left == need)
				des3 |= TDES3_FIRST_DESCRIPTOR;
			if (--left == 0)
				des3 |= TDES3_LAST_DESCRIPTOR;
			txq->q.sw_ring[slot] = left == 0 ? m : NULL;
			if (slot == first && !nc)
				d->des3 = rte_cpu_to_le_32(des3);
			else
				d->des3 = rte_cpu_to_le_32(des3 | TDES3_OWN);
			if (slot == first)
				first_des3 = des3 | TDES3_OWN;
			prod++;
		}
		if (!nc) {
			socnic_desc_wmb();
			stmmac_desc(ring, first, mask, shift)->des3 =
				rte_cpu_to_le_32(first_des3);
		}
		avail -= need;
		nb_sent++;
		bytes += m->pkt_len;
	}
	if (unlikely(full))
		txq->q.stats.tx_ring_full++;
	if (prod != prod0) {
		/* D, E */
		if (nc)
			stmmac_ring_for_device(&txq->q.sync, ring, prod0,
					       (uint16_t)(prod - prod0), mask,
					       shift);
		txq->q.prod = prod;
		socnic_write_tail(txq->q.be, txq->tail_reg,
				  stmmac_tx_tail_addr(txq->ring_lo, prod, mask,
						      shift));
	}
	txq->q.stats.tx_packets += nb_sent;
	txq->q.stats.tx_bytes += bytes;
	PMD_TX_DP_LOG(DEBUG, "port %u: %u of %u packets, prod %u clean %u",
		      txq->q.port_id, nb_tx, nb_pkts, txq->q.prod, txq->q.clean);
	if (!rare && unlikely(to_rare))
		return (uint16_t)(nb_tx + stmmac_xmit_rare(txq, tx_pkts + nb_tx,
				  (uint16_t)(nb_pkts - nb_tx), nc));
	return nb_tx;
}

/*
 * The rest of a burst from its first packet asking for a stamp or a VLAN
 * tag (STMMAC_TX_RARE): the instances that set TTSE and write context
 * descriptors, kept apart so that a burst with neither costs the
 * production instances one flag test per packet (docs/perf/vlan.md).
 */
static __rte_noinline uint16_t
stmmac_xmit_rare(struct stmmac_tx_queue *txq, struct rte_mbuf **tx_pkts,
		 uint16_t nb_pkts, bool nc)
{
	return nc ? stmmac_xmit_tmpl(txq, tx_pkts, nb_pkts, true, true) :
		    stmmac_xmit_tmpl(txq, tx_pkts, nb_pkts, false, true);
}

static uint16_t
stmmac_xmit_pkts(void *tx_queue, struct rte_mbuf **tx_pkts, uint16_t nb_pkts)
{
	return stmmac_xmit_tmpl(tx_queue, tx_pkts, nb_pkts, false, false);
}

static uint16_t
stmmac_xmit_pkts_nc(void *tx_queue, struct rte_mbuf **tx_pkts,
		    uint16_t nb_pkts)
{
	return stmmac_xmit_tmpl(tx_queue, tx_pkts, nb_pkts, true, false);
}

int
stmmac_tx_descriptor_status(void *tx_queue, uint16_t offset)
{
	struct stmmac_tx_queue *txq = tx_queue;
	uint16_t used, prev;

	if (unlikely(offset >= txq->q.nb_desc))
		return -EINVAL;
	/*
	 * The slot @p offset places after the next free one was last used
	 * N positions earlier; it is FULL while that use is outstanding
	 * and the device still owns it.
	 */
	prev = (uint16_t)(txq->q.prod + offset - txq->q.nb_desc);
	used = (uint16_t)(txq->q.prod - txq->q.clean);
	if ((uint16_t)(prev - txq->q.clean) >= used)
		return RTE_ETH_TX_DESC_DONE;
	stmmac_tx_ring_sync(txq, prev, 1, true);
	if (rte_le_to_cpu_32(stmmac_txd(txq, prev)->des3) & TDES3_OWN)
		return RTE_ETH_TX_DESC_FULL;
	return RTE_ETH_TX_DESC_DONE;
}

static const struct socnic_tx_queue_spec stmmac_txq_spec = {
	.pmd = "stmmac_txq",
	.logtype = &stmmac_logtype_tx,
	.lim = &stmmac_ring_limits,
	.size = sizeof(struct stmmac_tx_queue),
};

int
stmmac_tx_queue_setup(struct rte_eth_dev *dev, uint16_t queue_id,
		      uint16_t nb_desc, unsigned int socket_id,
		      const struct rte_eth_txconf *conf)
{
	struct stmmac_adapter *ad = stmmac_adapter(dev);
	struct stmmac_tx_queue *txq;
	void *q;
	int ret;

	ret = socnic_tx_queue_create(dev, queue_id, &nb_desc, socket_id, conf,
				     &stmmac_txq_spec, &q);
	if (ret < 0)
		return ret;
	txq = q;
	txq->ring = txq->q.mz->addr;
	txq->ring_lo = (uint32_t)txq->q.ring_iova;
	txq->desc_shift = ad->desc_shift;
	txq->pbl = ad->da.txpbl;
	/*
	 * Store and forward: the MTL sends a frame once all of it is in the
	 * TX queue, so a longer one would never leave (it would stall the
	 * queue): the limit is the queue's real size (TQS: its share of
	 * the FIFO MAC_HW_Feature1 reports among the TX queues configured,
	 * stmmac_hw_queue_bytes()), within TDES3's 15-bit length.
	 */
	txq->max_frame = RTE_MIN(stmmac_hw_queue_bytes(ad->tx_fifo,
						       dev->data->nb_tx_queues),
				 (uint32_t)TDES3_PACKET_SIZE_MASK);
	txq->tail_reg = DMA_CHAN_TX_END_ADDR(queue_id);
	txq->cic_mask = ad->tx_coe ? TDES3_CHECKSUM_INSERTION_MASK : 0;
	ret = socnic_tx_queue_sync_init(&txq->q, ad->da.rx.dma_noncoherent,
					txq->max_frame);
	if (ret < 0) {
		socnic_tx_queue_destroy(&txq->q);
		return ret;
	}
	/* The burst for the memory model, chosen here once. */
	socnic_tx_queue_install(dev, &txq->q,
				ad->da.rx.dma_noncoherent ? stmmac_xmit_pkts_nc :
				stmmac_xmit_pkts,
				stmmac_prep_pkts, stmmac_logtype_tx);
	return 0;
}

/* Programs the channel from an empty ring, TX DMA still stopped. */
int
stmmac_tx_queue_start(struct rte_eth_dev *dev, struct socnic_tx_queue *q)
{
	struct stmmac_tx_queue *txq = stmmac_txq(q);
	const struct socnic_backend *be = txq->q.be;

	RTE_SET_USED(dev);
	memset(txq->q.mz->addr, 0, (size_t)txq->q.nb_desc << txq->desc_shift);
	stmmac_tx_ring_sync(txq, 0, txq->q.nb_desc, false);
	txq->q.prod = 0;
	txq->q.clean = 0;
	socnic_write32(be, DMA_CHAN_TX_BASE_ADDR_HI(STMMAC_TXQ_CHAN(txq)),
		       (uint32_t)(txq->q.ring_iova >> 32));
	socnic_write32(be, DMA_CHAN_TX_BASE_ADDR(STMMAC_TXQ_CHAN(txq)), txq->ring_lo);
	socnic_write32(be, DMA_CHAN_TX_RING_LEN(STMMAC_TXQ_CHAN(txq)),
		       DWMAC4_DMA_RING_LEN(txq->q.nb_desc));
	/* t = 0: nothing to send yet (tail == current == base). */
	socnic_write_tail(be, txq->tail_reg, txq->ring_lo);
	txq->q.started = true;
	return 0;
}

void
stmmac_tx_queue_enable_dma(struct socnic_tx_queue *q)
{
	struct stmmac_tx_queue *txq = stmmac_txq(q);
	/*
	 * TxPBL (x8 with PBLx8) and OSP, as Linux's dwmac4_dma_init_tx_chan()
	 * ("operate on second packet": the DMA fetches the next frame's
	 * descriptors before the current frame's status is written back),
	 * then ST.
	 */
	socnic_update32(txq->q.be, DMA_CHAN_TX_CONTROL(STMMAC_TXQ_CHAN(txq)),
			DMA_CHAN_TX_CTRL_TXPBL_MASK | DMA_CONTROL_OSP,
			(uint32_t)txq->pbl << DMA_BUS_MODE_PBL_SHIFT |
			DMA_CONTROL_OSP | DMA_CONTROL_ST);
}

/*
 * Graceful stop, first half (databook "stopping transmission": let the DMA
 * finish the frames it owns before ST is cleared): waits, bounded, until the
 * device has handed back the last descriptor armed. Frames it does not
 * finish in time are dropped by stmmac_tx_queue_stop() and counted there.
 */
void
stmmac_tx_queue_drain(struct socnic_tx_queue *q)
{
	struct stmmac_tx_queue *txq = stmmac_txq(q);
	unsigned int polls;

	if (txq->q.prod == txq->q.clean)
		return;
	for (polls = 0; polls < STMMAC_TX_DRAIN_POLLS; polls++) {
		uint16_t last = (uint16_t)(txq->q.prod - 1);
		uint32_t des3;

		socnic_backend_wait_poll(txq->q.be);
		stmmac_tx_ring_sync(txq, last, 1, true);
		des3 = rte_le_to_cpu_32(stmmac_txd(txq, last)->des3);

		if (!(des3 & TDES3_OWN))
			return;
		rte_delay_us_block(STMMAC_TX_DRAIN_POLL_US);
	}
	PMD_TX_LOG(WARNING, "port %u: TX still owned by the device after %u us",
		   txq->q.port_id, STMMAC_TX_DRAIN_POLLS * STMMAC_TX_DRAIN_POLL_US);
}

/*
 * Stops TX DMA and frees every packet still in the ring, sent or not
 * (row 18); the next start begins again at index 0 like the device.
 */
void
stmmac_tx_queue_stop(struct socnic_tx_queue *q)
{
	struct stmmac_tx_queue *txq = stmmac_txq(q);

	socnic_update32(txq->q.be, DMA_CHAN_TX_CONTROL(STMMAC_TXQ_CHAN(txq)),
			DMA_CONTROL_ST, 0);
	/* Count what completed before the stop, then drop the rest. */
	stmmac_tx_clean(txq);
	memset(txq->q.mz->addr, 0, (size_t)txq->q.nb_desc << txq->desc_shift);
	stmmac_tx_ring_sync(txq, 0, txq->q.nb_desc, false);
	socnic_tx_queue_stopped(&txq->q);
}
