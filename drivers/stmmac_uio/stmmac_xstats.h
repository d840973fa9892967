/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Per-queue counters, from ONE list (the VPP foreach_*_error idiom): the
 * list below generates the counter structs, the xstats names and their
 * log dump, so a counter cannot exist in one and be missing in another.
 * The counters every socrx PMD keeps are socnic_xstats.h's pieces; the
 * lib/rxpath counters of the queue follow the RX ones
 * (SOCNIC_RXQ_LIB_XSTATS, socnic_rxq.h).
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

#include "socnic_xstats.h"

#define STMMAC_QUEUE_XSTATS(RX, TX)					\
	SOCNIC_RXQ_XSTATS_TOTALS(RX)					\
	RX(desc_errors, "frames the device closed with ES set")		\
	RX(crc_errors, "of desc_errors, with the CRC error bit")	\
	RX(length_errors, "PL beyond the buffers or not monotonic")	\
	SOCNIC_RXQ_XSTATS_DROPS(RX)					\
	RX(empty_tail_segs, "0-byte last segments freed (FCS alone)")	\
	RX(desc_stale, "stale status words on armed descriptors, re-armed") \
	RX(desc_skipped, "descriptors the device skipped, reclaimed")	\
	SOCNIC_RXQ_XSTATS_SUPPLY(RX)					\
	RX(missed_overflow, "missed-counter reads that found one saturated")	\
	SOCNIC_RXQ_XSTATS_TAIL(RX)					\
	SOCNIC_TXQ_XSTATS_TOTALS(TX)					\
	TX(errors, "frames the device completed with ES set")		\
	SOCNIC_TXQ_XSTATS_TAIL(TX)

struct stmmac_rxq_stats {
	STMMAC_QUEUE_XSTATS(SOCNIC_XSTAT_RX_FIELD, SOCNIC_XSTAT_NONE)
};

struct stmmac_txq_stats {
	STMMAC_QUEUE_XSTATS(SOCNIC_XSTAT_NONE, SOCNIC_XSTAT_TX_FIELD)
};

/* Counts, for sizing the xstats arrays. */
#define STMMAC_RXQ_NB_XSTATS						\
	(0 STMMAC_QUEUE_XSTATS(SOCNIC_XSTAT_ONE, SOCNIC_XSTAT_NONE))
#define STMMAC_TXQ_NB_XSTATS						\
	(0 STMMAC_QUEUE_XSTATS(SOCNIC_XSTAT_NONE, SOCNIC_XSTAT_ONE))

#endif /* STMMAC_XSTATS_H */
