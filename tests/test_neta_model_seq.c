/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The neta model driven register by register in the order Linux's
 * mvneta.c writes them, each step named after the function it stands for
 * (no PMD, no EAL: the model in step mode, DMA memory from
 * tests/neta_model_drv.h; U-Boot's sequence: test_neta_model_uboot.c):
 *
 *     Linux's mvneta.c on an Armada 3700 (one NAPI context, the module
 *     loaded with rxq_number=1 txq_number=1, RGMII to a fixed 1000/full
 *     link, software buffer management, 4 KiB pages from a page pool):
 *     mvneta_probe() (mvneta_conf_mbus_windows(), mvneta_init():
 *     mvneta_port_disable(), mvneta_defaults_set(); mvneta_port_power_up());
 *     mvneta_open() (mvneta_rxq_hw_init() with mvneta_rxq_fill(),
 *     mvneta_txq_hw_init(), mvneta_start_dev(), phylink's mac_config /
 *     mac_finish / mac_link_up -> mvneta_port_up()); mvneta_set_rx_mode()
 *     (station address, multicast list); traffic through mvneta_tx() and
 *     the NAPI poll mvneta_poll() (cause register, TX done from the cause
 *     bits and TXQ_STATUS, mvneta_rx_swbm() with its 64-descriptor refill
 *     and mvneta_rxq_desc_num_update() in steps of at most 255), TX checksum
 *     insertion as mvneta_skb_tx_csum() asks it; `ethtool -C`
 *     (mvneta_ethtool_set_coalesce() on the running queues); mvneta_stop()
 *     (mac_link_down -> mvneta_port_down(), mvneta_stop_dev(),
 *     mvneta_rxq_deinit(), mvneta_txq_deinit()); and a second mvneta_open().
 *
 * Every frame delivered, sent and freed as the driver expects, the
 * model's violation counter 0.
 */
#include <stdio.h>

#include "harness.h"
#include "model_fixture.h"
#include "neta_model_drv.h"
#include "neta_model_frames.h"
#include "neta_model_sink.h"

#define SEQ_DIM(a)	(sizeof(a) / sizeof((a)[0]))

/* ------------------------------------------------------------------ */
/* Linux: the state of struct mvneta_port this sequence keeps.          */

#define LX_PAGE		4096u
#define LX_NPAGES	1024u
/* rx_offset_correction: MVNETA_SKB_HEADROOM on arm64 (XDP headroom). */
#define LX_HEADROOM	256u
/* MVNETA_MAX_RX_BUF_SIZE: PAGE_SIZE - MVNETA_SKB_PAD on arm64. */
#define LX_RX_BUF	3520u
#define LX_RXD		512u	/* MVNETA_MAX_RXD */
#define LX_TXD		512u	/* `ethtool -G tx 512` */
#define LX_BUDGET	64	/* NAPI weight */
#define LX_CPUS		2u	/* the 3700's Cortex-A53 pair */
/* MVNETA_RX_PKT_SIZE(1500): MTU + MH + VLAN + Ethernet + FCS, 64-aligned. */
#define LX_PKT_SIZE	1536u
/* MVNETA_RX_COAL_PKTS, MVNETA_RX_COAL_USEC; the 3700's core clock. */
#define LX_RX_COAL_PKTS	32u
#define LX_RX_COAL_USEC	100u
#define LX_CLK_MHZ	250u

struct lx {
	struct drv d;
	struct model_fixture_qsrc *src;
	struct mem_sink *sink;
	uint8_t dev_addr[6];
	/* The page pool: page indexes free. */
	uint8_t *pages;
	uint32_t free_pg[LX_NPAGES];
	uint32_t nfree;
	/* RX queue 0. */
	struct mvneta_rx_desc *rxd;
	int32_t rx_page[LX_RXD];	/* rxq->buf_virt_addr */
	uint32_t rx_next, first_to_refill, refill_num;
	/* TX queue 0. */
	struct mvneta_tx_desc *txd;
	int32_t tx_page[LX_TXD];	/* txq->buf[].skb */
	uint32_t tx_put, tx_get, tx_count;
	uint32_t napi_cause;		/* pp->cause_rx_tx (3700) */
	/* rxq->pkts_coal, rxq->time_coal, txq->done_pkts_coal */
	uint32_t rx_coal_pkts, rx_coal_usec, tx_coal;
	/* What the stack saw. */
	uint8_t *rx_f[SINK_MAX];
	uint32_t rx_len[SINK_MAX];
	unsigned int rx_n;
	uint64_t tx_freed, rx_errors;
};

static inline uint32_t
lx_rd(struct lx *l, uint32_t off)
{
	return drv_rd(&l->d, off);
}

static inline void
lx_wr(struct lx *l, uint32_t off, uint32_t v)
{
	drv_wr(&l->d, off, v);
}

static inline void
lx_rmw(struct lx *l, uint32_t off, uint32_t clr, uint32_t set)
{
	lx_wr(l, off, (lx_rd(l, off) & ~clr) | set);
}

static int32_t
lx_page_alloc(struct lx *l)
{
	return l->nfree == 0 ? -1 : (int32_t)l->free_pg[--l->nfree];
}

static void
lx_page_free(struct lx *l, int32_t pg)
{
	l->free_pg[l->nfree++] = (uint32_t)pg;
}

static uint8_t *
lx_page(struct lx *l, int32_t pg)
{
	return l->pages + (size_t)pg * LX_PAGE;
}

static void
lx_check_clean(struct lx *l, const char *when)
{
	CHECK_EQ_U(drv_stats(&l->d).violations, 0, "%s: violations (%s)", when,
		   neta_model_last_violation(l->d.m));
}

/* ---- probe ---- */

/* mvneta_conf_mbus_windows(pp, NULL): the 3700's default 4 GiB window. */
static void
lx_conf_mbus_windows(struct lx *l)
{
	unsigned int i;

	for (i = 0; i < MVNETA_MAX_DECODE_WIN; i++) {
		lx_wr(l, MVNETA_WIN_BASE(i), 0);
		lx_wr(l, MVNETA_WIN_SIZE(i), 0);
		if (i < MVNETA_NR_REMAP_WIN)
			lx_wr(l, MVNETA_WIN_REMAP(i), 0);
	}
	lx_wr(l, MVNETA_WIN_SIZE(0), 0xffff0000u);
	lx_wr(l, MVNETA_BASE_ADDR_ENABLE, 0x3fu & ~1u);
	lx_wr(l, MVNETA_ACCESS_PROTECT_ENABLE, 3u);
}

