/* SPDX-License-Identifier: BSD-3-Clause */
/**
 * @file
 * socrx checksum library: the Internet checksum (RFC 1071) and its uses in
 * IPv4, IPv6, TCP and UDP.
 *
 * Conventions, the same as Linux's csum_partial() and DPDK's rte_raw_cksum():
 * data is added as 16-bit words in memory order, each loaded in the CPU's
 * native byte order. A partial sum is an unfolded 32-bit one's-complement
 * sum in that representation; partial sums of consecutive even-length
 * pieces can be chained through the @p sum argument. csum_fold() turns a
 * partial sum into the 16-bit value stored in a checksum field, in the same
 * native-load representation (store it with a plain 16-bit store).
 *
 * No DPDK dependency: usable by any C program.
 */
#ifndef SOCRX_CSUM_H
#define SOCRX_CSUM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/** Buffers shorter than this are summed inline by csum_partial(). */
#define CSUM_INLINE_MAX 128

/**
 * csum_partial() for any length, out of line, through the implementation
 * chosen at run time (see csum_impl_select()).
 */
uint32_t csum_partial_long(const void *buf, size_t len, uint32_t sum);

/* Internal to csum_partial(): the sum of fewer than 8 bytes. */
static inline uint64_t
csum__tail7(const uint8_t *p, size_t len)
{
	uint64_t s = 0;
	uint32_t w32 = 0;
	uint16_t w16 = 0;

	if (len & 4) {
		__builtin_memcpy(&w32, p, 4);
		p += 4;
	}
	if (len & 2) {
		__builtin_memcpy(&w16, p, 2);
		p += 2;
	}
	s = (uint64_t)w32 + w16;
	if (len & 1) {
		uint8_t last[2] = { *p, 0 };

		__builtin_memcpy(&w16, last, 2);
		s += w16;
	}
	return s;
}

/*
 * Internal to csum__short(): the last len % 8 bytes of a buffer of len >= 8
 * bytes, from one 8-byte load that ends at the buffer's end (so it starts
 * inside the buffer), shifted so that the bytes keep their place in their
 * 16-bit words. Shifting by 8 * (8 - rem) in two steps gives 0 when rem is
 * 0 (a single shift by 64 is undefined).
 */
static inline uint64_t
csum__last_word(uint64_t w, size_t len)
{
	unsigned int shift = (unsigned int)(8 * (8 - (len & 7)) - 1);

#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	return (w >> 1) >> shift;
#else
	return (w << 1) << shift;
#endif
}

/*
 * Internal: the end of the two-sum loops (csum__short(), csum__short_copy()):
 * s0 + s1 + c with end-around carries.
 */
static inline uint64_t
csum__join(uint64_t s0, uint64_t s1, uint64_t c)
{
	s0 += s1;
	c += s0 < s1;
	s0 += c;
	return s0 + (s0 < c);
}

static inline uint64_t
csum__last_bytes(const uint8_t *p, size_t len)
{
	uint64_t w;

	__builtin_memcpy(&w, p + len - 8, 8);
	return csum__last_word(w, len);
}

#if defined(__x86_64__) && defined(__GNUC__)
/*
 * x86-64: one add-with-carry chain over 8-byte words, memory operands
 * folded in: five instructions per 32 bytes, which is what bounds a short
 * buffer's cost.
 */
#define CSUM__ADC32(s, q)                                                   \
	__asm__("addq (%[p]), %[acc]\n\t"                                   \
		"adcq 8(%[p]), %[acc]\n\t"                                  \
		"adcq 16(%[p]), %[acc]\n\t"                                 \
		"adcq 24(%[p]), %[acc]\n\t"                                 \
		"adcq $0, %[acc]"                                           \
		: [acc] "+&r"(s)                                             \
		: [p] "r"(q), "m"(*(const uint8_t(*)[32])(q))              \
		: "cc")

static inline uint64_t
csum__short(const uint8_t *p, size_t len)
{
	const uint8_t *q = p, *end = p + (len & ~(size_t)31);
	uint64_t s = 0, w;

	if (len < 8)
		return csum__tail7(p, len);
	for (; q != end; q += 32)
		CSUM__ADC32(s, q);
	if (len & 16)
		__asm__("addq (%[p]), %[acc]\n\t"
			"adcq 8(%[p]), %[acc]\n\t"
			"adcq $0, %[acc]"
			: [acc] "+&r"(s)
			: [p] "r"(q), "m"(*(const uint8_t(*)[16])q)
			: "cc");
	q += len & 16;
	w = csum__last_bytes(p, len);
	if (len & 8)
		__asm__("addq (%[p]), %[acc]\n\t"
			"adcq %[w], %[acc]\n\t"
			"adcq $0, %[acc]"
			: [acc] "+&r"(s)
			: [p] "r"(q), [w] "r"(w), "m"(*(const uint8_t(*)[8])q)
			: "cc");
	else
		__asm__("addq %[w], %[acc]\n\t"
			"adcq $0, %[acc]"
			: [acc] "+&r"(s)
			: [w] "r"(w)
			: "cc");
	return s;
}
#undef CSUM__ADC32
#else
/*
 * Portable: 8-byte words added into two independent sums whose carries are
 * counted apart (an add and an add-with-carry of 0 each), so neither sum
 * waits on a carry chain.
 */
