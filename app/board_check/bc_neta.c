/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * A Marvell NETA port for net_mvneta_uio: its generation by compatible
 * (the PMD drives the Armada 3700; 370/XP/38x are refused, as the PMD
 * refuses them), which 3700 port map 0 is, the port's registers through
 * a read-only mapping (answering at all; the address decoding window and
 * U-Boot's hardware PHY polling shown as information), the SMI: the
 * overlay's "mdio" map, and no kernel driver bound to it, then the PHY
 * and its link over the SMI with the PMD's own code (mvneta_mdio.c, then
 * bc_phy.c): the SMI register is the only one written, with PHY reads.
 *
 * Armada 3700 addresses from Linux's armada-37xx.dtsi (internal registers
 * at 0xd0000000): eth0 ethernet@30000, eth1 ethernet@40000, 16 KiB each;
 * the SMI (orion-mdio) mdio@32004, 4 bytes, inside eth0's range.
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "bc.h"
#include "mvneta_a3700.h"
#include "mvneta_mdio.h"
#include "mvneta_regs.h"
#include "socnic_sysfs.h"

#define BC_A3700_ETH0		0xd0030000ull
#define BC_A3700_ETH1		0xd0040000ull
#define BC_A3700_SMI		0xd0032004ull
#define BC_NETA_OVERLAY		"config/boards/armada-3720-eth0-uio.dtso"
/* The kernel's platform device of the SMI node (of_device_make_bus_id). */
#define BC_ORION_MDIO_DEV	"/sys/bus/platform/drivers/orion-mdio/d0032004.mdio"

/* What the PMD needs for 370/XP/38x (mvneta_uio.c refuses them so). */
static const char bc_neta_32bit[] =
	"32-bit Armada (370/XP/38x): needs an armhf DPDK without NEON, physical addresses without hugepages, poll mode (the per-CPU interrupt) and MBus windows per DRAM chip select, none of which is provided";

static bool
bc_map_name(const struct bc_ctx *c, unsigned int i, char *buf, size_t size)
{
	char rel[32], path[PATH_MAX];

	snprintf(rel, sizeof(rel), "maps/map%u/name", i);
	return bc_uio_path(c, rel, path, sizeof(path)) &&
	       socnic_sysfs_read(path, buf, size) == 0;
}

bool
bc_neta_compatible(struct bc_ctx *c, const char *shown)
{
	char name[32];

	if (socnic_sysfs_strlist_has(c->compat, c->compat_len, MVNETA_COMPAT_A3700)) {
		c->neta = true;
		bc_ok(c, "compatible", "%s: Armada 3700 NETA", shown);
		return true;
	}
	if (socnic_sysfs_strlist_has(c->compat, c->compat_len, MVNETA_COMPAT_A370) ||
	    socnic_sysfs_strlist_has(c->compat, c->compat_len, MVNETA_COMPAT_AXP)) {
		c->neta = true;
		bc_fail(c, "compatible", "an Armada 3700 board (ESPRESSObin, Turris MOX): docs/nics/mvneta_uio.rst, \"32-bit Armada\"",
			"%s: %s", shown, bc_neta_32bit);
		c->compat_len = 0;
		return true;
	}
	if (socnic_sysfs_strlist_has(c->compat, c->compat_len, "marvell,armada-ac5-neta")) {
		c->neta = true;
		bc_fail(c, "compatible", "none: net_mvneta_uio runs the Armada 3700's NETA only",
			"%s: a NETA generation the PMD does not run", shown);
		c->compat_len = 0;
		return true;
	}
	/* The overlay's generic-uio: a NETA when map 0 is named "neta". */
	if (socnic_sysfs_strlist_has(c->compat, c->compat_len, SOCNIC_UIO_OVERLAY_COMPAT) &&
	    bc_map_name(c, 0, name, sizeof(name)) && strcmp(name, "neta") == 0) {
		c->neta = true;
		bc_ok(c, "compatible", "%s, map0 \"neta\": a NETA port (the PMD takes it for an Armada 3700)",
		      shown);
		return true;
	}
	return false;
}

