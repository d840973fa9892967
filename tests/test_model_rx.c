/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * dwmac4 model, receive side, in step mode (plus one thread-mode test):
 * descriptor write-back words, packet bytes with the FCS, the checksum
 * engine's RDES1, RBU and the missed-frame counter, flow control,
 * multi-descriptor frames, the MAC filter, DIS_TCP_EF, the DMA window and
 * the driver protocol violations; the timestamp unit's RX side (PTP
 * status in RDES1, the snapshot table, context descriptors). Frames come from a queue source local to
 * this file; checksums and the CRC are recomputed here independently.
 */
#include <errno.h>
#include <sched.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "dwmac4_desc.h"
#include "dwmac4_model.h"
#include "dwmac4_regs.h"
#include "harness.h"
#include "model_fixture.h"
#include "model_traffic.h"

/* ---- Independent reference: RFC 1071 checksum ---- */

static uint16_t
ref_csum(const uint8_t *p, size_t len)
{
	uint32_t sum = 0;
	size_t i;

	for (i = 0; i + 1 < len; i += 2)
		sum += (uint32_t)p[i] << 8 | p[i + 1];
	if (len & 1)
		sum += (uint32_t)p[len - 1] << 8;
	while (sum >> 16)
		sum = (sum & 0xffff) + (sum >> 16);
	return (uint16_t)~sum;
}

/* ---- Frame builder ---- */

static const uint8_t model_mac[6] = { 0x02, 0x00, 0x00, 0x00, 0x00, 0x01 };
static const uint8_t peer_mac[6] = { 0x02, 0x00, 0x00, 0x00, 0x00, 0x02 };

struct pkt {
	bool v6, vlan, bad_ip, bad_l4, udp_zero, frag, hbh;
	uint8_t proto;		/* 17, 6, 1 */
	unsigned int payload;	/* L4 payload bytes */
	unsigned int pad;	/* non-zero bytes after the IP datagram */
	const uint8_t *dst;	/* NULL: the model's MAC */
};

static void
put16(uint8_t *p, uint16_t v)
{
	p[0] = (uint8_t)(v >> 8);
	p[1] = (uint8_t)v;
}

/* L4 checksum over a pseudo-header built byte by byte. */
static uint16_t
l4_csum(const uint8_t *src, const uint8_t *dst, unsigned int alen,
	uint8_t proto, const uint8_t *l4, unsigned int l4len)
{
	static uint8_t tmp[20000];
	unsigned int o = 0;

	memcpy(tmp, src, alen);
	memcpy(tmp + alen, dst, alen);
	o = 2 * alen;
	if (alen == 4) {
		tmp[o++] = 0;
		tmp[o++] = proto;
		put16(tmp + o, (uint16_t)l4len);
		o += 2;
	} else {
		tmp[o++] = 0;
		tmp[o++] = 0;
		put16(tmp + o, (uint16_t)l4len);
		o += 2;
		tmp[o++] = 0;
		tmp[o++] = 0;
		tmp[o++] = 0;
		tmp[o++] = proto;
	}
	memcpy(tmp + o, l4, l4len);
	return ref_csum(tmp, o + l4len);
}

static size_t
build_pkt(uint8_t *b, const struct pkt *o)
{
	unsigned int l2 = 14, l3len, l4hdr, l4len, ext = o->hbh ? 8 : 0, i;
	uint8_t *ip, *l4;
	uint16_t c;

	memcpy(b, o->dst ? o->dst : model_mac, 6);
	memcpy(b + 6, peer_mac, 6);
	if (o->vlan) {
		put16(b + 12, 0x8100);
		put16(b + 14, 0x0064);	/* VID 100 */
		l2 = 18;
	}
	put16(b + l2 - 2, o->v6 ? 0x86dd : 0x0800);
	ip = b + l2;
	l4hdr = o->proto == 6 ? 20 : 8;
	l4len = l4hdr + o->payload;
	if (!o->v6) {
		l3len = 20;
		memset(ip, 0, 20);
		ip[0] = 0x45;
		put16(ip + 2, (uint16_t)(20 + l4len));
		put16(ip + 4, 0x1234);
		if (o->frag)
			put16(ip + 6, 0x2000);	/* MF, first fragment */
		ip[8] = 64;
		ip[9] = o->proto;
		ip[12] = 198, ip[13] = 18, ip[14] = 0, ip[15] = 1;
		ip[16] = 198, ip[17] = 18, ip[18] = 0, ip[19] = 2;
		c = ref_csum(ip, 20);
		put16(ip + 10, o->bad_ip ? (uint16_t)(c ^ 0x0101) : c);
	} else {
		l3len = 40 + ext;
		memset(ip, 0, l3len);
		ip[0] = 0x60;
		put16(ip + 4, (uint16_t)(ext + l4len));
		ip[6] = o->hbh ? 0 : o->proto;
		ip[7] = 64;
		ip[8] = 0x20, ip[9] = 0x01, ip[10] = 0x0d, ip[11] = 0xb8;
		ip[23] = 1;
		ip[24] = 0x20, ip[25] = 0x01, ip[26] = 0x0d, ip[27] = 0xb8;
		ip[39] = 2;
		if (o->hbh)
			ip[40] = o->proto;	/* HBH: next header, len 0 */
	}
	l4 = ip + l3len;
	memset(l4, 0, l4hdr);
	put16(l4, 4000);
	put16(l4 + 2, 5000);
	for (i = 0; i < o->payload; i++)
		l4[l4hdr + i] = (uint8_t)harness_rand();
	if (o->proto == 17)
		put16(l4 + 4, (uint16_t)l4len);
	else if (o->proto == 6)
		l4[12] = 0x50;
	if (o->proto == 1) {
		l4[0] = 8;	/* echo request */
		l4[1] = 0;
		put16(l4 + 2, 0);	/* the sum covers a zero checksum field */
		c = ref_csum(l4, l4len);
		put16(l4 + 2, c);
	} else if (!o->udp_zero) {
		c = o->v6 ? l4_csum(ip + 8, ip + 24, 16, o->proto, l4, l4len) :
			l4_csum(ip + 12, ip + 16, 4, o->proto, l4, l4len);
		if (o->proto == 17 && c == 0)
			c = 0xffff;
		if (o->bad_l4)
			c ^= 0x0808;
		put16(l4 + (o->proto == 6 ? 16 : 6), c);
	}
	for (i = 0; i < o->pad; i++)
		l4[l4len + i] = (uint8_t)(0xa5 ^ i);
	return l2 + l3len + l4len + o->pad;
}

/* ---- A minimal driver: memory, ring, arming ---- */

#define ARENA_SIZE (1u << 20)
#define ARENA_IOVA 0x40000000ull	/* deliberately not the VA */
#define RING_OFF 0u
#define BUF_OFF 0x10000u
#define BUF_STRIDE 0x4000u
#define SENTINEL 0xaau

struct fix {
	struct dwmac4_model *m;
	struct model_fixture_qsrc *src;
	uint8_t *arena;
	struct dwmac4_desc *ring;
	unsigned int n;
	uint32_t rbsz;
	unsigned int buf_shift;	/* extra offset of every buffer */
};

static uint64_t
iova_of(const struct fix *f, const void *p)
{
	return ARENA_IOVA + (uint64_t)((const uint8_t *)p - f->arena);
}

static uint8_t *
buf_va(const struct fix *f, unsigned int i)
{
	return f->arena + BUF_OFF + i * BUF_STRIDE + f->buf_shift;
}

static uint64_t
ring_iova(const struct fix *f)
{
	return iova_of(f, f->ring);
}

static void
arm(struct fix *f, unsigned int i)
{
	uint64_t a = iova_of(f, buf_va(f, i));

	f->ring[i].des0 = (uint32_t)a;
	f->ring[i].des1 = (uint32_t)(a >> 32);
	f->ring[i].des2 = 0;
	__atomic_store_n(&f->ring[i].des3, RDES3_OWN |
			 RDES3_BUFFER1_VALID_ADDR | RDES3_INT_ON_COMPLETION_EN,
			 __ATOMIC_RELEASE);
}

static void
tail(struct fix *f, unsigned int t)
{
	dwmac4_model_write32(f->m, DMA_CHAN_RX_END_ADDR(0),
			     (uint32_t)(ring_iova(f) + 16u * t));
}

struct fix_opts {
	unsigned int n;
	uint32_t rbsz;
	unsigned int armed;	/* descriptors armed before start */
	bool flow_control;
	bool finite;
	uint32_t cfg;		/* extra GMAC_CONFIG bits */
	bool no_dis_tcp_ef;
	enum model_dma_store store;
	unsigned int buf_shift;
	unsigned int wb_batch;
	bool rpf;		/* DMA flushes a frame that finds no descriptor */
	unsigned int mtl_queues;	/* 0: 1 */
};

static void
fix_init(struct fix *f, const struct fix_opts *o)
{
	struct dwmac4_model_params p;
	unsigned int i;
	void *mem;

	memset(f, 0, sizeof(*f));
	if (posix_memalign(&mem, 4096, ARENA_SIZE) != 0)
		abort();
	f->arena = mem;
	memset(f->arena, SENTINEL, ARENA_SIZE);
	f->ring = (struct dwmac4_desc *)(void *)(f->arena + RING_OFF);
	f->n = o->n ? o->n : 8;
	f->rbsz = o->rbsz ? o->rbsz : 2048;
	f->buf_shift = o->buf_shift;
	memset(f->ring, 0, f->n * sizeof(*f->ring));
	f->src = model_fixture_qsrc_create(o->finite);
	dwmac4_model_params_init(&p);
	p.flow_control = o->flow_control;
	p.rx_src = &f->src->base;
	p.dma_store = o->store;
	p.wb_batch = o->wb_batch;
	if (o->mtl_queues != 0)
		p.mtl_queues = o->mtl_queues;
	f->m = dwmac4_model_create(&p);
	CHECK(f->m != NULL, "create: %s", strerror(errno));
	CHECK_EQ_U(dwmac4_model_dma_map(f->m, f->arena, ARENA_IOVA,
					ARENA_SIZE), 0, "dma_map");
	dwmac4_model_write32(f->m, GMAC_CONFIG, GMAC_CONFIG_DM | GMAC_CONFIG_RE |
			     GMAC_CONFIG_TE | GMAC_CONFIG_IPC | o->cfg);
	if (!o->no_dis_tcp_ef)
		dwmac4_model_write32(f->m, MTL_CHAN_RX_OP_MODE(0),
				     MTL_OP_MODE_DIS_TCP_EF);
	/* Several queues: queue 0 enabled for generic traffic, as a driver does. */
	if (o->mtl_queues > 1)
		dwmac4_model_write32(f->m, GMAC_RXQ_CTRL0,
				     GMAC_RX_DCB_QUEUE_ENABLE(0));
	for (i = 0; i < o->armed; i++)
		arm(f, i);
	dwmac4_model_write32(f->m, DMA_CHAN_RX_BASE_ADDR_HI(0),
			     (uint32_t)(ring_iova(f) >> 32));
	dwmac4_model_write32(f->m, DMA_CHAN_RX_BASE_ADDR(0),
			     (uint32_t)ring_iova(f));
	dwmac4_model_write32(f->m, DMA_CHAN_RX_RING_LEN(0),
			     DWMAC4_DMA_RING_LEN(f->n));
	tail(f, o->armed);
	dwmac4_model_write32(f->m, DMA_CHAN_RX_CONTROL(0), DMA_CONTROL_SR | MODEL_FIXTURE_PBL |
			     (o->rpf ? DWMAC4_DMA_CONTROL_RPF : 0) |
			     (f->rbsz << DMA_RBSZ_SHIFT));
}

