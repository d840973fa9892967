/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * net_stmmac_uio: the device's missed-frame counters read often enough
 * never to saturate. DMA_CHx_Miss_Frame_Cnt and the MTL RX queue's
 * overflow/missed counters hold 11 bits, saturate at 2047 and clear on
 * read; at 1 Gbit/s 2047 minimum-size frames arrive in 1.4 ms. The
 * datapath reads them when a burst finds the ring exhausted (the only
 * time the DMA can miss); while the port is started an EAL alarm reads
 * them too, every STMMAC_MISSED_SAFE_FRAMES frame times at the link's
 * line rate, so that a port nobody polls (before forwarding starts, a
 * stalled application) still counts every frame it loses. A read that
 * finds one saturated anyway counts in rx_q0_missed_overflow.
 */
#include <rte_alarm.h>

#include <ethdev_driver.h>

#include "stmmac_ethdev.h"
#include "stmmac_logs.h"

/* Half the counter's range between two reads. */
#define STMMAC_MISSED_SAFE_FRAMES	1024u
/* A minimum frame on the wire: 64 bytes, preamble and gap: 84 bytes. */
#define STMMAC_MIN_FRAME_BITS		672u

/* Alarm period at @p mbps (0: not known yet, 1000 assumed), microseconds. */
uint64_t
stmmac_missed_period_us(unsigned int mbps)
{
	if (mbps == 0)
		mbps = 1000;
	return (uint64_t)STMMAC_MISSED_SAFE_FRAMES * STMMAC_MIN_FRAME_BITS /
	       mbps;
}

static void
stmmac_missed_alarm(void *arg)
{
	struct rte_eth_dev *dev = arg;
	struct stmmac_adapter *ad = stmmac_adapter(dev);
	struct stmmac_rx_queue *rxq = stmmac_rxq0(dev);

	if (!__atomic_load_n(&ad->missed_watch, __ATOMIC_ACQUIRE))
		return;
	if (rxq != NULL)
		stmmac_rx_missed_update(rxq);
	if (rte_eal_alarm_set(stmmac_missed_period_us(ad->mac_speed),
			      stmmac_missed_alarm, dev) < 0)
		__atomic_store_n(&ad->missed_watch, false, __ATOMIC_RELEASE);
}

void
stmmac_missed_watch_start(struct rte_eth_dev *dev)
{
	struct stmmac_adapter *ad = stmmac_adapter(dev);

	__atomic_store_n(&ad->missed_watch, true, __ATOMIC_RELEASE);
	if (rte_eal_alarm_set(stmmac_missed_period_us(ad->mac_speed),
			      stmmac_missed_alarm, dev) < 0) {
		__atomic_store_n(&ad->missed_watch, false, __ATOMIC_RELEASE);
		PMD_DRV_LOG(WARNING, "port %u: no EAL alarm: missed frames are counted only while the port is polled",
			    dev->data->port_id);
	}
}

/* Waits for a running callback: none runs once this returns. */
void
stmmac_missed_watch_stop(struct rte_eth_dev *dev)
{
	struct stmmac_adapter *ad = stmmac_adapter(dev);

	__atomic_store_n(&ad->missed_watch, false, __ATOMIC_RELEASE);
	rte_eal_alarm_cancel(stmmac_missed_alarm, dev);
}
