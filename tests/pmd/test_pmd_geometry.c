/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * RX ring geometry of the family's PMD on its device model (robustness rows
 * 14, 15; fault section 3, knob 8), for every ring size the PMD accepts:
 *
 *  1. limits: rx_desc_lim and tx_desc_lim from dev_infos; what they
 *     advertise is what is accepted: every multiple of nb_align from nb_min
 *     to nb_max (setup; a ring is a power of two long, so 192, 320, 960
 *     become 256, 512, 1024, which rxq/txq_info report and the start arms,
 *     exactly that many mbufs, stop giving them back); what they exclude
 *     is rejected with -EINVAL and takes no mbuf: 1, 2, nb_min - 1,
 *     nb_min / 2, 100 (not a multiple of nb_align), nb_max + nb_align,
 *     2 * nb_max, 65535;
 *     rx_free_thresh >= N - 1 rejected, exactly N / 2 (2 x free_thresh)
 *     accepted; 0 descriptors means the driver's preferred size (ethdev
 *     substitutes default_rxportconf.ring_size). After each rejection the
 *     port is set up again with a valid size and receives;
 *  2. bursts on a settled ring, per accepted size: nb_pkts 0, 1, 3,
 *     N - 1, N, N + 1, 2N (larger than the ring) and bursts that end
 *     exactly on the last slot (the next frame comes from slot 0), over
 *     at least 5 wraps: each burst returns exactly min(asked, ready),
 *     frames in strict sequence order, nothing lost or duplicated;
 *  3. multi-descriptor frames straddling the wrap (scatter, 3 buffers per
 *     frame on a 64-descriptor ring, 64 mod 3 != 0), bursts of 1..5:
 *     order, lengths and content (UDP checksum over the chain).
 * After every part: no model protocol violation (a tail beyond the ring is
 * one), the mempool at its baseline after stop.
 *
 * No timed assertion: every wait is a bounded number of polls.
 */
#include <rte_bitops.h>
#include <rte_bus_vdev.h>
#include <rte_ether.h>
#include <rte_ip.h>

#include "pmd_harness.h"

#define G_LEN		64	/* generated frames: sequence at 42 */
#define G_SEQ_OFF	42
#define G_POOL		4096
#define G_WRAPS		10	/* frames per size: G_WRAPS x N + extra */
#define G_MAX_BURST	2048
#define WRAP		0xffffu	/* a burst ending exactly on the last slot */

static struct rte_mempool *pool;
static unsigned int vdev_seq;
static struct rte_eth_dev_info info;

struct seqc {
	uint64_t next, bad_order, bad_len, frames;
};

static void
seq_one(struct seqc *c, const struct rte_mbuf *m, uint32_t len)
{
	uint64_t s = pmd_harness_frame_seq(m, G_SEQ_OFF);

	c->frames++;
	if (len != 0 && (m->pkt_len != len || m->nb_segs != 1))
		c->bad_len++;
	if (s != c->next && c->bad_order++ == 0)
		fprintf(stderr, "sequence %" PRIu64 ", expected %" PRIu64 "\n",
			s, c->next);
	c->next = s + 1;
}

static int
new_port(char *name, size_t size, const char *args)
{
	int ret;

	snprintf(name, size, "%s%u", pmd_family()->vdev, vdev_seq++);
	ret = pmd_harness_vdev_init(name, args);
	CHECK(ret == 0, "probe %s,%s: %d", name, args, ret);
	return ret == 0 ? pmd_harness_port(name) : -1;
}

static void
remove_port(const char *name, uint16_t port, unsigned int base)
{
	PMD_HARNESS_CHECK_NO_VIOLATION(port);
	CHECK(rte_eth_dev_stop(port) == 0, "%s: stop", name);
	CHECK_EQ_U(rte_mempool_in_use_count(pool), base,
		   "%s: mempool at its baseline after stop", name);
	CHECK(rte_eth_dev_close(port) == 0, "%s: close", name);
	CHECK(rte_vdev_uninit(name) == 0, "%s: removed", name);
}

