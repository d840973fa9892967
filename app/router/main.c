/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * socrx-router: an LPM router in the shape of DPDK's examples/l3fwd.
 * This file: arguments, ports, lcores, the control loop on the main
 * lcore (statistics, duration, idle exit) and a clean shutdown.
 *
 * The main lcore never forwards: it samples statistics and decides when
 * to stop, so the forwarding lcores run a loop with nothing else in it.
 */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <limits.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <rte_common.h>
#include <rte_eal.h>
#include <rte_ethdev.h>
#include <rte_launch.h>
#include <rte_lcore.h>
#include <rte_malloc.h>
#include <rte_mbuf.h>
#include <rte_mempool.h>
#include <rte_pdump.h>

#include "args.h"
#include "fwd_idle.h"
#include "hoststate.h"
#include "icmp.h"
#include "lpm.h"
#include "port_opts.h"
#include "reload.h"
#include "router.h"
#include "routes.h"
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
static struct router_args args;

static struct {
	uint16_t nb_rxq, nb_txq;
	uint16_t nb_rxd, nb_txd;
} port_q[RTE_MAX_ETHPORTS];

/* The most mbufs a frame takes (--max-pkt-len beyond one mbuf). */
static unsigned int frame_segs = 1;

/* The forwarding lcores, in --config order: index = TX queue id. */
static unsigned int fwd_lcores[RTE_MAX_LCORE];
static unsigned int n_fwd_lcores;
/* --json FILE, open from the start of the run (stats_write_json() closes it). */
static FILE *json_out;

static void __attribute__((format(printf, 1, 2), noreturn))
die(const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "socrx-router: error: ");
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fprintf(stderr, "\n");
	rte_eal_cleanup();
	exit(EXIT_FAILURE);
}

static void
usage_hook(const char *prog)
{
	args_usage(stdout, prog);
}

/*
 * The process holding the lock a primary EAL takes on its runtime
 * directory's config file (lib/eal's rte_eal_config_create(): a write
 * lock, fcntl(F_SETLK), held for the primary's life), or 0 when no other
 * process holds it or there is no such file (--no-shconf, --in-memory).
 */
static pid_t
runtime_config_holder(const char *dir)
{
	struct flock lk = { .l_type = F_WRLCK, .l_whence = SEEK_SET };
	char path[PATH_MAX];
	int fd;

	if (dir == NULL || dir[0] == '\0' ||
	    snprintf(path, sizeof(path), "%s/config", dir) >= (int)sizeof(path))
		return 0;
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return 0;
	if (fcntl(fd, F_GETLK, &lk) != 0 || lk.l_type == F_UNLCK)
		lk.l_pid = 0;
	close(fd);
	return lk.l_pid;
}

/*
 * EAL refused to start. Without hugepages (the usual first contact on a
 * fresh machine: "Permission denied" or "Cannot allocate memory") the
 * fix is a handful of EAL options, so say which, unless they are there.
 */
static void
eal_init_failed(int argc, char **argv)
{
	const char *dir = rte_eal_get_runtime_dir();
	int err = rte_errno, i;
	pid_t holder;

	/*
	 * Another primary holds this --file-prefix: EAL fails to lock the
	 * runtime directory's config file and leaves rte_errno as it was
	 * (0: "Success"), so the lock itself is asked who holds it.
	 */
	holder = runtime_config_holder(dir);
	if (holder != 0) {
		const char *prefix = strrchr(dir, '/');

		fprintf(stderr,
			"socrx-router: error: EAL init failed: another DPDK primary process (pid %ld) runs with --file-prefix %s:\n"
			"  it holds the lock on %s/config; stop it, or give this process another --file-prefix\n",
			(long)holder, prefix != NULL ? prefix + 1 : dir, dir);
		return;
	}
	if (err == 0) {
		fprintf(stderr,
			"socrx-router: error: EAL init failed (EAL gave no reason code: see its messages above)\n");
		return;
	}
	fprintf(stderr, "socrx-router: error: EAL init failed: %s\n",
		rte_strerror(err));
	if (err == EINVAL)	/* a bad EAL option: EAL said which */
		return;
	for (i = 1; i < argc && strcmp(argv[i], "--") != 0; i++)
		if (strcmp(argv[i], "--no-huge") == 0)
			return;
	fprintf(stderr,
		"socrx-router: hint: on a machine without hugepages, give EAL --no-huge --no-pci -m 512 --no-shconf,\n"
		"  e.g. %s --no-huge --no-pci -m 512 --no-shconf -l 0,1 \\\n"
		"         --vdev net_stmmac_uio0 --vdev net_stmmac_uio1,gen_ipv6=1 -- --duration 5\n"
		"  or configure hugepages (e.g. echo 512 > /sys/kernel/mm/hugepages/hugepages-2048kB/nr_hugepages,\n"
		"  hugetlbfs mounted on /dev/hugepages); see docs/router.md\n",
		argv[0]);
}

