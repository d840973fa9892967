/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * neta model: life cycle, the register window's entry points, the engines'
 * passes in step and thread mode, and the harness side (neta_model.h).
 */
#include <errno.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model_fault.h"
#include "model_clock.h"
#include "model_stats.h"
#include "model_traffic.h"
#include "neta_model_internal.h"

/* Frames per engine per pass in thread mode. */
#define NETA_THREAD_BURST	32u

static bool thread_pass(void *dev);
static bool thread_rx_done(void *dev);
static uint64_t thread_deadline(void *dev);

void
neta_model_params_init(struct neta_model_params *p)
{
	/* What neta_model.h says; the rest 0. */
	static const struct neta_model_params defaults = {
		.mac = { 0x02, 0, 0, 0, 0, 0x01 },
		.idle_polls = 4096,
		.mdio = NETA_MODEL_MDIO_MAP,
		.phy_addr = 1,
		.phy_speed = 1000,
		.phy_full = true,
		.idle_sleep_us = 50,
	};

	*p = defaults;
}

static uint64_t *
viol_counter(struct neta_model *m, enum neta_viol kind)
{
	switch (kind) {
	case NETA_VIOL_BAD_REG: return &m->stats.viol_bad_reg;
	case NETA_VIOL_DMA_OUTSIDE: return &m->stats.viol_dma_outside;
	case NETA_VIOL_NULL_BUF: return &m->stats.viol_null_buf;
	case NETA_VIOL_UPDATE_OVERFLOW: return &m->stats.viol_update_overflow;
	case NETA_VIOL_OCCUPIED_UNDERFLOW:
		return &m->stats.viol_occupied_underflow;
	case NETA_VIOL_RING_OVERFILL: return &m->stats.viol_ring_overfill;
	case NETA_VIOL_BAD_RING: return &m->stats.viol_bad_ring;
	case NETA_VIOL_RING_RUNNING: return &m->stats.viol_ring_running;
	case NETA_VIOL_SENT_UNDERFLOW: return &m->stats.viol_sent_underflow;
	case NETA_VIOL_TX_BAD_DESC: return &m->stats.viol_tx_bad_desc;
	case NETA_VIOL_UNWRITTEN_READ: return &m->stats.viol_unwritten_read;
	case NETA_VIOL_DMA_WINDOW: return &m->stats.viol_dma_window;
	case NETA_VIOL_BAD_CONFIG: return &m->stats.viol_bad_config;
	case NETA_VIOL_SMI_BUSY: return &m->stats.viol_smi_busy;
	}
	return &m->stats.violations;
}

/* Counts a driver protocol violation and keeps its description. Locked. */
void
neta_violation(struct neta_model *m, enum neta_viol kind, const char *fmt, ...)
{
	uint64_t *c = viol_counter(m, kind);
	va_list ap;

	__atomic_store_n(c, *c + 1, __ATOMIC_RELAXED);
	NETA_STAT_ADD(m, violations, 1);
	va_start(ap, fmt);
	vsnprintf(m->last_viol, sizeof(m->last_viol), fmt, ap);
	va_end(ap);
}

static bool
faults_valid(const struct neta_model_faults *f)
{
	return f->err_ppm <= MODEL_FAULT_PPM_MAX &&
	       f->len_ppm <= MODEL_FAULT_PPM_MAX &&
	       f->csum_lie_ppm <= MODEL_FAULT_PPM_MAX &&
	       f->wb_late_ppm <= MODEL_FAULT_PPM_MAX;
}

