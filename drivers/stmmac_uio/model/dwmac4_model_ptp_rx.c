/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * dwmac4 device model, the receive side of the timestamp unit: which
 * frames the MAC recognises as PTP messages (MAC_Timestamp_Control
 * TSIPENA, TSIPV4ENA, TSIPV6ENA, TSVER2ENA), which of them it stamps
 * (TSENALL, or the snapshot table of SNAPTYPSEL, TSMSTRENA, TSEVNTENA as
 * the databook gives it) and what RDES1 then says (PMT, PFT, PV, TSA).
 * The stamp itself travels with the frame and is written in a context
 * descriptor after its last one (dwmac4_model_rx.c). docs/model.md
 * "IEEE 1588 timestamp unit".
 */
#include <stddef.h>
#include <stdint.h>

#include "dwmac4_model_internal.h"

#define PTP_ETHERTYPE		0x88f7u
#define PTP_UDP_EVENT		319u
#define PTP_UDP_GENERAL		320u
#define ETH_HLEN		14u
#define VLAN_TPID		0x8100u
#define IPV4_ETHERTYPE		0x0800u
#define IPV6_ETHERTYPE		0x86ddu
#define UDP_PROTO		17u
/* A PTP header's first two bytes: messageType, versionPTP. */
#define PTP_HDR_MIN		2u

/* PTP messageType values (IEEE 1588-2008, table 19). */
enum ptp_msg {
	PTP_SYNC = 0x0,
	PTP_DELAY_REQ = 0x1,
	PTP_PDELAY_REQ = 0x2,
	PTP_PDELAY_RESP = 0x3,
	PTP_FOLLOW_UP = 0x8,
	PTP_DELAY_RESP = 0x9,
	PTP_PDELAY_RESP_FOLLOW_UP = 0xa,
	PTP_ANNOUNCE = 0xb,
	PTP_SIGNALING = 0xc,
	PTP_MANAGEMENT = 0xd,
};

static uint16_t
be16(const uint8_t *p)
{
	return (uint16_t)(p[0] << 8 | p[1]);
}

/*
 * RDES1 PMT of messageType @p t (Linux dwmac4_descs.h's RDES_EXT_* and
 * RDES_PTP_* values): 0xf for a type the MAC does not know.
 */
static uint32_t
ptp_pmt(unsigned int t)
{
	switch (t) {
	case PTP_SYNC: return 0x1;
	case PTP_FOLLOW_UP: return 0x2;
	case PTP_DELAY_REQ: return 0x3;
	case PTP_DELAY_RESP: return 0x4;
	case PTP_PDELAY_REQ: return 0x5;
	case PTP_PDELAY_RESP: return 0x6;
	case PTP_PDELAY_RESP_FOLLOW_UP: return 0x7;
	case PTP_ANNOUNCE: return 0x8;
	case PTP_MANAGEMENT: return 0x9;
	case PTP_SIGNALING: return 0xa;
	default: return 0xf;
	}
}

/* The messages of the databook's snapshot table stamped under @p tcr. */
static bool
ptp_snapshot(uint32_t tcr, unsigned int t)
{
	const unsigned int sel = (tcr >> 16) & 3u;
	const bool evnt = tcr & PTP_TCR_TSEVNTENA;
	const bool mstr = tcr & PTP_TCR_TSMSTRENA;
	const bool sync = t == PTP_SYNC, dreq = t == PTP_DELAY_REQ;
	const bool pdel = t == PTP_PDELAY_REQ || t == PTP_PDELAY_RESP;

	switch (sel) {
	case 0:
		if (!evnt)
			return sync || dreq || t == PTP_FOLLOW_UP ||
			       t == PTP_DELAY_RESP;
		return mstr ? dreq : sync;
	case 1:
		if (!evnt)
			return sync || dreq || pdel || t == PTP_FOLLOW_UP ||
			       t == PTP_DELAY_RESP ||
			       t == PTP_PDELAY_RESP_FOLLOW_UP;
		return pdel || (mstr ? dreq : sync);
	case 2:
		return sync || dreq;
	default:
		return pdel;
	}
}

/*
 * Where the PTP header of frame @p p (@p n bytes) starts as the MAC
 * recognises it under @p tcr, with *@p l2 set for PTP over Ethernet; 0
 * when it is no PTP message (or one whose transport is not enabled).
 * One VLAN tag is looked through, as the MAC's parser does.
 */
static uint32_t
ptp_header(const uint8_t *p, uint32_t n, uint32_t tcr, bool *l2)
{
	uint32_t off = ETH_HLEN - 2, ihl, l4;
	uint16_t type;

	if (n < ETH_HLEN)
		return 0;
	type = be16(p + off);
	if (type == VLAN_TPID) {
		off += 4;
		if (n < off + 2)
			return 0;
		type = be16(p + off);
	}
	off += 2;
	*l2 = false;
	if (type == PTP_ETHERTYPE) {
		*l2 = true;
		return (tcr & PTP_TCR_TSIPENA) && n >= off + PTP_HDR_MIN ?
		       off : 0;
	}
	if (type == IPV4_ETHERTYPE && (tcr & PTP_TCR_TSIPV4ENA)) {
		if (n < off + 20 || (p[off] >> 4) != 4 || p[off + 9] != UDP_PROTO)
			return 0;
		ihl = (p[off] & 0xfu) * 4u;
		l4 = off + ihl;
	} else if (type == IPV6_ETHERTYPE && (tcr & PTP_TCR_TSIPV6ENA)) {
		if (n < off + 40 || (p[off] >> 4) != 6 || p[off + 6] != UDP_PROTO)
			return 0;
		l4 = off + 40;
	} else {
		return 0;
	}
	if (n < l4 + 8 + PTP_HDR_MIN)
		return 0;
	type = be16(p + l4 + 2);	/* the UDP destination port */
	return type == PTP_UDP_EVENT || type == PTP_UDP_GENERAL ? l4 + 8 : 0;
}

uint32_t
model_ptp_rx_status(struct dwmac4_model *m, const uint8_t *p, uint32_t n,
		    uint32_t *sec, uint32_t *sub)
{
	const uint32_t tcr = model_reg_get(m, PTP_TCR);
	uint32_t hdr, st = 0;
	unsigned int t;
	bool l2 = false, stamp = tcr & PTP_TCR_TSENALL;

	if (!(tcr & PTP_TCR_TSENA))
		return 0;
	hdr = ptp_header(p, n, tcr, &l2);
	/*
	 * Version 2 only (TSVER2ENA): the model does not parse the version 1
	 * format, so with TSVER2ENA clear it recognises no message.
	 */
	if (hdr != 0 && (tcr & PTP_TCR_TSVER2ENA) && (p[hdr + 1] & 0xfu) == 2) {
		t = p[hdr] & 0xfu;
		st = ptp_pmt(t) << 8 | RDES1_PTP_VER |
		     (l2 ? RDES1_PTP_PACKET_TYPE : 0);
		stamp = stamp || ptp_snapshot(tcr, t);
	}
	if (stamp && model_ptp_stamp(m, sec, sub))
		st |= RDES1_TIMESTAMP_AVAILABLE;
	return st;
}