static void
fix_fini(struct fix *f)
{
	dwmac4_model_destroy(f->m);
	free(f->arena);
}

static struct dwmac4_model_stats
stats(struct fix *f)
{
	struct dwmac4_model_stats st;

	dwmac4_model_get_stats(f->m, &st);
	return st;
}

static void
check_no_violation(struct fix *f, const char *test)
{
	struct dwmac4_model_stats st = stats(f);

	CHECK_EQ_U(st.violations, 0, "%s: violations (%s)", test,
		   dwmac4_model_last_violation(f->m));
}

static uint32_t
des3_of(struct fix *f, unsigned int i)
{
	return __atomic_load_n(&f->ring[i].des3, __ATOMIC_ACQUIRE);
}

/* Buffer i holds frame || FCS (or just frame when stripped). */
static void
check_data(struct fix *f, unsigned int i, const uint8_t *frame, size_t len,
	   bool fcs, const char *test)
{
	uint8_t *b = buf_va(f, i);
	uint32_t crc = model_fixture_crc32(frame, len);
	uint8_t want[4] = { (uint8_t)crc, (uint8_t)(crc >> 8),
			    (uint8_t)(crc >> 16), (uint8_t)(crc >> 24) };

	CHECK(memcmp(b, frame, len) == 0, "%s: packet bytes", test);
	if (fcs) {
		CHECK(memcmp(b + len, want, 4) == 0, "%s: FCS bytes", test);
		CHECK_EQ_U(b[len + 4], SENTINEL, "%s: nothing after FCS", test);
	} else {
		CHECK_EQ_U(b[len], SENTINEL, "%s: nothing after frame", test);
	}
}

/* ---- Tests ---- */

/* One frame, one descriptor; RDES0..3 exact; RDES1 per case. */
static void
rx_one(const char *name, const struct pkt *pk, uint32_t cfg, uint32_t rdes1,
       bool rs1v)
{
	struct fix_opts o = { .armed = 4, .cfg = cfg };
	bool strip = cfg & (GMAC_CONFIG_CST | GMAC_CONFIG_ACS);
	uint8_t frame[2048];
	struct fix f;
	size_t len;
	uint32_t want3;

	fix_init(&f, &o);
	if (!rs1v)
		dwmac4_model_write32(f.m, GMAC_CONFIG, GMAC_CONFIG_DM | GMAC_CONFIG_RE |
				     GMAC_CONFIG_TE | cfg);
	len = build_pkt(frame, pk);
	model_fixture_qsrc_push(f.src, frame, len);
	CHECK_EQ_U(dwmac4_model_step(f.m, 16), 1, "%s: frames moved", name);
	want3 = RDES3_FIRST_DESCRIPTOR | RDES3_LAST_DESCRIPTOR |
		(uint32_t)(len + (strip ? 0 : 4));
	if (rs1v)
		want3 |= RDES3_RDES1_VALID;
	CHECK_EQ_U(f.ring[0].des0, 0, "%s: RDES0", name);
	CHECK_EQ_U(f.ring[0].des1, rdes1, "%s: RDES1", name);
	CHECK_EQ_U(f.ring[0].des2, 0, "%s: RDES2", name);
	CHECK_EQ_U(des3_of(&f, 0), want3, "%s: RDES3", name);
	CHECK(des3_of(&f, 1) & RDES3_OWN, "%s: next still owned", name);
	check_data(&f, 0, frame, len, !strip, name);
	CHECK_EQ_U(stats(&f).rx_delivered, 1, "%s: delivered", name);
	CHECK_EQ_U(stats(&f).rx_offered, 1, "%s: offered", name);
	CHECK(dwmac4_model_read32(f.m, DMA_CHAN_STATUS(0)) &
	      DMA_CHAN_STATUS_RI, "%s: RI", name);
	CHECK_EQ_U(dwmac4_model_read32(f.m, DMA_CHAN_CUR_RX_DESC(0)),
		   (uint32_t)ring_iova(&f) + 16, "%s: current descriptor", name);
	check_no_violation(&f, name);
	fix_fini(&f);
}

static void
test_writeback_and_ipc(void)
{
	struct pkt udp4 = { .proto = 17, .payload = 100 };
	struct pkt pk;

	rx_one("udp4", &udp4, 0, RDES1_IPV4_HEADER | DWMAC4_RDES1_PT_UDP, true);
	rx_one("udp4 CST", &udp4, GMAC_CONFIG_CST,
	       RDES1_IPV4_HEADER | DWMAC4_RDES1_PT_UDP, true);
	rx_one("udp4 ACS", &udp4, GMAC_CONFIG_ACS,
	       RDES1_IPV4_HEADER | DWMAC4_RDES1_PT_UDP, true);
	rx_one("udp4 IPC off", &udp4, 0, 0, false);
	pk = (struct pkt){ .proto = 6, .payload = 333 };
	rx_one("tcp4", &pk, 0, RDES1_IPV4_HEADER | DWMAC4_RDES1_PT_TCP, true);
	pk = (struct pkt){ .proto = 17, .payload = 64, .bad_ip = true };
	rx_one("bad ip header", &pk, 0, RDES1_IPV4_HEADER |
	       RDES1_IP_HDR_ERROR | DWMAC4_RDES1_PT_UDP, true);
	pk = (struct pkt){ .proto = 17, .payload = 64, .bad_l4 = true };
	rx_one("bad udp", &pk, 0, RDES1_IPV4_HEADER | RDES1_IP_PAYLOAD_ERROR |
	       DWMAC4_RDES1_PT_UDP, true);
	pk = (struct pkt){ .proto = 6, .payload = 65, .bad_l4 = true };
	rx_one("bad tcp", &pk, 0, RDES1_IPV4_HEADER | RDES1_IP_PAYLOAD_ERROR |
	       DWMAC4_RDES1_PT_TCP, true);
	pk = (struct pkt){ .proto = 17, .payload = 64, .udp_zero = true };
	rx_one("udp4 csum 0", &pk, 0, RDES1_IPV4_HEADER | DWMAC4_RDES1_PT_UDP,
	       true);
	pk = (struct pkt){ .proto = 17, .payload = 3, .pad = 9 };
	rx_one("udp4 padded", &pk, 0, RDES1_IPV4_HEADER | DWMAC4_RDES1_PT_UDP,
	       true);
	pk = (struct pkt){ .proto = 1, .payload = 56 };
	rx_one("icmp4", &pk, 0, RDES1_IPV4_HEADER | DWMAC4_RDES1_PT_ICMP,
	       true);
	pk = (struct pkt){ .proto = 17, .payload = 200, .frag = true };
	rx_one("fragment", &pk, 0, RDES1_IPV4_HEADER | RDES1_IP_CSUM_BYPASSED,
	       true);
	pk = (struct pkt){ .proto = 17, .payload = 100, .vlan = true };
	rx_one("vlan udp4", &pk, 0, RDES1_IPV4_HEADER | DWMAC4_RDES1_PT_UDP,
	       true);
	pk = (struct pkt){ .proto = 6, .payload = 100, .vlan = true,
			   .bad_l4 = true };
	rx_one("vlan bad tcp4", &pk, 0, RDES1_IPV4_HEADER |
	       RDES1_IP_PAYLOAD_ERROR | DWMAC4_RDES1_PT_TCP, true);
	pk = (struct pkt){ .v6 = true, .proto = 17, .payload = 100 };
	rx_one("udp6", &pk, 0, RDES1_IPV6_HEADER | DWMAC4_RDES1_PT_UDP, true);
	pk = (struct pkt){ .v6 = true, .proto = 6, .payload = 100,
			   .bad_l4 = true };
	rx_one("bad tcp6", &pk, 0, RDES1_IPV6_HEADER | RDES1_IP_PAYLOAD_ERROR |
	       DWMAC4_RDES1_PT_TCP, true);
	pk = (struct pkt){ .v6 = true, .proto = 17, .payload = 20, .pad = 3 };
	rx_one("udp6 padded", &pk, 0, RDES1_IPV6_HEADER | DWMAC4_RDES1_PT_UDP,
	       true);
	pk = (struct pkt){ .v6 = true, .proto = 17, .payload = 100,
			   .hbh = true };
	rx_one("udp6 hop-by-hop", &pk, 0, RDES1_IPV6_HEADER |
	       RDES1_IP_CSUM_BYPASSED, true);
}

static void
test_non_ip(void)
{
	struct fix_opts o = { .armed = 2 };
	uint8_t arp[60];
	struct fix f;

	fix_init(&f, &o);
	memset(arp, 0, sizeof(arp));
	memset(arp, 0xff, 6);
	memcpy(arp + 6, peer_mac, 6);
	put16(arp + 12, 0x0806);
	model_fixture_qsrc_push(f.src, arp, sizeof(arp));
	CHECK_EQ_U(dwmac4_model_step(f.m, 4), 1, "arp moved");
	CHECK_EQ_U(f.ring[0].des1, 0, "arp: RDES1");
	CHECK_EQ_U(des3_of(&f, 0), RDES3_FIRST_DESCRIPTOR |
		   RDES3_LAST_DESCRIPTOR | RDES3_RDES1_VALID | 64, "arp: RDES3");
	check_data(&f, 0, arp, sizeof(arp), true, "arp");
	check_no_violation(&f, "arp");
	fix_fini(&f);
}

