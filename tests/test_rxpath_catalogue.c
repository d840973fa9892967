/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The robustness catalogue (robustness.md section 1) at the parser level:
 * one named case per row that lib/rxpath's parser and checksum verdict
 * decide (rows 9, 19-45), each printing "row N: PASS" or its failures.
 *
 * Frames: tests/data/catalogue.pcap with catalogue_expected.txt (written by
 * tests/data/gen_catalogue.py, expectations by hand). Every frame sits in
 * a buffer malloc'ed to exactly its length (ASan in the sanitizer build
 * catches any read past it) and goes through every entry point: the
 * software verdict, the copybreak path (parse + csum_partial_copy +
 * rxp_l4_verdict), rxp_hw_verdict() without a device answer in auto
 * and off mode, and rxp_mbuf_parse_verdict. The row cases add what the
 * row is about: padding, tags inserted, alignments, segment splits,
 * truncations. The same frames go through the PMD in
 * tests/pmd/test_pmd_catalogue.c.
 *
 * No EAL: mbufs are plain structs on the stack, as in test_rxpath_parse.c.
 * Data directory: $SOCRX_TEST_DATA, else tests/data/ next to this file.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <rte_ether.h>
#include <rte_mbuf.h>

#include "harness.h"
#include "catalogue_frames.h"
#include "rxp_parse.h"

#define L4M		RTE_MBUF_F_RX_L4_CKSUM_MASK
#define IPM		RTE_MBUF_F_RX_IP_CKSUM_MASK

static void
data_dir(char *out, size_t size)
{
	const char *env = getenv("SOCRX_TEST_DATA");
	const char *file = __FILE__, *slash = strrchr(file, '/');

	if (env != NULL && *env != '\0') {
		snprintf(out, size, "%s/", env);
		return;
	}
	snprintf(out, size, "%.*sdata/", slash != NULL ? (int)(slash - file + 1) : 0,
		 file);
}

/* ---- Checks shared by the rows ---- */

static uint64_t
want_flags(char ip, char l4)
{
	return (ip == 'G' ? RTE_MBUF_F_RX_IP_CKSUM_GOOD :
		ip == 'B' ? RTE_MBUF_F_RX_IP_CKSUM_BAD :
			    RTE_MBUF_F_RX_IP_CKSUM_UNKNOWN) |
	       (l4 == 'G' ? RTE_MBUF_F_RX_L4_CKSUM_GOOD :
		l4 == 'B' ? RTE_MBUF_F_RX_L4_CKSUM_BAD :
			    RTE_MBUF_F_RX_L4_CKSUM_UNKNOWN);
}

static char
l4_char(uint64_t f)
{
	switch (f & L4M) {
	case RTE_MBUF_F_RX_L4_CKSUM_GOOD: return 'G';
	case RTE_MBUF_F_RX_L4_CKSUM_BAD: return 'B';
	case RTE_MBUF_F_RX_L4_CKSUM_UNKNOWN: return 'U';
	default: return '?';
	}
}

static char
ip_char(uint64_t f)
{
	switch (f & IPM) {
	case RTE_MBUF_F_RX_IP_CKSUM_GOOD: return 'G';
	case RTE_MBUF_F_RX_IP_CKSUM_BAD: return 'B';
	case RTE_MBUF_F_RX_IP_CKSUM_UNKNOWN: return 'U';
	default: return '?';
	}
}

/* The copybreak path: parse, sum while copying, finish. */
static uint64_t
verdict_copy(const uint8_t *p, uint32_t len, struct rxp_parse_result *r)
{
	uint8_t *dst = malloc(len != 0 ? len : 1);
	uint32_t sum = 0;
	uint64_t f;

	if (rxp_parse(p, len, r) != 0)
		sum = csum_partial_copy(dst + r->csum_off, p + r->csum_off,
					r->csum_len, 0);
	f = rxp_ip_flags(r) | rxp_l4_verdict(r, sum);
	free(dst);
	return f;
}

