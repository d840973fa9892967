/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Differential test of lib/rxpath's parser and checksum verdict against an
 * independent reference (rxpath_ref.h, shared with the fuzz harness):
 * byte-at-a-time header walk with an explicit bounds check before every
 * read, checksums with csum_ref.h's ref_csum_be() (RFC 1071 over big-endian
 * words). It shares no code with rxp_parse.c or lib/csum; it restates the
 * rules of docs/design/rxpath_parse.md.
 *
 * Random well-formed frames (0..10 VLAN/QinQ tags, IPv4 with options and
 * fragments, IPv6 with HBH/DST/Routing (types 0, 2, 3, 4)/Fragment chains,
 * TCP with options, UDP with short UDP length, UDP/IPv4 without checksum,
 * ARP and odd EtherTypes, odd and huge lengths, 0xFF payloads, padding)
 * then mutated (bit flips, truncation, length-field lies, byte writes).
 * Every frame sits in a buffer of exactly its length (ASan catches any
 * over-read). Properties (robustness.md section 2): 1 reference
 * equivalence, 2 soundness of GOOD, 3 mutation sensitivity and +1/-1,
 * 4 round trip (and rte_ipv{4,6}_udptcp_cksum_verify where semantics
 * match), 5 padding, 7 alignment, 8 truncation, 9 VLAN, 10 fragments,
 * 11 zero checksum, 12 edge vectors, 13 byte order (the reference sums big-
 * endian words, the library native ones), 14 RFC 1624 TTL patch, 15 purity,
 * 16 copybreak equivalence, 17 the inline common-case parser
 * (rxp_parse_fast) equal to rxp_parse field by field, 18 its variant that
 * leaves out the sums the device's answer stands for
 * (rxp_parse_fast_flags) giving the same flags. Property 6 (segments) is out of scope: the
 * library parses the first segment only (documented).
 *
 * SOCRX_TEST_SEED replays a run; SOCRX_TEST_ITERS overrides the count.
 */
#include <stdlib.h>
#include <string.h>

#include <rte_ip.h>

#include "csum_ref.h"
#include "harness.h"
#include "rxp_parse.h"
#include "rxp_parse_fast.h"
#include "rxpath_ref.h"

#ifndef RXP_DIFF_ITERS
#define RXP_DIFF_ITERS 200000
#endif

#define FRAME_MAX (14 + 4 * 10 + 40 + 65535 + 128)

#if defined(__SANITIZE_ADDRESS__)
/*
 * LeakSanitizer stops the world with ptrace, which qemu-user does not
 * emulate (it dies with "LeakSanitizer has encountered a fatal error"):
 * leak detection off under qemu-user only, said by main(). LeakSanitizer
 * asks this hook at exit, when the environment can be read.
 */
int __lsan_is_turned_off(void);
int
__lsan_is_turned_off(void)
{
	return harness_under_qemu();
}
#endif

/* ------------------------------------------------------------------ */
/* Generator                                                            */
/* ------------------------------------------------------------------ */

static unsigned int
rnd(unsigned int n)
{
	return n ? (unsigned int)(harness_rand() % n) : 0;
}

static void
put16(uint8_t *p, unsigned int v)
{
	p[0] = (uint8_t)(v >> 8);
	p[1] = (uint8_t)v;
}

struct shape {
	size_t l3off;		/* IP header offset */
	size_t dend;		/* datagram end */
	size_t l4off;
	int v4, v6, l4proto;	/* l4proto 6/17/other, 0 if none */
	int frag, routed_ext;	/* v6 ext headers present */
};

static size_t
gen_payload_len(void)
{
	unsigned int k = rnd(1000);

	if (k < 400)
		return rnd(65);
	if (k < 950)
		return rnd(1501);
	if (k < 999)
		return rnd(9001);
	return 60000 + rnd(5400);
}

static void
gen_payload(uint8_t *p, size_t n)
{
	unsigned int k = rnd(100);

	if (k < 5)
		memset(p, 0xff, n);	/* end-around carries (property 12) */
	else if (k < 8)
		memset(p, 0, n);
	else
		harness_fill_random(p, n);
}

