/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * dwmac4 model: the PHY behind MDIO, its link, and the agreement between
 * what it negotiated and how the MAC is configured (docs/model.md "PHY
 * and MDIO").
 *
 * One Clause 22 PHY at params.phy_addr (or none: a fixed link to a switch),
 * the models' shared PHY (model_phy.h): its partner at params.phy_speed /
 * params.phy_full until it renegotiates (dwmac4_model_set_partner(),
 * model_link_events=). A MAC whose MAC_Configuration PS/FES/DM disagree with the result
 * receives and sends nothing: on silicon its (R)GMII clocks and framing do
 * not match the PHY's, and every frame is garbage on the wire. Counted as
 * rx_dropped_speed / tx_dropped_speed.
 *
 * The PHY also reports its link in band (RGMII: between frames, as an
 * RTL8211F does; or a switch's SGMII): MAC_PHYIF_Control_Status LNKSTS,
 * LNKSPEED and LNKMOD follow the link, and each change of it sets
 * MAC_Interrupt_Status.RGSMIIIS until that register is read (the
 * databook's clear on read; Linux dwmac4_phystatus() reads it). A core
 * without it (params.no_pcs: PCSSEL clear) never sets RGSMIIIS.
 *
 * The PHY's EEE (model_phy.h): on a link that resolved it the partner
 * sends LPI when idle and the PHY stops the receive clock; the model takes
 * the partner as idle whenever the driver resets the core, so the reset
 * waits for the clock (mii_phy_regs.h).
 */
#include "mii_phy_regs.h"

#include "dwmac4_model_internal.h"

_Static_assert(DWMAC4_MODEL_PHY_ADDR_MAX == MODEL_PHY_ADDR_MAX,
	       "params.phy_addr is the shared PHY's address");

/* The partner's mode (MODEL_PARTNER()): one load, it may renegotiate. */
uint32_t
model_partner_mode(const struct dwmac4_model *m)
{
	return model_phy_partner(&m->phy);
}

unsigned int
model_partner_speed(const struct dwmac4_model *m)
{
	return model_partner_mode_speed(model_partner_mode(m));
}

bool
model_link_up(struct dwmac4_model *m)
{
	return model_phy_link_up(&m->phy);
}

bool
model_mac_speed_ok(struct dwmac4_model *m)
{
	uint32_t cfg = model_reg_get(m, GMAC_CONFIG), want;
	uint32_t mode = model_partner_mode(m);

	switch (model_partner_mode_speed(mode)) {
	case 10:
		want = GMAC_CONFIG_PS;
		break;
	case 100:
		want = GMAC_CONFIG_PS | GMAC_CONFIG_FES;
		break;
	default:
		want = 0;
		break;
	}
	if (model_partner_mode_full(mode))
		want |= GMAC_CONFIG_DM;
	return (cfg & (GMAC_CONFIG_PS | GMAC_CONFIG_FES | GMAC_CONFIG_DM)) ==
	       want;
}

void
model_link_eval(struct dwmac4_model *m)
{
	bool up = model_link_up(m);

	if (__atomic_exchange_n(&m->inband_link, up, __ATOMIC_ACQ_REL) == up ||
	    m->params.no_pcs)
		return;
	__atomic_fetch_or(&m->regs[GMAC_INT_STATUS / 4u],
			  DWMAC4_GMAC_INT_STATUS_RGSMIIIS, __ATOMIC_ACQ_REL);
	model_mac_irq_eval(m);
}

uint32_t
model_phyif_read(struct dwmac4_model *m)
{
	uint32_t v = model_reg_get(m, GMAC_PHYIF_CONTROL_STATUS) &
		     ~(GMAC_PHYIF_CTRLSTATUS_LNKSTS | GMAC_PHYIF_CTRLSTATUS_SPEED |
		       GMAC_PHYIF_CTRLSTATUS_LNKMOD);
	uint32_t mode = model_partner_mode(m);
	unsigned int mbps = model_partner_mode_speed(mode);
	uint32_t speed = mbps == 1000 ? GMAC_PHYIF_CTRLSTATUS_SPEED_125 :
			 mbps == 100 ? GMAC_PHYIF_CTRLSTATUS_SPEED_25 :
			 GMAC_PHYIF_CTRLSTATUS_SPEED_2_5;

	__atomic_fetch_and(&m->regs[GMAC_INT_STATUS / 4u],
			   ~DWMAC4_GMAC_INT_STATUS_RGSMIIIS, __ATOMIC_ACQ_REL);
	model_mac_irq_eval(m);
	if (!__atomic_load_n(&m->inband_link, __ATOMIC_ACQUIRE))
		return v;
	v |= GMAC_PHYIF_CTRLSTATUS_LNKSTS |
	     speed << GMAC_PHYIF_CTRLSTATUS_SPEED_SHIFT;
	if (model_partner_mode_full(mode))
		v |= GMAC_PHYIF_CTRLSTATUS_LNKMOD;
	return v;
}

void
model_phy_renegotiate(struct dwmac4_model *m, uint32_t partner)
{
	/* The drop: link status latches low, the in-band link goes down. */
	model_phy_renegotiate_begin(&m->phy);
	model_link_eval(m);
	model_phy_renegotiate_end(&m->phy, partner);
	model_link_eval(m);
	/* Negotiated again: EEE for the new mode; the clock may run. */
	model_phy_autoneg(&m->phy);
	model_reset_retry(m);
}

bool
model_link_events_valid(const struct dwmac4_model_params *p)
{
	const struct dwmac4_model_link_event *ev = p->link_events;
	unsigned int i;

	if (p->nb_link_events > DWMAC4_MODEL_MAX_LINK_EVENTS)
		return false;
	for (i = 0; i < p->nb_link_events; i++) {
		if (ev[i].speed != DWMAC4_MODEL_LINK_DOWN &&
		    ev[i].speed != DWMAC4_MODEL_LINK_UP && ev[i].speed != 10 &&
		    ev[i].speed != 100 && ev[i].speed != 1000)
			return false;
		if (i > 0 && ev[i].frame <= ev[i - 1].frame)
			return false;
	}
	return true;
}

void
model_link_events_run(struct dwmac4_model *m, uint64_t seq)
{
	const struct dwmac4_model_link_event *ev;

	while (m->link_ev_next < m->params.nb_link_events &&
	       m->params.link_events[m->link_ev_next].frame <= seq) {
		ev = &m->params.link_events[m->link_ev_next++];
		if (ev->speed == DWMAC4_MODEL_LINK_DOWN ||
		    ev->speed == DWMAC4_MODEL_LINK_UP)
			model_cable_set(m, ev->speed == DWMAC4_MODEL_LINK_UP);
		else
			model_phy_renegotiate(m, MODEL_PARTNER(ev->speed,
							       ev->full));
	}
}

void
model_mdio_transfer(struct dwmac4_model *m, uint32_t addr)
{
	uint32_t pa = (addr & DWMAC4_MII_PA_MASK) >> DWMAC4_MII_PA_SHIFT;
	uint32_t rda = (addr & DWMAC4_MII_RDA_MASK) >> MII_GMAC4_REG_ADDR_SHIFT;
	uint32_t goc = addr & DWMAC4_MII_GOC_MASK;
	uint32_t data = model_reg_get(m, GMAC_MDIO_DATA);
	bool here = pa == m->phy.addr && !(addr & MII_GMAC4_C45E);
	uint16_t v;

	if (goc == MII_GMAC4_WRITE) {
		if (!here)
			return;
		model_phy_write(&m->phy, rda, (uint16_t)(data & MII_DATA_GD_MASK));
		/* What it advertises decides whether auto-negotiation agrees. */
		model_link_eval(m);
		/* The receive clock may run again: a reset waiting for it ends. */
		model_reset_retry(m);
	} else if (goc == MII_GMAC4_READ) {
		v = here ? model_phy_read(&m->phy, rda) : MODEL_MDIO_ABSENT;
		model_reg_set(m, GMAC_MDIO_DATA,
			      (data & ~MII_DATA_GD_MASK) | v);
	}
}
