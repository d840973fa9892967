/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Route file reload on SIGHUP. The main lcore loads and checks the file
 * and builds new LPM tables and neighbor MACs aside, then swaps them in
 * with one pointer store each; the old ones are freed once every
 * forwarding lcore has passed a quiescent state (rte_rcu_qsbr: each
 * reports one per loop iteration, between bursts, and goes offline while
 * it sleeps). A file that does not load keeps the tables in use, and the
 * log says why with the file's line number.
 */
#ifndef SOCRX_ROUTER_RELOAD_H
#define SOCRX_ROUTER_RELOAD_H

#include <stdbool.h>
#include <stdint.h>

#include <rte_lcore.h>
#include <rte_rcu_qsbr.h>

#include "router.h"
#include "routes.h"

/*
 * Before any lcore starts: the QS variable, the neighbor MAC tables
 * (router_conf.l2hdr), and what a reload loads the file with.
 * @return 0, or -1 with a message logged.
 */
int reload_init(const char *path, unsigned int nb_ports, uint64_t port_mask,
		unsigned int max_routes, int socket);

/* The SIGHUP handler: from now on a SIGHUP asks for a reload. */
void reload_signal_setup(void);

/*
 * On the main lcore, between its ticks: the reload a SIGHUP asked for,
 * if any (the forwarding lcores are running).
 */
void reload_poll(void);

/* At exit: the reloads' tally logged, the QS variable freed. */
void reload_fini(void);

/* A forwarding lcore: it reads the tables from now on. */
static inline void
reload_reader_start(unsigned int lcore)
{
	rte_rcu_qsbr_thread_register(router_conf.rcu, lcore);
	rte_rcu_qsbr_thread_online(router_conf.rcu, lcore);
}

/* Between bursts: no table pointer read before this is used after it. */
static __rte_always_inline void
reload_quiescent(unsigned int lcore)
{
	rte_rcu_qsbr_quiescent(router_conf.rcu, lcore);
}

/*
 * Asleep (--idle-sleep, @p online false) an lcore is offline: no reload
 * waits for it; awake again, online.
 */
static inline void
reload_reader_online(unsigned int lcore, bool online)
{
	if (online)
		rte_rcu_qsbr_thread_online(router_conf.rcu, lcore);
	else
		rte_rcu_qsbr_thread_offline(router_conf.rcu, lcore);
}

/* After its loop: the lcore reads no table any more. */
static inline void
reload_reader_stop(unsigned int lcore)
{
	rte_rcu_qsbr_thread_offline(router_conf.rcu, lcore);
	rte_rcu_qsbr_thread_unregister(router_conf.rcu, lcore);
}

#endif /* SOCRX_ROUTER_RELOAD_H */
