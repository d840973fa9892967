/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * neta model, the GMAC's IEEE 802.3x flow control (docs/model.md "neta:
 * flow control"). Called with the model lock held.
 *
 *  - AUTONEG_CONFIG's MVNETA_GMAC_CONFIG_FLOW_CTRL is one bit for both
 *    directions, as Linux's mvneta_mac_link_up() writes it (the port
 *    offers symmetric pause only). The in-band resolution of the pause
 *    advertisement (bits 9 and 11) is not modelled: a port that sets only
 *    those gets no flow control (the stricter reading).
 *  - Receive: MAC control frames (EtherType 0x8808) never reach the host
 *    (no register is known to forward them: rx_dropped_control); with the
 *    bit, a PAUSE frame stops the transmitter for its quanta at the
 *    GMAC's speed (rx_pause_frames, the MIB's good flow-control count).
 *  - Transmit: with the bit, the port sends XOFF (the longest pause) once
 *    an enabled RX queue's non-occupied descriptors could not take two
 *    frames of the largest size the GMAC accepts, and XON (0 quanta) once
 *    every one could again (tx_pause_frames, the MIB's flow-control sent
 *    count). The partner sends the frame already on its way, then holds.
 *    The silicon's own trigger is not public: this one leaves room for
 *    exactly the frame on its way.
 */
#include <string.h>

#include "model_clock.h"
#include "model_pause.h"
#include "model_traffic.h"
#include "neta_model_internal.h"

static bool
fc_enabled(const struct neta_model *m)
{
	return (neta_reg(m, MVNETA_GMAC_AUTONEG_CONFIG) &
		MVNETA_GMAC_CONFIG_FLOW_CTRL) != 0;
}

uint64_t
neta_now_ns(struct neta_model *m)
{
	return model_clock_ns(m->params.manual_clock, &m->manual_now_ns);
}

/* The GMAC's speed in Mbit/s (GMAC_STATUS). */
static unsigned int
fc_speed(const struct neta_model *m)
{
	uint32_t mode = neta_gmac_mode(m);

	return (mode & MVNETA_GMAC_SPEED_1000) ? 1000u :
	       (mode & MVNETA_GMAC_SPEED_100) ? 100u : 10u;
}

bool
neta_fc_rx(struct neta_model *m, const uint8_t *p, uint32_t n)
{
	uint32_t quanta;

	if (!model_pause_is_control(p, n))
		return false;
	if (model_pause_parse(p, n, &quanta) && fc_enabled(m)) {
		__atomic_store_n(&m->fc.tx_pause_until_ns, neta_now_ns(m) +
				 model_pause_ns(quanta, fc_speed(m)),
				 __ATOMIC_RELAXED);
		neta_mib_add(m, MVNETA_MIB_GOOD_FC_RECEIVED, 1);
		NETA_STAT_ADD(m, rx_pause_frames, 1);
	}
	NETA_STAT_ADD(m, rx_dropped_control, 1);
	return true;
}

bool
neta_fc_tx_paused(struct neta_model *m)
{
	uint64_t until = m->fc.tx_pause_until_ns;

	if (until == 0)
		return false;
	if (neta_now_ns(m) < until)
		return true;
	__atomic_store_n(&m->fc.tx_pause_until_ns, 0, __ATOMIC_RELAXED);
	return false;
}

/*
 * The thread's timer: the pause's end while it is ahead. One that has
 * passed is no timer any more, though the arbiter clears it only at its
 * next call (neta_fc_tx_paused(), under the lock: a store here could
 * erase a PAUSE just received).
 */
uint64_t
neta_fc_deadline_ns(struct neta_model *m)
{
	uint64_t until = __atomic_load_n(&m->fc.tx_pause_until_ns,
					 __ATOMIC_RELAXED);

	return until != 0 && neta_now_ns(m) < until ? until : 0;
}

/* A PAUSE frame of @p quanta from the station address onto the wire. */
static void
fc_send(struct neta_model *m, uint32_t quanta)
{
	struct model_traffic_sink *sink = m->params.tx_sink;
	uint32_t hi = neta_reg(m, MVNETA_MAC_ADDR_HIGH);
	uint32_t lo = neta_reg(m, MVNETA_MAC_ADDR_LOW);
	const uint8_t src[6] = {
		(uint8_t)(hi >> 24), (uint8_t)(hi >> 16), (uint8_t)(hi >> 8),
		(uint8_t)hi, (uint8_t)(lo >> 8), (uint8_t)lo,
	};
	uint8_t f[MODEL_PAUSE_FRAME_LEN];

	model_pause_build(f, src, quanta);
	if (sink != NULL)
		sink->put(sink, f, sizeof(f));
	neta_mib_add(m, MVNETA_MIB_FC_SENT, 1);
	NETA_STAT_ADD(m, tx_pause_frames, 1);
}

/* Whether enabled RX queue @p q could not take two of the largest frames. */
static bool
fc_short_of_room(const struct neta_model *m, unsigned int q)
{
	const struct neta_rxq *rq = &m->rxq[q];
	uint32_t need;

	if (!rq->enabled || rq->hung || rq->buf_size == 0)
		return false;
	need = 2u * ((neta_rx_max_size(m) + rq->buf_size - 1) / rq->buf_size);
	return rq->non_occupied < (need < rq->size ? need : rq->size);
}

_Static_assert(MVNETA_MAX_RXQ <= 8, "fc.short_q has a bit per RX queue");

/*
 * The room is noted where it changes, not looked up for each frame the
 * partner offers: the engine asks for every frame, and while the partner
 * holds, at every pass. Only while flow control is on: nothing reads it
 * otherwise, and turning it on notes every queue's (neta_fc_room_all()).
 */
void
neta_fc_room(struct neta_model *m, unsigned int q)
{
	if (!fc_enabled(m))
		return;
	if (fc_short_of_room(m, q))
		m->fc.short_q |= (uint8_t)(1u << q);
	else
		m->fc.short_q &= (uint8_t)~(1u << q);
}

void
neta_fc_room_all(struct neta_model *m)
{
	unsigned int q;

	for (q = 0; q < MVNETA_MAX_RXQ; q++)
		neta_fc_room(m, q);
}

bool
neta_fc_partner_waits(struct neta_model *m)
{
	bool short_of_room;

	if (!fc_enabled(m) || !neta_gmac_passes(m)) {
		m->fc.xoff = false;
		return false;
	}
	short_of_room = m->fc.short_q != 0;
	if (short_of_room && !m->fc.xoff) {
		m->fc.xoff = true;
		/* The frame on its way still comes. */
		m->fc.grace = 1;
		fc_send(m, MODEL_PAUSE_QUANTA_MAX);
	} else if (!short_of_room && m->fc.xoff) {
		m->fc.xoff = false;
		fc_send(m, 0);
	}
	if (!m->fc.xoff)
		return false;
	if (m->fc.grace == 0)
		return true;
	m->fc.grace--;
	return false;
}

void
neta_fc_reset(struct neta_model *m)
{
	memset(&m->fc, 0, sizeof(m->fc));
}
