/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * dwmac4 model, register window: reset values (version, HW features, MAC
 * address), soft reset, MDIO and the PHY (BMSR latched-low link status),
 * write-1-to-clear status, DMA start with a bad ring, ring length and
 * current-descriptor registers, the DMA window API and bad register
 * accesses. Exact values throughout.
 */
#include <errno.h>
#include <linux/mii.h>
#include <string.h>

#include "dwmac4_desc.h"
#include "dwmac4_model.h"
#include "dwmac4_regs.h"
#include "harness.h"
#include "model_fixture.h"

static const uint8_t test_mac[6] = { 0x12, 0x34, 0x56, 0x78, 0x9a, 0xbc };

static struct dwmac4_model *
model_new(unsigned int n_channels)
{
	struct dwmac4_model_params p;
	struct dwmac4_model *m;

	dwmac4_model_params_init(&p);
	p.n_channels = n_channels;
	memcpy(p.mac, test_mac, sizeof(p.mac));
	m = dwmac4_model_create(&p);
	CHECK(m != NULL, "create: %s", strerror(errno));
	if (m == NULL)
		exit(1);
	return m;
}

static struct dwmac4_model_stats
stats(struct dwmac4_model *m)
{
	struct dwmac4_model_stats st;

	dwmac4_model_get_stats(m, &st);
	return st;
}

static uint16_t
mdio_read(struct dwmac4_model *m, uint32_t pa, uint32_t reg)
{
	uint32_t a = pa << DWMAC4_MII_PA_SHIFT |
		reg << MII_GMAC4_REG_ADDR_SHIFT |
		STMMAC_CSR_250_300M << DWMAC4_MII_CR_SHIFT | MII_GMAC4_READ |
		MII_ADDR_GBUSY;

	dwmac4_model_write32(m, GMAC_MDIO_ADDR, a);
	CHECK_EQ_U(dwmac4_model_read32(m, GMAC_MDIO_ADDR), a & ~MII_ADDR_GBUSY,
		   "MDIO GB self-clears");
	return (uint16_t)(dwmac4_model_read32(m, GMAC_MDIO_DATA) &
			  MII_DATA_GD_MASK);
}

static void
mdio_write(struct dwmac4_model *m, uint32_t pa, uint32_t reg, uint16_t v)
{
	dwmac4_model_write32(m, GMAC_MDIO_DATA, v);
	dwmac4_model_write32(m, GMAC_MDIO_ADDR,
			     pa << DWMAC4_MII_PA_SHIFT |
			     reg << MII_GMAC4_REG_ADDR_SHIFT |
			     MII_GMAC4_WRITE | MII_ADDR_GBUSY);
}

static void
test_params_and_create(void)
{
	struct dwmac4_model_params p;

	dwmac4_model_params_init(&p);
	CHECK_EQ_U(p.n_channels, 1, "default channels");
	CHECK(memcmp(p.mac, "\x02\x00\x00\x00\x00\x01", 6) == 0,
	      "default MAC");
	CHECK_EQ_U(p.idle_polls, 4096, "default idle polls");
	CHECK(!p.flow_control && p.rx_src == NULL && p.tx_sink == NULL &&
	      p.dma_store == MODEL_DMA_STORE_PLAIN, "defaults");
	p.n_channels = 0;
	CHECK(dwmac4_model_create(&p) == NULL && errno == EINVAL,
	      "0 channels refused");
	p.n_channels = DWMAC4_MODEL_MAX_CHANNELS + 1;
	CHECK(dwmac4_model_create(&p) == NULL && errno == EINVAL,
	      "too many channels refused");
}

