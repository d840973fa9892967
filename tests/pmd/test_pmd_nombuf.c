/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Mempool get failures on a schedule (robustness rows 16, 17; fault knob
 * 6), through the family's PMD (pmd_family.h) on its device model, with the failing mempool
 * of pmd_failing_pool.h (ops "socrx_failing" over ring_mp_mc, no per-lcore
 * cache, so every get reaches the schedule). Seeds are printed with every
 * failed check.
 *
 *  1. refill under lossless traffic (flow_ctrl=1, copybreak=0, so every
 *     delivered frame takes its ring buffer): gets fail at 0, 10%, 50%, all
 *     bulk gets, then every get, then 0 again. After every burst: no
 *     protocol violation (no descriptor armed without a buffer), every
 *     frame well formed and in sequence. Per phase: rx_nombuf and the page
 *     pool's alloc_empty against the failed gets (bulk + one-by-one);
 *     with bulk gets failing the one-by-one fallback keeps the ring full
 *     (no rx_nombuf); with every get failing the ring drains to empty, the
 *     mempool's in-use count is back at its baseline (nothing stuck), each
 *     poll retries once per refill (exact counts) and receives nothing;
 *     once gets succeed, one poll re-arms the whole ring (N - 1), every
 *     frame arrives in order: ipackets == rx_offered;
 *  2. the same lossy (flow_ctrl=0, 100 kpps): while the ring is empty the
 *     device misses frames; ipackets + ierrors + imissed == rx_offered at
 *     the end (unless the device's 11-bit missed counter saturated while
 *     this process was descheduled: then imissed is a counted lower bound);
 *  3. queue start with a pool that cannot fill the ring (row 17): every get
 *     failing, or the bulk get failing and the one-by-one fill stopped at
 *     299 buffers: -ENOMEM and the pool back at its baseline (nothing kept);
 *     the bulk get alone failing: the start succeeds on one-by-one gets;
 *  4. copybreak with its small pool failing (the driver creates that pool
 *     with the default mempool ops, set to "socrx_failing" for the queue
 *     setup): small frames go up zero-copy (copybreak_nombuf), never
 *     dropped, byte-identical to a port whose small pool works, and are
 *     copied again once gets succeed.
 * Every port ends with its pools at their baseline and no violation.
 */
#include <rte_mbuf_pool_ops.h>

#include "pmd_failing_pool.h"
#include "pmd_harness.h"

#define SEED_10		1618033988ull
#define SEED_50		2236067977ull

#define RING		512u
#define POOL		4096u
#define LOSSLESS_FRAMES	30000
#define LOSSY_FRAMES	20000
#define CB_FRAMES	6000
#define SAME_MAC	"02:00:00:00:01:00"

/* The ports: instances 0..4 of the family's vdev. */
enum { I_LOSSLESS, I_LOSSY, I_START, I_CB_REF, I_CB, NB_DEVS };
static char dev_names[NB_DEVS][32];
#define DEV_LOSSLESS	dev_names[I_LOSSLESS]
#define DEV_LOSSY	dev_names[I_LOSSY]
#define DEV_START	dev_names[I_START]
#define DEV_CB_REF	dev_names[I_CB_REF]
#define DEV_CB		dev_names[I_CB]

/* Polls a phase may take before it counts as stuck (no timing involved). */
#define PHASE_POLLS	20000000ull
/* Empty polls observed with every get failing and the ring empty. */
#define DRY_POLLS	100u
/* Generated IPv4/UDP frames: the sequence number at 14 + 20 + 8. */
#define SEQ_OFF		42u

/* ---- Helpers ---- */

struct rx_check {
	uint16_t port;
	uint64_t next_seq;	/* sequence number expected next */
	uint64_t got;
	uint64_t bad_order;
	uint64_t bad_mbuf;
	uint64_t viol_bursts;	/* bursts after which violations were seen */
	bool lossy;		/* misses leave gaps: order not checked */
};

static void
check_mbuf(struct rx_check *c, struct rte_mbuf *m)
{
	uint64_t s = pmd_harness_frame_seq(m, SEQ_OFF);

	if (m->nb_segs != 1 || m->data_len == 0 || m->data_len != m->pkt_len ||
	    m->pkt_len < RTE_ETHER_HDR_LEN ||
	    m->data_len > RTE_MBUF_DEFAULT_BUF_SIZE - RTE_PKTMBUF_HEADROOM)
		c->bad_mbuf++;
	if (s != c->next_seq && !c->lossy) {
		if (c->bad_order++ == 0)
			fprintf(stderr, "port %u: sequence %" PRIu64 ", expected %" PRIu64 "\n",
				c->port, s, c->next_seq);
		c->next_seq = s;
	}
	c->next_seq++;
	c->got++;
}

