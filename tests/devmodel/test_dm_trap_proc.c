/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The MMIO trap's wait for a traced thread (dm_proc_wait_stop(),
 * dm_trap_proc.h) when the application has ended under the tracer: a
 * process of two threads, both traced by this test, killed and not
 * reaped. Its leader is reported only once its other thread is reaped, so
 * a blocking wait for the leader never returns (socrx-devmodel asked to
 * stop just as its application exited, before reaping its threads, hung
 * there and outlived its test). The wait must say the leader has ended
 * (-ESRCH) instead, and still report the other thread's end. A wait that
 * blocks is ended by the alarm: the test fails.
 *
 * x86-64 Linux (the trap's platform); ptrace on one's own child needs no
 * privilege.
 */
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/ptrace.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include "dm_trap_proc.h"
#include "harness.h"

#define GUARD_S	20	/* a wait that blocks ends the test here */

static void *
child_thread(void *arg)
{
	int fd = *(int *)arg;
	pid_t tid = (pid_t)syscall(SYS_gettid);

	if (write(fd, &tid, sizeof(tid)) != (ssize_t)sizeof(tid))
		_exit(2);
	for (;;)
		pause();
	return NULL;
}

/* A child of two threads; its second thread's id in @p *tid. */
static pid_t
spawn(pid_t *tid)
{
	pthread_t th;
	int fds[2];
	pid_t pid;

	if (pipe(fds) != 0)
		return -1;
	pid = fork();
	if (pid == 0) {
		close(fds[0]);
		if (pthread_create(&th, NULL, child_thread, &fds[1]) != 0)
			_exit(2);
		for (;;)
			pause();
	}
	close(fds[1]);
	if (pid < 0 || read(fds[0], tid, sizeof(*tid)) != (ssize_t)sizeof(*tid))
		pid = -1;
	close(fds[0]);
	return pid;
}

/* Seized and stopped once, then running under the tracer. */
static bool
trace(pid_t tid)
{
	int st;

	if (ptrace(PTRACE_SEIZE, tid, NULL, NULL) != 0 ||
	    ptrace(PTRACE_INTERRUPT, tid, NULL, NULL) != 0 ||
	    waitpid(tid, &st, __WALL) != tid || !WIFSTOPPED(st))
		return false;
	return ptrace(PTRACE_CONT, tid, NULL, NULL) == 0;
}

static void
guard(int sig)
{
	(void)sig;
	fprintf(stderr, "a wait blocked for %d s: FAIL\n", GUARD_S);
	_exit(1);
}

int
main(void)
{
	pid_t pid, tid = 0;
	int st = 0, ret;

	signal(SIGALRM, guard);
	alarm(GUARD_S);
	pid = spawn(&tid);
	CHECK(pid > 0 && tid > 0, "a child of two threads");
	if (pid <= 0)
		return harness_result("dm_trap_proc");
	CHECK(trace(pid) && trace(tid), "both threads traced");

	/* A running thread: its stop is reported. */
	CHECK_EQ_U(ptrace(PTRACE_INTERRUPT, tid, NULL, NULL), 0, "interrupt");
	ret = dm_proc_wait_stop(pid, tid, &st);
	CHECK(ret == 0 && WIFSTOPPED(st), "a live thread's stop reported (%d)", ret);
	CHECK_EQ_U(ptrace(PTRACE_CONT, tid, NULL, NULL), 0, "resumed");

	/* Ended under the tracer, nothing reaped. */
	CHECK_EQ_U(kill(pid, SIGKILL), 0, "killed");
	ret = dm_proc_wait_stop(pid, pid, &st);
	CHECK(ret == -ESRCH, "the leader, ended with its other thread unreaped: -ESRCH, not a wait for ever (%d)",
	      ret);
	ret = dm_proc_wait_stop(pid, tid, &st);
	CHECK(ret == 0 && (WIFEXITED(st) || WIFSIGNALED(st)),
	      "the other thread's end reported (%d)", ret);
	/* Now the leader is reported, to the tracer then to the parent. */
	ret = dm_proc_wait_stop(pid, pid, &st);
	CHECK(ret == 0 || ret == -ECHILD || ret == -ESRCH, "the leader (%d)", ret);
	while (waitpid(pid, &st, __WALL) == pid || errno == EINTR)
		;
	alarm(0);
	return harness_result("dm_trap_proc");
}
