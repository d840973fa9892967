/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * A port in a DPDK secondary process reads and never drives
 * (docs/nics/stmmac_uio.rst, "Secondary processes"). The test forks twice
 * before EAL: one child is the primary (hugepages, a file prefix of this
 * run's own, a model port of each family built, forwarding port 0 <-> 1
 * with the generators on, promiscuous mode off), the other attaches as a
 * secondary and checks:
 *
 * - statistics and xstats: the same names as the primary's, the same
 *   values while the primary holds its loop (the device's counters
 *   between the primary's two reads around the secondary's);
 * - configure, queue set-up, start, stop, queue stop, promiscuous and
 *   all-multicast mode, MTU, MAC address and link down refused with
 *   -ENOTSUP, the PMD's own API (the model's link) with -ENODEV; the
 *   primary's port unchanged by them and still forwarding after;
 * - RX and TX bursts return 0, the TX frames stay the caller's (none of
 *   the secondary's mbufs in use once it freed them), and the reason is
 *   logged once, not per burst (the log captured with
 *   rte_openlog_stream());
 * - the primary stops, closes its ports, gets every mbuf back and exits 0.
 *
 * The parent waits for both, says which one crashed if one did, and
 * removes the primary's hugepage files and runtime directory.
 *
 * The two processes talk over pipes: 's' holds the primary's loop and
 * asks for its view (struct sec_view), 'r' resumes it, 'q' asks for the
 * view and ends it. Every wait is bounded by a count, not a time check.
 *
 * Exit: 0 pass, 1 fail, 77 skipped (not root, no hugetlbfs, too few free
 * 2 MiB hugepages).
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE	/* nftw(), open_memstream() */
#endif
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <glob.h>
#include <inttypes.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include <rte_eal.h>
#include <rte_errno.h>
#include <rte_ethdev.h>
#include <rte_log.h>
#include <rte_mbuf.h>
#include <rte_mempool.h>

#include "pmd_harness.h"

/* Hugepage memory of the primary (MiB): small, the machine's pages are shared. */
#define SEC_MEM_MB	128
#define SEC_MAX_PORTS	2
#define SEC_MAX_XSTATS	256
#define SEC_BURST	32
#define SEC_NB_DESC	512
#define SEC_NB_MBUF	4096
/* Bursts of each kind after the first: the reason must not be logged again. */
#define SEC_MORE_BURSTS	1000
/* Bounds against a hang only: poll() rounds of 100 ms, sleeps of 1 ms. */
#define SEC_WAIT_ROUNDS	600
#define SEC_GROW_POLLS	30000
/* What the secondary's bursts log (socnic_secondary.c). */
#define SEC_REFUSED	"burst refused"

static const char *const sec_vdevs[SEC_MAX_PORTS] = {
	"net_stmmac_uio0,gen_rate=5000,gen_flows=4",
#ifdef SOCRX_TEST_MVNETA
	"net_mvneta_uio1,gen_rate=5000,gen_flows=4,gen_ipv6=1",
#else
	NULL,
#endif
};

static const char *const sec_names[SEC_MAX_PORTS] = {
	"net_stmmac_uio0",
#ifdef SOCRX_TEST_MVNETA
	"net_mvneta_uio1",
#else
	NULL,
#endif
};

/* Each port's private API call that drives the device (the model's link). */
static int (*const sec_set_link[SEC_MAX_PORTS])(uint16_t, int) = {
	rte_pmd_stmmac_uio_model_set_link,
#ifdef SOCRX_TEST_MVNETA
	rte_pmd_mvneta_uio_model_set_link,
#else
	NULL,
#endif
};

/* One port as the primary sees it. */
struct sec_port_view {
	struct rte_eth_stats st;
	uint64_t fwd_rx;	/* frames the primary's loop received */
	int promisc;
	int allmulti;
	int started;
	uint16_t nb_rxq;
	uint16_t nb_txq;
	uint16_t mtu;
	struct rte_ether_addr mac;
	int nb_xstats;
	struct rte_eth_xstat_name names[SEC_MAX_XSTATS];
	uint64_t values[SEC_MAX_XSTATS];
};

