/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The DMA channels' control path: a channel's status bits, the start and
 * stop of its RX and TX DMA (ring base, length, PBL, RBSZ and DSL taken
 * at start), its tail pointers (the doorbell) and the rest of its
 * register block as the driver writes it. The engines that then run are
 * dwmac4_model_rx.c and dwmac4_model_tx.c.
 */
#include <pthread.h>
#include <string.h>

#include "dwmac4_model_dma.h"
#include "dwmac4_model_internal.h"

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

void
model_ring_stop(struct dwmac4_model *m, struct model_ring *r)
{
	__atomic_store_n(&r->running, false, __ATOMIC_RELEASE);
	__atomic_store_n(&r->va, 0, __ATOMIC_RELEASE);
	r->suspended = false;
	r->stopping = false;
	if (r >= m->rx && r < m->rx + DWMAC4_MODEL_MAX_CHANNELS)
		model_rx_abort(m, (unsigned int)(r - m->rx));
}

void
model_rx_stopped(struct dwmac4_model *m, unsigned int ch)
{
	model_ring_stop(m, &m->rx[ch]);
	model_chan_status_set(m, ch, DMA_CHAN_STATUS_RPS);
}

/* Offsets inside one DMA channel block, from the channel 0 macros. */
#define CHAN_REG(macro) ((macro(0)) - DMA_CHANX_BASE_ADDR(0))

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
	} else if (!(val & start) && r->running && is_rx &&
		   m->rxf[ch].active && m->rxf[ch].held) {
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
bool
model_chan_write(struct dwmac4_model *m, uint32_t off, uint32_t val)
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
	} else if (reg == CHAN_REG(DMA_CHAN_STATUS) ||
		   reg == CHAN_REG(DMA_CHAN_INTR_ENA)) {
		model_irq_chan_write(m, ch, off, val);
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
