/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Private structures of net_mvneta_uio: the adapter (one per port) and the
 * RX/TX queues of a Marvell NETA controller. Ring indices are free-running
 * uint16_t counters masked by size - 1 (sizes are powers of two checked at
 * setup), as in every socrx PMD.
 *
 * NETA has no OWN bit (mvneta_regs.h): the device counts. RX slots
 * [next, armed) are the device's (armed, or filled and not yet harvested);
 * the driver learns how many of them are filled from RXQ_STATUS and gives
 * back what it processed and what it re-armed through RXQ_STATUS_UPDATE.
 * The whole ring may be armed: counts, not a tail pointer, say how much.
 */
#ifndef MVNETA_ETHDEV_H
#define MVNETA_ETHDEV_H

#include <stdbool.h>
#include <stdint.h>

#include <ethdev_driver.h>
#include <rte_mbuf.h>
#include <rte_memzone.h>

#include "rxp_parse.h"
#include "rxp_sync.h"

#include "socnic_backend.h"
#include "socnic_compat_ethdev.h"
#include "socnic_ethdev.h"
#include "socnic_io.h"
#include "socnic_lsc.h"
#include "socnic_phy.h"
#include "socnic_port.h"
#include "socnic_queue.h"
#include "socnic_ring.h"
#include "socnic_rx_queue.h"
#include "socnic_rxq.h"

#include "mvneta_desc.h"
#include "mvneta_devargs.h"
#include "mvneta_hw.h"
#include "mvneta_mdio.h"
#include "mvneta_mib.h"
#include "mvneta_regs.h"
#include "mvneta_xstats.h"

#define MVNETA_PMD_NAME_STR	"net_mvneta_uio"

/*
 * RX queue q is the NETA's RX queue q, TX queue q its TX queue q, up to
 * the eight of each the controller has. Unsteered frames go to the
 * default RX queue, MVNETA_RXQ_DEF (0): PORT_CONFIG and the address
 * filter's entries point there (mvneta_filter.c).
 */
#define MVNETA_NB_RX_QUEUES	MVNETA_MAX_RXQ
#define MVNETA_NB_TX_QUEUES	MVNETA_MAX_TXQ
#define MVNETA_MIN_RING_DESC	64
#define MVNETA_MAX_RING_DESC	1024

/*
 * Buffer size: RXQ_SIZE holds it in units of 8 bytes; the device writes
 * the Marvell header, the frame and the FCS from the descriptor's address
 * plus the packet offset (0 here: the descriptor points at the buffer's
 * headroom end, so the frame starts MVNETA_MH_SIZE bytes after it and
 * its IP header is 4-byte aligned, Linux's reason for the header).
 */
#define MVNETA_RX_BUF_MIN	128u
#define MVNETA_RX_BUF_MAX	(MVNETA_RXQ_BUF_SIZE_MASK >> MVNETA_RXQ_BUF_SIZE_SHIFT << 3)
#define MVNETA_RX_BUF_ALIGN	MVNETA_RXQ_BUF_SIZE_UNIT

/* Largest frame without FCS (GMAC_CTRL_0's limit, with the header). */
#define MVNETA_MAX_FRAME_LEN	9018u
#define MVNETA_L2_OVERHEAD	(RTE_ETHER_HDR_LEN + RTE_VLAN_HLEN)
#define MVNETA_MAX_MTU		(MVNETA_MAX_FRAME_LEN - MVNETA_L2_OVERHEAD)
/* data_size is 16 bits. */
#define MVNETA_TX_MAX_SEG_LEN	0xffffu

/* Default refill threshold: min(32, ring / 4). */
#define MVNETA_RX_FREE_THRESH	32

/* Descriptors harvested per pass: bounds the on-stack arrays. */
#define MVNETA_RX_HARVEST_MAX	32
/* Multicast addresses set_mc_addr_list takes (each a table entry). */
#define MVNETA_MAX_MC_ADDRS	64u
/* Station addresses: the unicast table's 16 last-nibble entries. */
#define MVNETA_MAX_MAC_ADDRS	MVNETA_DA_FILT_UCAST_ENTRIES

/* An RX queue: the shared part first (socnic_rx_queue.h), then NETA's. */
struct mvneta_rx_queue {
	struct socnic_rx_queue q;	/* first: the burst skeleton's view */
	/* q.ring: struct mvneta_rx_desc; q.buf_size: RXQ_SIZE's buffer size. */
	uint32_t *buf_bus;		/* bus address written in w2 */
	/* The queue's RXQ_STATUS and RXQ_STATUS_UPDATE (setup). */
	uint32_t status_reg;
	uint32_t update_reg;
	uint16_t filled;		/* RXQ_STATUS occupied not yet harvested */
	uint16_t done;			/* harvested, not yet off occupied */
	uint16_t arm_align;		/* arm whole lines only (non-coherent) */
	uint32_t pkt_left;		/* bytes of the frame in progress still to come */
	struct mvneta_rxq_stats stats;	/* NETA's own counters */
	struct mvneta_rxq_stats stats_base;	/* at the last reset */
};