struct sec_view {
	int nb_ports;
	struct sec_port_view port[SEC_MAX_PORTS];
};

static int
sec_nb_ports(void)
{
	return sec_vdevs[1] != NULL ? 2 : 1;
}

/*
 * Reads (@p rd) or writes @p len bytes over a pipe, waiting at most
 * SEC_WAIT_ROUNDS rounds for each part: 0, or -1 when the other side is
 * gone or silent.
 */
static int
sec_pipe_io(int fd, void *buf, size_t len, bool rd)
{
	char *p = buf;
	int rounds = 0;

	while (len > 0) {
		struct pollfd pfd = { .fd = fd, .events = rd ? POLLIN : POLLOUT };
		ssize_t n;

		if (poll(&pfd, 1, 100) == 0) {
			if (++rounds > SEC_WAIT_ROUNDS)
				return -1;
			continue;
		}
		n = rd ? read(fd, p, len) : write(fd, p, len);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return -1;
		p += n;
		len -= (size_t)n;
	}
	return 0;
}

/* ---- The primary (the child) ---- */

static void
sec_port_view_get(uint16_t port, uint64_t fwd_rx, struct sec_port_view *v)
{
	struct rte_eth_xstat xs[SEC_MAX_XSTATS];
	struct rte_eth_dev_info info;
	struct rte_eth_rxq_info qi;
	int i;

	memset(v, 0, sizeof(*v));
	rte_eth_stats_get(port, &v->st);
	v->fwd_rx = fwd_rx;
	v->promisc = rte_eth_promiscuous_get(port);
	v->allmulti = rte_eth_allmulticast_get(port);
	memset(&qi, 0, sizeof(qi));
	v->started = rte_eth_rx_queue_info_get(port, 0, &qi) == 0 &&
		     qi.queue_state == RTE_ETH_QUEUE_STATE_STARTED;
	if (rte_eth_dev_info_get(port, &info) == 0) {
		v->nb_rxq = info.nb_rx_queues;
		v->nb_txq = info.nb_tx_queues;
	}
	rte_eth_dev_get_mtu(port, &v->mtu);
	rte_eth_macaddr_get(port, &v->mac);
	v->nb_xstats = rte_eth_xstats_get_names(port, v->names, SEC_MAX_XSTATS);
	if (v->nb_xstats < 0 || v->nb_xstats > SEC_MAX_XSTATS ||
	    rte_eth_xstats_get(port, xs, SEC_MAX_XSTATS) != v->nb_xstats) {
		v->nb_xstats = -1;
		return;
	}
	for (i = 0; i < v->nb_xstats; i++)
		v->values[i] = xs[i].value;
}

/* Started as every PMD test starts a port, promiscuous mode left off. */
static int
sec_primary_port_start(uint16_t port, struct rte_mempool *mp)
{
	int ret = pmd_harness_port_start(port, mp, SEC_NB_DESC, NULL);

	return ret != 0 ? ret : rte_eth_promiscuous_disable(port);
}

/* One forwarding pass port p -> p ^ 1 (or back to p with one port). */
static void
sec_primary_forward(int nb, uint64_t *fwd_rx)
{
	struct rte_mbuf *pkts[SEC_BURST];
	int p;

	for (p = 0; p < nb; p++) {
		uint16_t n = rte_eth_rx_burst(p, 0, pkts, SEC_BURST);
		uint16_t sent = n > 0 ? rte_eth_tx_burst(nb == 2 ? p ^ 1 : p, 0,
							 pkts, n) : 0;

		fwd_rx[p] += n;
		rte_pktmbuf_free_bulk(&pkts[sent], n - sent);
	}
}

/* Every port as this process sees it (the loop's counts or 0). */
static void
sec_view_get(int nb, const uint64_t *fwd_rx, struct sec_view *v)
{
	int p;

	memset(v, 0, sizeof(*v));
	v->nb_ports = nb;
	for (p = 0; p < nb; p++)
		sec_port_view_get(p, fwd_rx != NULL ? fwd_rx[p] : 0, &v->port[p]);
}

