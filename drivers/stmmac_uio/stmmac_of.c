/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * net_stmmac_uio: the device-tree node's DMA settings and station address
 * (stmmac_of.h). Property names and meanings are those of Linux's
 * bindings (snps,dwmac.yaml, ethernet-controller.yaml) as
 * stmmac_platform.c reads them; sysfs gives each property's raw bytes.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include <rte_bitops.h>
#include <rte_byteorder.h>
#include <rte_common.h>
#include <rte_ether.h>

#include "dwmac4_regs.h"

#include "stmmac_devargs.h"
#include "stmmac_logs.h"
#include "stmmac_of.h"

#define STMMAC_OF_PBL_DEFAULT	8u	/* Linux's DEFAULT_DMA_PBL */
#define STMMAC_OF_AXI_BLEN	7u	/* snps,blen cells (Linux AXI_BLEN) */

/*
 * Property @p prop of node @p dir into @p buf: its length, -ENOENT when
 * the node has none, another -errno when it cannot be read.
 */
static ssize_t
of_prop(const char *dir, const char *prop, void *buf, size_t size)
{
	char path[PATH_MAX];
	ssize_t n;
	int fd, len = snprintf(path, sizeof(path), "%s/%s", dir, prop);

	if (len < 0 || (size_t)len >= sizeof(path))
		return -ENAMETOOLONG;
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	n = read(fd, buf, size);
	close(fd);
	return n < 0 ? -errno : n;
}

static bool
of_flag(const char *dir, const char *prop)
{
	uint8_t b;

	return of_prop(dir, prop, &b, sizeof(b)) >= 0;
}

/*
 * Up to @p max cells of @p prop: the count read, 0 when absent, -1 when
 * the property is not a whole number of cells or holds more (logged).
 */
static int
of_cells(const char *name, const char *dir, const char *prop, uint32_t *out,
	 unsigned int max)
{
	rte_be32_t raw[8];
	ssize_t n = of_prop(dir, prop, raw, sizeof(raw));
	unsigned int i;

	if (n == -ENOENT)
		return 0;
	if (n <= 0 || n % 4 != 0 || (size_t)n / 4 > max) {
		PMD_DRV_LOG(WARNING, "%s: device tree %s/%s: %s: ignored (expected %u big-endian 32-bit cell%s)",
			    name, dir, prop, n < 0 ? strerror((int)-n) : "wrong length",
			    max, max == 1 ? "" : "s at most");
		return -1;
	}
	for (i = 0; i < (unsigned int)n / 4; i++)
		out[i] = rte_be_to_cpu_32(raw[i]);
	return (int)(n / 4);
}

/* A burst length property: 1..32, a power of two as pbl= takes; 0 if not. */
static unsigned int
of_pbl(const char *name, const char *dir, const char *prop)
{
	uint32_t v;

	if (of_cells(name, dir, prop, &v, 1) != 1)
		return 0;
	if (v == 0 || v > 32 || !rte_is_power_of_2(v)) {
		PMD_DRV_LOG(WARNING, "%s: device tree %s = %u: ignored (1, 2, 4, 8, 16 or 32)",
			    name, prop, v);
		return 0;
	}
	return v;
}

/* An outstanding-request limit (the 4-bit field); -1 when absent or bad. */
static int
of_osr(const char *name, const char *dir, const char *prop)
{
	uint32_t v;

	if (of_cells(name, dir, prop, &v, 1) != 1)
		return -1;
	if (v > 15) {
		PMD_DRV_LOG(WARNING, "%s: device tree %s = %u: ignored (0..15)",
			    name, prop, v);
		return -1;
	}
	return (int)v;
}

/*
 * The node snps,axi-config's phandle names, looked for among the node's
 * children (where every SoC device tree puts its stmmac-axi-config):
 * 0 with its path in @p out, -ENOENT.
 */