/* Writes an L4 header + payload at p; returns its length. */
static size_t
gen_l4(uint8_t *p, size_t room, int proto, int v6, size_t *udp_extra)
{
	size_t n = gen_payload_len(), h;

	*udp_extra = 0;
	if (proto == 6) {
		h = 20 + 4 * rnd(11) * (rnd(4) == 0);
		if (h + n > room)
			n = room - h;
		harness_fill_random(p, h);
		p[12] = (uint8_t)((h / 4) << 4 | (p[12] & 0x0f));
		gen_payload(p + h, n);
		return h + n;
	}
	if (proto == 17) {
		if (8 + n > room)
			n = room - 8;
		harness_fill_random(p, 8);
		gen_payload(p + 8, n);
		put16(p + 4, (unsigned int)(8 + n));
		put16(p + 6, 1);	/* non-zero placeholder, filled later */
		if (rnd(10) == 0 && n > 0) {
			/* UDP length shorter than the IP payload (row 40). */
			*udp_extra = 1 + rnd((unsigned int)n);
			put16(p + 4, (unsigned int)(8 + n - *udp_extra));
		}
		if (!v6 && rnd(20) == 0)
			put16(p + 6, 0);	/* no checksum (RFC 768) */
		return 8 + n;
	}
	n = n > room ? room : n;
	gen_payload(p, n);
	return n;
}

static int
gen_proto(void)
{
	static const int other[] = { 1, 2, 4, 41, 47, 58, 132, 253, 255, 0 };
	unsigned int k = rnd(100);

	if (k < 45)
		return 6;
	if (k < 90)
		return 17;
	return other[rnd(RTE_DIM(other))];
}

