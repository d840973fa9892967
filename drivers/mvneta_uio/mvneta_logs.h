/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Logging for net_mvneta_uio: one logtype per component, all under
 * "pmd.net.mvneta_uio" so `--log-level=pmd.net.mvneta*:debug` catches
 * them all (the naming scheme of DPDK's RTE_LOG_REGISTER_SUFFIX, commit
 * "log: add default logtype and suffix helpers", 21.05).
 *
 * The driver never prints: everything goes through rte_log. Datapath
 * logging costs a branch per packet even when filtered out, so it is
 * compiled only with -DRTE_LIBRTE_MVNETA_DEBUG_RX / _TX (as ixgbe/i40e do
 * with RTE_LIBRTE_*_DEBUG_RX).
 */
#ifndef MVNETA_LOGS_H
#define MVNETA_LOGS_H

#include <rte_log.h>

#ifndef RTE_LOG_DEFAULT_LOGTYPE
/* DPDK's build system defines this per driver; we build out of tree. */
#define RTE_LOG_DEFAULT_LOGTYPE pmd.net.mvneta_uio
#endif

extern int mvneta_logtype_driver;	/* pmd.net.mvneta_uio */
extern int mvneta_logtype_rx;		/* pmd.net.mvneta_uio.rx */
extern int mvneta_logtype_tx;		/* pmd.net.mvneta_uio.tx */
extern int mvneta_logtype_backend;	/* pmd.net.mvneta_uio.backend */

#define MVNETA_LOG(type, level, fmt, ...)				\
	rte_log(RTE_LOG_ ## level, (type), "%s(): " fmt "\n",		\
		__func__, ##__VA_ARGS__)

#define PMD_DRV_LOG(level, fmt, ...)					\
	MVNETA_LOG(mvneta_logtype_driver, level, fmt, ##__VA_ARGS__)
#define PMD_BE_LOG(level, fmt, ...)					\
	MVNETA_LOG(mvneta_logtype_backend, level, fmt, ##__VA_ARGS__)
/* Control-path messages of the queues (setup, start, stop). */
#define PMD_RX_LOG(level, fmt, ...)					\
	MVNETA_LOG(mvneta_logtype_rx, level, fmt, ##__VA_ARGS__)
#define PMD_TX_LOG(level, fmt, ...)					\
	MVNETA_LOG(mvneta_logtype_tx, level, fmt, ##__VA_ARGS__)

#ifdef RTE_LIBRTE_MVNETA_DEBUG_RX
#define PMD_RX_DP_LOG(level, fmt, ...) PMD_RX_LOG(level, fmt, ##__VA_ARGS__)
#else
#define PMD_RX_DP_LOG(level, fmt, ...) do { } while (0)
#endif

#ifdef RTE_LIBRTE_MVNETA_DEBUG_TX
#define PMD_TX_DP_LOG(level, fmt, ...) PMD_TX_LOG(level, fmt, ##__VA_ARGS__)
#else
#define PMD_TX_DP_LOG(level, fmt, ...) do { } while (0)
#endif

#endif /* MVNETA_LOGS_H */