/* A frame over several descriptors; @p armed of them available. */
static void
test_multi_desc(void)
{
	struct fix_opts o = { .armed = 8, .rbsz = 256 };
	struct pkt pk = { .proto = 17, .payload = 600 - 42 };
	uint8_t frame[2048], all[2048];
	struct fix f;
	size_t len;
	uint32_t crc;

	fix_init(&f, &o);
	len = build_pkt(frame, &pk);	/* 600 bytes, 604 with FCS */
	model_fixture_qsrc_push(f.src, frame, len);
	CHECK_EQ_U(dwmac4_model_step(f.m, 4), 1, "multi: moved");
	CHECK_EQ_U(des3_of(&f, 0), RDES3_FIRST_DESCRIPTOR | 256, "multi: d0");
	CHECK_EQ_U(des3_of(&f, 1), 512, "multi: d1");
	CHECK_EQ_U(des3_of(&f, 2), RDES3_LAST_DESCRIPTOR | RDES3_RDES1_VALID |
		   604, "multi: d2");
	CHECK_EQ_U(f.ring[0].des1, 0, "multi: RDES1 of d0");
	CHECK_EQ_U(f.ring[1].des1, 0, "multi: RDES1 of d1");
	CHECK_EQ_U(f.ring[2].des1, RDES1_IPV4_HEADER | DWMAC4_RDES1_PT_UDP,
		   "multi: RDES1 of d2");
	CHECK(des3_of(&f, 3) & RDES3_OWN, "multi: d3 untouched");
	memcpy(all, buf_va(&f, 0), 256);
	memcpy(all + 256, buf_va(&f, 1), 256);
	memcpy(all + 512, buf_va(&f, 2), 92);
	crc = model_fixture_crc32(frame, len);
	CHECK(memcmp(all, frame, len) == 0, "multi: bytes");
	CHECK_EQ_U((uint32_t)all[600] | (uint32_t)all[601] << 8 |
		   (uint32_t)all[602] << 16 | (uint32_t)all[603] << 24, crc,
		   "multi: FCS");
	CHECK_EQ_U(buf_va(&f, 2)[92], SENTINEL, "multi: buffer tail");

	/* Exactly two buffers (508 + FCS = 512): no third descriptor. */
	pk.payload = 508 - 42;
	len = build_pkt(frame, &pk);
	model_fixture_qsrc_push(f.src, frame, len);
	CHECK_EQ_U(dwmac4_model_step(f.m, 4), 1, "exact: moved");
	CHECK_EQ_U(des3_of(&f, 3), RDES3_FIRST_DESCRIPTOR | 256, "exact: d3");
	CHECK_EQ_U(des3_of(&f, 4), RDES3_LAST_DESCRIPTOR | RDES3_RDES1_VALID |
		   512, "exact: d4");
	CHECK(des3_of(&f, 5) & RDES3_OWN, "exact: d5 untouched");
	CHECK_EQ_U(dwmac4_model_read32(f.m, DMA_CHAN_CUR_RX_DESC(0)),
		   (uint32_t)ring_iova(&f) + 5 * 16, "exact: current");
	check_no_violation(&f, "multi");
	fix_fini(&f);

	/*
	 * Not enough descriptors, RPF (flush on RBU): closed with ES | OE.
	 * Without RPF the frame waits for a third one (below, with flow
	 * control: the same on the DMA side).
	 */
	o.armed = 2;
	o.rpf = true;
	fix_init(&f, &o);
	pk.payload = 600 - 42;
	len = build_pkt(frame, &pk);
	model_fixture_qsrc_push(f.src, frame, len);
	CHECK_EQ_U(dwmac4_model_step(f.m, 4), 1, "overflow: moved");
	CHECK_EQ_U(des3_of(&f, 0), RDES3_FIRST_DESCRIPTOR | 256,
		   "overflow: d0");
	CHECK_EQ_U(des3_of(&f, 1), RDES3_LAST_DESCRIPTOR | RDES3_RDES1_VALID |
		   RDES3_ERROR_SUMMARY | RDES3_OVERFLOW_ERROR | 512,
		   "overflow: d1");
	CHECK_EQ_U(stats(&f).rx_delivered_err, 1, "overflow: delivered_err");
	CHECK_EQ_U(stats(&f).rx_delivered, 1, "overflow: delivered");
	check_no_violation(&f, "overflow");
	fix_fini(&f);

	/* Without RPF (the reset value) the frame waits for a third one. */
	o.flow_control = true;
	o.rpf = false;
	fix_init(&f, &o);
	model_fixture_qsrc_push(f.src, frame, len);
	CHECK_EQ_U(dwmac4_model_step(f.m, 4), 0, "fc multi: waits");
	CHECK_EQ_U(des3_of(&f, 0), RDES3_FIRST_DESCRIPTOR | 256,
		   "fc multi: d0 closed");
	CHECK(des3_of(&f, 1) & RDES3_OWN, "fc multi: d1 held");
	CHECK(!dwmac4_model_rx_idle(f.m), "fc multi: not idle");
	arm(&f, 2);
	tail(&f, 3);
	CHECK_EQ_U(dwmac4_model_step(f.m, 4), 1, "fc multi: done");
	CHECK_EQ_U(des3_of(&f, 1), 512, "fc multi: d1");
	CHECK_EQ_U(des3_of(&f, 2), RDES3_LAST_DESCRIPTOR | RDES3_RDES1_VALID |
		   604, "fc multi: d2");
	CHECK_EQ_U(stats(&f).rx_delivered_err, 0, "fc multi: no error");
	check_no_violation(&f, "fc multi");
	fix_fini(&f);
}

/*
 * RPF set: a frame that finds no armed descriptor is flushed by the DMA
 * and counted in DMA_CHx_Miss_Frame_Cnt (test_mtl_queue: without RPF it
 * waits in the MTL queue).
 */
static void
test_rbu_and_missed(void)
{
	struct fix_opts o = { .n = 4, .rpf = true };
	struct pkt pk = { .proto = 17, .payload = 50 };
	uint8_t frame[256];
	struct fix f;
	size_t len;
	unsigned int i;
	uint32_t st;

	fix_init(&f, &o);
	len = build_pkt(frame, &pk);
	for (i = 0; i < 3; i++)
		model_fixture_qsrc_push(f.src, frame, len);
	CHECK_EQ_U(dwmac4_model_step(f.m, 16), 3, "rbu: moved");
	CHECK_EQ_U(stats(&f).rx_missed, 3, "rbu: stats missed");
	CHECK_EQ_U(stats(&f).rx_delivered, 0, "rbu: delivered");
	st = dwmac4_model_read32(f.m, DMA_CHAN_STATUS(0));
	CHECK_EQ_U(st, DMA_CHAN_STATUS_RBU | DMA_CHAN_STATUS_AIS, "rbu: status");
	CHECK_EQ_U(dwmac4_model_read32(f.m, DMA_STATUS),
		   DWMAC4_DMA_STATUS_CHAN(0), "rbu: DMA_STATUS summary");
	CHECK_EQ_U(dwmac4_model_read32(f.m, DMA_CHAN_MISS_FRAME_CNT(0)), 3,
		   "rbu: missed counter");
	CHECK_EQ_U(dwmac4_model_read32(f.m, DMA_CHAN_MISS_FRAME_CNT(0)), 0,
		   "rbu: counter cleared by read");
	dwmac4_model_write32(f.m, DMA_CHAN_STATUS(0), st);
	CHECK_EQ_U(dwmac4_model_read32(f.m, DMA_CHAN_STATUS(0)), 0,
		   "rbu: W1C");

	/* Armed but no tail write yet: still suspended, frame missed. */
	arm(&f, 0);
	arm(&f, 1);
	model_fixture_qsrc_push(f.src, frame, len);
	CHECK_EQ_U(dwmac4_model_step(f.m, 16), 1, "suspended: moved");
	CHECK_EQ_U(stats(&f).rx_missed, 4, "suspended: missed");
	/* The tail write resumes the engine. */
	tail(&f, 2);
	model_fixture_qsrc_push(f.src, frame, len);
	model_fixture_qsrc_push(f.src, frame, len);
	CHECK_EQ_U(dwmac4_model_step(f.m, 16), 2, "resumed: moved");
	CHECK_EQ_U(stats(&f).rx_delivered, 2, "resumed: delivered");
	st = dwmac4_model_read32(f.m, DMA_CHAN_STATUS(0));
	CHECK_EQ_U(st, DMA_CHAN_STATUS_RI | DMA_CHAN_STATUS_NIS,
		   "resumed: status");
	/* Tail moved but the descriptor is not owned: RBU, missed. */
	memset(&f.ring[2], 0, sizeof(f.ring[2]));
	tail(&f, 3);
	model_fixture_qsrc_push(f.src, frame, len);
	CHECK_EQ_U(dwmac4_model_step(f.m, 16), 1, "not owned: moved");
	CHECK_EQ_U(stats(&f).rx_missed, 5, "not owned: missed");
	CHECK(dwmac4_model_read32(f.m, DMA_CHAN_STATUS(0)) &
	      DMA_CHAN_STATUS_RBU, "not owned: RBU");
	CHECK_EQ_U(dwmac4_model_read32(f.m, DMA_CHAN_MISS_FRAME_CNT(0)), 2,
		   "not owned: counter");
	CHECK_EQ_U(stats(&f).rx_offered, 7, "offered");
	check_no_violation(&f, "rbu");

	/* Saturation at 2047 with the overflow bit. */
	for (i = 0; i < 2050; i++)
		model_fixture_qsrc_push(f.src, frame, len);
	CHECK_EQ_U(dwmac4_model_step(f.m, 4096), 2050, "saturate: moved");
	CHECK_EQ_U(dwmac4_model_read32(f.m, DMA_CHAN_MISS_FRAME_CNT(0)),
		   DWMAC4_DMA_MISS_FRAME_CNT_MFC_MASK |
		   DWMAC4_DMA_MISS_FRAME_CNT_MFCO, "saturate: 2047 + MFCO");
	CHECK_EQ_U(dwmac4_model_read32(f.m, DMA_CHAN_MISS_FRAME_CNT(0)), 0,
		   "saturate: cleared");
	check_no_violation(&f, "saturate");
	fix_fini(&f);
}

/*
 * RPF clear (the reset value): frames that find no armed descriptor wait in
 * the MTL RX queue (16 KiB, one queue) and are delivered once descriptors
 * are armed; only frames that find the queue full are lost, counted in
 * MTL_RxQ_Missed_Packet_Overflow_Cnt (saturating at 2047, clear on read),
 * never in the DMA's missed counter.
 */
