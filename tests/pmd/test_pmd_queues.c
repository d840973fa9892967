/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Several RX and TX queues on one port, steered by rte_flow, written once
 * for every family of pmd_family.h (SOCRX_TEST_FAMILY). The device model
 * gets its queues from the family's mq_args and receives a capture of
 * untagged IPv4/UDP frames, frames tagged with priority 7 and 0, and
 * frames of a class the classifier steers by EtherType (dwmac4: PTP,
 * PTPQ; NETA: ARP, its ARP queue).
 *  - dev_info reports the queues the device has, and no RSS.
 *  - rte_flow: rules the silicon cannot apply are refused with a reason
 *    (a queue the port lacks, a second rule for the same priority, RSS,
 *    a source address, the family's own gaps), and validate/destroy
 *    work.
 *  - Steering: with "vlan pcp 7 -> queue 1" and "class -> queue 1",
 *    every frame arrives on its queue: priority 7 and the class on
 *    queue 1, untagged and priority 0 on queue 0, each counted in its
 *    queue's stats. TX queue 1 sends.
 *  - One queue stopped while the other runs: queue 0 keeps receiving
 *    while queue 1 is stopped; queue 1 receives again once restarted.
 *  - Interrupts per queue: queue 1's interrupt wakes the waiter for
 *    priority-7 frames (queue 0's is never enabled).
 *  - Rules stay across a restart, and one steering to a queue the port
 *    no longer has fails the start.
 * The epoll wait is bounded (a hang guard), never a timed assertion.
 */
#include <unistd.h>

#include <pcap/pcap.h>
#include <rte_epoll.h>
#include <rte_flow.h>
#include <rte_interrupts.h>
#include <rte_ip.h>

#include "../pcap_frames.h"
#include "pmd_compat_qstats.h"
#include "pmd_harness.h"

#define Q_ROUNDS	24	/* of: untagged, pcp 7, pcp 0, class */
#define Q_FRAME_LEN	64
#define Q_INTR_FRAMES	3
#define Q_WAIT_GUARD_MS	10000
#define Q_MAC		"02:00:00:00:09:01"
#define Q_TX_FRAMES	5

static const uint8_t q_mac[6] = { 0x02, 0, 0, 0, 0x09, 0x01 };
static struct rte_mempool *mp;

/* A 64-byte frame: IPv4/UDP or the class's EtherType, maybe tagged. */
static uint32_t
q_frame(uint8_t *f, int pcp, bool class, uint32_t seq)
{
	uint32_t l2 = 12;
	struct rte_ipv4_hdr *ip;

	memset(f, 0, Q_FRAME_LEN);
	memcpy(f, q_mac, 6);
	memcpy(f + 6, (const uint8_t[6]){ 0x02, 0, 0, 0, 0xfe, 0x07 }, 6);
	if (pcp >= 0) {
		f[l2] = 0x81;
		f[l2 + 1] = 0x00;
		f[l2 + 2] = (uint8_t)(pcp << 5);
		f[l2 + 3] = 10;		/* VLAN 10 */
		l2 += 4;
	}
	if (class) {
		f[l2] = (uint8_t)(pmd_family()->mq_class_ethertype >> 8);
		f[l2 + 1] = (uint8_t)pmd_family()->mq_class_ethertype;
		f[l2 + 2 + 20] = (uint8_t)seq;
		return Q_FRAME_LEN;
	}
	f[l2] = 0x08;
	f[l2 + 1] = 0x00;
	ip = (struct rte_ipv4_hdr *)(f + l2 + 2);
	ip->version_ihl = 0x45;
	ip->total_length = rte_cpu_to_be_16(Q_FRAME_LEN - l2 - 2);
	ip->time_to_live = 64;
	ip->next_proto_id = IPPROTO_UDP;
	ip->src_addr = rte_cpu_to_be_32(0x0a000001);
	ip->dst_addr = rte_cpu_to_be_32(0x0a000002 + seq % 4);
	ip->hdr_checksum = rte_ipv4_cksum(ip);
	f[l2 + 2 + 20] = 0x30;			/* UDP ports, no checksum */
	f[l2 + 2 + 22] = 0x30;
	f[l2 + 2 + 25] = (uint8_t)(Q_FRAME_LEN - l2 - 2 - 20);
	return Q_FRAME_LEN;
}

/* The queue a frame must reach with the test's two rules. */
static uint16_t
q_expected(const uint8_t *f)
{
	bool tagged = f[12] == 0x81 && f[13] == 0x00;
	const uint8_t *et = f + (tagged ? 16 : 12);
	uint16_t type = (uint16_t)(et[0] << 8 | et[1]);

	if (tagged && (f[14] >> 5) == 7)
		return 1;
	if (!tagged && type == pmd_family()->mq_class_ethertype)
		return 1;
	return 0;
}

/* Writes @p rounds of the four kinds (@p only_pcp7: priority 7 alone). */
static int
q_capture(char *path, unsigned int rounds, bool only_pcp7)
{
	struct pcap_pkthdr h;
	uint8_t frame[Q_FRAME_LEN];
	unsigned int i, k;
	pcap_t *p;
	pcap_dumper_t *d = pcap_frames_create_tmp(path, &p);

	if (d == NULL)
		return -1;
	memset(&h, 0, sizeof(h));
	for (i = 0; i < rounds; i++)
		for (k = 0; k < 4; k++) {
			if (only_pcp7 && k != 1)
				continue;
			h.len = h.caplen = q_frame(frame, k == 1 ? 7 : k == 2 ? 0 : -1,
						   k == 3, i);
			pcap_dump((u_char *)d, &h, frame);
		}
	pcap_dump_close(d);
	pcap_close(p);
	return 0;
}

static int
q_port(const char *name, const char *capture, bool loop, bool tx_pcap)
{
	char args[512];
	int ret;

	/*
	 * A looped capture runs without flow control: frames for a stopped
	 * queue are then dropped (and counted) instead of holding the wire.
	 */
	snprintf(args, sizeof(args), "mac=%s,rx_pcap=%s%s%s%s%s", Q_MAC,
		 capture, loop ? ",rx_pcap_loop=1,flow_ctrl=0" : "",
		 pmd_family()->mq_args[0] != '\0' ? "," : "",
		 pmd_family()->mq_args, tx_pcap ? ",tx_pcap=/dev/null" : "");
	ret = pmd_harness_vdev_init(name, args);
	CHECK(ret == 0, "%s probed with %s", name, args);
	return ret == 0 ? pmd_harness_port(name) : -1;
}

static int
q_configure(uint16_t port, uint16_t nq, bool rxq_intr)
{
	struct rte_eth_conf conf;
	uint16_t q;
	int ret;

	memset(&conf, 0, sizeof(conf));
	conf.intr_conf.rxq = rxq_intr;
	ret = rte_eth_dev_configure(port, nq, nq, &conf);
	for (q = 0; q < nq && ret == 0; q++)
		ret = rte_eth_rx_queue_setup(port, q, 256,
					     rte_eth_dev_socket_id(port), NULL, mp);
	for (q = 0; q < nq && ret == 0; q++)
		ret = rte_eth_tx_queue_setup(port, q, 256,
					     rte_eth_dev_socket_id(port), NULL);
	CHECK(ret == 0, "port %u: %u RX and TX queues set up (%d)", port, nq, ret);
	return ret;
}

/* @p pattern -> queue @p q: created, or validated into *@p ret. */
static struct rte_flow *
q_rule(uint16_t port, const struct rte_flow_item *pattern, uint16_t q,
       bool create, struct rte_flow_error *err, int *ret)
{
	struct rte_flow_attr attr = { .ingress = 1 };
	struct rte_flow_action_queue qa = { .index = q };
	struct rte_flow_action actions[] = {
		{ .type = RTE_FLOW_ACTION_TYPE_QUEUE, .conf = &qa },
		{ .type = RTE_FLOW_ACTION_TYPE_END },
	};

	memset(err, 0, sizeof(*err));
	if (!create) {
		*ret = rte_flow_validate(port, &attr, pattern, actions, err);
		return NULL;
	}
	return rte_flow_create(port, &attr, pattern, actions, err);
}

/* eth / vlan pcp @p pcp / end -> queue @p q (create, or validate). */
static struct rte_flow *
q_rule_pcp(uint16_t port, uint8_t pcp, uint16_t q, bool create,
	   struct rte_flow_error *err, int *ret)
{
	struct rte_flow_item_vlan spec = { .hdr.vlan_tci = rte_cpu_to_be_16(pcp << 13) };
	struct rte_flow_item_vlan mask = { .hdr.vlan_tci = RTE_BE16(0xe000) };
	struct rte_flow_item pattern[] = {
		{ .type = RTE_FLOW_ITEM_TYPE_ETH },
		{ .type = RTE_FLOW_ITEM_TYPE_VLAN, .spec = &spec, .mask = &mask },
		{ .type = RTE_FLOW_ITEM_TYPE_END },
	};

	return q_rule(port, pattern, q, create, err, ret);
}

/* eth type @p type / end -> queue @p q. */
static struct rte_flow *
q_rule_type(uint16_t port, uint16_t type, uint16_t q,
	    struct rte_flow_error *err)
{
	struct rte_flow_item_eth spec = { .hdr.ether_type = rte_cpu_to_be_16(type) };
	struct rte_flow_item_eth mask = { .hdr.ether_type = RTE_BE16(0xffff) };
	struct rte_flow_item pattern[] = {
		{ .type = RTE_FLOW_ITEM_TYPE_ETH, .spec = &spec, .mask = &mask },
		{ .type = RTE_FLOW_ITEM_TYPE_END },
	};

	return q_rule(port, pattern, q, true, err, &(int){ 0 });
}

static void
q_refusals(uint16_t port, uint16_t nq)
{
	struct rte_flow_attr attr = { .ingress = 1 };
	struct rte_flow_item_eth src = {
		.hdr.src_addr.addr_bytes = { 0xff, 0xff, 0xff, 0xff, 0xff, 0xff } };
	struct rte_flow_item pattern[] = {
		{ .type = RTE_FLOW_ITEM_TYPE_ETH, .spec = &src, .mask = &src },
		{ .type = RTE_FLOW_ITEM_TYPE_END },
	};
	struct rte_flow_action_rss rss = { .queue_num = 0 };
	struct rte_flow_action rss_actions[] = {
		{ .type = RTE_FLOW_ACTION_TYPE_RSS, .conf = &rss },
		{ .type = RTE_FLOW_ACTION_TYPE_END },
	};
	struct rte_flow_error err;
	struct rte_flow *r;
	int ret = 0;

	q_rule_pcp(port, 5, nq, false, &err, &ret);
	CHECK(ret == -EINVAL && err.message != NULL,
	      "a rule for queue %u of %u is refused (%d: %s)", nq, nq, ret,
	      err.message != NULL ? err.message : "no reason");
	memset(&err, 0, sizeof(err));
	ret = rte_flow_validate(port, &attr, pattern, rss_actions, &err);
	CHECK(ret == -ENOTSUP && err.message != NULL,
	      "a source-address rule is refused (%d: %s)", ret,
	      err.message != NULL ? err.message : "no reason");
	pattern[0].spec = pattern[0].mask = NULL;
	ret = rte_flow_validate(port, &attr, pattern, rss_actions, &err);
	CHECK(ret == -ENOTSUP && err.message != NULL &&
	      strstr(err.message, "QUEUE") != NULL,
	      "RSS is refused: no RSS (%d: %s)", ret,
	      err.message != NULL ? err.message : "no reason");
	r = q_rule_pcp(port, 5, 1, true, &err, &ret);
	CHECK(r != NULL, "pcp 5 -> queue 1 created (%s)",
	      err.message != NULL ? err.message : "");
	q_rule_pcp(port, 5, 0, false, &err, &ret);
	CHECK(ret == -EEXIST && err.message != NULL &&
	      strstr(err.message, "priority 5") != NULL,
	      "a second rule for priority 5 is refused (%d: %s)", ret,
	      err.message != NULL ? err.message : "no reason");
	CHECK(r != NULL && rte_flow_destroy(port, r, &err) == 0,
	      "the rule destroyed");
	q_rule_pcp(port, 5, 0, false, &err, &ret);
	CHECK(ret == 0, "after it, priority 5 validates again (%d)", ret);
	if (strcmp(pmd_family()->name, "stmmac") == 0) {
		CHECK(q_rule_type(port, 0x88cc, 1, &err) == NULL &&
		      err.message != NULL && strstr(err.message, "LLDP") != NULL,
		      "dwmac4: an LLDP rule is refused, naming the class it lacks (%s)",
		      err.message != NULL ? err.message : "no reason");
	}
}

struct q_count {
	uint64_t on[2];
	uint64_t wrong;
};

static uint64_t
q_poll(uint16_t port, uint16_t q, uint64_t want, struct q_count *c)
{
	struct rte_mbuf *pkts[32];
	uint64_t got = 0, polls;
	uint16_t i, n;

	for (polls = 0; polls < PMD_HARNESS_MAX_POLLS && got < want; polls++) {
		n = rte_eth_rx_burst(port, q, pkts, RTE_DIM(pkts));
		for (i = 0; i < n; i++) {
			if (c != NULL &&
			    q_expected(rte_pktmbuf_mtod(pkts[i], const uint8_t *)) != q)
				c->wrong++;
			if (c != NULL)
				c->on[q]++;
		}
		rte_pktmbuf_free_bulk(pkts, n);
		got += n;
	}
	return got;
}

static void
q_steering(const char *name)
{
	char path[] = "/tmp/socrx_queues_XXXXXX";
	const struct pmd_family *f = pmd_family();
	struct rte_eth_dev_info info;
	struct pmd_model_stats st0, st1;
	struct pmd_rx_qstats qs[2];
	struct q_count c = { { 0, 0 }, 0 };
	struct rte_flow_error err;
	struct rte_mbuf *tx[Q_TX_FRAMES];
	uint64_t want = Q_ROUNDS * 4, polls;
	unsigned int i;
	int port;

	if (q_capture(path, Q_ROUNDS, false) < 0) {
		CHECK(0, "capture written");
		return;
	}
	port = q_port(name, path, false, true);
	if (port < 0)
		goto out;
	CHECK(rte_eth_dev_info_get(port, &info) == 0 &&
	      info.max_rx_queues == f->mq_queues &&
	      info.max_tx_queues == f->mq_queues &&
	      info.flow_type_rss_offloads == 0 && info.reta_size == 0,
	      "dev_info: %u RX and TX queues (%u, %u), no RSS", f->mq_queues,
	      info.max_rx_queues, info.max_tx_queues);
	if (q_configure(port, 2, false) != 0)
		goto out;
	q_refusals(port, 2);
	CHECK(q_rule_pcp(port, 7, 1, true, &err, &(int){ 0 }) != NULL,
	      "vlan pcp 7 -> queue 1 (%s)", err.message != NULL ? err.message : "");
	CHECK(q_rule_type(port, f->mq_class_ethertype, 1, &err) != NULL,
	      "eth type %#x -> queue 1 (%s)", f->mq_class_ethertype,
	      err.message != NULL ? err.message : "");
	CHECK(rte_eth_dev_start(port) == 0, "started");
	/* Both queues polled in turn until every frame arrived. */
	for (polls = 0; polls < 1000000 && c.on[0] + c.on[1] < want; polls++) {
		q_poll(port, 0, 1, &c);
		q_poll(port, 1, 1, &c);
	}
	CHECK(c.on[0] == Q_ROUNDS * 2 && c.on[1] == Q_ROUNDS * 2 && c.wrong == 0,
	      "steering: queue 0 got %" PRIu64 " (want %u: untagged, priority 0), queue 1 %" PRIu64 " (want %u: priority 7, class), %" PRIu64 " on the wrong queue",
	      c.on[0], Q_ROUNDS * 2, c.on[1], Q_ROUNDS * 2, c.wrong);
	CHECK(pmd_rx_qstats_get(port, 0, &qs[0]) == 0 &&
	      pmd_rx_qstats_get(port, 1, &qs[1]) == 0 &&
	      qs[0].packets == Q_ROUNDS * 2 && qs[1].packets == Q_ROUNDS * 2,
	      "per-queue stats: %" PRIu64 " / %" PRIu64 " packets",
	      qs[0].packets, qs[1].packets);
	/* TX queue 1 sends. */
	CHECK(f->model_stats(port, &st0) == 0, "model stats");
	CHECK(rte_pktmbuf_alloc_bulk(mp, tx, Q_TX_FRAMES) == 0, "TX mbufs");
	for (i = 0; i < Q_TX_FRAMES; i++) {
		uint8_t *d = (uint8_t *)rte_pktmbuf_append(tx[i], Q_FRAME_LEN);

		if (d != NULL)
			q_frame(d, -1, false, i);
	}
	CHECK(rte_eth_tx_burst(port, 1, tx, Q_TX_FRAMES) == Q_TX_FRAMES,
	      "TX queue 1 took %u frames", Q_TX_FRAMES);
	for (polls = 0; polls < PMD_HARNESS_MAX_POLLS; polls++) {
		if (f->model_stats(port, &st1) != 0 ||
		    st1.tx_frames >= st0.tx_frames + Q_TX_FRAMES)
			break;
		rte_eth_tx_done_cleanup(port, 1, 0);
	}
	CHECK(st1.tx_frames == st0.tx_frames + Q_TX_FRAMES,
	      "the device sent them (%" PRIu64 ")", st1.tx_frames - st0.tx_frames);
	/* The rules stay; a restart on fewer queues than they name fails. */
	CHECK(rte_eth_dev_stop(port) == 0, "stopped");
	CHECK(q_configure(port, 1, false) == 0, "reconfigured to one queue");
	CHECK(rte_eth_dev_start(port) != 0,
	      "a rule for queue 1 fails the start on one queue");
	CHECK(rte_flow_flush(port, &err) == 0, "flushed");
	CHECK(rte_eth_dev_start(port) == 0, "started again after the flush");
	CHECK(rte_eth_dev_stop(port) == 0, "stopped");
	CHECK(rte_eth_dev_close(port) == 0, "closed");
out:
	unlink(path);
}

static void
q_stop_one(const char *name)
{
	char path[] = "/tmp/socrx_queues_XXXXXX";
	struct rte_flow_error err;
	int port;

	if (q_capture(path, Q_ROUNDS, false) < 0) {
		CHECK(0, "capture written");
		return;
	}
	port = q_port(name, path, true, false);
	if (port < 0 || q_configure(port, 2, false) != 0)
		goto out;
	CHECK(q_rule_pcp(port, 7, 1, true, &err, &(int){ 0 }) != NULL,
	      "vlan pcp 7 -> queue 1");
	CHECK(rte_eth_dev_start(port) == 0, "started");
	CHECK(q_poll(port, 1, 50, NULL) >= 50, "queue 1 receives");
	CHECK(rte_eth_dev_rx_queue_stop(port, 1) == 0, "RX queue 1 stopped");
	CHECK(q_poll(port, 0, 500, NULL) >= 500,
	      "queue 0 keeps receiving while queue 1 is stopped");
	CHECK(rte_eth_dev_rx_queue_start(port, 1) == 0, "RX queue 1 started again");
	CHECK(q_poll(port, 1, 50, NULL) >= 50, "queue 1 receives again");
	CHECK(q_poll(port, 0, 50, NULL) >= 50, "and so does queue 0");
	CHECK(rte_eth_dev_stop(port) == 0, "stopped");
	CHECK(rte_eth_dev_close(port) == 0, "closed");
out:
	unlink(path);
}

static void
q_intr(const char *name)
{
	char path[] = "/tmp/socrx_queues_XXXXXX";
	struct rte_epoll_event ev[4];
	struct rte_flow_error err;
	int port, n;

	if (q_capture(path, Q_INTR_FRAMES, true) < 0) {
		CHECK(0, "capture written");
		return;
	}
	port = q_port(name, path, false, false);
	if (port < 0 || q_configure(port, 2, true) != 0)
		goto out;
	CHECK(q_rule_pcp(port, 7, 1, true, &err, &(int){ 0 }) != NULL,
	      "vlan pcp 7 -> queue 1");
	CHECK(rte_eth_dev_start(port) == 0, "started");
	CHECK(rte_eth_dev_rx_intr_ctl_q(port, 1, RTE_EPOLL_PER_THREAD,
					RTE_INTR_EVENT_ADD,
					(void *)(uintptr_t)0x51) == 0,
	      "queue 1's interrupt in this thread's epoll set");
	CHECK(rte_eth_dev_rx_intr_enable(port, 1) == 0, "queue 1's interrupt enabled");
	n = rte_epoll_wait(RTE_EPOLL_PER_THREAD, ev, RTE_DIM(ev), Q_WAIT_GUARD_MS);
	CHECK(n == 1 && ev[0].epdata.data == (void *)(uintptr_t)0x51,
	      "queue 1's line woke the waiter (%d events)", n);
	CHECK(rte_eth_dev_rx_intr_disable(port, 1) == 0, "disabled");
	CHECK(q_poll(port, 1, Q_INTR_FRAMES, NULL) == Q_INTR_FRAMES,
	      "queue 1 holds the %u priority-7 frames", Q_INTR_FRAMES);
	rte_eth_dev_rx_intr_ctl_q(port, 1, RTE_EPOLL_PER_THREAD,
				  RTE_INTR_EVENT_DEL, NULL);
	CHECK(rte_eth_dev_stop(port) == 0, "stopped");
	CHECK(rte_eth_dev_close(port) == 0, "closed");
out:
	unlink(path);
}

int
main(int argc, char **argv)
{
	const char *vdevs[] = { NULL };
	char name[32];

	RTE_SET_USED(argc);
	pmd_harness_eal_init(argv[0], vdevs);
	mp = eal_harness_pool("queues_pool", 4096, RTE_MBUF_DEFAULT_BUF_SIZE);
	CHECK(mp != NULL, "mbuf pool");
	if (mp != NULL) {
		q_steering(pmd_vdev(name, sizeof(name), 0));
		q_stop_one(pmd_vdev(name, sizeof(name), 1));
		q_intr(pmd_vdev(name, sizeof(name), 2));
	}
	rte_eal_cleanup();
	printf("%s: %lu failure(s)\n", argv[0], harness_failures);
	return harness_failures == 0 ? 0 : 1;
}
