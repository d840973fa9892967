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

#define TX_DEV		"net_stmmac_uio0"
#define UC_DEV		"net_stmmac_uio1"
#define FRAME_MAX	1600u
#define NB_TX		10u
#define STMMAC_TEST_TX_CKSUM						\
	(RTE_ETH_TX_OFFLOAD_IPV4_CKSUM | RTE_ETH_TX_OFFLOAD_UDP_CKSUM |	\
	 RTE_ETH_TX_OFFLOAD_TCP_CKSUM)

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

struct txcase {
	const char *what;
	bool v6, tcp, vlan;
	uint32_t ihl;		/* IPv4 header bytes */
	uint32_t payload;
	uint64_t flags;		/* ol_flags */
	int field;		/* L4 field sent: 0 DPDK pseudo-header, 1 garbage, 2 zero */
	bool bad_ip;		/* IPv4 header checksum sent wrong, not 0 */
	unsigned int nseg;
	bool zero_sum;		/* payload tuned for a UDP sum of 0 */
};

static const struct txcase txcases[NB_TX] = {
	{ "UDP/IPv4", false, false, false, 20, 26, RTE_MBUF_F_TX_IPV4 |
	  RTE_MBUF_F_TX_IP_CKSUM | RTE_MBUF_F_TX_UDP_CKSUM, 0, false, 1, false },
	{ "TCP/IPv4 with options, 3 segments", false, true, false, 24, 301,
	  RTE_MBUF_F_TX_IPV4 | RTE_MBUF_F_TX_IP_CKSUM | RTE_MBUF_F_TX_TCP_CKSUM,
	  0, false, 3, false },
	{ "UDP/IPv6", true, false, false, 0, 77, RTE_MBUF_F_TX_IPV6 |
	  RTE_MBUF_F_TX_UDP_CKSUM, 0, false, 1, false },
	{ "TCP/IPv6, garbage in the field, 2 segments", true, true, false, 0,
	  1200, RTE_MBUF_F_TX_IPV6 | RTE_MBUF_F_TX_TCP_CKSUM, 1, false, 2, false },
	{ "UDP/IPv4 in a VLAN", false, false, true, 20, 40, RTE_MBUF_F_TX_IPV4 |
	  RTE_MBUF_F_TX_IP_CKSUM | RTE_MBUF_F_TX_UDP_CKSUM, 0, false, 1, false },
	{ "IPv4 header only (UDP checksum 0: none)", false, false, false, 20, 30,
	  RTE_MBUF_F_TX_IPV4 | RTE_MBUF_F_TX_IP_CKSUM, 2, true, 1, false },
	{ "TCP/IPv4 without flags: untouched", false, true, false, 20, 50, 0, 1,
	  true, 1, false },
	{ "UDP/IPv4 summing to 0: 0xffff", false, false, false, 20, 64,
	  RTE_MBUF_F_TX_IPV4 | RTE_MBUF_F_TX_IP_CKSUM | RTE_MBUF_F_TX_UDP_CKSUM,
	  0, false, 1, true },
	{ "TCP/IPv4 L4 only, header checksum wrong (rewritten)", false, true,
	  false, 20, 10, RTE_MBUF_F_TX_IPV4 | RTE_MBUF_F_TX_TCP_CKSUM, 1, true, 1,
	  false },
	{ "UDP/IPv6, 4 segments", true, false, false, 0, 999,
	  RTE_MBUF_F_TX_IPV6 | RTE_MBUF_F_TX_UDP_CKSUM, 0, false, 4, false },
};

/* Byte @p i of a deterministic payload for case @p c. */
static uint8_t
pay(unsigned int c, uint32_t i)
{
	return (uint8_t)(i * 7u + c * 31u + 1u);
}

/*
 * Builds case @p c into @p f: the frame as sent (@p f) and as expected on
 * the wire (@p want, checksums from DPDK's functions). Returns the length
 * and the header lengths in @p l2, @p l3.
 */
