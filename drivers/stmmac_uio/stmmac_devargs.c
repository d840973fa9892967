/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Devargs parsing. rte_kvargs is asked to accept any key so that an
 * unknown one can be reported by name (rte_kvargs_parse() with a key list
 * only says "invalid"), then each pair is dispatched through one table.
 * Numbers are parsed strictly: no sign, no trailing garbage, range-checked.
 */
#include <errno.h>
#include <inttypes.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <rte_ether.h>
#include <rte_kvargs.h>

#include "stmmac_devargs.h"
#include "stmmac_logs.h"

typedef const char *(*stmmac_devarg_fn)(const char *val,
					struct stmmac_devargs *da);

/* Model-only key groups, for rejecting them together with uio=. */
#define KEY_MODEL	(1u << 0)
/* Keys that only mean something with uio=, rejected without it. */
#define KEY_UIO		(1u << 1)

struct stmmac_devarg {
	const char *key;
	stmmac_devarg_fn fn;
	uint32_t flags;
};

/* Strict unsigned decimal in [min, max]. */
static int
parse_u64(const char *s, uint64_t min, uint64_t max, uint64_t *out)
{
	char *end;
	unsigned long long v;

	if (s == NULL || *s < '0' || *s > '9')
		return -1;
	errno = 0;
	v = strtoull(s, &end, 10);
	if (errno != 0 || *end != '\0' || v < min || v > max)
		return -1;
	*out = v;
	return 0;
}

static int
parse_bool(const char *s, bool *out)
{
	uint64_t v;

	if (parse_u64(s, 0, 1, &v) < 0)
		return -1;
	*out = v != 0;
	return 0;
}

static int
copy_str(char *dst, size_t cap, const char *s)
{
	size_t n;

	if (s == NULL || s[0] == '\0')
		return -1;
	n = strlen(s);
	if (n >= cap)
		return -1;
	memcpy(dst, s, n + 1);
	return 0;
}

static const char *
arg_uio(const char *v, struct stmmac_devargs *da)
{
	uint64_t n;

	if (v == NULL || strncmp(v, "uio", 3) != 0 ||
	    parse_u64(v + 3, 0, 65535, &n) < 0)
		return "expected uioN";
	snprintf(da->uio, sizeof(da->uio), "uio%" PRIu64, n);
	da->use_uio = true;
	return NULL;
}

/*
 * An existing directory, absolute: relative paths would depend on the
 * application's working directory. Trailing slashes are dropped, so "/"
 * is stored as "".
 */
static const char *
arg_uio_root(const char *v, struct stmmac_devargs *da)
{
	struct stat sb;
	size_t n;

	if (v == NULL || v[0] != '/')
		return "expected an absolute directory path";
	n = strlen(v);
	if (n >= sizeof(da->uio_root))
		return "path too long";
	if (stat(v, &sb) != 0 || !S_ISDIR(sb.st_mode))
		return "no such directory";
	while (n > 0 && v[n - 1] == '/')
		n--;
	memcpy(da->uio_root, v, n);
	da->uio_root[n] = '\0';
	return NULL;
}

static const char *
arg_uio_force(const char *v, struct stmmac_devargs *da)
{
	return parse_bool(v, &da->uio_force) < 0 ? "expected 0 or 1" : NULL;
}

static const char *
arg_model(const char *v, struct stmmac_devargs *da)
{
	(void)da;
	if (v == NULL || strcmp(v, "dwmac4") != 0)
		return "the only model is dwmac4";
	return NULL;
}

static const char *
set_rx_src(struct stmmac_devargs *da, enum stmmac_rx_source src)
{
	if (da->rx_src != STMMAC_RX_SRC_GEN && da->rx_src != src)
		return "a second RX source (rx_pcap, rx_iface and iface exclude each other)";
	da->rx_src = src;
	return NULL;
}

static const char *
set_tx_sink(struct stmmac_devargs *da, enum stmmac_tx_sink sink)
{
	if (da->tx_sink != STMMAC_TX_SINK_COUNT && da->tx_sink != sink)
		return "a second TX sink (tx_pcap, tx_iface and iface exclude each other)";
	da->tx_sink = sink;
	return NULL;
}

