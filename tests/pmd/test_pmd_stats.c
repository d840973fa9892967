/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Statistics of the family's PMD (pmd_family.h) that a user reads first:
 *  - imissed is exact on a started port nobody polls: the device's
 *    clear-on-read missed counters are read often enough (for dwmac4's
 *    11-bit ones, stmmac_missed.c) that thousands of frames lost at a
 *    wire's pace never saturate them;
 *  - stats_reset clears: right after it imissed is 0 and stays so while
 *    nothing new is lost; a reset from another thread while a thread of
 *    its own receives and sends is never lost (the counters after each of
 *    300 resets hold at most what moved since, plus one burst);
 *  - every xstat the PMD exports is documented in docs/nics/<family>_uio.rst;
 *  - a model port exports the model counters every family shares, under
 *    the same names, and a driver protocol violation (the test playing a
 *    broken driver through the port's backend) counts in
 *    model_violations;
 *  - a MAC at another speed than the link partner (dwmac4: fixed_link=100
 *    against the partner at 1000; NETA: the GMAC forced to 100): the link
 *    reads up at 100 Mbit/s, nothing passes, and the frames lost count in
 *    model_rx_dropped_speed / model_tx_dropped_speed, with one warning.
 */
#include <pthread.h>

#include <ethdev_driver.h>
#include <rte_bus_vdev.h>

#include "pmd_harness.h"
#include "stmmac_ethdev.h"
#ifdef SOCRX_TEST_MVNETA
#include "mvneta_ethdev.h"
#endif

static char st_dev[32];
#define ST_DEV		st_dev
#define ST_FRAMES	6000
/* 50 us apart: 2047 frames take 100 ms, far more than the alarm period. */
#define ST_RATE		20000

static char rst_path[512];

static void
test_imissed_unpolled(void)
{
	struct pmd_model_stats st;
	struct rte_eth_stats es;
	struct rte_mempool *mp;
	uint64_t polls;
	int port = pmd_harness_probed_port(ST_DEV);

	if (port < 0)
		return;
	mp = eal_harness_pool("stats_pool", 1024, RTE_MBUF_DEFAULT_BUF_SIZE);
	if (mp == NULL ||
	    pmd_harness_port_start((uint16_t)port, mp, 64, NULL) != 0) {
		CHECK(0, "port start");
		return;
	}
	/* Nobody polls: the ring fills, the MTL queue fills, the rest is lost. */
	for (polls = 0; polls < PMD_HARNESS_MAX_POLLS; polls++) {
		st = pmd_harness_model((uint16_t)port);
		if (st.rx_offered == ST_FRAMES && st.rx_pending == 0)
			break;
		rte_pause();
	}
	CHECK_EQ_U(st.rx_offered, ST_FRAMES, "the source offered every frame");
	if (pmd_family()->missed_saturates) {
		struct dwmac4_model_stats d = pmd_harness_model_stats((uint16_t)port);

		CHECK(d.rx_dropped_overflow > 2047, "%" PRIu64 " frames lost: more than the counter holds",
		      d.rx_dropped_overflow);
	} else {
		CHECK(st.rx_lost > 2047, "%" PRIu64 " frames lost", st.rx_lost);
	}
	es = pmd_harness_eth_stats((uint16_t)port);
	CHECK_EQ_U(es.imissed, st.rx_lost,
		   "imissed counts every lost frame, read while nobody polled");
	if (pmd_family()->missed_saturates)
		CHECK_EQ_U(pmd_harness_xstat((uint16_t)port, "rx_q0_missed_overflow"), 0,
			   "no read found a counter saturated");

	/* Cleared: 0 now, and nothing new is lost (the source is done). */
	CHECK(rte_eth_stats_reset((uint16_t)port) == 0, "stats reset");
	es = pmd_harness_eth_stats((uint16_t)port);
	CHECK_EQ_U(es.imissed, 0, "imissed after reset");
	CHECK_EQ_U(es.ipackets, 0, "ipackets after reset");
	CHECK_EQ_U(pmd_harness_rx_until((uint16_t)port, UINT64_MAX, NULL, NULL),
		   ST_FRAMES - st.rx_lost,
		   "the frames the ring and the MTL queue held");
	es = pmd_harness_eth_stats((uint16_t)port);
	CHECK_EQ_U(es.imissed, 0, "imissed after draining");
	PMD_HARNESS_CHECK_NO_VIOLATION((uint16_t)port);
	CHECK(rte_eth_dev_stop((uint16_t)port) == 0, "stop");
}

#define RR_RESETS	300
#define RR_BURST	32
#define RR_GROWTH	16	/* frames received between two resets */

/* The datapath thread: receives, sends back, counts what it moved. */
struct rr_thread {
	uint16_t port;
	bool stop;
	uint64_t rx, tx;
};

static void *
rr_poll(void *arg)
{
	struct rr_thread *t = arg;
	struct rte_mbuf *pkts[RR_BURST];
	uint16_t n, sent;

	while (!__atomic_load_n(&t->stop, __ATOMIC_ACQUIRE)) {
		n = rte_eth_rx_burst(t->port, 0, pkts, RR_BURST);
		if (n == 0)
			continue;
		__atomic_fetch_add(&t->rx, n, __ATOMIC_RELEASE);
		sent = rte_eth_tx_burst(t->port, 0, pkts, n);
		rte_pktmbuf_free_bulk(&pkts[sent], n - sent);
		__atomic_fetch_add(&t->tx, sent, __ATOMIC_RELEASE);
	}
	return NULL;
}

/*
 * stats_reset from the control thread while another thread runs the
 * bursts (the application's, or the multi-process thread serving
 * dpdk-proc-info --stats-reset): a reset that zeroed the counters lost
 * itself whenever the burst's read-modify-write of a counter straddled
 * it, and the counters read on from their old values.
 */
static void
test_reset_under_traffic(void)
{
	struct rr_thread t = { 0 };
	struct rte_eth_stats es;
	struct rte_mempool *mp;
	uint64_t r0, r1, t0, t1, last = 0, polls;
	unsigned int i, lost_rx = 0, lost_tx = 0, done = 0;
	pthread_t th;
	char dev[32];
	int port;

	pmd_vdev(dev, sizeof(dev), 6);
	CHECK(pmd_harness_vdev_init(dev, "flow_ctrl=0,gen_rate=0") == 0, "%s probed", dev);
	port = pmd_harness_port(dev);
	mp = eal_harness_pool("rr_pool", 2048, RTE_MBUF_DEFAULT_BUF_SIZE);
	if (port < 0 || mp == NULL ||
	    pmd_harness_port_start((uint16_t)port, mp, 256, NULL) != 0) {
		CHECK(0, "%s started", dev);
		return;
	}
	t.port = (uint16_t)port;
	if (pthread_create(&th, NULL, rr_poll, &t) != 0) {
		CHECK(0, "datapath thread");
		return;
	}
	for (i = 0; i < RR_RESETS; i++) {
		for (polls = 0; polls < PMD_HARNESS_MAX_POLLS &&
		     __atomic_load_n(&t.rx, __ATOMIC_ACQUIRE) < last + RR_GROWTH;
		     polls++)
			rte_pause();
		if (polls == PMD_HARNESS_MAX_POLLS)
			break;
		r0 = __atomic_load_n(&t.rx, __ATOMIC_ACQUIRE);
		t0 = __atomic_load_n(&t.tx, __ATOMIC_ACQUIRE);
		rte_eth_stats_reset((uint16_t)port);
		es = pmd_harness_eth_stats((uint16_t)port);
		r1 = __atomic_load_n(&t.rx, __ATOMIC_ACQUIRE);
		t1 = __atomic_load_n(&t.tx, __ATOMIC_ACQUIRE);
		/* Since the reset: what moved meanwhile, plus one burst. */
		lost_rx += es.ipackets > r1 - r0 + RR_BURST;
		lost_tx += es.opackets > t1 - t0 + RR_BURST;
		last = r1;
		done++;
	}
	__atomic_store_n(&t.stop, true, __ATOMIC_RELEASE);
	pthread_join(th, NULL);
	CHECK_EQ_U(done, RR_RESETS, "%s: %u resets, each after %u frames received",
		   dev, RR_RESETS, RR_GROWTH);
	CHECK_EQ_U(lost_rx, 0, "%s: resets lost on ipackets", dev);
	CHECK_EQ_U(lost_tx, 0, "%s: resets lost on opackets", dev);
	/* Stopped: a reset reads 0 everywhere. */
	rte_eth_stats_reset((uint16_t)port);
	es = pmd_harness_eth_stats((uint16_t)port);
	CHECK(es.ipackets == 0 && es.opackets == 0 && es.ibytes == 0 &&
	      es.obytes == 0, "%s: 0 after a reset with nothing running", dev);
	CHECK(rte_eth_dev_stop((uint16_t)port) == 0, "stop");
	rte_eth_dev_close((uint16_t)port);
	rte_vdev_uninit(dev);
	rte_mempool_free(mp);
}

/* ethdev's basic statistics, which it adds to every port's xstats. */
static bool
ethdev_basic(const char *name)
{
	static const char *const basic[] = {
		"rx_good_packets", "tx_good_packets", "rx_good_bytes",
		"tx_good_bytes", "rx_missed_errors", "rx_errors", "tx_errors",
		"rx_mbuf_allocation_errors", "rx_q0_packets", "rx_q0_bytes",
		"rx_q0_errors", "tx_q0_packets", "tx_q0_bytes",
	};
	unsigned int i;

	for (i = 0; i < RTE_DIM(basic); i++)
		if (strcmp(name, basic[i]) == 0)
			return true;
	return false;
}

/* Each xstat name, without its queue prefix, as ``name`` in the rst. */
static void
test_xstats_documented(void)
{
	struct rte_eth_xstat_name *names;
	char *doc = NULL, pat[RTE_ETH_XSTATS_NAME_SIZE + 8];
	size_t size = 0;
	FILE *f;
	int n, i, port = pmd_harness_port(ST_DEV);

	f = fopen(rst_path, "r");
	CHECK(f != NULL, "open %s", rst_path);
	if (f == NULL || port < 0)
		return;
	if (getdelim(&doc, &size, '\0', f) < 0)
		CHECK(0, "read %s", rst_path);
	fclose(f);
	n = rte_eth_xstats_get_names((uint16_t)port, NULL, 0);
	names = calloc((size_t)RTE_MAX(n, 1), sizeof(*names));
	CHECK(n > 0 && names != NULL &&
	      rte_eth_xstats_get_names((uint16_t)port, names, (unsigned int)n) == n,
	      "xstats names");
	for (i = 0; doc != NULL && names != NULL && i < n; i++) {
		const char *x = names[i].name;

		if (ethdev_basic(x))
			continue;
		if (strncmp(x, "rx_q0_", 6) == 0 || strncmp(x, "tx_q0_", 6) == 0)
			x += 6;
		snprintf(pat, sizeof(pat), "``%s``", x);
		CHECK(strstr(doc, pat) != NULL, "xstat %s is not documented in %s",
		      names[i].name, rst_path);
	}
	free(names);
	free(doc);
}

/* The model counters every family's model port exports (docs/model.md). */
static const char *const st_model_xstats[] = {
	"model_violations",
	"model_nc_clobbers",
	"model_nc_unclean_reads",
	"model_src_snapped",
	"model_src_too_long",
	"model_rx_busy",
	"model_rx_dropped_speed",
	"model_tx_dropped_speed",
};

/* The device behind @p port, as the driver reaches it. */
static struct socnic_backend *
st_backend(uint16_t port)
{
	/* Every family's adapter starts with struct socnic_port. */
	return &socnic_port(&rte_eth_devices[port])->be;
}

/*
 * The shared names, and a violation counted: a register write off the
 * 32-bit grid (offset 0x1002), which both models refuse and count as a
 * bad register access, on a port of its own.
 */
static void
test_model_xstats(void)
{
	struct socnic_backend *be;
	struct pmd_model_stats st;
	char dev[32];
	unsigned int i;
	int port;

	pmd_vdev(dev, sizeof(dev), 5);
	CHECK(pmd_harness_vdev_init(dev, "gen_pkts=1") == 0, "%s probed", dev);
	port = pmd_harness_port(dev);
	if (port < 0)
		return;
	/* Each present (a missing one fails); all 0 but the busy gauge. */
	for (i = 0; i < RTE_DIM(st_model_xstats); i++)
		CHECK(pmd_harness_xstat((uint16_t)port, st_model_xstats[i]) == 0 ||
		      strcmp(st_model_xstats[i], "model_rx_busy") == 0,
		      "%s: %s at 0", dev, st_model_xstats[i]);
	be = st_backend((uint16_t)port);
	be->ops->write32(be->ctx, 0x1002, 0);
	CHECK_EQ_U(pmd_harness_xstat((uint16_t)port, "model_violations"), 1,
		   "%s: a misaligned register write counted", dev);
	CHECK(pmd_family()->model_stats((uint16_t)port, &st) == 0 &&
	      st.violations == 1, "%s: the model saw one violation", dev);
	rte_eth_dev_close((uint16_t)port);
	rte_vdev_uninit(dev);
}

#define SP_FRAMES	50
#define SP_TX		10

/* Occurrences of @p what in @p s. */
static unsigned int
st_count(const char *s, const char *what)
{
	unsigned int n = 0;

	while (s != NULL && (s = strstr(s, what)) != NULL) {
		n++;
		s += strlen(what);
	}
	return n;
}

/* Step mode: the device moves only here, every frame each time. */
static void
sp_step(uint16_t port)
{
	unsigned int i;

	for (i = 0; i < 8; i++)
		pmd_family()->model_step(port, 4096);
}

static void
test_speed_mismatch(void)
{
	const bool neta = strcmp(pmd_family()->name, "mvneta") == 0;
	struct rte_mbuf *pkts[SP_TX];
	struct rte_eth_link l;
	struct rte_mempool *mp;
	char dev[32], args[128], *log = NULL;
	size_t size = 0;
	FILE *f, *old = rte_log_get_stream();
	unsigned int i, round, sent = 0;
	int port;

	pmd_vdev(dev, sizeof(dev), 6);
	snprintf(args, sizeof(args), "model_step=1,flow_ctrl=0,gen_pkts=%u%s",
		 SP_FRAMES, neta ? ",mdio=none" : ",model_phy_addr=none,fixed_link=100");
	CHECK(pmd_harness_vdev_init(dev, args) == 0, "%s probed", args);
	port = pmd_harness_port(dev);
	mp = eal_harness_pool("speed_pool", 1024, RTE_MBUF_DEFAULT_BUF_SIZE);
	f = open_memstream(&log, &size);
	if (port < 0 || mp == NULL || f == NULL) {
		CHECK(0, "speed: set up");
		rte_mempool_free(mp);
		return;
	}
	rte_openlog_stream(f);
	for (round = 0; round < 2; round++) {
		if (round == 0 ? pmd_harness_port_start((uint16_t)port, mp, 256,
							 NULL) != 0 :
		    rte_eth_dev_start((uint16_t)port) != 0) {
			CHECK(0, "speed: start %u", round);
			break;
		}
#ifdef SOCRX_TEST_MVNETA
		/* NETA: the driver forces 100 Mbit/s (the test plays it). */
		if (neta)
			st_backend((uint16_t)port)->ops->write32(
				st_backend((uint16_t)port)->ctx,
				MVNETA_GMAC_AUTONEG_CONFIG,
				MVNETA_GMAC_CONFIG_MII_SPEED |
				MVNETA_GMAC_CONFIG_FULL_DUPLEX);
#endif
		sp_step((uint16_t)port);
		CHECK(rte_eth_link_get_nowait((uint16_t)port, &l) == 0 &&
		      l.link_status == RTE_ETH_LINK_UP &&
		      l.link_speed == RTE_ETH_SPEED_NUM_100M,
		      "speed: link up at 100 (%u %u)", l.link_status,
		      l.link_speed);
		CHECK_EQ_U(pmd_harness_rx_until((uint16_t)port, 1, NULL, NULL), 0,
			   "speed: nothing received");
		if (round == 0 &&
		    rte_pktmbuf_alloc_bulk(mp, pkts, SP_TX) == 0) {
			for (i = 0; i < SP_TX; i++)
				memset(rte_pktmbuf_append(pkts[i], 60), 0xff, 60);
			sent = rte_eth_tx_burst((uint16_t)port, 0, pkts, SP_TX);
			rte_pktmbuf_free_bulk(pkts + sent, SP_TX - sent);
			sp_step((uint16_t)port);
		}
		CHECK(rte_eth_dev_stop((uint16_t)port) == 0, "speed: stop");
	}
	rte_openlog_stream(old);
	fclose(f);
	CHECK_EQ_U(pmd_harness_xstat((uint16_t)port, "model_rx_dropped_speed"),
		   SP_FRAMES, "speed: every frame received counted");
	CHECK_EQ_U(sent, SP_TX, "speed: TX took the frames");
	CHECK_EQ_U(pmd_harness_xstat((uint16_t)port, "model_tx_dropped_speed"),
		   SP_TX, "speed: every frame sent counted");
	CHECK_EQ_U(st_count(log, "not the link partner's"), 1,
		   "speed: one warning over two runs: %s", log ? log : "");
	PMD_HARNESS_CHECK_NO_VIOLATION((uint16_t)port);
	free(log);
	rte_eth_dev_close((uint16_t)port);
	rte_vdev_uninit(dev);
	rte_mempool_free(mp);
}

int
main(int argc, char **argv)
{
	static char vdev[128];
	const char *vdevs[] = { vdev, NULL };

	if (argc != 2) {
		fprintf(stderr, "usage: %s SOURCE_ROOT\n", argv[0]);
		return 1;
	}
	pmd_vdev(st_dev, sizeof(st_dev), 0);
	snprintf(vdev, sizeof(vdev), "%s,flow_ctrl=0,gen_pkts=" RTE_STR(ST_FRAMES)
		 ",gen_rate=" RTE_STR(ST_RATE), st_dev);
	snprintf(rst_path, sizeof(rst_path), "%s/docs/nics/%s_uio.rst",
		 argv[1], pmd_family()->name);
	pmd_harness_eal_init(argv[0], vdevs);
	test_imissed_unpolled();
	test_reset_under_traffic();
	test_xstats_documented();
	test_model_xstats();
	test_speed_mismatch();
	rte_eal_cleanup();
	return harness_result("pmd_stats");
}
