/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * PMD_INFO_STRING for dpdk-pmdinfo.py. Inside DPDK's tree buildtools/
 * pmdinfogen.py generates this from the objects; out of tree we write it
 * ourselves, in the same format, from the same parameter string as
 * RTE_PMD_REGISTER_PARAM_STRING. dpdk-pmdinfo.py expects the "pci_ids"
 * key even for a vdev (pmdinfogen always writes it).
 */
#include <rte_common.h>

#include "stmmac_devargs.h"

static const char stmmac_pmd_info[] __rte_used =
	"PMD_INFO_STRING= {\"name\": \"net_stmmac_uio\", "
	"\"params\": \"" STMMAC_PMD_PARAMS "\", "
	"\"pci_ids\": []}";
