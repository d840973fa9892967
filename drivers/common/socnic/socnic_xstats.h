/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The per-queue counters every socrx PMD keeps, as pieces of its one
 * X-macro list (the VPP foreach_*_error idiom): each PMD's list, RX(name,
 * help) and TX(name, help), puts its own counters between these, in the
 * order its xstats are numbered. The field is rx_<name> / tx_<name>, the
 * xstat "rx_q<id>_<name>" / "tx_q<id>_<name>"; all uint64_t (robustness
 * row 46: no 32-bit wrap).
 *
 * Error accounting: every frame the RX path drops is counted once in
 * rx_errors (-> ierrors) and once in exactly one detail counter.
 */
#ifndef SOCNIC_XSTATS_H
#define SOCNIC_XSTATS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <rte_common.h>

#include "socnic_compat_ethdev.h"

/* Totals first: what ethdev's basic stats report. */
#define SOCNIC_RXQ_XSTATS_TOTALS(RX)					\
	RX(packets, "frames handed to the application")			\
	RX(bytes, "bytes handed to the application, FCS excluded")	\
	RX(errors, "frames dropped for an error (sum of the details)")

/* Frames dropped by the RX path itself, whatever the descriptor format. */
#define SOCNIC_RXQ_XSTATS_DROPS(RX)					\
	RX(runts, "frames shorter than an Ethernet header")		\
	RX(oversize, "frames longer than the MTU allows")		\
	RX(truncated, "frames missing their first or last descriptor")	\
	RX(scatter_dropped, "multi-buffer frames with scatter off")

/* Frames lost for want of a buffer: the driver's and the device's. */
#define SOCNIC_RXQ_XSTATS_SUPPLY(RX)					\
	RX(nombuf, "mbufs the refill could not allocate")		\
	RX(missed, "frames the device lost before the ring (imissed)")

/* The checksum verdicts delivered, then what a queue stop left behind. */
#define SOCNIC_RXQ_XSTATS_TAIL(RX)					\
	RX(ip_good, "frames delivered with RX_IP_CKSUM_GOOD")		\
	RX(ip_bad, "frames delivered with RX_IP_CKSUM_BAD")		\
	RX(ip_unknown, "frames delivered with RX_IP_CKSUM_UNKNOWN")	\
	RX(l4_good, "frames delivered with RX_L4_CKSUM_GOOD")		\
	RX(l4_bad, "frames delivered with RX_L4_CKSUM_BAD")		\
	RX(l4_unknown, "frames delivered with RX_L4_CKSUM_UNKNOWN")	\
	RX(pool_leaked, "buffers still in flight when the queue stopped")	\
	RX(stop_discarded, "frames complete in the ring when it stopped")

/*
 * The RX queue counters every family keeps (struct socnic_rxq_stats,
 * socnic_rx_queue.h), ahead of the family's own in the xstats: the
 * totals, what the device reported an error for, what the RX path
 * dropped, what it lacked buffers for, the verdicts.
 */
#define SOCNIC_RXQ_XSTATS(RX)						\
	SOCNIC_RXQ_XSTATS_TOTALS(RX)					\
	RX(desc_errors, "frames the device closed with an error summary")	\
	RX(crc_errors, "of desc_errors, with the CRC error reported")	\
	RX(length_errors, "lengths beyond the buffers or not consistent")	\
	SOCNIC_RXQ_XSTATS_DROPS(RX)					\
	SOCNIC_RXQ_XSTATS_SUPPLY(RX)					\
	SOCNIC_RXQ_XSTATS_TAIL(RX)

/* The TX queue counters every family keeps (struct socnic_txq_stats). */
#define SOCNIC_TXQ_XSTATS(TX)						\
	SOCNIC_TXQ_XSTATS_TOTALS(TX)					\
	SOCNIC_TXQ_XSTATS_TAIL(TX)

#define SOCNIC_TXQ_XSTATS_TOTALS(TX)					\
	TX(packets, "frames queued to the device")			\
	TX(bytes, "bytes queued to the device")

#define SOCNIC_TXQ_XSTATS_TAIL(TX)					\
	TX(dropped, "malformed frames freed without sending")		\
	TX(ring_full, "bursts cut short by a full ring")