static int
sec_primary_send_view(int fd, int nb, const uint64_t *fwd_rx)
{
	static struct sec_view v;

	sec_view_get(nb, fwd_rx, &v);
	return sec_pipe_io(fd, &v, sizeof(v), false);
}

static int
sec_primary(const char *prefix, int cmd_fd, int rep_fd)
{
	char fp[128], mem[16];
	char *argv[16];
	uint64_t fwd_rx[SEC_MAX_PORTS] = { 0 };
	struct rte_mempool *mp;
	int argc = 0, nb = sec_nb_ports(), p, paused = 0, ready = 0, rc = 0;
	unsigned long pass;

	snprintf(fp, sizeof(fp), "--file-prefix=%s", prefix);
	snprintf(mem, sizeof(mem), "%d", SEC_MEM_MB);
	argv[argc++] = (char *)(uintptr_t)"test_pmd_secondary(primary)";
	argv[argc++] = (char *)(uintptr_t)"--proc-type=primary";
	argv[argc++] = fp;
	argv[argc++] = (char *)(uintptr_t)"-m";
	argv[argc++] = mem;
	argv[argc++] = (char *)(uintptr_t)"--no-pci";
	argv[argc++] = (char *)(uintptr_t)"-l";
	argv[argc++] = (char *)(uintptr_t)"0";
	/*
	 * Hugepages may lie above 4 GiB physically, beyond NETA's 32-bit
	 * bus: IOVA as VA from the 4 GiB-aligned base the other PMD tests
	 * use (pmd_harness.h), which the secondary takes from the primary.
	 */
	argv[argc++] = (char *)(uintptr_t)"--iova-mode=va";
	argv[argc++] = (char *)(uintptr_t)"--base-virtaddr=0x200000000000";
	for (p = 0; p < nb; p++) {
		argv[argc++] = (char *)(uintptr_t)"--vdev";
		argv[argc++] = (char *)(uintptr_t)sec_vdevs[p];
	}
	if (rte_eal_init(argc, argv) < 0) {
		fprintf(stderr, "primary: rte_eal_init: %s\n",
			rte_strerror(rte_errno));
		return 1;
	}
	mp = rte_pktmbuf_pool_create("sec_primary", SEC_NB_MBUF, 0, 0,
				     RTE_MBUF_DEFAULT_BUF_SIZE, SOCKET_ID_ANY);
	if (mp == NULL || rte_eth_dev_count_avail() != (unsigned int)nb) {
		fprintf(stderr, "primary: pool or ports missing\n");
		return 1;
	}
	for (p = 0; p < nb; p++)
		if (sec_primary_port_start(p, mp) != 0)
			return 1;
	fcntl(cmd_fd, F_SETFL, O_NONBLOCK);
	for (pass = 0;; pass++) {
		ssize_t got;
		char c;

		if (!paused)
			sec_primary_forward(nb, fwd_rx);
		if (!ready && fwd_rx[0] > 0 && fwd_rx[nb - 1] > 0) {
			ready = 1;
			if (sec_pipe_io(rep_fd, (void *)(uintptr_t)"R", 1, false) < 0)
				break;
		}
		if (!paused && (pass & 255) != 0)
			continue;
		got = read(cmd_fd, &c, 1);
		if (got == 0)
			break;	/* the secondary is gone */
		if (got < 0) {
			if (errno != EAGAIN && errno != EINTR)
				break;
			if (paused)
				usleep(1000);
			continue;
		}
		if (c == 's') {
			paused = 1;
			if (sec_primary_send_view(rep_fd, nb, fwd_rx) < 0)
				break;
		} else if (c == 'r') {
			paused = 0;
		} else if (c == 'q') {
			if (sec_primary_send_view(rep_fd, nb, fwd_rx) < 0)
				rc = 1;
			break;
		}
	}
	/* Every port stopped before any is closed: a TX ring holds the other's frames. */
	for (p = 0; p < nb; p++) {
		if (rte_eth_dev_stop(p) != 0) {
			fprintf(stderr, "primary: port %d stop failed\n", p);
			rc = 1;
		}
	}
	for (p = 0; p < nb; p++) {
		if (rte_eth_dev_close(p) != 0) {
			fprintf(stderr, "primary: port %d close failed\n", p);
			rc = 1;
		}
	}
	if (rte_mempool_avail_count(mp) != SEC_NB_MBUF) {
		fprintf(stderr, "primary: %u of %u mbufs back\n",
			rte_mempool_avail_count(mp), SEC_NB_MBUF);
		rc = 1;
	}
	rte_eal_cleanup();
	return rc;
}

