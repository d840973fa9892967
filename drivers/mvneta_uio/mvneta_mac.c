/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * net_mvneta_uio: the GMAC side of a port (mvneta_ethdev.h). The register
 * sequences follow Linux mvneta.c's phylink callbacks: mvneta_mac_prepare()
 * (the link forced down while the mode changes), mvneta_mac_config() (out
 * of port reset, RGMII/PCS/in-band in GMAC_CTRL_2, the 1000BASE-X port
 * type in GMAC_CTRL_0), mvneta_pcs_config() and mvneta_mac_link_up() /
 * mvneta_mac_link_down() (AUTONEG_CONFIG's in-band or forced speed, duplex
 * and link), plus mvneta_defaults_set()'s PHY polling off and CPU_MAP and
 * mvneta_port_down()'s TX FIFO wait. Every GMAC register is written
 * read-modify-write: bits the driver does not own (GMAC_CTRL_0's
 * must-be-one bit 15, FreeBSD's MVNETA_PMACC0_MUSTSET) keep their value.
 *
 * With a PHY over the SMI (mvneta_phy.c) the link stays forced down
 * until the PHY reports one, then is forced to its speed and duplex; an
 * RGMII port whose PHY the PMD cannot reach runs a fixed link
 * (mvneta_phy_init()).
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include <rte_byteorder.h>
#include <rte_cycles.h>

#include "mvneta_ethdev.h"
#include "mvneta_logs.h"

/* Polls of 1 us for GMAC_CTRL_2's PORT_RESET to clear. */
#define MVNETA_PORT_RESET_POLLS		1000u
/* Polls of 10 us for the TX FIFO to empty (Linux: 10000 of 1 ms). */
#define MVNETA_TX_FIFO_POLLS		10000u

/* The AUTONEG_CONFIG bits the mode owns (mvneta_pcs_config(), link_up). */
#define MVNETA_AN_MODE_BITS						\
	(MVNETA_GMAC_FORCE_LINK_DOWN | MVNETA_GMAC_FORCE_LINK_PASS |	\
	 MVNETA_GMAC_INBAND_AN_ENABLE | MVNETA_GMAC_AN_SPEED_EN |	\
	 MVNETA_GMAC_AN_DUPLEX_EN | MVNETA_GMAC_CONFIG_MII_SPEED |	\
	 MVNETA_GMAC_CONFIG_GMII_SPEED | MVNETA_GMAC_CONFIG_FULL_DUPLEX |	\
	 MVNETA_GMAC_CONFIG_FLOW_CTRL)

/* ---- The device-tree node of a UIO port ---- */

/*
 * Up to @p size bytes of property @p prop of the UIO device's node
 * (uio_root/sys/class/uio/uioN/device/of_node/PROP): the count read, or
 * -errno (-ENOENT on a model port or when the node lacks it).
 */
static int
mvneta_of_read(const struct mvneta_adapter *ad, const char *prop, void *buf,
	       size_t size)
{
	char path[PATH_MAX];
	size_t n;
	FILE *f;
	int len;

	if (!ad->da.port.use_uio)
		return -ENOENT;
	len = snprintf(path, sizeof(path), "%s/sys/class/uio/%s/device/of_node/%s",
		       ad->da.port.uio_root, ad->da.port.uio, prop);
	if (len < 0 || (size_t)len >= sizeof(path))
		return -ENAMETOOLONG;
	f = fopen(path, "rb");
	if (f == NULL)
		return -errno;
	n = fread(buf, 1, size, f);
	fclose(f);
	return (int)n;
}

/* "phy-mode": the mode's index, -ENOENT without one, -EINVAL unknown. */
static int
mvneta_of_phy_mode(const struct mvneta_adapter *ad, const char *name)
{
	char v[32];
	int n = mvneta_of_read(ad, "phy-mode", v, sizeof(v) - 1);
	int mode;

	if (n < 0)
		return n;
	v[n] = '\0';
	mode = socnic_parse_word(v, mvneta_phy_mode_names);
	if (mode < 0) {
		PMD_DRV_LOG(ERR, "%s: the node's phy-mode \"%s\" is not one the driver runs (" MVNETA_PHY_MODE_SYNTAX "): give phy_mode=",
			    name, v);
		return -EINVAL;
	}
	return mode;
}

/*
 * "fixed-link": the subnode (speed, full-duplex) or the legacy property
 * <phy-id duplex speed pause asym-pause>. 1 with the link filled, 0
 * without one.
 */
static int
mvneta_of_fixed_link(struct mvneta_adapter *ad)
{
	uint32_t be[5], dummy;

	if (mvneta_of_read(ad, "fixed-link/speed", be, 4) == 4) {
		ad->fixed_speed = (uint16_t)rte_be_to_cpu_32(be[0]);
		ad->fixed_half = mvneta_of_read(ad, "fixed-link/full-duplex",
						&dummy, sizeof(dummy)) < 0;
		return 1;
	}
	if (mvneta_of_read(ad, "fixed-link", be, sizeof(be)) == sizeof(be)) {
		ad->fixed_speed = (uint16_t)rte_be_to_cpu_32(be[2]);
		ad->fixed_half = rte_be_to_cpu_32(be[1]) == 0;
		return 1;
	}
	return 0;
}

/* ---- Probe ---- */

int
mvneta_mac_resolve(struct mvneta_adapter *ad, const char *name)
{
	const struct mvneta_devargs *da = &ad->da;
	int mode = da->phy_mode;
	uint64_t cycles;

	/* 2500 Mbit/s is 2500base-x's: fixed_link=2500 alone implies it. */
	if (mode < 0 && da->fixed_speed == 2500)
		mode = MVNETA_PHY_2500BASEX;
	if (mode < 0) {
		mode = mvneta_of_phy_mode(ad, name);
		if (mode == -EINVAL)
			return mode;
		if (mode < 0)
			mode = MVNETA_PHY_RGMII;
	}
	ad->phy_mode = (enum mvneta_phy_mode)mode;
	ad->fixed_speed = da->fixed_speed;
	ad->fixed_half = da->fixed_half;
	if (da->fixed_speed == 0)
		mvneta_of_fixed_link(ad);
	if (ad->fixed_speed != 0 && ad->fixed_speed != 10 &&
	    ad->fixed_speed != 100 && ad->fixed_speed != 1000 &&
	    ad->fixed_speed != 2500) {
		PMD_DRV_LOG(ERR, "%s: fixed link at %u Mbit/s: the GMAC runs 10, 100, 1000 or 2500",
			    name, ad->fixed_speed);
		return -EINVAL;
	}
	if ((ad->fixed_speed == 2500) != (ad->phy_mode == MVNETA_PHY_2500BASEX &&
					  ad->fixed_speed != 0)) {
		PMD_DRV_LOG(ERR, "%s: a fixed link at 2500 Mbit/s needs phy_mode=2500base-x, and 2500base-x a 2500 link",
			    name);
		return -EINVAL;
	}
	ad->clk_rate = da->clk_rate != 0 ? da->clk_rate : MVNETA_CLK_RATE_DEF;
	if (da->port.use_uio && da->clk_rate == 0 && da->rx_coal_usecs != 0)
		PMD_DRV_LOG(NOTICE, "%s: rx_coal_usecs counted at %u Hz (Armada 38x/XP); give clk_rate= the port's clock (debugfs clk_summary) on other SoCs",
			    name, ad->clk_rate);
	cycles = (uint64_t)da->rx_coal_usecs * (ad->clk_rate / 1000000u);
	if (cycles > UINT32_MAX) {
		PMD_DRV_LOG(ERR, "%s: rx_coal_usecs=%u at clk_rate=%u Hz is %" PRIu64 " cycles: RXQ_TIME_COAL holds 32 bits",
			    name, da->rx_coal_usecs, ad->clk_rate, cycles);
		return -EINVAL;
	}
	PMD_DRV_LOG(DEBUG, "%s: phy_mode %s, %s link%s", name,
		    mvneta_phy_mode_names[ad->phy_mode],
		    ad->fixed_speed != 0 ? "fixed" :
		    ad->phy_mode >= MVNETA_PHY_SGMII ? "in-band" : "PHY",
		    ad->fixed_half ? " (half duplex)" : "");
	return 0;
}

/* ---- Start and stop ---- */

/* The CPUs whose CPU_MAP the driver writes: those present, at most 4. */
static unsigned int
mvneta_nb_cpus(void)
{
	long n = sysconf(_SC_NPROCESSORS_CONF);

	return n < 1 ? 1u : n > (long)MVNETA_MAX_CPUS ? MVNETA_MAX_CPUS :
							 (unsigned int)n;
}

/* AUTONEG_CONFIG for the port's mode (Linux pcs_config, mac_link_up). */
static uint32_t
mvneta_an_mode(const struct mvneta_adapter *ad)
{
	uint32_t v;

	if (ad->fixed_speed != 0) {
		v = MVNETA_GMAC_FORCE_LINK_PASS;
		if (ad->fixed_speed >= 1000)
			v |= MVNETA_GMAC_CONFIG_GMII_SPEED;
		else if (ad->fixed_speed == 100)
			v |= MVNETA_GMAC_CONFIG_MII_SPEED;
		return v | (ad->fixed_half ? 0 : MVNETA_GMAC_CONFIG_FULL_DUPLEX);
	}
	if (ad->phy_mode == MVNETA_PHY_SGMII)
		return MVNETA_GMAC_INBAND_AN_ENABLE | MVNETA_GMAC_AN_SPEED_EN |
		       MVNETA_GMAC_AN_DUPLEX_EN;
	if (ad->phy_mode >= MVNETA_PHY_1000BASEX)
		return MVNETA_GMAC_INBAND_AN_ENABLE |
		       MVNETA_GMAC_CONFIG_GMII_SPEED |
		       MVNETA_GMAC_CONFIG_FULL_DUPLEX;
	/*
	 * RGMII with its PHY over the SMI (Linux mvneta_pcs_config() without
	 * in-band: the GMAC resolves nothing): down until the PHY's link is
	 * forced in (mvneta_phy.c).
	 */
	return MVNETA_GMAC_FORCE_LINK_DOWN;
}

void
mvneta_mac_configure(struct mvneta_adapter *ad)
{
	const struct socnic_backend *be = &ad->port.be;
	bool inband = ad->fixed_speed == 0 && ad->phy_mode >= MVNETA_PHY_SGMII;
	uint32_t an, c0, c2;
	unsigned int i, n = mvneta_nb_cpus();

	/* The PHY is the driver's, not the unit's polling over the SMI. */
	socnic_update32(be, MVNETA_UNIT_CONTROL, MVNETA_PHY_POLLING_ENABLE, 0);
	/* Any CPU may run the port's lcore: every one reaches every queue. */
	for (i = 0; i < n; i++)
		socnic_write32(be, MVNETA_CPU_MAP(i),
			       MVNETA_CPU_RXQ_ACCESS_ALL_MASK |
			       MVNETA_CPU_TXQ_ACCESS_ALL_MASK);
	/* The mode and in-band enable change only with the link down. */
	an = socnic_read32(be, MVNETA_GMAC_AUTONEG_CONFIG);
	socnic_write32(be, MVNETA_GMAC_AUTONEG_CONFIG,
		       (an & ~MVNETA_GMAC_FORCE_LINK_PASS) |
		       MVNETA_GMAC_FORCE_LINK_DOWN);
	c0 = socnic_read32(be, MVNETA_GMAC_CTRL_0) & ~MVNETA_GMAC0_PORT_1000BASE_X;
	if (inband && ad->phy_mode >= MVNETA_PHY_1000BASEX)
		c0 |= MVNETA_GMAC0_PORT_1000BASE_X;
	socnic_write32(be, MVNETA_GMAC_CTRL_0, c0 | MVNETA_GMAC0_MUST_SET);
	/* SGMII and 802.3z set the RGMII bit too (Linux mvneta_mac_config()). */
	c2 = socnic_read32(be, MVNETA_GMAC_CTRL_2) &
	     ~(MVNETA_GMAC2_INBAND_AN_ENABLE | MVNETA_GMAC2_PCS_ENABLE |
	       MVNETA_GMAC2_PORT_RESET);
	c2 |= MVNETA_GMAC2_PORT_RGMII;
	if (ad->phy_mode >= MVNETA_PHY_SGMII)
		c2 |= MVNETA_GMAC2_PCS_ENABLE;
	if (inband && ad->phy_mode == MVNETA_PHY_SGMII)
		c2 |= MVNETA_GMAC2_INBAND_AN_ENABLE;
	socnic_write32(be, MVNETA_GMAC_CTRL_2, c2);
	for (i = 0; i < MVNETA_PORT_RESET_POLLS &&
	     (socnic_read32(be, MVNETA_GMAC_CTRL_2) & MVNETA_GMAC2_PORT_RESET);
	     i++)
		rte_delay_us(1);
	if (i == MVNETA_PORT_RESET_POLLS)
		PMD_DRV_LOG(WARNING, "%s: the GMAC stays in port reset",
			    ad->eth_dev->data->name);
	an = socnic_read32(be, MVNETA_GMAC_AUTONEG_CONFIG) & ~MVNETA_AN_MODE_BITS;
	socnic_write32(be, MVNETA_GMAC_AUTONEG_CONFIG,
		       an | mvneta_an_mode(ad) | mvneta_fc_an_bits(ad));
}

/*
 * GMAC_CTRL_0: the port, and the largest frame the MAC takes at the
 * field's maximum: the driver enforces the MTU itself, frame by frame,
 * counting what is too long in rx_q0_oversize (ierrors), as the engine's
 * other PMD does with a MAC that takes jumbo frames.
 */
void
mvneta_mac_port_enable(struct mvneta_adapter *ad, bool on)
{
	socnic_update32(&ad->port.be, MVNETA_GMAC_CTRL_0,
			MVNETA_GMAC_MAX_RX_SIZE_MASK | MVNETA_GMAC0_PORT_ENABLE,
			MVNETA_GMAC_MAX_RX_SIZE_MASK |
			(on ? MVNETA_GMAC0_PORT_ENABLE : 0));
}

/* Linux mvneta_mac_link_down(): a forced link goes down; in-band is left. */
void
mvneta_mac_link_down(struct mvneta_adapter *ad)
{
	if (ad->fixed_speed == 0 && ad->phy_mode >= MVNETA_PHY_SGMII)
		return;
	socnic_update32(&ad->port.be, MVNETA_GMAC_AUTONEG_CONFIG,
			MVNETA_GMAC_FORCE_LINK_PASS | MVNETA_GMAC_FORCE_LINK_DOWN,
			MVNETA_GMAC_FORCE_LINK_DOWN);
}

/* Linux mvneta_port_down(): the FIFO empty, or nothing in progress. */
void
mvneta_mac_tx_fifo_wait(struct mvneta_adapter *ad)
{
	uint32_t st = 0;
	unsigned int i;

	for (i = 0; i < MVNETA_TX_FIFO_POLLS; i++) {
		st = socnic_read32(&ad->port.be, MVNETA_PORT_STATUS);
		if ((st & MVNETA_TX_FIFO_EMPTY) || !(st & MVNETA_TX_IN_PRGRS))
			return;
		rte_delay_us(10);
	}
	PMD_DRV_LOG(WARNING, "%s: the TX FIFO did not empty (PORT_STATUS 0x%08x)",
		    ad->eth_dev->data->name, st);
}