static void
test_reset_values(void)
{
	struct dwmac4_model *m = model_new(1);
	struct dwmac4_model *m4 = model_new(4);

	CHECK_EQ_U(dwmac4_model_read32(m, GMAC4_VERSION), DWMAC4_MODEL_VERSION,
		   "version");
	CHECK_EQ_U(dwmac4_model_read32(m, GMAC4_VERSION) &
		   DWMAC4_VERSION_SNPSVER_MASK, DWMAC_CORE_5_10, "SNPSVER");
	/*
	 * ADDMACADRSEL = 3: MAC_Address1..3 besides address 0; PCSSEL,
	 * MMCSEL, TSSEL; VLHASH, SAVLANINS.
	 */
	CHECK_EQ_U(dwmac4_model_read32(m, GMAC_HW_FEATURE0),
		   GMAC_HW_FEAT_MIISEL | GMAC_HW_FEAT_GMIISEL |
		   GMAC_HW_FEAT_HDSEL | GMAC_HW_FEAT_PCSSEL | GMAC_HW_FEAT_MMCSEL |
		   GMAC_HW_FEAT_TSSEL | GMAC_HW_FEAT_TXCOSEL |
		   GMAC_HW_FEAT_RXCOESEL | GMAC_HW_FEAT_VLHASH |
		   GMAC_HW_FEAT_SAVLANINS |
		   (3u << DWMAC4_HW_FEAT_ADDMACADRSEL_SHIFT), "HW_FEATURE0");
	CHECK_EQ_U(dwmac4_model_read32(m, GMAC_HW_FEATURE0), 0x80d511f,
		   "HW_FEATURE0 literal");
	/* MAC_Address1..3 reset disabled (AE 0), all ones (databook). */
	CHECK_EQ_U(dwmac4_model_read32(m, GMAC_ADDR_HIGH(1)), 0xffff,
		   "MAC_Address1_High");
	CHECK_EQ_U(dwmac4_model_read32(m, GMAC_ADDR_LOW(3)), 0xffffffffu,
		   "MAC_Address3_Low");
	/*
	 * RX/TX FIFO 16 KiB (7 = log2(16384 / 128)), ADDR64 = 2 (48 bit),
	 * HASHTBLSZ = 1 (64-bin multicast hash).
	 */
	CHECK_EQ_U(dwmac4_model_read32(m, GMAC_HW_FEATURE1),
		   7u | 7u << 6 | 2u << 14 | 1u << 24, "HW_FEATURE1");
	CHECK_EQ_U(dwmac4_model_read32(m, GMAC_HW_FEATURE2), 0,
		   "HW_FEATURE2, 1 channel");
	/* Four DMA channels, one MTL queue (params.mtl_queues). */
	CHECK_EQ_U(dwmac4_model_read32(m4, GMAC_HW_FEATURE2),
		   3u << 12 | 3u << 18, "HW_FEATURE2, 4 channels");
	CHECK_EQ_U(dwmac4_model_read32(m, GMAC_HW_FEATURE3), 0, "HW_FEATURE3");
	CHECK_EQ_U(dwmac4_model_read32(m, GMAC_ADDR_HIGH(0)),
		   GMAC_HI_REG_AE | 0xbc9a, "MAC address high");
	CHECK_EQ_U(dwmac4_model_read32(m, GMAC_ADDR_LOW(0)), 0x78563412,
		   "MAC address low");
	CHECK_EQ_U(dwmac4_model_read32(m, GMAC_CONFIG), 0, "GMAC_CONFIG");
	CHECK_EQ_U(dwmac4_model_read32(m, GMAC_PACKET_FILTER), 0, "filter");
	CHECK_EQ_U(dwmac4_model_read32(m, DMA_BUS_MODE), 0, "DMA_BUS_MODE");
	CHECK_EQ_U(dwmac4_model_read32(m, DMA_STATUS), 0, "DMA_STATUS");
	CHECK_EQ_U(dwmac4_model_read32(m, DMA_CHAN_STATUS(0)), 0, "status");
	CHECK_EQ_U(dwmac4_model_read32(m, DMA_CHAN_RX_CONTROL(0)), 0, "RX ctl");
	CHECK_EQ_U(dwmac4_model_read32(m, DMA_CHAN_MISS_FRAME_CNT(0)), 0,
		   "missed");
	/* One MTL queue: RQS/TQS read-only, the whole 16 KiB (64 x 256 - 1). */
	CHECK_EQ_U(dwmac4_model_read32(m, MTL_CHAN_RX_OP_MODE(0)),
		   63u << MTL_OP_MODE_RQS_SHIFT, "MTL RX");
	CHECK_EQ_U(dwmac4_model_read32(m, MTL_CHAN_TX_OP_MODE(0)),
		   63u << MTL_OP_MODE_TQS_SHIFT, "MTL TX");
	dwmac4_model_write32(m, MTL_CHAN_RX_OP_MODE(0), MTL_OP_MODE_RSF);
	CHECK_EQ_U(dwmac4_model_read32(m, MTL_CHAN_RX_OP_MODE(0)),
		   63u << MTL_OP_MODE_RQS_SHIFT | MTL_OP_MODE_RSF,
		   "MTL RX: RQS read-only with one queue");
	/* Read-only: writes do not stick. */
	dwmac4_model_write32(m, GMAC4_VERSION, 0xdead);
	dwmac4_model_write32(m, GMAC_HW_FEATURE1, 0);
	CHECK_EQ_U(dwmac4_model_read32(m, GMAC4_VERSION), DWMAC4_MODEL_VERSION,
		   "version read-only");
	CHECK_EQ_U(dwmac4_model_read32(m, GMAC_HW_FEATURE1), 0x10081c7,
		   "HW_FEATURE1 read-only");
	/* AE always reads 1. */
	dwmac4_model_write32(m, GMAC_ADDR_HIGH(0), 0x1122);
	CHECK_EQ_U(dwmac4_model_read32(m, GMAC_ADDR_HIGH(0)),
		   GMAC_HI_REG_AE | 0x1122, "AE reads 1");
	CHECK_EQ_U(stats(m).violations, 0, "reset: violations");
	CHECK_EQ_U(stats(m4).violations, 0, "reset 4: violations");
	dwmac4_model_destroy(m);
	dwmac4_model_destroy(m4);
}

