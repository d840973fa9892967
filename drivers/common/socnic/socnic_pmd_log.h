/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * A PMD's log macros, one set for every family: PMD_DRV_LOG, PMD_BE_LOG,
 * PMD_RX_LOG, PMD_TX_LOG on the family's four logtypes
 * (<fam>_logtype_driver, _rx, _tx, _backend: "pmd.net.<fam>_uio" and its
 * suffixes, registered in <fam>_ethdev.c), and the datapath's
 * PMD_RX_DP_LOG / PMD_TX_DP_LOG, compiled out unless the family's
 * RTE_LIBRTE_<FAM>_DEBUG_RX / _TX is defined (as ixgbe/i40e do).
 *
 * The family's <fam>_logs.h defines SOCNIC_PMD_LOG_FAMILY (its prefix),
 * and SOCNIC_PMD_LOG_DEBUG_RX / _TX from its own debug switches, then
 * includes this header. Lines read "function(): message" (SOCNIC_LOG).
 */
#ifndef SOCNIC_PMD_LOG_H
#define SOCNIC_PMD_LOG_H

#include <rte_log.h>

#include "socnic_log.h"

#ifndef SOCNIC_PMD_LOG_FAMILY
#error "define SOCNIC_PMD_LOG_FAMILY (the PMD's prefix) before socnic_pmd_log.h"
#endif

/* <fam>_logtype_<part>, the family's prefix expanded before the paste. */
#define SOCNIC_PMD_LOGTYPE__(fam, part) fam ## _logtype_ ## part
#define SOCNIC_PMD_LOGTYPE_(fam, part) SOCNIC_PMD_LOGTYPE__(fam, part)
#define SOCNIC_PMD_LOGTYPE(part) \
	SOCNIC_PMD_LOGTYPE_(SOCNIC_PMD_LOG_FAMILY, part)

extern int SOCNIC_PMD_LOGTYPE(driver);	/* pmd.net.<fam>_uio */
extern int SOCNIC_PMD_LOGTYPE(rx);	/* pmd.net.<fam>_uio.rx */
extern int SOCNIC_PMD_LOGTYPE(tx);	/* pmd.net.<fam>_uio.tx */
extern int SOCNIC_PMD_LOGTYPE(backend);	/* pmd.net.<fam>_uio.backend */

#define PMD_DRV_LOG(level, fmt, ...)					\
	SOCNIC_LOG(SOCNIC_PMD_LOGTYPE(driver), level, fmt, ##__VA_ARGS__)
#define PMD_BE_LOG(level, fmt, ...)					\
	SOCNIC_LOG(SOCNIC_PMD_LOGTYPE(backend), level, fmt, ##__VA_ARGS__)
/* Control-path messages of the queues (setup, start, stop). */
#define PMD_RX_LOG(level, fmt, ...)					\
	SOCNIC_LOG(SOCNIC_PMD_LOGTYPE(rx), level, fmt, ##__VA_ARGS__)
#define PMD_TX_LOG(level, fmt, ...)					\
	SOCNIC_LOG(SOCNIC_PMD_LOGTYPE(tx), level, fmt, ##__VA_ARGS__)

#ifdef SOCNIC_PMD_LOG_DEBUG_RX
#define PMD_RX_DP_LOG(level, fmt, ...) PMD_RX_LOG(level, fmt, ##__VA_ARGS__)
#else
#define PMD_RX_DP_LOG(level, fmt, ...) do { } while (0)
#endif

#ifdef SOCNIC_PMD_LOG_DEBUG_TX
#define PMD_TX_DP_LOG(level, fmt, ...) PMD_TX_LOG(level, fmt, ##__VA_ARGS__)
#else
#define PMD_TX_DP_LOG(level, fmt, ...) do { } while (0)
#endif

#endif /* SOCNIC_PMD_LOG_H */
