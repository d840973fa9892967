/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * --idle-sleep: l3fwd-power's interrupt scheme for the forwarding lcores.
 * An lcore that found all its RX queues empty for a threshold of polls in
 * a row (router_conf.idle_polls, raised under load: idle_adapt.h) enables
 * their RX interrupts, sleeps in epoll on its own
 * thread's epoll set until one fires (or FWD_IDLE_WAIT_MS pass, so that a
 * stop is noticed), disables them and polls again. The PMD closes the
 * race of a frame written back between the last empty poll and the
 * enable (its rx_queue_intr_enable raises the interrupt at once then).
 */
#ifndef SOCRX_ROUTER_FWD_IDLE_H
#define SOCRX_ROUTER_FWD_IDLE_H

#include <stdbool.h>
#include <stdint.h>

#include "router.h"

#define FWD_IDLE_WAIT_MS	100

/*
 * Checks that queue @p queue of @p port can wake a sleeping lcore: it has
 * an interrupt event fd (RX interrupts enabled at configure,
 * intr_conf.rxq), and enabling and disabling it works where the PMD has
 * the operations. @return 0, or a negative errno with the reason in
 * @p err.
 */
int fwd_idle_check(uint16_t port, uint16_t queue, char *err, size_t errlen);

/*
 * On the forwarding lcore, before its loop: adds each of its RX queues'
 * interrupt to the thread's epoll set. @return 0 or a negative errno
 * (logged with the port and queue).
 */
int fwd_idle_register(const struct lcore_conf *qconf);

/*
 * Sleeps until an RX interrupt of one of the lcore's queues or the
 * timeout. @return true when an RX interrupt ended the sleep.
 */
bool fwd_idle_sleep(struct lcore_conf *qconf);

#endif /* SOCRX_ROUTER_FWD_IDLE_H */
