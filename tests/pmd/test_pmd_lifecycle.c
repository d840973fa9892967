/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Life cycle of a port of the family's PMD (pmd_family.h) on its device
 * model, one vdev per part so the parts do not disturb each other (robustness rows 14-18, 49):
 *
 *  1. pool exhaustion (row 16, 17): a pool too small for the ring makes
 *     the start fail cleanly; then a pool smaller than ring + what the
 *     application holds, lossless traffic (flow_ctrl=1): the application
 *     keeps every mbuf until the refill fails (rx_nombuf in stats and
 *     xstats), nothing stays stuck in the ring, the held frames stay
 *     intact, and after freeing them reception resumes to the last frame,
 *     in order, every frame accounted for;
 *  2. stop/start under endless traffic (row 18): pool at its baseline
 *     after each stop, nothing delivered or counted while stopped (the
 *     model drops the frames as "stopped"), frames again after start,
 *     close while the application still holds mbufs (row 49);
 *  3. queue re-setup with other ring sizes under traffic, rejected sizes
 *     (row 15) without a leak, -EBUSY while started, MTU against the
 *     buffer size with and without scatter, a start refused for the MTU;
 *  4. ring geometry (row 14): rx_burst with 0, 1, 3, > ring frames and
 *     bursts ending exactly on the last slot, across many wraps, exact
 *     counts on a settled ring, strict sequence order; rx_queue_count and
 *     rx_descriptor_status on a full and on an idle ring;
 *  5. link down/up from the PHY, no frame delivered while down;
 *  6. MAC filter: another station address with promiscuous off filters
 *     the generated frames (also after a stop/start), promiscuous or the
 *     original address lets them in again;
 *  7. xstats: names and values consistent with each other and with
 *     rte_eth_stats_get, the error details summing to rx_q0_errors,
 *     xstats_reset zeroing everything;
 *  8. close (every part): pool back at its baseline, no violation, the
 *     port gone from ethdev and from the model API.
 *
 * No timed assertion: every wait is a bounded number of polls.
 */
#include <stddef.h>

#include <rte_ether.h>

#include "pmd_harness.h"

/* Generated frames: 64 bytes, the sequence number at 14 + 20 + 8. */
#define LIFE_LEN		64
#define LIFE_SEQ_OFF		42

/* Part 1 */
#define P1_DEV			0	/* instance */
#define P1_FRAMES		3000
/* Above the rx-copybreak threshold (256): zero-copy from the app's pool. */
#define P1_LEN			1024
#define P1_RING			256
#define P1_POOL			384	/* < ring + what the app holds */
#define P1_TINY_POOL		100	/* cannot even fill the ring */
/* Part 2 */
#define P2_DEV			1	/* instance */
#define P2_RING			512
#define P2_CYCLES		5
#define P2_HELD			32
/* Part 3 */
#define P3_DEV			2	/* instance */
/* Part 4 */
#define P4_DEV			3	/* instance */
#define P4_FRAMES		8000
#define P4_RING			64
#define P4_SETTLED_FRAMES	4000	/* received in phase A */
/* Part 5 */
#define P5_DEV			4	/* instance */
/* Part 6 */
#define P6_DEV			5	/* instance */
/* Part 7 */
#define P7_DEV			6	/* instance */
#define P7_FRAMES		1000
#define P7_TX			50

#define P8_DEV			7	/* instance */
#define P8_FRAMES		3000	/* 1000..2000 bytes, MTU 1500 then 1982 */
#define P8_MTU			1982	/* frames of 2000 bytes (VLAN allowed) */

#define P9_DEV			8	/* instance */

#define LIFE_POOL		4096
#define LIFE_MAX_BURST		512

/* ---- Helpers ---- */

struct seq_check {
	uint32_t len;		/* frame length expected */
	uint64_t next;		/* sequence number expected next */
	uint64_t bad_order;
	uint64_t bad_len;
};

static void
seq_check_one(struct rte_mbuf *m, void *arg)
{
	struct seq_check *c = arg;
	uint64_t s = pmd_harness_frame_seq(m, LIFE_SEQ_OFF);

	if (m->pkt_len != c->len || m->data_len != c->len || m->nb_segs != 1)
		c->bad_len++;
	if (s != c->next) {
		if (c->bad_order++ == 0)
			fprintf(stderr, "sequence: got %" PRIu64 ", expected %" PRIu64 "\n",
				s, c->next);
		c->next = s;
	}
	c->next++;
}

/* The port of instance @p i of the family's PMD (the P*_DEV numbers). */
static int
probed(unsigned int i)
{
	char name[32];

	return pmd_harness_probed_port(pmd_vdev(name, sizeof(name), i));
}

static uint64_t
model_field(uint16_t port, size_t off)
{
	struct pmd_model_stats st = pmd_harness_model(port);
	uint64_t v;

	memcpy(&v, (const uint8_t *)&st + off, sizeof(v));
	return v;
}

static void
free_bulk(struct rte_mbuf **m, unsigned int n)
{
	unsigned int i;

	for (i = 0; i < n; i++)
		rte_pktmbuf_free(m[i]);
}

/*
 * Receives (and frees) on @p port until the model counter at @p off has
 * grown by @p grow. Returns the frames received, UINT64_MAX on giving up.
 */
static uint64_t
rx_until_model(uint16_t port, size_t off, uint64_t grow, const char *what)
{
	struct rte_mbuf *pkts[32];
	uint64_t start = model_field(port, off), got = 0, polls;

	for (polls = 0; polls < PMD_HARNESS_MAX_POLLS; polls++) {
		uint16_t n = rte_eth_rx_burst(port, 0, pkts, RTE_DIM(pkts));

		free_bulk(pkts, n);
		got += n;
		if ((polls & 63) == 0 && model_field(port, off) - start >= grow)
			return got;
		rte_pause();
	}
	CHECK(0, "port %u: model %s did not grow by %" PRIu64, port, what, grow);
	return UINT64_MAX;
}

/*
 * The device keeps offering frames that it must not deliver (the model
 * counter at @p off counts them): after the frames delivered before that
 * started are drained, the device delivers nothing more and the port
 * counts nothing more while @p grow frames are refused.
 */
static void
check_quiet(uint16_t port, size_t off, const char *what)
{
	struct rte_mbuf *pkts[32];
	struct rte_eth_stats st;
	uint64_t delivered = 0, polls, got = 0;

	/* Past the switch: every frame from here on is refused. */
	rx_until_model(port, off, 16, what);
	/*
	 * Drain what was delivered before, and what the MTL RX queue still
	 * held from before the switch (it waits for descriptors).
	 */
	for (polls = 0; polls < PMD_HARNESS_MAX_POLLS; polls++) {
		struct pmd_model_stats ms = pmd_harness_model(port);
		uint16_t n = rte_eth_rx_burst(port, 0, pkts, RTE_DIM(pkts));

		free_bulk(pkts, n);
		st = pmd_harness_eth_stats(port);
		delivered = ms.rx_delivered;
		if (st.ipackets + st.ierrors >= delivered &&
		    ms.rx_pending == 0)
			break;
	}
	st = pmd_harness_eth_stats(port);
	CHECK_EQ_U(st.ipackets + st.ierrors, delivered,
		   "port %u: every delivered frame harvested", port);
	got = rx_until_model(port, off, 1000, what);
	CHECK_EQ_U(got, 0, "port %u: nothing received while the device refuses frames (%s)",
		   port, what);
	CHECK_EQ_U(pmd_harness_model(port).rx_delivered, delivered,
		   "port %u: the device delivered nothing (%s)", port, what);
	CHECK_EQ_U(pmd_harness_eth_stats(port).ipackets, st.ipackets,
		   "port %u: ipackets unchanged (%s)", port, what);
}

