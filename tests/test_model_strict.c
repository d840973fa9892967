/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * dwmac4 model in step mode: where the silicon hangs, drops or refuses,
 * the model does the same and counts it (docs/model.md), so that a driver
 * that forgets a field of the bring-up fails a test:
 *   - a DMA channel started with a burst length (PBL) of 0 does not run;
 *   - a software reset with the MAC or a DMA engine running, and a ring
 *     base written while its DMA runs, are violations;
 *   - no clock: registers read 0 and the reset never completes; no PHY RX
 *     clock: registers work, the reset never completes;
 *   - the PHY answers at its own MDIO address only; a MAC whose PS/FES/DM
 *     disagree with what it negotiated receives and sends nothing;
 *   - two MTL queues: TX queue of 256 bytes, a larger frame stalls TX;
 *   - RBSZ 0 is taken as the largest buffer (counted); its bits below
 *     the bus width read zero;
 *   - a device left running by a boot loader (params.boot_running);
 *   - RI and TI follow RDES3.IOC / TDES2.IC and the RX watchdog;
 *   - DMA_Debug_Status0/1/2 tell a stopped engine from a running one, for
 *     every channel; an RX DMA whose SR is cleared mid-frame finishes
 *     the frame first, and a descriptor the driver took back meanwhile
 *     is a violation; MTL_RxQ_Debug counts the frames waiting;
 *   - a change of the in-band link sets RGSMIIIS, which raises the MAC's
 *     line under RGSMIIIE (level: an enable with it pending raises it)
 *     until MAC_PHYIF_Control_Status is read;
 *   - the partner renegotiating (1000 -> 100 -> 10 half, by call or at a
 *     frame): link drop, new mode in the PHY and in band, the MAC at the
 *     old mode receives nothing; no RGSMIIIS without PCSSEL;
 *   - the multicast hash filter; the ICMP checksum;
 *   - the PHY's MMD registers through Clause 22 registers 13/14; on an EEE
 *     link (partner and PHY advertise it) the receive clock stops in LPI
 *     and a software reset waits until EEE is off and auto-negotiation
 *     restarted, or the clock stop disabled;
 *   - the MMC counters: preset, half range sets their interrupt, which
 *     the masks hide and a read of the counter clears; one line (sbd_intr)
 *     fires again at each unmask while high.
 */
#include <errno.h>
#include <stdbool.h>
#include <string.h>
#include <unistd.h>

#include "dwmac4_desc.h"
#include "dwmac4_model.h"
#include "dwmac4_regs.h"
#include "harness.h"
#include "mii_phy_regs.h"
#include "model_fixture.h"
#include "model_traffic.h"

#define ARENA_SIZE	(256u * 1024u)
#define ARENA_IOVA	0x40000000ull
#define RX_RING		0x0000u
#define TX_RING		0x1000u
#define BUF_OFF		0x4000u
#define BUF_STRIDE	0x1000u
#define NDESC		8u
#define RBSZ		2048u

struct count_sink {
	struct model_traffic_sink base;
};

static int
sink_put(struct model_traffic_sink *s, const uint8_t *b, size_t n)
{
	(void)b;
	(void)n;
	s->frames++;
	return 0;
}

static void
sink_destroy(struct model_traffic_sink *s)
{
	free(s);
}

struct fix {
	struct dwmac4_model *m;
	struct model_fixture_qsrc *src;
	uint8_t *arena;
};

static struct dwmac4_desc *
rxd(struct fix *f, unsigned int i)
{
	return (struct dwmac4_desc *)(void *)(f->arena + RX_RING + 16u * i);
}

static struct dwmac4_desc *
txd(struct fix *f, unsigned int i)
{
	return (struct dwmac4_desc *)(void *)(f->arena + TX_RING + 16u * i);
}

static uint64_t
iova(struct fix *f, const void *p)
{
	return ARENA_IOVA + (uint64_t)((const uint8_t *)p - f->arena);
}

static struct dwmac4_model_stats
stats(struct fix *f)
{
	struct dwmac4_model_stats st;

	dwmac4_model_get_stats(f->m, &st);
	return st;
}

static void
arm_rx(struct fix *f, unsigned int i, bool ioc)
{
	uint64_t a = ARENA_IOVA + BUF_OFF + i * BUF_STRIDE;

	rxd(f, i)->des0 = (uint32_t)a;
	rxd(f, i)->des1 = 0;
	rxd(f, i)->des2 = 0;
	__atomic_store_n(&rxd(f, i)->des3, RDES3_OWN | RDES3_BUFFER1_VALID_ADDR |
			 (ioc ? RDES3_INT_ON_COMPLETION_EN : 0),
			 __ATOMIC_RELEASE);
}

/* A model (params adjusted by @p p), MAC on at @p cfg, nothing started. */
static void
fix_new(struct fix *f, const struct dwmac4_model_params *pp, uint32_t cfg)
{
	struct dwmac4_model_params p = *pp;
	struct count_sink *sink = calloc(1, sizeof(*sink));
	void *mem;

	memset(f, 0, sizeof(*f));
	if (sink == NULL || posix_memalign(&mem, 4096, ARENA_SIZE) != 0)
		abort();
	f->arena = mem;
	memset(f->arena, 0, ARENA_SIZE);
	f->src = model_fixture_qsrc_create(false);
	sink->base.put = sink_put;
	sink->base.destroy = sink_destroy;
	p.rx_src = &f->src->base;
	p.tx_sink = &sink->base;
	f->m = dwmac4_model_create(&p);
	CHECK(f->m != NULL, "create: %s", strerror(errno));
	if (f->m == NULL)
		abort();
	CHECK_EQ_U(dwmac4_model_dma_map(f->m, f->arena, ARENA_IOVA, ARENA_SIZE),
		   0, "map");
	dwmac4_model_write32(f->m, GMAC_PACKET_FILTER, GMAC_PACKET_FILTER_PR);
	dwmac4_model_write32(f->m, GMAC_CONFIG, cfg);
}

/* RX ring of NDESC, @p armed armed (IOC when @p ioc), started with @p ctl. */
static void
rx_start(struct fix *f, unsigned int armed, bool ioc, uint32_t ctl)
{
	unsigned int i;

	for (i = 0; i < armed; i++)
		arm_rx(f, i, ioc);
	dwmac4_model_write32(f->m, DMA_CHAN_RX_BASE_ADDR(0),
			     (uint32_t)iova(f, rxd(f, 0)));
	dwmac4_model_write32(f->m, DMA_CHAN_RX_RING_LEN(0),
			     DWMAC4_DMA_RING_LEN(NDESC));
	dwmac4_model_write32(f->m, DMA_CHAN_RX_END_ADDR(0),
			     (uint32_t)iova(f, rxd(f, armed)));
	dwmac4_model_write32(f->m, DMA_CHAN_RX_CONTROL(0), ctl);
}

/* TX ring of NDESC, nothing queued, on channel @p ch, started with @p ctl. */
static void
tx_start_ch(struct fix *f, unsigned int ch, uint32_t ctl)
{
	dwmac4_model_write32(f->m, DMA_CHAN_TX_BASE_ADDR(ch),
			     (uint32_t)iova(f, txd(f, 0)));
	dwmac4_model_write32(f->m, DMA_CHAN_TX_RING_LEN(ch),
			     DWMAC4_DMA_RING_LEN(NDESC));
	dwmac4_model_write32(f->m, DMA_CHAN_TX_END_ADDR(ch),
			     (uint32_t)iova(f, txd(f, 0)));
	dwmac4_model_write32(f->m, DMA_CHAN_TX_CONTROL(ch), ctl);
}

static void
tx_start(struct fix *f, uint32_t ctl)
{
	tx_start_ch(f, 0, ctl);
}

