/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The TX arbiter through rte_tm, written once for every family of
 * pmd_family.h (SOCRX_TEST_FAMILY). A model port of three TX queues runs
 * in step mode (model_step=1) with a TX sink (tx_pcap): each round queues
 * TM_PER_Q frames on every TX queue before the model moves, then steps it
 * one frame at a time until all went out, so the order on the wire is the
 * arbiter's alone. Every frame carries its round, queue and sequence
 * number; the capture is read back at close.
 *  - No hierarchy: strict priority, queue 2's frames, then queue 1's,
 *    then queue 0's (the PMD as before rte_tm).
 *  - Capabilities: two levels, no shapers; shaper profiles, a weight of
 *    0, a leaf beyond the TX queues, a hierarchy missing a leaf and
 *    priorities against the silicon's queue order are refused, each with
 *    a reason.
 *  - Strict priority committed on the stopped port (queue 2 highest):
 *    the same order.
 *  - WRR committed on the running port (every leaf at priority 0,
 *    weights 1, 3, 2): while all three queues have frames, the wire
 *    carries them in those shares (dwmac4 counts frames, NETA 256-byte
 *    units), and the same after a stop and start (the arbiter written
 *    again at start, over the PMD's default).
 *  - dwmac4: strict priority over a WRR group is refused (its SCHALG is
 *    port-wide); NETA: queue 2 fixed above queues 0 and 1 by WRR: all of
 *    queue 2 first, then 0 and 1 interleaved by weight.
 *  - An empty hierarchy committed on the running port: strict priority
 *    again.
 * The model counts no driver protocol violation.
 */
#include <unistd.h>

#include <pcap/pcap.h>
#include <rte_tm.h>

#include "../pcap_frames.h"
#include "pmd_harness.h"

#define TM_NQ		3
#define TM_PER_Q	60
#define TM_FRAME_LEN	64
#define TM_RING		256
#define TM_ROOT		100
#define TM_MAX_ROUNDS	8
#define TM_MAC		"02:00:00:00:0a:01"
/* Bytes of a frame carrying round, queue, sequence (past the header). */
#define TM_OFF		14

static struct rte_mempool *mp;

/* What the wire carried, per round: the queue of each frame in order. */
struct tm_wire {
	uint8_t q[TM_MAX_ROUNDS][TM_NQ * TM_PER_Q];
	unsigned int n[TM_MAX_ROUNDS];
	unsigned int bad;
};

static int
tm_wire_frame(uint8_t *data, uint32_t len, void *arg)
{
	struct tm_wire *w = arg;
	unsigned int r = data[TM_OFF], q = data[TM_OFF + 1];

	if (len < TM_FRAME_LEN || r >= TM_MAX_ROUNDS || q >= TM_NQ ||
	    w->n[r] >= TM_NQ * TM_PER_Q)
		w->bad++;
	else
		w->q[r][w->n[r]++] = (uint8_t)q;
	free(data);
	return 0;
}

/*
 * One round: TM_PER_Q frames queued on every TX queue, then the model
 * stepped until all of them went out.
 */
static void
tm_round(uint16_t port, uint8_t round)
{
	const struct pmd_family *f = pmd_family();
	struct rte_mbuf *tx[TM_PER_Q];
	struct pmd_model_stats st0, st1;
	uint64_t polls;
	unsigned int q, i;

	CHECK(f->model_stats(port, &st0) == 0, "model stats");
	for (q = 0; q < TM_NQ; q++) {
		if (rte_pktmbuf_alloc_bulk(mp, tx, TM_PER_Q) != 0) {
			CHECK(0, "TX mbufs");
			return;
		}
		for (i = 0; i < TM_PER_Q; i++) {
			uint8_t *d = (uint8_t *)rte_pktmbuf_append(tx[i], TM_FRAME_LEN);

			if (d == NULL) {
				CHECK(0, "room for a %u-byte frame", TM_FRAME_LEN);
				continue;
			}
			memset(d, 0, TM_FRAME_LEN);
			memset(d, 0xff, 6);
			memcpy(d + 6, (const uint8_t[6]){ 0x02, 0, 0, 0, 0x0a, 0x01 }, 6);
			d[12] = 0x88;		/* local experimental EtherType */
			d[13] = 0xb5;
			d[TM_OFF] = round;
			d[TM_OFF + 1] = (uint8_t)q;
			d[TM_OFF + 2] = (uint8_t)i;
		}
		CHECK(rte_eth_tx_burst(port, (uint16_t)q, tx, TM_PER_Q) == TM_PER_Q,
		      "round %u: TX queue %u took %u frames", round, q, TM_PER_Q);
	}
	st1 = st0;
	for (polls = 0; polls < 100000; polls++) {
		f->model_step(port, 1);
		if (f->model_stats(port, &st1) != 0 ||
		    st1.tx_frames >= st0.tx_frames + TM_NQ * TM_PER_Q)
			break;
	}
	for (q = 0; q < TM_NQ; q++)
		rte_eth_tx_done_cleanup(port, (uint16_t)q, 0);
	CHECK(st1.tx_frames == st0.tx_frames + TM_NQ * TM_PER_Q,
	      "round %u: the device sent %" PRIu64 " frames (want %u)", round,
	      st1.tx_frames - st0.tx_frames, TM_NQ * TM_PER_Q);
}

/* Round @p r went out queue by queue, highest first, nothing interleaved. */
static void
tm_check_sp(const struct tm_wire *w, unsigned int r, const char *what)
{
	unsigned int i, bad = 0;

	for (i = 0; i < w->n[r]; i++)
		if (w->q[r][i] != TM_NQ - 1 - i / TM_PER_Q)
			bad++;
	CHECK(w->n[r] == TM_NQ * TM_PER_Q && bad == 0,
	      "%s: strict priority, queue 2's %u frames, then queue 1's, then queue 0's (%u frames, %u out of that order)",
	      what, TM_PER_Q, w->n[r], bad);
}

/*
 * Round @p r, among the queues of @p mask, up to the first one that ran
 * out: queue q sent about @p share[q] times what queue @p base did
 * (within a quarter of a share, for the quantisation of a turn).
 */
static void
tm_check_wrr(const struct tm_wire *w, unsigned int r, uint32_t mask,
	     const double *share, unsigned int base, const char *what)
{
	unsigned int cnt[TM_NQ] = { 0 }, i, q, first = 0;
	bool ok = w->n[r] == TM_NQ * TM_PER_Q;

	/* Frames of queues outside @p mask go before the group (fixed). */
	for (i = 0; i < w->n[r] && !(mask >> w->q[r][i] & 1u); i++)
		first++;
	for (; i < w->n[r]; i++) {
		q = w->q[r][i];
		if (!(mask >> q & 1u)) {
			ok = false;	/* a fixed queue after the group began */
			break;
		}
		if (++cnt[q] == TM_PER_Q)
			break;
	}
	for (q = 0; q < TM_NQ; q++) {
		double want, got;

		if (!(mask >> q & 1u))
			continue;
		want = share[q];
		got = cnt[base] != 0 ? (double)cnt[q] / cnt[base] : 0;
		if (cnt[q] == 0 || got < want - 0.25 * want ||
		    got > want + 0.25 * want)
			ok = false;
	}
	printf("%s: %u, %u, %u frames of queues 0, 1, 2 while each had frames, %u fixed-priority ones first\n",
	       what, cnt[0], cnt[1], cnt[2], first);
	CHECK(ok, "%s: WRR shares while every queue had frames: %u, %u, %u frames of queues 0, 1, 2 (want %.0f : %.0f : %.0f over the group), %u fixed-priority frames first",
	      what, cnt[0], cnt[1], cnt[2], share[0], share[1], share[2], first);
}

/* Leaves of queues 0..TM_NQ-1 under a fresh root, or the first error. */
static int
tm_hierarchy(uint16_t port, const uint32_t *prio, const uint32_t *weight,
	     struct rte_tm_error *err)
{
	struct rte_tm_node_params np;
	uint32_t q;
	int ret;

	memset(&np, 0, sizeof(np));
	np.shaper_profile_id = RTE_TM_SHAPER_PROFILE_ID_NONE;
	np.nonleaf.n_sp_priorities = TM_NQ;
	memset(err, 0, sizeof(*err));
	ret = rte_tm_node_add(port, TM_ROOT, RTE_TM_NODE_ID_NULL, 0, 1,
			      RTE_TM_NODE_LEVEL_ID_ANY, &np, err);
	memset(&np, 0, sizeof(np));
	np.shaper_profile_id = RTE_TM_SHAPER_PROFILE_ID_NONE;
	np.leaf.cman = RTE_TM_CMAN_TAIL_DROP;
	np.leaf.wred.wred_profile_id = RTE_TM_WRED_PROFILE_ID_NONE;
	for (q = 0; q < TM_NQ && ret == 0; q++)
		ret = rte_tm_node_add(port, q, TM_ROOT, prio[q], weight[q],
				      RTE_TM_NODE_LEVEL_ID_ANY, &np, err);
	return ret;
}

/* Every node deleted, leaves first. */
static void
tm_delete_all(uint16_t port)
{
	struct rte_tm_error err;
	uint32_t q;

	for (q = 0; q < TM_NQ; q++)
		rte_tm_node_delete(port, q, &err);
	rte_tm_node_delete(port, TM_ROOT, &err);
}

/* @p ret and @p err: refused with @p code and a message holding @p word. */
static void
tm_check_refused(int ret, const struct rte_tm_error *err, int code,
		 const char *word, const char *what)
{
	CHECK(ret == -code && err->message != NULL &&
	      strstr(err->message, word) != NULL,
	      "%s is refused (%d: %s)", what, ret,
	      err->message != NULL ? err->message : "no reason");
}

static void
tm_capabilities(uint16_t port)
{
	struct rte_tm_capabilities cap;
	struct rte_tm_level_capabilities lcap;
	struct rte_tm_shaper_params sp;
	struct rte_tm_node_params np;
	struct rte_tm_error err;
	static const uint32_t w1[TM_NQ] = { 1, 1, 1 };
	static const uint32_t w0[TM_NQ] = { 1, 0, 1 };
	static const uint32_t p0[TM_NQ] = { 0, 0, 0 };
	static const uint32_t rev[TM_NQ] = { 0, 1, 2 };
	int ret, is_leaf = -1;

	memset(&err, 0, sizeof(err));
	ret = rte_tm_capabilities_get(port, &cap, &err);
	CHECK(ret == 0 && cap.n_levels_max == 2 && cap.shaper_n_max == 0 &&
	      cap.sched_wfq_n_groups_max == 1 && cap.sched_wfq_weight_max > 0 &&
	      cap.n_nodes_max == TM_NQ + 1u,
	      "capabilities: 2 levels (%u), no shapers (%u), one WRR group, %u nodes (%d)",
	      cap.n_levels_max, cap.shaper_n_max, cap.n_nodes_max, ret);
	ret = rte_tm_level_capabilities_get(port, 1, &lcap, &err);
	CHECK(ret == 0 && lcap.n_nodes_leaf_max == TM_NQ,
	      "level 1: the TX queues' leaves (%u)", lcap.n_nodes_leaf_max);
	memset(&sp, 0, sizeof(sp));
	sp.peak.rate = 1000000;
	memset(&err, 0, sizeof(err));
	ret = rte_tm_shaper_profile_add(port, 1, &sp, &err);
	tm_check_refused(ret, &err, ENOTSUP, "no shapers", "a shaper profile");
	memset(&np, 0, sizeof(np));
	np.shaper_profile_id = 1;
	memset(&err, 0, sizeof(err));
	ret = rte_tm_node_add(port, TM_ROOT, RTE_TM_NODE_ID_NULL, 0, 1,
			      RTE_TM_NODE_LEVEL_ID_ANY, &np, &err);
	tm_check_refused(ret, &err, ENOTSUP, "shaper", "a root with a shaper profile");
	ret = tm_hierarchy(port, p0, w0, &err);
	tm_check_refused(ret, &err, EINVAL, "weight 0", "a leaf of weight 0");
	CHECK(rte_tm_node_type_get(port, 0, &is_leaf, &err) == 0 && is_leaf == 1 &&
	      rte_tm_node_type_get(port, TM_ROOT, &is_leaf, &err) == 0 && is_leaf == 0,
	      "node types: leaf 0, root %u", TM_ROOT);
	memset(&np, 0, sizeof(np));
	np.shaper_profile_id = RTE_TM_SHAPER_PROFILE_ID_NONE;
	np.leaf.wred.wred_profile_id = RTE_TM_WRED_PROFILE_ID_NONE;
	memset(&err, 0, sizeof(err));
	ret = rte_tm_node_add(port, TM_NQ, TM_ROOT, 0, 1, 1, &np, &err);
	tm_check_refused(ret, &err, EINVAL, "a leaf is a TX queue", "a leaf beyond the TX queues");
	memset(&err, 0, sizeof(err));
	ret = rte_tm_hierarchy_commit(port, 0, &err);
	tm_check_refused(ret, &err, EINVAL, "queue 1 has no leaf", "a hierarchy missing queue 1's leaf");
	tm_delete_all(port);
	ret = tm_hierarchy(port, rev, w1, &err);
	CHECK(ret == 0, "leaves with queue 0 highest added (%s)",
	      err.message != NULL ? err.message : "");
	memset(&err, 0, sizeof(err));
	ret = rte_tm_hierarchy_commit(port, 1, &err);
	tm_check_refused(ret, &err, ENOTSUP, "highest-numbered queue first",
			 "queue 0 above queue 1 (against the silicon's order)");
	CHECK(rte_tm_node_type_get(port, TM_ROOT, &is_leaf, &err) != 0,
	      "clear_on_fail: the hierarchy is gone");
}

int
main(int argc, char **argv)
{
	static const uint32_t sp_prio[TM_NQ] = { 2, 1, 0 };
	static const uint32_t wrr_prio[TM_NQ] = { 0, 0, 0 };
	static const uint32_t wrr_w[TM_NQ] = { 1, 3, 2 };
	static const double wrr_share[TM_NQ] = { 1, 3, 2 };
	static const uint32_t mix_prio[TM_NQ] = { 1, 1, 0 };
	static const uint32_t mix_w[TM_NQ] = { 1, 3, 1 };
	static const double mix_share[TM_NQ] = { 1, 3, 0 };
	const char *vdevs[] = { NULL };
	char path[] = "/tmp/socrx_tm_XXXXXX";
	const struct pmd_family *f;
	struct pmd_model_stats st;
	struct rte_eth_conf conf;
	struct rte_tm_error err;
	static struct tm_wire w;
	char name[32], args[512];
	bool neta;
	int port = -1, ret, fd;
	uint16_t q;

	RTE_SET_USED(argc);
	pmd_harness_eal_init(argv[0], vdevs);
	f = pmd_family();
	neta = strcmp(f->name, "mvneta") == 0;
	mp = eal_harness_pool("tm_pool", 4096, RTE_MBUF_DEFAULT_BUF_SIZE);
	fd = mkstemp(path);
	CHECK(mp != NULL && fd >= 0, "mbuf pool and capture file");
	if (mp == NULL || fd < 0)
		goto done;
	close(fd);
	/* dwmac4: three DMA channels and MTL queues; NETA has its eight. */
	snprintf(args, sizeof(args), "mac=%s,tx_pcap=%s,model_step=1%s",
		 TM_MAC, path,
		 neta ? "" : ",model_channels=3,model_mtl_queues=3");
	ret = pmd_harness_vdev_init(pmd_vdev(name, sizeof(name), 0), args);
	CHECK(ret == 0, "%s probed with %s", name, args);
	port = ret == 0 ? pmd_harness_port(name) : -1;
	if (port < 0)
		goto done;
	memset(&conf, 0, sizeof(conf));
	ret = rte_eth_dev_configure(port, 1, TM_NQ, &conf);
	if (ret == 0)
		ret = rte_eth_rx_queue_setup(port, 0, TM_RING,
					     rte_eth_dev_socket_id(port), NULL, mp);
	for (q = 0; q < TM_NQ && ret == 0; q++)
		ret = rte_eth_tx_queue_setup(port, q, TM_RING,
					     rte_eth_dev_socket_id(port), NULL);
	CHECK(ret == 0, "1 RX and %u TX queues (%d)", TM_NQ, ret);
	if (ret != 0 || rte_eth_dev_start(port) != 0) {
		CHECK(0, "started");
		goto done;
	}
	/* Round 0: no hierarchy. */
	tm_round(port, 0);
	tm_capabilities(port);
	/* Round 1: strict priority committed, queue 2 highest. */
	CHECK(rte_eth_dev_stop(port) == 0, "stopped");
	CHECK(tm_hierarchy(port, sp_prio, wrr_w, &err) == 0 &&
	      rte_tm_hierarchy_commit(port, 0, &err) == 0,
	      "strict priority committed (%s)", err.message != NULL ? err.message : "");
	CHECK(rte_eth_dev_start(port) == 0, "started");
	tm_round(port, 1);
	/*
	 * Rounds 2 and 3: WRR committed on the running port (written at the
	 * commit), then again after a restart (written at the start).
	 */
	tm_delete_all(port);
	CHECK(tm_hierarchy(port, wrr_prio, wrr_w, &err) == 0 &&
	      rte_tm_hierarchy_commit(port, 0, &err) == 0,
	      "WRR committed on the running port, weights 1, 3, 2 (%s)",
	      err.message != NULL ? err.message : "");
	tm_round(port, 2);
	CHECK(rte_eth_dev_stop(port) == 0 && rte_eth_dev_start(port) == 0,
	      "stopped and started again");
	tm_round(port, 3);
	/* Round 4: strict priority over a WRR group. */
	tm_delete_all(port);
	memset(&err, 0, sizeof(err));
	ret = tm_hierarchy(port, mix_prio, mix_w, &err);
	if (ret == 0)
		ret = rte_tm_hierarchy_commit(port, 1, &err);
	if (neta)
		CHECK(ret == 0, "NETA: queue 2 fixed above queues 0 and 1 by WRR, committed on the running port (%s)",
		      err.message != NULL ? err.message : "");
	else
		tm_check_refused(ret, &err, ENOTSUP, "port-wide",
				 "dwmac4: strict priority over a WRR group");
	tm_round(port, 4);
	/* Round 5: an empty hierarchy committed on the running port. */
	tm_delete_all(port);
	CHECK(rte_tm_hierarchy_commit(port, 0, &err) == 0, "an empty hierarchy committed");
	tm_round(port, 5);
	CHECK(f->model_stats(port, &st) == 0 && st.violations == 0,
	      "no driver protocol violation (%" PRIu64 ": %s)", st.violations,
	      f->last_violation(port));
	CHECK(rte_eth_dev_stop(port) == 0, "stopped");
	CHECK(rte_eth_dev_close(port) == 0, "closed");
	port = -1;
	/* The wire, read back. */
	memset(&w, 0, sizeof(w));
	CHECK(pcap_frames_load(path, 2048, tm_wire_frame, &w) == 6 * TM_NQ * TM_PER_Q &&
	      w.bad == 0, "the capture holds every frame (%u unexpected)", w.bad);
	tm_check_sp(&w, 0, "no hierarchy");
	tm_check_sp(&w, 1, "strict priority committed");
	tm_check_wrr(&w, 2, 0x7, wrr_share, 0, "WRR committed");
	tm_check_wrr(&w, 3, 0x7, wrr_share, 0, "WRR after a stop and start");
	if (neta)
		tm_check_wrr(&w, 4, 0x3, mix_share, 0, "queue 2 fixed, then WRR");
	else
		tm_check_wrr(&w, 4, 0x7, wrr_share, 0, "WRR kept after the refused commit");
	tm_check_sp(&w, 5, "the empty hierarchy");
done:
	if (port >= 0)
		rte_eth_dev_close(port);
	unlink(path);
	rte_eal_cleanup();
	printf("%s: %lu failure(s)\n", argv[0], harness_failures);
	return harness_failures == 0 ? 0 : 1;
}
