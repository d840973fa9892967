/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Multi-buffer receive of the family's PMD (pmd_family.h) on its device
 * model (robustness rows 4, 5, 10, 11):
 *  - scatter on, 512-byte buffers, 1514-byte frames: chains of 3 segments
 *    whose lengths come from the device's (512 + 512 + 490; with NETA's
 *    header in the first buffer, 510 + 512 + 492);
 *  - scatter off, 2048-byte buffers, 3000-byte frames: every frame dropped
 *    and counted once (rx_scatter_dropped), every buffer re-armed;
 *  - KEEP_CRC: the FCS stays in the data, ibytes still exclude it.
 * Each case ends with the pool back at its baseline and no violation.
 */
#include "pmd_harness.h"

#define NB_FRAMES 500

struct chain_check {
	uint32_t len;
	uint16_t segs;
	uint64_t bad;
};

static void
check_chain(struct rte_mbuf *m, void *arg)
{
	struct chain_check *c = arg;
	const struct rte_mbuf *s;
	uint32_t sum = 0;

	for (s = m; s != NULL; s = s->next) {
		if (s->data_len == 0)
			c->bad++;
		sum += s->data_len;
	}
	if (m->pkt_len != c->len || sum != m->pkt_len || m->nb_segs != c->segs)
		c->bad++;
}

static void
run_case(const char *dev, uint16_t data_room, uint64_t offloads,
	 struct chain_check *want, uint64_t want_pkts_min)
{
	struct rte_eth_conf conf;
	struct rte_eth_stats st;
	struct rte_mempool *mp;
	char pool[64];
	unsigned int base;
	int port = pmd_harness_port(dev);

	CHECK(port >= 0, "%s probed", dev);
	if (port < 0)
		return;
	snprintf(pool, sizeof(pool), "pool_%s", dev);
	mp = eal_harness_pool(pool, 4096, data_room);
	if (mp == NULL) {
		CHECK(0, "pool");
		return;
	}
	base = rte_mempool_in_use_count(mp);
	memset(&conf, 0, sizeof(conf));
	conf.rxmode.offloads = offloads;
	if (pmd_harness_port_start((uint16_t)port, mp, 256, &conf) != 0) {
		CHECK(0, "%s start", dev);
		return;
	}
	pmd_harness_rx_until((uint16_t)port, NB_FRAMES, check_chain, want);
	rte_eth_stats_get((uint16_t)port, &st);
	printf("%s: ipackets %" PRIu64 " imissed %" PRIu64 " ierrors %" PRIu64
	       " ibytes %" PRIu64 "\n", dev, st.ipackets, st.imissed,
	       st.ierrors, st.ibytes);
	CHECK_EQ_U(st.ipackets + st.imissed + st.ierrors, NB_FRAMES,
		   "%s: every frame accounted for", dev);
	CHECK(st.ipackets >= want_pkts_min, "%s: %" PRIu64 " frames received",
	      dev, st.ipackets);
	CHECK_EQ_U(want->bad, 0, "%s: malformed chains", dev);
	if (want_pkts_min == 0) {
		CHECK_EQ_U(st.ipackets, 0, "%s: nothing delivered", dev);
		/*
		 * A frame cut short by the end of the armed ring comes back
		 * as one descriptor with ES|OE (model.md step 3): a device
		 * error, not a scatter drop.
		 */
		CHECK(pmd_harness_xstat((uint16_t)port, "rx_q0_scatter_dropped") > 0,
		      "%s: scatter drops counted", dev);
		CHECK_EQ_U(pmd_harness_xstat((uint16_t)port, "rx_q0_scatter_dropped") +
			   pmd_harness_xstat((uint16_t)port, "rx_q0_desc_errors"),
			   st.ierrors, "%s: drops are scatter or device errors",
			   dev);
	}
	CHECK(rte_eth_dev_stop((uint16_t)port) == 0, "stop");
	CHECK_EQ_U(rte_mempool_in_use_count(mp), base, "%s: pool baseline", dev);
	PMD_HARNESS_CHECK_NO_VIOLATION((uint16_t)port);
	CHECK(rte_eth_dev_close((uint16_t)port) == 0, "close");
	rte_mempool_free(mp);
}

int
main(int argc, char **argv)
{
	static const char *const args[] = {
		",gen_pkts=500,gen_len=1514,flow_ctrl=1",
		",gen_pkts=500,gen_len=3000",
		",gen_pkts=500,gen_len=64,flow_ctrl=1",
	};
	static char names[3][32], vdev_args[3][128];
	const char *vdevs[4];
	/* Buffers holding frame bytes: the header shares the first. */
	struct chain_check sc = {
		.len = 1514,
		.segs = (uint16_t)((1514 + pmd_family()->rx_lead + 511) / 512),
	};
	struct chain_check drop = { .len = 0, .segs = 0 };
	struct chain_check crc = { .len = 68, .segs = 1 };
	unsigned int i;

	(void)argc;
	for (i = 0; i < 3; i++) {
		pmd_vdev(names[i], sizeof(names[i]), i);
		snprintf(vdev_args[i], sizeof(vdev_args[i]), "%s%s", names[i],
			 args[i]);
		vdevs[i] = vdev_args[i];
	}
	vdevs[3] = NULL;
	pmd_harness_eal_init(argv[0], vdevs);
	/* 512-byte buffers: 128 bytes of headroom + 512. */
	run_case(names[0], RTE_PKTMBUF_HEADROOM + 512,
		 RTE_ETH_RX_OFFLOAD_SCATTER, &sc, NB_FRAMES);
	run_case(names[1], RTE_MBUF_DEFAULT_BUF_SIZE, 0, &drop, 0);
	run_case(names[2], RTE_MBUF_DEFAULT_BUF_SIZE,
		 RTE_ETH_RX_OFFLOAD_KEEP_CRC, &crc, NB_FRAMES);
	rte_eal_cleanup();
	return harness_result("pmd_scatter");
}
