/* SPDX-License-Identifier: BSD-3-Clause */
/* The DMA window of a device model (model_iommu.h). */
#include <errno.h>

#include "model_iommu.h"

int
model_iommu_map(struct model_iommu *w, void *va, uint64_t iova, size_t len)
{
	struct model_iommu_region *d = w->r;
	unsigned int i, pos;

	if (va == NULL || len == 0 || iova + len < iova)
		return -EINVAL;
	for (pos = 0; pos < w->n && d[pos].iova < iova; pos++)
		;
	/* Regions must not overlap: check both neighbours of the slot. */
	if ((pos > 0 && d[pos - 1].iova + d[pos - 1].len > iova) ||
	    (pos < w->n && iova + len > d[pos].iova))
		return -EINVAL;
	if (w->n == MODEL_IOMMU_MAX_REGIONS)
		return -ENOSPC;
	for (i = w->n; i > pos; i--)
		d[i] = d[i - 1];
	d[pos].iova = iova;
	d[pos].va = va;
	d[pos].len = len;
	w->n++;
	return 0;
}

int
model_iommu_unmap(struct model_iommu *w, uint64_t iova)
{
	unsigned int i;

	for (i = 0; i < w->n; i++) {
		if (w->r[i].iova != iova)
			continue;
		for (; i + 1 < w->n; i++)
			w->r[i] = w->r[i + 1];
		w->n--;
		return 0;
	}
	return -ENOENT;
}

/* Host address of [iova, iova + len) in region @p i, else NULL (below it, iova - r->iova wraps past r->len). */
static inline void *
region_addr(const struct model_iommu *w, unsigned int i, uint64_t iova,
	    size_t len)
{
	const struct model_iommu_region *r = &w->r[i];

	if (i < w->n && len <= r->len &&
	    iova - r->iova <= r->len - len)
		return r->va + (iova - r->iova);
	return NULL;
}

void *
model_iommu_lookup(struct model_iommu *w, uint64_t iova, size_t len)
{
	unsigned int lo = 0, hi = w->n, mid, r0 = w->recent[0];
	void *va;

	va = region_addr(w, r0, iova, len);
	if (va != NULL)
		return va;
	va = region_addr(w, w->recent[1], iova, len);
	if (va != NULL) {
		w->recent[0] = w->recent[1];
		w->recent[1] = r0;
		return va;
	}
	/* Last region starting at or below iova (binary search). */
	while (lo < hi) {
		mid = (lo + hi) / 2;
		if (w->r[mid].iova <= iova)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo == 0)
		return NULL;
	va = region_addr(w, lo - 1, iova, len);
	if (va != NULL) {
		w->recent[1] = r0;
		w->recent[0] = lo - 1;
	}
	return va;
}