void
bc_neta_check_port(struct bc_ctx *c)
{
	uint64_t pa = c->map0_addr + c->map0_off;

	if (c->compat_len == 0) {
		bc_skip(c, "soc", "no NETA generation the PMD runs");
		return;
	}
	if (pa == BC_A3700_ETH0 || pa == BC_A3700_ETH1) {
		c->neta_port = pa == BC_A3700_ETH0 ? 0 : 1;
		bc_ok(c, "soc", "Armada 3700 eth%d (ethernet@%" PRIx64 ")%s",
		      c->neta_port, pa & 0xfffffu,
		      c->neta_port == 0 ? ", overlay " BC_NETA_OVERLAY : "");
		return;
	}
	bc_fail(c, "soc", "apply the overlay to eth0 (" BC_NETA_OVERLAY ")",
		"map0 at %#" PRIx64 " is no Armada 3700 NETA port (eth0 %#llx, eth1 %#llx)",
		pa, BC_A3700_ETH0, BC_A3700_ETH1);
}

static const char bc_neta_dead_fix[] =
	"boot with the overlay and never unbind mvneta (its remove gates the "
	"port's clock, gbe0_core/gbe1_core, until a reboot); a port the boot "
	"loader powered down needs its clock on";

/*
 * The port's registers, read-only: reading 0 or all-ones in GMAC_CTRL_0
 * and the unit's registers alike, the port does not answer. What a
 * clock-gated 3700 NETA returns is not publicly documented; a read might
 * also never complete, which no check survives: the stricter reading,
 * hence the fix's warning against unbinding mvneta.
 */
void
bc_neta_check_regs(struct bc_ctx *c)
{
	uint32_t ctrl0, en, base0, size0, prot, unit, phy;
	volatile uint32_t *regs;
	const char *why = NULL;
	void *map;
	size_t len;

	if (c->neta_port < 0) {
		bc_skip(c, "neta_regs", "not a 3700 port (soc)");
		bc_skip(c, "mbus", "not a 3700 port");
		bc_skip(c, "phy_polling", "not a 3700 port");
		return;
	}
	regs = bc_map_phys(c, c->map0_addr + c->map0_off, MVNETA_REG_WINDOW_SIZE,
			   false, &map, &len, &why);
	if (regs == NULL) {
		bc_fail(c, "neta_regs", "run as root (the device node is root's); the node's reg must cover the port's 16 KiB",
			"cannot map %s's registers: %s", c->uio, why);
		bc_skip(c, "mbus", "registers not mapped");
		bc_skip(c, "phy_polling", "registers not mapped");
		return;
	}
	ctrl0 = regs[MVNETA_GMAC_CTRL_0 / 4];
	en = regs[MVNETA_BASE_ADDR_ENABLE / 4];
	base0 = regs[MVNETA_WIN_BASE(MVNETA_A3700_WIN) / 4];
	size0 = regs[MVNETA_WIN_SIZE(MVNETA_A3700_WIN) / 4];
	prot = regs[MVNETA_ACCESS_PROTECT_ENABLE / 4];
	unit = regs[MVNETA_UNIT_CONTROL / 4];
	phy = regs[MVNETA_PHY_ADDR / 4];
	bc_unmap(map, len);
	if ((ctrl0 == 0 && en == 0 && unit == 0) ||
	    (ctrl0 == 0xffffffffu && en == 0xffffffffu)) {
		bc_fail(c, "neta_regs", bc_neta_dead_fix,
			"GMAC_CTRL_0 %#x, BASE_ADDR_ENABLE %#x, UNIT_CONTROL %#x: the port does not answer (unclocked or powered down)",
			ctrl0, en, unit);
		bc_skip(c, "mbus", "the port does not answer");
		bc_skip(c, "phy_polling", "the port does not answer");
		return;
	}
	bc_ok(c, "neta_regs", "GMAC_CTRL_0 0x%08x (port %s, must-be-one bit 15 %s)",
	      ctrl0, ctrl0 & MVNETA_GMAC0_PORT_ENABLE ? "enabled" : "disabled",
	      ctrl0 & MVNETA_GMAC0_MUST_SET ? "set" : "clear");
	if ((en & MVNETA_BASE_ADDR_ENABLE_ALL_OFF) == MVNETA_BASE_ADDR_ENABLE_ALL_OFF)
		bc_ok(c, "mbus", "information: every address decoding window disabled (BASE_ADDR_ENABLE %#x): the PMD opens window 0 over 4 GiB at its probe",
		      en);
	else
		bc_ok(c, "mbus", "information: BASE_ADDR_ENABLE %#x, window 0 base %#x size %#x, protection %#x (the 3700's: %#x, %#x, %#x; the PMD rewrites them at its probe)",
		      en, base0, size0, prot, MVNETA_A3700_WIN_ENABLE,
		      MVNETA_A3700_WIN_SIZE, MVNETA_A3700_WIN_PROTECT);
	if (unit & MVNETA_PHY_POLLING_ENABLE)
		bc_ok(c, "phy_polling", "information: on (UNIT_CONTROL %#x, PHY address %u): the boot loader's hardware PHY polling masters the SMI until the PMD turns it off at its start",
		      unit, phy & MVNETA_PHY_ADDR_MASK);
	else
		bc_ok(c, "phy_polling", "information: off (UNIT_CONTROL %#x)", unit);
}

