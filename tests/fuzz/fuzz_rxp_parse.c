/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * libFuzzer harness for lib/rxpath's parser and checksum verdict
 * (rxp_parse, rxp_verdict_sw, rxp_l4_verdict, rxp_hw_verdict in every
 * csum mode with a dwmac4 engine's answer decoded by the driver), checked against the independent byte-at-a-time reference of
 * ../rxpath_ref.h (no code shared with rxp_parse.c or lib/csum).
 *
 * Input: 4 bytes of RDES1 (little endian, as the engine wrote it, possibly
 * lying), then the frame. The frame is copied into a buffer malloc'ed to
 * exactly its length, so ASan reports any read at or past len.
 *
 * Properties (docs/design/robustness.md; ../shared robustness.md section 2):
 *  - 1 reference equivalence (sw): flags, ptype, l2/l3/l4 lengths;
 *  - 2 GOOD only over exactly the reference's range, inside the frame, no
 *    fragment, where the reference sum verifies; BAD only when the
 *    reference says BAD;
 *  - 8/10 UNKNOWN whenever the reference cannot check (fragment,
 *    truncation, not TCP/UDP, not IP), in every mode whatever RDES1 says;
 *  - 11 UDP/IPv4 checksum 0 -> UNKNOWN, UDP/IPv6 checksum 0 -> BAD;
 *  - auto == sw when RDES1 is 0; off gives no checksum flags;
 *  - with an honest RDES1 (derived from the reference) hw and auto never
 *    contradict the reference, and auto equals sw;
 *  - 15 purity: the frame is not written, a second run gives the same
 *    answer, flags legal, no IP flag on non-IPv4;
 *  - 16 the copybreak path (rxp_parse + csum_partial_copy +
 *    rxp_l4_verdict) equals sw;
 *  - 17 rxp_parse_fast (the common case inline) gives rxp_parse's result,
 *    field by field.
 * A violated property calls __builtin_trap().
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "rxp_parse.h"
#include "rxp_parse_fast.h"
#include "stmmac_rx_csum.h"

#include "fuzz_verdict.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The engine's RDES1 through the driver's decode and lib/rxpath's policy. */
static uint64_t
dwmac4_verdict(const uint8_t *p, uint32_t len, uint32_t rdes1,
		   enum rxp_csum_mode mode, struct rxp_parse_result *r)
{
	return rxp_hw_verdict(p, len, stmmac_rx_hw_csum(rdes1), mode, r);
}

/* What an honest checksum engine would write for this frame. */
static uint32_t
honest_rdes1(const struct ref *o, const uint8_t *p)
{
	uint32_t r = 0;

	if (ref_is_v4(o))
		r |= RDES1_IPV4_HEADER;
	else if (ref_is_v6(o))
		r |= RDES1_IPV6_HEADER;
	else
		return 0;
	if (o->ip == 'B')
		r |= RDES1_IP_HDR_ERROR;
	if ((o->ptype & RTE_PTYPE_L4_MASK) == RTE_PTYPE_L4_FRAG)
		return r | RDES1_IP_CSUM_BYPASSED;
	if (o->has_range) {
		r |= o->l4_udp ? DWMAC4_RDES1_PT_UDP : DWMAC4_RDES1_PT_TCP;
		if (o->v == 'B' && !(o->l4_udp && bget16(p + o->fill_field) == 0))
			r |= RDES1_IP_PAYLOAD_ERROR;
	}
	return r;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const enum rxp_csum_mode hwm[] = { RXP_CSUM_AUTO, RXP_CSUM_HW };
	struct rxp_parse_result sw, r, r2;
	uint32_t rdes1, hon, len, sum = 0;
	uint64_t f, fsw, want;
	uint8_t *p, *cp;
	struct ref o;
	int fixed_u, fixed_b;
	unsigned int i;

	if (size < 4 || size - 4 > 70000)
		return 0;
	rdes1 = (uint32_t)data[0] | (uint32_t)data[1] << 8 |
		(uint32_t)data[2] << 16 | (uint32_t)data[3] << 24;
	len = (uint32_t)(size - 4);
	p = malloc(len ? len : 1);
	ASSERT(p != NULL);
	memcpy(p, data + 4, len);

	ref_parse(p, len, &o);
	want = ref_flags(&o);

	/* Software: the reference, exactly (property 1). */
	fsw = rxp_verdict_sw(p, len, &sw);
	ASSERT(fsw == want);
	ASSERT(sw.ptype == o.ptype && sw.l2_len == o.l2 &&
	       sw.l3_len == o.l3 && sw.l4_len == o.l4);
	/* Property 2: GOOD only over exactly the reference's datagram. */
	if ((fsw & L4M) == RTE_MBUF_F_RX_L4_CKSUM_GOOD) {
		ASSERT(o.v == 'G' && o.has_range);
		ASSERT(sw.csum_len > 0 && sw.csum_off + sw.csum_len <= len);
		ASSERT(sw.csum_off == o.fill_off && sw.csum_len == o.fill_len);
		ASSERT((sw.ptype & RTE_PTYPE_L4_MASK) != RTE_PTYPE_L4_FRAG);
		ASSERT(ref_csum_be(p + o.fill_off, o.fill_len, o.fill_psum) == 0);
	}
	if ((fsw & L4M) == RTE_MBUF_F_RX_L4_CKSUM_BAD)
		ASSERT(o.v == 'B');

	fuzz_fixed_verdicts(&o, p, &fixed_u, &fixed_b);
	common(&o, &sw, &sw, fsw, fixed_u, fixed_b);

	/* Property 16: copybreak (sum while copying) agrees. */
	cp = malloc(len ? len : 1);
	ASSERT(cp != NULL);
	if (rxp_parse(p, len, &r2)) {
		ASSERT(r2.csum_len > 0 && r2.csum_off + r2.csum_len <= len);
		sum = csum_partial_copy(cp, p + r2.csum_off, r2.csum_len, 0);
		ASSERT(memcmp(cp, p + r2.csum_off, r2.csum_len) == 0);
	}
	ASSERT((rxp_ip_flags(&r2) | rxp_l4_verdict(&r2, sum)) == fsw);
	free(cp);

	/* Property 17: the inline common case is rxp_parse, field by field. */
	memset(&r, 0x5a, sizeof(r));
	ASSERT(rxp_parse_fast(p, len, &r) == (r2.csum_len != 0));
	ASSERT(r.ptype == r2.ptype && r.l2_len == r2.l2_len &&
	       r.l3_len == r2.l3_len && r.l4_len == r2.l4_len &&
	       r.l4_proto == r2.l4_proto && r.ip_verdict == r2.ip_verdict &&
	       r.l4_verdict == r2.l4_verdict && r.l4_reason == r2.l4_reason &&
	       r.routed == r2.routed && r.ip_hdr_ok == r2.ip_hdr_ok &&
	       r.ip_trunc == r2.ip_trunc && r.l4_trimmed == r2.l4_trimmed &&
	       r.csum_off == r2.csum_off && r.csum_len == r2.csum_len &&
	       r.pseudo_sum == r2.pseudo_sum && r.ol_flags == r2.ol_flags);

	/* Every mode with the raw RDES1 (the engine may be lying). */
	f = dwmac4_verdict(p, len, rdes1, RXP_CSUM_SW, &r);
	ASSERT(f == fsw);
	common(&o, &sw, &r, f, fixed_u, fixed_b);
	f = dwmac4_verdict(p, len, rdes1, RXP_CSUM_OFF, &r);
	ASSERT(f == 0 && r.ptype == sw.ptype);
	for (i = 0; i < 2; i++) {
		f = dwmac4_verdict(p, len, rdes1, hwm[i], &r);
		common(&o, &sw, &r, f, fixed_u, fixed_b);
		/* No L3 bit matching the parse: the engine did not answer. */
		if (hwm[i] == RXP_CSUM_AUTO &&
		    !(rdes1 & (RDES1_IPV4_HEADER | RDES1_IPV6_HEADER)))
			ASSERT(f == fsw);
	}
	/* auto == sw when the hardware gave no status. */
	f = dwmac4_verdict(p, len, 0, RXP_CSUM_AUTO, &r);
	ASSERT(f == fsw);
	common(&o, &sw, &r, f, fixed_u, fixed_b);
	f = dwmac4_verdict(p, len, 0, RXP_CSUM_HW, &r);
	common(&o, &sw, &r, f, fixed_u, fixed_b);
	ASSERT((f & L4M) == 0 || (f & L4M) == (fsw & L4M));

	/* An honest engine: hw and auto never contradict the reference. */
	hon = honest_rdes1(&o, p);
	for (i = 0; i < 2; i++) {
		f = dwmac4_verdict(p, len, hon, hwm[i], &r);
		common(&o, &sw, &r, f, fixed_u, fixed_b);
		ASSERT((f & L4M) == 0 || (f & L4M) == l4_of(o.v));
		ASSERT((f & IPM) == 0 || (f & IPM) == (want & IPM));
		if (hwm[i] == RXP_CSUM_AUTO)
			ASSERT(f == fsw);
	}

	/* Property 15: stateless, and the frame was never written. */
	ASSERT(rxp_verdict_sw(p, len, &r) == fsw && r.ptype == sw.ptype);
	ASSERT(memcmp(p, data + 4, len) == 0);
	free(p);
	return 0;
}
