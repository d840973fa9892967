/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * dwmac4 device model: register window, reset table, PHY behind MDIO, DMA
 * start/stop and tail pointers, statistics, thread and step modes. The DMA
 * window and the RX/TX engines are in dwmac4_model_dma.c; the semantics are
 * those of docs/model.md, which cites the databook and Linux's stmmac.
 */
#include <errno.h>
#include <sched.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "dwmac4_model_internal.h"
#include "model_stats.h"
#include "model_traffic.h"

/* Default MAC address (locally administered) and idle policy. */
static const uint8_t model_default_mac[6] = { 0x02, 0, 0, 0, 0, 0x01 };
#define MODEL_DEFAULT_IDLE_POLLS 4096u
#define MODEL_DEFAULT_IDLE_SLEEP_US 20u
/* Frames the model thread moves per engine between idle checks. */
#define MODEL_THREAD_BURST 64u
/*
 * Extra engine iterations allowed per step beyond the frame budget: a TX
 * engine may skip malformed descriptors (no frame moved), at most one ring.
 */
#define MODEL_STEP_SLACK 2048u

/* Offsets inside one DMA channel block, from the channel 0 macros. */
#define CHAN_REG(macro) ((macro(0)) - DMA_CHANX_BASE_ADDR(0))

void
dwmac4_model_params_init(struct dwmac4_model_params *p)
{
	memset(p, 0, sizeof(*p));
	p->n_channels = 1;
	memcpy(p->mac, model_default_mac, sizeof(p->mac));
	p->dma_store = MODEL_DMA_STORE_PLAIN;
	p->idle_polls = MODEL_DEFAULT_IDLE_POLLS;
	p->idle_sleep_us = MODEL_DEFAULT_IDLE_SLEEP_US;
	p->phy_addr = 0;
	p->phy_speed = 1000;
	p->phy_full = true;
	p->mtl_queues = 1;
	p->clocks = DWMAC4_MODEL_CLOCKS_ON;
	p->soc = DWMAC4_MODEL_SOC_NONE;
	p->soc_boot = DWMAC4_MODEL_SOC_BOOT_UBOOT;
	/* A board's values (Radxa E25, Quartz64 trees: 0x3c / 0x2f). */
	p->soc_tx_delay = 0x3c;
	p->soc_rx_delay = 0x2f;
	p->clk_hz = DWMAC4_MODEL_DEFAULT_CLK_HZ;
}

/* ---- Violations and status ---- */

void
model_violation(struct dwmac4_model *m, enum model_viol kind,
		const char *fmt, ...)
{
	va_list ap;

	MODEL_STAT_ADD_ATOMIC(m, violations, 1);
	switch (kind) {
	case MODEL_VIOL_BAD_REG:
		MODEL_STAT_ADD_ATOMIC(m, viol_bad_reg, 1);
		break;
	case MODEL_VIOL_DMA_OUTSIDE:
		MODEL_STAT_ADD_ATOMIC(m, viol_dma_outside, 1);
		break;
	case MODEL_VIOL_TAIL_BEYOND_RING:
		MODEL_STAT_ADD_ATOMIC(m, viol_tail_beyond_ring, 1);
		break;
	case MODEL_VIOL_OWN_ZERO_ADDR:
		MODEL_STAT_ADD_ATOMIC(m, viol_own_zero_addr, 1);
		break;
	case MODEL_VIOL_BAD_RING:
		MODEL_STAT_ADD_ATOMIC(m, viol_bad_ring, 1);
		break;
	case MODEL_VIOL_BAD_DESC:
		MODEL_STAT_ADD_ATOMIC(m, viol_bad_desc, 1);
		break;
	case MODEL_VIOL_PBL_ZERO:
		MODEL_STAT_ADD_ATOMIC(m, viol_pbl_zero, 1);
		break;
	case MODEL_VIOL_RESET_RUNNING:
		MODEL_STAT_ADD_ATOMIC(m, viol_reset_running, 1);
		break;
	case MODEL_VIOL_BASE_RUNNING:
		MODEL_STAT_ADD_ATOMIC(m, viol_base_running, 1);
		break;
	case MODEL_VIOL_RX_RECLAIMED:
		MODEL_STAT_ADD_ATOMIC(m, viol_rx_reclaimed, 1);
		break;
	}
	/* Cold path: a short lock is fine even on the tail-write path. */
	pthread_mutex_lock(&m->viol_lock);
	va_start(ap, fmt);
	vsnprintf(m->last_viol, sizeof(m->last_viol), fmt, ap);
	va_end(ap);
	pthread_mutex_unlock(&m->viol_lock);
}

