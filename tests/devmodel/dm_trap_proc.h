/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The MMIO trap's view of and hands in the traced application: its PID,
 * its mappings and descriptors (/proc), its memory, and system calls
 * injected into one of its stopped threads (x86-64 Linux, ptrace).
 */
#ifndef DM_TRAP_PROC_H
#define DM_TRAP_PROC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

/* The process holding the lock on the DPDK runtime config @p config, or 0. */
pid_t dm_proc_lock_holder(const char *config);

/* Whether process @p pid maps the file (@p dev, @p ino). */
bool dm_proc_maps_node(pid_t pid, dev_t dev, ino_t ino);

/* Whether its descriptor @p fd is that file. */
bool dm_proc_fd_is(pid_t pid, long fd, dev_t dev, ino_t ino);

/*
 * Waits for traced thread @p tid of process @p pid to report a stop or
 * its end (@p *st as waitpid() gives it): 0. -ESRCH when it has ended
 * and no wait would report it: a thread-group leader that exited is
 * reported only once its other threads are reaped, so a tracer waiting
 * for it before reaping them would wait for ever. Other -errno.
 */
int dm_proc_wait_stop(pid_t pid, pid_t tid, int *st);

/* @p len bytes of its memory at @p addr into @p buf. 0 or -1. */
int dm_proc_peek(pid_t tid, uint64_t addr, void *buf, size_t len);

/* The address of a `syscall` instruction (0f 05) in its vDSO, or 0. */
uint64_t dm_proc_vdso_syscall(pid_t pid);

/*
 * Runs system call @p nr (arguments @p a0..a2) in stopped thread @p tid
 * through the `syscall` at @p insn: registers saved, rip there, orig_rax
 * -1 (nothing restarts into it), one PTRACE_SINGLESTEP, registers put
 * back (an interrupted call set up to restart as the kernel would have).
 * Its return value, -ESRCH when the thread died. A signal arriving
 * meanwhile is stored in @p *pending, for the caller to pass on.
 */
long dm_proc_inject(pid_t tid, uint64_t insn, long nr, uint64_t a0,
		    uint64_t a1, uint64_t a2, int *pending);

#endif /* DM_TRAP_PROC_H */
