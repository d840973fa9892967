/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The fake UIO device of socrx-devmodel (dm_node.h). What the PMD reads is
 * what the kernel's UIO core writes for a uio_pdrv_genirq device
 * (drivers/uio/uio.c, uio_pdrv_genirq.c): map0/addr page aligned,
 * map0/offset the registers' place in that page, map0/size counting the
 * offset and rounded up to whole pages.
 */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "dm_node.h"

/* The sysfs attributes and links, relative to dir, in creation order. */
static const char *const dm_node_dirs[] = {
	"maps", "maps/map0", "device", "device/of_node",
};
static const char *const dm_node_files[] = {
	"name", "maps/map0/name", "maps/map0/addr", "maps/map0/size",
	"maps/map0/offset",
	/* The model's DMA is cache-coherent: dma=auto finds this. */
	"device/of_node/dma-coherent",
	"device/of_node/compatible",
	"device/of_node/phy-mode",
	"device/driver",
};
/* Parents made under root when missing, removed when left empty. */
static const char *const dm_node_parents[] = {
	"sys", "sys/class", "sys/class/uio", "dev",
};

#define DM_NODE_DIM(a) (sizeof(a) / sizeof((a)[0]))

static int
dm_path(char *buf, size_t size, const char *a, const char *b)
{
	int n = snprintf(buf, size, "%s/%s", a, b);

	return n > 0 && (size_t)n < size ? 0 : -1;
}

/* @p len bytes, NULs included (a device-tree property). */
static int
dm_write_bytes(const struct dm_node *n, const char *attr, const void *data,
	       size_t len)
{
	char path[PATH_MAX];
	FILE *f;
	size_t w;

	if (dm_path(path, sizeof(path), n->dir, attr) < 0)
		return -1;
	f = fopen(path, "w");
	if (f == NULL) {
		fprintf(stderr, "socrx-devmodel: cannot create %s: %s\n", path,
			strerror(errno));
		return -1;
	}
	w = fwrite(data, 1, len, f);
	return fclose(f) == 0 && w == len ? 0 : -1;
}

static int
dm_write_attr(const struct dm_node *n, const char *attr, const char *text)
{
	return dm_write_bytes(n, attr, text, strlen(text));
}

/* ROOT/sys/class/uio and ROOT/dev, where missing. */
static int
dm_node_parents_make(const struct dm_node *n)
{
	char path[PATH_MAX];
	unsigned int i;

	for (i = 0; i < DM_NODE_DIM(dm_node_parents); i++) {
		if (dm_path(path, sizeof(path), n->root, dm_node_parents[i]) < 0)
			return -1;
		if (mkdir(path, 0755) != 0 && errno != EEXIST) {
			fprintf(stderr, "socrx-devmodel: cannot create %s: %s\n",
				path, strerror(errno));
			return -1;
		}
	}
	return 0;
}

static int
dm_node_tree(struct dm_node *n, const char *name, uint64_t addr,
	     const struct dm_node_desc *d)
{
	char path[PATH_MAX], text[64];
	unsigned int i;

	if (mkdir(n->dir, 0755) != 0) {
		strcpy(path, n->dir);
		goto fail;
	}
	for (i = 0; i < DM_NODE_DIM(dm_node_dirs); i++) {
		if (dm_path(path, sizeof(path), n->dir, dm_node_dirs[i]) < 0 ||
		    mkdir(path, 0755) != 0)
			goto fail;
	}
	snprintf(text, sizeof(text), "%s\n", name);
	if (dm_write_attr(n, "name", text) < 0 ||
	    dm_write_attr(n, "maps/map0/name", "registers\n") < 0)
		return -1;
	snprintf(text, sizeof(text), "0x%016" PRIx64 "\n", addr);
	if (dm_write_attr(n, "maps/map0/addr", text) < 0)
		return -1;
	snprintf(text, sizeof(text), "0x%016zx\n", n->size);
	if (dm_write_attr(n, "maps/map0/size", text) < 0)
		return -1;
	snprintf(text, sizeof(text), "0x%" PRIx32 "\n", n->offset);
	if (dm_write_attr(n, "maps/map0/offset", text) < 0 ||
	    dm_write_attr(n, "device/of_node/dma-coherent", "") < 0 ||
	    dm_write_bytes(n, "device/of_node/compatible", d->compatible,
			   d->compatible_len) < 0)
		return -1;
	/* A device-tree string property: its NUL included. */
	if (d->phy_mode != NULL &&
	    dm_write_bytes(n, "device/of_node/phy-mode", d->phy_mode,
			   strlen(d->phy_mode) + 1) < 0)
		return -1;
	/* Where sysfs links a platform device's driver: its basename counts. */
	if (dm_path(path, sizeof(path), n->dir, "device/driver") < 0 ||
	    symlink("../../../../bus/platform/drivers/socrx-devmodel", path) != 0)
		goto fail;
	return 0;
fail:
	fprintf(stderr, "socrx-devmodel: cannot create %s: %s\n", path,
		strerror(errno));
	return -1;
}

