/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * RX queues: setup, start/stop, and the burst function.
 *
 * Ring idiom (model.md "Receive"; Linux stmmac_rx()/stmmac_rx_refill()):
 *   - slots [next, armed) belong to the device (armed, or written back and
 *     not yet harvested); slots [armed, next + N) belong to the driver;
 *   - dev_start arms all N slots and writes t = N; afterwards at most N - 1
 *     stay armed, so that "tail == current" can only mean "nothing armed"
 *     (the device stops when its current index reaches the tail index);
 *   - sw_ring[slot] is the mbuf armed in a slot. A harvested good frame
 *     takes it away (slot NULL, refilled from the pool); an errored or
 *     discarded frame leaves it there and the refill re-arms it in place.
 */
#include <errno.h>
#include <string.h>

#include <rte_branch_prediction.h>
#include <rte_common.h>
#include <rte_malloc.h>
#include <rte_mbuf.h>
#include <rte_mbuf_ptype.h>
#include <rte_prefetch.h>

#include "stmmac_ethdev.h"
#include "stmmac_io.h"
#include "stmmac_logs.h"

/* Descriptors harvested per pass: bounds the on-stack status arrays. */
#define STMMAC_RX_HARVEST_MAX		32
/*
 * mbuf headers are prefetched one quad ahead: the four of quad i + 1 are
 * requested while quad i's headers are written, which is about the time
 * one cache miss takes (ixgbe_rxtx.c uses the same distance).
 */
#define STMMAC_RX_PREFETCH_AHEAD	4
/* Descriptors whose addresses are written per refill chunk. */
#define STMMAC_RX_REFILL_CHUNK		64

#define STMMAC_RDES3_FD_LD	(RDES3_FIRST_DESCRIPTOR | RDES3_LAST_DESCRIPTOR)

/* packet_type for RDES1 bits 6:0 (PT, IPHE, IPV4, IPV6, IPCB). */
static uint32_t stmmac_ptype_tbl[128];

RTE_INIT(stmmac_ptype_tbl_init)
{
	unsigned int i;

	for (i = 0; i < RTE_DIM(stmmac_ptype_tbl); i++) {
		uint32_t pt = RTE_PTYPE_L2_ETHER;
		bool v4 = i & RDES1_IPV4_HEADER, v6 = i & RDES1_IPV6_HEADER;

		if (v4 == v6) {		/* not IP, or nonsense */
			stmmac_ptype_tbl[i] = pt;
			continue;
		}
		pt |= v4 ? RTE_PTYPE_L3_IPV4_EXT_UNKNOWN :
			   RTE_PTYPE_L3_IPV6_EXT_UNKNOWN;
		/*
		 * IPCB: the checksum engine bypassed the payload (fragment,
		 * extension headers): PT is then not a statement about L4.
		 */
		if (!(i & RDES1_IP_CSUM_BYPASSED)) {
			switch (i & RDES1_IP_PAYLOAD_TYPE_MASK) {
			case DWMAC4_RDES1_PT_UDP:
				pt |= RTE_PTYPE_L4_UDP;
				break;
			case DWMAC4_RDES1_PT_TCP:
				pt |= RTE_PTYPE_L4_TCP;
				break;
			case DWMAC4_RDES1_PT_ICMP:
				pt |= RTE_PTYPE_L4_ICMP;
				break;
			default:
				break;
			}
		}
		stmmac_ptype_tbl[i] = pt;
	}
}

const uint32_t *
stmmac_supported_ptypes(void)
{
	/* Exactly what stmmac_ptype_tbl can produce. */
	static const uint32_t ptypes[] = {
		RTE_PTYPE_L2_ETHER,
		RTE_PTYPE_L3_IPV4_EXT_UNKNOWN,
		RTE_PTYPE_L3_IPV6_EXT_UNKNOWN,
		RTE_PTYPE_L4_UDP,
		RTE_PTYPE_L4_TCP,
		RTE_PTYPE_L4_ICMP,
		RTE_PTYPE_UNKNOWN,
	};
	return ptypes;
}

static __rte_always_inline uint32_t
stmmac_rx_ptype(uint32_t des3, uint32_t des1)
{
	/* RDES1 is meaningful only with RS1V (model.md, databook RDES3). */
	if (!(des3 & RDES3_RDES1_VALID))
		return RTE_PTYPE_UNKNOWN;
	return stmmac_ptype_tbl[des1 & (RTE_DIM(stmmac_ptype_tbl) - 1)];
}

static __rte_always_inline void
stmmac_rx_count_error(struct stmmac_rx_queue *rxq, uint64_t *detail)
{
	rxq->stats.rx_errors++;
	(*detail)++;
}

