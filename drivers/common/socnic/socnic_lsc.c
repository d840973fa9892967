/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Link status change interrupts, the NIC-neutral half (socnic_lsc.h).
 *
 * The handler's order: take the wake-up (EAL reads a UIO device's count
 * itself, a model's eventfd is drained here), acknowledge the cause, then
 * read the link. A change after the acknowledgement raises the line
 * again, so none is lost between the read and the next interrupt. The
 * UIO line is unmasked before the application's callbacks run, and
 * nothing of the port is touched after them: they may stop or close it.
 */
#include <errno.h>
#include <string.h>
#include <sys/epoll.h>
#include <unistd.h>

#include <rte_alarm.h>
#include <rte_interrupts.h>

#include "socnic_intr.h"
#include "socnic_log.h"
#include "socnic_lsc.h"
#include "socnic_port.h"

/*
 * Whether EAL's interrupt thread can wait on the line: a UIO device node
 * that is not the kernel's (a regular file, as socrx-devmodel serves)
 * cannot be polled, and EAL's thread panics on an fd epoll refuses.
 */
static bool
socnic_lsc_line_pollable(const struct socnic_backend *be)
{
	struct epoll_event ev = { .events = EPOLLIN };
	int fd = be->ops->irq_misc_fd(be->ctx);
	int ep = epoll_create1(EPOLL_CLOEXEC);
	bool ok = fd >= 0 && ep >= 0 &&
		  epoll_ctl(ep, EPOLL_CTL_ADD, fd, &ev) == 0;

	if (ep >= 0)
		close(ep);
	if (fd >= 0)
		close(fd);
	return ok;
}

void
socnic_lsc_probe(struct rte_eth_dev *dev, const struct socnic_backend *be,
		 bool device_has, int logtype)
{
	if (!device_has || be->ops->irq_misc_fd == NULL ||
	    be->ops->irq_kind == SOCNIC_IRQ_NONE)
		return;
	if (!socnic_lsc_line_pollable(be)) {
		SOCNIC_LOG(logtype, NOTICE, "%s: the %s backend's interrupt cannot be waited on (epoll): no link status interrupts",
			   dev->data->name, be->ops->name);
		return;
	}
	dev->data->dev_flags |= RTE_ETH_DEV_INTR_LSC;
	socnic_port(dev)->lsc_irq = true;
}

int
socnic_lsc_configure_check(const struct rte_eth_dev *dev,
			   const struct socnic_backend *be, int logtype)
{
	const struct rte_intr_conf *ic = &dev->data->dev_conf.intr_conf;

	if (ic->lsc && ic->rxq && be->ops->irq_kind == SOCNIC_IRQ_UIO) {
		SOCNIC_LOG(logtype, ERR, "port %u: intr_conf.rxq and intr_conf.lsc together on a UIO port: the controller has one interrupt line, one UIO fd, which cannot wake both the RX queue's waiter and EAL's interrupt thread; keep intr_conf.rxq and poll the link (rte_eth_link_get_nowait()), or keep intr_conf.lsc and poll the queue",
			   dev->data->port_id);
		return -EINVAL;
	}
	return 0;
}

/* The link read again through the port's link_update: whether it changed. */
static bool
socnic_lsc_refresh(struct rte_eth_dev *dev)
{
	struct rte_eth_link before, after;

	rte_eth_linkstatus_get(dev, &before);
	dev->dev_ops->link_update(dev, 0);
	rte_eth_linkstatus_get(dev, &after);
	return memcmp(&before, &after, sizeof(before)) != 0;
}

static void
socnic_lsc_handler(void *arg)
{
	struct socnic_lsc *l = arg;
	struct rte_eth_dev *dev = l->dev;
	uint64_t count;
	bool changed;

	if (l->be->ops->irq_kind == SOCNIC_IRQ_EVENTFD &&
	    read(l->fd, &count, sizeof(count)) < 0 && errno != EAGAIN)
		SOCNIC_LOG(l->logtype, WARNING, "port %u: link interrupt fd: %s",
			   dev->data->port_id, strerror(errno));
	l->ack(dev);
	changed = socnic_lsc_refresh(dev);
	socnic_intr_rearm(l->be);
	if (changed)
		rte_eth_dev_callback_process(dev, RTE_ETH_EVENT_INTR_LSC, NULL);
}

