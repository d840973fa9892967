/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file
 * rxp_parse_fast(): rxp_parse() with the common case inline.
 *
 * Most frames a router receives are Ethernet II, IPv4 without options,
 * not a fragment, carrying a whole TCP segment or UDP datagram with a
 * checksum. rxp_parse_fast() recognises exactly those with a few
 * compares on the first 42 bytes and fills the result inline; every other
 * frame goes to rxp_parse(), which also handles every malformed case. The
 * two give the same result for every frame (test_rxpath_parse_diff
 * compares them field by field on random and mutated frames).
 *
 * Policy: as rxp_parse(); nothing at or past @p len is read.
 */
#ifndef SOCRX_RXP_PARSE_FAST_H
#define SOCRX_RXP_PARSE_FAST_H

#include <stdbool.h>
#include <stdint.h>

#include <rte_branch_prediction.h>
#include <rte_common.h>
#include <rte_mbuf_ptype.h>

#include "csum.h"
#include "rxp_parse.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Ethernet (14) + IPv4 without options (20): where the L4 header starts. */
#define RXP_FAST_L4_OFF		34u
#define RXP_FAST_IP_OFF		14u

/**
 * Internal: the common case only. Returns 1 with @p r filled as rxp_parse()
 * fills it, or 0 (@p r untouched) when the frame is anything else: VLAN
 * tags, IPv4 options, IPv6, a fragment, a datagram longer than the frame,
 * a total length shorter than the header, another protocol, a UDP
 * checksum of 0, a UDP length out of range, an L4 length below the header
 * size. Those rxp_parse() decides.
 *
 * The two sums in @p r, the IPv4 header checksum (ip_verdict) and the
 * pseudo-header (pseudo_sum), are computed only where rxp_hw_csum_flags()
 * under @p mode, with the device's answer @p hw, reads them: in
 * RXP_CSUM_SW always, in RXP_CSUM_AUTO where the device did not answer for
 * this header (IPv4) or this datagram (its protocol, not trimmed). Where
 * it did, or in RXP_CSUM_HW and RXP_CSUM_OFF, ip_verdict is RXP_V_PENDING
 * and pseudo_sum 0. RXP_CSUM_SW with RXP_HW_CSUM_NONE: rxp_parse()'s
 * result, every field.
 */
static __rte_always_inline int
rxp_parse__ipv4_l4_hw(const uint8_t *p, uint32_t len,
		      struct rxp_parse_result *r, struct rxp_hw_csum hw,
		      const enum rxp_csum_mode mode)
{
	const uint8_t *ip = p + RXP_FAST_IP_OFF;
	const uint8_t *l4 = p + RXP_FAST_L4_OFF;
	uint32_t tot, plen, sum_len, hlen, saddr, daddr, ptype, hw_l4;
	uint8_t proto, trimmed = 0;
	bool hw_ip;

	/* Ethernet + IPv4 + a UDP header: the shortest frame taken here. */
	if (unlikely(len < RXP_FAST_L4_OFF + 8))
		return 0;
	/* EtherType 0x0800, version 4, IHL 5. */
	if (p[12] != 0x08 || p[13] != 0x00 || ip[0] != 0x45)
		return 0;
	tot = (uint32_t)ip[2] << 8 | ip[3];
	/* The header, whole in the frame; no MF, no fragment offset. */
	if (tot < 20 || tot > len - RXP_FAST_IP_OFF || ((ip[6] & 0x3f) | ip[7]))
		return 0;
	plen = tot - 20;
	proto = ip[9];
	if (proto == 17) {
		/* Bytes 38..41 of the frame: len >= 42 was checked. */
		uint32_t ulen = (uint32_t)l4[4] << 8 | l4[5];

		/* Checksum 0 and impossible lengths: rxp_parse's verdicts. */
		if (plen < 8 || (l4[6] | l4[7]) == 0 || ulen < 8 || ulen > plen)
			return 0;
		ptype = RTE_PTYPE_L4_UDP;
		hw_l4 = RXP_HW_L4_UDP;
		hlen = 8;
		sum_len = ulen;
		trimmed = ulen < plen;
	} else if (proto == 6) {
		uint32_t doff;

		/* The 20-byte header inside the datagram, so inside the frame. */
		if (plen < 20)
			return 0;
		doff = (uint32_t)(l4[12] >> 4) * 4;
		ptype = RTE_PTYPE_L4_TCP;
		hw_l4 = RXP_HW_L4_TCP;
		/* A lying data offset leaves l4_len 0, as in rxp_parse(). */
		hlen = doff >= 20 && doff <= plen ? doff : 0;
		sum_len = plen;
	} else {
		return 0;
	}
	hw_ip = rxp_hw_l3_answered(hw, RXP_HW_L3_IPV4);
	__builtin_memcpy(&saddr, ip + 12, 4);
	__builtin_memcpy(&daddr, ip + 16, 4);
	/*
	 * Field by field, not from a compound literal: GCC builds a literal
	 * with byte fields in a stack temporary and copies it in wider
	 * words, a load that cannot be forwarded from the byte store just
	 * before it (a store-forwarding stall per frame).
	 */
	r->ptype = RTE_PTYPE_L2_ETHER | RTE_PTYPE_L3_IPV4 | ptype;
	r->l2_len = RXP_FAST_IP_OFF;
	r->l3_len = 20;
	r->l4_len = (uint16_t)hlen;
	r->l4_proto = proto;
	r->ip_verdict = !rxp_sw_decides(mode, hw_ip) ? RXP_V_PENDING :
			csum_ipv4_hdr20(ip) == 0 ? RXP_V_GOOD : RXP_V_BAD;
	r->l4_verdict = RXP_V_PENDING;
	r->l4_reason = RXP_L4R_CHECK;
	r->routed = 0;
	r->ip_hdr_ok = 1;
	r->ip_trunc = 0;
	r->l4_trimmed = trimmed;
	r->csum_off = RXP_FAST_L4_OFF;
	r->csum_len = sum_len;
	r->pseudo_sum = rxp_sw_decides(mode, rxp_hw_l4_answered(hw, hw_ip, hw_l4,
								 false, trimmed)) ?
		csum_ipv4_pseudo(saddr, daddr, (uint16_t)sum_len, proto, 0) : 0;
	r->ol_flags = 0;
	return 1;
}

