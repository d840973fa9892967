/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The golden verdict corpus (tests/data/verdict_corpus.pcap, expectations
 * in verdict_expected.txt) replayed through the family's PMD
 * (pmd_family.h) with rx_pcap=,
 * in every checksum mode and buffer mode. For each delivered frame:
 * bytes identical to the capture, packet_type as expected, and the
 * RTE_MBUF_F_RX_{IP,L4}_CKSUM_* flags:
 *  - csum=sw and csum=auto (coe on or off), any copybreak, zerocopy=0:
 *    exactly the expected (software) flags;
 *  - csum=hw: never contradicts the expectation (GOOD where BAD is
 *    expected or the reverse), and equals it on plain TCP/UDP over
 *    untagged IPv4/IPv6 without options or extension headers, where the
 *    model's checksum engine answers (not when the datagram runs past the
 *    frame or the UDP length is below the IP payload: the engine's range
 *    is not ours there, lib/rxpath says UNKNOWN; nor where the family's
 *    device is silent, hw_silent());
 *  - csum=off: no checksum flags, packet_type still set.
 * Accounting: the model skips records it cannot replay (0 bytes, longer
 * than its 16 KiB frame buffer); of the frames it offers, those shorter
 * than an Ethernet header are dropped and counted in ierrors (row 20),
 * every other one is delivered: ipackets + ierrors == offered.
 *
 * Usage: test_pmd_verdict DATA_DIR
 */
#include <rte_ethdev.h>
#include <rte_mbuf.h>

#include "pmd_corpus.h"
#include "pmd_harness.h"


struct variant {
	const char *args;
	enum { V_EXACT, V_HW, V_OFF } kind;
	int copybreak;		/* frames copied: <= this; -1: all (zerocopy=0) */
};

static const struct variant variants[] = {
	{ "csum=sw", V_EXACT, 256 },
	{ "csum=hw,coe=1", V_HW, 256 },
	{ "csum=auto", V_EXACT, 256 },
	{ "csum=auto,coe=0", V_EXACT, 256 },
	{ "csum=auto,copybreak=0", V_EXACT, 0 },
	{ "csum=auto,copybreak=2048", V_EXACT, 2048 },
	{ "csum=sw,copybreak=2048", V_EXACT, 2048 },
	{ "csum=sw,copybreak=0", V_EXACT, 0 },
	{ "csum=auto,zerocopy=0", V_EXACT, -1 },
	{ "csum=auto,dma=noncoherent,prefetch=1", V_EXACT, 256 },
	{ "csum=off", V_OFF, 256 },
};
#define NB_VARIANTS RTE_DIM(variants)

static struct corpus corpus;

struct rx_ctx {
	const struct variant *v;
	unsigned int next;	/* corpus index of the next frame expected */
	unsigned int got;
	unsigned int bad_bytes, bad_ptype, bad_flags, contradict, bad_order;
	unsigned int not_listed;
	const uint32_t *ptypes;
	int nb_ptypes;
	uint64_t expect_l4_bad;
};

/* The PMD delivers a capture record iff the model offers it and it is >= 14 bytes. */
static int
delivered(const struct corpus_frame *f)
{
	return f->len >= 14 && f->len <= pmd_family()->model_max_frame;
}

static int
offered(const struct corpus_frame *f)
{
	return f->len >= 1 && f->len <= pmd_family()->model_max_frame;
}

/* Plain TCP/UDP over untagged IPv4 (IHL 5) or IPv6 without extensions. */
static int
plain(uint32_t ptype)
{
	uint32_t l3 = ptype & RTE_PTYPE_L3_MASK, l4 = ptype & RTE_PTYPE_L4_MASK;

	return (ptype & RTE_PTYPE_L2_MASK) == RTE_PTYPE_L2_ETHER &&
	       (l3 == RTE_PTYPE_L3_IPV4 || l3 == RTE_PTYPE_L3_IPV6) &&
	       (l4 == RTE_PTYPE_L4_TCP || l4 == RTE_PTYPE_L4_UDP);
}

static uint32_t
be16(const uint8_t *p)
{
	return (uint32_t)p[0] << 8 | p[1];
}

