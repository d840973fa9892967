/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * dwmac4 model, VLAN on both sides of the MAC (docs/model.md "VLAN"):
 * the receive filter (MAC_Packet_Filter VTFE with MAC_VLAN_Tag: the
 * 16-bin hash of VTHM over MAC_VLAN_Hash_Table, else a compare with VL,
 * 12 bits with ETV), the receive stripping of the outer C-tag
 * (MAC_VLAN_Tag EVLS) and its report in RDES0 with RDES3 RS0V (EVLRXS),
 * and the insertion on transmit of the tag of a context descriptor
 * (TDES3 VLTV) in a frame whose first descriptor asks for it (TDES2
 * VTIR, MAC_VLAN_Incl VLTI).
 */
#include <string.h>

#include "dwmac4_model_internal.h"

#define VLAN_TPID	0x8100u		/* IEEE 802.1Q C-tag */
#define VLAN_STPID	0x88a8u		/* IEEE 802.1ad S-tag (CSVL) */
#define VLAN_TAG_OFF	12u		/* after the two addresses */
#define VLAN_HLEN	4u
#define VLAN_VID_BITS	12u

static inline uint16_t
be16_at(const uint8_t *p)
{
	return (uint16_t)(p[0] << 8 | p[1]);
}

/*
 * The bin of a VID in the 16-bin table: the top 4 bits of the
 * bit-reversed, inverted CRC-32 of the VID's 12 bits, least significant
 * first (the databook's hash, as Linux's stmmac_vlan_update() computes it).
 */
unsigned int
model_vlan_hash_bin(uint16_t vid)
{
	uint32_t crc = UINT32_MAX, rev = 0;
	unsigned int i;

	for (i = 0; i < VLAN_VID_BITS; i++) {
		uint32_t bit = (crc ^ (uint32_t)(vid >> i)) & 1u;

		crc >>= 1;
		if (bit)
			crc ^= 0xedb88320u;
	}
	crc = ~crc;
	for (i = 0; i < 32; i++)
		rev |= ((crc >> i) & 1u) << (31 - i);
	return rev >> 28;
}

/* Whether the filter of MAC_VLAN_Tag @p vt takes tag @p tci. */
static bool
vlan_filter_hit(struct dwmac4_model *m, uint32_t vt, uint16_t tci)
{
	uint16_t vid = tci & 0x0fffu;

	if (vt & GMAC_VLAN_VTHM)
		return (model_reg_get(m, GMAC_VLAN_HASH_TABLE) >>
			model_vlan_hash_bin(vid)) & 1u;
	if (vt & GMAC_VLAN_ETV)
		return vid == (vt & 0x0fffu);
	return tci == (vt & GMAC_VLAN_VID);
}

/*
 * A received frame of @p n bytes (no FCS) at @p p, after the address
 * filter: false when the VLAN filter drops it (tagged frames only; an
 * untagged one passes). *@p hit: whether its tag matched the filter, for
 * the stripping (model_vlan_rx_strip()).
 */
bool
model_vlan_rx_filter(struct dwmac4_model *m, const uint8_t *p, uint32_t n,
		     bool *hit)
{
	uint32_t pf;

	*hit = false;
	if (n < VLAN_TAG_OFF + VLAN_HLEN + 2u ||
	    be16_at(p + VLAN_TAG_OFF) != VLAN_TPID)
		return true;
	*hit = vlan_filter_hit(m, model_reg_get(m, GMAC_VLAN_TAG),
			       be16_at(p + VLAN_TAG_OFF + 2u));
	/*
	 * Promiscuous mode (PR) passes any address, not any tag: Linux
	 * clears VTFE itself when it goes promiscuous (dwmac4_set_filter()).
	 * Receive All (RA) passes everything.
	 */
	pf = model_reg_get(m, GMAC_PACKET_FILTER);
	if ((pf & GMAC_PACKET_FILTER_VTFE) && !(pf & GMAC_PACKET_FILTER_RA) &&
	    !*hit) {
		MODEL_STAT_ADD(m, rx_dropped_vlan, 1);
		return false;
	}
	return true;
}

