/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Golden corpus for lib/rxpath's parser and checksum verdict.
 *
 * tests/data/verdict_corpus.pcap and verdict_expected.txt are written by
 * tests/data/gen_verdict_corpus.py (scapy; expectations by hand from the
 * rules, one case per rule and per robustness.md row). Each frame is
 * checked through every entry point: rxp_verdict_sw(), rxp_parse() +
 * rxp_l4_verdict() on a sum taken while copying (the rx-copybreak way),
 * rxp_mbuf_parse_verdict() at data_off 0..63, and rxp_hw_verdict() in the
 * four csum modes with the answer of a dwmac4 checksum engine: the RDES1 a
 * correct one would write (derived here from the expected outcome) and
 * lying variants, decoded by the driver's stmmac_rx_hw_csum().
 *
 * Data directory: $SOCRX_TEST_DATA, else tests/data/ next to this file as
 * __FILE__ names it (meson gives a path relative to the build directory,
 * where meson test runs).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <rte_mbuf.h>

#include "harness.h"
#include "pcap_frames.h"
#include "ptype_names.h"
#include "rxp_parse.h"
#include "stmmac_rx_csum.h"

#define MAX_FRAMES 1024

struct golden {
	char name[96];
	uint8_t *data;
	uint32_t len;
	uint32_t ptype;
	unsigned int l2, l3, l4;
	char ip, l4f;	/* 'G', 'B', 'U' */
};

static struct golden frames[MAX_FRAMES];
static unsigned int nb_frames;

static void
data_dir(char *out, size_t size)
{
	const char *env = getenv("SOCRX_TEST_DATA");
	const char *file = __FILE__, *slash = strrchr(file, '/');

	if (env && *env) {
		snprintf(out, size, "%s/", env);
		return;
	}
	/* "../tests/test_rxpath_parse.c" -> "../tests/data/" */
	snprintf(out, size, "%.*sdata/", slash ? (int)(slash - file + 1) : 0,
		 file);
}

/* One frame of the capture into frames[]. */
static int
add_frame(uint8_t *data, uint32_t len, void *arg)
{
	RTE_SET_USED(arg);
	if (nb_frames == MAX_FRAMES) {
		free(data);
		return -1;
	}
	frames[nb_frames].data = data;
	frames[nb_frames].len = len;
	nb_frames++;
	return 0;
}

static int
load_pcap(const char *path)
{
	return pcap_frames_load(path, 1u << 18, add_frame, NULL) < 0 ? -1 : 0;
}

static int
load_expected(const char *path)
{
	FILE *f = fopen(path, "r");
	char line[512], name[96], pt[256], ip, l4;
	unsigned int idx, l2, l3, l4len, n = 0;

	if (f == NULL) {
		fprintf(stderr, "%s: %s\n", path, strerror(errno));
		return -1;
	}
	while (fgets(line, sizeof(line), f)) {
		if (line[0] == '#')
			continue;
		if (sscanf(line, "%u %95s %255s %u %u %u %c %c", &idx, name, pt,
			   &l2, &l3, &l4len, &ip, &l4) != 8 || idx != n ||
		    idx >= nb_frames || ptype_names_parse(pt, &frames[idx].ptype)) {
			fprintf(stderr, "%s: bad line %u: %s", path, n, line);
			fclose(f);
			return -1;
		}
		snprintf(frames[idx].name, sizeof(frames[idx].name), "%s", name);
		frames[idx].l2 = l2;
		frames[idx].l3 = l3;
		frames[idx].l4 = l4len;
		frames[idx].ip = ip;
		frames[idx].l4f = l4;
		n++;
	}
	fclose(f);
	if (n != nb_frames) {
		fprintf(stderr, "%u expectations for %u frames\n", n, nb_frames);
		return -1;
	}
	return 0;
}

static uint64_t
ip_flag(char c)
{
	return c == 'G' ? RTE_MBUF_F_RX_IP_CKSUM_GOOD :
	       c == 'B' ? RTE_MBUF_F_RX_IP_CKSUM_BAD :
			  RTE_MBUF_F_RX_IP_CKSUM_UNKNOWN;
}

static uint64_t
l4_flag(char c)
{
	return c == 'G' ? RTE_MBUF_F_RX_L4_CKSUM_GOOD :
	       c == 'B' ? RTE_MBUF_F_RX_L4_CKSUM_BAD :
			  RTE_MBUF_F_RX_L4_CKSUM_UNKNOWN;
}

