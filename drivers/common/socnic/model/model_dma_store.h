/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * How a device model's DMA writes reach host memory (the dma_store=
 * devarg), NIC-neutral. A real device's DMA leaves its bytes in DRAM (or,
 * with cache stashing, in the last-level cache) and none of them in the
 * receiving core's caches; the model writes with the CPU it runs on, so
 * what the driver then finds cached depends on how the model stores:
 *   plain  ordinary stores: the lines stay in the model's CPU's caches
 *          (the fastest the driver can see, and what a stashing
 *          interconnect approaches);
 *   nt     streaming stores for packet data (x86-64; plain elsewhere): the
 *          data arrives cold, descriptors are stored normally;
 *   flush  ordinary stores, then every line written (data and
 *          descriptors) cleaned and invalidated to memory: the state a
 *          DMA into DRAM leaves, also when the model runs on the driver's
 *          own core (step mode).
 */
#ifndef SOCRX_MODEL_DMA_STORE_H
#define SOCRX_MODEL_DMA_STORE_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#if defined(__x86_64__) && defined(__SSE2__)
#include <immintrin.h>
#define MODEL_HAVE_NT_STORES 1
#endif

enum model_dma_store {
	MODEL_DMA_STORE_PLAIN = 0,
	MODEL_DMA_STORE_NT,
	MODEL_DMA_STORE_FLUSH,
};

/* The granule the flush walks: the smallest data cache line of the targets. */
#define MODEL_FLUSH_LINE 64u

/* Cleans and invalidates the lines of [p, p + len) to memory. */
static inline void
model_flush_lines(const void *p, size_t len)
{
	uintptr_t a = (uintptr_t)p & ~(uintptr_t)(MODEL_FLUSH_LINE - 1);
	uintptr_t end = (uintptr_t)p + len;

	if (len == 0)
		return;
	for (; a < end; a += MODEL_FLUSH_LINE) {
#if defined(__x86_64__) && defined(__SSE2__)
		_mm_clflush((const void *)a);
#elif defined(__aarch64__)
		__asm__ volatile("dc civac, %0" : : "r"(a) : "memory");
#endif
	}
#if defined(__x86_64__) && defined(__SSE2__)
	_mm_mfence();
#elif defined(__aarch64__)
	__asm__ volatile("dsb sy" : : : "memory");
#endif
}

#ifdef MODEL_HAVE_NT_STORES
/*
 * Cache-bypassing copy: plain stores for the unaligned head and tail,
 * 16-byte then 4-byte streaming stores for the aligned middle.
 */
static inline void
model_store_nt(uint8_t *dst, const uint8_t *src, size_t len)
{
	size_t head = (16u - ((uintptr_t)dst & 15u)) & 15u;
	int w;

	if (head > len)
		head = len;
	memcpy(dst, src, head);
	dst += head;
	src += head;
	len -= head;
	for (; len >= 16; len -= 16, dst += 16, src += 16)
		_mm_stream_si128((__m128i *)(void *)dst,
				 _mm_loadu_si128((const __m128i *)(const void *)src));
	for (; len >= 4; len -= 4, dst += 4, src += 4) {
		memcpy(&w, src, sizeof(w));
		_mm_stream_si32((int *)(void *)dst, w);
	}
	memcpy(dst, src, len);
}
#endif

/* A DMA write of packet data into coherent host memory. */
static inline void
model_dma_store(enum model_dma_store how, void *dst, const void *src,
		size_t len)
{
#ifdef MODEL_HAVE_NT_STORES
	if (how == MODEL_DMA_STORE_NT) {
		model_store_nt(dst, src, len);
		return;
	}
#endif
	memcpy(dst, src, len);
	if (how == MODEL_DMA_STORE_FLUSH)
		model_flush_lines(dst, len);
}

/*
 * Orders the data stores before the descriptor write-back that announces
 * them (streaming stores are weakly ordered).
 */
static inline void
model_dma_store_fence(enum model_dma_store how)
{
#ifdef MODEL_HAVE_NT_STORES
	if (how == MODEL_DMA_STORE_NT)
		_mm_sfence();
#else
	(void)how;
#endif
}

/* After a descriptor's write-back at @p d (@p len bytes). */
static inline void
model_dma_store_desc_done(enum model_dma_store how, const void *d, size_t len)
{
	if (how == MODEL_DMA_STORE_FLUSH)
		model_flush_lines(d, len);
}

#endif /* SOCRX_MODEL_DMA_STORE_H */
