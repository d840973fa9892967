/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * RX queue interrupts (intr_conf.rxq): the ethdev side of DMA channel
 * interrupts, for rte_eth_dev_rx_intr_ctl_q() and rte_epoll_wait()
 * (docs/nics/stmmac_uio.rst, "Interrupt mode"), and the link status
 * change interrupt.
 */
#ifndef STMMAC_INTR_H
#define STMMAC_INTR_H

#include "socnic_intr.h"

/*
 * stmmac_intr_start(): after the reset and before the RX ring is armed,
 * the RX descriptors' IOC (riwt=0) or the RX watchdog, and the interrupt
 * handle with one event fd per RX queue from the backend. Nothing without
 * intr_conf.rxq.
 *
 * stmmac_lsc_ack() / _stop(): RGSMIIIE is set by stmmac_intr_start();
 * the stop masks the MAC's cause.
 *
 * stmmac_rx_queue_intr_set(): unmasked, RIE and NIE on the queue's
 * channel; RI left pending since the last disable raises the line at
 * once, so a frame written back after the last empty poll is never
 * waited for. Masked: RI cleared too, before the poll that follows a
 * wake-up.
 */
SOCNIC_INTR_OPS_DECLARE(stmmac);

#endif /* STMMAC_INTR_H */