#define L4M RTE_MBUF_F_RX_L4_CKSUM_MASK
#define IPM RTE_MBUF_F_RX_IP_CKSUM_MASK

/*
 * What a correct dwmac4 checksum engine writes in RDES1 for this frame:
 * IPV4/IPV6 when it recognised the header, PT for TCP/UDP/ICMP, IPHE for a
 * bad IPv4 header, IPCE for a payload checksum error, IPCB when it
 * bypassed the payload (fragments, other protocols, IPv6 routing headers,
 * and, in this model, a bad IPv4 header).
 */
static uint32_t
truthful_rdes1(const struct golden *g)
{
	uint32_t l3 = g->ptype & RTE_PTYPE_L3_MASK, l4 = g->ptype & RTE_PTYPE_L4_MASK;
	uint32_t d = 0;

	if (RTE_ETH_IS_IPV4_HDR(l3) || g->ip == 'B')
		d |= RDES1_IPV4_HEADER;
	else if (RTE_ETH_IS_IPV6_HDR(l3))
		d |= RDES1_IPV6_HEADER;
	if (l4 == RTE_PTYPE_L4_TCP)
		d |= DWMAC4_RDES1_PT_TCP;
	else if (l4 == RTE_PTYPE_L4_UDP)
		d |= DWMAC4_RDES1_PT_UDP;
	else if (l4 == RTE_PTYPE_L4_ICMP)
		d |= DWMAC4_RDES1_PT_ICMP;
	if (g->ip == 'B')
		d |= RDES1_IP_HDR_ERROR | RDES1_IP_CSUM_BYPASSED;
	if (l4 == RTE_PTYPE_L4_FRAG || (l3 && !(d & RDES1_IP_PAYLOAD_TYPE_MASK)) ||
	    strstr(g->name, "_rt") != NULL)
		d |= RDES1_IP_CSUM_BYPASSED;
	if (g->l4f == 'B')
		d |= RDES1_IP_PAYLOAD_ERROR;
	return d;
}

/* The device's RDES1 through the driver's decode and lib/rxpath's policy. */
static uint64_t
dwmac4_verdict(const uint8_t *p, uint32_t len, uint32_t rdes1,
	       enum rxp_csum_mode mode, struct rxp_parse_result *r)
{
	return rxp_hw_verdict(p, len, stmmac_rx_hw_csum(rdes1), mode, r);
}

static uint64_t cnt[RXP_CNT_MAX], want_cnt[RXP_CNT_MAX];

