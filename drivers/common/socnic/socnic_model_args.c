/* SPDX-License-Identifier: BSD-3-Clause */
/* The device-model keys every family takes (socnic_model_args.h). */
#include <errno.h>
#include <netinet/in.h>
#include <stdio.h>
#include <string.h>

#include <rte_common.h>
#include <rte_lcore.h>

#include "model_traffic.h"
#include "socnic_log.h"
#include "socnic_model_args.h"

static const char *
set_rx_src(struct socnic_model_args *ma, enum socnic_rx_source src,
	   const char *key)
{
	if (ma->rx_src != SOCNIC_RX_SRC_GEN && ma->rx_src != src)
		return "a second RX source (rx_pcap, rx_iface and iface exclude each other)";
	ma->rx_src = src;
	ma->rx_src_key = key;
	return NULL;
}

static const char *
set_tx_sink(struct socnic_model_args *ma, enum socnic_tx_sink sink)
{
	if (ma->tx_sink != SOCNIC_TX_SINK_COUNT && ma->tx_sink != sink)
		return "a second TX sink (tx_pcap, tx_iface and iface exclude each other)";
	ma->tx_sink = sink;
	return NULL;
}

static const char *
parse_rx_pcap(const char *v, void *args)
{
	struct socnic_model_args *ma = args;

	if (socnic_copy_str(ma->rx_pcap, sizeof(ma->rx_pcap), v) < 0)
		return "expected a file path";
	return set_rx_src(ma, SOCNIC_RX_SRC_PCAP, "rx_pcap");
}

static const char *
parse_tx_pcap(const char *v, void *args)
{
	struct socnic_model_args *ma = args;

	if (socnic_copy_str(ma->tx_pcap, sizeof(ma->tx_pcap), v) < 0)
		return "expected a file path";
	return set_tx_sink(ma, SOCNIC_TX_SINK_PCAP);
}

static const char *
parse_rx_iface(const char *v, void *args)
{
	struct socnic_model_args *ma = args;

	if (socnic_copy_str(ma->rx_iface, sizeof(ma->rx_iface), v) < 0)
		return "expected an interface name (at most 15 characters)";
	return set_rx_src(ma, SOCNIC_RX_SRC_IFACE, "rx_iface");
}

static const char *
parse_tx_iface(const char *v, void *args)
{
	struct socnic_model_args *ma = args;

	if (socnic_copy_str(ma->tx_iface, sizeof(ma->tx_iface), v) < 0)
		return "expected an interface name (at most 15 characters)";
	return set_tx_sink(ma, SOCNIC_TX_SINK_IFACE);
}

static const char *
parse_iface(const char *v, void *args)
{
	const char *err = parse_rx_iface(v, args);

	if (err == NULL)
		err = parse_tx_iface(v, args);
	((struct socnic_model_args *)args)->iface_key = err == NULL;
	if (err == NULL)
		((struct socnic_model_args *)args)->rx_src_key = "iface";
	return err;
}

static const char *
parse_gen_len(const char *v, void *args)
{
	static const char *const msg =
		"expected N, MIN-MAX (60..9018, without FCS) or imix";
	struct model_gen_params *g = &((struct socnic_model_args *)args)->gen;
	char buf[32];
	char *dash;
	uint64_t lo, hi;

	if (v != NULL && strcmp(v, "imix") == 0) {
		g->size = MODEL_GEN_SIZE_IMIX;
		g->len_min = 60;
		g->len_max = 1514;
		return NULL;
	}
	if (socnic_copy_str(buf, sizeof(buf), v) < 0)
		return msg;
	dash = strchr(buf, '-');
	if (dash != NULL)
		*dash = '\0';
	if (socnic_parse_u64(buf, SOCNIC_GEN_LEN_MIN, SOCNIC_GEN_LEN_MAX, &lo) < 0)
		return msg;
	hi = lo;
	if (dash != NULL &&
	    (socnic_parse_u64(dash + 1, SOCNIC_GEN_LEN_MIN, SOCNIC_GEN_LEN_MAX,
			      &hi) < 0 || hi < lo))
		return msg;
	g->size = hi == lo ? MODEL_GEN_SIZE_FIXED : MODEL_GEN_SIZE_RANGE;
	g->len_min = (unsigned int)lo;
	g->len_max = (unsigned int)hi;
	return NULL;
}

/*
 * No model thread: the device moves only in the harness's steps (1), or
 * in the polling thread, each time the application polls the port
 * (inline: a benchmark rig, socnic_model_port.h).
 */
