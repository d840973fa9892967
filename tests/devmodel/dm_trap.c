/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * socrx-devmodel's MMIO trap (dm_trap.h), x86-64 Linux.
 *
 * One thread does every ptrace request (the kernel takes them from the
 * tracing thread only). The application's threads are seized with
 * PTRACE_O_TRACECLONE (its later threads are traced from birth) and run
 * under PTRACE_SYSCALL: each mmap() returning a mapping of the device
 * node at offset 0 is write-protected before the call returns, each
 * munmap() of it forgets it. Stops, one by one:
 *   - SIGSEGV (SEGV_ACCERR) inside the window: the store is decoded, given
 *     to the device, and the thread resumes past it. A queue enable that
 *     needs the DMA window waits (its thread stopped) until the devmodel
 *     has reached the application's memory, as a bus stalls a write;
 *   - any other signal is passed on unchanged; group-stops are kept
 *     (PTRACE_LISTEN); new threads and interrupts resume.
 * mprotect() is injected into a stopped thread (dm_trap_proc.h).
 */
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "dm_trap.h"
#include "dm_trap_proc.h"

/* Counters the tracing thread writes and the serving loop prints. */
#define DM_TRAP_COUNT(t, field)						\
	__atomic_fetch_add(&(t)->st.field, 1, __ATOMIC_RELAXED)

#if defined(__x86_64__) && defined(__linux__)

#include <dirent.h>
#include <sys/mman.h>
#include <sys/ptrace.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/user.h>
#include <sys/wait.h>

#define DM_TRAP_MAX_TASKS	512u
#define DM_TRAP_MAX_HELD	64u
/* How often the thread looks for the application, and at held stores. */
#define DM_TRAP_POLL_US		100u
#define DM_PTRACE_OPTS	(PTRACE_O_TRACECLONE | PTRACE_O_TRACESYSGOOD)

struct dm_held {
	pid_t tid;
	uint32_t off, val;
	struct user_regs_struct regs;	/* rip already past the store */
};

struct dm_trap {
	struct dm_trap_conf c;
	pthread_t thread;
	int state;			/* enum dm_trap_state, atomic */
	int stop;			/* atomic: end requested */
	int leaving;			/* atomic: out of the waiting loop */
	int dma;			/* atomic: 0 not yet, 1 ready, -1 never */
	int wants_dma;			/* atomic */
	char error[512];
	pid_t pid;
	dev_t node_dev;
	ino_t node_ino;
	uint64_t lo, hi;		/* the protected mapping in the application */
	uint64_t syscall_insn;		/* a `syscall` in the vDSO (0: none yet) */
	struct {
		pid_t tid;
		bool stopped;		/* left in its stop (held, refused) */
	} tasks[DM_TRAP_MAX_TASKS];
	unsigned int nb_tasks;
	struct dm_held held[DM_TRAP_MAX_HELD];
	unsigned int nb_held;
	struct dm_trap_stats st;
};

const char *
dm_trap_unsupported(void)
{
	if (geteuid() != 0)
		return "tracing the application's stores needs root (CAP_SYS_PTRACE)";
	return NULL;
}

