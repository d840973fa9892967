/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Model backend: the software dwmac4 of model/ as the device behind a
 * port. It parses the model's devargs and builds the model and its
 * traffic from them (stmmac_model_params.c); what every family's model
 * backend does (the DMA window following DPDK's memory, the model thread
 * from the first device start to close, the skipped-frame warning) is
 * socnic_model_port.c's. The driver reaches the model only through
 * read32/write32 and DMA; the harness-side reporting
 * (rte_pmd_stmmac_uio.h) lives here too. No other file of the driver
 * includes a model header.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include <rte_malloc.h>
#include <rte_memory.h>

#include "socnic_backend.h"
#include "socnic_model_harness.h"
#include "socnic_model_nc.h"
#include "socnic_model_port.h"

#include "dwmac4_model.h"
#include "model_traffic.h"
#include "rte_pmd_stmmac_uio.h"
#include "stmmac_devargs.h"
#include "stmmac_ethdev.h"
#include "stmmac_logs.h"
#include "stmmac_model_params.h"

struct stmmac_model_ctx {
	struct socnic_model_port port;	/* first: the shared ops take ctx */
	struct dwmac4_model *m;
};

static uint32_t
model_read32(void *ctx, uint32_t off)
{
	return dwmac4_model_read32(((struct stmmac_model_ctx *)ctx)->m, off);
}

static void
model_write32(void *ctx, uint32_t off, uint32_t val)
{
	dwmac4_model_write32(((struct stmmac_model_ctx *)ctx)->m, off, val);
}

/* ---- The model's side of the shared port ---- */

static int
dmawin_map(void *dev, void *va, uint64_t iova, size_t len)
{
	return dwmac4_model_dma_map(dev, va, iova, len);
}

static int
dmawin_unmap(void *dev, uint64_t iova)
{
	return dwmac4_model_dma_unmap(dev, iova);
}

static int
dev_start(void *dev, int cpu)
{
	return dwmac4_model_start(dev, cpu);
}

static void
dev_stop(void *dev)
{
	dwmac4_model_stop(dev);
}

static unsigned int
dev_step(void *dev, unsigned int budget)
{
	return dwmac4_model_step(dev, budget);
}

static void
dev_set_link(void *dev, bool up)
{
	dwmac4_model_set_link(dev, up);
}

/* Each DMA channel's line; the MAC's (the link) is the misc one. */
static int
dev_irq_fd(void *dev, unsigned int ch)
{
	return dwmac4_model_irq_fd(dev, ch);
}

static int
dev_irq_misc_fd(void *dev)
{
	return dwmac4_model_mac_irq_fd(dev);
}

static uint64_t
dev_regs_phys(void *dev)
{
	return dwmac4_model_soc_regs_phys(dev);
}

static void
dev_destroy(void *dev)
{
	dwmac4_model_destroy(dev);
}

/* The driver's RX read barrier reaches the write-ordering adversary. */
static void
model_rx_barrier(void *ctx)
{
	dwmac4_model_rx_barrier(((struct stmmac_model_ctx *)ctx)->m);
}

/* The driver's cache maintenance reaches the emulated interconnect. */
static void
model_cache_op(void *ctx, const void *addr, uint32_t len, enum rxp_cache_op op)
{
	dwmac4_model_cache_op(((struct stmmac_model_ctx *)ctx)->m, addr, len,
			      socnic_model_nc_op(op));
}

#define DWMAC4_XSTAT(name, field)					\
	SOCNIC_MODEL_XSTAT(name, struct dwmac4_model_stats, field)

/*
 * Port xstats of the model: the emulated interconnect's (docs/model.md),
 * each a driver omission a non-coherent SoC would punish, 0 for a correct
 * driver; whether the device has frames left to receive; then the
 * traffic's (socnic_model_port.h): the frames the source could not
 * replay, the frames the sink could not write; the driver protocol violations
 * (0 for a correct driver) and the frames lost to a MAC whose speed or
 * duplex is not the PHY's, under the names the neta model's have.
 */
