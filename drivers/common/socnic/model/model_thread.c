/* SPDX-License-Identifier: BSD-3-Clause */
/* The device models' engine thread (model_thread.h). */
#include <errno.h>
#include <poll.h>
#include <sched.h>
#include <sys/eventfd.h>
#include <sys/prctl.h>
#include <time.h>
#include <unistd.h>

#include "model_thread.h"
#include "model_traffic.h"

/*
 * Longest sleep until a rate-limited source's next frame: the driver's
 * doorbells (TX, refills) wait at most this long meanwhile.
 */
#define MODEL_RATE_SLEEP_MAX_NS 1000000ull
/*
 * Shortest one: a wake-up costs a few microseconds of system time, so at
 * high rates the frames due meanwhile are taken together (the generator
 * catches up) rather than one wake-up per frame.
 */
#define MODEL_RATE_SLEEP_MIN_NS 100000ull
/*
 * Empty passes (yields) before a thread with nothing left to receive
 * waits for a doorbell: the driver's TX bursts then find it polling
 * while they come back to back, and a blocked thread costs the driver a
 * write(2) on its next register write.
 */
#define MODEL_BLOCK_POLLS 64u

/*
 * A pass found nothing to do: sleep until the rate-limited source's next
 * frame is due (within the bounds above) or the device's timer runs out,
 * whichever comes first, rather than spin, so that a model thread sharing
 * a core takes no more than its frames and timers need. A timer's
 * deadline is kept exactly (the interrupt it raises is late otherwise),
 * but bounded by the longest sleep too. True when it slept.
 */
static bool
timed_sleep(struct model_thread *t)
{
	struct timespec now, ts;
	uint64_t due = 0, dl = 0, ns, until;
	bool timer = false;

	if (t->src != NULL)
		due = __atomic_load_n(&t->src->next_due_ns, __ATOMIC_RELAXED);
	/*
	 * An unlimited source (no due time) keeps the thread polling: a
	 * pass without progress there waits for the driver's refill, which
	 * a sleep would delay; each pass checks the timer anyway.
	 */
	if (t->deadline_ns != NULL && (t->src == NULL || due != 0))
		dl = t->deadline_ns(t->dev);
	if (due == 0 && dl == 0)
		return false;
	clock_gettime(CLOCK_MONOTONIC, &now);
	ns = (uint64_t)now.tv_sec * 1000000000ull + (uint64_t)now.tv_nsec;
	/*
	 * A frame already due that the pass could not take (a full ring)
	 * or a timer already out (the next pass fires it): no sleep.
	 */
	if ((due != 0 && due <= ns) || (dl != 0 && dl <= ns))
		return false;
	until = ns + MODEL_RATE_SLEEP_MAX_NS;
	if (due != 0) {
		if (due - ns < MODEL_RATE_SLEEP_MIN_NS)
			due = ns + MODEL_RATE_SLEEP_MIN_NS;
		if (due < until)
			until = due;
	}
	if (dl != 0 && dl < until) {
		until = dl;
		timer = true;
	}
	ts.tv_sec = (time_t)(until / 1000000000ull);
	ts.tv_nsec = (long)(until % 1000000000ull);
	clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, NULL);
	/* One writer, the thread: a store, not a locked read-modify-write. */
	if (timer)
		__atomic_store_n(&t->timer_sleeps, t->timer_sleeps + 1,
				 __ATOMIC_RELAXED);
	else
		__atomic_store_n(&t->rate_sleeps, t->rate_sleeps + 1,
				 __ATOMIC_RELAXED);
	return true;
}

/*
 * Nothing to receive any more and nothing moved: wait for a doorbell or
 * the device's timer. The flag is raised before a last pass, and a kick
 * tests it after its register store (both sequentially consistent): the
 * pass sees the store, or the kick sees the flag and wakes the wait.
 */
