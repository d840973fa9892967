/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The TX arbiter through rte_tm (socnic_tm.h): capabilities, the nodes of
 * the two-level hierarchy, and the commit that turns leaf priorities and
 * weights into the family's arbitration, or says why its silicon cannot.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include <rte_eal.h>
#include <rte_tm_driver.h>

#include "socnic_compat_ethdev.h"
#include "socnic_log.h"
#include "socnic_port.h"
#include "socnic_tm.h"

/* rte_tm_error keeps a pointer: messages built here live per thread. */
static __thread char socnic_tm_msg[200];

static int
tm_fail(struct rte_tm_error *err, int code, enum rte_tm_error_type t,
	const char *fmt, ...)
	__rte_format_printf(4, 5);

static int
tm_fail(struct rte_tm_error *err, int code, enum rte_tm_error_type t,
	const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(socnic_tm_msg, sizeof(socnic_tm_msg), fmt, ap);
	va_end(ap);
	/* A negative errno, as ethdev's ops return (the helper gives code). */
	rte_tm_error_set(err, code, t, NULL, socnic_tm_msg);
	return -code;
}

static struct socnic_tm *
tm_of(const struct rte_eth_dev *dev)
{
	return &socnic_port(dev)->tm;
}

/*
 * The TX queues a hierarchy has leaves for: the port's configured ones
 * (leaf q is TX queue q), before configure the device's; at most 8.
 */
static uint32_t
tm_nb_leaves(const struct rte_eth_dev *dev)
{
	uint16_t n = dev->data->nb_tx_queues;

	if (n == 0)
		n = socnic_port(dev)->nb_txq_max;
	return RTE_MIN(n, SOCNIC_TM_MAX_TXQ);
}

/* ---- Capabilities ---- */

/*
 * The port node's scheduler over @p n leaves, the same in the port's,
 * level 0's and the root node's capabilities: three rte_tm structs whose
 * scheduler fields share their names, not their type.
 */
#define TM_SCHED_CAPA_FILL(c, n, fam) do {				\
	(c)->sched_n_children_max = (n);				\
	(c)->sched_sp_n_priorities_max = (n);				\
	(c)->sched_wfq_n_children_per_group_max = (n);			\
	(c)->sched_wfq_n_groups_max = 1;				\
	(c)->sched_wfq_weight_max = (fam)->weight_max;			\
	(c)->sched_wfq_packet_mode_supported = !(fam)->wfq_byte_mode;	\
	(c)->sched_wfq_byte_mode_supported = (fam)->wfq_byte_mode;	\
} while (0)

static int
socnic_tm_capabilities_get(struct rte_eth_dev *dev,
			   struct rte_tm_capabilities *cap,
			   struct rte_tm_error *err)
{
	const struct socnic_tm_family *fam = tm_of(dev)->fam;
	uint32_t n = tm_nb_leaves(dev);

	if (cap == NULL)
		return tm_fail(err, EINVAL, RTE_TM_ERROR_TYPE_CAPABILITIES, "no capabilities to fill");
	memset(cap, 0, sizeof(*cap));
	cap->n_nodes_max = n + 1;
	cap->n_levels_max = 2;
	cap->non_leaf_nodes_identical = 1;
	cap->leaf_nodes_identical = 1;
	TM_SCHED_CAPA_FILL(cap, n, fam);
	return 0;
}

static int
socnic_tm_level_capabilities_get(struct rte_eth_dev *dev, uint32_t level_id,
				 struct rte_tm_level_capabilities *cap,
				 struct rte_tm_error *err)
{
	const struct socnic_tm_family *fam = tm_of(dev)->fam;
	uint32_t n = tm_nb_leaves(dev);

	if (cap == NULL)
		return tm_fail(err, EINVAL, RTE_TM_ERROR_TYPE_CAPABILITIES, "no capabilities to fill");
	if (level_id > 1)
		return tm_fail(err, EINVAL, RTE_TM_ERROR_TYPE_LEVEL_ID,
			       "level %u: two levels, 0 the port, 1 the TX queues", level_id);
	memset(cap, 0, sizeof(*cap));
	cap->non_leaf_nodes_identical = 1;
	cap->leaf_nodes_identical = 1;
	if (level_id == 0) {
		cap->n_nodes_max = 1;
		cap->n_nodes_nonleaf_max = 1;
		TM_SCHED_CAPA_FILL(&cap->nonleaf, n, fam);
	} else {
		cap->n_nodes_max = n;
		cap->n_nodes_leaf_max = n;
	}
	return 0;
}

