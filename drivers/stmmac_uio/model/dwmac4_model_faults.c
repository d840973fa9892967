/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * dwmac4 device model: fault injection of the receive engine (struct
 * dwmac4_model_faults, docs/model.md "Fault injection"). The engine in
 * dwmac4_model_rx.c calls the hooks declared in dwmac4_model_internal.h
 * at fixed points of its receive steps; everything a fault does is here.
 *
 * Every decision is a pure function of (seed, knob, frame number): frame k
 * is the k-th frame taken from the traffic source (rx_offered), and one
 * frame is in flight per channel at a time, so the schedule does not
 * depend on timing and a seed replays it. The knobs, the seed and the
 * state here are those of the channel whose RX DMA stores the frame
 * (f->ch: the MAC routed it to an MTL queue mapped to that channel). A frame's faults are drawn once (plan), then
 * applied where the descriptor protocol lets them happen; a fault that
 * cannot apply to a frame (cum_back on a one-descriptor frame, corrupt on
 * a frame without a checked TCP/UDP payload, a skip with no descriptor
 * to skip to) is dropped and not counted. Nothing here is a driver
 * protocol violation.
 */
#include <endian.h>
#include <errno.h>
#include <net/ethernet.h>
#include <netinet/in.h>
#include <string.h>

#include "dwmac4_model_dma.h"
#include "dwmac4_model_internal.h"

/* Faults planned for the frame in flight (model_rx_frame.flt). */
#define MODEL_FLT_CUM_BACK	(1u << 0)
#define MODEL_FLT_LD_NO_FD	(1u << 1)
#define MODEL_FLT_FD_TWICE	(1u << 2)
#define MODEL_FLT_SKIP		(1u << 3)
#define MODEL_FLT_DUP		(1u << 4)
#define MODEL_FLT_CORRUPT	(1u << 5)
#define MODEL_FLT_STALL		(1u << 6)

#define MODEL_PPM_MAX		1000000u

bool
model_faults_valid(const struct dwmac4_model_faults *f)
{
	const uint32_t rates[] = {
		f->err_ppm, f->csum_lie_ppm, f->len_ppm, f->cum_back_ppm,
		f->ld_no_fd_ppm, f->fd_twice_ppm, f->fcs_only_ppm,
		f->stall_ppm, f->dup_ppm, f->skip_ppm, f->corrupt_ppm,
	};
	unsigned int i;

	for (i = 0; i < sizeof(rates) / sizeof(rates[0]); i++)
		if (rates[i] > MODEL_PPM_MAX)
			return false;
	return f->stall_ppm == 0 || f->stall_polls != 0;
}

int
dwmac4_model_set_faults(struct dwmac4_model *m, unsigned int chan,
			const struct dwmac4_model_faults *f)
{
	if (m == NULL || f == NULL || chan >= m->params.n_channels ||
	    !model_faults_valid(f))
		return -EINVAL;
	/* The engine reads the knobs under the lock, one frame at a time. */
	pthread_mutex_lock(&m->lock);
	m->faults[chan] = *f;
	pthread_mutex_unlock(&m->lock);
	return 0;
}

int
dwmac4_model_get_faults(struct dwmac4_model *m, unsigned int chan,
			struct dwmac4_model_faults *f)
{
	if (m == NULL || f == NULL || chan >= m->params.n_channels)
		return -EINVAL;
	pthread_mutex_lock(&m->lock);
	*f = m->faults[chan];
	pthread_mutex_unlock(&m->lock);
	return 0;
}

/*
 * Number of frame @p f (1-based): rx_offered when the MAC took it, kept
 * with the frame through the MTL queue (frames taken later do not renumber
 * it).
 */
static inline uint64_t
fault_frame(const struct model_rx_frame *f)
{
	return f->meta.seq;
}

static inline uint16_t
be16_of(const uint8_t *p)
{
	return (uint16_t)(p[0] << 8 | p[1]);
}

/* Descriptors a stored frame of @p len bytes takes (RBSZ each). */
static inline uint32_t
fault_ndesc(const struct dwmac4_model *m, unsigned int ch, uint32_t len)
{
	uint32_t rbsz = m->rx[ch].rbsz;

	return rbsz != 0 && len != 0 ? (len + rbsz - 1) / rbsz : 1;
}

/*
 * Draws the faults of a new frame (frame number rx_offered). fcs_only
 * changes the frame now, before the checksum engine sees it: cut to the
 * largest multiple of RBSZ, or zero-padded to RBSZ.
 */