/* Queues one frame of @p len bytes from buffer 7 at TX descriptor @p i. */
static void
tx_one(struct fix *f, unsigned int i, uint32_t len, bool ic)
{
	uint8_t *b = f->arena + BUF_OFF + 7 * BUF_STRIDE;

	memset(b, 0x11, len);
	txd(f, i)->des0 = (uint32_t)iova(f, b);
	txd(f, i)->des1 = 0;
	txd(f, i)->des2 = len | (ic ? TDES2_INTERRUPT_ON_COMPLETION : 0);
	__atomic_store_n(&txd(f, i)->des3, TDES3_OWN | TDES3_FIRST_DESCRIPTOR |
			 TDES3_LAST_DESCRIPTOR | len, __ATOMIC_RELEASE);
	dwmac4_model_write32(f->m, DMA_CHAN_TX_END_ADDR(0),
			     (uint32_t)iova(f, txd(f, i + 1)));
}

static void
push(struct fix *f, size_t len)
{
	uint8_t frame[2048];
	size_t i;

	memset(frame, 0xff, 6);		/* broadcast */
	for (i = 6; i < len; i++)
		frame[i] = (uint8_t)i;
	frame[12] = 0x88;
	frame[13] = 0xb5;
	model_fixture_qsrc_push(f->src, frame, len);
}

static void
fix_free(struct fix *f)
{
	dwmac4_model_destroy(f->m);
	free(f->arena);
}

#define RX_CTL	(DMA_CONTROL_SR | MODEL_FIXTURE_PBL | RBSZ << DMA_RBSZ_SHIFT)
#define MAC_1G	(GMAC_CONFIG_DM | GMAC_CONFIG_RE | GMAC_CONFIG_TE)

static void
test_pbl_zero(void)
{
	struct dwmac4_model_params p;
	struct fix f;

	dwmac4_model_params_init(&p);
	fix_new(&f, &p, MAC_1G);
	rx_start(&f, 4, false, DMA_CONTROL_SR | RBSZ << DMA_RBSZ_SHIFT);
	CHECK(!(dwmac4_model_read32(f.m, DMA_CHAN_RX_CONTROL(0)) & DMA_CONTROL_SR),
	      "pbl 0: RX DMA does not run");
	CHECK(dwmac4_model_read32(f.m, DMA_CHAN_STATUS(0)) & DMA_CHAN_STATUS_FBE,
	      "pbl 0: fatal bus error");
	tx_start(&f, DMA_CONTROL_ST);
	CHECK_EQ_U(stats(&f).viol_pbl_zero, 2, "pbl 0: RX and TX counted");
	push(&f, 100);
	dwmac4_model_step(f.m, 8);
	CHECK_EQ_U(stats(&f).rx_delivered, 0, "pbl 0: nothing delivered");
	/* With a burst length it runs (the queued frame then arrives). */
	rx_start(&f, 4, false, RX_CTL);
	dwmac4_model_step(f.m, 8);
	CHECK_EQ_U(stats(&f).rx_delivered, 1, "pbl 8: delivered");
	fix_free(&f);
}

static void
test_reset_and_base_while_running(void)
{
	struct dwmac4_model_params p;
	struct fix f;

	dwmac4_model_params_init(&p);
	fix_new(&f, &p, MAC_1G);
	rx_start(&f, 4, false, RX_CTL);
	dwmac4_model_write32(f.m, DMA_CHAN_RX_BASE_ADDR(0), 0x40001000u);
	CHECK_EQ_U(stats(&f).viol_base_running, 1, "base while running");
	dwmac4_model_write32(f.m, DMA_BUS_MODE, DMA_BUS_MODE_SFT_RESET);
	CHECK_EQ_U(stats(&f).viol_reset_running, 1, "reset while running");
	/* Stopped first (DMA, then the MAC), as a driver takes over: fine. */
	rx_start(&f, 4, false, RX_CTL);
	dwmac4_model_write32(f.m, DMA_CHAN_RX_CONTROL(0), RX_CTL & ~DMA_CONTROL_SR);
	dwmac4_model_write32(f.m, GMAC_CONFIG, 0);
	CHECK_EQ_U(dwmac4_model_read32(f.m, DMA_DEBUG_STATUS_0) &
		   DWMAC4_DMA_DEBUG_RPS0_MASK, 0, "debug: RX stopped");
	dwmac4_model_write32(f.m, DMA_CHAN_RX_BASE_ADDR(0), 0x40001000u);
	dwmac4_model_write32(f.m, DMA_BUS_MODE, DMA_BUS_MODE_SFT_RESET);
	CHECK_EQ_U(stats(&f).violations, 2, "stopped: no new violation");
	fix_free(&f);
}

static void
test_debug_status(void)
{
	struct dwmac4_model_params p;
	struct fix f;
	uint32_t v;

	dwmac4_model_params_init(&p);
	p.n_channels = 4;
	fix_new(&f, &p, MAC_1G);
	CHECK_EQ_U(dwmac4_model_read32(f.m, DMA_DEBUG_STATUS_0), 0,
		   "debug: both stopped");
	rx_start(&f, 0, false, RX_CTL);
	push(&f, 100);
	dwmac4_model_step(f.m, 4);	/* no descriptor: suspended */
	v = dwmac4_model_read32(f.m, DMA_DEBUG_STATUS_0);
	CHECK_EQ_U((v & DWMAC4_DMA_DEBUG_RPS0_MASK) >> DWMAC4_DMA_DEBUG_RPS0_SHIFT,
		   DWMAC4_DMA_DEBUG_RPS_SUSPENDED, "debug: RX suspended");
	/* Channel 3's processes are in DMA_Debug_Status1 (bits 7:0). */
	CHECK_EQ_U(dwmac4_model_read32(f.m, DMA_DEBUG_STATUS_1), 0,
		   "debug: channels 3-6 stopped");
	tx_start_ch(&f, 3, DMA_CONTROL_ST | MODEL_FIXTURE_PBL);
	dwmac4_model_step(f.m, 4);
	CHECK((dwmac4_model_read32(f.m, DWMAC4_DMA_DEBUG_STATUS(3)) >>
	       DWMAC4_DMA_DEBUG_TPS_SHIFT(3) & DWMAC4_DMA_DEBUG_PS_MASK) != 0,
	      "debug: channel 3's TX process in DMA_Debug_Status1");
	dwmac4_model_write32(f.m, DMA_CHAN_TX_CONTROL(3), MODEL_FIXTURE_PBL);
	CHECK_EQ_U(dwmac4_model_read32(f.m, DMA_DEBUG_STATUS_1), 0,
		   "debug: channel 3 stopped");
	fix_free(&f);
}

/*
 * SR cleared while a frame is being stored: the DMA finishes that frame
 * (RPS0 reads 7, Running: transferring, meanwhile), on the descriptors it
 * holds; a driver that took one of them back is a violation. RBSZ 512
 * and two armed descriptors: a 1500-byte frame waits for a third,
 * holding the second, when SR is cleared; with none to come it ends on
 * the one it holds (OE, as RPF would).
 */
