/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * What every Rockchip SoC of the RK35xx generation shares in the blocks
 * around its GMACs (rk3568_soc.h, rk3588_soc.h): the CRU's and the GRF's
 * control registers are 16 bits wide in the low half of each word and
 * take a write-enable mask in the high half (TRM, "CRU" and "GRF"
 * chapters: "write_enable: bit[31:16] ... 1: write access enable for the
 * corresponding bit"; Linux HIWORD_UPDATE/GRF_BIT in dwmac-rk.c, the
 * clock framework's CLK_*_HIWORD_MASK). A write changes only the bits
 * whose mask bit is set, so one store sets a field without reading the
 * register and cannot undo another owner's change to the other bits.
 *
 * Soft-reset bits: 1 holds the block in reset (Linux rockchip_softrst
 * assert writes the bit with its mask, deassert the mask alone).
 * Clock-gate bits: 1 stops the clock (CLK_GATE_SET_TO_DISABLE).
 */
#ifndef SOCRX_ROCKCHIP_SOC_H
#define SOCRX_ROCKCHIP_SOC_H

#include <stdint.h>

/* The write-enable half of a word that sets @p mask (low 16 bits). */
#define ROCKCHIP_WMASK(mask)		((uint32_t)(mask) << 16)
/* One store that writes @p val into the field @p mask << @p shift. */
#define ROCKCHIP_HIWORD(val, mask, shift)				\
	(((uint32_t)(val) << (shift)) | ROCKCHIP_WMASK((uint32_t)(mask) << (shift)))
/* Bit @p nr set / cleared, the other bits left alone. */
#define ROCKCHIP_BIT_SET(nr)		ROCKCHIP_HIWORD(1u, 1u, (nr))
#define ROCKCHIP_BIT_CLR(nr)		ROCKCHIP_HIWORD(0u, 1u, (nr))

/* Interface select values (PHY_INTF_SEL fields, both generations). */
#define ROCKCHIP_PHY_INTF_SEL_RGMII	1u
#define ROCKCHIP_PHY_INTF_SEL_RMII	4u

/*
 * The delay lines' values when the node has no tx_delay / rx_delay (Linux
 * rk_gmac_setup(), U-Boot eqos_start_clks_rk()).
 */
#define ROCKCHIP_TX_DELAY_DEFAULT	0x30u
#define ROCKCHIP_RX_DELAY_DEFAULT	0x10u

/* RGMII TX clock for each link speed (Hz). */
#define ROCKCHIP_RGMII_CLK_1000		125000000u
#define ROCKCHIP_RGMII_CLK_100		25000000u
#define ROCKCHIP_RGMII_CLK_10		2500000u

#endif /* SOCRX_ROCKCHIP_SOC_H */
