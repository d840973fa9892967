/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The model's built-in traffic generator and its count-and-drop sink.
 *
 * Every frame is a pure function of (params, frame sequence number): the
 * size draw, the flow, the bad-checksum choice and the payload are all
 * derived from the seed and the sequence number with a stateless hash, so
 * a failing test replays exactly from its seed.
 *
 * The checksums here are computed by this file's own plain code on
 * purpose: the model is the reference the checksum library (lib/csum) is
 * tested against, so it must not share code with it.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "model_traffic.h"
#include "model_csum.h"
#include "model_traffic_internal.h"

#define GEN_ETH_HLEN	14u
#define GEN_ETH_ZLEN	60u	/* shortest Ethernet frame without FCS */
#define GEN_IP4_HLEN	20u
#define GEN_IP6_HLEN	40u
#define GEN_UDP_HLEN	8u
#define GEN_TCP_HLEN	20u
#define GEN_SEQ_LEN	8u	/* payload prefix: big-endian frame number */
#define GEN_LEN_MAX	16380u
#define GEN_MAX_FLOWS	(1u << 24)
#define GEN_DST_PORT	5001u
#define GEN_SRC_PORT0	1024u
#define GEN_SRC_PORTS	64512u	/* source ports 1024..65535 */
#define GEN_SRC_ADDRS	65534u	/* host parts 0.1..255.254 of 198.18/16 */

#define GEN_PROTO_TCP	6u
#define GEN_PROTO_UDP	17u

/* Salts keeping the per-frame hash draws independent of each other. */
#define GEN_SALT_SIZE	0x73697a65u
#define GEN_SALT_BAD	0x62616463u

struct gen_src {
	struct model_traffic_src base;	/* first: the public handle */
	struct model_gen_params p;
	unsigned int hdr_len;		/* Ethernet + IP + L4 headers */
	uint64_t seq;			/* next frame's sequence number */
	bool started;			/* rate clock running */
	struct timespec t0;		/* time frame 0 was due */
	/*
	 * Frames below this number were due at the last clock reading: the
	 * generator hands them out without reading the clock again.
	 */
	uint64_t due_until;
};

struct count_sink {
	struct model_traffic_sink base;	/* first: the public handle */
};

/* splitmix64 finaliser: a stateless, well-mixed hash of one word. */
static uint64_t
gen_mix(uint64_t x)
{
	x += 0x9e3779b97f4a7c15ull;
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
	x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
	return x ^ (x >> 31);
}

static uint64_t
gen_draw(const struct gen_src *g, uint64_t seq, uint64_t salt)
{
	return gen_mix(gen_mix(g->p.seed ^ salt) ^ seq);
}

static void
put16(uint8_t *p, uint32_t v)
{
	p[0] = (uint8_t)(v >> 8);
	p[1] = (uint8_t)v;
}

static void
put32(uint8_t *p, uint32_t v)
{
	put16(p, v >> 16);
	put16(p + 2, v & 0xffff);
}

/*
 * A checksum that verifies as wrong. 0x0000 and 0xffff are the same value
 * in one's-complement arithmetic, so the wrong value must differ from the
 * correct one by more than that; and UDP's 0 means "no checksum", which a
 * receiver would accept, so it is never produced either.
 */
static uint16_t
gen_bad_csum(uint16_t good)
{
	uint16_t bad = good ^ 0x5555;

	if (bad == 0 || bad == 0xffff)
		bad = good ^ 0x0055;
	return bad;
}

/* Frame length for @p seq before clamping to what the headers need. */
static unsigned int
gen_pick_len(const struct gen_src *g, uint64_t seq)
{
	/*
	 * IMIX 7:4:1 as a fixed 12-frame cycle, so any 12 consecutive frames
	 * hold the exact proportions, with the sizes interleaved as on a
	 * real link rather than in runs.
	 */
	static const uint16_t imix[12] = {
		60, 590, 60, 60, 590, 60, 1514, 60, 590, 60, 60, 590,
	};
	uint64_t span;

	switch (g->p.size) {
	case MODEL_GEN_SIZE_RANGE:
		span = (uint64_t)g->p.len_max - g->p.len_min + 1;
		return g->p.len_min +
			(unsigned int)(gen_draw(g, seq, GEN_SALT_SIZE) % span);
	case MODEL_GEN_SIZE_IMIX:
		return imix[seq % 12];
	case MODEL_GEN_SIZE_FIXED:
	default:
		return g->p.len_min;
	}
}

