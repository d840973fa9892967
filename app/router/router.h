/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * socrx-router: configuration shared by main.c (which fills it) and the
 * forwarding lcores (which only read it), as in DPDK's examples/l3fwd.
 */
#ifndef SOCRX_ROUTER_H
#define SOCRX_ROUTER_H

#include <stdbool.h>
#include <stdint.h>

#include <rte_ethdev.h>
#include <rte_lpm.h>
#include <rte_lpm6.h>
#include <rte_rcu_qsbr.h>

#include "compat_lpm6.h"
#include "latency.h"
#include "stats.h"

#define MAX_PKT_BURST		32
/*
 * A TX buffer not filled to MAX_PKT_BURST is flushed after this long:
 * l3fwd's value, short against any RTT, long against a burst period.
 */
#define BURST_TX_DRAIN_US	100
#define MEMPOOL_CACHE_SIZE	256
#define MAX_RX_QUEUE_PER_LCORE	ROUTER_LCORE_MAX_RXQ
#define ROUTER_BAD_PORT		UINT16_MAX

#define RTE_LOGTYPE_ROUTER	RTE_LOGTYPE_USER1

struct lcore_rx_queue {
	uint16_t port_id;
	uint16_t queue_id;
	/* The PMD gives no L3 packet type: classify in software. */
	bool parse_ptype;
};

struct lcore_conf {
	uint16_t n_rx_queue;
	struct lcore_rx_queue rx_queue_list[MAX_RX_QUEUE_PER_LCORE];
	uint16_t n_tx_port;
	uint16_t tx_port_id[RTE_MAX_ETHPORTS];
	/* This lcore's own TX queue on each port: no locking on TX. */
	uint16_t tx_queue_id[RTE_MAX_ETHPORTS];
	struct rte_eth_dev_tx_buffer *tx_buffer[RTE_MAX_ETHPORTS];
	struct latency_samples *latency;	/* --latency-stamp, else NULL */
	struct lcore_stats stats;
} __rte_cache_aligned;

/*
 * Read-only for the forwarding lcores. A route reload (reload.h) swaps
 * lpm4, lpm6 and l2hdr for new ones while they run, and frees the old
 * ones once each lcore has reported a quiescent state on rcu.
 */
struct router_conf {
	struct rte_lpm *lpm4;
	struct rte_lpm6 *lpm6;
	/*
	 * Per egress port, the 12 bytes a forwarded frame starts with:
	 * neighbor MAC then the port's own MAC, one copy per frame.
	 */
	uint8_t (*l2hdr)[2 * RTE_ETHER_ADDR_LEN];
	struct rte_rcu_qsbr *rcu;
	bool drop_bad_l4;
	uint64_t enabled_port_mask;
	/*
	 * --idle-sleep: empty polls before an lcore sleeps (the base of the
	 * adaptive threshold, idle_adapt.h); 0: it never does. --idle-fixed:
	 * the threshold stays at the base.
	 */
	unsigned int idle_polls;
	bool idle_fixed;
	/*
	 * --latency-stamp: stamp offset + 1 (0: none), and the empty polls
	 * that make an idle period (idle_polls, or l3fwd-power's default
	 * threshold when polling).
	 */
	uint32_t stamp_off1;
	unsigned int idle_period_polls;
	/*
	 * --icmp-errors, --icmp6-errors: the errors' source addresses
	 * (network order; 0 / icmp6_on false: none), rate of both.
	 */
	uint32_t icmp_src;
	uint8_t icmp6_src[16];
	bool icmp6_on;
	unsigned int icmp_rate;
};

extern struct lcore_conf lcore_conf[RTE_MAX_LCORE];
extern struct router_conf router_conf;
/* Set by a signal, the duration or the idle rule; polled by every loop. */
extern volatile bool force_quit;

/*
 * TX buffer error callback: frees what the TX queue refused and adds the
 * count to the uint64_t at @p userdata (the lcore's tx_refused counter
 * of the buffer's port).
 */
void fwd_tx_unsent(struct rte_mbuf **unsent, uint16_t count, void *userdata);

/* The forwarding loop of one lcore (rte_eal_remote_launch()). */
int fwd_main_loop(void *arg);
/* Logs the queues lcore @p lcore polls (main lcore, before the launch). */
void fwd_log_queues(unsigned int lcore);

#endif /* SOCRX_ROUTER_H */
