/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The RX and TX queue of every socrx family (docs/design/families.md): a
 * header struct each family's queue embeds first, as DPDK's Intel drivers
 * embed struct ci_rx_queue, holding what the shared burst skeleton
 * (socnic_rx_burst.h), the general path's frame assembly, the stats and
 * the queue control path use. The family's queue adds its descriptor
 * ring, its doorbell and its own counters after it, so a pointer to one
 * is a pointer to the other (socnic_rxq(), socnic_txq()).
 *
 * Ring indices are free-running uint16_t counters masked by size - 1
 * (sizes are powers of two checked at setup), so "how many" is a plain
 * subtraction and the last slot wraps to 0 by itself (robustness rows 14,
 * 15): slots [next, armed) are the device's, sw_ring[slot] the mbuf armed
 * in a slot (NULL once a frame took it).
 */
#ifndef SOCNIC_RX_QUEUE_H
#define SOCNIC_RX_QUEUE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <rte_common.h>
#include <rte_ether.h>
#include <rte_mbuf.h>
#include <rte_memzone.h>

#include "rxp_parse.h"
#include "rxp_sync.h"

#include "socnic_backend.h"
#include "socnic_io.h"
#include "socnic_rxq.h"
#include "socnic_xstats.h"

/* The counters of every family's RX and TX queue, in xstats order. */
struct socnic_rxq_stats {
	SOCNIC_RXQ_XSTATS(SOCNIC_XSTAT_RX_FIELD)
};

struct socnic_txq_stats {
	SOCNIC_TXQ_XSTATS(SOCNIC_XSTAT_TX_FIELD)
};

/* The verdict counters are indexed by lib/rxpath's enum, in this order. */
#define SOCNIC_VCNT_OFF(f) offsetof(struct socnic_rxq_stats, f)
_Static_assert(SOCNIC_VCNT_OFF(rx_ip_bad) == SOCNIC_VCNT_OFF(rx_ip_good) + 8 * RXP_CNT_IP_BAD &&
	       SOCNIC_VCNT_OFF(rx_ip_unknown) == SOCNIC_VCNT_OFF(rx_ip_good) + 8 * RXP_CNT_IP_UNKNOWN &&
	       SOCNIC_VCNT_OFF(rx_l4_good) == SOCNIC_VCNT_OFF(rx_ip_good) + 8 * RXP_CNT_L4_GOOD &&
	       SOCNIC_VCNT_OFF(rx_l4_bad) == SOCNIC_VCNT_OFF(rx_ip_good) + 8 * RXP_CNT_L4_BAD &&
	       SOCNIC_VCNT_OFF(rx_l4_unknown) == SOCNIC_VCNT_OFF(rx_ip_good) + 8 * RXP_CNT_L4_UNKNOWN &&
	       RXP_CNT_IP_GOOD == 0,
	       "rx_ip_good..rx_l4_unknown must follow RXP_VERDICT_COUNTERS");
#undef SOCNIC_VCNT_OFF

/* RX frame assembly of the general path, saved across bursts (row 8). */
enum socnic_rx_state {
	SOCNIC_RX_IDLE = 0,	/* between frames */
	SOCNIC_RX_CHAIN,	/* a multi-buffer frame is being chained */
	SOCNIC_RX_DISCARD,	/* dropping the rest of a frame, until its last */
	/*
	 * A complete frame (pkt_first) waits for what the family's device
	 * writes after it (dwmac4: the context descriptor with its stamp).
	 */
	SOCNIC_RX_HOLD,
};

