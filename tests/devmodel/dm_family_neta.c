/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * socrx-devmodel's Marvell NETA (dm_family.h, --model model=neta): the
 * neta model behind a register window the application may only read.
 * Its RXQ_STATUS_UPDATE and TXQ_UPDATE add what each write carries, so
 * every store must reach the model: the application's stores are trapped
 * (dm_trap.h) and handed over one by one, in order; the window only
 * shows what reads return (neta_model_view()). The node is an Armada
 * 3700's eth1 (no SMI in its window, no "mdio" map: the PMD runs a fixed
 * link), dma-coherent as the model's DMA is.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dm_family.h"
#include "model_traffic.h"
#include "mvneta_devargs.h"
#include "mvneta_hw.h"
#include "mvneta_logs.h"
#include "mvneta_regs.h"
#include "mvneta_smi.h"
#include "neta_model.h"
#include "neta_model_args.h"

#define NETA_WORDS	(NETA_MODEL_REG_WINDOW / 4u)

struct neta_win {
	uint32_t *win;			/* the shared window */
	uint32_t view[NETA_WORDS];	/* what reads return now */
	uint64_t updates;		/* stores to a counter register */
};

/*
 * Keys a process of its own cannot serve beside the driver's: those
 * needing the driver's calls into the model (model_nc) or reads the
 * devmodel cannot see (fault_wb_late_ppm: a write-back lands at a read of
 * RXQ_STATUS), and the SMI's place (the node has no SMI).
 */
static const char *
neta_refusal(const char *key)
{
	if (strcmp(key, "model_nc") == 0)
		return "needs the driver to call into the model, which a separate process cannot";
	if (strcmp(key, "fault_wb_late_ppm") == 0)
		return "lands a write-back at a read of RXQ_STATUS, and the devmodel sees no reads";
	if (strcmp(key, "model_mdio") == 0)
		return "the NETA node has no SMI (an Armada 3700 eth1 without the \"mdio\" map): the PMD runs a fixed link";
	return NULL;
}

static int
neta_key_scope(const char *key)
{
	return (int)mvneta_devargs_key_scope(key);
}

static int
neta_create(struct dm_dev *d, const char *args, unsigned int devno)
{
	static struct neta_model_args ma;
	struct mvneta_devargs da;
	uint8_t mac[6] = { 0x02, 0, 0, 0, 0x01, (uint8_t)devno };
	struct neta_model_args_conf conf = {
		.mac = mac,
		.logtype = mvneta_logtype_backend,
	};

	if (dm_family_check_keys(args, neta_key_scope, neta_refusal) < 0 ||
	    neta_model_args_parse(d->name, args, &conf, &ma) < 0 ||
	    mvneta_devargs_parse(d->name, args, &da) < 0)
		return 2;
	if (da.port.has_mac)
		memcpy(mac, da.port.mac, sizeof(mac));
	d->cpu = ma.common.cpu;
	if (neta_model_args_fill(&ma, d->name, &conf) < 0)
		return 1;
	ma.p.mdio = NETA_MODEL_MDIO_NONE;
	d->model = neta_model_create(&ma.p);
	if (d->model == NULL) {
		fprintf(stderr, "%s: cannot create the model: %s\n", d->name,
			strerror(errno));
		model_traffic_destroy(ma.p.rx_src, ma.p.tx_sink);
		return 1;
	}
	d->priv = calloc(1, sizeof(struct neta_win));
	if (d->priv == NULL) {
		neta_model_destroy(d->model);
		return 1;
	}
	return 0;
}

static void
neta_destroy(struct dm_dev *d)
{
	neta_model_destroy(d->model);
	free(d->priv);
}

static unsigned int
neta_publish(struct dm_dev *d)
{
	struct neta_win *w = d->priv;
	unsigned int i, n = 0;

	neta_model_view(d->model, w->view);
	for (i = 0; i < NETA_WORDS; i++) {
		if (__atomic_load_n(&w->win[i], __ATOMIC_RELAXED) == w->view[i])
			continue;
		/* Release: the descriptors a count covers are written first. */
		__atomic_store_n(&w->win[i], w->view[i], __ATOMIC_RELEASE);
		n++;
	}
	return n;
}

static void
neta_window_init(struct dm_dev *d, uint32_t *win)
{
	struct neta_win *w = d->priv;

	w->win = win;
	neta_publish(d);
}

