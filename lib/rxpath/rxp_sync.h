/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file
 * DMA sync for RX buffers: the cache maintenance between the device
 * writing a buffer and the CPU reading it, chosen ONCE per queue.
 *
 * The variant (coherent / non-coherent / full) is a pair of function
 * pointers installed by rxp_sync_init() at queue setup, the way a PMD picks
 * its burst function per memory model (conventions point 6): the datapath
 * never tests the mode per packet.
 *
 * - RXP_SYNC_COHERENT: the interconnect keeps caches coherent with DMA;
 *   a sync is only a barrier (rte_io_rmb() for the CPU: the buffer reads
 *   must not be performed before the descriptor status read that said the
 *   device is done; rte_io_wmb() for the device).
 * - RXP_SYNC_NONCOHERENT: clean+invalidate (never invalidate-only, see
 *   rxp_cacheops.h) over exactly the bytes the device wrote, rounded OUT
 *   to whole cache lines. For the CPU that is the received length, not the
 *   buffer (Linux dma_sync_single_range_for_cpu(..., len) in stmmac_rx();
 *   robustness row 47: the range must cover [data_off, data_off + len)).
 * - RXP_SYNC_FULL: like NONCOHERENT but always over max_len bytes, whatever
 *   the length, in both directions, and for the device on every refill,
 *   buffers recycled by the driver included (rxp_pool resyncs them): what
 *   the old stmmac page-pool path paid (its refill synced the whole
 *   allocation to the device for every descriptor it re-armed). Only for
 *   the ablation benchmark.
 *
 * Order in the RX path (robustness rows 13 and 48; Linux 2a2931517c9a):
 * OWN check -> read barrier -> rxp_sync_for_cpu() -> prefetch -> parse.
 *
 * Cache line size. On x86-64 it is RTE_CACHE_LINE_SIZE (64), checked
 * against CPUID's clflush line size. On arm64 it is read at init from
 * CTR_EL0.DminLine, not taken from RTE_CACHE_LINE_SIZE, because the two
 * disagree in both directions: DPDK's generic armv8 build sets
 * RTE_CACHE_LINE_SIZE to 128 while Cortex-A53/A55/A72 lines are 64 bytes,
 * and stepping by 128 there would skip every other line (stale data);
 * on 128-byte-line cores (ThunderX, some Neoverse configurations) a
 * 64-byte step would issue every operation twice. DminLine is the
 * smallest line in the system (Linux traps and sanitises CTR_EL0 on
 * mismatched big.LITTLE systems), so stepping by it never skips a line.
 * With 128-byte lines the rounding out reaches further into the headroom
 * and past the frame end; that is safe because the operation cleans.
 *
 * Besides the buffer syncs, a non-coherent variant offers the raw range
 * operations a driver needs for memory it shares with the device outside
 * the page pool, such as descriptor rings and transmitted bytes:
 * rxp_sync_clean() (write the CPU's stores back), rxp_sync_civac() (clean,
 * then drop the lines so the next load reads what the device wrote), and
 * rxp_sync_fence() (wait until they complete). They are not counted in
 * for_cpu/for_device. A coherent variant has none (NULL): a driver calls
 * them only on the paths it chose for a non-coherent device.
 *
 * A hook (rxp_sync_set_hook()) is told of every clean and clean+invalidate
 * after the instructions ran, and of every completion barrier after it
 * ran: a device model that emulates a non-coherent interconnect sees the
 * driver's cache maintenance through it, as the interconnect would, and
 * knows which of it may still be on its way to DRAM. NULL (the default,
 * and on hardware) costs one predictable branch per range and fence.
 *
 * A struct rxp_sync belongs to one queue and is used by its lcore only
 * (its counters are plain increments).
 */
#ifndef RXP_SYNC_H
#define RXP_SYNC_H

#include <stdbool.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/**
 * Counters of one sync object. RXP_SYNC_STATS(X) calls X(name, help) for
 * each: one list for the struct fields, the names and the log dump.
 */
#define RXP_SYNC_STATS(X)						\
	X(for_cpu_calls, "syncs for the CPU")				\
	X(for_cpu_bytes, "bytes synced for the CPU, whole lines")	\
	X(for_device_calls, "syncs for the device")			\
	X(for_device_bytes, "bytes synced for the device, whole lines")	\
	X(clean_bytes, "bytes cleaned by rxp_sync_clean(), whole lines") \
	X(civac_bytes, "bytes cleaned+invalidated by rxp_sync_civac(), "\
	  "whole lines")

/** Counters; all uint64_t, in RXP_SYNC_STATS order. */
struct rxp_sync_stats {
#define RXP_SYNC_STAT_FIELD(n, h) uint64_t n;
	RXP_SYNC_STATS(RXP_SYNC_STAT_FIELD)
#undef RXP_SYNC_STAT_FIELD
};

/** Indices of the counters, in RXP_SYNC_STATS order. */
enum rxp_sync_stat_id {
#define RXP_SYNC_STAT_ENUM(n, h) RXP_SYNC_STAT_ ## n,
	RXP_SYNC_STATS(RXP_SYNC_STAT_ENUM)
#undef RXP_SYNC_STAT_ENUM
	RXP_SYNC_NB_STATS
};

