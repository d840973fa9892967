/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * ICMP errors for dropped IPv4 frames (icmp.h):
 *
 *   IPv4: 20 bytes, TOS 0xc0 (RFC 1812 4.3.2.5), TTL 64, from the
 *     --icmp-errors address to the frame's source, header checksum;
 *   ICMP: type and code, 4 unused bytes, then the frame's IP header and
 *     the first 8 bytes of its payload as received (RFC 792), or what of
 *     them the datagram holds; the checksum over the whole ICMP message.
 */
#include <stdbool.h>
#include <string.h>
#include <netinet/in.h>

#include <rte_byteorder.h>
#include <rte_ether.h>
#include <rte_icmp.h>
#include <rte_ip.h>

#include "csum.h"
#include "icmp_internal.h"
#include "router.h"

#define ICMP_QUOTE_PAYLOAD	8	/* payload bytes quoted (RFC 792) */
/* RFC 792's types (rte_icmp.h's names differ between DPDK versions) */
#define ICMP_ECHO_REPLY		0
#define ICMP_DEST_UNREACH	3
#define ICMP_ECHO_REQUEST	8
#define ICMP_TIME_EXCEEDED	11
#define ICMP_TIMESTAMP		13
#define ICMP_TIMESTAMP_REPLY	14

/* A unicast host address (RFC 1812 4.3.2.7): not 0/8, 127/8, 224/3. */
static bool
icmp_v4_unicast(uint32_t a)
{
	uint8_t first = (uint8_t)(a >> 24);

	return first != 0 && first != 127 && first < 224;
}

/* The datagram's bytes present in the first segment. */
static unsigned int
icmp_v4_have(const struct rte_mbuf *m, const struct icmp_l2 *l2)
{
	const struct rte_ipv4_hdr *ip = l2->l3;

	return RTE_MIN((unsigned int)m->data_len - l2->len,
		       (unsigned int)rte_be_to_cpu_16(ip->total_length));
}

/*
 * Not a non-first fragment, not an ICMP error itself, to a unicast
 * destination from a unicast source.
 */
bool
icmp_v4_may_answer(const struct rte_mbuf *m, const struct icmp_l2 *l2)
{
	const struct rte_ipv4_hdr *ip = l2->l3;
	unsigned int ihl = (ip->version_ihl & RTE_IPV4_HDR_IHL_MASK) * 4u;
	const uint8_t *l4 = (const uint8_t *)ip + ihl;

	if (rte_is_multicast_ether_addr(&l2->eth->dst_addr) ||
	    (ip->fragment_offset & RTE_BE16(RTE_IPV4_HDR_OFFSET_MASK)) != 0 ||
	    !icmp_v4_unicast(rte_be_to_cpu_32(ip->src_addr)) ||
	    !icmp_v4_unicast(rte_be_to_cpu_32(ip->dst_addr)))
		return false;
	if (ip->next_proto_id != IPPROTO_ICMP)
		return true;
	if (icmp_v4_have(m, l2) < ihl + 1)
		return false;
	switch (l4[0]) {
	case ICMP_ECHO_REPLY:
	case ICMP_ECHO_REQUEST:
	case ICMP_TIMESTAMP:
	case ICMP_TIMESTAMP_REPLY:
		return true;
	default:		/* an error, or unknown: never answered */
		return false;
	}
}

struct rte_mbuf *
icmp_v4_build(const struct rte_mbuf *m, const struct icmp_l2 *l2,
	      bool expired)
{
	const struct rte_ipv4_hdr *ip = l2->l3;
	unsigned int ihl = (ip->version_ihl & RTE_IPV4_HDR_IHL_MASK) * 4u;
	unsigned int quote = RTE_MIN(ihl + ICMP_QUOTE_PAYLOAD,
				     icmp_v4_have(m, l2));
	unsigned int icmp_len = sizeof(struct rte_icmp_hdr) + quote;
	struct rte_ipv4_hdr *oip;
	struct rte_icmp_hdr *ic;
	struct rte_mbuf *e;

	oip = icmp_frame_new(m, l2, RTE_ETHER_TYPE_IPV4,
			     sizeof(*oip) + icmp_len, &e);
	if (oip == NULL)
		return NULL;
	memset(oip, 0, sizeof(*oip));
	oip->version_ihl = RTE_IPV4_VHL_DEF;
	oip->type_of_service = ICMP_DSCP_TOS;
	oip->total_length = rte_cpu_to_be_16((uint16_t)(sizeof(*oip) + icmp_len));
	oip->time_to_live = ICMP_HOP_LIMIT;
	oip->next_proto_id = IPPROTO_ICMP;
	oip->src_addr = router_conf.icmp_src;
	oip->dst_addr = ip->src_addr;
	oip->hdr_checksum = csum_ipv4_hdr20(oip);
	ic = (struct rte_icmp_hdr *)(oip + 1);
	memset(ic, 0, sizeof(*ic));
	/* code 0: TTL exceeded in transit; net unreachable */
	ic->icmp_type = expired ? ICMP_TIME_EXCEEDED : ICMP_DEST_UNREACH;
	memcpy(ic + 1, ip, quote);
	ic->icmp_cksum = csum_fold(csum_partial(ic, icmp_len, 0));
	return e;
}
