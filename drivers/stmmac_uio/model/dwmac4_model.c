/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * dwmac4 device model: its parameters' defaults, create and destroy, the
 * model's time and the RX watchdog, the engines' passes in thread and
 * step modes, and the harness's calls (link, partner, statistics, cache
 * maintenance). The register window is dwmac4_model_regs.c, reset
 * dwmac4_model_reset.c, the DMA channels' control path
 * dwmac4_model_chan.c, the DMA window dwmac4_model_dma.c and the RX/TX
 * engines dwmac4_model_rx.c / dwmac4_model_tx.c; the semantics are those
 * of docs/model.md, which cites the databook and Linux's stmmac.
 */
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "dwmac4_model_dma.h"
#include "dwmac4_model_internal.h"
#include "model_clock.h"
#include "model_stats.h"
#include "model_traffic.h"

/* Frames the model thread moves per engine between idle checks. */
#define MODEL_THREAD_BURST 64u

void
dwmac4_model_params_init(struct dwmac4_model_params *p)
{
	/* What dwmac4_model_params.h says; the rest 0. */
	static const struct dwmac4_model_params defaults = {
		.n_channels = 1,
		/* locally administered */
		.mac = { 0x02, 0, 0, 0, 0, 0x01 },
		.dma_store = MODEL_DMA_STORE_PLAIN,
		.idle_polls = 4096,
		.idle_sleep_us = 20,
		.phy_addr = 0,
		.phy_speed = 1000,
		.phy_full = true,
		.mtl_queues = 1,
		.clocks = DWMAC4_MODEL_CLOCKS_ON,
		.soc = DWMAC4_MODEL_SOC_NONE,
		.soc_boot = DWMAC4_MODEL_SOC_BOOT_UBOOT,
		/* A board's values (Radxa E25, Quartz64 trees: 0x3c / 0x2f). */
		.soc_tx_delay = 0x3c,
		.soc_rx_delay = 0x2f,
		.clk_hz = DWMAC4_MODEL_DEFAULT_CLK_HZ,
		.ptp_clk_hz = DWMAC4_MODEL_DEFAULT_PTP_CLK_HZ,
	};

	*p = defaults;
}

/* ---- Create / destroy ---- */

struct dwmac4_model *
dwmac4_model_create(const struct dwmac4_model_params *p)
{
	struct dwmac4_model *m;
	void *mem;
	int rc;

	if (p == NULL || p->n_channels < 1 ||
	    p->n_channels > DWMAC4_MODEL_MAX_CHANNELS ||
	    (unsigned int)p->dma_store > MODEL_DMA_STORE_FLUSH ||
	    !model_faults_valid(&p->faults) ||
	    p->phy_addr > DWMAC4_MODEL_PHY_NONE ||
	    (p->phy_speed != 10 && p->phy_speed != 100 &&
	     p->phy_speed != 1000) ||
	    p->mtl_queues < 1 || p->mtl_queues > DWMAC4_MODEL_MAX_MTL_QUEUES ||
	    !model_link_events_valid(p) ||
	    (unsigned int)p->clocks > DWMAC4_MODEL_CLOCKS_NO_RXC ||
	    (unsigned int)p->soc > DWMAC4_MODEL_SOC_IMX8MP ||
	    (unsigned int)p->soc_boot > DWMAC4_MODEL_SOC_BOOT_COLD ||
	    p->soc_gmac > (p->soc == DWMAC4_MODEL_SOC_IMX8MP ? 0u : 1u) ||
	    p->soc_tx_delay > 0xff || p->soc_rx_delay > 0xff) {
		errno = EINVAL;
		return NULL;
	}
	/* Cache-line aligned: the frame buffers feed 16-byte NT stores. */
	if (posix_memalign(&mem, 64, sizeof(*m)) != 0) {
		errno = ENOMEM;
		return NULL;
	}
	m = mem;
	memset(m, 0, sizeof(*m));
	m->params = *p;
	if (m->params.clk_hz == 0)
		m->params.clk_hz = DWMAC4_MODEL_DEFAULT_CLK_HZ;
	if (m->params.ptp_clk_hz == 0)
		m->params.ptp_clk_hz = DWMAC4_MODEL_DEFAULT_PTP_CLK_HZ;
	m->faults[0] = p->faults;
	m->route_dirty = true;
	if (pthread_mutex_init(&m->viol_lock, NULL) != 0) {
		free(m);
		errno = ENOMEM;
		return NULL;
	}
	rc = model_dev_acquire(&m->lock, p->nc_emulation, &m->efds,
			       p->n_channels);
	if (rc != 0) {
		pthread_mutex_destroy(&m->viol_lock);
		free(m);
		errno = -rc;
		return NULL;
	}
	/* irq_race: the first enable sequence is held back. */
	m->irq_race_armed = true;
	model_build_reset_table(m);
	memcpy(m->regs, m->reset_val, sizeof(m->regs));
	memset(&m->cor, 0, sizeof(m->cor));
	if (!p->boot_poweron)
		model_boot_mac(m);
	model_mmc_reset(m);
	model_phy_init(&m->phy, p->phy_addr, p->phy_speed, p->phy_full,
		       p->phy_eee);
	m->inband_link = model_link_up(m);
	if (p->boot_running)
		model_boot_running(m);
	model_soc_init(m);
	return m;
}

