/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Invariants of an RX queue of the run's family (pmd_family.h) on its
 * device model, checked
 * from outside the PMD after every rte_eth_rx_burst() (robustness
 * catalogue, section 3). Header-only, on top of pmd_harness.h; failures
 * go through CHECK with the harness seed.
 *
 * Use:
 *	struct pmd_inv inv;
 *	base = rte_mempool_in_use_count(mp);        before the port starts
 *	... start the port ...
 *	pmd_inv_init(&inv, port, 0, mp, base);
 *	loop: n = rte_eth_rx_burst(port, 0, pkts, want);
 *	      pmd_inv_burst(&inv, want, pkts, n);   before freeing or keeping
 *	      (an mbuf kept: inv.app_held += pmd_inv_segs(&inv, m);
 *	       and -= when it is freed)
 *	pmd_inv_final(&inv, extra);                 model idle, ring drained
 *	rte_eth_dev_stop(port); pmd_inv_stopped(&inv);
 *
 * What is observable from outside, and so what is checked:
 *  - burst: it returns at most the nb_pkts asked for. Progress: at most
 *    PMD_INV_MAX_EMPTY consecutive empty bursts while the model says it
 *    still has frames (pmd_family()->rx_idle() == 0).
 *  - every mbuf handed up: nb_segs >= 1 and equal to the chain's length,
 *    no segment with data_len 0 or past its buffer (data_off + data_len <=
 *    buf_len, and data_len <= the ring buffer size for a ring buffer),
 *    sum of data_len == pkt_len, pkt_len in [14, MTU + 18 (+ 4 with
 *    KEEP_CRC)], port set.
 *  - counters (rte_eth_stats_get after every burst): ipackets grows by
 *    exactly the frames returned, ibytes by their bytes (FCS excluded),
 *    ierrors / imissed / rx_nombuf never decrease, and the per-queue
 *    counters (q_ipackets, q_ibytes, q_errors) sum to the port totals.
 *  - conservation: the mempool's in-use count is the baseline + mbufs the
 *    application holds + what the driver holds, and the driver's share is
 *    in [nb_desc - rx_free_thresh, 2 * nb_desc + PMD_INV_POOL_CACHE]. The
 *    lower bound says the ring never shrinks (no hole: after each burst's
 *    refill every slot but rx_free_thresh is armed); it is skipped once
 *    rx_nombuf is not 0 (a refill the pool could not serve leaves slots
 *    empty by design, row 16). The upper bound is the ring, a partial
 *    frame (at most a ring's worth of segments) and lib/rxpath's
 *    direct-recycle cache: a leak of one buffer per fault breaks it within
 *    a few hundred faults. Exactly baseline + held once the port stopped.
 *    The ring's own count is not visible from outside (the driver's
 *    rx_queue_count() counts completed descriptors, not buffers).
 *  - accounting at the end: model rx_offered + extra == ipackets + ierrors
 *    + imissed (less, only when the rx_q0_missed_overflow xstat says a
 *    saturated 11-bit missed counter lost count). rx_nombuf is not a term: a refill failure leaves the slot
 *    unarmed and retries (strategy 16a), frames are then missed by the
 *    device and counted in imissed. extra is what a fault adds to the
 *    frames on the ring (fd_twice fragments: rx_fault_fd_twice).
 *  - the model saw no driver protocol violation.
 */
#ifndef SOCRX_PMD_INVARIANTS_H
#define SOCRX_PMD_INVARIANTS_H

#include "pmd_compat_qstats.h"
#include "pmd_harness.h"

/* Consecutive empty bursts allowed while the model still has frames. */
#define PMD_INV_MAX_EMPTY	20000000ull
/* lib/rxpath's direct-recycle cache (RXP_POOL_CACHE_SIZE_DEFAULT). */
#define PMD_INV_POOL_CACHE	128u

struct pmd_inv {
	/* Filled by pmd_inv_init(). */
	uint16_t port;
	uint16_t queue;
	struct rte_mempool *mp;		/* the RX queue's mempool */
	unsigned int baseline;		/* mp in use before the port started */
	uint16_t nb_desc;
	uint16_t free_thresh;
	uint32_t seg_max;		/* ring buffer: mp data room - headroom */
	uint32_t len_max;		/* longest frame the port accepts */
	bool keep_crc;
	/* mp mbufs (segments) the application holds: kept up by the caller. */
	uint64_t app_held;
	/* State. */
	struct rte_eth_stats last;
	uint64_t bursts;
	uint64_t frames;		/* handed up so far */
	uint64_t empty_run;		/* consecutive empty bursts */
	uint64_t max_empty_run;
	bool progress_failed;		/* reported once */
};

