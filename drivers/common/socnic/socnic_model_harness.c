/* SPDX-License-Identifier: BSD-3-Clause */
/* The harness side of a model port (socnic_model_harness.h). */
#include <errno.h>

#include <rte_errno.h>

#include "socnic_model_harness.h"
#include "socnic_model_port.h"

int
socnic_model_harness_stats(const struct socnic_port *port, void *st)
{
	struct socnic_model_port *mp;
	int ret = socnic_model_port_of_out(port, st, &mp);

	if (ret == 0)
		mp->dev_ops->harness->stats(mp->dev, st);
	return ret;
}

int
socnic_model_harness_rx_idle(const struct socnic_port *port)
{
	struct socnic_model_port *mp;
	int ret = socnic_model_port_of(port, &mp);

	if (ret < 0)
		return ret;
	return mp->dev_ops->harness->rx_idle(mp->dev) ? 1 : 0;
}

const char *
socnic_model_harness_last_violation(const struct socnic_port *port)
{
	struct socnic_model_port *mp;
	int ret = socnic_model_port_of(port, &mp);

	if (ret < 0) {
		rte_errno = -ret;
		return NULL;
	}
	return mp->dev_ops->harness->last_violation(mp->dev);
}

int
socnic_model_harness_peek32(const struct socnic_port *port, uint32_t off,
			    uint32_t *val)
{
	struct socnic_model_port *mp;
	int ret = socnic_model_port_of_out(port, val, &mp);

	if (ret < 0)
		return ret;
	if (off % 4u != 0 || off >= mp->dev_ops->harness->reg_window)
		return -EINVAL;
	*val = mp->dev_ops->harness->peek32(mp->dev, off);
	return 0;
}

int
socnic_model_harness_set_partner(const struct socnic_port *port,
				 unsigned int speed, int full)
{
	struct socnic_model_port *mp;
	int ret = socnic_model_port_of(port, &mp);

	return ret < 0 ? ret :
	       mp->dev_ops->harness->set_partner(mp->dev, speed, full != 0);
}

/* The model behind (port, RX queue), or a negative errno. */
static int
harness_model_queue(const struct socnic_port *port, uint16_t queue_id,
		    struct socnic_model_port **mp)
{
	int ret = socnic_model_port_of(port, mp);

	if (ret == 0 && queue_id >= (*mp)->dev_ops->harness->nb_fault_queues)
		ret = -EINVAL;
	return ret;
}

int
socnic_model_harness_set_faults(const struct socnic_port *port,
				uint16_t queue_id, const void *f)
{
	struct socnic_model_port *mp;
	int ret = harness_model_queue(port, queue_id, &mp);

	return ret < 0 ? ret : mp->dev_ops->harness->set_faults(mp->dev, queue_id, f);
}

int
socnic_model_harness_get_faults(const struct socnic_port *port,
				uint16_t queue_id, void *f)
{
	struct socnic_model_port *mp;
	int ret = harness_model_queue(port, queue_id, &mp);

	return ret < 0 ? ret : mp->dev_ops->harness->get_faults(mp->dev, queue_id, f);
}
