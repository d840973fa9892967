/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * DPDK's rte_raw_cksum(), compiled with DPDK's own pkg-config flags (this
 * file alone gets them), behind an out-of-line call like every kernel the
 * benchmark measures.
 */
#include <rte_ip.h>

#include "bench_csum_dpdk.h"

uint16_t
bench_dpdk_raw_cksum(const void *buf, size_t len)
{
	return rte_raw_cksum(buf, len);
}