static void
test_mtl_queue(void)
{
	struct fix_opts o = { .n = 8 };
	struct pkt pk = { .proto = 17, .payload = 1000 - 42 };
	uint8_t frame[1100];
	struct fix f;
	size_t len;
	unsigned int i, fit;
	uint32_t v;

	fix_init(&f, &o);
	len = build_pkt(frame, &pk);	/* 1000 bytes, 1004 with the FCS */
	fit = 16384u / (unsigned int)(len + 4);
	for (i = 0; i < fit + 3; i++)
		model_fixture_qsrc_push(f.src, frame, len);
	/* Queued frames are progress, not frames moved; 3 overflow. */
	CHECK_EQ_U(dwmac4_model_step(f.m, 64), 3, "mtl: overflows moved");
	CHECK_EQ_U(stats(&f).rx_dropped_overflow, 3, "mtl: overflow stat");
	CHECK_EQ_U(stats(&f).rx_missed, 0, "mtl: no DMA miss");
	CHECK_EQ_U(stats(&f).rx_delivered, 0, "mtl: nothing delivered");
	CHECK(!dwmac4_model_rx_idle(f.m), "mtl: frames waiting");
	v = dwmac4_model_read32(f.m, DWMAC4_MTL_CHAN_RX_MISSED_PKT_OVF_CNT(0));
	CHECK_EQ_U(v & DWMAC4_MTL_RX_OVFPKTCNT_MASK, 3, "mtl: OVFPKTCNT");
	CHECK_EQ_U(dwmac4_model_read32(f.m,
		   DWMAC4_MTL_CHAN_RX_MISSED_PKT_OVF_CNT(0)), 0,
		   "mtl: counter cleared by read");
	CHECK_EQ_U(dwmac4_model_read32(f.m, DMA_CHAN_MISS_FRAME_CNT(0)), 0,
		   "mtl: DMA missed counter untouched");
	/* Arming descriptors drains the queue, oldest first. */
	for (i = 0; i < f.n - 1; i++)
		arm(&f, i);
	tail(&f, f.n - 1);
	CHECK_EQ_U(dwmac4_model_step(f.m, 64), f.n - 1, "mtl: delivered");
	check_data(&f, 0, frame, len, true, "mtl");
	CHECK_EQ_U(stats(&f).rx_offered, stats(&f).rx_delivered +
		   stats(&f).rx_dropped_overflow + (fit - (f.n - 1)),
		   "mtl: offered = delivered + overflow + still queued");
	check_no_violation(&f, "mtl");
	fix_fini(&f);

	/*
	 * Two MTL queues: RQS resets to 256 bytes. A frame larger than the
	 * queue never fits, flow control or not: overflow at once. Once the
	 * driver gives queue 0 half of the FIFO, it passes.
	 */
	o.flow_control = true;
	o.mtl_queues = 2;
	o.armed = 2;
	fix_init(&f, &o);
	CHECK_EQ_U(dwmac4_model_read32(f.m, MTL_CHAN_RX_OP_MODE(0)) &
		   MTL_OP_MODE_RQS_MASK, 0, "mtl 2 queues: RQS resets to 0");
	CHECK_EQ_U(dwmac4_model_read32(f.m, GMAC_HW_FEATURE2) &
		   (GMAC_HW_FEAT_RXQCNT | GMAC_HW_FEAT_TXQCNT), 1 | 1 << 6,
		   "mtl 2 queues: HW_FEATURE2 counts");
	pk.payload = 300 - 42;
	len = build_pkt(frame, &pk);
	model_fixture_qsrc_push(f.src, frame, len);
	CHECK_EQ_U(dwmac4_model_step(f.m, 4), 1, "mtl 256: moved");
	CHECK_EQ_U(stats(&f).rx_dropped_overflow, 1, "mtl 256: overflow");
	dwmac4_model_write32(f.m, MTL_CHAN_RX_OP_MODE(0), MTL_OP_MODE_DIS_TCP_EF |
			     (8192u / 256u - 1u) << MTL_OP_MODE_RQS_SHIFT);
	model_fixture_qsrc_push(f.src, frame, len);
	CHECK_EQ_U(dwmac4_model_step(f.m, 4), 1, "mtl 8K: moved");
	CHECK_EQ_U(stats(&f).rx_delivered, 1, "mtl 8K: delivered");
	check_no_violation(&f, "mtl queues");
	fix_fini(&f);
	o.mtl_queues = 0;
	o.armed = 0;

	/* Overflow counter saturation at 2047 with OVFCNTOVF. */
	o.flow_control = false;
	fix_init(&f, &o);
	pk.payload = 50;
	len = build_pkt(frame, &pk);
	/* 92-byte frames: 170 fit in the 16 KiB queue, 2130 overflow. */
	for (i = 0; i < 2300; i++)
		model_fixture_qsrc_push(f.src, frame, len);
	dwmac4_model_step(f.m, 4096);
	v = dwmac4_model_read32(f.m, DWMAC4_MTL_CHAN_RX_MISSED_PKT_OVF_CNT(0));
	CHECK_EQ_U(v, DWMAC4_MTL_RX_OVFPKTCNT_MASK | DWMAC4_MTL_RX_OVFCNTOVF,
		   "mtl: 2047 + OVFCNTOVF");
	/* Counting again; a software reset clears both counters. */
	for (i = 0; i < 300; i++)
		model_fixture_qsrc_push(f.src, frame, len);
	dwmac4_model_step(f.m, 4096);
	CHECK(dwmac4_model_peek32(f.m, DWMAC4_MTL_CHAN_RX_MISSED_PKT_OVF_CNT(0)) != 0,
	      "mtl: counting again");
	dwmac4_model_write32(f.m, DMA_CHAN_RX_CONTROL(0),
			     MODEL_FIXTURE_PBL | f.rbsz << DMA_RBSZ_SHIFT);
	dwmac4_model_write32(f.m, GMAC_CONFIG, 0);
	dwmac4_model_write32(f.m, DMA_BUS_MODE, DMA_BUS_MODE_SFT_RESET);
	CHECK_EQ_U(dwmac4_model_peek32(f.m, DWMAC4_MTL_CHAN_RX_MISSED_PKT_OVF_CNT(0)), 0,
		   "reset: OVFPKTCNT cleared");
	CHECK_EQ_U(dwmac4_model_peek32(f.m, DMA_CHAN_MISS_FRAME_CNT(0)), 0,
		   "reset: MFC cleared");
	fix_fini(&f);
}

static void
test_flow_control(void)
{
	struct fix_opts o = { .n = 8, .flow_control = true };
	struct pkt pk = { .proto = 6, .payload = 80 };
	uint8_t frame[4][256];
	size_t len[4];
	struct fix f;
	unsigned int i;

	fix_init(&f, &o);
	for (i = 0; i < 4; i++)
		len[i] = build_pkt(frame[i], &pk);
	for (i = 0; i < 3; i++)
		model_fixture_qsrc_push(f.src, frame[i], len[i]);
	CHECK_EQ_U(dwmac4_model_step(f.m, 16), 0, "fc: nothing moves");
	CHECK_EQ_U(stats(&f).rx_missed, 0, "fc: nothing missed");
	/* They wait in the MTL queue, which has room for all three. */
	CHECK_EQ_U(stats(&f).rx_offered, 3, "fc: the frames wait in the queue");
	CHECK_EQ_U(dwmac4_model_read32(f.m, DMA_CHAN_MISS_FRAME_CNT(0)), 0,
		   "fc: counter");
	CHECK(dwmac4_model_read32(f.m, DMA_CHAN_STATUS(0)) &
	      DMA_CHAN_STATUS_RBU, "fc: RBU while waiting");
	CHECK(!dwmac4_model_rx_idle(f.m), "fc: not idle");
	for (i = 0; i < 3; i++)
		arm(&f, i);
	tail(&f, 3);
	CHECK_EQ_U(dwmac4_model_step(f.m, 16), 3, "fc: all delivered");
	for (i = 0; i < 3; i++)
		check_data(&f, i, frame[i], len[i], true, "fc");

	/* Receiver off: with flow control frames wait at the source. */
	dwmac4_model_write32(f.m, GMAC_CONFIG, 0);
	model_fixture_qsrc_push(f.src, frame[3], len[3]);
	CHECK_EQ_U(dwmac4_model_step(f.m, 16), 0, "fc stopped: held");
	CHECK_EQ_U(stats(&f).rx_dropped_stopped, 0, "fc stopped: no drop");
	CHECK_EQ_U(stats(&f).rx_offered, 3, "fc stopped: not taken");
	dwmac4_model_write32(f.m, GMAC_CONFIG, GMAC_CONFIG_DM | GMAC_CONFIG_RE);
	arm(&f, 3);
	tail(&f, 4);
	CHECK_EQ_U(dwmac4_model_step(f.m, 16), 1, "fc restarted: delivered");
	check_data(&f, 3, frame[3], len[3], true, "fc restarted");
	f.src->finite = true;
	CHECK_EQ_U(dwmac4_model_step(f.m, 16), 0, "fc: source exhausted");
	CHECK(dwmac4_model_rx_idle(f.m), "fc: idle at the end");
	CHECK_EQ_U(stats(&f).rx_delivered, 4, "fc: delivered");
	CHECK_EQ_U(stats(&f).rx_missed, 0, "fc: none missed");
	check_no_violation(&f, "fc");
	fix_fini(&f);
}

/* Perfect-filter entry @p n: address @p a with the extra @p bits. */
static void
set_entry(struct fix *f, unsigned int n, const uint8_t *a, uint32_t bits)
{
	dwmac4_model_write32(f->m, GMAC_ADDR_HIGH(n),
			     bits | (uint32_t)a[5] << 8 | a[4]);
	dwmac4_model_write32(f->m, GMAC_ADDR_LOW(n),
			     (uint32_t)a[3] << 24 | (uint32_t)a[2] << 16 |
			     (uint32_t)a[1] << 8 | a[0]);
}

/*
 * MAC_Address1..3 (MAC_HW_Feature0.ADDMACADRSEL = 3): AE enables an
 * entry, SA makes it a source filter (not a destination match), MBC masks
 * bytes out; entry 4 is not there; a reset disables them all.
 */
static void
test_perfect_filter(void)
{
	static const uint8_t a1[6] = { 0x02, 0x11, 0x22, 0x33, 0x44, 0x01 };
	static const uint8_t a2[6] = { 0x02, 0x11, 0x22, 0x33, 0x44, 0x02 };
	static const uint8_t a3[6] = { 0x02, 0x11, 0x22, 0x33, 0x44, 0x03 };
	static const uint8_t a4[6] = { 0x02, 0x11, 0x22, 0x33, 0x44, 0x04 };
	static const uint8_t a3b5[6] = { 0x02, 0x11, 0x22, 0x33, 0x44, 0x7f };
	static const uint8_t a3b4[6] = { 0x02, 0x11, 0x22, 0x33, 0x45, 0x03 };
	struct fix_opts o = { .n = 16, .armed = 16 };
	struct pkt pk = { .proto = 17, .payload = 30 };
	uint64_t del = 0, drop = 0;
	uint8_t frame[256];
	struct fix f;
	size_t len;

	fix_init(&f, &o);
#define EXPECT(d, pass, what) do {					\
		pk.dst = (d);						\
		len = build_pkt(frame, &pk);				\
		model_fixture_qsrc_push(f.src, frame, len);		\
		CHECK_EQ_U(dwmac4_model_step(f.m, 16), 1, "%s: moved", what); \
		del += (pass);						\
		drop += !(pass);					\
		CHECK_EQ_U(stats(&f).rx_delivered, del, "%s: delivered", what); \
		CHECK_EQ_U(stats(&f).rx_dropped_filter, drop, "%s: filtered", what); \
	} while (0)
	EXPECT(a1, false, "entry 1 at reset (AE 0)");
	set_entry(&f, 1, a1, GMAC_HI_REG_AE);
	set_entry(&f, 2, a2, 0);
	set_entry(&f, 3, a3, GMAC_HI_REG_AE | DWMAC4_GMAC_HI_SA);
	set_entry(&f, 4, a4, GMAC_HI_REG_AE);
	EXPECT(a1, true, "entry 1 enabled");
	EXPECT(NULL, true, "station address still");
	EXPECT(a2, false, "entry 2 without AE");
	EXPECT(a3, false, "entry 3 a source-address entry");
	EXPECT(a4, false, "entry 4: the core has 1..3");
	/* MBC bit 29 masks byte 5 (MAC_Address3_High bits 15:8). */
	set_entry(&f, 3, a3, GMAC_HI_REG_AE | 1u << 29);
	EXPECT(a3b5, true, "entry 3, byte 5 masked");
	EXPECT(a3b4, false, "entry 3, byte 4 differs");
	EXPECT(a1, true, "entry 3 with byte 5 masked also matches a1");
	set_entry(&f, 3, a3, 0);
	/* Linux's removal: both words 0. */
	set_entry(&f, 1, (const uint8_t[6]){ 0 }, 0);
	EXPECT(a1, false, "entry 1 cleared");
	set_entry(&f, 1, a1, GMAC_HI_REG_AE);
	dwmac4_model_write32(f.m, DMA_CHAN_RX_CONTROL(0), 0);
	dwmac4_model_write32(f.m, GMAC_CONFIG, 0);
	dwmac4_model_write32(f.m, DMA_BUS_MODE, DMA_BUS_MODE_SFT_RESET);
	CHECK_EQ_U(dwmac4_model_read32(f.m, GMAC_ADDR_HIGH(1)), 0xffff,
		   "reset: entry 1 disabled");
#undef EXPECT
	check_no_violation(&f, "perfect filter");
	fix_fini(&f);
}

