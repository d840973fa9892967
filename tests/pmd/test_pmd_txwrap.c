/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * TX publication at the ring wrap, net_stmmac_uio on its model in step
 * mode (model_step=1: the device moves only when the test steps it). A
 * 64-descriptor TX ring goes round six times in bursts laid out so that
 * bursts end exactly on the last slot (the next one starts at slot 0),
 * start at slot 0, and a three-segment frame straddles the wrap; the
 * application writes each frame right before its burst (its bytes dirty
 * in the cache on a non-coherent SoC). After each burst the device is
 * stepped and sends what the burst published. Then:
 *  - every frame reached the wire byte for byte, in order (tx_pcap=);
 *  - the TX tail pointer was never written as the ring end
 *    (base + N * stride: the DMA's current descriptor address never
 *    equals it, so it would run on into slot 0 on OWN alone; the model's
 *    tx_tail_ring_end), the base instead;
 *  - on the non-coherent interconnect (the _nc run): no frame whose
 *    descriptor reached DRAM before its bytes surely had
 *    (model_nc_tx_stale: the driver's fence between the payload cleans
 *    and the first descriptor store), and nothing unclean, clobbered or
 *    violated (PMD_HARNESS_CHECK_NO_VIOLATION).
 * No timed assertion: the device moves by steps.
 */
#include <unistd.h>

#include "pmd_corpus.h"
#include "pmd_harness.h"

#define WRAP_DEV	0	/* instance */
#define WRAP_RING	64	/* the smallest ring: many wraps, few frames */
#define WRAP_ROUNDS	3	/* each goes round the ring twice */
#define WRAP_SEGS	3	/* segments of a multi-segment frame */
#define WRAP_MAX_BURST	64

/* One burst: singles, then (if multi) a 3-segment frame, then singles. */
struct wrap_burst {
	unsigned int before, multi, after;
};

/*
 * A round starts at slot 0; slot positions after each burst: 20; 42 (a
 * multi-segment frame inside); 62; 72 = 8 after the wrap (the multi-
 * segment frame on slots 62, 63, 0); 128 = the wrap exactly.
 */
static const struct wrap_burst wrap_round[] = {
	{ 20, 0, 0 }, { 14, 1, 5 }, { 20, 0, 0 }, { 0, 1, 7 }, { 56, 0, 0 },
};

/* The frame of sequence number @p seq: its length and byte @p i. */
static uint32_t
wrap_len(uint32_t seq)
{
	return 60u + (seq * 37u) % 200u;
}

static uint8_t
wrap_byte(uint32_t seq, uint32_t i)
{
	static const uint8_t hdr[14] = {
		0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
		0x02, 0x00, 0x00, 0x00, 0x77, 0x02, 0x88, 0xb5,
	};

	if (i < sizeof(hdr))
		return hdr[i];
	if (i < sizeof(hdr) + 4)
		return (uint8_t)(seq >> (8 * (i - sizeof(hdr))));
	return (uint8_t)(seq * 13u + i * 7u + 1u);
}

/* Writes @p len bytes of frame @p seq from byte @p off into @p m. */
static int
wrap_fill(struct rte_mbuf *m, uint32_t seq, uint32_t off, uint32_t len)
{
	uint8_t *d = (uint8_t *)rte_pktmbuf_append(m, (uint16_t)len);
	uint32_t i;

	if (d == NULL)
		return -1;
	for (i = 0; i < len; i++)
		d[i] = wrap_byte(seq, off + i);
	return 0;
}

/* Frame @p seq in @p nseg segments (cut after the header and halfway). */
static struct rte_mbuf *
wrap_frame(struct rte_mempool *mp, uint32_t seq, unsigned int nseg)
{
	uint32_t len = wrap_len(seq);
	uint32_t cut[WRAP_SEGS + 1] = { 0, 14, 14 + (len - 14) / 2, len };
	struct rte_mbuf *head = NULL, *m;
	unsigned int s;

	if (nseg == 1)
		cut[1] = len;
	for (s = 0; s < nseg; s++) {
		m = rte_pktmbuf_alloc(mp);
		if (m == NULL || wrap_fill(m, seq, cut[s], cut[s + 1] - cut[s]) != 0 ||
		    (head != NULL && rte_pktmbuf_chain(head, m) != 0)) {
			rte_pktmbuf_free(m);
			rte_pktmbuf_free(head);
			return NULL;
		}
		if (head == NULL)
			head = m;
	}
	return head;
}

/* The frames of burst @p b from sequence number *seq; their count. */
static unsigned int
wrap_make(struct rte_mempool *mp, const struct wrap_burst *b, uint32_t *seq,
	  struct rte_mbuf **pkts, unsigned int *descs)
{
	unsigned int n = 0, i;

	*descs = 0;
	for (i = 0; i < b->before + b->multi + b->after; i++) {
		unsigned int nseg = i == b->before && b->multi ? WRAP_SEGS : 1;

		pkts[n] = wrap_frame(mp, (*seq)++, nseg);
		if (pkts[n] == NULL)
			break;
		*descs += nseg;
		n++;
	}
	return n;
}