/* Drops the chain of the frame in progress (its buffers go to the pool). */
static void
stmmac_rx_free_chain(struct stmmac_rx_queue *rxq)
{
	if (rxq->pkt_first != NULL)
		rte_pktmbuf_free(rxq->pkt_first);
	rxq->pkt_first = NULL;
	rxq->pkt_last = NULL;
	rxq->pkt_len = 0;
	rxq->pkt_cum = 0;
}

/*
 * A first descriptor arrived while a frame was open: the open frame lost
 * its last descriptor (robustness row 7). Drop it, once.
 */
static void
stmmac_rx_abort(struct stmmac_rx_queue *rxq)
{
	if (rxq->state == STMMAC_RX_CHAIN)
		stmmac_rx_count_error(rxq, &rxq->stats.rx_truncated);
	stmmac_rx_free_chain(rxq);
	rxq->state = STMMAC_RX_IDLE;
}

/* Starts dropping the current frame; later buffers are re-armed in place. */
static void
stmmac_rx_discard(struct stmmac_rx_queue *rxq, uint64_t *detail, bool last)
{
	stmmac_rx_count_error(rxq, detail);
	stmmac_rx_free_chain(rxq);
	rxq->state = last ? STMMAC_RX_IDLE : STMMAC_RX_DISCARD;
}

/*
 * Checks a complete frame of @p len bytes (FCS trimmed). Returns the
 * detail counter to charge, or NULL when the frame is good.
 */
static __rte_always_inline uint64_t *
stmmac_rx_frame_error(struct stmmac_rx_queue *rxq, uint32_t des3,
		      uint32_t len)
{
	if (des3 & RDES3_ERROR_SUMMARY) {
		if (des3 & RDES3_CRC_ERROR)
			rxq->stats.rx_crc_errors++;
		return &rxq->stats.rx_desc_errors;
	}
	/* Also catches PL <= FCS length: no "len - 4" underflow (row 9). */
	if (len < RTE_ETHER_HDR_LEN)
		return &rxq->stats.rx_runts;
	if (len > rxq->max_len)
		return &rxq->stats.rx_oversize;
	return NULL;
}

static __rte_always_inline uint32_t
stmmac_rx_trimmed(const struct stmmac_rx_queue *rxq, uint32_t pl)
{
	return pl > rxq->fcs_trim ? pl - rxq->fcs_trim : 0;
}

/* A frame in one descriptor (FD and LD both set). */
static struct rte_mbuf *
stmmac_rx_single(struct stmmac_rx_queue *rxq, uint16_t slot, uint32_t des3,
		 uint32_t des1)
{
	uint32_t pl = des3 & RDES3_PACKET_SIZE_MASK;
	uint32_t len = stmmac_rx_trimmed(rxq, pl);
	struct rte_mbuf *mb;
	uint64_t *err;

	if (unlikely(pl > rxq->rbsz && !(des3 & RDES3_ERROR_SUMMARY))) {
		/* The device claims more than the buffer holds (row 11). */
		stmmac_rx_count_error(rxq, &rxq->stats.rx_length_errors);
		return NULL;
	}
	err = stmmac_rx_frame_error(rxq, des3, len);
	if (unlikely(err != NULL)) {
		/* The buffer stays in its slot and is re-armed (row 1). */
		stmmac_rx_count_error(rxq, err);
		return NULL;
	}
	mb = rxq->sw_ring[slot];
	rxq->sw_ring[slot] = NULL;
	mb->data_off = RTE_PKTMBUF_HEADROOM;
	mb->data_len = (uint16_t)len;
	mb->pkt_len = len;
	mb->port = rxq->port_id;
	mb->packet_type = stmmac_rx_ptype(des3, des1);
	return mb;
}

/*
 * One descriptor of a multi-buffer frame, scatter on. Segment lengths come
 * from the device's cumulative PL, never from "non-last segments are
 * full" (row 11, Linux babab1b42ed6): seg = PL - bytes so far.
 */