static uint32_t
build_case(unsigned int c, uint8_t *f, uint8_t *want, uint32_t *l2,
	   uint32_t *l3)
{
	const struct txcase *t = &txcases[c];
	struct rte_ether_hdr *eh = (struct rte_ether_hdr *)f;
	uint32_t l4hl = t->tcp ? 20 : 8, len, i;
	void *ip, *l4;
	uint8_t *field, *w_field;	/* the L4 checksum field, sent / wanted */
	uint16_t v;
	uint8_t proto = t->tcp ? IPPROTO_TCP : IPPROTO_UDP;

	memset(f, 0, FRAME_MAX);
	memset(&eh->dst_addr, 0xff, RTE_ETHER_ADDR_LEN);
	eh->src_addr.addr_bytes[0] = 0x02;
	eh->src_addr.addr_bytes[5] = (uint8_t)c;
	*l2 = RTE_ETHER_HDR_LEN;
	if (t->vlan) {
		eh->ether_type = rte_cpu_to_be_16(RTE_ETHER_TYPE_VLAN);
		f[14] = 0x00;
		f[15] = 42;
		*l2 += 4;
	}
	*(uint16_t *)(f + *l2 - 2) = rte_cpu_to_be_16(t->v6 ? RTE_ETHER_TYPE_IPV6 :
						      RTE_ETHER_TYPE_IPV4);
	ip = f + *l2;
	*l3 = t->v6 ? sizeof(struct rte_ipv6_hdr) : t->ihl;
	l4 = f + *l2 + *l3;
	len = *l2 + *l3 + l4hl + t->payload;
	if (t->v6) {
		struct rte_ipv6_hdr *h = ip;

		h->vtc_flow = rte_cpu_to_be_32(0x60000000u);
		h->payload_len = rte_cpu_to_be_16((uint16_t)(l4hl + t->payload));
		h->proto = proto;
		h->hop_limits = 64;
		for (i = 0; i < 16; i++) {
			h->src_addr[i] = (uint8_t)(0x20 + i);
			h->dst_addr[i] = (uint8_t)(0xf0 - i * c);
		}
	} else {
		struct rte_ipv4_hdr *h = ip;

		h->version_ihl = (uint8_t)(0x40 | t->ihl / 4);
		h->total_length = rte_cpu_to_be_16((uint16_t)(t->ihl + l4hl +
							      t->payload));
		h->packet_id = rte_cpu_to_be_16((uint16_t)(0x1000 + c));
		h->time_to_live = 64;
		h->next_proto_id = proto;
		h->src_addr = rte_cpu_to_be_32(0xc0a80001u);
		h->dst_addr = rte_cpu_to_be_32(0x0a000002u + c);
		if (t->ihl > 20)
			memset(f + *l2 + 20, 1, t->ihl - 20);	/* NOPs */
	}
	if (t->tcp) {
		struct rte_tcp_hdr *th = l4;

		th->src_port = rte_cpu_to_be_16(1024);
		th->dst_port = rte_cpu_to_be_16(80);
		th->data_off = 0x50;
		th->tcp_flags = RTE_TCP_ACK_FLAG;
		field = (uint8_t *)l4 + offsetof(struct rte_tcp_hdr, cksum);
	} else {
		struct rte_udp_hdr *uh = l4;

		uh->src_port = rte_cpu_to_be_16(5000);
		uh->dst_port = rte_cpu_to_be_16(6000);
		uh->dgram_len = rte_cpu_to_be_16((uint16_t)(l4hl + t->payload));
		field = (uint8_t *)l4 + offsetof(struct rte_udp_hdr, dgram_cksum);
	}
	for (i = 0; i < t->payload; i++)
		f[len - t->payload + i] = pay(c, i);

	/* The reference: DPDK's software checksums over the whole frame. */
	memcpy(want, f, len);
	w_field = want + (field - f);
	memset(w_field, 0, 2);
	if (t->zero_sum) {
		uint16_t s;

		/*
		 * The last (even-offset) word set to the checksum of the rest
		 * makes the sum 0xffff: the checksum is 0, sent as 0xffff.
		 */
		memset(want + len - 2, 0, 2);
		s = rte_ipv4_udptcp_cksum((const struct rte_ipv4_hdr *)(want + *l2),
					  want + *l2 + *l3);
		memcpy(want + len - 2, &s, 2);
		memcpy(f + len - 2, &s, 2);
	}
	if (t->v6)
		v = rte_ipv6_udptcp_cksum(
			(const struct rte_ipv6_hdr *)(want + *l2), want + *l2 + *l3);
	else
		v = rte_ipv4_udptcp_cksum(
			(const struct rte_ipv4_hdr *)(want + *l2), want + *l2 + *l3);
	memcpy(w_field, &v, 2);
	if (!t->v6) {
		struct rte_ipv4_hdr *wh = (struct rte_ipv4_hdr *)(want + *l2);

		wh->hdr_checksum = 0;
		wh->hdr_checksum = rte_ipv4_cksum(wh);
		((struct rte_ipv4_hdr *)ip)->hdr_checksum =
			t->bad_ip ? (uint16_t)~wh->hdr_checksum : 0;
	}
	/* What is sent in the L4 field. */
	if (t->zero_sum)
		CHECK_EQ_U(v, 0xffff, "%s: reference gives 0xffff", t->what);
	if (t->field == 0)
		v = t->v6 ? rte_ipv6_phdr_cksum(ip, RTE_MBUF_F_TX_IPV6 | t->flags) :
			    rte_ipv4_phdr_cksum(ip, t->flags);
	else if (t->field == 1)
		v = (uint16_t)~v ^ 0x5a5a;
	else
		v = 0;
	memcpy(field, &v, 2);
	/* No L4 flag: the L4 field is expected as sent. */
	if (!(t->flags & RTE_MBUF_F_TX_L4_MASK))
		memcpy(w_field, field, 2);
	/* No flag at all: the IPv4 header is expected as sent too. */
	if (t->flags == 0)
		memcpy(want + *l2, ip, *l3);
	return len;
}

