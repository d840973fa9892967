/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * net_stmmac_uio's VLAN offloads (drivers/stmmac_uio/stmmac_vlan.c)
 * against the model's MAC (dwmac4_model_vlan.c), in step mode over a
 * capture the test writes (rx_pcap=), the TX side read back from the
 * model's tx_pcap=:
 *  - stripping on (configured, or set at run time as testpmd's
 *    `vlan set strip on 0` does): tagged frames arrive without their tag,
 *    RTE_MBUF_F_RX_VLAN | RTE_MBUF_F_RX_VLAN_STRIPPED and the whole TCI
 *    in vlan_tci; untagged frames untouched; through a small ring in
 *    bursts of 1 to 32, so tagged frames meet the fast path's groups at
 *    every place;
 *  - stripping off: every frame as it was sent, no flag;
 *  - stripping with IEEE 1588 on: a tagged PTP Sync held for its
 *    timestamp context descriptor (SOCNIC_RX_HOLD) gets both its stamp
 *    and its tag;
 *  - the filter (`rx_vlan add 100 0`): tagged frames of VIDs not added
 *    dropped by the MAC and counted (model_rx_dropped_vlan), the added
 *    ones and untagged frames delivered;
 *  - insertion: a packet with RTE_MBUF_F_TX_VLAN leaves with the 802.1Q
 *    tag of its vlan_tci after the addresses, one without unchanged.
 * No timed assertion: the device moves by steps.
 */
#include <unistd.h>

#include <rte_ether.h>

#include "../pcap_frames.h"
#include "pmd_harness.h"
#include "rte_pmd_stmmac_uio.h"

#define VL_LEN		76u	/* untagged frame; tagged: 80 */
#define VL_PCP		(5u << 13)
/*
 * VIDs by their bin of the 16-bin hash (Linux stmmac_vlan_update()):
 * 100 bin 0, 10 bin 9 (added by the filter run); 300 bin 6, 3 bin 12
 * (never added: no bin shared with an added VID, so dropped).
 */
#define VID_A		100u
#define VID_B		10u
#define VID_X		300u
#define VID_Y		3u
#define VL_FLAGS	((uint64_t)(RTE_MBUF_F_RX_VLAN | RTE_MBUF_F_RX_VLAN_STRIPPED))
#define VL_PTP_FLAGS	((uint64_t)(RTE_MBUF_F_RX_IEEE1588_PTP | RTE_MBUF_F_RX_IEEE1588_TMST))

static unsigned int vl_seq;

enum vl_kind {
	VL_UNTAGGED,
	VL_A,
	VL_B,
	VL_X,
	VL_Y,
	VL_SYNC_A,	/* PTP Sync over Ethernet, tagged VID_A */
	VL_KINDS
};

/* A fixed mix, so every kind lands at every place of a quad. */
static enum vl_kind
vl_kind_of(uint32_t i)
{
	return (enum vl_kind)((i * 7u + (i >> 3)) % VL_KINDS);
}

static uint16_t
vl_vid(enum vl_kind k)
{
	static const uint16_t vid[VL_KINDS] = {
		0, VID_A, VID_B, VID_X, VID_Y, VID_A
	};

	return vid[k];
}

static uint16_t
vl_tci(enum vl_kind k, uint32_t idx)
{
	return (uint16_t)(VL_PCP | (idx & 1u) << 12 | vl_vid(k));
}

/* Frame @p idx of kind @p k, its index in its last 4 bytes; its length. */
static size_t
vl_frame(uint8_t *b, enum vl_kind k, uint32_t idx)
{
	static const uint8_t ptp_dst[6] = { 0x01, 0x1b, 0x19, 0, 0, 0 };
	uint32_t len = k == VL_UNTAGGED ? VL_LEN : VL_LEN + RTE_VLAN_HLEN;
	uint8_t *t = b + 12;
	uint16_t tci = vl_tci(k, idx);

	memset(b, 0, len);
	memset(b, 0xff, 6);
	b[11] = 0x02;
	if (k != VL_UNTAGGED) {
		t[0] = 0x81;
		t[1] = 0x00;
		t[2] = (uint8_t)(tci >> 8);
		t[3] = (uint8_t)tci;
		t += RTE_VLAN_HLEN;
	}
	if (k == VL_SYNC_A) {
		memcpy(b, ptp_dst, 6);
		t[0] = 0x88;
		t[1] = 0xf7;
		t[2] = 0x00;	/* Sync */
		t[3] = 0x02;	/* version 2 */
	} else {
		t[0] = 0x88;	/* local experimental EtherType */
		t[1] = 0xb5;
		t[2] = (uint8_t)k;
	}
	memcpy(b + len - 4, &idx, sizeof(idx));
	return len;
}

