/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * dwmac4 model, the IEEE 1588 timestamp unit on the manual clock: the
 * system time's rate in coarse and fine mode (the addend as the rate),
 * TSINIT, TSUPDT adding and subtracting as Linux's adjust_systime()
 * writes it, TSADDREG latching the addend, binary rollover, the unit
 * suspended with TSENA clear (its commands lost and counted), a reset.
 * Exact values throughout: the model's time moves only when told.
 */
#include <errno.h>
#include <string.h>

#include "dwmac4_model.h"
#include "dwmac4_regs.h"
#include "harness.h"

#define NS_PER_S	1000000000ull
/* 50 MHz: a 20 ns cycle; fine mode takes SSINC 40 and the addend 2^31. */
#define CLK_HZ		50000000ull
#define FINE		(PTP_TCR_TSENA | PTP_TCR_TSCFUPDT | PTP_TCR_TSCTRLSSR)

static struct dwmac4_model *
model_new(void)
{
	struct dwmac4_model_params p;
	struct dwmac4_model *m;

	dwmac4_model_params_init(&p);
	p.manual_clock = true;
	p.ptp_clk_hz = CLK_HZ;
	m = dwmac4_model_create(&p);
	CHECK(m != NULL, "create: %s", strerror(errno));
	if (m == NULL)
		exit(1);
	return m;
}

static uint64_t
ptp_ns(struct dwmac4_model *m)
{
	uint64_t s = dwmac4_model_read32(m, PTP_STSR);

	return s * NS_PER_S + dwmac4_model_read32(m, PTP_STNSR);
}

static uint64_t
cmds_ignored(struct dwmac4_model *m)
{
	struct dwmac4_model_stats st;

	dwmac4_model_get_stats(m, &st);
	return st.ptp_cmds_ignored;
}

/* Linux's sequence: mode, SSINC, addend latched, time set. */
static void
ptp_fine(struct dwmac4_model *m, uint32_t addend, uint32_t sec, uint32_t ns)
{
	dwmac4_model_write32(m, PTP_TCR, FINE);
	dwmac4_model_write32(m, PTP_SSIR, 40u << GMAC4_PTP_SSIR_SSINC_SHIFT);
	dwmac4_model_write32(m, PTP_TAR, addend);
	dwmac4_model_write32(m, PTP_TCR, FINE | PTP_TCR_TSADDREG);
	CHECK_EQ_U(dwmac4_model_read32(m, PTP_TCR), FINE, "TSADDREG self-clears");
	dwmac4_model_write32(m, PTP_STSUR, sec);
	dwmac4_model_write32(m, PTP_STNSUR, ns);
	dwmac4_model_write32(m, PTP_TCR, FINE | PTP_TCR_TSINIT);
	CHECK_EQ_U(dwmac4_model_read32(m, PTP_TCR), FINE, "TSINIT self-clears");
}

static void
test_fine_rate(void)
{
	struct dwmac4_model *m = model_new();

	CHECK(dwmac4_model_read32(m, GMAC_HW_FEATURE0) & GMAC_HW_FEAT_TSSEL,
	      "TSSEL: the core has the unit");
	ptp_fine(m, 0x80000000u, 100, 999999000);
	CHECK_EQ_U(ptp_ns(m), 100 * NS_PER_S + 999999000, "set by TSINIT");
	/* Mid-range addend: a carry every other cycle, 40 ns: the real rate. */
	dwmac4_model_clock_advance(m, 1000);
	CHECK_EQ_U(ptp_ns(m), 101 * NS_PER_S, "1 us later, over the second");
	dwmac4_model_clock_advance(m, 3 * NS_PER_S);
	CHECK_EQ_U(ptp_ns(m), 104 * NS_PER_S, "3 s later");
	/*
	 * The addend 1/128 up: 2.5 x 10^7 + 195312.5 carries a second, the
	 * half carry left in the accumulator.
	 */
	dwmac4_model_write32(m, PTP_TAR, 0x80000000u + 0x01000000u);
	dwmac4_model_clock_advance(m, NS_PER_S);
	CHECK_EQ_U(ptp_ns(m), 105 * NS_PER_S,
		   "TAR written alone: the rate is the latched addend's");
	dwmac4_model_write32(m, PTP_TCR, FINE | PTP_TCR_TSADDREG);
	dwmac4_model_clock_advance(m, NS_PER_S);
	CHECK_EQ_U(ptp_ns(m), 106 * NS_PER_S + 7812480, "1 s at +1/128");
	/* Addend 0: no carry, the time stands. */
	dwmac4_model_write32(m, PTP_TAR, 0);
	dwmac4_model_write32(m, PTP_TCR, FINE | PTP_TCR_TSADDREG);
	dwmac4_model_clock_advance(m, NS_PER_S);
	CHECK_EQ_U(ptp_ns(m), 106 * NS_PER_S + 7812480, "addend 0 stands");
	CHECK_EQ_U(cmds_ignored(m), 0, "no command lost");
	dwmac4_model_destroy(m);
}

