/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * What every family's model backend keeps beside its device model: the
 * port's name and logtype, the model thread's CPU and state, the traffic
 * source (its skipped-frame counts) and the DMA window following DPDK's
 * memory. A backend's context starts with a struct socnic_model_port, so
 * that the port's ops take the backend's context as it is (the port's
 * ops, the xstats among them, read from the family's table); the backend
 * adds the register accesses and hooks of its model.
 */
#ifndef SOCNIC_MODEL_PORT_H
#define SOCNIC_MODEL_PORT_H

#include <errno.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <rte_ethdev.h>

#include "socnic_backend.h"
#include "socnic_model_args.h"
#include "socnic_model_dmawin.h"
#include "socnic_port.h"

struct model_traffic_src;
struct model_traffic_sink;
struct socnic_model_harness_ops;

/*
 * One of a model backend's xstats, in the family's table (struct
 * socnic_model_dev_ops' xstats), which the port reads in the table's
 * order: a 64-bit counter of the family's stats struct (its harness's
 * stats()) at byte offset off, or one the port reads itself
 * (SOCNIC_MODEL_XSTAT_RX_BUSY, SOCNIC_MODEL_TRAFFIC_XSTATS).
 */
struct socnic_model_xstat {
	const char *name;
	uint32_t off;
};

/* Counter @p field of the family's stats struct @p T, as xstat @p name. */
#define SOCNIC_MODEL_XSTAT(name, T, field)	{ (name), offsetof(T, field) }
/* The offsets of the port's own, above any stats struct's. */
#define SOCNIC_MODEL_XSTAT_OWN(i)	(UINT32_MAX - (uint32_t)(i))
/* 1 while the traffic source has frames to give (the router's idle exit). */
#define SOCNIC_MODEL_XSTAT_RX_BUSY					\
	{ "model_rx_busy", SOCNIC_MODEL_XSTAT_OWN(0) }
/* The largest family stats struct the port reads (64-bit counters only). */
#define SOCNIC_MODEL_STATS_MAX	2048u

/*
 * A family's model as its port drives it, a static table of the family's
 * backend; every call takes the port's dev.
 */
struct socnic_model_dev_ops {
	int (*start)(void *dev, int cpu);	/* its thread: 0 or -errno */
	void (*stop)(void *dev);
	/* One step of every engine, up to @p budget frames each. */
	unsigned int (*step)(void *dev, unsigned int budget);
	/* The cable: the link the PHY sees (a Linux interface's state). */
	void (*set_link)(void *dev, bool up);
	socnic_dmawin_map_t map;	/* its DMA window */
	socnic_dmawin_unmap_t unmap;
	/*
	 * The port's xstats (socnic_backend_ops' xstats), at most
	 * SOCNIC_BACKEND_MAX_XSTATS. Where they include
	 * model_rx_dropped_speed and model_tx_dropped_speed, the frames the
	 * device dropped because the MAC's speed or duplex is not the link
	 * partner's, the first ones seen get one warning (checked every
	 * second while the port runs and at each stop), naming speed_hint.
	 */
	const struct socnic_model_xstat *xstats;
	unsigned int nb_xstats;
	const char *speed_hint;
	unsigned int max_frame;		/* the model's largest frame */
	/*
	 * The model's interrupt lines as event fds, which the port hands
	 * the driver duplicated: queue (or DMA channel) @p q's, the link's.
	 */
	int (*irq_fd)(void *dev, unsigned int q);
	int (*irq_misc_fd)(void *dev);
	uint64_t (*regs_phys)(void *dev);	/* its register window's address */
	const char *family;		/* the model's name, for the log */
	/* The model from its parameters; it takes over their traffic. */
	void *(*create)(const void *params);
	void (*destroy)(void *dev);	/* the model, with its traffic */
	/* The harness's calls (socnic_model_harness.h). */
	const struct socnic_model_harness_ops *harness;
};

struct socnic_model_port {
	char name[RTE_ETH_NAME_MAX_LEN];
	int logtype;
	int cpu;			/* of the model's thread, -1: unpinned */
	bool step;			/* no thread: rte_pmd_*_model_step() */
	bool inline_step;		/* no thread: each RX poll steps it */
	bool running;
	/* Its model emulates the non-coherent interconnect (joined, socnic_model_nc.h). */
	bool nc;
	void *dev;			/* what dev_ops' calls take */
	const struct socnic_model_dev_ops *dev_ops;
	/* Inline mode: the RX callback that steps the model, while started. */
	const struct rte_eth_rxtx_callback *inline_cb;
	uint16_t inline_port;
	struct model_traffic_src *src;	/* owned by the model; may be NULL */
	struct model_traffic_sink *sink;	/* likewise */
	uint64_t src_reported;		/* skipped frames already warned of */
	uint64_t bad_reported;		/* bad capture records, likewise */
	uint64_t sink_reported;		/* frames the sink lost, likewise */
	bool link_watch;		/* an interface's state is followed */
	bool link_up;			/* as last seen */
	bool speed_warned;
	/*
	 * The speed drop xstats' offsets in the family's stats struct
	 * (SOCNIC_MODEL_STATS_MAX or above: not counters of it, no check).
	 */
	uint32_t speed_off[2];
	const char *xstat_names[SOCNIC_BACKEND_MAX_XSTATS];
	bool check_armed;		/* the periodic check's alarm was set */
	struct socnic_dmawin dmawin;
	/*
	 * The backend's ops: every model port's (dma_map, start, stop,
	 * port_stopped, wait_poll, the xstats of dev_ops' table, and
	 * through dev_ops the event fd interrupts, regs_phys and destroy:
	 * the port's fini, the model's destroy, the non-coherent DRAM
	 * left, the context freed), set by socnic_model_port_create(); the
	 * family adds its model's register accesses and hooks.
	 */
	struct socnic_backend_ops ops;
};

/*
 * A backend's family model and its port @p p, named @p name, logging on
 * @p logtype. With @p nc, this copy of the model library first joins the
 * process's non-coherent DRAM (socnic_model_nc.h, p->nc set); then
 * @p ops' create(@p params) makes the model, which takes over the traffic
 * @p src and @p sink; then the port: its thread and step mode from the
 * model keys every family takes (@p ma), its traffic followed
 * (socnic_model_port_set_traffic()), its ops (p->ops) set. The model (the
 * dev @p ops' calls take), or NULL with the traffic destroyed, the DRAM
 * left and the failure logged. The rest of @p p is zero (the backend's
 * context is zeroed).
 */
void *socnic_model_port_create(struct socnic_model_port *p, const char *name,
			       int logtype, const struct socnic_model_args *ma,
			       const struct socnic_model_dev_ops *ops,
			       const void *params, bool nc,
			       struct model_traffic_src *src,
			       struct model_traffic_sink *sink);

/*
 * @p be driven by a model backend: its context, which starts with its
 * port @p p, and the port's ops; promiscuous unless the traffic is the
 * generator's.
 */
static inline void
socnic_model_port_backend(struct socnic_backend *be,
			  struct socnic_model_port *p,
			  const struct socnic_model_args *ma)
{
	be->ops = &p->ops;
	be->ctx = p;
	be->kind = SOCNIC_BACKEND_MODEL;
	be->promiscuous = socnic_model_args_promiscuous(ma);
}

/*
 * Inline mode (model_step=inline), a benchmark rig, not a way to run a
 * port in production: no model thread; from each start to the next stop
 * an ethdev RX callback on queue 0 (rte_eth_add_rx_callback()) runs one
 * step of every engine of the model, up to the poll's burst size of
 * frames each, after each rte_eth_rx_burst() on the port. The device then
 * costs the polling core what the model costs per frame, the same for
 * every application, and an application forwarding on one core runs
 * flat out (docs/perf/router.md). The driver's burst functions are the
 * production ones, untouched; the callback is the backend's, like the
 * model thread.
 */

/*
 * Whether the model behind @p be (a model backend: its context starts
 * with the port) runs in step mode (model_step=1): no thread; the
 * device moves only when the harness steps it.
 */
static inline bool
socnic_model_port_stepped(const struct socnic_backend *be)
{
	return be->kind == SOCNIC_BACKEND_MODEL && be->ctx != NULL &&
	       ((const struct socnic_model_port *)be->ctx)->step;
}

/*
 * The checks of a PMD's rte_pmd_<pmd>_model_step(): 0, -EBUSY for a
 * model with its thread, -EINVAL for a budget of 0 or above @p max.
 */
static inline int
socnic_model_port_step_check(const struct socnic_backend *be,
			     unsigned int budget, unsigned int max)
{
	if (!socnic_model_port_stepped(be))
		return -EBUSY;
	return budget == 0 || budget > max ? -EINVAL : 0;
}

/*
 * The harness side of a PMD (rte_pmd_<pmd>_model_*()): the model port of
 * the ethdev port whose adapter's struct socnic_port is @p port (NULL: a
 * port of another PMD). 0 and *@p mp, -ENODEV, or -ENOTSUP for a port
 * driving hardware (uio=).
 */
static inline int
socnic_model_port_of(const struct socnic_port *port,
		     struct socnic_model_port **mp)
{
	if (port == NULL || port->be.ops == NULL)
		return -ENODEV;
	if (port->be.kind != SOCNIC_BACKEND_MODEL)
		return -ENOTSUP;
	*mp = port->be.ctx;
	return 0;
}

/*
 * socnic_model_port_of() for a call that answers in *@p out: its errors,
 * then -EINVAL for a NULL @p out.
 */
static inline int
socnic_model_port_of_out(const struct socnic_port *port, const void *out,
			 struct socnic_model_port **mp)
{
	int ret = socnic_model_port_of(port, mp);

	return ret == 0 && out == NULL ? -EINVAL : ret;
}

/* rte_pmd_<pmd>_model_set_link(): the cable pulled (@p up 0) or plugged. */
static inline int
socnic_model_port_link_set(const struct socnic_port *port, int up)
{
	struct socnic_model_port *mp;
	int ret = socnic_model_port_of(port, &mp);

	if (ret == 0)
		mp->dev_ops->set_link(mp->dev, up != 0);
	return ret;
}

/*
 * rte_pmd_<pmd>_model_step(): the frames the model's engines moved, or
 * the errors above and socnic_model_port_step_check()'s.
 */
static inline int
socnic_model_port_step_run(const struct socnic_port *port,
			   unsigned int budget, unsigned int max)
{
	struct socnic_model_port *mp;
	int ret = socnic_model_port_of(port, &mp);

	if (ret == 0)
		ret = socnic_model_port_step_check(&port->be, budget, max);
	return ret < 0 ? ret : (int)mp->dev_ops->step(mp->dev, budget);
}


/*
 * The model's traffic, owned by the model: the port reads its counters
 * and reports the sink's first failure in the port's log. Where the
 * traffic is a Linux interface (iface=, rx_iface=, tx_iface=), the link
 * of the model's PHY follows the interface's operational state from now
 * to the port's close, polled (SOCNIC_MODEL_LINK_POLL_US) in EAL's
 * interrupt thread: a change is a cable pulled or plugged, which raises
 * the link status change interrupt. Call it once dev and dev_ops
 * are set.
 */
void socnic_model_port_set_traffic(struct socnic_model_port *p,
				   struct model_traffic_src *src,
				   struct model_traffic_sink *sink);

/*
 * The xstats of the traffic every model backend exports, among its own
 * (socnic_model_port_traffic_xstats() fills them in this order): the
 * source's frames skipped (records snapped short, frames too long,
 * damaged capture records) and the frames the sink failed to write.
 */
#define SOCNIC_MODEL_TRAFFIC_XSTATS					\
	{ "model_src_snapped", SOCNIC_MODEL_XSTAT_OWN(1) },		\
	{ "model_src_too_long", SOCNIC_MODEL_XSTAT_OWN(2) },		\
	{ "model_src_bad_records", SOCNIC_MODEL_XSTAT_OWN(3) },	\
	{ "model_tx_sink_errors", SOCNIC_MODEL_XSTAT_OWN(4) }
#define SOCNIC_MODEL_TRAFFIC_NB_XSTATS 4

/* How often an interface's state is read (an EAL alarm). */
#define SOCNIC_MODEL_LINK_POLL_US 100000

void socnic_model_port_traffic_xstats(const struct socnic_model_port *p,
				      uint64_t v[SOCNIC_MODEL_TRAFFIC_NB_XSTATS]);

#endif /* SOCNIC_MODEL_PORT_H */