static __rte_always_inline struct mvneta_rx_queue *
mvneta_rxq(struct socnic_rx_queue *q)
{
	return container_of(q, struct mvneta_rx_queue, q);
}

/* Descriptor @p slot of the RX ring. */
static __rte_always_inline volatile struct mvneta_rx_desc *
mvneta_rxd(const struct mvneta_rx_queue *rxq, uint16_t slot)
{
	return (volatile struct mvneta_rx_desc *)(uintptr_t)rxq->q.ring + slot;
}

static __rte_always_inline const struct mvneta_rx_queue *
mvneta_rxq_const(const struct socnic_rx_queue *q)
{
	return container_of(q, const struct mvneta_rx_queue, q);
}

struct mvneta_tx_queue {
	struct socnic_tx_queue q;	/* first: the shared part */
	volatile struct mvneta_tx_desc *ring;
	/* The queue's TXQ_STATUS and TXQ_UPDATE (setup). */
	uint32_t status_reg;
	uint32_t update_reg;
};

static __rte_always_inline struct mvneta_tx_queue *
mvneta_txq(struct socnic_tx_queue *q)
{
	return container_of(q, struct mvneta_tx_queue, q);
}

/*
 * The SMI as the port reaches it (mvneta_phy.c): a UIO map, or map -1:
 * the window; the bus mvneta_mdio.c drives over it.
 */
struct mvneta_smi {
	const struct socnic_backend *be;
	int map;
	struct mvneta_mdio_bus bus;
};

struct mvneta_adapter {
	struct socnic_port port;	/* first: backend, started, counters */
	struct mvneta_devargs da;	/* dma_noncoherent resolved at probe */
	struct rte_eth_dev *eth_dev;
	/*
	 * The high 32 bits every DMA address shares: NETA's descriptors and
	 * base registers hold 32-bit bus addresses (mvneta_bus_addr()).
	 */
	uint32_t dma_hi;
	bool dma_hi_set;
	/* The MAC side (mvneta_mac.c), resolved at probe. */
	enum mvneta_phy_mode phy_mode;
	uint16_t fixed_speed;		/* Mbit/s; 0: the link is not fixed */
	bool fixed_half;
	uint32_t clk_rate;		/* Hz, the clock RXQ_TIME_COAL counts */
	/* set_mc_addr_list's addresses (mvneta_filter.c). */
	struct rte_ether_addr mc_addrs[MVNETA_MAX_MC_ADDRS];
	uint32_t nb_mc_addrs;
	uint32_t intr_mask;		/* what INTR_NEW_MASK holds */
	/* Each queue's lcore, stop and the LSC callback change the mask. */
	rte_spinlock_t intr_lock;
	/*
	 * The PHY over the SMI (mvneta_phy.c): managed on an RGMII port
	 * without a fixed link when the SMI is reachable; its modes
	 * (RTE_ETH_LINK_SPEED_*, 0: not read); what AUTONEG_CONFIG was last
	 * forced to; the poll, and link_lock serialising its link reads and
	 * GMAC writes with the application's and the interrupt's.
	 */
	struct mvneta_smi smi;
	struct socnic_phy phy;
	bool phy_managed;
	uint32_t phy_speed_capa;
	bool mac_up;
	unsigned int mac_speed;
	bool mac_full;
	struct socnic_link_poll link_poll;
	rte_spinlock_t link_lock;
	/* 802.3x flow control on, both directions (mvneta_fc.c). */
	bool fc_on;
};

static inline struct mvneta_adapter *
mvneta_adapter(const struct rte_eth_dev *dev)
{
	return dev->data->dev_private;
}

/*
 * The two backends (socnic_backend.h): on success fill @p be and return
 * 0; on failure log why, release everything they took, return -errno.
 */
int mvneta_backend_model_create(struct socnic_backend *be, const char *name,
				const char *args, const struct mvneta_devargs *da,
				const uint8_t mac[6]);
/* The UIO backend's family: socnic_uio_create() at probe (mvneta_uio.c). */
extern const struct socnic_uio_family mvneta_uio_family;

