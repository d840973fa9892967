/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * dwmac4 model, transmit side, in step mode: single and multi-descriptor
 * frames reach the sink byte-exact, runts zero-padded to 60 bytes as TDES3
 * CPC says, write-back clears OWN (TDES3 exact),
 * partial frames wait for their LD, and malformed descriptor sequences
 * (LD without FD, FD inside a frame, zero length or address, buffers
 * outside the DMA window, tail beyond the ring) are counted and skipped.
 */
#include <errno.h>
#include <string.h>

#include "dwmac4_desc.h"
#include "dwmac4_model.h"
#include "dwmac4_regs.h"
#include "harness.h"
#include "model_fixture.h"
#include "model_traffic.h"

/* ---- A minimal driver ---- */

#define ARENA_SIZE (1u << 20)
#define ARENA_IOVA 0x123400000ull	/* above 4 GiB: TDES1 used */
#define BUF_OFF 0x10000u

struct fix {
	struct dwmac4_model *m;
	struct model_fixture_qsink *sink;	/* NULL: no sink */
	uint8_t *arena;
	struct dwmac4_desc *ring;
	unsigned int n;
	uint8_t *data;		/* frame bytes, at BUF_OFF */
};

static uint64_t
iova_of(const struct fix *f, const void *p)
{
	return ARENA_IOVA + (uint64_t)((const uint8_t *)p - f->arena);
}

/*
 * The fixture; with @p src, received frames come from it (and the
 * receiver is on) and the model runs on a manual clock.
 */
static void
fix_init_src(struct fix *f, unsigned int n, bool with_sink,
	     struct model_traffic_src *src)
{
	struct dwmac4_model_params p;
	uint64_t ring;
	void *mem;

	memset(f, 0, sizeof(*f));
	if (posix_memalign(&mem, 4096, ARENA_SIZE) != 0)
		abort();
	f->arena = mem;
	memset(f->arena, 0, ARENA_SIZE);
	f->ring = mem;
	f->n = n;
	f->data = f->arena + BUF_OFF;
	harness_fill_random(f->data, 0x20000);
	dwmac4_model_params_init(&p);
	if (with_sink) {
		f->sink = model_fixture_qsink_create();
		p.tx_sink = &f->sink->base;
	}
	p.rx_src = src;
	p.manual_clock = src != NULL;
	f->m = dwmac4_model_create(&p);
	CHECK(f->m != NULL, "create");
	CHECK_EQ_U(dwmac4_model_dma_map(f->m, f->arena, ARENA_IOVA,
					ARENA_SIZE), 0, "map");
	ring = iova_of(f, f->ring);
	dwmac4_model_write32(f->m, GMAC_CONFIG, GMAC_CONFIG_DM | GMAC_CONFIG_TE |
			     (src != NULL ? GMAC_CONFIG_RE : 0));
	dwmac4_model_write32(f->m, DMA_CHAN_TX_BASE_ADDR_HI(0),
			     (uint32_t)(ring >> 32));
	dwmac4_model_write32(f->m, DMA_CHAN_TX_BASE_ADDR(0), (uint32_t)ring);
	dwmac4_model_write32(f->m, DMA_CHAN_TX_RING_LEN(0),
			     DWMAC4_DMA_RING_LEN(n));
	dwmac4_model_write32(f->m, DMA_CHAN_TX_END_ADDR(0), (uint32_t)ring);
	dwmac4_model_write32(f->m, DMA_CHAN_TX_CONTROL(0), DMA_CONTROL_ST | MODEL_FIXTURE_PBL);
}

static void
fix_init(struct fix *f, unsigned int n, bool with_sink)
{
	fix_init_src(f, n, with_sink, NULL);
}

static void
fix_fini(struct fix *f)
{
	dwmac4_model_destroy(f->m);
	free(f->arena);
}

/* Arms descriptor i with @p len bytes at data offset @p off. */
static void
arm(struct fix *f, unsigned int i, uint32_t off, uint32_t len, uint32_t flags,
    uint32_t frame_len)
{
	uint64_t a = iova_of(f, f->data + off);

	f->ring[i].des0 = (uint32_t)a;
	f->ring[i].des1 = (uint32_t)(a >> 32);
	f->ring[i].des2 = len | TDES2_INTERRUPT_ON_COMPLETION;
	__atomic_store_n(&f->ring[i].des3, TDES3_OWN | flags |
			 (frame_len & TDES3_PACKET_SIZE_MASK),
			 __ATOMIC_RELEASE);
}

static void
tail(struct fix *f, unsigned int t)
{
	dwmac4_model_write32(f->m, DMA_CHAN_TX_END_ADDR(0),
			     (uint32_t)(iova_of(f, f->ring) + 16u * t));
}

static struct dwmac4_model_stats
stats(struct fix *f)
{
	struct dwmac4_model_stats st;

	dwmac4_model_get_stats(f->m, &st);
	return st;
}

static uint32_t
des3_of(struct fix *f, unsigned int i)
{
	return __atomic_load_n(&f->ring[i].des3, __ATOMIC_ACQUIRE);
}

#define FDLD (TDES3_FIRST_DESCRIPTOR | TDES3_LAST_DESCRIPTOR)

