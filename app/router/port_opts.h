/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The ports' frame and ring sizes from --max-pkt-len, --rx-queue-size and
 * --tx-queue-size, checked against what each port's device info says it
 * takes: every refusal names the option, the port and the port's limit,
 * before any port starts.
 */
#ifndef SOCRX_ROUTER_PORT_OPTS_H
#define SOCRX_ROUTER_PORT_OPTS_H

#include <stddef.h>
#include <stdint.h>

#include <rte_ethdev.h>

/*
 * --max-pkt-len @p max_pkt_len (0: keep the MTU of 1500) into @p conf: the
 * MTU is the length less the port's L2 overhead (max_rx_pktlen - max_mtu,
 * as l3fwd reckons it); where a frame and its FCS exceed @p mbuf_room, RX
 * scatter and multi-segment TX, both required of the port. @p segs: the
 * most mbufs one frame takes. @return 0, or -1 with the reason in @p err.
 */
int port_opts_frame(uint16_t port, const struct rte_eth_dev_info *info,
		    unsigned int max_pkt_len, uint32_t mbuf_room,
		    struct rte_eth_conf *conf, unsigned int *segs, char *err,
		    size_t errlen);

/*
 * --rx-queue-size @p rx / --tx-queue-size @p tx (0: keep @p nb_rxd /
 * @p nb_txd, the defaults the port adjusted) against the port's descriptor
 * limits (minimum, maximum, multiple). @return 0, or -1 with the reason.
 */
int port_opts_rings(uint16_t port, const struct rte_eth_dev_info *info,
		    unsigned int rx, unsigned int tx, uint16_t *nb_rxd,
		    uint16_t *nb_txd, char *err, size_t errlen);

/* Logs what @p port was set up with: MTU, scatter, descriptor counts. */
void port_opts_log(uint16_t port, uint16_t nb_rxd, uint16_t nb_txd);

#endif /* SOCRX_ROUTER_PORT_OPTS_H */
