/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The port's DMA engines beyond the rings: the SDMA configuration's
 * fields, the acceleration mode, and the TX queue arbiter (its token
 * buckets, the MTU and the bucket sizes) that lets a queue send at all.
 * Offsets in mvneta_regs.h (MVNETA_SDMA_CONFIG, MVNETA_ACC_MODE,
 * MVETH_TXQ_TOKEN_COUNT_REG/_CFG_REG, MVNETA_TX_MTU,
 * MVNETA_TX_TOKEN_SIZE, MVNETA_TXQ_TOKEN_SIZE_REG).
 *
 * Linux mvneta.c: mvneta_defaults_set() zeroes every queue's bucket and
 * writes ACC_MODE and SDMA_CONFIG; mvneta_txq_hw_init() fills a queue's
 * bucket ("maximum bandwidth"), mvneta_txq_hw_deinit() zeroes it again
 * ("minimum bandwidth"); mvneta_txq_max_tx_size_set() sets TX_MTU to the
 * largest frame in bits and raises the port's and every queue's bucket
 * size to at least that.
 *
 * Pinned to the reference values by tests/test_mvneta_consts.c.
 */
#ifndef SOCRX_MVNETA_SDMA_H
#define SOCRX_MVNETA_SDMA_H

#include <stdint.h>

#include "mvneta_bits.h"

/* SDMA_CONFIG burst fields, in 64-bit words as 2^n (4: 16 words). */
#define MVNETA_RX_BRST_SZ_ALL_MASK	(0x7U << 1)	/* FreeBSD SDC_RXBSZ_MASK */
#define MVNETA_TX_BRST_SZ_ALL_MASK	(0x7U << 22)	/* FreeBSD SDC_TXBSZ_MASK */
#define MVNETA_SDMA_BRST_SIZE_MAX	4U		/* FreeBSD 16_64BITWORDS */

/* ACC_MODE [2:0] (FreeBSD MVNETA_PACC_ACCELERATIONMODE_MASK). */
#define MVNETA_ACC_MODE_MASK		0x7U

/* Token bucket of TX queue q: Linux's "maximum bandwidth" values. */
#define MVNETA_TXQ_TOKEN_CFG_MAX	0x03ffffffU	/* Linux txq_hw_init */
#define MVNETA_TXQ_TOKEN_COUNT_MAX	0x3fffffffU	/* Linux txq_hw_init */

/* TX_MTU [17:0] and the bucket sizes count bits: bytes * 8. */
#define MVNETA_TX_MTU_BITS_PER_BYTE	8U		/* Linux max_tx_size * 8 */
#define MVNETA_TX_TOKEN_SIZE_MAX	0xffffffffU	/* Linux */
#define MVNETA_TXQ_TOKEN_SIZE_MAX	0x7fffffffU	/* Linux */

/*
 * The arbiter among the TX queues. MVNETA_TXQ_FIXED_PRIO_CFG bit q puts
 * queue q in the fixed-priority group (LSP mvNetaTxqFixPrioSet() sets it,
 * mvNetaTxqWrrPrioSet() clears it); a queue whose bit is clear is served
 * by weighted round robin with the weight of MVNETA_TXQ_ARB_CFG_REG(q)
 * [7:0] in units of 256 bytes (LSP: "Weight * 256 bytes * 8 bits must be
 * larger then MTU"). Linux mvneta.c writes neither register.
 */
#define MVNETA_TXQ_FIXED_PRIO(q)	MVNETA_BIT(q)	/* FreeBSD TQFPC_EN */
#define MVNETA_TXQ_FIXED_PRIO_ALL	0xffU		/* LSP TX_FIXED_PRIO_MASK */
#define MVNETA_TXQ_WRR_WEIGHT_MASK	0xffU		/* LSP WRR_WEIGHT_MAX */
#define MVNETA_TXQ_WRR_WEIGHT_UNIT	256U		/* LSP: bytes per weight */

#endif /* SOCRX_MVNETA_SDMA_H */
