/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * net_mvneta_uio: the device's count of frames it lost for want of a
 * descriptor, folded into rx_missed.
 */
#include <stdint.h>

#include "socnic_io.h"

#include "mvneta_ethdev.h"

/*
 * Frames lost before the ring for want of a descriptor (the clear-on-read
 * MVNETA_RX_DISCARD_FRAME_COUNT, Linux's rx_discard ethtool counter),
 * folded into rx_missed (imissed). The overrun counter is not added: its
 * frames reach the ring closed with the overrun error code and are
 * counted in ierrors. Read from the datapath (empty polls) and from
 * stats_get on the control thread: atomic adds keep both.
 */
void
mvneta_rx_missed_update(struct socnic_rx_queue *q)
{
	uint32_t d = socnic_read32(q->be, MVNETA_RX_DISCARD_FRAME_COUNT);

	if (d != 0)
		__atomic_fetch_add(&q->stats.rx_missed, d, __ATOMIC_RELAXED);
}