static int
socnic_tm_node_type_get(struct rte_eth_dev *dev, uint32_t node_id,
			int *is_leaf, struct rte_tm_error *err)
{
	const struct socnic_tm *tm = tm_of(dev);

	if (is_leaf == NULL)
		return tm_fail(err, EINVAL, RTE_TM_ERROR_TYPE_UNSPECIFIED, "no is_leaf to fill");
	if (tm->has_root && node_id == tm->root_id) {
		*is_leaf = 0;
		return 0;
	}
	if (node_id < SOCNIC_TM_MAX_TXQ && tm->leaf[node_id].used) {
		*is_leaf = 1;
		return 0;
	}
	return tm_fail(err, EINVAL, RTE_TM_ERROR_TYPE_NODE_ID, "node %u: no such node", node_id);
}

static int
socnic_tm_node_capabilities_get(struct rte_eth_dev *dev, uint32_t node_id,
				struct rte_tm_node_capabilities *cap,
				struct rte_tm_error *err)
{
	const struct socnic_tm_family *fam = tm_of(dev)->fam;
	uint32_t n = tm_nb_leaves(dev);
	int is_leaf, ret;

	if (cap == NULL)
		return tm_fail(err, EINVAL, RTE_TM_ERROR_TYPE_CAPABILITIES, "no capabilities to fill");
	ret = socnic_tm_node_type_get(dev, node_id, &is_leaf, err);
	if (ret != 0)
		return ret;
	memset(cap, 0, sizeof(*cap));
	if (!is_leaf)
		TM_SCHED_CAPA_FILL(&cap->nonleaf, n, fam);
	return 0;
}

/* ---- What the silicon lacks ---- */

static int
socnic_tm_shaper_profile_add(struct rte_eth_dev *dev, uint32_t id,
			     SOCNIC_TM_CONST struct rte_tm_shaper_params *p,
			     struct rte_tm_error *err)
{
	RTE_SET_USED(id);
	RTE_SET_USED(p);
	return tm_fail(err, ENOTSUP, RTE_TM_ERROR_TYPE_SHAPER_PROFILE,
		       "no shapers: the %s PMD drives its TX arbiter's order and weights only, not a rate",
		       tm_of(dev)->fam->name);
}

static int
socnic_tm_wred_profile_add(struct rte_eth_dev *dev, uint32_t id,
			   SOCNIC_TM_CONST struct rte_tm_wred_params *p,
			   struct rte_tm_error *err)
{
	RTE_SET_USED(id);
	RTE_SET_USED(p);
	return tm_fail(err, ENOTSUP, RTE_TM_ERROR_TYPE_WRED_PROFILE,
		       "no WRED: a full %s TX ring refuses the burst (tail drop)",
		       tm_of(dev)->fam->name);
}

/* ---- Nodes ---- */

static int
tm_check_params(const struct socnic_tm *tm,
		const struct rte_tm_node_params *p, bool leaf,
		struct rte_tm_error *err)
{
	uint32_t i;

