/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Smoke test of the family's PMD (pmd_family.h) on its device model: probe a port fed by
 * 1000 generated 64-byte UDP/IPv4 frames, receive everything, account for
 * every frame (ipackets + imissed + ierrors == offered), send a few
 * frames back out, stop (pool back to its baseline), close, no driver
 * protocol violation; and bad devargs make the probe fail. Step mode
 * (model_step=1): the device moves only when the harness steps it;
 * inline mode (model_step=inline): only when the port is polled. On
 * the non-coherent interconnect, a TX burst cleans each line it wrote
 * exactly once: the bytes of every segment and the descriptor lines.
 */
#include <pcap/pcap.h>
#include <signal.h>
#include <sys/resource.h>
#include <unistd.h>

#include <rte_bus_vdev.h>

#include "model_nc.h"
#include "pmd_harness.h"

#define SMOKE_FRAMES	1000
#define SMOKE_TX	100
static char smoke_dev[32];
#define SMOKE_DEV	smoke_dev

struct smoke_rx {
	uint64_t bad;		/* wrong length, segments, ptype or flags */
	uint64_t bad_src;	/* a source a port owns by default, or the dst */
};

/*
 * Whether @p a is an address a port of a family the test knows gets by
 * default (socnic_default_mac(): 02:00:00:HI:FAMILY:LO).
 */
static bool
smoke_default_mac(const uint8_t *a)
{
	size_t i;

	if (a[0] != 0x02 || a[1] != 0 || a[2] != 0)
		return false;
	for (i = 0; i < RTE_DIM(pmd_families); i++)
		if (a[4] == pmd_families[i].mac_family)
			return true;
	return false;
}

static void
check_frame(struct rte_mbuf *m, void *arg)
{
	struct smoke_rx *rx = arg;
	const struct rte_ether_hdr *eh =
		rte_pktmbuf_mtod(m, const struct rte_ether_hdr *);

	/*
	 * The generator sends from its link partner's address, the same in
	 * every family: never a port's default (the port itself, or one
	 * of another family), never the destination.
	 */
	if (smoke_default_mac(eh->src_addr.addr_bytes) ||
	    rte_is_same_ether_addr(&eh->src_addr, &eh->dst_addr))
		rx->bad_src++;
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
		rx->bad++;
}

/* SMOKE_TX broadcast frames of 60 bytes, local experimental EtherType. */
static void
smoke_tx_frames(struct rte_mbuf **pkts)
{
	unsigned int i;

	for (i = 0; i < SMOKE_TX; i++) {
		char *d = rte_pktmbuf_append(pkts[i], 60);

		memset(d, 0, 60);
		memset(d, 0xff, 6);		/* broadcast */
		d[12] = 0x88;
		d[13] = 0xb5;
	}
}