static void
test_filter(void)
{
	static const uint8_t other[6] = { 0x02, 0, 0, 0, 0, 0x99 };
	static const uint8_t bcast[6] = { 0xff, 0xff, 0xff, 0xff, 0xff, 0xff };
	static const uint8_t mcast[6] = { 0x01, 0x00, 0x5e, 0, 0, 1 };
	struct fix_opts o = { .n = 16, .armed = 16 };
	struct pkt pk = { .proto = 17, .payload = 30 };
	uint8_t frame[256];
	struct fix f;
	size_t len;

	fix_init(&f, &o);
#define PUSH(d) do { pk.dst = (d); len = build_pkt(frame, &pk);	\
		model_fixture_qsrc_push(f.src, frame, len); } while (0)
	PUSH(other);
	PUSH(mcast);
	PUSH(bcast);
	PUSH(NULL);
	CHECK_EQ_U(dwmac4_model_step(f.m, 16), 4, "filter: moved");
	CHECK_EQ_U(stats(&f).rx_dropped_filter, 2, "filter: dropped");
	CHECK_EQ_U(stats(&f).rx_delivered, 2, "filter: delivered");
	CHECK(memcmp(buf_va(&f, 0), bcast, 6) == 0, "filter: bcast first");

	dwmac4_model_write32(f.m, GMAC_PACKET_FILTER, GMAC_PACKET_FILTER_PM |
			     DWMAC4_GMAC_PACKET_FILTER_DBF);
	PUSH(mcast);
	PUSH(bcast);
	CHECK_EQ_U(dwmac4_model_step(f.m, 16), 2, "PM/DBF: moved");
	CHECK_EQ_U(stats(&f).rx_dropped_filter, 3, "DBF drops broadcast");
	CHECK(memcmp(buf_va(&f, 2), mcast, 6) == 0, "PM passes multicast");

	dwmac4_model_write32(f.m, GMAC_PACKET_FILTER, GMAC_PACKET_FILTER_PR);
	PUSH(other);
	CHECK_EQ_U(dwmac4_model_step(f.m, 16), 1, "PR: moved");
	CHECK(memcmp(buf_va(&f, 3), other, 6) == 0, "PR passes unicast");

	/* A new station address is used by the filter. */
	dwmac4_model_write32(f.m, GMAC_PACKET_FILTER, 0);
	dwmac4_model_write32(f.m, GMAC_ADDR_HIGH(0), 0x9900);
	dwmac4_model_write32(f.m, GMAC_ADDR_LOW(0), 0x00000002);
	PUSH(other);
	PUSH(NULL);
	CHECK_EQ_U(dwmac4_model_step(f.m, 16), 2, "new MAC: moved");
	CHECK_EQ_U(stats(&f).rx_delivered, 5, "new MAC: delivered");
	CHECK_EQ_U(stats(&f).rx_dropped_filter, 4, "new MAC: old dropped");
#undef PUSH
	check_no_violation(&f, "filter");
	fix_fini(&f);
}

static void
test_dis_tcp_ef(void)
{
	struct fix_opts o = { .n = 8, .armed = 8, .no_dis_tcp_ef = true };
	struct pkt bad_l4 = { .proto = 6, .payload = 40, .bad_l4 = true };
	struct pkt bad_ip = { .proto = 17, .payload = 40, .bad_ip = true };
	struct pkt good = { .proto = 17, .payload = 40 };
	uint8_t frame[256];
	struct fix f;
	size_t len;

	fix_init(&f, &o);
	len = build_pkt(frame, &bad_l4);
	model_fixture_qsrc_push(f.src, frame, len);
	len = build_pkt(frame, &bad_ip);
	model_fixture_qsrc_push(f.src, frame, len);
	len = build_pkt(frame, &good);
	model_fixture_qsrc_push(f.src, frame, len);
	CHECK_EQ_U(dwmac4_model_step(f.m, 16), 3, "ef clear: moved");
	CHECK_EQ_U(stats(&f).rx_dropped_csum, 2, "ef clear: dropped");
	CHECK_EQ_U(stats(&f).rx_delivered, 1, "ef clear: good delivered");
	check_data(&f, 0, frame, len, true, "ef clear");

	dwmac4_model_write32(f.m, MTL_CHAN_RX_OP_MODE(0),
			     MTL_OP_MODE_DIS_TCP_EF);
	len = build_pkt(frame, &bad_l4);
	model_fixture_qsrc_push(f.src, frame, len);
	CHECK_EQ_U(dwmac4_model_step(f.m, 16), 1, "ef set: moved");
	CHECK_EQ_U(f.ring[1].des1, RDES1_IPV4_HEADER | RDES1_IP_PAYLOAD_ERROR |
		   DWMAC4_RDES1_PT_TCP, "ef set: flagged");
	CHECK_EQ_U(des3_of(&f, 1) & RDES3_ERROR_SUMMARY, 0,
		   "ef set: no ES for a checksum error");
	CHECK_EQ_U(stats(&f).rx_dropped_csum, 2, "ef set: no drop");
	check_no_violation(&f, "dis_tcp_ef");
	fix_fini(&f);
}

static void
test_stopped_and_oversize(void)
{
	/* RPF: a frame short of descriptors is closed with OE, not held. */
	struct fix_opts o = { .n = 4, .armed = 4, .rpf = true };
	struct pkt pk = { .proto = 17, .payload = 30 };
	static uint8_t big[DWMAC4_MODEL_MAX_FRAME];
	uint8_t frame[256];
	struct fix f;
	size_t len;

	fix_init(&f, &o);
	len = build_pkt(frame, &pk);
	dwmac4_model_set_link(f.m, false);
	model_fixture_qsrc_push(f.src, frame, len);
	CHECK_EQ_U(dwmac4_model_step(f.m, 4), 1, "link down: moved");
	dwmac4_model_set_link(f.m, true);
	dwmac4_model_write32(f.m, GMAC_CONFIG, GMAC_CONFIG_DM | GMAC_CONFIG_TE);
	model_fixture_qsrc_push(f.src, frame, len);
	CHECK_EQ_U(dwmac4_model_step(f.m, 4), 1, "RE off: moved");
	CHECK_EQ_U(stats(&f).rx_dropped_stopped, 2, "stopped drops");
	dwmac4_model_write32(f.m, GMAC_CONFIG, GMAC_CONFIG_DM | GMAC_CONFIG_RE);
	memcpy(big, frame, len);
	model_fixture_qsrc_push(f.src, big, DWMAC4_MODEL_MAX_FRAME - 3);
	model_fixture_qsrc_push(f.src, big, DWMAC4_MODEL_MAX_FRAME - 4);
	CHECK_EQ_U(dwmac4_model_step(f.m, 4), 2, "big: moved");
	CHECK_EQ_U(stats(&f).rx_dropped_oversize, 1, "oversize dropped");
	/* 16380 + FCS = 16384 bytes over 8 buffers of 2048: 4 armed: OE. */
	CHECK_EQ_U(stats(&f).rx_delivered, 1, "max frame delivered");
	/* IPC is off here (GMAC_CONFIG = RE): no RS1V. */
	CHECK_EQ_U(des3_of(&f, 3), RDES3_LAST_DESCRIPTOR |
		   RDES3_ERROR_SUMMARY | RDES3_OVERFLOW_ERROR | 8192,
		   "max frame overflow");
	/*
	 * RX DMA stopped, MAC on: the frame waits in the MTL queue, RPS set;
	 * a software reset drops what the queue holds.
	 */
	dwmac4_model_write32(f.m, DMA_CHAN_RX_CONTROL(0),
			     MODEL_FIXTURE_PBL | f.rbsz << DMA_RBSZ_SHIFT);
	CHECK(dwmac4_model_read32(f.m, DMA_CHAN_STATUS(0)) &
	      DMA_CHAN_STATUS_RPS, "RPS on stop");
	model_fixture_qsrc_push(f.src, frame, len);
	CHECK_EQ_U(dwmac4_model_step(f.m, 4), 0, "dma off: queued");
	CHECK_EQ_U(stats(&f).rx_dropped_stopped, 2, "dma off: not dropped");
	CHECK(!dwmac4_model_rx_idle(f.m), "dma off: waiting");
	dwmac4_model_write32(f.m, GMAC_CONFIG, 0);
	dwmac4_model_write32(f.m, DMA_BUS_MODE, DMA_BUS_MODE_SFT_RESET);
	CHECK_EQ_U(stats(&f).rx_dropped_stopped, 3, "reset: queue dropped");
	CHECK_EQ_U(stats(&f).rx_offered, 5, "offered = sum");
	check_no_violation(&f, "stopped");
	fix_fini(&f);
}

/*
 * Streaming stores (nt) and stores flushed to memory (flush) write the
 * same bytes as plain ones, whatever the alignment.
 */
static void
test_dma_stores(enum model_dma_store store, const char *what)
{
	struct fix_opts o = { .n = 4, .armed = 4, .rbsz = 512,
			      .store = store, .buf_shift = 3 };
	struct pkt pk;
	uint8_t frame[2048], all[2048];
	unsigned int p, i, off;
	struct fix f;
	size_t len;

	/* Odd buffer addresses and lengths: head, 16-byte, 4-byte, tail. */
	for (p = 0; p < 4; p++) {
		fix_init(&f, &o);
		pk = (struct pkt){ .proto = 17, .payload = 100 + p * 301 };
		len = build_pkt(frame, &pk);
		model_fixture_qsrc_push(f.src, frame, len);
		CHECK_EQ_U(dwmac4_model_step(f.m, 4), 1, "%s: moved", what);
		for (i = 0, off = 0; off < len + 4; i++, off += 512)
			memcpy(all + off, buf_va(&f, i), 512);
		CHECK(memcmp(all, frame, len) == 0, "%s: bytes (len %zu)", what, len);
		CHECK_EQ_U((uint32_t)all[len] | (uint32_t)all[len + 1] << 8 |
			   (uint32_t)all[len + 2] << 16 |
			   (uint32_t)all[len + 3] << 24,
			   model_fixture_crc32(frame, len), "%s: FCS", what);
		CHECK_EQ_U(buf_va(&f, 0)[-1], SENTINEL, "%s: nothing before", what);
		check_no_violation(&f, what);
		fix_fini(&f);
	}
}

/* ---- Violations: each must be counted, refused, and harmless ---- */

