/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * dwmac4 model in step mode: the descriptor skip length (DSL) and the
 * non-coherent interconnect (params.nc_emulation, model_nc.h). The test
 * plays a driver on a non-coherent SoC, right and wrong:
 *   - descriptors padded to a cache line by DSL: where the model fetches
 *     and writes back, what CUR_RX/TX_DESC and the tail pointers mean;
 *   - the device sees only what was cleaned (an armed descriptor not
 *     cleaned is not armed for it; TX bytes not cleaned are sent stale)
 *     and each such read is counted;
 *   - the TX DMA fetches a descriptor as soon as its line is in DRAM,
 *     whatever the tail says: a buffer whose clean no barrier completed
 *     before then may be sent stale (nc_tx_stale);
 *   - the CPU sees the device's writes only after clean+invalidate (poison
 *     before);
 *   - a line dirtied by the CPU under a device write is a clobber: the
 *     device's bytes are lost and counted (packed descriptors);
 *   - two models (two ports) share one DRAM: a frame received on one and
 *     sent by the other needs no CPU maintenance in between;
 *   - another copy of the interconnect (another PMD plugin's) joined:
 *     every call goes to it (model_nc_join()).
 */
#include <errno.h>
#include <stdbool.h>
#include <string.h>

#include "dwmac4_desc.h"
#include "dwmac4_model.h"
#include "dwmac4_regs.h"
#include "harness.h"
#include "model_fixture.h"
#include "model_nc.h"
#include "model_traffic.h"

#define ARENA_SIZE	(1u << 20)
#define ARENA_IOVA	0x80000000ull
#define RX_RING_OFF	0x0000u
#define TX_RING_OFF	0x4000u
#define BUF_OFF		0x10000u
#define BUF_STRIDE	0x1000u
#define RBSZ		1536u
#define NDESC		8u
#define LINE		MODEL_NC_LINE
#define POISON		MODEL_NC_POISON

/* A TX sink that keeps the last frame. */
struct last_sink {
	struct model_traffic_sink base;
	uint8_t frame[2048];
	size_t len;
};

static int
last_sink_put(struct model_traffic_sink *s, const uint8_t *buf, size_t len)
{
	struct last_sink *k = (struct last_sink *)s;

	k->len = len < sizeof(k->frame) ? len : sizeof(k->frame);
	memcpy(k->frame, buf, k->len);
	s->frames++;
	return 0;
}

static void
last_sink_destroy(struct model_traffic_sink *s)
{
	free(s);
}

struct fix {
	struct dwmac4_model *m;
	struct model_fixture_qsrc *src;
	struct last_sink *sink;
	uint8_t *arena;
	uint32_t stride;	/* descriptor stride the driver uses */
	unsigned int dsl;	/* what it programs */
};

static uint64_t
iova_of(const struct fix *f, const void *p)
{
	return ARENA_IOVA + (uint64_t)((const uint8_t *)p - f->arena);
}

static struct dwmac4_desc *
rx_desc(const struct fix *f, unsigned int i)
{
	return (struct dwmac4_desc *)(void *)(f->arena + RX_RING_OFF +
					      i * f->stride);
}

static struct dwmac4_desc *
tx_desc(const struct fix *f, unsigned int i)
{
	return (struct dwmac4_desc *)(void *)(f->arena + TX_RING_OFF +
					      i * f->stride);
}

static uint8_t *
buf_va(const struct fix *f, unsigned int i)
{
	return f->arena + BUF_OFF + i * BUF_STRIDE;
}

static void
clean(struct fix *f, const void *p, size_t len)
{
	dwmac4_model_cache_op(f->m, p, len, MODEL_NC_CLEAN);
}

static void
civac(struct fix *f, const void *p, size_t len)
{
	dwmac4_model_cache_op(f->m, p, len, MODEL_NC_CIVAC);
}

/* One line prefetched, as an observed RX path tells it (row 48). */
static void
prefetch(struct fix *f, const void *p)
{
	dwmac4_model_cache_op(f->m, p, 1, MODEL_NC_PREFETCH);
}

static struct dwmac4_model_stats
stats(struct fix *f)
{
	struct dwmac4_model_stats st;

	dwmac4_model_get_stats(f->m, &st);
	return st;
}

/* RX descriptor i armed with buffer i; cleaned when @p do_clean. */
static void
rx_arm(struct fix *f, unsigned int i, bool do_clean)
{
	struct dwmac4_desc *d = rx_desc(f, i);
	uint64_t a = iova_of(f, buf_va(f, i));

	d->des0 = (uint32_t)a;
	d->des1 = (uint32_t)(a >> 32);
	d->des2 = 0;
	d->des3 = RDES3_OWN | RDES3_BUFFER1_VALID_ADDR;
	if (do_clean)
		clean(f, d, sizeof(*d));
}

/*
 * A model with the interconnect emulated (or not), the RX and TX rings
 * of NDESC descriptors DSL apart, RX armed up to @p rx_armed (cleaned
 * unless @p dirty_ring), RX and TX DMA started. The arena is mapped for
 * DMA only after the driver wrote @p premap into it.
 */
static void
fix_init(struct fix *f, bool nc, unsigned int dsl, unsigned int rx_armed,
	 bool dirty_ring)
{
	struct dwmac4_model_params p;
	void *mem;
	unsigned int i;

	memset(f, 0, sizeof(*f));
	if (posix_memalign(&mem, 4096, ARENA_SIZE) != 0)
		abort();
	f->arena = mem;
	memset(f->arena, 0, ARENA_SIZE);
	f->dsl = dsl;
	f->stride = DWMAC4_DESC_SIZE + dsl * DWMAC4_MODEL_BUS_BYTES;
	f->src = model_fixture_qsrc_create(false);
	f->sink = calloc(1, sizeof(*f->sink));
	if (f->sink == NULL)
		abort();
	f->sink->base.put = last_sink_put;
	f->sink->base.destroy = last_sink_destroy;
	dwmac4_model_params_init(&p);
	p.rx_src = &f->src->base;
	p.tx_sink = &f->sink->base;
	p.flow_control = true;
	p.nc_emulation = nc;
	f->m = dwmac4_model_create(&p);
	CHECK(f->m != NULL, "create: %s", strerror(errno));
	CHECK_EQ_U(dwmac4_model_dma_map(f->m, f->arena, ARENA_IOVA,
					ARENA_SIZE), 0, "dma_map");
	dwmac4_model_write32(f->m, GMAC_CONFIG, GMAC_CONFIG_DM | GMAC_CONFIG_RE |
			     GMAC_CONFIG_TE | GMAC_CONFIG_CST |
			     GMAC_CONFIG_ACS);
	dwmac4_model_write32(f->m, DMA_CHAN_CONTROL(0),
			     dsl << DWMAC4_DMA_CHAN_CTRL_DSL_SHIFT);
	for (i = 0; i < rx_armed; i++)
		rx_arm(f, i, !dirty_ring);
	dwmac4_model_write32(f->m, DMA_CHAN_RX_BASE_ADDR(0),
			     (uint32_t)iova_of(f, rx_desc(f, 0)));
	dwmac4_model_write32(f->m, DMA_CHAN_RX_RING_LEN(0),
			     DWMAC4_DMA_RING_LEN(NDESC));
	dwmac4_model_write32(f->m, DMA_CHAN_RX_END_ADDR(0),
			     (uint32_t)iova_of(f, rx_desc(f, rx_armed)));
	dwmac4_model_write32(f->m, DMA_CHAN_RX_CONTROL(0), DMA_CONTROL_SR | MODEL_FIXTURE_PBL |
			     (RBSZ << DMA_RBSZ_SHIFT));
	dwmac4_model_write32(f->m, DMA_CHAN_TX_BASE_ADDR(0),
			     (uint32_t)iova_of(f, tx_desc(f, 0)));
	dwmac4_model_write32(f->m, DMA_CHAN_TX_RING_LEN(0),
			     DWMAC4_DMA_RING_LEN(NDESC));
	dwmac4_model_write32(f->m, DMA_CHAN_TX_END_ADDR(0),
			     (uint32_t)iova_of(f, tx_desc(f, 0)));
	dwmac4_model_write32(f->m, DMA_CHAN_TX_CONTROL(0), DMA_CONTROL_ST | MODEL_FIXTURE_PBL);
	CHECK_EQ_U(stats(f).violations, 0, "setup violations (%s)",
		   dwmac4_model_last_violation(f->m));
}

static void
fix_fini(struct fix *f)
{
	dwmac4_model_destroy(f->m);
	free(f->arena);
}

static void
push_frame(struct fix *f, uint8_t *frame, size_t len, uint8_t seed)
{
	static const uint8_t mac[6] = { 0x02, 0, 0, 0, 0, 0x01 };
	size_t i;

	memcpy(frame, mac, 6);
	for (i = 6; i < len; i++)
		frame[i] = (uint8_t)(seed + i * 7);
	model_fixture_qsrc_push(f->src, frame, len);
}

static uint32_t
des3(const struct dwmac4_desc *d)
{
	return __atomic_load_n(&d->des3, __ATOMIC_ACQUIRE);
}

/* DSL pads descriptors; the model fetches, writes back and reports there. */
static void
test_dsl_stride(bool nc)
{
	const char *t = nc ? "dsl_stride (nc)" : "dsl_stride";
	uint8_t frame[100];
	struct fix f;
	unsigned int k;

	fix_init(&f, nc, 6, 4, false);	/* 64-byte descriptors */
	for (k = 0; k < 3; k++)
		push_frame(&f, frame, sizeof(frame), (uint8_t)k);
	CHECK_EQ_U(dwmac4_model_step(f.m, 16), 3, "%s: frames moved", t);
	for (k = 0; k < 3; k++) {
		civac(&f, rx_desc(&f, k), sizeof(struct dwmac4_desc));
		CHECK_EQ_U(des3(rx_desc(&f, k)) & (RDES3_OWN | RDES3_PACKET_SIZE_MASK),
			   sizeof(frame), "%s: write-back of descriptor %u", t, k);
	}
	civac(&f, rx_desc(&f, 3), sizeof(struct dwmac4_desc));
	CHECK(des3(rx_desc(&f, 3)) & RDES3_OWN, "%s: 4th still owned", t);
	/* Padding between descriptors never written by the device. */
	CHECK_EQ_U(f.arena[RX_RING_OFF + 16], 0, "%s: padding untouched", t);
	CHECK_EQ_U(f.arena[RX_RING_OFF + 63], 0, "%s: padding untouched", t);
	CHECK_EQ_U(dwmac4_model_read32(f.m, DMA_CHAN_CUR_RX_DESC(0)),
		   (uint32_t)iova_of(&f, rx_desc(&f, 3)), "%s: CUR_RX_DESC", t);
	/* A tail between two descriptors is outside the ring's grid. */
	dwmac4_model_write32(f.m, DMA_CHAN_RX_END_ADDR(0),
			     (uint32_t)iova_of(&f, rx_desc(&f, 4)) + 16u);
	CHECK_EQ_U(stats(&f).viol_tail_beyond_ring, 1, "%s: tail off grid", t);
	fix_fini(&f);
}

/* The device reads DRAM: an armed descriptor never cleaned is not armed. */
static void
test_rx_desc_not_cleaned(void)
{
	const char *t = "rx_desc_not_cleaned";
	uint8_t frame[80];
	struct dwmac4_model_stats st;
	struct fix f;

	fix_init(&f, true, 6, 4, true);
	push_frame(&f, frame, sizeof(frame), 1);
	dwmac4_model_step(f.m, 4);
	st = stats(&f);
	CHECK_EQ_U(st.rx_delivered, 0, "%s: nothing delivered", t);
	CHECK(st.nc_unclean_reads >= 1, "%s: unclean read counted", t);
	/* Cleaned now: the device sees it at the next tail write. */
	clean(&f, rx_desc(&f, 0), LINE * 4);
	dwmac4_model_write32(f.m, DMA_CHAN_RX_END_ADDR(0),
			     (uint32_t)iova_of(&f, rx_desc(&f, 4)));
	dwmac4_model_step(f.m, 4);
	CHECK_EQ_U(stats(&f).rx_delivered, 1, "%s: delivered once cleaned", t);
	CHECK_EQ_U(stats(&f).nc_clobbers, 0, "%s: no clobber", t);
	fix_fini(&f);
}

/*
 * A descriptor the device may read at any time rewritten in place (the
 * driver repairing a stale status the device duplicated onto it, robustness
 * row 12): between the driver's write and its clean the device reads
 * DRAM's copy, not owned, and waits; not an omission. Ringing the
 * doorbell before the clean is one, counted at the doorbell.
 */
static void
test_rx_rewrite_window(void)
{
	const char *t = "rx_rewrite_window";
	struct dwmac4_model_faults flt;
	uint8_t frame[80];
	struct fix f;
	unsigned int i;

	fix_init(&f, true, 6, 7, false);	/* 0..6 armed, tail 7 */
	memset(&flt, 0, sizeof(flt));
	flt.dup_ppm = 1000000;			/* every frame's status again */
	CHECK_EQ_U(dwmac4_model_set_faults(f.m, 0, &flt), 0, "%s: faults", t);
	for (i = 0; i < 7; i++)
		push_frame(&f, frame, sizeof(frame), (uint8_t)i);
	dwmac4_model_step(f.m, 16);
	CHECK_EQ_U(stats(&f).rx_delivered, 7, "%s: ring filled", t);
	/* The driver harvests and re-arms 7 and 0, then rings: tail 1. */
	civac(&f, rx_desc(&f, 0), NDESC * f.stride);
	rx_arm(&f, 7, true);
	rx_arm(&f, 0, true);
	dwmac4_model_write32(f.m, DMA_CHAN_RX_END_ADDR(0),
			     (uint32_t)iova_of(&f, rx_desc(&f, 1)));
	/* Two frames: one into 7; at 0 the duplicated status (not owned). */
	push_frame(&f, frame, sizeof(frame), 7);
	push_frame(&f, frame, sizeof(frame), 8);
	dwmac4_model_step(f.m, 16);
	CHECK(stats(&f).rx_fault_dup >= 1, "%s: status duplicated onto 0", t);
	CHECK_EQ_U(stats(&f).rx_delivered, 8, "%s: waits at 0", t);
	/* A doorbell, then the repair written and not yet cleaned. */
	dwmac4_model_write32(f.m, DMA_CHAN_RX_END_ADDR(0),
			     (uint32_t)iova_of(&f, rx_desc(&f, 1)));
	civac(&f, rx_desc(&f, 0), sizeof(struct dwmac4_desc));
	rx_arm(&f, 0, false);
	dwmac4_model_step(f.m, 16);
	CHECK_EQ_U(stats(&f).rx_delivered, 8, "%s: DRAM not owned: waits", t);
	CHECK_EQ_U(stats(&f).nc_unclean_reads, 0, "%s: not counted", t);
	/* Cleaned, then rung: taken. */
	clean(&f, rx_desc(&f, 0), sizeof(struct dwmac4_desc));
	dwmac4_model_write32(f.m, DMA_CHAN_RX_END_ADDR(0),
			     (uint32_t)iova_of(&f, rx_desc(&f, 1)));
	dwmac4_model_step(f.m, 16);
	CHECK_EQ_U(stats(&f).rx_delivered, 9, "%s: taken once cleaned", t);
	CHECK_EQ_U(stats(&f).nc_unclean_reads, 0, "%s: cleaned before the doorbell", t);
	/* Descriptor 1 armed and rung without its clean: the omission. */
	rx_arm(&f, 1, false);
	dwmac4_model_write32(f.m, DMA_CHAN_RX_END_ADDR(0),
			     (uint32_t)iova_of(&f, rx_desc(&f, 2)));
	CHECK_EQ_U(stats(&f).nc_unclean_reads, 1, "%s: rung before the clean", t);
	CHECK_EQ_U(stats(&f).violations, 0, "%s: violations (%s)", t,
		   dwmac4_model_last_violation(f.m));
	fix_fini(&f);
}

/* The CPU sees the device's bytes only after clean+invalidate. */
static void
test_rx_invalidate(void)
{
	const char *t = "rx_invalidate";
	uint8_t frame[200];
	struct dwmac4_model_stats st;
	struct fix f;
	size_t i;
	bool all_poison = true;

	fix_init(&f, true, 6, 4, false);
	push_frame(&f, frame, sizeof(frame), 9);
	CHECK_EQ_U(dwmac4_model_step(f.m, 4), 1, "%s: moved", t);
	/* Not invalidated: a stale descriptor shows OWN, the data poison. */
	CHECK(des3(rx_desc(&f, 0)) & RDES3_OWN, "%s: stale RDES3 owned", t);
	for (i = 0; i < sizeof(frame); i++)
		all_poison &= buf_va(&f, 0)[i] == POISON;
	CHECK(all_poison, "%s: stale data is poison", t);
	civac(&f, rx_desc(&f, 0), sizeof(struct dwmac4_desc));
	CHECK_EQ_U(des3(rx_desc(&f, 0)) & (RDES3_OWN | RDES3_PACKET_SIZE_MASK),
		   sizeof(frame), "%s: after civac", t);
	/* Exactly the bytes the device wrote, rounded out to lines. */
	civac(&f, buf_va(&f, 0), sizeof(frame));
	CHECK(memcmp(buf_va(&f, 0), frame, sizeof(frame)) == 0,
	      "%s: frame bytes after civac", t);
	/* A clean alone never brings the device's bytes in. */
	push_frame(&f, frame, sizeof(frame), 10);
	dwmac4_model_step(f.m, 4);
	clean(&f, buf_va(&f, 1), sizeof(frame));
	CHECK_EQ_U(buf_va(&f, 1)[20], POISON, "%s: clean does not invalidate",
		   t);
	st = stats(&f);
	CHECK_EQ_U(st.nc_clobbers, 0, "%s: no clobber", t);
	CHECK_EQ_U(st.nc_unclean_reads, 0, "%s: no unclean read", t);
	CHECK(st.nc_civac_lines >= 1 + (sizeof(frame) + LINE - 1) / LINE,
	      "%s: civac lines counted", t);
	fix_fini(&f);
}

/*
 * Robustness row 48: a prefetch of frame lines the device wrote and the
 * CPU has not invalidated is counted, one per line; after the sync for the
 * CPU (civac) the same prefetches are not, nor is a line the device never
 * wrote. A prefetch changes nothing the CPU reads.
 */
static void
test_rx_early_prefetch(void)
{
	const char *t = "rx_early_prefetch";
	uint8_t frame[200];
	struct fix f;

	fix_init(&f, true, 6, 4, false);
	push_frame(&f, frame, sizeof(frame), 11);
	CHECK_EQ_U(dwmac4_model_step(f.m, 4), 1, "%s: moved", t);
	civac(&f, rx_desc(&f, 0), sizeof(struct dwmac4_desc));
	prefetch(&f, buf_va(&f, 0));
	prefetch(&f, buf_va(&f, 0) + LINE);
	CHECK_EQ_U(stats(&f).nc_early_prefetches, 2,
		   "%s: two lines prefetched before the sync", t);
	CHECK_EQ_U(buf_va(&f, 0)[0], POISON, "%s: still stale", t);
	civac(&f, buf_va(&f, 0), sizeof(frame));
	prefetch(&f, buf_va(&f, 0));
	prefetch(&f, buf_va(&f, 0) + LINE);
	prefetch(&f, buf_va(&f, 1));
	CHECK_EQ_U(stats(&f).nc_early_prefetches, 2,
		   "%s: none after the sync, none of an unwritten line", t);
	CHECK(memcmp(buf_va(&f, 0), frame, sizeof(frame)) == 0,
	      "%s: frame bytes after civac", t);
	fix_fini(&f);
}

/*
 * Packed descriptors on a non-coherent bus: the driver re-arms descriptor
 * 2 while the device writes back descriptor 1 of the same line. The dirty
 * line wins: descriptor 1's write-back is lost.
 */
static void
test_packed_clobber(void)
{
	const char *t = "packed_clobber";
	uint8_t frame[64];
	struct fix f;

	fix_init(&f, true, 0, 3, false);
	push_frame(&f, frame, sizeof(frame), 1);
	dwmac4_model_step(f.m, 4);	/* descriptor 0 written back */
	rx_desc(&f, 3)->des2 = 0x1234;	/* the CPU dirties the line... */
	push_frame(&f, frame, sizeof(frame), 2);
	dwmac4_model_step(f.m, 4);	/* ... the device writes desc 1 */
	CHECK_EQ_U(stats(&f).nc_clobbers, 1, "%s: clobber counted", t);
	civac(&f, rx_desc(&f, 0), LINE);
	CHECK(des3(rx_desc(&f, 1)) & RDES3_OWN,
	      "%s: descriptor 1's write-back is lost", t);
	fix_fini(&f);
}

/* A CPU write into a line the device wrote, then a clean: a clobber. */
static void
test_cpu_write_stale_line(void)
{
	const char *t = "cpu_write_stale_line";
	uint8_t frame[64];
	struct fix f;

	fix_init(&f, true, 6, 2, false);
	push_frame(&f, frame, sizeof(frame), 3);
	dwmac4_model_step(f.m, 4);
	buf_va(&f, 0)[70] = 0x55;	/* same line as bytes 64..127 */
	buf_va(&f, 0)[10] = 0x66;	/* a line the device wrote */
	clean(&f, buf_va(&f, 0), 128);
	CHECK_EQ_U(stats(&f).nc_clobbers, 1, "%s: one clobbered line", t);
	fix_fini(&f);
}

/* The completion barrier, as the driver's sync hook tells it. */
static void
fence(struct fix *f)
{
	dwmac4_model_cache_op(f->m, NULL, 0, MODEL_NC_FENCE);
}

/* TX descriptor @p i: one whole frame of @p len bytes from @p b, owned. */
static struct dwmac4_desc *
tx_fill(struct fix *f, unsigned int i, const uint8_t *b, uint32_t len)
{
	struct dwmac4_desc *d = tx_desc(f, i);

	d->des0 = (uint32_t)iova_of(f, b);
	d->des1 = 0;
	d->des2 = len;
	d->des3 = TDES3_OWN | TDES3_FIRST_DESCRIPTOR | TDES3_LAST_DESCRIPTOR |
		  len;
	return d;
}

/* The tail moved to slot @p next, then the device stepped: one frame sent. */
static void
tx_ring(struct fix *f, unsigned int next, const char *t)
{
	dwmac4_model_write32(f->m, DMA_CHAN_TX_END_ADDR(0),
			     (uint32_t)iova_of(f, tx_desc(f, next)));
	CHECK_EQ_U(dwmac4_model_step(f->m, 4), 1, "%s: sent", t);
}

/* A non-coherent fixture with DSL 6 and a TX buffer of @p len bytes. */
static uint8_t *
tx_setup(struct fix *f, size_t len, unsigned int k)
{
	uint8_t *b;
	size_t i;

	fix_init(f, true, 6, 0, false);
	b = buf_va(f, 4);
	for (i = 0; i < len; i++)
		b[i] = (uint8_t)(i * k + 1);
	return b;
}

/* TX: bytes and descriptors reach the device only once cleaned. */
static void
test_tx_clean(void)
{
	const char *t = "tx_clean";
	struct dwmac4_desc *d;
	struct fix f;
	uint8_t *b = tx_setup(&f, 300, 3);

	d = tx_fill(&f, 0, b, 300);
	/* Descriptor cleaned, data not: sent as DRAM holds it (zeros). */
	clean(&f, d, sizeof(*d));
	tx_ring(&f, 1, t);
	CHECK_EQ_U(f.sink->len, 300, "%s: length", t);
	CHECK(memcmp(f.sink->frame, b, 300) != 0, "%s: stale bytes sent", t);
	CHECK(stats(&f).nc_unclean_reads >= 1, "%s: unclean read counted", t);
	/* The write-back reaches the CPU after civac only. */
	CHECK(des3(d) & TDES3_OWN, "%s: stale TDES3 owned", t);
	civac(&f, d, sizeof(*d));
	CHECK(!(des3(d) & TDES3_OWN), "%s: TDES3 after civac", t);

	/* Data and descriptor cleaned: byte-exact. */
	d = tx_fill(&f, 1, b, 300);
	clean(&f, b, 300);
	clean(&f, d, sizeof(*d));
	uint64_t before = stats(&f).nc_unclean_reads;

	tx_ring(&f, 2, t);
	CHECK(memcmp(f.sink->frame, b, 300) == 0, "%s: exact bytes", t);
	CHECK_EQ_U(stats(&f).nc_unclean_reads, before, "%s: no new unclean", t);
	CHECK_EQ_U(stats(&f).nc_clobbers, 0, "%s: no clobber", t);
	fix_fini(&f);
}

/*
 * The TX DMA's descriptor prefetch (docs/model.md): a descriptor is in
 * the DMA's reach from the moment its line is in DRAM, whatever the tail
 * says. Its buffer cleaned with no completion barrier before the
 * descriptor's clean may not be in DRAM yet: the frame, once sent, is
 * counted in nc_tx_stale. A barrier in between (the driver's fence after
 * the payload cleans) or a descriptor not owned when cleaned: nothing
 * counted. A TX tail written as base + N * stride is counted apart.
 */
static void
test_tx_prefetch_stale(void)
{
	const char *t = "tx_prefetch_stale";
	struct dwmac4_desc *d;
	struct fix f;
	uint8_t *b = tx_setup(&f, 200, 7);

	/* Payload cleaned, descriptor written and cleaned, no dsb between. */
	clean(&f, b, 200);
	d = tx_fill(&f, 0, b, 200);
	clean(&f, d, sizeof(*d));
	fence(&f);
	/* Past the tail (still at slot 0): the doorbell comes later. */
	tx_ring(&f, 1, t);
	CHECK_EQ_U(stats(&f).nc_tx_stale, 1, "%s: no barrier: stale frame", t);
	CHECK_EQ_U(stats(&f).nc_unclean_reads, 0,
		   "%s: every byte was cleaned", t);

	/* The same with the barrier after the payload's clean: not counted. */
	b[0] ^= 0xff;
	clean(&f, b, 200);
	fence(&f);
	d = tx_fill(&f, 1, b, 200);
	clean(&f, d, sizeof(*d));
	fence(&f);
	tx_ring(&f, 2, t);
	CHECK_EQ_U(stats(&f).nc_tx_stale, 1, "%s: fenced: not counted", t);
	CHECK(memcmp(f.sink->frame, b, 200) == 0, "%s: exact bytes", t);

	/* Payload written and never cleaned: stale too (and unclean). */
	b[1] ^= 0xff;
	d = tx_fill(&f, 2, b, 200);
	clean(&f, d, sizeof(*d));
	fence(&f);
	tx_ring(&f, 3, t);
	CHECK_EQ_U(stats(&f).nc_tx_stale, 2, "%s: uncleaned: stale", t);
	CHECK(stats(&f).nc_unclean_reads >= 1, "%s: unclean read", t);

	/* OWN set only after the barrier (OpenBSD's order): not counted. */
	b[2] ^= 0xff;
	clean(&f, b, 200);
	d = tx_fill(&f, 3, b, 200);
	d->des3 &= ~TDES3_OWN;
	clean(&f, d, sizeof(*d));
	fence(&f);
	d->des3 |= TDES3_OWN;
	clean(&f, d, sizeof(*d));
	fence(&f);
	tx_ring(&f, 4, t);
	CHECK_EQ_U(stats(&f).nc_tx_stale, 2, "%s: OWN last: not counted", t);

	/* The ring end as a tail: accepted, counted apart. */
	CHECK_EQ_U(stats(&f).tx_tail_ring_end, 0, "%s: no ring-end tail", t);
	dwmac4_model_write32(f.m, DMA_CHAN_TX_END_ADDR(0),
			     (uint32_t)iova_of(&f, tx_desc(&f, NDESC)));
	CHECK_EQ_U(stats(&f).tx_tail_ring_end, 1, "%s: ring-end tail", t);
	CHECK_EQ_U(stats(&f).violations, 0, "%s: violations (%s)", t,
		   dwmac4_model_last_violation(f.m));
	fix_fini(&f);
}

/*
 * DRAM is shared by every model: a frame received by one port and sent
 * by another, untouched by the CPU in between, needs no maintenance.
 */
static void
test_two_models_share_dram(void)
{
	const char *t = "two_models";
	uint8_t frame[150];
	struct dwmac4_model_params p;
	struct dwmac4_model *tx_m;
	struct last_sink *sink;
	struct dwmac4_desc *d;
	struct fix f;

	fix_init(&f, true, 6, 2, false);
	push_frame(&f, frame, sizeof(frame), 4);
	dwmac4_model_step(f.m, 4);

	sink = calloc(1, sizeof(*sink));
	if (sink == NULL)
		abort();
	sink->base.put = last_sink_put;
	sink->base.destroy = last_sink_destroy;
	dwmac4_model_params_init(&p);
	p.tx_sink = &sink->base;
	p.nc_emulation = true;
	tx_m = dwmac4_model_create(&p);
	CHECK(tx_m != NULL, "%s: second model", t);
	/* Mapped after the first model wrote: DRAM is not snapshotted again. */
	CHECK_EQ_U(dwmac4_model_dma_map(tx_m, f.arena, ARENA_IOVA, ARENA_SIZE),
		   0, "%s: dma_map", t);
	dwmac4_model_write32(tx_m, GMAC_CONFIG, GMAC_CONFIG_DM | GMAC_CONFIG_TE);
	dwmac4_model_write32(tx_m, DMA_CHAN_CONTROL(0),
			     6u << DWMAC4_DMA_CHAN_CTRL_DSL_SHIFT);
	d = tx_desc(&f, 0);
	d->des0 = (uint32_t)iova_of(&f, buf_va(&f, 0));
	d->des1 = 0;
	d->des2 = sizeof(frame);
	d->des3 = TDES3_OWN | TDES3_FIRST_DESCRIPTOR | TDES3_LAST_DESCRIPTOR |
		  sizeof(frame);
	dwmac4_model_cache_op(tx_m, d, sizeof(*d), MODEL_NC_CLEAN);
	dwmac4_model_write32(tx_m, DMA_CHAN_TX_BASE_ADDR(0),
			     (uint32_t)iova_of(&f, d));
	dwmac4_model_write32(tx_m, DMA_CHAN_TX_RING_LEN(0),
			     DWMAC4_DMA_RING_LEN(NDESC));
	dwmac4_model_write32(tx_m, DMA_CHAN_TX_END_ADDR(0),
			     (uint32_t)iova_of(&f, tx_desc(&f, 1)));
	dwmac4_model_write32(tx_m, DMA_CHAN_TX_CONTROL(0), DMA_CONTROL_ST | MODEL_FIXTURE_PBL);
	CHECK_EQ_U(dwmac4_model_step(tx_m, 4), 1, "%s: sent", t);
	CHECK_EQ_U(sink->len, sizeof(frame), "%s: length", t);
	CHECK(memcmp(sink->frame, frame, sizeof(frame)) == 0,
	      "%s: received bytes forwarded", t);
	dwmac4_model_destroy(tx_m);
	fix_fini(&f);
}

/* Emulation off: cache operations change nothing, the device sees all. */
static void
test_coherent(void)
{
	const char *t = "coherent";
	uint8_t frame[90];
	struct dwmac4_model_stats st;
	struct fix f;

	fix_init(&f, false, 0, 4, true);	/* nothing cleaned */
	push_frame(&f, frame, sizeof(frame), 5);
	CHECK_EQ_U(dwmac4_model_step(f.m, 4), 1, "%s: moved", t);
	CHECK(memcmp(buf_va(&f, 0), frame, sizeof(frame)) == 0, "%s: data", t);
	civac(&f, buf_va(&f, 0), 64);
	st = stats(&f);
	CHECK_EQ_U(st.nc_civac_lines + st.nc_clean_lines + st.nc_clobbers +
		   st.nc_unclean_reads, 0, "%s: no nc counters", t);
	fix_fini(&f);
}

/*
 * A second copy of model_nc (another PMD plugin's) as a domain that counts
 * the calls it gets and passes them on to this copy's own interconnect.
 */
static const struct model_nc_domain *join_own;
static unsigned int join_calls[3];	/* attach, device accesses, maintenance */
static bool join_map_fails;		/* its map refuses (-ENOMEM) */

static int
join_attach(void)
{
	join_calls[0]++;
	return join_own->attach();
}

static void
join_detach(void)
{
	join_own->detach();
}

static unsigned int
join_users(void)
{
	return join_own->users();
}

static int
join_map(void *va, size_t len)
{
	if (join_map_fails)
		return -ENOMEM;
	return join_own->map(va, len);
}

static bool
join_read(void *dst, const void *cpu, size_t len)
{
	join_calls[1]++;
	return join_own->dev_read_quiet(dst, cpu, len);
}

static bool
join_stale(const void *cpu, size_t len)
{
	join_calls[1]++;
	return join_own->dev_read_stale(cpu, len);
}

static void
join_unclean(struct model_nc_counters *c)
{
	join_own->count_unclean_read(c);
}

static void
join_write(struct model_nc_counters *c, void *cpu, const void *src,
	   size_t len, bool visible)
{
	join_calls[1]++;
	join_own->dev_write(c, cpu, src, len, visible);
}

static void
join_cpu_op(struct model_nc_counters *c, const void *addr, size_t len,
	    enum model_nc_op op)
{
	join_calls[2]++;
	join_own->cpu_op(c, addr, len, op);
}

/*
 * model_nc_join(): refused for another ABI and while a model of this copy
 * is attached; once joined, every call goes to the joined domain (a frame
 * received through it as before) and no second domain is joined. Last:
 * the copy stays joined.
 */
static void
test_join(void)
{
	const char *t = "join";
	/* Static: the copy stays joined to it after the test. */
	static struct model_nc_domain other;
	struct model_nc_domain bad;
	uint8_t frame[120];
	struct fix f;

	join_own = model_nc_domain();
	other = (struct model_nc_domain){
		.abi = MODEL_NC_ABI, .attach = join_attach,
		.detach = join_detach, .users = join_users, .map = join_map,
		.dev_read_quiet = join_read, .dev_read_stale = join_stale,
		.count_unclean_read = join_unclean,
		.dev_write = join_write, .cpu_op = join_cpu_op,
	};
	bad = other;
	bad.abi = MODEL_NC_ABI + 1;
	CHECK_EQ_U(model_nc_join(NULL), -EINVAL, "%s: NULL", t);
	CHECK_EQ_U(model_nc_join(&bad), -EINVAL, "%s: another ABI", t);
	CHECK_EQ_U(model_nc_join(join_own), 0, "%s: its own domain", t);
	fix_init(&f, true, 6, 2, false);
	CHECK_EQ_U(model_nc_users(), 1, "%s: one model attached", t);
	CHECK_EQ_U(model_nc_join(&other), -EBUSY, "%s: a model attached", t);
	fix_fini(&f);
	CHECK_EQ_U(model_nc_users(), 0, "%s: detached", t);

	CHECK_EQ_U(model_nc_join(&other), 0, "%s: joined", t);
	CHECK(model_nc_domain() == &other, "%s: the joined domain is used", t);
	fix_init(&f, true, 6, 2, false);
	push_frame(&f, frame, sizeof(frame), 6);
	CHECK_EQ_U(dwmac4_model_step(f.m, 4), 1, "%s: received", t);
	civac(&f, buf_va(&f, 0), sizeof(frame));
	CHECK(memcmp(buf_va(&f, 0), frame, sizeof(frame)) == 0,
	      "%s: data through the joined domain", t);
	CHECK_EQ_U(join_calls[0], 1, "%s: attach went to the joined domain", t);
	CHECK(join_calls[1] != 0 && join_calls[2] != 0,
	      "%s: device accesses (%u) and maintenance (%u) too", t,
	      join_calls[1], join_calls[2]);
	CHECK_EQ_U(stats(&f).nc_clobbers, 0, "%s: no clobber", t);
	fix_fini(&f);
	CHECK_EQ_U(model_nc_join(join_own), -EBUSY, "%s: no second join", t);
}

/*
 * A DMA map whose shadow the interconnect cannot take fails whole: the
 * IOMMU region mapped before it is gone again, so the same range maps
 * once the interconnect has room. Runs in the joined domain (test_join()).
 */
static void
test_map_nc_fails(void)
{
	const char *t = "map_nc_fails";
	static uint8_t extra[4096] __attribute__((aligned(4096)));
	const uint64_t iova = ARENA_IOVA + 2ull * ARENA_SIZE;
	struct fix f;

	fix_init(&f, true, 6, 2, false);
	join_map_fails = true;
	CHECK_EQ_U(dwmac4_model_dma_map(f.m, extra, iova, sizeof(extra)),
		   -ENOMEM, "%s: the shadow's failure returned", t);
	CHECK_EQ_U(dwmac4_model_dma_unmap(f.m, iova), -ENOENT,
		   "%s: nothing left mapped", t);
	join_map_fails = false;
	CHECK_EQ_U(dwmac4_model_dma_map(f.m, extra, iova, sizeof(extra)), 0,
		   "%s: the same range maps later", t);
	CHECK_EQ_U(dwmac4_model_dma_unmap(f.m, iova), 0, "%s: unmapped", t);
	CHECK_EQ_U(stats(&f).violations, 0, "%s: no violation", t);
	fix_fini(&f);
}

int
main(void)
{
	harness_seed_from_env(1);
	test_dsl_stride(false);
	test_dsl_stride(true);
	test_rx_desc_not_cleaned();
	test_rx_rewrite_window();
	test_rx_invalidate();
	test_rx_early_prefetch();
	test_packed_clobber();
	test_cpu_write_stale_line();
	test_tx_clean();
	test_tx_prefetch_stale();
	test_two_models_share_dram();
	test_coherent();
	test_join();
	test_map_nc_fails();
	return harness_result("test_model_nc");
}