/* Stops, checks the pool and the model, closes, checks the port is gone. */
static void
close_port(uint16_t port, struct rte_mempool *mp, unsigned int base)
{
	struct pmd_model_stats gone;

	CHECK(rte_eth_dev_stop(port) == 0, "port %u stop", port);
	CHECK_EQ_U(rte_mempool_in_use_count(mp), base,
		   "port %u: pool at its baseline after stop", port);
	PMD_HARNESS_CHECK_NO_VIOLATION(port);
	CHECK(rte_eth_dev_close(port) == 0, "port %u close", port);
	CHECK_EQ_U(rte_mempool_in_use_count(mp), base,
		   "port %u: pool at its baseline after close", port);
	CHECK(!rte_eth_dev_is_valid_port(port), "port %u gone after close",
	      port);
	CHECK(pmd_family()->model_stats(port, &gone) == -ENODEV &&
	      pmd_family()->rx_idle(port) == -ENODEV,
	      "port %u: the model API no longer knows it", port);
}

/*
 * An endless source: receives (and frees) until at least @p want frames
 * arrived; the last burst may overshoot.
 */
static void
rx_endless(uint16_t port, uint64_t want, const char *what)
{
	uint64_t got = pmd_harness_rx_until(port, want, NULL, NULL);

	CHECK(got >= want, "port %u: %s: %" PRIu64 " of %" PRIu64 " frames",
	      port, what, got, want);
}

/* ---- 1. Pool exhaustion ---- */

static void
part_pool_exhaustion(void)
{
	static struct rte_mbuf *held[P1_POOL];
	struct rte_mbuf *pkts[32];
	struct rte_mempool *mp, *tiny;
	struct rte_eth_conf conf;
	struct rte_eth_stats st;
	struct pmd_model_stats ms;
	struct seq_check sc = { P1_LEN, 0, 0, 0 };
	unsigned int nheld = 0, i, bad_held = 0;
	uint64_t polls, nombuf, got;
	int port = probed(P1_DEV), ret;

	if (port < 0)
		return;
	tiny = eal_harness_pool("life_tiny", P1_TINY_POOL,
				RTE_MBUF_DEFAULT_BUF_SIZE);
	mp = eal_harness_pool("life_p1", P1_POOL, RTE_MBUF_DEFAULT_BUF_SIZE);
	if (tiny == NULL || mp == NULL) {
		CHECK(0, "part 1 pools");
		return;
	}

	/* Row 17: the pool cannot fill the ring: start fails, nothing kept. */
	memset(&conf, 0, sizeof(conf));
	CHECK(rte_eth_dev_configure(port, 1, 1, &conf) == 0, "configure");
	CHECK(rte_eth_rx_queue_setup(port, 0, P1_RING, rte_eth_dev_socket_id(port),
				     NULL, tiny) == 0, "RX setup, tiny pool");
	CHECK(rte_eth_tx_queue_setup(port, 0, P1_RING, rte_eth_dev_socket_id(port),
				     NULL) == 0, "TX setup");
	ret = rte_eth_dev_start(port);
	CHECK(ret == -ENOMEM, "start with %u mbufs for %u descriptors fails with -ENOMEM: %d",
	      P1_TINY_POOL, P1_RING, ret);
	CHECK_EQ_U(rte_mempool_in_use_count(tiny), 0,
		   "a failed start keeps no mbuf");
	if (ret == 0)
		rte_eth_dev_stop(port);

	/* Row 16: a pool smaller than ring + held, lossless traffic. */
	if (pmd_harness_port_start(port, mp, P1_RING, NULL) != 0) {
		CHECK(0, "part 1 start");
		return;
	}
	rte_mempool_free(tiny);
	CHECK(rte_mempool_in_use_count(mp) == P1_RING, "start arms the ring");
	/*
	 * Hold every frame until the refill has failed and no mbuf is left
	 * in the ring: all mbufs are then either held or in the pool.
	 */
	for (polls = 0; polls < PMD_HARNESS_MAX_POLLS; polls++) {
		uint16_t n = 0;

		if (nheld < P1_POOL)
			n = rte_eth_rx_burst(port, 0, held + nheld,
					     (uint16_t)RTE_MIN(32u, P1_POOL - nheld));
		for (i = 0; i < n; i++)
			seq_check_one(held[nheld + i], &sc);
		nheld += n;
		if (n == 0 && pmd_harness_eth_stats(port).rx_nombuf > 0 &&
		    nheld + rte_mempool_avail_count(mp) == P1_POOL)
			break;
		rte_pause();
	}
	st = pmd_harness_eth_stats(port);
	printf("part 1: holding %u mbufs, %u left in the pool, rx_nombuf %" PRIu64 "\n",
	       nheld, rte_mempool_avail_count(mp), st.rx_nombuf);
	CHECK(st.rx_nombuf > 0, "rx_nombuf counted when the pool ran dry");
	CHECK_EQ_U(nheld + rte_mempool_avail_count(mp), P1_POOL,
		   "every mbuf held by the app or in the pool: none stuck in the ring");
	CHECK(nheld > P1_POOL - P1_RING,
	      "the refill kept going until the pool was (almost) dry: held %u",
	      nheld);
	CHECK_EQ_U(rte_eth_rx_queue_count(port, 0), 0, "nothing ready in the ring");
	CHECK_EQ_U(st.ipackets, nheld, "ipackets = frames held");
	CHECK_EQ_U(st.imissed + st.ierrors, 0, "lossless: nothing missed");
	CHECK_EQ_U(pmd_harness_xstat(port, "rx_q0_nombuf"), st.rx_nombuf,
		   "xstat rx_q0_nombuf = stats rx_nombuf");
	CHECK_EQ_U(pmd_harness_xstat(port, "rx_mbuf_allocation_errors"), st.rx_nombuf,
		   "xstat rx_mbuf_allocation_errors = stats rx_nombuf");
	/* Still dry: each poll tries again and counts again, receives nothing. */
	nombuf = st.rx_nombuf;
	got = 0;
	for (i = 0; i < 100; i++) {
		uint16_t n = rte_eth_rx_burst(port, 0, pkts, RTE_DIM(pkts));

		free_bulk(pkts, n);
		got += n;
	}
	CHECK_EQ_U(got, 0, "nothing received while the pool is dry");
	CHECK(pmd_harness_eth_stats(port).rx_nombuf > nombuf,
	      "rx_nombuf keeps growing while the pool is dry");
	ms = pmd_harness_model(port);
	CHECK_EQ_U(ms.rx_delivered, nheld, "the device delivered only what we hold");
	CHECK_EQ_U(ms.violations, 0, "no descriptor armed without a buffer: %s",
		   pmd_family()->last_violation(port));

	/* The held frames were never handed back to the device. */
	for (i = 0; i < nheld; i++)
		bad_held += pmd_harness_frame_seq(held[i], LIFE_SEQ_OFF) != i;
	CHECK_EQ_U(bad_held, 0, "held frames intact (never re-armed)");
	free_bulk(held, nheld);

	/* Pool refilled: reception resumes up to the last frame. */
	got = pmd_harness_rx_until(port, P1_FRAMES - nheld, seq_check_one, &sc);
	CHECK_EQ_U(nheld + got, P1_FRAMES, "every frame received after recovery");
	CHECK_EQ_U(sc.bad_order, 0, "frames in order across the exhaustion");
	CHECK_EQ_U(sc.bad_len, 0, "frames of %u bytes, one segment", P1_LEN);
	st = pmd_harness_eth_stats(port);
	ms = pmd_harness_model(port);
	CHECK_EQ_U(ms.rx_offered, P1_FRAMES, "model rx_offered");
	CHECK_EQ_U(st.ipackets + st.imissed + st.ierrors, ms.rx_offered,
		   "every offered frame accounted for (ipackets %" PRIu64
		   " imissed %" PRIu64 " ierrors %" PRIu64 ")",
		   st.ipackets, st.imissed, st.ierrors);
	close_port(port, mp, 0);
	rte_mempool_free(mp);
}