uint32_t
model_fault_rx_plan(struct dwmac4_model *m, struct model_rx_frame *f,
		    uint32_t len)
{
	const struct dwmac4_model_faults *k = &m->faults[f->ch];
	uint32_t rbsz = m->rx[f->ch].rbsz, nl;
	uint64_t frame, r;

	f->meta.flt = 0;
	f->meta.flt_desc = 0;
	f->meta.flt_r = 0;
	if ((k->cum_back_ppm | k->ld_no_fd_ppm | k->fd_twice_ppm |
	     k->fcs_only_ppm | k->stall_ppm | k->dup_ppm | k->skip_ppm |
	     k->corrupt_ppm) == 0)
		return len;
	frame = fault_frame(f);

	/* At most one descriptor-shape fault per frame, in this order. */
	r = fault_rand(m, f->ch, frame, MODEL_FAULT_KNOB_CUM_BACK);
	if (fault_hit(k->cum_back_ppm, r)) {
		f->meta.flt |= MODEL_FLT_CUM_BACK;
		f->meta.flt_r = r;
	} else if (fault_hit(k->ld_no_fd_ppm,
			     fault_rand(m, f->ch, frame, MODEL_FAULT_KNOB_LD_NO_FD))) {
		f->meta.flt |= MODEL_FLT_LD_NO_FD;
	} else {
		r = fault_rand(m, f->ch, frame, MODEL_FAULT_KNOB_FD_TWICE);
		if (fault_hit(k->fd_twice_ppm, r)) {
			f->meta.flt |= MODEL_FLT_FD_TWICE;
			f->meta.flt_r = r;
		}
	}
	if (fault_hit(k->skip_ppm, fault_rand(m, f->ch, frame, MODEL_FAULT_KNOB_SKIP)))
		f->meta.flt |= MODEL_FLT_SKIP;
	if (fault_hit(k->dup_ppm, fault_rand(m, f->ch, frame, MODEL_FAULT_KNOB_DUP)))
		f->meta.flt |= MODEL_FLT_DUP;
	if (fault_hit(k->corrupt_ppm,
		      fault_rand(m, f->ch, frame, MODEL_FAULT_KNOB_CORRUPT)))
		f->meta.flt |= MODEL_FLT_CORRUPT;
	if (fault_hit(k->stall_ppm, fault_rand(m, f->ch, frame, MODEL_FAULT_KNOB_STALL)))
		f->meta.flt |= MODEL_FLT_STALL;

	if (rbsz != 0 && fault_hit(k->fcs_only_ppm,
				   fault_rand(m, f->ch, frame, MODEL_FAULT_KNOB_FCS_ONLY))) {
		/* rbsz <= 16380: the FCS still fits in f->data. */
		nl = len >= rbsz ? len / rbsz * rbsz : rbsz;
		if (nl > len)
			memset(f->data + len, 0, nl - len);
		len = nl;
		MODEL_STAT_ADD(m, rx_fault_fcs_only, 1);
	}
	return len;
}

/*
 * Byte range [*off, *off + *n) of the TCP or UDP payload (after the L4
 * header, within the length the IP header gives) of a frame the checksum
 * engine classified as IP with a good, checked TCP/UDP checksum. False
 * when there is none (no RS1V, an error, bypassed, UDP/IPv4 checksum 0,
 * no payload byte).
 */
static bool
fault_l4_payload(const struct model_rx_frame *f, uint32_t *off, uint32_t *n)
{
	const uint8_t *p = f->data;
	uint32_t pt = f->meta.rdes1 & RDES1_IP_PAYLOAD_TYPE_MASK;
	uint32_t l3 = ETHER_HDR_LEN, l4, l4len, hdr, ulen;
	uint16_t type;

	if (!f->meta.rs1v || !(f->meta.rdes1 & (RDES1_IPV4_HEADER | RDES1_IPV6_HEADER)) ||
	    (f->meta.rdes1 & (RDES1_IP_HDR_ERROR | RDES1_IP_PAYLOAD_ERROR |
			 RDES1_IP_CSUM_BYPASSED)) ||
	    (pt != DWMAC4_RDES1_PT_UDP && pt != DWMAC4_RDES1_PT_TCP))
		return false;
	/* The engine validated the headers below against the frame. */
	type = be16_of(p + 12);
	if (type == ETHERTYPE_VLAN) {
		l3 += 4;
		type = be16_of(p + 16);
	}
	if (type == ETHERTYPE_IP) {
		hdr = (p[l3] & 0xfu) * 4u;
		l4 = l3 + hdr;
		l4len = be16_of(p + l3 + 2) - hdr;
	} else {
		l4 = l3 + 40;
		l4len = be16_of(p + l3 + 4);
	}
	if (pt == DWMAC4_RDES1_PT_UDP) {
		/* UDP over IPv4 with checksum 0: nothing verifies it. */
		if (type == ETHERTYPE_IP && be16_of(p + l4 + 6) == 0)
			return false;
		ulen = be16_of(p + l4 + 4);
		if (ulen < l4len)
			l4len = ulen;
		hdr = 8;
	} else {
		hdr = (p[l4 + 12] >> 4) * 4u;
		if (hdr < 20)
			return false;
	}
	if (l4len <= hdr)
		return false;
	*off = l4 + hdr;
	*n = l4len - hdr;
	return true;
}

