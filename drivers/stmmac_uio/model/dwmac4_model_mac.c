/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * dwmac4 model, receive side of the MAC (docs/model.md "MAC" and
 * "Receive"): what happens to a frame from the wire before the DMA sees
 * it. Link and speed, the address and hash filters, the checksum engine
 * (GMAC_CONFIG.IPC, RDES1), the FCS, the fault plan, then the MTL RX queue
 * the frame is routed to (dwmac4_model_rxq_route.c; dwmac4_model_mtl.c),
 * where it waits for the RX DMA of the channel that queue is mapped to.
 */
#include <net/ethernet.h>
#include <netinet/in.h>
#include <string.h>

#include "dwmac4_model_internal.h"
#include "model_crc32.h"
#include "model_csum.h"
#include "model_traffic.h"

static inline uint16_t
be16_at(const uint8_t *p)
{
	return (uint16_t)(p[0] << 8 | p[1]);
}

/* ---- Checksum engine (GMAC_CONFIG.IPC, RDES1) ---- */

/*
 * TCP/UDP/ICMP payload of an IP datagram: @p l4len bytes at @p l4 as the
 * IP header sizes them (never the Ethernet padding), @p pseudo the
 * pseudo-header sum. Returns the PT and IPCE/IPCB bits of RDES1.
 */
static uint32_t
ipc_payload(uint8_t proto, const uint8_t *l4, uint32_t l4len, uint64_t pseudo,
	    bool v4)
{
	uint32_t pt;

	switch (proto) {
	case IPPROTO_UDP:
		pt = DWMAC4_RDES1_PT_UDP;
		if (l4len < 8)
			return pt | RDES1_IP_PAYLOAD_ERROR;
		/* RFC 768: checksum 0 over IPv4 means "not computed". */
		if (v4 && be16_at(l4 + 6) == 0)
			return pt;
		break;
	case IPPROTO_TCP:
		pt = DWMAC4_RDES1_PT_TCP;
		if (l4len < 20)
			return pt | RDES1_IP_PAYLOAD_ERROR;
		break;
	case IPPROTO_ICMP:
		/* RFC 792: over the ICMP message, no pseudo-header. */
		pseudo = 0;
		/* fall through */
	case IPPROTO_ICMPV6:
		/*
		 * The databook's IPCE covers the ICMP checksum too ("TCP, UDP
		 * or ICMP checksum"); ICMPv6 sums a pseudo-header (RFC 8200).
		 */
		pt = DWMAC4_RDES1_PT_ICMP;
		if (l4len < 4)
			return pt | RDES1_IP_PAYLOAD_ERROR;
		break;
	default:
		return RDES1_IP_CSUM_BYPASSED;
	}
	if (model_csum_fold(model_csum_add(pseudo, l4, l4len)) != 0xffff)
		pt |= RDES1_IP_PAYLOAD_ERROR;
	return pt;
}

static uint32_t
ipc_ipv4(const uint8_t *ip, uint32_t avail)
{
	uint32_t r = RDES1_IPV4_HEADER, ihl, tot;
	uint64_t pseudo;

	/* Header inconsistent with the frame: IPHE, payload bypassed. */
	if (avail < 20 || ip[0] >> 4 != 4)
		return r | RDES1_IP_HDR_ERROR | RDES1_IP_CSUM_BYPASSED;
	ihl = (ip[0] & 0xfu) * 4u;
	tot = be16_at(ip + 2);
	if (ihl < 20 || ihl > avail || tot < ihl || tot > avail)
		return r | RDES1_IP_HDR_ERROR | RDES1_IP_CSUM_BYPASSED;
	if (model_csum_fold(model_csum_add(0, ip, ihl)) != 0xffff)
		r |= RDES1_IP_HDR_ERROR;
	/* MF or a fragment offset: the L4 checksum spans the datagram. */
	if (be16_at(ip + 6) & 0x3fffu)
		return r | RDES1_IP_CSUM_BYPASSED;
	pseudo = model_csum_add(0, ip + 12, 8) + ip[9] + (tot - ihl);
	return r | ipc_payload(ip[9], ip + ihl, tot - ihl, pseudo, true);
}