struct socnic_rx_queue {
	/* Hot: read by every burst. */
	volatile void *ring;		/* the family's descriptor ring */
	struct rte_mbuf **sw_ring;	/* mbuf armed in each slot, or NULL */
	/*
	 * Where the frame starts in each armed slot, set with the
	 * descriptor: the burst finds a frame's data without reading the
	 * mbuf.
	 */
	const uint8_t **buf_data;
	const struct socnic_backend *be;
	uint16_t nb_desc;
	uint16_t mask;			/* nb_desc - 1 */
	uint16_t next;			/* next slot to harvest */
	uint16_t armed;			/* one past the last slot armed */
	uint16_t free_thresh;		/* refill when this many are free */
	/*
	 * Slots the device may hold at once: the ring less one where a tail
	 * pointer says how far it is armed (dwmac4: tail == head reads as
	 * empty), the whole ring where counts do (NETA).
	 */
	uint16_t cap;
	uint16_t port_id;
	uint16_t empty_polls;		/* bursts that found nothing, mod 2^16 */
	/* Where a frame starts in a ring mbuf (its data_off). */
	uint16_t data_off;
	bool hw_csum;			/* device verdicts read (socnic_rxq_reads_hw_csum) */
	bool scatter;
	bool keep_crc;
	bool started;
	uint32_t room;			/* bytes a buffer holds after the headroom */
	/* What the device was programmed to write per buffer at most. */
	uint32_t buf_size;
	uint8_t desc_shift;		/* log2 of a padded stride (dwmac4); 0 fixed */
	uint32_t fcs_trim;		/* FCS bytes dropped in software */
	uint32_t max_len;		/* longest frame accepted, FCS excluded */
	struct socnic_rmb_hook rmb;	/* device part of the harvest barrier */

	/* The general path's frame in progress (state != IDLE). */
	enum socnic_rx_state state;
	struct rte_mbuf *pkt_first;
	struct rte_mbuf *pkt_last;
	uint32_t pkt_len;		/* bytes held by the chain */

	struct socnic_rxq_stats stats;
	/* lib/rxpath state: sync variant, page pool, copybreak. */
	struct socnic_rxq_lib lib;

	/* Cold. */
	struct rte_mempool *mp;
	const struct rte_memzone *mz;
	rte_iova_t ring_iova;
	uint64_t offloads;
	uint16_t queue_id;
	struct socnic_rxq_stats stats_base;	/* at the last reset */
};

struct socnic_tx_queue {
	struct rte_mbuf **sw_ring;	/* what each slot sent, freed on reclaim */
	const struct socnic_backend *be;
	uint16_t nb_desc;
	uint16_t mask;
	uint16_t prod;			/* next slot to fill */
	uint16_t clean;			/* oldest slot not yet reclaimed */
	uint16_t port_id;
	bool started;
	/* Cache maintenance of descriptors and sent bytes (non-coherent). */
	struct rxp_sync sync;

	struct socnic_txq_stats stats;

	/* Cold. */
	const struct rte_memzone *mz;
	rte_iova_t ring_iova;
	uint64_t offloads;
	uint16_t queue_id;
	struct socnic_txq_stats stats_base;	/* at the last reset */
};

/* ---- The RX queue's control path (socnic_rx_queue.c) ---- */

struct rte_eth_dev;
struct rte_eth_rxconf;
struct socnic_ring_limits;
struct socnic_rx_args;

/* What a family's RX queue is, for the shared control path. */
struct socnic_rx_queue_spec {
	const char *pmd;		/* short name: pool and memzone names */
	const int *logtype;		/* its RX logtype (registered at load) */
	const struct socnic_ring_limits *lim;
	size_t size;			/* of the family's queue (q first) */
	size_t slot_bytes;		/* its own per-slot array, after buf_data */
	/* RX buffer sizes the device takes (socnic_rx_buf_size()). */
	uint32_t buf_min;
	uint32_t buf_max;
	uint16_t free_thresh;		/* default refill threshold */
	uint16_t kept_empty;		/* slots a full ring keeps free (cap) */
};

/*
 * Queue setup's checks and allocation: ethdev's arguments (@p nb_desc may
 * be rounded up), the buffer size @p mp allows rounded down to
 * @p buf_align (into @p bufsz), the refill threshold; then the old queue
 * @p queue_id is released (the port's rx_queue_release), and a zeroed
 * queue of spec->size bytes made with its slot arrays (sw_ring, buf_data,
 * then slot_bytes per slot at socnic_rx_queue_slots()), its descriptor
 * ring (the port's pmd->ring_alloc: q->mz, ring, ring_iova) and the shared
 * fields set from the arguments, with the port's backend. 0 and *@p out,
 * or a negative errno (logged).
 */
int socnic_rx_queue_create(struct rte_eth_dev *dev, uint16_t queue_id,
			   uint16_t *nb_desc, unsigned int socket_id,
			   const struct rte_eth_rxconf *conf,
			   struct rte_mempool *mp,
			   const struct socnic_rx_queue_spec *spec,
			   uint32_t buf_align, void **out);

