/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The queues' control path every socrx PMD shares: the checks of ethdev's
 * queue-setup arguments, the RX buffer size a mempool allows, the refill
 * threshold, the descriptor ring's memory and the MTU against the RX
 * buffers. Each logs why it refuses under the PMD's logtype it is given.
 */
#ifndef SOCNIC_QUEUE_H
#define SOCNIC_QUEUE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <ethdev_driver.h>
#include <rte_mempool.h>
#include <rte_memzone.h>

/*
 * A PMD's queues: how many, and ring sizes in [min, max], both powers of
 * two. A ring's length is a power of two (its free-running uint16_t
 * indices are masked, docs/design/rxpath.md "Ring sizes"); dev_info
 * advertises nb_align = min, and a size ethdev lets through that is not a
 * power of two is rounded up (socnic_queue_setup_check()).
 */
struct socnic_ring_limits {
	uint16_t nb_queues;		/* most the family's devices have */
	uint16_t min_desc;
	uint16_t max_desc;
};

/*
 * ethdev's queue-setup arguments (@p dir "RX" or "TX"): a queue index
 * within @p lim, a ring size within it, no deferred start. A size that is
 * not a power of two is rounded up to the next one in @p nb_desc (logged,
 * as mlx5 and bnxt do; never past max, itself a power of two). 0 or a
 * logged -EINVAL.
 */
int socnic_queue_setup_check(int logtype, uint16_t port, const char *dir,
			     uint16_t queue_id, uint16_t *nb_desc,
			     bool deferred_start,
			     const struct socnic_ring_limits *lim);

/*
 * The buffer the device may fill in an mbuf of @p mp: the data room after
 * the headroom (@p room), at most @p max, rounded down to @p align (the
 * device then never writes past what the mbuf holds). 0 and @p bufsz set,
 * or a logged -EINVAL when that is below @p min.
 */
int socnic_rx_buf_size(int logtype, uint16_t port, struct rte_mempool *mp,
		       uint32_t min, uint32_t max, uint32_t align,
		       uint32_t *room, uint32_t *bufsz);

/*
 * The refill threshold: rx_free_thresh @p conf, or min(@p dflt, ring / 4)
 * when 0; below nb_desc - 1 (the engine's rule: rxp_pool refill batches).
 * 0 and @p thresh set, or a logged -EINVAL.
 */
int socnic_rx_free_thresh(int logtype, uint16_t port, uint16_t conf,
			  uint16_t dflt, uint16_t nb_desc, uint16_t *thresh);

/*
 * A zeroed queue of @p size bytes and its zeroed slot array, @p slot_bytes
 * for each of @p n slots, on @p socket_id (rte_malloc, named @p name):
 * the queue, *@p slots set; NULL, nothing kept, when either fails.
 */
void *socnic_queue_zalloc(const char *name, size_t size, size_t slot_bytes,
			  uint16_t n, unsigned int socket_id, void **slots);

/*
 * @p len bytes of descriptor ring for queue @p queue_id, zeroed,
 * IOVA-contiguous and aligned to its own (power of two) size: it never
 * crosses a 4 GiB line and every cache line holds whole descriptors. The
 * memzone is named "<pmd>_p<port>_<kind><queue>". NULL when logged.
 */
const struct rte_memzone *socnic_ring_alloc(const struct rte_eth_dev *dev,
					    const char *pmd, const char *kind,
					    uint16_t queue_id, size_t len,
					    unsigned int socket_id,
					    int logtype);

/*
 * Longest frame accepted for @p mtu as the RX path delivers it: the
 * Ethernet header and one VLAN tag, plus the FCS with KEEP_CRC.
 */
uint32_t socnic_rx_max_len(const struct rte_eth_dev *dev, uint16_t mtu);

/*
 * Whether an RX queue takes the MTU of @p need bytes per frame (as its
 * buffers hold them): without scatter, at most @p room, and at most
 * @p buf_size (what the device was programmed with) on a @p started
 * queue, which only a restart resizes. 0, -EINVAL or -EBUSY (logged).
 */
int socnic_rx_mtu_check(int logtype, const struct rte_eth_dev *dev,
			uint16_t mtu, uint32_t need, uint32_t room,
			uint32_t buf_size, bool started);

#endif /* SOCNIC_QUEUE_H */
