/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * net_stmmac_uio: the SoC around the GMAC, as far as the link needs it.
 */
#ifndef STMMAC_SOC_H
#define STMMAC_SOC_H

#include <stdint.h>

struct stmmac_adapter;

/*
 * The SoC's RGMII TX clock set for a link at @p speed_mbps (10, 100,
 * 1000), before MAC_Configuration takes the speed (Linux stmmac's
 * fix_mac_speed, dwmac-rk's set_rgmii_speed). 0, or -errno when the clock
 * cannot follow: the caller logs it, frames at that speed are garbage.
 */
int stmmac_soc_link_speed(struct stmmac_adapter *ad, uint32_t speed_mbps);

#endif /* STMMAC_SOC_H */
