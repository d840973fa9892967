/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Non-coherent interconnect emulation (model_nc.h). State per line of a
 * shadowed range: D (its DRAM bytes) and `stale`, the bytes the device
 * wrote since the CPU last invalidated the line (bit i: byte i). What the
 * CPU's cache would hold if the CPU wrote nothing since the last sync is
 * then known without a third copy: D, with MODEL_NC_POISON where stale.
 * Whatever C differs from that, the CPU wrote and did not clean.
 *
 * How D is kept, in chunks allocated on first need, is model_nc_region.h's;
 * this file keeps the regions, the device's accesses, the CPU's
 * maintenance and the domain.
 */
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "model_nc.h"
#include "model_nc_region.h"

/* Ranges shadowed at once (a few per memory segment list in practice). */
#define NC_MAX_REGIONS		4096u

static const uint8_t nc_zero[MODEL_NC_LINE];

static struct {
	pthread_mutex_t lock;
	/*
	 * Completion barriers seen + 1: a line whose wb_epoch equals it was
	 * written back since the last barrier, and is in flight.
	 */
	uint32_t epoch;
	unsigned int users;
	unsigned int n;
	struct nc_region r[NC_MAX_REGIONS];	/* sorted by va, disjoint */
} nc = { .lock = PTHREAD_MUTEX_INITIALIZER, .epoch = 1 };

static inline void
nc_count(uint64_t *ctr)
{
	__atomic_store_n(ctr, __atomic_load_n(ctr, __ATOMIC_RELAXED) + 1,
			 __ATOMIC_RELAXED);
}

/* Region holding @p a, or NULL. Lock held. */
static struct nc_region *
nc_find(uintptr_t a)
{
	unsigned int lo = 0, hi = nc.n, mid;

	while (lo < hi) {
		mid = (lo + hi) / 2;
		if (nc.r[mid].va <= a)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo == 0 || a - nc.r[lo - 1].va >= nc.r[lo - 1].len)
		return NULL;
	return &nc.r[lo - 1];
}

/* Bytes [a, b) of a line as a stale mask. */
static inline uint64_t
nc_bits(unsigned int a, unsigned int b)
{
	uint64_t hi = b == 64 ? ~(uint64_t)0 : (((uint64_t)1 << b) - 1);

	return hi & ~(((uint64_t)1 << a) - 1);
}

/*
 * Whether the CPU wrote bytes [a, b) of a line since its last sync: C
 * differs from D where the device did not write, or from the poison
 * where it did.
 */
static bool
nc_cpu_wrote(const uint8_t *c, const uint8_t *d, uint64_t stale,
	     unsigned int a, unsigned int b)
{
	unsigned int i;

	if (stale == 0)
		return memcmp(c + a, d + a, b - a) != 0;
	for (i = a; i < b; i++) {
		uint8_t want = (stale >> i) & 1 ? MODEL_NC_POISON : d[i];

		if (c[i] != want)
			return true;
	}
	return false;
}

/*
 * Whether a dirty line, written back, loses device bytes: a byte the
 * device wrote that the CPU did not overwrite still holds, in the CPU's
 * line, what the line held before (poison here). A line the CPU rewrote
 * over every byte the device wrote (zeroing a ring after the device
 * stopped) loses nothing a coherent system would have kept.
 */
static bool
nc_stale_kept(const uint8_t *c, uint64_t stale)
{
	unsigned int i;

	for (i = 0; stale != 0; i++, stale >>= 1)
		if ((stale & 1) && c[i] == MODEL_NC_POISON)
			return true;
	return false;
}

/*
 * Runs BODY once per line of [addr, addr + len): a_ the first byte in the
 * line, n_ the bytes of the line in range, r_ its region (or NULL).
 */
#define NC_FOR_EACH_LINE(addr, len, BODY)				\
	do {								\
		uintptr_t a_ = (uintptr_t)(addr), e_ = a_ + (len);	\
		while (a_ < e_) {					\
			struct nc_region *r_ = nc_find(a_);		\
			uintptr_t lend_ = (a_ | (MODEL_NC_LINE - 1)) + 1; \
			size_t n_ = (lend_ < e_ ? lend_ : e_) - a_;	\
			BODY;						\
			a_ += n_;					\
		}							\
	} while (0)

