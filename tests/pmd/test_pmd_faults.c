/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Device faults injected by the model (fault_* devargs, docs/design/
 * robustness.md "Fault knobs") through the family's PMD (pmd_family.h),
 * whose models take the same three knobs. 20000 generated
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
 *      so the lies show up there, at most one changed frame per lie; without
 *      lies csum=hw agrees with csum=sw, but for UNKNOWN where the family's
 *      device says nothing of a bad L4 checksum.
 *  (d) where the family's device counts completed descriptors (NETA's
 *      RXQ_STATUS), the count running ahead of the write-back
 *      (fault_wb_late_ppm): nothing lost or reordered, and the model saw
 *      no descriptor returned before its write-back landed (a violation).
 * Every port ends with its pool back at the baseline after stop and no
 * driver protocol violation (an injected fault is device behaviour).
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
#define SEED_WB		1732050807

#define STR_(x) #x
#define STR(x) STR_(x)
#define GEN "flow_ctrl=1,gen_pkts=" STR(F_PKTS) ",gen_len=60-1514"
#define GEN_CSUM GEN ",gen_bad_l4=100"

/* The ports: instances 0..5 of the family's vdev. */
enum { I_ERR, I_LEN, I_SW_REF, I_SW_LIE, I_HW_REF, I_HW_LIE, I_WB, NB_DEVS };
static char dev_names[NB_DEVS][32];
#define DEV_ERR		dev_names[I_ERR]
#define DEV_LEN		dev_names[I_LEN]
#define DEV_SW_REF	dev_names[I_SW_REF]
#define DEV_SW_LIE	dev_names[I_SW_LIE]
#define DEV_HW_REF	dev_names[I_HW_REF]
#define DEV_HW_LIE	dev_names[I_HW_LIE]
#define DEV_WB		dev_names[I_WB]

#define CSUM_MASK (RTE_MBUF_F_RX_IP_CKSUM_MASK | RTE_MBUF_F_RX_L4_CKSUM_MASK)

struct rx_rec {
	uint64_t n;		/* frames received */
	uint64_t bad_len;	/* pkt_len outside [14, F_MAXLEN] */
	uint64_t bad_seg;	/* data_len 0, > buffer, != pkt_len, segs != 1 */
	uint64_t l4_bad;	/* frames flagged L4 BAD */
	uint64_t flags[F_PKTS];	/* checksum flags, in order */
	uint32_t ptype[F_PKTS];
};

