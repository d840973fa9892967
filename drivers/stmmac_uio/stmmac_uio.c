/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * UIO backend: a real dwmac4 exposed by a Linux UIO driver
 * (uio_pdrv_genirq / a DT "generic-uio" node), as DPDK's enetfec does in
 * enet_uio.c. Map 0 of /dev/uioN is the MAC's register window; its
 * physical address, size and page offset come from
 * /sys/class/uio/uioN/maps/map0. With uio_root=DIR both paths start at DIR
 * instead of "/" (tests: socrx-devmodel; unusual systems).
 *
 * The kernel (uio_pdrv_genirq) rounds the block's start down to a page:
 * map0/addr is page aligned, map0/offset is where the registers start in
 * that page, and map0/size already counts the offset. The mapping is
 * map0/size bytes at mmap offset 0 (UIO selects map N with an offset of N
 * pages); a longer one is refused by uio_mmap().
 *
 * There is no IOMMU programming through UIO: the device DMAs to the
 * addresses the driver writes into its registers and descriptors, which
 * are DPDK IOVAs. Only IOVA-as-PA makes them addresses the device can use,
 * so IOVA-as-VA is refused at probe.
 */
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <rte_eal.h>
#include <rte_io.h>
#include <rte_malloc.h>

#include "socnic_backend.h"

#include "dwmac4_regs.h"
#include "stmmac_devargs.h"
#include "stmmac_ethdev.h"
#include "stmmac_logs.h"

#define STMMAC_UIO_SYSFS	"/sys/class/uio"
/*
 * The window must reach every register the driver touches: the quiesce
 * at probe stops up to 8 DMA channels (stmmac_hw.c), whose blocks end at
 * DMA_CHANX_BASE_ADDR(8); MAC and MTL registers lie below.
 */
#define STMMAC_UIO_MIN_WINDOW	DMA_CHANX_BASE_ADDR(8)

/*
 * What uioN/name must contain (case-insensitive) to be taken for a dwmac:
 * uio_pdrv_genirq names the device after its device-tree node
 * ("ethernet" for ethernet@fe2a0000), a platform device without one after
 * the device ("fe2a0000.ethernet"); the rest are the compatible families.
 */
static const char *const stmmac_uio_names[] = {
	"ethernet", "gmac", "dwmac", "stmmac", "eqos",
};

struct stmmac_uio_ctx {
	char name[64];
	char dir[PATH_MAX];	/* ROOT/sys/class/uio/uioN */
	int fd;
	void *map;		/* mmap() result */
	size_t map_len;
	uint8_t *regs;		/* register window inside the mapping */
};

static uint32_t
uio_read32(void *arg, uint32_t off)
{
	struct stmmac_uio_ctx *ctx = arg;

	/* rte_read32: the load completes before later descriptor reads. */
	return rte_read32(ctx->regs + off);
}

static void
uio_write32(void *arg, uint32_t off, uint32_t val)
{
	struct stmmac_uio_ctx *ctx = arg;

	/* rte_write32: rte_io_wmb() orders earlier stores before it. */
	rte_write32(val, ctx->regs + off);
}

/* IOVA-as-PA was checked at creation: DPDK memory is the device's as is. */
static int
uio_dma_map(void *arg)
{
	RTE_SET_USED(arg);
	return 0;
}

/* @p ctx->dir/@p rel into @p buf; false when it does not fit. */
static bool
uio_path(const struct stmmac_uio_ctx *ctx, const char *rel, char *buf,
	 size_t size)
{
	int n = snprintf(buf, size, "%s/%s", ctx->dir, rel);

	return n > 0 && (size_t)n < size;
}

/*
 * dma=auto: the device's DMA is cache-coherent exactly when its device-tree
 * node says "dma-coherent" (Linux of_dma_is_coherent()); the SoC GMACs of
 * RK3568/RK3588, i.MX8MP and STM32MP1 do not.
 */
static int
uio_dma_coherent(void *arg)
{
	struct stmmac_uio_ctx *ctx = arg;
	char path[PATH_MAX];
	struct stat sb;

	return uio_path(ctx, "device/of_node/dma-coherent", path, sizeof(path)) &&
	       stat(path, &sb) == 0;
}

static int
uio_start(void *arg)
{
	RTE_SET_USED(arg);
	return 0;
}

