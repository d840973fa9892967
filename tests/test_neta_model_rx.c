/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The neta model's RX engine in step mode, driven the way a driver drives
 * it (tests/neta_model_drv.h: registers and descriptors only):
 *  - the golden corpus (tests/data/verdict_corpus.pcap and its
 *    expectations): every frame stored after a zero Marvell header at the
 *    packet offset, data_size = MH + frame + FCS, a correct FCS, FIRST and
 *    LAST, and the parser's status bits consistent with the expected
 *    verdicts (L4_CSUM_OK only on a good L4 checksum, exactly where the
 *    device can check);
 *  - RXQ_STATUS accounting, the 255 limit of RXQ_STATUS_UPDATE, frames
 *    over several descriptors, queue steering, oversize frames, the port
 *    stopped with and without flow control, MIB counters.
 * Argument: the tests/data directory.
 */
#include <stdio.h>
#include <string.h>

#include "harness.h"
#include "model_fixture.h"
#include "neta_model_drv.h"
#include "pcap_frames.h"

#define NFRAMES_MAX 256u

struct golden {
	uint8_t *data;
	uint32_t len;
	char name[96], ptype[256], ip, l4;
	unsigned int l2;
};

static struct golden gold[NFRAMES_MAX];
static unsigned int nb_gold;

static int
gold_add(uint8_t *data, uint32_t len, void *arg)
{
	(void)arg;
	if (nb_gold == NFRAMES_MAX) {
		free(data);
		return -1;
	}
	gold[nb_gold].data = data;
	gold[nb_gold++].len = len;
	return 0;
}

static int
gold_load(const char *dir)
{
	char path[4200], line[512];
	unsigned int idx, l3, l4len, n = 0;
	FILE *f;

	snprintf(path, sizeof(path), "%s/verdict_corpus.pcap", dir);
	if (pcap_frames_load(path, 70000, gold_add, NULL) < 0)
		return -1;
	snprintf(path, sizeof(path), "%s/verdict_expected.txt", dir);
	f = fopen(path, "r");
	if (f == NULL)
		return -1;
	while (fgets(line, sizeof(line), f)) {
		struct golden *g = &gold[n];

		if (line[0] == '#')
			continue;
		if (n >= nb_gold ||
		    sscanf(line, "%u %95s %255s %u %u %u %c %c", &idx, g->name,
			   g->ptype, &g->l2, &l3, &l4len, &g->ip, &g->l4) != 8 ||
		    idx != n) {
			fclose(f);
			return -1;
		}
		n++;
	}
	fclose(f);
	return n == nb_gold ? 0 : -1;
}

/* Whether '|'-separated @p ptype has the name @p w. */
static bool
has(const char *ptype, const char *w)
{
	size_t n = strlen(w);
	const char *p = ptype;

	while ((p = strstr(p, w)) != NULL) {
		if ((p == ptype || p[-1] == '|') && (p[n] == '|' || p[n] == 0))
			return true;
		p += n;
	}
	return false;
}

static struct model_fixture_qsrc *
open_with_src(struct drv *d, bool flow_control)
{
	struct model_fixture_qsrc *src = model_fixture_qsrc_create(false);
	struct neta_model_params p;

	neta_model_params_init(&p);
	p.rx_src = &src->base;
	p.flow_control = flow_control;
	if (drv_open(d, &p) != 0) {
		fprintf(stderr, "cannot open the model\n");
		exit(1);
	}
	return src;
}

static void
run(struct drv *d)
{
	unsigned int i;

	for (i = 0; i < 64; i++)
		neta_model_step(d->m, 64);
}

static void
check_no_violation(struct drv *d, const char *what)
{
	struct neta_model_stats st;

	neta_model_get_stats(d->m, &st);
	CHECK_EQ_U(st.violations, 0, "%s: violations (%s)", what,
		   neta_model_last_violation(d->m));
}

