/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Register accessors and the barriers of the driver, each with the reason
 * it is there. Registers are reached only through the backend (model or
 * UIO mapping); descriptors live in ordinary coherent DMA memory.
 *
 * Barrier map (after Linux stmmac's dma_rmb()/dma_wmb() placement and
 * DPDK's ixgbe/i40e rings):
 *   RX harvest: read RDES3, check OWN, stmmac_desc_rmb(), then read
 *               RDES1..: the device writes RDES3 last (model.md step 4),
 *               and without the barrier a weakly ordered CPU may return
 *               RDES1 from before the write-back (robustness row 13).
 *   RX refill:  RDES0..2, stmmac_desc_wmb(), RDES3 = OWN: the device may
 *               take the descriptor the moment it sees OWN.
 *   Doorbell:   stmmac_write_tail() orders every descriptor store before
 *               the tail-pointer write, which makes the DMA fetch them.
 */
#ifndef STMMAC_IO_H
#define STMMAC_IO_H

#include <stdint.h>

#include <rte_atomic.h>
#include <rte_byteorder.h>
#include <rte_io.h>

#include "stmmac_backend.h"

static inline uint32_t
stmmac_read32(const struct stmmac_backend *be, uint32_t off)
{
	return be->ops->read32(be->ctx, off);
}

static inline void
stmmac_write32(const struct stmmac_backend *be, uint32_t off, uint32_t val)
{
	be->ops->write32(be->ctx, off, val);
}

/* Read-modify-write of a control register (control path only). */
static inline void
stmmac_update32(const struct stmmac_backend *be, uint32_t off,
		uint32_t clear, uint32_t set)
{
	stmmac_write32(be, off, (stmmac_read32(be, off) & ~clear) | set);
}

/*
 * Descriptor reads after the OWN check: the OWN-clear RDES3/TDES3 load
 * must complete before any other word of the same write-back is loaded.
 * rte_rmb() (not rte_io_rmb()) because the words are in normal memory
 * written by another bus master.
 */
static inline void
stmmac_desc_rmb(void)
{
	rte_rmb();
}

/*
 * Descriptor writes before handing ownership: buffer address and length
 * words must be visible before the word carrying OWN.
 */
static inline void
stmmac_desc_wmb(void)
{
	rte_wmb();
}

/*
 * Doorbell. The descriptor stores (normal memory) must reach the point of
 * coherence before the device sees the new tail, or the DMA may fetch a
 * stale descriptor. rte_write32() on the UIO path has an rte_io_wmb()
 * inside, but the model backend is a function call, so the barrier is
 * spelled out here, once per burst.
 */
static inline void
stmmac_write_tail(const struct stmmac_backend *be, uint32_t reg,
		  uint32_t addr_lo)
{
	rte_wmb();
	stmmac_write32(be, reg, addr_lo);
}

#endif /* STMMAC_IO_H */
