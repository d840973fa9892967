/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The device model's traffic sources and sinks: the generator's frames are
 * taken apart by this test's own parser and checked against the protocol
 * rules (lengths, IPv4 header and L4 checksums through csum_ref.h, flows,
 * sequence numbers, padding); pcap replay and capture round-trip; the
 * AF_PACKET source and sink on loopback when the test may open raw sockets.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <string.h>
#include <sched.h>
#include <time.h>
#include <unistd.h>

#include <net/if.h>
#include <pcap/pcap.h>
#include <inttypes.h>
#include <signal.h>
#include <sys/ioctl.h>
#include <sys/mount.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/stat.h>

#include "harness.h"
#include "csum_ref.h"
#include "model_csum.h"
#include "model_traffic.h"

#define BUF_CAP 16384

static uint8_t buf[BUF_CAP];

/* A generated frame as this test reads it. */
struct parsed {
	bool ipv6;
	uint8_t proto;
	uint8_t saddr[16], daddr[16];	/* IPv4: first 4 bytes */
	uint16_t sport, dport;
	unsigned int ip_len;		/* IP datagram: header + L4 */
	unsigned int l4_len;
	const uint8_t *ip, *l4, *payload;
	unsigned int pl_len;
	bool ip_csum_ok;		/* IPv4 only; true for IPv6 */
	bool l4_csum_ok;
	uint16_t l4_csum;
};

static uint16_t
rd16(const uint8_t *p)
{
	return (uint16_t)(p[0] << 8 | p[1]);
}

static uint32_t
rd32(const uint8_t *p)
{
	return (uint32_t)rd16(p) << 16 | rd16(p + 2);
}

static uint64_t
rd64(const uint8_t *p)
{
	return (uint64_t)rd32(p) << 32 | rd32(p + 4);
}

/* Parses an Ethernet/IPv4|IPv6/UDP|TCP frame; false if malformed. */
static bool
parse(const uint8_t *f, unsigned int len, struct parsed *o)
{
	unsigned int l3, l4h, alen;
	uint32_t pseudo = 0;
	unsigned int i;

	memset(o, 0, sizeof(*o));
	if (len < 14)
		return false;
	o->ip = f + 14;
	if (rd16(f + 12) == 0x0800) {
		if (len < 34 || o->ip[0] != 0x45)
			return false;
		l3 = 20;
		alen = 4;
		o->ip_len = rd16(o->ip + 2);
		o->proto = o->ip[9];
		memcpy(o->saddr, o->ip + 12, 4);
		memcpy(o->daddr, o->ip + 16, 4);
		o->ip_csum_ok = ref_csum_be(o->ip, 20, 0) == 0;
	} else if (rd16(f + 12) == 0x86dd) {
		if (len < 54 || (o->ip[0] >> 4) != 6)
			return false;
		o->ipv6 = true;
		l3 = 40;
		alen = 16;
		o->ip_len = 40u + rd16(o->ip + 4);
		o->proto = o->ip[6];
		memcpy(o->saddr, o->ip + 8, 16);
		memcpy(o->daddr, o->ip + 24, 16);
		o->ip_csum_ok = true;
	} else {
		return false;
	}
	if (o->ip_len < l3 || 14 + o->ip_len > len)
		return false;
	o->l4 = o->ip + l3;
	o->l4_len = o->ip_len - l3;
	if (o->proto == 17) {
		l4h = 8;
		if (o->l4_len < 8 || rd16(o->l4 + 4) != o->l4_len)
			return false;
		o->l4_csum = rd16(o->l4 + 6);
	} else if (o->proto == 6) {
		l4h = 20;
		if (o->l4_len < 20 || (o->l4[12] >> 4) != 5)
			return false;
		o->l4_csum = rd16(o->l4 + 16);
	} else {
		return false;
	}
	o->sport = rd16(o->l4);
	o->dport = rd16(o->l4 + 2);
	o->payload = o->l4 + l4h;
	o->pl_len = o->l4_len - l4h;

	/* Pseudo-header (RFC 768 / RFC 8200 8.1) as big-endian words. */
	for (i = 0; i < alen; i += 2)
		pseudo += rd16(o->saddr + i) + rd16(o->daddr + i);
	pseudo += o->proto + o->l4_len;
	/* A UDP checksum of 0 means "none": never valid for a generator. */
	o->l4_csum_ok = ref_csum_be(o->l4, o->l4_len, pseudo) == 0 &&
			!(o->proto == 17 && o->l4_csum == 0);
	return true;
}

static struct model_traffic_src *
gen_or_fail(const struct model_gen_params *p)
{
	char err[256] = "";
	struct model_traffic_src *s = model_gen_create(p, err, sizeof(err));

	CHECK(s != NULL, "model_gen_create failed: %s", err);
	return s;
}

/* Protocol checks every generated frame must pass. */
static void
check_frame(const struct model_gen_params *p, uint64_t seq,
	    const uint8_t *f, int len, struct parsed *o)
{
	bool ok = parse(f, (unsigned int)len, o);
	unsigned int i;

	CHECK(ok, "frame %" PRIu64 " (len %d) does not parse", seq, len);
	if (!ok)
		return;
	CHECK(memcmp(f, p->dst_mac, 6) == 0 && memcmp(f + 6, p->src_mac, 6) == 0,
	      "frame %" PRIu64 ": MAC addresses", seq);
	CHECK(o->ipv6 == p->ipv6, "frame %" PRIu64 ": IP version", seq);
	CHECK_EQ_U(o->proto, p->l4_proto, "frame %" PRIu64 ": protocol", seq);
	CHECK(o->ip_csum_ok, "frame %" PRIu64 ": IPv4 header checksum", seq);
	if (p->ipv6) {
		CHECK_EQ_U(o->ip[7], 64, "hop limit");
		CHECK_EQ_U(rd32(o->ip), 0x60000000u, "IPv6 first word");
		CHECK(rd32(o->saddr) == 0x20010db8u &&
		      rd32(o->daddr) == 0x20010db8u,
		      "frame %" PRIu64 ": IPv6 addresses not in 2001:db8::/32",
		      seq);
	} else {
		CHECK_EQ_U(o->ip[8], 64, "TTL");
		CHECK_EQ_U(rd16(o->ip + 6), 0x4000, "flags: DF, no fragment");
		CHECK_EQ_U(rd16(o->ip + 4), (uint16_t)seq, "IP id = sequence");
		CHECK(o->saddr[0] == 198 && o->saddr[1] == 18,
		      "frame %" PRIu64 ": source not in 198.18/16", seq);
		CHECK(o->daddr[0] == 198 && o->daddr[1] == 19 &&
		      o->daddr[2] == 0 && o->daddr[3] == 1,
		      "frame %" PRIu64 ": destination not 198.19.0.1", seq);
	}
	if (p->l4_proto == 6) {
		CHECK_EQ_U(o->l4[13], 0x10, "TCP flags: ACK only");
		CHECK_EQ_U(rd32(o->l4 + 4), (uint32_t)seq, "TCP seq = frame");
	}
	/* The big-endian sequence number, cut short by a tiny payload. */
	for (i = 0; i < 8 && i < o->pl_len; i++)
		if (o->payload[i] != (uint8_t)(seq >> (56 - 8 * i)))
			break;
	CHECK(i == 8 || i == o->pl_len,
	      "frame %" PRIu64 ": sequence number in payload (byte %u)", seq, i);
	if (o->pl_len >= 8)
		CHECK_EQ_U(rd64(o->payload), seq, "sequence number in payload");
	/* Then the ramp: byte i of the payload is (seq + i) mod 256. */
	for (i = 8; i < o->pl_len; i++)
		if (o->payload[i] != (uint8_t)(seq + i))
			break;
	CHECK(i >= o->pl_len, "frame %" PRIu64 ": payload byte %u of %u off the ramp",
	      seq, i, o->pl_len);
	/* Ethernet padding: zeros, outside the datagram. */
	for (i = 14 + o->ip_len; i < (unsigned int)len; i++)
		if (f[i] != 0)
			break;
	CHECK(i == (unsigned int)len, "frame %" PRIu64 ": padding byte %u not zero",
	      seq, i);
}

