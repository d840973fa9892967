/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * dwmac4 device model, DMA side: the DMA window (the shared model library's
 * IOMMU, model_iommu.h) and the receive and transmit engines of
 * docs/model.md. Everything the engines touch in host memory goes through
 * model_dma_xlate(), so whatever a driver writes into registers or
 * descriptors, the model never reads or writes outside the memory
 * registered with dwmac4_model_dma_map().
 *
 * Descriptor protocol (databook "Receive/Transmit Normal Descriptor", Linux
 * dwmac4_descs.c): the engine reads DES3 with an acquire load and only then
 * the other words; it writes DES0..2 back first and DES3 (OWN clear) last
 * with a release store, so a driver that sees OWN clear after its read
 * barrier sees the whole write-back and the packet data before it.
 */
#include <endian.h>
#include <errno.h>
#include <net/ethernet.h>
#include <netinet/in.h>
#include <string.h>

#include "model_tsc.h"
#include "dwmac4_model_internal.h"
#include "model_crc32.h"
#include "model_csum.h"
#include "model_traffic.h"

/* ======================================================================
 * DMA window
 * ====================================================================== */

int
dwmac4_model_dma_map(struct dwmac4_model *m, void *va, uint64_t iova,
		     size_t len)
{
	int rc;

	pthread_mutex_lock(&m->lock);
	rc = model_iommu_map(&m->dma, va, iova, len);
	pthread_mutex_unlock(&m->lock);
	/* DRAM behind a non-coherent interconnect: what the range holds now. */
	if (rc == 0 && m->params.nc_emulation)
		rc = model_nc_map(va, len);
	return rc;
}

int
dwmac4_model_dma_unmap(struct dwmac4_model *m, uint64_t iova)
{
	int rc;

	pthread_mutex_lock(&m->lock);
	rc = model_iommu_unmap(&m->dma, iova);
	pthread_mutex_unlock(&m->lock);
	return rc;
}

void *
model_dma_xlate(struct dwmac4_model *m, uint64_t iova, size_t len,
		const char *what)
{
	void *va = model_dma_lookup(m, iova, len);

	if (va != NULL)
		return va;
	model_violation(m, MODEL_VIOL_DMA_OUTSIDE,
			"%s at IOVA %#llx len %zu outside registered memory",
			what, (unsigned long long)iova, len);
	return NULL;
}

/* Host address of [iova, iova + len), NULL when outside: no violation. */
void *
model_dma_lookup(struct dwmac4_model *m, uint64_t iova, size_t len)
{
	return model_iommu_lookup(&m->dma, iova, len);
}

/* ======================================================================
 * Memory access helpers
 * ====================================================================== */


void
model_mem_write(struct dwmac4_model *m, void *dst, const void *src, size_t len)
{
	if (m->params.nc_emulation) {
		model_nc_dev_write(&m->nc, dst, src, len, false);
		return;
	}
	model_dma_store(m->params.dma_store, dst, src, len);
}

void
model_mem_read(struct dwmac4_model *m, void *dst, const void *src, size_t len)
{
	if (m->params.nc_emulation)
		model_nc_dev_read(&m->nc, dst, src, len);
	else
		memcpy(dst, src, len);
}

/* Orders streaming data stores before the descriptor write-back. */
static void
model_store_fence(const struct dwmac4_model *m)
{
	model_dma_store_fence(m->params.dma_store);
}

bool
model_desc_read(struct dwmac4_model *m, const struct dwmac4_desc *d,
		struct dwmac4_desc *out)
{
	struct dwmac4_desc w;
	bool unclean = false;

	if (m->params.nc_emulation) {
		/* One DMA read of the whole descriptor. */
		unclean = model_nc_dev_read_quiet(&w, d, sizeof(w));
	} else {
		w.des3 = __atomic_load_n(&d->des3, __ATOMIC_ACQUIRE);
		w.des0 = __atomic_load_n(&d->des0, __ATOMIC_RELAXED);
		w.des1 = __atomic_load_n(&d->des1, __ATOMIC_RELAXED);
		w.des2 = __atomic_load_n(&d->des2, __ATOMIC_RELAXED);
	}
	out->des0 = le32toh(w.des0);
	out->des1 = le32toh(w.des1);
	out->des2 = le32toh(w.des2);
	out->des3 = le32toh(w.des3);
	return unclean;
}

