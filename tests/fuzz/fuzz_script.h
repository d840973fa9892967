/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * What the device-model harnesses (fuzz_model_rx.c, fuzz_neta_model_rx.c)
 * share: the script reader, the guarded DMA window and the addresses a
 * script picks in, across or out of it.
 *
 * Memory: one allocation [guard | window | guard]; only the window is
 * registered with the model at IOVA FUZZ_WIN_IOVA. The guards hold a
 * sentinel that fuzz_mem_check() verifies after every model call.
 */
#ifndef SOCRX_FUZZ_SCRIPT_H
#define SOCRX_FUZZ_SCRIPT_H

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#ifndef ASSERT
#define ASSERT(c) do { if (!(c)) __builtin_trap(); } while (0)
#endif

#define FUZZ_GUARD 4096u
#define FUZZ_WIN (64u * 1024u)
#define FUZZ_WIN_IOVA 0x40000000ull
#define FUZZ_SENT 0x5au
#define FUZZ_BUF_AREA 0x4000u	/* buffers from here on; the ring below */

/* ---- Input reader: missing bytes read as 0 ---- */

struct in {
	const uint8_t *p;
	size_t n, i;
};

static inline uint32_t
get(struct in *in, unsigned int bytes)
{
	uint32_t v = 0;
	unsigned int k;

	for (k = 0; k < bytes; k++)
		v |= (uint32_t)(in->i < in->n ? in->p[in->i++] : 0) << (8 * k);
	return v;
}

/*
 * A frame of @p len bytes, malloc'ed (the caller owns it): bytes from the
 * input, then a pattern.
 */
static inline uint8_t *
fuzz_frame(struct in *in, size_t len)
{
	uint8_t *f = malloc(len ? len : 1);
	size_t k;

	ASSERT(f != NULL);
	for (k = 0; k < len; k++)
		f[k] = in->i < in->n ? in->p[in->i++] : (uint8_t)k;
	return f;
}

/* ---- The guarded window ---- */

/* guard | window | guard, sentinels in the guards, the first @p clean window bytes 0. */
static inline uint8_t *
fuzz_mem_alloc(size_t clean)
{
	uint8_t *mem = malloc(FUZZ_GUARD + FUZZ_WIN + FUZZ_GUARD);

	ASSERT(mem != NULL);
	memset(mem, FUZZ_SENT, FUZZ_GUARD + FUZZ_WIN + FUZZ_GUARD);
	memset(mem + FUZZ_GUARD, 0, clean);
	return mem;
}

/* Both guards still hold the sentinel: nothing reached outside the window. */
static inline void
fuzz_mem_check(const uint8_t *mem)
{
	static uint8_t ref[FUZZ_GUARD];

	if (ref[0] != FUZZ_SENT)
		memset(ref, FUZZ_SENT, sizeof(ref));
	ASSERT(memcmp(mem, ref, FUZZ_GUARD) == 0);
	ASSERT(memcmp(mem + FUZZ_GUARD + FUZZ_WIN, ref, FUZZ_GUARD) == 0);
}

/* An IOVA chosen by the script: in, across the ends of, or out of the window. */
static inline uint64_t
fuzz_pick_iova(struct in *in)
{
	unsigned int sel = get(in, 1) % 8;
	uint32_t off = get(in, 2);

	switch (sel) {
	case 0: case 1: case 2:		/* inside, buffer area */
		return FUZZ_WIN_IOVA + FUZZ_BUF_AREA +
		       off % (FUZZ_WIN - FUZZ_BUF_AREA);
	case 3:				/* inside, anywhere (ring included) */
		return FUZZ_WIN_IOVA + off % FUZZ_WIN;
	case 4:				/* near the end: buffer straddles it */
		return FUZZ_WIN_IOVA + FUZZ_WIN - 1 - off % 2048u;
	case 5:				/* just past the end (guard in VA) */
		return FUZZ_WIN_IOVA + FUZZ_WIN + off % FUZZ_GUARD;
	case 6:				/* just before the start */
		return FUZZ_WIN_IOVA - 1 - off % FUZZ_GUARD;
	default:			/* raw, maybe 0 */
		return (uint64_t)off << (get(in, 1) % 24);
	}
}

#endif /* SOCRX_FUZZ_SCRIPT_H */
