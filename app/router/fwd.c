/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The forwarding loop: RX burst, classify, LPM lookups four at a time,
 * rewrite, buffered TX with a drain timer (the shape of l3fwd's
 * lpm_main_loop()).
 *
 * Policy:
 *  - Classification trusts the PMD: the packet type says IPv4/IPv6 (a
 *    port without L3 packet types is parsed in software first, as l3fwd's
 *    --parse-ptype), the EtherType confirms it, and the IPv4 header
 *    checksum verdict comes from the RX flags. Only an UNKNOWN verdict
 *    costs a software header sum (lib/csum).
 *  - A frame is judged in the order of ROUTER_DROP_CAUSES and counted
 *    under the first cause that applies; dropped frames are freed in one
 *    bulk call per burst.
 *  - A bad L4 checksum is the end host's business: by default the frame
 *    is forwarded and counted; --drop-bad-l4 drops it, and then verifies
 *    in software what the PMD left UNKNOWN.
 *  - TX goes through one rte_eth_tx_buffer per egress port; a buffer
 *    not filled within BURST_TX_DRAIN_US is flushed by the timer. What
 *    the TX queue refuses is freed and counted (tx_full), never retried.
 */
#include <stdbool.h>
#include <string.h>
#include <netinet/in.h>

#include <rte_branch_prediction.h>
#include <rte_byteorder.h>
#include <rte_cycles.h>
#include <rte_ethdev.h>
#include <rte_ip.h>
#include <rte_lcore.h>
#include <rte_mbuf.h>
#include <rte_prefetch.h>

#include "csum.h"
#include "fwd_idle.h"
#include "idle_adapt.h"
#include "fwd_lpm_x4.h"
#include "router.h"

#define FWD_OK	ROUTER_DROP_MAX		/* judgement: forward */

enum fwd_kind { FWD_KIND_V4, FWD_KIND_V6, FWD_KIND_OTHER };

/* Per-burst scratch, on the lcore's stack. */
struct fwd_burst {
	uint32_t v4_dst[MAX_PKT_BURST];	/* network order, for fwd_dst_x4() */
	uint32_t v4_hop[MAX_PKT_BURST];
	uint8_t v4_idx[MAX_PKT_BURST];
	uint8_t v6_dst[MAX_PKT_BURST][RTE_LPM6_IPV6_ADDR_SIZE];
	int32_t v6_hop[MAX_PKT_BURST];
	uint8_t v6_idx[MAX_PKT_BURST];
	uint8_t kind[MAX_PKT_BURST];
	uint8_t verdict[MAX_PKT_BURST];	/* FWD_OK or enum router_drop */
	uint16_t dst_port[MAX_PKT_BURST];
	unsigned int n4, n6;
	uint64_t drops[ROUTER_DROP_MAX];
	uint64_t ip_sw_csum, l4_bad_fwd;
};

/* l3fwd's --parse-ptype: for PMDs that give no L3 packet type. */
static inline void
fwd_parse_ptype(struct rte_mbuf *m)
{
	const struct rte_ether_hdr *eth =
		rte_pktmbuf_mtod(m, const struct rte_ether_hdr *);
	uint32_t pt = RTE_PTYPE_L2_ETHER;

	if (m->data_len >= sizeof(*eth)) {
		if (eth->ether_type == RTE_BE16(RTE_ETHER_TYPE_IPV4))
			pt |= RTE_PTYPE_L3_IPV4_EXT_UNKNOWN;
		else if (eth->ether_type == RTE_BE16(RTE_ETHER_TYPE_IPV6))
			pt |= RTE_PTYPE_L3_IPV6_EXT_UNKNOWN;
	}
	m->packet_type = pt;
}

/* RFC 1812 5.2.2 header checks, then the header checksum verdict. */
static inline uint8_t
fwd_check_v4(struct fwd_burst *b, const struct rte_mbuf *m,
	     const struct rte_ipv4_hdr *ip, unsigned int i)
{
	unsigned int ihl, tlen;

	if (unlikely(m->data_len < RTE_ETHER_HDR_LEN + sizeof(*ip)))
		return ROUTER_DROP_bad_ip_hdr;
	ihl = (ip->version_ihl & RTE_IPV4_HDR_IHL_MASK) * 4u;
	tlen = rte_be_to_cpu_16(ip->total_length);
	if (unlikely((ip->version_ihl >> 4) != 4 || ihl < sizeof(*ip) ||
		     m->data_len < RTE_ETHER_HDR_LEN + ihl || tlen < ihl ||
		     RTE_ETHER_HDR_LEN + tlen > m->pkt_len))
		return ROUTER_DROP_bad_ip_hdr;
	switch (m->ol_flags & RTE_MBUF_F_RX_IP_CKSUM_MASK) {
	case RTE_MBUF_F_RX_IP_CKSUM_BAD:
		return ROUTER_DROP_bad_ip_csum;
	case RTE_MBUF_F_RX_IP_CKSUM_UNKNOWN:
		b->ip_sw_csum++;
		if (csum_ipv4_hdr(ip, ihl) != 0)
			return ROUTER_DROP_bad_ip_csum;
		break;
	default:	/* GOOD, or NONE: the header is known intact */
		break;
	}
	b->v4_dst[b->n4] = ip->dst_addr;
	b->v4_idx[b->n4++] = (uint8_t)i;
	return FWD_OK;
}