void
model_desc_used(struct dwmac4_model *m, bool unclean)
{
	if (unclean)
		model_nc_count_unclean_read(&m->nc);
}

void
model_desc_judge(struct dwmac4_model *m, bool unclean, bool own)
{
	if (unclean && own)
		model_nc_count_unclean_read(&m->nc);
}

void
model_doorbell_check(struct dwmac4_model *m, const struct model_ring *r,
		     uint32_t from, uint32_t to)
{
	struct dwmac4_desc w;
	uint32_t i, count;

	if (!m->params.nc_emulation || r->n == 0 || from == to)
		return;
	count = (to + r->n - from) % r->n;
	if (count == 0)
		count = r->n;	/* 0 to n: the whole ring */
	for (i = 0; i < count; i++) {
		const struct dwmac4_desc *d = model_dma_lookup(m,
			model_ring_addr(r, (from + i) % r->n), DWMAC4_DESC_SIZE);

		if (d != NULL && model_nc_dev_read_quiet(&w, d, sizeof(w)))
			model_nc_count_unclean_read(&m->nc);
	}
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

struct dwmac4_desc *
model_ring_desc(struct dwmac4_model *m, const struct model_ring *r,
		uint32_t idx, const char *what)
{
	return model_dma_xlate(m, model_ring_addr(r, idx), DWMAC4_DESC_SIZE,
			       what);
}

/* ======================================================================
 * Receive: DMA engine (channel 0)
 * ====================================================================== */

enum rx_take {
	RX_TAKE_OK = 0,
	RX_TAKE_NONE,	/* engine suspended: no descriptor (or unusable) */
};

static void
ring_suspend(struct dwmac4_model *m, struct model_ring *r, unsigned int ch,
	     uint32_t seq, uint32_t status)
{
	r->suspended = true;
	r->susp_seq = seq;
	model_chan_status_set(m, ch, status);
}

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
	struct model_ring *r = &m->rx[0];
	uint32_t seq = __atomic_load_n(&r->tail_seq, __ATOMIC_ACQUIRE);
	struct dwmac4_desc *d, w;
	uint32_t des3, tail;
	bool unclean;
	uint64_t addr;

	if (r->suspended && seq == r->susp_seq)
		return RX_TAKE_NONE;
	r->suspended = false;
	tail = __atomic_load_n(&r->tail, __ATOMIC_ACQUIRE);
	if (r->cur == tail)
		goto unavailable;
	d = model_ring_desc(m, r, r->cur, "RX descriptor");
	if (d == NULL)
		goto fatal;
	unclean = model_desc_read(m, d, &w);
	des3 = w.des3;
	model_desc_judge(m, unclean, des3 & RDES3_OWN);
	if (!(des3 & RDES3_OWN))
		goto unavailable;
	addr = (uint64_t)w.des1 << 32 | w.des0;
	if (!(des3 & RDES3_BUFFER1_VALID_ADDR) || addr == 0) {
		model_violation(m, MODEL_VIOL_OWN_ZERO_ADDR,
				"RX descriptor %u: OWN with buffer %#llx, RDES3 %#x",
				r->cur, (unsigned long long)addr, des3);
		goto unavailable;
	}
	*buf = model_dma_xlate(m, addr, r->rbsz_zero && f->len - f->done < r->rbsz ?
			       f->len - f->done : r->rbsz, "RX buffer");
	if (*buf == NULL)
		goto fatal;
	f->ioc |= (des3 & RDES3_INT_ON_COMPLETION_EN) != 0;
	*idx = r->cur;
	r->cur = (r->cur + 1) % r->n;
	model_reg_set(m, DMA_CHAN_CUR_RX_DESC(0),
		      (uint32_t)model_ring_addr(r, r->cur));
	model_reg_set(m, DMA_CHAN_CUR_RX_BUF_ADDR(0), (uint32_t)addr);
	model_reg_set(m, DMA_CHAN_CUR_RX_BUF_ADDR_HI(0), (uint32_t)(addr >> 32));
	return RX_TAKE_OK;
fatal:
	/* A refused DMA access is a bus error on hardware (FBE). */
	ring_suspend(m, r, 0, seq, DMA_CHAN_STATUS_RBU | DMA_CHAN_STATUS_FBE);
	return RX_TAKE_NONE;
unavailable:
	ring_suspend(m, r, 0, seq, DMA_CHAN_STATUS_RBU);
	return RX_TAKE_NONE;
}

