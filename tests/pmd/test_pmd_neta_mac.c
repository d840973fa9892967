/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * net_mvneta_uio's MAC side against the neta model (SOCRX_TEST_FAMILY=
 * mvneta), each case a port of its own fed by the generator:
 *  1. bring-up: the GMAC out of port reset (frames arrive), RGMII mode,
 *     GMAC_CTRL_0's must-be-one bit kept, the unit's PHY polling off,
 *     every CPU in CPU_MAP, promiscuous as Linux sets it (FORCE_UNI);
 *  2. fixed_link=100: AUTONEG_CONFIG forced, the link reads 100 full; a
 *     stop forces the link down; RXQ_TIME_COAL counts clk_rate;
 *  3. phy_mode=sgmii / 1000base-x: the PCS and in-band status, the link
 *     from the partner; 1000base-x's port type;
 *  4. mac_addr_add/remove: an address beside the station address passes
 *     and stops passing with promiscuous mode off; one the unicast table
 *     cannot hold is refused;
 *  5. set_mc_addr_list and all-multicast: a special (01:00:5e:00:00:xx)
 *     and an other multicast address (CRC-8 table) pass only when listed
 *     or with all-multicast; broadcast passes unfiltered;
 *  6. the filter rewritten on a running port (ethdev's restore after
 *     every start, mac_addr_set, the mode ops) while the station's frames
 *     stream in: no register write refuses the station address, even for
 *     a moment (the model's model_watch_da probe); each table word is
 *     written once with its final value, and promiscuous mode is left
 *     only once the station address and tables are in.
 * The model's register values are read with rte_pmd_mvneta_uio_model_peek32().
 */
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include <rte_ethdev.h>
#include <rte_mbuf.h>

#include "mvneta_hw.h"
#include "mvneta_regs.h"
#include "pmd_harness.h"
#include "pmd_neta_port.h"

static struct rte_mempool *mp;

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

/* Receives @p n frames within the harness's polls: true when they came. */
static bool
rx_n(uint16_t port, uint64_t n)
{
	return pmd_harness_rx_until(port, n, NULL, NULL) >= n;
}

/* One poll: what the ring holds received and freed; how many. */
static uint16_t
drain(uint16_t port)
{
	struct rte_mbuf *pkts[32];
	uint16_t k, i;

	k = rte_eth_rx_burst(port, 0, pkts, RTE_DIM(pkts));
	for (i = 0; i < k; i++)
		rte_pktmbuf_free(pkts[i]);
	return k;
}

/*
 * The filter refuses what comes: past the frames already delivered, the
 * model filters @p n more and the port receives none of them.
 */
static void
check_filtered(uint16_t port, uint64_t n, const char *what)
{
	uint64_t start, got = 0, polls, delivered;
	unsigned int i;

	/* Past the switch: the ring drained, the device refusing. */
	start = pmd_harness_model(port).rx_dropped_filter;
	for (polls = 0; polls < PMD_HARNESS_MAX_POLLS &&
	     pmd_harness_model(port).rx_dropped_filter - start < 16; polls++)
		drain(port);
	for (i = 0; i < 64; i++)
		drain(port);
	delivered = pmd_harness_model(port).rx_delivered;
	start = pmd_harness_model(port).rx_dropped_filter;
	for (polls = 0; polls < PMD_HARNESS_MAX_POLLS &&
	     pmd_harness_model(port).rx_dropped_filter - start < n; polls++)
		got += drain(port);
	CHECK(pmd_harness_model(port).rx_dropped_filter - start >= n,
	      "%s: the device filtered %" PRIu64 " frames", what, n);
	CHECK_EQ_U(got, 0, "%s: nothing received", what);
	CHECK_EQ_U(pmd_harness_model(port).rx_delivered, delivered,
		   "%s: nothing delivered", what);
}

/* ---- 1. Bring-up ---- */

static void
test_bringup(void)
{
	long ncpu = sysconf(_SC_NPROCESSORS_CONF);
	struct rte_eth_link link;
	int port = start_port(0, "gen_len=128");
	unsigned int c;
	uint32_t v;

	if (port < 0)
		return;
	CHECK(rx_n((uint16_t)port, 64), "bring-up: frames arrive (the GMAC out of port reset)");
	v = pmd_neta_peek((uint16_t)port, MVNETA_GMAC_CTRL_2);
	CHECK_EQ_U(v & MVNETA_GMAC2_PORT_RESET, 0, "bring-up: out of port reset");
	CHECK_EQ_U(v & (MVNETA_GMAC2_PORT_RGMII | MVNETA_GMAC2_PCS_ENABLE |
			MVNETA_GMAC2_INBAND_AN_ENABLE),
		   MVNETA_GMAC2_PORT_RGMII, "bring-up: RGMII, no PCS");
	v = pmd_neta_peek((uint16_t)port, MVNETA_GMAC_CTRL_0);
	CHECK_EQ_U(v & (MVNETA_GMAC0_MUST_SET | MVNETA_GMAC0_PORT_ENABLE),
		   MVNETA_GMAC0_MUST_SET | MVNETA_GMAC0_PORT_ENABLE,
		   "bring-up: GMAC_CTRL_0 written read-modify-write, the port on");
	CHECK_EQ_U(pmd_neta_peek((uint16_t)port, MVNETA_UNIT_CONTROL) &
		   MVNETA_PHY_POLLING_ENABLE, 0, "bring-up: PHY polling off");
	for (c = 0; c < MVNETA_MAX_CPUS && c < (unsigned int)ncpu; c++)
		CHECK_EQ_U(pmd_neta_peek((uint16_t)port, MVNETA_CPU_MAP(c)),
			   MVNETA_CPU_RXQ_ACCESS_ALL_MASK |
			   MVNETA_CPU_TXQ_ACCESS_ALL_MASK,
			   "bring-up: CPU %u reaches every queue", c);
	CHECK_EQ_U(pmd_neta_peek((uint16_t)port, MVNETA_TYPE_PRIO) & MVNETA_FORCE_UNI,
		   MVNETA_FORCE_UNI, "promiscuous: force-unicast set");
	CHECK_EQ_U(pmd_neta_peek((uint16_t)port, MVNETA_PORT_CONFIG) &
		   MVNETA_UNI_PROMISC_MODE, MVNETA_UNI_PROMISC_MODE,
		   "promiscuous: UPM set");
	v = pmd_neta_peek((uint16_t)port, MVNETA_GMAC_AUTONEG_CONFIG);
	CHECK_EQ_U(v & (MVNETA_GMAC_FORCE_LINK_DOWN | MVNETA_GMAC_FORCE_LINK_PASS |
			MVNETA_GMAC_AN_SPEED_EN | MVNETA_GMAC_AN_DUPLEX_EN |
			MVNETA_GMAC_CONFIG_GMII_SPEED |
			MVNETA_GMAC_CONFIG_FULL_DUPLEX),
		   MVNETA_GMAC_FORCE_LINK_PASS | MVNETA_GMAC_CONFIG_GMII_SPEED |
		   MVNETA_GMAC_CONFIG_FULL_DUPLEX,
		   "PHY link: the PHY's 1000 full forced, as phylink's mac_link_up");
	CHECK(rte_eth_link_get_nowait((uint16_t)port, &link) == 0 &&
	      link.link_status == RTE_ETH_LINK_UP &&
	      link.link_speed == RTE_ETH_SPEED_NUM_1G,
	      "bring-up: link up at 1000");
	close_port((uint16_t)port);
}

/* ---- 2. Fixed link ---- */

static void
test_fixed_link(void)
{
	struct rte_eth_link link;
	int port = start_port(1, "fixed_link=100,gen_len=128,"
			      "clk_rate=500000000,rx_coal_usecs=10");
	uint32_t v;

	if (port < 0)
		return;
	CHECK_EQ_U(pmd_neta_peek((uint16_t)port, MVNETA_RXQ_TIME_COAL_REG(0)), 5000,
		   "clk_rate=500 MHz: 10 us are 5000 cycles");
	v = pmd_neta_peek((uint16_t)port, MVNETA_GMAC_AUTONEG_CONFIG);
	CHECK_EQ_U(v & (MVNETA_GMAC_FORCE_LINK_DOWN | MVNETA_GMAC_FORCE_LINK_PASS |
			MVNETA_GMAC_AN_SPEED_EN | MVNETA_GMAC_AN_DUPLEX_EN |
			MVNETA_GMAC_CONFIG_MII_SPEED |
			MVNETA_GMAC_CONFIG_GMII_SPEED |
			MVNETA_GMAC_CONFIG_FULL_DUPLEX),
		   MVNETA_GMAC_FORCE_LINK_PASS | MVNETA_GMAC_CONFIG_MII_SPEED |
		   MVNETA_GMAC_CONFIG_FULL_DUPLEX,
		   "fixed 100: forced pass, 100, full duplex");
	CHECK(rte_eth_link_get_nowait((uint16_t)port, &link) == 0 &&
	      link.link_status == RTE_ETH_LINK_UP &&
	      link.link_speed == RTE_ETH_SPEED_NUM_100M &&
	      link.link_duplex == RTE_ETH_LINK_FULL_DUPLEX,
	      "fixed 100: the link reads 100 full (%u)", link.link_speed);
	CHECK_EQ_U(rte_eth_dev_stop((uint16_t)port), 0, "fixed 100: stop");
	v = pmd_neta_peek((uint16_t)port, MVNETA_GMAC_AUTONEG_CONFIG);
	CHECK_EQ_U(v & (MVNETA_GMAC_FORCE_LINK_DOWN | MVNETA_GMAC_FORCE_LINK_PASS),
		   MVNETA_GMAC_FORCE_LINK_DOWN, "fixed 100: stopped, forced down");
	close_port((uint16_t)port);
}

/* ---- 3. SerDes modes ---- */

static void
test_serdes(unsigned int i, const char *args, bool base_x)
{
	struct rte_eth_link link;
	int port = start_port(i, args);
	uint32_t v, an = MVNETA_GMAC_INBAND_AN_ENABLE;

	if (port < 0)
		return;
	CHECK(rx_n((uint16_t)port, 64), "%s: frames arrive", args);
	v = pmd_neta_peek((uint16_t)port, MVNETA_GMAC_CTRL_2);
	CHECK_EQ_U(v & (MVNETA_GMAC2_PORT_RGMII | MVNETA_GMAC2_PCS_ENABLE |
			MVNETA_GMAC2_INBAND_AN_ENABLE | MVNETA_GMAC2_PORT_RESET),
		   MVNETA_GMAC2_PORT_RGMII | MVNETA_GMAC2_PCS_ENABLE |
		   (base_x ? 0 : MVNETA_GMAC2_INBAND_AN_ENABLE),
		   "%s: PCS on, in-band (SGMII)", args);
	CHECK_EQ_U(pmd_neta_peek((uint16_t)port, MVNETA_GMAC_CTRL_0) &
		   MVNETA_GMAC0_PORT_1000BASE_X,
		   base_x ? MVNETA_GMAC0_PORT_1000BASE_X : 0,
		   "%s: the port type", args);
	an |= base_x ? MVNETA_GMAC_CONFIG_GMII_SPEED |
		       MVNETA_GMAC_CONFIG_FULL_DUPLEX :
		       MVNETA_GMAC_AN_SPEED_EN | MVNETA_GMAC_AN_DUPLEX_EN;
	v = pmd_neta_peek((uint16_t)port, MVNETA_GMAC_AUTONEG_CONFIG);
	CHECK_EQ_U(v & (MVNETA_GMAC_FORCE_LINK_DOWN | MVNETA_GMAC_FORCE_LINK_PASS |
			MVNETA_GMAC_INBAND_AN_ENABLE | MVNETA_GMAC_AN_SPEED_EN |
			MVNETA_GMAC_AN_DUPLEX_EN | MVNETA_GMAC_CONFIG_GMII_SPEED |
			MVNETA_GMAC_CONFIG_FULL_DUPLEX), an,
		   "%s: in-band status, nothing forced", args);
	CHECK(rte_eth_link_get_nowait((uint16_t)port, &link) == 0 &&
	      link.link_status == RTE_ETH_LINK_UP &&
	      link.link_speed == RTE_ETH_SPEED_NUM_1G,
	      "%s: link up at 1000", args);
	CHECK_EQ_U(rte_eth_dev_stop((uint16_t)port), 0, "%s: stop", args);
	CHECK_EQ_U(pmd_neta_peek((uint16_t)port, MVNETA_GMAC_AUTONEG_CONFIG) &
		   MVNETA_GMAC_FORCE_LINK_DOWN, 0,
		   "%s: in-band: a stop forces nothing", args);
	close_port((uint16_t)port);
}

/* ---- 4. Station addresses ---- */

static void
test_mac_addr_add(void)
{
	/* Port 5's default address is 02:00:00:00:02:05 (socnic_default_mac). */
	struct rte_ether_addr extra = {{ 0x02, 0, 0, 0, 0x02, 0x0a }};
	struct rte_ether_addr far = {{ 0x02, 0, 0, 0, 0x03, 0x0a }};
	int port = start_port(5, "gen_len=128,gen_dst=02:00:00:00:02:0a");

	if (port < 0)
		return;
	CHECK(rx_n((uint16_t)port, 32), "mac_addr_add: promiscuous lets them in");
	CHECK_EQ_U(rte_eth_promiscuous_disable((uint16_t)port), 0, "promiscuous off");
	check_filtered((uint16_t)port, 256, "another station's frames");
	CHECK_EQ_U(pmd_neta_peek((uint16_t)port, MVNETA_TYPE_PRIO) & MVNETA_FORCE_UNI, 0,
		   "promiscuous off: force-unicast cleared");
	CHECK_EQ_U(rte_eth_dev_mac_addr_add((uint16_t)port, &extra, 0), 0,
		   "mac_addr_add 02:00:00:00:02:0a");
	CHECK(rx_n((uint16_t)port, 64), "mac_addr_add: its frames pass");
	CHECK(rte_eth_dev_mac_addr_add((uint16_t)port, &far, 0) == -ENOTSUP,
	      "mac_addr_add of an address the table cannot hold: refused");
	CHECK_EQ_U(rte_eth_dev_mac_addr_remove((uint16_t)port, &extra), 0,
		   "mac_addr_remove");
	check_filtered((uint16_t)port, 256, "a removed address");
	/* Kept across a stop and start: the table is rebuilt from ethdev. */
	CHECK_EQ_U(rte_eth_dev_mac_addr_add((uint16_t)port, &extra, 0), 0,
		   "mac_addr_add again");
	CHECK_EQ_U(rte_eth_dev_stop((uint16_t)port), 0, "stop");
	CHECK_EQ_U(rte_eth_dev_start((uint16_t)port), 0, "start");
	CHECK(rx_n((uint16_t)port, 64), "mac_addr_add: passes after a restart");
	close_port((uint16_t)port);
}

/* ---- 5. Multicast and broadcast ---- */

static void
test_multicast(unsigned int i, const char *dst, bool special)
{
	struct rte_ether_addr mc, other = {{ 0x01, 0x00, 0x5e, 0x7f, 0, 0x01 }};
	char args[96];
	int port;

	snprintf(args, sizeof(args), "gen_len=128,gen_dst=%s", dst);
	port = start_port(i, args);
	if (port < 0)
		return;
	CHECK_EQ_U(rte_ether_unformat_addr(dst, &mc), 0, "%s", dst);
	CHECK_EQ_U(rte_eth_promiscuous_disable((uint16_t)port), 0, "promiscuous off");
	check_filtered((uint16_t)port, 256, dst);
	CHECK_EQ_U(rte_eth_dev_set_mc_addr_list((uint16_t)port, &other, 1), 0,
		   "%s: another group listed", dst);
	check_filtered((uint16_t)port, 256, dst);
	CHECK_EQ_U(rte_eth_dev_set_mc_addr_list((uint16_t)port, &mc, 1), 0,
		   "%s: listed", dst);
	CHECK(rx_n((uint16_t)port, 64), "%s: listed, it passes", dst);
	if (special)
		CHECK(pmd_neta_peek((uint16_t)port, MVNETA_DA_FILT_SPEC_MCAST +
			   (mc.addr_bytes[5] & ~3u)) != 0,
		      "%s: in the special table", dst);
	else
		CHECK(pmd_neta_peek((uint16_t)port, MVNETA_DA_FILT_OTH_MCAST +
			   (mvneta_da_filt_crc8(mc.addr_bytes) & ~3u)) != 0,
		      "%s: in the other table", dst);
	CHECK_EQ_U(rte_eth_dev_set_mc_addr_list((uint16_t)port, NULL, 0), 0,
		   "%s: list emptied", dst);
	check_filtered((uint16_t)port, 256, dst);
	CHECK_EQ_U(rte_eth_allmulticast_enable((uint16_t)port), 0, "all-multicast on");
	CHECK(rx_n((uint16_t)port, 64), "%s: all-multicast lets it in", dst);
	CHECK_EQ_U(rte_eth_allmulticast_disable((uint16_t)port), 0, "all-multicast off");
	check_filtered((uint16_t)port, 256, dst);
	close_port((uint16_t)port);
}

static void
test_broadcast(void)
{
	int port = start_port(9, "gen_len=128,gen_dst=ff:ff:ff:ff:ff:ff");

	if (port < 0)
		return;
	CHECK_EQ_U(rte_eth_promiscuous_disable((uint16_t)port), 0, "promiscuous off");
	CHECK(rx_n((uint16_t)port, 64), "broadcast passes without promiscuous mode");
	CHECK_EQ_U(pmd_harness_model((uint16_t)port).rx_dropped_filter, 0,
		   "broadcast: nothing filtered");
	close_port((uint16_t)port);
}

/* ---- 6. Rewriting the filter on a running port ---- */

#define LIVE_MAC	"02:00:00:00:02:0a"

/*
 * The model's probe on the filter (model_watch_da) counts each register
 * write that refused the station address while it passed: a frame to it
 * arriving just then is dropped. ethdev's restore after a start
 * (mac_addr_set, promiscuous and all-multicast off again) and every mode
 * op rewrite the filter without changing what the station gets.
 */
static void
test_reprogram_live(void)
{
	struct rte_ether_addr st, mc = {{ 0x01, 0x00, 0x5e, 0x00, 0x00, 0xfb }};
	int port = start_port(10, "gen_len=64,mac=" LIVE_MAC ",model_watch_da=" LIVE_MAC);
	uint64_t filtered, got = 0;
	unsigned int i;

	if (port < 0)
		return;
	CHECK_EQ_U(rte_eth_macaddr_get((uint16_t)port, &st), 0, "station address");
	CHECK_EQ_U(rte_eth_promiscuous_disable((uint16_t)port), 0, "promiscuous off");
	CHECK(rx_n((uint16_t)port, 64), "live: the station's frames pass");
	filtered = pmd_harness_model((uint16_t)port).rx_dropped_filter;
	for (i = 0; i < 40; i++) {
		CHECK_EQ_U(rte_eth_dev_default_mac_addr_set((uint16_t)port, &st), 0,
			   "mac_addr_set, the same address");
		got += drain((uint16_t)port);
		CHECK_EQ_U(rte_eth_promiscuous_enable((uint16_t)port), 0, "promiscuous on");
		got += drain((uint16_t)port);
		CHECK_EQ_U(rte_eth_promiscuous_disable((uint16_t)port), 0, "promiscuous off");
		got += drain((uint16_t)port);
		CHECK_EQ_U(rte_eth_allmulticast_enable((uint16_t)port), 0, "all-multicast on");
		got += drain((uint16_t)port);
		CHECK_EQ_U(rte_eth_allmulticast_disable((uint16_t)port), 0, "all-multicast off");
		got += drain((uint16_t)port);
		CHECK_EQ_U(rte_eth_dev_set_mc_addr_list((uint16_t)port, &mc, i & 1), 0,
			   "multicast list");
		got += drain((uint16_t)port);
		if (i % 8 == 0) {
			CHECK_EQ_U(rte_eth_dev_stop((uint16_t)port), 0, "stop");
			CHECK_EQ_U(rte_eth_dev_start((uint16_t)port), 0, "start");
		}
	}
	CHECK_EQ_U(pmd_harness_xstat((uint16_t)port, "model_watch_da_refused"), 0,
		   "live: no register write refused the station address while it passed");
	/* Counted by the port: the model's counters restart with it. */
	CHECK(got > 0, "live: frames kept arriving while the filter was rewritten");
	CHECK_EQ_U(pmd_harness_model((uint16_t)port).rx_dropped_filter - filtered, 0,
		   "live: none of the station's frames filtered");
	close_port((uint16_t)port);
}

int
main(int argc, char **argv)
{
	RTE_SET_USED(argc);
	if (strcmp(pmd_family()->name, "mvneta") != 0) {
		printf("pmd_neta_mac: SOCRX_TEST_FAMILY=mvneta only\n");
		return TEST_SKIP;
	}
	pmd_harness_eal_init(argv[0], NULL);
	mp = eal_harness_pool("neta_mac", 2048, RTE_MBUF_DEFAULT_BUF_SIZE);
	CHECK(mp != NULL, "mbuf pool");
	if (mp != NULL) {
		printf("1: bring-up\n");
		test_bringup();
		printf("2: fixed link\n");
		test_fixed_link();
		printf("3: SerDes modes\n");
		test_serdes(2, "phy_mode=sgmii,gen_len=128", false);
		test_serdes(3, "phy_mode=1000base-x,gen_len=128", true);
		printf("4: station addresses\n");
		test_mac_addr_add();
		printf("5: multicast and broadcast\n");
		test_multicast(6, "01:00:5e:00:00:fb", true);
		test_multicast(7, "33:33:00:00:00:01", false);
		test_broadcast();
		printf("6: the filter rewritten on a running port\n");
		test_reprogram_live();
	}
	rte_mempool_free(mp);
	rte_eal_cleanup();
	return harness_result("pmd_neta_mac");
}