	if (p == NULL)
		return tm_fail(err, EINVAL, RTE_TM_ERROR_TYPE_NODE_PARAMS, "no node parameters");
	if (p->shaper_profile_id != RTE_TM_SHAPER_PROFILE_ID_NONE ||
	    p->n_shared_shapers != 0)
		return tm_fail(err, ENOTSUP, RTE_TM_ERROR_TYPE_NODE_PARAMS_SHAPER_PROFILE_ID,
			       "no shapers: shaper profile id must be none (-1) and no shared shapers");
	if (p->stats_mask != 0)
		return tm_fail(err, ENOTSUP, RTE_TM_ERROR_TYPE_NODE_PARAMS_STATS,
			       "no per-node statistics: stats mask 0 (the queues' are in xstats)");
	if (leaf) {
		if (p->leaf.cman != RTE_TM_CMAN_TAIL_DROP)
			return tm_fail(err, ENOTSUP, RTE_TM_ERROR_TYPE_NODE_PARAMS_CMAN,
				       "tail drop only: no head drop, no WRED");
		if (p->leaf.wred.wred_profile_id != RTE_TM_WRED_PROFILE_ID_NONE ||
		    p->leaf.wred.n_shared_wred_contexts != 0)
			return tm_fail(err, ENOTSUP, RTE_TM_ERROR_TYPE_NODE_PARAMS_WRED_PROFILE_ID,
				       "no WRED: wred profile id must be none (-1)");
		return 0;
	}
	if (p->nonleaf.wfq_weight_mode != NULL)
		for (i = 0; i < p->nonleaf.n_sp_priorities; i++)
			if ((p->nonleaf.wfq_weight_mode[i] != 0) != tm->fam->wfq_byte_mode)
				return tm_fail(err, ENOTSUP, RTE_TM_ERROR_TYPE_NODE_PARAMS_WFQ_WEIGHT_MODE,
					       "%s's WRR weights count %s", tm->fam->name,
					       tm->fam->wfq_byte_mode ? "bytes (byte mode)" : "frames (packet mode)");
	return 0;
}

static int
socnic_tm_node_add(struct rte_eth_dev *dev, uint32_t node_id,
		   uint32_t parent_id, uint32_t priority, uint32_t weight,
		   uint32_t level_id, SOCNIC_TM_CONST struct rte_tm_node_params *p,
		   struct rte_tm_error *err)
{
	struct socnic_tm *tm = tm_of(dev);
	uint16_t ntx = dev->data->nb_tx_queues;
	bool leaf = parent_id != RTE_TM_NODE_ID_NULL;
	int ret;

	if (node_id == RTE_TM_NODE_ID_NULL)
		return tm_fail(err, EINVAL, RTE_TM_ERROR_TYPE_NODE_ID, "node id: not RTE_TM_NODE_ID_NULL");
	if ((tm->has_root && node_id == tm->root_id) ||
	    (node_id < SOCNIC_TM_MAX_TXQ && tm->leaf[node_id].used))
		return tm_fail(err, EEXIST, RTE_TM_ERROR_TYPE_NODE_ID, "node %u exists", node_id);
	ret = tm_check_params(tm, p, leaf, err);
	if (ret != 0)
		return ret;
	if (!leaf) {
		if (tm->has_root)
			return tm_fail(err, EEXIST, RTE_TM_ERROR_TYPE_NODE_PARENT_NODE_ID,
				       "one root: node %u is the port", tm->root_id);
		if (node_id < ntx)
			return tm_fail(err, EINVAL, RTE_TM_ERROR_TYPE_NODE_ID,
				       "node %u: ids below %u are the TX queues' leaves", node_id, ntx);
		if (level_id != 0 && level_id != RTE_TM_NODE_LEVEL_ID_ANY)
			return tm_fail(err, EINVAL, RTE_TM_ERROR_TYPE_LEVEL_ID,
				       "the root is at level 0");
		tm->has_root = true;
		tm->root_id = node_id;
		return 0;
	}
	if (!tm->has_root || parent_id != tm->root_id)
		return tm_fail(err, EINVAL, RTE_TM_ERROR_TYPE_NODE_PARENT_NODE_ID,
			       "a leaf's parent is the root (add it first): two levels only");
	if (level_id != 1 && level_id != RTE_TM_NODE_LEVEL_ID_ANY)
		return tm_fail(err, EINVAL, RTE_TM_ERROR_TYPE_LEVEL_ID, "the TX queues' leaves are at level 1");
	if (node_id >= ntx || node_id >= SOCNIC_TM_MAX_TXQ)
		return tm_fail(err, EINVAL, RTE_TM_ERROR_TYPE_NODE_ID,
			       "leaf %u: a leaf is a TX queue, 0 to %u", node_id, ntx - 1u);
	if (priority >= tm_nb_leaves(dev))
		return tm_fail(err, EINVAL, RTE_TM_ERROR_TYPE_NODE_PRIORITY,
			       "priority %u: 0 (highest) to %u", priority, tm_nb_leaves(dev) - 1u);
	if (weight == 0 || weight > tm->fam->weight_max)
		return tm_fail(err, EINVAL, RTE_TM_ERROR_TYPE_NODE_WEIGHT,
			       "weight %u: 1 to %u (%s's WRR weight field)", weight,
			       tm->fam->weight_max, tm->fam->name);
	tm->leaf[node_id].used = true;
	tm->leaf[node_id].priority = priority;
	tm->leaf[node_id].weight = weight;
	return 0;
}

