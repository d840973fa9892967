/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The parameters a dwmac4 model is created with (dwmac4_model.h,
 * dwmac4_model_create()): the device's shape, its traffic, the PHY and
 * its link partner, the SoC around it, the state it starts in, and the
 * faults its receive engine injects. Included by dwmac4_model.h.
 */
#ifndef SOCRX_DWMAC4_MODEL_PARAMS_H
#define SOCRX_DWMAC4_MODEL_PARAMS_H

#include <stdbool.h>
#include <stdint.h>

#include "model_dma_store.h"

#ifdef __cplusplus
extern "C" {
#endif

struct model_traffic_src;
struct model_traffic_sink;

/* MDIO addresses a PHY may answer at; params.phy_addr beyond: no PHY. */
#define DWMAC4_MODEL_PHY_ADDR_MAX 31u
#define DWMAC4_MODEL_PHY_NONE 32u
/* Link events of params.link_events: at most this many; the two non-modes. */
#define DWMAC4_MODEL_MAX_LINK_EVENTS 8u
#define DWMAC4_MODEL_LINK_DOWN 0u
#define DWMAC4_MODEL_LINK_UP 1u
/* MTL queues the core may be synthesised with (MAC_HW_Feature2). */
#define DWMAC4_MODEL_MAX_MTL_QUEUES 8u

/* The clocks of the block, as a board may leave them. */
enum dwmac4_model_clocks {
	DWMAC4_MODEL_CLOCKS_ON = 0,
	/*
	 * No clock to the block (gated, or held in reset by the CRU/GRF):
	 * every register reads 0, and a software reset never completes.
	 */
	DWMAC4_MODEL_CLOCKS_OFF,
	/*
	 * The register clock runs but the (R)GMII receive clock from the
	 * PHY is missing (PHY powered down, wrong interface mode or delays
	 * in GRF): registers work, the software reset never completes.
	 */
	DWMAC4_MODEL_CLOCKS_NO_RXC,
};

/*
 * The SoC around the GMAC (dwmac4_model_soc.c, docs/model.md "The SoC
 * around the GMAC"): its clock and reset unit and register files as
 * pages of registers behind extra maps, which decide whether the block
 * is clocked and out of reset, its interface mode and its RGMII TX clock.
 */
enum dwmac4_model_soc {
	DWMAC4_MODEL_SOC_NONE = 0,	/* the block just works (clocks=) */
	DWMAC4_MODEL_SOC_RK3568,
	DWMAC4_MODEL_SOC_RK3588,
	DWMAC4_MODEL_SOC_IMX8MP,
};

/* The state the SoC's blocks start in. */
enum dwmac4_model_soc_boot {
	/*
	 * As upstream U-Boot leaves them after a network command such as
	 * dhcp at 1000 Mbit/s: the GMAC's reset asserted (Rockchip: its stop
	 * hook), its clocks open, interface mode and delay lines set from
	 * the board's node, the TX clock at 125 MHz.
	 */
	DWMAC4_MODEL_SOC_BOOT_UBOOT = 0,
	/* The TRMs' reset values: released, ungated, every field 0. */
	DWMAC4_MODEL_SOC_BOOT_COLD,
};

/*
 * Device faults injected by one DMA channel's receive engine
 * (docs/model.md "Fault injection"; the rows of the robustness catalogue
 * each knob serves in brackets). Each *_ppm is a rate per million frames,
 * 0 (default) is off. Whether frame k (rx_offered, 1-based) is hit by a
 * knob is a pure function of (seed, knob, k), so a seed replays the same
 * schedule whatever the timing. Injected faults are device behaviour,
 * never driver protocol violations; each fault applied is counted in its
 * rx_fault_* statistic. At most one of cum_back, ld_no_fd and fd_twice
 * applies to a frame (in that order).
 */
struct dwmac4_model_faults {
	uint64_t seed;			/* of the schedule */
	/* Closed with ES and one of CE, OE, RWT, GP or RE [1, 2]. */
	uint32_t err_ppm;
	/* IPHE/IPCE of an IP frame inverted (checksum policy P-b). */
	uint32_t csum_lie_ppm;
	/* Last descriptor's PL 0, 1..4, or past every buffer [9, 11]. */
	uint32_t len_ppm;
	/*
	 * A frame over two or more descriptors: one descriptor after the
	 * first (a middle one when there is one, else the last) reports a
	 * cumulative PL smaller than the descriptor before it [11].
	 */
	uint32_t cum_back_ppm;
	/*
	 * The frame's first descriptor is written without FD: LD without FD
	 * for a one-descriptor frame, a first descriptor with neither for a
	 * longer one [7, 11].
	 */
	uint32_t ld_no_fd_ppm;
	/*
	 * A first-without-last, then a new first [7]: the engine writes the
	 * first j descriptors of the frame (FD on the first, LD on none),
	 * abandons them and stores the whole frame again from a new FD. The
	 * fragment is one more frame on the ring, dropped by the driver:
	 * ipackets + ierrors + imissed == rx_offered + rx_fault_fd_twice.
	 */
	uint32_t fd_twice_ppm;
	/*
	 * The frame is made exactly k * RBSZ bytes long (cut to the largest
	 * multiple of RBSZ, or zero-padded to RBSZ when shorter) before the
	 * checksum engine and the FCS. When the MAC keeps the FCS in memory
	 * (CST and ACS clear), the last descriptor then holds the 4 FCS
	 * bytes alone [10]; when it strips them, the frame fills k buffers
	 * exactly.
	 */
	uint32_t fcs_only_ppm;
	/*
	 * The engine stops for stall_polls of its own polls (engine passes:
	 * dwmac4_model_step() calls or model thread iterations) once the
	 * frame's first descriptor is written back, then resumes. It takes
	 * no frame meanwhile: with flow control nothing is missed [8;
	 * section 3, knob 5]. stall_polls >= 1 when stall_ppm is set.
	 */
	uint32_t stall_ppm;
	uint32_t stall_polls;
	/*
	 * Completion anomaly: the status word (RDES3) of the frame's last
	 * descriptor is written a second time once the driver has armed the
	 * descriptor again: OWN cleared on a re-armed descriptor with the
	 * previous frame's status, RDES0..2 left as the driver armed them.
	 * Given up (not counted) when the engine comes back to the
	 * descriptor first [section 3, knob 9].
	 */
	uint32_t dup_ppm;
	/*
	 * Completion anomaly: before the frame's first descriptor the engine
	 * skips one descriptor it owns, leaving it owned and untouched, and
	 * stores the frame from the next one [12; section 3, knob 9].
	 */
	uint32_t skip_ppm;
	/*
	 * One byte of the TCP/UDP payload is flipped after the checksum
	 * engine wrote its verdict, on frames it found good (RS1V needed,
	 * i.e. GMAC_CONFIG.IPC): RDES1 says good, the data is bad, a stored
	 * FCS is the wire's. Only a software checksum catches it (section 3,
	 * knob 11).
	 */
	uint32_t corrupt_ppm;
};

struct dwmac4_model_params {
	unsigned int n_channels;	/* 1..DWMAC4_MODEL_MAX_CHANNELS */
	uint8_t mac[6];			/* reset value of MAC address 0 */
	enum model_dma_store dma_store;	/* model_dma_store.h */
	/*
	 * Received traffic enters MTL queue 0 (with several queues, the one
	 * the MAC routes it to) and the DMA channel it is mapped to (0 at
	 * reset). With flow_control, a frame that
	 * finds no armed descriptor waits (as behind 802.3x PAUSE) instead
	 * of being missed: lossless replay of a capture.
	 */
	bool flow_control;
	/* Traffic: the model takes ownership of both (NULL: none / discard). */
	struct model_traffic_src *rx_src;
	struct model_traffic_sink *tx_sink;
	/*
	 * Thread mode: after this many consecutive polls without work the
	 * thread sleeps idle_sleep_us microseconds between polls (0: spin).
	 */
	unsigned int idle_polls;
	unsigned int idle_sleep_us;
	/*
	 * Descriptor write-back coalescing: the RX engine publishes the OWN
	 * bits of completed descriptors together, once wb_batch frames are
	 * done or the engine runs out of work (at the latest at the end of
	 * each engine pass), as DMA engines that burst their write-backs do.
	 * 0 or 1: every descriptor at once.
	 */
	unsigned int wb_batch;
	/*
	 * Fault injection of channel 0 at creation (struct dwmac4_model_faults
	 * above; all zero: none). dwmac4_model_set_faults() changes the knobs
	 * of any channel later, while the model runs.
	 */
	struct dwmac4_model_faults faults;
	/*
	 * Write-ordering adversary (robustness row 13; dwmac4_model_wo.c),
	 * a rate per million frames like the knobs above: a hit frame's last
	 * descriptor shows OWN clear while its RDES1 and the first 64 bytes
	 * of its last buffer still hold poison; the true values become
	 * visible at the driver's next dwmac4_model_rx_barrier() (or when RX
	 * DMA stops). Needs a driver that calls that barrier.
	 */
	uint32_t fault_wo_ppm;
	/*
	 * Non-coherent interconnect (model_nc.h, docs/model.md): the device
	 * reads what the driver cleaned and the driver sees what the device
	 * wrote only in the lines it invalidated, through
	 * dwmac4_model_cache_op(). Off: DMA is cache-coherent.
	 */
	bool nc_emulation;
	/*
	 * The PHY (dwmac4_model_phy.c): its MDIO address (PHY_NONE: no PHY,
	 * a fixed link to a switch), and the one mode its link partner
	 * offers at power-on (dwmac4_model_set_partner() renegotiates), which
	 * auto-negotiation settles on. A MAC whose
	 * MAC_Configuration PS/FES/DM disagree receives and sends nothing.
	 */
	unsigned int phy_addr;		/* default 0 */
	unsigned int phy_speed;		/* 10, 100 or 1000 (default) Mbit/s */
	bool phy_full;			/* full duplex (default) */
	/*
	 * A core without the RGMII/SGMII in-band link status
	 * (MAC_HW_Feature0.PCSSEL clear, as on a board whose PHY sends
	 * none): RGSMIIIS never rises, a driver learns of a link change only
	 * from the PHY over MDIO.
	 */
	bool no_pcs;
	/*
	 * Link events in frame terms, for tests of a link that changes while
	 * frames flow: when the traffic source hands over frame number
	 * .frame (rx_offered), the partner renegotiates to .speed/.full
	 * (dwmac4_model_set_partner()), or the cable is pulled or plugged
	 * (.speed DWMAC4_MODEL_LINK_DOWN / _UP). Frames strictly increasing.
	 */
	struct dwmac4_model_link_event {
		uint64_t frame;
		unsigned int speed;	/* 10, 100, 1000, or LINK_DOWN / LINK_UP */
		bool full;
	} link_events[DWMAC4_MODEL_MAX_LINK_EVENTS];
	unsigned int nb_link_events;
	/*
	 * The link partner offers EEE at 100 and 1000 Mbit/s (MMD 7
	 * register 61). The PHY advertises EEE after power-on, as an
	 * RTL8211F or a YT8531 does, and stops the receive clock in LPI: on
	 * such a link a software reset never completes until the driver
	 * turns EEE off and restarts auto-negotiation (or clears the PHY's
	 * clock stop enable). Default false.
	 */
	bool phy_eee;
	/*
	 * Interrupt wiring. false (default): each DMA channel and the MAC
	 * have a line and an eventfd of their own. true: one line, as boards
	 * wire sbd_intr alone (DMA_Mode.INTM 0 routes every DMA channel's
	 * interrupt to it): high while any channel's or the MAC's cause is,
	 * each rise written to every eventfd, and the interrupt controller's
	 * unmask (dwmac4_model_irq_unmask()) fires a line still high again,
	 * as a level interrupt through uio_pdrv_genirq does.
	 */
	bool irq_one_line;
	/*
	 * The MMC counters start each reset preset 16 frames (2 KiB) below
	 * half range, as MMC_Control.CNTPRST with CNTPRSTLVL 0 leaves them:
	 * a bench's stand-in for the ~17 s of line rate that take a counter
	 * there. Default false (they reset to 0).
	 */
	bool mmc_preset;
	/*
	 * MTL queues the core has (1..DWMAC4_MODEL_MAX_MTL_QUEUES, default
	 * 1). With more than one, each queue's TQS/RQS resets to 256 bytes
	 * (databook MTL_TxQ/RxQ_Operation_Mode) and the driver must size them.
	 */
	unsigned int mtl_queues;
	enum dwmac4_model_clocks clocks;
	/*
	 * The SoC (DWMAC4_MODEL_SOC_NONE: none), which of its GMACs this is
	 * (0 or 1; the i.MX8MP has one), the state its blocks start in, the
	 * GMAC's clock gates closed at start (a kernel gating the clocks no
	 * driver claimed: no clk_ignore_unused), and the board's node:
	 * phy-mode "rgmii" with its tx_delay / rx_delay.
	 */
	enum dwmac4_model_soc soc;
	unsigned int soc_gmac;
	enum dwmac4_model_soc_boot soc_boot;
	bool soc_gated;
	uint32_t soc_tx_delay;		/* default 0x3c */
	uint32_t soc_rx_delay;		/* default 0x2f */
	/*
	 * The state the model starts in: false, as after a power-on reset
	 * (MAC address 0 as a boot loader sets it); true, as a boot loader
	 * or a previous driver may leave it: the MAC receiving and
	 * transmitting and DMA channel 0 started in both directions on a
	 * ring with nothing armed (suspended). A driver must stop both
	 * before its software reset (viol_reset_running).
	 */
	bool boot_running;
	/*
	 * The core as its reset leaves it, every register at its reset
	 * value, MAC address 0 all ones included: a boot loader that reset
	 * the core on its way out (U-Boot's Rockchip glue) or none at all.
	 * False: MAC address 0 holds params.mac.
	 */
	bool boot_poweron;
	/*
	 * The interrupt race on demand (dwmac4_model_irq.c): RX takes a
	 * frame from the wire only when the driver enables RIE on channel
	 * 0, and applies the enable after that frame is written back.
	 */
	bool irq_race;
	/*
	 * The application clock in Hz (default DWMAC4_MODEL_DEFAULT_CLK_HZ):
	 * the RX watchdog raises RI RWT x 256 of its cycles after the first
	 * frame closed without IOC (dwmac4_model_rx.c).
	 */
	uint64_t clk_hz;
	/*
	 * The timestamp unit's reference clock (clk_ptp_ref) in Hz, default
	 * DWMAC4_MODEL_DEFAULT_PTP_CLK_HZ: the system time advances by
	 * MAC_Sub_Second_Increment on each of its cycles (coarse) or on each
	 * carry of the addend accumulator (fine).
	 */
	uint64_t ptp_clk_hz;
	/*
	 * The model's time (the watchdog's deadline) is CLOCK_MONOTONIC; with
	 * manual_clock it starts at 0 and moves only by
	 * dwmac4_model_clock_advance(), for step-mode tests.
	 */
	bool manual_clock;
};

/* A typical stmmaceth rate (RK3568's, docs/nics/boards.md). */
#define DWMAC4_MODEL_DEFAULT_CLK_HZ	125000000ull
/* The rate Linux's stmmac_hwtstamp.c takes as its example. */
#define DWMAC4_MODEL_DEFAULT_PTP_CLK_HZ	50000000ull

/* Fills @p p with defaults: 1 channel, MAC 02:00:00:00:00:01, plain
 * stores, no flow control, no traffic, idle sleep after 4096 polls,
 * no write-back coalescing, a PHY at address 0 whose partner offers
 * 1000 Mbit/s full duplex, one MTL queue, clocks on, not running, a
 * 125 MHz application clock read from CLOCK_MONOTONIC. */
void dwmac4_model_params_init(struct dwmac4_model_params *p);


#ifdef __cplusplus
}
#endif

#endif /* SOCRX_DWMAC4_MODEL_PARAMS_H */
