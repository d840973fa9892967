/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * What DPDK needs of the host for net_stmmac_uio: hugepages (reserved,
 * free, hugetlbfs mounted) and physical addresses, which --iova-mode=pa
 * takes from /proc/self/pagemap: since Linux 4.2 its page frame numbers
 * read 0 without CAP_SYS_ADMIN (Documentation/admin-guide/mm/pagemap.rst).
 */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "bc.h"

#define BC_PAGEMAP_PRESENT	(1ull << 63)
#define BC_PAGEMAP_PFN_MASK	((1ull << 55) - 1)

static const char bc_huge_fix[] =
	"echo 512 > /proc/sys/vm/nr_hugepages (or hugepages=512 on the kernel "
	"command line)";

void
bc_check_hugepages(struct bc_ctx *c)
{
	char path[PATH_MAX], line[256], dev[128], mnt[PATH_MAX / 2], type[64];
	unsigned long total = 0, free_ = 0, size_kb = 0;
	bool mounted = false;
	FILE *f;

	if (!bc_path(c, "/proc/meminfo", path, sizeof(path)) ||
	    (f = fopen(path, "r")) == NULL) {
		bc_fail(c, "hugepages", "a Linux /proc", "%s not readable",
			path);
		return;
	}
	while (fgets(line, sizeof(line), f) != NULL) {
		sscanf(line, "HugePages_Total: %lu", &total);
		sscanf(line, "HugePages_Free: %lu", &free_);
		sscanf(line, "Hugepagesize: %lu kB", &size_kb);
	}
	fclose(f);
	mnt[0] = '\0';
	if (bc_path(c, "/proc/mounts", path, sizeof(path)) &&
	    (f = fopen(path, "r")) != NULL) {
		while (!mounted && fgets(line, sizeof(line), f) != NULL)
			mounted = sscanf(line, "%127s %2047s %63s", dev, mnt,
					 type) == 3 &&
				  strcmp(type, "hugetlbfs") == 0;
		fclose(f);
	}
	if (total == 0) {
		bc_fail(c, "hugepages", bc_huge_fix, "none reserved (HugePages_Total 0)");
		return;
	}
	if (free_ == 0) {
		bc_fail(c, "hugepages", "end what holds them (a DPDK process; stale files in the hugetlbfs mount), or reserve more",
			"all %lu in use (HugePages_Free 0)", total);
		return;
	}
	if (!mounted) {
		bc_fail(c, "hugepages", "mount -t hugetlbfs nodev /dev/hugepages",
			"%lu free, but no hugetlbfs mounted", free_);
		return;
	}
	bc_ok(c, "hugepages", "%lu of %lu free, %lu kB each, hugetlbfs on %s",
	      free_, total, size_kb, mnt);
}

void
bc_check_pagemap(struct bc_ctx *c)
{
	static const char fix[] =
		"run DPDK (and this check) as root: --iova-mode=pa needs physical addresses";
	long pg = sysconf(_SC_PAGESIZE);
	char path[PATH_MAX];
	uint64_t entry = 0;
	ssize_t n;
	void *page;
	int fd;

	page = mmap(NULL, (size_t)pg, PROT_READ | PROT_WRITE,
		    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (page == MAP_FAILED) {
		bc_fail(c, "pagemap", "memory", "mmap: %s", strerror(errno));
		return;
	}
	memset(page, 0x5a, (size_t)pg);	/* present, so it has a frame */
	fd = bc_path(c, "/proc/self/pagemap", path, sizeof(path)) ?
	     open(path, O_RDONLY | O_CLOEXEC) : -1;
	if (fd < 0) {
		bc_fail(c, "pagemap", fix, "%s: %s", path, strerror(errno));
		munmap(page, (size_t)pg);
		return;
	}
	n = pread(fd, &entry, sizeof(entry),
		  (off_t)((uintptr_t)page / (uintptr_t)pg * sizeof(entry)));
	close(fd);
	munmap(page, (size_t)pg);
	if (n != (ssize_t)sizeof(entry)) {
		bc_fail(c, "pagemap", fix, "%s: no entry for a page of ours", path);
		return;
	}
	if (!(entry & BC_PAGEMAP_PRESENT) || (entry & BC_PAGEMAP_PFN_MASK) == 0) {
		bc_fail(c, "pagemap", fix,
			"physical addresses hidden: page frame numbers read 0 (not root, or no CAP_SYS_ADMIN)");
		return;
	}
	bc_ok(c, "pagemap", "physical addresses readable");
}
