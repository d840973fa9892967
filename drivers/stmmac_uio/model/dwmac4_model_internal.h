/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Private functions of the dwmac4 device model, shared by its parts
 * (dwmac4_model*.c: register window, reset, DMA channels' control path,
 * PHY, MTL, engines, thread), one group per unit; the state they work on
 * is in dwmac4_model_state.h (its concurrency rules there), and the DMA
 * side's accesses to host memory are declared in dwmac4_model_dma.h.
 */
#ifndef SOCRX_DWMAC4_MODEL_INTERNAL_H
#define SOCRX_DWMAC4_MODEL_INTERNAL_H

#include <stdbool.h>
#include <stdint.h>

#include "dwmac4_model_state.h"

/* ---- 802.3x flow control (dwmac4_model_fc.c) ---- */

/* What the MAC does with a received frame as flow control sees it. */
enum model_fc_rx {
	MODEL_FC_FILTER = 0,	/* through the address filter, as any frame */
	MODEL_FC_PASS,		/* a control frame PCF forwards: to the host */
	MODEL_FC_CONSUMED,	/* a control frame the MAC keeps (counted) */
};
/*
 * Received frame @p p of @p n bytes: a PAUSE frame pauses the transmitter
 * (RFE); PCF decides whether a control frame reaches the host. Lock held.
 */
enum model_fc_rx model_fc_rx(struct dwmac4_model *m, const uint8_t *p,
			     uint32_t n);
/* The transmitter paused by a received PAUSE frame now. Lock held. */
bool model_fc_tx_paused(struct dwmac4_model *m);
/*
 * XOFF / XON as the MTL RX queues' fill crosses RFA / RFD (TFE, EHFC),
 * the PAUSE frames sent; whether the partner holds its frames now (after
 * the one on its way when the XOFF left). Lock held.
 */
bool model_fc_peer_holds(struct dwmac4_model *m);
void model_fc_reset(struct dwmac4_model *m);

/* ---- The timestamp unit (dwmac4_model_ptp.c) ---- */

/* A read of PTP_STSR or PTP_STNSR (@p off): the live time. */
uint32_t model_ptp_read(struct dwmac4_model *m, uint32_t off);
/* PTP_TCR, PTP_SSIR and PTP_TAR writes; false for any other register. */
bool model_ptp_write(struct dwmac4_model *m, uint32_t off, uint32_t val);
/* The unit at its reset: time 0, nothing latched. Lock held. */
void model_ptp_reset(struct dwmac4_model *m);
/*
 * The time now into *@p sec, *@p sub for a frame's stamp; false while
 * TSENA is clear (nothing is stamped). Lock held.
 */
bool model_ptp_stamp(struct dwmac4_model *m, uint32_t *sec, uint32_t *sub);
/*
 * dwmac4_model_ptp_rx.c: RDES1's PTP bits for received frame @p p of
 * @p n bytes under MAC_Timestamp_Control (PMT, PFT, PV for a PTP message
 * it recognises; TSA with the stamp in *@p sec, *@p sub when it takes
 * one), 0 for neither. Lock held.
 */
uint32_t model_ptp_rx_status(struct dwmac4_model *m, const uint8_t *p,
			     uint32_t n, uint32_t *sec, uint32_t *sub);

/* ---- VLAN filter, stripping and insertion (dwmac4_model_vlan.c) ---- */
unsigned int model_vlan_hash_bin(uint16_t vid);
bool model_vlan_rx_filter(struct dwmac4_model *m, const uint8_t *p,
			  uint32_t n, bool *hit);
void model_vlan_rx_strip(struct dwmac4_model *m, struct model_rx_frame *f,
			 bool hit);
uint32_t model_vlan_tx(struct dwmac4_model *m, uint32_t len, uint32_t des2,
		       int32_t ctx_tag);

/* ---- The SoC around the GMAC (dwmac4_model_soc.c) ---- */

/* The clocks the SoC gives the block now (CLOCKS_ON without an SoC). */
enum dwmac4_model_clocks model_soc_clocks(struct dwmac4_model *m);
/* Whether the SoC's RGMII TX clock matches the PHY's speed (no SoC: yes). */
bool model_soc_txclk_ok(struct dwmac4_model *m);
/* The SoC's blocks in their state at power-up (params.soc_boot). */
void model_soc_init(struct dwmac4_model *m);

/* The clocks the block has: the board's (params.clocks), then the SoC's. */
static inline enum dwmac4_model_clocks
model_clocks(struct dwmac4_model *m)
{
	return m->params.clocks != DWMAC4_MODEL_CLOCKS_ON ? m->params.clocks :
	       model_soc_clocks(m);
}

