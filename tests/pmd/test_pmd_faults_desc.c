/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Descriptor-level device faults through net_stmmac_uio (fault_* devargs
 * and rte_pmd_stmmac_uio_model_set_faults(); docs/design/robustness.md
 * "Fault knobs"): PL going backwards (row 11), LD without FD (7, 11), a
 * first-without-last then a new first (7), frames of k * RBSZ + 4 with the
 * FCS alone in the last descriptor (10), engine stalls (8), a stale status
 * word on a re-armed descriptor and a skipped descriptor (12, completion
 * anomalies), payload corrupted after the checksum engine's verdict.
 *
 * Each case runs generated traffic (IPv4/UDP unless said, sequence
 * numbers in the payload) with one knob at 5 % and a fixed seed (printed
 * with every failed check), on a port of its own (rte_vdev_init), in
 * several configurations (scatter on/off, ring 64/512, 512- or 2048-byte
 * buffers, crc_strip=sw, KEEP_CRC). After EVERY burst (of 1, 3, 7, 16 or
 * 32 frames) the invariants of pmd_invariants.h are checked; at the end,
 * the accounting and the exact numbers the schedule makes computable:
 * ierrors equals the faults the driver must drop, the frames handed up are
 * in order with no duplicate (none missing unless dropped), detail xstats.
 * SOCRX_FAULTS_ONLY=<part of a case name> runs the matching cases only.
 */
#include <rte_bus_vdev.h>

#include "pmd_invariants.h"

#define STR_(x) #x
#define STR(x) STR_(x)

#define PKTS		4000
#define POOL_N		4096u
#define ROOM_SMALL	512u	/* data room after headroom: RBSZ 512 */
#define ROOM_BIG	(RTE_MBUF_DEFAULT_BUF_SIZE - RTE_PKTMBUF_HEADROOM)
#define PPM5		"50000"
/* Empty polls after the model went idle before giving up on a frame. */
#define DRAIN_POLLS	2000000u
/* Payload offset of the generator's sequence number (IPv4/UDP). */
#define SEQ_OFF		42u

static struct rte_mempool *pool_small, *pool_big;
static unsigned int vdev_seq;

struct fres;

struct fcase {
	const char *name;
	const char *args;	/* knobs and generator, no fault_seed */
	uint64_t seed;
	uint16_t ring;
	bool scatter;
	bool small;		/* 512-byte buffers (else 2048) */
	bool keep_crc;
	bool seq;		/* IPv4/UDP: sequence numbers checkable */
	/* What the knob must do to what the application sees. */
	void (*check)(const struct fcase *c, const struct fres *r);
	/* Called once @p mid_at frames were received (NULL: none). */
	void (*mid)(uint16_t port);
	uint64_t mid_at;
};

struct fres {
	bool ok;
	struct rte_eth_stats es;
	struct dwmac4_model_stats ms;
	uint64_t frames, next_seq, seq_back, seq_missing;
	uint64_t l4_bad, l4_good, ip_bad;
	uint64_t tail_fcs;	/* frames whose FCS began in a buffer's last 4 bytes */
	uint64_t k_rbsz;	/* frames of a multiple of 512 bytes */
	uint64_t last_seg4;	/* chained frames whose last segment has 4 bytes */
	uint64_t bad_segs;	/* chained frames not cut at 512 */
	uint64_t x_truncated, x_length, x_scatter, x_oversize, x_runts;
	uint64_t x_empty_tail, x_stale, x_skipped, x_desc_err, x_missed_sat;
	uint64_t max_empty;
};

