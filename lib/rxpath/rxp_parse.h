/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file
 * socrx RX packet parser and checksum verdict.
 *
 * One pass over the headers of a received frame (Ethernet, up to 8
 * 802.1Q/802.1ad tags, IPv4 with options or IPv6 with extension headers,
 * TCP/UDP) gives the DPDK packet type, the header lengths, the IPv4 header
 * checksum verdict, and the exact L4 byte range to checksum together with
 * its pseudo-header partial sum. The L4 verdict is then finished by one of:
 *  - rxp_verdict_sw(): sums the range in software;
 *  - rxp_l4_verdict(): the caller already summed the range (rx-copybreak
 *    sums while copying with csum_partial_copy());
 *  - rxp_hw_verdict(): a device checksum engine's answer (struct
 *    rxp_hw_csum, decoded by the driver from its descriptor) is used
 *    where it really checked that exact datagram.
 *
 * Policy (docs/design/rxpath_parse.md):
 *  - GOOD only after a complete check over exactly the datagram's bytes
 *    (IPv4 total length / IPv6 payload length; Ethernet padding is never
 *    summed); BAD when that check fails or the lengths make a valid packet
 *    impossible; UNKNOWN when it cannot be checked.
 *  - The parser never drops and never writes the frame; it reads nothing
 *    at or past @p len, whatever the headers claim.
 *  - IPv6 has no header checksum: the IP flag stays UNKNOWN for IPv6 and
 *    for anything that is not IPv4 (DPDK convention).
 *
 * Thread-safety: all functions are pure (no state); any lcore may call them.
 */
#ifndef SOCRX_RXP_PARSE_H
#define SOCRX_RXP_PARSE_H

#include <stdbool.h>
#include <stdint.h>

#include <rte_branch_prediction.h>
#include <rte_common.h>
#include <rte_mbuf_core.h>
#include <rte_mbuf_ptype.h>

#include "csum.h"

