/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * What makes a UIO device a dwmac for net_stmmac_uio (stmmac_uio.c) and
 * socrx-board-check (app/board_check): the words its uioN/name holds.
 * uio_pdrv_genirq names the device after its device-tree node
 * ("ethernet" for ethernet@fe2a0000), a platform device without one
 * after the device; then the compatible families' names.
 */
#ifndef STMMAC_UIO_IDS_H
#define STMMAC_UIO_IDS_H

#define STMMAC_UIO_NAMES	"ethernet", "gmac", "dwmac", "stmmac", "eqos", NULL

#endif /* STMMAC_UIO_IDS_H */
