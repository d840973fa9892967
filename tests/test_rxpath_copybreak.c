/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * lib/rxpath copybreak: the threshold boundaries (N-1, N, N+1, 0, 1),
 * "0 disables", the big buffer recycled and re-armed on the copy path, the
 * fused copy+checksum against a separate copy + csum_partial() on random
 * lengths, ranges and alignments, identical bytes and metadata, small-pool
 * exhaustion falling back to zero-copy, the in-place batch interface
 * (wanted, all-or-nothing bulk allocation, fill), and no leak.
 */
#include <errno.h>
#include <string.h>

#include <rte_mbuf.h>
#include <rte_mempool.h>

#include "csum.h"
#include "harness.h"
#include "rxp_copybreak.h"
#include "rxp_pool.h"
#include "rxp_sync.h"
#include "rxpath_eal.h"

#define NB_BIG		64
#define BIG_ROOM	(RTE_PKTMBUF_HEADROOM + 2048)
#define MAX_LEN		1536
#define NB_SMALL	8
#define SMALL_ROOM	(RTE_PKTMBUF_HEADROOM + RXP_COPYBREAK_DEFAULT)

static struct rte_mempool *big_mp, *small_mp;
static struct rxp_sync sync;
static uint8_t frame[MAX_LEN];

/*
 * A received frame: a buffer from the page pool holding @p len random
 * bytes at data_off = offset - shift (shift 0..63 varies the alignment),
 * with RX metadata set as the RX path would.
 */
static struct rte_mbuf *
receive(struct rxp_pool *pool, uint32_t len, unsigned int shift)
{
	struct rte_mbuf *m;

	if (rxp_pool_alloc_bulk(pool, &m, 1) != 1) {
		fprintf(stderr, "page pool empty\n");
		exit(1);
	}
	m->data_off = (uint16_t)(pool->p.offset - shift);
	harness_fill_random(frame, len);
	memcpy(rte_pktmbuf_mtod(m, void *), frame, len);
	m->data_len = (uint16_t)len;
	m->pkt_len = len;
	m->port = 7;
	m->packet_type = RTE_PTYPE_L2_ETHER | RTE_PTYPE_L3_IPV4 |
			 RTE_PTYPE_L4_UDP;
	m->ol_flags = RTE_MBUF_F_RX_IP_CKSUM_GOOD | RTE_MBUF_F_RX_RSS_HASH;
	m->hash.rss = 0x12345678;
	m->vlan_tci = 0x0123;
	return m;
}

/* The delivered mbuf carries the frame and the metadata, whatever path. */
static void
check_delivered(const struct rte_mbuf *m, uint32_t len, int line)
{
	CHECK_EQ_U(m->data_len, len, "line %d: data_len", line);
	CHECK_EQ_U(m->pkt_len, len, "line %d: pkt_len", line);
	CHECK_EQ_U(m->nb_segs, 1, "line %d: nb_segs", line);
	CHECK(memcmp(rte_pktmbuf_mtod(m, const void *), frame, len) == 0,
	      "line %d: bytes differ from the source (len %u)", line, len);
	CHECK_EQ_U(m->port, 7, "line %d: port", line);
	CHECK_EQ_U(m->packet_type, RTE_PTYPE_L2_ETHER | RTE_PTYPE_L3_IPV4 |
		   RTE_PTYPE_L4_UDP, "line %d: packet_type", line);
	CHECK_EQ_U(m->ol_flags, RTE_MBUF_F_RX_IP_CKSUM_GOOD |
		   RTE_MBUF_F_RX_RSS_HASH, "line %d: ol_flags", line);
	CHECK_EQ_U(m->hash.rss, 0x12345678, "line %d: rss", line);
	CHECK_EQ_U(m->vlan_tci, 0x0123, "line %d: vlan_tci", line);
}

/* The app consumes a delivered frame. */
static void
deliver(struct rxp_pool *pool, struct rte_mbuf *m)
{
	if (m->pool == big_mp)
		rxp_pool_handoff(pool, 1);
	rte_pktmbuf_free(m);
}

static struct rxp_pool *
make_pool(void)
{
	struct rxp_pool_params p = {
		.fast = { .mp = big_mp, .sync = &sync, .max_len = MAX_LEN,
			  .offset = RTE_PKTMBUF_HEADROOM, .cache_size = 32 },
		.slow = { .name = "cb", .socket_id = SOCKET_ID_ANY },
	};
	struct rxp_pool *pool = rxp_pool_create(&p);

	if (pool == NULL) {
		fprintf(stderr, "rxp_pool_create failed\n");
		exit(1);
	}
	return pool;
}

