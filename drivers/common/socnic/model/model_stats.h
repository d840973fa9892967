/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The device models' statistics: structs of 64-bit counters written by
 * the model under its lock and read by any thread. Inline: no exported
 * symbol.
 */
#ifndef SOCRX_MODEL_STATS_H
#define SOCRX_MODEL_STATS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/*
 * Relaxed snapshot of @p bytes of 64-bit counters at @p src into @p dst
 * (each counter whole; the set is not one instant).
 */
static inline void
model_stats_snapshot(void *dst, const void *src, size_t bytes)
{
	const uint64_t *s = src;
	uint64_t *d = dst;
	size_t i;

	for (i = 0; i < bytes / sizeof(uint64_t); i++)
		d[i] = __atomic_load_n(&s[i], __ATOMIC_RELAXED);
}

/*
 * One more in a register's frame counter, the field @p mask from bit 0,
 * which saturates: once full, the overflow bit @p ovf is set instead.
 * Atomic: the driver's read-to-clear of the register may race the
 * engine.
 */
static inline void
model_reg_count_saturating(uint32_t *reg, uint32_t mask, uint32_t ovf)
{
	uint32_t old = __atomic_load_n(reg, __ATOMIC_RELAXED), nv;

	do {
		if ((old & mask) == mask)
			nv = old | ovf;
		else
			nv = old + 1u;
	} while (!__atomic_compare_exchange_n(reg, &old, nv, false,
					      __ATOMIC_ACQ_REL,
					      __ATOMIC_RELAXED));
}

#endif /* SOCRX_MODEL_STATS_H */
