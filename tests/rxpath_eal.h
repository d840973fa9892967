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

#include "eal_harness.h"

static inline void
rxpath_test_eal_init(const char *prog)
{
	char *argv[] = {
		(char *)(uintptr_t)prog, "-l", "0", "--no-huge", "--no-pci",
		"-m", "256", "--no-shconf", "--log-level=lib.eal:error",
	};
	int argc = (int)(sizeof(argv) / sizeof(argv[0]));

	eal_harness_start(argc, argv);
}

#endif /* SOCRX_TEST_RXPATH_EAL_H */