static uint64_t
model_viol(uint16_t port)
{
	struct pmd_model_stats st;

	if (pmd_family()->model_stats(port, &st) != 0)
		return UINT64_MAX;
	return st.violations;
}

/*
 * One rx_burst: checks and frees what came, then checks that the model
 * saw no violation (the refill never armed a descriptor without a
 * buffer). Returns the frames received.
 */
static uint16_t
burst_n(struct rx_check *c, uint16_t max)
{
	struct rte_mbuf *pkts[32];
	uint16_t n, i;

	n = rte_eth_rx_burst(c->port, 0, pkts, RTE_MIN(max, (uint16_t)RTE_DIM(pkts)));

	for (i = 0; i < n; i++) {
		check_mbuf(c, pkts[i]);
		rte_pktmbuf_free(pkts[i]);
	}
	if (model_viol(c->port) != 0)
		c->viol_bursts++;
	return n;
}

static uint16_t
burst(struct rx_check *c)
{
	return burst_n(c, 32);
}

/* Receives @p want more frames (bounded); returns how many came. */
static uint64_t
rx_frames(struct rx_check *c, uint64_t want)
{
	uint64_t got = 0, polls;

	for (polls = 0; polls < PHASE_POLLS && got < want; polls++)
		got += burst_n(c, (uint16_t)RTE_MIN(want - got, 32u));
	return got;
}

/* Receives until the source is exhausted and the ring drained. */
static void
rx_until_idle(struct rx_check *c)
{
	uint64_t polls;
	bool idle = false;

	for (polls = 0; polls < PHASE_POLLS; polls++) {
		if (burst(c) != 0)
			continue;
		if (idle)
			break;
		idle = pmd_family()->rx_idle(c->port) == 1;
	}
	CHECK(polls < PHASE_POLLS, "port %u: traffic ended within %llu polls",
	      c->port, PHASE_POLLS);
}

/* Ring slots armed for the device (rx_descriptor_status != UNAVAIL). */
static unsigned int
armed_slots(uint16_t port, uint16_t nb_desc)
{
	unsigned int n;

	for (n = 0; n < nb_desc; n++)
		if (rte_eth_rx_descriptor_status(port, 0, (uint16_t)n) ==
		    RTE_ETH_RX_DESC_UNAVAIL)
			break;
	return n;
}

/* No slot armed: the device has nothing to write into. */
static bool
ring_empty(uint16_t port)
{
	return rte_eth_rx_descriptor_status(port, 0, 0) ==
	       RTE_ETH_RX_DESC_UNAVAIL;
}

struct phase_mark {
	uint64_t calls, fails, nombuf, empty, slow;
};

static struct phase_mark
mark(uint16_t port)
{
	struct phase_mark p;

	p.calls = failing_pool_calls();
	p.fails = failing_pool_fails();
	p.nombuf = pmd_harness_eth_stats(port).rx_nombuf;
	p.empty = pmd_harness_xstat(port, "rx_q0_pool_alloc_empty");
	p.slow = pmd_harness_xstat(port, "rx_q0_pool_alloc_slow");
	return p;
}

static void
check_rx(const struct rx_check *c, const char *what)
{
	CHECK_EQ_U(c->bad_order, 0, "%s: frames in sequence", what);
	CHECK_EQ_U(c->bad_mbuf, 0, "%s: mbufs well formed", what);
	CHECK_EQ_U(c->viol_bursts, 0, "%s: bursts after which the model saw a violation (%s)",
		   what, pmd_family()->last_violation(c->port));
}

/* ---- 1. Refill under lossless traffic ---- */

/*
 * A phase of partial failures: rx_nombuf counts buffers, not calls. Each
 * refill chunk whose bulk get fails counts alloc_empty once and then takes
 * buffers one by one until the first failure, which ends the chunk with
 * rx_nombuf += what is missing: failed gets are alloc_empty (bulk) plus
 * one per short chunk, and each short chunk adds >= 1 to rx_nombuf.
 */