/** Internal: rxp_parse__ipv4_l4_hw() with both sums, rxp_parse()'s result. */
static __rte_always_inline int
rxp_parse__ipv4_l4(const uint8_t *p, uint32_t len, struct rxp_parse_result *r)
{
	return rxp_parse__ipv4_l4_hw(p, len, r, RXP_HW_CSUM_NONE, RXP_CSUM_SW);
}

/**
 * Internal: rxp_parse() into a copy. @p r's address never leaves the
 * caller, so that the compiler can keep its fields in registers (in
 * memory, byte fields stored together and read one by one cost a
 * store-forwarding stall per frame on some CPUs).
 */
static __rte_always_inline int
rxp_parse__copy(const uint8_t *p, uint32_t len, struct rxp_parse_result *r)
{
	struct rxp_parse_result slow;
	int ret = rxp_parse(p, len, &slow);

	*r = slow;
	return ret;
}

/**
 * rxp_parse(), with Ethernet/IPv4/TCP|UDP frames parsed inline.
 *
 * Same contract and same result as rxp_parse(): for the RX burst, where a
 * call and the general parser's branches are a visible share of a small
 * frame's cost.
 */
static __rte_always_inline int
rxp_parse_fast(const uint8_t *p, uint32_t len, struct rxp_parse_result *r)
{
	if (likely(rxp_parse__ipv4_l4(p, len, r)))
		return 1;
	return rxp_parse__copy(p, len, r);
}

/**
 * rxp_parse_fast() then rxp_hw_csum_flags(): the same flags and
 * @p need_sum, for the RX bursts. For the frames parsed inline, the IPv4
 * header checksum and the pseudo-header sum are computed only where the
 * flags depend on them, not where the device's answer @p hw stands for
 * them (rxp_parse__ipv4_l4_hw(): @p r's ip_verdict is then RXP_V_PENDING,
 * its pseudo_sum 0; where @p need_sum is set, rxp_l4_verdict() has the
 * pseudo-header sum it reads). One rxp_hw_csum_flags() per branch: on the
 * inline one, the fields it fixes (header well formed, not routed) fold.
 */
static __rte_always_inline uint64_t
rxp_parse_fast_flags(const uint8_t *p, uint32_t len, struct rxp_hw_csum hw,
		     const enum rxp_csum_mode mode, struct rxp_parse_result *r,
		     int *need_sum)
{
	if (likely(rxp_parse__ipv4_l4_hw(p, len, r, hw, mode)))
		return rxp_hw_csum_flags(r, hw, mode, need_sum);
	rxp_parse__copy(p, len, r);
	return rxp_hw_csum_flags(r, hw, mode, need_sum);
}

#ifdef __cplusplus
}
#endif

#endif /* SOCRX_RXP_PARSE_FAST_H */
