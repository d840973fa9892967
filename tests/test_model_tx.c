/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * dwmac4 model, transmit side, in step mode: single and multi-descriptor
 * frames reach the sink byte-exact, write-back clears OWN (TDES3 exact),
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

/* ---- A sink that keeps the frames ---- */

#define QSINK_MAX 64u

struct qsink {
	struct model_traffic_sink base;
	uint8_t *frame[QSINK_MAX];
	size_t len[QSINK_MAX];
	unsigned int n;
};

static int
qsink_put(struct model_traffic_sink *s, const uint8_t *frame, size_t len)
{
	struct qsink *q = (struct qsink *)s;

	if (q->n == QSINK_MAX) {
		s->errors++;
		return -ENOSPC;
	}
	q->frame[q->n] = malloc(len);
	memcpy(q->frame[q->n], frame, len);
	q->len[q->n++] = len;
	s->frames++;
	s->bytes += len;
	return 0;
}

static void
qsink_destroy(struct model_traffic_sink *s)
{
	struct qsink *q = (struct qsink *)s;
	unsigned int i;

	for (i = 0; i < q->n; i++)
		free(q->frame[i]);
	free(q);
}

/* ---- A minimal driver ---- */

#define ARENA_SIZE (1u << 20)
#define ARENA_IOVA 0x123400000ull	/* above 4 GiB: TDES1 used */
#define BUF_OFF 0x10000u

struct fix {
	struct dwmac4_model *m;
	struct qsink *sink;	/* NULL: no sink */
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

static void
fix_init(struct fix *f, unsigned int n, bool with_sink)
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
		f->sink = calloc(1, sizeof(*f->sink));
		f->sink->base.put = qsink_put;
		f->sink->base.destroy = qsink_destroy;
		p.tx_sink = &f->sink->base;
	}
	f->m = dwmac4_model_create(&p);
	CHECK(f->m != NULL, "create");
	CHECK_EQ_U(dwmac4_model_dma_map(f->m, f->arena, ARENA_IOVA,
					ARENA_SIZE), 0, "map");
	ring = iova_of(f, f->ring);
	dwmac4_model_write32(f->m, GMAC_CONFIG, GMAC_CONFIG_DM | GMAC_CONFIG_TE);
	dwmac4_model_write32(f->m, DMA_CHAN_TX_BASE_ADDR_HI(0),
			     (uint32_t)(ring >> 32));
	dwmac4_model_write32(f->m, DMA_CHAN_TX_BASE_ADDR(0), (uint32_t)ring);
	dwmac4_model_write32(f->m, DMA_CHAN_TX_RING_LEN(0),
			     DWMAC4_DMA_RING_LEN(n));
	dwmac4_model_write32(f->m, DMA_CHAN_TX_END_ADDR(0), (uint32_t)ring);
	dwmac4_model_write32(f->m, DMA_CHAN_TX_CONTROL(0), DMA_CONTROL_ST | MODEL_FIXTURE_PBL);
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

int
main(void)
{
	harness_seed_from_env(0x5eed0002);
	test_single_and_multi();
	test_no_sink();
	test_bad_descriptors();
	test_ring_outside();
	return harness_result("test_model_tx");
}
