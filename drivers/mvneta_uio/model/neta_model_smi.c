/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * neta model: the SMI (orion-mdio, ../base/mvneta_smi.h) with the models'
 * shared PHY behind it (model_phy.h), and what the GMAC makes of the
 * PHY's link (docs/model.md "The neta model", "PHY and MDIO").
 *
 * The SMI is where params.mdio puts it: a UIO map of its own ("mdio", the
 * board overlays'), 0x2004 into the port's window (the Armada 3700's
 * eth0), or nowhere. A command is one write; the transfer then runs until
 * the SMI has been read once (that read returns BUSY, and no READ_VALID),
 * so a driver that does not poll BUSY as Linux does reads no data. A
 * command written while BUSY is lost (viol_smi_busy). A read of an
 * address no PHY answers at returns 0xffff, the bus's pull-ups.
 *
 * The GMAC: AUTONEG_CONFIG's forcing bits over the PHY's link (forced
 * down reads down and passes nothing; forced pass reads up whatever the
 * PHY says, yet nothing crosses a wire without a link), its forced speed
 * and duplex, or with AN_SPEED_EN / AN_DUPLEX_EN the partner's where the
 * GMAC can learn it (in-band status, the unit's PHY polling). A GMAC at
 * another speed or duplex than the partner's drops every frame
 * (rx/tx_dropped_speed). Called with the model lock held.
 */
#include <errno.h>

#include "mii_phy_regs.h"
#include "neta_model_internal.h"

/* ---- The SMI ---- */

uint32_t
neta_smi_read(struct neta_model *m)
{
	if (m->smi_busy) {
		m->smi_busy = false;
		return MVNETA_SMI_BUSY;
	}
	return m->smi;
}

void
neta_smi_write(struct neta_model *m, uint32_t val)
{
	unsigned int pa = (val >> MVNETA_SMI_PHY_ADDR_SHIFT) &
			  MVNETA_SMI_ADDR_FIELD_MASK;
	uint32_t reg = (val >> MVNETA_SMI_PHY_REG_SHIFT) &
		       MVNETA_SMI_ADDR_FIELD_MASK;
	bool here = pa == m->phy.addr;
	uint16_t v;

	if (m->smi_busy) {
		neta_violation(m, NETA_VIOL_SMI_BUSY,
			       "SMI command 0x%08x written while the SMI is busy: lost",
			       val);
		return;
	}
	m->smi_busy = true;
	if (val & MVNETA_SMI_READ_OPERATION) {
		v = here ? model_phy_read(&m->phy, reg) : MODEL_MDIO_ABSENT;
		m->smi = (val & ~(MVNETA_SMI_DATA_MASK | MVNETA_SMI_BUSY)) |
			 MVNETA_SMI_READ_VALID | v;
		return;
	}
	m->smi = val & ~(MVNETA_SMI_READ_VALID | MVNETA_SMI_BUSY);
	if (here) {
		bool before = neta_gmac_link(m);

		model_phy_write(&m->phy, reg,
				(uint16_t)(val & MVNETA_SMI_DATA_MASK));
		/* What it advertises decides whether negotiation agrees. */
		neta_gmac_link_note(m, before);
		neta_irq_eval(m);
	}
}

/* ---- The link the GMAC sees ---- */

bool
neta_partner_link(const struct neta_model *m)
{
	return model_phy_link_up(&m->phy);
}

bool
neta_gmac_link(const struct neta_model *m)
{
	uint32_t an = neta_reg(m, MVNETA_GMAC_AUTONEG_CONFIG);

	if (neta_reg(m, MVNETA_GMAC_CTRL_2) & MVNETA_GMAC2_PORT_RESET)
		return false;
	/*
	 * FORCE_LINK_PASS wins when both are set: U-Boot's
	 * mvneta_adjust_link() sets both on every link-up and its port
	 * passes frames on the silicon.
	 */
	if (an & MVNETA_GMAC_FORCE_LINK_PASS)
		return true;
	return !(an & MVNETA_GMAC_FORCE_LINK_DOWN) && neta_partner_link(m);
}

/* GMAC_STATUS's speed and duplex bits of the partner's mode. */
static uint32_t
partner_mode_bits(uint32_t mode)
{
	unsigned int speed = model_partner_mode_speed(mode);
	uint32_t v = model_partner_mode_full(mode) ? MVNETA_GMAC_FULL_DUPLEX : 0;

	if (speed == 1000)
		v |= MVNETA_GMAC_SPEED_1000;
	else if (speed == 100)
		v |= MVNETA_GMAC_SPEED_100;
	return v;
}

/*
 * Whether the GMAC can learn the partner's mode itself: from in-band
 * status (INBAND_AN_ENABLE) or from the unit's polling of the PHY over
 * the SMI (UNIT_CONTROL). Else AN_SPEED_EN / AN_DUPLEX_EN resolve nothing
 * (the stricter reading: docs/model.md).
 */
static bool
gmac_learns_mode(const struct neta_model *m, uint32_t an)
{
	return (an & MVNETA_GMAC_INBAND_AN_ENABLE) ||
	       (neta_reg(m, MVNETA_UNIT_CONTROL) & MVNETA_PHY_POLLING_ENABLE);
}

uint32_t
neta_gmac_mode(const struct neta_model *m)
{
	uint32_t an = neta_reg(m, MVNETA_GMAC_AUTONEG_CONFIG), v = 0;
	uint32_t partner = partner_mode_bits(model_phy_partner(&m->phy));

	if (!gmac_learns_mode(m, an))
		partner = 0;
	if (an & MVNETA_GMAC_AN_SPEED_EN)
		v |= partner & (MVNETA_GMAC_SPEED_1000 | MVNETA_GMAC_SPEED_100);
	else if (an & MVNETA_GMAC_CONFIG_GMII_SPEED)
		v |= MVNETA_GMAC_SPEED_1000;
	else if (an & MVNETA_GMAC_CONFIG_MII_SPEED)
		v |= MVNETA_GMAC_SPEED_100;
	if (an & MVNETA_GMAC_AN_DUPLEX_EN)
		v |= partner & MVNETA_GMAC_FULL_DUPLEX;
	else if (an & MVNETA_GMAC_CONFIG_FULL_DUPLEX)
		v |= MVNETA_GMAC_FULL_DUPLEX;
	return v;
}

bool
neta_gmac_mode_ok(const struct neta_model *m)
{
	return neta_gmac_mode(m) ==
	       partner_mode_bits(model_phy_partner(&m->phy));
}

/* ---- Harness side ---- */

void
neta_model_set_link(struct neta_model *m, bool up)
{
	bool before;

	pthread_mutex_lock(&m->lock);
	before = neta_gmac_link(m);
	model_phy_cable_set(&m->phy, up);
	model_phy_autoneg(&m->phy);
	neta_gmac_link_note(m, before);
	neta_irq_eval(m);
	pthread_mutex_unlock(&m->lock);
	model_thread_kick(&m->thr);
}

/*
 * The drop, then the link back in the new mode: a GMAC whose link follows
 * the PHY's sees both changes (LINK_CHANGE); a forced one sees none.
 */
int
neta_model_set_partner(struct neta_model *m, unsigned int speed, bool full)
{
	bool before;

	if (speed != 10 && speed != 100 && speed != 1000)
		return -EINVAL;
	pthread_mutex_lock(&m->lock);
	before = neta_gmac_link(m);
	model_phy_renegotiate_begin(&m->phy);
	neta_gmac_link_note(m, before);
	before = neta_gmac_link(m);
	model_phy_renegotiate_end(&m->phy, MODEL_PARTNER(speed, full));
	model_phy_autoneg(&m->phy);
	neta_gmac_link_note(m, before);
	neta_irq_eval(m);
	pthread_mutex_unlock(&m->lock);
	model_thread_kick(&m->thr);
	return 0;
}

uint32_t
neta_model_smi_read32(struct neta_model *m)
{
	uint32_t v = 0;

	pthread_mutex_lock(&m->lock);
	if (m->params.mdio == NETA_MODEL_MDIO_MAP)
		v = neta_smi_read(m);
	pthread_mutex_unlock(&m->lock);
	return v;
}

void
neta_model_smi_write32(struct neta_model *m, uint32_t val)
{
	pthread_mutex_lock(&m->lock);
	if (m->params.mdio == NETA_MODEL_MDIO_MAP)
		neta_smi_write(m, val);
	pthread_mutex_unlock(&m->lock);
	model_thread_kick(&m->thr);
}

uint64_t
neta_model_regs_phys(const struct neta_model *m)
{
	return (uint64_t)MVNETA_A3700_INTREGS +
	       (m->params.mdio == NETA_MODEL_MDIO_WINDOW ? MVNETA_A3700_ETH0_OFF :
							   MVNETA_A3700_ETH1_OFF);
}
