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
 * An RX descriptor's write-back (little-endian in memory): data_size
 * first, then the status word with release order, so that the buffer's
 * bytes and the size are visible before it (streaming stores fenced
 * once); with dma_store=flush the descriptor's line is flushed once.
 */
void
neta_desc_write_back(struct neta_model *m, struct mvneta_rx_desc *d,
		     uint32_t status, uint32_t size)
{
	if (m->params.nc_emulation) {
		model_nc_dev_store32(&m->nc, &d->size, htole32(size));
		model_nc_dev_store32(&m->nc, &d->status, htole32(status));
		return;
	}
	model_dma_store_fence(m->params.dma_store);
	__atomic_store_n(&d->size, htole32(size), __ATOMIC_RELEASE);
	__atomic_store_n(&d->status, htole32(status), __ATOMIC_RELEASE);
	model_dma_store_desc_done(m->params.dma_store, d, sizeof(*d));
}
