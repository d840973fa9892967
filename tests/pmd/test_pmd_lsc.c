/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Link status change interrupts (intr_conf.lsc) through ethdev's API, for
 * every family of pmd_family.h (SOCRX_TEST_FAMILY): the model's set-link
 * (a cable pulled or plugged) raises the controller's own line, and the
 * application's RTE_ETH_EVENT_INTR_LSC callback runs in EAL's interrupt
 * thread.
 *  - intr_conf.lsc=1: exactly one event per change, with the new link
 *    already in rte_eth_link_get_nowait(); none when set-link repeats the
 *    link it has (the model raises nothing, and its one rise per change
 *    is counted); none while the port is stopped; again after a restart.
 *    A driver that does not clear the cause keeps the line high, and
 *    the second change raises nothing: the test fails.
 *  - intr_conf.lsc=0: no callback, the cause is never raised, the link is
 *    read at each rte_eth_link_get_nowait().
 *  - an application callback that stops the port: the callback is
 *    removed once it returns, the port restarts and reports again;
 *  - intr_conf.rxq and .lsc together on a model port (one line each);
 *    on a UIO port (one line) configure refuses them
 *    (socnic_lsc_configure_check(), with a UIO backend's interrupt kind:
 *    no UIO port reaches configure here).
 * The waits for an event are bounded (a hang guard), never timed
 * assertions.
 */
#include <net/if.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <unistd.h>

#include <rte_cycles.h>
#include <rte_interrupts.h>

#include "pmd_harness.h"
#include "socnic_lsc.h"

#define WAIT_GUARD_MS	10000
#define MAX_EVENTS	16

static struct rte_mempool *mp;
static char lsc_dev[32], poll_dev[32], both_dev[32], stop_dev[32];
static int stop_port = -1;		/* its callback stops it */

/* What the application's callback saw, per port. */
static struct {
	unsigned int n;				/* atomic */
	uint8_t status[MAX_EVENTS];		/* link at each event */
} seen[RTE_MAX_ETHPORTS];

static int
lsc_event(uint16_t port, enum rte_eth_event_type type, void *arg, void *ret)
{
	struct rte_eth_link link;
	unsigned int n = __atomic_load_n(&seen[port].n, __ATOMIC_ACQUIRE);

	RTE_SET_USED(arg);
	RTE_SET_USED(ret);
	if (type != RTE_ETH_EVENT_INTR_LSC ||
	    rte_eth_link_get_nowait(port, &link) != 0)
		return 0;
	if (n < MAX_EVENTS)
		seen[port].status[n] = link.link_status;
	/* from EAL's interrupt thread, inside the driver's handler */
	if (port == stop_port && n == 0)
		CHECK(rte_eth_dev_stop(port) == 0, "stop from the callback");
	__atomic_store_n(&seen[port].n, n + 1, __ATOMIC_RELEASE);
	return 0;
}

static unsigned int
events(uint16_t port)
{
	return __atomic_load_n(&seen[port].n, __ATOMIC_ACQUIRE);
}

/* Waits until @p port has seen @p want events (bounded); returns the count. */
static unsigned int
wait_events(uint16_t port, unsigned int want)
{
	unsigned int ms;

	for (ms = 0; ms < WAIT_GUARD_MS && events(port) < want; ms++)
		rte_delay_ms(1);
	return events(port);
}

static uint8_t
link_now(uint16_t port)
{
	struct rte_eth_link link;

	memset(&link, 0, sizeof(link));
	CHECK(rte_eth_link_get_nowait(port, &link) == 0, "port %u: link_get", port);
	return link.link_status;
}

static int
start_port(const char *name, bool lsc, bool rxq)
{
	struct rte_eth_conf conf;
	int port = pmd_harness_probed_port(name);

	if (port < 0)
		return -1;
	CHECK(rte_eth_dev_callback_register((uint16_t)port, RTE_ETH_EVENT_INTR_LSC,
					    lsc_event, NULL) == 0,
	      "%s: LSC callback registered", name);
	memset(&conf, 0, sizeof(conf));
	conf.intr_conf.lsc = lsc;
	conf.intr_conf.rxq = rxq;
	if (pmd_harness_port_start((uint16_t)port, mp, 64, &conf) != 0) {
		CHECK(0, "%s start", name);
		return -1;
	}
	return port;
}

static uint64_t
misc_rises(uint16_t port)
{
	return pmd_harness_model(port).irq_misc_raised;
}

/*
 * Waits until the driver's handler acknowledged the link cause. The event
 * can come first, from the once-a-second link poll, which runs in the
 * same EAL thread as the interrupt: a change made before the handler ran
 * would find the line still high and raise nothing. A driver that never
 * clears the cause fails here.
 */
