/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * dwmac4 model: the PHY behind MDIO, its link, and the agreement between
 * what it negotiated and how the MAC is configured (docs/model.md "PHY
 * and MDIO").
 *
 * One Clause 22 PHY at params.phy_addr (or none: a fixed link to a switch),
 * an RTL8211F by its ID. The link partner advertises exactly one mode,
 * params.phy_speed at params.phy_full duplex until it renegotiates
 * (dwmac4_model_set_partner(), model_link_events=: the link drops, BMSR's
 * link status latching low, and comes back in the new mode);
 * auto-negotiation settles on it when the PHY advertises it (ADVERTISE,
 * CTRL1000), else the link stays down. A MAC whose MAC_Configuration PS/FES/DM disagree with the result
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
 * Its MMD registers (Clause 45 through Clause 22 registers 13/14, IEEE
 * 802.3 22.2.4.3.11): PCS control 1 (MMD 3.0) with clock stop enable, set
 * at reset, and the EEE advertisement (MMD 7.60), 100TX and 1000T at
 * reset. EEE is resolved when auto-negotiation runs (power-on, a restart,
 * the link coming up; 45.2.7.13: a new advertisement takes effect at the
 * next negotiation): both ends advertise it for the speed agreed, full
 * duplex. On such a link the partner sends LPI when idle, and the PHY
 * stops the receive clock meanwhile; the model takes the partner as idle
 * whenever the driver resets the core, so the reset waits for the clock
 * (mii_phy_regs.h).
 */
#include <string.h>

#include "mii_phy_regs.h"

#include "dwmac4_model_internal.h"

/*
 * PHY identity and reset state. The ID is that of a Realtek RTL8211F, a
 * common companion of dwmac4 cores; nothing in the model depends on it.
 */
#define MODEL_PHYSID1 ((uint16_t)(MII_PHY_ID_RTL8211F >> 16))
#define MODEL_PHYSID2 ((uint16_t)MII_PHY_ID_RTL8211F)
#define MODEL_PHY_BMCR_RESET (BMCR_ANENABLE | BMCR_FULLDPLX | BMCR_SPEED1000)
#define MODEL_PHY_ADV_RESET (ADVERTISE_ALL | ADVERTISE_CSMA)
#define MODEL_PHY_CTRL1000_RESET (ADVERTISE_1000FULL | ADVERTISE_1000HALF)
/* BMSR bits that do not depend on the link: 10/100 HD/FD, AN, ESTATUS. */
#define MODEL_PHY_BMSR_STATIC						\
	(BMSR_100FULL | BMSR_100HALF | BMSR_10FULL | BMSR_10HALF |	\
	 BMSR_ESTATEN | BMSR_ANEGCAPABLE | BMSR_ERCAP)
#define MODEL_PHY_ESTATUS (ESTATUS_1000_TFULL | ESTATUS_1000_THALF)
/* MAC_MDIO_Data value a read from an absent PHY returns (pull-ups). */
#define MODEL_MDIO_ABSENT 0xffffu
/* EEE at both speeds it has, and the clock stopped in LPI, after reset. */
#define MODEL_PHY_EEE_ABLE (MDIO_EEE_100TX | MDIO_EEE_1000T)
#define MODEL_PHY_PCS_CTRL1_RESET MDIO_PCS_CTRL1_CLKSTOP_EN

void
model_phy_reset(struct dwmac4_model *m)
{
	m->phy_bmcr = MODEL_PHY_BMCR_RESET;
	m->phy_adv = MODEL_PHY_ADV_RESET;
	m->phy_ctrl1000 = MODEL_PHY_CTRL1000_RESET;
	m->phy_mmd_ctrl = 0;
	memset(m->phy_mmd_addr, 0, sizeof(m->phy_mmd_addr));
	m->phy_eee_adv = MODEL_PHY_EEE_ABLE;
	m->phy_pcs_ctrl1 = MODEL_PHY_PCS_CTRL1_RESET;
	model_phy_autoneg(m);
}

/* The partner's mode (MODEL_PARTNER()): one load, it may renegotiate. */
uint32_t
model_partner_mode(const struct dwmac4_model *m)
{
	return __atomic_load_n(&m->partner, __ATOMIC_ACQUIRE);
}

static unsigned int
mode_speed(uint32_t mode)
{
	return mode & ~MODEL_PARTNER_FULL;
}

unsigned int
model_partner_speed(const struct dwmac4_model *m)
{
	return mode_speed(model_partner_mode(m));
}

static bool
mode_full(uint32_t mode)
{
	return mode & MODEL_PARTNER_FULL;
}

/* What the partner advertises: its one mode, as LPA and STAT1000 bits. */
static uint16_t
partner_lpa(uint32_t mode)
{
	uint16_t lpa = LPA_LPACK | ADVERTISE_CSMA;

	if (mode_speed(mode) == 100)
		lpa |= mode_full(mode) ? LPA_100FULL : LPA_100HALF;
	else if (mode_speed(mode) == 10)
		lpa |= mode_full(mode) ? LPA_10FULL : LPA_10HALF;
	return lpa;
}

static uint16_t
partner_stat1000(uint32_t mode)
{
	if (mode_speed(mode) != 1000)
		return 0;
	return mode_full(mode) ? LPA_1000FULL : LPA_1000HALF;
}

/* Whether the PHY advertises the partner's mode (auto-negotiation agrees). */
static bool
phy_agrees(const struct dwmac4_model *m, uint32_t mode)
{
	if (mode_speed(mode) == 1000)
		return m->phy_ctrl1000 & (mode_full(mode) ? ADVERTISE_1000FULL :
					  ADVERTISE_1000HALF);
	return m->phy_adv & (partner_lpa(mode) & (LPA_100FULL | LPA_100HALF |
						  LPA_10FULL | LPA_10HALF));
}

bool
model_link_up(struct dwmac4_model *m)
{
	if (!__atomic_load_n(&m->link_up, __ATOMIC_ACQUIRE) ||
	    __atomic_load_n(&m->aneg_restart, __ATOMIC_ACQUIRE))
		return false;
	/* No PHY: a fixed link. Else auto-negotiation must agree. */
	return m->params.phy_addr > DWMAC4_MODEL_PHY_ADDR_MAX ||
	       phy_agrees(m, model_partner_mode(m));
}

/* The EEE ability bit of the partner's speed (none at 10 Mbit/s). */
static uint16_t
eee_speed_bit(uint32_t mode)
{
	return mode_speed(mode) == 1000 ? MDIO_EEE_1000T :
	       mode_speed(mode) == 100 ? MDIO_EEE_100TX : 0;
}

void
model_phy_autoneg(struct dwmac4_model *m)
{
	uint32_t mode = model_partner_mode(m);

	m->phy_eee_active = m->params.phy_eee && mode_full(mode) &&
			    m->params.phy_addr <= DWMAC4_MODEL_PHY_ADDR_MAX &&
			    (m->phy_eee_adv & eee_speed_bit(mode)) &&
			    model_link_up(m);
}

bool
model_phy_rxc_stopped(struct dwmac4_model *m)
{
	return m->phy_eee_active &&
	       (m->phy_pcs_ctrl1 & MDIO_PCS_CTRL1_CLKSTOP_EN) &&
	       model_link_up(m);
}

bool
model_mac_speed_ok(struct dwmac4_model *m)
{
	uint32_t cfg = model_reg_get(m, GMAC_CONFIG), want;
	uint32_t mode = model_partner_mode(m);

	switch (mode_speed(mode)) {
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
	if (mode_full(mode))
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
	uint32_t speed = mode_speed(mode) == 1000 ?
			 GMAC_PHYIF_CTRLSTATUS_SPEED_125 :
			 mode_speed(mode) == 100 ? GMAC_PHYIF_CTRLSTATUS_SPEED_25 :
			 GMAC_PHYIF_CTRLSTATUS_SPEED_2_5;

	__atomic_fetch_and(&m->regs[GMAC_INT_STATUS / 4u],
			   ~DWMAC4_GMAC_INT_STATUS_RGSMIIIS, __ATOMIC_ACQ_REL);
	model_mac_irq_eval(m);
	if (!__atomic_load_n(&m->inband_link, __ATOMIC_ACQUIRE))
		return v;
	v |= GMAC_PHYIF_CTRLSTATUS_LNKSTS |
	     speed << GMAC_PHYIF_CTRLSTATUS_SPEED_SHIFT;
	if (mode_full(mode))
		v |= GMAC_PHYIF_CTRLSTATUS_LNKMOD;
	return v;
}

void
model_phy_renegotiate(struct dwmac4_model *m, uint32_t partner)
{
	/* The drop: link status latches low, the in-band link goes down. */
	__atomic_store_n(&m->aneg_restart, true, __ATOMIC_RELEASE);
	__atomic_store_n(&m->bmsr_link_latch, false, __ATOMIC_RELEASE);
	model_link_eval(m);
	__atomic_store_n(&m->partner, partner, __ATOMIC_RELEASE);
	__atomic_store_n(&m->aneg_restart, false, __ATOMIC_RELEASE);
	model_link_eval(m);
	/* Negotiated again: EEE for the new mode; the clock may run. */
	model_phy_autoneg(m);
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

static uint16_t
mmd_read(struct dwmac4_model *m, unsigned int devad, uint16_t reg)
{
	if (devad == MDIO_MMD_PCS && reg == MDIO_CTRL1)
		return m->phy_pcs_ctrl1;
	if (devad == MDIO_MMD_PCS && reg == MDIO_PCS_EEE_ABLE)
		return MODEL_PHY_EEE_ABLE;
	if (devad == MDIO_MMD_AN && reg == MDIO_AN_EEE_ADV)
		return m->phy_eee_adv;
	if (devad == MDIO_MMD_AN && reg == MDIO_AN_EEE_LPABLE)
		return m->params.phy_eee && model_link_up(m) ?
		       MODEL_PHY_EEE_ABLE : 0;
	return 0;
}

static void
mmd_write(struct dwmac4_model *m, unsigned int devad, uint16_t reg,
	  uint16_t val)
{
	if (devad == MDIO_MMD_PCS && reg == MDIO_CTRL1)
		m->phy_pcs_ctrl1 = val & MDIO_PCS_CTRL1_CLKSTOP_EN;
	else if (devad == MDIO_MMD_AN && reg == MDIO_AN_EEE_ADV)
		m->phy_eee_adv = val & MODEL_PHY_EEE_ABLE;
}

/*
 * Register 14: the address of the MMD register 13 names (FUNCTION
 * address), or that register's data, the address moving on after the
 * access with the post-increment functions (22.2.4.3.11).
 */
static uint16_t
mmd_data(struct dwmac4_model *m, bool write, uint16_t val)
{
	unsigned int devad = m->phy_mmd_ctrl & MII_MMD_CTRL_DEVAD_MASK;
	uint16_t func = m->phy_mmd_ctrl & MII_PHY_MMD_CTRL_FUNC_MASK;
	uint16_t *addr = &m->phy_mmd_addr[devad];

	if (func == MII_MMD_CTRL_ADDR) {
		if (write)
			*addr = val;
		return *addr;
	}
	if (write)
		mmd_write(m, devad, *addr, val);
	else
		val = mmd_read(m, devad, *addr);
	if (func == MII_MMD_CTRL_INCR_RDWT ||
	    (func == MII_MMD_CTRL_INCR_ON_WT && write))
		(*addr)++;
	return val;
}

static uint16_t
phy_read(struct dwmac4_model *m, uint32_t reg)
{
	bool up = model_link_up(m);
	bool latch;
	uint16_t v;

	switch (reg) {
	case MII_BMCR:
		return m->phy_bmcr;
	case MII_BMSR:
		/*
		 * IEEE 802.3 22.2.4.2.13: Link Status latches low on a link
		 * failure until read; the read then re-arms it with the
		 * current state (why Linux's genphy reads BMSR twice).
		 */
		latch = __atomic_exchange_n(&m->bmsr_link_latch, up,
					    __ATOMIC_ACQ_REL);
		v = MODEL_PHY_BMSR_STATIC;
		if (latch && up)
			v |= BMSR_LSTATUS;
		if (up)
			v |= BMSR_ANEGCOMPLETE;
		return v;
	case MII_PHYSID1:
		return MODEL_PHYSID1;
	case MII_PHYSID2:
		return MODEL_PHYSID2;
	case MII_ADVERTISE:
		return m->phy_adv;
	case MII_LPA:
		return up ? partner_lpa(model_partner_mode(m)) : 0;
	case MII_CTRL1000:
		return m->phy_ctrl1000;
	case MII_STAT1000:
		return up ? partner_stat1000(model_partner_mode(m)) : 0;
	case MII_ESTATUS:
		return MODEL_PHY_ESTATUS;
	case MII_MMD_CTRL:
		return m->phy_mmd_ctrl;
	case MII_MMD_DATA:
		return mmd_data(m, false, 0);
	default:
		return 0;
	}
}

static void
phy_write(struct dwmac4_model *m, uint32_t reg, uint16_t val)
{
	switch (reg) {
	case MII_BMCR:
		/* RESET and ANRESTART self-clear at once (no timing). */
		if (val & BMCR_RESET) {
			model_phy_reset(m);
		} else {
			m->phy_bmcr = val & (uint16_t)~BMCR_ANRESTART;
			if ((val & BMCR_ANRESTART) && (val & BMCR_ANENABLE))
				model_phy_autoneg(m);
		}
		break;
	case MII_MMD_CTRL:
		m->phy_mmd_ctrl = val;
		break;
	case MII_MMD_DATA:
		mmd_data(m, true, val);
		break;
	case MII_ADVERTISE:
		m->phy_adv = val;
		break;
	case MII_CTRL1000:
		m->phy_ctrl1000 = val;
		break;
	default:
		break;	/* read-only or absent: ignored like a real PHY */
	}
	/* What it advertises decides whether auto-negotiation agrees. */
	model_link_eval(m);
	/* The receive clock may run again: a reset waiting for it ends. */
	model_reset_retry(m);
}

void
model_mdio_transfer(struct dwmac4_model *m, uint32_t addr)
{
	uint32_t pa = (addr & DWMAC4_MII_PA_MASK) >> DWMAC4_MII_PA_SHIFT;
	uint32_t rda = (addr & DWMAC4_MII_RDA_MASK) >> MII_GMAC4_REG_ADDR_SHIFT;
	uint32_t goc = addr & DWMAC4_MII_GOC_MASK;
	uint32_t data = model_reg_get(m, GMAC_MDIO_DATA);
	bool here = pa == m->params.phy_addr && !(addr & MII_GMAC4_C45E);
	uint16_t v;

	if (goc == MII_GMAC4_WRITE) {
		if (here)
			phy_write(m, rda, (uint16_t)(data & MII_DATA_GD_MASK));
	} else if (goc == MII_GMAC4_READ) {
		v = here ? phy_read(m, rda) : MODEL_MDIO_ABSENT;
		model_reg_set(m, GMAC_MDIO_DATA,
			      (data & ~MII_DATA_GD_MASK) | v);
	}
}
