/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Route file reload (reload.h). The order of a reload:
 *  1. load and check the whole file (routes_load(): the first bad line
 *     refuses it) and build both LPM tables from it, aside;
 *  2. the spare neighbor table: a copy of the one in use (the ports' own
 *     MACs, a neighbor the new file no longer names) with the new file's
 *     neighbors written over it;
 *  3. swap the neighbor table in, then the LPM tables: a frame routed by
 *     the old tables or the new ones finds a neighbor for its port;
 *  4. rte_rcu_qsbr_synchronize(): every forwarding lcore has passed a
 *     quiescent state (between bursts), so none still holds an old
 *     pointer; the old LPM tables are freed, the old neighbor table
 *     becomes the spare.
 * Failing any step before 3 frees what was built and changes nothing.
 */
#include <signal.h>
#include <string.h>

#include <rte_errno.h>
#include <rte_log.h>
#include <rte_malloc.h>

#include "lpm.h"
#include "reload.h"

/* The neighbor tables: one in use (router_conf.l2hdr), one spare. */
static uint8_t l2_store[2][RTE_MAX_ETHPORTS][2 * RTE_ETHER_ADDR_LEN];

static struct {
	const char *path;
	unsigned int nb_ports;
	uint64_t port_mask;
	unsigned int max_routes;
	int socket;
	unsigned int applied, refused;
} rl;

static volatile sig_atomic_t reload_asked;

int
reload_init(const char *path, unsigned int nb_ports, uint64_t port_mask,
	    unsigned int max_routes, int socket)
{
	size_t sz = rte_rcu_qsbr_get_memsize(RTE_MAX_LCORE);

	rl.path = path;
	rl.nb_ports = nb_ports;
	rl.port_mask = port_mask;
	rl.max_routes = max_routes;
	rl.socket = socket;
	router_conf.l2hdr = l2_store[0];
	router_conf.rcu = rte_zmalloc_socket("router_rcu", sz,
					     RTE_CACHE_LINE_SIZE, socket);
	if (router_conf.rcu == NULL ||
	    rte_rcu_qsbr_init(router_conf.rcu, RTE_MAX_LCORE) != 0) {
		RTE_LOG(ERR, ROUTER, "no memory for the route reload's QS variable (%zu bytes)\n",
			sz);
		return -1;
	}
	return 0;
}

static void
reload_handler(int signum __rte_unused)
{
	reload_asked = 1;
}

void
reload_signal_setup(void)
{
	signal(SIGHUP, reload_handler);
}

static void
reload_routes(void)
{
	char err[ROUTES_ERR_LEN];
	struct route_table t;
	struct rte_lpm *lpm4, *old4;
	struct rte_lpm6 *lpm6, *old6;
	uint8_t (*l2)[2 * RTE_ETHER_ADDR_LEN], (*old_l2)[2 * RTE_ETHER_ADDR_LEN];
	unsigned int p;

	if (routes_load(rl.path, rl.nb_ports, rl.port_mask, rl.max_routes, &t,
			err, sizeof(err)) != 0) {
		rl.refused++;
		RTE_LOG(ERR, ROUTER, "SIGHUP: route file refused, the routes in use stay: %s\n",
			err);
		routes_free(&t);
		return;
	}
	if (router_lpm_setup(&t, rl.socket, &lpm4, &lpm6) != 0) {
		rl.refused++;
		RTE_LOG(ERR, ROUTER, "SIGHUP: %s: cannot build the new LPM tables (see above), the routes in use stay\n",
			rl.path);
		routes_free(&t);
		return;
	}
	old_l2 = router_conf.l2hdr;
	l2 = old_l2 == l2_store[0] ? l2_store[1] : l2_store[0];
	memcpy(l2, old_l2, sizeof(l2_store[0]));
	for (p = 0; p < ROUTES_MAX_PORTS && p < RTE_MAX_ETHPORTS; p++)
		if (t.nb[p].set)
			memcpy(l2[p], t.nb[p].mac, RTE_ETHER_ADDR_LEN);

	old4 = router_conf.lpm4;
	old6 = router_conf.lpm6;
	__atomic_store_n(&router_conf.l2hdr, l2, __ATOMIC_RELEASE);
	__atomic_store_n(&router_conf.lpm4, lpm4, __ATOMIC_RELEASE);
	__atomic_store_n(&router_conf.lpm6, lpm6, __ATOMIC_RELEASE);
	rte_rcu_qsbr_synchronize(router_conf.rcu, RTE_QSBR_THRID_INVALID);
	router_lpm_free(old4, old6);
	rl.applied++;
	RTE_LOG(INFO, ROUTER, "SIGHUP: routes reloaded from %s: %u IPv4 and %u IPv6 routes\n",
		rl.path, t.n_v4, t.n_v6);
	routes_free(&t);
}

void
reload_poll(void)
{
	if (likely(reload_asked == 0))
		return;
	reload_asked = 0;
	reload_routes();
}

void
reload_fini(void)
{
	if (rl.applied + rl.refused != 0)
		RTE_LOG(INFO, ROUTER, "route file reloads: %u applied, %u refused\n",
			rl.applied, rl.refused);
	rte_free(router_conf.rcu);
	router_conf.rcu = NULL;
}