/* Step 3: the next RBSZ bytes of the frame into a descriptor's buffer. */
static void
rx_fill(struct dwmac4_model *m, struct model_rx_frame *f, uint32_t idx,
	uint8_t *buf)
{
	uint32_t chunk = f->len - f->done;

	if (chunk > m->rx[0].rbsz)
		chunk = m->rx[0].rbsz;
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
	uint32_t des3, rdes1 = 0;

	model_store_fence(m);
	/* Re-translated: the window may have changed while the frame waited. */
	d = model_ring_desc(m, &m->rx[0], f->held_idx, "RX write-back");
	f->held = false;
	if (d == NULL)
		return;
	if (m->rx[0].stopping) {
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
		if (f->rs1v) {
			des3 |= RDES3_RDES1_VALID;
			rdes1 = f->rdes1;
		}
	}
	des3 = model_fault_rx_des3(m, f, last, des3);	/* dwmac4_model_faults.c */
	if (m->params.fault_wo_ppm != 0)	/* dwmac4_model_wo.c */
		rdes1 = model_wo_write_back(m, f, f->held_idx, d, last, rdes1);
	if (m->params.wb_batch > 1) {
		/* Coalesced: the words now, OWN with the batch. */
		if (m->wb_n == MODEL_WB_MAX)
			model_rx_wb_flush(m);
		struct dwmac4_desc w = { 0, htole32(rdes1), 0, 0 };

		/* DES0..2 in one DMA write, DES3 left as armed. */
		model_mem_write(m, d, &w, offsetof(struct dwmac4_desc, des3));
		m->wb[m->wb_n].idx = f->held_idx;
		m->wb[m->wb_n].des3 = des3;
		m->wb_n++;
	} else {
		desc_write_back(m, d, 0, rdes1, 0, des3);
	}
	f->ndesc++;
}

void
model_rx_wb_flush(struct dwmac4_model *m)
{
	unsigned int i;

	for (i = 0; i < m->wb_n; i++) {
		struct dwmac4_desc *d = model_ring_desc(m, &m->rx[0], m->wb[i].idx,
						  "RX write-back");

		if (d != NULL)
			model_mem_store32(m, &d->des3, m->wb[i].des3);
	}
	m->wb_n = 0;
	m->wb_frames = 0;
}

/* Closes the frame on its last descriptor (step 4) and sets RI (step 5). */
static void
rx_close(struct dwmac4_model *m, struct model_rx_frame *f, uint32_t err)
{
	rx_write_back(m, f, true, err);
	if (m->params.wb_batch > 1 && ++m->wb_frames >= m->params.wb_batch)
		model_rx_wb_flush(m);
	MODEL_STAT_ADD(m, rx_delivered, 1);
	if (err)
		MODEL_STAT_ADD(m, rx_delivered_err, 1);
	/*
	 * RI for a frame whose descriptors asked for it (RDES3.IOC), which
	 * also stops the RX watchdog; else the watchdog starts, if stopped,
	 * and raises RI when it expires (model_run()).
	 */
	if (f->ioc) {
		model_chan_status_set(m, 0, DMA_CHAN_STATUS_RI);
		__atomic_store_n(&m->rwt_deadline_ns, 0, __ATOMIC_RELAXED);
	} else {
		model_rwt_start(m);
	}
	__atomic_store_n(&f->active, false, __ATOMIC_RELEASE);
}

/* DMA_CHAN_MISS_FRAME_CNT +1: MFC saturates at 2047, then MFCO is set. */
static void
rx_count_missed(struct dwmac4_model *m)
{
	uint32_t *reg = &m->cor.chan[0];
	uint32_t old = __atomic_load_n(reg, __ATOMIC_RELAXED), nv;

	do {
		if ((old & DWMAC4_DMA_MISS_FRAME_CNT_MFC_MASK) ==
		    DWMAC4_DMA_MISS_FRAME_CNT_MFC_MASK)
			nv = old | DWMAC4_DMA_MISS_FRAME_CNT_MFCO;
		else
			nv = old + 1u;
	} while (!__atomic_compare_exchange_n(reg, &old, nv, false,
					      __ATOMIC_ACQ_REL,
					      __ATOMIC_RELAXED));
	MODEL_STAT_ADD(m, rx_missed, 1);
}

/*
 * Moves the frame in flight into descriptors (steps 1-5). Returns
 * MODEL_WORK_NONE while it waits (flow control), MODEL_WORK_FRAME once it
 * is delivered or missed.
 */
