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
 * @p device_has (the family's own condition) holds, and records it in the
 * port (struct socnic_port's lsc_irq); else logs why not.
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

/*
 * The link polled, for a controller whose link changes raise nothing the
 * port can wait on (no in-band status, a PHY's interrupt pin on a GPIO),
 * as Linux's phylib polls a PHY without an interrupt once a second: from
 * start to stop, every @p period_us an EAL alarm reads the link through
 * the port's link_update (which makes the MAC follow it) and, when it
 * changed and the application configured intr_conf.lsc, reports
 * RTE_ETH_EVENT_INTR_LSC. Beside an interrupt (socnic_lsc_start()) both
 * run in EAL's interrupt thread, each reporting a change it finds, so a
 * change is reported once.
 */
struct socnic_link_poll {
	struct rte_eth_dev *dev;
	uint64_t period_us;
	int logtype;
	bool on;			/* atomic: the alarm re-arms itself */
};

/* dev_start, once the port runs. A failure is logged. */
void socnic_link_poll_start(struct socnic_link_poll *lp, struct rte_eth_dev *dev,
			    uint64_t period_us, int logtype);

/*
 * dev_stop, first: no poll runs once this returns (from inside an LSC
 * callback the poll made, it ends when that returns). Safe when off.
 */
void socnic_link_poll_stop(struct socnic_link_poll *lp);

#endif /* SOCNIC_LSC_H */