static int
of_axi_node(const char *dir, uint32_t phandle, char *out, size_t size)
{
	struct dirent *de;
	DIR *d = opendir(dir);
	uint32_t ph;
	int ret = -ENOENT, n;

	while (d != NULL && (de = readdir(d)) != NULL) {
		if (de->d_name[0] == '.')
			continue;
		n = snprintf(out, size, "%s/%s", dir, de->d_name);
		if (n < 0 || (size_t)n >= size)
			continue;
		if ((of_cells("", out, "phandle", &ph, 1) == 1 && ph == phandle) ||
		    (of_cells("", out, "linux,phandle", &ph, 1) == 1 &&
		     ph == phandle)) {
			ret = 0;
			break;
		}
	}
	if (d != NULL)
		closedir(d);
	return ret;
}

/* snps,axi-config (Linux stmmac_axi_setup()): burst lengths, OSR limits. */
static void
of_read_axi(const char *name, const char *dir, struct stmmac_of *of)
{
	uint32_t phandle, blen[STMMAC_OF_AXI_BLEN];
	char axi[PATH_MAX];
	int i, n;

	if (of_cells(name, dir, "snps,axi-config", &phandle, 1) != 1)
		return;
	if (of_axi_node(dir, phandle, axi, sizeof(axi)) < 0) {
		PMD_DRV_LOG(NOTICE, "%s: device tree snps,axi-config names node %#x, which is not a child of %s: not read (axi_blen=, axi_rd_osr_lmt=, axi_wr_osr_lmt= give its settings)",
			    name, phandle, dir);
		return;
	}
	n = of_cells(name, axi, "snps,blen", blen, STMMAC_OF_AXI_BLEN);
	/* Each non-zero cell enables that burst length (dwmac4_dma_axi()). */
	for (i = 0; i < n; i++) {
		if (blen[i] == 0)
			continue;
		if (blen[i] < 4 || blen[i] > 256 || !rte_is_power_of_2(blen[i])) {
			PMD_DRV_LOG(WARNING, "%s: device tree snps,blen cell %u: ignored (4..256, a power of two)",
				    name, blen[i]);
			continue;
		}
		of->axi_blen_mask |= DMA_AXI_BLEN4 << (rte_log2_u32(blen[i]) - 2);
	}
	of->axi_rd_osr_lmt = of_osr(name, axi, "snps,rd_osr_lmt");
	of->axi_wr_osr_lmt = of_osr(name, axi, "snps,wr_osr_lmt");
}

/*
 * mac-address (the one last used, which a boot loader fills in), then
 * local-mac-address, as of_get_mac_address(): 6 bytes, an assigned
 * unicast address. nvmem-cells: the cell's bytes are behind the nvmem
 * provider's node and offset, which user space can only read where the
 * kernel exposes the provider (/sys/bus/nvmem/devices/NAME/nvmem) and
 * the cell layout; not read here, only reported.
 */
static void
of_read_mac(const char *name, const char *dir, struct stmmac_of *of)
{
	static const char *const props[] = { "mac-address", "local-mac-address" };
	char cells[64];
	unsigned int i;
	ssize_t n;

	for (i = 0; i < RTE_DIM(props) && !of->has_mac; i++) {
		n = of_prop(dir, props[i], &of->mac, sizeof(of->mac));
		if (n == -ENOENT)
			continue;
		if (n != RTE_ETHER_ADDR_LEN ||
		    !rte_is_valid_assigned_ether_addr(&of->mac)) {
			PMD_DRV_LOG(NOTICE, "%s: device tree %s: not an assigned unicast address of 6 bytes: ignored",
				    name, props[i]);
			continue;
		}
		of->has_mac = true;
		of->mac_prop = props[i];
	}
	n = of_prop(dir, "nvmem-cell-names", cells, sizeof(cells) - 1);
	if (n > 0) {
		const char *c;

		cells[n] = '\0';
		for (c = cells; c < cells + n; c += strlen(c) + 1)
			of->nvmem_mac |= strcmp(c, "mac-address") == 0;
	}
}

