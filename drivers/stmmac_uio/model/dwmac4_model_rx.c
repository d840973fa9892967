/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * dwmac4 device model, the receive DMA engine of each channel
 * (docs/model.md "Receive", steps 1-5): the frame at the head of the MTL
 * queue the channel serves (RAA among several: model_rx_pick()) stored
 * into the buffers of the descriptors the driver armed, each descriptor
 * written back (or held back for coalescing, wb_batch), RI or the RX
 * watchdog when the frame closes; what happens when no descriptor is
 * there (RBU, the frame waits or is flushed) and when SR is cleared in
 * the middle of a frame. Its memory accesses are dwmac4_model_dma.c's.
 */
#include <endian.h>
#include <stddef.h>
#include <string.h>

#include "dwmac4_model_dma.h"
#include "dwmac4_model_internal.h"
#include "model_stats.h"
#include "model_traffic.h"
#include "model_tsc.h"

/* Orders streaming data stores before the descriptor write-back. */
static void
model_store_fence(const struct dwmac4_model *m)
{
	model_dma_store_fence(m->params.dma_store);
}

/* Write-back: DES0..2, then DES3 with a release store (OWN clear). */
static void
desc_write_back(struct dwmac4_model *m, struct dwmac4_desc *d, uint32_t d0,
		uint32_t d1, uint32_t d2, uint32_t d3)
{
	struct dwmac4_desc w = { htole32(d0), htole32(d1), htole32(d2),
				 htole32(d3) };

	if (m->params.nc_emulation) {
		model_nc_dev_write(&m->nc, d, &w, sizeof(w), false);
		return;
	}
	__atomic_store_n(&d->des0, w.des0, __ATOMIC_RELAXED);
	__atomic_store_n(&d->des1, w.des1, __ATOMIC_RELAXED);
	__atomic_store_n(&d->des2, w.des2, __ATOMIC_RELAXED);
	__atomic_store_n(&d->des3, w.des3, __ATOMIC_RELEASE);
	model_dma_store_desc_done(m->params.dma_store, d, sizeof(*d));
}

enum rx_take {
	RX_TAKE_OK = 0,
	RX_TAKE_NONE,	/* engine suspended: no descriptor (or unusable) */
};

/*
 * Steps 1 and 2: the descriptor at the current index, if the driver armed
 * it, with its buffer translated for RBSZ bytes (the size the driver
 * promised, so an undersized buffer is caught even by a short frame;
 * with RBSZ 0, docs/model.md, only the bytes the frame puts there).
 * A suspended engine reads nothing until a tail write (databook: "the DMA
 * ... resumes when the tail pointer is written").
 */
static enum rx_take
rx_take_desc(struct dwmac4_model *m, struct model_rx_frame *f, uint32_t *idx,
	     uint8_t **buf)
{
	const unsigned int ch = f->ch;
	struct model_ring *r = &m->rx[ch];
	uint32_t seq = __atomic_load_n(&r->tail_seq, __ATOMIC_ACQUIRE);
	struct dwmac4_desc w;
	uint32_t des3, tail;
	uint64_t addr;

	if (r->suspended && seq == r->susp_seq)
		return RX_TAKE_NONE;
	r->suspended = false;
	tail = __atomic_load_n(&r->tail, __ATOMIC_ACQUIRE);
	if (r->cur == tail)
		goto unavailable;
	if (model_desc_fetch(m, r, r->cur, "RX descriptor", &w) == NULL)
		goto fatal;
	des3 = w.des3;
	if (!(des3 & RDES3_OWN))
		goto unavailable;
	addr = (uint64_t)w.des1 << 32 | w.des0;
	if (!(des3 & RDES3_BUFFER1_VALID_ADDR) || addr == 0) {
		model_violation(m, MODEL_VIOL_OWN_ZERO_ADDR,
				"RX descriptor %u: OWN with buffer %#llx, RDES3 %#x",
				r->cur, (unsigned long long)addr, des3);
		goto unavailable;
	}
	*buf = model_dma_xlate(m, addr, r->rbsz_zero && f->meta.len - f->done < r->rbsz ?
			       f->meta.len - f->done : r->rbsz, "RX buffer");
	if (*buf == NULL)
		goto fatal;
	f->ioc |= (des3 & RDES3_INT_ON_COMPLETION_EN) != 0;
	*idx = r->cur;
	r->cur = (r->cur + 1) % r->n;
	model_reg_set(m, DMA_CHAN_CUR_RX_DESC(ch),
		      (uint32_t)model_ring_addr(r, r->cur));
	model_reg_set(m, DMA_CHAN_CUR_RX_BUF_ADDR(ch), (uint32_t)addr);
	model_reg_set(m, DMA_CHAN_CUR_RX_BUF_ADDR_HI(ch), (uint32_t)(addr >> 32));
	return RX_TAKE_OK;
fatal:
	/* A refused DMA access is a bus error on hardware (FBE). */
	model_ring_suspend(m, r, ch, seq,
			   DMA_CHAN_STATUS_RBU | DMA_CHAN_STATUS_FBE);
	return RX_TAKE_NONE;
unavailable:
	model_ring_suspend(m, r, ch, seq, DMA_CHAN_STATUS_RBU);
	return RX_TAKE_NONE;
}

