/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * neta model: the engines' DMA, through the port's address decoding
 * windows (mvneta_mbus.h), the model's IOMMU (model_iommu.h) and, when
 * emulated, the non-coherent interconnect (model_nc.h); the DMA
 * configuration the engines run with.
 */
#include <inttypes.h>
#include <string.h>

#include "model_dev_mem.h"
#include "neta_model_internal.h"

/*
 * The window of the port's decoding (mvneta_mbus.h) that holds the whole
 * access [bus, bus + len), or -1.
 */
static int
win_find(const struct neta_model *m, uint32_t bus, size_t len)
{
	uint32_t off = neta_reg(m, MVNETA_BASE_ADDR_ENABLE);
	uint64_t base, size;
	unsigned int w;

	for (w = 0; w < MVNETA_MAX_DECODE_WIN; w++) {
		if (off & MVNETA_BASE_ADDR_DISABLE(w))
			continue;
		base = neta_reg(m, MVNETA_WIN_BASE(w)) & MVNETA_WIN_BASE_ADDR_MASK;
		size = (uint64_t)(neta_reg(m, MVNETA_WIN_SIZE(w)) &
				  MVNETA_WIN_SIZE_MASK) + MVNETA_WIN_SIZE_UNIT;
		if (bus >= base && bus - base + len <= size)
			return (int)w;
	}
	return -1;
}

/*
 * Bits 63:32 of the target address of an access window @p w holds: its
 * high remap register (windows 0-3), 0 for the others.
 */
static uint64_t
win_high(const struct neta_model *m, int w)
{
	if (w < 0 || (unsigned int)w >= MVNETA_NR_REMAP_WIN)
		return 0;
	return (uint64_t)neta_reg(m, MVNETA_WIN_REMAP(w)) << 32;
}

/*
 * Host address of [high | bus, + len) in the DMA memory, or NULL (a
 * violation): an access past the top of the 32-bit bus reaches nothing.
 */
static void *
dma_target(struct neta_model *m, uint64_t high, uint32_t bus, size_t len,
	   const char *what)
{
	void *p = NULL;

	if ((uint64_t)bus + len <= (1ull << 32))
		p = model_iommu_lookup(&m->dma, high | bus, len);
	if (p == NULL)
		neta_violation(m, NETA_VIOL_DMA_OUTSIDE,
			       "%s at 0x%" PRIx32 " (+%zu, target 0x%" PRIx64 ") outside DMA memory",
			       what, bus, len, high | bus);
	return p;
}

void *
neta_dma_ptr(struct neta_model *m, uint64_t bus, size_t len, const char *what)
{
	uint32_t b = (uint32_t)bus;

	return dma_target(m, win_high(m, win_find(m, b, len)), b, len, what);
}

void *
neta_dma_access(struct neta_model *m, uint64_t bus, size_t len,
		enum neta_dma_dir dir, const char *what)
{
	uint32_t cause, prot, b = (uint32_t)bus;
	int w;

	w = win_find(m, b, len);
	if (w >= 0) {
		prot = neta_reg(m, MVNETA_ACCESS_PROTECT_ENABLE) >>
		       MVNETA_WIN_PROTECT_SHIFT(w) & MVNETA_WIN_PROTECT_MASK;
		if ((prot & (uint32_t)dir) == (uint32_t)dir)
			return dma_target(m, win_high(m, w), b, len, what);
		cause = MVNETA_UNIT_INTR_ADDR_VIOL;
	} else {
		cause = MVNETA_UNIT_INTR_ADDR_NO_MATCH;
	}
	m->regs[MVNETA_UNIT_INTR_CAUSE / 4u] |= cause;
	m->regs[MVNETA_UNIT_ERR_ADDR / 4u] = b;
	neta_violation(m, NETA_VIOL_DMA_WINDOW,
		       "%s %s at 0x%" PRIx32 " (+%zu): %s", what,
		       dir == NETA_DMA_WR ? "write" : "read", b, len,
		       w >= 0 ? "the window's protection forbids it" :
		       "no enabled address decoding window holds it");
	return NULL;
}

const char *
neta_dma_config_bad(const struct neta_model *m, bool rx)
{
	uint32_t sdma = neta_reg(m, MVNETA_SDMA_CONFIG);

	if (!(neta_reg(m, MVNETA_MBUS_RETRY) & MVNETA_MBUS_RETRY_EN))
		return "MBUS_RETRY without the retry enable";
	if (((sdma & MVNETA_RX_BRST_SZ_ALL_MASK) >> 1) > MVNETA_SDMA_BRST_SIZE_MAX ||
	    ((sdma & MVNETA_TX_BRST_SZ_ALL_MASK) >> 22) > MVNETA_SDMA_BRST_SIZE_MAX)
		return "SDMA_CONFIG with a reserved burst size";
	if ((sdma & (MVNETA_RX_NO_DATA_SWAP | MVNETA_TX_NO_DATA_SWAP |
		     MVNETA_DESC_SWAP)) !=
	    (MVNETA_RX_NO_DATA_SWAP | MVNETA_TX_NO_DATA_SWAP))
		return "SDMA_CONFIG swapping data or descriptors (a big-endian layout)";
	if (rx && (neta_reg(m, MVNETA_ACC_MODE) & MVNETA_ACC_MODE_MASK) !=
		  MVNETA_ACC_MODE_EXT1)
		return "ACC_MODE other than EXT1 (software buffers, legacy parser)";
	return NULL;
}

/* Device read of host memory: DRAM's view when non-coherent. */
void
neta_dma_read(struct neta_model *m, void *dst, const void *src, size_t len)
{
	model_dev_mem_read(m->params.nc_emulation, &m->nc, dst, src, len);
}

/* Device write of host memory. */
void
neta_dma_write(struct neta_model *m, void *dst, const void *src, size_t len)
{
	model_dev_mem_write(m->params.nc_emulation, &m->nc,
			    m->params.dma_store, dst, src, len);
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
