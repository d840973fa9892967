/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * One emulated non-coherent interconnect per process, whichever PMD
 * plugins hold the model library (model_nc.h, docs/model.md
 * "Non-coherent DMA"). Each plugin links its own copy of the library;
 * the first copy that creates a non-coherent model publishes its domain
 * in a memzone (SOCNIC_MODEL_NC_MZ, holding the process id and the
 * domain's address: nothing another process may use), every other copy
 * joins it. The memzone goes with the last model of the domain, so a
 * probe and a remove leave nothing behind.
 */
#ifndef SOCNIC_MODEL_NC_H
#define SOCNIC_MODEL_NC_H

#include "model_nc.h"
#include "rxp_sync.h"

#define SOCNIC_MODEL_NC_MZ	"socrx_model_nc"

/*
 * The RX path's cache operation (a backend's cache_op hook) as the
 * emulated interconnect of every family's model takes it.
 */
static inline enum model_nc_op
socnic_model_nc_op(enum rxp_cache_op op)
{
	return op == RXP_CACHE_CIVAC ? MODEL_NC_CIVAC :
	       op == RXP_CACHE_PREFETCH ? MODEL_NC_PREFETCH :
	       op == RXP_CACHE_FENCE ? MODEL_NC_FENCE : MODEL_NC_CLEAN;
}

/*
 * Before a model with the emulation on is created: this copy of the
 * model library uses the process's domain, publishing its own if there
 * is none. 0 or a negative errno (logged under @p logtype for port
 * @p name): the model must not be created then, its DRAM would not be
 * the other family's.
 */
int socnic_model_nc_join(const char *name, int logtype);

/* After such a model was destroyed: the memzone goes with the last one. */
void socnic_model_nc_leave(void);

#endif /* SOCNIC_MODEL_NC_H */
