/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The features docs/nics/features/stmmac_uio.ini claims beyond the RX
 * path, through the ethdev API on the device model:
 *
 *  1. TX checksum offload: dev_info advertises RTE_ETH_TX_OFFLOAD_IPV4/
 *     UDP/TCP_CKSUM; packets sent with RTE_MBUF_F_TX_IP_CKSUM and
 *     RTE_MBUF_F_TX_{UDP,TCP}_CKSUM (IPv4, IPv6, one VLAN tag, IPv4
 *     options, several segments, DPDK's pseudo-header convention or
 *     garbage in the L4 field, a UDP sum of zero) leave the model's wire
 *     (tx_pcap=) byte-identical to the frame with the checksums DPDK's
 *     rte_ipv4_cksum() / rte_ipv4_udptcp_cksum() / rte_ipv6_udptcp_cksum()
 *     compute; packets without the flags leave untouched;
 *     rte_eth_tx_prepare() refuses what the device cannot do; a frame
 *     whose IP header the device finds wrong is sent and counted in
 *     oerrors.
 *  2. Unicast MAC filter: max_mac_addrs is 1 + the core's ADDMACADRSEL;
 *     rte_eth_dev_mac_addr_add()/remove() let frames for a secondary
 *     address in and out with promiscuous mode off, across a stop/start;
 *     a full table and a multicast address are refused.
 */
#include <stddef.h>
#include <unistd.h>

#include <rte_ether.h>
#include <rte_ip.h>
#include <rte_tcp.h>
#include <rte_udp.h>

#include "pmd_corpus.h"
#include "pmd_harness.h"
#include "pmd_txcsum.h"

#define TX_DEV		"net_stmmac_uio0"
#define UC_DEV		"net_stmmac_uio1"

/* A pool of @p n mbufs for a part on @p port, and its dev_info; NULL on failure. */
static struct rte_mempool *
part_pool(int port, const char *name, unsigned int n,
	  struct rte_eth_dev_info *info)
{
	struct rte_mempool *mp;

	if (port < 0)
		return NULL;
	mp = eal_harness_pool(name, n, RTE_MBUF_DEFAULT_BUF_SIZE);
	CHECK(mp != NULL && rte_eth_dev_info_get(port, info) == 0,
	      "%s: pool, dev_info", name);
	return mp;
}

/* ---- 1. TX checksum offload ---- */

/*
 * Case 0 with IP version 5 under EtherType 0x0800: the device still sends
 * it, with the header checksum it computes (databook) and the UDP
 * checksum untouched, and writes back IHE with ES: counted in oerrors.
 * @p bad gets the frame expected on the wire.
 */
static void
send_bad_header(uint16_t port, struct rte_mempool *mp, const uint8_t *f,
		uint32_t len, uint8_t *bad)
{
	struct rte_ipv4_hdr *ip = (struct rte_ipv4_hdr *)(bad + RTE_ETHER_HDR_LEN);
	struct dwmac4_model_stats st0 = pmd_harness_model_stats(port), st;
	uint64_t oerr0 = pmd_harness_eth_stats(port).oerrors, polls;
	struct rte_mbuf *m;

	memcpy(bad, f, len);
	ip->version_ihl = 0x55;
	m = pmd_txcsum_mbuf(mp, bad, len, 1);
	if (m == NULL) {
		CHECK(0, "bad header: mbuf");
		return;
	}
	m->ol_flags = RTE_MBUF_F_TX_IPV4 | RTE_MBUF_F_TX_IP_CKSUM |
		      RTE_MBUF_F_TX_UDP_CKSUM;
	m->l2_len = RTE_ETHER_HDR_LEN;
	m->l3_len = 20;
	CHECK_EQ_U(rte_eth_tx_burst(port, 0, &m, 1), 1, "bad header: queued");
	for (polls = 0; polls < 10000000; polls++) {
		rte_eth_tx_burst(port, 0, NULL, 0);	/* reclaims, counts */
		if (pmd_harness_eth_stats(port).oerrors != oerr0)
			break;
		rte_pause();
	}
	st = pmd_harness_model_stats(port);
	CHECK_EQ_U(st.tx_frames - st0.tx_frames, 1, "bad header: sent");
	CHECK_EQ_U(st.tx_csum_hdr_err - st0.tx_csum_hdr_err, 1,
		   "bad header: IHE written back");
	CHECK_EQ_U(pmd_harness_eth_stats(port).oerrors - oerr0, 1,
		   "bad header: counted in oerrors");
	ip->hdr_checksum = 0;
	ip->hdr_checksum = rte_ipv4_cksum(ip);
}

