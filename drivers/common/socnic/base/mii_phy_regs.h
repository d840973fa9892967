/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The PHY behind a port's MDIO: IEEE 802.3 Clause 22 registers (22.2.4)
 * and the Clause 45 MMD registers reached through Clause 22 registers 13
 * and 14 (22.2.4.3.11/12, annex 22D), by their Linux names (uapi
 * <linux/mii.h>, <linux/mdio.h>), so `git grep NAME` in a kernel tree finds
 * phylib's code for the same field (phy-core.c mmd_phy_indirect(),
 * phy_c45.c genphy_c45_write_eee_adv(), phy.c phy_eee_rx_clock_stop()).
 * Shared by the PMDs (socnic_mdio.c, socnic_phy.c) and the models' PHY
 * (model_phy.c); tests/test_dwmac4_consts.c pins every value used.
 *
 * EEE and the receive clock: with Energy-Efficient Ethernet resolved on
 * the link (both ends advertise it in MMD 7 register 60 for the speed
 * auto-negotiation settled on), an idle link partner sends Low Power Idle,
 * and a PHY whose PCS control 1 (MMD 3 register 0) has clock stop enable
 * set stops the (R)GMII receive clock meanwhile (45.2.3.1.4). A dwmac4's
 * software reset needs that clock: Linux blocks the clock stop around its
 * reset (stmmac_main.c, phylink_rx_clk_stop_block()). Common PHYs
 * (RTL8211F, YT8531) advertise EEE after power-on.
 */
#ifndef SOCRX_MII_PHY_REGS_H
#define SOCRX_MII_PHY_REGS_H

#include <linux/mdio.h>
#include <linux/mii.h>

/*
 * Clause 22 register 13 (MII_MMD_CTRL): FUNCTION (bits 15:14) and DEVAD
 * (4:0); register 14 (MII_MMD_DATA) the MMD register address (FUNCTION
 * MII_MMD_CTRL_ADDR) or its data (MII_MMD_CTRL_NOINCR and the
 * post-increment functions).
 */
#define MII_PHY_MMD_CTRL_FUNC_MASK	0xc000u

/* PHY identifier (PHYSID1 << 16 | PHYSID2; Linux realtek.c). */
#define MII_PHY_ID_RTL8211F		0x001cc916u

#endif /* SOCRX_MII_PHY_REGS_H */