/* Builds a well-formed frame in f (FRAME_MAX bytes); returns its length. */
static size_t
gen_frame(uint8_t *f, struct shape *s)
{
	size_t pos = 12, l4len, extra, i;
	unsigned int tags, k, et;

	memset(s, 0, sizeof(*s));
	harness_fill_random(f, 12);
	k = rnd(100);
	tags = k < 70 ? 0 : k < 98 ? 1 + rnd(8) : 9 + rnd(2);
	for (i = 0; i < tags; i++) {
		put16(f + pos, rnd(2) ? 0x8100 : 0x88a8);
		put16(f + pos + 2, rnd(4096));
		pos += 4;
	}
	k = rnd(100);
	et = k < 55 ? 0x0800 : k < 95 ? 0x86dd : 0;
	if (et == 0) {
		static const unsigned int ets[] = { 0x0806, 0x88cc, 0x88f7, 0x8847,
						    0x0026, 0x9000 };
		size_t n = rnd(100);

		put16(f + pos, ets[rnd(RTE_DIM(ets))]);
		harness_fill_random(f + pos + 2, n);
		return pos + 2 + n;
	}
	put16(f + pos, et);
	pos += 2;
	s->l3off = pos;
	if (et == 0x0800) {
		size_t ihl = 20 + (rnd(4) == 0 ? 4 * rnd(11) : 0);
		uint8_t *ip = f + pos;

		s->v4 = 1;
		harness_fill_random(ip, ihl);
		ip[0] = (uint8_t)(0x40 | ihl / 4);
		ip[6] &= 0x40;		/* DF may be set */
		ip[7] = 0;
		if (rnd(10) == 0) {
			s->frag = 1;
			k = rnd(3);
			if (k == 0)
				ip[6] |= 0x20;				/* first */
			else
				put16(ip + 6, (k == 1 ? 0x2000 : 0) | (1 + rnd(8000)));
		}
		s->l4proto = gen_proto();
		ip[9] = (uint8_t)s->l4proto;
		s->l4off = pos + ihl;
		l4len = gen_l4(f + s->l4off, 65535 - ihl, s->l4proto, 0, &extra);
		s->dend = s->l4off + l4len;
		put16(ip + 2, (unsigned int)(ihl + l4len));
	} else {
		uint8_t *ip = f + pos, *nhp;
		unsigned int next, n = 0, nexts = rnd(4) == 0 ? rnd(7) : 0;
		size_t off = pos + 40;

		s->v6 = 1;
		harness_fill_random(ip, 40);
		ip[0] = (uint8_t)(0x60 | (ip[0] & 0x0f));
		nhp = ip + 6;
		for (n = 0; n < nexts; n++) {
			static const unsigned int kinds[] = { 0, 60, 43, 44 };
			uint8_t *x = f + off;
			size_t hl;

			next = kinds[rnd(4)];
			*nhp = (uint8_t)next;
			s->routed_ext = 1;
			if (next == 44) {
				harness_fill_random(x, 8);
				if (rnd(4) == 0) {		/* atomic */
					x[2] = 0;
					x[3] = 0;
				}
				s->frag = 1;
				hl = 8;
			} else if (next == 43) {
				unsigned int type = (unsigned int[]){ 0, 2, 4, 3, 0, 4 }[rnd(6)];
				unsigned int naddr = type == 2 ? 1 : 1 + rnd(4);

				hl = 8 + 16 * naddr;
				harness_fill_random(x, hl);
				x[1] = (uint8_t)(hl / 8 - 1);
				x[2] = (uint8_t)type;
				x[3] = (uint8_t)(rnd(2) ? 0 : rnd(3) ? 1 + rnd(naddr) : rnd(256));
				if (type == 4)
					x[4] = (uint8_t)(naddr - 1 - (rnd(4) == 0 && naddr > 1));
			} else {
				hl = 8 * (1 + rnd(4));
				harness_fill_random(x, hl);
				x[1] = (uint8_t)(hl / 8 - 1);
			}
			nhp = x;
			off += hl;
		}
		s->l4proto = gen_proto();
		*nhp = (uint8_t)s->l4proto;
		s->l4off = off;
		l4len = gen_l4(f + off, 65535 - (off - pos - 40), s->l4proto, 1,
			       &extra);
		s->dend = off + l4len;
		put16(ip + 4, (unsigned int)(s->dend - pos - 40));
	}
	/* Ethernet padding, zero or not (row 22). */
	k = rnd(100);
	if (k < 30) {
		size_t pad = rnd(65);

		harness_fill_random(f + s->dend, pad);
		return s->dend + pad;
	}
	if (k < 40 && s->dend < 60) {
		memset(f + s->dend, 0, 60 - s->dend);
		return 60;
	}
	return s->dend;
}

/* ------------------------------------------------------------------ */
/* Checks                                                               */
/* ------------------------------------------------------------------ */

static unsigned long n_checked, n_good, n_bad, n_unknown, n_fast;

/* Property 17: rxp_parse_fast() gives rxp_parse()'s result, every field. */
static void
check_fast(const uint8_t *p, size_t len, const struct rxp_parse_result *r,
	   const char *what)
{
	struct rxp_parse_result q;
	int rc;

	memset(&q, 0xa5, sizeof(q));
	n_fast += rxp_parse__ipv4_l4(p, (uint32_t)len, &q);
	rc = rxp_parse_fast(p, (uint32_t)len, &q);
	CHECK_EQ_U(rc, r->csum_len != 0, "%s: fast return", what);
	CHECK(q.ptype == r->ptype && q.l2_len == r->l2_len &&
	      q.l3_len == r->l3_len && q.l4_len == r->l4_len &&
	      q.l4_proto == r->l4_proto && q.ip_verdict == r->ip_verdict &&
	      q.l4_verdict == r->l4_verdict && q.l4_reason == r->l4_reason &&
	      q.routed == r->routed && q.ip_hdr_ok == r->ip_hdr_ok &&
	      q.ip_trunc == r->ip_trunc && q.l4_trimmed == r->l4_trimmed &&
	      q.csum_off == r->csum_off && q.csum_len == r->csum_len &&
	      q.pseudo_sum == r->pseudo_sum && q.ol_flags == r->ol_flags,
	      "%s len %zu: rxp_parse_fast differs from rxp_parse", what, len);
}