static void
part_tx_csum(const char *out_path)
{
	static uint8_t frames[NB_TX][FRAME_MAX], want[NB_TX][FRAME_MAX];
	static uint8_t bad[FRAME_MAX];
	struct rte_eth_dev_info info;
	struct rte_mempool *mp;
	uint32_t len[NB_TX], polls;
	int port = pmd_harness_probed_port(TX_DEV);
	struct dwmac4_model_stats st;

	mp = part_pool(port, "feat_tx", 1024, &info);
	if (mp == NULL || pmd_txcsum_start((uint16_t)port, mp) != 0 ||
	    pmd_txcsum_send_cases((uint16_t)port, mp, frames, want, len) != 0)
		return;
	for (polls = 0; polls < 10000000; polls++) {
		st = pmd_harness_model_stats(port);
		if (st.tx_frames >= NB_TX)
			break;
		rte_eth_tx_burst(port, 0, NULL, 0);
		rte_pause();
	}
	CHECK_EQ_U(st.tx_frames, NB_TX, "the device sent every case");
	CHECK_EQ_U(st.tx_csum_frames, NB_TX - 1,
		   "the checksum engine ran for each packet with a flag");
	CHECK_EQ_U(st.tx_csum_cut_through + st.tx_csum_hdr_err +
		   st.tx_csum_payload_err, 0, "store and forward, no error");
	CHECK_EQ_U(pmd_harness_eth_stats(port).oerrors, 0, "oerrors");
	pmd_txcsum_check_prepare(port, mp, frames[0], len[0], RTE_ETHER_HDR_LEN,
				 20);
	send_bad_header(port, mp, frames[0], len[0], bad);
	pmd_txcsum_check_wire((uint16_t)port, out_path, want, len, bad, len[0],
			      "IP header error: sent, with the header checksum inserted",
			      "stmmac");
	rte_mempool_free(mp);
}

/* ---- 2. Unicast MAC filter ---- */

/* Destination classes of the frames port 1 replays: see write_capture(). */
enum { DA_STATION, DA_B1, DA_B2, DA_B3, DA_C, DA_NB };

static const struct rte_ether_addr da_addr[DA_NB] = {
	{ { 0x02, 0x00, 0x00, 0x00, 0x77, 0x01 } },	/* mac= of port 1 */
	{ { 0x02, 0x00, 0x00, 0x00, 0x77, 0xb1 } },
	{ { 0x02, 0x00, 0x00, 0x00, 0x77, 0xb2 } },
	{ { 0x02, 0x00, 0x00, 0x00, 0x77, 0xb3 } },
	{ { 0x02, 0x00, 0x00, 0x00, 0x77, 0xcc } },
};

/* A classic pcap of one 60-byte frame to each address, in turn. */
static int
write_capture(const char *path)
{
	static const uint32_t gh[6] = { 0xa1b2c3d4, 0x00040002, 0, 0, 65535, 1 };
	uint8_t frame[60];
	uint32_t rh[4] = { 0, 0, sizeof(frame), sizeof(frame) };
	FILE *f = fopen(path, "wb");
	unsigned int i;

	if (f == NULL)
		return -1;
	fwrite(gh, sizeof(gh), 1, f);
	for (i = 0; i < DA_NB; i++) {
		memset(frame, 0, sizeof(frame));
		memcpy(frame, &da_addr[i], 6);
		frame[6] = 0x02;
		frame[11] = 0x99;
		frame[12] = 0x88;	/* local experimental EtherType */
		frame[13] = 0xb5;
		fwrite(rh, sizeof(rh), 1, f);
		fwrite(frame, sizeof(frame), 1, f);
	}
	return fclose(f);
}

/*
 * Receives @p skip frames (those the ring and the MTL queue held from
 * before the last change), then counts the destinations of the next
 * @p n in @p seen.
 */
static void
window(uint16_t port, unsigned int skip, unsigned int n,
       unsigned int seen[DA_NB])
{
	struct rte_mbuf *pkts[32];
	unsigned int got = 0, i, k;
	uint64_t polls;

	memset(seen, 0, sizeof(unsigned int) * DA_NB);
	for (polls = 0; polls < PMD_HARNESS_MAX_POLLS && got < skip + n; polls++) {
		uint16_t nb = rte_eth_rx_burst(port, 0, pkts, RTE_DIM(pkts));

		for (i = 0; i < nb; i++, got++) {
			const struct rte_ether_hdr *eh =
				rte_pktmbuf_mtod(pkts[i], const struct rte_ether_hdr *);

			for (k = 0; got >= skip && k < DA_NB; k++)
				seen[k] += rte_is_same_ether_addr(&eh->dst_addr,
								  &da_addr[k]);
			rte_pktmbuf_free(pkts[i]);
		}
	}
	CHECK(got >= skip + n, "port %u: %u of %u frames", port, got, skip + n);
}

/* The destinations of a window are exactly those of @p allowed (bits). */
static void
expect_window(uint16_t port, unsigned int allowed, const char *what)
{
	unsigned int seen[DA_NB], k;

	window(port, 1200, 1000, seen);
	for (k = 0; k < DA_NB; k++) {
		if (allowed & 1u << k)
			CHECK(seen[k] > 0, "%s: frames to address %u pass", what, k);
		else
			CHECK_EQ_U(seen[k], 0, "%s: frames to address %u filtered",
				   what, k);
	}
}

