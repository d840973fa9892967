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

#include <stddef.h>
#include <stdint.h>

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

/* ---- A port's xstats: queue 0's counters, lib/rxpath's, the backend's ---- */

struct rte_eth_xstat;
struct rte_eth_xstat_name;
struct socnic_backend;

/* One queue counter: its name after "rx_q0_" / "tx_q0_", where it is. */
struct socnic_xstat {
	const char *name;
	const char *help;
	size_t offset;		/* of its uint64_t in the queue's counters */
};

/* An entry of a PMD's table, from its X-macro list (n, h). */
#define SOCNIC_XSTAT_ENTRY(type, field, n, h)				\
	{ #n, h, offsetof(type, field) },

/*
 * A PMD's xstats, numbered in this order: the RX queue's counters, the
 * lib/rxpath ones (SOCNIC_RXQ_LIB_XSTATS), the TX queue's, then the
 * backend's (the model's, docs/model.md).
 */
struct socnic_xstats_layout {
	const struct socnic_xstat *rx;
	unsigned int nb_rx;
	const struct socnic_xstat *tx;
	unsigned int nb_tx;
};

/* How many xstats a port of @p lay on backend @p be has. */
unsigned int socnic_xstats_count(const struct socnic_xstats_layout *lay,
				 const struct socnic_backend *be);

/*
 * xstats_get once @p xstats has room for socnic_xstats_count(): the RX
 * counters @p rxs, the lib/rxpath values @p lib, the TX counters @p txs
 * (each NULL: zeros), the backend's since @p be_base. Returns the count,
 * or -EIO (socnic_backend_xstats_get()).
 */
int socnic_xstats_fill(const struct socnic_xstats_layout *lay,
		       const void *rxs, const uint64_t *lib, const void *txs,
		       const struct socnic_backend *be, const uint64_t *be_base,
		       struct rte_eth_xstat *xstats);

/* xstats_get_names: the count when @p names is NULL or too small. */
int socnic_xstats_names(const struct socnic_xstats_layout *lay,
			const struct socnic_backend *be,
			struct rte_eth_xstat_name *names, unsigned int size);

/*
 * The close-time dump at DEBUG: every queue counter with its meaning,
 * RX (with @p lib) unless @p rxs is NULL, TX unless @p txs is NULL.
 */
void socnic_xstats_log(const struct socnic_xstats_layout *lay,
		       const void *rxs, const uint64_t *lib, const void *txs,
		       int logtype, const char *port_name);

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
