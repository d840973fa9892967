/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The live link of net_stmmac_uio: no application call between the
 * model's link changes and what the test observes of the device.
 *
 *  - follow: the partner renegotiates 1000 -> 100 -> 10 half, the cable
 *    is pulled and plugged, and the partner goes back to 1000, while the
 *    generator's frames flow. After each change frames are received again
 *    (more than the MTL queue could have held from before it) and sent
 *    without a speed drop: the driver wrote the new PS/FES/DM by itself
 *    (a MAC at another mode than its PHY gets every frame dropped, the
 *    model's rx/tx_dropped_speed). The test never reads the link before
 *    that, so only the PMD's poll of the PHY can have moved the MAC.
 *  - events: a core without in-band status (model_pcs=0: no link
 *    interrupt) still advertises RTE_ETH_DEV_INTR_LSC, and with
 *    intr_conf.lsc each change reaches the application's callback (the
 *    renegotiation with its new speed, down, up).
 *  - half: a port started while the link is down (auto-negotiation not
 *    done) runs its MAC at full duplex: when the link comes up at 1000
 *    full, no frame is dropped for the duplex before the poll finds it.
 * The waits are bounded (a hang guard), never timed assertions.
 */
#include <rte_bus_vdev.h>
#include <rte_cycles.h>

#include "pmd_harness.h"

#define LK_RING		256
#define LK_GUARD_S	15
/*
 * Frames received after a change that prove the MAC follows: more than
 * the model's MTL RX queue holds (16 KiB of 64-byte frames: 256) plus the
 * one the MAC has in hand, which may all predate the change.
 */
#define LK_AFTER	400u
#define LK_TX		32u
#define LK_GEN		"gen_rate=100000"

struct lk_port {
	char name[32];
	uint16_t port;
	struct rte_mempool *mp;
	bool up;
};

static unsigned int lk_seq;

static bool
lk_open(struct lk_port *p, const char *args, bool lsc, bool link_down)
{
	struct rte_eth_conf conf;
	char pool[32];
	int port;

	memset(p, 0, sizeof(*p));
	snprintf(p->name, sizeof(p->name), "net_stmmac_uio%u", 40 + lk_seq++);
	if (pmd_harness_vdev_init(p->name, args) != 0) {
		CHECK(0, "%s: probe with %s", p->name, args);
		return false;
	}
	port = pmd_harness_port(p->name);
	if (port < 0)
		return false;
	p->port = (uint16_t)port;
	if (link_down)
		CHECK(rte_pmd_stmmac_uio_model_set_link(p->port, 0) == 0,
		      "%s: cable out before the start", p->name);
	snprintf(pool, sizeof(pool), "lk_pool%u", lk_seq);
	p->mp = eal_harness_pool(pool, 2048, RTE_MBUF_DEFAULT_BUF_SIZE);
	CHECK(p->mp != NULL, "%s: pool", p->name);
	if (p->mp == NULL)
		return false;
	memset(&conf, 0, sizeof(conf));
	conf.intr_conf.lsc = lsc;
	p->up = pmd_harness_port_start(p->port, p->mp, LK_RING, &conf) == 0;
	CHECK(p->up, "%s: start (intr_conf.lsc=%d)", p->name, lsc);
	return p->up;
}

static void
lk_close(struct lk_port *p)
{
	struct dwmac4_model_stats st = pmd_harness_model_stats(p->port);

	printf("%s: rx_delivered %" PRIu64 " rx_dropped_speed %" PRIu64
	       " tx_frames %" PRIu64 " tx_dropped_speed %" PRIu64 "\n", p->name,
	       st.rx_delivered, st.rx_dropped_speed, st.tx_frames,
	       st.tx_dropped_speed);
	PMD_HARNESS_CHECK_NO_VIOLATION(p->port);
	/* The removal stops and closes the port: the poll ends with it. */
	CHECK(rte_vdev_uninit(p->name) == 0, "%s: removed", p->name);
	rte_mempool_free(p->mp);
}

static uint64_t
lk_deadline(void)
{
	return rte_get_timer_cycles() + LK_GUARD_S * rte_get_timer_hz();
}

/* Receives and frees what is there; the count. */
static unsigned int
lk_drain(uint16_t port)
{
	struct rte_mbuf *pkts[32];
	uint16_t n = rte_eth_rx_burst(port, 0, pkts, RTE_DIM(pkts)), i;

	for (i = 0; i < n; i++)
		rte_pktmbuf_free(pkts[i]);
	if (n == 0)
		rte_delay_us_sleep(50);
	return n;
}

/*
 * Receives until the model delivered LK_AFTER frames more than at @p st0
 * (bounded): true when it did.
 */
