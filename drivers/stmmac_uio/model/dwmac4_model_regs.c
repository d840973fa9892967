/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The register window as the driver reaches it (dwmac4_model_read32(),
 * dwmac4_model_write32(), dwmac4_model_peek32()): offsets checked, the
 * read-only and clear-on-read registers, the registers computed when
 * read, and each write handed to the block whose side effects it has
 * (DMA channels, MMC, timestamp unit, MTL, reset, MDIO, interrupts).
 */
#include <pthread.h>

#include "dwmac4_model_internal.h"

/* True for registers a driver write must not change. */
static bool
model_reg_read_only(uint32_t off)
{
	switch (off) {
	case GMAC4_VERSION:
	case GMAC_DEBUG:
	case GMAC_HW_FEATURE0:
	case GMAC_HW_FEATURE1:
	case GMAC_HW_FEATURE2:
	case GMAC_HW_FEATURE3:
	case DMA_STATUS:
	case DMA_DEBUG_STATUS_0:
	case DMA_DEBUG_STATUS_1:
	case DMA_DEBUG_STATUS_2:
	case MTL_CHAN_RX_DEBUG(0):
	case MTL_CHAN_RX_DEBUG(1):
	case MTL_CHAN_RX_DEBUG(2):
	case MTL_CHAN_RX_DEBUG(3):
	case MTL_CHAN_RX_DEBUG(4):
	case MTL_CHAN_RX_DEBUG(5):
	case MTL_CHAN_RX_DEBUG(6):
	case MTL_CHAN_RX_DEBUG(7):
	case GMAC_INT_STATUS:	/* its RGSMIIIS clears on a PHYIF read */
	case PTP_STSR:		/* the live system time */
	case PTP_STNSR:
		return true;
	default:
		return false;
	}
}

static bool
reg_off_ok(struct dwmac4_model *m, uint32_t off, const char *op)
{
	if (off % 4u == 0 && off < DWMAC4_MODEL_REG_WINDOW)
		return true;
	model_violation(m, MODEL_VIOL_BAD_REG, "%s at bad register offset %#x",
			op, off);
	return false;
}

/*
 * DMA_Debug_Status0/1/2 (@p off): the RX and TX process states of the
 * channels that register holds; a channel the model lacks reads Stopped.
 */
static uint32_t
dma_debug_read(struct dwmac4_model *m, uint32_t off)
{
	uint32_t v = 0, rps, tps;
	unsigned int ch;

	for (ch = 0; ch < m->params.n_channels; ch++) {
		const struct model_ring *rx = &m->rx[ch], *tx = &m->tx[ch];

		if (DWMAC4_DMA_DEBUG_STATUS(ch) != off)
			continue;
		rps = DWMAC4_DMA_DEBUG_PS_STOPPED;
		tps = rps;
		if (__atomic_load_n(&rx->running, __ATOMIC_ACQUIRE))
			rps = rx->stopping ? DWMAC4_DMA_DEBUG_RPS_TRANSFER :
			      rx->suspended ? DWMAC4_DMA_DEBUG_RPS_SUSPENDED : 3u;
		if (__atomic_load_n(&tx->running, __ATOMIC_ACQUIRE))
			tps = tx->suspended ? DWMAC4_DMA_DEBUG_TPS_SUSPENDED : 1u;
		v |= rps << DWMAC4_DMA_DEBUG_RPS_SHIFT(ch) |
		     tps << DWMAC4_DMA_DEBUG_TPS_SHIFT(ch);
	}
	return v;
}

uint32_t
dwmac4_model_peek32(struct dwmac4_model *m, uint32_t off)
{
	uint32_t v = 0, *cor;
	unsigned int ch;

	if (off % 4u != 0 || off >= DWMAC4_MODEL_REG_WINDOW)
		return 0;
	/*
	 * No clock: the block answers 0, but for the reset it never ends;
	 * held in reset by the SoC, everything reads 0.
	 */
	if (model_clocks(m) == DWMAC4_MODEL_CLOCKS_OFF)
		return off == DMA_BUS_MODE &&
		       !__atomic_load_n(&m->soc_held, __ATOMIC_ACQUIRE) ?
		       model_reg_get(m, off) : 0;
	if (off == DMA_DEBUG_STATUS_0 || off == DMA_DEBUG_STATUS_1 ||
	    off == DMA_DEBUG_STATUS_2)
		return dma_debug_read(m, off);
	if (off >= MTL_CHAN_RX_DEBUG(0) &&
	    off <= MTL_CHAN_RX_DEBUG(DWMAC4_MODEL_MAX_MTL_QUEUES - 1) &&
	    (off - MTL_CHAN_RX_DEBUG(0)) % MTL_CHAN_BASE_OFFSET == 0) {
		unsigned int q = (off - MTL_CHAN_RX_DEBUG(0)) /
				 MTL_CHAN_BASE_OFFSET;

		return q < m->params.mtl_queues ? model_mtl_rx_debug(m, q) : 0;
	}
	if (off == DMA_STATUS) {
		/* One summary bit per channel with a status bit pending. */
		for (ch = 0; ch < m->params.n_channels; ch++)
			if (model_reg_get(m, DMA_CHAN_STATUS(ch)))
				v |= DWMAC4_DMA_STATUS_CHAN(ch);
		return v;
	}
	cor = model_cor_reg(m, off);
	if (cor != NULL)
		return __atomic_load_n(cor, __ATOMIC_RELAXED);
	if (off == GMAC_INT_STATUS)
		return model_reg_get(m, off) | model_mmc_int_status(m);
	if (off == PTP_STSR || off == PTP_STNSR)
		return model_ptp_read(m, off);
	return model_reg_get(m, off);
}