static struct rte_mbuf *
stmmac_rx_chain(struct stmmac_rx_queue *rxq, uint16_t slot, uint32_t des3,
		uint32_t des1)
{
	const bool first = des3 & RDES3_FIRST_DESCRIPTOR;
	const bool last = des3 & RDES3_LAST_DESCRIPTOR;
	uint32_t cum = des3 & RDES3_PACKET_SIZE_MASK;
	struct rte_mbuf *mb, *head;
	uint32_t target;
	uint64_t *err;

	if (first) {
		rxq->pkt_cum = 0;
		rxq->pkt_len = 0;
	}
	if (unlikely(cum < rxq->pkt_cum || cum - rxq->pkt_cum > rxq->rbsz)) {
		/* PL went backwards or past one buffer: drop the frame. */
		stmmac_rx_discard(rxq, &rxq->stats.rx_length_errors, last);
		return NULL;
	}
	rxq->pkt_cum = cum;
	rxq->state = STMMAC_RX_CHAIN;
	/* Non-last PL counts every byte written so far; on LD, trim FCS. */
	target = last ? stmmac_rx_trimmed(rxq, cum) : cum;
	if (target > rxq->pkt_len) {
		mb = rxq->sw_ring[slot];
		rxq->sw_ring[slot] = NULL;
		mb->data_off = RTE_PKTMBUF_HEADROOM;
		mb->data_len = (uint16_t)(target - rxq->pkt_len);
		if (rxq->pkt_first == NULL) {
			rxq->pkt_first = mb;
		} else {
			rxq->pkt_last->next = mb;
			rxq->pkt_first->nb_segs++;
		}
		rxq->pkt_last = mb;
		rxq->pkt_len = target;
	} else if (target < rxq->pkt_len) {
		/*
		 * The software FCS trim reaches into the previous segment;
		 * this buffer is empty and stays armed in its slot (row 10).
		 */
		uint32_t excess = rxq->pkt_len - target;

		if (rxq->pkt_last == NULL || excess >= rxq->pkt_last->data_len) {
			stmmac_rx_discard(rxq, &rxq->stats.rx_length_errors,
					  last);
			return NULL;
		}
		rxq->pkt_last->data_len -= excess;
		rxq->pkt_len = target;
		rxq->stats.rx_empty_tail_segs++;
	} else if (last) {
		/* Only the FCS landed here: never hand up a 0-byte segment. */
		rxq->stats.rx_empty_tail_segs++;
	}
	if (!last)
		return NULL;

	/* LD: the frame is complete; errors are reported here (row 6). */
	rxq->state = STMMAC_RX_IDLE;
	err = stmmac_rx_frame_error(rxq, des3, rxq->pkt_len);
	if (unlikely(err != NULL || rxq->pkt_first == NULL)) {
		stmmac_rx_count_error(rxq, err != NULL ? err :
				      &rxq->stats.rx_runts);
		stmmac_rx_free_chain(rxq);
		return NULL;
	}
	head = rxq->pkt_first;
	head->pkt_len = rxq->pkt_len;
	head->port = rxq->port_id;
	head->packet_type = stmmac_rx_ptype(des3, des1);
	rxq->pkt_first = NULL;
	rxq->pkt_last = NULL;
	rxq->pkt_len = 0;
	rxq->pkt_cum = 0;
	return head;
}

/* Any descriptor, any state: the general path. */
static struct rte_mbuf *
stmmac_rx_desc(struct stmmac_rx_queue *rxq, uint16_t slot, uint32_t des3,
	       uint32_t des1)
{
	const bool last = des3 & RDES3_LAST_DESCRIPTOR;

	if (des3 & RDES3_FIRST_DESCRIPTOR) {
		if (rxq->state != STMMAC_RX_IDLE)
			stmmac_rx_abort(rxq);
		if (last)
			return stmmac_rx_single(rxq, slot, des3, des1);
		if (!rxq->scatter) {
			/* Needs several buffers, may not (row 4): drop whole. */
			stmmac_rx_discard(rxq, &rxq->stats.rx_scatter_dropped,
					  false);
			return NULL;
		}
		return stmmac_rx_chain(rxq, slot, des3, des1);
	}
	switch (rxq->state) {
	case STMMAC_RX_CHAIN:
		return stmmac_rx_chain(rxq, slot, des3, des1);
	case STMMAC_RX_IDLE:
		/* A continuation whose first descriptor we never saw. */
		stmmac_rx_discard(rxq, &rxq->stats.rx_truncated, last);
		return NULL;
	default:
		/* Discarding: the buffer stays in its slot, re-armed. */
		if (last)
			rxq->state = STMMAC_RX_IDLE;
		return NULL;
	}
}

/*
 * Harvest: status words of up to @p max descriptors the device has
 * released, in ring order, stopping at the first one it still owns
 * (row 12). One read barrier after the OWN checks of the whole batch,
 * then RDES1: never a word read before its OWN was seen clear (row 13).
 */