/* Copybreak N: frames of N-1 and N copied, N+1 not; 0 and 1 too. */
static void
test_boundaries(uint32_t n)
{
	struct rxp_pool *pool = make_pool();
	struct rxp_copybreak cb;
	const uint32_t lens[] = { 0, 1, n - 1, n, n + 1, MAX_LEN };
	uint64_t frames = 0, bytes = 0, recycled = 0, fast = 0;
	unsigned int i;

	CHECK_EQ_U(rxp_copybreak_init(&cb, pool, small_mp, n), 0, "init %u", n);
	for (i = 0; i < RTE_DIM(lens); i++) {
		uint32_t len = lens[i];
		bool copy = len >= 1 && len <= n;
		struct rte_mbuf *big = receive(pool, len, 0), *m = big, *again;
		uint32_t sum = 0xdead;
		unsigned int r;

		r = rxp_copybreak(&cb, &m, len, 0, 0, &sum);
		CHECK_EQ_U(r, copy ? RXP_COPYBREAK_F_COPIED : 0,
			   "result for len %u (copybreak %u)", len, n);
		CHECK_EQ_U(sum, 0xdead, "no range: sum untouched");
		check_delivered(m, len, __LINE__);
		if (copy) {
			frames++;
			bytes += len;
			recycled++;
			CHECK(m != big && m->pool == small_mp,
			      "len %u: not a small mbuf", len);
			CHECK_EQ_U(rxp_pool_inflight(pool), 0,
				   "len %u: big buffer not back", len);
			/* The next refill re-arms the same big buffer. */
			fast = pool->stats.alloc_fast;
			CHECK_EQ_U(rxp_pool_alloc_bulk(pool, &again, 1), 1,
				   "refill");
			CHECK(again == big, "len %u: big buffer not re-armed",
			      len);
			CHECK_EQ_U(pool->stats.alloc_fast, fast + 1,
				   "len %u: refill from the cache", len);
			rxp_pool_recycle_direct(pool, again);
			recycled++;
		} else {
			CHECK(m == big, "len %u: zero-copy changed the mbuf",
			      len);
		}
		CHECK_EQ_U(cb.stats.copybreak_frames, frames, "frames, len %u",
			   len);
		CHECK_EQ_U(cb.stats.copybreak_bytes, bytes, "bytes, len %u",
			   len);
		CHECK_EQ_U(cb.stats.copybreak_nombuf, 0, "nombuf");
		CHECK_EQ_U(pool->stats.recycled_direct, recycled,
			   "recycled_direct, len %u", len);
		deliver(pool, m);
	}
	CHECK_EQ_U(rxp_pool_inflight(pool), 0, "inflight");
	CHECK_EQ_U(rxp_pool_destroy(pool), 0, "destroy");
}

/* Threshold 0: nothing is ever copied, no small pool needed. */
static void
test_disabled(void)
{
	struct rxp_pool *pool = make_pool();
	struct rxp_copybreak cb;
	const uint32_t lens[] = { 0, 1, 60, 256, 1514 };
	unsigned int i;

	CHECK_EQ_U(rxp_copybreak_init(&cb, pool, NULL, 0), 0, "init 0");
	for (i = 0; i < RTE_DIM(lens); i++) {
		struct rte_mbuf *big = receive(pool, lens[i], 0), *m = big;
		uint32_t sum = 0;

		CHECK_EQ_U(rxp_copybreak(&cb, &m, lens[i], 14, 8, &sum), 0,
			   "copybreak 0 copied len %u", lens[i]);
		CHECK(m == big, "mbuf changed");
		deliver(pool, m);
	}
	CHECK_EQ_U(cb.stats.copybreak_frames + cb.stats.copybreak_bytes +
		   cb.stats.copybreak_nombuf, 0, "counters");
	CHECK_EQ_U(pool->stats.recycled_direct, 0, "no recycle");
	CHECK_EQ_U(rxp_pool_destroy(pool), 0, "destroy");
}

