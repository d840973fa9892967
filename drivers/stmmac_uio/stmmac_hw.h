/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * net_stmmac_uio: core bring-up (stmmac_hw.c) and PHY/link (stmmac_phy.c),
 * used by the ethdev ops.
 */
#ifndef STMMAC_HW_H
#define STMMAC_HW_H

#include <stdbool.h>
#include <stdint.h>
#include <time.h>

#include <ethdev_driver.h>
#include <rte_ether.h>

struct stmmac_adapter;
struct stmmac_of;
struct socnic_backend;

/* stmmac_hw.c */
int stmmac_hw_probe(struct stmmac_adapter *ad, const struct stmmac_of *of,
		    struct rte_ether_addr *ea);
int stmmac_hw_quiesce(struct stmmac_adapter *ad);
void stmmac_hw_drain_mtl_rx(struct stmmac_adapter *ad, unsigned int q);
int stmmac_hw_wait_dma_stopped(const struct socnic_backend *be, uint16_t port_id,
			       uint32_t chans, bool tx);
int stmmac_hw_reset(struct stmmac_adapter *ad);
/* Polls @p reg until the bits of @p mask read 0, every 10 us: -ETIMEDOUT. */
int stmmac_poll_clear(const struct socnic_backend *be, uint32_t reg,
		      uint32_t mask, unsigned int polls);
/* Quiesce then reset (0 or -EIO): the probe's, and a start's if needed. */
int stmmac_hw_takeover(struct stmmac_adapter *ad);
/* The core reads as its last reset left it, and quiescent. */
bool stmmac_hw_is_reset(struct stmmac_adapter *ad);
int stmmac_hw_dma_layout(struct stmmac_adapter *ad);
void stmmac_hw_configure(struct rte_eth_dev *dev);
void stmmac_hw_write_filter(struct rte_eth_dev *dev);
int stmmac_hw_set_mc_list(struct rte_eth_dev *dev, struct rte_ether_addr *list,
			  uint32_t n);
void stmmac_hw_read_mac(const struct socnic_backend *be,
			struct rte_ether_addr *ea);
void stmmac_hw_write_mac(const struct socnic_backend *be,
			 const struct rte_ether_addr *ea);
void stmmac_hw_write_mac_n(const struct socnic_backend *be, unsigned int n,
			   const struct rte_ether_addr *ea);

/* stmmac_hw_queues.c */
/* A queue's share of a FIFO of @p fifo bytes over @p nb_queues in use. */
uint32_t stmmac_hw_queue_bytes(uint32_t fifo, uint16_t nb_queues);
/* The MTL and DMA programming of the port's queues at a start. */
void stmmac_hw_queues_configure(struct rte_eth_dev *dev);
/* The DMA channel MTL RX queue @p q is mapped to (MTL_RxQ_DMA_Map0/1). */
unsigned int stmmac_hw_rx_queue_chan(const struct socnic_backend *be,
				     unsigned int q);

/* stmmac_phy.c */
int stmmac_phy_init(struct stmmac_adapter *ad);
/* The link now; the MAC's PS/FES/DM follow it (once the port runs). */
int stmmac_phy_link(struct stmmac_adapter *ad, struct rte_eth_link *link);
/* MAC_Configuration PS/FES/DM for a speed (Mbit/s) and duplex. */
uint32_t stmmac_mac_speed_bits(unsigned int speed, bool full);

/* stmmac_link.c */
/*
 * The link is up at @p speed / @p full: on a change, the SoC's TX clock,
 * then (once the port runs) MAC_Configuration PS/FES/DM.
 */
void stmmac_mac_link_up(struct stmmac_adapter *ad, unsigned int speed,
			bool full);
/* The link_update op. */
int stmmac_link_update(struct rte_eth_dev *dev, int wait_to_complete);
/* dev_start, before the MAC is enabled: its mode from the PHY, or 1000 full. */
void stmmac_link_start(struct rte_eth_dev *dev);
/* The 1 Hz poll of the PHY from start to stop (socnic_link_poll). */
void stmmac_link_watch_start(struct rte_eth_dev *dev);
void stmmac_link_watch_stop(struct rte_eth_dev *dev);

/* 802.3x flow control (stmmac_fc.c): ethdev's ops, the start's write. */
int stmmac_flow_ctrl_get(struct rte_eth_dev *dev, struct rte_eth_fc_conf *conf);
int stmmac_flow_ctrl_set(struct rte_eth_dev *dev, struct rte_eth_fc_conf *conf);
void stmmac_fc_apply(struct rte_eth_dev *dev);

/* IEEE 1588 system time (stmmac_ptp.c): the ethdev timesync ops. */
int stmmac_timesync_read_rx_timestamp(struct rte_eth_dev *dev,
				      struct timespec *ts, uint32_t flags);
int stmmac_read_clock(struct rte_eth_dev *dev, uint64_t *clock);
int stmmac_timesync_adjust_freq(struct rte_eth_dev *dev, int64_t scaled_ppm);
/* RTE_ETH_RX_OFFLOAD_TIMESTAMP at configure: its dynamic field and flag. */
int stmmac_ptp_configure(struct rte_eth_dev *dev);
/* RTE_ETH_RX_OFFLOAD_TIMESTAMP where the unit and its clock are known. */
bool stmmac_ptp_rx_offload_ok(const struct stmmac_adapter *ad);
int stmmac_timesync_enable(struct rte_eth_dev *dev);
int stmmac_timesync_disable(struct rte_eth_dev *dev);
int stmmac_timesync_read_time(struct rte_eth_dev *dev, struct timespec *ts);
int stmmac_timesync_write_time(struct rte_eth_dev *dev,
			       const struct timespec *ts);
int stmmac_timesync_adjust_time(struct rte_eth_dev *dev, int64_t delta);
int stmmac_timesync_read_tx_timestamp(struct rte_eth_dev *dev,
				      struct timespec *ts);
/* At start: the unit enabled again if a reset cleared it. */
int stmmac_ptp_restore(struct rte_eth_dev *dev);

#endif /* STMMAC_HW_H */
