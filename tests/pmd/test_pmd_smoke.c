/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Smoke test of net_stmmac_uio on the device model: probe a port fed by
 * 1000 generated 64-byte UDP/IPv4 frames, receive everything, account for
 * every frame (ipackets + imissed + ierrors == offered), send a few
 * frames back out, stop (pool back to its baseline), close, no driver
 * protocol violation; and bad devargs make the probe fail.
 */
#include <rte_bus_vdev.h>

#include "pmd_harness.h"

#define SMOKE_FRAMES	1000
#define SMOKE_TX	100
#define SMOKE_DEV	"net_stmmac_uio0"

static void
check_frame(struct rte_mbuf *m, void *arg)
{
	uint64_t *bad = arg;

	/*
	 * 64 bytes without FCS: the MAC strips it by default. The parser
	 * sets the exact L3 type and both checksums verify (csum=auto).
	 */
	if (m->pkt_len != 64 || m->data_len != 64 || m->nb_segs != 1 ||
	    m->packet_type != (RTE_PTYPE_L2_ETHER | RTE_PTYPE_L3_IPV4 |
			       RTE_PTYPE_L4_UDP) ||
	    (m->ol_flags & (RTE_MBUF_F_RX_IP_CKSUM_MASK |
			    RTE_MBUF_F_RX_L4_CKSUM_MASK)) !=
	    (RTE_MBUF_F_RX_IP_CKSUM_GOOD | RTE_MBUF_F_RX_L4_CKSUM_GOOD))
		(*bad)++;
}

static void
test_tx(uint16_t port, struct rte_mempool *mp)
{
	struct rte_mbuf *pkts[SMOKE_TX];
	struct dwmac4_model_stats st;
	unsigned int sent = 0, i, polls;

	CHECK(rte_pktmbuf_alloc_bulk(mp, pkts, SMOKE_TX) == 0, "TX alloc");
	for (i = 0; i < SMOKE_TX; i++) {
		char *d = rte_pktmbuf_append(pkts[i], 60);

		memset(d, 0, 60);
		memset(d, 0xff, 6);		/* broadcast */
		d[12] = 0x88;			/* local experimental EtherType */
		d[13] = 0xb5;
	}
	for (polls = 0; polls < 1000000 && sent < SMOKE_TX; polls++)
		sent += rte_eth_tx_burst(port, 0, pkts + sent,
					 (uint16_t)(SMOKE_TX - sent));
	CHECK_EQ_U(sent, SMOKE_TX, "TX burst accepted everything");
	memset(&st, 0, sizeof(st));
	for (polls = 0; polls < 10000000; polls++) {
		rte_pmd_stmmac_uio_model_stats(port, &st);
		if (st.tx_frames >= SMOKE_TX)
			break;
		rte_eth_tx_burst(port, 0, NULL, 0);	/* reclaims */
		rte_pause();
	}
	CHECK_EQ_U(st.tx_frames, SMOKE_TX, "frames the model sent");
	CHECK_EQ_U(st.tx_bytes, SMOKE_TX * 60, "bytes the model sent");
}

