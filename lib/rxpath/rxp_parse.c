/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * RX parser and checksum verdict (see rxp_parse.h for the API and policy,
 * docs/design/rxpath_parse.md for the choices).
 *
 * Shape: one forward pass, each header field read once with a bounds check
 * against the received length made before the read. Header lengths are
 * never trusted: every offset derived from a length field is compared with
 * min(datagram end, frame end) before anything at it is read. No payload
 * byte is read here; the L4 sum is a separate step so that a caller that
 * sums while copying (rx-copybreak) does not read the payload twice.
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <rte_common.h>
#include <rte_mbuf.h>

#include "rxp_parse.h"

/* rxp_verdict_count() relies on these bit positions. */
_Static_assert(RTE_MBUF_F_RX_IP_CKSUM_GOOD == (1ULL << 7) &&
	       RTE_MBUF_F_RX_IP_CKSUM_BAD == (1ULL << 4) &&
	       RTE_MBUF_F_RX_L4_CKSUM_GOOD == (1ULL << 8) &&
	       RTE_MBUF_F_RX_L4_CKSUM_BAD == (1ULL << 3) &&
	       RTE_MBUF_F_RX_IP_CKSUM_UNKNOWN == 0 &&
	       RTE_MBUF_F_RX_L4_CKSUM_UNKNOWN == 0,
	       "rxp_verdict_count() indexes counters by these bits");
_Static_assert(RXP_CNT_IP_GOOD + 2 == RXP_CNT_IP_UNKNOWN &&
	       RXP_CNT_L4_GOOD + 2 == RXP_CNT_L4_UNKNOWN,
	       "counters GOOD, BAD, UNKNOWN must be consecutive");

#define RXP_ETH_HLEN		14
#define RXP_ETHER_TYPE_IPV4	0x0800
#define RXP_ETHER_TYPE_IPV6	0x86DD
#define RXP_ETHER_TYPE_ARP	0x0806
#define RXP_ETHER_TYPE_VLAN	0x8100	/* IEEE 802.1Q C-tag */
#define RXP_ETHER_TYPE_QINQ	0x88A8	/* IEEE 802.1ad S-tag */
#define RXP_ETHER_TYPE_LLDP	0x88CC
#define RXP_ETHER_TYPE_1588	0x88F7

#define RXP_IPPROTO_HOPOPTS	0
#define RXP_IPPROTO_ROUTING	43
#define RXP_IPPROTO_FRAGMENT	44
#define RXP_IPPROTO_DSTOPTS	60

#define RXP_TCP_HLEN_MIN	20	/* RFC 9293 3.1: data offset >= 5 */
#define RXP_UDP_HLEN		8	/* RFC 768 */
#define RXP_IPV4_HLEN_MIN	20	/* RFC 791 3.1: IHL >= 5 */
#define RXP_IPV6_HLEN		40	/* RFC 8200 3 */

/* Big-endian 16-bit field, byte by byte: any alignment, no aliasing. */
static inline uint32_t
rd16(const uint8_t *p)
{
	return (uint32_t)p[0] << 8 | p[1];
}

static inline uint32_t
min_u32(uint32_t a, uint32_t b)
{
	return a < b ? a : b;
}

/*
 * L4 ptype per protocol for a non-fragment, as rte_mbuf_ptype.h defines
 * them. TCP and UDP are set only once their header is readable, so they
 * are absent here. IPv4: protocol 1 ICMP, 2 IGMP, 132 SCTP, anything else
 * NONFRAG. IPv6: next header 1 (DPDK's definition) and 58 (ICMPv6, as
 * Intel PMDs report it) ICMP, 132 SCTP, anything else NONFRAG. A 0 entry
 * reads as NONFRAG.
 */
static const uint16_t l4_ptype_v4[256] = {
	[1] = RTE_PTYPE_L4_ICMP,
	[2] = RTE_PTYPE_L4_IGMP,
	[132] = RTE_PTYPE_L4_SCTP,
};

