/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * A port's per-queue RX counters across the DPDK versions the tests build
 * against: struct rte_eth_stats' q_ipackets / q_ibytes / q_errors before
 * DPDK 25.11, which has them no more, and the PMDs' own rx_qN_packets /
 * rx_qN_bytes / rx_qN_errors xstats from 25.11 on.
 */
#ifndef PMD_COMPAT_QSTATS_H
#define PMD_COMPAT_QSTATS_H

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include <rte_ethdev.h>
#include <rte_version.h>

struct pmd_rx_qstats {
	uint64_t packets;
	uint64_t bytes;
	uint64_t errors;
};

#if RTE_VERSION >= RTE_VERSION_NUM(25, 11, 0, 0)
static inline int
pmd_rx_qstat(uint16_t port, uint16_t q, const char *what, uint64_t *v)
{
	char name[RTE_ETH_XSTATS_NAME_SIZE];
	uint64_t id;

	snprintf(name, sizeof(name), "rx_q%u_%s", q, what);
	if (rte_eth_xstats_get_id_by_name(port, name, &id) != 0)
		return -1;
	return rte_eth_xstats_get_by_id(port, &id, v, 1) == 1 ? 0 : -1;
}

/* Queue @p q's RX counters. 0, or -1 when the port has none. */
static inline int
pmd_rx_qstats_get(uint16_t port, uint16_t q, struct pmd_rx_qstats *qs)
{
	memset(qs, 0, sizeof(*qs));
	if (pmd_rx_qstat(port, q, "packets", &qs->packets) != 0 ||
	    pmd_rx_qstat(port, q, "bytes", &qs->bytes) != 0 ||
	    pmd_rx_qstat(port, q, "errors", &qs->errors) != 0)
		return -1;
	return 0;
}
#else
static inline int
pmd_rx_qstats_get(uint16_t port, uint16_t q, struct pmd_rx_qstats *qs)
{
	struct rte_eth_stats st;

	memset(qs, 0, sizeof(*qs));
	if (q >= RTE_ETHDEV_QUEUE_STAT_CNTRS || rte_eth_stats_get(port, &st) != 0)
		return -1;
	qs->packets = st.q_ipackets[q];
	qs->bytes = st.q_ibytes[q];
	qs->errors = st.q_errors[q];
	return 0;
}
#endif

/* The RX counters of all the port's queues added up. 0 or -1. */
static inline int
pmd_rx_qstats_sum(uint16_t port, struct pmd_rx_qstats *sum)
{
	struct rte_eth_dev_info info;
	struct pmd_rx_qstats qs;
	uint16_t q;

	memset(sum, 0, sizeof(*sum));
	if (rte_eth_dev_info_get(port, &info) != 0)
		return -1;
	for (q = 0; q < info.nb_rx_queues; q++) {
		if (pmd_rx_qstats_get(port, q, &qs) != 0)
			return -1;
		sum->packets += qs.packets;
		sum->bytes += qs.bytes;
		sum->errors += qs.errors;
	}
	return 0;
}

#endif /* PMD_COMPAT_QSTATS_H */
