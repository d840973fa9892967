/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The device families socrx-devmodel serves, each behind one ops table
 * (as Linux stmmac's hwif.c keeps one row per generation): the dwmac4
 * (dm_family_dwmac4.c, the default) and the Marvell NETA
 * (dm_family_neta.c, --model model=neta). The serving loop, the fake UIO
 * node, the DMA attach and the MMIO trap are the families' alike.
 */
#ifndef DM_FAMILY_H
#define DM_FAMILY_H

#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct dm_dev;

/* What the fake UIO node says of the device (dm_node.h). */
struct dm_node_desc {
	size_t window;			/* register window, bytes */
	uint64_t addr;			/* map0/addr of device uio0 */
	uint64_t stride;		/* ... plus this per device number */
	const char *compatible;		/* of_node/compatible, NUL-separated */
	size_t compatible_len;		/* its bytes, the last NUL included */
	const char *phy_mode;		/* of_node/phy-mode, or NULL */
};

struct dm_family {
	const char *name;		/* the --model model= value */
	struct dm_node_desc node;
	/*
	 * Every store to the registers must reach the model, one by one and
	 * in order (counter registers that add what each write carries):
	 * the application's stores are trapped (dm_trap.h) rather than
	 * read back from the shared window.
	 */
	bool trapped;
	/*
	 * Parses @p args (--model) and creates the model of device number
	 * @p devno. 0, or the exit status (2: bad --model, 1: cannot create)
	 * after printing why.
	 */
	int (*create)(struct dm_dev *d, const char *args, unsigned int devno);
	/* Flushes the traffic and frees the model. */
	void (*destroy)(struct dm_dev *d);
	/* Fills the window @p win with the registers and starts mirroring. */
	void (*window_init)(struct dm_dev *d, uint32_t *win);
	/* The driver's writes found in the window, into the model: how many. */
	unsigned int (*take_writes)(struct dm_dev *d);
	/* One trapped store into the model (trapped families). */
	void (*store)(struct dm_dev *d, uint32_t off, uint32_t val);
	/* Whether a store needs the DMA window to act (a queue enabled). */
	bool (*store_needs_dma)(uint32_t off, uint32_t val);
	/* A pass of the DMA engines, @p budget frames each: frames moved. */
	unsigned int (*step)(struct dm_dev *d, unsigned int budget);
	/* The model's registers into the window: words stored. */
	unsigned int (*publish)(struct dm_dev *d);
	/* Whether a DMA engine runs: the device needs DMA from now on. */
	bool (*dma_started)(struct dm_dev *d);
	/* The DMA window's calls (socnic_model_dmawin.h), dev the model. */
	int (*dma_map)(void *dev, void *va, uint64_t iova, size_t len);
	int (*dma_unmap)(void *dev, uint64_t iova);
	/* The statistics line "NAME: WHAT report=K ..." (and the violation). */
	void (*print_stats)(struct dm_dev *d, const char *what,
			    unsigned int report);
};

extern const struct dm_family dm_family_dwmac4;
extern const struct dm_family dm_family_neta;

/* One device served. The lock serialises the model and the window. */
struct dm_dev {
	const struct dm_family *fam;
	const char *name;		/* "socrx-devmodel uioN", for log lines */
	void *model;
	void *priv;			/* the family's window state */
	int cpu;			/* model_cpu=, -1: anywhere */
	uint64_t writes;		/* driver writes applied */
	uint64_t trapped;		/* of those, trapped stores */
	long drop_update;		/* --debug-drop-update (0: off) */
	pthread_mutex_t lock;
};

/*
 * The family @p args (--model) names with model=: the dwmac4 when none.
 * NULL after printing why (args not KEY=VALUE,...).
 */
const struct dm_family *dm_family_find(const char *args);

/*
 * The model's keys only, in @p args: a key @p scope (the PMD's
 * *_devargs_key_scope()) calls the driver's or the UIO path's is refused
 * (mac= is the model's too: MAC address 0 as a boot loader left it), and
 * so is a key for which @p refusal returns why. 0, or -1 after printing.
 */
int dm_family_check_keys(const char *args, int (*scope)(const char *key),
			 const char *(*refusal)(const char *key));

#endif /* DM_FAMILY_H */
