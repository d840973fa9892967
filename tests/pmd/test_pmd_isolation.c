/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Priority isolation on a port of two queues: a best-effort flood
 * overloads queue 0 while rte_flow steers VLAN priority 7 to queue 1
 * (pmd_family.h's mq_args give the model its queues; stmmac: MAC_RxQ_Ctrl2
 * PSRQ). The model replays a capture of rounds of ISO_BE_PER untagged
 * IPv4/UDP frames and one frame tagged priority 7, each numbered, without
 * flow control (flow_ctrl=0: a full MTL queue drops, as on a wire). It
 * runs in step mode (model_step=1): the test moves it ISO_STEP frames at
 * a time, so what overflows does not depend on the host's scheduler.
 * The consumer polls queue 1 after every step and queue 0 only a little
 * (ISO_Q0_BURST frames every ISO_Q0_EVERY steps) until the capture is
 * exhausted, then drains queue 0. Checks:
 *  - queue 0 overflowed (frames were lost) and queue 1 did not: every
 *    priority frame arrived on queue 1, in order, and nothing else did;
 *  - every lost best-effort frame is counted: received on queue 0 plus
 *    imissed equals the best-effort frames sent, queue 0's own missed
 *    counter (rx_q0_missed) holds them all, queue 1's is 0, the model
 *    lost as many (rx_lost) and its counter never saturated between two
 *    reads (rx_q0_missed_overflow 0: stats are read after each step);
 *  - the per-queue packet counters equal what each queue delivered.
 * Without the rule (steering broken) the priority frames share queue 0's
 * overflow and the first check fails.
 */
#include <unistd.h>

#include <pcap/pcap.h>
#include <rte_flow.h>
#include <rte_ip.h>

#include "../pcap_frames.h"
#include "pmd_compat_qstats.h"
#include "pmd_harness.h"

#define ISO_ROUNDS	512	/* priority frames: twice queue 1's ring */
#define ISO_BE_PER	15	/* best-effort frames per priority frame */
#define ISO_FRAME_LEN	64
#define ISO_RING	256
#define ISO_STEP	32
#define ISO_Q0_EVERY	16
#define ISO_Q0_BURST	4
#define ISO_MAC		"02:00:00:00:09:31"
#define ISO_SEQ_OFF	42	/* the UDP payload of an untagged frame */

static const uint8_t iso_mac[6] = { 0x02, 0, 0, 0, 0x09, 0x31 };
static struct rte_mempool *mp;

/* A 64-byte IPv4/UDP frame numbered @p seq, tagged priority 7 or not. */
static uint32_t
iso_frame(uint8_t *f, bool prio, uint32_t seq)
{
	uint32_t l2 = 12;
	struct rte_ipv4_hdr *ip;

	memset(f, 0, ISO_FRAME_LEN);
	memcpy(f, iso_mac, 6);
	memcpy(f + 6, (const uint8_t[6]){ 0x02, 0, 0, 0, 0xfe, 0x07 }, 6);
	if (prio) {
		f[l2] = 0x81;
		f[l2 + 2] = 7 << 5;
		f[l2 + 3] = 10;		/* VLAN 10 */
		l2 += 4;
	}
	f[l2] = 0x08;
	ip = (struct rte_ipv4_hdr *)(f + l2 + 2);
	ip->version_ihl = 0x45;
	ip->total_length = rte_cpu_to_be_16(ISO_FRAME_LEN - l2 - 2);
	ip->time_to_live = 64;
	ip->next_proto_id = IPPROTO_UDP;
	ip->src_addr = rte_cpu_to_be_32(0x0a000001);
	ip->dst_addr = rte_cpu_to_be_32(0x0a000002);
	ip->hdr_checksum = rte_ipv4_cksum(ip);
	f[l2 + 2 + 21] = 9;			/* UDP 9 -> 9, no checksum */
	f[l2 + 2 + 23] = 9;
	f[l2 + 2 + 25] = (uint8_t)(ISO_FRAME_LEN - l2 - 2 - 20);
	memcpy(f + l2 + 2 + 28, &seq, sizeof(seq));
	return ISO_FRAME_LEN;
}