static void
test_wrap(const char *out_path)
{
	const struct pmd_family *fam = pmd_family();
	struct rte_mbuf *pkts[WRAP_MAX_BURST];
	struct dwmac4_model_stats st;
	struct rte_mempool *mp;
	struct corpus got;
	unsigned int r, b, at_wrap = 0, straddled = 0, baseline;
	uint32_t seq = 0, slot = 0, i;
	char dev[32];
	int port;

	pmd_vdev(dev, sizeof(dev), WRAP_DEV);
	port = pmd_harness_probed_port(dev);
	mp = eal_harness_pool("wrap_pool", 1024, RTE_MBUF_DEFAULT_BUF_SIZE);
	if (port < 0 || mp == NULL ||
	    pmd_harness_port_start((uint16_t)port, mp, WRAP_RING, NULL) != 0) {
		CHECK(0, "start");
		rte_mempool_free(mp);
		return;
	}
	baseline = rte_mempool_avail_count(mp);
	for (r = 0; r < WRAP_ROUNDS; r++) {
		for (b = 0; b < RTE_DIM(wrap_round); b++) {
			unsigned int descs, n;
			uint16_t sent;

			n = wrap_make(mp, &wrap_round[b], &seq, pkts, &descs);
			CHECK_EQ_U(n, wrap_round[b].before + wrap_round[b].multi +
				   wrap_round[b].after, "round %u burst %u: frames", r, b);
			sent = rte_eth_tx_burst((uint16_t)port, 0, pkts, (uint16_t)n);
			CHECK_EQ_U(sent, n, "round %u burst %u: all taken", r, b);
			rte_pktmbuf_free_bulk(pkts + sent, n - sent);
			if (wrap_round[b].multi &&
			    slot % WRAP_RING + wrap_round[b].before + WRAP_SEGS > WRAP_RING)
				straddled++;
			slot += descs;
			at_wrap += slot % WRAP_RING == 0;
			CHECK(fam->model_step((uint16_t)port, 4096) >= 0,
			      "round %u burst %u: step", r, b);
			st = pmd_harness_model_stats((uint16_t)port);
			CHECK_EQ_U(st.tx_frames, seq,
				   "round %u burst %u: the device sent the burst", r, b);
		}
	}
	CHECK(at_wrap == WRAP_ROUNDS && straddled == WRAP_ROUNDS,
	      "the layout: %u bursts ended on the last slot, %u frames straddled the wrap",
	      at_wrap, straddled);
	st = pmd_harness_model_stats((uint16_t)port);
	CHECK_EQ_U(st.tx_tail_ring_end, 0,
		   "TX tail never written as the ring end (base + N * stride)");
	CHECK_EQ_U(st.nc_tx_stale, 0,
		   "no frame sent whose bytes could be stale in DRAM");
	PMD_HARNESS_CHECK_NO_VIOLATION((uint16_t)port);
	/* The reclaim of the last burst, then every mbuf is back. */
	rte_eth_tx_burst((uint16_t)port, 0, NULL, 0);
	CHECK_EQ_U(rte_mempool_avail_count(mp), baseline, "TX mbufs all freed");
	CHECK(rte_eth_dev_stop((uint16_t)port) == 0, "stop");
	CHECK(rte_eth_dev_close((uint16_t)port) == 0, "close (flushes the capture)");
	rte_mempool_free(mp);

	CHECK(corpus_read_pcap(out_path, &got) == 0, "read %s", out_path);
	CHECK_EQ_U(got.n, seq, "frames on the wire");
	for (i = 0; i < got.n && i < seq; i++) {
		uint32_t k, bad = 0;

		if (got.f[i].len != wrap_len(i)) {
			CHECK(0, "frame %u: %u bytes, sent %u", i, got.f[i].len,
			      wrap_len(i));
			continue;
		}
		for (k = 0; k < got.f[i].len; k++)
			bad += got.f[i].data[k] != wrap_byte(i, k);
		CHECK_EQ_U(bad, 0, "frame %u: bytes as written", i);
	}
	corpus_free(&got);
}

int
main(int argc, char **argv)
{
	char out_path[] = "/tmp/socrx_txwrap_XXXXXX";
	static char vdev[256];
	const char *vdevs[] = { vdev, NULL };
	char dev[32];
	int fd;

	(void)argc;
	if (strcmp(pmd_family()->name, "stmmac") != 0) {
		printf("SKIP: the dwmac4 model's TX prefetch only\n");
		return 77;
	}
	fd = mkstemp(out_path);
	if (fd < 0)
		return 1;
	close(fd);
	pmd_vdev(dev, sizeof(dev), WRAP_DEV);
	snprintf(vdev, sizeof(vdev), "%s,model_step=1,flow_ctrl=1,tx_pcap=%s",
		 dev, out_path);
	pmd_harness_eal_init(argv[0], vdevs);
	test_wrap(out_path);
	unlink(out_path);
	rte_eal_cleanup();
	return harness_result("pmd_txwrap");
}
