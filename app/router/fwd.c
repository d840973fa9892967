/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The forwarding loop: RX burst, then one pass over it four frames at a
 * time (classify, LPM lookup, rewrite, as l3fwd's processx4 steps), TX by
 * runs of frames for the same port with a drain timer (the shape of
 * l3fwd's lpm_main_loop()).
 *
 * Policy:
 *  - Classification trusts the PMD: the packet type says IPv4/IPv6 (a
 *    port without L3 packet types is parsed in software first, as l3fwd's
 *    --parse-ptype), the EtherType confirms it, and the IPv4 header
 *    checksum verdict comes from the RX flags. Only an UNKNOWN verdict
 *    costs a software header sum (lib/csum).
 *  - The common cases have their own paths: four IPv4 frames without
 *    options, header verdict GOOD (or NONE), TTL above 1 and an L4
 *    verdict the policy lets through are looked up together and
 *    rewritten (their RX metadata tested for the four at once); so are
 *    four such IPv6 frames (hop limit above 1). Any other group of four,
 *    and the rest of the burst, goes frame by frame through fwd_frame()
 *    (fwd_frame.c), which judges every case with the same result.
 *  - A frame is judged in the order of ROUTER_DROP_CAUSES and counted
 *    under the first cause that applies; dropped frames are freed in one
 *    bulk call per burst, and the burst's counters are added once.
 *  - A bad L4 checksum is the end host's business: by default the frame
 *    is forwarded and counted; --drop-bad-l4 drops it, and then verifies
 *    in software what the PMD left UNKNOWN.
 *  - TX goes through one rte_eth_dev_tx_buffer per egress port, a run of
 *    frames at a time (fwd_tx.h); a buffer not filled within
 *    BURST_TX_DRAIN_US is flushed by the timer. What the TX queue refuses
 *    is freed and counted (tx_full), never retried.
 */
#include <assert.h>
#include <stdbool.h>
#include <string.h>

#include <rte_branch_prediction.h>
#include <rte_byteorder.h>
#include <rte_cycles.h>
#include <rte_ethdev.h>
#include <rte_ip.h>
#include <rte_lcore.h>
#include <rte_mbuf.h>
#include <rte_prefetch.h>

#include "csum.h"
#include "fwd_frame.h"
#include "fwd_idle.h"
#include "fwd_lpm_x4.h"
#include "fwd_tx.h"
#include "icmp.h"
#include "idle_adapt.h"
#include "reload.h"
#include "router.h"

#define FWD_STEP	4	/* frames per lookup group */

/*
 * The 4-wide paths' tests, before the lookup: four frames whose
 * fwd_frame() judgement up to the route is "forward" for sure, and whose
 * TTL or hop limit and L4 verdict pass too. First the RX metadata of the
 * four at once (fwd_meta_fast_x4()), then each header.
 */

/* The verdict bits fwd_meta_fast_x4() tests, as rte_mbuf_core.h has them. */
static_assert((RTE_MBUF_F_RX_IP_CKSUM_NONE & RTE_MBUF_F_RX_IP_CKSUM_GOOD) != 0 &&
	      (RTE_MBUF_F_RX_IP_CKSUM_BAD & RTE_MBUF_F_RX_IP_CKSUM_GOOD) == 0,
	      "IP verdict: GOOD's bit set in GOOD and NONE only");
static_assert((RTE_MBUF_F_RX_L4_CKSUM_NONE & RTE_MBUF_F_RX_L4_CKSUM_GOOD) != 0 &&
	      (RTE_MBUF_F_RX_L4_CKSUM_BAD & RTE_MBUF_F_RX_L4_CKSUM_GOOD) == 0,
	      "L4 verdict: GOOD's bit set in GOOD and NONE only");

/*
 * Four frames' packet types and RX flags: each packet type has the bit
 * of @p l3_ptype (RTE_ETH_IS_IPV4_HDR() or _IPV6_HDR()); with @p ip_good,
 * every IP header verdict is GOOD or NONE (GOOD's bit set in all four),
 * which fwd_check_v4() takes as an intact header; no L4 verdict is BAD,
 * and with @p drop_bad_l4 none is UNKNOWN either (each GOOD or NONE), as
 * fwd_frame() would otherwise check it in software.
 */
static __rte_always_inline bool
fwd_meta_fast_x4(struct rte_mbuf **pkts, uint32_t l3_ptype, bool ip_good,
		 bool drop_bad_l4)
{
	const uint64_t l4m = RTE_MBUF_F_RX_L4_CKSUM_MASK;
	const uint64_t l4_bad = RTE_MBUF_F_RX_L4_CKSUM_BAD;
	const uint64_t f0 = pkts[0]->ol_flags, f1 = pkts[1]->ol_flags;
	const uint64_t f2 = pkts[2]->ol_flags, f3 = pkts[3]->ol_flags;
	const uint64_t all = f0 & f1 & f2 & f3;

	if ((pkts[0]->packet_type & pkts[1]->packet_type &
	     pkts[2]->packet_type & pkts[3]->packet_type & l3_ptype) == 0)
		return false;
	if (ip_good && (all & RTE_MBUF_F_RX_IP_CKSUM_GOOD) == 0)
		return false;
	if (drop_bad_l4)
		return (all & RTE_MBUF_F_RX_L4_CKSUM_GOOD) != 0;
	return ((f0 & l4m) != l4_bad) & ((f1 & l4m) != l4_bad) &
	       ((f2 & l4m) != l4_bad) & ((f3 & l4m) != l4_bad);
}

/* IPv4 without options, TTL above 1, the datagram within the frame. */
static __rte_always_inline bool
fwd_v4_hdr_fast(const struct rte_mbuf *m)
{
	const struct rte_ether_hdr *eth =
		rte_pktmbuf_mtod(m, const struct rte_ether_hdr *);
	const struct rte_ipv4_hdr *ip = (const struct rte_ipv4_hdr *)(eth + 1);
	unsigned int tlen;

	if (unlikely(m->data_len < RTE_ETHER_HDR_LEN + sizeof(*ip)))
		return false;
	tlen = rte_be_to_cpu_16(ip->total_length);
	return eth->ether_type == RTE_BE16(RTE_ETHER_TYPE_IPV4) &&
	       ip->version_ihl == RTE_IPV4_VHL_DEF &&
	       ip->time_to_live > 1 &&
	       tlen >= sizeof(*ip) && RTE_ETHER_HDR_LEN + tlen <= m->pkt_len;
}

/* IPv6, hop limit above 1, the payload within the frame. */
static __rte_always_inline bool
fwd_v6_hdr_fast(const struct rte_mbuf *m)
{
	const struct rte_ether_hdr *eth =
		rte_pktmbuf_mtod(m, const struct rte_ether_hdr *);
	const struct rte_ipv6_hdr *ip6 = (const struct rte_ipv6_hdr *)(eth + 1);

	if (unlikely(m->data_len < RTE_ETHER_HDR_LEN + sizeof(*ip6)))
		return false;
	return eth->ether_type == RTE_BE16(RTE_ETHER_TYPE_IPV6) &&
	       (*(const uint8_t *)ip6 >> 4) == 6 && ip6->hop_limits > 1 &&
	       RTE_ETHER_HDR_LEN + sizeof(*ip6) +
	       rte_be_to_cpu_16(ip6->payload_len) <= m->pkt_len;
}

/*
 * Where the frames of one burst go: forwarded in RX order (their count
 * is kept by the caller, in a register on the 4-wide paths), or dropped.
 */
struct fwd_out {
	struct rte_mbuf *fwd[MAX_PKT_BURST];
	uint16_t port[MAX_PKT_BURST];
	struct rte_mbuf *drop[MAX_PKT_BURST];
	uint8_t cause[MAX_PKT_BURST];
	unsigned int n_drop;
	struct fwd_tally tally;
};

static __rte_always_inline void
fwd_out_drop(struct fwd_out *o, struct rte_mbuf *m, uint8_t cause)
{
	o->drop[o->n_drop] = m;
	o->cause[o->n_drop++] = cause;
}

/* Frames judged one by one (fwd_frame.c); @return the new forward count. */
static __rte_noinline unsigned int
fwd_frames(const struct lcore_conf *qconf, struct fwd_out *o,
	   struct rte_mbuf **pkts, unsigned int n, unsigned int nf)
{
	unsigned int j;
	uint16_t port = ROUTER_BAD_PORT;
	uint8_t v;

	for (j = 0; j < n; j++) {
		v = fwd_frame(qconf, pkts[j], &o->tally, &port);
		if (likely(v == FWD_OK)) {
			o->fwd[nf] = pkts[j];
			o->port[nf++] = port;
		} else {
			fwd_out_drop(o, pkts[j], v);
		}
	}
	return nf;
}

/* A next hop this lcore can send to (a miss is ROUTER_BAD_PORT). */
static __rte_always_inline bool
fwd_route_ok(const struct lcore_conf *qconf, uint16_t port)
{
	return likely(port < RTE_MAX_ETHPORTS && qconf->tx_buffer[port] != NULL);
}

/*
 * The end of both 4-wide paths for a routed frame whose L3 header is at
 * @p l3: the MACs just before it (destination then source: one 12-byte
 * copy). @return the new forward count.
 */
static __rte_always_inline unsigned int
fwd_x4_out(struct fwd_out *o, struct rte_mbuf *m, void *l3, uint16_t port,
	   unsigned int nf)
{
	memcpy((uint8_t *)l3 - RTE_ETHER_HDR_LEN, router_conf.l2hdr[port],
	       sizeof(router_conf.l2hdr[port]));
	o->fwd[nf] = m;
	o->port[nf] = port;
	return nf + 1;
}

/* Four frames that passed fwd_v4_fast_x4(): lookup, route check, rewrite. */
static __rte_always_inline unsigned int
fwd_v4_x4(const struct lcore_conf *qconf, struct fwd_out *o,
	  struct rte_mbuf **pkts, unsigned int nf)
{
	struct rte_ipv4_hdr *ip[FWD_STEP];
	uint32_t hop[FWD_STEP];
	unsigned int j;

	for (j = 0; j < FWD_STEP; j++)
		ip[j] = rte_pktmbuf_mtod_offset(pkts[j], struct rte_ipv4_hdr *,
						RTE_ETHER_HDR_LEN);
	rte_lpm_lookupx4(router_conf.lpm4,
			 fwd_dst_x4(ip[0]->dst_addr, ip[1]->dst_addr,
				    ip[2]->dst_addr, ip[3]->dst_addr),
			 hop, ROUTER_BAD_PORT);
	for (j = 0; j < FWD_STEP; j++) {
		if (unlikely(!fwd_route_ok(qconf, (uint16_t)hop[j]))) {
			fwd_out_drop(o, pkts[j], ROUTER_DROP_no_route);
			continue;
		}
		/* RFC 1624 incremental update: 2 bytes touched. */
		csum_ipv4_ttl_dec(ip[j]);
		nf = fwd_x4_out(o, pkts[j], ip[j], (uint16_t)hop[j], nf);
	}
	return nf;
}

/*
 * Four frames that passed fwd_v6_fast_x4(): one bulk lookup (the addresses
 * copied out: rte_lpm6 takes an array of them), route check, rewrite.
 */
static __rte_always_inline unsigned int
fwd_v6_x4(const struct lcore_conf *qconf, struct fwd_out *o,
	  struct rte_mbuf **pkts, unsigned int nf)
{
	struct rte_ipv6_hdr *ip6[FWD_STEP];
	router_lpm6_key dst[FWD_STEP];
	int32_t hop[FWD_STEP];
	unsigned int j;
	uint16_t port;

	for (j = 0; j < FWD_STEP; j++) {
		ip6[j] = rte_pktmbuf_mtod_offset(pkts[j], struct rte_ipv6_hdr *,
						 RTE_ETHER_HDR_LEN);
		memcpy(&dst[j], &ip6[j]->dst_addr, sizeof(dst[j]));
	}
	rte_lpm6_lookup_bulk_func(router_conf.lpm6, dst, hop, FWD_STEP);
	for (j = 0; j < FWD_STEP; j++) {
		port = hop[j] < 0 ? ROUTER_BAD_PORT : (uint16_t)hop[j];
		if (unlikely(!fwd_route_ok(qconf, port))) {
			fwd_out_drop(o, pkts[j], ROUTER_DROP_no_route);
			continue;
		}
		ip6[j]->hop_limits--;
		nf = fwd_x4_out(o, pkts[j], ip6[j], port, nf);
	}
	return nf;
}

/* The burst's counters, once; the drops freed; the frames sent by runs. */
static void
fwd_finish(struct lcore_conf *qconf, struct fwd_out *o, unsigned int nf)
{
	unsigned int s, e, k, diff = 0;
	uint16_t port;

	/* one egress port for the whole burst: the common case, one run */
	for (k = 1; k < nf; k++)
		diff |= o->port[k] ^ o->port[0];
	for (s = 0; s < nf; s = e) {
		port = o->port[s];
		e = nf;
		if (unlikely(diff != 0))
			for (e = s + 1; e < nf && o->port[e] == port; e++)
				;
		stat_add(&qconf->stats.fwd[port], e - s);
		fwd_tx_run(qconf, port, &o->fwd[s], e - s);
	}
	if (unlikely(o->n_drop != 0)) {
		uint16_t drops[ROUTER_DROP_MAX] = { 0 };

		if (router_conf.icmp_src != 0 || router_conf.icmp6_on)
			icmp_errors(qconf, o->drop, o->cause, o->n_drop);
		rte_pktmbuf_free_bulk(o->drop, o->n_drop);
		for (k = 0; k < o->n_drop; k++)
			drops[o->cause[k]]++;
		for (k = 0; k < ROUTER_DROP_MAX; k++)
			if (drops[k] != 0)
				stat_add(&qconf->stats.drop[k], drops[k]);
	}
	if (unlikely(o->tally.ip_sw_csum != 0))
		stat_add(&qconf->stats.ip_sw_csum, o->tally.ip_sw_csum);
	if (unlikely(o->tally.l4_bad_fwd != 0))
		stat_add(&qconf->stats.l4_bad_fwd, o->tally.l4_bad_fwd);
}

static __rte_always_inline bool
fwd_v4_fast_x4(struct rte_mbuf **pkts, bool drop_bad_l4)
{
	return fwd_meta_fast_x4(pkts, RTE_PTYPE_L3_IPV4, true, drop_bad_l4) &&
	       fwd_v4_hdr_fast(pkts[0]) && fwd_v4_hdr_fast(pkts[1]) &&
	       fwd_v4_hdr_fast(pkts[2]) && fwd_v4_hdr_fast(pkts[3]);
}

/* IPv6 has no header checksum: its verdict is not looked at. */
static __rte_always_inline bool
fwd_v6_fast_x4(struct rte_mbuf **pkts, bool drop_bad_l4)
{
	return fwd_meta_fast_x4(pkts, RTE_PTYPE_L3_IPV6, false, drop_bad_l4) &&
	       fwd_v6_hdr_fast(pkts[0]) && fwd_v6_hdr_fast(pkts[1]) &&
	       fwd_v6_hdr_fast(pkts[2]) && fwd_v6_hdr_fast(pkts[3]);
}

static __rte_always_inline void
fwd_burst(struct lcore_conf *qconf, struct rte_mbuf **pkts, unsigned int nb,
	  bool parse_ptype, const bool drop_bad_l4)
{
	struct fwd_out o;
	unsigned int i, j, nf = 0;

	o.n_drop = 0;
	o.tally.ip_sw_csum = 0;
	o.tally.l4_bad_fwd = 0;
	if (unlikely(parse_ptype)) {
		for (i = 0; i < nb; i++)
			fwd_parse_ptype(pkts[i]);
		stat_add(&qconf->stats.sw_ptype, nb);
	}

	for (i = 0; i < FWD_STEP && i < nb; i++)
		rte_prefetch0(rte_pktmbuf_mtod(pkts[i], void *));
	for (i = 0; i + FWD_STEP <= nb; i += FWD_STEP) {
		/*
		 * The next group's headers, one group of work ahead: about
		 * one memory latency where the PMD has not read them.
		 */
		if (likely(i + 2 * FWD_STEP <= nb)) {
			rte_prefetch0(rte_pktmbuf_mtod(pkts[i + 4], void *));
			rte_prefetch0(rte_pktmbuf_mtod(pkts[i + 5], void *));
			rte_prefetch0(rte_pktmbuf_mtod(pkts[i + 6], void *));
			rte_prefetch0(rte_pktmbuf_mtod(pkts[i + 7], void *));
		} else {
			for (j = i + FWD_STEP; j < nb; j++)
				rte_prefetch0(rte_pktmbuf_mtod(pkts[j], void *));
		}
		if (likely(fwd_v4_fast_x4(&pkts[i], drop_bad_l4)))
			nf = fwd_v4_x4(qconf, &o, &pkts[i], nf);
		else if (fwd_v6_fast_x4(&pkts[i], drop_bad_l4))
			nf = fwd_v6_x4(qconf, &o, &pkts[i], nf);
		else
			nf = fwd_frames(qconf, &o, &pkts[i], FWD_STEP, nf);
	}
	if (i < nb)
		nf = fwd_frames(qconf, &o, &pkts[i], nb - i, nf);
	fwd_finish(qconf, &o, nf);
}

/*
 * The burst compiled once per --drop-bad-l4 setting: its tests then carry
 * no run-time switch; out of the polling loop's body, whose live values
 * would crowd its registers.
 */
static __rte_noinline void
fwd_burst_l4_fwd(struct lcore_conf *qconf, struct rte_mbuf **pkts,
		 unsigned int nb, bool parse_ptype)
{
	fwd_burst(qconf, pkts, nb, parse_ptype, false);
}

static __rte_noinline void
fwd_burst_l4_drop(struct lcore_conf *qconf, struct rte_mbuf **pkts,
		  unsigned int nb, bool parse_ptype)
{
	fwd_burst(qconf, pkts, nb, parse_ptype, true);
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

/*
 * The queues an lcore will poll, logged by the main lcore before the
 * launch: rte_log() is declared cold, and a call to it ahead of the loop
 * in fwd_main_loop() makes GCC place everything after it, the whole
 * forwarding loop, in the function's cold (size-optimised) part.
 */
void
fwd_log_queues(unsigned int lcore)
{
	const struct lcore_conf *qconf = &lcore_conf[lcore];
	unsigned int i;

	for (i = 0; i < qconf->n_rx_queue; i++)
		RTE_LOG(INFO, ROUTER, "lcore %u: port %u queue %u%s\n",
			lcore, qconf->rx_queue_list[i].port_id,
			qconf->rx_queue_list[i].queue_id,
			qconf->rx_queue_list[i].parse_ptype ?
			" (software packet types)" : "");
}

int
fwd_main_loop(void *arg __rte_unused)
{
	const unsigned int lcore = rte_lcore_id();
	struct lcore_conf *qconf = &lcore_conf[lcore];
	struct rte_mbuf *pkts[MAX_PKT_BURST];
	const uint64_t drain_tsc = (rte_get_tsc_hz() + US_PER_S - 1) /
				   US_PER_S * BURST_TX_DRAIN_US;
	const unsigned int idle_polls = router_conf.idle_polls;
	const bool drop_bad_l4 = router_conf.drop_bad_l4;
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
	if (idle_polls != 0 && fwd_idle_register(qconf) != 0) {
		force_quit = true;
		return -1;
	}
	idle_adapt_init(&adapt, idle_polls != 0 ? idle_polls : idle_period,
			router_conf.idle_fixed);
	stat_set(&qconf->stats.idle_polls, adapt.polls);
	reload_reader_start(lcore);
	while (!force_quit) {
		/* the tables read by the previous bursts may go (reload.h) */
		reload_quiescent(lcore);
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
			stat_add(&qconf->stats.rxq[i], nb);
			if (drop_bad_l4)
				fwd_burst_l4_drop(qconf, pkts, nb, q->parse_ptype);
			else
				fwd_burst_l4_fwd(qconf, pkts, nb, q->parse_ptype);
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
				reload_reader_online(lcore, false);
				idle_adapt_woken(&adapt, fwd_idle_sleep(qconf));
				reload_reader_online(lcore, true);
				stat_set(&qconf->stats.idle_polls, adapt.polls);
				empty = 0;
			}
		}
	}
	reload_reader_stop(lcore);
	/* Nothing stays in a TX buffer: every mbuf goes back to its pool. */
	fwd_drain(qconf);
	stat_add(&qconf->stats.run_tsc, rte_rdtsc() - start_tsc);
	return 0;
}