/* ---- The secondary (the parent) ---- */

static int sec_cmd_fd = -1, sec_rep_fd = -1;
static char *sec_log;
static size_t sec_log_len;
static FILE *sec_log_f;

static int
sec_ask(char c, struct sec_view *v)
{
	if (sec_pipe_io(sec_cmd_fd, &c, 1, false) < 0)
		return -1;
	return v != NULL ? sec_pipe_io(sec_rep_fd, v, sizeof(*v), true) : 0;
}

/* Lines of the captured log holding @p what. */
static unsigned int
sec_log_count(const char *what)
{
	unsigned int n = 0;
	const char *p;

	fflush(sec_log_f);
	for (p = sec_log; p != NULL && (p = strstr(p, what)) != NULL; p++)
		n++;
	return n;
}

/*
 * The secondary's view @p s of every port, read while the primary's loop
 * was held between its views @p a and @p b: the queue counters equal,
 * every xstat of the same name and between the primary's two values.
 */
static void
sec_check_stats(const struct sec_view *a, const struct sec_view *s,
		const struct sec_view *b)
{
	int p, i, n;

	for (p = 0; p < a->nb_ports; p++) {
		const struct sec_port_view *pa = &a->port[p], *pb = &b->port[p];
		const struct sec_port_view *ps = &s->port[p];

		CHECK(pa->st.ipackets > 0 && pa->st.opackets > 0,
		      "port %d: the primary forwards (%" PRIu64 " in, %" PRIu64 " out)",
		      p, pa->st.ipackets, pa->st.opackets);
		CHECK_EQ_U(pa->st.ipackets, pb->st.ipackets,
			   "port %d: ipackets still while the primary holds", p);
		CHECK_EQ_U(ps->st.ipackets, pa->st.ipackets, "port %d: ipackets as the primary's", p);
		CHECK_EQ_U(ps->st.ibytes, pa->st.ibytes, "port %d: ibytes as the primary's", p);
		CHECK_EQ_U(ps->st.opackets, pa->st.opackets, "port %d: opackets as the primary's", p);
		CHECK_EQ_U(ps->st.obytes, pa->st.obytes, "port %d: obytes as the primary's", p);
		n = ps->nb_xstats;
		CHECK(n == pa->nb_xstats && n == pb->nb_xstats && n > 0,
		      "port %d: %d xstats, the primary %d", p, n, pa->nb_xstats);
		printf("port %d: the secondary reads %" PRIu64 " frames in, %" PRIu64 " out, %d xstats\n",
		       p, ps->st.ipackets, ps->st.opackets, n);
		for (i = 0; i < n && n == pa->nb_xstats && n == pb->nb_xstats; i++) {
			uint64_t lo = RTE_MIN(pa->values[i], pb->values[i]);
			uint64_t hi = RTE_MAX(pa->values[i], pb->values[i]);

			CHECK(strcmp(ps->names[i].name, pa->names[i].name) == 0,
			      "port %d: xstat %d is %s, the primary's %s", p, i,
			      ps->names[i].name, pa->names[i].name);
			CHECK(lo <= ps->values[i] && ps->values[i] <= hi,
			      "port %d: %s %" PRIu64 " between the primary's %" PRIu64 " and %" PRIu64,
			      p, ps->names[i].name, ps->values[i], pa->values[i],
			      pb->values[i]);
		}
	}
}

