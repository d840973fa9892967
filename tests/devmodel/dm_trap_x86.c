/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The stores the MMIO trap emulates (dm_trap.h): what a compiler makes of
 * a 32-bit volatile store (rte_write32()), per the Intel SDM vol. 2:
 *   [REX] 89 /r          mov r/m32, r32
 *   [REX] c7 /0 imm32    mov r/m32, imm32
 * The faulting address comes from the fault itself, so the memory operand
 * is only measured (ModRM, SIB, displacement), never computed. Anything
 * else (an operand-size prefix, REX.W, another opcode) is refused: the
 * trap then stops with the bytes it found.
 */
#include <stddef.h>

#include "dm_trap.h"

/* Bytes of the memory operand after the ModRM byte at @p m. */
static int
dm_x86_modrm_tail(const uint8_t *m, unsigned int avail)
{
	unsigned int mod = m[0] >> 6, rm = m[0] & 7u, n = 0;

	if (rm == 4u) {			/* SIB */
		if (avail < 2u)
			return -1;
		n = 1;
		if (mod == 0 && (m[1] & 7u) == 5u)
			return (int)n + 4;	/* no base: disp32 */
	}
	if (mod == 0 && rm == 5u)
		return 4;			/* RIP-relative disp32 */
	if (mod == 1u)
		n += 1;
	else if (mod == 2u)
		n += 4;
	return (int)n;
}

int
dm_x86_store_decode(const uint8_t *code, unsigned int n,
		    const uint64_t gpr[16], uint32_t *val, unsigned int *len,
		    const char **why)
{
	unsigned int i = 0, rex = 0, reg;
	int tail;

	if (n > 0 && code[0] == 0x66u) {
		*why = "a 16-bit store (operand-size prefix)";
		return -1;
	}
	if (n > 0 && (code[0] & 0xf0u) == 0x40u)
		rex = code[i++];
	if (rex & 0x08u) {
		*why = "a 64-bit store (REX.W)";
		return -1;
	}
	if (i + 2u > n || (code[i] != 0x89u && code[i] != 0xc7u)) {
		*why = "not a mov store (89 /r or c7 /0)";
		return -1;
	}
	if ((code[i + 1u] >> 6) == 3u) {
		*why = "a register destination";
		return -1;
	}
	reg = (code[i + 1u] >> 3) & 7u;
	tail = dm_x86_modrm_tail(&code[i + 1u], n - i - 1u);
	if (tail < 0) {
		*why = "truncated";
		return -1;
	}
	*len = i + 2u + (unsigned int)tail;
	if (code[i] == 0x89u) {
		*val = (uint32_t)gpr[reg | ((rex & 0x04u) << 1)];
	} else {
		if (reg != 0) {
			*why = "c7 with a reg field other than 0";
			return -1;
		}
		if (*len + 4u > n) {
			*why = "truncated";
			return -1;
		}
		*val = (uint32_t)code[*len] | (uint32_t)code[*len + 1u] << 8 |
		       (uint32_t)code[*len + 2u] << 16 |
		       (uint32_t)code[*len + 3u] << 24;
		*len += 4u;
	}
	return 0;
}