/* ---- PHY and link (dwmac4_model_phy.c) ---- */

void model_mdio_transfer(struct dwmac4_model *m, uint32_t addr);
/* Link up: cable in (set_link) and auto-negotiation agreed (or no PHY). */
bool model_link_up(struct dwmac4_model *m);
/* MAC_Configuration PS/FES/DM match what the PHY negotiated. */
bool model_mac_speed_ok(struct dwmac4_model *m);
/* After anything that may move the link: RGSMIIIS when it moved. */
void model_link_eval(struct dwmac4_model *m);
/* The partner's mode now, MODEL_PARTNER(speed, full) (atomic load). */
uint32_t model_partner_mode(const struct dwmac4_model *m);
unsigned int model_partner_speed(const struct dwmac4_model *m);
/*
 * The cable pulled or plugged (dwmac4_model_set_link(), without the kick):
 * auto-negotiation runs again and a reset waiting for the receive clock
 * retries. Lock held.
 */
void model_cable_set(struct dwmac4_model *m, bool up);
/* params.link_events: known modes, frames strictly increasing. */
bool model_link_events_valid(const struct dwmac4_model_params *p);
/*
 * Renegotiation to MODEL_PARTNER(speed, full) (dwmac4_model_set_partner(),
 * model_link_events=): the link drops and comes back in the new mode, EEE
 * resolved for it, a reset waiting for the receive clock retried. Lock held.
 */
void model_phy_renegotiate(struct dwmac4_model *m, uint32_t partner);
/*
 * The engine took frame number @p seq from the source: the link events
 * of params.link_events due by then happen (model_link_events=).
 */
void model_link_events_run(struct dwmac4_model *m, uint64_t seq);
/* MAC_PHYIF_Control_Status as read: the in-band link; clears RGSMIIIS. */
uint32_t model_phyif_read(struct dwmac4_model *m);

/* ---- Reset (dwmac4_model_reset.c) ---- */

/* Every register's reset value (reset_val) for the params. */
void model_build_reset_table(struct dwmac4_model *m);
/* MAC address 0 as the boot loader left it (params.mac). */
void model_boot_mac(struct dwmac4_model *m);
/* params.boot_running: MAC and DMA channel 0 as a previous owner left them. */
void model_boot_running(struct dwmac4_model *m);
/* DMA_BUS_MODE.SWR written (it waits for the clocks it needs). Lock held. */
void model_soft_reset(struct dwmac4_model *m);
/* The block's hardware reset, as its reset line does it. Lock held. */
void model_core_reset(struct dwmac4_model *m);
/* A software reset that waits for the receive clock completes if it runs. */
void model_reset_retry(struct dwmac4_model *m);

/* ---- MMC counters (dwmac4_model_mmc.c) ---- */

/* After a software reset: the counters at 0, or preset (params.mmc_preset). */
void model_mmc_reset(struct dwmac4_model *m);
/* Adds @p n to the counter at @p off (engines, lock held). */
void model_mmc_add(struct dwmac4_model *m, uint32_t off, uint32_t n);
/* A driver read of @p off when it is an MMC register; false otherwise. */
bool model_mmc_read(struct dwmac4_model *m, uint32_t off, uint32_t *val);
/* A driver write of @p off when it is an MMC register; false otherwise. */
bool model_mmc_write(struct dwmac4_model *m, uint32_t off, uint32_t val);
/* MAC_Interrupt_Status's MMC bits now (unmasked interrupts pending). */
uint32_t model_mmc_int_status(struct dwmac4_model *m);

/* ---- MTL queues (dwmac4_model_mtl.c) ---- */

/* Bytes of RX / TX queue @p q (RQS / TQS, the whole FIFO with one queue). */
uint32_t model_mtl_rxq_size(struct dwmac4_model *m, unsigned int q);
uint32_t model_mtl_txq_size(struct dwmac4_model *m, unsigned int q);
/* Queues the MAC's frame @p f in queue f->q; false when it has no room. */
bool model_mtl_rx_push(struct dwmac4_model *m, const struct model_rx_frame *f);
/* Takes queue @p q's oldest frame into @p f; false when empty. */
bool model_mtl_rx_pop(struct dwmac4_model *m, unsigned int q,
		      struct model_rx_frame *f);