/* The node's directory: of_node=, else the UIO device's. false: none. */
static bool
of_dir(const struct stmmac_devargs *da, char *buf, size_t size)
{
	int n;

	if (da->of_node[0] != '\0')
		n = snprintf(buf, size, "%s", da->of_node);
	else if (da->port.use_uio)
		n = snprintf(buf, size, "%s/sys/class/uio/%s/device/of_node",
			     da->port.uio_root, da->port.uio);
	else
		return false;
	return n > 0 && (size_t)n < size && access(buf, F_OK) == 0;
}

void
stmmac_of_read(const char *name, const struct stmmac_devargs *da,
	       struct stmmac_of *of)
{
	char dir[PATH_MAX];

	memset(of, 0, sizeof(*of));
	of->axi_rd_osr_lmt = -1;
	of->axi_wr_osr_lmt = -1;
	if (!of_dir(da, dir, sizeof(dir)))
		return;
	of->present = true;
	of->pbl = of_pbl(name, dir, "snps,pbl");
	of->txpbl = of_pbl(name, dir, "snps,txpbl");
	of->rxpbl = of_pbl(name, dir, "snps,rxpbl");
	of->no_pbl_x8 = of_flag(dir, "snps,no-pbl-x8");
	if (of_flag(dir, "snps,fixed-burst"))
		of->sysbus_bits |= DMA_SYS_BUS_FB;
	if (of_flag(dir, "snps,mixed-burst"))
		of->sysbus_bits |= DMA_SYS_BUS_MB;
	if (of_flag(dir, "snps,aal"))
		of->sysbus_bits |= DMA_SYS_BUS_AAL;
	of_read_axi(name, dir, of);
	of_read_mac(name, dir, of);
	PMD_DRV_LOG(INFO, "%s: device tree %s: pbl %u/tx %u/rx %u%s, DMA_SysBus_Mode bits %#x, AXI bursts %#x, OSR rd %d wr %d, MAC %s%s",
		    name, dir, of->pbl, of->txpbl, of->rxpbl,
		    of->no_pbl_x8 ? " (no PBLx8)" : "", of->sysbus_bits,
		    of->axi_blen_mask, of->axi_rd_osr_lmt, of->axi_wr_osr_lmt,
		    of->has_mac ? of->mac_prop : "none",
		    of->nvmem_mac ? " (and an nvmem cell)" : "");
}

void
stmmac_of_apply(const struct stmmac_of *of, struct stmmac_devargs *da)
{
	unsigned int pbl = of->pbl != 0 ? of->pbl : STMMAC_OF_PBL_DEFAULT;
	uint32_t b;

	/* Linux: txpbl/rxpbl when given, else pbl (dwmac4_dma_init_*_chan()). */
	if (da->pbl != 0) {
		da->txpbl = da->pbl;
		da->rxpbl = da->pbl;
	} else {
		da->txpbl = of->txpbl != 0 ? of->txpbl : pbl;
		da->rxpbl = of->rxpbl != 0 ? of->rxpbl : pbl;
	}
	da->pblx8 = !of->no_pbl_x8;
	da->sysbus_bits = of->sysbus_bits;
	if (da->axi_blen != 0) {
		/* axi_blen=N: every burst length up to N. */
		da->axi_blen_mask = 0;
		for (b = 4; b <= da->axi_blen; b <<= 1)
			da->axi_blen_mask |= DMA_AXI_BLEN4 << (rte_log2_u32(b) - 2);
	} else {
		da->axi_blen_mask = of->axi_blen_mask;
	}
	if (da->axi_rd_osr_lmt < 0)
		da->axi_rd_osr_lmt = of->axi_rd_osr_lmt;
	if (da->axi_wr_osr_lmt < 0)
		da->axi_wr_osr_lmt = of->axi_wr_osr_lmt;
}