/* @p len bytes of @p f as an mbuf chain of @p nseg segments. */
static struct rte_mbuf *
to_mbuf(struct rte_mempool *mp, const uint8_t *f, uint32_t len,
	unsigned int nseg)
{
	struct rte_mbuf *head = NULL, *m;
	uint32_t off = 0, chunk;
	unsigned int s;

	for (s = 0; s < nseg; s++) {
		chunk = s + 1 == nseg ? len - off : (len / nseg) | 1u;
		m = rte_pktmbuf_alloc(mp);
		if (m == NULL || rte_pktmbuf_append(m, (uint16_t)chunk) == NULL) {
			rte_pktmbuf_free(m);
			rte_pktmbuf_free(head);
			return NULL;
		}
		memcpy(rte_pktmbuf_mtod(m, void *), f + off, chunk);
		off += chunk;
		if (head == NULL)
			head = m;
		else if (rte_pktmbuf_chain(head, m) != 0)
			return NULL;
	}
	return head;
}

/* What rte_eth_tx_prepare() must refuse, each alone: errno expected. */
static void
check_prepare(uint16_t port, struct rte_mempool *mp, const uint8_t *f,
	      uint32_t len, uint32_t l2, uint32_t l3)
{
	static const struct {
		const char *what;
		uint64_t flags;
		uint16_t type;		/* EtherType written (0: keep) */
		uint16_t frag;		/* IPv4 fragment field (host order) */
		int err;
	} bad[] = {
		{ "SCTP checksum", RTE_MBUF_F_TX_IPV4 | RTE_MBUF_F_TX_SCTP_CKSUM,
		  0, 0, ENOTSUP },
		{ "TSO", RTE_MBUF_F_TX_IPV4 | RTE_MBUF_F_TX_TCP_SEG, 0, 0, ENOTSUP },
		{ "VLAN insertion", RTE_MBUF_F_TX_VLAN, 0, 0, ENOTSUP },
		{ "L4 checksum of an ARP frame", RTE_MBUF_F_TX_UDP_CKSUM,
		  RTE_ETHER_TYPE_ARP, 0, EINVAL },
		{ "IP checksum of an IPv6 frame", RTE_MBUF_F_TX_IP_CKSUM,
		  RTE_ETHER_TYPE_IPV6, 0, EINVAL },
		{ "L4 checksum of an IPv4 fragment", RTE_MBUF_F_TX_IPV4 |
		  RTE_MBUF_F_TX_UDP_CKSUM, 0, RTE_IPV4_HDR_MF_FLAG, EINVAL },
	};
	struct rte_mbuf *m[2];
	unsigned int i;

	for (i = 0; i < RTE_DIM(bad); i++) {
		uint8_t *p;

		m[0] = to_mbuf(mp, f, len, 1);
		m[1] = to_mbuf(mp, f, len, 1);
		if (m[0] == NULL || m[1] == NULL) {
			CHECK(0, "prepare: mbufs");
			return;
		}
		m[0]->ol_flags = RTE_MBUF_F_TX_IPV4 | RTE_MBUF_F_TX_IP_CKSUM |
				 RTE_MBUF_F_TX_UDP_CKSUM;
		m[1]->ol_flags = bad[i].flags;
		m[0]->l2_len = m[1]->l2_len = l2;
		m[0]->l3_len = m[1]->l3_len = l3;
		p = rte_pktmbuf_mtod(m[1], uint8_t *);
		if (bad[i].type != 0)
			*(uint16_t *)(p + 12) = rte_cpu_to_be_16(bad[i].type);
		if (bad[i].frag != 0)
			*(uint16_t *)(p + l2 + 6) = rte_cpu_to_be_16(bad[i].frag);
		rte_errno = 0;
		CHECK_EQ_U(rte_eth_tx_prepare(port, 0, m, 2), 1,
			   "prepare: %s refused, the good packet before it kept",
			   bad[i].what);
		CHECK_EQ_U(rte_errno, bad[i].err, "prepare: %s: errno", bad[i].what);
		rte_pktmbuf_free(m[0]);
		rte_pktmbuf_free(m[1]);
	}
}

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
	m = to_mbuf(mp, bad, len, 1);
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
	static struct corpus got;
	struct rte_mbuf *pkts[NB_TX];
	struct rte_eth_dev_info info;
	struct rte_eth_conf conf;
	struct rte_mempool *mp;
	uint32_t len[NB_TX], l2 = 0, l3 = 0, sent = 0, polls, i, same = 0;
	int port = pmd_harness_probed_port(TX_DEV);
	struct dwmac4_model_stats st;

	mp = part_pool(port, "feat_tx", 1024, &info);
	if (mp == NULL)
		return;
	CHECK_EQ_U(info.tx_offload_capa & STMMAC_TEST_TX_CKSUM, STMMAC_TEST_TX_CKSUM,
		   "TX checksum offloads advertised");
	memset(&conf, 0, sizeof(conf));
	conf.txmode.offloads = STMMAC_TEST_TX_CKSUM | RTE_ETH_TX_OFFLOAD_MULTI_SEGS;
	if (pmd_harness_port_start(port, mp, 256, &conf) != 0) {
		CHECK(0, "TX port start");
		return;
	}
	for (i = 0; i < NB_TX; i++) {
		len[i] = build_case(i, frames[i], want[i], &l2, &l3);
		pkts[i] = to_mbuf(mp, frames[i], len[i], txcases[i].nseg);
		CHECK(pkts[i] != NULL, "mbuf %u", i);
		if (pkts[i] == NULL)
			return;
		pkts[i]->ol_flags = txcases[i].flags;
		pkts[i]->l2_len = l2;
		pkts[i]->l3_len = l3;
	}
	CHECK_EQ_U(rte_eth_tx_prepare(port, 0, pkts, NB_TX), NB_TX,
		   "prepare accepts every case (%s)", rte_strerror(rte_errno));
	for (polls = 0; polls < 1000000 && sent < NB_TX; polls++)
		sent += rte_eth_tx_burst(port, 0, pkts + sent,
					 (uint16_t)(NB_TX - sent));
	CHECK_EQ_U(sent, NB_TX, "TX burst took every case");
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
	l2 = RTE_ETHER_HDR_LEN;
	check_prepare(port, mp, frames[0], len[0], l2, 20);
	send_bad_header(port, mp, frames[0], len[0], bad);
	PMD_HARNESS_CHECK_NO_VIOLATION((uint16_t)port);
	CHECK(rte_eth_dev_stop(port) == 0, "stop");
	CHECK(rte_eth_dev_close(port) == 0, "close (flushes the capture)");

	CHECK(corpus_read_pcap(out_path, &got) == 0, "read %s", out_path);
	CHECK_EQ_U(got.n, NB_TX + 1, "frames on the wire");
	if (got.n == NB_TX + 1)
		CHECK(got.f[NB_TX].len == len[0] &&
		      memcmp(got.f[NB_TX].data, bad, len[0]) == 0,
		      "IP header error: sent, with the header checksum inserted");
	for (i = 0; i < NB_TX && i < got.n; i++) {
		bool ok = got.f[i].len == len[i] &&
			  memcmp(got.f[i].data, want[i], len[i]) == 0;

		CHECK(ok, "%s: on the wire as DPDK's software checksums make it",
		      txcases[i].what);
		same += ok;
	}
	printf("TX checksum offload: %u of %u frames byte-exact\n", same, NB_TX);
	corpus_free(&got);
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