void
model_chan_status_set(struct dwmac4_model *m, unsigned int ch, uint32_t bits)
{
	/*
	 * NIS summarises TI, TBU, RI and ERI; AIS the abnormal sources
	 * (dwmac4_dma_interrupt() in Linux's dwmac4_lib.c reads them so).
	 */
	if (bits & (DMA_CHAN_STATUS_TI | DMA_CHAN_STATUS_TBU |
		    DMA_CHAN_STATUS_RI | DMA_CHAN_STATUS_ERI))
		bits |= DMA_CHAN_STATUS_NIS;
	if (bits & (DMA_CHAN_STATUS_TPS | DMA_CHAN_STATUS_RBU |
		    DMA_CHAN_STATUS_RPS | DMA_CHAN_STATUS_RWT |
		    DMA_CHAN_STATUS_ETI | DMA_CHAN_STATUS_FBE |
		    DMA_CHAN_STATUS_CDE))
		bits |= DMA_CHAN_STATUS_AIS;
	/*
	 * A polling driver never clears RI: skip the read-modify-write when
	 * every bit is already set, so the engine does not take the status
	 * line away from a driver reading the registers next to it.
	 */
	if ((__atomic_load_n(&m->regs[DMA_CHAN_STATUS(ch) / 4u],
			     __ATOMIC_RELAXED) & bits) == bits)
		return;
	__atomic_fetch_or(&m->regs[DMA_CHAN_STATUS(ch) / 4u], bits,
			  __ATOMIC_ACQ_REL);
	if (bits & (DMA_CHAN_STATUS_RI | DMA_CHAN_STATUS_TI))
		model_irq_eval(m, ch);
}

/* ---- Reset table ---- */

static void
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
	 * (MMCSEL; dwmac4_model_mmc.c).
	 */
	r[GMAC_HW_FEATURE0 / 4] = GMAC_HW_FEAT_MIISEL | GMAC_HW_FEAT_GMIISEL |
		GMAC_HW_FEAT_HDSEL | GMAC_HW_FEAT_MMCSEL |
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
static void
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
static void
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

/* True for registers a driver write must not change. */
static bool
model_reg_read_only(uint32_t off)
{
	switch (off) {
	case GMAC4_VERSION:
	case GMAC_DEBUG:
	case GMAC_HW_FEATURE0:
	case GMAC_HW_FEATURE1:
	case GMAC_HW_FEATURE2:
	case GMAC_HW_FEATURE3:
	case DMA_STATUS:
	case DMA_DEBUG_STATUS_0:
	case DMA_DEBUG_STATUS_1:
	case DMA_DEBUG_STATUS_2:
	case MTL_CHAN_RX_DEBUG(0):
	case GMAC_INT_STATUS:	/* its RGSMIIIS clears on a PHYIF read */
		return true;
	default:
		return false;
	}
}

static void
model_ring_stop(struct dwmac4_model *m, struct model_ring *r)
{
	__atomic_store_n(&r->running, false, __ATOMIC_RELEASE);
	__atomic_store_n(&r->va, 0, __ATOMIC_RELEASE);
	r->suspended = false;
	r->stopping = false;
	if (r == &m->rx[0])
		model_rx_abort(m);
}

void
model_rx_stopped(struct dwmac4_model *m)
{
	model_ring_stop(m, &m->rx[0]);
	model_chan_status_set(m, 0, DMA_CHAN_STATUS_RPS);
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
static void
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
	__atomic_store_n(&m->cor.mtl_rx0, 0, __ATOMIC_RELEASE);
	for (ch = 0; ch < DWMAC4_MODEL_MAX_CHANNELS; ch++)
		__atomic_store_n(&m->cor.chan[ch], 0, __ATOMIC_RELEASE);
	/* The MAC and MTL lose what they held. */
	model_mtl_rx_flush(m);
	if (__atomic_load_n(&m->macf_pending, __ATOMIC_ACQUIRE)) {
		MODEL_STAT_ADD(m, rx_dropped_stopped, 1);
		__atomic_store_n(&m->macf_pending, false, __ATOMIC_RELEASE);
	}
	m->tx_stalled = false;
	__atomic_store_n(&m->rwt_deadline_ns, 0, __ATOMIC_RELAXED);
	/* every status and enable is 0: every line low, held writes dropped */
	__atomic_store_n(&m->irq_race_n, 0, __ATOMIC_RELEASE);
	m->irq_race_armed = true;
	for (ch = 0; ch < DWMAC4_MODEL_MAX_CHANNELS; ch++)
		__atomic_store_n(&m->irq[ch].line, false, __ATOMIC_RELEASE);
	__atomic_store_n(&m->mac_irq.line, false, __ATOMIC_RELEASE);
	model_mmc_reset(m);
}

void
model_reset_retry(struct dwmac4_model *m)
{
	if (m->reset_pending && !model_phy_rxc_stopped(&m->phy))
		model_soft_reset(m);
}

/* ---- DMA channel control path ---- */

static uint64_t
ring_base_reg(struct dwmac4_model *m, uint32_t hi, uint32_t lo)
{
	return (uint64_t)model_reg_get(m, hi) << 32 | model_reg_get(m, lo);
}

/* Tail register value -> index 0..n, or -1 when outside the ring. */
static int64_t
ring_tail_index(const struct model_ring *r, uint32_t val)
{
	uint32_t diff = val - (uint32_t)r->base;	/* wraps like the address */

	if (diff % r->stride || diff / r->stride > r->n)
		return -1;
	return diff / r->stride;
}

/*
 * Descriptor stride of a channel: 16 bytes plus the skip length of
 * DMA_CHx_Control.DSL in bus-width units (U-Boot's dwc_eth_qos.c pads
 * each descriptor to a cache line this way).
 */
static uint32_t
chan_desc_stride(struct dwmac4_model *m, unsigned int ch)
{
	uint32_t dsl = (model_reg_get(m, DMA_CHAN_CONTROL(ch)) &
			DWMAC4_DMA_CHAN_CTRL_DSL_MASK) >>
		       DWMAC4_DMA_CHAN_CTRL_DSL_SHIFT;

	return DWMAC4_DESC_SIZE + dsl * DWMAC4_MODEL_BUS_BYTES;
}

