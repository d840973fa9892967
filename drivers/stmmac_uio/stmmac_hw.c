/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * net_stmmac_uio: bring-up of a dwmac4 core as Linux does it (stmmac_main.c
 * stmmac_hw_setup(), dwmac4_dma.c, dwmac4_lib.c): identification, taking
 * over a core someone else left running, the software reset, and the DMA,
 * MTL and MAC programming of a start. The PHY and the link are in
 * stmmac_phy.c.
 */
#include <errno.h>
#include <string.h>

#include <rte_bitops.h>
#include <rte_cycles.h>
#include <rte_ether.h>
#include <rte_memory.h>

#include "rxp_sync.h"

#include "socnic_io.h"

#include "stmmac_ethdev.h"
#include "stmmac_hw.h"
#include "stmmac_logs.h"
#include "stmmac_of.h"

/*
 * The software reset: Linux's dwmac4_dma_reset() waits up to 1 s
 * (readl_poll_timeout(..., 10000, 1000000)). What keeps it from
 * completing on a board is nearly always one of these.
 */
#define STMMAC_RESET_POLLS	100000	/* x 10 us = 1 s */
#define STMMAC_IDLE_POLLS	10000	/* x 10 us: DMA idle after a stop */
#define STMMAC_DRAIN_POLLS	1000	/* x 10 us: MTL RX queue drained */
#define STMMAC_POLL_US		10
#define STMMAC_CLOCK_HINT						\
	"check that the block's clocks are enabled (the kernel gates unused "	\
	"clocks: clk_ignore_unused), that the PHY is powered and gives its "	\
	"(R)GMII receive clock, and that the SoC's GRF selects the right "	\
	"interface mode and delays (docs/nics/boards.md)"

int
stmmac_poll_clear(const struct socnic_backend *be, uint32_t reg,
		  uint32_t mask, unsigned int polls)
{
	unsigned int i;

	for (i = 0; i < polls; i++) {
		if (!(socnic_read32(be, reg) & mask))
			return 0;
		socnic_backend_wait_poll(be);
		rte_delay_us_block(STMMAC_POLL_US);
	}
	return -ETIMEDOUT;
}

/* RX and TX DMA channels of MAC_HW_Feature2 @p f2 (RXCHCNT/TXCHCNT + 1). */
static uint32_t
stmmac_hw_rx_channels(uint32_t f2)
{
	return ((f2 & GMAC_HW_FEAT_RXCHCNT) >> 12) + 1;
}

static uint32_t
stmmac_hw_tx_channels(uint32_t f2)
{
	return ((f2 & GMAC_HW_FEAT_TXCHCNT) >> 18) + 1;
}

/* DMA channels the core has, either direction. */
static unsigned int
stmmac_hw_channels(const struct socnic_backend *be)
{
	uint32_t f2 = socnic_read32(be, GMAC_HW_FEATURE2);

	return RTE_MIN(RTE_MAX(stmmac_hw_rx_channels(f2),
			       stmmac_hw_tx_channels(f2)),
		       DWMAC4_DMA_MAX_CHANNELS);
}

/*
 * With the receiver off and the RX DMA still running, lets the DMA take
 * what MTL RX queue @p q holds (MTL_RxQ_Debug PRXQ and RXQSTS to empty),
 * bounded: a DMA without descriptors cannot, and those frames die at the
 * reset. What it takes lands in the ring and is counted there.
 */
void
stmmac_hw_drain_mtl_rx(struct stmmac_adapter *ad, unsigned int q)
{
	const struct socnic_backend *be = &ad->port.be;
	uint32_t v = 0;
	unsigned int i;

	for (i = 0; i < STMMAC_DRAIN_POLLS; i++) {
		v = socnic_read32(be, MTL_CHAN_RX_DEBUG(q));
		if (!(v & (DWMAC4_MTL_DEBUG_PRXQ_MASK | MTL_DEBUG_RXFSTS_MASK)))
			return;
		socnic_backend_wait_poll(be);
		rte_delay_us_block(STMMAC_POLL_US);
	}
	PMD_DRV_LOG(INFO, "%s: MTL RX queue %u still holds %u frames (no RX descriptor for them): dropped by the stop",
		    ad->eth_dev->data->name, q,
		    (v & DWMAC4_MTL_DEBUG_PRXQ_MASK) >> DWMAC4_MTL_DEBUG_PRXQ_SHIFT);
}

