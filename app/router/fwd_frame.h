/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * One frame judged and rewritten on its own: every case the burst's
 * 4-wide IPv4 path leaves out (IPv6, IPv4 options, a checksum verdict
 * other than GOOD, TTL expiry, no route, non-IP, the L4 policy), and the
 * frames of a burst beyond its last group of four.
 */
#ifndef SOCRX_ROUTER_FWD_FRAME_H
#define SOCRX_ROUTER_FWD_FRAME_H

#include <stdint.h>

#include <rte_mbuf.h>

#include "router.h"

#define FWD_OK	ROUTER_DROP_MAX		/* judgement: forward */

/* Per-burst counts of the out-of-line path, added to the lcore's once. */
struct fwd_tally {
	uint16_t ip_sw_csum;	/* IPv4 headers summed in software */
	uint16_t l4_bad_fwd;	/* bad L4 verdict, forwarded */
};

/*
 * Judges @p m in the order of ROUTER_DROP_CAUSES; if it is to be
 * forwarded, decrements its TTL or hop limit, rewrites its MACs and
 * stores its egress port in @p port. @return FWD_OK, or the drop cause
 * (the frame untouched).
 */
uint8_t fwd_frame(const struct lcore_conf *qconf, struct rte_mbuf *m,
		  struct fwd_tally *t, uint16_t *port);

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

#endif /* SOCRX_ROUTER_FWD_FRAME_H */
