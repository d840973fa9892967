/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Live and final statistics. The main lcore samples every period: each
 * port's ethdev counters and the few xstats worth showing, plus the sum
 * of the forwarding lcores' counters; a report is the difference of two
 * samples. Port rates come from ethdev (what the PMD saw), drops from
 * the router (why it let a frame go).
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <rte_cycles.h>
#include <rte_ethdev.h>
#include <rte_lcore.h>

#include "compat_qstats.h"
#include "ports.h"
#include "router.h"
#include "stats.h"
#include "stats_internal.h"

const char *const xs_name[XS_MAX] = {
#define ROUTER_XS_NAME(n, s, t) #n,
	ROUTER_XSTATS(ROUTER_XS_NAME)
#undef ROUTER_XS_NAME
};

static const char *const xs_suffix[XS_MAX][2] = {
#define ROUTER_XS_SUFFIX(n, s, t) { s, t },
	ROUTER_XSTATS(ROUTER_XS_SUFFIX)
#undef ROUTER_XS_SUFFIX
};

const char *const drop_name[ROUTER_DROP_MAX] = {
#define ROUTER_DROP_NAME(n, h) #n,
	ROUTER_DROP_CAUSES(ROUTER_DROP_NAME)
#undef ROUTER_DROP_NAME
};

struct port_info stats_pinfo[RTE_MAX_ETHPORTS];
struct sample stats_samples[2];
static const struct lcore_time zero_lt[RTE_MAX_LCORE];
unsigned int stats_cur;	/* stats_samples[stats_cur] is the latest */
static struct timespec t0;

static double
now_s(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)(t.tv_sec - t0.tv_sec) +
	       (double)(t.tv_nsec - t0.tv_nsec) / 1e9;
}

static bool
ends_with(const char *s, const char *suffix)
{
	size_t n = strlen(s), m = strlen(suffix);

	return n >= m && strcmp(s + n - m, suffix) == 0;
}

static void
port_xstats_lookup(uint16_t port, struct port_info *pi)
{
	struct rte_eth_xstat_name *names;
	int n, i, k;

	n = rte_eth_xstats_get_names(port, NULL, 0);
	if (n <= 0)
		return;
	names = calloc((size_t)n, sizeof(*names));
	if (names == NULL)
		return;
	if (rte_eth_xstats_get_names(port, names, (unsigned int)n) == n) {
		for (i = 0; i < n; i++) {
			if (strncmp(names[i].name, "rx_", 3) != 0)
				continue;
			for (k = 0; k < XS_MAX; k++)
				if ((ends_with(names[i].name, xs_suffix[k][0]) ||
				     ends_with(names[i].name, xs_suffix[k][1])) &&
				    pi->n_ids[k] < XS_MAX_IDS)
					pi->ids[k][pi->n_ids[k]++] = (uint64_t)i;
		}
	}
	free(names);
}

/* The PMD's link status change events, counted for the live report. */
static int
lsc_event(uint16_t port, enum rte_eth_event_type type, void *arg, void *ret)
{
	RTE_SET_USED(type);
	RTE_SET_USED(arg);
	RTE_SET_USED(ret);
	__atomic_fetch_add(&stats_pinfo[port].lsc_events, 1, __ATOMIC_RELAXED);
	return 0;
}

static void
port_lsc_watch(uint16_t port, struct port_info *pi)
{
	struct rte_eth_conf conf;

	pi->lsc = rte_eth_dev_conf_get(port, &conf) == 0 && conf.intr_conf.lsc &&
		  rte_eth_dev_callback_register(port, RTE_ETH_EVENT_INTR_LSC,
						lsc_event, NULL) == 0;
}

void
stats_init(void)
{
	struct rte_ether_addr ea;
	uint16_t port;

	clock_gettime(CLOCK_MONOTONIC, &t0);
	RTE_ETH_FOREACH_DEV(port) {
		struct port_info *pi = &stats_pinfo[port];

		if (port >= 64 || !(router_conf.enabled_port_mask & (UINT64_C(1) << port)))
			continue;
		pi->used = true;
		rte_eth_dev_get_name_by_port(port, pi->name);
		if (rte_eth_macaddr_get(port, &ea) == 0)
			rte_ether_format_addr(pi->mac, sizeof(pi->mac), &ea);
		port_xstats_lookup(port, pi);
		pi->has_sink_errors = rte_eth_xstats_get_id_by_name(port,
			"model_tx_sink_errors", &pi->sink_errors_id) == 0;
		port_lsc_watch(port, pi);
	}
	memset(stats_samples, 0, sizeof(stats_samples));
	stats_cur = 0;
}