/* The fused sum equals a separate copy + csum_partial(), everywhere. */
static void
test_fused_sum(void)
{
	struct rxp_pool *pool = make_pool();
	struct rxp_copybreak cb;
	static uint8_t copy[MAX_LEN];
	unsigned int i, summed = 0;

	CHECK_EQ_U(rxp_copybreak_init(&cb, pool, small_mp,
				      RXP_COPYBREAK_DEFAULT), 0, "init");
	for (i = 0; i < 20000; i++) {
		uint32_t len = 1 + (uint32_t)(harness_rand() %
					      RXP_COPYBREAK_DEFAULT);
		unsigned int shift = (unsigned int)(harness_rand() % 64);
		uint32_t off = (uint32_t)(harness_rand() % (len + 1));
		uint32_t slen = (uint32_t)(harness_rand() % (len - off + 1));
		struct rte_mbuf *m;
		uint32_t sum = 0xdead, ref;
		unsigned int r;

		/* Now and then a range past the frame end: "unknown". */
		if (i % 16 == 15)
			slen = len - off + 1 + (uint32_t)(harness_rand() % 8);
		m = receive(pool, len, shift);
		r = rxp_copybreak(&cb, &m, len, off, slen, &sum);
		check_delivered(m, len, __LINE__);
		if (slen == 0 || off + slen > len) {
			CHECK_EQ_U(r, RXP_COPYBREAK_F_COPIED,
				   "unknown range len %u off %u slen %u", len,
				   off, slen);
			CHECK_EQ_U(sum, 0xdead, "sum written for no range");
		} else {
			memcpy(copy, frame, len);
			ref = csum_partial(copy + off, slen, 0);
			CHECK_EQ_U(r, RXP_COPYBREAK_F_COPIED |
				   RXP_COPYBREAK_F_SUM, "result");
			/*
			 * Equal as one's-complement sums (what any verdict
			 * sees): the unfolded 32-bit values may differ by
			 * a multiple of 0xffff, because lib/csum's
			 * csum_partial_copy() and csum_partial() reduce
			 * differently for some odd lengths.
			 */
			CHECK_EQ_U(csum_fold(sum), csum_fold(ref),
				   "fused sum len %u off %u slen %u shift %u",
				   len, off, slen, shift);
			CHECK_EQ_U(sum % 0xffff, ref % 0xffff,
				   "not congruent mod 0xffff");
			summed++;
		}
		deliver(pool, m);
	}
	printf("fused sum: %u frames summed while copying\n", summed);
	CHECK_EQ_U(cb.stats.copybreak_frames, 20000, "frames");
	CHECK_EQ_U(rxp_pool_inflight(pool), 0, "inflight");
	CHECK_EQ_U(rxp_pool_destroy(pool), 0, "destroy");
}

/* Small pool empty: zero-copy, counted, never dropped; then recovery. */
static void
test_small_exhausted(void)
{
	struct rxp_pool *pool = make_pool();
	struct rxp_copybreak cb;
	struct rte_mbuf *held[NB_SMALL + 1], *big, *m;
	unsigned int n = 0, i;
	uint32_t sum = 0;

	CHECK_EQ_U(rxp_copybreak_init(&cb, pool, small_mp,
				      RXP_COPYBREAK_DEFAULT), 0, "init");
	while (n < RTE_DIM(held) && (held[n] = rte_pktmbuf_alloc(small_mp)))
		n++;
	CHECK_EQ_U(n, NB_SMALL, "small pool drained");
	for (i = 0; i < 3; i++) {
		big = receive(pool, 60, 0);
		m = big;
		CHECK_EQ_U(rxp_copybreak(&cb, &m, 60, 34, 26, &sum), 0,
			   "copied with an empty small pool");
		CHECK(m == big, "frame not delivered zero-copy");
		check_delivered(m, 60, __LINE__);
		deliver(pool, m);
	}
	CHECK_EQ_U(cb.stats.copybreak_nombuf, 3, "copybreak_nombuf");
	CHECK_EQ_U(cb.stats.copybreak_frames, 0, "copybreak_frames");
	CHECK_EQ_U(pool->stats.recycled_direct, 0, "big buffers kept");
	rte_pktmbuf_free(held[--n]);
	big = receive(pool, 60, 0);
	m = big;
	CHECK_EQ_U(rxp_copybreak(&cb, &m, 60, 34, 26, &sum),
		   RXP_COPYBREAK_F_COPIED | RXP_COPYBREAK_F_SUM,
		   "copy after the small pool recovered");
	CHECK_EQ_U(cb.stats.copybreak_frames, 1, "copybreak_frames");
	deliver(pool, m);
	while (n)
		rte_pktmbuf_free(held[--n]);
	CHECK_EQ_U(rxp_pool_destroy(pool), 0, "destroy");
}