/*
 * The router's own arguments, after the first "--", are parsed before
 * EAL starts (EAL needs hugepages or root, maps memory and probes
 * devices): --help, -h or a mistake in them is answered at once, and
 * the process exits. @return the index of that "--" in @p argv (what
 * rte_eal_init() returns when it stops there), or -1 without one: then
 * EAL takes everything, and what it leaves is parsed after it.
 */
static int
args_before_eal(int argc, char **argv)
{
	char err[ARGS_ERR_LEN];
	enum args_result r;
	char *dashes;
	int sep;

	for (sep = 1; sep < argc && strcmp(argv[sep], "--") != 0; sep++)
		;
	if (sep >= argc)
		return -1;
	/* the router's argv as EAL leaves it: the program name, then the rest */
	dashes = argv[sep];
	argv[sep] = argv[0];
	r = args_parse(argc - sep, argv + sep, &args, err, sizeof(err));
	argv[sep] = dashes;
	if (r == ARGS_HELP)
		exit(EXIT_SUCCESS);
	if (r == ARGS_ERROR) {
		fprintf(stderr, "socrx-router: error: %s\n", err);
		exit(EXIT_FAILURE);
	}
	return sep;
}

static void
signal_handler(int signum)
{
	quit_signal = signum;
	force_quit = true;
}

/* Ports: the mask against what EAL found. */
static unsigned int
check_ports(void)
{
	unsigned int nb = rte_eth_dev_count_avail(), n = 0;
	uint16_t port;

	if (nb == 0)
		die("no Ethernet ports: give some with --vdev (e.g. --vdev net_stmmac_uio0)");
	if (!args.port_mask_set)
		args.port_mask = nb >= 64 ? UINT64_MAX : (UINT64_C(1) << nb) - 1;
	for (port = 0; port < 64; port++) {
		if (!(args.port_mask & (UINT64_C(1) << port)))
			continue;
		if (!rte_eth_dev_is_valid_port(port))
			die("-p 0x%" PRIx64 ": port %u does not exist (%u port(s))",
			    args.port_mask, port, nb);
		n++;
	}
	router_conf.enabled_port_mask = args.port_mask;
	return n;
}

static bool
port_enabled(uint16_t port)
{
	return port < 64 && (router_conf.enabled_port_mask & (UINT64_C(1) << port));
}

/* lcores: --config checked, or the default map built. */
static void
setup_lcores(void)
{
	unsigned int i, j, lcore, main_lcore = rte_get_main_lcore();
	uint16_t port;

	if (args.n_lp == 0) {
		unsigned int w = 0, workers[RTE_MAX_LCORE], nw = 0;

		RTE_LCORE_FOREACH_WORKER(lcore)
			workers[nw++] = lcore;
		if (nw == 0)
			die("no worker lcore: the main lcore only runs statistics (use e.g. -l 0,1)");
		for (port = 0; port < 64; port++) {
			if (!port_enabled(port))
				continue;
			args.lp[args.n_lp++] = (struct lcore_params){
				.port_id = port, .queue_id = 0,
				.lcore_id = workers[w++ % nw] };
		}
	}
	for (i = 0; i < args.n_lp; i++) {
		const struct lcore_params *p = &args.lp[i];
		struct lcore_conf *qc;

		lcore = p->lcore_id;
		if (!port_enabled(p->port_id))
			die("--config (%u,%u,%u): port %u is not enabled by -p 0x%" PRIx64,
			    p->port_id, p->queue_id, lcore, p->port_id, args.port_mask);
		if (!rte_lcore_is_enabled(lcore))
			die("--config (%u,%u,%u): lcore %u is not enabled by EAL (-l)",
			    p->port_id, p->queue_id, lcore, lcore);
		if (lcore == main_lcore)
			die("--config (%u,%u,%u): lcore %u is the main lcore, which runs the statistics; use a worker lcore",
			    p->port_id, p->queue_id, lcore, lcore);
		for (j = 0; j < i; j++)
			if (args.lp[j].port_id == p->port_id &&
			    args.lp[j].queue_id == p->queue_id)
				die("--config: port %u queue %u given twice",
				    p->port_id, p->queue_id);
		qc = &lcore_conf[lcore];
		if (qc->n_rx_queue == MAX_RX_QUEUE_PER_LCORE)
			die("--config: more than %d queues on lcore %u",
			    MAX_RX_QUEUE_PER_LCORE, lcore);
		if (qc->n_rx_queue == 0)
			fwd_lcores[n_fwd_lcores++] = lcore;
		qc->rx_queue_list[qc->n_rx_queue].port_id = p->port_id;
		qc->rx_queue_list[qc->n_rx_queue].queue_id = p->queue_id;
		qc->n_rx_queue++;
		if (p->queue_id + 1u > port_q[p->port_id].nb_rxq)
			port_q[p->port_id].nb_rxq = (uint16_t)(p->queue_id + 1);
	}
	/* RX queues 0..n-1 of each port must all be polled (RSS spreads over all). */
	for (port = 0; port < 64; port++) {
		uint16_t q;

		if (!port_enabled(port))
			continue;
		if (port_q[port].nb_rxq == 0)
			die("port %u is enabled by -p but no --config entry polls it", port);
		for (q = 0; q < port_q[port].nb_rxq; q++) {
			for (j = 0; j < args.n_lp; j++)
				if (args.lp[j].port_id == port && args.lp[j].queue_id == q)
					break;
			if (j == args.n_lp)
				die("--config: port %u queue %u is not polled (queues must be 0..%u)",
				    port, q, port_q[port].nb_rxq - 1);
		}
		port_q[port].nb_txq = (uint16_t)n_fwd_lcores;
	}
}