static __rte_always_inline uint16_t
stmmac_rx_harvest(struct stmmac_rx_queue *rxq, uint32_t *st, uint32_t *s1,
		  uint16_t max)
{
	volatile struct dwmac4_desc *ring = rxq->ring;
	const uint16_t mask = rxq->mask;
	uint16_t avail = (uint16_t)(rxq->armed - rxq->next);
	uint16_t n, i;

	if (max > avail)
		max = avail;
	for (n = 0; n < max; n++) {
		uint32_t des3 = rte_le_to_cpu_32(ring[(rxq->next + n) & mask].des3);

		if (des3 & RDES3_OWN)
			break;
		st[n] = des3;
	}
	if (n == 0)
		return 0;
	stmmac_desc_rmb();
	for (i = 0; i < n; i++)
		s1[i] = rte_le_to_cpu_32(ring[(rxq->next + i) & mask].des1);
	return n;
}

/*
 * Process harvested descriptors, four at a time while they are four
 * complete, error-free, single-buffer frames of acceptable length (the
 * common case, tested with the error bits OR-ed across the quad as in
 * VPP's ige/iavf input nodes); anything else takes the general path.
 */
static __rte_always_inline uint16_t
stmmac_rx_process(struct stmmac_rx_queue *rxq, const uint32_t *st,
		  const uint32_t *s1, uint16_t n, struct rte_mbuf **pkts)
{
	struct rte_mbuf **sw = rxq->sw_ring;
	const uint16_t mask = rxq->mask;
	const uint16_t base = rxq->next;
	const uint32_t len_span = rxq->max_len - RTE_ETHER_HDR_LEN;
	uint64_t bytes = 0;
	uint16_t i = 0, nb = 0, k;

	for (; i + 4 <= n; i += 4) {
		uint32_t all = st[i] & st[i + 1] & st[i + 2] & st[i + 3];
		uint32_t any = st[i] | st[i + 1] | st[i + 2] | st[i + 3];
		uint32_t len[4];
		uint32_t bad = 0;

		for (k = 0; k < 4; k++) {
			uint32_t pl = st[i + k] & RDES3_PACKET_SIZE_MASK;

			len[k] = pl - rxq->fcs_trim;
			/* One unsigned compare: 14 <= len <= max_len. */
			bad |= (uint32_t)(len[k] - RTE_ETHER_HDR_LEN > len_span);
			bad |= (uint32_t)(pl > rxq->rbsz);
		}
		if (i + 4 + STMMAC_RX_PREFETCH_AHEAD <= n)
			for (k = 0; k < STMMAC_RX_PREFETCH_AHEAD; k++)
				rte_prefetch0(sw[(base + i + 4 + k) & mask]);
		if (unlikely(bad || rxq->state != STMMAC_RX_IDLE ||
			     (all & STMMAC_RDES3_FD_LD) != STMMAC_RDES3_FD_LD ||
			     (any & RDES3_ERROR_SUMMARY))) {
			for (k = 0; k < 4; k++) {
				struct rte_mbuf *mb = stmmac_rx_desc(rxq,
					(base + i + k) & mask, st[i + k],
					s1[i + k]);

				if (mb != NULL) {
					bytes += mb->pkt_len;
					pkts[nb++] = mb;
				}
			}
			continue;
		}
		for (k = 0; k < 4; k++) {
			uint16_t slot = (base + i + k) & mask;
			struct rte_mbuf *mb = sw[slot];

			sw[slot] = NULL;
			mb->data_off = RTE_PKTMBUF_HEADROOM;
			mb->data_len = (uint16_t)len[k];
			mb->pkt_len = len[k];
			mb->port = rxq->port_id;
			mb->packet_type = stmmac_rx_ptype(st[i + k], s1[i + k]);
			bytes += len[k];
			pkts[nb++] = mb;
		}
	}
	for (; i < n; i++) {
		struct rte_mbuf *mb = stmmac_rx_desc(rxq, (base + i) & mask,
						     st[i], s1[i]);

		if (mb != NULL) {
			bytes += mb->pkt_len;
			pkts[nb++] = mb;
		}
	}
	rxq->next = (uint16_t)(base + n);
	rxq->stats.rx_packets += nb;
	/* ibytes exclude the FCS even when the application keeps it. */
	rxq->stats.rx_bytes += bytes - (rxq->keep_crc ? (uint64_t)nb * RTE_ETHER_CRC_LEN : 0);
	return nb;
}

static __rte_always_inline void
stmmac_rx_set_addr(volatile struct dwmac4_desc *d, const struct rte_mbuf *mb)
{
	rte_iova_t iova = rte_mbuf_data_iova_default(mb);

	d->des0 = rte_cpu_to_le_32((uint32_t)iova);
	d->des1 = rte_cpu_to_le_32((uint32_t)(iova >> 32));
	d->des2 = 0;
}