static void
test_tx(uint16_t port, struct rte_mempool *mp)
{
	struct rte_mbuf *pkts[SMOKE_TX];
	struct pmd_model_stats st;
	unsigned int sent = 0, polls;

	CHECK(rte_pktmbuf_alloc_bulk(mp, pkts, SMOKE_TX) == 0, "TX alloc");
	smoke_tx_frames(pkts);
	for (polls = 0; polls < 1000000 && sent < SMOKE_TX; polls++)
		sent += rte_eth_tx_burst(port, 0, pkts + sent,
					 (uint16_t)(SMOKE_TX - sent));
	CHECK_EQ_U(sent, SMOKE_TX, "TX burst accepted everything");
	memset(&st, 0, sizeof(st));
	for (polls = 0; polls < 10000000; polls++) {
		pmd_family()->model_stats(port, &st);
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
	struct pmd_model_stats st;
	struct rte_mempool *mp;
	struct smoke_rx rx = { 0, 0 };
	unsigned int baseline;
	uint64_t got;
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
				   &rx);
	CHECK(rte_eth_stats_get((uint16_t)port, &stats) == 0, "stats");
	CHECK_EQ_U(stats.ipackets, got, "ipackets counts what we received");
	CHECK_EQ_U(stats.ipackets + stats.imissed + stats.ierrors, SMOKE_FRAMES,
		   "every offered frame accounted for (ipackets %" PRIu64
		   " imissed %" PRIu64 " ierrors %" PRIu64 ")",
		   stats.ipackets, stats.imissed, stats.ierrors);
	CHECK_EQ_U(stats.ibytes, stats.ipackets * 64, "ibytes exclude the FCS");
	CHECK_EQ_U(rx.bad, 0, "frames with a wrong length, segments or ptype");
	CHECK_EQ_U(rx.bad_src, 0,
		   "generated frames from a port's default MAC or to themselves");
	CHECK(pmd_family()->model_stats((uint16_t)port, &st) == 0,
	      "model stats");
	CHECK_EQ_U(st.rx_offered, SMOKE_FRAMES, "model rx_offered");
	CHECK_EQ_U(st.rx_lost, stats.imissed,
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
	CHECK_EQ_U(pmd_family()->model_step((uint16_t)port, 1), -EBUSY,
		   "a model with its thread is not stepped");
	CHECK(rte_eth_dev_close((uint16_t)port) == 0, "close");
	CHECK_EQ_U(rte_mempool_in_use_count(mp), baseline,
		   "every mbuf back in the pool after close");
	CHECK(pmd_family()->rx_idle((uint16_t)port) == -ENODEV,
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

		pmd_vdev(name, sizeof(name), 10 + i);
		CHECK(rte_vdev_init(name, bad[i]) != 0, "devargs \"%s\" rejected",
		      bad[i]);
	}
	CHECK_EQ_U(rte_eth_dev_count_avail(), before, "no port left behind");
	CHECK(pmd_family()->model_stats(RTE_MAX_ETHPORTS - 1, &(struct pmd_model_stats){ 0 }) == -ENODEV,
	      "not our port");
}

/*
 * Default MAC addresses: from the vdev's number (more than 255 included),
 * and never one another port of the process has.
 */
static void
test_default_macs(void)
{
	static char names[4][32];
	struct rte_ether_addr ea[RTE_DIM(names)];
	char buf[RTE_ETHER_ADDR_FMT_SIZE], want[RTE_ETHER_ADDR_FMT_SIZE];
	unsigned int i, j;
	int port;

	pmd_vdev(names[0], sizeof(names[0]), 7);
	pmd_vdev(names[1], sizeof(names[1]), 263);
	snprintf(names[2], sizeof(names[2]), "%s_x", pmd_family()->vdev);
	snprintf(names[3], sizeof(names[3]), "%s_y", pmd_family()->vdev);
	for (i = 0; i < RTE_DIM(names); i++) {
		memset(&ea[i], 0, sizeof(ea[i]));
		CHECK(pmd_harness_vdev_init(names[i], "gen_pkts=1") == 0,
		      "%s probed", names[i]);
		port = pmd_harness_port(names[i]);
		if (port >= 0)
			rte_eth_macaddr_get((uint16_t)port, &ea[i]);
	}
	rte_ether_format_addr(buf, sizeof(buf), &ea[0]);
	snprintf(want, sizeof(want), "02:00:00:00:%02X:07", pmd_family()->mac_family);
	CHECK(strcmp(buf, want) == 0, "uio7: %s", buf);
	rte_ether_format_addr(buf, sizeof(buf), &ea[1]);
	snprintf(want, sizeof(want), "02:00:00:01:%02X:07", pmd_family()->mac_family);
	CHECK(strcmp(buf, want) == 0, "uio263: %s", buf);
	for (i = 0; i < RTE_DIM(names); i++)
		for (j = i + 1; j < RTE_DIM(names); j++)
			CHECK(!rte_is_same_ether_addr(&ea[i], &ea[j]),
			      "%s and %s share a default MAC", names[i], names[j]);
	for (i = 0; i < RTE_DIM(names); i++) {
		port = pmd_harness_port(names[i]);
		if (port >= 0)
			rte_eth_dev_close((uint16_t)port);
		rte_vdev_uninit(names[i]);
	}
}

/*
 * A capture the model's source cannot replay whole: records snapped
 * shorter than their frame (tcpdump -s 96) and a frame longer than the
 * model takes. Skipped, counted in xstats, and a warning at stop: never
 * a silent loss.
 */
static void
test_pcap_skipped(void)
{
	char dev[32];
	char path[] = "/tmp/socrx-smoke-XXXXXX", args[96], *log = NULL;
	static uint8_t frame[17000];
	struct pcap_pkthdr h;
	pcap_dumper_t *d;
	struct rte_mempool *mp = NULL;
	FILE *old, *f;
	size_t size = 0;
	pcap_t *p;
	unsigned int i;
	int fd, port;

	pmd_vdev(dev, sizeof(dev), 40);
	fd = mkstemp(path);
	CHECK(fd >= 0, "temporary capture");
	if (fd < 0)
		return;
	close(fd);
	p = pcap_open_dead(DLT_EN10MB, 65535);
	d = p != NULL ? pcap_dump_open(p, path) : NULL;
	CHECK(d != NULL, "pcap writer");
	if (d == NULL)
		goto out;
	memset(frame, 0xff, 6);			/* broadcast */
	frame[12] = 0x88;
	frame[13] = 0xb5;
	memset(&h, 0, sizeof(h));
	for (i = 0; i < 10; i++) {
		/* Records 0, 3, 6, 9 snapped to 96 of 200 bytes. */
		h.len = i % 3 == 0 ? 200 : 100;
		h.caplen = i % 3 == 0 ? 96 : 100;
		pcap_dump((u_char *)d, &h, frame);
	}
	h.len = h.caplen = 0;			/* record 11: empty, damaged */
	pcap_dump((u_char *)d, &h, frame);
	h.len = h.caplen = sizeof(frame);	/* longer than the model takes */
	pcap_dump((u_char *)d, &h, frame);
	pcap_dump_close(d);

	snprintf(args, sizeof(args), "rx_pcap=%s", path);
	CHECK(pmd_harness_vdev_init(dev, args) == 0, "%s probed", dev);
	port = pmd_harness_port(dev);
	mp = eal_harness_pool("skipped_pool", 1024, RTE_MBUF_DEFAULT_BUF_SIZE);
	if (port < 0 || mp == NULL ||
	    pmd_harness_port_start((uint16_t)port, mp, 256, NULL) != 0) {
		CHECK(0, "%s start", dev);
		goto out;
	}
	/*
	 * Until the source is done (asking for more than it has): the frame
	 * too long is the last record, counted only once the model took it.
	 */
	CHECK_EQ_U(pmd_harness_rx_until((uint16_t)port, UINT64_MAX, NULL, NULL),
		   6, "skipped: the 6 whole records received");
	CHECK_EQ_U(pmd_harness_xstat((uint16_t)port, "model_src_snapped"), 4,
		   "skipped: snapped records counted");
	CHECK_EQ_U(pmd_harness_xstat((uint16_t)port, "model_src_too_long"), 1,
		   "skipped: the frame too long counted");
	old = rte_log_get_stream();
	f = open_memstream(&log, &size);
	if (f != NULL)
		rte_openlog_stream(f);
	CHECK(rte_eth_dev_stop((uint16_t)port) == 0, "skipped: stop");
	rte_openlog_stream(old);
	if (f != NULL)
		fclose(f);
	CHECK(log != NULL && strstr(log, "skipped 5 frame(s)") != NULL,
	      "skipped: warned at stop: %s", log != NULL ? log : "(no log)");
	CHECK_EQ_U(pmd_harness_xstat((uint16_t)port, "model_src_bad_records"), 1,
		   "skipped: the empty record counted damaged");
	CHECK(log != NULL && strstr(log, "1 damaged record(s)") != NULL &&
	      strstr(log, "record 11 at offset") != NULL,
	      "skipped: the damaged record named at stop: %s",
	      log != NULL ? log : "(no log)");
	rte_eth_dev_close((uint16_t)port);
	rte_vdev_uninit(dev);
out:
	free(log);
	rte_mempool_free(mp);
	if (p != NULL)
		pcap_close(p);
	unlink(path);
}

/*
 * A rate-limited generator: the model's thread sleeps until each frame is
 * due instead of spinning (a spinning thread per port starves the
 * application's lcores on a 2-core board). Counted in engine passes: a
 * few per frame when it sleeps, hundreds of thousands when it spins.
 */
static void
test_rate_limited_sleeps(void)
{
	char dev[32];
	struct pmd_model_stats st;
	struct rte_mempool *mp;
	int port;

	pmd_vdev(dev, sizeof(dev), 41);
	CHECK(pmd_harness_vdev_init(dev, "gen_rate=2000,gen_pkts=200,flow_ctrl=1") == 0,
	      "%s probed", dev);
	port = pmd_harness_port(dev);
	mp = eal_harness_pool("rate_pool", 1024, RTE_MBUF_DEFAULT_BUF_SIZE);
	if (port < 0 || mp == NULL ||
	    pmd_harness_port_start((uint16_t)port, mp, 256, NULL) != 0) {
		CHECK(0, "%s start", dev);
		rte_mempool_free(mp);
		return;
	}
	CHECK_EQ_U(pmd_harness_rx_until((uint16_t)port, 200, NULL, NULL), 200,
		   "rate limited: every frame");
	st = pmd_harness_model((uint16_t)port);
	if (strcmp(pmd_family()->name, "stmmac") == 0) {
		struct dwmac4_model_stats d = pmd_harness_model_stats((uint16_t)port);

		CHECK(d.thread_rate_sleeps > 0, "rate limited: the thread slept");
		printf("rate limited: %" PRIu64 " sleeps\n", d.thread_rate_sleeps);
	}
	printf("rate limited: %" PRIu64 " passes\n", st.thread_passes);
	CHECK(st.thread_passes < 20 * 200,
	      "rate limited: %" PRIu64 " engine passes for 200 frames",
	      st.thread_passes);
	rte_eth_dev_stop((uint16_t)port);
	rte_eth_dev_close((uint16_t)port);
	rte_vdev_uninit(dev);
	rte_mempool_free(mp);
}

/*
 * Step mode (model_step=1, for the driver-alone benchmark): without a
 * thread nothing arrives until the harness steps the device; a step
 * fills every armed descriptor (the first one the whole ring), the burst
 * drains exactly those frames, intact, and what the burst re-armed takes
 * the next step's frames. The same with every line the device wrote flushed to memory
 * (dma_store=flush).
 */
static void
test_step_mode(unsigned int inst, const char *store)
{
	const struct pmd_family *fam = pmd_family();
	char dev[32], args[96];
	struct rte_mbuf *pkts[32];
	struct pmd_model_stats st;
	struct rte_mempool *mp;
	struct smoke_rx rx = { 0, 0 };
	unsigned int round, i, polls;
	uint64_t got;
	uint16_t n;
	int port, armed, moved;

	pmd_vdev(dev, sizeof(dev), inst);
	snprintf(args, sizeof(args),
		 "model_step=1,flow_ctrl=1,gen_len=64,dma_store=%s", store);
	CHECK(pmd_harness_vdev_init(dev, args) == 0, "%s: probed", store);
	port = pmd_harness_port(dev);
	mp = eal_harness_pool("step_pool", 1024, RTE_MBUF_DEFAULT_BUF_SIZE);
	if (port < 0 || mp == NULL ||
	    pmd_harness_port_start((uint16_t)port, mp, 256, NULL) != 0) {
		CHECK(0, "%s: start", store);
		rte_mempool_free(mp);
		return;
	}
	for (polls = 0; polls < 1000; polls++)
		CHECK_EQ_U(rte_eth_rx_burst((uint16_t)port, 0, pkts, 32), 0,
			   "%s: nothing before a step", store);
	st = pmd_harness_model((uint16_t)port);
	CHECK_EQ_U(st.rx_delivered, 0, "%s: no thread delivered", store);
	/* What a full ring arms at start (the tail's position may add one). */
	armed = 256 - (int)fam->ring_slack;
	for (round = 0; round < 3; round++) {
		moved = fam->model_step((uint16_t)port, 4096);
		CHECK(moved > 0 && moved <= 256,
		      "%s: round %u fills the ring: %d frames", store, round,
		      moved);
		CHECK_EQ_U(fam->model_step((uint16_t)port, 4096), 0,
			   "%s: round %u: nothing more without the driver",
			   store, round);
		if (round == 0)
			CHECK(moved >= armed,
			      "%s: the first step fills the whole armed ring: %d",
			      store, moved);
		got = 0;
		do {
			n = rte_eth_rx_burst((uint16_t)port, 0, pkts, 32);
			for (i = 0; i < n; i++)
				check_frame(pkts[i], &rx);
			rte_pktmbuf_free_bulk(pkts, n);
			got += n;
		} while (n > 0);
		CHECK_EQ_U(got, (uint64_t)moved, "%s: round %u drained",
			   store, round);
	}
	CHECK_EQ_U(rx.bad + rx.bad_src, 0, "%s: frames intact", store);
	CHECK_EQ_U(fam->model_step((uint16_t)port, 0), -EINVAL,
		   "%s: a budget of 0 is refused", store);
	PMD_HARNESS_CHECK_NO_VIOLATION((uint16_t)port);
	rte_eth_dev_stop((uint16_t)port);
	rte_eth_dev_close((uint16_t)port);
	rte_vdev_uninit(dev);
	rte_mempool_free(mp);
}

/*
 * Cache maintenance of one TX burst (step mode: nothing else runs): on
 * a non-coherent port, one clean per line the burst wrote, i.e. each
 * frame's line (60 bytes at a line-aligned data offset) and the lines of
 * its descriptors, each once; none on a coherent port. The device then
 * sends every frame and reads nothing the driver did not clean, and one
 * reclaim frees them all.
 */
static void
test_tx_maintenance(unsigned int inst)
{
	const struct pmd_family *fam = pmd_family();
	const unsigned int k = 8, len = 60;
	const unsigned int stride = fam->tx_desc_nc_bytes != 0 ?
				    fam->tx_desc_nc_bytes : MODEL_NC_LINE;
	struct rte_mbuf *pkts[8];
	struct pmd_model_stats before, after;
	struct rte_mempool *mp;
	uint64_t want;
	char dev[32];
	unsigned int i, avail;
	int port;

	pmd_vdev(dev, sizeof(dev), inst);
	CHECK(pmd_harness_vdev_init(dev, "model_step=1,flow_ctrl=1") == 0,
	      "tx maintenance: probed");
	port = pmd_harness_port(dev);
	mp = eal_harness_pool("txm_pool", 512, RTE_MBUF_DEFAULT_BUF_SIZE);
	if (port < 0 || mp == NULL ||
	    pmd_harness_port_start((uint16_t)port, mp, 256, NULL) != 0 ||
	    rte_pktmbuf_alloc_bulk(mp, pkts, k) != 0) {
		CHECK(0, "tx maintenance: start");
		rte_mempool_free(mp);
		return;
	}
	avail = rte_mempool_avail_count(mp) + k;
	for (i = 0; i < k; i++) {
		uint8_t *d = rte_pktmbuf_mtod(pkts[i], uint8_t *);

		CHECK_EQ_U((uintptr_t)d % MODEL_NC_LINE, 0,
			   "tx maintenance: frame %u starts a line", i);
		memset(d, 0, len);
		memset(d, 0xff, 6);
		d[12] = 0x88;
		d[13] = 0xb5;	/* local experimental EtherType */
		d[14] = (uint8_t)i;
		pkts[i]->data_len = (uint16_t)len;
		pkts[i]->pkt_len = len;
	}
	before = pmd_harness_model((uint16_t)port);
	CHECK_EQ_U(rte_eth_tx_burst((uint16_t)port, 0, pkts, (uint16_t)k), k,
		   "tx maintenance: the burst took every frame");
	after = pmd_harness_model((uint16_t)port);
	/* From slot 0 of a line-aligned ring: whole lines of descriptors. */
	want = pmd_harness_run_nc() ?
	       k + (k * stride + MODEL_NC_LINE - 1) / MODEL_NC_LINE : 0;
	CHECK_EQ_U(after.nc_clean_lines - before.nc_clean_lines, want,
		   "tx maintenance: lines cleaned by one burst of %u frames "
		   "(each written line once)", k);
	CHECK(fam->model_step((uint16_t)port, 4096) >= 0,
	      "tx maintenance: step");
	after = pmd_harness_model((uint16_t)port);
	CHECK_EQ_U(after.tx_frames - before.tx_frames, k,
		   "tx maintenance: the device sent every frame");
	/* One reclaim, after the device sent them, takes them all back. */
	rte_eth_tx_burst((uint16_t)port, 0, NULL, 0);
	CHECK_EQ_U(rte_mempool_avail_count(mp), avail,
		   "tx maintenance: one reclaim after the step frees every frame");
	PMD_HARNESS_CHECK_NO_VIOLATION((uint16_t)port);
	rte_eth_dev_stop((uint16_t)port);
	rte_eth_dev_close((uint16_t)port);
	rte_vdev_uninit(dev);
	rte_mempool_free(mp);
}

/*
 * Inline mode (model_step=inline, the benchmark rig of
 * docs/perf/router.md): no model thread and no harness step, yet frames
 * arrive, because each RX poll of the port steps the device; everything
 * offered is received intact, none lost. TX frames wait in the ring
 * until something polls, and a stop lets the device send them (the
 * driver's wait at stop steps it) instead of timing out and freeing
 * them unsent. A second start and stop work the same way.
 */
static void
test_inline_mode(unsigned int inst)
{
	const struct pmd_family *fam = pmd_family();
	struct rte_mbuf *pkts[SMOKE_TX];
	struct rte_eth_stats stats;
	struct pmd_model_stats st;
	struct rte_mempool *mp;
	char dev[32], args[96];
	struct smoke_rx rx = { 0, 0 };
	unsigned int i, polls, sent = 0;
	uint64_t got = 0;
	unsigned int baseline;
	uint16_t n;
	int port;

	pmd_vdev(dev, sizeof(dev), inst);
	snprintf(args, sizeof(args), "model_step=inline,gen_pkts=%u,gen_len=64",
		 SMOKE_FRAMES);
	CHECK(pmd_harness_vdev_init(dev, args) == 0, "inline: probed");
	port = pmd_harness_port(dev);
	mp = eal_harness_pool("inline_pool", 1024, RTE_MBUF_DEFAULT_BUF_SIZE);
	baseline = mp != NULL ? rte_mempool_in_use_count(mp) : 0;
	if (port < 0 || mp == NULL ||
	    pmd_harness_port_start((uint16_t)port, mp, 256, NULL) != 0) {
		CHECK(0, "inline: start");
		rte_mempool_free(mp);
		return;
	}
	for (polls = 0; polls < 100000 && got < SMOKE_FRAMES; polls++) {
		n = rte_eth_rx_burst((uint16_t)port, 0, pkts, 32);
		for (i = 0; i < n; i++)
			check_frame(pkts[i], &rx);
		rte_pktmbuf_free_bulk(pkts, n);
		got += n;
	}
	CHECK_EQ_U(got, SMOKE_FRAMES, "inline: the polls alone brought every frame");
	CHECK_EQ_U(rx.bad + rx.bad_src, 0, "inline: frames intact");
	CHECK(rte_eth_stats_get((uint16_t)port, &stats) == 0, "inline: stats");
	CHECK_EQ_U(stats.imissed, 0, "inline: nothing lost");
	st = pmd_harness_model((uint16_t)port);
	CHECK_EQ_U(st.thread_passes, 0, "inline: no model thread ran");
	CHECK_EQ_U(fam->model_step((uint16_t)port, 1), -EBUSY,
		   "inline: not the harness's to step");

	CHECK(rte_pktmbuf_alloc_bulk(mp, pkts, SMOKE_TX) == 0, "inline: TX alloc");
	smoke_tx_frames(pkts);
	for (polls = 0; polls < 1000 && sent < SMOKE_TX; polls++)
		sent += rte_eth_tx_burst((uint16_t)port, 0, pkts + sent,
					 (uint16_t)(SMOKE_TX - sent));
	CHECK_EQ_U(sent, SMOKE_TX, "inline: TX burst accepted everything");
	st = pmd_harness_model((uint16_t)port);
	CHECK_EQ_U(st.tx_frames, 0, "inline: nothing sent without a poll");
	CHECK(rte_eth_dev_stop((uint16_t)port) == 0, "inline: stop");
	st = pmd_harness_model((uint16_t)port);
	CHECK_EQ_U(st.tx_frames, SMOKE_TX, "inline: the stop let the device send");
	CHECK_EQ_U(rte_mempool_in_use_count(mp), baseline,
		   "inline: every mbuf back after stop");

	CHECK(rte_eth_dev_start((uint16_t)port) == 0, "inline: second start");
	for (polls = 0; polls < 100; polls++)
		rte_pktmbuf_free_bulk(pkts, rte_eth_rx_burst((uint16_t)port, 0,
							     pkts, 32));
	CHECK(rte_eth_dev_stop((uint16_t)port) == 0, "inline: second stop");
	PMD_HARNESS_CHECK_NO_VIOLATION((uint16_t)port);
	rte_eth_dev_close((uint16_t)port);
	rte_vdev_uninit(dev);
	rte_mempool_free(mp);
}

/*
 * A tx_pcap whose file cannot grow (a file size limit, as a full file
 * system): the frames the device sent are counted lost in
 * model_tx_sink_errors, the cause is logged, and the warning at the stop
 * gives the count: never "errors 0" over a short file.
 */
static void
test_tx_sink_errors(unsigned int inst)
{
	char dev[32], path[] = "/tmp/socrx-sink-XXXXXX", args[96], *log = NULL;
	struct rte_mbuf *pkts[SMOKE_TX];
	struct rte_mempool *mp = NULL;
	struct pmd_model_stats st;
	struct rlimit old, lim;
	unsigned int sent = 0, polls;
	size_t size = 0;
	FILE *prev, *f;
	int fd, port;

	pmd_vdev(dev, sizeof(dev), inst);
	fd = mkstemp(path);
	CHECK(fd >= 0, "sink: temporary file");
	if (fd < 0)
		return;
	close(fd);
	snprintf(args, sizeof(args), "tx_pcap=%s", path);
	CHECK(pmd_harness_vdev_init(dev, args) == 0, "sink: %s probed", dev);
	port = pmd_harness_port(dev);
	mp = eal_harness_pool("sink_pool", 1024, RTE_MBUF_DEFAULT_BUF_SIZE);
	if (port < 0 || mp == NULL ||
	    pmd_harness_port_start((uint16_t)port, mp, 256, NULL) != 0 ||
	    getrlimit(RLIMIT_FSIZE, &old) != 0) {
		CHECK(0, "sink: %s start", dev);
		goto out;
	}
	/* The capture's header is written: not one record more fits. */
	signal(SIGXFSZ, SIG_IGN);
	lim = old;
	lim.rlim_cur = 24;
	CHECK(setrlimit(RLIMIT_FSIZE, &lim) == 0, "sink: RLIMIT_FSIZE");
	CHECK(rte_pktmbuf_alloc_bulk(mp, pkts, SMOKE_TX) == 0, "sink: TX alloc");
	/*
	 * The log from before the first frame: the sink may write its batch
	 * (and log the cause) from the model's thread as soon as the engine
	 * idles, before the stop.
	 */
	prev = rte_log_get_stream();
	f = open_memstream(&log, &size);
	if (f != NULL)
		rte_openlog_stream(f);
	smoke_tx_frames(pkts);
	for (polls = 0; polls < 1000000 && sent < SMOKE_TX; polls++)
		sent += rte_eth_tx_burst((uint16_t)port, 0, pkts + sent,
					 (uint16_t)(SMOKE_TX - sent));
	CHECK_EQ_U(sent, SMOKE_TX, "sink: TX burst accepted everything");
	memset(&st, 0, sizeof(st));
	for (polls = 0; polls < 10000000 && st.tx_frames < SMOKE_TX; polls++) {
		pmd_family()->model_stats((uint16_t)port, &st);
		rte_pause();
	}
	CHECK_EQ_U(st.tx_frames, SMOKE_TX, "sink: the device sent every frame");
	CHECK(rte_eth_dev_stop((uint16_t)port) == 0, "sink: stop");
	rte_openlog_stream(prev);
	if (f != NULL)
		fclose(f);
	setrlimit(RLIMIT_FSIZE, &old);
	CHECK_EQ_U(pmd_harness_xstat((uint16_t)port, "model_tx_sink_errors"),
		   SMOKE_TX, "sink: every frame counted lost");
	CHECK(log != NULL && strstr(log, "File too large") != NULL &&
	      strstr(log, path) != NULL,
	      "sink: the cause logged: %s", log != NULL ? log : "(no log)");
	CHECK(log != NULL && strstr(log, "failed to write " RTE_STR(SMOKE_TX)
				    " frame(s)") != NULL,
	      "sink: the count at the stop: %s", log != NULL ? log : "(no log)");
	rte_eth_dev_close((uint16_t)port);
	rte_vdev_uninit(dev);
out:
	free(log);
	rte_mempool_free(mp);
	unlink(path);
}

/*
 * A looped capture with no frame in it: the source is exhausted at once,
 * and the model's thread waits for the driver's next register write
 * instead of polling (a core's share spent on nothing, per port). Judged
 * by the thread's state and its pass counter: once blocked, it makes no
 * pass until a doorbell; a TX burst (the doorbell) is sent at once. A
 * fixed link: a PHY polled once a second rings the doorbell too.
 */
static void
test_exhausted_blocks(unsigned int inst)
{
	char dev[32], path[] = "/tmp/socrx-empty-XXXXXX", args[128];
	struct rte_mbuf *pkts[SMOKE_TX];
	struct rte_mempool *mp = NULL;
	struct pmd_model_stats a, b;
	unsigned int sent = 0, polls;
	pcap_dumper_t *d;
	pcap_t *p;
	int fd, port;

	pmd_vdev(dev, sizeof(dev), inst);
	fd = mkstemp(path);
	CHECK(fd >= 0, "empty: temporary capture");
	if (fd < 0)
		return;
	close(fd);
	p = pcap_open_dead(DLT_EN10MB, 65535);
	d = p != NULL ? pcap_dump_open(p, path) : NULL;
	CHECK(d != NULL, "empty: pcap writer");
	if (d != NULL)
		pcap_dump_close(d);
	snprintf(args, sizeof(args), "rx_pcap=%s,rx_pcap_loop=1,%s", path,
		 pmd_family()->fixed_link_args);
	CHECK(pmd_harness_vdev_init(dev, args) == 0, "empty: %s probed", dev);
	port = pmd_harness_port(dev);
	mp = eal_harness_pool("empty_pool", 1024, RTE_MBUF_DEFAULT_BUF_SIZE);
	if (port < 0 || mp == NULL ||
	    pmd_harness_port_start((uint16_t)port, mp, 256, NULL) != 0) {
		CHECK(0, "empty: %s start", dev);
		goto out;
	}
	/*
	 * A hang guard (30 s), not a timed assertion: the idle yields come
	 * first; short enough that a thread that never waits fails here, not
	 * at the suite's timeout.
	 */
	memset(&a, 0, sizeof(a));
	for (polls = 0; polls < 30000 && a.thread_blocks == 0; polls++) {
		pmd_family()->model_stats((uint16_t)port, &a);
		rte_delay_ms(1);
	}
	CHECK(a.thread_blocks > 0, "empty: the thread waits (%" PRIu64 " passes)",
	      a.thread_passes);
	/* Time for a spinning thread to make thousands of passes. */
	rte_delay_ms(200);
	pmd_family()->model_stats((uint16_t)port, &b);
	printf("exhausted source: %" PRIu64 " passes while blocked\n",
	       b.thread_passes - a.thread_passes);
	CHECK(b.thread_passes - a.thread_passes <= 2,
	      "empty: no pass while nothing rang (%" PRIu64 ")",
	      b.thread_passes - a.thread_passes);
	CHECK_EQ_U(pmd_harness_xstat((uint16_t)port, "model_rx_busy"), 0,
		   "empty: the source has nothing left");

	CHECK(rte_pktmbuf_alloc_bulk(mp, pkts, SMOKE_TX) == 0, "empty: TX alloc");
	smoke_tx_frames(pkts);
	for (polls = 0; polls < 1000000 && sent < SMOKE_TX; polls++)
		sent += rte_eth_tx_burst((uint16_t)port, 0, pkts + sent,
					 (uint16_t)(SMOKE_TX - sent));
	memset(&b, 0, sizeof(b));
	for (polls = 0; polls < 120000 && b.tx_frames < SMOKE_TX; polls++) {
		pmd_family()->model_stats((uint16_t)port, &b);
		rte_delay_ms(1);
	}
	CHECK_EQ_U(b.tx_frames, SMOKE_TX, "empty: the doorbell woke the device");
	CHECK(rte_eth_dev_stop((uint16_t)port) == 0, "empty: stop");
	rte_eth_dev_close((uint16_t)port);
	rte_vdev_uninit(dev);
out:
	rte_mempool_free(mp);
	if (p != NULL)
		pcap_close(p);
	unlink(path);
}

int
main(int argc, char **argv)
{
	static char vdev[64];
	const char *vdevs[] = { vdev, NULL };

	(void)argc;
	pmd_vdev(smoke_dev, sizeof(smoke_dev), 0);
	snprintf(vdev, sizeof(vdev), "%s,gen_pkts=1000,gen_len=64", smoke_dev);
	pmd_harness_eal_init(argv[0], vdevs);
	test_traffic();
	test_bad_devargs();
	test_default_macs();
	test_pcap_skipped();
	test_rate_limited_sleeps();
	test_step_mode(42, "plain");
	test_step_mode(43, "flush");
	test_tx_maintenance(44);
	test_inline_mode(45);
	test_tx_sink_errors(46);
	test_exhausted_blocks(47);
	rte_eal_cleanup();
	return harness_result("pmd_smoke");
}