static void
test_rx_stop_in_transfer(void)
{
	const uint32_t ctl = DMA_CONTROL_SR | MODEL_FIXTURE_PBL |
			     512u << DMA_RBSZ_SHIFT;
	struct dwmac4_model_params p;
	unsigned int reclaim;
	struct fix f;
	uint32_t v;

	dwmac4_model_params_init(&p);
	for (reclaim = 0; reclaim < 2; reclaim++) {
		fix_new(&f, &p, MAC_1G);
		rx_start(&f, 2, false, ctl);
		push(&f, 1500);
		push(&f, 100);
		dwmac4_model_step(f.m, 4);
		v = dwmac4_model_read32(f.m, MTL_CHAN_RX_DEBUG(0));
		CHECK_EQ_U((v & DWMAC4_MTL_DEBUG_PRXQ_MASK) >>
			   DWMAC4_MTL_DEBUG_PRXQ_SHIFT, 1,
			   "stop: the second frame waits in the MTL (PRXQ)");
		CHECK_EQ_U((v & MTL_DEBUG_RXFSTS_MASK) >> MTL_DEBUG_RXFSTS_SHIFT,
			   MTL_DEBUG_RXFSTS_BT, "stop: RXQSTS below threshold");
		dwmac4_model_write32(f.m, DMA_CHAN_RX_CONTROL(0),
				     ctl & ~DMA_CONTROL_SR);
		v = dwmac4_model_read32(f.m, DMA_DEBUG_STATUS_0);
		CHECK_EQ_U((v & DWMAC4_DMA_DEBUG_RPS0_MASK) >>
			   DWMAC4_DMA_DEBUG_RPS0_SHIFT,
			   DWMAC4_DMA_DEBUG_RPS_TRANSFER,
			   "stop: RPS0 Running (transferring) after SR cleared");
		CHECK(!(dwmac4_model_read32(f.m, DMA_CHAN_STATUS(0)) &
			DMA_CHAN_STATUS_RPS), "stop: RPS status not yet set");
		if (reclaim)	/* a driver recycling the ring at once */
			memset(rxd(&f, 0), 0, 2 * sizeof(struct dwmac4_desc));
		dwmac4_model_step(f.m, 4);
		CHECK_EQ_U(dwmac4_model_read32(f.m, DMA_DEBUG_STATUS_0) &
			   DWMAC4_DMA_DEBUG_RPS0_MASK, 0,
			   "stop: RPS0 Stopped once the frame is done");
		CHECK(dwmac4_model_read32(f.m, DMA_CHAN_STATUS(0)) &
		      DMA_CHAN_STATUS_RPS, "stop: RPS status set");
		CHECK_EQ_U(stats(&f).viol_rx_reclaimed, reclaim,
			   "stop: descriptor taken back counted (%u)", reclaim);
		if (!reclaim) {
			v = __atomic_load_n(&rxd(&f, 1)->des3, __ATOMIC_ACQUIRE);
			CHECK((v & RDES3_LAST_DESCRIPTOR) &&
			      (v & RDES3_ERROR_SUMMARY) && !(v & RDES3_OWN),
			      "stop: the frame ends on the held descriptor, with an error (%#x)",
			      v);
			CHECK_EQ_U(stats(&f).violations, 0, "stop: no violation");
		}
		fix_free(&f);
	}
}

static void
test_clocks(void)
{
	struct dwmac4_model_params p;
	struct fix f;

	dwmac4_model_params_init(&p);
	p.clocks = DWMAC4_MODEL_CLOCKS_OFF;
	fix_new(&f, &p, 0);
	CHECK_EQ_U(dwmac4_model_read32(f.m, GMAC4_VERSION), 0,
		   "clocks off: version reads 0");
	dwmac4_model_write32(f.m, DMA_BUS_MODE, DMA_BUS_MODE_SFT_RESET);
	CHECK(dwmac4_model_read32(f.m, DMA_BUS_MODE) & DMA_BUS_MODE_SFT_RESET,
	      "clocks off: the reset never completes");
	fix_free(&f);

	p.clocks = DWMAC4_MODEL_CLOCKS_NO_RXC;
	fix_new(&f, &p, 0);
	CHECK_EQ_U(dwmac4_model_read32(f.m, GMAC4_VERSION), DWMAC4_MODEL_VERSION,
		   "no RX clock: registers work");
	dwmac4_model_write32(f.m, DMA_BUS_MODE, DMA_BUS_MODE_SFT_RESET);
	CHECK(dwmac4_model_read32(f.m, DMA_BUS_MODE) & DMA_BUS_MODE_SFT_RESET,
	      "no RX clock: the reset never completes");
	fix_free(&f);
}

static uint16_t
mdio_read(struct fix *f, unsigned int pa, unsigned int reg)
{
	dwmac4_model_write32(f->m, GMAC_MDIO_ADDR, pa << DWMAC4_MII_PA_SHIFT |
			     reg << MII_GMAC4_REG_ADDR_SHIFT | MII_GMAC4_READ |
			     MII_ADDR_GBUSY);
	return (uint16_t)dwmac4_model_read32(f->m, GMAC_MDIO_DATA);
}

static void
mdio_write(struct fix *f, unsigned int pa, unsigned int reg, uint16_t v)
{
	dwmac4_model_write32(f->m, GMAC_MDIO_DATA, v);
	dwmac4_model_write32(f->m, GMAC_MDIO_ADDR, pa << DWMAC4_MII_PA_SHIFT |
			     reg << MII_GMAC4_REG_ADDR_SHIFT | MII_GMAC4_WRITE |
			     MII_ADDR_GBUSY);
}

/* Rises of the MAC's line since the last call. */
static uint64_t
mac_rises(struct fix *f)
{
	uint64_t n = 0;

	if (read(dwmac4_model_mac_irq_fd(f->m), &n, sizeof(n)) != sizeof(n))
		return 0;
	return n;
}

static uint32_t
rgsmiiis(struct fix *f)
{
	return dwmac4_model_read32(f->m, GMAC_INT_STATUS) &
	       DWMAC4_GMAC_INT_STATUS_RGSMIIIS;
}

/*
 * The link the PHY reports in band: each change sets RGSMIIIS (not a
 * repeat), which raises the MAC's line with RGSMIIIE, once (level: a
 * second change before the read raises nothing more) and at the enable
 * when already pending; reading MAC_PHYIF_Control_Status (LNKSTS,
 * LNKSPEED, LNKMOD) clears it; writes to the status change nothing; an
 * advertisement the partner cannot meet takes the link down in band;
 * the software reset clears the enable and the status.
 */
static void
test_link_interrupt(void)
{
	struct dwmac4_model_params p;
	uint32_t phyif;
	struct fix f;

	dwmac4_model_params_init(&p);
	fix_new(&f, &p, MAC_1G);
	CHECK(dwmac4_model_read32(f.m, GMAC_HW_FEATURE0) & GMAC_HW_FEAT_PCSSEL,
	      "PCSSEL: the core reports the link in band");
	phyif = dwmac4_model_read32(f.m, GMAC_PHYIF_CONTROL_STATUS);
	CHECK_EQ_U(phyif & (GMAC_PHYIF_CTRLSTATUS_LNKSTS |
			    GMAC_PHYIF_CTRLSTATUS_SPEED |
			    GMAC_PHYIF_CTRLSTATUS_LNKMOD),
		   GMAC_PHYIF_CTRLSTATUS_LNKSTS |
		   GMAC_PHYIF_CTRLSTATUS_SPEED_125 <<
		   GMAC_PHYIF_CTRLSTATUS_SPEED_SHIFT |
		   GMAC_PHYIF_CTRLSTATUS_LNKMOD, "in band: up, 1000, full");
	CHECK_EQ_U(rgsmiiis(&f), 0, "no change yet");
	/* masked: the status is set, the line stays low */
	dwmac4_model_set_link(f.m, false);
	CHECK(rgsmiiis(&f), "link down: RGSMIIIS");
	CHECK_EQ_U(mac_rises(&f), 0, "masked: nothing raised");
	/* level: the enable raises the line with the status pending */
	dwmac4_model_write32(f.m, GMAC_INT_EN, GMAC_INT_RGSMIIS);
	CHECK_EQ_U(mac_rises(&f), 1, "enable with RGSMIIIS pending: raised");
	dwmac4_model_write32(f.m, GMAC_INT_STATUS, 0);
	CHECK(rgsmiiis(&f), "a write does not clear RGSMIIIS");
	CHECK_EQ_U(dwmac4_model_read32(f.m, GMAC_PHYIF_CONTROL_STATUS) &
		   GMAC_PHYIF_CTRLSTATUS_LNKSTS, 0, "in band: down");
	CHECK_EQ_U(rgsmiiis(&f), 0, "the PHYIF read cleared RGSMIIIS");
	dwmac4_model_set_link(f.m, false);
	CHECK(rgsmiiis(&f) == 0 && mac_rises(&f) == 0, "a repeat: nothing");
	dwmac4_model_set_link(f.m, true);
	CHECK(rgsmiiis(&f), "link up: RGSMIIIS");
	CHECK_EQ_U(mac_rises(&f), 1, "link up: raised");
	/* a second change before the read: the line is already high */
	dwmac4_model_set_link(f.m, false);
	dwmac4_model_set_link(f.m, true);
	CHECK_EQ_U(mac_rises(&f), 0, "not cleared: no new rise");
	CHECK(dwmac4_model_read32(f.m, GMAC_PHYIF_CONTROL_STATUS) &
	      GMAC_PHYIF_CTRLSTATUS_LNKSTS, "in band: up");
	/* the PHY advertising nothing the partner has: down in band */
	mdio_write(&f, 0, MII_CTRL1000, 0);
	CHECK(rgsmiiis(&f), "auto-negotiation fails: RGSMIIIS");
	CHECK_EQ_U(mac_rises(&f), 1, "auto-negotiation fails: raised");
	CHECK_EQ_U(dwmac4_model_read32(f.m, GMAC_PHYIF_CONTROL_STATUS) &
		   GMAC_PHYIF_CTRLSTATUS_LNKSTS, 0, "in band: down again");
	CHECK_EQ_U(stats(&f).irq_mac_raised, 3, "three rises counted");
	CHECK_EQ_U(stats(&f).irq_raised, 0, "no DMA channel line moved");
	/* the reset: enable and status to 0 */
	dwmac4_model_set_link(f.m, false);
	dwmac4_model_write32(f.m, GMAC_CONFIG, 0);
	dwmac4_model_write32(f.m, DMA_BUS_MODE, DMA_BUS_MODE_SFT_RESET);
	CHECK(dwmac4_model_read32(f.m, GMAC_INT_EN) == 0 && rgsmiiis(&f) == 0,
	      "the reset clears RGSMIIIE and RGSMIIIS");
	fix_free(&f);
}

