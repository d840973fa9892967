/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * TX queues: setup, start/stop, and the burst function.
 *
 * NETA counts here too (Linux mvneta_tx(), mvneta_txq_done()): the driver
 * fills descriptors [prod, ...) and adds them to the queue's pending count
 * through TXQ_UPDATE (at most 255 per write); the device counts what it
 * sent in TXQ_STATUS, and the driver frees that many of its oldest slots
 * and subtracts them through TXQ_UPDATE. The device never writes a TX
 * descriptor. A packet of k non-empty segments takes k consecutive
 * descriptors (F_DESC on the first, L_DESC and zero padding on the last);
 * the mbuf chain is kept in the slot of its last descriptor.
 * Non-coherent: the sent bytes and then the descriptor lines are cleaned
 * before the count goes to the device (the device only reads them, so a
 * line shared with a neighbour is cleaned whole without harm).
 */
#include <errno.h>
#include <string.h>

#include <rte_branch_prediction.h>
#include <rte_common.h>
#include <rte_cycles.h>
#include <rte_errno.h>
#include <rte_malloc.h>
#include <rte_mbuf.h>

#include "socnic_io.h"
#include "socnic_ring.h"
#include "socnic_tx_queue.h"

#include "mvneta_dma_cfg.h"
#include "mvneta_ethdev.h"
#include "mvneta_logs.h"
#include "mvneta_queue_cmd.h"
#include "mvneta_tx_csum.h"

/*
 * The queue's TXQ_UPDATE: @p add descriptors to send, @p dec sent ones
 * reclaimed.
 */
static __rte_always_inline void
mvneta_txq_update(const struct mvneta_tx_queue *txq, uint32_t add,
		  uint32_t dec)
{
	while (add != 0 || dec != 0) {
		uint32_t a = RTE_MIN(add, MVNETA_TXQ_ADD_PENDING_MAX);
		uint32_t d = RTE_MIN(dec, MVNETA_TXQ_DEC_SENT_MASK);

		socnic_write32(txq->q.be, txq->update_reg,
			       a | d << MVNETA_TXQ_DEC_SENT_SHIFT);
		add -= a;
		dec -= d;
	}
}

/* Frees the packets of the descriptors the device reports sent. */
static void
mvneta_tx_clean(struct mvneta_tx_queue *txq)
{
	struct socnic_tx_free fin = { .n = 0 };
	uint32_t sent = (socnic_read32(txq->q.be, txq->status_reg) &
			 MVNETA_TXQ_SENT_DESC_MASK) >> MVNETA_TXQ_SENT_DESC_SHIFT;
	unsigned int i;

	sent = RTE_MIN(sent, (uint32_t)(uint16_t)(txq->q.prod - txq->q.clean));
	if (sent == 0)
		return;
	for (i = 0; i < sent; i++) {
		uint16_t slot = (uint16_t)(txq->q.clean + i) & txq->q.mask;

		if (txq->q.sw_ring[slot] == NULL)
			continue;
		socnic_tx_free_add(&fin, txq->q.sw_ring[slot]);
		txq->q.sw_ring[slot] = NULL;
	}
	socnic_tx_free_flush(&fin);
	txq->q.clean = (uint16_t)(txq->q.clean + sent);
	mvneta_txq_update(txq, 0, sent);
}

/*
 * Descriptors @p m needs (one per non-empty segment), or 0 when the device
 * cannot send it: empty, a segment over data_size's 16 bits, or a buffer
 * outside what 32-bit bus addresses reach.
 */
static __rte_always_inline uint16_t
mvneta_tx_descs_needed(const struct mvneta_tx_queue *txq,
		       const struct rte_mbuf *m, uint32_t dma_hi)
{
	uint16_t n = 0;

	if (unlikely(m->pkt_len == 0 || m->pkt_len > MVNETA_MAX_FRAME_LEN +
		     RTE_ETHER_CRC_LEN))
		return 0;
	for (; m != NULL; m = m->next) {
		if (unlikely(m->data_len > MVNETA_TX_MAX_SEG_LEN ||
			     (uint32_t)(rte_pktmbuf_iova(m) >> 32) != dma_hi))
			return 0;
		n += m->data_len != 0;
	}
	return n <= txq->q.nb_desc ? n : 0;
}

/*
 * TX burst.
 * Policy: malformed packets (see mvneta_tx_descs_needed) are freed and
 * counted in tx_dropped (oerrors); a full ring ends the burst (ring_full);
 * the device hears once per burst (TXQ_UPDATE). A packet's checksum
 * requests go in its first descriptor's command (mvneta_tx_csum_cmd()).
 */