/*
 * Start of RX or TX DMA: validates the ring, resets the current descriptor
 * to 0 and picks up the tail the driver may have written while the engine
 * was stopped (Linux writes it before the ring length: stmmac_init_dma_engine
 * then stmmac_set_rings_length, so it is only checked here). Lock held.
 */
static bool
ring_start(struct dwmac4_model *m, struct model_ring *r, unsigned int ch,
	   bool is_rx, uint32_t ctrl)
{
	const char *dir = is_rx ? "RX" : "TX";
	uint32_t tail_off = is_rx ? DMA_CHAN_RX_END_ADDR(ch) :
		DMA_CHAN_TX_END_ADDR(ch);
	uint64_t base;
	uint32_t len, rbsz = 0;
	int64_t t = 0;

	base = is_rx ? ring_base_reg(m, DMA_CHAN_RX_BASE_ADDR_HI(ch),
				     DMA_CHAN_RX_BASE_ADDR(ch)) :
		ring_base_reg(m, DMA_CHAN_TX_BASE_ADDR_HI(ch),
			      DMA_CHAN_TX_BASE_ADDR(ch));
	len = model_reg_get(m, is_rx ? DMA_CHAN_RX_RING_LEN(ch) :
			    DMA_CHAN_TX_RING_LEN(ch));
	if (base == 0 || base % DWMAC4_DESC_SIZE) {
		model_violation(m, MODEL_VIOL_BAD_RING,
				"%s DMA %u started with ring base %#llx", dir,
				ch, (unsigned long long)base);
		return false;
	}
	/*
	 * A burst length of 0 is not one the DMA can issue: the channel
	 * does not run and reports a fatal bus error (Linux always programs
	 * PBL, default 8 with PBLx8: dwmac4_dma_init_{rx,tx}_chan()).
	 */
	if (!(ctrl & (is_rx ? DMA_CHAN_RX_CTRL_RXPBL_MASK :
		      DMA_CHAN_TX_CTRL_TXPBL_MASK))) {
		model_violation(m, MODEL_VIOL_PBL_ZERO,
				"%s DMA %u started with %s 0", dir, ch,
				is_rx ? "RxPBL" : "TxPBL");
		model_chan_status_set(m, ch, DMA_CHAN_STATUS_FBE);
		return false;
	}
	r->rbsz_zero = false;
	if (is_rx) {
		rbsz = (ctrl & DMA_RBSZ_MASK) >> DMA_RBSZ_SHIFT;
		/*
		 * RBSZ 0 (its reset value): OpenBSD's dwqe never writes it
		 * and receives 1500-byte frames into 2 KiB clusters on
		 * RK3568/RK3588/JH7110, so the DMA does not take 0 as "no
		 * room". The model takes it as the largest size the field
		 * holds, the buffer bounded by the frame (docs/model.md).
		 */
		if (rbsz == 0) {
			rbsz = MODEL_RBSZ_MAX;
			r->rbsz_zero = true;
			MODEL_STAT_ADD_ATOMIC(m, rx_rbsz_zero, 1);
		} else if (rbsz < MODEL_RBSZ_MIN || rbsz > MODEL_RBSZ_MAX) {
			model_violation(m, MODEL_VIOL_BAD_RING,
					"RX DMA %u started with RBSZ %u", ch,
					rbsz);
			return false;
		}
	}
	r->base = base;
	r->n = (len & DWMAC4_DMA_RING_LEN_MASK) + 1u;
	r->stride = chan_desc_stride(m, ch);
	r->rbsz = rbsz;
	r->cur = 0;
	r->suspended = false;
	if (r->tail_written) {
		t = ring_tail_index(r, model_reg_get(m, tail_off));
		if (t < 0) {
			model_violation(m, MODEL_VIOL_TAIL_BEYOND_RING,
					"%s DMA %u started with tail %#x outside ring %#llx/%u",
					dir, ch, model_reg_get(m, tail_off),
					(unsigned long long)base, r->n);
			t = 0;
		}
	}
	__atomic_store_n(&r->tail, (uint32_t)t, __ATOMIC_RELAXED);
	if (!is_rx && t == r->n)
		MODEL_STAT_ADD(m, tx_tail_ring_end, 1);
	memset(r->stale, 0, sizeof(r->stale));
	__atomic_store_n(&r->va, is_rx || !m->params.nc_emulation ? 0 :
			 (uintptr_t)model_dma_lookup(m, base,
						     (size_t)r->n * r->stride),
			 __ATOMIC_RELEASE);
	model_doorbell_check(m, r, 0, (uint32_t)t);
	model_reg_set(m, is_rx ? DMA_CHAN_CUR_RX_DESC(ch) :
		      DMA_CHAN_CUR_TX_DESC(ch), (uint32_t)base);
	__atomic_store_n(&r->running, true, __ATOMIC_RELEASE);
	return true;
}

