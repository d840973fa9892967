/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * RX queue interrupts, the NIC-neutral half (socnic_intr.h).
 *
 * The event fds come from the backend: a model's eventfd per queue (EAL's
 * epoll callback reads efd_counter_size, 8 bytes, from a VDEV handle), or
 * the UIO device's one fd, duplicated per queue (EAL reads the 4-byte
 * count from a UIO handle; the family re-arms through
 * socnic_intr_rearm()).
 */
#include <errno.h>
#include <string.h>
#include <unistd.h>

#include <rte_interrupts.h>

#include "socnic_intr.h"
#include "socnic_log.h"

void
socnic_intr_release(struct rte_eth_dev *dev, struct rte_intr_handle **hp)
{
	struct rte_intr_handle *h = *hp;
	int q, n;

	if (h == NULL)
		return;
	n = rte_intr_nb_efd_get(h);
	for (q = 0; q < n; q++)
		close(rte_intr_efds_index_get(h, q));
	rte_intr_vec_list_free(h);
	rte_intr_instance_free(h);
	*hp = NULL;
	if (dev->intr_handle == h)
		dev->intr_handle = NULL;
}

int
socnic_intr_create(struct rte_eth_dev *dev, const struct socnic_backend *be,
		   unsigned int ch_base, int logtype,
		   struct rte_intr_handle **out)
{
	const struct socnic_backend_ops *ops = be->ops;
	uint16_t n = dev->data->nb_rx_queues, q;
	struct rte_intr_handle *h;
	int fd;

	/* A restart keeps the handle, unless the queues changed since. */
	if (*out != NULL && rte_intr_nb_efd_get(*out) == n)
		return 0;
	socnic_intr_release(dev, out);
	if (ops->irq_kind == SOCNIC_IRQ_NONE || ops->irq_fd == NULL) {
		SOCNIC_LOG(logtype, ERR, "port %u: intr_conf.rxq: the %s backend has no interrupts",
			   dev->data->port_id, ops->name);
		return -ENOTSUP;
	}
	h = rte_intr_instance_alloc(RTE_INTR_INSTANCE_F_PRIVATE);
	if (h == NULL)
		return -ENOMEM;
	if (rte_intr_type_set(h, ops->irq_kind == SOCNIC_IRQ_UIO ?
			      RTE_INTR_HANDLE_UIO : RTE_INTR_HANDLE_VDEV) != 0 ||
	    rte_intr_efd_counter_size_set(h, sizeof(uint64_t)) != 0 ||
	    rte_intr_vec_list_alloc(h, "socnic_rx_intr", n) != 0)
		goto fail;
	for (q = 0; q < n; q++) {
		fd = ops->irq_fd(be->ctx, ch_base + q);
		if (fd < 0) {
			SOCNIC_LOG(logtype, ERR, "port %u: RX queue %u: no interrupt fd: %s",
				   dev->data->port_id, q, strerror(-fd));
			goto fail;
		}
		if (rte_intr_efds_index_set(h, q, fd) != 0 ||
		    rte_intr_nb_efd_set(h, (uint8_t)(q + 1)) != 0) {
			close(fd);
			goto fail;
		}
		rte_intr_vec_list_index_set(h, q, RTE_INTR_VEC_RXTX_OFFSET + q);
	}
	rte_intr_max_intr_set(h, n + 1);
	*out = h;
	dev->intr_handle = h;
	return 0;
fail:
	socnic_intr_release(dev, &h);
	return -EINVAL;
}