static void
check_frame(const struct golden *g, unsigned int idx)
{
	uint64_t want = ip_flag(g->ip) | l4_flag(g->l4f), f, f2;
	struct rxp_parse_result r, r2;
	uint8_t *copy = malloc(g->len ? g->len : 1);
	uint8_t *dst = malloc(g->len ? g->len : 1);
	uint32_t rd, variants[4], sum;
	unsigned int v, off;
	int need;

	memcpy(copy, g->data, g->len);

	/* 1. Software verdict. */
	f = rxp_verdict_sw(g->data, g->len, &r);
	CHECK_EQ_U(r.ptype, g->ptype, "#%u %s: ptype", idx, g->name);
	CHECK_EQ_U(r.l2_len, g->l2, "#%u %s: l2_len", idx, g->name);
	CHECK_EQ_U(r.l3_len, g->l3, "#%u %s: l3_len", idx, g->name);
	CHECK_EQ_U(r.l4_len, g->l4, "#%u %s: l4_len", idx, g->name);
	CHECK_EQ_U(f & IPM, want & IPM, "#%u %s: IP flag", idx, g->name);
	CHECK_EQ_U(f & L4M, want & L4M, "#%u %s: L4 flag (reason %s)", idx,
		   g->name, rxp_l4_reason_name(r.l4_reason));
	CHECK_EQ_U(r.ol_flags, f, "#%u %s: ol_flags stored", idx, g->name);
	/* Consistency of the range with the reason. */
	CHECK((r.csum_len != 0) == (r.l4_reason == RXP_L4R_CHECK),
	      "#%u %s: range vs reason", idx, g->name);
	CHECK(r.csum_len == 0 || (r.csum_off == (uint32_t)r.l2_len + r.l3_len &&
				  r.csum_off + r.csum_len <= g->len),
	      "#%u %s: range inside the frame", idx, g->name);
	/* Purity (property 15): the frame is never written. */
	CHECK(memcmp(copy, g->data, g->len) == 0, "#%u %s: frame written",
	      idx, g->name);

	/* 2. rx-copybreak: sum while copying, then finish (property 16). */
	need = rxp_parse(g->data, g->len, &r2);
	CHECK_EQ_U(need, r2.csum_len != 0, "#%u %s: rxp_parse return", idx,
		   g->name);
	memcpy(dst, g->data, g->len);
	sum = 0;
	if (need)
		sum = csum_partial_copy(dst + r2.csum_off, g->data + r2.csum_off,
					r2.csum_len, 0);
	f2 = rxp_ip_flags(&r2) | rxp_l4_verdict(&r2, sum);
	CHECK_EQ_U(f2, f, "#%u %s: copybreak verdict", idx, g->name);
	CHECK(memcmp(dst, g->data, g->len) == 0, "#%u %s: copy", idx, g->name);

	/* 3. mbuf entry at every data_off 0..63 (property 7). */
	for (off = 0; off < 64; off++) {
		struct rte_mbuf m;
		uint8_t *buf = malloc(off + g->len + 1);

		memset(&m, 0, sizeof(m));
		memcpy(buf + off, g->data, g->len);
		m.buf_addr = buf;
		m.data_off = (uint16_t)off;
		m.data_len = (uint16_t)g->len;
		m.pkt_len = g->len;
		m.nb_segs = 1;
		m.ol_flags = RTE_MBUF_F_RX_VLAN | IPM | L4M;
		if (g->len <= UINT16_MAX) {
			rxp_mbuf_parse_verdict(&m, RXP_CSUM_SW, RXP_HW_CSUM_NONE);
			CHECK_EQ_U(m.packet_type, g->ptype, "#%u %s off %u: mbuf ptype",
				   idx, g->name, off);
			CHECK_EQ_U(m.l2_len, g->l2, "#%u %s: mbuf l2", idx, g->name);
			CHECK_EQ_U(m.l3_len, g->l3, "#%u %s: mbuf l3", idx, g->name);
			CHECK_EQ_U(m.l4_len, g->l4, "#%u %s: mbuf l4", idx, g->name);
			CHECK_EQ_U(m.ol_flags, want | RTE_MBUF_F_RX_VLAN,
				   "#%u %s off %u: mbuf flags", idx, g->name, off);
		}
		free(buf);
	}

	/* 4. dwmac4 mapping, truthful hardware. */
	rd = truthful_rdes1(g);
	f = dwmac4_verdict(g->data, g->len, rd, RXP_CSUM_AUTO, &r2);
	CHECK_EQ_U(f, want, "#%u %s: auto, rdes1 %#x", idx, g->name, rd);
	f = dwmac4_verdict(g->data, g->len, rd, RXP_CSUM_HW, &r2);
	/*
	 * Where the engine's ranges differ from ours (IPv4 datagram past the
	 * frame: IPHE also means a length error; UDP length below the IP
	 * payload: IPCE sums the IP payload), hw mode says UNKNOWN.
	 */
	if (r2.ip_trunc)
		CHECK((f & IPM) == (want & IPM) || (f & IPM) == 0,
		      "#%u %s: hw IP, truncated datagram", idx, g->name);
	else
		CHECK_EQ_U(f & IPM, want & IPM, "#%u %s: hw IP", idx, g->name);
	if ((rd & RDES1_IP_CSUM_BYPASSED) || r2.l4_trimmed)
		CHECK((f & L4M) == (want & L4M) || (f & L4M) == 0,
		      "#%u %s: hw L4 bypassed", idx, g->name);
	else
		CHECK_EQ_U(f & L4M, want & L4M, "#%u %s: hw L4", idx, g->name);
	CHECK_EQ_U(dwmac4_verdict(g->data, g->len, rd, RXP_CSUM_SW, &r2),
		   want, "#%u %s: sw mode", idx, g->name);
	CHECK_EQ_U(dwmac4_verdict(g->data, g->len, rd, RXP_CSUM_OFF, &r2),
		   0, "#%u %s: off mode", idx, g->name);
	CHECK_EQ_U(r2.ptype, g->ptype, "#%u %s: off mode keeps ptype", idx,
		   g->name);

	/* No hardware status: auto is software, hw never claims GOOD. */
	f = dwmac4_verdict(g->data, g->len, 0, RXP_CSUM_AUTO, &r2);
	CHECK_EQ_U(f, want, "#%u %s: auto without RDES1", idx, g->name);
	f = dwmac4_verdict(g->data, g->len, 0, RXP_CSUM_HW, &r2);
	CHECK(!(f & RTE_MBUF_F_RX_L4_CKSUM_GOOD) && !(f & RTE_MBUF_F_RX_IP_CKSUM_GOOD),
	      "#%u %s: hw without RDES1 claims GOOD", idx, g->name);

	/*
	 * 5. Lying or over-eager hardware: where the rules say UNKNOWN
	 * (fragments, truncation, UDP/IPv4 checksum 0, non-TCP/UDP, non-IP),
	 * no RDES1 may turn it into GOOD or BAD. Likewise the IP flag of
	 * IPv6/non-IP frames.
	 */
	variants[0] = rd & ~RDES1_IP_CSUM_BYPASSED;
	variants[1] = variants[0] ^ RDES1_IP_PAYLOAD_ERROR;
	variants[2] = variants[0] ^ RDES1_IP_HDR_ERROR;
	variants[3] = variants[1] | RDES1_IPV4_HEADER | RDES1_IPV6_HEADER;
	for (v = 0; v < 4; v++) {
		enum rxp_csum_mode mode;

		for (mode = RXP_CSUM_AUTO; mode <= RXP_CSUM_HW; mode++) {
			if (mode == RXP_CSUM_SW)
				continue;
			f = dwmac4_verdict(g->data, g->len, variants[v], mode,
					   &r2);
			if (g->l4f == 'U')
				CHECK_EQ_U(f & L4M, 0, "#%u %s: L4 U overridden by rdes1 %#x mode %d",
					   idx, g->name, variants[v], mode);
			if (g->ip == 'U')
				CHECK_EQ_U(f & IPM, 0, "#%u %s: IP U overridden by rdes1 %#x mode %d",
					   idx, g->name, variants[v], mode);
		}
	}

	/* 6. Counters. */
	rxp_verdict_count(cnt, want);
	want_cnt[g->ip == 'G' ? RXP_CNT_IP_GOOD : g->ip == 'B' ?
		 RXP_CNT_IP_BAD : RXP_CNT_IP_UNKNOWN]++;
	want_cnt[g->l4f == 'G' ? RXP_CNT_L4_GOOD : g->l4f == 'B' ?
		 RXP_CNT_L4_BAD : RXP_CNT_L4_UNKNOWN]++;
	free(copy);
	free(dst);
}

