/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * socrx-board-check: the pre-flight check of a board for net_stmmac_uio
 * or net_mvneta_uio (bc.h). One line per check, in the order a bring-up needs them; exit 0
 * when every check passed, 1 when one failed, 2 on a usage error.
 */
#include <errno.h>
#include <getopt.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "bc.h"

static const char bc_usage[] =
	"usage: socrx-board-check [--uio uioN] [--uio-root DIR] [--csr-clk HZ]\n"
	"                         [--phy-addr N]\n"
	"Checks, before DPDK starts, what net_stmmac_uio (a GMAC) or\n"
	"net_mvneta_uio (a NETA port) needs of the board and prints one line\n"
	"per check: ok, FAIL with the fix, or skip with why.\n"
	"  --uio uioN       the controller's UIO device (default: the first uioN\n"
	"                   whose name is an Ethernet controller's, as the PMDs'\n"
	"                   uio= take it)\n"
	"  --uio-root DIR   directory standing for / (sysfs, /dev, /proc): a\n"
	"                   fake tree such as socrx-devmodel's (the PMD's uio_root=)\n"
	"  --csr-clk HZ     a GMAC's CSR clock, for the MDC divider (the PMD's\n"
	"                   csr_clk=; default: the largest divider)\n"
	"  --phy-addr N     the PHY's MDIO address (default: scan 0..31)\n"
	"Checks: hugepages, pagemap (physical addresses: root), uio, compatible,\n"
	"then for a GMAC soc, dma-coherent, phy-mode, reset and glue (the SoC's\n"
	"reset line and interface select, where a UIO map reaches them),\n"
	"mac_version, phy, link; for a NETA port (its compatible, or the\n"
	"overlay's generic-uio with map0 named \"neta\") soc (which Armada 3700\n"
	"port), dma-coherent, phy-mode, neta_regs, mbus and phy_polling\n"
	"(information), mdio (the SMI's map, no kernel driver on it), phy, link\n"
	"(over the SMI; skip for a fixed-link or SerDes port: the PMD manages no\n"
	"PHY there).\n"
	"Reads registers only, except a GMAC's MAC_MDIO_Address and a NETA's SMI\n"
	"(MDIO reads of the PHY; never a PHY write).\n"
	"Exit status: 0 every check passed, 1 one failed, 2 usage.\n";

static void
bc_line(const char *tag, const char *check, const char *fix, const char *fmt,
	va_list ap)
{
	printf("%-4s  %-12s  ", tag, check);
	vprintf(fmt, ap);
	if (fix != NULL)
		printf("; fix: %s", fix);
	putchar('\n');
}

void
bc_ok(struct bc_ctx *c, const char *check, const char *fmt, ...)
{
	va_list ap;

	(void)c;
	va_start(ap, fmt);
	bc_line("ok", check, NULL, fmt, ap);
	va_end(ap);
}

void
bc_fail(struct bc_ctx *c, const char *check, const char *fix,
	const char *fmt, ...)
{
	va_list ap;

	c->failed++;
	va_start(ap, fmt);
	bc_line("FAIL", check, fix, fmt, ap);
	va_end(ap);
}

void
bc_skip(struct bc_ctx *c, const char *check, const char *why)
{
	(void)c;
	printf("%-4s  %-12s  %s\n", "skip", check, why);
}

bool
bc_path(const struct bc_ctx *c, const char *rel, char *buf, size_t size)
{
	int n = snprintf(buf, size, "%s%s", c->root, rel);

	return n > 0 && (size_t)n < size;
}

bool
bc_uio_path(const struct bc_ctx *c, const char *rel, char *buf, size_t size)
{
	int n = snprintf(buf, size, "%s/%s", c->dir, rel);

	return n > 0 && (size_t)n < size;
}

static int
bc_parse_u64(const char *opt, const char *v, uint64_t max, uint64_t *out)
{
	char *end;

	errno = 0;
	*out = strtoull(v, &end, 0);
	if (errno != 0 || end == v || *end != '\0' || v[0] == '-' || *out > max) {
		fprintf(stderr, "socrx-board-check: %s %s: expected a number up to %llu\n",
			opt, v, (unsigned long long)max);
		return -1;
	}
	return 0;
}

static int
bc_parse(int argc, char **argv, struct bc_ctx *c)
{
	static const struct option longopts[] = {
		{ "uio", required_argument, NULL, 'u' },
		{ "uio-root", required_argument, NULL, 'r' },
		{ "csr-clk", required_argument, NULL, 'c' },
		{ "phy-addr", required_argument, NULL, 'p' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	struct stat sb;
	uint64_t v;
	int opt;

	while ((opt = getopt_long(argc, argv, "h", longopts, NULL)) != -1) {
		switch (opt) {
		case 'u':
			if (strncmp(optarg, "uio", 3) != 0 || optarg[3] < '0' ||
			    optarg[3] > '9' || strlen(optarg) > 8) {
				fprintf(stderr, "socrx-board-check: --uio %s: expected uioN\n",
					optarg);
				return -1;
			}
			c->uio_opt = optarg;
			break;
		case 'r':
			if (optarg[0] != '/' || stat(optarg, &sb) != 0 ||
			    !S_ISDIR(sb.st_mode)) {
				fprintf(stderr, "socrx-board-check: --uio-root %s: expected an existing directory, absolute\n",
					optarg);
				return -1;
			}
			c->root = strcmp(optarg, "/") == 0 ? "" : optarg;
			break;
		case 'c':
			if (bc_parse_u64("--csr-clk", optarg, 800000000, &c->csr_clk) < 0)
				return -1;
			break;
		case 'p':
			if (bc_parse_u64("--phy-addr", optarg, 31, &v) < 0)
				return -1;
			c->phy_addr = (int)v;
			break;
		case 'h':
			fputs(bc_usage, stdout);
			exit(0);
		default:
			fputs(bc_usage, stderr);
			return -1;
		}
	}
	if (optind != argc) {
		fprintf(stderr, "socrx-board-check: unexpected argument %s\n%s",
			argv[optind], bc_usage);
		return -1;
	}
	return 0;
}

int
main(int argc, char **argv)
{
	static struct bc_ctx c;

	c.root = "";
	c.phy_addr = -1;
	c.gmac = -1;
	c.neta_port = -1;
	c.neta_smi_map = -1;
	if (bc_parse(argc, argv, &c) < 0)
		return 2;
	setvbuf(stdout, NULL, _IOLBF, 0);
	bc_check_hugepages(&c);
	bc_check_pagemap(&c);
	bc_check_uio(&c);
	bc_check_compatible(&c);
	if (c.neta) {
		bc_neta_check_port(&c);
		bc_check_coherent(&c);
		bc_check_phy_mode(&c);
		bc_neta_check_regs(&c);
		bc_neta_check_mdio(&c);
		bc_neta_check_phy(&c);
	} else {
		bc_check_soc(&c);
		bc_check_coherent(&c);
		bc_check_phy_mode(&c);
		bc_check_reset(&c);
		bc_check_glue_mode(&c);
		bc_check_mac_version(&c);
		bc_check_phy(&c);
	}
	if (c.failed != 0)
		printf("socrx-board-check: %u check(s) failed\n", c.failed);
	else
		printf("socrx-board-check: every check passed\n");
	return c.failed != 0 ? 1 : 0;
}