/* DMA_CHAN_RX_CONTROL.SR / DMA_CHAN_TX_CONTROL.ST written. */
static void
chan_control_write(struct dwmac4_model *m, unsigned int ch, bool is_rx,
		   uint32_t off, uint32_t val)
{
	struct model_ring *r = is_rx ? &m->rx[ch] : &m->tx[ch];
	uint32_t start = is_rx ? DMA_CONTROL_SR : DMA_CONTROL_ST;

	/*
	 * RBSZ's bits below the bus width are read-only zero (RBSZ_x_0:
	 * 2 bits on a 32-bit bus, 3 on a 64-bit one): the device's buffer
	 * size is what was written, rounded down to the bus width.
	 */
	if (is_rx)
		val &= ~((DWMAC4_MODEL_BUS_BYTES - 1u) << DMA_RBSZ_SHIFT);
	pthread_mutex_lock(&m->lock);
	if ((val & start) && !r->running) {
		if (!ring_start(m, r, ch, is_rx, val))
			val &= ~start;	/* the engine stays stopped */
	} else if ((val & start) && r->stopping) {
		r->stopping = false;	/* started again: it goes on */
	} else if (!(val & start) && r->running && is_rx && ch == 0 &&
		   m->rxf.active && m->rxf.held) {
		/*
		 * Databook DMA_CHx_Rx_Control.SR: the RX DMA stops after the
		 * transfer of the current packet. Until then RPS reads
		 * Running and the descriptors it holds are still its own.
		 */
		r->stopping = true;
	} else if (!(val & start) && r->running && !r->stopping) {
		model_ring_stop(m, r);
		model_chan_status_set(m, ch, is_rx ? DMA_CHAN_STATUS_RPS :
				      DMA_CHAN_STATUS_TPS);
	}
	model_reg_set(m, off, val);
	pthread_mutex_unlock(&m->lock);
}

/*
 * Tail-pointer write: the doorbell. Lock-free, so the driver never waits
 * for the engine. A running engine accepts base + 16 * t, t in 0..n, and
 * resumes if suspended (tail_seq moves); anything else is ignored.
 */
static void
chan_tail_write(struct dwmac4_model *m, unsigned int ch, bool is_rx,
		uint32_t off, uint32_t val)
{
	struct model_ring *r = is_rx ? &m->rx[ch] : &m->tx[ch];
	int64_t t;

	if (!__atomic_load_n(&r->running, __ATOMIC_ACQUIRE)) {
		model_reg_set(m, off, val);
		__atomic_store_n(&r->tail_written, true, __ATOMIC_RELAXED);
		return;
	}
	t = ring_tail_index(r, val);
	if (t < 0) {
		model_violation(m, MODEL_VIOL_TAIL_BEYOND_RING,
				"%s tail %#x outside ring %#llx/%u (ch %u)",
				is_rx ? "RX" : "TX", val,
				(unsigned long long)r->base, r->n, ch);
		return;
	}
	model_reg_set(m, off, val);
	if (!is_rx && (uint32_t)t == r->n)
		MODEL_STAT_ADD_ATOMIC(m, tx_tail_ring_end, 1);
	if (m->params.nc_emulation) {
		pthread_mutex_lock(&m->lock);
		model_doorbell_check(m, r, __atomic_load_n(&r->tail,
							  __ATOMIC_RELAXED),
				     (uint32_t)t);
		pthread_mutex_unlock(&m->lock);
	}
	__atomic_store_n(&r->tail, (uint32_t)t, __ATOMIC_RELEASE);
	__atomic_fetch_add(&r->tail_seq, 1, __ATOMIC_RELEASE);
}

/* A channel register write; false when it is not one with side effects. */
static bool
chan_write(struct dwmac4_model *m, uint32_t off, uint32_t val)
{
	unsigned int ch;
	uint32_t reg;

	if (off < DMA_CHAN_BASE_ADDR ||
	    off >= DMA_CHANX_BASE_ADDR(m->params.n_channels))
		return false;
	ch = (off - DMA_CHAN_BASE_ADDR) / DMA_CHAN_BASE_OFFSET;
	reg = off - DMA_CHANX_BASE_ADDR(ch);
	if (reg == CHAN_REG(DMA_CHAN_RX_CONTROL)) {
		chan_control_write(m, ch, true, off, val);
	} else if (reg == CHAN_REG(DMA_CHAN_TX_CONTROL)) {
		chan_control_write(m, ch, false, off, val);
	} else if (reg == CHAN_REG(DMA_CHAN_RX_END_ADDR)) {
		chan_tail_write(m, ch, true, off, val);
	} else if (reg == CHAN_REG(DMA_CHAN_TX_END_ADDR)) {
		chan_tail_write(m, ch, false, off, val);
	} else if (reg == CHAN_REG(DMA_CHAN_STATUS)) {
		model_irq_status_write(m, ch, off, val);
	} else if (reg == CHAN_REG(DMA_CHAN_INTR_ENA)) {
		model_irq_ena_write(m, ch, off, val);
	} else if (reg == CHAN_REG(DMA_CHAN_RX_RING_LEN) ||
		   reg == CHAN_REG(DMA_CHAN_TX_RING_LEN)) {
		model_reg_set(m, off, val & DWMAC4_DMA_RING_LEN_MASK);
	} else if (reg == CHAN_REG(DMA_CHAN_RX_BASE_ADDR) ||
		   reg == CHAN_REG(DMA_CHAN_RX_BASE_ADDR_HI) ||
		   reg == CHAN_REG(DMA_CHAN_TX_BASE_ADDR) ||
		   reg == CHAN_REG(DMA_CHAN_TX_BASE_ADDR_HI)) {
		/*
		 * The list address is undefined while its DMA runs (databook:
		 * write it only with the DMA stopped); the running engine
		 * keeps the ring it started with.
		 */
		bool rx = reg == CHAN_REG(DMA_CHAN_RX_BASE_ADDR) ||
			  reg == CHAN_REG(DMA_CHAN_RX_BASE_ADDR_HI);

		if (__atomic_load_n(rx ? &m->rx[ch].running : &m->tx[ch].running,
				    __ATOMIC_ACQUIRE))
			model_violation(m, MODEL_VIOL_BASE_RUNNING,
					"%s ring base of channel %u written while its DMA runs",
					rx ? "RX" : "TX", ch);
		model_reg_set(m, off, val);
	} else if (reg == CHAN_REG(DMA_CHAN_MISS_FRAME_CNT) ||
		   reg == CHAN_REG(DMA_CHAN_CUR_RX_DESC) ||
		   reg == CHAN_REG(DMA_CHAN_CUR_TX_DESC) ||
		   reg == CHAN_REG(DMA_CHAN_CUR_RX_BUF_ADDR) ||
		   reg == CHAN_REG(DMA_CHAN_CUR_RX_BUF_ADDR_HI) ||
		   reg == CHAN_REG(DMA_CHAN_CUR_TX_BUF_ADDR) ||
		   reg == CHAN_REG(DMA_CHAN_CUR_TX_BUF_ADDR_HI)) {
		/* read-only */
	} else {
		return false;
	}
	return true;
}