/*
 * The frame is classified and complete (FCS appended when the MAC keeps
 * it): choose what depends on its length, corrupt it, start a stall.
 */
void
model_fault_rx_ready(struct dwmac4_model *m, struct model_rx_frame *f)
{
	const struct dwmac4_model_faults *k = &m->faults[f->ch];
	uint32_t d, off, n;
	uint64_t r;

	if (f->meta.flt == 0)
		return;
	d = fault_ndesc(m, f->ch, f->meta.len);
	if (f->meta.flt & MODEL_FLT_CUM_BACK) {
		/* A middle descriptor (1..d-2), else the last one (d = 2). */
		if (d < 2)
			f->meta.flt &= ~MODEL_FLT_CUM_BACK;
		else
			f->meta.flt_desc = d == 2 ? 1 : 1 + (uint32_t)(f->meta.flt_r % (d - 2));
	}
	if (f->meta.flt & MODEL_FLT_FD_TWICE)
		/* Fragment of j = 1..d descriptors. */
		f->meta.flt_desc = 1 + (uint32_t)(f->meta.flt_r % d);
	if (f->meta.flt & MODEL_FLT_CORRUPT) {
		f->meta.flt &= ~MODEL_FLT_CORRUPT;
		if (fault_l4_payload(f, &off, &n)) {
			r = fault_rand(m, f->ch, fault_frame(f), MODEL_FAULT_KNOB_CORRUPT);
			/* One byte, XOR 1..255: a one's-complement sum sees it. */
			f->data[off + (uint32_t)((r >> 8) % n)] ^=
				(uint8_t)(1u + (r >> 40) % 255u);
			MODEL_STAT_ADD(m, rx_fault_corrupt, 1);
		}
	}
	if (f->meta.flt & MODEL_FLT_STALL) {
		f->meta.flt &= ~MODEL_FLT_STALL;
		m->flt[f->ch].stall_left = k->stall_polls;
		MODEL_STAT_ADD(m, rx_fault_stall, 1);
	}
}

/*
 * Before the frame's first descriptor: skip one the engine owns, if there
 * is another armed one after it. Tried again while the engine waits for
 * a descriptor; given up once the frame has one.
 */
void
model_fault_rx_skip(struct dwmac4_model *m, struct model_rx_frame *f)
{
	struct model_ring *r = &m->rx[f->ch];
	uint32_t seq, tail, next;
	struct dwmac4_desc *d;

	if (!(f->meta.flt & MODEL_FLT_SKIP))
		return;
	seq = __atomic_load_n(&r->tail_seq, __ATOMIC_ACQUIRE);
	if (r->suspended && seq == r->susp_seq)
		return;
	tail = __atomic_load_n(&r->tail, __ATOMIC_ACQUIRE);
	next = (r->cur + 1) % r->n;
	if (r->cur == tail || next == tail)
		return;
	/* Reads the status word only: a missing mapping counts as usual. */
	d = model_ring_desc(m, r, r->cur, "RX descriptor");
	if (d == NULL)
		return;
	if (!(model_mem_peek32(m, &d->des3) & RDES3_OWN))
		return;
	/* Left owned and untouched; the engine's current descriptor moves on. */
	r->cur = next;
	model_reg_set(m, DMA_CHAN_CUR_RX_DESC(f->ch),
		      (uint32_t)model_ring_addr(r, next));
	f->meta.flt &= ~MODEL_FLT_SKIP;
	MODEL_STAT_ADD(m, rx_fault_skip, 1);
}

