/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * A device model's interrupt lines as event fds, as a UIO device's irq is
 * to its reader: one per queue and one for the rest of the device (the
 * dwmac4's MAC line, the NETA's MISCINTR). Each rise of a line writes 1 to
 * its fd; what raises a line stays the family's.
 */
#ifndef SOCRX_MODEL_EFD_H
#define SOCRX_MODEL_EFD_H

#include <stdbool.h>

/* Queue lines a model may have (dwmac4: DMA channels; NETA: RXQs). */
#define MODEL_EFD_LINES_MAX	8u

struct model_efds {
	int misc;				/* the device's other line */
	int line[MODEL_EFD_LINES_MAX];		/* one per queue */
};						/* -1: none */

/*
 * Opens the other line's fd and those of queue lines 0..@p n-1 (the rest
 * -1). 0, or -errno with none left open.
 */
int model_efds_open(struct model_efds *e, unsigned int n);

/* Closes every fd of @p e (each -1 after). */
void model_efds_close(struct model_efds *e);

/* One rise written to @p efd (-1: none): false when it was lost. */
bool model_efd_signal(int efd);

#endif /* SOCRX_MODEL_EFD_H */
