/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * RTE_PTYPE_ names as the expected files of tests/data write them (the
 * name without the RTE_PTYPE_ prefix, joined by '|', "0" for none), and
 * the parser from such a string to a packet_type word. Shared by the
 * rxpath and PMD tests that read verdict_expected.txt or
 * catalogue_expected.txt.
 */
#ifndef SOCRX_TEST_PTYPE_NAMES_H
#define SOCRX_TEST_PTYPE_NAMES_H

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <rte_common.h>
#include <rte_mbuf_ptype.h>

/* The value of one name ("L3_IPV4"), or UINT32_MAX for an unknown one. */
static inline uint32_t
ptype_names_word(const char *s)
{
	static const struct {
		const char *name;
		uint32_t val;
	} t[] = {
		{ "L2_ETHER", RTE_PTYPE_L2_ETHER },
		{ "L2_ETHER_TIMESYNC", RTE_PTYPE_L2_ETHER_TIMESYNC },
		{ "L2_ETHER_ARP", RTE_PTYPE_L2_ETHER_ARP },
		{ "L2_ETHER_LLDP", RTE_PTYPE_L2_ETHER_LLDP },
		{ "L2_ETHER_VLAN", RTE_PTYPE_L2_ETHER_VLAN },
		{ "L2_ETHER_QINQ", RTE_PTYPE_L2_ETHER_QINQ },
		{ "L3_IPV4", RTE_PTYPE_L3_IPV4 },
		{ "L3_IPV4_EXT", RTE_PTYPE_L3_IPV4_EXT },
		{ "L3_IPV6", RTE_PTYPE_L3_IPV6 },
		{ "L3_IPV6_EXT", RTE_PTYPE_L3_IPV6_EXT },
		{ "L4_TCP", RTE_PTYPE_L4_TCP },
		{ "L4_UDP", RTE_PTYPE_L4_UDP },
		{ "L4_FRAG", RTE_PTYPE_L4_FRAG },
		{ "L4_SCTP", RTE_PTYPE_L4_SCTP },
		{ "L4_ICMP", RTE_PTYPE_L4_ICMP },
		{ "L4_IGMP", RTE_PTYPE_L4_IGMP },
		{ "L4_NONFRAG", RTE_PTYPE_L4_NONFRAG },
	};
	unsigned int i;

	for (i = 0; i < RTE_DIM(t); i++)
		if (strcmp(s, t[i].name) == 0)
			return t[i].val;
	return UINT32_MAX;
}

/*
 * Parses "L2_ETHER|L3_IPV4|L4_UDP" (or "0") into @p out; -1 on an unknown
 * name or a string longer than 255 characters (@p s is not modified).
 */
static inline int
ptype_names_parse(const char *s, uint32_t *out)
{
	char buf[256], *tok, *save = NULL;

	*out = 0;
	if (strcmp(s, "0") == 0)
		return 0;
	if ((size_t)snprintf(buf, sizeof(buf), "%s", s) >= sizeof(buf))
		return -1;
	for (tok = strtok_r(buf, "|", &save); tok != NULL;
	     tok = strtok_r(NULL, "|", &save)) {
		uint32_t v = ptype_names_word(tok);

		if (v == UINT32_MAX)
			return -1;
		*out |= v;
	}
	return 0;
}

#endif /* SOCRX_TEST_PTYPE_NAMES_H */