static void
test_soft_reset(void)
{
	struct dwmac4_model *m = model_new(1);
	static uint8_t ring[4096] __attribute__((aligned(16)));

	CHECK_EQ_U(dwmac4_model_dma_map(m, ring, 0x100000, sizeof(ring)), 0,
		   "map");
	dwmac4_model_write32(m, GMAC_CONFIG, GMAC_CONFIG_DM | GMAC_CONFIG_RE | GMAC_CONFIG_TE |
			     GMAC_CONFIG_IPC);
	dwmac4_model_write32(m, GMAC_PACKET_FILTER, GMAC_PACKET_FILTER_PR);
	dwmac4_model_write32(m, GMAC_ADDR_HIGH(0), 0x1);
	dwmac4_model_write32(m, GMAC_ADDR_LOW(0), 0x2);
	dwmac4_model_write32(m, MTL_CHAN_RX_OP_MODE(0), MTL_OP_MODE_DIS_TCP_EF);
	dwmac4_model_write32(m, DMA_CHAN_RX_BASE_ADDR(0), 0x100000);
	dwmac4_model_write32(m, DMA_CHAN_RX_RING_LEN(0), DWMAC4_DMA_RING_LEN(8));
	dwmac4_model_write32(m, DMA_CHAN_RX_END_ADDR(0), 0x100000 + 8 * 16);
	dwmac4_model_write32(m, DMA_CHAN_RX_CONTROL(0), DMA_CONTROL_SR | MODEL_FIXTURE_PBL |
			     2048u << DMA_RBSZ_SHIFT);
	CHECK_EQ_U(dwmac4_model_read32(m, DMA_CHAN_RX_CONTROL(0)),
		   DMA_CONTROL_SR | MODEL_FIXTURE_PBL | 2048u << DMA_RBSZ_SHIFT,
		   "RX started");
	CHECK_EQ_U(dwmac4_model_read32(m, DMA_CHAN_CUR_RX_DESC(0)), 0x100000,
		   "current RX descriptor = base after start");
	CHECK_EQ_U(dwmac4_model_read32(m, DMA_CHAN_RX_RING_LEN(0)), 7,
		   "ring length holds N - 1");
	dwmac4_model_write32(m, DMA_CHAN_RX_RING_LEN(0), 0xffffffff);
	CHECK_EQ_U(dwmac4_model_read32(m, DMA_CHAN_RX_RING_LEN(0)),
		   DWMAC4_DMA_RING_LEN_MASK, "ring length is 10 bits");

	/*
	 * A reset with the MAC and a DMA engine running is a violation (a
	 * driver stops them first): stop them, as a driver does.
	 */
	dwmac4_model_write32(m, DMA_CHAN_RX_CONTROL(0), MODEL_FIXTURE_PBL |
			     2048u << DMA_RBSZ_SHIFT);
	dwmac4_model_write32(m, GMAC_CONFIG, GMAC_CONFIG_DM);
	dwmac4_model_write32(m, DMA_BUS_MODE, DMA_BUS_MODE_SFT_RESET);
	CHECK_EQ_U(dwmac4_model_read32(m, DMA_BUS_MODE), 0, "SWR self-clears");
	CHECK_EQ_U(dwmac4_model_read32(m, GMAC_CONFIG), 0, "config reset");
	CHECK_EQ_U(dwmac4_model_read32(m, GMAC_PACKET_FILTER), 0,
		   "filter reset");
	/* The databook's reset value: what the boot loader set is gone. */
	CHECK_EQ_U(dwmac4_model_read32(m, GMAC_ADDR_HIGH(0)),
		   GMAC_HI_REG_AE | 0xffff, "MAC high back to reset");
	CHECK_EQ_U(dwmac4_model_read32(m, GMAC_ADDR_LOW(0)), 0xffffffff,
		   "MAC low back to reset");
	CHECK_EQ_U(dwmac4_model_read32(m, MTL_CHAN_RX_OP_MODE(0)),
		   63u << MTL_OP_MODE_RQS_SHIFT, "MTL reset");
	CHECK_EQ_U(dwmac4_model_read32(m, DMA_CHAN_RX_CONTROL(0)), 0,
		   "RX DMA stopped");
	CHECK_EQ_U(dwmac4_model_read32(m, DMA_CHAN_RX_BASE_ADDR(0)), 0,
		   "ring forgotten");
	CHECK_EQ_U(dwmac4_model_read32(m, DMA_CHAN_RX_END_ADDR(0)), 0,
		   "tail forgotten");
	CHECK_EQ_U(dwmac4_model_read32(m, DMA_CHAN_CUR_RX_DESC(0)), 0,
		   "current descriptor reset");
	CHECK_EQ_U(dwmac4_model_read32(m, GMAC4_VERSION), DWMAC4_MODEL_VERSION,
		   "version survives");
	/* A tail write after reset with the engine stopped is no violation. */
	dwmac4_model_write32(m, DMA_CHAN_RX_END_ADDR(0), 0x1234);
	CHECK_EQ_U(stats(m).violations, 0, "SWR: violations");
	dwmac4_model_destroy(m);
}