/* Stores @p v big-endian at @p p and adds it to the one's-complement sum. */
static inline void
put16_sum(uint8_t *p, uint32_t v, uint64_t *sum)
{
	put16(p, v);
	*sum += v & 0xffff;
}

/* Payload byte @p i of frame @p seq: its number, then a moving pattern. */
static inline uint8_t
gen_pl_byte(uint64_t seq, unsigned int i)
{
	return i < GEN_SEQ_LEN ?
	       (uint8_t)(seq >> (8 * (GEN_SEQ_LEN - 1 - i))) :
	       (uint8_t)(seq + i);
}

/* Two periods of the ramp gen_pl_byte() lays after the sequence number. */
#define GEN_R4(n)	(uint8_t)(n), (uint8_t)((n) + 1), (uint8_t)((n) + 2), (uint8_t)((n) + 3)
#define GEN_R16(n)	GEN_R4(n), GEN_R4((n) + 4), GEN_R4((n) + 8), GEN_R4((n) + 12)
#define GEN_R64(n)	GEN_R16(n), GEN_R16((n) + 16), GEN_R16((n) + 32), GEN_R16((n) + 48)
#define GEN_R256(n)	GEN_R64(n), GEN_R64((n) + 64), GEN_R64((n) + 128), GEN_R64((n) + 192)
static const uint8_t gen_ramp[512] = { GEN_R256(0), GEN_R256(0) };

/*
 * Payload bytes GEN_SEQ_LEN..@p pl_len - 1, gen_pl_byte()'s ramp, copied
 * from the table in runs of its 256-byte period rather than a byte at a
 * time; their words are added to @p sum from the table (the rule below:
 * never read back from the frame), a whole run's sum once per frame (every
 * whole run of the frame holds the same bytes). Returns the sum.
 */
static uint64_t
gen_pl_ramp(uint8_t *pl, uint64_t seq, unsigned int pl_len, uint64_t sum)
{
	unsigned int off, n, start = (uint8_t)(seq + GEN_SEQ_LEN);
	uint64_t whole = 0;	/* a whole run's sum; never 0 once taken */

	/* Runs of 256 (even) keep the words paired as in the frame. */
	for (off = GEN_SEQ_LEN; off < pl_len; off += n) {
		n = pl_len - off < 256 ? pl_len - off : 256;
		memcpy(pl + off, gen_ramp + start, n);
		if (n < 256) {
			sum = model_csum_add(sum, gen_ramp + start, n);
			continue;
		}
		if (whole == 0)
			whole = model_csum_add(0, gen_ramp + start, 256);
		sum += whole;
	}
	return sum;
}

/*
 * Writes frame @p seq of @p len bytes (len >= g->hdr_len) carrying an IP
 * datagram of @p ip_len bytes; the rest of the frame is zero padding.
 *
 * Every 16-bit word that a checksum covers is added to its sum as it is
 * written, from the value, never read back from the frame: a load of
 * bytes just stored one by one cannot be forwarded from the store buffer
 * and waits for every older store to reach the cache, including the
 * previous frame's descriptor and buffer stores to lines the driver holds
 * (the engine's rate at 60 bytes was bound by that wait).
 */
