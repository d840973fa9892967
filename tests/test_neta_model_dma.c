/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The neta model's DMA gates in step mode, through registers and
 * descriptors only (tests/neta_model_drv.h), each against a port brought
 * up as Linux's mvneta does and then undone in one place:
 *   - reset: windows disabled (BASE_ADDR_ENABLE 0x3f, no access), TX
 *     buckets 0, TX_MTU and bucket sizes for a VLAN-tagged 1518-byte
 *     frame (U-Boot never writes them): such a frame goes, one byte more
 *     waits;
 *   - an RX descriptor or buffer outside every enabled window, or in a
 *     read-only one: nothing lands in memory, viol_dma_window, the unit's
 *     "no match" / "violation" cause bit and the error address latched, the
 *     queue hung; a window with a high remap holds nothing;
 *   - a TX descriptor outside the windows: nothing sent, the descriptors
 *     stay pending;
 *   - TX tokens: an empty bucket without refill sends nothing
 *     (tx_token_stalls once); a count for one frame sends exactly one; a
 *     refill configuration lets the rest go; a frame over TX_MTU or a
 *     bucket size waits;
 *   - MBUS_RETRY without the retry enable, SDMA_CONFIG swapping, ACC_MODE
 *     EXT2: viol_bad_config at the queue's enable, RX frames dropped
 *     (rx_dropped_config), TX frames held.
 */
#include <stdio.h>

#include "harness.h"
#include "model_fixture.h"
#include "neta_model_drv.h"

#define RING	16u
#define BUF	2048u
/* TX_MTU and the bucket sizes at reset: 1518 bytes, a VLAN tag, the FCS. */
#define RESET_TX_BITS	(1522u * MVNETA_TX_MTU_BITS_PER_BYTE)

/* A 64-byte frame numbered @p seq. */
static void
push(struct model_fixture_qsrc *src, uint8_t seq)
{
	uint8_t f[64];

	memset(f, seq, sizeof(f));
	memset(f, 0xff, 6);
	f[12] = 0x88;
	f[13] = 0xb5;
	model_fixture_qsrc_push(src, f, sizeof(f));
}

/* A port as Linux leaves it, fed by @p *src (may be NULL: no RX). */
static void
open_port(struct drv *d, struct model_fixture_qsrc **src)
{
	struct neta_model_params p;

	neta_model_params_init(&p);
	if (src != NULL) {
		*src = model_fixture_qsrc_create(false);
		p.rx_src = &(*src)->base;
	}
	if (drv_open(d, &p) != 0) {
		fprintf(stderr, "drv_open failed\n");
		exit(1);
	}
}

static bool
zero(const uint8_t *p, size_t len)
{
	size_t i;

	for (i = 0; i < len; i++)
		if (p[i] != 0)
			return false;
	return true;
}

static void
test_reset_state(void)
{
	struct neta_model_params p;
	struct neta_model *m;
	unsigned int q;

	neta_model_params_init(&p);
	m = neta_model_create(&p);
	CHECK(m != NULL, "create");
	if (m == NULL)
		return;
	CHECK_EQ_U(neta_model_peek32(m, MVNETA_BASE_ADDR_ENABLE), 0x3f,
		   "reset: every window disabled");
	CHECK_EQ_U(neta_model_peek32(m, MVNETA_ACCESS_PROTECT_ENABLE), 0,
		   "reset: no access through any window");
	CHECK_EQ_U(neta_model_peek32(m, MVNETA_TX_MTU), RESET_TX_BITS,
		   "reset: TX_MTU a 1522-byte frame");
	CHECK_EQ_U(neta_model_peek32(m, MVNETA_TX_TOKEN_SIZE), RESET_TX_BITS,
		   "reset: port bucket size the same");
	for (q = 0; q < MVNETA_MAX_TXQ; q++) {
		CHECK_EQ_U(neta_model_peek32(m, MVETH_TXQ_TOKEN_CFG_REG(q)) |
			   neta_model_peek32(m, MVETH_TXQ_TOKEN_COUNT_REG(q)), 0,
			   "reset: queue %u bucket empty", q);
		CHECK_EQ_U(neta_model_peek32(m, MVNETA_TXQ_TOKEN_SIZE_REG(q)),
			   RESET_TX_BITS, "reset: queue %u bucket size", q);
	}
	CHECK_EQ_U(neta_model_peek32(m, MVNETA_MBUS_RETRY) |
		   neta_model_peek32(m, MVNETA_SDMA_CONFIG) |
		   neta_model_peek32(m, MVNETA_ACC_MODE), 0,
		   "reset: MBUS_RETRY, SDMA_CONFIG, ACC_MODE 0");
	neta_model_destroy(m);
}

