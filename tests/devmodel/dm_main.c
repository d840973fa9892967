/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * socrx-devmodel: the dwmac4 device model in a process of its own behind a
 * fake UIO device, for driving net_stmmac_uio's UIO backend as a real
 * controller is driven (docs/model.md, "socrx-devmodel").
 *
 *   socrx-devmodel --uio-root DIR --uio uioN --file-prefix PREFIX
 *       [--model KEY=VALUE,...] [--name NAME] [--map-offset BYTES] [--keep]
 *
 * One loop serves the device: the driver's register writes from the
 * shared window into the model, a pass of the model's DMA engines (once
 * the devmodel reaches the driver's memory: dm_attach.h), the model's
 * registers back into the window. It ends on SIGTERM or SIGINT, or when
 * the application it attached to has exited; SIGUSR1 prints the
 * statistics line. Standard output carries only "socrx-devmodel uioN:"
 * lines: ready, stats, exit.
 */
#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <rte_kvargs.h>
#include <rte_log.h>

#include "dm_attach.h"
#include "dm_node.h"
#include "dm_window.h"
#include "dwmac4_regs.h"
#include "model/dwmac4_model.h"
#include "stmmac_devargs.h"
#include "stmmac_model_params.h"

/* The logtypes of the driver files built in (devargs, model parameters). */
RTE_LOG_REGISTER(stmmac_logtype_driver, socrx.devmodel, INFO);
RTE_LOG_REGISTER(stmmac_logtype_backend, socrx.devmodel.model, INFO);

/* Frames per engine per pass of the loop (as the model's own thread). */
#define DM_STEP_BUDGET		64u
/* Idle passes before the loop sleeps between passes, and for how long. */
#define DM_IDLE_SPINS		4096u
#define DM_IDLE_SLEEP_US	20u
/* How often the primary's liveness is checked. */
#define DM_PRIMARY_CHECK_NS	(50u * 1000u * 1000u)

static const char dm_usage[] =
	"usage: socrx-devmodel --uio-root DIR --uio uioN --file-prefix PREFIX\n"
	"           [--model KEY=VALUE,...] [--name NAME] [--map-offset BYTES] [--keep]\n"
	"  --uio-root DIR      directory standing for / (the PMD's uio_root=DIR)\n"
	"  --uio uioN          the device: DIR/sys/class/uio/uioN, DIR/dev/uioN\n"
	"  --file-prefix P     the DPDK application's --file-prefix\n"
	"  --model ARGS        the device model's devargs (traffic, PHY, faults)\n"
	"  --name NAME         uioN/name (default ethernet)\n"
	"  --map-offset BYTES  registers at this offset in map 0 (default 0)\n"
	"  --keep              leave the files when exiting\n";

struct dm_opts {
	const char *root;
	const char *uio;
	const char *prefix;
	const char *model;
	const char *name;
	uint32_t map_offset;
	bool keep;
};

static volatile sig_atomic_t dm_stop_signal;
static volatile sig_atomic_t dm_report;

static void
dm_on_signal(int sig)
{
	if (sig == SIGUSR1)
		dm_report = 1;
	else
		dm_stop_signal = sig;
}

