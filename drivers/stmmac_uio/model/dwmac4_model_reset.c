/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Reset: the reset table (every register's value after a reset, the
 * feature registers included), the state a boot loader or a previous
 * driver leaves, and the software reset (DMA_Mode.SWR) with what it
 * waits for and what it cuts.
 */
#include <string.h>

#include "dwmac4_model_internal.h"

void
model_build_reset_table(struct dwmac4_model *m)
{
	uint32_t nch = m->params.n_channels - 1u;
	uint32_t nq = m->params.mtl_queues - 1u;
	uint32_t *r = m->reset_val;
	unsigned int i;

	memset(r, 0, sizeof(m->reset_val));
	r[GMAC4_VERSION / 4] = DWMAC4_MODEL_VERSION;
	/*
	 * 10/100 and 1000 Mbit/s, half duplex too (HDSEL: the MAC runs at
	 * what its PHY negotiated, half duplex included), the RGMII/SGMII
	 * link status (PCSSEL, Linux's dma_cap.pcs), RX and TX checksum
	 * offload, MAC addresses 1..DWMAC4_MODEL_ADD_MACS, the MMC counters
	 * (MMCSEL; dwmac4_model_mmc.c), the IEEE 1588 timestamp unit (TSSEL;
	 * dwmac4_model_ptp.c), the VLAN hash filter and VLAN insertion
	 * (VLHASH, SAVLANINS; dwmac4_model_vlan.c).
	 */
	r[GMAC_HW_FEATURE0 / 4] = GMAC_HW_FEAT_MIISEL | GMAC_HW_FEAT_GMIISEL |
		GMAC_HW_FEAT_VLHASH | GMAC_HW_FEAT_SAVLANINS |
		GMAC_HW_FEAT_HDSEL | GMAC_HW_FEAT_MMCSEL | GMAC_HW_FEAT_TSSEL |
		(m->params.no_pcs ? 0u : GMAC_HW_FEAT_PCSSEL) |
		GMAC_HW_FEAT_TXCOSEL | GMAC_HW_FEAT_RXCOESEL |
		(DWMAC4_MODEL_ADD_MACS << DWMAC4_HW_FEAT_ADDMACADRSEL_SHIFT);
	/*
	 * FIFO sizes are log2(bytes / 128): 16 KiB = 7. ADDR64 = 2 means
	 * 48-bit DMA addresses (Linux stmmac_get_hw_features: addr64 48).
	 */
	r[GMAC_HW_FEATURE1 / 4] = (7u & GMAC_HW_RXFIFOSIZE) |
		((7u << 6) & GMAC_HW_TXFIFOSIZE) | ((2u << 14) & GMAC_HW_ADDR64);
	/* A 64-bin multicast hash filter (HASHTBLSZ = 1). */
	r[GMAC_HW_FEATURE1 / 4] |= (1u << 24) & GMAC_HW_HASH_TB_SZ;
	/* Counts are N-1: MTL queues, DMA channels. */
	r[GMAC_HW_FEATURE2 / 4] = (nq & GMAC_HW_FEAT_RXQCNT) |
		((nq << 6) & GMAC_HW_FEAT_TXQCNT) |
		((nch << 12) & GMAC_HW_FEAT_RXCHCNT) |
		((nch << 18) & GMAC_HW_FEAT_TXCHCNT);
	r[GMAC_HW_FEATURE3 / 4] = 0;
	/*
	 * MAC address 0 after a reset: the databook's reset value, all ones
	 * (AE reads 1). What a boot loader wrote before is gone, so a driver
	 * reads the station address before it resets the core.
	 */
	r[GMAC_ADDR_HIGH(0) / 4] = GMAC_HI_REG_AE | 0xffffu;
	r[GMAC_ADDR_LOW(0) / 4] = 0xffffffffu;
	/* The other entries reset to the same address, disabled (AE 0). */
	for (i = 1; i <= DWMAC4_MODEL_ADD_MACS; i++) {
		r[GMAC_ADDR_HIGH(i) / 4] = 0xffffu;
		r[GMAC_ADDR_LOW(i) / 4] = 0xffffffffu;
	}
	model_mtl_reset_table(m);
}

/* MAC address 0 as the boot loader left it (params.mac). */
void
model_boot_mac(struct dwmac4_model *m)
{
	const uint8_t *mac = m->params.mac;

	/* Byte order of Linux's stmmac_set_mac_addr(); AE always reads 1. */
	m->regs[GMAC_ADDR_HIGH(0) / 4] = GMAC_HI_REG_AE |
		(uint32_t)mac[5] << 8 | mac[4];
	m->regs[GMAC_ADDR_LOW(0) / 4] = (uint32_t)mac[3] << 24 |
		(uint32_t)mac[2] << 16 | (uint32_t)mac[1] << 8 | mac[0];
}

/*
 * As a previous owner leaves the device (params.boot_running): MAC TE/RE,
 * channel 0's RX and TX DMA started with burst length 8 on a one-entry
 * ring at an address that is not ours, its tail at its base: nothing
 * armed, so both engines are suspended and touch no memory.
 */
void
model_boot_running(struct dwmac4_model *m)
{
	const uint32_t pbl = 8u << DMA_BUS_MODE_RPBL_SHIFT;
	unsigned int i;

	m->regs[GMAC_CONFIG / 4u] |= GMAC_CONFIG_RE | GMAC_CONFIG_TE;
	m->regs[DMA_CHAN_RX_CONTROL(0) / 4u] = pbl | DMA_CONTROL_SR |
		2048u << DMA_RBSZ_SHIFT;
	m->regs[DMA_CHAN_TX_CONTROL(0) / 4u] = pbl | DMA_CONTROL_ST;
	for (i = 0; i < 2; i++) {
		struct model_ring *r = i == 0 ? &m->rx[0] : &m->tx[0];

		r->n = 1;
		r->stride = DWMAC4_DESC_SIZE;
		r->rbsz = 2048;
		r->running = true;
		r->suspended = true;
	}
}