static void
test_dma_window(void)
{
	/* RPF: the frame a refused descriptor cannot take is flushed. */
	struct fix_opts o = { .n = 4, .rpf = true };
	struct pkt pk = { .proto = 17, .payload = 30 };
	uint8_t frame[256];
	struct fix f;
	size_t len;

	/* Buffer outside registered memory. */
	fix_init(&f, &o);
	len = build_pkt(frame, &pk);
	f.ring[0].des0 = 0x7000000;
	f.ring[0].des1 = 0;
	f.ring[0].des3 = RDES3_OWN | RDES3_BUFFER1_VALID_ADDR;
	tail(&f, 1);
	model_fixture_qsrc_push(f.src, frame, len);
	CHECK_EQ_U(dwmac4_model_step(f.m, 4), 1, "buf outside: moved");
	CHECK_EQ_U(stats(&f).viol_dma_outside, 1, "buf outside: counted");
	CHECK_EQ_U(stats(&f).violations, 1, "buf outside: total");
	CHECK_EQ_U(stats(&f).rx_missed, 1, "buf outside: frame missed");
	CHECK_EQ_U(f.ring[0].des3, RDES3_OWN | RDES3_BUFFER1_VALID_ADDR,
		   "buf outside: descriptor not written");
	CHECK(strstr(dwmac4_model_last_violation(f.m), "RX buffer") != NULL,
	      "buf outside: described (%s)", dwmac4_model_last_violation(f.m));
	CHECK(dwmac4_model_read32(f.m, DMA_CHAN_STATUS(0)) &
	      DMA_CHAN_STATUS_FBE, "buf outside: FBE");
	fix_fini(&f);

	/* Buffer straddling the end of the region (RBSZ does not fit). */
	fix_init(&f, &o);
	f.ring[0].des0 = (uint32_t)(ARENA_IOVA + ARENA_SIZE - 100);
	f.ring[0].des1 = 0;
	f.ring[0].des3 = RDES3_OWN | RDES3_BUFFER1_VALID_ADDR;
	tail(&f, 1);
	model_fixture_qsrc_push(f.src, frame, len);
	CHECK_EQ_U(dwmac4_model_step(f.m, 4), 1, "straddle: moved");
	CHECK_EQ_U(stats(&f).viol_dma_outside, 1, "straddle: counted");
	CHECK_EQ_U(f.arena[ARENA_SIZE - 100], SENTINEL, "straddle: no write");
	fix_fini(&f);

	/* Descriptor ring outside registered memory. */
	fix_init(&f, &o);
	dwmac4_model_write32(f.m, DMA_CHAN_RX_CONTROL(0),
			     f.rbsz << DMA_RBSZ_SHIFT);
	dwmac4_model_write32(f.m, DMA_CHAN_RX_BASE_ADDR(0), 0x90000000u);
	dwmac4_model_write32(f.m, DMA_CHAN_RX_END_ADDR(0), 0x90000000u + 16);
	dwmac4_model_write32(f.m, DMA_CHAN_RX_CONTROL(0), DMA_CONTROL_SR | MODEL_FIXTURE_PBL |
			     DWMAC4_DMA_CONTROL_RPF | (f.rbsz << DMA_RBSZ_SHIFT));
	model_fixture_qsrc_push(f.src, frame, len);
	model_fixture_qsrc_push(f.src, frame, len);
	CHECK_EQ_U(dwmac4_model_step(f.m, 4), 2, "ring outside: moved");
	CHECK_EQ_U(stats(&f).viol_dma_outside, 1, "ring outside: once");
	CHECK_EQ_U(stats(&f).rx_missed, 2, "ring outside: missed");
	CHECK_EQ_U(buf_va(&f, 0)[0], SENTINEL, "ring outside: no write");
	/* Unmapping the memory the ring uses is refused likewise. */
	CHECK_EQ_U(dwmac4_model_dma_unmap(f.m, ARENA_IOVA), 0, "unmap");
	fix_fini(&f);

	/* Unmapped after arming: refused, nothing written. */
	fix_init(&f, &o);
	arm(&f, 0);
	tail(&f, 1);
	CHECK_EQ_U(dwmac4_model_dma_unmap(f.m, ARENA_IOVA), 0, "unmap 2");
	model_fixture_qsrc_push(f.src, frame, len);
	CHECK_EQ_U(dwmac4_model_step(f.m, 4), 1, "unmapped: moved");
	CHECK_EQ_U(stats(&f).viol_dma_outside, 1, "unmapped: counted");
	CHECK(f.ring[0].des3 & RDES3_OWN, "unmapped: not written back");
	CHECK_EQ_U(buf_va(&f, 0)[0], SENTINEL, "unmapped: no data");
	fix_fini(&f);
}

static void
test_tail_and_own_violations(void)
{
	struct fix_opts o = { .n = 4, .armed = 2, .rpf = true };
	struct pkt pk = { .proto = 17, .payload = 30 };
	uint8_t frame[256];
	struct fix f;
	size_t len;
	uint32_t before;

	fix_init(&f, &o);
	len = build_pkt(frame, &pk);
	before = dwmac4_model_read32(f.m, DMA_CHAN_RX_END_ADDR(0));
	tail(&f, 5);	/* N = 4: 0..4 are valid */
	CHECK_EQ_U(stats(&f).viol_tail_beyond_ring, 1, "tail N+1");
	dwmac4_model_write32(f.m, DMA_CHAN_RX_END_ADDR(0),
			     (uint32_t)ring_iova(&f) + 8);
	CHECK_EQ_U(stats(&f).viol_tail_beyond_ring, 2, "tail unaligned");
	dwmac4_model_write32(f.m, DMA_CHAN_RX_END_ADDR(0),
			     (uint32_t)ring_iova(&f) - 16);
	CHECK_EQ_U(stats(&f).viol_tail_beyond_ring, 3, "tail below base");
	CHECK_EQ_U(dwmac4_model_read32(f.m, DMA_CHAN_RX_END_ADDR(0)), before,
		   "bad tail ignored");
	CHECK(strstr(dwmac4_model_last_violation(f.m), "tail") != NULL,
	      "tail described");
	/* The ignored tails did not arm anything: 2 frames fit, not 3. */
	model_fixture_qsrc_push(f.src, frame, len);
	model_fixture_qsrc_push(f.src, frame, len);
	model_fixture_qsrc_push(f.src, frame, len);
	CHECK_EQ_U(dwmac4_model_step(f.m, 8), 3, "after bad tails: moved");
	CHECK_EQ_U(stats(&f).rx_delivered, 2, "after bad tails: delivered");
	tail(&f, 4);	/* t = N is valid */
	CHECK_EQ_U(stats(&f).viol_tail_beyond_ring, 3, "tail N is fine");
	CHECK_EQ_U(stats(&f).violations, 3, "tail: total");
	fix_fini(&f);

	/* OWN with a zero address, and OWN without BUF1V. */
	o.armed = 0;
	fix_init(&f, &o);
	f.ring[0].des0 = 0;
	f.ring[0].des1 = 0;
	f.ring[0].des3 = RDES3_OWN | RDES3_BUFFER1_VALID_ADDR;
	tail(&f, 1);
	model_fixture_qsrc_push(f.src, frame, len);
	CHECK_EQ_U(dwmac4_model_step(f.m, 4), 1, "own zero: moved");
	CHECK_EQ_U(stats(&f).viol_own_zero_addr, 1, "own zero: counted");
	CHECK_EQ_U(stats(&f).rx_missed, 1, "own zero: missed");
	CHECK_EQ_U(f.ring[0].des3, RDES3_OWN | RDES3_BUFFER1_VALID_ADDR,
		   "own zero: not written back");
	arm(&f, 0);
	f.ring[0].des3 = RDES3_OWN;	/* address but no BUF1V */
	tail(&f, 1);
	model_fixture_qsrc_push(f.src, frame, len);
	CHECK_EQ_U(dwmac4_model_step(f.m, 4), 1, "no BUF1V: moved");
	CHECK_EQ_U(stats(&f).viol_own_zero_addr, 2, "no BUF1V: counted");
	CHECK_EQ_U(buf_va(&f, 0)[0], SENTINEL, "no BUF1V: no data");
	CHECK_EQ_U(stats(&f).violations, 2, "own zero: total");
	fix_fini(&f);
}

/* Random descriptors and registers: counted, never a crash or a stray write. */
static void
test_garbage(void)
{
	struct fix_opts o = { .n = 16 };
	struct pkt pk = { .proto = 17, .payload = 500 };
	uint8_t frame[2048];
	unsigned int round, i;
	struct fix f;
	size_t len;

	fix_init(&f, &o);
	len = build_pkt(frame, &pk);
	for (round = 0; round < 200; round++) {
		for (i = 0; i < f.n; i++) {
			f.ring[i].des0 = (uint32_t)harness_rand();
			f.ring[i].des1 = (harness_rand() & 1) ? 0 :
				(uint32_t)harness_rand();
			f.ring[i].des3 = (uint32_t)harness_rand();
			if (harness_rand() & 1)
				f.ring[i].des0 = (uint32_t)ARENA_IOVA +
					(uint32_t)(harness_rand() %
						   (ARENA_SIZE + 4096));
		}
		dwmac4_model_write32(f.m, DMA_CHAN_RX_END_ADDR(0),
				     (uint32_t)ring_iova(&f) +
				     (uint32_t)(harness_rand() % 40) * 8);
		model_fixture_qsrc_push(f.src, frame, len);
		dwmac4_model_step(f.m, 4);
	}
	CHECK(stats(&f).rx_offered == 200, "garbage: all frames taken");
	fix_fini(&f);
}

/* ---- Thread mode: a driver harvesting and re-arming concurrently ---- */

/*
 * Bounded by polls, not by time: on a loaded machine the model thread
 * (pinned to this CPU) may wait long for its turn; the meson timeout is
 * the backstop.
 */
#define WAIT_MAX_POLLS	200000000ull

static bool
wait_owned_clear(struct fix *f, unsigned int i)
{
	uint64_t polls;

	for (polls = 0; des3_of(f, i) & RDES3_OWN; polls++) {
		if (polls == WAIT_MAX_POLLS)
			return false;
		sched_yield();
	}
	return true;
}

static void
test_thread_mode(void)
{
	/* N - 1 armed, as a driver keeps it: with all N armed, a tail write
	 * after one re-arm points at the device's current descriptor, which
	 * the device reads as "nothing armed" (cur == tail) and stops. */
	struct fix_opts o = { .n = 8, .armed = 7, .flow_control = true,
			      .finite = true };
	struct pkt pk = { .proto = 17 };
	static uint8_t frames[200][300];
	size_t lens[200];
	unsigned int i, slot, ok = 0, armed_end = 7;
	struct fix f;

	fix_init(&f, &o);
	for (i = 0; i < 200; i++) {
		pk.payload = 20 + (unsigned int)(harness_rand() % 200);
		lens[i] = build_pkt(frames[i], &pk);
		model_fixture_qsrc_push(f.src, frames[i], lens[i]);
	}
	/* Not pinned: the test and the engine run truly side by side. */
	CHECK_EQ_U(dwmac4_model_start(f.m, -1), 0,
		   "thread start");
	CHECK_EQ_U(dwmac4_model_start(f.m, -1), (uint64_t)-EBUSY,
		   "second start refused");
	for (i = 0; i < 200; i++) {
		slot = i % f.n;
		if (!wait_owned_clear(&f, slot)) {
			CHECK(false, "thread: frame %u never arrived", i);
			break;
		}
		ok += (des3_of(&f, slot) & RDES3_PACKET_SIZE_MASK) ==
			lens[i] + 4 &&
			memcmp(buf_va(&f, slot), frames[i], lens[i]) == 0;
		/* The one descriptor not armed yet; the tail one past it. */
		arm(&f, armed_end % f.n);
		armed_end++;
		tail(&f, armed_end % f.n);
	}
	CHECK_EQ_U(ok, 200, "thread: frames byte-exact and in order");
	dwmac4_model_stop(f.m);
	dwmac4_model_stop(f.m);	/* idempotent */
	CHECK(dwmac4_model_rx_idle(f.m), "thread: idle");
	CHECK_EQ_U(stats(&f).rx_delivered, 200, "thread: delivered");
	CHECK_EQ_U(stats(&f).rx_missed, 0, "thread: none missed");
	check_no_violation(&f, "thread");
	fix_fini(&f);
}