static void
test_phy_and_speed(void)
{
	struct dwmac4_model_params p;
	struct fix f;

	dwmac4_model_params_init(&p);
	p.phy_addr = 3;
	p.phy_speed = 100;
	fix_new(&f, &p, MAC_1G);
	CHECK_EQ_U(mdio_read(&f, 0, MII_PHYSID1), 0xffff, "phy 3: 0 absent");
	CHECK_EQ_U(mdio_read(&f, 3, MII_PHYSID1), 0x001c, "phy 3: answers");
	CHECK_EQ_U(mdio_read(&f, 3, MII_LPA), LPA_LPACK | ADVERTISE_CSMA |
		   LPA_100FULL, "phy 3: partner 100 full");
	CHECK_EQ_U(mdio_read(&f, 3, MII_STAT1000), 0, "phy 3: no 1000");
	/* MAC at 1000: nothing passes, counted both ways. */
	rx_start(&f, 4, false, RX_CTL);
	tx_start(&f, DMA_CONTROL_ST | MODEL_FIXTURE_PBL);
	push(&f, 100);
	tx_one(&f, 0, 100, false);
	dwmac4_model_step(f.m, 8);
	CHECK_EQ_U(stats(&f).rx_dropped_speed, 1, "mismatch: RX dropped");
	CHECK_EQ_U(stats(&f).tx_dropped_speed, 1, "mismatch: TX garbled");
	CHECK_EQ_U(stats(&f).tx_frames, 0, "mismatch: nothing sent");
	/* MAC at 100 full (PS | FES | DM): both ways. */
	dwmac4_model_write32(f.m, GMAC_CONFIG, MAC_1G | GMAC_CONFIG_PS |
			     GMAC_CONFIG_FES);
	push(&f, 100);
	tx_one(&f, 1, 100, false);
	dwmac4_model_step(f.m, 8);
	CHECK_EQ_U(stats(&f).rx_delivered, 1, "100 full: received");
	CHECK_EQ_U(stats(&f).tx_frames, 1, "100 full: sent");
	/* Half duplex partner, MAC full duplex: mismatch again. */
	fix_free(&f);
	p.phy_full = false;
	p.phy_speed = 10;
	fix_new(&f, &p, MAC_1G | GMAC_CONFIG_PS);
	rx_start(&f, 4, false, RX_CTL);
	push(&f, 100);
	dwmac4_model_step(f.m, 8);
	CHECK_EQ_U(stats(&f).rx_dropped_speed, 1, "10 half vs full: dropped");
	dwmac4_model_write32(f.m, GMAC_CONFIG, GMAC_CONFIG_PS | GMAC_CONFIG_RE);
	push(&f, 100);
	dwmac4_model_step(f.m, 8);
	CHECK_EQ_U(stats(&f).rx_delivered, 1, "10 half: received");
	fix_free(&f);

	/* No PHY: a fixed link, every address reads ones, link up. */
	dwmac4_model_params_init(&p);
	p.phy_addr = DWMAC4_MODEL_PHY_NONE;
	fix_new(&f, &p, MAC_1G);
	CHECK_EQ_U(mdio_read(&f, 0, MII_BMSR), 0xffff, "no PHY: absent");
	rx_start(&f, 4, false, RX_CTL);
	push(&f, 100);
	dwmac4_model_step(f.m, 8);
	CHECK_EQ_U(stats(&f).rx_delivered, 1, "no PHY: fixed link up");
	CHECK_EQ_U(stats(&f).violations, 0, "phy: violations");
	fix_free(&f);
}

/* The partner's mode as BMSR/LPA/STAT1000 and the in-band status show it. */
static void
check_partner(struct fix *f, const char *what, uint16_t lpa, uint16_t stat1000,
	      uint32_t speed, bool full)
{
	uint32_t phyif;

	mdio_read(f, 0, MII_BMSR);	/* the latch */
	CHECK(mdio_read(f, 0, MII_BMSR) & BMSR_LSTATUS, "%s: BMSR link up", what);
	CHECK_EQ_U(mdio_read(f, 0, MII_LPA) & (LPA_100FULL | LPA_100HALF |
					       LPA_10FULL | LPA_10HALF),
		   lpa, "%s: LPA", what);
	CHECK_EQ_U(mdio_read(f, 0, MII_STAT1000), stat1000, "%s: STAT1000", what);
	phyif = dwmac4_model_read32(f->m, GMAC_PHYIF_CONTROL_STATUS);
	CHECK_EQ_U(phyif & (GMAC_PHYIF_CTRLSTATUS_SPEED |
			    GMAC_PHYIF_CTRLSTATUS_LNKMOD),
		   speed << GMAC_PHYIF_CTRLSTATUS_SPEED_SHIFT |
		   (full ? GMAC_PHYIF_CTRLSTATUS_LNKMOD : 0), "%s: in band", what);
}

/* One frame each way: received/sent (@p ok) or dropped for the speed. */
static void
check_frames(struct fix *f, const char *what, bool ok)
{
	struct dwmac4_model_stats st0 = stats(f), st;

	push(f, 100);
	dwmac4_model_step(f->m, 8);
	st = stats(f);
	CHECK_EQ_U(st.rx_delivered - st0.rx_delivered, ok ? 1 : 0,
		   "%s: received", what);
	CHECK_EQ_U(st.rx_dropped_speed - st0.rx_dropped_speed, ok ? 0 : 1,
		   "%s: dropped for the speed", what);
}

/*
 * The partner renegotiates (dwmac4_model_set_partner()): the link drops
 * (BMSR's link status latched low, RGSMIIIS set) and comes back in the
 * new mode; a MAC left at the old one receives nothing until it follows.
 * Without in-band status (no_pcs) RGSMIIIS never rises. model_link_events
 * run at their frame.
 */
