/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * net_mvneta_uio: the device's count of frames it lost for want of a
 * descriptor, folded into rx_missed.
 */
#include <stdint.h>

#include <ethdev_driver.h>

#include "socnic_io.h"

#include "mvneta_ethdev.h"

/*
 * Frames lost before the ring for want of a descriptor (the clear-on-read
 * MVNETA_RX_DISCARD_FRAME_COUNT, Linux's rx_discard ethtool counter),
 * folded into rx_missed (imissed). The overrun counter is not added: its
 * frames reach the ring closed with the overrun error code and are
 * counted in ierrors. The counter is the port's, not a queue's (it does
 * not say which queue a frame was for): any queue may read it, and it
 * goes to the port's first RX queue (the default queue's, rx_q0_missed),
 * so a queue's own counters never hold another's frames. Read from the
 * datapath (empty polls) of every queue and from stats_get on the control
 * thread: atomic adds keep them all.
 */
void
mvneta_rx_missed_update(struct socnic_rx_queue *q)
{
	const struct rte_eth_dev_data *data = rte_eth_devices[q->port_id].data;
	uint32_t d = socnic_read32(q->be, MVNETA_RX_DISCARD_FRAME_COUNT);
	struct socnic_rx_queue *q0;

	if (d == 0)
		return;
	q0 = data->nb_rx_queues != 0 && data->rx_queues[0] != NULL ?
	     data->rx_queues[0] : q;
	__atomic_fetch_add(&q0->stats.rx_missed, d, __ATOMIC_RELAXED);
}