static inline uint8_t
fwd_check_v6(struct fwd_burst *b, const struct rte_mbuf *m,
	     const struct rte_ipv6_hdr *ip6, unsigned int i)
{
	if (unlikely(m->data_len < RTE_ETHER_HDR_LEN + sizeof(*ip6) ||
		     (rte_be_to_cpu_32(ip6->vtc_flow) >> 28) != 6 ||
		     RTE_ETHER_HDR_LEN + sizeof(*ip6) +
		     rte_be_to_cpu_16(ip6->payload_len) > m->pkt_len))
		return ROUTER_DROP_bad_ip_hdr;
	memcpy(b->v6_dst[b->n6], ip6->dst_addr, RTE_LPM6_IPV6_ADDR_SIZE);
	b->v6_idx[b->n6++] = (uint8_t)i;
	return FWD_OK;
}

/* Pass 1: what the frame is, whether its headers hold, where to look up. */
static inline void
fwd_classify(struct fwd_burst *b, struct rte_mbuf *m, unsigned int i)
{
	struct rte_ether_hdr *eth = rte_pktmbuf_mtod(m, struct rte_ether_hdr *);
	uint32_t pt = m->packet_type;

	b->kind[i] = FWD_KIND_OTHER;
	b->verdict[i] = ROUTER_DROP_non_ip;
	b->dst_port[i] = ROUTER_BAD_PORT;
	if (unlikely(m->data_len < sizeof(*eth)))
		return;
	/* The EtherType check keeps VLAN-tagged frames out (no VLAN support). */
	if (RTE_ETH_IS_IPV4_HDR(pt) &&
	    eth->ether_type == RTE_BE16(RTE_ETHER_TYPE_IPV4)) {
		b->kind[i] = FWD_KIND_V4;
		b->verdict[i] = fwd_check_v4(b, m,
			(const struct rte_ipv4_hdr *)(eth + 1), i);
	} else if (RTE_ETH_IS_IPV6_HDR(pt) &&
		   eth->ether_type == RTE_BE16(RTE_ETHER_TYPE_IPV6)) {
		b->kind[i] = FWD_KIND_V6;
		b->verdict[i] = fwd_check_v6(b, m,
			(const struct rte_ipv6_hdr *)(eth + 1), i);
	}
}

/*
 * Software TCP/UDP checksum check, for --drop-bad-l4 when the PMD gave
 * no verdict. Whatever cannot be checked from the first segment (a
 * fragment, a chained frame, another protocol) passes: only a proven
 * bad checksum drops.
 */