static int
setup(uint16_t port, uint16_t nb, const struct rte_eth_rxconf *rc)
{
	int ret = rte_eth_rx_queue_setup(port, 0, nb, SOCKET_ID_ANY, rc, pool);

	if (ret == 0)
		ret = rte_eth_tx_queue_setup(port, 0, 64, SOCKET_ID_ANY, NULL);
	return ret;
}

/* Receives (and frees) up to @p want frames; the count. */
static uint64_t
drain(uint16_t port, uint64_t want)
{
	return pmd_harness_rx_until(port, want, NULL, NULL);
}

/* ---- 1. Limits ---- */

static void
part_limits(void)
{
	const uint16_t lo = info.rx_desc_lim.nb_min, hi = info.rx_desc_lim.nb_max;
	const uint16_t al = info.rx_desc_lim.nb_align;
	const uint16_t bad[] = {
		1, 2, (uint16_t)(lo - 1), (uint16_t)(lo / 2), 100,
		(uint16_t)(hi + al), (uint16_t)(2 * hi), 65535,
	};
	struct rte_eth_rxq_info rqi;
	struct rte_eth_txq_info tqi;
	uint16_t ring;
	struct rte_eth_rxconf rc;
	struct rte_eth_conf conf;
	char name[32];
	unsigned int base, i;
	uint16_t n;
	int port, ret;

	printf("rx_desc_lim: min %u max %u align %u, default ring %u, free_thresh %u\n",
	       lo, hi, al, info.default_rxportconf.ring_size,
	       info.default_rxconf.rx_free_thresh);
	CHECK(lo >= 2 && rte_is_power_of_2(lo) && rte_is_power_of_2(hi) && lo < hi &&
	      al >= 1 && lo % al == 0 && hi % al == 0,
	      "ring limits are powers of two, multiples of nb_align");
	CHECK(info.tx_desc_lim.nb_min == lo && info.tx_desc_lim.nb_max == hi &&
	      info.tx_desc_lim.nb_align == al, "tx_desc_lim as rx_desc_lim");
	port = new_port(name, sizeof(name), "gen_len=64");
	if (port < 0)
		return;
	base = rte_mempool_in_use_count(pool);
	memset(&conf, 0, sizeof(conf));
	CHECK(rte_eth_dev_configure(port, 1, 1, &conf) == 0, "configure");

	/*
	 * Every size the limits advertise is accepted (RX and TX), the ring
	 * the next power of two; it arms exactly that many mbufs and receives.
	 */
	for (n = lo; n != 0 && n <= hi; n = (uint16_t)(n + al)) {
		ring = (uint16_t)rte_align32pow2(n);
		ret = rte_eth_rx_queue_setup(port, 0, n, SOCKET_ID_ANY, NULL, pool);
		CHECK(ret == 0, "%u RX descriptors (advertised) accepted: %d", n, ret);
		ret = rte_eth_tx_queue_setup(port, 0, n, SOCKET_ID_ANY, NULL);
		CHECK(ret == 0, "%u TX descriptors (advertised) accepted: %d", n, ret);
		CHECK(rte_eth_rx_queue_info_get(port, 0, &rqi) == 0 &&
		      rqi.nb_desc == ring, "%u RX descriptors: ring of %u reported (%u)",
		      n, ring, rqi.nb_desc);
		CHECK(rte_eth_tx_queue_info_get(port, 0, &tqi) == 0 &&
		      tqi.nb_desc == ring, "%u TX descriptors: ring of %u reported (%u)",
		      n, ring, tqi.nb_desc);
		CHECK_EQ_U(rte_mempool_in_use_count(pool), base, "setup takes no mbuf");
		CHECK(rte_eth_dev_start(port) == 0, "start with %u", n);
		CHECK_EQ_U(rte_mempool_in_use_count(pool), base + ring,
			   "start arms the %u descriptors of %u asked", ring, n);
		CHECK(drain(port, 3u * ring) >= 3u * ring,
		      "frames through %u descriptors", ring);
		CHECK(rte_eth_dev_stop(port) == 0, "stop");
		CHECK_EQ_U(rte_mempool_in_use_count(pool), base,
			   "every mbuf back after stop (%u)", n);
	}

	/* Rejected sizes: -EINVAL, no mbuf; a valid setup makes it work again. */
	for (i = 0; i < RTE_DIM(bad); i++) {
		ret = rte_eth_rx_queue_setup(port, 0, bad[i], SOCKET_ID_ANY, NULL,
					     pool);
		CHECK(ret == -EINVAL, "%u RX descriptors rejected with -EINVAL: %d",
		      bad[i], ret);
		CHECK_EQ_U(rte_mempool_in_use_count(pool), base,
			   "rejected size %u takes no mbuf", bad[i]);
		ret = setup(port, lo, NULL);
		CHECK(ret == 0 && rte_eth_dev_start(port) == 0,
		      "usable again after the rejected %u", bad[i]);
		CHECK(drain(port, 100) >= 100, "frames after the rejected %u", bad[i]);
		CHECK(rte_eth_dev_stop(port) == 0, "stop");
	}

	/* Free threshold: below N - 1 accepted, 2 x thresh = N included. */
	rc = info.default_rxconf;
	rc.rx_free_thresh = (uint16_t)(lo / 2);
	CHECK(setup(port, lo, &rc) == 0, "ring of exactly 2 x rx_free_thresh accepted");
	CHECK(rte_eth_dev_start(port) == 0 && drain(port, 4u * lo) >= 4u * lo,
	      "frames with rx_free_thresh %u", rc.rx_free_thresh);
	CHECK(rte_eth_dev_stop(port) == 0, "stop");
	rc.rx_free_thresh = (uint16_t)(lo - 1);
	ret = rte_eth_rx_queue_setup(port, 0, lo, SOCKET_ID_ANY, &rc, pool);
	CHECK(ret == -EINVAL, "rx_free_thresh N - 1 rejected: %d", ret);
	rc.rx_free_thresh = lo;
	ret = rte_eth_rx_queue_setup(port, 0, lo, SOCKET_ID_ANY, &rc, pool);
	CHECK(ret == -EINVAL, "rx_free_thresh N rejected: %d", ret);

	/* 0: ethdev substitutes the driver's preferred size. */
	CHECK(setup(port, 0, NULL) == 0, "0 descriptors: the default size");
	CHECK_EQ_U(pmd_harness_rxq_size(port), info.default_rxportconf.ring_size,
		   "default ring size");
	CHECK(rte_eth_dev_start(port) == 0, "start with the default size");
	CHECK_EQ_U(rte_mempool_in_use_count(pool),
		   base + info.default_rxportconf.ring_size, "default ring armed");
	remove_port(name, (uint16_t)port, base);
}

