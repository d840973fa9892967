/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Secondary processes (dpdk-proc-info, dpdk-dumpcap, dpdk-pdump, any
 * --proc-type=secondary application): a socrx port attaches the DPDK way
 * (net/null, net/ring), to the ethdev data and dev_private the primary
 * allocated in shared memory. A secondary reads; it never drives the
 * device: the backend behind a port (the model's thread and state, a UIO
 * mapping, interrupt file descriptors, the backend's function pointers)
 * belongs to the primary's address space. So a secondary gets:
 *   - dev_infos_get, supported ptypes, rxq/txq info, link (as the primary
 *     last set it), stats and xstats (the queues' counters, in shared
 *     memory, read directly; the device-side ones asked of the primary
 *     over DPDK's multi-process channel), their reset (done by the
 *     primary, asked likewise);
 *   - every other op unset, so ethdev refuses it with -ENOTSUP;
 *   - RX and TX bursts that move nothing and say so once.
 * Packet capture (dpdk-dumpcap, dpdk-pdump) needs no more: the primary
 * runs the capture callbacks in its own bursts (rte_pdump_init()).
 */
#ifndef SOCNIC_SECONDARY_H
#define SOCNIC_SECONDARY_H

#include <stdint.h>

#include <bus_vdev_driver.h>
#include <ethdev_driver.h>

#include "socnic_backend.h"

/*
 * Probe in a secondary process: attaches to the port the primary created
 * for @p vdev, installs @p ops (filled from the PMD's @p primary_ops with
 * the ops a secondary may run) and the refusing bursts, and finishes
 * probing. 0, or -ENODEV (logged) when the primary has no such port.
 */
int socnic_secondary_probe(struct rte_vdev_device *vdev,
			   const struct eth_dev_ops *primary_ops,
			   struct eth_dev_ops *ops, int logtype);

/*
 * Primary, at probe of a port of driver @p drv: publishes in the shared @p be what a secondary needs
 * to show the backend's xstats (their names; the driver's and the port's
 * names to ask for the values), and answers such requests from then on
 * (an rte_mp action per driver). Without a shared configuration
 * (--no-shconf, --in-memory) there is no secondary to answer: not an error.
 */
void socnic_secondary_serve(struct rte_eth_dev *dev, struct socnic_backend *be,
			    const char *drv, int logtype);

/* Whether this process drives the device (it is not a secondary). */
static inline bool
socnic_drives_device(void)
{
	return rte_eal_process_type() == RTE_PROC_PRIMARY;
}

/*
 * Secondary: the backend's xstats of the port @p be belongs to, since the
 * last reset, from the primary, into @p v (be->shared.nb_xstats values).
 * 0, or -errno (logged) when the primary does not answer.
 */
int socnic_secondary_backend_xstats(const struct socnic_backend *be,
				    uint64_t *v);

#endif /* SOCNIC_SECONDARY_H */
