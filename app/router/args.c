/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * socrx-router's arguments: getopt_long() over what EAL left, each value
 * checked in full (no trailing characters, no sign where none belongs,
 * within its range), every mistake an error that names the option and
 * its limit.
 */
#include <arpa/inet.h>
#include <ctype.h>
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <rte_common.h>

#include "args.h"
#include "num.h"
#include "router_paths.h"
#include "routes.h"

static enum args_result __attribute__((format(printf, 3, 4)))
args_fail(char *err, size_t errlen, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(err, errlen, fmt, ap);
	va_end(ap);
	return ARGS_ERROR;
}

/*
 * The route file installed with the router, found from the running
 * binary's own directory, so that a `meson install --destdir` tree or a
 * moved prefix uses its own copy; then the source tree's (the router run
 * from its build directory); then the configured install path.
 */
const char *
args_default_routes(void)
{
	static char found[PATH_MAX];
	char exe[PATH_MAX], path[2 * PATH_MAX];
	ssize_t n;
	char *slash;

	n = readlink("/proc/self/exe", exe, sizeof(exe) - 1);
	if (n > 0 && ROUTER_ROUTES_FROM_BINDIR[0] != '\0') {
		exe[n] = '\0';
		slash = strrchr(exe, '/');
		if (slash != NULL) {
			*slash = '\0';
			snprintf(path, sizeof(path), "%s/%s", exe,
				 ROUTER_ROUTES_FROM_BINDIR);
			if (realpath(path, found) != NULL)
				return found;
		}
	}
	if (access(ROUTER_ROUTES_SOURCE, R_OK) == 0)
		return ROUTER_ROUTES_SOURCE;
	if (access(ROUTER_ROUTES_INSTALLED, R_OK) == 0)
		return ROUTER_ROUTES_INSTALLED;
	return NULL;
}

void
args_usage(FILE *o, const char *prog)
{
	const char *routes = args_default_routes();

	fprintf(o,
		"usage: %s [EAL options] -- [-p PORTMASK] [-P]\n"
		"    [--config \"(port,queue,lcore)[,(port,queue,lcore)...]\"]\n"
		"    [--routes FILE] [--stats-period SEC] [--duration SEC]\n"
		"    [--exit-when-idle N] [--drop-bad-l4] [--json FILE]\n"
		"    [--max-routes N] [--idle-sleep[=POLLS]] [--idle-fixed]\n"
		"    [--latency-stamp OFFSET] [--max-pkt-len N]\n"
		"    [--rx-queue-size N] [--tx-queue-size N]\n"
		"    [--icmp-errors ADDR] [--icmp6-errors ADDR6] [--icmp-rate PPS]\n"
		"\n"
		"  -p PORTMASK          ports to use, hex, optional 0x, at most 16 digits\n"
		"                       (ports 0..63; default: all)\n"
		"  -P                   put the ports in promiscuous mode\n"
		"  --config             RX queue to lcore map (default: queue 0 of each\n"
		"                       port, ports spread over the worker lcores)\n"
		"  --routes FILE        route file (default: %s)\n"
		"  --stats-period SEC   live statistics period, %g..%.0f (default 1; 0: none)\n"
		"  --duration SEC       stop after SEC seconds, %g..%.0f (default 0: at\n"
		"                       SIGINT/SIGTERM)\n"
		"  --exit-when-idle N   stop once no source has anything left and nothing\n"
		"                       arrived for N statistics periods, 0..%d\n"
		"  --drop-bad-l4        drop frames with a bad TCP/UDP checksum (default:\n"
		"                       forward and count them)\n"
		"  --json FILE          write the final statistics as JSON\n"
		"  --max-routes N       at most N IPv4 and N IPv6 routes, 1..%d\n"
		"                       (default %d)\n"
		"  --idle-sleep[=POLLS] after POLLS empty polls of all its queues (1..%d,\n"
		"                       default %d) an lcore sleeps until an RX interrupt\n"
		"                       (every port needs RX interrupts); the threshold\n"
		"                       rises while wake-ups find full bursts\n"
		"  --idle-fixed         keep the --idle-sleep threshold at POLLS\n"
		"  --latency-stamp OFFSET  frames carry their sender's TSC at byte OFFSET\n"
		"                       (0..%d): report the delay of the first frame\n"
		"                       after each idle period\n"
		"  --max-pkt-len N      route frames of up to N bytes, FCS excluded\n"
		"                       (%d..%d; default: MTU 1500): the ports' MTU from it,\n"
		"                       RX scatter and multi-segment TX where an mbuf\n"
		"                       holds less; refused above a port's maximum\n"
		"  --rx-queue-size N    RX descriptors per queue (default %d, or the\n"
		"                       port's nearest); within the port's limits\n"
		"  --tx-queue-size N    TX descriptors per queue (default %d, likewise)\n"
		"  --icmp-errors ADDR   send ICMP time exceeded (TTL expiry) and destination\n"
		"                       unreachable (no route) for IPv4, from ADDR, back\n"
		"                       out of the ingress port (default: none)\n"
		"  --icmp6-errors ADDR6 the same for IPv6 (ICMPv6 time exceeded, destination\n"
		"                       unreachable), from ADDR6 (default: none)\n"
		"  --icmp-rate PPS      at most PPS ICMP and ICMPv6 errors a second per port\n"
		"                       and lcore, 1..%d (default %d)\n"
		"  -h, --help           this text (before the --: EAL's options, then these)\n"
		"\n"
		"Without hugepages, give EAL --no-huge --no-pci -m 512 --no-shconf.\n",
		prog, routes != NULL ? routes : "none found, see docs/router.md",
		ARGS_TICK_MS / 1000.0, ARGS_MAX_SECONDS,
		ARGS_TICK_MS / 1000.0, ARGS_MAX_SECONDS, ARGS_MAX_IDLE_PERIODS,
		ROUTES_MAX_RULES_LIMIT, ROUTES_MAX_RULES_DEFAULT,
		ARGS_MAX_IDLE_POLLS, ARGS_IDLE_SLEEP_DEFAULT,
		ARGS_MAX_STAMP_OFFSET, ARGS_MIN_PKT_LEN, ARGS_MAX_PKT_LEN,
		ARGS_RX_DESC_DEFAULT, ARGS_TX_DESC_DEFAULT,
		ARGS_MAX_ICMP_RATE, ARGS_ICMP_RATE_DEFAULT);
}

