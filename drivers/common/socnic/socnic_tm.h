/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The TX arbiter among a port's queues through rte_tm, every family's:
 * a two-level hierarchy, one root (the port) and one leaf per TX queue
 * (leaf id q is TX queue q), no shapers, no WRED. The leaves' priorities
 * and weights become one arbitration (struct socnic_tm_arb): queues
 * served by strict priority, the highest-numbered first as both
 * families' silicon orders them, and the rest by weighted round robin.
 * The shared layer keeps the nodes, checks a hierarchy against what the
 * family's arbiter can do and refuses the rest with a reason; the family
 * writes its registers (stmmac_tm.c: MTL_Operation_Mode SCHALG and
 * MTL_TxQ_Quantum_Weight; mvneta_tm.c: MVNETA_TXQ_FIXED_PRIO_CFG and
 * MVNETA_TXQ_ARB_CFG_REG). With nothing committed the family's own
 * default (strict priority) stands, as the PMD wrote it before rte_tm.
 */
#ifndef SOCNIC_TM_H
#define SOCNIC_TM_H

#include <stdbool.h>
#include <stdint.h>

#include <ethdev_driver.h>

#define SOCNIC_TM_MAX_TXQ	8

/*
 * What the arbiter does: the queues of @p fixed (bit q: TX queue q) by
 * strict priority, the highest-numbered first; every other queue of the
 * port by WRR with its weight.
 */
struct socnic_tm_arb {
	uint16_t nb_txq;
	uint32_t fixed;
	uint32_t weight[SOCNIC_TM_MAX_TXQ];
};

/* A family's TX arbiter. */
struct socnic_tm_family {
	const char *name;		/* for messages: "dwmac4", "NETA" */
	uint32_t weight_max;		/* the widest WRR weight its field holds */
	bool wfq_byte_mode;		/* weights count bytes (else frames) */
	/*
	 * Strict-priority queues above a WRR group (NETA); without, the
	 * algorithm is port-wide: every queue strict or every queue WRR.
	 */
	bool sp_with_wrr;
	/* Writes @p arb into the arbiter's registers. */
	void (*program)(struct rte_eth_dev *dev, const struct socnic_tm_arb *arb);
};

struct socnic_tm_leaf {
	bool used;
	uint32_t priority;
	uint32_t weight;
};

/* A port's hierarchy (in struct socnic_port; primary process only). */
struct socnic_tm {
	const struct socnic_tm_family *fam;	/* NULL: no rte_tm */
	bool has_root;
	uint32_t root_id;
	struct socnic_tm_leaf leaf[SOCNIC_TM_MAX_TXQ];	/* by TX queue */
	bool committed;
	struct socnic_tm_arb arb;	/* the committed arbitration */
};

/* At probe: no hierarchy, the family's default arbitration. */
void socnic_tm_init(struct socnic_tm *tm, const struct socnic_tm_family *fam);

/*
 * At start, after the family wrote its default arbitration: the committed
 * one written over it. A hierarchy committed for another number of TX
 * queues fails the start with a logged -EINVAL.
 */
int socnic_tm_replay(struct rte_eth_dev *dev, int logtype);

/* ethdev's tm_ops_get: -ENOTSUP without an arbiter, or in a secondary. */
int socnic_dev_tm_ops_get(struct rte_eth_dev *dev, void *ops);

#endif /* SOCNIC_TM_H */
