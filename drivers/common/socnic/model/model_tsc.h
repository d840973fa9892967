/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The CPU's time-stamp counter as DPDK's rte_rdtsc() reads it (x86 TSC,
 * arm64 generic timer CNTVCT_EL0), without DPDK: what the device model
 * stamps frames with, so an application can subtract it from its own
 * rte_rdtsc() on the same host.
 */
#ifndef SOCRX_MODEL_TSC_H
#define SOCRX_MODEL_TSC_H

#include <stdint.h>

static inline uint64_t
model_tsc(void)
{
#if defined(__x86_64__) || defined(__i386__)
	return __builtin_ia32_rdtsc();
#elif defined(__aarch64__)
	uint64_t t;

	__asm__ volatile("mrs %0, cntvct_el0" : "=r"(t));
	return t;
#else
	return 0;
#endif
}

#endif /* SOCRX_MODEL_TSC_H */