/* Frame @p i of the capture. */
static size_t
vl_frame_at(uint8_t *b, uint32_t i)
{
	return vl_frame(b, vl_kind_of(i), i);
}

enum vl_mode {
	VL_OFF,		/* no offload */
	VL_STRIP,	/* stripping, configured */
	VL_STRIP_SET,	/* stripping, rte_eth_dev_set_vlan_offload() */
	VL_FILTER,	/* the filter with VID_A and VID_B */
	VL_STRIP_PTP,	/* stripping and timesync */
};

struct vl_run {
	const char *what;
	enum vl_mode mode;
	uint32_t n;		/* frames of the capture */
	uint32_t want;		/* frames that should arrive */
	uint32_t got;
	uint32_t bad;		/* frames not as they should be */
	uint32_t tagged;	/* delivered with VL_FLAGS */
	uint32_t stamped;	/* delivered with VL_PTP_FLAGS */
	uint32_t next;		/* index expected next */
	uint64_t dropped_vlan;	/* model_rx_dropped_vlan after the run */
	uint64_t ierrors;
};

static bool
vl_strips(enum vl_mode mode)
{
	return mode == VL_STRIP || mode == VL_STRIP_SET || mode == VL_STRIP_PTP;
}

static bool
vl_passes(enum vl_mode mode, enum vl_kind k)
{
	return mode != VL_FILTER || (k != VL_X && k != VL_Y);
}

static void
vl_bad(struct vl_run *r, uint32_t idx, const char *why)
{
	if (r->bad++ < 5)
		CHECK(0, "%s: frame %u (kind %d): %s", r->what, idx,
		      vl_kind_of(idx), why);
}

/* One delivered frame against the one the capture held. */
static void
vl_check(struct vl_run *r, struct rte_mbuf *m)
{
	uint8_t sent[VL_LEN + RTE_VLAN_HLEN];
	const uint8_t *p = rte_pktmbuf_mtod(m, const uint8_t *);
	enum vl_kind k;
	uint32_t idx, len;
	bool strip;

	if (m->pkt_len < 4 || m->nb_segs != 1) {
		vl_bad(r, r->next, "length");
		return;
	}
	memcpy(&idx, p + m->pkt_len - 4, sizeof(idx));
	while (r->next < idx && !vl_passes(r->mode, vl_kind_of(r->next)))
		r->next++;
	if (idx != r->next)
		vl_bad(r, idx, "out of order or not filtered");
	r->next = idx + 1;
	k = vl_kind_of(idx);
	len = (uint32_t)vl_frame(sent, k, idx);
	strip = vl_strips(r->mode) && k != VL_UNTAGGED;
	if (strip) {
		if ((m->ol_flags & VL_FLAGS) != VL_FLAGS)
			vl_bad(r, idx, "no VLAN flags");
		else if (m->vlan_tci != vl_tci(k, idx))
			vl_bad(r, idx, "vlan_tci");
		else
			r->tagged++;
		if (m->pkt_len != len - RTE_VLAN_HLEN ||
		    memcmp(p, sent, 12) != 0 ||
		    memcmp(p + 12, sent + 12 + RTE_VLAN_HLEN,
			   len - 12 - RTE_VLAN_HLEN) != 0)
			vl_bad(r, idx, "not the frame without its tag");
	} else {
		if (m->ol_flags & VL_FLAGS)
			vl_bad(r, idx, "VLAN flags without stripping");
		if (m->pkt_len != len || memcmp(p, sent, len) != 0)
			vl_bad(r, idx, "changed");
	}
	if (r->mode == VL_STRIP_PTP && k == VL_SYNC_A) {
		if ((m->ol_flags & VL_PTP_FLAGS) == VL_PTP_FLAGS)
			r->stamped++;
		else
			vl_bad(r, idx, "tagged Sync not stamped");
	}
	r->got++;
}