/* A private copy of exactly @p len bytes (plus @p extra), for ASan. */
static uint8_t *
dup_frame(const uint8_t *p, uint32_t len, uint32_t extra)
{
	uint8_t *d = malloc(len + extra != 0 ? len + extra : 1);

	if (d != NULL && len != 0)
		memcpy(d, p, len);
	return d;
}

/* Parse through rxp_mbuf_parse_verdict at @p off from the buffer start. */
static uint64_t
verdict_mbuf(const uint8_t *p, uint32_t len, unsigned int off,
	     uint32_t *ptype)
{
	struct rte_mbuf m;
	uint8_t *buf = malloc(off + len + 1);
	uint64_t f;

	memset(&m, 0, sizeof(m));
	memcpy(buf + off, p, len);
	m.buf_addr = buf;
	m.data_off = (uint16_t)off;
	m.data_len = (uint16_t)len;
	m.pkt_len = len;
	m.nb_segs = 1;
	m.ol_flags = RTE_MBUF_F_RX_VLAN | IPM | L4M;
	rxp_mbuf_parse_verdict(&m, RXP_CSUM_SW, RXP_HW_CSUM_NONE);
	*ptype = m.packet_type;
	f = m.ol_flags;
	free(buf);
	return f;
}

/*
 * Every entry point on one frame against its expectation: the software
 * verdict (ptype, lengths, flags), the copybreak path, auto without
 * hardware status, off (no flags, same ptype), the mbuf entry; the frame
 * is never written.
 */
static void
check_frame(const struct cat_frame *c)
{
	uint64_t want = want_flags(c->ip, c->l4f), f;
	uint8_t *p = dup_frame(c->data, c->len, 0);
	struct rxp_parse_result r, r2;
	uint32_t ptype;

	f = rxp_verdict_sw(p, c->len, &r);
	CHECK_EQ_U(r.ptype, c->ptype, "row %u %s: ptype", c->row, c->name);
	CHECK_EQ_U(r.l2_len, c->l2, "row %u %s: l2_len", c->row, c->name);
	CHECK_EQ_U(r.l3_len, c->l3, "row %u %s: l3_len", c->row, c->name);
	CHECK_EQ_U(r.l4_len, c->l4, "row %u %s: l4_len", c->row, c->name);
	CHECK(f == want, "row %u %s: IP %c L4 %c (reason %s), expected IP %c L4 %c",
	      c->row, c->name, ip_char(f), l4_char(f),
	      rxp_l4_reason_name(r.l4_reason), c->ip, c->l4f);
	CHECK(r.csum_len == 0 || r.csum_off + r.csum_len <= c->len,
	      "row %u %s: L4 range inside the frame", c->row, c->name);
	CHECK_EQ_U(verdict_copy(p, c->len, &r2), f, "row %u %s: copybreak path",
		   c->row, c->name);
	CHECK_EQ_U(rxp_hw_verdict(p, c->len, RXP_HW_CSUM_NONE, RXP_CSUM_AUTO, &r2), f,
		   "row %u %s: auto without a device answer", c->row, c->name);
	CHECK_EQ_U(rxp_hw_verdict(p, c->len, RXP_HW_CSUM_NONE, RXP_CSUM_OFF, &r2), 0,
		   "row %u %s: off sets no flag", c->row, c->name);
	CHECK_EQ_U(r2.ptype, c->ptype, "row %u %s: off keeps ptype", c->row,
		   c->name);
	f = verdict_mbuf(p, c->len, RTE_PKTMBUF_HEADROOM & 63, &ptype);
	CHECK_EQ_U(f, want | RTE_MBUF_F_RX_VLAN, "row %u %s: mbuf flags",
		   c->row, c->name);
	CHECK_EQ_U(ptype, c->ptype, "row %u %s: mbuf ptype", c->row, c->name);
	CHECK(memcmp(p, c->data, c->len) == 0, "row %u %s: frame written",
	      c->row, c->name);
	free(p);
}

/* Checks every frame of @p row; returns how many there were. */
static unsigned int
check_row_frames(unsigned int row)
{
	unsigned int i, n = 0;

	for (i = 0; i < nb_cat; i++) {
		if (cat[i].row != row)
			continue;
		check_frame(&cat[i]);
		n++;
	}
	CHECK(n > 0, "row %u: frames in the catalogue", row);
	return n;
}