static bool
nc_dev_read_quiet(void *dst, const void *cpu, size_t len)
{
	uint8_t *out = dst;
	bool unclean = false;

	pthread_mutex_lock(&nc.lock);
	NC_FOR_EACH_LINE(cpu, len, {
		if (r_ == NULL) {
			memcpy(out, (const void *)a_, n_);
		} else {
			struct nc_line l = nc_line(r_, a_, false);
			unsigned int o = (unsigned int)(a_ % MODEL_NC_LINE);
			const uint8_t *cl = (const uint8_t *)(a_ - o);
			const uint8_t *dl = l.d != NULL ? l.d : nc_zero;

			unclean |= nc_cpu_wrote(cl, dl, l.d != NULL ? *l.stale : 0,
						o, o + (unsigned int)n_);
			memcpy(out, dl + o, n_);
		}
		out += n_;
	});
	pthread_mutex_unlock(&nc.lock);
	return unclean;
}

static bool
nc_dev_read_stale(const void *cpu, size_t len)
{
	bool stale = false;

	pthread_mutex_lock(&nc.lock);
	NC_FOR_EACH_LINE(cpu, len, {
		if (r_ != NULL && !stale) {
			struct nc_line l = nc_line(r_, a_, false);
			unsigned int o = (unsigned int)(a_ % MODEL_NC_LINE);
			const uint8_t *cl = (const uint8_t *)(a_ - o);

			stale = nc_cpu_wrote(cl, l.d != NULL ? l.d : nc_zero,
					     l.d != NULL ? *l.stale : 0, o,
					     o + (unsigned int)n_) ||
				(l.d != NULL && *l.wb_epoch == nc.epoch);
		}
	});
	pthread_mutex_unlock(&nc.lock);
	return stale;
}

static void
nc_count_unclean_read(struct model_nc_counters *c)
{
	pthread_mutex_lock(&nc.lock);
	nc_count(&c->unclean_reads);
	pthread_mutex_unlock(&nc.lock);
}

void
model_nc_dev_read(struct model_nc_counters *c, void *dst, const void *cpu,
		  size_t len)
{
	if (model_nc_dev_read_quiet(dst, cpu, len))
		model_nc_count_unclean_read(c);
}

static void
nc_dev_write(struct model_nc_counters *c, void *cpu, const void *src,
	     size_t len, bool visible)
{
	const uint8_t *in = src;

	pthread_mutex_lock(&nc.lock);
	NC_FOR_EACH_LINE(cpu, len, {
		if (r_ == NULL) {
			memcpy((void *)a_, in, n_);
		} else {
			struct nc_line l = nc_line(r_, a_, true);
			unsigned int o = (unsigned int)(a_ % MODEL_NC_LINE);
			uint8_t *cl = (uint8_t *)(a_ - o);
			uint64_t bits = nc_bits(o, o + (unsigned int)n_);

			if (l.d == NULL) {
				memcpy(cl + o, in, n_);	/* no memory: coherent */
			} else if (nc_cpu_wrote(cl, l.d, *l.stale, 0,
						MODEL_NC_LINE)) {
				/* The dirty line wins when it is written back. */
				memcpy(l.d, cl, MODEL_NC_LINE);
				*l.stale = 0;
				nc_count(&c->clobbers);
			} else {
				memcpy(l.d + o, in, n_);
				if (visible) {
					memcpy(cl + o, in, n_);
					*l.stale &= ~bits;
				} else {
					memset(cl + o, MODEL_NC_POISON, n_);
					*l.stale |= bits;
				}
			}
		}
		in += n_;
	});
	pthread_mutex_unlock(&nc.lock);
}

uint32_t
model_nc_dev_load32(struct model_nc_counters *c, const uint32_t *cpu)
{
	uint32_t v;

	model_nc_dev_read(c, &v, cpu, sizeof(v));
	return v;
}

void
model_nc_dev_store32(struct model_nc_counters *c, uint32_t *cpu, uint32_t v)
{
	model_nc_dev_write(c, cpu, &v, sizeof(v), false);
}