/*
 * In place (the batch interface): rxp_copybreak_wanted() boundaries, the
 * all-or-nothing bulk allocation, rxp_copybreak_fill() copying and summing
 * exactly like rxp_copybreak() without touching the big buffer or the page
 * pool, and rxp_copybreak_alloc_one() counting an empty small pool.
 */
static void
test_in_place(void)
{
	struct rxp_pool *pool = make_pool();
	struct rxp_pool_stats before;
	struct rxp_copybreak cb;
	struct rte_mbuf *small[NB_SMALL + 1], *big, *m;
	unsigned int in_use = rte_mempool_in_use_count(small_mp), i;
	/* Around the inline copy's 8-byte words and CSUM_INLINE_MAX. */
	const uint32_t lens[NB_SMALL] = { 1, 7, 8, 15, 60, 127, 128, 256 };
	uint32_t sum, want;

	CHECK_EQ_U(rxp_copybreak_init(&cb, pool, small_mp, 0), 0, "init 0");
	CHECK(!rxp_copybreak_wanted(&cb, 0) && !rxp_copybreak_wanted(&cb, 1) &&
	      !rxp_copybreak_wanted(&cb, 60), "threshold 0 wants nothing");
	CHECK_EQ_U(rxp_copybreak_init(&cb, pool, small_mp,
				      RXP_COPYBREAK_DEFAULT), 0, "init");
	CHECK(!rxp_copybreak_wanted(&cb, 0), "length 0 wanted");
	CHECK(rxp_copybreak_wanted(&cb, 1), "length 1 not wanted");
	CHECK(rxp_copybreak_wanted(&cb, RXP_COPYBREAK_DEFAULT), "N not wanted");
	CHECK(!rxp_copybreak_wanted(&cb, RXP_COPYBREAK_DEFAULT + 1),
	      "N + 1 wanted");

	CHECK_EQ_U(rxp_copybreak_alloc_bulk(&cb, small, NB_SMALL + 1), 0,
		   "bulk larger than the small pool");
	CHECK_EQ_U(rte_mempool_in_use_count(small_mp), in_use,
		   "a failed bulk took nothing");
	CHECK_EQ_U(rxp_copybreak_alloc_bulk(&cb, small, 0), 0, "bulk of 0");
	/*
	 * Small mbufs come back from the application with its fields set:
	 * the bulk allocation resets what rte_pktmbuf_reset() would (but
	 * tx_offload, a transmit field), the free path the segment fields.
	 */
	CHECK_EQ_U(rte_pktmbuf_alloc_bulk(small_mp, small, NB_SMALL), 0,
		   "dirty the small mbufs");
	for (i = 0; i < NB_SMALL; i++) {
		small[i]->data_off = 7;
		small[i]->port = 3;
		small[i]->ol_flags = RTE_MBUF_F_RX_IP_CKSUM_BAD |
				     RTE_MBUF_F_RX_VLAN;
		small[i]->packet_type = RTE_PTYPE_L2_ETHER;
		small[i]->pkt_len = small[i]->data_len = 99;
		small[i]->vlan_tci = small[i]->vlan_tci_outer = 5;
	}
	rte_pktmbuf_free_bulk(small, NB_SMALL);
	CHECK_EQ_U(rxp_copybreak_alloc_bulk(&cb, small, NB_SMALL), NB_SMALL,
		   "bulk of the whole small pool");
	for (i = 0; i < NB_SMALL; i++)
		CHECK(small[i]->data_off == RTE_PKTMBUF_HEADROOM &&
		      small[i]->port == RTE_MBUF_PORT_INVALID &&
		      small[i]->ol_flags == 0 && small[i]->packet_type == 0 &&
		      small[i]->pkt_len == 0 && small[i]->data_len == 0 &&
		      small[i]->vlan_tci == 0 && small[i]->vlan_tci_outer == 0 &&
		      small[i]->next == NULL && small[i]->nb_segs == 1 &&
		      rte_mbuf_refcnt_read(small[i]) == 1,
		      "small mbuf %u not reset", i);
	for (i = 0; i < NB_SMALL; i++) {
		uint32_t len = lens[i], off = len / 3, n = len - off;
		uint16_t big_len;

		big = receive(pool, len, i);
		big_len = big->data_len;
		before = pool->stats;
		sum = 0xdead;
		CHECK_EQ_U(rxp_copybreak_fill(&cb, small[i],
					      rte_pktmbuf_mtod(big, uint8_t *),
					      len, off, n, &sum),
			   RXP_COPYBREAK_F_COPIED | RXP_COPYBREAK_F_SUM,
			   "fill len %u", len);
		want = csum_partial(frame + off, n, 0);
		CHECK_EQ_U(csum_fold(sum), csum_fold(want), "fused sum, len %u", len);
		CHECK(memcmp(rte_pktmbuf_mtod(small[i], void *), frame, len) == 0,
		      "bytes, len %u", len);
		CHECK_EQ_U(small[i]->data_len, len, "data_len, len %u", len);
		CHECK_EQ_U(small[i]->pkt_len, len, "pkt_len, len %u", len);
		CHECK_EQ_U(big->data_len, big_len, "big header untouched");
		CHECK(memcmp(&before, &pool->stats, sizeof(before)) == 0,
		      "the page pool saw nothing, len %u", len);
		rte_pktmbuf_free(small[i]);
		deliver(pool, big);
	}
	CHECK_EQ_U(cb.stats.copybreak_frames, i, "copybreak_frames");

	/* A range outside the frame: plain copy, the sum left alone. */
	m = rxp_copybreak_alloc_one(&cb);
	CHECK(m != NULL, "alloc one");
	big = receive(pool, 60, 0);
	sum = 0xdead;
	CHECK_EQ_U(rxp_copybreak_fill(&cb, m, rte_pktmbuf_mtod(big, uint8_t *),
				      60, 40, 30, &sum),
		   RXP_COPYBREAK_F_COPIED, "range past the frame");
	CHECK_EQ_U(sum, 0xdead, "sum written for a range past the frame");
	CHECK(memcmp(rte_pktmbuf_mtod(m, void *), frame, 60) == 0, "plain bytes");
	rte_pktmbuf_free(m);
	deliver(pool, big);

	/* Small pool empty: NULL, counted. */
	i = 0;
	while (i < RTE_DIM(small) && (small[i] = rte_pktmbuf_alloc(small_mp)))
		i++;
	CHECK(rxp_copybreak_alloc_one(&cb) == NULL, "alloc one from an empty pool");
	CHECK_EQ_U(cb.stats.copybreak_nombuf, 1, "copybreak_nombuf");
	while (i)
		rte_pktmbuf_free(small[--i]);
	CHECK_EQ_U(rte_mempool_in_use_count(small_mp), in_use, "small pool back");
	CHECK_EQ_U(rxp_pool_destroy(pool), 0, "destroy");
}