static void
test_single_and_multi(void)
{
	struct fix f;
	uint8_t want[400];
	uint64_t a;

	fix_init(&f, 8, true);
	arm(&f, 0, 0, 60, FDLD, 60);
	tail(&f, 1);
	CHECK_EQ_U(dwmac4_model_step(f.m, 8), 1, "single: moved");
	CHECK_EQ_U(f.sink->n, 1, "single: at the sink");
	CHECK_EQ_U(f.sink->len[0], 60, "single: length");
	CHECK(memcmp(f.sink->frame[0], f.data, 60) == 0, "single: bytes");
	CHECK_EQ_U(des3_of(&f, 0), FDLD, "single: TDES3 write-back");
	a = iova_of(&f, f.data);
	CHECK_EQ_U(f.ring[0].des0, (uint32_t)a, "single: TDES0 kept");
	CHECK_EQ_U(f.ring[0].des1, (uint32_t)(a >> 32), "single: TDES1 kept");
	CHECK_EQ_U(dwmac4_model_read32(f.m, DMA_CHAN_STATUS(0)) &
		   (DMA_CHAN_STATUS_TI | DMA_CHAN_STATUS_NIS),
		   DMA_CHAN_STATUS_TI | DMA_CHAN_STATUS_NIS, "single: TI");
	CHECK_EQ_U(dwmac4_model_read32(f.m, DMA_CHAN_CUR_TX_DESC(0)),
		   (uint32_t)iova_of(&f, f.ring) + 16, "single: current");

	/* Three buffers from scattered places: 100 + 50 + 200 bytes. */
	arm(&f, 1, 1000, 100, TDES3_FIRST_DESCRIPTOR, 350);
	arm(&f, 2, 5003, 50, 0, 0);
	arm(&f, 3, 9001, 200, TDES3_LAST_DESCRIPTOR, 0);
	tail(&f, 4);
	CHECK_EQ_U(dwmac4_model_step(f.m, 8), 1, "multi: moved");
	memcpy(want, f.data + 1000, 100);
	memcpy(want + 100, f.data + 5003, 50);
	memcpy(want + 150, f.data + 9001, 200);
	CHECK_EQ_U(f.sink->n, 2, "multi: at the sink");
	CHECK_EQ_U(f.sink->len[1], 350, "multi: length");
	CHECK(memcmp(f.sink->frame[1], want, 350) == 0, "multi: bytes");
	CHECK_EQ_U(des3_of(&f, 1), TDES3_FIRST_DESCRIPTOR, "multi: d1");
	CHECK_EQ_U(des3_of(&f, 2), 0, "multi: d2");
	CHECK_EQ_U(des3_of(&f, 3), TDES3_LAST_DESCRIPTOR, "multi: d3");
	CHECK_EQ_U(stats(&f).tx_frames, 2, "tx_frames");
	CHECK_EQ_U(stats(&f).tx_bytes, 410, "tx_bytes");

	/* A frame whose LD is not armed yet waits; nothing written back. */
	arm(&f, 4, 0, 64, TDES3_FIRST_DESCRIPTOR, 128);
	tail(&f, 5);
	CHECK_EQ_U(dwmac4_model_step(f.m, 8), 0, "partial: waits");
	CHECK(des3_of(&f, 4) & TDES3_OWN, "partial: still owned");
	CHECK(dwmac4_model_read32(f.m, DMA_CHAN_STATUS(0)) &
	      DMA_CHAN_STATUS_TBU, "partial: TBU");
	arm(&f, 5, 64, 64, TDES3_LAST_DESCRIPTOR, 0);
	tail(&f, 6);
	CHECK_EQ_U(dwmac4_model_step(f.m, 8), 1, "partial: sent");
	CHECK(memcmp(f.sink->frame[2], f.data, 128) == 0, "partial: bytes");

	/* Wrap around the end of the ring (t = N, then from 0). */
	arm(&f, 6, 0, 70, FDLD, 70);
	arm(&f, 7, 100, 80, TDES3_FIRST_DESCRIPTOR, 0);
	arm(&f, 0, 200, 90, TDES3_LAST_DESCRIPTOR, 0);
	tail(&f, 8);
	tail(&f, 1);
	CHECK_EQ_U(dwmac4_model_step(f.m, 8), 2, "wrap: moved");
	CHECK_EQ_U(f.sink->len[4], 170, "wrap: length");
	CHECK(memcmp(f.sink->frame[4], f.data + 100, 80) == 0 &&
	      memcmp(f.sink->frame[4] + 80, f.data + 200, 90) == 0,
	      "wrap: bytes");
	CHECK_EQ_U(des3_of(&f, 0), TDES3_LAST_DESCRIPTOR, "wrap: d0");

	/* TE clear: the transmitter holds the frame. */
	dwmac4_model_write32(f.m, GMAC_CONFIG, 0);
	arm(&f, 1, 0, 60, FDLD, 60);
	tail(&f, 2);
	CHECK_EQ_U(dwmac4_model_step(f.m, 8), 0, "TE off: held");
	dwmac4_model_write32(f.m, GMAC_CONFIG, GMAC_CONFIG_DM | GMAC_CONFIG_TE);
	CHECK_EQ_U(dwmac4_model_step(f.m, 8), 1, "TE on: sent");
	CHECK_EQ_U(stats(&f).violations, 0, "no violations (%s)",
		   dwmac4_model_last_violation(f.m));
	fix_fini(&f);
}

static void
test_no_sink(void)
{
	struct fix f;

	fix_init(&f, 4, false);
	arm(&f, 0, 0, 100, FDLD, 100);
	tail(&f, 1);
	CHECK_EQ_U(dwmac4_model_step(f.m, 8), 1, "no sink: moved");
	CHECK_EQ_U(des3_of(&f, 0), FDLD, "no sink: written back");
	CHECK_EQ_U(stats(&f).tx_frames, 1, "no sink: counted");
	CHECK_EQ_U(stats(&f).violations, 0, "no sink: no violations");
	fix_fini(&f);
}

/*
 * Runts: the MAC zero-pads a frame shorter than 60 bytes when the first
 * descriptor's CPC is 0 (the reset value, what Linux and the PMD send),
 * sends it short with CPC 1 and takes its last 4 bytes for the FCS with
 * CPC 2 and 3 (the sink, like the wire past the partner's MAC, has no
 * FCS). Whatever CPC a later descriptor holds is not looked at.
 */
