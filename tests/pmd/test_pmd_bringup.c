/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Bring-up of net_stmmac_uio against a model as strict as the silicon
 * (docs/model.md "What the model enforces"). Each case presents what a
 * board can present and checks, through the model's own counters, that
 * the PMD initialises the device as the databook and Linux do:
 *
 *  - takeover: a device a previous owner left running is stopped (MAC
 *    TE/RE, both DMA engines) before its software reset;
 *  - MTL queues sized from MAC_HW_Feature1: with several queues their
 *    256-byte reset size drops every full-size frame, and the one queue
 *    in use gets the whole FIFO, not a share per queue the core has
 *    (MAC_HW_Feature2); no frame longer than the TX queue is handed to
 *    the device (it would stall it);
 *  - the PHY found by an MDIO scan, its negotiated speed and duplex
 *    written to MAC_Configuration (PS/FES/DM) and reported by
 *    link_update; a wrong phy_addr leaves the link down with a message;
 *    fixed_link for a PHY-less board; link down/up at run time;
 *    speed_capa what MAC and PHY both do (or the fixed link's mode);
 *  - RBSZ a multiple of the bus width (its low bits are read-only zero),
 *    and of the DMA granule on a non-coherent device;
 *  - rx_queue_stop with a frame in transfer waits for the RX DMA to read
 *    Stopped (DMA_Debug_Status0 RPS0) before it recycles the buffers;
 *  - MAC address 0 and the multicast hash filter written after the
 *    reset of dev_start (promiscuous off).
 *
 * PBL 0, ring bases written while the DMA runs and the other protocol
 * rules are violations every PMD test checks (PMD_HARNESS_CHECK_NO_VIOLATION);
 * pmd_lifecycle checks that dev_stop leaves the MAC refusing frames.
 */
#include <rte_bitops.h>
#include <rte_bus_vdev.h>

#include "dwmac4_regs.h"
#include "pmd_bu_port.h"

#define BU_FRAMES	300
#define BU_TX		64
#define BU_SMALL_ROOM	516	/* 4-aligned, not 8: RBSZ must be 512 */
#define BU_ODD_ROOM	1000	/* 8-aligned, not a whole number of lines */

/*
 * Sends @p n frames of @p len bytes, then waits until each one left on the
 * wire or was refused by the driver (oerrors) or the device stalled.
 * Returns the frames the model sent during the call.
 */
static uint64_t
bu_tx(struct bu_port *p, unsigned int n, uint16_t len)
{
	struct dwmac4_model_stats st0 = pmd_harness_model_stats(p->port), st;
	uint64_t oerr0 = pmd_harness_eth_stats(p->port).oerrors, polls;
	struct rte_mbuf *m;
	unsigned int sent = 0;

	for (polls = 0; polls < PMD_HARNESS_MAX_POLLS && sent < n; polls++) {
		m = rte_pktmbuf_alloc(p->mp);
		if (m == NULL)
			break;
		/* Chained when the pool's mbufs are small: still one frame. */
		if (rte_pktmbuf_append(m, RTE_MIN(len, rte_pktmbuf_tailroom(m))) == NULL) {
			rte_pktmbuf_free(m);
			break;
		}
		while (m->pkt_len < len) {
			struct rte_mbuf *s = rte_pktmbuf_alloc(p->mp);

			if (s == NULL || rte_pktmbuf_append(s, RTE_MIN(
			    (uint16_t)(len - m->pkt_len), rte_pktmbuf_tailroom(s))) == NULL ||
			    rte_pktmbuf_chain(m, s) != 0) {
				rte_pktmbuf_free(s);
				break;
			}
		}
		memset(rte_pktmbuf_mtod(m, void *), 0xff, 12);	/* broadcast */
		rte_pktmbuf_mtod_offset(m, uint8_t *, 12)[0] = 0x88;
		rte_pktmbuf_mtod_offset(m, uint8_t *, 13)[0] = 0xb5;
		if (rte_eth_tx_burst(p->port, 0, &m, 1) == 1)
			sent++;
		else
			rte_pktmbuf_free(m);
	}
	CHECK_EQ_U(sent, n, "%s: TX accepted %u frames", p->name, n);
	for (polls = 0; polls < PMD_HARNESS_MAX_POLLS; polls++) {
		st = pmd_harness_model_stats(p->port);
		if (st.tx_frames + st.tx_dropped_speed - st0.tx_frames -
		    st0.tx_dropped_speed + pmd_harness_eth_stats(p->port).oerrors -
		    oerr0 >= sent || st.tx_fifo_stalls != st0.tx_fifo_stalls)
			break;
		rte_eth_tx_burst(p->port, 0, NULL, 0);	/* reclaims */
		rte_pause();
	}
	return st.tx_frames - st0.tx_frames;
}

static struct rte_eth_link
bu_link(uint16_t port)
{
	struct rte_eth_link l;

	memset(&l, 0, sizeof(l));
	CHECK(rte_eth_link_get_nowait(port, &l) == 0, "link of port %u", port);
	return l;
}

/* ---- Takeover ---- */

static void
test_takeover(void)
{
	struct dwmac4_model_stats st;
	struct rte_eth_stats es;
	struct bu_port p;

	/* MAC TE/RE and both DMA engines on, as a boot loader may leave them. */
	if (!bu_probe(&p, "model_boot=running,flow_ctrl=1,gen_pkts=" RTE_STR(BU_FRAMES)))
		return;
	st = pmd_harness_model_stats(p.port);
	CHECK_EQ_U(st.viol_reset_running, 0,
		   "takeover: reset with the DMA or MAC running (%s)",
		   rte_pmd_stmmac_uio_model_last_violation(p.port));
	if (bu_start(&p, 2048, true, NULL, 0)) {
		pmd_harness_rx_until(p.port, BU_FRAMES, NULL, NULL);
		es = pmd_harness_eth_stats(p.port);
		st = pmd_harness_model_stats(p.port);
		/* Frames the old owner's MAC queued died with the reset. */
		CHECK_EQ_U(es.ipackets + st.rx_dropped_stopped, st.rx_offered,
			   "takeover: received + flushed by the reset == offered");
		CHECK(es.ipackets > 0, "takeover: traffic after the takeover");
	}
	bu_down(&p);
}

/* ---- MTL queue sizes ---- */

static void
test_mtl_queues(void)
{
	struct dwmac4_model_stats st;
	struct rte_eth_stats es;
	struct bu_port p;

	/*
	 * Five MTL queues, as i.MX8MP's core has: TQS/RQS reset to 256
	 * bytes. The driver uses queue 0 alone and gives it the whole 16 KiB
	 * FIFOs (Linux divides by the queues in use), not a fifth each.
	 */
	if (!bu_probe(&p, "model_mtl_queues=5,flow_ctrl=1,gen_len=1514,gen_pkts="
		      RTE_STR(BU_FRAMES)))
		return;
	if (bu_start(&p, 2048, true, NULL, 0)) {
		pmd_harness_rx_until(p.port, BU_FRAMES, NULL, NULL);
		es = pmd_harness_eth_stats(p.port);
		st = pmd_harness_model_stats(p.port);
		CHECK_EQ_U(es.ipackets, BU_FRAMES, "mtl 5 queues: 1514-byte frames received");
		CHECK_EQ_U(st.rx_dropped_overflow, 0, "mtl 5 queues: RX queue overflow");
		CHECK_EQ_U(bu_tx(&p, BU_TX, 1514), BU_TX,
			   "mtl 5 queues: 1514-byte frames sent");
		/*
		 * 9000 bytes fit queue 0's 16 KiB; a fifth of the FIFO (3 KiB)
		 * would have refused them.
		 */
		CHECK_EQ_U(bu_tx(&p, 4, 9000), 4,
			   "mtl 5 queues: 9000-byte frames sent (queue 0 has the whole FIFO)");
		/*
		 * 17000 bytes do not fit even the whole TX FIFO: store and
		 * forward would never send it and the queue would stall. The
		 * driver refuses it (oerrors), the frames after it leave.
		 */
		CHECK_EQ_U(bu_tx(&p, 1, 17000), 0, "mtl 5 queues: 17000 bytes refused");
		CHECK_EQ_U(bu_tx(&p, BU_TX, 1514), BU_TX,
			   "mtl 5 queues: frames after the refused one sent");
		st = pmd_harness_model_stats(p.port);
		CHECK_EQ_U(st.tx_fifo_stalls, 0, "mtl 5 queues: TX queue stalled");
	}
	bu_down(&p);
}

/* ---- PHY and link ---- */

/* Up at @p speed / @p full, and frames pass both ways (MAC agrees). */
static void
check_link_traffic(struct bu_port *p, const char *what, uint32_t speed,
		   bool full)
{
	struct rte_eth_link l = bu_link(p->port);
	struct dwmac4_model_stats st;
	struct rte_eth_stats es;

	CHECK_EQ_U(l.link_status, RTE_ETH_LINK_UP, "%s: link up", what);
	CHECK_EQ_U(l.link_speed, speed, "%s: link speed", what);
	CHECK_EQ_U(l.link_duplex, full ? RTE_ETH_LINK_FULL_DUPLEX :
		   RTE_ETH_LINK_HALF_DUPLEX, "%s: duplex", what);
	pmd_harness_rx_until(p->port, BU_FRAMES, NULL, NULL);
	es = pmd_harness_eth_stats(p->port);
	CHECK_EQ_U(es.ipackets, BU_FRAMES, "%s: frames received", what);
	CHECK_EQ_U(bu_tx(p, BU_TX, 60), BU_TX, "%s: frames sent", what);
	st = pmd_harness_model_stats(p->port);
	CHECK_EQ_U(st.rx_dropped_speed + st.tx_dropped_speed, 0,
		   "%s: MAC_Configuration PS/FES/DM disagree with the PHY", what);
}

/* The RTE_ETH_LINK_SPEED_* bit of a link mode. */
static uint32_t
bu_speed_bit(uint32_t speed, bool full)
{
	if (speed == RTE_ETH_SPEED_NUM_1G)
		return RTE_ETH_LINK_SPEED_1G;
	if (speed == RTE_ETH_SPEED_NUM_100M)
		return full ? RTE_ETH_LINK_SPEED_100M : RTE_ETH_LINK_SPEED_100M_HD;
	return full ? RTE_ETH_LINK_SPEED_10M : RTE_ETH_LINK_SPEED_10M_HD;
}

/*
 * speed_capa: what the MAC (MAC_HW_Feature0 MIISEL, GMIISEL, HDSEL) and
 * its PHY (BMSR, ESTATUS: the model's RTL8211F does 10/100 half and full,
 * 1000 full) both do, the one mode of a fixed link; the link that comes
 * up is among them.
 */
static void
check_speed_capa(const struct bu_port *p, const char *what, uint32_t capa,
		 uint32_t speed, bool full)
{
	struct rte_eth_dev_info info;

	CHECK(rte_eth_dev_info_get(p->port, &info) == 0, "%s: dev_info", what);
	CHECK(info.speed_capa == capa, "%s: speed_capa %#x, expected %#x", what,
	      info.speed_capa, capa);
	CHECK(info.speed_capa & bu_speed_bit(speed, full),
	      "%s: the link's mode is in speed_capa %#x", what, info.speed_capa);
}

#define BU_CAPA_PHY							\
	(RTE_ETH_LINK_SPEED_10M_HD | RTE_ETH_LINK_SPEED_10M |		\
	 RTE_ETH_LINK_SPEED_100M_HD | RTE_ETH_LINK_SPEED_100M |		\
	 RTE_ETH_LINK_SPEED_1G)

static void
test_phy(void)
{
	static const struct {
		const char *what, *args, *log;
		uint32_t speed;
		bool full;
		uint32_t capa;
	} cases[] = {
		{ "phy auto scan", "model_phy_addr=3", "MDIO address 3",
		  RTE_ETH_SPEED_NUM_1G, true, BU_CAPA_PHY },
		{ "phy 100 full", "model_phy_addr=3,model_phy_speed=100",
		  "MDIO address 3", RTE_ETH_SPEED_NUM_100M, true, BU_CAPA_PHY },
		{ "phy 10 half", "phy_addr=7,model_phy_addr=7,model_phy_speed=10,"
		  "model_phy_duplex=half", "MDIO address 7",
		  RTE_ETH_SPEED_NUM_10M, false, BU_CAPA_PHY },
		{ "fixed link 100", "model_phy_addr=none,model_phy_speed=100,"
		  "fixed_link=100", "fixed link 100", RTE_ETH_SPEED_NUM_100M,
		  true, RTE_ETH_LINK_SPEED_100M },
		{ "fixed link 10 half", "model_phy_addr=none,model_phy_speed=10,"
		  "model_phy_duplex=half,fixed_link=10,half", "fixed link 10",
		  RTE_ETH_SPEED_NUM_10M, false, RTE_ETH_LINK_SPEED_10M_HD },
	};
	char args[256];
	struct bu_port p;
	unsigned int i;

	for (i = 0; i < RTE_DIM(cases); i++) {
		snprintf(args, sizeof(args), "flow_ctrl=1,gen_pkts=%u,%s",
			 BU_FRAMES, cases[i].args);
		if (!bu_probe(&p, args))
			continue;
		CHECK(strstr(p.log, cases[i].log) != NULL, "%s: log: %s",
		      cases[i].what, p.log);
		if (bu_start(&p, 2048, true, NULL, 0)) {
			check_link_traffic(&p, cases[i].what, cases[i].speed,
					   cases[i].full);
			check_speed_capa(&p, cases[i].what, cases[i].capa,
					 cases[i].speed, cases[i].full);
		}
		bu_down(&p);
	}
}

/* No PHY where the devargs say, or none at all: down, and a message. */
static void
test_phy_absent(void)
{
	static const struct {
		const char *args, *log;
	} cases[] = {
		{ "model_phy_addr=3,phy_addr=5", "no PHY answers at MDIO address 5" },
		{ "model_phy_addr=none", "no PHY on MDIO addresses 0..31" },
	};
	struct bu_port p;
	unsigned int i;

	for (i = 0; i < RTE_DIM(cases); i++) {
		if (!bu_probe(&p, cases[i].args))
			continue;
		CHECK(strstr(p.log, cases[i].log) != NULL, "%s: log: %s",
		      cases[i].args, p.log);
		if (bu_start(&p, 2048, true, NULL, 0))
			CHECK_EQ_U(bu_link(p.port).link_status, RTE_ETH_LINK_DOWN,
				   "%s: link down", cases[i].args);
		bu_down(&p);
	}
}

/*
 * An EEE link partner (model_phy_eee=1) against a PHY that advertises EEE
 * after power-on and stops its receive clock in LPI: the probe's reset
 * completes only because the PMD turned the advertisement off and
 * restarted auto-negotiation first; with a PHY it cannot reach (phy_addr
 * wrong), the reset waits for the clock and the probe fails naming it.
 */
static void
test_phy_eee(void)
{
	struct dwmac4_model_stats st;
	char buf[PMD_HARNESS_ARGS_LEN], *log = NULL;
	struct bu_port p;

	if (bu_probe(&p, "model_phy_eee=1,flow_ctrl=1,gen_pkts="
		     RTE_STR(BU_FRAMES))) {
		st = pmd_harness_model_stats(p.port);
		CHECK_EQ_U(st.sw_resets_stuck, 0,
			   "eee: the probe's reset did not wait for the receive clock");
		CHECK_EQ_U(st.sw_resets, 1, "eee: one reset at probe");
		if (bu_start(&p, 2048, true, NULL, 0))
			check_link_traffic(&p, "eee", RTE_ETH_SPEED_NUM_1G, true);
		bu_down(&p);
	}
	snprintf(p.name, sizeof(p.name), "net_stmmac_uio%u", bu_seq++);
	CHECK(pmd_harness_probe_logged(p.name, pmd_harness_args(
		"model_phy_eee=1,model_phy_addr=3,phy_addr=5", buf, sizeof(buf)),
		&log) != 0, "eee, PHY out of reach: the probe fails");
	CHECK(log != NULL && strstr(log, "DMA_Mode.SWR") != NULL,
	      "eee, PHY out of reach: the reset timed out: %s", log ? log : "");
	free(log);
}

/* phy_speed= caps what the PHY advertises, hence speed_capa and the link. */
static void
test_phy_speed(void)
{
	struct bu_port p;

	/* The partner offers 1000 only: nothing in common below it. */
	if (bu_probe(&p, "phy_speed=100,gen_pkts=1")) {
		if (bu_start(&p, 2048, true, NULL, 0))
			CHECK_EQ_U(bu_link(p.port).link_status, RTE_ETH_LINK_DOWN,
				   "phy_speed=100 against a 1000-only partner: down");
		check_speed_capa(&p, "phy_speed=100",
				 BU_CAPA_PHY & ~RTE_ETH_LINK_SPEED_1G,
				 RTE_ETH_SPEED_NUM_100M, true);
		bu_down(&p);
	}
	if (bu_probe(&p, "phy_speed=100,model_phy_speed=100,flow_ctrl=1,"
		     "gen_pkts=" RTE_STR(BU_FRAMES))) {
		if (bu_start(&p, 2048, true, NULL, 0))
			check_link_traffic(&p, "phy_speed=100, partner 100",
					   RTE_ETH_SPEED_NUM_100M, true);
		bu_down(&p);
	}
	if (bu_probe(&p, "phy_speed=10,model_phy_speed=100,gen_pkts=1")) {
		if (bu_start(&p, 2048, true, NULL, 0))
			CHECK_EQ_U(bu_link(p.port).link_status, RTE_ETH_LINK_DOWN,
				   "phy_speed=10 against a 100-only partner: down");
		bu_down(&p);
	}
}

/*
 * The first start finds the core as the probe's reset left it and does
 * not reset it again; a start after a stop does.
 */
static void
test_start_reset(void)
{
	struct bu_port p;

	if (!bu_probe(&p, "flow_ctrl=1,gen_pkts=" RTE_STR(BU_FRAMES)))
		return;
	if (bu_start(&p, 2048, true, NULL, 0)) {
		CHECK_EQ_U(pmd_harness_model_stats(p.port).sw_resets, 1,
			   "first start: the probe's reset is the only one");
		check_link_traffic(&p, "first start", RTE_ETH_SPEED_NUM_1G, true);
		CHECK(rte_eth_dev_stop(p.port) == 0, "start reset: stop");
		CHECK(rte_eth_dev_start(p.port) == 0, "start reset: restart");
		CHECK_EQ_U(pmd_harness_model_stats(p.port).sw_resets, 2,
			   "a start after a stop resets the core");
		CHECK_EQ_U(bu_link(p.port).link_status, RTE_ETH_LINK_UP,
			   "after the restart: link up");
	}
	bu_down(&p);
}

/* Cable pulled and plugged: link_update follows, the MAC still agrees. */
static void
test_link_runtime(void)
{
	struct bu_port p;

	if (!bu_probe(&p, "model_phy_speed=100,flow_ctrl=1,gen_pkts="
		      RTE_STR(BU_FRAMES)))
		return;
	if (bu_start(&p, 2048, true, NULL, 0)) {
		CHECK(rte_pmd_stmmac_uio_model_set_link(p.port, 0) == 0, "pull");
		CHECK_EQ_U(bu_link(p.port).link_status, RTE_ETH_LINK_DOWN,
			   "runtime: down after the cable is pulled");
		CHECK(rte_pmd_stmmac_uio_model_set_link(p.port, 1) == 0, "plug");
		check_link_traffic(&p, "runtime: up again", RTE_ETH_SPEED_NUM_100M,
				   true);
	}
	bu_down(&p);
}

/* ---- RBSZ and the bus width ---- */

struct rbsz_res {
	uint64_t frames, bad_seg, bad_len, bad_csum;
};

static void
check_rbsz_frame(struct rte_mbuf *m, void *arg)
{
	struct rbsz_res *r = arg;
	const struct rte_ipv4_hdr *ip = rte_pktmbuf_mtod_offset(m,
			const struct rte_ipv4_hdr *, RTE_ETHER_HDR_LEN);
	const struct rte_mbuf *s;

	r->frames++;
	for (s = m; s->next != NULL; s = s->next)
		if (s->data_len != 512)
			r->bad_seg++;
	if (m->pkt_len != (uint32_t)rte_be_to_cpu_16(ip->total_length) +
	    RTE_ETHER_HDR_LEN)
		r->bad_len++;
	/* The whole datagram, across segments: every byte where it belongs. */
	if (rte_ipv4_udptcp_cksum_mbuf_verify(m, ip, RTE_ETHER_HDR_LEN +
					      rte_ipv4_hdr_len(ip)) != 0)
		r->bad_csum++;
}

static void
test_rbsz_bus_width(void)
{
	struct rbsz_res r = { 0 };
	struct bu_port p;

	/* 516 data bytes: RBSZ 512 on the 64-bit bus, the device's too. */
	if (!bu_probe(&p, "flow_ctrl=1,gen_len=600-1514,gen_pkts=" RTE_STR(BU_FRAMES)))
		return;
	CHECK(strstr(p.log, "64-bit bus") != NULL, "rbsz: bus width: %s", p.log);
	if (bu_start(&p, BU_SMALL_ROOM, true, NULL, 0)) {
		struct rte_eth_rxq_info qi;

		memset(&qi, 0, sizeof(qi));
		CHECK(rte_eth_rx_queue_info_get(p.port, 0, &qi) == 0, "rxq info");
		CHECK_EQ_U(qi.rx_buf_size, 512, "rbsz: the buffer size the device fills");
		pmd_harness_rx_until(p.port, BU_FRAMES, check_rbsz_frame, &r);
		CHECK_EQ_U(r.frames, BU_FRAMES, "rbsz: frames");
		CHECK_EQ_U(r.bad_seg, 0, "rbsz: non-last segments of 512 bytes");
		CHECK_EQ_U(r.bad_len, 0, "rbsz: frame length == IP length + 14");
		CHECK_EQ_U(r.bad_csum, 0, "rbsz: UDP checksum over the chain");
	}
	bu_down(&p);

	/*
	 * 1000 data bytes, scattered: RBSZ 1000 on a coherent device; on a
	 * non-coherent one a whole number of DMA granules (960 with 64-byte
	 * lines), or the device's last line of a buffer would hold bytes of
	 * what follows it.
	 */
	memset(&r, 0, sizeof(r));
	if (!bu_probe(&p, "flow_ctrl=1,gen_len=600-1514,gen_pkts=" RTE_STR(BU_FRAMES)))
		return;
	if (bu_start(&p, BU_ODD_ROOM, true, NULL, 0)) {
		const char *nc = strstr(p.log, "one descriptor per ");
		unsigned int line = 0, want = BU_ODD_ROOM;
		struct rte_eth_rxq_info qi;
		uint32_t rbsz = 0;

		if (nc != NULL && sscanf(nc, "one descriptor per %u-byte line",
					 &line) == 1 && line != 0)
			want = BU_ODD_ROOM / line * line;
		CHECK(rte_pmd_stmmac_uio_model_peek32(p.port, DMA_CHAN_RX_CONTROL(0),
						      &rbsz) == 0, "peek RBSZ");
		CHECK_EQ_U((rbsz & DMA_RBSZ_MASK) >> DMA_RBSZ_SHIFT, want,
			   "rbsz %u: whole %u-byte lines when non-coherent",
			   BU_ODD_ROOM, line);
		memset(&qi, 0, sizeof(qi));
		CHECK(rte_eth_rx_queue_info_get(p.port, 0, &qi) == 0, "rxq info");
		CHECK_EQ_U(qi.rx_buf_size, want, "rbsz: the buffer size reported");
		pmd_harness_rx_until(p.port, BU_FRAMES, NULL, NULL);
		CHECK_EQ_U(pmd_harness_eth_stats(p.port).ipackets, BU_FRAMES,
			   "rbsz %u: frames", BU_ODD_ROOM);
	}
	bu_down(&p);
}

/* ---- RX queue stop with a frame in transfer ---- */

static unsigned int
rps0(const struct bu_port *p)
{
	uint32_t v = 0;

	CHECK(rte_pmd_stmmac_uio_model_peek32(p->port, DMA_DEBUG_STATUS_0, &v) == 0,
	      "peek DMA_Debug_Status0");
	return (v & DWMAC4_DMA_DEBUG_RPS0_MASK) >> DWMAC4_DMA_DEBUG_RPS0_SHIFT;
}

/*
 * SR cleared while the DMA stores a frame over several descriptors: it
 * stops after that frame (RPS reads Running until then), so rx_queue_stop
 * must wait for RPS0 Stopped before it recycles the ring's buffers
 * (Linux stmmac_stop_rx_dma() then the ring's free). The model moves only
 * when polled (model_step=inline) and stalls 16 steps inside every frame,
 * after its first descriptor: one poll leaves a frame in transfer.
 */
static void
test_rx_stop_in_transfer(void)
{
	struct rte_mbuf *pkts[32];
	struct dwmac4_model_stats st;
	struct bu_port p;
	uint16_t n;

	if (!bu_probe(&p, "model_step=inline,flow_ctrl=1,gen_len=1514,gen_pkts=64,"
		      "fault_stall_ppm=1000000,fault_stall_polls=16"))
		return;
	if (bu_start(&p, BU_SMALL_ROOM, true, NULL, 0)) {
		n = rte_eth_rx_burst(p.port, 0, pkts, RTE_DIM(pkts));
		rte_pktmbuf_free_bulk(pkts, n);
		st = pmd_harness_model_stats(p.port);
		CHECK(st.rx_fault_stall > 0 && rps0(&p) != DWMAC4_DMA_DEBUG_PS_STOPPED,
		      "rx stop: a frame in transfer, RX DMA running (RPS0 %u)",
		      rps0(&p));
		CHECK(rte_eth_dev_rx_queue_stop(p.port, 0) == 0, "rx_queue_stop");
		CHECK_EQ_U(rps0(&p), DWMAC4_DMA_DEBUG_PS_STOPPED,
			   "rx stop: RPS0 Stopped when rx_queue_stop returns");
		st = pmd_harness_model_stats(p.port);
		CHECK_EQ_U(st.viol_rx_reclaimed, 0,
			   "rx stop: no descriptor taken back from the DMA (%s)",
			   rte_pmd_stmmac_uio_model_last_violation(p.port));
		CHECK(rte_eth_dev_rx_queue_start(p.port, 0) == 0, "rx_queue_start");
		pmd_harness_rx_until(p.port, 64, NULL, NULL);
		st = pmd_harness_model_stats(p.port);
		CHECK_EQ_U(pmd_harness_eth_stats(p.port).ipackets +
			   pmd_harness_xstat(p.port, "rx_q0_stop_discarded") +
			   st.rx_dropped_stopped, st.rx_offered,
			   "rx stop: received + discarded at the stop == offered");
		CHECK(pmd_harness_xstat(p.port, "rx_q0_stop_discarded") >= 1,
		      "rx stop: the frame in transfer completed into the ring");
	}
	bu_down(&p);
}

/* ---- Address filters after the reset ---- */

/* IEEE 802.3 CRC-32 of @p a (the test's own oracle of the hash bin). */
static unsigned int
mc_bin(const struct rte_ether_addr *a, unsigned int bins)
{
	uint32_t crc = 0xffffffffu, rev = 0;
	unsigned int i, b;

	for (i = 0; i < RTE_ETHER_ADDR_LEN; i++) {
		crc ^= a->addr_bytes[i];
		for (b = 0; b < 8; b++)
			crc = crc >> 1 ^ (crc & 1u ? 0xedb88320u : 0u);
	}
	crc = ~crc;
	/* The bin: the top bits of the bit-reversed CRC (databook). */
	for (b = 0; b < 32; b++)
		rev |= ((crc >> b) & 1u) << (31 - b);
	return rev >> (32 - rte_log2_u32(bins));
}

static void
test_filters(void)
{
	struct rte_ether_addr grp = {{ 0x33, 0x33, 0, 0, 0, 0x01 }}, other = grp;
	struct dwmac4_model_stats st;
	struct rte_eth_stats es;
	struct bu_port p;

	/* Unicast to the port's address, promiscuous off. */
	if (bu_probe(&p, "flow_ctrl=1,gen_pkts=" RTE_STR(BU_FRAMES))) {
		if (bu_start(&p, 2048, false, NULL, 0)) {
			pmd_harness_rx_until(p.port, BU_FRAMES, NULL, NULL);
			es = pmd_harness_eth_stats(p.port);
			CHECK_EQ_U(es.ipackets, BU_FRAMES,
				   "unicast: MAC address 0 rewritten after the reset");
		}
		bu_down(&p);
	}
	/* Multicast in the list: through the hash filter. */
	if (bu_probe(&p, "flow_ctrl=1,gen_dst=33:33:00:00:00:01,gen_pkts="
		     RTE_STR(BU_FRAMES))) {
		if (bu_start(&p, 2048, false, &grp, 1)) {
			pmd_harness_rx_until(p.port, BU_FRAMES, NULL, NULL);
			es = pmd_harness_eth_stats(p.port);
			CHECK_EQ_U(es.ipackets, BU_FRAMES, "multicast: in the list");
		}
		bu_down(&p);
	}
	/* Another bin only: the group's frames are filtered out. */
	do
		other.addr_bytes[5]++;
	while (mc_bin(&other, 64) == mc_bin(&grp, 64));
	if (bu_probe(&p, "flow_ctrl=1,gen_dst=33:33:00:00:00:01,gen_pkts="
		     RTE_STR(BU_FRAMES))) {
		if (bu_start(&p, 2048, false, &other, 1)) {
			pmd_harness_rx_until(p.port, BU_FRAMES, NULL, NULL);
			es = pmd_harness_eth_stats(p.port);
			st = pmd_harness_model_stats(p.port);
			CHECK_EQ_U(es.ipackets, 0, "multicast: another bin");
			CHECK_EQ_U(st.rx_dropped_filter, BU_FRAMES,
				   "multicast: dropped by the filter");
		}
		bu_down(&p);
	}
}

int
main(int argc, char **argv)
{
	(void)argc;
	pmd_harness_eal_init(argv[0], NULL);
	test_takeover();
	test_mtl_queues();
	test_phy();
	test_phy_absent();
	test_phy_eee();
	test_phy_speed();
	test_start_reset();
	test_link_runtime();
	test_rbsz_bus_width();
	test_rx_stop_in_transfer();
	test_filters();
	rte_eal_cleanup();
	return harness_result("pmd_bringup");
}
