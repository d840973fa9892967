/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * socrx-devmodel: a device model (the dwmac4, or the NETA with --model
 * model=neta: dm_family.h) in a process of its own behind a fake UIO
 * device, for driving a PMD's UIO backend as a real controller is driven
 * (docs/model.md, "socrx-devmodel").
 *
 *   socrx-devmodel --uio-root DIR --uio uioN --file-prefix PREFIX
 *       [--model KEY=VALUE,...] [--name NAME] [--map-offset BYTES] [--keep]
 *
 * One loop serves the device: the driver's register writes from the
 * shared window into the model, a pass of the model's DMA engines (once
 * the devmodel reaches the driver's memory: dm_attach.h), the model's
 * registers back into the window. A NETA's stores come through the MMIO
 * trap's thread instead (dm_trap.h). It ends on SIGTERM or SIGINT, or when
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

#include <rte_log.h>

#include "dm_attach.h"
#include "dm_family.h"
#include "dm_node.h"
#include "dm_trap.h"

/* The logtypes of the driver files built in (devargs, model parameters). */
RTE_LOG_REGISTER(stmmac_logtype_driver, socrx.devmodel, INFO);
RTE_LOG_REGISTER(stmmac_logtype_backend, socrx.devmodel.model, INFO);
RTE_LOG_REGISTER(mvneta_logtype_driver, socrx.devmodel.neta, INFO);
RTE_LOG_REGISTER(mvneta_logtype_backend, socrx.devmodel.neta.model, INFO);

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
	"           [--debug-drop-update N]\n"
	"  --uio-root DIR      directory standing for / (the PMD's uio_root=DIR)\n"
	"  --uio uioN          the device: DIR/sys/class/uio/uioN, DIR/dev/uioN\n"
	"  --file-prefix P     the DPDK application's --file-prefix\n"
	"  --model ARGS        the device model's devargs (traffic, PHY, faults);\n"
	"                      model=neta serves a Marvell NETA (x86-64, root)\n"
	"  --name NAME         uioN/name (default ethernet)\n"
	"  --map-offset BYTES  registers at this offset in map 0 (default 0)\n"
	"  --keep              leave the files when exiting\n"
	"  --debug-drop-update N  NETA: the Nth store to a queue counter register\n"
	"                      is not delivered (how a lost store shows)\n";