/*
 * Refill: give the device every free slot up to N - 1 armed, once enough
 * are free. Empty slots get fresh mbufs (bulk); slots still holding a
 * buffer (errored/discarded frames) are re-armed with it. Addresses,
 * barrier, OWN bits, one tail write. If the pool is short, arm the slots
 * before the first empty one, count rx_nombuf and retry next call: no
 * descriptor ever carries OWN without a buffer (row 16).
 */
static void
stmmac_rx_refill(struct stmmac_rx_queue *rxq)
{
	struct rte_mbuf *fresh[STMMAC_RX_REFILL_CHUNK];
	volatile struct dwmac4_desc *ring = rxq->ring;
	struct rte_mbuf **sw = rxq->sw_ring;
	const uint16_t mask = rxq->mask;
	int room = (int)rxq->nb_desc - 1 - (uint16_t)(rxq->armed - rxq->next);
	uint16_t pos = rxq->armed, end, s;

	if (room < (int)rxq->free_thresh)
		return;
	end = (uint16_t)(pos + room);
	while (pos != end) {
		uint16_t chunk = RTE_MIN((uint16_t)(end - pos),
					 (uint16_t)STMMAC_RX_REFILL_CHUNK);
		unsigned int need = 0, used = 0;

		for (s = 0; s < chunk; s++)
			need += sw[(pos + s) & mask] == NULL;
		if (need != 0 &&
		    unlikely(rte_pktmbuf_alloc_bulk(rxq->mp, fresh, need) != 0)) {
			rxq->stats.rx_nombuf += need;
			while (pos != end && sw[pos & mask] != NULL) {
				stmmac_rx_set_addr(&ring[pos & mask], sw[pos & mask]);
				pos++;
			}
			break;
		}
		for (s = 0; s < chunk; s++) {
			uint16_t slot = (pos + s) & mask;

			if (sw[slot] == NULL)
				sw[slot] = fresh[used++];
			stmmac_rx_set_addr(&ring[slot], sw[slot]);
		}
		pos = (uint16_t)(pos + chunk);
	}
	if (pos == rxq->armed)
		return;
	stmmac_desc_wmb();
	/* No IOC: the PMD polls, it needs no RI interrupt. */
	for (s = rxq->armed; s != pos; s++)
		ring[s & mask].des3 = rte_cpu_to_le_32(RDES3_OWN |
						       RDES3_BUFFER1_VALID_ADDR);
	rxq->armed = pos;
	stmmac_write_tail(rxq->be, rxq->tail_reg,
			  stmmac_tail_addr(rxq->ring_lo, pos, mask));
}

/*
 * RX burst.
 * Policy:
 *  - allocation failure: the refill stops at the first slot it cannot
 *    fill, counts rx_nombuf, and is retried on the next call; frames keep
 *    arriving into the slots still armed, then the device counts misses;
 *  - errors (ES, runt, oversize, bad PL, truncated, scatter off): the
 *    frame is dropped and counted once in ierrors; single-buffer frames
 *    keep their buffer in place, chained ones free their chain;
 *  - a frame not finished when the burst ends is kept in the queue and
 *    resumed on the next call;
 *  - the tail is written once, at the end, and only if slots were armed.
 */
static uint16_t
stmmac_recv_pkts(void *rx_queue, struct rte_mbuf **rx_pkts, uint16_t nb_pkts)
{
	struct stmmac_rx_queue *rxq = rx_queue;
	uint32_t st[STMMAC_RX_HARVEST_MAX];
	uint32_t s1[STMMAC_RX_HARVEST_MAX];
	uint16_t nb_rx = 0, want, n;
	bool empty = true;

	if (unlikely(nb_pkts == 0))
		return 0;
	do {
		/* A frame uses >= 1 descriptor: never more frames than asked. */
		want = RTE_MIN((uint16_t)(nb_pkts - nb_rx),
			       (uint16_t)STMMAC_RX_HARVEST_MAX);
		n = stmmac_rx_harvest(rxq, st, s1, want);
		if (n == 0)
			break;
		empty = false;
		nb_rx += stmmac_rx_process(rxq, st, s1, n, rx_pkts + nb_rx);
	} while (n == want && nb_rx < nb_pkts);

	/* Fold the 11-bit clear-on-read counter while it cannot overflow. */
	if (empty)
		stmmac_rx_missed_update(rxq);
	stmmac_rx_refill(rxq);
	PMD_RX_DP_LOG(DEBUG, "port %u: %u frames, next %u armed %u",
		      rxq->port_id, nb_rx, rxq->next, rxq->armed);
	return nb_rx;
}

