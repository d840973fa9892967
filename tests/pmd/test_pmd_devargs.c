/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Invalid devargs of the family's PMD (pmd_family.h), for every key the
 * PMD accepts.
 *
 * The key list is the PMD's own: the parameter string it registers
 * (RTE_PMD_REGISTER_PARAM_STRING, written into the library as the
 * PMD_INFO_STRING that dpdk-pmdinfo.py reads) is read from the shared
 * object this test links, and checked against the family's
 * <FAMILY>_PMD_PARAMS (stmmac_devargs.h, mvneta_devargs.h). A key added
 * later is covered without editing this file: its kind comes from its description in that string
 * ("<lo..hi>", "a|b|c", "<path>", "<ifname>", "<xx:xx:...>", other
 * numbers), and so do its invalid values (empty, no value, non-numeric,
 * negative, out of range, 20-digit overflow, trailing garbage "12abc",
 * wrong or misspelt enum word) and its valid boundaries (range ends,
 * every enum word). Keys known when this test was written add values of
 * their own (the generator's ranges, MAC kinds, conflicting sources).
 *
 * For every invalid value: rte_vdev_init("net_<family>_uioN", "key=value")
 * fails with a negative errno; DPDK's log, captured with
 * rte_openlog_stream() into a memstream, names the key ("devarg key=" or
 * "devarg key "); nothing is left behind: as many memzones,
 * mempools and ethdev ports as before and the same rte_malloc heap usage
 * (the sanitizer build adds LeakSanitizer for malloc). Every valid
 * boundary value probes, the port exists and rte_vdev_uninit() removes it
 * with the same accounting.
 *
 * Usage: test_pmd_devargs DATA_DIR (for a capture rx_pcap= can read).
 */
#include <ctype.h>
#include <dlfcn.h>
#include <stdbool.h>
#include <unistd.h>

#include <rte_bus_vdev.h>
#include <rte_log.h>
#include <rte_malloc.h>
#include <rte_memzone.h>

#include "pmd_harness.h"
#include "stmmac_devargs.h"
#ifdef SOCRX_TEST_MVNETA
#include "mvneta_devargs.h"
#endif

#define DA_MAX_KEYS	128
#define DA_MAX_WORDS	16
#define DA_LOG_MAX	(1u << 20)

enum key_kind { K_ENUM, K_RANGE, K_NUMBER, K_PATH, K_IFACE, K_MAC, K_UIO };

static const char *const kind_names[] = {
	"enum", "range", "number", "path", "ifname", "mac", "uio",
};

struct key {
	char name[64];
	char desc[128];
	enum key_kind kind;
	char words[DA_MAX_WORDS][32];	/* K_ENUM */
	unsigned int nb_words;
	uint64_t lo, hi;		/* K_RANGE */
	unsigned int invalid, valid;	/* values tried */
};

/*
 * The family's parameter string from its header, its model's name and a
 * key only its model has (never in a message about another key).
 */
struct family_keys {
	const char *params;
	const char *model;
	const char *model_key;
};

static struct family_keys
family_keys(void)
{
#ifdef SOCRX_TEST_MVNETA
	if (strcmp(pmd_family()->name, "mvneta") == 0)
		return (struct family_keys){ MVNETA_PMD_PARAMS, "neta",
					     "fault_wb_late_ppm" };
#endif
	return (struct family_keys){ STMMAC_PMD_PARAMS, "dwmac4",
				     "fault_wo_ppm" };
}

static struct key keys[DA_MAX_KEYS];
static unsigned int nb_keys;
static unsigned int vdev_seq = 100;
static char data_dir[512], tmp_dir[256];

/* ---- The parameter string ---- */

/*
 * Reads "params" of the PMD_INFO_STRING in the shared object that holds
 * the PMD (found through one of its exported functions).
 */
static int
registered_params(char *out, size_t size)
{
	static const char tag[] = "PMD_INFO_STRING= ";
	char name[64];
	Dl_info dl;
	FILE *f;
	char *buf, *p, *q;
	long len;
	int ret = -1;

	snprintf(name, sizeof(name), "{\"name\": \"%s\"", pmd_family()->vdev);
	if (dladdr((void *)(uintptr_t)pmd_family()->rx_idle, &dl) == 0 ||
	    dl.dli_fname == NULL)
		return -1;
	f = fopen(dl.dli_fname, "rb");
	if (f == NULL)
		return -1;
	fseek(f, 0, SEEK_END);
	len = ftell(f);
	fseek(f, 0, SEEK_SET);
	buf = len > 0 ? malloc((size_t)len + 1) : NULL;
	if (buf != NULL && fread(buf, 1, (size_t)len, f) == (size_t)len) {
		buf[len] = '\0';
		for (p = buf; p + sizeof(tag) + 32 < buf + len; p++) {
			if (memcmp(p, tag, sizeof(tag) - 1) != 0 ||
			    strncmp(p + sizeof(tag) - 1, name, strlen(name)) != 0)
				continue;
			p = strstr(p, "\"params\": \"");
			if (p == NULL)
				break;
			p += strlen("\"params\": \"");
			q = strchr(p, '"');
			if (q != NULL && (size_t)(q - p) < size) {
				memcpy(out, p, (size_t)(q - p));
				out[q - p] = '\0';
				ret = 0;
			}
			break;
		}
	}
	printf("parameter string from %s: %s\n", dl.dli_fname,
	       ret == 0 ? "found" : "NOT FOUND");
	free(buf);
	fclose(f);
	return ret;
}

static void
classify(struct key *k)
{
	const char *d = k->desc, *r = strstr(d, "..");
	char buf[128], *tok, *save = NULL;

	if (strstr(d, "<path>") != NULL) {
		k->kind = K_PATH;
	} else if (strstr(d, "<ifname>") != NULL) {
		k->kind = K_IFACE;
	} else if (strstr(d, "<xx:") != NULL) {
		k->kind = K_MAC;
	} else if (strcmp(d, "uioN") == 0) {
		k->kind = K_UIO;
	} else if (d[0] == '<' && r != NULL) {
		k->kind = K_RANGE;
		k->lo = strtoull(d + 1, NULL, 10);
		k->hi = strtoull(r + 2, NULL, 10);
	} else if (strchr(d, '<') == NULL) {
		k->kind = K_ENUM;
		snprintf(buf, sizeof(buf), "%s", d);
		for (tok = strtok_r(buf, "|", &save);
		     tok != NULL && k->nb_words < DA_MAX_WORDS;
		     tok = strtok_r(NULL, "|", &save))
			snprintf(k->words[k->nb_words++], sizeof(k->words[0]), "%s", tok);
	} else {
		k->kind = K_NUMBER;
	}
}

/* Splits "key=desc key=desc ..." into @p out; the count. */
static unsigned int
split_params(const char *params, struct key *out, unsigned int max)
{
	char buf[4096], *tok, *save = NULL;
	unsigned int n = 0;

	snprintf(buf, sizeof(buf), "%s", params);
	for (tok = strtok_r(buf, " ", &save); tok != NULL && n < max;
	     tok = strtok_r(NULL, " ", &save)) {
		char *eq = strchr(tok, '=');

		if (eq == NULL)
			continue;
		/* "<n, 0 endless>" holds a space: glue the pieces back. */
		while (strchr(eq, '<') != NULL && strchr(eq, '>') == NULL) {
			char *more = strtok_r(NULL, " ", &save);

			if (more == NULL)
				break;
			more[-1] = ' ';
		}
		memset(&out[n], 0, sizeof(out[n]));
		snprintf(out[n].name, sizeof(out[n].name), "%.*s",
			 (int)(eq - tok), tok);
		snprintf(out[n].desc, sizeof(out[n].desc), "%s", eq + 1);
		classify(&out[n]);
		n++;
	}
	return n;
}

/* ---- Resources and the log ---- */

struct snapshot {
	unsigned int memzones, mempools, ports;
	size_t heap;
};

static void
count_mz(const struct rte_memzone *mz, void *arg)
{
	RTE_SET_USED(mz);
	(*(unsigned int *)arg)++;
}

static void
count_mp(struct rte_mempool *mp, void *arg)
{
	RTE_SET_USED(mp);
	(*(unsigned int *)arg)++;
}

static struct snapshot
snapshot(void)
{
	struct snapshot s;
	struct rte_malloc_socket_stats ms;
	unsigned int i;

	memset(&s, 0, sizeof(s));
	rte_memzone_walk(count_mz, &s.memzones);
	rte_mempool_walk(count_mp, &s.mempools);
	s.ports = rte_eth_dev_count_total();
	for (i = 0; i < rte_socket_count(); i++)
		if (rte_malloc_get_socket_stats(rte_socket_id_by_idx(i), &ms) == 0)
			s.heap += ms.heap_allocsz_bytes;
	return s;
}

static bool
same(const struct snapshot *a, const struct snapshot *b)
{
	return a->memzones == b->memzones && a->mempools == b->mempools &&
	       a->ports == b->ports && a->heap == b->heap;
}

/* Whether @p log names @p key as the culprit (not in the valid-key list). */
static bool
log_names(const char *log, const char *key, const char *args)
{
	char pat[96];

	if (log == NULL)
		return false;
	snprintf(pat, sizeof(pat), "devarg %s=", key);
	if (strstr(log, pat) != NULL)
		return true;
	snprintf(pat, sizeof(pat), "devarg %s ", key);
	if (strstr(log, pat) != NULL)
		return true;
	/* A string kvargs cannot split is quoted whole. */
	snprintf(pat, sizeof(pat), "\"%s\"", args);
	return strstr(log, pat) != NULL;
}

/* ---- Probes ---- */

static unsigned int nb_invalid, nb_valid;
static bool warm_up;

/* The probe must fail, name @p culprit in the log and leave nothing. */
static void
expect_invalid(const char *culprit, const char *args)
{
	struct snapshot before = snapshot(), after;
	char name[32], *log;
	uint16_t port;
	int ret;

	pmd_vdev(name, sizeof(name), vdev_seq++);
	ret = pmd_harness_probe_logged(name, args, &log);
	after = snapshot();
	nb_invalid++;
	CHECK(ret < 0, "\"%s\" accepted (%d)", args, ret);
	CHECK(log_names(log, culprit, args), "\"%s\": the log does not name %s: %s",
	      args, culprit, log != NULL ? log : "(no log)");
	CHECK(same(&before, &after),
	      "\"%s\" left something behind: memzones %u -> %u, mempools %u -> %u, ports %u -> %u, heap %zu -> %zu",
	      args, before.memzones, after.memzones, before.mempools,
	      after.mempools, before.ports, after.ports, before.heap, after.heap);
	CHECK(rte_eth_dev_get_port_by_name(name, &port) != 0,
	      "\"%s\": a port exists after the failed probe", args);
	if (ret == 0)
		rte_vdev_uninit(name);
	free(log);
}

/* The probe must succeed and rte_vdev_uninit() remove the port cleanly. */
static void
expect_valid(const char *args)
{
	struct snapshot before = snapshot(), after;
	struct rte_eth_conf conf;
	char name[32], *log;
	uint16_t port;
	int ret;

	pmd_vdev(name, sizeof(name), vdev_seq++);
	ret = pmd_harness_probe_logged(name, args, &log);
	nb_valid++;
	CHECK(ret == 0, "\"%s\" refused (%d): %s", args, ret,
	      log != NULL ? log : "(no log)");
	free(log);
	if (ret != 0)
		return;
	CHECK(rte_eth_dev_get_port_by_name(name, &port) == 0 &&
	      pmd_family()->rx_idle(port) >= 0,
	      "\"%s\": port of the model backend", args);
	memset(&conf, 0, sizeof(conf));
	CHECK(rte_eth_dev_configure(port, 1, 1, &conf) == 0,
	      "\"%s\": the port can be configured", args);
	CHECK(rte_vdev_uninit(name) == 0, "\"%s\": rte_vdev_uninit", args);
	CHECK(rte_eth_dev_get_port_by_name(name, &port) != 0,
	      "\"%s\": port gone after rte_vdev_uninit", args);
	after = snapshot();
	CHECK(warm_up || same(&before, &after),
	      "\"%s\": probe + remove left something behind: memzones %u -> %u, mempools %u -> %u, ports %u -> %u, heap %zu -> %zu",
	      args, before.memzones, after.memzones, before.mempools,
	      after.mempools, before.ports, after.ports, before.heap, after.heap);
}

static void
invalid_kv(struct key *k, const char *val)
{
	char args[700];

	snprintf(args, sizeof(args), "%.63s=%.600s", k->name, val);
	expect_invalid(k->name, args);
	k->invalid++;
}

/*
 * Valid values with which the device itself cannot be brought up (the
 * model's clocks off, or no PHY RX clock): the probe fails, the log
 * names the usual causes, and nothing is left behind.
 */
static const char *const device_refuses[] = {
	"model_clocks=off", "model_clocks=no_rxc",
};

static bool
expect_device_refusal(const char *args)
{
	struct snapshot before = snapshot(), after;
	char name[32], *log;
	unsigned int i;
	int ret;

	for (i = 0; i < RTE_DIM(device_refuses); i++)
		if (strcmp(args, device_refuses[i]) == 0)
			break;
	if (i == RTE_DIM(device_refuses))
		return false;
	pmd_vdev(name, sizeof(name), vdev_seq++);
	ret = pmd_harness_probe_logged(name, args, &log);
	after = snapshot();
	nb_valid++;
	CHECK(ret < 0, "\"%s\": the device came up (%d)", args, ret);
	CHECK(log != NULL && strstr(log, "clocks") != NULL &&
	      strstr(log, "PHY") != NULL && strstr(log, "GRF") != NULL,
	      "\"%s\": the log does not name clocks, PHY and GRF: %s", args,
	      log != NULL ? log : "(no log)");
	CHECK(same(&before, &after), "\"%s\" left something behind", args);
	free(log);
	return true;
}

static void
valid_kv(struct key *k, const char *val)
{
	char args[1300];

	/* rx_pcap_loop loops a capture: it needs one. */
	if (strcmp(k->name, "rx_pcap_loop") == 0)
		snprintf(args, sizeof(args), "rx_pcap=%.511s/catalogue.pcap,%.63s=%.600s",
			 data_dir, k->name, val);
	else
		snprintf(args, sizeof(args), "%.63s=%.600s", k->name, val);
	/*
	 * A valid value selecting a burst variant this build does not have
	 * (an ablation-only one): refused, naming the key and the option.
	 */
	if (!pmd_harness_ablation_built() && pmd_harness_ablation_args(args))
		expect_invalid(k->name, args);
	else if (!expect_device_refusal(args))
		expect_valid(args);
	k->valid++;
}

/* Invalid values every key of a kind must refuse. */
static void
generic_invalid(struct key *k)
{
	static const char *const numeric_bad[] = {
		"", "12abc", "abc", "-1", "-2", "+1", "1.5", " 1", "1 ", "0x10",
		"99999999999999999999", "18446744073709551616",
	};
	static const char *const mac_bad[] = {
		"", "12abc", "02:00:00:00:00", "02:00:00:00:00:0g",
		"02:00:00:00:00:01:02",
	};
	/* Not an address a port may own ("<any xx:...>" keys take them). */
	static const char *const unicast_bad[] = {
		"01:00:5e:00:00:01", "ff:ff:ff:ff:ff:ff", "00:00:00:00:00:00",
	};
	static const char *const uio_bad[] = {
		"", "uio", "uioX", "eth0", "uio-1", "uio65536", "uio1x",
		"uio99999999999999999999",
	};
	char v[320];
	unsigned int i;
	bool minus1_ok = strstr(k->desc, "-1") != NULL;

	/* No value at all: "key" alone. */
	expect_invalid(k->name, k->name);
	k->invalid++;
	switch (k->kind) {
	case K_RANGE:
	case K_NUMBER:
		for (i = 0; i < RTE_DIM(numeric_bad); i++)
			if (!(minus1_ok && strcmp(numeric_bad[i], "-1") == 0))
				invalid_kv(k, numeric_bad[i]);
		if (k->kind == K_RANGE) {
			if (k->lo > 0) {
				snprintf(v, sizeof(v), "%" PRIu64, k->lo - 1);
				invalid_kv(k, v);
			}
			snprintf(v, sizeof(v), "%" PRIu64, k->hi + 1);
			invalid_kv(k, v);
			snprintf(v, sizeof(v), "%" PRIu64 "abc", k->hi);
			invalid_kv(k, v);
		}
		break;
	case K_ENUM:
		invalid_kv(k, "");
		invalid_kv(k, "12abc");
		invalid_kv(k, "socrx-no-such-word");
		for (i = 0; i < k->nb_words; i++) {
			size_t j, n = strlen(k->words[i]);
			bool alpha = false;

			/* Trailing garbage, then another case. */
			snprintf(v, sizeof(v), "%.31sx", k->words[i]);
			invalid_kv(k, v);
			snprintf(v, sizeof(v), "%.31s", k->words[i]);
			for (j = 0; j < n; j++) {
				if (v[j] >= 'a' && v[j] <= 'z') {
					v[j] = (char)(v[j] - 'a' + 'A');
					alpha = true;
				}
			}
			if (alpha)
				invalid_kv(k, v);
		}
		break;
	case K_PATH:
		invalid_kv(k, "");
		snprintf(v, sizeof(v), "%s/socrx-no-such-dir/x.pcap", tmp_dir);
		invalid_kv(k, v);
		break;
	case K_IFACE:
		invalid_kv(k, "");
		invalid_kv(k, "socrx-name-longer-than-15");
		break;
	case K_MAC:
		for (i = 0; i < RTE_DIM(mac_bad); i++)
			invalid_kv(k, mac_bad[i]);
		for (i = 0; strstr(k->desc, "<any ") == NULL &&
		     i < RTE_DIM(unicast_bad); i++)
			invalid_kv(k, unicast_bad[i]);
		break;
	case K_UIO:
		for (i = 0; i < RTE_DIM(uio_bad); i++)
			invalid_kv(k, uio_bad[i]);
		break;
	}
}

/* Valid boundaries a key of a kind must accept (where the kind says). */
static void
generic_valid(struct key *k)
{
	char v[64];
	unsigned int i;

	switch (k->kind) {
	case K_RANGE:
		snprintf(v, sizeof(v), "%" PRIu64, k->lo);
		valid_kv(k, v);
		snprintf(v, sizeof(v), "%" PRIu64, k->hi);
		valid_kv(k, v);
		break;
	case K_ENUM:
		for (i = 0; i < k->nb_words; i++)
			valid_kv(k, k->words[i]);
		break;
	default:
		break;
	}
}

/* ---- Keys known when this test was written ---- */

struct known {
	const char *key;
	const char *bad[8];
	const char *good[6];
};

static const struct known known[] = {
	{ "gen_len", { "59", "9019", "100-60", "60-", "-60", "60-9019", "imix2",
		       "60-100-200" }, { "60-9018", "imix", "1514" } },
	{ "gen_flows", { "0", "16777217" }, { "1", "16777216" } },
	{ "gen_pkts", { "18446744073709551616" },
	  { "0", "18446744073709551615" } },
	{ "gen_bad_l4", { "1001" }, { "0", "1000" } },
	{ "gen_rate", { "18446744073709551616" }, { "0", "18446744073709551615" } },
	{ "gen_proto", { "icmp", "UDP" }, { "udp", "tcp" } },
	{ "model_cpu", { "-2", "99999" }, { "-1", "0" } },
	{ "model_step", { "2", "yes", "Inline", "inline1", "" }, { "0", "1", "inline" } },
	{ "dma_store", { "cold", "NT" }, { "plain", "nt", "flush" } },
	{ "fault_seed", { "18446744073709551616" }, { "0", "18446744073709551615" } },
	{ "mac", { "01:02:03:04:05:06", "ff:ff:ff:ff:ff:fe" },
	  { "02:00:00:00:00:01", "00:11:22:33:44:55" } },
	{ "gen_dst", { "01:02:03:04:05" },
	  { "33:33:00:00:00:01", "ff:ff:ff:ff:ff:ff" } },
	{ "copybreak", { "2049" }, { "0", "2048" } },
	{ "wb_batch", { "0", "65" }, { "1", "64" } },
};

/* Keys of the dwmac4 model only. */
static const struct known stmmac_known[] = {
	{ "model_link_events", { "0:100", "1:200", "2:100/1:10", "1:100/",
				 "1:", ":100", "1:100/1:10",
				 "1:down/2:up/3:10/4:100/5:1000/6:10half/7:100half/8:1000half/9:up" },
	  { "1:100", "5:down/6:up", "1:10half/2:1000half/3:100" } },
};

/* The model's name: another word, or the right one in capitals, refused. */
static const struct known *
model_known(void)
{
	static struct known k;
	static char upper[32];
	size_t i;

	k.key = "model";
	for (i = 0; family_keys().model[i] != '\0' && i + 1 < sizeof(upper); i++)
		upper[i] = (char)toupper((unsigned char)family_keys().model[i]);
	upper[i] = '\0';
	k.bad[0] = "dwmac5";
	k.bad[1] = upper;
	k.good[0] = family_keys().model;
	return &k;
}

static const struct known *
find_known(const char *key)
{
	unsigned int i;

	if (strcmp(key, "model") == 0)
		return model_known();
	for (i = 0; i < RTE_DIM(known); i++)
		if (strcmp(known[i].key, key) == 0)
			return &known[i];
	for (i = 0; strcmp(family_keys().model, "dwmac4") == 0 &&
	     i < RTE_DIM(stmmac_known); i++)
		if (strcmp(stmmac_known[i].key, key) == 0)
			return &stmmac_known[i];
	return NULL;
}

static void
path_valid(struct key *k)
{
	char v[640];

	if (strcmp(k->name, "rx_pcap") == 0) {
		snprintf(v, sizeof(v), "%s/catalogue.pcap", data_dir);
		valid_kv(k, v);
	} else if (strcmp(k->name, "tx_pcap") == 0) {
		snprintf(v, sizeof(v), "%s/socrx_devargs_%d.pcap", tmp_dir,
			 (int)getpid());
		valid_kv(k, v);
		unlink(v);
	}
}

/* As expect_invalid(), and the log names @p other too ("devarg other"). */
static void
expect_invalid_both(const char *culprit, const char *other, const char *args)
{
	char name[32], pat[96], *log, *hit;
	int ret;

	expect_invalid(culprit, args);
	pmd_vdev(name, sizeof(name), vdev_seq++);
	ret = pmd_harness_probe_logged(name, args, &log);
	snprintf(pat, sizeof(pat), "devarg %s", other);
	/* The whole key: "devarg rx_pcap" is not "devarg rx_pcap_loop". */
	for (hit = log != NULL ? strstr(log, pat) : NULL;
	     hit != NULL && (isalnum((unsigned char)hit[strlen(pat)]) ||
			     hit[strlen(pat)] == '_');
	     hit = strstr(hit + 1, pat))
		;
	CHECK(ret < 0 && hit != NULL,
	      "\"%s\": the log names %s too: %s", args, other,
	      log != NULL ? log : "(no log)");
	if (ret == 0)
		rte_vdev_uninit(name);
	free(log);
}

/* Conflicts and unknown keys: the log names the key that broke the rule. */
static void
combinations(void)
{
	char args[700];

	expect_invalid("nosuchkey", "nosuchkey=1");
	expect_invalid("gen_pkt", "gen_pkt=1");
	expect_invalid("Csum", "Csum=sw");
	expect_invalid("nosuchkey", "csum=sw,nosuchkey=1,copybreak=0");
	expect_invalid("copybreak", "csum=sw,copybreak=abc");
	snprintf(args, sizeof(args), "rx_pcap=%s/catalogue.pcap,rx_iface=lo", data_dir);
	expect_invalid("rx_iface", args);
	snprintf(args, sizeof(args), "iface=lo,rx_pcap=%s/catalogue.pcap", data_dir);
	expect_invalid("rx_pcap", args);
	snprintf(args, sizeof(args), "tx_pcap=%s/x.pcap,tx_iface=lo", tmp_dir);
	expect_invalid("tx_iface", args);
	/*
	 * Keys that would be accepted and ignored: the generator's beside
	 * another RX source, the capture's loop without a capture, a model
	 * thread's CPU that does not exist. Refused, naming both keys.
	 */
	snprintf(args, sizeof(args), "rx_pcap=%s/catalogue.pcap,gen_pkts=5", data_dir);
	expect_invalid_both("gen_pkts", "rx_pcap", args);
	snprintf(args, sizeof(args), "gen_rate=1000,rx_pcap=%s/catalogue.pcap", data_dir);
	expect_invalid_both("gen_rate", "rx_pcap", args);
	expect_invalid_both("gen_len", "iface", "iface=lo,gen_len=64");
	expect_invalid_both("gen_dst", "rx_iface",
			    "gen_dst=02:00:00:00:00:09,rx_iface=lo");
	expect_invalid_both("rx_pcap_loop", "rx_pcap", "rx_pcap_loop=1");
	expect_invalid_both("rx_pcap_loop", "rx_pcap", "rx_pcap_loop=0,gen_pkts=1");
	snprintf(args, sizeof(args), "rx_pcap=%s/catalogue.pcap,rx_pcap_loop=1", data_dir);
	expect_valid(args);
	/* A generator key with only a TX sink: the port generates. */
	snprintf(args, sizeof(args), "tx_pcap=%s/socrx_devargs_gen_%d.pcap,gen_pkts=1",
		 tmp_dir, (int)getpid());
	expect_valid(args);
	snprintf(args, sizeof(args), "%s/socrx_devargs_gen_%d.pcap", tmp_dir,
		 (int)getpid());
	unlink(args);
	{
		long ncpu = sysconf(_SC_NPROCESSORS_CONF);

		/* A CPU number past every CPU the system has. */
		if (ncpu > 0 && ncpu < RTE_MAX_LCORE) {
			snprintf(args, sizeof(args), "model_cpu=%ld", ncpu);
			expect_invalid("model_cpu", args);
		} else {
			printf("model_cpu past the last CPU: not tried (%ld CPUs, RTE_MAX_LCORE %d)\n",
			       ncpu, RTE_MAX_LCORE);
		}
	}
	/* An interface that is not there: named by the key typed. */
	expect_invalid("iface", "iface=socrx-nosuch9");
	expect_invalid("tx_iface", "tx_iface=socrx-nosuch9");
	/* Model-only keys with a real device. */
	expect_invalid("gen_pkts", "uio=uio0,gen_pkts=1");
	expect_invalid("fault_err_ppm", "fault_err_ppm=1,uio=uio7");
	if (strcmp(family_keys().model, "dwmac4") != 0)
		return;
	/* The dwmac4 model's application clock. */
	expect_invalid("model_clk", "model_clk=999999");
	expect_invalid("model_clk", "model_clk=1000000001");
	expect_valid("model_clk=1000000");
	expect_valid("model_clk=1000000000");
	/* The timestamp unit's reference clock, the PMD's and the model's. */
	expect_invalid("ptp_clk", "ptp_clk=999999");
	expect_invalid("ptp_clk", "ptp_clk=1000000001");
	expect_valid("ptp_clk=125000000");
	expect_invalid("model_ptp_clk", "model_ptp_clk=0");
	expect_valid("model_ptp_clk=100000000");
	/* rx_coal_usecs: converted to RWT with csr_clk, which must hold it. */
	expect_invalid("rx_coal_usecs", "rx_coal_usecs=100");
	expect_valid("csr_clk=125000000,rx_coal_usecs=100");
	expect_valid("rx_coal_usecs=2,csr_clk=128000000");
	expect_invalid("rx_coal_usecs", "csr_clk=125000000,rx_coal_usecs=1");
	expect_invalid("rx_coal_usecs", "csr_clk=125000000,rx_coal_usecs=600");
	expect_invalid("rx_coal_usecs", "csr_clk=125000000,rx_coal_usecs=100,riwt=16");
}

/*
 * An unknown key: the closest key with its syntax when one is near (a
 * typo), and the page describing every key; never the whole key list
 * (the family's model-only key, far from these, is not in the line).
 */
static void
test_unknown_key(void)
{
	static const char *const typos[][2] = {
		{ "copybrake=64", "copybreak=<0..2048>" },
		{ "gen_pkt=1", "gen_pkts=<n, 0 endless>" },
		{ "Csum=sw", "csum=auto|sw|hw|off" },
		{ "model_cpus=1", "model_cpu=<cpu, -1 unpinned>" },
	};
	char name[32], doc[64], *log;
	unsigned int i;
	int ret;

	snprintf(doc, sizeof(doc), "docs/nics/%s.rst", pmd_family()->vdev + 4);
	for (i = 0; i < RTE_DIM(typos); i++) {
		pmd_vdev(name, sizeof(name), vdev_seq++);
		ret = pmd_harness_probe_logged(name, typos[i][0], &log);
		CHECK(ret < 0 && log != NULL && strstr(log, "did you mean") != NULL &&
		      strstr(log, typos[i][1]) != NULL && strstr(log, doc) != NULL &&
		      strstr(log, family_keys().model_key) == NULL &&
		      strlen(log) < 400,
		      "%s (unknown): the closest key %s and %s, not every key: %s",
		      typos[i][0], typos[i][1], doc, log != NULL ? log : "(no log)");
		free(log);
	}
	pmd_vdev(name, sizeof(name), vdev_seq++);
	ret = pmd_harness_probe_logged(name, "xyzzyplugh=1", &log);
	CHECK(ret < 0 && log != NULL && strstr(log, "did you mean") == NULL &&
	      strstr(log, doc) != NULL && strlen(log) < 400,
	      "xyzzyplugh=1 (unknown, near no key): no guess, the page: %s",
	      log != NULL ? log : "(no log)");
	free(log);
}

/*
 * Two ports given the same explicit mac=: the second probes (a bridge
 * test may want it) with a warning naming the key and the first port; a
 * different address gives none.
 */
static void
test_mac_shared(void)
{
	char a[32], b[32], c[32], *log;
	int ret;

	pmd_vdev(a, sizeof(a), vdev_seq++);
	pmd_vdev(b, sizeof(b), vdev_seq++);
	pmd_vdev(c, sizeof(c), vdev_seq++);
	CHECK(rte_vdev_init(a, "gen_pkts=1,mac=02:00:00:00:aa:01") == 0,
	      "first port with mac=02:00:00:00:aa:01");
	ret = pmd_harness_probe_logged(b, "gen_pkts=1,mac=02:00:00:00:aa:01", &log);
	CHECK(ret == 0 && log != NULL && strstr(log, "mac=02:00:00:00:aa:01") != NULL &&
	      strstr(log, a) != NULL,
	      "same mac= on %s: probed with a warning naming mac= and %s: %s", b, a,
	      log != NULL ? log : "(no log)");
	free(log);
	ret = pmd_harness_probe_logged(c, "gen_pkts=1,mac=02:00:00:00:aa:02", &log);
	CHECK(ret == 0 && (log == NULL || strstr(log, "mac=") == NULL),
	      "another mac=: no warning: %s", log != NULL ? log : "(no log)");
	free(log);
	rte_vdev_uninit(a);
	rte_vdev_uninit(b);
	rte_vdev_uninit(c);
}

/*
 * The RX queue's set-up line names the checksum mode by its csum= word,
 * not its enum value.
 */
static void
test_queue_log(void)
{
	static const char *const modes[] = { "auto", "sw", "hw", "off" };
	struct rte_mempool *mp;
	struct rte_eth_conf conf;
	char name[32], args[32], want[32], *log = NULL;
	unsigned int i;
	uint16_t port;
	size_t size = 0;
	FILE *f, *old;

	mp = rte_pktmbuf_pool_create("da_mp", 511, 0, 0,
				     RTE_MBUF_DEFAULT_BUF_SIZE, SOCKET_ID_ANY);
	CHECK(mp != NULL, "mempool for the queue log");
	if (mp == NULL)
		return;
	memset(&conf, 0, sizeof(conf));
	rte_log_set_level_pattern("pmd.net.*", RTE_LOG_INFO);
	for (i = 0; i < RTE_DIM(modes); i++) {
		pmd_vdev(name, sizeof(name), vdev_seq++);
		snprintf(args, sizeof(args), "gen_pkts=1,csum=%s", modes[i]);
		CHECK(rte_vdev_init(name, args) == 0 &&
		      rte_eth_dev_get_port_by_name(name, &port) == 0 &&
		      rte_eth_dev_configure(port, 1, 1, &conf) == 0,
		      "%s: probed and configured", args);
		log = NULL;
		f = open_memstream(&log, &size);
		old = rte_log_get_stream();
		if (f != NULL)
			rte_openlog_stream(f);
		CHECK(rte_eth_rx_queue_setup(port, 0, 256, SOCKET_ID_ANY, NULL, mp) == 0,
		      "%s: RX queue", args);
		rte_openlog_stream(old);
		if (f != NULL)
			fclose(f);
		snprintf(want, sizeof(want), "csum %s\n", modes[i]);
		CHECK(log != NULL && strstr(log, want) != NULL,
		      "%s: the queue line says \"csum %s\": %s", args, modes[i],
		      log != NULL ? log : "(no log)");
		free(log);
		rte_vdev_uninit(name);
	}
	rte_log_set_level_pattern("pmd.net.*", RTE_LOG_NOTICE);
	rte_mempool_free(mp);
}

/*
 * A key given twice is refused, naming it (the last would silently win);
 * a bad value of a known key is answered with that key's syntax only, an
 * unknown key with the closest key (test_unknown_key()).
 */
static void
test_repeated_and_messages(void)
{
	static const char *const twice[][2] = {
		{ "copybreak", "copybreak=64,copybreak=128" },
		{ "gen_pkts", "gen_pkts=1,flow_ctrl=1,gen_pkts=1" },
		{ "dma", "dma=coherent,dma=noncoherent" },
	};
	char name[32], *log;
	unsigned int i;
	int ret;

	for (i = 0; i < RTE_DIM(twice); i++) {
		expect_invalid(twice[i][0], twice[i][1]);
		pmd_vdev(name, sizeof(name), vdev_seq++);
		ret = pmd_harness_probe_logged(name, twice[i][1], &log);
		CHECK(ret < 0 && log != NULL && strstr(log, "given twice") != NULL,
		      "\"%s\": the log says the key is repeated: %s", twice[i][1],
		      log != NULL ? log : "(no log)");
		free(log);
	}
	pmd_vdev(name, sizeof(name), vdev_seq++);
	ret = pmd_harness_probe_logged(name, "copybreak=4096", &log);
	CHECK(ret < 0 && log != NULL && strstr(log, "copybreak=<0..2048>") != NULL &&
	      strstr(log, family_keys().model_key) == NULL,
	      "copybreak=4096: its own syntax only: %s", log != NULL ? log : "(no log)");
	free(log);
	test_unknown_key();
	pmd_vdev(name, sizeof(name), vdev_seq++);
	ret = pmd_harness_probe_logged(name, "gen_pkts=-3", &log);
	CHECK(ret < 0 && log != NULL && strstr(log, "gen_pkts=<n, 0 endless>") != NULL,
	      "gen_pkts=-3: syntax with its spaces: %s", log != NULL ? log : "(no log)");
	free(log);
}

int
main(int argc, char **argv)
{
	char params[4096];
	struct key from_header[DA_MAX_KEYS];
	unsigned int nh, i, j;
	const char *t = getenv("TMPDIR");

	if (argc != 2) {
		fprintf(stderr, "usage: %s DATA_DIR\n", argv[0]);
		return 1;
	}
	snprintf(data_dir, sizeof(data_dir), "%s", argv[1]);
	snprintf(tmp_dir, sizeof(tmp_dir), "%s", t != NULL && *t != '\0' ? t : "/tmp");
	pmd_harness_eal_init(argv[0], NULL);

	/* The keys: the registered string, checked against the header's. */
	CHECK(registered_params(params, sizeof(params)) == 0,
	      "PMD_INFO_STRING of %s in the PMD library", pmd_family()->vdev);
	CHECK(strcmp(params, family_keys().params) == 0,
	      "the registered parameter string is the header's");
	nb_keys = split_params(params, keys, DA_MAX_KEYS);
	nh = split_params(family_keys().params, from_header, DA_MAX_KEYS);
	CHECK_EQ_U(nb_keys, nh, "keys registered and in the family's devargs header");
	CHECK(nb_keys >= 30, "%u keys", nb_keys);
	for (i = 0; i < nb_keys; i++)
		for (j = i + 1; j < nb_keys; j++)
			CHECK(strcmp(keys[i].name, keys[j].name) != 0,
			      "key %s registered twice", keys[i].name);
	for (i = 0; i < RTE_DIM(known); i++) {
		for (j = 0; j < nb_keys; j++)
			if (strcmp(known[i].key, keys[j].name) == 0)
				break;
		CHECK(j < nb_keys, "key %s no longer registered", known[i].key);
	}

	/*
	 * Warm-up: the first port ever creates ethdev's shared data memzone
	 * and per-process state that live until the end (not counted).
	 */
	warm_up = true;
	expect_valid("gen_pkts=1");
	warm_up = false;
	nb_valid = 0;

	for (i = 0; i < nb_keys; i++) {
		struct key *k = &keys[i];
		const struct known *kn = find_known(k->name);
		unsigned int v;

		generic_invalid(k);
		generic_valid(k);
		if (k->kind == K_PATH)
			path_valid(k);
		for (v = 0; kn != NULL && v < RTE_DIM(kn->bad) && kn->bad[v] != NULL; v++)
			invalid_kv(k, kn->bad[v]);
		for (v = 0; kn != NULL && v < RTE_DIM(kn->good) && kn->good[v] != NULL; v++)
			valid_kv(k, kn->good[v]);
		printf("%-20s %-7s %-34s %2u invalid, %u valid\n", k->name,
		       kind_names[k->kind], k->desc, k->invalid, k->valid);
		CHECK(k->invalid >= 3, "%s: invalid values tried", k->name);
	}
	combinations();
	test_repeated_and_messages();
	test_mac_shared();
	test_queue_log();
	printf("%u keys, %u invalid probes, %u valid probes\n", nb_keys,
	       nb_invalid, nb_valid);
	/* Last: a port probed and removed without ever being configured. */
	{
		struct snapshot before = snapshot(), after;
		char name[32];

		pmd_vdev(name, sizeof(name), 98);
		CHECK(rte_vdev_init(name, "gen_pkts=1") == 0,
		      "probe for a removal without configure");
		CHECK(rte_vdev_uninit(name) == 0,
		      "removal of a port never configured");
		after = snapshot();
		CHECK(same(&before, &after), "removal without configure: nothing left");
	}
	rte_eal_cleanup();
	return harness_result("pmd_devargs");
}
