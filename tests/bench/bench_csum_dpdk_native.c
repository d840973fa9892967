/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * DPDK's rte_raw_cksum() again, its inline header copy compiled with
 * DPDK's pkg-config flags and then -march=native (this file alone gets
 * them): what the compiler's auto-vectoriser makes of DPDK's word loop on
 * this very CPU, the strongest form of the baseline.
 */
#include <rte_ip.h>

#include "bench_csum_dpdk.h"

uint16_t
bench_dpdk_native_raw_cksum(const void *buf, size_t len)
{
	return rte_raw_cksum(buf, len);
}
