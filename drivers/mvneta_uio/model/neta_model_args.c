/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The neta model's devargs and parameters (neta_model_args.h).
 */
#include <errno.h>
#include <string.h>

#include <rte_common.h>

#include "model_traffic.h"
#include "socnic_log.h"

#include "neta_model_args.h"
#include "neta_model_devargs.h"

/* ---- The neta model's keys ---- */

static const char *
parse_model(const char *v, void *args)
{
	RTE_SET_USED(args);
	return v != NULL && strcmp(v, "neta") == 0 ? NULL :
		"the only model is neta";
}

#define MA struct neta_model_args
static const struct socnic_devarg_parser arg_model = SOCNIC_DEVARG_FN(parse_model);
static const struct socnic_devarg_parser arg_fault_wb_late_ppm =
	SOCNIC_DEVARG_PPM(MA, p.faults.wb_late_ppm);
/* In enum neta_model_mdio's order. */
static const struct socnic_devarg_parser arg_model_mdio =
	SOCNIC_DEVARG_WORD(MA, p.mdio, "expected map, window or none",
			   SOCNIC_DV_NAMES("map", "window", "none"));
static const struct socnic_devarg_parser arg_model_phy_addr =
	SOCNIC_DEVARG_MDIO_ADDR(MA, p.phy_addr, "none", NETA_MODEL_PHY_NONE,
				"expected 0..31 or none (a fixed link)");
static const struct socnic_devarg_parser arg_model_watch_da =
	SOCNIC_DEVARG_MAC(MA, p.watch_da, p.watch_da_set, false);
#undef MA

static const struct socnic_devarg neta_model_devargs[] = {
	NETA_MODEL_DEVARGS(SOCNIC_DEVARG_PARSE)
};

int
neta_model_args_parse(const char *name, const char *args,
		      const struct neta_model_args_conf *conf,
		      struct neta_model_args *ma)
{
	const struct socnic_devarg_list model = {
		neta_model_devargs, RTE_DIM(neta_model_devargs), ma, NULL
	};

	neta_model_params_init(&ma->p);
	return socnic_model_args_parse(conf->logtype, name, args, conf->params,
				       &ma->common, &model, conf->driver_keys,
				       conf->nb_driver_keys);
}

/* The shared keys into the model's parameters; the traffic made. */
int
neta_model_args_fill(struct neta_model_args *ma, const char *name,
		     const struct neta_model_args_conf *conf)
{
	struct neta_model_params *p = &ma->p;
	const struct socnic_model_args *c = &ma->common;

	SOCNIC_MODEL_ARGS_APPLY(p, c, conf->mac, conf->noncoherent);
	if (c->wb_batch > 1)
		SOCNIC_LOG(conf->logtype, NOTICE,
			   "%s: wb_batch does not apply to the neta model",
			   name);
	return socnic_model_traffic_create(c, name, conf->mac, conf->logtype,
					   &p->rx_src, &p->tx_sink);
}