/* The flags of one mode and device answer, the L4 range summed if asked. */
static uint64_t
mode_flags(const uint8_t *p, const struct rxp_parse_result *r, uint64_t f,
	   int need_sum)
{
	return need_sum ? f | rxp_l4_verdict(r, csum_partial(p + r->csum_off,
							      r->csum_len, 0)) :
			  f;
}

/*
 * Property 18: rxp_parse_fast_flags(), which leaves out the sums the
 * device's answer stands for, gives rxp_parse() + rxp_hw_csum_flags()'s
 * flags and need_sum in every mode, for every combination of the answer's
 * bits: each call takes one mode and eight of the 64 combinations, in
 * turn, so that every pair recurs over the run's frames.
 */
static void
check_fast_flags(const uint8_t *p, size_t len, const struct rxp_parse_result *r,
		 const char *what)
{
	static const enum rxp_csum_mode modes[] = {
		RXP_CSUM_AUTO, RXP_CSUM_HW, RXP_CSUM_SW, RXP_CSUM_OFF,
	};
	static unsigned int turn;
	const enum rxp_csum_mode mode = modes[turn % RTE_DIM(modes)];
	const unsigned int first = (turn / RTE_DIM(modes) * 8) & 63;
	struct rxp_parse_result q;
	unsigned int bits;
	uint64_t fe, fl;
	int ne, nl;

	turn++;
	for (bits = first; bits < first + 8; bits++) {
		fe = rxp_hw_csum_flags(r, RXP_HW_CSUM(bits), mode, &ne);
		memset(&q, 0xa5, sizeof(q));
		fl = rxp_parse_fast_flags(p, (uint32_t)len, RXP_HW_CSUM(bits),
					  mode, &q, &nl);
		CHECK(nl == ne && q.ptype == r->ptype &&
		      q.csum_off == r->csum_off && q.csum_len == r->csum_len &&
		      mode_flags(p, &q, fl, nl) == mode_flags(p, r, fe, ne),
		      "%s len %zu: rxp_parse_fast_flags differs (mode %d, device bits %#x)",
		      what, len, (int)mode, bits);
	}
}

/* Parser vs reference on a buffer of exactly len bytes; returns flags. */
static uint64_t
diff_one(const uint8_t *src, size_t len, const char *what,
	 struct rxp_parse_result *out)
{
	uint8_t *p = malloc(len ? len : 1), *cp = malloc(len ? len : 1);
	struct rxp_parse_result r, r2;
	struct ref o;
	uint64_t f, want, f2;
	uint32_t sum = 0;

	memcpy(p, src, len);
	f = rxp_verdict_sw(p, (uint32_t)len, &r);
	ref_parse(p, len, &o);
	want = ref_flags(&o);
	n_checked++;
	CHECK_EQ_U(r.ptype, o.ptype, "%s len %zu: ptype", what, len);
	CHECK_EQ_U(r.l2_len, o.l2, "%s len %zu: l2", what, len);
	CHECK_EQ_U(r.l3_len, o.l3, "%s len %zu: l3", what, len);
	CHECK_EQ_U(r.l4_len, o.l4, "%s len %zu: l4", what, len);
	CHECK_EQ_U(f, want, "%s len %zu: flags (reason %s)", what, len,
		   rxp_l4_reason_name(r.l4_reason));
	/* Property 2: GOOD only over a range inside the frame, no fragment. */
	if (f & RTE_MBUF_F_RX_L4_CKSUM_GOOD) {
		CHECK(r.csum_len > 0 && r.csum_off + r.csum_len <= len &&
		      (r.ptype & RTE_PTYPE_L4_MASK) != RTE_PTYPE_L4_FRAG &&
		      ref_csum_be(p + r.csum_off, r.csum_len, o.fill_psum) == 0,
		      "%s: unsound GOOD", what);
		n_good++;
	} else if (f & RTE_MBUF_F_RX_L4_CKSUM_BAD) {
		n_bad++;
	} else {
		n_unknown++;
	}
	/* Property 15: flags legal (never NONE), no IP flag on non-IPv4. */
	CHECK((f & RTE_MBUF_F_RX_L4_CKSUM_MASK) != RTE_MBUF_F_RX_L4_CKSUM_NONE &&
	      (f & RTE_MBUF_F_RX_IP_CKSUM_MASK) != RTE_MBUF_F_RX_IP_CKSUM_NONE,
	      "%s: illegal flags", what);
	if (RTE_ETH_IS_IPV6_HDR(r.ptype))
		CHECK((f & RTE_MBUF_F_RX_IP_CKSUM_MASK) == 0, "%s: IP flag on IPv6", what);
	/* Property 15: the frame is not written. */
	CHECK(memcmp(p, src, len) == 0, "%s: frame written", what);
	/* Property 16: the copybreak path (sum while copying) agrees. */
	if (rxp_parse(p, (uint32_t)len, &r2))
		sum = csum_partial_copy(cp, p + r2.csum_off, r2.csum_len, 0);
	f2 = rxp_ip_flags(&r2) | rxp_l4_verdict(&r2, sum);
	CHECK_EQ_U(f2, f, "%s: copybreak verdict", what);
	check_fast(p, len, &r2, what);
	check_fast_flags(p, len, &r2, what);
	if (out)
		*out = r;
	free(p);
	free(cp);
	return f;
}

