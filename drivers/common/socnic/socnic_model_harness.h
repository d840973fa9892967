/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The harness side of a model port, every family's: what a PMD's
 * rte_pmd_<pmd>_model_*() calls do once they have the port of the ethdev
 * port (the adapter's struct socnic_port, NULL for a port of another
 * PMD), through the family's struct socnic_model_harness_ops. Each
 * returns -ENODEV for no such port and -ENOTSUP for a port driving
 * hardware (socnic_model_port_of()); the PMD keeps its exported names and
 * its own structs for stats and faults.
 */
#ifndef SOCNIC_MODEL_HARNESS_H
#define SOCNIC_MODEL_HARNESS_H

#include <stdbool.h>
#include <stdint.h>

#include "socnic_port.h"

/*
 * A family's model as the harness reaches it, a static table of the
 * family's backend (struct socnic_model_dev_ops' harness); every call
 * takes the port's dev: the family's counters into its own stats struct
 * @p st; whether the traffic source has no frame left; the last protocol
 * violation's text; the register at @p off (4-aligned, below reg_window)
 * without a read's side effects; the link partner's mode; the fault
 * knobs (the family's struct) of RX queue @p q, below nb_fault_queues.
 */
struct socnic_model_harness_ops {
	void (*stats)(void *dev, void *st);
	bool (*rx_idle)(void *dev);
	const char *(*last_violation)(void *dev);
	uint32_t (*peek32)(void *dev, uint32_t off);
	uint32_t reg_window;
	int (*set_partner)(void *dev, unsigned int speed, bool full);
	int (*set_faults)(void *dev, unsigned int q, const void *f);
	int (*get_faults)(void *dev, unsigned int q, void *f);
	unsigned int nb_fault_queues;
};

/* The family's counters into *@p st (its stats struct); -EINVAL for NULL. */
int socnic_model_harness_stats(const struct socnic_port *port, void *st);

/* 1 when the traffic source has no frame left to give, else 0. */
int socnic_model_harness_rx_idle(const struct socnic_port *port);

/*
 * The text of the last protocol violation (NULL for none yet), or NULL
 * with rte_errno set when there is no model behind @p port.
 */
const char *
socnic_model_harness_last_violation(const struct socnic_port *port);

/*
 * *@p val: the register at @p off without a read's side effects; -EINVAL
 * for a NULL @p val, an unaligned @p off or one outside the window.
 */
int socnic_model_harness_peek32(const struct socnic_port *port, uint32_t off,
				uint32_t *val);

/* The link partner's mode (@p full 0: half duplex): the model's answer. */
int socnic_model_harness_set_partner(const struct socnic_port *port,
				     unsigned int speed, int full);

/*
 * The fault knobs (the family's struct) of RX queue @p queue_id: the
 * model's answer, or -EINVAL for a queue beyond the device's.
 */
int socnic_model_harness_set_faults(const struct socnic_port *port,
				    uint16_t queue_id, const void *f);
int socnic_model_harness_get_faults(const struct socnic_port *port,
				    uint16_t queue_id, void *f);

#endif /* SOCNIC_MODEL_HARNESS_H */
