/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * One generated traffic (fixed generator seed, same MAC on every port so
 * the frames are the same bytes: gen_pkts, gen_len=60-1514, gen_bad_l4=100,
 * lossless with flow_ctrl=1) received through every RX path variant of
 * the family's PMD (pmd_family.h): zero-copy with copybreak 256 (the default), zero-copy
 * without copybreak, copy-all (zerocopy=0), non-coherent DMA sync, full
 * sync, 0/1 prefetch lines, prefetch before the sync. Per frame a digest
 * of the bytes, the length, packet_type and checksum flags: identical in
 * every variant. Frames with a bad L4 checksum are delivered flagged BAD,
 * none dropped. After stop: the page pool has nothing in flight, the
 * mempools are back to their baseline, and the copybreak counters count
 * exactly the frames <= 256 bytes; a copied frame cost the page pool no
 * buffer (its big buffer is re-armed in its slot), also when the
 * application asks for one or three frames per burst (the batch's last
 * n % 4 frames take the fast path as its quads do). The model saw no
 * protocol violation.
 */
#include <inttypes.h>

#include <rte_ethdev.h>
#include <rte_mbuf.h>

#include "pmd_harness.h"

#define NB_FRAMES	3000
#define RING		512	/* descriptors: all armed at start (t = N) */
#define SAME_MAC	"02:00:00:00:01:00"
#define COMMON_ARGS	",gen_pkts=" RTE_STR(NB_FRAMES) ",gen_len=60-1514,gen_bad_l4=100," \
			"gen_flows=64,flow_ctrl=1,mac=" SAME_MAC

struct variant {
	const char *args;
	enum { CB256, CB0, COPYALL } bufs;
	int sync;		/* 0 coherent, 1 precise, 2 full */
	uint16_t burst;		/* frames asked per rte_eth_rx_burst */
};

static const struct variant variants[] = {
	{ "zerocopy=1", CB256, 0, 32 },	/* reference: the defaults */
	{ "zerocopy=1,copybreak=0", CB0, 0, 32 },
	{ "zerocopy=0", COPYALL, 0, 32 },
	{ "dma=noncoherent", CB256, 1, 32 },
	{ "dma=noncoherent,copybreak=0", CB0, 1, 32 },
	{ "dma=noncoherent,sync=full", CB256, 2, 32 },
	{ "prefetch=0", CB256, 0, 32 },
	{ "prefetch=1", CB256, 0, 32 },
	{ "prefetch_at=before,prefetch=1,dma=noncoherent,sync=full,zerocopy=0",
	  COPYALL, 2, 32 },
	{ "prefetch_at=before,dma=noncoherent", CB256, 1, 32 },
	{ "csum=auto,coe=0", CB256, 0, 32 },
	{ "zerocopy=1", CB256, 0, 1 },
	{ "dma=noncoherent", CB256, 1, 3 },
};
#define NB_VARIANTS RTE_DIM(variants)

struct digest {
	uint64_t hash;
	uint32_t len;
	uint32_t ptype;
	uint64_t flags;
};

struct rx_ctx {
	struct digest *d;
	unsigned int n;
	unsigned int bad_seg;
	unsigned int l4_bad;
	unsigned int small;
	unsigned int segs;	/* segments delivered */
	uint64_t small_bytes;
};

static struct digest ref[NB_FRAMES], cur[NB_FRAMES];

/* FNV-1a over the frame, segment by segment. */
static uint64_t
frame_hash(const struct rte_mbuf *m)
{
	uint64_t h = 0xcbf29ce484222325ull;
	uint32_t total = 0;

	for (; m != NULL; m = m->next) {
		const uint8_t *p = rte_pktmbuf_mtod(m, const uint8_t *);
		uint16_t i;

		for (i = 0; i < m->data_len; i++)
			h = (h ^ p[i]) * 0x100000001b3ull;
		total += m->data_len;
	}
	return h ^ total;
}

static void
record(struct rte_mbuf *m, void *arg)
{
	struct rx_ctx *c = arg;
	struct digest *d;
	uint32_t sum = 0;
	const struct rte_mbuf *s;

	for (s = m; s != NULL; s = s->next) {
		sum += s->data_len;
		c->segs++;
	}
	c->bad_seg += sum != m->pkt_len;
	if (c->n >= NB_FRAMES) {
		c->n++;
		return;
	}
	d = &c->d[c->n++];
	d->hash = frame_hash(m);
	d->len = m->pkt_len;
	d->ptype = m->packet_type;
	d->flags = m->ol_flags & (RTE_MBUF_F_RX_IP_CKSUM_MASK |
				  RTE_MBUF_F_RX_L4_CKSUM_MASK);
	c->l4_bad += (d->flags & RTE_MBUF_F_RX_L4_CKSUM_MASK) ==
		     RTE_MBUF_F_RX_L4_CKSUM_BAD;
	if (m->pkt_len <= 256) {
		c->small++;
		c->small_bytes += m->pkt_len;
	}
}

static uint64_t sync_bytes[NB_VARIANTS];

