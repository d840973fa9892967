/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Model backend: the software dwmac4 of model/ as the device behind a
 * port. It builds the model and its traffic from the devargs, gives the
 * model's DMA window (its IOMMU) every DPDK memory segment, present and
 * future, and runs the model's thread from the first device start to
 * close. The driver reaches the model only through read32/write32 and
 * DMA; the harness-side reporting (rte_pmd_stmmac_uio.h) lives here too.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include <rte_errno.h>
#include <rte_malloc.h>
#include <rte_memory.h>
#include <rte_spinlock.h>

#include "dwmac4_model.h"
#include "model_traffic.h"
#include "rte_pmd_stmmac_uio.h"
#include "stmmac_backend.h"
#include "stmmac_devargs.h"
#include "stmmac_ethdev.h"
#include "stmmac_logs.h"

/* DMA regions tracked per model (coalesced: usually a handful). */
#define STMMAC_MODEL_MAX_REGIONS	4096

struct stmmac_dma_region {
	uintptr_t va;
	uint64_t iova;
	size_t len;
};

struct stmmac_model_ctx {
	struct stmmac_backend_ops ops;	/* the base ops plus what the port uses */
	struct dwmac4_model *m;
	char name[RTE_ETH_NAME_MAX_LEN];
	char cb_name[RTE_MEM_EVENT_CALLBACK_NAME_LEN];
	bool cb_registered;
	bool running;
	int cpu;
	struct model_traffic_src *src;	/* owned by the model */
	uint64_t src_reported;		/* skipped records already warned of */
	rte_spinlock_t lock;		/* regions */
	unsigned int nb_regions;
	struct stmmac_dma_region regions[STMMAC_MODEL_MAX_REGIONS];
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

/*
 * Maps [va, va + len) at @p iova, minus what is already mapped: the
 * initial walk and the memory event callback may both see a segment
 * allocated while the port probes. Called with ctx->lock held.
 */
static int
model_map_range(struct stmmac_model_ctx *ctx, uintptr_t va, uint64_t iova,
		size_t len)
{
	unsigned int i;
	int ret;

	if (len == 0)
		return 0;
	for (i = 0; i < ctx->nb_regions; i++) {
		const struct stmmac_dma_region *r = &ctx->regions[i];
		uint64_t lo, hi;

		if (r->iova >= iova + len || iova >= r->iova + r->len)
			continue;
		lo = RTE_MAX(iova, r->iova);
		hi = RTE_MIN(iova + len, r->iova + r->len);
		ret = model_map_range(ctx, va, iova, lo - iova);
		if (ret == 0)
			ret = model_map_range(ctx, va + (hi - iova), hi,
					      iova + len - hi);
		return ret;
	}
	if (ctx->nb_regions == STMMAC_MODEL_MAX_REGIONS)
		return -ENOSPC;
	ret = dwmac4_model_dma_map(ctx->m, (void *)va, iova, len);
	if (ret < 0)
		return ret;
	ctx->regions[ctx->nb_regions++] = (struct stmmac_dma_region){
		.va = va, .iova = iova, .len = len };
	return 0;
}

/*
 * Maps the pages of [va, va + len) in runs contiguous in both VA and
 * IOVA; pages without an IOVA cannot be reached by any DMA and are left
 * out. @p first is the memseg of @p va, the rest follow it in the list.
 */
static int
model_map_memsegs(struct stmmac_model_ctx *ctx,
		  const struct rte_memseg_list *msl,
		  const struct rte_memseg *first, size_t len)
{
	size_t pg = msl->page_sz, off, run_off = 0, run_len = 0;
	uint64_t run_iova = RTE_BAD_IOVA;
	int ret = 0;

	for (off = 0; off < len && ret == 0; off += pg) {
		const struct rte_memseg *ms = first + off / pg;

		if (ms->iova != RTE_BAD_IOVA && run_len != 0 &&
		    ms->iova == run_iova + run_len) {
			run_len += pg;
			continue;
		}
		if (run_len != 0)
			ret = model_map_range(ctx, (uintptr_t)first->addr + run_off,
					      run_iova, run_len);
		run_len = ms->iova != RTE_BAD_IOVA ? pg : 0;
		run_off = off;
		run_iova = ms->iova;
	}
	if (ret == 0 && run_len != 0)
		ret = model_map_range(ctx, (uintptr_t)first->addr + run_off,
				      run_iova, run_len);
	return ret;
}

static int
model_walk_cb(const struct rte_memseg_list *msl, const struct rte_memseg *ms,
	      size_t len, void *arg)
{
	struct stmmac_model_ctx *ctx = arg;
	int ret;

	if (msl->external)	/* not ours to hand to a device */
		return 0;
	rte_spinlock_lock(&ctx->lock);
	ret = model_map_memsegs(ctx, msl, ms, len);
	rte_spinlock_unlock(&ctx->lock);
	if (ret < 0) {
		PMD_BE_LOG(ERR, "%s: cannot map %zu bytes at %p into the model's DMA window: %s",
			   ctx->name, len, ms->addr, strerror(-ret));
		return -1;
	}
	return 0;
}

/* Unmaps every region overlapping [va, va + len), keeping the rest. */
static void
model_unmap_va(struct stmmac_model_ctx *ctx, uintptr_t va, size_t len)
{
	unsigned int i = 0;

	while (i < ctx->nb_regions) {
		struct stmmac_dma_region r = ctx->regions[i];
		uintptr_t lo, hi;

		if (r.va >= va + len || va >= r.va + r.len) {
			i++;
			continue;
		}
		dwmac4_model_dma_unmap(ctx->m, r.iova);
		ctx->regions[i] = ctx->regions[--ctx->nb_regions];
		lo = RTE_MAX(va, r.va);
		hi = RTE_MIN(va + len, r.va + r.len);
		/* Head and tail that stay allocated (added at the end). */
		model_map_range(ctx, r.va, r.iova, lo - r.va);
		model_map_range(ctx, hi, r.iova + (hi - r.va), r.va + r.len - hi);
	}
}

/*
 * Memory hotplug: map what EAL allocates later, unmap what it frees.
 * Runs under EAL's hotplug lock: only lock-free memseg lookups here.
 */
static void
model_mem_event_cb(enum rte_mem_event type, const void *addr, size_t len,
		   void *arg)
{
	struct stmmac_model_ctx *ctx = arg;
	const struct rte_memseg_list *msl = rte_mem_virt2memseg_list(addr);
	const struct rte_memseg *ms;
	int ret = 0;

	if (msl == NULL || msl->external)
		return;
	rte_spinlock_lock(&ctx->lock);
	if (type == RTE_MEM_EVENT_FREE) {
		model_unmap_va(ctx, (uintptr_t)addr, len);
	} else {
		ms = rte_mem_virt2memseg(addr, msl);
		if (ms != NULL)
			ret = model_map_memsegs(ctx, msl, ms, len);
	}
	rte_spinlock_unlock(&ctx->lock);
	if (ret < 0)
		PMD_BE_LOG(ERR, "%s: cannot map new memory %p (+%zu) for DMA: %s",
			   ctx->name, addr, len, strerror(-ret));
}

static int
model_dma_map(void *arg)
{
	struct stmmac_model_ctx *ctx = arg;

	/* Callback first: nothing allocated during the walk is missed. */
	/* Unique per port; EAL rejects a second callback of the same name. */
	snprintf(ctx->cb_name, sizeof(ctx->cb_name), "stmmac_%.56s", ctx->name);
	if (rte_mem_event_callback_register(ctx->cb_name, model_mem_event_cb,
					    ctx) == 0)
		ctx->cb_registered = true;
	else if (rte_errno != ENOTSUP)
		PMD_BE_LOG(WARNING, "%s: no memory event callback (%s): memory allocated later is not DMA-mapped",
			   ctx->name, rte_strerror(rte_errno));
	if (rte_memseg_contig_walk(model_walk_cb, ctx) != 0)
		return -ENOSPC;
	PMD_BE_LOG(INFO, "%s: %u DMA region(s) mapped into the model",
		   ctx->name, ctx->nb_regions);
	return 0;
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

	if (ctx->cb_registered)
		rte_mem_event_callback_unregister(ctx->cb_name, ctx);
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

_Static_assert(RTE_DIM(model_xstat_names) <= STMMAC_BACKEND_MAX_XSTATS,
	       "raise STMMAC_BACKEND_MAX_XSTATS");

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
model_ops_init(struct stmmac_model_ctx *ctx, const struct stmmac_devargs *da,
	       bool nc)
{
	ctx->ops = (struct stmmac_backend_ops){
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
	if (da->fault_wo_ppm != 0)
		ctx->ops.rx_barrier = model_rx_barrier;
	if (nc)
		ctx->ops.cache_op = model_cache_op;
}

/* ---- Construction from devargs ---- */

static struct model_traffic_src *
model_make_source(const char *name, const struct stmmac_devargs *da,
		  const uint8_t mac[6])
{
	struct model_traffic_src *src = NULL;
	struct model_gen_params g;
	char err[256] = "";

	switch (da->rx_src) {
	case STMMAC_RX_SRC_NONE:
		src = model_null_src_create();
		if (src == NULL)
			PMD_BE_LOG(ERR, "%s: out of memory", name);
		return src;
	case STMMAC_RX_SRC_PCAP:
		src = model_pcap_src_create(da->rx_pcap, da->rx_pcap_loop, err,
					    sizeof(err));
		if (src == NULL)
			PMD_BE_LOG(ERR, "%s: devarg rx_pcap=%s: %s", name,
				   da->rx_pcap, err);
		return src;
	case STMMAC_RX_SRC_IFACE:
		src = model_iface_src_create(da->rx_iface, err, sizeof(err));
		if (src == NULL)
			PMD_BE_LOG(ERR, "%s: devarg rx_iface=%s: %s", name,
				   da->rx_iface, err);
		return src;
	default:
		break;
	}
	model_gen_params_init(&g);
	/* To the port, unless gen_dst= says otherwise. */
	memcpy(g.dst_mac, da->has_gen_dst ? da->gen_dst : mac, sizeof(g.dst_mac));
	memcpy(g.src_mac, mac, sizeof(g.src_mac));
	g.src_mac[4] = 0x02;				/* 02:00:00:00:02:NN */
	g.ipv6 = da->gen_ipv6;
	g.l4_proto = da->gen_proto;
	g.flows = da->gen_flows;
	g.size = da->gen_len_kind == STMMAC_GEN_LEN_IMIX ? MODEL_GEN_SIZE_IMIX :
		 da->gen_len_kind == STMMAC_GEN_LEN_RANGE ? MODEL_GEN_SIZE_RANGE :
		 MODEL_GEN_SIZE_FIXED;
	g.len_min = da->gen_len_min;
	g.len_max = da->gen_len_max;
	g.bad_l4_permille = da->gen_bad_l4;
	g.count = da->gen_pkts;
	g.rate_pps = da->gen_rate;
	src = model_gen_create(&g, err, sizeof(err));
	if (src == NULL)
		PMD_BE_LOG(ERR, "%s: traffic generator (gen_* devargs): %s",
			   name, err[0] != '\0' ? err : "not available");
	return src;
}

static struct model_traffic_sink *
model_make_sink(const char *name, const struct stmmac_devargs *da)
{
	struct model_traffic_sink *sink = NULL;
	char err[256] = "";

	switch (da->tx_sink) {
	case STMMAC_TX_SINK_PCAP:
		sink = model_pcap_sink_create(da->tx_pcap, err, sizeof(err));
		if (sink == NULL)
			PMD_BE_LOG(ERR, "%s: devarg tx_pcap=%s: %s", name,
				   da->tx_pcap, err);
		break;
	case STMMAC_TX_SINK_IFACE:
		sink = model_iface_sink_create(da->tx_iface, err, sizeof(err));
		if (sink == NULL)
			PMD_BE_LOG(ERR, "%s: devarg tx_iface=%s: %s", name,
				   da->tx_iface, err);
		break;
	default:
		sink = model_count_sink_create();
		if (sink == NULL)
			PMD_BE_LOG(ERR, "%s: cannot create the TX count sink",
				   name);
		break;
	}
	return sink;
}

int
stmmac_backend_model_create(struct stmmac_backend *be, const char *name,
			    const struct stmmac_devargs *da,
			    const uint8_t mac[6])
{
	struct dwmac4_model_params p;
	struct stmmac_model_ctx *ctx;

	ctx = rte_zmalloc("stmmac_model", sizeof(*ctx), 0);
	if (ctx == NULL)
		return -ENOMEM;
	snprintf(ctx->name, sizeof(ctx->name), "%s", name);
	rte_spinlock_init(&ctx->lock);
	ctx->cpu = da->model_cpu;

	dwmac4_model_params_init(&p);
	p.n_channels = 1;
	memcpy(p.mac, mac, sizeof(p.mac));
	p.dma_store = da->dma_store_nt ? DWMAC4_MODEL_STORE_NT :
					 DWMAC4_MODEL_STORE_PLAIN;
	p.flow_control = da->flow_ctrl;
	p.wb_batch = da->wb_batch;
	p.faults = da->faults;
	p.fault_wo_ppm = da->fault_wo_ppm;
	p.phy_addr = da->model_phy_addr;
	p.phy_speed = da->model_phy_speed;
	p.phy_full = da->model_phy_full;
	p.mtl_queues = da->model_mtl_queues;
	p.clocks = (enum dwmac4_model_clocks)da->model_clocks;
	p.boot_running = da->model_boot_running;
	/* dma=noncoherent given: the interconnect is emulated (model_nc=1). */
	p.nc_emulation = da->dma == STMMAC_DMA_NONCOHERENT && da->model_nc;
	p.rx_src = model_make_source(name, da, mac);
	ctx->src = p.rx_src;
	p.tx_sink = model_make_sink(name, da);
	if (p.rx_src == NULL || p.tx_sink == NULL)
		goto err_traffic;
	ctx->m = dwmac4_model_create(&p);
	if (ctx->m == NULL) {
		PMD_BE_LOG(ERR, "%s: cannot create the dwmac4 model: %s", name,
			   strerror(errno));
		goto err_traffic;
	}
	model_ops_init(ctx, da, p.nc_emulation);
	be->ops = &ctx->ops;
	be->ctx = ctx;
	be->kind = STMMAC_BACKEND_MODEL;
	return 0;

err_traffic:
	/* The model owns its traffic only once created. */
	if (p.rx_src != NULL)
		p.rx_src->destroy(p.rx_src);
	if (p.tx_sink != NULL)
		p.tx_sink->destroy(p.tx_sink);
	rte_free(ctx);
	return -EINVAL;
}

/* ---- Harness-side reporting (rte_pmd_stmmac_uio.h) ---- */

static int
model_of_port(uint16_t port_id, struct stmmac_model_ctx **ctx)
{
	struct stmmac_adapter *ad = stmmac_adapter_from_port(port_id);

	if (ad == NULL || ad->be.ops == NULL)
		return -ENODEV;
	if (ad->be.kind != STMMAC_BACKEND_MODEL)
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
