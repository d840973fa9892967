/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * What every family's device model does the same way around its own
 * state: the order of its teardown and the lock around its DMA window's
 * changes. NIC-neutral; each model keeps its registers, engines and
 * interrupt lines.
 */
#ifndef SOCRX_MODEL_DEV_H
#define SOCRX_MODEL_DEV_H

#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

struct model_iommu;
struct model_thread;
struct model_traffic_src;
struct model_traffic_sink;

/*
 * The first half of a model's destroy: its engine thread stopped, so
 * nothing moves a frame any more; then its traffic @p src and @p sink
 * (the model's since create) destroyed; then, with @p nc, the model's
 * hold on the non-coherent interconnect (model_nc_attach() at create)
 * released. The model then frees its own state.
 */
void model_dev_release(struct model_thread *thr, struct model_traffic_src *src,
		       struct model_traffic_sink *sink, bool nc);

/*
 * model_iommu_unmap() of window @p w under the model's lock @p lock,
 * which its engines hold while they look the window up.
 */
int model_dev_dma_unmap(struct model_iommu *w, pthread_mutex_t *lock,
			uint64_t iova);

#ifdef __cplusplus
}
#endif

#endif /* SOCRX_MODEL_DEV_H */
