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
 * Maps 1..4 (uio_pdrv_genirq maps every reg entry of the node, at most
 * MAX_UIO_MAPS = 5) are the SoC's blocks around the controller the
 * overlay adds (docs/design/soc_glue.md), known by their name, which is
 * the entry's reg-names string (maps/mapN/name): "cru", "grf", ...
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
/* Further maps: the SoC's blocks (UIO's MAX_UIO_MAPS is 5). */
#define SOCNIC_UIO_SOC_MAPS	4

struct socnic_uio_soc_map {
	char name[32];			/* maps/mapN/name (reg-names) */
	void *map;			/* mmap() result */
	size_t len;
	uint8_t *regs;			/* the block's first register */
	uint32_t size;			/* bytes of registers from there */
};

struct socnic_uio_ctx {
	char name[64];
	int logtype;
	char dir[PATH_MAX];	/* ROOT/sys/class/uio/uioN */
	int fd;
	void *map;		/* mmap() result */
	size_t map_len;
	uint8_t *regs;		/* register window inside the mapping */
	uint64_t regs_phys;	/* map0/addr + map0/offset */
	struct socnic_uio_soc_map soc[SOCNIC_UIO_SOC_MAPS];
	unsigned int nb_soc;
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
	unsigned int i;

	for (i = 0; i < ctx->nb_soc; i++)
		munmap(ctx->soc[i].map, ctx->soc[i].len);

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

static int
uio_soc_map(void *arg, const char *name)
{
	struct socnic_uio_ctx *ctx = arg;
	unsigned int i;

	for (i = 0; i < ctx->nb_soc; i++)
		if (strcmp(ctx->soc[i].name, name) == 0)
			return (int)i;
	return -ENOENT;
}

/* An offset outside the block reads 0 and writes nothing. */
static uint32_t
uio_soc_read32(void *arg, unsigned int map, uint32_t off)
{
	struct socnic_uio_ctx *ctx = arg;

	if (map >= ctx->nb_soc || off % 4 || off >= ctx->soc[map].size)
		return 0;
	return rte_read32(ctx->soc[map].regs + off);
}

static void
uio_soc_write32(void *arg, unsigned int map, uint32_t off, uint32_t val)
{
	struct socnic_uio_ctx *ctx = arg;

	if (map >= ctx->nb_soc || off % 4 || off >= ctx->soc[map].size)
		return;
	rte_write32(val, ctx->soc[map].regs + off);
}

static uint64_t
uio_regs_phys(void *arg)
{
	return ((struct socnic_uio_ctx *)arg)->regs_phys;
}

/* device/of_node/NAME, the kernel's copy of the property. */
static int
uio_of_prop(void *arg, const char *name, void *buf, size_t len)
{
	struct socnic_uio_ctx *ctx = arg;
	char rel[128], path[PATH_MAX];
	ssize_t n;
	int fd, ret;

	ret = snprintf(rel, sizeof(rel), "device/of_node/%s", name);
	if (ret < 0 || (size_t)ret >= sizeof(rel) ||
	    !uio_path(ctx, rel, path, sizeof(path)))
		return -ENAMETOOLONG;
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return -errno;
	n = read(fd, buf, len);
	ret = n < 0 ? -errno : (int)n;
	close(fd);
	return ret;
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
	.soc_map = uio_soc_map,
	.soc_read32 = uio_soc_read32,
	.soc_write32 = uio_soc_write32,
	.regs_phys = uio_regs_phys,
	.of_prop = uio_of_prop,
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

/*
 * The device-tree node's compatible property: NUL-separated strings, most
 * specific first (Devicetree Specification 2.3.1), as sysfs gives it.
 * Returns its length in @p buf (NUL-terminated whatever the file holds),
 * 0 when the node has none, or -errno.
 */
static ssize_t
uio_of_compatible(const struct socnic_uio_ctx *ctx, char *buf, size_t size)
{
	char path[PATH_MAX];
	ssize_t n;

	if (!uio_path(ctx, "device/of_node/compatible", path, sizeof(path)))
		return -ENAMETOOLONG;
	n = socnic_sysfs_read_all(path, buf, size - 1);
	if (n < 0)
		return n == -ENOENT ? 0 : n;
	buf[n] = '\0';
	return n;
}

/*
 * Whether the compatible list @p list (@p len bytes) names one of the
 * family's cores, or is the one config/boards/'s overlays give the node
 * (SOCNIC_UIO_OVERLAY_COMPAT: they replace the controller's compatible so
 * that its Linux driver never binds), leaving the core to be identified
 * by its registers at probe.
 */
static bool
uio_compatible_matches(const char *list, size_t len,
		       const struct socnic_uio_family *fam)
{
	size_t i;

	if (socnic_sysfs_strlist_has(list, len, SOCNIC_UIO_OVERLAY_COMPAT))
		return true;
	for (i = 0; fam->compatibles[i] != NULL; i++)
		if (socnic_sysfs_strlist_has(list, len, fam->compatibles[i]))
			return true;
	return false;
}

/* "a", "b" of a NUL-separated list of @p len bytes, or a NULL-terminated one. */
static void
uio_quote_list(const char *list, size_t len, const char *const *vec, char *buf,
	       size_t size)
{
	const char *c;
	size_t n = 0, i = 0;

	buf[0] = '\0';
	for (c = vec != NULL ? vec[0] : list;
	     c != NULL && (vec != NULL || c < list + len) && n < size;
	     c = vec != NULL ? vec[++i] : c + strlen(c) + 1)
		n += (size_t)snprintf(buf + n, size - n, "%s\"%s\"",
				      n == 0 ? "" : ", ", c);
}

/* The family's variant check (node_check) on the compatible list read. */
static int
uio_variant(const char *list, size_t len, const char *name,
	    const struct socnic_port_args *port,
	    const struct socnic_uio_family *fam)
{
	if (fam->node_check == NULL)
		return 0;
	return fam->node_check(list, len, name, port->uio_force != 0,
			       *fam->logtype);
}

/*
 * The device is one of the family's cores by its device-tree compatible,
 * then (node_check) a variant the driver runs.
 * 0, or -ENODEV after logging what was found and what would do.
 */
static int
uio_identify(const struct socnic_uio_ctx *ctx, const char *name,
	     const struct socnic_port_args *port, const char *devname,
	     const char *driver, const struct socnic_uio_family *fam)
{
	char compat[256], found[320], want[640], what[PATH_MAX + 400];
	ssize_t len = uio_of_compatible(ctx, compat, sizeof(compat));
	size_t clen = len > 0 ? (size_t)len : 0;

	compat[clen] = '\0';
	if (clen > 0 && uio_compatible_matches(compat, clen, fam))
		return uio_variant(compat, clen, name, port, fam);
	uio_quote_list(NULL, 0, fam->compatibles, want, sizeof(want));
	if (len > 0) {
		uio_quote_list(compat, (size_t)len, NULL, found, sizeof(found));
		snprintf(what, sizeof(what), "is compatible with %s, which is not",
			 found);
	} else {
		snprintf(what, sizeof(what), "has no device-tree compatible (%s/device/of_node/compatible: %s): cannot tell whether it is",
			 ctx->dir, len == 0 ? "missing" : strerror((int)-len));
	}
	if (port->uio_force) {
		SOCNIC_LOG(*fam->logtype, WARNING, "%s: uio=%s (\"%s\", driver %s) %s %s (compatible with one of %s); uio_force=1: using it anyway",
			   name, port->uio, devname, driver, what, fam->what, want);
		return uio_variant(compat, clen, name, port, fam);
	}
	SOCNIC_LOG(*fam->logtype, ERR, "%s: uio=%s (\"%s\", driver %s) %s %s (compatible with one of %s): is it the right device? uio_force=1 uses it anyway",
		   name, port->uio, devname, driver, what, fam->what, want);
	return -ENODEV;
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
		SOCNIC_LOG(*fam->logtype, ERR, "%s: uio=%s map0 is %#" PRIx64 " bytes with the registers at offset %#" PRIx64 ": the driver needs a register window of %#x bytes",
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

/*
 * Maps 1.. while they exist: each is mapped at mmap offset N pages, as
 * UIO selects map N. A map that cannot be used is logged and left out
 * (the SoC glue then names what it misses).
 */
static void
uio_map_soc(struct socnic_uio_ctx *ctx, long pg)
{
	struct socnic_uio_soc_map *sm;
	char attr[64];
	uint64_t addr, size, offset;
	unsigned int n;
	void *map;

	for (n = 1; n <= SOCNIC_UIO_SOC_MAPS; n++) {
		sm = &ctx->soc[ctx->nb_soc];
		snprintf(attr, sizeof(attr), "maps/map%u/name", n);
		if (uio_sysfs_read(ctx, attr, sm->name, sizeof(sm->name)) < 0)
			break;
		snprintf(attr, sizeof(attr), "maps/map%u/addr", n);
		if (uio_sysfs_u64(ctx, attr, &addr) < 0)
			break;
		snprintf(attr, sizeof(attr), "maps/map%u/size", n);
		if (uio_sysfs_u64(ctx, attr, &size) < 0)
			break;
		snprintf(attr, sizeof(attr), "maps/map%u/offset", n);
		if (uio_sysfs_u64(ctx, attr, &offset) < 0) {
			offset = addr & (uint64_t)(pg - 1);
			addr -= offset;
		}
		if (offset >= (uint64_t)pg || size <= offset || size > UINT32_MAX) {
			SOCNIC_LOG(ctx->logtype, WARNING, "%s: map%u \"%s\" is %#" PRIx64 " bytes with its registers at offset %#" PRIx64 ": left out",
				   ctx->name, n, sm->name, size, offset);
			continue;
		}
		map = mmap(NULL, (size_t)size, PROT_READ | PROT_WRITE, MAP_SHARED,
			   ctx->fd, (off_t)n * pg);
		if (map == MAP_FAILED) {
			SOCNIC_LOG(ctx->logtype, WARNING, "%s: mmap of map%u \"%s\" failed: %s: left out",
				   ctx->name, n, sm->name, strerror(errno));
			continue;
		}
		sm->map = map;
		sm->len = (size_t)size;
		sm->regs = (uint8_t *)map + offset;
		sm->size = (uint32_t)(size - offset);
		SOCNIC_LOG(ctx->logtype, INFO, "%s: map%u \"%s\" at %#" PRIx64 ", %#" PRIx64 " bytes",
			   ctx->name, n, sm->name, addr + offset, size - offset);
		ctx->nb_soc++;
	}
}

int
socnic_uio_create(struct socnic_backend *be, const char *name,
		  const struct socnic_port_args *port,
		  const struct socnic_uio_family *fam)
{
	struct socnic_uio_ctx *ctx;
	uint64_t addr, size, offset;
	char devname[64], driver[64];
	long pg = sysconf(_SC_PAGESIZE);
	int ret;

	ctx = rte_zmalloc("socnic_uio", sizeof(*ctx), 0);
	if (ctx == NULL)
		return -ENOMEM;
	ctx->fd = -1;
	ctx->logtype = *fam->logtype;
	snprintf(ctx->name, sizeof(ctx->name), "%s", name);
	ret = snprintf(ctx->dir, sizeof(ctx->dir), "%s" SOCNIC_UIO_SYSFS "/%s",
		       port->uio_root, port->uio);
	if (ret < 0 || (size_t)ret >= sizeof(ctx->dir)) {
		ret = -ENAMETOOLONG;
		goto err;
	}

	ret = uio_sysfs_read(ctx, "name", devname, sizeof(devname));
	if (ret < 0) {
		SOCNIC_LOG(*fam->logtype, ERR, "%s: uio=%s: %s/name not readable (%s): no such UIO device, or its driver is not bound",
			   name, port->uio, ctx->dir, strerror(-ret));
		goto err;
	}
	uio_bound_driver(ctx, driver, sizeof(driver));
	ret = uio_identify(ctx, name, port, devname, driver, fam);
	if (ret < 0)
		goto err;
	ret = uio_sysfs_u64(ctx, "maps/map0/addr", &addr);
	if (ret == 0)
		ret = uio_sysfs_u64(ctx, "maps/map0/size", &size);
	if (ret < 0) {
		SOCNIC_LOG(*fam->logtype, ERR, "%s: uio=%s (%s): no usable maps/map0: %s",
			   name, port->uio, devname, strerror(-ret));
		goto err;
	}
	/*
	 * Page offset of the registers in map 0 (absent on old kernels,
	 * whose addr is the registers' own).
	 */
	if (uio_sysfs_u64(ctx, "maps/map0/offset", &offset) < 0) {
		offset = addr & (uint64_t)(pg - 1);
		addr -= offset;
	}
	ret = uio_map_layout(name, port->uio, size, offset, pg, fam);
	if (ret == 0)
		ret = uio_map(ctx, port, size, offset);
	if (ret < 0)
		goto err;
	ctx->regs_phys = addr + offset;
	uio_map_soc(ctx, pg);
	SOCNIC_LOG(*fam->logtype, INFO, "%s: %s is \"%s\", bound to %s: map0 at %#" PRIx64 ", %#" PRIx64 " bytes, registers at offset %#" PRIx64,
		   name, port->uio, devname, driver, addr, size, offset);
	if (rte_eal_iova_mode() != RTE_IOVA_PA) {
		SOCNIC_LOG(*fam->logtype, ERR, "%s: EAL uses IOVA as VA, but UIO programs no IOMMU: %s would DMA to virtual addresses. Run with --iova-mode=pa (root and hugepages needed)",
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