static const char *
parse_model_step(const char *v, void *args)
{
	static const char *const names[] = { "0", "1", "inline", NULL };
	struct socnic_model_args *ma = args;
	int i = socnic_parse_word(v, names);

	if (i < 0)
		return "expected 0, 1 or inline";
	ma->step = i == 1;
	ma->inline_step = i == 2;
	return NULL;
}

#define MA struct socnic_model_args
static const struct socnic_devarg_parser arg_rx_pcap = SOCNIC_DEVARG_FN(parse_rx_pcap);
static const struct socnic_devarg_parser arg_rx_pcap_loop = {
	.type = SOCNIC_DV_UINT, SOCNIC_DV_AT(MA, rx_pcap_loop), .max = 1,
	SOCNIC_DV_GIVEN(MA, rx_pcap_loop_given), .err = "expected 0 or 1",
};
static const struct socnic_devarg_parser arg_tx_pcap = SOCNIC_DEVARG_FN(parse_tx_pcap);
static const struct socnic_devarg_parser arg_iface = SOCNIC_DEVARG_FN(parse_iface);
static const struct socnic_devarg_parser arg_rx_iface = SOCNIC_DEVARG_FN(parse_rx_iface);
static const struct socnic_devarg_parser arg_tx_iface = SOCNIC_DEVARG_FN(parse_tx_iface);
static const struct socnic_devarg_parser arg_gen_len = SOCNIC_DEVARG_FN(parse_gen_len);
static const struct socnic_devarg_parser arg_gen_flows =
	SOCNIC_DEVARG_UINT(MA, gen.flows, 1, 1u << 24, "expected 1..16777216");
static const struct socnic_devarg_parser arg_gen_pkts =
	SOCNIC_DEVARG_UINT(MA, gen.count, 0, UINT64_MAX,
			   "expected a frame count (0: endless)");
static const struct socnic_devarg_parser arg_gen_bad_l4 =
	SOCNIC_DEVARG_UINT(MA, gen.bad_l4_permille, 0, 1000,
			   "expected a permille 0..1000");
static const struct socnic_devarg_parser arg_gen_proto =
	SOCNIC_DEVARG_WORD(MA, gen.l4_proto, "expected udp or tcp",
			   SOCNIC_DV_NAMES("udp", "tcp"),
			   SOCNIC_DV_VALS(IPPROTO_UDP, IPPROTO_TCP));
static const struct socnic_devarg_parser arg_gen_ipv6 =
	SOCNIC_DEVARG_BOOL(MA, gen.ipv6, "expected 0 or 1");
static const struct socnic_devarg_parser arg_gen_rate =
	SOCNIC_DEVARG_UINT(MA, gen.rate_pps, 0, UINT64_MAX,
			   "expected packets per second (0: unlimited)");
static const struct socnic_devarg_parser arg_gen_stamp =
	SOCNIC_DEVARG_BOOL(MA, gen.stamp, "expected 0 or 1");
/* Any address, multicast included: the filters are under test. */
static const struct socnic_devarg_parser arg_gen_dst =
	SOCNIC_DEVARG_MAC(MA, gen_dst, has_gen_dst, false);
static const struct socnic_devarg_parser arg_model_cpu = {
	.type = SOCNIC_DV_UINT, SOCNIC_DV_AT(MA, cpu), .max = RTE_MAX_LCORE - 1,
	SOCNIC_DV_NAMES("-1"), SOCNIC_DV_VALS(-1),
	.err = "expected a CPU number or -1",
};
static const struct socnic_devarg_parser arg_model_step =
	SOCNIC_DEVARG_FN(parse_model_step);
/* In enum model_dma_store's order. */
static const struct socnic_devarg_parser arg_dma_store =
	SOCNIC_DEVARG_WORD(MA, dma_store, "expected plain, nt or flush",
			   SOCNIC_DV_NAMES("plain", "nt", "flush"));
static const struct socnic_devarg_parser arg_flow_ctrl = {
	.type = SOCNIC_DV_UINT, SOCNIC_DV_AT(MA, flow_ctrl), .max = 1,
	SOCNIC_DV_GIVEN(MA, flow_ctrl_set), .err = "expected 0 or 1",
};
static const struct socnic_devarg_parser arg_wb_batch =
	SOCNIC_DEVARG_UINT(MA, wb_batch, 1, 64, "expected 1..64 frames");
static const struct socnic_devarg_parser arg_model_nc =
	SOCNIC_DEVARG_BOOL(MA, nc, "expected 1 or 0");
static const struct socnic_devarg_parser arg_fault_seed =
	SOCNIC_DEVARG_UINT(MA, fault_seed, 0, UINT64_MAX,
			   "expected an unsigned 64-bit seed");