/*
 * Robustness row 48, on a non-coherent port of a build that tells the
 * model of every prefetch (pmd_harness_prefetch_observed()): the ablation
 * variant that prefetches before the sync on purpose is seen by the model,
 * so that PMD_HARNESS_CHECK_NO_VIOLATION()'s check that no other variant
 * prefetches a line the sync for the CPU has not invalidated can fail.
 */
static void
check_prefetch_order(const struct variant *v, uint16_t port)
{
	struct pmd_model_stats ms;

	if (!pmd_harness_prefetch_observed() ||
	    (v->sync == 0 && !pmd_harness_run_nc()))
		return;
	CHECK(pmd_family()->model_stats(port, &ms) == 0, "%s: model stats",
	      v->args);
	if (strstr(v->args, "prefetch_at=before") != NULL)
		CHECK(ms.nc_early_prefetches > 0,
		      "%s: the model saw the prefetches before the sync",
		      v->args);
	printf("%-55s model_nc early prefetches: %" PRIu64 "\n", v->args,
	       ms.nc_early_prefetches);
}

static void
run_variant(unsigned int vi, struct rte_mempool *mp)
{
	const struct variant *v = &variants[vi];
	struct digest *d = vi == 0 ? ref : cur;
	struct rte_mempool *small;
	struct rte_eth_stats st;
	struct rx_ctx c;
	char name[32], small_name[RTE_MEMPOOL_NAMESIZE];
	unsigned int i, base, diff = 0, first = UINT32_MAX;
	uint64_t copied, recycled, allocs, first_fill;
	int port;

	if (pmd_harness_ablation_left_out(v->args))
		return;
	pmd_vdev(name, sizeof(name), vi);
	port = pmd_harness_port(name);
	CHECK(port >= 0, "%s probed", name);
	if (port < 0)
		return;
	memset(&c, 0, sizeof(c));
	c.d = d;
	pmd_harness_app_writes_pool(mp);
	base = rte_mempool_in_use_count(mp);
	if (pmd_harness_port_start((uint16_t)port, mp, RING, NULL) != 0) {
		CHECK(0, "%s: start", v->args);
		return;
	}
	/*
	 * The start arms the whole ring (t = N), not N - 1: the first fill
	 * is RING buffers, read before any burst could refill. (The bound
	 * below once assumed RING - 1 and failed whenever no frame went
	 * through the general path: 512 > 511 + 0 + 0.)
	 */
	first_fill = pmd_harness_xstat((uint16_t)port, "rx_q0_pool_alloc_fast") +
		     pmd_harness_xstat((uint16_t)port, "rx_q0_pool_alloc_slow");
	CHECK_EQ_U(first_fill, RING, "%s: the start fills the whole ring", v->args);
	pmd_harness_rx_until_burst((uint16_t)port, NB_FRAMES,
				   v->burst, record, &c);
	CHECK(rte_eth_stats_get((uint16_t)port, &st) == 0, "stats");
	CHECK_EQ_U(c.n, NB_FRAMES, "%s: every frame received", v->args);
	CHECK_EQ_U(st.ipackets, NB_FRAMES, "%s: ipackets", v->args);
	CHECK_EQ_U(st.ierrors + st.imissed, 0, "%s: nothing dropped", v->args);
	CHECK_EQ_U(c.bad_seg, 0, "%s: segment lengths add up", v->args);
	CHECK(c.l4_bad > 0, "%s: bad-L4 frames delivered flagged BAD (%u)",
	      v->args, c.l4_bad);
	CHECK_EQ_U(pmd_harness_xstat((uint16_t)port, "rx_q0_l4_bad"), c.l4_bad,
		   "%s: rx_q0_l4_bad", v->args);
	CHECK_EQ_U(pmd_harness_xstat((uint16_t)port, "rx_q0_copybreak_frames"),
		   v->bufs == CB256 ? c.small : 0, "%s: copybreak frames (%u <= 256 bytes)",
		   v->args, c.small);
	CHECK_EQ_U(pmd_harness_xstat((uint16_t)port, "rx_q0_copybreak_bytes"),
		   v->bufs == CB256 ? c.small_bytes : 0, "%s: copybreak bytes", v->args);
	CHECK_EQ_U(pmd_harness_xstat((uint16_t)port, "rx_q0_copy_frames"),
		   v->bufs == COPYALL ? NB_FRAMES : 0, "%s: copy-all frames", v->args);
	CHECK_EQ_U(pmd_harness_xstat((uint16_t)port, "rx_q0_copybreak_nombuf") +
		   pmd_harness_xstat((uint16_t)port, "rx_q0_copy_nombuf"), 0,
		   "%s: no copy fell back to zero-copy", v->args);
	/*
	 * A frame copied by the burst's fast path leaves its big buffer in its
	 * ring slot, re-armed there: the page pool hands out buffers for the
	 * first fill, the segments delivered zero-copy and the buffers the
	 * general path recycled (its copies), no more (the last refill may not
	 * have run); and fewer copies were recycled than made.
	 */
	copied = pmd_harness_xstat((uint16_t)port, "rx_q0_copybreak_frames") +
		 pmd_harness_xstat((uint16_t)port, "rx_q0_copy_frames");
	recycled = pmd_harness_xstat((uint16_t)port, "rx_q0_recycled");
	allocs = pmd_harness_xstat((uint16_t)port, "rx_q0_pool_alloc_fast") +
		 pmd_harness_xstat((uint16_t)port, "rx_q0_pool_alloc_slow");
	CHECK(allocs <= first_fill + (c.segs - copied) + recycled,
	      "%s: page-pool buffers %" PRIu64 " > first fill %" PRIu64 " + %" PRIu64
	      " segments delivered zero-copy + %" PRIu64 " recycled",
	      v->args, allocs, first_fill, c.segs - copied, recycled);
	CHECK(copied == 0 || recycled < copied,
	      "%s: all %" PRIu64 " copied frames recycled their big buffer: none copied in place",
	      v->args, copied);
	/* Every frame is clean and fits a buffer: none takes the general path. */
	CHECK_EQ_U(recycled, 0, "%s, bursts of %u: copies that recycled their big buffer",
		   v->args, v->burst);
	sync_bytes[vi] = pmd_harness_xstat((uint16_t)port, "rx_q0_sync_bytes");
	/* A dma=noncoherent run (SOCRX_TEST_DEVARGS) makes every port so. */
	if (v->sync == 0 && !pmd_harness_run_nc())
		CHECK_EQ_U(sync_bytes[vi], 0, "%s: coherent: no cache maintenance",
			   v->args);
	else
		CHECK(sync_bytes[vi] > 0, "%s: bytes synced for the CPU", v->args);
	PMD_HARNESS_CHECK_NO_VIOLATION((uint16_t)port);
	check_prefetch_order(v, (uint16_t)port);

	CHECK(rte_eth_dev_stop((uint16_t)port) == 0, "%s: stop", v->args);
	CHECK_EQ_U(rte_mempool_in_use_count(mp), base,
		   "%s: mempool in use back to its baseline", v->args);
	CHECK_EQ_U(pmd_harness_xstat((uint16_t)port, "rx_q0_pool_leaked"), 0,
		   "%s: page pool: nothing in flight after stop", v->args);
	snprintf(small_name, sizeof(small_name), "%s_p%d_q0",
		 pmd_family()->cb_pool, port);
	small = rte_mempool_lookup(small_name);
	if (v->bufs == CB256) {
		CHECK(small != NULL, "%s: copybreak pool %s exists", v->args,
		      small_name);
		if (small != NULL)
			CHECK_EQ_U(rte_mempool_in_use_count(small), 0,
				   "%s: copybreak pool back to empty", v->args);
	}
	CHECK(rte_eth_dev_close((uint16_t)port) == 0, "%s: close", v->args);
	CHECK(rte_mempool_lookup(small_name) == NULL,
	      "%s: copybreak pool freed at close", v->args);

	if (vi == 0)
		return;
	for (i = 0; i < NB_FRAMES; i++) {
		if (memcmp(&ref[i], &cur[i], sizeof(ref[i])) != 0) {
			diff++;
			if (first == UINT32_MAX)
				first = i;
		}
	}
	CHECK_EQ_U(diff, 0, "%s: frames identical to the reference (first difference at #%u)",
		   v->args, first);
	printf("%-55s burst %2u: %u frames, %u <= 256 B, %u L4 BAD, sync %" PRIu64 " B\n",
	       v->args, v->burst, c.n, c.small, c.l4_bad,
	       sync_bytes[vi]);
}