/* One golden frame as the harvest saw it. */
static void
check_golden(const struct golden *g, const struct drv_rx_seen *s)
{
	const uint8_t *p = s->buf + DRV_PKT_OFFSET;
	uint32_t st = s->status, l3 = st & MVNETA_RXD_L3_TYPE_MASK;
	uint32_t l4t = st & MVNETA_RXD_L4_TYPE_MASK, fcs;
	bool simple_l2 = has(g->ptype, "L2_ETHER") ||
			 (has(g->ptype, "L2_ETHER_VLAN") && g->l2 == 18);
	bool v4 = has(g->ptype, "L3_IPV4") || has(g->ptype, "L3_IPV4_EXT");
	bool v6 = has(g->ptype, "L3_IPV6") || has(g->ptype, "L3_IPV6_EXT");
	bool ok = (st & MVNETA_RXD_L4_CSUM_OK) != 0;

	CHECK_EQ_U(s->data_size, MVNETA_MH_SIZE + g->len + MVNETA_ETH_FCS_LEN,
		   "%s: data_size", g->name);
	CHECK(p[0] == 0 && p[1] == 0, "%s: Marvell header", g->name);
	CHECK(memcmp(p + MVNETA_MH_SIZE, g->data, g->len) == 0,
	      "%s: frame bytes", g->name);
	fcs = model_fixture_crc32(g->data, g->len);
	CHECK(memcmp(p + MVNETA_MH_SIZE + g->len, &(uint32_t){ htole32(fcs) },
		     4) == 0, "%s: FCS", g->name);
	CHECK_EQ_U(st & (MVNETA_RXD_FIRST_LAST_DESC | MVNETA_RXD_ERR_SUMMARY),
		   MVNETA_RXD_FIRST_LAST_DESC, "%s: first/last, no error",
		   g->name);
	/* Soundness: the device never calls a bad or unknown L4 good. */
	CHECK(!ok || g->l4 == 'G', "%s: L4_CSUM_OK on %c", g->name, g->l4);
	if (has(g->ptype, "L2_ETHER_VLAN"))
		CHECK(st & MVNETA_RXD_VLAN, "%s: VLAN", g->name);
	if (has(g->ptype, "L2_ETHER"))
		CHECK(!(st & MVNETA_RXD_VLAN), "%s: no VLAN", g->name);
	if (!simple_l2)
		return;
	if (v4) {
		CHECK_EQ_U(l3, g->ip == 'B' ? MVNETA_RXD_L3_IP4_ERR :
			   MVNETA_RXD_L3_IP4_OK, "%s: L3 type", g->name);
		if (has(g->ptype, "L4_FRAG") && g->ip != 'B')
			CHECK(st & MVNETA_RXD_IP4_FRAG, "%s: fragment", g->name);
	} else if (v6) {
		CHECK_EQ_U(l3, MVNETA_RXD_L3_IP6, "%s: L3 type", g->name);
	} else {
		CHECK(!(st & MVNETA_RXD_IP4_FRAG), "%s: no fragment", g->name);
	}
	if (has(g->ptype, "L4_TCP") && (v4 || has(g->ptype, "L3_IPV6")))
		CHECK_EQ_U(l4t, MVNETA_RXD_L4_TCP, "%s: L4 type", g->name);
	if (has(g->ptype, "L4_UDP") && (v4 || has(g->ptype, "L3_IPV6")))
		CHECK_EQ_U(l4t, MVNETA_RXD_L4_UDP, "%s: L4 type", g->name);
	/*
	 * Where the device can check (no IPv6 extension header, a UDP length
	 * equal to the IP payload's), it does.
	 */
	if ((v4 || has(g->ptype, "L3_IPV6")) && g->ip != 'B' &&
	    strstr(g->name, "udplen") == NULL &&
	    (has(g->ptype, "L4_TCP") || has(g->ptype, "L4_UDP")))
		CHECK_EQ_U(ok, g->l4 == 'G', "%s: L4_CSUM_OK", g->name);
}

/* Frames the source can hand over and the GMAC accepts (1536 with MH). */
static bool
deliverable(const struct golden *g)
{
	return g->len >= 1 && MVNETA_MH_SIZE + g->len + 4 <= 1536;
}