int
socnic_lsc_start(struct socnic_lsc *l, struct rte_eth_dev *dev,
		 const struct socnic_backend *be, socnic_lsc_ack_t ack,
		 int logtype)
{
	const struct socnic_backend_ops *ops = be->ops;
	int fd, ret;

	if (!dev->data->dev_conf.intr_conf.lsc || l->h != NULL)
		return 0;
	fd = ops->irq_misc_fd != NULL ? ops->irq_misc_fd(be->ctx) : -ENOTSUP;
	if (fd < 0) {
		SOCNIC_LOG(logtype, ERR, "port %u: intr_conf.lsc: no interrupt fd for the link: %s",
			   dev->data->port_id, strerror(-fd));
		return fd;
	}
	l->h = rte_intr_instance_alloc(RTE_INTR_INSTANCE_F_PRIVATE);
	if (l->h == NULL) {
		close(fd);
		return -ENOMEM;
	}
	*l = (struct socnic_lsc){ .h = l->h, .fd = fd, .dev = dev, .be = be,
				  .ack = ack, .logtype = logtype };
	/*
	 * An eventfd still holding a rise of an earlier run wakes the
	 * handler once, which finds no change and reports nothing.
	 */
	ret = rte_intr_type_set(l->h, ops->irq_kind == SOCNIC_IRQ_UIO ?
				RTE_INTR_HANDLE_UIO : RTE_INTR_HANDLE_EXT);
	if (ret == 0)
		ret = rte_intr_fd_set(l->h, fd);
	if (ret == 0)
		ret = rte_intr_callback_register(l->h, socnic_lsc_handler, l);
	if (ret != 0) {
		SOCNIC_LOG(logtype, ERR, "port %u: intr_conf.lsc: cannot register the link interrupt: %s",
			   dev->data->port_id, strerror(ret < 0 ? -ret : EINVAL));
		rte_intr_instance_free(l->h);
		l->h = NULL;
		close(fd);
		return ret < 0 ? ret : -EINVAL;
	}
	/* A UIO line masked by an earlier run's last interrupt. */
	socnic_intr_rearm(be);
	return 0;
}

/* EAL's last word on a callback removed while it ran: its fd. */
static void
socnic_lsc_fd_close(struct rte_intr_handle *h, void *arg)
{
	RTE_SET_USED(arg);
	close(rte_intr_fd_get(h));
}

void
socnic_lsc_stop(struct socnic_lsc *l)
{
	int ret;

	if (l->h == NULL)
		return;
	if (rte_thread_is_intr()) {
		/* -EAGAIN: this thread is inside the handler itself. */
		ret = rte_intr_callback_unregister(l->h, socnic_lsc_handler, l);
		if (ret == -EAGAIN &&
		    rte_intr_callback_unregister_pending(l->h, socnic_lsc_handler,
							 l, socnic_lsc_fd_close) > 0)
			l->fd = -1;
	} else {
		rte_intr_callback_unregister_sync(l->h, socnic_lsc_handler, l);
	}
	if (l->fd >= 0)
		close(l->fd);
	rte_intr_instance_free(l->h);
	l->h = NULL;
	l->fd = -1;
}

/*
 * The poll, in EAL's interrupt thread (alarms run there, as the interrupt
 * callback does: the two never overlap). Nothing of the port is touched
 * after the application's callbacks: they may stop or close it.
 */
static void
socnic_link_poll_alarm(void *arg)
{
	struct socnic_link_poll *lp = arg;
	struct rte_eth_dev *dev = lp->dev;

	if (!__atomic_load_n(&lp->on, __ATOMIC_ACQUIRE))
		return;
	if (rte_eal_alarm_set(lp->period_us, socnic_link_poll_alarm, lp) < 0) {
		__atomic_store_n(&lp->on, false, __ATOMIC_RELEASE);
		SOCNIC_LOG(lp->logtype, ERR, "port %u: cannot re-arm the link poll: the link is read only when the application asks",
			   dev->data->port_id);
	}
	if (socnic_lsc_refresh(dev) && dev->data->dev_conf.intr_conf.lsc)
		rte_eth_dev_callback_process(dev, RTE_ETH_EVENT_INTR_LSC, NULL);
}

void
socnic_link_poll_start(struct socnic_link_poll *lp, struct rte_eth_dev *dev,
		       uint64_t period_us, int logtype)
{
	*lp = (struct socnic_link_poll){ .dev = dev, .period_us = period_us,
					 .logtype = logtype, .on = true };
	if (rte_eal_alarm_set(period_us, socnic_link_poll_alarm, lp) < 0) {
		lp->on = false;
		SOCNIC_LOG(logtype, ERR, "port %u: no EAL alarm for the link poll: the link is read only when the application asks",
			   dev->data->port_id);
	}
}

void
socnic_link_poll_stop(struct socnic_link_poll *lp)
{
	__atomic_store_n(&lp->on, false, __ATOMIC_RELEASE);
	/* Waits for a callback running in another thread; takes its re-arm. */
	rte_eal_alarm_cancel(socnic_link_poll_alarm, lp);
}
