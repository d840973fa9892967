/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * A model's DMA window following DPDK's memory (socnic_model_dmawin.h):
 * an initial walk of the memory segments, then EAL's memory event
 * callbacks for what is allocated and freed later.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include <rte_common.h>
#include <rte_errno.h>
#include <rte_memory.h>

#include "socnic_log.h"
#include "socnic_model_dmawin.h"

/*
 * Maps [va, va + len) at @p iova, minus what is already mapped: the
 * initial walk and the memory event callback may both see a segment
 * allocated while the port probes. Called with w->lock held.
 */
static int
dmawin_map_range(struct socnic_dmawin *w, uintptr_t va, uint64_t iova,
		 size_t len)
{
	unsigned int i;
	int ret;

	if (len == 0)
		return 0;
	for (i = 0; i < w->nb_regions; i++) {
		const struct socnic_dmawin_region *r = &w->regions[i];
		uint64_t lo, hi;

		if (r->iova >= iova + len || iova >= r->iova + r->len)
			continue;
		lo = RTE_MAX(iova, r->iova);
		hi = RTE_MIN(iova + len, r->iova + r->len);
		ret = dmawin_map_range(w, va, iova, lo - iova);
		if (ret == 0)
			ret = dmawin_map_range(w, va + (hi - iova), hi,
					       iova + len - hi);
		return ret;
	}
	if (w->nb_regions == SOCNIC_DMAWIN_MAX_REGIONS)
		return -ENOSPC;
	ret = w->map(w->dev, (void *)va, iova, len);
	if (ret < 0)
		return ret;
	w->regions[w->nb_regions++] = (struct socnic_dmawin_region){
		.va = va, .iova = iova, .len = len };
	return 0;
}

/*
 * Maps the pages of [va, va + len) in runs contiguous in both VA and
 * IOVA; pages without an IOVA cannot be reached by any DMA and are left
 * out. @p first is the memseg of @p va, the rest follow it in the list.
 */
static int
dmawin_map_memsegs(struct socnic_dmawin *w, const struct rte_memseg_list *msl,
		   const struct rte_memseg *first, size_t len)
{
	size_t pg = msl->page_sz, off, run_off = 0, run_len = 0;
	uint64_t run_iova = RTE_BAD_IOVA;
	int ret = 0;

	for (off = 0; off < len && ret == 0; off += pg) {
		const struct rte_memseg *ms = first + off / pg;

		if (ms->iova != RTE_BAD_IOVA && run_len != 0 &&
		    ms->iova == run_iova + run_len) {
			run_len += pg;
			continue;
		}
		if (run_len != 0)
			ret = dmawin_map_range(w, (uintptr_t)first->addr + run_off,
					       run_iova, run_len);
		run_len = ms->iova != RTE_BAD_IOVA ? pg : 0;
		run_off = off;
		run_iova = ms->iova;
	}
	if (ret == 0 && run_len != 0)
		ret = dmawin_map_range(w, (uintptr_t)first->addr + run_off,
				       run_iova, run_len);
	return ret;
}

static int
dmawin_walk_cb(const struct rte_memseg_list *msl, const struct rte_memseg *ms,
	       size_t len, void *arg)
{
	struct socnic_dmawin *w = arg;
	int ret;

	if (msl->external)	/* not ours to hand to a device */
		return 0;
	rte_spinlock_lock(&w->lock);
	ret = dmawin_map_memsegs(w, msl, ms, len);
	rte_spinlock_unlock(&w->lock);
	if (ret < 0) {
		SOCNIC_LOG(w->logtype, ERR, "%s: cannot map %zu bytes at %p into the model's DMA window: %s",
			   w->name, len, ms->addr, strerror(-ret));
		return -1;
	}
	return 0;
}

/* Unmaps every region overlapping [va, va + len), keeping the rest. */
static void
dmawin_unmap_va(struct socnic_dmawin *w, uintptr_t va, size_t len)
{
	unsigned int i = 0;

	while (i < w->nb_regions) {
		struct socnic_dmawin_region r = w->regions[i];
		uintptr_t lo, hi;

		if (r.va >= va + len || va >= r.va + r.len) {
			i++;
			continue;
		}
		w->unmap(w->dev, r.iova);
		w->regions[i] = w->regions[--w->nb_regions];
		lo = RTE_MAX(va, r.va);
		hi = RTE_MIN(va + len, r.va + r.len);
		/* Head and tail that stay allocated (added at the end). */
		dmawin_map_range(w, r.va, r.iova, lo - r.va);
		dmawin_map_range(w, hi, r.iova + (hi - r.va), r.va + r.len - hi);
	}
}

/*
 * Memory hotplug: map what EAL allocates later, unmap what it frees.
 * Runs under EAL's hotplug lock: only lock-free memseg lookups here.
 */
static void
dmawin_mem_event_cb(enum rte_mem_event type, const void *addr, size_t len,
		    void *arg)
{
	struct socnic_dmawin *w = arg;
	const struct rte_memseg_list *msl = rte_mem_virt2memseg_list(addr);
	const struct rte_memseg *ms;
	int ret = 0;

	if (msl == NULL || msl->external)
		return;
	rte_spinlock_lock(&w->lock);
	if (type == RTE_MEM_EVENT_FREE) {
		dmawin_unmap_va(w, (uintptr_t)addr, len);
	} else {
		ms = rte_mem_virt2memseg(addr, msl);
		if (ms != NULL)
			ret = dmawin_map_memsegs(w, msl, ms, len);
	}
	rte_spinlock_unlock(&w->lock);
	if (ret < 0)
		SOCNIC_LOG(w->logtype, ERR, "%s: cannot map new memory %p (+%zu) for DMA: %s",
			   w->name, addr, len, strerror(-ret));
}

int
socnic_dmawin_attach(struct socnic_dmawin *w, void *dev,
		     socnic_dmawin_map_t map, socnic_dmawin_unmap_t unmap,
		     const char *name, int logtype)
{
	w->dev = dev;
	w->map = map;
	w->unmap = unmap;
	w->logtype = logtype;
	w->nb_regions = 0;
	w->cb_registered = false;
	rte_spinlock_init(&w->lock);
	snprintf(w->name, sizeof(w->name), "%s", name);
	/* Callback first: nothing allocated during the walk is missed. */
	/* Unique per port; EAL rejects a second callback of the same name. */
	snprintf(w->cb_name, sizeof(w->cb_name), "socnic_%.56s", name);
	if (rte_mem_event_callback_register(w->cb_name, dmawin_mem_event_cb,
					    w) == 0)
		w->cb_registered = true;
	else if (rte_errno != ENOTSUP)
		SOCNIC_LOG(w->logtype, WARNING, "%s: no memory event callback (%s): memory allocated later is not DMA-mapped",
			   name, rte_strerror(rte_errno));
	if (rte_memseg_contig_walk(dmawin_walk_cb, w) != 0)
		return -ENOSPC;
	SOCNIC_LOG(w->logtype, INFO, "%s: %u DMA region(s) mapped into the model",
		   name, w->nb_regions);
	return 0;
}

void
socnic_dmawin_detach(struct socnic_dmawin *w)
{
	if (w->cb_registered)
		rte_mem_event_callback_unregister(w->cb_name, w);
	w->cb_registered = false;
}
