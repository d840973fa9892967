/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The neta model's devargs: the keys every family's model takes
 * (socnic_model_args.h), parsed into struct socnic_model_args and copied
 * into the model's parameters by neta_model_args_fill(), and the neta
 * model's (NETA_MODEL_DEVARGS), parsed straight into them; the defaults
 * are the lists' and the model's own (neta_model_params_init()). Shared by the model backend
 * (neta_model_backend.c) and socrx-devmodel, which runs the model in a
 * process of its own behind a UIO device. Uses DPDK only for kvargs and
 * logging.
 */
#ifndef SOCRX_NETA_MODEL_ARGS_H
#define SOCRX_NETA_MODEL_ARGS_H

#include <stdbool.h>
#include <stdint.h>

#include "socnic_devargs.h"
#include "socnic_model_args.h"

#include "neta_model.h"

/* What the parse fills: the shared keys and the neta model's. */
struct neta_model_args {
	struct socnic_model_args common;
	struct neta_model_params p;
};

struct neta_model_args_conf {
	/* The PMD's parameter string, quoted when a devarg is refused. */
	const char *params;
	/* The PMD's own keys: recognised and left alone (may be NULL). */
	const struct socnic_devarg *driver_keys;
	unsigned int nb_driver_keys;
	const uint8_t *mac;		/* the port's address (6 bytes) */
	/* dma=noncoherent given: with model_nc=1, emulate the interconnect. */
	bool noncoherent;
	int logtype;
};

/*
 * Parses the model's keys of @p args for the device @p name (the port's,
 * the RX path's and conf->driver_keys recognised and left alone). 0, or
 * -EINVAL after logging why.
 */
int neta_model_args_parse(const char *name, const char *args,
			  const struct neta_model_args_conf *conf,
			  struct neta_model_args *ma);

/*
 * Completes ma->p: conf->mac, the shared keys, the traffic source and sink
 * created. 0, or -EINVAL after logging why (nothing left to release).
 * Until neta_model_create() takes them, the caller releases the traffic
 * (model_traffic_destroy()).
 */
int neta_model_args_fill(struct neta_model_args *ma, const char *name,
			 const struct neta_model_args_conf *conf);

#endif /* SOCRX_NETA_MODEL_ARGS_H */
