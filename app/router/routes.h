/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The route file: one rule a line, '#' starts a comment.
 *
 *   route <IPv4 or IPv6 prefix>/<len> port <N>
 *   neighbor port <N> mac <xx:xx:xx:xx:xx:xx>
 *
 * A route sends matching destinations out of port N; the neighbor line
 * gives the destination MAC of every frame leaving port N (the router
 * does no ARP/ND). The whole file is checked before anything runs: the
 * first bad line stops the load with "file:line: reason".
 *
 * No DPDK dependency: the parser is plain C so that its rules can be
 * read (and tested) without EAL.
 */
#ifndef SOCRX_ROUTER_ROUTES_H
#define SOCRX_ROUTER_ROUTES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Ports a route file may name; matches RTE_MAX_ETHPORTS' usual value. */
#define ROUTES_MAX_PORTS	32
/*
 * Routes per family (IPv4, IPv6): the default limit and the highest one
 * --max-routes may set. The rte_lpm/rte_lpm6 tables are sized from the
 * routes the file holds, not from the limit.
 */
#define ROUTES_MAX_RULES_DEFAULT	4096
#define ROUTES_MAX_RULES_LIMIT		1048576
#define ROUTES_ERR_LEN		512

struct route4 {
	uint32_t prefix;	/* host order, host bits zero */
	uint8_t depth;
	uint16_t port;
	unsigned int line;
};

struct route6 {
	uint8_t prefix[16];	/* host bits zero */
	uint8_t depth;
	uint16_t port;
	unsigned int line;
};

struct neighbor {
	bool set;
	uint8_t mac[6];
	unsigned int line;
};

struct route_table {
	struct route4 *v4;
	unsigned int n_v4, cap_v4;
	struct route6 *v6;
	unsigned int n_v6, cap_v6;
	struct neighbor nb[ROUTES_MAX_PORTS];
};

/*
 * Loads @p path into @p t. A port is valid when it is below @p nb_ports
 * and its bit is set in @p port_mask. Every port a route sends to needs a
 * neighbor line. At most @p max_routes IPv4 and @p max_routes IPv6 routes
 * (1..ROUTES_MAX_RULES_LIMIT).
 *
 * @return 0, or -1 with "path:line: reason" (or "path: reason") in @p err.
 */
int routes_load(const char *path, unsigned int nb_ports, uint64_t port_mask,
		unsigned int max_routes, struct route_table *t, char *err,
		size_t errlen);

/* Frees what routes_load() allocated; @p t may be partly filled. */
void routes_free(struct route_table *t);

#endif /* SOCRX_ROUTER_ROUTES_H */