/* Every counter of one lcore, each read whole (stat_read()). */
static void
lcore_copy(struct lcore_stats *dst, const struct lcore_stats *src)
{
	const uint64_t *from = (const uint64_t *)src;
	uint64_t *to = (uint64_t *)dst;
	size_t i;

	RTE_BUILD_BUG_ON(sizeof(*src) % sizeof(uint64_t) != 0);
	for (i = 0; i < sizeof(*src) / sizeof(uint64_t); i++)
		to[i] = stat_read(&from[i]);
}

static void
lcore_sum(struct lcore_stats *sum, struct lcore_time *lt)
{
	unsigned int lc, k;

	memset(sum, 0, sizeof(*sum));
	for (lc = 0; lc < RTE_MAX_LCORE; lc++) {
		const struct lcore_stats *s = &lcore_conf[lc].stats;

		if (lcore_conf[lc].n_rx_queue == 0)
			continue;
		lt[lc].rx = 0;
		for (k = 0; k < RTE_MAX_ETHPORTS; k++) {
			lt[lc].rx += stat_read(&s->rx[k]);
			sum->rx[k] += stat_read(&s->rx[k]);
			sum->fwd[k] += stat_read(&s->fwd[k]);
			sum->tx_refused[k] += stat_read(&s->tx_refused[k]);
			sum->drop[ROUTER_DROP_tx_full] += stat_read(&s->tx_refused[k]);
		}
		lcore_copy(&lt[lc].s, s);
		lt[lc].busy_tsc = stat_read(&s->busy_tsc);
		lt[lc].run_tsc = stat_read(&s->run_tsc);
		lt[lc].sleep_tsc = stat_read(&s->sleep_tsc);
		lt[lc].sleeps = stat_read(&s->sleeps);
		lt[lc].wakeups = stat_read(&s->wakeups);
		lt[lc].idle_raises = stat_read(&s->idle_raises);
		lt[lc].idle_polls = stat_read(&s->idle_polls);
		for (k = 0; k < ROUTER_DROP_MAX; k++)
			sum->drop[k] += stat_read(&s->drop[k]);
		sum->l4_bad_fwd += stat_read(&s->l4_bad_fwd);
		sum->ip_sw_csum += stat_read(&s->ip_sw_csum);
		sum->sw_ptype += stat_read(&s->sw_ptype);
	}
}

/* The per-queue packet counters of @p port's queues into @p ps. */
static void
stats_sample_queues(uint16_t port, struct port_sample *ps)
{
	uint16_t q;

	ps->q_rx_valid = 0;
	ps->q_tx_valid = 0;
	for (q = 0; q < port_q[port].nb_rxq && q < STATS_MAX_QUEUES; q++)
		if (router_qstat_packets(port, &ps->st, true, q, &ps->q_rx[q]) == 0)
			ps->q_rx_valid |= 1u << q;
	for (q = 0; q < port_q[port].nb_txq && q < STATS_MAX_QUEUES; q++)
		if (router_qstat_packets(port, &ps->st, false, q, &ps->q_tx[q]) == 0)
			ps->q_tx_valid |= 1u << q;
}

void
stats_sample(void)
{
	struct sample *s;
	uint16_t port;

	stats_cur ^= 1;
	s = &stats_samples[stats_cur];
	s->t = now_s();
	for (port = 0; port < RTE_MAX_ETHPORTS; port++) {
		struct port_sample *ps = &s->port[port];
		const struct port_info *pi = &stats_pinfo[port];
		unsigned int k, j;

		if (!pi->used)
			continue;
		if (rte_eth_stats_get(port, &ps->st) != 0)
			memset(&ps->st, 0, sizeof(ps->st));
		stats_sample_queues(port, ps);
		/* With intr_conf.lsc, the link the PMD's last event reported. */
		if (rte_eth_link_get_nowait(port, &ps->link) != 0)
			memset(&ps->link, 0, sizeof(ps->link));
		ps->lsc_events = __atomic_load_n(&pi->lsc_events, __ATOMIC_RELAXED);
		if (!pi->has_sink_errors ||
		    rte_eth_xstats_get_by_id(port, &pi->sink_errors_id,
					     &ps->sink_errors, 1) != 1)
			ps->sink_errors = 0;
		for (k = 0; k < XS_MAX; k++) {
			uint64_t v[XS_MAX_IDS];

			ps->xs[k] = 0;
			if (pi->n_ids[k] == 0 ||
			    rte_eth_xstats_get_by_id(port, pi->ids[k], v,
						     pi->n_ids[k]) != (int)pi->n_ids[k])
				continue;
			for (j = 0; j < pi->n_ids[k]; j++)
				ps->xs[k] += v[j];
		}
	}
	lcore_sum(&s->lc, s->lt);
}

