/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * socrx-devmodel's register window: the model's registers mirrored into
 * memory the driver maps and reads and writes directly, as it does a
 * device's registers. No function call links the two: a driver write is
 * noticed by comparing the window with what the devmodel last saw there
 * (its shadow), and what the device changes itself is stored back into
 * the window with a compare-and-swap against that shadow, so a driver
 * write racing with it is never lost (docs/model.md, "socrx-devmodel").
 */
#ifndef DM_WINDOW_H
#define DM_WINDOW_H

#include <stdint.h>

#include "model/dwmac4_model.h"

#define DM_WINDOW_WORDS	(DWMAC4_MODEL_REG_WINDOW / 4u)

struct dm_window {
	struct dwmac4_model *m;
	uint32_t *win;				/* the shared window */
	uint32_t shadow[DM_WINDOW_WORDS];	/* what the window holds */
	uint8_t kind[DM_WINDOW_WORDS];		/* DM_REG_* of each word */
	uint64_t writes;			/* driver writes applied */
	uint64_t deferred;			/* publishes a driver write overtook */
};

/* Fills @p win with the model's registers and starts mirroring them. */
void dm_window_init(struct dm_window *w, struct dwmac4_model *m,
		    uint32_t *win);

/*
 * Hands every driver write since the last call to the model
 * (dwmac4_model_write32()), registers without side effects first, then
 * those that trigger one (reset, MDIO, tail pointers, DMA start/stop).
 * Returns the number of writes.
 */
unsigned int dm_window_take_writes(struct dm_window *w);

/*
 * Stores what the model's registers read now into the window, where it
 * differs; the side effects of reads are not the window's (see
 * dm_window.c). Returns the number of words stored.
 */
unsigned int dm_window_publish(struct dm_window *w);

#endif /* DM_WINDOW_H */
