/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Model backend: the software dwmac4 of model/ as the device behind a
 * port. It parses the model's devargs and builds the model and its
 * traffic from them (stmmac_model_params.c), gives the model's DMA window
 * (its IOMMU) every DPDK memory segment, present and future
 * (stmmac_model_dmawin.c), and runs the model's thread from the first
 * device start to close. The driver reaches the model only through
 * read32/write32 and DMA; the harness-side reporting
 * (rte_pmd_stmmac_uio.h) lives here too. No other file of the driver
 * includes a model header.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include <rte_errno.h>
#include <rte_malloc.h>
#include <rte_memory.h>

#include "socnic_backend.h"

#include "dwmac4_model.h"
#include "model_traffic.h"
#include "rte_pmd_stmmac_uio.h"
#include "stmmac_devargs.h"
#include "stmmac_ethdev.h"
#include "stmmac_logs.h"
#include "stmmac_model_dmawin.h"
#include "stmmac_model_params.h"

struct stmmac_model_ctx {
	struct socnic_backend_ops ops;	/* the base ops plus what the port uses */
	struct dwmac4_model *m;
	char name[RTE_ETH_NAME_MAX_LEN];
	bool running;
	int cpu;
	struct model_traffic_src *src;	/* owned by the model */
	uint64_t src_reported;		/* skipped records already warned of */
	struct stmmac_dmawin dmawin;	/* DPDK memory in the DMA window */
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

/* ---- DMA window ---- */

static int
model_dma_map(void *arg)
{
	struct stmmac_model_ctx *ctx = arg;

	return stmmac_dmawin_attach(&ctx->dmawin, ctx->m, ctx->name);
}

/* ---- Life cycle ---- */

static int
model_start(void *arg)
{
	struct stmmac_model_ctx *ctx = arg;
	int ret;

	if (ctx->running)
		return 0;
	ret = dwmac4_model_start(ctx->m, ctx->cpu);
	if (ret < 0) {
		PMD_BE_LOG(ERR, "%s: cannot start the model thread on CPU %d: %s",
			   ctx->name, ctx->cpu, strerror(-ret));
		return ret;
	}
	ctx->running = true;
	return 0;
}

static void
model_stop(void *arg)
{
	struct stmmac_model_ctx *ctx = arg;

	if (ctx->running)
		dwmac4_model_stop(ctx->m);
	ctx->running = false;
}

static void
model_destroy(void *arg)
{
	struct stmmac_model_ctx *ctx = arg;

	stmmac_dmawin_detach(&ctx->dmawin);
	model_stop(ctx);
	dwmac4_model_destroy(ctx->m);
	rte_free(ctx);
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
			      op == RXP_CACHE_CIVAC ? DWMAC4_MODEL_CACHE_CIVAC :
						      DWMAC4_MODEL_CACHE_CLEAN);
}

/*
 * Port xstats of the model: the emulated interconnect's (docs/model.md),
 * each a driver omission a non-coherent SoC would punish, 0 for a correct
 * driver; then the traffic source's frames it could not replay (a capture
 * snapped shorter than its frames, frames longer than the model's
 * buffers: GRO/TSO left on an interface).
 */
static const char *const model_xstat_names[] = {
	"model_nc_clobbers",
	"model_nc_unclean_reads",
	"model_src_snapped",
	"model_src_too_long",
};

static uint64_t
model_src_count(const uint64_t *c)
{
	return __atomic_load_n(c, __ATOMIC_RELAXED);
}

_Static_assert(RTE_DIM(model_xstat_names) <= SOCNIC_BACKEND_MAX_XSTATS,
	       "raise SOCNIC_BACKEND_MAX_XSTATS");

static void
model_xstats_get(void *arg, uint64_t *v)
{
	struct stmmac_model_ctx *ctx = arg;
	struct dwmac4_model_stats st;

	dwmac4_model_get_stats(ctx->m, &st);
	v[0] = st.nc_clobbers;
	v[1] = st.nc_unclean_reads;
	v[2] = ctx->src != NULL ? model_src_count(&ctx->src->snapped) : 0;
	v[3] = ctx->src != NULL ? model_src_count(&ctx->src->truncated) : 0;
}

/* At a stop after new ones: the frames the traffic source skipped. */
static void
model_port_stopped(void *arg)
{
	struct stmmac_model_ctx *ctx = arg;
	uint64_t snapped, too_long;

	if (ctx->src == NULL)
		return;
	snapped = model_src_count(&ctx->src->snapped);
	too_long = model_src_count(&ctx->src->truncated);
	if (snapped + too_long == ctx->src_reported)
		return;
	ctx->src_reported = snapped + too_long;
	PMD_BE_LOG(WARNING, "%s: the traffic source skipped %" PRIu64 " frame(s): %" PRIu64
		   " capture record(s) shorter than their frame (captured with a snap length: use tcpdump -s 0), %" PRIu64
		   " frame(s) longer than %u bytes (GRO/TSO on the interface: ethtool -K IF gro off tso off); xstats model_src_snapped, model_src_too_long",
		   ctx->name, snapped + too_long, snapped, too_long,
		   DWMAC4_MODEL_MAX_FRAME);
}

/*
 * The hooks are installed only where they do something (the write-ordering
 * adversary, the non-coherent emulation): a NULL hook costs the datapath
 * one predictable branch.
 */
