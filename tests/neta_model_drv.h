/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * A minimal NETA "driver" for the neta model's step-mode tests: it reaches
 * the model only through registers and descriptors, as a PMD does. DMA
 * memory is one arena mapped at a fixed bus address; RX queue q's ring
 * and buffers, then TX queue q's, are carved from it. With nc set it does
 * the cache maintenance a non-coherent SoC needs (clean after writing a
 * descriptor, clean+invalidate before reading what the device wrote).
 *
 * drv_open() brings the port up as Linux's mvneta does before any queue
 * (drv_port_defaults(): the Armada 3700's address decoding window, MBus
 * retry, acceleration mode, SDMA configuration, TX_MTU and bucket sizes);
 * drv_tx_setup() fills the queue's token bucket.
 *
 * RX follows Marvell's user-space driver: every armed descriptor's size
 * word holds MVNETA_DESC_WATERMARK, and a descriptor still holding it is
 * not written yet: the harvest stops there and reads it again later.
 */
#ifndef SOCRX_TEST_NETA_MODEL_DRV_H
#define SOCRX_TEST_NETA_MODEL_DRV_H

#include <endian.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "model_crc32.h"
#include "mvneta_a3700.h"
#include "mvneta_desc.h"
#include "mvneta_hw.h"
#include "mvneta_mbus.h"
#include "mvneta_mib.h"
#include "mvneta_regs.h"
#include "mvneta_sdma.h"
#include "neta_model.h"

#define DRV_ARENA_SIZE		(8u << 20)
#define DRV_IOVA_BASE		0x40000000ull
#define DRV_BUF_STRIDE		2048u
#define DRV_RING_MAX		512u
#define DRV_PKT_OFFSET		64u

struct drv_rxq {
	uint32_t size;
	uint32_t buf_size;
	uint32_t next;		/* next descriptor to harvest */
	struct mvneta_rx_desc *ring;
	uint8_t *bufs;		/* size * DRV_BUF_STRIDE */
};

struct drv {
	struct neta_model *m;
	uint8_t *arena;
	size_t used;
	bool nc;		/* do the cache maintenance */
	bool skip_inval;	/* ... but never invalidate (a broken driver) */
	bool watermark;		/* arm with MVNETA_DESC_WATERMARK, obey it */
	struct drv_rxq rxq[MVNETA_MAX_RXQ];
	struct mvneta_tx_desc *txr[MVNETA_MAX_TXQ];
	uint8_t *txbufs[MVNETA_MAX_TXQ];
	uint32_t txsize[MVNETA_MAX_TXQ], txnext[MVNETA_MAX_TXQ];
};

static inline uint64_t
drv_iova(const struct drv *d, const void *p)
{
	return DRV_IOVA_BASE + (uint64_t)((const uint8_t *)p - d->arena);
}

static inline void *
drv_alloc(struct drv *d, size_t len)
{
	void *p = d->arena + d->used;

	d->used += (len + 63u) & ~(size_t)63u;
	if (d->used > DRV_ARENA_SIZE)
		abort();
	return p;
}

static inline void
drv_clean(struct drv *d, const void *p, size_t len)
{
	if (d->nc)
		neta_model_cache_op(d->m, p, len, MODEL_NC_CLEAN);
}

static inline void
drv_civac(struct drv *d, const void *p, size_t len)
{
	if (d->nc && !d->skip_inval)
		neta_model_cache_op(d->m, p, len, MODEL_NC_CIVAC);
}

/* The model's counters now. */
static inline struct neta_model_stats
drv_stats(struct drv *d)
{
	struct neta_model_stats st;

	neta_model_get_stats(d->m, &st);
	return st;
}

static inline uint32_t
drv_rd(struct drv *d, uint32_t off)
{
	return neta_model_read32(d->m, off);
}

static inline void
drv_wr(struct drv *d, uint32_t off, uint32_t v)
{
	neta_model_write32(d->m, off, v);
}

/* TX_MTU and the bucket sizes for frames up to this many bytes. */
#define DRV_TX_MAX_FRAME	9728u

