/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The general per-frame path (fwd_frame.h). Same judgement as the burst's
 * 4-wide path, for every frame that path does not take:
 *  - the packet type says IPv4/IPv6 and the EtherType confirms it; a
 *    frame with one 802.1Q tag is routed on its inner header, the inner
 *    EtherType deciding, and keeps its tag;
 *  - RFC 1812 5.2.2 header checks, then the IPv4 header checksum verdict
 *    from the RX flags; only an UNKNOWN verdict costs a software sum;
 *  - the route, then TTL / hop limit, then the L4 policy: a bad L4
 *    checksum is forwarded and counted unless --drop-bad-l4, which also
 *    verifies in software what the PMD left UNKNOWN.
 */
#include <stdbool.h>
#include <string.h>
#include <netinet/in.h>

#include <rte_branch_prediction.h>
#include <rte_byteorder.h>
#include <rte_ip.h>
#include <rte_lpm.h>
#include <rte_lpm6.h>

#include "csum.h"
#include "fwd_frame.h"

enum fwd_kind { FWD_KIND_V4, FWD_KIND_V6 };

static uint8_t
fwd_check_v4(const struct rte_mbuf *m, const struct rte_ipv4_hdr *ip,
	     unsigned int l2, struct fwd_tally *t)
{
	unsigned int ihl, tlen;

	if (unlikely(m->data_len < l2 + sizeof(*ip)))
		return ROUTER_DROP_bad_ip_hdr;
	ihl = (ip->version_ihl & RTE_IPV4_HDR_IHL_MASK) * 4u;
	tlen = rte_be_to_cpu_16(ip->total_length);
	if (unlikely((ip->version_ihl >> 4) != 4 || ihl < sizeof(*ip) ||
		     m->data_len < l2 + ihl || tlen < ihl ||
		     l2 + tlen > m->pkt_len))
		return ROUTER_DROP_bad_ip_hdr;
	switch (m->ol_flags & RTE_MBUF_F_RX_IP_CKSUM_MASK) {
	case RTE_MBUF_F_RX_IP_CKSUM_BAD:
		return ROUTER_DROP_bad_ip_csum;
	case RTE_MBUF_F_RX_IP_CKSUM_UNKNOWN:
		t->ip_sw_csum++;
		if (csum_ipv4_hdr(ip, ihl) != 0)
			return ROUTER_DROP_bad_ip_csum;
		break;
	default:	/* GOOD, or NONE: the header is known intact */
		break;
	}
	return FWD_OK;
}

static uint8_t
fwd_check_v6(const struct rte_mbuf *m, const struct rte_ipv6_hdr *ip6,
	     unsigned int l2)
{
	if (unlikely(m->data_len < l2 + sizeof(*ip6) ||
		     (rte_be_to_cpu_32(ip6->vtc_flow) >> 28) != 6 ||
		     l2 + sizeof(*ip6) +
		     rte_be_to_cpu_16(ip6->payload_len) > m->pkt_len))
		return ROUTER_DROP_bad_ip_hdr;
	return FWD_OK;
}

/*
 * Software TCP/UDP checksum check, for --drop-bad-l4 when the PMD gave
 * no verdict. Whatever cannot be checked from the first segment (a
 * fragment, a chained frame, another protocol) passes: only a proven
 * bad checksum drops.
 */
static bool
fwd_l4_sw_ok(const struct rte_mbuf *m, enum fwd_kind kind, const void *l3,
	     unsigned int l2)
{
	const uint8_t *l4;
	uint32_t sum, l4_len;
	uint16_t ck;
	uint8_t proto;

	if (kind == FWD_KIND_V4) {
		const struct rte_ipv4_hdr *ip = l3;
		unsigned int ihl = (ip->version_ihl & RTE_IPV4_HDR_IHL_MASK) * 4u;
		unsigned int tlen = rte_be_to_cpu_16(ip->total_length);

		if ((ip->fragment_offset &
		     RTE_BE16(RTE_IPV4_HDR_MF_FLAG | RTE_IPV4_HDR_OFFSET_MASK)) != 0 ||
		    l2 + tlen > m->data_len)
			return true;
		proto = ip->next_proto_id;
		l4 = (const uint8_t *)ip + ihl;
		l4_len = tlen - ihl;
		sum = csum_ipv4_pseudo(ip->src_addr, ip->dst_addr,
				       (uint16_t)l4_len, proto, 0);
	} else {
		const struct rte_ipv6_hdr *ip6 = l3;

		l4_len = rte_be_to_cpu_16(ip6->payload_len);
		if (l2 + sizeof(*ip6) + l4_len > m->data_len)
			return true;
		proto = ip6->proto;
		l4 = (const uint8_t *)(ip6 + 1);
		sum = csum_ipv6_pseudo(&ip6->src_addr, &ip6->dst_addr, l4_len,
				       proto, 0);
	}
	if (proto == IPPROTO_UDP) {
		if (l4_len < 8)
			return false;
		memcpy(&ck, l4 + 6, sizeof(ck));
		/* 0 is "no checksum" for UDP over IPv4, forbidden over IPv6. */
		if (ck == 0)
			return kind == FWD_KIND_V4;
	} else if (proto == IPPROTO_TCP) {
		if (l4_len < 20)
			return false;
	} else {
		return true;
	}
	return csum_fold(csum_partial(l4, l4_len, sum)) == 0;
}

