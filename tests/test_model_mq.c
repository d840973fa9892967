/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * dwmac4 model in step mode with several MTL queues and DMA channels
 * (docs/model.md "MTL queues and DMA channels"), programmed through its
 * registers as a driver does (Linux stmmac_mtl_configuration(): RXQEN,
 * routing, PSRQ, the queue-to-channel map, each queue's RQS/TQS/TXQEN):
 *   - the MAC's classification: VLAN priority by PSRQ, PTP over Ethernet
 *     to PTPQ, multicast/broadcast to MCBCQ with MCBCQEN, untagged to
 *     UPQ, an unclaimed priority to queue 0;
 *   - a frame for a disabled queue is dropped and counted;
 *   - each queue overflows on its own (its OVFPKTCNT), each channel
 *     flushes on its own (its DMA_CHx_Miss_Frame_Cnt);
 *   - each channel raises its own interrupt line; each channel's fault
 *     knobs act on the frames that channel stores;
 *   - the MTL TX scheduler: strict priority (highest queue first) and WRR
 *     by MTL_TxQ_Quantum_Weight, seen in the order of the frames sent;
 *   - RQS beyond the FIFO, a disabled TX queue: refused and counted.
 */
#include <errno.h>
#include <stdbool.h>
#include <string.h>
#include <unistd.h>

#include "dwmac4_desc.h"
#include "dwmac4_model.h"
#include "dwmac4_regs.h"
#include "harness.h"
#include "model_fixture.h"
#include "model_traffic.h"

#define ARENA_SIZE	(512u * 1024u)
#define ARENA_IOVA	0x40000000ull
#define RX_RING(ch)	(0x0000u + (ch) * 0x400u)
#define TX_RING(ch)	(0x4000u + (ch) * 0x400u)
#define BUF(ch, i)	(0x10000u + ((ch) * NDESC + (i)) * 0x800u)
#define TXBUF(ch, i)	(0x40000u + ((ch) * NDESC + (i)) * 0x800u)
#define NDESC		16u
#define RBSZ		2048u
#define MAX_SENT	64u
#define RX_CTL		(DMA_CONTROL_SR | MODEL_FIXTURE_PBL | RBSZ << DMA_RBSZ_SHIFT)
#define TX_CTL		(DMA_CONTROL_ST | MODEL_FIXTURE_PBL)

/* The sink keeps the marker byte (offset 14) of each frame sent, in order. */
struct order_sink {
	struct model_traffic_sink base;
	uint8_t mark[MAX_SENT];
	unsigned int n;
};

static int
sink_put(struct model_traffic_sink *s, const uint8_t *b, size_t n)
{
	struct order_sink *o = (struct order_sink *)s;

	if (n > 14 && o->n < MAX_SENT)
		o->mark[o->n++] = b[14];
	s->frames++;
	return 0;
}

static void
sink_destroy(struct model_traffic_sink *s)
{
	free(s);
}

struct fix {
	struct dwmac4_model *m;
	struct model_fixture_qsrc *src;
	struct order_sink *sink;
	uint8_t *arena;
	unsigned int tx_tail[8];
};

static struct dwmac4_desc *
desc(struct fix *f, uint32_t off, unsigned int i)
{
	return (struct dwmac4_desc *)(void *)(f->arena + off + 16u * i);
}

static struct dwmac4_model_stats
stats(struct fix *f)
{
	struct dwmac4_model_stats st;

	dwmac4_model_get_stats(f->m, &st);
	return st;
}

static uint32_t
rd(struct fix *f, uint32_t off)
{
	return dwmac4_model_read32(f->m, off);
}

static void
wr(struct fix *f, uint32_t off, uint32_t val)
{
	dwmac4_model_write32(f->m, off, val);
}

/* A model of @p nch channels and @p nq MTL queues, MAC on, promiscuous. */
static void
fix_new(struct fix *f, unsigned int nch, unsigned int nq,
	const struct dwmac4_model_faults *ch1_faults)
{
	struct dwmac4_model_params p;
	void *mem;

	memset(f, 0, sizeof(*f));
	f->sink = calloc(1, sizeof(*f->sink));
	if (f->sink == NULL || posix_memalign(&mem, 4096, ARENA_SIZE) != 0)
		abort();
	f->arena = mem;
	memset(f->arena, 0, ARENA_SIZE);
	f->src = model_fixture_qsrc_create(false);
	f->sink->base.put = sink_put;
	f->sink->base.destroy = sink_destroy;
	dwmac4_model_params_init(&p);
	p.n_channels = nch;
	p.mtl_queues = nq;
	p.rx_src = &f->src->base;
	p.tx_sink = &f->sink->base;
	f->m = dwmac4_model_create(&p);
	CHECK(f->m != NULL, "create: %s", strerror(errno));
	if (f->m == NULL)
		abort();
	if (ch1_faults != NULL)
		CHECK_EQ_U(dwmac4_model_set_faults(f->m, 1, ch1_faults), 0,
			   "faults of channel 1");
	CHECK_EQ_U(dwmac4_model_dma_map(f->m, f->arena, ARENA_IOVA, ARENA_SIZE),
		   0, "map");
	wr(f, GMAC_PACKET_FILTER, GMAC_PACKET_FILTER_PR);
	wr(f, GMAC_CONFIG, GMAC_CONFIG_DM | GMAC_CONFIG_RE | GMAC_CONFIG_TE);
}

static void
fix_free(struct fix *f)
{
	CHECK_EQ_U(stats(f).violations, 0, "violations (%s)",
		   dwmac4_model_last_violation(f->m));
	dwmac4_model_destroy(f->m);
	free(f->arena);
}

/*
 * MTL queue @p q as Linux's stmmac_mtl_configuration() sets it up:
 * enabled for generic traffic (RXQEN 10), mapped to DMA channel @p ch,
 * RX and TX queue of @p bytes, TX store and forward with TXQEN.
 */
static void
queue_setup(struct fix *f, unsigned int q, unsigned int ch, uint32_t bytes)
{
	uint32_t map = q < 4 ? MTL_RXQ_DMA_MAP0 : MTL_RXQ_DMA_MAP1;

	wr(f, GMAC_RXQ_CTRL0, (rd(f, GMAC_RXQ_CTRL0) &
			       ~DWMAC4_GMAC_RX_QUEUE_MASK(q)) |
	   GMAC_RX_DCB_QUEUE_ENABLE(q));
	wr(f, map, (rd(f, map) & ~DWMAC4_MTL_RXQ_DMA_QXMDMACH_MASK(q % 4)) |
	   MTL_RXQ_DMA_QXMDMACH(ch, q % 4));
	wr(f, MTL_CHAN_RX_OP_MODE(q), MTL_OP_MODE_RSF | MTL_OP_MODE_DIS_TCP_EF |
	   (bytes / 256u - 1u) << MTL_OP_MODE_RQS_SHIFT);
	wr(f, MTL_CHAN_TX_OP_MODE(q), MTL_OP_MODE_TSF | MTL_OP_MODE_TXQEN |
	   (bytes / 256u - 1u) << MTL_OP_MODE_TQS_SHIFT);
}

/* PSRQ: VLAN priorities @p prios (bitmap) to queue @p q. */
static void
queue_prio(struct fix *f, unsigned int q, uint8_t prios)
{
	uint32_t reg = q < 4 ? GMAC_RXQ_CTRL2 : GMAC_RXQ_CTRL3;

	wr(f, reg, (rd(f, reg) & ~GMAC_RXQCTRL_PSRQX_MASK(q % 4)) |
	   (uint32_t)prios << GMAC_RXQCTRL_PSRQX_SHIFT(q % 4));
}

/* Channel @p ch's RX ring, @p armed descriptors armed, started (@p ctl). */
static void
rx_start(struct fix *f, unsigned int ch, unsigned int armed, uint32_t ctl)
{
	unsigned int i;

	for (i = 0; i < armed; i++) {
		struct dwmac4_desc *d = desc(f, RX_RING(ch), i);

		d->des0 = (uint32_t)(ARENA_IOVA + BUF(ch, i));
		d->des1 = 0;
		d->des2 = 0;
		__atomic_store_n(&d->des3, RDES3_OWN | RDES3_BUFFER1_VALID_ADDR |
				 RDES3_INT_ON_COMPLETION_EN, __ATOMIC_RELEASE);
	}
	wr(f, DMA_CHAN_RX_BASE_ADDR(ch), (uint32_t)(ARENA_IOVA + RX_RING(ch)));
	wr(f, DMA_CHAN_RX_RING_LEN(ch), DWMAC4_DMA_RING_LEN(NDESC));
	wr(f, DMA_CHAN_RX_END_ADDR(ch),
	   (uint32_t)(ARENA_IOVA + RX_RING(ch) + 16u * armed));
	wr(f, DMA_CHAN_RX_CONTROL(ch), ctl);
}

/* Frames channel @p ch wrote back (LD), their markers into @p mark. */
static unsigned int
rx_got(struct fix *f, unsigned int ch, uint8_t *mark, uint32_t *des3)
{
	unsigned int i, n = 0;

	for (i = 0; i < NDESC; i++) {
		uint32_t d3 = __atomic_load_n(&desc(f, RX_RING(ch), i)->des3,
					      __ATOMIC_ACQUIRE);

		if ((d3 & RDES3_OWN) || !(d3 & RDES3_LAST_DESCRIPTOR))
			continue;
		if (mark != NULL)
			mark[n] = f->arena[BUF(ch, i) + 14 + 4 *
					   (f->arena[BUF(ch, i) + 12] == 0x81)];
		if (des3 != NULL)
			des3[n] = d3;
		n++;
	}
	return n;
}

enum { UCAST, MCAST, BCAST, PTP_MCAST };

/*
 * A frame of @p len bytes to a unicast / multicast / broadcast / PTP
 * address, with an 802.1Q tag of priority @p pcp when @p pcp >= 0, of
 * EtherType @p type, its first payload byte @p mark.
 */
static void
push(struct fix *f, int dst, int pcp, uint16_t type, uint8_t mark, size_t len)
{
	static const uint8_t da[4][6] = {
		{ 0x02, 0, 0, 0, 0, 0x01 }, { 0x01, 0x00, 0x5e, 0, 0, 0x01 },
		{ 0xff, 0xff, 0xff, 0xff, 0xff, 0xff },
		{ 0x01, 0x1b, 0x19, 0, 0, 0 },
	};
	uint8_t fr[1600];
	size_t o = 12;

	memset(fr, 0x5a, sizeof(fr));
	memcpy(fr, da[dst], 6);
	memcpy(fr + 6, (const uint8_t[6]){ 0x02, 0, 0, 0, 0, 0x09 }, 6);
	if (pcp >= 0) {
		fr[o++] = 0x81;
		fr[o++] = 0x00;
		fr[o++] = (uint8_t)(pcp << 5);
		fr[o++] = 0x05;
	}
	fr[o++] = (uint8_t)(type >> 8);
	fr[o++] = (uint8_t)type;
	fr[o] = mark;
	model_fixture_qsrc_push(f->src, fr, len);
}

/* VLAN priority 7 to queue 1 by PSRQ; untagged and priority 3 to queue 0. */
static void
test_route_pcp(void)
{
	uint8_t mark[NDESC];
	struct fix f;

	fix_new(&f, 2, 2, NULL);
	queue_setup(&f, 0, 0, 8192);
	queue_setup(&f, 1, 1, 8192);
	queue_prio(&f, 1, 1u << 7);
	rx_start(&f, 0, 8, RX_CTL);
	rx_start(&f, 1, 8, RX_CTL);
	push(&f, UCAST, -1, 0x0800, 0xa0, 100);
	push(&f, UCAST, 7, 0x0800, 0xa7, 100);
	push(&f, UCAST, 3, 0x0800, 0xa3, 100);
	push(&f, UCAST, 7, 0x0800, 0xb7, 100);
	dwmac4_model_step(f.m, 64);
	CHECK_EQ_U(stats(&f).rx_delivered, 4, "pcp: all delivered");
	CHECK_EQ_U(rx_got(&f, 1, mark, NULL), 2, "pcp: channel 1 got priority 7");
	CHECK(mark[0] == 0xa7 && mark[1] == 0xb7, "pcp: the priority-7 frames, in order");
	CHECK_EQ_U(rx_got(&f, 0, mark, NULL), 2, "pcp: channel 0 the others");
	CHECK(mark[0] == 0xa0 && mark[1] == 0xa3, "pcp: untagged and priority 3");
	CHECK(rd(&f, DMA_CHAN_STATUS(1)) & DMA_CHAN_STATUS_RI, "pcp: RI on channel 1");
	fix_free(&f);
}

/* PTP over Ethernet to PTPQ; multicast/broadcast to MCBCQ with MCBCQEN. */
static void
test_route_ptp_mcbc(void)
{
	uint8_t mark[NDESC];
	unsigned int q;
	struct fix f;

	fix_new(&f, 3, 3, NULL);
	for (q = 0; q < 3; q++) {
		queue_setup(&f, q, q, 4096);
		rx_start(&f, q, 8, RX_CTL);
	}
	wr(&f, GMAC_RXQ_CTRL1, 2u << GMAC_RXQCTRL_PTPQ_SHIFT |
	   1u << GMAC_RXQCTRL_MCBCQ_SHIFT | GMAC_RXQCTRL_MCBCQEN);
	push(&f, PTP_MCAST, -1, 0x88f7, 0xc1, 90);	/* PTPQ (2) */
	push(&f, BCAST, -1, 0x0806, 0xc2, 64);		/* MCBCQ (1) */
	push(&f, MCAST, -1, 0x0800, 0xc3, 100);		/* MCBCQ (1) */
	push(&f, UCAST, -1, 0x0800, 0xc4, 100);		/* UPQ (0) */
	dwmac4_model_step(f.m, 64);
	CHECK_EQ_U(rx_got(&f, 2, mark, NULL), 1, "ptp: one on channel 2");
	CHECK_EQ_U(mark[0], 0xc1, "ptp: the PTP frame");
	CHECK_EQ_U(rx_got(&f, 1, mark, NULL), 2, "mcbc: two on channel 1");
	CHECK(mark[0] == 0xc2 && mark[1] == 0xc3, "mcbc: broadcast, multicast");
	CHECK_EQ_U(rx_got(&f, 0, mark, NULL), 1, "upq: unicast on channel 0");
	CHECK_EQ_U(mark[0], 0xc4, "upq: the unicast frame");
	/* Without MCBCQEN a broadcast is an untagged frame like any: UPQ. */
	wr(&f, GMAC_RXQ_CTRL1, 2u << GMAC_RXQCTRL_PTPQ_SHIFT |
	   1u << GMAC_RXQCTRL_MCBCQ_SHIFT | 1u << GMAC_RXQCTRL_UPQ_SHIFT);
	push(&f, BCAST, -1, 0x0806, 0xc5, 64);
	push(&f, UCAST, -1, 0x0800, 0xc6, 100);
	dwmac4_model_step(f.m, 64);
	CHECK_EQ_U(rx_got(&f, 1, mark, NULL), 4, "upq 1: both to channel 1");
	CHECK(mark[2] == 0xc5 && mark[3] == 0xc6, "upq 1: broadcast, unicast");
	CHECK_EQ_U(rx_got(&f, 0, NULL, NULL), 1, "upq 1: none more on 0");
	fix_free(&f);
}

/* A frame routed to a disabled queue is dropped and counted. */
static void
test_disabled_queue(void)
{
	struct fix f;

	fix_new(&f, 2, 2, NULL);
	queue_setup(&f, 0, 0, 8192);
	queue_prio(&f, 1, 1u << 5);	/* queue 1 claims 5 but is off */
	rx_start(&f, 0, 8, RX_CTL);
	rx_start(&f, 1, 8, RX_CTL);
	push(&f, UCAST, 5, 0x0800, 0xd5, 100);
	push(&f, UCAST, -1, 0x0800, 0xd0, 100);
	dwmac4_model_step(f.m, 64);
	CHECK_EQ_U(stats(&f).rx_dropped_qdisabled, 1, "disabled: counted");
	CHECK_EQ_U(stats(&f).rx_delivered, 1, "disabled: the other delivered");
	CHECK_EQ_U(rx_got(&f, 1, NULL, NULL), 0, "disabled: nothing on 1");
	CHECK_EQ_U(rx_got(&f, 0, NULL, NULL), 1, "disabled: untagged on 0");
	/* Queue 0 off too: the untagged frame has nowhere to go either. */
	wr(&f, GMAC_RXQ_CTRL0, 0);
	push(&f, UCAST, -1, 0x0800, 0xd1, 100);
	dwmac4_model_step(f.m, 64);
	CHECK_EQ_U(stats(&f).rx_dropped_qdisabled, 2, "queue 0 off: counted");
	fix_free(&f);
}

/*
 * Each queue its own FIFO: with no descriptor armed, frames wait in their
 * queue; queue 1 (512 bytes) overflows, queue 0 (8 KiB) does not. With
 * RPF on channel 1 only, channel 1 flushes and counts, channel 0 not.
 */
static void
test_overflow_per_queue(void)
{
	unsigned int i;
	struct fix f;

	fix_new(&f, 2, 2, NULL);
	queue_setup(&f, 0, 0, 8192);
	queue_setup(&f, 1, 1, 512);
	queue_prio(&f, 1, 1u << 7);
	rx_start(&f, 0, 0, RX_CTL);
	rx_start(&f, 1, 0, RX_CTL);
	for (i = 0; i < 3; i++) {
		push(&f, UCAST, 7, 0x0800, 0xe7, 300);
		push(&f, UCAST, -1, 0x0800, 0xe0, 300);
	}
	dwmac4_model_step(f.m, 64);
	CHECK_EQ_U(rd(&f, DWMAC4_MTL_CHAN_RX_MISSED_PKT_OVF_CNT(1)) &
		   DWMAC4_MTL_RX_OVFPKTCNT_MASK, 2, "queue 1: 2 overflowed");
	CHECK_EQ_U(rd(&f, DWMAC4_MTL_CHAN_RX_MISSED_PKT_OVF_CNT(0)), 0,
		   "queue 0: none");
	CHECK_EQ_U(stats(&f).rx_dropped_overflow, 2, "overflow stat");
	CHECK_EQ_U((rd(&f, MTL_CHAN_RX_DEBUG(0)) & DWMAC4_MTL_DEBUG_PRXQ_MASK) >>
		   DWMAC4_MTL_DEBUG_PRXQ_SHIFT, 3, "queue 0 holds 3");
	CHECK_EQ_U((rd(&f, MTL_CHAN_RX_DEBUG(1)) & DWMAC4_MTL_DEBUG_PRXQ_MASK) >>
		   DWMAC4_MTL_DEBUG_PRXQ_SHIFT, 1, "queue 1 holds 1");
	/* RPF on channel 1: its waiting frame is flushed and counted there. */
	wr(&f, DMA_CHAN_RX_CONTROL(1), RX_CTL | DWMAC4_DMA_CONTROL_RPF);
	dwmac4_model_step(f.m, 64);
	CHECK_EQ_U(rd(&f, DMA_CHAN_MISS_FRAME_CNT(1)) &
		   DWMAC4_DMA_MISS_FRAME_CNT_MFC_MASK, 1, "channel 1: 1 flushed");
	CHECK_EQ_U(rd(&f, DMA_CHAN_MISS_FRAME_CNT(0)), 0, "channel 0: none");
	CHECK_EQ_U((rd(&f, MTL_CHAN_RX_DEBUG(0)) & DWMAC4_MTL_DEBUG_PRXQ_MASK) >>
		   DWMAC4_MTL_DEBUG_PRXQ_SHIFT, 3, "queue 0 still holds 3");
	fix_free(&f);
}

/* Each channel's line and eventfd; each channel's fault knobs. */
static void
test_irq_and_faults(void)
{
	struct dwmac4_model_faults k;
	uint32_t d3[NDESC];
	uint64_t v;
	unsigned int ch, i;
	struct fix f;

	memset(&k, 0, sizeof(k));
	k.seed = 7;
	k.err_ppm = 1000000;
	fix_new(&f, 2, 2, &k);
	queue_setup(&f, 0, 0, 8192);
	queue_setup(&f, 1, 1, 8192);
	queue_prio(&f, 1, 1u << 7);
	for (ch = 0; ch < 2; ch++) {
		rx_start(&f, ch, 8, RX_CTL);
		wr(&f, DMA_CHAN_INTR_ENA(ch), DMA_CHAN_INTR_ENA_NIE_4_10 |
		   DMA_CHAN_INTR_ENA_RIE);
	}
	push(&f, UCAST, 7, 0x0800, 0xf7, 100);
	push(&f, UCAST, 7, 0x0800, 0xf8, 100);
	dwmac4_model_step(f.m, 64);
	CHECK(read(dwmac4_model_irq_fd(f.m, 1), &v, sizeof(v)) == sizeof(v) &&
	      v == 1, "irq: channel 1's line rose once");
	CHECK(read(dwmac4_model_irq_fd(f.m, 0), &v, sizeof(v)) < 0 &&
	      errno == EAGAIN, "irq: channel 0's did not");
	CHECK_EQ_U(rd(&f, DMA_CHAN_STATUS(0)) & DMA_CHAN_STATUS_RI, 0,
		   "irq: no RI on channel 0");
	push(&f, UCAST, -1, 0x0800, 0xf0, 100);
	dwmac4_model_step(f.m, 64);
	CHECK(read(dwmac4_model_irq_fd(f.m, 0), &v, sizeof(v)) == sizeof(v),
	      "irq: channel 0's line rose for its frame");
	/* Channel 1's err_ppm hit both its frames, not channel 0's. */
	CHECK_EQ_U(rx_got(&f, 1, NULL, d3), 2, "faults: channel 1 frames");
	for (i = 0; i < 2; i++)
		CHECK(d3[i] & RDES3_ERROR_SUMMARY, "faults: channel 1 frame %u ES", i);
	CHECK_EQ_U(rx_got(&f, 0, NULL, d3), 1, "faults: channel 0 frame");
	CHECK_EQ_U(d3[0] & RDES3_ERROR_SUMMARY, 0, "faults: channel 0 clean");
	CHECK_EQ_U(stats(&f).rx_fault_err, 2, "faults: counted twice");
	fix_free(&f);
}

/* Queues @p n frames of 64 bytes marked @p mark + i on TX channel @p ch. */
static void
tx_queue(struct fix *f, unsigned int ch, unsigned int n, uint8_t mark)
{
	unsigned int i, t;

	for (i = 0; i < n; i++) {
		t = f->tx_tail[ch]++;
		uint8_t *b = f->arena + TXBUF(ch, t);
		struct dwmac4_desc *d = desc(f, TX_RING(ch), t);

		memset(b, 0, 64);
		b[12] = 0x08;
		b[14] = (uint8_t)(mark + i);
		d->des0 = (uint32_t)(ARENA_IOVA + TXBUF(ch, t));
		d->des1 = 0;
		d->des2 = 64;
		__atomic_store_n(&d->des3, TDES3_OWN | TDES3_FIRST_DESCRIPTOR |
				 TDES3_LAST_DESCRIPTOR | 64u, __ATOMIC_RELEASE);
	}
	wr(f, DMA_CHAN_TX_END_ADDR(ch),
	   (uint32_t)(ARENA_IOVA + TX_RING(ch) + 16u * f->tx_tail[ch]));
}

static void
tx_rings(struct fix *f, unsigned int nch)
{
	unsigned int ch;

	for (ch = 0; ch < nch; ch++) {
		wr(f, DMA_CHAN_TX_BASE_ADDR(ch), (uint32_t)(ARENA_IOVA + TX_RING(ch)));
		wr(f, DMA_CHAN_TX_RING_LEN(ch), DWMAC4_DMA_RING_LEN(NDESC));
		wr(f, DMA_CHAN_TX_END_ADDR(ch), (uint32_t)(ARENA_IOVA + TX_RING(ch)));
	}
}

static void
tx_go(struct fix *f, unsigned int nch)
{
	unsigned int ch;

	for (ch = 0; ch < nch; ch++)
		wr(f, DMA_CHAN_TX_CONTROL(ch), TX_CTL);
}

/* Strict priority: queue 1's frames leave before queue 0's. */
static void
test_tx_sp(void)
{
	static const uint8_t want[] = { 0x10, 0x11, 0x12, 0x00, 0x01, 0x02 };
	struct fix f;

	fix_new(&f, 2, 2, NULL);
	queue_setup(&f, 0, 0, 8192);
	queue_setup(&f, 1, 1, 8192);
	wr(&f, MTL_OPERATION_MODE, MTL_OPERATION_SCHALG_SP);
	tx_rings(&f, 2);
	tx_queue(&f, 0, 3, 0x00);
	tx_queue(&f, 1, 3, 0x10);
	tx_go(&f, 2);
	dwmac4_model_step(f.m, 64);
	CHECK_EQ_U(f.sink->n, 6, "sp: all sent");
	CHECK(memcmp(f.sink->mark, want, sizeof(want)) == 0,
	      "sp: %02x %02x %02x %02x %02x %02x", f.sink->mark[0],
	      f.sink->mark[1], f.sink->mark[2], f.sink->mark[3],
	      f.sink->mark[4], f.sink->mark[5]);
	fix_free(&f);
}

/* WRR, weights 1 and 2: two of queue 1's frames for each of queue 0's. */
static void
test_tx_wrr(void)
{
	static const uint8_t want[] = {
		0x10, 0x11, 0x00, 0x12, 0x13, 0x01, 0x14, 0x15, 0x02, 0x03,
	};
	struct fix f;

	fix_new(&f, 2, 2, NULL);
	queue_setup(&f, 0, 0, 8192);
	queue_setup(&f, 1, 1, 8192);
	wr(&f, MTL_OPERATION_MODE, MTL_OPERATION_SCHALG_WRR);
	wr(&f, MTL_TXQX_WEIGHT_BASE_ADDR(0), 1);
	wr(&f, MTL_TXQX_WEIGHT_BASE_ADDR(1), 2);
	tx_rings(&f, 2);
	tx_queue(&f, 0, 4, 0x00);
	tx_queue(&f, 1, 6, 0x10);
	tx_go(&f, 2);
	dwmac4_model_step(f.m, 64);
	CHECK_EQ_U(f.sink->n, 10, "wrr: all sent");
	CHECK(memcmp(f.sink->mark, want, sizeof(want)) == 0,
	      "wrr: %02x %02x %02x %02x %02x %02x %02x %02x %02x %02x",
	      f.sink->mark[0], f.sink->mark[1], f.sink->mark[2],
	      f.sink->mark[3], f.sink->mark[4], f.sink->mark[5],
	      f.sink->mark[6], f.sink->mark[7], f.sink->mark[8],
	      f.sink->mark[9]);
	fix_free(&f);
}

/*
 * RQS of the enabled queues beyond the 16 KiB FIFO: nothing received, one
 * violation however many frames; a TX queue left disabled: its channel
 * sends nothing (counted once), the other's does.
 */
static void
test_refused(void)
{
	struct dwmac4_model_stats st;
	struct fix f;

	fix_new(&f, 2, 2, NULL);
	queue_setup(&f, 0, 0, 16384);
	queue_setup(&f, 1, 1, 4096);
	rx_start(&f, 0, 8, RX_CTL);
	push(&f, UCAST, -1, 0x0800, 0x01, 100);
	push(&f, UCAST, -1, 0x0800, 0x02, 100);
	dwmac4_model_step(f.m, 64);
	st = stats(&f);
	CHECK_EQ_U(st.rx_dropped_mtl_config, 2, "rqs: dropped");
	CHECK_EQ_U(st.viol_mtl_config, 1, "rqs: one violation");
	CHECK_EQ_U(st.violations, 1, "rqs: counted in the total");
	queue_setup(&f, 0, 0, 12288);
	push(&f, UCAST, -1, 0x0800, 0x03, 100);
	dwmac4_model_step(f.m, 64);
	CHECK_EQ_U(stats(&f).rx_delivered, 1, "rqs fixed: delivered");
	dwmac4_model_destroy(f.m);
	free(f.arena);

	fix_new(&f, 2, 2, NULL);
	queue_setup(&f, 0, 0, 8192);
	wr(&f, MTL_CHAN_TX_OP_MODE(1), MTL_OP_MODE_TSF |
	   (8192u / 256u - 1u) << MTL_OP_MODE_TQS_SHIFT);	/* TXQEN 00 */
	tx_rings(&f, 2);
	tx_queue(&f, 0, 2, 0x00);
	tx_queue(&f, 1, 2, 0x10);
	tx_go(&f, 2);
	dwmac4_model_step(f.m, 64);
	dwmac4_model_step(f.m, 64);
	CHECK_EQ_U(f.sink->n, 2, "txqen: queue 0 only");
	CHECK(f.sink->mark[0] == 0x00 && f.sink->mark[1] == 0x01,
	      "txqen: queue 0's frames");
	CHECK_EQ_U(stats(&f).tx_qdisabled_stalls, 1, "txqen: stall counted once");
	fix_free(&f);
}

int
main(void)
{
	test_route_pcp();
	test_route_ptp_mcbc();
	test_disabled_queue();
	test_overflow_per_queue();
	test_irq_and_faults();
	test_tx_sp();
	test_tx_wrr();
	test_refused();
	return harness_result("test_model_mq");
}