static void
record(const struct fcase *c, struct fres *r, struct rte_mbuf *m,
       uint64_t *next_seq)
{
	const uint32_t rbsz = ROOM_SMALL;
	uint8_t b[8];
	const uint8_t *p;
	const struct rte_mbuf *s;
	uint64_t seq = 0;
	unsigned int i;

	r->frames++;
	if ((m->ol_flags & RTE_MBUF_F_RX_L4_CKSUM_MASK) == RTE_MBUF_F_RX_L4_CKSUM_BAD)
		r->l4_bad++;
	if ((m->ol_flags & RTE_MBUF_F_RX_L4_CKSUM_MASK) == RTE_MBUF_F_RX_L4_CKSUM_GOOD)
		r->l4_good++;
	if ((m->ol_flags & RTE_MBUF_F_RX_IP_CKSUM_MASK) == RTE_MBUF_F_RX_IP_CKSUM_BAD)
		r->ip_bad++;
	if (c->small && c->scatter) {
		/* Segments cut at RBSZ, but where the FCS trim shortened one. */
		uint32_t wire = m->pkt_len + (c->keep_crc ? 0 : RTE_ETHER_CRC_LEN);

		if (!c->keep_crc && wire % rbsz >= 1 && wire % rbsz <= 4)
			r->tail_fcs++;
		if ((m->pkt_len - (c->keep_crc ? RTE_ETHER_CRC_LEN : 0)) % rbsz == 0)
			r->k_rbsz++;
		for (s = m; s != NULL; s = s->next) {
			if (s->next == NULL && s != m && s->data_len == 4)
				r->last_seg4++;
			if (s->next != NULL && s->data_len != rbsz &&
			    s->next->next != NULL)
				r->bad_segs++;
		}
	}
	if (!c->seq || m->pkt_len < SEQ_OFF + 8)
		return;
	p = rte_pktmbuf_read(m, SEQ_OFF, sizeof(b), b);
	if (p == NULL)
		return;
	for (i = 0; i < 8; i++)
		seq = seq << 8 | p[i];
	if (seq < *next_seq) {
		/* A duplicate, or out of order: never right. */
		if (r->seq_back++ == 0)
			fprintf(stderr, "%s: sequence %" PRIu64 " after %" PRIu64 "\n",
				c->name, seq, *next_seq - 1);
	} else {
		r->seq_missing += seq - *next_seq;
		*next_seq = seq + 1;
	}
}

/* Frames the device put on the ring: offered, plus fd_twice fragments. */
static bool
accounted(uint16_t port, struct rte_eth_stats *es, struct dwmac4_model_stats *ms)
{
	if (rte_eth_stats_get(port, es) != 0 ||
	    rte_pmd_stmmac_uio_model_stats(port, ms) != 0)
		return false;
	return es->ipackets + es->ierrors + es->imissed ==
	       ms->rx_offered + ms->rx_fault_fd_twice;
}

struct fport {
	char name[32];
	uint16_t port;
	struct rte_mempool *mp;
	unsigned int base;
};

/* Probes and starts the port of @p c; false (checked) on failure. */
static bool
port_up(const struct fcase *c, const char *args, struct fport *fp)
{
	struct rte_eth_conf conf;
	int ret, id;

	snprintf(fp->name, sizeof(fp->name), "net_stmmac_uio%u", vdev_seq++);
	ret = pmd_harness_vdev_init(fp->name, args);
	CHECK(ret == 0, "%s: probe %s: %d", c->name, args, ret);
	if (ret != 0)
		return false;
	id = pmd_harness_port(fp->name);
	CHECK(id >= 0, "%s: port", c->name);
	if (id < 0)
		return false;
	fp->port = (uint16_t)id;
	fp->mp = c->small ? pool_small : pool_big;
	/* What the last case's device wrote must all have been synced. */
	pmd_harness_app_writes_pool(fp->mp);
	fp->base = rte_mempool_in_use_count(fp->mp);
	memset(&conf, 0, sizeof(conf));
	if (c->scatter)
		conf.rxmode.offloads |= RTE_ETH_RX_OFFLOAD_SCATTER;
	if (c->keep_crc)
		conf.rxmode.offloads |= RTE_ETH_RX_OFFLOAD_KEEP_CRC;
	ret = rte_eth_dev_configure(fp->port, 1, 1, &conf);
	if (ret == 0)
		ret = rte_eth_rx_queue_setup(fp->port, 0, c->ring, SOCKET_ID_ANY,
					     NULL, fp->mp);
	if (ret == 0)
		ret = rte_eth_tx_queue_setup(fp->port, 0, c->ring, SOCKET_ID_ANY,
					     NULL);
	if (ret == 0)
		ret = rte_eth_dev_start(fp->port);
	if (ret == 0)
		ret = rte_eth_promiscuous_enable(fp->port);
	CHECK(ret == 0, "%s: start: %d", c->name, ret);
	return ret == 0;
}

static void
port_down(const struct fcase *c, struct fport *fp, struct pmd_inv *inv)
{
	CHECK(rte_eth_dev_stop(fp->port) == 0, "%s: stop", c->name);
	if (inv != NULL)
		pmd_inv_stopped(inv);
	CHECK(rte_eth_dev_close(fp->port) == 0, "%s: close", c->name);
	CHECK(rte_vdev_uninit(fp->name) == 0, "%s: vdev removed", c->name);
}

/*
 * Receives until every frame the device put on the ring is accounted for
 * (or DRAIN_POLLS empty polls after the model went idle), checking the
 * invariants after every burst. @p mid (may be NULL) runs once, after
 * @p mid_at frames.
 */