void
stmmac_rx_missed_update(struct stmmac_rx_queue *rxq)
{
	uint32_t v = stmmac_read32(rxq->be,
				   DMA_CHAN_MISS_FRAME_CNT(STMMAC_CHAN));
	uint32_t n = v & DWMAC4_DMA_MISS_FRAME_CNT_MFC_MASK;

	/*
	 * Read from the datapath (empty polls) and from stats_get on the
	 * control thread: atomic adds keep both contributions.
	 */
	if (unlikely(v & DWMAC4_DMA_MISS_FRAME_CNT_MFCO)) {
		n = DWMAC4_DMA_MISS_FRAME_CNT_MFC_MASK;
		__atomic_fetch_add(&rxq->stats.rx_missed_overflow, 1,
				   __ATOMIC_RELAXED);
	}
	if (n != 0)
		__atomic_fetch_add(&rxq->stats.rx_missed, n, __ATOMIC_RELAXED);
}

uint32_t
stmmac_rx_queue_count(void *rx_queue)
{
	struct stmmac_rx_queue *rxq = rx_queue;
	uint16_t avail = (uint16_t)(rxq->armed - rxq->next);
	uint16_t n;

	for (n = 0; n < avail; n++)
		if (rte_le_to_cpu_32(rxq->ring[(rxq->next + n) & rxq->mask].des3) &
		    RDES3_OWN)
			break;
	return n;
}

int
stmmac_rx_descriptor_status(void *rx_queue, uint16_t offset)
{
	struct stmmac_rx_queue *rxq = rx_queue;

	if (unlikely(offset >= rxq->nb_desc))
		return -EINVAL;
	if (offset >= (uint16_t)(rxq->armed - rxq->next))
		return RTE_ETH_RX_DESC_UNAVAIL;
	if (rte_le_to_cpu_32(rxq->ring[(rxq->next + offset) & rxq->mask].des3) &
	    RDES3_OWN)
		return RTE_ETH_RX_DESC_AVAIL;
	return RTE_ETH_RX_DESC_DONE;
}

/* ---- Control path ---- */

bool
stmmac_ring_size_ok(uint16_t nb_desc)
{
	return rte_is_power_of_2(nb_desc) && nb_desc >= STMMAC_MIN_RING_DESC &&
	       nb_desc <= STMMAC_MAX_RING_DESC;
}

/*
 * Descriptor ring: IOVA-contiguous, aligned to its own (power of two)
 * size so it never crosses a 4 GiB line: the tail registers hold only the
 * low 32 bits, the high ones being the base's (model.md).
 */
const struct rte_memzone *
stmmac_ring_alloc(const struct rte_eth_dev *dev, const char *kind,
		  uint16_t queue_id, uint16_t nb_desc, unsigned int socket_id)
{
	char name[RTE_MEMZONE_NAMESIZE];
	size_t len = (size_t)nb_desc * DWMAC4_DESC_SIZE;
	const struct rte_memzone *mz;

	snprintf(name, sizeof(name), "stmmac_p%u_%s%u", dev->data->port_id,
		 kind, queue_id);
	mz = rte_memzone_reserve_aligned(name, len, (int)socket_id,
					 RTE_MEMZONE_IOVA_CONTIG, (unsigned int)len);
	if (mz == NULL) {
		PMD_DRV_LOG(ERR, "port %u: cannot reserve %zu bytes for the %s ring: %s",
			    dev->data->port_id, len, kind,
			    rte_strerror(rte_errno));
		return NULL;
	}
	memset(mz->addr, 0, len);
	return mz;
}

/* Longest frame accepted for @p mtu, as the RX path measures it. */
uint32_t
stmmac_rx_max_len(const struct rte_eth_dev *dev, uint16_t mtu)
{
	uint32_t len = (uint32_t)mtu + STMMAC_L2_OVERHEAD;

	/* With KEEP_CRC the FCS is part of the delivered length. */
	if (dev->data->dev_conf.rxmode.offloads & RTE_ETH_RX_OFFLOAD_KEEP_CRC)
		len += RTE_ETHER_CRC_LEN;
	return len;
}

static void
stmmac_rx_queue_free_mbufs(struct stmmac_rx_queue *rxq)
{
	uint16_t i;

	for (i = 0; i < rxq->nb_desc; i++) {
		if (rxq->sw_ring[i] != NULL) {
			rte_pktmbuf_free_seg(rxq->sw_ring[i]);
			rxq->sw_ring[i] = NULL;
		}
	}
	stmmac_rx_free_chain(rxq);
	rxq->state = STMMAC_RX_IDLE;
}

void
stmmac_rx_queue_release(struct rte_eth_dev *dev, uint16_t queue_id)
{
	struct stmmac_rx_queue *rxq = dev->data->rx_queues[queue_id];

	if (rxq == NULL)
		return;
	stmmac_rx_queue_free_mbufs(rxq);
	rte_memzone_free(rxq->mz);
	rte_free(rxq->sw_ring);
	rte_free(rxq);
	dev->data->rx_queues[queue_id] = NULL;
}

