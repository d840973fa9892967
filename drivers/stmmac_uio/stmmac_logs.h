/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Logging for net_stmmac_uio: one logtype per component, all under
 * "pmd.net.stmmac_uio" so `--log-level=pmd.net.stmmac*:debug` catches
 * them all (the naming scheme of DPDK's RTE_LOG_REGISTER_SUFFIX, commit
 * "log: add default logtype and suffix helpers", 21.05); the macros are
 * every family's (socnic_pmd_log.h).
 *
 * The driver never prints: everything goes through rte_log. Datapath
 * logging costs a branch per packet even when filtered out, so it is
 * compiled only with -DRTE_LIBRTE_STMMAC_DEBUG_RX / _TX.
 */
#ifndef STMMAC_LOGS_H
#define STMMAC_LOGS_H

#ifndef RTE_LOG_DEFAULT_LOGTYPE
/* DPDK's build system defines this per driver; we build out of tree. */
#define RTE_LOG_DEFAULT_LOGTYPE pmd.net.stmmac_uio
#endif

#define SOCNIC_PMD_LOG_FAMILY stmmac
#ifdef RTE_LIBRTE_STMMAC_DEBUG_RX
#define SOCNIC_PMD_LOG_DEBUG_RX
#endif
#ifdef RTE_LIBRTE_STMMAC_DEBUG_TX
#define SOCNIC_PMD_LOG_DEBUG_TX
#endif
#include "socnic_pmd_log.h"

#endif /* STMMAC_LOGS_H */