static void
dm_trap_fail(struct dm_trap *t, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void
dm_trap_fail(struct dm_trap *t, const char *fmt, ...)
{
	va_list ap;

	if (__atomic_load_n(&t->state, __ATOMIC_ACQUIRE) == DM_TRAP_FAILED)
		return;
	va_start(ap, fmt);
	vsnprintf(t->error, sizeof(t->error), fmt, ap);
	va_end(ap);
	__atomic_store_n(&t->state, DM_TRAP_FAILED, __ATOMIC_RELEASE);
}

static int
dm_task_find(const struct dm_trap *t, pid_t tid)
{
	unsigned int i;

	for (i = 0; i < t->nb_tasks; i++)
		if (t->tasks[i].tid == tid)
			return (int)i;
	return -1;
}

static void
dm_task_add(struct dm_trap *t, pid_t tid)
{
	if (dm_task_find(t, tid) < 0 && t->nb_tasks < DM_TRAP_MAX_TASKS) {
		t->tasks[t->nb_tasks].tid = tid;
		t->tasks[t->nb_tasks++].stopped = false;
	}
}

/* Thread @p tid stays in its stop (@p stopped) or runs. */
static void
dm_task_mark(struct dm_trap *t, pid_t tid, bool stopped)
{
	int i = dm_task_find(t, tid);

	if (i >= 0)
		t->tasks[i].stopped = stopped;
}

static void
dm_task_remove(struct dm_trap *t, pid_t tid)
{
	int i = dm_task_find(t, tid);

	if (i >= 0)
		t->tasks[i] = t->tasks[--t->nb_tasks];
}

/* Seizes every thread of the application; each then stops once. */
static int
dm_trap_seize(struct dm_trap *t)
{
	char path[64];
	struct dirent *e;
	unsigned int pass, added;
	DIR *d;

	snprintf(path, sizeof(path), "/proc/%d/task", (int)t->pid);
	for (pass = 0, added = 1; added != 0 && pass < 100; pass++) {
		added = 0;
		d = opendir(path);
		if (d == NULL)
			return -errno;
		while ((e = readdir(d)) != NULL) {
			pid_t tid = (pid_t)atoi(e->d_name);

			if (tid <= 0 || dm_task_find(t, tid) >= 0)
				continue;
			if (ptrace(PTRACE_SEIZE, tid, NULL,
				   (void *)(uintptr_t)DM_PTRACE_OPTS) != 0) {
				if (errno == ESRCH)
					continue;
				closedir(d);
				return -errno;
			}
			dm_task_add(t, tid);
			ptrace(PTRACE_INTERRUPT, tid, NULL, NULL);
			added++;
		}
		closedir(d);
	}
	return 0;
}

/* A system call stop: an mmap() of the node returning, a munmap(). */
static void
dm_trap_syscall(struct dm_trap *t, pid_t tid, int *pending)
{
	struct user_regs_struct r;
	uint64_t insn = 0;
	long ret;

	DM_TRAP_COUNT(t, syscalls);
	if (ptrace(PTRACE_GETREGS, tid, NULL, &r) != 0 ||
	    (long)r.rax == -ENOSYS)		/* entry */
		return;
	if (r.orig_rax == SYS_munmap && r.rax == 0 && t->hi != 0 &&
	    r.rdi < t->hi && r.rdi + r.rsi > t->lo) {
		t->lo = t->hi = 0;
		__atomic_store_n(&t->state, DM_TRAP_TRACING, __ATOMIC_RELEASE);
		return;
	}
	if (r.orig_rax != SYS_mmap || r.rax >= (uint64_t)-4095 || r.r9 != 0 ||
	    !dm_proc_fd_is(t->pid, (long)r.r8, t->node_dev, t->node_ino))
		return;
	/* The call entered through the `syscall` just before rip. */
	if (dm_proc_peek(tid, r.rip - 2, &insn, 2) < 0 || insn != 0x050fu) {
		dm_trap_fail(t, "the mmap() of %s did not return past a syscall instruction",
			     t->c.node);
		return;
	}
	ret = dm_proc_inject(tid, r.rip - 2, SYS_mprotect, r.rax, r.rsi, PROT_READ,
			pending);
	if (ret != 0) {
		dm_trap_fail(t, "cannot write-protect the application's mapping of %s: %s",
			     t->c.node, strerror((int)-ret));
		return;
	}
	t->lo = r.rax;
	t->hi = r.rax + r.rsi;
	__atomic_store_n(&t->state, DM_TRAP_ARMED, __ATOMIC_RELEASE);
}

static void
dm_trap_deliver(struct dm_trap *t, uint32_t off, uint32_t val)
{
	t->c.store(t->c.ctx, off, val);
	DM_TRAP_COUNT(t, stores);
}

/*
 * A SIGSEGV stop: true when it was a store into the window (delivered and
 * the thread resumed, or held), false for the application's own.
 */
static bool
dm_trap_fault(struct dm_trap *t, pid_t tid)
{
	struct user_regs_struct r;
	uint8_t code[16];
	uint64_t gpr[16], addr;
	unsigned int len, n;
	const char *why = "";
	uint32_t val, off;
	siginfo_t si;

	if (ptrace(PTRACE_GETSIGINFO, tid, NULL, &si) != 0 ||
	    si.si_code != SEGV_ACCERR || t->hi == 0)
		return false;
	addr = (uint64_t)(uintptr_t)si.si_addr;
	if (addr < t->lo || addr >= t->hi ||
	    ptrace(PTRACE_GETREGS, tid, NULL, &r) != 0)
		return false;
	/* Up to 16 bytes, fewer at the end of a readable mapping. */
	for (n = sizeof(code); n > 0 && dm_proc_peek(tid, r.rip, code, n) < 0; n--)
		;
	gpr[0] = r.rax; gpr[1] = r.rcx; gpr[2] = r.rdx; gpr[3] = r.rbx;
	gpr[4] = r.rsp; gpr[5] = r.rbp; gpr[6] = r.rsi; gpr[7] = r.rdi;
	gpr[8] = r.r8; gpr[9] = r.r9; gpr[10] = r.r10; gpr[11] = r.r11;
	gpr[12] = r.r12; gpr[13] = r.r13; gpr[14] = r.r14; gpr[15] = r.r15;
	if (dm_x86_store_decode(code, n, gpr, &val, &len, &why) < 0) {
		dm_trap_fail(t, "cannot emulate the store to register 0x%llx at rip 0x%llx: %s; bytes %02x %02x %02x %02x %02x %02x %02x %02x",
			     (unsigned long long)(addr - t->lo - t->c.reg_off),
			     (unsigned long long)r.rip, why,
			     code[0], code[1], code[2], code[3], code[4],
			     code[5], code[6], code[7]);
		dm_task_mark(t, tid, true);	/* detached at the end */
		return true;
	}
	off = (uint32_t)(addr - t->lo - t->c.reg_off);
	r.rip += len;
	if (t->c.needs_dma != NULL && t->c.needs_dma(off, val) &&
	    __atomic_load_n(&t->dma, __ATOMIC_ACQUIRE) == 0) {
		if (t->nb_held == DM_TRAP_MAX_HELD) {
			dm_trap_fail(t, "more than %u stores wait for the DMA window",
				     DM_TRAP_MAX_HELD);
			return true;
		}
		t->held[t->nb_held++] = (struct dm_held){ tid, off, val, r };
		dm_task_mark(t, tid, true);
		DM_TRAP_COUNT(t, held);
		__atomic_store_n(&t->wants_dma, 1, __ATOMIC_RELEASE);
		return true;
	}
	dm_trap_deliver(t, off, val);
	if (ptrace(PTRACE_SETREGS, tid, NULL, &r) == 0)
		ptrace(PTRACE_SYSCALL, tid, NULL, NULL);
	return true;
}

/* The held stores, in order, once the DMA window is there. */
static void
dm_trap_release_held(struct dm_trap *t)
{
	unsigned int i;

	for (i = 0; i < t->nb_held; i++) {
		dm_trap_deliver(t, t->held[i].off, t->held[i].val);
		if (ptrace(PTRACE_SETREGS, t->held[i].tid, NULL,
			   &t->held[i].regs) == 0)
			ptrace(PTRACE_SYSCALL, t->held[i].tid, NULL, NULL);
		dm_task_mark(t, t->held[i].tid, false);
	}
	t->nb_held = 0;
}

static void
dm_trap_stop_event(struct dm_trap *t, pid_t tid, int st)
{
	int sig = WSTOPSIG(st), event = st >> 16, pending = 0;

	dm_task_add(t, tid);
	if (sig == (SIGTRAP | 0x80)) {
		dm_trap_syscall(t, tid, &pending);
		ptrace(PTRACE_SYSCALL, tid, NULL, (void *)(uintptr_t)pending);
		return;
	}
	if (event == PTRACE_EVENT_STOP) {
		if (sig == SIGSTOP || sig == SIGTSTP || sig == SIGTTIN ||
		    sig == SIGTTOU)
			ptrace(PTRACE_LISTEN, tid, NULL, NULL);	/* group-stop */
		else
			ptrace(PTRACE_SYSCALL, tid, NULL, NULL);
		return;
	}
	if (event != 0) {		/* PTRACE_EVENT_CLONE */
		unsigned long child;

		if (ptrace(PTRACE_GETEVENTMSG, tid, NULL, &child) == 0)
			dm_task_add(t, (pid_t)child);
		ptrace(PTRACE_SYSCALL, tid, NULL, NULL);
		return;
	}
	if (sig == SIGSEGV && dm_trap_fault(t, tid))
		return;
	DM_TRAP_COUNT(t, signals);
	ptrace(PTRACE_SYSCALL, tid, NULL, (void *)(uintptr_t)sig);
}

/*
 * Leaves the application as it was: every thread stopped, the window
 * writable again, every thread detached with the signal it stopped for.
 */
/* Whether stopped thread @p tid faulted on the window (its SIGSEGV ours). */
static bool
dm_trap_own_fault(const struct dm_trap *t, pid_t tid)
{
	siginfo_t si;
	uint64_t addr;

	if (ptrace(PTRACE_GETSIGINFO, tid, NULL, &si) != 0)
		return false;
	addr = (uint64_t)(uintptr_t)si.si_addr;
	return si.si_signo == SIGSEGV && addr >= t->lo && addr < t->hi;
}

/*
 * Stops thread @p i for the release: the signal to pass on at detach in
 * @p sig; whether an injection may run in its stop (not at a system
 * call's entry, whose arguments are live). False when it has gone.
 */
static bool
dm_trap_halt(struct dm_trap *t, unsigned int i, int *sig, bool *usable)
{
	pid_t tid = t->tasks[i].tid;
	struct user_regs_struct r;
	int st;

	*sig = 0;
	*usable = true;
	if (t->tasks[i].stopped)	/* at a held or refused store */
		return true;
	ptrace(PTRACE_INTERRUPT, tid, NULL, NULL);
	/* Not a blocking wait: the application may have ended meanwhile. */
	if (dm_proc_wait_stop(t->pid, tid, &st) != 0 || !WIFSTOPPED(st))
		return false;
	if (WSTOPSIG(st) == (SIGTRAP | 0x80))
		*usable = ptrace(PTRACE_GETREGS, tid, NULL, &r) == 0 &&
			  (long)r.rax != -ENOSYS;
	else if ((st >> 16) == 0 && WSTOPSIG(st) != SIGTRAP &&
		 !(WSTOPSIG(st) == SIGSEGV && dm_trap_own_fault(t, tid)))
		*sig = WSTOPSIG(st);
	return true;
}

/*
 * Leaves the application as it was: every thread stopped, the window
 * writable again (a store stopped at it then lands there), every thread
 * detached with the signal it stopped for.
 */
static void
dm_trap_release(struct dm_trap *t)
{
	int sig[DM_TRAP_MAX_TASKS] = { 0 };
	bool usable[DM_TRAP_MAX_TASKS] = { false };
	unsigned int i;
	int pending = 0;
	long ret = -ESRCH;

	for (i = 0; i < t->nb_tasks; i++)
		if (!dm_trap_halt(t, i, &sig[i], &usable[i]))
			dm_task_remove(t, t->tasks[i--].tid);
	if (t->hi != 0 && t->nb_tasks != 0) {
		if (t->syscall_insn == 0)
			t->syscall_insn = dm_proc_vdso_syscall(t->pid);
		for (i = 0; i < t->nb_tasks && ret == -ESRCH; i++)
			if (usable[i] && t->syscall_insn != 0)
				ret = dm_proc_inject(t->tasks[i].tid, t->syscall_insn,
						SYS_mprotect, t->lo, t->hi - t->lo,
						PROT_READ | PROT_WRITE, &pending);
		if (ret != 0)
			fprintf(stderr, "%s: the application's register window stays write-protected (%s): its next register store ends it\n",
				t->c.name, strerror((int)-ret));
	}
	for (i = 0; i < t->nb_tasks; i++)
		ptrace(PTRACE_DETACH, t->tasks[i].tid, NULL,
		       (void *)(uintptr_t)sig[i]);
	t->nb_tasks = 0;
	t->nb_held = 0;
}

static void
dm_trap_wake(int sig)
{
	(void)sig;
}

static void *
dm_trap_main(void *arg)
{
	struct dm_trap *t = arg;
	sigset_t set;
	int st, dma, ret;
	pid_t tid;

	/* SIGUSR2 interrupts waitpid() (no SA_RESTART): dm_trap_stop(). */
	sigemptyset(&set);
	sigaddset(&set, SIGUSR2);
	pthread_sigmask(SIG_UNBLOCK, &set, NULL);
	while (!__atomic_load_n(&t->stop, __ATOMIC_ACQUIRE) &&
	       (t->pid = dm_proc_lock_holder(t->c.config)) == 0)
		usleep(DM_TRAP_POLL_US);
	if (t->pid == 0)
		return NULL;
	ret = dm_trap_seize(t);
	if (ret < 0) {
		dm_trap_fail(t, "cannot trace the application (pid %d): %s%s",
			     (int)t->pid, strerror(-ret),
			     ret == -EPERM ? " (is it traced already: by a debugger, or by another socrx-devmodel serving a NETA? One NETA devmodel per application)" : "");
		return NULL;
	}
	__atomic_store_n(&t->state, DM_TRAP_TRACING, __ATOMIC_RELEASE);
	if (dm_proc_maps_node(t->pid, t->node_dev, t->node_ino)) {
		dm_trap_fail(t, "the application had mapped %s before it was traced: stores may have been missed (start socrx-devmodel first)",
			     t->c.node);
		dm_trap_release(t);
		return NULL;
	}
	while (!__atomic_load_n(&t->stop, __ATOMIC_ACQUIRE) &&
	       __atomic_load_n(&t->state, __ATOMIC_ACQUIRE) != DM_TRAP_FAILED) {
		tid = waitpid(-1, &st, __WALL | (t->nb_held != 0 ? WNOHANG : 0));
		if (tid < 0 && errno == ECHILD) {
			__atomic_store_n(&t->state, DM_TRAP_ENDED, __ATOMIC_RELEASE);
			return NULL;
		}
		if (tid > 0 && (WIFEXITED(st) || WIFSIGNALED(st)))
			dm_task_remove(t, tid);
		else if (tid > 0 && WIFSTOPPED(st))
			dm_trap_stop_event(t, tid, st);
		if (t->nb_held == 0)
			continue;
		dma = __atomic_load_n(&t->dma, __ATOMIC_ACQUIRE);
		if (dma > 0)
			dm_trap_release_held(t);
		else if (dma < 0)
			dm_trap_fail(t, "a queue was enabled, and the application's memory cannot be reached");
		else if (tid == 0)
			usleep(DM_TRAP_POLL_US);
	}
	/* No more wakes: they would interrupt the release's waits. */
	__atomic_store_n(&t->leaving, 1, __ATOMIC_RELEASE);
	if (kill(t->pid, 0) == 0)
		dm_trap_release(t);
	return NULL;
}

int
dm_trap_start(struct dm_trap **tp, const struct dm_trap_conf *conf)
{
	struct sigaction sa;
	struct dm_trap *t;
	struct stat sb;
	int ret;

	if (stat(conf->node, &sb) != 0)
		return -errno;
	t = calloc(1, sizeof(*t));
	if (t == NULL)
		return -ENOMEM;
	t->c = *conf;
	t->node_dev = sb.st_dev;
	t->node_ino = sb.st_ino;
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = dm_trap_wake;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGUSR2, &sa, NULL);
	ret = pthread_create(&t->thread, NULL, dm_trap_main, t);
	if (ret != 0) {
		free(t);
		return -ret;
	}
	*tp = t;
	return 0;
}