/*
 * The SMI: the overlay's "mdio" map (or, on eth0, map 0's page at
 * 0x2004), and no kernel driver bound to the mdio node, which would
 * drive the SMI beside the PMD.
 */
void
bc_neta_check_mdio(struct bc_ctx *c)
{
	char name[32], rel[32], path[PATH_MAX];
	uint64_t addr = 0, off = 0;
	unsigned int i, map = 0;

	if (c->neta_port < 0) {
		bc_skip(c, "mdio", "not a 3700 port (soc)");
		return;
	}
	for (i = 1; i < BC_UIO_MAPS && map == 0; i++)
		if (bc_map_name(c, i, name, sizeof(name)) && strcmp(name, "mdio") == 0)
			map = i;
	if (map != 0) {
		snprintf(rel, sizeof(rel), "maps/map%u/addr", map);
		if (bc_uio_path(c, rel, path, sizeof(path)))
			socnic_sysfs_u64(path, &addr);
		snprintf(rel, sizeof(rel), "maps/map%u/offset", map);
		if (!bc_uio_path(c, rel, path, sizeof(path)) ||
		    socnic_sysfs_u64(path, &off) < 0) {
			off = addr & ((uint64_t)sysconf(_SC_PAGESIZE) - 1);
			addr -= off;
		}
	}
	if (bc_path(c, BC_ORION_MDIO_DEV, path, sizeof(path)) &&
	    access(path, F_OK) == 0)
		bc_fail(c, "mdio", "disable the kernel's mdio node (" BC_NETA_OVERLAY " does: status = \"disabled\")",
			"the kernel's orion-mdio drives the SMI (%s): its PHY and switch drivers would race the PMD",
			BC_ORION_MDIO_DEV);
	else if (map != 0 && addr + off != BC_A3700_SMI)
		bc_fail(c, "mdio", "the overlay's second reg entry: <0x32004 0x4> (" BC_NETA_OVERLAY ")",
			"map%u \"mdio\" at %#" PRIx64 " is not the SMI (%#llx)",
			map, addr + off, BC_A3700_SMI);
	else if (map != 0) {
		bc_ok(c, "mdio", "map%u \"mdio\": the SMI at %#" PRIx64 "; no kernel driver on it",
		      map, addr + off);
		c->neta_smi_map = (int)map;
		c->neta_smi_pa = addr + off;
	} else if (c->neta_port == 0) {
		bc_ok(c, "mdio", "no \"mdio\" map: the SMI at map0 + %#llx, inside eth0's registers; no kernel driver on it",
		      BC_A3700_SMI - BC_A3700_ETH0);
		c->neta_smi_map = 0;
		c->neta_smi_pa = BC_A3700_SMI;
	} else {
		bc_fail(c, "mdio", "a second reg entry <0x32004 0x4> named \"mdio\" in the port's node (as " BC_NETA_OVERLAY " gives eth0)",
			"eth1 has no \"mdio\" map and the SMI lies outside its registers");
	}
}

