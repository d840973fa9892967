/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Per-queue counters, from ONE list (the VPP foreach_*_error idiom): the
 * list below generates the counter structs, the xstats names and their
 * log dump, so a counter cannot exist in one and be missing in another.
 *
 * STMMAC_QUEUE_XSTATS(RX, TX) calls RX(name, help) for each RX-queue
 * counter and TX(name, help) for each TX-queue counter. The struct field
 * is rx_<name> / tx_<name>, the xstat "rx_q<id>_<name>" / "tx_q<id>_<name>".
 * All counters are uint64_t (robustness row 46: no 32-bit wrap).
 *
 * Error accounting: every frame the RX path drops is counted once in
 * rx_errors (-> ierrors) and once in exactly one of the detail counters
 * (desc_errors, length_errors, runts, oversize, truncated,
 * scatter_dropped).
 */
#ifndef STMMAC_XSTATS_H
#define STMMAC_XSTATS_H

#include <stdint.h>

#define STMMAC_QUEUE_XSTATS(RX, TX)					\
	RX(packets, "frames handed to the application")			\
	RX(bytes, "bytes handed to the application, FCS excluded")	\
	RX(errors, "frames dropped for an error (sum of the details)")	\
	RX(desc_errors, "frames the device closed with ES set")		\
	RX(crc_errors, "of desc_errors, with the CRC error bit")	\
	RX(length_errors, "PL beyond the buffers or not monotonic")	\
	RX(runts, "frames shorter than an Ethernet header")		\
	RX(oversize, "frames longer than the MTU allows")		\
	RX(truncated, "frames missing their first or last descriptor")	\
	RX(scatter_dropped, "multi-buffer frames with scatter off")	\
	RX(empty_tail_segs, "0-byte last segments freed (FCS alone)")	\
	RX(desc_stale, "stale status words on armed descriptors, re-armed") \
	RX(desc_skipped, "descriptors the device skipped, reclaimed")	\
	RX(nombuf, "mbufs the refill could not allocate")		\
	RX(missed, "frames the device lost before the ring (imissed)")	\
	RX(missed_overflow, "missed-counter reads that found one saturated")	\
	RX(ip_good, "frames delivered with RX_IP_CKSUM_GOOD")		\
	RX(ip_bad, "frames delivered with RX_IP_CKSUM_BAD")		\
	RX(ip_unknown, "frames delivered with RX_IP_CKSUM_UNKNOWN")	\
	RX(l4_good, "frames delivered with RX_L4_CKSUM_GOOD")		\
	RX(l4_bad, "frames delivered with RX_L4_CKSUM_BAD")		\
	RX(l4_unknown, "frames delivered with RX_L4_CKSUM_UNKNOWN")	\
	RX(pool_leaked, "buffers still in flight when the queue stopped")	\
	RX(stop_discarded, "frames complete in the ring when it stopped")	\
	TX(packets, "frames queued to the device")			\
	TX(bytes, "bytes queued to the device")				\
	TX(errors, "frames the device completed with ES set")		\
	TX(dropped, "malformed frames freed without sending")		\
	TX(ring_full, "bursts cut short by a full ring")

#define STMMAC_XSTAT_NONE(n, h)

/*
 * RX-queue counters kept by lib/rxpath's objects (page pool, copybreak,
 * DMA sync) rather than by the PMD: X(name, expression on rxq, help).
 * The xstat is "rx_q<id>_<name>"; a reset records a base that is
 * subtracted afterwards (the library objects are never reset: the pool's
 * in-flight accounting depends on its totals). The pool's in-flight count
 * itself is not an xstat (a level, not a total); a non-zero count at stop
 * is added to rx_pool_leaked. Expanded where struct stmmac_rx_queue is
 * known.
 */
#define STMMAC_RXQ_LIB_XSTATS(X)					\
	X(copybreak_frames, rxq->cb.stats.copybreak_frames,		\
	  "frames delivered in a small copy (rx-copybreak)")		\
	X(copybreak_bytes, rxq->cb.stats.copybreak_bytes,		\
	  "bytes copied by rx-copybreak")				\
	X(copybreak_nombuf, rxq->cb.stats.copybreak_nombuf,		\
	  "small frames sent zero-copy: small-buffer pool empty")	\
	X(copy_frames, rxq->copyall.stats.copybreak_frames,		\
	  "zerocopy=0: frames copied into a fresh mbuf")		\
	X(copy_nombuf, rxq->copyall.stats.copybreak_nombuf,		\
	  "zerocopy=0: frames sent zero-copy, no mbuf for the copy")	\
	X(recycled, rxq->pool->stats.recycled_direct,		\
	  "buffers back into the page pool's direct-recycle cache")	\
	X(pool_alloc_fast, rxq->pool->stats.alloc_fast,		\
	  "refill buffers from the direct-recycle cache")		\
	X(pool_alloc_slow, rxq->pool->stats.alloc_slow,		\
	  "refill buffers from the mempool")				\
	X(pool_alloc_empty, rxq->pool->stats.alloc_empty,		\
	  "refills the mempool could not fully serve")			\
	X(pool_recycle_full, rxq->pool->stats.recycle_full,		\
	  "buffers back to the mempool: the recycle cache was full")	\
	X(sync_bytes, rxq->sync.stats.for_cpu_bytes,		\
	  "bytes synced for the CPU, whole lines (0 when coherent)")

#define STMMAC_XSTAT_LIB_ONE(n, e, h) + 1
#define STMMAC_RXQ_NB_LIB_XSTATS (0 STMMAC_RXQ_LIB_XSTATS(STMMAC_XSTAT_LIB_ONE))

struct stmmac_rxq_stats {
#define STMMAC_RX_FIELD(n, h) uint64_t rx_ ## n;
	STMMAC_QUEUE_XSTATS(STMMAC_RX_FIELD, STMMAC_XSTAT_NONE)
#undef STMMAC_RX_FIELD
};

struct stmmac_txq_stats {
#define STMMAC_TX_FIELD(n, h) uint64_t tx_ ## n;
	STMMAC_QUEUE_XSTATS(STMMAC_XSTAT_NONE, STMMAC_TX_FIELD)
#undef STMMAC_TX_FIELD
};

/* Counts, for sizing the xstats arrays. */
#define STMMAC_XSTAT_ONE(n, h) + 1
#define STMMAC_RXQ_NB_XSTATS						\
	(0 STMMAC_QUEUE_XSTATS(STMMAC_XSTAT_ONE, STMMAC_XSTAT_NONE))
#define STMMAC_TXQ_NB_XSTATS						\
	(0 STMMAC_QUEUE_XSTATS(STMMAC_XSTAT_NONE, STMMAC_XSTAT_ONE))

#endif /* STMMAC_XSTATS_H */