static const struct cat_frame *
find(const char *name)
{
	unsigned int i;

	for (i = 0; i < nb_cat; i++)
		if (strcmp(cat[i].name, name) == 0)
			return &cat[i];
	CHECK(0, "frame %s missing from the catalogue", name);
	return NULL;
}

/* Software verdict of @p len bytes copied out of @p p (exact buffer). */
static uint64_t
verdict_of(const uint8_t *p, uint32_t len, struct rxp_parse_result *r)
{
	uint8_t *d = dup_frame(p, len, 0);
	uint64_t f = rxp_verdict_sw(d, len, r);

	free(d);
	return f;
}

static int
untagged_complete(const struct cat_frame *c)
{
	return (c->l4f == 'G' || c->l4f == 'B') &&
	       (c->ptype & RTE_PTYPE_L2_MASK) == RTE_PTYPE_L2_ETHER &&
	       c->len <= 2048;
}

/* ---- Rows ---- */

static void
row_09_zero_length_no_underflow(void)
{
	const struct cat_frame *c = find("r41_udp_pl3");
	struct rxp_parse_result r;
	uint32_t n, ptype;
	uint64_t f;

	if (c == NULL)
		return;
	/* PL 0..4 (the CRC alone, or less): nothing to parse, no underflow. */
	for (n = 0; n <= 4; n++) {
		f = verdict_of(c->data, n, &r);
		CHECK(r.ptype == 0 && r.l2_len == 0 && r.csum_len == 0 &&
		      f == want_flags('U', 'U'),
		      "row 9: %u bytes: ptype %#x, flags %#" PRIx64, n, r.ptype, f);
		f = verdict_mbuf(c->data, n, 0, &ptype);
		CHECK(ptype == 0 && (f & (IPM | L4M)) == want_flags('U', 'U'),
		      "row 9: mbuf of %u bytes", n);
	}
}

static void
row_19_copybreak_same_verdict(void)
{
	static const uint32_t lens[] = { 0, 1, 2, 255, 256, 257 };
	const struct cat_frame *big = find("r19_len_1514");
	struct rxp_parse_result r;
	unsigned int i;

	check_row_frames(19);
	/* Copy and zero-copy paths agree on every frame of the catalogue. */
	for (i = 0; i < nb_cat; i++) {
		uint64_t a = verdict_of(cat[i].data, cat[i].len, &r);
		uint8_t *p = dup_frame(cat[i].data, cat[i].len, 0);

		CHECK_EQ_U(verdict_copy(p, cat[i].len, &r), a,
			   "row 19: %s: copy vs zero-copy", cat[i].name);
		free(p);
	}
	/* len = 0, 1, 2, T-1, T, T+1 prefixes of a long frame. */
	for (i = 0; big != NULL && i < RTE_DIM(lens); i++) {
		uint8_t *p = dup_frame(big->data, lens[i], 0);

		CHECK_EQ_U(verdict_copy(p, lens[i], &r), verdict_of(p, lens[i], &r),
			   "row 19: prefix of %u bytes", lens[i]);
		free(p);
	}
}

static void
row_20_runt_no_l2_header(void)
{
	const struct cat_frame *c = find("r41_udp_pl999");
	struct rxp_parse_result r;
	uint32_t n;
	uint64_t f;

	check_row_frames(20);
	for (n = 0; c != NULL && n < RTE_ETHER_HDR_LEN; n++) {
		f = verdict_of(c->data, n, &r);
		CHECK(r.ptype == 0 && r.l2_len == 0 && r.l3_len == 0 &&
		      f == want_flags('U', 'U'),
		      "row 20: runt of %u bytes", n);
	}
}

