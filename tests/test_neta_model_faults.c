/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The neta model's fault knobs and its strictness, table-driven, in step
 * mode through registers and descriptors only (tests/neta_model_drv.h):
 *  - each knob at 100% on good IPv4/TCP frames: what the descriptors show
 *    and that the knob's counter counts every frame;
 *  - the occupied count ahead of the write-back: a driver guarded as
 *    Marvell's user-space driver is (the watermark) gets every frame
 *    intact and no violation; one that trusts RXQ_STATUS alone returns
 *    descriptors it read unwritten, counted in viol_unwritten_read;
 *  - each driver omission the hardware would punish (a NULL or unmapped
 *    buffer, a bad ring, ring registers rewritten while enabled, a bad
 *    register offset, a malformed TX descriptor, reclaiming more than was
 *    sent) counted in its violation counter.
 */
#include <errno.h>
#include <stddef.h>
#include <stdio.h>

#include "harness.h"
#include "model_fixture.h"
#include "neta_model_drv.h"
#include "neta_model_frames.h"

#define NF	24u		/* frames per case */
#define FLEN	200u

static struct model_fixture_qsrc *
open_faults_src(struct drv *d, const struct neta_model_faults *f, bool finite)
{
	struct model_fixture_qsrc *src = model_fixture_qsrc_create(finite);
	struct neta_model_params p;
	unsigned int i;

	neta_model_params_init(&p);
	p.rx_src = &src->base;
	p.flow_control = true;
	if (f != NULL)
		p.faults = *f;
	if (drv_open(d, &p) != 0)
		exit(1);
	for (i = 0; i < NF; i++)
		model_fixture_qsrc_push_owned(src, nf_ipv4(FLEN, 6, i), FLEN);
	return src;
}

/* NF frames, the source then open (more may come). */
static struct model_fixture_qsrc *
open_faults(struct drv *d, const struct neta_model_faults *f)
{
	return open_faults_src(d, f, false);
}

static uint64_t
stat_at(struct drv *d, size_t off)
{
	struct neta_model_stats st;

	neta_model_get_stats(d->m, &st);
	return *(const uint64_t *)((const uint8_t *)&st + off);
}

/* ---- Knobs ---- */

struct knob_case {
	const char *name;
	struct neta_model_faults f;
	size_t counter;		/* offsetof(struct neta_model_stats, ...) */
	/* What one descriptor must show; @p frame is the frame sent. */
	void (*check)(const struct drv_rx_seen *s, const uint8_t *frame);
};

static void
check_err(const struct drv_rx_seen *s, const uint8_t *frame)
{
	uint32_t fcs = htole32(model_fixture_crc32(frame, FLEN));
	bool fcs_ok = memcmp(s->buf + DRV_PKT_OFFSET + 2 + FLEN, &fcs, 4) == 0;

	CHECK(s->status & MVNETA_RXD_ERR_SUMMARY, "err: ERR_SUMMARY");
	CHECK_EQ_U(fcs_ok, (s->status & MVNETA_RXD_ERR_CODE_MASK) !=
		   MVNETA_RXD_ERR_CRC, "err: a CRC error has a wrong FCS");
}

static void
check_len(const struct drv_rx_seen *s, const uint8_t *frame)
{
	(void)frame;
	CHECK(s->data_size <= MVNETA_MH_SIZE + MVNETA_ETH_FCS_LEN ||
	      s->data_size > 1984, "len: data_size %u is a lie", s->data_size);
	CHECK(!(s->status & MVNETA_RXD_ERR_SUMMARY), "len: no error flagged");
}

static void
check_csum_lie(const struct drv_rx_seen *s, const uint8_t *frame)
{
	CHECK(!(s->status & MVNETA_RXD_L4_CSUM_OK), "csum_lie: OK withheld");
	CHECK_EQ_U(s->status & MVNETA_RXD_L3_TYPE_MASK, MVNETA_RXD_L3_IP4_ERR,
		   "csum_lie: IPv4 header called bad");
	CHECK(memcmp(s->buf + DRV_PKT_OFFSET + 2, frame, FLEN) == 0,
	      "csum_lie: data intact");
}

static void
check_clean(const struct drv_rx_seen *s, const uint8_t *frame)
{
	CHECK_EQ_U(s->data_size, 2 + FLEN + 4, "data_size");
	CHECK_EQ_U(s->status & (MVNETA_RXD_L3_TYPE_MASK | MVNETA_RXD_L4_CSUM_OK |
				MVNETA_RXD_FIRST_LAST_DESC | MVNETA_RXD_ERR_SUMMARY),
		   MVNETA_RXD_L3_IP4_OK | MVNETA_RXD_L4_CSUM_OK |
		   MVNETA_RXD_FIRST_LAST_DESC, "status of a good frame");
	CHECK(memcmp(s->buf + DRV_PKT_OFFSET + 2, frame, FLEN) == 0,
	      "data intact");
}

