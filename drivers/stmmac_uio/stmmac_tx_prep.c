/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * tx_pkt_prepare of net_stmmac_uio: what the TX burst (stmmac_txq.c) is
 * asked to offload, checked against what the device's checksum engine
 * does, before the packets reach the burst.
 */
#include <errno.h>
#include <stdint.h>

#include <rte_common.h>
#include <rte_errno.h>
#include <rte_ether.h>
#include <rte_ip.h>
#include <rte_mbuf.h>

#include "stmmac_ethdev.h"
#include "stmmac_tx_csum.h"


/* The ol_flags the device honours; any other is refused by prepare. */
#define STMMAC_TX_OL_FLAGS						\
	(RTE_MBUF_F_TX_IP_CKSUM | RTE_MBUF_F_TX_L4_MASK |		\
	 RTE_MBUF_F_TX_IPV4 | RTE_MBUF_F_TX_IPV6 |			\
	 RTE_MBUF_F_TX_IEEE1588_TMST)

/*
 * Whether the checksum engine will do what @p m's ol_flags ask (robustness:
 * a request it would pass unmodified is refused, not sent with a wrong
 * checksum). The engine finds IPv4 or IPv6 after at most one 802.1Q tag
 * and does nothing for an IPv4 fragment's L4 checksum (model.md,
 * "Transmit checksum offload").
 */
static int
stmmac_tx_csum_ok(const struct rte_mbuf *m, uint64_t l4)
{
	uint8_t buf[RTE_ETHER_HDR_LEN + RTE_VLAN_HLEN + 8];
	const uint8_t *p = rte_pktmbuf_read(m, 0, RTE_ETHER_HDR_LEN, buf);
	uint32_t l3 = RTE_ETHER_HDR_LEN;
	uint16_t type;

	if (p == NULL)
		return -EINVAL;
	type = (uint16_t)(p[12] << 8 | p[13]);
	if (type == RTE_ETHER_TYPE_VLAN) {
		p = rte_pktmbuf_read(m, l3, RTE_VLAN_HLEN, buf);
		if (p == NULL)
			return -EINVAL;
		type = (uint16_t)(p[2] << 8 | p[3]);
		l3 += RTE_VLAN_HLEN;
	}
	if (type == RTE_ETHER_TYPE_IPV6)
		return (m->ol_flags & RTE_MBUF_F_TX_IP_CKSUM) ? -EINVAL : 0;
	if (type != RTE_ETHER_TYPE_IPV4)
		return -EINVAL;
	if (l4 == 0)
		return 0;
	/* Flags and fragment offset: bytes 6-7 of the IPv4 header. */
	p = rte_pktmbuf_read(m, l3 + 6, 2, buf);
	if (p == NULL || ((p[0] << 8 | p[1]) & (RTE_IPV4_HDR_MF_FLAG |
						 RTE_IPV4_HDR_OFFSET_MASK)))
		return -EINVAL;
	return 0;
}

/*
 * tx_pkt_prepare: checks, changes nothing (CIC 3 ignores the L4 field:
 * DPDK's convention of a pseudo-header sum there and a zero both work).
 * An offload the device does not have: ENOTSUP; a checksum request on a
 * frame its engine passes unmodified: EINVAL.
 */
uint16_t
stmmac_prep_pkts(void *tx_queue, struct rte_mbuf **tx_pkts, uint16_t nb_pkts)
{
	const struct stmmac_tx_queue *txq = tx_queue;
	uint16_t i;

	for (i = 0; i < nb_pkts; i++) {
		const struct rte_mbuf *m = tx_pkts[i];
		uint64_t l4 = m->ol_flags & RTE_MBUF_F_TX_L4_MASK;
		int ret;

		if ((m->ol_flags & ~STMMAC_TX_OL_FLAGS & RTE_MBUF_F_TX_OFFLOAD_MASK) ||
		    (l4 != 0 && l4 != RTE_MBUF_F_TX_TCP_CKSUM &&
		     l4 != RTE_MBUF_F_TX_UDP_CKSUM) ||
		    (txq->cic_mask == 0 && stmmac_tx_cic(m->ol_flags) != 0)) {
			rte_errno = ENOTSUP;
			return i;
		}
		if (stmmac_tx_cic(m->ol_flags) == 0)
			continue;
		ret = stmmac_tx_csum_ok(m, l4);
		if (ret < 0) {
			rte_errno = -ret;
			return i;
		}
	}
	return i;
}