/** Counter names ("for_cpu_calls", ...), indexed by enum rxp_sync_stat_id. */
extern const char *const rxp_sync_stat_names[RXP_SYNC_NB_STATS];

/** Memory model of the device's DMA, chosen at queue setup. */
enum rxp_sync_mode {
	RXP_SYNC_COHERENT = 0,	/**< barrier only */
	RXP_SYNC_NONCOHERENT,	/**< clean+invalidate the written lines */
	RXP_SYNC_FULL,		/**< clean+invalidate max_len (ablation only) */
};

/** Do not use clflushopt even if the CPU has it (x86-64; benchmarks). */
#define RXP_SYNC_F_NO_CLFLUSHOPT	(1u << 0)

/** A cache maintenance operation, as the hook is told of it. */
enum rxp_cache_op {
	RXP_CACHE_CLEAN = 1,	/**< dirty lines written back */
	RXP_CACHE_CIVAC,	/**< written back, then invalidated */
	/**
	 * One line the RX path prefetched (@p len 1): told only in builds
	 * with meson -Drx_observe=true (rxp_prefetch.h), so that a device
	 * model sees a prefetch of a line not yet synced for the CPU.
	 */
	RXP_CACHE_PREFETCH,
	/**
	 * The completion barrier (dsb sy / sfence / mfence) ran: every clean
	 * and clean+invalidate issued before it has reached DRAM (@p addr
	 * NULL, @p len 0). Until then a cleaned line may or may not be there.
	 */
	RXP_CACHE_FENCE,
};

/**
 * Told of each maintenance of [addr, addr + len) after it ran (@p ctx as
 * given to rxp_sync_set_hook()).
 */
typedef void (*rxp_sync_hook_t)(void *ctx, const void *addr, uint32_t len,
				enum rxp_cache_op op);

struct rxp_sync;

/** One direction of a sync variant. */
typedef void (*rxp_sync_fn_t)(struct rxp_sync *s, const void *addr,
			      uint32_t len);

/**
 * Several buffers at once: the maintenance of all of them, then ONE
 * completion barrier (dsb / sfence) instead of one per buffer.
 */
typedef void (*rxp_sync_bulk_fn_t)(struct rxp_sync *s,
				   const void *const *addr,
				   const uint32_t *len, unsigned int n);

/** A queue's DMA sync: the variant's functions and its counters. */
struct rxp_sync {
	rxp_sync_fn_t for_cpu;		/**< installed by rxp_sync_init() */
	rxp_sync_fn_t for_device;	/**< installed by rxp_sync_init() */
	rxp_sync_bulk_fn_t for_cpu_bulk;	/**< installed by rxp_sync_init() */
	rxp_sync_bulk_fn_t for_device_bulk;	/**< installed by rxp_sync_init() */
	rxp_sync_fn_t clean;		/**< range clean, no fence; NULL coherent */
	rxp_sync_fn_t civac;		/**< range clean+invalidate, no fence */
	void (*fence)(void);		/**< completes clean/civac */
	rxp_sync_hook_t hook;		/**< rxp_sync_set_hook(); NULL */
	void *hook_ctx;
	uint32_t max_len;		/**< bytes the device may write */
	uint8_t line_shift;		/**< log2 of the cache line size */
	enum rxp_sync_mode mode;
	const char *variant;		/**< e.g. "noncoherent/clflushopt" */
	struct rxp_sync_stats stats;
};

/**
 * Install the sync variant for @p mode. Picks the cache-line size and the
 * instruction (clflushopt or clflush on x86-64, dc civac on arm64) once.
 *
 * @param s  sync object to initialise (counters zeroed).
 * @param mode  memory model of the device.
 * @param max_len  bytes the device may write into one buffer (the page
 *   pool's max_len); the length RXP_SYNC_FULL syncs.
 * @param flags  RXP_SYNC_F_* .
 * @return 0; -EINVAL for a bad mode or a zero max_len; -ENOTSUP for a
 *   non-coherent mode on an architecture without user-space cache
 *   maintenance (32-bit Arm).
 */
int rxp_sync_init(struct rxp_sync *s, enum rxp_sync_mode mode,
		  uint32_t max_len, unsigned int flags);

/**
 * Install @p fn (NULL: none) to be told of every clean and clean+invalidate
 * this sync object performs, buffer syncs included.
 */
static inline void
rxp_sync_set_hook(struct rxp_sync *s, rxp_sync_hook_t fn, void *ctx)
{
	s->hook = fn;
	s->hook_ctx = ctx;
}

/**
 * Clean the lines holding [addr, addr + len): the CPU's stores there reach
 * the point of coherency, where a non-coherent device reads. No completion
 * barrier (rxp_sync_fence()). Non-coherent variants only.
 */
static inline void
rxp_sync_clean(struct rxp_sync *s, const void *addr, uint32_t len)
{
	s->clean(s, addr, len);
}