/* Every operation that drives the port: -ENOTSUP, the port unchanged. */
static void
sec_check_refused(uint16_t port, struct rte_mempool *mp,
		  const struct sec_port_view *before)
{
	struct rte_ether_addr mac = { .addr_bytes = { 0x02, 0, 0, 0, 0x5e, 0xc0 } };
	struct rte_eth_conf conf;
	int ret;

	memset(&conf, 0, sizeof(conf));
	ret = rte_eth_dev_configure(port, 1, 1, &conf);
	CHECK(ret == -ENOTSUP, "port %u: configure refused: %d", port, ret);
	ret = rte_eth_rx_queue_setup(port, 0, SEC_NB_DESC, SOCKET_ID_ANY, NULL, mp);
	CHECK(ret == -ENOTSUP, "port %u: rx_queue_setup refused: %d", port, ret);
	ret = rte_eth_tx_queue_setup(port, 0, SEC_NB_DESC, SOCKET_ID_ANY, NULL);
	CHECK(ret == -ENOTSUP, "port %u: tx_queue_setup refused: %d", port, ret);
	ret = rte_eth_dev_start(port);
	CHECK(ret == -ENOTSUP, "port %u: dev_start refused: %d", port, ret);
	ret = rte_eth_dev_stop(port);
	CHECK(ret == -ENOTSUP, "port %u: dev_stop refused: %d", port, ret);
	ret = rte_eth_dev_rx_queue_stop(port, 0);
	CHECK(ret == -ENOTSUP, "port %u: rx_queue_stop refused: %d", port, ret);
	ret = rte_eth_promiscuous_enable(port);
	CHECK(ret == -ENOTSUP, "port %u: promiscuous_enable refused: %d", port, ret);
	ret = rte_eth_allmulticast_enable(port);
	CHECK(ret == -ENOTSUP, "port %u: allmulticast_enable refused: %d", port, ret);
	ret = rte_eth_dev_set_mtu(port, before->mtu - 100);
	CHECK(ret == -ENOTSUP, "port %u: set_mtu refused: %d", port, ret);
	ret = rte_eth_dev_default_mac_addr_set(port, &mac);
	CHECK(ret == -ENOTSUP, "port %u: default_mac_addr_set refused: %d", port, ret);
	ret = rte_eth_dev_set_link_down(port);
	CHECK(ret == -ENOTSUP, "port %u: set_link_down refused: %d", port, ret);
	/* The PMD's own API finds no port of its own in a secondary. */
	ret = sec_set_link[port](port, 0);
	CHECK(ret == -ENODEV, "port %u: the model's link not taken down: %d",
	      port, ret);
	CHECK(rte_eth_promiscuous_get(port) == 0 && rte_eth_allmulticast_get(port) == 0,
	      "port %u: promiscuous and all-multicast still off", port);
}

/* The primary's port after the secondary: as before, and still forwarding. */
static void
sec_check_unchanged(int p, const struct sec_port_view *before,
		    const struct sec_port_view *after)
{
	CHECK(after->started == 1 && after->nb_rxq == before->nb_rxq &&
	      after->nb_txq == before->nb_txq,
	      "port %d: the primary's port started, %u/%u queues (was %u/%u)",
	      p, after->nb_rxq, after->nb_txq, before->nb_rxq, before->nb_txq);
	CHECK(after->promisc == before->promisc && after->allmulti == before->allmulti,
	      "port %d: the primary's promiscuous %d all-multicast %d (were %d %d)",
	      p, after->promisc, after->allmulti, before->promisc, before->allmulti);
	CHECK_EQ_U(after->mtu, before->mtu, "port %d: the primary's MTU", p);
	CHECK(rte_is_same_ether_addr(&after->mac, &before->mac),
	      "port %d: the primary's MAC address unchanged", p);
}

/* Polls the secondary's view until every port received and sent more. */
static void
sec_check_grows(const struct sec_view *before, const char *when)
{
	struct rte_eth_stats st[SEC_MAX_PORTS];
	int p, grown = 0, polls;

	for (polls = 0; polls < SEC_GROW_POLLS && !grown; polls++) {
		grown = 1;
		for (p = 0; p < before->nb_ports; p++) {
			rte_eth_stats_get(p, &st[p]);
			grown &= st[p].ipackets > before->port[p].st.ipackets &&
				 st[p].opackets > before->port[p].st.opackets;
		}
		if (!grown)
			usleep(1000);
	}
	CHECK(grown, "the primary's counters keep growing %s", when);
}

