/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The register window mirror (dm_window.h).
 *
 * Ordering. A driver writes data registers before the one that makes the
 * device act on them (MDIO data before MDIO address with GB, ring base and
 * length before SR) with a write barrier in between (rte_write32). The
 * scan loads those trigger registers first, with acquire semantics, so a
 * trigger seen written comes with every earlier data write; it applies
 * the data registers first and the triggers last. Publishing goes the
 * other way: data registers first, the trigger registers (GB clear, SWR
 * clear) last, so a driver polling a trigger sees its data with it.
 *
 * Reads. The driver's reads never reach the devmodel, so a register whose
 * read has a side effect cannot have it: the two clear-on-read counters
 * (DMA_CHx_Miss_Frame_Cnt, MTL_RxQ_Missed_Packet_Overflow_Cnt) read 0 in
 * the window, and the frames they count are in the model's statistics
 * (rx_missed, rx_dropped_overflow) that the devmodel reports.
 */
#include <stdbool.h>
#include <string.h>

#include "dm_window.h"
#include "dwmac4_regs.h"

/* Registers that make the device act, in the order they are applied. */
static const uint32_t dm_triggers[] = {
	DMA_BUS_MODE,			/* SWR */
	GMAC_MDIO_ADDR,			/* GB */
	DMA_CHAN_RX_END_ADDR(0), DMA_CHAN_TX_END_ADDR(0),
	DMA_CHAN_RX_END_ADDR(1), DMA_CHAN_TX_END_ADDR(1),
	DMA_CHAN_RX_END_ADDR(2), DMA_CHAN_TX_END_ADDR(2),
	DMA_CHAN_RX_END_ADDR(3), DMA_CHAN_TX_END_ADDR(3),
	DMA_CHAN_RX_END_ADDR(4), DMA_CHAN_TX_END_ADDR(4),
	DMA_CHAN_RX_END_ADDR(5), DMA_CHAN_TX_END_ADDR(5),
	DMA_CHAN_RX_END_ADDR(6), DMA_CHAN_TX_END_ADDR(6),
	DMA_CHAN_RX_END_ADDR(7), DMA_CHAN_TX_END_ADDR(7),
	DMA_CHAN_RX_CONTROL(0), DMA_CHAN_TX_CONTROL(0),
	DMA_CHAN_RX_CONTROL(1), DMA_CHAN_TX_CONTROL(1),
	DMA_CHAN_RX_CONTROL(2), DMA_CHAN_TX_CONTROL(2),
	DMA_CHAN_RX_CONTROL(3), DMA_CHAN_TX_CONTROL(3),
	DMA_CHAN_RX_CONTROL(4), DMA_CHAN_TX_CONTROL(4),
	DMA_CHAN_RX_CONTROL(5), DMA_CHAN_TX_CONTROL(5),
	DMA_CHAN_RX_CONTROL(6), DMA_CHAN_TX_CONTROL(6),
	DMA_CHAN_RX_CONTROL(7), DMA_CHAN_TX_CONTROL(7),
};

_Static_assert(DWMAC4_MODEL_MAX_CHANNELS == 8,
	       "dm_triggers lists the channels of the model");

/* What a word of the window is to the mirror. */
enum {
	DM_REG_PLAIN = 0,
	DM_REG_TRIGGER,		/* in dm_triggers[] */
	DM_REG_CLEAR_ON_READ,	/* the window shows 0 (see above) */
};

static uint32_t
dm_model_value(struct dm_window *w, uint32_t i)
{
	return w->kind[i] == DM_REG_CLEAR_ON_READ ? 0 :
	       dwmac4_model_peek32(w->m, i * 4u);
}

void
dm_window_init(struct dm_window *w, struct dwmac4_model *m, uint32_t *win)
{
	uint32_t i;

	memset(w, 0, sizeof(*w));
	w->m = m;
	w->win = win;
	for (i = 0; i < sizeof(dm_triggers) / sizeof(dm_triggers[0]); i++)
		w->kind[dm_triggers[i] / 4u] = DM_REG_TRIGGER;
	for (i = 0; i < DWMAC4_MODEL_MAX_MTL_QUEUES; i++)
		w->kind[DWMAC4_MTL_CHAN_RX_MISSED_PKT_OVF_CNT(i) / 4u] =
			DM_REG_CLEAR_ON_READ;
	for (i = 0; i < DWMAC4_MODEL_MAX_CHANNELS; i++)
		w->kind[DMA_CHAN_MISS_FRAME_CNT(i) / 4u] = DM_REG_CLEAR_ON_READ;
	for (i = 0; i < DM_WINDOW_WORDS; i++) {
		w->shadow[i] = dm_model_value(w, i);
		__atomic_store_n(&w->win[i], w->shadow[i], __ATOMIC_RELEASE);
	}
}

/* A driver write to word @p i, if any: updates the shadow. */
static bool
dm_take(struct dm_window *w, uint32_t i)
{
	uint32_t v = __atomic_load_n(&w->win[i], __ATOMIC_ACQUIRE);

	if (v == w->shadow[i])
		return false;
	w->shadow[i] = v;
	return true;
}

unsigned int
dm_window_take_writes(struct dm_window *w)
{
	bool trig[sizeof(dm_triggers) / sizeof(dm_triggers[0])];
	unsigned int n = 0, t;
	uint32_t i;

	/* Triggers first: what the driver wrote before them is visible. */
	for (t = 0; t < sizeof(dm_triggers) / sizeof(dm_triggers[0]); t++)
		trig[t] = dm_take(w, dm_triggers[t] / 4u);
	for (i = 0; i < DM_WINDOW_WORDS; i++) {
		if (w->kind[i] == DM_REG_TRIGGER || !dm_take(w, i))
			continue;
		dwmac4_model_write32(w->m, i * 4u, w->shadow[i]);
		n++;
	}
	for (t = 0; t < sizeof(dm_triggers) / sizeof(dm_triggers[0]); t++) {
		if (!trig[t])
			continue;
		dwmac4_model_write32(w->m, dm_triggers[t],
				     w->shadow[dm_triggers[t] / 4u]);
		n++;
	}
	w->writes += n;
	return n;
}

/* Stores the model's value of word @p i unless the driver wrote it. */
static bool
dm_put(struct dm_window *w, uint32_t i)
{
	uint32_t v = dm_model_value(w, i), expected = w->shadow[i];

	if (v == expected)
		return false;
	if (!__atomic_compare_exchange_n(&w->win[i], &expected, v, false,
					 __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE)) {
		/* A driver write: taken at the next scan, published after. */
		w->deferred++;
		return false;
	}
	w->shadow[i] = v;
	return true;
}

unsigned int
dm_window_publish(struct dm_window *w)
{
	unsigned int n = 0, t;
	uint32_t i;

	for (i = 0; i < DM_WINDOW_WORDS; i++)
		if (w->kind[i] != DM_REG_TRIGGER)
			n += dm_put(w, i);
	for (t = 0; t < sizeof(dm_triggers) / sizeof(dm_triggers[0]); t++)
		n += dm_put(w, dm_triggers[t] / 4u);
	return n;
}