/**
 * Clean and invalidate the lines holding [addr, addr + len): the next load
 * there reads what the device wrote. No completion barrier. Non-coherent
 * variants only.
 */
static inline void
rxp_sync_civac(struct rxp_sync *s, const void *addr, uint32_t len)
{
	s->civac(s, addr, len);
}

/** Wait until the cleans and invalidates issued so far have completed. */
static inline void
rxp_sync_fence(const struct rxp_sync *s)
{
	s->fence();
	if (__builtin_expect(s->hook != NULL, 0))
		s->hook(s->hook_ctx, NULL, 0, RXP_CACHE_FENCE);
}

/**
 * Whether this build and CPU can maintain data caches from user space,
 * i.e. whether RXP_SYNC_NONCOHERENT can be used (not on 32-bit Arm).
 */
bool rxp_sync_noncoherent_supported(void);

/**
 * The cache line a non-coherent variant maintains, in bytes: CTR_EL0's
 * smallest data line on arm64, the clflush line on x86-64; 0 when
 * rxp_sync_noncoherent_supported() is false. What a descriptor must be
 * padded to when it may not share a line with another.
 */
uint32_t rxp_sync_nc_line_size(void);

/**
 * The granule a non-coherent device's buffers and descriptors must be
 * padded and aligned to, so that no line the device writes holds a byte
 * the CPU may dirty meanwhile: on arm64 max(DminLine, CWG) of CTR_EL0
 * (rxp_sync_ctr_dma_align()), the Cache Writeback Granule being the
 * largest block a write-back may cover; on x86-64 the clflush line; 0
 * when rxp_sync_noncoherent_supported() is false.
 */
uint32_t rxp_sync_nc_dma_align(void);

/**
 * The DMA alignment CTR_EL0 value @p ctr gives, in bytes: the larger of
 * DminLine (bits 19:16) and CWG (bits 27:24), both log2 of 4-byte words;
 * a CWG of 0 (not reported) counts as 128 bytes, Linux's
 * ARCH_DMA_MINALIGN (arch/arm64 cache_line_size()). Pure: any
 * architecture may call it.
 */
uint32_t rxp_sync_ctr_dma_align(uint64_t ctr);

/** Cache line size the sync object works on, in bytes. */
static inline uint32_t
rxp_sync_line_size(const struct rxp_sync *s)
{
	return (uint32_t)1 << s->line_shift;
}

/**
 * The cache lines that hold the bytes [addr, addr + len): pure arithmetic,
 * kept apart so that it can be tested exhaustively.
 *
 * @param addr  first byte.
 * @param len  number of bytes; 0 gives 0 lines.
 * @param line_shift  log2 of the line size (6 for 64-byte lines).
 * @param[out] first  address of the line holding @p addr (addr rounded
 *   down to the line size), set even when @p len is 0.
 * @return the number of lines, i.e. the range rounded OUT to whole lines.
 */
static inline uint32_t
rxp_sync_line_span(uintptr_t addr, uint32_t len, unsigned int line_shift,
		   uintptr_t *first)
{
	uintptr_t mask = ((uintptr_t)1 << line_shift) - 1;

	*first = addr & ~mask;
	if (len == 0)
		return 0;
	return (uint32_t)(((addr + len - 1) >> line_shift) -
			  (addr >> line_shift) + 1);
}

/**
 * Make the @p len bytes the device wrote at @p addr visible to the CPU.
 * Call with the received length (FCS included if it is in the buffer),
 * after the descriptor read barrier and before any read or prefetch of
 * the data.
 */
static inline void
rxp_sync_for_cpu(struct rxp_sync *s, const void *addr, uint32_t len)
{
	s->for_cpu(s, addr, len);
}

/**
 * rxp_sync_for_cpu() of @p n buffers, [addr[i], addr[i] + len[i]), with
 * one completion barrier for all of them: on arm64 one `dsb sy` instead of
 * n, on x86-64 one sfence, and the line operations of all the buffers in
 * flight together. Counts n calls. RXP_SYNC_FULL keeps one barrier per
 * buffer (what the old driver's per-buffer dma_sync calls paid).
 */
static inline void
rxp_sync_for_cpu_bulk(struct rxp_sync *s, const void *const *addr,
		      const uint32_t *len, unsigned int n)
{
	s->for_cpu_bulk(s, addr, len, n);
}

/** rxp_sync_for_device() of @p n buffers with one completion barrier. */
static inline void
rxp_sync_for_device_bulk(struct rxp_sync *s, const void *const *addr,
			 const uint32_t *len, unsigned int n)
{
	s->for_device_bulk(s, addr, len, n);
}

/**
 * Hand @p len bytes at @p addr back to the device: write back whatever the
 * CPU may have dirtied so that no later eviction overwrites DMA data.
 */
static inline void
rxp_sync_for_device(struct rxp_sync *s, const void *addr, uint32_t len)
{
	s->for_device(s, addr, len);
}

#ifdef __cplusplus
}
#endif

#endif /* RXP_SYNC_H */
