/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * dwmac4 model: the MAC Management Counters (MMC) a driver may leave
 * alone, and the interrupt they raise when it does (docs/model.md "MMC").
 *
 * Counters kept: TX octets and frames (good and bad), RX frames and octets
 * (good and bad), RX IPv4 frames with a good header; the others read 0.
 * A counter passing half range (bit 31 set by the addition) or rolling
 * over sets its bit in MMC_Tx/Rx/IPC_Rx_Interrupt, which stays set until
 * the counter is read (the databook: a read of the counter clears it; the
 * interrupt registers are read-only and their reads clear nothing).
 * MAC_Interrupt_Status.MMCTXIS/MMCRXIS/MMCRXIPIS (and MMCIS) are set while
 * a bit is set that its mask register does not mask; they have no enable
 * in MAC_Interrupt_Enable, so the MAC's line follows them (Linux masks
 * every bit at 0x70c, 0x710 and 0x800: dwmac_mmc_intr_all_mask()). Every
 * mask resets to 0, unmasked. MMC_Control: CNTRST and CNTPRST act and read
 * back 0, RSTONRD, CNTSTOPRO and CNTFREEZ as the databook says.
 */
#include "dwmac4_model_internal.h"

#define MMC_HALF	0x80000000u

/* The interrupt block of counter @p off, or false when not a counter. */
static bool
mmc_counter(uint32_t off, uint32_t *intr, uint32_t *mask, uint32_t *bit)
{
	uint32_t first;

	if (off >= DWMAC4_MMC_TX_FIRST && off < DWMAC4_MMC_RX_FIRST) {
		*intr = DWMAC4_MMC_TX_INTR;
		*mask = DWMAC4_MMC_TX_INTR_MASK;
		first = DWMAC4_MMC_TX_FIRST;
	} else if (off >= DWMAC4_MMC_RX_FIRST &&
		   off < DWMAC4_MMC_RX_IPC_INTR_MASK) {
		*intr = DWMAC4_MMC_RX_INTR;
		*mask = DWMAC4_MMC_RX_INTR_MASK;
		first = DWMAC4_MMC_RX_FIRST;
	} else if (off >= DWMAC4_MMC_IPC_FIRST &&
		   off < DWMAC4_MMC_IPC_FIRST + 32u * 4u) {
		*intr = DWMAC4_MMC_RX_IPC_INTR;
		*mask = DWMAC4_MMC_RX_IPC_INTR_MASK;
		first = DWMAC4_MMC_IPC_FIRST;
	} else {
		return false;
	}
	if ((off - first) % 4u != 0 || (off - first) / 4u > 31u)
		return false;
	*bit = DWMAC4_BIT((off - first) / 4u);
	return true;
}

/* The counters the model keeps, with their preset (frames or octets). */
static const struct {
	uint32_t off;
	bool octets;
} mmc_kept[] = {
	{ DWMAC4_MMC_TX_OCTETCOUNT_GB, true },
	{ DWMAC4_MMC_TX_FRAMECOUNT_GB, false },
	{ DWMAC4_MMC_RX_FRAMECOUNT_GB, false },
	{ DWMAC4_MMC_RX_OCTETCOUNT_GB, true },
	{ DWMAC4_MMC_RX_IPV4_GD, false },
};
#define MMC_KEPT (sizeof(mmc_kept) / sizeof(mmc_kept[0]))

/* CNTPRST: each counter 16 frames / 2 KiB below half (or full) range. */
static void
mmc_preset(struct dwmac4_model *m, bool full)
{
	unsigned int i;

	for (i = 0; i < MMC_KEPT; i++)
		model_reg_set(m, mmc_kept[i].off, mmc_kept[i].octets ?
			      (full ? DWMAC4_MMC_PRESET_FULL_OCTETS :
				      DWMAC4_MMC_PRESET_HALF_OCTETS) :
			      (full ? DWMAC4_MMC_PRESET_FULL_FRAMES :
				      DWMAC4_MMC_PRESET_HALF_FRAMES));
}

void
model_mmc_reset(struct dwmac4_model *m)
{
	if (m->params.mmc_preset)
		mmc_preset(m, false);
}

