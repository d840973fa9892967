/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The device model's parameters and traffic from the devargs
 * (stmmac_model_params.h).
 */
#include <errno.h>
#include <string.h>

#include "model_traffic.h"
#include "stmmac_devargs.h"
#include "stmmac_logs.h"
#include "stmmac_model_params.h"

static struct model_traffic_src *
model_make_source(const char *name, const struct stmmac_devargs *da,
		  const uint8_t mac[6])
{
	struct model_traffic_src *src = NULL;
	struct model_gen_params g;
	char err[256] = "";

	switch (da->rx_src) {
	case STMMAC_RX_SRC_NONE:
		src = model_null_src_create();
		if (src == NULL)
			PMD_BE_LOG(ERR, "%s: out of memory", name);
		return src;
	case STMMAC_RX_SRC_PCAP:
		src = model_pcap_src_create(da->rx_pcap, da->rx_pcap_loop, err,
					    sizeof(err));
		if (src == NULL)
			PMD_BE_LOG(ERR, "%s: devarg rx_pcap=%s: %s", name,
				   da->rx_pcap, err);
		return src;
	case STMMAC_RX_SRC_IFACE:
		src = model_iface_src_create(da->rx_iface, err, sizeof(err));
		if (src == NULL)
			PMD_BE_LOG(ERR, "%s: devarg rx_iface=%s: %s", name,
				   da->rx_iface, err);
		return src;
	default:
		break;
	}
	model_gen_params_init(&g);
	/* To the port, unless gen_dst= says otherwise. */
	memcpy(g.dst_mac, da->has_gen_dst ? da->gen_dst : mac, sizeof(g.dst_mac));
	memcpy(g.src_mac, mac, sizeof(g.src_mac));
	g.src_mac[4] = 0x02;				/* 02:00:00:00:02:NN */
	g.ipv6 = da->gen_ipv6;
	g.l4_proto = da->gen_proto;
	g.flows = da->gen_flows;
	g.size = da->gen_len_kind == STMMAC_GEN_LEN_IMIX ? MODEL_GEN_SIZE_IMIX :
		 da->gen_len_kind == STMMAC_GEN_LEN_RANGE ? MODEL_GEN_SIZE_RANGE :
		 MODEL_GEN_SIZE_FIXED;
	g.len_min = da->gen_len_min;
	g.len_max = da->gen_len_max;
	g.bad_l4_permille = da->gen_bad_l4;
	g.count = da->gen_pkts;
	g.rate_pps = da->gen_rate;
	src = model_gen_create(&g, err, sizeof(err));
	if (src == NULL)
		PMD_BE_LOG(ERR, "%s: traffic generator (gen_* devargs): %s",
			   name, err[0] != '\0' ? err : "not available");
	return src;
}

static struct model_traffic_sink *
model_make_sink(const char *name, const struct stmmac_devargs *da)
{
	struct model_traffic_sink *sink = NULL;
	char err[256] = "";

	switch (da->tx_sink) {
	case STMMAC_TX_SINK_PCAP:
		sink = model_pcap_sink_create(da->tx_pcap, err, sizeof(err));
		if (sink == NULL)
			PMD_BE_LOG(ERR, "%s: devarg tx_pcap=%s: %s", name,
				   da->tx_pcap, err);
		break;
	case STMMAC_TX_SINK_IFACE:
		sink = model_iface_sink_create(da->tx_iface, err, sizeof(err));
		if (sink == NULL)
			PMD_BE_LOG(ERR, "%s: devarg tx_iface=%s: %s", name,
				   da->tx_iface, err);
		break;
	default:
		sink = model_count_sink_create();
		if (sink == NULL)
			PMD_BE_LOG(ERR, "%s: cannot create the TX count sink",
				   name);
		break;
	}
	return sink;
}

int
stmmac_model_params_fill(struct dwmac4_model_params *p, const char *name,
			 const struct stmmac_devargs *da, const uint8_t mac[6])
{
	dwmac4_model_params_init(p);
	p->n_channels = 1;
	memcpy(p->mac, mac, sizeof(p->mac));
	p->dma_store = da->dma_store_nt ? DWMAC4_MODEL_STORE_NT :
					  DWMAC4_MODEL_STORE_PLAIN;
	p->flow_control = da->flow_ctrl;
	p->wb_batch = da->wb_batch;
	p->faults = da->faults;
	p->fault_wo_ppm = da->fault_wo_ppm;
	p->phy_addr = da->model_phy_addr;
	p->phy_speed = da->model_phy_speed;
	p->phy_full = da->model_phy_full;
	p->mtl_queues = da->model_mtl_queues;
	p->clocks = (enum dwmac4_model_clocks)da->model_clocks;
	p->boot_running = da->model_boot_running;
	/* dma=noncoherent given: the interconnect is emulated (model_nc=1). */
	p->nc_emulation = da->dma == STMMAC_DMA_NONCOHERENT && da->model_nc;
	p->rx_src = model_make_source(name, da, mac);
	p->tx_sink = model_make_sink(name, da);
	if (p->rx_src == NULL || p->tx_sink == NULL) {
		stmmac_model_params_release(p);
		return -EINVAL;
	}
	return 0;
}

void
stmmac_model_params_release(struct dwmac4_model_params *p)
{
	if (p->rx_src != NULL)
		p->rx_src->destroy(p->rx_src);
	if (p->tx_sink != NULL)
		p->tx_sink->destroy(p->tx_sink);
	p->rx_src = NULL;
	p->tx_sink = NULL;
}
