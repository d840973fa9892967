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
 * rte_io_rmb(), the barrier for memory a device writes coherently (what
 * DPDK's rte_cio_rmb() was, Linux's dma_rmb()): "dmb oshld" on arm64; on
 * x86-64 a compiler barrier, loads from write-back memory not being
 * reordered with older loads there, where rte_rmb()'s lfence also stops
 * every later instruction until the status word's miss is served (16 %
 * of a one-frame burst, docs/perf/rx_short_bursts.md). Non-coherent
 * buffers and descriptors are invalidated by rxp_cacheops.h, whose
 * maintenance carries its own completion fence. Executed once per
 * harvested batch, so the hook test costs one predictable branch per
 * batch, not per packet.
 */
static __rte_always_inline void
socnic_desc_rmb(const struct socnic_rmb_hook *hook)
{
	rte_io_rmb();
	if (unlikely(hook->fn != NULL))
		hook->fn(hook->ctx);
}

/*
 * Descriptor writes before handing ownership: buffer address and length
 * words must be visible before the word that hands the descriptor over.
 * rte_io_wmb() (Linux's dma_wmb()): "dmb oshst" on arm64, a compiler
 * barrier on x86-64, where stores to write-back memory are not reordered
 * with older stores (rte_wmb()'s sfence orders only non-temporal and
 * write-combining stores, which the PMDs do not use for descriptors).
 */
static inline void
socnic_desc_wmb(void)
{
	rte_io_wmb();
}

/*
 * Doorbell. The descriptor stores (normal memory) must reach the point of
 * coherence before the device sees the new tail, or the DMA may fetch a
 * stale descriptor: rte_io_wmb(), as Linux's writel() orders them ("dmb
 * oshst" on arm64, x86-64 keeping stores in order). rte_write32() on the
 * UIO path has one inside, but the model backend is a function call, so
 * the barrier is spelled out here, once per burst. Non-coherent rings are
 * cleaned by rxp_cacheops.h first, with its own completion fence.
 */
static inline void
socnic_write_tail(const struct socnic_backend *be, uint32_t reg, uint32_t val)
{
	rte_io_wmb();
	socnic_write32(be, reg, val);
}

#endif /* SOCNIC_IO_H */
