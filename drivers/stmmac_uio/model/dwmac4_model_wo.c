/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * dwmac4 model: the write-ordering adversary (params.fault_wo_ppm;
 * robustness row 13 and fault knob 3 of the catalogue).
 *
 * On a weakly ordered CPU (or behind a bus that reorders the device's
 * writes) a driver can see a descriptor's RDES3 with OWN clear and still
 * load RDES1, or the packet bytes, from before the write-back: unless it
 * executes a read barrier between the OWN check and those loads (Linux
 * stmmac's dma_rmb() in stmmac_rx(); ixgbe 85e46c532b, gve f8fee84eb4).
 * On x86 (TSO) that window never opens, so a missing or misplaced barrier
 * passes every test. The adversary opens it on purpose:
 *
 *  - for a hit frame the engine writes its last descriptor back as usual,
 *    RDES3 with OWN clear last, but RDES1 holds poison (the true IPHE and
 *    IPCE inverted, IPV4 and IPV6 claimed) and the first MODEL_WO_HEAD
 *    bytes of the last buffer hold the true bytes XOR 0xa5 (the EtherType
 *    of a one-buffer frame no longer parses, every byte differs). The true
 *    values wait in a pending record of that descriptor slot;
 *  - the driver's read barrier (dwmac4_model_rx_barrier(), called by the
 *    PMD right after its read barrier on a port with the adversary on)
 *    publishes every pending record under the model lock before it
 *    returns. A record is created before the RDES3 store that exposes it,
 *    under the same lock, so a barrier executed after an OWN check always
 *    publishes that descriptor: a correct driver never sees poison, a
 *    driver that loads RDES1 or the payload before (or without) its barrier
 *    does;
 *  - stopping or resetting RX DMA drains the records (a device's posted
 *    writes complete), counted apart from the barrier's;
 *  - a slot written back again while its record is still pending means
 *    the driver consumed and re-armed the descriptor with no barrier after
 *    its OWN check: the stale record is dropped (never written into a
 *    buffer that may have changed hands) and counted.
 *
 * Frame k is hit when fault_hit(fault_wo_ppm, fault_rand(k, knob)) says
 * so, like every fault knob: a pure function of fault_seed. Counters:
 * rx_fault_wo (frames hit) = rx_wo_published + rx_wo_drained +
 * rx_wo_stale + records still pending; for a correct driver that has
 * harvested every frame, rx_wo_published == rx_fault_wo.
 */
#include <endian.h>
#include <string.h>

#include "dwmac4_model_dma.h"
#include "dwmac4_model_internal.h"

/* Byte pattern XOR-ed into the held-back payload head. */
#define MODEL_WO_POISON		0xa5u

/* Removes @p idx from the pending order (rare: stale records only). */
static void
wo_unlist(struct model_wo *wo, uint32_t idx)
{
	uint32_t i;

	for (i = 0; i < wo->n_pending; i++) {
		if (wo->order[i] != idx)
			continue;
		memmove(&wo->order[i], &wo->order[i + 1],
			(wo->n_pending - i - 1) * sizeof(wo->order[0]));
		wo->n_pending--;
		break;
	}
	wo->rec[idx].pending = false;
}

