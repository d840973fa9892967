/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The driver's own cost per packet, RX or TX, independent of any producer
 * or consumer: one core, one port whose device model runs in step mode
 * (model_step=1).
 *
 * RX (the default):
 * Each round the model fills the whole ring with written-back frames
 * (rte_pmd_<family>_uio_model_step(); with dma_store=flush every line it
 * wrote is then in memory, as a DMA into DRAM leaves it; with plain
 * stores the lines stay in this core's caches), then the timed part:
 * rte_eth_rx_burst() until the ring is empty, each burst's mbufs freed
 * (what testpmd's rxonly does). The same loop over DPDK's net_null
 * (--null) is the floor: a burst that only allocates and frees.
 *
 * TX (--tx): each round the model first sends what the previous round
 * queued (a step, untimed), then the timed part: frames of --size bytes
 * (an Ethernet/IPv4/UDP header from a template, as testpmd's txonly
 * builds them) allocated in bursts and handed to rte_eth_tx_burst() until
 * the ring takes no more; the burst reclaims the previous round's
 * descriptors and frees their mbufs as it goes. Over net_null (--null
 * --tx) the floor: a TX burst that only frees.
 *
 *   bench_step --pmd PMD.so --vdev 'net_stmmac_uio0,model_step=1,...'
 *                 [--family stmmac|mvneta] [--rounds 300] [--ring 1024]
 *                 [--burst 32] [--lcore 1] [--no-huge] [--tx [--size 64]]
 *   bench_step --null [--tx] [--frames 1024] [--size 64] ...
 *
 * Prints one line: "cycles/packet median M min N p10 P frames/round F
 * rounds R tsc_hz H". TSC cycles, rounds after a warm-up of 20; a round's
 * figure is its cycles over its frames.
 */
#include <dlfcn.h>
#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <rte_cycles.h>
#include <rte_eal.h>
#include <rte_ethdev.h>
#include <rte_mbuf.h>
#include <rte_memcpy.h>

#include "bench_frames.h"

#define BENCH_WARMUP	20u
#define BENCH_MAX_ARGS	24

typedef int (*bench_step_fn)(uint16_t port, unsigned int budget);

struct bench_opts {
	const char *pmd;
	const char *vdev;
	const char *family;
	unsigned int rounds;
	unsigned int ring;
	unsigned int burst;
	unsigned int frames;	/* --null: frames a round */
	unsigned int size;	/* --null: frame size */
	unsigned int lcore;
	int null;
	int no_huge;
	int tx;
};

static void
usage(const char *prog)
{
	fprintf(stderr,
		"usage: %s --pmd PMD.so --vdev ARGS [--family stmmac|mvneta]\n"
		"       %s --null [--frames N] [--size B]\n"
		"       common: [--rounds N] [--ring N] [--burst N] [--lcore N] [--no-huge]\n"
		"               [--tx]: TX instead of RX (--size: frame bytes)\n",
		prog, prog);
	exit(2);
}

static void
parse_opts(int argc, char **argv, struct bench_opts *o)
{
	static const struct option longs[] = {
		{ "pmd", required_argument, NULL, 'p' },
		{ "vdev", required_argument, NULL, 'v' },
		{ "family", required_argument, NULL, 'f' },
		{ "rounds", required_argument, NULL, 'r' },
		{ "ring", required_argument, NULL, 'n' },
		{ "burst", required_argument, NULL, 'b' },
		{ "frames", required_argument, NULL, 'F' },
		{ "size", required_argument, NULL, 's' },
		{ "lcore", required_argument, NULL, 'l' },
		{ "null", no_argument, NULL, 'N' },
		{ "no-huge", no_argument, NULL, 'H' },
		{ "tx", no_argument, NULL, 'T' },
		{ NULL, 0, NULL, 0 },
	};
	int c;

	*o = (struct bench_opts){ .family = "stmmac", .rounds = 300,
				  .ring = 1024, .burst = 32, .frames = 1024,
				  .size = 64, .lcore = 1 };
	while ((c = getopt_long(argc, argv, "", longs, NULL)) != -1) {
		switch (c) {
		case 'p': o->pmd = optarg; break;
		case 'v': o->vdev = optarg; break;
		case 'f': o->family = optarg; break;
		case 'r': o->rounds = (unsigned int)bench_num_arg("bench_step", optarg, 1, 1000000, "--rounds"); break;
		case 'n': o->ring = (unsigned int)bench_num_arg("bench_step", optarg, 64, 4096, "--ring"); break;
		case 'b': o->burst = (unsigned int)bench_num_arg("bench_step", optarg, 1, 512, "--burst"); break;
		case 'F': o->frames = (unsigned int)bench_num_arg("bench_step", optarg, 1, 65536, "--frames"); break;
		case 's': o->size = (unsigned int)bench_num_arg("bench_step", optarg, 60, 9000, "--size"); break;
		case 'l': o->lcore = (unsigned int)bench_num_arg("bench_step", optarg, 0, RTE_MAX_LCORE - 1, "--lcore"); break;
		case 'N': o->null = 1; break;
		case 'H': o->no_huge = 1; break;
		case 'T': o->tx = 1; break;
		default: usage(argv[0]);
		}
	}
	if (optind != argc || (!o->null && (o->pmd == NULL || o->vdev == NULL)) ||
	    (strcmp(o->family, "stmmac") != 0 && strcmp(o->family, "mvneta") != 0))
		usage(argv[0]);
}

static void
eal_start(const char *prog, const struct bench_opts *o)
{
	static char lcores[16], nullvdev[64];
	char *args[BENCH_MAX_ARGS];
	int n = 0;

	snprintf(lcores, sizeof(lcores), "%u", o->lcore);
	args[n++] = (char *)(uintptr_t)prog;
	args[n++] = (char *)(uintptr_t)"-l";
	args[n++] = lcores;
	args[n++] = (char *)(uintptr_t)"--no-pci";
	/* No files in /dev/hugepages (--no-huge cannot take --in-memory). */
	args[n++] = (char *)(uintptr_t)(o->no_huge ? "--no-shconf" :
							"--in-memory");
	args[n++] = (char *)(uintptr_t)"--log-level=*:warning";
	args[n++] = (char *)(uintptr_t)"-m";
	args[n++] = (char *)(uintptr_t)"1024";
	if (o->no_huge)
		args[n++] = (char *)(uintptr_t)"--no-huge";
	if (!o->null && strcmp(o->family, "mvneta") == 0) {
		/*
		 * NETA's bus addresses are 32 bits: a port's rings and buffers
		 * share their upper half (mvneta_dma_check()). Hugepages' own
		 * (physical) addresses lie anywhere; as virtual ones from a
		 * 4 GiB-aligned base (the pmd tests' base), DPDK's memory is
		 * one 4 GiB block. The model is the device: no real DMA.
		 */
		args[n++] = (char *)(uintptr_t)"--iova-mode=va";
		args[n++] = (char *)(uintptr_t)"--base-virtaddr=0x200000000000";
	}
	if (o->null) {
		snprintf(nullvdev, sizeof(nullvdev), "net_null0,size=%u,copy=0",
			 o->size);
		args[n++] = (char *)(uintptr_t)"--vdev";
		args[n++] = nullvdev;
	} else {
		args[n++] = (char *)(uintptr_t)"-d";
		args[n++] = (char *)(uintptr_t)o->pmd;
		args[n++] = (char *)(uintptr_t)"--vdev";
		args[n++] = (char *)(uintptr_t)o->vdev;
	}
	args[n] = NULL;
	if (rte_eal_init(n, args) < 0) {
		fprintf(stderr, "bench_step: EAL init failed: %s\n",
			rte_strerror(rte_errno));
		exit(1);
	}
}

/* The step function of the plugin EAL loaded (-d): its own symbol. */
static bench_step_fn
step_fn(const struct bench_opts *o)
{
	char sym[64];
	void *h = dlopen(o->pmd, RTLD_NOW | RTLD_NOLOAD);
	void *f;

	if (h == NULL) {
		fprintf(stderr, "bench_step: %s not loaded: %s\n", o->pmd,
			dlerror());
		exit(1);
	}
	snprintf(sym, sizeof(sym), "rte_pmd_%s_uio_model_step", o->family);
	f = dlsym(h, sym);
	if (f == NULL) {
		fprintf(stderr, "bench_step: %s has no %s (a PMD without step mode)\n",
			o->pmd, sym);
		exit(1);
	}
	return (bench_step_fn)(uintptr_t)f;
}

static struct rte_mempool *bench_pool;

static void
port_start(uint16_t port, const struct bench_opts *o)
{
	struct rte_eth_conf conf;
	struct rte_mempool *mp;
	int ret;

	mp = rte_pktmbuf_pool_create("bench_pool", 4 * o->ring + 4096, 256, 0,
				     RTE_MBUF_DEFAULT_BUF_SIZE,
				     (int)rte_socket_id());
	if (mp == NULL) {
		fprintf(stderr, "bench_step: pool: %s\n",
			rte_strerror(rte_errno));
		exit(1);
	}
	memset(&conf, 0, sizeof(conf));
	ret = rte_eth_dev_configure(port, 1, 1, &conf);
	if (ret == 0)
		ret = rte_eth_rx_queue_setup(port, 0, (uint16_t)o->ring,
					     (unsigned int)rte_socket_id(),
					     NULL, mp);
	if (ret == 0)
		ret = rte_eth_tx_queue_setup(port, 0,
					     (uint16_t)(o->tx ? o->ring : 512),
					     (unsigned int)rte_socket_id(),
					     NULL);
	if (ret == 0)
		ret = rte_eth_dev_start(port);
	if (ret == 0)
		ret = rte_eth_promiscuous_enable(port);
	if (ret != 0) {
		fprintf(stderr, "bench_step: port %u: %s\n", port,
			strerror(-ret));
		exit(1);
	}
	bench_pool = mp;
}

/*
 * TX: frames of @p size queued in bursts until the ring takes no more or
 * @p want went out. Returns the cycles; *frames the frames accepted.
 */
static uint64_t
fill_tx(uint16_t port, unsigned int burst, unsigned int size, uint64_t want,
	uint64_t *frames)
{
	struct rte_mbuf *pkts[512];
	uint64_t t0, sent = 0;
	uint16_t n, k;

	t0 = rte_rdtsc_precise();
	while (sent < want) {
		k = (uint16_t)RTE_MIN((uint64_t)burst, want - sent);
		if (bench_frames_alloc(bench_pool, pkts, k, size) != 0)
			break;
		n = rte_eth_tx_burst(port, 0, pkts, k);
		sent += n;
		if (n < k) {
			rte_pktmbuf_free_bulk(pkts + n, k - n);
			break;
		}
	}
	*frames = sent;
	return rte_rdtsc_precise() - t0;
}

static int
cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

/* Bursts until @p want frames (or an empty burst when @p want is 0). */
static uint64_t
drain(uint16_t port, unsigned int burst, uint64_t want, uint64_t *frames)
{
	struct rte_mbuf *pkts[512];
	uint64_t t0, got = 0;
	uint16_t n;

	t0 = rte_rdtsc_precise();
	for (;;) {
		n = rte_eth_rx_burst(port, 0, pkts, (uint16_t)burst);
		if (n == 0 && want == 0)
			break;
		rte_pktmbuf_free_bulk(pkts, n);
		got += n;
		if (want != 0 && got >= want)
			break;
	}
	*frames = got;
	return rte_rdtsc_precise() - t0;
}

int
main(int argc, char **argv)
{
	struct bench_opts o;
	bench_step_fn step = NULL;
	uint64_t *per_pkt, frames, cycles, sum_frames = 0;
	unsigned int r, kept = 0;
	uint16_t port = 0;
	int moved;

	parse_opts(argc, argv, &o);
	eal_start(argv[0], &o);
	if (!o.null)
		step = step_fn(&o);
	if (rte_eth_dev_count_avail() < 1) {
		fprintf(stderr, "bench_step: no port\n");
		return 1;
	}
	port_start(port, &o);
	per_pkt = calloc(o.rounds, sizeof(*per_pkt));
	if (per_pkt == NULL)
		return 1;
	for (r = 0; r < BENCH_WARMUP + o.rounds; r++) {
		if (o.tx) {
			/* The device sends the last round's frames (untimed). */
			if (!o.null)
				step(port, 4 * o.ring);
			cycles = fill_tx(port, o.burst, o.size,
					 o.null ? o.frames : 4 * o.ring, &frames);
			if (frames == 0) {
				fprintf(stderr, "bench_step: the TX ring took nothing\n");
				return 1;
			}
		} else if (o.null) {
			cycles = drain(port, o.burst, o.frames, &frames);
		} else {
			moved = step(port, 4 * o.ring);
			if (moved <= 0) {
				fprintf(stderr, "bench_step: step moved nothing (%d): is model_step=1 and flow_ctrl=1 given?\n",
					moved);
				return 1;
			}
			cycles = drain(port, o.burst, 0, &frames);
			if (frames != (uint64_t)moved) {
				fprintf(stderr, "bench_step: the model moved %d frames, the PMD returned %" PRIu64 "\n",
					moved, frames);
				return 1;
			}
		}
		if (r < BENCH_WARMUP)
			continue;
		/* Hundredths of a cycle, for the median's resolution. */
		per_pkt[kept++] = cycles * 100 / frames;
		sum_frames += frames;
	}
	qsort(per_pkt, kept, sizeof(*per_pkt), cmp_u64);
	printf("cycles/packet median %.2f min %.2f p10 %.2f frames/round %.1f rounds %u tsc_hz %" PRIu64 "\n",
	       per_pkt[kept / 2] / 100.0, per_pkt[0] / 100.0,
	       per_pkt[kept / 10] / 100.0, (double)sum_frames / kept, kept,
	       rte_get_tsc_hz());
	free(per_pkt);
	rte_eth_dev_stop(port);
	rte_eth_dev_close(port);
	rte_eal_cleanup();
	return 0;
}