static void
test_runt_padding(void)
{
	static const struct {
		const char *what;
		uint32_t cpc, len, sink_len, padded;
	} cases[] = {
		{ "CPC 0, 42 bytes", DWMAC4_TDES3_CPC_CRC_PAD, 42, 60, 1 },
		{ "CPC 0, 59 bytes", DWMAC4_TDES3_CPC_CRC_PAD, 59, 60, 1 },
		{ "CPC 0, 60 bytes", DWMAC4_TDES3_CPC_CRC_PAD, 60, 60, 0 },
		{ "CPC 0, 1 byte", DWMAC4_TDES3_CPC_CRC_PAD, 1, 60, 1 },
		{ "CPC 1, 42 bytes", DWMAC4_TDES3_CPC_CRC, 42, 42, 0 },
		{ "CPC 2, 64 bytes", DWMAC4_TDES3_CPC_CRC_REPLACE, 64, 60, 0 },
		{ "CPC 3, 46 bytes", DWMAC4_TDES3_CPC_NONE, 46, 42, 0 },
	};
#define N_CASES (sizeof(cases) / sizeof(cases[0]))
	struct dwmac4_model_stats st;
	unsigned int i, k;
	uint64_t padded = 0, bytes = 0;
	struct fix f;

	fix_init(&f, 16, true);
	for (i = 0; i < N_CASES; i++) {
		const uint8_t *got;

		memset(f.data + 4096 * i + cases[i].len, 0xa5, 64);
		arm(&f, i, 4096 * i, cases[i].len, FDLD | cases[i].cpc,
		    cases[i].len);
		tail(&f, i + 1);
		CHECK_EQ_U(dwmac4_model_step(f.m, 8), 1, "%s: moved",
			   cases[i].what);
		if (f.sink->n != i + 1) {
			CHECK(0, "%s: at the sink", cases[i].what);
			break;
		}
		got = f.sink->frame[i];
		CHECK_EQ_U(f.sink->len[i], cases[i].sink_len, "%s: length",
			   cases[i].what);
		k = cases[i].len < cases[i].sink_len ? cases[i].len :
							 cases[i].sink_len;
		CHECK(memcmp(got, f.data + 4096 * i, k) == 0, "%s: bytes",
		      cases[i].what);
		for (; k < f.sink->len[i] && got[k] == 0; k++)
			;
		CHECK_EQ_U(k, f.sink->len[i], "%s: zero pad", cases[i].what);
		CHECK_EQ_U(des3_of(&f, i), FDLD, "%s: written back, no error",
			   cases[i].what);
		padded += cases[i].padded;
		bytes += cases[i].sink_len;
		st = stats(&f);
		CHECK_EQ_U(st.tx_padded, padded, "%s: tx_padded", cases[i].what);
		CHECK_EQ_U(st.tx_bytes, bytes, "%s: tx_bytes", cases[i].what);
	}
	/* CPC in a later descriptor of the frame: the first one's counts. */
	arm(&f, N_CASES, 0, 20, TDES3_FIRST_DESCRIPTOR, 40);
	arm(&f, N_CASES + 1, 100, 20,
	    TDES3_LAST_DESCRIPTOR | DWMAC4_TDES3_CPC_CRC, 0);
	tail(&f, N_CASES + 2);
	CHECK_EQ_U(dwmac4_model_step(f.m, 8), 1, "two descriptors: moved");
	CHECK(f.sink->n == N_CASES + 1 &&
	      f.sink->len[N_CASES] == 60,
	      "two descriptors: the first one's CPC 0 pads to 60");
	CHECK_EQ_U(stats(&f).violations, 0, "no violations (%s)",
		   dwmac4_model_last_violation(f.m));
	fix_fini(&f);
#undef N_CASES
}

static void
test_bad_descriptors(void)
{
	struct fix f;

	fix_init(&f, 16, true);
	/* LD without FD: skipped with ES; the next frame still goes out. */
	arm(&f, 0, 0, 60, TDES3_LAST_DESCRIPTOR, 60);
	arm(&f, 1, 0, 61, FDLD, 61);
	tail(&f, 2);
	CHECK_EQ_U(dwmac4_model_step(f.m, 8), 1, "LD w/o FD: one frame");
	CHECK_EQ_U(stats(&f).viol_bad_desc, 1, "LD w/o FD: counted");
	CHECK_EQ_U(des3_of(&f, 0), TDES3_LAST_DESCRIPTOR | TDES3_ERROR_SUMMARY,
		   "LD w/o FD: written back with ES");
	CHECK_EQ_U(des3_of(&f, 1), FDLD, "next frame fine");
	CHECK_EQ_U(f.sink->n, 1, "only the good frame sent");
	CHECK_EQ_U(f.sink->len[0], 61, "good frame length");
	CHECK(strstr(dwmac4_model_last_violation(f.m), "without FD") != NULL,
	      "described: %s", dwmac4_model_last_violation(f.m));

	/* FD inside a frame: the partial frame and the culprit skipped. */
	arm(&f, 2, 0, 60, TDES3_FIRST_DESCRIPTOR, 120);
	arm(&f, 3, 0, 60, FDLD, 60);
	tail(&f, 4);
	CHECK_EQ_U(dwmac4_model_step(f.m, 8), 0, "FD inside: no frame");
	CHECK_EQ_U(stats(&f).viol_bad_desc, 2, "FD inside: counted");
	CHECK_EQ_U(des3_of(&f, 2), TDES3_FIRST_DESCRIPTOR |
		   TDES3_ERROR_SUMMARY, "FD inside: d2");
	CHECK_EQ_U(des3_of(&f, 3), FDLD | TDES3_ERROR_SUMMARY, "FD inside: d3");

	/* Zero length, zero address. */
	arm(&f, 4, 0, 0, FDLD, 0);
	arm(&f, 5, 0, 60, FDLD, 60);
	f.ring[5].des0 = 0;
	f.ring[5].des1 = 0;
	tail(&f, 6);
	CHECK_EQ_U(dwmac4_model_step(f.m, 8), 0, "zero: no frame");
	CHECK_EQ_U(stats(&f).viol_bad_desc, 4, "zero len/addr: counted");
	CHECK(!(des3_of(&f, 4) & TDES3_OWN) && !(des3_of(&f, 5) & TDES3_OWN),
	      "zero: released");

	/* Buffer outside the DMA window: refused, released with ES. */
	arm(&f, 6, 0, 60, FDLD, 60);
	f.ring[6].des0 = 0x1000;
	f.ring[6].des1 = 0;
	tail(&f, 7);
	CHECK_EQ_U(dwmac4_model_step(f.m, 8), 0, "outside: no frame");
	CHECK_EQ_U(stats(&f).viol_dma_outside, 1, "outside: counted");
	CHECK_EQ_U(des3_of(&f, 6), FDLD | TDES3_ERROR_SUMMARY, "outside: ES");

	/* Buffer that runs past the end of registered memory. */
	arm(&f, 7, 0, 200, FDLD, 200);
	f.ring[7].des0 = (uint32_t)(ARENA_IOVA + ARENA_SIZE - 100);
	f.ring[7].des1 = (uint32_t)((ARENA_IOVA + ARENA_SIZE) >> 32);
	tail(&f, 8);
	CHECK_EQ_U(dwmac4_model_step(f.m, 8), 0, "straddle: no frame");
	CHECK_EQ_U(stats(&f).viol_dma_outside, 2, "straddle: counted");

	/* Tail beyond the ring. */
	tail(&f, 17);
	CHECK_EQ_U(stats(&f).viol_tail_beyond_ring, 1, "tail: counted");
	CHECK_EQ_U(f.sink->n, 1, "nothing else sent");
	CHECK_EQ_U(stats(&f).violations, 7, "total");
	fix_fini(&f);
}

