/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * net_mvneta_uio: NETA's TX arbiter behind rte_tm (socnic_tm.h). The
 * queues of MVNETA_TXQ_FIXED_PRIO_CFG go first, the highest-numbered
 * first (the model's reading: the order is not public), then the others
 * by weighted round robin with MVNETA_TXQ_ARB_CFG_REG(q)'s weight in
 * units of 256 bytes (Marvell LSP mvNetaTxqFixPrioSet() /
 * mvNetaTxqWrrPrioSet(); mvneta_sdma.h). So the leaves at the lowest
 * priority, two or more, share it by WRR, and every leaf above has a
 * priority of its own in the queues' order. The queues the port does not
 * use stay in the fixed group, as mvneta_hw_dma_defaults() leaves them.
 */
#include <rte_common.h>

#include "socnic_io.h"
#include "socnic_tm.h"

#include "mvneta_ethdev.h"
#include "mvneta_sdma.h"

static void
mvneta_tm_program(struct rte_eth_dev *dev, const struct socnic_tm_arb *arb)
{
	const struct socnic_backend *be = &mvneta_adapter(dev)->port.be;
	uint32_t unused = MVNETA_TXQ_FIXED_PRIO_ALL & ~(RTE_BIT32(arb->nb_txq) - 1u);
	unsigned int q;

	/* The weights first: a round-robin queue of weight 0 never sends. */
	for (q = 0; q < arb->nb_txq; q++)
		if (!(arb->fixed & MVNETA_TXQ_FIXED_PRIO(q)))
			socnic_update32(be, MVNETA_TXQ_ARB_CFG_REG(q),
					MVNETA_TXQ_WRR_WEIGHT_MASK, arb->weight[q]);
	socnic_write32(be, MVNETA_TXQ_FIXED_PRIO_CFG, arb->fixed | unused);
}

const struct socnic_tm_family mvneta_tm_family = {
	.name = "NETA",
	.weight_max = MVNETA_TXQ_WRR_WEIGHT_MASK,
	.wfq_byte_mode = true,
	.sp_with_wrr = true,
	.program = mvneta_tm_program,
};
