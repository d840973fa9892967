/* SPDX-License-Identifier: BSD-3-Clause */
/* The shared half of the model backends (socnic_model_port.h). */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include <rte_alarm.h>
#include <rte_errno.h>
#include <rte_malloc.h>

#include "model_traffic.h"
#include "socnic_log.h"
#include "socnic_model_harness.h"
#include "socnic_model_nc.h"
#include "socnic_model_port.h"

/* Frames per engine a stop's wait moves in one step. */
#define SOCNIC_MODEL_WAIT_STEP	64u
/* Period of the check for what the device lost without a word (us). */
#define SOCNIC_MODEL_CHECK_US	1000000u

static void port_ops_init(struct socnic_model_port *p);

/* Whether the family exports the speed drop counters the check reads. */
static bool
port_checks_speed(const struct socnic_model_port *p)
{
	return p->speed_off[0] < SOCNIC_MODEL_STATS_MAX &&
	       p->speed_off[1] < SOCNIC_MODEL_STATS_MAX;
}

/*
 * Frames the device dropped for a speed or duplex the MAC does not share
 * with its link partner: on the wire they are garbage, and the port shows
 * a link up and nothing else. One warning, at the first ones seen.
 */
static void
port_check_speed(struct socnic_model_port *p)
{
	uint64_t st[SOCNIC_MODEL_STATS_MAX / sizeof(uint64_t)], d[2];

	if (p->speed_warned || !port_checks_speed(p))
		return;
	p->dev_ops->harness->stats(p->dev, st);
	d[0] = st[p->speed_off[0] / sizeof(uint64_t)];
	d[1] = st[p->speed_off[1] / sizeof(uint64_t)];
	if (d[0] + d[1] == 0)
		return;
	p->speed_warned = true;
	SOCNIC_LOG(p->logtype, WARNING, "%s: %" PRIu64 " frame(s) received and %" PRIu64
		   " sent lost: the MAC's speed or duplex is not the link partner's, so frames are garbage on the wire (%s); xstats model_rx_dropped_speed, model_tx_dropped_speed",
		   p->name, d[0], d[1],
		   p->dev_ops->speed_hint != NULL ?
		   p->dev_ops->speed_hint : "");
}

/*
 * While the port runs (EAL alarm thread): the check, then again until it
 * warned. A stop cancels it (rte_eal_alarm_cancel() waits for a running
 * callback and takes what it set again).
 */
static void
port_check_alarm(void *arg)
{
	struct socnic_model_port *p = arg;

	port_check_speed(p);
	if (!p->speed_warned)
		rte_eal_alarm_set(SOCNIC_MODEL_CHECK_US, port_check_alarm, p);
}

static void
port_check_arm(struct socnic_model_port *p)
{
	if (p->check_armed || p->speed_warned || !port_checks_speed(p))
		return;
	p->check_armed = rte_eal_alarm_set(SOCNIC_MODEL_CHECK_US,
					   port_check_alarm, p) == 0;
}

static void
port_check_disarm(struct socnic_model_port *p)
{
	if (!p->check_armed)
		return;
	rte_eal_alarm_cancel(port_check_alarm, p);
	p->check_armed = false;
}

static int
port_dma_map(void *ctx)
{
	struct socnic_model_port *p = ctx;

	return socnic_dmawin_attach(&p->dmawin, p->dev, p->dev_ops->map,
				    p->dev_ops->unmap, p->name, p->logtype);
}

/* Inline mode: after each poll of the port, the device's step. */
static uint16_t
socnic_model_inline_step(uint16_t port_id __rte_unused,
			 uint16_t queue __rte_unused,
			 struct rte_mbuf *pkts[] __rte_unused, uint16_t nb_rx,
			 uint16_t max_pkts, void *arg)
{
	struct socnic_model_port *p = arg;

	p->dev_ops->step(p->dev, max_pkts != 0 ? max_pkts : 1);
	return nb_rx;
}

static int
port_inline_attach(struct socnic_model_port *p)
{
	uint16_t port_id;
	int ret;

	if (p->inline_cb != NULL)
		return 0;
	ret = rte_eth_dev_get_port_by_name(p->name, &port_id);
	if (ret == 0) {
		p->inline_cb = rte_eth_add_rx_callback(port_id, 0,
						       socnic_model_inline_step,
						       p);
		ret = p->inline_cb != NULL ? 0 : -rte_errno;
	}
	if (ret < 0) {
		SOCNIC_LOG(p->logtype, ERR,
			   "%s: model_step=inline: cannot add the RX callback that steps the model: %s (DPDK built without RTE_ETHDEV_RXTX_CALLBACKS?)",
			   p->name, strerror(-ret));
		return ret;
	}
	p->inline_port = port_id;
	return 0;
}

