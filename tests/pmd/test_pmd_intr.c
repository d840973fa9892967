/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * RX queue interrupts (intr_conf.rxq) through ethdev's API, as
 * l3fwd-power uses them: rte_eth_dev_rx_intr_ctl_q() into this thread's
 * epoll set, enable, rte_epoll_wait(), disable, poll.
 *  - The race: the model (model_irq_race=1) takes a frame from the wire
 *    only when the driver enables RIE, and applies the enable after the
 *    frame is written back, i.e. in the window between the last empty
 *    poll and the enable. Each frame must wake the waiter with no other
 *    traffic, and be received by the poll that follows.
 *  - After the last frame, an enable on an empty ring raises nothing.
 *  - riwt=N: descriptors armed without IOC, RI from the RX watchdog.
 *  - rx_coal_usecs=N (csr_clk=): the same in microseconds; the frames
 *    the generator sends together wake the waiter once.
 *  - Without intr_conf.rxq the queue has no interrupt: refused.
 * The epoll waits are bounded (a hang guard), never timed assertions.
 */
#include <rte_bus_vdev.h>
#include <rte_epoll.h>
#include <rte_interrupts.h>

#include "pmd_harness.h"

#define RACE_DEV	"net_stmmac_uio0"
#define RIWT_DEV	"net_stmmac_uio1"
#define POLL_DEV	"net_stmmac_uio2"
#define COAL_DEV	"net_stmmac_uio3"
#define RACE_FRAMES	3
#define WAIT_GUARD_MS	10000

static struct rte_mempool *mp;

static int
start_intr_port(const char *name, bool rxq_intr)
{
	struct rte_eth_conf conf;
	int port = pmd_harness_probed_port(name);

	if (port < 0)
		return -1;
	memset(&conf, 0, sizeof(conf));
	conf.intr_conf.rxq = rxq_intr;
	if (pmd_harness_port_start((uint16_t)port, mp, 64, &conf) != 0) {
		CHECK(0, "%s start", name);
		return -1;
	}
	return port;
}

/* Polls until @p want frames came (bounded); returns how many did. */
static unsigned int
poll_frames(uint16_t port, unsigned int want)
{
	struct rte_mbuf *pkts[32];
	unsigned int got = 0;
	uint64_t polls;

	for (polls = 0; polls < PMD_HARNESS_MAX_POLLS && got < want; polls++) {
		uint16_t n = rte_eth_rx_burst(port, 0, pkts, RTE_DIM(pkts));

		rte_pktmbuf_free_bulk(pkts, n);
		got += n;
	}
	return got;
}

static int
wait_intr(int timeout_ms)
{
	struct rte_epoll_event ev[4];

	return rte_epoll_wait(RTE_EPOLL_PER_THREAD, ev, RTE_DIM(ev), timeout_ms);
}

static void
test_race(void)
{
	struct rte_mbuf *pkts[32];
	unsigned int i, woken = 0, got = 0;
	int port = start_intr_port(RACE_DEV, true);

	if (port < 0)
		return;
	CHECK(rte_eth_dev_rx_intr_ctl_q((uint16_t)port, 0, RTE_EPOLL_PER_THREAD,
					RTE_INTR_EVENT_ADD, NULL) == 0,
	      "race: queue 0's interrupt added to the epoll set");
	CHECK(rte_eth_dev_rx_intr_ctl_q_get_fd((uint16_t)port, 0) >= 0,
	      "race: queue 0 has an event fd");
	for (i = 0; i < RACE_FRAMES; i++) {
		/* the last poll before sleeping finds nothing */
		CHECK_EQ_U(rte_eth_rx_burst((uint16_t)port, 0, pkts,
					    RTE_DIM(pkts)), 0,
			   "race %u: empty before the enable", i);
		CHECK(rte_eth_dev_rx_intr_enable((uint16_t)port, 0) == 0,
		      "race %u: enable", i);
		if (wait_intr(WAIT_GUARD_MS) == 1)
			woken++;
		CHECK(rte_eth_dev_rx_intr_disable((uint16_t)port, 0) == 0,
		      "race %u: disable", i);
		got += poll_frames((uint16_t)port, 1);
	}
	CHECK_EQ_U(woken, RACE_FRAMES,
		   "race: every frame written back just before the enable woke the waiter");
	CHECK_EQ_U(got, RACE_FRAMES, "race: and was received by the next poll");
	CHECK_EQ_U(pmd_harness_model_stats((uint16_t)port).irq_race_frames,
		   RACE_FRAMES, "race: the model put every frame in the window");
	/* nothing left: RI was cleared at the disable, the line stays low */
	CHECK(rte_eth_dev_rx_intr_enable((uint16_t)port, 0) == 0, "idle enable");
	CHECK_EQ_U(wait_intr(0), 0, "an enable on an empty ring raises nothing");
	CHECK(rte_eth_dev_rx_intr_disable((uint16_t)port, 0) == 0, "idle disable");
	CHECK(rte_eth_dev_rx_intr_ctl_q((uint16_t)port, 0, RTE_EPOLL_PER_THREAD,
					RTE_INTR_EVENT_DEL, NULL) == 0,
	      "race: interrupt removed from the epoll set");
	PMD_HARNESS_CHECK_NO_VIOLATION((uint16_t)port);
	CHECK(rte_eth_dev_stop((uint16_t)port) == 0, "race: stop");
}

