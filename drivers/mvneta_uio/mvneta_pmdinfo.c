/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * PMD_INFO_STRING for dpdk-pmdinfo.py, in the format DPDK's
 * buildtools/pmdinfogen.py writes in-tree, from the same parameter string
 * as RTE_PMD_REGISTER_PARAM_STRING ("pci_ids" is expected even for a vdev).
 */
#include <rte_common.h>

#include "mvneta_devargs.h"

static const char mvneta_pmd_info[] __rte_used =
	"PMD_INFO_STRING= {\"name\": \"net_mvneta_uio\", "
	"\"params\": \"" MVNETA_PMD_PARAMS "\", "
	"\"pci_ids\": []}";