static void
test_gen_defaults(void)
{
	struct model_gen_params p;
	struct model_traffic_src *s;
	struct parsed o;
	uint64_t n;
	int len;

	model_gen_params_init(&p);
	{
		static const uint8_t peer[6] = { 2, 0, 0, 0, 0xfe, 1 };
		static const uint8_t peer2[6] = { 2, 0, 0, 0, 0xfe, 2 };
		uint8_t src[6];

		CHECK(memcmp(p.src_mac, peer, 6) == 0,
		      "default source: the link partner's address");
		model_gen_peer_mac(p.dst_mac, src);
		CHECK(memcmp(src, peer, 6) == 0, "peer source");
		/* A destination equal to it: the next, never src == dst. */
		model_gen_peer_mac(peer, src);
		CHECK(memcmp(src, peer2, 6) == 0, "peer source beside a port at it");
	}
	CHECK_EQ_U(p.l4_proto, 17, "default UDP");
	CHECK(!p.ipv6, "default IPv4");
	CHECK_EQ_U(p.flows, 1, "default flows");
	CHECK_EQ_U(p.len_min, 64, "default length");
	CHECK_EQ_U(p.seed, 1, "default seed");
	CHECK_EQ_U(p.count, 0, "default endless");
	s = gen_or_fail(&p);
	if (s == NULL)
		return;
	for (n = 0; n < 1000; n++) {
		len = s->next(s, buf, sizeof(buf));
		CHECK_EQ_U(len, 64, "fixed length");
		if (len != 64)
			break;
		check_frame(&p, n, buf, len, &o);
		CHECK(o.l4_csum_ok, "frame %" PRIu64 ": L4 checksum", n);
		CHECK_EQ_U(o.ip_len, 50, "IP total length of a 64-byte frame");
	}
	CHECK_EQ_U(s->frames, 1000, "frames counter");
	s->destroy(s);
}

static void
test_gen_sizes(void)
{
	struct model_gen_params p;
	struct model_traffic_src *s;
	unsigned int lo = ~0u, hi = 0, c60 = 0, c590 = 0, c1514 = 0, other = 0;
	struct parsed o;
	uint64_t n;
	int len;

	/* Uniform range: within bounds, both ends reached. */
	model_gen_params_init(&p);
	p.size = MODEL_GEN_SIZE_RANGE;
	p.len_min = 100;
	p.len_max = 200;
	p.seed = harness_seed;
	s = gen_or_fail(&p);
	if (s != NULL) {
		for (n = 0; n < 20000; n++) {
			len = s->next(s, buf, sizeof(buf));
			CHECK(len >= 100 && len <= 200, "range length %d", len);
			if (len <= 0)
				break;
			lo = (unsigned int)len < lo ? (unsigned int)len : lo;
			hi = (unsigned int)len > hi ? (unsigned int)len : hi;
			check_frame(&p, n, buf, len, &o);
			CHECK(o.l4_csum_ok, "range frame %" PRIu64, n);
			CHECK_EQ_U(o.ip_len + 14, len, "no padding above 60");
		}
		CHECK(lo == 100 && hi == 200, "range drew %u..%u", lo, hi);
		s->destroy(s);
	}

	/* IMIX: exactly 7:4:1 over 1200 frames. */
	p.size = MODEL_GEN_SIZE_IMIX;
	s = gen_or_fail(&p);
	if (s != NULL) {
		for (n = 0; n < 1200; n++) {
			len = s->next(s, buf, sizeof(buf));
			if (len == 60)
				c60++;
			else if (len == 590)
				c590++;
			else if (len == 1514)
				c1514++;
			else
				other++;
			if (len > 0) {
				check_frame(&p, n, buf, len, &o);
				CHECK(o.l4_csum_ok, "IMIX frame %" PRIu64, n);
			}
		}
		CHECK(c60 == 700 && c590 == 400 && c1514 == 100 && other == 0,
		      "IMIX %u/%u/%u (+%u others), want 700/400/100", c60, c590,
		      c1514, other);
		s->destroy(s);
	}

	/* Range up to the largest frame. */
	p.size = MODEL_GEN_SIZE_RANGE;
	p.len_min = 9000;
	p.len_max = 16380;
	s = gen_or_fail(&p);
	if (s != NULL) {
		for (n = 0; n < 200; n++) {
			len = s->next(s, buf, sizeof(buf));
			CHECK(len >= 9000 && len <= 16380, "jumbo length %d", len);
			if (len <= 0)
				break;
			check_frame(&p, n, buf, len, &o);
			CHECK(o.l4_csum_ok, "jumbo frame %" PRIu64, n);
		}
		s->destroy(s);
	}
}

/* 60-byte frames: the datagram is short, the padding zero and outside it. */
static void
test_gen_padding(void)
{
	struct model_gen_params p;
	struct model_traffic_src *s;
	struct parsed o;
	uint64_t n;
	int len;

	model_gen_params_init(&p);
	p.len_min = 60;
	p.flows = 3;
	s = gen_or_fail(&p);
	if (s == NULL)
		return;
	for (n = 0; n < 100; n++) {
		len = s->next(s, buf, sizeof(buf));
		CHECK_EQ_U(len, 60, "minimum frame");
		if (len != 60)
			break;
		check_frame(&p, n, buf, len, &o);
		CHECK(o.l4_csum_ok, "60-byte frame %" PRIu64 ": L4 checksum", n);
		CHECK(o.ip_len + 14 < 60,
		      "60-byte frame carries no padding (IP length %u)",
		      o.ip_len);
		CHECK_EQ_U(rd16(o.ip + 2), o.ip_len, "IP total length");
	}
	s->destroy(s);

	/* IPv6/TCP needs more than 60: a 60-byte request grows to fit. */
	p.ipv6 = true;
	p.l4_proto = 6;
	s = gen_or_fail(&p);
	if (s != NULL) {
		len = s->next(s, buf, sizeof(buf));
		CHECK_EQ_U(len, 14 + 40 + 20, "IPv6/TCP minimum frame");
		if (len > 0) {
			check_frame(&p, 0, buf, len, &o);
			CHECK(o.l4_csum_ok, "IPv6/TCP minimum frame checksum");
		}
		s->destroy(s);
	}
}

