/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * A port's per-queue packet counters across the DPDK versions socrx
 * builds against: struct rte_eth_stats' q_ipackets / q_opackets (the
 * first RTE_ETHDEV_QUEUE_STAT_CNTRS queues) up to DPDK 24.11, the
 * rx_q<N>_packets / tx_q<N>_packets xstats from 25.11, whose
 * rte_eth_stats has them no more.
 */
#ifndef ROUTER_COMPAT_QSTATS_H
#define ROUTER_COMPAT_QSTATS_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include <rte_ethdev.h>
#include <rte_version.h>

/*
 * Packets of RX (@p rx) or TX queue @p q of @p port into *@p v, from
 * @p st where the version has them there. 0, or -1 when the port does
 * not count that queue.
 */
static inline int
router_qstat_packets(uint16_t port, const struct rte_eth_stats *st, bool rx,
		     uint16_t q, uint64_t *v)
{
#if RTE_VERSION >= RTE_VERSION_NUM(25, 11, 0, 0)
	char name[RTE_ETH_XSTATS_NAME_SIZE];
	uint64_t id;

	RTE_SET_USED(st);
	snprintf(name, sizeof(name), "%s_q%u_packets", rx ? "rx" : "tx", q);
	if (rte_eth_xstats_get_id_by_name(port, name, &id) != 0 ||
	    rte_eth_xstats_get_by_id(port, &id, v, 1) != 1)
		return -1;
	return 0;
#else
	RTE_SET_USED(port);
	if (q >= RTE_ETHDEV_QUEUE_STAT_CNTRS)
		return -1;
	*v = rx ? st->q_ipackets[q] : st->q_opackets[q];
	return 0;
#endif
}

#endif /* ROUTER_COMPAT_QSTATS_H */
