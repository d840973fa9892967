/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * EAL start-up and mbuf pools for the tests that need DPDK. DPDK 22.11
 * rejects --in-memory together with --no-huge (--no-huge implies legacy
 * memory), so callers pass --no-shconf, the part of --in-memory that lets
 * tests run in parallel.
 */
#ifndef SOCRX_TEST_EAL_HARNESS_H
#define SOCRX_TEST_EAL_HARNESS_H

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

#include <rte_eal.h>
#include <rte_errno.h>
#include <rte_mbuf.h>
#include <rte_mempool.h>

#include "harness.h"

/*
 * rte_eal_init(): exits 77 (skipped) when the environment forbids EAL,
 * 1 on any other failure.
 */
static inline void
eal_harness_start(int argc, char **argv)
{
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

/* A packet mbuf pool without per-lcore cache (in-use counts are exact);
 * exits 1 when it cannot be made. */
static inline struct rte_mempool *
eal_harness_pool(const char *name, unsigned int n, uint16_t data_room)
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

#endif /* SOCRX_TEST_EAL_HARNESS_H */