static void
check_partial(const char *what, const struct phase_mark *a,
	      const struct phase_mark *b, bool expect_nombuf)
{
	uint64_t fails = b->fails - a->fails, empty = b->empty - a->empty;
	uint64_t nombuf = b->nombuf - a->nombuf;

	printf("%-24s gets %" PRIu64 ", failed %" PRIu64 ", alloc_empty %"
	       PRIu64 ", rx_nombuf %" PRIu64 "\n", what, b->calls - a->calls,
	       fails, empty, nombuf);
	CHECK(fails > 0, "%s: gets failed", what);
	CHECK(empty <= fails && fails <= 2 * empty,
	      "%s: failed gets %" PRIu64 " = bulk %" PRIu64 " + one-by-one (at most one per refill chunk)",
	      what, fails, empty);
	CHECK(nombuf >= fails - empty,
	      "%s: rx_nombuf %" PRIu64 " >= short refill chunks %" PRIu64,
	      what, nombuf, fails - empty);
	if (expect_nombuf)
		CHECK(nombuf > 0, "%s: rx_nombuf counted", what);
}

static void
part_lossless(void)
{
	struct failing_pool_sched s;
	struct rte_eth_rxq_info qi;
	struct rx_check c;
	struct phase_mark a, b;
	struct rte_eth_stats st;
	struct pmd_model_stats ms;
	struct rte_mempool *mp;
	unsigned int base, i;
	uint64_t got, polls, per_poll = 0;
	int port = pmd_harness_probed_port(DEV_LOSSLESS);

	if (port < 0)
		return;
	failing_pool_set(NULL);
	mp = failing_pool_create("nb_lossless", POOL, RTE_MBUF_DEFAULT_BUF_SIZE);
	if (mp == NULL) {
		CHECK(0, "lossless pool");
		return;
	}
	base = rte_mempool_in_use_count(mp);
	if (pmd_harness_port_start((uint16_t)port, mp, RING, NULL) != 0) {
		CHECK(0, "lossless start");
		rte_mempool_free(mp);
		return;
	}
	CHECK(rte_eth_rx_queue_info_get((uint16_t)port, 0, &qi) == 0,
	      "rxq info");
	memset(&c, 0, sizeof(c));
	c.port = (uint16_t)port;

	/* 0%: the reference behaviour, nothing fails. */
	a = mark(c.port);
	got = rx_frames(&c, 3000);
	b = mark(c.port);
	CHECK_EQ_U(got, 3000, "0%%: frames");
	CHECK_EQ_U(b.fails - a.fails + b.nombuf + b.empty, 0,
		   "0%%: no failed get, no rx_nombuf, no alloc_empty");

	/* 10% and 50% of the gets fail: reception goes on. */
	memset(&s, 0, sizeof(s));
	s.ppm = 100000;
	s.seed = SEED_10;
	harness_seed = s.seed;
	failing_pool_set(&s);
	a = b;
	got = rx_frames(&c, 5000);
	b = mark(c.port);
	CHECK_EQ_U(got, 5000, "10%%: frames keep arriving");
	check_partial("10% of gets fail", &a, &b, true);

	s.ppm = 500000;
	s.seed = SEED_50;
	harness_seed = s.seed;
	failing_pool_set(&s);
	a = b;
	got = rx_frames(&c, 5000);
	b = mark(c.port);
	CHECK_EQ_U(got, 5000, "50%%: frames keep arriving");
	check_partial("50% of gets fail", &a, &b, true);

	/* Every bulk get fails: one-by-one gets keep the refill whole. */
	memset(&s, 0, sizeof(s));
	s.bulk = true;
	harness_seed = 0;
	failing_pool_set(&s);
	a = b;
	got = rx_frames(&c, 3000);
	b = mark(c.port);
	CHECK_EQ_U(got, 3000, "bulk gets failing: frames keep arriving");
	printf("%-24s gets %" PRIu64 ", failed %" PRIu64 ", alloc_empty %"
	       PRIu64 ", rx_nombuf %" PRIu64 "\n", "bulk gets fail",
	       b.calls - a.calls, b.fails - a.fails, b.empty - a.empty,
	       b.nombuf - a.nombuf);
	CHECK(b.fails - a.fails > 0, "bulk gets failed");
	CHECK_EQ_U(b.fails - a.fails, b.empty - a.empty,
		   "bulk gets failing: each counted once in alloc_empty");
	CHECK_EQ_U(b.nombuf - a.nombuf, 0,
		   "bulk gets failing: no rx_nombuf, the one-by-one fallback fills");

	/* Every get fails: the ring drains, nothing is stuck in it. */
	memset(&s, 0, sizeof(s));
	s.first = 1;
	s.last = UINT64_MAX;
	failing_pool_set(&s);
	for (polls = 0; polls < PHASE_POLLS && !ring_empty(c.port); polls++)
		burst(&c);
	CHECK_EQ_U(armed_slots(c.port, qi.nb_desc), 0,
		   "every get failing: the ring drains (every slot harvested, none re-armed)");
	CHECK_EQ_U(rte_mempool_in_use_count(mp), base,
		   "ring empty: every mbuf back in the pool, none stuck in the ring");
	ms = pmd_harness_model(c.port);
	a = mark(c.port);
	got = 0;
	for (i = 0; i < DRY_POLLS; i++) {
		got += burst(&c);
		if (i == 0)
			per_poll = pmd_harness_eth_stats(c.port).rx_nombuf -
				   a.nombuf;
	}
	b = mark(c.port);
	CHECK_EQ_U(got, 0, "every get failing: nothing received");
	CHECK_EQ_U(pmd_harness_model(c.port).rx_delivered, ms.rx_delivered,
		   "every get failing: the device delivered nothing (no armed slot)");
	/* Each poll: one refill chunk, a bulk get and one single get. */
	CHECK_EQ_U(b.empty - a.empty, DRY_POLLS,
		   "every get failing: one refill attempt per poll");
	CHECK_EQ_U(b.fails - a.fails, 2 * DRY_POLLS,
		   "every get failing: a bulk and a one-by-one get per poll");
	/* The buffers of the one refill chunk tried, the same every poll. */
	CHECK(per_poll >= 1 && per_poll <= qi.nb_desc - 1u,
	      "every get failing: rx_nombuf %" PRIu64 " per poll", per_poll);
	CHECK_EQ_U(b.nombuf - a.nombuf, DRY_POLLS * per_poll,
		   "every get failing: rx_nombuf grows by the same count each poll");
	printf("%-24s %u polls: failed gets %" PRIu64 ", rx_nombuf %" PRIu64
	       " (%" PRIu64 " per poll)\n", "every get fails", DRY_POLLS,
	       b.fails - a.fails, b.nombuf - a.nombuf, per_poll);

	/* Gets succeed again: one poll re-arms the whole ring. */
	failing_pool_set(NULL);
	a = b;
	burst(&c);
	CHECK_EQ_U(armed_slots(c.port, qi.nb_desc),
		   qi.nb_desc - pmd_family()->ring_slack,
		   "recovery: one poll re-arms the ring (to N - 1 where the family keeps one free)");
	rx_until_idle(&c);
	b = mark(c.port);
	CHECK_EQ_U(b.fails - a.fails, 0, "recovery: no failed get");
	st = pmd_harness_eth_stats(c.port);
	ms = pmd_harness_model(c.port);
	CHECK_EQ_U(c.got, LOSSLESS_FRAMES, "lossless: every frame received");
	CHECK_EQ_U(ms.rx_offered, LOSSLESS_FRAMES, "model rx_offered");
	CHECK_EQ_U(st.ipackets, ms.rx_offered, "lossless: ipackets == rx_offered");
	CHECK_EQ_U(st.ierrors + st.imissed, 0, "lossless: nothing dropped");
	check_rx(&c, "lossless");
	CHECK(rte_eth_dev_stop(c.port) == 0, "lossless stop");
	CHECK_EQ_U(rte_mempool_in_use_count(mp), base,
		   "lossless: pool at its baseline after stop");
	CHECK_EQ_U(pmd_harness_xstat(c.port, "rx_q0_pool_leaked"), 0,
		   "lossless: page pool: nothing in flight after stop");
	PMD_HARNESS_CHECK_NO_VIOLATION(c.port);
	CHECK(rte_eth_dev_close(c.port) == 0, "lossless close");
	rte_mempool_free(mp);
}