/* ROOT/dev/uioN: created, locked against a second devmodel, sized, mapped. */
static int
dm_node_device(struct dm_node *n)
{
	n->fd = open(n->dev, O_RDWR | O_CREAT | O_CLOEXEC, 0600);
	if (n->fd < 0) {
		fprintf(stderr, "socrx-devmodel: cannot create %s: %s\n",
			n->dev, strerror(errno));
		return -1;
	}
	if (flock(n->fd, LOCK_EX | LOCK_NB) != 0) {
		fprintf(stderr, "socrx-devmodel: %s is served by another socrx-devmodel\n",
			n->dev);
		close(n->fd);
		n->fd = -1;
		return -1;
	}
	/* A fresh window: whatever an earlier run left goes. */
	if (ftruncate(n->fd, 0) != 0 || ftruncate(n->fd, (off_t)n->size) != 0) {
		fprintf(stderr, "socrx-devmodel: cannot size %s: %s\n", n->dev,
			strerror(errno));
		return -1;
	}
	n->map = mmap(NULL, n->size, PROT_READ | PROT_WRITE, MAP_SHARED, n->fd,
		      0);
	if (n->map == MAP_FAILED) {
		n->map = NULL;
		fprintf(stderr, "socrx-devmodel: cannot map %s: %s\n", n->dev,
			strerror(errno));
		return -1;
	}
	return 0;
}

/* The tree of an earlier devmodel that ended without removing it. */
static void
dm_node_remove_tree(struct dm_node *n)
{
	char path[PATH_MAX];
	unsigned int i;

	for (i = DM_NODE_DIM(dm_node_files); i-- > 0;)
		if (dm_path(path, sizeof(path), n->dir, dm_node_files[i]) == 0)
			unlink(path);
	for (i = DM_NODE_DIM(dm_node_dirs); i-- > 0;)
		if (dm_path(path, sizeof(path), n->dir, dm_node_dirs[i]) == 0)
			rmdir(path);
	rmdir(n->dir);
}

int
dm_node_create(struct dm_node *n, const char *root, const char *uio,
	       const char *name, uint32_t offset, const struct dm_node_desc *d)
{
	long pg = sysconf(_SC_PAGESIZE);
	unsigned long idx = strtoul(uio + 3, NULL, 10);
	int a, b, c;

	memset(n, 0, sizeof(*n));
	n->fd = -1;
	n->offset = offset;
	/* uio_pdrv_genirq: offset + resource size, in whole pages. */
	n->size = ((size_t)offset + d->window + (size_t)pg - 1) &
		  ~((size_t)pg - 1);
	a = snprintf(n->root, sizeof(n->root), "%s", root);
	b = snprintf(n->dir, sizeof(n->dir), "%s/sys/class/uio/%s", root, uio);
	c = snprintf(n->dev, sizeof(n->dev), "%s/dev/%s", root, uio);
	if (a < 0 || b < 0 || c < 0 || (size_t)a >= sizeof(n->root) ||
	    (size_t)b >= sizeof(n->dir) || (size_t)c >= sizeof(n->dev)) {
		fprintf(stderr, "socrx-devmodel: --uio-root %s: path too long\n",
			root);
		return -1;
	}
	if (dm_node_parents_make(n) < 0 || dm_node_device(n) < 0)
		goto err;
	/* Locked: a tree already there was left by a devmodel that died. */
	dm_node_remove_tree(n);
	/* The family's first block, then one block per device number. */
	if (dm_node_tree(n, name, d->addr + d->stride * (idx & 0xff), d) < 0)
		goto err;
	return 0;
err:
	dm_node_destroy(n, false);
	return -1;
}

uint32_t *
dm_node_regs(const struct dm_node *n)
{
	return (uint32_t *)((uint8_t *)n->map + n->offset);
}

void
dm_node_destroy(struct dm_node *n, bool keep)
{
	char path[PATH_MAX];
	unsigned int i;

	if (n->map != NULL)
		munmap(n->map, n->size);
	n->map = NULL;
	if (n->fd < 0)
		return;	/* not ours: leave it alone */
	if (!keep) {
		dm_node_remove_tree(n);
		unlink(n->dev);
		for (i = DM_NODE_DIM(dm_node_parents); i-- > 0;)
			if (dm_path(path, sizeof(path), n->root,
				    dm_node_parents[i]) == 0)
				rmdir(path);	/* only when empty */
	}
	close(n->fd);
	n->fd = -1;
}
