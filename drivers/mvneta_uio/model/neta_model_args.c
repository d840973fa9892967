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

#define NETA_PARAMS(args) (&((struct neta_model_args *)(args))->p)

static const char *
arg_model(const char *v, void *args)
{
	RTE_SET_USED(args);
	return v != NULL && strcmp(v, "neta") == 0 ? NULL :
		"the only model is neta";
}

static const char *
arg_fault_err_ppm(const char *v, void *args)
{
	return socnic_parse_ppm(v, &NETA_PARAMS(args)->faults.err_ppm);
}

static const char *
arg_fault_len_ppm(const char *v, void *args)
{
	return socnic_parse_ppm(v, &NETA_PARAMS(args)->faults.len_ppm);
}

static const char *
arg_fault_csum_lie_ppm(const char *v, void *args)
{
	return socnic_parse_ppm(v, &NETA_PARAMS(args)->faults.csum_lie_ppm);
}

static const char *
arg_fault_wb_late_ppm(const char *v, void *args)
{
	return socnic_parse_ppm(v, &NETA_PARAMS(args)->faults.wb_late_ppm);
}

static const char *
arg_model_irq_race(const char *v, void *args)
{
	return socnic_parse_bool(v, &NETA_PARAMS(args)->irq_race) < 0 ?
		"expected 0 or 1" : NULL;
}

static const char *
arg_model_watch_da(const char *v, void *args)
{
	struct neta_model_params *p = NETA_PARAMS(args);
	const char *err = socnic_parse_mac(v, p->watch_da, false);

	if (err == NULL)
		p->watch_da_set = true;
	return err;
}

static const char *
arg_model_mdio(const char *v, void *args)
{
	static const char *const names[] = { "map", "window", "none", NULL };
	int i = socnic_parse_word(v, names);

	if (i < 0)
		return "expected map, window or none";
	NETA_PARAMS(args)->mdio = (enum neta_model_mdio)i;
	return NULL;
}

static const char *
arg_model_phy_addr(const char *v, void *args)
{
	unsigned int n;
	int r = socnic_parse_mdio_addr(v, "none", &n);

	if (r < 0)
		return "expected 0..31 or none (a fixed link)";
	NETA_PARAMS(args)->phy_addr = r > 0 ? NETA_MODEL_PHY_NONE : n;
	return NULL;
}

static const char *
arg_model_phy_speed(const char *v, void *args)
{
	return socnic_parse_speed(v, &NETA_PARAMS(args)->phy_speed);
}

static const char *
arg_model_phy_duplex(const char *v, void *args)
{
	return socnic_parse_duplex(v, &NETA_PARAMS(args)->phy_full);
}

static const struct socnic_devarg neta_model_devargs[] = {
	NETA_MODEL_DEVARGS(SOCNIC_DEVARG_PARSE)
};

int
neta_model_args_parse(const char *name, const char *args,
		      const struct neta_model_args_conf *conf,
		      struct neta_model_args *ma)
{
	const struct socnic_devarg_list lists[] = {
		{ socnic_model_devargs, socnic_model_nb_devargs, &ma->common },
		{ neta_model_devargs, RTE_DIM(neta_model_devargs), ma },
		/* The PMD's keys: recognised, parsed by the PMD. */
		{ socnic_port_devargs, socnic_port_nb_devargs, NULL },
		{ socnic_rx_devargs, socnic_rx_nb_devargs, NULL },
		{ conf->driver_keys, conf->nb_driver_keys, NULL },
	};
	struct socnic_devargs_seen seen;
	int ret;

	socnic_model_args_init(&ma->common);
	neta_model_params_init(&ma->p);
	ret = socnic_devargs_parse(conf->logtype, name, args,
				   conf->params != NULL ? conf->params : "",
				   lists, conf->driver_keys != NULL ?
				   RTE_DIM(lists) : RTE_DIM(lists) - 1, &seen);
	if (ret == 0)
		ret = socnic_model_args_finish(&ma->common, name, conf->logtype);
	return ret;
}

/* The shared keys into the model's parameters; the traffic made. */
int
neta_model_args_fill(struct neta_model_args *ma, const char *name,
		     const struct neta_model_args_conf *conf)
{
	struct neta_model_params *p = &ma->p;
	const struct socnic_model_args *c = &ma->common;

	memcpy(p->mac, conf->mac, sizeof(p->mac));
	p->flow_control = c->flow_ctrl;
	p->faults.seed = c->fault_seed;
	p->nc_emulation = conf->noncoherent && c->nc;
	p->dma_store = c->dma_store;
	if (c->wb_batch > 1)
		SOCNIC_LOG(conf->logtype, NOTICE,
			   "%s: wb_batch does not apply to the neta model",
			   name);
	return socnic_model_traffic_create(c, name, conf->mac, conf->logtype,
					   &p->rx_src, &p->tx_sink);
}
