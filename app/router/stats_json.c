/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The --json file: the last sample (stats.c) written out at exit, with
 * the figures per forwarding lcore and per queue (the summary's line of
 * each port's queues too). Every lcore polls its own RX queues and sends through its
 * own TX queue on each port (ports.c), so a queue's router counters are
 * its lcore's: an RX queue's frames are rxq[] of the lcore polling it, a
 * TX queue's are fwd[] - tx_refused[] of the lcore it belongs to. Beside
 * them the PMD's own per-queue counters, as the last sample read them
 * (compat_qstats.h).
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include <rte_cycles.h>
#include <rte_ethdev.h>
#include <rte_lcore.h>

#include "json.h"
#include "ports.h"
#include "router.h"
#include "stats.h"
#include "stats_internal.h"

/* A per-queue packet counter of the PMD's, or null where it has none. */
static void
json_qstat(FILE *o, const char *name, const uint64_t *v, uint32_t valid,
	   uint16_t q)
{
	if (q < STATS_MAX_QUEUES && (valid & (1u << q)))
		fprintf(o, ", \"%s\": %" PRIu64, name, v[q]);
	else
		fprintf(o, ", \"%s\": null", name);
}

/* The lcore polling RX queue @p q of @p port, and its index there. */
static bool
rxq_owner(uint16_t port, uint16_t q, unsigned int *lcore, unsigned int *idx)
{
	unsigned int lc, k;

	for (lc = 0; lc < RTE_MAX_LCORE; lc++)
		for (k = 0; k < lcore_conf[lc].n_rx_queue; k++)
			if (lcore_conf[lc].rx_queue_list[k].port_id == port &&
			    lcore_conf[lc].rx_queue_list[k].queue_id == q) {
				*lcore = lc;
				*idx = k;
				return true;
			}
	return false;
}

/*
 * "rx_queues" and "tx_queues" of @p port: per queue its lcore, the PMD's
 * count and the router's. Their sums are the port's rx_packets /
 * router_rx and tx_packets / router_fwd_out.
 */
static void
json_port_queues(FILE *o, const struct sample *s, uint16_t port)
{
	const struct port_sample *ps = &s->port[port];
	unsigned int lc, k, i;
	uint16_t q;

	fprintf(o, "     \"rx_queues\": [");
	for (q = 0; q < port_q[port].nb_rxq; q++) {
		if (!rxq_owner(port, q, &lc, &k))
			continue;
		fprintf(o, "%s{\"queue\": %u, \"lcore\": %u", q ? ", " : "", q, lc);
		json_qstat(o, "rx_packets", ps->q_rx, ps->q_rx_valid, q);
		fprintf(o, ", \"router_rx\": %" PRIu64 "}", s->lt[lc].s.rxq[k]);
	}
	fprintf(o, "],\n     \"tx_queues\": [");
	for (i = 0; i < n_fwd_lcores; i++) {
		const struct lcore_stats *ls = &s->lt[fwd_lcores[i]].s;

		q = lcore_conf[fwd_lcores[i]].tx_queue_id[port];
		fprintf(o, "%s{\"queue\": %u, \"lcore\": %u", i ? ", " : "", q,
			fwd_lcores[i]);
		json_qstat(o, "tx_packets", ps->q_tx, ps->q_tx_valid, q);
		fprintf(o, ", \"router_fwd_out\": %" PRIu64
			", \"router_tx_refused\": %" PRIu64 "}",
			ls->fwd[port] - ls->tx_refused[port], ls->tx_refused[port]);
	}
	fprintf(o, "]");
}

/*
 * The summary's line of @p port's queues: per RX queue the frames the
 * router received from it, per TX queue those it sent, each with its lcore.
 */
void
stats_print_port_queues(const struct sample *s, uint16_t port)
{
	unsigned int lc, k, i;
	uint16_t q;

	printf("    queues: RX");
	for (q = 0; q < port_q[port].nb_rxq; q++)
		if (rxq_owner(port, q, &lc, &k))
			printf("%s q%u %" PRIu64 " (lcore %u)", q ? "," : "", q,
			       s->lt[lc].s.rxq[k], lc);
	printf("; TX");
	for (i = 0; i < n_fwd_lcores; i++) {
		const struct lcore_stats *ls = &s->lt[fwd_lcores[i]].s;

		printf("%s q%u %" PRIu64 " (lcore %u)", i ? "," : "",
		       lcore_conf[fwd_lcores[i]].tx_queue_id[port],
		       ls->fwd[port] - ls->tx_refused[port], fwd_lcores[i]);
	}
	printf("\n");
}

/*
 * One lcore's own counters: frames received, sent and refused by its TX
 * queues, drops by cause (tx_full: its refused frames), per RX queue it
 * polls and per TX queue it sends through. Summed over the lcores they
 * are the run's totals.
 */
static void
json_lcore_counters(FILE *o, unsigned int lcore, const struct lcore_stats *ls)
{
	const struct lcore_conf *qc = &lcore_conf[lcore];
	uint64_t fwd = 0, refused = 0;
	unsigned int k;

	for (k = 0; k < qc->n_tx_port; k++) {
		fwd += ls->fwd[qc->tx_port_id[k]];
		refused += ls->tx_refused[qc->tx_port_id[k]];
	}
	fprintf(o, ",\n     \"forwarded\": %" PRIu64 ", \"tx_refused\": %" PRIu64
		", \"drops\": {", fwd - refused, refused);
	for (k = 0; k < ROUTER_DROP_MAX; k++) {
		fputs(k ? ", " : "", o);
		json_write_str(o, drop_name[k]);
		fprintf(o, ": %" PRIu64, k == ROUTER_DROP_tx_full ? refused : ls->drop[k]);
	}
	fprintf(o, "},\n     \"rx_queues\": [");
	for (k = 0; k < qc->n_rx_queue; k++)
		fprintf(o, "%s{\"port\": %u, \"queue\": %u, \"received\": %" PRIu64 "}",
			k ? ", " : "", qc->rx_queue_list[k].port_id,
			qc->rx_queue_list[k].queue_id, ls->rxq[k]);
	fprintf(o, "],\n     \"tx_queues\": [");
	for (k = 0; k < qc->n_tx_port; k++) {
		uint16_t port = qc->tx_port_id[k];

		fprintf(o, "%s{\"port\": %u, \"queue\": %u, \"sent\": %" PRIu64
			", \"refused\": %" PRIu64 "}", k ? ", " : "", port,
			qc->tx_queue_id[port], ls->fwd[port] - ls->tx_refused[port],
			ls->tx_refused[port]);
	}
	fprintf(o, "]");
}

int
stats_write_json(FILE *o, const char *path, const struct stats_final *f)
{
	const struct sample *s = &stats_samples[stats_cur];
	const char *sep = "";
	uint16_t port;
	unsigned int k;
	int bad;

	fprintf(o, "{\n  \"seconds\": %.3f,\n  \"stop_reason\": ", f->seconds);
	json_write_str(o, f->stop_reason);
	fprintf(o, ",\n  \"drop_bad_l4\": %s,\n",
		router_conf.drop_bad_l4 ? "true" : "false");
	fprintf(o, "  \"ports\": [");
	for (port = 0; port < RTE_MAX_ETHPORTS; port++) {
		const struct port_sample *ps = &s->port[port];

		if (!stats_pinfo[port].used)
			continue;
		fprintf(o, "%s\n    {\"port\": %u, \"name\": ", sep, port);
		json_write_str(o, stats_pinfo[port].name);
		fprintf(o, ", \"mac\": ");
		json_write_str(o, stats_pinfo[port].mac);
		fprintf(o, ",\n"
			"     \"rx_packets\": %" PRIu64 ", \"rx_bytes\": %" PRIu64
			", \"rx_missed\": %" PRIu64 ", \"rx_errors\": %" PRIu64
			", \"rx_nombuf\": %" PRIu64 ",\n"
			"     \"tx_packets\": %" PRIu64 ", \"tx_bytes\": %" PRIu64
			", \"tx_errors\": %" PRIu64 ", \"tx_sink_errors\": %" PRIu64 ",\n"
			"     \"router_rx\": %" PRIu64 ", \"router_fwd_out\": %" PRIu64
			", \"router_tx_refused\": %" PRIu64 ", \"xstats\": {",
			ps->st.ipackets, ps->st.ibytes, ps->st.imissed,
			ps->st.ierrors, ps->st.rx_nombuf, ps->st.opackets,
			ps->st.obytes, ps->st.oerrors, ps->sink_errors,
			s->lc.rx[port], s->lc.fwd[port] - s->lc.tx_refused[port],
			s->lc.tx_refused[port]);
		{
			const char *xsep = "";

			for (k = 0; k < XS_MAX; k++) {
				if (stats_pinfo[port].n_ids[k] == 0)
					continue;
				fputs(xsep, o);
				json_write_str(o, xs_name[k]);
				fprintf(o, ": %" PRIu64, ps->xs[k]);
				xsep = ", ";
			}
		}
		fprintf(o, "},\n");
		json_port_queues(o, s, port);
		fprintf(o, "}");
		sep = ",";
	}
	fprintf(o, "\n  ],\n  \"forwarded\": %" PRIu64 ",\n", stats_total_fwd(&s->lc));
	fprintf(o, "  \"l4_bad_forwarded\": %" PRIu64 ",\n", s->lc.l4_bad_fwd);
	fprintf(o, "  \"ip_csum_sw_checked\": %" PRIu64 ",\n", s->lc.ip_sw_csum);
	fprintf(o, "  \"sw_ptype\": %" PRIu64 ",\n", s->lc.sw_ptype);
	fprintf(o, "  \"drops\": {");
	for (k = 0; k < ROUTER_DROP_MAX; k++) {
		fputs(k ? ", " : "", o);
		json_write_str(o, drop_name[k]);
		fprintf(o, ": %" PRIu64, s->lc.drop[k]);
	}
	fprintf(o, "},\n  \"tsc_hz\": %" PRIu64 ",\n  \"lcores\": [", rte_get_tsc_hz());
	sep = "";
	for (k = 0; k < RTE_MAX_LCORE; k++) {
		const struct lcore_time *t = &s->lt[k];
		struct latency_summary l;

		if (lcore_conf[k].n_rx_queue == 0)
			continue;
		fprintf(o, "%s\n    {\"lcore\": %u, \"received\": %" PRIu64
			", \"busy_cycles\": %" PRIu64 ", \"run_cycles\": %" PRIu64
			", \"sleep_cycles\": %" PRIu64
			", \"sleeps\": %" PRIu64 ", \"wakeups\": %" PRIu64,
			sep, k, t->rx, t->busy_tsc, t->run_tsc, t->sleep_tsc, t->sleeps,
			t->wakeups);
		fprintf(o, ", \"idle_raises\": %" PRIu64 ", \"idle_polls\": %" PRIu64,
			t->idle_raises, t->idle_polls);
		json_lcore_counters(o, k, &t->s);
		if (lcore_conf[k].latency != NULL) {
			latency_summarise(lcore_conf[k].latency, &l);
			fprintf(o, ",\n     \"idle_latency_cycles\": {\"samples\": %u, "
				"\"p50\": %" PRIu64 ", \"p90\": %" PRIu64
				", \"p99\": %" PRIu64 ", \"max\": %" PRIu64 "}",
				l.n, l.p50, l.p90, l.p99, l.max);
		}
		fputs("}", o);
		sep = ",";
	}
	fprintf(o, "\n  ],\n  \"mbufs\": {\"pool_size\": %u, \"in_use_after_close\": %u}\n}\n",
		f->pool_size, f->pool_in_use);
	bad = ferror(o) ? EIO : 0;
	if (fclose(o) != 0)
		bad = errno;
	if (bad != 0) {
		fprintf(stderr, "socrx-router: error: cannot write --json %s: %s\n",
			path, strerror(bad));
		return -1;
	}
	return 0;
}