static void
test_traffic(void)
{
	struct rte_eth_stats stats;
	struct dwmac4_model_stats st;
	struct rte_mempool *mp;
	unsigned int baseline;
	uint64_t got, bad = 0;
	int i, port = pmd_harness_port(SMOKE_DEV);

	CHECK(port >= 0, "%s probed", SMOKE_DEV);
	if (port < 0)
		return;
	mp = eal_harness_pool("smoke_pool", 4096, RTE_MBUF_DEFAULT_BUF_SIZE);
	CHECK(mp != NULL, "pool");
	if (mp == NULL)
		return;
	baseline = rte_mempool_in_use_count(mp);
	if (pmd_harness_port_start((uint16_t)port, mp, 512, NULL) != 0) {
		CHECK(0, "port start");
		return;
	}
	got = pmd_harness_rx_until((uint16_t)port, SMOKE_FRAMES, check_frame,
				   &bad);
	CHECK(rte_eth_stats_get((uint16_t)port, &stats) == 0, "stats");
	CHECK_EQ_U(stats.ipackets, got, "ipackets counts what we received");
	CHECK_EQ_U(stats.ipackets + stats.imissed + stats.ierrors, SMOKE_FRAMES,
		   "every offered frame accounted for (ipackets %" PRIu64
		   " imissed %" PRIu64 " ierrors %" PRIu64 ")",
		   stats.ipackets, stats.imissed, stats.ierrors);
	CHECK_EQ_U(stats.ibytes, stats.ipackets * 64, "ibytes exclude the FCS");
	CHECK_EQ_U(bad, 0, "frames with a wrong length, segments or ptype");
	CHECK(rte_pmd_stmmac_uio_model_stats((uint16_t)port, &st) == 0,
	      "model stats");
	CHECK_EQ_U(st.rx_offered, SMOKE_FRAMES, "model rx_offered");
	CHECK_EQ_U(pmd_harness_model_lost(&st), stats.imissed,
		   "model and driver agree on misses");
	printf("received %" PRIu64 ", missed %" PRIu64 ", errors %" PRIu64 "\n",
	       stats.ipackets, stats.imissed, stats.ierrors);

	test_tx((uint16_t)port, mp);

	CHECK(rte_eth_dev_stop((uint16_t)port) == 0, "stop");
	CHECK_EQ_U(rte_mempool_in_use_count(mp), baseline,
		   "every mbuf back in the pool after stop");
	/* Stop/start cycles (robustness row 18): the ring is re-armed each time. */
	for (i = 0; i < 3; i++) {
		struct rte_mbuf *pkts[32];

		CHECK(rte_eth_dev_start((uint16_t)port) == 0, "restart %d", i);
		CHECK_EQ_U(rte_mempool_in_use_count(mp), baseline + 512,
			   "restart %d arms the whole ring", i);
		CHECK_EQ_U(rte_eth_rx_burst((uint16_t)port, 0, pkts, 32), 0,
			   "source exhausted: nothing more to receive");
		CHECK(rte_eth_dev_stop((uint16_t)port) == 0, "stop %d", i);
		CHECK_EQ_U(rte_mempool_in_use_count(mp), baseline,
			   "pool baseline after stop %d", i);
	}
	PMD_HARNESS_CHECK_NO_VIOLATION((uint16_t)port);
	CHECK(rte_eth_dev_close((uint16_t)port) == 0, "close");
	CHECK_EQ_U(rte_mempool_in_use_count(mp), baseline,
		   "every mbuf back in the pool after close");
	CHECK(rte_pmd_stmmac_uio_model_rx_idle((uint16_t)port) == -ENODEV,
	      "a closed port is no longer ours");
	rte_mempool_free(mp);
}

static void
test_bad_devargs(void)
{
	static const char *const bad[] = {
		"gen_len=5", "foo=1", "gen_len=70-60", "gen_proto=sctp",
		"mac=01:00:00:00:00:01", "model=dwmac1000", "uio=uio99",
		"uio=uio0,gen_pkts=5", "rx_pcap=/nonexistent/x.pcap",
	};
	unsigned int i;
	uint16_t before = rte_eth_dev_count_avail();

	for (i = 0; i < RTE_DIM(bad); i++) {
		char name[32];

		snprintf(name, sizeof(name), "net_stmmac_uio%u", 10 + i);
		CHECK(rte_vdev_init(name, bad[i]) != 0, "devargs \"%s\" rejected",
		      bad[i]);
	}
	CHECK_EQ_U(rte_eth_dev_count_avail(), before, "no port left behind");
	CHECK(rte_pmd_stmmac_uio_model_stats(RTE_MAX_ETHPORTS - 1, NULL) == -ENODEV,
	      "not our port");
}

int
main(int argc, char **argv)
{
	static const char *const vdevs[] = {
		SMOKE_DEV ",gen_pkts=1000,gen_len=64", NULL,
	};

	(void)argc;
	pmd_harness_eal_init(argv[0], vdevs);
	test_traffic();
	test_bad_devargs();
	rte_eal_cleanup();
	return harness_result("pmd_smoke");
}