static const struct socnic_model_xstat stmmac_model_xstats[] = {
	DWMAC4_XSTAT("model_nc_clobbers", nc_clobbers),
	DWMAC4_XSTAT("model_nc_unclean_reads", nc_unclean_reads),
	SOCNIC_MODEL_XSTAT_RX_BUSY,
	SOCNIC_MODEL_TRAFFIC_XSTATS,
	DWMAC4_XSTAT("model_violations", violations),
	DWMAC4_XSTAT("model_rx_dropped_speed", rx_dropped_speed),
	DWMAC4_XSTAT("model_tx_dropped_speed", tx_dropped_speed),
	DWMAC4_XSTAT("model_soc_unclocked_accesses", soc_unclocked_accesses),
	DWMAC4_XSTAT("model_soc_tx_dropped_clock", soc_tx_dropped_clock),
	/* the TX DMA's descriptor prefetch (docs/model.md) */
	DWMAC4_XSTAT("model_nc_tx_stale", nc_tx_stale),
	/* 802.3x PAUSE frames received (acted on) and sent */
	DWMAC4_XSTAT("model_rx_pause_frames", rx_pause_frames),
	DWMAC4_XSTAT("model_tx_pause_frames", tx_pause_frames),
	/* tagged frames the MAC's VLAN filter dropped (docs/model.md "VLAN") */
	DWMAC4_XSTAT("model_rx_dropped_vlan", rx_dropped_vlan),
};

_Static_assert(RTE_DIM(stmmac_model_xstats) <= SOCNIC_BACKEND_MAX_XSTATS,
	       "raise SOCNIC_BACKEND_MAX_XSTATS");
_Static_assert(sizeof(struct dwmac4_model_stats) <= SOCNIC_MODEL_STATS_MAX,
	       "raise SOCNIC_MODEL_STATS_MAX");

/* ---- The harness's calls (socnic_model_harness.h) ---- */

static void
dev_stats(void *dev, void *st)
{
	dwmac4_model_get_stats(dev, st);
}

static bool
dev_rx_idle(void *dev)
{
	return dwmac4_model_rx_idle(dev);
}

static const char *
dev_last_violation(void *dev)
{
	return dwmac4_model_last_violation(dev);
}

static uint32_t
dev_peek32(void *dev, uint32_t off)
{
	return dwmac4_model_peek32(dev, off);
}

static int
dev_set_partner(void *dev, unsigned int speed, bool full)
{
	return dwmac4_model_set_partner(dev, speed, full);
}

/* Each RX queue has its own DMA channel: the queue is the channel. */
static int
dev_set_faults(void *dev, unsigned int q, const void *f)
{
	return dwmac4_model_set_faults(dev, q, f);
}

static int
dev_get_faults(void *dev, unsigned int q, void *f)
{
	return dwmac4_model_get_faults(dev, q, f);
}

static const struct socnic_model_harness_ops stmmac_model_harness_ops = {
	.stats = dev_stats,
	.rx_idle = dev_rx_idle,
	.last_violation = dev_last_violation,
	.peek32 = dev_peek32,
	.reg_window = DWMAC4_MODEL_REG_WINDOW,
	.set_partner = dev_set_partner,
	.set_faults = dev_set_faults,
	.get_faults = dev_get_faults,
	.nb_fault_queues = DWMAC4_DMA_MAX_CHANNELS,
};

/* The interrupt controller's unmask (model_irq_line=one: a level line). */
static void
model_irq_rearm(void *arg)
{
	struct stmmac_model_ctx *ctx = arg;

	dwmac4_model_irq_unmask(ctx->m);
}

/* ---- The SoC's blocks around the GMAC (model_soc=) ---- */

static int
model_soc_map(void *arg, const char *name)
{
	int i = dwmac4_model_soc_map(((struct stmmac_model_ctx *)arg)->m, name);

	return i < 0 ? -ENOENT : i;
}

static uint32_t
model_soc_read32(void *arg, unsigned int map, uint32_t off)
{
	return dwmac4_model_soc_read32(((struct stmmac_model_ctx *)arg)->m,
				       map, off);
}