static int
dm_parse_opts(int argc, char **argv, struct dm_opts *o)
{
	static const struct option longopts[] = {
		{ "uio-root", required_argument, NULL, 'r' },
		{ "uio", required_argument, NULL, 'u' },
		{ "file-prefix", required_argument, NULL, 'p' },
		{ "model", required_argument, NULL, 'm' },
		{ "name", required_argument, NULL, 'n' },
		{ "map-offset", required_argument, NULL, 'o' },
		{ "keep", no_argument, NULL, 'k' },
		{ "help", no_argument, NULL, 'h' },
		{ NULL, 0, NULL, 0 },
	};
	long pg = sysconf(_SC_PAGESIZE);
	unsigned long v;
	char *end;
	struct stat sb;
	int c;

	memset(o, 0, sizeof(*o));
	o->model = "";
	o->name = "ethernet";
	while ((c = getopt_long(argc, argv, "", longopts, NULL)) != -1) {
		switch (c) {
		case 'r': o->root = optarg; break;
		case 'u': o->uio = optarg; break;
		case 'p': o->prefix = optarg; break;
		case 'm': o->model = optarg; break;
		case 'n': o->name = optarg; break;
		case 'k': o->keep = true; break;
		case 'o':
			errno = 0;
			v = strtoul(optarg, &end, 0);
			if (errno != 0 || *end != '\0' || optarg[0] == '-' ||
			    v >= (unsigned long)pg || v % 4u != 0) {
				fprintf(stderr, "socrx-devmodel: --map-offset %s: expected a multiple of 4 below the page size (%ld)\n",
					optarg, pg);
				return -1;
			}
			o->map_offset = (uint32_t)v;
			break;
		case 'h':
			fputs(dm_usage, stdout);
			exit(0);
		default:
			fputs(dm_usage, stderr);
			return -1;
		}
	}
	if (optind != argc || o->root == NULL || o->uio == NULL ||
	    o->prefix == NULL) {
		fprintf(stderr, "socrx-devmodel: --uio-root, --uio and --file-prefix are needed%s%s\n%s",
			optind != argc ? "; unexpected: " : "",
			optind != argc ? argv[optind] : "", dm_usage);
		return -1;
	}
	if (o->root[0] != '/' || stat(o->root, &sb) != 0 || !S_ISDIR(sb.st_mode)) {
		fprintf(stderr, "socrx-devmodel: --uio-root %s: expected an existing directory, absolute (the PMD's uio_root= takes the same)\n",
			o->root);
		return -1;
	}
	if (strncmp(o->uio, "uio", 3) != 0 || o->uio[3] < '0' ||
	    o->uio[3] > '9' || strtoul(o->uio + 3, &end, 10) > 65535 ||
	    *end != '\0') {
		fprintf(stderr, "socrx-devmodel: --uio %s: expected uioN\n",
			o->uio);
		return -1;
	}
	if (o->prefix[0] == '\0' || strchr(o->prefix, '/') != NULL ||
	    o->name[0] == '\0' || strchr(o->name, '\n') != NULL) {
		fprintf(stderr, "socrx-devmodel: --file-prefix and --name must be non-empty words\n");
		return -1;
	}
	return 0;
}

/*
 * model=neta: the NETA's queue counter registers add what each write
 * carries, which a window shared as memory cannot count (docs/model.md,
 * "socrx-devmodel", "The NETA").
 */
static const char dm_neta_refusal[] =
	"socrx-devmodel: --model model=neta: not served: the NETA's RXQ_STATUS_UPDATE and TXQ_UPDATE add the counts each write carries, and a register window shared as memory sees neither the same value written twice nor two writes between two of its looks (arming a 512-descriptor ring is 255, 255, then 2: the device would count 257). The neta model runs behind net_mvneta_uio's model backend (docs/model.md, \"socrx-devmodel\")\n";

/*
 * The model's keys only: a driver key (copybreak=, csum=, dma=, ...)
 * belongs to the PMD's --vdev; model_nc and fault_wo_ppm need the
 * driver to call into the model (cache maintenance, read barrier), a
 * path socrx-devmodel does not have; model=neta is refused with why.
 */
static int
dm_check_model_keys(const char *args)
{
	struct rte_kvargs *kvl = rte_kvargs_parse(args, NULL);
	unsigned int i;
	int ret = 0;

	if (kvl == NULL) {
		fprintf(stderr, "socrx-devmodel: --model \"%s\": not KEY=VALUE,...\n",
			args);
		return -1;
	}
	for (i = 0; i < kvl->count && ret == 0; i++) {
		const char *key = kvl->pairs[i].key;
		enum socnic_devarg_scope sc = stmmac_devargs_key_scope(key);

		if (strcmp(key, "model") == 0 && kvl->pairs[i].value != NULL &&
		    strcmp(kvl->pairs[i].value, "neta") == 0) {
			fputs(dm_neta_refusal, stderr);
			ret = -1;
		} else if (strcmp(key, "model_nc") == 0 || strcmp(key, "fault_wo_ppm") == 0) {
			fprintf(stderr, "socrx-devmodel: --model %s: needs the driver to call into the model, which a separate process cannot\n",
				key);
			ret = -1;
		} else if (sc == SOCNIC_DEVARG_ANY && strcmp(key, "mac") != 0) {
			fprintf(stderr, "socrx-devmodel: --model %s: a driver option: give it to the PMD's --vdev\n",
				key);
			ret = -1;
		} else if (sc == SOCNIC_DEVARG_UIO || strcmp(key, "uio") == 0) {
			fprintf(stderr, "socrx-devmodel: --model %s: the PMD's, for reaching a UIO device\n",
				key);
			ret = -1;
		}
	}
	rte_kvargs_free(kvl);
	return ret;
}

