/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Robustness row 13 (status word seen before the other descriptor words):
 * the read barrier after the OWN check, made testable on x86 by the
 * model's write-ordering adversary (fault_wo_ppm, docs/design/
 * robustness.md "Write-ordering adversary").
 *
 * 1. The adversary itself, on the model in step mode (no EAL): a hit
 *    frame's descriptor shows OWN clear while RDES1 (IPHE/IPCE inverted)
 *    and the first 64 bytes of the buffer (XOR 0xa5) are poison; one
 *    dwmac4_model_rx_barrier() makes the true values visible; a slot
 *    re-armed without a barrier drops its stale record (never written into
 *    the new frame); RX DMA stop drains what is pending. This is the
 *    control: a driver that reads before its barrier sees poison.
 * 2. Through net_stmmac_uio: one generated traffic (same MAC and
 *    generator on every port, gen_bad_l4=100, lossless) received with the
 *    adversary on every frame (1000000 ppm) and on 5% of them (50000 ppm),
 *    in csum=auto coe=1 and csum=sw, and with non-coherent DMA sync,
 *    copy-all, zero-copy without copybreak, coalesced write-backs and
 *    scatter: every frame's bytes, length, segments, packet_type and
 *    checksum flags equal those of a reference port without the adversary;
 *    the model published exactly the frames it hit (rx_wo_published ==
 *    rx_fault_wo, nothing stale, nothing left to drain), the pool is back
 *    at its baseline and the model saw no protocol violation.
 *
 * A failure names the row: "row 13: value read before the read barrier".
 * The adversary's seed (fault_seed) is printed with every failed check.
 */
#include <stdbool.h>

#include "dwmac4_desc.h"
#include "dwmac4_regs.h"
#include "model_traffic.h"
#include "pmd_harness.h"
#include "../model_fixture.h"

#define ROW13 "row 13: value read before the read barrier"

#define SEED_WO		2718281828459
#define NB_FRAMES	4000
#define SAME_MAC	"02:00:00:00:01:00"
#define COMMON_ARGS	",gen_pkts=" RTE_STR(NB_FRAMES) ",gen_len=60-1514," \
			"gen_bad_l4=100,gen_flows=64,flow_ctrl=1,mac=" SAME_MAC
#define WO_ALL		",fault_wo_ppm=1000000,fault_seed=" RTE_STR(SEED_WO)
#define WO_5PCT		",fault_wo_ppm=50000,fault_seed=" RTE_STR(SEED_WO)

#define CSUM_MASK (RTE_MBUF_F_RX_IP_CKSUM_MASK | RTE_MBUF_F_RX_L4_CKSUM_MASK)

/* ---- 1. The adversary on the bare model (step mode) ---- */

#define CTL_N		8u
#define CTL_RBSZ	2048u
#define CTL_IOVA	0x40000000ull
#define CTL_BUF_OFF	4096u
#define CTL_SIZE	(CTL_BUF_OFF + CTL_N * CTL_RBSZ)
#define CTL_LEN		128u
/* Generator frames (IPv4/UDP): the sequence number at 14 + 20 + 8. */
#define CTL_SEQ_OFF	42u

struct ctl {
	struct dwmac4_model *m;
	uint8_t *arena;
	struct dwmac4_desc *ring;
};

static uint8_t *
ctl_buf(const struct ctl *c, unsigned int i)
{
	return c->arena + CTL_BUF_OFF + i * CTL_RBSZ;
}

static void
ctl_arm_all(struct ctl *c)
{
	unsigned int i;

	for (i = 0; i < CTL_N; i++) {
		uint64_t a = CTL_IOVA + CTL_BUF_OFF + i * CTL_RBSZ;

		c->ring[i].des0 = (uint32_t)a;
		c->ring[i].des1 = (uint32_t)(a >> 32);
		c->ring[i].des2 = 0;
		__atomic_store_n(&c->ring[i].des3, RDES3_OWN |
				 RDES3_BUFFER1_VALID_ADDR, __ATOMIC_RELEASE);
	}
	/* t = N: the whole ring; a tail write also resumes a suspended DMA. */
	dwmac4_model_write32(c->m, DMA_CHAN_RX_END_ADDR(0),
			     (uint32_t)(CTL_IOVA + DWMAC4_DESC_SIZE * CTL_N));
}

