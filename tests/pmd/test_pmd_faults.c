/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Device faults injected by the model (fault_* devargs, docs/design/
 * robustness.md "Fault knobs") through net_stmmac_uio. 20000 generated
 * frames of 60..1514 bytes per port, flow control on (no misses), fixed
 * seeds, printed with every failed check (the harness prints harness_seed,
 * set to the port's fault_seed):
 *  (a) fault_err_ppm: descriptor errors (rows 1-2) are dropped and counted:
 *      ipackets + ierrors + imissed == rx_offered, ierrors >= the errors
 *      injected, every frame handed up 14..1514 bytes in one segment;
 *  (b) fault_len_ppm: PL 0, <= 4 or past the buffer (rows 9, 11): same
 *      accounting, no 0-byte or over-long mbuf;
 *  (c) fault_csum_lie_ppm with gen_bad_l4: csum=sw ignores the device's
 *      verdict, so its flags are identical with and without the lie on two
 *      ports fed the same generator; csum=hw trusts the device (by design),
 *      so the lies show up there, at most one changed frame per lie.
 * Every port ends with its pool back at the baseline after stop and no
 * driver protocol violation (an injected fault is device behaviour).
 * One table of fault cases (cases[]): a new knob is one more row.
 */
#include "pmd_harness.h"

#define F_PKTS		20000
#define F_MAXLEN	1514u
#define F_POOL		4096u
#define F_RING		512u
#define F_BUF		(RTE_MBUF_DEFAULT_BUF_SIZE - RTE_PKTMBUF_HEADROOM)

#define SEED_ERR	1592653589
#define SEED_LEN	2718281828
#define SEED_CSUM	1414213562

#define STR_(x) #x
#define STR(x) STR_(x)
#define GEN "flow_ctrl=1,gen_pkts=" STR(F_PKTS) ",gen_len=60-1514"
#define GEN_CSUM GEN ",gen_bad_l4=100"

#define CSUM_MASK (RTE_MBUF_F_RX_IP_CKSUM_MASK | RTE_MBUF_F_RX_L4_CKSUM_MASK)

struct rx_rec {
	uint64_t n;		/* frames received */
	uint64_t bad_len;	/* pkt_len outside [14, F_MAXLEN] */
	uint64_t bad_seg;	/* data_len 0, > buffer, != pkt_len, segs != 1 */
	uint64_t l4_bad;	/* frames flagged L4 BAD */
	uint64_t flags[F_PKTS];	/* checksum flags, in order */
	uint32_t ptype[F_PKTS];
};

static void
record(struct rte_mbuf *m, void *arg)
{
	struct rx_rec *r = arg;

	if (m->pkt_len < RTE_ETHER_HDR_LEN || m->pkt_len > F_MAXLEN)
		r->bad_len++;
	if (m->data_len == 0 || m->data_len > F_BUF ||
	    m->data_len != m->pkt_len || m->nb_segs != 1)
		r->bad_seg++;
	if ((m->ol_flags & RTE_MBUF_F_RX_L4_CKSUM_MASK) ==
	    RTE_MBUF_F_RX_L4_CKSUM_BAD)
		r->l4_bad++;
	if (r->n < F_PKTS) {
		r->flags[r->n] = m->ol_flags & CSUM_MASK;
		r->ptype[r->n] = m->packet_type;
	}
	r->n++;
}

/*
 * Starts @p dev, receives until the model is idle, checks accounting,
 * lengths, pool baseline and violations, closes the port. Returns 0 when
 * the port could be run (the checks themselves go to the harness).
 */
static int
run_port(const char *dev, uint64_t seed, struct rx_rec *rec,
	 struct rte_eth_stats *es, struct dwmac4_model_stats *ms)
{
	char pname[32];
	struct rte_mempool *mp;
	unsigned int baseline;
	int port = pmd_harness_port(dev);
	uint64_t got;

	harness_seed = seed;
	CHECK(port >= 0, "%s probed", dev);
	if (port < 0)
		return -1;
	snprintf(pname, sizeof(pname), "fault_pool_%d", port);
	mp = eal_harness_pool(pname, F_POOL, RTE_MBUF_DEFAULT_BUF_SIZE);
	CHECK(mp != NULL, "%s pool", dev);
	if (mp == NULL)
		return -1;
	baseline = rte_mempool_in_use_count(mp);
	if (pmd_harness_port_start((uint16_t)port, mp, F_RING, NULL) != 0) {
		CHECK(0, "%s start", dev);
		rte_mempool_free(mp);
		return -1;
	}
	got = pmd_harness_rx_until((uint16_t)port, F_PKTS, record, rec);
	CHECK(rte_eth_stats_get((uint16_t)port, es) == 0, "%s stats", dev);
	CHECK(rte_pmd_stmmac_uio_model_stats((uint16_t)port, ms) == 0,
	      "%s model stats", dev);
	CHECK_EQ_U(got, rec->n, "%s: frames seen by the callback", dev);
	CHECK_EQ_U(es->ipackets, got, "%s: ipackets counts what we received",
		   dev);
	CHECK_EQ_U(ms->rx_offered, F_PKTS, "%s: model rx_offered", dev);
	CHECK_EQ_U(es->ipackets + es->ierrors + es->imissed, ms->rx_offered,
		   "%s: every offered frame accounted for (ipackets %" PRIu64
		   " ierrors %" PRIu64 " imissed %" PRIu64 ")", dev,
		   es->ipackets, es->ierrors, es->imissed);
	CHECK_EQ_U(rec->bad_len, 0, "%s: frames outside [14, %u] bytes", dev,
		   F_MAXLEN);
	CHECK_EQ_U(rec->bad_seg, 0, "%s: mbufs with data_len 0, > %u or chained",
		   dev, (unsigned int)F_BUF);
	CHECK(rte_eth_dev_stop((uint16_t)port) == 0, "%s stop", dev);
	CHECK_EQ_U(rte_mempool_in_use_count(mp), baseline,
		   "%s: every mbuf back in the pool after stop", dev);
	PMD_HARNESS_CHECK_NO_VIOLATION((uint16_t)port);
	CHECK(rte_eth_dev_close((uint16_t)port) == 0, "%s close", dev);
	CHECK_EQ_U(rte_mempool_in_use_count(mp), baseline,
		   "%s: pool baseline after close", dev);
	rte_mempool_free(mp);
	printf("%s seed %" PRIu64 ": offered %" PRIu64 " ipackets %" PRIu64
	       " ierrors %" PRIu64 " imissed %" PRIu64 " faults err %" PRIu64
	       " len %" PRIu64 " csum_lie %" PRIu64 "\n", dev, seed,
	       ms->rx_offered, es->ipackets, es->ierrors, es->imissed,
	       ms->rx_fault_err, ms->rx_fault_len, ms->rx_fault_csum_lie);
	return 0;
}

/* Frames whose checksum flags or ptype differ between two recordings. */
static uint64_t
diff_count(const struct rx_rec *a, const struct rx_rec *b)
{
	uint64_t i, n = RTE_MIN(RTE_MIN(a->n, b->n), (uint64_t)F_PKTS), d = 0;

	for (i = 0; i < n; i++)
		if (a->flags[i] != b->flags[i] || a->ptype[i] != b->ptype[i])
			d++;
	return d;
}

/* What a case's faults must do to what the application sees. */
enum fault_expect {
	/* No fault: the reference of other cases (and of @ref, if any). */
	FE_REFERENCE,
	/* Every injected fault drops its frame: ierrors >= injected. */
	FE_DROPPED,
	/* Lying verdicts ignored: flags identical to the reference's. */
	FE_LIES_IGNORED,
	/* Lying verdicts trusted: 0 < changed frames <= lies. */
	FE_LIES_TRUSTED,
};

/*
 * The fault cases, one port each, run in this order: the knob (devargs
 * after the generator's), its seed, the model counter of the faults it
 * injected, what they must do, and the earlier case it is compared with.
 */
struct fault_case {
	const char *name;
	const char *args;
	uint64_t seed;		/* fault_seed, 0: none given */
	size_t injected;	/* offset of the counter in dwmac4_model_stats */
	enum fault_expect expect;
	int ref;		/* index of the case compared with, -1: none */
};

#define INJ(f) offsetof(struct dwmac4_model_stats, f)

static const struct fault_case cases[] = {
	/* (a) Descriptor errors, robustness rows 1-2. */
	{ "descriptor errors", GEN ",fault_err_ppm=50000", SEED_ERR,
	  INJ(rx_fault_err), FE_DROPPED, -1 },
	/* (b) Length lies, rows 9 and 11: 0, <= 4 (runt) or past the buffer. */
	{ "length lies", GEN ",fault_len_ppm=50000", SEED_LEN,
	  INJ(rx_fault_len), FE_DROPPED, -1 },
	/* (c) Lying checksum verdicts: software ignores them, hardware trusts. */
	{ "csum=sw", GEN_CSUM ",csum=sw", 0, 0, FE_REFERENCE, -1 },
	{ "csum=sw lies", GEN_CSUM ",csum=sw,fault_csum_lie_ppm=50000", SEED_CSUM,
	  INJ(rx_fault_csum_lie), FE_LIES_IGNORED, 2 },
	{ "csum=hw", GEN_CSUM ",csum=hw", 0, 0, FE_REFERENCE, 2 },
	{ "csum=hw lies", GEN_CSUM ",csum=hw,fault_csum_lie_ppm=50000", SEED_CSUM,
	  INJ(rx_fault_csum_lie), FE_LIES_TRUSTED, 4 },
};

#define NB_CASES RTE_DIM(cases)

static struct rx_rec recs[NB_CASES];

static void
check_case(unsigned int i, const struct rte_eth_stats *es,
	   const struct dwmac4_model_stats *ms)
{
	const struct fault_case *c = &cases[i];
	const struct rx_rec *ref = c->ref >= 0 ? &recs[c->ref] : NULL;
	uint64_t inj = c->injected != 0 ?
		*(const uint64_t *)((const char *)ms + c->injected) : 0;
	uint64_t d = ref != NULL ? diff_count(ref, &recs[i]) : 0;

	switch (c->expect) {
	case FE_REFERENCE:
		CHECK(recs[i].l4_bad > 0 || strstr(c->args, "gen_bad_l4") == NULL,
		      "%s: gen_bad_l4=100 gives L4 BAD frames", c->name);
		if (ref != NULL)
			CHECK_EQ_U(d, 0, "%s without faults matches %s", c->name,
				   cases[c->ref].name);
		break;
	case FE_DROPPED:
		CHECK(inj > 0, "%s: faults were injected", c->name);
		/* Flow control on, good traffic: no frame dropped otherwise. */
		CHECK(es->ierrors >= inj, "%s: ierrors %" PRIu64
		      " >= injected faults %" PRIu64, c->name, es->ierrors, inj);
		break;
	case FE_LIES_IGNORED:
		CHECK(inj > 0, "%s: checksum lies were injected", c->name);
		CHECK_EQ_U(ref->n, recs[i].n, "%s: same frame count", c->name);
		CHECK_EQ_U(d, 0, "%s: frames whose flags follow the device's lie",
			   c->name);
		break;
	case FE_LIES_TRUSTED:
		CHECK_EQ_U(ref->n, recs[i].n, "%s: same frame count", c->name);
		CHECK(d > 0 && d <= inj, "%s: the device is trusted: %" PRIu64
		      " changed frames for %" PRIu64 " lies", c->name, d, inj);
		break;
	}
	if (c->expect == FE_LIES_IGNORED || c->expect == FE_LIES_TRUSTED)
		printf("%s: %" PRIu64 " lies, %" PRIu64 " visible\n", c->name,
		       inj, d);
}

int
main(int argc, char **argv)
{
	static char args[NB_CASES][256];
	static char names[NB_CASES][32];
	const char *vdevs[NB_CASES + 1];
	bool ran[NB_CASES] = { false };
	struct dwmac4_model_stats ms;
	struct rte_eth_stats es;
	unsigned int i;

	(void)argc;
	for (i = 0; i < NB_CASES; i++) {
		snprintf(names[i], sizeof(names[i]), "net_stmmac_uio%u", i);
		if (cases[i].seed != 0)
			snprintf(args[i], sizeof(args[i]), "%s,%s,fault_seed=%" PRIu64,
				 names[i], cases[i].args, cases[i].seed);
		else
			snprintf(args[i], sizeof(args[i]), "%s,%s", names[i],
				 cases[i].args);
		vdevs[i] = args[i];
	}
	vdevs[NB_CASES] = NULL;
	pmd_harness_eal_init(argv[0], vdevs);
	for (i = 0; i < NB_CASES; i++) {
		int ref = cases[i].ref;

		/* A case compared with one that could not run is not run. */
		if (ref >= 0 && !ran[ref])
			continue;
		ran[i] = run_port(names[i], cases[i].seed, &recs[i], &es, &ms) == 0;
		if (ran[i])
			check_case(i, &es, &ms);
	}
	rte_eal_cleanup();
	return harness_result("pmd_faults");
}