static void
dm_print_stats(const char *name, const char *what, struct dwmac4_model *m,
	       const struct dm_window *w)
{
	static unsigned int report;
	struct dwmac4_model_stats st;

	dwmac4_model_get_stats(m, &st);
	printf("%s: %s report=%u rx_offered=%" PRIu64 " rx_delivered=%" PRIu64
	       " rx_missed=%" PRIu64 " rx_dropped_overflow=%" PRIu64
	       " rx_dropped_filter=%" PRIu64 " rx_dropped_other=%" PRIu64
	       " tx_frames=%" PRIu64 " tx_bytes=%" PRIu64
	       " violations=%" PRIu64 " source_done=%d register_writes=%"
	       PRIu64 "\n",
	       name, what, ++report, st.rx_offered, st.rx_delivered,
	       st.rx_missed, st.rx_dropped_overflow, st.rx_dropped_filter,
	       st.rx_dropped_csum + st.rx_dropped_stopped +
	       st.rx_dropped_oversize + st.rx_dropped_speed,
	       st.tx_frames, st.tx_bytes, st.violations,
	       dwmac4_model_rx_idle(m) ? 1 : 0, w->writes);
	if (st.violations != 0)
		printf("%s: last violation: %s\n", name,
		       dwmac4_model_last_violation(m));
	fflush(stdout);
}

static uint64_t
dm_now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/*
 * Whether a DMA engine runs (the driver started it, or a previous owner
 * left it running): the device needs DMA from now on.
 */
static bool
dm_dma_started(struct dwmac4_model *m)
{
	return (dwmac4_model_peek32(m, DMA_CHAN_RX_CONTROL(0)) & DMA_CONTROL_SR) ||
	       (dwmac4_model_peek32(m, DMA_CHAN_TX_CONTROL(0)) & DMA_CONTROL_ST);
}

struct dm_run {
	const char *name;
	struct dwmac4_model *m;
	struct dm_window *w;
	struct dm_attach *at;
};

/* The serving loop; returns why it ended. */
static const char *
dm_serve(struct dm_run *r)
{
	uint64_t next_check = 0, now;
	unsigned int idle = 0, work;
	bool primary_seen = false, warned = false;

	while (dm_stop_signal == 0) {
		work = dm_window_take_writes(r->w);
		if (dm_attach_state(r->at) == DM_ATTACH_DONE)
			work += dwmac4_model_step(r->m, DM_STEP_BUDGET);
		work += dm_window_publish(r->w);
		if (dm_report) {
			dm_report = 0;
			dm_print_stats(r->name, "stats", r->m, r->w);
		}
		now = dm_now_ns();
		if (now >= next_check) {
			next_check = now + DM_PRIMARY_CHECK_NS;
			if (dm_attach_primary_alive(r->at))
				primary_seen = true;
			else if (primary_seen)
				return "the application exited";
			if (dm_attach_state(r->at) == DM_ATTACH_FAILED)
				return NULL;
			if (dm_attach_state(r->at) == DM_ATTACH_NONE &&
			    dm_dma_started(r->m)) {
				if (primary_seen) {
					if (dm_attach_start(r->at) < 0)
						return NULL;
				} else if (!warned) {
					fprintf(stderr, "%s: DMA is on, but no DPDK application of --file-prefix %s runs yet (%s is not locked): the device waits for it. An application started with --no-shconf or --in-memory has no such file: start it with hugepages and --file-prefix %s\n",
						r->name, r->at->prefix,
						r->at->config, r->at->prefix);
					warned = true;
				}
			}
		}
		if (work != 0) {
			idle = 0;
		} else if (idle < DM_IDLE_SPINS) {
			idle++;
			sched_yield();
		} else {
			usleep(DM_IDLE_SLEEP_US);
		}
	}
	return dm_stop_signal == SIGINT ? "SIGINT" : "SIGTERM";
}

