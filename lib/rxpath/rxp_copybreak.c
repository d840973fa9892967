/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * RX copybreak: the copy with the fused checksum, and setup.
 */
#include <errno.h>
#include <string.h>

#include <rte_log.h>

#include "rxp_copybreak.h"

RTE_LOG_REGISTER(rxp_copybreak_logtype, lib.rxpath.copybreak, NOTICE);

#define RXP_CB_LOG(level, fmt, ...)					\
	rte_log(RTE_LOG_ ## level, rxp_copybreak_logtype,		\
		"%s(): " fmt "\n", __func__, ##__VA_ARGS__)

const char *const rxp_copybreak_stat_names[RXP_COPYBREAK_NB_STATS] = {
#define RXP_COPYBREAK_STAT_NAME(n, h) [RXP_COPYBREAK_STAT_ ## n] = #n,
	RXP_COPYBREAK_STATS(RXP_COPYBREAK_STAT_NAME)
#undef RXP_COPYBREAK_STAT_NAME
};

int
rxp_copybreak_init(struct rxp_copybreak *cb, struct rxp_pool *pool,
		   struct rte_mempool *small_mp, uint32_t threshold)
{
	uint32_t room;

	if (cb == NULL || pool == NULL)
		return -EINVAL;
	memset(cb, 0, sizeof(*cb));
	cb->pool = pool;
	if (threshold == 0)
		return 0;
	if (small_mp == NULL ||
	    small_mp->private_data_size <
	    sizeof(struct rte_pktmbuf_pool_private)) {
		RXP_CB_LOG(ERR, "copybreak %u needs a pktmbuf pool", threshold);
		return -EINVAL;
	}
	/* rte_pktmbuf_reset() puts data_off at min(headroom, buffer). */
	room = rte_pktmbuf_data_room_size(small_mp);
	room -= RTE_MIN(room, (uint32_t)RTE_PKTMBUF_HEADROOM);
	if (threshold > room) {
		RXP_CB_LOG(ERR,
			"copybreak %u exceeds the %u bytes of %s's buffers",
			threshold, room, small_mp->name);
		return -EINVAL;
	}
	cb->small_mp = small_mp;
	cb->threshold = threshold;
	return 0;
}

unsigned int
rxp_copybreak__copy(struct rxp_copybreak *cb, struct rte_mbuf **pm,
		    uint32_t len, uint32_t sum_off, uint32_t sum_len,
		    uint32_t *l4_sum)
{
	struct rte_mbuf *big = *pm, *m;
	unsigned int ret;

	RTE_ASSERT(big->nb_segs == 1 && big->data_len >= len);
	m = rxp_copybreak_alloc_one(cb);
	if (unlikely(m == NULL))
		return 0;
	ret = rxp_copybreak_fill(cb, m, rte_pktmbuf_mtod(big, const uint8_t *),
				 len, sum_off, sum_len, l4_sum);
	/* The metadata the RX path set on the big buffer goes with it. */
	m->port = big->port;
	m->packet_type = big->packet_type;
	m->ol_flags = big->ol_flags;
	m->hash = big->hash;
	m->vlan_tci = big->vlan_tci;
	m->vlan_tci_outer = big->vlan_tci_outer;
	/* The CPU only read the big buffer: recycle it without a sync. */
	rxp_pool_recycle_direct(cb->pool, big);
	*pm = m;
	return ret;
}