void
dm_trap_stop(struct dm_trap *t)
{
	struct timespec ts;

	if (t == NULL)
		return;
	__atomic_store_n(&t->stop, 1, __ATOMIC_RELEASE);
	/*
	 * Until it has left its waiting loop (a wake sent just before it
	 * blocks is lost), and not after: the release waits too.
	 */
	do {
		if (!__atomic_load_n(&t->leaving, __ATOMIC_ACQUIRE))
			pthread_kill(t->thread, SIGUSR2);
		clock_gettime(CLOCK_REALTIME, &ts);
		ts.tv_nsec += 1000000;
		if (ts.tv_nsec >= 1000000000) {
			ts.tv_sec++;
			ts.tv_nsec -= 1000000000;
		}
	} while (pthread_timedjoin_np(t->thread, NULL, &ts) == ETIMEDOUT);
	free(t);
}

#else	/* not x86-64 Linux */

struct dm_trap {
	int state, dma, wants_dma;
	char error[8];
	struct dm_trap_stats st;
};

const char *
dm_trap_unsupported(void)
{
	return "the MMIO trap decodes x86-64 stores through ptrace: x86-64 Linux only";
}

int
dm_trap_start(struct dm_trap **tp, const struct dm_trap_conf *conf)
{
	(void)tp, (void)conf;
	return -ENOTSUP;
}

