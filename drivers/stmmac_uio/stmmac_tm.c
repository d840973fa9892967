/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * net_stmmac_uio: the MTL's TX scheduler behind rte_tm (socnic_tm.h).
 * dwmac4 picks the TX queue that sends next with one port-wide algorithm,
 * MTL_Operation_Mode SCHALG (Linux dwmac4_prog_mtl_tx_algorithms()):
 * strict priority, the highest-numbered queue first, or weighted round
 * robin with each queue's weight in MTL_TxQ_Quantum_Weight ISCQW (Linux
 * dwmac4_set_mtl_tx_queue_weight()); WFQ and DWRR are not offered (the
 * model does not emulate them: docs/model.md "MTL queues and DMA
 * channels"). So the leaves are either each at its own priority, in the
 * queues' order, or all at one priority with their weights. With one TX
 * queue the scheduler has nothing to choose and nothing is written.
 */
#include <rte_common.h>

#include "socnic_io.h"
#include "socnic_tm.h"

#include "stmmac_ethdev.h"

static void
stmmac_tm_program(struct rte_eth_dev *dev, const struct socnic_tm_arb *arb)
{
	const struct socnic_backend *be = &stmmac_adapter(dev)->port.be;
	unsigned int q;

	if (arb->nb_txq < 2)
		return;
	if (arb->fixed != 0) {
		socnic_update32(be, MTL_OPERATION_MODE, MTL_OPERATION_SCHALG_MASK,
				MTL_OPERATION_SCHALG_SP);
		return;
	}
	/* The weights first: WRR never runs on a queue of weight 0. */
	for (q = 0; q < arb->nb_txq; q++)
		socnic_update32(be, MTL_TXQX_WEIGHT_BASE_ADDR(q),
				MTL_TXQ_WEIGHT_ISCQW_MASK, arb->weight[q]);
	socnic_update32(be, MTL_OPERATION_MODE, MTL_OPERATION_SCHALG_MASK,
			MTL_OPERATION_SCHALG_WRR);
}

const struct socnic_tm_family stmmac_tm_family = {
	.name = "dwmac4",
	.weight_max = MTL_TXQ_WEIGHT_ISCQW_MASK,
	/* The model counts ISCQW in frames per turn (model.md). */
	.wfq_byte_mode = false,
	.sp_with_wrr = false,
	.program = stmmac_tm_program,
};
