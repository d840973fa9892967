/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Pieces of the ethdev ops every socrx PMD shares (one port, its RX and
 * TX queues, a backend): configure's checks, the constant part of
 * dev_infos_get, start, stop and close over the family's steps, the end
 * of probe and remove. The NIC's own steps (registers, queues) stay in
 * each PMD.
 */
#ifndef SOCNIC_ETHDEV_H
#define SOCNIC_ETHDEV_H

#include <stdbool.h>
#include <stdint.h>

#include <bus_vdev_driver.h>
#include <ethdev_driver.h>

#include "socnic_backend.h"
#include "socnic_compat_ethdev.h"
#include "socnic_lsc.h"
#include "socnic_queue.h"

/*
 * dev_configure: no RX or TX multi-queue mode (RSS with rss_hf 0 is
 * none). 0 or a logged -EINVAL.
 */
int socnic_dev_configure_check(const struct rte_eth_dev *dev, int logtype);

/* What a PMD reports in dev_infos_get that does not depend on the port. */
struct socnic_dev_limits {
	const struct socnic_ring_limits *ring;	/* RX and TX alike */
	uint32_t min_rx_bufsize;
	uint32_t max_rx_pktlen;		/* FCS excluded */
	uint16_t max_mtu;
	uint16_t tx_seg_max;		/* descriptors one TX frame may take */
	uint16_t rx_free_thresh;	/* the default refill threshold */
	uint32_t speed_capa;
};

/*
 * Fills @p info from @p lim and @p dev's port: the queues the device has,
 * scatter and KEEP_CRC, checksum flags unless @p rx_csum is false
 * (csum=off), multi-segment TX, ring limits, burst and ring defaults of
 * 32 and 512 on one queue. The PMD adds max_mac_addrs and its own
 * offloads.
 */
void socnic_dev_infos_fill(const struct rte_eth_dev *dev,
			   struct rte_eth_dev_info *info,
			   const struct socnic_dev_limits *lim, bool rx_csum);

/*
 * dev_supported_ptypes_get: packet_type comes from lib/rxpath's parser.
 * The ops tables take SOCNIC_PTYPES_GET_OP() of it: the shape of the DPDK
 * built against (socnic_compat_ethdev.h).
 */
const uint32_t *socnic_dev_supported_ptypes_get(struct rte_eth_dev *dev,
						size_t *no_of_elements);
SOCNIC_PTYPES_GET_COMPAT(socnic_dev_supported_ptypes_get)

/* dev_private of @p port_id when its ops are @p ops, else NULL. */
void *socnic_dev_private_from_port(uint16_t port_id,
				   const struct eth_dev_ops *ops);

struct socnic_flow_family;
struct socnic_port_args;
struct socnic_queue_ops;
struct socnic_tm_family;
struct socnic_uio_family;

/* ethdev's receive modes a family's filter takes (struct socnic_pmd). */
enum socnic_rx_mode {
	SOCNIC_RX_PROMISC,		/* promiscuous: every unicast address */
	SOCNIC_RX_ALLMULTI,		/* all-multicast */
};

/*
 * A family's constants and its own steps of a port's probe, start, stop
 * and close, one table for every port it probes (the port's pmd). The
 * steps are control path only, called in the order socnic_probe_port()
 * and socnic_dev_start() give.
 */
