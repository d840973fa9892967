/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * socrx-router: an LPM router in the shape of DPDK's examples/l3fwd.
 * This file: the run. EAL and the router's arguments (startup.c,
 * args.c), the ports, queues and lcores (ports.c), the launch of the
 * forwarding lcores, the control loop on the main lcore (statistics,
 * duration, idle exit) and a clean shutdown.
 *
 * The main lcore never forwards: it samples statistics and decides when
 * to stop, so the forwarding lcores run a loop with nothing else in it.
 */
#include <errno.h>
#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <rte_common.h>
#include <rte_eal.h>
#include <rte_errno.h>
#include <rte_ethdev.h>
#include <rte_launch.h>
#include <rte_lcore.h>
#include <rte_malloc.h>
#include <rte_mbuf.h>
#include <rte_mempool.h>
#include <rte_pdump.h>

#include "args.h"
#include "hoststate.h"
#include "icmp.h"
#include "lpm.h"
#include "port_opts.h"
#include "ports.h"
#include "reload.h"
#include "router.h"
#include "routes.h"
#include "startup.h"
#include "stats.h"

/* Control loop tick: the resolution of --duration and of the reports. */
#define CONTROL_TICK_NS	(ARGS_TICK_MS * 1000000L)
/*
 * Bounded wait for a port's TX rings to empty at shutdown, in seconds of
 * the clock: a count of 10 us sleeps lasted 17 s on a loaded host (each
 * sleep took 170 us) where a TX ring never empties.
 */
#define TX_DRAIN_S	1.0

struct lcore_conf lcore_conf[RTE_MAX_LCORE];
struct router_conf router_conf;
volatile bool force_quit;
static volatile sig_atomic_t quit_signal;

/* --json FILE, open from the start of the run (stats_write_json() closes it). */
static FILE *json_out;

static void
signal_handler(int signum)
{
	quit_signal = signum;
	force_quit = true;
}

/*
 * What a port's traffic source has left: a port whose device is a model
 * fed by a capture or the generator says so in its xstat "model_rx_busy"
 * (net_stmmac_uio, net_mvneta_uio: 1 until the source is exhausted and
 * the device took its last frame), which keeps --exit-when-idle from
 * stopping in a pause of the model thread and lets it stop when there was
 * never anything to receive. Other ports have no such xstat.
 */
enum port_source {
	SOURCE_DONE,
	SOURCE_BUSY,
	SOURCE_UNKNOWN,
};

static enum port_source
port_source(uint16_t port)
{
	uint64_t id, v;

	if (rte_eth_xstats_get_id_by_name(port, "model_rx_busy", &id) != 0 ||
	    rte_eth_xstats_get_by_id(port, &id, &v, 1) != 1)
		return SOURCE_UNKNOWN;
	return v != 0 ? SOURCE_BUSY : SOURCE_DONE;
}

/*
 * Whether nothing more is to come, as far as the ports can tell: no
 * source is busy, and a port that cannot tell has seen traffic
 * (@p seen: a frame arrived on some port) and then the lull.
 */
static bool
sources_done(bool seen)
{
	bool unknown = false;
	uint16_t port;

	for (port = 0; port < 64; port++) {
		if (!port_enabled(port))
			continue;
		switch (port_source(port)) {
		case SOURCE_BUSY:
			return false;
		case SOURCE_UNKNOWN:
			unknown = true;
			break;
		case SOURCE_DONE:
			break;
		}
	}
	return seen || !unknown;
}

