/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * libFuzzer harness for the neta device model in step mode
 * (drivers/mvneta_uio/model) and the NETA RX status decode
 * (drivers/mvneta_uio/mvneta_rx_csum.h: mvneta_rx_hw_csum) through
 * lib/rxpath's policy (rxp_hw_verdict), checked against the byte-at-a-time
 * reference of ../rxpath_ref.h.
 *
 * The model, as fuzz_model_rx.c does for the dwmac4 one: it must never
 * touch memory outside what was registered for DMA, never crash, and count
 * each refused access in stats.violations instead of performing it.
 * Memory (fuzz_script.h): one allocation [guard | window | guard]; only
 * the window is registered (neta_model_dma_map) at IOVA WIN_IOVA; the
 * guards hold a sentinel checked after every model call. Addresses the script uses lie
 * inside the window, straddle its end, lie just outside it (where the
 * guards are, in VA terms), or are raw.
 *
 * The status decode, for every frame the script queues:
 *  - with a raw status word from the input (a lying device): sw mode is
 *    the reference, off gives no flag, hw and auto keep the verdicts the
 *    headers fix (fuzz_verdict.h);
 *  - with the status the model's parser writes for the frame (the honest
 *    device): the device claims L4_CSUM_OK only where the reference
 *    verifies the checksum, hw and auto never contradict the reference,
 *    and auto equals sw;
 *  - the decode never claims an L4 answer without L4_CSUM_OK, for a
 *    fragment, or without an IPv4-OK/IPv6 L3 type, and never "L4 bad"
 *    (NETA has no such bit).
 * Frames the model delivered to single descriptors of the ring are read
 * back (only inside the window) and decoded the same way with their ring
 * status, taken as raw (the script may alias buffers).
 *
 * Script (one opcode byte, then its operands; missing bytes read as 0):
 *   0 desc i: addr selector, 2 offset bytes, flags byte (watermark, clean)
 *   1 RXQ_STATUS_UPDATE: 32 bits (processed, added: raw counts)
 *   2 RXQ_SIZE: 32 bits (descriptors, buffer size)
 *   3 RXQ_CMD: 16 bits (enable [7:0], disable [15:8])
 *   4 frame: 14-bit length, 32-bit raw status, bytes (rest a pattern)
 *   5 step: budget, then harvest: read back and optionally return
 *   6 any register: 16-bit offset, 32-bit value, then a read
 *   7 link / ring base / RXQ_CONFIG / GMAC_CTRL_0 / PORT_CONFIG
 * The first byte picks flow control, the non-coherent interconnect
 * emulation and how the device's stores reach memory (model_dma_store.h). Then a final run of steps.
 * Asserted after every call: guards intact, violations never decrease and
 * are at least the sum of their kinds, frames accounted at most once.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "mvneta_desc.h"
#include "mvneta_hw.h"
#include "mvneta_regs.h"
#include "mvneta_rx_csum.h"
#include "neta_model.h"
#include "neta_model_internal.h"
#include "model_traffic.h"
#include "../model_fixture.h"
#include "../neta_model_drv.h"

#include "fuzz_script.h"
#include "fuzz_verdict.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define WIN FUZZ_WIN
#define WIN_IOVA ((uint32_t)FUZZ_WIN_IOVA)
#define QMAX 64u		/* frames queued at the most */
#define DESC_MAX 512u		/* descriptors the script reaches (16 KiB) */
#define HARVEST_MAX 64u

/* ---- The status decode ---- */

static uint64_t
neta_verdict(const uint8_t *p, uint32_t len, uint32_t status,
	     enum rxp_csum_mode mode, struct rxp_parse_result *r)
{
	return rxp_hw_verdict(p, len, mvneta_rx_hw_csum(status), mode, r);
}