struct socnic_pmd {
	const char *drv;		/* the driver's name (secondary requests) */
	const int *logtype;		/* the PMD's driver logtype */
	const int *rx_logtype;		/* its RX queues' (their release) */
	uint8_t mac_family;		/* socnic_default_mac()'s family byte */
	const struct eth_dev_ops *ops;
	const struct socnic_queue_ops *qops;
	const struct socnic_flow_family *flow;
	const struct socnic_tm_family *tm;
	eth_rx_queue_count_t rx_queue_count;
	eth_rx_descriptor_status_t rx_descriptor_status;
	eth_tx_descriptor_status_t tx_descriptor_status;
	/* The queues set up: the device quiesced and configured. */
	int (*configure)(struct rte_eth_dev *dev);
	/*
	 * The flows and the TX arbiter written: what the queues' start
	 * needs before it (interrupts, the link).
	 */
	int (*link_start)(struct rte_eth_dev *dev);
	/* Every queue enabled: the MAC on. */
	void (*mac_enable)(struct rte_eth_dev *dev);
	/* The device running, before the backend starts. */
	void (*running)(struct rte_eth_dev *dev);
	/*
	 * The acknowledgement of its link cause, for the port's link status
	 * change interrupt (socnic_lsc.h), which starts after "port N
	 * started" on a port with the line (lsc_irq).
	 */
	socnic_lsc_ack_t lsc_ack;
	/* Then the family's link watch (NULL: none). */
	void (*watch_start)(struct rte_eth_dev *dev);
	/* A started port: the device quiesced, every queue stopped. */
	void (*stop)(struct rte_eth_dev *dev);
	/* At close: the counters' close-time dump. */
	void (*xstats_log)(const struct rte_eth_dev *dev);
	/*
	 * ethdev's receive mode @p mode turned on (@p on) or off, the other
	 * mode as dev->data holds it (ethdev records @p mode after this
	 * returns 0).
	 */
	int (*rx_mode_set)(struct rte_eth_dev *dev, enum socnic_rx_mode mode,
			   bool on);
	/* Its probe's own steps (socnic_probe_port()). */
	const struct socnic_uio_family *uio;	/* the UIO backend's */
	/*
	 * The model backend of the port @p eth_dev, from the devargs @p
	 * args, with @p mac as the reset value of its address.
	 */
	int (*model_create)(struct rte_eth_dev *eth_dev, const char *args,
			    const uint8_t mac[6]);
	/*
	 * The backend created: the device probed and quiesced, the
	 * backend's DMA mapped, the link interrupt probed; the port's MAC
	 * address (from @p mac or the device) into @p ea, how many
	 * addresses the device filters on (max_mac_addrs) into @p nb_addrs.
	 */
	int (*probe)(struct rte_eth_dev *eth_dev, const uint8_t mac[6],
		     struct rte_ether_addr *ea, uint32_t *nb_addrs);
	/*
	 * Its queues' setup (socnic_rx_queue_create(),
	 * socnic_tx_queue_create()): the descriptor ring ("rx" or "tx"
	 * @p kind) of @p nb_desc descriptors, within the family's size and
	 * address limits (socnic_ring_alloc()). NULL when logged.
	 */
	const struct rte_memzone *(*ring_alloc)(const struct rte_eth_dev *dev,
						const char *kind,
						uint16_t queue_id,
						uint16_t nb_desc,
						unsigned int socket_id);
};

/*
 * dev_start: the queues checked, the family's configure, the rte_flow
 * rules and the TX arbiter replayed, its link_start, the queues started
 * and enabled, its mac_enable, the port marked running, its running, the
 * backend started, socnic_dev_started(), the link status change interrupt
 * (with the family's lsc_ack), its watch_start. A failure after the
 * backend start stops the port again.
 */
int socnic_dev_start(struct rte_eth_dev *dev);

/*
 * dev_stop: nothing on a port not running; else the family's stop, then
 * socnic_dev_stopped().
 */
int socnic_dev_stop(struct rte_eth_dev *dev);

/*
 * ethdev's promiscuous_enable / _disable and allmulticast_enable /
 * _disable: the family's rx_mode_set.
 */
int socnic_dev_promiscuous_enable(struct rte_eth_dev *dev);
int socnic_dev_promiscuous_disable(struct rte_eth_dev *dev);
int socnic_dev_allmulticast_enable(struct rte_eth_dev *dev);
int socnic_dev_allmulticast_disable(struct rte_eth_dev *dev);

/*
 * dev_close, in the primary process: the port stopped, its RX queue
 * interrupts released, the counters logged, the flows released, then
 * socnic_dev_release().
 */
int socnic_dev_close(struct rte_eth_dev *dev);

/*
 * The end of dev_start, once the device and the backend run: every queue
 * of each direction started, the link read, "port N started" logged.
 */
void socnic_dev_started(struct rte_eth_dev *dev, int logtype);

/*
 * The end of dev_stop, once the device is quiescent: the backend told,
 * every queue of each direction stopped, the link down.
 */
void socnic_dev_stopped(struct rte_eth_dev *dev,
			const struct socnic_backend *be);