/* ---- 2. Lossy: the device misses while the ring is empty ---- */

static void
part_lossy(void)
{
	struct failing_pool_sched s;
	struct rte_eth_stats st;
	struct pmd_model_stats ms;
	struct rx_check c;
	struct rte_mempool *mp;
	unsigned int base;
	uint64_t polls, missed0, got_dry, overflow;
	int port = pmd_harness_probed_port(DEV_LOSSY);

	if (port < 0)
		return;
	failing_pool_set(NULL);
	mp = failing_pool_create("nb_lossy", POOL, RTE_MBUF_DEFAULT_BUF_SIZE);
	if (mp == NULL) {
		CHECK(0, "lossy pool");
		return;
	}
	base = rte_mempool_in_use_count(mp);
	if (pmd_harness_port_start((uint16_t)port, mp, RING, NULL) != 0) {
		CHECK(0, "lossy start");
		rte_mempool_free(mp);
		return;
	}
	memset(&c, 0, sizeof(c));
	c.port = (uint16_t)port;
	c.lossy = true;
	rx_frames(&c, 2000);
	memset(&s, 0, sizeof(s));
	s.first = 1;
	s.last = UINT64_MAX;
	failing_pool_set(&s);
	/* Until the ring is empty and the device has missed frames. */
	ms = pmd_harness_model(c.port);
	missed0 = ms.rx_lost;
	for (polls = 0; polls < PHASE_POLLS; polls++) {
		burst(&c);
		ms = pmd_harness_model(c.port);
		if (ring_empty(c.port) &&
		    (ms.rx_lost > missed0 + 100 ||
		     pmd_family()->rx_idle(c.port) == 1))
			break;
	}
	got_dry = c.got;
	ms = pmd_harness_model(c.port);
	CHECK(ms.rx_lost > missed0,
	      "lossy: the device missed frames while the ring was empty");
	failing_pool_set(NULL);
	rx_until_idle(&c);
	st = pmd_harness_eth_stats(c.port);
	ms = pmd_harness_model(c.port);
	printf("lossy: offered %" PRIu64 " ipackets %" PRIu64 " imissed %" PRIu64
	       " ierrors %" PRIu64 " rx_nombuf %" PRIu64 ", %" PRIu64
	       " received after recovery\n", ms.rx_offered, st.ipackets,
	       st.imissed, st.ierrors, st.rx_nombuf, c.got - got_dry);
	CHECK_EQ_U(ms.rx_offered, LOSSY_FRAMES, "lossy: model rx_offered");
	/*
	 * The device counts misses in an 11-bit register that saturates
	 * (MFCO): when this process was descheduled long enough for 2047
	 * misses between two reads, the excess is lost and counted as an
	 * overflow. Exact accounting otherwise.
	 */
	overflow = pmd_family()->missed_saturates ?
		   pmd_harness_xstat(c.port, "rx_q0_missed_overflow") : 0;
	if (overflow == 0) {
		CHECK_EQ_U(st.ipackets + st.ierrors + st.imissed, ms.rx_offered,
			   "lossy: every offered frame accounted for (ipackets %"
			   PRIu64 " ierrors %" PRIu64 " imissed %" PRIu64 ")",
			   st.ipackets, st.ierrors, st.imissed);
		CHECK_EQ_U(st.imissed, ms.rx_lost,
			   "lossy: imissed == the device's misses");
	} else {
		printf("lossy: the missed-frame counter saturated %" PRIu64
		       " times (this run was descheduled): imissed is a lower bound\n",
		       overflow);
		CHECK(st.ipackets + st.ierrors + st.imissed <= ms.rx_offered &&
		      st.imissed < ms.rx_lost,
		      "lossy: accounting with a saturated missed counter");
	}
	CHECK_EQ_U(st.ipackets, c.got, "lossy: ipackets == frames received");
	CHECK(st.rx_nombuf > 0, "lossy: rx_nombuf counted");
	check_rx(&c, "lossy");
	CHECK(rte_eth_dev_stop(c.port) == 0, "lossy stop");
	CHECK_EQ_U(rte_mempool_in_use_count(mp), base,
		   "lossy: pool at its baseline after stop");
	PMD_HARNESS_CHECK_NO_VIOLATION(c.port);
	CHECK(rte_eth_dev_close(c.port) == 0, "lossy close");
	rte_mempool_free(mp);
}

