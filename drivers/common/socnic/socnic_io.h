/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Register accessors and the barriers of the PMDs, each with the reason it
 * is there. Registers are reached only through the backend (model or UIO
 * mapping); descriptors live in ordinary DMA memory.
 *
 * Barrier map (after Linux stmmac's and mvneta's dma_rmb()/dma_wmb()
 * placement and DPDK's ixgbe/i40e rings):
 *   RX harvest: read the status the device writes last (dwmac4 RDES3 and
 *               its OWN bit; a NETA queue's occupied count),
 *               socnic_desc_rmb(), then the rest of the descriptor and the
 *               buffer: without the barrier a weakly ordered CPU may
 *               return words from before the write-back (robustness row 13).
 *   RX refill:  buffer address words, socnic_desc_wmb(), then the word
 *               that hands the descriptor over (dwmac4: RDES3 = OWN).
 *   Doorbell:   socnic_write_tail() orders every descriptor store before
 *               the register write that makes the DMA fetch them.
 */
#ifndef SOCNIC_IO_H
#define SOCNIC_IO_H

#include <stdint.h>

#include <rte_atomic.h>
#include <rte_branch_prediction.h>
#include <rte_byteorder.h>
#include <rte_common.h>
#include <rte_io.h>

#include "socnic_backend.h"

static inline uint32_t
socnic_read32(const struct socnic_backend *be, uint32_t off)
{
	return be->ops->read32(be->ctx, off);
}

static inline void
socnic_write32(const struct socnic_backend *be, uint32_t off, uint32_t val)
{
	be->ops->write32(be->ctx, off, val);
}

/* Read-modify-write of a control register (control path only). */
static inline void
socnic_update32(const struct socnic_backend *be, uint32_t off,
		uint32_t clear, uint32_t set)
{
	socnic_write32(be, off, (socnic_read32(be, off) & ~clear) | set);
}

/*
 * The device side of a queue's read barrier: NULL fn on hardware and by
 * default. Set at queue setup from the backend (socnic_backend_ops
 * rx_barrier): only a model port whose write-ordering adversary is on
 * (fault_wo_ppm) has one, which publishes what the model held back
 * (robustness row 13).
 */
struct socnic_rmb_hook {
	void (*fn)(void *ctx);
	void *ctx;
};

/*
 * Descriptor reads after the ownership check: the load that found the
 * descriptor done (dwmac4: OWN clear in RDES3/TDES3) must complete before
 * any other word of the same write-back is loaded.
 * rte_rmb() (not rte_io_rmb()) because the words are in normal memory
 * written by another bus master. Executed once per harvested batch, so
 * the hook test costs one predictable branch per batch, not per packet.
 */
static __rte_always_inline void
socnic_desc_rmb(const struct socnic_rmb_hook *hook)
{
	rte_rmb();
	if (unlikely(hook->fn != NULL))
		hook->fn(hook->ctx);
}

/*
 * Descriptor writes before handing ownership: buffer address and length
 * words must be visible before the word that hands the descriptor over.
 */
static inline void
socnic_desc_wmb(void)
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
socnic_write_tail(const struct socnic_backend *be, uint32_t reg, uint32_t val)
{
	rte_wmb();
	socnic_write32(be, reg, val);
}

#endif /* SOCNIC_IO_H */