/*
 * Whether the checksum engine's ranges differ from the software rule's on
 * a plain frame, so that the hardware rightly gives no answer: the IP
 * datagram runs past the frame (IPHE then flags the length), or the UDP
 * length is shorter than the IP payload (the engine sums the payload).
 */
static int
engine_range_differs(const struct corpus_frame *f)
{
	const uint8_t *ip = f->data + 14;
	uint32_t l3 = f->ptype & RTE_PTYPE_L3_MASK, hl, plen;

	if (l3 == RTE_PTYPE_L3_IPV4) {
		hl = 20;
		plen = be16(ip + 2) - hl;
	} else {
		hl = 40;
		plen = be16(ip + 4);
	}
	if (14 + hl + plen > f->len)
		return 1;
	return (f->ptype & RTE_PTYPE_L4_MASK) == RTE_PTYPE_L4_UDP &&
	       be16(ip + hl + 4) < plen;
}

/*
 * Where this family's device gives no L4 answer on a plain frame, so that
 * csum=hw rightly says UNKNOWN: a device that reports "good" or nothing,
 * on a bad L4 checksum; one that stops at a bad IPv4 header, behind it.
 */
static int
hw_silent(const struct corpus_frame *f, char gi, char gl)
{
	const struct pmd_family *fam = pmd_family();

	return gl == 'U' && gi == f->ip &&
	       ((!fam->hw_l4_bad && f->l4 == 'B') ||
		(!fam->hw_l4_behind_bad_ip && f->ip == 'B'));
}

static int
listed(const struct rx_ctx *c, uint32_t v)
{
	int i;

	if (v == 0)
		return 1;
	for (i = 0; i < c->nb_ptypes; i++)
		if (c->ptypes[i] == v)
			return 1;
	return 0;
}

static void
check_one(struct rte_mbuf *m, void *arg)
{
	struct rx_ctx *c = arg;
	const struct corpus_frame *f;
	uint64_t want, got = m->ol_flags & CORPUS_CKSUM_MASK;
	uint8_t buf[2048];
	const uint8_t *d;

	while (c->next < corpus.n && !delivered(&corpus.f[c->next]))
		c->next++;
	if (c->next >= corpus.n) {
		c->bad_order++;
		return;
	}
	f = &corpus.f[c->next++];
	c->got++;
	d = m->pkt_len <= sizeof(buf) ?
	    rte_pktmbuf_read(m, 0, m->pkt_len, buf) : NULL;
	if (m->pkt_len != f->len || d == NULL || memcmp(d, f->data, f->len) != 0) {
		c->bad_bytes++;
		fprintf(stderr, "%s: #%u %s: %u bytes delivered, %u in the capture or content differs\n",
			c->v->args, c->next - 1, f->name, m->pkt_len, f->len);
		return;
	}
	if (m->packet_type != f->ptype) {
		c->bad_ptype++;
		fprintf(stderr, "%s: #%u %s: ptype %#x, expected %#x\n",
			c->v->args, c->next - 1, f->name, m->packet_type, f->ptype);
	}
	c->not_listed += !listed(c, m->packet_type & RTE_PTYPE_L2_MASK) +
			 !listed(c, m->packet_type & RTE_PTYPE_L3_MASK) +
			 !listed(c, m->packet_type & RTE_PTYPE_L4_MASK);
	want = corpus_flags(f->ip, f->l4);
	c->expect_l4_bad += f->l4 == 'B';
	switch (c->v->kind) {
	case V_EXACT:
		if (got != want) {
			c->bad_flags++;
			fprintf(stderr, "%s: #%u %s: IP %c L4 %c, expected IP %c L4 %c\n",
				c->v->args, c->next - 1, f->name,
				corpus_ip_char(got), corpus_l4_char(got), f->ip, f->l4);
		}
		break;
	case V_HW: {
		char gi = corpus_ip_char(got), gl = corpus_l4_char(got);

		if ((gi == 'G' && f->ip == 'B') || (gi == 'B' && f->ip == 'G') ||
		    (gl == 'G' && f->l4 == 'B') || (gl == 'B' && f->l4 == 'G') ||
		    gi == '?' || gl == '?') {
			c->contradict++;
			fprintf(stderr, "%s: #%u %s: IP %c L4 %c contradicts IP %c L4 %c\n",
				c->v->args, c->next - 1, f->name, gi, gl, f->ip, f->l4);
		} else if (plain(f->ptype) && !engine_range_differs(f) &&
			   got != want && !hw_silent(f, gi, gl)) {
			c->bad_flags++;
			fprintf(stderr, "%s: #%u %s (plain): IP %c L4 %c, expected IP %c L4 %c\n",
				c->v->args, c->next - 1, f->name, gi, gl, f->ip, f->l4);
		}
		break;
	}
	case V_OFF:
		if (got != 0)
			c->bad_flags++;
		break;
	}
}