/* ---- 3. Queue start with a pool that cannot fill the ring (row 17) ---- */

static void
start_case(uint16_t port, struct rte_mempool *mp, unsigned int base,
	   const struct failing_pool_sched *s, int want, uint64_t want_calls,
	   const char *what)
{
	int ret;

	failing_pool_set(s);
	ret = rte_eth_dev_start(port);
	CHECK(ret == want, "row 17: %s: start returns %d, expected %d", what,
	      ret, want);
	if (want_calls != 0)
		CHECK_EQ_U(failing_pool_calls_since_set(), want_calls,
			   "row 17: %s: gets tried", what);
	if (ret == 0) {
		CHECK_EQ_U(rte_mempool_in_use_count(mp), base + RING,
			   "row 17: %s: the whole ring armed", what);
		CHECK(rte_eth_dev_stop(port) == 0, "row 17: %s: stop", what);
	}
	CHECK_EQ_U(rte_mempool_in_use_count(mp), base,
		   "row 17: %s: pool at its baseline: nothing kept", what);
	PMD_HARNESS_CHECK_NO_VIOLATION(port);
	failing_pool_set(NULL);
}

static void
part_start(void)
{
	struct failing_pool_sched s;
	struct rte_eth_conf conf;
	struct rte_mempool *mp;
	struct rx_check c;
	unsigned int base;
	int port = pmd_harness_probed_port(DEV_START);
	uint16_t p;

	if (port < 0)
		return;
	p = (uint16_t)port;
	failing_pool_set(NULL);
	mp = failing_pool_create("nb_start", POOL, RTE_MBUF_DEFAULT_BUF_SIZE);
	if (mp == NULL) {
		CHECK(0, "start pool");
		return;
	}
	base = rte_mempool_in_use_count(mp);
	memset(&conf, 0, sizeof(conf));
	CHECK(rte_eth_dev_configure(p, 1, 1, &conf) == 0, "configure");
	CHECK(rte_eth_rx_queue_setup(p, 0, RING, rte_eth_dev_socket_id(p),
				     NULL, mp) == 0, "RX setup");
	CHECK(rte_eth_tx_queue_setup(p, 0, RING, rte_eth_dev_socket_id(p),
				     NULL) == 0, "TX setup");
	CHECK_EQ_U(rte_mempool_in_use_count(mp), base, "setup takes no mbuf");
	/* Link down: the generator waits (flow control), nothing is lost. */
	CHECK(pmd_family()->set_link(p, 0) == 0, "link down");

	/* Every get fails: the bulk get, then the first one-by-one get. */
	memset(&s, 0, sizeof(s));
	s.first = 1;
	s.last = UINT64_MAX;
	start_case(p, mp, base, &s, -ENOMEM, 2, "every get failing");
	/*
	 * The bulk get fails, 299 one-by-one gets succeed, the 300th fails:
	 * more buffers to give back than the page pool's recycle cache holds.
	 */
	memset(&s, 0, sizeof(s));
	s.bulk = true;
	s.first = 301;
	s.last = UINT64_MAX;
	start_case(p, mp, base, &s, -ENOMEM, 301, "ring filled partially (299 of 512)");
	/* Only the bulk get fails: one-by-one gets fill the ring. */
	memset(&s, 0, sizeof(s));
	s.first = 1;
	s.last = 1;
	start_case(p, mp, base, &s, 0, 1 + RING, "bulk get failing once");

	/* After failed starts the port works normally. */
	CHECK(pmd_family()->set_link(p, 1) == 0, "link up");
	CHECK(rte_eth_dev_start(p) == 0, "start after the failures");
	CHECK(rte_eth_promiscuous_enable(p) == 0, "promiscuous");
	memset(&c, 0, sizeof(c));
	c.port = p;
	rx_until_idle(&c);
	CHECK_EQ_U(c.got, 1000, "frames after the failed starts");
	check_rx(&c, "start");
	CHECK(rte_eth_dev_stop(p) == 0, "stop");
	CHECK_EQ_U(rte_mempool_in_use_count(mp), base, "pool at its baseline");
	PMD_HARNESS_CHECK_NO_VIOLATION(p);
	CHECK(rte_eth_dev_close(p) == 0, "close");
	rte_mempool_free(mp);
}

