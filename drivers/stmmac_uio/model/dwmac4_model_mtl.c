/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * dwmac4 model: the MTL (docs/model.md "MTL").
 *
 * The MAC stores each received frame in the MTL RX queue (store and
 * forward); the RX DMA takes frames from there into descriptors. A frame
 * that finds no armed descriptor waits in the queue (DMA_CHx_Rx_Control.RPF
 * clear, the reset value) until the driver arms one, and only a frame that
 * finds the queue full (or larger than the queue) is lost: dropped and
 * counted in MTL_RxQ_Missed_Packet_Overflow_Cnt.OVFPKTCNT. With RPF set
 * the DMA flushes the frame instead and counts it in DMA_CHx_Miss_Frame_Cnt.
 *
 * Queue sizes: the core has a 16 KiB RX and a 16 KiB TX FIFO
 * (MAC_HW_Feature1). With one MTL queue it all belongs to queue 0 and
 * TQS/RQS read as that size and queue 0 is enabled; with params.mtl_queues > 1
 * the driver divides the FIFO through TQS/RQS, whose reset value 0 means
 * 256 bytes, and enables each TX queue (TXQEN resets to 00): databook
 * MTL_TxQ/RxQ_Operation_Mode, Linux dwmac4_dma_{rx,tx}_chan_op_mode().
 * Each RX queue holds its frames in a ring of its own; which queue a frame
 * enters and which DMA channel drains it is dwmac4_model_rxq_route.c's.
 */
#include <string.h>

#include "dwmac4_model_internal.h"
#include "model_stats.h"

/* TQS/RQS count 256-byte blocks, minus one. */
#define MTL_QS_UNIT		256u
#define MTL_QS_FULL		(DWMAC4_MODEL_FIFO_BYTES / MTL_QS_UNIT - 1u)

static uint32_t
qs_bytes(uint32_t field)
{
	uint32_t b = (field + 1u) * MTL_QS_UNIT;

	return b < DWMAC4_MODEL_FIFO_BYTES ? b : DWMAC4_MODEL_FIFO_BYTES;
}

uint32_t
model_mtl_rxq_size(struct dwmac4_model *m, unsigned int q)
{
	return qs_bytes((model_reg_get(m, MTL_CHAN_RX_OP_MODE(q)) &
			 MTL_OP_MODE_RQS_MASK) >> MTL_OP_MODE_RQS_SHIFT);
}

uint32_t
model_mtl_txq_size(struct dwmac4_model *m, unsigned int q)
{
	return qs_bytes((model_reg_get(m, MTL_CHAN_TX_OP_MODE(q)) &
			 MTL_OP_MODE_TQS_MASK) >> MTL_OP_MODE_TQS_SHIFT);
}

void
model_mtl_reset_table(struct dwmac4_model *m)
{
	unsigned int q;

	/*
	 * One queue: TQS/RQS read-only, the whole FIFO. Else 256 bytes.
	 * (TXQEN: Linux dwmac4_dma_tx_chan_op_mode() says it is read-only
	 * "on" with one TX queue; the model keeps the field as written and
	 * takes queue 0 as enabled whatever it holds, the same for a driver.)
	 */
	if (m->params.mtl_queues > 1)
		return;
	for (q = 0; q < DWMAC4_MODEL_MAX_MTL_QUEUES; q++) {
		m->reset_val[MTL_CHAN_TX_OP_MODE(q) / 4u] =
			MTL_QS_FULL << MTL_OP_MODE_TQS_SHIFT;
		m->reset_val[MTL_CHAN_RX_OP_MODE(q) / 4u] =
			MTL_QS_FULL << MTL_OP_MODE_RQS_SHIFT;
	}
}

uint32_t
model_mtl_op_mode_write(struct dwmac4_model *m, uint32_t off, uint32_t val)
{
	uint32_t mask = MTL_OP_MODE_RQS_MASK;

	/* TxQ registers at 0x00 of each queue's block, RxQ at 0x30. */
	if ((off - MTL_CHAN_BASE_ADDR) % MTL_CHAN_BASE_OFFSET == 0)
		mask = MTL_OP_MODE_TQS_MASK;
	if (m->params.mtl_queues > 1)
		return val;
	/* Single queue: the size field keeps its read-only value. */
	return (val & ~mask) | (model_reg_get(m, off) & mask);
}

/* ---- RX queues ---- */

bool
model_mtl_rxq_empty(const struct dwmac4_model *m, unsigned int q)
{
	return __atomic_load_n(&m->mtl_rxq[q].head, __ATOMIC_ACQUIRE) ==
	       __atomic_load_n(&m->mtl_rxq[q].tail, __ATOMIC_ACQUIRE);
}

bool
model_mtl_rx_empty(const struct dwmac4_model *m)
{
	unsigned int q;

	for (q = 0; q < m->params.mtl_queues; q++)
		if (!model_mtl_rxq_empty(m, q))
			return false;
	return true;
}