static void
test_gen_ipv6_tcp(void)
{
	struct model_gen_params p;
	struct model_traffic_src *s;
	unsigned int c74 = 0, c590 = 0, c1514 = 0;
	struct parsed o;
	uint64_t n;
	int len;

	model_gen_params_init(&p);
	p.ipv6 = true;
	p.l4_proto = 6;
	p.size = MODEL_GEN_SIZE_IMIX;
	p.flows = 5;
	p.seed = harness_seed;
	s = gen_or_fail(&p);
	if (s == NULL)
		return;
	for (n = 0; n < 1200; n++) {
		len = s->next(s, buf, sizeof(buf));
		CHECK(len > 0, "IPv6/TCP frame %" PRIu64, n);
		if (len <= 0)
			break;
		c74 += len == 74;
		c590 += len == 590;
		c1514 += len == 1514;
		check_frame(&p, n, buf, len, &o);
		CHECK(o.l4_csum_ok, "IPv6/TCP frame %" PRIu64 ": checksum", n);
		CHECK_EQ_U(o.ip_len + 14, len, "IPv6 payload length");
	}
	CHECK(c74 == 700 && c590 == 400 && c1514 == 100,
	      "IPv6/TCP IMIX %u/%u/%u", c74, c590, c1514);
	s->destroy(s);

	/* IPv6/UDP and IPv4/TCP at fixed sizes. */
	p.l4_proto = 17;
	p.size = MODEL_GEN_SIZE_FIXED;
	p.len_min = 1514;
	s = gen_or_fail(&p);
	if (s != NULL) {
		for (n = 0; n < 100; n++) {
			len = s->next(s, buf, sizeof(buf));
			CHECK_EQ_U(len, 1514, "IPv6/UDP length");
			if (len <= 0)
				break;
			check_frame(&p, n, buf, len, &o);
			CHECK(o.l4_csum_ok, "IPv6/UDP frame %" PRIu64, n);
		}
		s->destroy(s);
	}
	p.ipv6 = false;
	p.l4_proto = 6;
	p.len_min = 128;
	s = gen_or_fail(&p);
	if (s != NULL) {
		for (n = 0; n < 100; n++) {
			len = s->next(s, buf, sizeof(buf));
			CHECK_EQ_U(len, 128, "IPv4/TCP length");
			if (len <= 0)
				break;
			check_frame(&p, n, buf, len, &o);
			CHECK(o.l4_csum_ok, "IPv4/TCP frame %" PRIu64, n);
		}
		s->destroy(s);
	}
}

/* Number of distinct 5-tuples over @p frames frames. */
static unsigned int
count_flows(const struct model_gen_params *p, unsigned int frames)
{
	static uint8_t keys[4096][37];
	struct model_traffic_src *s = gen_or_fail(p);
	unsigned int n, k, nkeys = 0;
	struct parsed o;
	uint8_t key[37];
	int len;

	if (s == NULL)
		return 0;
	for (n = 0; n < frames; n++) {
		len = s->next(s, buf, sizeof(buf));
		if (len <= 0 || !parse(buf, (unsigned int)len, &o))
			break;
		memcpy(key, o.saddr, 16);
		memcpy(key + 16, o.daddr, 16);
		key[32] = (uint8_t)(o.sport >> 8);
		key[33] = (uint8_t)o.sport;
		key[34] = (uint8_t)(o.dport >> 8);
		key[35] = (uint8_t)o.dport;
		key[36] = o.proto;
		for (k = 0; k < nkeys; k++)
			if (memcmp(keys[k], key, sizeof(key)) == 0)
				break;
		if (k == nkeys && nkeys < 4096)
			memcpy(keys[nkeys++], key, sizeof(key));
	}
	s->destroy(s);
	return nkeys;
}

static void
test_gen_flows(void)
{
	static const unsigned int flows[] = { 1, 2, 7, 300, 1000 };
	struct model_gen_params p;
	unsigned int i;

	model_gen_params_init(&p);
	for (i = 0; i < sizeof(flows) / sizeof(flows[0]); i++) {
		p.flows = flows[i];
		p.ipv6 = i & 1;
		CHECK_EQ_U(count_flows(&p, flows[i] * 3), flows[i],
			   "distinct 5-tuples for %u flows", flows[i]);
	}
}

/*
 * Bad L4 checksums: the count is binomial around the permille, the bad
 * frames fail verification, and they differ from the same frames made at
 * permille 0 in the L4 checksum field only.
 */
static unsigned int
run_bad(unsigned int permille, bool ipv6, uint8_t proto, unsigned int frames)
{
	static uint8_t ref[BUF_CAP];
	struct model_gen_params p, pg;
	struct model_traffic_src *s, *g;
	unsigned int n, bad = 0, csum_off;
	struct parsed o;
	int len, glen;

	model_gen_params_init(&p);
	p.ipv6 = ipv6;
	p.l4_proto = proto;
	p.size = MODEL_GEN_SIZE_RANGE;
	p.len_min = 60;
	p.len_max = 300;
	p.flows = 17;
	p.bad_l4_permille = permille;
	p.seed = harness_seed;
	pg = p;
	pg.bad_l4_permille = 0;
	s = gen_or_fail(&p);
	g = gen_or_fail(&pg);
	if (s == NULL || g == NULL)
		goto out;
	for (n = 0; n < frames; n++) {
		len = s->next(s, buf, sizeof(buf));
		glen = g->next(g, ref, sizeof(ref));
		CHECK(len > 0 && len == glen, "bad run frame %u: %d vs %d", n,
		      len, glen);
		if (len <= 0 || len != glen)
			break;
		check_frame(&p, n, buf, len, &o);
		if (!o.l4_csum_ok) {
			bad++;
			csum_off = (unsigned int)(o.l4 - buf) + (proto == 6 ? 16 : 6);
			CHECK(o.l4_csum != 0 || proto != 17,
			      "bad UDP checksum is 0 (\"none\")");
			/* Only the checksum differs from the good frame. */
			CHECK(memcmp(buf, ref, csum_off) == 0 &&
			      memcmp(buf + csum_off + 2, ref + csum_off + 2,
				     (size_t)len - csum_off - 2) == 0,
			      "bad frame %u differs beyond its checksum", n);
		} else {
			CHECK(memcmp(buf, ref, (size_t)len) == 0,
			      "good frame %u differs from permille-0 frame", n);
		}
	}
out:
	if (s != NULL)
		s->destroy(s);
	if (g != NULL)
		g->destroy(g);
	return bad;
}

static void
test_gen_bad_csum(void)
{
	unsigned int bad;

	CHECK_EQ_U(run_bad(0, false, 17, 10000), 0, "permille 0");
	CHECK_EQ_U(run_bad(1000, false, 17, 10000), 10000, "permille 1000");
	CHECK_EQ_U(run_bad(1000, true, 6, 2000), 2000, "permille 1000 v6/tcp");
	CHECK_EQ_U(run_bad(1000, false, 6, 2000), 2000, "permille 1000 v4/tcp");
	CHECK_EQ_U(run_bad(1000, true, 17, 2000), 2000, "permille 1000 v6/udp");
	/* Binomial(10000, 0.1): sd 30; 6 sd either side. */
	bad = run_bad(100, false, 17, 10000);
	CHECK(bad >= 820 && bad <= 1180, "permille 100: %u bad of 10000", bad);
	bad = run_bad(100, true, 6, 10000);
	CHECK(bad >= 820 && bad <= 1180, "permille 100 v6/tcp: %u bad", bad);
}

static void
test_gen_determinism(void)
{
	static uint8_t other[BUF_CAP];
	struct model_gen_params p;
	struct model_traffic_src *a, *b, *c;
	unsigned int n, same_bad = 0, diff = 0;
	struct parsed oa, oc;
	int la, lb, lc;

	model_gen_params_init(&p);
	p.size = MODEL_GEN_SIZE_RANGE;
	p.len_min = 60;
	p.len_max = 1514;
	p.flows = 9;
	p.bad_l4_permille = 250;
	p.seed = harness_seed;
	a = gen_or_fail(&p);
	b = gen_or_fail(&p);
	p.seed = harness_seed + 1;
	c = gen_or_fail(&p);
	if (a == NULL || b == NULL || c == NULL)
		goto out;
	for (n = 0; n < 2000; n++) {
		la = a->next(a, buf, sizeof(buf));
		lb = b->next(b, other, sizeof(other));
		CHECK(la > 0 && la == lb && memcmp(buf, other, (size_t)la) == 0,
		      "same seed, frame %u differs", n);
		lc = c->next(c, other, sizeof(other));
		if (la <= 0 || lc <= 0)
			break;
		diff += la != lc;
		if (parse(buf, (unsigned int)la, &oa) &&
		    parse(other, (unsigned int)lc, &oc))
			same_bad += !oa.l4_csum_ok && !oc.l4_csum_ok;
	}
	CHECK(diff > 0, "another seed draws the same sizes");
	/* Independent choices: ~125 shared of ~500 each, never all. */
	CHECK(same_bad < 300, "another seed picks the same bad frames (%u)",
	      same_bad);
out:
	if (a != NULL)
		a->destroy(a);
	if (b != NULL)
		b->destroy(b);
	if (c != NULL)
		c->destroy(c);
}