static void
receive(const struct fcase *c, struct fport *fp, struct pmd_inv *inv,
	struct fres *r, void (*mid)(uint16_t port), uint64_t mid_at)
{
	static const uint16_t sizes[] = { 1, 3, 32, 7, 16 };
	struct rte_mbuf *pkts[32];
	uint64_t polls, idle_polls = 0;
	uint16_t i, n, want;

	for (polls = 0; polls < PMD_HARNESS_MAX_POLLS; polls++) {
		want = sizes[polls % RTE_DIM(sizes)];
		n = rte_eth_rx_burst(fp->port, 0, pkts, want);
		pmd_inv_burst(inv, want, pkts, n);
		for (i = 0; i < n; i++) {
			record(c, r, pkts[i], &r->next_seq);
			rte_pktmbuf_free(pkts[i]);
		}
		if (mid != NULL && r->frames >= mid_at) {
			mid(fp->port);
			mid = NULL;
		}
		if (n != 0 || rte_pmd_stmmac_uio_model_rx_idle(fp->port) != 1)
			continue;
		if (accounted(fp->port, &r->es, &r->ms) ||
		    ++idle_polls > DRAIN_POLLS)
			break;
	}
	r->max_empty = inv->max_empty_run;
}

static uint64_t
xs(uint16_t port, const char *name)
{
	return pmd_harness_xstat(port, name);
}

/* One case: probe, receive, final checks, stop. @p extra_args may be "". */
static void
run_case(const struct fcase *c, struct fres *r, void (*mid)(uint16_t),
	 uint64_t mid_at)
{
	struct pmd_inv inv;
	struct fport fp;
	char args[512];

	memset(r, 0, sizeof(*r));
	harness_seed = c->seed;
	/* SOCRX_FAULTS_ONLY=<substring>: run the matching cases only. */
	if (getenv("SOCRX_FAULTS_ONLY") != NULL &&
	    strstr(c->name, getenv("SOCRX_FAULTS_ONLY")) == NULL)
		return;
	snprintf(args, sizeof(args), "%s,fault_seed=%" PRIu64, c->args, c->seed);
	if (!port_up(c, args, &fp))
		return;
	pmd_inv_init(&inv, fp.port, 0, fp.mp, fp.base);
	receive(c, &fp, &inv, r, mid, mid_at);
	accounted(fp.port, &r->es, &r->ms);
	/* Frames after the last one handed up are missing too. */
	if (c->seq && r->ms.rx_offered > r->next_seq)
		r->seq_missing += r->ms.rx_offered - r->next_seq;
	pmd_inv_final(&inv, r->ms.rx_fault_fd_twice);
	r->x_truncated = xs(fp.port, "rx_q0_truncated");
	r->x_length = xs(fp.port, "rx_q0_length_errors");
	r->x_scatter = xs(fp.port, "rx_q0_scatter_dropped");
	r->x_oversize = xs(fp.port, "rx_q0_oversize");
	r->x_runts = xs(fp.port, "rx_q0_runts");
	r->x_desc_err = xs(fp.port, "rx_q0_desc_errors");
	r->x_empty_tail = xs(fp.port, "rx_q0_empty_tail_segs");
	r->x_stale = xs(fp.port, "rx_q0_desc_stale");
	r->x_skipped = xs(fp.port, "rx_q0_desc_skipped");
	r->x_missed_sat = xs(fp.port, "rx_q0_missed_overflow");
	CHECK_EQ_U(r->es.ierrors, r->x_truncated + r->x_length + r->x_scatter +
		   r->x_oversize + r->x_runts + r->x_desc_err,
		   "%s: ierrors is the sum of the detail counters", c->name);
	port_down(c, &fp, &inv);
	r->ok = true;
	printf("%s seed %" PRIu64 ": offered %" PRIu64 " ipackets %" PRIu64
	       " ierrors %" PRIu64 " imissed %" PRIu64 " | injected cum_back %"
	       PRIu64 " ld_no_fd %" PRIu64 " fd_twice %" PRIu64 " fcs_only %"
	       PRIu64 " stall %" PRIu64 " dup %" PRIu64 " skip %" PRIu64
	       " corrupt %" PRIu64 " | stale %" PRIu64 " skipped %" PRIu64
	       " empty_tail %" PRIu64 " | longest empty run %" PRIu64 "\n",
	       c->name, c->seed, r->ms.rx_offered, r->es.ipackets, r->es.ierrors,
	       r->es.imissed, r->ms.rx_fault_cum_back, r->ms.rx_fault_ld_no_fd,
	       r->ms.rx_fault_fd_twice, r->ms.rx_fault_fcs_only,
	       r->ms.rx_fault_stall, r->ms.rx_fault_dup, r->ms.rx_fault_skip,
	       r->ms.rx_fault_corrupt, r->x_stale, r->x_skipped, r->x_empty_tail,
	       r->max_empty);
}