static const uint16_t l4_ptype_v6[256] = {
	[1] = RTE_PTYPE_L4_ICMP,
	[58] = RTE_PTYPE_L4_ICMP,
	[132] = RTE_PTYPE_L4_SCTP,
};

/*
 * First next-header values that make an IPv6 packet RTE_PTYPE_L3_IPV6_EXT
 * (rte_mbuf_ptype.h: 0, 43, 44, 50, 51, 60, 135).
 */
static inline int
ipv6_ext_first(uint8_t nh)
{
	return nh == 0 || nh == 43 || nh == 44 || nh == 50 || nh == 51 ||
		nh == 60 || nh == 135;
}

static inline int
l4_fixed(struct rxp_parse_result *r, enum rxp_l4_reason why,
	 enum rxp_verdict v)
{
	r->l4_reason = (uint8_t)why;
	r->l4_verdict = (uint8_t)v;
	return 0;
}

/*
 * TCP/UDP after the IP layer. [l4off, dend) is the upper-layer packet the
 * IP header announces, len the frame end; neither is assumed <= the other.
 * Sets the L4 ptype, l4_len, and either a fixed verdict or the range and
 * the length that goes in the pseudo-header (*pl).
 */
static inline int
l4_step(struct rxp_parse_result *r, const uint8_t *p, uint32_t len,
	uint32_t l4off, uint32_t dend, uint8_t proto, int v6, uint32_t *pl)
{
	uint32_t lim = min_u32(dend, len);
	uint32_t avail = lim - l4off;	/* readable L4 bytes */
	uint32_t plen = dend - l4off;	/* L4 bytes the IP layer claims */
	const uint8_t *l4 = p + l4off;

	r->l4_proto = proto;
	r->csum_off = l4off;
	if (likely(proto == RXP_IPPROTO_TCP)) {
		if (avail >= RXP_TCP_HLEN_MIN) {
			uint32_t doff = (uint32_t)(l4[12] >> 4) * 4;

			r->ptype |= RTE_PTYPE_L4_TCP;
			/* RFC 9293 3.1; a lying data offset leaves l4_len 0. */
			if (doff >= RXP_TCP_HLEN_MIN && doff <= avail)
				r->l4_len = (uint16_t)doff;
		}
		if (unlikely(dend > len))
			return l4_fixed(r, RXP_L4R_TRUNC, RXP_V_UNKNOWN);
		if (unlikely(plen < RXP_TCP_HLEN_MIN))
			return l4_fixed(r, RXP_L4R_SHORT, RXP_V_BAD);
		/* The TCP length is the IP payload (RFC 9293 3.1). */
		*pl = plen;
		r->csum_len = plen;
	} else if (likely(proto == RXP_IPPROTO_UDP)) {
		uint32_t ulen;

		if (avail >= RXP_UDP_HLEN) {
			r->ptype |= RTE_PTYPE_L4_UDP;
			r->l4_len = RXP_UDP_HLEN;
		}
		if (unlikely(dend > len))
			return l4_fixed(r, RXP_L4R_TRUNC, RXP_V_UNKNOWN);
		if (unlikely(plen < RXP_UDP_HLEN))
			return l4_fixed(r, RXP_L4R_SHORT, RXP_V_BAD);
		/*
		 * Checksum 0: over IPv4 "no checksum was generated" (RFC 768)
		 * -> UNKNOWN, never BAD; over IPv6 forbidden (RFC 8200 8.1)
		 * -> BAD. Looked at before the length so that a UDP/IPv4
		 * datagram without checksum is never BAD.
		 */
		if (unlikely(l4[6] == 0 && l4[7] == 0))
			return v6 ? l4_fixed(r, RXP_L4R_UDP6_ZERO, RXP_V_BAD) :
				    l4_fixed(r, RXP_L4R_UDP4_NOCSUM,
					     RXP_V_UNKNOWN);
		ulen = rd16(l4 + 4);
		/*
		 * RFC 768: the UDP length counts header and data. Shorter than
		 * the header or longer than the IP payload cannot be valid.
		 * Shorter than the IP payload: the datagram is the first ulen
		 * bytes (as Linux trims, pskb_trim_rcsum); the rest is not
		 * summed, and the pseudo-header carries ulen.
		 */
		if (unlikely(ulen < RXP_UDP_HLEN || ulen > plen))
			return l4_fixed(r, RXP_L4R_UDP_LEN, RXP_V_BAD);
		*pl = ulen;
		r->csum_len = ulen;
		r->l4_trimmed = ulen < plen;
	} else {
		uint32_t t = v6 ? l4_ptype_v6[proto] : l4_ptype_v4[proto];

		r->ptype |= t ? t : RTE_PTYPE_L4_NONFRAG;
		return l4_fixed(r, RXP_L4R_PROTO, RXP_V_UNKNOWN);
	}
	r->l4_reason = RXP_L4R_CHECK;
	r->l4_verdict = RXP_V_PENDING;
	return 1;
}