static const char *
arg_rx_pcap(const char *v, struct stmmac_devargs *da)
{
	if (copy_str(da->rx_pcap, sizeof(da->rx_pcap), v) < 0)
		return "expected a file path";
	return set_rx_src(da, STMMAC_RX_SRC_PCAP);
}

static const char *
arg_rx_pcap_loop(const char *v, struct stmmac_devargs *da)
{
	return parse_bool(v, &da->rx_pcap_loop) < 0 ? "expected 0 or 1" : NULL;
}

static const char *
arg_tx_pcap(const char *v, struct stmmac_devargs *da)
{
	if (copy_str(da->tx_pcap, sizeof(da->tx_pcap), v) < 0)
		return "expected a file path";
	return set_tx_sink(da, STMMAC_TX_SINK_PCAP);
}

static const char *
arg_rx_iface(const char *v, struct stmmac_devargs *da)
{
	if (copy_str(da->rx_iface, sizeof(da->rx_iface), v) < 0)
		return "expected an interface name (at most 15 characters)";
	return set_rx_src(da, STMMAC_RX_SRC_IFACE);
}

static const char *
arg_tx_iface(const char *v, struct stmmac_devargs *da)
{
	if (copy_str(da->tx_iface, sizeof(da->tx_iface), v) < 0)
		return "expected an interface name (at most 15 characters)";
	return set_tx_sink(da, STMMAC_TX_SINK_IFACE);
}

static const char *
arg_iface(const char *v, struct stmmac_devargs *da)
{
	const char *err = arg_rx_iface(v, da);

	return err != NULL ? err : arg_tx_iface(v, da);
}

static const char *
arg_gen_len(const char *v, struct stmmac_devargs *da)
{
	static const char *const msg =
		"expected N, MIN-MAX (60..9018, without FCS) or imix";
	char buf[32];
	char *dash;
	uint64_t lo, hi;

	if (v != NULL && strcmp(v, "imix") == 0) {
		da->gen_len_kind = STMMAC_GEN_LEN_IMIX;
		da->gen_len_min = 60;
		da->gen_len_max = 1514;
		return NULL;
	}
	if (copy_str(buf, sizeof(buf), v) < 0)
		return msg;
	dash = strchr(buf, '-');
	if (dash != NULL)
		*dash = '\0';
	if (parse_u64(buf, STMMAC_GEN_LEN_MIN, STMMAC_GEN_LEN_MAX, &lo) < 0)
		return msg;
	hi = lo;
	if (dash != NULL &&
	    (parse_u64(dash + 1, STMMAC_GEN_LEN_MIN, STMMAC_GEN_LEN_MAX,
		       &hi) < 0 || hi < lo))
		return msg;
	da->gen_len_kind = hi == lo ? STMMAC_GEN_LEN_FIXED : STMMAC_GEN_LEN_RANGE;
	da->gen_len_min = (unsigned int)lo;
	da->gen_len_max = (unsigned int)hi;
	return NULL;
}

static const char *
arg_gen_flows(const char *v, struct stmmac_devargs *da)
{
	uint64_t n;

	if (parse_u64(v, 1, 1u << 24, &n) < 0)
		return "expected 1..16777216";
	da->gen_flows = (unsigned int)n;
	return NULL;
}

static const char *
arg_gen_pkts(const char *v, struct stmmac_devargs *da)
{
	return parse_u64(v, 0, UINT64_MAX, &da->gen_pkts) < 0 ?
		"expected a frame count (0: endless)" : NULL;
}

static const char *
arg_gen_bad_l4(const char *v, struct stmmac_devargs *da)
{
	uint64_t n;

	if (parse_u64(v, 0, 1000, &n) < 0)
		return "expected a permille 0..1000";
	da->gen_bad_l4 = (unsigned int)n;
	return NULL;
}

static const char *
arg_gen_proto(const char *v, struct stmmac_devargs *da)
{
	if (v != NULL && strcmp(v, "udp") == 0)
		da->gen_proto = IPPROTO_UDP;
	else if (v != NULL && strcmp(v, "tcp") == 0)
		da->gen_proto = IPPROTO_TCP;
	else
		return "expected udp or tcp";
	return NULL;
}

static const char *
arg_gen_ipv6(const char *v, struct stmmac_devargs *da)
{
	return parse_bool(v, &da->gen_ipv6) < 0 ? "expected 0 or 1" : NULL;
}

