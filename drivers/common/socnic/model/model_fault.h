/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The fault schedule of the device models (docs/model.md "Fault
 * injection"): whether frame k is hit by a knob is a pure function of
 * (seed, knob, k), so a seed replays the same schedule whatever the
 * timing, and adding a knob changes no other knob's schedule. Every model
 * numbers its knobs itself (fixed values) and its frames from 1 as it
 * takes them from its traffic source. Inline: no exported symbol.
 */
#ifndef SOCRX_MODEL_FAULT_H
#define SOCRX_MODEL_FAULT_H

#include <stdbool.h>
#include <stdint.h>

/* Rates are per million frames. */
#define MODEL_FAULT_PPM_MAX 1000000u

/* splitmix64 finaliser: a well-mixed 64-bit value from any input. */
static inline uint64_t
model_fault_mix(uint64_t x)
{
	x += 0x9e3779b97f4a7c15ull;
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
	x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
	return x ^ (x >> 31);
}

/* Random value of knob @p knob for frame number @p frame under @p seed. */
static inline uint64_t
model_fault_rand(uint64_t seed, uint64_t frame, unsigned int knob)
{
	return model_fault_mix(model_fault_mix(seed ^ knob) + frame);
}

/* True when a knob of rate @p ppm (per million) hits, given its value. */
static inline bool
model_fault_hit(uint32_t ppm, uint64_t r)
{
	return ppm != 0 && (r >> 32) % MODEL_FAULT_PPM_MAX < ppm;
}

#endif /* SOCRX_MODEL_FAULT_H */
