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
#include <rte_branch_prediction.h>
#include <rte_byteorder.h>
#include <rte_common.h>
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
 * The device side of a queue's read barrier: NULL fn on hardware and by
 * default. Set at queue setup from the backend (stmmac_backend_ops
 * rx_barrier): only a model port whose write-ordering adversary is on
 * (fault_wo_ppm) has one, which publishes what the model held back
 * (dwmac4_model_rx_barrier(), robustness row 13).
 */
struct stmmac_rmb_hook {
	void (*fn)(void *ctx);
	void *ctx;
};

/*
 * Descriptor reads after the OWN check: the OWN-clear RDES3/TDES3 load
 * must complete before any other word of the same write-back is loaded.
 * rte_rmb() (not rte_io_rmb()) because the words are in normal memory
 * written by another bus master. Executed once per harvested batch, so
 * the hook test costs one predictable branch per batch, not per packet.
 */
static __rte_always_inline void
stmmac_desc_rmb(const struct stmmac_rmb_hook *hook)
{
	rte_rmb();
	if (unlikely(hook->fn != NULL))
		hook->fn(hook->ctx);
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
