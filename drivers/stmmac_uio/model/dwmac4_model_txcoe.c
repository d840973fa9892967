/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * dwmac4 model: the transmit checksum offload engine (docs/model.md
 * "Transmit checksum offload"), between the TX DMA and the wire. What it
 * does to a frame, as the Synopsys databook's "Transmit checksum offload"
 * section describes it (quoted in ST's RM0090, section 33.5.2, for the
 * GMAC 3.x it inherits from; the QoS core's TDES3.CIC has the same four
 * values, Linux common.h cic_disabled .. cic_full):
 *
 * - TDES3.CIC of the frame's first descriptor: 0 nothing; 1 the IPv4
 *   header checksum; 2 also the TCP/UDP/ICMP checksum, the pseudo-header
 *   "assumed to be present in the input frame's checksum field" (summed
 *   with the rest); 3 the same, "the checksum field is ignored" and the
 *   pseudo-header summed by the engine (what Linux stmmac and DPDK's axgbe
 *   use). ICMP over IPv4 has no pseudo-header: its field is summed in both
 *   modes ("must always be 0x0000").
 * - Only with the MTL TX queue in store and forward (TSF): in threshold
 *   mode the engine is bypassed and the frame leaves unmodified
 *   (tx_csum_cut_through).
 * - IPv4 is an EtherType of 0x0800 (after at most one 802.1Q tag, as the
 *   model's receive engine); the header checksum field is ignored and
 *   replaced, even when the version disagrees. IPv6 headers have none.
 * - The payload: TCP, UDP or ICMP, found through the IPv6 extension
 *   headers; fragments, AH/ESP and IPv6 routing headers (and every other
 *   protocol) are passed unmodified.
 * - Errors, in the last descriptor's write-back with ES (Linux
 *   dwmac4_wrback_get_tx_status() reads both under ES): IHE for a header
 *   that disagrees with the EtherType or is cut short; PCE when the frame
 *   ends before the IP length says (the checksum of what arrived is still
 *   inserted). Bytes after the IP datagram (Ethernet padding) are not
 *   summed. The frame is sent either way.
 * - UDP: a computed 0 is sent as 0xffff (RFC 768; RFC 8200 section 8.1).
 */
#include <net/ethernet.h>
#include <netinet/in.h>

#include "dwmac4_model_internal.h"
#include "model_csum.h"

static inline uint16_t
rd16(const uint8_t *p)
{
	return (uint16_t)(p[0] << 8 | p[1]);
}

static inline void
wr16(uint8_t *p, uint16_t v)
{
	p[0] = (uint8_t)(v >> 8);
	p[1] = (uint8_t)v;
}

/*
 * Offset of the checksum field in the header of upper-layer protocol
 * @p proto, or -1 when the engine passes it (IPv6: ICMPv6, not ICMP).
 */
static int
coe_field(uint8_t proto, bool v6)
{
	switch (proto) {
	case IPPROTO_TCP:
		return 16;
	case IPPROTO_UDP:
		return 6;
	case IPPROTO_ICMP:
		return v6 ? -1 : 2;
	case IPPROTO_ICMPV6:
		return v6 ? 2 : -1;
	default:
		return -1;
	}
}

/*
 * Inserts the payload checksum: @p have of the @p ulen bytes the IP
 * header gives the upper layer are in the frame at @p l4; @p pseudo is
 * the pseudo-header's sum. Returns PCE or 0.
 */
static uint32_t
coe_payload(uint8_t *l4, uint32_t have, uint32_t ulen, uint8_t proto,
	    bool v6, uint64_t pseudo, uint32_t cic)
{
	int off = coe_field(proto, v6);
	uint16_t sum;

	if (off < 0)
		return 0;
	/* No room for the field: nothing can be inserted. */
	if (have < (uint32_t)off + 2u)
		return TDES3_PAYLOAD_ERROR;
	if (proto == IPPROTO_ICMP || cic != DWMAC4_TDES3_CIC_FULL)
		pseudo = 0;		/* the field is summed as it is */
	else
		wr16(l4 + off, 0);	/* ignored */
	sum = (uint16_t)~model_csum_fold(model_csum_add(pseudo, l4, have));
	if (proto == IPPROTO_UDP && sum == 0)
		sum = 0xffff;
	wr16(l4 + off, sum);
	return have < ulen ? TDES3_PAYLOAD_ERROR : 0;
}

