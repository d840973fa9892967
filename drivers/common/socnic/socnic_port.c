/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Port-level helpers (socnic_port.h).
 */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include <ethdev_driver.h>
#include <rte_ether.h>

#include "socnic_log.h"
#include "socnic_port.h"
#include "socnic_secondary.h"

/* Whether a probed port (another one: ours has no address yet) has @p ea. */
static bool
socnic_mac_in_use(const struct rte_ether_addr *ea)
{
	uint16_t p;

	RTE_ETH_FOREACH_DEV(p) {
		const struct rte_eth_dev_data *d = rte_eth_devices[p].data;

		if (d->mac_addrs != NULL &&
		    rte_is_same_ether_addr(&d->mac_addrs[0], ea))
			return true;
	}
	return false;
}

void
socnic_default_mac(const char *name, uint8_t family, uint8_t mac[6],
		   int logtype)
{
	struct rte_ether_addr ea;
	size_t n = strlen(name);
	unsigned long id = 0, mul = 1, first;

	while (n > 0 && name[n - 1] >= '0' && name[n - 1] <= '9' &&
	       mul <= 10000) {
		id += (unsigned long)(name[n - 1] - '0') * mul;
		mul *= 10;
		n--;
	}
	id &= 0xffff;
	for (first = id;; ) {
		ea = (struct rte_ether_addr){{ 0x02, 0, 0, (uint8_t)(id >> 8),
					       family, (uint8_t)id }};
		if (!socnic_mac_in_use(&ea))
			break;
		id = (id + 1) & 0xffff;
		if (id == first)
			break;	/* 65536 ports: cannot happen (RTE_MAX_ETHPORTS) */
	}
	if (id != first)
		SOCNIC_LOG(logtype, NOTICE, "%s: default MAC address taken by another port, using " RTE_ETHER_ADDR_PRT_FMT,
			   name, RTE_ETHER_ADDR_BYTES(&ea));
	memcpy(mac, ea.addr_bytes, 6);
}

/*
 * The count and the names from the copy in shared memory: the primary
 * made it from its ops at probe (socnic_secondary_serve()), so it is the
 * same in every process.
 */
unsigned int
socnic_backend_nb_xstats(const struct socnic_backend *be)
{
	return be->shared.nb_xstats;
}

int
socnic_backend_xstats_get(const struct socnic_backend *be,
			  const uint64_t *base, struct rte_eth_xstat *xstats,
			  unsigned int i)
{
	uint64_t v[SOCNIC_BACKEND_MAX_XSTATS];
	unsigned int j, nb = socnic_backend_nb_xstats(be);

	if (nb == 0)
		return (int)i;
	if (!socnic_drives_device()) {
		/* Since the primary's last reset already. */
		if (socnic_secondary_backend_xstats(be, v) < 0)
			return -EIO;
		base = NULL;
	} else {
		be->ops->xstats_get(be->ctx, v);
	}
	for (j = 0; j < nb; j++, i++) {
		xstats[i].id = i;
		xstats[i].value = base != NULL ? v[j] - base[j] : v[j];
	}
	return (int)i;
}

unsigned int
socnic_backend_xstats_names(const struct socnic_backend *be,
			    struct rte_eth_xstat_name *names, unsigned int i)
{
	unsigned int j;

	for (j = 0; j < socnic_backend_nb_xstats(be); j++)
		snprintf(names[i++].name, RTE_ETH_XSTATS_NAME_SIZE, "%s",
			 be->shared.xstat_names[j]);
	return i;
}

void
socnic_backend_xstats_reset(const struct socnic_backend *be, uint64_t *base)
{
	if (be->ops->nb_xstats != 0)
		be->ops->xstats_get(be->ctx, base);
}