/* ---- 4. Copybreak with its small pool failing ---- */

struct cb_rec {
	uint64_t hash[CB_FRAMES];
	uint32_t meta[CB_FRAMES][2];	/* packet_type, checksum flags */
	uint64_t n;
	uint64_t small;			/* frames <= the threshold */
};

static struct cb_rec cb_ref, cb_fail;

static void
cb_record(struct rte_mbuf *m, void *arg)
{
	struct cb_rec *r = arg;
	const uint8_t *p = rte_pktmbuf_mtod(m, const uint8_t *);
	uint64_t h = 0xcbf29ce484222325ull;
	uint32_t i;

	if (r->n >= CB_FRAMES) {
		r->n++;
		return;
	}
	for (i = 0; i < m->data_len; i++)
		h = (h ^ p[i]) * 0x100000001b3ull;
	r->hash[r->n] = h ^ m->pkt_len ^ (uint64_t)m->nb_segs << 32;
	r->meta[r->n][0] = m->packet_type;
	r->meta[r->n][1] = (uint32_t)(m->ol_flags &
		(RTE_MBUF_F_RX_IP_CKSUM_MASK | RTE_MBUF_F_RX_L4_CKSUM_MASK));
	r->small += m->pkt_len <= 256;
	r->n++;
}

/* Receives up to @p want frames into @p r (bounded; stops when idle). */
static uint64_t
cb_rx(uint16_t port, struct cb_rec *r, uint64_t want)
{
	return pmd_harness_rx_until(port, want, cb_record, r);
}