static int
socnic_tm_node_delete(struct rte_eth_dev *dev, uint32_t node_id,
		      struct rte_tm_error *err)
{
	struct socnic_tm *tm = tm_of(dev);
	unsigned int q;

	if (tm->has_root && node_id == tm->root_id) {
		for (q = 0; q < SOCNIC_TM_MAX_TXQ; q++)
			if (tm->leaf[q].used)
				return tm_fail(err, EBUSY, RTE_TM_ERROR_TYPE_NODE_ID,
					       "the root has leaves: delete them first");
		tm->has_root = false;
		return 0;
	}
	if (node_id >= SOCNIC_TM_MAX_TXQ || !tm->leaf[node_id].used)
		return tm_fail(err, EINVAL, RTE_TM_ERROR_TYPE_NODE_ID, "node %u: no such node", node_id);
	tm->leaf[node_id].used = false;
	return 0;
}

/* ---- Commit ---- */

static void
tm_default_arb(struct socnic_tm_arb *arb, uint16_t ntx)
{
	memset(arb, 0, sizeof(*arb));
	arb->nb_txq = ntx;
	arb->fixed = RTE_BIT32(ntx) - 1u;
}

/*
 * The leaves as the silicon's arbitration: the leaves at the lowest
 * priority, when there are two or more, share it by WRR; every other
 * leaf has a priority of its own, and those priorities must fall as the
 * queue number falls (the silicon serves its strict-priority queues
 * highest-numbered first).
 */
static int
tm_arb_from_leaves(const struct rte_eth_dev *dev, struct socnic_tm_arb *arb,
		   struct rte_tm_error *err)
{
	const struct socnic_tm *tm = tm_of(dev);
	const struct socnic_tm_family *fam = tm->fam;
	uint16_t ntx = dev->data->nb_tx_queues;
	uint32_t lowest = 0, n_lowest = 0, wrr = 0, q, r;

	if (!tm->has_root)
		return tm_fail(err, EINVAL, RTE_TM_ERROR_TYPE_NODE_ID, "no root node: add the port's node first");
	if (ntx > SOCNIC_TM_MAX_TXQ)
		return tm_fail(err, EINVAL, RTE_TM_ERROR_TYPE_UNSPECIFIED,
			       "%u TX queues: %u at most", ntx, SOCNIC_TM_MAX_TXQ);
	for (q = 0; q < SOCNIC_TM_MAX_TXQ; q++) {
		if (q < ntx && !tm->leaf[q].used)
			return tm_fail(err, EINVAL, RTE_TM_ERROR_TYPE_NODE_ID,
				       "TX queue %u has no leaf: every TX queue needs one", q);
		if (q >= ntx && tm->leaf[q].used)
			return tm_fail(err, EINVAL, RTE_TM_ERROR_TYPE_NODE_ID,
				       "leaf %u: the port has %u TX queues", q, ntx);
		if (q < ntx && tm->leaf[q].priority > lowest)
			lowest = tm->leaf[q].priority;
	}
	for (q = 0; q < ntx; q++)
		if (tm->leaf[q].priority == lowest)
			n_lowest++;
	tm_default_arb(arb, ntx);
	if (n_lowest >= 2)
		for (q = 0; q < ntx; q++)
			if (tm->leaf[q].priority == lowest) {
				wrr |= RTE_BIT32(q);
				arb->weight[q] = tm->leaf[q].weight;
			}
	arb->fixed &= ~wrr;
	for (q = 0; q < ntx; q++)
		for (r = q + 1; r < ntx; r++) {
			if (!(arb->fixed & RTE_BIT32(q)) || !(arb->fixed & RTE_BIT32(r)))
				continue;
			if (tm->leaf[q].priority == tm->leaf[r].priority)
				return tm_fail(err, ENOTSUP, RTE_TM_ERROR_TYPE_NODE_PRIORITY,
					       "queues %u and %u share priority %u: %s shares a priority by WRR only among the leaves of the lowest one",
					       q, r, tm->leaf[q].priority, fam->name);
			if (tm->leaf[r].priority > tm->leaf[q].priority)
				return tm_fail(err, ENOTSUP, RTE_TM_ERROR_TYPE_NODE_PRIORITY,
					       "queue %u above queue %u: %s's strict priority serves the highest-numbered queue first, give queue %u the higher priority (lower number)",
					       q, r, fam->name, r);
		}
	if (!fam->sp_with_wrr && wrr != 0 && arb->fixed != 0)
		return tm_fail(err, ENOTSUP, RTE_TM_ERROR_TYPE_NODE_PRIORITY,
			       "%s's scheduler is port-wide: every leaf at one priority (WRR by weight) or each at its own (strict priority)",
			       fam->name);
	return 0;
}

