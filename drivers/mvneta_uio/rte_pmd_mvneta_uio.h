/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * net_mvneta_uio: a small public API for tests and tools, harness side
 * only. It reports on the software neta model behind a port (what a test
 * bench would measure on the wire); the driver itself never uses it.
 *
 * Every function returns -ENODEV for a port that is not a net_mvneta_uio
 * port and -ENOTSUP for a port driving real hardware through uio=.
 * Plain exported symbols of a plugin, not part of DPDK's ABI.
 */
#ifndef RTE_PMD_MVNETA_UIO_H
#define RTE_PMD_MVNETA_UIO_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Defined in the model's neta_model.h (drivers/mvneta_uio/model/). */
struct neta_model_stats;
struct neta_model_faults;

#define RTE_PMD_MVNETA_UIO_EXPORT __attribute__((visibility("default")))

/* The device's own counters (frames offered, delivered, missed, ...). */
RTE_PMD_MVNETA_UIO_EXPORT
int rte_pmd_mvneta_uio_model_stats(uint16_t port_id,
				   struct neta_model_stats *st);

/* Takes the link down (0) or up (1): a cable pulled or plugged. */
RTE_PMD_MVNETA_UIO_EXPORT
int rte_pmd_mvneta_uio_model_set_link(uint16_t port_id, int up);

/*
 * The link partner renegotiates to @p speed Mbit/s (10, 100 or 1000) at
 * full (1) or half (0) duplex: the link drops and comes back in the new
 * mode, which the PMD reads from the PHY over the SMI and forces into the
 * GMAC. 0, -ENODEV, -ENOTSUP, -EINVAL (another speed).
 */
RTE_PMD_MVNETA_UIO_EXPORT
int rte_pmd_mvneta_uio_model_set_partner(uint16_t port_id, unsigned int speed,
					 int full);

/*
 * 1 when the RX traffic source is exhausted and the device has consumed
 * every frame it took, else 0.
 */
RTE_PMD_MVNETA_UIO_EXPORT
int rte_pmd_mvneta_uio_model_rx_idle(uint16_t port_id);

/*
 * Description of the most recent driver protocol violation ("" when
 * none), or NULL with rte_errno set to ENODEV / ENOTSUP.
 */
RTE_PMD_MVNETA_UIO_EXPORT
const char *rte_pmd_mvneta_uio_model_last_violation(uint16_t port_id);

/*
 * Register @p off of the device as stored, without a read's side effects
 * (what a bus analyser would show: what the driver left programmed).
 * 0 on success with *@p val set, -ENODEV, -ENOTSUP, -EINVAL (NULL, or an
 * offset unaligned or beyond the register window).
 */
RTE_PMD_MVNETA_UIO_EXPORT
int rte_pmd_mvneta_uio_model_peek32(uint16_t port_id, uint32_t off,
				    uint32_t *val);

/*
 * The RX engine's fault knobs (struct neta_model_faults): set replaces
 * them, get reads them; allowed while the port runs. 0, -ENODEV,
 * -ENOTSUP (uio=), -EINVAL (no such queue, NULL, a rate above 1000000).
 */
RTE_PMD_MVNETA_UIO_EXPORT
int rte_pmd_mvneta_uio_model_set_faults(uint16_t port_id, uint16_t queue_id,
					const struct neta_model_faults *f);
RTE_PMD_MVNETA_UIO_EXPORT
int rte_pmd_mvneta_uio_model_get_faults(uint16_t port_id, uint16_t queue_id,
					struct neta_model_faults *f);

/*
 * Step mode (a port probed with model_step=1: no model thread): runs the
 * device's engines on the caller's thread until they have moved @p budget
 * frames (received and sent) or find nothing more to do. Returns the
 * frames moved, -EBUSY on a port whose model has its thread, -EINVAL for
 * a budget of 0 or above RTE_PMD_MVNETA_UIO_STEP_MAX. For benchmarks of
 * the driver alone on one core (tests/bench/bench_step.c).
 */
#define RTE_PMD_MVNETA_UIO_STEP_MAX 65536u
RTE_PMD_MVNETA_UIO_EXPORT
int rte_pmd_mvneta_uio_model_step(uint16_t port_id, unsigned int budget);

#ifdef __cplusplus
}
#endif

#endif /* RTE_PMD_MVNETA_UIO_H */