/* ---- 2. Stop/start under traffic ---- */

static void
part_stop_start(void)
{
	struct rte_mbuf *held[P2_HELD];
	struct rte_mempool *mp;
	unsigned int base, c, nheld = 0, from_mp;
	uint64_t polls, moved = 0;
	int port = probed(P2_DEV);

	if (port < 0)
		return;
	mp = eal_harness_pool("life_p2", LIFE_POOL, RTE_MBUF_DEFAULT_BUF_SIZE);
	if (mp == NULL || pmd_harness_port_start(port, mp, P2_RING, NULL) != 0) {
		CHECK(0, "part 2 start");
		return;
	}
	base = rte_mempool_in_use_count(mp) - P2_RING;
	for (c = 0; c < P2_CYCLES; c++) {
		struct rte_eth_stats before;
		uint64_t dropped0, delivered0;

		moved = 0;
		rx_endless(port, 2000, "frames while started");
		/* Stop while the device is busy receiving. */
		CHECK(rte_eth_dev_stop(port) == 0, "cycle %u: stop", c);
		CHECK_EQ_U(rte_mempool_in_use_count(mp), base,
			   "cycle %u: every ring mbuf back after stop", c);
		before = pmd_harness_eth_stats(port);
		dropped0 = pmd_harness_model(port).rx_dropped_stopped;
		delivered0 = pmd_harness_model(port).rx_delivered;
		/* The wire keeps sending: the device drops it all, we count nothing. */
		for (polls = 0; polls < PMD_HARNESS_MAX_POLLS; polls++) {
			struct rte_eth_stats now = pmd_harness_eth_stats(port);

			moved += now.ipackets != before.ipackets;
			if (polls >= 1000 &&
			    pmd_harness_model(port).rx_dropped_stopped -
			    dropped0 >= 1000)
				break;
			rte_pause();
		}
		CHECK(pmd_harness_model(port).rx_dropped_stopped -
		      dropped0 >= 1000,
		      "cycle %u: traffic kept arriving while stopped", c);
		CHECK_EQ_U(pmd_harness_model(port).rx_delivered, delivered0,
			   "cycle %u: the device delivered nothing while stopped", c);
		CHECK_EQ_U(moved, 0, "cycle %u: ipackets did not move while stopped", c);
		CHECK_EQ_U(rte_mempool_in_use_count(mp), base,
			   "cycle %u: pool still at its baseline", c);
		CHECK(rte_eth_dev_start(port) == 0, "cycle %u: restart", c);
		CHECK_EQ_U(rte_mempool_in_use_count(mp), base + P2_RING,
			   "cycle %u: restart arms the whole ring", c);
	}
	rx_endless(port, 2000, "frames after the last restart");

	/* Row 49: close while the application still holds received mbufs. */
	for (polls = 0; polls < PMD_HARNESS_MAX_POLLS && nheld < P2_HELD; polls++)
		nheld += rte_eth_rx_burst(port, 0, held + nheld,
					  (uint16_t)(P2_HELD - nheld));
	CHECK_EQ_U(nheld, P2_HELD, "frames held across close");
	/* Small frames may be rx-copybreak copies from the driver's own pool. */
	for (c = 0, from_mp = 0; c < nheld; c++)
		from_mp += held[c]->pool == mp;
	CHECK(rte_eth_dev_stop(port) == 0, "stop");
	CHECK_EQ_U(rte_mempool_in_use_count(mp), base + from_mp,
		   "after stop only the held mbufs are in use");
	PMD_HARNESS_CHECK_NO_VIOLATION(port);
	CHECK(rte_eth_dev_close(port) == 0, "close with mbufs held");
	free_bulk(held, nheld);
	CHECK_EQ_U(rte_mempool_in_use_count(mp), base,
		   "pool at its baseline once the held mbufs are freed");
	CHECK(!rte_eth_dev_is_valid_port(port), "port gone after close");
	CHECK(pmd_family()->rx_idle(port) == -ENODEV,
	      "the model API no longer knows the port");
	rte_mempool_free(mp);
}

/* ---- 3. Queue re-setup, ring sizes, MTU ---- */

static int
setup_queues(uint16_t port, struct rte_mempool *mp, uint16_t nb_rx,
	     uint16_t nb_tx)
{
	int ret = rte_eth_rx_queue_setup(port, 0, nb_rx,
					 rte_eth_dev_socket_id(port), NULL, mp);

	if (ret == 0)
		ret = rte_eth_tx_queue_setup(port, 0, nb_tx,
					     rte_eth_dev_socket_id(port), NULL);
	return ret;
}

static uint16_t
txq_size(uint16_t port)
{
	struct rte_eth_txq_info qi;

	memset(&qi, 0, sizeof(qi));
	if (rte_eth_tx_queue_info_get(port, 0, &qi) != 0)
		return 0;
	return qi.nb_desc;
}

static uint16_t
port_mtu(uint16_t port)
{
	uint16_t mtu = 0;

	CHECK(rte_eth_dev_get_mtu(port, &mtu) == 0, "get MTU");
	return mtu;
}