static void
test_init_errors(void)
{
	struct rxp_pool *pool = make_pool();
	struct rxp_copybreak cb;

	CHECK_EQ_U(rxp_copybreak_init(&cb, pool, small_mp,
				      RXP_COPYBREAK_DEFAULT + 1), -EINVAL,
		   "threshold larger than the small buffers");
	CHECK_EQ_U(rxp_copybreak_init(&cb, pool, NULL, 64), -EINVAL,
		   "no small pool");
	CHECK_EQ_U(rxp_copybreak_init(&cb, NULL, small_mp, 64), -EINVAL,
		   "no page pool");
	CHECK_EQ_U(rxp_pool_destroy(pool), 0, "destroy");
}

int
main(int argc, char **argv)
{
	unsigned int big_base, small_base;

	RTE_SET_USED(argc);
	harness_seed_from_env(0xc0b7);
	rxpath_test_eal_init(argv[0]);
	big_mp = eal_harness_pool("cb_big", NB_BIG, BIG_ROOM);
	small_mp = eal_harness_pool("cb_small", NB_SMALL, SMALL_ROOM);
	big_base = rte_mempool_in_use_count(big_mp);
	small_base = rte_mempool_in_use_count(small_mp);

	/* Non-coherent, so that the sync runs its real code path too. */
	CHECK_EQ_U(rxp_sync_init(&sync, RXP_SYNC_NONCOHERENT, MAX_LEN, 0), 0,
		   "sync init");
	test_init_errors();
	test_boundaries(RXP_COPYBREAK_DEFAULT);
	test_boundaries(64);
	test_disabled();
	test_fused_sum();
	test_small_exhausted();
	test_in_place();

	CHECK_EQ_U(rte_mempool_in_use_count(big_mp), big_base,
		   "big mempool in use back to baseline");
	CHECK_EQ_U(rte_mempool_in_use_count(small_mp), small_base,
		   "small mempool in use back to baseline");
	rte_mempool_free(big_mp);
	rte_mempool_free(small_mp);
	rte_eal_cleanup();
	return harness_result("rxpath_copybreak");
}