/*
 * A hex port mask: optional 0x, then hex digits only (strtoull alone
 * would take "1zz" as 1 and "-1" as every port), at most 64 bits.
 */
static enum args_result
parse_port_mask(const char *s, uint64_t *out, char *err, size_t errlen)
{
	const char *d = s, *c;
	size_t digits;

	if (d[0] == '0' && (d[1] == 'x' || d[1] == 'X'))
		d += 2;
	if (*d == '\0')
		return args_fail(err, errlen,
				 "-p: '%s' is not a hex port mask (hex digits, optional 0x)", s);
	for (c = d; *c != '\0'; c++) {
		unsigned char b = (unsigned char)*c;

		if (isxdigit(b))
			continue;
		if (isprint(b))
			return args_fail(err, errlen,
					 "-p: '%s' is not a hex port mask: '%c' is not a hex digit",
					 s, b);
		return args_fail(err, errlen,
				 "-p: '%s' is not a hex port mask: byte 0x%02x is not a hex digit",
				 s, b);
	}
	while (*d == '0' && d[1] != '\0')
		d++;
	digits = strlen(d);
	if (digits > 16)
		return args_fail(err, errlen,
				 "-p: '%s' is wider than 64 bits: the mask covers ports 0..63 (at most 16 hex digits)",
				 s);
	*out = strtoull(d, NULL, 16);
	if (*out == 0)
		return args_fail(err, errlen, "-p: '%s' selects no port", s);
	return ARGS_OK;
}

/*
 * Seconds: a plain decimal number (fraction and exponent allowed; no
 * sign, inf, nan or hex), 0 or in [ARGS_TICK_MS ms, ARGS_MAX_SECONDS].
 * @p zero says what 0 means.
 */
