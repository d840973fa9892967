/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Model backend of net_mvneta_uio: the neta device model
 * (drivers/mvneta_uio/model/) behind a port, built by the model's own
 * socnic backend constructor, which parses the model's devargs, makes its
 * traffic and keeps its DMA window over DPDK memory. The driver reaches
 * the model only through read32/write32 and DMA; the harness-side
 * reporting (rte_pmd_mvneta_uio.h) lives here.
 */

#include <rte_common.h>

#include "socnic_backend.h"
#include "socnic_devargs.h"
#include "socnic_model_harness.h"
#include "socnic_model_port.h"

#include "neta_model.h"
#include "neta_model_backend.h"
#include "rte_pmd_mvneta_uio.h"
#include "mvneta_ethdev.h"
#include "mvneta_logs.h"

/* The driver's own keys: the model recognises them and leaves them. */
static const struct socnic_devarg mvneta_own_keys[] = {
	MVNETA_DEVARGS(SOCNIC_DEVARG_KNOWN)
};

int
mvneta_backend_model_create(struct socnic_backend *be, const char *name,
			    const char *args, const struct mvneta_devargs *da,
			    const uint8_t mac[6])
{
	const struct neta_model_args_conf conf = {
		.params = MVNETA_PMD_PARAMS,
		.driver_keys = mvneta_own_keys,
		.nb_driver_keys = RTE_DIM(mvneta_own_keys),
		.mac = mac,
		.noncoherent = da->rx.dma == SOCNIC_DMA_NONCOHERENT,
		.logtype = mvneta_logtype_backend,
	};

	return neta_model_backend_create(be, name, args, &conf);
}

/* ---- Harness-side reporting (rte_pmd_mvneta_uio.h) ---- */

/* The port behind @p port_id, NULL for a port of another PMD. */
static const struct socnic_port *
port_of(uint16_t port_id)
{
	const struct mvneta_adapter *ad = mvneta_adapter_from_port(port_id);

	return ad != NULL ? &ad->port : NULL;
}

RTE_PMD_MVNETA_UIO_EXPORT int
rte_pmd_mvneta_uio_model_stats(uint16_t port_id, struct neta_model_stats *st)
{
	return socnic_model_harness_stats(port_of(port_id), st);
}

RTE_PMD_MVNETA_UIO_EXPORT int
rte_pmd_mvneta_uio_model_peek32(uint16_t port_id, uint32_t off, uint32_t *val)
{
	return socnic_model_harness_peek32(port_of(port_id), off, val);
}

RTE_PMD_MVNETA_UIO_EXPORT int
rte_pmd_mvneta_uio_model_set_link(uint16_t port_id, int up)
{
	return socnic_model_port_link_set(port_of(port_id), up);
}

RTE_PMD_MVNETA_UIO_EXPORT int
rte_pmd_mvneta_uio_model_set_partner(uint16_t port_id, unsigned int speed,
				     int full)
{
	return socnic_model_harness_set_partner(port_of(port_id), speed, full);
}

RTE_PMD_MVNETA_UIO_EXPORT int
rte_pmd_mvneta_uio_model_step(uint16_t port_id, unsigned int budget)
{
	return socnic_model_port_step_run(port_of(port_id), budget,
					  RTE_PMD_MVNETA_UIO_STEP_MAX);
}

RTE_PMD_MVNETA_UIO_EXPORT int
rte_pmd_mvneta_uio_model_rx_idle(uint16_t port_id)
{
	return socnic_model_harness_rx_idle(port_of(port_id));
}

RTE_PMD_MVNETA_UIO_EXPORT const char *
rte_pmd_mvneta_uio_model_last_violation(uint16_t port_id)
{
	return socnic_model_harness_last_violation(port_of(port_id));
}

/* One RX engine takes the faults of every queue (neta_model_backend.c). */
RTE_PMD_MVNETA_UIO_EXPORT int
rte_pmd_mvneta_uio_model_set_faults(uint16_t port_id, uint16_t queue_id,
				    const struct neta_model_faults *f)
{
	return socnic_model_harness_set_faults(port_of(port_id), queue_id, f);
}

RTE_PMD_MVNETA_UIO_EXPORT int
rte_pmd_mvneta_uio_model_get_faults(uint16_t port_id, uint16_t queue_id,
				    struct neta_model_faults *f)
{
	return socnic_model_harness_get_faults(port_of(port_id), queue_id, f);
}