static void
gen_build(const struct gen_src *g, uint64_t seq, uint8_t *f, unsigned int len,
	  unsigned int ip_len)
{
	const struct model_gen_params *p = &g->p;
	unsigned int flow = (unsigned int)(seq % p->flows);
	unsigned int host = 1 + flow % GEN_SRC_ADDRS;
	unsigned int sport = GEN_SRC_PORT0 + flow % GEN_SRC_PORTS;
	unsigned int l3 = p->ipv6 ? GEN_IP6_HLEN : GEN_IP4_HLEN;
	unsigned int l4_hlen = p->l4_proto == GEN_PROTO_TCP ?
			       GEN_TCP_HLEN : GEN_UDP_HLEN;
	unsigned int l4_len = ip_len - l3;
	uint8_t *ip = f + GEN_ETH_HLEN;
	uint8_t *l4 = ip + l3;
	uint8_t *pl = l4 + l4_hlen;
	unsigned int pl_len = l4_len - l4_hlen;
	uint64_t sum = 0, ip_sum = 0;
	uint16_t csum;
	unsigned int i, head;

	memcpy(f, p->dst_mac, 6);
	memcpy(f + 6, p->src_mac, 6);
	put16(f + 12, p->ipv6 ? 0x86dd : 0x0800);

	if (p->ipv6) {
		put32(ip, 0x60000000u);
		put16(ip + 4, l4_len);
		ip[6] = p->l4_proto;
		ip[7] = 64;
		/* src 2001:db8:0:1::<host>, dst 2001:db8:0:2::1 */
		memset(ip + 8, 0, 32);
		put16_sum(ip + 8, 0x2001, &sum);
		put16_sum(ip + 10, 0x0db8, &sum);
		put16_sum(ip + 14, 1, &sum);
		put16_sum(ip + 22, host, &sum);
		put16_sum(ip + 24, 0x2001, &sum);
		put16_sum(ip + 26, 0x0db8, &sum);
		put16_sum(ip + 30, 2, &sum);
		put16_sum(ip + 38, 1, &sum);
	} else {
		put16_sum(ip, 0x4500, &ip_sum);
		put16_sum(ip + 2, ip_len, &ip_sum);
		put16_sum(ip + 4, (uint16_t)seq, &ip_sum);
		put16_sum(ip + 6, 0x4000, &ip_sum);	/* DF */
		put16_sum(ip + 8, 64u << 8 | p->l4_proto, &ip_sum);
		/* src 198.18.<host>, dst 198.19.0.1: also the pseudo-header's */
		put16_sum(ip + 12, 198u << 8 | 18, &sum);
		put16_sum(ip + 14, host, &sum);
		put16_sum(ip + 16, 198u << 8 | 19, &sum);
		put16_sum(ip + 18, 1, &sum);
		put16(ip + 10, (uint16_t)~model_csum_fold(ip_sum + sum));
	}
	/* Rest of the pseudo-header: protocol and L4 length. */
	sum += p->l4_proto + l4_len;

	put16_sum(l4, sport, &sum);
	put16_sum(l4 + 2, GEN_DST_PORT, &sum);
	if (p->l4_proto == GEN_PROTO_TCP) {
		put16_sum(l4 + 4, (uint32_t)seq >> 16, &sum);
		put16_sum(l4 + 6, (uint32_t)seq & 0xffff, &sum);
		put32(l4 + 8, 1);
		sum += 1;
		put16_sum(l4 + 12, 0x5010, &sum);	/* 5 words, ACK */
		put16_sum(l4 + 14, 0xffff, &sum);
		put16(l4 + 16, 0);
		put16(l4 + 18, 0);
	} else {
		put16_sum(l4 + 4, l4_len, &sum);
		put16(l4 + 6, 0);
	}

	/*
	 * Payload: the sequence number, then a pattern that moves per frame
	 * (gen_pl_byte), a word at a time. A payload under 8 bytes (IPv6 or
	 * TCP at the smallest sizes) holds the sequence number's leading
	 * bytes only; an odd last byte is summed zero-padded.
	 */
	head = pl_len < GEN_SEQ_LEN ? pl_len : GEN_SEQ_LEN;
	for (i = 0; i + 1 < head; i += 2)
		put16_sum(pl + i, (uint32_t)gen_pl_byte(seq, i) << 8 |
			  gen_pl_byte(seq, i + 1), &sum);
	if (i < head) {
		uint8_t b = gen_pl_byte(seq, i);

		pl[i] = b;
		sum += (uint32_t)b << 8;
	}
	if (pl_len > GEN_SEQ_LEN)
		sum = gen_pl_ramp(pl, seq, pl_len, sum);
	memset(f + GEN_ETH_HLEN + ip_len, 0, len - GEN_ETH_HLEN - ip_len);

	csum = (uint16_t)~model_csum_fold(sum);
	/* UDP sends a computed 0 as 0xffff: 0 means "not computed". */
	if (p->l4_proto == GEN_PROTO_UDP && csum == 0)
		csum = 0xffff;
	if (gen_draw(g, seq, GEN_SALT_BAD) % 1000 < p->bad_l4_permille)
		csum = gen_bad_csum(csum);
	if (p->stamp)
		csum = 0;	/* the device overwrites payload bytes */
	put16(l4 + (p->l4_proto == GEN_PROTO_TCP ? 16 : 6), csum);
}

static uint64_t
gen_ts_ns(const struct timespec *t)
{
	return (uint64_t)t->tv_sec * 1000000000ull + (uint64_t)t->tv_nsec;
}

/* Frames with numbers below the count are due @p elapsed ns after frame 0. */
static uint64_t
gen_due_count(uint64_t elapsed, uint64_t rate)
{
	uint64_t s = elapsed / 1000000000ull, ns = elapsed % 1000000000ull;

	return s * rate + ns * rate / 1000000000ull + 1;
}

/*
 * True when frame g->seq is due under rate_pps. One clock reading serves
 * every frame due at it: the frames below g->due_until are handed out
 * without another (the clock only moves on, so they stay due).
 */