static void
test_riwt(void)
{
	int port = start_intr_port(RIWT_DEV, true);

	if (port < 0)
		return;
	CHECK(rte_eth_dev_rx_intr_ctl_q((uint16_t)port, 0, RTE_EPOLL_PER_THREAD,
					RTE_INTR_EVENT_ADD, NULL) == 0,
	      "riwt: interrupt added");
	CHECK(rte_eth_dev_rx_intr_enable((uint16_t)port, 0) == 0, "riwt: enable");
	CHECK_EQ_U(wait_intr(WAIT_GUARD_MS), 1,
		   "riwt: frames closed without IOC raise RI through the RX watchdog");
	CHECK(rte_eth_dev_rx_intr_disable((uint16_t)port, 0) == 0, "riwt: disable");
	CHECK_EQ_U(poll_frames((uint16_t)port, RACE_FRAMES), RACE_FRAMES,
		   "riwt: every frame received");
	CHECK(rte_eth_dev_rx_intr_ctl_q((uint16_t)port, 0, RTE_EPOLL_PER_THREAD,
					RTE_INTR_EVENT_DEL, NULL) == 0,
	      "riwt: interrupt removed");
	PMD_HARNESS_CHECK_NO_VIOLATION((uint16_t)port);
	CHECK(rte_eth_dev_stop((uint16_t)port) == 0, "riwt: stop");
}

static void
test_rx_coal(void)
{
	int port = start_intr_port(COAL_DEV, true);

	if (port < 0)
		return;
	CHECK(rte_eth_dev_rx_intr_ctl_q((uint16_t)port, 0, RTE_EPOLL_PER_THREAD,
					RTE_INTR_EVENT_ADD, NULL) == 0,
	      "rx_coal_usecs: interrupt added");
	CHECK(rte_eth_dev_rx_intr_enable((uint16_t)port, 0) == 0,
	      "rx_coal_usecs: enable");
	CHECK_EQ_U(wait_intr(WAIT_GUARD_MS), 1,
		   "rx_coal_usecs: the RX watchdog raised RI");
	CHECK(rte_eth_dev_rx_intr_disable((uint16_t)port, 0) == 0,
	      "rx_coal_usecs: disable");
	CHECK_EQ_U(poll_frames((uint16_t)port, RACE_FRAMES), RACE_FRAMES,
		   "rx_coal_usecs: every frame received");
	CHECK_EQ_U(pmd_harness_model_stats((uint16_t)port).irq_raised, 1,
		   "rx_coal_usecs: the frames sent together, one interrupt");
	CHECK(rte_eth_dev_rx_intr_ctl_q((uint16_t)port, 0, RTE_EPOLL_PER_THREAD,
					RTE_INTR_EVENT_DEL, NULL) == 0,
	      "rx_coal_usecs: interrupt removed");
	PMD_HARNESS_CHECK_NO_VIOLATION((uint16_t)port);
	CHECK(rte_eth_dev_stop((uint16_t)port) == 0, "rx_coal_usecs: stop");
}

static void
test_not_configured(void)
{
	int port = start_intr_port(POLL_DEV, false);

	if (port < 0)
		return;
	CHECK(rte_eth_dev_rx_intr_enable((uint16_t)port, 0) != 0,
	      "without intr_conf.rxq: enable refused");
	CHECK(rte_eth_dev_rx_intr_ctl_q_get_fd((uint16_t)port, 0) < 0,
	      "without intr_conf.rxq: no event fd");
	CHECK_EQ_U(poll_frames((uint16_t)port, RACE_FRAMES), RACE_FRAMES,
		   "without intr_conf.rxq: polling receives");
	CHECK(rte_eth_dev_stop((uint16_t)port) == 0, "polling port: stop");
}

int
main(int argc, char **argv)
{
	static const char *const vdevs[] = {
		RACE_DEV ",model_irq_race=1,gen_pkts=" RTE_STR(RACE_FRAMES),
		RIWT_DEV ",riwt=16,gen_pkts=" RTE_STR(RACE_FRAMES),
		POLL_DEV ",gen_pkts=" RTE_STR(RACE_FRAMES),
		COAL_DEV ",csr_clk=125000000,rx_coal_usecs=200,gen_pkts="
			RTE_STR(RACE_FRAMES),
		NULL,
	};

	RTE_SET_USED(argc);
	pmd_harness_eal_init(argv[0], vdevs);
	mp = eal_harness_pool("intr_pool", 1024, RTE_MBUF_DEFAULT_BUF_SIZE);
	CHECK(mp != NULL, "mbuf pool");
	if (mp != NULL) {
		test_race();
		test_riwt();
		test_rx_coal();
		test_not_configured();
	}
	rte_eal_cleanup();
	return harness_result("pmd_intr");
}