static void
test_coarse(void)
{
	struct dwmac4_model *m = model_new();
	uint32_t coarse = PTP_TCR_TSENA | PTP_TCR_TSCTRLSSR;

	/* SSINC 20 on every 20 ns cycle; no addend needed. */
	dwmac4_model_write32(m, PTP_TCR, coarse);
	dwmac4_model_write32(m, PTP_SSIR, 20u << GMAC4_PTP_SSIR_SSINC_SHIFT);
	dwmac4_model_clock_advance(m, 5 * NS_PER_S + 30);
	CHECK_EQ_U(ptp_ns(m), 5 * NS_PER_S + 20, "coarse: 20 ns steps");
	/* SSINC 0: the time does not move. */
	dwmac4_model_write32(m, PTP_SSIR, 0);
	dwmac4_model_clock_advance(m, NS_PER_S);
	CHECK_EQ_U(ptp_ns(m), 5 * NS_PER_S + 20, "SSINC 0 stands");
	dwmac4_model_destroy(m);
}

static void
test_update(void)
{
	struct dwmac4_model *m = model_new();

	ptp_fine(m, 0x80000000u, 1000, 500);
	/* + 2.999999600 s. */
	dwmac4_model_write32(m, PTP_STSUR, 2);
	dwmac4_model_write32(m, PTP_STNSUR, 999999600);
	dwmac4_model_write32(m, PTP_TCR, FINE | PTP_TCR_TSUPDT);
	CHECK_EQ_U(dwmac4_model_read32(m, PTP_TCR), FINE, "TSUPDT self-clears");
	CHECK_EQ_U(ptp_ns(m), 1003 * NS_PER_S + 100, "added");
	/* - 1.5 s: 2^32 - 1 seconds, 10^9 - 5 x 10^8 ns, ADDSUB. */
	dwmac4_model_write32(m, PTP_STSUR, 0u - 1u);
	dwmac4_model_write32(m, PTP_STNSUR, (1000000000u - 500000000u) |
			     DWMAC4_PTP_STNSUR_ADDSUB);
	dwmac4_model_write32(m, PTP_TCR, FINE | PTP_TCR_TSUPDT);
	CHECK_EQ_U(ptp_ns(m), 1001 * NS_PER_S + 500000100, "subtracted");
	/* - 2 s exactly: the nanoseconds field reads 10^9 (Linux's 10^9 - 0). */
	dwmac4_model_write32(m, PTP_STSUR, 0u - 2u);
	dwmac4_model_write32(m, PTP_STNSUR, 1000000000u |
			     DWMAC4_PTP_STNSUR_ADDSUB);
	dwmac4_model_write32(m, PTP_TCR, FINE | PTP_TCR_TSUPDT);
	CHECK_EQ_U(ptp_ns(m), 999 * NS_PER_S + 500000100, "whole seconds");
	dwmac4_model_destroy(m);
}

static void
test_binary_rollover(void)
{
	struct dwmac4_model *m = model_new();
	uint32_t bin = PTP_TCR_TSENA;

	/* Binary: the field counts 2^31 units a second; SSINC 43 each cycle. */
	dwmac4_model_write32(m, PTP_TCR, bin);
	dwmac4_model_write32(m, PTP_SSIR, 43u << GMAC4_PTP_SSIR_SSINC_SHIFT);
	dwmac4_model_write32(m, PTP_STSUR, 7);
	dwmac4_model_write32(m, PTP_STNSUR, 0x7fffffc0u);
	dwmac4_model_write32(m, PTP_TCR, bin | PTP_TCR_TSINIT);
	dwmac4_model_clock_advance(m, 40);
	CHECK_EQ_U(dwmac4_model_read32(m, PTP_STSR), 8, "binary: rolled over");
	CHECK_EQ_U(dwmac4_model_read32(m, PTP_STNSR), 0x7fffffc0u + 86u -
		   0x80000000u, "binary: 2 x 43 units");
	dwmac4_model_destroy(m);
}

static void
test_suspended(void)
{
	struct dwmac4_model *m = model_new();

	/* TSENA clear: TSINIT is lost, the time stands and stays 0. */
	dwmac4_model_write32(m, PTP_SSIR, 40u << GMAC4_PTP_SSIR_SSINC_SHIFT);
	dwmac4_model_write32(m, PTP_STSUR, 5);
	dwmac4_model_write32(m, PTP_TCR, PTP_TCR_TSINIT);
	CHECK_EQ_U(dwmac4_model_read32(m, PTP_TCR), 0, "TSINIT reads 0");
	CHECK_EQ_U(cmds_ignored(m), 1, "the command counted as lost");
	dwmac4_model_clock_advance(m, NS_PER_S);
	CHECK_EQ_U(ptp_ns(m), 0, "suspended: no time");
	/* Enabled, run, then TSENA cleared: the time stops where it was. */
	ptp_fine(m, 0x80000000u, 10, 0);
	dwmac4_model_clock_advance(m, NS_PER_S);
	dwmac4_model_write32(m, PTP_TCR, 0);
	dwmac4_model_clock_advance(m, NS_PER_S);
	CHECK_EQ_U(ptp_ns(m), 11 * NS_PER_S, "stopped with TSENA");
	/* The registers are read-only and a reset clears the unit. */
	dwmac4_model_write32(m, PTP_STSR, 99);
	CHECK_EQ_U(dwmac4_model_read32(m, PTP_STSR), 11, "STSR read-only");
	dwmac4_model_write32(m, DMA_BUS_MODE, DMA_BUS_MODE_SFT_RESET);
	CHECK_EQ_U(ptp_ns(m), 0, "reset: time 0");
	CHECK_EQ_U(dwmac4_model_read32(m, PTP_TCR), 0, "reset: TCR 0");
	dwmac4_model_destroy(m);
}

int
main(void)
{
	test_fine_rate();
	test_coarse();
	test_update();
	test_binary_rollover();
	test_suspended();
	return harness_result("test_model_ptp");
}