static void
test_golden(void)
{
	struct drv d;
	struct model_fixture_qsrc *src = open_with_src(&d, true);
	struct drv_rx_seen seen[64];
	unsigned int i, k = 0, nok = 0, expect = 0, got = 0;
	uint32_t n, j;

	for (i = 0; i < nb_gold; i++) {
		expect += deliverable(&gold[i]);
		model_fixture_qsrc_push(src, gold[i].data, gold[i].len);
	}
	drv_rx_setup(&d, 0, 64, 1984);
	while (got < expect) {
		run(&d);
		n = drv_rx_harvest(&d, 0, seen, 64);
		if (n == 0)
			break;
		for (j = 0; j < n; j++, k++, got++) {
			while (k < nb_gold && !deliverable(&gold[k]))
				k++;
			if (k == nb_gold)
				break;
			check_golden(&gold[k], &seen[j]);
			nok += (seen[j].status & MVNETA_RXD_L4_CSUM_OK) != 0;
		}
		drv_rx_done(&d, 0, n);
	}
	CHECK_EQ_U(got, expect, "golden frames delivered");
	printf("golden: %u frames, %u with L4_CSUM_OK\n", expect, nok);
	CHECK(nok >= 20, "the parser verified the corpus' good L4 checksums");
	check_no_violation(&d, "golden");
	drv_close(&d);
}

static uint8_t *
udp_frame(uint32_t len, uint8_t proto)
{
	uint8_t *f = calloc(1, len);

	memset(f, 0x11, 12);
	f[12] = 0x08;
	f[14] = 0x45;
	f[16] = (uint8_t)((len - 14) >> 8);
	f[17] = (uint8_t)(len - 14);
	f[22] = 64;
	f[23] = proto;
	return f;
}

static void
test_status_accounting(void)
{
	struct drv d;
	struct model_fixture_qsrc *src = open_with_src(&d, false);
	struct neta_model_stats st;
	uint32_t v, i;
	uint8_t *f;

	for (i = 0; i < 20; i++) {
		f = udp_frame(128, 17);
		model_fixture_qsrc_push_owned(src, f, 128);
	}
	drv_rx_setup(&d, 0, 16, 1024);
	v = drv_rd(&d, MVNETA_RXQ_STATUS_REG(0));
	CHECK_EQ_U(v, 16u << 16, "ring armed: 0 occupied, 16 non-occupied");
	run(&d);
	v = drv_rd(&d, MVNETA_RXQ_STATUS_REG(0));
	CHECK_EQ_U(v & MVNETA_RXQ_OCCUPIED_ALL_MASK, 16, "16 occupied");
	CHECK_EQ_U((v & MVNETA_RXQ_NON_OCCUPIED_ALL_MASK) >> 16, 0,
		   "none left");
	neta_model_get_stats(d.m, &st);
	CHECK_EQ_U(st.rx_missed, 4, "4 frames missed");
	CHECK_EQ_U(drv_rd(&d, MVNETA_RX_DISCARD_FRAME_COUNT), 4,
		   "MIB discard counter");
	CHECK_EQ_U(drv_rd(&d, MVNETA_RX_DISCARD_FRAME_COUNT), 0,
		   "clear on read");
	/* Return 5 processed without re-arming, then arm 3. */
	drv_wr(&d, MVNETA_RXQ_STATUS_UPDATE_REG(0), 5);
	v = drv_rd(&d, MVNETA_RXQ_STATUS_REG(0));
	CHECK_EQ_U(v, 11u, "11 occupied, 0 non-occupied");
	drv_wr(&d, MVNETA_RXQ_STATUS_UPDATE_REG(0), 3u << 16);
	v = drv_rd(&d, MVNETA_RXQ_STATUS_REG(0));
	CHECK_EQ_U(v, 11u | 3u << 16, "11 occupied, 3 non-occupied");
	/* The good-frame MIB counters count the 16 delivered. */
	CHECK_EQ_U(drv_rd(&d, MVNETA_MIB_GOOD_FRAMES_RECEIVED), 16,
		   "MIB good frames");
	CHECK_EQ_U(drv_rd(&d, MVNETA_MIB_GOOD_OCTETS_RECEIVED), 16 * 132,
		   "MIB good octets (FCS included)");
	CHECK_EQ_U(drv_rd(&d, MVNETA_MIB_GOOD_OCTETS_RECEIVED + 4), 0,
		   "MIB good octets, high word");
	CHECK_EQ_U(drv_rd(&d, MVNETA_MIB_FRAMES_128_TO_255_OCTETS), 16,
		   "MIB size bin");
	CHECK_EQ_U(drv_rd(&d, MVNETA_MIB_GOOD_FRAMES_RECEIVED), 0,
		   "MIB clear on read");
	check_no_violation(&d, "accounting");
	drv_close(&d);
}

