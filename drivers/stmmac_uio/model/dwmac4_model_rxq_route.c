/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * dwmac4 model: several MTL queues (docs/model.md "MTL queues and DMA
 * channels"). The MAC's RX classification into MTL RX queues
 * (MAC_RxQ_Ctrl0..3), each queue's DMA channel (MTL_RxQ_DMA_Map0/1), the
 * RX arbitration of a channel serving several queues (MTL_Operation_Mode
 * RAA) and the MTL TX scheduler that picks which TX queue sends next
 * (SCHALG, MTL_TxQ_Quantum_Weight).
 *
 * The registers are decoded into struct model_route once after any of
 * them changed (route_dirty), not per frame; with one MTL queue (the
 * default) classification does not run and every frame enters queue 0.
 * Where the databook's order of the routing rules is not known to us,
 * the reading chosen is written in docs/model.md.
 */
#include <string.h>

#include "dwmac4_model_internal.h"

/* EtherTypes the classification looks at. */
#define ETH_TYPE_VLAN	0x8100u	/* IEEE 802.1Q C-tag */
#define ETH_TYPE_PTP	0x88f7u	/* IEEE 1588 over Ethernet */

/* MAC_RxQ_Ctrl0.RXQEN values (two bits per queue). */
#define RXQEN_OFF	0u
#define RXQEN_AV	1u
#define RXQEN_DCB	2u

static uint32_t
rq(struct dwmac4_model *m, uint32_t off)
{
	return model_reg_get(m, off);
}

bool
model_route_reg(uint32_t off)
{
	uint32_t in;

	if (off == GMAC_RXQ_CTRL0 || off == GMAC_RXQ_CTRL1 ||
	    off == GMAC_RXQ_CTRL2 || off == GMAC_RXQ_CTRL3 ||
	    off == MTL_OPERATION_MODE || off == MTL_RXQ_DMA_MAP0 ||
	    off == MTL_RXQ_DMA_MAP1)
		return true;
	if (off < MTL_CHAN_BASE_ADDR ||
	    off >= MTL_CHANX_BASE_ADDR(DWMAC4_MODEL_MAX_MTL_QUEUES))
		return false;
	in = (off - MTL_CHAN_BASE_ADDR) % MTL_CHAN_BASE_OFFSET;
	return in == MTL_CHAN_TX_OP_MODE(0) - MTL_CHAN_BASE_ADDR ||
	       in == MTL_TXQX_WEIGHT_BASE_ADDR(0) - MTL_CHAN_BASE_ADDR ||
	       in == MTL_CHAN_RX_OP_MODE(0) - MTL_CHAN_BASE_ADDR ||
	       in == DWMAC4_MTL_CHAN_RX_CONTROL(0) - MTL_CHAN_BASE_ADDR;
}

/* Marks the RX (or TX) configuration unusable, with the first reason. */
static void
route_refuse(struct model_route *rt, bool rx, const char *why)
{
	if (rx && rt->rx_ok) {
		rt->rx_ok = false;
		rt->rx_why = why;
	} else if (!rx && rt->tx_ok) {
		rt->tx_ok = false;
		rt->tx_why = why;
	}
}

/* The RX side of the decode: queue modes, maps, priorities, sizes. */
static void
route_build_rx(struct dwmac4_model *m, struct model_route *rt)
{
	const unsigned int nq = m->params.mtl_queues;
	uint32_t ctrl0 = rq(m, GMAC_RXQ_CTRL0), lane, sum = 0;
	uint64_t map = rq(m, MTL_RXQ_DMA_MAP0) |
		       (uint64_t)rq(m, MTL_RXQ_DMA_MAP1) << 32;
	uint64_t psrq = rq(m, GMAC_RXQ_CTRL2) |
			(uint64_t)rq(m, GMAC_RXQ_CTRL3) << 32;
	unsigned int q, pcp;

	rt->ctrl1 = rq(m, GMAC_RXQ_CTRL1);
	memset(rt->pcp_q, MODEL_ROUTE_NONE, sizeof(rt->pcp_q));
	for (q = 0; q < nq; q++) {
		/* One queue: it takes every frame, its size read-only. */
		rt->rxqen[q] = nq == 1 ? RXQEN_DCB : ctrl0 >> (2 * q) & 3u;
		rt->rxq_size[q] = model_mtl_rxq_size(m, q);
		lane = (uint32_t)(map >> (8 * q));
		rt->q2ch[q] = lane & 0xfu;
		/* A disabled queue keeps its priorities: their frames drop. */
		for (pcp = 0; pcp < 8; pcp++) {
			if (!(psrq >> (8 * q + pcp) & 1u))
				continue;
			if (rt->pcp_q[pcp] != MODEL_ROUTE_NONE)
				rt->pcp_dup |= (uint8_t)(1u << pcp);
			else
				rt->pcp_q[pcp] = (uint8_t)q;
		}
		if (rt->rxqen[q] == RXQEN_OFF)
			continue;
		sum += rt->rxq_size[q];
		if (rt->rxqen[q] == 3u)
			route_refuse(rt, true, "MAC_RxQ_Ctrl0: RXQEN 11 (reserved)");
		/* The core has no AV feature (MAC_HW_Feature1.AVSEL 0). */
		if (rt->rxqen[q] == RXQEN_AV)
			route_refuse(rt, true, "MAC_RxQ_Ctrl0: RXQEN 01 (AV) on a core without AV (HW_Feature1.AVSEL 0)");
		if (lane & 0x10u)
			route_refuse(rt, true, "MTL_RxQ_DMA_Map: QxDDMACH (DA-based channel) is not emulated");
		if (rt->q2ch[q] >= m->params.n_channels) {
			route_refuse(rt, true, "MTL_RxQ_DMA_Map: an enabled RX queue mapped to a DMA channel the core lacks");
			continue;
		}
		rt->ch_queues[rt->q2ch[q]] |= (uint8_t)(1u << q);
	}
	if (sum > DWMAC4_MODEL_FIFO_BYTES)
		route_refuse(rt, true, "MTL_RxQ_Operation_Mode: RQS of the enabled RX queues beyond the 16 KiB RX FIFO");
	if (!rt->multi)
		return;
	/* TPQC 2 routes to AV queues, which this core has none of; 3 is reserved. */
	if ((rt->ctrl1 & DWMAC4_RXQCTRL_TPQC_MASK) >> DWMAC4_RXQCTRL_TPQC_SHIFT >= 2u)
		route_refuse(rt, true, "MAC_RxQ_Ctrl1: TPQC 2 (AV queues) or 3 (reserved)");
	if (rt->ctrl1 & DWMAC4_RXQCTRL_TBRQE)
		route_refuse(rt, true, "MAC_RxQ_Ctrl1: TBRQE (type-based routing) is not emulated");
	/* RX arbitration: strict priority only (docs/model.md). */
	if (rq(m, MTL_OPERATION_MODE) & MTL_OPERATION_RAA_WSP)
		for (q = 0; q < m->params.n_channels; q++)
			if (rt->ch_queues[q] & (rt->ch_queues[q] - 1u))
				route_refuse(rt, true, "MTL_Operation_Mode: RAA weighted strict priority over two queues of one channel is not emulated");
}

/* The TX side: queues enabled, sizes, the scheduler and its weights. */
static void
route_build_tx(struct dwmac4_model *m, struct model_route *rt)
{
	const unsigned int nq = m->params.mtl_queues;
	uint32_t sum = 0, en;
	unsigned int q, n = 0;

	rt->schalg = rq(m, MTL_OPERATION_MODE) & MTL_OPERATION_SCHALG_MASK;
	for (q = 0; q < nq; q++) {
		rt->txq_size[q] = model_mtl_txq_size(m, q);
		rt->weight[q] = rq(m, MTL_TXQX_WEIGHT_BASE_ADDR(q)) &
				MTL_TXQ_WEIGHT_ISCQW_MASK;
		/* One queue: enabled whatever TXQEN holds (read-only on). */
		en = nq == 1 ? 2u : (rq(m, MTL_CHAN_TX_OP_MODE(q)) &
				     MTL_OP_MODE_TXQEN_MASK) >> 2;
		if (en == 0)
			continue;
		if (en != 2u)
			route_refuse(rt, false, "MTL_TxQ_Operation_Mode: TXQEN 01 (AV, no AV feature) or 11 (reserved)");
		rt->txq_on |= (uint8_t)(1u << q);
		sum += rt->txq_size[q];
		n++;
	}
	if (sum > DWMAC4_MODEL_FIFO_BYTES)
		route_refuse(rt, false, "MTL_TxQ_Operation_Mode: TQS of the enabled TX queues beyond the 16 KiB TX FIFO");
	if (n < 2)
		return;
	if (rt->schalg == MTL_OPERATION_SCHALG_WFQ ||
	    rt->schalg == MTL_OPERATION_SCHALG_DWRR)
		route_refuse(rt, false, "MTL_Operation_Mode: SCHALG WFQ/DWRR is not emulated (WRR and SP are)");
	if (rt->schalg == MTL_OPERATION_SCHALG_WRR)
		for (q = 0; q < nq; q++)
			if ((rt->txq_on >> q & 1u) && rt->weight[q] == 0)
				route_refuse(rt, false, "MTL_TxQ_Quantum_Weight: WRR weight 0 on an enabled TX queue");
}

struct model_route *
model_route_get(struct dwmac4_model *m)
{
	struct model_route *rt = &m->route;

	if (!__atomic_load_n(&m->route_dirty, __ATOMIC_ACQUIRE) ||
	    !__atomic_exchange_n(&m->route_dirty, false, __ATOMIC_ACQ_REL))
		return rt;
	memset(rt, 0, sizeof(*rt));
	rt->multi = m->params.mtl_queues > 1;
	rt->rx_ok = true;
	rt->tx_ok = true;
	route_build_rx(m, rt);
	route_build_tx(m, rt);
	/* A refused configuration is one violation, when a frame meets it. */
	rt->rx_viol_due = !rt->rx_ok;
	rt->tx_viol_due = !rt->tx_ok;
	return rt;
}

static inline uint16_t
be16_at(const uint8_t *p)
{
	return (uint16_t)(p[0] << 8 | p[1]);
}

static unsigned int
ctrl1_q(uint32_t ctrl1, uint32_t mask, unsigned int shift)
{
	return (ctrl1 & mask) >> shift;
}

/*
 * The routing rules in the order the model applies them (docs/model.md):
 * PTP over Ethernet to PTPQ (tagged ones as TPQC says); multicast and
 * broadcast to MCBCQ with MCBCQEN (untagged ones, or all with OMCBCQ);
 * tagged frames by their priority's PSRQ (two queues claiming it: a
 * violation, the lower queue takes it; none: queue 0); untagged to UPQ.
 * A disabled target queue drops the frame.
 */
unsigned int
model_rx_classify(struct dwmac4_model *m, struct model_route *rt,
		  const uint8_t *p, uint32_t len)
{
	const uint32_t c1 = rt->ctrl1;
	bool tagged = false, mcbc;
	unsigned int q, pcp = 0;
	uint16_t type;

	if (len < 14)
		return 0;
	type = be16_at(p + 12);
	if (type == ETH_TYPE_VLAN && len >= 18) {
		tagged = true;
		pcp = p[14] >> 5;
		type = be16_at(p + 16);
	}
	mcbc = p[0] & 1u;
	if (type == ETH_TYPE_PTP &&
	    (!tagged || (c1 & DWMAC4_RXQCTRL_TPQC_MASK) >>
	     DWMAC4_RXQCTRL_TPQC_SHIFT == 1u)) {
		q = ctrl1_q(c1, GMAC_RXQCTRL_PTPQ_MASK, GMAC_RXQCTRL_PTPQ_SHIFT);
	} else if (mcbc && (c1 & GMAC_RXQCTRL_MCBCQEN) &&
		   (!tagged || (c1 & DWMAC4_RXQCTRL_OMCBCQ))) {
		q = ctrl1_q(c1, GMAC_RXQCTRL_MCBCQ_MASK, GMAC_RXQCTRL_MCBCQ_SHIFT);
	} else if (tagged) {
		q = rt->pcp_q[pcp];
		if (q == MODEL_ROUTE_NONE)
			q = 0;
		if (__builtin_expect(rt->pcp_dup >> pcp & 1u, 0)) {
			/* Linux: "the same priority is not mapped to multiple Rx queues". */
			rt->pcp_dup &= (uint8_t)~(1u << pcp);
			model_violation(m, MODEL_VIOL_MTL_CONFIG,
					"MAC_RxQ_Ctrl2/3: VLAN priority %u in the PSRQ of two queues",
					pcp);
		}
	} else {
		q = ctrl1_q(c1, GMAC_RXQCTRL_UPQ_MASK, GMAC_RXQCTRL_UPQ_SHIFT);
	}
	if (q >= m->params.mtl_queues || rt->rxqen[q] == RXQEN_OFF) {
		MODEL_STAT_ADD(m, rx_dropped_qdisabled, 1);
		return MODEL_ROUTE_NONE;
	}
	return q;
}

/*
 * RX arbitration (MTL_Operation_Mode.RAA 0, strict priority): among the
 * queues mapped to channel @p ch, the highest-numbered one holding a
 * frame ("queue 0 has the lowest priority"). One queue: queue 0 if it is
 * this channel's.
 */
unsigned int
model_rx_pick(struct dwmac4_model *m, unsigned int ch)
{
	const struct model_route *rt = model_route_get(m);
	unsigned int mask = rt->ch_queues[ch], q;

	if (!rt->multi)
		return mask != 0 && !model_mtl_rxq_empty(m, 0) ? 0 :
		       MODEL_ROUTE_NONE;
	while (mask != 0) {
		q = 31u - (unsigned int)__builtin_clz(mask);
		if (!model_mtl_rxq_empty(m, q))
			return q;
		mask &= ~(1u << q);
	}
	return MODEL_ROUTE_NONE;
}

/* The channel of @p cand (bitmap) that sends next under SCHALG. */
static unsigned int
tx_pick(struct dwmac4_model *m, const struct model_route *rt, unsigned int cand)
{
	unsigned int q, i, n = m->params.n_channels;

	/* Strict priority: the highest-numbered queue first. */
	if (rt->schalg == MTL_OPERATION_SCHALG_SP)
		return 31u - (unsigned int)__builtin_clz(cand);
	/*
	 * WRR: each queue in turn sends up to its weight (ISCQW) in frames;
	 * a queue with nothing to send gives its turn away.
	 */
	if (m->wrr_left != 0 && (cand >> m->wrr_q & 1u))
		return m->wrr_q;
	for (i = 1; i <= n; i++) {
		q = (m->wrr_q + i) % n;
		if (cand >> q & 1u) {
			m->wrr_q = q;
			m->wrr_left = q < m->params.mtl_queues ? rt->weight[q] : 1u;
			if (m->wrr_left == 0)
				m->wrr_left = 1;
			return q;
		}
	}
	return 31u - (unsigned int)__builtin_clz(cand);
}

/*
 * The MTL TX scheduler: which TX queue (= TX DMA channel) sends the next
 * frame, up to @p budget frames. One channel: its engine alone, as
 * before. A channel whose engine has nothing to send (or is stuck) drops
 * out for the rest of the pass.
 */
unsigned int
model_tx_sched(struct dwmac4_model *m, unsigned int budget, bool *progress)
{
	unsigned int moved = 0, iter, ch, cand = 0;
	const struct model_route *rt;
	enum model_work w;

	pthread_mutex_lock(&m->lock);
	if (m->params.n_channels == 1) {
		for (iter = 0; moved < budget &&
		     iter < budget + MODEL_STEP_SLACK; iter++) {
			w = model_tx_work(m, 0);
			if (w == MODEL_WORK_NONE)
				break;
			*progress = true;
			moved += w == MODEL_WORK_FRAME;
		}
		pthread_mutex_unlock(&m->lock);
		return moved;
	}
	rt = model_route_get(m);
	for (ch = 0; ch < m->params.n_channels; ch++)
		if (m->tx[ch].running)
			cand |= 1u << ch;
	for (iter = 0; cand != 0 && moved < budget &&
	     iter < budget + MODEL_STEP_SLACK; iter++) {
		ch = tx_pick(m, rt, cand);
		w = model_tx_work(m, ch);
		if (w == MODEL_WORK_NONE) {
			cand &= ~(1u << ch);
			if (ch == m->wrr_q)
				m->wrr_left = 0;
			continue;
		}
		*progress = true;
		if (w == MODEL_WORK_FRAME) {
			moved++;
			if (ch == m->wrr_q && m->wrr_left != 0)
				m->wrr_left--;
		}
	}
	pthread_mutex_unlock(&m->lock);
	return moved;
}