struct dm_opts {
	const char *root;
	const char *uio;
	const char *prefix;
	const char *model;
	const char *name;
	uint32_t map_offset;
	long drop_update;
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
		{ "debug-drop-update", required_argument, NULL, 'd' },
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
		case 'd':
			errno = 0;
			o->drop_update = strtol(optarg, &end, 10);
			if (errno != 0 || *end != '\0' || o->drop_update < 1) {
				fprintf(stderr, "socrx-devmodel: --debug-drop-update %s: expected a store number from 1\n",
					optarg);
				return -1;
			}
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

static uint64_t
dm_now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

struct dm_run {
	struct dm_dev *d;
	struct dm_attach *at;
	struct dm_trap *trap;		/* NULL unless the family is trapped */
	unsigned int report;
	int kick;			/* atomic: a trapped store came */
};

static void
dm_print_stats(struct dm_run *r, const char *what)
{
	pthread_mutex_lock(&r->d->lock);
	r->d->fam->print_stats(r->d, what, ++r->report);
	pthread_mutex_unlock(&r->d->lock);
	fflush(stdout);
}

/* The trap's delivery: the store into the model, the window after it. */
static void
dm_trapped_store(void *ctx, uint32_t off, uint32_t val)
{
	struct dm_run *r = ctx;
	struct dm_dev *d = r->d;

	pthread_mutex_lock(&d->lock);
	d->fam->store(d, off, val);
	d->writes++;
	d->trapped++;
	d->fam->publish(d);
	pthread_mutex_unlock(&d->lock);
	__atomic_store_n(&r->kick, 1, __ATOMIC_RELEASE);
}

/* One pass: writes in, the engines, the registers out. Work done. */
static unsigned int
dm_pass(struct dm_run *r)
{
	struct dm_dev *d = r->d;
	unsigned int work, n;

	pthread_mutex_lock(&d->lock);
	n = d->fam->take_writes(d);
	d->writes += n;
	work = n;
	if (dm_attach_state(r->at) == DM_ATTACH_DONE)
		work += d->fam->step(d, DM_STEP_BUDGET);
	work += d->fam->publish(d);
	pthread_mutex_unlock(&d->lock);
	return work + (unsigned int)__atomic_exchange_n(&r->kick, 0,
							 __ATOMIC_ACQ_REL);
}

/* Whether the device needs the application's memory now. */
static bool
dm_needs_dma(struct dm_run *r)
{
	bool on;

	if (r->trap != NULL && dm_trap_wants_dma(r->trap))
		return true;
	pthread_mutex_lock(&r->d->lock);
	on = r->d->fam->dma_started(r->d);
	pthread_mutex_unlock(&r->d->lock);
	return on;
}

/* The serving loop; returns why it ended. */
static const char *
dm_serve(struct dm_run *r)
{
	const char *name = r->d->name;
	uint64_t next_check = 0, now;
	unsigned int idle = 0, work;
	bool primary_seen = false, warned = false;
	enum dm_attach_state as;

	while (dm_stop_signal == 0) {
		work = dm_pass(r);
		as = dm_attach_state(r->at);
		if (r->trap != NULL && as == DM_ATTACH_DONE)
			dm_trap_dma_ready(r->trap, true);
		if (dm_report) {
			dm_report = 0;
			dm_print_stats(r, "stats");
		}
		now = dm_now_ns();
		if (now >= next_check) {
			next_check = now + DM_PRIMARY_CHECK_NS;
			if (dm_attach_primary_alive(r->at))
				primary_seen = true;
			else if (primary_seen)
				return "the application exited";
			if (r->trap != NULL &&
			    dm_trap_state(r->trap) == DM_TRAP_FAILED) {
				fprintf(stderr, "%s: %s\n", name,
					dm_trap_error(r->trap));
				return NULL;
			}
			if (as == DM_ATTACH_FAILED) {
				if (r->trap != NULL)
					dm_trap_dma_ready(r->trap, false);
				return NULL;
			}
			if (as == DM_ATTACH_NONE && dm_needs_dma(r)) {
				if (primary_seen) {
					if (dm_attach_start(r->at) < 0)
						return NULL;
				} else if (!warned) {
					fprintf(stderr, "%s: DMA is on, but no DPDK application of --file-prefix %s runs yet (%s is not locked): the device waits for it. An application started with --no-shconf or --in-memory has no such file: start it with hugepages and --file-prefix %s\n",
						name, r->at->prefix,
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

/* The trap's thread for a family whose every store must be seen. */
static int
dm_trap_begin(struct dm_run *r, const struct dm_node *node,
	      uint32_t map_offset)
{
	struct dm_trap_conf tc = {
		.name = r->d->name,
		.config = r->at->config,
		.node = node->dev,
		.reg_off = map_offset,
		.window = (uint32_t)r->d->fam->node.window,
		.store = dm_trapped_store,
		.needs_dma = r->d->fam->store_needs_dma,
		.ctx = r,
	};
	int ret = dm_trap_start(&r->trap, &tc);

	if (ret < 0)
		fprintf(stderr, "%s: cannot start the MMIO trap: %s\n",
			r->d->name, strerror(-ret));
	return ret;
}

int
main(int argc, char **argv)
{
	static struct dm_dev d;
	const struct dm_family *fam;
	struct dm_attach at;
	struct dm_node node;
	struct dm_opts o;
	struct dm_run run;
	struct sigaction sa;
	char name[64];
	const char *why;
	int ret;

	if (dm_parse_opts(argc, argv, &o) < 0)
		return 2;
	snprintf(name, sizeof(name), "socrx-devmodel %s", o.uio);
	fam = dm_family_find(o.model);
	if (fam == NULL)
		return 2;
	why = fam->trapped ? dm_trap_unsupported() : NULL;
	if (why != NULL) {
		fprintf(stderr, "%s: --model model=%s: not served here: %s\n",
			name, fam->name, why);
		return 1;
	}
	d.fam = fam;
	d.name = name;
	d.cpu = -1;
	d.drop_update = o.drop_update;
	pthread_mutex_init(&d.lock, NULL);
	ret = fam->create(&d, o.model,
			  (unsigned int)strtoul(o.uio + 3, NULL, 10));
	if (ret != 0)
		return ret;
	if (dm_pin(name, d.cpu) < 0) {
		fam->destroy(&d);
		return 1;
	}
	if (dm_attach_init(&at, o.prefix, name, d.model, fam->dma_map,
			   fam->dma_unmap) < 0) {
		fprintf(stderr, "%s: --file-prefix %s: too long\n", name, o.prefix);
		fam->destroy(&d);
		return 2;
	}
	if (dm_node_create(&node, o.root, o.uio, o.name, o.map_offset,
			   &fam->node) < 0) {
		fam->destroy(&d);
		return 1;
	}
	fam->window_init(&d, dm_node_regs(&node));
	run = (struct dm_run){ .d = &d, .at = &at };
	if (fam->trapped && dm_trap_begin(&run, &node, o.map_offset) < 0) {
		fam->destroy(&d);
		dm_node_destroy(&node, o.keep);
		return 1;
	}

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = dm_on_signal;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGUSR1, &sa, NULL);

	printf("%s: ready: %s (\"%s\", %s, map0 %#zx bytes, registers at %#x), waiting for the DPDK application of --file-prefix %s\n",
	       name, node.dev, o.name, fam->name, node.size, o.map_offset,
	       o.prefix);
	fflush(stdout);
	why = dm_serve(&run);
	/* The window writable again and the application let go first. */
	dm_trap_stop(run.trap);
	run.trap = NULL;
	/* The sink is flushed (pcap closed) when the model goes. */
	dm_attach_fini(&at);
	dm_print_stats(&run, why != NULL ? "exit" : "exit-error");
	if (why != NULL)
		printf("%s: exit: %s\n", name, why);
	fam->destroy(&d);
	dm_node_destroy(&node, o.keep);
	fflush(stdout);
	return why != NULL ? 0 : 1;
}