static void
test_mdio_phy(void)
{
	struct dwmac4_model *m = model_new(1);
	const uint16_t bmsr_static = BMSR_100FULL | BMSR_100HALF |
		BMSR_10FULL | BMSR_10HALF | BMSR_ESTATEN | BMSR_ANEGCAPABLE |
		BMSR_ERCAP;

	CHECK_EQ_U(mdio_read(m, 0, MII_PHYSID1), 0x001c, "PHYSID1");
	CHECK_EQ_U(mdio_read(m, 0, MII_PHYSID2), 0xc916, "PHYSID2");
	CHECK_EQ_U(mdio_read(m, 0, MII_BMCR), BMCR_ANENABLE | BMCR_FULLDPLX |
		   BMCR_SPEED1000, "BMCR reset");
	CHECK_EQ_U(mdio_read(m, 0, MII_BMSR), bmsr_static | BMSR_LSTATUS |
		   BMSR_ANEGCOMPLETE, "BMSR link up");
	CHECK_EQ_U(mdio_read(m, 0, MII_BMSR), 0x792d, "BMSR literal");
	CHECK_EQ_U(mdio_read(m, 0, MII_ADVERTISE), ADVERTISE_ALL |
		   ADVERTISE_CSMA, "ADVERTISE reset");
	/* The partner offers 1000 Mbit/s full duplex only (params). */
	CHECK_EQ_U(mdio_read(m, 0, MII_LPA), LPA_LPACK | ADVERTISE_CSMA,
		   "LPA link up");
	CHECK_EQ_U(mdio_read(m, 0, MII_CTRL1000), ADVERTISE_1000FULL |
		   ADVERTISE_1000HALF, "CTRL1000 reset");
	CHECK_EQ_U(mdio_read(m, 0, MII_STAT1000), LPA_1000FULL,
		   "STAT1000: partner 1000FULL");
	CHECK_EQ_U(mdio_read(m, 0, MII_ESTATUS), ESTATUS_1000_TFULL |
		   ESTATUS_1000_THALF, "ESTATUS");
	CHECK_EQ_U(mdio_read(m, 1, MII_BMSR), 0xffff, "absent PHY reads ones");
	CHECK_EQ_U(mdio_read(m, 31, MII_PHYSID1), 0xffff, "PA 31 absent");

	/* Writes: ADVERTISE, CTRL1000; ANRESTART and RESET self-clear. */
	mdio_write(m, 0, MII_ADVERTISE, ADVERTISE_CSMA | ADVERTISE_100FULL);
	CHECK_EQ_U(mdio_read(m, 0, MII_ADVERTISE), ADVERTISE_CSMA |
		   ADVERTISE_100FULL, "ADVERTISE written");
	mdio_write(m, 0, MII_CTRL1000, 0);
	CHECK_EQ_U(mdio_read(m, 0, MII_CTRL1000), 0, "CTRL1000 written");
	mdio_write(m, 0, MII_BMCR, BMCR_ANENABLE | BMCR_ANRESTART);
	CHECK_EQ_U(mdio_read(m, 0, MII_BMCR), BMCR_ANENABLE,
		   "ANRESTART self-clears");
	mdio_write(m, 1, MII_BMCR, 0);
	CHECK_EQ_U(mdio_read(m, 0, MII_BMCR), BMCR_ANENABLE,
		   "write to absent PHY ignored");
	mdio_write(m, 0, MII_BMCR, BMCR_RESET);
	CHECK_EQ_U(mdio_read(m, 0, MII_BMCR), BMCR_ANENABLE | BMCR_FULLDPLX |
		   BMCR_SPEED1000, "BMCR reset restores");
	CHECK_EQ_U(mdio_read(m, 0, MII_ADVERTISE), ADVERTISE_ALL |
		   ADVERTISE_CSMA, "PHY reset restores ADVERTISE");
	mdio_write(m, 0, MII_PHYSID1, 0x5555);
	CHECK_EQ_U(mdio_read(m, 0, MII_PHYSID1), 0x001c, "PHYSID read-only");

	/* Link down, then up: LSTATUS latched low until read. */
	dwmac4_model_set_link(m, false);
	CHECK_EQ_U(mdio_read(m, 0, MII_BMSR), bmsr_static, "BMSR link down");
	CHECK_EQ_U(mdio_read(m, 0, MII_LPA), 0, "LPA link down");
	CHECK_EQ_U(mdio_read(m, 0, MII_STAT1000), 0, "STAT1000 link down");
	dwmac4_model_set_link(m, true);
	CHECK_EQ_U(mdio_read(m, 0, MII_BMSR), bmsr_static | BMSR_ANEGCOMPLETE,
		   "BMSR first read after up: still latched low");
	CHECK_EQ_U(mdio_read(m, 0, MII_BMSR), bmsr_static | BMSR_LSTATUS |
		   BMSR_ANEGCOMPLETE, "BMSR second read: up");
	/* A short drop while nobody reads is still seen once. */
	dwmac4_model_set_link(m, false);
	dwmac4_model_set_link(m, true);
	CHECK_EQ_U(mdio_read(m, 0, MII_BMSR) & BMSR_LSTATUS, 0,
		   "brief link loss latched");
	CHECK_EQ_U(mdio_read(m, 0, MII_BMSR) & BMSR_LSTATUS, BMSR_LSTATUS,
		   "then up again");
	/* SWR resets the MAC, not the PHY. */
	mdio_write(m, 0, MII_ADVERTISE, ADVERTISE_CSMA);
	dwmac4_model_write32(m, DMA_BUS_MODE, DMA_BUS_MODE_SFT_RESET);
	CHECK_EQ_U(mdio_read(m, 0, MII_ADVERTISE), ADVERTISE_CSMA,
		   "PHY survives SWR");
	CHECK_EQ_U(stats(m).violations, 0, "MDIO: violations");
	dwmac4_model_destroy(m);
}