/*
 * Waits, bounded, until the RX and (with @p tx) TX DMA processes of the
 * channels in @p chans (bit ch for channel ch) read Stopped in DMA_Debug_Status0/1/2: a channel
 * whose SR/ST was cleared finishes the frame in transfer first.
 * 0 or -ETIMEDOUT (logged).
 */
int
stmmac_hw_wait_dma_stopped(const struct socnic_backend *be, uint16_t port_id,
			   uint32_t chans, bool tx)
{
	uint32_t mask[3] = { 0, 0, 0 };
	unsigned int ch, r;

	for (ch = 0; ch < DWMAC4_DMA_MAX_CHANNELS; ch++) {
		if (!(chans & RTE_BIT32(ch)))
			continue;
		r = (DWMAC4_DMA_DEBUG_STATUS(ch) - DMA_DEBUG_STATUS_0) / 4u;
		mask[r] |= DWMAC4_DMA_DEBUG_PS_MASK <<
			   DWMAC4_DMA_DEBUG_RPS_SHIFT(ch);
		if (tx)
			mask[r] |= DWMAC4_DMA_DEBUG_PS_MASK <<
				   DWMAC4_DMA_DEBUG_TPS_SHIFT(ch);
	}
	for (r = 0; r < RTE_DIM(mask); r++) {
		if (mask[r] == 0 ||
		    stmmac_poll_clear(be, DMA_DEBUG_STATUS_0 + 4u * r,
				      mask[r], STMMAC_IDLE_POLLS) == 0)
			continue;
		PMD_DRV_LOG(ERR, "port %u: DMA did not stop within %u us (DMA_Debug_Status%u %#x)",
			    port_id, STMMAC_IDLE_POLLS * STMMAC_POLL_US, r,
			    socnic_read32(be, DMA_DEBUG_STATUS_0 + 4u * r));
		return -ETIMEDOUT;
	}
	return 0;
}

/*
 * Leaves the core quiescent, as a driver taking over one must before the
 * reset (Linux stmmac_stop_all_dma() and stmmac_mac_set(false)): the
 * receiver off, each MTL RX queue drained, every DMA channel stopped, the
 * transmitter off, then a bounded wait for every channel's DMA processes
 * to reach Stopped (DMA_Debug_Status0/1/2). A software reset with
 * transfers in flight would cut them on the bus and on the wire.
 * Returns 0 or -ETIMEDOUT (logged).
 */
int
stmmac_hw_quiesce(struct stmmac_adapter *ad)
{
	const struct socnic_backend *be = &ad->port.be;
	unsigned int ch, q, n = stmmac_hw_channels(be);

	socnic_update32(be, GMAC_CONFIG, GMAC_CONFIG_RE, 0);
	/* Each MTL RX queue whose channel still receives is drained into it. */
	for (q = 0; q < ad->mtl_rx_queues; q++)
		if (socnic_read32(be, DMA_CHAN_RX_CONTROL(stmmac_hw_rx_queue_chan(be, q))) &
		    DMA_CONTROL_SR)
			stmmac_hw_drain_mtl_rx(ad, q);
	for (ch = 0; ch < n; ch++) {
		socnic_update32(be, DMA_CHAN_RX_CONTROL(ch), DMA_CONTROL_SR, 0);
		socnic_update32(be, DMA_CHAN_TX_CONTROL(ch), DMA_CONTROL_ST, 0);
	}
	socnic_update32(be, GMAC_CONFIG, GMAC_CONFIG_TE, 0);
	return stmmac_hw_wait_dma_stopped(be, ad->eth_dev->data->port_id,
					  RTE_BIT32(n) - 1u, true);
}

/*
 * Soft reset (DMA_Mode.SWR): every register back to its reset value, DMA
 * stopped, rings forgotten (model.md "Reset"; Linux dwmac4_dma_reset()).
 * Then the MMC counters' interrupts masked, as after every reset: they
 * reset unmasked, have no enable in MAC_Interrupt_Enable, and the PMD
 * never reads the counters that would clear them, so the MAC's line would
 * stay high once one passes half range (~17 s of line rate) and an
 * interrupt-driven lcore would never sleep again (Linux
 * dwmac_mmc_intr_all_mask(), mmc_core.c).
 */
