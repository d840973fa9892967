/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * socrx-router's ports, queues and lcores, set up from its arguments
 * (startup.h) before the forwarding lcores start, as l3fwd's main.c does:
 * the port mask against the ports EAL found, the --config map of RX
 * queues to lcores (or the default one), each port configured with its
 * queues and a TX buffer per forwarding lcore, the mbuf pool's size, and
 * the Ethernet header each port's frames leave with.
 */
#include <inttypes.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include <rte_common.h>
#include <rte_ethdev.h>
#include <rte_lcore.h>
#include <rte_malloc.h>
#include <rte_mbuf.h>
#include <rte_mempool.h>

#include "args.h"
#include "fwd_idle.h"
#include "port_opts.h"
#include "ports.h"
#include "router.h"
#include "routes.h"
#include "startup.h"

struct port_queues port_q[RTE_MAX_ETHPORTS];

/* The most mbufs a frame takes (--max-pkt-len beyond one mbuf). */
static unsigned int frame_segs = 1;

/* The forwarding lcores, in --config order: index = TX queue id. */
unsigned int fwd_lcores[RTE_MAX_LCORE];
unsigned int n_fwd_lcores;

/* Ports: the mask against what EAL found. */
unsigned int
check_ports(void)
{
	unsigned int nb = rte_eth_dev_count_avail(), n = 0;
	uint16_t port;

	if (nb == 0)
		die("no Ethernet ports: give some with --vdev (e.g. --vdev net_stmmac_uio0)");
	if (!args.port_mask_set)
		args.port_mask = nb >= 64 ? UINT64_MAX : (UINT64_C(1) << nb) - 1;
	for (port = 0; port < 64; port++) {
		if (!(args.port_mask & (UINT64_C(1) << port)))
			continue;
		if (!rte_eth_dev_is_valid_port(port))
			die("-p 0x%" PRIx64 ": port %u does not exist (%u port(s))",
			    args.port_mask, port, nb);
		n++;
	}
	router_conf.enabled_port_mask = args.port_mask;
	return n;
}

bool
port_enabled(uint16_t port)
{
	return port < 64 && (router_conf.enabled_port_mask & (UINT64_C(1) << port));
}

/* lcores: --config checked, or the default map built. */
void
setup_lcores(void)
{
	unsigned int i, j, lcore, main_lcore = rte_get_main_lcore();
	uint16_t port;

	if (args.n_lp == 0) {
		unsigned int w = 0, workers[RTE_MAX_LCORE], nw = 0;

		RTE_LCORE_FOREACH_WORKER(lcore)
			workers[nw++] = lcore;
		if (nw == 0)
			die("no worker lcore: the main lcore only runs statistics (use e.g. -l 0,1)");
		for (port = 0; port < 64; port++) {
			if (!port_enabled(port))
				continue;
			args.lp[args.n_lp++] = (struct lcore_params){
				.port_id = port, .queue_id = 0,
				.lcore_id = workers[w++ % nw] };
		}
	}
	for (i = 0; i < args.n_lp; i++) {
		const struct lcore_params *p = &args.lp[i];
		struct lcore_conf *qc;

		lcore = p->lcore_id;
		if (!port_enabled(p->port_id))
			die("--config (%u,%u,%u): port %u is not enabled by -p 0x%" PRIx64,
			    p->port_id, p->queue_id, lcore, p->port_id, args.port_mask);
		if (!rte_lcore_is_enabled(lcore))
			die("--config (%u,%u,%u): lcore %u is not enabled by EAL (-l)",
			    p->port_id, p->queue_id, lcore, lcore);
		if (lcore == main_lcore)
			die("--config (%u,%u,%u): lcore %u is the main lcore, which runs the statistics; use a worker lcore",
			    p->port_id, p->queue_id, lcore, lcore);
		for (j = 0; j < i; j++)
			if (args.lp[j].port_id == p->port_id &&
			    args.lp[j].queue_id == p->queue_id)
				die("--config: port %u queue %u given twice",
				    p->port_id, p->queue_id);
		qc = &lcore_conf[lcore];
		if (qc->n_rx_queue == MAX_RX_QUEUE_PER_LCORE)
			die("--config: more than %d queues on lcore %u",
			    MAX_RX_QUEUE_PER_LCORE, lcore);
		if (qc->n_rx_queue == 0)
			fwd_lcores[n_fwd_lcores++] = lcore;
		qc->rx_queue_list[qc->n_rx_queue].port_id = p->port_id;
		qc->rx_queue_list[qc->n_rx_queue].queue_id = p->queue_id;
		qc->n_rx_queue++;
		if (p->queue_id + 1u > port_q[p->port_id].nb_rxq)
			port_q[p->port_id].nb_rxq = (uint16_t)(p->queue_id + 1);
	}
	/* RX queues 0..n-1 of each port must all be polled (RSS spreads over all). */
	for (port = 0; port < 64; port++) {
		uint16_t q;

		if (!port_enabled(port))
			continue;
		if (port_q[port].nb_rxq == 0)
			die("port %u is enabled by -p but no --config entry polls it", port);
		for (q = 0; q < port_q[port].nb_rxq; q++) {
			for (j = 0; j < args.n_lp; j++)
				if (args.lp[j].port_id == port && args.lp[j].queue_id == q)
					break;
			if (j == args.n_lp)
				die("--config: port %u queue %u is not polled (queues must be 0..%u)",
				    port, q, port_q[port].nb_rxq - 1);
		}
		port_q[port].nb_txq = (uint16_t)n_fwd_lcores;
	}
}

