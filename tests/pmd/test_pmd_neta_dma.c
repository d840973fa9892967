/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * net_mvneta_uio's DMA and TX-start bring-up against the neta model, which
 * resets as an Armada 3700 does: address decoding windows disabled, every
 * TX token bucket empty, TX_MTU and the bucket sizes for no more than a
 * VLAN-tagged 1518-byte frame, MBUS_RETRY / SDMA_CONFIG / ACC_MODE at 0
 * (docs/model.md, "The neta model"). What the PMD leaves
 * programmed is read as a bus analyser would (rte_pmd_mvneta_uio_model_
 * peek32()); what it does is checked on the wire:
 *   - after the probe: the 3700's single window (Linux
 *     mvneta_conf_mbus_windows(pp, NULL)): window 0 over 4 GiB, full
 *     access, the other five disabled, every base, size and remap 0;
 *   - after the start: MBUS_RETRY's retry enable, ACC_MODE EXT1, SDMA_CONFIG
 *     as Linux's, queue 0's bucket full, TX_MTU holding the largest frame
 *     the TX burst takes and every bucket size at least that;
 *   - frames received and sent, the largest (9022 bytes in 5 segments)
 *     included: no DMA refused by a window (model_viol_dma_window), no
 *     queue enabled with a configuration the model does not run
 *     (model_viol_bad_config), no TX frame waiting for the arbiter
 *     (model_tx_token_stalls), no violation;
 *   - a TX queue stopped, and the port stopped, leave queue 0's bucket
 *     empty (Linux mvneta_txq_hw_deinit()); a queue restarted sends again.
 * The mvneta family only (SOCRX_TEST_FAMILY=mvneta).
 */
#include <rte_bus_vdev.h>

#include "pmd_harness.h"
#include "rte_pmd_mvneta_uio.h"

#include "mvneta_a3700.h"
#include "mvneta_hw.h"
#include "mvneta_regs.h"
#include "mvneta_sdma.h"

#define ND_RX_FRAMES	64u
#define ND_TX_FRAMES	32u
/* The TX burst's largest frame (MVNETA_MAX_FRAME_LEN + CRC). */
#define ND_TX_MAX	9022u
#define ND_SEG		2048u

static uint16_t nd_port;

static uint32_t
peek(uint32_t off)
{
	uint32_t v = 0;

	CHECK_EQ_U(rte_pmd_mvneta_uio_model_peek32(nd_port, off, &v), 0,
		   "peek 0x%x", off);
	return v;
}

/* The windows as Linux leaves them, window 0 remapped to 4 GiB line @p high. */
static void
check_windows(uint32_t high)
{
	unsigned int w;

	CHECK_EQ_U(peek(MVNETA_BASE_ADDR_ENABLE), 0x3e,
		   "window 0 enabled, 1..5 disabled");
	CHECK_EQ_U(peek(MVNETA_ACCESS_PROTECT_ENABLE), 0x3,
		   "window 0: full access; the others none");
	CHECK_EQ_U(peek(MVNETA_WIN_SIZE(0)), 0xffff0000, "window 0: 4 GiB");
	for (w = 0; w < MVNETA_MAX_DECODE_WIN; w++) {
		CHECK_EQ_U(peek(MVNETA_WIN_BASE(w)), 0, "window %u: base 0", w);
		if (w != 0)
			CHECK_EQ_U(peek(MVNETA_WIN_SIZE(w)), 0,
				   "window %u: size cleared", w);
		if (w < MVNETA_NR_REMAP_WIN)
			CHECK_EQ_U(peek(MVNETA_WIN_REMAP(w)), w == 0 ? high : 0,
				   "window %u: high remap", w);
	}
}

static void
check_dma_config(void)
{
	uint32_t mtu = peek(MVNETA_TX_MTU) & MVNETA_TX_MTU_MAX;
	unsigned int q;

	CHECK_EQ_U(peek(MVNETA_MBUS_RETRY), 0x20, "MBUS_RETRY as Linux");
	CHECK_EQ_U(peek(MVNETA_ACC_MODE), 1, "ACC_MODE EXT1");
	CHECK_EQ_U(peek(MVNETA_SDMA_CONFIG), 0x01000038,
		   "SDMA_CONFIG: 16-word bursts, no data swap (Linux)");
	CHECK(mtu >= (ND_TX_MAX + 4u) * 8u,
	      "TX_MTU %u bits holds a %u-byte frame and its FCS", mtu, ND_TX_MAX);
	CHECK(peek(MVNETA_TX_TOKEN_SIZE) >= mtu, "port bucket size >= TX_MTU");
	for (q = 0; q < MVNETA_MAX_TXQ; q++)
		CHECK((peek(MVNETA_TXQ_TOKEN_SIZE_REG(q)) &
		       MVNETA_TXQ_TOKEN_SIZE_MAX) >= mtu,
		      "queue %u bucket size >= TX_MTU", q);
}

static void
check_tokens(bool full, const char *when)
{
	CHECK_EQ_U(peek(MVETH_TXQ_TOKEN_CFG_REG(0)), full ? 0x03ffffff : 0,
		   "%s: queue 0 token config", when);
	CHECK_EQ_U(peek(MVETH_TXQ_TOKEN_COUNT_REG(0)), full ? 0x3fffffff : 0,
		   "%s: queue 0 token count", when);
}