static void
test_partner_renegotiates(void)
{
	struct dwmac4_model_params p;
	struct fix f;

	dwmac4_model_params_init(&p);
	fix_new(&f, &p, MAC_1G | GMAC_CONFIG_DM);
	rx_start(&f, NDESC - 1, false, RX_CTL);
	check_partner(&f, "1000 full", 0, LPA_1000FULL,
		      GMAC_PHYIF_CTRLSTATUS_SPEED_125, true);
	check_frames(&f, "1000 full", true);
	CHECK_EQ_U(dwmac4_model_set_partner(f.m, 100, true), 0, "to 100 full");
	CHECK(rgsmiiis(&f), "renegotiation: RGSMIIIS");
	CHECK_EQ_U(mdio_read(&f, 0, MII_BMSR) & BMSR_LSTATUS, 0,
		   "renegotiation: BMSR latched low");
	check_partner(&f, "100 full", LPA_100FULL, 0,
		      GMAC_PHYIF_CTRLSTATUS_SPEED_25, true);
	check_frames(&f, "100 full, MAC at 1000", false);
	dwmac4_model_write32(f.m, GMAC_CONFIG, MAC_1G | GMAC_CONFIG_DM |
			     GMAC_CONFIG_PS | GMAC_CONFIG_FES);
	check_frames(&f, "100 full, MAC at 100", true);
	CHECK_EQ_U(dwmac4_model_set_partner(f.m, 10, false), 0, "to 10 half");
	check_partner(&f, "10 half", LPA_10HALF, 0,
		      GMAC_PHYIF_CTRLSTATUS_SPEED_2_5, false);
	check_frames(&f, "10 half, MAC at 100 full", false);
	dwmac4_model_write32(f.m, GMAC_CONFIG, GMAC_CONFIG_RE | GMAC_CONFIG_TE |
			     GMAC_CONFIG_PS);
	check_frames(&f, "10 half, MAC at 10 half", true);
	CHECK_EQ_U(dwmac4_model_set_partner(f.m, 2500, true), -EINVAL,
		   "2500 refused");
	CHECK_EQ_U(stats(&f).violations, 0, "renegotiation: violations");
	fix_free(&f);

	/* No in-band status: the link moves, RGSMIIIS does not. */
	dwmac4_model_params_init(&p);
	p.no_pcs = true;
	fix_new(&f, &p, MAC_1G | GMAC_CONFIG_DM);
	CHECK_EQ_U(dwmac4_model_read32(f.m, GMAC_HW_FEATURE0) &
		   GMAC_HW_FEAT_PCSSEL, 0, "no_pcs: PCSSEL clear");
	dwmac4_model_set_link(f.m, false);
	dwmac4_model_set_partner(f.m, 100, true);
	dwmac4_model_set_link(f.m, true);
	CHECK_EQ_U(rgsmiiis(&f), 0, "no_pcs: RGSMIIIS never set");
	check_partner(&f, "no_pcs: 100 full", LPA_100FULL, 0,
		      GMAC_PHYIF_CTRLSTATUS_SPEED_25, true);
	fix_free(&f);

	/* Events at frames 2 (100 full), 3 (down), 4 (up). */
	dwmac4_model_params_init(&p);
	p.link_events[0] = (struct dwmac4_model_link_event){ 2, 100, true };
	p.link_events[1] = (struct dwmac4_model_link_event){
		3, DWMAC4_MODEL_LINK_DOWN, false };
	p.link_events[2] = (struct dwmac4_model_link_event){
		4, DWMAC4_MODEL_LINK_UP, false };
	p.nb_link_events = 3;
	fix_new(&f, &p, MAC_1G | GMAC_CONFIG_DM);
	rx_start(&f, NDESC - 1, false, RX_CTL);
	check_frames(&f, "event: frame 1 at 1000", true);
	check_frames(&f, "event: frame 2 at 100, MAC at 1000", false);
	CHECK_EQ_U(stats(&f).rx_dropped_stopped, 0, "event: the link was up");
	push(&f, 100);
	dwmac4_model_step(f.m, 8);
	CHECK_EQ_U(stats(&f).rx_dropped_stopped, 1, "event: frame 3 dropped, link down");
	dwmac4_model_write32(f.m, GMAC_CONFIG, MAC_1G | GMAC_CONFIG_DM |
			     GMAC_CONFIG_PS | GMAC_CONFIG_FES);
	check_frames(&f, "event: frame 4, up at 100, MAC at 100", true);
	fix_free(&f);
	p.link_events[2].frame = 3;
	CHECK(dwmac4_model_create(&p) == NULL && errno == EINVAL,
	      "event frames not increasing: refused");
}

static void
test_tx_queue_size(void)
{
	struct dwmac4_model_params p;
	struct fix f;

	dwmac4_model_params_init(&p);
	p.mtl_queues = 2;
	fix_new(&f, &p, MAC_1G);
	CHECK_EQ_U(dwmac4_model_read32(f.m, MTL_CHAN_TX_OP_MODE(0)) &
		   MTL_OP_MODE_TQS_MASK, 0, "2 queues: TQS resets to 256 B");
	tx_start(&f, DMA_CONTROL_ST | MODEL_FIXTURE_PBL);
	tx_one(&f, 0, 300, false);
	dwmac4_model_step(f.m, 8);
	CHECK_EQ_U(stats(&f).tx_frames, 0, "300 B > 256 B queue: stuck");
	CHECK_EQ_U(stats(&f).tx_fifo_stalls, 1, "stall counted");
	dwmac4_model_step(f.m, 8);
	CHECK_EQ_U(stats(&f).tx_fifo_stalls, 1, "counted once");
	dwmac4_model_write32(f.m, MTL_CHAN_TX_OP_MODE(0), MTL_OP_MODE_TSF |
			     MTL_OP_MODE_TXQEN | 31u << MTL_OP_MODE_TQS_SHIFT);
	dwmac4_model_step(f.m, 8);
	CHECK_EQ_U(stats(&f).tx_frames, 1, "8 KiB queue: sent");
	fix_free(&f);
}

/*
 * Left running by a boot loader (params.boot_running): the MAC and both
 * engines run, suspended, and touch no memory; a reset before stopping
 * them is a violation, after stopping them (as a takeover does) it is not.
 */
static void
test_boot_running(void)
{
	struct dwmac4_model_params p;
	struct fix f;
	bool stop;

	for (stop = false; ; stop = true) {
		dwmac4_model_params_init(&p);
		p.boot_running = true;
		fix_new(&f, &p, MAC_1G);
		CHECK(dwmac4_model_read32(f.m, DMA_CHAN_RX_CONTROL(0)) & DMA_CONTROL_SR,
		      "boot running: RX DMA on");
		CHECK(dwmac4_model_read32(f.m, DMA_CHAN_TX_CONTROL(0)) & DMA_CONTROL_ST,
		      "boot running: TX DMA on");
		push(&f, 60);
		dwmac4_model_step(f.m, 8);
		CHECK_EQ_U(stats(&f).rx_delivered + stats(&f).violations, 0,
			   "boot running: suspended, no memory touched");
		if (stop) {
			dwmac4_model_write32(f.m, GMAC_CONFIG, 0);
			dwmac4_model_write32(f.m, DMA_CHAN_RX_CONTROL(0), 0);
			dwmac4_model_write32(f.m, DMA_CHAN_TX_CONTROL(0), 0);
		}
		dwmac4_model_write32(f.m, DMA_BUS_MODE, DMA_BUS_MODE_SFT_RESET);
		CHECK_EQ_U(stats(&f).viol_reset_running, stop ? 0 : 1,
			   "boot running: reset %s stopping", stop ? "after" : "without");
		/* The frame the MAC had queued died with the reset. */
		CHECK_EQ_U(stats(&f).rx_dropped_stopped, 1, "boot running: flushed");
		fix_free(&f);
		if (stop)
			break;
	}
}

