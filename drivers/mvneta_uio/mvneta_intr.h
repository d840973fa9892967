/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * RX queue interrupts (intr_conf.rxq): the ethdev side of NETA's RX queue
 * interrupts, for rte_eth_dev_rx_intr_ctl_q() and rte_epoll_wait()
 * (docs/nics/mvneta_uio.rst, "Interrupt mode").
 */
#ifndef MVNETA_INTR_H
#define MVNETA_INTR_H

#include <stdint.h>

#include <ethdev_driver.h>

/*
 * Port start, after the defaults (every queue masked) and before the
 * queue is enabled: the queue's coalescing (RXQ_THRESHOLD, RXQ_TIME_COAL)
 * and, with intr_conf.rxq, its bit in INTR_ENABLE and the interrupt
 * handle with one event fd per RX queue from the backend. 0 or -errno
 * (logged).
 */
int mvneta_intr_start(struct rte_eth_dev *dev);

/* Port close: socnic_intr_release() on the port's rx_intr. */

/*
 * Link status change (intr_conf.lsc; the misc causes and NEW_MASK bit 31
 * are set by mvneta_intr_start()): the end of a port start registers the
 * callback (nothing without intr_conf.lsc; 0 or -errno); the start of a
 * stop unregisters it and masks the causes.
 */
int mvneta_lsc_start(struct rte_eth_dev *dev);
void mvneta_lsc_stop(struct rte_eth_dev *dev);

/*
 * Queue @p qid's interrupt (struct socnic_queue_ops' rx_intr_set, behind
 * socnic_dev_rx_queue_intr_enable() / _disable()): its RX bit in
 * INTR_NEW_MASK. The cause is level (frames in the queue, counted by the
 * device): a frame that arrived after the last empty poll raises the line
 * at the unmask; masking clears nothing, the poll that follows lowers it.
 */
void mvneta_rx_queue_intr_set(struct rte_eth_dev *dev, uint16_t qid, bool on);

#endif /* MVNETA_INTR_H */