static const char *
arg_gen_rate(const char *v, struct stmmac_devargs *da)
{
	return parse_u64(v, 0, UINT64_MAX, &da->gen_rate) < 0 ?
		"expected packets per second (0: unlimited)" : NULL;
}

static const char *
arg_model_cpu(const char *v, struct stmmac_devargs *da)
{
	uint64_t n;

	if (v != NULL && strcmp(v, "-1") == 0) {
		da->model_cpu = -1;
		return NULL;
	}
	if (parse_u64(v, 0, RTE_MAX_LCORE - 1, &n) < 0)
		return "expected a CPU number or -1";
	da->model_cpu = (int)n;
	return NULL;
}

static const char *
arg_mac(const char *v, struct stmmac_devargs *da)
{
	struct rte_ether_addr ea;

	if (v == NULL || rte_ether_unformat_addr(v, &ea) < 0)
		return "expected xx:xx:xx:xx:xx:xx";
	if (!rte_is_valid_assigned_ether_addr(&ea))
		return "not a unicast address";
	memcpy(da->mac, ea.addr_bytes, sizeof(da->mac));
	da->has_mac = true;
	return NULL;
}

/* Any address, multicast included: the filters are under test. */
static const char *
arg_gen_dst(const char *v, struct stmmac_devargs *da)
{
	struct rte_ether_addr ea;

	if (v == NULL || rte_ether_unformat_addr(v, &ea) < 0)
		return "expected xx:xx:xx:xx:xx:xx";
	memcpy(da->gen_dst, ea.addr_bytes, sizeof(da->gen_dst));
	da->has_gen_dst = true;
	return NULL;
}

static const char *
arg_dma_store(const char *v, struct stmmac_devargs *da)
{
	if (v != NULL && strcmp(v, "plain") == 0)
		da->dma_store_nt = false;
	else if (v != NULL && strcmp(v, "nt") == 0)
		da->dma_store_nt = true;
	else
		return "expected plain or nt";
	return NULL;
}

static const char *
arg_flow_ctrl(const char *v, struct stmmac_devargs *da)
{
	if (parse_bool(v, &da->flow_ctrl) < 0)
		return "expected 0 or 1";
	da->flow_ctrl_set = true;
	return NULL;
}

static const char *
arg_wb_batch(const char *v, struct stmmac_devargs *da)
{
	uint64_t n;

	if (parse_u64(v, 1, 64, &n) < 0)
		return "expected 1..64 frames";
	da->wb_batch = (unsigned int)n;
	return NULL;
}

static const char *
parse_ppm(const char *v, uint32_t *out)
{
	uint64_t n;

	if (parse_u64(v, 0, 1000000, &n) < 0)
		return "expected 0..1000000 per million frames";
	*out = (uint32_t)n;
	return NULL;
}

/* fault_<knob>_ppm=: one parser per knob of struct dwmac4_model_faults. */
#define STMMAC_FAULT_PPM_KEYS(X)					\
	X(err) X(csum_lie) X(len) X(cum_back) X(ld_no_fd) X(fd_twice)	\
	X(fcs_only) X(stall) X(dup) X(skip) X(corrupt)
