/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The dwmac4 model's devargs and parameters (stmmac_model_params.h).
 */
#include <errno.h>
#include <string.h>

#include <rte_common.h>

#include "socnic_devargs.h"
#include "socnic_model_args.h"

#include "stmmac_devargs.h"
#include "stmmac_logs.h"
#include "stmmac_model_params.h"

#define MODEL_PARAMS(args) (&((struct stmmac_model_args *)(args))->p)

static const char *
arg_model(const char *v, void *args)
{
	RTE_SET_USED(args);
	if (v == NULL || strcmp(v, "dwmac4") != 0)
		return "the only model is dwmac4";
	return NULL;
}

/* fault_<knob>_ppm=: one parser per knob of struct dwmac4_model_faults. */
#define STMMAC_FAULT_PPM_KEYS(X)					\
	X(err) X(csum_lie) X(len) X(cum_back) X(ld_no_fd) X(fd_twice)	\
	X(fcs_only) X(stall) X(dup) X(skip) X(corrupt)
#define STMMAC_ARG_FAULT_PPM(k)						\
static const char *							\
arg_fault_ ## k ## _ppm(const char *v, void *args)			\
{									\
	return socnic_parse_ppm(v, &MODEL_PARAMS(args)->faults.k ## _ppm); \
}
STMMAC_FAULT_PPM_KEYS(STMMAC_ARG_FAULT_PPM)
#undef STMMAC_ARG_FAULT_PPM

static const char *
arg_fault_stall_polls(const char *v, void *args)
{
	uint64_t n;

	if (socnic_parse_u64(v, 1, 1000000, &n) < 0)
		return "expected 1..1000000 engine polls";
	MODEL_PARAMS(args)->faults.stall_polls = (uint32_t)n;
	return NULL;
}

static const char *
arg_fault_wo_ppm(const char *v, void *args)
{
	return socnic_parse_ppm(v, &MODEL_PARAMS(args)->fault_wo_ppm);
}

/* The application clock the model's RX watchdog counts (params.clk_hz). */
static const char *
arg_model_clk(const char *v, void *args)
{
	uint64_t n;

	if (socnic_parse_u64(v, 1000000, 1000000000, &n) < 0)
		return "expected the application clock in Hz, 1000000..1000000000";
	MODEL_PARAMS(args)->clk_hz = n;
	return NULL;
}

static const char *
arg_model_phy_addr(const char *v, void *args)
{
	unsigned int n;
	int r = socnic_parse_mdio_addr(v, "none", &n);

	if (r < 0)
		return "expected 0..31 or none (a fixed link)";
	MODEL_PARAMS(args)->phy_addr = r > 0 ? DWMAC4_MODEL_PHY_NONE : n;
	return NULL;
}

static const char *
arg_model_phy_speed(const char *v, void *args)
{
	return socnic_parse_speed(v, &MODEL_PARAMS(args)->phy_speed);
}

static const char *
arg_model_phy_duplex(const char *v, void *args)
{
	return socnic_parse_duplex(v, &MODEL_PARAMS(args)->phy_full);
}

static const char *
arg_model_mtl_queues(const char *v, void *args)
{
	uint64_t n;

	if (socnic_parse_u64(v, 1, DWMAC4_MODEL_MAX_MTL_QUEUES, &n) < 0)
		return "expected 1..8";
	MODEL_PARAMS(args)->mtl_queues = (unsigned int)n;
	return NULL;
}

/* DMA channels of the core, each way (params.n_channels). */
static const char *
arg_model_channels(const char *v, void *args)
{
	uint64_t n;

	if (socnic_parse_u64(v, 1, DWMAC4_MODEL_MAX_CHANNELS, &n) < 0)
		return "expected 1..8";
	MODEL_PARAMS(args)->n_channels = (unsigned int)n;
	return NULL;
}

static const char *
arg_model_clocks(const char *v, void *args)
{
	/* In enum dwmac4_model_clocks order. */
	static const char *const names[] = { "on", "off", "no_rxc", NULL };
	int i = socnic_parse_word(v, names);

	if (i < 0)
		return "expected on, off or no_rxc";
	MODEL_PARAMS(args)->clocks = (enum dwmac4_model_clocks)i;
	return NULL;
}

static const char *
arg_model_boot(const char *v, void *args)
{
	static const char *const names[] = { "reset", "running", "poweron", NULL };
	int i = socnic_parse_word(v, names);

	if (i < 0)
		return "expected reset, running or poweron";
	MODEL_PARAMS(args)->boot_running = i == 1;
	MODEL_PARAMS(args)->boot_poweron = i == 2;
	return NULL;
}

/* A 0|1 key into @p flag. */
static const char *
parse_flag(const char *v, bool *flag)
{
	return socnic_parse_bool(v, flag) < 0 ? "expected 0 or 1" : NULL;
}

static const char *
arg_model_soc(const char *v, void *args)
{
	/* In enum dwmac4_model_soc order. */
	static const char *const names[] = { "none", "rk3568", "rk3588",
					     "imx8mp", NULL };
	int i = socnic_parse_word(v, names);

	if (i < 0)
		return "expected none, rk3568, rk3588 or imx8mp";
	MODEL_PARAMS(args)->soc = (enum dwmac4_model_soc)i;
	return NULL;
}

static const char *
arg_model_soc_gmac(const char *v, void *args)
{
	uint64_t n;

	if (socnic_parse_u64(v, 0, 1, &n) < 0)
		return "expected 0 or 1 (the i.MX8MP has GMAC 0 only)";
	MODEL_PARAMS(args)->soc_gmac = (unsigned int)n;
	return NULL;
}

static const char *
arg_model_soc_boot(const char *v, void *args)
{
	static const char *const names[] = { "uboot", "cold", NULL };
	int i = socnic_parse_word(v, names);

	if (i < 0)
		return "expected uboot or cold";
	MODEL_PARAMS(args)->soc_boot = (enum dwmac4_model_soc_boot)i;
	return NULL;
}

static const char *
arg_model_soc_gated(const char *v, void *args)
{
	return parse_flag(v, &MODEL_PARAMS(args)->soc_gated);
}

static const char *
arg_model_pcs(const char *v, void *args)
{
	bool on;

	if (socnic_parse_bool(v, &on) < 0)
		return "expected 0 or 1";
	MODEL_PARAMS(args)->no_pcs = !on;
	return NULL;
}

/* One event of model_link_events=: FRAME:MODE. */
static const char *
link_event_parse(char *ev, struct dwmac4_model_link_event *out)
{
	static const char *const modes[] = {
		"down", "up", "10", "10half", "100", "100half", "1000",
		"1000half", NULL,
	};
	static const unsigned int speed[] = {
		DWMAC4_MODEL_LINK_DOWN, DWMAC4_MODEL_LINK_UP, 10, 10, 100, 100,
		1000, 1000,
	};
	char *colon = strchr(ev, ':');
	uint64_t frame;
	int i;

	if (colon == NULL)
		return "expected FRAME:MODE";
	*colon = '\0';
	if (socnic_parse_u64(ev, 1, UINT64_MAX, &frame) < 0)
		return "expected a frame number from 1 before ':'";
	i = socnic_parse_word(colon + 1, modes);
	if (i < 0)
		return "expected a mode down, up, 10, 10half, 100, 100half, 1000 or 1000half after ':'";
	*out = (struct dwmac4_model_link_event){
		.frame = frame, .speed = speed[i], .full = i % 2 == 0,
	};
	return NULL;
}

/* FRAME:MODE[/FRAME:MODE...], frames increasing. */
static const char *
arg_model_link_events(const char *v, void *args)
{
	struct dwmac4_model_params *p = MODEL_PARAMS(args);
	char buf[256], *ev, *slash;
	const char *err;
	unsigned int n = 0;

	if (v == NULL || strlen(v) >= sizeof(buf))
		return "expected FRAME:MODE[/FRAME:MODE...]";
	strcpy(buf, v);
	for (ev = buf; ev != NULL; ev = slash != NULL ? slash + 1 : NULL) {
		slash = strchr(ev, '/');
		if (slash != NULL)
			*slash = '\0';
		if (n == DWMAC4_MODEL_MAX_LINK_EVENTS)
			return "at most " RTE_STR(DWMAC4_MODEL_MAX_LINK_EVENTS) " events";
		err = link_event_parse(ev, &p->link_events[n]);
		if (err != NULL)
			return err;
		if (n > 0 && p->link_events[n].frame <= p->link_events[n - 1].frame)
			return "the frames must increase";
		n++;
	}
	p->nb_link_events = n;
	return NULL;
}

static const char *
arg_model_soc_delay(const char *v, uint32_t *out)
{
	uint64_t n;

	if (socnic_parse_u64(v, 0, 255, &n) < 0)
		return "expected a delay-line value 0..255";
	*out = (uint32_t)n;
	return NULL;
}

static const char *
arg_model_soc_tx_delay(const char *v, void *args)
{
	return arg_model_soc_delay(v, &MODEL_PARAMS(args)->soc_tx_delay);
}

static const char *
arg_model_soc_rx_delay(const char *v, void *args)
{
	return arg_model_soc_delay(v, &MODEL_PARAMS(args)->soc_rx_delay);
}

static const char *
arg_model_irq_race(const char *v, void *args)
{
	return parse_flag(v, &MODEL_PARAMS(args)->irq_race);
}

static const char *
arg_model_irq_line(const char *v, void *args)
{
	static const char *const names[] = { "split", "one", NULL };
	int i = socnic_parse_word(v, names);

	if (i < 0)
		return "expected split or one";
	MODEL_PARAMS(args)->irq_one_line = i == 1;
	return NULL;
}

static const char *
arg_model_phy_eee(const char *v, void *args)
{
	return parse_flag(v, &MODEL_PARAMS(args)->phy_eee);
}

static const char *
arg_model_mmc_preset(const char *v, void *args)
{
	return parse_flag(v, &MODEL_PARAMS(args)->mmc_preset);
}

static const struct socnic_devarg stmmac_model_devargs[] = {
	STMMAC_MODEL_DEVARGS(SOCNIC_DEVARG_PARSE)
};

/* The driver's keys, known by name: the driver parses them. */
static const struct socnic_devarg stmmac_driver_keys[] = {
	SOCNIC_PORT_DEVARGS(SOCNIC_DEVARG_KNOWN)
	SOCNIC_RX_DEVARGS(SOCNIC_DEVARG_KNOWN)
	STMMAC_DEVARGS(SOCNIC_DEVARG_KNOWN)
};

int
stmmac_model_args_parse(const char *name, const char *args,
			struct stmmac_model_args *ma)
{
	const struct socnic_devarg_list lists[] = {
		{ socnic_model_devargs, socnic_model_nb_devargs, &ma->common },
		{ stmmac_model_devargs, RTE_DIM(stmmac_model_devargs), ma },
		{ stmmac_driver_keys, RTE_DIM(stmmac_driver_keys), NULL },
	};
	struct socnic_devargs_seen seen;
	int ret;

	socnic_model_args_init(&ma->common);
	dwmac4_model_params_init(&ma->p);
	ret = socnic_devargs_parse(stmmac_logtype_backend, name, args,
				   STMMAC_PMD_PARAMS, lists, RTE_DIM(lists),
				   &seen);
	if (ret == 0)
		ret = socnic_model_args_finish(&ma->common, name, stmmac_logtype_backend);
	return ret;
}

int
stmmac_model_params_fill(struct stmmac_model_args *ma, const char *name,
			 bool nc_given, const uint8_t mac[6])
{
	struct dwmac4_model_params *p = &ma->p;
	const struct socnic_model_args *c = &ma->common;

	memcpy(p->mac, mac, sizeof(p->mac));
	p->dma_store = c->dma_store;
	p->flow_control = c->flow_ctrl;
	p->wb_batch = c->wb_batch;
	p->faults.seed = c->fault_seed;
	/* dma=noncoherent given: the interconnect is emulated (model_nc=1). */
	p->nc_emulation = nc_given && c->nc;
	return socnic_model_traffic_create(c, name, mac, stmmac_logtype_backend,
					   &p->rx_src, &p->tx_sink);
}

void
stmmac_model_params_release(struct dwmac4_model_params *p)
{
	if (p->rx_src != NULL)
		p->rx_src->destroy(p->rx_src);
	if (p->tx_sink != NULL)
		p->tx_sink->destroy(p->tx_sink);
	p->rx_src = NULL;
	p->tx_sink = NULL;
}
