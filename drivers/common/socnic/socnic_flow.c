/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * RX queue steering through rte_flow (socnic_flow.h): parsing a rule,
 * checking it against the family's classifier and the rules already
 * there, and keeping the rules across stops, restarts and reconfigures.
 */
#include <errno.h>
#include <netinet/in.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include <rte_byteorder.h>
#include <rte_eal.h>
#include <rte_flow_driver.h>
#include <rte_malloc.h>

#include "socnic_flow.h"
#include "socnic_log.h"
#include "socnic_port.h"

struct rte_flow {
	TAILQ_ENTRY(rte_flow) next;
	unsigned int slot;
	uint16_t queue;
};

/* rte_flow_error keeps a pointer: messages built here live per thread. */
static __thread char socnic_flow_msg[160];

static int
flow_fail(struct rte_flow_error *err, int code, enum rte_flow_error_type t,
	  const void *cause, const char *fmt, ...)
	__rte_format_printf(5, 6);

static int
flow_fail(struct rte_flow_error *err, int code, enum rte_flow_error_type t,
	  const void *cause, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(socnic_flow_msg, sizeof(socnic_flow_msg), fmt, ap);
	va_end(ap);
	return rte_flow_error_set(err, code, t, cause, socnic_flow_msg);
}

#define PATTERN_FAIL(err, item, ...)					\
	flow_fail(err, ENOTSUP, RTE_FLOW_ERROR_TYPE_ITEM, item, __VA_ARGS__)

static bool
bytes_zero(const void *p, size_t n)
{
	const uint8_t *b = p;

	while (n-- > 0)
		if (*b++ != 0)
			return false;
	return true;
}

/* An EtherType (eth type, vlan inner_type: @p what), exact or none. */
static int
parse_ethertype(const struct rte_flow_item *it, const char *what,
		rte_be16_t spec, rte_be16_t mask, struct socnic_flow_match *m,
		unsigned int *criteria, struct rte_flow_error *err)
{
	if (mask == 0)
		return 0;
	if (mask != RTE_BE16(0xffff))
		return PATTERN_FAIL(err, it, "%s: only an exact EtherType (mask 0xffff)",
				    what);
	m->kind = SOCNIC_FLOW_ETHERTYPE;
	m->ethertype = rte_be_to_cpu_16(spec);
	(*criteria)++;
	return 0;
}

/* eth: nothing, has_vlan, the type, or the destination (whole or group bit). */
static int
parse_eth(const struct rte_flow_item *it, struct socnic_flow_match *m,
	  unsigned int *criteria, struct rte_flow_error *err)
{
	const struct rte_flow_item_eth *spec = it->spec, *mask = it->mask;
	static const struct rte_ether_addr group = {
		.addr_bytes = { 0x01, 0, 0, 0, 0, 0 } };
	int ret;

	if (spec == NULL)
		return 0;
	if (mask == NULL)
		mask = &rte_flow_item_eth_mask;
	if (!bytes_zero(&mask->hdr.src_addr, sizeof(mask->hdr.src_addr)))
		return PATTERN_FAIL(err, it, "eth src: the classifier does not match source addresses");
	if (mask->has_vlan && !spec->has_vlan) {
		m->kind = SOCNIC_FLOW_UNTAGGED;
		(*criteria)++;
	}
	ret = parse_ethertype(it, "eth type", spec->hdr.ether_type,
			      mask->hdr.ether_type, m, criteria, err);
	if (ret != 0)
		return ret;
	if (rte_is_same_ether_addr(&mask->hdr.dst_addr, &group) &&
	    (spec->hdr.dst_addr.addr_bytes[0] & 1)) {
		m->kind = SOCNIC_FLOW_MCBC;
		(*criteria)++;
	} else if (rte_is_broadcast_ether_addr(&mask->hdr.dst_addr)) {
		m->kind = SOCNIC_FLOW_DST;
		m->dst = spec->hdr.dst_addr;
		(*criteria)++;
	} else if (!rte_is_zero_ether_addr(&mask->hdr.dst_addr)) {
		return PATTERN_FAIL(err, it, "eth dst: the whole address, or the group bit (01:00:00:00:00:00) for multicast and broadcast");
	}
	return 0;
}