/*
 * RBSZ's bits below the 64-bit bus width are read-only zero: 516 written
 * is 512 read back and filled (the rest of the frame in the next buffer).
 */
static void
test_rbsz_bus_width(void)
{
	struct dwmac4_model_params p;
	struct fix f;

	dwmac4_model_params_init(&p);
	fix_new(&f, &p, MAC_1G);
	rx_start(&f, 4, false, DMA_CONTROL_SR | MODEL_FIXTURE_PBL |
		 516u << DMA_RBSZ_SHIFT);
	CHECK_EQ_U((dwmac4_model_read32(f.m, DMA_CHAN_RX_CONTROL(0)) &
		    DMA_RBSZ_MASK) >> DMA_RBSZ_SHIFT, 512, "RBSZ 516 reads 512");
	push(&f, 600);
	dwmac4_model_step(f.m, 8);
	CHECK_EQ_U(__atomic_load_n(&rxd(&f, 0)->des3, __ATOMIC_ACQUIRE),
		   RDES3_FIRST_DESCRIPTOR | 512, "RBSZ 516: 512 bytes in the first");
	CHECK_EQ_U(stats(&f).violations, 0, "RBSZ 516: no violation");
	fix_free(&f);
}

static void
test_rbsz_zero(void)
{
	struct dwmac4_model_params p;
	struct fix f;

	dwmac4_model_params_init(&p);
	fix_new(&f, &p, MAC_1G);
	rx_start(&f, 4, false, DMA_CONTROL_SR | MODEL_FIXTURE_PBL);
	CHECK(dwmac4_model_read32(f.m, DMA_CHAN_RX_CONTROL(0)) & DMA_CONTROL_SR,
	      "RBSZ 0: RX DMA runs");
	CHECK_EQ_U(stats(&f).rx_rbsz_zero, 1, "RBSZ 0 counted");
	push(&f, 1514);
	dwmac4_model_step(f.m, 8);
	CHECK_EQ_U(stats(&f).rx_delivered, 1, "RBSZ 0: delivered");
	CHECK_EQ_U(__atomic_load_n(&rxd(&f, 0)->des3, __ATOMIC_ACQUIRE),
		   RDES3_FIRST_DESCRIPTOR | RDES3_LAST_DESCRIPTOR | 1518,
		   "RBSZ 0: one descriptor");
	CHECK_EQ_U(stats(&f).violations, 0, "RBSZ 0: no violation");
	fix_free(&f);
}

static void
test_interrupt_status(void)
{
	struct dwmac4_model_params p;
	struct fix f;

	dwmac4_model_params_init(&p);
	p.manual_clock = true;
	fix_new(&f, &p, MAC_1G);
	rx_start(&f, 2, false, RX_CTL);
	tx_start(&f, DMA_CONTROL_ST | MODEL_FIXTURE_PBL);
	push(&f, 100);
	tx_one(&f, 0, 100, false);
	dwmac4_model_step(f.m, 8);
	CHECK_EQ_U(dwmac4_model_read32(f.m, DMA_CHAN_STATUS(0)) &
		   (DMA_CHAN_STATUS_RI | DMA_CHAN_STATUS_TI), 0,
		   "no IOC, no IC: no RI, no TI");
	/* The RX watchdog (test_rx_watchdog) raises RI for frames without IOC. */
	dwmac4_model_write32(f.m, DMA_CHAN_RX_WATCHDOG(0), 0x40);
	push(&f, 100);
	dwmac4_model_step(f.m, 8);
	dwmac4_model_clock_advance(f.m, 0x40 * 256 * 1000ull / 125);
	dwmac4_model_step(f.m, 8);
	CHECK(dwmac4_model_read32(f.m, DMA_CHAN_STATUS(0)) & DMA_CHAN_STATUS_RI,
	      "RIWT: RI");
	dwmac4_model_write32(f.m, DMA_CHAN_STATUS(0), ~0u);
	dwmac4_model_write32(f.m, DMA_CHAN_RX_WATCHDOG(0), 0);
	/* IOC / IC ask for them. */
	arm_rx(&f, 2, true);
	dwmac4_model_write32(f.m, DMA_CHAN_RX_END_ADDR(0),
			     (uint32_t)iova(&f, rxd(&f, 3)));
	push(&f, 100);
	tx_one(&f, 1, 100, true);
	dwmac4_model_step(f.m, 8);
	CHECK_EQ_U(dwmac4_model_read32(f.m, DMA_CHAN_STATUS(0)) &
		   (DMA_CHAN_STATUS_RI | DMA_CHAN_STATUS_TI),
		   DMA_CHAN_STATUS_RI | DMA_CHAN_STATUS_TI, "IOC and IC");
	fix_free(&f);
}

/* Rises of channel 0's interrupt line since the last call. */
static uint64_t
irq_rises(struct fix *f)
{
	uint64_t n = 0;

	if (read(dwmac4_model_irq_fd(f->m, 0), &n, sizeof(n)) != sizeof(n))
		return 0;
	return n;
}

static uint32_t
ri(struct fix *f)
{
	return dwmac4_model_read32(f->m, DMA_CHAN_STATUS(0)) & DMA_CHAN_STATUS_RI;
}

/*
 * The RX watchdog on the model's clock (manual here): a frame closed
 * without IOC starts it; RI comes RWT x 256 application clock cycles
 * later, not before, and once for every frame closed meanwhile (they do
 * not restart it); RI from an IOC frame stops it; RWT 0 never raises RI.
 */
static void
test_rx_watchdog(void)
{
	/* RWT 10 at 100 MHz: 10 x 256 cycles of 10 ns. */
	const uint64_t wdt_ns = 10ull * 256 * 10;
	struct dwmac4_model_params p;
	struct fix f;

	dwmac4_model_params_init(&p);
	p.manual_clock = true;
	p.clk_hz = 100000000;
	fix_new(&f, &p, MAC_1G);
	rx_start(&f, NDESC - 1, false, RX_CTL);
	dwmac4_model_write32(f.m, DMA_CHAN_RX_WATCHDOG(0), 10);
	dwmac4_model_write32(f.m, DMA_CHAN_INTR_ENA(0), DMA_CHAN_INTR_ENA_RIE |
			     DMA_CHAN_INTR_ENA_NIE_4_10);
	push(&f, 100);
	push(&f, 100);
	dwmac4_model_step(f.m, 8);
	CHECK_EQ_U(stats(&f).rx_delivered, 2, "RWT: two frames delivered");
	CHECK_EQ_U(ri(&f), 0, "RWT: no RI as the frames close");
	dwmac4_model_clock_advance(f.m, wdt_ns - 1);
	push(&f, 100);		/* closed while the watchdog runs */
	dwmac4_model_step(f.m, 8);
	CHECK_EQ_U(ri(&f), 0, "RWT: no RI 1 ns before the watchdog runs out");
	CHECK_EQ_U(irq_rises(&f), 0, "RWT: the line stayed low");
	dwmac4_model_clock_advance(f.m, 1);
	dwmac4_model_step(f.m, 8);
	CHECK(ri(&f) != 0, "RWT: RI when the watchdog runs out");
	CHECK_EQ_U(irq_rises(&f), 1, "RWT: three frames, one interrupt");
	/* It stopped: more time raises nothing more. */
	dwmac4_model_write32(f.m, DMA_CHAN_STATUS(0), DMA_CHAN_STATUS_RI |
			     DMA_CHAN_STATUS_NIS);
	dwmac4_model_clock_advance(f.m, 10 * wdt_ns);
	dwmac4_model_step(f.m, 8);
	CHECK_EQ_U(ri(&f), 0, "RWT: stopped after it fired");
	/* The next frame starts it again, from its own close. */
	push(&f, 100);
	dwmac4_model_step(f.m, 8);
	dwmac4_model_clock_advance(f.m, wdt_ns - 1);
	dwmac4_model_step(f.m, 8);
	CHECK_EQ_U(ri(&f), 0, "RWT: restarted by the next frame");
	dwmac4_model_clock_advance(f.m, 1);
	dwmac4_model_step(f.m, 8);
	CHECK(ri(&f) != 0, "RWT: RI after its own deadline");
	CHECK_EQ_U(irq_rises(&f), 1, "RWT: a second interrupt");
	dwmac4_model_write32(f.m, DMA_CHAN_STATUS(0), DMA_CHAN_STATUS_RI |
			     DMA_CHAN_STATUS_NIS);
	/* RWT 0: frames without IOC raise nothing, however long. */
	dwmac4_model_write32(f.m, DMA_CHAN_RX_WATCHDOG(0), 0);
	push(&f, 100);
	dwmac4_model_step(f.m, 8);
	dwmac4_model_clock_advance(f.m, 1000 * wdt_ns);
	dwmac4_model_step(f.m, 8);
	CHECK_EQ_U(ri(&f), 0, "RWT 0: no RI");
	CHECK_EQ_U(irq_rises(&f), 0, "RWT 0: no interrupt");
	CHECK_EQ_U(stats(&f).rx_delivered, 5, "every frame delivered");
	CHECK_EQ_U(stats(&f).violations, 0, "RWT: no violation");
	fix_free(&f);
}

