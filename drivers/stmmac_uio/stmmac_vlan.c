/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * net_stmmac_uio: VLAN offloads, as Linux's stmmac drives a dwmac4
 * (stmmac_vlan.c, stmmac_main.c stmmac_vlan_update() and
 * stmmac_vlan_insert()):
 *  - stripping (RTE_ETH_RX_OFFLOAD_VLAN_STRIP): MAC_VLAN_Tag EVLS
 *    "always" with EVLRXS, the tag in RDES0 with RDES3 RS0V; the RX fast
 *    path leaves such frames to the general path, which flags them
 *    (stmmac_rx_general.c). Off, neither is set: no frame has RS0V and
 *    tagged frames stay on the fast path, tag and all (Linux sets EVLRXS
 *    always);
 *  - the filter (RTE_ETH_RX_OFFLOAD_VLAN_FILTER, vlan_filter_set): the
 *    16-bin hash of MAC_VLAN_Hash_Table (VTHM, ETV: the VID's 12 bits)
 *    and MAC_Packet_Filter VTFE; a tagged frame whose VID falls in no
 *    set bin is dropped by the MAC, untagged frames pass. VIDs sharing a
 *    bin with an added one pass too (the hash is not perfect);
 *  - insertion (RTE_ETH_TX_OFFLOAD_VLAN_INSERT): MAC_VLAN_Incl VLTI (the
 *    tag from the descriptors), and for each packet with
 *    RTE_MBUF_F_TX_VLAN a context descriptor with VLTV and the tag before
 *    its first, which asks with TDES2 VTIR (stmmac_txq.c).
 */
#include <errno.h>
#include <stdbool.h>
#include <stdint.h>

#include <ethdev_driver.h>
#include <rte_common.h>

#include "socnic_io.h"

#include "stmmac_ethdev.h"
#include "stmmac_logs.h"

#define STMMAC_VID_BITS		12u
#define STMMAC_VLAN_IDS_WORD	64u	/* VIDs per word of ethdev's bitmap */

uint64_t
stmmac_vlan_rx_capa(const struct stmmac_adapter *ad)
{
	/* Every dwmac4 strips (Linux: hw_vlan_en on gmac4). */
	return RTE_ETH_RX_OFFLOAD_VLAN_STRIP |
	       (ad->has_vlan_hash ? RTE_ETH_RX_OFFLOAD_VLAN_FILTER : 0);
}

uint64_t
stmmac_vlan_tx_capa(const struct stmmac_adapter *ad)
{
	return ad->has_vlan_ins ? RTE_ETH_TX_OFFLOAD_VLAN_INSERT : 0;
}

/*
 * The bin of @p vid in MAC_VLAN_Hash_Table: the top 4 bits of the
 * bit-reversed complement of the CRC-32 (reflected, 0xedb88320) of the
 * VID's 12 bits, least significant first (Linux stmmac_vid_crc32_le()).
 */
static unsigned int
stmmac_vlan_bin(uint16_t vid)
{
	uint32_t crc = ~0u;
	unsigned int i;

	for (i = 0; i < STMMAC_VID_BITS; i++)
		crc = ((crc ^ (vid >> i)) & 1u) ? (crc >> 1) ^ 0xedb88320u :
						  crc >> 1;
	/* bitrev32(~crc) >> 28: the low 4 bits of ~crc, reversed. */
	crc = ~crc;
	return (crc & 1u) << 3 | (crc & 2u) << 1 | (crc & 4u) >> 1 |
	       (crc & 8u) >> 3;
}

/* MAC_VLAN_Hash_Table for ethdev's VIDs, with @p vid set or not (@p on). */
static uint32_t
stmmac_vlan_hash(const struct rte_eth_dev *dev, int vid, bool on)
{
	const struct rte_vlan_filter_conf *vfc = &dev->data->vlan_filter_conf;
	uint32_t hash = 0;
	unsigned int w, b;

	for (w = 0; w < RTE_DIM(vfc->ids); w++) {
		uint64_t ids = vfc->ids[w];

		if (vid >= 0 && (unsigned int)vid / STMMAC_VLAN_IDS_WORD == w) {
			uint64_t bit = UINT64_C(1) << (vid % STMMAC_VLAN_IDS_WORD);

			ids = on ? ids | bit : ids & ~bit;
		}
		for (b = 0; ids != 0; b++, ids >>= 1)
			if (ids & 1u)
				hash |= 1u << stmmac_vlan_bin(
					(uint16_t)(w * STMMAC_VLAN_IDS_WORD + b));
	}
	return hash;
}

/*
 * MAC_VLAN_Tag, MAC_VLAN_Hash_Table and MAC_VLAN_Incl as the port's
 * offloads say, @p hash the table (the filter's VTFE is
 * stmmac_hw_write_filter()'s).
 */
static void
stmmac_vlan_program(struct rte_eth_dev *dev, uint32_t hash)
{
	struct stmmac_adapter *ad = stmmac_adapter(dev);
	const uint64_t rx = dev->data->dev_conf.rxmode.offloads;
	uint32_t vt = 0;

	if (rx & RTE_ETH_RX_OFFLOAD_VLAN_STRIP)
		vt |= GMAC_VLAN_TAG_STRIP_ALL | GMAC_VLAN_TAG_CTRL_EVLRXS;
	if ((rx & RTE_ETH_RX_OFFLOAD_VLAN_FILTER) && ad->has_vlan_hash) {
		vt |= GMAC_VLAN_VTHM | GMAC_VLAN_ETV;
		socnic_write32(&ad->port.be, GMAC_VLAN_HASH_TABLE, hash);
	}
	socnic_write32(&ad->port.be, GMAC_VLAN_TAG, vt);
	if (ad->has_vlan_ins)
		socnic_write32(&ad->port.be, GMAC_VLAN_INCL,
			       (dev->data->dev_conf.txmode.offloads &
				RTE_ETH_TX_OFFLOAD_VLAN_INSERT) ?
			       GMAC_VLAN_VLTI : 0);
}

/* At start (stmmac_hw_configure()): the VIDs ethdev holds. */
void
stmmac_vlan_write(struct rte_eth_dev *dev)
{
	stmmac_vlan_program(dev, stmmac_vlan_hash(dev, -1, false));
}

/* ethdev's vlan_offload_set: its offloads already in dev_conf. */
int
stmmac_vlan_offload_set(struct rte_eth_dev *dev, int mask)
{
	const uint64_t rx = dev->data->dev_conf.rxmode.offloads;
	uint32_t pf_vtfe = (rx & RTE_ETH_RX_OFFLOAD_VLAN_FILTER) ?
			   GMAC_PACKET_FILTER_VTFE : 0;

	if (mask & RTE_ETH_VLAN_EXTEND_MASK)
		return -ENOTSUP;
	stmmac_vlan_write(dev);
	socnic_update32(&stmmac_adapter(dev)->port.be, GMAC_PACKET_FILTER,
			GMAC_PACKET_FILTER_VTFE, pf_vtfe);
	return 0;
}

/*
 * ethdev's vlan_filter_set: the table with @p vid added or removed
 * (ethdev records it once this returns 0).
 */
int
stmmac_vlan_filter_set(struct rte_eth_dev *dev, uint16_t vid, int on)
{
	if (!stmmac_adapter(dev)->has_vlan_hash)
		return -ENOTSUP;
	stmmac_vlan_program(dev, stmmac_vlan_hash(dev, vid, on != 0));
	return 0;
}