static inline uint64_t
csum__short(const uint8_t *p, size_t len)
{
	uint64_t s0 = 0, s1 = 0, c = 0, w0, w1;
	const uint8_t *q = p, *end = p + (len & ~(size_t)15);

	if (len < 8)
		return csum__tail7(p, len);
	for (; q != end; q += 16) {
		__builtin_memcpy(&w0, q, 8);
		__builtin_memcpy(&w1, q + 8, 8);
		s0 += w0;
		c += s0 < w0;
		s1 += w1;
		c += s1 < w1;
	}
	if (len & 8) {
		__builtin_memcpy(&w0, q, 8);
		s0 += w0;
		c += s0 < w0;
	}
	w1 = csum__last_bytes(p, len);
	s1 += w1;
	c += s1 < w1;
	return csum__join(s0, s1, c);
}
#endif

/*
 * Internal: adds a 32-bit partial sum to a 64-bit accumulator with
 * end-around carry.
 */
static inline uint64_t
csum__add64(uint64_t acc, uint32_t sum)
{
	acc += sum;
	return acc + (acc < sum);
}

/* Internal: 64-bit accumulator to a 32-bit partial sum (end-around carry). */
static inline uint32_t
csum__fold64(uint64_t s)
{
	uint32_t lo = (uint32_t)s, hi = (uint32_t)(s >> 32);

	lo += hi;
	return lo + (lo < hi);
}

#if defined(__x86_64__) && defined(__GNUC__)
#define CSUM__VEC_INLINE 1
#include "csum_inline_x86.h"
#else
#define CSUM__VEC_INLINE 0
#endif

/**
 * Add @p len bytes at @p buf to the partial sum @p sum.
 *
 * Any alignment, any length (0 and odd lengths included). An odd final
 * byte is added as the first byte of a 16-bit word whose second byte is 0.
 * Short buffers (headers, ACKs) are summed inline; longer ones go to the
 * kernel chosen at run time.
 *
 * @return the unfolded 32-bit partial sum; never 0 unless @p sum is 0 and
 *   every byte is 0.
 */
static inline uint32_t
csum_partial(const void *buf, size_t len, uint32_t sum)
{
#if CSUM__VEC_INLINE
	/*
	 * Short buffers first, so that they pass no other test; then the
	 * in-place vector sums test the length and the kernel once each
	 * (docs/csum.md).
	 */
	if (len < CSUM__VEC_INLINE_MIN)
		return csum__fold64(csum__add64(csum__short((const uint8_t *)buf,
							    len), sum));
	if (len <= CSUM__VEC_INLINE_MAX && csum__vec_inline) {
		if (csum__vec_inline == CSUM__VEC_AVX512)
			return csum__fold64((uint64_t)sum +
				csum__avx512_words((const uint8_t *)buf, len));
		return csum__fold64((uint64_t)sum +
			csum__avx2_words((const uint8_t *)buf, len));
	}
#endif
	if (len < CSUM_INLINE_MAX)
		return csum__fold64(csum__add64(csum__short((const uint8_t *)buf,
							    len), sum));
	return csum_partial_long(buf, len, sum);
}

/**
 * csum_partial_copy() for any length, out of line, through the
 * implementation chosen at run time (see csum_impl_select()).
 */
uint32_t csum_partial_copy_long(void *dst, const void *src, size_t len,
				uint32_t sum);

/*
 * Internal to csum_partial_copy(): copy and sum fewer than
 * CSUM_INLINE_MAX bytes in one pass. Each 8-byte word is loaded once,
 * stored, and added to one of two sums whose carries are counted apart
 * (as the portable csum__short()); the last len % 8 bytes come from one
 * 8-byte load ending at the buffer's end, stored back whole (it rewrites
 * bytes already copied with the same values) and shifted like
 * csum__last_bytes().
 */