static void
test_update_limit(void)
{
	struct drv d;
	struct model_fixture_qsrc *src = open_with_src(&d, false);
	struct neta_model_stats st;
	uint32_t v;

	(void)src;
	drv_rx_setup(&d, 0, 512, 1024);
	CHECK_EQ_U(drv_rd(&d, MVNETA_RXQ_STATUS_REG(0)) >> 16, 512,
		   "512 added in writes of at most 255");
	check_no_violation(&d, "255 limit, split writes");
	/* A reset queue, then 300 added in one write: 256 spill over. */
	drv_wr(&d, MVNETA_RXQ_CMD, 1u << 8);
	drv_wr(&d, MVNETA_RXQ_BASE_ADDR_REG(0),
	       (uint32_t)drv_iova(&d, d.rxq[0].ring));
	drv_wr(&d, MVNETA_RXQ_STATUS_UPDATE_REG(0), 300u << 16);
	v = drv_rd(&d, MVNETA_RXQ_STATUS_REG(0));
	CHECK_EQ_U(v >> 16, 300u & 0xffu, "the device keeps 8 bits");
	neta_model_get_stats(d.m, &st);
	CHECK_EQ_U(st.viol_update_overflow, 1, "a count above 255 is counted");
	/* More processed than occupied. */
	drv_wr(&d, MVNETA_RXQ_STATUS_UPDATE_REG(0), 1);
	/* More armed than the ring holds. */
	drv_wr(&d, MVNETA_RXQ_STATUS_UPDATE_REG(0), 255u << 16);
	drv_wr(&d, MVNETA_RXQ_STATUS_UPDATE_REG(0), 255u << 16);
	neta_model_get_stats(d.m, &st);
	CHECK_EQ_U(st.viol_occupied_underflow, 1, "processed > occupied");
	CHECK_EQ_U(st.viol_ring_overfill, 1, "armed beyond the ring");
	CHECK_EQ_U(drv_rd(&d, MVNETA_RXQ_STATUS_REG(0)) >> 16, 512,
		   "non-occupied capped at the ring size");
	CHECK_EQ_U(st.violations, 3, "three violations in all");
	drv_close(&d);
}

static void
test_multi_desc(void)
{
	struct drv d;
	struct model_fixture_qsrc *src = open_with_src(&d, false);
	struct drv_rx_seen s[8];
	uint8_t stream[1200];
	uint32_t n, i, got = 0, fcs, chunk;
	uint8_t *f = udp_frame(1000, 17);

	for (i = 60; i < 1000; i++)
		f[i] = (uint8_t)i;
	model_fixture_qsrc_push(src, f, 1000);
	drv_rx_setup(&d, 0, 8, 256);
	run(&d);
	n = drv_rx_harvest(&d, 0, s, 8);
	CHECK_EQ_U(n, 4, "2 + 1000 + 4 bytes in 256-byte buffers");
	for (i = 0; i < n && i < 4; i++) {
		chunk = i == 0 ? 256 : s[i].data_size;
		if (i == 0)
			CHECK_EQ_U(s[0].data_size, 1006,
				   "first data_size: the whole frame");
		CHECK_EQ_U(!!(s[i].status & MVNETA_RXD_FIRST_DESC), i == 0,
			   "FIRST on the first only");
		CHECK_EQ_U(!!(s[i].status & MVNETA_RXD_LAST_DESC), i == 3,
			   "LAST on the last only");
		memcpy(stream + got, s[i].buf + DRV_PKT_OFFSET, chunk);
		got += chunk;
	}
	CHECK_EQ_U(got, 1006, "bytes over the buffers");
	CHECK(memcmp(stream + 2, f, 1000) == 0, "frame bytes in order");
	fcs = htole32(model_fixture_crc32(f, 1000));
	CHECK(memcmp(stream + 1002, &fcs, 4) == 0, "FCS last");
	drv_rx_done(&d, 0, n);
	check_no_violation(&d, "multi-descriptor");
	free(f);
	drv_close(&d);
}

