/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The UIO device and its device-tree node: which uioN is the GMAC (as
 * net_stmmac_uio's uio= would take it), its map 0, the node's
 * `compatible`, `dma-coherent` and `phy-mode`, and which SoC it is.
 */
#include <dirent.h>
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bc.h"
#include "bc_soc.h"
#include "dwmac4_regs.h"
#include "socnic_sysfs.h"
#include "stmmac_uio_ids.h"

static const char *const bc_uio_names[] = { STMMAC_UIO_NAMES };

/* A dwmac4/5 by its compatible, as the PMD identifies it. */
static const char *const bc_dwmac_compat[] = { STMMAC_UIO_COMPATIBLES };

/* What config/boards/'s overlays set instead of the glue's compatible. */
#define BC_OVERLAY_COMPAT	SOCNIC_UIO_OVERLAY_COMPAT

static const char bc_uio_fix[] =
	"apply the SoC's overlay (config/boards/*-uio.dtso), boot with "
	"uio_pdrv_genirq.of_id=generic-uio and modprobe uio_pdrv_genirq "
	"(docs/nics/boards.md)";

/* Whether uioN at @p name looks like a dwmac (its name, as the PMD does). */
static bool
bc_uio_is_gmac(const struct bc_ctx *c, const char *uio, char *devname,
	       size_t size)
{
	char path[PATH_MAX];
	int n = snprintf(path, sizeof(path), "%s/sys/class/uio/%s/name",
			 c->root, uio);

	if (n < 0 || (size_t)n >= sizeof(path) ||
	    socnic_sysfs_read(path, devname, size) < 0)
		return false;
	return socnic_sysfs_name_matches(devname, bc_uio_names);
}

/* The first uioN (lowest N) whose name is a dwmac's; @p seen counts all. */
static bool
bc_uio_scan(struct bc_ctx *c, char *devname, size_t size, unsigned int *seen)
{
	char path[PATH_MAX], name[64];
	long best = -1, n;
	struct dirent *de;
	DIR *d;

	*seen = 0;
	if (!bc_path(c, "/sys/class/uio", path, sizeof(path)))
		return false;
	d = opendir(path);
	if (d == NULL)
		return false;
	while ((de = readdir(d)) != NULL) {
		if (strncmp(de->d_name, "uio", 3) != 0)
			continue;
		(*seen)++;
		n = strtol(de->d_name + 3, NULL, 10);
		if ((best < 0 || n < best) &&
		    bc_uio_is_gmac(c, de->d_name, name, sizeof(name)))
			best = n;
	}
	closedir(d);
	if (best < 0)
		return false;
	snprintf(c->uio, sizeof(c->uio), "uio%ld", best);
	return bc_uio_is_gmac(c, c->uio, devname, size);
}

void
bc_check_uio(struct bc_ctx *c)
{
	char devname[64] = "", driver[64] = "(none)", path[PATH_MAX];
	unsigned int seen = 0;
	int n;

	if (c->uio_opt != NULL) {
		/* --uio names the device: taken whatever its name. */
		snprintf(c->uio, sizeof(c->uio), "%s", c->uio_opt);
		if (!bc_uio_is_gmac(c, c->uio, devname, sizeof(devname)) &&
		    devname[0] == '\0') {
			bc_fail(c, "uio", bc_uio_fix, "%s/sys/class/uio/%s: no such UIO device",
				c->root, c->uio);
			c->uio[0] = '\0';
			return;
		}
	} else if (!bc_uio_scan(c, devname, sizeof(devname), &seen)) {
		if (seen == 0)
			bc_fail(c, "uio", bc_uio_fix, "no UIO device in %s/sys/class/uio",
				c->root);
		else
			bc_fail(c, "uio", "--uio uioN names the GMAC's device (the PMD's uio=, with uio_force=1)",
				"%u UIO device(s), none named like a dwmac (a name containing ethernet, gmac, dwmac, stmmac or eqos)",
				seen);
		c->uio[0] = '\0';
		return;
	}
	n = snprintf(c->dir, sizeof(c->dir), "%s/sys/class/uio/%s", c->root, c->uio);
	if (n < 0 || (size_t)n >= sizeof(c->dir)) {
		bc_fail(c, "uio", "a shorter --uio-root", "path too long");
		c->uio[0] = '\0';
		return;
	}
	if (bc_uio_path(c, "device/driver", path, sizeof(path)))
		socnic_sysfs_link_name(path, driver, sizeof(driver));
	if (!bc_uio_path(c, "maps/map0/addr", path, sizeof(path)) ||
	    socnic_sysfs_u64(path, &c->map0_addr) < 0 ||
	    !bc_uio_path(c, "maps/map0/size", path, sizeof(path)) ||
	    socnic_sysfs_u64(path, &c->map0_size) < 0) {
		bc_fail(c, "uio", "the node's first reg entry must be the GMAC's registers (the overlay keeps reg)",
			"%s \"%s\" (driver %s) has no maps/map0", c->uio, devname, driver);
		c->uio[0] = '\0';
		return;
	}
	if (!bc_uio_path(c, "maps/map0/offset", path, sizeof(path)) ||
	    socnic_sysfs_u64(path, &c->map0_off) < 0)
		c->map0_off = c->map0_addr & ((uint64_t)sysconf(_SC_PAGESIZE) - 1);
	if (c->map0_size <= c->map0_off ||
	    c->map0_size - c->map0_off < DMA_CHANX_BASE_ADDR(8)) {
		bc_fail(c, "uio", "the node's reg must cover the whole controller (the SoC tree's size)",
			"%s map0 is %#" PRIx64 " bytes from offset %#" PRIx64 ": the PMD needs %#x",
			c->uio, c->map0_size, c->map0_off, DMA_CHANX_BASE_ADDR(8));
		c->uio[0] = '\0';
		return;
	}
	bc_ok(c, "uio", "%s \"%s\" (driver %s): map0 at %#" PRIx64 ", %#" PRIx64 " bytes",
	      c->uio, devname, driver, c->map0_addr + c->map0_off, c->map0_size);
}

/* "a, b" of a NUL-separated list. */
static void
bc_strlist(const char *list, size_t len, char *buf, size_t size)
{
	size_t off = 0, n, w = 0;

	buf[0] = '\0';
	while (off < len && w < size) {
		n = strnlen(list + off, len - off);
		w += (size_t)snprintf(buf + w, size - w, "%s\"%.*s\"",
				      off == 0 ? "" : ", ", (int)n, list + off);
		off += n + 1;
	}
}

static bool
bc_list_has_any(const char *list, size_t len, const char *const *names)
{
	unsigned int i;

	for (i = 0; names[i] != NULL; i++)
		if (socnic_sysfs_strlist_has(list, len, names[i]))
			return true;
	return false;
}

void
bc_check_compatible(struct bc_ctx *c)
{
	char path[PATH_MAX], shown[300];
	ssize_t n;

	if (c->uio[0] == '\0') {
		bc_skip(c, "compatible", "no UIO device");
		return;
	}
	n = bc_uio_path(c, "device/of_node/compatible", path, sizeof(path)) ?
	    socnic_sysfs_read_all(path, c->compat, sizeof(c->compat)) : -1;
	if (n <= 0) {
		bc_fail(c, "compatible", bc_uio_fix,
			"%s has no device-tree node (device/of_node/compatible): not the GMAC's node bound through the overlay",
			c->uio);
		return;
	}
	c->compat_len = (size_t)n;
	bc_strlist(c->compat, c->compat_len, shown, sizeof(shown));
	if (bc_neta_compatible(c, shown))
		return;
	if (socnic_sysfs_strlist_has(c->compat, c->compat_len, BC_OVERLAY_COMPAT) ||
	    bc_list_has_any(c->compat, c->compat_len, bc_dwmac_compat)) {
		bc_ok(c, "compatible", "%s", shown);
		return;
	}
	bc_fail(c, "compatible", "apply the overlay to the GMAC's node (config/boards/: the SoC's *-uio.dtso), not to another device's",
		"%s is neither the overlay's \"" BC_OVERLAY_COMPAT "\" nor a dwmac's", shown);
	c->compat_len = 0;
}

/* The SoC whose compatibles @p list names. */
static const struct bc_soc *
bc_soc_by_compat(const char *list, size_t len)
{
	unsigned int i;

	for (i = 0; i < bc_nb_socs; i++)
		if (bc_list_has_any(list, len, bc_socs[i].compatibles))
			return &bc_socs[i];
	return NULL;
}

void
bc_check_soc(struct bc_ctx *c)
{
	char path[PATH_MAX], root_compat[256];
	uint64_t pa = c->map0_addr + c->map0_off;
	ssize_t n = -1;
	unsigned int i;

	c->gmac = -1;
	if (c->uio[0] == '\0') {
		bc_skip(c, "soc", "no UIO device");
		return;
	}
	c->soc = bc_soc_by_compat(c->compat, c->compat_len);
	if (c->soc == NULL &&
	    bc_path(c, "/sys/firmware/devicetree/base/compatible", path, sizeof(path)))
		n = socnic_sysfs_read_all(path, root_compat, sizeof(root_compat));
	if (c->soc == NULL && n > 0)
		c->soc = bc_soc_by_compat(root_compat, (size_t)n);
	if (c->soc == NULL) {
		bc_skip(c, "soc", "not one the check knows (RK3568, RK3588, i.MX8MP, STM32MP15x): no SoC glue checks");
		return;
	}
	for (i = 0; i < BC_SOC_MAX_GMACS; i++)
		if (c->soc->gmac[i] != 0 && c->soc->gmac[i] == pa)
			c->gmac = (int)i;
	if (c->gmac < 0) {
		bc_fail(c, "soc", "apply the overlay for one of its GMACs (config/boards/), not another controller's",
			"%s, but map0 at %#" PRIx64 " is none of its GMACs (%#" PRIx64 "%s)",
			c->soc->name, pa, c->soc->gmac[0],
			c->soc->gmac[1] != 0 ? " and another" : "");
		return;
	}
	bc_ok(c, "soc", "%s GMAC%d (ethernet@%" PRIx64 ", overlay %s)",
	      c->soc->name, c->gmac, pa, c->soc->overlay[c->gmac]);
}

void
bc_check_coherent(struct bc_ctx *c)
{
	char path[PATH_MAX];
	bool coherent;

	if (c->uio[0] == '\0') {
		bc_skip(c, "dma-coherent", "no UIO device");
		return;
	}
	coherent = bc_uio_path(c, "device/of_node/dma-coherent", path, sizeof(path)) &&
		   access(path, F_OK) == 0;
	if (coherent && c->soc != NULL && !c->soc->dma_coherent) {
		bc_fail(c, "dma-coherent", "remove dma-coherent from the node, or give the PMD dma=noncoherent",
			"the node says dma-coherent, but the %s's GMAC does not snoop the CPU caches: frames would be read stale",
			c->soc->name);
		return;
	}
	if (coherent) {
		bc_ok(c, "dma-coherent", "yes: the PMD skips cache maintenance (dma=auto)");
		return;
	}
#if defined(__arm__)
	bc_fail(c, "dma-coherent", "none on 32-bit Arm: the PMD drives only coherent devices there",
		"not coherent, and 32-bit Arm has no cache maintenance for user space");
#else
	bc_ok(c, "dma-coherent", "no: note, the PMD takes its non-coherent path (dma=auto: cache maintenance per frame, %s)",
	      c->neta ? "descriptors written by whole cache lines" : "padded descriptors");
#endif
}

static const char *const bc_phy_modes[] = {
	"rgmii", "rgmii-id", "rgmii-rxid", "rgmii-txid", "rmii", "mii", NULL,
};

/* The interfaces net_mvneta_uio sets (its phy_mode= words). */
static const char *const bc_neta_phy_modes[] = {
	"rgmii", "rgmii-id", "rgmii-rxid", "rgmii-txid", "sgmii",
	"1000base-x", "2500base-x", NULL,
};

void
bc_check_phy_mode(struct bc_ctx *c)
{
	const char *const *modes;
	char path[PATH_MAX];
	ssize_t n = -1;
	unsigned int i;

	if (c->uio[0] == '\0') {
		bc_skip(c, "phy-mode", "no UIO device");
		return;
	}
	if (bc_uio_path(c, "device/of_node/phy-mode", path, sizeof(path)))
		n = socnic_sysfs_read_all(path, c->phy_mode, sizeof(c->phy_mode) - 1);
	if (n <= 0 && bc_uio_path(c, "device/of_node/phy-connection-type", path,
				  sizeof(path)))
		n = socnic_sysfs_read_all(path, c->phy_mode, sizeof(c->phy_mode) - 1);
	if (n <= 0) {
		c->phy_mode[0] = '\0';
		bc_fail(c, "phy-mode", c->neta ?
			"the board's tree gives eth0 phy-mode (\"rgmii-id\" on the ESPRESSObin and MOX), or give the PMD phy_mode=" :
			"the board's tree gives the node phy-mode (e.g. \"rgmii-id\"); add it to the overlay if it does not",
			"the node has no phy-mode: %s", c->neta ?
			"the GMAC's interface follows it" :
			"the SoC glue's interface mode and RGMII delays follow it");
		return;
	}
	c->phy_mode[n] = '\0';
	modes = c->neta ? bc_neta_phy_modes : bc_phy_modes;
	for (i = 0; modes[i] != NULL; i++)
		if (strcmp(c->phy_mode, modes[i]) == 0)
			break;
	if (modes[i] == NULL) {
		bc_fail(c, "phy-mode", c->neta ?
			"phy_mode= one of rgmii, rgmii-id, rgmii-rxid, rgmii-txid, sgmii, 1000base-x, 2500base-x" :
			"an (R)GMII/RMII PHY: rgmii, rgmii-id, rgmii-rxid, rgmii-txid or rmii",
			"\"%s\" is no interface %s", c->phy_mode,
			c->neta ? "the PMD sets" : "these GMACs have");
		c->phy_mode[0] = '\0';
		return;
	}
	bc_ok(c, "phy-mode", "%s", c->phy_mode);
}