static inline uint64_t
csum__short_copy(uint8_t *dst, const uint8_t *src, size_t len)
{
	uint64_t s0 = 0, s1 = 0, c = 0, w0, w1;
	size_t i = 0;

	if (len < 8) {
		if (len & 4)
			__builtin_memcpy(dst, src, 4);
		if (len & 2)
			__builtin_memcpy(dst + (len & 4), src + (len & 4), 2);
		if (len & 1)
			dst[len - 1] = src[len - 1];
		return csum__tail7(dst, len);
	}
	for (; i + 16 <= len; i += 16) {
		__builtin_memcpy(&w0, src + i, 8);
		__builtin_memcpy(&w1, src + i + 8, 8);
		__builtin_memcpy(dst + i, &w0, 8);
		__builtin_memcpy(dst + i + 8, &w1, 8);
		s0 += w0;
		c += s0 < w0;
		s1 += w1;
		c += s1 < w1;
	}
	if (len & 8) {
		__builtin_memcpy(&w0, src + i, 8);
		__builtin_memcpy(dst + i, &w0, 8);
		s0 += w0;
		c += s0 < w0;
	}
	__builtin_memcpy(&w1, src + len - 8, 8);
	__builtin_memcpy(dst + len - 8, &w1, 8);
	w1 = csum__last_word(w1, len);
	s1 += w1;
	c += s1 < w1;
	return csum__join(s0, s1, c);
}

/**
 * Copy @p len bytes from @p src to @p dst and add them to @p sum, in one
 * pass over the data. Writes exactly @p len bytes; the buffers must not
 * overlap. Short buffers (a copybreak frame's L4 bytes) are copied and
 * summed inline; longer ones go to the kernel chosen at run time.
 *
 * @return a partial sum equivalent to csum_partial(src, len, sum): the same
 *   value after csum_fold() (the unfolded 32-bit words may differ by a
 *   multiple of 0xffff, as they may between implementations).
 */
static inline uint32_t
csum_partial_copy(void *dst, const void *src, size_t len, uint32_t sum)
{
	if (len < CSUM_INLINE_MAX)
		return csum__fold64(csum__add64(csum__short_copy((uint8_t *)dst,
				(const uint8_t *)src, len), sum));
	return csum_partial_copy_long(dst, src, len, sum);
}

/**
 * Fold a partial sum to 16 bits and complement it.
 *
 * @return the value to store in a checksum field; over data that already
 *   holds a correct checksum field the result is 0.
 */
static inline uint16_t
csum_fold(uint32_t sum)
{
	/*
	 * The high half of sum + rotate(sum, 16) is hi + lo plus the carry
	 * out of lo + hi in the low half: the end-around-carry fold, in
	 * three operations.
	 */
	uint32_t rot = (sum >> 16) | (sum << 16);

	return (uint16_t)~((sum + rot) >> 16);
}

/** Byte order helpers (no dependency on any other library). */
static inline uint16_t
csum_be16(uint16_t v)
{
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	return __builtin_bswap16(v);
#else
	return v;
#endif
}

/**
 * Checksum of a 20-byte IPv4 header (no options), the common case.
 *
 * @return 0 when the header's checksum field is correct; over a header
 *   whose checksum field is 0, the value to store there.
 */
static inline uint16_t
csum_ipv4_hdr20(const void *iph)
{
	const uint8_t *p = (const uint8_t *)iph;
	uint64_t s = 0;
	uint32_t w;
	int i;

	for (i = 0; i < 20; i += 4) {
		__builtin_memcpy(&w, p + i, 4);
		s += w;
	}
	s = (s & 0xffffffff) + (s >> 32);
	s = (s & 0xffffffff) + (s >> 32);
	return csum_fold((uint32_t)s);
}

/**
 * Checksum of an IPv4 header of @p hdr_len bytes (20 to 60, options
 * included). Same result convention as csum_ipv4_hdr20().
 */
static inline uint16_t
csum_ipv4_hdr(const void *iph, size_t hdr_len)
{
	if (hdr_len == 20)
		return csum_ipv4_hdr20(iph);
	return csum_fold(csum_partial(iph, hdr_len, 0));
}

/**
 * Add the IPv4 pseudo-header (RFC 793, RFC 768) to @p sum.
 *
 * @param saddr, daddr  addresses as stored in the packet (network order).
 * @param l4_len  TCP/UDP length in host order.
 * @param proto  IP protocol number.
 */
static inline uint32_t
csum_ipv4_pseudo(uint32_t saddr, uint32_t daddr, uint16_t l4_len,
		 uint8_t proto, uint32_t sum)
{
	uint64_t s = sum;

	s += saddr;
	s += daddr;
	s += csum_be16(l4_len);
	s += csum_be16(proto);
	s = (s & 0xffffffff) + (s >> 32);
	s = (s & 0xffffffff) + (s >> 32);
	return (uint32_t)s;
}