/* mvneta_port_disable() */
static void
lx_port_disable(struct lx *l)
{
	lx_rmw(l, MVNETA_GMAC_CTRL_0, MVNETA_GMAC0_PORT_ENABLE, 0);
}

/* mvneta_percpu_clear_intr_cause() */
static void
lx_clear_intr_cause(struct lx *l)
{
	lx_wr(l, MVNETA_INTR_NEW_CAUSE, 0);
	lx_wr(l, MVNETA_INTR_MISC_CAUSE, 0);
	lx_wr(l, MVNETA_INTR_OLD_CAUSE, 0);
}

/* mvneta_percpu_mask_interrupt() */
static void
lx_mask_interrupt(struct lx *l)
{
	lx_wr(l, MVNETA_INTR_NEW_MASK, 0);
	lx_wr(l, MVNETA_INTR_OLD_MASK, 0);
	lx_wr(l, MVNETA_INTR_MISC_MASK, 0);
}

/* mvneta_set_{ucast,special_mcast,other_mcast}_table(pp, -1 or 0). */
static void
lx_set_table(struct lx *l, uint32_t base, uint32_t bytes, bool accept)
{
	uint32_t off, v = accept ? 0x01010101u : 0;	/* queue 0, pass */

	for (off = 0; off < bytes; off += 4)
		lx_wr(l, base + off, v);
}

/* mvneta_defaults_set() */
static void
lx_defaults_set(struct lx *l)
{
	unsigned int cpu, i;

	lx_clear_intr_cause(l);
	lx_mask_interrupt(l);
	lx_wr(l, MVNETA_INTR_ENABLE, 0);
	lx_wr(l, MVNETA_MBUS_RETRY, 0x20);
	for (cpu = 0; cpu < LX_CPUS; cpu++)	/* 3700: every queue */
		lx_wr(l, MVNETA_CPU_MAP(cpu), MVNETA_CPU_RXQ_ACCESS_ALL_MASK |
		      MVNETA_CPU_TXQ_ACCESS_ALL_MASK);
	lx_wr(l, MVNETA_PORT_RX_RESET, MVNETA_PORT_RX_DMA_RESET);
	lx_wr(l, MVNETA_PORT_TX_RESET, MVNETA_PORT_TX_DMA_RESET);
	lx_wr(l, MVNETA_TXQ_CMD_1, 0);
	lx_wr(l, MVETH_TXQ_TOKEN_COUNT_REG(0), 0);
	lx_wr(l, MVETH_TXQ_TOKEN_CFG_REG(0), 0);
	lx_wr(l, MVNETA_PORT_TX_RESET, 0);
	lx_wr(l, MVNETA_PORT_RX_RESET, 0);
	lx_wr(l, MVNETA_ACC_MODE, MVNETA_ACC_MODE_EXT1);
	lx_wr(l, MVNETA_PORT_CONFIG, MVNETA_PORT_CONFIG_DEFL_VALUE(0));
	lx_wr(l, MVNETA_PORT_CONFIG_EXTEND, 0);
	lx_wr(l, MVNETA_RX_MIN_FRAME_SIZE, 64);
	lx_wr(l, MVNETA_SDMA_CONFIG,
	      MVNETA_TX_BRST_SZ_MASK(MVNETA_SDMA_BRST_SIZE_16) |
	      MVNETA_RX_BRST_SZ_MASK(MVNETA_SDMA_BRST_SIZE_16) |
	      MVNETA_RX_NO_DATA_SWAP | MVNETA_TX_NO_DATA_SWAP);
	/* phylib polls the PHY: the unit's own polling off. */
	lx_rmw(l, MVNETA_UNIT_CONTROL, MVNETA_PHY_POLLING_ENABLE, 0);
	lx_set_table(l, MVNETA_DA_FILT_UCAST_BASE, 0x10, false);
	lx_set_table(l, MVNETA_DA_FILT_SPEC_MCAST, 0x100, false);
	lx_set_table(l, MVNETA_DA_FILT_OTH_MCAST, 0x100, false);
	lx_wr(l, MVNETA_INTR_ENABLE, MVNETA_RXQ_INTR_ENABLE_ALL_MASK |
	      MVNETA_TXQ_INTR_ENABLE_ALL_MASK);
	/* mvneta_mib_counters_clear(): dummy reads. */
	for (i = 0; i < MVNETA_MIB_LATE_COLLISION; i += 4)
		(void)lx_rd(l, MVNETA_MIB_COUNTERS_BASE + i);
	(void)lx_rd(l, MVNETA_RX_DISCARD_FRAME_COUNT);
	(void)lx_rd(l, MVNETA_OVERRUN_FRAME_COUNT);
}

static void
lx_probe(struct lx *l, bool nc)
{
	struct neta_model_params p;
	uint32_t hi, lo, i;

	neta_model_params_init(&p);
	memcpy(p.mac, "\x02\x00\x00\x00\x00\x01", 6);
	p.flow_control = true;		/* the partner waits: lossless */
	p.nc_emulation = nc;
	l->src = model_fixture_qsrc_create(false);
	l->sink = mem_sink_create();
	p.rx_src = &l->src->base;
	p.tx_sink = &l->sink->base;
	if (drv_attach(&l->d, &p) != 0) {
		fprintf(stderr, "cannot create the model\n");
		exit(1);
	}
	l->pages = drv_alloc(&l->d, (size_t)LX_NPAGES * LX_PAGE);
	for (i = 0; i < LX_NPAGES; i++)
		l->free_pg[i] = LX_NPAGES - 1u - i;
	l->nfree = LX_NPAGES;
	lx_conf_mbus_windows(l);
	/* of_get_ethdev_address() failed: mvneta_get_mac_addr() */
	hi = lx_rd(l, MVNETA_MAC_ADDR_HIGH);
	lo = lx_rd(l, MVNETA_MAC_ADDR_LOW);
	l->dev_addr[0] = (uint8_t)(hi >> 24);
	l->dev_addr[1] = (uint8_t)(hi >> 16);
	l->dev_addr[2] = (uint8_t)(hi >> 8);
	l->dev_addr[3] = (uint8_t)hi;
	l->dev_addr[4] = (uint8_t)(lo >> 8);
	l->dev_addr[5] = (uint8_t)lo;
	CHECK(memcmp(l->dev_addr, p.mac, 6) == 0,
	      "probe: the address the hardware holds");
	/* mvneta_init(): MVNETA_TXDONE_COAL_PKTS, MVNETA_RX_COAL_* */
	l->tx_coal = 0;
	l->rx_coal_pkts = LX_RX_COAL_PKTS;
	l->rx_coal_usec = LX_RX_COAL_USEC;
	lx_port_disable(l);
	lx_defaults_set(l);
	lx_wr(l, MVNETA_UNIT_INTR_CAUSE, 0);	/* mvneta_port_power_up() */
	lx_check_clean(l, "mvneta_probe");
}

