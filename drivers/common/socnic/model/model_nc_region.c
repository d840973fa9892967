/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The shadow of one range (model_nc_region.h): filled when the range is
 * mapped, freed when the last model detaches (model_nc.c).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "model_nc_region.h"

/* Copies [lo, hi) of the CPU's view into D. 0 or -ENOMEM. Lock held. */
static int
nc_copy_in(struct nc_region *r, uintptr_t lo, uintptr_t hi)
{
	while (lo < hi) {
		struct nc_line l = nc_line(r, lo, true);
		size_t n = NC_CHUNK - (lo - r->va) % NC_CHUNK;

		if (l.d == NULL)
			return -ENOMEM;
		if (n > hi - lo)
			n = hi - lo;
		memcpy(l.d, (const void *)lo, n);
		lo += n;
	}
	return 0;
}

/*
 * D of a new range takes what the range holds now. Pages not resident
 * (mincore) were never written and read as zero, as a missing chunk
 * does: only resident pages are copied, so shadowing all of DPDK's
 * memory costs what is in use, not what is reserved.
 */
int
nc_snapshot(struct nc_region *r)
{
	size_t pg = (size_t)sysconf(_SC_PAGESIZE);
	uintptr_t p0 = r->va & ~(uintptr_t)(pg - 1);
	size_t npg = (r->va + r->len - p0 + pg - 1) / pg, i;
	unsigned char *vec = malloc(npg);
	int rc = 0;

	if (vec == NULL || mincore((void *)p0, npg * pg, vec) != 0) {
		free(vec);
		return nc_copy_in(r, r->va, r->va + r->len);
	}
	for (i = 0; i < npg && rc == 0; i++) {
		uintptr_t lo = p0 + i * pg, hi = lo + pg;

		if (!(vec[i] & 1))
			continue;
		if (lo < r->va)
			lo = r->va;
		if (hi > r->va + r->len)
			hi = r->va + r->len;
		rc = nc_copy_in(r, lo, hi);
	}
	free(vec);
	return rc;
}

void
nc_region_free(struct nc_region *r)
{
	size_t i;

	for (i = 0; i < r->n_chunks; i++)
		free(r->chunk[i]);
	free(r->chunk);
}