int
stmmac_hw_reset(struct stmmac_adapter *ad)
{
	const struct socnic_backend *be = &ad->port.be;

	socnic_write32(be, DMA_BUS_MODE, DMA_BUS_MODE_SFT_RESET);
	if (stmmac_poll_clear(be, DMA_BUS_MODE, DMA_BUS_MODE_SFT_RESET,
			      STMMAC_RESET_POLLS) < 0) {
		PMD_DRV_LOG(ERR, "%s: the core's software reset (DMA_Mode.SWR) did not complete within 1 s: "
			    STMMAC_CLOCK_HINT, ad->eth_dev->data->name);
		return -EIO;
	}
	socnic_write32(be, DWMAC4_MMC_RX_INTR_MASK, MMC_DEFAULT_MASK);
	socnic_write32(be, DWMAC4_MMC_TX_INTR_MASK, MMC_DEFAULT_MASK);
	socnic_write32(be, DWMAC4_MMC_RX_IPC_INTR_MASK, MMC_DEFAULT_MASK);
	return 0;
}

int
stmmac_hw_takeover(struct stmmac_adapter *ad)
{
	if (stmmac_hw_quiesce(ad) < 0 || stmmac_hw_reset(ad) < 0)
		return -EIO;
	return 0;
}

/*
 * Whether a start may skip the reset, from the registers alone: the reset
 * done (SWR 0), the MAC's receiver and transmitter off, every DMA
 * channel's SR/ST clear and channel 0's processes Stopped
 * (DMA_Debug_Status0), and MAC_RxQ_Ctrl0 at its reset value 0. That last
 * one is the mark of use: every start enables RX queue 0 there
 * (stmmac_hw_configure(); Linux and U-Boot's dwc_eth_qos do the same),
 * quiescing does not clear it, only a reset does. So it holds after the
 * probe's reset until the first start, and never after a stop.
 */
bool
stmmac_hw_is_reset(struct stmmac_adapter *ad)
{
	const struct socnic_backend *be = &ad->port.be;
	unsigned int ch, n = stmmac_hw_channels(be);

	if ((socnic_read32(be, DMA_BUS_MODE) & DMA_BUS_MODE_SFT_RESET) ||
	    (socnic_read32(be, GMAC_CONFIG) &
	     (GMAC_CONFIG_RE | GMAC_CONFIG_TE)) ||
	    socnic_read32(be, GMAC_RXQ_CTRL0) != 0 ||
	    (socnic_read32(be, DMA_DEBUG_STATUS_0) &
	     (DWMAC4_DMA_DEBUG_RPS0_MASK | DWMAC4_DMA_DEBUG_TPS0_MASK)))
		return false;
	for (ch = 0; ch < n; ch++)
		if ((socnic_read32(be, DMA_CHAN_RX_CONTROL(ch)) & DMA_CONTROL_SR) ||
		    (socnic_read32(be, DMA_CHAN_TX_CONTROL(ch)) & DMA_CONTROL_ST))
			return false;
	return true;
}

/* ADDR64 of MAC_HW_Feature1: the DMA address width. */
static uint32_t
stmmac_dma_addr_bits(const struct socnic_backend *be)
{
	static const uint32_t bits[] = { 32, 40, 48, 64 };
	uint32_t f1 = socnic_read32(be, GMAC_HW_FEATURE1);

	return bits[(f1 & GMAC_HW_ADDR64) >> 14];
}

/*
 * What the core is: FIFO sizes (MAC_HW_Feature1, log2 of 128-byte units),
 * the MTL queues it has (MAC_HW_Feature2), the bus width.
 */