static void
nc_cpu_op(struct model_nc_counters *c, const void *addr, size_t len,
	  enum model_nc_op op)
{
	uintptr_t first = (uintptr_t)addr & ~(uintptr_t)(MODEL_NC_LINE - 1);

	if (op == MODEL_NC_FENCE) {
		pthread_mutex_lock(&nc.lock);
		/* 0 is "never written back": skipped when the count wraps. */
		if (++nc.epoch == 0)
			nc.epoch = 1;
		pthread_mutex_unlock(&nc.lock);
		return;
	}
	if (len == 0)
		return;
	len += (uintptr_t)addr - first;
	pthread_mutex_lock(&nc.lock);
	NC_FOR_EACH_LINE(first, len, {
		if (r_ != NULL && op == MODEL_NC_PREFETCH) {
			struct nc_line l = nc_line(r_, a_, false);

			if (l.d != NULL && *l.stale != 0)
				nc_count(&c->early_prefetches);
		} else if (r_ != NULL) {
			struct nc_line l = nc_line(r_, a_, false);
			uint8_t *cl = (uint8_t *)a_;
			uint64_t stale = l.d != NULL ? *l.stale : 0;

			if (nc_cpu_wrote(cl, l.d != NULL ? l.d : nc_zero, stale,
					 0, MODEL_NC_LINE)) {
				/* Write-back, over device bytes: a clobber. */
				if (nc_stale_kept(cl, stale))
					nc_count(&c->clobbers);
				if (l.d == NULL)
					l = nc_line(r_, a_, true);
				if (l.d != NULL) {
					memcpy(l.d, cl, MODEL_NC_LINE);
					*l.stale = 0;
					*l.wb_epoch = nc.epoch;
				}
			} else if (op == MODEL_NC_CIVAC && stale != 0) {
				memcpy(cl, l.d, MODEL_NC_LINE);
				*l.stale = 0;
			}
			nc_count(op == MODEL_NC_CIVAC ? &c->civac_lines :
				 &c->clean_lines);
		}
	});
	pthread_mutex_unlock(&nc.lock);
}

void
model_nc_counters_read(const struct model_nc_counters *c,
		       struct model_nc_counters *out)
{
	out->clobbers = __atomic_load_n(&c->clobbers, __ATOMIC_RELAXED);
	out->unclean_reads = __atomic_load_n(&c->unclean_reads,
					     __ATOMIC_RELAXED);
	out->clean_lines = __atomic_load_n(&c->clean_lines, __ATOMIC_RELAXED);
	out->civac_lines = __atomic_load_n(&c->civac_lines, __ATOMIC_RELAXED);
	out->early_prefetches = __atomic_load_n(&c->early_prefetches,
						__ATOMIC_RELAXED);
}

/* ---- Shadow ranges ---- */

/* Adds the range [lo, hi), not overlapping any region. Lock held. */
static int
nc_add(uintptr_t lo, uintptr_t hi)
{
	struct nc_region r = { .va = lo, .len = hi - lo };
	unsigned int pos;

	if (nc.n == NC_MAX_REGIONS)
		return -ENOSPC;
	r.n_chunks = (r.len + NC_CHUNK - 1) / NC_CHUNK;
	r.chunk = calloc(r.n_chunks, sizeof(*r.chunk));
	if (r.chunk == NULL)
		return -ENOMEM;
	if (nc_snapshot(&r) != 0) {
		nc_region_free(&r);
		return -ENOMEM;
	}
	for (pos = nc.n; pos > 0 && nc.r[pos - 1].va > lo; pos--)
		nc.r[pos] = nc.r[pos - 1];
	nc.r[pos] = r;
	nc.n++;
	return 0;
}