void
configure_port(uint16_t port)
{
	struct rte_eth_conf conf;
	struct rte_eth_dev_info info;
	char err[ARGS_ERR_LEN];
	unsigned int segs;
	int rc;

	memset(&conf, 0, sizeof(conf));
	rc = rte_eth_dev_info_get(port, &info);
	if (rc != 0)
		die("port %u: cannot get device info: %s", port, rte_strerror(-rc));
	if (port_q[port].nb_rxq > info.max_rx_queues)
		die("port %u (%s): %u RX queues in --config, the device has %u",
		    port, info.driver_name, port_q[port].nb_rxq, info.max_rx_queues);
	if (port_q[port].nb_txq > info.max_tx_queues)
		die("port %u (%s): one TX queue per forwarding lcore needs %u, the device has %u: use fewer lcores",
		    port, info.driver_name, port_q[port].nb_txq, info.max_tx_queues);
	/* The PMD's checksum verdicts, where it has them: they spare a sum. */
	conf.rxmode.offloads = info.rx_offload_capa & RTE_ETH_RX_OFFLOAD_CHECKSUM;
	if (port_q[port].nb_rxq > 1) {
		conf.rxmode.mq_mode = RTE_ETH_MQ_RX_RSS;
		conf.rx_adv_conf.rss_conf.rss_hf =
			RTE_ETH_RSS_IP & info.flow_type_rss_offloads;
	}
	if (port_opts_frame(port, &info, args.max_pkt_len,
			    RTE_MBUF_DEFAULT_DATAROOM, &conf, &segs, err,
			    sizeof(err)) != 0)
		die("%s", err);
	frame_segs = RTE_MAX(frame_segs, segs);
	/* --idle-sleep: the lcores sleep until an RX queue interrupt */
	conf.intr_conf.rxq = args.idle_sleep != 0;
	/*
	 * The link from the PMD's events where it has them: the live report
	 * then reads the link the PMD keeps, never the PHY itself. Not with
	 * --idle-sleep: a UIO port's one line cannot serve both.
	 */
	conf.intr_conf.lsc = info.dev_flags != NULL &&
			     (*info.dev_flags & RTE_ETH_DEV_INTR_LSC) &&
			     args.idle_sleep == 0;
	rc = rte_eth_dev_configure(port, port_q[port].nb_rxq,
				   port_q[port].nb_txq, &conf);
	if (rc != 0)
		die("port %u: configure: %s", port, rte_strerror(-rc));
	port_q[port].nb_rxd = ARGS_RX_DESC_DEFAULT;
	port_q[port].nb_txd = ARGS_TX_DESC_DEFAULT;
	rc = rte_eth_dev_adjust_nb_rx_tx_desc(port, &port_q[port].nb_rxd,
					      &port_q[port].nb_txd);
	if (rc != 0)
		die("port %u: descriptor counts: %s", port, rte_strerror(-rc));
	if (port_opts_rings(port, &info, args.rx_queue_size, args.tx_queue_size,
			    &port_q[port].nb_rxd, &port_q[port].nb_txd, err,
			    sizeof(err)) != 0)
		die("%s", err);
}

/* --idle-sleep: every RX queue of @p port must be able to wake its lcore. */
void
check_rx_intr(uint16_t port)
{
	char err[256];
	uint16_t q;

	for (q = 0; q < port_q[port].nb_rxq; q++)
		if (fwd_idle_check(port, q, err, sizeof(err)) != 0)
			die("--idle-sleep: %s", err);
}

