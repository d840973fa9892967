/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * NETA's own per-queue counters, from ONE list (the VPP foreach_*_error
 * idiom): it generates the counter struct and the xstats table.
 * MVNETA_QUEUE_XSTATS(RX, TX) calls RX(name, help) for each RX-queue
 * counter and TX(name, help) for each TX-queue one (none: NETA's TX
 * queue keeps only the counters of every socrx queue); the field is
 * rx_<name>, the xstat "rx_q<id>_<name>". All uint64_t (robustness row
 * 46). They follow the counters every socrx queue keeps (SOCNIC_RXQ_XSTATS,
 * socnic_rx_queue.h); the lib/rxpath counters of the queue come after
 * them (SOCNIC_RXQ_LIB_XSTATS).
 *
 * Error accounting: every frame the RX path drops is counted once in
 * rx_errors (-> ierrors) and once in exactly one detail counter
 * (desc_errors, length_errors, runts, oversize, truncated,
 * scatter_dropped).
 */
#ifndef MVNETA_XSTATS_H
#define MVNETA_XSTATS_H

#include <stdint.h>

#include "socnic_xstats.h"

#define MVNETA_QUEUE_XSTATS(RX, TX)					\
	RX(wb_pending, "polls stopped at a counted descriptor not yet written back")

struct mvneta_rxq_stats {
	MVNETA_QUEUE_XSTATS(SOCNIC_XSTAT_RX_FIELD, SOCNIC_XSTAT_NONE)
};

#endif /* MVNETA_XSTATS_H */