/*
 * mvneta_mac.c, the GMAC as Linux's phylink callbacks program it:
 * resolve: phy_mode, fixed_link and clk_rate from the devargs, else from
 * a UIO port's device-tree node, checked (0 or -EINVAL, logged);
 * configure: out of port reset, the interface mode, AUTONEG_CONFIG's
 * forcing, hardware PHY polling off, every CPU in CPU_MAP;
 * port_enable: GMAC_CTRL_0's port enable and frame limit, read-modify-
 * write; link_down: the forced link down of a stopped port;
 * tx_fifo_wait: until the TX FIFO is empty (a port stop).
 */
int mvneta_mac_resolve(struct mvneta_adapter *ad, const char *name);
void mvneta_mac_configure(struct mvneta_adapter *ad);
void mvneta_mac_port_enable(struct mvneta_adapter *ad, bool on);
void mvneta_mac_link_down(struct mvneta_adapter *ad);
void mvneta_mac_tx_fifo_wait(struct mvneta_adapter *ad);

/*
 * mvneta_phy.c, the PHY over the SMI: init at probe (after
 * mvneta_mac_resolve(): finds the SMI and the PHY, sets it up; 0 or a
 * logged -errno); link: the PHY's link, the GMAC forced to follow it
 * (link_lock taken); link_start: at dev_start once the GMAC is configured,
 * before the link cause is enabled, the first read, forced in;
 * poll_start: once the port runs, the 1 Hz poll; link_stop: at dev_stop,
 * the poll ended.
 */
int mvneta_phy_init(struct mvneta_adapter *ad, const char *name);
void mvneta_phy_link(struct mvneta_adapter *ad, struct rte_eth_link *link);
void mvneta_phy_link_start(struct rte_eth_dev *dev);
void mvneta_phy_poll_start(struct rte_eth_dev *dev);
void mvneta_phy_link_stop(struct rte_eth_dev *dev);

/*
 * mvneta_fc.c, 802.3x flow control: the dev ops, and the AUTONEG_CONFIG
 * bits the setting gives (mvneta_mac_configure()).
 */
int mvneta_flow_ctrl_get(struct rte_eth_dev *dev, struct rte_eth_fc_conf *conf);
int mvneta_flow_ctrl_set(struct rte_eth_dev *dev, struct rte_eth_fc_conf *conf);
uint32_t mvneta_fc_an_bits(const struct mvneta_adapter *ad);

/*
 * mvneta_filter.c, the destination-address filter (Linux
 * mvneta_set_rx_mode()): set_rx_mode programs it from ethdev's state
 * (promiscuous, all-multicast, the station addresses, the multicast
 * list); the dev ops keep that state.
 */
void mvneta_set_rx_mode(struct rte_eth_dev *dev);
int mvneta_rx_mode_set(struct rte_eth_dev *dev, enum socnic_rx_mode mode,
		       bool on);
int mvneta_mac_addr_add(struct rte_eth_dev *dev, struct rte_ether_addr *addr,
			uint32_t index, uint32_t pool);
void mvneta_mac_addr_remove(struct rte_eth_dev *dev, uint32_t index);
int mvneta_set_mc_addr_list(struct rte_eth_dev *dev,
			    struct rte_ether_addr *list, uint32_t nb);
void mvneta_write_mac(const struct socnic_backend *be,
		      const struct rte_ether_addr *a);

/* Adapter of @p port_id when it is one of ours, else NULL. */
struct mvneta_adapter *mvneta_adapter_from_port(uint16_t port_id);

/*
 * 32-bit bus address of @p iova: the low half, once the high half is the
 * port's (checked for rings and buffers at setup: mvneta_dma_check()).
 */
static __rte_always_inline uint32_t
mvneta_bus_addr(rte_iova_t iova)
{
	return (uint32_t)iova;
}

/* 0 when [iova, iova + len) has the port's high half; logged -EINVAL. */
int mvneta_dma_check(struct mvneta_adapter *ad, rte_iova_t iova, size_t len,
		     const char *what);

/* log2 of MVNETA_DESC_ALIGNED_SIZE: ring offsets as shifts. */
#define MVNETA_DESC_SHIFT	5u

_Static_assert(MVNETA_DESC_ALIGNED_SIZE == 1u << MVNETA_DESC_SHIFT,
	       "NETA descriptors are 32 bytes");

/*
 * Clean (@p invalidate false) or clean+invalidate the lines of ring
 * entries [from, from + n) (socnic_ring_maint()), then wait for it.
 * Non-coherent only.
 */
static __rte_always_inline void
mvneta_ring_maint(struct rxp_sync *s, volatile void *ring, uint16_t from,
		  uint16_t n, uint16_t mask, bool invalidate)
{
	socnic_ring_maint(s, ring, from, n, mask, MVNETA_DESC_SHIFT,
			  invalidate);
	rxp_sync_fence(s);
}

