/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * TX checksum insertion: an mbuf's checksum requests as the command word
 * of its first TX descriptor, as Linux's mvneta_skb_tx_csum() /
 * mvneta_txq_desc_csum() build it from an skb:
 *   - L3 offset: l2_len (skb_network_offset()), 7 bits;
 *   - IP header length in 32-bit words: l3_len / 4 (ip4h->ihl; IPv6 with
 *     its extension headers, skb_network_header_len() >> 2), 5 bits;
 *   - IPv4: the header checksum (MVNETA_TXD_IP_CSUM) with every request,
 *     as Linux sets it; IPv6: MVNETA_TX_L3_IP6;
 *   - TCP: L4_CSUM_FULL; UDP: L4_UDP | L4_CSUM_FULL; else L4_CSUM_NOT.
 * With L4_CSUM_FULL the device sums the pseudo-header and the segment
 * itself and overwrites the L4 field: what it held (DPDK's and Linux's
 * pseudo-header sum, or anything) does not count.
 *
 * Linux turns the offload off above the DT's tx-csum-limit (1600 bytes on
 * the 370, 9800 elsewhere): the Armada 3700's 9800 is above the largest
 * frame this PMD sends, so no limit applies here.
 *
 * What the two fields cannot express (an offset over 127 bytes, a header
 * length that is not a whole number of words or over 31 of them) is
 * refused by tx_prepare (mvneta_tx_prep.c); the burst sends such a packet
 * with no checksum request rather than have the device write at a wrong
 * offset.
 */
#ifndef SOCRX_MVNETA_TX_CSUM_H
#define SOCRX_MVNETA_TX_CSUM_H

#include <stdbool.h>
#include <stdint.h>

#include <rte_branch_prediction.h>
#include <rte_common.h>
#include <rte_ethdev.h>
#include <rte_mbuf.h>

#include "mvneta_desc.h"

/* The ethdev offloads the command word gives. */
#define MVNETA_TX_OFFLOAD_CKSUM						\
	(RTE_ETH_TX_OFFLOAD_IPV4_CKSUM | RTE_ETH_TX_OFFLOAD_UDP_CKSUM |	\
	 RTE_ETH_TX_OFFLOAD_TCP_CKSUM)

/* The ol_flags the burst honours; tx_prepare refuses any other offload. */
#define MVNETA_TX_OL_FLAGS						\
	(RTE_MBUF_F_TX_IP_CKSUM | RTE_MBUF_F_TX_L4_MASK |		\
	 RTE_MBUF_F_TX_IPV4 | RTE_MBUF_F_TX_IPV6)

/* Whether @p l2_len and @p l3_len fit the command word's two fields. */
static __rte_always_inline bool
mvneta_tx_csum_fits(uint64_t l2_len, uint64_t l3_len)
{
	return l2_len <= MVNETA_TX_L3_OFF_MAX && l3_len != 0 &&
	       l3_len % MVNETA_TX_IP_HLEN_UNIT == 0 &&
	       l3_len / MVNETA_TX_IP_HLEN_UNIT <= MVNETA_TX_IP_HLEN_MAX;
}

/* The checksum part of the first descriptor's command word for @p m. */
static __rte_always_inline uint32_t
mvneta_tx_csum_cmd(const struct rte_mbuf *m)
{
	uint64_t fl = m->ol_flags, l4 = fl & RTE_MBUF_F_TX_L4_MASK;
	uint32_t cmd;

	if (likely(!(fl & (RTE_MBUF_F_TX_IP_CKSUM | RTE_MBUF_F_TX_L4_MASK))) ||
	    unlikely(!mvneta_tx_csum_fits(m->l2_len, m->l3_len)))
		return MVNETA_TX_L4_CSUM_NOT;
	cmd = (uint32_t)m->l2_len << MVNETA_TX_L3_OFF_SHIFT |
	      (uint32_t)(m->l3_len / MVNETA_TX_IP_HLEN_UNIT) <<
	      MVNETA_TX_IP_HLEN_SHIFT;
	cmd |= (fl & RTE_MBUF_F_TX_IPV6) ? MVNETA_TX_L3_IP6 : MVNETA_TXD_IP_CSUM;
	if (l4 == RTE_MBUF_F_TX_TCP_CKSUM)
		return cmd | MVNETA_TX_L4_CSUM_FULL;
	if (l4 == RTE_MBUF_F_TX_UDP_CKSUM)
		return cmd | MVNETA_TX_L4_UDP | MVNETA_TX_L4_CSUM_FULL;
	return cmd | MVNETA_TX_L4_CSUM_NOT;
}

uint16_t mvneta_prep_pkts(void *tx_queue, struct rte_mbuf **tx_pkts,
			  uint16_t nb_pkts);

#endif /* SOCRX_MVNETA_TX_CSUM_H */
