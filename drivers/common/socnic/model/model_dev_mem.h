/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * A device model's DMA reads and writes of host memory, every family's:
 * through the emulated non-coherent DRAM (model_nc.h) when the model
 * emulates it, else straight into the host's memory, written as the
 * dma_store= devarg says (model_dma_store.h). A family's engines call
 * them with its own counters and parameters.
 */
#ifndef SOCRX_MODEL_DEV_MEM_H
#define SOCRX_MODEL_DEV_MEM_H

#include <stdbool.h>
#include <stddef.h>
#include <string.h>

#include "model_dma_store.h"
#include "model_nc.h"

/* The device reads [src, src + len) into @p dst: DRAM's view when @p nc. */
static inline void
model_dev_mem_read(bool nc, struct model_nc_counters *c, void *dst,
		   const void *src, size_t len)
{
	if (nc)
		model_nc_dev_read(c, dst, src, len);
	else
		memcpy(dst, src, len);
}

/*
 * The device writes @p len bytes of @p src at @p dst: into DRAM, poisoned
 * in the CPU's view until invalidated, when @p nc; else stored as @p how.
 */
static inline void
model_dev_mem_write(bool nc, struct model_nc_counters *c,
		    enum model_dma_store how, void *dst, const void *src,
		    size_t len)
{
	if (nc)
		model_nc_dev_write(c, dst, src, len, false);
	else
		model_dma_store(how, dst, src, len);
}

#endif /* SOCRX_MODEL_DEV_MEM_H */
