/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Devargs of net_stmmac_uio (--vdev net_stmmac_uioN,key=value,...): the
 * lists of socnic_devargs.h (port, RX path, device model) and the two
 * below, the driver's own and the dwmac4 model's. The parameter string is
 * generated from these lists and nothing else. The driver parses its
 * lists into struct stmmac_devargs at probe; the model backend parses the
 * model's (stmmac_model_params.c). An unknown key or a bad value fails
 * the probe with a log line naming both.
 */
#ifndef STMMAC_DEVARGS_H
#define STMMAC_DEVARGS_H

#include <limits.h>
#include <stdbool.h>
#include <stdint.h>

#include "socnic_devargs.h"

/* The driver's own keys: X(key, syntax, default, scope). */
#define STMMAC_DEVARGS(X)						\
	X(bus_width, "auto|32|64|128", "auto", ANY)			\
	X(of_node, "<dir>", NULL, ANY)					\
	X(pbl, "1|2|4|8|16|32", NULL, ANY)	/* DT's, else 8 */		\
	X(axi_blen, "4|8|16|32|64|128|256", NULL, ANY)			\
	X(axi_rd_osr_lmt, "<0..15>", NULL, ANY)				\
	X(axi_wr_osr_lmt, "<0..15>", NULL, ANY)				\
	X(phy_addr, "auto|<0..31>", "auto", ANY)			\
	X(phy_speed, "10|100|1000", "1000", ANY)			\
	X(csr_clk, "<Hz>", NULL, ANY)					\
	X(fixed_link, "<10|100|1000>[,half|full]", NULL, ANY)		\
	X(coe, "0|1", "1", ANY)						\
	X(crc_strip, "mac|sw", "mac", ANY)				\
	X(riwt, "<0..255>", "0", ANY)					\
	X(rx_coal_usecs, "<us>", NULL, ANY)				\
	X(soc, "auto|none", "auto", ANY)					\
	X(ptp_clk, "<Hz>", NULL, ANY)

/*
 * The dwmac4 device model's keys, parsed by the model backend only
 * (stmmac_model_params.c) into the model's parameters: a key without a
 * default here keeps the model's (dwmac4_model_params_init()). The
 * knobs every family's model has are SOCNIC_MODEL_DEVARGS'.
 */
#define STMMAC_MODEL_DEVARGS(X)						\
	X(model, "dwmac4", NULL, MODEL)					\
	SOCNIC_DV_FAULT_PPM(X, fault_cum_back_ppm)			\
	SOCNIC_DV_FAULT_PPM(X, fault_ld_no_fd_ppm)			\
	SOCNIC_DV_FAULT_PPM(X, fault_fd_twice_ppm)			\
	SOCNIC_DV_FAULT_PPM(X, fault_fcs_only_ppm)			\
	SOCNIC_DV_FAULT_PPM(X, fault_stall_ppm)				\
	X(fault_stall_polls, "<1..1000000>", "64", MODEL)		\
	SOCNIC_DV_FAULT_PPM(X, fault_dup_ppm)				\
	SOCNIC_DV_FAULT_PPM(X, fault_skip_ppm)				\
	SOCNIC_DV_FAULT_PPM(X, fault_corrupt_ppm)			\
	SOCNIC_DV_FAULT_PPM(X, fault_wo_ppm)				\
	X(model_phy_addr, "<0..31>|none", NULL, MODEL)			\
	X(model_pcs, "0|1", NULL, MODEL)				\
	X(model_link_events, "<frame>:<mode>[/<frame>:<mode>]", NULL, MODEL) \
	X(model_mtl_queues, "<1..8>", NULL, MODEL)			\
	X(model_channels, "<1..8>", NULL, MODEL)			\
	X(model_clocks, "on|off|no_rxc", NULL, MODEL)			\
	X(model_boot, "reset|running|poweron", NULL, MODEL)		\
	X(model_soc, "none|rk3568|rk3588|imx8mp", NULL, MODEL)		\
	X(model_soc_gmac, "0|1", NULL, MODEL)				\
	X(model_soc_boot, "uboot|cold", NULL, MODEL)			\
	X(model_soc_gated, "0|1", NULL, MODEL)				\
	X(model_soc_tx_delay, "<0..255>", NULL, MODEL)			\
	X(model_soc_rx_delay, "<0..255>", NULL, MODEL)			\
	X(model_irq_line, "split|one", NULL, MODEL)			\
	X(model_phy_eee, "0|1", NULL, MODEL)				\
	X(model_mmc_preset, "0|1", NULL, MODEL)				\
	X(model_clk, "<Hz>", NULL, MODEL)				\
	X(model_ptp_clk, "<Hz>", NULL, MODEL)

