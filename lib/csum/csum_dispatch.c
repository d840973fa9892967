/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Run-time choice of the checksum kernels: CPU detection picks the best
 * available; csum_impl_select() or SOCRX_CSUM_IMPL force one.
 *
 * csum_partial() is a tail call through a pointer that starts at a resolver
 * stub, so the first call of the process picks the kernels and later calls
 * pay one predicted indirect jump. Concurrent first calls resolve to the
 * same value, so the race is benign.
 */
#include <stdlib.h>
#include <string.h>

#include "csum_kernels.h"

#if defined(__x86_64__)
#include <cpuid.h>
#endif

static const struct csum_kernel kernels[CSUM_IMPL_COUNT] = {
	[CSUM_IMPL_GENERIC] = { "generic", csum_generic_partial,
				csum_generic_partial_copy },
#if defined(__x86_64__)
	[CSUM_IMPL_X86_64_ADX] = { "x86_64-adx", csum_adx_partial,
				   csum_adx_partial_copy },
#ifdef SOCRX_CSUM_HAVE_AVX2
	[CSUM_IMPL_AVX2] = { "avx2", csum_avx2_partial,
			     csum_avx2_partial_copy },
#endif
#ifdef SOCRX_CSUM_HAVE_AVX512
	[CSUM_IMPL_AVX512] = { "avx512", csum_avx512_partial,
			       csum_avx512_partial_copy },
#endif
#ifdef SOCRX_CSUM_HAVE_AVX2_VNNI
	[CSUM_IMPL_AVX2_VNNI] = { "avx2-vnni", csum_avx2_vnni_partial,
				  csum_avx2_vnni_partial_copy },
#endif
#endif
#if defined(__aarch64__)
	[CSUM_IMPL_NEON] = { "neon", csum_neon_partial,
			     csum_neon_partial_copy },
#endif
};

static const char *const impl_names[CSUM_IMPL_COUNT] = {
	[CSUM_IMPL_AUTO] = "auto",
	[CSUM_IMPL_GENERIC] = "generic",
	[CSUM_IMPL_X86_64_ADX] = "x86_64-adx",
	[CSUM_IMPL_AVX2] = "avx2",
	[CSUM_IMPL_NEON] = "neon",
	[CSUM_IMPL_AVX512] = "avx512",
	[CSUM_IMPL_AVX2_VNNI] = "avx2-vnni",
};

/* XCR0 state components: SSE, AVX (YMM), opmask, ZMM_Hi256, Hi16_ZMM. */
#define XCR0_AVX512_STATE 0xe6u

bool
csum_x86_avx512_usable(uint32_t cpuid1_ecx, uint32_t cpuid7_ebx,
		       uint32_t cpuid7_ecx, uint64_t xcr0)
{
	const uint32_t osxsave = 1u << 27;			/* CPUID.1:ECX */
	const uint32_t f_bw = (1u << 16) | (1u << 30);		/* CPUID.7:EBX */
	const uint32_t vnni = 1u << 11;				/* CPUID.7:ECX */

	return (cpuid1_ecx & osxsave) && (cpuid7_ebx & f_bw) == f_bw &&
	       (cpuid7_ecx & vnni) &&
	       (xcr0 & XCR0_AVX512_STATE) == XCR0_AVX512_STATE;
}

/* XCR0 state components: SSE, AVX (YMM). */
#define XCR0_AVX_STATE 0x6u

bool
csum_x86_avx_vnni_usable(uint32_t cpuid1_ecx, uint32_t cpuid7_ebx,
			 uint32_t cpuid7_1_eax, uint64_t xcr0)
{
	const uint32_t osxsave_avx = (1u << 27) | (1u << 28);	/* CPUID.1:ECX */
	const uint32_t avx2 = 1u << 5;				/* CPUID.7:EBX */
	const uint32_t avx_vnni = 1u << 4;			/* CPUID.(7,1):EAX */

	return (cpuid1_ecx & osxsave_avx) == osxsave_avx &&
	       (cpuid7_ebx & avx2) && (cpuid7_1_eax & avx_vnni) &&
	       (xcr0 & XCR0_AVX_STATE) == XCR0_AVX_STATE;
}

