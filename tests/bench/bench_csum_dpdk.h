/* SPDX-License-Identifier: BSD-3-Clause */
#ifndef SOCRX_BENCH_CSUM_DPDK_H
#define SOCRX_BENCH_CSUM_DPDK_H

#include <stddef.h>
#include <stdint.h>

/* rte_raw_cksum(buf, len): the folded, uncomplemented 16-bit sum. */
uint16_t bench_dpdk_raw_cksum(const void *buf, size_t len);

/* The same, compiled with -march=native (BENCH_HAVE_DPDK_NATIVE). */
uint16_t bench_dpdk_native_raw_cksum(const void *buf, size_t len);

/* And with -march=native -mno-avx512f (BENCH_HAVE_DPDK_NOAVX512). */
uint16_t bench_dpdk_noavx512_raw_cksum(const void *buf, size_t len);

#endif
