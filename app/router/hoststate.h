/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The host's state over the forwarding run, for the summary: what explains
 * frames missed on a shared host. The device model's threads (named
 * "socrx-model", the "wire" of model ports) must get their share of a CPU
 * or the generators fall behind and the rings overflow; another tenant's
 * load or a hypervisor's steal takes it from them. Read from
 * /proc/self/task/<tid>/stat (the model threads' CPU time), /proc/self/stat
 * (this process's) and /proc/stat (every CPU's busy and steal time), at
 * the start and the end of forwarding; what cannot be read is left out.
 */
#ifndef ROUTER_HOSTSTATE_H
#define ROUTER_HOSTSTATE_H

#include <stdbool.h>
#include <stdint.h>

struct hoststate {
	double t;			/* seconds, CLOCK_MONOTONIC */
	uint64_t model_ticks;		/* the model threads' utime + stime */
	unsigned int model_threads;
	uint64_t proc_ticks;		/* this process's utime + stime */
	bool cpu_ok;			/* /proc/stat read */
	uint64_t cpu_total, cpu_busy, cpu_steal;	/* every CPU, ticks */
	unsigned int ncpu;
};

/* The state now into @p h. */
void hoststate_sample(struct hoststate *h);

/*
 * One summary line on stdout, from @p a to @p b: the model threads' share
 * of a CPU, this process's, every CPU's busy time and what others took of
 * it, the steal time.
 */
void hoststate_print(const struct hoststate *a, const struct hoststate *b);

#endif /* ROUTER_HOSTSTATE_H */