/* RX and TX bursts: 0 frames, the TX frames the caller's, logged once. */
static void
sec_check_bursts(int nb, struct rte_mempool *mp)
{
	struct rte_mbuf *pkts[SEC_BURST];
	unsigned int first, i, n = SEC_BURST / 4;
	int p;

	for (p = 0; p < nb; p++) {
		CHECK(rte_eth_rx_burst(p, 0, pkts, SEC_BURST) == 0,
		      "port %d: the secondary's RX burst moves nothing", p);
		CHECK(rte_pktmbuf_alloc_bulk(mp, pkts, n) == 0, "tx mbufs");
		for (i = 0; i < n; i++)
			memset(rte_pktmbuf_append(pkts[i], 60), 0xa5, 60);
		CHECK(rte_eth_tx_burst(p, 0, pkts, (uint16_t)n) == 0,
		      "port %d: the secondary's TX burst takes nothing", p);
		rte_pktmbuf_free_bulk(pkts, n);
		CHECK(sec_log_count(SEC_REFUSED) >= 1,
		      "port %d: the refused burst says why", p);
	}
	first = sec_log_count(SEC_REFUSED);
	CHECK(first <= 2u * (unsigned int)nb,
	      "at most one line per PMD and direction (%u)", first);
	CHECK(sec_log_count("secondary process") >= first,
	      "the line names the secondary process");
	for (i = 0; i < SEC_MORE_BURSTS; i++) {
		for (p = 0; p < nb; p++) {
			uint16_t sent;

			CHECK(rte_eth_rx_burst(p, 0, pkts, SEC_BURST) == 0,
			      "port %d: RX burst %u", p, i);
			if (rte_pktmbuf_alloc_bulk(mp, pkts, n) != 0)
				continue;
			sent = rte_eth_tx_burst(p, 0, pkts, (uint16_t)n);
			CHECK(sent == 0, "port %d: TX burst %u took %u", p, i, sent);
			rte_pktmbuf_free_bulk(&pkts[sent], n - sent);
		}
	}
	printf("the secondary's bursts: %u line(s) of \"%s\" after the first bursts, %u after %u more\n",
	       first, SEC_REFUSED, sec_log_count(SEC_REFUSED), SEC_MORE_BURSTS);
	CHECK(sec_log_count(SEC_REFUSED) == first,
	      "the reason logged once, not per burst (%u lines, then %u)",
	      first, sec_log_count(SEC_REFUSED));
	CHECK(rte_mempool_in_use_count(mp) == 0,
	      "the TX frames stayed the secondary's (%u in use)",
	      rte_mempool_in_use_count(mp));
}

