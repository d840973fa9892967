/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The neta model as a socnic backend (socnic_backend.h): what a PMD calls
 * to put the software NETA behind a port. The only model header a PMD's
 * model backend file includes; the rest of the PMD sees struct
 * socnic_backend only.
 *
 * Use, in the PMD's probe (with uio= absent):
 *
 *	static const struct socnic_devarg mvneta_own_keys[] = {
 *		MVNETA_DEVARGS(SOCNIC_DEVARG_KNOWN)
 *	};
 *	struct neta_model_args_conf conf = {
 *		.params = MVNETA_PMD_PARAMS,	// the PMD's parameter string
 *		.driver_keys = mvneta_own_keys,
 *		.nb_driver_keys = RTE_DIM(mvneta_own_keys),
 *		.mac = mac,			// the port's address
 *		.noncoherent = da.rx.dma == SOCNIC_DMA_NONCOHERENT,
 *		.logtype = mvneta_logtype_backend,
 *	};
 *	ret = neta_model_backend_create(&ad->be, name, devargs_str, &conf);
 *
 * then, as for any backend: be.ops->dma_map(be.ctx) once DPDK memory is
 * there (every segment, present and future, enters the model's DMA
 * window), be.ops->start() at dev_start (the model's thread), read32 /
 * write32 for every register (mvneta_regs.h), be.ops->cache_op (non-NULL
 * only with dma=noncoherent and model_nc=1) after each clean or
 * clean+invalidate, be.ops->xstats_get() for the model's counters,
 * socnic_backend_destroy() at close. be.promiscuous says the traffic is
 * not addressed to the port (a capture or an interface).
 *
 * Devargs: the model parses SOCNIC_MODEL_DEVARGS (traffic: rx_pcap,
 * rx_pcap_loop, tx_pcap, iface, rx_iface, tx_iface, gen_*; model_cpu,
 * model_step, dma_store, flow_ctrl, model_nc, fault_seed; wb_batch does
 * not apply to this model and is ignored; fault_err_ppm, fault_len_ppm,
 * fault_csum_lie_ppm, model_irq_race, model_phy_speed, model_phy_duplex)
 * and NETA_MODEL_DEVARGS (model=neta, fault_wb_late_ppm, model_mdio,
 * model_phy_addr, model_watch_da; neta_model_devargs.h). Interrupts: an
 * eventfd per RX queue (SOCNIC_IRQ_EVENTFD, irq_fd(ctx, hardware queue))
 * and one for the port's misc line (irq_misc_fd: the link). The PMD's own
 * keys, the port's and the RX path's
 * are recognised and left to the PMD.
 *
 * Xstats (in this order): model_violations, model_viol_unwritten_read,
 * model_rx_busy (1 while the traffic source has frames to give),
 * model_rx_dropped_hung, model_nc_clobbers,
 * model_nc_unclean_reads, then the traffic's (SOCNIC_MODEL_TRAFFIC_XSTATS:
 * model_src_snapped, model_src_too_long, model_src_bad_records,
 * model_tx_sink_errors), model_rx_dropped_speed, model_tx_dropped_speed,
 * model_viol_dma_window, model_viol_bad_config, model_tx_token_stalls,
 * model_rx_dropped_filter. A correct driver keeps the violation and nc
 * counters at 0.
 */
#ifndef SOCRX_NETA_MODEL_BACKEND_H
#define SOCRX_NETA_MODEL_BACKEND_H

#include <stdbool.h>
#include <stdint.h>

#include "socnic_backend.h"
#include "socnic_devargs.h"

#include "neta_model.h"
#include "neta_model_args.h"
#include "neta_model_devargs.h"

/*
 * Parses the model's devargs of @p args for the device @p name
 * (neta_model_args.h: @p conf says what the PMD gives), creates
 * the model and its traffic and fills @p be (kind SOCNIC_BACKEND_MODEL).
 * 0, -EINVAL (a refused devarg or traffic source, logged) or -ENOMEM.
 */
int neta_model_backend_create(struct socnic_backend *be, const char *name,
			      const char *args,
			      const struct neta_model_args_conf *conf);

/*
 * Harness side (a PMD's rte_pmd_*_model_* calls, tests): the model behind
 * @p be, or NULL when @p be is not a neta model backend.
 */
struct neta_model *neta_model_backend_model(const struct socnic_backend *be);

#endif /* SOCRX_NETA_MODEL_BACKEND_H */
