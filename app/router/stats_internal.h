/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * What stats.c (sampling, live report, summary) and stats_json.c (the
 * --json file) share: the xstats the reports show, each port's lookup
 * results and the two samples, stats_samples[stats_cur] the latest.
 */
#ifndef SOCRX_ROUTER_STATS_INTERNAL_H
#define SOCRX_ROUTER_STATS_INTERNAL_H

#include <stdbool.h>
#include <stdint.h>

#include <rte_ethdev.h>
#include <rte_lcore.h>

#include "stats.h"

/*
 * Xstats shown when a port has them, matched by name as rx_*<suffix>
 * (either spelling: lib/rxpath's "ip_csum_good", the PMD's "_ip_good")
 * and summed over queues (rx_q0_copybreak_frames, ...). A port without
 * them shows nothing; X(name, suffix, other suffix).
 */
#define ROUTER_XSTATS(X)					\
	X(copybreak_frames, "copybreak_frames", "copybreak_frames") \
	X(ip_csum_good, "ip_csum_good", "_ip_good")		\
	X(ip_csum_bad, "ip_csum_bad", "_ip_bad")		\
	X(ip_csum_unknown, "ip_csum_unknown", "_ip_unknown")	\
	X(l4_csum_good, "l4_csum_good", "_l4_good")		\
	X(l4_csum_bad, "l4_csum_bad", "_l4_bad")		\
	X(l4_csum_unknown, "l4_csum_unknown", "_l4_unknown")

enum router_xstat {
#define ROUTER_XS_ENUM(n, s, t) XS_ ## n,
	ROUTER_XSTATS(ROUTER_XS_ENUM)
#undef ROUTER_XS_ENUM
	XS_MAX
};

#define XS_MAX_IDS 16	/* queues summed per xstat */

struct port_info {
	bool used;
	char name[RTE_ETH_NAME_MAX_LEN];
	char mac[RTE_ETHER_ADDR_FMT_SIZE];
	unsigned int n_ids[XS_MAX];
	uint64_t ids[XS_MAX][XS_MAX_IDS];
	bool has_sink_errors;	/* a model port: frames its sink lost */
	uint64_t sink_errors_id;
	bool lsc;		/* configured with intr_conf.lsc */
	uint64_t lsc_events;	/* atomic: counted in EAL's interrupt thread */
};

/* Per-queue counters a sample keeps (the JSON's rx_queues/tx_queues). */
#define STATS_MAX_QUEUES	16

struct port_sample {
	struct rte_eth_stats st;
	/*
	 * The PMD's per-queue packet counters (compat_qstats.h), read with
	 * the sample: after the ports closed they can no more be asked.
	 * A queue the PMD does not count has its bit clear in q_*_valid.
	 */
	uint64_t q_rx[STATS_MAX_QUEUES];
	uint64_t q_tx[STATS_MAX_QUEUES];
	uint32_t q_rx_valid;
	uint32_t q_tx_valid;
	uint64_t xs[XS_MAX];
	uint64_t sink_errors;
	struct rte_eth_link link;
	uint64_t lsc_events;
};

/*
 * One forwarding lcore: its time (busy, asleep with --idle-sleep) and a
 * copy of all its counters (per queue, per port, per drop cause).
 */
struct lcore_time {
	uint64_t rx;
	uint64_t busy_tsc;
	uint64_t run_tsc;
	uint64_t sleep_tsc;
	uint64_t sleeps;
	uint64_t wakeups;
	uint64_t idle_raises;
	uint64_t idle_polls;
	struct lcore_stats s;
};

struct sample {
	double t;
	struct port_sample port[RTE_MAX_ETHPORTS];
	struct lcore_stats lc;	/* summed over the forwarding lcores */
	struct lcore_time lt[RTE_MAX_LCORE];
};

extern const char *const xs_name[XS_MAX];
extern const char *const drop_name[ROUTER_DROP_MAX];
extern struct port_info stats_pinfo[RTE_MAX_ETHPORTS];
extern struct sample stats_samples[2];
extern unsigned int stats_cur;

/* Frames handed to TX and sent (not refused by a TX queue), all ports. */
uint64_t stats_total_fwd(const struct lcore_stats *lc);

/* The summary's line of @p port's queues, their lcores and frames. */
void stats_print_port_queues(const struct sample *s, uint16_t port);

#endif /* SOCRX_ROUTER_STATS_INTERNAL_H */
