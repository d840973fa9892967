/* SPDX-License-Identifier: BSD-3-Clause */
/* Any other CPU: four scalar byte swaps into DPDK's vector union. */
#ifndef SOCRX_ROUTER_FWD_LPM_SCALAR_H
#define SOCRX_ROUTER_FWD_LPM_SCALAR_H

#include <rte_byteorder.h>

static inline xmm_t
fwd_dst_x4(const uint32_t *be_dst)
{
	rte_xmm_t v;
	int i;

	for (i = 0; i < 4; i++)
		v.u32[i] = rte_be_to_cpu_32(be_dst[i]);
	return v.x;
}

#endif /* SOCRX_ROUTER_FWD_LPM_SCALAR_H */
