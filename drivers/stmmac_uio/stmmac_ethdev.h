/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Private structures of net_stmmac_uio: the adapter (one per port) and the
 * RX/TX queues. Ring indices are free-running uint16_t counters masked by
 * size - 1 (sizes are powers of two checked at setup), so "how many" is
 * always a plain subtraction and the last slot wraps to 0 by itself
 * (robustness rows 14, 15).
 */
#ifndef STMMAC_ETHDEV_H
#define STMMAC_ETHDEV_H

#include <stdbool.h>
#include <stdint.h>

#include <ethdev_driver.h>
#include <rte_mbuf.h>
#include <rte_memzone.h>
#include <rte_spinlock.h>

#include "rxp_copybreak.h"
#include "rxp_parse.h"
#include "rxp_pool.h"
#include "rxp_sync.h"

#include "socnic_backend.h"
#include "socnic_compat_ethdev.h"
#include "socnic_io.h"
#include "socnic_lsc.h"
#include "socnic_phy.h"
#include "socnic_port.h"
#include "socnic_queue.h"
#include "socnic_rx.h"
#include "socnic_rx_queue.h"
#include "socnic_rxq.h"

#include "dwmac4_desc.h"
#include "dwmac4_regs.h"
#include "stmmac_devargs.h"
#include "stmmac_mdio.h"
#include "stmmac_ring.h"
#include "stmmac_soc.h"
#include "stmmac_xstats.h"

#define STMMAC_PMD_NAME_STR	"net_stmmac_uio"

/*
 * Rings (model.md: ring length field is 10 bits, N <= 1024). Queue q of
 * either direction is DMA channel q (stmmac_hw_queues.c), up to what
 * MAC_HW_Feature2 reports.
 */
#define STMMAC_MIN_RING_DESC	64
#define STMMAC_MAX_RING_DESC	1024

/* RBSZ: multiple of 4 in [64, 16380] (DMA_CH0_Rx_Control, model.md). */
#define STMMAC_RBSZ_MIN		64u
#define STMMAC_RBSZ_MAX		16380u
#define STMMAC_RBSZ_ALIGN	4u

/*
 * Largest frame, FCS excluded, matching gen_len's upper bound. MTU plus
 * Ethernet header plus one VLAN tag must not exceed it.
 */
#define STMMAC_MAX_FRAME_LEN	9018u
#define STMMAC_L2_OVERHEAD	(RTE_ETHER_HDR_LEN + RTE_VLAN_HLEN)
#define STMMAC_MAX_MTU		(STMMAC_MAX_FRAME_LEN - STMMAC_L2_OVERHEAD)
/* TDES3 frame length is 15 bits, TDES2 buffer length 14 bits. */
#define STMMAC_TX_MAX_PKT_LEN	TDES3_PACKET_SIZE_MASK
#define STMMAC_TX_MAX_SEG_LEN	TDES2_BUFFER1_SIZE_MASK

/*
 * RDES2 as the RX refill arms a descriptor (read format: buffer 2 address,
 * ignored with BUF2V clear). Every write-back rewrites RDES2 (filter
 * status, 0 here): a descriptor found with OWN clear and RDES2 still at
 * this value was never written back (stmmac_rx_stale()).
 */
#define STMMAC_RDES2_ARMED	0xffffffffu
/*
 * Empty polls between two looks at where the device stands, for a
 * completion anomaly that stops the ring (stmmac_rx_stuck_check()).
 */
#define STMMAC_RX_STUCK_POLLS	128

/* Default refill threshold: min(32, ring / 4). */
#define STMMAC_RX_FREE_THRESH	32

struct stmmac_adapter;

/*
 * An RX queue: the shared part first (socnic_rx_queue.h), then the dwmac4
 * ring. An armed descriptor carries RDES2 = STMMAC_RDES2_ARMED.
 */