static struct rx_rec recs[7];

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
	 struct rte_eth_stats *es, struct pmd_model_stats *ms)
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
	CHECK(pmd_family()->model_stats((uint16_t)port, ms) == 0,
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

/* (a) Descriptor errors, robustness rows 1-2. */
static void
test_err(void)
{
	struct rte_eth_stats es;
	struct pmd_model_stats ms;

	if (run_port(DEV_ERR, SEED_ERR, &recs[0], &es, &ms) != 0)
		return;
	CHECK(ms.rx_fault_err > 0, "errors were injected");
	/* Flow control on, good traffic: no frame is dropped otherwise. */
	CHECK(es.ierrors >= ms.rx_fault_err,
	      "ierrors %" PRIu64 " >= injected errors %" PRIu64,
	      es.ierrors, ms.rx_fault_err);
}

/* (b) Length lies, robustness rows 9 and 11. */
static void
test_len(void)
{
	struct rte_eth_stats es;
	struct pmd_model_stats ms;

	if (run_port(DEV_LEN, SEED_LEN, &recs[1], &es, &ms) != 0)
		return;
	CHECK(ms.rx_fault_len > 0, "length lies were injected");
	/* Every lie is 0, <= 4 (runt) or past the buffer: all dropped. */
	CHECK(es.ierrors >= ms.rx_fault_len,
	      "ierrors %" PRIu64 " >= length lies %" PRIu64,
	      es.ierrors, ms.rx_fault_len);
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

/*
 * Frames whose flags differ between csum=sw (@p sw) and csum=hw (@p hw)
 * without lies: none, but where the family's device says nothing of a
 * bad L4 checksum (hw then UNKNOWN where sw finds BAD).
 */
static uint64_t
diff_count_sw_hw(const struct rx_rec *sw, const struct rx_rec *hw)
{
	uint64_t i, n = RTE_MIN(RTE_MIN(sw->n, hw->n), (uint64_t)F_PKTS), d = 0;
	uint64_t l4 = RTE_MBUF_F_RX_L4_CKSUM_MASK;

	for (i = 0; i < n; i++) {
		uint64_t a = sw->flags[i], b = hw->flags[i];

		if (!pmd_family()->hw_l4_bad &&
		    (a & l4) == RTE_MBUF_F_RX_L4_CKSUM_BAD &&
		    (b & l4) == RTE_MBUF_F_RX_L4_CKSUM_UNKNOWN)
			b = (b & ~l4) | RTE_MBUF_F_RX_L4_CKSUM_BAD;
		if (a != b || sw->ptype[i] != hw->ptype[i])
			d++;
	}
	return d;
}

/* (c) Lying checksum verdicts: software ignores them, hardware trusts. */
static void
test_csum_lie(void)
{
	struct rte_eth_stats es;
	struct pmd_model_stats ms;
	uint64_t lies_sw = 0, lies_hw = 0, d;

	if (run_port(DEV_SW_REF, 0, &recs[2], &es, &ms) != 0 ||
	    run_port(DEV_SW_LIE, SEED_CSUM, &recs[3], &es, &ms) != 0)
		return;
	lies_sw = ms.rx_fault_csum_lie;
	harness_seed = SEED_CSUM;
	CHECK(lies_sw > 0, "csum=sw: checksum lies were injected");
	CHECK(recs[2].l4_bad > 0, "gen_bad_l4=100 gives L4 BAD frames");
	CHECK_EQ_U(recs[2].n, recs[3].n, "csum=sw: same frame count");
	d = diff_count(&recs[2], &recs[3]);
	CHECK_EQ_U(d, 0, "csum=sw: frames whose flags follow the device's lie");

	if (run_port(DEV_HW_REF, 0, &recs[4], &es, &ms) != 0 ||
	    run_port(DEV_HW_LIE, SEED_CSUM, &recs[5], &es, &ms) != 0)
		return;
	lies_hw = ms.rx_fault_csum_lie;
	harness_seed = SEED_CSUM;
	CHECK_EQ_U(recs[4].n, recs[5].n, "csum=hw: same frame count");
	/* Without lies, hw and sw agree on the generator's truth. */
	CHECK_EQ_U(diff_count_sw_hw(&recs[2], &recs[4]), 0,
		   "csum=hw without lies matches csum=sw");
	d = diff_count(&recs[4], &recs[5]);
	CHECK(d > 0 && d <= lies_hw,
	      "csum=hw trusts the device: %" PRIu64 " changed frames for %"
	      PRIu64 " lies", d, lies_hw);
	printf("csum lies: sw %" PRIu64 " (0 visible), hw %" PRIu64
	       " (%" PRIu64 " visible)\n", lies_sw, lies_hw, d);
}

/* (d) The completion count ahead of the write-back. */
static void
test_wb_late(void)
{
	struct rte_eth_stats es;
	struct pmd_model_stats ms;
	uint64_t i, same = 0;

	if (pmd_family()->wb_late_knob == NULL) {
		printf("(d) %s: no count-ahead knob (test_pmd_ordering covers the ordering)\n",
		       pmd_family()->name);
		return;
	}
	if (run_port(DEV_WB, SEED_WB, &recs[6], &es, &ms) != 0)
		return;
	CHECK(ms.rx_fault_wb_late > 0, "write-backs were held back");
	CHECK_EQ_U(es.ierrors + es.imissed, 0, "count ahead: nothing dropped");
	/* Same flags and types, in the same order, as the reference port. */
	for (i = 0; i < RTE_MIN(recs[6].n, recs[2].n) && i < F_PKTS; i++)
		same += recs[6].ptype[i] == recs[2].ptype[i];
	CHECK_EQ_U(same, recs[2].n, "count ahead: every frame in order");
}

int
main(int argc, char **argv)
{
	static const char *const args[NB_DEVS] = {
		"," GEN ",fault_err_ppm=50000,fault_seed=" STR(SEED_ERR),
		"," GEN ",fault_len_ppm=50000,fault_seed=" STR(SEED_LEN),
		"," GEN_CSUM ",csum=sw",
		"," GEN_CSUM ",csum=sw,fault_csum_lie_ppm=50000,"
			"fault_seed=" STR(SEED_CSUM),
		"," GEN_CSUM ",csum=hw",
		"," GEN_CSUM ",csum=hw,fault_csum_lie_ppm=50000,"
			"fault_seed=" STR(SEED_CSUM),
		"," GEN_CSUM ",csum=sw,fault_seed=" STR(SEED_WB),
	};
	static char vdev_args[NB_DEVS][256];
	const char *vdevs[NB_DEVS + 1];
	unsigned int i;

	(void)argc;
	for (i = 0; i < NB_DEVS; i++) {
		pmd_vdev(dev_names[i], sizeof(dev_names[i]), i);
		snprintf(vdev_args[i], sizeof(vdev_args[i]), "%s%s%s%s",
			 dev_names[i], args[i],
			 i == I_WB && pmd_family()->wb_late_knob != NULL ? "," : "",
			 i == I_WB && pmd_family()->wb_late_knob != NULL ?
			 pmd_family()->wb_late_knob : "");
		if (i == I_WB && pmd_family()->wb_late_knob != NULL)
			strcat(vdev_args[i], "=50000");
		vdevs[i] = vdev_args[i];
	}
	vdevs[NB_DEVS] = NULL;
	pmd_harness_eal_init(argv[0], vdevs);
	test_err();
	test_len();
	test_csum_lie();
	test_wb_late();
	rte_eal_cleanup();
	return harness_result("pmd_faults");
}