/*
 * RX with the windows as @p setup leaves them: the frame must not land,
 * the unit reports @p cause, and the queue stops.
 */
static void
rx_refused(const char *what, void (*setup)(struct drv *d), uint32_t cause)
{
	struct model_fixture_qsrc *src;
	struct neta_model_stats st;
	struct drv d;

	open_port(&d, &src);
	drv_rx_setup(&d, 0, RING, BUF);
	setup(&d);
	push(src, 1);
	push(src, 2);
	neta_model_step(d.m, 8);
	st = drv_stats(&d);
	CHECK_EQ_U(st.rx_delivered, 0, "%s: nothing delivered", what);
	CHECK_EQ_U(st.viol_dma_window, 1, "%s: one access refused (%s)", what,
		   neta_model_last_violation(d.m));
	CHECK_EQ_U(st.rx_dropped_hung, 2, "%s: the queue stopped", what);
	CHECK(zero(d.rxq[0].bufs, (size_t)RING * DRV_BUF_STRIDE),
	      "%s: no byte landed in a buffer", what);
	CHECK(le32toh(d.rxq[0].ring[0].status) == 0 &&
	      le32toh(d.rxq[0].ring[0].size) == MVNETA_DESC_WATERMARK,
	      "%s: the descriptor not written back", what);
	CHECK_EQ_U(drv_rd(&d, MVNETA_UNIT_INTR_CAUSE) &
		   (MVNETA_UNIT_INTR_ADDR_VIOL | MVNETA_UNIT_INTR_ADDR_NO_MATCH),
		   cause, "%s: the unit's cause", what);
	CHECK_EQ_U(drv_rd(&d, MVNETA_UNIT_ERR_ADDR),
		   (uint32_t)drv_iova(&d, d.rxq[0].ring), "%s: the address latched",
		   what);
	drv_wr(&d, MVNETA_UNIT_INTR_CAUSE, 0);
	CHECK_EQ_U(drv_rd(&d, MVNETA_UNIT_INTR_CAUSE), 0,
		   "%s: the cause clears on writing 0", what);
	drv_close(&d);
}

static void
win_all_off(struct drv *d)
{
	drv_wr(d, MVNETA_BASE_ADDR_ENABLE, MVNETA_BASE_ADDR_ENABLE_ALL_OFF);
}

static void
win_read_only(struct drv *d)
{
	drv_wr(d, MVNETA_ACCESS_PROTECT_ENABLE, MVNETA_WIN_PROTECT_RO);
}

/* A 1 GiB window that ends below the arena. */
static void
win_elsewhere(struct drv *d)
{
	drv_wr(d, MVNETA_WIN_SIZE(0), (0x40000000u - 1u) & MVNETA_WIN_SIZE_MASK);
}

static void
test_rx_windows(void)
{
	struct model_fixture_qsrc *src;
	struct neta_model_stats st;
	struct drv d;

	rx_refused("windows disabled", win_all_off,
		   MVNETA_UNIT_INTR_ADDR_NO_MATCH);
	rx_refused("window read-only", win_read_only,
		   MVNETA_UNIT_INTR_ADDR_VIOL);
	rx_refused("window below the memory", win_elsewhere,
		   MVNETA_UNIT_INTR_ADDR_NO_MATCH);

	/* The same port as Linux leaves it: delivered. */
	open_port(&d, &src);
	drv_rx_setup(&d, 0, RING, BUF);
	push(src, 1);
	neta_model_step(d.m, 8);
	st = drv_stats(&d);
	CHECK_EQ_U(st.rx_delivered, 1, "Linux's window: delivered");
	CHECK_EQ_U(st.violations, 0, "Linux's window: no violation (%s)",
		   neta_model_last_violation(d.m));
	drv_close(&d);
}

