/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * --max-pkt-len and the ring sizes (port_opts.h), in the way of l3fwd's
 * config_port_max_pkt_len(), but refusing what a port cannot take instead
 * of letting rte_eth_dev_configure() or a queue setup fail with EINVAL.
 */
#include <stdarg.h>
#include <stdio.h>

#include <rte_ether.h>
#include <rte_log.h>

#include "port_opts.h"
#include "router.h"

static int __attribute__((format(printf, 3, 4)))
opts_fail(char *err, size_t errlen, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(err, errlen, fmt, ap);
	va_end(ap);
	return -1;
}

/* The bytes a port's maximum frame adds to its MTU (l3fwd's rule). */
static uint32_t
port_l2_overhead(const struct rte_eth_dev_info *info)
{
	if (info->max_mtu != UINT16_MAX && info->max_rx_pktlen > info->max_mtu)
		return info->max_rx_pktlen - info->max_mtu;
	return RTE_ETHER_HDR_LEN + RTE_ETHER_CRC_LEN;
}

int
port_opts_frame(uint16_t port, const struct rte_eth_dev_info *info,
		unsigned int max_pkt_len, uint32_t mbuf_room,
		struct rte_eth_conf *conf, unsigned int *segs, char *err,
		size_t errlen)
{
	uint32_t over = port_l2_overhead(info), need;
	uint32_t mtu;

	*segs = 1;
	if (max_pkt_len == 0)
		return 0;
	if (max_pkt_len > info->max_rx_pktlen)
		return opts_fail(err, errlen,
				 "port %u (%s): --max-pkt-len %u is above the port's longest frame, %u bytes (MTU %u)",
				 port, info->driver_name, max_pkt_len,
				 info->max_rx_pktlen, info->max_mtu);
	mtu = max_pkt_len > over ? max_pkt_len - over : 0;
	if (mtu < info->min_mtu)
		return opts_fail(err, errlen,
				 "port %u (%s): --max-pkt-len %u gives MTU %u, below the port's minimum %u (--max-pkt-len %u at least)",
				 port, info->driver_name, max_pkt_len, mtu,
				 info->min_mtu, info->min_mtu + over);
	conf->rxmode.mtu = (uint16_t)mtu;
	/* An FCS the MAC stores (and the PMD trims) takes buffer room too. */
	need = max_pkt_len + RTE_ETHER_CRC_LEN;
	if (need <= mbuf_room)
		return 0;
	if (!(info->rx_offload_capa & RTE_ETH_RX_OFFLOAD_SCATTER))
		return opts_fail(err, errlen,
				 "port %u (%s): --max-pkt-len %u needs RX scatter (an mbuf holds %u bytes), which the port does not offer",
				 port, info->driver_name, max_pkt_len, mbuf_room);
	if (!(info->tx_offload_capa & RTE_ETH_TX_OFFLOAD_MULTI_SEGS))
		return opts_fail(err, errlen,
				 "port %u (%s): --max-pkt-len %u needs multi-segment TX (an mbuf holds %u bytes), which the port does not offer",
				 port, info->driver_name, max_pkt_len, mbuf_room);
	conf->rxmode.offloads |= RTE_ETH_RX_OFFLOAD_SCATTER;
	conf->txmode.offloads |= RTE_ETH_TX_OFFLOAD_MULTI_SEGS;
	*segs = (need + mbuf_room - 1) / mbuf_room;
	if (info->tx_desc_lim.nb_mtu_seg_max != 0 &&
	    *segs > info->tx_desc_lim.nb_mtu_seg_max)
		return opts_fail(err, errlen,
				 "port %u (%s): --max-pkt-len %u takes %u mbufs of %u bytes, the port sends at most %u per frame",
				 port, info->driver_name, max_pkt_len, *segs,
				 mbuf_room, info->tx_desc_lim.nb_mtu_seg_max);
	return 0;
}

static int
ring_check(uint16_t port, const struct rte_eth_dev_info *info,
	   const char *dir, const struct rte_eth_desc_lim *lim,
	   unsigned int want, uint16_t *nb, char *err, size_t errlen)
{
	if (want == 0)
		return 0;
	if (want < lim->nb_min || want > lim->nb_max ||
	    (lim->nb_align > 1 && want % lim->nb_align != 0))
		return opts_fail(err, errlen,
				 "port %u (%s): --%s-queue-size %u: the port takes %u..%u descriptors, a multiple of %u",
				 port, info->driver_name, dir, want, lim->nb_min,
				 lim->nb_max, RTE_MAX(lim->nb_align, 1));
	*nb = (uint16_t)want;
	return 0;
}

int
port_opts_rings(uint16_t port, const struct rte_eth_dev_info *info,
		unsigned int rx, unsigned int tx, uint16_t *nb_rxd,
		uint16_t *nb_txd, char *err, size_t errlen)
{
	if (ring_check(port, info, "rx", &info->rx_desc_lim, rx, nb_rxd, err,
		       errlen) != 0)
		return -1;
	return ring_check(port, info, "tx", &info->tx_desc_lim, tx, nb_txd,
			  err, errlen);
}

void
port_opts_log(uint16_t port, uint16_t nb_rxd, uint16_t nb_txd)
{
	struct rte_eth_conf conf;
	uint16_t mtu = 0;

	if (rte_eth_dev_conf_get(port, &conf) != 0)
		return;
	rte_eth_dev_get_mtu(port, &mtu);
	RTE_LOG(INFO, ROUTER, "port %u: MTU %u%s, %u RX and %u TX descriptors a queue\n",
		port, mtu,
		(conf.rxmode.offloads & RTE_ETH_RX_OFFLOAD_SCATTER) ?
		", RX scatter, multi-segment TX" : "", nb_rxd, nb_txd);
}