static uint64_t
l4f(uint64_t f)
{
	return f & RTE_MBUF_F_RX_L4_CKSUM_MASK;
}

/* Inserts n tags after the MAC addresses into a copy; returns new length. */
static size_t
insert_tags(uint8_t *dst, const uint8_t *src, size_t len, unsigned int n)
{
	unsigned int i;

	memcpy(dst, src, 12);
	for (i = 0; i < n; i++) {
		put16(dst + 12 + 4 * i, i % 2 ? 0x8100 : 0x88a8);
		put16(dst + 14 + 4 * i, i);
	}
	memcpy(dst + 12 + 4 * n, src + 12, len - 12);
	return len + 4 * n;
}

static void
props_well_formed(uint8_t *f, size_t len, const struct shape *s,
		  uint8_t *tmp, unsigned long iter)
{
	struct rxp_parse_result r, r2;
	uint64_t fl, fl2;
	size_t i, n;
	unsigned int k;

	fl = diff_one(f, len, "well-formed", &r);
	/* Property 4: reference-filled checksums verify. */
	if (r.l4_reason == RXP_L4R_CHECK)
		CHECK(l4f(fl) == RTE_MBUF_F_RX_L4_CKSUM_GOOD,
		      "round trip not GOOD (iter %lu)", iter);
	if (s->v4 && r.l2_len == s->l3off)
		CHECK((fl & RTE_MBUF_F_RX_IP_CKSUM_MASK) == RTE_MBUF_F_RX_IP_CKSUM_GOOD,
		      "IPv4 header not GOOD (iter %lu)", iter);
	/* Property 4: DPDK's helpers agree where their semantics match. */
	if (r.l4_reason == RXP_L4R_CHECK && r.csum_len == s->dend - s->l4off &&
	    !s->routed_ext && !(s->l3off & 1)) {
		int ok = s->v4 ?
			rte_ipv4_udptcp_cksum_verify((const void *)(f + s->l3off),
						     f + s->l4off) :
			rte_ipv6_udptcp_cksum_verify((const void *)(f + s->l3off),
						     f + s->l4off);
		CHECK(ok == 0, "rte_ipv%d_udptcp_cksum_verify disagrees (iter %lu)",
		      s->v4 ? 4 : 6, iter);
	}
	/* Property 5: padding does not change anything. */
	if (s->dend && len == s->dend) {
		n = 1 + rnd(64);
		memcpy(tmp, f, len);
		harness_fill_random(tmp + len, n);
		diff_one(tmp, len + n, "padded", &r2);
		CHECK(r2.ptype == r.ptype && r2.l2_len == r.l2_len &&
		      r2.l3_len == r.l3_len && r2.l4_len == r.l4_len &&
		      r2.ol_flags == r.ol_flags, "padding changed the verdict");
	}
	/* Property 3: a single bit flip in the covered range is never GOOD. */
	if (l4f(fl) == RTE_MBUF_F_RX_L4_CKSUM_GOOD) {
		size_t at = r.csum_off + rnd(r.csum_len);
		int is_udp_len = r.l4_proto == 17 &&
			(at == r.csum_off + 4 || at == r.csum_off + 5);

		memcpy(tmp, f, len);
		tmp[at] ^= (uint8_t)(1u << rnd(8));
		fl2 = diff_one(tmp, len, "L4 bit flip", NULL);
		if (!is_udp_len)
			CHECK(l4f(fl2) != RTE_MBUF_F_RX_L4_CKSUM_GOOD,
			      "bit flip at %zu still GOOD (iter %lu)", at, iter);
		/* Checksum +1 then -1 restores GOOD (the test_cksum.c pattern). */
		{
			size_t fo = r.csum_off + (r.l4_proto == 6 ? 16 : 6);
			unsigned int c = bget16(f + fo);

			memcpy(tmp, f, len);
			put16(tmp + fo, (c + 1) & 0xffff);
			fl2 = diff_one(tmp, len, "csum+1", NULL);
			if (((c + 1) & 0xffff) != 0 && ((c + 1) & 0xffff) != 0xffff)
				CHECK(l4f(fl2) == RTE_MBUF_F_RX_L4_CKSUM_BAD,
				      "csum+1 not BAD (iter %lu)", iter);
			put16(tmp + fo, c);
			CHECK(l4f(diff_one(tmp, len, "csum-1", NULL)) ==
			      RTE_MBUF_F_RX_L4_CKSUM_GOOD, "csum-1 not GOOD");
		}
		/* Pseudo-header: a source address bit (IPv4 hdr re-fixed). */
		memcpy(tmp, f, len);
		tmp[s->l3off + (s->v4 ? 12 : 8) + rnd(4)] ^= (uint8_t)(1u << rnd(8));
		if (s->v4) {
			tmp[s->l3off + 10] = 0;
			tmp[s->l3off + 11] = 0;
			put16(tmp + s->l3off + 10,
			      ref_csum_be(tmp + s->l3off, r.l3_len, 0));
		}
		fl2 = diff_one(tmp, len, "src flip", NULL);
		CHECK(l4f(fl2) == RTE_MBUF_F_RX_L4_CKSUM_BAD, "src flip not BAD");
	}
	/* Property 7: alignment (data_off 1..63). */
	if (iter % 16 == 0) {
		struct rxp_parse_result r3;
		uint8_t *buf = malloc(len + 64);

		k = 1 + rnd(63);
		memcpy(buf + k, f, len);
		rxp_verdict_sw(buf + k, (uint32_t)len, &r3);
		CHECK(r3.ol_flags == r.ol_flags && r3.ptype == r.ptype,
		      "alignment %u changed the verdict", k);
		free(buf);
	}
	/* Property 9: 1..8 tags keep the L4 verdict, 9 make it UNKNOWN. */
	if (iter % 8 == 0 && r.l2_len == 14 && len + 40 <= FRAME_MAX) {
		k = 1 + rnd(9);
		n = insert_tags(tmp, f, len, k);
		fl2 = diff_one(tmp, n, "tags inserted", NULL);
		if (k <= 8)
			CHECK(l4f(fl2) == l4f(fl) &&
			      (fl2 & RTE_MBUF_F_RX_IP_CKSUM_MASK) ==
			      (fl & RTE_MBUF_F_RX_IP_CKSUM_MASK),
			      "%u tags changed the verdict", k);
		else
			CHECK(fl2 == 0, "9 tags not UNKNOWN");
	}
	/* Property 10: a fragment is UNKNOWN whatever the bytes. */
	if (s->v4 && r.l2_len == s->l3off && iter % 4 == 0) {
		memcpy(tmp, f, len);
		tmp[s->l3off + 6] |= rnd(2) ? 0x20 : (uint8_t)(1 + rnd(0x1f));
		tmp[s->l3off + 7] |= (uint8_t)rnd(256);
		fl2 = diff_one(tmp, len, "made fragment", &r2);
		CHECK(l4f(fl2) == 0 && (r2.ptype & RTE_PTYPE_L4_MASK) == RTE_PTYPE_L4_FRAG,
		      "fragment not UNKNOWN/FRAG");
	}
	if (s->v6 && r.l2_len == s->l3off && iter % 4 == 1 && len + 8 <= FRAME_MAX) {
		/* Insert a Fragment header (maybe atomic) after the fixed header. */
		size_t h = s->l3off + 40;

		memcpy(tmp, f, h);
		harness_fill_random(tmp + h, 8);
		tmp[h] = f[s->l3off + 6];
		tmp[s->l3off + 6] = 44;
		put16(tmp + s->l3off + 4, bget16(f + s->l3off + 4) + 8);
		if (rnd(2)) {
			tmp[h + 2] = 0;
			tmp[h + 3] = 0;
		}
		memcpy(tmp + h + 8, f + h, len - h);
		fl2 = diff_one(tmp, len + 8, "v6 fragment inserted", NULL);
		CHECK(l4f(fl2) == 0, "v6 fragment not UNKNOWN");
	}
	/* Property 11: UDP checksum 0: never BAD over IPv4, BAD over IPv6. */
	if (r.l4_reason == RXP_L4R_CHECK && r.l4_proto == 17 && r.routed == 0) {
		memcpy(tmp, f, len);
		put16(tmp + r.csum_off + 6, 0);
		fl2 = diff_one(tmp, len, "udp csum 0", NULL);
		CHECK(l4f(fl2) == (s->v4 ? 0 : RTE_MBUF_F_RX_L4_CKSUM_BAD),
		      "UDP zero checksum rule");
	}
	/* Property 14: TTL decrement with an RFC 1624 patch stays GOOD. */
	if (s->v4 && r.l2_len == s->l3off && f[s->l3off + 8] > 0) {
		memcpy(tmp, f, len);
		csum_ipv4_ttl_dec(tmp + s->l3off);
		fl2 = diff_one(tmp, len, "ttl dec", NULL);
		CHECK(fl2 == fl, "RFC 1624 TTL patch changed the verdict");
	}
	/* Property 8: every prefix (small frames), else some prefixes. */
	n = len <= 160 && iter % 4 == 0 ? len : 8;
	for (i = 0; i < n; i++) {
		size_t cut = n == len ? i : rnd((unsigned int)len);

		fl2 = diff_one(f, cut, "prefix", &r2);
		if (l4f(fl2) == RTE_MBUF_F_RX_L4_CKSUM_GOOD)
			CHECK(r2.csum_off + r2.csum_len <= cut, "GOOD past prefix");
	}
}