static void
model_soc_write32(void *arg, unsigned int map, uint32_t off, uint32_t val)
{
	dwmac4_model_soc_write32(((struct stmmac_model_ctx *)arg)->m, map, off,
				 val);
}

static int
model_of_prop(void *arg, const char *name, void *buf, size_t len)
{
	int n = dwmac4_model_soc_of_prop(((struct stmmac_model_ctx *)arg)->m,
					 name, buf, len);

	return n < 0 ? -ENOENT : n;
}

/*
 * The hooks are installed only where they do something (the write-ordering
 * adversary, the non-coherent emulation): a NULL hook costs the datapath
 * one predictable branch.
 */
static void
model_ops_init(struct stmmac_model_ctx *ctx, bool wo, bool nc)
{
	ctx->port.ops.read32 = model_read32;
	ctx->port.ops.write32 = model_write32;
	ctx->port.ops.irq_rearm = model_irq_rearm;
	ctx->port.ops.soc_map = model_soc_map;
	ctx->port.ops.soc_read32 = model_soc_read32;
	ctx->port.ops.soc_write32 = model_soc_write32;
	ctx->port.ops.of_prop = model_of_prop;
	if (wo)
		ctx->port.ops.rx_barrier = model_rx_barrier;
	if (nc)
		ctx->port.ops.cache_op = model_cache_op;
}

/* ---- Construction from devargs ---- */

static void *
dev_create(const void *params)
{
	return dwmac4_model_create(params);
}

static const struct socnic_model_dev_ops stmmac_model_dev_ops = {
	.start = dev_start,
	.stop = dev_stop,
	.step = dev_step,
	.set_link = dev_set_link,
	.map = dmawin_map,
	.unmap = dmawin_unmap,
	.xstats = stmmac_model_xstats,
	.nb_xstats = RTE_DIM(stmmac_model_xstats),
	.max_frame = DWMAC4_MODEL_MAX_FRAME,
	.speed_hint = "MAC_Configuration PS/FES/DM from the PHY, or fixed_link=, must give the partner's mode: model_phy_speed=, model_phy_duplex=, 1000 full by default",
	.irq_fd = dev_irq_fd,
	.irq_misc_fd = dev_irq_misc_fd,
	.regs_phys = dev_regs_phys,
	.family = "dwmac4",
	.create = dev_create,
	.destroy = dev_destroy,
	.harness = &stmmac_model_harness_ops,
};

int
stmmac_backend_model_create(struct socnic_backend *be, const char *name,
			    const char *args, const struct stmmac_devargs *da,
			    const uint8_t mac[6])
{
	struct stmmac_model_args *ma;
	struct stmmac_model_ctx *ctx;
	int ret = -EINVAL;

	ctx = rte_zmalloc("stmmac_model", sizeof(*ctx), 0);
	ma = rte_zmalloc("stmmac_model_args", sizeof(*ma), 0);
	if (ctx == NULL || ma == NULL) {
		ret = -ENOMEM;
		goto err;
	}
	if (stmmac_model_args_parse(name, args, ma) < 0 ||
	    stmmac_model_params_fill(ma, name,
				     da->rx.dma == SOCNIC_DMA_NONCOHERENT,
				     mac) < 0)
		goto err;
	ctx->m = socnic_model_port_create(&ctx->port, name,
					  stmmac_logtype_backend, &ma->common,
					  &stmmac_model_dev_ops, &ma->p,
					  ma->p.nc_emulation, ma->p.rx_src,
					  ma->p.tx_sink);
	if (ctx->m == NULL)
		goto err;
	model_ops_init(ctx, ma->p.fault_wo_ppm != 0, ma->p.nc_emulation);
	socnic_model_port_backend(be, &ctx->port, &ma->common);
	rte_free(ma);
	return 0;

err:
	rte_free(ma);
	rte_free(ctx);
	return ret;
}

/* ---- Harness-side reporting (rte_pmd_stmmac_uio.h) ---- */