static int
ctl_init(struct ctl *c)
{
	struct dwmac4_model_params p;
	struct model_gen_params g;
	char err[128] = "";
	void *mem;

	memset(c, 0, sizeof(*c));
	if (posix_memalign(&mem, 4096, CTL_SIZE) != 0)
		return -1;
	c->arena = mem;
	memset(c->arena, 0, CTL_SIZE);
	c->ring = (struct dwmac4_desc *)(void *)c->arena;
	model_gen_params_init(&g);
	g.size = MODEL_GEN_SIZE_FIXED;
	g.len_min = CTL_LEN;
	g.len_max = CTL_LEN;
	g.count = 4 * CTL_N;
	dwmac4_model_params_init(&p);
	p.flow_control = true;
	p.fault_wo_ppm = 1000000;
	p.faults.seed = SEED_WO;
	p.rx_src = model_gen_create(&g, err, sizeof(err));
	CHECK(p.rx_src != NULL, "generator: %s", err);
	if (p.rx_src == NULL)
		goto fail;
	c->m = dwmac4_model_create(&p);
	CHECK(c->m != NULL, "model create");
	if (c->m == NULL) {
		p.rx_src->destroy(p.rx_src);
		goto fail;
	}
	CHECK_EQ_U(dwmac4_model_dma_map(c->m, c->arena, CTL_IOVA, CTL_SIZE), 0,
		   "DMA map");
	/* Checksum engine on: RDES1 is valid (RS1V) and worth poisoning. */
	dwmac4_model_write32(c->m, GMAC_CONFIG, GMAC_CONFIG_DM | GMAC_CONFIG_RE | GMAC_CONFIG_IPC |
			     GMAC_CONFIG_CST | GMAC_CONFIG_ACS);
	dwmac4_model_write32(c->m, DMA_CHAN_RX_BASE_ADDR_HI(0), 0);
	dwmac4_model_write32(c->m, DMA_CHAN_RX_BASE_ADDR(0), (uint32_t)CTL_IOVA);
	dwmac4_model_write32(c->m, DMA_CHAN_RX_RING_LEN(0),
			     DWMAC4_DMA_RING_LEN(CTL_N));
	ctl_arm_all(c);
	dwmac4_model_write32(c->m, DMA_CHAN_RX_CONTROL(0), DMA_CONTROL_SR | MODEL_FIXTURE_PBL |
			     (CTL_RBSZ << DMA_RBSZ_SHIFT));
	return 0;
fail:
	free(c->arena);
	return -1;
}

static struct dwmac4_model_stats
ctl_stats(struct ctl *c)
{
	struct dwmac4_model_stats st;

	dwmac4_model_get_stats(c->m, &st);
	return st;
}

static uint64_t
ctl_seq(const uint8_t *b)
{
	uint64_t v = 0;
	unsigned int i;

	for (i = 0; i < 8; i++)
		v = v << 8 | b[CTL_SEQ_OFF + i];
	return v;
}

/* The true head of a generated IPv4 frame (EtherType and sequence). */
static bool
ctl_head_true(const uint8_t *b, uint64_t seq)
{
	return b[12] == 0x08 && b[13] == 0x00 && ctl_seq(b) == seq;
}

/*
 * Delivers CTL_N frames (sequence numbers from @p seq0); checks that
 * each descriptor shows OWN clear with poison behind it.
 */