#define GEN	"flow_ctrl=1,gen_pkts=" STR(PKTS)
#define GEN_STD	GEN ",gen_len=60-1514"

/* ---- Row 11: cumulative length going backwards ---- */

static void
check_cum_back(const struct fcase *c, const struct fres *r)
{
	CHECK(r->ms.rx_fault_cum_back > 0, "%s: lies injected", c->name);
	CHECK_EQ_U(r->seq_back, 0, "%s: in order, no duplicate", c->name);
	if (c->scatter) {
		/* Each lie drops its frame, once, as a length error. */
		CHECK_EQ_U(r->es.ierrors, r->ms.rx_fault_cum_back,
			   "%s: ierrors == lies", c->name);
		CHECK_EQ_U(r->x_length, r->ms.rx_fault_cum_back,
			   "%s: length_errors == lies", c->name);
		CHECK_EQ_U(r->seq_missing, r->ms.rx_fault_cum_back,
			   "%s: exactly the lying frames missing", c->name);
	} else {
		/* A lie lands in a frame already dropped (scatter off). */
		CHECK_EQ_U(r->x_length, 0, "%s: no length error", c->name);
		CHECK_EQ_U(r->es.ierrors, r->x_scatter + r->x_oversize,
			   "%s: only the too long frames dropped", c->name);
		CHECK_EQ_U(r->seq_missing, r->es.ierrors,
			   "%s: missing == dropped", c->name);
	}
}

/* ---- Rows 7, 11: LD without FD ---- */

static void
check_ld_no_fd(const struct fcase *c, const struct fres *r)
{
	CHECK(r->ms.rx_fault_ld_no_fd > 0, "%s: injected", c->name);
	CHECK_EQ_U(r->es.ierrors, r->ms.rx_fault_ld_no_fd,
		   "%s: ierrors == frames without FD", c->name);
	CHECK_EQ_U(r->x_truncated, r->ms.rx_fault_ld_no_fd,
		   "%s: counted as truncated", c->name);
	CHECK_EQ_U(r->seq_missing, r->ms.rx_fault_ld_no_fd,
		   "%s: exactly those frames missing", c->name);
	CHECK_EQ_U(r->seq_back, 0, "%s: in order, no duplicate", c->name);
}

/* ---- Row 7: a first-without-last, then a new first ---- */

static void
check_fd_twice(const struct fcase *c, const struct fres *r)
{
	CHECK(r->ms.rx_fault_fd_twice > 0, "%s: injected", c->name);
	/* Every fragment dropped once; every frame delivered once. */
	CHECK_EQ_U(r->es.ierrors, r->ms.rx_fault_fd_twice,
		   "%s: ierrors == fragments", c->name);
	CHECK_EQ_U(r->es.ipackets, r->ms.rx_offered, "%s: every frame", c->name);
	CHECK_EQ_U(c->scatter ? r->x_truncated : r->x_scatter,
		   r->ms.rx_fault_fd_twice, "%s: detail counter", c->name);
	CHECK_EQ_U(r->seq_missing, 0, "%s: nothing missing", c->name);
	CHECK_EQ_U(r->seq_back, 0, "%s: in order, no duplicate", c->name);
}

/* ---- Row 10: the last descriptor holds only the FCS ---- */

static void
check_fcs_only(const struct fcase *c, const struct fres *r)
{
	bool sw = strstr(c->args, "crc_strip=sw") != NULL;


	CHECK_EQ_U(r->es.ierrors, 0, "%s: nothing dropped", c->name);
	CHECK_EQ_U(r->es.ipackets, r->ms.rx_offered, "%s: every frame", c->name);
	CHECK_EQ_U(r->seq_missing + r->seq_back, 0, "%s: in order, complete",
		   c->name);
	CHECK_EQ_U(r->bad_segs, 0, "%s: non-last segments hold 512 bytes",
		   c->name);
	if (strstr(c->args, "fault_fcs_only") != NULL) {
		CHECK(r->ms.rx_fault_fcs_only > 0, "%s: injected", c->name);
		CHECK(r->k_rbsz >= r->ms.rx_fault_fcs_only,
		      "%s: %" PRIu64 " frames of k * 512 bytes for %" PRIu64 " hits",
		      c->name, r->k_rbsz, r->ms.rx_fault_fcs_only);
	} else {
		CHECK(r->tail_fcs > 100, "%s: %" PRIu64 " FCS-only tails generated",
		      c->name, r->tail_fcs);
	}
	if (sw) {
		/* Exactly the frames whose FCS began in a buffer's last 4 bytes. */
		CHECK_EQ_U(r->x_empty_tail, r->tail_fcs,
			   "%s: FCS-only tail segments freed", c->name);
		CHECK(r->tail_fcs >= r->ms.rx_fault_fcs_only,
		      "%s: every hit has an FCS-only tail", c->name);
	} else {
		CHECK_EQ_U(r->x_empty_tail, 0, "%s: no software trim", c->name);
	}
	if (c->keep_crc)
		CHECK(r->last_seg4 >= r->ms.rx_fault_fcs_only,
		      "%s: hits end in a 4-byte FCS segment", c->name);
}