/* vlan: the priority (tci mask 0xe000) and/or the inner type. */
static int
parse_vlan(const struct rte_flow_item *it, struct socnic_flow_match *m,
	   unsigned int *criteria, struct rte_flow_error *err)
{
	const struct rte_flow_item_vlan *spec = it->spec, *mask = it->mask;

	m->tagged = true;
	if (spec == NULL)
		return PATTERN_FAIL(err, it, "vlan: match its priority (tci mask 0xe000) or its inner type");
	if (mask == NULL)
		mask = &rte_flow_item_vlan_mask;
	if (mask->hdr.vlan_tci == RTE_BE16(0xe000)) {
		m->kind = SOCNIC_FLOW_PCP;
		m->pcp = rte_be_to_cpu_16(spec->hdr.vlan_tci) >> 13;
		(*criteria)++;
	} else if (mask->hdr.vlan_tci != 0) {
		return PATTERN_FAIL(err, it, "vlan tci: the classifier matches the priority only (mask 0xe000)");
	}
	return parse_ethertype(it, "vlan inner_type", spec->hdr.eth_proto,
			       mask->hdr.eth_proto, m, criteria, err);
}

/* ipv4 [/ tcp|udp]: the L4 protocol, no addresses or ports. */
static int
parse_l3l4(const struct rte_flow_item *it, struct socnic_flow_match *m,
	   unsigned int *criteria, struct rte_flow_error *err)
{
	const struct rte_flow_item_ipv4 *spec, *mask;

	if (it->type == RTE_FLOW_ITEM_TYPE_IPV4) {
		spec = it->spec;
		mask = it->mask;
		if (spec == NULL)
			return 0;
		if (mask == NULL)
			mask = &rte_flow_item_ipv4_mask;
		if (mask->hdr.next_proto_id == 0xff &&
		    (spec->hdr.next_proto_id == IPPROTO_TCP ||
		     spec->hdr.next_proto_id == IPPROTO_UDP)) {
			struct rte_flow_item_ipv4 rest = *mask;

			rest.hdr.next_proto_id = 0;
			if (bytes_zero(&rest, sizeof(rest))) {
				m->proto = spec->hdr.next_proto_id;
				return 0;
			}
		}
		return PATTERN_FAIL(err, it, "ipv4: the classifier matches the protocol only (TCP or UDP)");
	}
	if (m->proto != 0 &&
	    m->proto != (it->type == RTE_FLOW_ITEM_TYPE_TCP ? IPPROTO_TCP : IPPROTO_UDP))
		return PATTERN_FAIL(err, it, "tcp/udp: not the protocol the ipv4 item names");
	if (it->spec != NULL && it->mask != NULL &&
	    !bytes_zero(it->mask, it->type == RTE_FLOW_ITEM_TYPE_TCP ?
			sizeof(struct rte_flow_item_tcp) :
			sizeof(struct rte_flow_item_udp)))
		return PATTERN_FAIL(err, it, "tcp/udp: the classifier matches no ports or flags");
	m->proto = it->type == RTE_FLOW_ITEM_TYPE_TCP ? IPPROTO_TCP : IPPROTO_UDP;
	m->kind = SOCNIC_FLOW_IPV4_L4;
	(*criteria)++;
	return 0;
}

/* eth [/ vlan] [/ ipv4 [/ tcp|udp]] / end, one criterion. */
static int
flow_parse_pattern(const struct rte_flow_item pattern[],
		   struct socnic_flow_match *m, struct rte_flow_error *err)
{
	enum { AT_ETH, AT_VLAN, AT_IPV4, AT_L4, AT_END } at = AT_ETH;
	const struct rte_flow_item *it;
	unsigned int criteria = 0;
	int ret = 0;

