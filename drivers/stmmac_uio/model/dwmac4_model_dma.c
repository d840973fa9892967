/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * dwmac4 device model, DMA side: the DMA window (the shared model library's
 * IOMMU, model_iommu.h) and the accesses the receive and transmit engines
 * of docs/model.md (dwmac4_model_rx.c, dwmac4_model_tx.c) make through it.
 * Everything the engines touch in host memory goes through
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
#include <pthread.h>
#include <string.h>

#include "dwmac4_model_dma.h"
#include "dwmac4_model_internal.h"
#include "model_dev_mem.h"

/* ======================================================================
 * DMA window
 * ====================================================================== */

int
dwmac4_model_dma_map(struct dwmac4_model *m, void *va, uint64_t iova,
		     size_t len)
{
	return model_dev_dma_map(&m->dma, &m->lock, m->params.nc_emulation,
				 va, iova, len);
}

int
dwmac4_model_dma_unmap(struct dwmac4_model *m, uint64_t iova)
{
	return model_dev_dma_unmap(&m->dma, &m->lock, iova);
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
	model_dev_mem_write(m->params.nc_emulation, &m->nc,
			    m->params.dma_store, dst, src, len);
}

void
model_mem_read(struct dwmac4_model *m, void *dst, const void *src, size_t len)
{
	model_dev_mem_read(m->params.nc_emulation, &m->nc, dst, src, len);
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

struct dwmac4_desc *
model_desc_fetch(struct dwmac4_model *m, const struct model_ring *r,
		 uint32_t idx, const char *what, struct dwmac4_desc *w)
{
	struct dwmac4_desc *d = model_ring_desc(m, r, idx, what);

	_Static_assert(RDES3_OWN == TDES3_OWN, "one OWN bit for both rings");
	if (d != NULL)
		model_desc_judge(m, model_desc_read(m, d, w),
				 (w->des3 & RDES3_OWN) != 0);
	return d;
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

struct dwmac4_desc *
model_ring_desc(struct dwmac4_model *m, const struct model_ring *r,
		uint32_t idx, const char *what)
{
	return model_dma_xlate(m, model_ring_addr(r, idx), DWMAC4_DESC_SIZE,
			       what);
}

void
model_ring_suspend(struct dwmac4_model *m, struct model_ring *r,
		   unsigned int ch, uint32_t seq, uint32_t status)
{
	r->suspended = true;
	r->susp_seq = seq;
	model_chan_status_set(m, ch, status);
}
