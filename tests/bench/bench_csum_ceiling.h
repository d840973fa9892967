/* SPDX-License-Identifier: BSD-3-Clause */
#ifndef SOCRX_BENCH_CSUM_CEILING_H
#define SOCRX_BENCH_CSUM_CEILING_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/*
 * Load-only ceilings: every byte of the buffer read with 64-byte (zmm) or
 * 32-byte (ymm) loads and OR-reduced, the least work that still reads it
 * all. No checksum: the time a kernel of that load width cannot beat.
 * Each is callable only where bench_ceiling_*_usable() says so.
 */
bool bench_ceiling_zmm_usable(void);
uint16_t bench_ceiling_zmm(const void *buf, size_t len);
bool bench_ceiling_ymm_usable(void);
uint16_t bench_ceiling_ymm(const void *buf, size_t len);

#endif