static void
part_copybreak(void)
{
	struct failing_pool_sched s;
	struct rte_mempool *mp;
	struct rte_eth_stats st;
	char small_name[RTE_MEMPOOL_NAMESIZE];
	struct rte_mempool *small;
	uint64_t small_failing, fails0, i, diff = 0;
	unsigned int base;
	int ref = pmd_harness_probed_port(DEV_CB_REF);
	int port = pmd_harness_probed_port(DEV_CB);
	int ret;

	if (ref < 0 || port < 0)
		return;
	failing_pool_set(NULL);
	/* The big buffers: ring_mp_mc explicitly, never failing. */
	mp = rte_pktmbuf_pool_create_by_ops("nb_cb", POOL, 0, 0,
					    RTE_MBUF_DEFAULT_BUF_SIZE,
					    SOCKET_ID_ANY, FAILING_POOL_INNER);
	if (mp == NULL) {
		CHECK(0, "copybreak pool");
		return;
	}
	base = rte_mempool_in_use_count(mp);

	/* Reference: the small pool works. */
	if (pmd_harness_port_start((uint16_t)ref, mp, RING, NULL) != 0) {
		CHECK(0, "copybreak reference start");
		rte_mempool_free(mp);
		return;
	}
	cb_rx((uint16_t)ref, &cb_ref, CB_FRAMES);
	CHECK_EQ_U(cb_ref.n, CB_FRAMES, "copybreak reference: frames");
	CHECK(cb_ref.small > 0, "copybreak reference: small frames");
	CHECK_EQ_U(pmd_harness_xstat((uint16_t)ref, "rx_q0_copybreak_frames"),
		   cb_ref.small, "copybreak reference: every small frame copied");
	CHECK(rte_eth_dev_stop((uint16_t)ref) == 0, "reference stop");
	CHECK(rte_eth_dev_close((uint16_t)ref) == 0, "reference close");

	/* The driver creates its small pool at queue setup: failing ops. */
	memset(&s, 0, sizeof(s));
	s.first = 1;
	s.last = UINT64_MAX;
	failing_pool_set(&s);
	fails0 = failing_pool_fails();
	CHECK(rte_mbuf_set_user_mempool_ops(FAILING_POOL_OPS) == 0,
	      "default mempool ops for the small pool");
	ret = pmd_harness_port_start((uint16_t)port, mp, RING, NULL);
	CHECK(rte_mbuf_set_user_mempool_ops(FAILING_POOL_INNER) == 0,
	      "default mempool ops back");
	if (ret != 0) {
		CHECK(0, "copybreak start");
		rte_mempool_free(mp);
		return;
	}
	snprintf(small_name, sizeof(small_name), "%s_p%d_q0",
		 pmd_family()->cb_pool, port);
	small = rte_mempool_lookup(small_name);
	CHECK(small != NULL && strcmp(rte_mempool_get_ops(small->ops_index)->name,
				      FAILING_POOL_OPS) == 0,
	      "the copybreak pool %s runs on the failing ops", small_name);

	/* Half the traffic with every small get failing, then working. */
	cb_rx((uint16_t)port, &cb_fail, CB_FRAMES / 2);
	small_failing = cb_fail.small;
	CHECK_EQ_U(pmd_harness_xstat((uint16_t)port, "rx_q0_copybreak_nombuf"),
		   small_failing, "copybreak_nombuf: every small frame while the small pool fails");
	CHECK_EQ_U(pmd_harness_xstat((uint16_t)port, "rx_q0_copybreak_frames"),
		   0, "no copy while the small pool fails");
	CHECK(failing_pool_fails() - fails0 >= small_failing,
	      "small gets failed: %" PRIu64, failing_pool_fails() - fails0);
	failing_pool_set(NULL);
	cb_rx((uint16_t)port, &cb_fail, CB_FRAMES - cb_fail.n);
	CHECK_EQ_U(cb_fail.n, CB_FRAMES, "copybreak_nombuf: every frame delivered");
	CHECK(small_failing > 0 && cb_fail.small > small_failing,
	      "small frames in both halves (%" PRIu64 " of %" PRIu64 ")",
	      small_failing, cb_fail.small);
	CHECK_EQ_U(pmd_harness_xstat((uint16_t)port, "rx_q0_copybreak_frames"),
		   cb_fail.small - small_failing,
		   "copies again once the small pool works");
	CHECK_EQ_U(pmd_harness_xstat((uint16_t)port, "rx_q0_copybreak_nombuf"),
		   small_failing, "copybreak_nombuf unchanged once the pool works");
	st = pmd_harness_eth_stats((uint16_t)port);
	CHECK_EQ_U(st.ipackets, CB_FRAMES, "copybreak_nombuf: nothing dropped");
	CHECK_EQ_U(st.ierrors + st.imissed, 0, "copybreak_nombuf: no error, no miss");
	for (i = 0; i < CB_FRAMES; i++)
		diff += cb_ref.hash[i] != cb_fail.hash[i] ||
			cb_ref.meta[i][0] != cb_fail.meta[i][0] ||
			cb_ref.meta[i][1] != cb_fail.meta[i][1];
	CHECK_EQ_U(diff, 0, "copybreak_nombuf: frames identical to the reference (bytes, ptype, flags)");
	CHECK(rte_eth_dev_stop((uint16_t)port) == 0, "copybreak stop");
	CHECK_EQ_U(rte_mempool_in_use_count(mp), base,
		   "copybreak: big pool at its baseline after stop");
	small = rte_mempool_lookup(small_name);
	CHECK(small != NULL && rte_mempool_in_use_count(small) == 0,
	      "copybreak: small pool back to empty after stop");
	PMD_HARNESS_CHECK_NO_VIOLATION((uint16_t)port);
	CHECK(rte_eth_dev_close((uint16_t)port) == 0, "copybreak close");
	CHECK(rte_mempool_lookup(small_name) == NULL,
	      "copybreak: small pool freed at close");
	rte_mempool_free(mp);
	printf("copybreak_nombuf: %" PRIu64 " small frames zero-copy while failing, %"
	       PRIu64 " copied after\n", small_failing,
	       cb_fail.small - small_failing);
}

