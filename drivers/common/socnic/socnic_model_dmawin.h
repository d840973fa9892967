/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * A device model's DMA window (its IOMMU) kept in step with DPDK's memory,
 * for every NIC family's model: every memory segment, present and future,
 * mapped at its IOVA through the model's own map call; freed memory
 * unmapped. Shared by the model backends and socrx-devmodel (there, in a
 * secondary process: the primary's memory at the same addresses, its
 * allocations reported by EAL's memory event callbacks).
 */
#ifndef SOCNIC_MODEL_DMAWIN_H
#define SOCNIC_MODEL_DMAWIN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <rte_memory.h>
#include <rte_spinlock.h>

/* DMA regions tracked (coalesced: usually a handful). */
#define SOCNIC_DMAWIN_MAX_REGIONS	4096u

/* The model's window: 0 or -errno; unmap removes the region at @p iova. */
typedef int (*socnic_dmawin_map_t)(void *dev, void *va, uint64_t iova,
				   size_t len);
typedef int (*socnic_dmawin_unmap_t)(void *dev, uint64_t iova);

struct socnic_dmawin_region {
	uintptr_t va;
	uint64_t iova;
	size_t len;
};

struct socnic_dmawin {
	void *dev;			/* the model */
	socnic_dmawin_map_t map;
	socnic_dmawin_unmap_t unmap;
	int logtype;
	char name[64];			/* for log lines */
	char cb_name[RTE_MEM_EVENT_CALLBACK_NAME_LEN];
	bool cb_registered;
	rte_spinlock_t lock;		/* regions */
	unsigned int nb_regions;
	struct socnic_dmawin_region regions[SOCNIC_DMAWIN_MAX_REGIONS];
};

/*
 * Maps every DMA-capable memory segment into the window of @p dev (through
 * @p map, later @p unmap) and keeps doing so for memory allocated later.
 * @p w must stay where it is until socnic_dmawin_detach(). Logs with
 * @p logtype as the device @p name. 0 or -errno (logged).
 */
int socnic_dmawin_attach(struct socnic_dmawin *w, void *dev,
			 socnic_dmawin_map_t map, socnic_dmawin_unmap_t unmap,
			 const char *name, int logtype);

/* Stops following DPDK's memory (the mappings stay). */
void socnic_dmawin_detach(struct socnic_dmawin *w);

#endif /* SOCNIC_MODEL_DMAWIN_H */