#define ALLOW(k) (1u << (k))

static void
part_unicast_filter(void)
{
	struct rte_ether_addr mc = { { 0x01, 0x00, 0x5e, 0x00, 0x00, 0x01 } };
	struct rte_eth_dev_info info;
	struct rte_mempool *mp;
	uint64_t filtered;
	int port = pmd_harness_probed_port(UC_DEV);

	mp = part_pool(port, "feat_uc", 2048, &info);
	if (mp == NULL)
		return;
	/* The model's MAC_HW_Feature0.ADDMACADRSEL is 3. */
	CHECK_EQ_U(info.max_mac_addrs, 4, "max_mac_addrs: address 0 and 1..3");
	/* Before the start: the start's reset must not lose it. */
	CHECK(rte_eth_dev_mac_addr_add(port,
				       (struct rte_ether_addr *)&da_addr[DA_B1],
				       0) == 0, "add B1 while stopped");
	if (pmd_harness_port_start(port, mp, 256, NULL) != 0) {
		CHECK(0, "filter port start");
		return;
	}
	CHECK(rte_eth_promiscuous_disable(port) == 0, "promiscuous off");
	expect_window(port, ALLOW(DA_STATION) | ALLOW(DA_B1),
		      "station address and B1 added before the start");
	CHECK(rte_eth_dev_mac_addr_add(port,
				       (struct rte_ether_addr *)&da_addr[DA_B2],
				       0) == 0, "add B2");
	CHECK(rte_eth_dev_mac_addr_add(port,
				       (struct rte_ether_addr *)&da_addr[DA_B3],
				       0) == 0, "add B3");
	expect_window(port, ALLOW(DA_STATION) | ALLOW(DA_B1) | ALLOW(DA_B2) |
		      ALLOW(DA_B3), "B1, B2 and B3");
	CHECK_EQ_U(rte_eth_dev_mac_addr_add(port,
					    (struct rte_ether_addr *)&da_addr[DA_C],
					    0), -ENOSPC, "a fifth address: table full");
	CHECK(rte_eth_dev_mac_addr_remove(port,
					  (struct rte_ether_addr *)&da_addr[DA_B1])
	      == 0, "remove B1");
	CHECK_EQ_U(rte_eth_dev_mac_addr_add(port, &mc, 0), -EINVAL,
		   "a multicast address is refused (set_mc_addr_list is for those)");
	expect_window(port, ALLOW(DA_STATION) | ALLOW(DA_B2) | ALLOW(DA_B3),
		      "B1 removed");
	CHECK(rte_eth_dev_stop(port) == 0 && rte_eth_dev_start(port) == 0,
	      "stop, start");
	CHECK_EQ_U(rte_eth_promiscuous_get(port), 0, "still not promiscuous");
	expect_window(port, ALLOW(DA_STATION) | ALLOW(DA_B2) | ALLOW(DA_B3),
		      "after a restart (the reset cleared the registers)");
	filtered = pmd_harness_model_stats(port).rx_dropped_filter;
	CHECK(filtered > 0, "the device counted filtered frames");
	CHECK(rte_eth_promiscuous_enable(port) == 0, "promiscuous on");
	expect_window(port, ALLOW(DA_STATION) | ALLOW(DA_B1) | ALLOW(DA_B2) |
		      ALLOW(DA_B3) | ALLOW(DA_C), "promiscuous");
	PMD_HARNESS_CHECK_NO_VIOLATION((uint16_t)port);
	CHECK(rte_eth_dev_stop(port) == 0, "stop");
	CHECK(rte_eth_dev_close(port) == 0, "close");
	rte_mempool_free(mp);
}

int
main(int argc, char **argv)
{
	char out_path[] = "/tmp/socrx_feat_tx_XXXXXX";
	char cap_path[] = "/tmp/socrx_feat_uc_XXXXXX";
	char vdev0[256], vdev1[256];
	const char *vdevs[3] = { vdev0, vdev1, NULL };
	int fd;

	(void)argc;
	fd = mkstemp(out_path);
	if (fd < 0)
		return 1;
	close(fd);
	fd = mkstemp(cap_path);
	if (fd < 0 || write_capture(cap_path) != 0)
		return 1;
	close(fd);
	snprintf(vdev0, sizeof(vdev0), TX_DEV ",gen_pkts=1,tx_pcap=%s", out_path);
	snprintf(vdev1, sizeof(vdev1), UC_DEV ",rx_pcap=%s,rx_pcap_loop=1,"
		 "mac=02:00:00:00:77:01", cap_path);
	pmd_harness_eal_init(argv[0], vdevs);
	part_tx_csum(out_path);
	part_unicast_filter();
	unlink(out_path);
	unlink(cap_path);
	rte_eal_cleanup();
	return harness_result("test_pmd_features");
}