bool
model_fault_rx_cut(struct dwmac4_model *m, const struct model_rx_frame *f)
{
	(void)m;
	/* The held descriptor is the fragment's last: write it, no LD. */
	return (f->meta.flt & MODEL_FLT_FD_TWICE) && f->ndesc + 1 == f->meta.flt_desc;
}

void
model_fault_rx_restart(struct dwmac4_model *m, struct model_rx_frame *f)
{
	if (!(f->meta.flt & MODEL_FLT_FD_TWICE) || f->ndesc != f->meta.flt_desc)
		return;
	/* The fragment is written: the frame again, from a new FD. */
	f->meta.flt &= ~MODEL_FLT_FD_TWICE;
	f->done = 0;
	f->ndesc = 0;
	MODEL_STAT_ADD(m, rx_fault_fd_twice, 1);
}

/* Forgets waiting stale word @p i. */
static void
fault_dup_del(struct model_fault_state *s, unsigned int i)
{
	for (; i + 1 < s->dup_n; i++)
		s->dup[i] = s->dup[i + 1];
	s->dup_n--;
}

/*
 * A stale word to write once slot @p idx is armed again. An older one for
 * the same slot, or the oldest when all are waiting, is given up.
 */
static void
fault_dup_add(struct model_fault_state *s, uint32_t idx, uint32_t des3)
{
	unsigned int i;

	for (i = 0; i < s->dup_n; i++)
		if (s->dup[i].idx == idx)
			break;
	if (i < s->dup_n)
		fault_dup_del(s, i);
	else if (s->dup_n == MODEL_FAULT_DUP_MAX)
		fault_dup_del(s, 0);
	s->dup[s->dup_n].idx = idx;
	s->dup[s->dup_n].des3 = des3;
	s->dup_n++;
}

uint32_t
model_fault_rx_des3(struct dwmac4_model *m, struct model_rx_frame *f,
		    bool last, uint32_t des3)
{
	uint32_t prev;

	if (f->meta.flt == 0)
		return des3;
	/* The frame has a descriptor: nothing left to skip. */
	f->meta.flt &= ~MODEL_FLT_SKIP;
	if ((f->meta.flt & MODEL_FLT_LD_NO_FD) && (des3 & RDES3_FIRST_DESCRIPTOR)) {
		f->meta.flt &= ~MODEL_FLT_LD_NO_FD;
		des3 &= ~RDES3_FIRST_DESCRIPTOR;
		MODEL_STAT_ADD(m, rx_fault_ld_no_fd, 1);
	}
	if ((f->meta.flt & MODEL_FLT_CUM_BACK) && f->ndesc == f->meta.flt_desc) {
		/* Descriptors before this one were full: PL was ndesc * RBSZ. */
		f->meta.flt &= ~MODEL_FLT_CUM_BACK;
		prev = f->ndesc * m->rx[f->ch].rbsz;
		des3 = (des3 & ~RDES3_PACKET_SIZE_MASK) |
		       ((uint32_t)((f->meta.flt_r >> 16) % prev) &
			RDES3_PACKET_SIZE_MASK);
		MODEL_STAT_ADD(m, rx_fault_cum_back, 1);
	}
	if ((f->meta.flt & MODEL_FLT_DUP) && last) {
		f->meta.flt &= ~MODEL_FLT_DUP;
		fault_dup_add(&m->flt[f->ch], f->held_idx, des3);
	}
	return des3;
}

/*
 * Close-time faults, once the whole frame is stored, before its last
 * write-back. May rewrite the checksum verdict (f->rdes1) and the length
 * the last descriptor reports (f->done: PL is written from it and the
 * frame is over, so nothing else reads it). Returns the RDES3 error bits
 * to close the frame with (0: none).
 */