#ifdef __cplusplus
extern "C" {
#endif

struct rte_mbuf;

/** Maximum number of 802.1Q/802.1ad tags walked (RTE_NET_VLAN_MAX_DEPTH). */
#define RXP_VLAN_MAX_DEPTH	8
/** Maximum number of IPv6 extension headers walked (as rte_net_get_ptype). */
#define RXP_IPV6_EXT_MAX	5

/** A verdict before it becomes mbuf flags. */
enum rxp_verdict {
	RXP_V_UNKNOWN = 0,	/**< not checked, cannot be checked */
	RXP_V_GOOD,		/**< checked over exactly the right bytes */
	RXP_V_BAD,		/**< checked and wrong, or impossible lengths */
	RXP_V_PENDING,		/**< L4: range known, sum not yet done; IPv4
				 * header: not summed, the device answered
				 * (rxp_parse_fast_flags()) */
};

/**
 * Why the L4 verdict is what it is, from the headers alone. Only
 * RXP_L4R_CHECK leaves a range to sum; every other reason fixes the
 * verdict (given with it) without reading the payload.
 */
#define RXP_L4_REASONS(X)						\
	X(CHECK,      "checkable: sum csum_off/csum_len")		\
	X(NOT_IP,     "runt, non-IP EtherType, >8 or truncated tags (U)") \
	X(L3_HDR,     "IP header truncated or invalid (U)")		\
	X(IP6_EXT,    "IPv6 extension chain truncated, too long or over payload (U)") \
	X(ROUTING,    "IPv6 routing header whose final destination is unknown (U)") \
	X(FRAG,       "fragment, first fragment included (U)")	\
	X(TRUNC,      "datagram extends past the frame (U)")		\
	X(PROTO,      "not TCP or UDP (U)")				\
	X(UDP4_NOCSUM, "UDP over IPv4 with checksum 0: none sent (U)")	\
	X(UDP6_ZERO,  "UDP over IPv6 with checksum 0: invalid (B)")	\
	X(SHORT,      "L4 length below the TCP/UDP header size (B)")	\
	X(UDP_LEN,    "UDP length < 8 or > IP payload (B)")

/** See RXP_L4_REASONS. */
enum rxp_l4_reason {
#define RXP_L4R_ENUM_(n, s) RXP_L4R_##n,
	RXP_L4_REASONS(RXP_L4R_ENUM_)
#undef RXP_L4R_ENUM_
	RXP_L4R_MAX
};

/** What rxp_parse() found. Header offsets are from the frame start. */
struct rxp_parse_result {
	uint32_t ptype;		/**< RTE_PTYPE_L2_* | RTE_PTYPE_L3_* | RTE_PTYPE_L4_* */
	uint16_t l2_len;	/**< Ethernet header + complete tags walked */
	uint16_t l3_len;	/**< IP header incl. options / IPv6 ext headers; 0 if unparsed */
	uint16_t l4_len;	/**< TCP (data offset) / UDP (8) header if readable, else 0 */
	uint8_t l4_proto;	/**< final IP protocol / next header, 0 if none */
	uint8_t ip_verdict;	/**< enum rxp_verdict for the IPv4 header */
	uint8_t l4_verdict;	/**< enum rxp_verdict; RXP_V_PENDING with RXP_L4R_CHECK */
	uint8_t l4_reason;	/**< enum rxp_l4_reason */
	uint8_t routed;		/**< IPv6: pseudo-header uses a routing header's final destination */
	uint8_t ip_hdr_ok;	/**< IPv4 header well formed: ip_verdict comes from its checksum */
	uint8_t ip_trunc;	/**< IPv4: total length runs past the frame */
	uint8_t l4_trimmed;	/**< UDP length shorter than the IP payload */
	uint32_t csum_off;	/**< start of the L4 range to sum (= l2_len + l3_len) */
	uint32_t csum_len;	/**< its length; 0 when the verdict is fixed */
	uint32_t pseudo_sum;	/**< csum.h partial sum of the pseudo-header
				 * (0 where rxp_parse_fast_flags() left the
				 * L4 verdict to the device) */
	uint64_t ol_flags;	/**< RTE_MBUF_F_RX_{IP,L4}_CKSUM_* once finished */
};

/** How checksum flags are produced (devarg csum=auto|sw|hw|off). */
enum rxp_csum_mode {
	RXP_CSUM_AUTO = 0,	/**< hardware where it answered, else software */
	RXP_CSUM_SW,		/**< always software */
	RXP_CSUM_HW,		/**< hardware only: UNKNOWN where it did not answer */
	RXP_CSUM_OFF,		/**< no checksum flags at all (ptype still set) */
};

/**
 * Parse the headers of one frame.
 *
 * Reads only bytes [0, @p len) of @p p, and of the payload only what it
 * needs: no L4 payload byte is read. Fills every field of @p r; the IPv4
 * header checksum is verified (20..60 bytes, cheap), the L4 verdict is left
 * RXP_V_PENDING with a range when it needs the payload sum.
 *
 * @return 1 when the L4 range must be summed (r->csum_len > 0), else 0.
 */
int rxp_parse(const uint8_t *p, uint32_t len, struct rxp_parse_result *r);

/** RTE_MBUF_F_RX_IP_CKSUM_* for a parse result. */
static inline uint64_t
rxp_ip_flags(const struct rxp_parse_result *r)
{
	/* A 3-entry table beats two branches on a verdict that varies. */
	static const uint64_t f[] = {
		[RXP_V_UNKNOWN] = RTE_MBUF_F_RX_IP_CKSUM_UNKNOWN,
		[RXP_V_GOOD] = RTE_MBUF_F_RX_IP_CKSUM_GOOD,
		[RXP_V_BAD] = RTE_MBUF_F_RX_IP_CKSUM_BAD,
		[RXP_V_PENDING] = RTE_MBUF_F_RX_IP_CKSUM_UNKNOWN,
	};

	return f[r->ip_verdict & 3];
}

/** RTE_MBUF_F_RX_L4_CKSUM_* for a fixed (not pending) L4 verdict. */
static inline uint64_t
rxp_l4_fixed_flags(const struct rxp_parse_result *r)
{
	static const uint64_t f[] = {
		[RXP_V_UNKNOWN] = RTE_MBUF_F_RX_L4_CKSUM_UNKNOWN,
		[RXP_V_GOOD] = RTE_MBUF_F_RX_L4_CKSUM_GOOD,
		[RXP_V_BAD] = RTE_MBUF_F_RX_L4_CKSUM_BAD,
		[RXP_V_PENDING] = RTE_MBUF_F_RX_L4_CKSUM_UNKNOWN,
	};

	return f[r->l4_verdict & 3];
}

/**
 * Finish the L4 verdict from a sum the caller already has.
 *
 * @param l4_sum  csum_partial() (or csum_partial_copy()) of exactly
 *   [r->csum_off, r->csum_off + r->csum_len), started from 0; ignored when
 *   r->csum_len is 0.
 * @return RTE_MBUF_F_RX_L4_CKSUM_{GOOD,BAD,UNKNOWN}.
 */
static inline uint64_t
rxp_l4_verdict(const struct rxp_parse_result *r, uint32_t l4_sum)
{
	uint32_t s;

	if (r->csum_len == 0)
		return rxp_l4_fixed_flags(r);
	/*
	 * Pseudo-header + segment, end-around carry (RFC 1071): a correct
	 * checksum field makes the folded sum 0xffff (RFC 768, RFC 9293
	 * 3.1), which csum_fold() complements to 0. Both +0 and -0 in a UDP
	 * field verify (row 37); 0 itself is rejected earlier by the parser.
	 */
	s = l4_sum + r->pseudo_sum;
	s += s < l4_sum;
	return csum_fold(s) == 0 ? RTE_MBUF_F_RX_L4_CKSUM_GOOD :
				   RTE_MBUF_F_RX_L4_CKSUM_BAD;
}

/**
 * Parse and give the software verdict: rxp_parse() then, if needed, one
 * csum_partial() over the L4 range.
 *
 * @return the checksum flags, also stored in r->ol_flags.
 */
uint64_t rxp_verdict_sw(const uint8_t *p, uint32_t len,
			struct rxp_parse_result *r);

/** IP protocol numbers of struct rxp_parse_result's l4_proto. */
#define RXP_IPPROTO_TCP		6
#define RXP_IPPROTO_UDP		17

/**
 * What a device's checksum engine says about one received frame, in no
 * NIC's terms: the L3 header it recognised, whether it found the IPv4
 * header wrong, the L4 checksum it checked and whether it found it wrong.
 * A driver decodes its descriptor's status into it (docs/design/rxpath_parse.md,
 * "Device verdicts"); flags 0 (RXP_HW_CSUM_NONE) when the device gave no
 * answer. One 32-bit word: passed in a register.
 */
struct rxp_hw_csum {
	uint32_t flags;		/**< RXP_HW_* */
};

/** The engine parsed an IPv4 header. */
#define RXP_HW_L3_IPV4		(1u << 0)
/** The engine parsed an IPv6 header. */
#define RXP_HW_L3_IPV6		(1u << 1)
/** IPv4 header checksum wrong, or a length it found inconsistent. */
#define RXP_HW_IP_HDR_BAD	(1u << 2)
/** The engine checked the TCP checksum over the IP payload. */
#define RXP_HW_L4_TCP		(1u << 3)
/** The engine checked the UDP checksum over the IP payload. */
#define RXP_HW_L4_UDP		(1u << 4)
/** The L4 checksum it checked was wrong. */
#define RXP_HW_L4_BAD		(1u << 5)

/** A struct rxp_hw_csum of @p f (RXP_HW_* bits). */
#define RXP_HW_CSUM(f)		((struct rxp_hw_csum){ .flags = (f) })
/** No answer from the device: software decides (auto) or UNKNOWN (hw). */
#define RXP_HW_CSUM_NONE	RXP_HW_CSUM(0)

/** Whether the device answered for the parsed L3 header @p l3 (RXP_HW_L3_*, 0: none). */
static inline bool
rxp_hw_l3_answered(struct rxp_hw_csum hw, uint32_t l3)
{
	return l3 != 0 && (hw.flags & l3) != 0;
}

/** The RXP_HW_L4_* bit of a TCP or UDP @p l4_proto. */
static inline uint32_t
rxp_hw_l4_bit(uint8_t l4_proto)
{
	return l4_proto == RXP_IPPROTO_TCP ? RXP_HW_L4_TCP : RXP_HW_L4_UDP;
}

/**
 * Whether the device's L4 answer is for exactly the datagram parsed: its
 * L3 answered (@p hw_l3), its protocol (@p l4, rxp_hw_l4_bit()) checked,
 * no routing header (@p routed), the UDP length equal to the IP payload
 * (not @p trimmed; engines sum the IP payload).
 */
static inline bool
rxp_hw_l4_answered(struct rxp_hw_csum hw, bool hw_l3, uint32_t l4,
		   bool routed, bool trimmed)
{
	return hw_l3 && (hw.flags & l4) && !routed && !trimmed;
}

/**
 * Whether software decides a verdict under @p mode, the device having
 * @p answered for it or not: always in RXP_CSUM_SW, where it did not in
 * RXP_CSUM_AUTO, never in RXP_CSUM_HW (UNKNOWN) and RXP_CSUM_OFF.
 */
static inline bool
rxp_sw_decides(enum rxp_csum_mode mode, bool answered)
{
	return mode == RXP_CSUM_SW || (mode == RXP_CSUM_AUTO && !answered);
}

/**
 * The checksum policy on a parse already done: the flags decided so far,
 * and whether software must still sum the L4 range.
 *
 * The device's answer counts only where it checked exactly this datagram:
 * its L3 bit matches the parsed L3, it checked the parsed protocol (TCP or
 * UDP), no routing header moved the pseudo-header's destination, and its
 * ranges equal ours (the IPv4 datagram whole in the frame for
 * RXP_HW_IP_HDR_BAD, which engines also raise for length
 * inconsistencies; the UDP length equal to the IP payload for
 * RXP_HW_L4_BAD, since engines sum the IP payload). Verdicts the headers
 * alone fix win in every mode: a fragment, a truncated datagram, UDP/IPv4
 * with checksum 0 stay UNKNOWN; UDP/IPv6 with checksum 0 and impossible
 * UDP lengths are BAD.
 *
 * @param mode  RXP_CSUM_AUTO: the device where it answered, software
 *   elsewhere; RXP_CSUM_HW: the device, UNKNOWN elsewhere; RXP_CSUM_SW:
 *   software always; RXP_CSUM_OFF: no checksum flags.
 * @param need_sum  set to 1 when the L4 verdict still needs the software
 *   sum of [r->csum_off, r->csum_off + r->csum_len): the caller then ORs
 *   in rxp_l4_verdict(r, sum). 0 when the flags returned are complete.
 * @return the IP flags and, unless *need_sum, the L4 flags. Always
 * inline: the RX bursts call it per frame, and its caller's parse result
 * then stays in registers (left to the compiler, gcc 12 called it out of
 * line once the burst became one skeleton: docs/perf/queue_skeleton_ab.md).
 */
static __rte_always_inline uint64_t
rxp_hw_csum_flags(const struct rxp_parse_result *r, struct rxp_hw_csum hw,
		  enum rxp_csum_mode mode, int *need_sum)
{
	uint32_t l3 = 0;
	uint64_t ipf, l4f;
	bool hw_l3;

	*need_sum = 0;
	if (mode == RXP_CSUM_OFF)
		return 0;
	if (mode == RXP_CSUM_SW) {
		*need_sum = r->csum_len != 0;
		return rxp_ip_flags(r) |
		       (r->csum_len != 0 ? 0 : rxp_l4_fixed_flags(r));
	}
	/* The engine's answer counts only for the L3 we parsed ourselves. */
	if (RTE_ETH_IS_IPV4_HDR(r->ptype))
		l3 = RXP_HW_L3_IPV4;
	else if (RTE_ETH_IS_IPV6_HDR(r->ptype))
		l3 = RXP_HW_L3_IPV6;
	hw_l3 = rxp_hw_l3_answered(hw, l3);

	/*
	 * IP: the header error covers the header checksum (IPv4 only), but
	 * engines also raise it for a total length the frame does not hold:
	 * trusted only for a datagram whole in the frame.
	 */
	if (r->ip_hdr_ok && hw_l3 && !r->ip_trunc)
		ipf = (hw.flags & RXP_HW_IP_HDR_BAD) ?
			RTE_MBUF_F_RX_IP_CKSUM_BAD : RTE_MBUF_F_RX_IP_CKSUM_GOOD;
	else if (r->ip_hdr_ok && mode == RXP_CSUM_HW)
		ipf = RTE_MBUF_F_RX_IP_CKSUM_UNKNOWN;
	else
		ipf = rxp_ip_flags(r);

	/*
	 * L4: the header-fixed verdicts first (fragments, truncation, UDP
	 * checksum 0, lengths), then the engine where it checked this exact
	 * datagram: the protocol we parsed, and the pseudo-header's
	 * destination the one in the IPv6 header.
	 */
	if (r->csum_len == 0) {
		l4f = rxp_l4_fixed_flags(r);
	} else {
		/*
		 * The engine sums the IP payload: a UDP length shorter than
		 * it (row 40) is a different range, software decides.
		 */
		if (rxp_hw_l4_answered(hw, hw_l3, rxp_hw_l4_bit(r->l4_proto),
				       r->routed, r->l4_trimmed)) {
			l4f = (hw.flags & RXP_HW_L4_BAD) ?
				RTE_MBUF_F_RX_L4_CKSUM_BAD :
				RTE_MBUF_F_RX_L4_CKSUM_GOOD;
		} else if (mode == RXP_CSUM_HW) {
			l4f = RTE_MBUF_F_RX_L4_CKSUM_UNKNOWN;
		} else {
			l4f = 0;
			*need_sum = 1;
		}
	}
	return ipf | l4f;
}

/**
 * Parse, apply rxp_hw_csum_flags() and sum in software where it asks.
 *
 * @return the checksum flags, also stored in r->ol_flags.
 */
uint64_t rxp_hw_verdict(const uint8_t *p, uint32_t len, struct rxp_hw_csum hw,
			enum rxp_csum_mode mode, struct rxp_parse_result *r);

/**
 * The packet types rxp_parse() can set, RTE_PTYPE_UNKNOWN-terminated (the
 * shape of a dev_supported_ptypes_get answer).
 */
const uint32_t *rxp_supported_ptypes(void);

/**
 * Parse an mbuf and set packet_type, l2_len, l3_len, l4_len and the
 * RTE_MBUF_F_RX_{IP,L4}_CKSUM_* bits of ol_flags (others are kept).
 *
 * Only the first segment is parsed. For a chained mbuf a datagram that
 * does not end inside the first segment gets L4 UNKNOWN (reason TRUNC):
 * the segment walk is not implemented.
 *
 * @param hw  the device's answer, as for rxp_hw_verdict(); RXP_HW_CSUM_NONE
 *   without one.
 */
void rxp_mbuf_parse_verdict(struct rte_mbuf *m, enum rxp_csum_mode mode,
			    struct rxp_hw_csum hw);

/** The verdict counters a PMD keeps, one X-macro list (name, xstat name). */
#define RXP_VERDICT_COUNTERS(X)				\
	X(IP_GOOD, "rx_ip_csum_good")			\
	X(IP_BAD, "rx_ip_csum_bad")			\
	X(IP_UNKNOWN, "rx_ip_csum_unknown")		\
	X(L4_GOOD, "rx_l4_csum_good")			\
	X(L4_BAD, "rx_l4_csum_bad")			\
	X(L4_UNKNOWN, "rx_l4_csum_unknown")

/** Counter indexes; see RXP_VERDICT_COUNTERS. */
enum rxp_verdict_counter {
#define RXP_CNT_ENUM_(n, s) RXP_CNT_##n,
	RXP_VERDICT_COUNTERS(RXP_CNT_ENUM_)
#undef RXP_CNT_ENUM_
	RXP_CNT_MAX
};

/** The xstat name of a verdict counter, NULL when out of range. */
const char *rxp_verdict_counter_name(enum rxp_verdict_counter c);

/** Short name of an L4 reason (as in RXP_L4_REASONS), NULL out of range. */
const char *rxp_l4_reason_name(enum rxp_l4_reason reason);

/**
 * rxp_verdict_count()'s other outcomes: GOOD/BAD/UNKNOWN indexed from the
 * two flag bits without branches. Out of line, so that no compiler
 * computes the indexes ahead of the common case's test.
 */
static __rte_noinline __rte_unused void
rxp_verdict_count_mixed(uint64_t *cnt, uint64_t ol_flags)
{
	unsigned int ig = (unsigned int)(ol_flags >> 7) & 1;	/* IP GOOD */
	unsigned int ib = (unsigned int)(ol_flags >> 4) & 1;	/* IP BAD */
	unsigned int lg = (unsigned int)(ol_flags >> 8) & 1;	/* L4 GOOD */
	unsigned int lb = (unsigned int)(ol_flags >> 3) & 1;	/* L4 BAD */

	cnt[RXP_CNT_IP_UNKNOWN - 2 * ig - ib]++;
	cnt[RXP_CNT_L4_UNKNOWN - 2 * lg - lb]++;
}

/**
 * Count one packet's checksum flags into @p cnt (RXP_CNT_MAX counters).
 * Both good, most frames, on the predicted branch: one test and two fixed
 * counters (the indexed count is a dozen instructions a frame wherever
 * the compiler does not fold it into the branches that decided the
 * flags). RTE_MBUF_F_RX_*_CKSUM_NONE (both bits) never comes from this
 * library.
 */
static __rte_always_inline void
rxp_verdict_count(uint64_t *cnt, uint64_t ol_flags)
{
	const uint64_t both = RTE_MBUF_F_RX_IP_CKSUM_MASK |
			      RTE_MBUF_F_RX_L4_CKSUM_MASK;

	if (likely((ol_flags & both) == (RTE_MBUF_F_RX_IP_CKSUM_GOOD |
					 RTE_MBUF_F_RX_L4_CKSUM_GOOD))) {
		cnt[RXP_CNT_IP_GOOD]++;
		cnt[RXP_CNT_L4_GOOD]++;
		return;
	}
	rxp_verdict_count_mixed(cnt, ol_flags);
}

#ifdef __cplusplus
}
#endif

#endif /* SOCRX_RXP_PARSE_H */