static enum model_work
rx_continue(struct dwmac4_model *m)
{
	struct model_rx_frame *f = &m->rxf;
	uint32_t idx;
	uint8_t *buf;

	if (!f->held) {
		model_fault_rx_skip(m, f);
		/*
		 * Step 1: no descriptor for the first byte. The frame waits
		 * at the head of the MTL queue, unless RPF asks the DMA to
		 * flush it (counted in DMA_CHx_Miss_Frame_Cnt).
		 */
		if (rx_take_desc(m, f, &idx, &buf) != RX_TAKE_OK) {
			if (!(model_reg_get(m, DMA_CHAN_RX_CONTROL(0)) &
			      DWMAC4_DMA_CONTROL_RPF))
				return MODEL_WORK_NONE;
			rx_count_missed(m);
			model_mtl_rx_release(m, f);
			__atomic_store_n(&f->active, false, __ATOMIC_RELEASE);
			return MODEL_WORK_FRAME;
		}
		rx_fill(m, f, idx, buf);
	}
	while (f->done < f->len || model_fault_rx_cut(m, f)) {
		/*
		 * Step 3: a descriptor is closed only once the next one is
		 * secured, so that a frame cut short can end on an LD.
		 */
		if (rx_take_desc(m, f, &idx, &buf) != RX_TAKE_OK) {
			/*
			 * Waits for descriptors, unless flushed (RPF) or
			 * stopping: the frame ends on the one it holds.
			 */
			if (!(model_reg_get(m, DMA_CHAN_RX_CONTROL(0)) &
			      DWMAC4_DMA_CONTROL_RPF) && !m->rx[0].stopping)
				return MODEL_WORK_NONE;
			rx_close(m, f, RDES3_ERROR_SUMMARY |
				 RDES3_OVERFLOW_ERROR);
			return MODEL_WORK_FRAME;
		}
		rx_write_back(m, f, false, 0);
		model_fault_rx_restart(m, f);
		rx_fill(m, f, idx, buf);
		if (model_fault_rx_stalled(m))
			return MODEL_WORK_NONE;
	}
	rx_close(m, f, model_fault_rx_last(m, f));
	return MODEL_WORK_FRAME;
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

	if (src == NULL || src->stamp_off == 0 || f->len < src->stamp_off + 8u)
		return;
	t = model_tsc();
	memcpy(f->data + src->stamp_off, &t, sizeof(t));
}

/*
 * The RX DMA takes the frame at the head of the MTL queue (steps 1-5).
 * MODEL_WORK_NONE while it waits (no frame, no descriptor, DMA stopped).
 */
static enum model_work
rx_dma(struct dwmac4_model *m)
{
	struct model_rx_frame *f = &m->rxf;

	enum model_work w;

	if (!m->rx[0].running)
		return MODEL_WORK_NONE;
	if (!f->active) {
		if (m->rx[0].stopping) {
			model_rx_stopped(m);
			return MODEL_WORK_NONE;
		}
		if (!model_mtl_rx_pop(m, f))
			return MODEL_WORK_NONE;
		rx_stamp(m, f);
		f->done = 0;
		f->ndesc = 0;
		f->held = false;
		f->ioc = false;
		model_fault_rx_ready(m, f);
		__atomic_store_n(&f->active, true, __ATOMIC_RELEASE);
	}
	w = rx_continue(m);
	/* The frame in transfer when SR was cleared is done: stop. */
	if (m->rx[0].stopping && !f->active)
		model_rx_stopped(m);
	return w;
}

/*
 * One step of the receive side: the DMA drains the MTL queue first, then
 * the MAC takes a frame from the wire into it (dwmac4_model_mac.c).
 */
enum model_work
model_rx_work(struct dwmac4_model *m)
{
	enum model_work w;

	if (model_fault_rx_stalled(m))
		return MODEL_WORK_NONE;
	w = rx_dma(m);
	if (w != MODEL_WORK_NONE || model_irq_rx_gated(m))
		return w;
	return model_mac_rx(m);
}

void
model_rx_abort(struct dwmac4_model *m)
{
	model_wo_drain(m);
	model_rx_wb_flush(m);
	model_fault_rx_reset(m);
	if (!m->rxf.active)
		return;
	model_mtl_rx_release(m, &m->rxf);
	m->rxf.held = false;
	MODEL_STAT_ADD(m, rx_dropped_stopped, 1);
	__atomic_store_n(&m->rxf.active, false, __ATOMIC_RELEASE);
}

