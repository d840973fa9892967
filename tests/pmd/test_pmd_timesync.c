/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * net_stmmac_uio's IEEE 1588 system time through the ethdev timesync API
 * (drivers/stmmac_uio/stmmac_ptp.c) against the model's timestamp unit,
 * which keeps its time from CLOCK_MONOTONIC on the reference clock
 * model_ptp_clk= (50 MHz by default): so every bound below brackets the
 * model's clock with host clock reads, and none depends on how fast the
 * test runs.
 *
 *  - refusals: no ptp_clk= (the rate is in no register), a clock whose
 *    increment does not fit, bad devargs, calls before enable;
 *  - the time: set from CLOCK_REALTIME at enable, running at the real
 *    rate, set by write_time, moved by adjust_time both ways (whole
 *    seconds too), monotonic between, kept over a stop and start (the
 *    start's reset clears the unit: the PMD enables it again);
 *  - a wrong ptp_clk= (twice the model's): the time runs at half rate,
 *    as it would on a board;
 *  - TX stamps: a frame sent with RTE_MBUF_F_TX_IEEE1588_TMST carries
 *    the time it left, read once, also with no burst after it; none
 *    without the flag or the unit;
 *  - frequency adjustment: the rate at 5/4 and 3/4, kept over a restart,
 *    nominal after an enable, refused beyond the addend;
 *  - RX stamps (step mode, a capture of PTP messages among other
 *    frames): every frame delivered in order; the PTP messages the MAC
 *    stamps flagged, counted, their last stamp read once; with RTE_ETH_RX_OFFLOAD_TIMESTAMP every frame stamped in the
 *    mbuf's dynamic field, in order, within the reads of the clock, through
 *    a small ring in bursts of 1 to 32 (a frame held for its context
 *    descriptor across bursts); the offload refused without ptp_clk=;
 *  - testpmd's ieee1588 engine's sequence, frame by frame, on a port whose
 *    model runs in its thread.
 */
#include <time.h>

#include <rte_ip.h>
#include <rte_version.h>
#include <rte_mbuf_dyn.h>

#include "../pcap_frames.h"
#include "pmd_harness.h"
#include "rte_pmd_stmmac_uio.h"

#define TS_NS		1000000000ll
/* The model's 40 ns step at 50 MHz, and a margin for it either side. */
#define TS_STEP		40ll
/* CLOCK_REALTIME may be slewed against CLOCK_MONOTONIC: 1 ms allowed. */
#define TS_SLEW		1000000ll

static unsigned int ts_seq;

static int64_t
ts_ns(const struct timespec *ts)
{
	return (int64_t)ts->tv_sec * TS_NS + ts->tv_nsec;
}

static int64_t
host_ns(clockid_t c)
{
	struct timespec ts;

	clock_gettime(c, &ts);
	return ts_ns(&ts);
}

/* The port's time in ns, or -1 (and a failed check). */
static int64_t
ptp_ns(uint16_t port)
{
	struct timespec ts;
	int ret = rte_eth_timesync_read_time(port, &ts);

	CHECK_EQ_U(ret, 0, "read_time");
	return ret == 0 ? ts_ns(&ts) : -1;
}

/* Probes a port with @p args; its port id, or -1. */
static int
ts_probe(const char *args, char **log)
{
	char name[32], buf[PMD_HARNESS_ARGS_LEN];

	snprintf(name, sizeof(name), "net_stmmac_uio%u", ts_seq++);
	if (pmd_harness_probe_logged(name, pmd_harness_args(args, buf,
				     sizeof(buf)), log) != 0)
		return -1;
	return pmd_harness_port(name);
}

/* A port probed with @p args, or -1 after a failed check. */
static int
ts_open(const char *args)
{
	char *log = NULL;
	int port = ts_probe(args, &log);

	CHECK(port >= 0, "%s: probe: %s", args, log != NULL ? log : "");
	free(log);
	return port;
}

static void
ts_remove(uint16_t port)
{
	char name[RTE_ETH_NAME_MAX_LEN];

	CHECK_EQ_U(pmd_harness_model_stats(port).ptp_cmds_ignored, 0,
		   "timestamp unit commands lost");
	PMD_HARNESS_CHECK_NO_VIOLATION(port);
	rte_eth_dev_get_name_by_port(port, name);
	rte_eth_dev_close(port);
	rte_vdev_uninit(name);
}

/* timesync_enable with its log in *@p log. */
static int
enable_logged(uint16_t port, char **log)
{
	FILE *old = rte_log_get_stream(), *f;
	size_t size = 0;
	int ret;

	*log = NULL;
	f = open_memstream(log, &size);
	if (f == NULL)
		return rte_eth_timesync_enable(port);
	rte_openlog_stream(f);
	ret = rte_eth_timesync_enable(port);
	rte_openlog_stream(old);
	fclose(f);
	return ret;
}

/*
 * A port probed with @p args refuses timesync_enable with @p err and a
 * log line holding @p says; the calls before enable refuse too.
 */
static void
enable_refused(const char *args, int err, const char *says)
{
	struct timespec ts = { 0, 0 };
	char *log = NULL;
	int port = ts_open(args);

	if (port < 0)
		return;
	CHECK_EQ_U(rte_eth_timesync_read_time((uint16_t)port, &ts), -EINVAL,
		   "%s: read_time before enable", args);
	CHECK_EQ_U(rte_eth_timesync_adjust_time((uint16_t)port, 1), -EINVAL,
		   "%s: adjust_time before enable", args);
	CHECK_EQ_U(enable_logged((uint16_t)port, &log), err, "%s: enable",
		   args);
	CHECK(log != NULL && strstr(log, says) != NULL,
	      "%s: the refusal says '%s': %s", args, says,
	      log != NULL ? log : "");
	free(log);
	ts_remove((uint16_t)port);
}

static void
test_refusals(void)
{
	char *log = NULL;
	int port;

	port = ts_probe("ptp_clk=7", &log);
	CHECK(port < 0 && log != NULL &&
	      strstr(log, "expected the PTP reference clock in Hz") != NULL,
	      "ptp_clk=7 refused: %s", log != NULL ? log : "");
	free(log);
	/* The rate is in no register. */
	enable_refused("", -ENOTSUP, "devarg ptp_clk=<Hz>");
	/* 1 MHz: a 2000 ns increment, beyond SSINC's 8 bits. */
	enable_refused("ptp_clk=1000000", -EINVAL, "outside 1..255");
}

/*
 * Over about 10 ms of CLOCK_MONOTONIC, the port's time moves by that
 * much times @p num / @p den, within the brackets of the reads.
 */
static void
check_rate(uint16_t port, int64_t num, int64_t den, const char *what)
{
	int64_t m0, m1, m2, m3, t1, t2;

	m0 = host_ns(CLOCK_MONOTONIC);
	t1 = ptp_ns(port);
	m1 = host_ns(CLOCK_MONOTONIC);
	rte_delay_ms(10);
	m2 = host_ns(CLOCK_MONOTONIC);
	t2 = ptp_ns(port);
	m3 = host_ns(CLOCK_MONOTONIC);
	CHECK(t2 - t1 >= (m2 - m1) * num / den - TS_STEP &&
	      t2 - t1 <= (m3 - m0) * num / den + TS_STEP,
	      "%s: %" PRId64 " ns passed while the host's clock moved %" PRId64
	      "..%" PRId64 " ns (x %" PRId64 "/%" PRId64 ")", what, t2 - t1,
	      m2 - m1, m3 - m0, num, den);
}

/* adjust_time(@p delta) moves the time by @p delta. */
static void
check_adjust(uint16_t port, int64_t delta)
{
	int64_t m0, m1, t1, t2;

	m0 = host_ns(CLOCK_MONOTONIC);
	t1 = ptp_ns(port);
	CHECK_EQ_U(rte_eth_timesync_adjust_time(port, delta), 0,
		   "adjust_time(%" PRId64 ")", delta);
	t2 = ptp_ns(port);
	m1 = host_ns(CLOCK_MONOTONIC);
	CHECK(t2 - t1 - delta >= 0 && t2 - t1 - delta <= m1 - m0 + TS_STEP,
	      "adjust_time(%" PRId64 "): moved %" PRId64 " ns in %" PRId64
	      " ns", delta, t2 - t1, m1 - m0);
}

/*
 * A pool @p name for @p port, the port started, stopped and started again:
 * the second start resets the core, and the timestamp unit with it. The
 * pool (the port running), or NULL after a failed check.
 */
static struct rte_mempool *
ts_restart(uint16_t port, const char *name)
{
	struct rte_mempool *mp = eal_harness_pool(name, 1024,
						  RTE_PKTMBUF_HEADROOM + 2048);

	CHECK(mp != NULL, "pool");
	if (mp == NULL)
		return NULL;
	CHECK_EQ_U(pmd_harness_port_start(port, mp, 256, NULL), 0, "start");
	CHECK_EQ_U(rte_eth_dev_stop(port), 0, "stop");
	CHECK_EQ_U(rte_eth_dev_start(port), 0, "start again");
	return mp;
}

static void
test_time(void)
{
	const struct timespec set = { 1234, 999999990 };
	struct timespec bad = { 1, TS_NS };
	struct rte_mempool *mp;
	int64_t r0, r1, m0, m1, t, prev;
	unsigned int i;
	int port;

	port = ts_open("ptp_clk=50000000");
	if (port < 0)
		return;
	r0 = host_ns(CLOCK_REALTIME);
	CHECK_EQ_U(rte_eth_timesync_enable((uint16_t)port), 0, "enable");
	t = ptp_ns((uint16_t)port);
	r1 = host_ns(CLOCK_REALTIME);
	CHECK(t >= r0 - TS_SLEW && t <= r1 + TS_SLEW,
	      "enable sets CLOCK_REALTIME: %" PRId64 " in %" PRId64 "..%" PRId64,
	      t, r0, r1);
	check_rate((uint16_t)port, 1, 1, "ptp_clk= the model's");
	for (i = 0, prev = 0; i < 1000; i++) {
		t = ptp_ns((uint16_t)port);
		CHECK(t >= prev, "read %u went back: %" PRId64 " < %" PRId64,
		      i, t, prev);
		prev = t;
	}
	m0 = host_ns(CLOCK_MONOTONIC);
	CHECK_EQ_U(rte_eth_timesync_write_time((uint16_t)port, &set), 0,
		   "write_time");
	t = ptp_ns((uint16_t)port);
	m1 = host_ns(CLOCK_MONOTONIC);
	CHECK(t >= ts_ns(&set) && t <= ts_ns(&set) + m1 - m0 + TS_STEP,
	      "write_time: %" PRId64 " after %" PRId64, t, ts_ns(&set));
	CHECK_EQ_U(rte_eth_timesync_write_time((uint16_t)port, &bad), -EINVAL,
		   "write_time with 10^9 ns");
	check_adjust((uint16_t)port, 1500000000ll);
	check_adjust((uint16_t)port, -2250000000ll);
	check_adjust((uint16_t)port, -3 * TS_NS);
	check_adjust((uint16_t)port, 7);
	CHECK_EQ_U(rte_eth_timesync_adjust_time((uint16_t)port,
						(INT64_C(1) << 32) * TS_NS),
		   -EINVAL, "adjust_time beyond 2^32 s");
	/* The start's reset clears the unit; the PMD enables it again. */
	r0 = host_ns(CLOCK_REALTIME);
	mp = ts_restart((uint16_t)port, "ts_pool");
	if (mp != NULL) {
		t = ptp_ns((uint16_t)port);
		r1 = host_ns(CLOCK_REALTIME);
		CHECK(t >= r0 - TS_SLEW && t <= r1 + TS_SLEW,
		      "after a restart the unit runs again from CLOCK_REALTIME");
		check_rate((uint16_t)port, 1, 1, "after a restart");
		CHECK_EQ_U(rte_eth_dev_stop((uint16_t)port), 0, "stop");
	}
	CHECK_EQ_U(rte_eth_timesync_disable((uint16_t)port), 0, "disable");
	CHECK_EQ_U(rte_eth_timesync_read_time((uint16_t)port, &bad), -EINVAL,
		   "read_time after disable");
	ts_remove((uint16_t)port);
	rte_mempool_free(mp);
}

/*
 * Sends one 128-byte PTP frame (EtherType 0x88f7, broadcast) with
 * @p flags on queue 0: false if it could not.
 */
static bool
send_frame(uint16_t port, struct rte_mempool *mp, uint64_t flags)
{
	struct rte_mbuf *m = rte_pktmbuf_alloc(mp);

	if (m == NULL || rte_pktmbuf_append(m, 128) == NULL) {
		rte_pktmbuf_free(m);
		return false;
	}
	memset(rte_pktmbuf_mtod(m, void *), 0xff, 12);
	rte_pktmbuf_mtod_offset(m, uint8_t *, 12)[0] = 0x88;
	rte_pktmbuf_mtod_offset(m, uint8_t *, 13)[0] = 0xf7;
	m->ol_flags |= flags;
	if (rte_eth_tx_burst(port, 0, &m, 1) != 1) {
		rte_pktmbuf_free(m);
		return false;
	}
	return true;
}

/*
 * Sends one frame with @p flags and waits until the PMD reclaimed it: its
 * mbuf is back in @p mp, so the reclaim has read its write-back (and kept
 * its stamp). The model counts a frame sent before it writes the
 * descriptor back, so its counter alone is not enough. False if the frame
 * never came back.
 */
static bool
send_one(uint16_t port, struct rte_mempool *mp, uint64_t flags)
{
	unsigned int avail = rte_mempool_avail_count(mp);
	uint64_t polls;

	if (!send_frame(port, mp, flags))
		return false;
	for (polls = 0; polls < PMD_HARNESS_MAX_POLLS &&
	     rte_mempool_avail_count(mp) < avail; polls++) {
		rte_eth_tx_burst(port, 0, NULL, 0);	/* reclaims */
		rte_pause();
	}
	return rte_mempool_avail_count(mp) >= avail;
}

/*
 * Sends one stamped frame and, with no other burst, polls
 * timesync_read_tx_timestamp until the stamp is there (testpmd's
 * ieee1588 engine does so): false if it never comes.
 */
static bool
send_polled(uint16_t port, struct rte_mempool *mp, struct timespec *ts)
{
	return send_frame(port, mp, RTE_MBUF_F_TX_IEEE1588_TMST) &&
	       pmd_harness_tx_stamp_poll(port, ts);
}

/*
 * TX stamps: a frame sent with RTE_MBUF_F_TX_IEEE1588_TMST is stamped by
 * the MAC between the reads of the time before and after; taken once; no
 * stamp for a frame without the flag, nor with the unit disabled.
 */
static void
test_tx_stamp(void)
{
	struct rte_mempool *mp;
	struct timespec ts;
	int64_t before, after;
	int port;

	port = ts_open("ptp_clk=50000000");
	if (port < 0)
		return;
	mp = eal_harness_pool("ts_tx_pool", 1024, RTE_PKTMBUF_HEADROOM + 2048);
	CHECK(mp != NULL, "pool");
	if (mp == NULL ||
	    pmd_harness_port_start((uint16_t)port, mp, 256, NULL) != 0) {
		CHECK(0, "start");
		ts_remove((uint16_t)port);
		rte_mempool_free(mp);
		return;
	}
	CHECK_EQ_U(rte_eth_timesync_enable((uint16_t)port), 0, "enable");
	before = ptp_ns((uint16_t)port);
	CHECK(send_one((uint16_t)port, mp, RTE_MBUF_F_TX_IEEE1588_TMST),
	      "stamped frame sent");
	after = ptp_ns((uint16_t)port);
	CHECK_EQ_U(rte_eth_timesync_read_tx_timestamp((uint16_t)port, &ts),
		   0, "TX stamp read");
	CHECK(ts_ns(&ts) >= before && ts_ns(&ts) <= after,
	      "TX stamp %" PRId64 " in %" PRId64 "..%" PRId64, ts_ns(&ts),
	      before, after);
	CHECK_EQ_U(rte_eth_timesync_read_tx_timestamp((uint16_t)port, &ts),
		   -EINVAL, "a stamp is taken once");
	CHECK(send_polled((uint16_t)port, mp, &ts),
	      "a stamp read with no burst after the frame's");
	CHECK(send_one((uint16_t)port, mp, 0), "plain frame sent");
	CHECK_EQ_U(rte_eth_timesync_read_tx_timestamp((uint16_t)port, &ts),
		   -EINVAL, "no stamp for a frame without the flag");
	/* The unit off: the MAC stamps nothing, the PMD says so. */
	CHECK_EQ_U(rte_eth_timesync_disable((uint16_t)port), 0, "disable");
	CHECK(send_one((uint16_t)port, mp, RTE_MBUF_F_TX_IEEE1588_TMST),
	      "frame sent with the unit off");
	CHECK_EQ_U(rte_eth_timesync_enable((uint16_t)port), 0, "enable again");
	CHECK_EQ_U(rte_eth_timesync_read_tx_timestamp((uint16_t)port, &ts),
		   -EINVAL, "no stamp while the unit was off");
	CHECK_EQ_U(rte_eth_dev_stop((uint16_t)port), 0, "stop");
	ts_remove((uint16_t)port);
	rte_mempool_free(mp);
}

/*
 * Frequency adjustment (scaled ppm): +25 % and -25 % make the time run at
 * 5/4 and 3/4 of the rate, kept over a restart; the next enable starts at
 * the nominal rate again; beyond what the addend holds, refused. Through
 * the PMD's API and, from DPDK 24.11, ethdev's.
 */
static void
test_freq(void)
{
	const int64_t quarter = INT64_C(250000) << 16;
	struct rte_mempool *mp;
	int port;

	port = ts_open("ptp_clk=50000000");
	if (port < 0)
		return;
	CHECK_EQ_U(rte_pmd_stmmac_uio_timesync_adjust_freq((uint16_t)port, 0),
		   -EINVAL, "adjust_freq before enable");
	CHECK_EQ_U(rte_eth_timesync_enable((uint16_t)port), 0, "enable");
	CHECK_EQ_U(rte_pmd_stmmac_uio_timesync_adjust_freq((uint16_t)port,
							   quarter), 0,
		   "adjust_freq +25 %%");
	check_rate((uint16_t)port, 5, 4, "+25 %");
	CHECK_EQ_U(rte_pmd_stmmac_uio_timesync_adjust_freq((uint16_t)port,
							   -quarter), 0,
		   "adjust_freq -25 %%");
	check_rate((uint16_t)port, 3, 4, "-25 %");
	CHECK_EQ_U(rte_pmd_stmmac_uio_timesync_adjust_freq((uint16_t)port,
							   4 * quarter), -EINVAL,
		   "adjust_freq +100 %%: beyond the addend");
	CHECK_EQ_U(rte_pmd_stmmac_uio_timesync_adjust_freq((uint16_t)port,
							   -4 * quarter), -EINVAL,
		   "adjust_freq -100 %%: beyond the addend");
	check_rate((uint16_t)port, 3, 4, "-25 % after the refusals");
	mp = ts_restart((uint16_t)port, "ts_freq_pool");
	if (mp != NULL) {
		check_rate((uint16_t)port, 3, 4, "-25 % kept over a restart");
		CHECK_EQ_U(rte_eth_dev_stop((uint16_t)port), 0, "stop");
	}
	CHECK_EQ_U(rte_eth_timesync_enable((uint16_t)port), 0, "enable again");
	check_rate((uint16_t)port, 1, 1, "enable: the nominal rate");
#if RTE_VERSION >= RTE_VERSION_NUM(24, 11, 0, 0)
	CHECK_EQ_U(rte_eth_timesync_adjust_freq((uint16_t)port, quarter), 0,
		   "ethdev adjust_freq +25 %%");
	check_rate((uint16_t)port, 5, 4, "ethdev +25 %");
#endif
	ts_remove((uint16_t)port);
	rte_mempool_free(mp);
}

/* ptp_clk= twice the model's clock: the time runs at half the rate. */
static void
test_wrong_clock(void)
{
	int port;

	port = ts_open("ptp_clk=100000000");
	if (port < 0)
		return;
	CHECK_EQ_U(rte_eth_timesync_enable((uint16_t)port), 0, "enable");
	check_rate((uint16_t)port, 1, 2, "ptp_clk= twice the model's");
	ts_remove((uint16_t)port);
}

/* ---- RX stamps ---- */

/* The frames of the RX capture, each with its index at RX_IDX_OFF. */
enum rx_kind {
	RX_PLAIN,	/* UDP/IPv4 to port 5000 */
	RX_SYNC,	/* PTP over Ethernet, version 2: stamped */
	RX_ANNOUNCE,	/* a PTP message the MAC does not stamp: no flag */
	RX_UDP_DREQ,	/* Delay_Req over UDP/IPv4 port 319: stamped */
	RX_SYNC_V1,	/* version 1: not recognised */
	RX_FOLLOW_UP,	/* stamped under the PMD's filter */
	RX_KINDS
};
#define RX_LEN		80u
#define RX_IDX_OFF	72u
#define RX_PTP_FLAGS	((uint64_t)(RTE_MBUF_F_RX_IEEE1588_PTP | RTE_MBUF_F_RX_IEEE1588_TMST))

/* A fixed mix, so every kind lands at every place of a quad. */
static enum rx_kind
rx_kind_of(uint32_t i)
{
	return (enum rx_kind)((i * 5u + (i >> 2)) % RX_KINDS);
}

static size_t
rx_frame(uint8_t *b, enum rx_kind k, uint32_t idx)
{
	static const uint8_t ptp_dst[6] = { 0x01, 0x1b, 0x19, 0, 0, 0 };
	struct rte_ipv4_hdr *ip = (struct rte_ipv4_hdr *)(b + 14);
	uint8_t *udp = b + 14 + 20, *ptp = b + 14;

	memset(b, 0, RX_LEN);
	b[11] = 0x02;
	if (k == RX_PLAIN || k == RX_UDP_DREQ) {
		memset(b, 0xff, 6);
		b[12] = 0x08;
		ip->version_ihl = 0x45;
		ip->total_length = rte_cpu_to_be_16(RX_LEN - 14);
		ip->time_to_live = 64;
		ip->next_proto_id = IPPROTO_UDP;
		ip->src_addr = RTE_BE32(0xc0a80001);
		ip->dst_addr = RTE_BE32(0xc0a80002);
		ip->hdr_checksum = rte_ipv4_cksum(ip);
		/* From port 319, to 319 (PTP event) or 5000. */
		udp[0] = 0x01;
		udp[1] = 0x3f;
		udp[2] = k == RX_UDP_DREQ ? 0x01 : 0x13;
		udp[3] = k == RX_UDP_DREQ ? 0x3f : 0x88;
		udp[5] = (uint8_t)(RX_LEN - 14 - 20);	/* length; no checksum */
		ptp = udp + 8;
	} else {
		memcpy(b, ptp_dst, 6);
		b[12] = 0x88;
		b[13] = 0xf7;
	}
	if (k != RX_PLAIN) {
		ptp[0] = k == RX_SYNC || k == RX_SYNC_V1 ? 0x0 :
			 k == RX_ANNOUNCE ? 0xb : k == RX_UDP_DREQ ? 0x1 : 0x8;
		ptp[1] = k == RX_SYNC_V1 ? 1 : 2;
	}
	memcpy(b + RX_IDX_OFF, &idx, sizeof(idx));
	return RX_LEN;
}

/* What the PMD flags on frame kind @p k (@p all: every frame stamped). */
static uint64_t
rx_want(enum rx_kind k)
{
	switch (k) {
	case RX_SYNC:
	case RX_UDP_DREQ:
	case RX_FOLLOW_UP:
		return RX_PTP_FLAGS;
	default:
		return 0;
	}
}

/* Frame @p i of the capture. */
static size_t
rx_frame_at(uint8_t *b, uint32_t i)
{
	return rx_frame(b, rx_kind_of(i), i);
}

static bool
rx_capture(char *path, uint32_t n)
{
	return pcap_frames_write_tmp(path, n, RX_LEN, rx_frame_at);
}

struct rx_run {
	const char *what;
	uint32_t n;		/* frames of the capture */
	bool offload;		/* RTE_ETH_RX_OFFLOAD_TIMESTAMP, no timesync */
	uint32_t got;
	uint32_t flag_bad;	/* frames with other flags than rx_want() */
	uint32_t stamped;	/* with the offload's flag */
	uint32_t stamp_bad;	/* outside [before, after] or going back */
	int64_t before, after, last;
	int dyn_off;
	uint64_t dyn_flag;
	/* After the run: timesync_read_rx_timestamp twice, the xstat. */
	int read_rc, again_rc;
	int64_t read_ns;
	uint64_t ts_frames;
};

static void
rx_check(struct rx_run *r, struct rte_mbuf *m)
{
	uint64_t want;
	uint32_t idx;
	int64_t t;

	memcpy(&idx, rte_pktmbuf_mtod_offset(m, uint8_t *, RX_IDX_OFF),
	       sizeof(idx));
	CHECK_EQ_U(idx, r->got, "%s: frame %u in order", r->what, r->got);
	want = rx_want(rx_kind_of(idx));
	/* The offload stamps every frame: every PTP message flagged. */
	if (r->offload && rx_kind_of(idx) == RX_ANNOUNCE)
		want = RX_PTP_FLAGS;
	if ((m->ol_flags & RX_PTP_FLAGS) != want && r->flag_bad++ < 5)
		CHECK(0, "%s: frame %u (kind %d) flags %#" PRIx64 ", want %#" PRIx64,
		      r->what, idx, rx_kind_of(idx),
		      (uint64_t)(m->ol_flags & RX_PTP_FLAGS), want);
	if (r->dyn_flag != 0 && (m->ol_flags & r->dyn_flag)) {
		t = (int64_t)*RTE_MBUF_DYNFIELD(m, r->dyn_off, rte_mbuf_timestamp_t *);
		if ((t < r->before || t > r->after || t < r->last) &&
		    r->stamp_bad++ < 5)
			CHECK(0, "%s: frame %u stamp %" PRId64 " outside %" PRId64
			      "..%" PRId64 " or before %" PRId64, r->what, idx, t,
			      r->before, r->after, r->last);
		r->last = t;
		r->stamped++;
	}
	r->got++;
}

/* The port's clock in ns (timesync or, with the offload, read_clock). */
static int64_t
rx_clock(uint16_t port, bool offload)
{
	uint64_t c = 0;

	if (!offload)
		return ptp_ns(port);
	CHECK_EQ_U(rte_eth_read_clock(port, &c), 0, "read_clock");
	return (int64_t)c;
}

/*
 * The capture through a port in step mode with @p nb_desc descriptors:
 * the model moves a few frames at a time, the PMD receives them in
 * bursts of 1, 3, 7 and 32 in turn.
 */
static void
rx_run(struct rx_run *r, uint16_t nb_desc)
{
	static const uint16_t bursts[] = { 1, 3, 7, 32 };
	struct rte_eth_conf conf;
	struct rte_mbuf *pkts[32];
	struct rte_mempool *mp;
	char path[] = "/tmp/socrx_ts_rx_XXXXXX", args[128];
	struct timespec ts = { 0, 0 };
	unsigned int polls, b = 0;
	uint16_t k, got;
	int port;

	memset(&conf, 0, sizeof(conf));
	if (r->offload)
		conf.rxmode.offloads = RTE_ETH_RX_OFFLOAD_TIMESTAMP;
	CHECK(rx_capture(path, r->n), "%s: capture", r->what);
	snprintf(args, sizeof(args), "ptp_clk=50000000,model_step=1,rx_pcap=%s",
		 path);
	port = ts_open(args);
	mp = eal_harness_pool("ts_rx_pool", 2048, RTE_PKTMBUF_HEADROOM + 2048);
	CHECK(mp != NULL, "%s: pool", r->what);
	if (port < 0 || mp == NULL ||
	    pmd_harness_port_start((uint16_t)port, mp, nb_desc, &conf) != 0) {
		CHECK(0, "%s: start", r->what);
		goto out;
	}
	r->dyn_off = rte_mbuf_dynfield_lookup(RTE_MBUF_DYNFIELD_TIMESTAMP_NAME,
					      NULL);
	r->dyn_flag = r->offload ? RTE_BIT64(rte_mbuf_dynflag_lookup(
			RTE_MBUF_DYNFLAG_RX_TIMESTAMP_NAME, NULL)) : 0;
	if (!r->offload)
		CHECK_EQ_U(rte_eth_timesync_enable((uint16_t)port), 0,
			   "%s: enable", r->what);
	r->before = rx_clock((uint16_t)port, r->offload);
	for (polls = 0; polls < 100000 && r->got < r->n; polls++) {
		CHECK(rte_pmd_stmmac_uio_model_step((uint16_t)port, 5) >= 0,
		      "%s: step", r->what);
		got = rte_eth_rx_burst((uint16_t)port, 0, pkts,
				       bursts[b++ % RTE_DIM(bursts)]);
		for (k = 0; k < got; k++) {
			if (k == 0)
				r->after = rx_clock((uint16_t)port, r->offload);
			rx_check(r, pkts[k]);
			rte_pktmbuf_free(pkts[k]);
		}
	}
	CHECK_EQ_U(r->got, r->n, "%s: frames delivered", r->what);
	CHECK_EQ_U(pmd_harness_eth_stats((uint16_t)port).ierrors, 0,
		   "%s: ierrors", r->what);
	r->read_rc = rte_eth_timesync_read_rx_timestamp((uint16_t)port, &ts, 0);
	r->read_ns = ts_ns(&ts);
	r->again_rc = rte_eth_timesync_read_rx_timestamp((uint16_t)port, &ts, 0);
	r->ts_frames = pmd_harness_xstat((uint16_t)port, "rx_q0_ts_frames");
	CHECK_EQ_U(rte_eth_dev_stop((uint16_t)port), 0, "%s: stop", r->what);
out:
	if (port >= 0)
		ts_remove((uint16_t)port);
	rte_mempool_free(mp);
	unlink(path);
}

/*
 * Timesync on: PTP messages flagged, the stamped ones with TMST, counted;
 * the last stamp read once, within the clock's reads.
 */
static void
test_rx_stamp(void)
{
	struct rx_run r = { .what = "timesync", .n = 96 };
	uint32_t i, want = 0;

	for (i = 0; i < r.n; i++)
		want += rx_want(rx_kind_of(i)) == RX_PTP_FLAGS;
	rx_run(&r, 256);
	CHECK_EQ_U(r.stamped, 0, "timesync: no dynamic stamp without the offload");
	CHECK_EQ_U(r.ts_frames, want, "timesync: frames stamped (xstat)");
	CHECK_EQ_U(r.read_rc, 0, "timesync: RX stamp read");
	CHECK(r.read_ns >= r.before && r.read_ns <= r.after,
	      "timesync: RX stamp %" PRId64 " in %" PRId64 "..%" PRId64,
	      r.read_ns, r.before, r.after);
	CHECK_EQ_U(r.again_rc, -EINVAL, "timesync: an RX stamp is taken once");
}

/*
 * The offload alone: every frame stamped in order through a 64-descriptor
 * ring (each stamped frame takes two), the PTP messages flagged as
 * stamped too; timesync_read_rx_timestamp needs timesync.
 */
static void
test_rx_offload(void)
{
	struct rx_run r = { .what = "offload", .n = 400, .offload = true };
	struct rte_eth_conf conf;
	struct rte_eth_dev_info info;
	int port;

	rx_run(&r, 64);
	CHECK_EQ_U(r.stamped, r.n, "offload: every frame stamped");
	CHECK_EQ_U(r.ts_frames, r.n, "offload: frames stamped (xstat)");
	CHECK_EQ_U(r.read_rc, -EINVAL, "offload: read_rx_timestamp without timesync");
	/* No ptp_clk=: the offload is not offered, configure refuses it. */
	port = ts_open("");
	if (port < 0)
		return;
	memset(&conf, 0, sizeof(conf));
	conf.rxmode.offloads = RTE_ETH_RX_OFFLOAD_TIMESTAMP;
	CHECK_EQ_U(rte_eth_dev_info_get((uint16_t)port, &info), 0, "info");
	CHECK(!(info.rx_offload_capa & RTE_ETH_RX_OFFLOAD_TIMESTAMP),
	      "no ptp_clk=: no timestamp offload offered");
	CHECK(rte_eth_dev_configure((uint16_t)port, 1, 1, &conf) < 0,
	      "no ptp_clk=: the offload refused");
	ts_remove((uint16_t)port);
}

/*
 * What testpmd's ieee1588 forwarding engine does, frame by frame (Debian's
 * dpdk-testpmd is built without it): a PTP Sync received alone
 * (rte_eth_rx_burst() of 1, so the stamped frame and its context
 * descriptor come in two calls), flagged PTP and TMST, its RX stamp read;
 * sent back with RTE_MBUF_F_TX_IEEE1588_TMST and its TX stamp polled with
 * no other burst. On a port whose model runs in its own thread, as
 * testpmd's would. RX stamps and TX stamps go forward, each frame leaves
 * after it arrived.
 */
static void
test_engine(void)
{
	enum { N = 64 };
	struct rte_mempool *mp;
	struct rte_ether_addr a;
	struct rte_ether_hdr *eh;
	struct timespec ts;
	struct rte_mbuf *m;
	char path[] = "/tmp/socrx_ts_engine_XXXXXX", args[128];
	int64_t rx, tx, last_rx = 0, last_tx = 0;
	uint64_t polls;
	unsigned int i, flagged = 0, rx_ok = 0, tx_ok = 0, order = 0;
	pcap_dumper_t *d;
	struct pcap_pkthdr h;
	uint8_t frame[RX_LEN];
	pcap_t *p;
	int port;

	d = pcap_frames_create_tmp(path, &p);
	CHECK(d != NULL, "engine: capture");
	if (d == NULL)
		return;
	memset(&h, 0, sizeof(h));
	for (i = 0; i < N; i++) {
		h.len = h.caplen = (uint32_t)rx_frame(frame, RX_SYNC, i);
		pcap_dump((u_char *)d, &h, frame);
	}
	pcap_dump_close(d);
	pcap_close(p);
	snprintf(args, sizeof(args), "ptp_clk=50000000,rx_pcap=%s", path);
	port = ts_open(args);
	mp = eal_harness_pool("ts_engine_pool", 1024, RTE_PKTMBUF_HEADROOM + 2048);
	if (port < 0 || mp == NULL) {
		CHECK(0, "engine: port and pool");
		goto out;
	}
	/* Before the start: every frame the port receives is stamped. */
	CHECK_EQ_U(rte_eth_timesync_enable((uint16_t)port), 0, "engine: enable");
	if (pmd_harness_port_start((uint16_t)port, mp, 256, NULL) != 0) {
		CHECK(0, "engine: start");
		goto out;
	}
	for (i = 0; i < N; i++) {
		m = NULL;
		for (polls = 0; polls < PMD_HARNESS_MAX_POLLS &&
		     rte_eth_rx_burst((uint16_t)port, 0, &m, 1) == 0; polls++)
			rte_pause();
		if (m == NULL)
			break;
		flagged += (m->ol_flags & RX_PTP_FLAGS) == RX_PTP_FLAGS;
		rx = rte_eth_timesync_read_rx_timestamp((uint16_t)port, &ts, 0) == 0 ?
		     ts_ns(&ts) : -1;
		rx_ok += rx > last_rx;
		eh = rte_pktmbuf_mtod(m, struct rte_ether_hdr *);
		rte_ether_addr_copy(&eh->dst_addr, &a);
		rte_ether_addr_copy(&eh->src_addr, &eh->dst_addr);
		rte_ether_addr_copy(&a, &eh->src_addr);
		m->ol_flags |= RTE_MBUF_F_TX_IEEE1588_TMST;
		if (rte_eth_tx_burst((uint16_t)port, 0, &m, 1) != 1) {
			rte_pktmbuf_free(m);
			break;
		}
		tx = -1;
		for (polls = 0; polls < PMD_HARNESS_MAX_POLLS; polls++) {
			if (rte_eth_timesync_read_tx_timestamp((uint16_t)port,
							       &ts) == 0) {
				tx = ts_ns(&ts);
				break;
			}
			rte_pause();
		}
		tx_ok += tx > last_tx;
		order += tx > rx && rx > 0;
		last_rx = rx;
		last_tx = tx;
	}
	CHECK_EQ_U(i, N, "engine: frames received and sent back");
	CHECK_EQ_U(flagged, N, "engine: Sync frames flagged PTP and TMST");
	CHECK_EQ_U(rx_ok, N, "engine: RX stamps read, going forward");
	CHECK_EQ_U(tx_ok, N, "engine: TX stamps read with no other burst, going forward");
	CHECK_EQ_U(order, N, "engine: each frame left after it arrived");
	CHECK_EQ_U(rte_eth_dev_stop((uint16_t)port), 0, "engine: stop");
out:
	if (port >= 0)
		ts_remove((uint16_t)port);
	rte_mempool_free(mp);
	unlink(path);
}

int
main(int argc, char **argv)
{
	(void)argc;
	pmd_harness_eal_init(argv[0], NULL);
	test_refusals();
	test_time();
	test_wrong_clock();
	test_tx_stamp();
	test_freq();
	test_rx_stamp();
	test_rx_offload();
	test_engine();
	rte_eal_cleanup();
	return harness_result("pmd_timesync");
}
