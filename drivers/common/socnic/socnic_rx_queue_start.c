/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * What every family's RX queue start and stop share
 * (socnic_rx_queue_start.h).
 */
#include <errno.h>
#include <string.h>

#include <ethdev_driver.h>

#include "socnic_log.h"
#include "socnic_queue.h"
#include "socnic_rx_queue.h"
#include "socnic_rx_queue_start.h"

void
socnic_rx_queue_offloads(const struct rte_eth_dev *dev,
			 struct socnic_rx_queue *q)
{
	uint64_t offloads = q->offloads | dev->data->dev_conf.rxmode.offloads;

	q->scatter = offloads & RTE_ETH_RX_OFFLOAD_SCATTER;
	q->keep_crc = offloads & RTE_ETH_RX_OFFLOAD_KEEP_CRC;
	q->max_len = socnic_rx_max_len(dev, dev->data->mtu);
}

int
socnic_rx_queue_room_check(const struct rte_eth_dev *dev,
			   const struct socnic_rx_queue *q, uint32_t stored,
			   int logtype)
{
	if (q->scatter || q->max_len + stored <= q->room)
		return 0;
	SOCNIC_LOG(logtype, ERR, "port %u: MTU %u needs %u-byte frames with %u more bytes the device stores with each, buffers hold %u: enable scatter or use larger mbufs",
		   q->port_id, dev->data->mtu, q->max_len, stored, q->room);
	return -EINVAL;
}

int
socnic_rx_queue_prime(struct socnic_rx_queue *q, uint32_t need,
		      uint32_t align, size_t ring_bytes, int logtype)
{
	int ret;

	q->buf_size = q->scatter ? q->room :
		RTE_MIN(q->room, RTE_ALIGN_CEIL(need, align));
	if (rxp_pool_set_max_len(q->lib.pool, q->buf_size) < 0)
		return -EINVAL;
	ret = socnic_rx_queue_fill(q, logtype);
	if (ret < 0)
		return ret;
	memset(q->mz->addr, 0, ring_bytes);
	q->next = 0;
	q->armed = q->nb_desc;
	q->state = SOCNIC_RX_IDLE;
	return 0;
}

void
socnic_rx_queue_empty(struct socnic_rx_queue *q, size_t ring_bytes,
		      int logtype)
{
	socnic_rx_queue_recycle(q, logtype);
	memset(q->mz->addr, 0, ring_bytes);
	q->next = 0;
	q->armed = 0;
}
