/* SPDX-License-Identifier: BSD-3-Clause */
/* What every family's device model shares around its state (model_dev.h). */
#include <errno.h>

#include "model_dev.h"
#include "model_efd.h"
#include "model_iommu.h"
#include "model_nc.h"
#include "model_thread.h"
#include "model_traffic.h"

int
model_dev_acquire(pthread_mutex_t *lock, bool nc, struct model_efds *efds,
		  unsigned int nb_lines)
{
	int rc;

	if (pthread_mutex_init(lock, NULL) != 0)
		return -ENOMEM;
	if (nc && model_nc_attach() != 0) {
		pthread_mutex_destroy(lock);
		return -ENOMEM;
	}
	rc = model_efds_open(efds, nb_lines);
	if (rc != 0) {
		if (nc)
			model_nc_detach();
		pthread_mutex_destroy(lock);
	}
	return rc;
}

void
model_dev_release(struct model_thread *thr, struct model_traffic_src *src,
		  struct model_traffic_sink *sink, bool nc,
		  struct model_efds *efds, pthread_mutex_t *lock)
{
	model_thread_stop(thr);
	model_traffic_destroy(src, sink);
	if (nc)
		model_nc_detach();
	model_efds_close(efds);
	pthread_mutex_destroy(lock);
}

int
model_dev_dma_map(struct model_iommu *w, pthread_mutex_t *lock, bool nc,
		  void *va, uint64_t iova, size_t len)
{
	int rc;

	pthread_mutex_lock(lock);
	rc = model_iommu_map(w, va, iova, len);
	if (rc == 0 && nc) {
		rc = model_nc_map(va, len);
		if (rc != 0)
			model_iommu_unmap(w, iova);
	}
	pthread_mutex_unlock(lock);
	return rc;
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
