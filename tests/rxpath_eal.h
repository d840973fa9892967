/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * EAL start-up for the lib/rxpath tests that need mempools: no hugepages,
 * no PCI, no shared runtime files (tests run in parallel). DPDK 22.11
 * rejects --in-memory together with --no-huge ("--legacy-mem is not
 * compatible with --in-memory": --no-huge implies legacy memory), so
 * --no-shconf, the part of --in-memory that matters here, is used instead.
 * Exits 77 (skipped) when the environment forbids EAL.
 */
#ifndef SOCRX_TEST_RXPATH_EAL_H
#define SOCRX_TEST_RXPATH_EAL_H

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <rte_eal.h>
#include <rte_errno.h>
#include <rte_mbuf.h>
#include <rte_mempool.h>

#include "harness.h"

static inline void
rxpath_test_eal_init(const char *prog)
{
	char *argv[] = {
		(char *)(uintptr_t)prog, "-l", "0", "--no-huge", "--no-pci",
		"-m", "256", "--no-shconf", "--log-level=lib.eal:error",
	};
	int argc = (int)(sizeof(argv) / sizeof(argv[0]));

	if (rte_eal_init(argc, argv) < 0) {
		int err = rte_errno;

		if (err == EACCES || err == EPERM) {
			printf("SKIP: rte_eal_init: %s (no permission for EAL here)\n",
			       rte_strerror(err));
			exit(TEST_SKIP);
		}
		fprintf(stderr, "rte_eal_init failed: %s\n", rte_strerror(err));
		exit(1);
	}
}

/* A packet mbuf pool without per-lcore cache: in-use counts are exact. */
static inline struct rte_mempool *
rxpath_test_mempool(const char *name, unsigned int n, uint16_t data_room)
{
	struct rte_mempool *mp = rte_pktmbuf_pool_create(name, n, 0, 0,
							 data_room,
							 SOCKET_ID_ANY);

	if (mp == NULL) {
		fprintf(stderr, "rte_pktmbuf_pool_create(%s): %s\n", name,
			rte_strerror(rte_errno));
		exit(1);
	}
	return mp;
}

#endif /* SOCRX_TEST_RXPATH_EAL_H */