static void
ctl_deliver_poisoned(struct ctl *c, uint64_t seq0, const char *phase,
		     uint32_t *des1_poison, uint8_t (*head_poison)[64])
{
	unsigned int i, own = 0, bad_head = 0;

	CHECK_EQ_U(dwmac4_model_step(c->m, CTL_N), CTL_N, "%s: frames moved",
		   phase);
	for (i = 0; i < CTL_N; i++) {
		uint32_t d3 = __atomic_load_n(&c->ring[i].des3, __ATOMIC_ACQUIRE);
		const uint8_t *b = ctl_buf(c, i);

		own += (d3 & RDES3_OWN) != 0;
		des1_poison[i] = c->ring[i].des1;
		memcpy(head_poison[i], b, 64);
		/* Without a barrier: not the frame the device received. */
		bad_head += ctl_head_true(b, seq0 + i);
	}
	CHECK_EQ_U(own, 0, "%s: every descriptor written back", phase);
	CHECK_EQ_U(bad_head, 0, "%s: the adversary held the payload head back",
		   phase);
}

/* After the values were published: each differs from its poison exactly so. */
static void
ctl_check_published(struct ctl *c, uint64_t seq0, const char *phase,
		    const uint32_t *des1_poison, uint8_t (*head_poison)[64])
{
	const uint32_t flip = RDES1_IP_HDR_ERROR | RDES1_IP_PAYLOAD_ERROR;
	const uint32_t both = RDES1_IPV4_HEADER | RDES1_IPV6_HEADER;
	unsigned int i, j, bad_des1 = 0, bad_head = 0, bad_xor = 0;

	for (i = 0; i < CTL_N; i++) {
		const uint8_t *b = ctl_buf(c, i);
		uint32_t d1 = c->ring[i].des1;

		bad_des1 += ((d1 ^ des1_poison[i]) & flip) != flip;
		bad_des1 += (d1 & both) != RDES1_IPV4_HEADER;
		bad_des1 += (des1_poison[i] & both) != both;
		bad_head += !ctl_head_true(b, seq0 + i);
		for (j = 0; j < 64; j++)
			bad_xor += (uint8_t)(b[j] ^ 0xa5u) != head_poison[i][j];
	}
	CHECK_EQ_U(bad_des1, 0, "%s: true RDES1 IPv4 only; the poison claims IPv4+IPv6 with IPHE/IPCE inverted",
		   phase);
	CHECK_EQ_U(bad_head, 0, "%s: true payload head (IPv4, sequence numbers %" PRIu64 "..)",
		   phase, seq0);
	CHECK_EQ_U(bad_xor, 0, "%s: poison = truth XOR 0xa5 over 64 bytes",
		   phase);
}