/* Whether the PMD types IPv4 and IPv6 itself; if not, we parse. */
static bool
port_has_l3_ptypes(uint16_t port)
{
	uint32_t ptypes[64];
	bool v4 = false, v6 = false;
	int i, n;

	n = rte_eth_dev_get_supported_ptypes(port, RTE_PTYPE_L3_MASK, ptypes,
					     RTE_DIM(ptypes));
	for (i = 0; i < n && i < (int)RTE_DIM(ptypes); i++) {
		v4 |= RTE_ETH_IS_IPV4_HDR(ptypes[i]) != 0;
		v6 |= RTE_ETH_IS_IPV6_HDR(ptypes[i]) != 0;
	}
	return v4 && v6;
}

void
setup_queues(uint16_t port, struct rte_mempool *mp)
{
	struct rte_eth_dev_info info;
	struct rte_eth_rxconf rxconf;
	bool parse = !port_has_l3_ptypes(port);
	unsigned int i, k;
	int rc;

	rc = rte_eth_dev_info_get(port, &info);
	if (rc != 0)
		die("port %u: device information: %s", port, rte_strerror(-rc));
	for (i = 0; i < n_fwd_lcores; i++) {
		unsigned int lcore = fwd_lcores[i];
		struct lcore_conf *qc = &lcore_conf[lcore];
		int socket = (int)rte_lcore_to_socket_id(lcore);
		struct rte_eth_dev_tx_buffer *buf;

		for (k = 0; k < qc->n_rx_queue; k++) {
			struct lcore_rx_queue *q = &qc->rx_queue_list[k];

			if (q->port_id != port)
				continue;
			q->parse_ptype = parse;
			rxconf = info.default_rxconf;
			rxconf.offloads = info.rx_offload_capa & RTE_ETH_RX_OFFLOAD_CHECKSUM;
			rc = rte_eth_rx_queue_setup(port, q->queue_id,
						    port_q[port].nb_rxd, socket,
						    &rxconf, mp);
			if (rc != 0)
				die("port %u: RX queue %u setup with %u descriptors%s: %s",
				    port, q->queue_id, port_q[port].nb_rxd,
				    args.rx_queue_size != 0 ? " (--rx-queue-size)" : "",
				    rte_strerror(-rc));
		}
		rc = rte_eth_tx_queue_setup(port, (uint16_t)i, port_q[port].nb_txd,
					    socket, &info.default_txconf);
		if (rc != 0)
			die("port %u: TX queue %u setup with %u descriptors%s: %s",
			    port, i, port_q[port].nb_txd,
			    args.tx_queue_size != 0 ? " (--tx-queue-size)" : "",
			    rte_strerror(-rc));
		buf = rte_zmalloc_socket("router_tx_buffer",
					 RTE_ETH_TX_BUFFER_SIZE(MAX_PKT_BURST),
					 RTE_CACHE_LINE_SIZE, socket);
		if (buf == NULL)
			die("port %u: no memory for a TX buffer", port);
		rte_eth_tx_buffer_init(buf, MAX_PKT_BURST);
		rte_eth_tx_buffer_set_err_callback(buf, fwd_tx_unsent,
			&qc->stats.tx_refused[port]);
		qc->tx_buffer[port] = buf;
		qc->tx_queue_id[port] = (uint16_t)i;
		qc->tx_port_id[qc->n_tx_port++] = port;
	}
}

/*
 * Mbufs for every descriptor of every ring, every TX buffer, a burst in
 * flight per lcore and the per-lcore caches (l3fwd's sum), 8192 at least.
 */
unsigned int
pool_size(void)
{
	unsigned int n = 0;
	uint16_t port;

	for (port = 0; port < 64; port++)
		if (port_enabled(port))
			n += port_q[port].nb_rxq * port_q[port].nb_rxd +
			     port_q[port].nb_txq * port_q[port].nb_txd +
			     n_fwd_lcores * MAX_PKT_BURST * frame_segs;
	n += n_fwd_lcores * (MAX_PKT_BURST * frame_segs + MEMPOOL_CACHE_SIZE) +
	     rte_lcore_count() * MEMPOOL_CACHE_SIZE;
	return RTE_MAX(n, 8192u);
}

void
setup_l2(uint16_t port, const struct route_table *t)
{
	struct rte_ether_addr ea;
	int rc;

	rc = rte_eth_macaddr_get(port, &ea);
	if (rc != 0)
		die("port %u: cannot read its MAC address: %s", port,
		    rte_strerror(-rc));
	if (port < ROUTES_MAX_PORTS && t->nb[port].set)
		memcpy(router_conf.l2hdr[port], t->nb[port].mac, RTE_ETHER_ADDR_LEN);
	memcpy(router_conf.l2hdr[port] + RTE_ETHER_ADDR_LEN, ea.addr_bytes,
	       RTE_ETHER_ADDR_LEN);
}
