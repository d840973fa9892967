/* SPDX-License-Identifier: BSD-3-Clause */
/* Arm NEON: four addresses into one vector, one byte reverse per lane. */
#ifndef SOCRX_ROUTER_FWD_LPM_NEON_H
#define SOCRX_ROUTER_FWD_LPM_NEON_H

#include <arm_neon.h>

static inline xmm_t
fwd_dst_x4(uint32_t a, uint32_t b, uint32_t c, uint32_t d)
{
	const uint32x4_t v = { a, b, c, d };

	return vreinterpretq_s32_u8(vrev32q_u8(vreinterpretq_u8_u32(v)));
}

#endif /* SOCRX_ROUTER_FWD_LPM_NEON_H */
