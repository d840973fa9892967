/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Driver protocol violations (docs/model.md): each kind counted, the
 * latest described for dwmac4_model_last_violation(). Called from every
 * part of the model, from the driver's thread and the engine's.
 */
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>

#include "dwmac4_model_internal.h"

void
model_violation(struct dwmac4_model *m, enum model_viol kind,
		const char *fmt, ...)
{
	va_list ap;

	MODEL_STAT_ADD_ATOMIC(m, violations, 1);
	switch (kind) {
	case MODEL_VIOL_BAD_REG:
		MODEL_STAT_ADD_ATOMIC(m, viol_bad_reg, 1);
		break;
	case MODEL_VIOL_DMA_OUTSIDE:
		MODEL_STAT_ADD_ATOMIC(m, viol_dma_outside, 1);
		break;
	case MODEL_VIOL_TAIL_BEYOND_RING:
		MODEL_STAT_ADD_ATOMIC(m, viol_tail_beyond_ring, 1);
		break;
	case MODEL_VIOL_OWN_ZERO_ADDR:
		MODEL_STAT_ADD_ATOMIC(m, viol_own_zero_addr, 1);
		break;
	case MODEL_VIOL_BAD_RING:
		MODEL_STAT_ADD_ATOMIC(m, viol_bad_ring, 1);
		break;
	case MODEL_VIOL_BAD_DESC:
		MODEL_STAT_ADD_ATOMIC(m, viol_bad_desc, 1);
		break;
	case MODEL_VIOL_PBL_ZERO:
		MODEL_STAT_ADD_ATOMIC(m, viol_pbl_zero, 1);
		break;
	case MODEL_VIOL_RESET_RUNNING:
		MODEL_STAT_ADD_ATOMIC(m, viol_reset_running, 1);
		break;
	case MODEL_VIOL_BASE_RUNNING:
		MODEL_STAT_ADD_ATOMIC(m, viol_base_running, 1);
		break;
	case MODEL_VIOL_RX_RECLAIMED:
		MODEL_STAT_ADD_ATOMIC(m, viol_rx_reclaimed, 1);
		break;
	case MODEL_VIOL_MTL_CONFIG:
		MODEL_STAT_ADD_ATOMIC(m, viol_mtl_config, 1);
		break;
	}
	/* Cold path: a short lock is fine even on the tail-write path. */
	pthread_mutex_lock(&m->viol_lock);
	va_start(ap, fmt);
	vsnprintf(m->last_viol, sizeof(m->last_viol), fmt, ap);
	va_end(ap);
	pthread_mutex_unlock(&m->viol_lock);
}
