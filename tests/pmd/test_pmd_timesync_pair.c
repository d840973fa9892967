/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Two net_stmmac_uio ports wired back to back (each model on one end of a
 * veth pair, iface=), their IEEE 1588 units running, exchanging what a
 * PTP slave and master exchange (IEEE 1588-2008 11.3): port A sends a
 * Sync stamped on TX (t1), port B receives it stamped (t2), B sends a
 * Delay_Req stamped on TX (t3), A receives it stamped (t4). Whatever the
 * offset between the two clocks, each frame takes a path of positive
 * length, so:
 *  - the mean path delay ((t2 - t1) + (t4 - t3)) / 2 is positive: each
 *    frame's RX stamp at one end is after its TX stamp at the other, in
 *    the round trip;
 *  - the offset ((t2 - t1) - (t4 - t3)) / 2 estimates B's clock less A's
 *    within that delay: after rte_eth_timesync_adjust_time(B, +1.5 s) it
 *    moves by 1.5 s within the two exchanges' delays;
 *  - each port's RX and TX stamps increase from one exchange to the next.
 * Needs root for the veth pair in a private network namespace, and
 * AF_PACKET's ancillary data, which qemu-user lacks (exits 77 without);
 * the models run in their threads, the exchanges are polled.
 */
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <rte_ethdev.h>
#include <rte_mbuf.h>

#include "pmd_harness.h"

#define PAIR_NS		1000000000ll
#define PAIR_ADJUST	1500000000ll	/* B's clock moved by 1.5 s */
#define PAIR_ROUNDS	8u
#define PTP_SYNC	0x0u
#define PTP_DELAY_REQ	0x1u

static const char veth_a[] = "srxptp0", veth_b[] = "srxptp1";

static int64_t
pair_ns(const struct timespec *ts)
{
	return (int64_t)ts->tv_sec * PAIR_NS + ts->tv_nsec;
}

/*
 * The veth pair in a network namespace of the process's own (gone with
 * it), up, without the kernel's IPv6 chatter on it.
 */
static bool
veth_up(void)
{
	return unshare(CLONE_NEWNET) == 0 &&
	       system("ip link add srxptp0 type veth peer name srxptp1 && "
		      "{ sysctl -qw net.ipv6.conf.srxptp0.disable_ipv6=1 "
		      "net.ipv6.conf.srxptp1.disable_ipv6=1 >/dev/null 2>&1; "
		      "true; } && ip link set srxptp0 up && "
		      "ip link set srxptp1 up") == 0;
}

static int
pair_open(unsigned int i, const char *ifname, struct rte_mempool *mp)
{
	char name[32], args[128];
	int port;

	snprintf(name, sizeof(name), "net_stmmac_uio%u", i);
	snprintf(args, sizeof(args), "iface=%s,ptp_clk=50000000", ifname);
	if (pmd_harness_vdev_init(name, args) != 0) {
		CHECK(0, "probe %s", args);
		return -1;
	}
	port = pmd_harness_port(name);
	if (port < 0 || pmd_harness_port_start((uint16_t)port, mp, 256, NULL) != 0 ||
	    rte_eth_timesync_enable((uint16_t)port) != 0) {
		CHECK(0, "%s: start and timesync_enable", name);
		return -1;
	}
	return port;
}

/* A PTP version 2 message of @p type over Ethernet, sequence @p seq. */
static struct rte_mbuf *
ptp_frame(struct rte_mempool *mp, unsigned int type, uint16_t seq)
{
	static const uint8_t dst[6] = { 0x01, 0x1b, 0x19, 0x00, 0x00, 0x00 };
	struct rte_mbuf *m = rte_pktmbuf_alloc(mp);
	uint8_t *p;

	if (m == NULL)
		return NULL;
	p = (uint8_t *)rte_pktmbuf_append(m, 64);
	if (p == NULL) {
		rte_pktmbuf_free(m);
		return NULL;
	}
	memset(p, 0, 64);
	memcpy(p, dst, 6);
	p[11] = 0x99;
	p[12] = 0x88;
	p[13] = 0xf7;
	p[14] = (uint8_t)type;		/* messageType */
	p[15] = 2;			/* versionPTP */
	p[17] = 44;			/* messageLength */
	p[14 + 30] = (uint8_t)(seq >> 8);	/* sequenceId */
	p[14 + 31] = (uint8_t)seq;
	m->ol_flags |= RTE_MBUF_F_TX_IEEE1588_TMST;
	return m;
}

/* Sends a stamped message of @p type; its TX stamp in @p ts. */
static bool
send_stamped(uint16_t port, struct rte_mempool *mp, unsigned int type,
	     uint16_t seq, struct timespec *ts)
{
	struct rte_mbuf *m = ptp_frame(mp, type, seq);

	if (m == NULL || rte_eth_tx_burst(port, 0, &m, 1) != 1) {
		rte_pktmbuf_free(m);
		return false;
	}
	return pmd_harness_tx_stamp_poll(port, ts);
}

/*
 * Receives until the message of @p type and @p seq (other frames on the
 * wire are passed over); its RX stamp in @p ts.
 */
static bool
recv_stamped(uint16_t port, unsigned int type, uint16_t seq,
	     struct timespec *ts)
{
	struct rte_mbuf *pkts[8];
	uint64_t polls;
	bool found = false;
	uint16_t n, k;

