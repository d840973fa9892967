/* SPDX-License-Identifier: BSD-3-Clause */
/* The host's state over the run (hoststate.h). */
#include <dirent.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "hoststate.h"

#define MODEL_THREAD_COMM	"socrx-model"

/*
 * utime + stime of a /proc/.../stat file, and its comm in @p comm (NULL:
 * not wanted). -1 when unreadable.
 */
static int
stat_ticks(const char *path, char *comm, size_t size, uint64_t *ticks)
{
	char buf[1024], *open, *close;
	unsigned long long ut, st;
	FILE *f = fopen(path, "r");
	size_t n;

	if (f == NULL)
		return -1;
	n = fread(buf, 1, sizeof(buf) - 1, f);
	fclose(f);
	buf[n] = '\0';
	open = strchr(buf, '(');
	close = strrchr(buf, ')');
	if (open == NULL || close == NULL || close < open)
		return -1;
	if (comm != NULL)
		snprintf(comm, size, "%.*s", (int)(close - open - 1), open + 1);
	/* After ")": state, then fields 4..13, then utime (14), stime (15). */
	if (sscanf(close + 2, "%*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %llu %llu",
		   &ut, &st) != 2)
		return -1;
	*ticks = ut + st;
	return 0;
}

static void
sample_model_threads(struct hoststate *h)
{
	char path[288], comm[64];
	struct dirent *e;
	uint64_t t;
	DIR *d = opendir("/proc/self/task");

	if (d == NULL)
		return;
	while ((e = readdir(d)) != NULL) {
		if (e->d_name[0] == '.')
			continue;
		snprintf(path, sizeof(path), "/proc/self/task/%s/stat", e->d_name);
		if (stat_ticks(path, comm, sizeof(comm), &t) == 0 &&
		    strcmp(comm, MODEL_THREAD_COMM) == 0) {
			h->model_ticks += t;
			h->model_threads++;
		}
	}
	closedir(d);
}

/* The "cpu" line of /proc/stat: total, busy (not idle or iowait), steal. */
static void
sample_cpus(struct hoststate *h)
{
	unsigned long long v[8] = { 0 };
	char line[512];
	FILE *f = fopen("/proc/stat", "r");
	unsigned int i;

	if (f == NULL)
		return;
	while (fgets(line, sizeof(line), f) != NULL) {
		if (strncmp(line, "cpu ", 4) == 0 &&
		    sscanf(line + 4, "%llu %llu %llu %llu %llu %llu %llu %llu",
			   &v[0], &v[1], &v[2], &v[3], &v[4], &v[5], &v[6],
			   &v[7]) >= 4) {
			/* user nice system idle iowait irq softirq steal */
			for (i = 0; i < 8; i++)
				h->cpu_total += v[i];
			h->cpu_busy = h->cpu_total - v[3] - v[4];
			h->cpu_steal = v[7];
			h->cpu_ok = true;
		} else if (strncmp(line, "cpu", 3) == 0 && line[3] >= '0' &&
			   line[3] <= '9') {
			h->ncpu++;
		}
	}
	fclose(f);
}

void
hoststate_sample(struct hoststate *h)
{
	struct timespec ts;

	memset(h, 0, sizeof(*h));
	clock_gettime(CLOCK_MONOTONIC, &ts);
	h->t = (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
	sample_model_threads(h);
	if (stat_ticks("/proc/self/stat", NULL, 0, &h->proc_ticks) < 0)
		h->proc_ticks = 0;
	sample_cpus(h);
}

void
hoststate_print(const struct hoststate *a, const struct hoststate *b)
{
	double hz = (double)sysconf(_SC_CLK_TCK), secs = b->t - a->t;
	double model, proc, busy, steal, per_cpu;

	if (secs <= 0 || hz <= 0)
		return;
	model = 100.0 * (double)(b->model_ticks - a->model_ticks) / (hz * secs);
	proc = 100.0 * (double)(b->proc_ticks - a->proc_ticks) / (hz * secs);
	printf("host: model threads (the wire) %u, %.1f %% of a CPU together; this process %.1f %%",
	       b->model_threads, model, proc);
	if (b->cpu_ok && b->ncpu != 0 && b->cpu_total > a->cpu_total) {
		per_cpu = (double)(b->cpu_total - a->cpu_total) / b->ncpu;
		busy = 100.0 * (double)(b->cpu_busy - a->cpu_busy) / per_cpu;
		steal = 100.0 * (double)(b->cpu_steal - a->cpu_steal) /
			(double)(b->cpu_total - a->cpu_total);
		printf("; all %u CPUs busy %.1f %% (others %.1f %%), steal %.1f %%",
		       b->ncpu, busy, busy > proc ? busy - proc : 0.0, steal);
	}
	printf("\n      (frames are missed when the model threads do not get their share: other load or steal time on their CPU)\n");
}
