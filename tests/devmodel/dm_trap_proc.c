/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * What the MMIO trap (dm_trap.c) reads of the traced application and runs
 * in it (dm_trap_proc.h), x86-64 Linux.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "dm_trap_proc.h"

#if defined(__x86_64__) && defined(__linux__)

#include <sys/ptrace.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/sysmacros.h>
#include <sys/uio.h>
#include <sys/user.h>
#include <sys/wait.h>

/* The kernel's restart codes (include/linux/errno.h), not in <errno.h>. */
#define DM_ERESTARTSYS		512
#define DM_ERESTARTNOINTR	513
#define DM_ERESTARTNOHAND	514
#define DM_ERESTART_RESTARTBLOCK 516

/* The process holding the lock on the runtime config: the primary. */
pid_t
dm_proc_lock_holder(const char *config)
{
	struct flock fl = { .l_type = F_WRLCK, .l_whence = SEEK_SET };
	int fd = open(config, O_RDONLY | O_CLOEXEC);
	pid_t pid = 0;

	if (fd < 0)
		return 0;
	if (fcntl(fd, F_GETLK, &fl) == 0 && fl.l_type != F_UNLCK)
		pid = fl.l_pid;
	close(fd);
	return pid;
}

/* Whether thread @p tid of @p pid has ended (a zombie, dead, or gone). */
static bool
dm_proc_task_ended(pid_t pid, pid_t tid)
{
	char path[64], buf[512], *p;
	ssize_t n;
	int fd;

	snprintf(path, sizeof(path), "/proc/%d/task/%d/stat", (int)pid, (int)tid);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return true;
	n = read(fd, buf, sizeof(buf) - 1);
	close(fd);
	if (n <= 0)
		return true;
	buf[n] = '\0';
	/* "tid (comm) S ...": the state after the last parenthesis. */
	p = strrchr(buf, ')');
	return p == NULL || p[1] == '\0' || p[2] == 'Z' || p[2] == 'X' ||
	       p[2] == 'x';
}

int
dm_proc_wait_stop(pid_t pid, pid_t tid, int *st)
{
	pid_t r;

	for (;;) {
		r = waitpid(tid, st, __WALL | WNOHANG);
		if (r == tid)
			return 0;
		if (r < 0 && errno != EINTR)
			return -errno;
		if (r == 0 && dm_proc_task_ended(pid, tid))
			return -ESRCH;
		usleep(100);
	}
}

/* The application's mapping of the node at offset 0, if any. */
bool
dm_proc_maps_node(pid_t pid, dev_t dev, ino_t ino)
{
	char path[64], line[512];
	bool found = false;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%d/maps", (int)pid);
	f = fopen(path, "r");
	if (f == NULL)
		return false;
	while (!found && fgets(line, sizeof(line), f) != NULL) {
		unsigned long long off, node;
		unsigned int maj, min;

		if (sscanf(line, "%*x-%*x %*s %llx %x:%x %llu", &off, &maj,
			   &min, &node) == 4 && node == (unsigned long long)ino &&
		    makedev(maj, min) == dev)
			found = true;
	}
	fclose(f);
	return found;
}

int
dm_proc_peek(pid_t tid, uint64_t addr, void *buf, size_t len)
{
	struct iovec local = { buf, len }, remote = { (void *)addr, len };

	return process_vm_readv(tid, &local, 1, &remote, 1, 0) == (ssize_t)len ?
		0 : -1;
}

/* A `syscall` instruction (0f 05) in the application's vDSO. */
uint64_t
dm_proc_vdso_syscall(pid_t pid)
{
	unsigned long long lo = 0, hi = 0, a, b;
	char path[64], line[512];
	uint8_t buf[8192];
	size_t i, n;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%d/maps", (int)pid);
	f = fopen(path, "r");
	if (f == NULL)
		return 0;
	while (fgets(line, sizeof(line), f) != NULL)
		if (strstr(line, "[vdso]") != NULL &&
		    sscanf(line, "%llx-%llx", &a, &b) == 2) {
			lo = a;
			hi = b;
		}
	fclose(f);
	n = hi - lo < sizeof(buf) ? hi - lo : sizeof(buf);
	if (n < 2 || dm_proc_peek(pid, lo, buf, n) < 0)
		return 0;
	for (i = 0; i + 1 < n; i++)
		if (buf[i] == 0x0f && buf[i + 1] == 0x05)
			return lo + i;
	return 0;
}

/* waitpid() of one thread, again when a signal interrupted it. */
static pid_t
dm_wait_tid(pid_t tid, int *st)
{
	pid_t r;

	do
		r = waitpid(tid, st, __WALL);
	while (r < 0 && errno == EINTR);
	return r;
}

/*
 * The registers to put back after an injection: a system call the stop
 * interrupted is set up to restart, as the kernel would have on the way
 * out had no injection run first.
 */
static void
dm_restart_fixup(struct user_regs_struct *r)
{
	long rax = (long)r->rax;

	if ((long)r->orig_rax < 0)
		return;
	if (rax == -DM_ERESTARTSYS || rax == -DM_ERESTARTNOINTR ||
	    rax == -DM_ERESTARTNOHAND) {
		r->rax = r->orig_rax;
		r->rip -= 2;
	} else if (rax == -DM_ERESTART_RESTARTBLOCK) {
		r->rax = SYS_restart_syscall;
		r->rip -= 2;
	}
}

/*
 * Runs system call @p nr in stopped thread @p tid through the `syscall`
 * at @p insn. Its return value, or -ESRCH when the thread died. A signal
 * arriving meanwhile is stored in @p *pending (passed on at resume).
 */
long
dm_proc_inject(pid_t tid, uint64_t insn, long nr, uint64_t a0, uint64_t a1,
	  uint64_t a2, int *pending)
{
	struct user_regs_struct saved, r;
	unsigned int tries;
	int st;

	if (ptrace(PTRACE_GETREGS, tid, NULL, &saved) != 0)
		return -errno;
	r = saved;
	r.rax = (uint64_t)nr;
	r.orig_rax = (uint64_t)-1;
	r.rdi = a0;
	r.rsi = a1;
	r.rdx = a2;
	r.rip = insn;
	if (ptrace(PTRACE_SETREGS, tid, NULL, &r) != 0)
		return -errno;
	for (tries = 0; tries < 16; tries++) {
		if (ptrace(PTRACE_SINGLESTEP, tid, NULL, NULL) != 0 ||
		    dm_wait_tid(tid, &st) != tid || !WIFSTOPPED(st))
			return -ESRCH;	/* gone: nothing to put back */
		if (WSTOPSIG(st) == SIGTRAP && (st >> 16) == 0)
			break;
		/* A signal before the step: kept for later; an interrupt. */
		if ((st >> 16) == 0 && WSTOPSIG(st) != SIGTRAP)
			*pending = WSTOPSIG(st);
	}
	if (ptrace(PTRACE_GETREGS, tid, NULL, &r) != 0)
		return -ESRCH;
	dm_restart_fixup(&saved);
	if (ptrace(PTRACE_SETREGS, tid, NULL, &saved) != 0)
		return -ESRCH;
	return tries < 16 ? (long)r.rax : -EIO;
}

/* Whether file descriptor @p fd of the application is the device node. */
bool
dm_proc_fd_is(pid_t pid, long fd, dev_t dev, ino_t ino)
{
	char path[64];
	struct stat sb;

	snprintf(path, sizeof(path), "/proc/%d/fd/%ld", (int)pid, fd);
	return stat(path, &sb) == 0 && sb.st_dev == dev && sb.st_ino == ino;
}

#endif
