/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * ICMP errors for dropped IPv4 frames (icmp.h). Built in a new mbuf from
 * the dropped frame's pool:
 *
 *   Ethernet: to the frame's source MAC, from the ingress port's MAC;
 *   IPv4: 20 bytes, TOS 0xc0 (RFC 1812 4.3.2.5), TTL 64, from the
 *     --icmp-errors address to the frame's source, header checksum;
 *   ICMP: type and code, 4 unused bytes, then the frame's IP header and
 *     the first 8 bytes of its payload as received (RFC 792), or what of
 *     them the datagram holds; the checksum over the whole ICMP message.
 */
#include <inttypes.h>
#include <stdbool.h>
#include <string.h>
#include <netinet/in.h>

#include <rte_byteorder.h>
#include <rte_cycles.h>
#include <rte_ether.h>
#include <rte_icmp.h>
#include <rte_ip.h>
#include <rte_log.h>

#include "csum.h"
#include "fwd_tx.h"
#include "icmp.h"

#define ICMP_QUOTE_PAYLOAD	8	/* payload bytes quoted (RFC 792) */
/* RFC 792's types (DPDK 22.11's rte_icmp.h has only the echo ones) */
#define ICMP_DEST_UNREACH	3
#define ICMP_TIME_EXCEEDED	11
#define ICMP_TIMESTAMP		13
#define ICMP_TIMESTAMP_REPLY	14
#define ICMP_TTL		64
#define ICMP_TOS		0xc0	/* internetwork control */

/* A token bucket counted in TSC cycles: a token costs hz / rate. */
struct icmp_bucket {
	uint64_t credit;
	uint64_t last;
};

struct icmp_lcore {
	struct icmp_bucket b[RTE_MAX_ETHPORTS];
	uint64_t sent, limited, nombuf;
} __rte_cache_aligned;

static struct icmp_lcore icmp_lc[RTE_MAX_LCORE];

static bool
icmp_bucket_take(struct icmp_bucket *b)
{
	const uint64_t cost = rte_get_tsc_hz() / router_conf.icmp_rate;
	const uint64_t depth = cost * RTE_MIN(router_conf.icmp_rate,
					      (unsigned int)ICMP_BURST);
	uint64_t now = rte_get_tsc_cycles();

	if (b->last == 0)
		b->credit = depth;	/* full at the first error */
	else
		b->credit = RTE_MIN(depth, b->credit + (now - b->last));
	b->last = now;
	if (b->credit < cost)
		return false;
	b->credit -= cost;
	return true;
}

/* A unicast host address (RFC 1812 4.3.2.7): not 0/8, 127/8, 224/3. */
static bool
icmp_unicast(uint32_t a)
{
	uint8_t first = (uint8_t)(a >> 24);

	return first != 0 && first != 127 && first < 224;
}

/*
 * Whether @p ip (within @p len bytes of the first segment, checked by
 * the forwarding path) may get an error: not a non-first fragment, not
 * an ICMP error itself, to a unicast destination from a unicast source.
 */
static bool
icmp_may_answer(const struct rte_ether_hdr *eth,
		const struct rte_ipv4_hdr *ip, unsigned int ihl,
		unsigned int len)
{
	const uint8_t *l4 = (const uint8_t *)ip + ihl;

	if (rte_is_multicast_ether_addr(&eth->dst_addr) ||
	    (ip->fragment_offset & RTE_BE16(RTE_IPV4_HDR_OFFSET_MASK)) != 0 ||
	    !icmp_unicast(rte_be_to_cpu_32(ip->src_addr)) ||
	    !icmp_unicast(rte_be_to_cpu_32(ip->dst_addr)))
		return false;
	if (ip->next_proto_id != IPPROTO_ICMP)
		return true;
	if (len < ihl + 1)
		return false;
	switch (l4[0]) {
	case RTE_IP_ICMP_ECHO_REPLY:
	case RTE_IP_ICMP_ECHO_REQUEST:
	case ICMP_TIMESTAMP:
	case ICMP_TIMESTAMP_REPLY:
		return true;
	default:		/* an error, or unknown: never answered */
		return false;
	}
}

/*
 * The error for @p m (an IPv4 frame the forwarding path checked: header
 * within the first segment), @p have bytes of its datagram present.
 */