int
stmmac_rx_queue_setup(struct rte_eth_dev *dev, uint16_t queue_id,
		      uint16_t nb_desc, unsigned int socket_id,
		      const struct rte_eth_rxconf *conf, struct rte_mempool *mp)
{
	struct stmmac_adapter *ad = stmmac_adapter(dev);
	uint16_t port = dev->data->port_id;
	struct stmmac_rx_queue *rxq;
	uint32_t room, rbsz;
	uint16_t thresh;

	if (queue_id >= STMMAC_MAX_RX_QUEUES) {
		PMD_RX_LOG(ERR, "port %u: RX queue %u: only 1 queue", port,
			   queue_id);
		return -EINVAL;
	}
	if (!stmmac_ring_size_ok(nb_desc)) {
		PMD_RX_LOG(ERR, "port %u: %u RX descriptors: need a power of two in [%u, %u]",
			   port, nb_desc, STMMAC_MIN_RING_DESC,
			   STMMAC_MAX_RING_DESC);
		return -EINVAL;
	}
	if (conf->rx_deferred_start) {
		PMD_RX_LOG(ERR, "port %u: deferred RX queue start is not supported",
			   port);
		return -EINVAL;
	}
	/*
	 * RBSZ is a multiple of 4 in [64, 16380]: round the buffer down
	 * (the device then never writes past what the mbuf holds).
	 */
	room = rte_pktmbuf_data_room_size(mp);
	room = room > RTE_PKTMBUF_HEADROOM ? room - RTE_PKTMBUF_HEADROOM : 0;
	rbsz = RTE_ALIGN_FLOOR(RTE_MIN(room, STMMAC_RBSZ_MAX), STMMAC_RBSZ_ALIGN);
	if (rbsz < STMMAC_RBSZ_MIN) {
		PMD_RX_LOG(ERR, "port %u: mempool %s: %u data bytes after headroom, need >= %u",
			   port, mp->name, room, STMMAC_RBSZ_MIN);
		return -EINVAL;
	}
	thresh = conf->rx_free_thresh != 0 ? conf->rx_free_thresh :
		 RTE_MIN(STMMAC_RX_FREE_THRESH, nb_desc / 4);
	if (thresh >= nb_desc - 1) {
		PMD_RX_LOG(ERR, "port %u: rx_free_thresh %u must be below %u",
			   port, thresh, nb_desc - 1);
		return -EINVAL;
	}

	stmmac_rx_queue_release(dev, queue_id);
	rxq = rte_zmalloc_socket("stmmac_rxq", sizeof(*rxq),
				 RTE_CACHE_LINE_SIZE, (int)socket_id);
	if (rxq == NULL)
		return -ENOMEM;
	rxq->sw_ring = rte_zmalloc_socket("stmmac_rx_sw_ring",
					  sizeof(rxq->sw_ring[0]) * nb_desc,
					  RTE_CACHE_LINE_SIZE, (int)socket_id);
	rxq->mz = stmmac_ring_alloc(dev, "rx", queue_id, nb_desc, socket_id);
	if (rxq->sw_ring == NULL || rxq->mz == NULL) {
		rte_memzone_free(rxq->mz);
		rte_free(rxq->sw_ring);
		rte_free(rxq);
		return -ENOMEM;
	}
	rxq->ring = rxq->mz->addr;
	rxq->ring_iova = rxq->mz->iova;
	rxq->ring_lo = (uint32_t)rxq->ring_iova;
	rxq->be = &ad->be;
	rxq->nb_desc = nb_desc;
	rxq->mask = nb_desc - 1;
	rxq->free_thresh = thresh;
	rxq->port_id = port;
	rxq->queue_id = queue_id;
	rxq->rbsz = rbsz;
	rxq->tail_reg = DMA_CHAN_RX_END_ADDR(STMMAC_CHAN);
	rxq->mp = mp;
	rxq->offloads = conf->offloads | dev->data->dev_conf.rxmode.offloads;
	dev->data->rx_queues[queue_id] = rxq;
	/* One burst function, chosen here once (no per-packet variants yet). */
	dev->rx_pkt_burst = stmmac_recv_pkts;
	PMD_RX_LOG(INFO, "port %u: RX queue %u: %u descriptors, %u-byte buffers, refill at %u",
		   port, queue_id, nb_desc, rbsz, thresh);
	return 0;
}