	memset(m, 0, sizeof(*m));
	m->kind = SOCNIC_FLOW_ANY;
	if (pattern == NULL)
		return flow_fail(err, EINVAL, RTE_FLOW_ERROR_TYPE_ITEM_NUM,
				 NULL, "no pattern");
	for (it = pattern; it->type != RTE_FLOW_ITEM_TYPE_END && ret == 0; it++) {
		if (it->type == RTE_FLOW_ITEM_TYPE_VOID)
			continue;
		if (it->last != NULL)
			return PATTERN_FAIL(err, it, "ranges (last) are not supported");
		if (it->type == RTE_FLOW_ITEM_TYPE_ETH && at == AT_ETH) {
			ret = parse_eth(it, m, &criteria, err);
			at = AT_VLAN;
		} else if (it->type == RTE_FLOW_ITEM_TYPE_VLAN && at == AT_VLAN) {
			ret = parse_vlan(it, m, &criteria, err);
			at = AT_IPV4;
		} else if (it->type == RTE_FLOW_ITEM_TYPE_IPV4 &&
			   (at == AT_VLAN || at == AT_IPV4) && !m->tagged) {
			ret = parse_l3l4(it, m, &criteria, err);
			at = AT_L4;
		} else if ((it->type == RTE_FLOW_ITEM_TYPE_TCP ||
			    it->type == RTE_FLOW_ITEM_TYPE_UDP) && at == AT_L4) {
			ret = parse_l3l4(it, m, &criteria, err);
			at = AT_END;
		} else {
			return PATTERN_FAIL(err, it, "item not supported here: the pattern is eth [/ vlan] [/ ipv4 [/ tcp|udp]] / end");
		}
	}
	if (ret != 0)
		return ret;
	if (at == AT_L4 && m->proto == 0)
		return flow_fail(err, ENOTSUP, RTE_FLOW_ERROR_TYPE_ITEM, NULL,
				 "ipv4: match its protocol (TCP or UDP), the classifier has no other IPv4 criterion");
	if (at == AT_L4) {
		m->kind = SOCNIC_FLOW_IPV4_L4;
		criteria++;
	}
	if (m->tagged && criteria == 0)
		return flow_fail(err, ENOTSUP, RTE_FLOW_ERROR_TYPE_ITEM, NULL,
				 "vlan: match its priority (tci mask 0xe000) or its inner type");
	if (criteria > 1)
		return flow_fail(err, ENOTSUP, RTE_FLOW_ERROR_TYPE_ITEM, NULL,
				 "one criterion per rule: a priority, an EtherType, a destination or a protocol");
	return 0;
}

static int
flow_parse(struct rte_eth_dev *dev, const struct rte_flow_attr *attr,
	   const struct rte_flow_item pattern[],
	   const struct rte_flow_action actions[], unsigned int *slot,
	   uint16_t *queue, struct rte_flow_error *err)
{
	const struct socnic_flows *f = &socnic_port(dev)->flows;
	const struct rte_flow_action *a, *qa = NULL;
	struct socnic_flow_match m;
	const struct rte_flow *r;
	const char *why = NULL;
	int s, ret;

	if (attr == NULL || !attr->ingress || attr->egress || attr->transfer ||
	    attr->group != 0 || attr->priority != 0)
		return flow_fail(err, ENOTSUP, RTE_FLOW_ERROR_TYPE_ATTR, attr,
				 "ingress rules of group 0 and priority 0 only (the classifier's precedence is fixed)");
	ret = flow_parse_pattern(pattern, &m, err);
	if (ret != 0)
		return ret;
	for (a = actions; a != NULL && a->type != RTE_FLOW_ACTION_TYPE_END; a++) {
		if (a->type == RTE_FLOW_ACTION_TYPE_VOID)
			continue;
		if (a->type != RTE_FLOW_ACTION_TYPE_QUEUE || qa != NULL)
			return flow_fail(err, ENOTSUP, RTE_FLOW_ERROR_TYPE_ACTION, a,
					 "one QUEUE action is all the classifier does");
		qa = a;
	}
	if (qa == NULL || qa->conf == NULL)
		return flow_fail(err, EINVAL, RTE_FLOW_ERROR_TYPE_ACTION_NUM,
				 NULL, "a QUEUE action is needed");
	*queue = ((const struct rte_flow_action_queue *)qa->conf)->index;
	if (*queue >= dev->data->nb_rx_queues)
		return flow_fail(err, EINVAL, RTE_FLOW_ERROR_TYPE_ACTION_CONF,
				 qa->conf, "queue %u: the port has %u RX queues",
				 *queue, dev->data->nb_rx_queues);
	/* Every family's first slots are the priorities' (socnic_flow.h). */
	s = m.kind == SOCNIC_FLOW_PCP ? m.pcp : f->fam->slot(&m, &why);
	if (s < 0)
		return flow_fail(err, ENOTSUP, RTE_FLOW_ERROR_TYPE_ITEM, NULL,
				 "%s", why);
	TAILQ_FOREACH(r, &f->list, next)
		if (r->slot == (unsigned int)s)
			return flow_fail(err, EEXIST, RTE_FLOW_ERROR_TYPE_ITEM, NULL,
					 "%s already goes to queue %u (a rule exists)",
					 f->fam->slot_names[s], r->queue);
	*slot = (unsigned int)s;
	return 0;
}

/* Every slot's queue from the rules, written to the classifier. */
static void
flows_program(struct rte_eth_dev *dev)
{
	const struct socnic_flows *f = &socnic_port(dev)->flows;
	int16_t q[SOCNIC_FLOW_MAX_SLOTS];
	const struct rte_flow *r;
	unsigned int s;

	for (s = 0; s < RTE_DIM(q); s++)
		q[s] = SOCNIC_FLOW_NO_QUEUE;
	TAILQ_FOREACH(r, &f->list, next)
		q[r->slot] = (int16_t)r->queue;
	f->fam->program(dev, q);
}