static __rte_always_inline uint16_t
mvneta_xmit_tmpl(void *tx_queue, struct rte_mbuf **pkts, uint16_t nb_pkts,
		 const bool nc)
{
	struct mvneta_tx_queue *txq = tx_queue;
	const uint32_t dma_hi = (uint32_t)(txq->q.ring_iova >> 32);
	uint16_t i, first = txq->q.prod, added;

	if (unlikely(!txq->q.started))
		return 0;
	mvneta_tx_clean(txq);
	for (i = 0; i < nb_pkts; i++) {
		struct rte_mbuf *m = pkts[i], *s;
		uint16_t need = mvneta_tx_descs_needed(txq, m, dma_hi), k = 0;

		if (unlikely(need == 0)) {
			txq->q.stats.tx_dropped++;
			rte_pktmbuf_free(m);
			continue;
		}
		if ((uint16_t)(txq->q.nb_desc - (uint16_t)(txq->q.prod - txq->q.clean)) <
		    need) {
			txq->q.stats.tx_ring_full++;
			break;
		}
		for (s = m; s != NULL; s = s->next) {
			volatile struct mvneta_tx_desc *d;
			uint32_t cmd = 0;

			if (s->data_len == 0)
				continue;
			d = &txq->ring[txq->q.prod & txq->q.mask];
			/* Z_PAD on the last (Linux mvneta_tx_frag_process()). */
			if (k == 0)
				cmd |= MVNETA_TXD_F_DESC | mvneta_tx_csum_cmd(m);
			if (++k == need)
				cmd |= MVNETA_TXD_L_DESC | MVNETA_TXD_Z_PAD;
			if (nc)
				rxp_sync_clean(&txq->q.sync,
					       rte_pktmbuf_mtod(s, const void *),
					       s->data_len);
			d->buf_phys_addr = rte_cpu_to_le_32(
				mvneta_bus_addr(rte_pktmbuf_iova(s)));
			d->size = rte_cpu_to_le_32((uint32_t)s->data_len <<
						   MVNETA_DESC_SIZE_SHIFT);
			d->command = rte_cpu_to_le_32(cmd);
			txq->q.sw_ring[txq->q.prod & txq->q.mask] = k == need ? m : NULL;
			txq->q.prod++;
		}
		txq->q.stats.tx_packets++;
		txq->q.stats.tx_bytes += m->pkt_len;
	}
	added = (uint16_t)(txq->q.prod - first);
	if (added != 0) {
		if (nc)
			mvneta_ring_maint(&txq->q.sync, txq->ring, first, added,
					  txq->q.mask, false);
		/* Descriptor stores before the count that hands them over. */
		socnic_desc_wmb();
		mvneta_txq_update(txq, added, 0);
	}
	return i;
}

static uint16_t
mvneta_xmit_pkts(void *q, struct rte_mbuf **pkts, uint16_t n)
{
	return mvneta_xmit_tmpl(q, pkts, n, false);
}

static uint16_t
mvneta_xmit_pkts_nc(void *q, struct rte_mbuf **pkts, uint16_t n)
{
	return mvneta_xmit_tmpl(q, pkts, n, true);
}

int
mvneta_tx_descriptor_status(void *tx_queue, uint16_t offset)
{
	struct mvneta_tx_queue *txq = tx_queue;
	uint32_t sent;

	if (unlikely(offset >= txq->q.nb_desc))
		return -EINVAL;
	if (!txq->q.started || offset >= (uint16_t)(txq->q.prod - txq->q.clean))
		return RTE_ETH_TX_DESC_DONE;
	sent = (socnic_read32(txq->q.be, txq->status_reg) &
		MVNETA_TXQ_SENT_DESC_MASK) >> MVNETA_TXQ_SENT_DESC_SHIFT;
	return offset < sent ? RTE_ETH_TX_DESC_DONE : RTE_ETH_TX_DESC_FULL;
}

static const struct socnic_tx_queue_spec mvneta_txq_spec = {
	.pmd = "mvneta_txq",
	.logtype = &mvneta_logtype_tx,
	.lim = &mvneta_ring_limits,
	.size = sizeof(struct mvneta_tx_queue),
};

