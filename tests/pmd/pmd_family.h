/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The NIC families the engine tests run on, from ONE table: every test
 * about the engine (verdicts, forwarding, copybreak, pool accounting,
 * faults, chaos, geometry, devargs) is written once against the family
 * named by SOCRX_TEST_FAMILY (default: stmmac), and meson runs it once
 * per family (tests/pmd/meson.build, pmd_families). A family is its vdev
 * name, the log types of its PMD, and the few facts of its device model
 * a test needs, read through a neutral struct (struct pmd_model_stats).
 */
#ifndef SOCRX_PMD_FAMILY_H
#define SOCRX_PMD_FAMILY_H

#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dwmac4_regs.h"
#include "model/dwmac4_model.h"
#include "rte_pmd_stmmac_uio.h"
#ifdef SOCRX_TEST_MVNETA
#include "mvneta_regs.h"
#include "neta_model.h"
#include "rte_pmd_mvneta_uio.h"
#endif

/* What every device model counts, in the same terms for every family. */
struct pmd_model_stats {
	uint64_t rx_offered;	/* frames taken from the traffic source */
	uint64_t rx_delivered;	/* frames written to descriptors */
	uint64_t rx_lost;	/* lost for want of room before the ring: imissed */
	uint64_t rx_pending;	/* taken, not yet delivered, lost or dropped */
	uint64_t rx_dropped_stopped;	/* refused: link down, RX or queue off */
	uint64_t rx_dropped_filter;	/* refused by the destination filter */
	uint64_t tx_frames;	/* frames handed to the sink */
	uint64_t tx_bytes;
	uint64_t thread_passes;	/* engine passes of the model's thread */
	uint64_t thread_blocks;	/* its waits for a register write (RX done) */
	uint64_t rx_fault_err;	/* frames closed with an error (fault knob) */
	uint64_t rx_fault_len;	/* length lies (fault knob) */
	uint64_t rx_fault_csum_lie;	/* checksum verdicts inverted (fault knob) */
	uint64_t rx_fault_wb_late;	/* counted before written back (fault knob) */
	uint64_t violations;	/* driver protocol violations: 0 */
	uint64_t nc_clobbers;	/* device bytes lost under a dirty line: 0 */
	uint64_t nc_unclean_reads;	/* device reads of uncleaned bytes: 0 */
	/* Frames sent with bytes maybe stale in DRAM (dwmac4 only): 0 */
	uint64_t nc_tx_stale;
	uint64_t nc_clean_lines;	/* lines the driver cleaned */
	/* Prefetches of lines not yet synced for the CPU (rx_observe): 0 */
	uint64_t nc_early_prefetches;
	uint64_t irq_raised;	/* rises of an RX interrupt line */
	uint64_t irq_race_frames;	/* model_irq_race=1: frames put in the window */
	uint64_t irq_misc_raised;	/* rises of the controller's own line (link) */
};