static int
nc_map(void *va, size_t len)
{
	uintptr_t lo = (uintptr_t)va & ~(uintptr_t)(MODEL_NC_LINE - 1);
	uintptr_t hi = ((uintptr_t)va + len + MODEL_NC_LINE - 1) &
		       ~(uintptr_t)(MODEL_NC_LINE - 1);
	unsigned int i;
	int rc = 0;

	if (len == 0)
		return -EINVAL;
	pthread_mutex_lock(&nc.lock);
	/* The gaps between regions already shadowed. */
	for (i = 0; i <= nc.n && lo < hi && rc == 0; i++) {
		uintptr_t gap_end = i < nc.n ? nc.r[i].va : hi;

		if (gap_end > hi)
			gap_end = hi;
		if (gap_end > lo) {
			rc = nc_add(lo, gap_end);
			i++;	/* the region just inserted at i */
		}
		if (i < nc.n && nc.r[i].va + nc.r[i].len > lo)
			lo = nc.r[i].va + nc.r[i].len;
	}
	pthread_mutex_unlock(&nc.lock);
	return rc;
}

static int
nc_attach(void)
{
	pthread_mutex_lock(&nc.lock);
	nc.users++;
	pthread_mutex_unlock(&nc.lock);
	return 0;
}

static void
nc_detach(void)
{
	unsigned int i;

	pthread_mutex_lock(&nc.lock);
	if (nc.users > 0 && --nc.users == 0) {
		for (i = 0; i < nc.n; i++)
			nc_region_free(&nc.r[i]);
		nc.n = 0;
	}
	pthread_mutex_unlock(&nc.lock);
}

static unsigned int
nc_users(void)
{
	unsigned int n;

	pthread_mutex_lock(&nc.lock);
	n = nc.users;
	pthread_mutex_unlock(&nc.lock);
	return n;
}

/* ---- The domain: this copy's, or the one it joined ---- */

static const struct model_nc_domain nc_own = {
	.abi = MODEL_NC_ABI,
	.attach = nc_attach,
	.detach = nc_detach,
	.users = nc_users,
	.map = nc_map,
	.dev_read_quiet = nc_dev_read_quiet,
	.dev_read_stale = nc_dev_read_stale,
	.count_unclean_read = nc_count_unclean_read,
	.dev_write = nc_dev_write,
	.cpu_op = nc_cpu_op,
};

/* Set once, at a probe before this copy's first model; read by its threads. */
static const struct model_nc_domain *nc_dom = &nc_own;

static inline const struct model_nc_domain *
nc_domain(void)
{
	return __atomic_load_n(&nc_dom, __ATOMIC_ACQUIRE);
}

const struct model_nc_domain *
model_nc_domain(void)
{
	return nc_domain();
}

int
model_nc_join(const struct model_nc_domain *d)
{
	int rc = 0;

	if (d == NULL || d->abi != MODEL_NC_ABI)
		return -EINVAL;
	if (d == nc_domain())
		return 0;
	pthread_mutex_lock(&nc.lock);
	/* Its models stay in the shadow they attached to: no second join. */
	if (nc.users != 0 || nc_domain() != &nc_own)
		rc = -EBUSY;
	else
		__atomic_store_n(&nc_dom, d, __ATOMIC_RELEASE);
	pthread_mutex_unlock(&nc.lock);
	return rc;
}

unsigned int
model_nc_users(void)
{
	return nc_domain()->users();
}

int
model_nc_attach(void)
{
	return nc_domain()->attach();
}

void
model_nc_detach(void)
{
	nc_domain()->detach();
}

int
model_nc_map(void *va, size_t len)
{
	return nc_domain()->map(va, len);
}

bool
model_nc_dev_read_quiet(void *dst, const void *cpu, size_t len)
{
	return nc_domain()->dev_read_quiet(dst, cpu, len);
}

bool
model_nc_dev_read_stale(const void *cpu, size_t len)
{
	return nc_domain()->dev_read_stale(cpu, len);
}

void
model_nc_count_unclean_read(struct model_nc_counters *c)
{
	nc_domain()->count_unclean_read(c);
}

void
model_nc_dev_write(struct model_nc_counters *c, void *cpu, const void *src,
		   size_t len, bool visible)
{
	nc_domain()->dev_write(c, cpu, src, len, visible);
}

void
model_nc_cpu_op(struct model_nc_counters *c, const void *addr, size_t len,
		enum model_nc_op op)
{
	nc_domain()->cpu_op(c, addr, len, op);
}