static void
block(struct model_thread *t)
{
	struct pollfd pfd = { .fd = t->kick_fd, .events = POLLIN };
	struct timespec now, rel, *tmo = NULL;
	uint64_t dl, ns, v;

	__atomic_store_n(&t->blocked, true, __ATOMIC_SEQ_CST);
	if (!t->pass(t->dev) && !__atomic_load_n(&t->stop, __ATOMIC_ACQUIRE)) {
		dl = t->deadline_ns != NULL ? t->deadline_ns(t->dev) : 0;
		if (dl != 0) {
			clock_gettime(CLOCK_MONOTONIC, &now);
			ns = (uint64_t)now.tv_sec * 1000000000ull +
			     (uint64_t)now.tv_nsec;
			ns = dl > ns ? dl - ns : 0;
			rel.tv_sec = (time_t)(ns / 1000000000ull);
			rel.tv_nsec = (long)(ns % 1000000000ull);
			tmo = &rel;
		}
		model_traffic_sink_idle(t->sink, true);
		__atomic_store_n(&t->blocks, t->blocks + 1, __ATOMIC_RELAXED);
		if (ppoll(&pfd, 1, tmo, NULL) > 0 &&
		    read(t->kick_fd, &v, sizeof(v)) < 0)
			v = 0;
	}
	__atomic_store_n(&t->blocked, false, __ATOMIC_RELAXED);
}

void
model_thread_kick(struct model_thread *t)
{
	uint64_t one = 1;

	__atomic_thread_fence(__ATOMIC_SEQ_CST);
	if (__atomic_load_n(&t->blocked, __ATOMIC_RELAXED) &&
	    write(t->kick_fd, &one, sizeof(one)) < 0)
		one = 0;	/* the counter is full: a wake-up is pending */
}

static void *
thread_main(void *arg)
{
	struct model_thread *t = arg;
	unsigned int idle = 0;

	/* Sleeps until a frame is due end on time, not 50 us late. */
	prctl(PR_SET_TIMERSLACK, 1000ul, 0, 0, 0);
	while (!__atomic_load_n(&t->stop, __ATOMIC_ACQUIRE)) {
		bool progress = t->pass(t->dev);

		__atomic_store_n(&t->passes, t->passes + 1, __ATOMIC_RELAXED);
		if (progress) {
			idle = 0;
			continue;
		}
		model_traffic_sink_idle(t->sink, false);
		if (timed_sleep(t))
			continue;
		if (idle >= (t->idle_polls < MODEL_BLOCK_POLLS ? t->idle_polls : MODEL_BLOCK_POLLS) &&
		    t->rx_done != NULL && t->rx_done(t->dev)) {
			block(t);
			idle = 0;
			continue;
		}
		if (idle < t->idle_polls) {
			idle++;
			sched_yield();
		} else if (t->idle_sleep_us != 0) {
			usleep(t->idle_sleep_us);
		}
	}
	return NULL;
}

int
model_thread_start(struct model_thread *t, int cpu)
{
	cpu_set_t set;
	int rc;

	if (t->started)
		return -EBUSY;
	if (cpu >= CPU_SETSIZE || t->pass == NULL)
		return -EINVAL;
	t->kick_fd = eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
	if (t->kick_fd < 0)
		return -errno;
	__atomic_store_n(&t->stop, false, __ATOMIC_RELEASE);
	rc = pthread_create(&t->thread, NULL, thread_main, t);
	if (rc != 0) {
		close(t->kick_fd);
		return -rc;
	}
	/* A name tells the engine's CPU time apart from the application's. */
	pthread_setname_np(t->thread, MODEL_THREAD_NAME);
	if (cpu >= 0) {
		CPU_ZERO(&set);
		CPU_SET(cpu, &set);
		rc = pthread_setaffinity_np(t->thread, sizeof(set), &set);
		if (rc != 0) {
			__atomic_store_n(&t->stop, true, __ATOMIC_RELEASE);
			model_thread_kick(t);
			pthread_join(t->thread, NULL);
			close(t->kick_fd);
			return -rc;
		}
	}
	t->started = true;
	return 0;
}

void
model_thread_stop(struct model_thread *t)
{
	if (!t->started)
		return;
	__atomic_store_n(&t->stop, true, __ATOMIC_RELEASE);
	model_thread_kick(t);
	pthread_join(t->thread, NULL);
	close(t->kick_fd);
	t->started = false;
}
