/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * What icmp.c (the rate, the Ethernet header, the totals) shares with the
 * builders of each IP version (icmp_v4.c, icmp_v6.c).
 */
#ifndef SOCRX_ROUTER_ICMP_INTERNAL_H
#define SOCRX_ROUTER_ICMP_INTERNAL_H

#include <stdbool.h>
#include <stdint.h>

#include <rte_mbuf.h>

/* TOS / traffic class of an error: CS6, internetwork control (RFC 1812 4.3.2.5) */
#define ICMP_DSCP_TOS		0xc0
#define ICMP_HOP_LIMIT		64	/* TTL / hop limit of an error */

/* Where a dropped frame's IP header is: after one 802.1Q tag or none. */
struct icmp_l2 {
	const struct rte_ether_hdr *eth;
	const void *l3;
	unsigned int len;	/* 14 or 18 */
	bool tagged;
	rte_be16_t tci;		/* the tag, when tagged */
};

/*
 * A new frame from @p m's pool back to its sender: Ethernet (and the same
 * tag) to @p l2's source MAC from the ingress port's MAC, EtherType
 * @p etype, then @p l3_len bytes for the caller to fill.
 * @return the L3 start, NULL (and *e NULL) without an mbuf.
 */
void *icmp_frame_new(const struct rte_mbuf *m, const struct icmp_l2 *l2,
		     uint16_t etype, unsigned int l3_len, struct rte_mbuf **e);

/* The bytes a new frame of @p m's pool can hold after the L2 header. */
unsigned int icmp_frame_room(const struct rte_mbuf *m,
			     const struct icmp_l2 *l2);

/*
 * Whether the dropped frame @p m, its IP header (checked by the forwarding
 * path) at @p l2->l3, may get an error (RFC 1812 4.3.2.7, RFC 4443 2.4(e)).
 */
bool icmp_v4_may_answer(const struct rte_mbuf *m, const struct icmp_l2 *l2);
bool icmp_v6_may_answer(const struct rte_mbuf *m, const struct icmp_l2 *l2);

/*
 * The error for @p m (one icmp_vX_may_answer() accepted): time exceeded
 * when @p expired, else destination unreachable; NULL without an mbuf.
 */
struct rte_mbuf *icmp_v4_build(const struct rte_mbuf *m,
			       const struct icmp_l2 *l2, bool expired);
struct rte_mbuf *icmp_v6_build(const struct rte_mbuf *m,
			       const struct icmp_l2 *l2, bool expired);

#endif /* SOCRX_ROUTER_ICMP_INTERNAL_H */
