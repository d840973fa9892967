/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * What the libFuzzer harnesses assert of a checksum verdict against the
 * byte-at-a-time reference (../rxpath_ref.h), whatever the device's
 * answer: shared by fuzz_rxp_parse.c (dwmac4 RDES1) and
 * fuzz_neta_model_rx.c (NETA RX status). Property numbers are those of
 * the validator catalogue (docs/design/robustness.md, "Fuzzing").
 */
#ifndef SOCRX_FUZZ_VERDICT_H
#define SOCRX_FUZZ_VERDICT_H

#include <stdint.h>

#include "rxp_parse.h"
#include "rxpath_ref.h"

#ifndef ASSERT
#define ASSERT(c) do { if (!(c)) __builtin_trap(); } while (0)
#endif

#define L4M RTE_MBUF_F_RX_L4_CKSUM_MASK
#define IPM RTE_MBUF_F_RX_IP_CKSUM_MASK

static inline uint64_t
l4_of(char v)
{
	return v == 'G' ? RTE_MBUF_F_RX_L4_CKSUM_GOOD :
	       v == 'B' ? RTE_MBUF_F_RX_L4_CKSUM_BAD : 0;
}

static inline int
ref_is_v4(const struct ref *o)
{
	return (o->ptype & RTE_PTYPE_L3_MASK) == RTE_PTYPE_L3_IPV4 ||
	       (o->ptype & RTE_PTYPE_L3_MASK) == RTE_PTYPE_L3_IPV4_EXT;
}

static inline int
ref_is_v6(const struct ref *o)
{
	return (o->ptype & RTE_PTYPE_L3_MASK) == RTE_PTYPE_L3_IPV6 ||
	       (o->ptype & RTE_PTYPE_L3_MASK) == RTE_PTYPE_L3_IPV6_EXT;
}

/*
 * Verdicts the headers fix (no payload sum can change them): UNKNOWN
 * for non-IP, fragments, truncation, non-TCP/UDP, UDP/IPv4 with checksum
 * 0 (every reference 'U'); BAD for UDP/IPv6 with checksum 0 and
 * impossible lengths. Asserts properties 8/10 and 11 on the way.
 */
static inline void
fuzz_fixed_verdicts(const struct ref *o, const uint8_t *p, int *fixed_u,
		    int *fixed_b)
{
	int udp0 = o->l4_udp && o->fill_field != 0 &&
		   bget16(p + o->fill_field) == 0;

	*fixed_u = o->v == 'U';
	*fixed_b = o->v == 'B' && (!o->has_range || udp0);
	if ((o->ptype & RTE_PTYPE_L4_MASK) == RTE_PTYPE_L4_FRAG || o->l2 == 0 ||
	    !(ref_is_v4(o) || ref_is_v6(o)))
		ASSERT(*fixed_u);
	if (udp0)	/* property 11 */
		ASSERT(o->l4_is_v6 ? o->v == 'B' : o->v == 'U');
}

/* Properties every mode keeps whatever the device said. */
static inline void
common(const struct ref *o, const struct rxp_parse_result *sw,
       const struct rxp_parse_result *r, uint64_t f, int fixed_u, int fixed_b)
{
	ASSERT(r->ptype == sw->ptype && r->l2_len == sw->l2_len &&
	       r->l3_len == sw->l3_len && r->l4_len == sw->l4_len);
	ASSERT((f & L4M) != RTE_MBUF_F_RX_L4_CKSUM_NONE &&
	       (f & IPM) != RTE_MBUF_F_RX_IP_CKSUM_NONE);
	ASSERT((f & ~(L4M | IPM)) == 0);
	/* IPv6, non-IP, IPv4 header not even readable: no IP flag. */
	if (ref_is_v6(o) || o->ip == 'U')
		ASSERT((f & IPM) == 0);
	if (fixed_u)
		ASSERT((f & L4M) == 0);
	if (fixed_b)
		ASSERT((f & L4M) == RTE_MBUF_F_RX_L4_CKSUM_BAD);
	ASSERT(r->ol_flags == f);
}

#endif /* SOCRX_FUZZ_VERDICT_H */