static void
test_gen_count_and_cap(void)
{
	struct model_gen_params p;
	struct model_traffic_src *s;
	struct parsed o;
	uint64_t n;
	int len;

	model_gen_params_init(&p);
	p.count = 5;
	s = gen_or_fail(&p);
	if (s == NULL)
		return;
	for (n = 0; n < 5; n++)
		CHECK_EQ_U(s->next(s, buf, sizeof(buf)), 64, "frame %" PRIu64,
			   n);
	CHECK_EQ_U(s->next(s, buf, sizeof(buf)), (uint64_t)-1, "exhausted");
	CHECK_EQ_U(s->next(s, buf, sizeof(buf)), (uint64_t)-1,
		   "stays exhausted");
	CHECK_EQ_U(s->frames, 5, "frames counter");
	s->destroy(s);

	/* A frame that does not fit is skipped and counted. */
	p.count = 0;
	s = gen_or_fail(&p);
	if (s == NULL)
		return;
	CHECK_EQ_U(s->next(s, buf, 63), 0, "too small a buffer");
	CHECK_EQ_U(s->truncated, 1, "truncated counter");
	len = s->next(s, buf, 64);
	CHECK_EQ_U(len, 64, "exact fit");
	if (len > 0) {
		check_frame(&p, 1, buf, len, &o);
		CHECK(o.l4_csum_ok, "frame after a skip");
	}
	CHECK_EQ_U(s->frames, 1, "frames counter after a skip");
	s->destroy(s);
}