static void
test_adversary_control(void)
{
	uint32_t des1_poison[CTL_N];
	uint8_t head_poison[CTL_N][64];
	struct dwmac4_model_stats st;
	struct ctl c;

	harness_seed = SEED_WO;
	if (ctl_init(&c) != 0) {
		CHECK(0, "adversary control: model set-up");
		return;
	}
	/* A: the barrier publishes every held-back value. */
	ctl_deliver_poisoned(&c, 0, "control A", des1_poison, head_poison);
	st = ctl_stats(&c);
	CHECK_EQ_U(st.rx_fault_wo, CTL_N, "control A: every frame hit");
	CHECK_EQ_U(st.rx_wo_published, 0, "control A: nothing published yet");
	dwmac4_model_rx_barrier(c.m);
	ctl_check_published(&c, 0, "control A", des1_poison, head_poison);
	st = ctl_stats(&c);
	CHECK_EQ_U(st.rx_wo_published, CTL_N, "control A: published by the barrier");
	CHECK_EQ_U(st.rx_wo_barriers, 1, "control A: one barrier");

	/*
	 * B: a driver that re-arms without a barrier: the records of the
	 * second batch go stale and are dropped, never written into the
	 * third batch's buffers.
	 */
	ctl_arm_all(&c);
	ctl_deliver_poisoned(&c, CTL_N, "control B", des1_poison, head_poison);
	ctl_arm_all(&c);
	ctl_deliver_poisoned(&c, 2 * CTL_N, "control B", des1_poison,
			     head_poison);
	st = ctl_stats(&c);
	CHECK_EQ_U(st.rx_wo_stale, CTL_N, "control B: stale records dropped");
	dwmac4_model_rx_barrier(c.m);
	ctl_check_published(&c, 2 * CTL_N, "control B", des1_poison,
			    head_poison);
	st = ctl_stats(&c);
	CHECK_EQ_U(st.rx_wo_published, 2 * CTL_N,
		   "control B: only the live records published");

	/* C: RX DMA stop drains what is pending (posted writes complete). */
	ctl_arm_all(&c);
	ctl_deliver_poisoned(&c, 3 * CTL_N, "control C", des1_poison,
			     head_poison);
	dwmac4_model_write32(c.m, DMA_CHAN_RX_CONTROL(0),
			     CTL_RBSZ << DMA_RBSZ_SHIFT);
	ctl_check_published(&c, 3 * CTL_N, "control C", des1_poison,
			    head_poison);
	st = ctl_stats(&c);
	CHECK_EQ_U(st.rx_wo_drained, CTL_N, "control C: drained at RX stop");
	CHECK_EQ_U(st.rx_fault_wo, 4 * CTL_N, "control: frames hit");
	CHECK_EQ_U(st.rx_fault_wo, st.rx_wo_published + st.rx_wo_drained +
		   st.rx_wo_stale, "control: every record accounted for");
	CHECK_EQ_U(st.violations, 0, "control: violations (%s)",
		   dwmac4_model_last_violation(c.m));
	dwmac4_model_destroy(c.m);
	free(c.arena);
	printf("adversary control: %" PRIu64 " hit, %" PRIu64 " published, %"
	       PRIu64 " stale, %" PRIu64 " drained\n", st.rx_fault_wo,
	       st.rx_wo_published, st.rx_wo_stale, st.rx_wo_drained);
}

/* ---- 2. Through the PMD ---- */

struct ocase {
	const char *name;	/* test case, printed with every failure */
	const char *args;	/* devargs after COMMON_ARGS */
	int ref;		/* case to compare with, -1: a reference */
	uint32_t ppm;		/* fault_wo_ppm */
	bool scatter;		/* 512-byte buffers, scatter on */
};

static const struct ocase cases[] = {
	{ "reference_auto", "csum=auto,coe=1", -1, 0, false },
	{ "row13_auto_every_frame", "csum=auto,coe=1" WO_ALL, 0, 1000000, false },
	{ "row13_auto_5pct", "csum=auto,coe=1" WO_5PCT, 0, 50000, false },
	{ "reference_sw", "csum=sw", -1, 0, false },
	{ "row13_sw_every_frame", "csum=sw" WO_ALL, 3, 1000000, false },
	{ "row13_sw_5pct", "csum=sw" WO_5PCT, 3, 50000, false },
	{ "row13_noncoherent_every_frame", "dma=noncoherent" WO_ALL, 0,
	  1000000, false },
	{ "row13_copy_all_every_frame", "zerocopy=0" WO_ALL, 0, 1000000, false },
	{ "row13_zero_copy_every_frame", "copybreak=0" WO_ALL, 0, 1000000,
	  false },
	{ "row13_wb_batch_every_frame", "wb_batch=16" WO_ALL, 0, 1000000,
	  false },
	{ "reference_scatter", "csum=auto", -1, 0, true },
	{ "row13_scatter_every_frame", "csum=auto" WO_ALL, 10, 1000000, true },
};
#define NB_CASES RTE_DIM(cases)

struct digest {
	uint64_t hash;
	uint32_t len;
	uint32_t ptype;
	uint64_t flags;
	uint16_t segs;
};

