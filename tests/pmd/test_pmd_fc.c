/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * IEEE 802.3x flow control through rte_eth_dev_flow_ctrl_get/set against
 * the model's MAC, in step mode, on the run's family (SOCRX_TEST_FAMILY):
 *  - net_stmmac_uio (drivers/stmmac_uio/stmmac_fc.c, dwmac4_model_fc.c):
 *    the configuration read back as set, in the registers Linux writes
 *    (MAC_Rx_Flow_Ctrl RFE, MAC_Q0_Tx_Flow_Ctrl TFE and PT, the MTL RX
 *    queue's EHFC, RFA and RFD, PCF), kept over a restart; the refusals;
 *  - net_mvneta_uio (drivers/mvneta_uio/mvneta_fc.c, neta_model_fc.c):
 *    AUTONEG_CONFIG's one flow-control bit for mode full, kept over a
 *    restart and set on a running port; the modes and fields the GMAC
 *    does not have refused;
 *  - a slow consumer: a generator offers more frames than the ring and
 *    the RX queue hold while the application receives nothing. With TX
 *    pause the port sends XOFF, the partner holds, every frame arrives
 *    once the application receives, after an XON; without flow control
 *    the frames that found the queue full are lost and counted in
 *    imissed.
 */
#include "pmd_harness.h"
#include "rte_pmd_stmmac_uio.h"
#ifdef SOCRX_TEST_MVNETA
#include "mvneta_regs.h"
#include "pmd_neta_port.h"
#endif

/*
 * More than the ring (256) and the RX queue hold, fewer than the 2047 the
 * device's missed counters count before they saturate.
 */
#define FC_FRAMES	1500u

static unsigned int fc_seq;

static int
fc_open(const char *args)
{
	char name[32], buf[PMD_HARNESS_ARGS_LEN];

	pmd_vdev(name, sizeof(name), fc_seq++);
	if (pmd_harness_vdev_init(name, pmd_harness_args(args, buf,
							 sizeof(buf))) != 0) {
		CHECK(0, "probe %s", args);
		return -1;
	}
	return pmd_harness_port(name);
}

static void
fc_remove(uint16_t port)
{
	char name[RTE_ETH_NAME_MAX_LEN];

	PMD_HARNESS_CHECK_NO_VIOLATION(port);
	rte_eth_dev_get_name_by_port(port, name);
	rte_eth_dev_close(port);
	rte_vdev_uninit(name);
}

static uint32_t
peek(uint16_t port, uint32_t off)
{
	uint32_t v = 0;

	CHECK_EQ_U(rte_pmd_stmmac_uio_model_peek32(port, off, &v), 0,
		   "peek %#x", off);
	return v;
}

/* The registers say what @p c asks, for a queue of @p size bytes. */
static void
check_regs(uint16_t port, const struct rte_eth_fc_conf *c, uint32_t size,
	   const char *what)
{
	bool tx = c->mode == RTE_ETH_FC_TX_PAUSE || c->mode == RTE_ETH_FC_FULL;
	bool rx = c->mode == RTE_ETH_FC_RX_PAUSE || c->mode == RTE_ETH_FC_FULL;
	uint32_t op = peek(port, MTL_CHAN_RX_OP_MODE(0));

	CHECK_EQ_U(peek(port, GMAC_RX_FLOW_CTRL), rx ? GMAC_RX_FLOW_CTRL_RFE : 0,
		   "%s: MAC_Rx_Flow_Ctrl", what);
	CHECK_EQ_U(peek(port, GMAC_QX_TX_FLOW_CTRL(0)),
		   tx ? GMAC_TX_FLOW_CTRL_TFE |
			(uint32_t)c->pause_time << GMAC_TX_FLOW_CTRL_PT_SHIFT : 0,
		   "%s: MAC_Q0_Tx_Flow_Ctrl", what);
	CHECK_EQ_U(!!(op & MTL_OP_MODE_EHFC), tx, "%s: EHFC", what);
	if (tx) {
		CHECK_EQ_U(size - 1024 - ((op & MTL_OP_MODE_RFA_MASK) >>
					  MTL_OP_MODE_RFA_SHIFT) * 512,
			   c->high_water, "%s: RFA", what);
		CHECK_EQ_U(size - 1024 - ((op & MTL_OP_MODE_RFD_MASK) >>
					  MTL_OP_MODE_RFD_SHIFT) * 512,
			   c->low_water, "%s: RFD", what);
	}
	CHECK_EQ_U((peek(port, GMAC_PACKET_FILTER) &
		    DWMAC4_GMAC_PACKET_FILTER_PCF_MASK) >> 6,
		   c->mac_ctrl_frame_fwd ? 2 : 0, "%s: PCF", what);
}

/*
 * Starts @p port with a pool of its own, reads its setting into @p c and
 * checks it is off: the pool, or NULL (a failed check).
 */
static struct rte_mempool *
conf_start(int port, struct rte_eth_fc_conf *c)
{
	struct rte_mempool *mp;

	mp = eal_harness_pool("fc_conf_pool", 1024, RTE_PKTMBUF_HEADROOM + 2048);
	if (port < 0 || mp == NULL ||
	    pmd_harness_port_start((uint16_t)port, mp, 256, NULL) != 0) {
		CHECK(0, "conf: start");
		rte_mempool_free(mp);
		return NULL;
	}
	CHECK_EQ_U(rte_eth_dev_flow_ctrl_get((uint16_t)port, c), 0, "get");
	CHECK_EQ_U(c->mode, RTE_ETH_FC_NONE, "off by default");
	return mp;
}

static void
test_conf(void)
{
	struct rte_eth_fc_conf c, got;
	struct rte_mempool *mp;
	uint32_t size;
	int port = fc_open("model_step=1");

	mp = conf_start(port, &c);
	if (mp == NULL)
		return;
	check_regs((uint16_t)port, &c, 0, "default");
	/* Linux's thresholds: XOFF at full less 3 KiB, XON at less 4.5 KiB. */
	size = c.high_water + 3072;
	CHECK_EQ_U(c.low_water, size - 4608, "default low water");
	c.mode = RTE_ETH_FC_FULL;
	c.pause_time = 0x200;
	c.high_water = size - 2048;
	c.low_water = size - 4096;
	CHECK_EQ_U(rte_eth_dev_flow_ctrl_set((uint16_t)port, &c), 0, "set full");
	CHECK_EQ_U(rte_eth_dev_flow_ctrl_get((uint16_t)port, &got), 0, "get");
	CHECK(got.mode == c.mode && got.pause_time == c.pause_time &&
	      got.high_water == c.high_water && got.low_water == c.low_water,
	      "read back as set: mode %d pause %u water %u/%u", got.mode,
	      got.pause_time, got.high_water, got.low_water);
	check_regs((uint16_t)port, &c, size, "full");
	CHECK_EQ_U(rte_eth_dev_stop((uint16_t)port), 0, "stop");
	CHECK_EQ_U(rte_eth_dev_start((uint16_t)port), 0, "start again");
	check_regs((uint16_t)port, &c, size, "full, after a restart");
	c.mode = RTE_ETH_FC_RX_PAUSE;
	c.mac_ctrl_frame_fwd = 1;
	CHECK_EQ_U(rte_eth_dev_flow_ctrl_set((uint16_t)port, &c), 0, "set rx");
	check_regs((uint16_t)port, &c, size, "rx pause, control frames forwarded");
	got = c;
	got.autoneg = 1;
	CHECK_EQ_U(rte_eth_dev_flow_ctrl_set((uint16_t)port, &got), -ENOTSUP,
		   "autoneg refused");
	got = c;
	got.low_water = got.high_water;
	CHECK_EQ_U(rte_eth_dev_flow_ctrl_set((uint16_t)port, &got), -EINVAL,
		   "low water not below high refused");
	got = c;
	got.high_water = size - 512;
	CHECK_EQ_U(rte_eth_dev_flow_ctrl_set((uint16_t)port, &got), -EINVAL,
		   "high water above full less 1 KiB refused");
	check_regs((uint16_t)port, &c, size, "unchanged by the refusals");
	CHECK_EQ_U(rte_eth_dev_stop((uint16_t)port), 0, "stop");
	fc_remove((uint16_t)port);
	rte_mempool_free(mp);
}

/* Configures @p nq queues each way of @p nb_desc and starts. */
static int
start_queues(uint16_t port, struct rte_mempool *mp, uint16_t nq)
{
	struct rte_eth_conf conf;
	uint16_t q;
	int ret;

	memset(&conf, 0, sizeof(conf));
	ret = rte_eth_dev_configure(port, nq, nq, &conf);
	for (q = 0; ret == 0 && q < nq; q++) {
		ret = rte_eth_rx_queue_setup(port, q, 256, rte_eth_dev_socket_id(port),
					     NULL, mp);
		if (ret == 0)
			ret = rte_eth_tx_queue_setup(port, q, 256,
						     rte_eth_dev_socket_id(port),
						     NULL);
	}
	return ret == 0 ? rte_eth_dev_start(port) : ret;
}

/*
 * The thresholds follow the RX queue's size when the queue count
 * changes: Linux's defaults for each start's size, and water marks that
 * no longer fit replaced by them.
 */
static void
test_requeue(void)
{
	struct rte_eth_fc_conf c, one, two;
	struct rte_mempool *mp;
	uint32_t op, size2;
	int port = fc_open("model_step=1,model_channels=2,model_mtl_queues=2");

	mp = eal_harness_pool("fc_requeue_pool", 2048, RTE_PKTMBUF_HEADROOM + 2048);
	if (port < 0 || mp == NULL || start_queues((uint16_t)port, mp, 1) != 0) {
		CHECK(0, "requeue: start");
		return;
	}
	CHECK_EQ_U(rte_eth_dev_flow_ctrl_get((uint16_t)port, &c), 0, "get");
	c.mode = RTE_ETH_FC_FULL;
	CHECK_EQ_U(rte_eth_dev_flow_ctrl_set((uint16_t)port, &c), 0, "set full");
	CHECK_EQ_U(rte_eth_dev_flow_ctrl_get((uint16_t)port, &one), 0, "get");
	check_regs((uint16_t)port, &one, one.high_water + 3072, "one queue");
	CHECK_EQ_U(rte_eth_dev_stop((uint16_t)port), 0, "stop");
	CHECK_EQ_U(start_queues((uint16_t)port, mp, 2), 0, "two queues");
	CHECK_EQ_U(rte_eth_dev_flow_ctrl_get((uint16_t)port, &two), 0, "get");
	/* Each queue half the FIFO (above 4 KiB: XOFF at less 3 KiB). */
	size2 = (one.high_water + 3072) / 2;
	CHECK(size2 > 4096, "the model's FIFO: %u bytes a queue", size2);
	CHECK_EQ_U(two.high_water, size2 - 3072, "two queues: Linux's XOFF");
	check_regs((uint16_t)port, &two, size2, "two queues");
	op = peek((uint16_t)port, MTL_CHAN_RX_OP_MODE(1));
	CHECK_EQ_U(op & (MTL_OP_MODE_EHFC | MTL_OP_MODE_RFA_MASK |
			 MTL_OP_MODE_RFD_MASK),
		   peek((uint16_t)port, MTL_CHAN_RX_OP_MODE(0)) &
		   (MTL_OP_MODE_EHFC | MTL_OP_MODE_RFA_MASK | MTL_OP_MODE_RFD_MASK),
		   "two queues: queue 1 as queue 0");
	/* Marks set for one queue's size, then two queues: Linux's again. */
	CHECK_EQ_U(rte_eth_dev_stop((uint16_t)port), 0, "stop");
	CHECK_EQ_U(start_queues((uint16_t)port, mp, 1), 0, "one queue again");
	c = one;
	c.high_water = one.high_water + 2048;
	c.low_water = one.high_water + 1024;
	CHECK_EQ_U(rte_eth_dev_flow_ctrl_set((uint16_t)port, &c), 0, "set marks");
	CHECK_EQ_U(rte_eth_dev_stop((uint16_t)port), 0, "stop");
	CHECK_EQ_U(start_queues((uint16_t)port, mp, 2), 0, "two queues again");
	CHECK_EQ_U(rte_eth_dev_flow_ctrl_get((uint16_t)port, &c), 0, "get");
	CHECK(c.high_water == two.high_water && c.low_water == two.low_water,
	      "marks beyond the smaller queue: Linux's (%u/%u)", c.high_water,
	      c.low_water);
	check_regs((uint16_t)port, &two, size2, "two queues, marks too high");
	CHECK_EQ_U(rte_eth_dev_stop((uint16_t)port), 0, "stop");
	fc_remove((uint16_t)port);
	rte_mempool_free(mp);
}

/*
 * FC_FRAMES 60-byte frames offered while nothing is received, then
 * received; @p mode the flow control. The frames received, imissed and
 * the PAUSE frames the port sent.
 */
static void
slow_consumer(enum rte_eth_fc_mode mode, uint64_t *got, uint64_t *missed,
	      uint64_t *pauses)
{
	struct rte_eth_fc_conf c;
	struct rte_mbuf *pkts[32];
	struct rte_mempool *mp;
	uint64_t polls;
	uint16_t n, k;
	char args[96];
	int port;

	*got = *missed = *pauses = 0;
	snprintf(args, sizeof(args), "model_step=1,gen_pkts=%u,gen_len=60",
		 FC_FRAMES);
	port = fc_open(args);
	mp = eal_harness_pool("fc_slow_pool", 2048, RTE_PKTMBUF_HEADROOM + 2048);
	if (port < 0 || mp == NULL ||
	    pmd_harness_port_start((uint16_t)port, mp, 256, NULL) != 0) {
		CHECK(0, "slow consumer: start");
		return;
	}
	CHECK_EQ_U(rte_eth_dev_flow_ctrl_get((uint16_t)port, &c), 0, "get");
	c.mode = mode;
	CHECK_EQ_U(rte_eth_dev_flow_ctrl_set((uint16_t)port, &c), 0, "set");
	/* The application stalls: the model runs, nothing is received. */
	CHECK(pmd_family()->model_step((uint16_t)port, 65536u) >= 0, "step");
	for (polls = 0; polls < PMD_HARNESS_MAX_POLLS && *got < FC_FRAMES &&
	     !(pmd_harness_model((uint16_t)port).rx_offered == FC_FRAMES &&
	       pmd_family()->rx_idle((uint16_t)port) == 1 &&
	       rte_eth_rx_queue_count((uint16_t)port, 0) == 0); polls++) {
		n = rte_eth_rx_burst((uint16_t)port, 0, pkts, RTE_DIM(pkts));
		for (k = 0; k < n; k++)
			rte_pktmbuf_free(pkts[k]);
		*got += n;
		pmd_family()->model_step((uint16_t)port, 64);
	}
	*missed = pmd_harness_eth_stats((uint16_t)port).imissed;
	*pauses = pmd_harness_xstat((uint16_t)port, "model_tx_pause_frames");
	CHECK_EQ_U(rte_eth_dev_stop((uint16_t)port), 0, "stop");
	fc_remove((uint16_t)port);
	rte_mempool_free(mp);
}

static void
test_slow_consumer(void)
{
	uint64_t got, missed, pauses;

	/* NETA's one bit pauses both ways. */
	slow_consumer((strcmp(pmd_family()->name, "mvneta") == 0) ? RTE_ETH_FC_FULL :
		      RTE_ETH_FC_TX_PAUSE, &got, &missed, &pauses);
	printf("tx pause: %" PRIu64 " received, %" PRIu64 " missed, %" PRIu64
	       " PAUSE frames sent\n", got, missed, pauses);
	CHECK_EQ_U(got, FC_FRAMES, "tx pause: every frame received");
	CHECK_EQ_U(missed, 0, "tx pause: none missed");
	CHECK(pauses >= 2, "tx pause: XOFF and XON sent (%" PRIu64 ")", pauses);
	slow_consumer(RTE_ETH_FC_NONE, &got, &missed, &pauses);
	printf("no flow control: %" PRIu64 " received, %" PRIu64 " missed\n",
	       got, missed);
	CHECK(missed > 0, "no flow control: frames lost, counted in imissed");
	CHECK_EQ_U(got + missed, FC_FRAMES, "no flow control: each frame "
		   "received or counted missed");
	CHECK_EQ_U(pauses, 0, "no flow control: no PAUSE sent");
}

#ifdef SOCRX_TEST_MVNETA
/* NETA: AUTONEG_CONFIG's flow-control bit. */
static bool
neta_fc_bit(uint16_t port)
{
	return (pmd_neta_peek(port, MVNETA_GMAC_AUTONEG_CONFIG) &
		MVNETA_GMAC_CONFIG_FLOW_CTRL) != 0;
}

static void
test_conf_neta(void)
{
	struct rte_eth_fc_conf c, got;
	struct rte_mempool *mp;
	int port = fc_open("model_step=1");

	mp = conf_start(port, &c);
	if (mp == NULL)
		return;
	CHECK(!neta_fc_bit((uint16_t)port), "default: the bit clear");
	c.mode = RTE_ETH_FC_FULL;
	CHECK_EQ_U(rte_eth_dev_flow_ctrl_set((uint16_t)port, &c), 0, "set full");
	CHECK(neta_fc_bit((uint16_t)port), "full: set on the running port");
	CHECK_EQ_U(rte_eth_dev_flow_ctrl_get((uint16_t)port, &got), 0, "get");
	CHECK_EQ_U(got.mode, RTE_ETH_FC_FULL, "read back as set");
	CHECK_EQ_U(rte_eth_dev_stop((uint16_t)port), 0, "stop");
	CHECK_EQ_U(rte_eth_dev_start((uint16_t)port), 0, "start again");
	CHECK(neta_fc_bit((uint16_t)port), "full, after a restart");
	got = c;
	got.mode = RTE_ETH_FC_RX_PAUSE;
	CHECK_EQ_U(rte_eth_dev_flow_ctrl_set((uint16_t)port, &got), -ENOTSUP,
		   "rx pause alone refused");
	got.mode = RTE_ETH_FC_TX_PAUSE;
	CHECK_EQ_U(rte_eth_dev_flow_ctrl_set((uint16_t)port, &got), -ENOTSUP,
		   "tx pause alone refused");
	got = c;
	got.autoneg = 1;
	CHECK_EQ_U(rte_eth_dev_flow_ctrl_set((uint16_t)port, &got), -ENOTSUP,
		   "autoneg refused");
	got = c;
	got.high_water = 4096;
	got.low_water = 2048;
	CHECK_EQ_U(rte_eth_dev_flow_ctrl_set((uint16_t)port, &got), -ENOTSUP,
		   "water marks refused");
	got = c;
	got.pause_time = 0x200;
	CHECK_EQ_U(rte_eth_dev_flow_ctrl_set((uint16_t)port, &got), -ENOTSUP,
		   "pause time refused");
	got = c;
	got.mac_ctrl_frame_fwd = 1;
	CHECK_EQ_U(rte_eth_dev_flow_ctrl_set((uint16_t)port, &got), -ENOTSUP,
		   "control frame forwarding refused");
	CHECK(neta_fc_bit((uint16_t)port), "unchanged by the refusals");
	c.mode = RTE_ETH_FC_NONE;
	CHECK_EQ_U(rte_eth_dev_flow_ctrl_set((uint16_t)port, &c), 0, "set none");
	CHECK(!neta_fc_bit((uint16_t)port), "none: cleared on the running port");
	CHECK_EQ_U(rte_eth_dev_stop((uint16_t)port), 0, "stop");
	fc_remove((uint16_t)port);
	rte_mempool_free(mp);
}
#endif

int
main(int argc, char **argv)
{
	(void)argc;
	pmd_harness_eal_init(argv[0], NULL);
#ifdef SOCRX_TEST_MVNETA
	if (strcmp(pmd_family()->name, "mvneta") == 0)
		test_conf_neta();
	else
#endif
	{
		test_conf();
		test_requeue();
	}
	test_slow_consumer();
	rte_eal_cleanup();
	return harness_result("pmd_fc");
}
