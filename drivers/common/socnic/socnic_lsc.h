/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Link status change interrupts (intr_conf.lsc), the NIC-neutral half:
 * an EAL interrupt callback on the controller's own line (the backend's
 * irq_misc_fd: a model's eventfd for its MAC/port line, or the UIO
 * device), which acknowledges the family's cause, reads the link again
 * through the port's link_update and reports RTE_ETH_EVENT_INTR_LSC when
 * it changed. What raises the line and how its cause is cleared is the
 * family's (stmmac_intr.c, mvneta_intr.c; docs/nics/<pmd>.rst "Link status
 * change").
 */
#ifndef SOCNIC_LSC_H
#define SOCNIC_LSC_H

#include <stdbool.h>

#include <ethdev_driver.h>

#include "socnic_backend.h"

/* The family's acknowledgement of its link cause, in EAL's interrupt thread. */
typedef void (*socnic_lsc_ack_t)(struct rte_eth_dev *dev);

struct socnic_lsc {
	struct rte_intr_handle *h;	/* registered with EAL; NULL: off */
	int fd;				/* the line's fd, ours to close */
	struct rte_eth_dev *dev;
	const struct socnic_backend *be;
	socnic_lsc_ack_t ack;
	int logtype;
};

/*
 * Probe: advertises RTE_ETH_DEV_INTR_LSC (which ethdev requires before it
 * accepts intr_conf.lsc, and testpmd takes as a cue to set it) when the
 * backend has the controller's line, EAL can wait on it (epoll), and
 * @p device_has (the family's own condition) holds; else logs why not.
 */
void socnic_lsc_probe(struct rte_eth_dev *dev, const struct socnic_backend *be,
		      bool device_has, int logtype);

/*
 * dev_configure: with intr_conf.lsc, refuses intr_conf.rxq on a UIO port
 * (one line, one fd: the RX waiter and EAL's interrupt thread would take
 * each other's interrupts). 0 or a logged -EINVAL.
 */
int socnic_lsc_configure_check(const struct rte_eth_dev *dev,
			       const struct socnic_backend *be, int logtype);

/*
 * dev_start, once the family enabled its link cause: registers the
 * callback on a new fd of the controller's line. Nothing without
 * intr_conf.lsc. 0 or -errno (logged).
 */
int socnic_lsc_start(struct socnic_lsc *l, struct rte_eth_dev *dev,
		     const struct socnic_backend *be, socnic_lsc_ack_t ack,
		     int logtype);

/*
 * dev_stop, before the family masks its cause: unregisters the callback
 * (waiting for a running one to return) and closes the fd. From inside
 * the callback (an application stopping the port from its LSC event),
 * EAL removes it and closes the fd once it returns. Safe when off.
 */
void socnic_lsc_stop(struct socnic_lsc *l);

#endif /* SOCNIC_LSC_H */
