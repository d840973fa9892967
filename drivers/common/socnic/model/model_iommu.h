/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The DMA window of a device model, its IOMMU: the host memory a driver
 * registered for DMA, as (IOVA, host address, length) regions sorted by
 * IOVA. A model's engines reach host memory only through
 * model_iommu_lookup(), so whatever a driver writes into registers or
 * descriptors, a model never touches memory outside what was registered.
 * NIC-neutral; no locking (the model holds its own lock around calls).
 */
#ifndef SOCRX_MODEL_IOMMU_H
#define SOCRX_MODEL_IOMMU_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Regions a window holds (one per 2 MiB page of 8 GiB in PA mode). */
#define MODEL_IOMMU_MAX_REGIONS 4096u

struct model_iommu_region {
	uint64_t iova;
	uint8_t *va;
	size_t len;
};

struct model_iommu {
	unsigned int n;
	/*
	 * The two regions the last lookups found, most recent first (a
	 * descriptor ring's and a buffer's alternate): checked before the
	 * binary search. Indexes into r, any value safe (checked against n).
	 */
	unsigned int recent[2];
	struct model_iommu_region r[MODEL_IOMMU_MAX_REGIONS];
};

/*
 * Lets the device reach [iova, iova + len), which the host sees at @p va.
 * Regions must not overlap. 0, -EINVAL or -ENOSPC.
 */
int model_iommu_map(struct model_iommu *w, void *va, uint64_t iova,
		    size_t len);

/* Removes the region that starts at @p iova. 0 or -ENOENT. */
int model_iommu_unmap(struct model_iommu *w, uint64_t iova);

/*
 * Host address of [iova, iova + len) when the range lies inside one
 * region, else NULL. Updates the window's recent regions.
 */
void *model_iommu_lookup(struct model_iommu *w, uint64_t iova, size_t len);

#ifdef __cplusplus
}
#endif

#endif /* SOCRX_MODEL_IOMMU_H */