/* The family's per-slot array of @p q (spec->slot_bytes each). */
static inline void *
socnic_rx_queue_slots(const struct socnic_rx_queue *q)
{
	return (void *)(uintptr_t)(q->buf_data + q->nb_desc);
}

/*
 * The lib/rxpath objects of @p q from the RX-path devargs @p rx: the
 * device gives checksum answers (@p hw_csum), writes at most @p max_len
 * bytes per buffer, @p lead of them before the frame. Sets the queue's
 * fields that follow (hw_csum, data_off). 0 or a negative errno (logged).
 */
int socnic_rx_queue_lib_init(struct socnic_rx_queue *q,
			     const struct socnic_rx_queue_spec *spec,
			     const struct socnic_rx_args *rx, bool hw_csum,
			     uint32_t max_len, uint16_t lead,
			     unsigned int socket_id);

/*
 * The end of queue setup: @p q becomes ethdev's RX queue q->queue_id, its
 * settings logged (INFO, on @p logtype).
 */
void socnic_rx_queue_install(struct rte_eth_dev *dev,
			     struct socnic_rx_queue *q, int logtype);

/*
 * Fills every slot from the page pool (queue start). 0, or -ENOMEM with
 * nothing kept (robustness row 17, logged).
 */
int socnic_rx_queue_fill(struct socnic_rx_queue *q, int logtype);

/*
 * Gives every buffer the ring or a partial frame holds back to the page
 * pool, then the pool's cache to the mempool: afterwards nothing is in
 * flight (robustness row 18); what is, is counted in rx_pool_leaked.
 */
void socnic_rx_queue_recycle(struct socnic_rx_queue *q, int logtype);

/*
 * ethdev's queue release: the queue stopped (@p stop, when it runs) or
 * its buffers recycled, then freed with its objects and ring.
 */
void socnic_rx_queue_release(struct rte_eth_dev *dev, uint16_t queue_id,
			     void (*stop)(struct socnic_rx_queue *q),
			     int logtype);

/* Frees @p q, its lib/rxpath objects, ring and slot arrays. */
void socnic_rx_queue_destroy(struct socnic_rx_queue *q, int logtype);

/* Slots the refill may arm: what the device may hold, less those armed. */
static __rte_always_inline int
socnic_rx_room(const struct socnic_rx_queue *q)
{
	return (int)q->cap - (uint16_t)(q->armed - q->next);
}

/*
 * Whether a refill has work (rx_free_thresh slots free, never 0:
 * socnic_rx_free_thresh()): checked in the burst, so that most polls,
 * and every empty one, make no call.
 */
static __rte_always_inline bool
socnic_rx_refill_due(const struct socnic_rx_queue *q)
{
	return socnic_rx_room(q) >= (int)q->free_thresh;
}

/* ---- The general path's frame assembly, every family's ---- */

/* A dropped frame: once in rx_errors, once in its detail counter. */
static __rte_always_inline void
socnic_rx_count_error(struct socnic_rx_queue *q, uint64_t *detail)
{
	q->stats.rx_errors++;
	(*detail)++;
}

/*
 * Drops the chain of the frame in progress: its buffers never left the
 * driver, so they go back to the page pool's direct-recycle cache.
 */
static inline void
socnic_rx_free_chain(struct socnic_rx_queue *q)
{
	socnic_rx_chain_recycle(q->lib.pool, q->pkt_first);
	q->pkt_first = NULL;
	q->pkt_last = NULL;
	q->pkt_len = 0;
}

/*
 * Starts dropping the frame in progress, counted in @p detail; later
 * buffers stay in their slots and are re-armed in place, until the
 * frame's @p last descriptor.
 */
static inline void
socnic_rx_discard(struct socnic_rx_queue *q, uint64_t *detail, bool last)
{
	socnic_rx_count_error(q, detail);
	socnic_rx_free_chain(q);
	q->state = last ? SOCNIC_RX_IDLE : SOCNIC_RX_DISCARD;
}

/*
 * A first descriptor arrived while a frame was open: the open frame lost
 * its last descriptor (robustness row 7). Dropped, counted once.
 */
static inline void
socnic_rx_abort(struct socnic_rx_queue *q)
{
	if (q->state == SOCNIC_RX_CHAIN)
		socnic_rx_count_error(q, &q->stats.rx_truncated);
	socnic_rx_free_chain(q);
	q->state = SOCNIC_RX_IDLE;
}