static inline int
parse_ipv4(struct rxp_parse_result *r, const uint8_t *p, uint32_t len)
{
	uint32_t l2 = r->l2_len, avail = len - l2;
	const uint8_t *ip = p + l2;
	uint32_t ihl, tot, saddr, daddr, pl = 0;
	uint8_t proto;

	if (unlikely(avail < RXP_IPV4_HLEN_MIN))
		return l4_fixed(r, RXP_L4R_L3_HDR, RXP_V_UNKNOWN);
	ihl = (uint32_t)(ip[0] & 0xf) * 4;
	/*
	 * Version other than 4 under EtherType 0x0800, or IHL < 5: not a
	 * valid IPv4 header (RFC 1812 5.2.2 says discard): IP BAD, no L3
	 * ptype, L4 UNKNOWN.
	 */
	if (unlikely((ip[0] >> 4) != 4 || ihl < RXP_IPV4_HLEN_MIN)) {
		r->ip_verdict = RXP_V_BAD;
		return l4_fixed(r, RXP_L4R_L3_HDR, RXP_V_UNKNOWN);
	}
	/* Options past the frame: the header cannot be checked at all. */
	if (unlikely(ihl > avail))
		return l4_fixed(r, RXP_L4R_L3_HDR, RXP_V_UNKNOWN);
	r->ptype |= ihl == RXP_IPV4_HLEN_MIN ? RTE_PTYPE_L3_IPV4 :
					       RTE_PTYPE_L3_IPV4_EXT;
	r->l3_len = (uint16_t)ihl;
	tot = rd16(ip + 2);
	/* Total length shorter than the header: self-contradictory, BAD. */
	if (unlikely(tot < ihl)) {
		r->ip_verdict = RXP_V_BAD;
		return l4_fixed(r, RXP_L4R_L3_HDR, RXP_V_UNKNOWN);
	}
	/* RFC 791 3.1: the complement of the header's one's-complement sum. */
	r->ip_hdr_ok = 1;
	r->ip_trunc = l2 + tot > len;
	r->ip_verdict = csum_ipv4_hdr(ip, ihl) == 0 ? RXP_V_GOOD : RXP_V_BAD;
	proto = ip[9];
	/*
	 * MF set or a non-zero offset: a fragment, the first one included,
	 * since the L4 checksum covers the whole reassembled datagram.
	 */
	if (unlikely(rd16(ip + 6) & 0x3fff)) {
		r->ptype |= RTE_PTYPE_L4_FRAG;
		r->l4_proto = proto;
		return l4_fixed(r, RXP_L4R_FRAG, RXP_V_UNKNOWN);
	}
	if (!l4_step(r, p, len, l2 + ihl, l2 + tot, proto, 0, &pl))
		return 0;
	/* Pseudo-header: RFC 768 (UDP), RFC 9293 3.1 (TCP). */
	memcpy(&saddr, ip + 12, 4);
	memcpy(&daddr, ip + 16, 4);
	r->pseudo_sum = csum_ipv4_pseudo(saddr, daddr, (uint16_t)pl, proto, 0);
	return 1;
}

