/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Descriptor ring geometry and cache maintenance, shared by the RX and TX
 * queues (docs/design/rxpath.md "Non-coherent DMA").
 *
 * A coherent device gets packed 16-byte descriptors (four per 64-byte
 * line). A non-coherent one gets one descriptor per CPU cache line: the
 * DMA channel skips DSL bus-width words after each descriptor (databook
 * DMA_CHx_Control.DSL; U-Boot's dwc_eth_qos.c pads so on every arm64
 * board). A descriptor that shares a line with another cannot be
 * maintained alone: cleaning the driver's re-armed descriptor would write
 * back a stale copy of its neighbour over the neighbour's write-back, and
 * invalidating a neighbour's line would drop the driver's unwritten
 * stores. Hence, for a non-coherent device:
 *   arm:      write RDES0..2, clean, barrier, write RDES3 (OWN), clean,
 *             barrier, then the doorbell (tail pointer);
 *   TX queue: clean every segment's bytes, barrier (dsb), write
 *             TDES0..3 (OWN included), clean, barrier, then the doorbell
 *             (stmmac_tx_tail_addr()). A running DMA may fetch a
 *             descriptor as soon as its line is in DRAM, past the tail
 *             (an eviction can put it there before the clean), so the
 *             bytes it points to are in DRAM before the first descriptor
 *             store;
 *   harvest:  clean+invalidate, read RDES3 (OWN), read barrier, the rest.
 * Ring indices are free-running; slot = index & mask.
 */
#ifndef STMMAC_RING_H
#define STMMAC_RING_H

#include <stdbool.h>
#include <stdint.h>

#include <rte_common.h>

#include "rxp_sync.h"
#include "socnic_ring.h"

#include "dwmac4_desc.h"

/* log2 of the packed descriptor (DWMAC4_DESC_SIZE). */
#define STMMAC_DESC_SHIFT_PACKED	4u

_Static_assert(DWMAC4_DESC_SIZE == 1u << STMMAC_DESC_SHIFT_PACKED,
	       "packed descriptors are 16 bytes");

/* Descriptor of ring index @p idx; descriptors are 1 << shift bytes apart. */
static __rte_always_inline volatile struct dwmac4_desc *
stmmac_desc(volatile struct dwmac4_desc *ring, uint16_t idx, uint16_t mask,
	    unsigned int shift)
{
	return (volatile struct dwmac4_desc *)((uintptr_t)ring +
		((uintptr_t)(idx & mask) << shift));
}

/* Low 32 bits of the bus address of descriptor slot @p slot. */
static __rte_always_inline uint32_t
stmmac_desc_addr(uint32_t ring_lo, uint16_t slot, unsigned int shift)
{
	return ring_lo + ((uint32_t)slot << shift);
}

/*
 * Low 32 bits of the tail address covering slots before index @p idx.
 * model.md: tail = base + stride * t, t in 1..N here: slot index 0 is
 * written as t = N ("one past the last descriptor", the ring end), which
 * is also what arming the whole ring gives.
 */
static __rte_always_inline uint32_t
stmmac_tail_addr(uint32_t ring_lo, uint16_t idx, uint16_t mask,
		 unsigned int shift)
{
	return ring_lo + (((uint32_t)((uint16_t)(idx - 1) & mask) + 1u) << shift);
}

/*
 * Low 32 bits of the TX tail address publishing the slots before index
 * @p idx: base + stride * (idx & mask), so the base at the wrap, as Linux
 * stmmac_xmit() writes it (dwmac4_set_tx_tail_ptr() of dma_tx_phy +
 * cur_tx * size, cur_tx wrapped). The DMA stops where its current
 * descriptor address equals the tail; it never holds base + N * stride
 * (it wraps to the base), so that tail would let it run on into slot 0
 * on OWN alone before the next doorbell. The other way to that end,
 * OpenBSD dwqe's first descriptor's OWN written last, would cost a
 * non-coherent burst a second clean and dsb of that descriptor's line.
 * A TX queue keeps at most N - 1 outstanding, so this tail equals the
 * DMA's position only when it has nothing to send.
 */
static __rte_always_inline uint32_t
stmmac_tx_tail_addr(uint32_t ring_lo, uint16_t idx, uint16_t mask,
		    unsigned int shift)
{
	return ring_lo + ((uint32_t)(idx & mask) << shift);
}

/* Clean+invalidate ring indices [from, from + n) and wait for it. */
static __rte_always_inline void
stmmac_ring_for_cpu(struct rxp_sync *s, volatile struct dwmac4_desc *ring,
		    uint16_t from, uint16_t n, uint16_t mask, unsigned int shift)
{
	socnic_ring_maint(s, ring, from, n, mask, shift, true);
	rxp_sync_fence(s);
}

/* Clean ring indices [from, from + n) and wait for it. */
static __rte_always_inline void
stmmac_ring_for_device(struct rxp_sync *s, volatile struct dwmac4_desc *ring,
		       uint16_t from, uint16_t n, uint16_t mask,
		       unsigned int shift)
{
	socnic_ring_maint(s, ring, from, n, mask, shift, false);
	rxp_sync_fence(s);
}

/*
 * stmmac_ring_for_cpu() (@p for_cpu) or stmmac_ring_for_device() on a
 * non-coherent queue, nothing on a coherent one: for the control path,
 * whose code serves both.
 */
static inline void
stmmac_ring_sync(struct rxp_sync *s, volatile struct dwmac4_desc *ring,
		 uint16_t from, uint16_t n, uint16_t mask, unsigned int shift,
		 bool for_cpu)
{
	if (s->mode == RXP_SYNC_COHERENT)
		return;
	socnic_ring_maint(s, ring, from, n, mask, shift, for_cpu);
	rxp_sync_fence(s);
}

#endif /* STMMAC_RING_H */
