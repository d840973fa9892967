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
	RX(nombuf, "mbufs the refill could not allocate")		\
	RX(missed, "frames the device missed for lack of descriptors")	\
	RX(missed_overflow, "reads of the missed counter with MFCO")	\
	TX(packets, "frames queued to the device")			\
	TX(bytes, "bytes queued to the device")				\
	TX(errors, "frames the device completed with ES set")		\
	TX(dropped, "malformed frames freed without sending")		\
	TX(ring_full, "bursts cut short by a full ring")

#define STMMAC_XSTAT_NONE(n, h)

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