bool model_mtl_rxq_empty(const struct dwmac4_model *m, unsigned int q);
/* Every RX queue empty. */
bool model_mtl_rx_empty(const struct dwmac4_model *m);
/* MTL_RxQ_Debug(@p q): frames waiting (PRXQ) and fill level (RXQSTS). */
uint32_t model_mtl_rx_debug(struct dwmac4_model *m, unsigned int q);
/*
 * The DMA has started storing @p f (or dropped it): its bytes leave the
 * MTL queue. Until then a frame the DMA took waits there, holding room.
 */
void model_mtl_rx_release(struct dwmac4_model *m, struct model_rx_frame *f);
/* Drops every queued frame (reset), counted as stopped. */
void model_mtl_rx_flush(struct dwmac4_model *m);
/*
 * A frame dropped at queue @p q: counter and the queue's
 * MTL_RxQ_Missed_Packet_Overflow_Cnt.
 */
void model_mtl_rx_overflow(struct dwmac4_model *m, unsigned int q);

/* ---- RX classification, queue maps, schedulers (dwmac4_model_rxq_route.c) ---- */

/* The registers it decodes: true for an offset whose write dirties it. */
bool model_route_reg(uint32_t off);
/* The decoded configuration, rebuilt if a register changed. Lock held. */
struct model_route *model_route_get(struct dwmac4_model *m);
/*
 * The MTL RX queue the MAC routes frame @p p (@p len bytes, FCS not
 * included) to, or MODEL_ROUTE_NONE when that queue is disabled (dropped
 * and counted). Several queues only.
 */
unsigned int model_rx_classify(struct dwmac4_model *m,
			       struct model_route *rt,
			       const uint8_t *p, uint32_t len);
/*
 * The queue channel @p ch's RX DMA takes its next frame from (RAA among
 * the queues mapped to it), or MODEL_ROUTE_NONE when all are empty.
 */
unsigned int model_rx_pick(struct dwmac4_model *m, unsigned int ch);
/* One pass of the MTL TX scheduler over every channel. Lock taken. */
unsigned int model_tx_sched(struct dwmac4_model *m, unsigned int budget,
			    bool *progress);
/* Reset values of the MTL queue registers for params.mtl_queues. */
void model_mtl_reset_table(struct dwmac4_model *m);
/* Value a driver write leaves in an MTL operation mode register. */
uint32_t model_mtl_op_mode_write(struct dwmac4_model *m, uint32_t off,
				 uint32_t val);

/* ---- Time and the RX watchdog (dwmac4_model.c) ---- */

/* The model's time in ns (CLOCK_MONOTONIC, or the manual clock). */
uint64_t model_now_ns(struct dwmac4_model *m);
/* A frame closed without IOC: starts channel @p ch's RX watchdog (lock held). */
void model_rwt_start(struct dwmac4_model *m, unsigned int ch);

/* ---- DMA channels' control path (dwmac4_model_chan.c) ---- */

/* Sets status bits of channel @p ch with the NIS/AIS summaries. */
void model_chan_status_set(struct dwmac4_model *m, unsigned int ch,
			   uint32_t bits);
/* Stops ring @p r's engine (RX: its frame in flight is lost). Lock held. */
void model_ring_stop(struct dwmac4_model *m, struct model_ring *r);
/* The RX engine of channel @p ch finished its frame after SR was cleared. */
void model_rx_stopped(struct dwmac4_model *m, unsigned int ch);
/* A channel register write; false when it is not one with side effects. */
bool model_chan_write(struct dwmac4_model *m, uint32_t off, uint32_t val);

/* ---- Driver protocol violations (dwmac4_model_viol.c) ---- */