/* The hash bin of @p da as Linux computes it (crc32 of the address). */
static unsigned int
hash_bin(const uint8_t *da)
{
	uint32_t crc = model_fixture_crc32(da, 6), rev = 0;
	unsigned int i;

	for (i = 0; i < 32; i++)
		rev |= ((crc >> i) & 1u) << (31 - i);
	return rev >> 26;
}

static void
test_hash_filter(void)
{
	static const uint8_t mc[6] = { 0x33, 0x33, 0xff, 0x00, 0x00, 0x01 };
	struct dwmac4_model_params p;
	uint8_t frame[64];
	unsigned int bin = hash_bin(mc);
	struct fix f;

	dwmac4_model_params_init(&p);
	fix_new(&f, &p, MAC_1G);
	dwmac4_model_write32(f.m, GMAC_PACKET_FILTER, 0);
	rx_start(&f, 4, false, RX_CTL);
	memset(frame, 0, sizeof(frame));
	memcpy(frame, mc, 6);
	model_fixture_qsrc_push(f.src, frame, sizeof(frame));
	dwmac4_model_step(f.m, 8);
	CHECK_EQ_U(stats(&f).rx_dropped_filter, 1, "mcast: filtered");
	dwmac4_model_write32(f.m, GMAC_HASH_TAB(bin >> 5), 1u << (bin & 31));
	model_fixture_qsrc_push(f.src, frame, sizeof(frame));
	dwmac4_model_step(f.m, 8);
	CHECK_EQ_U(stats(&f).rx_dropped_filter, 2, "mcast: HMC off");
	dwmac4_model_write32(f.m, GMAC_PACKET_FILTER, GMAC_PACKET_FILTER_HMC);
	model_fixture_qsrc_push(f.src, frame, sizeof(frame));
	dwmac4_model_step(f.m, 8);
	CHECK_EQ_U(stats(&f).rx_delivered, 1, "mcast: its bin set");
	dwmac4_model_write32(f.m, GMAC_HASH_TAB(bin >> 5), 0);
	model_fixture_qsrc_push(f.src, frame, sizeof(frame));
	dwmac4_model_step(f.m, 8);
	CHECK_EQ_U(stats(&f).rx_dropped_filter, 3, "mcast: bin clear");
	fix_free(&f);
}

/* ICMP echo in IPv4 with a wrong checksum: IPCE (the engine checks it). */
static void
test_icmp_checksum(void)
{
	static const uint8_t hdr[34] = {
		0x02, 0, 0, 0, 0, 0x01, 0x02, 0, 0, 0, 0, 0x02, 0x08, 0x00,
		0x45, 0, 0, 28, 0, 1, 0, 0, 64, 1, 0, 0, 10, 0, 0, 1, 10, 0, 0, 2,
	};
	struct dwmac4_model_params p;
	uint8_t frame[64];
	uint32_t sum = 0, i;
	struct fix f;

	memset(frame, 0, sizeof(frame));
	memcpy(frame, hdr, sizeof(hdr));
	for (i = 14; i < 34; i += 2)
		sum += (uint32_t)frame[i] << 8 | frame[i + 1];
	sum = (sum & 0xffff) + (sum >> 16);
	sum = (sum & 0xffff) + (sum >> 16);
	frame[24] = (uint8_t)(~sum >> 8);
	frame[25] = (uint8_t)~sum;
	frame[34] = 8;		/* echo request, checksum left 0: wrong */
	dwmac4_model_params_init(&p);
	fix_new(&f, &p, MAC_1G | GMAC_CONFIG_IPC);
	dwmac4_model_write32(f.m, MTL_CHAN_RX_OP_MODE(0), MTL_OP_MODE_DIS_TCP_EF);
	rx_start(&f, 4, false, RX_CTL);
	model_fixture_qsrc_push(f.src, frame, 60);
	dwmac4_model_step(f.m, 8);
	CHECK_EQ_U(rxd(&f, 0)->des1, RDES1_IPV4_HEADER | DWMAC4_RDES1_PT_ICMP |
		   RDES1_IP_PAYLOAD_ERROR, "ICMP bad checksum: IPCE");
	/* Correct it (0x08 00 -> ~0x0800): no error. */
	frame[36] = 0xf7;
	frame[37] = 0xff;
	model_fixture_qsrc_push(f.src, frame, 60);
	dwmac4_model_step(f.m, 8);
	CHECK_EQ_U(rxd(&f, 1)->des1, RDES1_IPV4_HEADER | DWMAC4_RDES1_PT_ICMP,
		   "ICMP good checksum");
	fix_free(&f);
}

/* MMD @p devad register @p reg through registers 13/14, no post-increment. */
static void
mmd_select(struct fix *f, unsigned int devad, uint16_t reg)
{
	mdio_write(f, 0, MII_MMD_CTRL, (uint16_t)devad);
	mdio_write(f, 0, MII_MMD_DATA, reg);
	mdio_write(f, 0, MII_MMD_CTRL, (uint16_t)(devad | MII_MMD_CTRL_NOINCR));
}

static bool
swr_stuck(struct fix *f)
{
	dwmac4_model_write32(f->m, DMA_BUS_MODE, DMA_BUS_MODE_SFT_RESET);
	return dwmac4_model_read32(f->m, DMA_BUS_MODE) & DMA_BUS_MODE_SFT_RESET;
}

/*
 * EEE: the PHY advertises it from reset (MMD 7.60) with the clock stop
 * enabled (MMD 3.0); with a partner that offers it the reset waits for
 * the receive clock. A new advertisement acts at the next negotiation:
 * writing it alone leaves the reset stuck, the restart completes it.
 * Clearing the clock stop enable does too. Without an EEE partner, or at
 * 10 Mbit/s, the reset completes at once.
 */