/*
 * Arms the whole ring and programs the channel, RX DMA still stopped.
 * Fails cleanly (nothing allocated is kept) when the pool cannot fill the
 * ring (robustness row 17).
 */
int
stmmac_rx_queue_start(struct rte_eth_dev *dev, struct stmmac_rx_queue *rxq)
{
	const struct stmmac_backend *be = rxq->be;
	uint64_t offloads = rxq->offloads | dev->data->dev_conf.rxmode.offloads;
	uint16_t i;

	rxq->scatter = offloads & RTE_ETH_RX_OFFLOAD_SCATTER;
	rxq->keep_crc = offloads & RTE_ETH_RX_OFFLOAD_KEEP_CRC;
	/*
	 * The MAC strips the FCS (CST|ACS) unless KEEP_CRC, so software
	 * never has to: the trim is for a MAC that could not strip.
	 */
	rxq->fcs_trim = 0;
	rxq->max_len = stmmac_rx_max_len(dev, dev->data->mtu);
	if (!rxq->scatter && rxq->max_len > rxq->rbsz) {
		PMD_RX_LOG(ERR, "port %u: MTU %u needs %u-byte frames, buffers hold %u: enable scatter or use larger mbufs",
			   rxq->port_id, dev->data->mtu, rxq->max_len,
			   rxq->rbsz);
		return -EINVAL;
	}
	if (rte_pktmbuf_alloc_bulk(rxq->mp, rxq->sw_ring, rxq->nb_desc) != 0) {
		PMD_RX_LOG(ERR, "port %u: mempool %s cannot fill %u RX descriptors (%u available)",
			   rxq->port_id, rxq->mp->name, rxq->nb_desc,
			   rte_mempool_avail_count(rxq->mp));
		memset(rxq->sw_ring, 0, sizeof(rxq->sw_ring[0]) * rxq->nb_desc);
		return -ENOMEM;
	}
	memset(rxq->mz->addr, 0, (size_t)rxq->nb_desc * DWMAC4_DESC_SIZE);
	for (i = 0; i < rxq->nb_desc; i++)
		stmmac_rx_set_addr(&rxq->ring[i], rxq->sw_ring[i]);
	stmmac_desc_wmb();
	for (i = 0; i < rxq->nb_desc; i++)
		rxq->ring[i].des3 = rte_cpu_to_le_32(RDES3_OWN |
						     RDES3_BUFFER1_VALID_ADDR);
	rxq->next = 0;
	rxq->armed = rxq->nb_desc;
	rxq->state = STMMAC_RX_IDLE;

	/* Channel registers, in Linux dwmac4_dma_init_rx_chan() order. */
	stmmac_write32(be, DMA_CHAN_RX_BASE_ADDR_HI(STMMAC_CHAN),
		       (uint32_t)(rxq->ring_iova >> 32));
	stmmac_write32(be, DMA_CHAN_RX_BASE_ADDR(STMMAC_CHAN), rxq->ring_lo);
	stmmac_write32(be, DMA_CHAN_RX_RING_LEN(STMMAC_CHAN),
		       DWMAC4_DMA_RING_LEN(rxq->nb_desc));
	stmmac_write32(be, DMA_CHAN_RX_CONTROL(STMMAC_CHAN),
		       rxq->rbsz << DMA_RBSZ_SHIFT);
	/* t = N: the whole ring is armed. */
	stmmac_write_tail(be, rxq->tail_reg,
			  stmmac_tail_addr(rxq->ring_lo, rxq->armed, rxq->mask));
	rxq->started = true;
	return 0;
}

void
stmmac_rx_queue_enable_dma(struct stmmac_rx_queue *rxq)
{
	stmmac_write32(rxq->be, DMA_CHAN_RX_CONTROL(STMMAC_CHAN),
		       (rxq->rbsz << DMA_RBSZ_SHIFT) | DMA_CONTROL_SR);
}

/*
 * Stops RX DMA, then gives every mbuf the ring or a partial frame holds
 * back to its pool (row 18) and forgets the ring: the next start arms it
 * from index 0, where the device restarts too.
 */
void
stmmac_rx_queue_stop(struct stmmac_rx_queue *rxq)
{
	if (!rxq->started)
		return;
	stmmac_write32(rxq->be, DMA_CHAN_RX_CONTROL(STMMAC_CHAN),
		       rxq->rbsz << DMA_RBSZ_SHIFT);
	stmmac_rx_missed_update(rxq);
	stmmac_rx_queue_free_mbufs(rxq);
	memset(rxq->mz->addr, 0, (size_t)rxq->nb_desc * DWMAC4_DESC_SIZE);
	rxq->next = 0;
	rxq->armed = 0;
	rxq->started = false;
}