static void
test_ring_outside(void)
{
	struct fix f;

	fix_init(&f, 4, true);
	dwmac4_model_write32(f.m, DMA_CHAN_TX_CONTROL(0), 0);
	CHECK(dwmac4_model_read32(f.m, DMA_CHAN_STATUS(0)) &
	      DMA_CHAN_STATUS_TPS, "TPS on stop");
	dwmac4_model_write32(f.m, DMA_CHAN_TX_BASE_ADDR_HI(0), 0);
	dwmac4_model_write32(f.m, DMA_CHAN_TX_BASE_ADDR(0), 0x10000);
	dwmac4_model_write32(f.m, DMA_CHAN_TX_END_ADDR(0), 0x10010);
	dwmac4_model_write32(f.m, DMA_CHAN_TX_CONTROL(0), DMA_CONTROL_ST | MODEL_FIXTURE_PBL);
	CHECK_EQ_U(dwmac4_model_step(f.m, 8), 0, "ring outside: nothing");
	CHECK_EQ_U(dwmac4_model_step(f.m, 8), 0, "ring outside: suspended");
	CHECK_EQ_U(stats(&f).viol_dma_outside, 1, "ring outside: once");
	CHECK_EQ_U(stats(&f).violations, 1, "ring outside: total");
	fix_fini(&f);
}

/* ---- Transmit checksum offload (TDES3.CIC) ---- */

/*
 * The software reference: RFC 1071 one byte at a time, big-endian words,
 * an odd last byte padded with zero. Shares nothing with the model's
 * model_csum.h.
 */
static uint32_t
ref_add(uint32_t sum, const uint8_t *p, size_t len)
{
	size_t i;

	for (i = 0; i < len; i++)
		sum += (i & 1) ? p[i] : (uint32_t)p[i] << 8;
	return sum;
}

static uint16_t
ref_csum(uint32_t sum)
{
	while (sum >> 16)
		sum = (sum & 0xffff) + (sum >> 16);
	return (uint16_t)~sum;
}

static uint16_t
get16(const uint8_t *p)
{
	return (uint16_t)(p[0] << 8 | p[1]);
}

static void
put16(uint8_t *p, uint16_t v)
{
	p[0] = (uint8_t)(v >> 8);
	p[1] = (uint8_t)v;
}

/* The IPv4 header checksum at @p ip, as a correct sender writes it. */
static void
ref_ipv4_hdr(uint8_t *ip)
{
	uint32_t ihl = (ip[0] & 0xfu) * 4u;

	put16(ip + 10, 0);
	put16(ip + 10, ref_csum(ref_add(0, ip, ihl)));
}

/*
 * The L4 checksum field at @p l4 + @p field over @p have bytes, with a
 * pseudo-header of @p ulen bytes of protocol @p proto from the addresses
 * at @p addrs (2 x 4 or 2 x 16 bytes; NULL: none, ICMPv4).
 */
static void
ref_l4(uint8_t *l4, uint32_t have, uint32_t field, const uint8_t *addrs,
       uint32_t alen, uint32_t ulen, uint8_t proto)
{
	uint32_t sum = 0;
	uint16_t c;

	put16(l4 + field, 0);
	if (addrs != NULL)
		sum = ref_add(0, addrs, 2 * alen) + proto + (ulen >> 16) +
		      (ulen & 0xffff);
	c = ref_csum(ref_add(sum, l4, have));
	if (proto == 17 && c == 0)
		c = 0xffff;		/* RFC 768 */
	put16(l4 + field, c);
}

/*
 * Builders. eth(): destination, source, @p ntags tags of TPID @p tpid, then
 * EtherType @p type; returns the L3 offset.
 */
static uint32_t
eth(uint8_t *p, uint16_t type, unsigned int ntags, uint16_t tpid)
{
	uint32_t off = 12;
	unsigned int i;

	harness_fill_random(p, 12);
	p[0] &= 0xfe;
	for (i = 0; i < ntags; i++, off += 4) {
		put16(p + off, tpid);
		put16(p + off + 2, (uint16_t)(100 + i));
	}
	put16(p + off, type);
	return off + 2;
}

/* An IPv4 header of @p ihl bytes, total length @p tot, random checksum. */
static void
ipv4(uint8_t *ip, uint32_t ihl, uint32_t tot, uint8_t proto, uint16_t frag)
{
	harness_fill_random(ip, ihl);
	ip[0] = (uint8_t)(0x40 | ihl / 4);
	put16(ip + 2, (uint16_t)tot);
	put16(ip + 6, frag);
	ip[8] = 64;
	ip[9] = proto;
	if (ihl > 20)
		ip[20] = 1;	/* NOP options */
}

/* An IPv6 header, payload length @p plen, next header @p nh. */
static void
ipv6(uint8_t *ip, uint32_t plen, uint8_t nh)
{
	harness_fill_random(ip, 40);
	ip[0] = 0x60;
	put16(ip + 4, (uint16_t)plen);
	ip[6] = nh;
}

/* An IPv6 extension header of 8 * (@p units + 1) bytes before @p nh. */
static uint32_t
ext6(uint8_t *h, uint8_t nh, unsigned int units)
{
	harness_fill_random(h, 8u * (units + 1));
	h[0] = nh;
	h[1] = (uint8_t)units;
	return 8u * (units + 1);
}

#define DIM(a) (sizeof(a) / sizeof((a)[0]))
#define CS_RING 64u
#define TSF_ON (MTL_OP_MODE_TSF | MTL_OP_MODE_TXQEN)

struct cs_fix {
	struct fix f;
	unsigned int next;	/* free-running descriptor index */
};

static void
cs_init(struct cs_fix *c, bool tsf)
{
	fix_init(&c->f, CS_RING, true);
	c->next = 0;
	dwmac4_model_write32(c->f.m, MTL_CHAN_TX_OP_MODE(0),
			     tsf ? TSF_ON : MTL_OP_MODE_TXQEN);
}

/*
 * Sends @p len bytes of @p frame with CIC @p cic on the first descriptor
 * only, in @p nseg buffers cut at @p cuts (ascending, inside the frame).
 * Returns the last descriptor's write-back; the sent frame is the sink's
 * last (checked by the caller).
 */