static void
row_21_short_frame_parsed_as_present(void)
{
	const struct cat_frame *c = find("r41_udp_pl999");
	struct rxp_parse_result r;
	uint32_t n;
	uint64_t f;

	check_row_frames(21);
	/* Every cut of a datagram: never GOOD/BAD for L4, never past the end. */
	for (n = RTE_ETHER_HDR_LEN; c != NULL && n < c->len; n++) {
		f = verdict_of(c->data, n, &r);
		CHECK((f & L4M) == RTE_MBUF_F_RX_L4_CKSUM_UNKNOWN,
		      "row 21: cut at %u: L4 %c", n, l4_char(f));
		CHECK(r.csum_len == 0, "row 21: cut at %u: nothing to sum", n);
	}
}

static void
row_22_padding_never_summed(void)
{
	unsigned int i, pad;

	check_row_frames(22);
	/* Padding invariance (property 5) on every complete datagram. */
	harness_seed_rng(22);
	for (i = 0; i < nb_cat; i++) {
		const struct cat_frame *c = &cat[i];
		struct rxp_parse_result r;
		uint64_t f0;

		if (c->l4f != 'G' && c->l4f != 'B')
			continue;
		f0 = verdict_of(c->data, c->len, &r);
		for (pad = 1; pad <= 33; pad += 4) {
			uint8_t *p = dup_frame(c->data, c->len, pad);

			harness_fill_random(p + c->len, pad);
			CHECK_EQ_U(rxp_verdict_sw(p, c->len + pad, &r), f0,
				   "row 22: %s + %u pad bytes", c->name, pad);
			free(p);
		}
	}
	harness_seed_rng(0);
}

/* @p c with @p n tags (0x8100) inserted after the MAC addresses. */
static uint8_t *
tagged(const struct cat_frame *c, unsigned int n, uint32_t *len)
{
	uint8_t *p;
	unsigned int t;

	*len = c->len + 4 * n;
	p = malloc(*len);
	memcpy(p, c->data, 12);
	for (t = 0; t < n; t++) {
		p[12 + 4 * t] = 0x81;
		p[13 + 4 * t] = 0x00;
		p[14 + 4 * t] = 0;
		p[15 + 4 * t] = (uint8_t)(t + 1);
	}
	memcpy(p + 12 + 4 * n, c->data + 12, c->len - 12);
	return p;
}

static void
row_23_tags_move_l3_only(void)
{
	unsigned int i, n, seen = 0;

	check_row_frames(23);
	/* VLAN invariance (property 9): 1..8 tags on every untagged datagram. */
	for (i = 0; i < nb_cat; i++) {
		const struct cat_frame *c = &cat[i];
		struct rxp_parse_result r0, r;
		uint64_t f0, f;

		if (!untagged_complete(c))
			continue;
		seen++;
		f0 = verdict_of(c->data, c->len, &r0);
		for (n = 1; n <= RXP_VLAN_MAX_DEPTH; n++) {
			uint32_t len;
			uint8_t *p = tagged(c, n, &len);

			f = rxp_verdict_sw(p, len, &r);
			CHECK_EQ_U(f, f0, "row 23: %s with %u tags", c->name, n);
			CHECK_EQ_U(r.l2_len, 14 + 4 * n, "row 23: %s with %u tags: l2_len",
				   c->name, n);
			CHECK_EQ_U(r.ptype & ~RTE_PTYPE_L2_MASK,
				   r0.ptype & ~RTE_PTYPE_L2_MASK,
				   "row 23: %s with %u tags: L3/L4 ptype", c->name, n);
			CHECK_EQ_U(r.ptype & RTE_PTYPE_L2_MASK, RTE_PTYPE_L2_ETHER_VLAN,
				   "row 23: %s with %u tags: L2 ptype", c->name, n);
			free(p);
		}
	}
	CHECK(seen > 20, "row 23: %u datagrams tagged", seen);
}

