/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * net_mvneta_uio: NETA's RX queue steering behind rte_flow
 * (socnic_flow.h). The port steers a frame, first match first
 * (docs/model.md, NETA "Steering"): a spanning-tree BPDU to the BPDU queue
 * (MVNETA_PORT_CONFIG [24:22], with PORT_CONFIG_EXTEND's capture bit),
 * ARP to the ARP queue ([6:4]), IPv4 TCP and UDP to theirs ([18:16],
 * [21:19], each with its capture bit), a VLAN-tagged frame by its
 * priority (MVNETA_VLAN_PRIO_TO_RXQ, 3 bits per priority), everything
 * else to the default queue ([3:1]). A class without a rule takes the
 * default queue, as does a priority without one: "eth / end" moves every
 * frame no other rule steers. No RSS, no multicast class, no EtherType
 * but ARP's.
 */
#include <netinet/in.h>

#include <rte_common.h>

#include "socnic_flow.h"
#include "socnic_io.h"

#include "mvneta_ethdev.h"

enum {
	MVNETA_FLOW_PCP0 = 0,		/* .. 7 */
	MVNETA_FLOW_ARP = SOCNIC_FLOW_PCP_SLOTS,
	MVNETA_FLOW_TCP,
	MVNETA_FLOW_UDP,
	MVNETA_FLOW_BPDU,
	MVNETA_FLOW_DEFAULT,
	MVNETA_FLOW_SLOTS
};

#define MVNETA_ETHERTYPE_ARP	0x0806

static const char *const mvneta_flow_slot_names[MVNETA_FLOW_SLOTS] = {
	SOCNIC_FLOW_PCP_SLOT_NAMES,
	"ARP (the ARP queue)", "IPv4 TCP (the TCP queue)",
	"IPv4 UDP (the UDP queue)", "spanning-tree BPDUs (the BPDU queue)",
	"every other frame (the default queue)",
};

static int
mvneta_flow_slot(const struct socnic_flow_match *m, const char **why)
{
	static const struct rte_ether_addr bpdu = {
		.addr_bytes = { 0x01, 0x80, 0xc2, 0x00, 0x00, 0x00 } };

	switch (m->kind) {
	case SOCNIC_FLOW_ANY:
		return MVNETA_FLOW_DEFAULT;
	case SOCNIC_FLOW_ETHERTYPE:
		if (m->ethertype == MVNETA_ETHERTYPE_ARP)
			return MVNETA_FLOW_ARP;
		*why = "NETA routes one EtherType by class: ARP (0x0806)";
		return -1;
	case SOCNIC_FLOW_IPV4_L4:
		if (m->tagged) {
			*why = "tagged frames go by their VLAN priority: steer the priority";
			return -1;
		}
		return m->proto == IPPROTO_TCP ? MVNETA_FLOW_TCP : MVNETA_FLOW_UDP;
	case SOCNIC_FLOW_DST:
		if (rte_is_same_ether_addr(&m->dst, &bpdu))
			return MVNETA_FLOW_BPDU;
		*why = "NETA steers one destination address: the spanning-tree BPDUs' (01:80:c2:00:00:00)";
		return -1;
	case SOCNIC_FLOW_MCBC:
		*why = "NETA has no multicast/broadcast class";
		return -1;
	case SOCNIC_FLOW_UNTAGGED:
	default:
		*why = "NETA has no untagged class: untagged frames no class takes go to the default queue (eth / end)";
		return -1;
	}
}

/* A slot's queue: its rule's, else the default queue @p def. */
static uint32_t
mvneta_flow_queue(const int16_t *q, unsigned int slot, uint32_t def)
{
	return q[slot] != SOCNIC_FLOW_NO_QUEUE ? (uint32_t)q[slot] : def;
}

static void
mvneta_flow_program(struct rte_eth_dev *dev, const int16_t *q)
{
	const struct socnic_backend *be = &mvneta_adapter(dev)->port.be;
	uint32_t def = mvneta_flow_queue(q, MVNETA_FLOW_DEFAULT, 0);
	uint32_t fields = MVNETA_DEF_RXQ_MASK |
		MVNETA_RXQ_FIELD_MASK << MVNETA_DEF_RXQ_ARP_SHIFT |
		MVNETA_RXQ_FIELD_MASK << MVNETA_DEF_RXQ_TCP_SHIFT |
		MVNETA_RXQ_FIELD_MASK << MVNETA_DEF_RXQ_UDP_SHIFT |
		MVNETA_RXQ_FIELD_MASK << MVNETA_DEF_RXQ_BPDU_SHIFT |
		MVNETA_TCP_CAPTURE_EN | MVNETA_UDP_CAPTURE_EN;
	uint32_t cfg = MVNETA_DEF_RXQ(def), prio = 0;
	unsigned int p;

	cfg |= mvneta_flow_queue(q, MVNETA_FLOW_ARP, def) << MVNETA_DEF_RXQ_ARP_SHIFT;
	cfg |= mvneta_flow_queue(q, MVNETA_FLOW_TCP, def) << MVNETA_DEF_RXQ_TCP_SHIFT;
	cfg |= mvneta_flow_queue(q, MVNETA_FLOW_UDP, def) << MVNETA_DEF_RXQ_UDP_SHIFT;
	cfg |= mvneta_flow_queue(q, MVNETA_FLOW_BPDU, def) << MVNETA_DEF_RXQ_BPDU_SHIFT;
	if (q[MVNETA_FLOW_TCP] != SOCNIC_FLOW_NO_QUEUE)
		cfg |= MVNETA_TCP_CAPTURE_EN;
	if (q[MVNETA_FLOW_UDP] != SOCNIC_FLOW_NO_QUEUE)
		cfg |= MVNETA_UDP_CAPTURE_EN;
	socnic_update32(be, MVNETA_PORT_CONFIG, fields, cfg);
	socnic_update32(be, MVNETA_PORT_CONFIG_EXTEND, MVNETA_SPAN_BPDU_CAPTURE_EN,
			q[MVNETA_FLOW_BPDU] != SOCNIC_FLOW_NO_QUEUE ?
			MVNETA_SPAN_BPDU_CAPTURE_EN : 0);
	for (p = 0; p < 8; p++)
		prio |= MVNETA_VLAN_PRIO_RXQ_MAP(p,
			mvneta_flow_queue(q, MVNETA_FLOW_PCP0 + p, def));
	socnic_write32(be, MVNETA_VLAN_PRIO_TO_RXQ, prio);
}

const struct socnic_flow_family mvneta_flow_family = {
	.nb_slots = MVNETA_FLOW_SLOTS,
	.slot_names = mvneta_flow_slot_names,
	.slot = mvneta_flow_slot,
	.program = mvneta_flow_program,
};
