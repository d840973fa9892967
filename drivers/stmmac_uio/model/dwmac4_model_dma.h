/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The dwmac4 model's DMA side as its parts use it (dwmac4_model_dma.c):
 * host memory, descriptors and rings reached through the DMA window,
 * plain or through the non-coherent interconnect. The engines
 * (dwmac4_model_rx.c, dwmac4_model_tx.c) and the parts that touch
 * descriptors for them (channel control, faults, write ordering) include
 * it beside dwmac4_model_internal.h, which it needs.
 */
#ifndef SOCRX_DWMAC4_MODEL_DMA_H
#define SOCRX_DWMAC4_MODEL_DMA_H

#include <endian.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "dwmac4_model_internal.h"

/*
 * Device accesses to host memory at a host address model_dma_xlate()
 * gave. Coherent: plain (release/acquire for descriptor words). With
 * params.nc_emulation: through the non-coherent interconnect (model_nc.h),
 * which serialises them with the driver's cache maintenance. Descriptor
 * words are little-endian in memory; these take and return host order.
 */
static inline uint32_t
model_mem_load32(struct dwmac4_model *m, const uint32_t *p)
{
	if (m->params.nc_emulation)
		return le32toh(model_nc_dev_load32(&m->nc, p));
	return le32toh(__atomic_load_n(p, __ATOMIC_ACQUIRE));
}

static inline void
model_mem_store32(struct dwmac4_model *m, uint32_t *p, uint32_t v)
{
	if (m->params.nc_emulation)
		model_nc_dev_store32(&m->nc, p, htole32(v));
	else {
		__atomic_store_n(p, htole32(v), __ATOMIC_RELEASE);
		model_dma_store_desc_done(m->params.dma_store, p, sizeof(*p));
	}
}

/* Reads @p len bytes of host memory at @p src (a DMA read). */
void model_mem_read(struct dwmac4_model *m, void *dst, const void *src,
		    size_t len);
/* Writes @p len bytes at @p dst (a DMA write; dma_store applies). */
void model_mem_write(struct dwmac4_model *m, void *dst, const void *src,
		     size_t len);

/*
 * The four words of descriptor @p d in host order: DES3 first (acquire),
 * then the others, so the words belong to the write the OWN bit announced.
 * Returns whether (non-coherent) it read bytes the driver wrote and did
 * not clean; model_desc_used() counts that.
 */
bool model_desc_read(struct dwmac4_model *m, const struct dwmac4_desc *d,
		     struct dwmac4_desc *out);
void model_desc_used(struct dwmac4_model *m, bool unclean);
/*
 * An unclean descriptor read the device acts on (@p own: OWN set in the
 * copy it read) is counted at once. One it finds not owned only makes it
 * suspend until the next doorbell, and a driver rewriting a descriptor
 * the device may read (the tail's slot reached by wrapping, a stale status
 * repaired in place) is between its write and its clean: the omission, if
 * any, is counted at the doorbell (model_doorbell_check()).
 */
void model_desc_judge(struct dwmac4_model *m, bool unclean, bool own);
/*
 * The DMA's fetch of descriptor @p idx of ring @p r, an RX or a TX one
 * (OWN is DES3 bit 31 in both): its words into *@p w (model_desc_read()),
 * an unclean read judged as model_desc_judge() says. The descriptor, or
 * NULL outside the DMA window (the violation counted: a bus error).
 */
struct dwmac4_desc *model_desc_fetch(struct dwmac4_model *m,
				     const struct model_ring *r, uint32_t idx,
				     const char *what, struct dwmac4_desc *w);
/*
 * A tail write moving ring @p r's tail index from @p from to @p to
 * (0..n each) publishes the descriptors between: each of them the driver
 * wrote and did not clean before ringing is an unclean read (non-coherent
 * emulation only; lock held).
 */
void model_doorbell_check(struct dwmac4_model *m, const struct model_ring *r,
			  uint32_t from, uint32_t to);
/*
 * The TX DMA's descriptor prefetch (non-coherent emulation): the driver
 * cleaned [addr, addr + len); each TX descriptor there that DRAM now
 * holds owned is one a running DMA may fetch at once, past the tail and
 * past the wrap, and then its buffer: if bytes of that buffer may still
 * be stale in DRAM (model_nc_dev_read_stale()), the slot is marked and
 * the frame, once sent, counted in nc_tx_stale. Driver thread; takes
 * the lock only when the range holds a running TX ring's descriptors.
 */
void model_tx_prefetch(struct dwmac4_model *m, const void *addr, size_t len);
/* A device read of a descriptor word it does not use: never counted. */
static inline uint32_t
model_mem_peek32(struct dwmac4_model *m, const uint32_t *p)
{
	uint32_t v;

	if (!m->params.nc_emulation)
		return le32toh(__atomic_load_n(p, __ATOMIC_ACQUIRE));
	model_nc_dev_read_quiet(&v, p, sizeof(v));
	return le32toh(v);
}

/* Descriptor @p idx of ring @p r (stride included), translated; or NULL. */
struct dwmac4_desc *model_ring_desc(struct dwmac4_model *m,
				    const struct model_ring *r, uint32_t idx,
				    const char *what);
/* Bus address of descriptor @p idx (CUR_RX/TX_DESC, tail arithmetic). */
static inline uint64_t
model_ring_addr(const struct model_ring *r, uint32_t idx)
{
	return r->base + (uint64_t)idx * r->stride;
}

/*
 * Host pointer for [iova, iova + len) when the range lies inside one
 * registered region; otherwise counts viol_dma_outside (naming @p what)
 * and returns NULL. Caller holds the lock.
 */
void *model_dma_xlate(struct dwmac4_model *m, uint64_t iova, size_t len,
		      const char *what);
/* model_dma_xlate() without the violation: NULL when outside. */
void *model_dma_lookup(struct dwmac4_model *m, uint64_t iova, size_t len);

/*
 * The engine of ring @p r (channel @p ch) suspends: it reads nothing until
 * a tail write moves tail_seq past @p seq; @p status is set in the
 * channel's status register (RBU/TBU, FBE with them for a refused access).
 */
void model_ring_suspend(struct dwmac4_model *m, struct model_ring *r,
			unsigned int ch, uint32_t seq, uint32_t status);

#endif /* SOCRX_DWMAC4_MODEL_DMA_H */