static void
uio_stop(void *arg)
{
	RTE_SET_USED(arg);
}

static void
uio_destroy(void *arg)
{
	struct stmmac_uio_ctx *ctx = arg;

	if (ctx->map != NULL)
		munmap(ctx->map, ctx->map_len);
	if (ctx->fd >= 0)
		close(ctx->fd);
	rte_free(ctx);
}

static const struct socnic_backend_ops stmmac_uio_ops = {
	.name = "uio",
	.read32 = uio_read32,
	.write32 = uio_write32,
	.dma_map = uio_dma_map,
	.dma_coherent = uio_dma_coherent,
	.start = uio_start,
	.stop = uio_stop,
	.destroy = uio_destroy,
};

/* Reads the first line of sysfs attribute @p attr. 0 or -errno. */
static int
uio_sysfs_read(const struct stmmac_uio_ctx *ctx, const char *attr, char *buf,
	       size_t len)
{
	char path[PATH_MAX];
	FILE *f;
	char *nl;

	if (!uio_path(ctx, attr, path, sizeof(path)))
		return -ENAMETOOLONG;
	f = fopen(path, "r");
	if (f == NULL)
		return -errno;
	if (fgets(buf, (int)len, f) == NULL) {
		fclose(f);
		return -EIO;
	}
	fclose(f);
	nl = strchr(buf, '\n');
	if (nl != NULL)
		*nl = '\0';
	return 0;
}

static int
uio_sysfs_u64(const struct stmmac_uio_ctx *ctx, const char *attr,
	      uint64_t *val)
{
	char buf[64];
	char *end;
	int ret = uio_sysfs_read(ctx, attr, buf, sizeof(buf));

	if (ret < 0)
		return ret;
	errno = 0;
	*val = strtoull(buf, &end, 0);
	return errno != 0 || end == buf ? -EINVAL : 0;
}

/* The driver bound to the UIO device: the basename of device/driver. */
static void
uio_bound_driver(const struct stmmac_uio_ctx *ctx, char *buf, size_t size)
{
	char path[PATH_MAX], link[PATH_MAX];
	ssize_t n = -1;
	const char *base;

	if (uio_path(ctx, "device/driver", path, sizeof(path)))
		n = readlink(path, link, sizeof(link) - 1);
	if (n <= 0) {
		snprintf(buf, size, "(none: no device/driver link)");
		return;
	}
	link[n] = '\0';
	base = strrchr(link, '/');
	snprintf(buf, size, "%.*s", (int)size - 1, base != NULL ? base + 1 : link);
}

static bool
uio_name_is_dwmac(const char *devname)
{
	char lower[64];
	size_t i;

	for (i = 0; devname[i] != '\0' && i < sizeof(lower) - 1; i++)
		lower[i] = (char)tolower((unsigned char)devname[i]);
	lower[i] = '\0';
	for (i = 0; i < RTE_DIM(stmmac_uio_names); i++)
		if (strstr(lower, stmmac_uio_names[i]) != NULL)
			return true;
	return false;
}

/*
 * Map 0 as the kernel describes it: its size must cover the offset plus
 * every register the driver touches. 0 or -EINVAL (logged).
 */
static int
uio_map_layout(const char *name, const char *uio, uint64_t size,
	       uint64_t offset, long pg)
{
	if (offset >= (uint64_t)pg || size <= offset ||
	    size - offset < STMMAC_UIO_MIN_WINDOW) {
		PMD_BE_LOG(ERR, "%s: uio=%s map0 is %#" PRIx64 " bytes with the registers at offset %#" PRIx64 ": the driver needs a register window of %#x bytes",
			   name, uio, size, offset, STMMAC_UIO_MIN_WINDOW);
		return -EINVAL;
	}
	return 0;
}