static void
model_ops_init(struct stmmac_model_ctx *ctx, bool wo, bool nc)
{
	ctx->ops = (struct socnic_backend_ops){
		.name = "model",
		.read32 = model_read32,
		.write32 = model_write32,
		.dma_map = model_dma_map,
		.start = model_start,
		.stop = model_stop,
		.destroy = model_destroy,
		.nb_xstats = RTE_DIM(model_xstat_names),
		.xstat_names = model_xstat_names,
		.xstats_get = model_xstats_get,
		.port_stopped = model_port_stopped,
	};
	if (wo)
		ctx->ops.rx_barrier = model_rx_barrier;
	if (nc)
		ctx->ops.cache_op = model_cache_op;
}

/* ---- Construction from devargs ---- */

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
	snprintf(ctx->name, sizeof(ctx->name), "%s", name);
	if (stmmac_model_args_parse(name, args, ma) < 0 ||
	    stmmac_model_params_fill(ma, name,
				     da->rx.dma == SOCNIC_DMA_NONCOHERENT,
				     mac) < 0)
		goto err;
	ctx->cpu = ma->common.cpu;
	ctx->src = ma->p.rx_src;
	ctx->m = dwmac4_model_create(&ma->p);
	if (ctx->m == NULL) {
		PMD_BE_LOG(ERR, "%s: cannot create the dwmac4 model: %s", name,
			   strerror(errno));
		/* The model owns its traffic only once created. */
		stmmac_model_params_release(&ma->p);
		goto err;
	}
	model_ops_init(ctx, ma->p.fault_wo_ppm != 0, ma->p.nc_emulation);
	be->ops = &ctx->ops;
	be->ctx = ctx;
	be->kind = SOCNIC_BACKEND_MODEL;
	be->promiscuous = socnic_model_args_promiscuous(&ma->common);
	rte_free(ma);
	return 0;

err:
	rte_free(ma);
	rte_free(ctx);
	return ret;
}

/* ---- Harness-side reporting (rte_pmd_stmmac_uio.h) ---- */

static int
model_of_port(uint16_t port_id, struct stmmac_model_ctx **ctx)
{
	struct stmmac_adapter *ad = stmmac_adapter_from_port(port_id);

	if (ad == NULL || ad->be.ops == NULL)
		return -ENODEV;
	if (ad->be.kind != SOCNIC_BACKEND_MODEL)
		return -ENOTSUP;
	*ctx = ad->be.ctx;
	return 0;
}

RTE_PMD_STMMAC_UIO_EXPORT int
rte_pmd_stmmac_uio_model_stats(uint16_t port_id, struct dwmac4_model_stats *st)
{
	struct stmmac_model_ctx *ctx;
	int ret = model_of_port(port_id, &ctx);

	if (ret < 0)
		return ret;
	if (st == NULL)
		return -EINVAL;
	dwmac4_model_get_stats(ctx->m, st);
	return 0;
}

/* RX queue @p queue_id's DMA channel (each queue has its own). */
static int
model_queue_chan(uint16_t queue_id, unsigned int *chan)
{
	if (queue_id >= STMMAC_MAX_RX_QUEUES)
		return -EINVAL;
	*chan = STMMAC_CHAN + queue_id;
	return 0;
}

/* The model and DMA channel behind (port, queue), or a negative errno. */
static int
model_of_queue(uint16_t port_id, uint16_t queue_id,
	       struct stmmac_model_ctx **ctx, unsigned int *chan)
{
	int ret = model_of_port(port_id, ctx);

	if (ret < 0)
		return ret;
	return model_queue_chan(queue_id, chan);
}

RTE_PMD_STMMAC_UIO_EXPORT int
rte_pmd_stmmac_uio_model_set_faults(uint16_t port_id, uint16_t queue_id,
				    const struct dwmac4_model_faults *f)
{
	struct stmmac_model_ctx *ctx;
	unsigned int chan;
	int ret = model_of_queue(port_id, queue_id, &ctx, &chan);

	return ret < 0 ? ret : dwmac4_model_set_faults(ctx->m, chan, f);
}

RTE_PMD_STMMAC_UIO_EXPORT int
rte_pmd_stmmac_uio_model_get_faults(uint16_t port_id, uint16_t queue_id,
				    struct dwmac4_model_faults *f)
{
	struct stmmac_model_ctx *ctx;
	unsigned int chan;
	int ret = model_of_queue(port_id, queue_id, &ctx, &chan);

	return ret < 0 ? ret : dwmac4_model_get_faults(ctx->m, chan, f);
}

RTE_PMD_STMMAC_UIO_EXPORT int
rte_pmd_stmmac_uio_model_set_link(uint16_t port_id, int up)
{
	struct stmmac_model_ctx *ctx;
	int ret = model_of_port(port_id, &ctx);

	if (ret < 0)
		return ret;
	dwmac4_model_set_link(ctx->m, up != 0);
	return 0;
}

RTE_PMD_STMMAC_UIO_EXPORT int
rte_pmd_stmmac_uio_model_rx_idle(uint16_t port_id)
{
	struct stmmac_model_ctx *ctx;
	int ret = model_of_port(port_id, &ctx);

	if (ret < 0)
		return ret;
	return dwmac4_model_rx_idle(ctx->m) ? 1 : 0;
}

RTE_PMD_STMMAC_UIO_EXPORT const char *
rte_pmd_stmmac_uio_model_last_violation(uint16_t port_id)
{
	struct stmmac_model_ctx *ctx;
	int ret = model_of_port(port_id, &ctx);

	if (ret < 0) {
		rte_errno = -ret;
		return NULL;
	}
	return dwmac4_model_last_violation(ctx->m);
}