static bool
lk_rx_again(struct lk_port *p, const struct dwmac4_model_stats *st0)
{
	uint64_t end = lk_deadline();
	struct dwmac4_model_stats st;

	do {
		lk_drain(p->port);
		st = pmd_harness_model_stats(p->port);
		if (st.rx_delivered - st0->rx_delivered > LK_AFTER)
			return true;
	} while (rte_get_timer_cycles() < end);
	return false;
}

/* LK_TX frames sent: all on the wire, none garbled. */
static void
lk_tx(struct lk_port *p, const char *what)
{
	struct dwmac4_model_stats st0 = pmd_harness_model_stats(p->port), st;
	uint64_t end = lk_deadline();
	unsigned int sent = 0;
	struct rte_mbuf *m;

	while (sent < LK_TX && rte_get_timer_cycles() < end) {
		m = rte_pktmbuf_alloc(p->mp);
		if (m == NULL || rte_pktmbuf_append(m, 60) == NULL) {
			rte_pktmbuf_free(m);
			lk_drain(p->port);
			continue;
		}
		/* Broadcast; nothing past the header is read. */
		memset(rte_pktmbuf_mtod(m, void *), 0xff, 60);
		if (rte_eth_tx_burst(p->port, 0, &m, 1) == 1)
			sent++;
		else
			rte_pktmbuf_free(m);
		lk_drain(p->port);
	}
	do {
		st = pmd_harness_model_stats(p->port);
		if (st.tx_frames + st.tx_dropped_speed - st0.tx_frames -
		    st0.tx_dropped_speed >= LK_TX)
			break;
		rte_eth_tx_burst(p->port, 0, NULL, 0);
		lk_drain(p->port);
	} while (rte_get_timer_cycles() < end);
	CHECK_EQ_U(st.tx_frames - st0.tx_frames, LK_TX, "%s: frames sent", what);
	CHECK_EQ_U(st.tx_dropped_speed - st0.tx_dropped_speed, 0,
		   "%s: none garbled for the speed", what);
}

static void
lk_check_link(struct lk_port *p, const char *what, uint32_t speed, bool full)
{
	struct rte_eth_link l;

	memset(&l, 0, sizeof(l));
	CHECK(rte_eth_link_get_nowait(p->port, &l) == 0, "%s: link read", what);
	CHECK(l.link_status == RTE_ETH_LINK_UP && l.link_speed == speed &&
	      l.link_duplex == (full ? RTE_ETH_LINK_FULL_DUPLEX :
				       RTE_ETH_LINK_HALF_DUPLEX),
	      "%s: link up %u %s, read %u %u %u", what, speed,
	      full ? "full" : "half", l.link_status, l.link_speed, l.link_duplex);
}

/* ---- follow ---- */

static void
test_follow(void)
{
	static const struct {
		const char *what;
		int speed;	/* 0: cable out, -1: cable in */
		bool full;
	} steps[] = {
		{ "1000 -> 100 full", 100, true },
		{ "100 -> 10 half", 10, false },
		{ "cable out", 0, false },
		{ "cable in, 10 half", -1, false },
		{ "10 half -> 1000 full", 1000, true },
	};
	struct dwmac4_model_stats st0;
	struct lk_port p;
	unsigned int i, speed = 1000;
	bool full = true;

	if (!lk_open(&p, "model_pcs=0," LK_GEN, false, false))
		goto out;
	st0 = pmd_harness_model_stats(p.port);
	CHECK(lk_rx_again(&p, &st0), "start: frames flow");
	for (i = 0; i < RTE_DIM(steps); i++) {
		st0 = pmd_harness_model_stats(p.port);
		if (steps[i].speed > 0) {
			speed = (unsigned int)steps[i].speed;
			full = steps[i].full;
			CHECK(rte_pmd_stmmac_uio_model_set_partner(p.port, speed,
								   full) == 0,
			      "%s: renegotiated", steps[i].what);
		} else {
			CHECK(rte_pmd_stmmac_uio_model_set_link(p.port,
					steps[i].speed < 0) == 0,
			      "%s", steps[i].what);
		}
		if (steps[i].speed == 0)
			continue;
		CHECK(lk_rx_again(&p, &st0),
		      "%s: frames received again, the MAC followed by itself (%" PRIu64
		      " dropped for the speed since)", steps[i].what,
		      pmd_harness_model_stats(p.port).rx_dropped_speed -
		      st0.rx_dropped_speed);
		lk_tx(&p, steps[i].what);
		lk_check_link(&p, steps[i].what, speed == 1000 ?
			      RTE_ETH_SPEED_NUM_1G : speed == 100 ?
			      RTE_ETH_SPEED_NUM_100M : RTE_ETH_SPEED_NUM_10M,
			      full);
	}
out:
	lk_close(&p);
}