/* Whether any DMA engine runs or the MAC transmits or receives. */
static bool
model_busy(struct dwmac4_model *m)
{
	unsigned int ch;

	if (model_reg_get(m, GMAC_CONFIG) & (GMAC_CONFIG_RE | GMAC_CONFIG_TE))
		return true;
	for (ch = 0; ch < m->params.n_channels; ch++)
		if (m->rx[ch].running || m->tx[ch].running)
			return true;
	return false;
}

/*
 * DMA_BUS_MODE.SWR: every register to its reset value. Lock held. A reset
 * while a DMA engine or the MAC runs cuts transfers in the middle (on the
 * bus and on the wire): a driver taking over a device stops them first
 * (Linux stmmac_stop_all_dma(), then stmmac_dma_reset()). Without the
 * clocks it needs the reset never completes: SWR stays set.
 */
void
model_soft_reset(struct dwmac4_model *m)
{
	if (model_clocks(m) != DWMAC4_MODEL_CLOCKS_ON) {
		model_reg_set(m, DMA_BUS_MODE, DMA_BUS_MODE_SFT_RESET);
		return;
	}
	/*
	 * The PHY stops the receive clock in EEE LPI: the reset waits for
	 * it (model_reset_retry()), as Linux's stmmac_hw_setup() knows
	 * (phylink_rx_clk_stop_block() around stmmac_reset()).
	 */
	if (model_phy_rxc_stopped(&m->phy)) {
		model_reg_set(m, DMA_BUS_MODE, DMA_BUS_MODE_SFT_RESET);
		if (!m->reset_pending)
			MODEL_STAT_ADD_ATOMIC(m, sw_resets_stuck, 1);
		m->reset_pending = true;
		return;
	}
	m->reset_pending = false;
	MODEL_STAT_ADD_ATOMIC(m, sw_resets, 1);
	if (model_busy(m))
		model_violation(m, MODEL_VIOL_RESET_RUNNING,
				"software reset with %s running",
				model_reg_get(m, GMAC_CONFIG) &
				(GMAC_CONFIG_RE | GMAC_CONFIG_TE) ?
				"the MAC" : "a DMA engine");
	model_core_reset(m);
}

/*
 * Every register to its reset value, the engines stopped: the software
 * reset's effect, and the SoC's reset line's (dwmac4_model_soc.c), which
 * needs no clock and checks nothing. Lock held.
 */
void
model_core_reset(struct dwmac4_model *m)
{
	unsigned int ch, i;

	for (ch = 0; ch < DWMAC4_MODEL_MAX_CHANNELS; ch++) {
		model_ring_stop(m, &m->rx[ch]);
		model_ring_stop(m, &m->tx[ch]);
		/* "Forgets the rings": nothing survives but the stats. */
		memset(&m->rx[ch], 0, sizeof(m->rx[ch]));
		memset(&m->tx[ch], 0, sizeof(m->tx[ch]));
	}
	for (i = 0; i < MODEL_NREGS; i++)
		__atomic_store_n(&m->regs[i], m->reset_val[i],
				 __ATOMIC_RELEASE);
	for (ch = 0; ch < DWMAC4_MODEL_MAX_MTL_QUEUES; ch++)
		__atomic_store_n(&m->cor.mtl_rx[ch], 0, __ATOMIC_RELEASE);
	for (ch = 0; ch < DWMAC4_MODEL_MAX_CHANNELS; ch++)
		__atomic_store_n(&m->cor.chan[ch], 0, __ATOMIC_RELEASE);
	/* The MAC and MTL lose what they held. */
	model_mtl_rx_flush(m);
	if (__atomic_load_n(&m->macf_pending, __ATOMIC_ACQUIRE)) {
		MODEL_STAT_ADD(m, rx_dropped_stopped, 1);
		__atomic_store_n(&m->macf_pending, false, __ATOMIC_RELEASE);
	}
	for (ch = 0; ch < DWMAC4_MODEL_MAX_CHANNELS; ch++) {
		m->tx_stalled[ch] = false;
		m->tx_qoff[ch] = false;
		__atomic_store_n(&m->rwt_deadline_ns[ch], 0, __ATOMIC_RELAXED);
	}
	m->wrr_q = 0;
	m->wrr_left = 0;
	/* The queue maps and classification reset with their registers. */
	__atomic_store_n(&m->route_dirty, true, __ATOMIC_RELEASE);
	/* every status and enable is 0: every line low, held writes dropped */
	__atomic_store_n(&m->irq_race_n, 0, __ATOMIC_RELEASE);
	m->irq_race_armed = true;
	for (ch = 0; ch < DWMAC4_MODEL_MAX_CHANNELS; ch++)
		__atomic_store_n(&m->irq[ch].line, false, __ATOMIC_RELEASE);
	__atomic_store_n(&m->mac_irq.line, false, __ATOMIC_RELEASE);
	model_mmc_reset(m);
	model_ptp_reset(m);
	model_fc_reset(m);
}

void
model_reset_retry(struct dwmac4_model *m)
{
	if (m->reset_pending && !model_phy_rxc_stopped(&m->phy))
		model_soft_reset(m);
}
