/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Independent reference for lib/rxpath's parser and checksum verdict,
 * header-only, shared by the differential test (test_rxpath_parse_diff.c)
 * and the libFuzzer harness (fuzz/fuzz_rxp_parse.c). Byte-at-a-time header
 * walk with an explicit bounds check before every read, checksums with
 * csum_ref.h's ref_csum_be() (RFC 1071 over big-endian words). It shares
 * no code with rxp_parse.c or lib/csum; it restates the rules of
 * docs/design/rxpath_parse.md.
 *
 * ref_parse() gives ptype, l2/l3/l4 lengths and the IP ('G'/'B'/'U') and
 * L4 verdicts; ref_flags() turns them into RTE_MBUF_F_RX_*_CKSUM_* bits;
 * ref_fill() writes correct checksums (round trip).
 */
#ifndef SOCRX_TESTS_RXPATH_REF_H
#define SOCRX_TESTS_RXPATH_REF_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <rte_mbuf_core.h>
#include <rte_mbuf_ptype.h>

#include "csum_ref.h"

/* ------------------------------------------------------------------ */
/* Reference                                                            */
/* ------------------------------------------------------------------ */

struct ref {
	uint32_t ptype;
	unsigned int l2, l3, l4;
	char ip, v;		/* 'G' 'B' 'U' */
	/* Where the L4 checksum field and its coverage are, when known. */
	size_t fill_field, fill_off, fill_len;
	uint32_t fill_psum;	/* pseudo-header, big-endian words summed */
	int has_range;
	int l4_is_v6, l4_udp;
};

static inline unsigned int
bget16(const uint8_t *p)
{
	return (unsigned int)p[0] << 8 | p[1];
}

static inline uint32_t
ref_words(const uint8_t *p, size_t n)
{
	uint32_t s = 0;
	size_t i;

	for (i = 0; i < n; i += 2)
		s += bget16(p + i);
	return s;
}

static inline uint32_t
ref_other_l4(uint8_t proto, int v6)
{
	if (proto == 1 || (v6 && proto == 58))
		return RTE_PTYPE_L4_ICMP;
	if (proto == 2 && !v6)
		return RTE_PTYPE_L4_IGMP;
	if (proto == 132)
		return RTE_PTYPE_L4_SCTP;
	return RTE_PTYPE_L4_NONFRAG;
}

static inline void
ref_l4(const uint8_t *p, size_t len, struct ref *o, size_t start, size_t end,
       uint8_t proto, int v6, uint32_t ps)
{
	size_t have = (end < len ? end : len) - start;
	size_t plen = end - start, n;
	unsigned int ck, ul, d;

	o->l4_is_v6 = v6;
	if (proto == 6) {
		if (have >= 20) {
			o->ptype |= RTE_PTYPE_L4_TCP;
			d = (unsigned int)(p[start + 12] >> 4) * 4;
			if (d >= 20 && d <= have)
				o->l4 = d;
		}
		if (end > len)
			return;
		if (plen < 20) {
			o->v = 'B';
			return;
		}
		n = plen;
		o->fill_field = start + 16;
	} else if (proto == 17) {
		o->l4_udp = 1;
		if (have >= 8) {
			o->ptype |= RTE_PTYPE_L4_UDP;
			o->l4 = 8;
		}
		if (end > len)
			return;
		if (plen < 8) {
			o->v = 'B';
			return;
		}
		ck = bget16(p + start + 6);
		ul = bget16(p + start + 4);
		n = ul;
		o->fill_field = start + 6;
		if (ul >= 8 && ul <= plen) {
			o->has_range = 1;
			o->fill_off = start;
			o->fill_len = n;
			o->fill_psum = ps + (uint32_t)(n >> 16) + (n & 0xffff) + proto;
		}
		if (ck == 0) {
			o->v = v6 ? 'B' : 'U';
			return;
		}
		if (ul < 8 || ul > plen) {
			o->v = 'B';
			return;
		}
	} else {
		o->ptype |= ref_other_l4(proto, v6);
		return;
	}
	o->has_range = 1;
	o->fill_off = start;
	o->fill_len = n;
	o->fill_psum = ps + (uint32_t)(n >> 16) + (n & 0xffff) + proto;
	o->v = ref_csum_be(p + start, n, o->fill_psum) == 0 ? 'G' : 'B';
}

static inline void
ref_v4(const uint8_t *p, size_t len, struct ref *o)
{
	size_t b = o->l2, ihl, tot;
	uint8_t proto;

	if (len - b < 20)
		return;
	ihl = (size_t)(p[b] & 15) * 4;
	if ((p[b] >> 4) != 4 || ihl < 20) {
		o->ip = 'B';
		return;
	}
	if (b + ihl > len)
		return;
	o->ptype |= ihl == 20 ? RTE_PTYPE_L3_IPV4 : RTE_PTYPE_L3_IPV4_EXT;
	o->l3 = (unsigned int)ihl;
	tot = bget16(p + b + 2);
	if (tot < ihl) {
		o->ip = 'B';
		return;
	}
	o->ip = ref_csum_be(p + b, ihl, 0) == 0 ? 'G' : 'B';
	proto = p[b + 9];
	if ((p[b + 6] & 0x3f) != 0 || p[b + 7] != 0) {
		o->ptype |= RTE_PTYPE_L4_FRAG;
		return;
	}
	ref_l4(p, len, o, b + ihl, b + tot, proto, 0, ref_words(p + b + 12, 8));
}

