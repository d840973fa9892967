/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The device models' PHY (docs/model.md "PHY and MDIO"): one Clause 22
 * PHY behind a model's MDIO master (the dwmac4's MAC_MDIO_Address, the
 * NETA's SMI), an RTL8211F by its ID, and its link partner. The partner
 * advertises exactly one mode until it renegotiates (the link drops, BMSR's
 * link status latching low, and comes back in the new mode);
 * auto-negotiation settles on that mode when the PHY advertises it
 * (ADVERTISE, CTRL1000), else the link stays down.
 *
 * Its MMD registers (Clause 45 through Clause 22 registers 13/14, IEEE
 * 802.3 22.2.4.3.11): PCS control 1 (MMD 3.0) with clock stop enable, set
 * at reset, and the EEE advertisement (MMD 7.60), 100TX and 1000T at
 * reset. EEE is resolved when auto-negotiation runs (power-on, a restart,
 * the link coming up; 45.2.7.13): both ends advertise it for the speed
 * agreed, full duplex; the PHY then stops the receive clock while the
 * partner idles (model_phy_rxc_stopped()).
 *
 * What the MAC makes of the link (in-band status, interrupts, a MAC at
 * another mode than the PHY's) is the family model's. No locking here:
 * the owner's lock covers the registers; cable, partner, the link latch
 * and a renegotiation under way are atomics the engines read.
 */
#ifndef MODEL_PHY_H
#define MODEL_PHY_H

#include <stdbool.h>
#include <stdint.h>

/* MDIO addresses a PHY may answer at; an address beyond: no PHY. */
#define MODEL_PHY_ADDR_MAX	31u
/* What a read from an absent PHY returns (the bus's pull-ups). */
#define MODEL_MDIO_ABSENT	0xffffu

/* The partner's one mode: speed in Mbit/s, full duplex. */
#define MODEL_PARTNER_FULL	0x10000u
#define MODEL_PARTNER(speed, full) ((speed) | ((full) ? MODEL_PARTNER_FULL : 0u))

struct model_phy {
	unsigned int addr;		/* MDIO address; > MODEL_PHY_ADDR_MAX: none */
	bool partner_eee;		/* the partner advertises EEE */
	uint16_t bmcr;
	uint16_t adv;
	uint16_t ctrl1000;
	/* Its MMD registers, through Clause 22 registers 13 and 14. */
	uint16_t mmd_ctrl;		/* register 13 */
	uint16_t mmd_addr[32];		/* register 14's address, per MMD */
	uint16_t eee_adv;		/* MMD 7.60 */
	uint16_t pcs_ctrl1;		/* MMD 3.0 */
	bool eee_active;		/* EEE resolved at the last auto-negotiation */
	bool cable;			/* atomic */
	bool bmsr_link_latch;		/* atomic: latched-low LSTATUS */
	/*
	 * The partner's one mode (MODEL_PARTNER(speed, full), atomic: the
	 * harness renegotiates while the engines run), and a renegotiation
	 * under way (atomic: the link is down meanwhile).
	 */
	uint32_t partner;
	bool aneg_restart;
};

/* Power-on: at @p addr, cable in, the partner at @p speed / @p full. */
void model_phy_init(struct model_phy *p, unsigned int addr, unsigned int speed,
		    bool full, bool partner_eee);
/* BMCR.RESET: the registers to their reset values, negotiation again. */
void model_phy_reset(struct model_phy *p);
/* Whether a PHY sits on the bus (else a fixed link to a switch). */
static inline bool
model_phy_present(const struct model_phy *p)
{
	return p->addr <= MODEL_PHY_ADDR_MAX;
}
/* Link up: cable in and auto-negotiation agreed (or no PHY). */
bool model_phy_link_up(const struct model_phy *p);
/* The partner's mode now, MODEL_PARTNER(speed, full) (atomic load). */
uint32_t model_phy_partner(const struct model_phy *p);
static inline unsigned int
model_partner_mode_speed(uint32_t mode)
{
	return mode & ~MODEL_PARTNER_FULL;
}
static inline bool
model_partner_mode_full(uint32_t mode)
{
	return mode & MODEL_PARTNER_FULL;
}
/* Auto-negotiation ran again: EEE resolved anew (cable in, restart). */
void model_phy_autoneg(struct model_phy *p);
/* The PHY stops the (R)GMII receive clock now (EEE LPI with clock stop). */
bool model_phy_rxc_stopped(struct model_phy *p);
/*
 * Clause 22 register @p reg of the PHY read or written over MDIO (the
 * caller checked the address). After a write the owner re-evaluates the
 * link: what the PHY advertises decides whether negotiation agrees.
 */
uint16_t model_phy_read(struct model_phy *p, uint32_t reg);
void model_phy_write(struct model_phy *p, uint32_t reg, uint16_t val);
/* The cable pulled or plugged: BMSR latches low on a pull. */
void model_phy_cable_set(struct model_phy *p, bool up);
/*
 * A renegotiation in two steps, so that the owner sees the link drop in
 * between: begin (the link down, status latched low), then end with the
 * partner's new mode (negotiated again, EEE for the new mode).
 */
void model_phy_renegotiate_begin(struct model_phy *p);
void model_phy_renegotiate_end(struct model_phy *p, uint32_t partner);

#endif /* MODEL_PHY_H */
