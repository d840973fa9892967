/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * net_mvneta_uio's PHY over the SMI against the neta model
 * (SOCRX_TEST_FAMILY=mvneta), each case a port of its own fed by the
 * generator:
 *  1. the SMI as the overlays' "mdio" map and inside eth0's window: the
 *     link read over MDIO and forced into the GMAC (AUTONEG_CONFIG: link
 *     pass, the PHY's speed and duplex, the GMAC's own resolution off);
 *  2. no SMI reachable, or mdio=none: a fixed link at 1000 full;
 *  3. phy_speed=: what the PHY advertises decides the link (100 against a
 *     1000-only partner: down, forced down; both at 100: up at 100) and
 *     speed_capa;
 *  4. phy_addr=: the scan finds the PHY at 7; phy_addr=5 finds none;
 *  5. the partner renegotiates 1000 -> 100 -> 1000 while frames flow:
 *     after each change frames are delivered again with no application
 *     call (only the PMD's poll of the PHY can have moved the GMAC: a GMAC
 *     at another speed than the partner's gets nothing), the link reads
 *     the new speed, and intr_conf.lsc's callback saw it.
 * The waits are bounded (a hang guard), never timed assertions.
 */
#include <stdio.h>
#include <string.h>

#include <rte_cycles.h>
#include <rte_ethdev.h>
#include <rte_mbuf.h>

#include "mvneta_hw.h"
#include "mvneta_regs.h"
#include "pmd_harness.h"
#include "pmd_neta_port.h"

#define PHY_GUARD_S	20
/* Frames delivered after a change that prove the GMAC follows. */
#define PHY_AFTER	300u
#define PHY_AN_MODE							\
	(MVNETA_GMAC_FORCE_LINK_DOWN | MVNETA_GMAC_FORCE_LINK_PASS |	\
	 MVNETA_GMAC_AN_SPEED_EN | MVNETA_GMAC_AN_DUPLEX_EN |		\
	 MVNETA_GMAC_CONFIG_MII_SPEED | MVNETA_GMAC_CONFIG_GMII_SPEED |	\
	 MVNETA_GMAC_CONFIG_FULL_DUPLEX)
#define PHY_FORCED_1000							\
	(MVNETA_GMAC_FORCE_LINK_PASS | MVNETA_GMAC_CONFIG_GMII_SPEED |	\
	 MVNETA_GMAC_CONFIG_FULL_DUPLEX)
#define PHY_FORCED_100							\
	(MVNETA_GMAC_FORCE_LINK_PASS | MVNETA_GMAC_CONFIG_MII_SPEED |	\
	 MVNETA_GMAC_CONFIG_FULL_DUPLEX)

static struct rte_mempool *mp;

static uint32_t
an_mode(uint16_t port)
{
	uint32_t v = 0;

	CHECK_EQ_U(rte_pmd_mvneta_uio_model_peek32(port,
			MVNETA_GMAC_AUTONEG_CONFIG, &v), 0, "peek AUTONEG_CONFIG");
	return v & PHY_AN_MODE;
}

static int
start_port(unsigned int i, const char *args)
{
	return pmd_neta_port_start(mp, i, args, NULL);
}

static void
close_port(uint16_t port)
{
	pmd_neta_port_close(port);
}

static void
check_link(uint16_t port, const char *what, bool up, uint32_t speed)
{
	struct rte_eth_link l;

	CHECK(rte_eth_link_get_nowait(port, &l) == 0 &&
	      l.link_status == (up ? RTE_ETH_LINK_UP : RTE_ETH_LINK_DOWN) &&
	      (!up || (l.link_speed == speed &&
		       l.link_duplex == RTE_ETH_LINK_FULL_DUPLEX)),
	      "%s: link %s %u, read %u %u %u", what, up ? "up" : "down", speed,
	      l.link_status, l.link_speed, l.link_duplex);
}

/*
 * Drains the port until the model delivered @p n frames more than at
 * @p from (bounded by a hang guard): true when they came.
 */
static bool
delivered_again(uint16_t port, uint64_t from, uint64_t n)
{
	uint64_t end = rte_get_timer_cycles() + PHY_GUARD_S * rte_get_timer_hz();
	struct rte_mbuf *pkts[32];
	uint16_t k, i;

	do {
		k = rte_eth_rx_burst(port, 0, pkts, RTE_DIM(pkts));
		for (i = 0; i < k; i++)
			rte_pktmbuf_free(pkts[i]);
		if (pmd_harness_model(port).rx_delivered - from >= n)
			return true;
		if (k == 0)
			rte_delay_us_sleep(100);
	} while (rte_get_timer_cycles() < end);
	return false;
}

/*
 * Drains @p port until its link reads up at @p speed (the PMD's PHY poll
 * followed the partner), bounded by the hang guard.
 */
static bool
link_reaches(uint16_t port, uint32_t speed)
{
	uint64_t end = rte_get_timer_cycles() + PHY_GUARD_S * rte_get_timer_hz();
	struct rte_mbuf *pkts[32];
	struct rte_eth_link l;
	uint16_t k, i;

	do {
		if (rte_eth_link_get_nowait(port, &l) == 0 &&
		    l.link_status == RTE_ETH_LINK_UP && l.link_speed == speed)
			return true;
		k = rte_eth_rx_burst(port, 0, pkts, RTE_DIM(pkts));
		for (i = 0; i < k; i++)
			rte_pktmbuf_free(pkts[i]);
		rte_delay_us_sleep(1000);
	} while (rte_get_timer_cycles() < end);
	return false;
}

/* ---- 1, 2. Where the SMI is, and none ---- */

/*
 * Up at 1000 full, forced into the GMAC (the PHY's mode, or the fixed
 * link of a port without one), frames arriving.
 */
static void
test_where(unsigned int i, const char *args, const char *what)
{
	struct rte_eth_dev_info info;
	int port = start_port(i, args);

	if (port < 0)
		return;
	check_link((uint16_t)port, what, true, RTE_ETH_SPEED_NUM_1G);
	CHECK_EQ_U(an_mode((uint16_t)port), PHY_FORCED_1000,
		   "%s: 1000 full forced into the GMAC", what);
	CHECK(delivered_again((uint16_t)port, 0, 64), "%s: frames arrive", what);
	CHECK(rte_eth_dev_info_get((uint16_t)port, &info) == 0 &&
	      (info.speed_capa & RTE_ETH_LINK_SPEED_1G),
	      "%s: speed_capa has 1000 (%#x)", what, info.speed_capa);
	close_port((uint16_t)port);
}

/* ---- 3. phy_speed=: the advertisement ---- */

static void
test_phy_speed(void)
{
	struct rte_eth_dev_info info;
	int port = start_port(4, "gen_len=128,phy_speed=100");

	if (port >= 0) {
		check_link((uint16_t)port, "phy_speed=100, partner 1000", false, 0);
		CHECK_EQ_U(an_mode((uint16_t)port) & (MVNETA_GMAC_FORCE_LINK_DOWN |
						      MVNETA_GMAC_FORCE_LINK_PASS),
			   MVNETA_GMAC_FORCE_LINK_DOWN,
			   "phy_speed=100, partner 1000: nothing in common, forced down");
		close_port((uint16_t)port);
	}
	port = start_port(5, "gen_len=128,phy_speed=100,model_phy_speed=100");
	if (port < 0)
		return;
	check_link((uint16_t)port, "both at 100", true, RTE_ETH_SPEED_NUM_100M);
	CHECK(rte_eth_dev_info_get((uint16_t)port, &info) == 0 &&
	      (info.speed_capa & RTE_ETH_LINK_SPEED_100M) &&
	      !(info.speed_capa & RTE_ETH_LINK_SPEED_1G),
	      "phy_speed=100: speed_capa without 1000 (%#x)", info.speed_capa);
	CHECK_EQ_U(an_mode((uint16_t)port), PHY_FORCED_100,
		   "both at 100: 100 full forced");
	CHECK(delivered_again((uint16_t)port, 0, 64), "both at 100: frames arrive");
	close_port((uint16_t)port);
}

/* ---- 4. phy_addr=: the scan ---- */

static void
test_phy_addr(void)
{
	int port = start_port(6, "gen_len=128,model_phy_addr=7");

	if (port >= 0) {
		check_link((uint16_t)port, "scan: the PHY at 7", true,
			   RTE_ETH_SPEED_NUM_1G);
		close_port((uint16_t)port);
	}
	port = start_port(7, "gen_len=128,model_phy_addr=7,phy_addr=5");
	if (port < 0)
		return;
	check_link((uint16_t)port, "phy_addr=5, the PHY at 7", false, 0);
	CHECK_EQ_U(an_mode((uint16_t)port) & MVNETA_GMAC_FORCE_LINK_PASS, 0,
		   "phy_addr=5: nothing forced up");
	close_port((uint16_t)port);
}

/* ---- 5. Renegotiation while frames flow ---- */

#define PHY_MAX_EVENTS 16
static struct {
	unsigned int n;			/* atomic */
	uint32_t speed[PHY_MAX_EVENTS];
} seen;

static int
lsc_event(uint16_t port, enum rte_eth_event_type type, void *arg, void *ret)
{
	unsigned int n = __atomic_load_n(&seen.n, __ATOMIC_ACQUIRE);
	struct rte_eth_link l;

	RTE_SET_USED(arg);
	RTE_SET_USED(ret);
	if (type == RTE_ETH_EVENT_INTR_LSC && n < PHY_MAX_EVENTS &&
	    rte_eth_link_get_nowait(port, &l) == 0) {
		seen.speed[n] = l.link_status == RTE_ETH_LINK_UP ? l.link_speed : 0;
		__atomic_store_n(&seen.n, n + 1, __ATOMIC_RELEASE);
	}
	return 0;
}

static bool
event_seen(uint32_t speed)
{
	unsigned int i, n = __atomic_load_n(&seen.n, __ATOMIC_ACQUIRE);

	for (i = 0; i < n; i++)
		if (seen.speed[i] == speed)
			return true;
	return false;
}

static void
test_renegotiate(void)
{
	static const struct {
		unsigned int speed;
		uint32_t eth_speed, an;
	} steps[] = {
		{ 100, RTE_ETH_SPEED_NUM_100M, PHY_FORCED_100 },
		{ 1000, RTE_ETH_SPEED_NUM_1G, PHY_FORCED_1000 },
	};
	struct rte_eth_conf conf;
	char name[32];
	unsigned int i;
	uint64_t from;
	int port;

	snprintf(name, sizeof(name), "net_mvneta_uio%u", 8);
	if (pmd_harness_vdev_init(name, "gen_len=128,gen_rate=100000") != 0) {
		CHECK(0, "renegotiate: probe");
		return;
	}
	port = pmd_harness_port(name);
	if (port < 0)
		return;
	CHECK(rte_eth_dev_callback_register((uint16_t)port,
					    RTE_ETH_EVENT_INTR_LSC,
					    lsc_event, NULL) == 0,
	      "renegotiate: LSC callback registered");
	memset(&conf, 0, sizeof(conf));
	conf.intr_conf.lsc = 1;
	if (pmd_harness_port_start((uint16_t)port, mp, 256, &conf) != 0) {
		CHECK(0, "renegotiate: start");
		return;
	}
	CHECK(delivered_again((uint16_t)port, 0, 64),
	      "renegotiate: frames flow at 1000");
	for (i = 0; i < RTE_DIM(steps); i++) {
		CHECK_EQ_U(rte_pmd_mvneta_uio_model_set_partner((uint16_t)port,
				steps[i].speed, 1), 0,
			   "renegotiate: the partner to %u", steps[i].speed);
		/*
		 * Frames the MAC took before the partner changed may still
		 * come out of its RX FIFO: count only those after the link
		 * reads the new speed.
		 */
		CHECK(link_reaches((uint16_t)port, steps[i].eth_speed),
		      "to %u: the link follows", steps[i].speed);
		from = pmd_harness_model((uint16_t)port).rx_delivered;
		CHECK(delivered_again((uint16_t)port, from, PHY_AFTER),
		      "to %u: frames delivered again, the GMAC followed by itself",
		      steps[i].speed);
		check_link((uint16_t)port, "renegotiated", true,
			   steps[i].eth_speed);
		CHECK_EQ_U(an_mode((uint16_t)port), steps[i].an,
			   "to %u: the GMAC forced to the PHY's mode",
			   steps[i].speed);
		CHECK(event_seen(steps[i].eth_speed),
		      "to %u: an LSC event reported it", steps[i].speed);
	}
	CHECK(rte_eth_dev_callback_unregister((uint16_t)port,
					      RTE_ETH_EVENT_INTR_LSC,
					      lsc_event, NULL) == 0,
	      "renegotiate: callback unregistered");
	close_port((uint16_t)port);
}

int
main(int argc, char **argv)
{
	RTE_SET_USED(argc);
	if (strcmp(pmd_family()->name, "mvneta") != 0) {
		printf("pmd_neta_phy: SOCRX_TEST_FAMILY=mvneta only\n");
		return TEST_SKIP;
	}
	pmd_harness_eal_init(argv[0], NULL);
	mp = eal_harness_pool("neta_phy", 2048, RTE_MBUF_DEFAULT_BUF_SIZE);
	CHECK(mp != NULL, "mbuf pool");
	if (mp != NULL) {
		printf("1: the SMI as a map and in eth0's window\n");
		test_where(0, "gen_len=128", "mdio map");
		test_where(1, "gen_len=128,model_mdio=window", "eth0 window");
		printf("2: no PHY to manage\n");
		test_where(2, "gen_len=128,model_mdio=none", "no SMI");
		test_where(3, "gen_len=128,mdio=none", "mdio=none");
		printf("3: phy_speed=\n");
		test_phy_speed();
		printf("4: phy_addr=\n");
		test_phy_addr();
		printf("5: renegotiation while frames flow\n");
		test_renegotiate();
	}
	rte_mempool_free(mp);
	rte_eal_cleanup();
	return harness_result("pmd_neta_phy");
}