static double
now_s(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

static void
test_gen_rate(void)
{
	struct model_gen_params p;
	struct model_traffic_src *s;
	unsigned int got = 0, zeros = 0;
	double t0, dt;
	int len;

	model_gen_params_init(&p);
	p.rate_pps = 20;	/* 50 ms apart */
	p.count = 4;
	s = gen_or_fail(&p);
	if (s == NULL)
		return;
	t0 = now_s();
	CHECK_EQ_U(s->next(s, buf, sizeof(buf)), 64, "first frame at once");
	CHECK_EQ_U(s->next(s, buf, sizeof(buf)), 0, "second frame not yet due");
	got = 1;
	while (now_s() - t0 < 5.0) {
		len = s->next(s, buf, sizeof(buf));
		if (len < 0)
			break;
		if (len == 0) {
			zeros++;
			usleep(1000);
		} else {
			got++;
		}
	}
	dt = now_s() - t0;
	CHECK_EQ_U(got, 4, "frames at 20 pps");
	CHECK(dt >= 0.145 && dt < 2.0, "4 frames at 20 pps took %.3f s", dt);
	CHECK(zeros > 0, "rate limit never said 'not yet'");
	s->destroy(s);
}

/*
 * One clock reading serves every frame due at it: whatever the timing,
 * no frame comes before its time (frame n at n / rate s after frame 0),
 * and a source behind its schedule hands out the frames due back to back.
 */
static void
test_gen_rate_batch(void)
{
	const uint64_t rate = 100000;	/* 10 us apart */
	struct model_gen_params p;
	struct model_traffic_src *s;
	uint64_t n = 0, before, ahead = 0, zeros_in_catch_up = 0;
	double t0, t;
	unsigned int round;
	int len;

	model_gen_params_init(&p);
	p.rate_pps = rate;
	s = gen_or_fail(&p);
	if (s == NULL)
		return;
	/* The schedule starts at the first request (frame 0 at once). */
	t0 = now_s();
	CHECK_EQ_U(s->next(s, buf, sizeof(buf)), 64, "first frame at once");
	n = 1;
	for (round = 0; round < 20; round++) {
		usleep(2000);	/* about 200 frames fall due meanwhile */
		/* What is certainly due now: the frames of the slept time. */
		before = (uint64_t)((now_s() - t0) * (double)rate) / 2;
		while ((len = s->next(s, buf, sizeof(buf))) > 0) {
			t = now_s();
			/* Frame n due at n / rate: never handed out before. */
			if ((double)n / (double)rate > t - t0 + 1e-3)
				ahead++;
			n++;
		}
		CHECK(len == 0, "a rate-limited source ended (%d)", len);
		if (n < before)
			zeros_in_catch_up++;
	}
	CHECK_EQ_U(ahead, 0, "frames handed out before they were due");
	CHECK_EQ_U(zeros_in_catch_up, 0,
		   "rounds where the source said 'not yet' with frames due");
	CHECK(n > 0, "no frame at %" PRIu64 " pps", rate);
	s->destroy(s);
}

/*
 * model_csum_add() (eight bytes a step, then words) against the byte-wise
 * reference: every length to 600 at every start offset mod 8, sums
 * carried in, and the all-zero / all-ones edges (0 and 0xffff fold apart).
 */
static void
test_model_csum_add(void)
{
	static uint8_t data[640];
	static const uint64_t carried[] = { 0, 1, 0xffff, 0x1234567, 0xfffeffffull };
	unsigned int len, off, k, fill, bad = 0;

	for (fill = 0; fill < 3; fill++) {
		for (k = 0; k < sizeof(data); k++)
			data[k] = fill == 0 ? 0 : fill == 1 ? 0xff :
				  (uint8_t)harness_rand();
		for (len = 0; len <= 600; len++)
			for (off = 0; off < 8; off++)
				for (k = 0; k < sizeof(carried) / sizeof(carried[0]); k++) {
					uint16_t got = model_csum_fold(
						model_csum_add(carried[k], data + off, len));
					uint16_t want = (uint16_t)~ref_csum_be(
						data + off, len, (uint32_t)ref_fold16(carried[k]));

					if (got != want && bad++ < 5)
						printf("  len %u off %u carried %#" PRIx64 " fill %u: %#x, reference %#x\n",
						       len, off, carried[k], fill, got, want);
				}
	}
	CHECK_EQ_U(bad, 0, "model_csum_add() sums differing from the reference");
}

static void
expect_reject(const struct model_gen_params *p, const char *what)
{
	char err[256] = "";
	struct model_traffic_src *s = model_gen_create(p, err, sizeof(err));

	CHECK(s == NULL, "%s accepted", what);
	CHECK(err[0] != '\0', "%s rejected without a message", what);
	if (s != NULL)
		s->destroy(s);
	else
		printf("  rejected %s: %s\n", what, err);
}

static void
test_gen_params(void)
{
	struct model_gen_params p, d;

	model_gen_params_init(&d);
	p = d;
	p.flows = 0;
	expect_reject(&p, "flows 0");
	p = d;
	p.len_min = 59;
	expect_reject(&p, "len_min 59");
	p = d;
	p.len_min = 16381;
	expect_reject(&p, "len_min 16381");
	p = d;
	p.size = MODEL_GEN_SIZE_RANGE;
	p.len_min = 200;
	p.len_max = 100;
	expect_reject(&p, "len_max < len_min");
	p = d;
	p.size = MODEL_GEN_SIZE_RANGE;
	p.len_max = 16381;
	expect_reject(&p, "len_max 16381");
	p = d;
	p.l4_proto = 1;
	expect_reject(&p, "l4_proto 1");
	p = d;
	p.bad_l4_permille = 1001;
	expect_reject(&p, "permille 1001");
	p = d;
	p.ipv6 = true;
	p.l4_proto = 6;
	p.len_min = 70;
	expect_reject(&p, "IPv6/TCP len_min 70");
	p = d;
	p.size = (enum model_gen_size)7;
	expect_reject(&p, "size mode 7");
	p = d;
	p.stamp = true;
	p.ipv6 = true;
	expect_reject(&p, "stamp on IPv6");
	p = d;
	p.stamp = true;
	p.l4_proto = 6;
	expect_reject(&p, "stamp on TCP");
	/* A stamped source: the offset of the UDP payload, UDP checksum 0. */
	p = d;
	p.stamp = true;
	{
		struct model_traffic_src *s = model_gen_create(&p, NULL, 0);
		uint8_t f[128];

		CHECK(s != NULL && s->stamp_off == 42, "stamp: offset 42");
		if (s != NULL) {
			CHECK(s->next(s, f, sizeof(f)) > 0 && f[40] == 0 && f[41] == 0,
			      "stamp: UDP checksum 0");
			s->destroy(s);
		}
	}
	p = d;
	{
		struct model_traffic_src *s = model_gen_create(&p, NULL, 0);

		CHECK(s != NULL && s->stamp_off == 0, "no stamp by default");
		if (s != NULL)
			s->destroy(s);
	}
	/* The boundaries themselves are fine. */
	p = d;
	p.len_min = 16380;
	p.bad_l4_permille = 1000;
	{
		struct model_traffic_src *s = model_gen_create(&p, NULL, 0);

		CHECK(s != NULL, "len 16380, permille 1000 rejected");
		if (s != NULL)
			s->destroy(s);
	}
}

static void
test_count_sink(void)
{
	struct model_traffic_sink *k = model_count_sink_create();

	CHECK(k != NULL, "count sink");
	if (k == NULL)
		return;
	CHECK_EQ_U(k->put(k, buf, 60), 0, "put");
	CHECK_EQ_U(k->put(k, buf, 1514), 0, "put");
	CHECK_EQ_U(k->put(k, buf, 100), 0, "put");
	CHECK_EQ_U(k->frames, 3, "count sink frames");
	CHECK_EQ_U(k->bytes, 1674, "count sink bytes");
	CHECK_EQ_U(k->errors, 0, "count sink errors");
	k->destroy(k);
}

/* ---- pcap ---- */

#define PCAP_N 50

static char tmpdir[64];

static void
tmp_path(char *out, size_t len, const char *name)
{
	snprintf(out, len, "%s/%s", tmpdir, name);
}

static void
test_pcap(void)
{
	static uint8_t frames[PCAP_N][1514];
	static int lens[PCAP_N];
	char path[128], path2[128], err[512];
	struct model_gen_params p;
	struct model_traffic_src *g, *s;
	struct model_traffic_sink *k;
	uint64_t bytes = 0;
	pcap_dumper_t *d;
	struct pcap_pkthdr h;
	pcap_t *dead;
	int i, len;

	tmp_path(path, sizeof(path), "gen.pcap");
	model_gen_params_init(&p);
	p.size = MODEL_GEN_SIZE_RANGE;
	p.len_min = 60;
	p.len_max = 1514;
	p.flows = 4;
	p.seed = harness_seed;
	g = gen_or_fail(&p);
	err[0] = '\0';
	k = model_pcap_sink_create(path, err, sizeof(err));
	CHECK(k != NULL, "pcap sink: %s", err);
	if (g == NULL || k == NULL)
		goto out_gen;
	for (i = 0; i < PCAP_N; i++) {
		lens[i] = g->next(g, frames[i], sizeof(frames[i]));
		CHECK(lens[i] > 0, "generated frame %d", i);
		CHECK_EQ_U(k->put(k, frames[i], (size_t)lens[i]), 0, "pcap put");
		bytes += (uint64_t)lens[i];
	}
	CHECK_EQ_U(k->frames, 0, "pcap sink: frames held back in its batch");
	/* An engine idle for less than MODEL_SINK_IDLE_NS: still held. */
	model_traffic_sink_idle(k, false);
	CHECK_EQ_U(k->frames, 0, "pcap sink: a fresh batch held while idle");
	/* The engine waits for its driver: the capture follows the wire. */
	model_traffic_sink_idle(k, true);
	CHECK_EQ_U(k->frames, PCAP_N, "pcap sink: the batch out when quiet");
	CHECK_EQ_U(model_traffic_sink_flush(k), 0, "pcap sink flush");
	CHECK_EQ_U(k->frames, PCAP_N, "pcap sink frames");
	CHECK_EQ_U(k->bytes, bytes, "pcap sink bytes");
	CHECK_EQ_U(k->errors, 0, "pcap sink errors");
	k->destroy(k);
	k = NULL;

	/* Once through: byte-identical, then -1 for good. */
	s = model_pcap_src_create(path, false, err, sizeof(err));
	CHECK(s != NULL, "pcap source: %s", err);
	if (s != NULL) {
		for (i = 0; i < PCAP_N; i++) {
			len = s->next(s, buf, sizeof(buf));
			CHECK(len == lens[i] &&
			      memcmp(buf, frames[i], (size_t)len) == 0,
			      "replayed frame %d differs (len %d vs %d)", i,
			      len, lens[i]);
		}
		CHECK_EQ_U(s->next(s, buf, sizeof(buf)), (uint64_t)-1, "end");
		CHECK_EQ_U(s->next(s, buf, sizeof(buf)), (uint64_t)-1,
			   "stays at end");
		CHECK_EQ_U(s->frames, PCAP_N, "pcap source frames");
		CHECK_EQ_U(s->truncated, 0, "pcap source truncated");
		s->destroy(s);
	}

	/* Loop: the file three times over. */
	s = model_pcap_src_create(path, true, err, sizeof(err));
	CHECK(s != NULL, "pcap loop source: %s", err);
	if (s != NULL) {
		for (i = 0; i < 3 * PCAP_N; i++) {
			len = s->next(s, buf, sizeof(buf));
			CHECK(len == lens[i % PCAP_N] &&
			      memcmp(buf, frames[i % PCAP_N], (size_t)len) == 0,
			      "looped frame %d differs", i);
		}
		CHECK_EQ_U(s->frames, 3 * PCAP_N, "looped frames");
		s->destroy(s);
	}

	/* Frames larger than the buffer are skipped and counted. */
	s = model_pcap_src_create(path, false, err, sizeof(err));
	if (s != NULL) {
		int fit = 0;

		for (i = 0; i < PCAP_N; i++)
			fit += lens[i] <= 700;
		for (i = 0; s->next(s, buf, 700) > 0; i++)
			;
		CHECK_EQ_U(i, fit, "frames that fit 700 bytes");
		CHECK_EQ_U(s->truncated, PCAP_N - fit, "skipped frames");
		s->destroy(s);
	}

	/* An empty capture ends at once, even in a loop. */
	tmp_path(path2, sizeof(path2), "empty.pcap");
	k = model_pcap_sink_create(path2, err, sizeof(err));
	CHECK(k != NULL, "empty sink: %s", err);
	if (k != NULL) {
		k->destroy(k);
		k = NULL;
		s = model_pcap_src_create(path2, true, err, sizeof(err));
		CHECK(s != NULL, "empty source: %s", err);
		if (s != NULL) {
			CHECK_EQ_U(s->next(s, buf, sizeof(buf)), (uint64_t)-1,
				   "empty looped capture");
			s->destroy(s);
		}
	}
	unlink(path2);

	/* A snapped record (caplen < len) is skipped; a loop of only those ends. */
	tmp_path(path2, sizeof(path2), "snapped.pcap");
	dead = pcap_open_dead(DLT_EN10MB, 65535);
	d = dead ? pcap_dump_open(dead, path2) : NULL;
	CHECK(d != NULL, "pcap_dump_open %s", path2);
	if (d != NULL) {
		memset(&h, 0, sizeof(h));
		h.caplen = 40;
		h.len = (bpf_u_int32)lens[0];
		pcap_dump((u_char *)d, &h, frames[0]);
		h.caplen = h.len = (bpf_u_int32)lens[1];
		pcap_dump((u_char *)d, &h, frames[1]);
		pcap_dump_close(d);
		s = model_pcap_src_create(path2, true, err, sizeof(err));
		CHECK(s != NULL, "snapped source: %s", err);
		if (s != NULL) {
			len = s->next(s, buf, sizeof(buf));
			CHECK(len == lens[1] &&
			      memcmp(buf, frames[1], (size_t)len) == 0,
			      "frame after a snapped one");
			CHECK_EQ_U(s->snapped, 1, "snapped record counted");
			CHECK_EQ_U(s->truncated, 0, "snapped: not too long");
			s->destroy(s);
		}
		/* Every frame too large for the buffer: loop must end. */
		s = model_pcap_src_create(path2, true, err, sizeof(err));
		if (s != NULL) {
			CHECK_EQ_U(s->next(s, buf, 20), (uint64_t)-1,
				   "loop of nothing usable");
			s->destroy(s);
		}
	}
	if (dead != NULL)
		pcap_close(dead);
	unlink(path2);

	/* Not Ethernet: rejected with a message naming the file. */
	tmp_path(path2, sizeof(path2), "raw.pcap");
	dead = pcap_open_dead(DLT_RAW, 65535);
	d = dead ? pcap_dump_open(dead, path2) : NULL;
	CHECK(d != NULL, "pcap_dump_open DLT_RAW");
	if (d != NULL) {
		memset(&h, 0, sizeof(h));
		h.caplen = h.len = (bpf_u_int32)lens[0] - 14;
		pcap_dump((u_char *)d, &h, frames[0] + 14);
		pcap_dump_close(d);
		err[0] = '\0';
		s = model_pcap_src_create(path2, false, err, sizeof(err));
		CHECK(s == NULL, "DLT_RAW capture accepted");
		CHECK(strstr(err, path2) != NULL, "DLT_RAW message: '%s'", err);
		printf("  rejected: %s\n", err);
		if (s != NULL)
			s->destroy(s);
	}
	if (dead != NULL)
		pcap_close(dead);
	unlink(path2);

	/* Missing file and unwritable path. */
	tmp_path(path2, sizeof(path2), "missing.pcap");
	err[0] = '\0';
	s = model_pcap_src_create(path2, false, err, sizeof(err));
	CHECK(s == NULL, "missing file opened");
	CHECK(strstr(err, path2) != NULL, "missing file message: '%s'", err);
	printf("  rejected: %s\n", err);
	if (s != NULL)
		s->destroy(s);
	tmp_path(path2, sizeof(path2), "no-such-dir/out.pcap");
	err[0] = '\0';
	k = model_pcap_sink_create(path2, err, sizeof(err));
	CHECK(k == NULL, "sink in a missing directory");
	CHECK(strstr(err, path2) != NULL, "sink message: '%s'", err);
	printf("  rejected: %s\n", err);
	if (k != NULL)
		k->destroy(k);
	k = NULL;
out_gen:
	if (k != NULL)
		k->destroy(k);
	if (g != NULL)
		g->destroy(g);
	unlink(path);
}

/* ---- AF_PACKET on loopback ---- */

/*
 * Writes a capture of @p n records of 60-byte frames, frame i filled with
 * byte i; record @p zero_at (if < n) is an empty record (0 bytes).
 * Returns the file offset of each record in @p off.
 */
static bool
write_capture(const char *path, unsigned int n, unsigned int zero_at,
	      long *off)
{
	uint8_t f[60];
	struct pcap_pkthdr h;
	pcap_dumper_t *d;
	pcap_t *dead;
	unsigned int i;

	dead = pcap_open_dead(DLT_EN10MB, 65535);
	d = dead != NULL ? pcap_dump_open(dead, path) : NULL;
	if (d == NULL) {
		if (dead != NULL)
			pcap_close(dead);
		return false;
	}
	for (i = 0; i < n; i++) {
		memset(f, (int)i + 1, sizeof(f));
		memset(&h, 0, sizeof(h));
		h.ts.tv_sec = 1700000000 + (time_t)i;
		h.caplen = h.len = i == zero_at ? 0 : sizeof(f);
		pcap_dump_flush(d);
		off[i] = pcap_dump_ftell(d);
		pcap_dump((u_char *)d, &h, f);
	}
	pcap_dump_close(d);
	pcap_close(dead);
	return true;
}

/* Frames of a source until it ends: their first bytes in @p first. */
static unsigned int
drain(struct model_traffic_src *s, uint8_t *first, unsigned int max)
{
	unsigned int n = 0;
	int len;

	while (n < max && (len = s->next(s, buf, sizeof(buf))) > 0)
		first[n++] = buf[0];
	return n;
}

/*
 * Damaged captures: the last record cut short, a record whose length no
 * capture can hold (the records after it replayed: the source finds the
 * next header), an empty record; each counted in bad and the first one
 * described by number and offset; rx_pcap_loop goes round again after a
 * damaged last record; a capture of nothing but damage ends, loop or not.
 */
static void
test_pcap_damaged(void)
{
	char path[128], want[64];
	long off[8];
	uint8_t first[32];
	struct model_traffic_src *s;
	char err[256] = "";
	uint32_t absurd = 0x7fffffff;
	unsigned int n, i;
	FILE *f;

	/* The last record cut short: 5 of 6 frames, then one bad record. */
	tmp_path(path, sizeof(path), "cut.pcap");
	CHECK(write_capture(path, 6, 99, off), "cut capture");
	CHECK(truncate(path, off[5] + 16 + 30) == 0, "truncate");
	s = model_pcap_src_create(path, false, err, sizeof(err));
	CHECK(s != NULL, "cut source: %s", err);
	if (s != NULL) {
		n = drain(s, first, 32);
		CHECK_EQ_U(n, 5, "cut: the whole records replayed");
		CHECK_EQ_U(s->next(s, buf, sizeof(buf)), (uint64_t)-1, "cut: end");
		CHECK_EQ_U(s->bad, 1, "cut: the cut record counted");
		snprintf(want, sizeof(want), "record 6 at offset %ld:", off[5]);
		CHECK(strstr(s->bad_what, want) != NULL &&
		      strstr(s->bad_what, "truncated") != NULL,
		      "cut: '%s' names '%s' and why", s->bad_what, want);
		printf("  %s\n", s->bad_what);
		s->destroy(s);
	}
	/* In a loop: round again, 5 frames a pass, in order. */
	s = model_pcap_src_create(path, true, err, sizeof(err));
	if (s != NULL) {
		n = drain(s, first, 15);
		CHECK_EQ_U(n, 15, "cut loop: three passes");
		for (i = 0; i < n; i++)
			CHECK_EQ_U(first[i], i % 5 + 1, "cut loop: frame %u", i);
		CHECK(s->bad >= 2, "cut loop: counted each pass");
		s->destroy(s);
	}
	unlink(path);

	/* An impossible length on record 2 of 5: records 3..5 follow. */
	tmp_path(path, sizeof(path), "absurd.pcap");
	CHECK(write_capture(path, 5, 99, off), "absurd capture");
	f = fopen(path, "r+b");
	CHECK(f != NULL && fseek(f, off[1] + 8, SEEK_SET) == 0 &&
	      fwrite(&absurd, 4, 1, f) == 1, "patch incl_len");
	if (f != NULL)
		fclose(f);
	s = model_pcap_src_create(path, false, err, sizeof(err));
	CHECK(s != NULL, "absurd source: %s", err);
	if (s != NULL) {
		n = drain(s, first, 32);
		CHECK_EQ_U(n, 4, "absurd: every other record replayed");
		CHECK(n == 4 && first[0] == 1 && first[1] == 3 && first[2] == 4 &&
		      first[3] == 5, "absurd: records 1, 3, 4, 5 in order");
		CHECK_EQ_U(s->bad, 1, "absurd: counted");
		snprintf(want, sizeof(want), "record 2 at offset %ld:", off[1]);
		CHECK(strstr(s->bad_what, want) != NULL, "absurd: '%s' names '%s'",
		      s->bad_what, want);
		snprintf(want, sizeof(want), "resumed at offset %ld", off[2]);
		CHECK(strstr(s->bad_what, want) != NULL, "absurd: '%s' says '%s'",
		      s->bad_what, want);
		printf("  %s\n", s->bad_what);
		s->destroy(s);
	}
	unlink(path);

	/* An empty record: damaged, not "snapped". */
	tmp_path(path, sizeof(path), "zero.pcap");
	CHECK(write_capture(path, 4, 1, off), "zero capture");
	s = model_pcap_src_create(path, false, err, sizeof(err));
	if (s != NULL) {
		CHECK_EQ_U(drain(s, first, 32), 3, "zero: the other records");
		CHECK_EQ_U(s->bad, 1, "zero: counted damaged");
		CHECK_EQ_U(s->snapped, 0, "zero: not snapped");
		CHECK(strstr(s->bad_what, "record 2") != NULL &&
		      strstr(s->bad_what, "empty") != NULL, "zero: '%s'",
		      s->bad_what);
		s->destroy(s);
	}
	unlink(path);

	/* Nothing but damage: the loop ends. */
	tmp_path(path, sizeof(path), "onlybad.pcap");
	CHECK(write_capture(path, 1, 99, off), "only-bad capture");
	CHECK(truncate(path, off[0] + 10) == 0, "truncate");
	s = model_pcap_src_create(path, true, err, sizeof(err));
	if (s != NULL) {
		CHECK_EQ_U(s->next(s, buf, sizeof(buf)), (uint64_t)-1,
			   "only damage: loop ends");
		s->destroy(s);
	}
	unlink(path);
}

/* What a sink's on_error hook was told. */
static struct {
	unsigned int calls;
	char what[256];
} sink_report;

static void
sink_on_error(void *arg, const char *what)
{
	(void)arg;
	sink_report.calls++;
	snprintf(sink_report.what, sizeof(sink_report.what), "%s", what);
}

/* Records in the capture @p path, or -1 if libpcap cannot read it whole. */
static long
pcap_records(const char *path)
{
	char perr[PCAP_ERRBUF_SIZE];
	struct pcap_pkthdr *h;
	const u_char *d;
	long n = 0;
	pcap_t *p;
	int rc;

	p = pcap_open_offline(path, perr);
	if (p == NULL)
		return -1;
	while ((rc = pcap_next_ex(p, &h, &d)) == 1)
		n++;
	pcap_close(p);
	return rc == PCAP_ERROR_BREAK ? n : -1;
}

/*
 * A pcap sink on a file that stops growing (a full tmpfs: ENOSPC; a file
 * size limit: EFBIG): every frame is either in the file, which stays a
 * capture libpcap reads whole, or counted in errors; the hook hears the
 * first failure once, with its cause.
 */
static void
pcap_sink_fill(const char *path, const char *cause)
{
	struct model_gen_params p;
	struct model_traffic_src *g;
	struct model_traffic_sink *k;
	char err[256] = "";
	unsigned int i, n = 4000;
	uint64_t written;
	int len;

	model_gen_params_init(&p);
	p.size = MODEL_GEN_SIZE_RANGE;
	p.len_min = 60;
	p.len_max = 1514;
	p.seed = harness_seed;
	g = gen_or_fail(&p);
	k = model_pcap_sink_create(path, err, sizeof(err));
	CHECK(k != NULL, "pcap sink %s: %s", path, err);
	if (g == NULL || k == NULL)
		goto out;
	memset(&sink_report, 0, sizeof(sink_report));
	k->on_error = sink_on_error;
	for (i = 0; i < n; i++) {
		len = g->next(g, buf, sizeof(buf));
		(void)k->put(k, buf, (size_t)len);
	}
	(void)model_traffic_sink_flush(k);
	CHECK(k->errors > 0, "%s: no frame lost", path);
	CHECK_EQ_U(k->frames + k->errors, n, "%s: written + lost", path);
	CHECK_EQ_U(sink_report.calls, 1, "%s: reported once", path);
	CHECK(strstr(sink_report.what, path) != NULL &&
	      strstr(sink_report.what, cause) != NULL,
	      "%s: report names the file and '%s': '%s'", path, cause,
	      sink_report.what);
	printf("  full file: %" PRIu64 " written, %" PRIu64 " lost: %s\n",
	       k->frames, k->errors, sink_report.what);
	written = k->frames;
	k->destroy(k);
	k = NULL;
	CHECK_EQ_U(pcap_records(path), written,
		   "%s: a whole capture of the frames written", path);
out:
	if (k != NULL)
		k->destroy(k);
	if (g != NULL)
		g->destroy(g);
}
static bool
lo_set(bool up)
{
	struct ifreq ifr;
	int fd = socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0);
	bool ok = false;

	if (fd < 0)
		return false;
	memset(&ifr, 0, sizeof(ifr));
	snprintf(ifr.ifr_name, sizeof(ifr.ifr_name), "lo");
	if (ioctl(fd, SIOCGIFFLAGS, &ifr) == 0) {
		if (up)
			ifr.ifr_flags |= IFF_UP;
		else
			ifr.ifr_flags &= ~IFF_UP;
		ok = ioctl(fd, SIOCSIFFLAGS, &ifr) == 0;
	}
	close(fd);
	return ok;
}

