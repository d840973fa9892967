/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * neta model: the MIB counters (mvneta_mib.h), which the engines count
 * and a driver reads: each clears when read; the two 64-bit octet
 * counters are kept apart from the window, their low word read first
 * latching the high word for the next read (neta_model_regs.c's header).
 * Called with the model lock held.
 */
#include "neta_model_internal.h"

void
neta_mib_add(struct neta_model *m, uint32_t off, uint32_t n)
{
	if (off == MVNETA_MIB_GOOD_OCTETS_RECEIVED)
		m->mib_rx_octets += n;
	else if (off == MVNETA_MIB_GOOD_OCTETS_SENT)
		m->mib_tx_octets += n;
	else
		m->regs[off / 4u] += n;
}

/* A 64-bit octet counter's low word (latching the high) or high word. */
static uint32_t
mib_octets_read(uint64_t *c, uint32_t *latch, bool high)
{
	uint32_t v = high ? *latch : (uint32_t)*c;

	*latch = high ? 0 : (uint32_t)(*c >> 32);
	if (!high)
		*c = 0;
	return v;
}

uint32_t
neta_mib_read(struct neta_model *m, uint32_t off)
{
	uint32_t v;

	switch (off) {
	case MVNETA_MIB_GOOD_OCTETS_RECEIVED:
	case MVNETA_MIB_GOOD_OCTETS_RECEIVED + 4:
		return mib_octets_read(&m->mib_rx_octets, &m->mib_rx_octets_hi,
				       off != MVNETA_MIB_GOOD_OCTETS_RECEIVED);
	case MVNETA_MIB_GOOD_OCTETS_SENT:
	case MVNETA_MIB_GOOD_OCTETS_SENT + 4:
		return mib_octets_read(&m->mib_tx_octets, &m->mib_tx_octets_hi,
				       off != MVNETA_MIB_GOOD_OCTETS_SENT);
	default:
		v = neta_reg(m, off);
		m->regs[off / 4u] = 0;
		return v;
	}
}