int
main(int argc, char **argv)
{
	static const char *const args[NB_DEVS] = {
		",flow_ctrl=1,copybreak=0,gen_len=60-1514,gen_pkts="
			RTE_STR(LOSSLESS_FRAMES),
		",flow_ctrl=0,copybreak=0,gen_len=60-1514,gen_rate=100000,gen_pkts="
			RTE_STR(LOSSY_FRAMES),
		",flow_ctrl=1,gen_len=60-1514,gen_pkts=1000",
		",flow_ctrl=1,gen_len=60-600,gen_flows=16,mac=" SAME_MAC
			",gen_pkts=" RTE_STR(CB_FRAMES),
		",flow_ctrl=1,gen_len=60-600,gen_flows=16,mac=" SAME_MAC
			",gen_pkts=" RTE_STR(CB_FRAMES),
	};
	static char vdev_args[NB_DEVS][256];
	const char *vdevs[NB_DEVS + 1];
	unsigned int i;

	(void)argc;
	for (i = 0; i < NB_DEVS; i++) {
		pmd_vdev(dev_names[i], sizeof(dev_names[i]), i);
		snprintf(vdev_args[i], sizeof(vdev_args[i]), "%s%s",
			 dev_names[i], args[i]);
		vdevs[i] = vdev_args[i];
	}
	vdevs[NB_DEVS] = NULL;
	printf("seeds: 10%% %" PRIu64 ", 50%% %" PRIu64 "\n",
	       (uint64_t)SEED_10, (uint64_t)SEED_50);
	pmd_harness_eal_init(argv[0], vdevs);
	part_lossless();
	part_lossy();
	part_start();
	part_copybreak();
	rte_eal_cleanup();
	return harness_result("pmd_nombuf");
}