/* At a stop, when no poll runs (ethdev's rule): the callback goes. */
static void
port_inline_detach(struct socnic_model_port *p)
{
	if (p->inline_cb == NULL)
		return;
	if (rte_eth_remove_rx_callback(p->inline_port, 0, p->inline_cb) == 0)
		rte_free((void *)(uintptr_t)p->inline_cb);
	p->inline_cb = NULL;
}

static int
port_start(void *ctx)
{
	struct socnic_model_port *p = ctx;
	int ret;

	port_check_arm(p);
	if (p->inline_step)
		return port_inline_attach(p);
	if (p->running || p->step)
		return 0;
	ret = p->dev_ops->start(p->dev, p->cpu);
	if (ret < 0) {
		SOCNIC_LOG(p->logtype, ERR,
			   "%s: cannot start the model thread on CPU %d: %s",
			   p->name, p->cpu, strerror(-ret));
		return ret;
	}
	p->running = true;
	return 0;
}

static void
port_stop(void *ctx)
{
	struct socnic_model_port *p = ctx;

	if (p->running)
		p->dev_ops->stop(p->dev);
	p->running = false;
}

static uint64_t
counter(const uint64_t *c)
{
	return __atomic_load_n(c, __ATOMIC_RELAXED);
}

void
socnic_model_port_traffic_xstats(const struct socnic_model_port *p,
				 uint64_t v[SOCNIC_MODEL_TRAFFIC_NB_XSTATS])
{
	const struct model_traffic_src *src = p->src;

	v[0] = src != NULL ? counter(&src->snapped) : 0;
	v[1] = src != NULL ? counter(&src->truncated) : 0;
	v[2] = src != NULL ? counter(&src->bad) : 0;
	v[3] = p->sink != NULL ? counter(&p->sink->errors) : 0;
}

/*
 * The family's xstats in its table's order: the counters of its stats
 * struct, snapshot first, then the port's own (SOCNIC_MODEL_XSTAT_OWN()).
 */
static void
port_xstats_get(void *ctx, uint64_t *v)
{
	const struct socnic_model_port *p = ctx;
	const struct socnic_model_dev_ops *o = p->dev_ops;
	uint64_t st[SOCNIC_MODEL_STATS_MAX / sizeof(uint64_t)];
	uint64_t own[1 + SOCNIC_MODEL_TRAFFIC_NB_XSTATS];
	unsigned int i;
	uint32_t off;

	o->harness->stats(p->dev, st);
	own[0] = o->harness->rx_idle(p->dev) ? 0 : 1;
	socnic_model_port_traffic_xstats(p, &own[1]);
	for (i = 0; i < o->nb_xstats; i++) {
		off = o->xstats[i].off;
		v[i] = off < SOCNIC_MODEL_STATS_MAX ? st[off / sizeof(uint64_t)] :
		       own[SOCNIC_MODEL_XSTAT_OWN(0) - off];
	}
}

/* Where @p ops' xstat @p name is read from (SOCNIC_MODEL_XSTAT_OWN(0): none). */
static uint32_t
port_xstat_off(const struct socnic_model_dev_ops *ops, const char *name)
{
	unsigned int i;

	for (i = 0; i < ops->nb_xstats; i++)
		if (strcmp(ops->xstats[i].name, name) == 0)
			return ops->xstats[i].off;
	return SOCNIC_MODEL_XSTAT_OWN(0);
}

/* The sink's first failure, from the thread that met it (the model's). */
static void
port_sink_error(void *arg, const char *what)
{
	const struct socnic_model_port *p = arg;

	SOCNIC_LOG(p->logtype, ERR,
		   "%s: TX sink: %s: the frames it cannot write are lost (the device sent them) and counted in xstat model_tx_sink_errors",
		   p->name, what);
}

/* Up when every interface of the port's traffic is up and running. */
static bool
port_iface_up(const struct socnic_model_port *p)
{
	bool up = true;

	if (p->src != NULL && p->src->link != NULL)
		up = p->src->link(p->src) == 1;
	if (p->sink != NULL && p->sink->link != NULL)
		up = up && p->sink->link(p->sink) == 1;
	return up;
}

