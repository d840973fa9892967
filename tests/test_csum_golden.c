/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Golden vectors: RFC 1071's worked example, a textbook IPv4 header, and
 * real Ethernet/IPv4/IPv6 packets whose checksums scapy filled in
 * (csum_golden_packets.h, made by tests/data/gen_csum_golden.py). Each is
 * verified and recomputed with every implementation.
 */
#include <string.h>

#include "csum.h"
#include "csum_golden_packets.h"
#include "csum_ref.h"
#include "harness.h"

/*
 * RFC 1071 section 3: the bytes 00 01 f2 03 f4 f5 f6 f7 sum to ddf2 in
 * network order. Stored with a native 16-bit store, the folded sum reads
 * dd f2 in memory on any byte order.
 */
static void
rfc1071_example(void)
{
	static const uint8_t data[8] = {
		0x00, 0x01, 0xf2, 0x03, 0xf4, 0xf5, 0xf6, 0xf7,
	};
	uint16_t folded = (uint16_t)~csum_fold(csum_partial(data, 8, 0));
	uint8_t bytes[2];

	memcpy(bytes, &folded, 2);
	CHECK(bytes[0] == 0xdd && bytes[1] == 0xf2, "RFC 1071 sum %02x%02x",
	      bytes[0], bytes[1]);
}

/*
 * The IPv4 header example used by Wikipedia's "Internet checksum" and
 * "IPv4 header checksum" articles: 192.168.0.1 -> 192.168.0.199, UDP,
 * total length 0x73, checksum b861.
 */
static void
textbook_ipv4_header(void)
{
	uint8_t h[20] = {
		0x45, 0x00, 0x00, 0x73, 0x00, 0x00, 0x40, 0x00, 0x40, 0x11,
		0xb8, 0x61, 0xc0, 0xa8, 0x00, 0x01, 0xc0, 0xa8, 0x00, 0xc7,
	};
	uint16_t c;

	CHECK_EQ_U(csum_ipv4_hdr20(h), 0, "textbook header verifies");
	h[10] = h[11] = 0;
	c = csum_ipv4_hdr20(h);
	memcpy(h + 10, &c, 2);
	CHECK(h[10] == 0xb8 && h[11] == 0x61, "textbook checksum %02x%02x",
	      h[10], h[11]);
}

static unsigned int
get_be16(const uint8_t *p)
{
	return (unsigned int)p[0] << 8 | p[1];
}

/* Offset of the checksum field in the L4 header, or -1. */
static int
l4_csum_offset(unsigned int proto)
{
	switch (proto) {
	case 6:
		return 16;	/* TCP */
	case 17:
		return 6;	/* UDP */
	case 58:
		return 2;	/* ICMPv6 */
	default:
		return -1;
	}
}

/* Verifies the L4 checksum, then recomputes it over a zeroed field. */
static void
check_l4(const char *name, uint8_t *l4, size_t l4_len, uint32_t pseudo,
	 uint32_t pseudo_be, unsigned int proto)
{
	int off = l4_csum_offset(proto);
	uint16_t stored, c;

	if (off < 0) {
		CHECK(0, "%s: unexpected protocol %u", name, proto);
		return;
	}
	CHECK_EQ_U(csum_fold(csum_partial(l4, l4_len, pseudo)), 0,
		   "%s: L4 checksum verifies", name);
	memcpy(&stored, l4 + off, 2);
	memset(l4 + off, 0, 2);
	c = csum_fold(csum_partial(l4, l4_len, pseudo));
	CHECK_EQ_U(c, stored, "%s: recomputed L4 checksum", name);
	/* and the byte-by-byte network-order reference agrees with scapy */
	CHECK_EQ_U(ref_csum_be(l4, l4_len, pseudo_be),
		   get_be16((const uint8_t *)&stored), "%s: reference", name);
	memcpy(l4 + off, &stored, 2);
}

static void
check_packet(const struct golden_packet *g)
{
	uint8_t pkt[2048];
	unsigned int ethertype;
	uint8_t *ip = pkt + 14;

	memcpy(pkt, g->data, g->len);
	ethertype = get_be16(pkt + 12);
	if (ethertype == 0x0800) {
		size_t ihl = (ip[0] & 0xf) * 4u;
		size_t tot = get_be16(ip + 2);
		uint32_t s, d, pseudo, pseudo_be;

		CHECK_EQ_U(csum_ipv4_hdr(ip, ihl), 0, "%s: IPv4 header", g->name);
		memcpy(&s, ip + 12, 4);
		memcpy(&d, ip + 16, 4);
		pseudo = csum_ipv4_pseudo(s, d, (uint16_t)(tot - ihl), ip[9], 0);
		pseudo_be = get_be16(ip + 12) + get_be16(ip + 14) +
			    get_be16(ip + 16) + get_be16(ip + 18) + ip[9] +
			    (uint32_t)(tot - ihl);
		check_l4(g->name, ip + ihl, tot - ihl, pseudo, pseudo_be, ip[9]);
	} else if (ethertype == 0x86dd) {
		size_t plen = get_be16(ip + 4);
		uint32_t pseudo, pseudo_be = (uint32_t)plen + ip[6];
		int i;

		for (i = 8; i < 40; i += 2)
			pseudo_be += get_be16(ip + i);
		pseudo = csum_ipv6_pseudo(ip + 8, ip + 24, (uint32_t)plen, ip[6], 0);
		check_l4(g->name, ip + 40, plen, pseudo, pseudo_be, ip[6]);
	} else {
		CHECK(0, "%s: unexpected ethertype %#x", g->name, ethertype);
	}
}

int
main(void)
{
	int impl;
	size_t i;

	harness_seed_rng(0);
	for (impl = CSUM_IMPL_GENERIC; impl < CSUM_IMPL_COUNT; impl++) {
		if (csum_impl_select(impl) != 0)
			continue;
		printf("  %s\n", csum_impl_name(impl));
		rfc1071_example();
		textbook_ipv4_header();
		for (i = 0; i < sizeof(golden_packets) / sizeof(golden_packets[0]); i++)
			check_packet(&golden_packets[i]);
	}
	return harness_result("test_csum_golden");
}
