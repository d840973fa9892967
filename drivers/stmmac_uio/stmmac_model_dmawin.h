/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The device model's DMA window (its IOMMU) kept in step with DPDK's
 * memory: every memory segment, present and future, mapped at its IOVA;
 * freed memory unmapped. Shared by the model backend and socrx-devmodel
 * (there, in a secondary process: the primary's memory at the same
 * addresses, its allocations reported by EAL's memory event callbacks).
 */
#ifndef STMMAC_MODEL_DMAWIN_H
#define STMMAC_MODEL_DMAWIN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <rte_memory.h>
#include <rte_spinlock.h>

#include "model/dwmac4_model.h"

/* DMA regions tracked (coalesced: usually a handful). */
#define STMMAC_DMAWIN_MAX_REGIONS	DWMAC4_MODEL_MAX_DMA_REGIONS

struct stmmac_dmawin_region {
	uintptr_t va;
	uint64_t iova;
	size_t len;
};

struct stmmac_dmawin {
	struct dwmac4_model *m;
	char name[64];			/* for log lines */
	char cb_name[RTE_MEM_EVENT_CALLBACK_NAME_LEN];
	bool cb_registered;
	rte_spinlock_t lock;		/* regions */
	unsigned int nb_regions;
	struct stmmac_dmawin_region regions[STMMAC_DMAWIN_MAX_REGIONS];
};

/*
 * Maps every DMA-capable memory segment into @p m's DMA window and keeps
 * doing so for memory allocated later. @p w must stay where it is until
 * stmmac_dmawin_detach(). 0 or -errno (logged).
 */
int stmmac_dmawin_attach(struct stmmac_dmawin *w, struct dwmac4_model *m,
			 const char *name);

/* Stops following DPDK's memory (the mappings stay). */
void stmmac_dmawin_detach(struct stmmac_dmawin *w);

#endif /* STMMAC_MODEL_DMAWIN_H */
