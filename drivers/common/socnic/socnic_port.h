/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Port-level helpers every socrx PMD uses at probe.
 */
#ifndef SOCNIC_PORT_H
#define SOCNIC_PORT_H

#include <stdint.h>

/*
 * Default MAC address of a port without mac=: locally administered, from
 * the instance number in the vdev name @p name and the family's byte @p
 * family (so two families' ports never share one): 02:00:00:HI:FAMILY:LO
 * (net_stmmac_uio3 with family 1 -> 02:00:00:00:01:03). An address another
 * port of the process already has moves on to the next free one, with a
 * notice under @p logtype.
 */
void socnic_default_mac(const char *name, uint8_t family, uint8_t mac[6],
			int logtype);

#endif /* SOCNIC_PORT_H */
