/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * What the TX bursts and the descriptor rings of every family do alike,
 * always inline (as socnic_rx.h for RX): the cache maintenance of a
 * range of ring entries on a non-coherent device, and the bulk free of
 * the packets a TX reclaim collects.
 */
#ifndef SOCNIC_RING_H
#define SOCNIC_RING_H

#include <stdbool.h>
#include <stdint.h>

#include <rte_common.h>
#include <rte_mbuf.h>

#include "rxp_sync.h"

/*
 * Clean (@p invalidate false) or clean+invalidate the lines of ring
 * entries [from, from + n) of 1 << @p shift bytes each, free-running
 * indices masked by @p mask, as at most two contiguous ranges (the ring
 * wraps); no completion barrier (rxp_sync_fence()). Non-coherent only.
 */
static __rte_always_inline void
socnic_ring_maint(struct rxp_sync *s, const volatile void *ring,
		  uint16_t from, uint16_t n, uint16_t mask, unsigned int shift,
		  bool invalidate)
{
	const uint8_t *base = (const uint8_t *)(uintptr_t)ring;
	uint16_t first = from & mask;
	uint16_t run = RTE_MIN(n, (uint16_t)(mask + 1u - first));

	if (n == 0)
		return;
	if (invalidate)
		rxp_sync_civac(s, base + ((size_t)first << shift),
			       (uint32_t)run << shift);
	else
		rxp_sync_clean(s, base + ((size_t)first << shift),
			       (uint32_t)run << shift);
	if (n > run) {
		if (invalidate)
			rxp_sync_civac(s, base, (uint32_t)(n - run) << shift);
		else
			rxp_sync_clean(s, base, (uint32_t)(n - run) << shift);
	}
}

/* Completed packets a TX reclaim frees per rte_pktmbuf_free_bulk() call. */
#define SOCNIC_TX_FREE_BULK	64

/* The packets a TX reclaim collects, freed in bulk. */
struct socnic_tx_free {
	struct rte_mbuf *m[SOCNIC_TX_FREE_BULK];
	unsigned int n;
};

/* Queues @p m for freeing; frees the batch once it is full. */
static __rte_always_inline void
socnic_tx_free_add(struct socnic_tx_free *f, struct rte_mbuf *m)
{
	f->m[f->n++] = m;
	if (f->n == SOCNIC_TX_FREE_BULK) {
		rte_pktmbuf_free_bulk(f->m, f->n);
		f->n = 0;
	}
}

/* Frees what is still queued. */
static __rte_always_inline void
socnic_tx_free_flush(struct socnic_tx_free *f)
{
	if (f->n != 0)
		rte_pktmbuf_free_bulk(f->m, f->n);
	f->n = 0;
}

#endif /* SOCNIC_RING_H */