/* ---- open ---- */

/* mvneta_rx_refill(): a page from the pool at rx_offset_correction. */
static int
lx_rx_refill(struct lx *l, uint32_t i)
{
	int32_t pg = lx_page_alloc(l);

	if (pg < 0)
		return -1;
	l->rxd[i].buf_phys_addr = htole32((uint32_t)drv_iova(&l->d,
					  lx_page(l, pg) + LX_HEADROOM));
	l->rx_page[i] = pg;
	/* page_pool PP_FLAG_DMA_SYNC_DEV: the buffer is the device's. */
	drv_civac(&l->d, lx_page(l, pg), LX_PAGE);
	drv_clean(&l->d, &l->rxd[i], sizeof(l->rxd[i]));
	return 0;
}

/* mvneta_rxq_non_occup_desc_add(): at most 255 a write. */
static void
lx_rxq_non_occup_desc_add(struct lx *l, uint32_t n)
{
	while (n > MVNETA_RXQ_ADD_NON_OCCUPIED_MAX) {
		lx_wr(l, MVNETA_RXQ_STATUS_UPDATE_REG(0),
		      MVNETA_RXQ_ADD_NON_OCCUPIED_MAX <<
		      MVNETA_RXQ_ADD_NON_OCCUPIED_SHIFT);
		n -= MVNETA_RXQ_ADD_NON_OCCUPIED_MAX;
	}
	lx_wr(l, MVNETA_RXQ_STATUS_UPDATE_REG(0),
	      n << MVNETA_RXQ_ADD_NON_OCCUPIED_SHIFT);
}

/* mvneta_rxq_desc_num_update(): processed and refilled, 255 a write. */
static void
lx_rxq_desc_num_update(struct lx *l, uint32_t done, uint32_t filled)
{
	uint32_t a, b;

	do {
		a = done > 0xffu ? 0xffu : done;
		b = filled > 0xffu ? 0xffu : filled;
		lx_wr(l, MVNETA_RXQ_STATUS_UPDATE_REG(0),
		      a | b << MVNETA_RXQ_ADD_NON_OCCUPIED_SHIFT);
		done -= a;
		filled -= b;
	} while (done != 0 || filled != 0);
}

/* mvneta_rxq_init(): mvneta_rxq_sw_init(), mvneta_rxq_hw_init(). */
static void
lx_rxq_init(struct lx *l)
{
	uint32_t i;

	l->rxd = drv_alloc(&l->d, LX_RXD * sizeof(*l->rxd));
	l->rx_next = l->first_to_refill = l->refill_num = 0;
	lx_wr(l, MVNETA_RXQ_BASE_ADDR_REG(0), (uint32_t)drv_iova(&l->d, l->rxd));
	lx_wr(l, MVNETA_RXQ_SIZE_REG(0), LX_RXD);
	/* mvneta_rx_pkts_coal_set(), mvneta_rx_time_coal_set() */
	lx_wr(l, MVNETA_RXQ_THRESHOLD_REG(0),
	      l->rx_coal_pkts | MVNETA_RXQ_NON_OCCUPIED(0));
	lx_wr(l, MVNETA_RXQ_TIME_COAL_REG(0), LX_CLK_MHZ * l->rx_coal_usec);
	/* mvneta_rxq_offset_set(pp, rxq, 0), mvneta_rxq_buf_size_set() */
	lx_rmw(l, MVNETA_RXQ_CONFIG_REG(0), MVNETA_RXQ_PKT_OFFSET_ALL_MASK,
	       MVNETA_RXQ_PKT_OFFSET_MASK(0));
	lx_rmw(l, MVNETA_RXQ_SIZE_REG(0), MVNETA_RXQ_BUF_SIZE_MASK,
	       (LX_RX_BUF >> 3) << MVNETA_RXQ_BUF_SIZE_SHIFT);
	lx_rmw(l, MVNETA_RXQ_CONFIG_REG(0), MVNETA_RXQ_HW_BUF_ALLOC, 0);
	/* mvneta_rxq_fill() */
	for (i = 0; i < LX_RXD; i++) {
		memset(&l->rxd[i], 0, sizeof(l->rxd[i]));
		l->rx_page[i] = -1;
		if (lx_rx_refill(l, i) != 0)
			break;
	}
	lx_rxq_non_occup_desc_add(l, i);
}

/* mvneta_txq_init(): mvneta_txq_sw_init(), mvneta_txq_hw_init(). */
static void
lx_txq_init(struct lx *l)
{
	uint32_t i;

	l->txd = drv_alloc(&l->d, LX_TXD * sizeof(*l->txd));
	drv_clean(&l->d, l->txd, LX_TXD * sizeof(*l->txd));
	l->tx_put = l->tx_get = l->tx_count = 0;
	for (i = 0; i < LX_TXD; i++)
		l->tx_page[i] = -1;
	lx_wr(l, MVETH_TXQ_TOKEN_CFG_REG(0), 0x03ffffffu);
	lx_wr(l, MVETH_TXQ_TOKEN_COUNT_REG(0), 0x3fffffffu);
	lx_wr(l, MVNETA_TXQ_BASE_ADDR_REG(0), (uint32_t)drv_iova(&l->d, l->txd));
	lx_wr(l, MVNETA_TXQ_SIZE_REG(0), LX_TXD);
	/* mvneta_tx_done_pkts_coal_set() */
	lx_rmw(l, MVNETA_TXQ_SIZE_REG(0), MVNETA_TXQ_SENT_THRESH_ALL_MASK,
	       MVNETA_TXQ_SENT_THRESH_MASK(l->tx_coal));
}