void
dm_trap_stop(struct dm_trap *t)
{
	(void)t;
}

#endif

enum dm_trap_state
dm_trap_state(const struct dm_trap *t)
{
	return (enum dm_trap_state)__atomic_load_n(&t->state, __ATOMIC_ACQUIRE);
}

const char *
dm_trap_error(const struct dm_trap *t)
{
	return dm_trap_state(t) == DM_TRAP_FAILED ? t->error : "";
}

bool
dm_trap_wants_dma(const struct dm_trap *t)
{
	return __atomic_load_n(&t->wants_dma, __ATOMIC_ACQUIRE) != 0;
}

void
dm_trap_dma_ready(struct dm_trap *t, bool ok)
{
	__atomic_store_n(&t->dma, ok ? 1 : -1, __ATOMIC_RELEASE);
}

void
dm_trap_get_stats(const struct dm_trap *t, struct dm_trap_stats *st)
{
	st->stores = __atomic_load_n(&t->st.stores, __ATOMIC_RELAXED);
	st->held = __atomic_load_n(&t->st.held, __ATOMIC_RELAXED);
	st->signals = __atomic_load_n(&t->st.signals, __ATOMIC_RELAXED);
	st->syscalls = __atomic_load_n(&t->st.syscalls, __ATOMIC_RELAXED);
}
