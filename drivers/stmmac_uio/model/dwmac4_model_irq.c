/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The DMA channels' interrupt lines (dwmac4_model_irq.h).
 *
 * A channel's line is high while a normal interrupt it enables is pending:
 * NIE (bit 15 on 4.10 and later cores, the model's 5.10) and RI with RIE or
 * TI with TIE, as Linux's dwmac4_dma_interrupt() reads them. The model
 * signals the channel's eventfd on every rise: when the engine sets a
 * status bit the driver enabled, and when the driver enables a bit that
 * is already pending (how the hardware closes the race of a frame written
 * back between the driver's last empty poll and its enable). Clearing the
 * status (write 1 to clear) lowers the line.
 *
 * irq_race: the race, on demand. The RX engine takes no frame from the
 * wire by itself. The driver write that starts an enable sequence (RIE
 * set, or RI cleared while already clear) and the interrupt writes after
 * it are held back, as posted writes not yet landed, until the model
 * thread has received exactly one frame; then they land in order. The
 * frame is written back between the driver's last empty poll and its
 * enable: a driver that clears RI at enable loses the wake-up, one that
 * clears it at disable is woken.
 *
 * The MAC's line (sbd_intr, Linux's stmmac_interrupt() ->
 * dwmac4_irq_status()) is high while MAC_Interrupt_Status.RGSMIIIS is set
 * with MAC_Interrupt_Enable.RGSMIIIE: the link the PHY reports in band
 * changed (dwmac4_model_phy.c), or while an MMC interrupt its mask does
 * not mask is pending (dwmac4_model_mmc.c; no enable in
 * MAC_Interrupt_Enable). Its own eventfd counts the rises; reading
 * MAC_PHYIF_Control_Status lowers it.
 *
 * params.irq_one_line: one line for everything, sbd_intr as a board wires
 * it alone (DMA_Mode.INTM 0 routes the DMA channels' interrupts to it):
 * high while any channel's or the MAC's cause is; each rise is written to
 * every eventfd. The interrupt controller's unmask (uio_pdrv_genirq's
 * irqcontrol, dwmac4_model_irq_unmask()) writes them again while the line
 * is still high: a level interrupt that nobody clears fires at every
 * unmask.
 */
#include <errno.h>

#include "dwmac4_model_internal.h"

#define IRQ_NORMAL_ENA	DMA_CHAN_INTR_ENA_NIE_4_10

static bool
irq_line(struct dwmac4_model *m, unsigned int ch)
{
	uint32_t ena = __atomic_load_n(&m->regs[DMA_CHAN_INTR_ENA(ch) / 4u],
				       __ATOMIC_SEQ_CST);
	uint32_t st = __atomic_load_n(&m->regs[DMA_CHAN_STATUS(ch) / 4u],
				      __ATOMIC_SEQ_CST);

	if (!(ena & IRQ_NORMAL_ENA))
		return false;
	return ((st & DMA_CHAN_STATUS_RI) && (ena & DMA_CHAN_INTR_ENA_RIE)) ||
	       ((st & DMA_CHAN_STATUS_TI) && (ena & DMA_CHAN_INTR_ENA_TIE));
}

/* The MAC interrupt causes the model raises (MMC: no enable bit). */
#define MAC_IRQ_CAUSES	DWMAC4_GMAC_INT_STATUS_RGSMIIIS

static bool
mac_line(struct dwmac4_model *m)
{
	return (model_reg_get(m, GMAC_INT_STATUS) &
		model_reg_get(m, GMAC_INT_EN) & MAC_IRQ_CAUSES) ||
	       model_mmc_int_status(m) != 0;
}

/* One rise written to eventfd @p efd (-1: none). */
static void
efd_signal(struct dwmac4_model *m, int efd)
{
	if (!model_efd_signal(efd))
		MODEL_STAT_ADD_ATOMIC(m, irq_lost, 1);
}

/* Stores a line's new @p level; true when it rose. */
static bool
line_rose(bool *line, bool level)
{
	if (!level) {
		__atomic_store_n(line, false, __ATOMIC_SEQ_CST);
		return false;
	}
	return !__atomic_exchange_n(line, true, __ATOMIC_SEQ_CST);
}

/* irq_one_line: every eventfd takes the rise. */
static void
one_line_signal(struct dwmac4_model *m)
{
	unsigned int ch;

	for (ch = 0; ch < m->params.n_channels; ch++)
		efd_signal(m, m->efds.line[ch]);
	efd_signal(m, m->efds.misc);
}

static bool
one_line_level(struct dwmac4_model *m)
{
	unsigned int ch;

	__atomic_thread_fence(__ATOMIC_SEQ_CST);
	for (ch = 0; ch < m->params.n_channels; ch++)
		if (irq_line(m, ch))
			return true;
	return mac_line(m);
}

void
dwmac4_model_irq_unmask(struct dwmac4_model *m)
{
	if (!m->params.irq_one_line || !one_line_level(m))
		return;
	__atomic_store_n(&m->mac_irq.line, true, __ATOMIC_SEQ_CST);
	MODEL_STAT_ADD_ATOMIC(m, irq_unmask_fired, 1);
	one_line_signal(m);
}

/* With irq_one_line, the one line (kept in mac_irq.line) for any change. */
void
model_irq_eval(struct dwmac4_model *m, unsigned int ch)
{
	/* The status and enable words after the change that called us. */
	__atomic_thread_fence(__ATOMIC_SEQ_CST);
	if (m->params.irq_one_line) {
		if (line_rose(&m->mac_irq.line, one_line_level(m))) {
			MODEL_STAT_ADD_ATOMIC(m, irq_raised, 1);
			one_line_signal(m);
		}
		return;
	}
	if (!line_rose(&m->irq[ch].line, irq_line(m, ch)))
		return;
	MODEL_STAT_ADD_ATOMIC(m, irq_raised, 1);
	efd_signal(m, m->efds.line[ch]);
}

void
model_mac_irq_eval(struct dwmac4_model *m)
{
	if (m->params.irq_one_line) {
		model_irq_eval(m, 0);
		return;
	}
	__atomic_thread_fence(__ATOMIC_SEQ_CST);
	if (!line_rose(&m->mac_irq.line, mac_line(m)))
		return;
	MODEL_STAT_ADD_ATOMIC(m, irq_mac_raised, 1);
	efd_signal(m, m->efds.misc);
}

static void
irq_ena_apply(struct dwmac4_model *m, unsigned int ch, uint32_t off,
	      uint32_t val)
{
	model_reg_set(m, off, val);
	/* a disable re-arms the race: one frame per enable sequence */
	if (ch == 0 && !(val & DMA_CHAN_INTR_ENA_RIE))
		m->irq_race_armed = true;
	model_irq_eval(m, ch);
}

static void
irq_status_apply(struct dwmac4_model *m, unsigned int ch, uint32_t off,
		 uint32_t val)
{
	__atomic_fetch_and(&m->regs[off / 4u], ~val, __ATOMIC_ACQ_REL);
	model_irq_eval(m, ch);
}

/* A write of channel @p ch's INTR_ENA or STATUS (at @p off) taking effect. */
static void
irq_apply(struct dwmac4_model *m, unsigned int ch, uint32_t off, uint32_t val)
{
	if (off == DMA_CHAN_INTR_ENA(ch))
		irq_ena_apply(m, ch, off, val);
	else
		irq_status_apply(m, ch, off, val);
}

/*
 * irq_race: holds the driver's write of channel 0's STATUS or INTR_ENA at
 * @p off when it starts an enable sequence (RIE set while clear, or RI
 * cleared while clear: a driver clearing RI before it enables), and every
 * such write after it, in order, until the thread has put one frame in
 * the window (model_irq_race_pass()). True when held.
 */
static bool
irq_race_hold(struct dwmac4_model *m, uint32_t off, uint32_t val)
{
	bool held = false, start;

	if (!m->params.irq_race ||
	    (off != DMA_CHAN_INTR_ENA(0) && off != DMA_CHAN_STATUS(0)))
		return false;
	pthread_mutex_lock(&m->lock);
	if (m->irq_race_n == 0) {
		start = off == DMA_CHAN_INTR_ENA(0) ?
			(val & DMA_CHAN_INTR_ENA_RIE) &&
			!(model_reg_get(m, off) & DMA_CHAN_INTR_ENA_RIE) :
			(val & DMA_CHAN_STATUS_RI) &&
			!(model_reg_get(m, off) & DMA_CHAN_STATUS_RI);
		held = start && m->irq_race_armed;
		if (held)
			m->irq_race_armed = false;
	} else {
		held = m->irq_race_n < MODEL_IRQ_RACE_WRITES;
	}
	if (held) {
		m->irq_race_q[m->irq_race_n].off = off;
		m->irq_race_q[m->irq_race_n].val = val;
		__atomic_store_n(&m->irq_race_n, m->irq_race_n + 1,
				 __ATOMIC_RELEASE);
	}
	pthread_mutex_unlock(&m->lock);
	return held;
}

void
model_irq_chan_write(struct dwmac4_model *m, unsigned int ch, uint32_t off,
		     uint32_t val)
{
	if (!irq_race_hold(m, off, val))
		irq_apply(m, ch, off, val);
}

bool
model_irq_rx_gated(const struct dwmac4_model *m)
{
	return m->params.irq_race && !m->irq_race_open;
}

void
model_irq_race_pass(struct dwmac4_model *m)
{
	enum model_work w = MODEL_WORK_NONE;
	unsigned int iter, i;

	if (__atomic_load_n(&m->irq_race_n, __ATOMIC_ACQUIRE) == 0)
		return;
	m->irq_race_open = true;
	for (iter = 0; iter < 4096; iter++) {
		w = model_rx_work(m);
		if (w == MODEL_WORK_FRAME || w == MODEL_WORK_NONE)
			break;
	}
	m->irq_race_open = false;
	model_rx_wb_flush(m);
	if (w == MODEL_WORK_FRAME)
		MODEL_STAT_ADD(m, irq_race_frames, 1);
	for (i = 0; i < m->irq_race_n; i++)
		irq_apply(m, 0, m->irq_race_q[i].off, m->irq_race_q[i].val);
	__atomic_store_n(&m->irq_race_n, 0, __ATOMIC_RELEASE);
}

_Static_assert(DWMAC4_MODEL_MAX_CHANNELS <= MODEL_EFD_LINES_MAX,
	       "an fd per channel line");

int
dwmac4_model_irq_fd(struct dwmac4_model *m, unsigned int ch)
{
	if (ch >= m->params.n_channels || m->efds.line[ch] < 0)
		return -EINVAL;
	return m->efds.line[ch];
}

int
dwmac4_model_mac_irq_fd(struct dwmac4_model *m)
{
	return m->efds.misc >= 0 ? m->efds.misc : -EINVAL;
}