uint64_t
stats_rx_total(void)
{
	const struct sample *s = &stats_samples[stats_cur];
	uint64_t n = 0;
	uint16_t port;

	for (port = 0; port < RTE_MAX_ETHPORTS; port++)
		if (stats_pinfo[port].used)
			n += s->lc.rx[port] + s->port[port].st.imissed +
			     s->port[port].st.ierrors;
	return n;
}

static void
print_port_xstats(const struct port_info *pi, const struct port_sample *a,
		  const struct port_sample *b, uint64_t rx)
{
	uint64_t d[XS_MAX];
	unsigned int k;

	for (k = 0; k < XS_MAX; k++)
		d[k] = b->xs[k] - a->xs[k];
	if (pi->n_ids[XS_copybreak_frames] != 0)
		printf("  copybreak %5.1f%%", rx != 0 ?
		       100.0 * (double)d[XS_copybreak_frames] / (double)rx : 0.0);
	if (pi->n_ids[XS_ip_csum_good] != 0 || pi->n_ids[XS_l4_csum_good] != 0)
		printf("  verdicts ip %" PRIu64 "/%" PRIu64 "/%" PRIu64
		       " l4 %" PRIu64 "/%" PRIu64 "/%" PRIu64 " (good/bad/unknown)",
		       d[XS_ip_csum_good], d[XS_ip_csum_bad], d[XS_ip_csum_unknown],
		       d[XS_l4_csum_good], d[XS_l4_csum_bad], d[XS_l4_csum_unknown]);
}

/*
 * Per forwarding lcore, between two samples @p dt seconds apart (the
 * summary: over the lcore's whole loop once it ended): the share of the
 * time busy and asleep, busy TSC cycles per received packet, sleeps and
 * wake-ups.
 */
/* A line when the port's link changed during the period. */
static void
print_link(uint16_t port, const struct port_sample *a,
	   const struct port_sample *b)
{
	const struct rte_eth_link *l = &b->link;
	const char *how = !stats_pinfo[port].lsc ? "read by the router" :
			  b->lsc_events != a->lsc_events ? "LSC event" :
			  "LSC, no event";

	if (l->link_status == a->link.link_status &&
	    l->link_speed == a->link.link_speed &&
	    l->link_duplex == a->link.link_duplex)
		return;
	if (l->link_status == RTE_ETH_LINK_DOWN)
		printf("  port %u link: down (%s)\n", port, how);
	else
		printf("  port %u link: up %s %s duplex (%s)\n", port,
		       rte_eth_link_speed_to_str(l->link_speed),
		       l->link_duplex == RTE_ETH_LINK_FULL_DUPLEX ? "full" :
								    "half", how);
}

static void
print_lcores(const struct lcore_time *a, const struct lcore_time *b,
	     double dt)
{
	const double hz = (double)rte_get_tsc_hz();
	unsigned int lc;

	for (lc = 0; lc < RTE_MAX_LCORE; lc++) {
		uint64_t rx = b[lc].rx - a[lc].rx;
		double busy = (double)(b[lc].busy_tsc - a[lc].busy_tsc);

		if (lcore_conf[lc].n_rx_queue == 0)
			continue;
		if (b[lc].run_tsc != 0)
			dt = (double)(b[lc].run_tsc - a[lc].run_tsc) / hz;
		printf("  lcore %u: busy %5.1f%%, %6.0f cycles/packet", lc,
		       100.0 * busy / hz / dt, rx != 0 ? busy / (double)rx : 0.0);
		if (router_conf.idle_polls != 0)
			printf(", asleep %5.1f%%, %" PRIu64 " sleeps, %" PRIu64
			       " woken by RX",
			       100.0 * (double)(b[lc].sleep_tsc - a[lc].sleep_tsc) /
			       hz / dt, b[lc].sleeps - a[lc].sleeps,
			       b[lc].wakeups - a[lc].wakeups);
		if (router_conf.idle_polls != 0 && !router_conf.idle_fixed)
			printf(", threshold %" PRIu64 " polls (%" PRIu64
			       " raises)", b[lc].idle_polls,
			       b[lc].idle_raises - a[lc].idle_raises);
		printf("\n");
	}
}

/* --latency-stamp: per lcore, the delay of the first frame after idle. */
static void
print_latency(void)
{
	const double us = (double)rte_get_tsc_hz() / 1e6;
	struct latency_summary l;
	unsigned int lc;

	for (lc = 0; lc < RTE_MAX_LCORE; lc++) {
		if (lcore_conf[lc].latency == NULL)
			continue;
		latency_summarise(lcore_conf[lc].latency, &l);
		printf("  lcore %u: first frame after idle: %u samples, median %.1f us, "
		       "p90 %.1f us, p99 %.1f us, max %.1f us\n", lc, l.n,
		       (double)l.p50 / us, (double)l.p90 / us, (double)l.p99 / us,
		       (double)l.max / us);
	}
}