static uint32_t
coe_ipv4(uint8_t *ip, uint32_t avail, uint32_t cic)
{
	uint32_t ihl, tot, end;
	uint64_t pseudo;

	ihl = avail != 0 ? (ip[0] & 0xfu) * 4u : 0;
	if (ihl < 20 || ihl > avail)
		return TDES3_IP_HDR_ERROR;
	wr16(ip + 10, 0);
	wr16(ip + 10, (uint16_t)~model_csum_fold(model_csum_add(0, ip, ihl)));
	tot = rd16(ip + 2);
	if (ip[0] >> 4 != 4 || tot < ihl)
		return TDES3_IP_HDR_ERROR;
	/* MF or an offset: the L4 checksum spans the whole datagram. */
	if (cic == DWMAC4_TDES3_CIC_ONLY_IP || (rd16(ip + 6) & 0x3fffu))
		return 0;
	end = tot < avail ? tot : avail;
	pseudo = model_csum_add(0, ip + 12, 8) + ip[9] + (tot - ihl);
	return coe_payload(ip + ihl, end - ihl, tot - ihl, ip[9], false,
			   pseudo, cic);
}

static uint32_t
coe_ipv6(uint8_t *ip, uint32_t avail, uint32_t cic)
{
	uint32_t off = 40, hlen, dgram, end;
	uint64_t pseudo;
	uint8_t nh;

	if (avail < 40 || ip[0] >> 4 != 6)
		return TDES3_IP_HDR_ERROR;
	/* Hop-by-hop and destination options are walked (RFC 8200 4.3, 4.6). */
	for (nh = ip[6]; nh == IPPROTO_HOPOPTS || nh == IPPROTO_DSTOPTS;
	     off += hlen) {
		if (off + 2u > avail)
			return TDES3_IP_HDR_ERROR;
		hlen = (ip[off + 1] + 1u) * 8u;
		if (off + hlen > avail)
			return TDES3_IP_HDR_ERROR;
		nh = ip[off];
	}
	if (cic == DWMAC4_TDES3_CIC_ONLY_IP)
		return 0;	/* nothing to insert in an IPv6 header */
	dgram = 40u + rd16(ip + 4);
	if (dgram < off)
		return coe_field(nh, true) < 0 ? 0 : TDES3_PAYLOAD_ERROR;
	end = dgram < avail ? dgram : avail;
	pseudo = model_csum_add(0, ip + 8, 32) + (dgram - off) + nh;
	return coe_payload(ip + off, end - off, dgram - off, nh, true, pseudo,
			   cic);
}

uint32_t
model_tx_coe(struct dwmac4_model *m, unsigned int q, uint8_t *frame,
	     uint32_t len, uint32_t cic)
{
	uint32_t l3 = ETHER_HDR_LEN, st;
	uint16_t type;

	cic &= TDES3_CHECKSUM_INSERTION_MASK;
	if (cic == DWMAC4_TDES3_CIC_DISABLED)
		return 0;
	if (!(model_reg_get(m, MTL_CHAN_TX_OP_MODE(q)) & MTL_OP_MODE_TSF)) {
		MODEL_STAT_ADD(m, tx_csum_cut_through, 1);
		return 0;
	}
	MODEL_STAT_ADD(m, tx_csum_frames, 1);
	if (len < ETHER_HDR_LEN)
		return 0;
	type = rd16(frame + 12);
	if (type == ETHERTYPE_VLAN && len >= l3 + 4u) {
		l3 += 4;
		type = rd16(frame + 16);
	}
	if (type == ETHERTYPE_IP)
		st = coe_ipv4(frame + l3, len - l3, cic);
	else if (type == ETHERTYPE_IPV6)
		st = coe_ipv6(frame + l3, len - l3, cic);
	else
		return 0;	/* not IP: sent as it is */
	if (st & TDES3_IP_HDR_ERROR)
		MODEL_STAT_ADD(m, tx_csum_hdr_err, 1);
	if (st & TDES3_PAYLOAD_ERROR)
		MODEL_STAT_ADD(m, tx_csum_payload_err, 1);
	return st != 0 ? st | TDES3_ERROR_SUMMARY : 0;
}