/* Step 3: the next RBSZ bytes of the frame into a descriptor's buffer. */
static void
rx_fill(struct dwmac4_model *m, struct model_rx_frame *f, uint32_t idx,
	uint8_t *buf)
{
	uint32_t chunk = f->meta.len - f->done;

	if (chunk > m->rx[f->ch].rbsz)
		chunk = m->rx[f->ch].rbsz;
	if (f->fifo_bytes != 0)
		model_mtl_rx_release(m, f);
	model_mem_write(m, buf, f->data + f->done, chunk);
	f->done += chunk;
	f->held = true;
	f->held_idx = idx;
}

/* Step 4: write-back of the held descriptor. */
static void
rx_write_back(struct dwmac4_model *m, struct model_rx_frame *f, bool last,
	      uint32_t err)
{
	struct dwmac4_desc *d;
	uint32_t des3, rdes1 = 0, rdes0 = 0;

	model_store_fence(m);
	/* Re-translated: the window may have changed while the frame waited. */
	d = model_ring_desc(m, &m->rx[f->ch], f->held_idx, "RX write-back");
	f->held = false;
	if (d == NULL)
		return;
	if (m->rx[f->ch].stopping) {
		struct dwmac4_desc cur;

		/*
		 * SR was cleared, RPS still reads Running: the descriptor is
		 * still the device's. A driver that took it back (rewrote
		 * the ring, recycled the buffer) has had the frame written
		 * into memory it no longer owns.
		 */
		model_desc_read(m, d, &cur);
		if (!(cur.des3 & RDES3_OWN))
			model_violation(m, MODEL_VIOL_RX_RECLAIMED,
					"RX descriptor %u taken back (des3 %#x) while the DMA was still storing a frame into it: buffers recycled before DMA_Debug_Status0.RPS0 read Stopped",
					f->held_idx, cur.des3);
	}
	des3 = (f->done & RDES3_PACKET_SIZE_MASK);
	if (f->ndesc == 0)
		des3 |= RDES3_FIRST_DESCRIPTOR;
	if (last) {
		des3 |= RDES3_LAST_DESCRIPTOR | err;
		if (f->meta.rs1v) {
			des3 |= RDES3_RDES1_VALID;
			rdes1 = f->meta.rdes1;
		}
		/* The outer VLAN tag (EVLRXS, dwmac4_model_vlan.c). */
		if (f->meta.rs0v) {
			des3 |= RDES3_RDES0_VALID;
			rdes0 = f->meta.rdes0;
		}
	}
	des3 = model_fault_rx_des3(m, f, last, des3);	/* dwmac4_model_faults.c */
	/* dwmac4_model_wo.c: the adversary watches channel 0's ring */
	if (m->params.fault_wo_ppm != 0 && f->ch == 0)
		rdes1 = model_wo_write_back(m, f, f->held_idx, d, last, rdes1);
	if (m->params.wb_batch > 1) {
		/* Coalesced: the words now, OWN with the batch. */
		if (m->wb_n == MODEL_WB_MAX)
			model_rx_wb_flush(m);
		struct dwmac4_desc w = { htole32(rdes0), htole32(rdes1), 0, 0 };

		/* DES0..2 in one DMA write, DES3 left as armed. */
		model_mem_write(m, d, &w, offsetof(struct dwmac4_desc, des3));
		m->wb[m->wb_n].ch = f->ch;
		m->wb[m->wb_n].idx = f->held_idx;
		m->wb[m->wb_n].des3 = des3;
		m->wb_n++;
	} else {
		desc_write_back(m, d, rdes0, rdes1, 0, des3);
	}
	f->ndesc++;
}

