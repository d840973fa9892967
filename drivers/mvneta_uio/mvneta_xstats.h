/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Per-queue counters of net_mvneta_uio, from ONE list (the VPP
 * foreach_*_error idiom): it generates the counter structs, the xstats
 * names and their log dump. MVNETA_QUEUE_XSTATS(RX, TX) calls RX(name,
 * help) for each RX-queue counter and TX(name, help) for each TX-queue
 * one; the field is rx_<name> / tx_<name>, the xstat "rx_q0_<name>" /
 * "tx_q0_<name>". All uint64_t (robustness row 46). The counters every
 * socrx PMD keeps are socnic_xstats.h's pieces; the lib/rxpath counters
 * of the queue follow the RX ones (SOCNIC_RXQ_LIB_XSTATS).
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
	SOCNIC_RXQ_XSTATS_TOTALS(RX)					\
	RX(desc_errors, "frames the device closed with ERR_SUMMARY set")	\
	RX(crc_errors, "of desc_errors, with the CRC error code")	\
	RX(length_errors, "data_size beyond the buffers or below MH+FCS")	\
	SOCNIC_RXQ_XSTATS_DROPS(RX)					\
	RX(wb_pending, "polls stopped at a counted descriptor not yet written back") \
	SOCNIC_RXQ_XSTATS_SUPPLY(RX)					\
	SOCNIC_RXQ_XSTATS_TAIL(RX)					\
	SOCNIC_TXQ_XSTATS_TOTALS(TX)					\
	SOCNIC_TXQ_XSTATS_TAIL(TX)

struct mvneta_rxq_stats {
	MVNETA_QUEUE_XSTATS(SOCNIC_XSTAT_RX_FIELD, SOCNIC_XSTAT_NONE)
};

struct mvneta_txq_stats {
	MVNETA_QUEUE_XSTATS(SOCNIC_XSTAT_NONE, SOCNIC_XSTAT_TX_FIELD)
};

#define MVNETA_RXQ_NB_XSTATS						\
	(0 MVNETA_QUEUE_XSTATS(SOCNIC_XSTAT_ONE, SOCNIC_XSTAT_NONE))
#define MVNETA_TXQ_NB_XSTATS						\
	(0 MVNETA_QUEUE_XSTATS(SOCNIC_XSTAT_NONE, SOCNIC_XSTAT_ONE))

#endif /* MVNETA_XSTATS_H */