/* The port behind @p port_id, NULL for a port of another PMD. */
static const struct socnic_port *
port_of(uint16_t port_id)
{
	const struct stmmac_adapter *ad = stmmac_adapter_from_port(port_id);

	return ad != NULL ? &ad->port : NULL;
}

/* The model of @p port_id for a call answering in *@p out. */
static int
model_of_port(uint16_t port_id, const void *out, struct stmmac_model_ctx **ctx)
{
	struct socnic_model_port *mp;
	int ret = socnic_model_port_of_out(port_of(port_id), out, &mp);

	/* The context starts with its model port. */
	*ctx = (struct stmmac_model_ctx *)mp;
	return ret;
}

RTE_PMD_STMMAC_UIO_EXPORT int
rte_pmd_stmmac_uio_model_stats(uint16_t port_id, struct dwmac4_model_stats *st)
{
	return socnic_model_harness_stats(port_of(port_id), st);
}

RTE_PMD_STMMAC_UIO_EXPORT int
rte_pmd_stmmac_uio_model_set_faults(uint16_t port_id, uint16_t queue_id,
				    const struct dwmac4_model_faults *f)
{
	return socnic_model_harness_set_faults(port_of(port_id), queue_id, f);
}

RTE_PMD_STMMAC_UIO_EXPORT int
rte_pmd_stmmac_uio_model_get_faults(uint16_t port_id, uint16_t queue_id,
				    struct dwmac4_model_faults *f)
{
	return socnic_model_harness_get_faults(port_of(port_id), queue_id, f);
}

RTE_PMD_STMMAC_UIO_EXPORT int
rte_pmd_stmmac_uio_model_set_link(uint16_t port_id, int up)
{
	return socnic_model_port_link_set(port_of(port_id), up);
}

RTE_PMD_STMMAC_UIO_EXPORT int
rte_pmd_stmmac_uio_model_set_partner(uint16_t port_id, unsigned int speed,
				     int full)
{
	return socnic_model_harness_set_partner(port_of(port_id), speed, full);
}

RTE_PMD_STMMAC_UIO_EXPORT int
rte_pmd_stmmac_uio_model_step(uint16_t port_id, unsigned int budget)
{
	return socnic_model_port_step_run(port_of(port_id), budget,
					  RTE_PMD_STMMAC_UIO_STEP_MAX);
}

RTE_PMD_STMMAC_UIO_EXPORT int
rte_pmd_stmmac_uio_model_rx_idle(uint16_t port_id)
{
	return socnic_model_harness_rx_idle(port_of(port_id));
}

RTE_PMD_STMMAC_UIO_EXPORT int
rte_pmd_stmmac_uio_model_soc_peek(uint16_t port_id, const char *map,
				  uint32_t off, uint32_t *val)
{
	struct stmmac_model_ctx *ctx;
	int ret = model_of_port(port_id, val, &ctx), i;

	if (ret < 0)
		return ret;
	if (map == NULL)
		return -EINVAL;
	i = dwmac4_model_soc_map(ctx->m, map);
	if (i < 0)
		return -ENOENT;
	*val = dwmac4_model_soc_read32(ctx->m, (unsigned int)i, off);
	return 0;
}

RTE_PMD_STMMAC_UIO_EXPORT int
rte_pmd_stmmac_uio_model_soc_txclk(uint16_t port_id, uint32_t *txclk_hz)
{
	struct stmmac_model_ctx *ctx;
	int ret = model_of_port(port_id, txclk_hz, &ctx);

	if (ret == 0)
		*txclk_hz = dwmac4_model_soc_txclk_hz(ctx->m);
	return ret;
}

RTE_PMD_STMMAC_UIO_EXPORT int
rte_pmd_stmmac_uio_model_peek32(uint16_t port_id, uint32_t off, uint32_t *val)
{
	return socnic_model_harness_peek32(port_of(port_id), off, val);
}

RTE_PMD_STMMAC_UIO_EXPORT const char *
rte_pmd_stmmac_uio_model_last_violation(uint16_t port_id)
{
	return socnic_model_harness_last_violation(port_of(port_id));
}
