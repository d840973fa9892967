/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Devargs of net_mvneta_uio (--vdev net_mvneta_uioN,key=value,...): the
 * lists of socnic_devargs.h every socrx PMD takes (port, RX path, device
 * model), the driver's own below, and the neta model's, which the model
 * backend alone parses (mvneta_backend_model.c). The parameter string is
 * generated from these lists and nothing else; an unknown key or a bad
 * value fails the probe with a log line naming both.
 */
#ifndef MVNETA_DEVARGS_H
#define MVNETA_DEVARGS_H

#include <stdbool.h>
#include <stdint.h>

#include "socnic_devargs.h"

#include "mvneta_model_keys.h"

/*
 * The driver's own keys: X(key, syntax, default, scope). coe=0 leaves every
 * checksum verdict to software, as Linux without NETIF_F_RXCSUM.
 * rx_coal_frames / rx_coal_usecs: RX interrupt coalescing with
 * intr_conf.rxq (RXQ_THRESHOLD, RXQ_TIME_COAL; Linux's ethtool -C
 * rx-frames / rx-usecs, defaults 32 and 100 there): by default the first
 * frame wakes the queue.
 */
#define MVNETA_DEVARGS(X)						\
	X(coe, "0|1", "1", ANY)						\
	X(rx_coal_frames, "<1..16383>", "1", ANY)			\
	X(rx_coal_usecs, "<0..16000>", "0", ANY)

/* rx_coal_usecs' limit: its cycles fit RXQ_TIME_COAL at 250 MHz. */
#define MVNETA_RX_COAL_USECS_MAX	16000u

/* The one string RTE_PMD_REGISTER_PARAM_STRING and pmdinfo use. */
#define MVNETA_PMD_PARAMS						\
	SOCNIC_PORT_DEVARGS(SOCNIC_DEVARG_PARAM)			\
	SOCNIC_RX_DEVARGS(SOCNIC_DEVARG_PARAM)				\
	MVNETA_DEVARGS(SOCNIC_DEVARG_PARAM)				\
	SOCNIC_MODEL_DEVARGS(SOCNIC_DEVARG_PARAM)			\
	MVNETA_MODEL_DEVARGS(SOCNIC_DEVARG_PARAM)

struct mvneta_devargs {
	struct socnic_port_args port;	/* uio=, uio_root=, uio_force=, mac= */
	struct socnic_rx_args rx;	/* RX path (docs/design/rxpath.md) */
	bool coe;			/* the status word's L3/L4 verdicts */
	uint16_t rx_coal_frames;	/* RXQ_THRESHOLD occupied threshold */
	uint16_t rx_coal_usecs;		/* RXQ_TIME_COAL, in microseconds */
};

/*
 * Parses the driver's keys of @p args (may be NULL or empty) for the
 * device @p name; the model's keys are recognised, left to the model
 * backend, and refused with uio=. 0, or -EINVAL after logging.
 */
int mvneta_devargs_parse(const char *name, const char *args,
			 struct mvneta_devargs *da);

#endif /* MVNETA_DEVARGS_H */
