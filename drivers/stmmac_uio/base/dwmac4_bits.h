/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Bit helpers of the dwmac4 hardware headers (dwmac4_desc.h,
 * dwmac4_regs.h), kept local so that they need neither DPDK's RTE_BIT32
 * nor Linux's BIT/GENMASK: plain 32-bit integer constant expressions.
 */
#ifndef SOCRX_DWMAC4_BITS_H
#define SOCRX_DWMAC4_BITS_H

#include <stdint.h>

#define DWMAC4_BIT(n)		((uint32_t)1 << (n))
/* Bits h..l inclusive, h >= l, both in 0..31. */
#define DWMAC4_GENMASK(h, l)						\
	((uint32_t)((~(uint32_t)0 >> (31 - (h))) & (~(uint32_t)0 << (l))))

#endif /* SOCRX_DWMAC4_BITS_H */
