/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The SoC glue (drivers/stmmac_uio/stmmac_soc.c, docs/design/soc_glue.md)
 * against the model's SoC around the GMAC (model_soc=, docs/model.md "The
 * SoC around the GMAC"), which answers as the silicon does: a block held
 * in reset or unclocked reads 0, a wrong interface mode stops the core's
 * reset, a TX clock at another speed's rate loses every frame sent.
 *
 *  - hand-over: each controller the glue knows, in upstream U-Boot's state
 *    after dhcp (GMAC reset asserted), with its clocks gated as a kernel
 *    leaves clocks no driver claimed, and from the TRMs' reset values:
 *    the port comes up and frames flow both ways, the delay lines hold
 *    the node's tx_delay / rx_delay, no access reached the block while it
 *    was held; with soc=none the same board refuses the probe;
 *  - link speed: the partner renegotiates to 100 and to 10 Mbit/s while
 *    traffic runs; link_update switches MAC and TX clock, nothing sent
 *    after it is lost (soc_tx_dropped_clock, tx_dropped_speed stay 0).
 */
#include "pmd_harness.h"
#include "rte_pmd_stmmac_uio.h"

#define SOC_FRAMES	200
#define SOC_TX		64
#define SOC_RING	256
#define SOC_MAC		"02:00:00:00:5c:01"

struct soc_port {
	char name[32];
	uint16_t port;
	struct rte_mempool *mp;
	bool up;
};

static unsigned int soc_seq;

/* Probes @p args; false (and *log the probe's log) when it fails. */
static bool
soc_probe(struct soc_port *p, const char *args, char **log)
{
	char buf[PMD_HARNESS_ARGS_LEN];
	int port;

	memset(p, 0, sizeof(*p));
	snprintf(p->name, sizeof(p->name), "net_stmmac_uio%u", soc_seq++);
	if (pmd_harness_probe_logged(p->name, pmd_harness_args(args, buf,
				     sizeof(buf)), log) != 0)
		return false;
	port = pmd_harness_port(p->name);
	CHECK(port >= 0, "%s: no port", args);
	p->port = (uint16_t)(port < 0 ? 0 : port);
	return port >= 0;
}

static bool
soc_start(struct soc_port *p)
{
	char pool[32];

	snprintf(pool, sizeof(pool), "soc_pool%u", soc_seq);
	p->mp = eal_harness_pool(pool, 2048, RTE_PKTMBUF_HEADROOM + 2048);
	CHECK(p->mp != NULL, "%s: pool", p->name);
	if (p->mp == NULL)
		return false;
	p->up = pmd_harness_port_start(p->port, p->mp, SOC_RING, NULL) == 0;
	CHECK(p->up, "%s: start", p->name);
	return p->up;
}

static void
soc_down(struct soc_port *p)
{
	struct dwmac4_model_stats st = pmd_harness_model_stats(p->port);

	PMD_HARNESS_CHECK_NO_VIOLATION(p->port);
	CHECK_EQ_U(st.soc_unclocked_accesses, 0,
		   "%s: register accesses to the block while held or unclocked",
		   p->name);
	if (p->up)
		CHECK(rte_eth_dev_stop(p->port) == 0, "%s: stop", p->name);
	CHECK(rte_eth_dev_close(p->port) == 0, "%s: close", p->name);
	CHECK(rte_vdev_uninit(p->name) == 0, "%s: uninit", p->name);
	rte_mempool_free(p->mp);
}

/*
 * Sends @p n broadcast frames, then waits until the model accounted for
 * each one (sent, or lost to a speed or clock mismatch). Returns the
 * frames that reached the wire.
 */