uint32_t
model_fault_rx_last(struct dwmac4_model *m, struct model_rx_frame *f)
{
	static const uint32_t errs[] = {
		RDES3_CRC_ERROR, RDES3_OVERFLOW_ERROR, RDES3_RECEIVE_WATCHDOG,
		RDES3_GIANT_PACKET, RDES3_RECEIVE_ERROR,
	};
	const struct dwmac4_model_faults *k = &m->faults[f->ch];
	uint64_t frame, r;
	uint32_t err = 0, rbsz, lie;

	if (k->err_ppm == 0 && k->csum_lie_ppm == 0 && k->len_ppm == 0)
		return 0;
	frame = fault_frame(f);

	r = fault_rand(m, f->ch, frame, MODEL_FAULT_KNOB_ERR);
	if (fault_hit(k->err_ppm, r)) {
		err = RDES3_ERROR_SUMMARY | errs[r % (sizeof(errs) / sizeof(errs[0]))];
		MODEL_STAT_ADD(m, rx_fault_err, 1);
	}

	r = fault_rand(m, f->ch, frame, MODEL_FAULT_KNOB_CSUM_LIE);
	if (f->meta.rs1v && (f->meta.rdes1 & (RDES1_IPV4_HEADER | RDES1_IPV6_HEADER)) &&
	    fault_hit(k->csum_lie_ppm, r)) {
		uint32_t pt = f->meta.rdes1 & RDES1_IP_PAYLOAD_TYPE_MASK;

		if (f->meta.rdes1 & (RDES1_IP_HDR_ERROR | RDES1_IP_PAYLOAD_ERROR))
			f->meta.rdes1 &= ~(RDES1_IP_HDR_ERROR |
				      RDES1_IP_PAYLOAD_ERROR);
		else if ((pt == DWMAC4_RDES1_PT_UDP ||
			  pt == DWMAC4_RDES1_PT_TCP) &&
			 !(f->meta.rdes1 & RDES1_IP_CSUM_BYPASSED))
			f->meta.rdes1 |= RDES1_IP_PAYLOAD_ERROR;
		else
			f->meta.rdes1 |= RDES1_IP_HDR_ERROR;
		MODEL_STAT_ADD(m, rx_fault_csum_lie, 1);
	}

	r = fault_rand(m, f->ch, frame, MODEL_FAULT_KNOB_LEN);
	if (fault_hit(k->len_ppm, r)) {
		rbsz = m->rx[f->ch].rbsz;
		switch (r % 3u) {
		case 0:
			lie = 0;
			break;
		case 1:
			lie = 1u + (uint32_t)((r >> 8) % 4u);
			break;
		default:
			/* Past every buffer the frame was given. */
			lie = (f->ndesc + 1u) * rbsz + 1u +
			      (uint32_t)((r >> 8) % rbsz);
			if (lie > RDES3_PACKET_SIZE_MASK)
				lie = RDES3_PACKET_SIZE_MASK;
			break;
		}
		f->done = lie;
		MODEL_STAT_ADD(m, rx_fault_len, 1);
	}
	return err;
}

/*
 * The stale status words of dup_ppm: each written once the driver has
 * armed its descriptor again (OWN set) and every coalesced write-back is
 * out. Never while the engine holds that descriptor for the frame in
 * flight (given up then): the engine's own write-back would race the
 * driver's repair. When the engine is about to take it next, the stale
 * word makes the engine find it not owned and suspend (RBU) until the
 * driver writes the tail again.
 */
static void
fault_dup_try(struct dwmac4_model *m, unsigned int ch)
{
	struct model_fault_state *s = &m->flt[ch];
	const struct model_rx_frame *f = &m->rxf[ch];
	struct model_ring *r = &m->rx[ch];
	struct dwmac4_desc *d;
	unsigned int i = 0;
	uint32_t idx;

	if (m->wb_n != 0)
		return;
	while (i < s->dup_n) {
		idx = s->dup[i].idx;
		if (!r->running || idx >= r->n ||
		    (f->active && f->held && f->held_idx == idx)) {
			fault_dup_del(s, i);
			continue;
		}
		d = model_ring_desc(m, r, idx, "RX write-back");
		if (d == NULL) {
			fault_dup_del(s, i);
			continue;
		}
		/* Watching for the re-arm: not a read the device uses. */
		if (!(model_mem_peek32(m, &d->des3) & RDES3_OWN)) {
			i++;	/* not harvested and armed again yet */
			continue;
		}
		model_mem_store32(m, &d->des3, s->dup[i].des3);
		fault_dup_del(s, i);
		MODEL_STAT_ADD(m, rx_fault_dup, 1);
	}
}

bool
model_fault_rx_stalled(struct dwmac4_model *m, unsigned int ch)
{
	struct model_fault_state *s = &m->flt[ch];

	if (s->dup_n != 0)
		fault_dup_try(m, ch);
	if (s->stall_left == 0)
		return false;
	s->stall_left--;
	return true;
}

void
model_fault_rx_reset(struct dwmac4_model *m, unsigned int ch)
{
	m->flt[ch].stall_left = 0;
	m->flt[ch].dup_n = 0;
}