static void
stmmac_hw_features(struct stmmac_adapter *ad)
{
	const struct socnic_backend *be = &ad->port.be;
	uint32_t f0 = socnic_read32(be, GMAC_HW_FEATURE0);
	uint32_t f1 = socnic_read32(be, GMAC_HW_FEATURE1);
	uint32_t f2 = socnic_read32(be, GMAC_HW_FEATURE2);

	ad->dma_addr_bits = stmmac_dma_addr_bits(be);
	ad->rx_fifo = 128u << (f1 & GMAC_HW_RXFIFOSIZE);
	ad->tx_fifo = 128u << ((f1 & GMAC_HW_TXFIFOSIZE) >> 6);
	ad->mtl_rx_queues = (f2 & GMAC_HW_FEAT_RXQCNT) + 1;
	ad->mtl_tx_queues = ((f2 & GMAC_HW_FEAT_TXQCNT) >> 6) + 1;
	/*
	 * A port's RX queue q is MTL RX queue q on DMA channel q, its TX
	 * queue q DMA channel q into MTL TX queue q (stmmac_hw_queues.c):
	 * as many as the core has of both.
	 */
	ad->port.nb_rxq_max = (uint16_t)RTE_MIN(ad->mtl_rx_queues,
						stmmac_hw_rx_channels(f2));
	ad->port.nb_txq_max = (uint16_t)RTE_MIN(ad->mtl_tx_queues,
						stmmac_hw_tx_channels(f2));
	ad->hash_bins = (f1 & GMAC_HW_HASH_TB_SZ) ?
			32u << ((f1 & GMAC_HW_HASH_TB_SZ) >> 24) : 0;
	/*
	 * MAC_HW_Feature0: TX checksum insertion (TDES3.CIC), the RGMII/SGMII
	 * link status (Linux's dma_cap.pcs), and the perfect-filter entries after address 0 (those beyond
	 * MAC_Address31 live elsewhere: not used).
	 */
	ad->tx_coe = (f0 & GMAC_HW_FEAT_TXCOSEL) != 0;
	ad->has_pcs = (f0 & GMAC_HW_FEAT_PCSSEL) != 0;
	ad->has_ptp = (f0 & GMAC_HW_FEAT_TSSEL) != 0;
	ad->has_vlan_hash = (f0 & GMAC_HW_FEAT_VLHASH) != 0;
	ad->has_vlan_ins = (f0 & GMAC_HW_FEAT_SAVLANINS) != 0;
	/* The speeds the MAC has interfaces for; half duplex with HDSEL. */
	ad->speed_capa = 0;
	if (f0 & GMAC_HW_FEAT_MIISEL)
		ad->speed_capa |= RTE_ETH_LINK_SPEED_10M | RTE_ETH_LINK_SPEED_100M |
				  ((f0 & GMAC_HW_FEAT_HDSEL) ?
				   RTE_ETH_LINK_SPEED_10M_HD |
				   RTE_ETH_LINK_SPEED_100M_HD : 0);
	if (f0 & GMAC_HW_FEAT_GMIISEL)
		ad->speed_capa |= RTE_ETH_LINK_SPEED_1G;
	ad->nb_mac_addrs = 1u + RTE_MIN((f0 & DWMAC4_HW_FEAT_ADDMACADRSEL_MASK) >>
					DWMAC4_HW_FEAT_ADDMACADRSEL_SHIFT,
					DWMAC4_GMAC_ADDR_REGS - 1u);
	/*
	 * The AXI data width is not in any register: 64 bits on every SoC
	 * of the supported list (U-Boot's dwc_eth_qos configurations of
	 * RK3568, RK3588, i.MX8MP and STM32MP1 all say EQOS_AXI_WIDTH_64,
	 * whatever address width the core reports); bus_width= otherwise.
	 */
	ad->bus_bytes = ad->da.bus_bytes != 0 ? ad->da.bus_bytes : 8;
}

/*
 * The station address: mac=; else what the boot loader left in
 * MAC_Address0, read before the reset sets it to all ones; else, when
 * that is not valid (all ones or zero: the core was reset on the way
 * out, as U-Boot's Rockchip glue does), the device tree's mac-address or
 * local-mac-address; else a random one, as Linux falls back to.
 */
static void
stmmac_hw_station_addr(struct stmmac_adapter *ad, const struct stmmac_of *of,
		       struct rte_ether_addr *ea)
{
	const char *name = ad->eth_dev->data->name;

	if (ad->da.port.has_mac) {
		memcpy(ea->addr_bytes, ad->da.port.mac, RTE_ETHER_ADDR_LEN);
		return;
	}
	stmmac_hw_read_mac(&ad->port.be, ea);
	if (rte_is_valid_assigned_ether_addr(ea))
		return;
	if (of->has_mac) {
		rte_ether_addr_copy(&of->mac, ea);
		PMD_DRV_LOG(INFO, "%s: MAC_Address0 holds no valid address: using the device tree's %s",
			    name, of->mac_prop);
		return;
	}
	rte_eth_random_addr(ea->addr_bytes);
	PMD_DRV_LOG(NOTICE, "%s: no valid MAC address in the device%s, using a random one%s",
		    name, of->present ? " or its device-tree node" : "",
		    of->nvmem_mac ? " (the node keeps it in an nvmem cell, not read from user space: give it with mac=)" : "");
}

