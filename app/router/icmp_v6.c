/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * ICMPv6 errors for dropped IPv6 frames (icmp.h, RFC 4443):
 *
 *   IPv6: traffic class 0xc0, flow label 0, hop limit 64, next header
 *     58, from the --icmp6-errors address to the frame's source;
 *   ICMPv6: type and code, 4 unused bytes, then as much of the frame's
 *     datagram as received as fits in the minimum IPv6 MTU (1280 bytes
 *     for the whole error, RFC 4443 2.4(c)) and in the new mbuf; the
 *     checksum over the pseudo-header (RFC 8200 8.1) and the message.
 */
#include <stdbool.h>
#include <string.h>
#include <netinet/in.h>

#include <rte_byteorder.h>
#include <rte_ether.h>
#include <rte_ip.h>

#include "csum.h"
#include "icmp_internal.h"
#include "router.h"

#define ICMP6_DST_UNREACH	1	/* code 0: no route to destination */
#define ICMP6_TIME_EXCEEDED	3	/* code 0: hop limit exceeded in transit */
#define ICMP6_INFO_MIN		128	/* types below: error messages */
#define ICMP6_REDIRECT		137
#define ICMP6_MIN_MTU		1280
#define ICMP6_HDR_LEN		8
/* Extension headers walked to the upper layer (RFC 8200 4.1). */
#define IP6_NH_HOPOPTS		0
#define IP6_NH_ROUTING		43
#define IP6_NH_FRAGMENT		44
#define IP6_NH_DSTOPTS		60
#define IP6_EXT_MAX		8	/* more than any sane chain */

static bool
icmp_v6_addr_zero(const uint8_t *a, unsigned int n)
{
	unsigned int i;

	for (i = 0; i < n; i++)
		if (a[i] != 0)
			return false;
	return true;
}

/* Not :: (unspecified), ::1 (loopback) or ff00::/8 (multicast). */
static bool
icmp_v6_unicast(const uint8_t *a)
{
	return a[0] != 0xff && !(icmp_v6_addr_zero(a, 15) && a[15] <= 1);
}

/* The datagram's bytes present in the first segment. */
static unsigned int
icmp_v6_have(const struct rte_mbuf *m, const struct icmp_l2 *l2)
{
	const struct rte_ipv6_hdr *ip6 = l2->l3;

	return RTE_MIN((unsigned int)m->data_len - l2->len,
		       (unsigned int)sizeof(*ip6) +
		       rte_be_to_cpu_16(ip6->payload_len));
}

/*
 * RFC 4443 2.4(e): no error about an ICMPv6 error or a redirect, a
 * multicast destination (IP or MAC), or a source that is not one unicast
 * node. The upper layer is found past the extension headers; a non-first
 * fragment, or a chain that ends beyond the bytes received, gets none
 * (it might be an error message).
 */
bool
icmp_v6_may_answer(const struct rte_mbuf *m, const struct icmp_l2 *l2)
{
	const struct rte_ipv6_hdr *ip6 = l2->l3;
	const uint8_t *d = l2->l3;
	unsigned int have = icmp_v6_have(m, l2);
	unsigned int off = sizeof(*ip6), k;
	uint8_t nh = ip6->proto;

	if (rte_is_multicast_ether_addr(&l2->eth->dst_addr) ||
	    !icmp_v6_unicast((const uint8_t *)&ip6->src_addr) ||
	    ((const uint8_t *)&ip6->dst_addr)[0] == 0xff)
		return false;
	for (k = 0; k < IP6_EXT_MAX; k++) {
		if (nh != IP6_NH_HOPOPTS && nh != IP6_NH_ROUTING &&
		    nh != IP6_NH_FRAGMENT && nh != IP6_NH_DSTOPTS)
			break;
		if (off + 8 > have)
			return false;
		if (nh == IP6_NH_FRAGMENT) {
			if ((((unsigned int)d[off + 2] << 8 | d[off + 3]) &
			     0xfff8) != 0)
				return false;
			nh = d[off];
			off += 8;
		} else {
			nh = d[off];
			off += ((unsigned int)d[off + 1] + 1) * 8;
		}
	}
	if (k == IP6_EXT_MAX)
		return false;
	if (nh != IPPROTO_ICMPV6)
		return true;
	if (off + 1 > have)
		return false;
	return d[off] >= ICMP6_INFO_MIN && d[off] != ICMP6_REDIRECT;
}

struct rte_mbuf *
icmp_v6_build(const struct rte_mbuf *m, const struct icmp_l2 *l2,
	      bool expired)
{
	const struct rte_ipv6_hdr *ip6 = l2->l3;
	unsigned int room = icmp_frame_room(m, l2);
	unsigned int quote, icmp_len;
	struct rte_ipv6_hdr *oip;
	uint8_t *ic;
	struct rte_mbuf *e;
	uint32_t sum;
	uint16_t ck;

	room = RTE_MIN(room, (unsigned int)ICMP6_MIN_MTU);
	if (room < sizeof(*oip) + ICMP6_HDR_LEN + sizeof(*ip6))
		return NULL;
	quote = RTE_MIN(icmp_v6_have(m, l2),
			room - (unsigned int)sizeof(*oip) - ICMP6_HDR_LEN);
	icmp_len = ICMP6_HDR_LEN + quote;
	oip = icmp_frame_new(m, l2, RTE_ETHER_TYPE_IPV6,
			     sizeof(*oip) + icmp_len, &e);
	if (oip == NULL)
		return NULL;
	oip->vtc_flow = rte_cpu_to_be_32(6u << 28 | (uint32_t)ICMP_DSCP_TOS << 20);
	oip->payload_len = rte_cpu_to_be_16((uint16_t)icmp_len);
	oip->proto = IPPROTO_ICMPV6;
	oip->hop_limits = ICMP_HOP_LIMIT;
	memcpy(&oip->src_addr, router_conf.icmp6_src, sizeof(oip->src_addr));
	memcpy(&oip->dst_addr, &ip6->src_addr, sizeof(oip->dst_addr));
	ic = (uint8_t *)(oip + 1);
	memset(ic, 0, ICMP6_HDR_LEN);
	ic[0] = expired ? ICMP6_TIME_EXCEEDED : ICMP6_DST_UNREACH;
	memcpy(ic + ICMP6_HDR_LEN, ip6, quote);
	sum = csum_ipv6_pseudo(&oip->src_addr, &oip->dst_addr, icmp_len,
			       IPPROTO_ICMPV6, 0);
	ck = csum_fold(csum_partial(ic, icmp_len, sum));
	memcpy(ic + 2, &ck, sizeof(ck));
	return e;
}