static bool
iso_is_prio(const uint8_t *f)
{
	return f[12] == 0x81 && f[13] == 0x00 && (f[14] >> 5) == 7;
}

static uint32_t
iso_seq(const uint8_t *f)
{
	uint32_t seq;

	memcpy(&seq, f + ISO_SEQ_OFF + (iso_is_prio(f) ? 4 : 0), sizeof(seq));
	return seq;
}

static int
iso_capture(char *path)
{
	struct pcap_pkthdr h;
	uint8_t frame[ISO_FRAME_LEN];
	unsigned int i, k;
	pcap_t *p;
	pcap_dumper_t *d = pcap_frames_create_tmp(path, &p);

	if (d == NULL)
		return -1;
	memset(&h, 0, sizeof(h));
	for (i = 0; i < ISO_ROUNDS; i++) {
		for (k = 0; k < ISO_BE_PER; k++) {
			h.len = h.caplen = iso_frame(frame, false, i * ISO_BE_PER + k);
			pcap_dump((u_char *)d, &h, frame);
		}
		h.len = h.caplen = iso_frame(frame, true, i);
		pcap_dump((u_char *)d, &h, frame);
	}
	pcap_dump_close(d);
	pcap_close(p);
	return 0;
}

/* eth / vlan tci spec 0xe000 tci mask 0xe000 / end -> queue 1 */
static struct rte_flow *
iso_rule(uint16_t port, struct rte_flow_error *err)
{
	struct rte_flow_attr attr = { .ingress = 1 };
	struct rte_flow_item_vlan spec = { .hdr.vlan_tci = RTE_BE16(0xe000) };
	struct rte_flow_item_vlan mask = { .hdr.vlan_tci = RTE_BE16(0xe000) };
	struct rte_flow_item pattern[] = {
		{ .type = RTE_FLOW_ITEM_TYPE_ETH },
		{ .type = RTE_FLOW_ITEM_TYPE_VLAN, .spec = &spec, .mask = &mask },
		{ .type = RTE_FLOW_ITEM_TYPE_END },
	};
	struct rte_flow_action_queue qa = { .index = 1 };
	struct rte_flow_action actions[] = {
		{ .type = RTE_FLOW_ACTION_TYPE_QUEUE, .conf = &qa },
		{ .type = RTE_FLOW_ACTION_TYPE_END },
	};

	memset(err, 0, sizeof(*err));
	return rte_flow_create(port, &attr, pattern, actions, err);
}

/* Xstat rx_q<q>_<what>; -1 when the port has none by that name. */
static int
iso_xstat(uint16_t port, uint16_t q, const char *what, uint64_t *v)
{
	char name[RTE_ETH_XSTATS_NAME_SIZE];
	uint64_t id;

	snprintf(name, sizeof(name), "rx_q%u_%s", q, what);
	if (rte_eth_xstats_get_id_by_name(port, name, &id) != 0)
		return -1;
	return rte_eth_xstats_get_by_id(port, &id, v, 1) == 1 ? 0 : -1;
}

struct iso_count {
	uint64_t prio;		/* priority frames on queue 1 */
	uint64_t prio_out_of_order;
	uint64_t be;		/* best-effort frames on queue 0 */
	uint64_t wrong;		/* a frame on the other class's queue */
	uint32_t be_last;	/* best-effort numbers only rise */
	uint64_t be_backwards;
};

