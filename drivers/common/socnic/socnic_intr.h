/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * RX queue interrupts (intr_conf.rxq), the NIC-neutral half: the ethdev
 * interrupt handle with one event fd per RX queue from the backend
 * (socnic_backend_ops.irq_fd / irq_kind), its efd and vector lists for
 * rte_eth_dev_rx_intr_ctl_q(), and the UIO re-arm. What raises and
 * lowers a queue's line is the family's (stmmac_intr.c, mvneta_intr.c).
 */
#ifndef SOCNIC_INTR_H
#define SOCNIC_INTR_H

#include <stdbool.h>
#include <stdint.h>

#include <ethdev_driver.h>

#include "socnic_backend.h"

/*
 * Creates @p dev's interrupt handle: one event fd per RX queue, queue q's
 * from the backend's channel @p ch_base + q, EAL vectors from
 * RTE_INTR_VEC_RXTX_OFFSET; sets dev->intr_handle and *@p out. A handle
 * already in *@p out is kept (a restart) when it has an fd per RX queue,
 * else made again. 0, -ENOTSUP (the backend has no
 * interrupts), -ENOMEM or -EINVAL; logged under @p logtype.
 */
int socnic_intr_create(struct rte_eth_dev *dev, const struct socnic_backend *be,
		       unsigned int ch_base, int logtype,
		       struct rte_intr_handle **out);

/* Closes the fds and frees *@p h (NULL afterwards); safe on NULL. */
void socnic_intr_release(struct rte_eth_dev *dev, struct rte_intr_handle **h);

/*
 * A family's interrupt control (its <fam>_intr.c), what its <fam>_intr.h
 * declares: <fam>_intr_start() at port start, before the queues start
 * (0 or -errno, logged); <fam>_lsc_ack(), struct socnic_pmd's lsc_ack
 * (the link status change callback's), and <fam>_lsc_stop() at the start
 * of a stop; and
 * <fam>_rx_queue_intr_set(), struct socnic_queue_ops' rx_intr_set. At
 * close the port's rx_intr goes to socnic_intr_release().
 */
#define SOCNIC_INTR_OPS_DECLARE(fam)					\
int fam##_intr_start(struct rte_eth_dev *dev);				\
void fam##_lsc_ack(struct rte_eth_dev *dev);				\
void fam##_lsc_stop(struct rte_eth_dev *dev);				\
void fam##_rx_queue_intr_set(struct rte_eth_dev *dev, uint16_t qid, bool on)

/*
 * After the family unmasked a queue's line: a UIO device's line, which
 * uio_pdrv_genirq masks when it fires, is unmasked again (the backend's
 * irq_rearm); nothing on a model's eventfds.
 */
static inline void
socnic_intr_rearm(const struct socnic_backend *be)
{
	if (be->ops->irq_rearm != NULL)
		be->ops->irq_rearm(be->ctx);
}

#endif /* SOCNIC_INTR_H */