static uint32_t
ipc_ipv6(const uint8_t *ip, uint32_t avail)
{
	uint32_t r = RDES1_IPV6_HEADER, plen;
	uint64_t pseudo;
	uint8_t nh;

	if (avail < 40 || ip[0] >> 4 != 6)
		return r | RDES1_IP_HDR_ERROR | RDES1_IP_CSUM_BYPASSED;
	plen = be16_at(ip + 4);
	if (40 + plen > avail)
		return r | RDES1_IP_HDR_ERROR | RDES1_IP_CSUM_BYPASSED;
	nh = ip[6];
	/* Extension headers (hop-by-hop, routing, fragment, ...) bypass. */
	if (nh != IPPROTO_TCP && nh != IPPROTO_UDP && nh != IPPROTO_ICMPV6)
		return r | RDES1_IP_CSUM_BYPASSED;
	pseudo = model_csum_add(0, ip + 8, 32) + plen + nh;
	return r | ipc_payload(nh, ip + 40, plen, pseudo, false);
}

/* RDES1 for a frame of @p len bytes (without FCS). */
static uint32_t
ipc_classify(const uint8_t *p, uint32_t len)
{
	uint32_t l3 = ETHER_HDR_LEN;
	uint16_t type;

	if (len < ETHER_HDR_LEN)
		return 0;
	type = be16_at(p + 12);
	if (type == ETHERTYPE_VLAN) {	/* one 802.1Q tag */
		l3 += 4;
		if (len < l3)
			return 0;
		type = be16_at(p + 16);
	}
	if (type == ETHERTYPE_IP)
		return ipc_ipv4(p + l3, len - l3);
	if (type == ETHERTYPE_IPV6)
		return ipc_ipv6(p + l3, len - l3);
	return 0;
}

/* ---- Address and hash filters ---- */

/*
 * Multicast hash filter, 64 bins (MAC_HW_Feature1.HASHTBLSZ = 1): the bin
 * is the top 6 bits of the bit-reversed CRC-32 of the destination address,
 * its bit in MAC_Hash_Table_Reg0/1 (Linux dwmac4_set_filter()).
 */
static bool
rx_hash_hit(struct dwmac4_model *m, const uint8_t *da)
{
	uint32_t crc = model_crc32(da, 6), rev = 0, bin;
	unsigned int i;

	for (i = 0; i < 32; i++)
		rev |= ((crc >> i) & 1u) << (31 - i);
	bin = rev >> 26;
	return (model_reg_get(m, GMAC_HASH_TAB(bin >> 5)) >> (bin & 31u)) & 1u;
}

/*
 * Whether destination @p da matches perfect-filter entry @p n: address 0
 * always takes part; entries 1..DWMAC4_MODEL_ADD_MACS when AE is set and
 * SA clear (an SA entry filters the source address, which the model does
 * not), each byte compared unless its MBC bit masks it out.
 */
static bool
rx_perfect_hit(struct dwmac4_model *m, unsigned int n, const uint8_t *da)
{
	uint32_t hi = model_reg_get(m, GMAC_ADDR_HIGH(n));
	uint32_t lo = model_reg_get(m, GMAC_ADDR_LOW(n));
	uint64_t addr = (uint64_t)(hi & 0xffffu) << 32 | lo;
	uint32_t mbc = 0;
	unsigned int k;

	if (n != 0) {
		if ((hi & (GMAC_HI_REG_AE | DWMAC4_GMAC_HI_SA)) != GMAC_HI_REG_AE)
			return false;
		mbc = (hi & DWMAC4_GMAC_HI_MBC_MASK) >> DWMAC4_GMAC_HI_MBC_SHIFT;
	}
	/* Byte k of the address is bits 8k..8k+7 (Linux stmmac_set_mac_addr()). */
	for (k = 0; k < 6; k++)
		if (!(mbc >> k & 1u) && da[k] != (uint8_t)(addr >> (8 * k)))
			return false;
	return true;
}