void
model_rx_wb_flush(struct dwmac4_model *m)
{
	unsigned int i;

	for (i = 0; i < m->wb_n; i++) {
		struct dwmac4_desc *d = model_ring_desc(m, &m->rx[m->wb[i].ch],
							m->wb[i].idx,
							"RX write-back");

		if (d != NULL)
			model_mem_store32(m, &d->des3, m->wb[i].des3);
	}
	m->wb_n = 0;
	m->wb_frames = 0;
}

/*
 * Step 4b: a frame whose RDES1 says TSA has its stamp written in a context
 * descriptor, the next one the driver armed: RDES0 the sub-seconds, RDES1
 * the seconds, RDES3 CTXT with OWN clear (Linux dwmac4_get_timestamp()).
 * False while no descriptor is there: the frame's close waits for one.
 */
static bool
rx_write_ctx(struct dwmac4_model *m, struct model_rx_frame *f)
{
	struct dwmac4_desc *d;
	uint32_t idx;
	uint8_t *buf;

	if (rx_take_desc(m, f, &idx, &buf) != RX_TAKE_OK)
		return false;
	d = model_ring_desc(m, &m->rx[f->ch], idx, "RX context descriptor");
	if (d == NULL)
		return true;
	if (m->params.wb_batch > 1) {
		struct dwmac4_desc w = { htole32(f->meta.ts_sub), htole32(f->meta.ts_sec),
					 0, 0 };

		if (m->wb_n == MODEL_WB_MAX)
			model_rx_wb_flush(m);
		model_mem_write(m, d, &w, offsetof(struct dwmac4_desc, des3));
		m->wb[m->wb_n].ch = f->ch;
		m->wb[m->wb_n].idx = idx;
		m->wb[m->wb_n].des3 = RDES3_CONTEXT_DESCRIPTOR;
		m->wb_n++;
	} else {
		desc_write_back(m, d, f->meta.ts_sub, f->meta.ts_sec, 0,
				RDES3_CONTEXT_DESCRIPTOR);
	}
	MODEL_STAT_ADD(m, rx_ctx_desc, 1);
	return true;
}

/* Step 5: the frame is done; RI, or the RX watchdog. */
static void
rx_done(struct dwmac4_model *m, struct model_rx_frame *f)
{
	f->ctx_due = false;
	if (m->params.wb_batch > 1 && ++m->wb_frames >= m->params.wb_batch)
		model_rx_wb_flush(m);
	/*
	 * RI for a frame whose descriptors asked for it (RDES3.IOC), which
	 * also stops the RX watchdog; else the watchdog starts, if stopped,
	 * and raises RI when it expires (model_run()).
	 */
	if (f->ioc) {
		model_chan_status_set(m, f->ch, DMA_CHAN_STATUS_RI);
		__atomic_store_n(&m->rwt_deadline_ns[f->ch], 0,
				 __ATOMIC_RELAXED);
	} else {
		model_rwt_start(m, f->ch);
	}
	__atomic_store_n(&f->active, false, __ATOMIC_RELEASE);
}

/*
 * Closes the frame on its last descriptor (step 4), then its context
 * descriptor if it carries a stamp (4b), then RI (step 5). Returns
 * MODEL_WORK_NONE while the context descriptor waits for a descriptor.
 */