#if defined(__x86_64__)
/* The CPUID words and XCR0 the vector kernels' checks take. */
struct x86_cpu_words {
	unsigned int c1;	/* CPUID.1:ECX */
	unsigned int b7, c7;	/* CPUID.(7,0):EBX, ECX */
	unsigned int a71;	/* CPUID.(7,1):EAX, 0 where the leaf is absent */
	uint64_t xcr0;
};

/* False where CPUID lacks leaf 7 or the OS does not enable XSAVE. */
static bool
x86_cpu_words_read(struct x86_cpu_words *w)
{
	unsigned int a, b, d, lo, hi;

	if (!__get_cpuid(1, &a, &b, &w->c1, &d) ||
	    !__get_cpuid_count(7, 0, &a, &w->b7, &w->c7, &d))
		return false;
	w->a71 = 0;
	if (a >= 1)
		__get_cpuid_count(7, 1, &w->a71, &b, &d, &d);
	if (!(w->c1 & (1u << 27)))
		return false;	/* no OSXSAVE: xgetbv would fault */
	__asm__ volatile("xgetbv" : "=a"(lo), "=d"(hi) : "c"(0));
	w->xcr0 = (uint64_t)hi << 32 | lo;
	return true;
}

/*
 * Read from CPUID directly: GCC 12's __builtin_cpu_supports("avxvnni")
 * reads 0 on AMD cores that have it.
 */
static bool
cpu_has_avx_vnni(void)
{
	struct x86_cpu_words w;

	return x86_cpu_words_read(&w) &&
	       csum_x86_avx_vnni_usable(w.c1, w.b7, w.a71, w.xcr0);
}

static bool
cpu_has_avx512(void)
{
	struct x86_cpu_words w;

	return x86_cpu_words_read(&w) &&
	       csum_x86_avx512_usable(w.c1, w.b7, w.c7, w.xcr0);
}
#endif

static bool
cpu_has(enum csum_impl impl)
{
	switch (impl) {
	case CSUM_IMPL_GENERIC:
		return true;
#if defined(__x86_64__)
	case CSUM_IMPL_X86_64_ADX: {
		unsigned int a, b, c, d;

		/* CPUID.(EAX=7,ECX=0):EBX bit 19 = ADX */
		if (!__get_cpuid_count(7, 0, &a, &b, &c, &d))
			return false;
		return (b >> 19) & 1;
	}
	case CSUM_IMPL_AVX2:
		/* checks the OS saves the YMM state as well as the CPUID bit */
		return __builtin_cpu_supports("avx2");
	case CSUM_IMPL_AVX512:
		return cpu_has_avx512();
	case CSUM_IMPL_AVX2_VNNI:
		return cpu_has_avx_vnni();
#endif
#if defined(__aarch64__)
	case CSUM_IMPL_NEON:
		return true;	/* Advanced SIMD is mandatory in ARMv8-A */
#endif
	default:
		return false;
	}
}

bool
csum_impl_built(enum csum_impl impl)
{
	return impl > CSUM_IMPL_AUTO && impl < CSUM_IMPL_COUNT &&
	       kernels[impl].partial != NULL;
}

bool
csum_impl_available(enum csum_impl impl)
{
	if (impl == CSUM_IMPL_AUTO)
		return true;
	return csum_impl_built(impl) && cpu_has(impl);
}

static enum csum_impl
best_impl(void)
{
	static const enum csum_impl order[] = {
		CSUM_IMPL_AVX512, CSUM_IMPL_AVX2_VNNI, CSUM_IMPL_AVX2,
		CSUM_IMPL_NEON,
		CSUM_IMPL_X86_64_ADX,
	};
	size_t i;

	for (i = 0; i < sizeof(order) / sizeof(order[0]); i++)
		if (csum_impl_available(order[i]))
			return order[i];
	return CSUM_IMPL_GENERIC;
}

const struct csum_kernel *
csum_kernel_get(enum csum_impl impl)
{
	if (impl == CSUM_IMPL_AUTO)
		impl = best_impl();
	if (!csum_impl_available(impl))
		return NULL;
	return &kernels[impl];
}

