/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * socrx-router's ports, queues and lcores (ports.c), set up by main()
 * in this order: check_ports(), setup_lcores(), configure_port() for each
 * enabled port, the pool of pool_size() mbufs, then setup_queues() and
 * setup_l2() before each port starts (check_rx_intr() after, with
 * --idle-sleep).
 */
#ifndef SOCRX_ROUTER_PORTS_H
#define SOCRX_ROUTER_PORTS_H

#include <stdbool.h>
#include <stdint.h>

#include <rte_ethdev.h>
#include <rte_lcore.h>
#include <rte_mempool.h>

#include "routes.h"

/* Queues and descriptors of a port (port_q[port]). */
struct port_queues {
	uint16_t nb_rxq, nb_txq;
	uint16_t nb_rxd, nb_txd;
};

extern struct port_queues port_q[RTE_MAX_ETHPORTS];
/* The forwarding lcores, in --config order: index = TX queue id. */
extern unsigned int fwd_lcores[RTE_MAX_LCORE];
extern unsigned int n_fwd_lcores;

/* Checks -p against the ports EAL found; @return the ports enabled. */
unsigned int check_ports(void);
bool port_enabled(uint16_t port);
/* Checks --config, or builds the default map: one RX queue per port. */
void setup_lcores(void);
/* rte_eth_dev_configure() and the ring sizes of @p port. */
void configure_port(uint16_t port);
/* --idle-sleep: every RX queue of @p port must be able to wake its lcore. */
void check_rx_intr(uint16_t port);
/* The RX queues, the TX queue and TX buffer of each forwarding lcore. */
void setup_queues(uint16_t port, struct rte_mempool *mp);
/* Mbufs the pool needs for every ring, buffer and cache. */
unsigned int pool_size(void);
/* The source and destination MACs of the frames @p port sends. */
void setup_l2(uint16_t port, const struct route_table *t);

#endif /* SOCRX_ROUTER_PORTS_H */
