/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The neta model behind a port (neta_model_backend.h): devargs parsed into
 * the model's parameters, the model's counters as xstats; the DMA window
 * following DPDK's memory and the thread from the first start to close
 * are every model backend's (socnic_model_port.c).
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include <rte_common.h>
#include <rte_ethdev.h>
#include <rte_malloc.h>

#include "model_traffic.h"
#include "socnic_model_args.h"
#include "socnic_model_harness.h"
#include "socnic_model_nc.h"
#include "socnic_model_port.h"

#include "mvneta_hw.h"
#include "mvneta_smi.h"
#include "neta_model_backend.h"

struct neta_model_ctx {
	struct socnic_model_port port;	/* first: the shared ops take ctx */
	struct neta_model *m;
	bool mdio_map;			/* the SMI offered as the "mdio" map */
};

/* ---- Ops ---- */

static uint32_t
model_read32(void *ctx, uint32_t off)
{
	return neta_model_read32(((struct neta_model_ctx *)ctx)->m, off);
}

static void
model_write32(void *ctx, uint32_t off, uint32_t val)
{
	neta_model_write32(((struct neta_model_ctx *)ctx)->m, off, val);
}

/* The port's calls into the model: @p dev is the model. */
static int
dmawin_map(void *dev, void *va, uint64_t iova, size_t len)
{
	return neta_model_dma_map(dev, va, iova, len);
}

static int
dmawin_unmap(void *dev, uint64_t iova)
{
	return neta_model_dma_unmap(dev, iova);
}

static int
dev_start(void *dev, int cpu)
{
	return neta_model_start(dev, cpu);
}

static void
dev_stop(void *dev)
{
	neta_model_stop(dev);
}

static unsigned int
dev_step(void *dev, unsigned int budget)
{
	return neta_model_step(dev, budget);
}

static void
dev_set_link(void *dev, bool up)
{
	neta_model_set_link(dev, up);
}

/* Each queue's line; the port's misc line is the link's. */
static int
dev_irq_fd(void *dev, unsigned int q)
{
	return neta_model_irq_fd(dev, q);
}

static int
dev_irq_misc_fd(void *dev)
{
	return neta_model_misc_irq_fd(dev);
}

static uint64_t
dev_regs_phys(void *dev)
{
	return neta_model_regs_phys(dev);
}

static void
dev_destroy(void *dev)
{
	neta_model_destroy(dev);
}

static void
model_cache_op(void *ctx, const void *addr, uint32_t len, enum rxp_cache_op op)
{
	neta_model_cache_op(((struct neta_model_ctx *)ctx)->m, addr, len,
			    socnic_model_nc_op(op));
}

/* The overlays' "mdio" map: the SMI, one register (params.mdio map). */
static int
model_soc_map(void *arg, const char *name)
{
	struct neta_model_ctx *ctx = arg;

	return ctx->mdio_map && strcmp(name, MVNETA_SMI_MAP_NAME) == 0 ? 0 :
								       -ENOENT;
}

static uint32_t
model_soc_read32(void *arg, unsigned int map, uint32_t off)
{
	struct neta_model_ctx *ctx = arg;

	return map == 0 && off == 0 ? neta_model_smi_read32(ctx->m) : 0;
}

static void
model_soc_write32(void *arg, unsigned int map, uint32_t off, uint32_t val)
{
	struct neta_model_ctx *ctx = arg;

	if (map == 0 && off == 0)
		neta_model_smi_write32(ctx->m, val);
}

#define NETA_XSTAT(name, field)						\
	SOCNIC_MODEL_XSTAT(name, struct neta_model_stats, field)

/* The port's xstats, in their order (neta_model_backend.h). */
static const struct socnic_model_xstat neta_model_xstats[] = {
	NETA_XSTAT("model_violations", violations),
	NETA_XSTAT("model_viol_unwritten_read", viol_unwritten_read),
	SOCNIC_MODEL_XSTAT_RX_BUSY,
	NETA_XSTAT("model_rx_dropped_hung", rx_dropped_hung),
	NETA_XSTAT("model_nc_clobbers", nc.clobbers),
	NETA_XSTAT("model_nc_unclean_reads", nc.unclean_reads),
	SOCNIC_MODEL_TRAFFIC_XSTATS,
	NETA_XSTAT("model_rx_dropped_speed", rx_dropped_speed),
	NETA_XSTAT("model_tx_dropped_speed", tx_dropped_speed),
	NETA_XSTAT("model_viol_dma_window", viol_dma_window),
	NETA_XSTAT("model_viol_bad_config", viol_bad_config),
	NETA_XSTAT("model_tx_token_stalls", tx_token_stalls),
	NETA_XSTAT("model_rx_dropped_filter", rx_dropped_filter),
	NETA_XSTAT("model_watch_da_refused", watch_da_refused),
	NETA_XSTAT("model_rx_pause_frames", rx_pause_frames),
	NETA_XSTAT("model_tx_pause_frames", tx_pause_frames),
	NETA_XSTAT("model_rx_dropped_control", rx_dropped_control),
};