/* What the decode may answer for @p status, whatever the frame. */
static void
decode_check(uint32_t status)
{
	uint32_t f = mvneta_rx_hw_csum(status).flags;
	uint32_t l3 = status & MVNETA_RXD_L3_TYPE_MASK;

	ASSERT((f & ~(RXP_HW_L3_IPV4 | RXP_HW_L3_IPV6 | RXP_HW_IP_HDR_BAD |
		      RXP_HW_L4_TCP | RXP_HW_L4_UDP)) == 0);
	ASSERT(!!(f & RXP_HW_L3_IPV4) ==
	       (l3 == MVNETA_RXD_L3_IP4_OK || l3 == MVNETA_RXD_L3_IP4_ERR));
	ASSERT(!!(f & RXP_HW_L3_IPV6) == (l3 == MVNETA_RXD_L3_IP6));
	ASSERT(!!(f & RXP_HW_IP_HDR_BAD) == (l3 == MVNETA_RXD_L3_IP4_ERR));
	if (f & (RXP_HW_L4_TCP | RXP_HW_L4_UDP)) {
		ASSERT((f & (RXP_HW_L4_TCP | RXP_HW_L4_UDP)) !=
		       (RXP_HW_L4_TCP | RXP_HW_L4_UDP));
		ASSERT(status & MVNETA_RXD_L4_CSUM_OK);
		ASSERT(!(status & MVNETA_RXD_IP4_FRAG));
		ASSERT(l3 == MVNETA_RXD_L3_IP4_OK || l3 == MVNETA_RXD_L3_IP6);
	}
}

/*
 * One frame (@p len bytes, FCS excluded) with the raw status @p raw; with
 * @p honest, also with the status the model's parser gives it.
 */
static void
status_check(const uint8_t *frame, uint32_t len, uint32_t raw, int honest)
{
	static const enum rxp_csum_mode hwm[] = { RXP_CSUM_AUTO, RXP_CSUM_HW };
	struct rxp_parse_result sw, r;
	uint64_t f, fsw, want;
	int fixed_u, fixed_b;
	unsigned int i;
	struct ref o;
	uint32_t hon;
	uint8_t *p;

	/* Exactly len bytes: ASan reports any read at or past the end. */
	p = malloc(len ? len : 1);
	ASSERT(p != NULL);
	memcpy(p, frame, len);
	ref_parse(p, len, &o);
	want = ref_flags(&o);
	fsw = rxp_verdict_sw(p, len, &sw);
	ASSERT(fsw == want);
	fuzz_fixed_verdicts(&o, p, &fixed_u, &fixed_b);

	decode_check(raw);
	f = neta_verdict(p, len, raw, RXP_CSUM_SW, &r);
	ASSERT(f == fsw);
	common(&o, &sw, &r, f, fixed_u, fixed_b);
	f = neta_verdict(p, len, raw, RXP_CSUM_OFF, &r);
	ASSERT(f == 0 && r.ptype == sw.ptype);
	for (i = 0; i < 2; i++) {
		f = neta_verdict(p, len, raw, hwm[i], &r);
		common(&o, &sw, &r, f, fixed_u, fixed_b);
		/* No L3 type: the device did not answer. */
		if (hwm[i] == RXP_CSUM_AUTO &&
		    (raw & MVNETA_RXD_L3_TYPE_MASK) == MVNETA_RXD_L3_UN)
			ASSERT(f == fsw);
	}

	if (honest) {
		hon = neta_parse_status(p, len);
		decode_check(hon);
		/* The parser claims a verified checksum only where it is. */
		if (mvneta_rx_hw_csum(hon).flags & (RXP_HW_L4_TCP | RXP_HW_L4_UDP))
			ASSERT(o.v == 'G' && o.has_range);
		for (i = 0; i < 2; i++) {
			f = neta_verdict(p, len, hon, hwm[i], &r);
			common(&o, &sw, &r, f, fixed_u, fixed_b);
			ASSERT((f & L4M) == 0 || (f & L4M) == l4_of(o.v));
			ASSERT((f & IPM) == 0 || (f & IPM) == (want & IPM));
			if (hwm[i] == RXP_CSUM_AUTO)
				ASSERT(f == fsw);
		}
	}
	/* The frame is never written. */
	ASSERT(memcmp(p, frame, len) == 0);
	free(p);
}

/* ---- The model ---- */

