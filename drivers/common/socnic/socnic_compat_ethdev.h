/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The ethdev driver interface across the DPDK versions socrx builds
 * against (22.11, 24.11, 25.11): each op is written once in the newest
 * shape, and this header adapts it to the older ones. The only place in
 * drivers/ that looks at RTE_VERSION.
 *
 * - dev_supported_ptypes_get returns the array's length through
 *   no_of_elements since DPDK 24.03; before, the array ends with
 *   RTE_PTYPE_UNKNOWN.
 * - stats_get fills the per-queue counters in a struct eth_queue_stats of
 *   their own since DPDK 25.11 (NULL when the caller wants none; ethdev
 *   shows them as xstats only with RTE_ETH_DEV_AUTOFILL_QUEUE_XSTATS,
 *   which the PMDs leave unset: their own xstats hold rx_q0_packets and
 *   the like, on every version); before, in struct rte_eth_stats, under the same field names, which
 *   socnic_queue_stats stands for.
 * - rx_queue_count returns an int (a count or a negative errno) since
 *   DPDK 25.11; before, a uint32_t count.
 * - rte_tm's node_add and shaper/WRED profile_add take their parameters
 *   const since DPDK 24.11 (SOCNIC_TM_CONST, in the op's signature).
 *
 * An op's header declares the op in the newest shape, then
 * SOCNIC_*_COMPAT(op) (an adapter, where the DPDK is older); the ops
 * table takes SOCNIC_*_OP(op).
 */
#ifndef SOCNIC_COMPAT_ETHDEV_H
#define SOCNIC_COMPAT_ETHDEV_H

#include <stddef.h>
#include <stdint.h>

#include <ethdev_driver.h>
#include <rte_version.h>

#if RTE_VERSION >= RTE_VERSION_NUM(24, 3, 0, 0)
#define SOCNIC_PTYPES_GET_OP(fn) fn
#else
#define SOCNIC_PTYPES_GET_OP(fn) fn##_terminated
/* The old shape: the array, RTE_PTYPE_UNKNOWN-terminated. */
#define SOCNIC_PTYPES_GET_COMPAT(fn)					\
static inline const uint32_t *						\
fn##_terminated(struct rte_eth_dev *dev)				\
{									\
	size_t n;							\
									\
	return fn(dev, &n);						\
}
#endif
#ifndef SOCNIC_PTYPES_GET_COMPAT
#define SOCNIC_PTYPES_GET_COMPAT(fn)
#endif

#if RTE_VERSION >= RTE_VERSION_NUM(25, 11, 0, 0)
typedef struct eth_queue_stats socnic_queue_stats;
#define SOCNIC_STATS_GET_OP(fn) fn
#define SOCNIC_STATS_GET_COMPAT(fn)
#else
typedef struct rte_eth_stats socnic_queue_stats;
#define SOCNIC_STATS_GET_OP(fn) fn##_one
/* The old shape: the per-queue counters inside @p stats. */
#define SOCNIC_STATS_GET_COMPAT(fn)					\
static inline int							\
fn##_one(struct rte_eth_dev *dev, struct rte_eth_stats *stats)		\
{									\
	return fn(dev, stats, stats);					\
}
#endif

#if RTE_VERSION >= RTE_VERSION_NUM(25, 11, 0, 0)
#define SOCNIC_RX_QUEUE_COUNT_OP(fn) fn
#define SOCNIC_RX_QUEUE_COUNT_COMPAT(fn)
#else
#define SOCNIC_RX_QUEUE_COUNT_OP(fn) fn##_u32
/* The old shape: a count only. */
#define SOCNIC_RX_QUEUE_COUNT_COMPAT(fn)				\
static inline uint32_t							\
fn##_u32(void *rxq)							\
{									\
	return (uint32_t)fn(rxq);					\
}
#endif

#if RTE_VERSION >= RTE_VERSION_NUM(24, 11, 0, 0)
#define SOCNIC_TM_CONST const
#else
#define SOCNIC_TM_CONST
#endif

/*
 * ethdev's timesync_adjust_freq (rte_eth_timesync_adjust_freq(), scaled
 * ppm) came with 24.11; before, a PMD offers it through its own API.
 */
#if RTE_VERSION >= RTE_VERSION_NUM(24, 11, 0, 0)
#define SOCNIC_HAS_TIMESYNC_ADJUST_FREQ 1
#endif

#endif /* SOCNIC_COMPAT_ETHDEV_H */
