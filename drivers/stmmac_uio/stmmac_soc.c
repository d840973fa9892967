/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * net_stmmac_uio: the SoC around the GMAC (stmmac_soc.h). No SoC glue
 * yet: the TX clock stays as the boot loader set it, and every speed is
 * taken as followed.
 */
#include <rte_common.h>

#include "stmmac_soc.h"

int
stmmac_soc_link_speed(struct stmmac_adapter *ad, uint32_t speed_mbps)
{
	RTE_SET_USED(ad);
	RTE_SET_USED(speed_mbps);
	return 0;
}