/* ---- events ---- */

#define LK_MAX_EVENTS 16
static struct {
	unsigned int n;			/* atomic */
	struct rte_eth_link link[LK_MAX_EVENTS];
} lk_seen;

static int
lk_event(uint16_t port, enum rte_eth_event_type type, void *arg, void *ret)
{
	unsigned int n = __atomic_load_n(&lk_seen.n, __ATOMIC_ACQUIRE);

	RTE_SET_USED(arg);
	RTE_SET_USED(ret);
	if (type == RTE_ETH_EVENT_INTR_LSC && n < LK_MAX_EVENTS &&
	    rte_eth_link_get_nowait(port, &lk_seen.link[n]) == 0)
		__atomic_store_n(&lk_seen.n, n + 1, __ATOMIC_RELEASE);
	return 0;
}

/* Waits (bounded) for an event reporting @p status / @p speed: true if one came. */
static bool
lk_wait_event(uint16_t port, uint16_t status, uint32_t speed, bool full)
{
	static unsigned int next;
	uint64_t end = lk_deadline();
	const struct rte_eth_link *l;

	do {
		while (next < __atomic_load_n(&lk_seen.n, __ATOMIC_ACQUIRE)) {
			l = &lk_seen.link[next++];
			if (l->link_status == status &&
			    (status == RTE_ETH_LINK_DOWN ||
			     (l->link_speed == speed &&
			      l->link_duplex == (full ? RTE_ETH_LINK_FULL_DUPLEX :
						 RTE_ETH_LINK_HALF_DUPLEX))))
				return true;
		}
		lk_drain(port);
	} while (rte_get_timer_cycles() < end);
	return false;
}

static void
test_events(void)
{
	struct rte_eth_dev_info info;
	struct lk_port p;

	/* Without RTE_ETH_DEV_INTR_LSC ethdev refuses intr_conf.lsc. */
	if (!lk_open(&p, "model_pcs=0," LK_GEN, true, false))
		goto out;
	CHECK(rte_eth_dev_info_get(p.port, &info) == 0 && info.dev_flags != NULL &&
	      (*info.dev_flags & RTE_ETH_DEV_INTR_LSC),
	      "events: no in-band status, RTE_ETH_DEV_INTR_LSC advertised");
	CHECK(rte_eth_dev_callback_register(p.port, RTE_ETH_EVENT_INTR_LSC,
					    lk_event, NULL) == 0,
	      "events: callback registered");
	CHECK(rte_pmd_stmmac_uio_model_set_partner(p.port, 100, true) == 0,
	      "events: to 100 full");
	CHECK(lk_wait_event(p.port, RTE_ETH_LINK_UP, RTE_ETH_SPEED_NUM_100M, true),
	      "events: an event reports 100 full");
	CHECK(rte_pmd_stmmac_uio_model_set_link(p.port, 0) == 0, "events: cable out");
	CHECK(lk_wait_event(p.port, RTE_ETH_LINK_DOWN, 0, false),
	      "events: an event reports the link down");
	CHECK(rte_pmd_stmmac_uio_model_set_link(p.port, 1) == 0, "events: cable in");
	CHECK(lk_wait_event(p.port, RTE_ETH_LINK_UP, RTE_ETH_SPEED_NUM_100M, true),
	      "events: an event reports the link up again");
	printf("events: %u\n", __atomic_load_n(&lk_seen.n, __ATOMIC_ACQUIRE));
out:
	lk_close(&p);
}

/* ---- full duplex while the link negotiates ---- */

static void
test_start_link_down(void)
{
	struct dwmac4_model_stats st0;
	struct lk_port p;

	if (!lk_open(&p, "model_pcs=0," LK_GEN, false, true))
		goto out;
	st0 = pmd_harness_model_stats(p.port);
	CHECK(rte_pmd_stmmac_uio_model_set_link(p.port, 1) == 0, "half: cable in");
	CHECK(lk_rx_again(&p, &st0), "half: frames flow");
	CHECK_EQ_U(pmd_harness_model_stats(p.port).rx_dropped_speed, 0,
		   "half: started with the link down, the MAC at 1000 full: no frame dropped for the duplex");
out:
	lk_close(&p);
}

int
main(int argc, char **argv)
{
	RTE_SET_USED(argc);
	if (strcmp(pmd_family()->name, "stmmac") != 0) {
		printf("SKIP: MAC_Configuration is dwmac4's\n");
		return 77;
	}
	pmd_harness_eal_init(argv[0], NULL);
	test_follow();
	test_events();
	test_start_link_down();
	rte_eal_cleanup();
	return harness_result("pmd_link");
}