/* Random corruption of a well-formed frame: returns the new length. */
static size_t
mutate(uint8_t *f, size_t len, const struct shape *s)
{
	unsigned int k = rnd(100), n;
	size_t at;

	if (len == 0)
		return 0;
	at = rnd((unsigned int)len);
	if (k < 30) {					/* bit flips */
		for (n = 1 + rnd(3); n; n--)
			f[rnd((unsigned int)len)] ^= (uint8_t)(1u << rnd(8));
	} else if (k < 45) {				/* truncation */
		return rnd((unsigned int)len + 1);
	} else if (k < 55) {				/* random bytes */
		for (n = 1 + rnd(4); n; n--)
			f[rnd((unsigned int)len)] = (uint8_t)rnd(256);
	} else if (s->l3off && s->l3off + 40 <= len) {	/* length lies */
		uint8_t *ip = f + s->l3off;
		unsigned int v = rnd(4) == 0 ? rnd(65536) : 0;

		switch (rnd(6)) {
		case 0:	/* IPv4 total / IPv6 payload length */
			at = s->v4 ? 2 : 4;
			put16(ip + at, v ? v : (bget16(ip + at) + rnd(41) - 20) & 0xffff);
			break;
		case 1:	/* IHL / version */
			ip[0] = (uint8_t)rnd(256);
			break;
		case 2:	/* UDP length */
		case 3:	/* TCP data offset */
			if (s->l4off + 14 <= len) {
				if (s->l4proto == 17)
					put16(f + s->l4off + 4, v ? v :
					      (bget16(f + s->l4off + 4) + rnd(41) - 20) & 0xffff);
				else
					f[s->l4off + 12] = (uint8_t)rnd(256);
			}
			break;
		case 4:	/* IPv6 first extension length / next header */
			if (s->v6 && s->l3off + 42 <= len)
				f[s->l3off + 40 + rnd(2)] = (uint8_t)rnd(256);
			else
				ip[9] = (uint8_t)rnd(256);
			break;
		default: /* IPv4 fragment field */
			put16(ip + 6, rnd(65536));
		}
		if (s->v4 && rnd(2))
			ref_fill(f, len);	/* a consistent header with a lie */
	} else {
		f[at] ^= 0xff;
	}
	return len;
}

