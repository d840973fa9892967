/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * MIB counters of the Marvell NETA controller: offsets in the register
 * window, as listed by Linux's mvneta_statistics[] (mvneta.c). All are
 * 32-bit clear-on-read registers except the two 64-bit octet counters,
 * read as two 32-bit halves (low word first). The RX discard and overrun
 * counters sit in the port block, not the MIB block.
 *
 * Pinned to the reference values by tests/test_mvneta_consts.c.
 */
#ifndef SOCRX_MVNETA_MIB_H
#define SOCRX_MVNETA_MIB_H

#include <stdint.h>

#define MVNETA_MIB_COUNTERS_BASE		0x3000U
/* Last MIB register (offset from the base): mvneta_mib_counters_clear. */
#define MVNETA_MIB_LATE_COLLISION		0x7cU

/* Absolute offsets (MIB base + counter). */
#define MVNETA_MIB_GOOD_OCTETS_RECEIVED		0x3000U	/* 64-bit */
#define MVNETA_MIB_BAD_OCTETS_RECEIVED		0x3008U
#define MVNETA_MIB_INTERNAL_MAC_TX_ERR		0x300cU
#define MVNETA_MIB_GOOD_FRAMES_RECEIVED		0x3010U
#define MVNETA_MIB_BAD_FRAMES_RECEIVED		0x3014U
#define MVNETA_MIB_BROADCAST_FRAMES_RECEIVED	0x3018U
#define MVNETA_MIB_MULTICAST_FRAMES_RECEIVED	0x301cU
#define MVNETA_MIB_FRAMES_64_OCTETS		0x3020U
#define MVNETA_MIB_FRAMES_65_TO_127_OCTETS	0x3024U
#define MVNETA_MIB_FRAMES_128_TO_255_OCTETS	0x3028U
#define MVNETA_MIB_FRAMES_256_TO_511_OCTETS	0x302cU
#define MVNETA_MIB_FRAMES_512_TO_1023_OCTETS	0x3030U
#define MVNETA_MIB_FRAMES_1024_TO_MAX_OCTETS	0x3034U
#define MVNETA_MIB_GOOD_OCTETS_SENT		0x3038U	/* 64-bit */
#define MVNETA_MIB_GOOD_FRAMES_SENT		0x3040U
#define MVNETA_MIB_EXCESSIVE_COLLISION		0x3044U
#define MVNETA_MIB_MULTICAST_FRAMES_SENT	0x3048U
#define MVNETA_MIB_BROADCAST_FRAMES_SENT	0x304cU
#define MVNETA_MIB_UNREC_MAC_CONTROL_RECEIVED	0x3050U
#define MVNETA_MIB_FC_SENT			0x3054U
#define MVNETA_MIB_GOOD_FC_RECEIVED		0x3058U
#define MVNETA_MIB_BAD_FC_RECEIVED		0x305cU
#define MVNETA_MIB_UNDERSIZE_RECEIVED		0x3060U
#define MVNETA_MIB_FRAGMENTS_RECEIVED		0x3064U
#define MVNETA_MIB_OVERSIZE_RECEIVED		0x3068U
#define MVNETA_MIB_JABBER_RECEIVED		0x306cU
#define MVNETA_MIB_MAC_RECEIVE_ERROR		0x3070U
#define MVNETA_MIB_BAD_CRC_EVENT		0x3074U
#define MVNETA_MIB_COLLISION			0x3078U
#define MVNETA_MIB_LATE_COLLISION_REG		0x307cU
/* Port block: frames dropped for want of a descriptor, FIFO overruns. */
#define MVNETA_RX_DISCARD_FRAME_COUNT		0x2484U
#define MVNETA_OVERRUN_FRAME_COUNT		0x2488U

#endif /* SOCRX_MVNETA_MIB_H */