static void
part_requeue(void)
{
	static const uint16_t sizes[] = { 64, 128, 1024, 256 };
	/* Outside ethdev's limits (rx/tx_desc_lim): 63 and 100 misaligned. */
	static const uint16_t bad[] = { 32, 100, 2048, 63 };
	struct rte_eth_dev_info info;
	struct rte_eth_rxconf rxconf;
	struct rte_eth_conf conf;
	struct rte_mempool *mp;
	unsigned int base, i;
	int port = probed(P3_DEV), ret;

	if (port < 0)
		return;
	mp = eal_harness_pool("life_p3", LIFE_POOL, RTE_MBUF_DEFAULT_BUF_SIZE);
	if (mp == NULL || pmd_harness_port_start(port, mp, 512, NULL) != 0) {
		CHECK(0, "part 3 start");
		return;
	}
	base = rte_mempool_in_use_count(mp) - 512;
	rx_endless(port, 1000, "frames with 512 descriptors");
	CHECK(rte_eth_rx_queue_setup(port, 0, 256, rte_eth_dev_socket_id(port),
				     NULL, mp) == -EBUSY,
	      "no RX queue setup while started");
	CHECK(rte_eth_tx_queue_setup(port, 0, 256, rte_eth_dev_socket_id(port),
				     NULL) == -EBUSY,
	      "no TX queue setup while started");

	for (i = 0; i < RTE_DIM(sizes); i++) {
		uint64_t want = 2u * sizes[i] + 100;

		CHECK(rte_eth_dev_stop(port) == 0, "stop before %u", sizes[i]);
		CHECK_EQ_U(rte_mempool_in_use_count(mp), base,
			   "pool at its baseline before re-setup to %u", sizes[i]);
		ret = setup_queues(port, mp, sizes[i], sizes[i]);
		CHECK(ret == 0, "queues set up again with %u descriptors: %d",
		      sizes[i], ret);
		CHECK_EQ_U(pmd_harness_rxq_size(port), sizes[i], "RX ring size");
		CHECK_EQ_U(txq_size(port), sizes[i], "TX ring size");
		CHECK(rte_eth_dev_start(port) == 0, "start with %u", sizes[i]);
		CHECK_EQ_U(rte_mempool_in_use_count(mp), base + sizes[i],
			   "start arms the %u-descriptor ring", sizes[i]);
		rx_endless(port, want, "frames with the new ring size");
	}

	/* Rejected sizes and thresholds: -EINVAL, no mbuf taken. */
	CHECK(rte_eth_dev_stop(port) == 0, "stop before the bad sizes");
	for (i = 0; i < RTE_DIM(bad); i++) {
		ret = rte_eth_rx_queue_setup(port, 0, bad[i],
					     rte_eth_dev_socket_id(port), NULL,
					     mp);
		CHECK(ret == -EINVAL, "%u RX descriptors rejected: %d", bad[i],
		      ret);
		ret = rte_eth_tx_queue_setup(port, 0, bad[i],
					     rte_eth_dev_socket_id(port), NULL);
		CHECK(ret == -EINVAL, "%u TX descriptors rejected: %d", bad[i],
		      ret);
		CHECK_EQ_U(rte_mempool_in_use_count(mp), base,
			   "no mbuf taken by the rejected size %u", bad[i]);
	}
	CHECK(rte_eth_dev_info_get(port, &info) == 0, "dev info");
	rxconf = info.default_rxconf;
	rxconf.rx_free_thresh = 63;
	ret = rte_eth_rx_queue_setup(port, 0, 64, rte_eth_dev_socket_id(port),
				     &rxconf, mp);
	CHECK(ret == -EINVAL, "rx_free_thresh 63 on 64 descriptors rejected: %d",
	      ret);
	/* 0: ethdev substitutes the driver's preferred ring size. */
	CHECK(setup_queues(port, mp, 0, 0) == 0, "0 descriptors: the default");
	CHECK_EQ_U(pmd_harness_rxq_size(port), info.default_rxportconf.ring_size,
		   "default RX ring size");
	CHECK_EQ_U(txq_size(port), info.default_txportconf.ring_size,
		   "default TX ring size");
	CHECK_EQ_U(rte_mempool_in_use_count(mp), base, "setup takes no mbuf");
	CHECK(rte_eth_dev_start(port) == 0, "start after the rejected sizes");
	rx_endless(port, 1000, "frames after the rejected sizes");

	/* MTU against 2048-byte buffers, scatter off. */
	CHECK_EQ_U(port_mtu(port), RTE_ETHER_MTU, "MTU 1500 by default");
	ret = rte_eth_dev_set_mtu(port, 9000);
	CHECK(ret == -EINVAL, "MTU 9000 refused with 2048-byte buffers and no scatter: %d",
	      ret);
	CHECK_EQ_U(port_mtu(port), RTE_ETHER_MTU, "MTU unchanged after the refusal");
	CHECK(rte_eth_dev_set_mtu(port, 1500) == 0, "MTU 1500");
	rx_endless(port, 500, "frames after the MTU changes");

	/* Scatter on: MTU 9000 fits in chains. */
	CHECK(rte_eth_dev_stop(port) == 0, "stop before scatter");
	memset(&conf, 0, sizeof(conf));
	conf.rxmode.offloads = RTE_ETH_RX_OFFLOAD_SCATTER;
	CHECK(rte_eth_dev_configure(port, 1, 1, &conf) == 0, "configure scatter");
	CHECK(setup_queues(port, mp, 512, 512) == 0, "queues, scatter");
	ret = rte_eth_dev_set_mtu(port, 9000);
	CHECK(ret == 0, "MTU 9000 with scatter: %d", ret);
	CHECK_EQ_U(port_mtu(port), 9000, "MTU 9000 set");
	CHECK(rte_eth_dev_start(port) == 0, "start, scatter and MTU 9000");
	rx_endless(port, 500, "frames with scatter and MTU 9000");

	/* Scatter off with MTU 9000 configured: the start is refused cleanly. */
	CHECK(rte_eth_dev_stop(port) == 0, "stop before MTU 9000 without scatter");
	memset(&conf, 0, sizeof(conf));
	conf.rxmode.mtu = 9000;
	CHECK(rte_eth_dev_configure(port, 1, 1, &conf) == 0,
	      "configure MTU 9000 without scatter");
	CHECK(setup_queues(port, mp, 512, 512) == 0, "queues, MTU 9000");
	ret = rte_eth_dev_start(port);
	CHECK(ret < 0, "start refused: MTU 9000 does not fit 2048-byte buffers: %d",
	      ret);
	if (ret == 0)
		rte_eth_dev_stop(port);
	CHECK_EQ_U(rte_mempool_in_use_count(mp), base,
		   "the refused start keeps no mbuf");
	CHECK(rte_eth_dev_set_mtu(port, 1500) == 0, "MTU 1500 while stopped");
	CHECK(rte_eth_dev_start(port) == 0, "start with MTU 1500");
	rx_endless(port, 500, "frames after the refused start");
	close_port(port, mp, base);
	rte_mempool_free(mp);
}

/* ---- 4. Ring geometry ---- */

/*
 * Waits until every armed descriptor is written back (nothing left for
 * the device to fill) or the device is idle: the ring cannot change until
 * the next rx_burst. Returns the frames ready (rx_queue_count).
 */