static bool
rx_filter_pass(struct dwmac4_model *m, const uint8_t *p, uint32_t len)
{
	static const uint8_t bcast[6] = { 0xff, 0xff, 0xff, 0xff, 0xff, 0xff };
	uint32_t pf = model_reg_get(m, GMAC_PACKET_FILTER);
	unsigned int n;

	if (pf & (GMAC_PACKET_FILTER_PR | GMAC_PACKET_FILTER_RA))
		return true;
	if (len < 6)
		return false;
	if (memcmp(p, bcast, 6) == 0)
		return !(pf & DWMAC4_GMAC_PACKET_FILTER_DBF);
	if (p[0] & 1u)
		return (pf & GMAC_PACKET_FILTER_PM) ||
		       ((pf & GMAC_PACKET_FILTER_HMC) && rx_hash_hit(m, p));
	for (n = 0; n <= DWMAC4_MODEL_ADD_MACS; n++)
		if (rx_perfect_hit(m, n, p))
			return true;
	return false;
}


/*
 * The MAC takes the next frame from the wire into the MTL RX queue.
 * Without flow control a frame arrives whether or not anyone is ready:
 * with the link down, the receiver off or the speed wrong it is dropped,
 * and with the queue full it overflows. With flow control (as behind
 * 802.3x PAUSE) the partner holds its frames while the link is down or the
 * receiver off, and a frame that finds the queue full waits for room.
 * Returns MODEL_WORK_FRAME when a frame was dropped, MODEL_WORK_OTHER when
 * one was queued, MODEL_WORK_NONE when nothing happened.
 */