static uint32_t
cs_send(struct cs_fix *c, const uint8_t *frame, uint32_t len, uint32_t cic,
	const uint32_t *cuts, unsigned int ncuts)
{
	struct fix *f = &c->f;
	uint32_t from = 0, to, off = 0;
	unsigned int i, first = c->next, t;

	for (i = 0; i <= ncuts; i++) {
		uint32_t flags = (i == 0 ? TDES3_FIRST_DESCRIPTOR | cic : 0) |
				 (i == ncuts ? TDES3_LAST_DESCRIPTOR : 0);

		to = i == ncuts ? len : cuts[i];
		/* Each buffer somewhere else, 64 bytes apart. */
		memcpy(f->data + off, frame + from, to - from);
		arm(f, c->next % CS_RING, off, to - from, flags, len);
		off += to - from + 64;
		from = to;
		c->next++;
	}
	t = c->next % CS_RING;
	tail(f, t == 0 ? CS_RING : t);
	CHECK_EQ_U(dwmac4_model_step(f->m, 4), 1, "one frame sent");
	/* Earlier descriptors of the frame carry no status. */
	for (i = first; i + 1 < c->next; i++)
		CHECK_EQ_U(des3_of(f, i % CS_RING) & ~(uint32_t)FDLD, 0,
			   "status only in the last descriptor");
	return des3_of(f, (c->next - 1) % CS_RING) & ~(uint32_t)FDLD;
}

/* What the sink gets for @p len bytes: the MAC pads runts (CPC 0). */
static uint32_t
cs_wire_len(uint32_t len)
{
	return len < 60 ? 60 : len;
}

/* The sink's last frame equals @p want, zero-padded to 60 bytes. */
static void
cs_check(struct cs_fix *c, const uint8_t *want, uint32_t len, const char *what)
{
	struct model_fixture_qsink *q = c->f.sink;
	const uint8_t *got;
	uint32_t i;

	if (q->n == 0) {
		CHECK(0, "%s: nothing at the sink", what);
		return;
	}
	got = q->frame[q->n - 1];
	CHECK_EQ_U(q->len[q->n - 1], cs_wire_len(len), "%s: length", what);
	for (i = 0; i < len && got[i] == want[i]; i++)
		;
	CHECK(i >= len, "%s: byte %u is %#x, want %#x", what, i,
	      i < len ? got[i] : 0, i < len ? want[i] : 0);
	for (i = len; i < q->len[q->n - 1] && got[i] == 0; i++)
		;
	CHECK(i >= q->len[q->n - 1], "%s: pad byte %u is %#x", what, i,
	      got[i]);
	/* Keep the sink small: frames are checked one at a time. */
	if (q->n == MODEL_FIXTURE_QSINK_MAX) {
		for (i = 0; i < q->n; i++)
			free(q->frame[i]);
		q->n = 0;
	}
}

#define CS_MAX 2048u

/*
 * Golden: the IPv4 header of the worked example in Wikipedia's "Internet
 * checksum" article (45 00 00 73 00 00 40 00 40 11 .. .. c0 a8 00 01 c0 a8
 * 00 c7), whose checksum is b8 61; UDP behind it with CIC 1.
 */
static void
test_csum_golden(struct cs_fix *c)
{
	static const uint8_t hdr[20] = {
		0x45, 0x00, 0x00, 0x73, 0x00, 0x00, 0x40, 0x00, 0x40, 0x11,
		0xde, 0xad, 0xc0, 0xa8, 0x00, 0x01, 0xc0, 0xa8, 0x00, 0xc7,
	};
	uint8_t in[14 + 0x73], want[sizeof(in)];
	uint32_t l3 = eth(in, 0x0800, 0, 0);

	harness_fill_random(in + l3, 0x73);
	memcpy(in + l3, hdr, sizeof(hdr));
	memcpy(want, in, sizeof(in));
	put16(want + l3 + 10, 0xb861);
	CHECK_EQ_U(cs_send(c, in, sizeof(in), DWMAC4_TDES3_CIC_ONLY_IP,
			   NULL, 0), 0, "golden: no error");
	cs_check(c, want, sizeof(in), "golden IPv4 header b861, UDP untouched");
}

/*
 * A TCP/UDP/ICMP datagram over IPv4 or IPv6 (@p exts extension headers
 * before it), @p plen payload bytes after the L4 header, its checksum
 * fields random; @p want gets the reference's checksums. Returns the
 * frame length.
 */
static uint32_t
build(uint8_t *in, uint8_t *want, bool v6, uint8_t proto, uint32_t plen,
      unsigned int vlans, unsigned int exts, uint32_t ihl)
{
	uint32_t l3 = eth(in, v6 ? 0x86dd : 0x0800, vlans, 0x8100);
	uint32_t hl = v6 ? 40 : ihl, l4, i, hdr, field;
	uint8_t nh = proto;

	hdr = proto == 6 ? 20 : proto == 17 ? 8 : 8;
	field = proto == 6 ? 16 : proto == 17 ? 6 : 2;
	for (i = 0; v6 && i < exts; i++)
		hl += 8u * (i + 1);
	l4 = l3 + hl;
	harness_fill_random(in + l4, hdr + plen);
	if (proto == 17)
		put16(in + l4 + 4, (uint16_t)(hdr + plen));
	if (proto == 6)
		in[l4 + 12] = 0x50;
	if (v6) {
		uint32_t off = l3 + 40;

		ipv6(in + l3, hl - 40 + hdr + plen, exts ? 0 : proto);
		for (i = 0; i < exts; i++) {
			nh = i + 1 < exts ? 60 : proto;
			off += ext6(in + off, nh, i);
		}
	} else {
		ipv4(in + l3, ihl, ihl + hdr + plen, proto, 0);
		if (proto == 1)
			put16(in + l4 + field, 0);	/* databook: ICMPv4 field 0 */
	}
	memcpy(want, in, l4 + hdr + plen);
	if (v6)
		ref_l4(want + l4, hdr + plen, field, want + l3 + 8, 16,
		       hdr + plen, proto);
	else
		ref_l4(want + l4, hdr + plen, field,
		       proto == 1 ? NULL : want + l3 + 12, 4, hdr + plen, proto);
	if (!v6)
		ref_ipv4_hdr(want + l3);
	return l4 + hdr + plen;
}

