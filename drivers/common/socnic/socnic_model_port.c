/* SPDX-License-Identifier: BSD-3-Clause */
/* The shared half of the model backends (socnic_model_port.h). */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <string.h>

#include <rte_alarm.h>
#include <rte_errno.h>
#include <rte_malloc.h>

#include "model_traffic.h"
#include "socnic_log.h"
#include "socnic_model_port.h"

/* Frames per engine a stop's wait moves in one step. */
#define SOCNIC_MODEL_WAIT_STEP	64u
/* Period of the check for what the device lost without a word (us). */
#define SOCNIC_MODEL_CHECK_US	1000000u

/*
 * Frames the device dropped for a speed or duplex the MAC does not share
 * with its link partner: on the wire they are garbage, and the port shows
 * a link up and nothing else. One warning, at the first ones seen.
 */
static void
port_check_speed(struct socnic_model_port *p)
{
	uint64_t d[2] = { 0, 0 };

	if (p->speed_warned || p->dev_speed_drops == NULL)
		return;
	p->dev_speed_drops(p->dev, d);
	if (d[0] + d[1] == 0)
		return;
	p->speed_warned = true;
	SOCNIC_LOG(p->logtype, WARNING, "%s: %" PRIu64 " frame(s) received and %" PRIu64
		   " sent lost: the MAC's speed or duplex is not the link partner's, so frames are garbage on the wire (%s); xstats model_rx_dropped_speed, model_tx_dropped_speed",
		   p->name, d[0], d[1],
		   p->speed_hint != NULL ? p->speed_hint : "");
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
	if (p->check_armed || p->speed_warned || p->dev_speed_drops == NULL)
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

	return socnic_dmawin_attach(&p->dmawin, p->dev, p->map, p->unmap,
				    p->name, p->logtype);
}

/* Inline mode: after each poll of the port, the device's step. */
static uint16_t
socnic_model_inline_step(uint16_t port_id __rte_unused,
			 uint16_t queue __rte_unused,
			 struct rte_mbuf *pkts[] __rte_unused, uint16_t nb_rx,
			 uint16_t max_pkts, void *arg)
{
	struct socnic_model_port *p = arg;

	p->dev_step(p->dev, max_pkts != 0 ? max_pkts : 1);
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
	ret = p->dev_start(p->dev, p->cpu);
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
		p->dev_stop(p->dev);
	p->running = false;
}

void
socnic_model_port_src_counts(const struct socnic_model_port *p,
			     uint64_t *snapped, uint64_t *too_long)
{
	*snapped = p->src != NULL ?
		__atomic_load_n(&p->src->snapped, __ATOMIC_RELAXED) : 0;
	*too_long = p->src != NULL ?
		__atomic_load_n(&p->src->truncated, __ATOMIC_RELAXED) : 0;
}

/* At a stop after new ones: the frames the traffic source skipped. */
static void
port_stopped(void *ctx)
{
	struct socnic_model_port *p = ctx;
	uint64_t snapped, too_long;

	port_inline_detach(p);
	port_check_disarm(p);
	port_check_speed(p);
	socnic_model_port_src_counts(p, &snapped, &too_long);
	if (snapped + too_long == p->src_reported)
		return;
	p->src_reported = snapped + too_long;
	SOCNIC_LOG(p->logtype, WARNING, "%s: the traffic source skipped %" PRIu64 " frame(s): %" PRIu64
		   " capture record(s) shorter than their frame (captured with a snap length: use tcpdump -s 0), %" PRIu64
		   " frame(s) longer than %u bytes (GRO/TSO on the interface: ethtool -K IF gro off tso off); xstats model_src_snapped, model_src_too_long",
		   p->name, snapped + too_long, snapped, too_long,
		   p->max_frame);
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
		p->dev_step(p->dev, SOCNIC_MODEL_WAIT_STEP);
}

void
socnic_model_port_ops_init(struct socnic_backend_ops *ops)
{
	memset(ops, 0, sizeof(*ops));
	ops->name = "model";
	ops->dma_map = port_dma_map;
	ops->start = port_start;
	ops->stop = port_stop;
	ops->port_stopped = port_stopped;
	ops->wait_poll = port_wait_poll;
}

void
socnic_model_port_fini(struct socnic_model_port *p)
{
	port_check_disarm(p);
	socnic_dmawin_detach(&p->dmawin);
	port_stop(p);
}

int
socnic_model_port_dup_fd(int fd)
{
	if (fd < 0)
		return fd;
	fd = fcntl(fd, F_DUPFD_CLOEXEC, 0);
	return fd < 0 ? -errno : fd;
}