static bool
lo_up(void)
{
	return lo_set(true);
}

/* Sends @p f and counts how often the source returns it within @p secs. */
static unsigned int
echo_count(struct model_traffic_src *src, struct model_traffic_sink *sink,
	   const uint8_t *f, size_t len, size_t cap, double secs)
{
	static uint8_t rx[BUF_CAP];
	unsigned int seen = 0;
	double t0;
	int n, rc;

	rc = sink->put(sink, f, len);
	CHECK_EQ_U(rc, 0, "iface put (%s)", strerror(-rc));
	t0 = now_s();
	while (now_s() - t0 < secs) {
		n = src->next(src, rx, cap);
		CHECK(n >= 0, "iface source returned %d", n);
		if (n == 0) {
			usleep(1000);
			continue;
		}
		if ((size_t)n == len && memcmp(rx, f, len) == 0)
			seen++;
	}
	return seen;
}

static void
test_iface(void)
{
	static uint8_t f[2000];
	struct model_traffic_src *src = NULL;
	struct model_traffic_sink *sink = NULL;
	char err[256];
	bool own_ns = false;
	uint64_t trunc;
	int fd, e;

	if (geteuid() != 0) {
		printf("SKIP AF_PACKET: not root\n");
		return;
	}
	fd = socket(AF_PACKET, SOCK_RAW, 0);
	if (fd < 0) {
		e = errno;
		printf("SKIP AF_PACKET: socket: %s\n", strerror(e));
		return;
	}
	close(fd);

	/*
	 * A private network namespace keeps other traffic off this lo and
	 * disappears with the process. Without one, the host's lo is used
	 * and frames are matched by a random marker.
	 */
	if (unshare(CLONE_NEWNET) == 0) {
		own_ns = lo_up();
		CHECK(own_ns, "bringing up lo in a new namespace");
	} else {
		printf("  no private network namespace (%s): using the host's lo\n",
		       strerror(errno));
	}

	err[0] = '\0';
	src = model_iface_src_create("socrx-nosuch0", err, sizeof(err));
	CHECK(src == NULL && strstr(err, "not found") != NULL,
	      "missing interface: '%s'", err);
	printf("  rejected: %s\n", err);
	if (src != NULL)
		src->destroy(src);
	err[0] = '\0';
	sink = model_iface_sink_create("socrx-nosuch0", err, sizeof(err));
	CHECK(sink == NULL && strstr(err, "not found") != NULL,
	      "missing interface (sink): '%s'", err);
	if (sink != NULL)
		sink->destroy(sink);

	/*
	 * qemu-user translates neither the PACKET_AUXDATA socket option nor
	 * its control messages (the source needs them for VLAN tags): the
	 * source cannot even be created there.
	 */
	if (harness_under_qemu()) {
		printf("SKIP AF_PACKET on lo: under qemu-user, which does not emulate PACKET_AUXDATA\n");
		return;
	}

	src = model_iface_src_create("lo", err, sizeof(err));
	CHECK(src != NULL, "iface source on lo: %s", err);
	sink = model_iface_sink_create("lo", err, sizeof(err));
	CHECK(sink != NULL, "iface sink on lo: %s", err);
	if (src == NULL || sink == NULL)
		goto out;

	/* Nothing sent yet: 0 ("not yet"), never -1. */
	CHECK(src->next(src, buf, sizeof(buf)) >= 0, "idle source");

	/* A local-experimental EtherType frame carrying a random marker. */
	memset(f, 0, sizeof(f));
	memcpy(f, "\x02\x00\x00\x00\x00\x01\x02\x00\x00\x00\x00\x02\x88\xb5", 14);
	harness_fill_random(f + 14, 100);
	CHECK_EQ_U(echo_count(src, sink, f, 128, sizeof(buf), 0.5), 1,
		   "frame sent on lo returned exactly once");
	CHECK_EQ_U(sink->frames, 1, "iface sink frames");
	CHECK_EQ_U(sink->bytes, 128, "iface sink bytes");

	/* A VLAN-tagged frame comes back with its tag in place. */
	memcpy(f + 12, "\x81\x00\x20\x07\x88\xb5", 6);
	harness_fill_random(f + 18, 100);
	CHECK_EQ_U(echo_count(src, sink, f, 200, sizeof(buf), 0.5), 1,
		   "VLAN-tagged frame returned exactly once, tag intact");

	/* Too large for the buffer: skipped and counted, never returned. */
	memcpy(f + 12, "\x88\xb5", 2);
	harness_fill_random(f + 14, 100);
	trunc = src->truncated;
	CHECK_EQ_U(echo_count(src, sink, f, 1500, 600, 0.3), 0,
		   "oversized frame returned");
	CHECK(src->truncated > trunc, "oversized frame not counted");

	/* Malformed: errors counted, -errno returned. */
	CHECK_EQ_U(sink->put(sink, f, 6), (uint64_t)-EINVAL, "runt put");
	CHECK_EQ_U(sink->errors, 1, "iface sink errors");

	/*
	 * The interface's state: up and running, then down (in the private
	 * namespace only): link() follows, sendto() fails, and the failure
	 * is counted and reported once with its cause.
	 */
	CHECK_EQ_U(src->link(src), 1, "lo up: source link");
	CHECK_EQ_U(sink->link(sink), 1, "lo up: sink link");
	if (own_ns && lo_set(false)) {
		memset(&sink_report, 0, sizeof(sink_report));
		sink->on_error = sink_on_error;
		CHECK_EQ_U(src->link(src), 0, "lo down: source link");
		CHECK_EQ_U(sink->link(sink), 0, "lo down: sink link");
		memcpy(f + 12, "\x88\xb5", 2);
		CHECK(sink->put(sink, f, 64) < 0, "lo down: put fails");
		CHECK(sink->put(sink, f, 64) < 0, "lo down: put fails again");
		CHECK_EQ_U(sink->errors, 3, "lo down: sendto failures counted");
		CHECK_EQ_U(sink_report.calls, 1, "lo down: reported once");
		CHECK(strstr(sink_report.what, "iface lo: sendto: ") != NULL,
		      "lo down: report: '%s'", sink_report.what);
		printf("  %s\n", sink_report.what);
		CHECK(lo_set(true), "lo up again");
		CHECK_EQ_U(sink->link(sink), 1, "lo up again: sink link");
	}
	printf("  AF_PACKET on lo (%s namespace): ok\n",
	       own_ns ? "private" : "host");
out:
	if (src != NULL)
		src->destroy(src);
	if (sink != NULL)
		sink->destroy(sink);
}