/*
 * Linux mvneta_conf_mbus_windows(pp, NULL), the DMA part of
 * mvneta_defaults_set() and mvneta_txq_max_tx_size_set().
 */
static inline void
drv_port_defaults(struct neta_model *m)
{
	uint32_t bits = DRV_TX_MAX_FRAME * MVNETA_TX_MTU_BITS_PER_BYTE;
	unsigned int q;

	neta_model_write32(m, MVNETA_WIN_SIZE(MVNETA_A3700_WIN),
			   MVNETA_A3700_WIN_SIZE);
	neta_model_write32(m, MVNETA_BASE_ADDR_ENABLE, MVNETA_A3700_WIN_ENABLE);
	neta_model_write32(m, MVNETA_ACCESS_PROTECT_ENABLE,
			   MVNETA_A3700_WIN_PROTECT);
	neta_model_write32(m, MVNETA_MBUS_RETRY, MVNETA_MBUS_RETRY_EN);
	neta_model_write32(m, MVNETA_ACC_MODE, MVNETA_ACC_MODE_EXT1);
	neta_model_write32(m, MVNETA_SDMA_CONFIG,
			   MVNETA_RX_BRST_SZ_MASK(MVNETA_SDMA_BRST_SIZE_16) |
			   MVNETA_TX_BRST_SZ_MASK(MVNETA_SDMA_BRST_SIZE_16) |
			   MVNETA_RX_NO_DATA_SWAP | MVNETA_TX_NO_DATA_SWAP);
	neta_model_write32(m, MVNETA_TX_MTU, bits);
	neta_model_write32(m, MVNETA_TX_TOKEN_SIZE, bits);
	for (q = 0; q < MVNETA_MAX_TXQ; q++)
		neta_model_write32(m, MVNETA_TXQ_TOKEN_SIZE_REG(q), bits);
}

/* Every DA filter entry of @p base (@p n of them) passing or not. */
static inline void
drv_filter_table(struct drv *d, uint32_t base, unsigned int n, bool pass)
{
	unsigned int i;

	for (i = 0; i < n; i += 4)
		drv_wr(d, base + i, pass ? 0x01010101u : 0);
}

/* Every frame accepted, as Linux's mvneta_set_rx_mode() in promiscuous. */
static inline void
drv_promisc(struct drv *d)
{
	drv_wr(d, MVNETA_PORT_CONFIG,
	       drv_rd(d, MVNETA_PORT_CONFIG) | MVNETA_UNI_PROMISC_MODE);
	drv_wr(d, MVNETA_TYPE_PRIO,
	       drv_rd(d, MVNETA_TYPE_PRIO) | MVNETA_FORCE_UNI);
	drv_filter_table(d, MVNETA_DA_FILT_UCAST_BASE,
			 MVNETA_DA_FILT_UCAST_ENTRIES, true);
	drv_filter_table(d, MVNETA_DA_FILT_SPEC_MCAST,
			 MVNETA_DA_FILT_MCAST_ENTRIES, true);
	drv_filter_table(d, MVNETA_DA_FILT_OTH_MCAST,
			 MVNETA_DA_FILT_MCAST_ENTRIES, true);
}

/* Creates the model from @p p and maps the arena; registers at reset. */
static inline int
drv_attach(struct drv *d, struct neta_model_params *p)
{
	memset(d, 0, sizeof(*d));
	d->watermark = true;
	d->nc = p->nc_emulation;
	d->arena = aligned_alloc(4096, DRV_ARENA_SIZE);
	if (d->arena == NULL)
		return -1;
	memset(d->arena, 0, DRV_ARENA_SIZE);
	d->m = neta_model_create(p);
	if (d->m == NULL)
		return -1;
	return neta_model_dma_map(d->m, d->arena, DRV_IOVA_BASE,
				  DRV_ARENA_SIZE);
}

/*
 * drv_attach(), then the port enabled, out of port reset and promiscuous.
 */
