/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Lifecycle chaos under traffic (robustness fault section 3, knob 7; rows
 * 14-18, 46, 49): a seeded random sequence of operations on a model port
 * fed by the generator (frames of 60..4000 bytes, flow control on):
 *
 *  - rx_burst with nb_pkts 0, 1, 3, 32, ring + 1 or 2 x ring, keeping
 *    some mbufs for a while and freeing them later;
 *  - rx queue stop/start (rte_eth_dev_rx_queue_stop/start): both succeed;
 *    the stopped queue holds no mbuf and delivers nothing;
 *  - port stop/start (the driver holds no mbuf while stopped);
 *  - RX ring re-setup (port stopped) with 64..1024 descriptors, or a
 *    size rejected by ethdev's limits (63, 100, 2048: -EINVAL, the old
 *    queue kept), or one of them that is not a power of two (192, 320,
 *    960: accepted, the ring rounded up to 256, 512, 1024); a new queue's
 *    counters start at 0; while the
 *    application holds rx-copybreak mbufs a setup is -EBUSY (documented),
 *    and succeeds once they are freed;
 *  - MTU between 68 and 9000 (and 67, 9001): ethdev's range, -EINVAL when
 *    the frame needs scatter and scatter is off, -EBUSY when it would not
 *    fit the running queue's buffers (sized for the MTU at start), else
 *    accepted; the MTU reported is the one accepted last;
 *  - scatter on/off (stop, configure, queue re-setup, start; the start is
 *    -EINVAL when the MTU needs scatter and scatter is off);
 *  - stats reset;
 *  - close while the application holds mbufs (row 49), then a new port.
 *
 * Every burst goes through pmd_invariants.h (mbufs well formed, ipackets
 * and ibytes growing by exactly what was returned, queue sums, pool
 * conservation). After every step: no driver protocol violation; counters
 * monotonic unless the step was a documented reset (stats reset, a new
 * queue, a new port: then 0); per-queue stats equal to the port's; the
 * error details adding up to ierrors; ipackets + ierrors + imissed never
 * above the frames the model offered; the mempool's in-use count =
 * baseline + the mbufs (segments) of that pool the test holds + what the
 * driver holds: 0 stopped, exactly the ring right after start, in
 * [ring - rx_free_thresh, 2 x ring + recycle cache] while started. Every
 * delivered mbuf: segments, lengths within the MTU, port, ptype, flags,
 * and a sequence number above every earlier one (no duplicate, no
 * reorder). Held mbufs stay readable across stop, re-setup and close and
 * are freed after the close (the sanitizer build catches a use after
 * free).
 *
 * SOCRX_TEST_SEED replays a sequence (the operations depend on the seed
 * only), SOCRX_CHAOS_STEPS resizes it, SOCRX_CHAOS_VERBOSE prints every
 * step.
 */
#include <stdbool.h>

#include <rte_bitops.h>
#include <rte_bus_vdev.h>
#include <rte_ether.h>

#include "pmd_invariants.h"

#define CH_STEPS	300
#define CH_POOL		8192
#define CH_BUF		2048u
#define CH_MAX_HELD	96
#define CH_SEQ_OFF	42
#define CH_ARGS		"gen_len=60-4000,flow_ctrl=1,gen_flows=8"
#define CH_MAX_BURST	2048

struct chaos {
	char name[32];
	uint16_t port;
	bool alive;		/* probed, not closed */
	bool started;
	bool has_rxq;
	uint16_t ring;
	uint16_t thresh;
	uint16_t mtu;
	uint32_t rbsz;		/* device buffer size of the running queue */
	bool scatter;
	unsigned int base;	/* pool in use with nothing held or armed */
	struct rte_mbuf *held[CH_MAX_HELD];
	unsigned int nheld;
	uint64_t last_seq;	/* highest sequence number seen + 1 */
	struct rte_eth_stats prev;
	bool reset;		/* the step reset the counters */
	unsigned int step;
	const char *op;
	uint64_t delivered;
	struct pmd_inv inv;	/* per-burst checks of pmd_invariants.h */
	bool inv_ready;		/* inv set up for the current port */
};