/*
 * The full file system of a tx_pcap: a 256 KiB tmpfs in a private mount
 * namespace (root only), and a file size limit (RLIMIT_FSIZE, anyone);
 * a sink on /dev/full fails at once, naming the cause.
 */
static void
test_pcap_sink_full(void)
{
	char dir[128], path[160], err[256] = "";
	struct model_traffic_sink *k;
	struct rlimit old, lim;

	k = model_pcap_sink_create("/dev/full", err, sizeof(err));
	CHECK(k == NULL && strstr(err, "No space left") != NULL,
	      "pcap sink on /dev/full: '%s'", err);
	printf("  rejected: %s\n", err);
	if (k != NULL)
		k->destroy(k);

	signal(SIGXFSZ, SIG_IGN);	/* EFBIG, not a signal */
	tmp_path(path, sizeof(path), "limited.pcap");
	if (getrlimit(RLIMIT_FSIZE, &old) == 0) {
		lim = old;
		lim.rlim_cur = 256 * 1024;
		CHECK(setrlimit(RLIMIT_FSIZE, &lim) == 0, "RLIMIT_FSIZE");
		pcap_sink_fill(path, "File too large");
		setrlimit(RLIMIT_FSIZE, &old);
	}
	unlink(path);

	if (geteuid() != 0 || harness_under_qemu()) {
		printf("SKIP pcap sink on a full tmpfs: needs root, not under qemu-user\n");
		return;
	}
	tmp_path(dir, sizeof(dir), "tmpfs");
	if (mkdir(dir, 0700) != 0 || unshare(CLONE_NEWNS) != 0 ||
	    mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL) != 0 ||
	    mount("socrx-test", dir, "tmpfs", 0, "size=256k") != 0) {
		printf("SKIP pcap sink on a full tmpfs: %s\n", strerror(errno));
		rmdir(dir);
		return;
	}
	snprintf(path, sizeof(path), "%s/out.pcap", dir);
	pcap_sink_fill(path, "No space left on device");
	unlink(path);
	umount(dir);
	rmdir(dir);
}

int
main(void)
{
	harness_seed_from_env(20260511);
	snprintf(tmpdir, sizeof(tmpdir), "/tmp/socrx-traffic-XXXXXX");
	if (mkdtemp(tmpdir) == NULL) {
		printf("mkdtemp: %s\n", strerror(errno));
		return 1;
	}

	test_gen_defaults();
	test_gen_sizes();
	test_gen_padding();
	test_gen_ipv6_tcp();
	test_gen_flows();
	test_gen_bad_csum();
	test_gen_determinism();
	test_gen_count_and_cap();
	test_gen_rate();
	test_gen_rate_batch();
	test_model_csum_add();
	test_gen_params();
	test_count_sink();
	test_pcap();
	test_pcap_damaged();
	test_pcap_sink_full();
	rmdir(tmpdir);
	test_iface();
	return harness_result("model_traffic");
}
