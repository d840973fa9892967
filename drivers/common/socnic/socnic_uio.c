/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * UIO backend, every family's: a real controller exposed by a Linux UIO
 * driver (uio_pdrv_genirq / a DT "generic-uio" node), as DPDK's enetfec
 * does in enet_uio.c. Map 0 of /dev/uioN is the register window; its
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
 * so IOVA-as-VA is refused.
 */
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

#include "socnic_log.h"
#include "socnic_sysfs.h"
#include "socnic_uio.h"

#define SOCNIC_UIO_SYSFS	"/sys/class/uio"
struct socnic_uio_ctx {
	char name[64];
	int logtype;
	char dir[PATH_MAX];	/* ROOT/sys/class/uio/uioN */
	int fd;
	void *map;		/* mmap() result */
	size_t map_len;
	uint8_t *regs;		/* register window inside the mapping */
};

static uint32_t
uio_read32(void *arg, uint32_t off)
{
	struct socnic_uio_ctx *ctx = arg;

	/* rte_read32: the load completes before later descriptor reads. */
	return rte_read32(ctx->regs + off);
}

static void
uio_write32(void *arg, uint32_t off, uint32_t val)
{
	struct socnic_uio_ctx *ctx = arg;

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
uio_path(const struct socnic_uio_ctx *ctx, const char *rel, char *buf,
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
	struct socnic_uio_ctx *ctx = arg;
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
	struct socnic_uio_ctx *ctx = arg;

	if (ctx->map != NULL)
		munmap(ctx->map, ctx->map_len);
	if (ctx->fd >= 0)
		close(ctx->fd);
	rte_free(ctx);
}

/* The device's interrupt: one line for every channel or queue. */
static int
uio_irq_fd(void *arg, unsigned int ch)
{
	struct socnic_uio_ctx *ctx = arg;
	int fd = fcntl(ctx->fd, F_DUPFD_CLOEXEC, 0);

	RTE_SET_USED(ch);
	return fd < 0 ? -errno : fd;
}

/* The controller's own causes (the link) share that one line. */
static int
uio_irq_misc_fd(void *arg)
{
	return uio_irq_fd(arg, 0);
}

/* uio_pdrv_genirq masks the line when it fires: writing 1 unmasks it. */
static void
uio_irq_rearm(void *arg)
{
	struct socnic_uio_ctx *ctx = arg;
	int32_t one = 1;

	if (write(ctx->fd, &one, sizeof(one)) != sizeof(one))
		SOCNIC_LOG(ctx->logtype, WARNING,
			   "%s: re-arming the UIO interrupt failed: %s",
			   ctx->name, strerror(errno));
}

static const struct socnic_backend_ops socnic_uio_ops = {
	.name = "uio",
	.read32 = uio_read32,
	.write32 = uio_write32,
	.dma_map = uio_dma_map,
	.dma_coherent = uio_dma_coherent,
	.start = uio_start,
	.stop = uio_stop,
	.destroy = uio_destroy,
	.irq_kind = SOCNIC_IRQ_UIO,
	.irq_fd = uio_irq_fd,
	.irq_rearm = uio_irq_rearm,
	.irq_misc_fd = uio_irq_misc_fd,
};

/* Reads the first line of sysfs attribute @p attr. 0 or -errno. */
static int
uio_sysfs_read(const struct socnic_uio_ctx *ctx, const char *attr, char *buf,
	       size_t len)
{
	char path[PATH_MAX];

	if (!uio_path(ctx, attr, path, sizeof(path)))
		return -ENAMETOOLONG;
	return socnic_sysfs_read(path, buf, len);
}

static int
uio_sysfs_u64(const struct socnic_uio_ctx *ctx, const char *attr,
	      uint64_t *val)
{
	char path[PATH_MAX];

	if (!uio_path(ctx, attr, path, sizeof(path)))
		return -ENAMETOOLONG;
	return socnic_sysfs_u64(path, val);
}

/* The driver bound to the UIO device: the basename of device/driver. */
static void
uio_bound_driver(const struct socnic_uio_ctx *ctx, char *buf, size_t size)
{
	char path[PATH_MAX];

	if (!uio_path(ctx, "device/driver", path, sizeof(path)) ||
	    !socnic_sysfs_link_name(path, buf, size))
		snprintf(buf, size, "(none: no device/driver link)");
}

/* "a, b, c or d" of the family's names, for the refusal's message. */
static void
uio_name_list(const struct socnic_uio_family *fam, char *buf, size_t size)
{
	size_t n = 0, i;

	buf[0] = '\0';
	for (i = 0; fam->names[i] != NULL && n < size; i++)
		n += (size_t)snprintf(buf + n, size - n, "%s%s",
			i == 0 ? "" : fam->names[i + 1] == NULL ? " or " : ", ",
			fam->names[i]);
}

/*
 * Map 0 as the kernel describes it: its size must cover the offset plus
 * every register the driver touches. 0 or -EINVAL (logged).
 */
static int
uio_map_layout(const char *name, const char *uio, uint64_t size,
	       uint64_t offset, long pg, const struct socnic_uio_family *fam)
{
	if (offset >= (uint64_t)pg || size <= offset ||
	    size - offset < fam->min_window) {
		SOCNIC_LOG(fam->logtype, ERR, "%s: uio=%s map0 is %#" PRIx64 " bytes with the registers at offset %#" PRIx64 ": the driver needs a register window of %#x bytes",
			   name, uio, size, offset, fam->min_window);
		return -EINVAL;
	}
	return 0;
}

/* The device node ROOT/dev/uioN, mapped: map 0 is at mmap offset 0. */
static int
uio_map(struct socnic_uio_ctx *ctx, const struct socnic_port_args *port,
	uint64_t size, uint64_t offset)
{
	char path[PATH_MAX];
	int ret;

	ret = snprintf(path, sizeof(path), "%s/dev/%s", port->uio_root, port->uio);
	if (ret < 0 || (size_t)ret >= sizeof(path))
		return -ENAMETOOLONG;
	ctx->fd = open(path, O_RDWR | O_CLOEXEC);
	if (ctx->fd < 0) {
		ret = -errno;
		SOCNIC_LOG(ctx->logtype, ERR, "%s: cannot open %s: %s", ctx->name, path,
			   strerror(-ret));
		return ret;
	}
	ctx->map_len = (size_t)size;
	ctx->map = mmap(NULL, ctx->map_len, PROT_READ | PROT_WRITE, MAP_SHARED,
			ctx->fd, 0);
	if (ctx->map == MAP_FAILED) {
		ret = -errno;
		SOCNIC_LOG(ctx->logtype, ERR, "%s: mmap of %s map0 (%zu bytes) failed: %s",
			   ctx->name, path, ctx->map_len, strerror(-ret));
		ctx->map = NULL;
		return ret;
	}
	ctx->regs = (uint8_t *)ctx->map + offset;
	return 0;
}

int
socnic_uio_create(struct socnic_backend *be, const char *name,
		  const struct socnic_port_args *port,
		  const struct socnic_uio_family *fam)
{
	char names[128];
	struct socnic_uio_ctx *ctx;
	uint64_t addr, size, offset;
	char devname[64], driver[64];
	long pg = sysconf(_SC_PAGESIZE);
	int ret;

	ctx = rte_zmalloc("socnic_uio", sizeof(*ctx), 0);
	if (ctx == NULL)
		return -ENOMEM;
	ctx->fd = -1;
	ctx->logtype = fam->logtype;
	snprintf(ctx->name, sizeof(ctx->name), "%s", name);
	ret = snprintf(ctx->dir, sizeof(ctx->dir), "%s" SOCNIC_UIO_SYSFS "/%s",
		       port->uio_root, port->uio);
	if (ret < 0 || (size_t)ret >= sizeof(ctx->dir)) {
		ret = -ENAMETOOLONG;
		goto err;
	}

	ret = uio_sysfs_read(ctx, "name", devname, sizeof(devname));
	if (ret < 0) {
		SOCNIC_LOG(fam->logtype, ERR, "%s: uio=%s: %s/name not readable (%s): no such UIO device, or its driver is not bound",
			   name, port->uio, ctx->dir, strerror(-ret));
		goto err;
	}
	uio_bound_driver(ctx, driver, sizeof(driver));
	if (!socnic_sysfs_name_matches(devname, fam->names) && !port->uio_force) {
		uio_name_list(fam, names, sizeof(names));
		SOCNIC_LOG(fam->logtype, ERR, "%s: uio=%s is \"%s\" (driver %s), which does not look like %s (a name containing %s): is it the right device? uio_force=1 uses it anyway",
			   name, port->uio, devname, driver, fam->what, names);
		ret = -ENODEV;
		goto err;
	}
	if (fam->node_check != NULL) {
		ret = fam->node_check(ctx->dir, name, port->uio_force,
				      fam->logtype);
		if (ret < 0)
			goto err;
	}
	ret = uio_sysfs_u64(ctx, "maps/map0/addr", &addr);
	if (ret == 0)
		ret = uio_sysfs_u64(ctx, "maps/map0/size", &size);
	if (ret < 0) {
		SOCNIC_LOG(fam->logtype, ERR, "%s: uio=%s (%s): no usable maps/map0: %s",
			   name, port->uio, devname, strerror(-ret));
		goto err;
	}
	/* Page offset of the registers in map 0 (absent on old kernels). */
	if (uio_sysfs_u64(ctx, "maps/map0/offset", &offset) < 0)
		offset = addr & (uint64_t)(pg - 1);
	ret = uio_map_layout(name, port->uio, size, offset, pg, fam);
	if (ret == 0)
		ret = uio_map(ctx, port, size, offset);
	if (ret < 0)
		goto err;
	SOCNIC_LOG(fam->logtype, INFO, "%s: %s is \"%s\", bound to %s: map0 at %#" PRIx64 ", %#" PRIx64 " bytes, registers at offset %#" PRIx64,
		   name, port->uio, devname, driver, addr, size, offset);
	if (rte_eal_iova_mode() != RTE_IOVA_PA) {
		SOCNIC_LOG(fam->logtype, ERR, "%s: EAL uses IOVA as VA, but UIO programs no IOMMU: %s would DMA to virtual addresses. Run with --iova-mode=pa (root and hugepages needed)",
			   name, port->uio);
		ret = -ENOTSUP;
		goto err;
	}
	be->ops = &socnic_uio_ops;
	be->ctx = ctx;
	be->kind = SOCNIC_BACKEND_UIO;
	return 0;

err:
	uio_destroy(ctx);
	return ret;
}