static enum model_work
rx_close(struct dwmac4_model *m, struct model_rx_frame *f, uint32_t err)
{
	rx_write_back(m, f, true, err);
	MODEL_STAT_ADD(m, rx_delivered, 1);
	if (err)
		MODEL_STAT_ADD(m, rx_delivered_err, 1);
	f->ctx_due = f->meta.rs1v && (f->meta.rdes1 & RDES1_TIMESTAMP_AVAILABLE);
	if (f->ctx_due && !rx_write_ctx(m, f))
		return MODEL_WORK_NONE;
	rx_done(m, f);
	return MODEL_WORK_FRAME;
}

/*
 * A closed frame's context descriptor, once a descriptor is armed; a
 * channel stopping meanwhile loses the stamp (counted, rx_ctx_lost).
 */
static enum model_work
rx_ctx_continue(struct dwmac4_model *m, struct model_rx_frame *f)
{
	if (!rx_write_ctx(m, f)) {
		if (!m->rx[f->ch].stopping)
			return MODEL_WORK_NONE;
		MODEL_STAT_ADD(m, rx_ctx_lost, 1);
	}
	rx_done(m, f);
	return MODEL_WORK_FRAME;
}

/* DMA_CHAN_MISS_FRAME_CNT +1: MFC saturates at 2047, then MFCO is set. */
static void
rx_count_missed(struct dwmac4_model *m, unsigned int ch)
{
	model_reg_count_saturating(&m->cor.chan[ch],
				   DWMAC4_DMA_MISS_FRAME_CNT_MFC_MASK,
				   DWMAC4_DMA_MISS_FRAME_CNT_MFCO);
	MODEL_STAT_ADD(m, rx_missed, 1);
}

/*
 * Moves the frame in flight into descriptors (steps 1-5). Returns
 * MODEL_WORK_NONE while it waits (flow control), MODEL_WORK_FRAME once it
 * is delivered or missed.
 */
static enum model_work
rx_continue(struct dwmac4_model *m, unsigned int ch)
{
	struct model_rx_frame *f = &m->rxf[ch];
	uint32_t idx;
	uint8_t *buf;

	if (f->ctx_due)
		return rx_ctx_continue(m, f);
	if (!f->held) {
		model_fault_rx_skip(m, f);
		/*
		 * Step 1: no descriptor for the first byte. The frame waits
		 * at the head of the MTL queue, unless RPF asks the DMA to
		 * flush it (counted in DMA_CHx_Miss_Frame_Cnt).
		 */
		if (rx_take_desc(m, f, &idx, &buf) != RX_TAKE_OK) {
			if (!(model_reg_get(m, DMA_CHAN_RX_CONTROL(ch)) &
			      DWMAC4_DMA_CONTROL_RPF))
				return MODEL_WORK_NONE;
			rx_count_missed(m, ch);
			model_mtl_rx_release(m, f);
			__atomic_store_n(&f->active, false, __ATOMIC_RELEASE);
			return MODEL_WORK_FRAME;
		}
		rx_fill(m, f, idx, buf);
	}
	while (f->done < f->meta.len || model_fault_rx_cut(m, f)) {
		/*
		 * Step 3: a descriptor is closed only once the next one is
		 * secured, so that a frame cut short can end on an LD.
		 */
		if (rx_take_desc(m, f, &idx, &buf) != RX_TAKE_OK) {
			/*
			 * Waits for descriptors, unless flushed (RPF) or
			 * stopping: the frame ends on the one it holds.
			 */
			if (!(model_reg_get(m, DMA_CHAN_RX_CONTROL(ch)) &
			      DWMAC4_DMA_CONTROL_RPF) && !m->rx[ch].stopping)
				return MODEL_WORK_NONE;
			return rx_close(m, f, RDES3_ERROR_SUMMARY |
					RDES3_OVERFLOW_ERROR);
		}
		rx_write_back(m, f, false, 0);
		model_fault_rx_restart(m, f);
		rx_fill(m, f, idx, buf);
		if (model_fault_rx_stalled(m, ch))
			return MODEL_WORK_NONE;
	}
	return rx_close(m, f, model_fault_rx_last(m, f));
}

