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

/* Adds an 11-bit saturating hardware count to rx_missed (and its flag). */
static void
stmmac_rx_missed_add(struct stmmac_rx_queue *rxq, uint32_t n, bool saturated)
{
	if (unlikely(saturated))
		__atomic_fetch_add(&rxq->stats.rx_missed_overflow, 1,
				   __ATOMIC_RELAXED);
	if (n != 0)
		__atomic_fetch_add(&rxq->q.stats.rx_missed, n, __ATOMIC_RELAXED);
}

/*
 * Frames lost before the ring, all clear-on-read, folded into rx_missed
 * (imissed): those the DMA flushed for lack of a descriptor
 * (DMA_CHx_Miss_Frame_Cnt, with RPF), and those the MTL RX queue dropped
 * because it was full (MTL_RxQ_Missed_Packet_Overflow_Cnt: OVFPKTCNT, and
 * MISPKTCNT for frames it discarded). Read from the datapath (empty polls)
 * and from stats_get on the control thread: atomic adds keep both.
 */
void
stmmac_rx_missed_update(struct socnic_rx_queue *rq)
{
	struct stmmac_rx_queue *rxq = stmmac_rxq(rq);
	uint32_t v = socnic_read32(rxq->q.be,
				   DMA_CHAN_MISS_FRAME_CNT(STMMAC_RXQ_CHAN(rxq)));
	uint32_t q = socnic_read32(rxq->q.be,
				   DWMAC4_MTL_CHAN_RX_MISSED_PKT_OVF_CNT(rxq->q.queue_id));

	stmmac_rx_missed_add(rxq, v & DWMAC4_DMA_MISS_FRAME_CNT_MFC_MASK,
			     v & DWMAC4_DMA_MISS_FRAME_CNT_MFCO);
	stmmac_rx_missed_add(rxq, q & DWMAC4_MTL_RX_OVFPKTCNT_MASK,
			     q & DWMAC4_MTL_RX_OVFCNTOVF);
	stmmac_rx_missed_add(rxq, (q & DWMAC4_MTL_RX_MISPKTCNT_MASK) >> 16,
			     q & DWMAC4_MTL_RX_MISCNTOVF);
}

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
	struct stmmac_rx_queue *rxq;
	uint16_t i;

	if (!__atomic_load_n(&ad->missed_watch, __ATOMIC_ACQUIRE))
		return;
	for (i = 0; i < dev->data->nb_rx_queues; i++) {
		rxq = dev->data->rx_queues[i];
		if (rxq != NULL)
			stmmac_rx_missed_update(&rxq->q);
	}
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