/* ---- Register window ---- */

static bool
reg_off_ok(struct dwmac4_model *m, uint32_t off, const char *op)
{
	if (off % 4u == 0 && off < DWMAC4_MODEL_REG_WINDOW)
		return true;
	model_violation(m, MODEL_VIOL_BAD_REG, "%s at bad register offset %#x",
			op, off);
	return false;
}

/*
 * DMA_Debug_Status0/1/2 (@p off): the RX and TX process states of the
 * channels that register holds; a channel the model lacks reads Stopped.
 */
static uint32_t
dma_debug_read(struct dwmac4_model *m, uint32_t off)
{
	uint32_t v = 0, rps, tps;
	unsigned int ch;

	for (ch = 0; ch < m->params.n_channels; ch++) {
		const struct model_ring *rx = &m->rx[ch], *tx = &m->tx[ch];

		if (DWMAC4_DMA_DEBUG_STATUS(ch) != off)
			continue;
		rps = DWMAC4_DMA_DEBUG_PS_STOPPED;
		tps = rps;
		if (__atomic_load_n(&rx->running, __ATOMIC_ACQUIRE))
			rps = rx->stopping ? DWMAC4_DMA_DEBUG_RPS_TRANSFER :
			      rx->suspended ? DWMAC4_DMA_DEBUG_RPS_SUSPENDED : 3u;
		if (__atomic_load_n(&tx->running, __ATOMIC_ACQUIRE))
			tps = tx->suspended ? DWMAC4_DMA_DEBUG_TPS_SUSPENDED : 1u;
		v |= rps << DWMAC4_DMA_DEBUG_RPS_SHIFT(ch) |
		     tps << DWMAC4_DMA_DEBUG_TPS_SHIFT(ch);
	}
	return v;
}

uint32_t
dwmac4_model_peek32(struct dwmac4_model *m, uint32_t off)
{
	uint32_t v = 0, *cor;
	unsigned int ch;

	if (off % 4u != 0 || off >= DWMAC4_MODEL_REG_WINDOW)
		return 0;
	/*
	 * No clock: the block answers 0, but for the reset it never ends;
	 * held in reset by the SoC, everything reads 0.
	 */
	if (model_clocks(m) == DWMAC4_MODEL_CLOCKS_OFF)
		return off == DMA_BUS_MODE &&
		       !__atomic_load_n(&m->soc_held, __ATOMIC_ACQUIRE) ?
		       model_reg_get(m, off) : 0;
	if (off == DMA_DEBUG_STATUS_0 || off == DMA_DEBUG_STATUS_1 ||
	    off == DMA_DEBUG_STATUS_2)
		return dma_debug_read(m, off);
	if (off == MTL_CHAN_RX_DEBUG(0))
		return model_mtl_rx_debug(m);
	if (off == DMA_STATUS) {
		/* One summary bit per channel with a status bit pending. */
		for (ch = 0; ch < m->params.n_channels; ch++)
			if (model_reg_get(m, DMA_CHAN_STATUS(ch)))
				v |= DWMAC4_DMA_STATUS_CHAN(ch);
		return v;
	}
	cor = model_cor_reg(m, off);
	if (cor != NULL)
		return __atomic_load_n(cor, __ATOMIC_RELAXED);
	if (off == GMAC_INT_STATUS)
		return model_reg_get(m, off) | model_mmc_int_status(m);
	return model_reg_get(m, off);
}

uint32_t
dwmac4_model_read32(struct dwmac4_model *m, uint32_t off)
{
	uint32_t *cor, v;

	if (!reg_off_ok(m, off, "read32"))
		return 0;
	if (model_clocks(m) == DWMAC4_MODEL_CLOCKS_OFF) {
		if (m->params.clocks == DWMAC4_MODEL_CLOCKS_ON)
			MODEL_STAT_ADD_ATOMIC(m, soc_unclocked_accesses, 1);
		return dwmac4_model_peek32(m, off);
	}
	/* An MMC counter's read clears its interrupt (and it, RSTONRD). */
	if (model_mmc_read(m, off, &v))
		return v;
	/* The clear-on-read counters: the only reads with a side effect. */
	cor = model_cor_reg(m, off);
	if (cor != NULL)
		return __atomic_exchange_n(cor, 0, __ATOMIC_ACQ_REL);
	if (off == GMAC_PHYIF_CONTROL_STATUS)
		return model_phyif_read(m);
	return dwmac4_model_peek32(m, off);
}

