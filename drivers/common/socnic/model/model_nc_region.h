/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The shadow of one range of host memory (model_nc.c): D, the range's
 * DRAM bytes, kept in chunks of NC_CHUNK bytes allocated on first need,
 * with the stale mask and the write-back epoch of each line. A range of
 * DPDK memory is shadowed whole, but only what the device or the
 * maintenance touches (and what was resident when the range was mapped)
 * costs memory. A chunk not allocated is all zero and not stale. (An
 * application that locks all its memory, as dpdk-testpmd does with
 * mlockall(), would otherwise populate a full-size shadow.)
 *
 * Private to the non-coherent interconnect: model_nc.c keeps the regions
 * and their lock.
 */
#ifndef SOCRX_MODEL_NC_REGION_H
#define SOCRX_MODEL_NC_REGION_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include "model_nc.h"

/* Shadow allocation unit. */
#define NC_CHUNK_SHIFT		16u
#define NC_CHUNK		((size_t)1 << NC_CHUNK_SHIFT)
#define NC_CHUNK_LINES		(NC_CHUNK / MODEL_NC_LINE)

_Static_assert(MODEL_NC_LINE == 64, "one stale bit per byte of a line");

struct nc_chunk {
	uint64_t stale[NC_CHUNK_LINES];	/* one mask per line */
	/*
	 * nc.epoch (model_nc.c) when a clean last wrote the line back
	 * (0: never)
	 */
	uint32_t wb_epoch[NC_CHUNK_LINES];
	uint8_t dram[NC_CHUNK];		/* D */
};

struct nc_region {
	uintptr_t va;		/* line-aligned */
	size_t len;		/* whole lines */
	struct nc_chunk **chunk;	/* NULL: all zero, nothing stale */
	size_t n_chunks;
};

/* One line of D and its stale mask, as found by nc_line(). */
struct nc_line {
	uint8_t *d;		/* NULL: the line is zero (no chunk) */
	uint64_t *stale;
	uint32_t *wb_epoch;
};

/*
 * The line of @p r holding @p a. With @p alloc its chunk is created (zero)
 * if needed, and d is NULL only when memory ran out; without, a missing
 * chunk gives d NULL: a zero line, nothing stale. Lock held.
 */
static inline struct nc_line
nc_line(struct nc_region *r, uintptr_t a, bool alloc)
{
	size_t off = a - r->va, ci = off >> NC_CHUNK_SHIFT;
	size_t li = (off % NC_CHUNK) / MODEL_NC_LINE;
	struct nc_chunk *c = r->chunk[ci];
	struct nc_line l = { NULL, NULL, NULL };

	if (c == NULL && alloc) {
		c = calloc(1, sizeof(*c));
		r->chunk[ci] = c;
	}
	if (c != NULL) {
		l.d = c->dram + li * MODEL_NC_LINE;
		l.stale = &c->stale[li];
		l.wb_epoch = &c->wb_epoch[li];
	}
	return l;
}

/*
 * D of a new range takes what the range holds now (model_nc_region.c).
 * 0 or -ENOMEM. Lock held.
 */
int nc_snapshot(struct nc_region *r);
/* Frees the chunks of @p r. */
void nc_region_free(struct nc_region *r);

#endif /* SOCRX_MODEL_NC_REGION_H */