static void
sec_secondary(const char *prog, const char *prefix)
{
	static struct sec_view v1, vs, v2, vq;
	char fp[128];
	char *argv[] = {
		(char *)(uintptr_t)prog, (char *)(uintptr_t)"--proc-type=secondary",
		fp, (char *)(uintptr_t)"--no-pci", (char *)(uintptr_t)"-l",
		(char *)(uintptr_t)"0",
	};
	struct rte_mempool *mp;
	int nb = sec_nb_ports(), p;

	snprintf(fp, sizeof(fp), "--file-prefix=%s", prefix);
	if (rte_eal_init(RTE_DIM(argv), argv) < 0) {
		CHECK(0, "secondary rte_eal_init: %s", rte_strerror(rte_errno));
		return;
	}
	sec_log_f = open_memstream(&sec_log, &sec_log_len);
	if (sec_log_f == NULL || rte_openlog_stream(sec_log_f) != 0) {
		CHECK(0, "log stream");
		return;
	}
	CHECK_EQ_U(rte_eth_dev_count_avail(), nb, "the primary's ports attached");
	for (p = 0; p < nb; p++) {
		struct rte_eth_dev_info info;
		struct rte_eth_link link;
		uint16_t id;

		CHECK(rte_eth_dev_get_port_by_name(sec_names[p], &id) == 0 && id == p,
		      "%s is port %d", sec_names[p], p);
		CHECK(rte_eth_dev_info_get(p, &info) == 0 && info.max_rx_queues >= 1,
		      "port %d: device information", p);
		CHECK(rte_eth_link_get_nowait(p, &link) == 0 &&
		      link.link_status == RTE_ETH_LINK_UP,
		      "port %d: the link as the primary set it (up)", p);
	}
	mp = rte_pktmbuf_pool_create("sec_secondary", 256, 0, 0,
				     RTE_MBUF_DEFAULT_BUF_SIZE, SOCKET_ID_ANY);
	if (mp == NULL) {
		CHECK(0, "secondary pool: %s", rte_strerror(rte_errno));
		return;
	}

	/* The primary holds between its two views, the secondary reads. */
	CHECK(sec_ask('s', &v1) == 0, "the primary's view");
	sec_view_get(nb, NULL, &vs);
	CHECK(sec_ask('s', &v2) == 0 && sec_ask('r', NULL) == 0, "the primary resumes");
	sec_check_stats(&v1, &vs, &v2);
	for (p = 0; p < nb; p++)
		sec_check_unchanged(p, &v2.port[p], &vs.port[p]);

	for (p = 0; p < nb; p++)
		sec_check_refused(p, mp, &v2.port[p]);
	sec_check_grows(&v2, "after the refused operations");
	sec_check_bursts(nb, mp);
	sec_check_grows(&v2, "after the secondary's bursts");

	CHECK(sec_ask('q', &vq) == 0, "the primary's last view");
	for (p = 0; p < nb; p++) {
		sec_check_unchanged(p, &v2.port[p], &vq.port[p]);
		printf("port %d: the primary's loop received %" PRIu64 " frames before the refused operations, %" PRIu64 " at the end\n",
		       p, v2.port[p].fwd_rx, vq.port[p].fwd_rx);
		CHECK(vq.port[p].fwd_rx > v2.port[p].fwd_rx,
		      "port %d: the primary's loop received on (%" PRIu64 " > %" PRIu64 ")",
		      p, vq.port[p].fwd_rx, v2.port[p].fwd_rx);
	}
	rte_openlog_stream(NULL);
	fclose(sec_log_f);
	if (harness_failures != 0)
		fprintf(stderr, "--- the secondary's log ---\n%s---\n", sec_log);
	free(sec_log);
	rte_eal_cleanup();
}

/* ---- Set-up ---- */

static int
sec_hugetlbfs(char *dir, size_t len)
{
	char line[512], dev[128], mnt[256], type[64];
	FILE *f = fopen("/proc/mounts", "r");
	int found = 0;

	while (f != NULL && !found && fgets(line, sizeof(line), f) != NULL)
		if (sscanf(line, "%127s %255s %63s", dev, mnt, type) == 3 &&
		    strcmp(type, "hugetlbfs") == 0) {
			snprintf(dir, len, "%s", mnt);
			found = 1;
		}
	if (f != NULL)
		fclose(f);
	return found;
}

static long
sec_meminfo(const char *key)
{
	char line[256];
	FILE *f = fopen("/proc/meminfo", "r");
	long v = -1;

	while (f != NULL && v < 0 && fgets(line, sizeof(line), f) != NULL)
		if (strncmp(line, key, strlen(key)) == 0)
			v = strtol(line + strlen(key), NULL, 10);
	if (f != NULL)
		fclose(f);
	return v;
}

static const char *
sec_skip_reason(char *huge_dir, size_t len)
{
	long free_pages = sec_meminfo("HugePages_Free:");
	long page_kb = sec_meminfo("Hugepagesize:");

	if (geteuid() != 0)
		return "hugepages and DPDK's runtime directory need root";
	if (!sec_hugetlbfs(huge_dir, len))
		return "no hugetlbfs mounted";
	if (free_pages < 0 || page_kb <= 0 ||
	    free_pages * page_kb < 2L * SEC_MEM_MB * 1024)
		return "fewer than 256 MiB of free hugepages";
	return NULL;
}

static int
sec_unlink(const char *path, const struct stat *sb, int flag, struct FTW *ftw)
{
	RTE_SET_USED(sb);
	RTE_SET_USED(flag);
	RTE_SET_USED(ftw);
	return remove(path);
}

