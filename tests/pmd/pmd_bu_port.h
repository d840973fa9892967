/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * A net_stmmac_uio port of the bring-up tests (pmd_bringup, pmd_of):
 * probed with its log captured, started with one queue each way on a
 * pool of a given room, stopped and closed with the model's violation
 * check.
 */
#ifndef SOCRX_TEST_PMD_BU_PORT_H
#define SOCRX_TEST_PMD_BU_PORT_H

#include "pmd_harness.h"

#define BU_RING		256

struct bu_port {
	char name[32];
	uint16_t port;
	struct rte_mempool *mp;
	char *log;		/* the probe's log */
	bool up;
};

static unsigned int bu_seq;

/* Probes a port with @p args, the probe's log captured into p->log. */
static inline bool
bu_probe(struct bu_port *p, const char *args)
{
	char buf[PMD_HARNESS_ARGS_LEN];
	int port;

	memset(p, 0, sizeof(*p));
	snprintf(p->name, sizeof(p->name), "net_stmmac_uio%u", bu_seq++);
	if (pmd_harness_probe_logged(p->name, pmd_harness_args(args, buf,
				     sizeof(buf)), &p->log) != 0) {
		CHECK(0, "%s: probe failed: %s", args, p->log ? p->log : "");
		return false;
	}
	port = pmd_harness_port(p->name);
	CHECK(port >= 0, "%s: no port", args);
	p->port = (uint16_t)port;
	return port >= 0;
}

/*
 * Configures and starts the port with a pool of @p room data bytes per
 * mbuf (scatter when the frames need it); promiscuous only when asked.
 */
static inline bool
bu_start(struct bu_port *p, uint16_t room, bool promisc,
	 const struct rte_ether_addr *mc, uint32_t nb_mc)
{
	struct rte_eth_conf conf;
	char pool[32];
	int ret;

	snprintf(pool, sizeof(pool), "bu_pool%u", bu_seq);
	p->mp = eal_harness_pool(pool, 2048, RTE_PKTMBUF_HEADROOM + room);
	CHECK(p->mp != NULL, "%s: pool", p->name);
	if (p->mp == NULL)
		return false;
	memset(&conf, 0, sizeof(conf));
	if (room < RTE_ETHER_MAX_LEN)
		conf.rxmode.offloads |= RTE_ETH_RX_OFFLOAD_SCATTER;
	ret = rte_eth_dev_configure(p->port, 1, 1, &conf);
	if (ret == 0)
		ret = rte_eth_rx_queue_setup(p->port, 0, BU_RING, SOCKET_ID_ANY,
					     NULL, p->mp);
	if (ret == 0)
		ret = rte_eth_tx_queue_setup(p->port, 0, BU_RING, SOCKET_ID_ANY,
					     NULL);
	/* Set before the start: the reset there must not lose them. */
	if (ret == 0 && nb_mc != 0)
		ret = rte_eth_dev_set_mc_addr_list(p->port,
				(struct rte_ether_addr *)(uintptr_t)mc, nb_mc);
	if (ret == 0 && !promisc)
		ret = rte_eth_promiscuous_disable(p->port);
	if (ret == 0)
		ret = rte_eth_dev_start(p->port);
	if (ret == 0 && promisc)
		ret = rte_eth_promiscuous_enable(p->port);
	CHECK(ret == 0, "%s: start: %s", p->name, rte_strerror(-ret));
	p->up = ret == 0;
	return p->up;
}

static inline void
bu_down(struct bu_port *p)
{
	PMD_HARNESS_CHECK_NO_VIOLATION(p->port);
	if (p->up)
		CHECK(rte_eth_dev_stop(p->port) == 0, "%s: stop", p->name);
	CHECK(rte_eth_dev_close(p->port) == 0, "%s: close", p->name);
	CHECK(rte_vdev_uninit(p->name) == 0, "%s: uninit", p->name);
	rte_mempool_free(p->mp);
	free(p->log);
}

#endif /* SOCRX_TEST_PMD_BU_PORT_H */
