/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * neta model: the RX parser's answer in the descriptor status (L3 and L4
 * type, IPv4 header OK, L4 checksum OK, IPv4 fragment, one VLAN tag), the
 * queue steering (MVNETA_PORT_CONFIG's class queues and their capture
 * enables, the VLAN priority map), and the TX checksum insertion.
 *
 * The parser claims MVNETA_RXD_L4_CSUM_OK only for a TCP or UDP checksum
 * it verified over exactly the datagram (IP lengths, never the Ethernet
 * padding): never for a fragment, a datagram longer than the frame, IPv6
 * extension headers, or a UDP checksum of 0 (not computed by the sender).
 * The device answers "OK" or nothing: it has no "L4 checksum bad" bit.
 */
#include <net/ethernet.h>
#include <netinet/in.h>
#include <string.h>

#include "model_csum.h"
#include "neta_model_internal.h"

static inline uint16_t
be16_at(const uint8_t *p)
{
	return (uint16_t)(p[0] << 8 | p[1]);
}

/* L4 type bits of IP protocol @p proto. */
static uint32_t
l4_type(uint8_t proto)
{
	if (proto == IPPROTO_TCP)
		return MVNETA_RXD_L4_TCP;
	if (proto == IPPROTO_UDP)
		return MVNETA_RXD_L4_UDP;
	return MVNETA_RXD_L4_OTHER;
}

/* True when the TCP/UDP checksum of @p l4 (@p len bytes) verifies. */
static bool
l4_csum_ok(uint8_t proto, const uint8_t *l4, uint32_t len, uint64_t pseudo)
{
	if (proto == IPPROTO_UDP) {
		if (len < 8 || be16_at(l4 + 4) != len || be16_at(l4 + 6) == 0)
			return false;
	} else if (proto == IPPROTO_TCP) {
		if (len < 20)
			return false;
	} else {
		return false;
	}
	return model_csum_fold(model_csum_add(pseudo, l4, len)) == 0xffff;
}

static uint32_t
parse_ipv4(const uint8_t *ip, uint32_t avail)
{
	uint32_t ihl, tot, st;
	uint64_t pseudo;

	if (avail < 20 || ip[0] >> 4 != 4)
		return MVNETA_RXD_L3_IP4_ERR | MVNETA_RXD_L4_OTHER;
	ihl = (ip[0] & 0xfu) * 4u;
	tot = be16_at(ip + 2);
	st = l4_type(ip[9]);
	if (ihl < 20 || ihl > avail || tot < ihl ||
	    model_csum_fold(model_csum_add(0, ip, ihl)) != 0xffff)
		return MVNETA_RXD_L3_IP4_ERR | st;
	st |= MVNETA_RXD_L3_IP4_OK;
	if (be16_at(ip + 6) & 0x3fffu)
		return st | MVNETA_RXD_IP4_FRAG;
	if (tot > avail)
		return st;
	pseudo = model_csum_add(0, ip + 12, 8) + ip[9] + (tot - ihl);
	if (l4_csum_ok(ip[9], ip + ihl, tot - ihl, pseudo))
		st |= MVNETA_RXD_L4_CSUM_OK;
	return st;
}

static uint32_t
parse_ipv6(const uint8_t *ip, uint32_t avail)
{
	uint32_t plen, st;
	uint64_t pseudo;
	uint8_t nh;

	if (avail < 40 || ip[0] >> 4 != 6)
		return MVNETA_RXD_L3_UN | MVNETA_RXD_L4_OTHER;
	nh = ip[6];
	plen = be16_at(ip + 4);
	st = MVNETA_RXD_L3_IP6 | l4_type(nh);
	if (40 + plen > avail)
		return st;
	pseudo = model_csum_add(0, ip + 8, 32) + plen + nh;
	if (l4_csum_ok(nh, ip + 40, plen, pseudo))
		st |= MVNETA_RXD_L4_CSUM_OK;
	return st;
}

uint32_t
neta_parse_status(const uint8_t *p, uint32_t len)
{
	uint32_t l3 = ETHER_HDR_LEN, vlan = 0;
	uint16_t type;

	if (len < ETHER_HDR_LEN)
		return MVNETA_RXD_L3_UN | MVNETA_RXD_L4_OTHER;
	type = be16_at(p + 12);
	if (type == ETHERTYPE_VLAN) {
		vlan = MVNETA_RXD_VLAN;
		l3 += 4;
		if (len < l3)
			return vlan | MVNETA_RXD_L3_UN | MVNETA_RXD_L4_OTHER;
		type = be16_at(p + 16);
	}
	if (type == ETHERTYPE_IP)
		return vlan | parse_ipv4(p + l3, len - l3);
	if (type == ETHERTYPE_IPV6)
		return vlan | parse_ipv6(p + l3, len - l3);
	return vlan | MVNETA_RXD_L3_UN | MVNETA_RXD_L4_OTHER;
}

/* A PORT_CONFIG queue field at @p shift. */
static unsigned int
cfg_queue(uint32_t cfg, unsigned int shift)
{
	return (cfg >> shift) & MVNETA_RXQ_FIELD_MASK;
}

/*
 * The RX queue of a frame (docs/model.md "Queue steering"), the first
 * rule that matches:
 *  1. a spanning-tree BPDU (01:80:c2:00:00:00) with PORT_CONFIG_EXTEND's
 *     MVNETA_SPAN_BPDU_CAPTURE_EN: the BPDU queue;
 *  2. ARP (through one 802.1Q tag): the ARP queue;
 *  3. IPv4 TCP with MVNETA_TCP_CAPTURE_EN: the TCP queue; IPv4 UDP with
 *     MVNETA_UDP_CAPTURE_EN: the UDP queue (by the IP protocol field);
 *  4. an 802.1Q-tagged frame: MVNETA_VLAN_PRIO_TO_RXQ's queue for its
 *     priority (no enable bit: the map always applies, 0 at reset);
 *  5. the default queue, PORT_CONFIG's DEF_RXQ.
 * The order of 1-4 among themselves is not public: the model takes the
 * class captures (which a driver enables one by one) before the priority
 * map (which no bit turns off).
 */
