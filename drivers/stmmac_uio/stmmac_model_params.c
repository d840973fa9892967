/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The dwmac4 model's devargs and parameters (stmmac_model_params.h).
 */
#include <errno.h>
#include <string.h>

#include <rte_common.h>

#include "model_traffic.h"
#include "socnic_devargs.h"
#include "socnic_model_args.h"

#include "stmmac_devargs.h"
#include "stmmac_logs.h"
#include "stmmac_model_params.h"

#define MODEL_PARAMS(args) (&((struct stmmac_model_args *)(args))->p)

static const char *
parse_model(const char *v, void *args)
{
	RTE_SET_USED(args);
	if (v == NULL || strcmp(v, "dwmac4") != 0)
		return "the only model is dwmac4";
	return NULL;
}

static const char *
parse_model_boot(const char *v, void *args)
{
	static const char *const names[] = { "reset", "running", "poweron", NULL };
	int i = socnic_parse_word(v, names);

	if (i < 0)
		return "expected reset, running or poweron";
	MODEL_PARAMS(args)->boot_running = i == 1;
	MODEL_PARAMS(args)->boot_poweron = i == 2;
	return NULL;
}

static const char *
parse_model_pcs(const char *v, void *args)
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
parse_model_link_events(const char *v, void *args)
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

#define MA struct stmmac_model_args
static const struct socnic_devarg_parser arg_model = SOCNIC_DEVARG_FN(parse_model);
/* fault_<knob>_ppm=: a knob of struct dwmac4_model_faults each. */
#define STMMAC_FAULT_PPM_KEYS(X)					\
	X(cum_back) X(ld_no_fd) X(fd_twice) X(fcs_only) X(stall) X(dup)	\
	X(skip) X(corrupt)