void
dwmac4_model_destroy(struct dwmac4_model *m)
{
	if (m == NULL)
		return;
	model_dev_release(&m->thr, m->params.rx_src, m->params.tx_sink,
			  m->params.nc_emulation, &m->efds, &m->lock);
	pthread_mutex_destroy(&m->viol_lock);
	free(m);
}

/* ---- Time and the RX watchdog ---- */

uint64_t
model_now_ns(struct dwmac4_model *m)
{
	return model_clock_ns(m->params.manual_clock, &m->manual_now_ns);
}

void
dwmac4_model_clock_advance(struct dwmac4_model *m, uint64_t ns)
{
	model_clock_advance(m->params.manual_clock, &m->manual_now_ns, ns);
	model_thread_kick(&m->thr);
}

/*
 * DMA_CHx_Rx_Interrupt_Watchdog_Timer: a frame closed without IOC starts
 * the watchdog with RWT x 256 application clock cycles (RWT 0: it stays
 * stopped, no RI); when it runs out it sets RI and stops; RI set by an IOC
 * frame stops it too. Frames closed while it runs do not restart it, so
 * the first of them waits at most that long: the interrupt moderation
 * Linux's stmmac gets from rx-usecs.
 */
void
model_rwt_start(struct dwmac4_model *m, unsigned int ch)
{
	uint64_t rwt, ns;

	if (__atomic_load_n(&m->rwt_deadline_ns[ch], __ATOMIC_RELAXED) != 0)
		return;
	rwt = model_reg_get(m, DMA_CHAN_RX_WATCHDOG(ch)) &
	      DWMAC4_DMA_RX_WATCHDOG_RWT_MASK;
	if (rwt == 0)
		return;
	ns = rwt * DWMAC4_RWT_UNIT_CYCLES * 1000000000ull / m->params.clk_hz;
	/* At least 1 ns: a deadline of 0 would mean stopped. */
	__atomic_store_n(&m->rwt_deadline_ns[ch],
			 model_now_ns(m) + (ns ? ns : 1), __ATOMIC_RELAXED);
}

/* At each pass: RI on each channel whose watchdog ran out (lock held). */
static void
model_rwt_check(struct dwmac4_model *m)
{
	unsigned int ch;
	uint64_t dl;

	for (ch = 0; ch < m->params.n_channels; ch++) {
		dl = __atomic_load_n(&m->rwt_deadline_ns[ch], __ATOMIC_RELAXED);
		if (dl == 0 || model_now_ns(m) < dl)
			continue;
		model_chan_status_set(m, ch, DMA_CHAN_STATUS_RI);
		__atomic_store_n(&m->rwt_deadline_ns[ch], 0, __ATOMIC_RELAXED);
	}
}

/*
 * The model thread sleeps until the first watchdog runs out
 * (model_thread.h; 0: none runs).
 */
static uint64_t
model_thread_deadline(void *dev)
{
	struct dwmac4_model *m = dev;
	uint64_t first = 0, dl;
	unsigned int ch;

	for (ch = 0; ch < m->params.n_channels; ch++) {
		dl = __atomic_load_n(&m->rwt_deadline_ns[ch], __ATOMIC_RELAXED);
		if (dl != 0 && (first == 0 || dl < first))
			first = dl;
	}
	return first;
}

/* ---- Engines: step and thread modes ---- */

/*
 * Runs the RX side then the TX side (the MTL TX scheduler over the TX
 * engines, dwmac4_model_rxq_route.c) for up to @p budget frames each,
 * each side's pass under one lock hold (a lock round trip per frame
 * cost the engine more than the frame: both are locked instructions that
 * wait for the descriptor write-backs to drain). Register writes that
 * need the lock wait for at most one pass. Sets *progress when anything
 * happened.
 */
static unsigned int
model_run(struct dwmac4_model *m, unsigned int budget, bool *progress)
{
	unsigned int frames = 0, moved, iter, ch;
	enum model_work w;

	*progress = false;
	pthread_mutex_lock(&m->lock);
	model_irq_race_pass(m);
	for (moved = 0, iter = 0; moved < budget &&
	     iter < budget + MODEL_STEP_SLACK; iter++) {
		w = model_rx_work(m);
		if (w == MODEL_WORK_NONE)
			break;
		*progress = true;
		moved += w == MODEL_WORK_FRAME;
	}
	/* The end of a pass publishes what coalescing held back. */
	if (m->params.wb_batch > 1)
		model_rx_wb_flush(m);
	model_rwt_check(m);
	/*
	 * A stalled engine (fault_stall_ppm) counts its stall in passes: it
	 * is busy, not idle, so the thread neither yields nor sleeps.
	 */
	for (ch = 0; ch < m->params.n_channels; ch++)
		if (m->flt[ch].stall_left != 0)
			*progress = true;
	pthread_mutex_unlock(&m->lock);
	frames += moved;
	return frames + model_tx_sched(m, budget, progress);
}