uint8_t
fwd_frame(const struct lcore_conf *qconf, struct rte_mbuf *m,
	  struct fwd_tally *t, uint16_t *port)
{
	struct rte_ether_hdr *eth = rte_pktmbuf_mtod(m, struct rte_ether_hdr *);
	uint32_t pt = m->packet_type;
	void *l3 = eth + 1;
	unsigned int l2 = RTE_ETHER_HDR_LEN;
	uint16_t etype;
	enum fwd_kind kind;
	uint16_t p = ROUTER_BAD_PORT;
	uint64_t l4f;
	uint8_t v;

	if (unlikely(m->data_len < sizeof(*eth)))
		return ROUTER_DROP_non_ip;
	etype = eth->ether_type;
	/*
	 * One 802.1Q tag: routed on the IP header inside, the inner
	 * EtherType deciding (a PMD may type only the outer layer); the tag
	 * stays as it came. QinQ and other EtherTypes are not routed.
	 */
	if (etype == RTE_BE16(RTE_ETHER_TYPE_VLAN)) {
		struct rte_vlan_hdr *vh = l3;

		if (m->data_len < sizeof(*eth) + sizeof(*vh))
			return ROUTER_DROP_non_ip;
		etype = vh->eth_proto;
		l2 += sizeof(*vh);
		l3 = vh + 1;
		pt = etype == RTE_BE16(RTE_ETHER_TYPE_IPV4) ? RTE_PTYPE_L3_IPV4 :
		     etype == RTE_BE16(RTE_ETHER_TYPE_IPV6) ? RTE_PTYPE_L3_IPV6 : 0;
	}
	if (RTE_ETH_IS_IPV4_HDR(pt) && etype == RTE_BE16(RTE_ETHER_TYPE_IPV4)) {
		const struct rte_ipv4_hdr *ip = l3;
		uint32_t hop;

		kind = FWD_KIND_V4;
		v = fwd_check_v4(m, ip, l2, t);
		if (v != FWD_OK)
			return v;
		if (rte_lpm_lookup(router_conf.lpm4,
				   rte_be_to_cpu_32(ip->dst_addr), &hop) == 0)
			p = (uint16_t)hop;
	} else if (RTE_ETH_IS_IPV6_HDR(pt) &&
		   etype == RTE_BE16(RTE_ETHER_TYPE_IPV6)) {
		const struct rte_ipv6_hdr *ip6 = l3;
		uint32_t hop;

		kind = FWD_KIND_V6;
		v = fwd_check_v6(m, ip6, l2);
		if (v != FWD_OK)
			return v;
		if (router_lpm6_lookup(router_conf.lpm6, &ip6->dst_addr,
				       &hop) == 0)
			p = (uint16_t)hop;
	} else {
		return ROUTER_DROP_non_ip;
	}

	if (unlikely(p >= RTE_MAX_ETHPORTS || qconf->tx_buffer[p] == NULL))
		return ROUTER_DROP_no_route;
	if (kind == FWD_KIND_V4) {
		if (unlikely(((struct rte_ipv4_hdr *)l3)->time_to_live <= 1))
			return ROUTER_DROP_ttl_expired;
	} else if (unlikely(((struct rte_ipv6_hdr *)l3)->hop_limits <= 1)) {
		return ROUTER_DROP_ttl_expired;
	}
	l4f = m->ol_flags & RTE_MBUF_F_RX_L4_CKSUM_MASK;
	if (unlikely(l4f == RTE_MBUF_F_RX_L4_CKSUM_BAD)) {
		if (router_conf.drop_bad_l4)
			return ROUTER_DROP_bad_l4_csum;
		t->l4_bad_fwd++;
	} else if (unlikely(router_conf.drop_bad_l4 &&
			    l4f == RTE_MBUF_F_RX_L4_CKSUM_UNKNOWN &&
			    !fwd_l4_sw_ok(m, kind, l3, l2))) {
		return ROUTER_DROP_bad_l4_csum;
	}

	/* RFC 1624 incremental update: 2 bytes touched, not 20 re-summed. */
	if (kind == FWD_KIND_V4)
		csum_ipv4_ttl_dec(l3);
	else
		((struct rte_ipv6_hdr *)l3)->hop_limits--;
	/*
	 * Destination then source MAC are adjacent: one 12-byte copy; a
	 * VLAN tag after them stays.
	 */
	memcpy(eth, router_conf.l2hdr[p], sizeof(router_conf.l2hdr[p]));
	*port = p;
	return FWD_OK;
}