int
stmmac_hw_probe(struct stmmac_adapter *ad, const struct stmmac_of *of,
		struct rte_ether_addr *ea)
{
	const char *name = ad->eth_dev->data->name;
	uint32_t ver = socnic_read32(&ad->port.be, GMAC4_VERSION);
	uint32_t snps = ver & DWMAC4_VERSION_SNPSVER_MASK;

	if (ver == 0) {
		PMD_DRV_LOG(ERR, "%s: MAC_Version reads 0: the block answers nothing; "
			    STMMAC_CLOCK_HINT, name);
		return -ENODEV;
	}
	if (snps < DWMAC_CORE_4_00) {
		PMD_DRV_LOG(ERR, "%s: MAC_Version %#x: not a GMAC 4.x/5.x core",
			    name, ver);
		return -ENODEV;
	}
	ad->snpsver = (uint8_t)snps;
	/*
	 * The station address is what the boot loader left: read it before
	 * the reset sets it to all ones.
	 */
	stmmac_hw_station_addr(ad, of, ea);
	/*
	 * The feature registers are constants: read before the reset, and
	 * the PHY set up before it too: the reset needs its receive clock,
	 * which an EEE link may stop (stmmac_phy.c).
	 */
	stmmac_hw_features(ad);
	stmmac_phy_init(ad);
	if (stmmac_hw_takeover(ad) < 0)
		return -EIO;
	/*
	 * Refuse memory the DMA cannot address (and make EAL keep future
	 * allocations below the limit).
	 */
	if (ad->dma_addr_bits < 64 &&
	    rte_mem_check_dma_mask((uint8_t)ad->dma_addr_bits) != 0) {
		PMD_DRV_LOG(ERR, "%s: DPDK memory lies beyond the device's %u-bit DMA reach",
			    name, ad->dma_addr_bits);
		return -EINVAL;
	}
	PMD_DRV_LOG(INFO, "%s: dwmac core %x.%x (user %#x), %u-bit DMA, %u-bit bus, FIFOs RX %u TX %u bytes over %u/%u MTL queues, %u RX / %u TX queues",
		    name, snps >> 4, snps & 0xf,
		    (ver & DWMAC4_VERSION_USERVER_MASK) >> 8, ad->dma_addr_bits,
		    ad->bus_bytes * 8, ad->rx_fifo, ad->tx_fifo,
		    ad->mtl_rx_queues, ad->mtl_tx_queues,
		    ad->port.nb_rxq_max, ad->port.nb_txq_max);
	return 0;
}

/*
 * dma= resolved (auto: whatever the backend says of the device, coherent
 * when it says nothing) and the descriptor layout that follows: packed for
 * a coherent device; for a non-coherent one, one descriptor per DMA
 * granule, the DMA skipping DSL bus-width words after each
 * (stmmac_ring.h). The granule is max(DminLine, CWG) (rxp_sync.h
 * rxp_sync_nc_dma_align()): a write-back may cover a whole CWG block, so
 * a descriptor sharing one with the next would be clobbered by the CPU
 * cleaning its neighbour.
 */
