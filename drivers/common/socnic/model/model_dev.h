/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * What every family's device model does the same way around its own
 * state: what it holds besides its memory, taken at create and released
 * in order at destroy, and the lock around its DMA window's changes. NIC-neutral; each model keeps its registers, engines and
 * interrupt lines.
 */
#ifndef SOCRX_MODEL_DEV_H
#define SOCRX_MODEL_DEV_H

#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

struct model_efds;
struct model_iommu;
struct model_thread;
struct model_traffic_src;
struct model_traffic_sink;

/*
 * What a model holds besides its memory, taken at its create: its lock
 * @p lock; with @p nc, a hold on the non-coherent interconnect
 * (model_nc_attach()); its interrupt lines @p efds, @p nb_lines of them
 * and the misc one (model_efds_open()). 0, or -errno (-ENOMEM for the
 * lock or the interconnect) with none of them held.
 */
int model_dev_acquire(pthread_mutex_t *lock, bool nc, struct model_efds *efds,
		      unsigned int nb_lines);

/*
 * A model's destroy but for its own state: its engine thread stopped, so
 * nothing moves a frame any more; then its traffic @p src and @p sink
 * (the model's since create) destroyed; then what model_dev_acquire()
 * took released: with @p nc the hold on the interconnect, the interrupt
 * lines @p efds, the lock @p lock. The model then frees its own state.
 */
void model_dev_release(struct model_thread *thr, struct model_traffic_src *src,
		       struct model_traffic_sink *sink, bool nc,
		       struct model_efds *efds, pthread_mutex_t *lock);

/*
 * model_iommu_map() of [@p iova, + @p len) at @p va into window @p w under
 * the model's lock @p lock; with @p nc (DRAM behind a non-coherent
 * interconnect) the range's shadow too, what it holds now: without it the
 * range is not mapped at all. 0 or -errno.
 */
int model_dev_dma_map(struct model_iommu *w, pthread_mutex_t *lock, bool nc,
		      void *va, uint64_t iova, size_t len);

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