/* Probes a port with @p args; its port id, or -1 after a failed check. */
static int
vl_open(const char *args)
{
	char name[32], buf[PMD_HARNESS_ARGS_LEN];
	char *log = NULL;
	int port = -1;

	snprintf(name, sizeof(name), "net_stmmac_uio%u", vl_seq++);
	if (pmd_harness_probe_logged(name, pmd_harness_args(args, buf,
				     sizeof(buf)), &log) == 0)
		port = pmd_harness_port(name);
	CHECK(port >= 0, "%s: probe: %s", args, log != NULL ? log : "");
	free(log);
	return port;
}

/* @p traffic: the port moved frames (else it cleaned no line). */
static void
vl_remove(uint16_t port, bool traffic)
{
	char name[RTE_ETH_NAME_MAX_LEN];

	if (traffic)
		PMD_HARNESS_CHECK_NO_VIOLATION(port);
	rte_eth_dev_get_name_by_port(port, name);
	rte_eth_dev_close(port);
	rte_vdev_uninit(name);
}

/* What the run's mode asks of the port once started; false on failure. */
static bool
vl_setup(struct vl_run *r, uint16_t port)
{
	switch (r->mode) {
	case VL_STRIP_SET:
		return rte_eth_dev_set_vlan_offload(port,
				RTE_ETH_VLAN_STRIP_OFFLOAD) == 0;
	case VL_FILTER:
		return rte_eth_dev_vlan_filter(port, VID_A, 1) == 0 &&
		       rte_eth_dev_vlan_filter(port, VID_X, 1) == 0 &&
		       rte_eth_dev_vlan_filter(port, VID_B, 1) == 0 &&
		       /* Added and taken out again: its bin is empty. */
		       rte_eth_dev_vlan_filter(port, VID_X, 0) == 0;
	case VL_STRIP_PTP:
		return rte_eth_timesync_enable(port) == 0;
	default:
		return true;
	}
}

/*
 * The capture through a port in step mode with a 64-descriptor ring: the
 * model moves a few frames at a time, the PMD receives them in bursts of
 * 1, 3, 7 and 32 in turn.
 */
static void
vl_rx_run(struct vl_run *r)
{
	static const uint16_t bursts[] = { 1, 3, 7, 32 };
	struct rte_eth_conf conf;
	struct rte_mbuf *pkts[32];
	struct rte_mempool *mp;
	char path[] = "/tmp/socrx_vlan_rx_XXXXXX", args[160];
	unsigned int polls, b = 0;
	uint16_t k, got;
	uint32_t i;
	int port;

	memset(&conf, 0, sizeof(conf));
	if (r->mode == VL_STRIP || r->mode == VL_STRIP_PTP)
		conf.rxmode.offloads = RTE_ETH_RX_OFFLOAD_VLAN_STRIP;
	if (r->mode == VL_FILTER)
		conf.rxmode.offloads = RTE_ETH_RX_OFFLOAD_VLAN_FILTER;
	for (i = 0, r->want = 0; i < r->n; i++)
		r->want += vl_passes(r->mode, vl_kind_of(i));
	CHECK(pcap_frames_write_tmp(path, r->n, VL_LEN + RTE_VLAN_HLEN,
				     vl_frame_at), "%s: capture", r->what);
	snprintf(args, sizeof(args), "%smodel_step=1,flow_ctrl=1,rx_pcap=%s",
		 r->mode == VL_STRIP_PTP ? "ptp_clk=50000000," : "", path);
	port = vl_open(args);
	mp = eal_harness_pool("vl_rx_pool", 2048, RTE_PKTMBUF_HEADROOM + 2048);
	CHECK(mp != NULL, "%s: pool", r->what);
	if (port < 0 || mp == NULL ||
	    pmd_harness_port_start((uint16_t)port, mp, 64, &conf) != 0 ||
	    !vl_setup(r, (uint16_t)port)) {
		CHECK(0, "%s: start", r->what);
		goto out;
	}
	for (polls = 0; polls < 100000 && r->got < r->want; polls++) {
		CHECK(rte_pmd_stmmac_uio_model_step((uint16_t)port, 5) >= 0,
		      "%s: step", r->what);
		got = rte_eth_rx_burst((uint16_t)port, 0, pkts,
				       bursts[b++ % RTE_DIM(bursts)]);
		for (k = 0; k < got; k++) {
			vl_check(r, pkts[k]);
			rte_pktmbuf_free(pkts[k]);
		}
	}
	CHECK_EQ_U(r->got, r->want, "%s: frames delivered", r->what);
	r->ierrors = pmd_harness_eth_stats((uint16_t)port).ierrors;
	r->dropped_vlan = pmd_harness_xstat((uint16_t)port,
					    "model_rx_dropped_vlan");
	CHECK_EQ_U(rte_eth_dev_stop((uint16_t)port), 0, "%s: stop", r->what);
out:
	if (port >= 0)
		vl_remove((uint16_t)port, true);
	rte_mempool_free(mp);
	unlink(path);
}

