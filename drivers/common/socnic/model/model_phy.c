/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The device models' PHY and its link partner (model_phy.h): Clause 22
 * registers, the MMD registers behind 13/14, auto-negotiation against the
 * partner's one mode, EEE and the receive clock (mii_phy_regs.h).
 */
#include <string.h>

#include "mii_phy_regs.h"
#include "model_phy.h"

/*
 * PHY identity and reset state. The ID is that of a Realtek RTL8211F, a
 * common companion of dwmac4 and NETA ports; nothing depends on it.
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
/* EEE at both speeds it has, and the clock stopped in LPI, after reset. */
#define MODEL_PHY_EEE_ABLE (MDIO_EEE_100TX | MDIO_EEE_1000T)
#define MODEL_PHY_PCS_CTRL1_RESET MDIO_PCS_CTRL1_CLKSTOP_EN

void
model_phy_init(struct model_phy *p, unsigned int addr, unsigned int speed,
	       bool full, bool partner_eee)
{
	memset(p, 0, sizeof(*p));
	p->addr = addr;
	p->partner_eee = partner_eee;
	p->partner = MODEL_PARTNER(speed, full);
	model_phy_reset(p);
	p->cable = true;
	p->bmsr_link_latch = true;
	model_phy_autoneg(p);	/* at power-on, with the cable in */
}

void
model_phy_reset(struct model_phy *p)
{
	p->bmcr = MODEL_PHY_BMCR_RESET;
	p->adv = MODEL_PHY_ADV_RESET;
	p->ctrl1000 = MODEL_PHY_CTRL1000_RESET;
	p->mmd_ctrl = 0;
	memset(p->mmd_addr, 0, sizeof(p->mmd_addr));
	p->eee_adv = MODEL_PHY_EEE_ABLE;
	p->pcs_ctrl1 = MODEL_PHY_PCS_CTRL1_RESET;
	model_phy_autoneg(p);
}

uint32_t
model_phy_partner(const struct model_phy *p)
{
	return __atomic_load_n(&p->partner, __ATOMIC_ACQUIRE);
}

/* What the partner advertises: its one mode, as LPA and STAT1000 bits. */
static uint16_t
partner_lpa(uint32_t mode)
{
	uint16_t lpa = LPA_LPACK | ADVERTISE_CSMA;
	bool full = model_partner_mode_full(mode);

	if (model_partner_mode_speed(mode) == 100)
		lpa |= full ? LPA_100FULL : LPA_100HALF;
	else if (model_partner_mode_speed(mode) == 10)
		lpa |= full ? LPA_10FULL : LPA_10HALF;
	return lpa;
}

static uint16_t
partner_stat1000(uint32_t mode)
{
	if (model_partner_mode_speed(mode) != 1000)
		return 0;
	return model_partner_mode_full(mode) ? LPA_1000FULL : LPA_1000HALF;
}

/* Whether the PHY advertises the partner's mode (auto-negotiation agrees). */
static bool
phy_agrees(const struct model_phy *p, uint32_t mode)
{
	if (model_partner_mode_speed(mode) == 1000)
		return p->ctrl1000 & (model_partner_mode_full(mode) ?
				      ADVERTISE_1000FULL : ADVERTISE_1000HALF);
	return p->adv & (partner_lpa(mode) & (LPA_100FULL | LPA_100HALF |
					      LPA_10FULL | LPA_10HALF));
}

bool
model_phy_link_up(const struct model_phy *p)
{
	if (!__atomic_load_n(&p->cable, __ATOMIC_ACQUIRE) ||
	    __atomic_load_n(&p->aneg_restart, __ATOMIC_ACQUIRE))
		return false;
	/* No PHY: a fixed link. Else auto-negotiation must agree. */
	return !model_phy_present(p) || phy_agrees(p, model_phy_partner(p));
}

/* The EEE ability bit of the partner's speed (none at 10 Mbit/s). */
static uint16_t
eee_speed_bit(uint32_t mode)
{
	return model_partner_mode_speed(mode) == 1000 ? MDIO_EEE_1000T :
	       model_partner_mode_speed(mode) == 100 ? MDIO_EEE_100TX : 0;
}

void
model_phy_autoneg(struct model_phy *p)
{
	uint32_t mode = model_phy_partner(p);

	p->eee_active = p->partner_eee && model_partner_mode_full(mode) &&
			model_phy_present(p) &&
			(p->eee_adv & eee_speed_bit(mode)) &&
			model_phy_link_up(p);
}

bool
model_phy_rxc_stopped(struct model_phy *p)
{
	return p->eee_active && (p->pcs_ctrl1 & MDIO_PCS_CTRL1_CLKSTOP_EN) &&
	       model_phy_link_up(p);
}

void
model_phy_cable_set(struct model_phy *p, bool up)
{
	__atomic_store_n(&p->cable, up, __ATOMIC_RELEASE);
	if (!up)
		__atomic_store_n(&p->bmsr_link_latch, false, __ATOMIC_RELEASE);
}