unsigned int
neta_steer(const struct neta_model *m, const uint8_t *p, uint32_t len)
{
	static const uint8_t bpdu[6] = { 0x01, 0x80, 0xc2, 0, 0, 0 };
	uint32_t cfg = neta_reg(m, MVNETA_PORT_CONFIG);
	uint32_t l3 = ETHER_HDR_LEN;
	uint16_t type, tci = 0;
	bool tagged = false;
	const uint8_t *ip;

	if (len < ETHER_HDR_LEN)
		return cfg_queue(cfg, MVNETA_DEF_RXQ_SHIFT);
	if ((neta_reg(m, MVNETA_PORT_CONFIG_EXTEND) &
	     MVNETA_SPAN_BPDU_CAPTURE_EN) && memcmp(p, bpdu, 6) == 0)
		return cfg_queue(cfg, MVNETA_DEF_RXQ_BPDU_SHIFT);
	type = be16_at(p + 12);
	if (type == ETHERTYPE_VLAN && len >= ETHER_HDR_LEN + 4) {
		tagged = true;
		tci = be16_at(p + 14);
		type = be16_at(p + 16);
		l3 += 4;
	}
	if (type == ETHERTYPE_ARP)
		return cfg_queue(cfg, MVNETA_DEF_RXQ_ARP_SHIFT);
	ip = p + l3;
	if (type == ETHERTYPE_IP && len >= l3 + 20 && (ip[0] >> 4) == 4) {
		if (ip[9] == IPPROTO_TCP && (cfg & MVNETA_TCP_CAPTURE_EN))
			return cfg_queue(cfg, MVNETA_DEF_RXQ_TCP_SHIFT);
		if (ip[9] == IPPROTO_UDP && (cfg & MVNETA_UDP_CAPTURE_EN))
			return cfg_queue(cfg, MVNETA_DEF_RXQ_UDP_SHIFT);
	}
	if (tagged)
		return (neta_reg(m, MVNETA_VLAN_PRIO_TO_RXQ) >>
			MVNETA_VLAN_PRIO_SHIFT(tci >> 13)) &
		       MVNETA_RXQ_FIELD_MASK;
	return cfg_queue(cfg, MVNETA_DEF_RXQ_SHIFT);
}

/* Writes the folded complement of @p sum at @p at (big-endian). */
static void
put_csum(uint8_t *at, uint64_t sum)
{
	uint16_t c = (uint16_t)~model_csum_fold(sum);

	at[0] = (uint8_t)(c >> 8);
	at[1] = (uint8_t)c;
}

/*
 * TX checksum insertion of a frame of @p len bytes as command word @p cmd
 * asks: the IPv4 header checksum (MVNETA_TXD_IP_CSUM) and the TCP/UDP
 * checksum (MVNETA_TX_L4_CSUM_FULL) at the L3 offset and IP header length
 * the command gives. Requests inconsistent with the frame are ignored.
 */
void
neta_tx_csum(struct neta_model *m, uint8_t *p, uint32_t len, uint32_t cmd)
{
	uint32_t l3 = cmd & MVNETA_TXD_L3_OFF_MASK;
	uint32_t ihl = ((cmd & MVNETA_TXD_IP_HLEN_MASK) >>
			MVNETA_TX_IP_HLEN_SHIFT) * 4u;
	bool v6 = (cmd & MVNETA_TX_L3_IP6) != 0;
	bool udp = (cmd & MVNETA_TX_L4_UDP) != 0;
	uint32_t l4, l4len, off;
	uint64_t pseudo;
	uint8_t *ip = p + l3;
	bool done = false;

	if (ihl == 0 || l3 + ihl > len)
		return;
	if (!v6 && (cmd & MVNETA_TXD_IP_CSUM)) {
		ip[10] = ip[11] = 0;
		put_csum(ip + 10, model_csum_add(0, ip, ihl));
		done = true;
	}
	if ((cmd & MVNETA_TX_L4_CSUM_MASK) == MVNETA_TX_L4_CSUM_FULL) {
		l4 = l3 + ihl;
		if (v6)
			l4len = l3 + 40 <= len ? be16_at(ip + 4) +
				40u - ihl : 0;
		else
			l4len = be16_at(ip + 2) >= ihl ?
				be16_at(ip + 2) - ihl : 0;
		off = udp ? 6u : 16u;
		if (l4len >= off + 2 && l4 + l4len <= len) {
			pseudo = v6 ? model_csum_add(0, ip + 8, 32) :
				      model_csum_add(0, ip + 12, 8);
			pseudo += (udp ? IPPROTO_UDP : IPPROTO_TCP) + l4len;
			p[l4 + off] = p[l4 + off + 1] = 0;
			put_csum(p + l4 + off,
				 model_csum_add(pseudo, p + l4, l4len));
			/* RFC 768: a computed 0 is sent as 0xffff. */
			if (udp && p[l4 + off] == 0 && p[l4 + off + 1] == 0)
				p[l4 + off] = p[l4 + off + 1] = 0xff;
			done = true;
		}
	}
	if (done)
		NETA_STAT_ADD(m, tx_csum_frames, 1);
}