enum model_work
model_mac_rx(struct dwmac4_model *m)
{
	struct model_traffic_src *src = m->params.rx_src;
	struct model_rx_frame *f = &m->macf;
	struct model_route *rt;
	unsigned int q = 0;
	bool can, vlan_hit;
	enum model_fc_rx fc;
	uint32_t cfg, n, ptp;
	int rc;

	if (!m->macf_pending) {
		can = model_link_up(m) &&
		      (model_reg_get(m, GMAC_CONFIG) & GMAC_CONFIG_RE);
		if (src == NULL || __atomic_load_n(&m->src_done, __ATOMIC_RELAXED))
			return MODEL_WORK_NONE;
		if (!can && m->params.flow_control)
			return MODEL_WORK_NONE;
		/* The partner honours the XOFF sent (802.3x). */
		if (model_fc_peer_holds(m)) {
			if (m->fc.grace == 0)
				return MODEL_WORK_NONE;
			m->fc.grace--;
		}
		rc = src->next(src, f->data, DWMAC4_MODEL_MAX_FRAME);
		if (rc < 0) {
			__atomic_store_n(&m->src_done, true, __ATOMIC_RELEASE);
			return MODEL_WORK_NONE;
		}
		if (rc == 0)
			return MODEL_WORK_NONE;
		MODEL_STAT_ADD(m, rx_offered, 1);
		f->meta.seq = __atomic_load_n(&m->stats.rx_offered, __ATOMIC_RELAXED);
		n = (uint32_t)rc;
		/* model_link_events=: the link changes as this frame arrives. */
		if (__builtin_expect(m->link_ev_next < m->params.nb_link_events, 0)) {
			model_link_events_run(m, f->meta.seq);
			can = model_link_up(m) &&
			      (model_reg_get(m, GMAC_CONFIG) & GMAC_CONFIG_RE);
		}
		if (!can) {
			MODEL_STAT_ADD(m, rx_dropped_stopped, 1);
			return MODEL_WORK_FRAME;
		}
		if (!model_mac_speed_ok(m)) {
			MODEL_STAT_ADD(m, rx_dropped_speed, 1);
			return MODEL_WORK_FRAME;
		}
		/* Every frame the MAC receives, filtered or not (FCS counted). */
		model_mmc_add(m, DWMAC4_MMC_RX_FRAMECOUNT_GB, 1);
		model_mmc_add(m, DWMAC4_MMC_RX_OCTETCOUNT_GB, n + MODEL_FCS_LEN);
		if (n > DWMAC4_MODEL_MAX_FRAME - MODEL_FCS_LEN) {
			MODEL_STAT_ADD(m, rx_dropped_oversize, 1);
			return MODEL_WORK_FRAME;
		}
		fc = model_fc_rx(m, f->data, n);
		if (fc == MODEL_FC_CONSUMED)
			return MODEL_WORK_FRAME;
		if (fc == MODEL_FC_FILTER && !rx_filter_pass(m, f->data, n)) {
			MODEL_STAT_ADD(m, rx_dropped_filter, 1);
			return MODEL_WORK_FRAME;
		}
		/* The VLAN filter (dwmac4_model_vlan.c). */
		if (!model_vlan_rx_filter(m, f->data, n, &vlan_hit))
			return MODEL_WORK_FRAME;
		/*
		 * The MTL RX queue it goes to, and so the DMA channel (whose
		 * fault knobs plan the frame). One queue: queue 0.
		 */
		rt = model_route_get(m);
		if (__builtin_expect(!rt->rx_ok, 0)) {
			if (rt->rx_viol_due) {
				rt->rx_viol_due = false;
				model_violation(m, MODEL_VIOL_MTL_CONFIG, "%s",
						rt->rx_why);
			}
			MODEL_STAT_ADD(m, rx_dropped_mtl_config, 1);
			return MODEL_WORK_FRAME;
		}
		if (__builtin_expect(rt->multi, 0)) {
			q = model_rx_classify(m, rt, f->data, n);
			if (q == MODEL_ROUTE_NONE)
				return MODEL_WORK_FRAME;
		}
		f->q = (uint8_t)q;
		f->ch = rt->q2ch[q];
		n = model_fault_rx_plan(m, f, n);
		cfg = model_reg_get(m, GMAC_CONFIG);
		f->meta.rs1v = (cfg & GMAC_CONFIG_IPC) != 0;
		f->meta.rdes1 = f->meta.rs1v ? ipc_classify(f->data, n) : 0;
		/* The timestamp unit: PTP status, the stamp at reception. */
		ptp = model_ptp_rx_status(m, f->data, n, &f->meta.ts_sec, &f->meta.ts_sub);
		if (ptp != 0) {
			f->meta.rdes1 |= ptp;
			f->meta.rs1v = true;
		}
		if ((f->meta.rdes1 & (RDES1_IPV4_HEADER | RDES1_IP_HDR_ERROR)) ==
		    RDES1_IPV4_HEADER)
			model_mmc_add(m, DWMAC4_MMC_RX_IPV4_GD, 1);
		if ((f->meta.rdes1 & (RDES1_IP_HDR_ERROR | RDES1_IP_PAYLOAD_ERROR)) &&
		    !(model_reg_get(m, MTL_CHAN_RX_OP_MODE(q)) &
		      MTL_OP_MODE_DIS_TCP_EF)) {
			MODEL_STAT_ADD(m, rx_dropped_csum, 1);
			return MODEL_WORK_FRAME;
		}
		f->meta.len = n;
		/*
		 * The FCS reaches host memory only when the MAC does not strip
		 * it; frames from the sources are always good, so it is
		 * computed only then (a CRC over every 1.5 kB frame halved the
		 * engine's rate).
		 */
		if (!(cfg & (GMAC_CONFIG_CST | GMAC_CONFIG_ACS))) {
			model_crc32_fcs(f->data, n, f->data + n);
			f->meta.len += MODEL_FCS_LEN;
		}
		/* The tag to RDES0, stripped: routing and checks saw it. */
		model_vlan_rx_strip(m, f, vlan_hit);
		/* Store and forward: a frame larger than the queue never fits. */
		if (f->meta.len > rt->rxq_size[q]) {
			model_mtl_rx_overflow(m, q);
			return MODEL_WORK_FRAME;
		}
		__atomic_store_n(&m->macf_pending, true, __ATOMIC_RELEASE);
	}
	if (!model_mtl_rx_push(m, f)) {
		if (m->params.flow_control)
			return MODEL_WORK_NONE;	/* PAUSE: it waits for room */
		__atomic_store_n(&m->macf_pending, false, __ATOMIC_RELEASE);
		model_mtl_rx_overflow(m, f->q);
		return MODEL_WORK_FRAME;
	}
	__atomic_store_n(&m->macf_pending, false, __ATOMIC_RELEASE);
	return MODEL_WORK_OTHER;
}