/* ======================================================================
 * Transmit: DMA engine
 * ====================================================================== */

/* Writes back descriptors [from, from + count) with OWN clear. */
static void
tx_write_back(struct dwmac4_model *m, struct model_ring *r, uint32_t from,
	      uint32_t count, uint32_t err)
{
	struct dwmac4_desc *d;
	uint32_t i, idx, des3;

	for (i = 0; i < count; i++) {
		idx = (from + i) % r->n;
		d = model_ring_desc(m, r, idx, "TX write-back");
		if (d == NULL)
			continue;
		des3 = model_mem_load32(m, &d->des3) &
			(TDES3_FIRST_DESCRIPTOR | TDES3_LAST_DESCRIPTOR);
		/* Write-back format: TDES0..2 keep their values (no TTSS). */
		model_mem_store32(m, &d->des3, des3 | err);
	}
}

/*
 * Whether a slot of descriptors [from, from + count) was marked by the
 * prefetch (model_tx_prefetch()); the marks are cleared.
 */
static bool
tx_take_stale(struct model_ring *r, uint32_t from, uint32_t count)
{
	bool any = false;
	uint32_t i, idx;

	for (i = 0; i < count; i++) {
		uint64_t bit;

		idx = (from + i) % r->n;
		bit = (uint64_t)1 << (idx % 64u);
		any |= (r->stale[idx / 64u] & bit) != 0;
		r->stale[idx / 64u] &= ~bit;
	}
	return any;
}

static void
tx_advance(struct dwmac4_model *m, struct model_ring *r, unsigned int ch,
	   uint32_t count)
{
	tx_take_stale(r, r->cur, count);
	r->cur = (r->cur + count) % r->n;
	model_reg_set(m, DMA_CHAN_CUR_TX_DESC(ch),
		      (uint32_t)model_ring_addr(r, r->cur));
}

/*
 * Checks one owned TX descriptor (words @p w, host order) as the @p pos-th
 * of a frame whose buffers so far total @p total bytes. NULL when fine,
 * else the reason.
 */
static const char *
tx_desc_problem(const struct dwmac4_desc *w, uint32_t pos, uint32_t total)
{
	uint32_t des3 = w->des3;
	uint32_t len = w->des2 & TDES2_BUFFER1_SIZE_MASK;
	uint64_t addr = (uint64_t)w->des1 << 32 | w->des0;

	if (pos == 0 && !(des3 & TDES3_FIRST_DESCRIPTOR))
		return "first descriptor of a frame without FD";
	if (pos > 0 && (des3 & TDES3_FIRST_DESCRIPTOR))
		return "FD inside a frame";
	if (len == 0)
		return "zero buffer length";
	if (addr == 0)
		return "zero buffer address";
	if (total + len > DWMAC4_MODEL_MAX_FRAME)
		return "frame longer than the maximum";
	return NULL;
}

/* Copies the frame of @p count descriptors from cur; its length or -1. */
static int64_t
tx_gather(struct dwmac4_model *m, struct model_ring *r, uint32_t count)
{
	struct dwmac4_desc *d, w;
	uint32_t i, len, total = 0;
	uint64_t addr;
	uint8_t *buf;

	for (i = 0; i < count; i++) {
		d = model_ring_desc(m, r, (r->cur + i) % r->n, "TX descriptor");
		if (d == NULL)
			return -1;
		model_desc_used(m, model_desc_read(m, d, &w));
		len = w.des2 & TDES2_BUFFER1_SIZE_MASK;
		addr = (uint64_t)w.des1 << 32 | w.des0;
		buf = model_dma_xlate(m, addr, len, "TX buffer");
		if (buf == NULL)
			return -1;
		model_mem_read(m, m->txbuf + total, buf, len);
		total += len;
	}
	return total;
}

/* The shortest frame on the wire without its FCS (IEEE 802.3 minimum). */
#define MODEL_TX_MIN_FRAME	60u

/*
 * The frame as the link partner gets it, FCS excluded (the sink's form),
 * from the first descriptor's CPC: 0 (the reset value of the field Linux
 * leaves) zero-pads a shorter frame to 60 bytes, 1 sends it short, 2 and
 * 3 send the frame's own last 4 bytes as its FCS (3: not checked, see
 * docs/model.md). Its length.
 */