static inline int
drv_open(struct drv *d, struct neta_model_params *p)
{
	if (drv_attach(d, p) != 0)
		return -1;
	drv_port_defaults(d->m);
	drv_wr(d, MVNETA_GMAC_CTRL_0,
	       drv_rd(d, MVNETA_GMAC_CTRL_0) | MVNETA_GMAC0_PORT_ENABLE);
	drv_wr(d, MVNETA_GMAC_CTRL_2, drv_rd(d, MVNETA_GMAC_CTRL_2) &
	       ~MVNETA_GMAC2_PORT_RESET);
	drv_promisc(d);
	/* Out of port reset the link came up: not a change a test made. */
	drv_wr(d, MVNETA_INTR_MISC_CAUSE, 0);
	return 0;
}

static inline void
drv_close(struct drv *d)
{
	neta_model_destroy(d->m);
	free(d->arena);
}

/* Arms descriptor @p i of RX queue @p q with its buffer. */
static inline void
drv_rx_arm(struct drv *d, unsigned int q, uint32_t i)
{
	struct drv_rxq *r = &d->rxq[q];
	struct mvneta_rx_desc *desc = &r->ring[i];

	memset(desc, 0, sizeof(*desc));
	desc->buf_phys_addr = htole32((uint32_t)drv_iova(d,
				r->bufs + (size_t)i * DRV_BUF_STRIDE));
	desc->buf_cookie = htole32(i);
	if (d->watermark)
		desc->size = htole32(MVNETA_DESC_WATERMARK);
	drv_clean(d, desc, sizeof(*desc));
	/* The buffer goes to the device: no dirty line may land on it. */
	drv_civac(d, r->bufs + (size_t)i * DRV_BUF_STRIDE, DRV_BUF_STRIDE);
}

/* Adds @p n armed descriptors, 255 per write at most. */
static inline void
drv_rx_add(struct drv *d, unsigned int q, uint32_t n)
{
	uint32_t k;

	while (n != 0) {
		k = n > MVNETA_RXQ_ADD_NON_OCCUPIED_MAX ?
			MVNETA_RXQ_ADD_NON_OCCUPIED_MAX : n;
		drv_wr(d, MVNETA_RXQ_STATUS_UPDATE_REG(q),
		       k << MVNETA_RXQ_ADD_NON_OCCUPIED_SHIFT);
		n -= k;
	}
}

/*
 * Sets up RX queue @p q: @p size descriptors of @p buf_size-byte buffers
 * at DRV_PKT_OFFSET, every descriptor armed and added, queue enabled.
 */
static inline void
drv_rx_setup(struct drv *d, unsigned int q, uint32_t size, uint32_t buf_size)
{
	struct drv_rxq *r = &d->rxq[q];
	uint32_t i;

	r->size = size;
	r->buf_size = buf_size;
	r->next = 0;
	r->ring = drv_alloc(d, (size_t)size * sizeof(*r->ring));
	r->bufs = drv_alloc(d, (size_t)size * DRV_BUF_STRIDE);
	drv_wr(d, MVNETA_RXQ_BASE_ADDR_REG(q), (uint32_t)drv_iova(d, r->ring));
	drv_wr(d, MVNETA_RXQ_SIZE_REG(q), size |
	       (buf_size / MVNETA_RXQ_BUF_SIZE_UNIT) << MVNETA_RXQ_BUF_SIZE_SHIFT);
	drv_wr(d, MVNETA_RXQ_CONFIG_REG(q),
	       MVNETA_RXQ_PKT_OFFSET_MASK(DRV_PKT_OFFSET /
					  MVNETA_RXQ_PKT_OFFSET_UNIT));
	for (i = 0; i < size; i++)
		drv_rx_arm(d, q, i);
	drv_rx_add(d, q, size);
	drv_wr(d, MVNETA_RXQ_CMD, 1u << q);
}

static inline uint32_t
drv_rx_occupied(struct drv *d, unsigned int q)
{
	return drv_rd(d, MVNETA_RXQ_STATUS_REG(q)) &
	       MVNETA_RXQ_OCCUPIED_ALL_MASK;
}

/* One received descriptor as the harvest saw it. */
struct drv_rx_seen {
	uint32_t idx, status, data_size;
	const uint8_t *buf;	/* the buffer (packet offset not applied) */
};