/**
 * Add the IPv6 pseudo-header (RFC 8200 section 8.1) to @p sum.
 *
 * @param saddr, daddr  16-byte addresses as stored in the packet.
 * @param l4_len  upper-layer packet length in host order.
 * @param proto  upper-layer protocol (next header) number.
 */
uint32_t csum_ipv6_pseudo(const void *saddr, const void *daddr,
			  uint32_t l4_len, uint8_t proto, uint32_t sum);

/**
 * Update a stored checksum after one 16-bit word of the covered data
 * changed from @p old_word to @p new_word (RFC 1624 eqn. 3:
 * HC' = ~(~HC + ~m + m')). All three values are in the native-load
 * representation of the packet bytes, e.g. as read with a plain 16-bit
 * load from the header.
 *
 * @return the new value of the checksum field.
 */
static inline uint16_t
csum_update16(uint16_t check, uint16_t old_word, uint16_t new_word)
{
	uint32_t s = (uint16_t)~check;

	s += (uint16_t)~old_word;
	s += new_word;
	return csum_fold(s);
}

/**
 * Decrement the TTL of an IPv4 header and update its checksum
 * incrementally (RFC 1624), as a router does. The TTL must be at least 1.
 */
static inline void
csum_ipv4_ttl_dec(void *iph)
{
	uint8_t *p = (uint8_t *)iph;
	uint16_t check;
	uint32_t c;

	/*
	 * The word holding the TTL (byte 8, the high byte of word 4 in
	 * network order) falls by 0x0100, so RFC 1624 eqn. 3 reduces to
	 * adding 0x0100 to the checksum with an end-around carry; a sum of
	 * 0xffff takes the carry as well, which gives 0 (-0 as +0), as
	 * eqn. 3 does. Equal to csum_update16() for every stored value
	 * (test_csum_ip). Only the TTL byte is written: no wider load of it
	 * follows, so no store has to be forwarded.
	 */
	p[8]--;
	__builtin_memcpy(&check, p + 10, 2);
	c = (uint32_t)check + csum_be16(0x0100);
	check = (uint16_t)(c + (c >= 0xffff));
	__builtin_memcpy(p + 10, &check, 2);
}

/** The kernel implementations that can carry csum_partial(). */
enum csum_impl {
	CSUM_IMPL_AUTO = 0,	/**< best available, by CPU detection */
	CSUM_IMPL_GENERIC,	/**< portable C */
	CSUM_IMPL_X86_64_ADX,	/**< x86-64 scalar, two carry chains (adcx/adox) */
	CSUM_IMPL_AVX2,		/**< x86-64 AVX2 */
	CSUM_IMPL_NEON,		/**< arm64 Advanced SIMD */
	CSUM_IMPL_AVX512,	/**< x86-64 AVX-512 (F, BW, VNNI) */
	CSUM_IMPL_AVX2_VNNI,	/**< x86-64 AVX2 with AVX-VNNI (VEX vpdpwssd) */
	CSUM_IMPL_COUNT
};

/** One implementation's kernels, for tests and benchmarks. */
struct csum_kernel {
	const char *name;
	uint32_t (*partial)(const void *buf, size_t len, uint32_t sum);
	uint32_t (*partial_copy)(void *dst, const void *src, size_t len,
				 uint32_t sum);
};

/**
 * The kernels of @p impl, or NULL when it is not built in or the CPU
 * lacks what it needs. CSUM_IMPL_AUTO gives the best available.
 */
const struct csum_kernel *csum_kernel_get(enum csum_impl impl);

/** Whether @p impl can run on this CPU. */
bool csum_impl_available(enum csum_impl impl);

/**
 * Short name of @p impl ("generic", "x86_64-adx", "avx2", "neon",
 * "avx512", "avx2-vnni").
 */
const char *csum_impl_name(enum csum_impl impl);

/** Implementation named @p name, or -1. */
int csum_impl_from_name(const char *name);

/**
 * Make csum_partial() and csum_partial_copy() use @p impl (CSUM_IMPL_AUTO:
 * back to CPU detection). The environment variable SOCRX_CSUM_IMPL, read
 * once at first use, does the same by name.
 *
 * @return 0, or -1 when @p impl is not available.
 */
int csum_impl_select(enum csum_impl impl);

/** The implementation csum_partial() currently uses. */
enum csum_impl csum_impl_active(void);

#ifdef __cplusplus
}
#endif

#endif /* SOCRX_CSUM_H */