/* A broadcast frame of @p len bytes in segments of at most ND_SEG. */
static struct rte_mbuf *
frame(struct rte_mempool *mp, uint32_t len)
{
	struct rte_mbuf *head = NULL, *m;
	uint32_t left = len, n;
	uint8_t *p;

	while (left != 0) {
		m = rte_pktmbuf_alloc(mp);
		n = RTE_MIN(left, ND_SEG);
		p = m != NULL ? (uint8_t *)rte_pktmbuf_append(m, (uint16_t)n) :
				NULL;
		if (p == NULL) {
			rte_pktmbuf_free(m);
			rte_pktmbuf_free(head);
			return NULL;
		}
		memset(p, 0x5a, n);
		if (head == NULL) {
			memset(p, 0xff, 6);		/* broadcast */
			memset(p + 6, 0x02, 6);
			p[12] = 0x88;			/* local experimental */
			p[13] = 0xb5;
			head = m;
		} else if (rte_pktmbuf_chain(head, m) != 0) {
			rte_pktmbuf_free(m);
			rte_pktmbuf_free(head);
			return NULL;
		}
		left -= n;
	}
	return head;
}

static uint64_t
wire_tx(void)
{
	struct neta_model_stats st;

	memset(&st, 0, sizeof(st));
	CHECK_EQ_U(rte_pmd_mvneta_uio_model_stats(nd_port, &st), 0,
		   "model stats");
	return st.tx_frames;
}

/*
 * Sends @p n frames (the first ND_TX_MAX bytes long, the others 60) and
 * waits, bounded in polls, for the wire to have them. Returns how many
 * the wire got.
 */
static uint64_t
send_frames(struct rte_mempool *mp, unsigned int n)
{
	uint64_t before = wire_tx(), polls;
	struct rte_mbuf *m;
	unsigned int i;

	for (i = 0; i < n; i++) {
		m = frame(mp, i == 0 ? ND_TX_MAX : 60u);
		if (m == NULL) {
			CHECK(0, "frame %u", i);
			break;
		}
		for (polls = 0; polls < PMD_HARNESS_MAX_POLLS; polls++)
			if (rte_eth_tx_burst(nd_port, 0, &m, 1) == 1)
				break;
		if (polls == PMD_HARNESS_MAX_POLLS) {
			rte_pktmbuf_free(m);
			break;
		}
	}
	for (polls = 0; polls < PMD_HARNESS_MAX_POLLS / 64 &&
	     wire_tx() - before < n; polls++) {
		rte_eth_tx_burst(nd_port, 0, NULL, 0);
		rte_pause();
	}
	return wire_tx() - before;
}

static void
check_counters(const char *when)
{
	CHECK_EQ_U(pmd_harness_xstat(nd_port, "model_viol_dma_window"), 0,
		   "%s: no DMA refused by the windows", when);
	CHECK_EQ_U(pmd_harness_xstat(nd_port, "model_viol_bad_config"), 0,
		   "%s: no queue on a DMA configuration the model does not run",
		   when);
	CHECK_EQ_U(pmd_harness_xstat(nd_port, "model_tx_token_stalls"), 0,
		   "%s: no TX frame waiting for the arbiter", when);
	PMD_HARNESS_CHECK_NO_VIOLATION(nd_port);
}

int
main(int argc, char **argv)
{
	char name[32], args[64];
	struct rte_mempool *mp;
	uint64_t got;
	int port;

	RTE_SET_USED(argc);
	if (strcmp(pmd_family()->name, "mvneta") != 0) {
		printf("SKIP: the NETA's windows and TX arbiter (SOCRX_TEST_FAMILY=mvneta)\n");
		return TEST_SKIP;
	}
	pmd_harness_eal_init(argv[0], NULL);
	mp = rte_pktmbuf_pool_create("neta_dma", 4095, 0, 0,
				     RTE_MBUF_DEFAULT_BUF_SIZE, rte_socket_id());
	CHECK(mp != NULL, "mempool");
	pmd_vdev(name, sizeof(name), 0);
	snprintf(args, sizeof(args), "gen_pkts=%u", ND_RX_FRAMES);
	CHECK_EQ_U(pmd_harness_vdev_init(name, args), 0, "probe %s", name);
	port = pmd_harness_probed_port(name);
	if (mp == NULL || port < 0)
		return harness_result("pmd_neta_dma");
	nd_port = (uint16_t)port;

	check_windows(0);
	check_tokens(false, "after probe");
	CHECK_EQ_U(pmd_harness_port_start(nd_port, mp, 256, NULL), 0, "start");
	check_dma_config();
	check_tokens(true, "after start");

	got = pmd_harness_rx_until(nd_port, ND_RX_FRAMES, NULL, NULL);
	CHECK_EQ_U(got, ND_RX_FRAMES, "every generated frame received");
	CHECK_EQ_U(send_frames(mp, ND_TX_FRAMES), ND_TX_FRAMES,
		   "every frame on the wire, the %u-byte one first", ND_TX_MAX);
	check_counters("traffic");

	CHECK_EQ_U(rte_eth_dev_tx_queue_stop(nd_port, 0), 0, "TX queue stop");
	check_tokens(false, "TX queue stopped");
	CHECK_EQ_U(rte_eth_dev_tx_queue_start(nd_port, 0), 0, "TX queue start");
	check_tokens(true, "TX queue restarted");
	CHECK_EQ_U(send_frames(mp, 4), 4, "the restarted queue sends");
	check_counters("restart");

	CHECK_EQ_U(rte_eth_dev_stop(nd_port), 0, "stop");
	check_tokens(false, "port stopped");
	/* Started: window 0 reaches the 4 GiB line of the port's memory. */
	check_windows((uint32_t)(STAILQ_FIRST(&mp->mem_list)->iova >> 32));
	check_counters("stop");
	CHECK_EQ_U(rte_eth_dev_close(nd_port), 0, "close");
	rte_vdev_uninit(name);
	rte_mempool_free(mp);
	return harness_result("pmd_neta_dma");
}
