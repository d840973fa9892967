/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Logging of the shared layer: it has no logtype of its own. Every object
 * that logs is given its PMD's logtype at creation, so a line about a
 * port is found under that PMD's name (--log-level=pmd.net.stmmac*:info).
 * Same format as the PMDs' own lines: "function(): message".
 */
#ifndef SOCNIC_LOG_H
#define SOCNIC_LOG_H

#include <rte_log.h>

#define SOCNIC_LOG(logtype, level, fmt, ...)				\
	rte_log(RTE_LOG_ ## level, (logtype), "%s(): " fmt "\n",	\
		__func__, ##__VA_ARGS__)

#endif /* SOCNIC_LOG_H */
