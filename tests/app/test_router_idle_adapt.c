/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * --idle-sleep's adaptive threshold (app/router/idle_adapt.c), without
 * EAL, on sequences of events as the poll loop reports them:
 *  - under load (every wake-up finds full bursts) the threshold rises to
 *    its ceiling in a few sleeps, so an lcore fed continuously sleeps only
 *    those few times in pauses shorter than the ceiling;
 *  - light traffic (wake-ups without a full burst), or a single full
 *    burst after a wake-up (a stalled sender catching up), leaves it at
 *    the base;
 *  - periods in fewer than a quarter of whose ticks a full burst came
 *    (quiet, or an lcore starved now and then at a low rate) bring it
 *    back to the base, halving; full bursts in a quarter or more hold it; a
 *    sleep no RX interrupt ended resets it;
 *  - --idle-fixed never moves it.
 * The end-to-end check (the router on model ports flat out) is in
 * test_router_idle.py.
 */
#include <stdio.h>

#include "../harness.h"
#include "idle_adapt.h"

#define BASE 300u

/*
 * A loop fed continuously, with a pause of @p pause empty polls after
 * every @p busy polls, for @p rounds pauses: the sleeps it takes.
 */
static unsigned int
stream_sleeps(struct idle_adapt *a, unsigned int pause, unsigned int rounds)
{
	unsigned int r, sleeps = 0;

	for (r = 0; r < rounds; r++) {
		/* busy: full bursts, a tick every few polls */
		idle_adapt_poll(a, true);
		idle_adapt_tick(a);
		if (pause >= a->polls) {
			sleeps++;
			/* the ring filled meanwhile: full bursts after it */
			idle_adapt_woken(a, true);
			idle_adapt_poll(a, true);
			idle_adapt_poll(a, true);
			idle_adapt_poll(a, true);
		}
	}
	return sleeps;
}

static void
test_load(void)
{
	struct idle_adapt a;
	unsigned int s;

	idle_adapt_init(&a, BASE, false);
	CHECK_EQ_U(a.polls, BASE, "starts at the base");
	CHECK_EQ_U(a.max, BASE << IDLE_ADAPT_MAX_SHIFT, "ceiling: base x 256");
	/* pauses of 10000 polls, far above the base, under the ceiling */
	s = stream_sleeps(&a, 10000, 100000);
	CHECK(s <= 3, "continuous stream: %u sleeps (at most 3: 300, 1200, 4800)", s);
	CHECK(a.polls > 10000, "threshold above the pauses (%u)", a.polls);
	CHECK_EQ_U(a.raises, s, "one raise per mistaken sleep");
	/* pauses beyond the ceiling still sleep each time */
	s = stream_sleeps(&a, a.max, 50);
	CHECK_EQ_U(s, 50, "pauses at the ceiling: a sleep each");
	CHECK_EQ_U(a.polls, a.max, "stays at the ceiling");
}

static void
test_light(void)
{
	struct idle_adapt a;
	unsigned int i;

	idle_adapt_init(&a, BASE, false);
	for (i = 0; i < 1000; i++) {
		idle_adapt_woken(&a, true);
		idle_adapt_poll(&a, false);
		idle_adapt_poll(&a, false);
		idle_adapt_tick(&a);
	}
	CHECK_EQ_U(a.polls, BASE, "light traffic: the base");
	CHECK_EQ_U(a.raises, 0, "light traffic: no raise");
	/* a stalled sender's catch-up: one full burst, then less */
	for (i = 0; i < 1000; i++) {
		idle_adapt_woken(&a, true);
		idle_adapt_poll(&a, true);
		idle_adapt_poll(&a, false);
		idle_adapt_poll(&a, true);	/* judged already */
	}
	CHECK_EQ_U(a.polls, BASE, "one full burst after a wake-up: the base");
	CHECK_EQ_U(a.raises, 0, "one full burst after a wake-up: no raise");
	CHECK_EQ_U(a.watch, 0, "judged");
}

