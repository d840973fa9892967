/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * What a PMD needs from "the device": 32-bit register accesses, a way to
 * make DPDK memory reachable by its DMA, and a life cycle. Two kinds of
 * implementation, for every NIC family:
 *   - model: the family's software device model (drivers/<pmd>/model/),
 *     with traffic from the shared model library (generator, pcap,
 *     Linux interface);
 *   - uio: a real controller mapped through Linux UIO.
 * The ethdev, RX and TX code see only this interface (the split of
 * DPDK's enetfec between enet_ethdev.c and enet_uio.c), so the model can
 * never leak into the datapath.
 */
#ifndef SOCNIC_BACKEND_H
#define SOCNIC_BACKEND_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "rxp_sync.h"

enum socnic_backend_kind {
	SOCNIC_BACKEND_MODEL = 0,
	SOCNIC_BACKEND_UIO,
};

/* How a backend's interrupt fds signal (socnic_backend_ops.irq_fd). */
enum socnic_irq_kind {
	SOCNIC_IRQ_NONE = 0,	/* no interrupts */
	SOCNIC_IRQ_EVENTFD,	/* an eventfd per DMA channel (8-byte count) */
	SOCNIC_IRQ_UIO,		/* the UIO device: 4-byte count, re-armed by
				 * writing 1 (uio_pdrv_genirq) */
};

/* Device-side xstats a backend may export. */
#define SOCNIC_BACKEND_MAX_XSTATS	24
/* Names in struct socnic_backend_shared, NUL included (ethdev's sizes). */
#define SOCNIC_BACKEND_NAME_SIZE	64

struct socnic_backend_ops {
	const char *name;
	/* Register window, offsets from the family's base/ headers. */
	uint32_t (*read32)(void *ctx, uint32_t off);
	void (*write32)(void *ctx, uint32_t off, uint32_t val);
	/*
	 * Makes every DMA-capable DPDK memory segment, present and future,
	 * reachable by the device at its IOVA. 0 or -errno.
	 */
	int (*dma_map)(void *ctx);
	/* Device start: idempotent (the model's thread starts once). */
	int (*start)(void *ctx);
	/* Stops whatever start() started; idempotent. */
	void (*stop)(void *ctx);
	/* Releases ctx and everything it holds; ctx is invalid afterwards. */
	void (*destroy)(void *ctx);
	/*
	 * Optional: the device's part of the RX read barrier (socnic_io.h
	 * socnic_desc_rmb()); NULL when the CPU barrier is all (hardware).
	 */
	void (*rx_barrier)(void *ctx);
	/*
	 * Optional: whether the device's DMA snoops the CPU caches, for
	 * dma=auto: 1 coherent, 0 not; NULL: coherent.
	 */
	int (*dma_coherent)(void *ctx);
	/*
	 * Optional: the device's half of the driver's cache maintenance, as
	 * the interconnect would see it (a model emulating a non-coherent
	 * interconnect); installed as the queues' rxp_sync hook. NULL on
	 * hardware and by default.
	 */
	rxp_sync_hook_t cache_op;
	/*
	 * Device-side counters exported as port xstats: nb_xstats names,
	 * values read by xstats_get() in the same order (0: none).
	 */
	unsigned int nb_xstats;		/* <= SOCNIC_BACKEND_MAX_XSTATS */
	const char *const *xstat_names;
	void (*xstats_get)(void *ctx, uint64_t *values);
	/*
	 * Optional: the port stopped (dev_stop): the backend logs what the
	 * user should know about the run (the model: frames its traffic
	 * source could not replay).
	 */
	void (*port_stopped)(void *ctx);
	/*
	 * Optional: called in each poll of a loop in which the driver waits
	 * for the device at a stop (the TX DMA finishing what it owns); a
	 * model that moves only when the port is polled (model_step=inline)
	 * steps there. NULL on hardware.
	 */
	void (*wait_poll)(void *ctx);
	/*
	 * Interrupts (irq_kind not NONE): irq_fd() returns a new file
	 * descriptor, the caller's to close, that becomes readable when DMA
	 * channel @p ch's interrupt line rises (UIO: the device's one line,
	 * every channel's), or -errno; irq_rearm(), where set, unmasks the
	 * line after it fired.
	 */
	enum socnic_irq_kind irq_kind;
	int (*irq_fd)(void *ctx, unsigned int ch);
	void (*irq_rearm)(void *ctx);
	/*
	 * Optional (irq_kind not NONE): like irq_fd(), for the controller's
	 * own line, which its MAC or port causes (the link) raise rather
	 * than a DMA channel (socnic_lsc.h). UIO: the device's one line.
	 */
	int (*irq_misc_fd)(void *ctx);
	/*
	 * Optional: the SoC's register blocks around the controller (its
	 * clock and reset unit, register files: docs/design/soc_glue.md),
	 * further maps of the device named by the node's reg-names ("cru",
	 * "grf", "php_grf", "gpr"). soc_map() returns the index of the map
	 * named @p name or -ENOENT; soc_read32()/soc_write32() access it at
	 * @p off from the block's first register.
	 */
	int (*soc_map)(void *ctx, const char *name);
	uint32_t (*soc_read32)(void *ctx, unsigned int map, uint32_t off);
	void (*soc_write32)(void *ctx, unsigned int map, uint32_t off,
			    uint32_t val);
	/*
	 * Optional: where the register window is in physical memory (0:
	 * unknown), which tells the SoC glue which controller of its SoC
	 * this is.
	 */
	uint64_t (*regs_phys)(void *ctx);
	/*
	 * Optional: the controller's device-tree property @p name, as
	 * /sys/.../of_node shows it (strings NUL-terminated, cells
	 * big-endian), into @p buf: its full length, or -errno (-ENOENT: the
	 * node has none).
	 */
	int (*of_prop)(void *ctx, const char *name, void *buf, size_t len);
};

/*
 * What a secondary process may read of a backend (socnic_secondary.h):
 * ops and ctx hold the primary's own addresses. Copied at probe.
 */
struct socnic_backend_shared {
	unsigned int nb_xstats;		/* ops->nb_xstats */
	char xstat_names[SOCNIC_BACKEND_MAX_XSTATS][SOCNIC_BACKEND_NAME_SIZE];
	char port[SOCNIC_BACKEND_NAME_SIZE];	/* the ethdev name */
	char action[SOCNIC_BACKEND_NAME_SIZE];	/* the primary's rte_mp action */
};

struct socnic_backend {
	const struct socnic_backend_ops *ops;
	void *ctx;
	enum socnic_backend_kind kind;
	/*
	 * The device's traffic is for any address and arrives from the
	 * moment the port starts (a model replaying a capture or bridging a
	 * Linux interface): the port starts promiscuous.
	 */
	bool promiscuous;
	struct socnic_backend_shared shared;
};

/* One poll of a loop in which the driver waits for the device at a stop. */
static inline void
socnic_backend_wait_poll(const struct socnic_backend *be)
{
	if (be->ops->wait_poll != NULL)
		be->ops->wait_poll(be->ctx);
}

/* Destroys @p be if it holds a backend (safe on a zeroed struct). */
static inline void
socnic_backend_destroy(struct socnic_backend *be)
{
	if (be->ops != NULL) {
		be->ops->stop(be->ctx);
		be->ops->destroy(be->ctx);
	}
	be->ops = NULL;
	be->ctx = NULL;
}

#endif /* SOCNIC_BACKEND_H */
