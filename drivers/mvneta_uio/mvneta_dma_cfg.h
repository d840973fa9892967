/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The port's DMA set-up beyond the rings (mvneta_dma_cfg.c): the address
 * decoding windows, the MBus retry, and the TX arbiter a queue needs to
 * send at all. Linux mvneta.c: mvneta_conf_mbus_windows(),
 * mvneta_defaults_set(), mvneta_txq_max_tx_size_set(),
 * mvneta_txq_hw_init() / _deinit().
 */
#ifndef MVNETA_DMA_CFG_H
#define MVNETA_DMA_CFG_H

#include <stdbool.h>
#include <stdint.h>

#include "socnic_backend.h"

/*
 * The Armada 3700's windows (mvneta_a3700.h): every window cleared, then
 * window 0 over the first 4 GiB with full access, the others disabled.
 */
void mvneta_hw_windows(const struct socnic_backend *be);

/*
 * Window 0's high remap register: bits 63:32 of the addresses it reaches
 * (U-Boot mvgbe.c's HARR "high_addr", NetBSD if_mvxpereg.h MVXPE_HA), the
 * 4 GiB line every ring and buffer of the port lies in
 * (mvneta_dma_check()). 0 on an Armada 3700, whose DRAM lies below 4 GiB,
 * as Linux leaves it; another line only where IOVAs lie above 4 GiB (the
 * model on a host).
 */
void mvneta_hw_window_high(const struct socnic_backend *be, uint32_t dma_hi);

/*
 * MBUS_RETRY's retry enable, the legacy arbiter off (TXQ_CMD_1) and every
 * TX queue's token bucket emptied, as after Linux's defaults.
 */
void mvneta_hw_dma_defaults(const struct socnic_backend *be);

/*
 * TX_MTU for the largest frame the TX burst takes, and the port's and
 * every queue's bucket size raised to at least that.
 */
void mvneta_hw_tx_max_size(const struct socnic_backend *be);

/*
 * TX queue @p q's token bucket: full ("maximum bandwidth") with @p on,
 * else emptied, which stops the queue on the silicon (Linux does it at
 * every queue teardown).
 */
void mvneta_hw_txq_tokens(const struct socnic_backend *be, unsigned int q,
			  bool on);

#endif /* MVNETA_DMA_CFG_H */