/* ---- Row 8 / stall knob: the device stops for a while ---- */

static void
check_stall(const struct fcase *c, const struct fres *r)
{
	bool fc = strstr(c->args, "flow_ctrl=1") != NULL;


	CHECK(r->ms.rx_fault_stall > 0, "%s: injected", c->name);
	CHECK_EQ_U(r->seq_back, 0, "%s: in order, no duplicate", c->name);
	if (fc) {
		CHECK_EQ_U(r->es.ierrors, 0, "%s: nothing dropped", c->name);
		CHECK_EQ_U(r->es.ipackets, r->ms.rx_offered, "%s: every frame",
			   c->name);
		CHECK_EQ_U(r->seq_missing, 0, "%s: nothing missing", c->name);
	} else {
		/*
		 * Missed, or cut short for lack of descriptors (OE):
		 * exactly counted, unless a read found a counter
		 * saturated, which is flagged (the device lost count).
		 */
		if (r->x_missed_sat == 0)
			CHECK_EQ_U(r->seq_missing, r->es.imissed + r->es.ierrors,
				   "%s: missing == imissed + ierrors", c->name);
		else
			CHECK(r->seq_missing > r->es.imissed + r->es.ierrors,
			      "%s: saturated: missing > imissed + ierrors",
			      c->name);
		CHECK_EQ_U(r->es.ierrors, r->x_desc_err,
			   "%s: only overflow errors", c->name);
	}
}

/* ---- Completion anomalies: stale duplicate, skipped descriptor ---- */

static void
check_dup_skip(const struct fcase *c, const struct fres *r)
{
	/* Nothing lost, nothing stale handed up, nothing dropped. */
	CHECK_EQ_U(r->es.ierrors, 0, "%s: nothing dropped", c->name);
	CHECK_EQ_U(r->es.ipackets, r->ms.rx_offered, "%s: every frame", c->name);
	CHECK_EQ_U(r->seq_missing, 0, "%s: nothing missing", c->name);
	CHECK_EQ_U(r->seq_back, 0, "%s: no stale or duplicate frame", c->name);
	if (strstr(c->args, "dup") != NULL) {
		CHECK(r->ms.rx_fault_dup > 0, "%s: injected", c->name);
		/*
		 * Each stale word is repaired when the driver reaches
		 * it; those of the last ring turn may never be reached.
		 */
		CHECK(r->x_stale <= r->ms.rx_fault_dup &&
		      r->x_stale + c->ring >= r->ms.rx_fault_dup && r->x_stale > 0,
		      "%s: %" PRIu64 " stale words repaired for %" PRIu64 " injected",
		      c->name, r->x_stale, r->ms.rx_fault_dup);
		CHECK_EQ_U(r->x_skipped, 0, "%s: no skip", c->name);
	} else {
		CHECK(r->ms.rx_fault_skip > 0, "%s: injected", c->name);
		CHECK_EQ_U(r->x_skipped, r->ms.rx_fault_skip,
			   "%s: every skipped descriptor reclaimed", c->name);
		CHECK_EQ_U(r->x_stale, 0, "%s: nothing stale", c->name);
	}
}

/* ---- Payload corrupted after the checksum engine's verdict ---- */

static void
check_corrupt(const struct fcase *c, const struct fres *r)
{
	CHECK(r->ms.rx_fault_corrupt > 0, "%s: injected", c->name);
	CHECK_EQ_U(r->es.ierrors, 0, "%s: a bad checksum never drops", c->name);
	CHECK_EQ_U(r->es.ipackets, r->ms.rx_offered, "%s: every frame", c->name);
	CHECK_EQ_U(r->ip_bad, 0, "%s: the IP header is intact", c->name);
	if (strstr(c->args, "csum=sw") != NULL) {
		/* Software validation catches exactly the flipped frames. */
		CHECK_EQ_U(r->l4_bad, r->ms.rx_fault_corrupt,
			   "%s: L4 BAD == corrupted frames", c->name);
		CHECK_EQ_U(r->l4_good + r->l4_bad, r->frames,
			   "%s: every other frame L4 GOOD", c->name);
	} else {
		/* By design: csum=hw reports the device's verdict. */
		CHECK_EQ_U(r->l4_bad, 0, "%s: unnoticed (hardware verdict)",
			   c->name);
		CHECK_EQ_U(r->l4_good, r->frames, "%s: all L4 GOOD", c->name);
	}
}