/* A primary leaves its hugepage files and runtime directory behind. */
static void
sec_cleanup(const char *huge_dir, const char *prefix)
{
	char pat[512];
	glob_t g;
	size_t i;

	snprintf(pat, sizeof(pat), "%s/%smap_*", huge_dir, prefix);
	if (glob(pat, 0, NULL, &g) == 0) {
		for (i = 0; i < g.gl_pathc; i++)
			unlink(g.gl_pathv[i]);
		globfree(&g);
	}
	snprintf(pat, sizeof(pat), "/var/run/dpdk/%s", prefix);
	nftw(pat, sec_unlink, 8, FTW_DEPTH | FTW_PHYS);
}

/* The secondary (a child too): 0 when every check passed. */
static int
sec_secondary_main(const char *prog, const char *prefix, int cmd_fd, int rep_fd)
{
	char ready;

	sec_cmd_fd = cmd_fd;
	sec_rep_fd = rep_fd;
	if (sec_pipe_io(sec_rep_fd, &ready, 1, true) == 0 && ready == 'R')
		sec_secondary(prog, prefix);
	else
		CHECK(0, "the primary forwards on its ports");
	return harness_failures == 0 ? 0 : 1;
}

/* Waits for @p pid, at most SEC_GROW_POLLS ms (then kills it): its status. */
static int
sec_wait(pid_t pid)
{
	int status = 0, i;

	for (i = 0; i < SEC_GROW_POLLS && waitpid(pid, &status, WNOHANG) == 0; i++)
		usleep(1000);
	if (i == SEC_GROW_POLLS) {
		kill(pid, SIGKILL);
		waitpid(pid, &status, 0);
	}
	return status;
}

/*
 * Both processes are children: whichever crashes, this one reports it
 * and removes the primary's hugepage files and runtime directory.
 */
int
main(int argc, char **argv)
{
	char huge_dir[256], prefix[64];
	int cmd[2], rep[2], st_pri, st_sec;
	const char *why;
	pid_t pri, sec;

	RTE_SET_USED(argc);
	why = sec_skip_reason(huge_dir, sizeof(huge_dir));
	if (why != NULL) {
		printf("SKIP: %s\n", why);
		return TEST_SKIP;
	}
	snprintf(prefix, sizeof(prefix), "socrx-sec-c%d", (int)getpid());
	if (pipe(cmd) != 0 || pipe(rep) != 0) {
		perror("pipe");
		return 1;
	}
	signal(SIGPIPE, SIG_IGN);
	fflush(NULL);
	pri = fork();
	if (pri == 0) {
		close(cmd[1]);
		close(rep[0]);
		st_pri = sec_primary(prefix, cmd[0], rep[1]);
		fflush(NULL);
		_exit(st_pri);
	}
	sec = pri > 0 ? fork() : -1;
	if (sec == 0) {
		close(cmd[0]);
		close(rep[1]);
		st_sec = sec_secondary_main(argv[0], prefix, cmd[1], rep[0]);
		fflush(NULL);
		_exit(st_sec);
	}
	close(cmd[0]);
	close(cmd[1]);
	close(rep[0]);
	close(rep[1]);
	if (pri < 0 || sec < 0) {
		perror("fork");
		if (pri > 0)
			sec_wait(pri);
		sec_cleanup(huge_dir, prefix);
		return 1;
	}
	/* The secondary's own waits are bounded; the primary ends when it does. */
	waitpid(sec, &st_sec, 0);
	st_pri = sec_wait(pri);
	CHECK(WIFEXITED(st_sec) && WEXITSTATUS(st_sec) == 0,
	      "the secondary passes every check (status %#x%s)", st_sec,
	      WIFSIGNALED(st_sec) ? ", killed by a signal" : "");
	CHECK(WIFEXITED(st_pri) && WEXITSTATUS(st_pri) == 0,
	      "the primary stops, closes its ports and exits 0 (status %#x%s)",
	      st_pri, WIFSIGNALED(st_pri) ? ", killed by a signal" : "");
	sec_cleanup(huge_dir, prefix);
	printf("%s: %lu failure(s)\n", argv[0], harness_failures);
	return harness_failures == 0 ? 0 : 1;
}