/*
 * The final destination named by a Routing header with Segments Left > 0,
 * which the upper-layer pseudo-header must use (RFC 8200 8.1). NULL when
 * the header is malformed or of a type whose final destination we do not
 * know (e.g. RPL, type 3, compressed).
 */
static inline const uint8_t *
routing_final_dst(const uint8_t *rh)
{
	uint32_t hel = rh[1], type = rh[2], segs = rh[3], n;

	switch (type) {
	case 0:
		/* RFC 2460 (deprecated by RFC 5095): n addresses, the last final. */
		if (hel == 0 || (hel & 1))
			return NULL;
		n = hel / 2;
		return segs <= n ? rh + 8 + 16 * (n - 1) : NULL;
	case 2:
		/* RFC 6275 6.4: exactly one address, the home address. */
		return hel == 2 && segs == 1 ? rh + 8 : NULL;
	case 4:
		/*
		 * RFC 8754 2: Segment List[0] is the final segment; Last Entry
		 * indexes the list, TLVs may follow it.
		 */
		n = (uint32_t)rh[4] + 1;
		return n * 2 <= hel && segs <= n ? rh + 8 : NULL;
	default:
		return NULL;
	}
}

static inline int
parse_ipv6(struct rxp_parse_result *r, const uint8_t *p, uint32_t len)
{
	uint32_t l2 = r->l2_len, off, dend, lim, hl, pl = 0;
	const uint8_t *ip = p + l2, *dst, *x;
	unsigned int n = 0, routing = 0;
	uint8_t nh;

	if (unlikely(len - l2 < RXP_IPV6_HLEN || (ip[0] >> 4) != 6))
		return l4_fixed(r, RXP_L4R_L3_HDR, RXP_V_UNKNOWN);
	nh = ip[6];
	dst = ip + 24;
	r->ptype |= ipv6_ext_first(nh) ? RTE_PTYPE_L3_IPV6_EXT :
					 RTE_PTYPE_L3_IPV6;
	off = l2 + RXP_IPV6_HLEN;
	dend = off + rd16(ip + 4);
	lim = min_u32(dend, len);
	/*
	 * RFC 8200 4: walk Hop-by-Hop, Routing, Destination Options and
	 * Fragment headers, at most RXP_IPV6_EXT_MAX of them (as DPDK's
	 * rte_net_skip_ip6_ext); each must lie inside both the payload and
	 * the frame. AH, ESP, No Next Header and the rest end the walk.
	 */
	while (nh == RXP_IPPROTO_HOPOPTS || nh == RXP_IPPROTO_ROUTING ||
	       nh == RXP_IPPROTO_DSTOPTS || nh == RXP_IPPROTO_FRAGMENT) {
		r->l3_len = (uint16_t)(off - l2);
		if (unlikely(n++ == RXP_IPV6_EXT_MAX))
			return l4_fixed(r, RXP_L4R_IP6_EXT, RXP_V_UNKNOWN);
		/* 8 bytes first: the smallest header, holding the length. */
		hl = 8;
		if (likely(off + 8 <= lim) && nh != RXP_IPPROTO_FRAGMENT)
			hl = ((uint32_t)p[off + 1] + 1) * 8;
		/* Past the payload (malformed) or past the frame: U either way. */
		if (unlikely(off + hl > lim))
			return l4_fixed(r, off + hl > dend ? RXP_L4R_IP6_EXT :
					RXP_L4R_TRUNC, RXP_V_UNKNOWN);
		x = p + off;
		if (nh == RXP_IPPROTO_FRAGMENT) {
			/* Any Fragment header, atomic ones included (RFC 8200 4.5). */
			r->l3_len = (uint16_t)(off + 8 - l2);
			r->ptype |= RTE_PTYPE_L4_FRAG;
			r->l4_proto = x[0];
			return l4_fixed(r, RXP_L4R_FRAG, RXP_V_UNKNOWN);
		}
		if (nh == RXP_IPPROTO_ROUTING) {
			/* A second Routing header: which one is final is unclear. */
			if (unlikely(routing++))
				return l4_fixed(r, RXP_L4R_ROUTING,
						RXP_V_UNKNOWN);
			if (x[3] != 0) {
				dst = routing_final_dst(x);
				if (unlikely(dst == NULL))
					return l4_fixed(r, RXP_L4R_ROUTING,
							RXP_V_UNKNOWN);
				r->routed = 1;
			}
		}
		nh = x[0];
		off += hl;
	}
	r->l3_len = (uint16_t)(off - l2);
	if (!l4_step(r, p, len, off, dend, nh, 1, &pl))
		return 0;
	/* RFC 8200 8.1: upper-layer length and final next header. */
	r->pseudo_sum = csum_ipv6_pseudo(ip + 8, dst, pl, nh, 0);
	return 1;
}

