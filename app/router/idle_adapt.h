/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * --idle-sleep's adaptive threshold: how many empty polls of all its
 * queues an lcore makes before it sleeps. Plain C, no EAL (unit-tested on
 * its own, tests/app/test_router_idle_adapt.c).
 *
 * A sleep costs the wake-up latency while the ring fills. Under load the
 * source pauses now and then (a scheduler slice of the sending side, a
 * model thread sharing a CPU) for longer than the base threshold, and an
 * lcore that sleeps through each pause loses frames it would have
 * forwarded. The sign that a sleep was a mistake is a ring that filled
 * while the lcore slept: the first IDLE_ADAPT_FULL_POLLS polls after the
 * wake-up all return a full burst (two, so that the catch-up of a sender
 * that stalled at a low rate, one burst and a bit, is not taken for
 * load). The threshold is then raised (x IDLE_ADAPT_RAISE, up to base <<
 * IDLE_ADAPT_MAX_SHIFT), so the next pause of that length is polled
 * through. It comes back down (halved) after each period of
 * IDLE_ADAPT_PERIOD_TICKS ticks (the TX drain timer's, BURST_TX_DRAIN_US)
 * in fewer than a quarter of which a full burst came (at saturation nearly
 * every tick sees one; an lcore at a low rate that its host's scheduler
 * starves now and then sees a few), and to the base after a sleep no RX
 * interrupt ended (truly idle).
 * l3fwd-power's main loop taught the graduation (a short pause below
 * SUSPEND_THRESHOLD empty polls, the interrupt sleep above it) and its
 * frequency heuristic the load signal (how full the RX ring is).
 */
#ifndef SOCRX_ROUTER_IDLE_ADAPT_H
#define SOCRX_ROUTER_IDLE_ADAPT_H

#include <stdbool.h>
#include <stdint.h>

#define IDLE_ADAPT_RAISE	4u
#define IDLE_ADAPT_FULL_POLLS	2u	/* full bursts in a row after a wake-up */
#define IDLE_ADAPT_MAX_SHIFT	8u	/* up to base x 256 */
#define IDLE_ADAPT_MAX_POLLS	(1u << 24)
#define IDLE_ADAPT_PERIOD_TICKS	100u	/* of the 100 us drain timer: 10 ms */
#define IDLE_ADAPT_HOLD_DIV	4u	/* full bursts in 1/4 of them hold it */

struct idle_adapt {
	unsigned int base;	/* --idle-sleep=POLLS */
	unsigned int max;	/* base with --idle-fixed */
	unsigned int polls;	/* the threshold now */
	unsigned int ticks;	/* of the period so far */
	unsigned int full_ticks;	/* of those, with a full burst */
	bool full;		/* a full burst since the last tick */
	unsigned int watch;	/* polls after a wake-up still to judge it */
	uint64_t raises;	/* times the threshold went up */
};

/* Starts at @p base empty polls; @p fixed: never adapts. */
void idle_adapt_init(struct idle_adapt *a, unsigned int base, bool fixed);

/* After a sleep: @p by_rx when an RX interrupt ended it. */
void idle_adapt_woken(struct idle_adapt *a, bool by_rx);

/* Judges the wake-up: the polls after it, full or not. */
void idle_adapt_judge(struct idle_adapt *a, bool full);

/*
 * Each poll of all the lcore's queues: @p full when one of them returned
 * a full burst (MAX_PKT_BURST frames).
 */
static inline void
idle_adapt_poll(struct idle_adapt *a, bool full)
{
	if (full)
		a->full = true;
	if (a->watch != 0)
		idle_adapt_judge(a, full);
}

/* The drain timer's tick: the decay. */
void idle_adapt_tick(struct idle_adapt *a);

#endif /* SOCRX_ROUTER_IDLE_ADAPT_H */