static int
ring_settle(uint16_t port, uint16_t nb_desc)
{
	uint64_t polls;

	for (polls = 0; polls < PMD_HARNESS_MAX_POLLS; polls++) {
		int idle = pmd_family()->rx_idle(port) == 1;
		int waiting = 0;
		uint16_t i;

		for (i = 0; i < nb_desc; i++) {
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

#define WRAP	0xffffu		/* a burst ending exactly on the last slot */

static void
part_ring_geometry(void)
{
	/* Settled ring: each burst returns exactly min(asked, ready). */
	static const uint16_t sched[] = {
		0, 1, 3, 200, 63, 64, 65, WRAP, 31, 32, 33, 1, 1, 1, WRAP,
		63, 2, 64, WRAP, 127, 5, WRAP, 64, 64, LIFE_MAX_BURST, WRAP,
		P4_RING - 1, P4_RING - 1, P4_RING, WRAP, 1, WRAP,
	};
	/* Free-running: no wait, frames arriving during the burst. */
	static const uint16_t free_sched[] = { 1, 3, 32, 63, 64, 65, 200, 7 };
	static struct rte_mbuf *pkts[LIFE_MAX_BURST];
	struct seq_check sc = { LIFE_LEN, 0, 0, 0 };
	struct rte_eth_stats st;
	struct rte_mempool *mp;
	uint64_t total = 0, bursts = 0, wrong = 0, over = 0, polls;
	unsigned int k, avail = 0, bad_status = 0;
	int port = probed(P4_DEV), ready, idle = 0, s;
	uint16_t i;

	if (port < 0)
		return;
	mp = eal_harness_pool("life_p4", 1024, RTE_MBUF_DEFAULT_BUF_SIZE);
	if (mp == NULL || pmd_harness_port_start(port, mp, P4_RING, NULL) != 0) {
		CHECK(0, "part 4 start");
		return;
	}

	/* Full ring: the start armed all N, the device filled them all. */
	ready = ring_settle(port, P4_RING);
	CHECK_EQ_U(ready, P4_RING, "a full ring after start: queue count");
	CHECK_EQ_U(rte_eth_rx_descriptor_status(port, 0, 0), RTE_ETH_RX_DESC_DONE,
		   "full ring: descriptor 0 done");
	CHECK_EQ_U(rte_eth_rx_descriptor_status(port, 0, P4_RING - 1),
		   RTE_ETH_RX_DESC_DONE, "full ring: last descriptor done");
	CHECK(rte_eth_rx_descriptor_status(port, 0, P4_RING) == -EINVAL,
	      "descriptor status beyond the ring: -EINVAL");

	/* Phase A: settled ring, exact counts, many wraps. */
	for (k = 0; total < P4_SETTLED_FRAMES && bursts < 100000; k++) {
		uint16_t b = sched[k % RTE_DIM(sched)], n, want;

		if (b == WRAP)
			b = (uint16_t)(P4_RING - total % P4_RING);
		ready = ring_settle(port, P4_RING);
		n = rte_eth_rx_burst(port, 0, pkts, b);
		want = (uint16_t)RTE_MIN((int)b, ready);
		if (n != want && wrong++ == 0)
			fprintf(stderr, "burst %" PRIu64 ": asked %u with %d ready at slot %" PRIu64 ", got %u\n",
				bursts, b, ready, total % P4_RING, n);
		if (b == 0)
			CHECK_EQ_U(rte_eth_rx_queue_count(port, 0), ready,
				   "a burst of 0 consumes nothing");
		for (i = 0; i < n; i++)
			seq_check_one(pkts[i], &sc);
		free_bulk(pkts, n);
		total += n;
		bursts++;
		if (ready == 0 && pmd_family()->rx_idle(port) == 1)
			break;
	}
	CHECK_EQ_U(wrong, 0, "settled bursts return exactly min(asked, ready) (%" PRIu64 " bursts)",
		   bursts);
	CHECK(total >= P4_SETTLED_FRAMES, "phase A received %" PRIu64, total);
	printf("part 4: %" PRIu64 " settled bursts, %" PRIu64 " frames, %" PRIu64 " wraps\n",
	       bursts, total, total / P4_RING);

	/* Phase B: free-running bursts up to the last frame. */
	for (polls = 0, k = 0; polls < PMD_HARNESS_MAX_POLLS && total < P4_FRAMES;
	     polls++) {
		uint16_t b = free_sched[k++ % RTE_DIM(free_sched)];
		uint16_t n = rte_eth_rx_burst(port, 0, pkts, b);

		over += n > b;
		for (i = 0; i < n && i < b; i++)
			seq_check_one(pkts[i], &sc);
		free_bulk(pkts, n);
		total += n;
		if (n != 0)
			continue;
		if (idle)
			break;
		idle = pmd_family()->rx_idle(port) == 1;
	}
	CHECK_EQ_U(over, 0, "no burst returns more than asked");
	CHECK_EQ_U(total, P4_FRAMES, "every frame received");
	CHECK_EQ_U(sc.bad_order, 0, "strict sequence order: nothing lost or duplicated");
	CHECK_EQ_U(sc.bad_len, 0, "frames of %u bytes, one segment", LIFE_LEN);
	st = pmd_harness_eth_stats(port);
	CHECK_EQ_U(st.ipackets, P4_FRAMES, "ipackets");
	CHECK_EQ_U(st.imissed + st.ierrors, 0, "lossless: nothing missed or dropped");
	CHECK_EQ_U(pmd_harness_model(port).rx_offered, P4_FRAMES,
		   "model rx_offered");

	/* Idle ring: armed, nothing ready; AVAIL then UNAVAIL, never DONE. */
	CHECK_EQ_U(rte_eth_rx_queue_count(port, 0), 0, "idle ring: queue count 0");
	CHECK_EQ_U(rte_eth_rx_descriptor_status(port, 0, 0), RTE_ETH_RX_DESC_AVAIL,
		   "idle ring: descriptor 0 armed");
	for (i = 0; i < P4_RING; i++) {
		s = rte_eth_rx_descriptor_status(port, 0, i);
		if (s == RTE_ETH_RX_DESC_AVAIL && avail == i)
			avail++;
		else if (s != RTE_ETH_RX_DESC_UNAVAIL)
			bad_status++;
	}
	CHECK_EQ_U(bad_status, 0, "idle ring: armed descriptors first, then unavailable ones");
	/* A full ring keeps ring_slack descriptors unarmed (dwmac4: 1). */
	CHECK(avail >= 1 && avail <= P4_RING - pmd_family()->ring_slack,
	      "idle ring: %u of %u descriptors armed (at most %u)", avail,
	      P4_RING, P4_RING - pmd_family()->ring_slack);
	CHECK(rte_eth_rx_descriptor_status(port, 0, P4_RING) == -EINVAL,
	      "idle ring: status beyond the ring -EINVAL");
	close_port(port, mp, 0);
	rte_mempool_free(mp);
}

/* ---- 5. Link ---- */

static void
check_link(uint16_t port, int up)
{
	struct rte_eth_link l;

	memset(&l, 0, sizeof(l));
	CHECK(rte_eth_link_get_nowait(port, &l) == 0, "link get");
	if (up) {
		CHECK(l.link_status == RTE_ETH_LINK_UP, "link up");
		CHECK_EQ_U(l.link_speed, RTE_ETH_SPEED_NUM_1G, "1000 Mbit/s");
		CHECK(l.link_duplex == RTE_ETH_LINK_FULL_DUPLEX, "full duplex");
	} else {
		CHECK(l.link_status == RTE_ETH_LINK_DOWN, "link down");
	}
}

static void
part_link(void)
{
	struct rte_mempool *mp;
	unsigned int base;
	int port = probed(P5_DEV);

	if (port < 0)
		return;
	mp = eal_harness_pool("life_p5", 2048, RTE_MBUF_DEFAULT_BUF_SIZE);
	if (mp == NULL || pmd_harness_port_start(port, mp, 256, NULL) != 0) {
		CHECK(0, "part 5 start");
		return;
	}
	base = rte_mempool_in_use_count(mp) - 256;
	rx_endless(port, 100, "frames with the link up");
	check_link(port, 1);
	CHECK(pmd_family()->set_link(port, 0) == 0, "cable pulled");
	check_link(port, 0);
	check_quiet(port, offsetof(struct pmd_model_stats, rx_dropped_stopped),
		    "link down");
	check_link(port, 0);
	CHECK(pmd_family()->set_link(port, 1) == 0, "cable plugged");
	check_link(port, 1);
	rx_endless(port, 100, "frames again with the link back up");
	close_port(port, mp, base);
	rte_mempool_free(mp);
}

/* ---- 6. Promiscuous mode and the station address ---- */

static void
part_mac_filter(void)
{
	struct rte_ether_addr orig, other = {
		.addr_bytes = { 0x02, 0x00, 0x00, 0x00, 0x99, 0x05 } }, cur;
	const size_t filt = offsetof(struct pmd_model_stats, rx_dropped_filter);
	struct rte_mempool *mp;
	unsigned int base;
	uint64_t filtered;
	int port = probed(P6_DEV);

	if (port < 0)
		return;
	if (!pmd_family()->model_da_filter) {
		printf("part 6: left out: the %s model does not filter on the destination address\n",
		       pmd_family()->name);
		return;
	}
	mp = eal_harness_pool("life_p6", 2048, RTE_MBUF_DEFAULT_BUF_SIZE);
	if (mp == NULL || pmd_harness_port_start(port, mp, 256, NULL) != 0) {
		CHECK(0, "part 6 start");
		return;
	}
	base = rte_mempool_in_use_count(mp) - 256;
	CHECK(rte_eth_macaddr_get(port, &orig) == 0, "station address");
	CHECK_EQ_U(rte_eth_promiscuous_get(port), 1, "promiscuous after the harness start");
	rx_endless(port, 100, "frames");

	CHECK(rte_eth_dev_default_mac_addr_set(port, &other) == 0,
	      "set another station address");
	CHECK(rte_eth_macaddr_get(port, &cur) == 0 &&
	      rte_is_same_ether_addr(&cur, &other), "address reported");
	rx_endless(port, 100, "promiscuous: frames for the old address still arrive");
	filtered = pmd_harness_model(port).rx_dropped_filter;
	CHECK_EQ_U(filtered, 0, "nothing filtered while promiscuous");

	CHECK(rte_eth_promiscuous_disable(port) == 0, "promiscuous off");
	CHECK_EQ_U(rte_eth_promiscuous_get(port), 0, "promiscuous reported off");
	check_quiet(port, filt, "frames for another address filtered");

	/* The filter is rebuilt from ethdev's state after the start's reset. */
	CHECK(rte_eth_dev_stop(port) == 0, "stop");
	CHECK_EQ_U(rte_mempool_in_use_count(mp), base, "pool at its baseline");
	CHECK(rte_eth_dev_start(port) == 0, "restart");
	CHECK_EQ_U(rte_eth_promiscuous_get(port), 0, "still not promiscuous");
	check_quiet(port, filt, "still filtered after a restart");

	CHECK(rte_eth_dev_default_mac_addr_set(port, &orig) == 0,
	      "back to the probe-time address");
	rx_endless(port, 100, "frames to the station address pass the filter");
	CHECK(rte_eth_dev_default_mac_addr_set(port, &other) == 0,
	      "another address again");
	CHECK(rte_eth_promiscuous_enable(port) == 0, "promiscuous on");
	rx_endless(port, 100, "promiscuous lets the frames in again");
	CHECK(pmd_harness_model(port).rx_dropped_filter > filtered,
	      "the device counted filtered frames");
	close_port(port, mp, base);
	rte_mempool_free(mp);
}

/* ---- 7. xstats ---- */

/* Sends @p n broadcast frames and waits until the device sent them. */
static void
send_frames(uint16_t port, struct rte_mempool *mp, unsigned int n)
{
	struct rte_mbuf *pkts[P7_TX];
	uint64_t target = pmd_harness_model(port).tx_frames + n, polls;
	unsigned int sent = 0, i;

	if (n > P7_TX || rte_pktmbuf_alloc_bulk(mp, pkts, n) != 0) {
		CHECK(0, "TX alloc");
		return;
	}
	for (i = 0; i < n; i++) {
		char *d = rte_pktmbuf_append(pkts[i], 60);

		if (d == NULL) {
			CHECK(0, "TX append");
			rte_pktmbuf_free_bulk(pkts, n);
			return;
		}
		memset(d, 0, 60);
		memset(d, 0xff, 6);
		d[12] = (char)0x88;
		d[13] = (char)0xb5;
	}
	for (polls = 0; polls < PMD_HARNESS_MAX_POLLS && sent < n; polls++)
		sent += rte_eth_tx_burst(port, 0, pkts + sent, (uint16_t)(n - sent));
	CHECK_EQ_U(sent, n, "TX burst accepted everything");
	for (polls = 0; polls < PMD_HARNESS_MAX_POLLS; polls++) {
		if (pmd_harness_model(port).tx_frames >= target)
			break;
		rte_eth_tx_burst(port, 0, NULL, 0);
		rte_pause();
	}
	CHECK_EQ_U(pmd_harness_model(port).tx_frames, target,
		   "frames the device sent");
}

static uint64_t
xs_find(const struct rte_eth_xstat_name *names,
	const struct rte_eth_xstat *xs, int n, const char *name)
{
	int i;

	for (i = 0; i < n; i++)
		if (strcmp(names[i].name, name) == 0)
			return xs[i].value;
	CHECK(0, "no xstat %s", name);
	return UINT64_MAX;
}

static void
check_xstats(uint16_t port, int want_zero, const char *when)
{
	static const char *const details[] = {
		"rx_q0_desc_errors", "rx_q0_length_errors", "rx_q0_runts",
		"rx_q0_oversize", "rx_q0_truncated", "rx_q0_scatter_dropped",
	};
	struct rte_eth_xstat_name *names;
	struct rte_eth_xstat *xs;
	struct rte_eth_stats st;
	uint64_t *vals, sum = 0;
	int n, i, j, dup = 0, ids = 0, empty = 0, differ = 0, nonzero = 0;
	unsigned int d;

	n = rte_eth_xstats_get_names(port, NULL, 0);
	CHECK(n > 0, "%s: xstats count %d", when, n);
	if (n <= 0)
		return;
	names = calloc((size_t)n, sizeof(*names));
	xs = calloc((size_t)n, sizeof(*xs));
	vals = calloc((size_t)n, sizeof(*vals));
	if (names == NULL || xs == NULL || vals == NULL) {
		CHECK(0, "alloc");
		free(names);
		free(xs);
		free(vals);
		return;
	}
	CHECK_EQ_U(rte_eth_xstats_get_names(port, names, (unsigned int)n), n,
		   "%s: names", when);
	CHECK_EQ_U(rte_eth_xstats_get(port, NULL, 0), n, "%s: values count", when);
	CHECK_EQ_U(rte_eth_xstats_get(port, xs, (unsigned int)n - 1), n,
		   "%s: too small an array gets the size needed", when);
	CHECK_EQ_U(rte_eth_xstats_get(port, xs, (unsigned int)n), n,
		   "%s: values", when);
	CHECK_EQ_U(rte_eth_xstats_get_by_id(port, NULL, vals, (unsigned int)n), n,
		   "%s: values by id", when);
	st = pmd_harness_eth_stats(port);
	for (i = 0; i < n; i++) {
		ids += xs[i].id != (uint64_t)i;
		empty += names[i].name[0] == '\0';
		differ += vals[i] != xs[i].value;
		nonzero += xs[i].value != 0;
		for (j = i + 1; j < n; j++)
			dup += strcmp(names[i].name, names[j].name) == 0;
	}
	CHECK_EQ_U(ids, 0, "%s: xstat ids are their indexes", when);
	CHECK_EQ_U(empty, 0, "%s: no empty name", when);
	CHECK_EQ_U(dup, 0, "%s: names unique", when);
	CHECK_EQ_U(differ, 0, "%s: get and get_by_id agree", when);

	CHECK_EQ_U(xs_find(names, xs, n, "rx_good_packets"), st.ipackets, "%s", when);
	CHECK_EQ_U(xs_find(names, xs, n, "rx_good_bytes"), st.ibytes, "%s", when);
	CHECK_EQ_U(xs_find(names, xs, n, "rx_missed_errors"), st.imissed, "%s", when);
	CHECK_EQ_U(xs_find(names, xs, n, "rx_errors"), st.ierrors, "%s", when);
	CHECK_EQ_U(xs_find(names, xs, n, "rx_mbuf_allocation_errors"), st.rx_nombuf,
		   "%s", when);
	CHECK_EQ_U(xs_find(names, xs, n, "tx_good_packets"), st.opackets, "%s", when);
	CHECK_EQ_U(xs_find(names, xs, n, "tx_good_bytes"), st.obytes, "%s", when);
	CHECK_EQ_U(xs_find(names, xs, n, "tx_errors"), st.oerrors, "%s", when);
	CHECK_EQ_U(xs_find(names, xs, n, "rx_q0_packets"), st.ipackets, "%s", when);
	CHECK_EQ_U(xs_find(names, xs, n, "rx_q0_bytes"), st.ibytes, "%s", when);
	CHECK_EQ_U(xs_find(names, xs, n, "rx_q0_errors"), st.ierrors, "%s", when);
	CHECK_EQ_U(xs_find(names, xs, n, "rx_q0_missed"), st.imissed, "%s", when);
	CHECK_EQ_U(xs_find(names, xs, n, "rx_q0_nombuf"), st.rx_nombuf, "%s", when);
	CHECK_EQ_U(xs_find(names, xs, n, "tx_q0_packets"), st.opackets, "%s", when);
	CHECK_EQ_U(xs_find(names, xs, n, "tx_q0_bytes"), st.obytes, "%s", when);
	for (d = 0; d < RTE_DIM(details); d++)
		sum += xs_find(names, xs, n, details[d]);
	CHECK_EQ_U(sum, st.ierrors, "%s: the error details add up to ierrors", when);
	if (want_zero) {
		CHECK_EQ_U(nonzero, 0, "%s: every xstat zero", when);
		for (i = 0; i < n; i++)
			if (xs[i].value != 0)
				fprintf(stderr, "    %s = %" PRIu64 "\n",
					names[i].name, xs[i].value);
	}
	free(names);
	free(xs);
	free(vals);
}

static void
part_xstats(void)
{
	struct rte_eth_stats st;
	struct rte_mempool *mp;
	unsigned int base;
	int port = probed(P7_DEV);

	if (port < 0)
		return;
	mp = eal_harness_pool("life_p7", 2048, RTE_MBUF_DEFAULT_BUF_SIZE);
	if (mp == NULL || pmd_harness_port_start(port, mp, 256, NULL) != 0) {
		CHECK(0, "part 7 start");
		return;
	}
	base = rte_mempool_in_use_count(mp) - 256;
	CHECK_EQ_U(pmd_harness_rx_until(port, P7_FRAMES, NULL, NULL), P7_FRAMES,
		   "frames");
	send_frames(port, mp, P7_TX);
	CHECK_EQ_U(pmd_family()->rx_idle(port), 1, "source exhausted");
	st = pmd_harness_eth_stats(port);
	CHECK_EQ_U(st.ipackets, P7_FRAMES, "ipackets");
	CHECK_EQ_U(st.ibytes, (uint64_t)P7_FRAMES * LIFE_LEN, "ibytes");
	CHECK_EQ_U(st.opackets, P7_TX, "opackets");
	CHECK_EQ_U(st.obytes, P7_TX * 60, "obytes");
	check_xstats(port, 0, "after traffic");
	CHECK(rte_eth_xstats_reset(port) == 0, "xstats reset");
	check_xstats(port, 1, "after reset");
	st = pmd_harness_eth_stats(port);
	CHECK_EQ_U(st.ipackets + st.ibytes + st.opackets + st.obytes + st.imissed +
		   st.ierrors + st.oerrors + st.rx_nombuf, 0,
		   "basic stats zero after xstats reset");
	send_frames(port, mp, 10);
	CHECK_EQ_U(pmd_harness_xstat(port, "tx_q0_packets"), 10, "counting resumes after reset");
	check_xstats(port, 0, "after reset and 10 frames sent");
	close_port(port, mp, base);
	rte_mempool_free(mp);
}

/* ---- 8. Frame size against the MTU (rows 3, 4) ---- */

struct size_rec {
	uint32_t max_len;	/* longest frame the MTU allows */
	uint64_t n;
	uint64_t too_long;	/* delivered longer than max_len */
	uint64_t chained;	/* delivered in more than one segment */
};

static void
size_record(struct rte_mbuf *m, void *arg)
{
	struct size_rec *r = arg;

	r->n++;
	r->too_long += m->pkt_len > r->max_len;
	r->chained += m->nb_segs != 1;
}

/*
 * Scatter off: the device's buffer size follows the MTU (frame + FCS in
 * whole cache lines), a longer frame spills into a second descriptor and
 * is dropped as oversize, counted once. Raising the MTU past the running
 * buffer size needs a stop; after it the longer frames pass.
 */
static void
part_frame_size(void)
{
	struct rte_mempool *mp;
	struct rte_eth_stats st;
	struct size_rec r;
	unsigned int base;
	uint64_t before;
	int port = probed(P8_DEV), ret;

	if (port < 0)
		return;
	mp = eal_harness_pool("life_p8", 2048, RTE_MBUF_DEFAULT_BUF_SIZE);
	if (mp == NULL || pmd_harness_port_start(port, mp, 256, NULL) != 0) {
		CHECK(0, "part 8 start");
		return;
	}
	base = rte_mempool_in_use_count(mp) - 256;
	memset(&r, 0, sizeof(r));
	r.max_len = RTE_ETHER_MTU + RTE_ETHER_HDR_LEN + RTE_VLAN_HLEN;
	pmd_harness_rx_until(port, P8_FRAMES / 2, size_record, &r);
	st = pmd_harness_eth_stats(port);
	CHECK(r.n > 0 && r.too_long == 0 && r.chained == 0,
	      "MTU 1500: %" PRIu64 " frames, %" PRIu64 " longer than %u, %" PRIu64 " chained",
	      r.n, r.too_long, r.max_len, r.chained);
	CHECK(st.ierrors > 0 &&
	      pmd_harness_xstat(port, "rx_q0_oversize") +
	      pmd_harness_xstat(port, "rx_q0_scatter_dropped") == st.ierrors,
	      "MTU 1500: frames of 1519..2000 bytes dropped as oversize (%" PRIu64 " ierrors)",
	      st.ierrors);
	ret = rte_eth_dev_set_mtu(port, P8_MTU);
	CHECK(ret == -EBUSY, "MTU %u on the running queue refused: %d", P8_MTU, ret);
	CHECK(rte_eth_dev_stop(port) == 0, "stop");
	CHECK(rte_eth_dev_set_mtu(port, P8_MTU) == 0, "MTU %u while stopped", P8_MTU);
	CHECK(rte_eth_dev_start(port) == 0, "start with MTU %u", P8_MTU);
	before = pmd_harness_eth_stats(port).ierrors;
	r.max_len = P8_MTU + RTE_ETHER_HDR_LEN + RTE_VLAN_HLEN;
	pmd_harness_rx_until(port, UINT64_MAX, size_record, &r);
	st = pmd_harness_eth_stats(port);
	CHECK(r.too_long == 0 && r.chained == 0,
	      "MTU %u: %" PRIu64 " longer than %u, %" PRIu64 " chained",
	      P8_MTU, r.too_long, r.max_len, r.chained);
	CHECK_EQ_U(st.ierrors, before,
		   "MTU %u: no frame of at most 2000 bytes dropped", P8_MTU);
	printf("part 8: %" PRIu64 " received, %" PRIu64 " oversize at MTU 1500\n",
	       r.n, before);
	close_port(port, mp, base);
	rte_mempool_free(mp);
}

/* ---- 9. Queue stop/start on a started port (row 18) ---- */

static void
part_queue_stop_start(void)
{
	struct rte_mempool *mp;
	struct rte_mbuf *pkts[32];
	struct pmd_model_stats ms;
	struct rte_eth_stats st;
	unsigned int base, cycle;
	uint64_t polls, got = 0;
	int port = probed(P9_DEV);

	if (port < 0)
		return;
	mp = eal_harness_pool("life_p9", 2048, RTE_MBUF_DEFAULT_BUF_SIZE);
	if (mp == NULL || pmd_harness_port_start(port, mp, 256, NULL) != 0) {
		CHECK(0, "part 9 start");
		return;
	}
	base = rte_mempool_in_use_count(mp) - 256;
	for (cycle = 0; cycle < 5; cycle++) {
		rx_endless(port, 300, "frames before the queue stop");
		CHECK(rte_eth_dev_rx_queue_stop(port, 0) == 0, "rx queue stop");
		CHECK_EQ_U(rte_mempool_in_use_count(mp), base,
			   "cycle %u: the stopped queue holds no mbuf", cycle);
		for (polls = 0; polls < 1000; polls++)
			got += rte_eth_rx_burst(port, 0, pkts, RTE_DIM(pkts));
		CHECK_EQ_U(got, 0, "cycle %u: nothing from a stopped queue", cycle);
		CHECK(rte_eth_dev_rx_queue_start(port, 0) == 0, "rx queue start");
		CHECK_EQ_U(rte_mempool_in_use_count(mp), base + 256,
			   "cycle %u: the started queue arms its ring", cycle);
	}
	rx_endless(port, 300, "frames after the queue cycles");
	/* TX: a stopped queue takes nothing, a started one sends. */
	CHECK(rte_eth_dev_tx_queue_stop(port, 0) == 0, "tx queue stop");
	CHECK(rte_pktmbuf_alloc_bulk(mp, pkts, 1) == 0, "tx alloc");
	memset(rte_pktmbuf_append(pkts[0], 60), 0xff, 60);
	CHECK_EQ_U(rte_eth_tx_burst(port, 0, pkts, 1), 0,
		   "a stopped TX queue takes nothing");
	CHECK(rte_eth_dev_tx_queue_start(port, 0) == 0, "tx queue start");
	send_frames(port, mp, 1);
	rte_pktmbuf_free(pkts[0]);
	CHECK(rte_eth_dev_stop(port) == 0, "stop");
	/* Every frame the device took is accounted for, stops included. */
	st = pmd_harness_eth_stats(port);
	ms = pmd_harness_model(port);
	/* The stopped device's MTL queue may still hold frames (pending). */
	CHECK_EQ_U(st.ipackets + st.ierrors + st.imissed +
		   pmd_harness_xstat(port, "rx_q0_stop_discarded") +
		   ms.rx_dropped_stopped + ms.rx_pending,
		   ms.rx_offered,
		   "received + errors + missed + discarded at stops + dropped by the stopped device + still queued in it == offered");
	CHECK(pmd_harness_xstat(port, "rx_q0_stop_discarded") > 0,
	      "frames left in the ring at the stops were counted");
	printf("part 9: %" PRIu64 " frames discarded by 6 stops\n",
	       pmd_harness_xstat(port, "rx_q0_stop_discarded"));
	CHECK(rte_eth_dev_start(port) == 0, "start again");
	close_port(port, mp, base);
	rte_mempool_free(mp);
}

int
main(int argc, char **argv)
{
	static const char *const args[] = {
		",gen_pkts=" RTE_STR(P1_FRAMES) ",gen_len=" RTE_STR(P1_LEN)
			",flow_ctrl=1",
		",gen_len=" RTE_STR(LIFE_LEN),
		",gen_len=" RTE_STR(LIFE_LEN),
		",gen_pkts=" RTE_STR(P4_FRAMES) ",gen_len=" RTE_STR(LIFE_LEN)
			",flow_ctrl=1",
		",gen_len=" RTE_STR(LIFE_LEN),
		",gen_len=" RTE_STR(LIFE_LEN),
		",gen_pkts=" RTE_STR(P7_FRAMES) ",gen_len=" RTE_STR(LIFE_LEN)
			",flow_ctrl=1",
		",gen_pkts=" RTE_STR(P8_FRAMES) ",gen_len=1000-2000"
			",flow_ctrl=1",
		",gen_pkts=20000,gen_len=" RTE_STR(LIFE_LEN) ",flow_ctrl=1",
	};
	static char bufs[RTE_DIM(args)][128];
	const char *vdevs[RTE_DIM(args) + 1];
	unsigned int i;

	/* Instance i of the family's PMD (P<i+1>_DEV) with the part's args. */
	for (i = 0; i < RTE_DIM(args); i++) {
		char name[32];

		snprintf(bufs[i], sizeof(bufs[i]), "%s%s",
			 pmd_vdev(name, sizeof(name), i), args[i]);
		vdevs[i] = bufs[i];
	}
	vdevs[i] = NULL;
	(void)argc;
	pmd_harness_eal_init(argv[0], vdevs);
	printf("part 1: pool exhaustion\n");
	part_pool_exhaustion();
	printf("part 2: stop/start under traffic\n");
	part_stop_start();
	printf("part 3: queue re-setup, ring sizes, MTU\n");
	part_requeue();
	printf("part 4: ring geometry\n");
	part_ring_geometry();
	printf("part 5: link\n");
	part_link();
	printf("part 6: promiscuous mode and MAC filter\n");
	part_mac_filter();
	printf("part 7: xstats\n");
	part_xstats();
	printf("part 8: frame size against the MTU\n");
	part_frame_size();
	printf("part 9: queue stop/start\n");
	part_queue_stop_start();
	rte_eal_cleanup();
	return harness_result("pmd_lifecycle");
}