/*
 * The end of dev_close, the port stopped: every queue released (through
 * the port's own ops), then the backend destroyed (the model stops its
 * thread and unmaps DPDK memory; UIO unmaps). mac_addrs and dev_private
 * are freed by rte_eth_dev_release_port().
 */
void socnic_dev_release(struct rte_eth_dev *dev, struct socnic_backend *be);

/*
 * The start of a primary process's probe, the devargs parsed: the port's
 * MAC address into @p mac (mac=, else socnic_default_mac()), the ethdev
 * port with @p priv_size bytes of dev_private into @p eth_dev, its queue
 * control, @p pmd, rte_flow rules and TX arbiter set up. 0 or -ENOMEM.
 */
int socnic_probe_alloc(struct rte_vdev_device *vdev,
		       const struct socnic_pmd *pmd,
		       const struct socnic_port_args *pa, size_t priv_size,
		       uint8_t mac[6], struct rte_eth_dev **eth_dev);

/*
 * The rest of a primary process's probe, the adapter's devargs set (@p pa
 * their port part): the backend (UIO with use_uio=1, else the family's
 * model from the devargs @p args, @p mac its address), the family's
 * probe, the port's MAC address table, the address written through the
 * family's mac_addr_set; then the family's ops and descriptor queries
 * installed, the port served to secondary processes; a port whose
 * backend carries frames for any address (a replayed capture, a Linux
 * interface) starts promiscuous, as DPDK's net_pcap receives every frame
 * before an application could ask; then probing finishes and the port is
 * logged. On a failure the backend is destroyed, the port released and
 * the error returned.
 */
int socnic_probe_port(struct rte_eth_dev *eth_dev,
		      const struct socnic_port_args *pa, const char *args,
		      const uint8_t mac[6]);

/*
 * The vdev's remove: stop the port if started, then close it; in a
 * secondary process, release only this process's view of it.
 */
int socnic_vdev_remove(struct rte_vdev_device *vdev);

/* ---- Queue start, stop and information, every family's ---- */

struct socnic_rx_queue;
struct socnic_tx_queue;

/*
 * A family's queue control over its registers (control path: called
 * through these pointers at start and stop, never per packet). Drain and
 * stop are called on a started queue only (its started flag set by the
 * family's start): the shared walks and ethdev's queue ops skip the rest.
 */
struct socnic_queue_ops {
	/* Fill and arm the ring, program the queue; its DMA still stopped. */
	int (*rx_start)(struct rte_eth_dev *dev, struct socnic_rx_queue *q);
	void (*rx_enable)(struct socnic_rx_queue *q);
	void (*rx_stop)(struct socnic_rx_queue *q);
	int (*tx_start)(struct rte_eth_dev *dev, struct socnic_tx_queue *q);
	void (*tx_enable)(struct socnic_tx_queue *q);
	/* Let the device finish what it holds (a graceful stop). */
	void (*tx_drain)(struct socnic_tx_queue *q);
	void (*tx_stop)(struct socnic_tx_queue *q);
	/*
	 * RX queue @p qid's interrupt unmasked (@p on) or masked, on a port
	 * with RX queue interrupts (struct socnic_port's rx_intr).
	 */
	void (*rx_intr_set)(struct rte_eth_dev *dev, uint16_t qid, bool on);
};

/*
 * ethdev's rx/tx_queue_start and _stop on a started port (ethdev refuses
 * them on a stopped one), over the family's queue control (struct
 * socnic_port's qops): stop gives the ring's buffers back (TX: after the
 * device finished what it held); start fills, programs and enables the
 * queue again, as a port start does. -EINVAL for a queue not set up or a
 * port whose device is not running.
 */
int socnic_dev_rx_queue_start(struct rte_eth_dev *dev, uint16_t queue_id);
int socnic_dev_rx_queue_stop(struct rte_eth_dev *dev, uint16_t queue_id);
int socnic_dev_tx_queue_start(struct rte_eth_dev *dev, uint16_t queue_id);
int socnic_dev_tx_queue_stop(struct rte_eth_dev *dev, uint16_t queue_id);

/*
 * ethdev's rx/tx_queue_release: the queue stopped when it runs (the
 * family's rx_stop, tx_stop), its buffers returned, the queue freed
 * (socnic_rx_queue_release(), socnic_tx_queue_release()).
 */