/* mvneta_ring_maint() on a non-coherent queue, nothing on a coherent one. */
static inline void
mvneta_ring_sync(struct rxp_sync *s, volatile void *ring, uint16_t from,
		 uint16_t n, uint16_t mask, bool for_cpu)
{
	if (s->mode != RXP_SYNC_COHERENT)
		mvneta_ring_maint(s, ring, from, n, mask, for_cpu);
}

/*
 * The queue's RXQ_STATUS_UPDATE (@p reg): @p done descriptors processed
 * (off occupied), @p armed re-armed (onto non-occupied), at most 255 of
 * each per write.
 */
static __rte_always_inline void
mvneta_rxq_status_update(const struct socnic_backend *be, uint32_t reg,
			 uint32_t done, uint32_t armed)
{
	while (done != 0 || armed != 0) {
		uint32_t d = RTE_MIN(done, MVNETA_RXQ_DEC_OCCUPIED_MAX);
		uint32_t a = RTE_MIN(armed, MVNETA_RXQ_ADD_NON_OCCUPIED_MAX);

		socnic_write32(be, reg, d | a << MVNETA_RXQ_ADD_NON_OCCUPIED_SHIFT);
		done -= d;
		armed -= a;
	}
}

/* mvneta_rxq.c */
int mvneta_rx_queue_setup(struct rte_eth_dev *dev, uint16_t queue_id,
			  uint16_t nb_desc, unsigned int socket_id,
			  const struct rte_eth_rxconf *conf,
			  struct rte_mempool *mp);
int mvneta_rx_queue_start(struct rte_eth_dev *dev, struct socnic_rx_queue *q);
void mvneta_rx_queue_stop(struct socnic_rx_queue *q);
void mvneta_rx_queue_enable(struct socnic_rx_queue *q);
void mvneta_rx_missed_update(struct socnic_rx_queue *q);
int mvneta_rx_queue_count(void *rxq);
SOCNIC_RX_QUEUE_COUNT_COMPAT(mvneta_rx_queue_count)
int mvneta_rx_descriptor_status(void *rxq, uint16_t offset);
/*
 * The general path: any descriptor in any state (errors, chains); returns
 * a completed frame (lengths and port set, not synced) or NULL.
 */
struct rte_mbuf *mvneta_rx_desc(struct socnic_rx_queue *q, uint16_t slot,
				uint32_t status, uint32_t size);
/* Refill of the coherent / non-coherent ring; returns the slots armed. */
uint16_t mvneta_rx_refill(struct mvneta_rx_queue *rxq);
uint16_t mvneta_rx_refill_nc(struct mvneta_rx_queue *rxq);

/* mvneta_rx_fast.c: the burst variants, one per configuration. */
eth_rx_burst_t mvneta_rx_burst_select(const struct mvneta_rx_queue *rxq,
				      const struct mvneta_devargs *da);

/* mvneta_txq.c */
int mvneta_tx_queue_setup(struct rte_eth_dev *dev, uint16_t queue_id,
			  uint16_t nb_desc, unsigned int socket_id,
			  const struct rte_eth_txconf *conf);
int mvneta_tx_queue_start(struct rte_eth_dev *dev, struct socnic_tx_queue *q);
void mvneta_tx_queue_enable(struct socnic_tx_queue *q);
void mvneta_tx_queue_drain(struct socnic_tx_queue *q);
void mvneta_tx_queue_stop(struct socnic_tx_queue *q);
int mvneta_tx_descriptor_status(void *txq, uint16_t offset);
/* Graceful TX stop: at most 10000 polls of 10 us (100 ms). */
#define MVNETA_TX_DRAIN_POLLS	10000
#define MVNETA_TX_DRAIN_POLL_US	10

/* mvneta_stats.c */
SOCNIC_STATS_OPS_DECLARE(mvneta)

/* Shared ring helpers (mvneta_rxq.c). */
extern const struct socnic_ring_limits mvneta_ring_limits;
/* mvneta_flow.c: the port's RX queue steering behind rte_flow. */
extern const struct socnic_flow_family mvneta_flow_family;
/* mvneta_tm.c: the TX arbiter behind rte_tm. */
extern const struct socnic_tm_family mvneta_tm_family;
const struct rte_memzone *mvneta_ring_alloc(const struct rte_eth_dev *dev,
					    const char *kind, uint16_t queue_id,
					    uint16_t nb_desc,
					    unsigned int socket_id);

#endif /* MVNETA_ETHDEV_H */