/* Pins the serving loop where --model model_cpu= says (-1: anywhere). */
static int
dm_pin(const char *name, int cpu)
{
	cpu_set_t set;
	int ret;

	if (cpu < 0)
		return 0;
	CPU_ZERO(&set);
	CPU_SET(cpu, &set);
	ret = pthread_setaffinity_np(pthread_self(), sizeof(set), &set);
	if (ret != 0)
		fprintf(stderr, "%s: model_cpu=%d: %s\n", name, cpu,
			strerror(ret));
	return ret == 0 ? 0 : -1;
}

int
main(int argc, char **argv)
{
	static struct dm_window w;
	static struct stmmac_model_args ma;
	struct stmmac_devargs da;
	struct dwmac4_model *m;
	struct dm_attach at;
	struct dm_node node;
	struct dm_opts o;
	struct dm_run run;
	struct sigaction sa;
	char name[64];
	uint8_t mac[6] = { 0x02, 0, 0, 0, 0x01, 0 };
	const char *why;

	if (dm_parse_opts(argc, argv, &o) < 0)
		return 2;
	snprintf(name, sizeof(name), "socrx-devmodel %s", o.uio);
	/*
	 * The model's keys as the model backend parses them; mac= (MAC
	 * address 0 as a boot loader left it) as the driver does.
	 */
	if (dm_check_model_keys(o.model) < 0 ||
	    stmmac_model_args_parse(name, o.model, &ma) < 0 ||
	    stmmac_devargs_parse(name, o.model, &da) < 0)
		return 2;
	/* As the PMD names a model port's MAC: 02:00:00:00:01:NN. */
	mac[5] = (uint8_t)strtoul(o.uio + 3, NULL, 10);
	if (da.port.has_mac)
		memcpy(mac, da.port.mac, sizeof(mac));
	if (dm_pin(name, ma.common.cpu) < 0 ||
	    stmmac_model_params_fill(&ma, name, false, mac) < 0)
		return 1;
	m = dwmac4_model_create(&ma.p);
	if (m == NULL) {
		fprintf(stderr, "%s: cannot create the model: %s\n", name,
			strerror(errno));
		stmmac_model_params_release(&ma.p);
		return 1;
	}
	if (dm_attach_init(&at, o.prefix, name, m) < 0) {
		fprintf(stderr, "%s: --file-prefix %s: too long\n", name, o.prefix);
		dwmac4_model_destroy(m);
		return 2;
	}
	if (dm_node_create(&node, o.root, o.uio, o.name, o.map_offset,
			   DWMAC4_MODEL_REG_WINDOW) < 0) {
		dwmac4_model_destroy(m);
		return 1;
	}
	dm_window_init(&w, m, dm_node_regs(&node));

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = dm_on_signal;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGUSR1, &sa, NULL);

	printf("%s: ready: %s (\"%s\", map0 %#zx bytes, registers at %#x), waiting for the DPDK application of --file-prefix %s\n",
	       name, node.dev, o.name, node.size, o.map_offset, o.prefix);
	fflush(stdout);
	run = (struct dm_run){ .name = name, .m = m, .w = &w, .at = &at };
	why = dm_serve(&run);
	/* The sink is flushed (pcap closed) when the model goes. */
	dm_attach_fini(&at);
	dm_print_stats(name, why != NULL ? "exit" : "exit-error", m, &w);
	if (why != NULL)
		printf("%s: exit: %s\n", name, why);
	dwmac4_model_destroy(m);
	dm_node_destroy(&node, o.keep);
	fflush(stdout);
	return why != NULL ? 0 : 1;
}