/* mvneta_txq_max_tx_size_set() */
static void
lx_txq_max_tx_size_set(struct lx *l, uint32_t max_tx_size)
{
	uint32_t mtu = max_tx_size * 8u, v;

	if (mtu > MVNETA_TX_MTU_MAX)
		mtu = MVNETA_TX_MTU_MAX;
	lx_rmw(l, MVNETA_TX_MTU, MVNETA_TX_MTU_MAX, mtu);
	v = lx_rd(l, MVNETA_TX_TOKEN_SIZE);
	if (v < mtu)
		lx_wr(l, MVNETA_TX_TOKEN_SIZE, mtu);
	v = lx_rd(l, MVNETA_TXQ_TOKEN_SIZE_REG(0));
	if ((v & MVNETA_TXQ_TOKEN_SIZE_MAX) < mtu)
		lx_wr(l, MVNETA_TXQ_TOKEN_SIZE_REG(0),
		      (v & ~MVNETA_TXQ_TOKEN_SIZE_MAX) | mtu);
}

/* mvneta_port_up() */
static void
lx_port_up(struct lx *l)
{
	lx_wr(l, MVNETA_TXQ_CMD, 1u);
	lx_wr(l, MVNETA_RXQ_CMD, 1u);
}

/*
 * phylink_start() with a fixed 1000/full link over RGMII (no in-band
 * status): mvneta_mac_config(), mvneta_mac_finish(), mvneta_mac_link_up().
 */
static void
lx_phylink_start(struct lx *l)
{
	lx_rmw(l, MVNETA_GMAC_CTRL_0, MVNETA_GMAC0_PORT_1000BASE_X, 0);
	lx_rmw(l, MVNETA_GMAC_CTRL_2, MVNETA_GMAC2_INBAND_AN_ENABLE |
	       MVNETA_GMAC2_PORT_RESET, MVNETA_GMAC2_PORT_RGMII);
	lx_rmw(l, MVNETA_GMAC_CTRL_4, MVNETA_GMAC4_SHORT_PREAMBLE_ENABLE, 0);
	CHECK_EQ_U(lx_rd(l, MVNETA_GMAC_CTRL_2) & MVNETA_GMAC2_PORT_RESET, 0,
		   "mac_config: out of port reset");
	lx_rmw(l, MVNETA_GMAC_CLOCK_DIVIDER, MVNETA_GMAC_1MS_CLOCK_ENABLE, 0);
	/* mac_link_up: forced up at 1000 full. */
	lx_rmw(l, MVNETA_GMAC_AUTONEG_CONFIG, MVNETA_GMAC_FORCE_LINK_DOWN |
	       MVNETA_GMAC_CONFIG_MII_SPEED | MVNETA_GMAC_CONFIG_GMII_SPEED |
	       MVNETA_GMAC_CONFIG_FLOW_CTRL | MVNETA_GMAC_CONFIG_FULL_DUPLEX,
	       MVNETA_GMAC_FORCE_LINK_PASS | MVNETA_GMAC_CONFIG_GMII_SPEED |
	       MVNETA_GMAC_CONFIG_FULL_DUPLEX);
	lx_port_up(l);
}

/* mvneta_open(): queues, then mvneta_start_dev(). */
static void
lx_open(struct lx *l)
{
	lx_rxq_init(l);
	lx_txq_init(l);
	/* mvneta_max_rx_size_set(), mvneta_txq_max_tx_size_set() */
	lx_rmw(l, MVNETA_GMAC_CTRL_0, MVNETA_GMAC_MAX_RX_SIZE_MASK,
	       ((LX_PKT_SIZE - MVNETA_MH_SIZE) / 2u) <<
	       MVNETA_GMAC_MAX_RX_SIZE_SHIFT);
	lx_txq_max_tx_size_set(l, LX_PKT_SIZE);
	lx_rmw(l, MVNETA_GMAC_CTRL_0, 0, MVNETA_GMAC0_PORT_ENABLE);
	/* mvneta_percpu_unmask_interrupt(), the misc causes */
	lx_wr(l, MVNETA_INTR_NEW_MASK, MVNETA_RX_INTR_MASK_ALL |
	      MVNETA_TX_INTR_MASK_ALL | MVNETA_MISCINTR_INTR_MASK);
	lx_wr(l, MVNETA_INTR_MISC_MASK, MVNETA_CAUSE_PHY_STATUS_CHANGE |
	      MVNETA_CAUSE_LINK_CHANGE);
	lx_phylink_start(l);
	CHECK(lx_rd(l, MVNETA_GMAC_STATUS) & MVNETA_GMAC_LINK_UP,
	      "mvneta_open: GMAC_STATUS reads the link up");
	lx_check_clean(l, "mvneta_open");
}

/* An independent CRC-8 (x^8 + x^2 + x + 1, MSB first) of an address. */
static unsigned int
lx_addr_crc(const uint8_t a[6])
{
	unsigned int crc = 0, i, b;

	for (i = 0; i < 6; i++) {
		crc ^= a[i];
		for (b = 0; b < 8; b++)
			crc = (crc & 0x80u) ? ((crc << 1) ^ 0x07u) & 0xffu :
					      (crc << 1) & 0xffu;
	}
	return crc;
}

/* Sets byte @p idx of the table at @p base to "pass, queue 0". */
static void
lx_table_set(struct lx *l, uint32_t base, unsigned int idx)
{
	uint32_t off = base + (idx / 4u) * 4u, sh = 8u * (idx % 4u);

	lx_rmw(l, off, 0xffu << sh, 0x01u << sh);
}