static bool
wait_cause_clear(uint16_t port)
{
	unsigned int ms;

	for (ms = 0; ms < WAIT_GUARD_MS && pmd_family()->lsc_pending(port) == 1;
	     ms++)
		rte_delay_ms(1);
	return pmd_family()->lsc_pending(port) == 0;
}

/* Brings the model's link to @p up, then waits for event number @p nth. */
static void
change(uint16_t port, int up, unsigned int nth)
{
	CHECK(pmd_family()->set_link(port, up) == 0, "set_link(%d)", up);
	CHECK_EQ_U(wait_events(port, nth), nth, "link %s: event %u came",
		   up ? "up" : "down", nth);
	CHECK_EQ_U(seen[port].status[nth - 1], up ? RTE_ETH_LINK_UP :
		   RTE_ETH_LINK_DOWN, "event %u reports the link %s", nth,
		   up ? "up" : "down");
	CHECK_EQ_U(link_now(port), up ? RTE_ETH_LINK_UP : RTE_ETH_LINK_DOWN,
		   "after event %u rte_eth_link_get_nowait() agrees", nth);
}

/*
 * change(), then the cause acknowledged before anything else: the next
 * change then raises the line anew, so the rises can be counted.
 */
static void
change_counted(uint16_t port, int up, unsigned int nth)
{
	change(port, up, nth);
	CHECK(wait_cause_clear(port), "link %s: the driver cleared the cause",
	      up ? "up" : "down");
}

static void
test_events(void)
{
	struct rte_eth_dev_info info;
	int port = start_port(lsc_dev, true, false);
	uint16_t p;

	if (port < 0)
		return;
	p = (uint16_t)port;
	CHECK(rte_eth_dev_info_get(p, &info) == 0 && info.dev_flags != NULL &&
	      (*info.dev_flags & RTE_ETH_DEV_INTR_LSC),
	      "the port advertises RTE_ETH_DEV_INTR_LSC");
	CHECK_EQ_U(link_now(p), RTE_ETH_LINK_UP, "started: link up");
	CHECK_EQ_U(events(p), 0, "started: no event");
	change_counted(p, 0, 1);
	/* a repeat: nothing raised, so the next event is the next change */
	CHECK(pmd_family()->set_link(p, 0) == 0, "set_link(0) again");
	change_counted(p, 1, 2);
	CHECK(pmd_family()->set_link(p, 1) == 0, "set_link(1) again");
	change_counted(p, 0, 3);
	change_counted(p, 1, 4);
	CHECK_EQ_U(events(p), 4, "one event per change, none per repeat");
	CHECK_EQ_U(misc_rises(p), 4, "the model raised its line once per change");
	/* stopped: the callback is gone, the cause masked */
	CHECK(rte_eth_dev_stop(p) == 0, "stop");
	CHECK(pmd_family()->set_link(p, 0) == 0, "stopped: set_link(0)");
	CHECK(pmd_family()->set_link(p, 1) == 0, "stopped: set_link(1)");
	CHECK_EQ_U(misc_rises(p), 4, "stopped: nothing raised");
	CHECK(rte_eth_dev_start(p) == 0, "restart");
	CHECK_EQ_U(link_now(p), RTE_ETH_LINK_UP, "restarted: link up");
	CHECK_EQ_U(events(p), 4, "stopped and restarted: no event");
	change_counted(p, 0, 5);
	change_counted(p, 1, 6);
	CHECK_EQ_U(events(p), 6, "after the restart: one event per change");
	PMD_HARNESS_CHECK_NO_VIOLATION(p);
	CHECK(rte_eth_dev_stop(p) == 0, "stop");
}

static void
test_not_configured(void)
{
	int port = start_port(poll_dev, false, false);
	uint16_t p;

	if (port < 0)
		return;
	p = (uint16_t)port;
	CHECK(pmd_family()->set_link(p, 0) == 0, "lsc=0: set_link(0)");
	CHECK_EQ_U(link_now(p), RTE_ETH_LINK_DOWN, "lsc=0: the link read down");
	CHECK(pmd_family()->set_link(p, 1) == 0, "lsc=0: set_link(1)");
	CHECK_EQ_U(link_now(p), RTE_ETH_LINK_UP, "lsc=0: the link read up");
	CHECK_EQ_U(misc_rises(p), 0, "lsc=0: the cause was never enabled");
	CHECK(rte_eth_dev_stop(p) == 0, "lsc=0: stop");
}

/* Runs after test_events: EAL's thread handled that port's events. */
static void
check_not_configured_silent(void)
{
	int port = pmd_harness_port(poll_dev);

	if (port >= 0)
		CHECK_EQ_U(events((uint16_t)port), 0, "lsc=0: no callback");
}

