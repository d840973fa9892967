/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * socrx-devmodel's MMIO trap: every store of the application to the
 * register window handed to the device, one by one and in order, as a
 * bus delivers it (docs/model.md, "The NETA").
 *
 * A thread of the devmodel traces the application (ptrace, every thread):
 * it finds the application as the holder of the lock on its DPDK runtime
 * config, follows its mmap() calls until the device node is mapped, then
 * write-protects that mapping from inside the application (an mprotect()
 * injected at the mmap's return). Each store then faults; the devmodel
 * decodes the x86-64 store instruction (dm_trap_x86.c), hands the value
 * to the device, and moves the thread past the instruction. Reads do not
 * fault: the window shows what the device's registers read.
 *
 * x86-64 Linux only; elsewhere dm_trap_unsupported() says why.
 */
#ifndef DM_TRAP_H
#define DM_TRAP_H

#include <stdbool.h>
#include <stdint.h>

struct dm_trap;

enum dm_trap_state {
	DM_TRAP_WAITING = 0,	/* no application yet */
	DM_TRAP_TRACING,	/* traced, the window not mapped yet */
	DM_TRAP_ARMED,		/* the window is write-protected */
	DM_TRAP_ENDED,		/* the application has gone */
	DM_TRAP_FAILED,		/* dm_trap_error() says why */
};

struct dm_trap_conf {
	const char *name;	/* for log lines */
	const char *config;	/* the application's runtime config file */
	const char *node;	/* the device node whose map 0 is trapped */
	uint32_t reg_off;	/* the registers' offset in map 0 */
	uint32_t window;	/* register window, bytes */
	/* A store to register @p off (relative to the registers). */
	void (*store)(void *ctx, uint32_t off, uint32_t val);
	/* Whether it must wait for the DMA window (dm_trap_dma_ready()). */
	bool (*needs_dma)(uint32_t off, uint32_t val);
	void *ctx;
};

struct dm_trap_stats {
	uint64_t stores;	/* trapped and delivered */
	uint64_t held;		/* of those, held until the DMA window was there */
	uint64_t signals;	/* the application's own signals passed on */
	uint64_t syscalls;	/* system call stops seen */
};

/* NULL where the trap works, else why not (architecture, permission). */
const char *dm_trap_unsupported(void);

/* Starts the tracing thread. 0, or -errno. */
int dm_trap_start(struct dm_trap **t, const struct dm_trap_conf *conf);

enum dm_trap_state dm_trap_state(const struct dm_trap *t);

/* Why the trap failed ("" otherwise). */
const char *dm_trap_error(const struct dm_trap *t);

/* A store waits for the DMA window: the caller should reach it. */
bool dm_trap_wants_dma(const struct dm_trap *t);

/* The DMA window is there (@p ok) or will not be: held stores go on. */
void dm_trap_dma_ready(struct dm_trap *t, bool ok);

void dm_trap_get_stats(const struct dm_trap *t, struct dm_trap_stats *st);

/*
 * Ends the trap: the window writable again if the application still
 * runs, every thread detached, the thread joined, @p t freed.
 */
void dm_trap_stop(struct dm_trap *t);

/*
 * dm_trap_x86.c: decodes the store at @p code (@p n bytes readable) with
 * the general registers @p gpr (rax, rcx, rdx, rbx, rsp, rbp, rsi, rdi,
 * r8..r15): the 32-bit value stored and the instruction's length. 0, or
 * -1 with @p why set (an instruction that is not a 32-bit mov store).
 */
int dm_x86_store_decode(const uint8_t *code, unsigned int n,
			const uint64_t gpr[16], uint32_t *val,
			unsigned int *len, const char **why);

#endif /* DM_TRAP_H */
