/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * net_mvneta_uio's TX checksum insertion through ethdev, on the neta
 * model (which inserts what the first TX descriptor's command asks, at
 * the L3 offset and IP header length it gives: docs/model.md):
 *   - dev_info advertises RTE_ETH_TX_OFFLOAD_IPV4/UDP/TCP_CKSUM;
 *   - the cases of pmd_txcsum.h (TCP and UDP over IPv4 and IPv6, IPv4
 *     options, a VLAN tag, several segments, DPDK's pseudo-header or
 *     garbage in the L4 field, a UDP sum of zero, the IPv4 header alone,
 *     no flag) pass rte_eth_tx_prepare() and leave the model's wire
 *     (tx_pcap=) byte-identical to the frames DPDK's software checksums
 *     make; the device inserted a checksum for every packet with a flag;
 *   - rte_eth_tx_prepare() refuses what the device does not do (SCTP,
 *     TSO, VLAN insertion: ENOTSUP) and what the command word cannot carry
 *     or the frame does not match (an ARP frame, IPv4 flags on IPv6, a
 *     fragment, l3_len other than the IHL, an L3 offset over 127 bytes:
 *     EINVAL);
 *   - a packet sent without tx_prepare whose l3_len the command cannot
 *     carry leaves as it was sent (no checksum written at a wrong place).
 * The mvneta family only (SOCRX_TEST_FAMILY=mvneta).
 */
#include <unistd.h>

#include <rte_bus_vdev.h>

#include "pmd_txcsum.h"
#include "rte_pmd_mvneta_uio.h"

#include "neta_model.h"

static struct neta_model_stats
nc_stats(uint16_t port)
{
	struct neta_model_stats st;

	memset(&st, 0, sizeof(st));
	CHECK_EQ_U(rte_pmd_mvneta_uio_model_stats(port, &st), 0, "model stats");
	return st;
}

/* Polls (reclaiming) until the model sent @p n frames in all. */
static uint64_t
nc_wait_sent(uint16_t port, uint64_t n)
{
	uint64_t polls, sent = 0;

	for (polls = 0; polls < 10000000; polls++) {
		sent = nc_stats(port).tx_frames;
		if (sent >= n)
			break;
		rte_eth_tx_burst(port, 0, NULL, 0);
		rte_pause();
	}
	return sent;
}

/* Refusals the NETA adds to pmd_txcsum.h's: what its command cannot carry. */
static void
check_prepare_neta(uint16_t port, struct rte_mempool *mp, const uint8_t *f,
		   uint32_t len)
{
	static const struct {
		const char *what;
		uint8_t l2, l3;
	} bad[] = {
		{ "l3_len 24 for a 20-byte IPv4 header", RTE_ETHER_HDR_LEN, 24 },
		{ "l3_len not a whole number of words", RTE_ETHER_HDR_LEN, 22 },
		{ "L3 offset over 127 bytes", 128, 20 },
	};
	struct rte_mbuf *m;
	unsigned int i;

	for (i = 0; i < RTE_DIM(bad); i++) {
		m = pmd_txcsum_mbuf(mp, f, len, 1);
		if (m == NULL) {
			CHECK(0, "prepare: mbuf");
			return;
		}
		m->ol_flags = RTE_MBUF_F_TX_IPV4 | RTE_MBUF_F_TX_IP_CKSUM |
			      RTE_MBUF_F_TX_UDP_CKSUM;
		m->l2_len = bad[i].l2;
		m->l3_len = bad[i].l3;
		rte_errno = 0;
		CHECK_EQ_U(rte_eth_tx_prepare(port, 0, &m, 1), 0,
			   "prepare: %s refused", bad[i].what);
		CHECK_EQ_U(rte_errno, EINVAL, "prepare: %s: EINVAL", bad[i].what);
		rte_pktmbuf_free(m);
	}
}

/*
 * Case 0 sent without tx_prepare with an l3_len the command cannot carry
 * (22): @p raw gets it as sent, which is what must leave.
 */
static void
send_unexpressible(uint16_t port, struct rte_mempool *mp, const uint8_t *f,
		   uint32_t len, uint8_t *raw)
{
	struct rte_mbuf *m;

	memcpy(raw, f, len);
	m = pmd_txcsum_mbuf(mp, raw, len, 1);
	if (m == NULL) {
		CHECK(0, "unexpressible: mbuf");
		return;
	}
	m->ol_flags = RTE_MBUF_F_TX_IPV4 | RTE_MBUF_F_TX_IP_CKSUM |
		      RTE_MBUF_F_TX_UDP_CKSUM;
	m->l2_len = RTE_ETHER_HDR_LEN;
	m->l3_len = 22;
	CHECK_EQ_U(rte_eth_tx_burst(port, 0, &m, 1), 1, "unexpressible: queued");
}

static void
run(uint16_t port, struct rte_mempool *mp, const char *out_path)
{
	static uint8_t frames[NB_TX][FRAME_MAX], want[NB_TX][FRAME_MAX];
	static uint8_t raw[FRAME_MAX];
	uint32_t len[NB_TX];

	if (pmd_txcsum_start(port, mp) != 0 ||
	    pmd_txcsum_send_cases(port, mp, frames, want, len) != 0)
		return;
	CHECK_EQ_U(nc_wait_sent(port, NB_TX), NB_TX, "the device sent every case");
	CHECK_EQ_U(nc_stats(port).tx_csum_frames, NB_TX - 1,
		   "a checksum inserted in each packet with a flag");
	pmd_txcsum_check_prepare(port, mp, frames[0], len[0], RTE_ETHER_HDR_LEN,
				 20);
	check_prepare_neta(port, mp, frames[0], len[0]);
	send_unexpressible(port, mp, frames[0], len[0], raw);
	CHECK_EQ_U(nc_wait_sent(port, NB_TX + 1), NB_TX + 1,
		   "the unexpressible request sent");
	CHECK_EQ_U(nc_stats(port).tx_csum_frames, NB_TX - 1,
		   "... with no checksum inserted");
	CHECK_EQ_U(pmd_harness_eth_stats(port).oerrors, 0, "oerrors");
	pmd_txcsum_check_wire(port, out_path, want, len, raw, len[0],
			      "unexpressible request: on the wire as sent",
			      "NETA");
}

int
main(int argc, char **argv)
{
	char out_path[] = "/tmp/socrx_neta_csum_XXXXXX";
	char name[32], args[128];
	struct rte_mempool *mp;
	int fd, port;

	RTE_SET_USED(argc);
	if (strcmp(pmd_family()->name, "mvneta") != 0) {
		printf("SKIP: the NETA's TX checksum command (SOCRX_TEST_FAMILY=mvneta)\n");
		return TEST_SKIP;
	}
	fd = mkstemp(out_path);
	if (fd < 0)
		return 1;
	close(fd);
	pmd_harness_eal_init(argv[0], NULL);
	mp = eal_harness_pool("neta_csum", 1024, RTE_MBUF_DEFAULT_BUF_SIZE);
	CHECK(mp != NULL, "mempool");
	pmd_vdev(name, sizeof(name), 0);
	snprintf(args, sizeof(args), "gen_pkts=1,tx_pcap=%s", out_path);
	CHECK_EQ_U(pmd_harness_vdev_init(name, args), 0, "probe %s", name);
	port = pmd_harness_probed_port(name);
	if (mp != NULL && port >= 0)
		run((uint16_t)port, mp, out_path);
	rte_vdev_uninit(name);
	rte_mempool_free(mp);
	unlink(out_path);
	return harness_result("pmd_neta_csum");
}