int
main(int argc, char **argv)
{
	static char args[NB_VARIANTS][256];
	const char *vdevs[NB_VARIANTS + 1];
	struct rte_mempool *mp;
	unsigned int i, n = 0;

	(void)argc;
	for (i = 0; i < NB_VARIANTS; i++) {
		snprintf(args[i], sizeof(args[i]), "%s%u%s,%s",
			 pmd_family()->vdev, i, COMMON_ARGS, variants[i].args);
		if (pmd_harness_ablation_built() ||
		    !pmd_harness_ablation_args(args[i]))
			vdevs[n++] = args[i];
	}
	vdevs[n] = NULL;
	pmd_harness_eal_init(argv[0], vdevs);
	mp = eal_harness_pool("rxpaths", 4096, RTE_MBUF_DEFAULT_BUF_SIZE);
	if (mp == NULL)
		return 1;
	for (i = 0; i < NB_VARIANTS; i++)
		run_variant(i, mp);
	/* Precise sync covers the frames; full sync whole buffers: more. */
	CHECK(sync_bytes[5] > sync_bytes[3],
	      "sync=full syncs more than precise (%" PRIu64 " > %" PRIu64 ")",
	      sync_bytes[5], sync_bytes[3]);
	rte_mempool_free(mp);
	rte_eal_cleanup();
	return harness_result("test_pmd_rxpaths");
}