/*
 * mvneta_set_rx_mode(), neither promiscuous nor all-multicast:
 * mvneta_rx_unicast_promisc_set(pp, 0), mvneta_set_ucast_table(pp, -1),
 * mvneta_mac_addr_set(), then each address of the multicast list through
 * mvneta_mcast_addr_set().
 */
static void
lx_set_rx_mode(struct lx *l, const uint8_t (*mc)[6], unsigned int nmc)
{
	const uint8_t *a = l->dev_addr;
	unsigned int i;

	lx_rmw(l, MVNETA_PORT_CONFIG, MVNETA_UNI_PROMISC_MODE, 0);
	lx_rmw(l, MVNETA_TYPE_PRIO, MVNETA_FORCE_UNI, 0);
	lx_set_table(l, MVNETA_DA_FILT_UCAST_BASE, 0x10, false);
	lx_wr(l, MVNETA_MAC_ADDR_LOW, (uint32_t)a[4] << 8 | a[5]);
	lx_wr(l, MVNETA_MAC_ADDR_HIGH, (uint32_t)a[0] << 24 |
	      (uint32_t)a[1] << 16 | (uint32_t)a[2] << 8 | a[3]);
	lx_table_set(l, MVNETA_DA_FILT_UCAST_BASE, a[5] & 0xfu);
	lx_set_table(l, MVNETA_DA_FILT_SPEC_MCAST, 0x100, false);
	lx_set_table(l, MVNETA_DA_FILT_OTH_MCAST, 0x100, false);
	for (i = 0; i < nmc; i++) {
		if (memcmp(mc[i], "\x01\x00\x5e\x00\x00", 5) == 0)
			lx_table_set(l, MVNETA_DA_FILT_SPEC_MCAST, mc[i][5]);
		else
			lx_table_set(l, MVNETA_DA_FILT_OTH_MCAST,
				     lx_addr_crc(mc[i]));
	}
	lx_check_clean(l, "mvneta_set_rx_mode");
}

/* ---- traffic ---- */

/*
 * mvneta_tx() of a linear skb: one descriptor, FLZ, the checksum command
 * @p csum (mvneta_skb_tx_csum()), TXQ_UPDATE. False when the queue is
 * stopped (count at tx_stop_threshold).
 */
static bool
lx_xmit(struct lx *l, const uint8_t *f, uint32_t len, uint32_t csum)
{
	struct mvneta_tx_desc *t = &l->txd[l->tx_put];
	int32_t pg;

	if (l->tx_count + 1u >= LX_TXD)
		return false;
	pg = lx_page_alloc(l);
	if (pg < 0)
		return false;
	memcpy(lx_page(l, pg), f, len);
	drv_clean(&l->d, lx_page(l, pg), len);	/* dma_map_single() */
	t->command = htole32(csum | MVNETA_TXD_FLZ_DESC);
	t->size = htole32(len << MVNETA_DESC_SIZE_SHIFT);
	t->buf_phys_addr = htole32((uint32_t)drv_iova(&l->d, lx_page(l, pg)));
	drv_clean(&l->d, t, sizeof(*t));
	l->tx_page[l->tx_put] = pg;
	l->tx_put = (l->tx_put + 1u) % LX_TXD;
	l->tx_count++;
	/* mvneta_txq_pend_desc_add() (no xmit_more) */
	lx_wr(l, MVNETA_TXQ_UPDATE_REG(0), 1);
	return true;
}

/* mvneta_txq_done(): TXQ_STATUS's sent count, decremented, freed. */
static void
lx_txq_done(struct lx *l)
{
	uint32_t sent = (lx_rd(l, MVNETA_TXQ_STATUS_REG(0)) &
			 MVNETA_TXQ_SENT_DESC_MASK) >> MVNETA_TXQ_SENT_DESC_SHIFT;
	uint32_t n = sent;

	if (sent == 0)
		return;
	while (n > 0xffu) {		/* mvneta_txq_sent_desc_dec() */
		lx_wr(l, MVNETA_TXQ_UPDATE_REG(0), 0xffu << MVNETA_TXQ_DEC_SENT_SHIFT);
		n -= 0xffu;
	}
	lx_wr(l, MVNETA_TXQ_UPDATE_REG(0), n << MVNETA_TXQ_DEC_SENT_SHIFT);
	for (n = 0; n < sent; n++) {	/* mvneta_txq_bufs_free() */
		lx_page_free(l, l->tx_page[l->tx_get]);
		l->tx_page[l->tx_get] = -1;
		l->tx_get = (l->tx_get + 1u) % LX_TXD;
		l->tx_freed++;
	}
	l->tx_count -= sent;
}

/* mvneta_rx_refill_queue(): up to 64 of the processed descriptors. */
static uint32_t
lx_rx_refill_queue(struct lx *l)
{
	uint32_t i, cur = l->first_to_refill;

	for (i = 0; i < l->refill_num && i < 64u; i++) {
		if (l->rxd[cur].buf_phys_addr == 0 && lx_rx_refill(l, cur) != 0)
			break;
		cur = (cur + 1u) % LX_RXD;
	}
	l->refill_num -= i;
	l->first_to_refill = cur;
	return i;
}

/* mvneta_rx_swbm(): frames of one descriptor each (1500-byte MTU). */
static int
lx_rx_swbm(struct lx *l, int budget)
{
	uint32_t todo = lx_rd(l, MVNETA_RXQ_STATUS_REG(0)) &
			MVNETA_RXQ_OCCUPIED_ALL_MASK;
	uint32_t proc = 0, refill, st, size, i;
	struct mvneta_rx_desc *rd;
	uint8_t *data;
	int rcvd = 0;

	while ((int)proc < budget && proc < todo) {
		i = l->rx_next;
		rd = &l->rxd[i];
		l->rx_next = (i + 1u) % LX_RXD;
		drv_civac(&l->d, rd, sizeof(*rd));
		st = le32toh(rd->status);
		proc++;
		l->refill_num++;
		size = MVNETA_DESC_DATA_SIZE(le32toh(rd->size));
		data = lx_page(l, l->rx_page[i]) + LX_HEADROOM;
		/* The page goes to the stack (or back to the pool). */
		rd->buf_phys_addr = 0;
		if ((st & MVNETA_RXD_FIRST_LAST_DESC) !=
		    MVNETA_RXD_FIRST_LAST_DESC || (st & MVNETA_RXD_ERR_SUMMARY) ||
		    size < MVNETA_MH_SIZE + MVNETA_ETH_FCS_LEN ||
		    l->rx_n == SINK_MAX) {
			l->rx_errors++;		/* mvneta_rx_error() */
		} else {
			drv_civac(&l->d, data, size);	/* sync for CPU */
			l->rx_len[l->rx_n] = size - MVNETA_MH_SIZE -
					     MVNETA_ETH_FCS_LEN;
			l->rx_f[l->rx_n] = malloc(l->rx_len[l->rx_n]);
			if (l->rx_f[l->rx_n] == NULL)
				abort();
			memcpy(l->rx_f[l->rx_n], data + MVNETA_MH_SIZE,
			       l->rx_len[l->rx_n]);
			l->rx_n++;
			rcvd++;
		}
		lx_page_free(l, l->rx_page[i]);	/* the skb consumed */
		l->rx_page[i] = -1;
	}
	refill = lx_rx_refill_queue(l);
	if (proc != 0 || refill != 0)
		lx_rxq_desc_num_update(l, proc, refill);
	return rcvd;
}

