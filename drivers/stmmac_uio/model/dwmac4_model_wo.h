/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Write-ordering adversary of the dwmac4 model (params.fault_wo_ppm,
 * robustness row 13, fault knob 3): private state and the engine's hooks.
 * The code is in dwmac4_model_wo.c; the design in docs/design/
 * robustness.md, "Write-ordering adversary".
 *
 * A hit frame's last descriptor is written back with OWN clear while its
 * RDES1 and the head of its last buffer still hold poison; the true words
 * and bytes wait in a pending record, one per descriptor slot, until the
 * driver executes its read barrier (dwmac4_model_rx_barrier()), or until
 * RX DMA stops (the device's writes drain).
 */
#ifndef SOCRX_DWMAC4_MODEL_WO_H
#define SOCRX_DWMAC4_MODEL_WO_H

#include <stdbool.h>
#include <stdint.h>

struct dwmac4_model;
struct dwmac4_desc;
struct model_rx_frame;

/* Descriptor slots a ring can have (DMA_CHAN_RX_RING_LEN: 10 bits). */
#define MODEL_WO_SLOTS		1024u
/* Payload bytes held back per frame: the first cache line. */
#define MODEL_WO_HEAD		64u

/* What the engine wrote late for one descriptor slot. */
struct model_wo_rec {
	uint64_t buf_iova;		/* the slot's buffer */
	uint32_t rdes1;			/* true RDES1 (when rdes1_held) */
	uint16_t head_len;		/* payload bytes held back */
	bool rdes1_held;
	bool pending;
	uint8_t head[MODEL_WO_HEAD];	/* true payload head */
};

struct model_wo {
	uint32_t n_pending;
	uint16_t order[MODEL_WO_SLOTS];	/* pending slots, oldest first */
	struct model_wo_rec rec[MODEL_WO_SLOTS];
};

/*
 * Write-back of RX descriptor @p idx (@p d, still holding the buffer
 * address the driver armed) of frame @p f, @p last when it closes the
 * frame; @p rdes1 is the RDES1 the engine is about to write. Returns the
 * RDES1 to write (poison for a hit frame). Only called with
 * params.fault_wo_ppm != 0; lock held, before the RDES3 store.
 */
uint32_t model_wo_write_back(struct dwmac4_model *m,
			     const struct model_rx_frame *f, uint32_t idx,
			     const struct dwmac4_desc *d, bool last,
			     uint32_t rdes1);

/* RX DMA stops or resets: every pending record becomes visible. Lock held. */
void model_wo_drain(struct dwmac4_model *m);

#endif /* SOCRX_DWMAC4_MODEL_WO_H */