static double
mono_s(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

/* The main lcore until a stop: returns why it stopped. */
static const char *
control_loop(double *elapsed)
{
	const struct timespec tick = { 0, CONTROL_TICK_NS };
	double start = mono_s(), next = start + args.stats_period, t;
	uint64_t last_rx = 0, rx;
	unsigned int idle = 0;
	bool seen = false;
	const char *why = NULL;

	while (!force_quit && why == NULL) {
		nanosleep(&tick, NULL);
		reload_poll();
		t = mono_s();
		if (args.duration > 0 && t - start >= args.duration)
			why = "duration";
		if (args.stats_period <= 0 || t < next)
			continue;
		next += args.stats_period;
		stats_sample();
		stats_print_period();
		if (args.exit_when_idle == 0)
			continue;
		/* idle: nothing arrived (delivered or not) and nothing to come */
		rx = stats_rx_total();
		if (rx != last_rx) {
			seen = true;
			idle = 0;
			last_rx = rx;
		} else if (!sources_done(seen)) {
			idle = 0;
		} else if (++idle >= args.exit_when_idle) {
			why = "idle";
		}
	}
	*elapsed = mono_s() - start;
	if (why == NULL)
		why = quit_signal == SIGTERM ? "SIGTERM" : "SIGINT";
	return why;
}

/*
 * Lets each TX ring empty before the port stops, so that what was sent
 * reaches the wire (or the capture): the most recently used descriptor
 * is polled until done. PMDs without descriptor status skip this.
 */
static void
drain_tx(uint16_t port)
{
	const double until = mono_s() + TX_DRAIN_S;
	uint16_t q;

	for (q = 0; q < port_q[port].nb_txq; q++) {
		while (rte_eth_tx_descriptor_status(port, q,
				(uint16_t)(port_q[port].nb_txd - 1)) == RTE_ETH_TX_DESC_FULL &&
		       mono_s() < until)
			rte_delay_us_sleep(10);
		rte_eth_tx_done_cleanup(port, q, 0);
	}
}

int
main(int argc, char **argv)
{
	char err[ROUTES_ERR_LEN];
	struct route_table routes;
	struct rte_mempool *mp;
	struct hoststate host_start, host_end;
	struct stats_final fin;
	unsigned int lcore, i;
	uint16_t port;
	int rc, sep, ret = EXIT_SUCCESS;

	sep = args_before_eal(argc, argv);
	/* EAL's --help (before the "--") prints the router's options too. */
	rte_set_application_usage_hook(usage_hook);
	rc = rte_eal_init(argc, argv);
	if (rc < 0) {
		eal_init_failed(argc, argv);
		return EXIT_FAILURE;
	}
	argc -= rc;
	argv += rc;
	signal(SIGINT, signal_handler);
	signal(SIGTERM, signal_handler);

	/* no "--", or one EAL took as an option's value: parsed only now */
	if (rc != sep) {
		switch (args_parse(argc, argv, &args, err, sizeof(err))) {
		case ARGS_OK:
			break;
		case ARGS_HELP:
			rte_eal_cleanup();
			return EXIT_SUCCESS;
		case ARGS_ERROR:
			die("%s", err);
		}
	}
	router_conf.drop_bad_l4 = args.drop_bad_l4;
	router_conf.idle_polls = args.idle_sleep;
	router_conf.idle_fixed = args.idle_fixed;
	router_conf.stamp_off1 = args.latency_stamp;
	router_conf.idle_period_polls = args.idle_sleep != 0 ? args.idle_sleep :
					ARGS_IDLE_SLEEP_DEFAULT;
	router_conf.icmp_src = args.icmp_src;
	memcpy(router_conf.icmp6_src, args.icmp6_src, sizeof(args.icmp6_src));
	router_conf.icmp6_on = args.icmp6_on;
	router_conf.icmp_rate = args.icmp_rate;
	/*
	 * Opened (and emptied) now, written at exit: a path that cannot be
	 * written stops the router before any port starts, not after the run.
	 */
	if (args.json != NULL) {
		json_out = fopen(args.json, "w");
		if (json_out == NULL)
			die("--json %s: cannot open for writing: %s", args.json,
			    strerror(errno));
	}
	/*
	 * dpdk-dumpcap and dpdk-pdump, secondary processes, have the capture
	 * callbacks run in this process's bursts (no-op without a shared
	 * configuration: --no-shconf, --in-memory).
	 */
	if (rte_pdump_init() != 0)
		RTE_LOG(WARNING, ROUTER, "packet capture unavailable: %s\n",
			rte_strerror(rte_errno));
	check_ports();
	if (routes_load(args.routes, rte_eth_dev_count_avail(), args.port_mask,
			args.max_routes, &routes, err, sizeof(err)) != 0)
		die("%s", err);
	setup_lcores();
	RTE_LOG(INFO, ROUTER, "%s: %u IPv4 and %u IPv6 routes\n", args.routes,
		routes.n_v4, routes.n_v6);
	if (reload_init(args.routes, rte_eth_dev_count_avail(), args.port_mask,
			args.max_routes, (int)rte_socket_id()) != 0)
		die("cannot set up the route reload");

	for (port = 0; port < 64; port++)
		if (port_enabled(port))
			configure_port(port);
	mp = rte_pktmbuf_pool_create("router_pool", pool_size(),
				     MEMPOOL_CACHE_SIZE, 0,
				     RTE_MBUF_DEFAULT_BUF_SIZE, (int)rte_socket_id());
	if (mp == NULL)
		die("cannot create the mbuf pool (%u mbufs): %s", pool_size(),
		    rte_strerror(rte_errno));
	/* One table for all lcores: lookups read it, nothing writes it. */
	if (router_lpm_setup(&routes, (int)rte_socket_id(), &router_conf.lpm4,
			     &router_conf.lpm6) != 0)
		die("cannot build the LPM tables from %s", args.routes);
	for (port = 0; port < 64; port++) {
		if (!port_enabled(port))
			continue;
		setup_queues(port, mp);
		port_opts_log(port, port_q[port].nb_rxd, port_q[port].nb_txd);
		setup_l2(port, &routes);
		rc = rte_eth_dev_start(port);
		if (rc != 0)
			die("port %u: start: %s", port, rte_strerror(-rc));
		if (args.idle_sleep != 0)
			check_rx_intr(port);
		if (args.promisc && rte_eth_promiscuous_enable(port) != 0)
			RTE_LOG(WARNING, ROUTER, "port %u: cannot enable promiscuous mode\n",
				port);
	}
	routes_free(&routes);

	for (i = 0; i < n_fwd_lcores && args.latency_stamp != 0; i++) {
		lcore_conf[fwd_lcores[i]].latency = rte_zmalloc_socket("router_latency",
			sizeof(struct latency_samples), RTE_CACHE_LINE_SIZE,
			(int)rte_lcore_to_socket_id(fwd_lcores[i]));
		if (lcore_conf[fwd_lcores[i]].latency == NULL)
			die("--latency-stamp: no memory for the samples of lcore %u",
			    fwd_lcores[i]);
	}
	stats_init();
	stats_sample();
	hoststate_sample(&host_start);
	for (i = 0; i < n_fwd_lcores; i++)
		fwd_log_queues(fwd_lcores[i]);
	reload_signal_setup();
	for (i = 0; i < n_fwd_lcores; i++)
		rte_eal_remote_launch(fwd_main_loop, NULL, fwd_lcores[i]);

	fin.stop_reason = control_loop(&fin.seconds);
	force_quit = true;
	RTE_LCORE_FOREACH_WORKER(lcore)
		if (rte_eal_wait_lcore(lcore) < 0)
			ret = EXIT_FAILURE;

	for (port = 0; port < 64; port++)
		if (port_enabled(port))
			drain_tx(port);
	stats_sample();
	/* Before the stops: the model threads end with their ports. */
	hoststate_sample(&host_end);
	/*
	 * Every port stops before any closes: a frame received on one port
	 * may sit in another's TX ring, in a buffer from the first port's
	 * own pool (rx-copybreak), which closing the first port frees.
	 */
	for (port = 0; port < 64; port++) {
		if (!port_enabled(port))
			continue;
		rc = rte_eth_dev_stop(port);
		if (rc != 0)
			RTE_LOG(WARNING, ROUTER, "port %u: stop: %s\n", port,
				rte_strerror(-rc));
	}
	for (port = 0; port < 64; port++)
		if (port_enabled(port))
			rte_eth_dev_close(port);
	for (i = 0; i < n_fwd_lcores; i++)
		for (port = 0; port < RTE_MAX_ETHPORTS; port++)
			rte_free(lcore_conf[fwd_lcores[i]].tx_buffer[port]);

	fin.pool_size = mp->size;
	fin.pool_in_use = rte_mempool_in_use_count(mp);
	stats_print_summary(&fin);
	icmp_log_totals();
	hoststate_print(&host_start, &host_end);
	if (json_out != NULL && stats_write_json(json_out, args.json, &fin) != 0)
		ret = EXIT_FAILURE;

	for (i = 0; i < n_fwd_lcores; i++)
		rte_free(lcore_conf[fwd_lcores[i]].latency);
	router_lpm_free(router_conf.lpm4, router_conf.lpm6);
	reload_fini();
	rte_mempool_free(mp);
	rte_pdump_uninit();
	rte_eal_cleanup();
	return ret;
}