/* The 3700's one interrupt line: a cause under NEW_MASK. */
static bool
lx_irq_line(struct lx *l)
{
	return (lx_rd(l, MVNETA_INTR_NEW_CAUSE) &
		lx_rd(l, MVNETA_INTR_NEW_MASK)) != 0;
}

/* mvneta_isr() then mvneta_poll() (3700: pp->cause_rx_tx, one NAPI). */
static int
lx_poll(struct lx *l)
{
	uint32_t cause, misc;
	int rx_done = 0;

	lx_wr(l, MVNETA_INTR_NEW_MASK, 0);		/* mvneta_isr() */
	cause = lx_rd(l, MVNETA_INTR_NEW_CAUSE);
	if (cause & MVNETA_MISCINTR_INTR_MASK) {
		misc = lx_rd(l, MVNETA_INTR_MISC_CAUSE);
		lx_wr(l, MVNETA_INTR_MISC_CAUSE, 0);
		if (misc & (MVNETA_CAUSE_PHY_STATUS_CHANGE |
			    MVNETA_CAUSE_LINK_CHANGE))
			(void)lx_rd(l, MVNETA_GMAC_STATUS);	/* mvneta_link_change() */
	}
	if (cause & MVNETA_TX_INTR_MASK_ALL) {		/* mvneta_tx_done_gbe() */
		if (l->tx_count != 0)
			lx_txq_done(l);
		cause &= ~MVNETA_TX_INTR_MASK_ALL;
	}
	cause |= l->napi_cause;
	if ((cause >> 8) & 0xffu)
		rx_done = lx_rx_swbm(l, LX_BUDGET);
	if (rx_done < LX_BUDGET) {
		cause = 0;				/* napi_complete_done() */
		lx_wr(l, MVNETA_INTR_NEW_MASK, MVNETA_RX_INTR_MASK(1) |
		      MVNETA_TX_INTR_MASK(1) | MVNETA_MISCINTR_INTR_MASK);
	}
	l->napi_cause = cause;
	return rx_done;
}

/* The device runs, then the CPU takes the interrupt and polls. */
static void
lx_run(struct lx *l, unsigned int rounds)
{
	unsigned int i;

	for (i = 0; i < rounds; i++) {
		neta_model_step(l->d.m, 64);
		if (l->napi_cause != 0 || lx_irq_line(l))
			lx_poll(l);
	}
}

/* ---- ethtool -C, stop ---- */

/* mvneta_ethtool_set_coalesce() on the running queues. */
static void
lx_set_coalesce(struct lx *l, uint32_t rx_usecs, uint32_t rx_frames,
		uint32_t tx_frames)
{
	l->rx_coal_usec = rx_usecs;
	l->rx_coal_pkts = rx_frames;
	l->tx_coal = tx_frames;
	lx_wr(l, MVNETA_RXQ_THRESHOLD_REG(0),
	      rx_frames | MVNETA_RXQ_NON_OCCUPIED(0));
	lx_wr(l, MVNETA_RXQ_TIME_COAL_REG(0), LX_CLK_MHZ * rx_usecs);
	lx_rmw(l, MVNETA_TXQ_SIZE_REG(0), MVNETA_TXQ_SENT_THRESH_ALL_MASK,
	       MVNETA_TXQ_SENT_THRESH_MASK(tx_frames));
	lx_check_clean(l, "ethtool -C");
}

/* mvneta_port_down(): RX then TX disabled and waited for, the FIFO. */
static void
lx_port_down(struct lx *l)
{
	uint32_t v = lx_rd(l, MVNETA_RXQ_CMD) & MVNETA_RXQ_ENABLE_MASK;
	unsigned int n;

	if (v != 0)
		lx_wr(l, MVNETA_RXQ_CMD, v << MVNETA_RXQ_DISABLE_SHIFT);
	for (n = 0; n < 1000 && (lx_rd(l, MVNETA_RXQ_CMD) &
				 MVNETA_RXQ_ENABLE_MASK); n++)
		neta_model_step(l->d.m, 64);
	CHECK_EQ_U(lx_rd(l, MVNETA_RXQ_CMD) & MVNETA_RXQ_ENABLE_MASK, 0,
		   "mvneta_port_down: RX stopped");
	v = lx_rd(l, MVNETA_TXQ_CMD) & MVNETA_TXQ_ENABLE_MASK;
	if (v != 0)
		lx_wr(l, MVNETA_TXQ_CMD, v << MVNETA_TXQ_DISABLE_SHIFT);
	for (n = 0; n < 1000 && (lx_rd(l, MVNETA_TXQ_CMD) &
				 MVNETA_TXQ_ENABLE_MASK); n++)
		neta_model_step(l->d.m, 64);
	CHECK_EQ_U(lx_rd(l, MVNETA_TXQ_CMD) & MVNETA_TXQ_ENABLE_MASK, 0,
		   "mvneta_port_down: TX stopped");
	for (n = 0; n < 10000; n++) {
		v = lx_rd(l, MVNETA_PORT_STATUS);
		if ((v & MVNETA_TX_FIFO_EMPTY) || !(v & MVNETA_TX_IN_PRGRS))
			break;
		neta_model_step(l->d.m, 64);
	}
	CHECK(n < 10000, "mvneta_port_down: TX FIFO empty");
}