static uint32_t
tx_wire_len(struct dwmac4_model *m, uint32_t len, uint32_t cpc)
{
	switch (cpc) {
	case DWMAC4_TDES3_CPC_CRC_PAD:
		if (len >= MODEL_TX_MIN_FRAME)
			return len;
		memset(m->txbuf + len, 0, MODEL_TX_MIN_FRAME - len);
		MODEL_STAT_ADD(m, tx_padded, 1);
		return MODEL_TX_MIN_FRAME;
	case DWMAC4_TDES3_CPC_CRC:
		return len;
	default:
		return len > 4 ? len - 4 : 0;
	}
}

enum model_work
model_tx_work(struct dwmac4_model *m, unsigned int ch)
{
	struct model_ring *r = &m->tx[ch];
	struct model_traffic_sink *sink = m->params.tx_sink;
	uint32_t seq, tail, idx, pos = 0, total = 0, des3, cic = 0, cpc = 0, st;
	struct dwmac4_desc *d, w;
	const char *why;
	bool ic = false, unclean;
	int64_t len;

	if (!r->running || !(model_reg_get(m, GMAC_CONFIG) & GMAC_CONFIG_TE))
		return MODEL_WORK_NONE;
	seq = __atomic_load_n(&r->tail_seq, __ATOMIC_ACQUIRE);
	if (r->suspended && seq == r->susp_seq)
		return MODEL_WORK_NONE;
	r->suspended = false;
	tail = __atomic_load_n(&r->tail, __ATOMIC_ACQUIRE);
	/* Find the frame's LD among owned descriptors before consuming any. */
	for (idx = r->cur;; idx = (idx + 1) % r->n) {
		if (idx == tail || pos == r->n)
			goto unavailable;
		d = model_ring_desc(m, r, idx, "TX descriptor");
		if (d == NULL) {
			ring_suspend(m, r, ch, seq, DMA_CHAN_STATUS_TBU |
				     DMA_CHAN_STATUS_FBE);
			return MODEL_WORK_NONE;
		}
		unclean = model_desc_read(m, d, &w);
		des3 = w.des3;
		model_desc_judge(m, unclean, des3 & TDES3_OWN);
		if (!(des3 & TDES3_OWN))
			goto unavailable;
		why = tx_desc_problem(&w, pos, total);
		if (why != NULL) {
			model_violation(m, MODEL_VIOL_BAD_DESC,
					"TX descriptor %u (ch %u): %s, TDES3 %#x",
					idx, ch, why, des3);
			/* The partial frame and the culprit: ES, skipped. */
			tx_write_back(m, r, r->cur, pos + 1,
				      TDES3_ERROR_SUMMARY);
			tx_advance(m, r, ch, pos + 1);
			return MODEL_WORK_OTHER;
		}
		total += w.des2 & TDES2_BUFFER1_SIZE_MASK;
		if (pos == 0) {	/* CIC and CPC: the first descriptor's */
			cic = des3 & TDES3_CHECKSUM_INSERTION_MASK;
			cpc = des3 & TDES3_CRC_PAD_CTRL_MASK;
		}
		ic = (w.des2 & TDES2_INTERRUPT_ON_COMPLETION) != 0;
		pos++;
		if (des3 & TDES3_LAST_DESCRIPTOR)
			break;
	}
	/*
	 * Store and forward (TSF): the MTL starts sending once the whole
	 * frame is in the TX queue. A frame larger than the queue never is:
	 * the DMA waits for room that never comes (counted once per stall).
	 */
	if (total > model_mtl_txq_size(m)) {
		if (!m->tx_stalled)
			MODEL_STAT_ADD(m, tx_fifo_stalls, 1);
		m->tx_stalled = true;
		return MODEL_WORK_NONE;
	}
	len = tx_gather(m, r, pos);
	if (len < 0) {
		tx_write_back(m, r, r->cur, pos, TDES3_ERROR_SUMMARY);
		tx_advance(m, r, ch, pos);
		return MODEL_WORK_OTHER;
	}
	/* The checksum engine works on the whole frame in the MTL queue. */
	st = model_tx_coe(m, m->txbuf, (uint32_t)len, cic);
	/* Then the MAC pads (or not) and appends the FCS. */
	len = tx_wire_len(m, (uint32_t)len, cpc);
	/*
	 * A MAC at another speed or duplex than the PHY sends garbage: the
	 * DMA completes the frame, the link partner never sees it.
	 */
	if (tx_take_stale(r, r->cur, pos))
		MODEL_STAT_ADD(m, nc_tx_stale, 1);
	/* The MAC's counters count what it transmits, good or bad. */
	model_mmc_add(m, DWMAC4_MMC_TX_FRAMECOUNT_GB, 1);
	model_mmc_add(m, DWMAC4_MMC_TX_OCTETCOUNT_GB, (uint32_t)len);
	if (!model_mac_speed_ok(m)) {
		MODEL_STAT_ADD(m, tx_dropped_speed, 1);
	} else if (!model_soc_txclk_ok(m)) {
		/* The SoC clocks the RGMII TX lines at another speed's rate. */
		MODEL_STAT_ADD(m, soc_tx_dropped_clock, 1);
	} else {
		if (sink != NULL && len > 0)
			sink->put(sink, m->txbuf, (size_t)len);
		MODEL_STAT_ADD(m, tx_frames, 1);
		MODEL_STAT_ADD(m, tx_bytes, len);
	}
	m->tx_stalled = false;
	/* Status (IHE/PCE, ES) in the last descriptor's write-back only. */
	tx_write_back(m, r, r->cur, pos - 1, 0);
	tx_write_back(m, r, (r->cur + pos - 1) % r->n, 1, st);
	tx_advance(m, r, ch, pos);
	/* TI for a frame whose last descriptor asked for it (TDES2.IC). */
	if (ic)
		model_chan_status_set(m, ch, DMA_CHAN_STATUS_TI);
	return MODEL_WORK_FRAME;
unavailable:
	ring_suspend(m, r, ch, seq, DMA_CHAN_STATUS_TBU);
	return MODEL_WORK_NONE;
}

