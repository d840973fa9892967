/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The steps an RX and a TX queue stop share on NETA: each direction has a
 * queue command register (RXQ_CMD, TXQ_CMD: one enable bit per queue, its
 * disable bit above them; a 0 leaves the other queues) and a port DMA
 * reset (Linux mvneta_port_down(), mvneta_rx_reset(), mvneta_tx_reset()).
 */
#ifndef MVNETA_QUEUE_CMD_H
#define MVNETA_QUEUE_CMD_H

#include <stdint.h>

#include <rte_bitops.h>
#include <rte_cycles.h>

#include "socnic_io.h"

#include "mvneta_regs.h"

/* Polls of 10 us for a queue to stop: 100 ms. */
#define MVNETA_QUEUE_STOP_POLLS		10000
#define MVNETA_QUEUE_STOP_POLL_US	10

/*
 * Writes queue @p qid's disable bit (@p disable_shift above its enable
 * bit) in command register @p cmd, then waits (bounded) for its enable
 * bit to clear.
 */
static inline void
mvneta_queue_disable(const struct socnic_backend *be, uint32_t cmd,
		     unsigned int disable_shift, unsigned int qid)
{
	const uint32_t bit = RTE_BIT32(qid);
	unsigned int i;

	socnic_write32(be, cmd, bit << disable_shift);
	for (i = 0; i < MVNETA_QUEUE_STOP_POLLS; i++) {
		if (!(socnic_read32(be, cmd) & bit))
			break;
		rte_delay_us(MVNETA_QUEUE_STOP_POLL_US);
	}
}

/*
 * The direction's DMA reset (@p bit of register @p reset, pulsed) once
 * none of its queues is enabled (@p enable_mask of @p cmd), so that while
 * one is, the others keep running.
 */
static inline void
mvneta_queue_dma_reset_idle(const struct socnic_backend *be, uint32_t cmd,
			    uint32_t enable_mask, uint32_t reset, uint32_t bit)
{
	if (!(socnic_read32(be, cmd) & enable_mask)) {
		socnic_write32(be, reset, bit);
		socnic_write32(be, reset, 0);
	}
}

#endif /* MVNETA_QUEUE_CMD_H */
