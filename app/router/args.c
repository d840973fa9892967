/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * socrx-router's arguments: getopt_long() over what EAL left, each value
 * checked in full (no trailing characters, no sign where none belongs,
 * within its range), every mistake an error that names the option and
 * its limit.
 */
#include <errno.h>
#include <getopt.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include <rte_config.h>

#include "args.h"

#define DEFAULT_ROUTES	"config/routes.cfg"

static enum args_result __attribute__((format(printf, 3, 4)))
args_fail(char *err, size_t errlen, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(err, errlen, fmt, ap);
	va_end(ap);
	return ARGS_ERROR;
}

void
args_usage(FILE *o, const char *prog)
{
	fprintf(o,
		"usage: %s [EAL options] -- [-p PORTMASK] [-P]\n"
		"    [--config \"(port,queue,lcore)[,(port,queue,lcore)...]\"]\n"
		"    [--routes FILE] [--stats-period SEC] [--duration SEC]\n"
		"    [--exit-when-idle N] [--drop-bad-l4] [--json FILE]\n"
		"\n"
		"  -p PORTMASK          ports to use, hex (default: all)\n"
		"  -P                   put the ports in promiscuous mode\n"
		"  --config             RX queue to lcore map (default: queue 0 of each\n"
		"                       port, ports spread over the worker lcores)\n"
		"  --routes FILE        route file (default " DEFAULT_ROUTES ")\n"
		"  --stats-period SEC   live statistics period (default 1; 0: none)\n"
		"  --duration SEC       stop after SEC seconds (default 0: at SIGINT/SIGTERM)\n"
		"  --exit-when-idle N   stop once traffic was seen and then nothing was\n"
		"                       received for N statistics periods\n"
		"  --drop-bad-l4        drop frames with a bad TCP/UDP checksum (default:\n"
		"                       forward and count them)\n"
		"  --json FILE          write the final statistics as JSON\n",
		prog);
}

static int
parse_seconds(const char *s, double *out)
{
	char *end;
	double v;

	errno = 0;
	v = strtod(s, &end);
	if (errno != 0 || end == s || *end != '\0' || !(v >= 0) || v > 1e9)
		return -1;
	*out = v;
	return 0;
}

static int
parse_ulong(const char *s, unsigned long max, unsigned long *out)
{
	char *end;
	unsigned long v;

	errno = 0;
	v = strtoul(s, &end, 0);
	if (errno != 0 || end == s || *end != '\0' || *s == '-' || v > max)
		return -1;
	*out = v;
	return 0;
}

/* "(port,queue,lcore)[,(port,queue,lcore)...]", as l3fwd's --config. */
static enum args_result
parse_config(struct router_args *a, const char *s, char *err, size_t errlen)
{
	const char *p = s;

	a->n_lp = 0;
	while (*p != '\0') {
		unsigned long f[3];
		char *end;
		int i;

		while (*p == ' ' || *p == ',')
			p++;
		if (*p == '\0')
			break;
		if (*p++ != '(')
			return args_fail(err, errlen, "--config: expected '(' at '%s'", p - 1);
		for (i = 0; i < 3; i++) {
			while (*p == ' ')
				p++;
			errno = 0;
			if (*p < '0' || *p > '9')
				return args_fail(err, errlen, "--config: expected a number at '%s'", p);
			f[i] = strtoul(p, &end, 10);
			if (errno != 0 || f[i] > (i == 2 ? RTE_MAX_LCORE - 1 : 65535))
				return args_fail(err, errlen, "--config: number out of range at '%s'", p);
			p = end;
			while (*p == ' ')
				p++;
			if (*p++ != (i == 2 ? ')' : ','))
				return args_fail(err, errlen, "--config: expected '%c' in '%s'",
						 i == 2 ? ')' : ',', s);
		}
		if (a->n_lp == ARGS_MAX_LCORE_PARAMS)
			return args_fail(err, errlen, "--config: more than %d entries",
					 ARGS_MAX_LCORE_PARAMS);
		a->lp[a->n_lp++] = (struct lcore_params){
			.port_id = (uint16_t)f[0], .queue_id = (uint16_t)f[1],
			.lcore_id = (unsigned int)f[2] };
	}
	if (a->n_lp == 0)
		return args_fail(err, errlen, "--config: no (port,queue,lcore) entry in '%s'", s);
	return ARGS_OK;
}

enum {
	OPT_CONFIG = 256,
	OPT_ROUTES,
	OPT_STATS_PERIOD,
	OPT_DURATION,
	OPT_DROP_BAD_L4,
	OPT_JSON,
	OPT_EXIT_WHEN_IDLE,
};

enum args_result
args_parse(int argc, char **argv, struct router_args *a, char *err,
	   size_t errlen)
{
	static const struct option lopts[] = {
		{ "config", required_argument, NULL, OPT_CONFIG },
		{ "routes", required_argument, NULL, OPT_ROUTES },
		{ "stats-period", required_argument, NULL, OPT_STATS_PERIOD },
		{ "duration", required_argument, NULL, OPT_DURATION },
		{ "drop-bad-l4", no_argument, NULL, OPT_DROP_BAD_L4 },
		{ "json", required_argument, NULL, OPT_JSON },
		{ "exit-when-idle", required_argument, NULL, OPT_EXIT_WHEN_IDLE },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	enum args_result rc;
	unsigned long ul;
	int opt;

	memset(a, 0, sizeof(*a));
	a->routes = DEFAULT_ROUTES;
	a->stats_period = 1.0;
	while ((opt = getopt_long(argc, argv, "p:Ph", lopts, NULL)) != -1) {
		switch (opt) {
		case 'p':
			a->port_mask = strtoull(optarg, NULL, 16);
			if (a->port_mask == 0)
				return args_fail(err, errlen,
						 "-p: '%s' is not a non-zero hex port mask", optarg);
			a->port_mask_set = true;
			break;
		case 'P':
			a->promisc = true;
			break;
		case OPT_CONFIG:
			rc = parse_config(a, optarg, err, errlen);
			if (rc != ARGS_OK)
				return rc;
			break;
		case OPT_ROUTES:
			a->routes = optarg;
			break;
		case OPT_STATS_PERIOD:
			if (parse_seconds(optarg, &a->stats_period) != 0)
				return args_fail(err, errlen,
						 "--stats-period: '%s' is not a number of seconds >= 0",
						 optarg);
			break;
		case OPT_DURATION:
			if (parse_seconds(optarg, &a->duration) != 0)
				return args_fail(err, errlen,
						 "--duration: '%s' is not a number of seconds >= 0",
						 optarg);
			break;
		case OPT_DROP_BAD_L4:
			a->drop_bad_l4 = true;
			break;
		case OPT_JSON:
			a->json = optarg;
			break;
		case OPT_EXIT_WHEN_IDLE:
			if (parse_ulong(optarg, 1000000, &ul) != 0)
				return args_fail(err, errlen,
						 "--exit-when-idle: '%s' is not an integer in 0..%lu",
						 optarg, 1000000UL);
			a->exit_when_idle = (unsigned int)ul;
			break;
		case 'h':
			args_usage(stdout, argv[0]);
			return ARGS_HELP;
		default:
			args_usage(stderr, argv[0]);
			return args_fail(err, errlen, "bad arguments");
		}
	}
	if (optind < argc)
		return args_fail(err, errlen, "unexpected argument '%s'", argv[optind]);
	if (a->exit_when_idle != 0 && a->stats_period == 0)
		return args_fail(err, errlen,
				 "--exit-when-idle counts statistics periods: --stats-period must be > 0");
	return ARGS_OK;
}