/* Segments of @p m (a chain) that come from the queue's mempool. */
static inline unsigned int
pmd_inv_segs(const struct pmd_inv *inv, const struct rte_mbuf *m)
{
	unsigned int n = 0;

	for (; m != NULL; m = m->next)
		n += m->pool == inv->mp;
	return n;
}

static inline void
pmd_inv_init(struct pmd_inv *inv, uint16_t port, uint16_t queue,
	     struct rte_mempool *mp, unsigned int baseline)
{
	struct rte_eth_rxq_info qi;
	uint16_t mtu = RTE_ETHER_MTU;

	memset(inv, 0, sizeof(*inv));
	memset(&qi, 0, sizeof(qi));
	inv->port = port;
	inv->queue = queue;
	inv->mp = mp;
	inv->baseline = baseline;
	CHECK(rte_eth_rx_queue_info_get(port, queue, &qi) == 0,
	      "invariants: rx queue info of port %u", port);
	inv->nb_desc = qi.nb_desc;
	inv->free_thresh = qi.conf.rx_free_thresh;
	/* The PMD reports the queue's offloads with the port's. */
	inv->keep_crc = qi.conf.offloads & RTE_ETH_RX_OFFLOAD_KEEP_CRC;
	CHECK(rte_eth_dev_get_mtu(port, &mtu) == 0, "invariants: mtu");
	inv->len_max = (uint32_t)mtu + RTE_ETHER_HDR_LEN + RTE_VLAN_HLEN +
		       (inv->keep_crc ? RTE_ETHER_CRC_LEN : 0);
	inv->seg_max = rte_pktmbuf_data_room_size(mp) - RTE_PKTMBUF_HEADROOM;
	CHECK(rte_eth_stats_get(port, &inv->last) == 0, "invariants: stats");
}

/* One mbuf handed up by the PMD: well formed. Returns its bytes. */
static inline uint64_t
pmd_inv_mbuf(const struct pmd_inv *inv, const struct rte_mbuf *m)
{
	const struct rte_mbuf *s;
	uint32_t sum = 0;
	uint16_t segs = 0;

	CHECK(m->nb_segs >= 1, "invariants: port %u: nb_segs %u", inv->port,
	      m->nb_segs);
	for (s = m; s != NULL && segs <= m->nb_segs; s = s->next) {
		segs++;
		sum += s->data_len;
		CHECK(s->data_len != 0, "invariants: port %u: a 0-byte segment (%u of %u, pkt_len %u)",
		      inv->port, segs, m->nb_segs, m->pkt_len);
		CHECK((uint32_t)s->data_off + s->data_len <= s->buf_len,
		      "invariants: port %u: segment past its buffer (off %u len %u buf %u)",
		      inv->port, s->data_off, s->data_len, s->buf_len);
		CHECK(s->pool != inv->mp || s->data_len <= inv->seg_max,
		      "invariants: port %u: data_len %u > ring buffer %u",
		      inv->port, s->data_len, inv->seg_max);
	}
	CHECK_EQ_U(segs, m->nb_segs, "invariants: port %u: chain length vs nb_segs",
		   inv->port);
	CHECK_EQ_U(sum, m->pkt_len, "invariants: port %u: sum of data_len vs pkt_len",
		   inv->port);
	CHECK(m->pkt_len >= RTE_ETHER_HDR_LEN && m->pkt_len <= inv->len_max,
	      "invariants: port %u: pkt_len %u outside [14, %u]", inv->port,
	      m->pkt_len, inv->len_max);
	CHECK_EQ_U(m->port, inv->port, "invariants: mbuf port");
	return m->pkt_len;
}

/*
 * After every rte_eth_rx_burst(port, queue, pkts, @p asked) that returned
 * @p n, before the application frees or keeps the mbufs.
 */