static void
configure_port(uint16_t port)
{
	struct rte_eth_conf conf;
	struct rte_eth_dev_info info;
	char err[ARGS_ERR_LEN];
	unsigned int segs;
	int rc;

	memset(&conf, 0, sizeof(conf));
	rc = rte_eth_dev_info_get(port, &info);
	if (rc != 0)
		die("port %u: cannot get device info: %s", port, rte_strerror(-rc));
	if (port_q[port].nb_rxq > info.max_rx_queues)
		die("port %u (%s): %u RX queues in --config, the device has %u",
		    port, info.driver_name, port_q[port].nb_rxq, info.max_rx_queues);
	if (port_q[port].nb_txq > info.max_tx_queues)
		die("port %u (%s): one TX queue per forwarding lcore needs %u, the device has %u: use fewer lcores",
		    port, info.driver_name, port_q[port].nb_txq, info.max_tx_queues);
	/* The PMD's checksum verdicts, where it has them: they spare a sum. */
	conf.rxmode.offloads = info.rx_offload_capa & RTE_ETH_RX_OFFLOAD_CHECKSUM;
	if (port_q[port].nb_rxq > 1) {
		conf.rxmode.mq_mode = RTE_ETH_MQ_RX_RSS;
		conf.rx_adv_conf.rss_conf.rss_hf =
			RTE_ETH_RSS_IP & info.flow_type_rss_offloads;
	}
	if (port_opts_frame(port, &info, args.max_pkt_len,
			    RTE_MBUF_DEFAULT_DATAROOM, &conf, &segs, err,
			    sizeof(err)) != 0)
		die("%s", err);
	frame_segs = RTE_MAX(frame_segs, segs);
	/* --idle-sleep: the lcores sleep until an RX queue interrupt */
	conf.intr_conf.rxq = args.idle_sleep != 0;
	/*
	 * The link from the PMD's events where it has them: the live report
	 * then reads the link the PMD keeps, never the PHY itself. Not with
	 * --idle-sleep: a UIO port's one line cannot serve both.
	 */
	conf.intr_conf.lsc = info.dev_flags != NULL &&
			     (*info.dev_flags & RTE_ETH_DEV_INTR_LSC) &&
			     args.idle_sleep == 0;
	rc = rte_eth_dev_configure(port, port_q[port].nb_rxq,
				   port_q[port].nb_txq, &conf);
	if (rc != 0)
		die("port %u: configure: %s", port, rte_strerror(-rc));
	port_q[port].nb_rxd = ARGS_RX_DESC_DEFAULT;
	port_q[port].nb_txd = ARGS_TX_DESC_DEFAULT;
	rc = rte_eth_dev_adjust_nb_rx_tx_desc(port, &port_q[port].nb_rxd,
					      &port_q[port].nb_txd);
	if (rc != 0)
		die("port %u: descriptor counts: %s", port, rte_strerror(-rc));
	if (port_opts_rings(port, &info, args.rx_queue_size, args.tx_queue_size,
			    &port_q[port].nb_rxd, &port_q[port].nb_txd, err,
			    sizeof(err)) != 0)
		die("%s", err);
}

/* --idle-sleep: every RX queue of @p port must be able to wake its lcore. */
static void
check_rx_intr(uint16_t port)
{
	char err[256];
	uint16_t q;

	for (q = 0; q < port_q[port].nb_rxq; q++)
		if (fwd_idle_check(port, q, err, sizeof(err)) != 0)
			die("--idle-sleep: %s", err);
}