struct stmmac_rx_queue {
	struct socnic_rx_queue q;	/* first: the burst skeleton's view */
	/*
	 * q.ring: struct dwmac4_desc, q.buf_size: RBSZ. The device address
	 * of each armed slot's data (buf_data's twin).
	 */
	rte_iova_t *buf_iova;
	uint8_t pbl;			/* RxPBL (x8) */
	uint16_t stuck_polls;		/* empty polls since the last stuck check */
	uint32_t tail_reg;		/* DMA_CHAN_RX_END_ADDR(ch) */
	uint32_t des3_ioc;		/* RDES3 IOC when armed (stmmac_intr.c) */
	uint32_t ring_lo;		/* low 32 bits of the ring IOVA */
	uint32_t pkt_cum;		/* device's cumulative PL of the frame so far */
	uint16_t skip_suspect_idx;	/* descriptor the last check found passed over */
	bool skip_suspect;		/* ... and whether it did */
	/*
	 * IEEE 1588 (stmmac_rx_stamp.c). The general path's frame just
	 * completed: ts_ol its flags (0: none), ts_ns its stamp; a frame
	 * held for its context descriptor (q.pkt_first, q.state HOLD):
	 * hold_ol its flags. rx_stamp_ns: the last PTP message's stamp for
	 * timesync_read_rx_timestamp (0: none since). The timestamp offload's
	 * dynamic field and flag (ts_dyn_flag 0: offload off).
	 */
	uint64_t ts_ol;
	uint64_t ts_ns;
	uint64_t hold_ol;
	uint64_t rx_stamp_ns;
	uint64_t ts_dyn_flag;
	int ts_dyn_off;
	/*
	 * VLAN stripping (stmmac_rx_general.c): the general path's frame
	 * just completed, its flags (0: no tag reported, RDES3 RS0V clear)
	 * and the tag from its RDES0.
	 */
	uint64_t vlan_ol;
	uint16_t vlan_tci;
	struct stmmac_rxq_stats stats;	/* dwmac4's own counters */
	struct stmmac_rxq_stats stats_base;	/* at the last reset */
};

/* The family's queue around the shared part the skeleton hands over. */
static __rte_always_inline struct stmmac_rx_queue *
stmmac_rxq(struct socnic_rx_queue *q)
{
	return container_of(q, struct stmmac_rx_queue, q);
}

static __rte_always_inline const struct stmmac_rx_queue *
stmmac_rxq_const(const struct socnic_rx_queue *q)
{
	return container_of(q, const struct stmmac_rx_queue, q);
}

struct stmmac_tx_queue {
	struct socnic_tx_queue q;	/* first: the shared part */
	volatile struct dwmac4_desc *ring;
	uint8_t desc_shift;		/* log2 of the descriptor stride */
	uint8_t pbl;			/* TxPBL (x8) */
	uint32_t max_frame;		/* what the TX queue holds (TSF) */
	uint32_t cic_mask;		/* TDES3.CIC when the core has it, else 0 */
	uint32_t tail_reg;
	uint32_t ring_lo;
	struct stmmac_txq_stats stats;	/* dwmac4's own counters */
	struct stmmac_txq_stats stats_base;	/* at the last reset */
	/*
	 * The IEEE 1588 stamp of the last frame sent with
	 * RTE_MBUF_F_TX_IEEE1588_TMST (TDES0/TDES1 of its write-back, TTSS
	 * set), in ns; 0: none taken since timesync_read_tx_timestamp().
	 * Stored by the burst's clean, taken by the control thread (atomic).
	 */
	uint64_t tx_stamp_ns;
};

static __rte_always_inline struct stmmac_tx_queue *
stmmac_txq(struct socnic_tx_queue *q)
{
	return container_of(q, struct stmmac_tx_queue, q);
}

/*
 * 802.3x flow control as set through ethdev (stmmac_fc.c): the mode, the
 * pause time (quanta), the water marks in bytes (0 and 0: Linux's for
 * the RX queue's size at each start, which the queue count changes), PCF
 * forwarding.
 */
struct stmmac_fc {
	enum rte_eth_fc_mode mode;
	uint16_t pause_time;
	uint32_t high_water, low_water;
	bool ctrl_fwd;
};