struct rx_ctx {
	struct digest *d;
	unsigned int n;
};

static struct digest digests[NB_CASES][NB_FRAMES];

/* FNV-1a over the frame, segment by segment. */
static uint64_t
frame_hash(const struct rte_mbuf *m)
{
	uint64_t h = 0xcbf29ce484222325ull;

	for (; m != NULL; m = m->next) {
		const uint8_t *p = rte_pktmbuf_mtod(m, const uint8_t *);
		uint16_t i;

		for (i = 0; i < m->data_len; i++)
			h = (h ^ p[i]) * 0x100000001b3ull;
	}
	return h;
}

static void
record(struct rte_mbuf *m, void *arg)
{
	struct rx_ctx *c = arg;
	struct digest *d;

	if (c->n >= NB_FRAMES) {
		c->n++;
		return;
	}
	d = &c->d[c->n++];
	memset(d, 0, sizeof(*d));
	d->hash = frame_hash(m);
	d->len = m->pkt_len;
	d->ptype = m->packet_type;
	d->flags = m->ol_flags & CSUM_MASK;
	d->segs = m->nb_segs;
}

static void
compare(unsigned int ci, unsigned int n)
{
	const struct ocase *oc = &cases[ci];
	const struct digest *a = digests[oc->ref], *b = digests[ci];
	unsigned int i, diff = 0, first = UINT32_MAX, bytes = 0, meta = 0;

	for (i = 0; i < n; i++) {
		if (memcmp(&a[i], &b[i], sizeof(a[i])) == 0)
			continue;
		diff++;
		bytes += a[i].hash != b[i].hash;
		meta += a[i].ptype != b[i].ptype || a[i].flags != b[i].flags;
		if (first == UINT32_MAX)
			first = i;
	}
	CHECK_EQ_U(diff, 0, ROW13 " (%s): %u of %u frames differ from %s (%u in their bytes, %u in ptype/flags)",
		   oc->name, diff, n, cases[oc->ref].name, bytes, meta);
	if (first != UINT32_MAX)
		fprintf(stderr, "    first at #%u: len %u/%u ptype %#x/%#x flags %#" PRIx64 "/%#" PRIx64 "\n",
			first, a[first].len, b[first].len, a[first].ptype,
			b[first].ptype, a[first].flags, b[first].flags);
}