static inline size_t
ref_final_dst(const uint8_t *p, size_t rh)
{
	unsigned int hel = p[rh + 1], type = p[rh + 2], sl = p[rh + 3];
	unsigned int n;

	if (type == 0) {
		if (hel == 0 || hel % 2 != 0 || sl > hel / 2)
			return 0;
		return rh + 8 + 16 * (hel / 2 - 1);
	}
	if (type == 2)
		return hel == 2 && sl == 1 ? rh + 8 : 0;
	if (type == 4) {
		n = p[rh + 4] + 1u;
		return 2 * n <= hel && sl <= n ? rh + 8 : 0;
	}
	return 0;
}

static inline void
ref_v6(const uint8_t *p, size_t len, struct ref *o)
{
	size_t b = o->l2, end, lim, pos, hl, dst;
	unsigned int count = 0, routing = 0;
	uint8_t nh;

	if (len - b < 40 || (p[b] >> 4) != 6)
		return;
	nh = p[b + 6];
	switch (nh) {
	case 0: case 43: case 44: case 50: case 51: case 60: case 135:
		o->ptype |= RTE_PTYPE_L3_IPV6_EXT;
		break;
	default:
		o->ptype |= RTE_PTYPE_L3_IPV6;
	}
	end = b + 40 + bget16(p + b + 4);
	lim = end < len ? end : len;
	pos = b + 40;
	dst = b + 24;
	while (nh == 0 || nh == 43 || nh == 60 || nh == 44) {
		o->l3 = (unsigned int)(pos - b);
		if (++count > 5)
			return;
		if (pos + 8 > lim)
			return;
		hl = nh == 44 ? 8 : ((size_t)p[pos + 1] + 1) * 8;
		if (pos + hl > lim)
			return;
		if (nh == 44) {
			o->l3 += 8;
			o->ptype |= RTE_PTYPE_L4_FRAG;
			return;
		}
		if (nh == 43) {
			if (++routing > 1)
				return;
			if (p[pos + 3] != 0) {
				dst = ref_final_dst(p, pos);
				if (dst == 0)
					return;
			}
		}
		nh = p[pos];
		pos += hl;
	}
	o->l3 = (unsigned int)(pos - b);
	ref_l4(p, len, o, pos, end, nh, 1,
	       ref_words(p + b + 8, 16) + ref_words(p + dst, 16));
}

static inline void
ref_parse(const uint8_t *p, size_t len, struct ref *o)
{
	size_t pos = 12;
	unsigned int et, tags = 0;

	memset(o, 0, sizeof(*o));
	o->ip = 'U';
	o->v = 'U';
	if (len < 14)
		return;
	et = bget16(p + 12);
	if (et == 0x8100 || et == 0x88a8)
		o->ptype = et == 0x88a8 ? RTE_PTYPE_L2_ETHER_QINQ :
					  RTE_PTYPE_L2_ETHER_VLAN;
	else if (et == 0x0806)
		o->ptype = RTE_PTYPE_L2_ETHER_ARP;
	else if (et == 0x88cc)
		o->ptype = RTE_PTYPE_L2_ETHER_LLDP;
	else if (et == 0x88f7)
		o->ptype = RTE_PTYPE_L2_ETHER_TIMESYNC;
	else
		o->ptype = RTE_PTYPE_L2_ETHER;
	while (et == 0x8100 || et == 0x88a8) {
		if (++tags > 8 || pos + 6 > len) {
			o->l2 = (unsigned int)(pos + 2);
			return;
		}
		pos += 4;
		et = bget16(p + pos);
	}
	o->l2 = (unsigned int)(pos + 2);
	if (et == 0x0800)
		ref_v4(p, len, o);
	else if (et == 0x86dd)
		ref_v6(p, len, o);
}

static inline uint64_t
ref_flags(const struct ref *o)
{
	uint64_t f = 0;

	f |= o->ip == 'G' ? RTE_MBUF_F_RX_IP_CKSUM_GOOD :
	     o->ip == 'B' ? RTE_MBUF_F_RX_IP_CKSUM_BAD : 0;
	f |= o->v == 'G' ? RTE_MBUF_F_RX_L4_CKSUM_GOOD :
	     o->v == 'B' ? RTE_MBUF_F_RX_L4_CKSUM_BAD : 0;
	return f;
}

/* Round trip (property 4): checksum fields written by the reference. */
static inline void
ref_fill(uint8_t *p, size_t len)
{
	struct ref o;
	unsigned int c;
	size_t b, ihl;

	ref_parse(p, len, &o);
	if (o.has_range && !(o.l4_udp && !o.l4_is_v6 &&
			     bget16(p + o.fill_field) == 0)) {
		p[o.fill_field] = 0;
		p[o.fill_field + 1] = 0;
		c = ref_csum_be(p + o.fill_off, o.fill_len, o.fill_psum);
		if (c == 0 && o.l4_udp)
			c = 0xffff;	/* RFC 768: a computed 0 is sent as all ones */
		p[o.fill_field] = (uint8_t)(c >> 8);
		p[o.fill_field + 1] = (uint8_t)c;
	}
	if ((o.ptype & RTE_PTYPE_L3_MASK) == RTE_PTYPE_L3_IPV4 ||
	    (o.ptype & RTE_PTYPE_L3_MASK) == RTE_PTYPE_L3_IPV4_EXT) {
		b = o.l2;
		ihl = (size_t)(p[b] & 15) * 4;
		p[b + 10] = 0;
		p[b + 11] = 0;
		c = ref_csum_be(p + b, ihl, 0);
		p[b + 10] = (uint8_t)(c >> 8);
		p[b + 11] = (uint8_t)c;
	}
}

#endif /* SOCRX_TESTS_RXPATH_REF_H */
