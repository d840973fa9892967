/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The steps every family's RX queue start takes before it arms its
 * descriptors its own way: the offloads the queue runs with, then buffers
 * sized for the longest frame, the ring's slots filled and its
 * descriptors zeroed; and the stop's way back to such an empty ring.
 */
#ifndef SOCNIC_RX_QUEUE_START_H
#define SOCNIC_RX_QUEUE_START_H

#include <stddef.h>
#include <stdint.h>

struct rte_eth_dev;
struct socnic_rx_queue;

/*
 * Scatter and KEEP_CRC from the queue's and the port's offloads, and the
 * longest frame the port's MTU lets through (socnic_rx_max_len()).
 */
void socnic_rx_queue_offloads(const struct rte_eth_dev *dev,
			      struct socnic_rx_queue *q);

/*
 * Without scatter, whether the longest frame and the @p stored bytes the
 * device writes with each (its header, an FCS it does not strip) fit one
 * buffer. 0 or -EINVAL (logged).
 */
int socnic_rx_queue_room_check(const struct rte_eth_dev *dev,
			       const struct socnic_rx_queue *q, uint32_t stored,
			       int logtype);

/*
 * The buffer size given to the device: with scatter the whole room,
 * without it what a frame needs (@p need bytes, the family's header and
 * FCS included) rounded up to @p align (a power of two), at most the
 * room; then every slot filled from the page pool, the @p ring_bytes of
 * descriptors zeroed and the indices those of a whole ring armed, which
 * the family's descriptors then make true. 0, -EINVAL, or -ENOMEM with
 * nothing kept (logged).
 */
int socnic_rx_queue_prime(struct socnic_rx_queue *q, uint32_t need,
			  uint32_t align, size_t ring_bytes, int logtype);

/*
 * At stop, once the device holds none of the ring: every buffer back to
 * the pool (socnic_rx_queue_recycle()), the @p ring_bytes of descriptors
 * zeroed and the indices at 0, where the next start arms from. The
 * family then makes the zeroed ring the device's (its ring sync).
 */
void socnic_rx_queue_empty(struct socnic_rx_queue *q, size_t ring_bytes,
			   int logtype);

#endif /* SOCNIC_RX_QUEUE_START_H */