/*
 * Write-back coalescing: with wb_batch frames held back, a step (one engine
 * pass) still ends with every completed descriptor published, identical to
 * immediate write-back, byte for byte; a frame spanning descriptors and an
 * overflow of the hold-back table change nothing.
 */
static void
test_wb_coalescing(void)
{
	static uint8_t frames[12][1200];
	struct pkt pk = { .proto = 17 };
	uint32_t want[12];
	unsigned int batch, i, ok;

	for (i = 0; i < 12; i++) {
		pk.payload = 20 + (unsigned int)(harness_rand() % 1100);
		want[i] = (uint32_t)build_pkt(frames[i], &pk);
	}
	/* 48 descriptors of 512 bytes hold the 12 frames (<= 3 each). */
	for (batch = 1; batch <= 64; batch *= 4) {
		struct fix_opts o = { .n = 48, .armed = 47, .finite = true,
				      .rbsz = 512, .wb_batch = batch };
		unsigned int slot = 0;
		struct fix f;

		fix_init(&f, &o);
		for (i = 0; i < 12; i++)
			model_fixture_qsrc_push(f.src, frames[i], want[i]);
		dwmac4_model_step(f.m, 64);
		for (i = 0, ok = 0; i < 12; i++) {
			uint32_t d3;

			do {
				d3 = des3_of(&f, slot++);
			} while (!(d3 & (RDES3_OWN | RDES3_LAST_DESCRIPTOR)) &&
				 slot < 47);
			ok += !(d3 & RDES3_OWN) &&
			      (d3 & RDES3_PACKET_SIZE_MASK) == want[i] + 4;
		}
		CHECK_EQ_U(ok, 12, "wb_batch %u: frames published after a step",
			   batch);
		CHECK_EQ_U(stats(&f).rx_delivered, 12,
			   "wb_batch %u: delivered", batch);
		check_no_violation(&f, "wb coalescing");
		fix_fini(&f);
	}
}

/*
 * dwmac4_model_peek32() (socrx-devmodel's mirror of the window): the value
 * a read would give, without the read's side effect; a bad offset is not
 * a violation.
 */
static void
test_peek(void)
{
	struct fix_opts o = { .n = 4, .rpf = true };
	struct pkt pk = { .proto = 17, .payload = 50 };
	uint8_t frame[256];
	struct fix f;
	size_t len;
	unsigned int i;

	fix_init(&f, &o);
	len = build_pkt(frame, &pk);
	for (i = 0; i < 2; i++)
		model_fixture_qsrc_push(f.src, frame, len);
	CHECK_EQ_U(dwmac4_model_step(f.m, 16), 2, "peek: moved");
	CHECK_EQ_U(dwmac4_model_peek32(f.m, DMA_CHAN_MISS_FRAME_CNT(0)), 2,
		   "peek: missed counter");
	CHECK_EQ_U(dwmac4_model_peek32(f.m, DMA_CHAN_MISS_FRAME_CNT(0)), 2,
		   "peek: the counter is not cleared");
	CHECK_EQ_U(dwmac4_model_peek32(f.m, DMA_STATUS),
		   DWMAC4_DMA_STATUS_CHAN(0), "peek: DMA_STATUS summary");
	CHECK_EQ_U(dwmac4_model_peek32(f.m, DMA_DEBUG_STATUS_0),
		   dwmac4_model_read32(f.m, DMA_DEBUG_STATUS_0),
		   "peek: debug status as read");
	CHECK_EQ_U(dwmac4_model_peek32(f.m, GMAC4_VERSION),
		   DWMAC4_MODEL_VERSION, "peek: version");
	CHECK_EQ_U(dwmac4_model_read32(f.m, DMA_CHAN_MISS_FRAME_CNT(0)), 2,
		   "peek: a read still returns the count");
	CHECK_EQ_U(dwmac4_model_peek32(f.m, DMA_CHAN_MISS_FRAME_CNT(0)), 0,
		   "peek: and clears it");
	CHECK_EQ_U(dwmac4_model_peek32(f.m, GMAC4_VERSION + 2), 0,
		   "peek: unaligned");
	CHECK_EQ_U(dwmac4_model_peek32(f.m, DWMAC4_MODEL_REG_WINDOW), 0,
		   "peek: past the window");
	check_no_violation(&f, "peek");
	fix_fini(&f);
}

/* ---- The timestamp unit on RX: PTP status, context descriptors ---- */

#define PTP_RX_BASE	(PTP_TCR_TSENA | PTP_TCR_TSCTRLSSR | PTP_TCR_TSVER2ENA)
#define RDES1_PTP_BITS	(RDES1_PTP_MSG_TYPE_MASK | RDES1_PTP_PACKET_TYPE | \
			 RDES1_PTP_VER | RDES1_TIMESTAMP_AVAILABLE)

/* A 60-byte PTP message over Ethernet: messageType @p t, version @p v. */
static size_t
ptp_l2_frame(uint8_t *b, unsigned int t, unsigned int v)
{
	static const uint8_t hdr[14] = { 0x01, 0x1b, 0x19, 0, 0, 0,
					 0x02, 0, 0, 0, 0, 0x01, 0x88, 0xf7 };

	memset(b, 0, 60);
	memcpy(b, hdr, sizeof(hdr));
	b[14] = (uint8_t)t;
	b[15] = (uint8_t)v;
	b[17] = 44;	/* messageLength */
	return 60;
}

/*
 * The unit on with @p tcr's filter, the time set to @p sec seconds;
 * multicast passed (PTP's 01:1b:19:00:00:00).
 */
static void
ptp_rx_on(struct fix *f, uint32_t tcr, uint32_t sec)
{
	dwmac4_model_write32(f->m, GMAC_PACKET_FILTER, GMAC_PACKET_FILTER_PM);
	dwmac4_model_write32(f->m, PTP_TCR, tcr);
	dwmac4_model_write32(f->m, PTP_STSUR, sec);
	dwmac4_model_write32(f->m, PTP_STNSUR, 0);
	dwmac4_model_write32(f->m, PTP_TCR, tcr | PTP_TCR_TSINIT);
}

/*
 * The databook's snapshot table (SNAPTYPSEL, TSMSTRENA, TSEVNTENA): the
 * messageTypes stamped, as a mask, written out row by row.
 */
#define M(t)	(1u << (t))
#define SYNC	M(0x0)
#define DREQ	M(0x1)
#define PDREQ	M(0x2)
#define PDRSP	M(0x3)
#define FUP	M(0x8)
#define DRSP	M(0x9)
#define PDFUP	M(0xa)
static const struct {
	uint32_t bits;
	uint32_t stamped;
} ptp_table[] = {
	{ 0, SYNC | FUP | DREQ | DRSP },
	{ PTP_TCR_TSMSTRENA, SYNC | FUP | DREQ | DRSP },
	{ PTP_TCR_TSEVNTENA, SYNC },
	{ PTP_TCR_TSMSTRENA | PTP_TCR_TSEVNTENA, DREQ },
	{ PTP_TCR_SNAPTYPSEL_1, SYNC | FUP | DREQ | DRSP | PDREQ | PDRSP | PDFUP },
	{ PTP_TCR_SNAPTYPSEL_1 | PTP_TCR_TSMSTRENA,
	  SYNC | FUP | DREQ | DRSP | PDREQ | PDRSP | PDFUP },
	{ PTP_TCR_SNAPTYPSEL_1 | PTP_TCR_TSEVNTENA, SYNC | PDREQ | PDRSP },
	{ PTP_TCR_SNAPTYPSEL_1 | PTP_TCR_TSEVNTENA | PTP_TCR_TSMSTRENA,
	  DREQ | PDREQ | PDRSP },
	{ 2u << 16, SYNC | DREQ },
	{ (2u << 16) | PTP_TCR_TSEVNTENA | PTP_TCR_TSMSTRENA, SYNC | DREQ },
	{ 3u << 16, PDREQ | PDRSP },
	{ (3u << 16) | PTP_TCR_TSEVNTENA, PDREQ | PDRSP },
};
/* RDES1 PMT of each messageType (0xf: reserved), Linux's RDES_EXT_*. */
static const uint8_t ptp_pmt[16] = {
	0x1, 0x3, 0x5, 0x6, 0xf, 0xf, 0xf, 0xf,
	0x2, 0x4, 0x7, 0x8, 0xa, 0x9, 0xf, 0xf,
};

/*
 * Every row of the table over every messageType: RDES1's PMT, PFT and
 * PV; TSA and a context descriptor (RDES3 CTXT alone, RDES1 the seconds
 * set) exactly for the messages the row stamps.
 */
static void
test_ptp_table(void)
{
	struct fix_opts o = { .n = 32, .armed = 31 };
	uint8_t frame[64];
	unsigned int r, t, d;
	struct fix f;
	char name[48];

	for (r = 0; r < sizeof(ptp_table) / sizeof(ptp_table[0]); r++) {
		fix_init(&f, &o);
		ptp_rx_on(&f, PTP_RX_BASE | PTP_TCR_TSIPENA | ptp_table[r].bits,
			  7);
		for (t = 0; t < 16; t++)
			model_fixture_qsrc_push(f.src, frame,
						ptp_l2_frame(frame, t, 2));
		CHECK_EQ_U(dwmac4_model_step(f.m, 64), 16, "row %u: frames", r);
		for (t = 0, d = 0; t < 16 && d < 31; t++, d++) {
			bool st = ptp_table[r].stamped & M(t);
			uint32_t w1 = f.ring[d].des1 & RDES1_PTP_BITS;

			snprintf(name, sizeof(name), "row %u, messageType %#x", r, t);
			CHECK_EQ_U(w1, (uint32_t)ptp_pmt[t] << 8 | RDES1_PTP_PACKET_TYPE |
				   RDES1_PTP_VER | (st ? RDES1_TIMESTAMP_AVAILABLE : 0),
				   "%s: RDES1", name);
			CHECK(des3_of(&f, d) & RDES3_RDES1_VALID, "%s: RS1V", name);
			if (!st)
				continue;
			d++;
			CHECK_EQ_U(des3_of(&f, d), RDES3_CONTEXT_DESCRIPTOR,
				   "%s: context descriptor", name);
			CHECK_EQ_U(f.ring[d].des1, 7, "%s: its seconds", name);
			CHECK(f.ring[d].des0 < 1000000000u, "%s: its nanoseconds",
			      name);
		}
		CHECK_EQ_U(stats(&f).rx_ctx_desc,
			   (uint64_t)__builtin_popcount(ptp_table[r].stamped),
			   "row %u: context descriptors", r);
		check_no_violation(&f, "ptp table");
		fix_fini(&f);
	}
}
#undef M

/*
 * What the MAC recognises: PTP over Ethernet only with TSIPENA, version 2
 * only with TSVER2ENA (the model does not parse version 1), UDP/IPv4 to
 * port 319 with TSIPV4ENA (PFT clear), every frame with TSENALL (no PMT).
 * Nothing at all while TSENA is clear.
 */