/*
 * A source that asks for it (the generator's gen_stamp) gets the time the
 * DMA takes the frame, just before it stores it to host memory.
 */
static void
rx_stamp(struct dwmac4_model *m, struct model_rx_frame *f)
{
	const struct model_traffic_src *src = m->params.rx_src;
	uint64_t t;

	if (src == NULL || src->stamp_off == 0 || f->meta.len < src->stamp_off + 8u)
		return;
	t = model_tsc();
	memcpy(f->data + src->stamp_off, &t, sizeof(t));
}

/*
 * Channel @p ch's RX DMA takes the frame at the head of the MTL queue it
 * serves (steps 1-5). MODEL_WORK_NONE while it waits (no frame, no
 * descriptor, DMA stopped).
 */
enum model_work
model_rx_dma(struct dwmac4_model *m, unsigned int ch)
{
	struct model_rx_frame *f = &m->rxf[ch];
	enum model_work w;
	unsigned int q;

	if (!m->rx[ch].running)
		return MODEL_WORK_NONE;
	if (!f->active) {
		if (m->rx[ch].stopping) {
			model_rx_stopped(m, ch);
			return MODEL_WORK_NONE;
		}
		q = model_rx_pick(m, ch);
		if (q == MODEL_ROUTE_NONE || !model_mtl_rx_pop(m, q, f))
			return MODEL_WORK_NONE;
		f->ch = (uint8_t)ch;
		rx_stamp(m, f);
		f->done = 0;
		f->ndesc = 0;
		f->held = false;
		f->ioc = false;
		f->ctx_due = false;
		model_fault_rx_ready(m, f);
		__atomic_store_n(&f->active, true, __ATOMIC_RELEASE);
	}
	w = rx_continue(m, ch);
	/* The frame in transfer when SR was cleared is done: stop. */
	if (m->rx[ch].stopping && !f->active)
		model_rx_stopped(m, ch);
	return w;
}

/*
 * One step of the receive side: the DMA channels drain the MTL queues
 * first (one frame, the channels taking turns), then the MAC takes a
 * frame from the wire into a queue (dwmac4_model_mac.c). A channel whose
 * engine a fault stalls takes nothing; with every channel stalled the
 * MAC waits too.
 */
enum model_work
model_rx_work(struct dwmac4_model *m)
{
	const unsigned int n = m->params.n_channels;
	unsigned int i, ch, stalled = 0;
	enum model_work w;

	for (i = 0; i < n; i++) {
		ch = m->rx_turn + i < n ? m->rx_turn + i : m->rx_turn + i - n;
		if (model_fault_rx_stalled(m, ch)) {
			stalled++;
			continue;
		}
		w = model_rx_dma(m, ch);
		if (w != MODEL_WORK_NONE) {
			if (n > 1)
				m->rx_turn = ch + 1 < n ? ch + 1 : 0;
			return w;
		}
	}
	if (stalled == n || model_irq_rx_gated(m))
		return MODEL_WORK_NONE;
	return model_mac_rx(m);
}

void
model_rx_abort(struct dwmac4_model *m, unsigned int ch)
{
	struct model_rx_frame *f = &m->rxf[ch];

	if (ch == 0)
		model_wo_drain(m);
	model_rx_wb_flush(m);
	model_fault_rx_reset(m, ch);
	if (!f->active)
		return;
	if (f->ctx_due) {
		/* Delivered; only its stamp had no descriptor yet. */
		f->ctx_due = false;
		MODEL_STAT_ADD(m, rx_ctx_lost, 1);
		__atomic_store_n(&f->active, false, __ATOMIC_RELEASE);
		return;
	}
	model_mtl_rx_release(m, f);
	f->held = false;
	MODEL_STAT_ADD(m, rx_dropped_stopped, 1);
	__atomic_store_n(&f->active, false, __ATOMIC_RELEASE);
}
