/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * socrx-devmodel's dwmac4 (dm_family.h): the dwmac4 model behind a
 * register window read back as shared memory (dm_window.h), as a
 * Rockchip RK3568 GMAC's node presents it.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dm_family.h"
#include "dm_window.h"
#include "dwmac4_regs.h"
#include "model/dwmac4_model.h"
#include "stmmac_devargs.h"
#include "stmmac_model_params.h"

/*
 * Keys that need the driver to call into the model (cache maintenance,
 * read barrier), a path socrx-devmodel does not have.
 */
static const char *
dwmac4_refusal(const char *key)
{
	if (strcmp(key, "model_nc") == 0 || strcmp(key, "fault_wo_ppm") == 0)
		return "needs the driver to call into the model, which a separate process cannot";
	return NULL;
}

static int
dwmac4_key_scope(const char *key)
{
	return (int)stmmac_devargs_key_scope(key);
}

static int
dwmac4_create(struct dm_dev *d, const char *args, unsigned int devno)
{
	static struct stmmac_model_args ma;
	struct stmmac_devargs da;
	/* As the PMD names a model port's MAC: 02:00:00:00:01:NN. */
	uint8_t mac[6] = { 0x02, 0, 0, 0, 0x01, (uint8_t)devno };

	/*
	 * The model's keys as the model backend parses them; mac= (MAC
	 * address 0 as a boot loader left it) as the driver does.
	 */
	if (dm_family_check_keys(args, dwmac4_key_scope, dwmac4_refusal) < 0 ||
	    stmmac_model_args_parse(d->name, args, &ma) < 0 ||
	    stmmac_devargs_parse(d->name, args, &da) < 0)
		return 2;
	if (da.port.has_mac)
		memcpy(mac, da.port.mac, sizeof(mac));
	d->cpu = ma.common.cpu;
	if (stmmac_model_params_fill(&ma, d->name, false, mac) < 0)
		return 1;
	d->model = dwmac4_model_create(&ma.p);
	if (d->model == NULL) {
		fprintf(stderr, "%s: cannot create the model: %s\n", d->name,
			strerror(errno));
		stmmac_model_params_release(&ma.p);
		return 1;
	}
	d->priv = calloc(1, sizeof(struct dm_window));
	if (d->priv == NULL) {
		dwmac4_model_destroy(d->model);
		return 1;
	}
	return 0;
}

static void
dwmac4_destroy(struct dm_dev *d)
{
	dwmac4_model_destroy(d->model);
	free(d->priv);
}

static void
dwmac4_window_init(struct dm_dev *d, uint32_t *win)
{
	dm_window_init(d->priv, d->model, win);
}

static unsigned int
dwmac4_take_writes(struct dm_dev *d)
{
	return dm_window_take_writes(d->priv);
}

static unsigned int
dwmac4_step(struct dm_dev *d, unsigned int budget)
{
	return dwmac4_model_step(d->model, budget);
}

static unsigned int
dwmac4_publish(struct dm_dev *d)
{
	return dm_window_publish(d->priv);
}

/* SR or ST set: the driver started it, or a previous owner left it on. */
static bool
dwmac4_dma_started(struct dm_dev *d)
{
	return (dwmac4_model_peek32(d->model, DMA_CHAN_RX_CONTROL(0)) & DMA_CONTROL_SR) ||
	       (dwmac4_model_peek32(d->model, DMA_CHAN_TX_CONTROL(0)) & DMA_CONTROL_ST);
}

static int
dwmac4_dma_map(void *dev, void *va, uint64_t iova, size_t len)
{
	return dwmac4_model_dma_map(dev, va, iova, len);
}

static int
dwmac4_dma_unmap(void *dev, uint64_t iova)
{
	return dwmac4_model_dma_unmap(dev, iova);
}

static void
dwmac4_print_stats(struct dm_dev *d, const char *what, unsigned int report)
{
	struct dwmac4_model_stats st;

	dwmac4_model_get_stats(d->model, &st);
	printf("%s: %s report=%u rx_offered=%" PRIu64 " rx_delivered=%" PRIu64
	       " rx_missed=%" PRIu64 " rx_dropped_overflow=%" PRIu64
	       " rx_dropped_filter=%" PRIu64 " rx_dropped_other=%" PRIu64
	       " tx_frames=%" PRIu64 " tx_bytes=%" PRIu64
	       " violations=%" PRIu64 " source_done=%d register_writes=%"
	       PRIu64 "\n",
	       d->name, what, report, st.rx_offered, st.rx_delivered,
	       st.rx_missed, st.rx_dropped_overflow, st.rx_dropped_filter,
	       st.rx_dropped_csum + st.rx_dropped_stopped +
	       st.rx_dropped_oversize + st.rx_dropped_speed,
	       st.tx_frames, st.tx_bytes, st.violations,
	       dwmac4_model_rx_idle(d->model) ? 1 : 0, d->writes);
	if (st.violations != 0)
		printf("%s: last violation: %s\n", d->name,
		       dwmac4_model_last_violation(d->model));
}

const struct dm_family dm_family_dwmac4 = {
	.name = "dwmac4",
	.node = {
		.window = DWMAC4_MODEL_REG_WINDOW,
		/* RK3568's GMAC0 (0xfe2a0000), one 64 KiB block per device. */
		.addr = 0xfe2a0000u,
		.stride = 0x10000u,
		/* The SoC's string, then the core's, as its device tree. */
		.compatible = "rockchip,rk3568-gmac\0snps,dwmac-4.20a",
		.compatible_len = sizeof("rockchip,rk3568-gmac\0snps,dwmac-4.20a"),
	},
	.create = dwmac4_create,
	.destroy = dwmac4_destroy,
	.window_init = dwmac4_window_init,
	.take_writes = dwmac4_take_writes,
	.step = dwmac4_step,
	.publish = dwmac4_publish,
	.dma_started = dwmac4_dma_started,
	.dma_map = dwmac4_dma_map,
	.dma_unmap = dwmac4_dma_unmap,
	.print_stats = dwmac4_print_stats,
};