uint32_t
model_mmc_int_status(struct dwmac4_model *m)
{
	uint32_t v = 0;

	if (model_reg_get(m, DWMAC4_MMC_RX_INTR) &
	    ~model_reg_get(m, DWMAC4_MMC_RX_INTR_MASK))
		v |= DWMAC4_GMAC_INT_STATUS_MMCRXIS;
	if (model_reg_get(m, DWMAC4_MMC_TX_INTR) &
	    ~model_reg_get(m, DWMAC4_MMC_TX_INTR_MASK))
		v |= DWMAC4_GMAC_INT_STATUS_MMCTXIS;
	if (model_reg_get(m, DWMAC4_MMC_RX_IPC_INTR) &
	    ~model_reg_get(m, DWMAC4_MMC_RX_IPC_INTR_MASK))
		v |= DWMAC4_GMAC_INT_STATUS_MMCRXIPIS;
	return v ? v | DWMAC4_GMAC_INT_STATUS_MMCIS : 0;
}

void
model_mmc_add(struct dwmac4_model *m, uint32_t off, uint32_t n)
{
	uint32_t ctl = model_reg_get(m, DWMAC4_MMC_CNTRL), intr, mask, bit;
	uint32_t old;
	bool wrap;

	if ((ctl & MMC_CNTRL_COUNTER_FREEZER) ||
	    !mmc_counter(off, &intr, &mask, &bit))
		return;
	old = __atomic_fetch_add(&m->regs[off / 4u], n, __ATOMIC_ACQ_REL);
	wrap = old + n < old;
	if (wrap && (ctl & MMC_CNTRL_COUNTER_STOP_ROLLOVER))
		model_reg_set(m, off, 0xffffffffu);
	/* Half range passed: bit 31 set by this addition. */
	if (!wrap && ((old & MMC_HALF) || !((old + n) & MMC_HALF)))
		return;
	__atomic_fetch_or(&m->regs[intr / 4u], bit, __ATOMIC_ACQ_REL);
	model_mac_irq_eval(m);
}

bool
model_mmc_read(struct dwmac4_model *m, uint32_t off, uint32_t *val)
{
	uint32_t intr, mask, bit;

	if (!mmc_counter(off, &intr, &mask, &bit))
		return false;
	if (model_reg_get(m, DWMAC4_MMC_CNTRL) & MMC_CNTRL_RESET_ON_READ)
		*val = __atomic_exchange_n(&m->regs[off / 4u], 0,
					   __ATOMIC_ACQ_REL);
	else
		*val = model_reg_get(m, off);
	if (model_reg_get(m, intr) & bit) {
		__atomic_fetch_and(&m->regs[intr / 4u], ~bit, __ATOMIC_ACQ_REL);
		model_mac_irq_eval(m);
	}
	return true;
}

bool
model_mmc_write(struct dwmac4_model *m, uint32_t off, uint32_t val)
{
	uint32_t intr, mask, bit;
	unsigned int i;

	switch (off) {
	case DWMAC4_MMC_CNTRL:
		if (val & MMC_CNTRL_COUNTER_RESET)
			for (i = 0; i < MMC_KEPT; i++)
				model_reg_set(m, mmc_kept[i].off, 0);
		if (val & MMC_CNTRL_PRESET)
			mmc_preset(m, val & MMC_CNTRL_FULL_HALF_PRESET);
		model_reg_set(m, off, val & ~(MMC_CNTRL_COUNTER_RESET |
					      MMC_CNTRL_PRESET));
		return true;
	case DWMAC4_MMC_RX_INTR_MASK:
	case DWMAC4_MMC_TX_INTR_MASK:
	case DWMAC4_MMC_RX_IPC_INTR_MASK:
		model_reg_set(m, off, val);
		model_mac_irq_eval(m);
		return true;
	case DWMAC4_MMC_RX_INTR:
	case DWMAC4_MMC_TX_INTR:
	case DWMAC4_MMC_RX_IPC_INTR:
		return true;	/* read-only */
	default:
		/* counters are read-only */
		return mmc_counter(off, &intr, &mask, &bit);
	}
}
