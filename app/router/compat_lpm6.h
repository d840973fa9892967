/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * rte_lpm6 across the DPDK versions socrx builds against: its addresses
 * are byte arrays up to DPDK 24.07 and struct rte_ipv6_addr from 24.11
 * (as rte_ipv6_hdr's). Both are 16 bytes in network order, so the router
 * keeps addresses as bytes and hands rte_lpm6 a pointer to them; the one
 * place in app/ that looks at RTE_VERSION.
 */
#ifndef ROUTER_COMPAT_LPM6_H
#define ROUTER_COMPAT_LPM6_H

#include <stdint.h>

#include <rte_lpm6.h>
#include <rte_version.h>

#define ROUTER_IP6_LEN 16

/* One address of a rte_lpm6_lookup_bulk_func() array. */
#if RTE_VERSION >= RTE_VERSION_NUM(24, 11, 0, 0)
typedef struct rte_ipv6_addr router_lpm6_key;
#else
typedef uint8_t router_lpm6_key[ROUTER_IP6_LEN];
#endif

/* rte_lpm6_add() of the 16 bytes at @p ip. */
static inline int
router_lpm6_add(struct rte_lpm6 *lpm, const void *ip, uint8_t depth,
		uint32_t next_hop)
{
	return rte_lpm6_add(lpm, ip, depth, next_hop);
}

/* rte_lpm6_lookup() of the 16 bytes at @p ip. */
static inline int
router_lpm6_lookup(const struct rte_lpm6 *lpm, const void *ip,
		   uint32_t *next_hop)
{
	return rte_lpm6_lookup(lpm, ip, next_hop);
}

#endif /* ROUTER_COMPAT_LPM6_H */
