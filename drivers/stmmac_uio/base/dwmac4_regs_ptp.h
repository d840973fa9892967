/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The IEEE 1588 timestamp unit of the dwmac4 register map (0x0b00),
 * included by dwmac4_regs.h. Names as Linux's stmmac_ptp.h (offsets there
 * are relative to PTP_GMAC4_OFFSET; here they are the register's own) and
 * the databook's "MAC_Timestamp_Control" chapter as Linux's
 * stmmac_hwtstamp.c and stmmac_ptp.c drive it.
 */
#ifndef SOCRX_DWMAC4_REGS_PTP_H
#define SOCRX_DWMAC4_REGS_PTP_H

#ifndef SOCRX_DWMAC4_REGS_H
#error "include dwmac4_regs.h, not dwmac4_regs_ptp.h"
#endif

#define PTP_GMAC4_OFFSET		0x0b00U
#define PTP_TCR				0x0b00U	/* MAC_Timestamp_Control */
#define PTP_SSIR			0x0b04U	/* MAC_Sub_Second_Increment */
#define PTP_STSR			0x0b08U	/* MAC_System_Time_Seconds */
#define PTP_STNSR			0x0b0cU	/* ..._Nanoseconds */
#define PTP_STSUR			0x0b10U	/* ..._Seconds_Update */
#define PTP_STNSUR			0x0b14U	/* ..._Nanoseconds_Update */
#define PTP_TAR				0x0b18U	/* MAC_Timestamp_Addend */

/* MAC_Timestamp_Control. */
#define PTP_TCR_TSENA			DWMAC4_BIT(0)	/* unit on */
#define PTP_TCR_TSCFUPDT		DWMAC4_BIT(1)	/* fine update */
#define PTP_TCR_TSINIT			DWMAC4_BIT(2)	/* time := update regs */
#define PTP_TCR_TSUPDT			DWMAC4_BIT(3)	/* time += update regs */
#define PTP_TCR_TSTRIG			DWMAC4_BIT(4)
#define PTP_TCR_TSADDREG		DWMAC4_BIT(5)	/* addend := TAR */
#define PTP_TCR_TSENALL			DWMAC4_BIT(8)	/* stamp every frame */
#define PTP_TCR_TSCTRLSSR		DWMAC4_BIT(9)	/* digital rollover */
#define PTP_TCR_TSVER2ENA		DWMAC4_BIT(10)
#define PTP_TCR_TSIPENA			DWMAC4_BIT(11)	/* PTP over Ethernet */
#define PTP_TCR_TSIPV6ENA		DWMAC4_BIT(12)
#define PTP_TCR_TSIPV4ENA		DWMAC4_BIT(13)
#define PTP_TCR_TSEVNTENA		DWMAC4_BIT(14)
#define PTP_TCR_TSMSTRENA		DWMAC4_BIT(15)
#define PTP_TCR_SNAPTYPSEL_1		DWMAC4_BIT(16)
#define PTP_TCR_TSENMACADDR		DWMAC4_BIT(18)
/* The self-clearing commands: one at a time, each after the last ended. */
#define DWMAC4_PTP_TCR_CMDS		(PTP_TCR_TSINIT | PTP_TCR_TSUPDT | \
					 PTP_TCR_TSADDREG)

/* MAC_Sub_Second_Increment: SSINC in bits 23:16 on dwmac4. */
#define GMAC4_PTP_SSIR_SSINC_SHIFT	16
#define PTP_SSIR_SSINC_MAX		0xffU

/*
 * MAC_System_Time_Nanoseconds_Update: ADDSUB subtracts. To subtract
 * (s, ns) a driver writes 2^32 - s to the seconds and, with digital
 * rollover, 10^9 - ns to the nanoseconds (stmmac_hwtstamp.c
 * adjust_systime()).
 */
#define PTP_STNSUR_ADDSUB_SHIFT		31
#define DWMAC4_PTP_STNSUR_ADDSUB	DWMAC4_BIT(PTP_STNSUR_ADDSUB_SHIFT)
#define DWMAC4_PTP_STNSUR_TSSS_MASK	DWMAC4_GENMASK(30, 0)
#define PTP_DIGITAL_ROLLOVER_MODE	0x3b9aca00U	/* 10^9 ns */
#define PTP_BINARY_ROLLOVER_MODE	0x80000000U	/* 2^31 units */

#endif /* SOCRX_DWMAC4_REGS_PTP_H */