static void
ptp_rx_case(const char *name, uint32_t tcr, const uint8_t *frame, size_t len,
	    uint32_t want1)
{
	struct fix_opts o = { .armed = 4 };
	struct fix f;

	fix_init(&f, &o);
	ptp_rx_on(&f, tcr, 3);
	model_fixture_qsrc_push(f.src, frame, len);
	CHECK_EQ_U(dwmac4_model_step(f.m, 16), 1, "%s: frames moved", name);
	CHECK_EQ_U(f.ring[0].des1 & RDES1_PTP_BITS, want1, "%s: RDES1", name);
	if (want1 & RDES1_TIMESTAMP_AVAILABLE)
		CHECK_EQ_U(des3_of(&f, 1), RDES3_CONTEXT_DESCRIPTOR,
			   "%s: context descriptor", name);
	else
		CHECK(des3_of(&f, 1) & RDES3_OWN, "%s: no context descriptor",
		      name);
	check_no_violation(&f, name);
	fix_fini(&f);
}

static void
test_ptp_recognised(void)
{
	const uint32_t sync = 0x1u << 8 | RDES1_PTP_VER;
	struct pkt pk = { .proto = 17, .payload = 44, .udp_zero = true };
	uint8_t frame[2048];
	size_t len;

	len = ptp_l2_frame(frame, 0, 2);
	ptp_rx_case("TSIPENA", PTP_RX_BASE | PTP_TCR_TSIPENA, frame, len,
		    sync | RDES1_PTP_PACKET_TYPE | RDES1_TIMESTAMP_AVAILABLE);
	ptp_rx_case("no TSIPENA", PTP_RX_BASE, frame, len, 0);
	ptp_rx_case("no TSENA", PTP_RX_BASE & ~PTP_TCR_TSENA, frame, len, 0);
	ptp_rx_case("no TSVER2ENA", (PTP_RX_BASE | PTP_TCR_TSIPENA) &
		    ~PTP_TCR_TSVER2ENA, frame, len, 0);
	len = ptp_l2_frame(frame, 0, 1);
	ptp_rx_case("version 1", PTP_RX_BASE | PTP_TCR_TSIPENA, frame, len, 0);
	ptp_rx_case("TSENALL, version 1", PTP_RX_BASE | PTP_TCR_TSIPENA |
		    PTP_TCR_TSENALL, frame, len, RDES1_TIMESTAMP_AVAILABLE);
	/* UDP/IPv4 to port 319, a Sync (version 2) in the payload. */
	len = build_pkt(frame, &pk);
	put16(frame + 14 + 20 + 2, 319);
	frame[14 + 20 + 8] = 0;
	frame[14 + 20 + 9] = 2;
	ptp_rx_case("TSIPV4ENA", PTP_RX_BASE | PTP_TCR_TSIPV4ENA, frame, len,
		    sync | RDES1_TIMESTAMP_AVAILABLE);
	ptp_rx_case("no TSIPV4ENA", PTP_RX_BASE | PTP_TCR_TSIPENA, frame, len,
		    0);
	len = build_pkt(frame, &pk);
	ptp_rx_case("TSENALL, UDP", PTP_RX_BASE | PTP_TCR_TSENALL, frame, len,
		    RDES1_TIMESTAMP_AVAILABLE);
}

/*
 * The context descriptor needs a descriptor of its own: with none armed
 * after the frame's, the frame is written back but not finished (no RI,
 * not counted moved) until the driver arms one; then the stamp lands
 * there.
 */
static void
test_ptp_ctx_waits(void)
{
	struct fix_opts o = { .armed = 1 };
	uint8_t frame[64];
	struct fix f;

	fix_init(&f, &o);
	ptp_rx_on(&f, PTP_RX_BASE | PTP_TCR_TSIPENA, 9);
	model_fixture_qsrc_push(f.src, frame, ptp_l2_frame(frame, 0, 2));
	CHECK_EQ_U(dwmac4_model_step(f.m, 16), 0, "ctx wait: nothing finished");
	CHECK(!(des3_of(&f, 0) & RDES3_OWN) &&
	      (f.ring[0].des1 & RDES1_TIMESTAMP_AVAILABLE),
	      "ctx wait: the frame written back with TSA");
	CHECK(!(dwmac4_model_read32(f.m, DMA_CHAN_STATUS(0)) &
		DMA_CHAN_STATUS_RI), "ctx wait: no RI yet");
	arm(&f, 1);
	tail(&f, 2);
	CHECK_EQ_U(dwmac4_model_step(f.m, 16), 1, "ctx wait: finished");
	CHECK_EQ_U(des3_of(&f, 1), RDES3_CONTEXT_DESCRIPTOR,
		   "ctx wait: context descriptor");
	CHECK_EQ_U(f.ring[1].des1, 9, "ctx wait: its seconds");
	CHECK(dwmac4_model_read32(f.m, DMA_CHAN_STATUS(0)) &
	      DMA_CHAN_STATUS_RI, "ctx wait: RI");
	check_no_violation(&f, "ctx wait");
	fix_fini(&f);
}

/* ---- VLAN (dwmac4_model_vlan.c) ---- */

#define VLAN_FRAME_LEN	64u

/* A broadcast frame of 64 bytes, tagged with @p tci unless it is -1. */
static size_t
vlan_frame(uint8_t *b, int tci)
{
	size_t i, off = 12;

	memset(b, 0xff, 6);
	memcpy(b + 6, peer_mac, 6);
	if (tci >= 0) {
		put16(b + 12, 0x8100);
		put16(b + 14, (uint16_t)tci);
		off = 16;
	}
	put16(b + off, 0x88b5);
	for (i = off + 2; i < VLAN_FRAME_LEN; i++)
		b[i] = (uint8_t)(i * 7u);
	return VLAN_FRAME_LEN;
}

/*
 * One frame through MAC_VLAN_Tag @p vt (and @p pf, the hash @p hash):
 * delivered or dropped, RDES0/RS0V, the bytes stored (with the FCS kept
 * when @p fcs: the wire frame's).
 */
static void
vlan_one(const char *name, uint32_t pf, uint32_t vt, uint32_t hash, int tci,
	 bool fcs, bool pass, bool strip, bool rs0v)
{
	struct fix_opts o = { .armed = 4,
			      .cfg = fcs ? 0 : GMAC_CONFIG_CST | GMAC_CONFIG_ACS };
	uint8_t frame[128], want[128];
	size_t len, wlen;
	uint32_t crc;
	struct fix f;

	fix_init(&f, &o);
	dwmac4_model_write32(f.m, GMAC_PACKET_FILTER, pf);
	dwmac4_model_write32(f.m, GMAC_VLAN_HASH_TABLE, hash);
	dwmac4_model_write32(f.m, GMAC_VLAN_TAG, vt);
	len = vlan_frame(frame, tci);
	model_fixture_qsrc_push(f.src, frame, len);
	CHECK_EQ_U(dwmac4_model_step(f.m, 16), 1, "%s: frames moved", name);
	if (!pass) {
		CHECK_EQ_U(stats(&f).rx_dropped_vlan, 1, "%s: dropped", name);
		CHECK_EQ_U(stats(&f).rx_delivered, 0, "%s: none delivered", name);
		check_no_violation(&f, name);
		fix_fini(&f);
		return;
	}
	memcpy(want, frame, len);
	wlen = len;
	if (strip) {
		memmove(want + 12, want + 16, len - 16);
		wlen -= 4;
	}
	CHECK_EQ_U(stats(&f).rx_dropped_vlan, 0, "%s: not dropped", name);
	CHECK_EQ_U(stats(&f).rx_vlan_stripped, strip, "%s: stripped", name);
	CHECK_EQ_U(f.ring[0].des0, rs0v ? (uint32_t)tci : 0, "%s: RDES0", name);
	CHECK_EQ_U(des3_of(&f, 0), RDES3_FIRST_DESCRIPTOR | RDES3_LAST_DESCRIPTOR |
		   RDES3_RDES1_VALID | (rs0v ? RDES3_RDES0_VALID : 0) |
		   (uint32_t)(wlen + (fcs ? 4 : 0)), "%s: RDES3", name);
	CHECK(memcmp(buf_va(&f, 0), want, wlen) == 0, "%s: bytes", name);
	if (fcs) {
		crc = model_fixture_crc32(frame, len);
		CHECK_EQ_U((uint32_t)buf_va(&f, 0)[wlen] |
			   (uint32_t)buf_va(&f, 0)[wlen + 1] << 8 |
			   (uint32_t)buf_va(&f, 0)[wlen + 2] << 16 |
			   (uint32_t)buf_va(&f, 0)[wlen + 3] << 24, crc,
			   "%s: the wire frame's FCS", name);
	}
	check_no_violation(&f, name);
	fix_fini(&f);
}

static void
test_vlan(void)
{
	const uint32_t strip = GMAC_VLAN_TAG_STRIP_ALL | GMAC_VLAN_TAG_CTRL_EVLRXS;
	const uint32_t flt = GMAC_VLAN_VTHM | GMAC_VLAN_ETV;
	const uint32_t vtfe = GMAC_PACKET_FILTER_VTFE;
	const int tci100 = 0xa000 | 100, tci300 = 0x3000 | 300;

	vlan_one("strip", 0, strip, 0, tci100, false, true, true, true);
	vlan_one("strip, FCS kept", 0, strip, 0, tci100, true, true, true, true);
	vlan_one("EVLRXS alone", 0, GMAC_VLAN_TAG_CTRL_EVLRXS, 0, tci100, false,
		 true, false, true);
	vlan_one("EVLS alone", 0, GMAC_VLAN_TAG_STRIP_ALL, 0, tci100, false,
		 true, true, false);
	vlan_one("nothing", 0, 0, 0, tci100, false, true, false, false);
	vlan_one("strip, untagged", 0, strip, 0, -1, false, true, false, false);
	/* The 16-bin hash: VID 100 in bin 0, 300 in bin 6 (Linux's CRC). */
	vlan_one("hash 100 in", vtfe, flt, 1u << 0, tci100, false, true, false,
		 false);
	vlan_one("hash 300 out", vtfe, flt, 1u << 0, tci300, false, false, false,
		 false);
	vlan_one("hash 300 in", vtfe, flt, 1u << 6, tci300, false, true, false,
		 false);
	vlan_one("hash, untagged", vtfe, flt, 0, -1, false, true, false, false);
	vlan_one("no VTFE", 0, flt, 0, tci300, false, true, false, false);
	vlan_one("promiscuous still filters", vtfe | GMAC_PACKET_FILTER_PR, flt,
		 1u << 0, tci300, false, false, false, false);
	vlan_one("receive all", vtfe | GMAC_PACKET_FILTER_RA, flt, 1u << 0,
		 tci300, false, true, false, false);
	vlan_one("strip on a filter hit", vtfe, flt | GMAC_VLAN_TAG_STRIP_PASS |
		 GMAC_VLAN_TAG_CTRL_EVLRXS, 1u << 0, tci100, false, true, true,
		 true);
}

int
main(void)
{
	harness_seed_from_env(0x5eed0001);
	test_wb_coalescing();
	test_writeback_and_ipc();
	test_non_ip();
	test_multi_desc();
	test_rbu_and_missed();
	test_peek();
	test_mtl_queue();
	test_flow_control();
	test_filter();
	test_perfect_filter();
	test_dis_tcp_ef();
	test_stopped_and_oversize();
	test_dma_stores(MODEL_DMA_STORE_NT, "nt");
	test_dma_stores(MODEL_DMA_STORE_FLUSH, "flush");
	test_dma_window();
	test_tail_and_own_violations();
	test_garbage();
	test_thread_mode();
	test_ptp_table();
	test_ptp_recognised();
	test_ptp_ctx_waits();
	test_vlan();
	return harness_result("test_model_rx");
}