static void
run_variant(unsigned int vi, struct rte_mempool *mp)
{
	const struct variant *v = &variants[vi];
	char name[32];
	struct rx_ctx c;
	struct rte_eth_stats st;
	struct rte_eth_dev_info info;
	struct pmd_model_stats ms;
	uint32_t ptypes[64];
	unsigned int i, n_deliv = 0, n_offer = 0, n_cb = 0, base;
	uint64_t cb_bytes = 0, vsum;
	int port;

	if (pmd_harness_ablation_left_out(v->args))
		return;
	pmd_vdev(name, sizeof(name), vi);
	port = pmd_harness_port(name);
	CHECK(port >= 0, "%s probed", name);
	if (port < 0)
		return;
	for (i = 0; i < corpus.n; i++) {
		n_deliv += delivered(&corpus.f[i]);
		n_offer += offered(&corpus.f[i]);
		if (delivered(&corpus.f[i]) &&
		    (v->copybreak < 0 || corpus.f[i].len <= (unsigned int)v->copybreak)) {
			n_cb++;
			cb_bytes += corpus.f[i].len;
		}
	}
	memset(&c, 0, sizeof(c));
	c.v = v;
	c.nb_ptypes = rte_eth_dev_get_supported_ptypes((uint16_t)port,
						      RTE_PTYPE_ALL_MASK,
						      ptypes, RTE_DIM(ptypes));
	c.ptypes = ptypes;
	CHECK(c.nb_ptypes > 0, "%s: supported ptypes", v->args);
	CHECK(rte_eth_dev_info_get((uint16_t)port, &info) == 0, "dev info");
	if (v->kind == V_OFF)
		CHECK_EQ_U(info.rx_offload_capa & RTE_ETH_RX_OFFLOAD_CHECKSUM, 0,
			   "%s: no checksum capability advertised", v->args);
	else
		CHECK_EQ_U(info.rx_offload_capa & RTE_ETH_RX_OFFLOAD_CHECKSUM,
			   RTE_ETH_RX_OFFLOAD_CHECKSUM,
			   "%s: checksum capabilities advertised", v->args);

	base = rte_mempool_in_use_count(mp);
	if (pmd_harness_port_start((uint16_t)port, mp, 256, NULL) != 0) {
		CHECK(0, "%s: start", v->args);
		return;
	}
	pmd_harness_rx_until((uint16_t)port, n_deliv, check_one, &c);
	CHECK(rte_eth_stats_get((uint16_t)port, &st) == 0, "stats");
	ms = pmd_harness_model((uint16_t)port);
	CHECK_EQ_U(c.got, n_deliv, "%s: frames delivered", v->args);
	CHECK_EQ_U(c.bad_order, 0, "%s: no frame beyond the corpus", v->args);
	CHECK_EQ_U(c.bad_bytes, 0, "%s: frames byte-identical, in order", v->args);
	CHECK_EQ_U(c.bad_ptype, 0, "%s: packet_type as expected", v->args);
	CHECK_EQ_U(c.not_listed, 0, "%s: every ptype part in the supported list",
		   v->args);
	CHECK_EQ_U(c.bad_flags, 0, "%s: checksum flags as expected", v->args);
	CHECK_EQ_U(c.contradict, 0, "%s: no flag contradicts the expectation",
		   v->args);
	CHECK_EQ_U(ms.rx_offered, n_offer, "%s: model offered", v->args);
	CHECK_EQ_U(st.ipackets + st.ierrors, ms.rx_offered,
		   "%s: ipackets %" PRIu64 " + ierrors %" PRIu64 " = offered",
		   v->args, st.ipackets, st.ierrors);
	CHECK_EQ_U(st.ierrors, pmd_harness_xstat((uint16_t)port, "rx_q0_runts"),
		   "%s: the only errors are runts", v->args);
	CHECK_EQ_U(st.imissed, 0, "%s: nothing missed", v->args);
	vsum = pmd_harness_xstat((uint16_t)port, "rx_q0_l4_good") +
	       pmd_harness_xstat((uint16_t)port, "rx_q0_l4_bad") +
	       pmd_harness_xstat((uint16_t)port, "rx_q0_l4_unknown");
	CHECK_EQ_U(vsum, st.ipackets, "%s: L4 verdict counters add up", v->args);
	vsum = pmd_harness_xstat((uint16_t)port, "rx_q0_ip_good") +
	       pmd_harness_xstat((uint16_t)port, "rx_q0_ip_bad") +
	       pmd_harness_xstat((uint16_t)port, "rx_q0_ip_unknown");
	CHECK_EQ_U(vsum, st.ipackets, "%s: IP verdict counters add up", v->args);
	if (v->kind == V_EXACT)
		CHECK_EQ_U(pmd_harness_xstat((uint16_t)port, "rx_q0_l4_bad"), c.expect_l4_bad,
			   "%s: rx_q0_l4_bad", v->args);
	if (v->copybreak >= 0) {
		CHECK_EQ_U(pmd_harness_xstat((uint16_t)port, "rx_q0_copybreak_frames"), n_cb,
			   "%s: copybreak frames", v->args);
		CHECK_EQ_U(pmd_harness_xstat((uint16_t)port, "rx_q0_copybreak_bytes"), cb_bytes,
			   "%s: copybreak bytes", v->args);
	} else {
		CHECK_EQ_U(pmd_harness_xstat((uint16_t)port, "rx_q0_copy_frames"), n_cb,
			   "%s: frames copied (zerocopy=0)", v->args);
	}
	PMD_HARNESS_CHECK_NO_VIOLATION((uint16_t)port);
	CHECK(rte_eth_dev_stop((uint16_t)port) == 0, "%s: stop", v->args);
	CHECK_EQ_U(rte_mempool_in_use_count(mp), base,
		   "%s: mempool back to its baseline", v->args);
	CHECK_EQ_U(pmd_harness_xstat((uint16_t)port, "rx_q0_pool_leaked"), 0,
		   "%s: page pool in flight 0 after stop", v->args);
	CHECK(rte_eth_dev_close((uint16_t)port) == 0, "%s: close", v->args);
	printf("%-40s delivered %u, runts %" PRIu64 ", copied %u\n", v->args,
	       c.got, st.ierrors, n_cb);
}