static void
test_status_and_dma_control(void)
{
	struct dwmac4_model *m = model_new(2);
	static uint8_t ring[4096] __attribute__((aligned(16)));
	uint32_t st;

	CHECK_EQ_U(dwmac4_model_dma_map(m, ring, 0x200000, sizeof(ring)), 0,
		   "map");
	/* TX on channel 1: start, then stop sets TPS (abnormal). */
	dwmac4_model_write32(m, DMA_CHAN_TX_BASE_ADDR(1), 0x200000);
	dwmac4_model_write32(m, DMA_CHAN_TX_RING_LEN(1), DWMAC4_DMA_RING_LEN(4));
	dwmac4_model_write32(m, DMA_CHAN_TX_CONTROL(1), DMA_CONTROL_ST | MODEL_FIXTURE_PBL);
	CHECK_EQ_U(dwmac4_model_read32(m, DMA_CHAN_CUR_TX_DESC(1)), 0x200000,
		   "current TX descriptor");
	dwmac4_model_write32(m, DMA_CHAN_TX_END_ADDR(1), 0x200000 + 4 * 16);
	CHECK_EQ_U(dwmac4_model_read32(m, DMA_CHAN_TX_END_ADDR(1)),
		   0x200000 + 4 * 16, "TX tail = N accepted");
	dwmac4_model_write32(m, DMA_CHAN_TX_CONTROL(1), 0);
	st = dwmac4_model_read32(m, DMA_CHAN_STATUS(1));
	CHECK_EQ_U(st, DMA_CHAN_STATUS_TPS | DMA_CHAN_STATUS_AIS,
		   "TPS + AIS on stop");
	CHECK_EQ_U(dwmac4_model_read32(m, DMA_STATUS),
		   DWMAC4_DMA_STATUS_CHAN(1), "DMA_STATUS names channel 1");
	dwmac4_model_write32(m, DMA_CHAN_STATUS(1), DMA_CHAN_STATUS_TPS);
	CHECK_EQ_U(dwmac4_model_read32(m, DMA_CHAN_STATUS(1)),
		   DMA_CHAN_STATUS_AIS, "W1C clears only what is written");
	dwmac4_model_write32(m, DMA_CHAN_STATUS(1), 0);
	CHECK_EQ_U(dwmac4_model_read32(m, DMA_CHAN_STATUS(1)),
		   DMA_CHAN_STATUS_AIS, "writing 0 clears nothing");
	dwmac4_model_write32(m, DMA_CHAN_STATUS(1), DMA_CHAN_STATUS_AIS);
	CHECK_EQ_U(dwmac4_model_read32(m, DMA_CHAN_STATUS(1)), 0, "all clear");
	CHECK_EQ_U(dwmac4_model_read32(m, DMA_STATUS), 0, "summary clear");
	/* Missed-frame counter is read-only. */
	dwmac4_model_write32(m, DMA_CHAN_MISS_FRAME_CNT(0), 55);
	CHECK_EQ_U(dwmac4_model_read32(m, DMA_CHAN_MISS_FRAME_CNT(0)), 0,
		   "missed counter read-only");
	CHECK_EQ_U(stats(m).violations, 0, "status: violations");

	/* Bad ring: base 0, unaligned base, bad RBSZ: stays stopped. */
	dwmac4_model_write32(m, DMA_CHAN_RX_CONTROL(0), DMA_CONTROL_SR | MODEL_FIXTURE_PBL |
			     2048u << DMA_RBSZ_SHIFT);
	CHECK_EQ_U(stats(m).viol_bad_ring, 1, "base 0");
	CHECK_EQ_U(dwmac4_model_read32(m, DMA_CHAN_RX_CONTROL(0)) &
		   DMA_CONTROL_SR, 0, "base 0: stopped");
	dwmac4_model_write32(m, DMA_CHAN_RX_BASE_ADDR(0), 0x200008);
	dwmac4_model_write32(m, DMA_CHAN_RX_CONTROL(0), DMA_CONTROL_SR | MODEL_FIXTURE_PBL |
			     2048u << DMA_RBSZ_SHIFT);
	CHECK_EQ_U(stats(m).viol_bad_ring, 2, "unaligned base");
	dwmac4_model_write32(m, DMA_CHAN_RX_BASE_ADDR(0), 0x200000);
	dwmac4_model_write32(m, DMA_CHAN_RX_CONTROL(0), DMA_CONTROL_SR | MODEL_FIXTURE_PBL |
			     32u << DMA_RBSZ_SHIFT);
	CHECK_EQ_U(stats(m).viol_bad_ring, 3, "RBSZ 32");
	/* RBSZ's bits below the 64-bit bus read zero: 1534 is 1528. */
	dwmac4_model_write32(m, DMA_CHAN_RX_CONTROL(0), DMA_CONTROL_SR | MODEL_FIXTURE_PBL |
			     1534u << DMA_RBSZ_SHIFT);
	CHECK_EQ_U((dwmac4_model_read32(m, DMA_CHAN_RX_CONTROL(0)) &
		    DMA_RBSZ_MASK) >> DMA_RBSZ_SHIFT, 1528, "RBSZ 1534 reads 1528");
	CHECK_EQ_U(stats(m).viol_bad_ring, 3, "RBSZ 1534: runs");
	dwmac4_model_write32(m, DMA_CHAN_RX_CONTROL(0), MODEL_FIXTURE_PBL);
	dwmac4_model_write32(m, DMA_CHAN_TX_CONTROL(0), DMA_CONTROL_ST | MODEL_FIXTURE_PBL);
	CHECK_EQ_U(stats(m).viol_bad_ring, 4, "TX base 0");
	CHECK(strstr(dwmac4_model_last_violation(m), "TX") != NULL,
	      "described: %s", dwmac4_model_last_violation(m));
	dwmac4_model_write32(m, DMA_CHAN_RX_CONTROL(0), DMA_CONTROL_SR | MODEL_FIXTURE_PBL |
			     1536u << DMA_RBSZ_SHIFT);
	CHECK_EQ_U(dwmac4_model_read32(m, DMA_CHAN_RX_CONTROL(0)),
		   DMA_CONTROL_SR | MODEL_FIXTURE_PBL | 1536u << DMA_RBSZ_SHIFT,
		   "good start");
	CHECK_EQ_U(stats(m).violations, 4, "bad ring: total");
	dwmac4_model_destroy(m);
}