#define STMMAC_ARG_FAULT_PPM(k)						\
static const char *							\
arg_fault_ ## k ## _ppm(const char *v, struct stmmac_devargs *da)	\
{									\
	return parse_ppm(v, &da->faults.k ## _ppm);			\
}
STMMAC_FAULT_PPM_KEYS(STMMAC_ARG_FAULT_PPM)
#undef STMMAC_ARG_FAULT_PPM

static const char *
arg_fault_wo_ppm(const char *v, struct stmmac_devargs *da)
{
	return parse_ppm(v, &da->fault_wo_ppm);
}

static const char *
arg_fault_seed(const char *v, struct stmmac_devargs *da)
{
	if (parse_u64(v, 0, UINT64_MAX, &da->faults.seed) < 0)
		return "expected an unsigned 64-bit seed";
	return NULL;
}

static const char *
arg_fault_stall_polls(const char *v, struct stmmac_devargs *da)
{
	uint64_t n;

	if (parse_u64(v, 1, 1000000, &n) < 0)
		return "expected 1..1000000 engine polls";
	da->faults.stall_polls = (uint32_t)n;
	return NULL;
}

static const char *
arg_copybreak(const char *v, struct stmmac_devargs *da)
{
	uint64_t n;

	if (parse_u64(v, 0, STMMAC_COPYBREAK_MAX, &n) < 0)
		return "expected 0..2048 bytes (0 disables)";
	da->copybreak = (uint32_t)n;
	return NULL;
}

/* One keyword of @p names[] (NULL-terminated); its index or -1. */
static int
parse_word(const char *v, const char *const *names)
{
	int i;

	for (i = 0; v != NULL && names[i] != NULL; i++)
		if (strcmp(v, names[i]) == 0)
			return i;
	return -1;
}

static const char *
arg_crc_strip(const char *v, struct stmmac_devargs *da)
{
	static const char *const names[] = { "mac", "sw", NULL };
	int i = parse_word(v, names);

	if (i < 0)
		return "expected mac or sw";
	da->crc_strip_sw = i == 1;
	return NULL;
}

static const char *
arg_csum(const char *v, struct stmmac_devargs *da)
{
	/* In enum stmmac_csum_mode order. */
	static const char *const names[] = { "auto", "sw", "hw", "off", NULL };
	int i = parse_word(v, names);

	if (i < 0)
		return "expected auto, sw, hw or off";
	da->csum = (enum stmmac_csum_mode)i;
	return NULL;
}

static const char *
arg_prefetch(const char *v, struct stmmac_devargs *da)
{
	uint64_t n;

	if (parse_u64(v, 0, 2, &n) < 0)
		return "expected 0, 1 or 2 (64-byte lines of the packet head)";
	da->prefetch_lines = (uint8_t)n;
	return NULL;
}

static const char *
arg_prefetch_body(const char *v, struct stmmac_devargs *da)
{
	static const char *const names[] = { "auto", "on", "off", NULL };
	int i = parse_word(v, names);

	if (i < 0)
		return "expected auto, on or off";
	da->prefetch_body = (uint8_t)i;
	return NULL;
}

static const char *
arg_prefetch_at(const char *v, struct stmmac_devargs *da)
{
	static const char *const names[] = { "after", "before", NULL };
	int i = parse_word(v, names);

	if (i < 0)
		return "expected after or before";
	da->prefetch_before = i == 1;
	return NULL;
}

static const char *
arg_sync(const char *v, struct stmmac_devargs *da)
{
	static const char *const names[] = { "precise", "full", NULL };
	int i = parse_word(v, names);

	if (i < 0)
		return "expected precise or full";
	da->sync_full = i == 1;
	return NULL;
}

static const char *
arg_zerocopy(const char *v, struct stmmac_devargs *da)
{
	return parse_bool(v, &da->zerocopy) < 0 ? "expected 1 or 0" : NULL;
}

static const char *
arg_dma(const char *v, struct stmmac_devargs *da)
{
	/* In enum stmmac_dma_mode order. */
	static const char *const names[] = { "auto", "coherent",
					     "noncoherent", NULL };
	int i = parse_word(v, names);

	if (i < 0)
		return "expected auto, coherent or noncoherent";
	da->dma = (enum stmmac_dma_mode)i;
	return NULL;
}

static const char *
arg_model_nc(const char *v, struct stmmac_devargs *da)
{
	return parse_bool(v, &da->model_nc) < 0 ? "expected 1 or 0" : NULL;
}

static const char *
arg_bus_width(const char *v, struct stmmac_devargs *da)
{
	static const char *const names[] = { "auto", "32", "64", "128", NULL };
	int i = parse_word(v, names);

	if (i < 0)
		return "expected auto, 32, 64 or 128 (bits)";
	da->bus_bytes = i == 0 ? 0 : 2u << i;
	return NULL;
}

static const char *
arg_coe(const char *v, struct stmmac_devargs *da)
{
	return parse_bool(v, &da->coe) < 0 ? "expected 0 or 1" : NULL;
}

static const char *
arg_pbl(const char *v, struct stmmac_devargs *da)
{
	uint64_t n;

	if (parse_u64(v, 1, 32, &n) < 0 || !rte_is_power_of_2((uint32_t)n))
		return "expected 1, 2, 4, 8, 16 or 32 (beats per burst, x8 with PBLx8)";
	da->pbl = (unsigned int)n;
	return NULL;
}

static const char *
arg_axi_blen(const char *v, struct stmmac_devargs *da)
{
	uint64_t n;

	if (parse_u64(v, 4, 256, &n) < 0 || !rte_is_power_of_2((uint32_t)n))
		return "expected 4, 8, 16, 32, 64, 128 or 256 (largest AXI burst)";
	da->axi_blen = (unsigned int)n;
	return NULL;
}

static const char *
arg_osr(const char *v, int *out)
{
	uint64_t n;

	if (parse_u64(v, 0, 15, &n) < 0)
		return "expected 0..15 (the register field, as snps,*_osr_lmt)";
	*out = (int)n;
	return NULL;
}

static const char *
arg_axi_rd_osr_lmt(const char *v, struct stmmac_devargs *da)
{
	return arg_osr(v, &da->axi_rd_osr_lmt);
}

static const char *
arg_axi_wr_osr_lmt(const char *v, struct stmmac_devargs *da)
{
	return arg_osr(v, &da->axi_wr_osr_lmt);
}

static const char *
arg_phy_addr(const char *v, struct stmmac_devargs *da)
{
	uint64_t n;

	if (v != NULL && strcmp(v, "auto") == 0) {
		da->phy_addr = STMMAC_PHY_ADDR_AUTO;
		return NULL;
	}
	if (parse_u64(v, 0, 31, &n) < 0)
		return "expected auto or an MDIO address 0..31";
	da->phy_addr = (int)n;
	return NULL;
}

static const char *
arg_csr_clk(const char *v, struct stmmac_devargs *da)
{
	/* Linux's clk_csr table covers 20 MHz to 800 MHz. */
	if (parse_u64(v, 20000000, 800000000, &da->csr_clk) < 0)
		return "expected the CSR clock in Hz, 20000000..800000000";
	return NULL;
}

static const char *
arg_fixed_link(const char *v, struct stmmac_devargs *da)
{
	uint64_t n;

	if (parse_u64(v, 10, 1000, &n) < 0 || (n != 10 && n != 100 && n != 1000))
		return "expected 10, 100 or 1000, then optionally ,half or ,full";
	da->fixed_speed = (unsigned int)n;
	da->fixed_full = true;
	return NULL;
}

static const char *
arg_model_phy_addr(const char *v, struct stmmac_devargs *da)
{
	uint64_t n;

	if (v != NULL && strcmp(v, "none") == 0) {
		da->model_phy_addr = DWMAC4_MODEL_PHY_NONE;
		return NULL;
	}
	if (parse_u64(v, 0, 31, &n) < 0)
		return "expected 0..31 or none (a fixed link)";
	da->model_phy_addr = (unsigned int)n;
	return NULL;
}

static const char *
arg_model_phy_speed(const char *v, struct stmmac_devargs *da)
{
	static const char *const names[] = { "10", "100", "1000", NULL };
	static const unsigned int speeds[] = { 10, 100, 1000 };
	int i = parse_word(v, names);

	if (i < 0)
		return "expected 10, 100 or 1000";
	da->model_phy_speed = speeds[i];
	return NULL;
}

static const char *
arg_model_phy_duplex(const char *v, struct stmmac_devargs *da)
{
	static const char *const names[] = { "full", "half", NULL };
	int i = parse_word(v, names);

	if (i < 0)
		return "expected full or half";
	da->model_phy_full = i == 0;
	return NULL;
}

static const char *
arg_model_mtl_queues(const char *v, struct stmmac_devargs *da)
{
	uint64_t n;

	if (parse_u64(v, 1, DWMAC4_MODEL_MAX_MTL_QUEUES, &n) < 0)
		return "expected 1..8";
	da->model_mtl_queues = (unsigned int)n;
	return NULL;
}

static const char *
arg_model_clocks(const char *v, struct stmmac_devargs *da)
{
	/* In enum dwmac4_model_clocks order. */
	static const char *const names[] = { "on", "off", "no_rxc", NULL };
	int i = parse_word(v, names);

	if (i < 0)
		return "expected on, off or no_rxc";
	da->model_clocks = (unsigned int)i;
	return NULL;
}

static const char *
arg_model_boot(const char *v, struct stmmac_devargs *da)
{
	static const char *const names[] = { "reset", "running", NULL };
	int i = parse_word(v, names);

	if (i < 0)
		return "expected reset or running";
	da->model_boot_running = i == 1;
	return NULL;
}

static const struct stmmac_devarg stmmac_devarg_table[] = {
	{ "uio",		arg_uio,		0 },
	{ "uio_root",		arg_uio_root,		KEY_UIO },
	{ "uio_force",		arg_uio_force,		0 },
	{ "model",		arg_model,		KEY_MODEL },
	{ "rx_pcap",		arg_rx_pcap,		KEY_MODEL },
	{ "rx_pcap_loop",	arg_rx_pcap_loop,	KEY_MODEL },
	{ "tx_pcap",		arg_tx_pcap,		KEY_MODEL },
	{ "iface",		arg_iface,		KEY_MODEL },
	{ "rx_iface",		arg_rx_iface,		KEY_MODEL },
	{ "tx_iface",		arg_tx_iface,		KEY_MODEL },
	{ "gen_len",		arg_gen_len,		KEY_MODEL },
	{ "gen_flows",		arg_gen_flows,		KEY_MODEL },
	{ "gen_pkts",		arg_gen_pkts,		KEY_MODEL },
	{ "gen_bad_l4",		arg_gen_bad_l4,		KEY_MODEL },
	{ "gen_proto",		arg_gen_proto,		KEY_MODEL },
	{ "gen_ipv6",		arg_gen_ipv6,		KEY_MODEL },
	{ "gen_rate",		arg_gen_rate,		KEY_MODEL },
	{ "gen_dst",		arg_gen_dst,		KEY_MODEL },
	{ "model_cpu",		arg_model_cpu,		KEY_MODEL },
	{ "mac",		arg_mac,		0 },
	{ "dma_store",		arg_dma_store,		KEY_MODEL },
	{ "flow_ctrl",		arg_flow_ctrl,		KEY_MODEL },
	{ "wb_batch",		arg_wb_batch,		KEY_MODEL },
	{ "fault_err_ppm",	arg_fault_err_ppm,	KEY_MODEL },
	{ "fault_csum_lie_ppm",	arg_fault_csum_lie_ppm,	KEY_MODEL },
	{ "fault_len_ppm",	arg_fault_len_ppm,	KEY_MODEL },
	{ "fault_seed",		arg_fault_seed,		KEY_MODEL },
	{ "fault_cum_back_ppm",	arg_fault_cum_back_ppm,	KEY_MODEL },
	{ "fault_ld_no_fd_ppm",	arg_fault_ld_no_fd_ppm,	KEY_MODEL },
	{ "fault_fd_twice_ppm",	arg_fault_fd_twice_ppm,	KEY_MODEL },
	{ "fault_fcs_only_ppm",	arg_fault_fcs_only_ppm,	KEY_MODEL },
	{ "fault_stall_ppm",	arg_fault_stall_ppm,	KEY_MODEL },
	{ "fault_stall_polls",	arg_fault_stall_polls,	KEY_MODEL },
	{ "fault_dup_ppm",	arg_fault_dup_ppm,	KEY_MODEL },
	{ "fault_skip_ppm",	arg_fault_skip_ppm,	KEY_MODEL },
	{ "fault_corrupt_ppm",	arg_fault_corrupt_ppm,	KEY_MODEL },
	{ "copybreak",		arg_copybreak,		0 },
	{ "csum",		arg_csum,		0 },
	{ "prefetch",		arg_prefetch,		0 },
	{ "prefetch_at",	arg_prefetch_at,	0 },
	{ "prefetch_body",	arg_prefetch_body,	0 },
	{ "sync",		arg_sync,		0 },
	{ "zerocopy",		arg_zerocopy,		0 },
	{ "dma",		arg_dma,		0 },
	{ "model_nc",		arg_model_nc,		KEY_MODEL },
	{ "bus_width",		arg_bus_width,		0 },
	{ "pbl",		arg_pbl,		0 },
	{ "axi_blen",		arg_axi_blen,		0 },
	{ "axi_rd_osr_lmt",	arg_axi_rd_osr_lmt,	0 },
	{ "axi_wr_osr_lmt",	arg_axi_wr_osr_lmt,	0 },
	{ "phy_addr",		arg_phy_addr,		0 },
	{ "csr_clk",		arg_csr_clk,		0 },
	{ "fixed_link",		arg_fixed_link,		0 },
	{ "model_phy_addr",	arg_model_phy_addr,	KEY_MODEL },
	{ "model_phy_speed",	arg_model_phy_speed,	KEY_MODEL },
	{ "model_phy_duplex",	arg_model_phy_duplex,	KEY_MODEL },
	{ "model_mtl_queues",	arg_model_mtl_queues,	KEY_MODEL },
	{ "model_clocks",	arg_model_clocks,	KEY_MODEL },
	{ "model_boot",		arg_model_boot,		KEY_MODEL },
	{ "coe",		arg_coe,		0 },
	{ "crc_strip",		arg_crc_strip,		0 },
	{ "fault_wo_ppm",	arg_fault_wo_ppm,	KEY_MODEL },
};

static void
stmmac_devargs_defaults(struct stmmac_devargs *da)
{
	memset(da, 0, sizeof(*da));
	da->rx_src = STMMAC_RX_SRC_GEN;
	da->tx_sink = STMMAC_TX_SINK_COUNT;
	/* 60 bytes without FCS: the 64-byte minimum frame on the wire */
	da->gen_len_kind = STMMAC_GEN_LEN_FIXED;
	da->gen_len_min = 60;
	da->gen_len_max = 60;
	da->gen_flows = 1;
	da->gen_pkts = 0;
	da->gen_proto = IPPROTO_UDP;
	da->model_cpu = -1;
	da->copybreak = STMMAC_COPYBREAK_DEFAULT;
	da->csum = STMMAC_CSUM_AUTO;
	da->prefetch_lines = 2;
	da->prefetch_before = false;
	da->prefetch_body = STMMAC_PF_BODY_AUTO;
	da->sync_full = false;
	da->zerocopy = true;
	da->dma = STMMAC_DMA_AUTO;
	da->model_nc = true;
	da->bus_bytes = 0;
	da->pbl = STMMAC_PBL_DEFAULT;
	da->axi_blen = 0;
	da->axi_rd_osr_lmt = -1;
	da->axi_wr_osr_lmt = -1;
	da->phy_addr = STMMAC_PHY_ADDR_AUTO;
	da->model_phy_addr = 0;
	da->model_phy_speed = 1000;
	da->model_phy_full = true;
	da->model_mtl_queues = 1;
	da->coe = true;
	da->faults.stall_polls = STMMAC_FAULT_STALL_POLLS_DEFAULT;
}

/* Whether pair @p i repeats the key of an earlier pair. */
static bool
stmmac_devarg_repeated(const struct rte_kvargs *kvl, unsigned int i)
{
	unsigned int j;

	for (j = 0; j < i; j++)
		if (strcmp(kvl->pairs[j].key, kvl->pairs[i].key) == 0)
			return true;
	return false;
}

/* Length of the entry of STMMAC_PMD_PARAMS at @p p (spaces inside <>). */
static size_t
stmmac_devarg_entry_len(const char *p)
{
	size_t n = 0;
	int depth = 0;

	for (; p[n] != '\0' && (p[n] != ' ' || depth > 0); n++)
		depth += p[n] == '<' ? 1 : p[n] == '>' ? -1 : 0;
	return n;
}

/* "key=<syntax>" of @p key from STMMAC_PMD_PARAMS, in @p buf. */
static const char *
stmmac_devarg_syntax(const char *key, char *buf, size_t size)
{
	const char *p = STMMAC_PMD_PARAMS;
	size_t klen = strlen(key), n;

	while (*p != '\0') {
		n = stmmac_devarg_entry_len(p);
		if (n > klen && strncmp(p, key, klen) == 0 && p[klen] == '=') {
			snprintf(buf, size, "%.*s", (int)n, p);
			return buf;
		}
		p += n;
		p += strspn(p, " ");
	}
	snprintf(buf, size, "%s", key);
	return buf;
}

int
stmmac_devargs_parse(const char *name, const char *args,
		     struct stmmac_devargs *da)
{
	struct rte_kvargs *kvl;
	const char *model_key = NULL, *uio_key = NULL, *uio_val = NULL;
	char syntax[160];
	bool gen_given = false;
	unsigned int i, k;
	int ret = 0;

	stmmac_devargs_defaults(da);
	if (args == NULL || args[0] == '\0')
		goto defaults;

	kvl = rte_kvargs_parse(args, NULL);
	if (kvl == NULL) {
		PMD_DRV_LOG(ERR, "%s: cannot parse devargs \"%s\"", name, args);
		return -EINVAL;
	}
	for (i = 0; i < kvl->count && ret == 0; i++) {
		const char *key = kvl->pairs[i].key;
		const char *val = kvl->pairs[i].value;
		const char *err = "unknown key";

		gen_given |= strncmp(key, "gen_", 4) == 0;
		/* fixed_link=SPEED,half|full: the duplex comes as a bare word. */
		if (i > 0 && val == NULL &&
		    strcmp(kvl->pairs[i - 1].key, "fixed_link") == 0 &&
		    (strcmp(key, "half") == 0 || strcmp(key, "full") == 0)) {
			da->fixed_full = key[0] == 'f';
			continue;
		}

		if (stmmac_devarg_repeated(kvl, i)) {
			PMD_DRV_LOG(ERR, "%s: devarg %s given twice: say it once",
				    name, key);
			ret = -EINVAL;
			break;
		}
		for (k = 0; k < RTE_DIM(stmmac_devarg_table); k++) {
			if (strcmp(key, stmmac_devarg_table[k].key) != 0)
				continue;
			err = stmmac_devarg_table[k].fn(val, da);
			if (stmmac_devarg_table[k].flags & KEY_MODEL)
				model_key = stmmac_devarg_table[k].key;
			if (stmmac_devarg_table[k].flags & KEY_UIO) {
				uio_key = stmmac_devarg_table[k].key;
				uio_val = val;
			}
			break;
		}
		if (err == NULL)
			continue;
		/* A known key: its own syntax; an unknown one: every key. */
		if (k < RTE_DIM(stmmac_devarg_table))
			PMD_DRV_LOG(ERR, "%s: devarg %s=%s rejected: %s (%s)",
				    name, key, val != NULL ? val : "(none)", err,
				    stmmac_devarg_syntax(key, syntax,
							 sizeof(syntax)));
		else
			PMD_DRV_LOG(ERR, "%s: devarg %s=%s rejected: %s (valid: %s)",
				    name, key, val != NULL ? val : "(none)",
				    err, STMMAC_PMD_PARAMS);
		ret = -EINVAL;
	}
	if (ret == 0 && da->use_uio && model_key != NULL) {
		PMD_DRV_LOG(ERR, "%s: devarg %s applies to the model only, not with uio=%s",
			    name, model_key, da->uio);
		ret = -EINVAL;
	}
	if (ret == 0 && !da->use_uio && uio_key != NULL) {
		PMD_DRV_LOG(ERR, "%s: devarg %s=%s applies with uio=uioN only",
			    name, uio_key, uio_val != NULL ? uio_val : "");
		ret = -EINVAL;
	}
	rte_kvargs_free(kvl);
	if (ret != 0)
		return ret;

	/*
	 * A port given a TX sink and nothing to receive (no RX source, no
	 * gen_* key) receives nothing: it is where another port's frames go.
	 */
	if (da->rx_src == STMMAC_RX_SRC_GEN && da->tx_sink != STMMAC_TX_SINK_COUNT &&
	    !gen_given)
		da->rx_src = STMMAC_RX_SRC_NONE;

defaults:
	/* A capture is replayed losslessly unless asked otherwise. */
	if (!da->flow_ctrl_set)
		da->flow_ctrl = da->rx_src == STMMAC_RX_SRC_PCAP;
	return 0;
}

enum stmmac_devarg_scope
stmmac_devargs_key_scope(const char *key)
{
	unsigned int k;

	for (k = 0; key != NULL && k < RTE_DIM(stmmac_devarg_table); k++) {
		if (strcmp(key, stmmac_devarg_table[k].key) != 0)
			continue;
		if (stmmac_devarg_table[k].flags & KEY_MODEL)
			return STMMAC_DEVARG_MODEL;
		if (stmmac_devarg_table[k].flags & KEY_UIO)
			return STMMAC_DEVARG_UIO;
		return STMMAC_DEVARG_ANY;
	}
	return STMMAC_DEVARG_UNKNOWN;
}
