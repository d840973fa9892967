/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * neta model: the engines' DMA, through the model's IOMMU (model_iommu.h)
 * and, when emulated, the non-coherent interconnect (model_nc.h).
 */
#include <inttypes.h>
#include <string.h>

#include "neta_model_internal.h"

void *
neta_dma_ptr(struct neta_model *m, uint64_t bus, size_t len, const char *what)
{
	uint64_t iova = m->dma_lo +
			(uint32_t)((uint32_t)bus - (uint32_t)m->dma_lo);
	void *p = model_iommu_lookup(&m->dma, iova, len);

	if (p == NULL)
		neta_violation(m, NETA_VIOL_DMA_OUTSIDE,
			       "%s at 0x%" PRIx64 " (+%zu) outside DMA memory",
			       what, bus, len);
	return p;
}

/* Device read of host memory: DRAM's view when non-coherent. */
void
neta_dma_read(struct neta_model *m, void *dst, const void *src, size_t len)
{
	if (m->params.nc_emulation)
		model_nc_dev_read(&m->nc, dst, src, len);
	else
		memcpy(dst, src, len);
}

/* Device write of host memory. */
void
neta_dma_write(struct neta_model *m, void *dst, const void *src, size_t len)
{
	if (m->params.nc_emulation)
		model_nc_dev_write(&m->nc, dst, src, len, false);
	else
		model_dma_store(m->params.dma_store, dst, src, len);
}

/*
 * A descriptor word written back (little-endian in memory), with release
 * order: the buffer bytes before it are visible first (streaming stores
 * fenced).
 */
void
neta_desc_store(struct neta_model *m, uint32_t *w, uint32_t v)
{
	uint32_t le = htole32(v);

	if (m->params.nc_emulation) {
		model_nc_dev_store32(&m->nc, w, le);
		return;
	}
	model_dma_store_fence(m->params.dma_store);
	__atomic_store_n(w, le, __ATOMIC_RELEASE);
	model_dma_store_desc_done(m->params.dma_store, w, sizeof(*w));
}