const char *
csum_impl_name(enum csum_impl impl)
{
	if ((unsigned int)impl >= CSUM_IMPL_COUNT)
		return "invalid";
	return impl_names[impl];
}

int
csum_impl_from_name(const char *name)
{
	int i;

	for (i = 0; i < CSUM_IMPL_COUNT; i++)
		if (strcmp(name, impl_names[i]) == 0)
			return i;
	return -1;
}

static uint32_t resolve_partial(const void *buf, size_t len, uint32_t sum);
static uint32_t resolve_partial_copy(void *dst, const void *src, size_t len,
				     uint32_t sum);

static uint32_t (*partial_fn)(const void *, size_t, uint32_t) =
	resolve_partial;
static uint32_t (*partial_copy_fn)(void *, const void *, size_t, uint32_t) =
	resolve_partial_copy;
static enum csum_impl active_impl;
#if defined(__x86_64__)
/* Below this length csum_partial_long() takes the two-chain kernel. */
static size_t adx_below;
#endif
#if CSUM__VEC_INLINE
int csum__vec_inline;
const uint32_t csum__avx2_flip = 0x80008000u, csum__avx2_ones = 0x00010001u;
const uint8_t csum__tail_mask[128] __attribute__((aligned(64))) = {
	[64] = 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
	0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
	0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
	0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
	0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
	0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
	0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
	0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
};
#endif

#if CSUM__VEC_INLINE
/*
 * csum_partial()'s in-place sum under @p impl: the AVX2 one serves the
 * AVX2-VNNI kernel too (at 32 to 512 bytes the fixed costs dominate, not
 * the loop's operation count).
 */
static int
vec_inline_of(enum csum_impl impl)
{
	switch (impl) {
	case CSUM_IMPL_AVX512:
		return CSUM__VEC_AVX512;
	case CSUM_IMPL_AVX2:
	case CSUM_IMPL_AVX2_VNNI:
		return CSUM__VEC_AVX2;
	default:
		return CSUM__VEC_NONE;
	}
}
#endif

int
csum_impl_select(enum csum_impl impl)
{
	const struct csum_kernel *k = csum_kernel_get(impl);

	if (k == NULL)
		return -1;
	active_impl = impl == CSUM_IMPL_AUTO ? best_impl() : impl;
	partial_fn = k->partial;
	partial_copy_fn = k->partial_copy;
#if CSUM__VEC_INLINE
	csum__vec_inline = vec_inline_of(active_impl);
#endif
#if defined(__x86_64__)
	adx_below = active_impl == CSUM_IMPL_AVX2 &&
		    csum_impl_available(CSUM_IMPL_X86_64_ADX) ?
		    CSUM_AVX2_MIN_LEN : 0;
#endif
	return 0;
}

static void
resolve(void)
{
	const char *env = getenv("SOCRX_CSUM_IMPL");
	int impl = env ? csum_impl_from_name(env) : -1;

	if (impl < 0 || csum_impl_select((enum csum_impl)impl) != 0)
		csum_impl_select(CSUM_IMPL_AUTO);
}

static uint32_t
resolve_partial(const void *buf, size_t len, uint32_t sum)
{
	resolve();
	return partial_fn(buf, len, sum);
}


static uint32_t
resolve_partial_copy(void *dst, const void *src, size_t len, uint32_t sum)
{
	resolve();
	return partial_copy_fn(dst, src, len, sum);
}

enum csum_impl
csum_impl_active(void)
{
	if (partial_fn == resolve_partial)
		resolve();
	return active_impl;
}

/*
 * Each kernel picks its own path for mid-size buffers, except that the
 * AVX2 kernel's are summed faster by the two carry chains where the CPU
 * has them (docs/csum.md).
 */
uint32_t
csum_partial_long(const void *buf, size_t len, uint32_t sum)
{
#if defined(__x86_64__)
	if (len < adx_below)
		return csum_adx_partial(buf, len, sum);
#endif
	return partial_fn(buf, len, sum);
}

uint32_t
csum_partial_copy_long(void *dst, const void *src, size_t len, uint32_t sum)
{
	return partial_copy_fn(dst, src, len, sum);
}
