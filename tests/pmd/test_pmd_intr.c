/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * RX queue interrupts (intr_conf.rxq) through ethdev's API, as
 * l3fwd-power uses them: rte_eth_dev_rx_intr_ctl_q() into this thread's
 * epoll set, enable, rte_epoll_wait(), disable, poll. Written once for
 * every family of pmd_family.h (SOCRX_TEST_FAMILY).
 *  - The race: the model (model_irq_race=1) takes a frame from the wire
 *    only when the driver unmasks the queue's interrupt, and applies the
 *    unmask after the frame is in the ring, i.e. in the window between
 *    the last empty poll and the enable. Each frame must wake the waiter
 *    with no other traffic, and be received by the poll that follows.
 *  - After the last frame, an enable on an empty ring raises nothing.
 *  - Coalescing (the family's intr_coal_args: dwmac4's RX watchdog,
 *    NETA's time coalescing under a threshold above the traffic): the
 *    frames still wake the waiter.
 *  - An occupied threshold (intr_frames_args, NETA): the waiter is woken
 *    with that many frames in the ring, not before.
 *  - dwmac4's rx_coal_usecs=N (csr_clk=): the RX watchdog on the model's
 *    clock; the frames the generator sends together wake the waiter once.
 *  - dwmac4 on one interrupt line (model_irq_line=one: sbd_intr alone,
 *    as boards wire it, re-firing at every unmask while high) with the
 *    MMC counters preset near half range (model_mmc_preset=1): the frames
 *    take them past it, and once they are received an enable raises
 *    nothing: the MMC interrupts are masked, the waiter sleeps.
 *  - Without intr_conf.rxq the queue has no interrupt: refused.
 * The epoll waits are bounded (a hang guard), never timed assertions.
 */
#include <rte_bus_vdev.h>
#include <rte_epoll.h>
#include <rte_interrupts.h>

#include "pmd_harness.h"

#define RACE_FRAMES	3
#define INTR_FRAMES	3
#define WAIT_GUARD_MS	10000

#define MMC_FRAMES	64	/* past the preset's 16 below half range */
#define MMC_SLEEPS	4

static struct rte_mempool *mp;
static char race_dev[32], coal_dev[32], poll_dev[32], frames_dev[32];
static char usecs_dev[32], mmc_dev[32];

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
	int port = start_intr_port(race_dev, true);

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
		   "race: every frame that came just before the enable woke the waiter");
	CHECK_EQ_U(got, RACE_FRAMES, "race: and was received by the next poll");
	CHECK_EQ_U(pmd_harness_model((uint16_t)port).irq_race_frames,
		   RACE_FRAMES, "race: the model put every frame in the window");
	/* nothing left: the line stays low */
	CHECK(rte_eth_dev_rx_intr_enable((uint16_t)port, 0) == 0, "idle enable");
	CHECK_EQ_U(wait_intr(0), 0, "an enable on an empty ring raises nothing");
	CHECK(rte_eth_dev_rx_intr_disable((uint16_t)port, 0) == 0, "idle disable");
	CHECK(rte_eth_dev_rx_intr_ctl_q((uint16_t)port, 0, RTE_EPOLL_PER_THREAD,
					RTE_INTR_EVENT_DEL, NULL) == 0,
	      "race: interrupt removed from the epoll set");
	PMD_HARNESS_CHECK_NO_VIOLATION((uint16_t)port);
	CHECK(rte_eth_dev_stop((uint16_t)port) == 0, "race: stop");
}