static void
test_steering_and_stops(void)
{
	struct drv d;
	struct model_fixture_qsrc *src = open_with_src(&d, true);
	struct neta_model_stats st;
	struct drv_rx_seen s[4];
	unsigned int q;

	/* Default queue 1, TCP to 2, UDP to 3 (captured). */
	drv_wr(&d, MVNETA_PORT_CONFIG, MVNETA_DEF_RXQ(1) | MVNETA_DEF_RXQ_ARP(1) |
	       MVNETA_DEF_RXQ_TCP(2) | MVNETA_DEF_RXQ_UDP(3) |
	       MVNETA_DEF_RXQ_BPDU(1) | MVNETA_TCP_CAPTURE_EN |
	       MVNETA_UDP_CAPTURE_EN);
	for (q = 1; q < 4; q++)
		drv_rx_setup(&d, q, 8, 1984);
	model_fixture_qsrc_push_owned(src, udp_frame(100, 6), 100);
	model_fixture_qsrc_push_owned(src, udp_frame(100, 17), 100);
	model_fixture_qsrc_push_owned(src, udp_frame(100, 1), 100);
	/* Port stopped: flow control holds the frame. */
	drv_wr(&d, MVNETA_GMAC_CTRL_0, drv_rd(&d, MVNETA_GMAC_CTRL_0) &
	       ~MVNETA_GMAC0_PORT_ENABLE);
	run(&d);
	CHECK_EQ_U(drv_rx_occupied(&d, 2), 0, "nothing while the port is off");
	drv_wr(&d, MVNETA_GMAC_CTRL_0, drv_rd(&d, MVNETA_GMAC_CTRL_0) |
	       MVNETA_GMAC0_PORT_ENABLE);
	run(&d);
	CHECK_EQ_U(drv_rx_harvest(&d, 2, s, 4), 1, "TCP to queue 2");
	CHECK_EQ_U(drv_rx_harvest(&d, 3, s, 4), 1, "UDP to queue 3");
	CHECK_EQ_U(drv_rx_harvest(&d, 1, s, 4), 1, "ICMP to the default queue");
	/*
	 * Oversize: 1600 bytes over the default 1536 (MH included), stored
	 * up to the limit and flagged with the max-length error code on its
	 * last descriptor, as Linux's mvneta_rx_error() decodes it.
	 */
	drv_rx_done(&d, 1, 1);
	model_fixture_qsrc_push_owned(src, udp_frame(1600, 1), 1600);
	run(&d);
	neta_model_get_stats(d.m, &st);
	CHECK_EQ_U(st.rx_oversize, 1, "oversize counted");
	CHECK_EQ_U(drv_rd(&d, MVNETA_MIB_OVERSIZE_RECEIVED), 1, "MIB oversize");
	CHECK_EQ_U(drv_rx_harvest(&d, 1, s, 4), 1, "oversize delivered");
	CHECK_EQ_U(s[0].status & (MVNETA_RXD_ERR_SUMMARY |
				  MVNETA_RXD_ERR_CODE_MASK),
		   MVNETA_RXD_ERR_SUMMARY | MVNETA_RXD_ERR_LEN,
		   "oversize: max-length error code");
	CHECK_EQ_U(s[0].data_size, 1536, "oversize: cut at the GMAC's limit");
	CHECK_EQ_U(st.rx_offered, st.rx_delivered, "every frame accounted for");
	check_no_violation(&d, "steering");
	drv_close(&d);
}

/*
 * Speed and duplex: the MAC's (MVNETA_GMAC_AUTONEG_CONFIG, reflected in
 * GMAC_STATUS) must be the link partner's, 1000 full. Otherwise every
 * frame either way is garbage: received ones dropped (rx_dropped_speed,
 * even with flow control: the partner does not wait), sent ones lost on
 * the wire with their descriptors completed (tx_dropped_speed).
 */
