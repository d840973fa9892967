/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * dwmac4 device model, the transmit DMA engine of each channel
 * (docs/model.md "Transmit"): a frame's descriptors found owned up to its
 * LD and checked, its buffers gathered, the checksum engine and the MAC's
 * padding applied, the frame handed to the sink, the descriptors written
 * back; and, with the non-coherent emulation, the descriptor prefetch of
 * a running DMA ("Transmit descriptor prefetch"). Its memory accesses are
 * dwmac4_model_dma.c's.
 */
#include <endian.h>
#include <pthread.h>
#include <string.h>

#include "dwmac4_model_dma.h"
#include "dwmac4_model_internal.h"
#include "model_traffic.h"

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
		/* Write-back format: TDES0..2 keep their values (a stamp: tx_stamp()). */
		model_mem_store32(m, &d->des3, des3 | err);
	}
}

/*
 * A frame that asked for its stamp (TDES2.TTSE on its first descriptor):
 * the time it left, in its last descriptor's TDES0 (sub-seconds) and
 * TDES1 (seconds), with TTSS; nothing while the unit is off.
 */
static uint32_t
tx_stamp(struct dwmac4_model *m, struct model_ring *r, uint32_t idx)
{
	struct dwmac4_desc *d;
	uint32_t sec, sub;

	if (!model_ptp_stamp(m, &sec, &sub))
		return 0;
	d = model_ring_desc(m, r, idx % r->n, "TX write-back");
	if (d == NULL)
		return 0;
	model_mem_store32(m, &d->des0, sub);
	model_mem_store32(m, &d->des1, sec);
	return TDES3_TIMESTAMP_STATUS;
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

/*
 * Copies the frame of @p count descriptors from cur + @p skip (its
 * context descriptors); its length or -1.
 */
static int64_t
tx_gather(struct dwmac4_model *m, struct model_ring *r, uint32_t skip,
	  uint32_t count)
{
	struct dwmac4_desc *d, w;
	uint32_t i, len, total = 0;
	uint64_t addr;
	uint8_t *buf;

	for (i = 0; i < count; i++) {
		d = model_ring_desc(m, r, (r->cur + skip + i) % r->n,
				    "TX descriptor");
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
	uint32_t ctx = 0, des2_fd = 0;
	int32_t ctx_tag = -1;
	struct dwmac4_desc w;
	struct model_route *rt;
	const char *why;
	bool ic = false, ttse = false;
	int64_t len;

	if (!r->running || !(model_reg_get(m, GMAC_CONFIG) & GMAC_CONFIG_TE))
		return MODEL_WORK_NONE;
	/* A PAUSE frame received stops the transmitter for its quanta. */
	if (model_fc_tx_paused(m))
		return MODEL_WORK_NONE;
	seq = __atomic_load_n(&r->tail_seq, __ATOMIC_ACQUIRE);
	if (r->suspended && seq == r->susp_seq)
		return MODEL_WORK_NONE;
	r->suspended = false;
	tail = __atomic_load_n(&r->tail, __ATOMIC_ACQUIRE);
	/* Find the frame's LD among owned descriptors before consuming any. */
	for (idx = r->cur;; idx = (idx + 1) % r->n) {
		if (idx == tail || ctx + pos == r->n)
			goto unavailable;
		if (model_desc_fetch(m, r, idx, "TX descriptor", &w) == NULL) {
			model_ring_suspend(m, r, ch, seq, DMA_CHAN_STATUS_TBU |
					   DMA_CHAN_STATUS_FBE);
			return MODEL_WORK_NONE;
		}
		des3 = w.des3;
		if (!(des3 & TDES3_OWN))
			goto unavailable;
		/*
		 * A context descriptor before the frame's first: its VLAN tag
		 * (VLTV) for this frame (dwmac4_model_vlan.c); it takes a
		 * slot and is written back with the frame.
		 */
		if (pos == 0 && (des3 & TDES3_CONTEXT_TYPE)) {
			if (des3 & TDES3_VLTV)
				ctx_tag = (int32_t)(des3 & TDES3_VLAN_TAG);
			ctx++;
			continue;
		}
		why = tx_desc_problem(&w, pos, total);
		if (why != NULL) {
			model_violation(m, MODEL_VIOL_BAD_DESC,
					"TX descriptor %u (ch %u): %s, TDES3 %#x",
					idx, ch, why, des3);
			/* The partial frame and the culprit: ES, skipped. */
			tx_write_back(m, r, r->cur, ctx + pos + 1,
				      TDES3_ERROR_SUMMARY);
			tx_advance(m, r, ch, ctx + pos + 1);
			return MODEL_WORK_OTHER;
		}
		total += w.des2 & TDES2_BUFFER1_SIZE_MASK;
		if (pos == 0) {	/* CIC, CPC and TTSE: the first descriptor's */
			cic = des3 & TDES3_CHECKSUM_INSERTION_MASK;
			cpc = des3 & TDES3_CRC_PAD_CTRL_MASK;
			ttse = (w.des2 & TDES2_TIMESTAMP_ENABLE) != 0;
			des2_fd = w.des2;
		}
		ic = (w.des2 & TDES2_INTERRUPT_ON_COMPLETION) != 0;
		pos++;
		if (des3 & TDES3_LAST_DESCRIPTOR)
			break;
	}
	/*
	 * TX DMA channel ch feeds MTL TX queue ch. Store and forward (TSF):
	 * the MTL starts sending once the whole frame is in the TX queue. A
	 * frame larger than the queue never is: the DMA waits for room that
	 * never comes (counted once per stall). Nor does a disabled queue
	 * (TXQEN 00) or one the core lacks take it; nor an MTL whose TX
	 * configuration the model refuses (violation, once).
	 */
	rt = model_route_get(m);
	if (total > (ch < m->params.mtl_queues ? rt->txq_size[ch] : 0)) {
		if (!m->tx_stalled[ch])
			MODEL_STAT_ADD(m, tx_fifo_stalls, 1);
		m->tx_stalled[ch] = true;
		return MODEL_WORK_NONE;
	}
	if (__builtin_expect(!(rt->txq_on >> ch & 1u) || !rt->tx_ok, 0)) {
		if (rt->tx_viol_due) {
			rt->tx_viol_due = false;
			model_violation(m, MODEL_VIOL_MTL_CONFIG, "%s",
					rt->tx_why);
		}
		if (!m->tx_qoff[ch])
			MODEL_STAT_ADD(m, tx_qdisabled_stalls, 1);
		m->tx_qoff[ch] = true;
		return MODEL_WORK_NONE;
	}
	len = tx_gather(m, r, ctx, pos);
	if (len < 0) {
		tx_write_back(m, r, r->cur, ctx + pos, TDES3_ERROR_SUMMARY);
		tx_advance(m, r, ch, ctx + pos);
		return MODEL_WORK_OTHER;
	}
	/* The MAC inserts a VLAN tag before the checksum engine sees it. */
	len = model_vlan_tx(m, (uint32_t)len, des2_fd, ctx_tag);
	/* The checksum engine works on the whole frame in the MTL queue. */
	st = model_tx_coe(m, ch, m->txbuf, (uint32_t)len, cic);
	/* Then the MAC pads (or not) and appends the FCS. */
	len = tx_wire_len(m, (uint32_t)len, cpc);
	if (tx_take_stale(r, r->cur, ctx + pos))
		MODEL_STAT_ADD(m, nc_tx_stale, 1);
	/* The MAC's counters count what it transmits, good or bad. */
	model_mmc_add(m, DWMAC4_MMC_TX_FRAMECOUNT_GB, 1);
	model_mmc_add(m, DWMAC4_MMC_TX_OCTETCOUNT_GB, (uint32_t)len);
	/*
	 * A MAC at another speed or duplex than the PHY sends garbage: the
	 * DMA completes the frame, the link partner never sees it.
	 */
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
	m->tx_stalled[ch] = false;
	m->tx_qoff[ch] = false;
	/* Status (IHE/PCE, ES, TTSS) in the last descriptor's write-back only. */
	if (ttse)
		st |= tx_stamp(m, r, r->cur + ctx + pos - 1);
	tx_write_back(m, r, r->cur, ctx + pos - 1, 0);
	tx_write_back(m, r, (r->cur + ctx + pos - 1) % r->n, 1, st);
	tx_advance(m, r, ch, ctx + pos);
	/* TI for a frame whose last descriptor asked for it (TDES2.IC). */
	if (ic)
		model_chan_status_set(m, ch, DMA_CHAN_STATUS_TI);
	return MODEL_WORK_FRAME;
unavailable:
	model_ring_suspend(m, r, ch, seq, DMA_CHAN_STATUS_TBU);
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