struct st {
	struct neta_model *m;
	struct model_fixture_qsrc *src;
	uint8_t *mem;		/* guard | window | guard */
	uint8_t *win;
	uint64_t viol;
	uint32_t ring_off;	/* ring base as a window offset */
	uint32_t ring_size;	/* descriptors, as last written */
	uint32_t next;		/* next descriptor to harvest */
};

static void
check(struct st *s)
{
	struct neta_model_stats st;
	uint64_t done;

	fuzz_mem_check(s->mem);
	neta_model_get_stats(s->m, &st);
	ASSERT(st.violations >= s->viol);
	ASSERT(st.viol_bad_reg + st.viol_dma_outside + st.viol_null_buf +
	       st.viol_update_overflow + st.viol_occupied_underflow +
	       st.viol_ring_overfill + st.viol_bad_ring + st.viol_ring_running +
	       st.viol_sent_underflow + st.viol_tx_bad_desc +
	       st.viol_unwritten_read <= st.violations);
	s->viol = st.violations;
	done = st.rx_delivered + st.rx_missed + st.rx_dropped_stopped +
	       st.rx_dropped_filter + st.rx_dropped_hung +
	       st.rx_dropped_speed;
	ASSERT(done <= st.rx_offered);
	ASSERT(st.rx_delivered_err <= st.rx_delivered);
	ASSERT(st.rx_delivered <= st.rx_desc_used);
}

/* A 32-bit bus address (the NETA's) picked by the script. */
static uint32_t
pick_bus(struct in *in)
{
	return (uint32_t)fuzz_pick_iova(in);
}

static struct mvneta_rx_desc *
desc_at(struct st *s, uint32_t i)
{
	if (s->ring_off + 32u * (i + 1) > WIN)
		return NULL;
	return (struct mvneta_rx_desc *)(void *)(s->win + s->ring_off + 32u * i);
}

/*
 * Reads back what the device counted in RXQ_STATUS, as a driver would,
 * and decodes every single-descriptor frame whose bytes lie inside the
 * window; with @p ret, returns them (and re-adds them).
 */
static void
harvest(struct st *s, int ret)
{
	uint32_t occ, n, i, st, w1, dsize, bus, off, room;
	struct mvneta_rx_desc *d;

	if (s->ring_size == 0)
		return;
	occ = neta_model_read32(s->m, MVNETA_RXQ_STATUS_REG(0)) &
	      MVNETA_RXQ_OCCUPIED_ALL_MASK;
	off = ((neta_model_read32(s->m, MVNETA_RXQ_CONFIG_REG(0)) &
		MVNETA_RXQ_PKT_OFFSET_ALL_MASK) >> MVNETA_RXQ_PKT_OFFSET_SHIFT) *
	      MVNETA_RXQ_PKT_OFFSET_UNIT;
	for (n = 0; n < occ && n < HARVEST_MAX; n++) {
		i = (s->next + n) % s->ring_size;
		d = desc_at(s, i);
		if (d == NULL)
			break;
		neta_model_cache_op(s->m, d, sizeof(*d), MODEL_NC_CIVAC);
		w1 = __atomic_load_n(&d->size, __ATOMIC_ACQUIRE);
		if (w1 == MVNETA_DESC_WATERMARK)
			break;
		st = d->status;
		dsize = MVNETA_DESC_DATA_SIZE(w1);
		bus = d->buf_phys_addr;
		decode_check(st);
		if ((st & MVNETA_RXD_FIRST_LAST_DESC) != MVNETA_RXD_FIRST_LAST_DESC ||
		    (st & MVNETA_RXD_ERR_SUMMARY) ||
		    dsize < MVNETA_MH_SIZE + MVNETA_ETH_FCS_LEN)
			continue;
		if (bus < WIN_IOVA || bus - WIN_IOVA >= WIN)
			continue;
		room = WIN - (bus - WIN_IOVA);
		if ((uint64_t)off + dsize > room)
			continue;
		neta_model_cache_op(s->m, s->win + (bus - WIN_IOVA) + off,
				    dsize, MODEL_NC_CIVAC);
		status_check(s->win + (bus - WIN_IOVA) + off + MVNETA_MH_SIZE,
			     dsize - MVNETA_MH_SIZE - MVNETA_ETH_FCS_LEN, st, 0);
	}
	if (ret && n > 0) {
		neta_model_write32(s->m, MVNETA_RXQ_STATUS_UPDATE_REG(0),
				   n | n << MVNETA_RXQ_ADD_NON_OCCUPIED_SHIFT);
		s->next = (s->next + n) % s->ring_size;
	}
}

