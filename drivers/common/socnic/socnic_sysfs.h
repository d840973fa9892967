/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Reading sysfs attributes and device-tree properties (a UIO device's
 * name and maps, its of_node): plain C, no DPDK, so that the UIO backend
 * (socnic_uio.c) and socrx-board-check, which runs before DPDK is set up,
 * read them the same way.
 */
#ifndef SOCNIC_SYSFS_H
#define SOCNIC_SYSFS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

/* The first line of @p path, newline dropped. 0 or -errno. */
int socnic_sysfs_read(const char *path, char *buf, size_t len);

/* The first line of @p path as a number (C syntax: 0x.. hex). 0 or -errno. */
int socnic_sysfs_u64(const char *path, uint64_t *val);

/*
 * The whole of @p path (a device-tree property: strings NUL-separated,
 * cells big-endian): the byte count, or -errno. Longer files are cut.
 */
ssize_t socnic_sysfs_read_all(const char *path, void *buf, size_t size);

/* The basename of the symbolic link @p path; false when it is none. */
bool socnic_sysfs_link_name(const char *path, char *buf, size_t size);

/*
 * Whether @p devname contains one of @p names (lower case,
 * NULL-terminated), ignoring case.
 */
bool socnic_sysfs_name_matches(const char *devname, const char *const *names);

/*
 * Whether the NUL-separated string list @p list of @p len bytes (a
 * `compatible` property) holds @p s.
 */
bool socnic_sysfs_strlist_has(const char *list, size_t len, const char *s);

/*
 * The compatible config/boards/'s overlays give a controller's node, in
 * place of its own, so that uio_pdrv_genirq (of_id=generic-uio) binds it
 * and the controller's Linux driver does not: accepted for every family,
 * whose probe then identifies the core by its registers.
 */
#define SOCNIC_UIO_OVERLAY_COMPAT	"generic-uio"

#endif /* SOCNIC_SYSFS_H */