int
rxp_parse(const uint8_t *p, uint32_t len, struct rxp_parse_result *r)
{
	uint32_t off, et, tags = 0;

	memset(r, 0, sizeof(*r));
	r->l4_reason = RXP_L4R_NOT_IP;
	/* Runt without a full Ethernet header: ptype 0, no flags, no read. */
	if (unlikely(len < RXP_ETH_HLEN))
		return 0;
	off = 12;
	et = rd16(p + off);
	/*
	 * 802.1Q / 802.1ad tags: 4 bytes each, the inner EtherType after.
	 * A ninth tag or a tag cut by the frame end: L2 only, no L3.
	 */
	if (unlikely(et == RXP_ETHER_TYPE_VLAN || et == RXP_ETHER_TYPE_QINQ)) {
		/* rte_mbuf_ptype.h: the L2 ptype names the outer TPID. */
		r->ptype = et == RXP_ETHER_TYPE_QINQ ? RTE_PTYPE_L2_ETHER_QINQ :
						       RTE_PTYPE_L2_ETHER_VLAN;
		do {
			if (++tags > RXP_VLAN_MAX_DEPTH || off + 6 > len) {
				r->l2_len = (uint16_t)(off + 2);
				return 0;
			}
			off += 4;
			et = rd16(p + off);
		} while (et == RXP_ETHER_TYPE_VLAN ||
			 et == RXP_ETHER_TYPE_QINQ);
	} else if (et == RXP_ETHER_TYPE_ARP) {
		r->ptype = RTE_PTYPE_L2_ETHER_ARP;
	} else if (et == RXP_ETHER_TYPE_LLDP) {
		r->ptype = RTE_PTYPE_L2_ETHER_LLDP;
	} else if (et == RXP_ETHER_TYPE_1588) {
		r->ptype = RTE_PTYPE_L2_ETHER_TIMESYNC;
	} else {
		r->ptype = RTE_PTYPE_L2_ETHER;
	}
	r->l2_len = (uint16_t)(off + 2);
	if (likely(et == RXP_ETHER_TYPE_IPV4))
		return parse_ipv4(r, p, len);
	if (et == RXP_ETHER_TYPE_IPV6)
		return parse_ipv6(r, p, len);
	return 0;
}

static inline uint64_t
finish_sw(const uint8_t *p, struct rxp_parse_result *r)
{
	uint32_t sum = 0;

	if (r->csum_len)
		sum = csum_partial(p + r->csum_off, r->csum_len, 0);
	r->ol_flags = rxp_ip_flags(r) | rxp_l4_verdict(r, sum);
	return r->ol_flags;
}