/*
 * mvneta_stop(): phylink_stop() (mac_link_down: mvneta_port_down(), link
 * forced down), mvneta_stop_dev(), then mvneta_cleanup_rxqs() and
 * mvneta_cleanup_txqs().
 */
static void
lx_stop(struct lx *l)
{
	uint32_t busy, i;

	lx_port_down(l);
	lx_rmw(l, MVNETA_GMAC_AUTONEG_CONFIG, MVNETA_GMAC_FORCE_LINK_PASS,
	       MVNETA_GMAC_FORCE_LINK_DOWN);
	lx_port_down(l);		/* mvneta_stop_dev(): nothing left on */
	lx_port_disable(l);
	lx_clear_intr_cause(l);
	lx_mask_interrupt(l);
	/* mvneta_tx_reset(): mvneta_txq_done_force(), the DMA reset. */
	while (l->tx_count != 0) {
		lx_page_free(l, l->tx_page[l->tx_get]);
		l->tx_page[l->tx_get] = -1;
		l->tx_get = (l->tx_get + 1u) % LX_TXD;
		l->tx_count--;
		l->tx_freed++;
	}
	lx_wr(l, MVNETA_PORT_TX_RESET, MVNETA_PORT_TX_DMA_RESET);
	lx_wr(l, MVNETA_PORT_TX_RESET, 0);
	lx_wr(l, MVNETA_PORT_RX_RESET, MVNETA_PORT_RX_DMA_RESET);
	lx_wr(l, MVNETA_PORT_RX_RESET, 0);
	/* mvneta_rxq_deinit(): mvneta_rxq_drop_pkts(), every page back. */
	busy = lx_rd(l, MVNETA_RXQ_STATUS_REG(0)) & MVNETA_RXQ_OCCUPIED_ALL_MASK;
	if (busy != 0)
		lx_rxq_desc_num_update(l, busy, busy);
	for (i = 0; i < LX_RXD; i++) {
		if (l->rx_page[i] >= 0 && l->rxd[i].buf_phys_addr != 0)
			lx_page_free(l, l->rx_page[i]);
		l->rx_page[i] = -1;
	}
	/* mvneta_txq_deinit(): mvneta_txq_hw_deinit() */
	lx_wr(l, MVETH_TXQ_TOKEN_CFG_REG(0), 0);
	lx_wr(l, MVETH_TXQ_TOKEN_COUNT_REG(0), 0);
	lx_wr(l, MVNETA_TXQ_BASE_ADDR_REG(0), 0);
	lx_wr(l, MVNETA_TXQ_SIZE_REG(0), 0);
	lx_check_clean(l, "mvneta_stop");
}

/* ---- the checks ---- */

static void
lx_push(struct lx *l, const uint8_t *f, uint32_t len)
{
	uint8_t *c = malloc(len);

	if (c == NULL)
		abort();
	memcpy(c, f, len);
	model_fixture_qsrc_push_owned(l->src, c, len);
}

static void
lx_rx_forget(struct lx *l)
{
	while (l->rx_n != 0)
		free(l->rx_f[--l->rx_n]);
}

/* Frames to each kind of address: those mvneta_set_rx_mode() let in. */
static void
lx_check_filter(struct lx *l)
{
	static const uint8_t mc[2][6] = {
		{ 0x01, 0x00, 0x5e, 0x00, 0x00, 0x01 },	/* all hosts */
		{ 0x33, 0x33, 0x00, 0x00, 0x00, 0x01 },	/* all nodes */
	};
	static const struct {
		uint8_t da[6];
		bool pass;
	} to[] = {
		{ { 0x02, 0x00, 0x00, 0x00, 0x00, 0x01 }, true },  /* station */
		{ { 0xff, 0xff, 0xff, 0xff, 0xff, 0xff }, true },  /* broadcast */
		{ { 0x01, 0x00, 0x5e, 0x00, 0x00, 0x01 }, true },
		{ { 0x33, 0x33, 0x00, 0x00, 0x00, 0x01 }, true },
		{ { 0x02, 0x00, 0x00, 0x00, 0x00, 0x02 }, false }, /* a neighbour */
		{ { 0x01, 0x00, 0x5e, 0x00, 0x00, 0xfb }, false }, /* mDNS */
		{ { 0x33, 0x33, 0xff, 0x12, 0x34, 0x56 }, false },
	};
	uint64_t filt0 = drv_stats(&l->d).rx_dropped_filter;
	unsigned int i, want = 0, k = 0;
	uint8_t *f;

	CHECK(lx_addr_crc(to[6].da) != lx_addr_crc(mc[1]),
	      "filter: the refused address has its own CRC-8 entry");
	lx_set_rx_mode(l, mc, 2);
	for (i = 0; i < SEQ_DIM(to); i++) {
		f = nf_ipv4(100, 17, i);
		memcpy(f, to[i].da, 6);
		lx_push(l, f, 100);
		free(f);
		want += to[i].pass;
	}
	lx_run(l, 64);
	CHECK_EQ_U(l->rx_n, want, "filter: the frames mvneta_set_rx_mode() admits");
	CHECK_EQ_U(drv_stats(&l->d).rx_dropped_filter - filt0, SEQ_DIM(to) - want,
		   "filter: the others counted filtered");
	for (i = 0; i < SEQ_DIM(to) && k < l->rx_n; i++)
		if (to[i].pass)
			CHECK(memcmp(l->rx_f[k++], to[i].da, 6) == 0,
			      "filter: frame %u in order", i);
	lx_rx_forget(l);
}

