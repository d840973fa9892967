/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * A port's xstats from its PMD's counter tables (socnic_xstats.h).
 */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include <ethdev_driver.h>

#include "socnic_log.h"
#include "socnic_port.h"
#include "socnic_rxq.h"
#include "socnic_xstats.h"

static uint64_t
socnic_xstat_val(const void *stats, const struct socnic_xstat *x)
{
	const uint64_t *v;

	if (stats == NULL)
		return 0;
	v = (const uint64_t *)(const void *)((const char *)stats + x->offset);
	return *v;
}

unsigned int
socnic_xstats_count(const struct socnic_xstats_layout *lay,
		    const struct socnic_backend *be)
{
	return lay->nb_rx + SOCNIC_RXQ_NB_LIB_XSTATS + lay->nb_tx +
	       socnic_backend_nb_xstats(be);
}

int
socnic_xstats_fill(const struct socnic_xstats_layout *lay, const void *rxs,
		   const uint64_t *lib, const void *txs,
		   const struct socnic_backend *be, const uint64_t *be_base,
		   struct rte_eth_xstat *xstats)
{
	unsigned int i = 0, j;

	for (j = 0; j < lay->nb_rx; j++, i++) {
		xstats[i].id = i;
		xstats[i].value = socnic_xstat_val(rxs, &lay->rx[j]);
	}
	for (j = 0; j < SOCNIC_RXQ_NB_LIB_XSTATS; j++, i++) {
		xstats[i].id = i;
		xstats[i].value = lib != NULL ? lib[j] : 0;
	}
	for (j = 0; j < lay->nb_tx; j++, i++) {
		xstats[i].id = i;
		xstats[i].value = socnic_xstat_val(txs, &lay->tx[j]);
	}
	return socnic_backend_xstats_get(be, be_base, xstats, i);
}

int
socnic_xstats_names(const struct socnic_xstats_layout *lay,
		    const struct socnic_backend *be,
		    struct rte_eth_xstat_name *names, unsigned int size)
{
	unsigned int i = 0, j;

	if (names == NULL || size < socnic_xstats_count(lay, be))
		return (int)socnic_xstats_count(lay, be);
	for (j = 0; j < lay->nb_rx; j++)
		snprintf(names[i++].name, RTE_ETH_XSTATS_NAME_SIZE, "rx_q0_%s",
			 lay->rx[j].name);
	socnic_rxq_lib_xstats_names(names + i, 0);
	i += SOCNIC_RXQ_NB_LIB_XSTATS;
	for (j = 0; j < lay->nb_tx; j++)
		snprintf(names[i++].name, RTE_ETH_XSTATS_NAME_SIZE, "tx_q0_%s",
			 lay->tx[j].name);
	return (int)socnic_backend_xstats_names(be, names, i);
}

void
socnic_xstats_log(const struct socnic_xstats_layout *lay, const void *rxs,
		  const uint64_t *lib, const void *txs, int logtype,
		  const char *port_name)
{
	unsigned int j;

	if (rxs != NULL) {
		for (j = 0; j < lay->nb_rx; j++)
			SOCNIC_LOG(logtype, DEBUG, "%s: rx_q0_%-16s %20" PRIu64 "  %s",
				   port_name, lay->rx[j].name,
				   socnic_xstat_val(rxs, &lay->rx[j]),
				   lay->rx[j].help);
		socnic_rxq_lib_xstats_log_values(lib, logtype, port_name, 0);
	}
	for (j = 0; txs != NULL && j < lay->nb_tx; j++)
		SOCNIC_LOG(logtype, DEBUG, "%s: tx_q0_%-16s %20" PRIu64 "  %s",
			   port_name, lay->tx[j].name,
			   socnic_xstat_val(txs, &lay->tx[j]), lay->tx[j].help);
}
