/* SPDX-License-Identifier: BSD-3-Clause */
/* The shared half of the model backends (socnic_model_port.h). */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <string.h>

#include "model_traffic.h"
#include "socnic_log.h"
#include "socnic_model_port.h"

static int
port_dma_map(void *ctx)
{
	struct socnic_model_port *p = ctx;

	return socnic_dmawin_attach(&p->dmawin, p->dev, p->map, p->unmap,
				    p->name, p->logtype);
}

static int
port_start(void *ctx)
{
	struct socnic_model_port *p = ctx;
	int ret;

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

void
socnic_model_port_ops_init(struct socnic_backend_ops *ops)
{
	memset(ops, 0, sizeof(*ops));
	ops->name = "model";
	ops->dma_map = port_dma_map;
	ops->start = port_start;
	ops->stop = port_stop;
	ops->port_stopped = port_stopped;
}

void
socnic_model_port_fini(struct socnic_model_port *p)
{
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