/*
 * Reads up to @p max descriptors the device counted in RXQ_STATUS into
 * @p out (a descriptor still holding the watermark stops the harvest).
 * Does not return them: drv_rx_done() does.
 */
static inline uint32_t
drv_rx_harvest(struct drv *d, unsigned int q, struct drv_rx_seen *out,
	       uint32_t max)
{
	struct drv_rxq *r = &d->rxq[q];
	uint32_t occ = drv_rx_occupied(d, q), n = 0, w1;
	struct mvneta_rx_desc *desc;

	while (n < occ && n < max) {
		desc = &r->ring[(r->next + n) % r->size];
		drv_civac(d, desc, sizeof(*desc));
		w1 = le32toh(__atomic_load_n(&desc->size, __ATOMIC_ACQUIRE));
		if (d->watermark && w1 == MVNETA_DESC_WATERMARK)
			break;
		out[n].idx = (r->next + n) % r->size;
		out[n].status = le32toh(desc->status);
		out[n].data_size = MVNETA_DESC_DATA_SIZE(w1);
		out[n].buf = r->bufs + (size_t)out[n].idx * DRV_BUF_STRIDE;
		drv_civac(d, out[n].buf, DRV_BUF_STRIDE);
		n++;
	}
	return n;
}

/*
 * Returns the @p n oldest harvested descriptors, re-arming each, in one
 * RXQ_STATUS_UPDATE per 255 of each count.
 */
static inline void
drv_rx_done(struct drv *d, unsigned int q, uint32_t n)
{
	struct drv_rxq *r = &d->rxq[q];
	uint32_t i, k;

	for (i = 0; i < n; i++)
		drv_rx_arm(d, q, (r->next + i) % r->size);
	r->next = (r->next + n) % r->size;
	while (n != 0) {
		k = n > 255u ? 255u : n;
		drv_wr(d, MVNETA_RXQ_STATUS_UPDATE_REG(q),
		       k | k << MVNETA_RXQ_ADD_NON_OCCUPIED_SHIFT);
		n -= k;
	}
}

/* Sets up TX queue @p q with @p size descriptors and enables it. */
static inline void
drv_tx_setup(struct drv *d, unsigned int q, uint32_t size)
{
	d->txsize[q] = size;
	d->txnext[q] = 0;
	d->txr[q] = drv_alloc(d, (size_t)size * sizeof(struct mvneta_tx_desc));
	d->txbufs[q] = drv_alloc(d, (size_t)size * DRV_BUF_STRIDE);
	drv_wr(d, MVETH_TXQ_TOKEN_CFG_REG(q), MVNETA_TXQ_TOKEN_CFG_MAX);
	drv_wr(d, MVETH_TXQ_TOKEN_COUNT_REG(q), MVNETA_TXQ_TOKEN_COUNT_MAX);
	drv_wr(d, MVNETA_TXQ_BASE_ADDR_REG(q), (uint32_t)drv_iova(d, d->txr[q]));
	drv_wr(d, MVNETA_TXQ_SIZE_REG(q), size);
	drv_wr(d, MVNETA_TXQ_CMD, 1u << q);
}

/* Queues one frame in one descriptor (not yet added to pending). */
static inline void
drv_tx_put(struct drv *d, unsigned int q, const uint8_t *frame, uint32_t len,
	   uint32_t extra_cmd)
{
	uint32_t i = d->txnext[q];
	struct mvneta_tx_desc *t = &d->txr[q][i];
	uint8_t *b = d->txbufs[q] + (size_t)i * DRV_BUF_STRIDE;

	memcpy(b, frame, len);
	drv_clean(d, b, len);
	memset(t, 0, sizeof(*t));
	t->command = htole32(MVNETA_TXD_FLZ_DESC | MVNETA_TX_L4_CSUM_NOT |
			     extra_cmd);
	t->size = htole32(len << MVNETA_DESC_SIZE_SHIFT);
	t->buf_phys_addr = htole32((uint32_t)drv_iova(d, b));
	drv_clean(d, t, sizeof(*t));
	d->txnext[q] = (i + 1) % d->txsize[q];
}

#endif /* SOCRX_TEST_NETA_MODEL_DRV_H */