uint32_t
dwmac4_model_read32(struct dwmac4_model *m, uint32_t off)
{
	uint32_t *cor, v;

	if (!reg_off_ok(m, off, "read32"))
		return 0;
	if (model_clocks(m) == DWMAC4_MODEL_CLOCKS_OFF) {
		if (m->params.clocks == DWMAC4_MODEL_CLOCKS_ON)
			MODEL_STAT_ADD_ATOMIC(m, soc_unclocked_accesses, 1);
		return dwmac4_model_peek32(m, off);
	}
	/* An MMC counter's read clears its interrupt (and it, RSTONRD). */
	if (model_mmc_read(m, off, &v))
		return v;
	/* The clear-on-read counters: the only reads with a side effect. */
	cor = model_cor_reg(m, off);
	if (cor != NULL)
		return __atomic_exchange_n(cor, 0, __ATOMIC_ACQ_REL);
	if (off == GMAC_PHYIF_CONTROL_STATUS)
		return model_phyif_read(m);
	return dwmac4_model_peek32(m, off);
}

static void
reg_write(struct dwmac4_model *m, uint32_t off, uint32_t val)
{
	if (!reg_off_ok(m, off, "write32") || model_reg_read_only(off))
		return;
	if (model_clocks(m) == DWMAC4_MODEL_CLOCKS_OFF) {
		if (m->params.clocks == DWMAC4_MODEL_CLOCKS_ON)
			MODEL_STAT_ADD_ATOMIC(m, soc_unclocked_accesses, 1);
		/* Held in reset: the write is lost, the reset too. */
		if (__atomic_load_n(&m->soc_held, __ATOMIC_ACQUIRE) ||
		    !(off == DMA_BUS_MODE && (val & DMA_BUS_MODE_SFT_RESET)))
			return;
	}
	if (model_chan_write(m, off, val) || model_mmc_write(m, off, val) ||
	    model_ptp_write(m, off, val))
		return;
	if (off >= MTL_CHAN_BASE_ADDR &&
	    off < MTL_CHANX_BASE_ADDR(DWMAC4_MODEL_MAX_MTL_QUEUES) &&
	    ((off - MTL_CHAN_BASE_ADDR) % MTL_CHAN_BASE_OFFSET == 0 ||
	     (off - MTL_CHAN_BASE_ADDR) % MTL_CHAN_BASE_OFFSET == 0x30u)) {
		model_reg_set(m, off, model_mtl_op_mode_write(m, off, val));
		return;
	}
	switch (off) {
	case DMA_BUS_MODE:
		pthread_mutex_lock(&m->lock);
		if (val & DMA_BUS_MODE_SFT_RESET)
			model_soft_reset(m);	/* SWR reads 0 at once */
		else
			model_reg_set(m, off, val);
		pthread_mutex_unlock(&m->lock);
		break;
	case GMAC_MDIO_ADDR:
		pthread_mutex_lock(&m->lock);
		if (val & MII_ADDR_GBUSY)
			model_mdio_transfer(m, val);
		model_reg_set(m, off, val & ~MII_ADDR_GBUSY);
		pthread_mutex_unlock(&m->lock);
		break;
	case GMAC_ADDR_HIGH(0):
		model_reg_set(m, off, val | GMAC_HI_REG_AE);
		break;
	case GMAC_INT_EN:
		model_reg_set(m, off, val);
		model_mac_irq_eval(m);
		break;
	default:
		model_reg_set(m, off, val);
		break;
	}
}

void
dwmac4_model_write32(struct dwmac4_model *m, uint32_t off, uint32_t val)
{
	reg_write(m, off, val);
	/*
	 * Routing, queue maps and sizes: the engines decode them again
	 * (after the store, which this release orders before the flag).
	 */
	if (model_route_reg(off))
		__atomic_store_n(&m->route_dirty, true, __ATOMIC_RELEASE);
	/* Any register write may give the DMA work: the doorbell. */
	model_thread_kick(&m->thr);
}