static uint64_t
soc_tx(struct soc_port *p, unsigned int n)
{
	struct dwmac4_model_stats st0 = pmd_harness_model_stats(p->port), st;
	unsigned int sent = 0;
	uint64_t polls, done = 0;
	struct rte_mbuf *m;

	for (polls = 0; polls < PMD_HARNESS_MAX_POLLS && sent < n; polls++) {
		m = rte_pktmbuf_alloc(p->mp);
		if (m == NULL || rte_pktmbuf_append(m, 128) == NULL) {
			rte_pktmbuf_free(m);
			rte_eth_tx_burst(p->port, 0, NULL, 0);
			continue;
		}
		memset(rte_pktmbuf_mtod(m, void *), 0xff, 12);
		rte_pktmbuf_mtod_offset(m, uint8_t *, 12)[0] = 0x88;
		rte_pktmbuf_mtod_offset(m, uint8_t *, 13)[0] = 0xb5;
		if (rte_eth_tx_burst(p->port, 0, &m, 1) == 1)
			sent++;
		else
			rte_pktmbuf_free(m);
	}
	for (polls = 0; polls < PMD_HARNESS_MAX_POLLS && done < sent; polls++) {
		st = pmd_harness_model_stats(p->port);
		done = st.tx_frames + st.tx_dropped_speed + st.soc_tx_dropped_clock -
		       st0.tx_frames - st0.tx_dropped_speed - st0.soc_tx_dropped_clock;
		rte_eth_tx_burst(p->port, 0, NULL, 0);	/* reclaims */
		rte_pause();
	}
	CHECK_EQ_U(done, sent, "%s: every frame sent accounted for", p->name);
	st = pmd_harness_model_stats(p->port);
	return st.tx_frames - st0.tx_frames;
}

static uint32_t
soc_peek(uint16_t port, const char *map, uint32_t off)
{
	uint32_t v = 0;

	CHECK(rte_pmd_stmmac_uio_model_soc_peek(port, map, off, &v) == 0,
	      "peek %s %#x", map, off);
	return v;
}

struct soc_case {
	const char *args;		/* model_soc=... */
	const char *grf;		/* map of the delay lines, NULL: none */
	uint32_t dl_off;		/* their register */
	uint32_t dl_shift_rx;		/* RX field (TX at 0) */
	uint32_t dl_mask;
};

static const struct soc_case soc_cases[] = {
	{ "model_soc=rk3568,model_soc_gmac=0", "grf", 0x380, 8, 0x7f },
	{ "model_soc=rk3568,model_soc_gmac=1", "grf", 0x388, 8, 0x7f },
	{ "model_soc=rk3588,model_soc_gmac=0", "grf", 0x320, 8, 0xff },
	{ "model_soc=rk3588,model_soc_gmac=1", "grf", 0x324, 8, 0xff },
	{ "model_soc=imx8mp", NULL, 0, 0, 0 },
};

/* One board state: the glue brings the port up, frames flow both ways. */
static void
hand_over(const struct soc_case *c, const char *state)
{
	char args[256], *log = NULL;
	struct soc_port p;
	uint64_t rx, tx;
	uint32_t dl;

	/*
	 * mac=: the reset U-Boot asserted cleared MAC_Address0, as on the
	 * board (the frames are addressed to the board's address).
	 */
	snprintf(args, sizeof(args), "%s%s,mac=" SOC_MAC ",model_soc_tx_delay=33,"
		 "model_soc_rx_delay=19,gen_pkts=" RTE_STR(SOC_FRAMES),
		 c->args, state);
	if (!soc_probe(&p, args, &log)) {
		CHECK(0, "%s: probe failed: %s", args, log ? log : "");
		free(log);
		return;
	}
	free(log);
	if (c->grf != NULL) {
		dl = soc_peek(p.port, c->grf, c->dl_off);
		CHECK_EQ_U(dl & c->dl_mask, 33, "%s: TX delay line", args);
		CHECK_EQ_U(dl >> c->dl_shift_rx & c->dl_mask, 19,
			   "%s: RX delay line", args);
	}
	if (soc_start(&p)) {
		rx = pmd_harness_rx_until(p.port, SOC_FRAMES, NULL, NULL);
		CHECK_EQ_U(rx, SOC_FRAMES, "%s: frames received", args);
		tx = soc_tx(&p, SOC_TX);
		CHECK_EQ_U(tx, SOC_TX, "%s: frames sent", args);
	}
	soc_down(&p);
}

static void
test_hand_over(void)
{
	unsigned int i;

	for (i = 0; i < RTE_DIM(soc_cases); i++) {
		hand_over(&soc_cases[i], "");
		hand_over(&soc_cases[i], ",model_soc_boot=cold");
		if (strstr(soc_cases[i].args, "rk35") != NULL)
			hand_over(&soc_cases[i], ",model_soc_gated=1");
	}
}