/* @p n frames received in order, byte-identical, every page back. */
static void
lx_check_rx(struct lx *l, unsigned int n, const char *what)
{
	unsigned int i, same = 0;
	uint8_t *f;

	for (i = 0; i < n; i++) {
		f = nf_ipv4(60 + (i * 37u) % 1455u, i % 2 ? 6 : 17, i);
		lx_push(l, f, 60 + (i * 37u) % 1455u);
		free(f);
	}
	lx_run(l, n + 64);
	CHECK_EQ_U(l->rx_n, n, "%s: every frame delivered", what);
	CHECK_EQ_U(l->rx_errors, 0, "%s: no error", what);
	for (i = 0; i < l->rx_n && i < n; i++) {
		f = nf_ipv4(60 + (i * 37u) % 1455u, i % 2 ? 6 : 17, i);
		same += l->rx_len[i] == 60 + (i * 37u) % 1455u &&
			memcmp(l->rx_f[i], f, l->rx_len[i]) == 0;
		free(f);
	}
	CHECK_EQ_U(same, n, "%s: byte-identical, in order", what);
	lx_rx_forget(l);
	CHECK_EQ_U((lx_rd(l, MVNETA_RXQ_STATUS_REG(0)) &
		    MVNETA_RXQ_NON_OCCUPIED_ALL_MASK) >>
		   MVNETA_RXQ_NON_OCCUPIED_SHIFT, LX_RXD,
		   "%s: every descriptor armed again", what);
}

/*
 * @p n frames through mvneta_tx(), the odd ones as CHECKSUM_PARTIAL
 * (IPv4 header checksum 0, the L4 field holding the pseudo-header sum,
 * mvneta_txq_desc_csum()'s command): on the wire as nf_ipv4() built them,
 * every one freed through the TX done causes. Returns the frames freed.
 */
static uint64_t
lx_check_tx(struct lx *l, unsigned int n, const char *what)
{
	uint64_t freed0 = l->tx_freed, sent0 = l->sink->n;
	unsigned int i, same = 0, queued = 0, waits = 0;
	uint32_t len, csum, off;
	uint64_t sum;
	uint8_t *f;

	for (i = 0; i < n; i++) {
		len = 64 + (i * 53u) % 1450u;
		f = nf_ipv4(len, i % 3 ? 6 : 17, i + 1000u);
		csum = MVNETA_TX_L4_CSUM_NOT;
		if (i % 2) {
			off = f[23] == 6 ? 16u : 6u;
			f[24] = f[25] = 0;
			sum = model_csum_add(0, f + 26, 8) + f[23] + (len - 34u);
			nf_put16(f + 34 + off, (uint16_t)model_csum_fold(sum));
			csum = 14u << MVNETA_TX_L3_OFF_SHIFT |
			       5u << MVNETA_TX_IP_HLEN_SHIFT | MVNETA_TXD_IP_CSUM |
			       MVNETA_TX_L4_CSUM_FULL |
			       (f[23] == 17 ? MVNETA_TX_L4_UDP : 0);
		}
		/* The queue stopped: wait for TX done (bounded: a stall fails). */
		while (!lx_xmit(l, f, len, csum) && waits < 10000u) {
			lx_run(l, 1);
			waits++;
		}
		free(f);
		if (waits == 10000u)
			break;
		queued++;
		if (queued % 16 == 0)
			lx_run(l, 1);
	}
	lx_run(l, 64);
	CHECK(waits < 10000u, "%s: the queue never stalled for good", what);
	CHECK_EQ_U(l->sink->n - sent0, n, "%s: every frame on the wire", what);
	for (i = 0; i < n && sent0 + i < l->sink->n; i++) {
		len = 64 + (i * 53u) % 1450u;
		f = nf_ipv4(len, i % 3 ? 6 : 17, i + 1000u);
		same += l->sink->len[sent0 + i] == len &&
			memcmp(l->sink->f[sent0 + i], f, len) == 0;
		free(f);
	}
	CHECK_EQ_U(same, n, "%s: byte-identical with the checksums", what);
	return l->tx_freed - freed0;
}

static void
test_linux(bool nc)
{
	const char *m = nc ? "linux (non-coherent)" : "linux";
	struct lx *l = calloc(1, sizeof(*l));
	struct neta_model_stats st;
	uint64_t freed;

	if (l == NULL)
		abort();
	lx_probe(l, nc);
	lx_open(l);
	lx_check_filter(l);
	lx_check_rx(l, 1200, m);
	freed = lx_check_tx(l, 700, m);
	CHECK_EQ_U(freed, 700, "%s: every sent frame freed from the poll", m);
	CHECK_EQ_U(l->tx_count, 0, "%s: nothing outstanding", m);
	st = drv_stats(&l->d);
	CHECK_EQ_U(st.tx_csum_frames, 350, "%s: a checksum inserted per request", m);
	/* ethtool -C rx-usecs 50 rx-frames 8 tx-frames 16 */
	lx_set_coalesce(l, 50, 8, 16);
	freed = lx_check_tx(l, 40, "after ethtool -C");
	CHECK_EQ_U(freed, 32, "ethtool -C: freed by 16 (the cause's threshold)");
	CHECK_EQ_U(l->tx_count, 8, "ethtool -C: 8 wait for more");
	freed = lx_check_tx(l, 8, "after ethtool -C, 8 more");
	CHECK_EQ_U(freed, 16, "ethtool -C: the next 16 freed");
	lx_check_rx(l, 100, "after ethtool -C");
	lx_stop(l);
	CHECK_EQ_U(neta_model_peek32(l->d.m, MVETH_TXQ_TOKEN_CFG_REG(0)) |
		   neta_model_peek32(l->d.m, MVETH_TXQ_TOKEN_COUNT_REG(0)), 0,
		   "mvneta_txq_hw_deinit(): the bucket empty");
	CHECK_EQ_U(l->nfree, LX_NPAGES, "%s: every page back in the pool", m);
	/* ip link set up again: the second mvneta_open(), ethtool -C kept. */
	lx_open(l);
	lx_check_rx(l, 10, "second open");
	CHECK_EQ_U(lx_check_tx(l, 20, "second open"), 16,
		   "second open: freed by 16 (txq->done_pkts_coal kept)");
	lx_stop(l);	/* mvneta_txq_done_force() frees the other 4 */
	CHECK_EQ_U(l->nfree, LX_NPAGES, "second stop: every page back");
	lx_check_clean(l, m);
	drv_close(&l->d);
	free(l);
}

int
main(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	test_linux(false);
	test_linux(true);
	return harness_result("test_neta_model_seq");
}