static void
test_csum_inserted(struct cs_fix *c)
{
	static const struct {
		const char *what;
		bool v6;
		uint8_t proto;
		uint32_t plen;
		unsigned int vlans, exts;
		uint32_t ihl;
	} cases[] = {
		{ "UDP/IPv4 odd payload", false, 17, 33, 0, 0, 20 },
		{ "TCP/IPv4 with options", false, 6, 100, 0, 0, 24 },
		{ "UDP/IPv4 one 802.1Q tag", false, 17, 18, 1, 0, 20 },
		{ "ICMP/IPv4", false, 1, 56, 0, 0, 20 },
		{ "UDP/IPv6", true, 17, 1, 0, 0, 0 },
		{ "TCP/IPv6", true, 6, 1400, 0, 0, 0 },
		{ "TCP/IPv6 after hop-by-hop + destination options", true, 6, 77,
		  0, 2, 0 },
		{ "ICMPv6", true, 58, 20, 1, 0, 0 },
		{ "TCP/IPv4 no payload", false, 6, 0, 0, 0, 20 },
	};
	uint8_t in[CS_MAX], want[CS_MAX];
	static const uint32_t cuts[] = { 5, 14, 29, 31 };
	unsigned int i;

	for (i = 0; i < DIM(cases); i++) {
		uint32_t len = build(in, want, cases[i].v6, cases[i].proto,
				     cases[i].plen, cases[i].vlans,
				     cases[i].exts, cases[i].ihl);

		CHECK_EQ_U(cs_send(c, in, len, DWMAC4_TDES3_CIC_FULL, NULL, 0),
			   0, "%s: no error", cases[i].what);
		cs_check(c, want, len, cases[i].what);
		/* The same cut into buffers inside the headers. */
		CHECK_EQ_U(cs_send(c, in, len, DWMAC4_TDES3_CIC_FULL, cuts,
				   DIM(cuts)), 0, "%s in 5 buffers: no error",
			   cases[i].what);
		cs_check(c, want, len, cases[i].what);
	}
}
/* CIC 1: the IPv4 header only; CIC 2: the pseudo-header is in the field. */
static void
test_csum_modes(struct cs_fix *c)
{
	uint8_t in[CS_MAX], want[CS_MAX], ip1[CS_MAX];
	uint32_t len, l4, ulen, sum;
	uint16_t full;

	len = build(in, want, false, 17, 40, 0, 0, 20);
	memcpy(ip1, in, len);
	ref_ipv4_hdr(ip1 + 14);
	CHECK_EQ_U(cs_send(c, in, len, DWMAC4_TDES3_CIC_ONLY_IP, NULL, 0), 0,
		   "CIC 1: no error");
	cs_check(c, ip1, len, "CIC 1: IPv4 header checksum only, UDP as it was");
	CHECK_EQ_U(cs_send(c, in, len, DWMAC4_TDES3_CIC_DISABLED, NULL, 0), 0,
		   "CIC 0: no error");
	cs_check(c, in, len, "CIC 0: frame untouched");

	/*
	 * CIC 2 with the folded pseudo-header sum in the field (what DPDK's
	 * rte_ipv4_phdr_cksum() writes): the full checksum. CIC 3 gives the
	 * same whatever the field holds; CIC 2 over a field holding garbage
	 * gives a wrong one, as the databook says it sums the field.
	 */
	l4 = 14 + 20;
	ulen = len - l4;
	full = get16(want + l4 + 6);
	sum = ref_add(0, in + 14 + 12, 8) + 17 + ulen;
	put16(in + l4 + 6, (uint16_t)~ref_csum(sum));
	CHECK_EQ_U(cs_send(c, in, len, DWMAC4_TDES3_CIC_NO_PSEUDOHDR, NULL, 0),
		   0, "CIC 2: no error");
	cs_check(c, want, len, "CIC 2, pseudo-header in the field: full checksum");
	CHECK_EQ_U(cs_send(c, in, len, DWMAC4_TDES3_CIC_FULL, NULL, 0), 0,
		   "CIC 3: no error");
	cs_check(c, want, len, "CIC 3, pseudo-header in the field: ignored");
	put16(in + l4 + 6, 0x1234);
	cs_send(c, in, len, DWMAC4_TDES3_CIC_NO_PSEUDOHDR, NULL, 0);
	CHECK(get16(c->f.sink->frame[c->f.sink->n - 1] + l4 + 6) != full,
	      "CIC 2 over garbage: not the full checksum");
	cs_check(c, c->f.sink->frame[c->f.sink->n - 1], len, "keep sink small");
}

/*
 * A sum of 0xffff before the complement: UDP sends 0xffff (RFC 768),
 * TCP 0x0000. The last 16-bit word of the payload balances the rest.
 */
static void
test_csum_zero(struct cs_fix *c)
{
	static const uint8_t protos[] = { 17, 6, 17 };
	static const bool v6s[] = { false, false, true };
	uint8_t in[CS_MAX], want[CS_MAX];
	unsigned int i;

	for (i = 0; i < DIM(protos); i++) {
		uint32_t len = build(in, want, v6s[i], protos[i], 64, 0, 0, 20);
		uint32_t l4 = 14 + (v6s[i] ? 40 : 20);
		uint32_t field = protos[i] == 6 ? 16 : 6, sum;
		uint16_t c16;

		put16(want + len - 2, 0);
		put16(want + l4 + field, 0);
		sum = ref_add(0, want + (v6s[i] ? 14 + 8 : 14 + 12),
			      v6s[i] ? 32 : 8) + protos[i] + (len - l4);
		c16 = ref_csum(ref_add(sum, want + l4, len - l4));
		/* c16 = ~fold(s): adding it makes the sum 0xffff. */
		put16(in + len - 2, c16);
		put16(want + len - 2, c16);
		put16(want + l4 + field, protos[i] == 17 ? 0xffff : 0x0000);
		CHECK_EQ_U(cs_send(c, in, len, DWMAC4_TDES3_CIC_FULL, NULL, 0),
			   0, "zero sum: no error");
		cs_check(c, want, len, protos[i] == 17 ?
			 "UDP whose checksum computes to 0 is sent as 0xffff" :
			 "TCP whose checksum computes to 0 is sent as 0");
	}
}