struct pmd_family {
	const char *name;	/* SOCRX_TEST_FAMILY */
	const char *vdev;	/* vdev name, without the instance number */
	const char *logtypes;	/* pattern of the PMD's log types */
	const char *cb_pool;	/* copybreak pool name prefix ("<pmd>_cb") */
	/* Longest frame the model takes from a source, FCS excluded. */
	uint32_t model_max_frame;
	/* The device reports a bad L4 checksum (else only "good" or nothing). */
	bool hw_l4_bad;
	/* The device checks the L4 checksum behind a bad IPv4 header. */
	bool hw_l4_behind_bad_ip;
	/*
	 * Descriptors a full ring keeps unarmed: 1 where a tail pointer equal
	 * to the device's position means "nothing armed" (dwmac4), 0 where
	 * the device counts (NETA).
	 */
	unsigned int ring_slack;
	/*
	 * The device's missed-frame counter saturates (dwmac4: 11 bits, the
	 * rx_q0_missed_overflow xstat), else it cannot in practice.
	 */
	bool missed_saturates;
	/*
	 * The model's knob for a descriptor counted done before its
	 * write-back landed, if the family's completion is a count (NETA's
	 * RXQ_STATUS); dwmac4's OWN-bit ordering has test_pmd_ordering.
	 */
	const char *wb_late_knob;
	/* The middle byte of the family's default MAC addresses. */
	uint8_t mac_family;
	/*
	 * Bytes the device stores in a buffer besides the frame (NETA: the
	 * Marvell header and the FCS; dwmac4 strips the FCS), and what the
	 * driver adds to the longest frame when it sizes the device's
	 * buffers for the MTU (dwmac4: 4 bytes of FCS slack).
	 */
	unsigned int rx_extra;
	unsigned int rx_rbsz_extra;
	/* Bytes the device writes in front of a frame (NETA's header). */
	unsigned int rx_lead;
	/*
	 * Several queues (test_pmd_queues): the devargs that give the model
	 * them (dwmac4: channels and MTL queues; NETA has 8), how many
	 * dev_info then reports, and a packet class the classifier steers by
	 * EtherType (dwmac4: PTP's PTPQ; NETA: the ARP queue).
	 */
	const char *mq_args;
	/*
	 * A fixed link: no PHY polled, so the driver writes no register
	 * while the application does nothing (test_pmd_smoke's idle model).
	 */
	const char *fixed_link_args;
	uint16_t mq_queues;
	uint16_t mq_class_ethertype;
	/* The device holds frames in a FIFO while no descriptor is armed. */
	bool rx_fifo;
	/*
	 * The length of a multi-descriptor frame is cumulative per
	 * descriptor (dwmac4's PL: a lie can go backwards), not a total in
	 * the first (NETA's data_size: a lie can exceed the MTU).
	 */
	bool len_cumulative;
	/*
	 * The device zero-pads frames shorter than 60 bytes on transmit (the
	 * model's sink sees the padded frame, as the wire would).
	 */
	bool tx_pads;
	/*
	 * Bytes a TX descriptor takes on a non-coherent ring: 0 for a cache
	 * line of its own (dwmac4 pads through DSL: the device writes TX
	 * descriptors back); NETA's are read only and stay 32 bytes.
	 */
	unsigned int tx_desc_nc_bytes;
	/*
	 * Devargs that delay the RX interrupt past the frame that closed
	 * (dwmac4: no IOC, the RX watchdog; NETA: an occupied threshold
	 * above the traffic, the time coalescing), for test_pmd_intr.
	 */
	const char *intr_coal_args;
	/*
	 * Devargs that hold the RX interrupt until INTR_FRAMES (3) frames
	 * are in the ring (NETA's occupied threshold), or NULL.
	 */
	const char *intr_frames_args;
	/*
	 * The model applies the station-address filter the driver programs
	 * (dwmac4's MAC_Address0 and hash; NETA's MAC address, unicast and
	 * multicast tables) and counts what it refuses.
	 */
	bool model_da_filter;
	/*
	 * Bytes of registers from map0's offset the PMD's UIO backend needs
	 * (dwmac4: up to DMA channel 8, DMA_CHANX_BASE_ADDR(8); NETA:
	 * MVNETA_REG_WINDOW_SIZE).
	 */
	uint32_t uio_window;
	/*
	 * A board's device-tree compatible for the family's controller, as
	 * sysfs gives it (NUL-separated strings), and its length.
	 */
	const char *uio_compatible;
	size_t uio_compatible_len;
	int (*model_stats)(uint16_t port, struct pmd_model_stats *st);
	int (*rx_idle)(uint16_t port);
	const char *(*last_violation)(uint16_t port);
	int (*set_link)(uint16_t port, int up);
	int (*model_step)(uint16_t port, unsigned int budget);
	/*
	 * The link cause the model latched is still set: the driver's
	 * interrupt handler has not acknowledged it yet (read without side
	 * effect). 1, 0, or -errno.
	 */
	int (*lsc_pending)(uint16_t port);
};

static inline int
pmd_family_stmmac_stats(uint16_t port, struct pmd_model_stats *st)
{
	struct dwmac4_model_stats m;
	int ret = rte_pmd_stmmac_uio_model_stats(port, &m);

	memset(st, 0, sizeof(*st));
	if (ret != 0)
		return ret;
	st->rx_offered = m.rx_offered;
	st->rx_delivered = m.rx_delivered;
	/* RPF flushes and MTL RX queue overflows: what imissed counts. */
	st->rx_lost = m.rx_missed + m.rx_dropped_overflow;
	st->rx_pending = m.rx_offered - m.rx_delivered - m.rx_missed -
			 m.rx_dropped_filter - m.rx_dropped_csum -
			 m.rx_dropped_stopped - m.rx_dropped_oversize -
			 m.rx_dropped_overflow - m.rx_dropped_speed;
	st->rx_dropped_stopped = m.rx_dropped_stopped;
	st->rx_dropped_filter = m.rx_dropped_filter;
	st->tx_frames = m.tx_frames;
	st->tx_bytes = m.tx_bytes;
	st->thread_passes = m.thread_passes;
	st->thread_blocks = m.thread_blocks;
	st->rx_fault_err = m.rx_fault_err;
	st->rx_fault_len = m.rx_fault_len;
	st->rx_fault_csum_lie = m.rx_fault_csum_lie;
	st->violations = m.violations;
	st->nc_clobbers = m.nc_clobbers;
	st->nc_unclean_reads = m.nc_unclean_reads;
	st->nc_tx_stale = m.nc_tx_stale;
	st->nc_clean_lines = m.nc_clean_lines;
	st->nc_early_prefetches = m.nc_early_prefetches;
	st->irq_raised = m.irq_raised;
	st->irq_race_frames = m.irq_race_frames;
	st->irq_misc_raised = m.irq_mac_raised;
	return 0;
}

