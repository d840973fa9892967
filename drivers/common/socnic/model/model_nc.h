/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * A non-coherent interconnect between the CPU and the device models' DMA
 * engines (docs/model.md "Non-coherent DMA"), NIC-neutral.
 *
 * On an SoC whose Ethernet DMA does not snoop the CPU caches (RK3568,
 * RK3588, i.MX8MP, STM32MP1: no `dma-coherent` in their device trees) the
 * device reads and writes DRAM while the CPU works in its cache. What the
 * CPU writes reaches the device only once the line is cleaned; what the
 * device writes reaches the CPU only once the line is invalidated; and a
 * dirty line the device wrote underneath is written back over the device's
 * bytes when it is evicted. An x86 development host forgives all of it.
 * This module makes the models behave like the SoC:
 *
 *   - the host memory the driver reads and writes is the CPU's cached view
 *     (C); the module keeps DRAM (D), a shadow of every range the models
 *     map for DMA, taken when the range is first mapped;
 *   - device reads return D. A read of bytes the CPU wrote (C differs from
 *     what C held at the last sync of the line) is counted in
 *     unclean_reads: the device got what the line held at its last clean;
 *   - device writes go to D; in C the bytes written are poisoned
 *     (MODEL_NC_POISON) until the CPU invalidates the line, so a stale read
 *     shows. A device write into a line the CPU has dirtied is a clobber:
 *     the line's eventual write-back replaces the device's bytes, so D
 *     takes the CPU's line (the device's bytes are lost) and it is counted;
 *   - the CPU's maintenance reaches the module through the driver's cache
 *     hook: clean writes a dirty line to D; clean+invalidate also makes C
 *     show D. Only whole lines of MODEL_NC_LINE bytes are maintained. A
 *     line a clean wrote back stays in flight until the next completion
 *     barrier (MODEL_NC_FENCE): a device that reads it meanwhile may get
 *     its old bytes, which model_nc_dev_read_stale() tells.
 *
 * One process-wide shadow serves every model (two ports forward through
 * the same DRAM). Device accesses and CPU maintenance are serialised by one
 * lock. Nothing here is on the driver's datapath unless the emulation is on
 * (a model port with dma=noncoherent and model_nc=1, the default).
 *
 * Process-wide across copies of this module, too: each PMD plugin links
 * the model library statically and keeps its symbols to itself, so a
 * process loading two NIC families holds two copies of this file. Each
 * copy offers its interconnect as a domain (model_nc_domain()); the
 * others join it (model_nc_join()) before their first model attaches,
 * and from then on every call below runs the joined copy's code on its
 * shadow. A buffer passed from one family's port to the other's (one
 * mempool) then lives in one DRAM, as on the SoC; with a shadow per copy
 * each would miss the other's device writes and maintenance, and report
 * clobbers that are not there (and hide any that are).
 */
#ifndef SOCRX_MODEL_NC_H
#define SOCRX_MODEL_NC_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Cache line of the emulated CPU (Cortex-A53/A55/A72/A76: 64 bytes). */
#define MODEL_NC_LINE		64u
/*
 * What the CPU reads of bytes the device wrote and it has not invalidated.
 * Its top bit is set, so a stale descriptor word always shows OWN (bit 31)
 * and never passes for a completed one.
 */
#define MODEL_NC_POISON		0xe5u

/* CPU cache maintenance over a range, rounded out to whole lines. */
enum model_nc_op {
	MODEL_NC_CLEAN = 1,	/* write dirty lines back (dc cvac) */
	MODEL_NC_CIVAC,		/* clean, then invalidate (dc civac) */
	/*
	 * A prefetch (prfm / prefetcht0) of the lines: changes nothing here,
	 * counted in early_prefetches when a line holds bytes the device
	 * wrote that the CPU has not invalidated since (on the SoC: a stale
	 * line pulled into the cache, or one the device is still writing).
	 * Told only by a driver built to observe its prefetches.
	 */
	MODEL_NC_PREFETCH,
	/*
	 * The completion barrier (dsb sy): every line the CPU's cleans wrote
	 * back since the last one has reached D for sure (addr and len are
	 * ignored). Until then such a line is in flight: the device may read
	 * it before or after it lands (model_nc_dev_read_stale()).
	 */
	MODEL_NC_FENCE,
};

/*
 * Counters of one model. Written under the module's lock, read lock-free
 * with relaxed loads (model_nc_counters_read()).
 */
