/* SPDX-License-Identifier: BSD-3-Clause */
/* What every family's device model shares around its state (model_dev.h). */
#include "model_dev.h"
#include "model_iommu.h"
#include "model_nc.h"
#include "model_thread.h"
#include "model_traffic.h"

void
model_dev_release(struct model_thread *thr, struct model_traffic_src *src,
		  struct model_traffic_sink *sink, bool nc)
{
	model_thread_stop(thr);
	model_traffic_destroy(src, sink);
	if (nc)
		model_nc_detach();
}

int
model_dev_dma_unmap(struct model_iommu *w, pthread_mutex_t *lock,
		    uint64_t iova)
{
	int rc;

	pthread_mutex_lock(lock);
	rc = model_iommu_unmap(w, iova);
	pthread_mutex_unlock(lock);
	return rc;
}
