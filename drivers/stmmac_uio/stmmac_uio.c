/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * UIO backend: a real dwmac4 exposed by a Linux UIO driver
 * (uio_pdrv_genirq / a DT "generic-uio" node), as DPDK's enetfec does in
 * enet_uio.c. Map 0 of /dev/uioN is the MAC's register window; its
 * physical address and size come from /sys/class/uio/uioN/maps/map0.
 *
 * There is no IOMMU programming through UIO: the device DMAs to the
 * addresses the driver writes, so those must be IOVAs the device can
 * use as they are: IOVA-as-PA, or IOVA-as-VA with an IOMMU set up to
 * translate for this device by someone else.
 */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <rte_eal.h>
#include <rte_io.h>
#include <rte_malloc.h>

#include "dwmac4_regs.h"
#include "stmmac_backend.h"
#include "stmmac_devargs.h"
#include "stmmac_logs.h"

#define STMMAC_UIO_SYSFS	"/sys/class/uio"
/* The window must reach at least channel 0's last register. */
#define STMMAC_UIO_MIN_WINDOW	(DMA_CHAN_MISS_FRAME_CNT(0) + 4u)

struct stmmac_uio_ctx {
	char name[64];
	char uio[32];
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

static int
uio_dma_map(void *arg)
{
	struct stmmac_uio_ctx *ctx = arg;
	char path[256];
	struct stat sb;

	if (rte_eal_iova_mode() == RTE_IOVA_PA)
		return 0;
	snprintf(path, sizeof(path), STMMAC_UIO_SYSFS "/%s/device/iommu_group",
		 ctx->uio);
	if (stat(path, &sb) != 0) {
		PMD_BE_LOG(ERR, "%s: EAL uses IOVA as VA but %s has no IOMMU: the device would DMA to virtual addresses; run with --iova-mode=pa (needs root and hugepages)",
			   ctx->name, ctx->uio);
		return -ENOTSUP;
	}
	PMD_BE_LOG(WARNING, "%s: IOVA as VA behind an IOMMU: UIO does not program it, its mappings must already translate IOVA = VA for %s",
		   ctx->name, ctx->uio);
	return 0;
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
	char path[256];
	struct stat sb;

	snprintf(path, sizeof(path),
		 STMMAC_UIO_SYSFS "/%s/device/of_node/dma-coherent", ctx->uio);
	return stat(path, &sb) == 0;
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

	if (ctx->map != NULL && ctx->map != MAP_FAILED)
		munmap(ctx->map, ctx->map_len);
	if (ctx->fd >= 0)
		close(ctx->fd);
	rte_free(ctx);
}

static const struct stmmac_backend_ops stmmac_uio_ops = {
	.name = "uio",
	.read32 = uio_read32,
	.write32 = uio_write32,
	.dma_map = uio_dma_map,
	.dma_coherent = uio_dma_coherent,
	.start = uio_start,
	.stop = uio_stop,
	.destroy = uio_destroy,
};

/* Reads one line of a sysfs attribute. 0 or -errno. */
static int
uio_sysfs_read(const char *uio, const char *attr, char *buf, size_t len)
{
	char path[256];
	FILE *f;
	char *nl;

	snprintf(path, sizeof(path), STMMAC_UIO_SYSFS "/%s/%s", uio, attr);
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
uio_sysfs_u64(const char *uio, const char *attr, uint64_t *val)
{
	char buf[64];
	char *end;
	int ret = uio_sysfs_read(uio, attr, buf, sizeof(buf));

	if (ret < 0)
		return ret;
	errno = 0;
	*val = strtoull(buf, &end, 0);
	return errno != 0 || end == buf ? -EINVAL : 0;
}

int
stmmac_backend_uio_create(struct stmmac_backend *be, const char *name,
			  const struct stmmac_devargs *da)
{
	struct stmmac_uio_ctx *ctx;
	uint64_t addr, size, offset = 0;
	char devname[64], path[64];
	long pg = sysconf(_SC_PAGESIZE);
	int ret;

	ctx = rte_zmalloc("stmmac_uio", sizeof(*ctx), 0);
	if (ctx == NULL)
		return -ENOMEM;
	ctx->fd = -1;
	snprintf(ctx->name, sizeof(ctx->name), "%s", name);
	snprintf(ctx->uio, sizeof(ctx->uio), "%s", da->uio);

	ret = uio_sysfs_read(ctx->uio, "name", devname, sizeof(devname));
	if (ret < 0) {
		PMD_BE_LOG(ERR, "%s: uio=%s: %s/%s not readable (%s): no such UIO device, or its driver is not bound",
			   name, ctx->uio, STMMAC_UIO_SYSFS, ctx->uio,
			   strerror(-ret));
		goto err;
	}
	ret = uio_sysfs_u64(ctx->uio, "maps/map0/addr", &addr);
	if (ret == 0)
		ret = uio_sysfs_u64(ctx->uio, "maps/map0/size", &size);
	if (ret < 0) {
		PMD_BE_LOG(ERR, "%s: uio=%s (%s): no usable maps/map0: %s",
			   name, ctx->uio, devname, strerror(-ret));
		goto err;
	}
	/* Page offset of the registers inside map 0 (absent on old kernels). */
	if (uio_sysfs_u64(ctx->uio, "maps/map0/offset", &offset) < 0)
		offset = addr & (uint64_t)(pg - 1);
	if (size < STMMAC_UIO_MIN_WINDOW) {
		PMD_BE_LOG(ERR, "%s: uio=%s map0 is %#" PRIx64 " bytes, a dwmac4 needs %#x",
			   name, ctx->uio, size, STMMAC_UIO_MIN_WINDOW);
		ret = -EINVAL;
		goto err;
	}
	snprintf(path, sizeof(path), "/dev/%s", ctx->uio);
	ctx->fd = open(path, O_RDWR | O_CLOEXEC);
	if (ctx->fd < 0) {
		ret = -errno;
		PMD_BE_LOG(ERR, "%s: cannot open %s: %s", name, path,
			   strerror(-ret));
		goto err;
	}
	/* UIO selects map N with an mmap offset of N pages. */
	ctx->map_len = (size_t)RTE_ALIGN_CEIL(size + offset, (uint64_t)pg);
	ctx->map = mmap(NULL, ctx->map_len, PROT_READ | PROT_WRITE, MAP_SHARED,
			ctx->fd, 0);
	if (ctx->map == MAP_FAILED) {
		ret = -errno;
		PMD_BE_LOG(ERR, "%s: mmap of %s map0 (%zu bytes) failed: %s",
			   name, path, ctx->map_len, strerror(-ret));
		ctx->map = NULL;
		goto err;
	}
	ctx->regs = (uint8_t *)ctx->map + offset;
	PMD_BE_LOG(INFO, "%s: %s (%s) registers at %#" PRIx64 ", %#" PRIx64 " bytes",
		   name, ctx->uio, devname, addr, size);
	be->ops = &stmmac_uio_ops;
	be->ctx = ctx;
	be->kind = STMMAC_BACKEND_UIO;
	return 0;

err:
	uio_destroy(ctx);
	return ret;
}
