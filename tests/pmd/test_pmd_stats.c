/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Statistics of the family's PMD (pmd_family.h) that a user reads first:
 *  - imissed is exact on a started port nobody polls: the device's
 *    clear-on-read missed counters are read often enough (for dwmac4's
 *    11-bit ones, stmmac_missed.c) that thousands of frames lost at a
 *    wire's pace never saturate them;
 *  - stats_reset clears: right after it imissed is 0 and stays so while
 *    nothing new is lost;
 *  - every xstat the PMD exports is documented in docs/nics/<family>_uio.rst.
 */
#include <rte_bus_vdev.h>

#include "pmd_harness.h"

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
	test_xstats_documented();
	rte_eal_cleanup();
	return harness_result("pmd_stats");
}