static void
reg_write(struct dwmac4_model *m, uint32_t off, uint32_t val)
{
	if (!reg_off_ok(m, off, "write32") || model_reg_read_only(off))
		return;
	if (model_clocks(m) == DWMAC4_MODEL_CLOCKS_OFF) {
		if (m->params.clocks == DWMAC4_MODEL_CLOCKS_ON)
			MODEL_STAT_ADD_ATOMIC(m, soc_unclocked_accesses, 1);
		/* Held in reset: the write is lost, the reset too. */
		if (__atomic_load_n(&m->soc_held, __ATOMIC_ACQUIRE) ||
		    !(off == DMA_BUS_MODE && (val & DMA_BUS_MODE_SFT_RESET)))
			return;
	}
	if (chan_write(m, off, val) || model_mmc_write(m, off, val))
		return;
	if (off >= MTL_CHAN_BASE_ADDR &&
	    off < MTL_CHANX_BASE_ADDR(DWMAC4_MODEL_MAX_MTL_QUEUES) &&
	    ((off - MTL_CHAN_BASE_ADDR) % MTL_CHAN_BASE_OFFSET == 0 ||
	     (off - MTL_CHAN_BASE_ADDR) % MTL_CHAN_BASE_OFFSET == 0x30u)) {
		model_reg_set(m, off, model_mtl_op_mode_write(m, off, val));
		return;
	}
	switch (off) {
	case DMA_BUS_MODE:
		pthread_mutex_lock(&m->lock);
		if (val & DMA_BUS_MODE_SFT_RESET)
			model_soft_reset(m);	/* SWR reads 0 at once */
		else
			model_reg_set(m, off, val);
		pthread_mutex_unlock(&m->lock);
		break;
	case GMAC_MDIO_ADDR:
		pthread_mutex_lock(&m->lock);
		if (val & MII_ADDR_GBUSY)
			model_mdio_transfer(m, val);
		model_reg_set(m, off, val & ~MII_ADDR_GBUSY);
		pthread_mutex_unlock(&m->lock);
		break;
	case GMAC_ADDR_HIGH(0):
		model_reg_set(m, off, val | GMAC_HI_REG_AE);
		break;
	case GMAC_INT_EN:
		model_reg_set(m, off, val);
		model_mac_irq_eval(m);
		break;
	default:
		model_reg_set(m, off, val);
		break;
	}
}

void
dwmac4_model_write32(struct dwmac4_model *m, uint32_t off, uint32_t val)
{
	reg_write(m, off, val);
	/* Any register write may give the DMA work: the doorbell. */
	model_thread_kick(&m->thr);
}

/* ---- Create / destroy ---- */

struct dwmac4_model *
dwmac4_model_create(const struct dwmac4_model_params *p)
{
	struct dwmac4_model *m;
	void *mem;

	if (p == NULL || p->n_channels < 1 ||
	    p->n_channels > DWMAC4_MODEL_MAX_CHANNELS ||
	    (unsigned int)p->dma_store > MODEL_DMA_STORE_FLUSH ||
	    !model_faults_valid(&p->faults) ||
	    p->phy_addr > DWMAC4_MODEL_PHY_NONE ||
	    (p->phy_speed != 10 && p->phy_speed != 100 &&
	     p->phy_speed != 1000) ||
	    p->mtl_queues < 1 || p->mtl_queues > DWMAC4_MODEL_MAX_MTL_QUEUES ||
	    !model_link_events_valid(p) ||
	    (unsigned int)p->clocks > DWMAC4_MODEL_CLOCKS_NO_RXC ||
	    (unsigned int)p->soc > DWMAC4_MODEL_SOC_IMX8MP ||
	    (unsigned int)p->soc_boot > DWMAC4_MODEL_SOC_BOOT_COLD ||
	    p->soc_gmac > (p->soc == DWMAC4_MODEL_SOC_IMX8MP ? 0u : 1u) ||
	    p->soc_tx_delay > 0xff || p->soc_rx_delay > 0xff) {
		errno = EINVAL;
		return NULL;
	}
	/* Cache-line aligned: the frame buffers feed 16-byte NT stores. */
	if (posix_memalign(&mem, 64, sizeof(*m)) != 0) {
		errno = ENOMEM;
		return NULL;
	}
	m = mem;
	memset(m, 0, sizeof(*m));
	m->params = *p;
	if (m->params.clk_hz == 0)
		m->params.clk_hz = DWMAC4_MODEL_DEFAULT_CLK_HZ;
	m->faults[0] = p->faults;
	if (pthread_mutex_init(&m->lock, NULL) != 0) {
		free(m);
		errno = ENOMEM;
		return NULL;
	}
	if (pthread_mutex_init(&m->viol_lock, NULL) != 0) {
		pthread_mutex_destroy(&m->lock);
		free(m);
		errno = ENOMEM;
		return NULL;
	}
	if (p->nc_emulation && model_nc_attach() != 0) {
		pthread_mutex_destroy(&m->viol_lock);
		pthread_mutex_destroy(&m->lock);
		free(m);
		errno = ENOMEM;
		return NULL;
	}
	if (model_irq_init(m) != 0) {
		if (p->nc_emulation)
			model_nc_detach();
		pthread_mutex_destroy(&m->viol_lock);
		pthread_mutex_destroy(&m->lock);
		free(m);
		errno = EMFILE;
		return NULL;
	}
	model_build_reset_table(m);
	memcpy(m->regs, m->reset_val, sizeof(m->regs));
	memset(&m->cor, 0, sizeof(m->cor));
	if (!p->boot_poweron)
		model_boot_mac(m);
	model_mmc_reset(m);
	model_phy_init(&m->phy, p->phy_addr, p->phy_speed, p->phy_full,
		       p->phy_eee);
	m->inband_link = model_link_up(m);
	if (p->boot_running)
		model_boot_running(m);
	model_soc_init(m);
	return m;
}

