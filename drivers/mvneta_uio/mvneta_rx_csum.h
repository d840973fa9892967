/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The NETA parser's answer (RX status word of a frame's first
 * descriptor) in lib/rxpath's neutral terms (struct rxp_hw_csum), whose
 * one policy, rxp_hw_csum_flags(), decides what it is worth: the device's
 * answer counts only where it checked exactly the datagram software
 * parses (robustness P-b; unlike DPDK's drivers/net/mvneta, which sets
 * GOOD whenever the device reported no error).
 */
#ifndef MVNETA_RX_CSUM_H
#define MVNETA_RX_CSUM_H

#include <stdint.h>

#include <rte_common.h>

#include "rxp_parse.h"

#include "mvneta_desc.h"

/*
 * L3 type [25:24]: IPv4 with a good or a bad header, IPv6, or neither.
 * L4: the parser answers "verified and correct" (L4_CSUM_OK) or nothing:
 * NETA has no "L4 checksum bad" bit, and a clear L4_CSUM_OK also means a
 * fragment (IP4_FRAG), extension headers, a UDP checksum of 0 or a
 * datagram longer than the frame. So the answer is "checked and good"
 * for the L4 type it names when L4_CSUM_OK is set, and none otherwise:
 * Linux's mvneta_rx_csum() trusts L3_IP4 with L4_CSUM_OK and nothing
 * else, and lets the stack verify the rest.
 */
static __rte_always_inline struct rxp_hw_csum
mvneta_rx_hw_csum(uint32_t status)
{
	uint32_t l3 = status & MVNETA_RXD_L3_TYPE_MASK;
	uint32_t l4 = status & MVNETA_RXD_L4_TYPE_MASK;
	uint32_t f = 0;

	if (l3 == MVNETA_RXD_L3_IP4_OK)
		f |= RXP_HW_L3_IPV4;
	else if (l3 == MVNETA_RXD_L3_IP4_ERR)
		f |= RXP_HW_L3_IPV4 | RXP_HW_IP_HDR_BAD;
	else if (l3 == MVNETA_RXD_L3_IP6)
		f |= RXP_HW_L3_IPV6;
	if ((status & MVNETA_RXD_L4_CSUM_OK) && !(status & MVNETA_RXD_IP4_FRAG) &&
	    (l3 == MVNETA_RXD_L3_IP4_OK || l3 == MVNETA_RXD_L3_IP6)) {
		if (l4 == MVNETA_RXD_L4_TCP)
			f |= RXP_HW_L4_TCP;
		else if (l4 == MVNETA_RXD_L4_UDP)
			f |= RXP_HW_L4_UDP;
	}
	return RXP_HW_CSUM(f);
}

#endif /* MVNETA_RX_CSUM_H */
