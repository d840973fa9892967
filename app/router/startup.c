/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * socrx-router before its ports: its own arguments, parsed before EAL
 * starts where they can be (EAL needs hugepages or root, maps memory and
 * probes devices), EAL's refusal to start explained with what to do about
 * it, and the one way out on a fatal error.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <rte_eal.h>
#include <rte_errno.h>

#include "args.h"
#include "startup.h"

struct router_args args;

void
die(const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "socrx-router: error: ");
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fprintf(stderr, "\n");
	rte_eal_cleanup();
	exit(EXIT_FAILURE);
}

void
usage_hook(const char *prog)
{
	args_usage(stdout, prog);
}

/*
 * The process holding the lock a primary EAL takes on its runtime
 * directory's config file (lib/eal's rte_eal_config_create(): a write
 * lock, fcntl(F_SETLK), held for the primary's life), or 0 when no other
 * process holds it or there is no such file (--no-shconf, --in-memory).
 */
static pid_t
runtime_config_holder(const char *dir)
{
	struct flock lk = { .l_type = F_WRLCK, .l_whence = SEEK_SET };
	char path[PATH_MAX];
	int fd;

	if (dir == NULL || dir[0] == '\0' ||
	    snprintf(path, sizeof(path), "%s/config", dir) >= (int)sizeof(path))
		return 0;
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
		return 0;
	if (fcntl(fd, F_GETLK, &lk) != 0 || lk.l_type == F_UNLCK)
		lk.l_pid = 0;
	close(fd);
	return lk.l_pid;
}

/*
 * EAL refused to start. Without hugepages (the usual first contact on a
 * fresh machine: "Permission denied" or "Cannot allocate memory") the
 * fix is a handful of EAL options, so say which, unless they are there.
 */
void
eal_init_failed(int argc, char **argv)
{
	const char *dir = rte_eal_get_runtime_dir();
	int err = rte_errno, i;
	pid_t holder;

	/*
	 * Another primary holds this --file-prefix: EAL fails to lock the
	 * runtime directory's config file and leaves rte_errno as it was
	 * (0: "Success"), so the lock itself is asked who holds it.
	 */
	holder = runtime_config_holder(dir);
	if (holder != 0) {
		const char *prefix = strrchr(dir, '/');

		fprintf(stderr,
			"socrx-router: error: EAL init failed: another DPDK primary process (pid %ld) runs with --file-prefix %s:\n"
			"  it holds the lock on %s/config; stop it, or give this process another --file-prefix\n",
			(long)holder, prefix != NULL ? prefix + 1 : dir, dir);
		return;
	}
	if (err == 0) {
		fprintf(stderr,
			"socrx-router: error: EAL init failed (EAL gave no reason code: see its messages above)\n");
		return;
	}
	fprintf(stderr, "socrx-router: error: EAL init failed: %s\n",
		rte_strerror(err));
	if (err == EINVAL)	/* a bad EAL option: EAL said which */
		return;
	for (i = 1; i < argc && strcmp(argv[i], "--") != 0; i++)
		if (strcmp(argv[i], "--no-huge") == 0)
			return;
	fprintf(stderr,
		"socrx-router: hint: on a machine without hugepages, give EAL --no-huge --no-pci -m 512 --no-shconf,\n"
		"  e.g. %s --no-huge --no-pci -m 512 --no-shconf -l 0,1 \\\n"
		"         --vdev net_stmmac_uio0 --vdev net_stmmac_uio1,gen_ipv6=1 -- --duration 5\n"
		"  or configure hugepages (e.g. echo 512 > /sys/kernel/mm/hugepages/hugepages-2048kB/nr_hugepages,\n"
		"  hugetlbfs mounted on /dev/hugepages); see docs/router.md\n",
		argv[0]);
}

/*
 * The router's own arguments, after the first "--", are parsed before
 * EAL starts (EAL needs hugepages or root, maps memory and probes
 * devices): --help, -h or a mistake in them is answered at once, and
 * the process exits. @return the index of that "--" in @p argv (what
 * rte_eal_init() returns when it stops there), or -1 without one: then
 * EAL takes everything, and what it leaves is parsed after it.
 */
int
args_before_eal(int argc, char **argv)
{
	char err[ARGS_ERR_LEN];
	enum args_result r;
	char *dashes;
	int sep;

	for (sep = 1; sep < argc && strcmp(argv[sep], "--") != 0; sep++)
		;
	if (sep >= argc)
		return -1;
	/* the router's argv as EAL leaves it: the program name, then the rest */
	dashes = argv[sep];
	argv[sep] = argv[0];
	r = args_parse(argc - sep, argv + sep, &args, err, sizeof(err));
	argv[sep] = dashes;
	if (r == ARGS_HELP)
		exit(EXIT_SUCCESS);
	if (r == ARGS_ERROR) {
		fprintf(stderr, "socrx-router: error: %s\n", err);
		exit(EXIT_FAILURE);
	}
	return sep;
}