static struct rte_mempool *pool;
static unsigned int vdev_seq;
static struct rte_mbuf *burst[CH_MAX_BURST];

/* CHECK with the step and the operation in front of the message. */
#define FAIL_AT(c, cond, fmt, ...)					\
	CHECK(cond, "step %u (%s): " fmt, (c)->step, (c)->op, ##__VA_ARGS__)

/* Mbufs of the application's pool the test holds (every segment). */
static unsigned int
held_from_pool(const struct chaos *c)
{
	const struct rte_mbuf *s;
	unsigned int i, n = 0;

	for (i = 0; i < c->nheld; i++)
		for (s = c->held[i]; s != NULL; s = s->next)
			n += s->pool == pool;
	return n;
}

static uint64_t
xstat(const struct chaos *c, const char *name)
{
	return pmd_harness_xstat(c->port, name);
}

static uint64_t
mbuf_seq(const struct rte_mbuf *m)
{
	uint8_t b[8];
	const uint8_t *p = rte_pktmbuf_read(m, CH_SEQ_OFF, 8, b);
	uint64_t v = 0;
	int i;

	if (p == NULL)
		return UINT64_MAX;
	for (i = 0; i < 8; i++)
		v = v << 8 | p[i];
	return v;
}

/* A delivered mbuf: segments, lengths, metadata, sequence order. */
static void
check_mbuf(struct chaos *c, const struct rte_mbuf *m)
{
	const uint32_t max_len = (uint32_t)c->mtu + RTE_ETHER_HDR_LEN + RTE_VLAN_HLEN;
	const struct rte_mbuf *s;
	uint32_t sum = 0, segs = 0;
	uint64_t seq;

	for (s = m; s != NULL && segs <= 16; s = s->next) {
		FAIL_AT(c, s->data_len > 0 && s->data_len <= CH_BUF,
			"segment of %u bytes", s->data_len);
		sum += s->data_len;
		segs++;
	}
	FAIL_AT(c, segs == m->nb_segs && sum == m->pkt_len,
		"%u segments (nb_segs %u), %u bytes (pkt_len %u)", segs,
		m->nb_segs, sum, m->pkt_len);
	FAIL_AT(c, m->pkt_len >= 60 && m->pkt_len <= max_len,
		"frame of %u bytes with MTU %u", m->pkt_len, c->mtu);
	FAIL_AT(c, segs == 1 || c->scatter, "a chain with scatter off");
	FAIL_AT(c, m->port == c->port, "port %u", m->port);
	FAIL_AT(c, m->packet_type == (RTE_PTYPE_L2_ETHER | RTE_PTYPE_L3_IPV4 |
				      RTE_PTYPE_L4_UDP),
		"packet_type %#x", m->packet_type);
	FAIL_AT(c, (m->ol_flags & RTE_MBUF_F_RX_IP_CKSUM_MASK) ==
		RTE_MBUF_F_RX_IP_CKSUM_GOOD &&
		(m->ol_flags & RTE_MBUF_F_RX_L4_CKSUM_MASK) ==
		(segs > 1 ? RTE_MBUF_F_RX_L4_CKSUM_UNKNOWN :
			    RTE_MBUF_F_RX_L4_CKSUM_GOOD),
		"flags %#" PRIx64 " on a frame of %u segments", m->ol_flags, segs);
	seq = mbuf_seq(m);
	FAIL_AT(c, seq != UINT64_MAX && seq >= c->last_seq,
		"sequence %" PRIu64 " after %" PRIu64 ": duplicate or reordered",
		seq, c->last_seq);
	if (seq != UINT64_MAX)
		c->last_seq = seq + 1;
	c->delivered++;
}

static void
check_invariants(struct chaos *c)
{
	struct rte_eth_stats st;
	struct pmd_model_stats ms;
	struct pmd_rx_qstats qs;
	unsigned int in_use, expect = c->base + held_from_pool(c), drv;
	uint64_t details;

	if (!c->alive) {
		FAIL_AT(c, rte_mempool_in_use_count(pool) == expect,
			"pool in use %u, expected %u with the port closed",
			rte_mempool_in_use_count(pool), expect);
		return;
	}
	PMD_HARNESS_CHECK_NO_VIOLATION(c->port);
	memset(&st, 0, sizeof(st));
	FAIL_AT(c, rte_eth_stats_get(c->port, &st) == 0, "stats");
	FAIL_AT(c, pmd_family()->model_stats(c->port, &ms) == 0, "model stats");
	if (c->reset) {
		FAIL_AT(c, st.ipackets == 0 && st.ibytes == 0 && st.ierrors == 0 &&
			st.rx_nombuf == 0,
			"counters 0 after a reset: ipackets %" PRIu64 " ierrors %" PRIu64,
			st.ipackets, st.ierrors);
	} else {
		FAIL_AT(c, st.ipackets >= c->prev.ipackets &&
			st.ibytes >= c->prev.ibytes &&
			st.ierrors >= c->prev.ierrors &&
			st.imissed >= c->prev.imissed &&
			st.rx_nombuf >= c->prev.rx_nombuf,
			"counters went back: ipackets %" PRIu64 " -> %" PRIu64
			", ierrors %" PRIu64 " -> %" PRIu64 ", imissed %" PRIu64
			" -> %" PRIu64, c->prev.ipackets, st.ipackets,
			c->prev.ierrors, st.ierrors, c->prev.imissed, st.imissed);
	}
	FAIL_AT(c, pmd_rx_qstats_get(c->port, 0, &qs) == 0 &&
		qs.packets == st.ipackets && qs.bytes == st.ibytes &&
		qs.errors == st.ierrors, "queue stats differ from the port's");
	FAIL_AT(c, st.ipackets + st.ierrors + st.imissed <= ms.rx_offered,
		"more frames accounted (%" PRIu64 ") than offered (%" PRIu64 ")",
		st.ipackets + st.ierrors + st.imissed, ms.rx_offered);
	if (c->has_rxq) {
		details = xstat(c, "rx_q0_desc_errors") + xstat(c, "rx_q0_length_errors") +
			  xstat(c, "rx_q0_runts") + xstat(c, "rx_q0_oversize") +
			  xstat(c, "rx_q0_truncated") + xstat(c, "rx_q0_scatter_dropped");
		FAIL_AT(c, details == st.ierrors,
			"error details %" PRIu64 " != ierrors %" PRIu64, details,
			st.ierrors);
		FAIL_AT(c, xstat(c, "rx_q0_pool_leaked") == 0, "page pool leaked");
	}
	in_use = rte_mempool_in_use_count(pool);
	drv = in_use - expect;
	if (!c->started)
		FAIL_AT(c, in_use == expect,
			"stopped: pool in use %u, expected %u (base %u + held %u)",
			in_use, expect, c->base, held_from_pool(c));
	else
		/*
		 * The ring, a partial frame and lib/rxpath's recycle cache at
		 * most; at least all but rx_free_thresh slots armed (the ring
		 * never shrinks) unless a refill ran out of mbufs.
		 */
		FAIL_AT(c, in_use >= expect &&
			drv <= 2u * c->ring + PMD_INV_POOL_CACHE &&
			(st.rx_nombuf != 0 || drv + c->thresh >= c->ring),
			"started: the driver holds %d mbufs of a %u ring (refill at %u)",
			(int)(in_use - expect), c->ring, c->thresh);
	c->prev = st;
	c->reset = false;
}

/* ---- Operations ---- */

/* Keeps @p m when @p keep and there is room, else frees it. */
static void
hold_or_free(struct chaos *c, struct rte_mbuf *m, bool keep)
{
	if (keep && c->nheld < CH_MAX_HELD)
		c->held[c->nheld++] = m;
	else
		rte_pktmbuf_free(m);
}

static void
op_burst(struct chaos *c)
{
	const uint16_t sizes[] = { 0, 1, 3, 32, (uint16_t)(c->ring + 1),
				   (uint16_t)(2 * c->ring) };
	/*
	 * A fixed number of draws per operation, so that the sequence of
	 * operations depends on the seed only, not on how many frames the
	 * device had ready.
	 */
	uint16_t want = sizes[harness_rand() % RTE_DIM(sizes)], n, i;
	unsigned int rounds = 1 + harness_rand() % 4, r;
	unsigned int keep = harness_rand() % 4;	/* first frames of a round */

	c->op = "rx_burst";
	/* ethdev's dummy burst of a stopped port only logs and dumps a stack. */
	if (!c->started)
		return;
	/* The per-burst invariants from the current state of the port. */
	pmd_inv_init(&c->inv, c->port, 0, pool, c->base);
	c->inv.app_held = held_from_pool(c);
	for (r = 0; r < rounds; r++) {
		uint64_t polls = 0;

		/*
		 * A bounded wait for the device to deliver something. Empty
		 * bursts move no counter, so the checks after the last call
		 * cover them.
		 */
		do {
			n = rte_eth_rx_burst(c->port, 0, burst, want);
		} while (n == 0 && want != 0 && ++polls < 200000);
		pmd_inv_burst(&c->inv, want, burst, n);
		FAIL_AT(c, n <= want, "burst of %u returned %u", want, n);
		for (i = 0; i < n && i < want; i++) {
			check_mbuf(c, burst[i]);
			if (i < keep && c->nheld < CH_MAX_HELD)
				c->inv.app_held += pmd_inv_segs(&c->inv, burst[i]);
			hold_or_free(c, burst[i], i < keep);
		}
	}
}

static void
op_free_held(struct chaos *c)
{
	unsigned int r = (unsigned int)harness_rand(), n, i;

	c->op = "free held mbufs";
	/* Some of the oldest and the newest, in the order of r's bits. */
	n = r % (c->nheld + 1);
	for (i = 0; i < n; i++) {
		unsigned int k = (r >> (8 + i % 16)) & 1 ? c->nheld - 1 : 0;

		/* Still the frame it was when received. */
		FAIL_AT(c, c->held[k]->pkt_len >= 60 && mbuf_seq(c->held[k]) < c->last_seq,
			"held mbuf changed");
		rte_pktmbuf_free(c->held[k]);
		c->held[k] = c->held[--c->nheld];
	}
}

static void
op_rxq_stop_start(struct chaos *c)
{
	int ret;

	c->op = "rx queue stop/start";
	if (!c->started)
		return;
	ret = rte_eth_dev_rx_queue_stop(c->port, 0);
	FAIL_AT(c, ret == 0, "rx_queue_stop: %d", ret);
	if (ret == 0) {
		uint16_t n = rte_eth_rx_burst(c->port, 0, burst, 32);

		FAIL_AT(c, n == 0, "%u frames from a stopped queue", n);
		FAIL_AT(c, rte_mempool_in_use_count(pool) == c->base + held_from_pool(c),
			"a stopped queue holds no mbuf");
		ret = rte_eth_dev_rx_queue_start(c->port, 0);
		FAIL_AT(c, ret == 0, "rx_queue_start: %d", ret);
	}
}

static int
start(struct chaos *c)
{
	int ret = rte_eth_dev_start(c->port);
	bool fits = c->scatter ||
		    (uint32_t)c->mtu + RTE_ETHER_HDR_LEN + RTE_VLAN_HLEN +
		    pmd_family()->rx_extra <= CH_BUF;

	if (!c->has_rxq || !fits) {
		FAIL_AT(c, ret == -EINVAL, "start %s: %d",
			!c->has_rxq ? "without an RX queue" : "with an MTU needing scatter",
			ret);
		if (ret == 0)
			rte_eth_dev_stop(c->port);
		return -1;
	}
	FAIL_AT(c, ret == 0, "start: %d", ret);
	if (ret != 0)
		return ret;
	c->started = true;
	/*
	 * Without scatter the start sizes the device's buffers for the MTU:
	 * the longest frame + 4 (+ 2 of Marvell header on NETA), in whole
	 * cache lines (rxpath.md "Buffer size"); with scatter the whole data
	 * room.
	 */
	c->rbsz = c->scatter ? CH_BUF :
		RTE_MIN(CH_BUF, RTE_ALIGN_CEIL((uint32_t)c->mtu + RTE_ETHER_HDR_LEN +
					       RTE_VLAN_HLEN +
					       pmd_family()->rx_rbsz_extra,
					       RTE_CACHE_LINE_SIZE));
	FAIL_AT(c, rte_mempool_in_use_count(pool) ==
		c->base + held_from_pool(c) + c->ring,
		"start arms exactly the %u descriptors", c->ring);
	pmd_inv_init(&c->inv, c->port, 0, pool, c->base);
	c->inv.app_held = held_from_pool(c);
	c->inv_ready = true;
	return 0;
}

static void
stop(struct chaos *c)
{
	if (!c->started)
		return;
	FAIL_AT(c, rte_eth_dev_stop(c->port) == 0, "stop");
	c->started = false;
	if (c->inv_ready) {
		c->inv.app_held = held_from_pool(c);
		pmd_inv_stopped(&c->inv);
	}
}

static void
op_port_stop_start(struct chaos *c)
{
	c->op = "port stop/start";
	stop(c);
	FAIL_AT(c, rte_mempool_in_use_count(pool) == c->base + held_from_pool(c),
		"stopped: the driver holds no mbuf");
	start(c);
}

static void
free_held_small(struct chaos *c)
{
	unsigned int i = 0;

	while (i < c->nheld) {
		if (c->held[i]->pool != pool) {
			rte_pktmbuf_free(c->held[i]);
			c->held[i] = c->held[--c->nheld];
		} else {
			i++;
		}
	}
}

/* Held rx-copybreak copies (from the queue's small-buffer pool). */
static unsigned int
held_small(const struct chaos *c)
{
	unsigned int i, n = 0;

	for (i = 0; i < c->nheld; i++)
		n += c->held[i]->pool != pool;
	return n;
}

/*
 * A valid RX queue setup. While the application holds rx-copybreak
 * mbufs, the PMD cannot free the queue's small-buffer pool and refuses
 * with -EBUSY (stmmac_uio.rst, "Limitations"); the application frees them
 * and sets the queue up again.
 */
static int
rxq_setup(struct chaos *c, uint16_t nb)
{
	unsigned int small = held_small(c);
	int ret = rte_eth_rx_queue_setup(c->port, 0, nb, SOCKET_ID_ANY, NULL, pool);

	struct rte_eth_rxq_info qi;

	if (small != 0) {
		FAIL_AT(c, ret == -EBUSY, "setup with %u small mbufs held: %d",
			small, ret);
		free_held_small(c);
		ret = rte_eth_rx_queue_setup(c->port, 0, nb, SOCKET_ID_ANY, NULL,
					     pool);
	}
	/* The refill threshold ethdev's default rxconf gave the queue. */
	memset(&qi, 0, sizeof(qi));
	if (ret == 0 && rte_eth_rx_queue_info_get(c->port, 0, &qi) == 0)
		c->thresh = qi.conf.rx_free_thresh;
	FAIL_AT(c, ret != 0 || (qi.nb_desc == rte_align32pow2(nb) &&
				c->thresh > 0 && c->thresh < qi.nb_desc - 1),
		"queue info: %u descriptors, refill at %u", qi.nb_desc, c->thresh);
	return ret;
}

static void
op_resetup(struct chaos *c)
{
	static const uint16_t good[] = { 64, 128, 256, 512, 1024 };
	static const uint16_t eth_bad[] = { 63, 100, 2048 };	/* ethdev limits */
	static const uint16_t odd[] = { 192, 320, 960 };	/* not 2^n */
	unsigned int kind = harness_rand() % 4;
	struct rte_eth_rxq_info qi;
	uint16_t nb;
	int ret;

	c->op = "ring re-setup";
	stop(c);
	if (kind <= 1) {
		nb = good[harness_rand() % RTE_DIM(good)];
		ret = rxq_setup(c, nb);
		FAIL_AT(c, ret == 0, "setup with %u descriptors: %d", nb, ret);
		c->has_rxq = ret == 0;
		if (ret == 0) {
			c->ring = nb;
			/* A new queue: its counters start at 0. */
			c->reset = true;
		}
	} else if (kind == 2) {
		nb = eth_bad[harness_rand() % RTE_DIM(eth_bad)];
		ret = rte_eth_rx_queue_setup(c->port, 0, nb, SOCKET_ID_ANY, NULL, pool);
		FAIL_AT(c, ret == -EINVAL, "%u descriptors: %d", nb, ret);
		FAIL_AT(c, !c->has_rxq ||
			(rte_eth_rx_queue_info_get(c->port, 0, &qi) == 0 &&
			 qi.nb_desc == c->ring),
			"the queue survives a size ethdev rejects");
	} else {
		/* Within the limits, not a power of two: the ring rounded up. */
		nb = odd[harness_rand() % RTE_DIM(odd)];
		ret = rxq_setup(c, nb);
		FAIL_AT(c, ret == 0, "setup with %u descriptors: %d", nb, ret);
		c->has_rxq = ret == 0;
		if (ret == 0) {
			c->ring = (uint16_t)rte_align32pow2(nb);
			c->reset = true;
		}
	}
	FAIL_AT(c, rte_mempool_in_use_count(pool) == c->base + held_from_pool(c),
		"a setup takes no mbuf");
	start(c);
}

static void
op_mtu(struct chaos *c)
{
	const uint16_t mtus[] = { 1500, 9000, 2030, 2031, 68, 67, 9001,
				  (uint16_t)(68 + harness_rand() % (9000 - 68 + 1)) };
	uint16_t mtu = mtus[harness_rand() % RTE_DIM(mtus)], now = 0;
	/* What the device stores of the longest frame. */
	uint32_t len = (uint32_t)mtu + RTE_ETHER_HDR_LEN + RTE_VLAN_HLEN +
		       pmd_family()->rx_extra;
	int want = 0, ret;

	/*
	 * ethdev's range; then the PMD: a frame that needs scatter when it
	 * is off is -EINVAL; raising it past the running queue's buffers
	 * is -EBUSY until the port is stopped.
	 */
	if (mtu < RTE_ETHER_MIN_MTU || mtu > 9000)
		want = -EINVAL;
	else if (c->has_rxq && !c->scatter && len > CH_BUF)
		want = -EINVAL;
	else if (c->has_rxq && c->started && !c->scatter && len > c->rbsz)
		want = -EBUSY;
	c->op = "MTU";
	ret = rte_eth_dev_set_mtu(c->port, mtu);
	FAIL_AT(c, ret == want, "MTU %u (scatter %d, started %d): %d, expected %d",
		mtu, c->scatter, c->started, ret, want);
	FAIL_AT(c, rte_eth_dev_get_mtu(c->port, &now) == 0 &&
		now == (ret == 0 ? mtu : c->mtu),
		"MTU now %u after setting %u (%d), was %u", now, mtu, ret, c->mtu);
	if (ret == 0)
		c->mtu = mtu;
	if (!c->started)
		start(c);
}

static int
configure(struct chaos *c)
{
	struct rte_eth_conf conf;

	memset(&conf, 0, sizeof(conf));
	if (c->scatter)
		conf.rxmode.offloads = RTE_ETH_RX_OFFLOAD_SCATTER;
	conf.rxmode.mtu = c->mtu;
	return rte_eth_dev_configure(c->port, 1, 1, &conf);
}

static void
op_scatter(struct chaos *c)
{
	struct rte_eth_rxq_info qi;
	int ret;

	c->op = "scatter on/off";
	stop(c);
	c->scatter = !c->scatter;
	ret = configure(c);
	FAIL_AT(c, ret == 0, "configure scatter %d: %d", c->scatter, ret);
	ret = rxq_setup(c, c->ring);
	FAIL_AT(c, ret == 0, "queue setup, scatter %d: %d", c->scatter, ret);
	c->has_rxq = ret == 0;
	c->reset = true;
	memset(&qi, 0, sizeof(qi));
	FAIL_AT(c, rte_eth_rx_queue_info_get(c->port, 0, &qi) == 0 &&
		!!(qi.conf.offloads & RTE_ETH_RX_OFFLOAD_SCATTER) == c->scatter,
		"queue offloads follow the port's scatter %d", c->scatter);
	start(c);
}

static void
op_stats_reset(struct chaos *c)
{
	c->op = "stats reset";
	FAIL_AT(c, rte_eth_stats_reset(c->port) == 0, "stats reset");
	c->reset = true;
}

static bool
port_open(struct chaos *c)
{
	char args[128];
	int ret, id;

	pmd_vdev(c->name, sizeof(c->name), vdev_seq++);
	snprintf(args, sizeof(args), "%s", CH_ARGS);
	ret = pmd_harness_vdev_init(c->name, args);
	id = ret == 0 ? pmd_harness_port(c->name) : -1;
	FAIL_AT(c, id >= 0, "probe %s: %d", c->name, ret);
	if (id < 0)
		return false;
	c->port = (uint16_t)id;
	c->alive = true;
	c->started = false;
	c->mtu = RTE_ETHER_MTU;
	c->scatter = harness_rand() % 2;
	c->ring = (uint16_t)(64u << (harness_rand() % 5));
	c->last_seq = 0;
	memset(&c->prev, 0, sizeof(c->prev));
	c->reset = true;
	FAIL_AT(c, configure(c) == 0, "configure");
	c->has_rxq = rxq_setup(c, c->ring) == 0 &&
		     rte_eth_tx_queue_setup(c->port, 0, 64, SOCKET_ID_ANY, NULL) == 0;
	FAIL_AT(c, c->has_rxq, "queues");
	FAIL_AT(c, rte_eth_promiscuous_enable(c->port) == 0, "promiscuous");
	start(c);
	return true;
}

/* Row 49: close with mbufs held; they stay valid and free cleanly after. */
static void
op_close_reopen(struct chaos *c, bool reopen)
{
	unsigned int i, bad = 0;
	uint64_t polls;

	c->op = "close with mbufs held";
	for (polls = 0; c->started && c->nheld < 16 && polls < 100000; polls++) {
		uint16_t n = rte_eth_rx_burst(c->port, 0, burst, 4), k;

		for (k = 0; k < n; k++) {
			check_mbuf(c, burst[k]);
			if (c->nheld < CH_MAX_HELD)
				c->held[c->nheld++] = burst[k];
			else
				rte_pktmbuf_free(burst[k]);
		}
	}
	PMD_HARNESS_CHECK_NO_VIOLATION(c->port);
	stop(c);
	c->inv_ready = false;
	FAIL_AT(c, rte_eth_dev_close(c->port) == 0, "close");
	FAIL_AT(c, rte_vdev_uninit(c->name) == 0, "vdev removed");
	c->alive = false;
	FAIL_AT(c, !rte_eth_dev_is_valid_port(c->port) ||
		pmd_family()->rx_idle(c->port) == -ENODEV,
		"the port is gone");
	check_invariants(c);
	/* The held frames outlive their port: readable, intact, then freed. */
	for (i = 0; i < c->nheld; i++) {
		struct rte_mbuf *m = c->held[i];

		bad += rte_mbuf_refcnt_read(m) != 1 || m->pkt_len < 60 ||
		       mbuf_seq(m) >= c->last_seq;
		rte_pktmbuf_free(m);
	}
	FAIL_AT(c, bad == 0, "%u held mbufs damaged by the close", bad);
	printf("step %u: closed %s holding %u mbufs\n", c->step, c->name, c->nheld);
	c->nheld = 0;
	FAIL_AT(c, rte_mempool_in_use_count(pool) == c->base,
		"pool at its baseline once the held mbufs are freed after close");
	if (reopen)
		port_open(c);
}

int
main(int argc, char **argv)
{
	const char *env = getenv("SOCRX_CHAOS_STEPS");
	const bool verbose = getenv("SOCRX_CHAOS_VERBOSE") != NULL;
	unsigned int steps = env != NULL ? (unsigned int)atoi(env) : CH_STEPS;
	unsigned int counts[9] = { 0 };
	static const char *const names[9] = {
		"burst", "free", "rxq stop/start", "port stop/start", "re-setup",
		"MTU", "scatter", "stats reset", "close/reopen",
	};
	struct chaos c;
	unsigned int i;

	(void)argc;
	memset(&c, 0, sizeof(c));
	pmd_harness_eal_init(argv[0], NULL);
	rte_log_set_level_pattern(pmd_family()->logtypes, RTE_LOG_ERR);
	harness_seed_from_env(20261129);
	pool = eal_harness_pool("chaos", CH_POOL, RTE_MBUF_DEFAULT_BUF_SIZE);
	c.base = rte_mempool_in_use_count(pool);
	c.op = "open";
	if (!port_open(&c))
		return harness_result("pmd_chaos");
	check_invariants(&c);
	for (c.step = 1; c.step <= steps; c.step++) {
		unsigned int r = harness_rand() % 100, op;

		op = r < 40 ? 0 : r < 50 ? 1 : r < 57 ? 2 : r < 65 ? 3 :
		     r < 74 ? 4 : r < 83 ? 5 : r < 90 ? 6 : r < 95 ? 7 : 8;
		counts[op]++;
		switch (op) {
		case 0: op_burst(&c); break;
		case 1: op_free_held(&c); break;
		case 2: op_rxq_stop_start(&c); break;
		case 3: op_port_stop_start(&c); break;
		case 4: op_resetup(&c); break;
		case 5: op_mtu(&c); break;
		case 6: op_scatter(&c); break;
		case 7: op_stats_reset(&c); break;
		default: op_close_reopen(&c, true); break;
		}
		if (verbose && c.alive && c.has_rxq) {
			int armed = 0, s;
			uint16_t d;

			for (d = 0; c.started && d < c.ring; d++) {
				s = rte_eth_rx_descriptor_status(c.port, 0, d);
				armed += s == RTE_ETH_RX_DESC_AVAIL || s == RTE_ETH_RX_DESC_DONE;
			}
			printf("step %u: %s: started %d ring %u mtu %u scatter %d held %u (%u of the pool)"
			       " in use %u, armed %d, nombuf %" PRIu64 " alloc %" PRIu64
			       "+%" PRIu64 " recycled %" PRIu64 "\n",
			       c.step, c.op, c.started, c.ring, c.mtu, c.scatter,
			       c.nheld, held_from_pool(&c), rte_mempool_in_use_count(pool),
			       armed, xstat(&c, "rx_q0_nombuf"),
			       xstat(&c, "rx_q0_pool_alloc_fast"),
			       xstat(&c, "rx_q0_pool_alloc_slow"),
			       xstat(&c, "rx_q0_recycled"));
			{
				struct pmd_model_stats ms;

				pmd_family()->model_stats(c.port, &ms);
				printf("    model offered %" PRIu64 " delivered %" PRIu64
				       " lost %" PRIu64 " pending %" PRIu64
				       " queue_count %d\n",
				       ms.rx_offered, ms.rx_delivered, ms.rx_lost,
				       ms.rx_pending,
				       c.started ? rte_eth_rx_queue_count(c.port, 0) : -1);
			}
			fflush(stdout);
		}
		check_invariants(&c);
		if (harness_failures > 20)
			break;
	}
	c.op = "final close";
	op_close_reopen(&c, false);
	for (i = 0; i < RTE_DIM(counts); i++)
		printf("%-16s %u\n", names[i], counts[i]);
	printf("%" PRIu64 " frames delivered and checked over %u steps\n",
	       c.delivered, steps);
	CHECK(c.delivered >= 100, "traffic flowed: %" PRIu64 " frames", c.delivered);
	CHECK_EQ_U(rte_mempool_in_use_count(pool), 0, "pool empty at the end");
	rte_mempool_free(pool);
	rte_eal_cleanup();
	return harness_result("pmd_chaos");
}