struct stmmac_adapter {
	struct socnic_port port;	/* first: backend, started, counters */
	struct stmmac_devargs da;	/* dma_noncoherent resolved at probe */
	struct rte_eth_dev *eth_dev;
	uint32_t dma_addr_bits;		/* from GMAC_HW_FEATURE1.ADDR64 */
	/*
	 * Descriptor stride (1 << desc_shift): 16 bytes, or one CPU cache
	 * line for a non-coherent device, the DMA skipping dsl bus words.
	 */
	uint8_t desc_shift;
	uint32_t dsl;
	/*
	 * What RX buffer sizes are rounded to: the non-coherent DMA granule
	 * (RBSZ in whole lines: the device's last line holds no byte of
	 * anything else), else RTE_CACHE_LINE_SIZE.
	 */
	uint32_t dma_align;
	uint32_t bus_bytes;		/* system bus width, the DSL unit */
	/*
	 * FIFOs (MAC_HW_Feature1) and the MTL queues the core has
	 * (MAC_HW_Feature2); the queues in use share each FIFO (TQS/RQS,
	 * stmmac_hw_queue_bytes()).
	 */
	uint32_t rx_fifo, tx_fifo;
	uint32_t mtl_rx_queues, mtl_tx_queues;
	/*
	 * MAC_HW_Feature0: TX checksum insertion; the RGMII/SGMII link status
	 * (PCSSEL: MAC_PHYIF_Control_Status, RGSMIIIS); perfect-filter entries.
	 */
	bool tx_coe;
	bool has_pcs;
	/*
	 * TSSEL: the IEEE 1588 timestamp unit; ptp_on: timesync enabled;
	 * rx_ts_offload: RTE_ETH_RX_OFFLOAD_TIMESTAMP configured, with the
	 * dynamic field and flag it registered (stmmac_ptp.c).
	 */
	struct stmmac_fc fc;
	bool has_ptp;
	/* MAC_HW_Feature0 VLHASH, SAVLANINS: the VLAN hash filter, insertion. */
	bool has_vlan_hash;
	bool has_vlan_ins;
	bool ptp_on;
	bool rx_ts_offload;
	/* The frequency adjustment in force (scaled ppm, kept over a restart). */
	int64_t ptp_scaled_ppm;
	int ts_dyn_off;
	uint64_t ts_dyn_flag;
	/*
	 * The link modes MAC and PHY both support (RTE_ETH_LINK_SPEED_*),
	 * dev_info's speed_capa: MAC_HW_Feature0 MIISEL/GMIISEL/HDSEL, then
	 * the PHY's BMSR/ESTATUS, or the one mode of fixed_link=.
	 */
	uint32_t speed_capa;
	uint32_t nb_mac_addrs;		/* 1 + ADDMACADRSEL: ethdev's max_mac_addrs */
	/* Multicast hash filter: bins (0: none) and the table programmed. */
	uint32_t hash_bins;
	uint32_t mc_hash[8];
	bool mc_hash_used;
	/* PHY (stmmac_phy.c): the MDIO master (MDC divider) and the PHY. */
	struct stmmac_mdio_bus mdio;
	struct socnic_phy phy;
	/* The mode MAC_Configuration was last set to (Mbit/s, 0: none). */
	unsigned int mac_speed;
	bool mac_full;
	uint8_t snpsver;		/* MAC_Version.SNPSVER */
	/*
	 * Link status change interrupts (stmmac_intr.c, intr_conf.lsc), when
	 * the core has the in-band status and EAL can wait on its line
	 * (port.lsc_irq); the PHY polled once a second (stmmac_link.c) on
	 * every port; link_lock serialises their link reads with the
	 * application's.
	 */
	struct socnic_link_poll link_poll;
	rte_spinlock_t link_lock;
	/* SoC glue (stmmac_soc.c): reset, clocks, interface, TX clock. */
	struct stmmac_soc soc;
	bool missed_watch;	/* the missed-counter alarm runs (stmmac_missed.c) */
};

static inline struct stmmac_adapter *
stmmac_adapter(const struct rte_eth_dev *dev)
{
	return dev->data->dev_private;
}

/*
 * The two backends (socnic_backend.h): on success fill @p be and return
 * 0; on failure log why, release everything they took and return -errno.
 * @p name is the ethdev name (for log lines and unique resource names).
 * The model backend parses the model's keys of the devargs @p args
 * itself; @p mac is the reset value of its MAC address 0.
 */
int stmmac_backend_model_create(struct socnic_backend *be, const char *name,
				const char *args,
				const struct stmmac_devargs *da,
				const uint8_t mac[6]);
/* The UIO backend's family: socnic_uio_create() at probe (stmmac_uio.c). */
extern const struct socnic_uio_family stmmac_uio_family;