static uint32_t
vl_count(uint32_t n, enum vl_kind a, enum vl_kind b)
{
	uint32_t i, c = 0;

	for (i = 0; i < n; i++)
		c += vl_kind_of(i) == a || vl_kind_of(i) == b;
	return c;
}

static void
test_strip(void)
{
	static const struct {
		const char *what;
		enum vl_mode mode;
	} runs[] = {
		{ "strip", VL_STRIP },
		{ "strip set at run time", VL_STRIP_SET },
		{ "no strip", VL_OFF },
	};
	unsigned int j;

	for (j = 0; j < RTE_DIM(runs); j++) {
		struct vl_run r = { .what = runs[j].what, .mode = runs[j].mode,
				    .n = 300 };

		vl_rx_run(&r);
		CHECK_EQ_U(r.bad, 0, "%s: frames as they should be", r.what);
		CHECK_EQ_U(r.tagged, vl_strips(r.mode) ?
			   r.n - vl_count(r.n, VL_UNTAGGED, VL_UNTAGGED) : 0,
			   "%s: frames flagged", r.what);
		CHECK_EQ_U(r.dropped_vlan, 0, "%s: none dropped", r.what);
		CHECK_EQ_U(r.ierrors, 0, "%s: ierrors", r.what);
	}
}

/* A tagged Sync held for its stamp keeps its tag (SOCNIC_RX_HOLD). */
static void
test_strip_ptp(void)
{
	struct vl_run r = { .what = "strip with timesync", .mode = VL_STRIP_PTP,
			    .n = 300 };

	vl_rx_run(&r);
	CHECK_EQ_U(r.bad, 0, "%s: frames as they should be", r.what);
	CHECK_EQ_U(r.stamped, vl_count(r.n, VL_SYNC_A, VL_SYNC_A),
		   "%s: tagged Syncs stamped", r.what);
}

static void
test_filter(void)
{
	struct vl_run r = { .what = "filter", .mode = VL_FILTER, .n = 300 };
	struct rte_eth_dev_info info;
	int port;

	vl_rx_run(&r);
	CHECK_EQ_U(r.bad, 0, "%s: frames as they should be", r.what);
	CHECK_EQ_U(r.dropped_vlan, vl_count(r.n, VL_X, VL_Y),
		   "%s: frames of VIDs not added dropped, counted", r.what);
	/* Offered where the core has the hash (the model's does). */
	port = vl_open("");
	if (port < 0)
		return;
	CHECK_EQ_U(rte_eth_dev_info_get((uint16_t)port, &info), 0, "info");
	CHECK((info.rx_offload_capa & (RTE_ETH_RX_OFFLOAD_VLAN_STRIP |
				       RTE_ETH_RX_OFFLOAD_VLAN_FILTER)) ==
	      (RTE_ETH_RX_OFFLOAD_VLAN_STRIP | RTE_ETH_RX_OFFLOAD_VLAN_FILTER),
	      "VLAN strip and filter offered");
	CHECK(info.tx_offload_capa & RTE_ETH_TX_OFFLOAD_VLAN_INSERT,
	      "VLAN insert offered");
	vl_remove((uint16_t)port, false);
}

/* ---- Insertion ---- */

#define VL_TX_N		64u

struct vl_tx {
	uint32_t got, bad, tagged;
};

static void
vl_tx_bad(struct vl_tx *t, uint32_t idx, const char *why)
{
	if (t->bad++ < 5)
		CHECK(0, "insert: frame %u: %s", idx, why);
}

/* Frame i of the TX run: tagged on the wire when i % 3 != 0. */
static bool
vl_tx_flagged(uint32_t i)
{
	return i % 3u != 0;
}