static void
run(struct st *s, struct in *in)
{
	struct mvneta_rx_desc *d;
	unsigned int op, i;
	uint32_t v, flags, raw;
	uint8_t *f;
	size_t len;

	while (in->i < in->n) {
		op = get(in, 1);
		switch (op % 8) {
		case 0:	/* descriptor contents */
			i = get(in, 1) % DESC_MAX;
			v = pick_bus(in);
			flags = get(in, 1);
			d = desc_at(s, i);
			if (d == NULL)
				break;
			memset(d, 0, sizeof(*d));
			d->buf_phys_addr = v;
			d->buf_cookie = i;
			d->status = flags & 4 ? get(in, 4) : 0;
			__atomic_store_n(&d->size, flags & 1 ? MVNETA_DESC_WATERMARK :
					 flags & 2 ? get(in, 4) : 0, __ATOMIC_RELEASE);
			/* Non-coherent: a driver cleans, unless flags say not. */
			if (!(flags & 128))
				neta_model_cache_op(s->m, d, sizeof(*d),
						    MODEL_NC_CLEAN);
			break;
		case 1:	/* processed / added counts, raw */
			neta_model_write32(s->m, MVNETA_RXQ_STATUS_UPDATE_REG(0),
					   get(in, 4));
			break;
		case 2:	/* ring size and buffer size */
			v = get(in, 4);
			s->ring_size = v & MVNETA_RXQ_DESC_NUM_MASK;
			s->next = 0;
			neta_model_write32(s->m, MVNETA_RXQ_SIZE_REG(0), v);
			break;
		case 3:	/* queue enable / disable */
			neta_model_write32(s->m, MVNETA_RXQ_CMD, get(in, 2));
			break;
		case 4:	/* a frame, and its status decoded */
			len = get(in, 2) % (NETA_MODEL_MAX_FRAME + 64);
			raw = get(in, 4);
			f = fuzz_frame(in, len);
			status_check(f, (uint32_t)len, raw, 1);
			if (model_fixture_qsrc_count(s->src) >= QMAX) {
				free(f);
				break;
			}
			model_fixture_qsrc_push_owned(s->src, f, len);
			break;
		case 5:	/* run the engines, then read back */
			v = get(in, 1);
			neta_model_step(s->m, 1 + v % 16);
			check(s);
			harvest(s, v & 0x80);
			break;
		case 6:	/* any register (aligned or not, in or out of the window) */
			v = get(in, 2);
			neta_model_write32(s->m, v % (NETA_MODEL_REG_WINDOW + 64),
					   get(in, 4));
			(void)neta_model_read32(s->m, get(in, 2) %
						(NETA_MODEL_REG_WINDOW + 64));
			break;
		default:
			v = get(in, 1);
			switch (v % 5) {
			case 0:
				neta_model_set_link(s->m, v & 8);
				break;
			case 1:	/* ring base: in the window or not */
				raw = v & 8 ? pick_bus(in) :
				      WIN_IOVA + 32u * (get(in, 2) % 256);
				if (raw >= WIN_IOVA &&
				    raw - WIN_IOVA < WIN)
					s->ring_off = (raw - WIN_IOVA) & ~31u;
				s->next = 0;
				neta_model_write32(s->m, MVNETA_RXQ_BASE_ADDR_REG(0), raw);
				break;
			case 2:
				neta_model_write32(s->m, MVNETA_RXQ_CONFIG_REG(0),
						   get(in, 4));
				break;
			case 3:
				neta_model_write32(s->m, MVNETA_GMAC_CTRL_0, get(in, 4));
				break;
			default:
				neta_model_write32(s->m, MVNETA_PORT_CONFIG, get(in, 4));
			}
		}
		check(s);
	}
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct neta_model_params p;
	struct in in = { data, size, 0 };
	struct st s;
	unsigned int i;

	if (size > 65536)
		return 0;
	memset(&s, 0, sizeof(s));
	s.mem = fuzz_mem_alloc(32u * 256u);	/* a clean ring area */
	s.win = s.mem + FUZZ_GUARD;
	s.src = model_fixture_qsrc_create(false);

	neta_model_params_init(&p);
	p.rx_src = &s.src->base;
	p.flow_control = size > 0 && (data[0] & 1);
	/* The non-coherent interconnect emulation (model_nc.c) on or off. */
	p.nc_emulation = size > 0 && (data[0] & 2);
	p.dma_store = size > 0 ? (enum model_dma_store)((data[0] >> 2) % 3) :
			MODEL_DMA_STORE_PLAIN;
	s.m = neta_model_create(&p);
	ASSERT(s.m != NULL);
	ASSERT(neta_model_dma_map(s.m, s.win, WIN_IOVA, WIN) == 0);
	/*
	 * The usual bring-up, which the script then perturbs: the 3700's
	 * window and the DMA configuration as Linux sets them, 16
	 * descriptors of 2 KiB buffers in the buffer area, all added.
	 */
	drv_port_defaults(s.m);
	neta_model_write32(s.m, MVNETA_GMAC_CTRL_0,
			   neta_model_read32(s.m, MVNETA_GMAC_CTRL_0) |
			   MVNETA_GMAC0_PORT_ENABLE);
	/* Out of port reset, every address accepted (Linux promiscuous). */
	neta_model_write32(s.m, MVNETA_GMAC_CTRL_2, 0);
	neta_model_write32(s.m, MVNETA_PORT_CONFIG, MVNETA_UNI_PROMISC_MODE);
	neta_model_write32(s.m, MVNETA_TYPE_PRIO, MVNETA_FORCE_UNI);
	for (i = 0; i < MVNETA_DA_FILT_MCAST_ENTRIES / 4u; i++) {
		neta_model_write32(s.m, MVNETA_DA_FILT_SPEC_MCAST + 4u * i,
				   0x01010101u);
		neta_model_write32(s.m, MVNETA_DA_FILT_OTH_MCAST + 4u * i,
				   0x01010101u);
	}
	for (i = 0; i < MVNETA_DA_FILT_UCAST_ENTRIES / 4u; i++)
		neta_model_write32(s.m, MVNETA_DA_FILT_UCAST_BASE + 4u * i,
				   0x01010101u);
	s.ring_size = 16;
	for (i = 0; i < s.ring_size; i++) {
		struct mvneta_rx_desc *d = desc_at(&s, i);

		d->buf_phys_addr = WIN_IOVA + FUZZ_BUF_AREA + 2048u * i;
		d->buf_cookie = i;
		d->size = MVNETA_DESC_WATERMARK;
		neta_model_cache_op(s.m, d, sizeof(*d), MODEL_NC_CLEAN);
	}
	neta_model_write32(s.m, MVNETA_RXQ_BASE_ADDR_REG(0), WIN_IOVA);
	neta_model_write32(s.m, MVNETA_RXQ_SIZE_REG(0), s.ring_size |
			   (2048u / MVNETA_RXQ_BUF_SIZE_UNIT) <<
			   MVNETA_RXQ_BUF_SIZE_SHIFT);
	neta_model_write32(s.m, MVNETA_RXQ_CONFIG_REG(0),
			   MVNETA_RXQ_PKT_OFFSET_MASK(64u / MVNETA_RXQ_PKT_OFFSET_UNIT));
	neta_model_write32(s.m, MVNETA_RXQ_STATUS_UPDATE_REG(0),
			   s.ring_size << MVNETA_RXQ_ADD_NON_OCCUPIED_SHIFT);
	neta_model_write32(s.m, MVNETA_RXQ_CMD, 1u);
	check(&s);
	if (size > 0)
		in.i = 1;
	run(&s, &in);
	for (i = 0; i < 8; i++) {
		neta_model_step(s.m, 64);
		check(&s);
		harvest(&s, 1);
	}
	neta_model_destroy(s.m);
	free(s.mem);
	return 0;
}