/*
 * The frame @p f as it will be stored (f->len bytes, its FCS included
 * when the MAC keeps it), after every classification that reads the tag:
 * the outer C-tag reported in RDES0 with RS0V when EVLRXS asks, removed
 * as EVLS says (@p hit: the filter's answer). A kept FCS stays the wire
 * frame's: the MAC does not compute it again over the shorter frame.
 */
void
model_vlan_rx_strip(struct dwmac4_model *m, struct model_rx_frame *f,
		    bool hit)
{
	uint32_t vt = model_reg_get(m, GMAC_VLAN_TAG), evls;
	uint8_t *p = f->data;

	f->meta.rs0v = false;
	f->meta.rdes0 = 0;
	if (f->meta.len < VLAN_TAG_OFF + VLAN_HLEN + 2u ||
	    be16_at(p + VLAN_TAG_OFF) != VLAN_TPID)
		return;
	if (vt & GMAC_VLAN_TAG_CTRL_EVLRXS) {
		f->meta.rdes0 = be16_at(p + VLAN_TAG_OFF + 2u);
		f->meta.rs0v = true;
	}
	evls = vt & GMAC_VLAN_TAG_CTRL_EVLS_MASK;
	if (evls == GMAC_VLAN_TAG_STRIP_ALL ||
	    (evls == GMAC_VLAN_TAG_STRIP_PASS && hit) ||
	    (evls == GMAC_VLAN_TAG_STRIP_FAIL && !hit)) {
		memmove(p + VLAN_TAG_OFF, p + VLAN_TAG_OFF + VLAN_HLEN,
			f->meta.len - VLAN_TAG_OFF - VLAN_HLEN);
		f->meta.len -= VLAN_HLEN;
		MODEL_STAT_ADD(m, rx_vlan_stripped, 1);
	}
}

/*
 * The frame of @p len bytes gathered in m->txbuf, its first descriptor's
 * TDES2 @p des2 and the tag of a context descriptor before it (@p ctx_tag,
 * -1: none): the tag inserted after the addresses when VTIR says insert
 * and MAC_VLAN_Incl VLTI takes the tag from the descriptors (from the
 * context descriptor, else MAC_VLAN_Incl's VLT). Its new length.
 */
uint32_t
model_vlan_tx(struct dwmac4_model *m, uint32_t len, uint32_t des2,
	      int32_t ctx_tag)
{
	uint32_t incl = model_reg_get(m, GMAC_VLAN_INCL);
	uint16_t tag, tpid;
	uint8_t *p = m->txbuf;

	if ((des2 & TDES2_VLAN_TAG_MASK) != DWMAC4_TDES2_VTIR_INSERT ||
	    !(incl & GMAC_VLAN_VLTI) || len < VLAN_TAG_OFF ||
	    len + VLAN_HLEN > sizeof(m->txbuf))
		return len;
	tag = ctx_tag >= 0 ? (uint16_t)ctx_tag : (uint16_t)(incl & 0xffffu);
	tpid = (incl & GMAC_VLAN_CSVL) ? VLAN_STPID : VLAN_TPID;
	memmove(p + VLAN_TAG_OFF + VLAN_HLEN, p + VLAN_TAG_OFF,
		len - VLAN_TAG_OFF);
	p[VLAN_TAG_OFF] = (uint8_t)(tpid >> 8);
	p[VLAN_TAG_OFF + 1] = (uint8_t)tpid;
	p[VLAN_TAG_OFF + 2] = (uint8_t)(tag >> 8);
	p[VLAN_TAG_OFF + 3] = (uint8_t)tag;
	MODEL_STAT_ADD(m, tx_vlan_inserted, 1);
	return len + VLAN_HLEN;
}