_Static_assert(RTE_DIM(neta_model_xstats) <= SOCNIC_BACKEND_MAX_XSTATS,
	       "raise SOCNIC_BACKEND_MAX_XSTATS");
_Static_assert(sizeof(struct neta_model_stats) <= SOCNIC_MODEL_STATS_MAX,
	       "raise SOCNIC_MODEL_STATS_MAX");

/* ---- The harness's calls (socnic_model_harness.h) ---- */

static void
dev_stats(void *dev, void *st)
{
	neta_model_get_stats(dev, st);
}

static bool
dev_rx_idle(void *dev)
{
	return neta_model_rx_idle(dev);
}

static const char *
dev_last_violation(void *dev)
{
	return neta_model_last_violation(dev);
}

static uint32_t
dev_peek32(void *dev, uint32_t off)
{
	return neta_model_peek32(dev, off);
}

static int
dev_set_partner(void *dev, unsigned int speed, bool full)
{
	return neta_model_set_partner(dev, speed, full);
}

/* One RX engine takes the faults of every queue: @p q is not used. */
static int
dev_set_faults(void *dev, unsigned int q __rte_unused, const void *f)
{
	return neta_model_set_faults(dev, f);
}

static int
dev_get_faults(void *dev, unsigned int q __rte_unused, void *f)
{
	return neta_model_get_faults(dev, f);
}

static const struct socnic_model_harness_ops neta_model_harness_ops = {
	.stats = dev_stats,
	.rx_idle = dev_rx_idle,
	.last_violation = dev_last_violation,
	.peek32 = dev_peek32,
	.reg_window = NETA_MODEL_REG_WINDOW,
	.set_partner = dev_set_partner,
	.set_faults = dev_set_faults,
	.get_faults = dev_get_faults,
	.nb_fault_queues = MVNETA_MAX_RXQ,
};

/* ---- Construction ---- */

static void *
dev_create(const void *params)
{
	return neta_model_create(params);
}

static const struct socnic_model_dev_ops neta_model_dev_ops = {
	.start = dev_start,
	.stop = dev_stop,
	.step = dev_step,
	.set_link = dev_set_link,
	.map = dmawin_map,
	.unmap = dmawin_unmap,
	.xstats = neta_model_xstats,
	.nb_xstats = RTE_DIM(neta_model_xstats),
	.max_frame = NETA_MODEL_MAX_FRAME,
	.speed_hint = "MVNETA_GMAC_AUTONEG_CONFIG must give the partner's mode: model_phy_speed=, model_phy_duplex=, 1000 full by default",
	.irq_fd = dev_irq_fd,
	.irq_misc_fd = dev_irq_misc_fd,
	.regs_phys = dev_regs_phys,
	.family = "neta",
	.create = dev_create,
	.destroy = dev_destroy,
	.harness = &neta_model_harness_ops,
};

int
neta_model_backend_create(struct socnic_backend *be, const char *name,
			  const char *args,
			  const struct neta_model_args_conf *conf)
{
	struct neta_model_args *ma;
	struct neta_model_ctx *ctx;
	int ret = -EINVAL;

	if (be == NULL || name == NULL || conf == NULL || conf->mac == NULL)
		return -EINVAL;
	ctx = rte_zmalloc("neta_model", sizeof(*ctx), 0);
	ma = rte_zmalloc("neta_model_args", sizeof(*ma), 0);
	if (ctx == NULL || ma == NULL) {
		ret = -ENOMEM;
		goto err;
	}
	if (neta_model_args_parse(name, args, conf, ma) < 0 ||
	    neta_model_args_fill(ma, name, conf) < 0)
		goto err;
	ctx->m = socnic_model_port_create(&ctx->port, name, conf->logtype,
					  &ma->common, &neta_model_dev_ops,
					  &ma->p, ma->p.nc_emulation,
					  ma->p.rx_src, ma->p.tx_sink);
	if (ctx->m == NULL)
		goto err;
	ctx->port.ops.read32 = model_read32;
	ctx->port.ops.write32 = model_write32;
	ctx->mdio_map = ma->p.mdio == NETA_MODEL_MDIO_MAP;
	ctx->port.ops.soc_map = model_soc_map;
	ctx->port.ops.soc_read32 = model_soc_read32;
	ctx->port.ops.soc_write32 = model_soc_write32;
	/* The hook only where it does something: NULL costs one branch. */
	if (ma->p.nc_emulation)
		ctx->port.ops.cache_op = model_cache_op;
	socnic_model_port_backend(be, &ctx->port, &ma->common);
	rte_free(ma);
	return 0;

err:
	rte_free(ma);
	rte_free(ctx);
	return ret;
}

struct neta_model *
neta_model_backend_model(const struct socnic_backend *be)
{
	if (be == NULL || be->ops == NULL || be->kind != SOCNIC_BACKEND_MODEL ||
	    be->ops->read32 != model_read32)
		return NULL;
	return ((struct neta_model_ctx *)be->ctx)->m;
}
