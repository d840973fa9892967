/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The controller's registers through the UIO device: map N of /dev/uioN
 * is mmap offset N pages (drivers/uio/uio.c uio_mmap()), its physical
 * place maps/mapN/addr (page aligned) and size. MAC_Version is read
 * from a read-only mapping; the PHY over the controller's MDIO master
 * with the PMD's own code (stmmac_mdio.c, then bc_phy.c), which writes
 * MAC_MDIO_Address and nothing else.
 */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "bc.h"
#include "dwmac4_regs.h"
#include "socnic_sysfs.h"
#include "stmmac_mdio.h"

/* Map @p i's physical start and size; false when there is no map @p i. */
static bool
bc_map_info(const struct bc_ctx *c, unsigned int i, uint64_t *addr,
	    uint64_t *size)
{
	char rel[64], path[PATH_MAX];

	snprintf(rel, sizeof(rel), "maps/map%u/addr", i);
	if (!bc_uio_path(c, rel, path, sizeof(path)) ||
	    socnic_sysfs_u64(path, addr) < 0)
		return false;
	snprintf(rel, sizeof(rel), "maps/map%u/size", i);
	return bc_uio_path(c, rel, path, sizeof(path)) &&
	       socnic_sysfs_u64(path, size) == 0;
}

volatile uint32_t *
bc_map_index(const struct bc_ctx *c, unsigned int i, uint64_t pa, size_t len,
	     bool writable, void **base, size_t *map_len, const char **why)
{
	long pg = sysconf(_SC_PAGESIZE);
	uint64_t addr = 0, size = 0;
	char rel[48], path[PATH_MAX];
	void *m;
	int fd;

	if (!bc_map_info(c, i, &addr, &size) || pa < addr ||
	    pa - addr + len > size) {
		*why = "no map of the UIO device covers it (the overlay maps only the controller)";
		return NULL;
	}
	snprintf(rel, sizeof(rel), "/dev/%s", c->uio);
	if (!bc_path(c, rel, path, sizeof(path))) {
		*why = "path too long";
		return NULL;
	}
	fd = open(path, (writable ? O_RDWR : O_RDONLY) | O_CLOEXEC);
	if (fd < 0) {
		*why = strerror(errno);
		return NULL;
	}
	m = mmap(NULL, (size_t)size, PROT_READ | (writable ? PROT_WRITE : 0),
		 MAP_SHARED, fd, (off_t)i * pg);
	close(fd);	/* the mapping stays */
	if (m == MAP_FAILED) {
		*why = strerror(errno);
		return NULL;
	}
	*base = m;
	*map_len = (size_t)size;
	return (volatile uint32_t *)((uint8_t *)m + (pa - addr));
}

volatile uint32_t *
bc_map_phys(const struct bc_ctx *c, uint64_t pa, size_t len, bool writable,
	    void **base, size_t *map_len, const char **why)
{
	uint64_t addr = 0, size = 0;
	unsigned int i;

	for (i = 0; i < BC_UIO_MAPS && bc_map_info(c, i, &addr, &size); i++)
		if (pa >= addr && pa - addr + len <= size)
			return bc_map_index(c, i, pa, len, writable, base,
					    map_len, why);
	*why = "no map of the UIO device covers it (the overlay maps only the controller)";
	return NULL;
}

void
bc_unmap(void *base, size_t map_len)
{
	munmap(base, map_len);
}

/* The window of map 0's registers. */
static volatile uint32_t *
bc_map_regs(const struct bc_ctx *c, bool writable, void **base, size_t *len,
	    const char **why)
{
	return bc_map_phys(c, c->map0_addr + c->map0_off, DMA_CHANX_BASE_ADDR(8),
			   writable, base, len, why);
}

static const char bc_unclocked_fix[] =
	"the block is unclocked, in reset or powered down: clk_ignore_unused "
	"and pd_ignore_unused on the kernel command line; on Rockchip the "
	"boot loader's reset (the reset line)";

void
bc_check_mac_version(struct bc_ctx *c)
{
	volatile uint32_t *regs;
	const char *why = NULL;
	uint32_t ver, snps;
	void *base;
	size_t len;

	if (c->uio[0] == '\0') {
		bc_skip(c, "mac_version", "no UIO device");
		return;
	}
	if (c->in_reset) {
		bc_skip(c, "mac_version", "the GMAC is held in reset");
		return;
	}
	regs = bc_map_regs(c, false, &base, &len, &why);
	if (regs == NULL) {
		bc_fail(c, "mac_version", "run as root (the device node is root's)",
			"cannot map %s's registers: %s", c->uio, why);
		return;
	}
	ver = regs[GMAC4_VERSION / 4];
	bc_unmap(base, len);
	snps = ver & DWMAC4_VERSION_SNPSVER_MASK;
	if (ver == 0 || ver == 0xffffffffu) {
		bc_fail(c, "mac_version", bc_unclocked_fix, "MAC_Version reads %#x", ver);
		return;
	}
	if (snps < DWMAC_CORE_4_00) {
		bc_fail(c, "mac_version", "--uio of the GMAC (the PMD drives dwmac 4.x/5.x cores only)",
			"MAC_Version 0x%08x: core %x.%x is no dwmac4/5 (a 3.x GMAC has another register map)",
			ver, snps >> 4, snps & 0xfu);
		return;
	}
	c->mac_ok = true;
	bc_ok(c, "mac_version", "0x%08x: dwmac core %x.%x (user %#x)", ver,
	      snps >> 4, snps & 0xfu, (ver & DWMAC4_VERSION_USERVER_MASK) >> 8);
}

static uint32_t
bc_bus_read32(void *ctx, uint32_t off)
{
	return ((volatile uint32_t *)ctx)[off / 4];
}

static void
bc_bus_write32(void *ctx, uint32_t off, uint32_t val)
{
	((volatile uint32_t *)ctx)[off / 4] = val;
}

static const struct bc_mdio_family bc_gmac_mdio = {
	.stuck = "MDIO read timed out (MAC_MDIO_Address.GB stays set)",
	.stuck_fix = "MDC is not running: the CSR clock is off (clk_ignore_unused)",
	.link_fix = "MDC: the CSR clock (clk_ignore_unused)",
	.no_phy_fix = "the PHY's power and reset (its regulator: regulator_ignore_unused; "
		"its reset GPIO), the PHY on the other GMAC's MDIO (the board tree's "
		"phy-handle), or a switch without a PHY: fixed_link=1000",
};

void
bc_check_phy(struct bc_ctx *c)
{
	struct stmmac_mdio_bus bus = {
		.read32 = bc_bus_read32,
		.write32 = bc_bus_write32,
		.delay_us = bc_delay_us,
		.cr = stmmac_mdc_cr(c->csr_clk),
	};
	struct socnic_mdio mdio;
	const char *why = NULL;
	void *base;
	size_t len;

	if (!c->mac_ok) {
		bc_skip(c, "phy", "the controller does not answer (mac_version)");
		bc_skip(c, "link", "no PHY");
		return;
	}
	bus.ctx = (void *)(uintptr_t)bc_map_regs(c, true, &base, &len, &why);
	if (bus.ctx == NULL) {
		bc_fail(c, "phy", "run as root", "cannot map %s for MDIO: %s",
			c->uio, why);
		bc_skip(c, "link", "no PHY");
		return;
	}
	mdio = socnic_mdio_bus(&stmmac_mdio_ops, &bus);
	bc_phy_check(c, &mdio, &bc_gmac_mdio);
	bc_unmap(base, len);
}
