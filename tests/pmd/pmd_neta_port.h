/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * A NETA port of its own for each case of the neta tests
 * (test_pmd_neta_mac.c, test_pmd_neta_phy.c, test_pmd_neta_queues.c),
 * and its model's registers as stored: probed with the case's
 * devargs and started, then checked free of driver violations and closed.
 */
#ifndef PMD_NETA_PORT_H
#define PMD_NETA_PORT_H

#include <stdio.h>

#include <rte_bus_vdev.h>
#include <rte_ethdev.h>

#include "pmd_harness.h"
#include "rte_pmd_mvneta_uio.h"

/* Register @p off of @p port's model as stored (a failed read fails). */
static inline uint32_t
pmd_neta_peek(uint16_t port, uint32_t off)
{
	uint32_t v = 0;

	CHECK_EQ_U(rte_pmd_mvneta_uio_model_peek32(port, off, &v), 0,
		   "peek 0x%x", off);
	return v;
}

/*
 * Probes net_mvneta_uio<i> with @p args and starts it (promiscuous) with
 * @p conf (NULL: the harness's): the port, or -1 (a failed check).
 */
static inline int
pmd_neta_port_start(struct rte_mempool *mp, unsigned int i, const char *args,
		    const struct rte_eth_conf *conf)
{
	char name[32];
	uint16_t port;

	snprintf(name, sizeof(name), "net_mvneta_uio%u", i);
	if (pmd_harness_vdev_init(name, args) != 0 ||
	    rte_eth_dev_get_port_by_name(name, &port) != 0 ||
	    pmd_harness_port_start(port, mp, 256, conf) != 0) {
		CHECK(0, "%s (%s): probe and start", name, args);
		return -1;
	}
	return port;
}

/* No violation, then stopped, closed and removed. */
static inline void
pmd_neta_port_close(uint16_t port)
{
	char name[RTE_ETH_NAME_MAX_LEN];

	CHECK_EQ_U(pmd_harness_model(port).violations, 0,
		   "port %u: no violation (%s)", port,
		   pmd_family()->last_violation(port));
	rte_eth_dev_get_name_by_port(port, name);
	rte_eth_dev_stop(port);
	rte_eth_dev_close(port);
	rte_vdev_uninit(name);
}

#endif /* PMD_NETA_PORT_H */
