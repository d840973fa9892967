/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The control path of every family's RX queue (socnic_rx_queue.h): setup's
 * checks and allocation, the lib/rxpath objects, the ring's fill at start,
 * the buffers' return at stop, release.
 */
#include <errno.h>
#include <string.h>

#include <ethdev_driver.h>
#include <rte_malloc.h>

#include "socnic_devargs.h"
#include "socnic_ethdev.h"
#include "socnic_log.h"
#include "socnic_port.h"
#include "socnic_queue.h"
#include "socnic_rx_queue.h"

int
socnic_rx_queue_create(struct rte_eth_dev *dev, uint16_t queue_id,
		       uint16_t *nb_desc, unsigned int socket_id,
		       const struct rte_eth_rxconf *conf, struct rte_mempool *mp,
		       const struct socnic_rx_queue_spec *spec,
		       uint32_t buf_align, void **out)
{
	const struct socnic_port *sp = socnic_port(dev);
	const struct socnic_backend *be = &sp->be;
	const int logtype = *spec->logtype;
	uint16_t port = dev->data->port_id;
	struct socnic_rx_queue *q;
	void *slots;
	uint32_t room, bufsz;
	uint16_t thresh, n;
	int ret;

	ret = socnic_queue_setup_check(logtype, port, "RX", queue_id, nb_desc,
				       conf->rx_deferred_start, spec->lim);
	if (ret == 0)
		ret = socnic_rx_buf_size(logtype, port, mp, spec->buf_min,
					 spec->buf_max, buf_align, &room, &bufsz);
	if (ret == 0)
		ret = socnic_rx_free_thresh(logtype, port, conf->rx_free_thresh,
					    spec->free_thresh, *nb_desc, &thresh);
	if (ret < 0)
		return ret;
	dev->dev_ops->rx_queue_release(dev, queue_id);
	n = *nb_desc;
	/* sw_ring, buf_data and the family's own slot array: one allocation. */
	q = socnic_queue_zalloc(spec->pmd, spec->size,
				sizeof(q->sw_ring[0]) + sizeof(q->buf_data[0]) +
				spec->slot_bytes, n, socket_id, &slots);
	if (q == NULL)
		return -ENOMEM;
	q->sw_ring = slots;
	q->buf_data = (const uint8_t **)(q->sw_ring + n);
	q->be = be;
	q->rmb.fn = be->ops->rx_barrier;	/* NULL but on a test model */
	q->rmb.ctx = be->ctx;
	q->nb_desc = n;
	q->mask = n - 1;
	q->cap = n - spec->kept_empty;
	q->free_thresh = thresh;
	q->port_id = port;
	q->queue_id = queue_id;
	q->room = bufsz;
	q->mp = mp;
	q->offloads = conf->offloads | dev->data->dev_conf.rxmode.offloads;
	q->mz = sp->pmd->ring_alloc(dev, "rx", queue_id, n, socket_id);
	if (q->mz == NULL) {
		socnic_rx_queue_destroy(q, logtype);
		return -ENOMEM;
	}
	q->ring = q->mz->addr;
	q->ring_iova = q->mz->iova;
	*out = q;
	return 0;
}

int
socnic_rx_queue_lib_init(struct socnic_rx_queue *q,
			 const struct socnic_rx_queue_spec *spec,
			 const struct socnic_rx_args *rx, bool hw_csum,
			 uint32_t max_len, uint16_t lead, unsigned int socket_id)
{
	struct socnic_rxq_lib_conf lc;
	int ret;

	socnic_rxq_lib_conf_init(&lc, rx, hw_csum);
	lc.pmd = spec->pmd;
	lc.logtype = *spec->logtype;
	lc.port_id = q->port_id;
	lc.queue_id = q->queue_id;
	lc.nb_desc = q->nb_desc;
	lc.socket_id = socket_id;
	lc.mp = q->mp;
	lc.be = q->be;
	lc.max_len = max_len;
	ret = socnic_rxq_lib_setup(&q->lib, &lc);
	if (ret < 0)
		return ret;
	q->hw_csum = socnic_rxq_reads_hw_csum(&lc);
	/* The device writes after the headroom: the lead, then the frame. */
	q->data_off = (uint16_t)(q->lib.pool->p.offset + lead);
	return 0;
}

void
socnic_rx_queue_install(struct rte_eth_dev *dev, struct socnic_rx_queue *q,
			int logtype)
{
	dev->data->rx_queues[q->queue_id] = q;
	SOCNIC_LOG(logtype, INFO, "port %u: RX queue %u: %u descriptors, %u-byte buffers, refill at %u, sync %s, %s, csum %s",
		   q->port_id, q->queue_id, q->nb_desc, q->buf_size,
		   q->free_thresh, q->lib.sync.variant,
		   q->lib.buf_mode == SOCNIC_RXB_COPY ? "copy-all" :
		   q->lib.buf_mode == SOCNIC_RXB_CB ? "zero-copy + copybreak" :
		   "zero-copy", socnic_csum_mode_name(q->lib.csum_mode));
}

int
socnic_rx_queue_fill(struct socnic_rx_queue *q, int logtype)
{
	unsigned int got = rxp_pool_alloc_bulk(q->lib.pool, q->sw_ring,
					       q->nb_desc);
	unsigned int i;

	if (got == q->nb_desc)
		return 0;
	SOCNIC_LOG(logtype, ERR, "port %u: mempool %s cannot fill %u RX descriptors (%u available)",
		   q->port_id, q->mp->name, q->nb_desc,
		   rte_mempool_avail_count(q->mp) + got);
	for (i = 0; i < got; i++)
		rxp_pool_recycle_direct(q->lib.pool, q->sw_ring[i]);
	socnic_rxq_lib_flush(&q->lib);
	memset(q->sw_ring, 0, sizeof(q->sw_ring[0]) * q->nb_desc);
	return -ENOMEM;
}

void
socnic_rx_queue_recycle(struct socnic_rx_queue *q, int logtype)
{
	socnic_rx_ring_recycle(q->lib.pool, q->sw_ring, q->nb_desc);
	socnic_rx_free_chain(q);
	q->state = SOCNIC_RX_IDLE;
	q->stats.rx_pool_leaked += socnic_rx_pool_drain(q->lib.pool, logtype,
							q->port_id, q->queue_id);
}

void
socnic_rx_queue_destroy(struct socnic_rx_queue *q, int logtype)
{
	socnic_rxq_lib_free(&q->lib, logtype);
	rte_memzone_free(q->mz);
	rte_free(q->sw_ring);
	rte_free(q);
}

void
socnic_rx_queue_release(struct rte_eth_dev *dev, uint16_t queue_id,
			void (*stop)(struct socnic_rx_queue *q), int logtype)
{
	struct socnic_rx_queue *q = dev->data->rx_queues[queue_id];

	if (q == NULL)
		return;
	if (q->started)
		stop(q);
	else
		socnic_rx_queue_recycle(q, logtype);
	socnic_rx_queue_destroy(q, logtype);
	dev->data->rx_queues[queue_id] = NULL;
}