	for (polls = 0; polls < PMD_HARNESS_MAX_POLLS && !found; polls++) {
		n = rte_eth_rx_burst(port, 0, pkts, 1);
		for (k = 0; k < n; k++) {
			const uint8_t *p = rte_pktmbuf_mtod(pkts[k], const uint8_t *);

			if (pkts[k]->data_len >= 46 && p[12] == 0x88 &&
			    p[13] == 0xf7 && (p[14] & 0xfu) == type &&
			    (uint16_t)(p[44] << 8 | p[45]) == seq) {
				CHECK((pkts[k]->ol_flags & RTE_MBUF_F_RX_IEEE1588_TMST) != 0,
				      "message %u/%u flagged stamped", type, seq);
				found = rte_eth_timesync_read_rx_timestamp(port, ts, 0) == 0;
			}
			rte_pktmbuf_free(pkts[k]);
		}
	}
	return found;
}

struct exchange {
	int64_t t1, t2, t3, t4;
};

static bool
exchange(uint16_t a, uint16_t b, struct rte_mempool *mp, uint16_t seq,
	 struct exchange *x)
{
	struct timespec ts;

	if (!send_stamped(a, mp, PTP_SYNC, seq, &ts))
		return false;
	x->t1 = pair_ns(&ts);
	if (!recv_stamped(b, PTP_SYNC, seq, &ts))
		return false;
	x->t2 = pair_ns(&ts);
	if (!send_stamped(b, mp, PTP_DELAY_REQ, seq, &ts))
		return false;
	x->t3 = pair_ns(&ts);
	if (!recv_stamped(a, PTP_DELAY_REQ, seq, &ts))
		return false;
	x->t4 = pair_ns(&ts);
	return true;
}

static void
test_pair(struct rte_mempool *mp)
{
	struct exchange x[2 * PAIR_ROUNDS];
	int64_t delay, offset, before = 0, after = 0, dmax = 0;
	int a = pair_open(0, veth_a, mp), b = pair_open(1, veth_b, mp);
	unsigned int i, n = 0;

	if (a < 0 || b < 0)
		return;
	for (i = 0; i < 2 * PAIR_ROUNDS; i++, n++) {
		if (i == PAIR_ROUNDS)
			CHECK_EQ_U(rte_eth_timesync_adjust_time((uint16_t)b,
								PAIR_ADJUST), 0,
				   "adjust_time B +1.5 s");
		if (!exchange((uint16_t)a, (uint16_t)b, mp, (uint16_t)i, &x[i])) {
			CHECK(0, "exchange %u: every message sent and received", i);
			break;
		}
		delay = ((x[i].t2 - x[i].t1) + (x[i].t4 - x[i].t3)) / 2;
		offset = ((x[i].t2 - x[i].t1) - (x[i].t4 - x[i].t3)) / 2;
		printf("exchange %2u: mean path delay %8" PRId64 " ns, offset B-A %12" PRId64 " ns\n",
		       i, delay, offset);
		CHECK(delay > 0, "exchange %u: mean path delay positive (%" PRId64 " ns)",
		      i, delay);
		if (i > 0 && i != PAIR_ROUNDS)
			CHECK(x[i].t1 > x[i - 1].t1 && x[i].t4 > x[i - 1].t4 &&
			      x[i].t2 > x[i - 1].t2 && x[i].t3 > x[i - 1].t3,
			      "exchange %u: each port's stamps increase", i);
		if (i < PAIR_ROUNDS)
			before = offset;
		else if (i == PAIR_ROUNDS)
			after = offset;
		if (i == PAIR_ROUNDS - 1 || i == PAIR_ROUNDS)
			dmax += delay;
	}
	if (n == 2 * PAIR_ROUNDS)
		CHECK(after - before >= PAIR_ADJUST - dmax &&
		      after - before <= PAIR_ADJUST + dmax,
		      "the offset moved by the adjustment: %" PRId64 " ns (1.5 s within %" PRId64 " ns)",
		      after - before, dmax);
	rte_eth_timesync_disable((uint16_t)a);
	rte_eth_timesync_disable((uint16_t)b);
	PMD_HARNESS_CHECK_NO_VIOLATION((uint16_t)a);
	PMD_HARNESS_CHECK_NO_VIOLATION((uint16_t)b);
	rte_eth_dev_stop((uint16_t)a);
	rte_eth_dev_stop((uint16_t)b);
	rte_eth_dev_close((uint16_t)a);
	rte_eth_dev_close((uint16_t)b);
	rte_vdev_uninit("net_stmmac_uio0");
	rte_vdev_uninit("net_stmmac_uio1");
}

int
main(int argc, char **argv)
{
	struct rte_mempool *mp;

	(void)argc;
	if (geteuid() != 0 || harness_under_qemu()) {
		printf("skipped: a veth pair needs root, AF_PACKET not qemu-user\n");
		return 77;
	}
	if (!veth_up()) {
		printf("skipped: no private namespace with a veth pair\n");
		return 77;
	}
	pmd_harness_eal_init(argv[0], NULL);
	mp = eal_harness_pool("pair_pool", 2048, RTE_PKTMBUF_HEADROOM + 2048);
	if (mp == NULL)
		CHECK(0, "pool");
	else
		test_pair(mp);
	rte_mempool_free(mp);
	rte_eal_cleanup();
	return harness_result("pmd_timesync_pair");
}