/* Stores reach the model through the trap only: the window is read-only. */
static unsigned int
neta_take_writes(struct dm_dev *d)
{
	(void)d;
	return 0;
}

static bool
neta_is_update(uint32_t off)
{
	return (off >= MVNETA_RXQ_STATUS_UPDATE_REG(0) &&
		off <= MVNETA_RXQ_STATUS_UPDATE_REG(MVNETA_MAX_RXQ - 1)) ||
	       (off >= MVNETA_TXQ_UPDATE_REG(0) &&
		off <= MVNETA_TXQ_UPDATE_REG(MVNETA_MAX_TXQ - 1));
}

static void
neta_store(struct dm_dev *d, uint32_t off, uint32_t val)
{
	struct neta_win *w = d->priv;

	if (neta_is_update(off) && ++w->updates == (uint64_t)d->drop_update) {
		fprintf(stderr, "%s: --debug-drop-update %ld: store 0x%08x to 0x%04x not delivered\n",
			d->name, d->drop_update, val, off);
		return;
	}
	neta_model_write32(d->model, off, val);
}

/* A queue enabled: the model takes its ring through the DMA window. */
static bool
neta_store_needs_dma(uint32_t off, uint32_t val)
{
	return (off == MVNETA_RXQ_CMD && (val & MVNETA_RXQ_ENABLE_MASK)) ||
	       (off == MVNETA_TXQ_CMD && (val & MVNETA_TXQ_ENABLE_MASK));
}

static unsigned int
neta_step(struct dm_dev *d, unsigned int budget)
{
	return neta_model_step(d->model, budget);
}

static bool
neta_dma_started(struct dm_dev *d)
{
	return (neta_model_read32(d->model, MVNETA_RXQ_CMD) |
		neta_model_read32(d->model, MVNETA_TXQ_CMD)) != 0;
}

static int
neta_dma_map(void *dev, void *va, uint64_t iova, size_t len)
{
	return neta_model_dma_map(dev, va, iova, len);
}

static int
neta_dma_unmap(void *dev, uint64_t iova)
{
	return neta_model_dma_unmap(dev, iova);
}

static void
neta_print_stats(struct dm_dev *d, const char *what, unsigned int report)
{
	struct neta_model_stats st;

	neta_model_get_stats(d->model, &st);
	printf("%s: %s report=%u rx_offered=%" PRIu64 " rx_delivered=%" PRIu64
	       " rx_missed=%" PRIu64 " rx_dropped_filter=%" PRIu64
	       " rx_dropped_other=%" PRIu64 " tx_frames=%" PRIu64
	       " tx_bytes=%" PRIu64 " violations=%" PRIu64
	       " source_done=%d register_writes=%" PRIu64
	       " trapped_stores=%" PRIu64 "\n",
	       d->name, what, report, st.rx_offered, st.rx_delivered,
	       st.rx_missed, st.rx_dropped_filter,
	       st.rx_dropped_stopped + st.rx_dropped_hung +
	       st.rx_dropped_speed + st.rx_dropped_config,
	       st.tx_frames, st.tx_bytes, st.violations,
	       neta_model_rx_idle(d->model) ? 1 : 0, d->writes, d->trapped);
	if (st.violations != 0)
		printf("%s: last violation: %s\n", d->name,
		       neta_model_last_violation(d->model));
}

#define NETA_COMPAT	"marvell,armada-3700-neta"

const struct dm_family dm_family_neta = {
	.name = "neta",
	.node = {
		.window = NETA_MODEL_REG_WINDOW,
		/* eth1: its window holds no SMI (eth0's 0x2004 would). */
		.addr = MVNETA_A3700_INTREGS + MVNETA_A3700_ETH1_OFF,
		.stride = 0x10000u,
		.compatible = NETA_COMPAT,
		.compatible_len = sizeof(NETA_COMPAT),
		.phy_mode = "rgmii-id",
	},
	.trapped = true,
	.create = neta_create,
	.destroy = neta_destroy,
	.window_init = neta_window_init,
	.take_writes = neta_take_writes,
	.store = neta_store,
	.store_needs_dma = neta_store_needs_dma,
	.step = neta_step,
	.publish = neta_publish,
	.dma_started = neta_dma_started,
	.dma_map = neta_dma_map,
	.dma_unmap = neta_dma_unmap,
	.print_stats = neta_print_stats,
};