/* ---- 2. Bursts on a settled ring ---- */

/*
 * Waits until every armed descriptor is written back or the device is
 * idle: nothing changes until the next rx_burst. The frames ready.
 */
static int
settle(uint16_t port, uint16_t nb)
{
	uint64_t polls;

	for (polls = 0; polls < PMD_HARNESS_MAX_POLLS; polls++) {
		int idle = pmd_family()->rx_idle(port) == 1, waiting = 0;
		uint16_t i;

		for (i = 0; i < nb; i++) {
			int s = rte_eth_rx_descriptor_status(port, 0, i);

			if (s == RTE_ETH_RX_DESC_DONE)
				continue;
			waiting = s == RTE_ETH_RX_DESC_AVAIL;
			break;
		}
		if (!waiting || idle)
			return rte_eth_rx_queue_count(port, 0);
		rte_pause();
	}
	CHECK(0, "port %u: ring never settled", port);
	return rte_eth_rx_queue_count(port, 0);
}

static void
part_bursts(uint16_t nb)
{
	static struct rte_mbuf *pkts[G_MAX_BURST];
	const uint16_t sched[] = {
		0, 1, 3, WRAP, 1, (uint16_t)(nb - 1), WRAP, 3, nb, WRAP,
		(uint16_t)(nb + 1), 0, WRAP, (uint16_t)(2 * nb), 32, WRAP, 1, 1, 1,
		WRAP, 3, 3, (uint16_t)(nb / 2 + 1), WRAP,
	};
	const uint64_t frames = (uint64_t)G_WRAPS * nb + 123;
	struct seqc sc;
	char name[32], args[128];
	uint64_t total = 0, bursts = 0, wrong = 0, at_wrap = 0, polls;
	unsigned int base, k;
	int port, ready, idle = 0;
	uint16_t i;

	memset(&sc, 0, sizeof(sc));
	snprintf(args, sizeof(args), "gen_pkts=%" PRIu64 ",gen_len=%u,flow_ctrl=1",
		 frames, G_LEN);
	port = new_port(name, sizeof(name), args);
	if (port < 0)
		return;
	base = rte_mempool_in_use_count(pool);
	if (pmd_harness_port_start((uint16_t)port, pool, nb, NULL) != 0) {
		CHECK(0, "start with %u descriptors", nb);
		return;
	}
	for (k = 0; total < frames && bursts < 1000000; k++) {
		uint16_t b = sched[k % RTE_DIM(sched)], n, want;
		uint16_t slot = (uint16_t)(total % nb);

		if (b == WRAP)
			b = (uint16_t)(nb - slot);
		ready = settle((uint16_t)port, nb);
		n = rte_eth_rx_burst((uint16_t)port, 0, pkts, b);
		want = (uint16_t)RTE_MIN((int)b, ready);
		if (n != want && wrong++ == 0)
			fprintf(stderr, "ring %u burst %" PRIu64 ": asked %u, %d ready at slot %u, got %u\n",
				nb, bursts, b, ready, slot, n);
		if (n != 0 && slot + n == nb)
			at_wrap++;
		if (b == 0)
			CHECK_EQ_U(rte_eth_rx_queue_count((uint16_t)port, 0), ready,
				   "ring %u: a burst of 0 consumes nothing", nb);
		for (i = 0; i < n; i++) {
			seq_one(&sc, pkts[i], G_LEN);
			rte_pktmbuf_free(pkts[i]);
		}
		total += n;
		bursts++;
		if (ready == 0 && pmd_family()->rx_idle((uint16_t)port) == 1)
			break;
	}
	/* Whatever is left (there should be nothing). */
	for (polls = 0; polls < PMD_HARNESS_MAX_POLLS; polls++) {
		uint16_t n = rte_eth_rx_burst((uint16_t)port, 0, pkts, 32);

		for (i = 0; i < n; i++) {
			seq_one(&sc, pkts[i], G_LEN);
			rte_pktmbuf_free(pkts[i]);
		}
		total += n;
		if (n != 0)
			continue;
		if (idle)
			break;
		idle = pmd_family()->rx_idle((uint16_t)port) == 1;
	}
	printf("ring %4u: %" PRIu64 " bursts, %" PRIu64 " frames, %" PRIu64
	       " wraps, %" PRIu64 " bursts ending on the last slot\n",
	       nb, bursts, total, total / nb, at_wrap);
	CHECK_EQ_U(wrong, 0, "ring %u: every burst returns min(asked, ready)", nb);
	CHECK_EQ_U(total, frames, "ring %u: every frame received", nb);
	CHECK_EQ_U(sc.bad_order, 0, "ring %u: strict order, no loss, no duplicate", nb);
	CHECK_EQ_U(sc.bad_len, 0, "ring %u: lengths", nb);
	CHECK(at_wrap >= G_WRAPS / 2, "ring %u: %" PRIu64 " bursts ended on the last slot",
	      nb, at_wrap);
	CHECK_EQ_U(pmd_harness_xstat((uint16_t)port, "rx_q0_errors") +
		   pmd_harness_xstat((uint16_t)port, "rx_q0_missed"), 0,
		   "ring %u: lossless", nb);
	remove_port(name, (uint16_t)port, base);
}

