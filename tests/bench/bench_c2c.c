/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Core-to-core round trip: how long a cache line written on one CPU takes
 * to be seen written back from another, in TSC cycles. Two threads pinned
 * to the two CPUs pass a counter back and forth in one line; one round trip
 * is two line transfers. The median of several samples is printed.
 *
 * The RX benchmarks put the device model on one CPU and the PMD on the
 * other: every descriptor and packet line crosses between them, so this
 * figure sets the price of a miss on the data the device just wrote. On a
 * virtual machine it also tells where the hypervisor placed the two vCPUs
 * (two threads of one physical core share L1/L2 and answer in tens of
 * cycles; separate cores in hundreds): ablation.py records it per round.
 *
 * Usage: bench_c2c [cpu_a cpu_b [round_trips]]   (default 0 1 20000)
 * Output: one line "c2c_round_trip_cycles=<median> min=<min> max=<max>".
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <pthread.h>
#include <sched.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <x86intrin.h>

#define C2C_SAMPLES	15

struct c2c_line {
	volatile uint64_t v;
	char pad[64 - sizeof(uint64_t)];
} __attribute__((aligned(64)));

static struct c2c_line line;
static unsigned long round_trips = 20000;

static int
pin(int cpu)
{
	cpu_set_t set;

	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	return pthread_setaffinity_np(pthread_self(), sizeof(set), &set);
}

/* The echo side: answers every odd value with the next even one. */
static void *
echo_main(void *arg)
{
	uint64_t want = 1, end = 2 * round_trips * C2C_SAMPLES;

	if (pin(*(int *)arg) != 0) {
		fprintf(stderr, "bench_c2c: cannot pin the echo thread to CPU %d\n",
			*(int *)arg);
		exit(1);
	}
	while (want < end) {
		while (line.v != want)
			_mm_pause();
		line.v = want + 1;
		want += 2;
	}
	return NULL;
}

static int
cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

int
main(int argc, char **argv)
{
	int cpu_a = 0, cpu_b = 1;
	uint64_t samples[C2C_SAMPLES], next = 0, t0;
	pthread_t echo;
	unsigned long i;
	int s;

	if (argc >= 3) {
		cpu_a = atoi(argv[1]);
		cpu_b = atoi(argv[2]);
	}
	if (argc >= 4)
		round_trips = strtoul(argv[3], NULL, 0);
	if (round_trips == 0 || cpu_a == cpu_b) {
		fprintf(stderr, "usage: bench_c2c [cpu_a cpu_b [round_trips > 0]], two different CPUs\n");
		return 2;
	}
	if (pin(cpu_a) != 0) {
		fprintf(stderr, "bench_c2c: cannot pin to CPU %d\n", cpu_a);
		return 1;
	}
	if (pthread_create(&echo, NULL, echo_main, &cpu_b) != 0) {
		fprintf(stderr, "bench_c2c: cannot start the echo thread\n");
		return 1;
	}
	for (s = 0; s < C2C_SAMPLES; s++) {
		t0 = __rdtsc();
		for (i = 0; i < round_trips; i++) {
			line.v = next + 1;
			while (line.v != next + 2)
				_mm_pause();
			next += 2;
		}
		samples[s] = (__rdtsc() - t0) / round_trips;
	}
	pthread_join(echo, NULL);
	qsort(samples, C2C_SAMPLES, sizeof(samples[0]), cmp_u64);
	printf("c2c_round_trip_cycles=%llu min=%llu max=%llu\n",
	       (unsigned long long)samples[C2C_SAMPLES / 2],
	       (unsigned long long)samples[0],
	       (unsigned long long)samples[C2C_SAMPLES - 1]);
	return 0;
}