static void
port_link_follow(struct socnic_model_port *p)
{
	bool up = port_iface_up(p);

	if (up == p->link_up)
		return;
	p->link_up = up;
	SOCNIC_LOG(p->logtype, INFO, "%s: the interface went %s: link %s",
		   p->name, up ? "up" : "down (or lost its carrier)",
		   up ? "up" : "down");
	p->dev_ops->set_link(p->dev, up);
}

static void
port_link_poll(void *arg)
{
	struct socnic_model_port *p = arg;

	port_link_follow(p);
	if (rte_eal_alarm_set(SOCNIC_MODEL_LINK_POLL_US, port_link_poll, p) != 0)
		SOCNIC_LOG(p->logtype, ERR,
			   "%s: cannot re-arm the interface link poll: the link no longer follows the interface",
			   p->name);
}

void
socnic_model_port_set_traffic(struct socnic_model_port *p,
			      struct model_traffic_src *src,
			      struct model_traffic_sink *sink)
{
	p->src = src;
	p->sink = sink;
	if (sink != NULL) {
		sink->on_error = port_sink_error;
		sink->on_error_arg = p;
	}
	if (p->dev_ops->set_link == NULL ||
	    ((src == NULL || src->link == NULL) &&
	     (sink == NULL || sink->link == NULL)))
		return;
	/* The model's PHY starts with its cable in. */
	p->link_up = true;
	port_link_follow(p);
	p->link_watch = rte_eal_alarm_set(SOCNIC_MODEL_LINK_POLL_US,
					  port_link_poll, p) == 0;
	if (!p->link_watch)
		SOCNIC_LOG(p->logtype, ERR,
			   "%s: cannot poll the interface's state: the link stays %s",
			   p->name, p->link_up ? "up" : "down");
}

/*
 * At a stop, when the model no longer moves: the sink's frames out (a
 * capture complete up to the stop), then what the traffic lost since the
 * last stop.
 */
static void
port_stopped(void *ctx)
{
	struct socnic_model_port *p = ctx;
	uint64_t v[SOCNIC_MODEL_TRAFFIC_NB_XSTATS];

	port_inline_detach(p);
	port_check_disarm(p);
	port_check_speed(p);
	model_traffic_sink_flush(p->sink);
	socnic_model_port_traffic_xstats(p, v);
	if (v[0] + v[1] != p->src_reported) {
		p->src_reported = v[0] + v[1];
		SOCNIC_LOG(p->logtype, WARNING, "%s: the traffic source skipped %" PRIu64 " frame(s): %" PRIu64
			   " capture record(s) shorter than their frame (captured with a snap length: use tcpdump -s 0), %" PRIu64
			   " frame(s) longer than %u bytes (GRO/TSO on the interface: ethtool -K IF gro off tso off); xstats model_src_snapped, model_src_too_long",
			   p->name, v[0] + v[1], v[0], v[1], p->dev_ops->max_frame);
	}
	if (v[2] != p->bad_reported) {
		p->bad_reported = v[2];
		SOCNIC_LOG(p->logtype, WARNING,
			   "%s: the capture has %" PRIu64 " damaged record(s), skipped; the first: %s; xstat model_src_bad_records",
			   p->name, v[2], p->src->bad_what);
	}
	if (v[3] != p->sink_reported) {
		p->sink_reported = v[3];
		SOCNIC_LOG(p->logtype, WARNING,
			   "%s: the TX sink failed to write %" PRIu64 " frame(s) so far; xstat model_tx_sink_errors",
			   p->name, v[3]);
	}
}

/*
 * While the driver waits for the device at a stop (TX DMA finishing what
 * it owns): a model moved only by the polls has no poll to move it then.
 */
static void
port_wait_poll(void *ctx)
{
	struct socnic_model_port *p = ctx;

	if (p->inline_step)
		p->dev_ops->step(p->dev, SOCNIC_MODEL_WAIT_STEP);
}

/* The port of the model @p dev, made (socnic_model_port_create()). */
static void
port_init(struct socnic_model_port *p, const char *name, int logtype,
	  const struct socnic_model_args *ma, void *dev,
	  const struct socnic_model_dev_ops *ops,
	  struct model_traffic_src *src, struct model_traffic_sink *sink)
{
	unsigned int i;