/* One wake-up for frames the device holds back (coalescing or threshold). */
static void
test_held(const char *what, const char *name, bool count_at_wake)
{
	int port = start_intr_port(name, true);

	if (port < 0)
		return;
	CHECK(rte_eth_dev_rx_intr_ctl_q((uint16_t)port, 0, RTE_EPOLL_PER_THREAD,
					RTE_INTR_EVENT_ADD, NULL) == 0,
	      "%s: interrupt added", what);
	CHECK(rte_eth_dev_rx_intr_enable((uint16_t)port, 0) == 0, "%s: enable",
	      what);
	CHECK_EQ_U(wait_intr(WAIT_GUARD_MS), 1, "%s: the frames woke the waiter",
		   what);
	if (count_at_wake)
		CHECK_EQ_U(rte_eth_rx_queue_count((uint16_t)port, 0), INTR_FRAMES,
			   "%s: woken with the threshold's frames in the ring",
			   what);
	CHECK(rte_eth_dev_rx_intr_disable((uint16_t)port, 0) == 0,
	      "%s: disable", what);
	CHECK_EQ_U(poll_frames((uint16_t)port, RACE_FRAMES), RACE_FRAMES,
		   "%s: every frame received", what);
	CHECK(rte_eth_dev_rx_intr_enable((uint16_t)port, 0) == 0,
	      "%s: enable again", what);
	CHECK_EQ_U(wait_intr(0), 0, "%s: nothing left, nothing raised", what);
	CHECK(rte_eth_dev_rx_intr_disable((uint16_t)port, 0) == 0,
	      "%s: disable again", what);
	CHECK(rte_eth_dev_rx_intr_ctl_q((uint16_t)port, 0, RTE_EPOLL_PER_THREAD,
					RTE_INTR_EVENT_DEL, NULL) == 0,
	      "%s: interrupt removed", what);
	PMD_HARNESS_CHECK_NO_VIOLATION((uint16_t)port);
	CHECK(rte_eth_dev_stop((uint16_t)port) == 0, "%s: stop", what);
}

