/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The queues' shared control path (socnic_queue.h).
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include <rte_bitops.h>
#include <rte_common.h>
#include <rte_errno.h>
#include <rte_ether.h>
#include <rte_malloc.h>
#include <rte_mbuf.h>

#include "socnic_log.h"
#include "socnic_queue.h"

int
socnic_queue_setup_check(int logtype, uint16_t port, const char *dir,
			 uint16_t queue_id, uint16_t *nb_desc,
			 bool deferred_start,
			 const struct socnic_ring_limits *lim)
{
	uint16_t n = *nb_desc;

	if (queue_id >= lim->nb_queues) {
		SOCNIC_LOG(logtype, ERR, "port %u: %s queue %u: the device has %u queues at most",
			   port, dir, queue_id, lim->nb_queues);
		return -EINVAL;
	}
	if (n < lim->min_desc || n > lim->max_desc) {
		SOCNIC_LOG(logtype, ERR, "port %u: %u %s descriptors: need [%u, %u]",
			   port, n, dir, lim->min_desc, lim->max_desc);
		return -EINVAL;
	}
	if (!rte_is_power_of_2(n)) {
		*nb_desc = (uint16_t)rte_align32pow2(n);
		SOCNIC_LOG(logtype, NOTICE, "port %u: %s queue %u: %u descriptors rounded up to %u (a ring is a power of two long)",
			   port, dir, queue_id, n, *nb_desc);
	}
	if (deferred_start) {
		SOCNIC_LOG(logtype, ERR, "port %u: deferred %s queue start is not supported",
			   port, dir);
		return -EINVAL;
	}
	return 0;
}

int
socnic_rx_buf_size(int logtype, uint16_t port, struct rte_mempool *mp,
		   uint32_t min, uint32_t max, uint32_t align, uint32_t *room,
		   uint32_t *bufsz)
{
	uint32_t r = rte_pktmbuf_data_room_size(mp);

	r = r > RTE_PKTMBUF_HEADROOM ? r - RTE_PKTMBUF_HEADROOM : 0;
	*room = r;
	*bufsz = RTE_ALIGN_FLOOR(RTE_MIN(r, max), align);
	if (*bufsz < min) {
		SOCNIC_LOG(logtype, ERR, "port %u: mempool %s: %u data bytes after headroom, need >= %u",
			   port, mp->name, r, min);
		return -EINVAL;
	}
	return 0;
}

int
socnic_rx_free_thresh(int logtype, uint16_t port, uint16_t conf,
		      uint16_t dflt, uint16_t nb_desc, uint16_t *thresh)
{
	uint16_t t = conf != 0 ? conf : RTE_MIN(dflt, nb_desc / 4);

	if (t >= nb_desc - 1) {
		SOCNIC_LOG(logtype, ERR, "port %u: rx_free_thresh %u must be below %u",
			   port, t, nb_desc - 1);
		return -EINVAL;
	}
	*thresh = t;
	return 0;
}

void *
socnic_queue_zalloc(const char *name, size_t size, size_t slot_bytes,
		    uint16_t n, unsigned int socket_id, void **slots)
{
	void *q = rte_zmalloc_socket(name, size, RTE_CACHE_LINE_SIZE,
				     (int)socket_id);

	if (q == NULL)
		return NULL;
	*slots = rte_zmalloc_socket(name, slot_bytes * n, RTE_CACHE_LINE_SIZE,
				    (int)socket_id);
	if (*slots == NULL) {
		rte_free(q);
		return NULL;
	}
	return q;
}

const struct rte_memzone *
socnic_ring_alloc(const struct rte_eth_dev *dev, const char *pmd,
		  const char *kind, uint16_t queue_id, size_t len,
		  unsigned int socket_id, int logtype)
{
	char name[RTE_MEMZONE_NAMESIZE];
	const struct rte_memzone *mz;

	snprintf(name, sizeof(name), "%s_p%u_%s%u", pmd, dev->data->port_id,
		 kind, queue_id);
	mz = rte_memzone_reserve_aligned(name, len, (int)socket_id,
					 RTE_MEMZONE_IOVA_CONTIG, (unsigned int)len);
	if (mz == NULL) {
		SOCNIC_LOG(logtype, ERR, "port %u: cannot reserve %zu bytes for the %s ring: %s",
			   dev->data->port_id, len, kind,
			   rte_strerror(rte_errno));
		return NULL;
	}
	memset(mz->addr, 0, len);
	return mz;
}

uint32_t
socnic_rx_max_len(const struct rte_eth_dev *dev, uint16_t mtu)
{
	uint32_t len = (uint32_t)mtu + RTE_ETHER_HDR_LEN + RTE_VLAN_HLEN;

	/* With KEEP_CRC the FCS is part of the delivered length. */
	if (dev->data->dev_conf.rxmode.offloads & RTE_ETH_RX_OFFLOAD_KEEP_CRC)
		len += RTE_ETHER_CRC_LEN;
	return len;
}

int
socnic_rx_mtu_check(int logtype, const struct rte_eth_dev *dev, uint16_t mtu,
		    uint32_t need, uint32_t room, uint32_t buf_size,
		    bool started)
{
	if (dev->data->dev_conf.rxmode.offloads & RTE_ETH_RX_OFFLOAD_SCATTER)
		return 0;
	if (need > room) {
		SOCNIC_LOG(logtype, ERR, "port %u: MTU %u needs %u-byte buffers, have %u and scatter is off",
			   dev->data->port_id, mtu, need, room);
		return -EINVAL;
	}
	/* The device's buffer size follows the MTU at queue start. */
	if (started && need > buf_size) {
		SOCNIC_LOG(logtype, ERR, "port %u: MTU %u needs %u-byte DMA buffers, the running queue has %u: stop the port to raise it",
			   dev->data->port_id, mtu, need, buf_size);
		return -EBUSY;
	}
	return 0;
}
