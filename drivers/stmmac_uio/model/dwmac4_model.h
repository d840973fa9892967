/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Software model of a Synopsys DesignWare GMAC 4.x/5.x ("dwmac4") Ethernet
 * controller: what a driver sees of the device, and nothing more.
 *
 * A driver reaches the model only as it reaches the hardware:
 *   - a register window of 32-bit MMIO reads and writes
 *     (dwmac4_model_read32() / dwmac4_model_write32(), offsets and bits
 *     from ../dwmac4_regs.h);
 *   - DMA: the model reads descriptors and reads/writes packet buffers at
 *     the IOVAs the driver programmed, translated through the memory the
 *     driver registered for DMA (dwmac4_model_dma_map(), the model's
 *     IOMMU). Any access outside it is refused and counted as a driver
 *     protocol violation, never performed.
 *
 * The model runs its DMA engines either in a thread of its own pinned to a
 * CPU (as a device runs beside the CPU) or synchronously, one step at a
 * time, for deterministic unit tests. It has no DPDK dependency.
 *
 * Everything under "Test and harness side" is for the program that hosts
 * the model (tests, the PMD's model backend reporting on it), never for
 * the driver's datapath.
 */
#ifndef SOCRX_DWMAC4_MODEL_H
#define SOCRX_DWMAC4_MODEL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "model_dma_store.h"

#ifdef __cplusplus
extern "C" {
#endif

struct dwmac4_model;
struct model_traffic_src;
struct model_traffic_sink;

/* DMA channels the model implements (RX and TX each). */
#define DWMAC4_MODEL_MAX_CHANNELS 4
/* Size of the register window in bytes (MAC, MTL and DMA blocks). */
#define DWMAC4_MODEL_REG_WINDOW 0x2000u
/* Regions the DMA window holds (model_iommu.h, MODEL_IOMMU_MAX_REGIONS). */
#define DWMAC4_MODEL_MAX_DMA_REGIONS 4096u
/* Largest frame the model receives or transmits, FCS included. */
#define DWMAC4_MODEL_MAX_FRAME 16384u
/* Value of MAC_Version (GMAC_VERSION): core 5.10 (SNPSVER 0x51). */
#define DWMAC4_MODEL_VERSION 0x00001051u
/*
 * Width of the model's system bus (AXI data width), in bytes: the unit of
 * the descriptor skip length (DMA_CHx_Control.DSL), as on the 64-bit AXI
 * of RK3568/RK3588 and i.MX8MP. The descriptor stride is
 * 16 + DSL * DWMAC4_MODEL_BUS_BYTES.
 */
#define DWMAC4_MODEL_BUS_BYTES 8u

/* MDIO addresses a PHY may answer at; params.phy_addr beyond: no PHY. */
#define DWMAC4_MODEL_PHY_ADDR_MAX 31u
#define DWMAC4_MODEL_PHY_NONE 32u
/* Link events of params.link_events: at most this many; the two non-modes. */
#define DWMAC4_MODEL_MAX_LINK_EVENTS 8u
#define DWMAC4_MODEL_LINK_DOWN 0u
#define DWMAC4_MODEL_LINK_UP 1u
/* MTL queues the core may be synthesised with (MAC_HW_Feature2). */
#define DWMAC4_MODEL_MAX_MTL_QUEUES 8u
/* RX and TX FIFO of the core (MAC_HW_Feature1: 16 KiB each). */
#define DWMAC4_MODEL_FIFO_BYTES 16384u
/*
 * Perfect-filter entries after MAC address 0 (MAC_HW_Feature0.ADDMACADRSEL):
 * MAC_Address1..3, as the STM32H7's QoS core has (ETH_MACA1HR..ETH_MACA3HR
 * at 0x308..0x318).
 */
#define DWMAC4_MODEL_ADD_MACS 3u

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

/* Extra maps a SoC model has at most, each one page. */
#define DWMAC4_MODEL_SOC_MAPS	3u
#define DWMAC4_MODEL_SOC_PAGE	4096u

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
	 * Received traffic enters channel 0. With flow_control, a frame that
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
	 * frame closed without IOC (dwmac4_model_dma.c).
	 */
	uint64_t clk_hz;
	/*
	 * The model's time (the watchdog's deadline) is CLOCK_MONOTONIC; with
	 * manual_clock it starts at 0 and moves only by
	 * dwmac4_model_clock_advance(), for step-mode tests.
	 */
	bool manual_clock;
};

/* A typical stmmaceth rate (RK3568's, docs/nics/boards.md). */
#define DWMAC4_MODEL_DEFAULT_CLK_HZ	125000000ull

/* Fills @p p with defaults: 1 channel, MAC 02:00:00:00:00:01, plain
 * stores, no flow control, no traffic, idle sleep after 4096 polls,
 * no write-back coalescing, a PHY at address 0 whose partner offers
 * 1000 Mbit/s full duplex, one MTL queue, clocks on, not running, a
 * 125 MHz application clock read from CLOCK_MONOTONIC. */
void dwmac4_model_params_init(struct dwmac4_model_params *p);

/* Creates a model in its reset state. NULL with errno set on failure. */
struct dwmac4_model *dwmac4_model_create(const struct dwmac4_model_params *p);

/* Stops the thread if any, releases the traffic source and sink. */
void dwmac4_model_destroy(struct dwmac4_model *m);

/*
 * Register window. Offsets must be 4-byte aligned and inside the window;
 * other accesses read 0 / are ignored and counted as violations. Writes
 * have the device's side effects (soft reset, MDIO transfers, DMA start
 * and stop, tail-pointer moves, write-1-to-clear status); reads of
 * clear-on-read counters clear them. Safe to call while the model thread
 * runs; a write has release semantics, a read acquire semantics.
 */
uint32_t dwmac4_model_read32(struct dwmac4_model *m, uint32_t off);
void dwmac4_model_write32(struct dwmac4_model *m, uint32_t off, uint32_t val);

/*
 * What a read of register @p off would return, without its side effect:
 * a clear-on-read counter keeps its count. For a host that mirrors the
 * register window into memory a driver reads directly (socrx-devmodel),
 * never for a driver. A bad offset reads 0 and is not counted.
 */
uint32_t dwmac4_model_peek32(struct dwmac4_model *m, uint32_t off);

/*
 * The eventfd of DMA channel @p ch's interrupt line: counts the line's
 * rises (RI with RIE, TI with TIE, under NIE; status cleared by writing 1
 * lowers it). Owned by the model (closed by dwmac4_model_destroy()).
 * @return the fd or -EINVAL.
 */
int dwmac4_model_irq_fd(struct dwmac4_model *m, unsigned int ch);

/*
 * The interrupt controller unmasks the line (uio_pdrv_genirq's write of 1
 * to the UIO fd): with params.irq_one_line, a line still high is written
 * to its eventfds again (counter irq_unmask_fired); nothing otherwise.
 */
void dwmac4_model_irq_unmask(struct dwmac4_model *m);

/*
 * The eventfd of the MAC's interrupt line (sbd_intr; the DMA channels
 * have their own lines): counts its rises, MAC_Interrupt_Status.RGSMIIIS
 * (the in-band link changed) with MAC_Interrupt_Enable.RGSMIIIE; reading
 * MAC_PHYIF_Control_Status clears RGSMIIIS and lowers it. Owned by the
 * model. @return the fd or -EINVAL.
 */
int dwmac4_model_mac_irq_fd(struct dwmac4_model *m);

/*
 * DMA window: lets the device reach [iova, iova + len), which the host
 * sees at @p va. Regions must not overlap. Returns 0, -EINVAL or -ENOSPC.
 */
int dwmac4_model_dma_map(struct dwmac4_model *m, void *va, uint64_t iova,
			 size_t len);
/* Removes the region that starts at @p iova. Returns 0 or -ENOENT. */
int dwmac4_model_dma_unmap(struct dwmac4_model *m, uint64_t iova);

/*
 * Thread mode: runs the DMA engines in a thread pinned to @p cpu (-1: not
 * pinned). Returns 0 or -errno.
 */
int dwmac4_model_start(struct dwmac4_model *m, int cpu);
/* Stops and joins the thread (no-op when not started). */
void dwmac4_model_stop(struct dwmac4_model *m);

/*
 * Step mode (no thread): runs each DMA engine until it has moved up to
 * @p budget frames or has nothing to do. Returns the frames moved (RX
 * delivered, missed or dropped, plus TX sent).
 */
unsigned int dwmac4_model_step(struct dwmac4_model *m, unsigned int budget);

/* ---- Test and harness side ---- */

/* manual_clock: moves the model's time @p ns forward (ignored otherwise). */
void dwmac4_model_clock_advance(struct dwmac4_model *m, uint64_t ns);

/*
 * The SoC's extra maps (params.soc; dwmac4_model_soc.c), as a UIO device
 * offers its node's further reg entries: the index of the map named
 * @p name ("cru", "grf", "php_grf", "gpr"), or -1; a 32-bit access at
 * @p off in its page (Rockchip CRU/GRF words take a write mask in the
 * high half; a bad offset reads 0, writes nothing). Where the GMAC's
 * registers and the map are in physical memory, and the board node's
 * property @p name ("phy-mode", "tx_delay", "rx_delay") as the kernel
 * shows it (strings with their NUL, numbers big-endian): its length, or
 * -1 when the node has none.
 */
int dwmac4_model_soc_map(const struct dwmac4_model *m, const char *name);
uint32_t dwmac4_model_soc_read32(struct dwmac4_model *m, unsigned int map,
				 uint32_t off);
void dwmac4_model_soc_write32(struct dwmac4_model *m, unsigned int map,
			      uint32_t off, uint32_t val);
uint64_t dwmac4_model_soc_regs_phys(const struct dwmac4_model *m);
uint64_t dwmac4_model_soc_map_phys(const struct dwmac4_model *m,
				   unsigned int map);
int dwmac4_model_soc_of_prop(const struct dwmac4_model *m, const char *name,
			     void *buf, size_t len);
/* The RGMII TX clock the SoC gives the MAC now, in Hz (0: none). */
uint32_t dwmac4_model_soc_txclk_hz(struct dwmac4_model *m);

/*
 * Brings the PHY's link down or up (a cable pulled or plugged); a change
 * of the link the MAC sees in band sets RGSMIIIS.
 */
void dwmac4_model_set_link(struct dwmac4_model *m, bool up);

/*
 * The link partner renegotiates to @p speed Mbit/s (10, 100, 1000) at
 * @p full duplex, as when its own advertisement changes: the link drops
 * (BMSR's link status latches low, the in-band link goes down) and comes
 * back in the new mode if the cable is in and the PHY advertises it, EEE
 * resolved for it. A MAC or an SoC TX clock still at the old speed loses
 * the frames (rx/tx_dropped_speed, soc_tx_dropped_clock). 0, or -EINVAL
 * for another speed.
 */
int dwmac4_model_set_partner(struct dwmac4_model *m, unsigned int speed,
			     bool full);

/*
 * The device's own view of what happened. Every receive-side frame taken
 * from the source ends in exactly one of rx_delivered, rx_missed,
 * rx_dropped_* (rx_offered is their sum once the model is idle).
 */
struct dwmac4_model_stats {
	uint64_t rx_offered;		/* frames taken from the traffic source */
	uint64_t rx_delivered;		/* frames written to host descriptors */
	uint64_t rx_delivered_err;	/* of those, written back with ES set */
	uint64_t rx_missed;		/* no armed descriptor (RBU) */
	uint64_t rx_dropped_filter;	/* MAC address filter */
	uint64_t rx_dropped_csum;	/* checksum error with DIS_TCP_EF clear */
	uint64_t rx_dropped_stopped;	/* link down, receiver or RX DMA off */
	uint64_t rx_dropped_oversize;	/* longer than DWMAC4_MODEL_MAX_FRAME */
	uint64_t rx_dropped_overflow;	/* MTL RX queue full or too small */
	uint64_t rx_dropped_speed;	/* MAC speed/duplex disagree with the PHY */
	uint64_t tx_frames;		/* frames handed to the sink */
	uint64_t tx_bytes;
	uint64_t tx_dropped_speed;	/* sent garbled: MAC and PHY disagree */
	/*
	 * The SoC (params.soc): register accesses to a block held in reset
	 * or unclocked (answered 0, writes lost: silicon may instead hang
	 * the bus), and frames sent while the RGMII TX clock did not match
	 * the link speed (the partner never sees them).
	 */
	uint64_t soc_unclocked_accesses;
	uint64_t soc_tx_dropped_clock;
	uint64_t tx_fifo_stalls;	/* a frame larger than the TX queue: stuck */
	uint64_t tx_padded;		/* frames zero-padded to 60 bytes (CPC 0) */
	/* Transmit checksum offload (TDES3.CIC; docs/model.md). */
	uint64_t tx_csum_frames;	/* frames with CIC set, engine on (TSF) */
	uint64_t tx_csum_cut_through;	/* CIC set, TSF clear: sent unmodified */
	uint64_t tx_csum_hdr_err;	/* of tx_csum_frames, written back with IHE */
	uint64_t tx_csum_payload_err;	/* of tx_csum_frames, with PCE */
	uint64_t rx_rbsz_zero;		/* RX DMA starts with RBSZ 0 (see docs) */
	uint64_t violations;		/* total driver protocol violations */
	uint64_t viol_bad_reg;		/* unaligned / out-of-window register access */
	uint64_t viol_dma_outside;	/* DMA address outside registered memory */
	uint64_t viol_tail_beyond_ring;	/* tail pointer outside the ring */
	uint64_t viol_own_zero_addr;	/* OWN set on a descriptor with address 0 */
	uint64_t viol_bad_ring;		/* ring base/length unusable when DMA started */
	uint64_t viol_bad_desc;		/* TX descriptor sequence malformed */
	uint64_t viol_pbl_zero;		/* DMA started with a burst length of 0 */
	uint64_t viol_reset_running;	/* software reset with DMA or MAC running */
	uint64_t viol_base_running;	/* ring base written while its DMA runs */
	/*
	 * An RX descriptor the DMA still held rewritten by the driver: its
	 * buffer recycled before RPS read Stopped after SR was cleared.
	 */
	uint64_t viol_rx_reclaimed;
	/* Injected faults (struct dwmac4_model_faults), each one applied. */
	uint64_t rx_fault_err;		/* closed with an injected error */
	uint64_t rx_fault_csum_lie;	/* RDES1 verdict inverted */
	uint64_t rx_fault_len;		/* last descriptor's PL falsified */
	uint64_t rx_fault_cum_back;	/* a cumulative PL went backwards */
	uint64_t rx_fault_ld_no_fd;	/* first descriptor without FD */
	uint64_t rx_fault_fd_twice;	/* fragments without LD, frame again */
	uint64_t rx_fault_fcs_only;	/* frames resized to k * RBSZ */
	uint64_t rx_fault_stall;	/* engine stalls */
	uint64_t rx_fault_dup;		/* stale RDES3 on a re-armed descriptor */
	uint64_t rx_fault_skip;		/* owned descriptors skipped */
	uint64_t rx_fault_corrupt;	/* payload bytes flipped after RDES1 */
	/* Write-ordering adversary (params.fault_wo_ppm). */
	uint64_t rx_fault_wo;		/* frames written back with values held back */
	uint64_t rx_wo_published;	/* records published by a driver barrier */
	uint64_t rx_wo_drained;		/* records made visible by RX DMA stop/reset */
	uint64_t rx_wo_stale;		/* records dropped: slot re-armed, no barrier */
	uint64_t rx_wo_barriers;	/* dwmac4_model_rx_barrier() calls */
	/* Non-coherent interconnect (params.nc_emulation; model_nc.h). */
	uint64_t nc_clobbers;		/* device bytes lost under a dirty line */
	uint64_t nc_unclean_reads;	/* device reads of lines written, not cleaned */
	uint64_t nc_clean_lines;	/* lines the driver cleaned */
	uint64_t nc_civac_lines;	/* lines the driver cleaned and invalidated */
	uint64_t nc_early_prefetches;	/* prefetches of lines not invalidated */
	/*
	 * Frames sent whose descriptor the TX DMA could fetch while bytes of
	 * their buffer were not surely in DRAM (written and not cleaned, or
	 * cleaned with no completion barrier since): 0 for a correct driver.
	 */
	uint64_t nc_tx_stale;
	/* TX tail pointers written as base + N * stride (see docs/model.md) */
	uint64_t tx_tail_ring_end;
	/* Thread mode. */
	uint64_t thread_passes;		/* engine passes */
	uint64_t thread_rate_sleeps;	/* sleeps until a rate-limited frame */
	uint64_t thread_blocks;		/* waits for a register write: RX done */
	/* Interrupt lines (dwmac4_model_irq.c). */
	uint64_t irq_raised;		/* rises of a channel's line */
	uint64_t irq_lost;		/* rises its eventfd could not take */
	uint64_t irq_race_frames;	/* params.irq_race: frames put in the window */
	uint64_t irq_mac_raised;	/* rises of the MAC's line */
	uint64_t irq_unmask_fired;	/* irq_one_line: unmasks of a line still high */
	/* Control path. */
	uint64_t sw_resets;		/* software resets completed */
	uint64_t sw_resets_stuck;	/* SWR written without a receive clock */
};
void dwmac4_model_get_stats(struct dwmac4_model *m,
			    struct dwmac4_model_stats *st);

/*
 * Fault injection of DMA channel @p chan (< params.n_channels): replaces
 * or reads its struct dwmac4_model_faults. Safe while the model runs (the
 * engine uses the new knobs from its next frame, the schedule keeps
 * numbering frames by rx_offered). Only channel 0 receives traffic: the
 * knobs of other channels are kept but have no effect. 0, or -EINVAL for
 * a bad channel, NULL, a rate above 1000000 or stall_ppm without
 * stall_polls.
 */
int dwmac4_model_set_faults(struct dwmac4_model *m, unsigned int chan,
			    const struct dwmac4_model_faults *f);
int dwmac4_model_get_faults(struct dwmac4_model *m, unsigned int chan,
			    struct dwmac4_model_faults *f);

/* Description of the most recent violation ("" when none). */
const char *dwmac4_model_last_violation(struct dwmac4_model *m);

/* True when the traffic source is exhausted and no frame is pending. */
bool dwmac4_model_rx_idle(struct dwmac4_model *m);

/* ---- Driver side: the read barrier (write-ordering adversary) ---- */

/*
 * The model's half of the driver's RX read barrier: a CPU barrier is no
 * bus transaction a device could see, so a driver running on the model
 * with params.fault_wo_ppm set calls this right after its read barrier (the
 * one between the OWN checks and the loads of the other descriptor words
 * and the buffers). Publishes, under the model lock, every RDES1 and
 * payload head the adversary held back, then returns. A no-op when the
 * adversary is off. Safe while the model thread runs.
 */
void dwmac4_model_rx_barrier(struct dwmac4_model *m);

/* ---- Driver side: cache maintenance (non-coherent interconnect) ---- */

enum dwmac4_model_cache_op {
	DWMAC4_MODEL_CACHE_CLEAN = 1,	/* dc cvac: dirty lines to DRAM */
	DWMAC4_MODEL_CACHE_CIVAC,	/* dc civac: clean, then invalidate */
	DWMAC4_MODEL_CACHE_PREFETCH,	/* a line prefetched (observed builds) */
	DWMAC4_MODEL_CACHE_FENCE,	/* dsb sy: the cleans above completed */
};

/*
 * The model's half of the driver's data cache maintenance of [addr,
 * addr + len) (rounded out to 64-byte lines): with params.nc_emulation a
 * driver calls it right after its own clean or clean+invalidate, as the
 * interconnect would see the cache operation, and after each completion
 * barrier (DWMAC4_MODEL_CACHE_FENCE, addr and len ignored). A no-op when
 * the emulation is off. Safe while the model thread runs.
 */
void dwmac4_model_cache_op(struct dwmac4_model *m, const void *addr,
			   size_t len, enum dwmac4_model_cache_op op);

#ifdef __cplusplus
}
#endif

#endif /* SOCRX_DWMAC4_MODEL_H */