/* ---- 3. Frames straddling the wrap ---- */

static void
part_straddle(void)
{
	static const uint16_t sizes[] = { 1, 2, 3, 5, 1, 4 };
	struct rte_mbuf *pkts[8];
	struct rte_eth_conf conf;
	struct seqc sc;
	static uint8_t flat[6000];
	char name[32];
	uint64_t polls, bad_data = 0, multi = 0;
	unsigned int base, k = 0;
	int port, idle = 0;
	uint16_t i;

	memset(&sc, 0, sizeof(sc));
	/* 5000 bytes: 3 descriptors of 2048; 64 % 3 != 0, so frames straddle. */
	port = new_port(name, sizeof(name), "gen_pkts=700,gen_len=5000,flow_ctrl=1");
	if (port < 0)
		return;
	base = rte_mempool_in_use_count(pool);
	memset(&conf, 0, sizeof(conf));
	conf.rxmode.offloads = RTE_ETH_RX_OFFLOAD_SCATTER;
	conf.rxmode.mtu = 9000;
	if (pmd_harness_port_start((uint16_t)port, pool, 64, &conf) != 0) {
		CHECK(0, "straddle: start");
		return;
	}
	for (polls = 0; polls < PMD_HARNESS_MAX_POLLS && sc.frames < 700; polls++) {
		uint16_t n = rte_eth_rx_burst((uint16_t)port, 0, pkts,
					      sizes[k++ % RTE_DIM(sizes)]);

		for (i = 0; i < n; i++) {
			const struct rte_ipv4_hdr *ip;
			const uint8_t *d = pkts[i]->pkt_len == 5000 ?
				rte_pktmbuf_read(pkts[i], 0, 5000, flat) : NULL;

			multi += pkts[i]->nb_segs == 3;
			seq_one(&sc, pkts[i], 0);
			ip = d != NULL ? (const struct rte_ipv4_hdr *)(d + 14) : NULL;
			if (ip == NULL || rte_ipv4_udptcp_cksum_verify(ip, ip + 1) != 0)
				bad_data++;
			rte_pktmbuf_free(pkts[i]);
		}
		if (n != 0)
			continue;
		if (idle)
			break;
		idle = pmd_family()->rx_idle((uint16_t)port) == 1;
	}
	CHECK_EQ_U(sc.frames, 700, "straddle: every frame");
	CHECK_EQ_U(multi, 700, "straddle: 3 segments each");
	CHECK_EQ_U(sc.bad_order, 0, "straddle: strict order");
	CHECK_EQ_U(bad_data, 0, "straddle: 5000 bytes, content intact");
	CHECK_EQ_U(pmd_harness_xstat((uint16_t)port, "rx_q0_errors"), 0,
		   "straddle: no error");
	remove_port(name, (uint16_t)port, base);
}