/*
 * Every boundary of the inline parser (property 17 under ASan): Ethernet +
 * IPv4 without options + TCP or UDP, in frames of 14..90 bytes, with every
 * IPv4 total length from 0 to the frame's IP part plus 4 (past the frame:
 * truncated), correct checksums or not, so that each length check of
 * rxp_parse_fast meets a frame ending just before, at and after what it
 * reads.
 */
static void
sweep_ipv4_bounds(void)
{
	static const uint8_t protos[] = { 6, 17 };
	uint8_t f[90];
	unsigned int pi, len, tot, fill;

	for (pi = 0; pi < RTE_DIM(protos); pi++)
		for (len = 14; len <= sizeof(f); len++)
			for (tot = 0; tot + 14 <= len + 4; tot++)
				for (fill = 0; fill < 2; fill++) {
					harness_fill_random(f, sizeof(f));
					put16(f + 12, 0x0800);
					if (len > 14)
						f[14] = 0x45;
					if (len > 23)
						f[23] = protos[pi];
					if (len > 21) {
						f[20] = 0x40;	/* DF only */
						f[21] = 0;
					}
					if (len > 17)
						put16(f + 16, tot);
					if (fill)
						ref_fill(f, len);
					diff_one(f, len, "IPv4 bounds", NULL);
				}
}