static uint32_t
bc_smi_read32(void *ctx)
{
	return *(volatile uint32_t *)ctx;
}

static void
bc_smi_write32(void *ctx, uint32_t val)
{
	*(volatile uint32_t *)ctx = val;
}

/*
 * BUSY that never clears: another master drives the SMI (the kernel's
 * orion-mdio, its platform device named otherwise than the mdio check
 * looks for), or the unit holding the SMI is unclocked.
 */
static const char bc_smi_stuck_fix[] =
	"no other master on the SMI: the kernel's orion-mdio unbound (" BC_NETA_OVERLAY
	" disables mdio@32004); the SMI's unit (eth0's) clocked: never unbind mvneta, "
	"whose remove gates gbe0_core until a reboot";

static const struct bc_mdio_family bc_neta_smi = {
	.stuck = "SMI read timed out (its BUSY bit stays set)",
	.stuck_fix = bc_smi_stuck_fix,
	.link_fix = bc_smi_stuck_fix,
	.no_phy_fix = "the PHY's power and reset, its address (the board tree's phy-handle; "
		"the PMD's phy_addr=), or a switch without a PHY: the node's fixed-link "
		"(the ESPRESSObin's eth0 has one) or fixed_link=1000",
};

/* Whether the node has a fixed-link (the subnode or the legacy property). */
static bool
bc_neta_fixed_link(const struct bc_ctx *c)
{
	char path[PATH_MAX];

	return bc_uio_path(c, "device/of_node/fixed-link", path, sizeof(path)) &&
	       access(path, F_OK) == 0;
}

/*
 * The PHY over the SMI, as the PMD manages it (mvneta_phy.c): an RGMII
 * port (or one without phy-mode: the PMD takes RGMII) without a fixed
 * link, through the "mdio" map, else eth0's window. Only the SMI register
 * is written: read commands.
 */
void
bc_neta_check_phy(struct bc_ctx *c)
{
	struct mvneta_mdio_bus bus = {
		.read32 = bc_smi_read32,
		.write32 = bc_smi_write32,
		.delay_us = bc_delay_us,
	};
	struct socnic_mdio mdio;
	const char *why = NULL;
	void *base;
	size_t len;

	if (c->neta_port < 0) {
		bc_skip(c, "phy", "not a 3700 port (soc)");
		bc_skip(c, "link", "no PHY");
		return;
	}
	if (bc_neta_fixed_link(c)) {
		bc_skip(c, "phy", "the node's fixed-link: the PMD manages no PHY");
		bc_skip(c, "link", "a fixed link (the PMD forces it into the GMAC)");
		return;
	}
	if (c->phy_mode[0] != '\0' && strncmp(c->phy_mode, "rgmii", 5) != 0) {
		bc_skip(c, "phy", "a SerDes phy-mode (in-band status): the PMD manages no PHY");
		bc_skip(c, "link", "in-band status, read by the GMAC");
		return;
	}
	if (c->neta_smi_map < 0) {
		bc_skip(c, "phy", "no SMI the PMD may use (mdio)");
		bc_skip(c, "link", "no PHY");
		return;
	}
	bus.ctx = (void *)(uintptr_t)bc_map_index(c, (unsigned int)c->neta_smi_map,
						  c->neta_smi_pa, 4, true,
						  &base, &len, &why);
	if (bus.ctx == NULL) {
		bc_fail(c, "phy", "run as root", "cannot map %s's map%d for the SMI: %s",
			c->uio, c->neta_smi_map, why);
		bc_skip(c, "link", "no PHY");
		return;
	}
	mdio = socnic_mdio_bus(&mvneta_mdio_ops, &bus);
	bc_phy_check(c, &mdio, &bc_neta_smi);
	bc_unmap(base, len);
}
