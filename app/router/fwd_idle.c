/* SPDX-License-Identifier: BSD-3-Clause */
#include <stdio.h>

#include <rte_cycles.h>
#include <rte_epoll.h>
#include <rte_errno.h>
#include <rte_ethdev.h>
#include <rte_interrupts.h>
#include <rte_lcore.h>

#include "fwd_idle.h"
#include "stats.h"

/* The event's user data: which queue woke the lcore (for the log only). */
static void *
queue_tag(uint16_t port, uint16_t queue)
{
	return (void *)(uintptr_t)((uint32_t)port << 16 | queue);
}

int
fwd_idle_check(uint16_t port, uint16_t queue, char *err, size_t errlen)
{
	int rc = rte_eth_dev_rx_intr_ctl_q_get_fd(port, queue);

	if (rc < 0) {
		snprintf(err, errlen,
			 "port %u queue %u: no RX interrupt: the PMD gives no event fd for the queue",
			 port, queue);
		return -ENOTSUP;
	}
	/* a PMD without the operations has its queue interrupts always armed */
	rc = rte_eth_dev_rx_intr_enable(port, queue);
	if (rc == 0)
		rc = rte_eth_dev_rx_intr_disable(port, queue);
	if (rc != 0 && rc != -ENOTSUP) {
		snprintf(err, errlen,
			 "port %u queue %u: RX interrupt enable/disable failed: %s",
			 port, queue, rte_strerror(-rc));
		return rc;
	}
	return 0;
}

int
fwd_idle_register(const struct lcore_conf *qconf)
{
	unsigned int i;

	for (i = 0; i < qconf->n_rx_queue; i++) {
		const struct lcore_rx_queue *q = &qconf->rx_queue_list[i];
		int rc = rte_eth_dev_rx_intr_ctl_q(q->port_id, q->queue_id,
						   RTE_EPOLL_PER_THREAD,
						   RTE_INTR_EVENT_ADD,
						   queue_tag(q->port_id,
							     q->queue_id));

		if (rc != 0) {
			RTE_LOG(ERR, ROUTER,
				"lcore %u: port %u queue %u: RX interrupt not added to the epoll set: %s\n",
				rte_lcore_id(), q->port_id, q->queue_id,
				rte_strerror(-rc));
			return rc;
		}
	}
	return 0;
}

static void
queues_intr(const struct lcore_conf *qconf, bool on)
{
	unsigned int i;

	for (i = 0; i < qconf->n_rx_queue; i++) {
		const struct lcore_rx_queue *q = &qconf->rx_queue_list[i];

		if (on)
			rte_eth_dev_rx_intr_enable(q->port_id, q->queue_id);
		else
			rte_eth_dev_rx_intr_disable(q->port_id, q->queue_id);
	}
}

bool
fwd_idle_sleep(struct lcore_conf *qconf)
{
	struct rte_epoll_event ev[MAX_RX_QUEUE_PER_LCORE];
	uint64_t t0;
	int n;

	queues_intr(qconf, true);
	t0 = rte_rdtsc();
	n = rte_epoll_wait_interruptible(RTE_EPOLL_PER_THREAD, ev,
					 (int)qconf->n_rx_queue,
					 FWD_IDLE_WAIT_MS);
	stat_add(&qconf->stats.sleep_tsc, rte_rdtsc() - t0);
	stat_add(&qconf->stats.sleeps, 1);
	if (n > 0)
		stat_add(&qconf->stats.wakeups, 1);
	queues_intr(qconf, false);
	return n > 0;
}
