/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * RX queue interrupts (intr_conf.rxq): the ethdev side of NETA's RX queue
 * interrupts, for rte_eth_dev_rx_intr_ctl_q() and rte_epoll_wait()
 * (docs/nics/mvneta_uio.rst, "Interrupt mode"), and the link status
 * change interrupt.
 */
#ifndef MVNETA_INTR_H
#define MVNETA_INTR_H

#include "socnic_intr.h"

/*
 * mvneta_intr_start(): after the defaults (every queue masked) and before
 * the queues are enabled, the queue's coalescing (RXQ_THRESHOLD,
 * RXQ_TIME_COAL) and, with intr_conf.rxq, its bit in INTR_ENABLE and the
 * interrupt handle with one event fd per RX queue from the backend.
 *
 * mvneta_lsc_ack() / _stop(): the misc causes and NEW_MASK bit 31 are
 * set by mvneta_intr_start(); the stop masks the causes.
 *
 * mvneta_rx_queue_intr_set(): the queue's RX bit in INTR_NEW_MASK. The
 * cause is level (frames in the queue, counted by the device): a frame
 * that arrived after the last empty poll raises the line at the unmask;
 * masking clears nothing, the poll that follows lowers it.
 */
SOCNIC_INTR_OPS_DECLARE(mvneta);

#endif /* MVNETA_INTR_H */