static int
vl_tx_frame(uint8_t *data, uint32_t len, void *arg)
{
	struct vl_tx *t = arg;
	uint8_t sent[VL_LEN];
	uint32_t i = t->got++;
	uint16_t tci = vl_tci(VL_A, i);

	vl_frame(sent, VL_UNTAGGED, i);
	if (vl_tx_flagged(i)) {
		if (len != VL_LEN + RTE_VLAN_HLEN || memcmp(data, sent, 12) != 0 ||
		    data[12] != 0x81 || data[13] != 0x00 ||
		    data[14] != (uint8_t)(tci >> 8) || data[15] != (uint8_t)tci ||
		    memcmp(data + 16, sent + 12, VL_LEN - 12) != 0)
			vl_tx_bad(t, i, "not the frame with its tag");
		else
			t->tagged++;
	} else if (len != VL_LEN || memcmp(data, sent, VL_LEN) != 0) {
		vl_tx_bad(t, i, "changed");
	}
	free(data);
	return 0;
}

static void
test_insert(void)
{
	struct rte_eth_conf conf;
	struct rte_mempool *mp;
	struct rte_mbuf *m;
	struct vl_tx t = { 0, 0, 0 };
	char path[] = "/tmp/socrx_vlan_tx_XXXXXX", args[160];
	uint32_t i, n, sent = 0;
	int fd, port;

	fd = mkstemp(path);
	CHECK(fd >= 0, "insert: capture");
	if (fd < 0)
		return;
	close(fd);
	memset(&conf, 0, sizeof(conf));
	conf.txmode.offloads = RTE_ETH_TX_OFFLOAD_VLAN_INSERT;
	snprintf(args, sizeof(args), "model_step=1,flow_ctrl=1,tx_pcap=%s", path);
	port = vl_open(args);
	mp = eal_harness_pool("vl_tx_pool", 512, RTE_PKTMBUF_HEADROOM + 2048);
	if (port < 0 || mp == NULL ||
	    pmd_harness_port_start((uint16_t)port, mp, 64, &conf) != 0) {
		CHECK(0, "insert: start");
		goto out;
	}
	/*
	 * Bursts of 1 to 4, stepped after each: a 64-descriptor ring, two
	 * slots a flagged frame; a burst may start with either kind.
	 */
	for (i = 0; i < VL_TX_N; i += n) {
		struct rte_mbuf *pkts[4];
		uint16_t k;

		n = RTE_MIN(1u + i % 4u, VL_TX_N - i);
		for (k = 0; k < n; k++) {
			m = rte_pktmbuf_alloc(mp);
			if (m == NULL || rte_pktmbuf_append(m, VL_LEN) == NULL)
				break;
			vl_frame(rte_pktmbuf_mtod(m, uint8_t *), VL_UNTAGGED,
				 i + k);
			if (vl_tx_flagged(i + k)) {
				m->ol_flags |= RTE_MBUF_F_TX_VLAN;
				m->vlan_tci = vl_tci(VL_A, i + k);
			}
			pkts[k] = m;
		}
		sent += rte_eth_tx_burst((uint16_t)port, 0, pkts, k);
		CHECK(rte_pmd_stmmac_uio_model_step((uint16_t)port, 16) >= 0,
		      "insert: step");
		if (k != n)
			break;
	}
	CHECK_EQ_U(sent, VL_TX_N, "insert: frames sent");
	CHECK_EQ_U(rte_eth_dev_stop((uint16_t)port), 0, "insert: stop");
	/* Closing flushes the capture. */
	vl_remove((uint16_t)port, true);
	port = -1;
	CHECK_EQ_U((uint32_t)pcap_frames_load(path, 2048, vl_tx_frame, &t),
		   VL_TX_N, "insert: frames on the wire");
	CHECK_EQ_U(t.bad, 0, "insert: frames as they should be");
	CHECK_EQ_U(t.tagged, VL_TX_N - (VL_TX_N + 2u) / 3u,
		   "insert: frames tagged");
out:
	if (port >= 0)
		vl_remove((uint16_t)port, true);
	rte_mempool_free(mp);
	unlink(path);
}

int
main(int argc, char **argv)
{
	(void)argc;
	pmd_harness_eal_init(argv[0], NULL);
	test_strip();
	test_strip_ptp();
	test_filter();
	test_insert();
	rte_eal_cleanup();
	return harness_result("pmd_vlan");
}