int
main(int argc, char **argv)
{
	static char args[NB_VARIANTS][512];
	const char *vdevs[NB_VARIANTS + 1];
	char pcap[400], exp[400];
	struct rte_mempool *mp;
	unsigned int i, n = 0;

	if (argc != 2) {
		fprintf(stderr, "usage: %s DATA_DIR\n", argv[0]);
		return 1;
	}
	snprintf(pcap, sizeof(pcap), "%s/verdict_corpus.pcap", argv[1]);
	snprintf(exp, sizeof(exp), "%s/verdict_expected.txt", argv[1]);
	if (corpus_read_pcap(pcap, &corpus) != 0 || corpus.n == 0 ||
	    corpus_read_expected(exp, &corpus) != 0) {
		fprintf(stderr, "cannot read %s / %s\n", pcap, exp);
		return 1;
	}
	for (i = 0; i < NB_VARIANTS; i++) {
		snprintf(args[i], sizeof(args[i]), "%s%u,rx_pcap=%s,%s",
			 pmd_family()->vdev, i, pcap, variants[i].args);
		if (pmd_harness_ablation_built() ||
		    !pmd_harness_ablation_args(args[i]))
			vdevs[n++] = args[i];
	}
	vdevs[n] = NULL;
	pmd_harness_eal_init(argv[0], vdevs);
	mp = eal_harness_pool("verdict", 2048, RTE_MBUF_DEFAULT_BUF_SIZE);
	if (mp == NULL)
		return 1;
	for (i = 0; i < NB_VARIANTS; i++)
		run_variant(i, mp);
	rte_mempool_free(mp);
	corpus_free(&corpus);
	rte_eal_cleanup();
	return harness_result("test_pmd_verdict");
}
