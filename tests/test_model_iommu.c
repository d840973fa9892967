/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The device models' DMA window (model_iommu.h): lookups, which check the
 * two most recent regions before a binary search, against a linear scan
 * of what is mapped, while regions come and go (a recent region unmapped
 * or remapped elsewhere must not answer for its old range).
 */
#include <string.h>

#include "harness.h"
#include "model_iommu.h"

#define NSLOTS 96u		/* candidate regions: 1 MiB of IOVA each */
#define SLOT_IOVA(i) (0x40000000ull + (uint64_t)(i) * 0x100000u)

static struct model_iommu win;
static struct {
	bool mapped;
	uint8_t *va;
	size_t len;
} slot[NSLOTS];
static uint8_t host[NSLOTS][64];	/* distinct host addresses */

/* The answer a correct window gives: a linear scan of the slots. */
static void *
ref_lookup(uint64_t iova, size_t len)
{
	unsigned int i;

	for (i = 0; i < NSLOTS; i++) {
		uint64_t b = SLOT_IOVA(i);

		if (slot[i].mapped && iova >= b && len <= slot[i].len &&
		    iova - b <= slot[i].len - len)
			return slot[i].va + (iova - b);
	}
	return NULL;
}

/* An IOVA in or around slot @p i: inside, at either edge, or past it. */
static uint64_t
pick_iova(unsigned int i, size_t *len)
{
	uint64_t b = SLOT_IOVA(i), r = harness_rand();

	*len = 1 + (size_t)(r >> 8) % 64;
	switch (r % 4) {
	case 0:
		return b;
	case 1:
		return b + 4096 - *len;		/* the last bytes of a 4 KiB region */
	case 2:
		return b + 4096 - *len + 1;	/* one byte over its end */
	default:
		return b + (r >> 20) % 8192;
	}
}

static void
toggle(unsigned int i)
{
	if (slot[i].mapped) {
		CHECK_EQ_U(model_iommu_unmap(&win, SLOT_IOVA(i)), 0, "unmap slot %u", i);
		slot[i].mapped = false;
		return;
	}
	/* Remapped at another host address and length than last time. */
	slot[i].va = host[(i + harness_rand()) % NSLOTS];
	slot[i].len = (harness_rand() & 1) ? 4096 : 8192;
	CHECK_EQ_U(model_iommu_map(&win, slot[i].va, SLOT_IOVA(i), slot[i].len), 0,
		   "map slot %u", i);
	slot[i].mapped = true;
}

int
main(void)
{
	unsigned int step, i, prev = 0, bad = 0;
	uint64_t iova;
	size_t len;
	void *got, *want;

	harness_seed_from_env(20261202);
	for (i = 0; i < NSLOTS; i += 2)
		toggle(i);
	for (step = 0; step < 400000; step++) {
		/* Mostly the two alternating regions, as a DMA engine goes. */
		if (step % 7 == 0)
			i = (unsigned int)(harness_rand() % NSLOTS);
		else
			i = step % 2 ? prev : (unsigned int)(harness_rand() % 4);
		if (step % 2)
			prev = i;
		iova = pick_iova(i, &len);
		got = model_iommu_lookup(&win, iova, len);
		want = ref_lookup(iova, len);
		if (got != want && bad++ < 5)
			printf("  step %u: IOVA %#" PRIx64 " +%zu: %p, expected %p\n",
			       step, iova, len, got, want);
		/* Regions come and go, the recent ones among them. */
		if (step % 13 == 0)
			toggle(step % 26 == 0 ? i : (unsigned int)(harness_rand() % NSLOTS));
	}
	CHECK_EQ_U(bad, 0, "lookups differing from a scan of the mapped regions");
	return harness_result("model_iommu");
}