int
stmmac_hw_dma_layout(struct stmmac_adapter *ad)
{
	const char *name = ad->eth_dev->data->name;
	uint32_t line, bus, gap;
	int ret;

	ret = socnic_rx_args_resolve_dma(&ad->da.rx, &ad->port.be,
					 stmmac_logtype_driver, name);
	ad->desc_shift = STMMAC_DESC_SHIFT_PACKED;
	ad->dsl = 0;
	ad->dma_align = RTE_CACHE_LINE_SIZE;
	if (ret < 0 || !ad->da.rx.dma_noncoherent)
		return ret;
	line = rxp_sync_nc_dma_align();
	bus = ad->bus_bytes;
	gap = line > DWMAC4_DESC_SIZE ? line - DWMAC4_DESC_SIZE : 0;
	if (!rte_is_power_of_2(line) || line < DWMAC4_DESC_SIZE ||
	    gap % bus != 0 || gap / bus > DWMAC4_DMA_CHAN_CTRL_DSL_MAX) {
		PMD_DRV_LOG(ERR, "%s: cannot give each descriptor its own %u-byte cache line (max of CTR_EL0 DminLine and CWG) with a %u-bit bus (the skip length holds 0..%u bus words): set bus_width= to the SoC's AXI data width",
			    name, line, bus * 8, DWMAC4_DMA_CHAN_CTRL_DSL_MAX);
		return -ENOTSUP;
	}
	ad->dsl = gap / bus;
	ad->desc_shift = (uint8_t)rte_log2_u32(line);
	ad->dma_align = line;
	PMD_DRV_LOG(INFO, "%s: non-coherent DMA: one descriptor per %u-byte line (DSL %u on a %u-bit bus), RX buffers in whole lines",
		    name, line, ad->dsl, bus * 8);
	return 0;
}

void
stmmac_hw_read_mac(const struct socnic_backend *be, struct rte_ether_addr *ea)
{
	uint32_t hi = socnic_read32(be, GMAC_ADDR_HIGH(0));
	uint32_t lo = socnic_read32(be, GMAC_ADDR_LOW(0));

	ea->addr_bytes[0] = lo & 0xff;
	ea->addr_bytes[1] = (lo >> 8) & 0xff;
	ea->addr_bytes[2] = (lo >> 16) & 0xff;
	ea->addr_bytes[3] = (lo >> 24) & 0xff;
	ea->addr_bytes[4] = hi & 0xff;
	ea->addr_bytes[5] = (hi >> 8) & 0xff;
}

/*
 * Perfect-filter entry @p n (0: the station address). Linux
 * stmmac_set_mac_addr(): high word (with AE) first, then low; a NULL or
 * zero address disables the entry as Linux dwmac4_set_filter() does
 * (both words 0, AE clear; entry 0 has no AE to clear).
 */
void
stmmac_hw_write_mac_n(const struct socnic_backend *be, unsigned int n,
		      const struct rte_ether_addr *ea)
{
	const uint8_t *a;

	if (ea == NULL || rte_is_zero_ether_addr(ea)) {
		socnic_write32(be, GMAC_ADDR_HIGH(n), 0);
		socnic_write32(be, GMAC_ADDR_LOW(n), 0);
		return;
	}
	a = ea->addr_bytes;
	socnic_write32(be, GMAC_ADDR_HIGH(n),
		       GMAC_HI_REG_AE | ((uint32_t)a[5] << 8) | a[4]);
	socnic_write32(be, GMAC_ADDR_LOW(n),
		       ((uint32_t)a[3] << 24) | ((uint32_t)a[2] << 16) |
		       ((uint32_t)a[1] << 8) | a[0]);
}

void
stmmac_hw_write_mac(const struct socnic_backend *be,
		    const struct rte_ether_addr *ea)
{
	stmmac_hw_write_mac_n(be, 0, ea);
}

/*
 * DMA_SysBus_Mode, read-modify-write as Linux's dwmac4_dma_init() and
 * dwmac4_dma_axi(): the reset value carries the integrator's burst and
 * outstanding-request settings, which the board's device tree
 * (snps,fixed-burst, snps,mixed-burst, snps,aal, snps,axi-config) and
 * then the devargs (axi_blen=, axi_rd_osr_lmt=, axi_wr_osr_lmt=)
 * override (stmmac_of_apply()); EAME for addresses above 4 GiB.
 */
static void
stmmac_hw_sysbus(struct stmmac_adapter *ad)
{
	const struct stmmac_devargs *da = &ad->da;
	uint32_t v = socnic_read32(&ad->port.be, DMA_SYS_BUS_MODE);

	if (ad->dma_addr_bits > 32)
		v |= DMA_SYS_BUS_EAME;
	v |= da->sysbus_bits;
	if (da->axi_blen_mask != 0) {
		v &= ~(DMA_AXI_BLEN4 | DMA_AXI_BLEN8 | DMA_AXI_BLEN16 |
		       DMA_AXI_BLEN32 | DMA_AXI_BLEN64 | DMA_AXI_BLEN128 |
		       DMA_AXI_BLEN256);
		v |= da->axi_blen_mask;
	}
	if (da->axi_rd_osr_lmt >= 0)
		v = (v & ~DMA_AXI_RD_OSR_LMT) |
		    ((uint32_t)da->axi_rd_osr_lmt << 16);
	if (da->axi_wr_osr_lmt >= 0)
		v = (v & ~DMA_AXI_WR_OSR_LMT) |
		    ((uint32_t)da->axi_wr_osr_lmt << 24);
	socnic_write32(&ad->port.be, DMA_SYS_BUS_MODE, v);
}

