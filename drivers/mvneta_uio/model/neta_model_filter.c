/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * neta model: the destination-address filter, as Linux's mvneta.c
 * programs it (mvneta_set_rx_mode(), mvneta_mac_addr_set(),
 * mvneta_mcast_addr_set(), mvneta_rx_unicast_promisc_set()). Called with
 * the model lock held.
 *
 * Each table entry is one byte, MVNETA_DA_FILT_PASS | queue << 1:
 *  - broadcast passes unless MVNETA_PORT_CONFIG has MVNETA_REJECT_BCAST
 *    (Linux never programs it in a table, and ARP works);
 *  - 01:00:5e:00:00:xx passes by the special multicast table's entry xx;
 *  - any other multicast address by the other multicast table's entry
 *    CRC-8(address) (mvneta_addr_crc());
 *  - a unicast address by the unicast table's entry of its last nibble,
 *    when its other 44 bits are MAC_ADDR_HIGH/LOW's; any unicast address
 *    with MVNETA_UNI_PROMISC_MODE and MVNETA_TYPE_PRIO's
 *    MVNETA_FORCE_UNI both set, as Linux sets them together for
 *    promiscuous mode. Which of the two bits silicon needs is not
 *    documented in public: the model takes the stricter reading
 *    (docs/model.md).
 * The queue field is not used for steering: the model steers by
 * MVNETA_PORT_CONFIG (neta_model_parse.c).
 */
#include <string.h>

#include "neta_model_internal.h"

static bool
entry_pass(const struct neta_model *m, uint32_t base, unsigned int idx)
{
	uint32_t r = neta_reg(m, base + (idx & ~3u));

	return (r >> (8u * (idx & 3u))) & MVNETA_DA_FILT_PASS;
}

void
neta_da_watch_note(struct neta_model *m)
{
	bool running, pass;

	if (!m->params.watch_da_set)
		return;
	running = neta_gmac_passes(m);
	pass = running && neta_da_filter_pass(m, m->params.watch_da);
	if (running && m->watch_da_passing && !pass)
		m->stats.watch_da_refused++;
	m->watch_da_passing = pass;
}

bool
neta_da_filter_pass(const struct neta_model *m, const uint8_t *da)
{
	static const uint8_t bcast[6] = { 0xff, 0xff, 0xff, 0xff, 0xff, 0xff };
	static const uint8_t special[5] = { 0x01, 0x00, 0x5e, 0x00, 0x00 };
	uint32_t hi = neta_reg(m, MVNETA_MAC_ADDR_HIGH);
	uint32_t lo = neta_reg(m, MVNETA_MAC_ADDR_LOW);

	if (memcmp(da, bcast, sizeof(bcast)) == 0)
		return !(neta_reg(m, MVNETA_PORT_CONFIG) & MVNETA_REJECT_BCAST);
	if (memcmp(da, special, sizeof(special)) == 0)
		return entry_pass(m, MVNETA_DA_FILT_SPEC_MCAST, da[5]);
	if (da[0] & 1u)
		return entry_pass(m, MVNETA_DA_FILT_OTH_MCAST, mvneta_da_filt_crc8(da));
	if ((neta_reg(m, MVNETA_PORT_CONFIG) & MVNETA_UNI_PROMISC_MODE) &&
	    (neta_reg(m, MVNETA_TYPE_PRIO) & MVNETA_FORCE_UNI))
		return true;
	if (da[0] != (uint8_t)(hi >> 24) || da[1] != (uint8_t)(hi >> 16) ||
	    da[2] != (uint8_t)(hi >> 8) || da[3] != (uint8_t)hi ||
	    da[4] != (uint8_t)(lo >> 8) || (da[5] & 0xf0u) != (lo & 0xf0u))
		return false;
	return entry_pass(m, MVNETA_DA_FILT_UCAST_BASE, da[5] & 0xfu);
}