/* Appends segment @p mb to the frame in progress. */
static __rte_always_inline void
socnic_rx_chain_add(struct socnic_rx_queue *q, struct rte_mbuf *mb,
		    uint32_t len)
{
	if (q->pkt_first == NULL) {
		q->pkt_first = mb;
	} else {
		q->pkt_last->next = mb;
		q->pkt_first->nb_segs++;
	}
	q->pkt_last = mb;
	q->pkt_len += len;
}

/*
 * The detail counter of a complete frame of @p len bytes (as delivered,
 * FCS trimmed) that the device closed with an error (@p dev_err; @p crc_err
 * whether that error is a CRC one, also counted in rx_crc_errors), or whose
 * length is out of bounds; NULL when the frame is good. The family decodes
 * the two bits from its descriptor.
 */
static __rte_always_inline uint64_t *
socnic_rx_frame_error(struct socnic_rx_queue *q, bool dev_err, bool crc_err,
		      uint32_t len)
{
	if (dev_err) {
		if (crc_err)
			q->stats.rx_crc_errors++;
		return &q->stats.rx_desc_errors;
	}
	if (len < RTE_ETHER_HDR_LEN)
		return &q->stats.rx_runts;
	if (len > q->max_len)
		return &q->stats.rx_oversize;
	return NULL;
}

/*
 * The frame in progress complete: NULL when it has no segment (counted
 * as a runt) or @p err names its detail counter (its buffers recycled),
 * else its first mbuf, with pkt_len and port set; the queue is between
 * frames again either way.
 */
static inline struct rte_mbuf *
socnic_rx_chain_end(struct socnic_rx_queue *q, uint64_t *err)
{
	struct rte_mbuf *head = q->pkt_first;

	q->state = SOCNIC_RX_IDLE;
	if (unlikely(err != NULL || head == NULL)) {
		socnic_rx_count_error(q, err != NULL ? err : &q->stats.rx_runts);
		socnic_rx_free_chain(q);
		return NULL;
	}
	head->pkt_len = q->pkt_len;
	head->port = q->port_id;
	q->pkt_first = NULL;
	q->pkt_last = NULL;
	q->pkt_len = 0;
	return head;
}

/*
 * The general path over any descriptor in any state (socnic_rx_codec's
 * desc), every family's: a first descriptor closes a frame still open
 * (truncated) and starts one, whole (@p single) or, with scatter,
 * chained (@p chain); a continuation extends the open frame, is dropped
 * as truncated between frames, or stays in its slot while a frame is
 * being discarded. @p st / @p s1 are the family's words, @p first /
 * @p last what they say; the steps are the family's, always inline.
 * Returns a completed frame (lengths and port set) or NULL.
 */
static __rte_always_inline struct rte_mbuf *
socnic_rx_general(struct socnic_rx_queue *q, uint16_t slot, uint32_t st,
		  uint32_t s1, bool first, bool last,
		  struct rte_mbuf *(*single)(struct socnic_rx_queue *, uint16_t,
					     uint32_t, uint32_t),
		  struct rte_mbuf *(*chain)(struct socnic_rx_queue *, uint16_t,
					    uint32_t, uint32_t))
{
	if (first) {
		/* The open frame lost its last descriptor (row 7). */
		if (q->state != SOCNIC_RX_IDLE)
			socnic_rx_abort(q);
		if (last)
			return single(q, slot, st, s1);
		if (!q->scatter) {
			/* Needs several buffers, may not (row 4): drop whole. */
			socnic_rx_discard(q, &q->stats.rx_scatter_dropped, false);
			return NULL;
		}
		return chain(q, slot, st, s1);
	}
	switch (q->state) {
	case SOCNIC_RX_CHAIN:
		return chain(q, slot, st, s1);
	case SOCNIC_RX_IDLE:
		/* A continuation whose first descriptor we never saw. */
		socnic_rx_discard(q, &q->stats.rx_truncated, last);
		return NULL;
	default:
		/* Discarding: the buffer stays in its slot, re-armed. */
		if (last)
			q->state = SOCNIC_RX_IDLE;
		return NULL;
	}
}

#endif /* SOCNIC_RX_QUEUE_H */
