/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * TX of a run of frames for one egress port, through that port's
 * rte_eth_dev_tx_buffer with the semantics of rte_eth_tx_buffer() called
 * per frame: the buffer goes to rte_eth_tx_burst() each time it holds
 * its size, what is left waits for the next run or the drain timer, and
 * what the TX queue refuses goes to the buffer's error callback (freed
 * and counted as tx_full). A run that fills an empty buffer whole is
 * sent straight from the caller's array, without the copy.
 */
#ifndef SOCRX_ROUTER_FWD_TX_H
#define SOCRX_ROUTER_FWD_TX_H

#include <string.h>

#include <rte_branch_prediction.h>
#include <rte_ethdev.h>

#include "router.h"

static inline void
fwd_tx_run(const struct lcore_conf *qconf, uint16_t port,
	   struct rte_mbuf **pkts, unsigned int n)
{
	struct rte_eth_dev_tx_buffer *buf = qconf->tx_buffer[port];
	const uint16_t queue = qconf->tx_queue_id[port];
	unsigned int k;
	uint16_t sent;

	while (n != 0) {
		if (buf->length == 0 && n >= buf->size) {
			sent = rte_eth_tx_burst(port, queue, pkts, buf->size);
			if (unlikely(sent != buf->size))
				buf->error_callback(pkts + sent,
						    (uint16_t)(buf->size - sent),
						    buf->error_userdata);
			pkts += buf->size;
			n -= buf->size;
			continue;
		}
		k = RTE_MIN(n, (unsigned int)(buf->size - buf->length));
		memcpy(&buf->pkts[buf->length], pkts, k * sizeof(*pkts));
		buf->length = (uint16_t)(buf->length + k);
		pkts += k;
		n -= k;
		if (buf->length == buf->size)
			rte_eth_tx_buffer_flush(port, queue, buf);
	}
}

#endif /* SOCRX_ROUTER_FWD_TX_H */
