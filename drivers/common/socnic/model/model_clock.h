/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * A device model's time in ns: CLOCK_MONOTONIC, or a manual clock that
 * starts at 0 and moves only when a step-mode test advances it, so that
 * timed behaviour (a PAUSE's quanta, a watchdog) is checked exactly.
 */
#ifndef SOCRX_MODEL_CLOCK_H
#define SOCRX_MODEL_CLOCK_H

#include <stdbool.h>
#include <stdint.h>
#include <time.h>

static inline uint64_t
model_clock_ns(bool manual, const uint64_t *manual_now_ns)
{
	struct timespec ts;

	if (manual)
		return __atomic_load_n(manual_now_ns, __ATOMIC_ACQUIRE);
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

/* Moves a manual clock @p ns forward (nothing for the monotonic one). */
static inline void
model_clock_advance(bool manual, uint64_t *manual_now_ns, uint64_t ns)
{
	if (manual)
		__atomic_fetch_add(manual_now_ns, ns, __ATOMIC_ACQ_REL);
}

#endif /* SOCRX_MODEL_CLOCK_H */