/*
 * Programs MAC, MTL and DMA for a start. Everything derives from the
 * ethdev state, because the soft reset before it forgot all of it.
 */
void
stmmac_hw_configure(struct rte_eth_dev *dev)
{
	struct stmmac_adapter *ad = stmmac_adapter(dev);
	const struct socnic_backend *be = &ad->port.be;

	stmmac_hw_sysbus(ad);
	/*
	 * The secondary addresses (MAC_Address1..) reset disabled; ethdev
	 * replays mac_addr_add for each after dev_start
	 * (eth_dev_mac_restore()).
	 */
	stmmac_hw_write_mac(be, &dev->data->mac_addrs[0]);
	stmmac_hw_write_filter(dev);
	stmmac_vlan_write(dev);
	stmmac_hw_queues_configure(dev);
}

void
stmmac_hw_write_filter(struct rte_eth_dev *dev)
{
	struct stmmac_adapter *ad = stmmac_adapter(dev);
	uint32_t pf = 0;
	unsigned int i;

	if (dev->data->promiscuous)
		pf |= GMAC_PACKET_FILTER_PR;
	if (dev->data->all_multicast)
		pf |= GMAC_PACKET_FILTER_PM;
	if (ad->mc_hash_used)
		pf |= GMAC_PACKET_FILTER_HMC;
	/* The VLAN filter (stmmac_vlan.c): MAC_VLAN_Tag says how. */
	if (dev->data->dev_conf.rxmode.offloads & RTE_ETH_RX_OFFLOAD_VLAN_FILTER)
		pf |= GMAC_PACKET_FILTER_VTFE;
	for (i = 0; i < ad->hash_bins / 32u; i++)
		socnic_write32(&ad->port.be, GMAC_HASH_TAB(i), ad->mc_hash[i]);
	socnic_write32(&ad->port.be, GMAC_PACKET_FILTER, pf);
}

/*
 * The multicast hash bin of @p addr: the top bits of the bit-reversed
 * CRC-32 of the address (Linux dwmac4_set_filter():
 * bitrev32(~crc32_le(~0, addr, 6)) >> (32 - log2(bins))).
 */
static unsigned int
stmmac_hash_bin(const struct rte_ether_addr *addr, unsigned int bins)
{
	uint32_t crc = 0xffffffffu, rev = 0;
	unsigned int i, b;

	for (i = 0; i < RTE_ETHER_ADDR_LEN; i++) {
		crc ^= addr->addr_bytes[i];
		for (b = 0; b < 8; b++)
			crc = (crc & 1) ? (crc >> 1) ^ 0xedb88320u : crc >> 1;
	}
	crc = ~crc;
	for (i = 0; i < 32; i++)
		rev |= ((crc >> i) & 1u) << (31 - i);
	return rev >> (32 - rte_log2_u32(bins));
}

int
stmmac_hw_set_mc_list(struct rte_eth_dev *dev, struct rte_ether_addr *list,
		      uint32_t n)
{
	struct stmmac_adapter *ad = stmmac_adapter(dev);
	unsigned int i, bin;

	if (n != 0 && ad->hash_bins == 0) {
		PMD_DRV_LOG(ERR, "port %u: the core has no multicast hash filter: use all-multicast",
			    dev->data->port_id);
		return -ENOTSUP;
	}
	memset(ad->mc_hash, 0, sizeof(ad->mc_hash));
	for (i = 0; i < n; i++) {
		if (!rte_is_multicast_ether_addr(&list[i]))
			return -EINVAL;
		bin = stmmac_hash_bin(&list[i], ad->hash_bins);
		ad->mc_hash[bin >> 5] |= 1u << (bin & 31u);
	}
	ad->mc_hash_used = n != 0;
	/* A hash table of 64 bins is two registers; larger ones are more. */
	if (ad->port.hw_started)
		stmmac_hw_write_filter(dev);
	return 0;
}