static const struct knob_case knobs[] = {
	{ "none", { .seed = 1 }, offsetof(struct neta_model_stats, rx_delivered),
	  check_clean },
	{ "err", { .seed = 1, .err_ppm = 1000000 },
	  offsetof(struct neta_model_stats, rx_fault_err), check_err },
	{ "len", { .seed = 2, .len_ppm = 1000000 },
	  offsetof(struct neta_model_stats, rx_fault_len), check_len },
	{ "csum_lie", { .seed = 3, .csum_lie_ppm = 1000000 },
	  offsetof(struct neta_model_stats, rx_fault_csum_lie), check_csum_lie },
	/* The guarded driver sees the late write-backs only once landed. */
	{ "wb_late", { .seed = 4, .wb_late_ppm = 1000000 },
	  offsetof(struct neta_model_stats, rx_fault_wb_late), check_clean },
};

static void
run_knob(const struct knob_case *kc)
{
	struct drv d;
	struct drv_rx_seen s[NF];
	unsigned int got = 0, polls, j;
	uint32_t n;
	uint8_t *ref;

	open_faults(&d, &kc->f);
	drv_rx_setup(&d, 0, 32, 1984);
	for (polls = 0; got < NF && polls < 100; polls++) {
		neta_model_step(d.m, 4);
		n = drv_rx_harvest(&d, 0, s, NF);
		for (j = 0; j < n; j++, got++) {
			ref = nf_ipv4(FLEN, 6, got);
			kc->check(&s[j], ref);
			free(ref);
		}
		drv_rx_done(&d, 0, n);
	}
	CHECK_EQ_U(got, NF, "%s: every frame harvested", kc->name);
	CHECK_EQ_U(stat_at(&d, kc->counter), NF, "%s: counted per frame",
		   kc->name);
	CHECK_EQ_U(stat_at(&d, offsetof(struct neta_model_stats, violations)),
		   0, "%s: no violation (%s)", kc->name,
		   neta_model_last_violation(d.m));
	if (kc->f.wb_late_ppm != 0)
		CHECK_EQ_U(stat_at(&d, offsetof(struct neta_model_stats,
						rx_wb_late_landed)), NF,
			   "wb_late: every write-back landed");
	if (kc->f.err_ppm != 0)
		CHECK_EQ_U(stat_at(&d, offsetof(struct neta_model_stats,
						rx_delivered_err)), NF,
			   "err: delivered with an error");
	drv_close(&d);
}

/* A driver that trusts RXQ_STATUS alone: no watermark check. */
static void
test_wb_late_unguarded(void)
{
	struct neta_model_faults f = { .seed = 5, .wb_late_ppm = 1000000 };
	struct drv d;
	struct drv_rx_seen s[NF];
	uint32_t n;

	open_faults(&d, &f);
	d.watermark = false;
	drv_rx_setup(&d, 0, 32, 1984);
	neta_model_step(d.m, 4);
	n = drv_rx_harvest(&d, 0, s, NF);
	CHECK_EQ_U(n, 4, "unguarded: the count says 4");
	CHECK_EQ_U(s[0].status, 0, "unguarded: it read a descriptor as armed");
	drv_rx_done(&d, 0, n);
	CHECK_EQ_U(stat_at(&d, offsetof(struct neta_model_stats,
					viol_unwritten_read)), 4,
		   "unguarded: 4 descriptors returned unwritten");
	drv_close(&d);
}

/*
 * Idle only once every held-back write-back landed: a harness that stops
 * polling at the first empty poll after "idle" would otherwise leave the
 * frame whose write-back is pending, and every frame behind it, unread.
 */