static void
test_speed_mismatch(void)
{
	static const struct {
		const char *what;
		uint32_t an, status;	/* AUTONEG_CONFIG, GMAC_STATUS mode */
		bool ok;
	} cases[] = {
		{ "reset: 1000 full forced", 0, 0, true },
		{ "100 full forced", MVNETA_GMAC_CONFIG_MII_SPEED |
		  MVNETA_GMAC_CONFIG_FULL_DUPLEX,
		  MVNETA_GMAC_SPEED_100 | MVNETA_GMAC_FULL_DUPLEX, false },
		{ "10 full forced", MVNETA_GMAC_CONFIG_FULL_DUPLEX,
		  MVNETA_GMAC_FULL_DUPLEX, false },
		{ "1000 half forced", MVNETA_GMAC_CONFIG_GMII_SPEED,
		  MVNETA_GMAC_SPEED_1000, false },
		{ "speed and duplex negotiated", MVNETA_GMAC_AN_SPEED_EN |
		  MVNETA_GMAC_AN_DUPLEX_EN,
		  MVNETA_GMAC_SPEED_1000 | MVNETA_GMAC_FULL_DUPLEX, true },
	};
	struct drv d;
	struct model_fixture_qsrc *src = open_with_src(&d, true);
	struct neta_model_stats st;
	struct drv_rx_seen s[4];
	uint64_t rx_drop = 0, tx_drop = 0, tx_ok = 0;
	uint8_t *f = udp_frame(100, 17);
	uint32_t mode = MVNETA_GMAC_SPEED_1000 | MVNETA_GMAC_FULL_DUPLEX;
	unsigned int i;

	drv_rx_setup(&d, 0, 8, 1984);
	drv_tx_setup(&d, 0, 16);
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		if (i > 0) {
			drv_wr(&d, MVNETA_GMAC_AUTONEG_CONFIG, cases[i].an);
			mode = cases[i].status;
		}
		CHECK_EQ_U(drv_rd(&d, MVNETA_GMAC_STATUS),
			   MVNETA_GMAC_LINK_UP | mode, "%s: GMAC_STATUS",
			   cases[i].what);
		model_fixture_qsrc_push(src, f, 100);
		drv_tx_put(&d, 0, f, 100, 0);
		drv_wr(&d, MVNETA_TXQ_UPDATE_REG(0), 1);
		run(&d);
		CHECK_EQ_U(drv_rx_harvest(&d, 0, s, 4), cases[i].ok ? 1 : 0,
			   "%s: frames received", cases[i].what);
		drv_rx_done(&d, 0, cases[i].ok ? 1 : 0);
		CHECK_EQ_U(drv_rd(&d, MVNETA_TXQ_STATUS_REG(0)),
			   1u << MVNETA_TXQ_SENT_DESC_SHIFT,
			   "%s: the TX descriptor completes", cases[i].what);
		drv_wr(&d, MVNETA_TXQ_UPDATE_REG(0),
		       1u << MVNETA_TXQ_DEC_SENT_SHIFT);
		rx_drop += !cases[i].ok;
		tx_drop += !cases[i].ok;
		tx_ok += cases[i].ok;
		neta_model_get_stats(d.m, &st);
		CHECK_EQ_U(st.rx_dropped_speed, rx_drop, "%s: rx_dropped_speed",
			   cases[i].what);
		CHECK_EQ_U(st.tx_dropped_speed, tx_drop, "%s: tx_dropped_speed",
			   cases[i].what);
		CHECK_EQ_U(st.tx_frames, tx_ok, "%s: frames on the wire",
			   cases[i].what);
	}
	CHECK_EQ_U(st.rx_offered, st.rx_delivered + st.rx_dropped_speed,
		   "every frame accounted for");
	check_no_violation(&d, "speed");
	free(f);
	drv_close(&d);
}

int
main(int argc, char **argv)
{
	harness_seed_rng(1);
	if (argc != 2 || gold_load(argv[1]) != 0) {
		while (nb_gold != 0)
			free(gold[--nb_gold].data);
		fprintf(stderr, "usage: %s <tests/data>: cannot load the corpus\n",
			argv[0]);
		return 1;
	}
	test_golden();
	test_status_accounting();
	test_update_limit();
	test_multi_desc();
	test_steering_and_stops();
	test_speed_mismatch();
	while (nb_gold != 0)
		free(gold[--nb_gold].data);
	return harness_result("test_neta_model_rx");
}
