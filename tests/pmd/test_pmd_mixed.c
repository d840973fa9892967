/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Ports of two NIC families on ONE mempool, forwarding to each other: a
 * port of this run's family (SOCRX_TEST_FAMILY) and one of the peer family
 * (SOCRX_TEST_PEER_FAMILY), each generating frames (flow control on: none
 * missed) with device faults injected, each frame received on one port
 * sent out of the other (testpmd's io forwarding, both ways). A buffer
 * then goes from one family's ring to the application, out of the other
 * family's TX, back into the mempool and into either family's ring again,
 * with the families' different buffer layouts (NETA's Marvell header in
 * front of the frame, its FCS stored behind it) and the lines an errored
 * frame leaves as the device wrote them.
 *
 * Meson runs it for every ordered pair of families on the emulated
 * non-coherent interconnect (dma=noncoherent, docs/model.md): the two
 * PMDs are two plugins, each with its own copy of the model library, and
 * their models must still share one DRAM (socnic_model_nc.h), as the
 * SoC's ports do. Per case, on both ports: every frame accounted for
 * (ipackets + ierrors + imissed == offered), every frame received sent
 * (opackets), every mbuf back after stop, no protocol violation, no
 * clobbered line, no device read of bytes the driver did not clean.
 *
 * Usage: test_pmd_mixed   (SOCRX_TEST_PEER_FAMILY unset or not built: 77)
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <rte_ethdev.h>
#include <rte_mbuf.h>

#include "pmd_harness.h"

#define M_PKTS		6000
#define M_POOL		4096
#define M_RING		512u

#define STR_(x) #x
#define STR(x) STR_(x)
#define M_GEN "flow_ctrl=1,gen_pkts=" STR(M_PKTS)

struct mixed_case {
	const char *name;
	const char *args;	/* both ports, after their generator's */
};

/*
 * The fault knobs both families' models take (pmd_family.h), with
 * copybreak off (every buffer leaves the ring) and on (small frames
 * copied, their buffers re-armed in place).
 */
static const struct mixed_case cases[] = {
	{ "errors, zero-copy", "fault_err_ppm=50000,copybreak=0" },
	{ "errors and length lies, copybreak",
	  "fault_err_ppm=20000,fault_len_ppm=20000" },
	{ "checksum lies, zero-copy",
	  "fault_csum_lie_ppm=50000,gen_bad_l4=100,copybreak=0" },
};

struct mixed_port {
	const struct pmd_family *fam;
	char name[64];
	uint16_t id;
};

/* The peer family, or exits 77. */
static const struct pmd_family *
peer_family(void)
{
	const char *e = getenv("SOCRX_TEST_PEER_FAMILY");
	const struct pmd_family *f;

	if (e == NULL || e[0] == '\0') {
		printf("SKIP: SOCRX_TEST_PEER_FAMILY not set\n");
		exit(77);
	}
	f = pmd_family_named(e);
	if (f == NULL) {
		printf("SKIP: family %s is not built into this test\n", e);
		exit(77);
	}
	return f;
}

static int
mixed_probe(struct mixed_port *p, const struct pmd_family *fam,
	    unsigned int inst, const char *gen, const char *args)
{
	char devargs[PMD_HARNESS_ARGS_LEN];
	int port;

	p->fam = fam;
	snprintf(p->name, sizeof(p->name), "%s%u", fam->vdev, inst);
	snprintf(devargs, sizeof(devargs), "%s,%s,fault_seed=%u", gen, args,
		 inst + 1);
	if (pmd_harness_vdev_init(p->name, devargs) != 0) {
		CHECK(0, "%s probe (%s)", p->name, devargs);
		return -1;
	}
	port = pmd_harness_port(p->name);
	CHECK(port >= 0, "%s probed", p->name);
	p->id = (uint16_t)port;
	return port < 0 ? -1 : 0;
}

/* Until both sources are exhausted and both rings drained. */
static void
mixed_forward(const struct mixed_port *a, const struct mixed_port *b,
	      uint64_t *fwd)
{
	const struct mixed_port *port[2] = { a, b };
	struct rte_mbuf *pkts[32];
	uint64_t polls;
	int idle = 0;

	for (polls = 0; polls < PMD_HARNESS_MAX_POLLS; polls++) {
		unsigned int k, got = 0;

		for (k = 0; k < 2; k++) {
			uint16_t n = rte_eth_rx_burst(port[k]->id, 0, pkts,
						      RTE_DIM(pkts));
			uint16_t sent = 0;
			uint64_t tries;

			/* A full TX is retried: the model drains it. */
			for (tries = 0; sent < n && tries < PMD_HARNESS_MAX_POLLS;
			     tries++)
				sent += rte_eth_tx_burst(port[1 - k]->id, 0,
							 pkts + sent, n - sent);
			if (sent < n)
				rte_pktmbuf_free_bulk(pkts + sent, n - sent);
			fwd[k] += n;
			got += n;
		}
		if (got != 0) {
			idle = 0;
			continue;
		}
		/* Idle seen on both before an empty round: nothing more comes. */
		if (idle)
			return;
		idle = a->fam->rx_idle(a->id) == 1 && b->fam->rx_idle(b->id) == 1;
		rte_pause();
	}
	CHECK(0, "traffic did not end within %llu polls", PMD_HARNESS_MAX_POLLS);
}

