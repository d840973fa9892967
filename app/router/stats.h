/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Router statistics: the drop causes (one X-macro list giving the enum,
 * the printed and the JSON names), the per-lcore counters the forwarding
 * loop keeps, and the reports built from them and from each port's
 * ethdev statistics and xstats.
 */
#ifndef SOCRX_ROUTER_STATS_H
#define SOCRX_ROUTER_STATS_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include <rte_config.h>

/*
 * ROUTER_DROP_CAUSES(X) calls X(name, help) for each drop cause, in the
 * order a frame is judged: the first cause that applies is counted.
 */
#define ROUTER_DROP_CAUSES(X)						\
	X(non_ip, "neither IPv4 nor IPv6 (ARP, LLDP, QinQ, ...)")	\
	X(bad_ip_hdr, "IP header truncated or malformed (version, IHL, length)") \
	X(bad_ip_csum, "IPv4 header checksum wrong (RX verdict; software check when unknown)") \
	X(no_route, "no route for the destination")			\
	X(ttl_expired, "IPv4 TTL or IPv6 hop limit 0 or 1")		\
	X(bad_l4_csum, "TCP/UDP checksum wrong (only with --drop-bad-l4)") \
	X(tx_full, "TX queue full when the buffer was flushed")

enum router_drop {
#define ROUTER_DROP_ENUM(n, h) ROUTER_DROP_ ## n,
	ROUTER_DROP_CAUSES(ROUTER_DROP_ENUM)
#undef ROUTER_DROP_ENUM
	ROUTER_DROP_MAX
};

/*
 * Counters of one forwarding lcore. Written by that lcore only, read by
 * the main lcore for the live report: stat_add() stores with a relaxed
 * atomic (a plain store on 64-bit CPUs) so the reader never sees a torn
 * value, and no locked instruction is ever needed.
 */
/* RX queues one lcore polls at most (l3fwd's MAX_RX_QUEUE_PER_LCORE). */
#define ROUTER_LCORE_MAX_RXQ	16

struct lcore_stats {
	uint64_t rx[RTE_MAX_ETHPORTS];	/* frames received, by ingress port */
	/* the same, by the lcore's RX queue (its rx_queue_list[] order) */
	uint64_t rxq[ROUTER_LCORE_MAX_RXQ];
	uint64_t fwd[RTE_MAX_ETHPORTS];	/* frames handed to TX, by egress port */
	/*
	 * By cause; drop[ROUTER_DROP_tx_full] stays 0 here, the reader sums
	 * it from tx_refused[].
	 */
	uint64_t drop[ROUTER_DROP_MAX];
	uint64_t l4_bad_fwd;	/* bad L4 verdict, forwarded (default mode) */
	uint64_t ip_sw_csum;	/* IPv4 headers checked in software */
	uint64_t sw_ptype;	/* frames classified by software parsing */
	/*
	 * TSC cycles of the loop iterations that received something (the
	 * lcore's busy time, as testpmd's --record-core-cycles counts it),
	 * and of the sleeps of --idle-sleep with their count and the
	 * wake-ups an RX interrupt caused (the rest ended by the timeout).
	 */
	uint64_t busy_tsc;
	uint64_t run_tsc;	/* the whole loop, written when it ends */
	uint64_t sleep_tsc;
	uint64_t sleeps;
	uint64_t wakeups;
	/* --idle-sleep's threshold (idle_adapt.h): raises, and its value now */
	uint64_t idle_raises;
	uint64_t idle_polls;
	/*
	 * Of fwd[], the frames the port's TX queue refused (freed, never
	 * sent; the tx_full drops), by egress port: fwd[] - tx_refused[] were
	 * sent. Apart from the counters of every burst.
	 */
	uint64_t tx_refused[RTE_MAX_ETHPORTS];
};

static inline void
stat_add(uint64_t *c, uint64_t n)
{
	__atomic_store_n(c, *c + n, __ATOMIC_RELAXED);
}

/* A gauge or a total kept elsewhere: the same one-writer store. */
static inline void
stat_set(uint64_t *c, uint64_t v)
{
	__atomic_store_n(c, v, __ATOMIC_RELAXED);
}

static inline uint64_t
stat_read(const uint64_t *c)
{
	return __atomic_load_n(c, __ATOMIC_RELAXED);
}

/* Looks up, once per port, the xstats the live report shows. */
void stats_init(void);

/* Takes a snapshot (time, ethdev stats, xstats, lcore counters). */
void stats_sample(void);

/* Prints the report for the period since the previous sample. */
void stats_print_period(void);

/*
 * Frames that arrived on all ports so far, delivered or not: received by
 * the router, missed, or dropped by the device as errors (a frame above
 * the MTU, a bad FCS).
 */
uint64_t stats_rx_total(void);

/*
 * The final report, from the last sample, plus the mempool accounting
 * made after the ports closed. stats_write_json() writes it to @p o
 * (opened by main() before any port started, so that a path that cannot
 * be written stops the router at once) and closes it. @return 0, or -1
 * with a message naming @p path if the file could not be written.
 */
struct stats_final {
	unsigned int pool_size;
	unsigned int pool_in_use;	/* after every port closed: must be 0 */
	double seconds;
	const char *stop_reason;
};
void stats_print_summary(const struct stats_final *f);
int stats_write_json(FILE *o, const char *path, const struct stats_final *f);

#endif /* SOCRX_ROUTER_STATS_H */