/* Whether the PMD types IPv4 and IPv6 itself; if not, we parse. */
static bool
port_has_l3_ptypes(uint16_t port)
{
	uint32_t ptypes[64];
	bool v4 = false, v6 = false;
	int i, n;

	n = rte_eth_dev_get_supported_ptypes(port, RTE_PTYPE_L3_MASK, ptypes,
					     RTE_DIM(ptypes));
	for (i = 0; i < n && i < (int)RTE_DIM(ptypes); i++) {
		v4 |= RTE_ETH_IS_IPV4_HDR(ptypes[i]) != 0;
		v6 |= RTE_ETH_IS_IPV6_HDR(ptypes[i]) != 0;
	}
	return v4 && v6;
}

static void
setup_queues(uint16_t port, struct rte_mempool *mp)
{
	struct rte_eth_dev_info info;
	struct rte_eth_rxconf rxconf;
	bool parse = !port_has_l3_ptypes(port);
	unsigned int i, k;
	int rc;

	rc = rte_eth_dev_info_get(port, &info);
	if (rc != 0)
		die("port %u: device information: %s", port, rte_strerror(-rc));
	for (i = 0; i < n_fwd_lcores; i++) {
		unsigned int lcore = fwd_lcores[i];
		struct lcore_conf *qc = &lcore_conf[lcore];
		int socket = (int)rte_lcore_to_socket_id(lcore);
		struct rte_eth_dev_tx_buffer *buf;

		for (k = 0; k < qc->n_rx_queue; k++) {
			struct lcore_rx_queue *q = &qc->rx_queue_list[k];

			if (q->port_id != port)
				continue;
			q->parse_ptype = parse;
			rxconf = info.default_rxconf;
			rxconf.offloads = info.rx_offload_capa & RTE_ETH_RX_OFFLOAD_CHECKSUM;
			rc = rte_eth_rx_queue_setup(port, q->queue_id,
						    port_q[port].nb_rxd, socket,
						    &rxconf, mp);
			if (rc != 0)
				die("port %u: RX queue %u setup with %u descriptors%s: %s",
				    port, q->queue_id, port_q[port].nb_rxd,
				    args.rx_queue_size != 0 ? " (--rx-queue-size)" : "",
				    rte_strerror(-rc));
		}
		rc = rte_eth_tx_queue_setup(port, (uint16_t)i, port_q[port].nb_txd,
					    socket, &info.default_txconf);
		if (rc != 0)
			die("port %u: TX queue %u setup with %u descriptors%s: %s",
			    port, i, port_q[port].nb_txd,
			    args.tx_queue_size != 0 ? " (--tx-queue-size)" : "",
			    rte_strerror(-rc));
		buf = rte_zmalloc_socket("router_tx_buffer",
					 RTE_ETH_TX_BUFFER_SIZE(MAX_PKT_BURST),
					 RTE_CACHE_LINE_SIZE, socket);
		if (buf == NULL)
			die("port %u: no memory for a TX buffer", port);
		rte_eth_tx_buffer_init(buf, MAX_PKT_BURST);
		rte_eth_tx_buffer_set_err_callback(buf, fwd_tx_unsent,
			&qc->stats.tx_refused[port]);
		qc->tx_buffer[port] = buf;
		qc->tx_queue_id[port] = (uint16_t)i;
		qc->tx_port_id[qc->n_tx_port++] = port;
	}
}

/*
 * Mbufs for every descriptor of every ring, every TX buffer, a burst in
 * flight per lcore and the per-lcore caches (l3fwd's sum), 8192 at least.
 */
static unsigned int
pool_size(void)
{
	unsigned int n = 0;
	uint16_t port;

	for (port = 0; port < 64; port++)
		if (port_enabled(port))
			n += port_q[port].nb_rxq * port_q[port].nb_rxd +
			     port_q[port].nb_txq * port_q[port].nb_txd +
			     n_fwd_lcores * MAX_PKT_BURST * frame_segs;
	n += n_fwd_lcores * (MAX_PKT_BURST * frame_segs + MEMPOOL_CACHE_SIZE) +
	     rte_lcore_count() * MEMPOOL_CACHE_SIZE;
	return RTE_MAX(n, 8192u);
}

static void
setup_l2(uint16_t port, const struct route_table *t)
{
	struct rte_ether_addr ea;
	int rc;

	rc = rte_eth_macaddr_get(port, &ea);
	if (rc != 0)
		die("port %u: cannot read its MAC address: %s", port,
		    rte_strerror(-rc));
	if (port < ROUTES_MAX_PORTS && t->nb[port].set)
		memcpy(router_conf.l2hdr[port], t->nb[port].mac, RTE_ETHER_ADDR_LEN);
	memcpy(router_conf.l2hdr[port] + RTE_ETHER_ADDR_LEN, ea.addr_bytes,
	       RTE_ETHER_ADDR_LEN);
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