static struct rte_mbuf *
icmp_build(const struct rte_mbuf *m, unsigned int have, uint8_t type,
	   uint8_t code)
{
	const struct rte_ether_hdr *eth =
		rte_pktmbuf_mtod(m, const struct rte_ether_hdr *);
	const struct rte_ipv4_hdr *ip = (const struct rte_ipv4_hdr *)(eth + 1);
	unsigned int ihl = (ip->version_ihl & RTE_IPV4_HDR_IHL_MASK) * 4u;
	unsigned int quote = RTE_MIN(ihl + ICMP_QUOTE_PAYLOAD, have);
	unsigned int icmp_len = sizeof(struct rte_icmp_hdr) + quote;
	struct rte_ether_hdr *oeth;
	struct rte_ipv4_hdr *oip;
	struct rte_icmp_hdr *ic;
	struct rte_mbuf *e;

	e = rte_pktmbuf_alloc(m->pool);
	if (e == NULL)
		return e;
	oeth = (struct rte_ether_hdr *)rte_pktmbuf_append(e,
			RTE_ETHER_HDR_LEN + sizeof(*oip) + icmp_len);
	if (oeth == NULL) {
		rte_pktmbuf_free(e);
		return NULL;
	}
	rte_ether_addr_copy(&eth->src_addr, &oeth->dst_addr);
	memcpy(&oeth->src_addr, router_conf.l2hdr[m->port] + RTE_ETHER_ADDR_LEN,
	       RTE_ETHER_ADDR_LEN);
	oeth->ether_type = RTE_BE16(RTE_ETHER_TYPE_IPV4);
	oip = (struct rte_ipv4_hdr *)(oeth + 1);
	memset(oip, 0, sizeof(*oip));
	oip->version_ihl = RTE_IPV4_VHL_DEF;
	oip->type_of_service = ICMP_TOS;
	oip->total_length = rte_cpu_to_be_16((uint16_t)(sizeof(*oip) + icmp_len));
	oip->time_to_live = ICMP_TTL;
	oip->next_proto_id = IPPROTO_ICMP;
	oip->src_addr = router_conf.icmp_src;
	oip->dst_addr = ip->src_addr;
	oip->hdr_checksum = csum_ipv4_hdr20(oip);
	ic = (struct rte_icmp_hdr *)(oip + 1);
	memset(ic, 0, sizeof(*ic));
	ic->icmp_type = type;
	ic->icmp_code = code;
	memcpy(ic + 1, ip, quote);
	ic->icmp_cksum = csum_fold(csum_partial(ic, icmp_len, 0));
	e->port = m->port;
	return e;
}

void
icmp_errors(struct lcore_conf *qconf, struct rte_mbuf **drop,
	    const uint8_t *cause, unsigned int n)
{
	struct icmp_lcore *lc = &icmp_lc[rte_lcore_id()];
	unsigned int k;

	for (k = 0; k < n; k++) {
		struct rte_mbuf *m = drop[k], *e;
		const struct rte_ether_hdr *eth;
		const struct rte_ipv4_hdr *ip;
		unsigned int ihl, have;
		uint8_t type;

		if (cause[k] == ROUTER_DROP_ttl_expired)
			type = ICMP_TIME_EXCEEDED;
		else if (cause[k] == ROUTER_DROP_no_route)
			type = ICMP_DEST_UNREACH;
		else
			continue;
		eth = rte_pktmbuf_mtod(m, const struct rte_ether_hdr *);
		if (eth->ether_type != RTE_BE16(RTE_ETHER_TYPE_IPV4) ||
		    m->port >= RTE_MAX_ETHPORTS || qconf->tx_buffer[m->port] == NULL)
			continue;
		ip = (const struct rte_ipv4_hdr *)(eth + 1);
		ihl = (ip->version_ihl & RTE_IPV4_HDR_IHL_MASK) * 4u;
		have = RTE_MIN((unsigned int)m->data_len - RTE_ETHER_HDR_LEN,
			       (unsigned int)rte_be_to_cpu_16(ip->total_length));
		if (!icmp_may_answer(eth, ip, ihl, have))
			continue;
		if (!icmp_bucket_take(&lc->b[m->port])) {
			lc->limited++;
			continue;
		}
		/* code 0: TTL exceeded in transit; net unreachable */
		e = icmp_build(m, have, type, 0);
		if (e == NULL) {
			lc->nombuf++;
			continue;
		}
		lc->sent++;
		fwd_tx_run(qconf, m->port, &e, 1);
	}
}

void
icmp_log_totals(void)
{
	uint64_t sent = 0, limited = 0, nombuf = 0;
	unsigned int i;

	if (router_conf.icmp_src == 0)
		return;
	for (i = 0; i < RTE_MAX_LCORE; i++) {
		sent += icmp_lc[i].sent;
		limited += icmp_lc[i].limited;
		nombuf += icmp_lc[i].nombuf;
	}
	RTE_LOG(INFO, ROUTER, "ICMP errors: %" PRIu64 " sent, %" PRIu64 " held back by --icmp-rate, %" PRIu64 " without an mbuf\n",
		sent, limited, nombuf);
}