/* U-Boot's state without the glue: the block is held, the probe refuses. */
static void
test_without_glue(void)
{
	static const char *const boards[] = {
		"soc=none,model_soc=rk3568,model_soc_gmac=1",
		"soc=none,model_soc=rk3588,model_soc_gmac=0",
	};
	struct soc_port p;
	unsigned int i;
	char *log;

	for (i = 0; i < RTE_DIM(boards); i++) {
		log = NULL;
		CHECK(!soc_probe(&p, boards[i], &log),
		      "%s: probe of a block held in reset succeeded", boards[i]);
		CHECK(log != NULL && strstr(log, "MAC_Version reads 0") != NULL,
		      "%s: the refusal names MAC_Version: %s", boards[i],
		      log ? log : "");
		free(log);
		rte_vdev_uninit(p.name);
	}
}

/*
 * Returns once the model thread finished the frame it held when the MAC
 * was written: it decides a frame's fate (the speed check) and counts the
 * loss later than the check, so a frame checked against the old MAC mode
 * can be counted after the caller's snapshot. The next frame offered
 * means the held one is accounted for.
 */
static bool
soc_settle(struct soc_port *p)
{
	uint64_t held = pmd_harness_model_stats(p->port).rx_offered, polls;

	for (polls = 0; polls < PMD_HARNESS_MAX_POLLS; polls++) {
		if (pmd_harness_model_stats(p->port).rx_offered > held)
			return true;
		rte_pause();
	}
	return false;
}

/* The partner renegotiates; link_update moves MAC and TX clock along. */
static void
renegotiate(const char *board)
{
	static const unsigned int speeds[] = { 1000, 100, 10, 1000 };
	static const uint32_t clk[] = { 125000000, 25000000, 2500000, 125000000 };
	struct dwmac4_model_stats st0, st;
	struct rte_eth_link link;
	struct rte_eth_stats es0, es;
	char args[256], *log = NULL;
	struct soc_port p;
	uint32_t hz = 0;
	unsigned int i;

	snprintf(args, sizeof(args), "%s,mac=" SOC_MAC ",gen_pkts=100000000", board);
	if (!soc_probe(&p, args, &log)) {
		CHECK(0, "%s: probe failed: %s", args, log ? log : "");
		free(log);
		return;
	}
	free(log);
	if (!soc_start(&p)) {
		soc_down(&p);
		return;
	}
	for (i = 0; i < RTE_DIM(speeds); i++) {
		CHECK(rte_pmd_stmmac_uio_model_set_partner(p.port, speeds[i], 1) == 0,
		      "%s: partner to %u", board, speeds[i]);
		memset(&link, 0, sizeof(link));
		CHECK(rte_eth_link_get_nowait(p.port, &link) == 0, "link");
		CHECK_EQ_U(link.link_speed, speeds[i], "%s: link speed", board);
		CHECK(rte_pmd_stmmac_uio_model_soc_txclk(p.port, &hz) == 0, "txclk");
		CHECK_EQ_U(hz, clk[i], "%s: TX clock at %u Mbit/s", board, speeds[i]);
		/* Traffic after the switch: nothing lost to the clock or MAC. */
		CHECK(soc_settle(&p), "%s: the generator stopped at %u", board,
		      speeds[i]);
		st0 = pmd_harness_model_stats(p.port);
		es0 = pmd_harness_eth_stats(p.port);
		CHECK_EQ_U(soc_tx(&p, SOC_TX), SOC_TX, "%s: sent at %u", board,
			   speeds[i]);
		pmd_harness_rx_until(p.port, SOC_TX, NULL, NULL);
		st = pmd_harness_model_stats(p.port);
		es = pmd_harness_eth_stats(p.port);
		CHECK_EQ_U(st.soc_tx_dropped_clock - st0.soc_tx_dropped_clock, 0,
			   "%s: lost to the TX clock at %u", board, speeds[i]);
		CHECK_EQ_U(st.tx_dropped_speed - st0.tx_dropped_speed, 0,
			   "%s: lost to the MAC speed at %u", board, speeds[i]);
		CHECK_EQ_U(st.rx_dropped_speed - st0.rx_dropped_speed, 0,
			   "%s: received lost to the MAC speed at %u", board,
			   speeds[i]);
		CHECK(es.ipackets > es0.ipackets, "%s: receiving at %u", board,
		      speeds[i]);
	}
	soc_down(&p);
}

static void
test_link_speed(void)
{
	renegotiate("model_soc=rk3568,model_soc_gmac=1");
	renegotiate("model_soc=rk3588,model_soc_gmac=0");
}

int
main(int argc, char **argv)
{
	(void)argc;
	pmd_harness_eal_init(argv[0], NULL);
	test_hand_over();
	test_without_glue();
	test_link_speed();
	rte_eal_cleanup();
	return harness_result("pmd_soc");
}