uint32_t
model_wo_write_back(struct dwmac4_model *m, const struct model_rx_frame *f,
		    uint32_t idx, const struct dwmac4_desc *d, bool last,
		    uint32_t rdes1)
{
	struct model_wo *wo = &m->wo;
	const uint32_t rbsz = m->rx[0].rbsz;
	struct model_wo_rec *rec;
	uint64_t frame, iova, used;
	uint8_t *buf, poison[MODEL_WO_HEAD];
	uint32_t chunk, i;

	if (idx >= MODEL_WO_SLOTS)
		return rdes1;
	rec = &wo->rec[idx];
	if (rec->pending) {
		/* Re-armed and refilled with no barrier since its OWN check. */
		wo_unlist(wo, idx);
		MODEL_STAT_ADD(m, rx_wo_stale, 1);
	}
	if (!last)
		return rdes1;
	/* The frame's number (rx_offered when taken), as for every knob. */
	frame = f->meta.seq;
	if (!fault_hit(m->params.fault_wo_ppm,
		       fault_rand(m, 0, frame, MODEL_FAULT_KNOB_WO)))
		return rdes1;

	/*
	 * Bytes in the last buffer: the rest of the frame, or a full buffer
	 * when the frame was cut short there (f->len counts what was to be
	 * stored; f->done may carry a length lie).
	 */
	used = (uint64_t)f->ndesc * rbsz;
	if (rbsz == 0 || used >= f->meta.len)
		return rdes1;
	chunk = f->meta.len - (uint32_t)used < rbsz ? f->meta.len - (uint32_t)used : rbsz;
	iova = (uint64_t)model_mem_load32(m, &d->des1) << 32 |
	       model_mem_load32(m, &d->des0);
	buf = model_dma_xlate(m, iova, chunk, "RX buffer (write-ordering)");
	if (buf == NULL)
		return rdes1;

	rec->buf_iova = iova;
	rec->head_len = (uint16_t)(chunk < MODEL_WO_HEAD ? chunk : MODEL_WO_HEAD);
	model_mem_read(m, rec->head, buf, rec->head_len);
	for (i = 0; i < rec->head_len; i++)
		poison[i] = rec->head[i] ^ MODEL_WO_POISON;
	model_mem_write(m, buf, poison, rec->head_len);
	/* RDES1 means something only with RS1V: poison it only then. */
	rec->rdes1_held = f->meta.rs1v;
	rec->rdes1 = rdes1;
	rec->pending = true;
	wo->order[wo->n_pending++] = (uint16_t)idx;
	MODEL_STAT_ADD(m, rx_fault_wo, 1);
	if (!f->meta.rs1v)
		return rdes1;
	return (rdes1 ^ (RDES1_IP_HDR_ERROR | RDES1_IP_PAYLOAD_ERROR)) |
	       RDES1_IPV4_HEADER | RDES1_IPV6_HEADER;
}

/*
 * What the CPU's delayed loads now return. Coherent: the bytes land in
 * memory. Behind the non-coherent interconnect the adversary models the
 * CPU, not the bus: the true bytes reach DRAM and the CPU's view at once.
 */
static void
wo_publish_bytes(struct dwmac4_model *m, void *dst, const void *src,
		 size_t len)
{
	if (m->params.nc_emulation)
		model_nc_dev_write(&m->nc, dst, src, len, true);
	else if (len == sizeof(uint32_t))
		__atomic_store_n((uint32_t *)dst, *(const uint32_t *)src,
				 __ATOMIC_RELEASE);
	else
		memcpy(dst, src, len);
}

/* Makes every pending record visible; counts them in @p *counter. */
static void
wo_publish(struct dwmac4_model *m, uint64_t *counter)
{
	struct model_wo *wo = &m->wo;
	const struct model_ring *r = &m->rx[0];
	uint32_t i, n = wo->n_pending;

	for (i = 0; i < n; i++) {
		uint32_t idx = wo->order[i];
		struct model_wo_rec *rec = &wo->rec[idx];
		struct dwmac4_desc *d;
		uint8_t *buf;

		/* Payload first, then RDES1, as the device would order them. */
		buf = model_dma_xlate(m, rec->buf_iova, rec->head_len,
				      "RX buffer (write-ordering publish)");
		if (buf != NULL)
			wo_publish_bytes(m, buf, rec->head, rec->head_len);
		d = model_ring_desc(m, r, idx,
				    "RX descriptor (write-ordering publish)");
		if (d != NULL && rec->rdes1_held) {
			uint32_t v = htole32(rec->rdes1);

			wo_publish_bytes(m, &d->des1, &v, sizeof(v));
		}
		rec->pending = false;
	}
	wo->n_pending = 0;
	__atomic_store_n(counter, __atomic_load_n(counter, __ATOMIC_RELAXED) + n,
			 __ATOMIC_RELAXED);
}

void
model_wo_drain(struct dwmac4_model *m)
{
	if (m->wo.n_pending != 0)
		wo_publish(m, &m->stats.rx_wo_drained);
}

void
dwmac4_model_rx_barrier(struct dwmac4_model *m)
{
	if (m->params.fault_wo_ppm == 0)
		return;
	pthread_mutex_lock(&m->lock);
	MODEL_STAT_ADD(m, rx_wo_barriers, 1);
	if (m->wo.n_pending != 0)
		wo_publish(m, &m->stats.rx_wo_published);
	pthread_mutex_unlock(&m->lock);
}
