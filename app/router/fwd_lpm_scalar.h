/* SPDX-License-Identifier: BSD-3-Clause */
/* Any other CPU: four scalar byte swaps into DPDK's vector union. */
#ifndef SOCRX_ROUTER_FWD_LPM_SCALAR_H
#define SOCRX_ROUTER_FWD_LPM_SCALAR_H

#include <rte_byteorder.h>

static inline xmm_t
fwd_dst_x4(uint32_t a, uint32_t b, uint32_t c, uint32_t d)
{
	rte_xmm_t v;

	v.u32[0] = rte_be_to_cpu_32(a);
	v.u32[1] = rte_be_to_cpu_32(b);
	v.u32[2] = rte_be_to_cpu_32(c);
	v.u32[3] = rte_be_to_cpu_32(d);
	return v.x;
}

#endif /* SOCRX_ROUTER_FWD_LPM_SCALAR_H */
