/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The thread a device model's engines run in (thread mode), NIC-neutral:
 * engine passes back to back while they find work; when they do not, a
 * sleep until a rate-limited source's next frame is due or the device's
 * next timed event, whichever comes first, else a few yields, then short
 * sleeps; with nothing left to receive, a wait for the next register
 * write (model_thread_kick()) instead. Pinned to a CPU or not. Each model supplies
 * its pass; step mode (unit tests) calls the pass directly instead.
 */
#ifndef SOCRX_MODEL_THREAD_H
#define SOCRX_MODEL_THREAD_H

#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

struct model_traffic_src;
struct model_traffic_sink;

/* The engine thread's name (top -H, /proc/<pid>/task/<tid>/comm). */
#define MODEL_THREAD_NAME "socrx-model"

struct model_thread {
	/* Set before model_thread_start(). */
	bool (*pass)(void *dev);	/* one engine pass: true when it moved anything */
	void *dev;
	/* Its next_due_ns paces the idle thread (NULL: no rate limit). */
	const struct model_traffic_src *src;
	/*
	 * The device's next timed event in CLOCK_MONOTONIC ns, 0 for none
	 * (an interrupt moderation timer): an idle thread with a
	 * rate-limited source or none sleeps until it (or the next frame)
	 * rather than polling for it; with an unlimited source it keeps
	 * polling as before. NULL: the device has none.
	 */
	uint64_t (*deadline_ns)(void *dev);
	/*
	 * Whether the device has nothing more to receive (its source is
	 * exhausted, no frame held): the idle thread then blocks until the
	 * driver writes a register (model_thread_kick()) or the device's
	 * timer is due, as a DMA engine with nothing to do waits for its
	 * doorbell. NULL: never (it polls as above).
	 */
	bool (*rx_done)(void *dev);
	/*
	 * What the device transmits into: told when a pass moved nothing,
	 * and whether the thread now waits for the driver's doorbell, so
	 * that what it holds back goes out on the idle wire
	 * (model_traffic_sink_idle()). NULL: none.
	 */
	struct model_traffic_sink *sink;
	unsigned int idle_polls;	/* empty passes before sleeping */
	unsigned int idle_sleep_us;	/* then per pass (0: keep yielding) */
	/* Counters, read with relaxed atomic loads. */
	uint64_t passes;		/* engine passes */
	uint64_t rate_sleeps;		/* sleeps until a rate-limited frame */
	uint64_t timer_sleeps;		/* sleeps until deadline_ns */
	uint64_t blocks;		/* waits for a doorbell (rx_done) */
	/* Internal. */
	pthread_t thread;
	bool started;
	bool stop;			/* atomic */
	bool blocked;			/* atomic: waiting on kick_fd */
	int kick_fd;			/* eventfd: the doorbell */
};

/* Starts the thread, pinned to @p cpu (-1: not pinned). 0 or -errno. */
int model_thread_start(struct model_thread *t, int cpu);
/* Stops and joins the thread (no-op when not started). */
void model_thread_stop(struct model_thread *t);

/*
 * A doorbell: the device's registers (or link) changed; wakes the thread
 * if it blocked. Called after the change is stored; costs a fence and a
 * load otherwise.
 */
void model_thread_kick(struct model_thread *t);

#ifdef __cplusplus
}
#endif

#endif /* SOCRX_MODEL_THREAD_H */