/* The device sends what its TX queue holds before the port stops. */
static void
mixed_tx_drain(const struct mixed_port *p, uint64_t want)
{
	uint64_t polls;

	for (polls = 0; polls < PMD_HARNESS_MAX_POLLS; polls++) {
		struct pmd_model_stats ms;

		if (p->fam->model_stats(p->id, &ms) != 0 || ms.tx_frames >= want)
			return;
		rte_pause();
	}
}

static void
mixed_check_port(const struct mixed_port *p, uint64_t received,
		 uint64_t sent_out)
{
	struct rte_eth_stats es = pmd_harness_eth_stats(p->id);
	struct pmd_model_stats ms;

	memset(&ms, 0, sizeof(ms));
	CHECK(p->fam->model_stats(p->id, &ms) == 0, "%s model stats", p->name);
	CHECK_EQ_U(ms.rx_offered, M_PKTS, "%s: frames offered", p->name);
	CHECK_EQ_U(es.ipackets, received, "%s: ipackets", p->name);
	CHECK_EQ_U(es.ipackets + es.ierrors + es.imissed, ms.rx_offered,
		   "%s: every offered frame accounted for (ipackets %" PRIu64
		   " ierrors %" PRIu64 " imissed %" PRIu64 ")", p->name,
		   es.ipackets, es.ierrors, es.imissed);
	CHECK_EQ_U(es.opackets, sent_out, "%s: opackets (the peer's frames)",
		   p->name);
	CHECK_EQ_U(ms.tx_frames, sent_out, "%s: frames the device sent",
		   p->name);
	printf("%s (%s): offered %" PRIu64 " ipackets %" PRIu64 " ierrors %"
	       PRIu64 " opackets %" PRIu64 " faults err %" PRIu64 " len %"
	       PRIu64 " csum_lie %" PRIu64 " nc clobbers %" PRIu64
	       " unclean reads %" PRIu64 " lines cleaned %" PRIu64 "\n",
	       p->name, p->fam->name, ms.rx_offered, es.ipackets, es.ierrors,
	       es.opackets, ms.rx_fault_err, ms.rx_fault_len,
	       ms.rx_fault_csum_lie, ms.nc_clobbers, ms.nc_unclean_reads,
	       ms.nc_clean_lines);
}

static void
mixed_case_run(const struct mixed_case *c, const struct pmd_family *fa,
	       const struct pmd_family *fb, struct rte_mempool *mp,
	       unsigned int inst)
{
	struct mixed_port a, b;
	uint64_t fwd[2] = { 0, 0 };
	unsigned int baseline = rte_mempool_in_use_count(mp);

	printf("case: %s (%s)\n", c->name, c->args);
	/* IPv4 one way, IPv6 the other, every length. */
	if (mixed_probe(&a, fa, inst, M_GEN ",gen_len=60-1514", c->args) != 0 ||
	    mixed_probe(&b, fb, inst + 1, M_GEN ",gen_len=imix,gen_ipv6=1",
			c->args) != 0)
		return;
	if (pmd_harness_port_start(a.id, mp, M_RING, NULL) != 0 ||
	    pmd_harness_port_start(b.id, mp, M_RING, NULL) != 0) {
		CHECK(0, "%s: ports start", c->name);
		return;
	}
	mixed_forward(&a, &b, fwd);
	mixed_tx_drain(&b, fwd[0]);
	mixed_tx_drain(&a, fwd[1]);
	mixed_check_port(&a, fwd[0], fwd[1]);
	mixed_check_port(&b, fwd[1], fwd[0]);
	CHECK(rte_eth_dev_stop(a.id) == 0 && rte_eth_dev_stop(b.id) == 0,
	      "%s: stop", c->name);
	CHECK_EQ_U(rte_mempool_in_use_count(mp), baseline,
		   "%s: every mbuf back in the pool after stop", c->name);
	PMD_HARNESS_CHECK_NO_VIOLATION_OF(a.fam, a.id);
	PMD_HARNESS_CHECK_NO_VIOLATION_OF(b.fam, b.id);
	CHECK(rte_eth_dev_close(a.id) == 0 && rte_eth_dev_close(b.id) == 0,
	      "%s: close", c->name);
	CHECK(rte_vdev_uninit(a.name) == 0 && rte_vdev_uninit(b.name) == 0,
	      "%s: remove", c->name);
}

int
main(int argc, char **argv)
{
	const struct pmd_family *fa = pmd_family(), *fb = peer_family();
	struct rte_mempool *mp;
	unsigned int i;

	RTE_SET_USED(argc);
	printf("ports: %s and %s on one mempool\n", fa->name, fb->name);
	pmd_harness_eal_init(argv[0], NULL);
	mp = eal_harness_pool("mixed", M_POOL, RTE_MBUF_DEFAULT_BUF_SIZE);
	if (mp == NULL)
		return 1;
	for (i = 0; i < RTE_DIM(cases); i++)
		mixed_case_run(&cases[i], fa, fb, mp, 2 * i);
	rte_mempool_free(mp);
	rte_eal_cleanup();
	return harness_result("test_pmd_mixed");
}