/* MAC_Interrupt_Status.RGSMIIIS, which the PMD's handler clears. */
static inline int
pmd_family_stmmac_lsc_pending(uint16_t port)
{
	uint32_t v;
	int ret = rte_pmd_stmmac_uio_model_peek32(port, GMAC_INT_STATUS, &v);

	return ret < 0 ? ret : (v & DWMAC4_GMAC_INT_STATUS_RGSMIIIS) != 0;
}

#ifdef SOCRX_TEST_MVNETA
/* The misc causes of a link change, which the PMD's handler writes 0. */
static inline int
pmd_family_mvneta_lsc_pending(uint16_t port)
{
	uint32_t v;
	int ret = rte_pmd_mvneta_uio_model_peek32(port, MVNETA_INTR_MISC_CAUSE,
						  &v);

	return ret < 0 ? ret : (v & (MVNETA_CAUSE_PHY_STATUS_CHANGE |
				      MVNETA_CAUSE_LINK_CHANGE)) != 0;
}

static inline int
pmd_family_mvneta_stats(uint16_t port, struct pmd_model_stats *st)
{
	struct neta_model_stats m;
	int ret = rte_pmd_mvneta_uio_model_stats(port, &m);

	memset(st, 0, sizeof(*st));
	if (ret != 0)
		return ret;
	st->rx_offered = m.rx_offered;
	st->rx_delivered = m.rx_delivered;
	/* No non-occupied descriptor: the port's discard counter. */
	st->rx_lost = m.rx_missed;
	st->rx_pending = m.rx_offered - m.rx_delivered - m.rx_missed -
			 m.rx_dropped_stopped - m.rx_dropped_filter -
			 m.rx_dropped_hung - m.rx_dropped_speed;
	st->rx_dropped_stopped = m.rx_dropped_stopped;
	st->rx_dropped_filter = m.rx_dropped_filter;
	st->tx_frames = m.tx_frames;
	st->tx_bytes = m.tx_bytes;
	st->thread_passes = m.thread_passes;
	st->thread_blocks = m.thread_blocks;
	st->rx_fault_err = m.rx_fault_err;
	st->rx_fault_len = m.rx_fault_len;
	st->rx_fault_csum_lie = m.rx_fault_csum_lie;
	st->rx_fault_wb_late = m.rx_fault_wb_late;
	st->violations = m.violations;
	st->nc_clobbers = m.nc.clobbers;
	st->nc_unclean_reads = m.nc.unclean_reads;
	st->nc_clean_lines = m.nc.clean_lines;
	st->nc_early_prefetches = m.nc.early_prefetches;
	st->irq_raised = m.irq_raised;
	st->irq_race_frames = m.irq_race_frames;
	st->irq_misc_raised = m.irq_misc_raised;
	return 0;
}
#endif

