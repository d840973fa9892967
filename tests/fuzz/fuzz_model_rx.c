/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * libFuzzer harness for the dwmac4 device model in step mode
 * (drivers/stmmac_uio/model): the input is a script of register writes,
 * descriptor contents and frames; the model must never touch memory outside
 * what was registered for DMA, never crash, and count each refused access
 * in stats.violations instead of performing it.
 *
 * Memory (fuzz_script.h): one allocation [guard | window | guard]; only
 * the window is registered (dwmac4_model_dma_map) at IOVA WIN_IOVA. The
 * guards hold a sentinel that is checked after every model call.
 * Addresses the script uses are chosen inside the window, straddling its
 * ends, just outside it (where the guards are, in VA terms), or raw.
 *
 * Script (one opcode byte, then its operands; missing bytes read as 0):
 *   0 desc i: addr selector, 2 offset bytes, RDES3 flags byte, des2 16 bits
 *   1 tail: selector + 16 bits
 *   2 ring length: 16 bits
 *   3 RX control: 16 bits (SR, RBSZ)
 *   4 frame: 14-bit length, bytes from the input (rest a pattern)
 *   5 step: budget
 *   6 any register: 16-bit offset, 32-bit value
 *   7 link / ring base / MAC config / MTL op mode: selector + 32 bits
 * The first byte also picks write-back coalescing, flow control and the
 * non-coherent interconnect emulation (descriptors then cleaned after they
 * are written, unless flag bit 7 says not).
 * Then a final run of steps. Asserted after every call: guards intact,
 * violations never decrease, frames accounted at most once.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "dwmac4_desc.h"
#include "dwmac4_model.h"
#include "dwmac4_regs.h"
#include "model_traffic.h"
#include "../model_fixture.h"

#include "fuzz_script.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define WIN FUZZ_WIN
#define WIN_IOVA FUZZ_WIN_IOVA
#define QMAX 64u		/* frames queued at the most */
#define RING_MAX 1024u		/* descriptors the ring length field allows */

/* ---- Checks ---- */

struct st {
	struct dwmac4_model *m;
	struct model_fixture_qsrc *src;
	uint8_t *mem;		/* guard | window | guard */
	uint8_t *win;
	uint64_t viol;
	uint32_t ring_off;	/* ring base as a window offset */
};

static void
check(struct st *s)
{
	struct dwmac4_model_stats st;
	uint64_t done;

	fuzz_mem_check(s->mem);
	dwmac4_model_get_stats(s->m, &st);
	ASSERT(st.violations >= s->viol);
	ASSERT(st.viol_bad_reg + st.viol_dma_outside + st.viol_tail_beyond_ring +
	       st.viol_own_zero_addr + st.viol_bad_ring + st.viol_bad_desc <=
	       st.violations);
	s->viol = st.violations;
	done = st.rx_delivered + st.rx_missed + st.rx_dropped_filter +
	       st.rx_dropped_csum + st.rx_dropped_stopped + st.rx_dropped_oversize;
	ASSERT(done <= st.rx_offered);
	ASSERT(st.rx_delivered_err <= st.rx_delivered);
}

