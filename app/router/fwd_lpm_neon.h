/* SPDX-License-Identifier: BSD-3-Clause */
/* Arm NEON: one load and one byte reverse within 32-bit lanes. */
#ifndef SOCRX_ROUTER_FWD_LPM_NEON_H
#define SOCRX_ROUTER_FWD_LPM_NEON_H

#include <arm_neon.h>

static inline xmm_t
fwd_dst_x4(const uint32_t *be_dst)
{
	return vreinterpretq_s32_u8(vrev32q_u8(vld1q_u8((const uint8_t *)be_dst)));
}

#endif /* SOCRX_ROUTER_FWD_LPM_NEON_H */