/* The device node ROOT/dev/uioN, mapped: map 0 is at mmap offset 0. */
static int
uio_map(struct stmmac_uio_ctx *ctx, const struct stmmac_devargs *da,
	uint64_t size, uint64_t offset)
{
	char path[PATH_MAX];
	int ret;

	ret = snprintf(path, sizeof(path), "%s/dev/%s", da->port.uio_root, da->port.uio);
	if (ret < 0 || (size_t)ret >= sizeof(path))
		return -ENAMETOOLONG;
	ctx->fd = open(path, O_RDWR | O_CLOEXEC);
	if (ctx->fd < 0) {
		ret = -errno;
		PMD_BE_LOG(ERR, "%s: cannot open %s: %s", ctx->name, path,
			   strerror(-ret));
		return ret;
	}
	ctx->map_len = (size_t)size;
	ctx->map = mmap(NULL, ctx->map_len, PROT_READ | PROT_WRITE, MAP_SHARED,
			ctx->fd, 0);
	if (ctx->map == MAP_FAILED) {
		ret = -errno;
		PMD_BE_LOG(ERR, "%s: mmap of %s map0 (%zu bytes) failed: %s",
			   ctx->name, path, ctx->map_len, strerror(-ret));
		ctx->map = NULL;
		return ret;
	}
	ctx->regs = (uint8_t *)ctx->map + offset;
	return 0;
}

int
stmmac_backend_uio_create(struct socnic_backend *be, const char *name,
			  const struct stmmac_devargs *da)
{
	struct stmmac_uio_ctx *ctx;
	uint64_t addr, size, offset;
	char devname[64], driver[64];
	long pg = sysconf(_SC_PAGESIZE);
	int ret;

	ctx = rte_zmalloc("stmmac_uio", sizeof(*ctx), 0);
	if (ctx == NULL)
		return -ENOMEM;
	ctx->fd = -1;
	snprintf(ctx->name, sizeof(ctx->name), "%s", name);
	ret = snprintf(ctx->dir, sizeof(ctx->dir), "%s" STMMAC_UIO_SYSFS "/%s",
		       da->port.uio_root, da->port.uio);
	if (ret < 0 || (size_t)ret >= sizeof(ctx->dir)) {
		ret = -ENAMETOOLONG;
		goto err;
	}

	ret = uio_sysfs_read(ctx, "name", devname, sizeof(devname));
	if (ret < 0) {
		PMD_BE_LOG(ERR, "%s: uio=%s: %s/name not readable (%s): no such UIO device, or its driver is not bound",
			   name, da->port.uio, ctx->dir, strerror(-ret));
		goto err;
	}
	uio_bound_driver(ctx, driver, sizeof(driver));
	if (!uio_name_is_dwmac(devname) && !da->port.uio_force) {
		PMD_BE_LOG(ERR, "%s: uio=%s is \"%s\" (driver %s), which does not look like a dwmac Ethernet controller (a name containing ethernet, gmac, dwmac, stmmac or eqos): is it the right device? uio_force=1 uses it anyway",
			   name, da->port.uio, devname, driver);
		ret = -ENODEV;
		goto err;
	}
	ret = uio_sysfs_u64(ctx, "maps/map0/addr", &addr);
	if (ret == 0)
		ret = uio_sysfs_u64(ctx, "maps/map0/size", &size);
	if (ret < 0) {
		PMD_BE_LOG(ERR, "%s: uio=%s (%s): no usable maps/map0: %s",
			   name, da->port.uio, devname, strerror(-ret));
		goto err;
	}
	/* Page offset of the registers in map 0 (absent on old kernels). */
	if (uio_sysfs_u64(ctx, "maps/map0/offset", &offset) < 0)
		offset = addr & (uint64_t)(pg - 1);
	ret = uio_map_layout(name, da->port.uio, size, offset, pg);
	if (ret == 0)
		ret = uio_map(ctx, da, size, offset);
	if (ret < 0)
		goto err;
	PMD_BE_LOG(INFO, "%s: %s is \"%s\", bound to %s: map0 at %#" PRIx64 ", %#" PRIx64 " bytes, registers at offset %#" PRIx64,
		   name, da->port.uio, devname, driver, addr, size, offset);
	if (rte_eal_iova_mode() != RTE_IOVA_PA) {
		PMD_BE_LOG(ERR, "%s: EAL uses IOVA as VA, but UIO programs no IOMMU: %s would DMA to virtual addresses. Run with --iova-mode=pa (root and hugepages needed)",
			   name, da->port.uio);
		ret = -ENOTSUP;
		goto err;
	}
	be->ops = &stmmac_uio_ops;
	be->ctx = ctx;
	be->kind = SOCNIC_BACKEND_UIO;
	return 0;

err:
	uio_destroy(ctx);
	return ret;
}