static void
run(struct st *s, struct in *in)
{
	struct dwmac4_desc *d;
	unsigned int op, i, n;
	uint64_t a;
	uint32_t v, flags;
	size_t len;

	while (in->i < in->n) {
		op = get(in, 1);
		switch (op % 8) {
		case 0:	/* descriptor contents */
			i = get(in, 1) % RING_MAX;
			a = fuzz_pick_iova(in);
			flags = get(in, 1);
			v = get(in, 2);
			if (s->ring_off + 16u * (i + 1) > WIN)
				break;
			d = (struct dwmac4_desc *)(void *)(s->win + s->ring_off +
							   16u * i);
			d->des0 = (uint32_t)a;
			d->des1 = (uint32_t)(a >> 32);
			d->des2 = flags & 8 ? (uint32_t)fuzz_pick_iova(in) : v;
			__atomic_store_n(&d->des3,
				(flags & 1 ? RDES3_OWN : 0) |
				(flags & 2 ? RDES3_BUFFER1_VALID_ADDR : 0) |
				(flags & 4 ? RDES3_BUFFER2_VALID_ADDR : 0) |
				(flags & 16 ? RDES3_INT_ON_COMPLETION_EN : 0) |
				(flags & 32 ? (uint32_t)flags << 24 : 0) |
				(flags & 64 ? v : 0), __ATOMIC_RELEASE);
			/* Non-coherent: a driver cleans, unless flags say not. */
			if (!(flags & 128))
				dwmac4_model_cache_op(s->m, d, sizeof(*d),
						      MODEL_NC_CLEAN);
			break;
		case 1:	/* tail pointer */
			v = get(in, 1);
			n = get(in, 2);
			a = v & 1 ? WIN_IOVA + s->ring_off + 16u * (n % (RING_MAX + 2)) :
			    v & 2 ? fuzz_pick_iova(in) : n;
			dwmac4_model_write32(s->m, DMA_CHAN_RX_END_ADDR(0), (uint32_t)a);
			break;
		case 2:	/* ring length */
			dwmac4_model_write32(s->m, DMA_CHAN_RX_RING_LEN(0), get(in, 2));
			break;
		case 3:	/* RX DMA control: start/stop, buffer size */
			dwmac4_model_write32(s->m, DMA_CHAN_RX_CONTROL(0), get(in, 2));
			break;
		case 4:	/* a frame */
			len = get(in, 2) % (DWMAC4_MODEL_MAX_FRAME + 64);
			if (model_fixture_qsrc_count(s->src) >= QMAX)
				break;
			model_fixture_qsrc_push_owned(s->src, fuzz_frame(in, len), len);
			break;
		case 5:	/* run the engines */
			dwmac4_model_step(s->m, 1 + get(in, 1) % 16);
			break;
		case 6:	/* any register (aligned or not, in or out of the window) */
			v = get(in, 2);
			dwmac4_model_write32(s->m, v % (DWMAC4_MODEL_REG_WINDOW + 64),
					     get(in, 4));
			(void)dwmac4_model_read32(s->m, get(in, 2) %
						  (DWMAC4_MODEL_REG_WINDOW + 64));
			break;
		default:
			v = get(in, 1);
			switch (v % 4) {
			case 0:
				dwmac4_model_set_link(s->m, v & 4);
				break;
			case 1:	/* ring base: in the window or not */
				a = v & 4 ? fuzz_pick_iova(in) : WIN_IOVA + 16u * (get(in, 2) % 256);
				if (a >= WIN_IOVA && a < WIN_IOVA + WIN)
					s->ring_off = (uint32_t)(a - WIN_IOVA) & ~15u;
				dwmac4_model_write32(s->m, DMA_CHAN_RX_BASE_ADDR_HI(0),
						     (uint32_t)(a >> 32));
				dwmac4_model_write32(s->m, DMA_CHAN_RX_BASE_ADDR(0),
						     (uint32_t)a);
				break;
			case 2:
				dwmac4_model_write32(s->m, GMAC_CONFIG, get(in, 4));
				break;
			default:
				dwmac4_model_write32(s->m, MTL_CHAN_RX_OP_MODE(0),
						     get(in, 4));
			}
		}
		check(s);
	}
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct dwmac4_model_params p;
	struct in in = { data, size, 0 };
	struct st s;
	unsigned int i;

	if (size > 65536)
		return 0;
	memset(&s, 0, sizeof(s));
	s.mem = fuzz_mem_alloc(16u * 256u);	/* a clean ring area */
	s.win = s.mem + FUZZ_GUARD;
	s.src = model_fixture_qsrc_create(false);

	dwmac4_model_params_init(&p);
	p.rx_src = &s.src->base;
	p.wb_batch = size > 0 ? data[0] % 4 : 0;
	p.flow_control = size > 0 && (data[0] & 4);
	/* The non-coherent interconnect emulation (model_nc.c) on or off. */
	p.nc_emulation = size > 0 && (data[0] & 8);
	s.m = dwmac4_model_create(&p);
	ASSERT(s.m != NULL);
	ASSERT(dwmac4_model_dma_map(s.m, s.win, WIN_IOVA, WIN) == 0);
	/* The usual bring-up, which the script then perturbs. */
	dwmac4_model_write32(s.m, GMAC_CONFIG, GMAC_CONFIG_DM | GMAC_CONFIG_RE | GMAC_CONFIG_TE |
			     GMAC_CONFIG_IPC);
	dwmac4_model_write32(s.m, MTL_CHAN_RX_OP_MODE(0), MTL_OP_MODE_DIS_TCP_EF);
	dwmac4_model_write32(s.m, DMA_CHAN_RX_BASE_ADDR_HI(0), 0);
	dwmac4_model_write32(s.m, DMA_CHAN_RX_BASE_ADDR(0), (uint32_t)WIN_IOVA);
	dwmac4_model_write32(s.m, DMA_CHAN_RX_RING_LEN(0), DWMAC4_DMA_RING_LEN(16));
	dwmac4_model_write32(s.m, DMA_CHAN_RX_CONTROL(0), DMA_CONTROL_SR | MODEL_FIXTURE_PBL |
			     (2048u << DMA_RBSZ_SHIFT));
	check(&s);
	if (size > 0)
		in.i = 1;
	run(&s, &in);
	for (i = 0; i < 8; i++) {
		dwmac4_model_step(s.m, 64);
		check(&s);
	}
	dwmac4_model_destroy(s.m);
	free(s.mem);
	return 0;
}