/* Up to @p max frames from queue @p q; @return how many. */
static unsigned int
iso_poll(uint16_t port, uint16_t q, unsigned int max, struct iso_count *c)
{
	struct rte_mbuf *pkts[32];
	unsigned int got = 0;
	uint16_t i, n;

	do {
		n = rte_eth_rx_burst(port, q, pkts,
				     (uint16_t)RTE_MIN(max - got, RTE_DIM(pkts)));
		for (i = 0; i < n; i++) {
			const uint8_t *f = rte_pktmbuf_mtod(pkts[i], const uint8_t *);
			uint32_t seq = iso_seq(f);

			if (iso_is_prio(f) != (q == 1)) {
				c->wrong++;
			} else if (q == 1) {
				c->prio_out_of_order += seq != c->prio;
				c->prio++;
			} else {
				c->be_backwards += c->be != 0 && seq <= c->be_last;
				c->be_last = seq;
				c->be++;
			}
		}
		rte_pktmbuf_free_bulk(pkts, n);
		got += n;
	} while (n != 0 && got < max);
	return got;
}

int
main(int argc, char **argv)
{
	char path[] = "/tmp/socrx_isolation_XXXXXX";
	const char *vdevs[] = { NULL };
	const struct pmd_family *f;
	struct rte_eth_conf conf;
	struct rte_eth_stats st;
	struct pmd_model_stats ms;
	struct rte_flow_error err;
	struct iso_count c = { 0 };
	uint64_t polls, q0_missed = 0, q1_missed = 0, sat = 0;
	uint64_t be_sent = (uint64_t)ISO_ROUNDS * ISO_BE_PER;
	struct pmd_rx_qstats qs[2];
	char name[32], args[512];
	int port = -1, ret;
	uint16_t q;

	RTE_SET_USED(argc);
	pmd_harness_eal_init(argv[0], vdevs);
	f = pmd_family();
	mp = eal_harness_pool("isolation_pool", 4096, RTE_MBUF_DEFAULT_BUF_SIZE);
	CHECK(mp != NULL, "mbuf pool");
	if (mp == NULL || iso_capture(path) < 0) {
		CHECK(0, "capture written");
		goto done;
	}
	snprintf(args, sizeof(args), "mac=%s,rx_pcap=%s,flow_ctrl=0,model_step=1,%s",
		 ISO_MAC, path, f->mq_args);
	ret = pmd_harness_vdev_init(pmd_vdev(name, sizeof(name), 0), args);
	CHECK(ret == 0, "%s probed with %s", name, args);
	port = ret == 0 ? pmd_harness_port(name) : -1;
	if (port < 0)
		goto done;
	memset(&conf, 0, sizeof(conf));
	ret = rte_eth_dev_configure(port, 2, 2, &conf);
	for (q = 0; q < 2 && ret == 0; q++)
		ret = rte_eth_rx_queue_setup(port, q, ISO_RING,
					     rte_eth_dev_socket_id(port), NULL, mp);
	for (q = 0; q < 2 && ret == 0; q++)
		ret = rte_eth_tx_queue_setup(port, q, ISO_RING,
					     rte_eth_dev_socket_id(port), NULL);
	CHECK(ret == 0, "2 RX and TX queues of %u descriptors (%d)", ISO_RING, ret);
	CHECK(iso_rule(port, &err) != NULL, "vlan pcp 7 -> queue 1 (%s)",
	      err.message != NULL ? err.message : "");
	if (ret != 0 || rte_eth_dev_start(port) != 0) {
		CHECK(0, "started");
		goto done;
	}
	/*
	 * The flood: queue 1 after every step, queue 0 a few frames now and
	 * then; the stats read after each step fold the device's missed
	 * counters (11 bits, clear on read) before they could saturate.
	 */
	for (polls = 0; polls < PMD_HARNESS_MAX_POLLS && !f->rx_idle(port); polls++) {
		f->model_step(port, ISO_STEP);
		iso_poll(port, 1, UINT32_MAX, &c);
		if (polls % ISO_Q0_EVERY == 0)
			iso_poll(port, 0, ISO_Q0_BURST, &c);
		rte_eth_stats_get(port, &st);
	}
	CHECK(f->rx_idle(port), "the capture replayed (%" PRIu64 " steps)", polls);
	/* Then queue 0 drained: what its ring and MTL queue still hold. */
	for (polls = 0; polls < PMD_HARNESS_MAX_POLLS; polls++) {
		f->model_step(port, ISO_STEP);
		if (iso_poll(port, 0, UINT32_MAX, &c) == 0 &&
		    iso_poll(port, 1, UINT32_MAX, &c) == 0 &&
		    f->model_step(port, ISO_STEP) == 0)
			break;
	}
	CHECK(rte_eth_stats_get(port, &st) == 0, "stats");
	/* A counter that cannot saturate (NETA's) has no overflow xstat. */
	CHECK(iso_xstat(port, 0, "missed", &q0_missed) == 0 &&
	      iso_xstat(port, 1, "missed", &q1_missed) == 0 &&
	      (!f->missed_saturates ||
	       iso_xstat(port, 0, "missed_overflow", &sat) == 0),
	      "xstats rx_q0_missed, rx_q1_missed%s",
	      f->missed_saturates ? ", rx_q0_missed_overflow" : "");
	CHECK(f->model_stats(port, &ms) == 0, "model stats");

	CHECK(c.prio == ISO_ROUNDS && c.prio_out_of_order == 0,
	      "every priority frame on queue 1, in order: %" PRIu64 " of %u, %"
	      PRIu64 " out of order", c.prio, ISO_ROUNDS, c.prio_out_of_order);
	CHECK(c.wrong == 0, "no frame on the other class's queue (%" PRIu64 ")",
	      c.wrong);
	CHECK(st.imissed > 0 && c.be < be_sent,
	      "queue 0 overflowed: %" PRIu64 " of %" PRIu64 " best-effort frames "
	      "received, %" PRIu64 " missed", c.be, be_sent, st.imissed);
	CHECK(c.be + st.imissed == be_sent,
	      "each lost best-effort frame counted: received %" PRIu64 " + imissed %"
	      PRIu64 " = %" PRIu64 " sent", c.be, st.imissed, be_sent);
	CHECK(q0_missed == st.imissed && q1_missed == 0,
	      "per queue: rx_q0_missed %" PRIu64 " (imissed %" PRIu64
	      "), rx_q1_missed %" PRIu64 " (0)", q0_missed, st.imissed, q1_missed);
	CHECK(ms.rx_lost == st.imissed && sat == 0,
	      "the model lost as many (%" PRIu64 "); the counter never saturated "
	      "between reads (rx_q0_missed_overflow %" PRIu64 ")", ms.rx_lost, sat);
	CHECK(c.be_backwards == 0, "best-effort frames in order (%" PRIu64
	      " out of order)", c.be_backwards);
	CHECK(pmd_rx_qstats_get(port, 0, &qs[0]) == 0 &&
	      pmd_rx_qstats_get(port, 1, &qs[1]) == 0 &&
	      qs[0].packets == c.be && qs[1].packets == c.prio,
	      "per-queue packets: %" PRIu64 " / %" PRIu64, qs[0].packets,
	      qs[1].packets);
	CHECK(ms.violations == 0, "no driver protocol violation (%" PRIu64 ")",
	      ms.violations);
	printf("isolation: priority %" PRIu64 "/%u received, best effort %" PRIu64
	       " received + %" PRIu64 " missed of %" PRIu64 "\n", c.prio, ISO_ROUNDS,
	       c.be, st.imissed, be_sent);
	CHECK(rte_eth_dev_stop(port) == 0, "stopped");
	CHECK(rte_eth_dev_close(port) == 0, "closed");
done:
	unlink(path);
	rte_eal_cleanup();
	printf("%s: %lu failure(s)\n", argv[0], harness_failures);
	return harness_failures == 0 ? 0 : 1;
}
