/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * socrx-router's own arguments (after EAL's and the "--"): parsed in
 * full before anything is set up, so that a mistake stops the router
 * before any port starts.
 */
#ifndef SOCRX_ROUTER_ARGS_H
#define SOCRX_ROUTER_ARGS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define ARGS_MAX_LCORE_PARAMS	1024
#define ARGS_ERR_LEN		512
/*
 * The control loop's tick (main.c): the resolution of --duration and
 * --stats-period, so neither may be shorter (other than 0).
 */
#define ARGS_TICK_MS		10
#define ARGS_MAX_SECONDS	1e9	/* --duration, --stats-period */
#define ARGS_MAX_IDLE_PERIODS	1000000	/* --exit-when-idle */
/*
 * --idle-sleep: empty polls of all its queues before an lcore sleeps until
 * an RX interrupt (l3fwd-power's threshold by default).
 */
#define ARGS_IDLE_SLEEP_DEFAULT	300
#define ARGS_MAX_IDLE_POLLS	100000000
#define ARGS_MAX_STAMP_OFFSET	9000	/* --latency-stamp */
/*
 * --max-pkt-len: the longest frame (Ethernet header to the end of the
 * payload, a VLAN tag included, no FCS) from the 64-byte minimum to what
 * a 16-bit MTU allows; each port's own limit is checked at setup.
 */
#define ARGS_MIN_PKT_LEN	64
#define ARGS_MAX_PKT_LEN	65535
/* --rx-queue-size, --tx-queue-size: l3fwd's defaults, the highest count */
#define ARGS_RX_DESC_DEFAULT	1024
#define ARGS_TX_DESC_DEFAULT	1024
#define ARGS_MAX_QUEUE_SIZE	32768
/* --icmp-rate: ICMP errors a second per port and lcore (icmp.h) */
#define ARGS_ICMP_RATE_DEFAULT	100
#define ARGS_MAX_ICMP_RATE	1000000

/* One --config entry: which lcore polls which RX queue of which port. */
struct lcore_params {
	uint16_t port_id;
	uint16_t queue_id;
	unsigned int lcore_id;
};

struct router_args {
	uint64_t port_mask;
	bool port_mask_set;
	bool promisc;
	bool drop_bad_l4;
	const char *routes;
	double stats_period;
	double duration;
	const char *json;
	unsigned int exit_when_idle;
	unsigned int idle_sleep;	/* empty polls before sleeping; 0: never */
	bool idle_fixed;		/* --idle-fixed: no adaptive threshold */
	unsigned int latency_stamp;	/* stamp offset + 1; 0: none */
	unsigned int max_routes;	/* per family */
	/* port_opts.h: 0 for the defaults */
	unsigned int max_pkt_len;
	unsigned int rx_queue_size;
	unsigned int tx_queue_size;
	/* icmp.h: the errors' source addresses, network order (none: 0,
	 * icmp6_on false), rate */
	uint32_t icmp_src;
	uint8_t icmp6_src[16];
	bool icmp6_on;
	unsigned int icmp_rate;
	struct lcore_params lp[ARGS_MAX_LCORE_PARAMS];
	unsigned int n_lp;
};

enum args_result {
	ARGS_OK,
	ARGS_HELP,	/* --help: the usage was printed, exit 0 */
	ARGS_ERROR,	/* the reason is in err */
};

/*
 * Parses the router's arguments (argv[0] is the program name) into @p a,
 * defaults first. @return ARGS_OK, ARGS_HELP, or ARGS_ERROR with the
 * reason in @p err.
 */
enum args_result args_parse(int argc, char **argv, struct router_args *a,
			    char *err, size_t errlen);

/*
 * The default route file: the routes.cfg installed with the router
 * (found relative to the running binary first), else the source tree's
 * config/routes.cfg, else the configured install path; NULL if none
 * exists.
 */
const char *args_default_routes(void);

/* The router's usage, options and their defaults, to @p o. */
void args_usage(FILE *o, const char *prog);

#endif /* SOCRX_ROUTER_ARGS_H */