static void
test_rxq_and_lsc_model(void)
{
	int port = start_port(both_dev, true, true);
	uint16_t p;

	if (port < 0)
		return;
	p = (uint16_t)port;
	CHECK(rte_eth_dev_rx_intr_ctl_q(p, 0, RTE_EPOLL_PER_THREAD,
					RTE_INTR_EVENT_ADD, NULL) == 0,
	      "rxq+lsc: queue 0's interrupt added");
	change(p, 0, 1);
	change(p, 1, 2);
	CHECK(rte_eth_dev_rx_intr_ctl_q(p, 0, RTE_EPOLL_PER_THREAD,
					RTE_INTR_EVENT_DEL, NULL) == 0,
	      "rxq+lsc: queue 0's interrupt removed");
	CHECK(rte_eth_dev_stop(p) == 0, "rxq+lsc: stop");
}

static void
test_stop_in_callback(void)
{
	int port = start_port(stop_dev, true, false);
	uint16_t p;

	if (port < 0)
		return;
	p = (uint16_t)port;
	__atomic_store_n(&stop_port, port, __ATOMIC_RELEASE);
	change(p, 0, 1);
	CHECK(pmd_family()->set_link(p, 1) == 0, "stopped in the callback: up");
	CHECK_EQ_U(misc_rises(p), 1, "stopped in the callback: cause masked");
	CHECK(rte_eth_dev_start(p) == 0, "restart after a stop in the callback");
	change(p, 0, 2);
	CHECK(rte_eth_dev_stop(p) == 0, "stop");
}

static void
test_rxq_and_lsc_uio(void)
{
	static const struct socnic_backend_ops uio = {
		.name = "uio", .irq_kind = SOCNIC_IRQ_UIO,
	};
	static const struct socnic_backend_ops model = {
		.name = "model", .irq_kind = SOCNIC_IRQ_EVENTFD,
	};
	struct socnic_backend be = { .ops = &uio, .kind = SOCNIC_BACKEND_UIO };
	struct rte_eth_dev_data data;
	struct rte_eth_dev dev;
	struct rte_intr_conf *ic = &data.dev_conf.intr_conf;

	memset(&data, 0, sizeof(data));
	memset(&dev, 0, sizeof(dev));
	dev.data = &data;
	ic->lsc = 1;
	ic->rxq = 1;
	CHECK(socnic_lsc_configure_check(&dev, &be, RTE_LOGTYPE_USER1) == -EINVAL,
	      "UIO: rxq and lsc together refused");
	ic->rxq = 0;
	CHECK(socnic_lsc_configure_check(&dev, &be, RTE_LOGTYPE_USER1) == 0,
	      "UIO: lsc alone accepted");
	ic->lsc = 0;
	ic->rxq = 1;
	CHECK(socnic_lsc_configure_check(&dev, &be, RTE_LOGTYPE_USER1) == 0,
	      "UIO: rxq alone accepted");
	ic->lsc = 1;
	be.ops = &model;
	CHECK(socnic_lsc_configure_check(&dev, &be, RTE_LOGTYPE_USER1) == 0,
	      "model: rxq and lsc together accepted");
}

/* A shell command; false (with its status) when it did not succeed. */
static bool
run(const char *cmd)
{
	int rc = system(cmd);

	if (rc != 0)
		printf("  '%s': status %d\n", cmd, rc);
	return rc == 0;
}

/* Waits until @p port's link reads @p up (bounded: a hang guard). */
static bool
wait_link(uint16_t port, uint8_t up)
{
	unsigned int ms;

	for (ms = 0; ms < WAIT_GUARD_MS && link_now(port) != up; ms++)
		rte_delay_ms(1);
	return link_now(port) == up;
}

/*
 * Waits until interface @p name reads up and running, as the model reads
 * it (bounded: a hang guard). A veth end brought up gets its carrier, and
 * IFF_RUNNING, only once the kernel's link watch has run: a port probed
 * before that starts with its link down and reports an extra event when
 * it comes up.
 */
static bool
wait_iface_running(const char *name)
{
	const short want = IFF_UP | IFF_RUNNING;
	struct ifreq ifr;
	unsigned int ms;
	int fd = socket(AF_INET, SOCK_DGRAM, 0);
	bool ok = false;

	if (fd < 0)
		return false;
	memset(&ifr, 0, sizeof(ifr));
	snprintf(ifr.ifr_name, sizeof(ifr.ifr_name), "%s", name);
	for (ms = 0; ms < WAIT_GUARD_MS && !ok; ms++) {
		ok = ioctl(fd, SIOCGIFFLAGS, &ifr) == 0 &&
		     (ifr.ifr_flags & want) == want;
		if (!ok)
			rte_delay_ms(1);
	}
	close(fd);
	return ok;
}

