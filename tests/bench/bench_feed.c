/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * A rate-limited frame source for the cross-core comparison
 * (tests/bench/ablation.py --compare-rate): it sends frames on one ethdev
 * port (DPDK's net_memif, say) at a fixed rate, paced as the device
 * model's generator paces gen_rate, so that the PMD measured on the other
 * side of the port receives the same schedule as a socrx port whose model
 * generates at that rate.
 *
 * The model's schedule: frame n is due n / rate seconds after the first;
 * when nothing is due the source sleeps until the next frame is, at least
 * 100 us and at most 1 ms (a wake-up costs a few microseconds, so at high
 * rates the frames due meanwhile go together), then sends every frame due,
 * in bursts of --burst. Frames are built as dpdk-testpmd's txonly builds
 * them: an Ethernet/IPv4/UDP header from a template, --size bytes in all.
 * A frame the port does not take is freed and counted (its ring was full).
 *
 *   bench_feed <EAL args> -- --rate PPS [--size 64] [--burst 32]
 *              [--seconds 5] [--port 0]
 *
 * Runs until --seconds have passed or SIGINT/SIGTERM, then prints one
 * line: "feed: sent S dropped D seconds T rate R".
 */
#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <rte_eal.h>
#include <rte_ethdev.h>
#include <rte_mbuf.h>

#include "bench_frames.h"

#define FEED_SLEEP_MIN_NS	100000ull
#define FEED_SLEEP_MAX_NS	1000000ull
#define FEED_BURST_MAX		512u
#define FEED_LINK_WAIT_MS	10000u

struct feed_opts {
	uint64_t rate;
	unsigned int size;
	unsigned int burst;
	unsigned int seconds;
	uint16_t port;
};

static volatile sig_atomic_t feed_stop;

static void
on_signal(int sig)
{
	(void)sig;
	feed_stop = 1;
}

static void
usage(const char *prog)
{
	fprintf(stderr,
		"usage: %s <EAL args> -- --rate PPS [--size 60..9000] "
		"[--burst 1..%u] [--seconds N] [--port N]\n",
		prog, FEED_BURST_MAX);
	exit(2);
}

static void
parse_opts(int argc, char **argv, struct feed_opts *o)
{
	static const struct option longs[] = {
		{ "rate", required_argument, NULL, 'r' },
		{ "size", required_argument, NULL, 's' },
		{ "burst", required_argument, NULL, 'b' },
		{ "seconds", required_argument, NULL, 't' },
		{ "port", required_argument, NULL, 'p' },
		{ NULL, 0, NULL, 0 },
	};
	int c;

	*o = (struct feed_opts){ .size = 64, .burst = 32, .seconds = 5 };
	while ((c = getopt_long(argc, argv, "", longs, NULL)) != -1) {
		switch (c) {
		case 'r': o->rate = bench_num_arg("bench_feed", optarg, 1, 1000000000, "--rate"); break;
		case 's': o->size = (unsigned int)bench_num_arg("bench_feed", optarg, 60, 9000, "--size"); break;
		case 'b': o->burst = (unsigned int)bench_num_arg("bench_feed", optarg, 1, FEED_BURST_MAX, "--burst"); break;
		case 't': o->seconds = (unsigned int)bench_num_arg("bench_feed", optarg, 1, 3600, "--seconds"); break;
		case 'p': o->port = (uint16_t)bench_num_arg("bench_feed", optarg, 0, RTE_MAX_ETHPORTS - 1, "--port"); break;
		default: usage(argv[0]);
		}
	}
	if (optind != argc || o->rate == 0)
		usage(argv[0]);
}

static uint64_t
now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

/* Frame n's due time after the first, in ns (exact, clear of overflow). */
static uint64_t
due_ns(uint64_t n, uint64_t rate)
{
	return (n / rate) * 1000000000ull + (n % rate) * 1000000000ull / rate;
}

/* Frames due @p elapsed ns after the first: floor(elapsed * rate / 1e9) + 1. */
static uint64_t
due_count(uint64_t elapsed, uint64_t rate)
{
	uint64_t s = elapsed / 1000000000ull, ns = elapsed % 1000000000ull;

	return s * rate + ns * rate / 1000000000ull + 1;
}

static void
port_start(const struct feed_opts *o, struct rte_mempool **mp)
{
	struct rte_eth_conf conf;
	struct rte_eth_link link;
	unsigned int waited;
	int ret;

	if (!rte_eth_dev_is_valid_port(o->port)) {
		fprintf(stderr, "bench_feed: no port %u (give it with --vdev)\n",
			o->port);
		exit(1);
	}
	*mp = rte_pktmbuf_pool_create("feed_pool", 8192, 256, 0,
				      (uint16_t)RTE_MAX((unsigned int)RTE_MBUF_DEFAULT_BUF_SIZE,
						o->size + RTE_PKTMBUF_HEADROOM),
				      (int)rte_socket_id());
	if (*mp == NULL) {
		fprintf(stderr, "bench_feed: pool: %s\n", rte_strerror(rte_errno));
		exit(1);
	}
	memset(&conf, 0, sizeof(conf));
	ret = rte_eth_dev_configure(o->port, 1, 1, &conf);
	if (ret == 0)
		ret = rte_eth_rx_queue_setup(o->port, 0, 1024,
					     (unsigned int)rte_socket_id(),
					     NULL, *mp);
	if (ret == 0)
		ret = rte_eth_tx_queue_setup(o->port, 0, 1024,
					     (unsigned int)rte_socket_id(),
					     NULL);
	if (ret == 0)
		ret = rte_eth_dev_start(o->port);
	if (ret != 0) {
		fprintf(stderr, "bench_feed: port %u: %s\n", o->port,
			strerror(-ret));
		exit(1);
	}
	/* net_memif's link comes up once the peer has connected. */
	for (waited = 0; waited < FEED_LINK_WAIT_MS && !feed_stop; waited += 10) {
		if (rte_eth_link_get_nowait(o->port, &link) == 0 &&
		    link.link_status == RTE_ETH_LINK_UP)
			return;
		rte_delay_ms(10);
	}
	fprintf(stderr, "bench_feed: port %u: link down after %u ms\n",
		o->port, FEED_LINK_WAIT_MS);
	exit(1);
}

/* Sends @p n frames in bursts; returns those the port did not take. */
static uint64_t
send_frames(const struct feed_opts *o, struct rte_mempool *mp, uint64_t n)
{
	struct rte_mbuf *pkts[FEED_BURST_MAX];
	uint64_t dropped = 0;
	uint16_t k, sent;

	while (n > 0) {
		k = (uint16_t)RTE_MIN((uint64_t)o->burst, n);
		if (bench_frames_alloc(mp, pkts, k, o->size) != 0)
			return dropped + n;	/* every mbuf in flight */
		sent = rte_eth_tx_burst(o->port, 0, pkts, k);
		if (sent < k) {
			rte_pktmbuf_free_bulk(pkts + sent, k - sent);
			dropped += k - sent;
		}
		n -= k;
	}
	return dropped;
}

int
main(int argc, char **argv)
{
	struct feed_opts o;
	struct rte_mempool *mp;
	uint64_t t0, t, end, seq = 0, dropped = 0, due, next, until;
	struct timespec ts;
	int n;

	n = rte_eal_init(argc, argv);
	if (n < 0) {
		fprintf(stderr, "bench_feed: EAL: %s\n", rte_strerror(rte_errno));
		return 1;
	}
	argv[n] = argv[0];
	parse_opts(argc - n, argv + n, &o);
	signal(SIGINT, on_signal);
	signal(SIGTERM, on_signal);
	port_start(&o, &mp);

	t0 = now_ns();
	end = t0 + (uint64_t)o.seconds * 1000000000ull;
	for (t = t0; t < end && !feed_stop; t = now_ns()) {
		due = due_count(t - t0, o.rate);
		if (due > seq) {
			dropped += send_frames(&o, mp, due - seq);
			seq = due;
			continue;
		}
		/* Nothing due: sleep until frame seq is, within the bounds. */
		next = t0 + due_ns(seq, o.rate);
		until = RTE_MIN(RTE_MAX(next, t + FEED_SLEEP_MIN_NS),
				t + FEED_SLEEP_MAX_NS);
		ts.tv_sec = (time_t)(until / 1000000000ull);
		ts.tv_nsec = (long)(until % 1000000000ull);
		clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, NULL);
	}
	t = now_ns();
	printf("feed: sent %" PRIu64 " dropped %" PRIu64 " seconds %.3f "
	       "rate %.0f\n", seq - dropped, dropped, (double)(t - t0) / 1e9,
	       (double)(seq - dropped) * 1e9 / (double)(t - t0));
	fflush(stdout);
	rte_eth_dev_stop(o.port);
	rte_eth_dev_close(o.port);
	rte_eal_cleanup();
	return 0;
}
