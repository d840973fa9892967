/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * net_mvneta_uio's queues: RX queue q is the NETA's RX queue q, TX queue q
 * its TX queue q, up to the eight of each the controller has, against the
 * neta model (docs/nics/mvneta_uio.rst, "Queues"):
 *   - dev_info says 8 each way; a ninth is refused;
 *   - 8 + 8 queues start: every RX ring's base programmed and the whole
 *     ring armed on its own queue, every queue enabled and its TX bucket
 *     full, the TX arbiter strict priority whatever a previous owner left; frames sent on each TX queue reach the wire and count on that
 *     queue (q_opackets, tx_qN_packets); the port stops every queue;
 *   - with 2 + 2 queues and a capture replayed in a loop, a previous
 *     owner's VLAN priority map undone at start, then PORT_CONFIG's TCP
 *     queue set to 1 and its capture enabled through the backend's
 *     register access (the driver keeps every frame on queue 0; steering
 *     is not the driver's yet): queue 1 receives the IPv4 TCP frames
 *     only, queue 0 the rest,
 *     each counted on its own queue (q_ipackets, rx_qN_packets); RX queue
 *     1 stopped and started while queue 0 receives on, queue 0 never
 *     interrupted and only queue 1's enable bit touched;
 *   - queue 1's interrupt (intr_conf.rxq): its threshold, coalescing and
 *     INTR_ENABLE bit programmed, its NEW_MASK bit set by its enable and
 *     cleared by its disable, its event fd woken by its frames.
 * No driver violation on any port. The mvneta family only.
 */
#include <string.h>

#include <ethdev_driver.h>
#include <rte_bus_vdev.h>
#include <rte_epoll.h>

#include "pmd_compat_qstats.h"
#include "pmd_harness.h"
#include "pmd_neta_port.h"

#include "socnic_port.h"

#include "mvneta_hw.h"
#include "mvneta_regs.h"
#include "mvneta_sdma.h"

#define NQ_RING		64u
#define NQ_TX_FRAMES	8u
/* Frames queue 0 must take while queue 1 is stopped, then started. */
#define NQ_WHILE	300u
#define NQ_POLLS	20000000u
/* Every VLAN priority to queue @p q. */
#define NQ_PRIO_ALL(q)							\
	(MVNETA_VLAN_PRIO_RXQ_MAP(0, q) | MVNETA_VLAN_PRIO_RXQ_MAP(1, q) | \
	 MVNETA_VLAN_PRIO_RXQ_MAP(2, q) | MVNETA_VLAN_PRIO_RXQ_MAP(3, q) | \
	 MVNETA_VLAN_PRIO_RXQ_MAP(4, q) | MVNETA_VLAN_PRIO_RXQ_MAP(5, q) | \
	 MVNETA_VLAN_PRIO_RXQ_MAP(6, q) | MVNETA_VLAN_PRIO_RXQ_MAP(7, q))
/* PORT_CONFIG's queue fields: default, ARP, TCP, UDP, BPDU. */
#define NQ_CFG_QUEUES(q)						\
	(MVNETA_DEF_RXQ(q) | MVNETA_DEF_RXQ_ARP(q) | MVNETA_DEF_RXQ_TCP(q) | \
	 MVNETA_DEF_RXQ_UDP(q) | MVNETA_DEF_RXQ_BPDU(q))

static struct rte_mempool *nq_mp;
static char nq_pcap[1024];

/*
 * A register as the driver reads it (the enable bits and the counts the
 * device computes, which peek's stored value is not), and a write of the
 * test's own, through the port's backend.
 */
static uint32_t
rd(uint16_t port, uint32_t off)
{
	struct socnic_backend *be = &socnic_port(&rte_eth_devices[port])->be;

	return be->ops->read32(be->ctx, off);
}

static void
poke(uint16_t port, uint32_t off, uint32_t val)
{
	struct socnic_backend *be = &socnic_port(&rte_eth_devices[port])->be;

	be->ops->write32(be->ctx, off, val);
}

/* net_mvneta_uio<i> probed with @p args: the port, or -1 (checked). */
static int
nq_probe(unsigned int i, const char *args)
{
	char name[32];
	int port;

	snprintf(name, sizeof(name), "net_mvneta_uio%u", i);
	CHECK_EQ_U(pmd_harness_vdev_init(name, args), 0, "probe %s", name);
	port = pmd_harness_probed_port(name);
	CHECK(port >= 0, "%s: a port", name);
	return port;
}

/* @p nq queues each way of NQ_RING descriptors, promiscuous, started. */
static int
nq_start(uint16_t port, uint16_t nq, const struct rte_eth_conf *conf)
{
	struct rte_eth_conf def;
	uint16_t q;
	int ret;

	memset(&def, 0, sizeof(def));
	ret = rte_eth_dev_configure(port, nq, nq, conf != NULL ? conf : &def);
	for (q = 0; q < nq && ret == 0; q++) {
		ret = rte_eth_rx_queue_setup(port, q, NQ_RING, SOCKET_ID_ANY,
					     NULL, nq_mp);
		if (ret == 0)
			ret = rte_eth_tx_queue_setup(port, q, NQ_RING,
						     SOCKET_ID_ANY, NULL);
	}
	if (ret == 0)
		ret = rte_eth_dev_start(port);
	if (ret == 0)
		ret = rte_eth_promiscuous_enable(port);
	CHECK_EQ_U(ret, 0, "port %u: %u queues each way started", port, nq);
	return ret;
}

/* @p n broadcast frames of @p len bytes sent on TX queue @p q. */
static uint16_t
nq_send(uint16_t port, uint16_t q, uint16_t n, uint16_t len)
{
	struct rte_mbuf *m[NQ_TX_FRAMES];
	uint16_t i, sent = 0;
	unsigned int polls;

	for (i = 0; i < n; i++) {
		m[i] = rte_pktmbuf_alloc(nq_mp);
		if (m[i] == NULL)
			return 0;
		memset(rte_pktmbuf_append(m[i], len), 0xff, len);
	}
	for (polls = 0; sent < n && polls < 1000000; polls++)
		sent += rte_eth_tx_burst(port, q, m + sent, n - sent);
	if (sent < n)
		rte_pktmbuf_free_bulk(m + sent, n - sent);
	return sent;
}

static void
test_limits(void)
{
	struct rte_eth_dev_info info;
	struct rte_eth_conf conf;
	int port = nq_probe(0, "gen_pkts=1");

	if (port < 0)
		return;
	CHECK_EQ_U(rte_eth_dev_info_get(port, &info), 0, "dev_info");
	CHECK_EQ_U(info.max_rx_queues, MVNETA_MAX_RXQ, "8 RX queues");
	CHECK_EQ_U(info.max_tx_queues, MVNETA_MAX_TXQ, "8 TX queues");
	memset(&conf, 0, sizeof(conf));
	CHECK(rte_eth_dev_configure(port, MVNETA_MAX_RXQ + 1, 1, &conf) != 0,
	      "a ninth RX queue refused");
	pmd_neta_port_close(port);
}

/*
 * NQ_TX_FRAMES frames of @p len bytes sent on TX queue @p q reach the
 * wire as they were given (the bytes: no frame of another queue or
 * sent twice), and leave nothing pending on its queue.
 */
static void
nq_wire(uint16_t port, uint16_t q, uint16_t len)
{
	struct pmd_model_stats ms, ms0 = pmd_harness_model(port);
	unsigned int r;

	CHECK_EQ_U(nq_send(port, q, NQ_TX_FRAMES, len), NQ_TX_FRAMES,
		   "TX queue %u: every frame taken", q);
	for (r = 0; r < 100 &&
	     pmd_harness_model(port).tx_frames < ms0.tx_frames + NQ_TX_FRAMES;
	     r++)
		rte_delay_ms(1);
	rte_delay_ms(2);
	ms = pmd_harness_model(port);
	CHECK_EQ_U(ms.tx_frames - ms0.tx_frames, NQ_TX_FRAMES,
		   "TX queue %u: its frames on the wire", q);
	CHECK_EQ_U(ms.tx_bytes - ms0.tx_bytes, NQ_TX_FRAMES * len,
		   "TX queue %u: its %u-byte frames", q, len);
	CHECK_EQ_U(rd(port, MVNETA_TXQ_STATUS_REG(q)) &
		   MVNETA_TXQ_PENDING_DESC_MASK, 0,
		   "TX queue %u: nothing left pending", q);
}

/* 8 queues each way: every ring armed on its own queue, each TX queue sends. */
static void
test_eight(void)
{
	uint32_t base[MVNETA_MAX_RXQ];
	struct rte_eth_stats st;
	char xs[32];
	uint16_t q, r;
	uint32_t v;
	int port = nq_probe(1, "");

	if (port < 0)
		return;
	/*
	 * A previous owner's arbiter: every queue round robin at weight 0,
	 * which never sends. The start makes it strict priority again.
	 */
	poke(port, MVNETA_TXQ_FIXED_PRIO_CFG, 0);
	for (q = 0; q < MVNETA_MAX_TXQ; q++)
		poke(port, MVNETA_TXQ_ARB_CFG_REG(q), 0);
	if (nq_start(port, MVNETA_MAX_RXQ, NULL) != 0)
		return;
	CHECK_EQ_U(rd(port, MVNETA_TXQ_FIXED_PRIO_CFG), MVNETA_TXQ_FIXED_PRIO_ALL,
		   "the TX arbiter: strict priority for every queue");
	CHECK_EQ_U(rd(port, MVNETA_RXQ_CMD) & MVNETA_RXQ_ENABLE_MASK, 0xff,
		   "every RX queue enabled");
	CHECK_EQ_U(rd(port, MVNETA_TXQ_CMD) & MVNETA_TXQ_ENABLE_MASK, 0xff,
		   "every TX queue enabled");
	for (q = 0; q < MVNETA_MAX_RXQ; q++) {
		base[q] = pmd_neta_peek(port, MVNETA_RXQ_BASE_ADDR_REG(q));
		CHECK(base[q] != 0, "RX queue %u: its ring's base", q);
		for (r = 0; r < q; r++)
			CHECK(base[q] != base[r], "RX queues %u and %u: two rings",
			      r, q);
		v = rd(port, MVNETA_RXQ_STATUS_REG(q));
		CHECK_EQ_U((v >> MVNETA_RXQ_NON_OCCUPIED_SHIFT) +
			   (v & MVNETA_RXQ_OCCUPIED_ALL_MASK), NQ_RING,
			   "RX queue %u: its whole ring armed", q);
		CHECK_EQ_U(pmd_neta_peek(port, MVNETA_RXQ_SIZE_REG(q)) &
			   MVNETA_RXQ_DESC_NUM_MASK, NQ_RING,
			   "RX queue %u: its ring's size", q);
		CHECK(pmd_neta_peek(port, MVNETA_TXQ_BASE_ADDR_REG(q)) != 0,
		      "TX queue %u: its ring's base", q);
		CHECK(pmd_neta_peek(port, MVETH_TXQ_TOKEN_COUNT_REG(q)) != 0,
		      "TX queue %u: its bucket filled", q);
	}
	CHECK_EQ_U(rte_eth_stats_reset(port), 0, "stats reset");
	for (q = 0; q < MVNETA_MAX_TXQ; q++)
		nq_wire(port, q, 60 + q);
	CHECK_EQ_U(rte_eth_stats_get(port, &st), 0, "stats");
	for (q = 0; q < MVNETA_MAX_TXQ; q++) {
		/* tx_qN_packets: q_opackets up to DPDK 24.11, gone in 25.11. */
		snprintf(xs, sizeof(xs), "tx_q%u_packets", q);
		CHECK_EQ_U(pmd_harness_xstat(port, xs), NQ_TX_FRAMES,
			   "TX queue %u: its frames counted on it (%s)", q, xs);
	}
	CHECK_EQ_U(st.opackets, NQ_TX_FRAMES * MVNETA_MAX_TXQ, "opackets");
	/* TX queue 1 stopped: queue 0 sends on, as it was given. */
	CHECK_EQ_U(rte_eth_dev_tx_queue_stop(port, 1), 0, "TX queue 1 stop");
	CHECK_EQ_U(rd(port, MVNETA_TXQ_CMD) & MVNETA_TXQ_ENABLE_MASK, 0xfd,
		   "TX queue 1 disabled, the others enabled");
	CHECK_EQ_U(pmd_neta_peek(port, MVNETA_TXQ_BASE_ADDR_REG(1)) |
		   pmd_neta_peek(port, MVETH_TXQ_TOKEN_COUNT_REG(1)), 0,
		   "TX queue 1: no ring, bucket empty (mvneta_txq_hw_deinit())");
	nq_wire(port, 0, 100);
	CHECK_EQ_U(rte_eth_dev_tx_queue_start(port, 1), 0, "TX queue 1 start");
	nq_wire(port, 1, 200);
	CHECK_EQ_U(pmd_harness_model(port).violations, 0, "no violation (%s)",
		   pmd_family()->last_violation(port));
	CHECK_EQ_U(rte_eth_dev_stop(port), 0, "stop");
	CHECK_EQ_U(rd(port, MVNETA_RXQ_CMD) & MVNETA_RXQ_ENABLE_MASK, 0,
		   "stop: every RX queue disabled");
	CHECK_EQ_U(rd(port, MVNETA_TXQ_CMD) & MVNETA_TXQ_ENABLE_MASK, 0,
		   "stop: every TX queue disabled");
	pmd_neta_port_close(port);
}

/*
 * Whether @p m is an IPv4 TCP frame, untagged or under one 802.1Q tag
 * (what PORT_CONFIG's TCP queue takes with its capture enabled).
 */
static bool
nq_is_tcp4(const struct rte_mbuf *m)
{
	const uint8_t *p = rte_pktmbuf_mtod(m, const uint8_t *);
	uint32_t l2 = 12;

	if (m->data_len >= 18 && p[12] == 0x81 && p[13] == 0x00)
		l2 += 4;
	return m->data_len >= l2 + 22 && p[l2] == 0x08 && p[l2 + 1] == 0x00 &&
	       (p[l2 + 2] >> 4) == 4 && p[l2 + 11] == 6;
}

struct nq_rx {
	uint64_t got[2];
	uint64_t tcp[2];
};

/* Polls queue 0 and, when @p q1, queue 1 until queue 0 took @p want more. */
static void
nq_poll(uint16_t port, struct nq_rx *rx, bool q1, uint64_t want)
{
	struct rte_mbuf *m[32];
	uint64_t until = rx->got[0] + want;
	uint16_t q, n, i;
	unsigned int polls;

	for (polls = 0; polls < NQ_POLLS && rx->got[0] < until; polls++)
		for (q = 0; q <= (q1 ? 1 : 0); q++) {
			n = rte_eth_rx_burst(port, q, m, RTE_DIM(m));
			for (i = 0; i < n; i++)
				rx->tcp[q] += nq_is_tcp4(m[i]);
			rx->got[q] += n;
			rte_pktmbuf_free_bulk(m, n);
		}
}

/* RX by PORT_CONFIG's steering; queue 1 stopped and started under traffic. */
static void
test_steer_stop(void)
{
	struct rte_mbuf *m[32];
	struct pmd_rx_qstats qs[2];
	struct rte_eth_stats st;
	struct nq_rx rx = { { 0, 0 }, { 0, 0 } };
	uint64_t got1, drop0;
	char args[1100];
	uint32_t cfg, v;
	int port;

	/* flow_ctrl=0: a frame for the stopped queue is dropped, not held. */
	snprintf(args, sizeof(args), "rx_pcap=%s,rx_pcap_loop=1,flow_ctrl=0",
		 nq_pcap);
	port = nq_probe(2, args);
	if (port < 0)
		return;
	/* A previous owner's VLAN priority map: every priority to queue 1. */
	poke(port, MVNETA_VLAN_PRIO_TO_RXQ, NQ_PRIO_ALL(1));
	if (nq_start(port, 2, NULL) != 0)
		return;
	cfg = pmd_neta_peek(port, MVNETA_PORT_CONFIG);
	CHECK_EQ_U(cfg & (NQ_CFG_QUEUES(7) | MVNETA_TCP_CAPTURE_EN |
			  MVNETA_UDP_CAPTURE_EN), 0,
		   "the driver's default: every frame to queue 0");
	CHECK_EQ_U(pmd_neta_peek(port, MVNETA_VLAN_PRIO_TO_RXQ), 0,
		   "every VLAN priority to queue 0");
	/* Frames of the ring before the write are not the steering's. */
	poke(port, MVNETA_PORT_CONFIG,
	     (cfg & ~MVNETA_DEF_RXQ_TCP(7)) | MVNETA_DEF_RXQ_TCP(1) |
	     MVNETA_TCP_CAPTURE_EN);
	nq_poll(port, &rx, false, 2 * NQ_RING);
	CHECK_EQ_U(rte_eth_stats_reset(port), 0, "stats reset");
	memset(&rx, 0, sizeof(rx));
	nq_poll(port, &rx, true, NQ_WHILE);
	CHECK(rx.got[1] > 0, "queue 1 received (%" PRIu64 ")", rx.got[1]);
	CHECK_EQ_U(rx.tcp[1], rx.got[1], "queue 1: IPv4 TCP frames only");
	CHECK(rx.got[0] > rx.tcp[0], "queue 0: the other frames");
	CHECK_EQ_U(rte_eth_stats_get(port, &st), 0, "stats");
	CHECK(pmd_rx_qstats_get(port, 0, &qs[0]) == 0 &&
	      pmd_rx_qstats_get(port, 1, &qs[1]) == 0, "per-queue stats");
	CHECK_EQ_U(qs[0].packets, rx.got[0], "queue 0's frames on queue 0");
	CHECK_EQ_U(qs[1].packets, rx.got[1], "queue 1's frames on queue 1");
	CHECK_EQ_U(pmd_harness_xstat(port, "rx_q1_packets"), rx.got[1],
		   "rx_q1_packets");
	CHECK_EQ_U(pmd_harness_xstat(port, "rx_q0_packets"), rx.got[0],
		   "rx_q0_packets");
	/*
	 * The device's discards are the port's (its rings overflow here,
	 * flow_ctrl=0): counted once, on queue 0, whichever queue read them.
	 */
	CHECK(st.imissed > 0, "the rings overflowed (%" PRIu64 ")", st.imissed);
	CHECK_EQ_U(pmd_harness_xstat(port, "rx_q1_missed"), 0,
		   "rx_q1_missed: the port's discards are not queue 1's");
	CHECK_EQ_U(pmd_harness_xstat(port, "rx_q0_missed"), st.imissed,
		   "rx_q0_missed: the port's discards");
	/* Each queue reads its own count: none runs ahead of its ring. */
	CHECK_EQ_U(pmd_harness_xstat(port, "rx_q0_wb_pending") +
		   pmd_harness_xstat(port, "rx_q1_wb_pending"), 0,
		   "no harvest stopped at a descriptor not written back");

	/* Queue 1 stopped: queue 0 receives on, queue 1's frames dropped. */
	CHECK_EQ_U(rte_eth_dev_rx_queue_stop(port, 1), 0, "RX queue 1 stop");
	CHECK_EQ_U(rd(port, MVNETA_RXQ_CMD) & MVNETA_RXQ_ENABLE_MASK, 0x1,
		   "queue 1 disabled, queue 0 still enabled");
	CHECK_EQ_U(rd(port, MVNETA_RXQ_STATUS_REG(1)), 0,
		   "queue 1 reset: the device holds none of its buffers");
	drop0 = pmd_harness_model(port).rx_dropped_stopped;
	got1 = rx.got[1];
	memset(&rx.tcp, 0, sizeof(rx.tcp));
	rx.got[0] = 0;
	nq_poll(port, &rx, false, NQ_WHILE);
	CHECK(rx.got[0] >= NQ_WHILE, "queue 0 received on while queue 1 was stopped (%" PRIu64 ")",
	      rx.got[0]);
	CHECK(pmd_harness_model(port).rx_dropped_stopped > drop0,
	      "queue 1's frames dropped by the device while it is stopped");
	CHECK_EQ_U(rte_eth_rx_burst(port, 1, m, RTE_DIM(m)), 0,
		   "a stopped queue returns nothing");
	CHECK_EQ_U(rte_eth_dev_rx_queue_start(port, 1), 0, "RX queue 1 start");
	CHECK_EQ_U(rd(port, MVNETA_RXQ_CMD) & MVNETA_RXQ_ENABLE_MASK, 0x3,
		   "both queues enabled again");
	v = rd(port, MVNETA_RXQ_STATUS_REG(1));
	CHECK_EQ_U((v >> MVNETA_RXQ_NON_OCCUPIED_SHIFT) +
		   (v & MVNETA_RXQ_OCCUPIED_ALL_MASK), NQ_RING,
		   "queue 1's ring armed again, whole");
	rx.got[0] = 0;
	nq_poll(port, &rx, true, NQ_WHILE);
	CHECK(rx.got[1] > got1, "queue 1 receives again");
	CHECK_EQ_U(rx.tcp[1], rx.got[1] - got1, "queue 1: IPv4 TCP frames only");
	CHECK(rx.got[0] >= NQ_WHILE, "queue 0 received on");
	pmd_neta_port_close(port);
}

/* Waits at most @p ms for an event of this thread's epoll set. */
static int
nq_wait(int ms)
{
	struct rte_epoll_event ev[4];

	return rte_epoll_wait(RTE_EPOLL_PER_THREAD, ev, RTE_DIM(ev), ms);
}

/* Queue 1's interrupt: its registers, its mask bit, its event fd. */
static void
test_intr_q1(void)
{
	struct rte_eth_conf conf;
	struct rte_mbuf *m[32];
	char args[1100];
	unsigned int i;
	int port, n;

	snprintf(args, sizeof(args), "rx_pcap=%s,rx_pcap_loop=1,rx_coal_frames=4,rx_coal_usecs=100",
		 nq_pcap);
	port = nq_probe(3, args);
	memset(&conf, 0, sizeof(conf));
	conf.intr_conf.rxq = 1;
	if (port < 0 || nq_start(port, 2, &conf) != 0)
		return;
	CHECK_EQ_U(pmd_neta_peek(port, MVNETA_INTR_ENABLE) & MVNETA_RXQ_INTR_ENABLE_ALL_MASK,
		   0x3, "both queues' interrupts enabled");
	for (i = 0; i < 2; i++) {
		CHECK_EQ_U(pmd_neta_peek(port, MVNETA_RXQ_THRESHOLD_REG(i)) &
			   MVNETA_RXQ_OCCUPIED_THRESH_MASK, 4,
			   "queue %u: its occupied threshold", i);
		CHECK(pmd_neta_peek(port, MVNETA_RXQ_TIME_COAL_REG(i)) != 0,
		      "queue %u: its time coalescing", i);
	}
	/* Every frame to queue 1: queue 0's line stays down. */
	poke(port, MVNETA_PORT_CONFIG,
	     (pmd_neta_peek(port, MVNETA_PORT_CONFIG) & ~NQ_CFG_QUEUES(7)) |
	     NQ_CFG_QUEUES(1));
	poke(port, MVNETA_VLAN_PRIO_TO_RXQ, NQ_PRIO_ALL(1));
	/* Queue 0 emptied: what queue 1 reads is its own ring's count. */
	for (i = 0; i < 100; i++) {
		n = rte_eth_rx_burst(port, 0, m, RTE_DIM(m));
		rte_pktmbuf_free_bulk(m, (unsigned int)n);
	}
	CHECK_EQ_U(rte_eth_rx_queue_count(port, 0), 0, "queue 0 empty");
	CHECK(rte_eth_dev_rx_intr_ctl_q(port, 1, RTE_EPOLL_PER_THREAD,
					RTE_INTR_EVENT_ADD, NULL) == 0,
	      "queue 1's interrupt added to the epoll set");
	CHECK(rte_eth_dev_rx_intr_ctl_q_get_fd(port, 1) >= 0, "queue 1's fd");
	CHECK_EQ_U(rte_eth_dev_rx_intr_enable(port, 1), 0, "queue 1: enable");
	CHECK_EQ_U(pmd_neta_peek(port, MVNETA_INTR_NEW_MASK) & MVNETA_RX_INTR_MASK_ALL,
		   MVNETA_RX_INTR_BIT(1), "NEW_MASK: queue 1's bit alone");
	n = nq_wait(5000);
	CHECK(n > 0, "queue 1's frames woke its fd (%d)", n);
	CHECK_EQ_U(rte_eth_dev_rx_intr_disable(port, 1), 0, "queue 1: disable");
	CHECK_EQ_U(pmd_neta_peek(port, MVNETA_INTR_NEW_MASK) & MVNETA_RX_INTR_MASK_ALL,
		   0, "NEW_MASK: queue 1's bit cleared");
	CHECK(rte_eth_rx_queue_count(port, 1) > 0, "queue 1 counts its frames");
	n = rte_eth_rx_burst(port, 1, m, RTE_DIM(m));
	CHECK(n > 0, "queue 1 holds the frames");
	rte_pktmbuf_free_bulk(m, (unsigned int)n);
	CHECK(rte_eth_dev_rx_intr_enable(port, 2) != 0, "no queue 2 to enable");
	CHECK(rte_eth_dev_rx_intr_ctl_q(port, 1, RTE_EPOLL_PER_THREAD,
					RTE_INTR_EVENT_DEL, NULL) == 0,
	      "queue 1's interrupt removed from the epoll set");
	for (i = 0; i < 100; i++) {
		n = rte_eth_rx_burst(port, 1, m, RTE_DIM(m));
		rte_pktmbuf_free_bulk(m, (unsigned int)n);
	}
	pmd_neta_port_close(port);
}

int
main(int argc, char **argv)
{
	if (strcmp(pmd_family()->name, "mvneta") != 0) {
		printf("SKIP: the NETA's queues (SOCRX_TEST_FAMILY=mvneta)\n");
		return TEST_SKIP;
	}
	if (argc < 2) {
		fprintf(stderr, "usage: %s DATA_DIR\n", argv[0]);
		return 1;
	}
	snprintf(nq_pcap, sizeof(nq_pcap), "%s/fwd_mix.pcap", argv[1]);
	pmd_harness_eal_init(argv[0], NULL);
	nq_mp = rte_pktmbuf_pool_create("neta_queues", 8191, 256, 0,
					RTE_MBUF_DEFAULT_BUF_SIZE,
					rte_socket_id());
	CHECK(nq_mp != NULL, "mempool");
	if (nq_mp == NULL)
		return harness_result("pmd_neta_queues");
	test_limits();
	test_eight();
	test_steer_stop();
	test_intr_q1();
	return harness_result("pmd_neta_queues");
}