	snprintf(p->name, sizeof(p->name), "%s", name);
	p->logtype = logtype;
	p->cpu = ma->cpu;
	p->step = ma->step;
	p->inline_step = ma->inline_step;
	p->dev = dev;
	p->dev_ops = ops;
	for (i = 0; i < ops->nb_xstats; i++)
		p->xstat_names[i] = ops->xstats[i].name;
	p->speed_off[0] = port_xstat_off(ops, "model_rx_dropped_speed");
	p->speed_off[1] = port_xstat_off(ops, "model_tx_dropped_speed");
	port_ops_init(p);
	socnic_model_port_set_traffic(p, src, sink);
}

void *
socnic_model_port_create(struct socnic_model_port *p, const char *name,
			 int logtype, const struct socnic_model_args *ma,
			 const struct socnic_model_dev_ops *ops,
			 const void *params, bool nc,
			 struct model_traffic_src *src,
			 struct model_traffic_sink *sink)
{
	void *dev;

	/* One DRAM with every other family's models. */
	p->nc = nc;
	if (nc && socnic_model_nc_join(name, logtype) < 0) {
		model_traffic_destroy(src, sink);
		return NULL;
	}
	dev = ops->create(params);
	if (dev == NULL) {
		SOCNIC_LOG(logtype, ERR, "%s: cannot create the %s model: %s",
			   name, ops->family, strerror(errno));
		/* The model owns its traffic only once created. */
		model_traffic_destroy(src, sink);
		if (nc)
			socnic_model_nc_leave();
		return NULL;
	}
	port_init(p, name, logtype, ma, dev, ops, src, sink);
	return dev;
}

/*
 * A copy of a model's event fd @p fd (close-on-exec) for the caller to
 * own, or a negative errno (@p fd's own when negative).
 */
static int
port_dup_fd(int fd)
{
	if (fd < 0)
		return fd;
	fd = fcntl(fd, F_DUPFD_CLOEXEC, 0);
	return fd < 0 ? -errno : fd;
}

static int
port_irq_fd(void *ctx, unsigned int q)
{
	struct socnic_model_port *p = ctx;

	return port_dup_fd(p->dev_ops->irq_fd(p->dev, q));
}

static int
port_irq_misc_fd(void *ctx)
{
	struct socnic_model_port *p = ctx;

	return port_dup_fd(p->dev_ops->irq_misc_fd(p->dev));
}

static uint64_t
port_regs_phys(void *ctx)
{
	struct socnic_model_port *p = ctx;

	return p->dev_ops->regs_phys(p->dev);
}

/*
 * No more following DPDK memory, no thread, then the model; the context
 * (zeroed, rte_malloc()ed, starting with the port) last.
 */
static void
port_destroy(void *ctx)
{
	struct socnic_model_port *p = ctx;

	port_check_disarm(p);
	if (p->link_watch)
		rte_eal_alarm_cancel(port_link_poll, p);
	p->link_watch = false;
	socnic_dmawin_detach(&p->dmawin);
	port_stop(p);
	p->dev_ops->destroy(p->dev);
	if (p->nc)
		socnic_model_nc_leave();
	rte_free(ctx);
}

/*
 * The ops every model backend shares: dma_map, start, stop, port_stopped,
 * wait_poll, the xstats of the family's table, and through the port's
 * dev_ops the event fd interrupts, regs_phys and destroy (the port's
 * fini, the model's destroy, the non-coherent DRAM left, the context
 * freed).
 */
static void
port_ops_init(struct socnic_model_port *p)
{
	struct socnic_backend_ops *ops = &p->ops;

	memset(ops, 0, sizeof(*ops));
	ops->name = "model";
	ops->dma_map = port_dma_map;
	ops->start = port_start;
	ops->stop = port_stop;
	ops->port_stopped = port_stopped;
	ops->wait_poll = port_wait_poll;
	ops->destroy = port_destroy;
	ops->irq_kind = SOCNIC_IRQ_EVENTFD;
	ops->irq_fd = port_irq_fd;
	ops->irq_misc_fd = port_irq_misc_fd;
	ops->regs_phys = port_regs_phys;
	ops->nb_xstats = p->dev_ops->nb_xstats;
	ops->xstat_names = p->xstat_names;
	ops->xstats_get = port_xstats_get;
}