void
model_phy_renegotiate_begin(struct model_phy *p)
{
	__atomic_store_n(&p->aneg_restart, true, __ATOMIC_RELEASE);
	__atomic_store_n(&p->bmsr_link_latch, false, __ATOMIC_RELEASE);
}

void
model_phy_renegotiate_end(struct model_phy *p, uint32_t partner)
{
	__atomic_store_n(&p->partner, partner, __ATOMIC_RELEASE);
	__atomic_store_n(&p->aneg_restart, false, __ATOMIC_RELEASE);
}

static uint16_t
mmd_read(struct model_phy *p, unsigned int devad, uint16_t reg)
{
	if (devad == MDIO_MMD_PCS && reg == MDIO_CTRL1)
		return p->pcs_ctrl1;
	if (devad == MDIO_MMD_PCS && reg == MDIO_PCS_EEE_ABLE)
		return MODEL_PHY_EEE_ABLE;
	if (devad == MDIO_MMD_AN && reg == MDIO_AN_EEE_ADV)
		return p->eee_adv;
	if (devad == MDIO_MMD_AN && reg == MDIO_AN_EEE_LPABLE)
		return p->partner_eee && model_phy_link_up(p) ?
		       MODEL_PHY_EEE_ABLE : 0;
	return 0;
}

static void
mmd_write(struct model_phy *p, unsigned int devad, uint16_t reg, uint16_t val)
{
	if (devad == MDIO_MMD_PCS && reg == MDIO_CTRL1)
		p->pcs_ctrl1 = val & MDIO_PCS_CTRL1_CLKSTOP_EN;
	else if (devad == MDIO_MMD_AN && reg == MDIO_AN_EEE_ADV)
		p->eee_adv = val & MODEL_PHY_EEE_ABLE;
}

/*
 * Register 14: the address of the MMD register 13 names (FUNCTION
 * address), or that register's data, the address moving on after the
 * access with the post-increment functions (22.2.4.3.11).
 */
static uint16_t
mmd_data(struct model_phy *p, bool write, uint16_t val)
{
	unsigned int devad = p->mmd_ctrl & MII_MMD_CTRL_DEVAD_MASK;
	uint16_t func = p->mmd_ctrl & MII_PHY_MMD_CTRL_FUNC_MASK;
	uint16_t *addr = &p->mmd_addr[devad];

	if (func == MII_MMD_CTRL_ADDR) {
		if (write)
			*addr = val;
		return *addr;
	}
	if (write)
		mmd_write(p, devad, *addr, val);
	else
		val = mmd_read(p, devad, *addr);
	if (func == MII_MMD_CTRL_INCR_RDWT ||
	    (func == MII_MMD_CTRL_INCR_ON_WT && write))
		(*addr)++;
	return val;
}

uint16_t
model_phy_read(struct model_phy *p, uint32_t reg)
{
	bool up = model_phy_link_up(p);
	bool latch;
	uint16_t v;

	switch (reg) {
	case MII_BMCR:
		return p->bmcr;
	case MII_BMSR:
		/*
		 * IEEE 802.3 22.2.4.2.13: Link Status latches low on a link
		 * failure until read; the read then re-arms it with the
		 * current state (why Linux's genphy reads BMSR twice).
		 */
		latch = __atomic_exchange_n(&p->bmsr_link_latch, up,
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
		return p->adv;
	case MII_LPA:
		return up ? partner_lpa(model_phy_partner(p)) : 0;
	case MII_CTRL1000:
		return p->ctrl1000;
	case MII_STAT1000:
		return up ? partner_stat1000(model_phy_partner(p)) : 0;
	case MII_ESTATUS:
		return MODEL_PHY_ESTATUS;
	case MII_MMD_CTRL:
		return p->mmd_ctrl;
	case MII_MMD_DATA:
		return mmd_data(p, false, 0);
	default:
		return 0;
	}
}

void
model_phy_write(struct model_phy *p, uint32_t reg, uint16_t val)
{
	switch (reg) {
	case MII_BMCR:
		/* RESET and ANRESTART self-clear at once (no timing). */
		if (val & BMCR_RESET) {
			model_phy_reset(p);
		} else {
			p->bmcr = val & (uint16_t)~BMCR_ANRESTART;
			if ((val & BMCR_ANRESTART) && (val & BMCR_ANENABLE))
				model_phy_autoneg(p);
		}
		break;
	case MII_MMD_CTRL:
		p->mmd_ctrl = val;
		break;
	case MII_MMD_DATA:
		mmd_data(p, true, val);
		break;
	case MII_ADVERTISE:
		p->adv = val;
		break;
	case MII_CTRL1000:
		p->ctrl1000 = val;
		break;
	default:
		break;	/* read-only or absent: ignored like a real PHY */
	}
}
