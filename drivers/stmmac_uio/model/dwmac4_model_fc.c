/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * dwmac4 device model, the MAC's IEEE 802.3x flow control
 * (docs/model.md "Flow control"):
 *  - receive: a PAUSE frame (MAC control, EtherType 0x8808, opcode 1, to
 *    01:80:c2:00:00:01) stops the transmitter for its quanta of 512 bit
 *    times at the link's speed while MAC_Rx_Flow_Ctrl RFE is set; control
 *    frames reach the host only as MAC_Packet_Filter PCF says;
 *  - transmit: with MAC_Q0_Tx_Flow_Ctrl TFE and the MTL RX queue's EHFC,
 *    the MAC sends a PAUSE frame of PT quanta once the queue fills to its
 *    RFA threshold (full less 1 KiB + RFA x 512 bytes) and one of zero
 *    quanta once it drains to RFD's; the link partner, which honours
 *    PAUSE, holds its frames in between.
 */
#include <string.h>

#include "dwmac4_model_internal.h"
#include "model_pause.h"
#include "model_stats.h"
#include "model_traffic.h"

/* PCF (MAC_Packet_Filter bits 7:6). */
enum fc_pcf {
	FC_PCF_NONE = 0,	/* no control frame reaches the host */
	FC_PCF_NOT_PAUSE,	/* all but PAUSE frames */
	FC_PCF_ALL,		/* all */
	FC_PCF_FILTERED,	/* those the address filter passes */
};

enum model_fc_rx
model_fc_rx(struct dwmac4_model *m, const uint8_t *p, uint32_t n)
{
	uint32_t pcf, quanta;
	bool pause;

	if (!model_pause_is_control(p, n))
		return MODEL_FC_FILTER;
	pause = model_pause_parse(p, n, &quanta);
	if (pause && (model_reg_get(m, GMAC_RX_FLOW_CTRL) & GMAC_RX_FLOW_CTRL_RFE)) {
		m->fc.tx_pause_until_ns = model_now_ns(m) +
			model_pause_ns(quanta, model_partner_speed(m));
		MODEL_STAT_ADD(m, rx_pause_frames, 1);
	}
	pcf = (model_reg_get(m, GMAC_PACKET_FILTER) &
	       DWMAC4_GMAC_PACKET_FILTER_PCF_MASK) >> 6;
	if (pcf == FC_PCF_FILTERED)
		return MODEL_FC_FILTER;
	if (pcf == FC_PCF_ALL || (pcf == FC_PCF_NOT_PAUSE && !pause))
		return MODEL_FC_PASS;
	MODEL_STAT_ADD(m, rx_control_filtered, 1);
	return MODEL_FC_CONSUMED;
}

bool
model_fc_tx_paused(struct dwmac4_model *m)
{
	return m->fc.tx_pause_until_ns != 0 &&
	       model_now_ns(m) < m->fc.tx_pause_until_ns;
}

/* A PAUSE frame of @p quanta from MAC address 0 onto the wire. */
static void
fc_send(struct dwmac4_model *m, uint32_t quanta)
{
	struct model_traffic_sink *sink = m->params.tx_sink;
	uint32_t hi = model_reg_get(m, GMAC_ADDR_HIGH(0));
	uint32_t lo = model_reg_get(m, GMAC_ADDR_LOW(0));
	const uint8_t src[6] = {
		(uint8_t)lo, (uint8_t)(lo >> 8), (uint8_t)(lo >> 16),
		(uint8_t)(lo >> 24), (uint8_t)hi, (uint8_t)(hi >> 8),
	};
	uint8_t f[MODEL_PAUSE_FRAME_LEN];

	model_pause_build(f, src, quanta);
	if (sink != NULL)
		sink->put(sink, f, sizeof(f));
	MODEL_STAT_ADD(m, tx_pause_frames, 1);
}

/* Full less 1 KiB + @p field x 512 bytes (RFA, RFD encoding). */
static uint32_t
fc_threshold(uint32_t size, uint32_t field)
{
	uint32_t below = 1024u + field * 512u;

	return size > below ? size - below : 0;
}

bool
model_fc_peer_holds(struct dwmac4_model *m)
{
	const uint32_t tfe = model_reg_get(m, GMAC_QX_TX_FLOW_CTRL(0));
	unsigned int q, n = m->params.mtl_queues;
	uint32_t op, size, fill;
	bool any = false;

	/* The common case, once per frame from the source: no TX pause. */
	if (!(tfe & GMAC_TX_FLOW_CTRL_TFE)) {
		memset(m->fc.xoff, 0, sizeof(m->fc.xoff));
		return false;
	}
	for (q = 0; q < n && q < DWMAC4_MODEL_MAX_MTL_QUEUES; q++) {
		op = model_reg_get(m, MTL_CHAN_RX_OP_MODE(q));
		if (!(op & MTL_OP_MODE_EHFC)) {
			m->fc.xoff[q] = false;
			continue;
		}
		size = model_mtl_rxq_size(m, q);
		fill = __atomic_load_n(&m->mtl_rxq[q].bytes, __ATOMIC_RELAXED);
		if (!m->fc.xoff[q] &&
		    fill >= fc_threshold(size, (op & MTL_OP_MODE_RFA_MASK) >>
					 MTL_OP_MODE_RFA_SHIFT)) {
			m->fc.xoff[q] = true;
			/* The frame on its way still comes. */
			m->fc.grace = 1;
			fc_send(m, tfe >> GMAC_TX_FLOW_CTRL_PT_SHIFT);
		} else if (m->fc.xoff[q] &&
			   fill <= fc_threshold(size, (op & MTL_OP_MODE_RFD_MASK) >>
						MTL_OP_MODE_RFD_SHIFT)) {
			m->fc.xoff[q] = false;
			fc_send(m, 0);
		}
		any = any || m->fc.xoff[q];
	}
	return any;
}

void
model_fc_reset(struct dwmac4_model *m)
{
	memset(&m->fc, 0, sizeof(m->fc));
}