uint64_t
rxp_verdict_sw(const uint8_t *p, uint32_t len, struct rxp_parse_result *r)
{
	rxp_parse(p, len, r);
	return finish_sw(p, r);
}

uint64_t
rxp_hw_verdict(const uint8_t *p, uint32_t len, struct rxp_hw_csum hw,
	       enum rxp_csum_mode mode, struct rxp_parse_result *r)
{
	uint64_t f;
	int need_sum;

	rxp_parse(p, len, r);
	f = rxp_hw_csum_flags(r, hw, mode, &need_sum);
	if (need_sum)
		f |= rxp_l4_verdict(r, csum_partial(p + r->csum_off,
						    r->csum_len, 0));
	r->ol_flags = f;
	return f;
}

/*
 * Exactly the types rxp_parse() can set (docs/design/rxpath_parse.md,
 * "L2/L3/L4 ptype" rows); a test keeps the two in step.
 */
static const uint32_t rxp_ptypes[] = {
	RTE_PTYPE_L2_ETHER,
	RTE_PTYPE_L2_ETHER_VLAN,
	RTE_PTYPE_L2_ETHER_QINQ,
	RTE_PTYPE_L2_ETHER_ARP,
	RTE_PTYPE_L2_ETHER_LLDP,
	RTE_PTYPE_L2_ETHER_TIMESYNC,
	RTE_PTYPE_L3_IPV4,
	RTE_PTYPE_L3_IPV4_EXT,
	RTE_PTYPE_L3_IPV6,
	RTE_PTYPE_L3_IPV6_EXT,
	RTE_PTYPE_L4_TCP,
	RTE_PTYPE_L4_UDP,
	RTE_PTYPE_L4_FRAG,
	RTE_PTYPE_L4_ICMP,
	RTE_PTYPE_L4_IGMP,
	RTE_PTYPE_L4_SCTP,
	RTE_PTYPE_L4_NONFRAG,
	RTE_PTYPE_UNKNOWN,
};

const uint32_t *
rxp_supported_ptypes(void)
{
	return rxp_ptypes;
}

void
rxp_mbuf_parse_verdict(struct rte_mbuf *m, enum rxp_csum_mode mode,
		       struct rxp_hw_csum hw)
{
	struct rxp_parse_result r;
	uint64_t f;

	/*
	 * First segment only: in a chain, a datagram running past it is
	 * TRUNC (L4 UNKNOWN) since the parse length is data_len.
	 */
	f = rxp_hw_verdict(rte_pktmbuf_mtod(m, const uint8_t *), m->data_len,
			   hw, mode, &r);
	m->packet_type = r.ptype;
	m->l2_len = r.l2_len;
	/* l3_len is 9 bits in the mbuf; a longer IPv6 chain does not fit. */
	m->l3_len = r.l3_len < 512 ? r.l3_len : 0;
	m->l4_len = r.l4_len;
	m->ol_flags = (m->ol_flags & ~(RTE_MBUF_F_RX_IP_CKSUM_MASK |
				       RTE_MBUF_F_RX_L4_CKSUM_MASK)) | f;
}

static const char *const counter_names[] = {
#define RXP_CNT_NAME_(n, s) s,
	RXP_VERDICT_COUNTERS(RXP_CNT_NAME_)
#undef RXP_CNT_NAME_
};

static const char *const reason_names[] = {
#define RXP_L4R_NAME_(n, s) #n,
	RXP_L4_REASONS(RXP_L4R_NAME_)
#undef RXP_L4R_NAME_
};

const char *
rxp_verdict_counter_name(enum rxp_verdict_counter c)
{
	return (unsigned int)c < RXP_CNT_MAX ? counter_names[c] : NULL;
}

const char *
rxp_l4_reason_name(enum rxp_l4_reason reason)
{
	return (unsigned int)reason < RXP_L4R_MAX ? reason_names[reason] : NULL;
}
