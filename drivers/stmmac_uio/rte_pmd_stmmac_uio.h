/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * net_stmmac_uio: a small public API. One call completes what ethdev
 * lacks before DPDK 24.11 (rte_pmd_stmmac_uio_timesync_adjust_freq());
 * the rest is for tests and tools, harness side only: it reports on the
 * software device model behind a port (what a test bench would measure
 * on the wire), and the driver itself never uses it.
 *
 * Every function returns -ENODEV for a port that is not a net_stmmac_uio
 * port and -ENOTSUP for a port driving real hardware through uio=.
 *
 * The .so is a plugin without a version script: these are plain exported
 * symbols, not part of DPDK's ABI.
 */
#ifndef RTE_PMD_STMMAC_UIO_H
#define RTE_PMD_STMMAC_UIO_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Defined in the model's dwmac4_model.h, dwmac4_model_params.h (model/). */
struct dwmac4_model_stats;
struct dwmac4_model_faults;

#define RTE_PMD_STMMAC_UIO_EXPORT __attribute__((visibility("default")))

/*
 * The IEEE 1588 clock's rate trimmed by @p scaled_ppm, parts per million
 * with a 16-bit fraction (positive: faster), as ethdev's
 * rte_eth_timesync_adjust_freq() from DPDK 24.11 does on this PMD: for
 * applications built against older releases. On any net_stmmac_uio port,
 * hardware or model. 0; -EINVAL with timesync off or beyond the range the
 * addend register holds; -ENODEV for another port.
 */
RTE_PMD_STMMAC_UIO_EXPORT
int rte_pmd_stmmac_uio_timesync_adjust_freq(uint16_t port_id,
					    int64_t scaled_ppm);

/* The device's own counters (frames offered, delivered, missed, ...). */
RTE_PMD_STMMAC_UIO_EXPORT
int rte_pmd_stmmac_uio_model_stats(uint16_t port_id,
				   struct dwmac4_model_stats *st);

/* Takes the PHY link down (0) or up (1): a cable pulled or plugged. */
RTE_PMD_STMMAC_UIO_EXPORT
int rte_pmd_stmmac_uio_model_set_link(uint16_t port_id, int up);

/*
 * The link partner renegotiates to @p speed Mbit/s (10, 100 or 1000) at
 * full (@p full != 0) or half duplex, as when its advertisement changes:
 * the link drops and comes back in the new mode (docs/model.md "PHY and
 * MDIO"). 0, or -EINVAL for another speed.
 */
RTE_PMD_STMMAC_UIO_EXPORT
int rte_pmd_stmmac_uio_model_set_partner(uint16_t port_id, unsigned int speed,
					 int full);

/*
 * 1 when the RX traffic source is exhausted and the device has consumed
 * every frame it took (delivered to descriptors or missed), else 0.
 */
RTE_PMD_STMMAC_UIO_EXPORT
int rte_pmd_stmmac_uio_model_rx_idle(uint16_t port_id);

/*
 * Register @p off of the model SoC's block @p map ("cru", "grf",
 * "php_grf", "gpr") into @p val, without side effect; the RGMII TX clock
 * the SoC gives the MAC into @p txclk_hz. 0 or -errno (-ENOENT: no such
 * block).
 */
RTE_PMD_STMMAC_UIO_EXPORT
int rte_pmd_stmmac_uio_model_soc_peek(uint16_t port_id, const char *map,
				      uint32_t off, uint32_t *val);
RTE_PMD_STMMAC_UIO_EXPORT
int rte_pmd_stmmac_uio_model_soc_txclk(uint16_t port_id, uint32_t *txclk_hz);

/*
 * Description of the most recent driver protocol violation ("" when
 * none), or NULL with rte_errno set to ENODEV / ENOTSUP.
 */
RTE_PMD_STMMAC_UIO_EXPORT
const char *rte_pmd_stmmac_uio_model_last_violation(uint16_t port_id);

/*
 * The value register @p off (dwmac4_regs.h) of the device would read,
 * without a read's side effects (clear-on-read counters stay): what a
 * bench reads over JTAG. 0, -ENODEV, -ENOTSUP (uio=), -EINVAL (NULL, or
 * an offset outside the window or not 4-aligned).
 */
RTE_PMD_STMMAC_UIO_EXPORT
int rte_pmd_stmmac_uio_model_peek32(uint16_t port_id, uint32_t off,
				    uint32_t *val);

/*
 * Device faults injected by the DMA channel behind RX queue @p queue_id
 * (struct dwmac4_model_faults: rates per million frames and the seed of
 * their schedule, docs/model.md "Fault injection"): set replaces them,
 * get reads them. Allowed while the port runs: the device uses the new
 * knobs from its next frame. The fault_* devargs give queue 0's knobs at
 * probe. 0, -ENODEV, -ENOTSUP (uio=), or -EINVAL (no such queue, NULL,
 * a rate above 1000000, stall_ppm without stall_polls).
 */
RTE_PMD_STMMAC_UIO_EXPORT
int rte_pmd_stmmac_uio_model_set_faults(uint16_t port_id, uint16_t queue_id,
					const struct dwmac4_model_faults *f);
RTE_PMD_STMMAC_UIO_EXPORT
int rte_pmd_stmmac_uio_model_get_faults(uint16_t port_id, uint16_t queue_id,
					struct dwmac4_model_faults *f);

/*
 * Step mode (a port probed with model_step=1: no model thread): runs the
 * device's engines on the caller's thread until they have moved @p budget
 * frames (received and sent) or find nothing more to do. Returns the
 * frames moved, -EBUSY on a port whose model has its thread, -EINVAL for
 * a budget of 0 or above RTE_PMD_STMMAC_UIO_STEP_MAX. For benchmarks of
 * the driver alone on one core (tests/bench/bench_step.c).
 */
#define RTE_PMD_STMMAC_UIO_STEP_MAX 65536u
RTE_PMD_STMMAC_UIO_EXPORT
int rte_pmd_stmmac_uio_model_step(uint16_t port_id, unsigned int budget);

#ifdef __cplusplus
}
#endif

#endif /* RTE_PMD_STMMAC_UIO_H */