static void
tm_clear(struct socnic_tm *tm)
{
	tm->has_root = false;
	memset(tm->leaf, 0, sizeof(tm->leaf));
}

static int
socnic_tm_hierarchy_commit(struct rte_eth_dev *dev, int clear_on_fail,
			   struct rte_tm_error *err)
{
	struct socnic_tm *tm = tm_of(dev);
	struct socnic_tm_arb arb;
	unsigned int q;
	bool empty = !tm->has_root;
	int ret;

	for (q = 0; q < SOCNIC_TM_MAX_TXQ; q++)
		empty = empty && !tm->leaf[q].used;
	/* An empty hierarchy gives the arbiter back its default. */
	if (empty) {
		tm->committed = false;
		tm_default_arb(&arb, dev->data->nb_tx_queues);
	} else {
		ret = tm_arb_from_leaves(dev, &arb, err);
		if (ret != 0) {
			if (clear_on_fail)
				tm_clear(tm);
			return ret;
		}
		tm->committed = true;
		tm->arb = arb;
	}
	/* A stopped port's arbiter is written at its start. */
	if (socnic_port(dev)->hw_started)
		tm->fam->program(dev, &arb);
	return 0;
}

static const struct rte_tm_ops socnic_tm_ops = {
	.capabilities_get = socnic_tm_capabilities_get,
	.level_capabilities_get = socnic_tm_level_capabilities_get,
	.node_capabilities_get = socnic_tm_node_capabilities_get,
	.node_type_get = socnic_tm_node_type_get,
	.shaper_profile_add = socnic_tm_shaper_profile_add,
	.wred_profile_add = socnic_tm_wred_profile_add,
	.node_add = socnic_tm_node_add,
	.node_delete = socnic_tm_node_delete,
	.hierarchy_commit = socnic_tm_hierarchy_commit,
};

int
socnic_dev_tm_ops_get(struct rte_eth_dev *dev, void *ops)
{
	/* The hierarchy is the primary's: a secondary process has none. */
	if (tm_of(dev)->fam == NULL ||
	    rte_eal_process_type() != RTE_PROC_PRIMARY)
		return -ENOTSUP;
	*(const struct rte_tm_ops **)ops = &socnic_tm_ops;
	return 0;
}

void
socnic_tm_init(struct socnic_tm *tm, const struct socnic_tm_family *fam)
{
	memset(tm, 0, sizeof(*tm));
	tm->fam = fam;
}

int
socnic_tm_replay(struct rte_eth_dev *dev, int logtype)
{
	const struct socnic_tm *tm = tm_of(dev);

	if (tm->fam == NULL || !tm->committed)
		return 0;
	if (tm->arb.nb_txq != dev->data->nb_tx_queues) {
		SOCNIC_LOG(logtype, ERR, "port %u: the TX hierarchy was committed for %u TX queues, the port has %u: commit it again (or an empty one)",
			   dev->data->port_id, tm->arb.nb_txq, dev->data->nb_tx_queues);
		return -EINVAL;
	}
	tm->fam->program(dev, &tm->arb);
	return 0;
}
