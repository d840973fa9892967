/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * tx_pkt_prepare: whether the device will do what a packet's ol_flags ask
 * (mvneta_tx_csum.h). It changes nothing: with L4_CSUM_FULL the device
 * ignores what the L4 field holds. Like DPDK's rte_validate_tx_offload():
 * an L4 request needs RTE_MBUF_F_TX_IPV4 or _IPV6, the IPv4 header
 * checksum RTE_MBUF_F_TX_IPV4. Unlike the stmmac's engine, the NETA does
 * not parse the frame: it trusts the descriptor's offset, header length
 * and L3 type, so they are checked against the frame (a mismatch would
 * have the device sum the wrong bytes and write at a wrong offset).
 */
#include <errno.h>

#include <rte_errno.h>
#include <rte_ether.h>
#include <rte_ip.h>

#include "mvneta_tx_csum.h"

/* IPv4 flags and fragment offset (bytes 6-7 of its header), host order. */
#define MVNETA_IP4_FRAG_BITS	(RTE_IPV4_HDR_MF_FLAG | RTE_IPV4_HDR_OFFSET_MASK)

/* 0 when @p m's headers are what its ol_flags, l2_len and l3_len say. */
static int
mvneta_tx_csum_check(const struct rte_mbuf *m)
{
	uint64_t fl = m->ol_flags, l4 = fl & RTE_MBUF_F_TX_L4_MASK;
	bool v4 = fl & RTE_MBUF_F_TX_IPV4, v6 = fl & RTE_MBUF_F_TX_IPV6;
	uint8_t buf[8];
	const uint8_t *p;
	uint16_t type;

	if (v4 == v6 || ((fl & RTE_MBUF_F_TX_IP_CKSUM) && !v4) ||
	    m->l2_len < RTE_ETHER_HDR_LEN ||
	    !mvneta_tx_csum_fits(m->l2_len, m->l3_len) ||
	    m->l3_len < (v6 ? sizeof(struct rte_ipv6_hdr) :
			 sizeof(struct rte_ipv4_hdr)))
		return -EINVAL;
	/* The EtherType in front of the L3 header (after any VLAN tag). */
	p = rte_pktmbuf_read(m, m->l2_len - 2u, 3, buf);
	if (p == NULL)
		return -EINVAL;
	type = (uint16_t)(p[0] << 8 | p[1]);
	if (v6)
		return type == RTE_ETHER_TYPE_IPV6 && p[2] >> 4 == 6 ? 0 : -EINVAL;
	if (type != RTE_ETHER_TYPE_IPV4 || p[2] >> 4 != 4 ||
	    (p[2] & 0xfu) * MVNETA_TX_IP_HLEN_UNIT != m->l3_len)
		return -EINVAL;
	if (l4 == 0)
		return 0;
	/* The device sums one fragment as if it were the datagram. */
	p = rte_pktmbuf_read(m, m->l2_len + 6u, 2, buf);
	if (p == NULL || ((p[0] << 8 | p[1]) & MVNETA_IP4_FRAG_BITS))
		return -EINVAL;
	return 0;
}

/*
 * An offload the device does not have: ENOTSUP; a checksum request the
 * command word cannot carry or the frame does not match: EINVAL.
 */
uint16_t
mvneta_prep_pkts(void *tx_queue, struct rte_mbuf **tx_pkts, uint16_t nb_pkts)
{
	uint16_t i;
	int ret;

	RTE_SET_USED(tx_queue);
	for (i = 0; i < nb_pkts; i++) {
		const struct rte_mbuf *m = tx_pkts[i];
		uint64_t l4 = m->ol_flags & RTE_MBUF_F_TX_L4_MASK;

		if ((m->ol_flags & ~MVNETA_TX_OL_FLAGS &
		     RTE_MBUF_F_TX_OFFLOAD_MASK) ||
		    (l4 != 0 && l4 != RTE_MBUF_F_TX_TCP_CKSUM &&
		     l4 != RTE_MBUF_F_TX_UDP_CKSUM)) {
			rte_errno = ENOTSUP;
			return i;
		}
		if (!(m->ol_flags & (RTE_MBUF_F_TX_IP_CKSUM |
				     RTE_MBUF_F_TX_L4_MASK)))
			continue;
		ret = mvneta_tx_csum_check(m);
		if (ret < 0) {
			rte_errno = -ret;
			return i;
		}
	}
	return i;
}
