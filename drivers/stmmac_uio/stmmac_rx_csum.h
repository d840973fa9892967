/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The dwmac4 checksum engine's answer (RDES1 of a frame's last
 * descriptor) in lib/rxpath's neutral terms (struct rxp_hw_csum), whose
 * one policy, rxp_hw_csum_flags(), decides what it is worth.
 */
#ifndef STMMAC_RX_CSUM_H
#define STMMAC_RX_CSUM_H

#include <stdint.h>

#include <rte_common.h>

#include "rxp_parse.h"

#include "dwmac4_desc.h"

/*
 * RDES1: IPV4/IPV6 say which L3 header the engine parsed, IPHE that the
 * IPv4 header (or a length) is wrong; the payload type (PT) says which L4
 * checksum it checked unless IPCB (bypassed: fragments, IPsec, routing
 * headers), IPCE that it was wrong. 0 when the engine gave no answer.
 */
static __rte_always_inline struct rxp_hw_csum
stmmac_rx_hw_csum(uint32_t rdes1)
{
	uint32_t pt = rdes1 & RDES1_IP_PAYLOAD_TYPE_MASK;
	uint32_t f = 0;

	if (rdes1 & RDES1_IPV4_HEADER)
		f |= RXP_HW_L3_IPV4;
	if (rdes1 & RDES1_IPV6_HEADER)
		f |= RXP_HW_L3_IPV6;
	if (rdes1 & RDES1_IP_HDR_ERROR)
		f |= RXP_HW_IP_HDR_BAD;
	if (!(rdes1 & RDES1_IP_CSUM_BYPASSED)) {
		if (pt == DWMAC4_RDES1_PT_TCP)
			f |= RXP_HW_L4_TCP;
		else if (pt == DWMAC4_RDES1_PT_UDP)
			f |= RXP_HW_L4_UDP;
	}
	if (rdes1 & RDES1_IP_PAYLOAD_ERROR)
		f |= RXP_HW_L4_BAD;
	return RXP_HW_CSUM(f);
}

#endif /* STMMAC_RX_CSUM_H */