/*
 * A port whose arena lies in 4 GiB line 3 (IOVA 3 << 32 | DRV_IOVA_BASE)
 * while other memory lies in line 0, as a host's DPDK memory may: window
 * 0's high remap register @p high gives the target's bits 63:32. One
 * frame offered; the counters.
 */
static struct neta_model_stats
rx_in_line(uint32_t high)
{
	struct model_fixture_qsrc *src;
	struct neta_model_stats st;
	static uint8_t other[4096];
	struct drv d;

	open_port(&d, &src);
	CHECK(neta_model_dma_unmap(d.m, DRV_IOVA_BASE) == 0 &&
	      neta_model_dma_map(d.m, other, 0x10000000ull, sizeof(other)) == 0 &&
	      neta_model_dma_map(d.m, d.arena, 3ull << 32 | DRV_IOVA_BASE,
				 DRV_ARENA_SIZE) == 0,
	      "line %u: memory in lines 0 and 3", high);
	drv_wr(&d, MVNETA_WIN_REMAP(0), high);
	drv_rx_setup(&d, 0, RING, BUF);
	push(src, 1);
	neta_model_step(d.m, 8);
	st = drv_stats(&d);
	if (st.violations != 0)
		printf("line %u: %s\n", high, neta_model_last_violation(d.m));
	drv_close(&d);
	return st;
}

static void
test_rx_window_high(void)
{
	struct neta_model_stats st = rx_in_line(3);

	CHECK_EQ_U(st.rx_delivered, 1, "line 3 remapped: delivered");
	CHECK_EQ_U(st.violations, 0, "line 3 remapped: no violation");
	st = rx_in_line(0);
	CHECK_EQ_U(st.rx_delivered, 0, "line 0: nothing delivered");
	CHECK(st.viol_dma_outside != 0 && st.viol_dma_window == 0,
	      "line 0: the window holds the bus address, no memory is there "
	      "(outside %" PRIu64 ", window %" PRIu64 ")",
	      st.viol_dma_outside, st.viol_dma_window);
}

/* Frames @p n of 60 bytes on TX queue 0, made pending. */
static void
tx_frames(struct drv *d, unsigned int n)
{
	uint8_t f[60];
	unsigned int i;

	memset(f, 0x11, sizeof(f));
	memset(f, 0xff, 6);
	for (i = 0; i < n; i++)
		drv_tx_put(d, 0, f, sizeof(f), 0);
	drv_wr(d, MVNETA_TXQ_UPDATE_REG(0), n);
}

static uint32_t
tx_pending(struct drv *d)
{
	return drv_rd(d, MVNETA_TXQ_STATUS_REG(0)) & MVNETA_TXQ_PENDING_DESC_MASK;
}

/* A TX-only port, queue 0 set up as Linux does. */
static void
open_tx(struct drv *d)
{
	open_port(d, NULL);
	drv_tx_setup(d, 0, RING);
}

/* @p n more frames made pending, then an engine pass: the counters. */
static struct neta_model_stats
tx_step(struct drv *d, unsigned int n)
{
	if (n != 0)
		tx_frames(d, n);
	neta_model_step(d->m, 8);
	return drv_stats(d);
}

static void
test_tx_window(void)
{
	struct neta_model_stats st;
	struct drv d;

	open_tx(&d);
	win_all_off(&d);
	st = tx_step(&d, 2);
	CHECK_EQ_U(st.tx_frames, 0, "TX outside the windows: nothing sent");
	CHECK_EQ_U(st.viol_dma_window, 1, "TX: one access refused");
	CHECK_EQ_U(tx_pending(&d), 2, "TX: the descriptors stay pending");
	drv_close(&d);
}