int
main(int argc, char **argv)
{
	struct rte_eth_conf conf;
	char name[32];
	uint16_t n;
	int port;

	(void)argc;
	pmd_harness_eal_init(argv[0], NULL);
	rte_log_set_level_pattern(pmd_family()->logtypes, RTE_LOG_WARNING);
	pool = eal_harness_pool("geometry", G_POOL, RTE_MBUF_DEFAULT_BUF_SIZE);
	port = new_port(name, sizeof(name), "gen_pkts=1");
	if (port < 0 || rte_eth_dev_info_get((uint16_t)port, &info) != 0) {
		CHECK(0, "dev_info");
		return harness_result("pmd_geometry");
	}
	memset(&conf, 0, sizeof(conf));
	CHECK(rte_eth_dev_configure((uint16_t)port, 1, 1, &conf) == 0 &&
	      rte_vdev_uninit(name) == 0, "info port removed");
	printf("part 1: ring limits\n");
	part_limits();
	printf("part 2: bursts on every accepted ring size\n");
	for (n = info.rx_desc_lim.nb_min; n != 0 && n <= info.rx_desc_lim.nb_max;
	     n = (uint16_t)(n * 2))
		part_bursts(n);
	printf("part 3: frames straddling the wrap\n");
	part_straddle();
	CHECK_EQ_U(rte_mempool_in_use_count(pool), 0, "pool empty at the end");
	rte_mempool_free(pool);
	rte_eal_cleanup();
	return harness_result("pmd_geometry");
}
