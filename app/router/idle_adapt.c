/* SPDX-License-Identifier: BSD-3-Clause */
/* --idle-sleep's adaptive threshold (idle_adapt.h). */
#include "idle_adapt.h"

void
idle_adapt_init(struct idle_adapt *a, unsigned int base, bool fixed)
{
	uint64_t max = (uint64_t)base << IDLE_ADAPT_MAX_SHIFT;

	a->base = base;
	a->max = fixed ? base : (unsigned int)(max < IDLE_ADAPT_MAX_POLLS ?
					       max : IDLE_ADAPT_MAX_POLLS);
	if (a->max < base)
		a->max = base;
	a->polls = base;
	a->ticks = 0;
	a->full_ticks = 0;
	a->full = false;
	a->watch = 0;
	a->raises = 0;
}

void
idle_adapt_woken(struct idle_adapt *a, bool by_rx)
{
	if (!by_rx) {
		a->polls = a->base;
		a->watch = 0;
		return;
	}
	a->watch = IDLE_ADAPT_FULL_POLLS;
}

void
idle_adapt_judge(struct idle_adapt *a, bool full)
{
	uint64_t p;

	if (!full) {
		a->watch = 0;
		return;
	}
	if (--a->watch != 0 || a->polls >= a->max)
		return;
	p = (uint64_t)a->polls * IDLE_ADAPT_RAISE;
	a->polls = p < a->max ? (unsigned int)p : a->max;
	a->ticks = 0;
	a->full_ticks = 0;
	a->raises++;
}

void
idle_adapt_tick(struct idle_adapt *a)
{
	a->full_ticks += a->full;
	a->full = false;
	if (++a->ticks < IDLE_ADAPT_PERIOD_TICKS)
		return;
	if (a->full_ticks * IDLE_ADAPT_HOLD_DIV < a->ticks)
		a->polls = a->polls / 2 > a->base ? a->polls / 2 : a->base;
	a->ticks = 0;
	a->full_ticks = 0;
}
