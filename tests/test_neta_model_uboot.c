/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The neta model driven register by register in the order U-Boot's
 * drivers/net/mvneta.c writes them, each step named after the function
 * it stands for (no PMD, no EAL: the model in step mode, DMA memory from
 * tests/neta_model_drv.h; Linux's sequence: test_neta_model_seq.c):
 * mvneta_probe() with its own window bypass (mvneta_bypass_mbus_windows()),
 * mvneta_start() -> mvneta_init() (mvneta_init2(), mvneta_defaults_set()
 * with hardware PHY polling, mvneta_mac_addr_set(), mvneta_port_power_up(),
 * mvneta_open(), mvneta_adjust_link()), one 16-descriptor queue each way,
 * polled mvneta_send() / mvneta_recv() (the receive descriptors given back
 * as they are, the data found through the cookie), mvneta_stop(). Every
 * frame sent and received as U-Boot expects, only its station address
 * let in, the model's violation counter 0. U-Boot never writes TX_MTU or
 * the bucket sizes and sets FORCE_LINK_PASS with FORCE_LINK_DOWN: on the
 * silicon its port works, so the model's port must too.
 */
#include <stdio.h>

#include "harness.h"
#include "model_fixture.h"
#include "neta_model_drv.h"
#include "neta_model_frames.h"
#include "neta_model_sink.h"

#define UB_DESCS	16u	/* MVNETA_MAX_RXD, MVNETA_MAX_TXD */
/* RX_BUFFER_SIZE: MTU + MH, Ethernet header, FCS, 32, cache-aligned. */
#define UB_RX_BUF	1600u
#define UB_PHY_ADDR	1u

struct ub {
	struct drv d;
	struct model_fixture_qsrc *src;
	struct mem_sink *sink;
	struct mvneta_rx_desc *rxd;
	struct mvneta_tx_desc *txd;
	uint8_t *rxbuf, *txbuf;
	uint32_t rx_next, tx_next;
};

/* mvneta_bypass_mbus_windows(): window 0 over 4 GiB, read-modify-write. */
static void
ub_bypass_mbus_windows(struct ub *u)
{
	drv_wr(&u->d, MVNETA_WIN_SIZE(0), MVNETA_WIN_SIZE_MASK);
	drv_wr(&u->d, MVNETA_BASE_ADDR_ENABLE,
	       drv_rd(&u->d, MVNETA_BASE_ADDR_ENABLE) & ~1u);
	drv_wr(&u->d, MVNETA_ACCESS_PROTECT_ENABLE,
	       drv_rd(&u->d, MVNETA_ACCESS_PROTECT_ENABLE) | 3u);
}

/* mvneta_port_power_up(): RGMII, out of port reset. */
static void
ub_port_power_up(struct ub *u)
{
	uint32_t v;
	unsigned int n;

	drv_wr(&u->d, MVNETA_UNIT_INTR_CAUSE, 0);
	v = drv_rd(&u->d, MVNETA_GMAC_CTRL_2) | MVNETA_GMAC2_PORT_RGMII;
	drv_wr(&u->d, MVNETA_GMAC_CTRL_2, v & ~MVNETA_GMAC2_PORT_RESET);
	for (n = 0; n < 1000 && (drv_rd(&u->d, MVNETA_GMAC_CTRL_2) &
				 MVNETA_GMAC2_PORT_RESET); n++)
		neta_model_step(u->d.m, 1);
	CHECK(n < 1000, "u-boot: port reset released");
}

/* mvneta_defaults_set(), U-Boot's: hardware PHY polling on. */
static void
ub_defaults_set(struct ub *u)
{
	struct drv *d = &u->d;
	uint32_t off;

	drv_wr(d, MVNETA_INTR_NEW_CAUSE, 0);
	drv_wr(d, MVNETA_INTR_OLD_CAUSE, 0);
	drv_wr(d, MVNETA_INTR_MISC_CAUSE, 0);
	drv_wr(d, MVNETA_INTR_NEW_MASK, 0);
	drv_wr(d, MVNETA_INTR_OLD_MASK, 0);
	drv_wr(d, MVNETA_INTR_MISC_MASK, 0);
	drv_wr(d, MVNETA_INTR_ENABLE, 0);
	drv_wr(d, MVNETA_MBUS_RETRY, 0x20);
	drv_wr(d, MVNETA_CPU_MAP(0), MVNETA_CPU_RXQ_ACCESS_ALL_MASK |
	       MVNETA_CPU_TXQ_ACCESS_ALL_MASK);
	drv_wr(d, MVNETA_PORT_RX_RESET, MVNETA_PORT_RX_DMA_RESET);
	drv_wr(d, MVNETA_PORT_TX_RESET, MVNETA_PORT_TX_DMA_RESET);
	drv_wr(d, MVNETA_TXQ_CMD_1, 0);
	drv_wr(d, MVETH_TXQ_TOKEN_COUNT_REG(0), 0);
	drv_wr(d, MVETH_TXQ_TOKEN_CFG_REG(0), 0);
	drv_wr(d, MVNETA_PORT_TX_RESET, 0);
	drv_wr(d, MVNETA_PORT_RX_RESET, 0);
	drv_wr(d, MVNETA_ACC_MODE, MVNETA_ACC_MODE_EXT1);
	drv_wr(d, MVNETA_PORT_CONFIG, MVNETA_PORT_CONFIG_DEFL_VALUE(0));
	drv_wr(d, MVNETA_PORT_CONFIG_EXTEND, 0);
	drv_wr(d, MVNETA_RX_MIN_FRAME_SIZE, 64);
	drv_wr(d, MVNETA_SDMA_CONFIG,
	       MVNETA_TX_BRST_SZ_MASK(MVNETA_SDMA_BRST_SIZE_16) |
	       MVNETA_RX_BRST_SZ_MASK(MVNETA_SDMA_BRST_SIZE_16) |
	       MVNETA_RX_NO_DATA_SWAP | MVNETA_TX_NO_DATA_SWAP);
	drv_wr(d, MVNETA_PHY_ADDR, UB_PHY_ADDR);
	drv_wr(d, MVNETA_UNIT_CONTROL,
	       drv_rd(d, MVNETA_UNIT_CONTROL) | MVNETA_PHY_POLLING_ENABLE);
	for (off = 0; off < 0x10; off += 4)
		drv_wr(d, MVNETA_DA_FILT_UCAST_BASE + off, 0);
	for (off = 0; off < 0x100; off += 4) {
		drv_wr(d, MVNETA_DA_FILT_SPEC_MCAST + off, 0);
		drv_wr(d, MVNETA_DA_FILT_OTH_MCAST + off, 0);
	}
}

/* mvneta_mac_addr_set(): the address, its unicast entry for queue 0. */
static void
ub_mac_addr_set(struct ub *u, const uint8_t a[6])
{
	uint32_t off = MVNETA_DA_FILT_UCAST_BASE + ((a[5] & 0xfu) / 4u) * 4u;
	uint32_t sh = 8u * ((a[5] & 0xfu) % 4u);

	drv_wr(&u->d, MVNETA_MAC_ADDR_LOW, (uint32_t)a[4] << 8 | a[5]);
	drv_wr(&u->d, MVNETA_MAC_ADDR_HIGH, (uint32_t)a[0] << 24 |
	       (uint32_t)a[1] << 16 | (uint32_t)a[2] << 8 | a[3]);
	drv_wr(&u->d, off, (drv_rd(&u->d, off) & ~(0xffu << sh)) | 1u << sh);
}

/*
 * mvneta_open(): mvneta_rxq_init() (cookie = buffer address, no packet
 * offset), mvneta_txq_init(); mvneta_adjust_link() at 1000/full, which
 * sets FORCE_LINK_PASS and FORCE_LINK_DOWN together, then mvneta_port_up();
 * mvneta_start_dev().
 */
static void
ub_open(struct ub *u)
{
	struct drv *d = &u->d;
	uint32_t i, a, v;

	u->rxd = drv_alloc(d, UB_DESCS * sizeof(*u->rxd));
	u->txd = drv_alloc(d, UB_DESCS * sizeof(*u->txd));
	u->rxbuf = drv_alloc(d, UB_DESCS * UB_RX_BUF);
	u->txbuf = drv_alloc(d, UB_DESCS * DRV_BUF_STRIDE);
	drv_wr(d, MVNETA_RXQ_BASE_ADDR_REG(0), (uint32_t)drv_iova(d, u->rxd));
	drv_wr(d, MVNETA_RXQ_SIZE_REG(0), UB_DESCS);
	drv_wr(d, MVNETA_RXQ_SIZE_REG(0),
	       (drv_rd(d, MVNETA_RXQ_SIZE_REG(0)) & ~MVNETA_RXQ_BUF_SIZE_MASK) |
	       (UB_RX_BUF >> 3) << MVNETA_RXQ_BUF_SIZE_SHIFT);
	for (i = 0; i < UB_DESCS; i++) {	/* mvneta_rxq_fill() */
		a = (uint32_t)drv_iova(d, u->rxbuf + i * UB_RX_BUF);
		u->rxd[i].buf_phys_addr = htole32(a);
		u->rxd[i].buf_cookie = htole32(a);
	}
	drv_wr(d, MVNETA_RXQ_STATUS_UPDATE_REG(0),
	       UB_DESCS << MVNETA_RXQ_ADD_NON_OCCUPIED_SHIFT);
	drv_wr(d, MVETH_TXQ_TOKEN_CFG_REG(0), 0x03ffffffu);
	drv_wr(d, MVETH_TXQ_TOKEN_COUNT_REG(0), 0x3fffffffu);
	drv_wr(d, MVNETA_TXQ_BASE_ADDR_REG(0), (uint32_t)drv_iova(d, u->txd));
	drv_wr(d, MVNETA_TXQ_SIZE_REG(0), UB_DESCS);
	v = drv_rd(d, MVNETA_GMAC_AUTONEG_CONFIG) &
	    ~(MVNETA_GMAC_CONFIG_MII_SPEED | MVNETA_GMAC_CONFIG_GMII_SPEED |
	      MVNETA_GMAC_CONFIG_FULL_DUPLEX | MVNETA_GMAC_AN_SPEED_EN |
	      MVNETA_GMAC_AN_DUPLEX_EN);
	drv_wr(d, MVNETA_GMAC_AUTONEG_CONFIG, v |
	       MVNETA_GMAC_CONFIG_FULL_DUPLEX | MVNETA_GMAC_CONFIG_GMII_SPEED);
	drv_wr(d, MVNETA_GMAC_AUTONEG_CONFIG,
	       drv_rd(d, MVNETA_GMAC_AUTONEG_CONFIG) |
	       MVNETA_GMAC_FORCE_LINK_PASS | MVNETA_GMAC_FORCE_LINK_DOWN);
	for (i = 0; i < MVNETA_MIB_LATE_COLLISION; i += 4)
		(void)drv_rd(d, MVNETA_MIB_COUNTERS_BASE + i);
	drv_wr(d, MVNETA_TXQ_CMD, 1u);
	drv_wr(d, MVNETA_RXQ_CMD, 1u);
	drv_wr(d, MVNETA_GMAC_CTRL_0,
	       drv_rd(d, MVNETA_GMAC_CTRL_0) | MVNETA_GMAC0_PORT_ENABLE);
}

/* mvneta_send(): one descriptor, then TXQ_STATUS polled until sent. */
static int
ub_send(struct ub *u, const uint8_t *f, uint32_t len)
{
	struct mvneta_tx_desc *t = &u->txd[u->tx_next];
	uint8_t *b = u->txbuf + u->tx_next * DRV_BUF_STRIDE;
	uint32_t sent = 0, polls;

	u->tx_next = (u->tx_next + 1u) % UB_DESCS;
	memcpy(b, f, len);
	t->buf_phys_addr = htole32((uint32_t)drv_iova(&u->d, b));
	t->size = htole32(len << MVNETA_DESC_SIZE_SHIFT);
	t->command = htole32(MVNETA_TX_L4_CSUM_NOT | MVNETA_TXD_FLZ_DESC);
	drv_wr(&u->d, MVNETA_TXQ_UPDATE_REG(0), 1);
	for (polls = 0; polls < 10000 && sent == 0; polls++) {
		neta_model_step(u->d.m, 1);
		sent = (drv_rd(&u->d, MVNETA_TXQ_STATUS_REG(0)) &
			MVNETA_TXQ_SENT_DESC_MASK) >> MVNETA_TXQ_SENT_DESC_SHIFT;
	}
	if (sent == 0)
		return -1;		/* "timeout: packet not sent" */
	drv_wr(&u->d, MVNETA_TXQ_UPDATE_REG(0), sent << MVNETA_TXQ_DEC_SENT_SHIFT);
	return 0;
}

/*
 * mvneta_recv(): one descriptor if RXQ_STATUS counts one, its data at
 * the cookie + MH, the descriptor given back as it is (processed 1,
 * added 1). Returns the frame's length (0: none, -1: an error).
 */
static int
ub_recv(struct ub *u, const uint8_t **pkt)
{
	struct mvneta_rx_desc *rd;
	uint32_t st;

	neta_model_step(u->d.m, 1);
	if ((drv_rd(&u->d, MVNETA_RXQ_STATUS_REG(0)) &
	     MVNETA_RXQ_OCCUPIED_ALL_MASK) == 0)
		return 0;
	rd = &u->rxd[u->rx_next];
	u->rx_next = (u->rx_next + 1u) % UB_DESCS;
	st = le32toh(rd->status);
	if ((st & MVNETA_RXD_FIRST_LAST_DESC) != MVNETA_RXD_FIRST_LAST_DESC ||
	    (st & MVNETA_RXD_ERR_SUMMARY))
		return -1;		/* descriptor left untouched */
	*pkt = u->d.arena + (le32toh(rd->buf_cookie) - DRV_IOVA_BASE) +
	       MVNETA_MH_SIZE;
	drv_wr(&u->d, MVNETA_RXQ_STATUS_UPDATE_REG(0),
	       1u | 1u << MVNETA_RXQ_ADD_NON_OCCUPIED_SHIFT);
	return (int)(MVNETA_DESC_DATA_SIZE(le32toh(rd->size)) -
		     MVNETA_MH_SIZE - MVNETA_ETH_FCS_LEN);
}

static void
test_uboot(void)
{
	static const uint8_t enetaddr[6] = { 0xf0, 0xad, 0x4e, 0x00, 0x00, 0x15 };
	struct neta_model_params p;
	struct ub u;
	const uint8_t *pkt;
	unsigned int i, got = 0, same = 0, sent = 0, polls;
	uint32_t len;
	uint8_t *f;
	int r;

	neta_model_params_init(&p);
	u.src = model_fixture_qsrc_create(false);
	u.sink = mem_sink_create();
	p.rx_src = &u.src->base;
	p.tx_sink = &u.sink->base;
	p.flow_control = true;
	if (drv_attach(&u.d, &p) != 0)
		exit(1);
	u.rx_next = u.tx_next = 0;
	ub_bypass_mbus_windows(&u);		/* mvneta_probe() */
	ub_port_power_up(&u);			/* mvneta_start() */
	drv_wr(&u.d, MVNETA_GMAC_CTRL_0, drv_rd(&u.d, MVNETA_GMAC_CTRL_0) &
	       ~MVNETA_GMAC0_PORT_ENABLE);	/* mvneta_init2() */
	ub_defaults_set(&u);
	ub_mac_addr_set(&u, enetaddr);
	ub_port_power_up(&u);
	ub_open(&u);
	CHECK(drv_rd(&u.d, MVNETA_GMAC_STATUS) & MVNETA_GMAC_LINK_UP,
	      "u-boot: GMAC_STATUS reads the link up (FORCE_LINK_PASS with _DOWN)");
	/* An ARP request out, then 40 frames each way (the ring wraps). */
	for (i = 0; i < 40; i++) {
		len = 60 + (i * 41u) % 1400u;
		f = nf_ipv4(len, 17, i);
		memcpy(f + 6, enetaddr, 6);
		sent += ub_send(&u, f, len) == 0;
		free(f);
	}
	CHECK_EQ_U(sent, 40, "u-boot: mvneta_send() saw each frame sent");
	CHECK_EQ_U(u.sink->n, 40, "u-boot: every frame on the wire");
	for (i = 0; i < 40 && i < u.sink->n; i++) {
		len = 60 + (i * 41u) % 1400u;
		f = nf_ipv4(len, 17, i);
		memcpy(f + 6, enetaddr, 6);
		same += u.sink->len[i] == len && memcmp(u.sink->f[i], f, len) == 0;
		free(f);
	}
	CHECK_EQ_U(same, 40, "u-boot: sent byte-identical");
	same = 0;
	for (i = 0; i < 40; i++) {
		len = 60 + (i * 43u) % 1450u;
		f = nf_ipv4(len, 6, i);
		memcpy(f, enetaddr, 6);
		model_fixture_qsrc_push_owned(u.src, f, len);
	}
	/* One to another station: the unicast filter keeps it out. */
	f = nf_ipv4(100, 6, 99);
	model_fixture_qsrc_push_owned(u.src, f, 100);
	for (polls = 0; polls < 10000 && got < 40; polls++) {
		r = ub_recv(&u, &pkt);
		if (r <= 0)
			continue;
		len = 60 + (got * 43u) % 1450u;
		f = nf_ipv4(len, 6, got);
		memcpy(f, enetaddr, 6);
		same += (uint32_t)r == len && memcmp(pkt, f, len) == 0;
		free(f);
		got++;
	}
	for (polls = 0; polls < 100; polls++)
		CHECK(ub_recv(&u, &pkt) == 0, "u-boot: nothing else received");
	CHECK_EQ_U(got, 40, "u-boot: mvneta_recv() got every frame");
	CHECK_EQ_U(same, 40, "u-boot: received byte-identical");
	CHECK_EQ_U(drv_stats(&u.d).rx_dropped_filter, 1,
		   "u-boot: the other station's frame filtered");
	/* mvneta_stop(): mvneta_port_down(), mvneta_port_disable() */
	drv_wr(&u.d, MVNETA_RXQ_CMD, 1u << MVNETA_RXQ_DISABLE_SHIFT);
	drv_wr(&u.d, MVNETA_TXQ_CMD, 1u << MVNETA_TXQ_DISABLE_SHIFT);
	for (polls = 0; polls < 1000 && ((drv_rd(&u.d, MVNETA_RXQ_CMD) |
					  drv_rd(&u.d, MVNETA_TXQ_CMD)) & 0xffu);
	     polls++)
		neta_model_step(u.d.m, 1);
	CHECK(drv_rd(&u.d, MVNETA_PORT_STATUS) & MVNETA_TX_FIFO_EMPTY,
	      "u-boot: TX FIFO empty");
	drv_wr(&u.d, MVNETA_GMAC_CTRL_0, drv_rd(&u.d, MVNETA_GMAC_CTRL_0) &
	       ~MVNETA_GMAC0_PORT_ENABLE);
	CHECK_EQ_U(drv_stats(&u.d).violations, 0, "u-boot: violations (%s)",
		   neta_model_last_violation(u.d.m));
	drv_close(&u.d);
}

int
main(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	test_uboot();
	return harness_result("test_neta_model_uboot");
}