static int
socnic_flow_validate(struct rte_eth_dev *dev, const struct rte_flow_attr *attr,
		     const struct rte_flow_item pattern[],
		     const struct rte_flow_action actions[],
		     struct rte_flow_error *err)
{
	unsigned int slot;
	uint16_t queue;

	return flow_parse(dev, attr, pattern, actions, &slot, &queue, err);
}

static struct rte_flow *
socnic_flow_create(struct rte_eth_dev *dev, const struct rte_flow_attr *attr,
		   const struct rte_flow_item pattern[],
		   const struct rte_flow_action actions[],
		   struct rte_flow_error *err)
{
	struct socnic_flows *f = &socnic_port(dev)->flows;
	struct rte_flow *r;
	unsigned int slot = 0;
	uint16_t queue = 0;

	if (flow_parse(dev, attr, pattern, actions, &slot, &queue, err) != 0)
		return NULL;
	r = rte_zmalloc("socnic_flow", sizeof(*r), 0);
	if (r == NULL) {
		rte_flow_error_set(err, ENOMEM, RTE_FLOW_ERROR_TYPE_HANDLE,
				   NULL, "no memory for the rule");
		return NULL;
	}
	r->slot = slot;
	r->queue = queue;
	TAILQ_INSERT_TAIL(&f->list, r, next);
	f->nb++;
	/* A stopped port's classifier is written at its start. */
	if (socnic_port(dev)->hw_started)
		flows_program(dev);
	return r;
}

static int
socnic_flow_destroy(struct rte_eth_dev *dev, struct rte_flow *flow,
		    struct rte_flow_error *err)
{
	struct socnic_flows *f = &socnic_port(dev)->flows;
	struct rte_flow *r;

	TAILQ_FOREACH(r, &f->list, next)
		if (r == flow)
			break;
	if (r == NULL)
		return rte_flow_error_set(err, ENOENT, RTE_FLOW_ERROR_TYPE_HANDLE,
					  flow, "no such rule on this port");
	TAILQ_REMOVE(&f->list, r, next);
	f->nb--;
	rte_free(r);
	if (socnic_port(dev)->hw_started)
		flows_program(dev);
	return 0;
}

static int
socnic_flow_flush(struct rte_eth_dev *dev, struct rte_flow_error *err)
{
	RTE_SET_USED(err);
	socnic_flows_release(dev);
	if (socnic_port(dev)->hw_started)
		flows_program(dev);
	return 0;
}

static const struct rte_flow_ops socnic_flow_ops = {
	.validate = socnic_flow_validate,
	.create = socnic_flow_create,
	.destroy = socnic_flow_destroy,
	.flush = socnic_flow_flush,
};

int
socnic_dev_flow_ops_get(struct rte_eth_dev *dev,
			const struct rte_flow_ops **ops)
{
	/* The rules are the primary's: a secondary process has none. */
	if (socnic_port(dev)->flows.fam == NULL ||
	    rte_eal_process_type() != RTE_PROC_PRIMARY)
		return -ENOTSUP;
	*ops = &socnic_flow_ops;
	return 0;
}

void
socnic_flows_init(struct socnic_flows *f, const struct socnic_flow_family *fam)
{
	RTE_VERIFY(fam == NULL || fam->nb_slots <= SOCNIC_FLOW_MAX_SLOTS);
	f->fam = fam;
	TAILQ_INIT(&f->list);
	f->nb = 0;
}

int
socnic_flows_replay(struct rte_eth_dev *dev, int logtype)
{
	const struct socnic_flows *f = &socnic_port(dev)->flows;
	const struct rte_flow *r;

	if (f->fam == NULL)
		return 0;
	TAILQ_FOREACH(r, &f->list, next)
		if (r->queue >= dev->data->nb_rx_queues) {
			SOCNIC_LOG(logtype, ERR, "port %u: a flow rule steers %s to RX queue %u, the port has %u: destroy it or configure more queues",
				   dev->data->port_id, f->fam->slot_names[r->slot],
				   r->queue, dev->data->nb_rx_queues);
			return -EINVAL;
		}
	flows_program(dev);
	return 0;
}

void
socnic_flows_release(struct rte_eth_dev *dev)
{
	struct socnic_flows *f = &socnic_port(dev)->flows;
	struct rte_flow *r;

	if (f->fam == NULL)
		return;
	while ((r = TAILQ_FIRST(&f->list)) != NULL) {
		TAILQ_REMOVE(&f->list, r, next);
		rte_free(r);
	}
	f->nb = 0;
}