/* Expanders: nothing, a count, a counter field. */
#define SOCNIC_XSTAT_NONE(n, h)
#define SOCNIC_XSTAT_ONE(n, h) + 1
#define SOCNIC_XSTAT_RX_FIELD(n, h) uint64_t rx_ ## n;
#define SOCNIC_XSTAT_TX_FIELD(n, h) uint64_t tx_ ## n;

/* ---- A port's stats and xstats, every family's ---- */

struct socnic_rx_queue;

/* One queue counter: its name after "rx_q<id>_" / "tx_q<id>_", its meaning. */
struct socnic_xstat {
	const char *name;
	const char *help;
};

/* An entry of a table, from an X-macro list (n, h). */
#define SOCNIC_XSTAT_NAME(n, h) { #n, h },

/*
 * A table of a queue's counters: their names, and where they stand in the
 * queue. A counter struct made from an X-macro list (SOCNIC_XSTAT_*_FIELD)
 * holds its uint64_t counters in the list's order, so the table made from
 * the same list (SOCNIC_XSTAT_NAME) needs only where that struct is: the
 * j-th counter is the j-th uint64_t from there.
 */
struct socnic_xstat_table {
	const struct socnic_xstat *x;
	unsigned int n;
	size_t stats;		/* of the counter struct, from the queue's start */
	size_t mark;		/* from each counter to its reset mark */
};

/*
 * The table @p tbl of the counters in @p qtype's "stats", whose reset
 * marks are its "stats_base"; the build fails when the table and the
 * counter struct do not have the same number of counters.
 */
#define SOCNIC_XSTAT_TABLE(tbl, qtype) {				\
	.x = (tbl),							\
	.n = RTE_DIM(tbl) + 0 * sizeof(char[RTE_DIM(tbl) *		\
		sizeof(uint64_t) == sizeof(((qtype *)0)->stats) ? 1 : -1]),	\
	.stats = offsetof(qtype, stats),				\
	.mark = offsetof(qtype, stats_base) - offsetof(qtype, stats),	\
}

/*
 * What a family adds to the shared counters (struct socnic_rx_queue's and
 * socnic_tx_queue's): its own RX and TX queue counters, and the
 * control-path steps the stats need.
 */
struct socnic_stats_family {
	struct socnic_xstat_table rx;
	struct socnic_xstat_table tx;
	/* Index in tx of a counter ethdev's oerrors adds, or -1. */
	int tx_oerrors;
	/* Folds the device's missed-frame counters into rx_missed. */
	void (*rx_missed_update)(struct socnic_rx_queue *q);
};

/*
 * A port's counters for ethdev's ops: the queue counters (shared, the
 * family's @p fam, lib/rxpath's) of every queue, then the device-side
 * ones of the port's backend (struct socnic_port: since its marks). The
 * device's missed counters are folded first on a started port, by the
 * process driving it. xstats are numbered RX queue by queue, then TX,
 * then the backend's: "rx_q<id>_<name>", "tx_q<id>_<name>".
 */
int socnic_stats_get(struct rte_eth_dev *dev,
		     const struct socnic_stats_family *fam,
		     struct rte_eth_stats *stats,
		     socnic_queue_stats *qstats);
int socnic_stats_reset(struct rte_eth_dev *dev,
		       const struct socnic_stats_family *fam);
int socnic_xstats_get(struct rte_eth_dev *dev,
		      const struct socnic_stats_family *fam,
		      struct rte_eth_xstat *xstats, unsigned int n);
int socnic_xstats_get_names(struct rte_eth_dev *dev,
			    const struct socnic_stats_family *fam,
			    struct rte_eth_xstat_name *names, unsigned int size);
/* The close-time dump at DEBUG: every queue counter with its meaning. */
void socnic_xstats_log(const struct rte_eth_dev *dev,
		       const struct socnic_stats_family *fam, int logtype);