void
stats_print_period(void)
{
	const struct sample *b = &stats_samples[stats_cur];
	const struct sample *a = &stats_samples[stats_cur ^ 1];
	double dt = b->t - a->t;
	uint16_t port;
	unsigned int k;

	if (dt <= 0)
		return;
	printf("[%7.2f s]\n", b->t);
	for (port = 0; port < RTE_MAX_ETHPORTS; port++) {
		const struct port_sample *pa = &a->port[port], *pb = &b->port[port];
		uint64_t rx, tx;

		if (!stats_pinfo[port].used)
			continue;
		rx = pb->st.ipackets - pa->st.ipackets;
		tx = pb->st.opackets - pa->st.opackets;
		printf("  port %u %-18s RX %10.0f pps %9.1f Mbit/s  TX %10.0f pps %9.1f Mbit/s  missed %" PRIu64,
		       port, stats_pinfo[port].name, (double)rx / dt,
		       (double)(pb->st.ibytes - pa->st.ibytes) * 8 / dt / 1e6,
		       (double)tx / dt,
		       (double)(pb->st.obytes - pa->st.obytes) * 8 / dt / 1e6,
		       pb->st.imissed - pa->st.imissed);
		print_port_xstats(&stats_pinfo[port], pa, pb, rx);
		printf("\n");
		print_link(port, pa, pb);
	}
	printf("  drops:");
	for (k = 0; k < ROUTER_DROP_MAX; k++)
		printf(" %s %" PRIu64, drop_name[k], b->lc.drop[k] - a->lc.drop[k]);
	printf("\n");
	print_lcores(a->lt, b->lt, dt);
	fflush(stdout);
}

uint64_t
stats_total_fwd(const struct lcore_stats *lc)
{
	uint64_t n = 0;
	unsigned int k;

	for (k = 0; k < RTE_MAX_ETHPORTS; k++)
		n += lc->fwd[k];
	return n - lc->drop[ROUTER_DROP_tx_full];
}

void
stats_print_summary(const struct stats_final *f)
{
	const struct sample *s = &stats_samples[stats_cur];
	uint16_t port;
	unsigned int k;

	printf("\n=== socrx-router summary: %.2f s, stopped by %s ===\n",
	       f->seconds, f->stop_reason);
	for (port = 0; port < RTE_MAX_ETHPORTS; port++) {
		const struct port_sample *ps = &s->port[port];

		if (!stats_pinfo[port].used)
			continue;
		printf("  port %u %s (%s)\n", port, stats_pinfo[port].name, stats_pinfo[port].mac);
		printf("    RX %" PRIu64 " packets %" PRIu64 " bytes, missed %" PRIu64
		       ", errors %" PRIu64 ", no mbuf %" PRIu64 "\n",
		       ps->st.ipackets, ps->st.ibytes, ps->st.imissed,
		       ps->st.ierrors, ps->st.rx_nombuf);
		printf("    TX %" PRIu64 " packets %" PRIu64 " bytes, errors %" PRIu64,
		       ps->st.opackets, ps->st.obytes, ps->st.oerrors);
		if (stats_pinfo[port].has_sink_errors)
			printf(", not written by the model's sink %" PRIu64,
			       ps->sink_errors);
		printf("\n");
		printf("    router: received %" PRIu64 ", sent out of this port %" PRIu64
		       ", refused by its TX queue %" PRIu64 "\n",
		       s->lc.rx[port], s->lc.fwd[port] - s->lc.tx_refused[port],
		       s->lc.tx_refused[port]);
		stats_print_port_queues(s, port);
		if (stats_pinfo[port].n_ids[XS_copybreak_frames] != 0 ||
		    stats_pinfo[port].n_ids[XS_ip_csum_good] != 0) {
			struct port_sample zero;

			memset(&zero, 0, sizeof(zero));
			printf("   ");
			print_port_xstats(&stats_pinfo[port], &zero, ps, ps->st.ipackets);
			printf("\n");
		}
	}
	printf("  forwarded %" PRIu64 " (bad L4 checksum forwarded %" PRIu64
	       "), IPv4 headers checked in software %" PRIu64
	       ", frames typed in software %" PRIu64 "\n",
	       stats_total_fwd(&s->lc), s->lc.l4_bad_fwd, s->lc.ip_sw_csum,
	       s->lc.sw_ptype);
	printf("  drops:");
	for (k = 0; k < ROUTER_DROP_MAX; k++)
		printf(" %s %" PRIu64, drop_name[k], s->lc.drop[k]);
	printf("\n");
	print_lcores(zero_lt, s->lt, f->seconds);
	print_latency();
	printf("  mbufs in use after close: %u of %u%s\n", f->pool_in_use,
	       f->pool_size, f->pool_in_use == 0 ? " (all returned)" : " (LEAK)");
	fflush(stdout);
}
