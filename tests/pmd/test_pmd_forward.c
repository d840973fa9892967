/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * A capture replayed into port 0 (rx_pcap=), forwarded by a testpmd-style
 * io loop to port 1, written by port 1 (tx_pcap=): the output capture must
 * hold the same frames, byte-identical and in order (zero-padded to 60
 * bytes by a device that pads, pmd_family.h). Also checks the
 * accounting on both ports and that the model saw no protocol violation
 * (nor, with dma=noncoherent, a missed cache operation).
 *
 * Usage: test_pmd_forward CAPTURE [DEVARGS]   (DEVARGS: added to both ports)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <rte_ethdev.h>
#include <rte_mbuf.h>

#include "pmd_corpus.h"
#include "pmd_harness.h"

int
main(int argc, char **argv)
{
	static struct corpus in, out;
	char vdev0[512], vdev1[512], out_path[] = "/tmp/socrx_fwd_XXXXXX";
	char name0[64], name1[64];
	const char *vdevs[3] = { vdev0, vdev1, NULL };
	struct rte_eth_stats st0, st1;
	struct rte_mempool *mp;
	struct rte_mbuf *pkts[32];
	uint64_t forwarded = 0, polls;
	unsigned int baseline, i, same = 0;
	int p0, p1, fd, idle = 0;

	const char *extra = argc == 3 ? argv[2] : "";

	if (argc < 2 || argc > 3 || corpus_read_pcap(argv[1], &in) != 0 ||
	    in.n == 0) {
		fprintf(stderr, "usage: %s CAPTURE [DEVARGS] (a readable pcap)\n",
			argv[0]);
		return 1;
	}
	fd = mkstemp(out_path);
	if (fd < 0)
		return 1;
	close(fd);
	pmd_vdev(name0, sizeof(name0), 0);
	pmd_vdev(name1, sizeof(name1), 1);
	snprintf(vdev0, sizeof(vdev0), "%s,rx_pcap=%s%s%s", name0, argv[1],
		 extra[0] ? "," : "", extra);
	/* A TX sink alone: port 1 receives nothing (no generator). */
	snprintf(vdev1, sizeof(vdev1), "%s,tx_pcap=%s%s%s", name1,
		 out_path, extra[0] ? "," : "", extra);
	pmd_harness_eal_init(argv[0], vdevs);
	p0 = pmd_harness_port(name0);
	p1 = pmd_harness_port(name1);
	mp = eal_harness_pool("fwd", 4096, RTE_MBUF_DEFAULT_BUF_SIZE);
	if (p0 < 0 || p1 < 0 || mp == NULL)
		return 1;
	baseline = rte_mempool_in_use_count(mp);
	if (pmd_harness_port_start(p0, mp, 1024, NULL) != 0 ||
	    pmd_harness_port_start(p1, mp, 1024, NULL) != 0)
		return 1;

	/* testpmd's io forwarding: port 0 -> port 1, retrying a full TX. */
	for (polls = 0; polls < PMD_HARNESS_MAX_POLLS && forwarded < in.n; polls++) {
		uint16_t n = rte_eth_rx_burst(p0, 0, pkts, RTE_DIM(pkts));
		uint16_t sent = 0;

		while (sent < n)
			sent += rte_eth_tx_burst(p1, 0, pkts + sent, n - sent);
		forwarded += n;
		if (n == 0) {
			if (idle)
				break;
			idle = pmd_family()->rx_idle(p0) == 1;
		}
	}
	/* port 1's single generated frame is received and dropped */
	pmd_harness_rx_until(p1, 1, NULL, NULL);

	CHECK_EQ_U(forwarded, in.n, "frames forwarded");
	CHECK(rte_eth_stats_get(p0, &st0) == 0, "stats port 0");
	CHECK(rte_eth_stats_get(p1, &st1) == 0, "stats port 1");
	CHECK_EQ_U(st0.ipackets, in.n, "port 0 ipackets");
	CHECK_EQ_U(st0.imissed + st0.ierrors, 0, "port 0 missed + errors");
	CHECK_EQ_U(st1.opackets, in.n, "port 1 opackets");
	PMD_HARNESS_CHECK_NO_VIOLATION(p0);
	PMD_HARNESS_CHECK_NO_VIOLATION(p1);

	/* the device finishes transmitting before the port stops */
	for (polls = 0; polls < PMD_HARNESS_MAX_POLLS; polls++) {
		struct pmd_model_stats ms;

		if (pmd_family()->model_stats(p1, &ms) != 0 ||
		    ms.tx_frames >= in.n)
			break;
		rte_pause();
	}
	CHECK_EQ_U(pmd_harness_model(p1).rx_offered, 0,
		   "port 1 (tx_pcap= alone) received nothing");
	CHECK(rte_eth_dev_stop(p0) == 0 && rte_eth_dev_stop(p1) == 0, "stop");
	CHECK_EQ_U(rte_mempool_in_use_count(mp), baseline,
		   "pool in use after stop");
	CHECK(rte_eth_dev_close(p0) == 0 && rte_eth_dev_close(p1) == 0,
	      "close (flushes the capture)");

	CHECK(corpus_read_pcap(out_path, &out) == 0, "read %s", out_path);
	CHECK_EQ_U(out.n, in.n, "frames in the output capture");
	/* Zero-padded to 60 bytes where the family's device pads. */
	for (i = 0; i < in.n && i < out.n; i++)
		same += pmd_family_tx_same(in.f[i].data, in.f[i].len,
					   out.f[i].data, out.f[i].len);
	CHECK_EQ_U(same, in.n, "frames byte-identical and in order");

	unlink(out_path);
	corpus_free(&in);
	corpus_free(&out);
	rte_mempool_free(mp);
	rte_eal_cleanup();
	return harness_result("test_pmd_forward");
}