struct neta_model *
neta_model_create(const struct neta_model_params *p)
{
	struct neta_model *m;
	int rc;

	if (p == NULL || !faults_valid(&p->faults) ||
	    (unsigned int)p->dma_store > MODEL_DMA_STORE_FLUSH ||
	    (unsigned int)p->mdio > NETA_MODEL_MDIO_NONE ||
	    p->phy_addr > NETA_MODEL_PHY_NONE ||
	    (p->phy_speed != 10 && p->phy_speed != 100 &&
	     p->phy_speed != 1000)) {
		errno = EINVAL;
		return NULL;
	}
	m = calloc(1, sizeof(*m));
	if (m == NULL) {
		errno = ENOMEM;
		return NULL;
	}
	m->params = *p;
	m->faults = p->faults;
	rc = model_dev_acquire(&m->lock, p->nc_emulation, &m->efds,
			       MVNETA_MAX_RXQ);
	if (rc != 0) {
		free(m);
		errno = -rc;
		return NULL;
	}
	/* irq_race: the first enable sequence is held back. */
	m->irq_race_armed = true;
	model_phy_init(&m->phy, p->phy_addr, p->phy_speed, p->phy_full, false);
	m->thr.pass = thread_pass;
	m->thr.dev = m;
	m->thr.src = p->rx_src;
	m->thr.rx_done = thread_rx_done;
	m->thr.deadline_ns = p->manual_clock ? NULL : thread_deadline;
	m->thr.sink = p->tx_sink;
	m->thr.idle_polls = p->idle_polls;
	m->thr.idle_sleep_us = p->idle_sleep_us;
	neta_regs_reset(m);
	return m;
}

void
neta_model_destroy(struct neta_model *m)
{
	if (m == NULL)
		return;
	model_dev_release(&m->thr, m->params.rx_src, m->params.tx_sink,
			  m->params.nc_emulation, &m->efds, &m->lock);
	free(m);
}

/* ---- Register window ---- */

static bool
reg_off_ok(struct neta_model *m, uint32_t off, const char *op)
{
	if ((off & 3u) == 0 && off < NETA_MODEL_REG_WINDOW)
		return true;
	neta_violation(m, NETA_VIOL_BAD_REG, "%s of register 0x%x", op, off);
	return false;
}

uint32_t
neta_model_read32(struct neta_model *m, uint32_t off)
{
	uint32_t v = 0;

	pthread_mutex_lock(&m->lock);
	if (reg_off_ok(m, off, "read"))
		v = neta_regs_read(m, off);
	pthread_mutex_unlock(&m->lock);
	return v;
}

void
neta_model_write32(struct neta_model *m, uint32_t off, uint32_t val)
{
	pthread_mutex_lock(&m->lock);
	if (reg_off_ok(m, off, "write")) {
		neta_regs_write(m, off, val);
		neta_da_watch_note(m);
	}
	pthread_mutex_unlock(&m->lock);
	/* Any register write may give the DMA work: the doorbell. */
	model_thread_kick(&m->thr);
}

/* ---- DMA window ---- */

int
neta_model_dma_map(struct neta_model *m, void *va, uint64_t iova, size_t len)
{
	return model_dev_dma_map(&m->dma, &m->lock, m->params.nc_emulation,
				 va, iova, len);
}

int
neta_model_dma_unmap(struct neta_model *m, uint64_t iova)
{
	return model_dev_dma_unmap(&m->dma, &m->lock, iova);
}

/* ---- Engines ---- */

/*
 * One pass: RX under one lock hold, then up to @p budget frames per TX
 * queue in the arbiter's order (neta_tx_arbitrate()), one lock hold each.
 */
static unsigned int
model_run(struct neta_model *m, unsigned int budget)
{
	unsigned int moved = 0, n;
	enum neta_work w;

	pthread_mutex_lock(&m->lock);
	neta_irq_race_pass(m);
	for (n = 0; n < budget && neta_rx_work(m) == NETA_WORK_FRAME; n++)
		;
	neta_irq_coal_tick(m);
	pthread_mutex_unlock(&m->lock);
	moved += n;
	for (n = 0; n < budget * MVNETA_MAX_TXQ; n++) {
		pthread_mutex_lock(&m->lock);
		w = neta_tx_arbitrate(m);
		pthread_mutex_unlock(&m->lock);
		if (w != NETA_WORK_FRAME)
			break;
	}
	return moved + n;
}