static void
row_24_too_many_tags(void)
{
	const struct cat_frame *c = find("r41_udp_pl3");
	struct rxp_parse_result r;
	unsigned int n;
	uint32_t len, cut;
	uint64_t f;

	check_row_frames(24);
	for (n = RXP_VLAN_MAX_DEPTH + 1; c != NULL && n <= 16; n++) {
		uint8_t *p = tagged(c, n, &len);

		f = rxp_verdict_sw(p, len, &r);
		CHECK(f == want_flags('U', 'U') &&
		      r.ptype == RTE_PTYPE_L2_ETHER_VLAN &&
		      r.l2_len == 14 + 4 * RXP_VLAN_MAX_DEPTH,
		      "row 24: %u tags: ptype %#x l2 %u", n, r.ptype, r.l2_len);
		free(p);
	}
	/* Each tag cut anywhere: L2 only, l2_len = header + whole tags. */
	for (n = 1; c != NULL && n <= 3; n++) {
		uint8_t *full = tagged(c, n, &len);

		for (cut = 15; cut < 14 + 4 * n; cut++) {
			uint8_t *p = dup_frame(full, cut, 0);

			f = rxp_verdict_sw(p, cut, &r);
			CHECK(f == want_flags('U', 'U') &&
			      r.ptype == RTE_PTYPE_L2_ETHER_VLAN &&
			      r.l2_len == 14 + 4 * ((cut - 14) / 4),
			      "row 24: %u tags cut at %u: ptype %#x l2 %u", n, cut,
			      r.ptype, r.l2_len);
			free(p);
		}
		free(full);
	}
}

static void
row_25_bad_ip_header_l4_on_its_own(void)
{
	check_row_frames(25);
}

static void
row_26_bad_version_or_ihl(void)
{
	check_row_frames(26);
}

static void
row_27_ipv4_options(void)
{
	unsigned int i;

	check_row_frames(27);
	for (i = 0; i < nb_cat; i++) {
		const struct cat_frame *c = &cat[i];
		struct rxp_parse_result r;

		if (c->row != 27)
			continue;
		verdict_of(c->data, c->len, &r);
		CHECK_EQ_U(r.csum_off, 14 + (c->data[14] & 0xf) * 4,
			   "row 27: %s: L4 offset = IHL x 4", c->name);
	}
}

static void
row_28_ihl_past_length(void)
{
	check_row_frames(28);
}

static void
row_29_truncated_datagram(void)
{
	unsigned int i, seen = 0;

	check_row_frames(29);
	/* Truncation safety (property 8): no prefix of a datagram is G/B. */
	for (i = 0; i < nb_cat; i++) {
		const struct cat_frame *c = &cat[i];
		struct rxp_parse_result r;
		uint32_t n;

		if (!untagged_complete(c) || c->row == 39 || c->row == 43 ||
		    c->row == 40 || c->row == 22)
			continue;
		seen++;
		for (n = 14; n < c->len; n += 1 + n / 16) {
			uint64_t f = verdict_of(c->data, n, &r);

			CHECK((f & L4M) == RTE_MBUF_F_RX_L4_CKSUM_UNKNOWN,
			      "row 29: %s cut to %u of %u bytes: L4 %c", c->name,
			      n, c->len, l4_char(f));
		}
	}
	CHECK(seen > 10, "row 29: %u datagrams cut", seen);
}

static void
row_30_ipv4_fragments(void)
{
	check_row_frames(30);
}

static void
row_31_ipv6_fragments(void)
{
	check_row_frames(31);
}

static void
row_32_ipv6_extension_headers(void)
{
	check_row_frames(32);
}

static void
row_33_routing_final_destination(void)
{
	check_row_frames(33);
}

static void
row_34_esp_ah_no_next(void)
{
	check_row_frames(34);
}

static void
row_35_udp4_zero_not_bad(void)
{
	check_row_frames(35);
}

static void
row_36_udp6_zero_bad(void)
{
	check_row_frames(36);
}

static void
row_37_udp_ffff_good(void)
{
	check_row_frames(37);
}

static void
row_38_tcp_zero_verified(void)
{
	check_row_frames(38);
}

static void
row_39_udp_length_impossible(void)
{
	check_row_frames(39);
}

static void
row_40_udp_length_short(void)
{
	check_row_frames(40);
}

static void
row_41_odd_lengths_alignments(void)
{
	unsigned int i, off;

	check_row_frames(41);
	/* Alignment invariance (property 7): data_off 0..63, every frame. */
	for (i = 0; i < nb_cat; i++) {
		const struct cat_frame *c = &cat[i];
		uint64_t want = want_flags(c->ip, c->l4f) | RTE_MBUF_F_RX_VLAN;

		for (off = 0; off < 64; off++) {
			uint32_t ptype;
			uint64_t f = verdict_mbuf(c->data, c->len, off, &ptype);

			CHECK(f == want && ptype == c->ptype,
			      "row 41: %s at data_off %u", c->name, off);
		}
	}
}