static bool
gen_due(struct gen_src *g)
{
	struct timespec now;
	uint64_t r = g->p.rate_pps, n = g->seq, due, elapsed, cnt;

	if (n < g->due_until)
		return true;
	clock_gettime(CLOCK_MONOTONIC, &now);
	/*
	 * The clock starts at the first request rather than at creation, so
	 * the time a caller spends setting up does not turn into a burst.
	 */
	if (!g->started) {
		g->t0 = now;
		g->started = true;
		g->due_until = n + 1;
		return true;
	}
	/* n / r seconds, split to stay exact and clear of overflow. */
	due = (n / r) * 1000000000ull + (n % r) * 1000000000ull / r;
	elapsed = gen_ts_ns(&now) - gen_ts_ns(&g->t0);
	if (elapsed >= due) {
		cnt = gen_due_count(elapsed, r);
		g->due_until = cnt > n ? cnt : n + 1;
		return true;
	}
	__atomic_store_n(&g->base.next_due_ns, gen_ts_ns(&g->t0) + due,
			 __ATOMIC_RELAXED);
	return false;
}

static int
gen_next(struct model_traffic_src *src, uint8_t *buf, size_t cap)
{
	struct gen_src *g = (struct gen_src *)src;
	unsigned int len, ip_len;
	uint64_t seq = g->seq;

	if (g->p.count != 0 && seq >= g->p.count)
		return -1;
	if (g->p.rate_pps != 0 && !gen_due(g))
		return 0;

	len = gen_pick_len(g, seq);
	if (len <= GEN_ETH_ZLEN) {
		/*
		 * A minimum-size frame carries the shortest datagram (headers
		 * and sequence number), zero-padded as a sending MAC pads a
		 * runt: the case in which a receiver must trust the IP length
		 * over the frame length. Headers longer than 60 bytes grow
		 * the frame instead.
		 */
		len = g->hdr_len > GEN_ETH_ZLEN ? g->hdr_len : GEN_ETH_ZLEN;
		ip_len = g->hdr_len + GEN_SEQ_LEN < len ?
			 g->hdr_len + GEN_SEQ_LEN : len;
		ip_len -= GEN_ETH_HLEN;
	} else {
		if (len < g->hdr_len)
			len = g->hdr_len;
		ip_len = len - GEN_ETH_HLEN;
	}

	g->seq++;
	if (len > cap) {
		/* Skipped, not retried: the frame number is spent. */
		src->truncated++;
		return 0;
	}
	gen_build(g, seq, buf, len, ip_len);
	src->frames++;
	return (int)len;
}

static void
gen_destroy(struct model_traffic_src *src)
{
	free(src);
}

void
model_gen_peer_mac(const uint8_t dst[6], uint8_t src[6])
{
	static const uint8_t peer[6] = { 0x02, 0, 0, 0, 0xfe, 0x01 };

	memcpy(src, peer, 6);
	if (memcmp(src, dst, 6) == 0)
		src[5] = 0x02;
}

void
model_gen_params_init(struct model_gen_params *p)
{
	/* What model_traffic.h says; the rest 0. */
	static const struct model_gen_params defaults = {
		.dst_mac = { 0x02, 0, 0, 0, 0, 0x01 },
		.l4_proto = GEN_PROTO_UDP,
		.flows = 1,
		.size = MODEL_GEN_SIZE_FIXED,
		.len_min = 64,
		.len_max = 64,
		.seed = 1,
	};

	*p = defaults;
	model_gen_peer_mac(p->dst_mac, p->src_mac);
}