static const struct socnic_devarg_parser arg_fault_err_ppm =
	SOCNIC_DEVARG_PPM(MA, fault_err_ppm);
static const struct socnic_devarg_parser arg_fault_len_ppm =
	SOCNIC_DEVARG_PPM(MA, fault_len_ppm);
static const struct socnic_devarg_parser arg_fault_csum_lie_ppm =
	SOCNIC_DEVARG_PPM(MA, fault_csum_lie_ppm);
static const struct socnic_devarg_parser arg_model_irq_race =
	SOCNIC_DEVARG_BOOL(MA, irq_race, "expected 0 or 1");
static const struct socnic_devarg_parser arg_model_phy_speed =
	SOCNIC_DEVARG_SPEED(MA, phy_speed);
static const struct socnic_devarg_parser arg_model_phy_duplex =
	SOCNIC_DEVARG_DUPLEX(MA, phy_full);
#undef MA

const struct socnic_devarg socnic_model_devargs[] = {
	SOCNIC_MODEL_DEVARGS(SOCNIC_DEVARG_PARSE)
};
const unsigned int socnic_model_nb_devargs = RTE_DIM(socnic_model_devargs);

/* Every gen_* key given marks the generator as asked for (the first named). */
static void
model_args_given(const char *key, const char *val, void *args)
{
	struct socnic_model_args *ma = args;

	if (strncmp(key, "gen_", 4) == 0 && val != NULL && ma->gen_key == NULL)
		ma->gen_key = key;
}

static void
model_args_init(struct socnic_model_args *ma)
{
	memset(ma, 0, sizeof(*ma));
	model_gen_params_init(&ma->gen);
	/*
	 * gen_len's default, the only generator setting whose default is
	 * the PMDs' own (60 bytes without FCS: the 64-byte minimum frame on
	 * the wire); the others are the library's. Here, not in the key
	 * list: a default parsed there would count as a gen_* key given.
	 */
	ma->gen.size = MODEL_GEN_SIZE_FIXED;
	ma->gen.len_min = SOCNIC_GEN_LEN_MIN;
	ma->gen.len_max = SOCNIC_GEN_LEN_MIN;
}

/*
 * Whether CPU @p cpu is in the kernel's list of online CPUs ("0-3,6"),
 * the CPUs a thread can be pinned to; true when the list is unreadable
 * (the pinning at start says then).
 */
static bool
model_cpu_online(int cpu)
{
	FILE *f = fopen("/sys/devices/system/cpu/online", "r");
	unsigned int lo, hi;
	bool online = false;
	char sep = ',';

	if (f == NULL)
		return true;
	while (sep == ',' && fscanf(f, "%u", &lo) == 1) {
		hi = lo;
		if (fscanf(f, "%c", &sep) == 1 && sep == '-' &&
		    fscanf(f, "%u%c", &hi, &sep) < 1)
			break;
		if ((unsigned int)cpu >= lo && (unsigned int)cpu <= hi)
			online = true;
	}
	fclose(f);
	return online;
}

static int
model_args_finish(struct socnic_model_args *ma, const char *name, int logtype)
{
	if (ma->gen_key != NULL && ma->rx_src != SOCNIC_RX_SRC_GEN) {
		SOCNIC_LOG(logtype, ERR, "%s: devarg %s with devarg %s: the generator is not used when %s is the RX source; give one of them",
			   name, ma->gen_key, ma->rx_src_key, ma->rx_src_key);
		return -EINVAL;
	}
	if (ma->rx_pcap_loop_given && ma->rx_src != SOCNIC_RX_SRC_PCAP) {
		SOCNIC_LOG(logtype, ERR, "%s: devarg rx_pcap_loop=%d without devarg rx_pcap: it loops the capture rx_pcap= replays",
			   name, ma->rx_pcap_loop);
		return -EINVAL;
	}
	if (ma->cpu >= 0 && !model_cpu_online(ma->cpu)) {
		SOCNIC_LOG(logtype, ERR, "%s: devarg model_cpu=%d: no such CPU online (/sys/devices/system/cpu/online); give an online CPU or -1",
			   name, ma->cpu);
		return -EINVAL;
	}
	if (ma->rx_src == SOCNIC_RX_SRC_GEN &&
	    ma->tx_sink != SOCNIC_TX_SINK_COUNT && ma->gen_key == NULL)
		ma->rx_src = SOCNIC_RX_SRC_NONE;
	if (!ma->flow_ctrl_set)
		ma->flow_ctrl = ma->rx_src == SOCNIC_RX_SRC_PCAP;
	return 0;
}