/* Bits a 60-byte frame takes from the bucket: 64 bytes on the wire. */
#define FRAME_BITS	(64u * MVNETA_TX_MTU_BITS_PER_BYTE)

static void
test_tx_tokens(void)
{
	struct neta_model_stats st;
	struct drv d;

	open_tx(&d);
	drv_wr(&d, MVETH_TXQ_TOKEN_CFG_REG(0), 0);
	drv_wr(&d, MVETH_TXQ_TOKEN_COUNT_REG(0), 0);
	tx_step(&d, 3);
	st = tx_step(&d, 0);
	CHECK_EQ_U(st.tx_frames, 0, "no tokens: nothing sent");
	CHECK_EQ_U(st.tx_token_stalls, 1, "no tokens: one stall counted");
	CHECK_EQ_U(tx_pending(&d), 3, "no tokens: all pending");
	CHECK_EQ_U(st.violations, 0, "no tokens is no violation");

	drv_wr(&d, MVETH_TXQ_TOKEN_COUNT_REG(0), FRAME_BITS + FRAME_BITS / 2);
	st = tx_step(&d, 0);
	CHECK_EQ_U(st.tx_frames, 1, "tokens for one frame: one sent");
	CHECK_EQ_U(drv_rd(&d, MVETH_TXQ_TOKEN_COUNT_REG(0)), FRAME_BITS / 2,
		   "its bits taken from the bucket");
	CHECK_EQ_U(st.tx_token_stalls, 2, "the next one waits again");
	drv_wr(&d, MVETH_TXQ_TOKEN_CFG_REG(0), MVNETA_TXQ_TOKEN_CFG_MAX);
	st = tx_step(&d, 0);
	CHECK_EQ_U(st.tx_frames, 3, "a refilling bucket: the rest sent");
	CHECK_EQ_U(tx_pending(&d), 0, "nothing pending");

	/* A frame over TX_MTU, then over the queue's bucket size. */
	drv_wr(&d, MVNETA_TX_MTU, FRAME_BITS - 8u);
	CHECK_EQ_U(tx_step(&d, 1).tx_frames, 3, "over TX_MTU: waits");
	drv_wr(&d, MVNETA_TX_MTU, FRAME_BITS);
	drv_wr(&d, MVNETA_TXQ_TOKEN_SIZE_REG(0), FRAME_BITS - 8u);
	CHECK_EQ_U(tx_step(&d, 0).tx_frames, 3, "over the bucket size: waits");
	drv_wr(&d, MVNETA_TXQ_TOKEN_SIZE_REG(0), FRAME_BITS);
	st = tx_step(&d, 0);
	CHECK_EQ_U(st.tx_frames, 4, "sizes for the frame: sent");
	CHECK_EQ_U(st.violations, 0, "tokens: no violation (%s)",
		   neta_model_last_violation(d.m));
	drv_close(&d);
}

/*
 * TX_MTU and the bucket sizes back at their reset values (U-Boot's
 * mvneta.c never writes them, and sends on the silicon): a 1518-byte
 * frame with a VLAN tag goes, one byte more waits for a driver to raise
 * them.
 */
