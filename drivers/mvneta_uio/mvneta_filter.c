/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * net_mvneta_uio: the destination-address filter (mvneta_ethdev.h), as
 * Linux's mvneta_set_rx_mode() programs it from the interface's flags and
 * address lists, here from ethdev's state:
 *  - promiscuous: MVNETA_UNI_PROMISC_MODE with MVNETA_TYPE_PRIO's
 *    MVNETA_FORCE_UNI, the MAC address registers all ones and every table
 *    entry passing (mvneta_rx_unicast_promisc_set());
 *  - otherwise the station address in MAC_ADDR_HIGH/LOW and the unicast
 *    table's entry of its last nibble (mvneta_mac_addr_set()), one more
 *    entry per address mac_addr_add() gave (the table holds addresses that
 *    differ from the station address in their last four bits only);
 *    all-multicast passes both multicast tables, else each address of
 *    set_mc_addr_list() passes its entry: 01:00:5e:00:00:xx the special
 *    table's entry xx, any other the other table's entry CRC-8(address)
 *    (mvneta_mcast_addr_set()). Broadcast is not filtered (PORT_CONFIG's
 *    reject-broadcast bit stays 0).
 * Each entry is one byte, MVNETA_DA_FILT_PASS | queue << 1.
 *
 * The queue an entry names: Linux writes its default RX queue (rxq_def)
 * into every entry it sets (mvneta_set_ucast_addr(),
 * mvneta_set_special_mcast_addr(), mvneta_set_other_mcast_addr() take it
 * as their queue argument) and the same queue into PORT_CONFIG's default,
 * ARP, TCP, UDP and BPDU queues (MVNETA_PORT_CONFIG_DEFL_VALUE(rxq_def)):
 * a frame passed by an entry is meant for the entry's queue, one passed
 * otherwise (unicast promiscuous, broadcast) for PORT_CONFIG's. As Linux
 * never sets them apart, which of an entry's queue and PORT_CONFIG's
 * protocol queues wins for one frame is not known from it (the neta model
 * steers by PORT_CONFIG alone). So both stay MVNETA_RXQ_DEF, queue 0:
 * steering is rte_flow's, later.
 */
#include <errno.h>
#include <string.h>

#include <rte_ether.h>

#include "mvneta_ethdev.h"
#include "mvneta_logs.h"

#define MVNETA_DA_ENTRY	\
	(MVNETA_DA_FILT_PASS | MVNETA_RXQ_DEF << MVNETA_DA_FILT_QUEUE_SHIFT)

void
mvneta_write_mac(const struct socnic_backend *be, const struct rte_ether_addr *a)
{
	const uint8_t *b = a->addr_bytes;

	socnic_write32(be, MVNETA_MAC_ADDR_HIGH,
		       (uint32_t)b[0] << 24 | (uint32_t)b[1] << 16 |
		       (uint32_t)b[2] << 8 | b[3]);
	socnic_write32(be, MVNETA_MAC_ADDR_LOW, (uint32_t)b[4] << 8 | b[5]);
}

/*
 * The filter's tables as they are to be, a byte per entry: built whole,
 * then written a word at a time with its final value, so an entry that
 * passes before and after a change never reads refusing in between (a
 * table cleared, then refilled, drops what arrives meanwhile).
 */
struct mvneta_filter_image {
	uint8_t ucast[MVNETA_DA_FILT_UCAST_ENTRIES];
	uint8_t spec[MVNETA_DA_FILT_MCAST_ENTRIES];
	uint8_t oth[MVNETA_DA_FILT_MCAST_ENTRIES];
};

static void
mvneta_filter_write_table(const struct socnic_backend *be, uint32_t base,
			  const uint8_t *e, unsigned int entries)
{
	unsigned int i;

	for (i = 0; i < entries; i += 4)
		socnic_write32(be, base + i,
			       (uint32_t)e[i] | (uint32_t)e[i + 1] << 8 |
			       (uint32_t)e[i + 2] << 16 | (uint32_t)e[i + 3] << 24);
}

/* Whether the unicast table can hold @p a beside station address @p st. */
static bool
mvneta_same_prefix(const struct rte_ether_addr *a,
		   const struct rte_ether_addr *st)
{
	return memcmp(a->addr_bytes, st->addr_bytes, 5) == 0 &&
	       ((a->addr_bytes[5] ^ st->addr_bytes[5]) & 0xf0u) == 0;
}

static void
mvneta_filter_image_build(struct rte_eth_dev *dev, bool promisc,
			  bool allmulti, struct mvneta_filter_image *img)
{
	static const uint8_t special[5] = { 0x01, 0x00, 0x5e, 0x00, 0x00 };
	const struct mvneta_adapter *ad = mvneta_adapter(dev);
	const struct rte_ether_addr *st = &dev->data->mac_addrs[0];
	const struct rte_ether_addr *a;
	const uint8_t *b;
	unsigned int i;

	memset(img->ucast, promisc ? MVNETA_DA_ENTRY : 0, sizeof(img->ucast));
	memset(img->spec, promisc || allmulti ? MVNETA_DA_ENTRY : 0,
	       sizeof(img->spec));
	memset(img->oth, promisc || allmulti ? MVNETA_DA_ENTRY : 0,
	       sizeof(img->oth));
	if (promisc)
		return;
	for (i = 0; i < MVNETA_MAX_MAC_ADDRS; i++) {
		a = &dev->data->mac_addrs[i];
		if ((i == 0 || !rte_is_zero_ether_addr(a)) &&
		    mvneta_same_prefix(a, st))
			img->ucast[a->addr_bytes[5] & 0xfu] = MVNETA_DA_ENTRY;
	}
	if (allmulti)
		return;
	for (i = 0; i < ad->nb_mc_addrs; i++) {
		b = ad->mc_addrs[i].addr_bytes;
		if (memcmp(b, special, sizeof(special)) == 0)
			img->spec[b[5]] = MVNETA_DA_ENTRY;
		else
			img->oth[mvneta_da_filt_crc8(b)] = MVNETA_DA_ENTRY;
	}
}