/* One period of ticks, a full burst in @p full of them (spread). */
static void
period(struct idle_adapt *a, unsigned int full)
{
	unsigned int i;

	for (i = 0; i < IDLE_ADAPT_PERIOD_TICKS; i++) {
		if (i * full / IDLE_ADAPT_PERIOD_TICKS !=
		    (i + 1) * full / IDLE_ADAPT_PERIOD_TICKS)
			idle_adapt_poll(a, true);
		idle_adapt_poll(a, false);
		idle_adapt_tick(a);
	}
}

static void
test_decay(void)
{
	struct idle_adapt a;
	unsigned int i, periods = 0;

	idle_adapt_init(&a, BASE, false);
	while (a.polls < a.max) {
		idle_adapt_woken(&a, true);
		idle_adapt_poll(&a, true);
		idle_adapt_poll(&a, true);
	}
	/* saturation: a full burst every tick holds it */
	for (i = 0; i < 10; i++)
		period(&a, IDLE_ADAPT_PERIOD_TICKS);
	CHECK_EQ_U(a.polls, a.max, "full bursts every tick hold the threshold");
	period(&a, IDLE_ADAPT_PERIOD_TICKS / IDLE_ADAPT_HOLD_DIV);
	CHECK_EQ_U(a.polls, a.max, "full bursts in a quarter of the ticks hold it");
	/* a starved lcore at a low rate: a few full bursts, not load */
	period(&a, IDLE_ADAPT_PERIOD_TICKS / IDLE_ADAPT_HOLD_DIV - 1);
	CHECK_EQ_U(a.polls, a.max / 2,
		   "full bursts in under a quarter of the ticks: halved");
	period(&a, 3);
	CHECK_EQ_U(a.polls, a.max / 4, "a few full bursts: halved again");
	for (i = 0; i + 1 < IDLE_ADAPT_PERIOD_TICKS; i++)
		idle_adapt_tick(&a);
	CHECK_EQ_U(a.polls, a.max / 4, "a tick short of a period: no change");
	idle_adapt_tick(&a);
	CHECK_EQ_U(a.polls, a.max / 8, "a quiet period: halved");
	while (a.polls > BASE && periods < 100) {
		period(&a, 0);
		periods++;
	}
	CHECK_EQ_U(a.polls, BASE, "quiet: back to the base");
	CHECK_EQ_U(periods, IDLE_ADAPT_MAX_SHIFT - 3, "one quiet period per halving");
	period(&a, 0);
	CHECK_EQ_U(a.polls, BASE, "never below the base");
	/* a timeout (no RX interrupt) resets at once */
	idle_adapt_woken(&a, true);
	idle_adapt_poll(&a, true);
	idle_adapt_poll(&a, true);
	CHECK(a.polls > BASE, "raised again");
	idle_adapt_woken(&a, false);
	CHECK_EQ_U(a.polls, BASE, "a sleep that timed out: the base");
	CHECK_EQ_U(a.watch, 0, "a sleep that timed out: nothing to judge");
}

static void
test_fixed(void)
{
	struct idle_adapt a;

	idle_adapt_init(&a, BASE, true);
	CHECK_EQ_U(stream_sleeps(&a, 10000, 100), 100,
		   "--idle-fixed: every pause above the base sleeps");
	CHECK_EQ_U(a.polls, BASE, "--idle-fixed: the base");
	CHECK_EQ_U(a.raises, 0, "--idle-fixed: no raise");
	idle_adapt_init(&a, 100000000, false);
	CHECK_EQ_U(a.max, 100000000, "a base above the cap is its own ceiling");
	idle_adapt_init(&a, 1, false);
	CHECK_EQ_U(a.max, 256, "base 1: ceiling 256");
}

int
main(void)
{
	test_load();
	test_light();
	test_decay();
	test_fixed();
	return harness_result("router_idle_adapt");
}
