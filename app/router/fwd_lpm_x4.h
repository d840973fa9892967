/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * 4-wide IPv4 lookups: fwd_dst_x4() turns four destination addresses, as
 * stored in the packets (network order), into the host-order vector
 * rte_lpm_lookupx4() takes. One byte swap per vector instead of four,
 * picked per architecture at build time as l3fwd_lpm_{sse,neon}.h do.
 */
#ifndef SOCRX_ROUTER_FWD_LPM_X4_H
#define SOCRX_ROUTER_FWD_LPM_X4_H

#include <rte_lpm.h>
#include <rte_vect.h>

#if defined(RTE_ARCH_X86) && defined(__SSSE3__)
#include "fwd_lpm_sse.h"
#elif defined(__ARM_NEON)
#include "fwd_lpm_neon.h"
#else
#include "fwd_lpm_scalar.h"
#endif

/*
 * Next hops of the @p n addresses at @p be_dst into @p hop; @p defv for
 * a miss. Fours through rte_lpm_lookupx4(), the rest one by one.
 */
static inline void
fwd_lpm_lookup(const struct rte_lpm *lpm, const uint32_t *be_dst,
	       uint32_t *hop, unsigned int n, uint32_t defv)
{
	unsigned int j;

	for (j = 0; j + 4 <= n; j += 4)
		rte_lpm_lookupx4(lpm, fwd_dst_x4(be_dst + j), hop + j, defv);
	for (; j < n; j++)
		if (rte_lpm_lookup(lpm, rte_be_to_cpu_32(be_dst[j]), &hop[j]) != 0)
			hop[j] = defv;
}

#endif /* SOCRX_ROUTER_FWD_LPM_X4_H */