/* What the engine passes unmodified (the IPv4 header checksum aside). */
static void
test_csum_bypassed(struct cs_fix *c)
{
	uint8_t in[CS_MAX], want[CS_MAX];
	uint32_t l3, len, off;
	unsigned int t;

	/* IPv4 fragments (MF, then an offset): L4 untouched. */
	for (t = 0; t < 2; t++) {
		len = build(in, want, false, 17, 100, 0, 0, 20);
		put16(in + 14 + 6, t == 0 ? 0x2000 : 0x0010);
		memcpy(want, in, len);
		ref_ipv4_hdr(want + 14);
		CHECK_EQ_U(cs_send(c, in, len, DWMAC4_TDES3_CIC_FULL, NULL, 0), 0,
			   "fragment: no error");
		cs_check(c, want, len, "IPv4 fragment: header only");
	}
	/* IPv4 carrying SCTP (132) and GRE (47): header only. */
	for (t = 0; t < 2; t++) {
		len = build(in, want, false, 17, 100, 0, 0, 20);
		in[14 + 9] = t == 0 ? 132 : 47;
		memcpy(want, in, len);
		ref_ipv4_hdr(want + 14);
		CHECK_EQ_U(cs_send(c, in, len, DWMAC4_TDES3_CIC_FULL, NULL, 0), 0,
			   "other protocol: no error");
		cs_check(c, want, len, "IPv4, neither TCP, UDP nor ICMP: header only");
	}
	/* IPv6: routing, fragment, AH and ESP headers; ICMP (1) is not ICMPv6. */
	{
		static const uint8_t nhs[] = { 43, 44, 51, 50, 1 };

		for (t = 0; t < DIM(nhs); t++) {
			l3 = eth(in, 0x86dd, 0, 0);
			ipv6(in + l3, 8 + 8 + 40, nhs[t]);
			off = l3 + 40;
			if (nhs[t] != 1)
				off += ext6(in + off, 17, 0);
			harness_fill_random(in + off, 8 + 40);
			len = off + 48;
			put16(in + l3 + 4, (uint16_t)(len - l3 - 40));
			CHECK_EQ_U(cs_send(c, in, len, DWMAC4_TDES3_CIC_FULL,
					   NULL, 0), 0, "IPv6 bypass: no error");
			cs_check(c, in, len, "IPv6 routing/fragment/AH/ESP/ICMP: untouched");
		}
	}
	/* Not IP: ARP, QinQ (0x88a8), two 802.1Q tags. */
	len = build(in, want, false, 17, 50, 0, 0, 20);
	put16(in + 12, 0x0806);
	CHECK_EQ_U(cs_send(c, in, len, DWMAC4_TDES3_CIC_FULL, NULL, 0), 0,
		   "ARP: no error");
	cs_check(c, in, len, "EtherType 0x0806: untouched");
	l3 = eth(in, 0x0800, 1, 0x88a8);
	ipv4(in + l3, 20, 28, 17, 0);
	CHECK_EQ_U(cs_send(c, in, l3 + 28, DWMAC4_TDES3_CIC_FULL, NULL, 0), 0,
		   "QinQ: no error");
	cs_check(c, in, l3 + 28, "802.1ad tag: untouched");
	l3 = eth(in, 0x0800, 2, 0x8100);
	ipv4(in + l3, 20, 28, 17, 0);
	CHECK_EQ_U(cs_send(c, in, l3 + 28, DWMAC4_TDES3_CIC_FULL, NULL, 0), 0,
		   "two tags: no error");
	cs_check(c, in, l3 + 28, "two 802.1Q tags: untouched");
}

/* IHE and PCE: written back with ES on the last descriptor, frame sent. */
static void
test_csum_errors(struct cs_fix *c)
{
	static const uint32_t cut[] = { 20 };
	uint8_t in[CS_MAX], want[CS_MAX];
	struct dwmac4_model_stats st0 = stats(&c->f), st;
	uint32_t len, l4;

	/* Version 5 under 0x0800: IHE, the header checksum still inserted. */
	len = build(in, want, false, 17, 30, 0, 0, 20);
	in[14] = 0x55;
	memcpy(want, in, len);
	ref_ipv4_hdr(want + 14);
	CHECK_EQ_U(cs_send(c, in, len, DWMAC4_TDES3_CIC_FULL, cut, 1),
		   TDES3_IP_HDR_ERROR | TDES3_ERROR_SUMMARY, "version 5: IHE, ES");
	cs_check(c, want, len, "version 5: header checksum inserted, L4 untouched");
	/* IHL 4, and an IHL past the frame's end: IHE, nothing inserted. */
	len = build(in, want, false, 17, 30, 0, 0, 20);
	in[14] = 0x44;
	CHECK_EQ_U(cs_send(c, in, len, DWMAC4_TDES3_CIC_FULL, NULL, 0),
		   TDES3_IP_HDR_ERROR | TDES3_ERROR_SUMMARY, "IHL 4: IHE");
	cs_check(c, in, len, "IHL 4: untouched");
	CHECK_EQ_U(cs_send(c, in, 14 + 16, DWMAC4_TDES3_CIC_ONLY_IP, NULL, 0),
		   TDES3_IP_HDR_ERROR | TDES3_ERROR_SUMMARY, "cut header: IHE");
	cs_check(c, in, 14 + 16, "header cut short: untouched");
	/* IPv6 whose hop-by-hop header runs past the frame: IHE. */
	len = build(in, want, true, 17, 8, 0, 1, 0);
	in[14 + 40 + 1] = 200;
	CHECK_EQ_U(cs_send(c, in, len, DWMAC4_TDES3_CIC_FULL, NULL, 0),
		   TDES3_IP_HDR_ERROR | TDES3_ERROR_SUMMARY, "IPv6 extension: IHE");
	cs_check(c, in, len, "IPv6 extension past the end: untouched");

	/*
	 * The frame ends 10 bytes before the IP length: PCE; the checksum of
	 * what arrived is inserted, the pseudo-header with the IP length.
	 */
	len = build(in, want, false, 6, 60, 0, 0, 20);
	l4 = 14 + 20;
	memcpy(want, in, len - 10);
	ref_ipv4_hdr(want + 14);
	ref_l4(want + l4, len - 10 - l4, 16, want + 14 + 12, 4, len - l4, 6);
	CHECK_EQ_U(cs_send(c, in, len - 10, DWMAC4_TDES3_CIC_FULL, NULL, 0),
		   TDES3_PAYLOAD_ERROR | TDES3_ERROR_SUMMARY, "short frame: PCE");
	cs_check(c, want, len - 10, "short frame: what arrived is summed");
	/* The same with IPv6. */
	len = build(in, want, true, 17, 60, 0, 0, 0);
	l4 = 14 + 40;
	memcpy(want, in, len - 7);
	ref_l4(want + l4, len - 7 - l4, 6, want + 14 + 8, 16, len - l4, 17);
	CHECK_EQ_U(cs_send(c, in, len - 7, DWMAC4_TDES3_CIC_FULL, NULL, 0),
		   TDES3_PAYLOAD_ERROR | TDES3_ERROR_SUMMARY, "short IPv6: PCE");
	cs_check(c, want, len - 7, "short IPv6 frame: what arrived is summed");

	/* Ethernet padding after the datagram: not summed, no error. */
	len = build(in, want, false, 17, 6, 0, 0, 20);
	memset(in + len, 0xa5, 12);
	memset(want + len, 0xa5, 12);
	CHECK_EQ_U(cs_send(c, in, len + 12, DWMAC4_TDES3_CIC_FULL, NULL, 0), 0,
		   "padding: no error");
	cs_check(c, want, len + 12, "padding not summed, sent as it is");

	st = stats(&c->f);
	CHECK_EQ_U(st.tx_csum_hdr_err - st0.tx_csum_hdr_err, 4, "IHE counted");
	CHECK_EQ_U(st.tx_csum_payload_err - st0.tx_csum_payload_err, 2,
		   "PCE counted");
}