static void
run_case(unsigned int ci)
{
	const struct ocase *oc = &cases[ci];
	struct dwmac4_model_stats ms;
	struct rte_mempool *mp;
	struct rte_eth_conf conf;
	struct rte_eth_stats st;
	struct rx_ctx c = { digests[ci], 0 };
	char dev[32], pool[32];
	unsigned int base;
	int port;

	if (pmd_harness_ablation_left_out(oc->args))
		return;
	harness_seed = oc->ppm != 0 ? SEED_WO : 0;
	snprintf(dev, sizeof(dev), "net_stmmac_uio%u", ci);
	port = pmd_harness_port(dev);
	CHECK(port >= 0, "%s probed", dev);
	if (port < 0)
		return;
	snprintf(pool, sizeof(pool), "ord_pool%u", ci);
	mp = eal_harness_pool(pool, 4096, oc->scatter ?
			      RTE_PKTMBUF_HEADROOM + 512 :
			      RTE_MBUF_DEFAULT_BUF_SIZE);
	base = rte_mempool_in_use_count(mp);
	memset(&conf, 0, sizeof(conf));
	if (oc->scatter)
		conf.rxmode.offloads = RTE_ETH_RX_OFFLOAD_SCATTER;
	if (pmd_harness_port_start((uint16_t)port, mp, 512, &conf) != 0) {
		CHECK(0, "%s: start", oc->name);
		rte_mempool_free(mp);
		return;
	}
	pmd_harness_rx_until((uint16_t)port, NB_FRAMES, record, &c);
	if (oc->ref >= 0)
		compare(ci, RTE_MIN(c.n, (unsigned int)NB_FRAMES));
	CHECK(rte_eth_stats_get((uint16_t)port, &st) == 0, "stats");
	CHECK(rte_pmd_stmmac_uio_model_stats((uint16_t)port, &ms) == 0,
	      "model stats");
	CHECK_EQ_U(c.n, NB_FRAMES, "%s: every frame received", oc->name);
	CHECK_EQ_U(st.ipackets, NB_FRAMES, "%s: ipackets", oc->name);
	CHECK_EQ_U(st.ierrors + st.imissed, 0, "%s: nothing dropped", oc->name);
	CHECK_EQ_U(ms.rx_offered, NB_FRAMES, "%s: model rx_offered", oc->name);
	if (oc->ppm == 0) {
		CHECK_EQ_U(ms.rx_fault_wo + ms.rx_wo_barriers, 0,
			   "%s: adversary off: no record, no barrier call",
			   oc->name);
	} else if (oc->ppm == 1000000) {
		CHECK_EQ_U(ms.rx_fault_wo, NB_FRAMES,
			   "%s: the adversary held back every frame", oc->name);
	} else {
		CHECK(ms.rx_fault_wo > 0 && ms.rx_fault_wo < NB_FRAMES,
		      "%s: the adversary held back some frames: %" PRIu64,
		      oc->name, ms.rx_fault_wo);
	}
	CHECK_EQ_U(ms.rx_wo_published, ms.rx_fault_wo,
		   ROW13 " (%s): held-back writes published by the driver's barrier (%" PRIu64 " of %" PRIu64 ")",
		   oc->name, ms.rx_wo_published, ms.rx_fault_wo);
	CHECK_EQ_U(ms.rx_wo_stale, 0,
		   ROW13 " (%s): descriptors consumed and re-armed with no barrier after their OWN check",
		   oc->name);
	CHECK(oc->ppm == 0 || ms.rx_wo_barriers > 0,
	      "%s: the driver called its barrier hook", oc->name);
	PMD_HARNESS_CHECK_NO_VIOLATION((uint16_t)port);
	CHECK(rte_eth_dev_stop((uint16_t)port) == 0, "%s: stop", oc->name);
	CHECK(rte_pmd_stmmac_uio_model_stats((uint16_t)port, &ms) == 0,
	      "model stats");
	CHECK_EQ_U(ms.rx_wo_drained, 0,
		   "%s: nothing left pending at stop (every frame harvested)",
		   oc->name);
	CHECK_EQ_U(rte_mempool_in_use_count(mp), base,
		   "%s: pool back at its baseline after stop", oc->name);
	CHECK(rte_eth_dev_close((uint16_t)port) == 0, "%s: close", oc->name);
	rte_mempool_free(mp);
	printf("%-32s %u frames, held back %" PRIu64 ", published %" PRIu64
	       ", barriers %" PRIu64 "\n", oc->name, c.n, ms.rx_fault_wo,
	       ms.rx_wo_published, ms.rx_wo_barriers);
}

int
main(int argc, char **argv)
{
	static char args[NB_CASES][256];
	const char *vdevs[NB_CASES + 1];
	unsigned int i, n = 0;

	(void)argc;
	printf("fault_seed %" PRIu64 "\n", (uint64_t)SEED_WO);
	test_adversary_control();
	for (i = 0; i < NB_CASES; i++) {
		snprintf(args[i], sizeof(args[i]), "net_stmmac_uio%u%s,%s", i,
			 COMMON_ARGS, cases[i].args);
		if (pmd_harness_ablation_built() ||
		    !pmd_harness_ablation_args(args[i]))
			vdevs[n++] = args[i];
	}
	vdevs[n] = NULL;
	pmd_harness_eal_init(argv[0], vdevs);
	for (i = 0; i < NB_CASES; i++)
		run_case(i);
	rte_eal_cleanup();
	return harness_result("pmd_ordering");
}
