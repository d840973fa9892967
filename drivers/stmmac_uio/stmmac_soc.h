/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * SoC glue of net_stmmac_uio (stmmac_soc.c): what Linux's dwmac-rk /
 * dwmac-imx do around the controller, through the backend's extra maps of
 * the SoC's blocks (docs/design/soc_glue.md): release the GMAC's reset,
 * open its clock gates, set the interface mode and the RGMII delay lines
 * from the node's phy-mode / tx_delay / rx_delay, and switch the RGMII TX
 * clock to the negotiated speed.
 */
#ifndef STMMAC_SOC_H
#define STMMAC_SOC_H

#include <stdbool.h>
#include <stdint.h>

struct stmmac_adapter;
struct stmmac_soc_desc;

/* The maps a SoC's glue uses, by role. */
enum stmmac_soc_map {
	STMMAC_SOC_MAP_CRU = 0,		/* Rockchip: clocks and resets */
	STMMAC_SOC_MAP_GRF,		/* Rockchip: (system) GRF; i.MX: GPR */
	STMMAC_SOC_MAP_PHP_GRF,		/* RK3588: PHP_GRF */
	STMMAC_SOC_NB_MAPS,
};

struct stmmac_soc {
	const struct stmmac_soc_desc *desc;	/* NULL: no glue */
	unsigned int gmac;		/* which of the SoC's controllers */
	int map[STMMAC_SOC_NB_MAPS];	/* backend map index, -1: unused */
	uint32_t tx_delay, rx_delay;	/* delay-line values written */
	uint32_t speed;			/* TX clock's link speed, 0: untouched */
};

/*
 * At probe, before any access to the controller's registers: with
 * soc=auto and a backend that offers the SoC's blocks of a controller
 * this glue knows, hands the controller over (reset released, clocks
 * open, interface mode and delays set). 0 (also when there is nothing
 * to do), or -errno after logging why (a block the overlay does not map,
 * a phy-mode the glue does not drive).
 */
int stmmac_soc_probe(struct stmmac_adapter *ad);

/*
 * The link settled at @p speed_mbps (10, 100, 1000): switches the RGMII
 * TX clock to its rate (125, 25, 2.5 MHz). 0, also without glue; -ENOTSUP
 * when the SoC's clock cannot follow (logged once per speed); -EINVAL for
 * another speed.
 */
int stmmac_soc_link_speed(struct stmmac_adapter *ad, uint32_t speed_mbps);

/* The glue's name for logs ("rk3568 gmac1"), or "none". */
const char *stmmac_soc_name(const struct stmmac_adapter *ad);

#endif /* STMMAC_SOC_H */