/*
 * A chain of segments split at @p cut1 and @p cut2 (0 < cut1 < cut2 <=
 * len) through rxp_mbuf_parse_verdict.
 */
static uint64_t
verdict_chain(const struct cat_frame *c, uint32_t cut1, uint32_t cut2,
	      uint32_t *ptype)
{
	struct rte_mbuf m[3];
	uint32_t lim[3] = { cut1, cut2, c->len }, start = 0;
	uint8_t *bufs[3];
	unsigned int s;
	uint64_t f;

	memset(m, 0, sizeof(m));
	for (s = 0; s < 3; s++) {
		uint32_t n = lim[s] - start;

		/* Odd data_off per segment (s + 1). */
		bufs[s] = malloc(n + s + 1);
		memcpy(bufs[s] + s + 1, c->data + start, n);
		m[s].buf_addr = bufs[s];
		m[s].data_off = (uint16_t)(s + 1);
		m[s].data_len = (uint16_t)n;
		m[s].next = s < 2 ? &m[s + 1] : NULL;
		start = lim[s];
	}
	m[0].pkt_len = c->len;
	m[0].nb_segs = 3;
	rxp_mbuf_parse_verdict(&m[0], RXP_CSUM_SW, RXP_HW_CSUM_NONE);
	*ptype = m[0].packet_type;
	f = m[0].ol_flags;
	for (s = 0; s < 3; s++)
		free(bufs[s]);
	return f;
}

/* End of the IP datagram (total / payload length) of a parsed frame. */
static uint32_t
ip_end(const struct cat_frame *c, const struct rxp_parse_result *r)
{
	const uint8_t *ip = c->data + r->l2_len;

	if (RTE_ETH_IS_IPV4_HDR(r->ptype))
		return r->l2_len + ((uint32_t)ip[2] << 8 | ip[3]);
	if (RTE_ETH_IS_IPV6_HDR(r->ptype))
		return r->l2_len + 40 + ((uint32_t)ip[4] << 8 | ip[5]);
	return c->len;
}

static void
row_42_segments(void)
{
	unsigned int i, same = 0, unknown = 0;

	/*
	 * The parser reads the first segment only (rxpath_parse.md,
	 * "Chained mbuf"): a datagram that ends in it keeps the contiguous
	 * verdict; one that does not is L4 UNKNOWN, never a wrong GOOD/BAD.
	 */
	for (i = 0; i < nb_cat; i++) {
		const struct cat_frame *c = &cat[i];
		struct rxp_parse_result r;
		uint64_t f0;
		uint32_t cut, end;

		if (!untagged_complete(c) || c->len < 8 || c->l3 == 0)
			continue;
		f0 = verdict_of(c->data, c->len, &r);
		end = ip_end(c, &r);
		for (cut = 1; cut + 2 <= c->len; cut += 1 + cut / 8) {
			uint32_t ptype, cut2 = cut + (c->len - cut) / 2;
			uint64_t f = verdict_chain(c, cut, cut2 > cut ? cut2 : cut + 1,
						   &ptype);

			if (cut >= end) {
				CHECK_EQ_U(f & (IPM | L4M), f0,
					   "row 42: %s split at %u (datagram ends at %u)",
					   c->name, cut, end);
				same++;
			} else {
				CHECK((f & L4M) == (f0 & L4M) ||
				      (f & L4M) == RTE_MBUF_F_RX_L4_CKSUM_UNKNOWN,
				      "row 42: %s split at %u: L4 %c, contiguous %c",
				      c->name, cut, l4_char(f), l4_char(f0));
				unknown += (f & L4M) == RTE_MBUF_F_RX_L4_CKSUM_UNKNOWN;
			}
		}
	}
	CHECK(same > 0 && unknown > 0, "row 42: %u splits after the datagram, %u U",
	      same, unknown);
}

