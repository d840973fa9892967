/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * rte_lpm (IPv4) and rte_lpm6 (IPv6) tables built from the route file.
 * The next hop stored in a table is the egress port id.
 */
#ifndef SOCRX_ROUTER_LPM_H
#define SOCRX_ROUTER_LPM_H

#include <rte_lpm.h>
#include <rte_lpm6.h>

#include "compat_lpm6.h"
#include "routes.h"

/*
 * Creates both tables on @p socket, sized from the route counts, and
 * fills them. @return 0, or -1 with a message logged.
 */
int router_lpm_setup(const struct route_table *t, int socket,
		     struct rte_lpm **lpm4, struct rte_lpm6 **lpm6);

void router_lpm_free(struct rte_lpm *lpm4, struct rte_lpm6 *lpm6);

#endif /* SOCRX_ROUTER_LPM_H */
