/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Port-level helpers every socrx PMD uses at probe.
 */
#ifndef SOCNIC_PORT_H
#define SOCNIC_PORT_H

#include <stdint.h>

#include <rte_ethdev.h>

#include "socnic_backend.h"
#include "socnic_flow.h"
#include "socnic_lsc.h"
#include "socnic_tm.h"

/*
 * What every family's adapter (the port's dev_private) starts with: its
 * backend, its queue control, how many queues it has, whether the device runs, where the
 * backend's counters stood at the last reset (they count on regardless).
 */
struct rte_intr_handle;
struct socnic_queue_ops;
struct socnic_pmd;

struct socnic_port {
	struct socnic_backend be;
	/*
	 * The family's queue control (socnic_ethdev.h), for the primary
	 * process's queue ops: as the backend's ops, a pointer into the
	 * PMD, which a secondary process's ops never follow.
	 */
	const struct socnic_queue_ops *qops;
	/* The family's constants and start, stop and close steps: as qops. */
	const struct socnic_pmd *pmd;
	/* The queues the device has, each direction (probe; dev_infos). */
	uint16_t nb_rxq_max;
	uint16_t nb_txq_max;
	bool hw_started;
	/* RX queue interrupts (socnic_intr_create()): NULL without intr_conf.rxq. */
	struct rte_intr_handle *rx_intr;
	uint64_t be_xstats_base[SOCNIC_BACKEND_MAX_XSTATS];
	/*
	 * Link status change interrupts (socnic_lsc.h): lsc_irq when the
	 * controller's line raises link changes and EAL can wait on it
	 * (socnic_lsc_probe()); lsc from start to stop with intr_conf.lsc.
	 */
	struct socnic_lsc lsc;
	bool lsc_irq;
	struct socnic_flows flows;	/* rte_flow rules (socnic_flow.h) */
	struct socnic_tm tm;		/* the TX arbiter (socnic_tm.h) */
};

static inline struct socnic_port *
socnic_port(const struct rte_eth_dev *dev)
{
	return dev->data->dev_private;
}

/*
 * Default MAC address of a port without mac=: locally administered, from
 * the instance number in the vdev name @p name and the family's byte @p
 * family (so two families' ports never share one): 02:00:00:HI:FAMILY:LO
 * (net_stmmac_uio3 with family 1 -> 02:00:00:00:01:03). An address another
 * port of the process already has moves on to the next free one, with a
 * notice under @p logtype.
 */
void socnic_default_mac(const char *name, uint8_t family, uint8_t mac[6],
			int logtype);

/*
 * How many device-side xstats the backend exports (socnic_backend_ops
 * .nb_xstats; in a secondary process, as the primary published them).
 */
unsigned int socnic_backend_nb_xstats(const struct socnic_backend *be);

/*
 * The backend's device-side xstats, after a port's queue counters from
 * index @p i: values since the last reset (@p base,
 * socnic_backend_xstats_reset(); a secondary process asks the primary),
 * or names. Each returns the index after the last one written; the values
 * -EIO when a secondary process could not have them from the primary.
 */
int socnic_backend_xstats_get(const struct socnic_backend *be,
			      const uint64_t *base,
			      struct rte_eth_xstat *xstats, unsigned int i);
unsigned int socnic_backend_xstats_names(const struct socnic_backend *be,
					 struct rte_eth_xstat_name *names,
					 unsigned int i);
/* The device's counters run on: remember in @p base where they stand. */
void socnic_backend_xstats_reset(const struct socnic_backend *be,
				 uint64_t *base);

#endif /* SOCNIC_PORT_H */
