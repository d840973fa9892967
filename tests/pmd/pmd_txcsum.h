/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * TX checksum offload cases shared by the families' feature tests
 * (test_pmd_features.c for the stmmac, test_pmd_neta_csum.c for the
 * NETA): each case built as sent and as expected on the wire, the
 * checksums of the expected frame from DPDK's rte_ipv4_cksum() /
 * rte_ipv4_udptcp_cksum() / rte_ipv6_udptcp_cksum(); the packet as an
 * mbuf chain; what rte_eth_tx_prepare() must refuse.
 */
#ifndef SOCRX_PMD_TXCSUM_H
#define SOCRX_PMD_TXCSUM_H

#include <stddef.h>

#include <rte_ether.h>
#include <rte_ip.h>
#include <rte_tcp.h>
#include <rte_udp.h>

#include "pmd_corpus.h"
#include "pmd_harness.h"

#define FRAME_MAX	1600u
#define NB_TX		10u

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
static inline uint8_t
pmd_txcsum_pay(unsigned int c, uint32_t i)
{
	return (uint8_t)(i * 7u + c * 31u + 1u);
}

/*
 * Builds case @p c into @p f: the frame as sent (@p f) and as expected on
 * the wire (@p want, checksums from DPDK's functions). Returns the length
 * and the header lengths in @p l2, @p l3.
 */
static inline uint32_t
pmd_txcsum_build(unsigned int c, uint8_t *f, uint8_t *want, uint32_t *l2,
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
			((uint8_t *)&h->src_addr)[i] = (uint8_t)(0x20 + i);
			((uint8_t *)&h->dst_addr)[i] = (uint8_t)(0xf0 - i * c);
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
		f[len - t->payload + i] = pmd_txcsum_pay(c, i);

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
static inline struct rte_mbuf *
pmd_txcsum_mbuf(struct rte_mempool *mp, const uint8_t *f, uint32_t len,
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
static inline void
pmd_txcsum_check_prepare(uint16_t port, struct rte_mempool *mp, const uint8_t *f,
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

		m[0] = pmd_txcsum_mbuf(mp, f, len, 1);
		m[1] = pmd_txcsum_mbuf(mp, f, len, 1);
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

/* The ethdev offloads the cases need. */
#define PMD_TXCSUM_OFFLOADS						\
	(RTE_ETH_TX_OFFLOAD_IPV4_CKSUM | RTE_ETH_TX_OFFLOAD_UDP_CKSUM |	\
	 RTE_ETH_TX_OFFLOAD_TCP_CKSUM)

/*
 * Checks @p port advertises the offloads and starts it with them (and
 * multi-segment TX) on @p mp: 0, or -1 after a failed check.
 */
static inline int
pmd_txcsum_start(uint16_t port, struct rte_mempool *mp)
{
	struct rte_eth_dev_info info;
	struct rte_eth_conf conf;

	CHECK(rte_eth_dev_info_get(port, &info) == 0, "dev_info");
	CHECK_EQ_U(info.tx_offload_capa & PMD_TXCSUM_OFFLOADS,
		   PMD_TXCSUM_OFFLOADS, "TX checksum offloads advertised");
	memset(&conf, 0, sizeof(conf));
	conf.txmode.offloads = PMD_TXCSUM_OFFLOADS |
			       RTE_ETH_TX_OFFLOAD_MULTI_SEGS;
	if (pmd_harness_port_start(port, mp, 256, &conf) != 0) {
		CHECK(0, "TX port start");
		return -1;
	}
	return 0;
}

/*
 * Builds every case into @p frames (as sent) and @p want (as expected),
 * lengths in @p len, and sends them on queue 0 of @p port once
 * rte_eth_tx_prepare() accepted them all: 0, or -1 without mbufs.
 */
static inline int
pmd_txcsum_send_cases(uint16_t port, struct rte_mempool *mp,
		      uint8_t frames[NB_TX][FRAME_MAX],
		      uint8_t want[NB_TX][FRAME_MAX], uint32_t len[NB_TX])
{
	struct rte_mbuf *pkts[NB_TX];
	uint32_t l2 = 0, l3 = 0, sent = 0, polls, i;

	for (i = 0; i < NB_TX; i++) {
		len[i] = pmd_txcsum_build(i, frames[i], want[i], &l2, &l3);
		pkts[i] = pmd_txcsum_mbuf(mp, frames[i], len[i],
					  txcases[i].nseg);
		CHECK(pkts[i] != NULL, "mbuf %u", i);
		if (pkts[i] == NULL)
			return -1;
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
	return 0;
}

/*
 * Stops and closes @p port (which flushes its tx_pcap= @p out_path), then
 * checks the capture: the NB_TX cases as @p want, then one more frame,
 * @p last (@p last_len bytes, what @p last_what says), the count printed
 * under @p who.
 */
static inline void
pmd_txcsum_check_wire(uint16_t port, const char *out_path,
		      uint8_t want[NB_TX][FRAME_MAX], const uint32_t len[NB_TX],
		      const uint8_t *last, uint32_t last_len,
		      const char *last_what, const char *who)
{
	static struct corpus got;
	unsigned int i, same = 0;

	PMD_HARNESS_CHECK_NO_VIOLATION(port);
	CHECK(rte_eth_dev_stop(port) == 0, "stop");
	CHECK(rte_eth_dev_close(port) == 0, "close (flushes the capture)");
	CHECK(corpus_read_pcap(out_path, &got) == 0, "read %s", out_path);
	CHECK_EQ_U(got.n, NB_TX + 1, "frames on the wire");
	if (got.n == NB_TX + 1)
		CHECK(got.f[NB_TX].len == last_len &&
		      memcmp(got.f[NB_TX].data, last, last_len) == 0, "%s",
		      last_what);
	for (i = 0; i < NB_TX && i < got.n; i++) {
		bool ok = got.f[i].len == len[i] &&
			  memcmp(got.f[i].data, want[i], len[i]) == 0;

		CHECK(ok, "%s: on the wire as DPDK's software checksums make it",
		      txcases[i].what);
		same += ok;
	}
	printf("%s TX checksum offload: %u of %u frames byte-exact\n", who,
	       same, NB_TX);
	corpus_free(&got);
}

#endif /* SOCRX_PMD_TXCSUM_H */
