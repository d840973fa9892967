/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * --icmp-errors: ICMP time exceeded (TTL expiry, RFC 792 type 11 code 0)
 * and destination unreachable (no route, type 3 code 0) for dropped IPv4
 * frames; --icmp6-errors: ICMPv6 time exceeded (hop limit, RFC 4443 type
 * 3 code 0) and destination unreachable (no route, type 1 code 0) for
 * dropped IPv6 frames. Sent back out of the port the frame came in by,
 * to its sender's MAC (with its 802.1Q tag, if any), from the address the
 * option gives. Off by default. Rate limited by a token bucket per
 * ingress port and lcore shared by both versions (--icmp-rate per second,
 * ICMP_BURST at once). No error about an ICMP error, a non-first
 * fragment, a multicast or broadcast destination, or a source that is not
 * a unicast host (RFC 1812 4.3.2.7, RFC 4443 2.4(e)).
 */
#ifndef SOCRX_ROUTER_ICMP_H
#define SOCRX_ROUTER_ICMP_H

#include <stdint.h>

#include <rte_mbuf.h>

#include "router.h"

#define ICMP_RATE_DEFAULT	100	/* errors a second, per port and lcore */
#define ICMP_RATE_MAX		1000000
#define ICMP_BURST		10	/* the bucket's depth, at most the rate */

/*
 * For the @p n frames of a burst dropped for @p cause (ROUTER_DROP_*),
 * on lcore @p qconf: the errors they call for, sent (to the TX buffer of
 * each frame's ingress port). The frames themselves are left untouched.
 */
void icmp_errors(struct lcore_conf *qconf, struct rte_mbuf **drop,
		 const uint8_t *cause, unsigned int n);

/* At exit: errors sent and held back (rate, pool), logged. */
void icmp_log_totals(void);

#endif /* SOCRX_ROUTER_ICMP_H */
