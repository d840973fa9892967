/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * ICMP and ICMPv6 errors for dropped frames (icmp.h): which frames call
 * for one, the rate, the Ethernet header, the totals. The IP and ICMP
 * headers of each version are built in icmp_v4.c and icmp_v6.c, in a new
 * mbuf from the dropped frame's pool:
 *
 *   Ethernet: to the frame's source MAC, from the ingress port's MAC,
 *     with the frame's 802.1Q tag (VLAN ID and priority) when it had one.
 */
#include <inttypes.h>
#include <stdbool.h>
#include <string.h>

#include <rte_byteorder.h>
#include <rte_cycles.h>
#include <rte_ether.h>
#include <rte_log.h>

#include "fwd_tx.h"
#include "icmp.h"
#include "icmp_internal.h"

/* A token bucket counted in TSC cycles: a token costs hz / rate. */
struct icmp_bucket {
	uint64_t credit;
	uint64_t last;
};

enum { ICMP_V4, ICMP_V6, ICMP_FAMILIES };

struct icmp_lcore {
	/* one bucket per ingress port for both IP versions */
	struct icmp_bucket b[RTE_MAX_ETHPORTS];
	uint64_t sent[ICMP_FAMILIES], limited[ICMP_FAMILIES],
		 nombuf[ICMP_FAMILIES];
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

unsigned int
icmp_frame_room(const struct rte_mbuf *m, const struct icmp_l2 *l2)
{
	unsigned int room = rte_pktmbuf_data_room_size(m->pool);

	room -= RTE_MIN(room, (unsigned int)RTE_PKTMBUF_HEADROOM);
	return room - RTE_MIN(room, l2->len);
}

void *
icmp_frame_new(const struct rte_mbuf *m, const struct icmp_l2 *l2,
	       uint16_t etype, unsigned int l3_len, struct rte_mbuf **e)
{
	struct rte_ether_hdr *oeth;
	struct rte_vlan_hdr *vh;

	*e = rte_pktmbuf_alloc(m->pool);
	if (*e == NULL)
		return NULL;
	oeth = (struct rte_ether_hdr *)rte_pktmbuf_append(*e, l2->len + l3_len);
	if (oeth == NULL) {
		rte_pktmbuf_free(*e);
		*e = NULL;
		return NULL;
	}
	rte_ether_addr_copy(&l2->eth->src_addr, &oeth->dst_addr);
	memcpy(&oeth->src_addr, router_conf.l2hdr[m->port] + RTE_ETHER_ADDR_LEN,
	       RTE_ETHER_ADDR_LEN);
	(*e)->port = m->port;
	if (!l2->tagged) {
		oeth->ether_type = rte_cpu_to_be_16(etype);
		return oeth + 1;
	}
	oeth->ether_type = RTE_BE16(RTE_ETHER_TYPE_VLAN);
	vh = (struct rte_vlan_hdr *)(oeth + 1);
	vh->vlan_tci = l2->tci;
	vh->eth_proto = rte_cpu_to_be_16(etype);
	return vh + 1;
}

/*
 * The IP version of a frame the forwarding path checked (IPv4 or IPv6,
 * after at most one 802.1Q tag), with @p l2 filled; -1 for another.
 */
static int
icmp_parse_l2(const struct rte_mbuf *m, struct icmp_l2 *l2)
{
	const struct rte_ether_hdr *eth =
		rte_pktmbuf_mtod(m, const struct rte_ether_hdr *);
	rte_be16_t etype = eth->ether_type;

	l2->eth = eth;
	l2->len = RTE_ETHER_HDR_LEN;
	l2->tagged = false;
	l2->tci = 0;
	if (etype == RTE_BE16(RTE_ETHER_TYPE_VLAN)) {
		const struct rte_vlan_hdr *vh =
			(const struct rte_vlan_hdr *)(eth + 1);

		l2->tagged = true;
		l2->tci = vh->vlan_tci;
		l2->len += sizeof(*vh);
		etype = vh->eth_proto;
	}
	l2->l3 = (const uint8_t *)eth + l2->len;
	if (etype == RTE_BE16(RTE_ETHER_TYPE_IPV4))
		return router_conf.icmp_src != 0 ? ICMP_V4 : -1;
	if (etype == RTE_BE16(RTE_ETHER_TYPE_IPV6))
		return router_conf.icmp6_on ? ICMP_V6 : -1;
	return -1;
}

void
icmp_errors(struct lcore_conf *qconf, struct rte_mbuf **drop,
	    const uint8_t *cause, unsigned int n)
{
	struct icmp_lcore *lc = &icmp_lc[rte_lcore_id()];
	unsigned int k;

	for (k = 0; k < n; k++) {
		struct rte_mbuf *m = drop[k], *e;
		struct icmp_l2 l2;
		bool expired;
		int fam;

		if (cause[k] != ROUTER_DROP_ttl_expired &&
		    cause[k] != ROUTER_DROP_no_route)
			continue;
		expired = cause[k] == ROUTER_DROP_ttl_expired;
		if (m->port >= RTE_MAX_ETHPORTS ||
		    qconf->tx_buffer[m->port] == NULL)
			continue;
		fam = icmp_parse_l2(m, &l2);
		if (fam < 0 || !(fam == ICMP_V4 ? icmp_v4_may_answer(m, &l2) :
				 icmp_v6_may_answer(m, &l2)))
			continue;
		if (!icmp_bucket_take(&lc->b[m->port])) {
			lc->limited[fam]++;
			continue;
		}
		e = fam == ICMP_V4 ? icmp_v4_build(m, &l2, expired) :
				     icmp_v6_build(m, &l2, expired);
		if (e == NULL) {
			lc->nombuf[fam]++;
			continue;
		}
		lc->sent[fam]++;
		fwd_tx_run(qconf, m->port, &e, 1);
	}
}

void
icmp_log_totals(void)
{
	static const char *const name[ICMP_FAMILIES] = { "ICMP", "ICMPv6" };
	const bool on[ICMP_FAMILIES] = { router_conf.icmp_src != 0,
					 router_conf.icmp6_on };
	unsigned int i, f;

	for (f = 0; f < ICMP_FAMILIES; f++) {
		uint64_t sent = 0, limited = 0, nombuf = 0;

		if (!on[f])
			continue;
		for (i = 0; i < RTE_MAX_LCORE; i++) {
			sent += icmp_lc[i].sent[f];
			limited += icmp_lc[i].limited[f];
			nombuf += icmp_lc[i].nombuf[f];
		}
		RTE_LOG(INFO, ROUTER, "%s errors: %" PRIu64 " sent, %" PRIu64 " held back by --icmp-rate, %" PRIu64 " without an mbuf\n",
			name[f], sent, limited, nombuf);
	}
}
