/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * RX queue steering through rte_flow, every family's: a rule is one
 * criterion (a VLAN priority, a packet class) and the QUEUE action. The
 * shared layer parses and checks rules, keeps them and resolves which
 * queue each of the classifier's slots steers to; the family says which
 * slot a criterion is (or why its silicon cannot match it) and writes
 * its classifier's registers (stmmac_flow.c, mvneta_flow.c). No RSS: the
 * classifiers route by priority and class only.
 */
#ifndef SOCNIC_FLOW_H
#define SOCNIC_FLOW_H

#include <stdint.h>
#include <sys/queue.h>

#include <ethdev_driver.h>
#include <rte_ether.h>
#include <rte_flow.h>

/* What one rule matches, from its rte_flow pattern. */
enum socnic_flow_kind {
	SOCNIC_FLOW_ANY,	/* eth / end: every frame */
	SOCNIC_FLOW_UNTAGGED,	/* eth has_vlan is 0 */
	SOCNIC_FLOW_PCP,	/* vlan tci (mask 0xe000): priority pcp */
	SOCNIC_FLOW_ETHERTYPE,	/* eth type (or the tag's inner type) */
	SOCNIC_FLOW_MCBC,	/* eth dst with only the group bit: multicast/broadcast */
	SOCNIC_FLOW_DST,	/* eth dst, the whole address */
	SOCNIC_FLOW_IPV4_L4,	/* ipv4 / tcp or udp: proto */
};

struct socnic_flow_match {
	enum socnic_flow_kind kind;
	bool tagged;		/* a VLAN item came before the criterion */
	uint8_t pcp;		/* PCP */
	uint8_t proto;		/* IPV4_L4: IPPROTO_TCP or IPPROTO_UDP */
	uint16_t ethertype;	/* ETHERTYPE, host order */
	struct rte_ether_addr dst;	/* DST */
};

#define SOCNIC_FLOW_MAX_SLOTS	16
#define SOCNIC_FLOW_NO_QUEUE	(-1)

/*
 * Every family's classifier gives each VLAN priority a slot of its own,
 * its first eight: their names open the family's slot_names, and priority
 * p is slot p without asking the family (flow_parse()).
 */
#define SOCNIC_FLOW_PCP_SLOTS	8
#define SOCNIC_FLOW_PCP_SLOT_NAMES					\
	"VLAN priority 0", "VLAN priority 1", "VLAN priority 2",	\
	"VLAN priority 3", "VLAN priority 4", "VLAN priority 5",	\
	"VLAN priority 6", "VLAN priority 7"

/*
 * A family's classifier: nb_slots places a rule can take (a PCP's entry,
 * a class's queue field), each steering to one queue.
 */
struct socnic_flow_family {
	unsigned int nb_slots;			/* <= SOCNIC_FLOW_MAX_SLOTS */
	const char *const *slot_names;		/* for messages */
	/*
	 * The slot of @p m (never a SOCNIC_FLOW_PCP: its slot is its
	 * priority), or -1 and *@p why: what the silicon lacks.
	 */
	int (*slot)(const struct socnic_flow_match *m, const char **why);
	/*
	 * Writes the classifier: slot s steers to queue q[s], or routes as
	 * after a reset when SOCNIC_FLOW_NO_QUEUE.
	 */
	void (*program)(struct rte_eth_dev *dev, const int16_t *q);
};

struct rte_flow;
TAILQ_HEAD(socnic_flow_list, rte_flow);

/* A port's rules (in struct socnic_port; primary process only). */
struct socnic_flows {
	const struct socnic_flow_family *fam;	/* NULL: no rte_flow */
	struct socnic_flow_list list;
	unsigned int nb;
};

/* At probe: the port's rules start empty, on @p fam's classifier. */
void socnic_flows_init(struct socnic_flows *f,
		       const struct socnic_flow_family *fam);

/*
 * At start, the device configured: the rules written to the classifier.
 * A rule steering to a queue the port no longer has fails the start with
 * a logged -EINVAL.
 */
int socnic_flows_replay(struct rte_eth_dev *dev, int logtype);

/* At close: every rule freed. */
void socnic_flows_release(struct rte_eth_dev *dev);

/* ethdev's flow_ops_get: -ENOTSUP without a classifier. */
int socnic_dev_flow_ops_get(struct rte_eth_dev *dev,
			    const struct rte_flow_ops **ops);

#endif /* SOCNIC_FLOW_H */