void
dwmac4_model_destroy(struct dwmac4_model *m)
{
	if (m == NULL)
		return;
	dwmac4_model_stop(m);
	model_traffic_destroy(m->params.rx_src, m->params.tx_sink);
	if (m->params.nc_emulation)
		model_nc_detach();
	model_irq_fini(m);
	pthread_mutex_destroy(&m->viol_lock);
	pthread_mutex_destroy(&m->lock);
	free(m);
}

/* ---- Time and the RX watchdog ---- */

uint64_t
model_now_ns(struct dwmac4_model *m)
{
	struct timespec ts;

	if (m->params.manual_clock)
		return __atomic_load_n(&m->manual_now_ns, __ATOMIC_ACQUIRE);
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

void
dwmac4_model_clock_advance(struct dwmac4_model *m, uint64_t ns)
{
	if (m->params.manual_clock)
		__atomic_fetch_add(&m->manual_now_ns, ns, __ATOMIC_ACQ_REL);
	model_thread_kick(&m->thr);
}

/*
 * DMA_CHx_Rx_Interrupt_Watchdog_Timer: a frame closed without IOC starts
 * the watchdog with RWT x 256 application clock cycles (RWT 0: it stays
 * stopped, no RI); when it runs out it sets RI and stops; RI set by an IOC
 * frame stops it too. Frames closed while it runs do not restart it, so
 * the first of them waits at most that long: the interrupt moderation
 * Linux's stmmac gets from rx-usecs.
 */
void
model_rwt_start(struct dwmac4_model *m)
{
	uint64_t rwt, ns;

	if (__atomic_load_n(&m->rwt_deadline_ns, __ATOMIC_RELAXED) != 0)
		return;
	rwt = model_reg_get(m, DMA_CHAN_RX_WATCHDOG(0)) &
	      DWMAC4_DMA_RX_WATCHDOG_RWT_MASK;
	if (rwt == 0)
		return;
	ns = rwt * DWMAC4_RWT_UNIT_CYCLES * 1000000000ull / m->params.clk_hz;
	/* At least 1 ns: a deadline of 0 would mean stopped. */
	__atomic_store_n(&m->rwt_deadline_ns, model_now_ns(m) + (ns ? ns : 1),
			 __ATOMIC_RELAXED);
}

/* At each pass: RI once the watchdog has run out (lock held). */
static void
model_rwt_check(struct dwmac4_model *m)
{
	uint64_t dl = __atomic_load_n(&m->rwt_deadline_ns, __ATOMIC_RELAXED);

	if (dl == 0 || model_now_ns(m) < dl)
		return;
	model_chan_status_set(m, 0, DMA_CHAN_STATUS_RI);
	__atomic_store_n(&m->rwt_deadline_ns, 0, __ATOMIC_RELAXED);
}

/* The model thread sleeps until the watchdog runs out (model_thread.h). */
static uint64_t
model_thread_deadline(void *dev)
{
	struct dwmac4_model *m = dev;

	return __atomic_load_n(&m->rwt_deadline_ns, __ATOMIC_RELAXED);
}

/* ---- Engines: step and thread modes ---- */

/*
 * Runs the RX engine then every TX engine for up to @p budget frames each,
 * each engine's pass under one lock hold (a lock round trip per frame
 * cost the engine more than the frame: both are locked instructions that
 * wait for the descriptor write-backs to drain). Register writes that
 * need the lock wait for at most one pass. Sets *progress when anything
 * happened.
 */
static unsigned int
model_run(struct dwmac4_model *m, unsigned int budget, bool *progress)
{
	unsigned int frames = 0, moved, iter, ch;
	enum model_work w;

	*progress = false;
	pthread_mutex_lock(&m->lock);
	model_irq_race_pass(m);
	for (moved = 0, iter = 0; moved < budget &&
	     iter < budget + MODEL_STEP_SLACK; iter++) {
		w = model_rx_work(m);
		if (w == MODEL_WORK_NONE)
			break;
		*progress = true;
		moved += w == MODEL_WORK_FRAME;
	}
	/* The end of a pass publishes what coalescing held back. */
	if (m->params.wb_batch > 1)
		model_rx_wb_flush(m);
	model_rwt_check(m);
	/*
	 * A stalled engine (fault_stall_ppm) counts its stall in passes: it
	 * is busy, not idle, so the thread neither yields nor sleeps.
	 */
	if (m->flt.stall_left != 0)
		*progress = true;
	pthread_mutex_unlock(&m->lock);
	frames += moved;
	for (ch = 0; ch < m->params.n_channels; ch++) {
		pthread_mutex_lock(&m->lock);
		for (moved = 0, iter = 0; moved < budget &&
		     iter < budget + MODEL_STEP_SLACK; iter++) {
			w = model_tx_work(m, ch);
			if (w == MODEL_WORK_NONE)
				break;
			*progress = true;
			moved += w == MODEL_WORK_FRAME;
		}
		pthread_mutex_unlock(&m->lock);
		frames += moved;
	}
	return frames;
}

unsigned int
dwmac4_model_step(struct dwmac4_model *m, unsigned int budget)
{
	bool progress;

	return model_run(m, budget, &progress);
}

/* One engine pass of the model thread (model_thread.h). */
static bool
model_thread_pass(void *dev)
{
	bool progress;

	model_run(dev, MODEL_THREAD_BURST, &progress);
	return progress;
}

static bool
model_thread_rx_done(void *dev)
{
	return dwmac4_model_rx_idle(dev);
}

int
dwmac4_model_start(struct dwmac4_model *m, int cpu)
{
	m->thr.pass = model_thread_pass;
	m->thr.dev = m;
	m->thr.src = m->params.rx_src;
	m->thr.deadline_ns = m->params.manual_clock ? NULL :
			     model_thread_deadline;
	m->thr.rx_done = model_thread_rx_done;
	m->thr.sink = m->params.tx_sink;
	m->thr.idle_polls = m->params.idle_polls;
	m->thr.idle_sleep_us = m->params.idle_sleep_us;
	return model_thread_start(&m->thr, cpu);
}

void
dwmac4_model_stop(struct dwmac4_model *m)
{
	model_thread_stop(&m->thr);
}

/* ---- Harness side ---- */

/*
 * The cable pulled or plugged; lock held (the harness's calls below, the
 * engine's model_link_events_run()). A link coming up negotiates again
 * (EEE resolved for it); a link down runs the receive clock, so a reset
 * waiting for it completes.
 */
void
model_cable_set(struct dwmac4_model *m, bool up)
{
	model_phy_cable_set(&m->phy, up);
	model_link_eval(m);
	model_phy_autoneg(&m->phy);
	model_reset_retry(m);
}

void
dwmac4_model_set_link(struct dwmac4_model *m, bool up)
{
	pthread_mutex_lock(&m->lock);
	model_cable_set(m, up);
	pthread_mutex_unlock(&m->lock);
	model_thread_kick(&m->thr);
}

int
dwmac4_model_set_partner(struct dwmac4_model *m, unsigned int speed,
			 bool full)
{
	if (speed != 10 && speed != 100 && speed != 1000)
		return -EINVAL;
	pthread_mutex_lock(&m->lock);
	model_phy_renegotiate(m, MODEL_PARTNER(speed, full));
	pthread_mutex_unlock(&m->lock);
	model_thread_kick(&m->thr);
	return 0;
}

void
dwmac4_model_get_stats(struct dwmac4_model *m, struct dwmac4_model_stats *st)
{
	struct model_nc_counters nc;

	_Static_assert(sizeof(*st) % sizeof(uint64_t) == 0,
		       "stats are 64-bit counters only");
	model_stats_snapshot(st, &m->stats, sizeof(*st));
	model_nc_counters_read(&m->nc, &nc);
	st->nc_clobbers = nc.clobbers;
	st->nc_unclean_reads = nc.unclean_reads;
	st->nc_clean_lines = nc.clean_lines;
	st->nc_civac_lines = nc.civac_lines;
	st->nc_early_prefetches = nc.early_prefetches;
	st->thread_passes = __atomic_load_n(&m->thr.passes, __ATOMIC_RELAXED);
	st->thread_blocks = __atomic_load_n(&m->thr.blocks, __ATOMIC_RELAXED);
	st->thread_rate_sleeps = __atomic_load_n(&m->thr.rate_sleeps,
						 __ATOMIC_RELAXED);
}

void
dwmac4_model_cache_op(struct dwmac4_model *m, const void *addr, size_t len,
		      enum dwmac4_model_cache_op op)
{
	if (!m->params.nc_emulation)
		return;
	model_nc_cpu_op(&m->nc, addr, len,
			op == DWMAC4_MODEL_CACHE_CIVAC ? MODEL_NC_CIVAC :
			op == DWMAC4_MODEL_CACHE_PREFETCH ? MODEL_NC_PREFETCH :
			op == DWMAC4_MODEL_CACHE_FENCE ? MODEL_NC_FENCE :
			MODEL_NC_CLEAN);
	/* A descriptor line now in DRAM: the TX DMA may fetch it at once. */
	if (op == DWMAC4_MODEL_CACHE_CLEAN || op == DWMAC4_MODEL_CACHE_CIVAC)
		model_tx_prefetch(m, addr, len);
}

const char *
dwmac4_model_last_violation(struct dwmac4_model *m)
{
	/* Stable once the model is idle, which is when a harness asks. */
	return m->last_viol;
}

bool
dwmac4_model_rx_idle(struct dwmac4_model *m)
{
	if (m->params.rx_src == NULL)
		return true;
	return __atomic_load_n(&m->src_done, __ATOMIC_ACQUIRE) &&
		!__atomic_load_n(&m->macf_pending, __ATOMIC_ACQUIRE) &&
		model_mtl_rx_empty(m) &&
		!__atomic_load_n(&m->rxf.active, __ATOMIC_ACQUIRE);
}