static void
test_phy_eee(void)
{
	struct dwmac4_model_params p;
	struct fix f;

	dwmac4_model_params_init(&p);
	p.phy_eee = true;
	fix_new(&f, &p, 0);
	mmd_select(&f, MDIO_MMD_AN, MDIO_AN_EEE_ADV);
	CHECK_EQ_U(mdio_read(&f, 0, MII_MMD_DATA), MDIO_EEE_100TX | MDIO_EEE_1000T,
		   "eee: advertised after reset");
	mmd_select(&f, MDIO_MMD_AN, MDIO_AN_EEE_LPABLE);
	CHECK_EQ_U(mdio_read(&f, 0, MII_MMD_DATA), MDIO_EEE_100TX | MDIO_EEE_1000T,
		   "eee: the partner's ability");
	mmd_select(&f, MDIO_MMD_PCS, MDIO_CTRL1);
	CHECK_EQ_U(mdio_read(&f, 0, MII_MMD_DATA), MDIO_PCS_CTRL1_CLKSTOP_EN,
		   "eee: clock stop enabled after reset");
	CHECK(swr_stuck(&f), "eee: the reset waits for the receive clock");
	CHECK_EQ_U(stats(&f).sw_resets_stuck, 1, "eee: counted once");
	mmd_select(&f, MDIO_MMD_AN, MDIO_AN_EEE_ADV);
	mdio_write(&f, 0, MII_MMD_DATA, 0);
	CHECK(dwmac4_model_read32(f.m, DMA_BUS_MODE) & DMA_BUS_MODE_SFT_RESET,
	      "eee: the advertisement alone changes nothing until renegotiated");
	mdio_write(&f, 0, MII_BMCR, BMCR_ANENABLE | BMCR_ANRESTART);
	CHECK(!(dwmac4_model_read32(f.m, DMA_BUS_MODE) & DMA_BUS_MODE_SFT_RESET),
	      "eee: off after the restart: the reset completed");
	CHECK_EQ_U(stats(&f).sw_resets, 1, "eee: one reset completed");
	CHECK(!swr_stuck(&f), "eee off: a new reset completes at once");
	/* A PHY reset brings EEE back; clearing the clock stop suffices. */
	mdio_write(&f, 0, MII_BMCR, BMCR_RESET);
	CHECK(swr_stuck(&f), "eee again after a PHY reset: stuck");
	mmd_select(&f, MDIO_MMD_PCS, MDIO_CTRL1);
	mdio_write(&f, 0, MII_MMD_DATA, 0);
	CHECK(!(dwmac4_model_read32(f.m, DMA_BUS_MODE) & DMA_BUS_MODE_SFT_RESET),
	      "clock stop off: the reset completed");
	/* Post-increment: two consecutive reads walk the address. */
	mdio_write(&f, 0, MII_MMD_CTRL, MDIO_MMD_AN);
	mdio_write(&f, 0, MII_MMD_DATA, MDIO_AN_EEE_ADV);
	mdio_write(&f, 0, MII_MMD_CTRL, MDIO_MMD_AN | MII_MMD_CTRL_INCR_RDWT);
	(void)mdio_read(&f, 0, MII_MMD_DATA);
	CHECK_EQ_U(mdio_read(&f, 0, MII_MMD_DATA), MDIO_EEE_100TX | MDIO_EEE_1000T,
		   "post-increment: register 61 after 60");
	fix_free(&f);

	p.phy_speed = 10;
	fix_new(&f, &p, 0);
	CHECK(!swr_stuck(&f), "eee at 10 Mbit/s: no LPI, the reset completes");
	fix_free(&f);
	dwmac4_model_params_init(&p);
	fix_new(&f, &p, 0);
	CHECK(!swr_stuck(&f), "a partner without EEE: the reset completes");
	fix_free(&f);
}

/*
 * MMC: preset 16 below half range, the 16th frame received sets
 * MMC_Rx_Interrupt bit 0 and MAC_Interrupt_Status MMCRXIS/MMCIS (no
 * enable: the line rises); the mask hides it, a read of the counter
 * clears it; a reset takes the masks back to 0. One line: it fires again
 * at each unmask while high.
 */
static void
test_mmc(void)
{
	struct dwmac4_model_params p;
	struct fix f;
	unsigned int i;
	uint32_t mmcis = DWMAC4_GMAC_INT_STATUS_MMCIS |
			 DWMAC4_GMAC_INT_STATUS_MMCRXIS;
	uint64_t n;

	dwmac4_model_params_init(&p);
	p.mmc_preset = true;
	p.irq_one_line = true;
	fix_new(&f, &p, GMAC_CONFIG_RE | GMAC_CONFIG_DM);
	CHECK_EQ_U(dwmac4_model_read32(f.m, DWMAC4_MMC_RX_FRAMECOUNT_GB),
		   DWMAC4_MMC_PRESET_HALF_FRAMES, "mmc: preset at creation");
	rx_start(&f, NDESC, false, DMA_CONTROL_SR | 2048u << DMA_RBSZ_SHIFT |
		 8u << DMA_BUS_MODE_RPBL_SHIFT);
	for (i = 0; i < 15; i++)
		push(&f, 64);
	dwmac4_model_step(f.m, 64);
	CHECK_EQ_U(dwmac4_model_read32(f.m, GMAC_INT_STATUS) & mmcis, 0,
		   "mmc: 15 frames, below half");
	(void)mac_rises(&f);
	push(&f, 64);
	dwmac4_model_step(f.m, 64);
	CHECK_EQ_U(dwmac4_model_read32(f.m, DWMAC4_MMC_RX_INTR), 1,
		   "mmc: half range: RXGBPKTIS");
	CHECK_EQ_U(dwmac4_model_read32(f.m, GMAC_INT_STATUS) & mmcis, mmcis,
		   "mmc: MMCRXIS and MMCIS");
	CHECK_EQ_U(mac_rises(&f), 1, "mmc: the line rose");
	dwmac4_model_irq_unmask(f.m);
	CHECK_EQ_U(mac_rises(&f), 1, "mmc: one line: an unmask fires it again");
	dwmac4_model_write32(f.m, DWMAC4_MMC_RX_INTR_MASK, MMC_DEFAULT_MASK);
	CHECK_EQ_U(dwmac4_model_read32(f.m, GMAC_INT_STATUS) & mmcis, 0,
		   "mmc: masked");
	dwmac4_model_irq_unmask(f.m);
	CHECK_EQ_U(mac_rises(&f), 0, "mmc: masked: the line low");
	dwmac4_model_write32(f.m, DWMAC4_MMC_RX_INTR_MASK, 0);
	CHECK_EQ_U(dwmac4_model_read32(f.m, DWMAC4_MMC_RX_FRAMECOUNT_GB),
		   DWMAC4_MMC_PRESET_HALF_FRAMES + 16u, "mmc: counted");
	CHECK_EQ_U(dwmac4_model_read32(f.m, DWMAC4_MMC_RX_INTR), 0,
		   "mmc: the counter's read cleared its bit");
	CHECK_EQ_U(dwmac4_model_read32(f.m, GMAC_INT_STATUS) & mmcis, 0,
		   "mmc: and MMCRXIS");
	n = dwmac4_model_read32(f.m, DWMAC4_MMC_RX_FRAMECOUNT_GB);
	CHECK_EQ_U(n, DWMAC4_MMC_PRESET_HALF_FRAMES + 16u,
		   "mmc: not reset on read without RSTONRD");
	dwmac4_model_write32(f.m, DWMAC4_MMC_RX_INTR_MASK, MMC_DEFAULT_MASK);
	dwmac4_model_write32(f.m, DMA_CHAN_RX_CONTROL(0), 0);
	dwmac4_model_write32(f.m, GMAC_CONFIG, 0);
	dwmac4_model_write32(f.m, DMA_BUS_MODE, DMA_BUS_MODE_SFT_RESET);
	CHECK_EQ_U(dwmac4_model_read32(f.m, DWMAC4_MMC_RX_INTR_MASK), 0,
		   "mmc: the reset unmasks");
	fix_free(&f);
}

int
main(void)
{
	harness_seed_from_env(1);
	test_pbl_zero();
	test_reset_and_base_while_running();
	test_debug_status();
	test_rx_stop_in_transfer();
	test_clocks();
	test_phy_and_speed();
	test_tx_queue_size();
	test_boot_running();
	test_rbsz_bus_width();
	test_rbsz_zero();
	test_interrupt_status();
	test_link_interrupt();
	test_partner_renegotiates();
	test_rx_watchdog();
	test_hash_filter();
	test_icmp_checksum();
	test_phy_eee();
	test_mmc();
	return harness_result("test_model_strict");
}
