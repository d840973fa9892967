/* SPDX-License-Identifier: BSD-3-Clause */
#include <stdlib.h>
#include <string.h>

#include "latency.h"

static int
cmp_u32(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;

	return x < y ? -1 : x > y;
}

/* The sample at quantile @p q of @p n sorted ones (nearest rank). */
static uint64_t
rank(const uint32_t *v, uint32_t n, double q)
{
	uint32_t i = (uint32_t)(q * n);

	return v[i < n ? i : n - 1];
}

void
latency_summarise(struct latency_samples *s, struct latency_summary *out)
{
	uint32_t n = s->n < LATENCY_MAX_SAMPLES ? s->n : LATENCY_MAX_SAMPLES;

	memset(out, 0, sizeof(*out));
	out->n = s->n;
	if (n == 0)
		return;
	qsort(s->cycles, n, sizeof(s->cycles[0]), cmp_u32);
	out->p50 = rank(s->cycles, n, 0.50);
	out->p90 = rank(s->cycles, n, 0.90);
	out->p99 = rank(s->cycles, n, 0.99);
	out->max = s->cycles[n - 1];
}