static enum args_result
parse_seconds(const char *opt, const char *s, const char *zero, double *out,
	      char *err, size_t errlen)
{
	char *end;
	double v;
	bool under, over;

	if (!isdigit((unsigned char)s[0]) && s[0] != '.')
		return args_fail(err, errlen, "%s: '%s' is not a number of seconds (decimal, >= 0)",
				 opt, s);
	errno = 0;
	v = strtod(s, &end);
	if (end == s || *end != '\0')
		return args_fail(err, errlen, "%s: '%s' is not a number of seconds (decimal, >= 0)",
				 opt, s);
	under = errno == ERANGE && v < 1;
	over = (errno == ERANGE && !under) || v > ARGS_MAX_SECONDS;
	if (over)
		return args_fail(err, errlen,
				 "%s: '%s' is out of range: at most %.0f s", opt, s,
				 ARGS_MAX_SECONDS);
	if (under || (v > 0 && v < ARGS_TICK_MS / 1000.0))
		return args_fail(err, errlen,
				 "%s: '%s' is below %g s (%d ms), the resolution of the control loop (0: %s)",
				 opt, s, ARGS_TICK_MS / 1000.0, ARGS_TICK_MS, zero);
	*out = v;
	return ARGS_OK;
}

/* "(port,queue,lcore)[,(port,queue,lcore)...]", as l3fwd's --config. */
static enum args_result
parse_config(struct router_args *a, const char *s, char *err, size_t errlen)
{
	static const char *const field[3] = { "port", "queue", "lcore" };
	static const unsigned long max[3] = { RTE_MAX_ETHPORTS - 1,
		RTE_MAX_QUEUES_PER_PORT - 1, RTE_MAX_LCORE - 1 };
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
			if (!isdigit((unsigned char)*p))
				return args_fail(err, errlen,
						 "--config: expected a %s number at '%s'",
						 field[i], p);
			errno = 0;
			f[i] = strtoul(p, &end, 10);
			if (errno != 0 || f[i] > max[i])
				return args_fail(err, errlen,
						 "--config: %s number out of range at '%s' (0..%lu)",
						 field[i], p, max[i]);
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

/* --icmp-errors: a unicast IPv4 host address, dotted quad. */
static enum args_result
parse_icmp_src(const char *s, uint32_t *out, char *err, size_t errlen)
{
	struct in_addr a;
	uint32_t h;

	if (inet_pton(AF_INET, s, &a) != 1)
		return args_fail(err, errlen,
				 "--icmp-errors: '%s' is not an IPv4 address (dotted quad)", s);
	h = ntohl(a.s_addr);
	if ((h >> 24) == 0 || (h >> 24) == 127 || (h >> 24) >= 224)
		return args_fail(err, errlen,
				 "--icmp-errors: '%s' is not a unicast host address (not 0/8, 127/8, multicast or reserved)",
				 s);
	*out = a.s_addr;
	return ARGS_OK;
}

/*
 * --icmp6-errors: a unicast IPv6 address (RFC 4291 text form), not ::,
 * ::1 or multicast (RFC 4443 2.2: the source of an error is one of the
 * node's unicast addresses).
 */
static enum args_result
parse_icmp6_src(const char *s, uint8_t out[16], char *err, size_t errlen)
{
	static const uint8_t loopback[16] = { [15] = 1 };
	static const uint8_t unspecified[16];
	struct in6_addr a;

	if (inet_pton(AF_INET6, s, &a) != 1)
		return args_fail(err, errlen,
				 "--icmp6-errors: '%s' is not an IPv6 address", s);
	if (a.s6_addr[0] == 0xff || memcmp(a.s6_addr, loopback, 16) == 0 ||
	    memcmp(a.s6_addr, unspecified, 16) == 0)
		return args_fail(err, errlen,
				 "--icmp6-errors: '%s' is not a unicast address (not ::, ::1 or multicast)",
				 s);
	memcpy(out, a.s6_addr, 16);
	return ARGS_OK;
}

/*
 * Each option at most once, as the PMDs take each devarg: a repeat is a
 * mistake (a command line edited in two places), never "the last one
 * wins". @p name is the long option's name, NULL for a short option.
 */
static enum args_result
args_once(bool *seen, size_t n, int opt, const char *name, char *err,
	  size_t errlen)
{
	if (opt == '?' || opt == 'h' || opt < 0 || (size_t)opt >= n)
		return ARGS_OK;
	if (!seen[opt]) {
		seen[opt] = true;
		return ARGS_OK;
	}
	if (name != NULL)
		return args_fail(err, errlen, "--%s given twice: say it once", name);
	return args_fail(err, errlen, "-%c given twice: say it once", opt);
}

enum {
	OPT_CONFIG = 256,
	OPT_ROUTES,
	OPT_STATS_PERIOD,
	OPT_DURATION,
	OPT_DROP_BAD_L4,
	OPT_JSON,
	OPT_EXIT_WHEN_IDLE,
	OPT_MAX_ROUTES,
	OPT_IDLE_SLEEP,
	OPT_IDLE_FIXED,
	OPT_LATENCY_STAMP,
	OPT_MAX_PKT_LEN,
	OPT_RX_QUEUE_SIZE,
	OPT_TX_QUEUE_SIZE,
	OPT_ICMP_ERRORS,
	OPT_ICMP6_ERRORS,
	OPT_ICMP_RATE,
	OPT__COUNT, /* one past the last: sizes the seen[] array */
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
		{ "max-routes", required_argument, NULL, OPT_MAX_ROUTES },
		{ "idle-sleep", optional_argument, NULL, OPT_IDLE_SLEEP },
		{ "idle-fixed", no_argument, NULL, OPT_IDLE_FIXED },
		{ "latency-stamp", required_argument, NULL, OPT_LATENCY_STAMP },
		{ "max-pkt-len", required_argument, NULL, OPT_MAX_PKT_LEN },
		{ "rx-queue-size", required_argument, NULL, OPT_RX_QUEUE_SIZE },
		{ "tx-queue-size", required_argument, NULL, OPT_TX_QUEUE_SIZE },
		{ "icmp-errors", required_argument, NULL, OPT_ICMP_ERRORS },
		{ "icmp6-errors", required_argument, NULL, OPT_ICMP6_ERRORS },
		{ "icmp-rate", required_argument, NULL, OPT_ICMP_RATE },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	bool seen[OPT__COUNT] = { false };
	enum args_result rc;
	unsigned long ul;
	int opt, li = -1;

	memset(a, 0, sizeof(*a));
	a->stats_period = 1.0;
	a->max_routes = ROUTES_MAX_RULES_DEFAULT;
	optind = 1;
	while ((opt = getopt_long(argc, argv, "p:Ph", lopts, &li)) != -1) {
		rc = args_once(seen, RTE_DIM(seen), opt,
			       li >= 0 ? lopts[li].name : NULL, err, errlen);
		if (rc != ARGS_OK)
			return rc;
		li = -1;
		switch (opt) {
		case 'p':
			rc = parse_port_mask(optarg, &a->port_mask, err, errlen);
			if (rc != ARGS_OK)
				return rc;
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
			rc = parse_seconds("--stats-period", optarg,
					   "no periodic statistics", &a->stats_period,
					   err, errlen);
			if (rc != ARGS_OK)
				return rc;
			break;
		case OPT_DURATION:
			rc = parse_seconds("--duration", optarg,
					   "run until SIGINT or SIGTERM", &a->duration,
					   err, errlen);
			if (rc != ARGS_OK)
				return rc;
			break;
		case OPT_DROP_BAD_L4:
			a->drop_bad_l4 = true;
			break;
		case OPT_JSON:
			a->json = optarg;
			break;
		case OPT_EXIT_WHEN_IDLE:
			if (num_parse_uint(optarg, ARGS_MAX_IDLE_PERIODS, &ul) != 0)
				return args_fail(err, errlen,
						 "--exit-when-idle: '%s' is not an integer in 0..%d",
						 optarg, ARGS_MAX_IDLE_PERIODS);
			a->exit_when_idle = (unsigned int)ul;
			break;
		case OPT_MAX_ROUTES:
			if (num_parse_uint(optarg, ROUTES_MAX_RULES_LIMIT, &ul) != 0 || ul == 0)
				return args_fail(err, errlen,
						 "--max-routes: '%s' is not an integer in 1..%d",
						 optarg, ROUTES_MAX_RULES_LIMIT);
			a->max_routes = (unsigned int)ul;
			break;
		case OPT_IDLE_SLEEP:
			if (optarg == NULL) {
				a->idle_sleep = ARGS_IDLE_SLEEP_DEFAULT;
				break;
			}
			if (num_parse_uint(optarg, ARGS_MAX_IDLE_POLLS, &ul) != 0 || ul == 0)
				return args_fail(err, errlen,
						 "--idle-sleep: '%s' is not an integer in 1..%d",
						 optarg, ARGS_MAX_IDLE_POLLS);
			a->idle_sleep = (unsigned int)ul;
			break;
		case OPT_IDLE_FIXED:
			a->idle_fixed = true;
			break;
		case OPT_LATENCY_STAMP:
			if (num_parse_uint(optarg, ARGS_MAX_STAMP_OFFSET, &ul) != 0)
				return args_fail(err, errlen,
						 "--latency-stamp: '%s' is not a byte offset in 0..%d",
						 optarg, ARGS_MAX_STAMP_OFFSET);
			a->latency_stamp = (unsigned int)ul + 1;
			break;
		case OPT_MAX_PKT_LEN:
			if (num_parse_uint(optarg, ARGS_MAX_PKT_LEN, &ul) != 0 ||
			    ul < ARGS_MIN_PKT_LEN)
				return args_fail(err, errlen,
						 "--max-pkt-len: '%s' is not a frame length in %d..%d",
						 optarg, ARGS_MIN_PKT_LEN, ARGS_MAX_PKT_LEN);
			a->max_pkt_len = (unsigned int)ul;
			break;
		case OPT_RX_QUEUE_SIZE:
		case OPT_TX_QUEUE_SIZE:
			if (num_parse_uint(optarg, ARGS_MAX_QUEUE_SIZE, &ul) != 0 || ul == 0)
				return args_fail(err, errlen,
						 "--%s-queue-size: '%s' is not a descriptor count in 1..%d",
						 opt == OPT_RX_QUEUE_SIZE ? "rx" : "tx",
						 optarg, ARGS_MAX_QUEUE_SIZE);
			*(opt == OPT_RX_QUEUE_SIZE ? &a->rx_queue_size :
			  &a->tx_queue_size) = (unsigned int)ul;
			break;
		case OPT_ICMP_ERRORS:
			rc = parse_icmp_src(optarg, &a->icmp_src, err, errlen);
			if (rc != ARGS_OK)
				return rc;
			break;
		case OPT_ICMP6_ERRORS:
			rc = parse_icmp6_src(optarg, a->icmp6_src, err, errlen);
			if (rc != ARGS_OK)
				return rc;
			a->icmp6_on = true;
			break;
		case OPT_ICMP_RATE:
			if (num_parse_uint(optarg, ARGS_MAX_ICMP_RATE, &ul) != 0 || ul == 0)
				return args_fail(err, errlen,
						 "--icmp-rate: '%s' is not a rate in 1..%d",
						 optarg, ARGS_MAX_ICMP_RATE);
			a->icmp_rate = (unsigned int)ul;
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
	if (a->routes == NULL) {
		a->routes = args_default_routes();
		if (a->routes == NULL)
			return args_fail(err, errlen,
					 "no --routes FILE, and no default route file: neither %s%s%s nor %s nor %s exists",
					 ROUTER_ROUTES_FROM_BINDIR[0] != '\0' ? "<the router's directory>/" : "",
					 ROUTER_ROUTES_FROM_BINDIR,
					 ROUTER_ROUTES_FROM_BINDIR[0] != '\0' ? "," : "",
					 ROUTER_ROUTES_SOURCE, ROUTER_ROUTES_INSTALLED);
	}
	if (a->icmp_rate != 0 && a->icmp_src == 0 && !a->icmp6_on)
		return args_fail(err, errlen,
				 "--icmp-rate needs --icmp-errors or --icmp6-errors");
	if (a->icmp_rate == 0)
		a->icmp_rate = ARGS_ICMP_RATE_DEFAULT;
	if (a->idle_fixed && a->idle_sleep == 0)
		return args_fail(err, errlen, "--idle-fixed needs --idle-sleep");
	if (a->exit_when_idle != 0 && a->stats_period == 0)
		return args_fail(err, errlen,
				 "--exit-when-idle counts statistics periods: --stats-period must be > 0");
	return ARGS_OK;
}