int
mvneta_tx_queue_setup(struct rte_eth_dev *dev, uint16_t queue_id,
		      uint16_t nb_desc, unsigned int socket_id,
		      const struct rte_eth_txconf *conf)
{
	struct mvneta_adapter *ad = mvneta_adapter(dev);
	struct mvneta_tx_queue *txq;
	void *q;
	int ret;

	ret = socnic_tx_queue_create(dev, queue_id, &nb_desc, socket_id, conf,
				     &mvneta_txq_spec, &q);
	if (ret < 0)
		return ret;
	txq = q;
	ret = socnic_tx_queue_sync_init(&txq->q, ad->da.rx.dma_noncoherent,
					RTE_MBUF_DEFAULT_DATAROOM);
	if (ret < 0) {
		socnic_tx_queue_destroy(&txq->q);
		return ret;
	}
	txq->ring = txq->q.mz->addr;
	txq->status_reg = MVNETA_TXQ_STATUS_REG(queue_id);
	txq->update_reg = MVNETA_TXQ_UPDATE_REG(queue_id);
	socnic_tx_queue_install(dev, &txq->q,
				txq->q.sync.mode != RXP_SYNC_COHERENT ?
				mvneta_xmit_pkts_nc : mvneta_xmit_pkts,
				mvneta_prep_pkts, mvneta_logtype_tx);
	return 0;
}

/*
 * Programs the queue (Linux mvneta_txq_hw_init(): its token bucket full,
 * then the ring), still disabled.
 */
int
mvneta_tx_queue_start(struct rte_eth_dev *dev, struct socnic_tx_queue *q)
{
	struct mvneta_tx_queue *txq = mvneta_txq(q);
	const unsigned int hwq = txq->q.queue_id;

	RTE_SET_USED(dev);
	memset(txq->q.mz->addr, 0, (size_t)txq->q.nb_desc * MVNETA_DESC_ALIGNED_SIZE);
	mvneta_ring_sync(&txq->q.sync, txq->ring, 0, txq->q.nb_desc, txq->q.mask,
			 false);
	txq->q.prod = 0;
	txq->q.clean = 0;
	mvneta_hw_txq_tokens(txq->q.be, hwq, true);
	socnic_write32(txq->q.be, MVNETA_TXQ_BASE_ADDR_REG(hwq),
		       mvneta_bus_addr(txq->q.ring_iova));
	socnic_write32(txq->q.be, MVNETA_TXQ_SIZE_REG(hwq), txq->q.nb_desc);
	txq->q.started = true;
	return 0;
}

void
mvneta_tx_queue_enable(struct socnic_tx_queue *q)
{
	/* Enable bits take one queue each; a 0 leaves the others. */
	socnic_write32(q->be, MVNETA_TXQ_CMD, RTE_BIT32(q->queue_id));
}

/* Waits (bounded) for the device to send what it was given. */
void
mvneta_tx_queue_drain(struct socnic_tx_queue *q)
{
	struct mvneta_tx_queue *txq = mvneta_txq(q);
	unsigned int i;

	for (i = 0; i < MVNETA_TX_DRAIN_POLLS; i++) {
		socnic_backend_wait_poll(txq->q.be);
		if ((socnic_read32(txq->q.be, txq->status_reg) &
		     MVNETA_TXQ_PENDING_DESC_MASK) == 0)
			break;
		rte_delay_us(MVNETA_TX_DRAIN_POLL_US);
	}
	mvneta_tx_clean(txq);
}

/*
 * Disables the queue (its disable bit, waiting for its enable bit only),
 * resets its counts and frees what it still held. The queue's own reset
 * is Linux mvneta_txq_hw_deinit(): bucket empty (the next owner finds it
 * stopped), base and size 0, which the device takes as the queue's
 * reset; the port's TX DMA reset (Linux mvneta_tx_reset()) only when no
 * other TX queue is enabled, so the others keep sending.
 */
void
mvneta_tx_queue_stop(struct socnic_tx_queue *q)
{
	const struct socnic_backend *be = q->be;

	mvneta_queue_disable(be, MVNETA_TXQ_CMD, MVNETA_TXQ_DISABLE_SHIFT,
			     q->queue_id);
	mvneta_hw_txq_tokens(be, q->queue_id, false);
	socnic_write32(be, MVNETA_TXQ_BASE_ADDR_REG(q->queue_id), 0);
	socnic_write32(be, MVNETA_TXQ_SIZE_REG(q->queue_id), 0);
	mvneta_queue_dma_reset_idle(be, MVNETA_TXQ_CMD, MVNETA_TXQ_ENABLE_MASK,
				    MVNETA_PORT_TX_RESET, MVNETA_PORT_TX_DMA_RESET);
	socnic_tx_queue_stopped(q);
}