/* ---- Every knob at once: only the invariants and the accounting ---- */

static void
check_all_knobs(const struct fcase *c, const struct fres *r)
{
	CHECK(r->es.ierrors > 0 && r->ms.rx_fault_skip > 0 &&
	      r->ms.rx_fault_fd_twice > 0, "%s: faults injected", c->name);
	CHECK_EQ_U(r->seq_back, 0, "%s: in order, no duplicate", c->name);
	CHECK_EQ_U(r->x_skipped, r->ms.rx_fault_skip, "%s: skips reclaimed",
		   c->name);
}

/* ---- The per-queue C API, while the port runs ---- */

static struct dwmac4_model_faults api_faults;

static void
api_mid(uint16_t port)
{
	struct dwmac4_model_faults got;

	memset(&api_faults, 0, sizeof(api_faults));
	api_faults.seed = 1901;
	api_faults.ld_no_fd_ppm = 100000;
	api_faults.skip_ppm = 50000;
	CHECK_EQ_U(rte_pmd_stmmac_uio_model_set_faults(port, 0, &api_faults), 0,
		   "api: set faults while running");
	CHECK_EQ_U(rte_pmd_stmmac_uio_model_get_faults(port, 0, &got), 0,
		   "api: get faults");
	CHECK(memcmp(&got, &api_faults, sizeof(got)) == 0, "api: round trip");
}

static void
check_api(const struct fcase *c, const struct fres *r)
{
	RTE_SET_USED(c);
	CHECK(r->ms.rx_fault_ld_no_fd > 0 && r->ms.rx_fault_skip > 0,
	      "api: the knobs set at run time act");
	CHECK_EQ_U(r->es.ierrors, r->ms.rx_fault_ld_no_fd, "api: ierrors");
	CHECK_EQ_U(r->x_skipped, r->ms.rx_fault_skip, "api: skips reclaimed");
	/* Nothing before the knobs were set. */
	CHECK(r->seq_missing == r->ms.rx_fault_ld_no_fd, "api: missing frames");
}

/* Errors of the C API on a port that exists. */
static void
test_api_errors(void)
{
	static const struct fcase c = {
		"api errors", GEN ",gen_len=60", 1902, 64, false, false, false, false,
		NULL, NULL, 0,
	};
	struct dwmac4_model_faults f;
	struct fport fp;
	char args[256];

	harness_seed = c.seed;
	memset(&f, 0, sizeof(f));
	CHECK_EQ_U(rte_pmd_stmmac_uio_model_set_faults(RTE_MAX_ETHPORTS - 1, 0, &f),
		   (uint64_t)-ENODEV, "api: not a port of ours");
	snprintf(args, sizeof(args), "%s", c.args);
	if (!port_up(&c, args, &fp))
		return;
	memset(&f, 0, sizeof(f));
	CHECK_EQ_U(rte_pmd_stmmac_uio_model_set_faults(fp.port, 1, &f),
		   (uint64_t)-EINVAL, "api: no queue 1");
	CHECK_EQ_U(rte_pmd_stmmac_uio_model_get_faults(fp.port, 1, &f),
		   (uint64_t)-EINVAL, "api: no queue 1 (get)");
	CHECK_EQ_U(rte_pmd_stmmac_uio_model_set_faults(fp.port, 0, NULL),
		   (uint64_t)-EINVAL, "api: NULL");
	f.stall_ppm = 1;
	CHECK_EQ_U(rte_pmd_stmmac_uio_model_set_faults(fp.port, 0, &f),
		   (uint64_t)-EINVAL, "api: stall without polls");
	f.stall_ppm = 0;
	f.corrupt_ppm = 1000001;
	CHECK_EQ_U(rte_pmd_stmmac_uio_model_set_faults(fp.port, 0, &f),
		   (uint64_t)-EINVAL, "api: rate above 1000000");
	port_down(&c, &fp, NULL);
}

/* Devargs: a bad value of a new key fails the probe. */
static void
test_devargs(void)
{
	static const char *const bad[] = {
		"fault_cum_back_ppm=1000001", "fault_ld_no_fd_ppm=-1",
		"fault_fd_twice_ppm=x", "fault_fcs_only_ppm=", "fault_stall_ppm=12abc",
		"fault_stall_polls=0", "fault_dup_ppm=99999999999999999999",
		"fault_skip_ppm=1e3", "fault_corrupt_ppm=2000000", "crc_strip=hw",
	};
	char name[32];
	unsigned int i;

	harness_seed = 0;
	for (i = 0; i < RTE_DIM(bad); i++) {
		snprintf(name, sizeof(name), "net_stmmac_uio%u", vdev_seq++);
		CHECK(rte_vdev_init(name, bad[i]) < 0, "devargs: %s rejected", bad[i]);
	}
}

