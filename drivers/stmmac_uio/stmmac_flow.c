/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * net_stmmac_uio: the MAC's RX queue routing behind rte_flow
 * (socnic_flow.h). dwmac4 routes a received frame to an MTL RX queue by
 * class (MAC_RxQ_Ctrl1: PTP over Ethernet to PTPQ, multicast and
 * broadcast to MCBCQ, untagged frames to UPQ) and a tagged one by its
 * VLAN priority (MAC_RxQ_Ctrl2/3 PSRQ: a byte per queue, a bit per
 * priority), as Linux's dwmac4_rx_queue_routing() and
 * dwmac4_rx_queue_priority() program them; a priority no queue claims
 * goes to queue 0 (docs/model.md "MTL queues and DMA channels"). There is
 * no RSS, no default-queue register, no LLDP class, and AV control
 * packets need AV queues, which the PMD does not enable.
 */
#include <rte_common.h>

#include "socnic_flow.h"
#include "socnic_io.h"

#include "stmmac_ethdev.h"

/* The classifier's slots: a priority each, then the classes. */
enum {
	STMMAC_FLOW_PCP0 = 0,		/* .. 7 */
	STMMAC_FLOW_PTP = SOCNIC_FLOW_PCP_SLOTS,
	STMMAC_FLOW_MCBC,
	STMMAC_FLOW_UNTAGGED,
	STMMAC_FLOW_SLOTS
};

#define STMMAC_ETHERTYPE_PTP	0x88f7	/* IEEE 1588 over Ethernet */
#define STMMAC_ETHERTYPE_AVTP	0x22f0	/* IEEE 1722 (AV control) */
#define STMMAC_ETHERTYPE_LLDP	0x88cc

static const char *const stmmac_flow_slot_names[STMMAC_FLOW_SLOTS] = {
	SOCNIC_FLOW_PCP_SLOT_NAMES,
	"PTP over Ethernet (PTPQ)", "multicast and broadcast (MCBCQ)",
	"untagged frames (UPQ)",
};

static int
stmmac_flow_slot(const struct socnic_flow_match *m, const char **why)
{
	switch (m->kind) {
	case SOCNIC_FLOW_UNTAGGED:
		return STMMAC_FLOW_UNTAGGED;
	case SOCNIC_FLOW_MCBC:
		return STMMAC_FLOW_MCBC;
	case SOCNIC_FLOW_ETHERTYPE:
		if (m->ethertype == STMMAC_ETHERTYPE_PTP && !m->tagged)
			return STMMAC_FLOW_PTP;
		if (m->ethertype == STMMAC_ETHERTYPE_PTP)
			*why = "tagged PTP frames go by their VLAN priority (TPQC 0): steer the priority";
		else if (m->ethertype == STMMAC_ETHERTYPE_LLDP)
			*why = "dwmac4 has no LLDP class (MAC_RxQ_Ctrl1)";
		else if (m->ethertype == STMMAC_ETHERTYPE_AVTP)
			*why = "AV control packets go to AV queues, which net_stmmac_uio does not enable";
		else
			*why = "dwmac4 routes one EtherType by class: 0x88f7 (PTP)";
		return -1;
	case SOCNIC_FLOW_ANY:
		*why = "dwmac4 has no default-queue register: steer untagged frames (eth has_vlan is 0) and each VLAN priority";
		return -1;
	case SOCNIC_FLOW_DST:
		*why = "dwmac4 steers no destination address, only multicast and broadcast as one class (dst 01:00:00:00:00:00 mask 01:00:00:00:00:00)";
		return -1;
	case SOCNIC_FLOW_IPV4_L4:
	default:
		*why = "dwmac4 routes no IP protocol to a queue";
		return -1;
	}
}

static void
stmmac_flow_program(struct rte_eth_dev *dev, const int16_t *q)
{
	const struct socnic_backend *be = &stmmac_adapter(dev)->port.be;
	uint32_t psrq[2] = { 0, 0 }, ctrl1 = 0;
	unsigned int p;

	for (p = 0; p < 8; p++) {
		int16_t qp = q[STMMAC_FLOW_PCP0 + p];

		if (qp != SOCNIC_FLOW_NO_QUEUE)
			psrq[qp / 4] |= RTE_BIT32(p) <<
					GMAC_RXQCTRL_PSRQX_SHIFT(qp % 4);
	}
	if (q[STMMAC_FLOW_PTP] != SOCNIC_FLOW_NO_QUEUE)
		ctrl1 |= (uint32_t)q[STMMAC_FLOW_PTP] << GMAC_RXQCTRL_PTPQ_SHIFT;
	if (q[STMMAC_FLOW_UNTAGGED] != SOCNIC_FLOW_NO_QUEUE)
		ctrl1 |= (uint32_t)q[STMMAC_FLOW_UNTAGGED] << GMAC_RXQCTRL_UPQ_SHIFT;
	/* Tagged multicast too (OMCBCQ): the rule names no tag. */
	if (q[STMMAC_FLOW_MCBC] != SOCNIC_FLOW_NO_QUEUE)
		ctrl1 |= (uint32_t)q[STMMAC_FLOW_MCBC] << GMAC_RXQCTRL_MCBCQ_SHIFT |
			 GMAC_RXQCTRL_MCBCQEN | DWMAC4_RXQCTRL_OMCBCQ;
	socnic_write32(be, GMAC_RXQ_CTRL1, ctrl1);
	socnic_write32(be, GMAC_RXQ_CTRL2, psrq[0]);
	socnic_write32(be, GMAC_RXQ_CTRL3, psrq[1]);
}

const struct socnic_flow_family stmmac_flow_family = {
	.nb_slots = STMMAC_FLOW_SLOTS,
	.slot_names = stmmac_flow_slot_names,
	.slot = stmmac_flow_slot,
	.program = stmmac_flow_program,
};
