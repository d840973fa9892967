/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Per-queue counters of net_mvneta_uio, from ONE list (the VPP
 * foreach_*_error idiom): it generates the counter structs, the xstats
 * names and their log dump. MVNETA_QUEUE_XSTATS(RX, TX) calls RX(name,
 * help) for each RX-queue counter and TX(name, help) for each TX-queue
 * one; the field is rx_<name> / tx_<name>, the xstat "rx_q0_<name>" /
 * "tx_q0_<name>". All uint64_t (robustness row 46). The lib/rxpath
 * counters of the queue follow (SOCNIC_RXQ_LIB_XSTATS).
 *
 * Error accounting: every frame the RX path drops is counted once in
 * rx_errors (-> ierrors) and once in exactly one detail counter
 * (desc_errors, length_errors, runts, oversize, truncated,
 * scatter_dropped).
 */
#ifndef MVNETA_XSTATS_H
#define MVNETA_XSTATS_H

#include <stdint.h>

#define MVNETA_QUEUE_XSTATS(RX, TX)					\
	RX(packets, "frames handed to the application")			\
	RX(bytes, "bytes handed to the application, FCS excluded")	\
	RX(errors, "frames dropped for an error (sum of the details)")	\
	RX(desc_errors, "frames the device closed with ERR_SUMMARY set")	\
	RX(crc_errors, "of desc_errors, with the CRC error code")	\
	RX(length_errors, "data_size beyond the buffers or below MH+FCS")	\
	RX(runts, "frames shorter than an Ethernet header")		\
	RX(oversize, "frames longer than the MTU allows")		\
	RX(truncated, "frames missing their first or last descriptor")	\
	RX(scatter_dropped, "multi-buffer frames with scatter off")	\
	RX(wb_pending, "polls stopped at a counted descriptor not yet written back") \
	RX(nombuf, "mbufs the refill could not allocate")		\
	RX(missed, "frames the device lost before the ring (imissed)")	\
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
	TX(dropped, "malformed frames freed without sending")		\
	TX(ring_full, "bursts cut short by a full ring")

#define MVNETA_XSTAT_NONE(n, h)

struct mvneta_rxq_stats {
#define MVNETA_RX_FIELD(n, h) uint64_t rx_ ## n;
	MVNETA_QUEUE_XSTATS(MVNETA_RX_FIELD, MVNETA_XSTAT_NONE)
#undef MVNETA_RX_FIELD
};

struct mvneta_txq_stats {
#define MVNETA_TX_FIELD(n, h) uint64_t tx_ ## n;
	MVNETA_QUEUE_XSTATS(MVNETA_XSTAT_NONE, MVNETA_TX_FIELD)
#undef MVNETA_TX_FIELD
};

#define MVNETA_XSTAT_ONE(n, h) + 1
#define MVNETA_RXQ_NB_XSTATS						\
	(0 MVNETA_QUEUE_XSTATS(MVNETA_XSTAT_ONE, MVNETA_XSTAT_NONE))
#define MVNETA_TXQ_NB_XSTATS						\
	(0 MVNETA_QUEUE_XSTATS(MVNETA_XSTAT_NONE, MVNETA_XSTAT_ONE))

#endif /* MVNETA_XSTATS_H */