/*
 * The fault cases, one table, run in this order: each on a port of its
 * own, then its knob's checks.
 */
static const struct fcase cases[] = {
	/* Row 11: cumulative length going backwards */
	{ "cum_back scatter ring 64", GEN_STD ",fault_cum_back_ppm=" PPM5,
	  1101, 64, true, true, false, true, check_cum_back, NULL, 0 },
	{ "cum_back scatter ring 512", GEN_STD ",fault_cum_back_ppm=" PPM5,
	  1102, 512, true, true, false, true, check_cum_back, NULL, 0 },
	/* Longer frames than a buffer, scatter off: dropped anyway. */
	{ "cum_back no scatter", GEN ",gen_len=60-3000,fault_cum_back_ppm=" PPM5,
	  1103, 64, false, false, false, true, check_cum_back, NULL, 0 },
	/* Rows 7, 11: LD without FD */
	{ "ld_no_fd scatter ring 64", GEN_STD ",fault_ld_no_fd_ppm=" PPM5,
	  1201, 64, true, true, false, true, check_ld_no_fd, NULL, 0 },
	{ "ld_no_fd single buffers ring 512", GEN_STD ",fault_ld_no_fd_ppm=" PPM5,
	  1202, 512, false, false, false, true, check_ld_no_fd, NULL, 0 },
	/* Row 7: a first-without-last, then a new first */
	{ "fd_twice scatter ring 64", GEN_STD ",fault_fd_twice_ppm=" PPM5,
	  1301, 64, true, true, false, true, check_fd_twice, NULL, 0 },
	{ "fd_twice scatter ring 512", GEN_STD ",fault_fd_twice_ppm=" PPM5,
	  1302, 512, true, true, false, true, check_fd_twice, NULL, 0 },
	{ "fd_twice single buffers", GEN_STD ",fault_fd_twice_ppm=" PPM5,
	  1303, 64, false, false, false, true, check_fd_twice, NULL, 0 },
	/* Row 10: the last descriptor holds only the FCS */
	/* The MAC keeps the FCS, the PMD trims it: FCS-only tails. */
	{ "fcs_only crc_strip=sw ring 64",
	  GEN_STD ",crc_strip=sw,fault_fcs_only_ppm=" PPM5,
	  1401, 64, true, true, false, true, check_fcs_only, NULL, 0 },
	{ "fcs_only crc_strip=sw ring 512",
	  GEN_STD ",crc_strip=sw,fault_fcs_only_ppm=" PPM5,
	  1402, 512, true, true, false, true, check_fcs_only, NULL, 0 },
	/* KEEP_CRC: the 4-byte last segment is the FCS, delivered. */
	{ "fcs_only keep_crc", GEN_STD ",fault_fcs_only_ppm=" PPM5,
	  1403, 64, true, true, true, true, check_fcs_only, NULL, 0 },
	/* The MAC strips: k buffers filled exactly, nothing empty. */
	{ "fcs_only crc_strip=mac", GEN_STD ",fault_fcs_only_ppm=" PPM5,
	  1404, 64, true, true, false, true, check_fcs_only, NULL, 0 },
	/* Without the knob: every 4th length straddles or ends a buffer. */
	{ "fcs_only lengths from the generator, crc_strip=sw",
	  GEN ",gen_len=1018-1026,crc_strip=sw", 1405, 64, true, true,
	  false, true, check_fcs_only, NULL, 0 },
	/* Row 8 / stall knob: the device stops for a while */
	{ "stall scatter ring 64",
	  GEN_STD ",fault_stall_ppm=" PPM5 ",fault_stall_polls=200",
	  1501, 64, true, true, false, true, check_stall, NULL, 0 },
	{ "stall single buffers ring 512",
	  GEN_STD ",fault_stall_ppm=" PPM5 ",fault_stall_polls=1000",
	  1502, 512, false, false, false, true, check_stall, NULL, 0 },
	/*
	 * Without flow control frames may be missed: imissed counts.
	 * The source is paced (as a wire is): the counters are 11-bit
	 * saturating, read on every stats_get, and an unpaced source
	 * overflows thousands of frames between two reads.
	 */
	{ "stall no flow control",
	  "flow_ctrl=0,gen_rate=50000,gen_pkts=" STR(PKTS) ",gen_len=60-1514"
	  ",fault_stall_ppm=" PPM5 ",fault_stall_polls=200",
	  1503, 64, true, true, false, true, check_stall, NULL, 0 },
	/* Completion anomalies: stale duplicate, skipped descriptor */
	{ "dup scatter ring 64", GEN_STD ",fault_dup_ppm=" PPM5,
	  1601, 64, true, true, false, true, check_dup_skip, NULL, 0 },
	{ "dup single buffers ring 512", GEN_STD ",fault_dup_ppm=" PPM5,
	  1602, 512, false, false, false, true, check_dup_skip, NULL, 0 },
	{ "skip scatter ring 64", GEN_STD ",fault_skip_ppm=" PPM5,
	  1603, 64, true, true, false, true, check_dup_skip, NULL, 0 },
	{ "skip single buffers ring 512", GEN_STD ",fault_skip_ppm=" PPM5,
	  1604, 512, false, false, false, true, check_dup_skip, NULL, 0 },
	/* Payload corrupted after the checksum engine's verdict */
	/* The flipped byte may be the sequence number: not checked. */
	{ "corrupt csum=sw udp4", GEN_STD ",csum=sw,fault_corrupt_ppm=" PPM5,
	  1701, 64, false, false, false, false, check_corrupt, NULL, 0 },
	{ "corrupt csum=hw udp4", GEN_STD ",csum=hw,fault_corrupt_ppm=" PPM5,
	  1701, 64, false, false, false, false, check_corrupt, NULL, 0 },
	/*
	 * One buffer per frame: software verifies the first segment
	 * only (a chained frame's L4 verdict is UNKNOWN).
	 */
	{ "corrupt csum=sw tcp6 ring 512",
	  GEN_STD ",gen_proto=tcp,gen_ipv6=1,csum=sw,fault_corrupt_ppm=" PPM5,
	  1702, 512, false, false, false, false, check_corrupt, NULL, 0 },
	{ "corrupt csum=hw tcp6 ring 512",
	  GEN_STD ",gen_proto=tcp,gen_ipv6=1,csum=hw,fault_corrupt_ppm=" PPM5,
	  1702, 512, false, false, false, false, check_corrupt, NULL, 0 },
	/* Every knob at once: only the invariants and the accounting */
	{ "all knobs scatter ring 64 crc_strip=sw",
	  GEN_STD ",crc_strip=sw,fault_err_ppm=10000,fault_len_ppm=10000,"
	  "fault_csum_lie_ppm=10000,fault_cum_back_ppm=10000,"
	  "fault_ld_no_fd_ppm=10000,fault_fd_twice_ppm=10000,"
	  "fault_fcs_only_ppm=10000,fault_stall_ppm=10000,"
	  "fault_stall_polls=100,fault_dup_ppm=10000,fault_skip_ppm=10000,"
	  "fault_corrupt_ppm=10000", 1801, 64, true, true, false, true, check_all_knobs, NULL, 0 },
	{ "all knobs single buffers ring 512",
	  GEN_STD ",fault_err_ppm=10000,fault_len_ppm=10000,"
	  "fault_cum_back_ppm=10000,fault_ld_no_fd_ppm=10000,"
	  "fault_fd_twice_ppm=10000,fault_fcs_only_ppm=10000,"
	  "fault_stall_ppm=10000,fault_dup_ppm=10000,fault_skip_ppm=10000,"
	  "fault_corrupt_ppm=10000", 1802, 512, false, false, false, true, check_all_knobs, NULL, 0 },
	/* The per-queue C API, while the port runs (api_mid). */
	{ "api set_faults", GEN_STD, 1901, 64, true, true, false, true,
	  check_api, api_mid, PKTS / 4 },
};

int
main(int argc, char **argv)
{
	static struct fres r;
	unsigned int i;

	(void)argc;
	pmd_harness_eal_init(argv[0], NULL);
	pool_small = eal_harness_pool("faults_desc_512", POOL_N,
				      RTE_PKTMBUF_HEADROOM + ROOM_SMALL);
	pool_big = eal_harness_pool("faults_desc_2k", POOL_N,
				    RTE_MBUF_DEFAULT_BUF_SIZE);
	test_devargs();
	test_api_errors();
	for (i = 0; i < RTE_DIM(cases); i++) {
		run_case(&cases[i], &r, cases[i].mid, cases[i].mid_at);
		if (r.ok)
			cases[i].check(&cases[i], &r);
	}
	rte_mempool_free(pool_small);
	rte_mempool_free(pool_big);
	rte_eal_cleanup();
	return harness_result("pmd_faults_desc");
}
