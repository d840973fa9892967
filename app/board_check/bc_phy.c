/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The phy and link checks over a family's MDIO master (a GMAC's
 * MAC_MDIO_Address in bc_regs.c, a NETA's SMI in bc_neta.c), with the
 * shared PHY library the PMDs use (socnic_mdio.c): the PHY's ID at
 * --phy-addr or the first address answering, then its link. Reads of the
 * PHY's registers only.
 */
#include <errno.h>
#include <time.h>

#include "bc.h"
#include "mii_phy_regs.h"
#include "socnic_mdio.h"

/*
 * Sleeps rather than spins: a master's poll budget (1000 polls of 10 us
 * for a GMAC, 21 of 50 us for the SMI) becomes at least ten times the
 * budget, ample for a frame at the slowest MDC.
 */
void
bc_delay_us(unsigned int us)
{
	struct timespec ts = { 0, (long)us * 10000L };

	nanosleep(&ts, NULL);
}

void
bc_phy_check(struct bc_ctx *c, const struct socnic_mdio *bus,
	     const struct bc_mdio_family *f)
{
	unsigned int pa, first = 0, last = SOCNIC_MDIO_ADDRS - 1, speed = 0;
	uint32_t id = 0xffffffffu;
	bool up = false, full = false;
	int ret;

	if (c->phy_addr >= 0)
		first = last = (unsigned int)c->phy_addr;
	for (pa = first; pa <= last; pa++) {
		uint16_t v;

		/*
		 * -EBUSY: the master was still busy from before; -ETIMEDOUT:
		 * it stays busy. -EIO (the SMI's READ_VALID clear): no PHY
		 * at this address.
		 */
		ret = socnic_mdio_read(bus, pa, MII_PHYSID1, &v);
		if (ret == -EBUSY || ret == -ETIMEDOUT) {
			bc_fail(c, "phy", f->stuck_fix, "%s", f->stuck);
			bc_skip(c, "link", "no PHY");
			return;
		}
		id = socnic_mdio_phy_id(bus, pa);
		if (socnic_mdio_phy_present(id))
			break;
	}
	if (pa > last) {
		if (c->phy_addr >= 0)
			bc_fail(c, "phy", f->no_phy_fix,
				"no PHY answers at MDIO address %d (ID %#x)",
				c->phy_addr, id);
		else
			bc_fail(c, "phy", f->no_phy_fix,
				"no PHY answers on MDIO addresses 0..31");
		bc_skip(c, "link", "no PHY");
		return;
	}
	bc_ok(c, "phy", "ID 0x%08x at MDIO address %u (phy_addr=%u)", id, pa, pa);
	ret = socnic_mdio_c22_link(bus, pa, &up, &speed, &full);
	if (ret < 0)
		bc_fail(c, "link", f->link_fix, "MDIO reads of the PHY failed");
	else if (!up)
		bc_fail(c, "link", "the cable and the link partner (auto-negotiation must agree on a mode both advertise)",
			"down");
	else
		bc_ok(c, "link", "up, %u Mbit/s %s duplex", speed,
		      full ? "full" : "half");
}