/* Adapter of @p port_id when it is one of ours, else NULL. */
struct stmmac_adapter *stmmac_adapter_from_port(uint16_t port_id);

/* Descriptor of RX ring index @p idx (any layout; control path). */
static inline volatile struct dwmac4_desc *
stmmac_rxd(const struct stmmac_rx_queue *rxq, uint16_t idx)
{
	return stmmac_desc(rxq->q.ring, idx, rxq->q.mask, rxq->q.desc_shift);
}

static inline volatile struct dwmac4_desc *
stmmac_txd(const struct stmmac_tx_queue *txq, uint16_t idx)
{
	return stmmac_desc(txq->ring, idx, txq->q.mask, txq->desc_shift);
}

/*
 * Non-coherent only (no-op on a coherent queue), control path: the
 * device's write-backs of ring indices [from, from + n) made visible to
 * the CPU (@p for_cpu), or the driver's stores there sent to the device.
 */
static inline void
stmmac_rx_ring_sync(struct stmmac_rx_queue *rxq, uint16_t from, uint16_t n,
		    bool for_cpu)
{
	stmmac_ring_sync(&rxq->q.lib.sync, rxq->q.ring, from, n, rxq->q.mask,
			 rxq->q.desc_shift, for_cpu);
}

static inline void
stmmac_tx_ring_sync(struct stmmac_tx_queue *txq, uint16_t from, uint16_t n,
		    bool for_cpu)
{
	stmmac_ring_sync(&txq->q.sync, txq->ring, from, n, txq->q.mask,
			 txq->desc_shift, for_cpu);
}

/* stmmac_rxq.c */
int stmmac_rx_queue_setup(struct rte_eth_dev *dev, uint16_t queue_id,
			  uint16_t nb_desc, unsigned int socket_id,
			  const struct rte_eth_rxconf *conf,
			  struct rte_mempool *mp);
int stmmac_rx_queue_start(struct rte_eth_dev *dev, struct socnic_rx_queue *q);
void stmmac_rx_queue_stop(struct socnic_rx_queue *q);
void stmmac_rx_queue_enable_dma(struct socnic_rx_queue *q);
uint32_t stmmac_rx_control(const struct stmmac_rx_queue *rxq, bool start);
void stmmac_rx_missed_update(struct socnic_rx_queue *q);
/* The DMA channel of a queue: its own, queue q on channel q. */
#define STMMAC_RXQ_CHAN(rxq)	((unsigned int)(rxq)->q.queue_id)
#define STMMAC_TXQ_CHAN(txq)	((unsigned int)(txq)->q.queue_id)

int stmmac_rx_queue_count(void *rxq);
SOCNIC_RX_QUEUE_COUNT_COMPAT(stmmac_rx_queue_count)
int stmmac_rx_descriptor_status(void *rxq, uint16_t offset);

/* stmmac_rx_fast.c: the burst variants, one per configuration. */
eth_rx_burst_t stmmac_rx_burst_select(const struct stmmac_rx_queue *rxq,
				      const struct stmmac_devargs *da);

/*
 * Shared by the burst variants and the general path (stmmac_rxq.c):
 * any descriptor in any state; returns a completed frame or NULL.
 */
struct rte_mbuf *stmmac_rx_desc(struct socnic_rx_queue *q, uint16_t slot,
				uint32_t des3, uint32_t des1);
/* The same for a normal descriptor, no frame held (stmmac_rx_general.c). */
struct rte_mbuf *stmmac_rx_desc_frame(struct socnic_rx_queue *q,
				      uint16_t slot, uint32_t des3,
				      uint32_t des1);

/*
 * IEEE 1588 on RX (stmmac_rx_stamp.c), out of line: a stamped frame
 * (RDES1 TSA) held until the context descriptor after it brings the
 * stamp; the flags and stamp put on the frame once delivered.
 */
struct rte_mbuf *stmmac_rx_hold(struct stmmac_rx_queue *rxq,
				struct rte_mbuf *mb, uint32_t des1);
struct rte_mbuf *stmmac_rx_ctx(struct stmmac_rx_queue *rxq, uint16_t slot,
			       uint32_t des3, uint32_t des1);
