/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * A neta model TX sink that keeps every frame in memory (the tests that
 * drive the model as a whole driver would, tests/test_neta_model_seq.c
 * and test_neta_model_uboot.c, compare the wire with what they sent).
 * The model owns it and destroys it: read it before neta_model_destroy().
 */
#ifndef SOCRX_TEST_NETA_MODEL_SINK_H
#define SOCRX_TEST_NETA_MODEL_SINK_H

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "model_traffic.h"

#define SINK_MAX	2048u

struct mem_sink {
	struct model_traffic_sink base;
	uint8_t *f[SINK_MAX];
	uint32_t len[SINK_MAX];
	unsigned int n;
};

static inline int
mem_sink_put(struct model_traffic_sink *s, const uint8_t *frame, size_t len)
{
	struct mem_sink *k = (struct mem_sink *)s;

	if (k->n == SINK_MAX)
		return -1;
	k->f[k->n] = malloc(len);
	if (k->f[k->n] == NULL)
		abort();
	memcpy(k->f[k->n], frame, len);
	k->len[k->n++] = (uint32_t)len;
	return 0;
}

static inline void
mem_sink_destroy(struct model_traffic_sink *s)
{
	struct mem_sink *k = (struct mem_sink *)s;

	while (k->n != 0)
		free(k->f[--k->n]);
	free(k);
}

static inline struct mem_sink *
mem_sink_create(void)
{
	struct mem_sink *k = calloc(1, sizeof(*k));

	if (k == NULL)
		abort();
	k->base.put = mem_sink_put;
	k->base.destroy = mem_sink_destroy;
	return k;
}

#endif /* SOCRX_TEST_NETA_MODEL_SINK_H */
