/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The port's DMA set-up beyond the rings (mvneta_dma_cfg.h), in Linux
 * mvneta.c's order and values. Without the windows the port's DMA reaches
 * nothing (the NETA resets them disabled and a previous owner may leave
 * anything); without tokens, TX_MTU and bucket sizes a TX queue never
 * sends (docs/nics/mvneta_uio.rst, "Bring-up").
 */
#include <rte_common.h>

#include "socnic_io.h"

#include "mvneta_a3700.h"
#include "mvneta_dma_cfg.h"
#include "mvneta_ethdev.h"
#include "mvneta_sdma.h"

/*
 * The largest frame the TX burst takes (mvneta_tx_descs_needed():
 * MVNETA_MAX_FRAME_LEN + CRC), the FCS the MAC appends and the header,
 * rounded up to a cache line as Linux's MVNETA_RX_PKT_SIZE() does.
 */
#define MVNETA_TX_ARB_FRAME						\
	RTE_ALIGN_CEIL(MVNETA_MAX_FRAME_LEN + RTE_ETHER_CRC_LEN +	\
		       MVNETA_ETH_FCS_LEN + MVNETA_MH_SIZE, 64u)

_Static_assert(MVNETA_TX_ARB_FRAME * MVNETA_TX_MTU_BITS_PER_BYTE <=
	       MVNETA_TX_MTU_MAX, "TX_MTU holds the largest frame");

void
mvneta_hw_windows(const struct socnic_backend *be)
{
	unsigned int w;

	for (w = 0; w < MVNETA_MAX_DECODE_WIN; w++) {
		socnic_write32(be, MVNETA_WIN_BASE(w), 0);
		socnic_write32(be, MVNETA_WIN_SIZE(w), 0);
		if (w < MVNETA_NR_REMAP_WIN)
			socnic_write32(be, MVNETA_WIN_REMAP(w), 0);
	}
	socnic_write32(be, MVNETA_WIN_BASE(MVNETA_A3700_WIN),
		       MVNETA_A3700_WIN_BASE);
	socnic_write32(be, MVNETA_WIN_SIZE(MVNETA_A3700_WIN),
		       MVNETA_A3700_WIN_SIZE);
	socnic_write32(be, MVNETA_BASE_ADDR_ENABLE, MVNETA_A3700_WIN_ENABLE);
	socnic_write32(be, MVNETA_ACCESS_PROTECT_ENABLE,
		       MVNETA_A3700_WIN_PROTECT);
}

void
mvneta_hw_window_high(const struct socnic_backend *be, uint32_t dma_hi)
{
	socnic_write32(be, MVNETA_WIN_REMAP(MVNETA_A3700_WIN), dma_hi);
}

void
mvneta_hw_dma_defaults(const struct socnic_backend *be)
{
	unsigned int q;

	socnic_write32(be, MVNETA_MBUS_RETRY, MVNETA_MBUS_RETRY_EN);
	socnic_write32(be, MVNETA_TXQ_CMD_1, 0);
	/*
	 * The TX arbiter: strict priority, the highest queue first, as
	 * dwmac4's default (Marvell's LSP mvNetaTxqFixPrioSet() for every
	 * queue), whatever a previous owner left: a round-robin queue of
	 * weight 0 would never send. A hierarchy committed through rte_tm
	 * is written over it at start (mvneta_tm.c).
	 */
	socnic_write32(be, MVNETA_TXQ_FIXED_PRIO_CFG, MVNETA_TXQ_FIXED_PRIO_ALL);
	for (q = 0; q < MVNETA_MAX_TXQ; q++)
		mvneta_hw_txq_tokens(be, q, false);
}

void
mvneta_hw_tx_max_size(const struct socnic_backend *be)
{
	const uint32_t bits = MVNETA_TX_ARB_FRAME * MVNETA_TX_MTU_BITS_PER_BYTE;
	uint32_t v;
	unsigned int q;

	socnic_update32(be, MVNETA_TX_MTU, MVNETA_TX_MTU_MAX, bits);
	v = socnic_read32(be, MVNETA_TX_TOKEN_SIZE);
	if (v < bits)
		socnic_write32(be, MVNETA_TX_TOKEN_SIZE, bits);
	for (q = 0; q < MVNETA_MAX_TXQ; q++) {
		v = socnic_read32(be, MVNETA_TXQ_TOKEN_SIZE_REG(q));
		if ((v & MVNETA_TXQ_TOKEN_SIZE_MAX) < bits)
			socnic_update32(be, MVNETA_TXQ_TOKEN_SIZE_REG(q),
					MVNETA_TXQ_TOKEN_SIZE_MAX, bits);
	}
}

void
mvneta_hw_txq_tokens(const struct socnic_backend *be, unsigned int q, bool on)
{
	socnic_write32(be, MVETH_TXQ_TOKEN_CFG_REG(q),
		       on ? MVNETA_TXQ_TOKEN_CFG_MAX : 0);
	socnic_write32(be, MVETH_TXQ_TOKEN_COUNT_REG(q),
		       on ? MVNETA_TXQ_TOKEN_COUNT_MAX : 0);
}
