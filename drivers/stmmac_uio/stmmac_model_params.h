/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The dwmac4 model's devargs, parsed by the model backend only: the keys
 * every family's model takes (socnic_model_args.h), copied into the
 * model's parameters by stmmac_model_params_fill(), and the dwmac4 model's
 * (STMMAC_MODEL_DEVARGS), straight into them; the defaults are the lists'
 * and the model's own (dwmac4_model_params_init()). Shared by the
 * model backend (stmmac_backend_model.c) and socrx-devmodel, which runs
 * the same model in a process of its own behind a UIO-like register
 * window. Uses DPDK only for logging.
 */
#ifndef STMMAC_MODEL_PARAMS_H
#define STMMAC_MODEL_PARAMS_H

#include <stdbool.h>
#include <stdint.h>

#include "socnic_model_args.h"

#include "dwmac4_model.h"

struct stmmac_model_args {
	struct socnic_model_args common;	/* traffic, thread CPU, ... */
	struct dwmac4_model_params p;		/* the dwmac4 model's keys */
};

/*
 * Parses the model's keys of @p args for the device @p name (the driver's
 * keys are recognised and left alone). 0, or -EINVAL after logging why.
 */
int stmmac_model_args_parse(const char *name, const char *args,
			    struct stmmac_model_args *ma);

/*
 * Completes ma->p for the device @p name whose MAC address 0 resets to
 * @p mac (the generator addresses its frames to it): the shared keys,
 * the non-coherent interconnect when @p nc_given (dma=noncoherent) and
 * model_nc, the traffic source and sink created. 0, or -EINVAL after
 * logging why (nothing left to release). Until dwmac4_model_create()
 * takes them, the caller releases the traffic with
 * stmmac_model_params_release().
 */
int stmmac_model_params_fill(struct stmmac_model_args *ma, const char *name,
			     bool nc_given, const uint8_t mac[6]);

/* Destroys the traffic source and sink of @p p (a model not created). */
void stmmac_model_params_release(struct dwmac4_model_params *p);

#endif /* STMMAC_MODEL_PARAMS_H */
