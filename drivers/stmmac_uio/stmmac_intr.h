/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * RX queue interrupts (intr_conf.rxq): the ethdev side of DMA channel
 * interrupts, for rte_eth_dev_rx_intr_ctl_q() and rte_epoll_wait()
 * (docs/nics/stmmac_uio.rst, "Interrupt mode").
 */
#ifndef STMMAC_INTR_H
#define STMMAC_INTR_H

#include <stdint.h>

#include <ethdev_driver.h>

/*
 * Port start, after the reset and before the RX ring is armed: the RX
 * descriptors' IOC (riwt=0) or the RX watchdog, and the interrupt handle
 * with one event fd per RX queue from the backend. Nothing without
 * intr_conf.rxq. 0 or -errno (logged).
 */
int stmmac_intr_start(struct rte_eth_dev *dev);

/* Port close: socnic_intr_release() on the port's rx_intr. */

/*
 * Link status change (intr_conf.lsc; RGSMIIIE is set by
 * stmmac_intr_start()): the end of a port start registers the callback
 * (nothing without intr_conf.lsc; 0 or -errno); the start of a stop
 * unregisters it and masks the MAC's cause.
 */
int stmmac_lsc_start(struct rte_eth_dev *dev);
void stmmac_lsc_stop(struct rte_eth_dev *dev);

/*
 * Queue @p qid's interrupt (struct socnic_queue_ops' rx_intr_set, behind
 * socnic_dev_rx_queue_intr_enable() / _disable()). Unmasked: RIE and NIE
 * on its channel; RI left pending since the last disable raises the line
 * at once, so a frame written back after the last empty poll is never
 * waited for. Masked: RI cleared too, before the poll that follows a
 * wake-up.
 */
void stmmac_rx_queue_intr_set(struct rte_eth_dev *dev, uint16_t qid, bool on);

#endif /* STMMAC_INTR_H */