static void
test_wb_late_idle(void)
{
	struct neta_model_faults f = { .seed = 6, .wb_late_ppm = 1000000 };
	struct drv d;
	struct drv_rx_seen s[NF];
	unsigned int got = 0, polls;
	uint32_t n;

	open_faults_src(&d, &f, true);	/* NF frames, then exhausted */
	drv_rx_setup(&d, 0, 32, 1984);
	neta_model_step(d.m, NF + 1);	/* every frame in, the source dry */
	CHECK(!neta_model_rx_idle(d.m),
	      "wb_late: not idle while write-backs are held back");
	for (polls = 0; got < NF && polls < 100; polls++) {
		n = drv_rx_harvest(&d, 0, s, NF);
		if (n == 0 && got < NF)
			CHECK(!neta_model_rx_idle(d.m),
			      "wb_late: an empty harvest with %u of %u frames read: not idle",
			      got, NF);
		drv_rx_done(&d, 0, n);
		got += n;
	}
	CHECK_EQ_U(got, NF, "wb_late: every frame harvested");
	CHECK(neta_model_rx_idle(d.m), "wb_late: idle once all landed and read");
	drv_close(&d);
}

/* ---- Driver omissions ---- */

struct viol_case {
	const char *name;
	void (*act)(struct drv *d);
	size_t counter;
	uint64_t want;
};

static void
act_null_buf(struct drv *d)
{
	d->rxq[0].ring[1].buf_phys_addr = 0;
	neta_model_step(d->m, NF);
}

static void
act_unmapped_buf(struct drv *d)
{
	d->rxq[0].ring[0].buf_phys_addr = htole32(0x1000);
	neta_model_step(d->m, NF);
}

static void
act_bad_ring(struct drv *d)
{
	drv_wr(d, MVNETA_RXQ_SIZE_REG(5), 0);
	drv_wr(d, MVNETA_RXQ_BASE_ADDR_REG(5), (uint32_t)DRV_IOVA_BASE);
	drv_wr(d, MVNETA_RXQ_CMD, 1u << 5);
}

static void
act_ring_running(struct drv *d)
{
	drv_wr(d, MVNETA_RXQ_BASE_ADDR_REG(0), (uint32_t)DRV_IOVA_BASE);
}

static void
act_bad_reg(struct drv *d)
{
	(void)drv_rd(d, 0x1402);
	drv_wr(d, NETA_MODEL_REG_WINDOW, 1);
}

static void
act_tx_bad_desc(struct drv *d)
{
	static const uint8_t frame[64] = { 0xff };

	drv_tx_setup(d, 0, 8);
	drv_tx_put(d, 0, frame, sizeof(frame), 0);
	d->txr[0][0].size = 0;
	drv_wr(d, MVNETA_TXQ_UPDATE_REG(0), 1);
	neta_model_step(d->m, 4);
}

static void
act_sent_underflow(struct drv *d)
{
	drv_tx_setup(d, 1, 8);
	drv_wr(d, MVNETA_TXQ_UPDATE_REG(1), 1u << MVNETA_TXQ_DEC_SENT_SHIFT);
}

static void
act_tx_overflow(struct drv *d)
{
	drv_tx_setup(d, 2, 512);
	drv_wr(d, MVNETA_TXQ_UPDATE_REG(2), 256);
}

static const struct viol_case viols[] = {
	{ "null_buf", act_null_buf,
	  offsetof(struct neta_model_stats, viol_null_buf), 1 },
	{ "unmapped_buf", act_unmapped_buf,
	  offsetof(struct neta_model_stats, viol_dma_outside), 1 },
	{ "bad_ring", act_bad_ring,
	  offsetof(struct neta_model_stats, viol_bad_ring), 1 },
	{ "ring_running", act_ring_running,
	  offsetof(struct neta_model_stats, viol_ring_running), 1 },
	{ "bad_reg", act_bad_reg,
	  offsetof(struct neta_model_stats, viol_bad_reg), 2 },
	{ "tx_bad_desc", act_tx_bad_desc,
	  offsetof(struct neta_model_stats, viol_tx_bad_desc), 1 },
	{ "sent_underflow", act_sent_underflow,
	  offsetof(struct neta_model_stats, viol_sent_underflow), 1 },
	{ "tx_update_overflow", act_tx_overflow,
	  offsetof(struct neta_model_stats, viol_update_overflow), 1 },
};

static void
run_viol(const struct viol_case *vc)
{
	struct drv d;

	open_faults(&d, NULL);
	drv_rx_setup(&d, 0, 32, 1984);
	vc->act(&d);
	CHECK_EQ_U(stat_at(&d, vc->counter), vc->want, "%s: counted (%s)",
		   vc->name, neta_model_last_violation(d.m));
	CHECK_EQ_U(stat_at(&d, offsetof(struct neta_model_stats, violations)),
		   vc->want, "%s: nothing else", vc->name);
	drv_close(&d);
}

