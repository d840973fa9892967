/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The RX burst variant a queue runs, chosen once at its start
 * (socnic_rx_burst.h): nothing of the choice is tested per packet.
 */
#include <rte_common.h>

#include "socnic_log.h"
#include "socnic_rx_burst.h"

eth_rx_burst_t
socnic_rx_burst_pick(const struct socnic_rx_queue *q,
		     const struct socnic_rx_args *rx,
		     socnic_rx_variants_t *prod,
		     socnic_rx_ablation_variants_t *abl, int logtype)
{
	unsigned int nc = q->lib.sync.mode != RXP_SYNC_COHERENT;
	unsigned int lines = RTE_MIN(rx->prefetch_lines,
				     (uint8_t)RXP_PREFETCH_HEAD_LINES_MAX);
	unsigned int bm = q->lib.buf_mode;
	bool ablation = rx->prefetch_before || bm == SOCNIC_RXB_COPY;

	SOCNIC_LOG(logtype, DEBUG,
		   "port %u queue %u: RX burst variant sync=%s buffers=%u prefetch=%u%s%s",
		   q->port_id, q->queue_id,
		   nc ? "cache maintenance" : "coherent", bm, lines,
		   rx->prefetch_before ? " before the sync" : "",
		   ablation ? " (ablation)" : "");
	if (ablation)
		return abl != NULL ?
		       (*abl)[nc][bm][lines][rx->prefetch_before] : NULL;
	return (*prod)[nc][bm][lines];
}