unsigned int
neta_model_step(struct neta_model *m, unsigned int budget)
{
	return model_run(m, budget);
}

void
neta_model_clock_advance(struct neta_model *m, uint64_t ns)
{
	model_clock_advance(m->params.manual_clock, &m->manual_now_ns, ns);
	model_thread_kick(&m->thr);
}

/* The thread's timer (model_thread.h): the end of a PAUSE received. */
static uint64_t
thread_deadline(void *dev)
{
	return neta_fc_deadline_ns(dev);
}

/* The model thread's pass (model_thread.h): true when it moved a frame. */
static bool
thread_pass(void *dev)
{
	return model_run(dev, NETA_THREAD_BURST) != 0;
}

int
neta_model_start(struct neta_model *m, int cpu)
{
	return model_thread_start(&m->thr, cpu);
}

void
neta_model_stop(struct neta_model *m)
{
	model_thread_stop(&m->thr);
}

/* ---- Harness side ---- */

void
neta_model_get_stats(struct neta_model *m, struct neta_model_stats *st)
{
	_Static_assert(sizeof(*st) % sizeof(uint64_t) == 0,
		       "stats are 64-bit counters only");
	model_stats_snapshot(st, &m->stats, sizeof(*st));
	model_nc_counters_read(&m->nc, &st->nc);
	st->thread_passes = __atomic_load_n(&m->thr.passes, __ATOMIC_RELAXED);
	st->thread_blocks = __atomic_load_n(&m->thr.blocks, __ATOMIC_RELAXED);
}

int
neta_model_set_faults(struct neta_model *m, const struct neta_model_faults *f)
{
	if (f == NULL || !faults_valid(f))
		return -EINVAL;
	pthread_mutex_lock(&m->lock);
	m->faults = *f;
	pthread_mutex_unlock(&m->lock);
	return 0;
}

int
neta_model_get_faults(struct neta_model *m, struct neta_model_faults *f)
{
	if (f == NULL)
		return -EINVAL;
	pthread_mutex_lock(&m->lock);
	*f = m->faults;
	pthread_mutex_unlock(&m->lock);
	return 0;
}

uint32_t
neta_model_peek32(struct neta_model *m, uint32_t off)
{
	uint32_t v = 0;

	pthread_mutex_lock(&m->lock);
	if ((off & 3u) == 0 && off < NETA_MODEL_REG_WINDOW)
		v = neta_reg(m, off);
	pthread_mutex_unlock(&m->lock);
	return v;
}

void
neta_model_view(struct neta_model *m, uint32_t *regs)
{
	pthread_mutex_lock(&m->lock);
	neta_regs_view(m, regs);
	pthread_mutex_unlock(&m->lock);
}

const char *
neta_model_last_violation(struct neta_model *m)
{
	return m->last_viol;
}

/*
 * A frame whose write-back is held back (fault wb_late) is still on its
 * way: counted in RXQ_STATUS, not yet in its descriptor. Until it lands
 * the queue is not idle, nor is any frame the driver would harvest after
 * it (the harvest stops at the first descriptor not written).
 */
static bool
neta_rx_wb_pending(const struct neta_model *m)
{
	unsigned int q;

	for (q = 0; q < sizeof(m->rxq) / sizeof(m->rxq[0]); q++)
		if (m->rxq[q].n_late != 0)
			return true;
	return false;
}

bool
neta_model_rx_idle(struct neta_model *m)
{
	bool idle;

	if (m->params.rx_src == NULL)
		return true;
	pthread_mutex_lock(&m->lock);
	idle = m->src_done && !m->rx_held && !neta_rx_wb_pending(m);
	pthread_mutex_unlock(&m->lock);
	return idle;
}

static bool
thread_rx_done(void *dev)
{
	return neta_model_rx_idle(dev);
}

void
neta_model_cache_op(struct neta_model *m, const void *addr, size_t len,
		    enum model_nc_op op)
{
	if (m->params.nc_emulation)
		model_nc_cpu_op(&m->nc, addr, len, op);
}
