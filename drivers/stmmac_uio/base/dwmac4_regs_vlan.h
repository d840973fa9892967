/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The VLAN registers of the dwmac4 MAC block (MAC_VLAN_Tag 0x0050 is in
 * dwmac4_regs.h), included by dwmac4_regs.h. Names as Linux's
 * stmmac_vlan.h (before it, dwmac4.h) and the databook's "MAC_VLAN_Tag",
 * "MAC_VLAN_Hash_Table" and "MAC_VLAN_Incl" as Linux's stmmac_vlan.c and
 * stmmac_main.c (stmmac_vlan_update(), stmmac_vid_crc32_le()) drive them.
 */
#ifndef SOCRX_DWMAC4_REGS_VLAN_H
#define SOCRX_DWMAC4_REGS_VLAN_H

#ifndef SOCRX_DWMAC4_REGS_H
#error "include dwmac4_regs.h, not dwmac4_regs_vlan.h"
#endif

#define GMAC_VLAN_HASH_TABLE		0x0058U	/* MAC_VLAN_Hash_Table */
#define GMAC_VLAN_INCL			0x0060U	/* MAC_VLAN_Incl */

/* MAC_VLAN_Tag: the filter's tag and mode. */
#define GMAC_VLAN_VID			DWMAC4_GENMASK(15, 0)	/* VL */
#define GMAC_VLAN_ETV			DWMAC4_BIT(16)	/* 12-bit VID compare */
#define GMAC_VLAN_ESVL			DWMAC4_BIT(18)
#define GMAC_VLAN_DOVLTC		DWMAC4_BIT(20)
#define GMAC_VLAN_VTHM			DWMAC4_BIT(25)	/* hash filter */
#define GMAC_VLAN_EDVLP			DWMAC4_BIT(26)
/* MAC_VLAN_Tag: the receive side's stripping and status. */
#define GMAC_VLAN_TAG_CTRL_EVLS_MASK	DWMAC4_GENMASK(22, 21)
#define GMAC_VLAN_TAG_CTRL_EVLS_SHIFT	21
#define GMAC_VLAN_TAG_STRIP_NONE	(0x0U << GMAC_VLAN_TAG_CTRL_EVLS_SHIFT)
#define GMAC_VLAN_TAG_STRIP_PASS	(0x1U << GMAC_VLAN_TAG_CTRL_EVLS_SHIFT)
#define GMAC_VLAN_TAG_STRIP_FAIL	(0x2U << GMAC_VLAN_TAG_CTRL_EVLS_SHIFT)
#define GMAC_VLAN_TAG_STRIP_ALL		(0x3U << GMAC_VLAN_TAG_CTRL_EVLS_SHIFT)
/* The outer tag in RDES0 with RDES3 RS0V. */
#define GMAC_VLAN_TAG_CTRL_EVLRXS	DWMAC4_BIT(24)

/* MAC_VLAN_Hash_Table: a bit per bin (VLHT). */
#define GMAC_VLAN_VLHT			DWMAC4_GENMASK(15, 0)

/* MAC_VLAN_Incl: insertion on transmit. */
#define GMAC_VLAN_VLC			DWMAC4_GENMASK(17, 16)
#define GMAC_VLAN_VLC_SHIFT		16
#define GMAC_VLAN_CSVL			DWMAC4_BIT(19)	/* 0x88a8, not 0x8100 */
#define GMAC_VLAN_VLTI			DWMAC4_BIT(20)	/* tag from the descriptor */

#endif /* SOCRX_DWMAC4_REGS_VLAN_H */