/* A queue hung on a bad buffer drops what comes to it, until reset. */
static void
test_hang(void)
{
	struct drv d;
	struct neta_model_stats st;

	open_faults(&d, NULL);
	drv_rx_setup(&d, 0, 32, 1984);
	d.rxq[0].ring[0].buf_phys_addr = 0;
	neta_model_step(d.m, NF);
	neta_model_get_stats(d.m, &st);
	CHECK_EQ_U(st.rx_delivered, 0, "hang: nothing delivered");
	CHECK_EQ_U(st.rx_dropped_hung, NF, "hang: every frame dropped");
	CHECK_EQ_U(drv_rx_occupied(&d, 0), 0, "hang: nothing counted");
	drv_close(&d);
}

/*
 * The 32-bit bus: regions anywhere in the IOVA space (the window's high
 * remap register picks the 4 GiB line); a ring whose bytes pass the top
 * of the bus reaches nothing, even where memory goes on above it.
 */
static void
test_dma_window(void)
{
	struct neta_model_params p;
	struct neta_model *m;
	uint8_t *mem = aligned_alloc(4096, 65536);
	struct drv d;

	neta_model_params_init(&p);
	m = neta_model_create(&p);
	CHECK(m != NULL && mem != NULL, "window: model");
	if (m == NULL || mem == NULL) {
		free(mem);
		return;
	}
	CHECK_EQ_U(neta_model_dma_map(m, mem, 0x2ffff0000ull, 32768), 0,
		   "window: a region across 0x300000000");
	CHECK_EQ_U(neta_model_dma_map(m, mem + 32768, 0x10000000ull, 4096), 0,
		   "window: another 11 GiB below it");
	CHECK_EQ_U(neta_model_dma_map(m, mem + 40960, 0x7f0000000000ull, 4096),
		   0, "window: another far above");
	CHECK_EQ_U(neta_model_dma_map(m, mem + 49152, 0x2ffff4000ull, 4096),
		   (uint64_t)-EINVAL, "window: an overlapping one is refused");
	neta_model_destroy(m);
	free(mem);

	/* A ring at bus 0xffffffe0 of line 2, memory on past 0x300000000. */
	neta_model_params_init(&p);
	memset(&d, 0, sizeof(d));
	d.arena = aligned_alloc(4096, DRV_ARENA_SIZE);
	d.m = neta_model_create(&p);
	if (d.arena == NULL || d.m == NULL ||
	    neta_model_dma_map(d.m, d.arena, 0x2ffff8000ull,
			       DRV_ARENA_SIZE) != 0) {
		CHECK(0, "window: setup");
		return;
	}
	memset(d.arena, 0, DRV_ARENA_SIZE);
	drv_port_defaults(d.m);
	drv_wr(&d, MVNETA_WIN_REMAP(0), 2);
	drv_wr(&d, MVNETA_RXQ_BASE_ADDR_REG(0), 0xffffffe0u);
	drv_wr(&d, MVNETA_RXQ_SIZE_REG(0), 2u | (1984u / 8u) << 19);
	drv_wr(&d, MVNETA_RXQ_CONFIG_REG(0),
	       MVNETA_RXQ_PKT_OFFSET_MASK(DRV_PKT_OFFSET / 8u));
	drv_wr(&d, MVNETA_RXQ_CMD, 1);
	CHECK_EQ_U(stat_at(&d, offsetof(struct neta_model_stats,
					viol_dma_outside)), 1,
		   "window: the ring past the bus's top is refused (%s)",
		   neta_model_last_violation(d.m));
	CHECK_EQ_U(drv_rd(&d, MVNETA_RXQ_CMD) & 1u, 0,
		   "window: the queue is not enabled");
	/* One descriptor below the top: the same memory, reached. */
	drv_wr(&d, MVNETA_RXQ_SIZE_REG(0), 1u | (1984u / 8u) << 19);
	drv_wr(&d, MVNETA_RXQ_CMD, 1);
	CHECK_EQ_U(stat_at(&d, offsetof(struct neta_model_stats,
					violations)), 1,
		   "window: a ring ending at the top is taken (%s)",
		   neta_model_last_violation(d.m));
	drv_close(&d);
}

int
main(void)
{
	unsigned int i;

	harness_seed_rng(2);
	for (i = 0; i < sizeof(knobs) / sizeof(knobs[0]); i++)
		run_knob(&knobs[i]);
	test_wb_late_unguarded();
	test_wb_late_idle();
	for (i = 0; i < sizeof(viols) / sizeof(viols[0]); i++)
		run_viol(&viols[i]);
	test_hang();
	test_dma_window();
	return harness_result("test_neta_model_faults");
}