/* MTL in threshold mode (TSF clear): the engine is bypassed, counted. */
static void
test_csum_cut_through(void)
{
	struct cs_fix c;
	uint8_t in[CS_MAX], want[CS_MAX];
	uint32_t len;

	cs_init(&c, false);
	len = build(in, want, false, 6, 200, 0, 0, 20);
	CHECK_EQ_U(cs_send(&c, in, len, DWMAC4_TDES3_CIC_FULL, NULL, 0), 0,
		   "cut-through: no error");
	cs_check(&c, in, len, "cut-through: sent unmodified");
	CHECK_EQ_U(stats(&c.f).tx_csum_cut_through, 1, "cut-through counted");
	CHECK_EQ_U(stats(&c.f).tx_csum_frames, 0, "engine did not run");
	dwmac4_model_write32(c.f.m, MTL_CHAN_TX_OP_MODE(0), TSF_ON);
	cs_send(&c, in, len, DWMAC4_TDES3_CIC_FULL, NULL, 0);
	cs_check(&c, want, len, "store and forward: checksums inserted");
	CHECK_EQ_U(stats(&c.f).violations, 0, "no violations");
	fix_fini(&c.f);
}

/*
 * Random datagrams (protocol, family, tag, options or extension headers,
 * payload length, buffer cuts) against the reference.
 */
static void
test_csum_random(struct cs_fix *c)
{
	static const uint8_t protos[] = { 6, 17 };
	uint8_t in[CS_MAX], want[CS_MAX];
	unsigned int i, bad = 0;

	for (i = 0; i < 2000; i++) {
		bool v6 = harness_rand() & 1;
		uint8_t proto = protos[harness_rand() % 2];
		uint32_t len, cuts[3], n = 0, k;
		struct model_fixture_qsink *q = c->f.sink;

		len = build(in, want, v6, proto, (uint32_t)(harness_rand() % 1400),
			    (unsigned int)(harness_rand() % 2),
			    v6 ? (unsigned int)(harness_rand() % 3) : 0,
			    v6 ? 0 : 20 + 4 * (uint32_t)(harness_rand() % 11));
		for (k = 0; k < 3; k++) {
			uint32_t at = 1 + (uint32_t)(harness_rand() % (len - 1));

			if (harness_rand() & 1 && (n == 0 || at > cuts[n - 1]))
				cuts[n++] = at;
		}
		if (cs_send(c, in, len, DWMAC4_TDES3_CIC_FULL, cuts, n) != 0 ||
		    q->len[q->n - 1] != cs_wire_len(len) ||
		    memcmp(q->frame[q->n - 1], want, len) != 0)
			bad++;
		cs_check(c, want, len, "random");
	}
	CHECK_EQ_U(bad, 0, "random datagrams equal to the reference");
}

static void
test_tx_csum(void)
{
	struct cs_fix c;

	cs_init(&c, true);
	test_csum_golden(&c);
	test_csum_inserted(&c);
	test_csum_modes(&c);
	test_csum_zero(&c);
	test_csum_bypassed(&c);
	test_csum_errors(&c);
	test_csum_random(&c);
	CHECK(stats(&c.f).tx_csum_frames > 2000, "engine ran (%" PRIu64 ")",
	      stats(&c.f).tx_csum_frames);
	CHECK_EQ_U(stats(&c.f).violations, 0, "no violations (%s)",
		   dwmac4_model_last_violation(c.f.m));
	fix_fini(&c.f);
	test_csum_cut_through();
}

/* A PAUSE frame of @p quanta to 01:80:c2:00:00:01, 60 bytes. */
static size_t
pause_frame(uint8_t *b, uint16_t quanta)
{
	static const uint8_t hdr[16] = { 0x01, 0x80, 0xc2, 0, 0, 0x01,
					 0x02, 0, 0, 0, 0, 0x09, 0x88, 0x08,
					 0x00, 0x01 };

	memset(b, 0, 60);
	memcpy(b, hdr, sizeof(hdr));
	b[16] = (uint8_t)(quanta >> 8);
	b[17] = (uint8_t)quanta;
	return 60;
}

/*
 * 802.3x on receive, on the manual clock: with RFE a PAUSE frame of 10
 * quanta stops the transmitter for 10 x 512 bit times at 1000 Mbit/s
 * (5120 ns) and never reaches the host (PCF 00); without RFE the frame
 * is still kept from the host and the transmitter runs on.
 */
static void
test_pause_rx(void)
{
	struct model_fixture_qsrc *src;
	uint8_t frame[64];
	struct fix f;
	int rfe;

	for (rfe = 1; rfe >= 0; rfe--) {
		src = model_fixture_qsrc_create(true);
		fix_init_src(&f, 8, true, &src->base);
		if (rfe)
			dwmac4_model_write32(f.m, GMAC_RX_FLOW_CTRL,
					     GMAC_RX_FLOW_CTRL_RFE);
		model_fixture_qsrc_push(src, frame, pause_frame(frame, 10));
		dwmac4_model_step(f.m, 8);
		CHECK_EQ_U(stats(&f).rx_pause_frames, (uint64_t)rfe,
			   "pause (RFE %d): acted on", rfe);
		CHECK_EQ_U(stats(&f).rx_control_filtered, 1,
			   "pause (RFE %d): kept from the host", rfe);
		arm(&f, 0, 0, 60, FDLD, 60);
		tail(&f, 1);
		if (rfe) {
			CHECK_EQ_U(dwmac4_model_step(f.m, 8), 0,
				   "pause: the transmitter waits");
			dwmac4_model_clock_advance(f.m, 5119);
			CHECK_EQ_U(dwmac4_model_step(f.m, 8), 0,
				   "pause: still, 1 ns before the end");
			dwmac4_model_clock_advance(f.m, 1);
		}
		CHECK_EQ_U(dwmac4_model_step(f.m, 8), 1, "pause (RFE %d): sent", rfe);
		CHECK_EQ_U(f.sink->n, 1, "pause (RFE %d): at the sink", rfe);
		fix_fini(&f);
	}
}

int
main(void)
{
	harness_seed_from_env(0x5eed0002);
	test_single_and_multi();
	test_no_sink();
	test_runt_padding();
	test_bad_descriptors();
	test_ring_outside();
	test_tx_csum();
	test_pause_rx();
	return harness_result("test_model_tx");
}