unsigned int
dwmac4_model_step(struct dwmac4_model *m, unsigned int budget)
{
	bool progress;

	return model_run(m, budget, &progress);
}

/* One engine pass of the model thread (model_thread.h). */
static bool
model_thread_pass(void *dev)
{
	bool progress;

	model_run(dev, MODEL_THREAD_BURST, &progress);
	return progress;
}

static bool
model_thread_rx_done(void *dev)
{
	return dwmac4_model_rx_idle(dev);
}

int
dwmac4_model_start(struct dwmac4_model *m, int cpu)
{
	m->thr.pass = model_thread_pass;
	m->thr.dev = m;
	m->thr.src = m->params.rx_src;
	m->thr.deadline_ns = m->params.manual_clock ? NULL :
			     model_thread_deadline;
	m->thr.rx_done = model_thread_rx_done;
	m->thr.sink = m->params.tx_sink;
	m->thr.idle_polls = m->params.idle_polls;
	m->thr.idle_sleep_us = m->params.idle_sleep_us;
	return model_thread_start(&m->thr, cpu);
}

void
dwmac4_model_stop(struct dwmac4_model *m)
{
	model_thread_stop(&m->thr);
}

/* ---- Harness side ---- */

/*
 * The cable pulled or plugged; lock held (the harness's calls below, the
 * engine's model_link_events_run()). A link coming up negotiates again
 * (EEE resolved for it); a link down runs the receive clock, so a reset
 * waiting for it completes.
 */
void
model_cable_set(struct dwmac4_model *m, bool up)
{
	model_phy_cable_set(&m->phy, up);
	model_link_eval(m);
	model_phy_autoneg(&m->phy);
	model_reset_retry(m);
}

void
dwmac4_model_set_link(struct dwmac4_model *m, bool up)
{
	pthread_mutex_lock(&m->lock);
	model_cable_set(m, up);
	pthread_mutex_unlock(&m->lock);
	model_thread_kick(&m->thr);
}

int
dwmac4_model_set_partner(struct dwmac4_model *m, unsigned int speed,
			 bool full)
{
	if (speed != 10 && speed != 100 && speed != 1000)
		return -EINVAL;
	pthread_mutex_lock(&m->lock);
	model_phy_renegotiate(m, MODEL_PARTNER(speed, full));
	pthread_mutex_unlock(&m->lock);
	model_thread_kick(&m->thr);
	return 0;
}

void
dwmac4_model_get_stats(struct dwmac4_model *m, struct dwmac4_model_stats *st)
{
	struct model_nc_counters nc;

	_Static_assert(sizeof(*st) % sizeof(uint64_t) == 0,
		       "stats are 64-bit counters only");
	model_stats_snapshot(st, &m->stats, sizeof(*st));
	model_nc_counters_read(&m->nc, &nc);
	st->nc_clobbers = nc.clobbers;
	st->nc_unclean_reads = nc.unclean_reads;
	st->nc_clean_lines = nc.clean_lines;
	st->nc_civac_lines = nc.civac_lines;
	st->nc_early_prefetches = nc.early_prefetches;
	st->thread_passes = __atomic_load_n(&m->thr.passes, __ATOMIC_RELAXED);
	st->thread_blocks = __atomic_load_n(&m->thr.blocks, __ATOMIC_RELAXED);
	st->thread_rate_sleeps = __atomic_load_n(&m->thr.rate_sleeps,
						 __ATOMIC_RELAXED);
}

void
dwmac4_model_cache_op(struct dwmac4_model *m, const void *addr, size_t len,
		      enum model_nc_op op)
{
	if (!m->params.nc_emulation)
		return;
	model_nc_cpu_op(&m->nc, addr, len, op);
	/* A descriptor line now in DRAM: the TX DMA may fetch it at once. */
	if (op == MODEL_NC_CLEAN || op == MODEL_NC_CIVAC)
		model_tx_prefetch(m, addr, len);
}

const char *
dwmac4_model_last_violation(struct dwmac4_model *m)
{
	/* Stable once the model is idle, which is when a harness asks. */
	return m->last_viol;
}

/* Whether a DMA channel is storing a frame. */
static bool
rx_active(struct dwmac4_model *m)
{
	unsigned int ch;

	for (ch = 0; ch < m->params.n_channels; ch++)
		if (__atomic_load_n(&m->rxf[ch].active, __ATOMIC_ACQUIRE))
			return true;
	return false;
}

bool
dwmac4_model_rx_idle(struct dwmac4_model *m)
{
	if (m->params.rx_src == NULL)
		return true;
	return __atomic_load_n(&m->src_done, __ATOMIC_ACQUIRE) &&
		!__atomic_load_n(&m->macf_pending, __ATOMIC_ACQUIRE) &&
		model_mtl_rx_empty(m) &&
		!rx_active(m);
}
