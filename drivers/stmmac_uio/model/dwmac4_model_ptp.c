/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The IEEE 1588 timestamp unit: the system time. It runs while
 * MAC_Timestamp_Control.TSENA is set, on the reference clock
 * params.ptp_clk_hz read from the model's time (model_now_ns()): coarse,
 * MAC_Sub_Second_Increment.SSINC is added on each cycle; fine
 * (TSCFUPDT), the addend is added to a 32-bit accumulator on each cycle
 * and SSINC to the time on each carry, so that the addend sets the rate.
 * The sub-second field rolls over at 10^9 ns (TSCTRLSSR, digital) or at
 * 2^31 units of about 0.466 ns (binary).
 *
 * The commands, as Linux's stmmac_hwtstamp.c gives them: TSINIT sets
 * the time to the update registers, TSUPDT adds them or, with ADDSUB,
 * subtracts 2^32 - seconds and rollover - sub-seconds; TSADDREG latches
 * MAC_Timestamp_Addend (written alone, the addend does not change). Each
 * is done at once and its bit reads 0. With TSENA clear the unit is
 * suspended: a command is not carried out (counted in ptp_cmds_ignored;
 * docs/model.md says why this is the stricter reading).
 *
 * The seconds and nanoseconds registers are the live counter, not a
 * latch: a read of one then the other can straddle a second.
 */
#include <pthread.h>

#include "dwmac4_model_internal.h"

#define PTP_NS_PER_S	1000000000ull
/* Cycles x addend of a day's run pass 64 bits. */
__extension__ typedef unsigned __int128 ptp_u128;

static uint64_t
ptp_rollover(uint32_t tcr)
{
	return tcr & PTP_TCR_TSCTRLSSR ? PTP_DIGITAL_ROLLOVER_MODE :
	       PTP_BINARY_ROLLOVER_MODE;
}

static uint32_t
ptp_ssinc(struct dwmac4_model *m)
{
	return (model_reg_get(m, PTP_SSIR) >> GMAC4_PTP_SSIR_SSINC_SHIFT) &
	       PTP_SSIR_SSINC_MAX;
}

/*
 * Moves the time to model time @p now under the settings in force since
 * the anchor: the increments of the reference clock's cycles since then,
 * then the anchor is @p now. Lock held.
 */
static void
ptp_advance(struct dwmac4_model *m, uint64_t now)
{
	uint32_t tcr = model_reg_get(m, PTP_TCR);
	ptp_u128 cycles, steps, sub;
	uint64_t r = ptp_rollover(tcr);

	if (!(tcr & PTP_TCR_TSENA) || now <= m->ptp.anchor_ns) {
		m->ptp.anchor_ns = now;
		return;
	}
	cycles = (ptp_u128)(now - m->ptp.anchor_ns) *
		 m->params.ptp_clk_hz / PTP_NS_PER_S;
	if (tcr & PTP_TCR_TSCFUPDT) {
		steps = (m->ptp.acc + cycles * m->ptp.addend) >> 32;
		m->ptp.acc = (uint32_t)(m->ptp.acc + cycles * m->ptp.addend);
	} else {
		steps = cycles;
	}
	sub = m->ptp.sub + steps * ptp_ssinc(m);
	m->ptp.sec = (uint32_t)(m->ptp.sec + (uint64_t)(sub / r));
	m->ptp.sub = (uint64_t)(sub % r);
	/* The cycles counted, not the time read: no fraction is lost. */
	m->ptp.anchor_ns += (uint64_t)(cycles * PTP_NS_PER_S /
				       m->params.ptp_clk_hz);
}

/* TSINIT and TSUPDT from the update registers. Lock held, time now. */
static void
ptp_update(struct dwmac4_model *m, bool init)
{
	uint64_t r = ptp_rollover(model_reg_get(m, PTP_TCR));
	uint32_t s = model_reg_get(m, PTP_STSUR);
	uint32_t nsur = model_reg_get(m, PTP_STNSUR);
	uint64_t sub = nsur & DWMAC4_PTP_STNSUR_TSSS_MASK;

	if (init) {
		m->ptp.sec = s;
		m->ptp.sub = sub % r;
		m->ptp.acc = 0;
		return;
	}
	if (nsur & DWMAC4_PTP_STNSUR_ADDSUB) {
		/* Subtracts (2^32 - s) seconds and (r - sub) units. */
		uint64_t neg_s = (uint32_t)(0u - s), neg_sub = r - sub % (r + 1);

		if (m->ptp.sub < neg_sub) {
			m->ptp.sub += r;
			neg_s++;
		}
		m->ptp.sub -= neg_sub;
		m->ptp.sec = (uint32_t)(m->ptp.sec - neg_s);
		return;
	}
	m->ptp.sub += sub;
	m->ptp.sec = (uint32_t)(m->ptp.sec + s + m->ptp.sub / r);
	m->ptp.sub %= r;
}

uint32_t
model_ptp_read(struct dwmac4_model *m, uint32_t off)
{
	uint32_t v;

	pthread_mutex_lock(&m->lock);
	ptp_advance(m, model_now_ns(m));
	v = off == PTP_STSR ? (uint32_t)m->ptp.sec : (uint32_t)m->ptp.sub;
	pthread_mutex_unlock(&m->lock);
	return v;
}

bool
model_ptp_write(struct dwmac4_model *m, uint32_t off, uint32_t val)
{
	uint32_t cmds = val & DWMAC4_PTP_TCR_CMDS;

	if (off != PTP_TCR && off != PTP_SSIR && off != PTP_TAR)
		return false;
	pthread_mutex_lock(&m->lock);
	if (off == PTP_TAR) {
		model_reg_set(m, off, val);	/* latched by TSADDREG */
		pthread_mutex_unlock(&m->lock);
		return true;
	}
	/* Up to now under the old settings, from now under the new. */
	ptp_advance(m, model_now_ns(m));
	if (off == PTP_SSIR) {
		model_reg_set(m, off, val);
		pthread_mutex_unlock(&m->lock);
		return true;
	}
	model_reg_set(m, PTP_TCR, val & ~DWMAC4_PTP_TCR_CMDS);
	if (cmds != 0 && !(val & PTP_TCR_TSENA)) {
		MODEL_STAT_ADD_ATOMIC(m, ptp_cmds_ignored, 1);
		cmds = 0;
	}
	if (cmds & PTP_TCR_TSINIT)
		ptp_update(m, true);
	if (cmds & PTP_TCR_TSUPDT)
		ptp_update(m, false);
	if (cmds & PTP_TCR_TSADDREG)
		m->ptp.addend = model_reg_get(m, PTP_TAR);
	pthread_mutex_unlock(&m->lock);
	return true;
}

bool
model_ptp_stamp(struct dwmac4_model *m, uint32_t *sec, uint32_t *sub)
{
	if (!(model_reg_get(m, PTP_TCR) & PTP_TCR_TSENA))
		return false;
	ptp_advance(m, model_now_ns(m));
	*sec = (uint32_t)m->ptp.sec;
	*sub = (uint32_t)m->ptp.sub;
	return true;
}

void
model_ptp_reset(struct dwmac4_model *m)
{
	m->ptp.sec = 0;
	m->ptp.sub = 0;
	m->ptp.acc = 0;
	m->ptp.addend = 0;
	m->ptp.anchor_ns = model_now_ns(m);
}
