/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * 4-wide IPv4 lookups: fwd_dst_x4() turns four destination addresses, as
 * stored in the packets (network order), into the host-order vector
 * rte_lpm_lookupx4() takes: built from registers (not stored and loaded
 * back, which would wait for the four stores), one byte swap per vector
 * instead of four, picked per architecture at build time as
 * l3fwd_lpm_{sse,neon}.h do.
 */
#ifndef SOCRX_ROUTER_FWD_LPM_X4_H
#define SOCRX_ROUTER_FWD_LPM_X4_H

#include <rte_lpm.h>
#include <rte_vect.h>

#if defined(RTE_ARCH_X86) && defined(__SSSE3__)
#include "fwd_lpm_sse.h"
#elif defined(__ARM_NEON)
#include "fwd_lpm_neon.h"
#else
#include "fwd_lpm_scalar.h"
#endif

#endif /* SOCRX_ROUTER_FWD_LPM_X4_H */
