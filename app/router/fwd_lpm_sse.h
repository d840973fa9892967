/* SPDX-License-Identifier: BSD-3-Clause */
/* x86 (SSSE3): four addresses into one vector, one byte shuffle. */
#ifndef SOCRX_ROUTER_FWD_LPM_SSE_H
#define SOCRX_ROUTER_FWD_LPM_SSE_H

#include <tmmintrin.h>

static inline xmm_t
fwd_dst_x4(uint32_t a, uint32_t b, uint32_t c, uint32_t d)
{
	/* Reverses the bytes of each 32-bit lane: network to host order. */
	const __m128i bswap32 = _mm_set_epi8(12, 13, 14, 15, 8, 9, 10, 11,
					     4, 5, 6, 7, 0, 1, 2, 3);

	return _mm_shuffle_epi8(_mm_set_epi32((int)d, (int)c, (int)b, (int)a),
				bswap32);
}

#endif /* SOCRX_ROUTER_FWD_LPM_SSE_H */