struct model_traffic_src *
model_gen_create(const struct model_gen_params *p, char *err, size_t errlen)
{
	const char *name;
	unsigned int hdr_len;
	struct gen_src *g;

	if (p == NULL) {
		model_traffic_err(err, errlen, "generator: no parameters");
		return NULL;
	}
	if (p->flows == 0 || p->flows > GEN_MAX_FLOWS) {
		model_traffic_err(err, errlen, "generator: flows %u out of range 1..%u",
			p->flows, GEN_MAX_FLOWS);
		return NULL;
	}
	if (p->l4_proto != GEN_PROTO_UDP && p->l4_proto != GEN_PROTO_TCP) {
		model_traffic_err(err, errlen,
			"generator: l4_proto %u is neither 17 (UDP) nor 6 (TCP)",
			p->l4_proto);
		return NULL;
	}
	if (p->bad_l4_permille > 1000) {
		model_traffic_err(err, errlen,
			"generator: bad_l4_permille %u is above 1000",
			p->bad_l4_permille);
		return NULL;
	}
	if (p->stamp && (p->ipv6 || p->l4_proto != GEN_PROTO_UDP)) {
		model_traffic_err(err, errlen,
			"generator: a time stamp needs IPv4/UDP frames");
		return NULL;
	}
	if (p->size != MODEL_GEN_SIZE_FIXED && p->size != MODEL_GEN_SIZE_RANGE &&
	    p->size != MODEL_GEN_SIZE_IMIX) {
		model_traffic_err(err, errlen, "generator: unknown size mode %d",
			(int)p->size);
		return NULL;
	}

	hdr_len = GEN_ETH_HLEN + (p->ipv6 ? GEN_IP6_HLEN : GEN_IP4_HLEN) +
		  (p->l4_proto == GEN_PROTO_TCP ? GEN_TCP_HLEN : GEN_UDP_HLEN);
	name = p->ipv6 ? (p->l4_proto == GEN_PROTO_TCP ? "IPv6/TCP" : "IPv6/UDP") :
			 (p->l4_proto == GEN_PROTO_TCP ? "IPv4/TCP" : "IPv4/UDP");

	/* IMIX has its own sizes; len_min and len_max do not apply. */
	if (p->size != MODEL_GEN_SIZE_IMIX) {
		if (p->len_min < GEN_ETH_ZLEN || p->len_min > GEN_LEN_MAX) {
			model_traffic_err(err, errlen,
				"generator: len_min %u out of range %u..%u (frame length without FCS)",
				p->len_min, GEN_ETH_ZLEN, GEN_LEN_MAX);
			return NULL;
		}
		/*
		 * 60 stays valid for every protocol as "the smallest frame":
		 * it is the default minimum, and is padded up to what the
		 * headers need. Any other length below that is a mistake.
		 */
		if (p->len_min != GEN_ETH_ZLEN && p->len_min < hdr_len) {
			model_traffic_err(err, errlen,
				"generator: len_min %u is below the %u bytes of headers %s frames need (60 is accepted and padded up)",
				p->len_min, hdr_len, name);
			return NULL;
		}
	}
	if (p->size == MODEL_GEN_SIZE_RANGE) {
		if (p->len_max < GEN_ETH_ZLEN || p->len_max > GEN_LEN_MAX) {
			model_traffic_err(err, errlen,
				"generator: len_max %u out of range %u..%u (frame length without FCS)",
				p->len_max, GEN_ETH_ZLEN, GEN_LEN_MAX);
			return NULL;
		}
		if (p->len_max < p->len_min) {
			model_traffic_err(err, errlen,
				"generator: len_max %u is below len_min %u",
				p->len_max, p->len_min);
			return NULL;
		}
		if (p->len_max < hdr_len) {
			model_traffic_err(err, errlen,
				"generator: len_max %u is below the %u bytes of headers %s frames need",
				p->len_max, hdr_len, name);
			return NULL;
		}
	}

	g = calloc(1, sizeof(*g));
	if (g == NULL) {
		model_traffic_err(err, errlen, "generator: out of memory");
		return NULL;
	}
	g->p = *p;
	g->hdr_len = hdr_len;
	g->base.next = gen_next;
	g->base.destroy = gen_destroy;
	if (p->stamp)
		g->base.stamp_off = GEN_ETH_HLEN + GEN_IP4_HLEN + GEN_UDP_HLEN;
	return &g->base;
}

/* ---- Count and drop ---- */

static int
count_put(struct model_traffic_sink *sink, const uint8_t *frame, size_t len)
{
	(void)frame;
	sink->frames++;
	sink->bytes += len;
	return 0;
}

static void
count_destroy(struct model_traffic_sink *sink)
{
	free(sink);
}

static int
null_next(struct model_traffic_src *src, uint8_t *buf, size_t cap)
{
	(void)src;
	(void)buf;
	(void)cap;
	return -1;
}

static void
null_destroy(struct model_traffic_src *src)
{
	free(src);
}

struct model_traffic_src *
model_null_src_create(void)
{
	struct model_traffic_src *s = calloc(1, sizeof(*s));

	if (s == NULL)
		return NULL;
	s->next = null_next;
	s->destroy = null_destroy;
	return s;
}

struct model_traffic_sink *
model_count_sink_create(void)
{
	struct count_sink *c = calloc(1, sizeof(*c));

	if (c == NULL)
		return NULL;
	c->base.put = count_put;
	c->base.destroy = count_destroy;
	return &c->base;
}