static void
test_bad_register_access(void)
{
	struct dwmac4_model *m = model_new(1);

	CHECK_EQ_U(strlen(dwmac4_model_last_violation(m)), 0, "none yet");
	CHECK_EQ_U(dwmac4_model_read32(m, GMAC4_VERSION + 2), 0, "unaligned");
	CHECK_EQ_U(dwmac4_model_read32(m, DWMAC4_MODEL_REG_WINDOW), 0,
		   "past the window");
	dwmac4_model_write32(m, 0xffffffffu, 1);
	dwmac4_model_write32(m, GMAC_CONFIG + 1, 1);
	CHECK_EQ_U(dwmac4_model_read32(m, GMAC_CONFIG), 0, "nothing written");
	CHECK_EQ_U(stats(m).viol_bad_reg, 4, "bad reg counted");
	CHECK_EQ_U(stats(m).violations, 4, "total");
	CHECK(strstr(dwmac4_model_last_violation(m), "0x1") != NULL,
	      "described: %s", dwmac4_model_last_violation(m));
	dwmac4_model_destroy(m);
}

static void
test_dma_window_api(void)
{
	struct dwmac4_model *m = model_new(1);
	static uint8_t mem[300][64];
	unsigned int i;

	CHECK_EQ_U(dwmac4_model_dma_map(m, mem[0], 0x1000, 64), 0, "map");
	CHECK_EQ_U(dwmac4_model_dma_map(m, mem[1], 0x1020, 64),
		   (uint64_t)-EINVAL, "overlap above");
	CHECK_EQ_U(dwmac4_model_dma_map(m, mem[1], 0xfe0, 64),
		   (uint64_t)-EINVAL, "overlap below");
	CHECK_EQ_U(dwmac4_model_dma_map(m, mem[1], 0x1040, 64), 0, "adjacent");
	CHECK_EQ_U(dwmac4_model_dma_map(m, NULL, 0x9000, 64),
		   (uint64_t)-EINVAL, "NULL va");
	CHECK_EQ_U(dwmac4_model_dma_map(m, mem[2], 0x9000, 0),
		   (uint64_t)-EINVAL, "zero length");
	CHECK_EQ_U(dwmac4_model_dma_map(m, mem[2], UINT64_MAX - 10, 64),
		   (uint64_t)-EINVAL, "wraps");
	CHECK_EQ_U(dwmac4_model_dma_unmap(m, 0x1001), (uint64_t)-ENOENT,
		   "unmap unknown");
	CHECK_EQ_U(dwmac4_model_dma_unmap(m, 0x1040), 0, "unmap");
	for (i = 1; i < DWMAC4_MODEL_MAX_DMA_REGIONS; i++)
		CHECK_EQ_U(dwmac4_model_dma_map(m, mem[1 + i % 256], 0x100000 +
						(uint64_t)i * 0x1000, 64), 0,
			   "fill %u", i);
	CHECK_EQ_U(dwmac4_model_dma_map(m, mem[299], 0x4000000, 64),
		   (uint64_t)-ENOSPC, "full");
	CHECK_EQ_U(stats(m).violations, 0, "window API: no violations");
	dwmac4_model_destroy(m);
}

int
main(void)
{
	harness_seed_from_env(0x5eed0003);
	test_params_and_create();
	test_reset_values();
	test_soft_reset();
	test_mdio_phy();
	test_status_and_dma_control();
	test_bad_register_access();
	test_dma_window_api();
	return harness_result("test_model_regs");
}
