/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The driver's devargs (mvneta_devargs.h): its own keys' parsers and the
 * lists socnic_devargs_parse() is given: the port's, the RX path's and the
 * driver's parsed here, the device model's only recognised.
 */
#include <errno.h>
#include <string.h>

#include <rte_common.h>

#include "socnic_devargs.h"

#include "mvneta_devargs.h"
#include "mvneta_logs.h"
#include "mvneta_regs.h"

static const char *
arg_coe(const char *v, void *args)
{
	struct mvneta_devargs *da = args;

	return socnic_parse_bool(v, &da->coe) < 0 ? "expected 0 or 1" : NULL;
}

static const char *
arg_rx_coal_frames(const char *v, void *args)
{
	struct mvneta_devargs *da = args;
	uint64_t n;

	if (socnic_parse_u64(v, 1, MVNETA_RXQ_OCCUPIED_THRESH_MASK, &n) < 0)
		return "expected 1..16383 descriptors";
	da->rx_coal_frames = (uint16_t)n;
	return NULL;
}

static const char *
arg_rx_coal_usecs(const char *v, void *args)
{
	struct mvneta_devargs *da = args;
	uint64_t n;

	if (socnic_parse_u64(v, 0, MVNETA_RX_COAL_USECS_MAX, &n) < 0)
		return "expected 0..16000 microseconds";
	da->rx_coal_usecs = (uint16_t)n;
	return NULL;
}

static const struct socnic_devarg mvneta_devargs[] = {
	MVNETA_DEVARGS(SOCNIC_DEVARG_PARSE)
};

/* Recognised only: the model backend parses them. */
static const struct socnic_devarg mvneta_model_keys[] = {
	SOCNIC_MODEL_DEVARGS(SOCNIC_DEVARG_KNOWN)
	MVNETA_MODEL_DEVARGS(SOCNIC_DEVARG_KNOWN)
};

int
mvneta_devargs_parse(const char *name, const char *args,
		     struct mvneta_devargs *da)
{
	const struct socnic_devarg_list lists[] = {
		{ socnic_port_devargs, socnic_port_nb_devargs, &da->port },
		{ socnic_rx_devargs, socnic_rx_nb_devargs, &da->rx },
		{ mvneta_devargs, RTE_DIM(mvneta_devargs), da },
		{ mvneta_model_keys, RTE_DIM(mvneta_model_keys), NULL },
	};
	struct socnic_devargs_seen seen;
	int ret;

	memset(da, 0, sizeof(*da));
	ret = socnic_devargs_parse(mvneta_logtype_driver, name, args,
				   MVNETA_PMD_PARAMS, lists, RTE_DIM(lists),
				   &seen);
	if (ret < 0)
		return ret;
	if (da->port.use_uio && seen.model_key != NULL) {
		PMD_DRV_LOG(ERR, "%s: devarg %s applies to the model only, not with uio=%s",
			    name, seen.model_key, da->port.uio);
		return -EINVAL;
	}
	if (!da->port.use_uio && seen.uio_key != NULL) {
		PMD_DRV_LOG(ERR, "%s: devarg %s=%s applies with uio=uioN only",
			    name, seen.uio_key, seen.uio_val);
		return -EINVAL;
	}
	return 0;
}
