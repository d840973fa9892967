/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * DPDK's rte_raw_cksum() again, its inline header copy compiled with
 * DPDK's pkg-config flags and then -march=native (this file alone gets
 * them): what the compiler's auto-vectoriser makes of DPDK's word loop on
 * this very CPU, the strongest form of the baseline. Built a second time
 * with -mno-avx512f as well (BENCH_DPDK_FN names that one): the baseline
 * an AVX2 host of the same kind would have.
 */
#include <rte_ip.h>

#include "bench_csum_dpdk.h"

#ifndef BENCH_DPDK_FN
#define BENCH_DPDK_FN bench_dpdk_native_raw_cksum
#endif

uint16_t
BENCH_DPDK_FN(const void *buf, size_t len)
{
	return rte_raw_cksum(buf, len);
}