static const struct pmd_family pmd_families[] = {
	{
		.name = "stmmac",
		.vdev = "net_stmmac_uio",
		.logtypes = "pmd.net.stmmac*",
		.cb_pool = "stmmac_cb",
		.model_max_frame = DWMAC4_MODEL_MAX_FRAME,
		.hw_l4_bad = true,
		.hw_l4_behind_bad_ip = true,
		.ring_slack = 1,
		.missed_saturates = true,
		.rx_extra = 0,
		.rx_rbsz_extra = 4,
		.rx_fifo = true,
		.tx_pads = true,
		.mac_family = 0x01,
		.len_cumulative = true,
		.intr_coal_args = "riwt=16",
		.mq_args = "model_channels=2,model_mtl_queues=2",
		.fixed_link_args = "fixed_link=1000",
		.mq_queues = 2,
		.mq_class_ethertype = 0x88f7,
		.model_da_filter = true,
		.uio_window = 0x1500,
		/* RK3568's gmac0 (rk356x.dtsi). */
		.uio_compatible = "rockchip,rk3568-gmac\0snps,dwmac-4.20a",
		.uio_compatible_len = sizeof("rockchip,rk3568-gmac\0snps,dwmac-4.20a"),
		.model_stats = pmd_family_stmmac_stats,
		.rx_idle = rte_pmd_stmmac_uio_model_rx_idle,
		.last_violation = rte_pmd_stmmac_uio_model_last_violation,
		.set_link = rte_pmd_stmmac_uio_model_set_link,
		.model_step = rte_pmd_stmmac_uio_model_step,
		.lsc_pending = pmd_family_stmmac_lsc_pending,
	},
#ifdef SOCRX_TEST_MVNETA
	{
		.name = "mvneta",
		.vdev = "net_mvneta_uio",
		.logtypes = "pmd.net.mvneta*",
		.cb_pool = "mvneta_cb",
		.model_max_frame = NETA_MODEL_MAX_FRAME - 4,
		.hw_l4_bad = false,
		.tx_pads = true,
		.tx_desc_nc_bytes = 32,
		.wb_late_knob = "fault_wb_late_ppm",
		.rx_extra = 6,
		.rx_rbsz_extra = 6,
		.rx_lead = 2,
		.mac_family = 0x02,
		.intr_coal_args = "rx_coal_frames=64,rx_coal_usecs=100",
		.intr_frames_args = "rx_coal_frames=3",
		.mq_args = "",
		.fixed_link_args = "mdio=none",
		.mq_queues = 8,
		.mq_class_ethertype = 0x0806,
		.model_da_filter = true,
		.uio_window = 0x4000,
		/* Armada 3720's eth0 (armada-37xx.dtsi). */
		.uio_compatible = "marvell,armada-3700-neta",
		.uio_compatible_len = sizeof("marvell,armada-3700-neta"),
		.model_stats = pmd_family_mvneta_stats,
		.rx_idle = rte_pmd_mvneta_uio_model_rx_idle,
		.last_violation = rte_pmd_mvneta_uio_model_last_violation,
		.set_link = rte_pmd_mvneta_uio_model_set_link,
		.model_step = rte_pmd_mvneta_uio_model_step,
		.lsc_pending = pmd_family_mvneta_lsc_pending,
	},
#endif
};

/* The family named @p name, or NULL when it is not built into the test. */
static inline const struct pmd_family *
pmd_family_named(const char *name)
{
	size_t i;

	for (i = 0; i < sizeof(pmd_families) / sizeof(pmd_families[0]); i++)
		if (strcmp(pmd_families[i].name, name) == 0)
			return &pmd_families[i];
	return NULL;
}

/* The family of this run (SOCRX_TEST_FAMILY); exits 77 for one not built. */
static inline const struct pmd_family *
pmd_family(void)
{
	static const struct pmd_family *f;
	const char *e;

	if (f != NULL)
		return f;
	e = getenv("SOCRX_TEST_FAMILY");
	if (e == NULL || e[0] == '\0')
		e = "stmmac";
	f = pmd_family_named(e);
	if (f == NULL) {
		printf("SKIP: family %s is not built into this test\n", e);
		exit(77);
	}
	return f;
}

/*
 * Whether @p out is what the family's TX puts on the wire for @p in:
 * the same bytes, zero-padded to 60 when the device pads.
 */
static inline bool
pmd_family_tx_same(const uint8_t *in, uint32_t in_len, const uint8_t *out,
		   uint32_t out_len)
{
	uint32_t i;

	if (!pmd_family()->tx_pads || in_len >= 60)
		return in_len == out_len && memcmp(in, out, in_len) == 0;
	if (out_len != 60 || memcmp(in, out, in_len) != 0)
		return false;
	for (i = in_len; i < 60; i++)
		if (out[i] != 0)
			return false;
	return true;
}

/* The vdev name of instance @p i of this run's family, in @p buf. */
static inline const char *
pmd_vdev(char *buf, size_t size, unsigned int i)
{
	snprintf(buf, size, "%s%u", pmd_family()->vdev, i);
	return buf;
}

#endif /* SOCRX_PMD_FAMILY_H */