/* Copies @p len bytes between the ring at @p off and @p p, either way. */
static void
ring_copy(struct model_mtl_rxq *q, uint32_t off, uint8_t *p, uint32_t len,
	  bool to_ring)
{
	uint32_t first = DWMAC4_MODEL_FIFO_BYTES - off;

	if (first > len)
		first = len;
	if (to_ring) {
		memcpy(q->buf + off, p, first);
		memcpy(q->buf, p + first, len - first);
	} else {
		memcpy(p, q->buf + off, first);
		memcpy(p + first, q->buf, len - first);
	}
}

bool
model_mtl_rx_push(struct dwmac4_model *m, const struct model_rx_frame *f)
{
	struct model_mtl_rxq *q = &m->mtl_rxq[f->q];
	uint32_t i = q->tail % MODEL_MTL_RXQ_FRAMES;

	if (q->bytes + f->meta.len > model_route_get(m)->rxq_size[f->q] ||
	    q->tail - q->head == MODEL_MTL_RXQ_FRAMES)
		return false;
	q->ent[i].off = q->wr;
	q->ent[i].meta = f->meta;
	ring_copy(q, q->wr, (uint8_t *)(uintptr_t)f->data, f->meta.len, true);
	q->wr = (q->wr + f->meta.len) % DWMAC4_MODEL_FIFO_BYTES;
	q->bytes += f->meta.len;
	__atomic_store_n(&q->tail, q->tail + 1u, __ATOMIC_RELEASE);
	return true;
}

bool
model_mtl_rx_pop(struct dwmac4_model *m, unsigned int qn,
		 struct model_rx_frame *f)
{
	struct model_mtl_rxq *q = &m->mtl_rxq[qn];
	uint32_t i = q->head % MODEL_MTL_RXQ_FRAMES;

	if (q->head == q->tail)
		return false;
	f->q = (uint8_t)qn;
	f->meta = q->ent[i].meta;
	ring_copy(q, q->ent[i].off, f->data, f->meta.len, false);
	/* Its bytes stay in the queue until the DMA starts storing it. */
	f->fifo_bytes = f->meta.len;
	__atomic_store_n(&q->head, q->head + 1u, __ATOMIC_RELEASE);
	return true;
}

/*
 * MTL_RxQ_Debug of queue @p qn: PRXQ, the frames waiting (the one a DMA
 * is storing included while its bytes are still in the queue), and
 * RXQSTS, empty / below the threshold / full.
 */
uint32_t
model_mtl_rx_debug(struct dwmac4_model *m, unsigned int qn)
{
	const struct model_mtl_rxq *q = &m->mtl_rxq[qn];
	uint32_t frames = __atomic_load_n(&q->tail, __ATOMIC_ACQUIRE) -
			  __atomic_load_n(&q->head, __ATOMIC_ACQUIRE);
	uint32_t bytes = __atomic_load_n(&q->bytes, __ATOMIC_RELAXED), st;
	unsigned int ch;

	for (ch = 0; ch < m->params.n_channels; ch++)
		if (__atomic_load_n(&m->rxf[ch].active, __ATOMIC_ACQUIRE) &&
		    m->rxf[ch].q == qn && m->rxf[ch].fifo_bytes != 0)
			frames++;
	st = bytes == 0 ? MTL_DEBUG_RXFSTS_EMPTY :
	     bytes >= model_mtl_rxq_size(m, qn) ? MTL_DEBUG_RXFSTS_FULL :
	     MTL_DEBUG_RXFSTS_BT;
	return (frames << DWMAC4_MTL_DEBUG_PRXQ_SHIFT &
		DWMAC4_MTL_DEBUG_PRXQ_MASK) | st << MTL_DEBUG_RXFSTS_SHIFT;
}

void
model_mtl_rx_release(struct dwmac4_model *m, struct model_rx_frame *f)
{
	m->mtl_rxq[f->q].bytes -= f->fifo_bytes;
	f->fifo_bytes = 0;
}

void
model_mtl_rx_flush(struct dwmac4_model *m)
{
	unsigned int qn, ch;

	for (qn = 0; qn < DWMAC4_MODEL_MAX_MTL_QUEUES; qn++) {
		struct model_mtl_rxq *q = &m->mtl_rxq[qn];
		uint32_t n = q->tail - q->head;

		if (n != 0)
			MODEL_STAT_ADD(m, rx_dropped_stopped, n);
		q->bytes = 0;
		q->wr = 0;
		__atomic_store_n(&q->head, q->tail, __ATOMIC_RELEASE);
	}
	for (ch = 0; ch < DWMAC4_MODEL_MAX_CHANNELS; ch++)
		m->rxf[ch].fifo_bytes = 0;
}

/* OVFPKTCNT +1: saturates at 2047, then OVFCNTOVF is set. */
void
model_mtl_rx_overflow(struct dwmac4_model *m, unsigned int q)
{
	model_reg_count_saturating(&m->cor.mtl_rx[q],
				   DWMAC4_MTL_RX_OVFPKTCNT_MASK,
				   DWMAC4_MTL_RX_OVFCNTOVF);
	MODEL_STAT_ADD(m, rx_dropped_overflow, 1);
}