void socnic_dev_rx_queue_release(struct rte_eth_dev *dev, uint16_t queue_id);
void socnic_dev_tx_queue_release(struct rte_eth_dev *dev, uint16_t queue_id);

/*
 * ethdev's rx_queue_intr_enable / _disable: -EINVAL for a queue not set
 * up or a port without RX queue interrupts; else the family's
 * rx_intr_set, and after an unmask the backend's line re-armed (a UIO
 * line that fired stays masked until then).
 */
int socnic_dev_rx_queue_intr_enable(struct rte_eth_dev *dev, uint16_t qid);
int socnic_dev_rx_queue_intr_disable(struct rte_eth_dev *dev, uint16_t qid);

/* ethdev's rxq_info_get / txq_info_get, from the shared queue fields. */
void socnic_dev_rxq_info_get(struct rte_eth_dev *dev, uint16_t queue_id,
			     struct rte_eth_rxq_info *qinfo);
void socnic_dev_txq_info_get(struct rte_eth_dev *dev, uint16_t queue_id,
			     struct rte_eth_txq_info *qinfo);

/*
 * dev_start: every RX and TX queue the port was configured with is set
 * up (at least one of each). 0 or a logged -EINVAL.
 */
int socnic_dev_queues_check(const struct rte_eth_dev *dev, int logtype);

/*
 * dev_start: every RX queue, then every TX queue, filled and programmed,
 * their DMA still stopped; on a failure the queues started are stopped
 * again and the error returned. Then, the device configured, enable
 * turns every queue's DMA on (RX first).
 */
int socnic_dev_queues_start(struct rte_eth_dev *dev);
void socnic_dev_queues_enable(struct rte_eth_dev *dev);

/*
 * dev_stop's steps over every queue set up, in the order the family's
 * device needs them: RX stopped (buffers back to the pool), TX drained
 * (the device finishes what it holds), TX stopped.
 */
void socnic_dev_rx_queues_stop(struct rte_eth_dev *dev);
void socnic_dev_tx_queues_drain(struct rte_eth_dev *dev);
void socnic_dev_tx_queues_stop(struct rte_eth_dev *dev);

/*
 * mtu_set: every RX queue set up takes frames of the MTU's length plus
 * @p extra bytes the device stores with each (socnic_rx_mtu_check()), or
 * none changes; then each accepts frames up to the new length.
 */
int socnic_dev_rx_mtu_set(struct rte_eth_dev *dev, int logtype, uint16_t mtu,
			  uint32_t extra);

/*
 * The entries of a family's struct eth_dev_ops that are the same in
 * every family: start, stop and close over its pmd, the receive modes
 * over its rx_mode_set, the queues over its qops, the packet types,
 * rte_flow and the traffic manager.
 */
#define SOCNIC_PORT_DEV_OPS						\
	.dev_start = socnic_dev_start,					\
	.dev_stop = socnic_dev_stop,					\
	.dev_close = socnic_dev_close,					\
	.promiscuous_enable = socnic_dev_promiscuous_enable,		\
	.promiscuous_disable = socnic_dev_promiscuous_disable,		\
	.allmulticast_enable = socnic_dev_allmulticast_enable,		\
	.allmulticast_disable = socnic_dev_allmulticast_disable,	\
	.dev_supported_ptypes_get =					\
		SOCNIC_PTYPES_GET_OP(socnic_dev_supported_ptypes_get),	\
	.flow_ops_get = socnic_dev_flow_ops_get,			\
	.tm_ops_get = socnic_dev_tm_ops_get,				\
	.rx_queue_start = socnic_dev_rx_queue_start,			\
	.rx_queue_stop = socnic_dev_rx_queue_stop,			\
	.tx_queue_start = socnic_dev_tx_queue_start,			\
	.tx_queue_stop = socnic_dev_tx_queue_stop,			\
	.rx_queue_release = socnic_dev_rx_queue_release,		\
	.tx_queue_release = socnic_dev_tx_queue_release,		\
	.rx_queue_intr_enable = socnic_dev_rx_queue_intr_enable,	\
	.rx_queue_intr_disable = socnic_dev_rx_queue_intr_disable,	\
	.rxq_info_get = socnic_dev_rxq_info_get,			\
	.txq_info_get = socnic_dev_txq_info_get

#endif /* SOCNIC_ETHDEV_H */