static void
test_not_configured(void)
{
	int port = start_intr_port(poll_dev, false);

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

/* dwmac4: rx_coal_usecs, the RX watchdog on the model's clock. */
static void
test_rx_coal_usecs(void)
{
	int port = start_intr_port(usecs_dev, true);

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

/* Sends @p n 60-byte frames; returns how many the model put on the wire. */
static uint64_t
send_frames(uint16_t port, unsigned int n)
{
	struct rte_mbuf *m;
	unsigned int sent = 0;
	uint64_t polls;

	for (polls = 0; polls < PMD_HARNESS_MAX_POLLS && sent < n; polls++) {
		m = rte_pktmbuf_alloc(mp);
		if (m == NULL || rte_pktmbuf_append(m, 60) == NULL) {
			rte_pktmbuf_free(m);
			break;
		}
		memset(rte_pktmbuf_mtod(m, void *), 0xff, 60);
		if (rte_eth_tx_burst(port, 0, &m, 1) == 1)
			sent++;
		else
			rte_pktmbuf_free(m);
	}
	for (polls = 0; polls < PMD_HARNESS_MAX_POLLS &&
	     pmd_harness_model_stats(port).tx_frames < sent; polls++)
		rte_pause();
	return pmd_harness_model_stats(port).tx_frames;
}

/* dwmac4: the MMC counters past half range, the line shared with RX. */
static void
test_mmc_sleep(void)
{
	unsigned int i, woken = 0;
	int port = start_intr_port(mmc_dev, true);

	if (port < 0)
		return;
	CHECK_EQ_U(send_frames((uint16_t)port, MMC_FRAMES), MMC_FRAMES,
		   "mmc: frames sent (the TX counters passed half range)");
	CHECK(rte_eth_dev_rx_intr_ctl_q((uint16_t)port, 0, RTE_EPOLL_PER_THREAD,
					RTE_INTR_EVENT_ADD, NULL) == 0,
	      "mmc: interrupt added");
	CHECK_EQ_U(poll_frames((uint16_t)port, MMC_FRAMES), MMC_FRAMES,
		   "mmc: every frame received (the counters passed half range)");
	/* RI the poll left set wakes once (stmmac_intr.c); disable clears it. */
	CHECK(rte_eth_dev_rx_intr_enable((uint16_t)port, 0) == 0, "mmc: enable");
	wait_intr(0);
	CHECK(rte_eth_dev_rx_intr_disable((uint16_t)port, 0) == 0, "mmc: disable");
	for (i = 0; i < MMC_SLEEPS; i++) {
		CHECK(rte_eth_dev_rx_intr_enable((uint16_t)port, 0) == 0,
		      "mmc: enable %u", i);
		if (wait_intr(0) != 0)
			woken++;
		CHECK(rte_eth_dev_rx_intr_disable((uint16_t)port, 0) == 0,
		      "mmc: disable %u", i);
	}
	CHECK_EQ_U(woken, 0,
		   "mmc: nothing to receive, nothing raised: the lcore sleeps");
	CHECK_EQ_U(pmd_harness_model_stats((uint16_t)port).irq_unmask_fired, 1,
		   "mmc: only the first unmask found the line high (RI)");
	CHECK(rte_eth_dev_rx_intr_ctl_q((uint16_t)port, 0, RTE_EPOLL_PER_THREAD,
					RTE_INTR_EVENT_DEL, NULL) == 0,
	      "mmc: interrupt removed");
	PMD_HARNESS_CHECK_NO_VIOLATION((uint16_t)port);
	CHECK(rte_eth_dev_stop((uint16_t)port) == 0, "mmc: stop");
}

int
main(int argc, char **argv)
{
	const struct pmd_family *f = pmd_family();
	static char vdev[6][160];
	const char *vdevs[7] = { vdev[0], vdev[1], vdev[2], NULL, NULL, NULL,
				 NULL };
	bool dwmac4 = strcmp(f->name, "stmmac") == 0;
	unsigned int nv = 3;
	char name[32];

	RTE_SET_USED(argc);
	snprintf(race_dev, sizeof(race_dev), "%s", pmd_vdev(name, sizeof(name), 0));
	snprintf(coal_dev, sizeof(coal_dev), "%s", pmd_vdev(name, sizeof(name), 1));
	snprintf(poll_dev, sizeof(poll_dev), "%s", pmd_vdev(name, sizeof(name), 2));
	snprintf(frames_dev, sizeof(frames_dev), "%s",
		 pmd_vdev(name, sizeof(name), 3));
	snprintf(vdev[0], sizeof(vdev[0]), "%s,model_irq_race=1,gen_pkts=%u",
		 race_dev, RACE_FRAMES);
	snprintf(vdev[1], sizeof(vdev[1]), "%s,%s,gen_pkts=%u", coal_dev,
		 f->intr_coal_args, RACE_FRAMES);
	snprintf(vdev[2], sizeof(vdev[2]), "%s,gen_pkts=%u", poll_dev,
		 RACE_FRAMES);
	if (f->intr_frames_args != NULL) {
		snprintf(vdev[3], sizeof(vdev[3]), "%s,%s,gen_pkts=%u",
			 frames_dev, f->intr_frames_args, INTR_FRAMES);
		vdevs[nv++] = vdev[3];
	}
	if (dwmac4) {
		snprintf(usecs_dev, sizeof(usecs_dev), "%s",
			 pmd_vdev(name, sizeof(name), 4));
		snprintf(vdev[4], sizeof(vdev[4]),
			 "%s,csr_clk=125000000,rx_coal_usecs=200,gen_pkts=%u",
			 usecs_dev, RACE_FRAMES);
		vdevs[nv++] = vdev[4];
		snprintf(mmc_dev, sizeof(mmc_dev), "%s",
			 pmd_vdev(name, sizeof(name), 5));
		snprintf(vdev[5], sizeof(vdev[5]),
			 "%s,model_irq_line=one,model_mmc_preset=1,gen_pkts=%u",
			 mmc_dev, MMC_FRAMES);
		vdevs[nv++] = vdev[5];
	}
	pmd_harness_eal_init(argv[0], vdevs);
	mp = eal_harness_pool("intr_pool", 1024, RTE_MBUF_DEFAULT_BUF_SIZE);
	CHECK(mp != NULL, "mbuf pool");
	if (mp != NULL) {
		test_race();
		test_held("coalescing", coal_dev, false);
		if (f->intr_frames_args != NULL)
			test_held("threshold", frames_dev, true);
		if (dwmac4) {
			test_rx_coal_usecs();
			test_mmc_sleep();
		}
		test_not_configured();
	}
	rte_eal_cleanup();
	return harness_result("pmd_intr");
}