struct model_nc_counters {
	uint64_t clobbers;	/* lines whose device bytes a dirty line replaced */
	uint64_t unclean_reads;	/* device reads of bytes written, not cleaned */
	uint64_t clean_lines;	/* lines the CPU cleaned */
	uint64_t civac_lines;	/* lines the CPU cleaned and invalidated */
	uint64_t early_prefetches;	/* prefetches of lines not yet invalidated */
};

/*
 * A model starts / stops using the emulation. The shadow lives from the
 * first attach to the last detach. 0 or -errno.
 */
int model_nc_attach(void);
void model_nc_detach(void);

/*
 * Shadows [va, va + len) (page-aligned in practice): D takes what the
 * range holds now, as DRAM holds what was last written back. Ranges
 * already shadowed are kept. 0 or -errno (-ENOMEM, -ENOSPC).
 */
int model_nc_map(void *va, size_t len);

/*
 * Device side: @p cpu is the host address the model translated to. A read
 * counts in unclean_reads when it took bytes the CPU wrote and did not
 * clean; the quiet one only says so (a descriptor read counts only when
 * the device uses what it read, model_nc_count_unclean_read()).
 */
void model_nc_dev_read(struct model_nc_counters *c, void *dst,
		       const void *cpu, size_t len);
bool model_nc_dev_read_quiet(void *dst, const void *cpu, size_t len);
/*
 * Whether a device read of [cpu, cpu + len) now could get stale bytes:
 * some the CPU wrote and did not clean, or in a line whose clean has not
 * been completed by a barrier since (in flight). Reads nothing, counts
 * nothing.
 */
bool model_nc_dev_read_stale(const void *cpu, size_t len);
void model_nc_count_unclean_read(struct model_nc_counters *c);
/*
 * @p visible: the bytes also reach C at once (the write-ordering
 * adversary's publish, which models what the CPU's loads return, not a
 * bus write). Otherwise they are poisoned in C until invalidated.
 */
void model_nc_dev_write(struct model_nc_counters *c, void *cpu,
			const void *src, size_t len, bool visible);
uint32_t model_nc_dev_load32(struct model_nc_counters *c, const uint32_t *cpu);
void model_nc_dev_store32(struct model_nc_counters *c, uint32_t *cpu,
			  uint32_t v);

/* CPU side: the driver's maintenance of [addr, addr + len). */
void model_nc_cpu_op(struct model_nc_counters *c, const void *addr,
		     size_t len, enum model_nc_op op);

/* Relaxed snapshot of @p c. */
void model_nc_counters_read(const struct model_nc_counters *c,
			    struct model_nc_counters *out);

/*
 * A copy's interconnect: its entry points, on its own shadow. @p abi is
 * MODEL_NC_ABI of the copy that built it; a copy joins only a domain of
 * its own ABI (layouts of the counters and of this table).
 */
struct model_nc_domain {
	uint32_t abi;
	int (*attach)(void);
	void (*detach)(void);
	unsigned int (*users)(void);
	int (*map)(void *va, size_t len);
	bool (*dev_read_quiet)(void *dst, const void *cpu, size_t len);
	bool (*dev_read_stale)(const void *cpu, size_t len);
	void (*count_unclean_read)(struct model_nc_counters *c);
	void (*dev_write)(struct model_nc_counters *c, void *cpu,
			  const void *src, size_t len, bool visible);
	void (*cpu_op)(struct model_nc_counters *c, const void *addr,
		       size_t len, enum model_nc_op op);
};

#define MODEL_NC_ABI	((uint32_t)1 << 24 |				\
			 (uint32_t)sizeof(struct model_nc_domain) << 12 |	\
			 (uint32_t)sizeof(struct model_nc_counters))

/* The domain this copy uses: its own, or the one it joined. */
const struct model_nc_domain *model_nc_domain(void);

/*
 * This copy uses @p d from now on (another copy's model_nc_domain()).
 * 0; -EINVAL for a domain of another ABI; -EBUSY while a model of this
 * copy is attached to its own interconnect (join before the first) or
 * once it joined another domain.
 */
int model_nc_join(const struct model_nc_domain *d);

/* Models attached to the domain this copy uses. */
unsigned int model_nc_users(void);

#ifdef __cplusplus
}
#endif

#endif /* SOCRX_MODEL_NC_H */