static void
test_tx_reset_sizes(void)
{
	struct neta_model_stats st;
	uint8_t f[1519];
	struct drv d;

	open_tx(&d);
	drv_wr(&d, MVNETA_TX_MTU, RESET_TX_BITS);
	drv_wr(&d, MVNETA_TX_TOKEN_SIZE, RESET_TX_BITS);
	drv_wr(&d, MVNETA_TXQ_TOKEN_SIZE_REG(0), RESET_TX_BITS);
	memset(f, 0x22, sizeof(f));
	memset(f, 0xff, 6);
	f[12] = 0x81;		/* 802.1Q */
	f[13] = 0x00;
	drv_tx_put(&d, 0, f, 1518, 0);
	drv_wr(&d, MVNETA_TXQ_UPDATE_REG(0), 1);
	st = tx_step(&d, 0);
	CHECK_EQ_U(st.tx_frames, 1, "reset sizes: a VLAN-tagged 1518-byte frame sent");
	drv_tx_put(&d, 0, f, 1519, 0);
	drv_wr(&d, MVNETA_TXQ_UPDATE_REG(0), 1);
	st = tx_step(&d, 0);
	CHECK_EQ_U(st.tx_frames, 1, "reset sizes: 1519 bytes wait");
	CHECK_EQ_U(st.tx_token_stalls, 1, "reset sizes: the wait counted");
	CHECK_EQ_U(tx_pending(&d), 1, "reset sizes: still pending");
	CHECK_EQ_U(st.violations, 0, "reset sizes: no violation (%s)",
		   neta_model_last_violation(d.m));
	drv_close(&d);
}

struct bad_config {
	const char *what;
	uint32_t off, val;
	bool rx;		/* only RX runs into it (ACC_MODE) */
};

static void
test_bad_config(void)
{
	static const struct bad_config cases[] = {
		{ "MBUS_RETRY without retry", MVNETA_MBUS_RETRY, 0, false },
		{ "SDMA_CONFIG swapping data", MVNETA_SDMA_CONFIG,
		  MVNETA_RX_BRST_SZ_MASK(MVNETA_SDMA_BRST_SIZE_16) |
		  MVNETA_TX_BRST_SZ_MASK(MVNETA_SDMA_BRST_SIZE_16), false },
		{ "SDMA_CONFIG swapping descriptors", MVNETA_SDMA_CONFIG,
		  MVNETA_RX_NO_DATA_SWAP | MVNETA_TX_NO_DATA_SWAP |
		  MVNETA_DESC_SWAP, false },
		{ "SDMA_CONFIG reserved burst", MVNETA_SDMA_CONFIG,
		  MVNETA_RX_BRST_SZ_MASK(7) | MVNETA_RX_NO_DATA_SWAP |
		  MVNETA_TX_NO_DATA_SWAP, false },
		{ "ACC_MODE EXT2 (hardware buffers)", MVNETA_ACC_MODE,
		  MVNETA_ACC_MODE_EXT2, true },
	};
	struct model_fixture_qsrc *src;
	struct neta_model_stats st;
	unsigned int i;
	struct drv d;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		const struct bad_config *c = &cases[i];

		open_port(&d, &src);
		drv_wr(&d, c->off, c->val);
		drv_rx_setup(&d, 0, RING, BUF);
		drv_tx_setup(&d, 0, RING);
		push(src, 1);
		tx_frames(&d, 1);
		neta_model_step(d.m, 8);
		st = drv_stats(&d);
		CHECK_EQ_U(st.viol_bad_config, c->rx ? 1 : 2,
			   "%s: counted at each queue's enable (%s)", c->what,
			   neta_model_last_violation(d.m));
		CHECK_EQ_U(st.rx_delivered, 0, "%s: nothing received", c->what);
		CHECK_EQ_U(st.rx_dropped_config, 1, "%s: the frame dropped",
			   c->what);
		CHECK_EQ_U(st.tx_frames, c->rx ? 1 : 0, "%s: TX %s", c->what,
			   c->rx ? "unaffected" : "holds its frame");
		drv_close(&d);
	}

	/* Changed under a running queue: counted too. */
	open_tx(&d);
	CHECK_EQ_U(drv_stats(&d).viol_bad_config, 0, "Linux's configuration");
	drv_wr(&d, MVNETA_MBUS_RETRY, 0);
	CHECK_EQ_U(drv_stats(&d).viol_bad_config, 1,
		   "MBUS_RETRY cleared under an enabled queue");
	drv_close(&d);
}

int
main(void)
{
	test_reset_state();
	test_rx_windows();
	test_rx_window_high();
	test_tx_window();
	test_tx_tokens();
	test_tx_reset_sizes();
	test_bad_config();
	return harness_result("test_neta_model_dma");
}