/* Marks the descriptors of TX ring @p r in [lo, hi) as model.h says. */
static void
tx_prefetch_ring(struct dwmac4_model *m, struct model_ring *r, uintptr_t va,
		 uintptr_t lo, uintptr_t hi)
{
	uint32_t s, last;

	pthread_mutex_lock(&m->lock);
	/* Stopped (and maybe restarted elsewhere) since va was read. */
	if (!r->running || __atomic_load_n(&r->va, __ATOMIC_RELAXED) != va) {
		pthread_mutex_unlock(&m->lock);
		return;
	}
	last = (uint32_t)((hi - 1 - va) / r->stride);
	for (s = (uint32_t)((lo - va) / r->stride); s <= last; s++) {
		struct dwmac4_desc w;
		uint32_t des3, len;
		uint64_t addr;
		void *buf;

		model_nc_dev_read_quiet(&w, (const void *)(va + (uintptr_t)s *
							     r->stride),
					sizeof(w));
		des3 = le32toh(w.des3);
		len = le32toh(w.des2) & TDES2_BUFFER1_SIZE_MASK;
		addr = (uint64_t)le32toh(w.des1) << 32 | le32toh(w.des0);
		if (!(des3 & TDES3_OWN) || len == 0)
			continue;
		buf = model_dma_lookup(m, addr, len);
		if (buf != NULL && model_nc_dev_read_stale(buf, len))
			r->stale[s / 64u] |= (uint64_t)1 << (s % 64u);
	}
	pthread_mutex_unlock(&m->lock);
}

/*
 * The DMA is taken to be still behind when the driver publishes (a wire
 * is slower than the CPU; the model's engine is faster than any wire, so
 * its own position proves nothing): whatever the tail says, a descriptor
 * is in its reach from the moment its line is in DRAM (docs/model.md,
 * "Transmit descriptor prefetch").
 */
void
model_tx_prefetch(struct dwmac4_model *m, const void *addr, size_t len)
{
	uintptr_t lo = (uintptr_t)addr, hi = lo + len;
	unsigned int ch;

	for (ch = 0; ch < m->params.n_channels; ch++) {
		struct model_ring *r = &m->tx[ch];
		uintptr_t va = __atomic_load_n(&r->va, __ATOMIC_ACQUIRE);
		uintptr_t end;

		if (va == 0)
			continue;
		end = va + (uintptr_t)r->n * r->stride;
		if (hi <= va || lo >= end)
			continue;
		tx_prefetch_ring(m, r, va, lo < va ? va : lo,
				 hi > end ? end : hi);
	}
}
