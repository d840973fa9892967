/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * socrx-devmodel's way to the driver's DMA memory: DPDK multi-process.
 * The application (the primary, --file-prefix PREFIX) is watched through
 * its runtime config file, which it keeps locked while it lives; once the
 * driver has started a DMA engine the devmodel attaches to it as a
 * secondary process (in a thread of its own, so that the register window
 * stays served meanwhile) and maps every memory segment into the model's
 * DMA window at its IOVA, the primary's later allocations included.
 */
#ifndef DM_ATTACH_H
#define DM_ATTACH_H

#include <limits.h>
#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "socnic_model_dmawin.h"

enum dm_attach_state {
	DM_ATTACH_NONE = 0,	/* not asked for yet */
	DM_ATTACH_RUNNING,	/* rte_eal_init() under way */
	DM_ATTACH_DONE,		/* the DMA window holds the primary's memory */
	DM_ATTACH_FAILED,
};

struct dm_attach {
	char prefix[64];
	char config[PATH_MAX];	/* the primary's runtime config file */
	char name[64];		/* for log lines */
	int lcore;		/* the secondary's one lcore */
	void *dev;		/* the model, for map and unmap */
	int (*map)(void *dev, void *va, uint64_t iova, size_t len);
	int (*unmap)(void *dev, uint64_t iova);
	struct socnic_dmawin *dmawin;
	pthread_t thread;
	bool thread_started;
	pthread_mutex_t lock;	/* cancelled against the thread's last steps */
	bool cancelled;		/* the devmodel is going: touch nothing */
	bool eal_up;		/* rte_eal_init() succeeded */
	int state;		/* enum dm_attach_state, atomic */
};

/*
 * Sets @p a up for the primary of --file-prefix @p prefix, its memory to
 * go into the DMA window of the model @p dev through @p map and @p unmap
 * (socnic_model_dmawin.h). 0 or -1.
 */
int dm_attach_init(struct dm_attach *a, const char *prefix,
		   const char *name, void *dev,
		   int (*map)(void *dev, void *va, uint64_t iova, size_t len),
		   int (*unmap)(void *dev, uint64_t iova));

/* Whether the primary runs (holds the lock on its runtime config). */
bool dm_attach_primary_alive(const struct dm_attach *a);

/* Starts attaching (once): DM_ATTACH_RUNNING, then DONE or FAILED. */
int dm_attach_start(struct dm_attach *a);

enum dm_attach_state dm_attach_state(const struct dm_attach *a);

/*
 * Leaves DPDK: stops following the primary's memory and cleans EAL up.
 * An attach still under way (the primary never finished its start) is
 * cancelled: the thread touches nothing once rte_eal_init() returns, and
 * the process exit ends it.
 */
void dm_attach_fini(struct dm_attach *a);

/* dm_secondary.c: answers the application's requests (after EAL init). */
int dm_secondary_init(void);
void dm_secondary_fini(void);

#endif /* DM_ATTACH_H */
