/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * dwmac4's own per-queue counters, from ONE list (the VPP
 * foreach_*_error idiom): the list generates the counter structs and the
 * xstats table, so a counter cannot exist in one and be missing in the
 * other. They follow the counters every socrx queue keeps
 * (SOCNIC_RXQ_XSTATS / SOCNIC_TXQ_XSTATS, socnic_rx_queue.h) in the
 * xstats; the lib/rxpath counters of the queue come after them
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
 * scatter_dropped, ts_lost).
 */
#ifndef STMMAC_XSTATS_H
#define STMMAC_XSTATS_H

#include <stdint.h>

#include "socnic_xstats.h"

#define STMMAC_QUEUE_XSTATS(RX, TX)					\
	RX(empty_tail_segs, "0-byte last segments freed (FCS alone)")	\
	RX(desc_stale, "stale status words on armed descriptors, re-armed") \
	RX(desc_skipped, "descriptors the device skipped, reclaimed")	\
	RX(missed_overflow, "missed-counter reads that found one saturated")	\
	RX(ts_frames, "frames delivered with an IEEE 1588 stamp")	\
	RX(ts_corrupt, "stamps the device marked corrupt, frame delivered without") \
	RX(ts_lost, "frames whose context descriptor never came, dropped") \
	TX(errors, "frames the device completed with ES set")

struct stmmac_rxq_stats {
	STMMAC_QUEUE_XSTATS(SOCNIC_XSTAT_RX_FIELD, SOCNIC_XSTAT_NONE)
};

struct stmmac_txq_stats {
	STMMAC_QUEUE_XSTATS(SOCNIC_XSTAT_NONE, SOCNIC_XSTAT_TX_FIELD)
};

#endif /* STMMAC_XSTATS_H */
