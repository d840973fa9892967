/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * sysfs and device-tree property reading (socnic_sysfs.h). sysfs
 * attributes are text with a trailing newline; /sys/firmware/devicetree
 * properties are the raw property bytes (of_node is a link into it).
 */
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "socnic_sysfs.h"

int
socnic_sysfs_read(const char *path, char *buf, size_t len)
{
	FILE *f = fopen(path, "r");
	char *nl;

	if (f == NULL)
		return -errno;
	if (len > INT_MAX || fgets(buf, (int)len, f) == NULL) {
		fclose(f);
		return -EIO;
	}
	fclose(f);
	nl = strchr(buf, '\n');
	if (nl != NULL)
		*nl = '\0';
	return 0;
}

int
socnic_sysfs_u64(const char *path, uint64_t *val)
{
	char buf[64];
	char *end;
	int ret = socnic_sysfs_read(path, buf, sizeof(buf));

	if (ret < 0)
		return ret;
	errno = 0;
	*val = strtoull(buf, &end, 0);
	return errno != 0 || end == buf ? -EINVAL : 0;
}

ssize_t
socnic_sysfs_read_all(const char *path, void *buf, size_t size)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	size_t got = 0;
	ssize_t n;

	if (fd < 0)
		return -errno;
	while (got < size) {
		n = read(fd, (char *)buf + got, size - got);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			n = -errno;
			close(fd);
			return n;
		}
		if (n == 0)
			break;
		got += (size_t)n;
	}
	close(fd);
	return (ssize_t)got;
}

bool
socnic_sysfs_link_name(const char *path, char *buf, size_t size)
{
	char link[PATH_MAX];
	ssize_t n = readlink(path, link, sizeof(link) - 1);
	const char *base;

	if (n <= 0)
		return false;
	link[n] = '\0';
	base = strrchr(link, '/');
	snprintf(buf, size, "%s", base != NULL ? base + 1 : link);
	return true;
}

bool
socnic_sysfs_name_matches(const char *devname, const char *const *names)
{
	char lower[64];
	size_t i;

	for (i = 0; devname[i] != '\0' && i < sizeof(lower) - 1; i++)
		lower[i] = (char)tolower((unsigned char)devname[i]);
	lower[i] = '\0';
	for (i = 0; names[i] != NULL; i++)
		if (strstr(lower, names[i]) != NULL)
			return true;
	return false;
}

bool
socnic_sysfs_strlist_has(const char *list, size_t len, const char *s)
{
	size_t off = 0, n;

	while (off < len) {
		n = strnlen(list + off, len - off);
		if (n == strlen(s) && memcmp(list + off, s, n) == 0)
			return true;
		off += n + 1;
	}
	return false;
}
