/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * socrx-devmodel as a DPDK secondary process (dm_attach.h).
 */
#include <errno.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <rte_eal.h>
#include <rte_errno.h>
#include <rte_log.h>

#include "dm_attach.h"
#include "stmmac_logs.h"

/*
 * Where EAL keeps a primary's runtime files (eal_create_runtime_dir() in
 * DPDK's lib/eal/linux/eal.c): /var/run/dpdk/PREFIX for root, else under
 * $XDG_RUNTIME_DIR or /tmp.
 */
static int
dm_runtime_config(char *buf, size_t size, const char *prefix)
{
	const char *dir = "/var/run";
	int n;

	if (getuid() != 0) {
		dir = getenv("XDG_RUNTIME_DIR");
		if (dir == NULL)
			dir = "/tmp";
	}
	n = snprintf(buf, size, "%s/dpdk/%s/config", dir, prefix);
	return n > 0 && (size_t)n < size ? 0 : -1;
}

int
dm_attach_init(struct dm_attach *a, const char *prefix, const char *name,
	       void *dev,
	       int (*map)(void *dev, void *va, uint64_t iova, size_t len),
	       int (*unmap)(void *dev, uint64_t iova))
{
	cpu_set_t set;
	int cpu;

	memset(a, 0, sizeof(*a));
	if (snprintf(a->prefix, sizeof(a->prefix), "%s", prefix) >=
	    (int)sizeof(a->prefix) ||
	    dm_runtime_config(a->config, sizeof(a->config), prefix) < 0)
		return -1;
	snprintf(a->name, sizeof(a->name), "%s", name);
	a->dev = dev;
	a->map = map;
	a->unmap = unmap;
	pthread_mutex_init(&a->lock, NULL);
	/* The secondary's lcore: the first CPU this process may run on. */
	a->lcore = 0;
	if (sched_getaffinity(0, sizeof(set), &set) == 0)
		for (cpu = 0; cpu < CPU_SETSIZE; cpu++)
			if (CPU_ISSET(cpu, &set)) {
				a->lcore = cpu;
				break;
			}
	return 0;
}

bool
dm_attach_primary_alive(const struct dm_attach *a)
{
	return rte_eal_primary_proc_alive(a->config) != 0;
}

static void *
dm_attach_main(void *arg)
{
	struct dm_attach *a = arg;
	char lcore[16], prefix[96];
	/* No PCI, no telemetry socket: only the primary's memory is wanted. */
	char *argv[] = {
		(char *)(uintptr_t)"socrx-devmodel",
		(char *)(uintptr_t)"--proc-type=secondary",
		prefix,
		(char *)(uintptr_t)"--no-pci",
		(char *)(uintptr_t)"--no-telemetry",
		(char *)(uintptr_t)"-l", lcore,
		(char *)(uintptr_t)"--log-level=lib.eal:warning",
	};
	int ret;

	snprintf(lcore, sizeof(lcore), "%d", a->lcore);
	snprintf(prefix, sizeof(prefix), "--file-prefix=%s", a->prefix);
	ret = rte_eal_init((int)(sizeof(argv) / sizeof(argv[0])), argv);
	pthread_mutex_lock(&a->lock);
	if (a->cancelled) {
		pthread_mutex_unlock(&a->lock);
		return NULL;
	}
	if (ret < 0) {
		pthread_mutex_unlock(&a->lock);
		fprintf(stderr, "%s: cannot attach to the DPDK application of --file-prefix %s as a secondary process: %s (it must run with hugepages, that prefix and not --in-memory or --no-shconf)\n",
			a->name, a->prefix, rte_strerror(rte_errno));
		__atomic_store_n(&a->state, DM_ATTACH_FAILED, __ATOMIC_RELEASE);
		return NULL;
	}
	a->eal_up = true;
	if (dm_secondary_init() < 0)
		fprintf(stderr, "%s: cannot answer the application's stop requests: %s\n",
			a->name, rte_strerror(rte_errno));
	if (rte_eal_iova_mode() != RTE_IOVA_PA)
		fprintf(stderr, "%s: the application runs with IOVA as VA: a UIO device DMAs to physical addresses (its PMD refuses this)\n",
			a->name);
	a->dmawin = calloc(1, sizeof(*a->dmawin));
	ret = a->dmawin == NULL ? -ENOMEM :
	      socnic_dmawin_attach(a->dmawin, a->dev, a->map, a->unmap,
				   a->name, stmmac_logtype_backend);
	pthread_mutex_unlock(&a->lock);
	if (ret < 0) {
		fprintf(stderr, "%s: cannot map the application's memory into the device's DMA window: %s\n",
			a->name, strerror(-ret));
		__atomic_store_n(&a->state, DM_ATTACH_FAILED, __ATOMIC_RELEASE);
		return NULL;
	}
	__atomic_store_n(&a->state, DM_ATTACH_DONE, __ATOMIC_RELEASE);
	return NULL;
}

int
dm_attach_start(struct dm_attach *a)
{
	int ret;

	if (a->thread_started)
		return 0;
	__atomic_store_n(&a->state, DM_ATTACH_RUNNING, __ATOMIC_RELEASE);
	ret = pthread_create(&a->thread, NULL, dm_attach_main, a);
	if (ret != 0) {
		__atomic_store_n(&a->state, DM_ATTACH_FAILED, __ATOMIC_RELEASE);
		return -ret;
	}
	a->thread_started = true;
	return 0;
}

enum dm_attach_state
dm_attach_state(const struct dm_attach *a)
{
	return (enum dm_attach_state)__atomic_load_n(&a->state,
						     __ATOMIC_ACQUIRE);
}

void
dm_attach_fini(struct dm_attach *a)
{
	bool running;

	if (!a->thread_started)
		return;
	pthread_mutex_lock(&a->lock);
	a->cancelled = true;
	running = !a->eal_up && dm_attach_state(a) == DM_ATTACH_RUNNING;
	pthread_mutex_unlock(&a->lock);
	if (running)
		return;
	pthread_join(a->thread, NULL);
	a->thread_started = false;
	if (a->dmawin != NULL)
		socnic_dmawin_detach(a->dmawin);
	free(a->dmawin);
	a->dmawin = NULL;
	if (a->eal_up) {
		dm_secondary_fini();
		/*
		 * Once the application has gone, EAL's cleanup still hands
		 * freed memory back to it and reports that it cannot: the
		 * expected, not worth an error line.
		 */
		if (!dm_attach_primary_alive(a))
			rte_log_set_level_pattern("lib.eal", RTE_LOG_CRIT);
		rte_eal_cleanup();
	}
}