/* Unicast promiscuous mode on or off (Linux mvneta_rx_unicast_promisc_set()). */
static void
mvneta_filter_promisc(const struct socnic_backend *be, bool on)
{
	socnic_update32(be, MVNETA_PORT_CONFIG,
			MVNETA_UNI_PROMISC_MODE | MVNETA_REJECT_BCAST,
			on ? MVNETA_UNI_PROMISC_MODE : 0);
	socnic_update32(be, MVNETA_TYPE_PRIO, MVNETA_FORCE_UNI,
			on ? MVNETA_FORCE_UNI : 0);
}

/*
 * The filter for @p promisc and @p allmulti (ethdev records a mode
 * after its op returns: the op says which it sets). What widens goes
 * first, what narrows last: promiscuous mode on before the address
 * registers turn all ones, off only once the station address and the
 * tables are in.
 */
static void
mvneta_filter_apply(struct rte_eth_dev *dev, bool promisc, bool allmulti)
{
	const struct socnic_backend *be = &mvneta_adapter(dev)->port.be;
	static const struct rte_ether_addr ones = {
		.addr_bytes = { 0xff, 0xff, 0xff, 0xff, 0xff, 0xff } };
	struct mvneta_filter_image img;

	mvneta_filter_image_build(dev, promisc, allmulti, &img);
	if (promisc)
		mvneta_filter_promisc(be, true);
	mvneta_write_mac(be, promisc ? &ones : &dev->data->mac_addrs[0]);
	mvneta_filter_write_table(be, MVNETA_DA_FILT_UCAST_BASE, img.ucast,
				  MVNETA_DA_FILT_UCAST_ENTRIES);
	mvneta_filter_write_table(be, MVNETA_DA_FILT_SPEC_MCAST, img.spec,
				  MVNETA_DA_FILT_MCAST_ENTRIES);
	mvneta_filter_write_table(be, MVNETA_DA_FILT_OTH_MCAST, img.oth,
				  MVNETA_DA_FILT_MCAST_ENTRIES);
	if (!promisc)
		mvneta_filter_promisc(be, false);
}

void
mvneta_set_rx_mode(struct rte_eth_dev *dev)
{
	mvneta_filter_apply(dev, dev->data->promiscuous != 0,
			    dev->data->all_multicast != 0);
}

/* A mode op: the filter reprogrammed on a started port. */
int
mvneta_rx_mode_set(struct rte_eth_dev *dev, enum socnic_rx_mode mode, bool on)
{
	bool promisc = dev->data->promiscuous != 0;
	bool allmulti = dev->data->all_multicast != 0;

	if (mode == SOCNIC_RX_PROMISC)
		promisc = on;
	else
		allmulti = on;
	if (mvneta_adapter(dev)->port.hw_started)
		mvneta_filter_apply(dev, promisc, allmulti);
	return 0;
}

int
mvneta_mac_addr_add(struct rte_eth_dev *dev, struct rte_ether_addr *addr,
		    uint32_t index, uint32_t pool)
{
	struct rte_ether_addr *slot = &dev->data->mac_addrs[index];
	struct rte_ether_addr old = *slot;
	char s[RTE_ETHER_ADDR_FMT_SIZE];

	RTE_SET_USED(pool);
	if (!mvneta_same_prefix(addr, &dev->data->mac_addrs[0])) {
		rte_ether_format_addr(s, sizeof(s), addr);
		PMD_DRV_LOG(ERR, "port %u: %s: NETA's unicast filter takes addresses that differ from the station address in their last 4 bits only; use promiscuous mode",
			    dev->data->port_id, s);
		return -ENOTSUP;
	}
	/* ethdev stores the address after this returns: filter on it now. */
	if (mvneta_adapter(dev)->port.hw_started) {
		*slot = *addr;
		mvneta_set_rx_mode(dev);
		*slot = old;
	}
	return 0;
}

void
mvneta_mac_addr_remove(struct rte_eth_dev *dev, uint32_t index)
{
	memset(&dev->data->mac_addrs[index], 0, sizeof(struct rte_ether_addr));
	if (mvneta_adapter(dev)->port.hw_started)
		mvneta_set_rx_mode(dev);
}

int
mvneta_set_mc_addr_list(struct rte_eth_dev *dev, struct rte_ether_addr *list,
			uint32_t nb)
{
	struct mvneta_adapter *ad = mvneta_adapter(dev);
	uint32_t i;

	if (nb > MVNETA_MAX_MC_ADDRS) {
		PMD_DRV_LOG(ERR, "port %u: %u multicast addresses, at most %u",
			    dev->data->port_id, nb, MVNETA_MAX_MC_ADDRS);
		return -ENOSPC;
	}
	for (i = 0; i < nb; i++)
		if (!rte_is_multicast_ether_addr(&list[i]))
			return -EINVAL;
	if (nb != 0)
		memcpy(ad->mc_addrs, list, nb * sizeof(*list));
	ad->nb_mc_addrs = nb;
	if (ad->port.hw_started)
		mvneta_set_rx_mode(dev);
	return 0;
}