static void
row_43_tcp_data_offset(void)
{
	check_row_frames(43);
}

static void
row_44_other_protocols(void)
{
	check_row_frames(44);
}

static void
row_45_tunnels_outer_only(void)
{
	const uint32_t inner = RTE_PTYPE_TUNNEL_MASK | RTE_PTYPE_INNER_L2_MASK |
			       RTE_PTYPE_INNER_L3_MASK | RTE_PTYPE_INNER_L4_MASK;
	const uint64_t outer = RTE_MBUF_F_RX_OUTER_IP_CKSUM_BAD |
			       RTE_MBUF_F_RX_OUTER_L4_CKSUM_MASK;
	unsigned int i;

	check_row_frames(45);
	for (i = 0; i < nb_cat; i++) {
		struct rxp_parse_result r;
		uint32_t ptype;
		uint64_t f = verdict_of(cat[i].data, cat[i].len, &r);

		CHECK((r.ptype & inner) == 0 && (f & outer) == 0,
		      "row 45: %s: inner ptype %#x or outer flags %#" PRIx64,
		      cat[i].name, r.ptype & inner, f & outer);
		f = verdict_mbuf(cat[i].data, cat[i].len, 0, &ptype);
		CHECK((ptype & inner) == 0 && (f & outer) == 0,
		      "row 45: %s: mbuf inner ptype or outer flags", cat[i].name);
	}
}

static const struct {
	unsigned int row;
	const char *name;
	void (*fn)(void);
} rows[] = {
#define ROW(n, fn) { n, #fn, fn }
	ROW(9, row_09_zero_length_no_underflow),
	ROW(19, row_19_copybreak_same_verdict),
	ROW(20, row_20_runt_no_l2_header),
	ROW(21, row_21_short_frame_parsed_as_present),
	ROW(22, row_22_padding_never_summed),
	ROW(23, row_23_tags_move_l3_only),
	ROW(24, row_24_too_many_tags),
	ROW(25, row_25_bad_ip_header_l4_on_its_own),
	ROW(26, row_26_bad_version_or_ihl),
	ROW(27, row_27_ipv4_options),
	ROW(28, row_28_ihl_past_length),
	ROW(29, row_29_truncated_datagram),
	ROW(30, row_30_ipv4_fragments),
	ROW(31, row_31_ipv6_fragments),
	ROW(32, row_32_ipv6_extension_headers),
	ROW(33, row_33_routing_final_destination),
	ROW(34, row_34_esp_ah_no_next),
	ROW(35, row_35_udp4_zero_not_bad),
	ROW(36, row_36_udp6_zero_bad),
	ROW(37, row_37_udp_ffff_good),
	ROW(38, row_38_tcp_zero_verified),
	ROW(39, row_39_udp_length_impossible),
	ROW(40, row_40_udp_length_short),
	ROW(41, row_41_odd_lengths_alignments),
	ROW(42, row_42_segments),
	ROW(43, row_43_tcp_data_offset),
	ROW(44, row_44_other_protocols),
	ROW(45, row_45_tunnels_outer_only),
#undef ROW
};

int
main(void)
{
	char dir[4096];
	unsigned int i, failed_rows = 0;

	harness_seed_rng(0);
	data_dir(dir, sizeof(dir));
	if (cat_load(dir) != 0)
		return 1;
	printf("%u catalogue frames from %s\n", nb_cat, dir);
	/* Every frame, whatever its row, through every entry point. */
	for (i = 0; i < nb_cat; i++)
		check_frame(&cat[i]);
	for (i = 0; i < RTE_DIM(rows); i++) {
		unsigned long before = harness_failures;

		rows[i].fn();
		if (harness_failures == before) {
			printf("row %u: PASS %s\n", rows[i].row, rows[i].name);
		} else {
			printf("row %u: FAIL %s (%lu checks)\n", rows[i].row,
			       rows[i].name, harness_failures - before);
			failed_rows++;
		}
	}
	printf("%u of %zu rows failed\n", failed_rows, RTE_DIM(rows));
	cat_free();
	return harness_result("rxpath_catalogue");
}