/* Counts a violation of @p kind and records its description. */
void model_violation(struct dwmac4_model *m, enum model_viol kind,
		     const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* ---- Fault injection (dwmac4_model_faults.c) ---- */

/*
 * Knob numbers mixed into the schedule hash. Fixed values: a seed replays
 * the same schedule whatever knobs are added later.
 */
enum model_fault_knob {
	MODEL_FAULT_KNOB_ERR = 1,
	MODEL_FAULT_KNOB_CSUM_LIE = 2,
	MODEL_FAULT_KNOB_LEN = 3,
	MODEL_FAULT_KNOB_CUM_BACK = 4,
	MODEL_FAULT_KNOB_LD_NO_FD = 5,
	MODEL_FAULT_KNOB_FD_TWICE = 6,
	MODEL_FAULT_KNOB_FCS_ONLY = 7,
	MODEL_FAULT_KNOB_STALL = 8,
	MODEL_FAULT_KNOB_DUP = 9,
	MODEL_FAULT_KNOB_SKIP = 10,
	MODEL_FAULT_KNOB_CORRUPT = 11,
	MODEL_FAULT_KNOB_WO = 12,	/* params.fault_wo_ppm (dwmac4_model_wo.c) */
};

/*
 * Random value for knob @p knob on frame number @p frame (rx_offered,
 * 1-based) of the receiving channel, under its seed (the shared model
 * library's schedule, model_fault.h).
 */
static inline uint64_t
fault_rand(const struct dwmac4_model *m, unsigned int ch, uint64_t frame,
	   unsigned int knob)
{
	return model_fault_rand(m->faults[ch].seed, frame, knob);
}

/* True when a knob of rate @p ppm (per million) hits, given fault_rand(). */
static inline bool
fault_hit(uint32_t ppm, uint64_t r)
{
	return model_fault_hit(ppm, r);
}

/* True when every rate is <= 1000000 and stall_ppm has stall_polls. */
bool model_faults_valid(const struct dwmac4_model_faults *f);

uint32_t model_fault_rx_plan(struct dwmac4_model *m, struct model_rx_frame *f,
			     uint32_t len);
void model_fault_rx_ready(struct dwmac4_model *m, struct model_rx_frame *f);
void model_fault_rx_skip(struct dwmac4_model *m, struct model_rx_frame *f);
bool model_fault_rx_cut(struct dwmac4_model *m, const struct model_rx_frame *f);
void model_fault_rx_restart(struct dwmac4_model *m, struct model_rx_frame *f);
uint32_t model_fault_rx_des3(struct dwmac4_model *m, struct model_rx_frame *f,
			     bool last, uint32_t des3);
uint32_t model_fault_rx_last(struct dwmac4_model *m, struct model_rx_frame *f);
bool model_fault_rx_stalled(struct dwmac4_model *m, unsigned int ch);
void model_fault_rx_reset(struct dwmac4_model *m, unsigned int ch);

/* One frame's worth of RX / TX work; caller holds the lock. */
enum model_work {
	MODEL_WORK_NONE = 0,	/* nothing to do (or waiting) */
	MODEL_WORK_FRAME,	/* a frame was moved (delivered/missed/dropped/sent) */
	MODEL_WORK_OTHER,	/* progress without a frame (descriptor skipped) */
};
enum model_work model_rx_work(struct dwmac4_model *m);
/* One frame's worth of channel @p ch's RX DMA. */
enum model_work model_rx_dma(struct dwmac4_model *m, unsigned int ch);
/* The MAC's receive side: one frame from the wire (dwmac4_model_mac.c). */
enum model_work model_mac_rx(struct dwmac4_model *m);
enum model_work model_tx_work(struct dwmac4_model *m, unsigned int ch);
/*
 * The transmit checksum offload engine (dwmac4_model_txcoe.c): inserts
 * what TDES3.CIC @p cic asks into the gathered frame; returns the
 * write-back status bits for its last descriptor (IHE/PCE with ES, or 0).
 */
uint32_t model_tx_coe(struct dwmac4_model *m, unsigned int q, uint8_t *frame,
		      uint32_t len, uint32_t cic);

/* Abandons channel @p ch's RX frame in flight (reset / RX stop). Lock held. */
void model_rx_abort(struct dwmac4_model *m, unsigned int ch);
/* Publishes the RX write-backs held back for coalescing. Lock held. */
void model_rx_wb_flush(struct dwmac4_model *m);

/* ---- Interrupt lines (dwmac4_model_irq.c) ---- */

/* Re-evaluates channel @p ch's line after a status or enable change. */
void model_irq_eval(struct dwmac4_model *m, unsigned int ch);
/*
 * A driver write of DMA_CHAN_INTR_ENA(@p ch) or DMA_CHAN_STATUS(@p ch)
 * (write 1 to clear) at @p off.
 */
void model_irq_chan_write(struct dwmac4_model *m, unsigned int ch,
			  uint32_t off, uint32_t val);
/* The MAC's line again after MAC_Interrupt_Status or _Enable changed. */
void model_mac_irq_eval(struct dwmac4_model *m);
/* irq_race: whether the MAC may not take a frame from the wire now. */
bool model_irq_rx_gated(const struct dwmac4_model *m);
/* irq_race: one frame, then the held RIE write (thread, under the lock). */
void model_irq_race_pass(struct dwmac4_model *m);

#endif /* SOCRX_DWMAC4_MODEL_INTERNAL_H */