/* The one string RTE_PMD_REGISTER_PARAM_STRING and pmdinfo use. */
#define STMMAC_PMD_PARAMS						\
	SOCNIC_PORT_DEVARGS(SOCNIC_DEVARG_PARAM)			\
	SOCNIC_RX_DEVARGS(SOCNIC_DEVARG_PARAM)				\
	STMMAC_DEVARGS(SOCNIC_DEVARG_PARAM)				\
	SOCNIC_MODEL_DEVARGS(SOCNIC_DEVARG_PARAM)			\
	STMMAC_MODEL_DEVARGS(SOCNIC_DEVARG_PARAM)

/* phy_addr=auto: scan the MDIO bus. */
#define STMMAC_PHY_ADDR_AUTO	(-1)

struct stmmac_devargs {
	struct socnic_port_args port;	/* uio=, uio_root=, uio_force=, mac= */
	struct socnic_rx_args rx;	/* RX path (docs/design/rxpath.md) */
	/* System bus (AXI) width in bytes, the DSL unit; 0: from HW_FEATURE1. */
	unsigned int bus_bytes;
	/*
	 * of_node=: the device-tree node's directory (stmmac_of.h); "": the
	 * UIO device's device/of_node.
	 */
	char of_node[PATH_MAX];
	/*
	 * DMA bring-up (Linux dwmac4_dma_init*(), dwmac4_dma_axi()): burst
	 * length for both directions (0: not given), the largest AXI burst
	 * enabled (0: not given), outstanding read/write request limits
	 * (-1: not given: the device tree's, else DMA_SysBus_Mode's).
	 */
	unsigned int pbl;
	unsigned int axi_blen;
	int axi_rd_osr_lmt;
	int axi_wr_osr_lmt;
	/*
	 * What the probe resolved from those and the device tree
	 * (stmmac_of_apply()): TxPBL/RxPBL, PBLx8, DMA_SysBus_Mode FB/MB/AAL
	 * to set, DMA_AXI_BLEN* bits (0: keep the reset value's).
	 */
	unsigned int txpbl, rxpbl;
	bool pblx8;
	uint32_t sysbus_bits;
	uint32_t axi_blen_mask;
	/* PHY and link (stmmac_phy.c). */
	int phy_addr;			/* STMMAC_PHY_ADDR_AUTO or 0..31 */
	/* The fastest mode the PHY advertises: 10, 100 or 1000 Mbit/s. */
	unsigned int phy_speed;
	uint64_t csr_clk;		/* CSR clock in Hz, 0: unknown */
	/*
	 * The timestamp unit's reference clock (the SoC's clk_ptp_ref) in
	 * Hz, 0: not given (stmmac_ptp.c: IEEE 1588 needs it).
	 */
	uint64_t ptp_clk;
	unsigned int fixed_speed;	/* fixed_link: Mbit/s, 0: a PHY */
	bool fixed_full;
	bool coe;			/* GMAC_CONFIG.IPC: RDES1 verdicts */
	/*
	 * crc_strip=sw: the MAC keeps the FCS in memory (CST and ACS clear)
	 * and the RX path trims it, like Linux stmmac with ACS off; the
	 * default (mac) has the MAC strip it.
	 */
	bool crc_strip_sw;
	/*
	 * RX interrupts (intr_conf.rxq): 0 arms every RX descriptor with IOC;
	 * N > 0 arms none and lets the RX watchdog raise RI after N x 256
	 * clock cycles (DMA_CHx_Rx_Interrupt_Watchdog_Timer.RWT). Given
	 * rx_coal_usecs= instead, riwt is converted from it with csr_clk
	 * (Linux's stmmac_usec2riwt(), ethtool rx-usecs).
	 */
	uint8_t riwt;
	unsigned int rx_coal_usecs;	/* 0: not given */
	/*
	 * soc=none: leave the SoC's blocks around the controller (reset,
	 * clocks, interface mode) as the boot loader left them; auto (the
	 * default) hands the controller over when the backend offers them
	 * (stmmac_soc.c, docs/design/soc_glue.md).
	 */
	bool soc_none;
};

/*
 * Parses the driver's keys of @p args (may be NULL or empty) for the device
 * @p name; the model's keys are recognised, left to the model backend,
 * and refused with uio=. Returns 0, or -EINVAL after logging the offending
 * key and value.
 */
int stmmac_devargs_parse(const char *name, const char *args,
			 struct stmmac_devargs *da);

/*
 * The scope of @p key among all of the PMD's keys, for a program that
 * hosts the model itself (socrx-devmodel) and takes the model's keys only.
 */
enum socnic_devarg_scope stmmac_devargs_key_scope(const char *key);

#endif /* STMMAC_DEVARGS_H */
