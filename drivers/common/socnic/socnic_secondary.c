/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Secondary processes (socnic_secondary.h). The device-side xstats and
 * the statistics reset go through the primary over DPDK's multi-process
 * channel, as net/tap and net/af_xdp pass what only the primary holds: the
 * secondary names the port and how many values (the last ones of the
 * port's xstats), the primary runs its own xstats_get (or stats_reset)
 * and answers.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <ethdev_driver.h>
#include <rte_eal.h>
#include <rte_errno.h>

#include "socnic_log.h"
#include "socnic_secondary.h"

/*
 * How long a secondary waits for the primary's answer: as long as EAL's
 * own requests (malloc_mp.c, 5 s), since a loaded host can keep the
 * primary's multi-process thread off the CPU for seconds.
 */
#define SOCNIC_SECONDARY_TIMEOUT_S	5

/* What a secondary asks of the primary. */
enum socnic_secondary_op {
	SOCNIC_SECONDARY_XSTATS = 1,	/* the port's last nb xstats */
	SOCNIC_SECONDARY_RESET,		/* the port's stats_reset */
};

struct socnic_xstats_req {
	char port[SOCNIC_BACKEND_NAME_SIZE];
	uint32_t op;
	uint32_t nb;
};

_Static_assert(sizeof(struct socnic_xstats_req) <= RTE_MP_MAX_PARAM_LEN,
	       "the request must fit one message");
_Static_assert(SOCNIC_BACKEND_MAX_XSTATS * sizeof(uint64_t) <=
	       RTE_MP_MAX_PARAM_LEN, "the answer must fit one message");
_Static_assert(SOCNIC_BACKEND_NAME_SIZE <= RTE_MP_MAX_NAME_LEN &&
	       SOCNIC_BACKEND_NAME_SIZE <= RTE_ETH_XSTATS_NAME_SIZE,
	       "names must fit ethdev's and the channel's");

/*
 * Process-local, one copy per PMD (this code is built into each): the
 * driver whose ports the action answers for (primary), the PMD's logtype.
 */
static char socnic_served_driver[RTE_MP_MAX_NAME_LEN];
static int socnic_secondary_logtype = -1;

/* ---- Secondary: the ops and bursts ---- */

/* The link as the primary last set it in the shared data. */
static int
socnic_secondary_link_update(struct rte_eth_dev *dev, int wait_to_complete)
{
	RTE_SET_USED(dev);
	RTE_SET_USED(wait_to_complete);
	return 0;
}

/* Only the process-local port goes (ethdev releases it): nothing shared. */
static int
socnic_secondary_close(struct rte_eth_dev *dev)
{
	RTE_SET_USED(dev);
	return 0;
}

static void
socnic_secondary_refuse(const char *what)
{
	static bool said;

	if (said)
		return;
	said = true;
	SOCNIC_LOG(socnic_secondary_logtype, ERR,
		   "%s burst refused: a secondary process reads statistics and captures, the primary alone moves frames",
		   what);
}

static uint16_t
socnic_secondary_rx_burst(void *rxq, struct rte_mbuf **pkts, uint16_t n)
{
	RTE_SET_USED(rxq);
	RTE_SET_USED(pkts);
	RTE_SET_USED(n);
	socnic_secondary_refuse("RX");
	return 0;
}

/* Nothing taken: the frames stay the caller's, as for a full ring. */
static uint16_t
socnic_secondary_tx_burst(void *txq, struct rte_mbuf **pkts, uint16_t n)
{
	RTE_SET_USED(txq);
	RTE_SET_USED(pkts);
	RTE_SET_USED(n);
	socnic_secondary_refuse("TX");
	return 0;
}

/*
 * Asks the primary's action @p action about port @p port; its answer, of
 * @p len bytes exactly, into @p out. 0 or -EIO (logged).
 */
static int
socnic_secondary_ask(const char *action, const char *port, uint32_t op,
		     uint32_t nb, void *out, size_t len)
{
	struct timespec ts = { .tv_sec = SOCNIC_SECONDARY_TIMEOUT_S };
	struct socnic_xstats_req r;
	struct rte_mp_reply rep;
	struct rte_mp_msg req;
	int ret = -EIO;

	memset(&req, 0, sizeof(req));
	memset(&r, 0, sizeof(r));
	snprintf(req.name, sizeof(req.name), "%s", action);
	snprintf(r.port, sizeof(r.port), "%s", port);
	r.op = op;
	r.nb = nb;
	memcpy(req.param, &r, sizeof(r));
	req.len_param = sizeof(r);
	memset(&rep, 0, sizeof(rep));
	if (rte_mp_request_sync(&req, &rep, &ts) == 0 && rep.nb_received == 1 &&
	    rep.msgs[0].len_param == (int)len) {
		memcpy(out, rep.msgs[0].param, len);
		ret = 0;
	} else {
		SOCNIC_LOG(socnic_secondary_logtype, ERR,
			   "%s: no answer from the primary process (%s)", port,
			   op == SOCNIC_SECONDARY_RESET ? "statistics reset" :
							  "device counters");
	}
	free(rep.msgs);
	return ret;
}

/* The primary resets the port's counters (the queues' and the device's). */
static int
socnic_secondary_stats_reset(struct rte_eth_dev *dev)
{
	char action[RTE_MP_MAX_NAME_LEN];
	int32_t ret;

	snprintf(action, sizeof(action), "%s_xstats", dev->device->driver->name);
	if (socnic_secondary_ask(action, dev->data->name, SOCNIC_SECONDARY_RESET,
				 0, &ret, sizeof(ret)) < 0)
		return -EIO;
	return ret;
}

int
socnic_secondary_probe(struct rte_vdev_device *vdev,
		       const struct eth_dev_ops *primary_ops,
		       struct eth_dev_ops *ops, int logtype)
{
	const char *name = rte_vdev_device_name(vdev);
	struct rte_eth_dev *dev;

	socnic_secondary_logtype = logtype;
	dev = rte_eth_dev_attach_secondary(name);
	if (dev == NULL) {
		SOCNIC_LOG(logtype, ERR, "%s: the primary process has no such port",
			   name);
		return -ENODEV;
	}
	/* The ops that only read shared memory; the rest unset (-ENOTSUP). */
	memset(ops, 0, sizeof(*ops));
	ops->dev_infos_get = primary_ops->dev_infos_get;
	ops->dev_supported_ptypes_get = primary_ops->dev_supported_ptypes_get;
	ops->rxq_info_get = primary_ops->rxq_info_get;
	ops->txq_info_get = primary_ops->txq_info_get;
	ops->stats_get = primary_ops->stats_get;
	ops->xstats_get = primary_ops->xstats_get;
	ops->xstats_get_names = primary_ops->xstats_get_names;
	ops->stats_reset = socnic_secondary_stats_reset;
	ops->xstats_reset = socnic_secondary_stats_reset;
	ops->link_update = socnic_secondary_link_update;
	ops->dev_close = socnic_secondary_close;
	dev->dev_ops = ops;
	dev->device = &vdev->device;
	dev->rx_pkt_burst = socnic_secondary_rx_burst;
	dev->tx_pkt_burst = socnic_secondary_tx_burst;
	rte_eth_dev_probing_finish(dev);
	SOCNIC_LOG(logtype, INFO, "%s: port %u attached (secondary process: information, statistics, capture)",
		   name, dev->data->port_id);
	return 0;
}

int
socnic_secondary_backend_xstats(const struct socnic_backend *be, uint64_t *v)
{
	const struct socnic_backend_shared *sh = &be->shared;

	if (sh->nb_xstats == 0)
		return 0;
	return socnic_secondary_ask(sh->action, sh->port, SOCNIC_SECONDARY_XSTATS,
				    sh->nb_xstats, v,
				    sh->nb_xstats * sizeof(uint64_t));
}

/* ---- Primary: what it publishes and answers ---- */

/* The port @p r names, if it is one of the served driver's. */
static struct rte_eth_dev *
socnic_secondary_served_port(const struct socnic_xstats_req *r)
{
	struct rte_eth_dev *dev = rte_eth_dev_allocated(r->port);

	if (dev == NULL || dev->device == NULL || dev->device->driver == NULL ||
	    strcmp(dev->device->driver->name, socnic_served_driver) != 0)
		return NULL;
	return dev;
}

/* The last r->nb xstats of the port, through the PMD's own xstats_get. */
static int
socnic_secondary_answer_values(struct rte_eth_dev *dev, uint32_t nb,
			       uint64_t *v)
{
	struct rte_eth_xstat *x;
	int n, i, ret = -EIO;

	if (nb > SOCNIC_BACKEND_MAX_XSTATS)
		return -EINVAL;
	n = dev->dev_ops->xstats_get(dev, NULL, 0);
	if (n < (int)nb)
		return -EINVAL;
	x = calloc((size_t)n, sizeof(*x));
	if (x == NULL)
		return -ENOMEM;
	if (dev->dev_ops->xstats_get(dev, x, (unsigned int)n) == n) {
		for (i = 0; i < (int)nb; i++)
			v[i] = x[n - (int)nb + i].value;
		ret = 0;
	}
	free(x);
	return ret;
}

/* An empty answer (or one of another length) is the secondary's error. */
static int
socnic_secondary_answer(const struct rte_mp_msg *msg, const void *peer)
{
	uint64_t v[SOCNIC_BACKEND_MAX_XSTATS];
	struct socnic_xstats_req r;
	struct rte_eth_dev *dev = NULL;
	struct rte_mp_msg reply;
	int32_t ret;

	memset(&reply, 0, sizeof(reply));
	snprintf(reply.name, sizeof(reply.name), "%s", msg->name);
	if (msg->len_param == (int)sizeof(r)) {
		memcpy(&r, msg->param, sizeof(r));
		r.port[sizeof(r.port) - 1] = '\0';
		dev = socnic_secondary_served_port(&r);
	}
	if (dev != NULL && r.op == SOCNIC_SECONDARY_XSTATS &&
	    socnic_secondary_answer_values(dev, r.nb, v) == 0) {
		memcpy(reply.param, v, r.nb * sizeof(uint64_t));
		reply.len_param = (int)(r.nb * sizeof(uint64_t));
	} else if (dev != NULL && r.op == SOCNIC_SECONDARY_RESET) {
		ret = dev->dev_ops->stats_reset(dev);
		memcpy(reply.param, &ret, sizeof(ret));
		reply.len_param = sizeof(ret);
	}
	return rte_mp_reply(&reply, peer);
}

void
socnic_secondary_serve(struct rte_eth_dev *dev, struct socnic_backend *be,
		       const char *drv, int logtype)
{
	struct socnic_backend_shared *sh = &be->shared;
	unsigned int i;

	memset(sh, 0, sizeof(*sh));
	sh->nb_xstats = be->ops->nb_xstats;
	for (i = 0; i < sh->nb_xstats; i++)
		snprintf(sh->xstat_names[i], sizeof(sh->xstat_names[i]), "%s",
			 be->ops->xstat_names[i]);
	snprintf(sh->port, sizeof(sh->port), "%s", dev->data->name);
	snprintf(sh->action, sizeof(sh->action), "%s_xstats", drv);
	if (socnic_served_driver[0] != '\0')
		return;		/* the action answers for every port */
	if (rte_mp_action_register(sh->action, socnic_secondary_answer) < 0 &&
	    rte_errno != EEXIST) {
		/* ENOTSUP: no shared configuration, so no secondary either. */
		SOCNIC_LOG(logtype, DEBUG, "%s: no answer to secondary processes: %s",
			   dev->data->name, rte_strerror(rte_errno));
		return;
	}
	snprintf(socnic_served_driver, sizeof(socnic_served_driver), "%s", drv);
}