static inline void
pmd_inv_burst(struct pmd_inv *inv, uint16_t asked, struct rte_mbuf *const *pkts,
	      uint16_t n)
{
	struct pmd_rx_qstats qs;
	struct rte_eth_stats st;
	uint64_t bytes = 0, held = inv->app_held, drv, in_use, qp, qb, qe;
	uint16_t i;

	inv->bursts++;
	CHECK(n <= asked, "invariants: port %u: burst of %u returned %u",
	      inv->port, asked, n);
	for (i = 0; i < n; i++) {
		bytes += pmd_inv_mbuf(inv, pkts[i]);
		held += pmd_inv_segs(inv, pkts[i]);
	}
	if (inv->keep_crc)
		bytes -= (uint64_t)n * RTE_ETHER_CRC_LEN;
	inv->frames += n;

	/* Progress while the model still has frames. */
	if (n != 0) {
		inv->empty_run = 0;
	} else if (++inv->empty_run > inv->max_empty_run) {
		inv->max_empty_run = inv->empty_run;
		if (inv->empty_run > PMD_INV_MAX_EMPTY && !inv->progress_failed &&
		    pmd_family()->rx_idle(inv->port) == 0) {
			inv->progress_failed = true;
			CHECK(0, "invariants: port %u: %" PRIu64 " empty bursts in a row while the model has frames",
			      inv->port, inv->empty_run);
		}
	}

	/* Counters. */
	CHECK(rte_eth_stats_get(inv->port, &st) == 0, "invariants: stats");
	CHECK_EQ_U(st.ipackets - inv->last.ipackets, n,
		   "invariants: port %u: ipackets grows by the frames returned",
		   inv->port);
	CHECK_EQ_U(st.ibytes - inv->last.ibytes, bytes,
		   "invariants: port %u: ibytes grows by their bytes", inv->port);
	CHECK(st.ierrors >= inv->last.ierrors && st.imissed >= inv->last.imissed &&
	      st.rx_nombuf >= inv->last.rx_nombuf,
	      "invariants: port %u: counters went backwards", inv->port);
	CHECK(pmd_rx_qstats_sum(inv->port, &qs) == 0,
	      "invariants: port %u: queue stats", inv->port);
	qp = qs.packets;
	qb = qs.bytes;
	qe = qs.errors;
	CHECK(qp == st.ipackets && qb == st.ibytes && qe == st.ierrors,
	      "invariants: port %u: queue sums %" PRIu64 "/%" PRIu64 "/%" PRIu64
	      " vs port %" PRIu64 "/%" PRIu64 "/%" PRIu64, inv->port, qp, qb, qe,
	      st.ipackets, st.ibytes, st.ierrors);
	inv->last = st;

	/* Conservation. */
	in_use = rte_mempool_in_use_count(inv->mp);
	CHECK(in_use >= inv->baseline + held,
	      "invariants: port %u: pool in use %" PRIu64 " < baseline %u + held %" PRIu64,
	      inv->port, in_use, inv->baseline, held);
	drv = in_use - inv->baseline - held;
	CHECK(drv <= 2u * inv->nb_desc + PMD_INV_POOL_CACHE,
	      "invariants: port %u: the driver holds %" PRIu64 " buffers, ring %u (leak)",
	      inv->port, drv, inv->nb_desc);
	CHECK(st.rx_nombuf != 0 || drv + inv->free_thresh >= inv->nb_desc,
	      "invariants: port %u: the driver holds %" PRIu64 " buffers, ring %u refilled at %u (hole)",
	      inv->port, drv, inv->nb_desc, inv->free_thresh);
}

/*
 * The model is idle and the ring drained: every offered frame (plus
 * @p extra frames a fault added to the ring) is accounted for once, and
 * no driver protocol violation happened.
 */
static inline void
pmd_inv_final(struct pmd_inv *inv, uint64_t extra)
{
	struct pmd_model_stats ms;
	struct rte_eth_stats st;

	CHECK(rte_eth_stats_get(inv->port, &st) == 0, "invariants: stats");
	CHECK(pmd_family()->model_stats(inv->port, &ms) == 0,
	      "invariants: model stats");
	/*
	 * A missed counter read saturated (flagged in the xstat) lost count:
	 * then the sum falls short, never over.
	 */
	if (!pmd_family()->missed_saturates ||
	    pmd_harness_xstat(inv->port, "rx_q0_missed_overflow") == 0)
		CHECK_EQ_U(st.ipackets + st.ierrors + st.imissed,
			   ms.rx_offered + extra,
			   "invariants: port %u: accounting: ipackets %" PRIu64
			   " + ierrors %" PRIu64 " + imissed %" PRIu64
			   " == offered %" PRIu64 " + %" PRIu64,
			   inv->port, st.ipackets, st.ierrors, st.imissed,
			   ms.rx_offered, extra);
	else
		CHECK(st.ipackets + st.ierrors + st.imissed < ms.rx_offered + extra,
		      "invariants: port %u: accounting, missed counter saturated: %"
		      PRIu64 " < %" PRIu64, inv->port,
		      st.ipackets + st.ierrors + st.imissed, ms.rx_offered + extra);
	CHECK_EQ_U(st.ipackets, inv->frames, "invariants: port %u: ipackets",
		   inv->port);
	PMD_HARNESS_CHECK_NO_VIOLATION(inv->port);
}

/* After rte_eth_dev_stop(): the driver holds no buffer any more. */
static inline void
pmd_inv_stopped(const struct pmd_inv *inv)
{
	CHECK_EQ_U(rte_mempool_in_use_count(inv->mp), inv->baseline + inv->app_held,
		   "invariants: port %u: pool in use after stop == baseline + held",
		   inv->port);
}

#endif /* SOCRX_PMD_INVARIANTS_H */