/*
 * A family's stats ops over its struct socnic_stats_family @p family:
 * <fam>_stats_get (with the older DPDK's adapter, socnic_compat_ethdev.h),
 * <fam>_stats_reset, <fam>_xstats_get, <fam>_xstats_get_names and
 * <fam>_xstats_log (the close-time dump, on @p logtype).
 * SOCNIC_STATS_OPS_DECLARE(fam) goes in the family's header,
 * SOCNIC_STATS_OPS_DEFINE(fam, family, logtype) beside its table, and
 * SOCNIC_STATS_DEV_OPS(fam) in its struct eth_dev_ops. They are the PMD's
 * own functions, not one shared op finding the table through the port: a
 * secondary process runs them on the port's shared data (socnic_secondary.h),
 * where a pointer into the primary's copy of the PMD would not hold.
 */
#define SOCNIC_STATS_OPS_DECLARE(fam)					\
void fam##_xstats_log(const struct rte_eth_dev *dev);			\
int fam##_stats_get(struct rte_eth_dev *dev, struct rte_eth_stats *stats, \
		    socnic_queue_stats *qstats);			\
SOCNIC_STATS_GET_COMPAT(fam##_stats_get)				\
int fam##_stats_reset(struct rte_eth_dev *dev);				\
int fam##_xstats_get(struct rte_eth_dev *dev,				\
		     struct rte_eth_xstat *xstats, unsigned int n);	\
int fam##_xstats_get_names(struct rte_eth_dev *dev,			\
			   struct rte_eth_xstat_name *names,		\
			   unsigned int size);

#define SOCNIC_STATS_OPS_DEFINE(fam, family, logtype)			\
void									\
fam##_xstats_log(const struct rte_eth_dev *dev)				\
{									\
	socnic_xstats_log(dev, (family), (logtype));			\
}									\
int									\
fam##_stats_get(struct rte_eth_dev *dev, struct rte_eth_stats *stats,	\
		socnic_queue_stats *qstats)				\
{									\
	return socnic_stats_get(dev, (family), stats, qstats);		\
}									\
int									\
fam##_stats_reset(struct rte_eth_dev *dev)				\
{									\
	return socnic_stats_reset(dev, (family));			\
}									\
int									\
fam##_xstats_get(struct rte_eth_dev *dev, struct rte_eth_xstat *xstats,	\
		 unsigned int n)					\
{									\
	return socnic_xstats_get(dev, (family), xstats, n);		\
}									\
int									\
fam##_xstats_get_names(struct rte_eth_dev *dev,				\
		       struct rte_eth_xstat_name *names, unsigned int size) \
{									\
	return socnic_xstats_get_names(dev, (family), names, size);	\
}

#define SOCNIC_STATS_DEV_OPS(fam)					\
	.stats_get = SOCNIC_STATS_GET_OP(fam##_stats_get),		\
	.stats_reset = fam##_stats_reset,				\
	.xstats_get = fam##_xstats_get,					\
	.xstats_get_names = fam##_xstats_get_names,			\
	.xstats_reset = fam##_stats_reset

/*
 * A queue's counters are written by the lcore that runs its burst only.
 * A reset, which comes from another thread (the application's, or the
 * multi-process thread serving a secondary's reset), marks where they
 * stand instead of zeroing them: a zeroing store would be lost under the
 * lcore's read-modify-write of the same counter. Every read is relative
 * to the mark (as rte_counter64 does in later DPDK releases). @cur and
 * @base are a queue's counter struct and its mark: uint64_t fields only.
 */
static inline void
socnic_counters_mark(uint64_t *base, const uint64_t *cur, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		base[i] = __atomic_load_n(&cur[i], __ATOMIC_RELAXED);
}

static inline void
socnic_counters_since(uint64_t *out, const uint64_t *cur,
		      const uint64_t *base, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		out[i] = __atomic_load_n(&cur[i], __ATOMIC_RELAXED) - base[i];
}

/* The two on a queue's counter struct (@cur, @base of one type). */
#define SOCNIC_COUNTERS_MARK(base, cur)					\
	socnic_counters_mark((uint64_t *)(base), (const uint64_t *)(cur),	\
			     sizeof(*(cur)) / sizeof(uint64_t))
#define SOCNIC_COUNTERS_SINCE(out, cur, base)				\
	socnic_counters_since((uint64_t *)(out), (const uint64_t *)(cur),	\
			      (const uint64_t *)(base),			\
			      sizeof(*(cur)) / sizeof(uint64_t))

#endif /* SOCNIC_XSTATS_H */
