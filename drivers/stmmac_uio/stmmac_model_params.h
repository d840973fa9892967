/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The device model's parameters and traffic from the devargs: shared by
 * the model backend (stmmac_backend_model.c) and socrx-devmodel, which
 * runs the same model in a process of its own behind a UIO-like register
 * window. Uses DPDK only for logging.
 */
#ifndef STMMAC_MODEL_PARAMS_H
#define STMMAC_MODEL_PARAMS_H

#include <stdint.h>

#include "model/dwmac4_model.h"

struct stmmac_devargs;

/*
 * Fills @p p from @p da for the device @p name whose MAC address 0 resets
 * to @p mac (the generator addresses its frames to it), traffic source and
 * sink created. 0, or -EINVAL after logging why (nothing left to release).
 * Until dwmac4_model_create() takes them, the caller releases the traffic
 * with stmmac_model_params_release().
 */
int stmmac_model_params_fill(struct dwmac4_model_params *p, const char *name,
			     const struct stmmac_devargs *da,
			     const uint8_t mac[6]);

/* Destroys the traffic source and sink of @p p (a model not created). */
void stmmac_model_params_release(struct dwmac4_model_params *p);

#endif /* STMMAC_MODEL_PARAMS_H */
