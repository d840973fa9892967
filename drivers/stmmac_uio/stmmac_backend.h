/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * What the driver needs from "the device": 32-bit register accesses, a way
 * to make DPDK memory reachable by its DMA, and a life cycle. Two
 * implementations:
 *   - model (stmmac_backend_model.c): the software dwmac4 model of
 *     model/, with traffic from the generator, a pcap or an interface;
 *   - uio (stmmac_uio.c): a real controller mapped through Linux UIO.
 * The ethdev, RX and TX code see only this interface (the split of
 * DPDK's enetfec between enet_ethdev.c and enet_uio.c), so the model can
 * never leak into the datapath.
 */
#ifndef STMMAC_BACKEND_H
#define STMMAC_BACKEND_H

#include <stddef.h>
#include <stdint.h>

#include "rxp_sync.h"

struct stmmac_devargs;

enum stmmac_backend_kind {
	STMMAC_BACKEND_MODEL = 0,
	STMMAC_BACKEND_UIO,
};

/* Device-side xstats a backend may export. */
#define STMMAC_BACKEND_MAX_XSTATS	8

struct stmmac_backend_ops {
	const char *name;
	/* Register window, offsets from dwmac4_regs.h. */
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
	 * Optional: the device's part of the RX read barrier (stmmac_io.h
	 * stmmac_desc_rmb()); NULL when the CPU barrier is all (hardware).
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
	unsigned int nb_xstats;		/* <= STMMAC_BACKEND_MAX_XSTATS */
	const char *const *xstat_names;
	void (*xstats_get)(void *ctx, uint64_t *values);
	/*
	 * Optional: the port stopped (dev_stop): the backend logs what the
	 * user should know about the run (the model: frames its traffic
	 * source could not replay).
	 */
	void (*port_stopped)(void *ctx);
};

struct stmmac_backend {
	const struct stmmac_backend_ops *ops;
	void *ctx;
	enum stmmac_backend_kind kind;
};

/*
 * Constructors: on success fill @p be and return 0; on failure log why,
 * release everything they took and return -errno. @p name is the ethdev
 * name (for log lines and unique resource names); @p mac the reset value
 * of MAC address 0 (model only).
 */
int stmmac_backend_model_create(struct stmmac_backend *be, const char *name,
				const struct stmmac_devargs *da,
				const uint8_t mac[6]);
int stmmac_backend_uio_create(struct stmmac_backend *be, const char *name,
			      const struct stmmac_devargs *da);

/* Destroys @p be if it holds a backend (safe on a zeroed struct). */
static inline void
stmmac_backend_destroy(struct stmmac_backend *be)
{
	if (be->ops != NULL) {
		be->ops->stop(be->ctx);
		be->ops->destroy(be->ctx);
	}
	be->ops = NULL;
	be->ctx = NULL;
}

#endif /* STMMAC_BACKEND_H */