#define STMMAC_ARG_FAULT_PPM(k)						\
static const struct socnic_devarg_parser arg_fault_ ## k ## _ppm =	\
	SOCNIC_DEVARG_PPM(MA, p.faults.k ## _ppm);
STMMAC_FAULT_PPM_KEYS(STMMAC_ARG_FAULT_PPM)
#undef STMMAC_ARG_FAULT_PPM
static const struct socnic_devarg_parser arg_fault_stall_polls =
	SOCNIC_DEVARG_UINT(MA, p.faults.stall_polls, 1, 1000000,
			   "expected 1..1000000 engine polls");
static const struct socnic_devarg_parser arg_fault_wo_ppm =
	SOCNIC_DEVARG_PPM(MA, p.fault_wo_ppm);
static const struct socnic_devarg_parser arg_model_phy_addr =
	SOCNIC_DEVARG_MDIO_ADDR(MA, p.phy_addr, "none", DWMAC4_MODEL_PHY_NONE,
				"expected 0..31 or none (a fixed link)");
static const struct socnic_devarg_parser arg_model_pcs =
	SOCNIC_DEVARG_FN(parse_model_pcs);
static const struct socnic_devarg_parser arg_model_link_events =
	SOCNIC_DEVARG_FN(parse_model_link_events);
static const struct socnic_devarg_parser arg_model_mtl_queues =
	SOCNIC_DEVARG_UINT(MA, p.mtl_queues, 1, DWMAC4_MODEL_MAX_MTL_QUEUES,
			   "expected 1..8");
/* DMA channels of the core, each way. */
static const struct socnic_devarg_parser arg_model_channels =
	SOCNIC_DEVARG_UINT(MA, p.n_channels, 1, DWMAC4_MODEL_MAX_CHANNELS,
			   "expected 1..8");
/* Words in their enum's order (clocks, soc, soc_boot). */
static const struct socnic_devarg_parser arg_model_clocks =
	SOCNIC_DEVARG_WORD(MA, p.clocks, "expected on, off or no_rxc",
			   SOCNIC_DV_NAMES("on", "off", "no_rxc"));
static const struct socnic_devarg_parser arg_model_boot =
	SOCNIC_DEVARG_FN(parse_model_boot);
static const struct socnic_devarg_parser arg_model_soc =
	SOCNIC_DEVARG_WORD(MA, p.soc, "expected none, rk3568, rk3588 or imx8mp",
			   SOCNIC_DV_NAMES("none", "rk3568", "rk3588", "imx8mp"));
static const struct socnic_devarg_parser arg_model_soc_gmac =
	SOCNIC_DEVARG_UINT(MA, p.soc_gmac, 0, 1,
			   "expected 0 or 1 (the i.MX8MP has GMAC 0 only)");
static const struct socnic_devarg_parser arg_model_soc_boot =
	SOCNIC_DEVARG_WORD(MA, p.soc_boot, "expected uboot or cold",
			   SOCNIC_DV_NAMES("uboot", "cold"));
static const struct socnic_devarg_parser arg_model_soc_gated =
	SOCNIC_DEVARG_BOOL(MA, p.soc_gated, "expected 0 or 1");
static const struct socnic_devarg_parser arg_model_soc_tx_delay =
	SOCNIC_DEVARG_UINT(MA, p.soc_tx_delay, 0, 255,
			   "expected a delay-line value 0..255");
static const struct socnic_devarg_parser arg_model_soc_rx_delay =
	SOCNIC_DEVARG_UINT(MA, p.soc_rx_delay, 0, 255,
			   "expected a delay-line value 0..255");
static const struct socnic_devarg_parser arg_model_irq_line =
	SOCNIC_DEVARG_WORD(MA, p.irq_one_line, "expected split or one",
			   SOCNIC_DV_NAMES("split", "one"));
static const struct socnic_devarg_parser arg_model_phy_eee =
	SOCNIC_DEVARG_BOOL(MA, p.phy_eee, "expected 0 or 1");
static const struct socnic_devarg_parser arg_model_mmc_preset =
	SOCNIC_DEVARG_BOOL(MA, p.mmc_preset, "expected 0 or 1");
/* The application clock the model's RX watchdog counts. */
static const struct socnic_devarg_parser arg_model_clk =
	SOCNIC_DEVARG_HZ(MA, p.clk_hz, "the application clock");
/* The timestamp unit's reference clock (clk_ptp_ref). */
static const struct socnic_devarg_parser arg_model_ptp_clk =
	SOCNIC_DEVARG_HZ(MA, p.ptp_clk_hz, "the PTP reference clock");
#undef MA

static const struct socnic_devarg stmmac_model_devargs[] = {
	STMMAC_MODEL_DEVARGS(SOCNIC_DEVARG_PARSE)
};

/* The driver's keys, known by name: the driver parses them. */
static const struct socnic_devarg stmmac_driver_keys[] = {
	STMMAC_DEVARGS(SOCNIC_DEVARG_KNOWN)
};

int
stmmac_model_args_parse(const char *name, const char *args,
			struct stmmac_model_args *ma)
{
	const struct socnic_devarg_list model = {
		stmmac_model_devargs, RTE_DIM(stmmac_model_devargs), ma, NULL
	};

	dwmac4_model_params_init(&ma->p);
	return socnic_model_args_parse(stmmac_logtype_backend, name, args,
				       STMMAC_PMD_PARAMS, &ma->common, &model,
				       stmmac_driver_keys,
				       RTE_DIM(stmmac_driver_keys));
}

int
stmmac_model_params_fill(struct stmmac_model_args *ma, const char *name,
			 bool nc_given, const uint8_t mac[6])
{
	struct dwmac4_model_params *p = &ma->p;
	const struct socnic_model_args *c = &ma->common;

	/* dma=noncoherent given: the interconnect is emulated (model_nc=1). */
	SOCNIC_MODEL_ARGS_APPLY(p, c, mac, nc_given);
	p->wb_batch = c->wb_batch;
	return socnic_model_traffic_create(c, name, mac, stmmac_logtype_backend,
					   &p->rx_src, &p->tx_sink);
}

void
stmmac_model_params_release(struct dwmac4_model_params *p)
{
	model_traffic_destroy(p->rx_src, p->tx_sink);
	p->rx_src = NULL;
	p->tx_sink = NULL;
}
