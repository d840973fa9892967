/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The dwmac4 transmit checksum engine's request (TDES3.CIC) from a
 * packet's ol_flags: set by the TX burst (stmmac_txq.c), checked by
 * tx_pkt_prepare (stmmac_tx_prep.c). The receive side's answer is
 * stmmac_rx_csum.h.
 */
#ifndef STMMAC_TX_CSUM_H
#define STMMAC_TX_CSUM_H

#include <stdint.h>

#include <rte_common.h>
#include <rte_mbuf.h>

#include "dwmac4_desc.h"

/*
 * TDES3.CIC for a packet's ol_flags, as DPDK's axgbe sets the same field
 * of the XGMAC: a TCP or UDP checksum asks for the whole engine (3: the
 * device sums the pseudo-header and ignores what the L4 field holds, the
 * IPv4 header checksum comes with it), the IPv4 header checksum alone for
 * 1. The device reads the headers itself: l2_len/l3_len are not needed.
 * Linux stmmac sets 3 on every descriptor of a frame (dwmac4_rd_prepare_
 * tx_desc()); so does the burst.
 */
static __rte_always_inline uint32_t
stmmac_tx_cic(uint64_t ol_flags)
{
	uint64_t l4 = ol_flags & RTE_MBUF_F_TX_L4_MASK;

	if (l4 == RTE_MBUF_F_TX_TCP_CKSUM || l4 == RTE_MBUF_F_TX_UDP_CKSUM)
		return DWMAC4_TDES3_CIC_FULL;
	if (ol_flags & RTE_MBUF_F_TX_IP_CKSUM)
		return DWMAC4_TDES3_CIC_ONLY_IP;
	return DWMAC4_TDES3_CIC_DISABLED;
}

#endif /* STMMAC_TX_CSUM_H */