void stmmac_rx_stamp_apply(struct stmmac_rx_queue *rxq, struct rte_mbuf *mb);

/* VLAN offloads (stmmac_vlan.c). */
uint64_t stmmac_vlan_rx_capa(const struct stmmac_adapter *ad);
uint64_t stmmac_vlan_tx_capa(const struct stmmac_adapter *ad);
void stmmac_vlan_write(struct rte_eth_dev *dev);
int stmmac_vlan_offload_set(struct rte_eth_dev *dev, int mask);
int stmmac_vlan_filter_set(struct rte_eth_dev *dev, uint16_t vid, int on);
/* The refill: packed coherent ring / padded ring with maintenance. */
void stmmac_rx_refill(struct stmmac_rx_queue *rxq);
void stmmac_rx_refill_nc(struct stmmac_rx_queue *rxq);

/* Completion anomalies (stmmac_rxq.c): a stale status word, a skip. */
bool stmmac_rx_stale(struct stmmac_rx_queue *rxq, uint16_t off);
void stmmac_rx_stuck_check(struct stmmac_rx_queue *rxq);

/*
 * On an empty poll: every STMMAC_RX_STUCK_POLLS of them, ask the device
 * where it stands (row 12). One counter increment per empty poll.
 */
static inline void
stmmac_rx_skip_check(struct stmmac_rx_queue *rxq)
{
	if (unlikely(++rxq->stuck_polls >= STMMAC_RX_STUCK_POLLS))
		stmmac_rx_stuck_check(rxq);
}

/* TX checksum insertion (TDES3.CIC) as ethdev offloads. */
#define STMMAC_TX_OFFLOAD_CKSUM						\
	(RTE_ETH_TX_OFFLOAD_IPV4_CKSUM | RTE_ETH_TX_OFFLOAD_UDP_CKSUM |	\
	 RTE_ETH_TX_OFFLOAD_TCP_CKSUM)
/* stmmac_tx_prep.c */
uint16_t stmmac_prep_pkts(void *tx_queue, struct rte_mbuf **tx_pkts,
			  uint16_t nb_pkts);
/* stmmac_txq.c */
int stmmac_tx_queue_setup(struct rte_eth_dev *dev, uint16_t queue_id,
			  uint16_t nb_desc, unsigned int socket_id,
			  const struct rte_eth_txconf *conf);
int stmmac_tx_queue_start(struct rte_eth_dev *dev, struct socnic_tx_queue *q);
/* stmmac_missed.c */
uint64_t stmmac_missed_period_us(unsigned int mbps);
void stmmac_missed_watch_start(struct rte_eth_dev *dev);
void stmmac_missed_watch_stop(struct rte_eth_dev *dev);
/* stmmac_stats.c */
SOCNIC_STATS_OPS_DECLARE(stmmac)

/* Starts the TX DMA channel of a queue programmed by stmmac_tx_queue_start(). */
void stmmac_tx_queue_enable_dma(struct socnic_tx_queue *q);
void stmmac_tx_queue_drain(struct socnic_tx_queue *q);
/*
 * What the device completed reclaimed now, as the next burst would (its
 * IEEE 1588 stamp kept): from the lcore that sends on the queue.
 */
void stmmac_tx_queue_reclaim(struct stmmac_tx_queue *txq);
void stmmac_tx_queue_stop(struct socnic_tx_queue *q);

/* Graceful TX stop: at most 10000 polls of 10 us (100 ms). */
#define STMMAC_TX_DRAIN_POLLS	10000
#define STMMAC_TX_DRAIN_POLL_US	10
int stmmac_tx_descriptor_status(void *txq, uint16_t offset);

/* Shared ring helpers (stmmac_rxq.c). */
extern const struct socnic_ring_limits stmmac_ring_limits;
/* stmmac_flow.c: the MAC's RX queue routing behind rte_flow. */
extern const struct socnic_flow_family stmmac_flow_family;
/* stmmac_tm.c: the TX arbiter behind rte_tm. */
extern const struct socnic_tm_family stmmac_tm_family;
const struct rte_memzone *stmmac_ring_alloc(const struct rte_eth_dev *dev,
					    const char *kind, uint16_t queue_id,
					    uint16_t nb_desc,
					    unsigned int socket_id);

#endif /* STMMAC_ETHDEV_H */