int
socnic_model_args_parse(int logtype, const char *name, const char *args,
			const char *params, struct socnic_model_args *ma,
			const struct socnic_devarg_list *family,
			const struct socnic_devarg *driver_keys,
			unsigned int nb_driver_keys)
{
	const struct socnic_devarg_list lists[] = {
		{ socnic_model_devargs, socnic_model_nb_devargs, ma,
		  model_args_given },
		*family,
		/* The PMD's keys: recognised, parsed by the PMD. */
		{ socnic_port_devargs, socnic_port_nb_devargs, NULL, NULL },
		{ socnic_rx_devargs, socnic_rx_nb_devargs, NULL, NULL },
		{ driver_keys, nb_driver_keys, NULL, NULL },
	};
	struct socnic_devargs_seen seen;
	int ret;

	model_args_init(ma);
	ret = socnic_devargs_parse(logtype, name, args,
				   params != NULL ? params : "", lists,
				   driver_keys != NULL ? RTE_DIM(lists) :
				   RTE_DIM(lists) - 1, &seen);
	if (ret == 0)
		ret = model_args_finish(ma, name, logtype);
	return ret;
}

static struct model_traffic_src *
model_make_source(const struct socnic_model_args *ma, const char *name,
		  const uint8_t mac[6], int logtype)
{
	struct model_traffic_src *src = NULL;
	struct model_gen_params g;
	char err[256] = "";

	switch (ma->rx_src) {
	case SOCNIC_RX_SRC_NONE:
		src = model_null_src_create();
		if (src == NULL)
			SOCNIC_LOG(logtype, ERR, "%s: out of memory", name);
		return src;
	case SOCNIC_RX_SRC_PCAP:
		src = model_pcap_src_create(ma->rx_pcap, ma->rx_pcap_loop, err,
					    sizeof(err));
		if (src == NULL)
			SOCNIC_LOG(logtype, ERR, "%s: devarg rx_pcap=%s: %s", name,
				   ma->rx_pcap, err);
		return src;
	case SOCNIC_RX_SRC_IFACE:
		src = model_iface_src_create(ma->rx_iface, err, sizeof(err));
		if (src == NULL)
			SOCNIC_LOG(logtype, ERR, "%s: devarg %s=%s: %s", name,
				   ma->iface_key ? "iface" : "rx_iface",
				   ma->rx_iface, err);
		return src;
	default:
		break;
	}
	g = ma->gen;
	/* To the port, unless gen_dst= says otherwise. */
	memcpy(g.dst_mac, ma->has_gen_dst ? ma->gen_dst : mac, sizeof(g.dst_mac));
	/* From the link partner, whatever the family (never a port's own). */
	model_gen_peer_mac(g.dst_mac, g.src_mac);
	src = model_gen_create(&g, err, sizeof(err));
	if (src == NULL)
		SOCNIC_LOG(logtype, ERR, "%s: traffic generator (gen_* devargs): %s",
			   name, err[0] != '\0' ? err : "not available");
	return src;
}

static struct model_traffic_sink *
model_make_sink(const struct socnic_model_args *ma, const char *name,
		int logtype)
{
	struct model_traffic_sink *sink = NULL;
	char err[256] = "";

	switch (ma->tx_sink) {
	case SOCNIC_TX_SINK_PCAP:
		sink = model_pcap_sink_create(ma->tx_pcap, err, sizeof(err));
		if (sink == NULL)
			SOCNIC_LOG(logtype, ERR, "%s: devarg tx_pcap=%s: %s", name,
				   ma->tx_pcap, err);
		break;
	case SOCNIC_TX_SINK_IFACE:
		sink = model_iface_sink_create(ma->tx_iface, err, sizeof(err));
		if (sink == NULL)
			SOCNIC_LOG(logtype, ERR, "%s: devarg %s=%s: %s", name,
				   ma->iface_key ? "iface" : "tx_iface",
				   ma->tx_iface, err);
		break;
	default:
		sink = model_count_sink_create();
		if (sink == NULL)
			SOCNIC_LOG(logtype, ERR, "%s: cannot create the TX count sink",
				   name);
		break;
	}
	return sink;
}

int
socnic_model_traffic_create(const struct socnic_model_args *ma,
			    const char *name, const uint8_t mac[6], int logtype,
			    struct model_traffic_src **src,
			    struct model_traffic_sink **sink)
{
	*src = model_make_source(ma, name, mac, logtype);
	*sink = model_make_sink(ma, name, logtype);
	if (*src != NULL && *sink != NULL)
		return 0;
	if (*src != NULL)
		(*src)->destroy(*src);
	if (*sink != NULL)
		(*sink)->destroy(*sink);
	*src = NULL;
	*sink = NULL;
	return -EINVAL;
}