/*
 * iface= on a veth end in a private network namespace: the port's link
 * follows the interface's operational state (the peer down takes the
 * carrier away; the interface down), with an LSC event per change
 * (model_traffic checks the sink's sendto() failures). Root only, not under qemu-user (no AF_PACKET auxdata there); last,
 * as the process stays in its namespace.
 */
static void
test_iface_follows(void)
{
	char dev[32], name[32];
	int port;

	if (geteuid() != 0 || getenv("SOCRX_UNDER_QEMU") != NULL) {
		printf("SKIP iface link: needs root, not under qemu-user\n");
		return;
	}
	if (unshare(CLONE_NEWNET) != 0 ||
	    !run("ip link add srxlsc0 type veth peer name srxlsc1") ||
	    !run("ip link set srxlsc0 up") || !run("ip link set srxlsc1 up")) {
		printf("SKIP iface link: no private namespace with a veth pair\n");
		return;
	}
	CHECK(wait_iface_running("srxlsc0"), "srxlsc0 up and running before the probe");
	snprintf(dev, sizeof(dev), "%s", pmd_vdev(name, sizeof(name), 9));
	CHECK(pmd_harness_vdev_init(dev, "iface=srxlsc0") == 0, "%s probed", dev);
	port = start_port(dev, true, false);
	if (port < 0)
		return;
	CHECK(wait_link((uint16_t)port, RTE_ETH_LINK_UP), "iface: link up");
	CHECK(run("ip link set srxlsc1 down"), "peer down");
	CHECK_EQ_U(wait_events((uint16_t)port, 1), 1, "iface: peer down, an event");
	CHECK(wait_link((uint16_t)port, RTE_ETH_LINK_DOWN),
	      "iface: no carrier, link down");
	CHECK(run("ip link set srxlsc1 up"), "peer up");
	CHECK_EQ_U(wait_events((uint16_t)port, 2), 2, "iface: peer up, an event");
	CHECK(wait_link((uint16_t)port, RTE_ETH_LINK_UP), "iface: link up again");
	CHECK(run("ip link set srxlsc0 down"), "interface down");
	CHECK_EQ_U(wait_events((uint16_t)port, 3), 3, "iface: interface down, an event");
	CHECK(wait_link((uint16_t)port, RTE_ETH_LINK_DOWN), "iface: link down");
	CHECK(seen[port].status[0] == RTE_ETH_LINK_DOWN &&
	      seen[port].status[1] == RTE_ETH_LINK_UP &&
	      seen[port].status[2] == RTE_ETH_LINK_DOWN,
	      "iface: the events report down, up, down");
	printf("iface link: %u events\n", events((uint16_t)port));
	CHECK(rte_eth_dev_stop((uint16_t)port) == 0, "iface: stop");
	rte_eth_dev_close((uint16_t)port);
	rte_vdev_uninit(dev);
	run("ip link del srxlsc0");
}

int
main(int argc, char **argv)
{
	static char vdev[4][96];
	const char *vdevs[5] = { vdev[0], vdev[1], vdev[2], vdev[3], NULL };
	char name[32];

	RTE_SET_USED(argc);
	snprintf(lsc_dev, sizeof(lsc_dev), "%s", pmd_vdev(name, sizeof(name), 0));
	snprintf(poll_dev, sizeof(poll_dev), "%s", pmd_vdev(name, sizeof(name), 1));
	snprintf(both_dev, sizeof(both_dev), "%s", pmd_vdev(name, sizeof(name), 2));
	snprintf(vdev[0], sizeof(vdev[0]), "%s", lsc_dev);
	snprintf(vdev[1], sizeof(vdev[1]), "%s", poll_dev);
	snprintf(vdev[2], sizeof(vdev[2]), "%s", both_dev);
	snprintf(stop_dev, sizeof(stop_dev), "%s", pmd_vdev(name, sizeof(name), 3));
	snprintf(vdev[3], sizeof(vdev[3]), "%s", stop_dev);
	pmd_harness_eal_init(argv[0], vdevs);
	mp = eal_harness_pool("lsc_pool", 1024, RTE_MBUF_DEFAULT_BUF_SIZE);
	CHECK(mp != NULL, "mbuf pool");
	if (mp != NULL) {
		test_not_configured();
		test_events();
		check_not_configured_silent();
		test_rxq_and_lsc_model();
		test_stop_in_callback();
		test_iface_follows();
	}
	test_rxq_and_lsc_uio();
	rte_eal_cleanup();
	return harness_result("pmd_lsc");
}