int
main(void)
{
	char dir[4096], path[4200];
	unsigned int i, seen[3] = { 0, 0, 0 };

	harness_seed_rng(0);
	data_dir(dir, sizeof(dir));
	snprintf(path, sizeof(path), "%sverdict_corpus.pcap", dir);
	if (load_pcap(path))
		return 1;
	snprintf(path, sizeof(path), "%sverdict_expected.txt", dir);
	if (load_expected(path))
		return 1;
	printf("%u golden frames from %s\n", nb_frames, dir);
	for (i = 0; i < nb_frames; i++) {
		check_frame(&frames[i], i);
		seen[frames[i].l4f == 'G' ? 0 : frames[i].l4f == 'B' ? 1 : 2]++;
	}
	printf("L4 expected: %u good, %u bad, %u unknown\n", seen[0], seen[1],
	       seen[2]);
	for (i = 0; i < RXP_CNT_MAX; i++) {
		CHECK_EQ_U(cnt[i], want_cnt[i], "counter %s",
			   rxp_verdict_counter_name(i));
		CHECK(rxp_verdict_counter_name(i) != NULL, "counter name %u", i);
	}
	CHECK(rxp_verdict_counter_name(RXP_CNT_MAX) == NULL, "name past end");
	for (i = 0; i < RXP_L4R_MAX; i++)
		CHECK(rxp_l4_reason_name(i) != NULL, "reason name %u", i);
	for (i = 0; i < nb_frames; i++)
		free(frames[i].data);
	return harness_result("rxpath_parse");
}