static bool
fwd_l4_sw_ok(const struct rte_mbuf *m, enum fwd_kind kind, const void *l3)
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
		    RTE_ETHER_HDR_LEN + tlen > m->data_len)
			return true;
		proto = ip->next_proto_id;
		l4 = (const uint8_t *)ip + ihl;
		l4_len = tlen - ihl;
		sum = csum_ipv4_pseudo(ip->src_addr, ip->dst_addr,
				       (uint16_t)l4_len, proto, 0);
	} else {
		const struct rte_ipv6_hdr *ip6 = l3;

		l4_len = rte_be_to_cpu_16(ip6->payload_len);
		if (RTE_ETHER_HDR_LEN + sizeof(*ip6) + l4_len > m->data_len)
			return true;
		proto = ip6->proto;
		l4 = (const uint8_t *)(ip6 + 1);
		sum = csum_ipv6_pseudo(ip6->src_addr, ip6->dst_addr, l4_len,
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

/* Pass 3 for one frame that survived classification and lookup. */
static inline uint8_t
fwd_one(const struct lcore_conf *qconf, struct fwd_burst *b,
	struct rte_mbuf *m, unsigned int i)
{
	struct rte_ether_hdr *eth = rte_pktmbuf_mtod(m, struct rte_ether_hdr *);
	uint16_t port = b->dst_port[i];
	uint64_t l4f;
	void *l3 = eth + 1;

	if (unlikely(port == ROUTER_BAD_PORT || port >= RTE_MAX_ETHPORTS ||
		     qconf->tx_buffer[port] == NULL))
		return ROUTER_DROP_no_route;
	if (b->kind[i] == FWD_KIND_V4) {
		if (unlikely(((struct rte_ipv4_hdr *)l3)->time_to_live <= 1))
			return ROUTER_DROP_ttl_expired;
	} else if (unlikely(((struct rte_ipv6_hdr *)l3)->hop_limits <= 1)) {
		return ROUTER_DROP_ttl_expired;
	}
	l4f = m->ol_flags & RTE_MBUF_F_RX_L4_CKSUM_MASK;
	if (unlikely(l4f == RTE_MBUF_F_RX_L4_CKSUM_BAD)) {
		if (router_conf.drop_bad_l4)
			return ROUTER_DROP_bad_l4_csum;
		b->l4_bad_fwd++;
	} else if (unlikely(router_conf.drop_bad_l4 &&
			    l4f == RTE_MBUF_F_RX_L4_CKSUM_UNKNOWN &&
			    !fwd_l4_sw_ok(m, b->kind[i], l3))) {
		return ROUTER_DROP_bad_l4_csum;
	}

	/* RFC 1624 incremental update: 2 bytes touched, not 20 re-summed. */
	if (b->kind[i] == FWD_KIND_V4)
		csum_ipv4_ttl_dec(l3);
	else
		((struct rte_ipv6_hdr *)l3)->hop_limits--;
	/* Destination then source MAC are adjacent: one 12-byte copy. */
	memcpy(eth, router_conf.l2hdr[port], sizeof(router_conf.l2hdr[port]));
	return FWD_OK;
}

static void
fwd_burst(struct lcore_conf *qconf, struct rte_mbuf **pkts, unsigned int nb,
	  bool parse_ptype)
{
	struct rte_mbuf *dropped[MAX_PKT_BURST];
	struct fwd_burst b;
	unsigned int i, k, nd = 0;

	b.n4 = 0;
	b.n6 = 0;
	b.ip_sw_csum = 0;
	b.l4_bad_fwd = 0;
	memset(b.drops, 0, sizeof(b.drops));

	for (i = 0; i < PREFETCH_OFFSET && i < nb; i++)
		rte_prefetch0(rte_pktmbuf_mtod(pkts[i], void *));
	for (i = 0; i < nb; i++) {
		if (i + PREFETCH_OFFSET < nb)
			rte_prefetch0(rte_pktmbuf_mtod(pkts[i + PREFETCH_OFFSET],
						       void *));
		if (parse_ptype)
			fwd_parse_ptype(pkts[i]);
		fwd_classify(&b, pkts[i], i);
	}

	/* Pass 2: all lookups of the burst together. */
	if (b.n4 != 0) {
		fwd_lpm_lookup(router_conf.lpm4, b.v4_dst, b.v4_hop, b.n4,
			       ROUTER_BAD_PORT);
		for (k = 0; k < b.n4; k++)
			b.dst_port[b.v4_idx[k]] = (uint16_t)b.v4_hop[k];
	}
	if (b.n6 != 0) {
		rte_lpm6_lookup_bulk_func(router_conf.lpm6, b.v6_dst, b.v6_hop,
					  b.n6);
		for (k = 0; k < b.n6; k++)
			b.dst_port[b.v6_idx[k]] = b.v6_hop[k] < 0 ?
				ROUTER_BAD_PORT : (uint16_t)b.v6_hop[k];
	}

	/* Pass 3: judge, rewrite, queue; in RX order. */
	for (i = 0; i < nb; i++) {
		struct rte_mbuf *m = pkts[i];
		uint8_t v = b.verdict[i];

		if (v == FWD_OK)
			v = fwd_one(qconf, &b, m, i);
		if (unlikely(v != FWD_OK)) {
			b.drops[v]++;
			dropped[nd++] = m;
			continue;
		}
		stat_add(&qconf->stats.fwd[b.dst_port[i]], 1);
		rte_eth_tx_buffer(b.dst_port[i], qconf->tx_queue_id[b.dst_port[i]],
				  qconf->tx_buffer[b.dst_port[i]], m);
	}

	if (nd != 0) {
		rte_pktmbuf_free_bulk(dropped, nd);
		for (k = 0; k < ROUTER_DROP_MAX; k++)
			if (b.drops[k] != 0)
				stat_add(&qconf->stats.drop[k], b.drops[k]);
	}
	if (b.ip_sw_csum != 0)
		stat_add(&qconf->stats.ip_sw_csum, b.ip_sw_csum);
	if (b.l4_bad_fwd != 0)
		stat_add(&qconf->stats.l4_bad_fwd, b.l4_bad_fwd);
	if (parse_ptype)
		stat_add(&qconf->stats.sw_ptype, nb);
}

void
fwd_tx_unsent(struct rte_mbuf **unsent, uint16_t count, void *userdata)
{
	rte_pktmbuf_free_bulk(unsent, count);
	stat_add(userdata, count);
}

static void
fwd_drain(struct lcore_conf *qconf)
{
	unsigned int i;

	for (i = 0; i < qconf->n_tx_port; i++) {
		uint16_t port = qconf->tx_port_id[i];

		rte_eth_tx_buffer_flush(port, qconf->tx_queue_id[port],
					qconf->tx_buffer[port]);
	}
}

int
fwd_main_loop(void *arg __rte_unused)
{
	struct lcore_conf *qconf = &lcore_conf[rte_lcore_id()];
	struct rte_mbuf *pkts[MAX_PKT_BURST];
	const uint64_t drain_tsc = (rte_get_tsc_hz() + US_PER_S - 1) /
				   US_PER_S * BURST_TX_DRAIN_US;
	const unsigned int idle_polls = router_conf.idle_polls;
	const uint32_t stamp_off1 = router_conf.stamp_off1;
	const unsigned int idle_period = router_conf.idle_period_polls;
	const uint64_t start_tsc = rte_rdtsc();
	uint64_t prev_tsc = start_tsc, cur_tsc;
	unsigned int i, empty = 0;
	bool idle = false;		/* an idle period has begun */
	bool full;
	struct idle_adapt adapt;	/* the sleep threshold (idle_adapt.h) */
	uint16_t got;

	if (qconf->n_rx_queue == 0)
		return 0;
	for (i = 0; i < qconf->n_rx_queue; i++)
		RTE_LOG(INFO, ROUTER, "lcore %u: port %u queue %u%s\n",
			rte_lcore_id(), qconf->rx_queue_list[i].port_id,
			qconf->rx_queue_list[i].queue_id,
			qconf->rx_queue_list[i].parse_ptype ?
			" (software packet types)" : "");

	if (idle_polls != 0 && fwd_idle_register(qconf) != 0) {
		force_quit = true;
		return -1;
	}
	idle_adapt_init(&adapt, idle_polls != 0 ? idle_polls : idle_period,
			router_conf.idle_fixed);
	stat_set(&qconf->stats.idle_polls, adapt.polls);
	while (!force_quit) {
		cur_tsc = rte_rdtsc();
		if (unlikely(cur_tsc - prev_tsc > drain_tsc)) {
			fwd_drain(qconf);
			prev_tsc = cur_tsc;
			if (idle_polls != 0) {
				idle_adapt_tick(&adapt);
				stat_set(&qconf->stats.idle_polls, adapt.polls);
			}
		}
		got = 0;
		full = false;
		for (i = 0; i < qconf->n_rx_queue; i++) {
			const struct lcore_rx_queue *q = &qconf->rx_queue_list[i];
			uint16_t nb = rte_eth_rx_burst(q->port_id, q->queue_id,
						       pkts, MAX_PKT_BURST);

			if (nb == 0)
				continue;
			full |= nb == MAX_PKT_BURST;
			/* the first frame after an idle period: its delay */
			if (unlikely(stamp_off1 != 0) && got == 0 && idle)
				latency_record(qconf->latency, pkts[0],
					       stamp_off1 - 1, rte_rdtsc());
			got += nb;
			stat_add(&qconf->stats.rx[q->port_id], nb);
			fwd_burst(qconf, pkts, nb, q->parse_ptype);
		}
		/* the polls after a sleep judge it (idle_adapt.h) */
		if (unlikely(adapt.watch != 0)) {
			idle_adapt_poll(&adapt, full);
			stat_set(&qconf->stats.idle_raises, adapt.raises);
			stat_set(&qconf->stats.idle_polls, adapt.polls);
		} else if (full) {
			idle_adapt_poll(&adapt, full);
		}
		if (got != 0) {
			stat_add(&qconf->stats.busy_tsc, rte_rdtsc() - cur_tsc);
			empty = 0;
			idle = false;
		} else if (++empty >= idle_period) {
			idle = true;
			if (idle_polls != 0 && empty >= adapt.polls) {
				/* nothing waits in a TX buffer while asleep */
				fwd_drain(qconf);
				idle_adapt_woken(&adapt, fwd_idle_sleep(qconf));
				stat_set(&qconf->stats.idle_polls, adapt.polls);
				empty = 0;
			}
		}
	}
	/* Nothing stays in a TX buffer: every mbuf goes back to its pool. */
	fwd_drain(qconf);
	stat_add(&qconf->stats.run_tsc, rte_rdtsc() - start_tsc);
	return 0;
}