int
main(void)
{
	uint64_t seed = harness_seed_from_env(0x5eed2023);
	const char *it = getenv("SOCRX_TEST_ITERS");
	unsigned long iters = it ? strtoul(it, NULL, 0) : RXP_DIFF_ITERS, i;
	uint8_t *f = malloc(FRAME_MAX), *tmp = malloc(FRAME_MAX + 256);
	uint8_t *m = malloc(FRAME_MAX);
	struct shape s;
	size_t len, ml;
	unsigned int k;

	(void)seed;
#if defined(__SANITIZE_ADDRESS__)
	if (harness_under_qemu())
		printf("SKIP leak check: under qemu-user, which does not emulate the ptrace LeakSanitizer needs\n");
#endif
	sweep_ipv4_bounds();
	for (i = 0; i < iters; i++) {
		len = gen_frame(f, &s);
		ref_fill(f, len);
		props_well_formed(f, len, &s, tmp, i);
		for (k = 0; k < 3; k++) {
			memcpy(m, f, len);
			ml = mutate(m, len, &s);
			diff_one(m, ml, "mutated", NULL);
		}
		if (harness_failures > 50)
			break;
	}
	printf("%lu frames generated, %lu verdicts compared: L4 %lu good, "
	       "%lu bad, %lu unknown; %lu parsed inline by rxp_parse_fast\n",
	       i, n_checked, n_good, n_bad, n_unknown, n_fast);
	CHECK(n_good > iters / 4 && n_bad > iters / 20 && n_unknown > iters / 20,
	      "verdict mix too thin to mean anything");
	CHECK(n_fast > iters / 20, "rxp_parse_fast's inline case too rare (%lu)",
	      n_fast);
	free(f);
	free(tmp);
	free(m);
	return harness_result("rxpath_parse_diff");
}
