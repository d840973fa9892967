/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Helpers for the PMD tests through the ethdev API. Each test binary
 * links the PMD libraries directly (no -d), brings EAL up without
 * hugepages, PCI or a shared config file, and drives one or more ports
 * backed by the device model of this run's NIC family (pmd_family.h:
 * SOCRX_TEST_FAMILY, net_stmmac_uio by default). Waits are bounded by iteration counts, never by wall-clock
 * assertions, so a slow CI machine changes nothing but the run time.
 */
#ifndef SOCRX_PMD_HARNESS_H
#define SOCRX_PMD_HARNESS_H

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <rte_bus_vdev.h>
#include <rte_devargs.h>
#include <rte_eal.h>
#include <rte_log.h>
#include <rte_errno.h>
#include <rte_ethdev.h>
#include <rte_mbuf.h>
#include <rte_mempool.h>
#include <rte_pause.h>

#include "../eal_harness.h"
#include "pmd_family.h"

#define PMD_HARNESS_MAX_ARGS	40
/* Polls before giving up on traffic: generous, the model may be slow. */
#define PMD_HARNESS_MAX_POLLS	50000000ull
/* Room for one port's devargs after the run-wide ones are added. */
#define PMD_HARNESS_ARGS_LEN	4096

/*
 * Devargs every port of the run gets, from SOCRX_TEST_DEVARGS (meson runs
 * the tests about data and accounting a second time with
 * "dma=noncoherent": the same assertions on the emulated non-coherent
 * interconnect, docs/model.md). A port that sets a key itself keeps its
 * value.
 */
static inline const char *
pmd_harness_run_devargs(void)
{
	const char *e = getenv("SOCRX_TEST_DEVARGS");

	return e != NULL ? e : "";
}

/* Whether this run's ports emulate a non-coherent interconnect. */
static inline int
pmd_harness_run_nc(void)
{
	return strstr(pmd_harness_run_devargs(), "dma=noncoherent") != NULL;
}

/* Whether the comma-separated @p args has a key=value with key @p key. */
static inline int
pmd_harness_has_key(const char *args, const char *key, size_t klen)
{
	const char *p = args;

	while (p != NULL && *p != '\0') {
		if (strncmp(p, key, klen) == 0 && p[klen] == '=')
			return 1;
		p = strchr(p, ',');
		if (p != NULL)
			p++;
	}
	return 0;
}

/*
 * @p args (a vdev string or a devargs string, may be NULL) plus each
 * key=value of pmd_harness_run_devargs() it does not set, in @p buf.
 */
static inline const char *
pmd_harness_args(const char *args, char *buf, size_t size)
{
	const char *extra = pmd_harness_run_devargs(), *kv = extra;
	size_t n;

	n = (size_t)snprintf(buf, size, "%s", args != NULL ? args : "");
	while (*kv != '\0' && n < size) {
		const char *end = strchr(kv, ',');
		size_t len = end != NULL ? (size_t)(end - kv) : strlen(kv);
		const char *eq = memchr(kv, '=', len);

		if (eq != NULL && !pmd_harness_has_key(buf, kv, (size_t)(eq - kv)))
			n += (size_t)snprintf(buf + n, size - n, "%s%.*s",
					      n != 0 ? "," : "", (int)len, kv);
		kv = end != NULL ? end + 1 : kv + len;
	}
	return buf;
}

/* rte_vdev_init() with the run's devargs added (pmd_harness_args()). */
static inline int
pmd_harness_vdev_init(const char *name, const char *args)
{
	char buf[PMD_HARNESS_ARGS_LEN];

	return rte_vdev_init(name, pmd_harness_args(args, buf, sizeof(buf)));
}

/*
 * rte_vdev_init(@p name, @p args) exactly as given (no run devargs added),
 * DPDK's log captured into @p log (a malloc'ed string the caller frees,
 * NULL if it could not be captured). Returns the probe's result.
 */
static inline int
pmd_harness_probe_logged(const char *name, const char *args, char **log)
{
	FILE *old = rte_log_get_stream();
	size_t size = 0;
	FILE *f;
	int ret;

	*log = NULL;
	f = open_memstream(log, &size);
	if (f == NULL)
		return rte_vdev_init(name, args);
	rte_openlog_stream(f);
	ret = rte_vdev_init(name, args);
	rte_openlog_stream(old);
	fclose(f);
	return ret;
}

/*
 * EAL with the test settings plus one --vdev per entry of @p vdevs
 * (NULL-terminated). Exits 77 when EAL cannot start for lack of
 * permissions, 1 on any other failure.
 */
static inline void
pmd_harness_eal_init(const char *prog, const char *const *vdevs)
{
	static char vdev_buf[PMD_HARNESS_MAX_ARGS][PMD_HARNESS_ARGS_LEN];
	char *argv[PMD_HARNESS_MAX_ARGS];
	int argc = 0, i;

	argv[argc++] = (char *)(uintptr_t)prog;
	argv[argc++] = (char *)(uintptr_t)"--no-huge";
	argv[argc++] = (char *)(uintptr_t)"--no-pci";
	argv[argc++] = (char *)(uintptr_t)"-m";
	argv[argc++] = (char *)(uintptr_t)"512";
	/*
	 * --in-memory would be the natural choice, but DPDK 22.11 turns
	 * --no-huge into legacy memory, which it refuses to combine with
	 * --in-memory. --no-shconf gives what matters here: no shared
	 * config file, so tests run in parallel without a file prefix.
	 */
	argv[argc++] = (char *)(uintptr_t)"--no-shconf";
	/*
	 * DPDK's memory from a 4 GiB-aligned base, so that all of it lies in
	 * one 4 GiB block: NETA's bus addresses are 32 bits and a port's
	 * rings and buffers must share their upper half (mvneta_dma_check()
	 * refuses the rest). Left to mmap, the 512 MiB crossed a 4 GiB line
	 * now and then (seen under ASan). The address is free in the
	 * layouts of x86-64, ASan's and qemu-aarch64's.
	 */
	argv[argc++] = (char *)(uintptr_t)"--base-virtaddr=0x200000000000";
	{
		static char loglevel[64];

		snprintf(loglevel, sizeof(loglevel), "--log-level=%s:info",
			 pmd_family()->logtypes);
		argv[argc++] = loglevel;
	}
	for (i = 0; vdevs != NULL && vdevs[i] != NULL &&
	     argc < PMD_HARNESS_MAX_ARGS - 2; i++) {
		argv[argc++] = (char *)(uintptr_t)"--vdev";
		argv[argc++] = (char *)(uintptr_t)pmd_harness_args(vdevs[i],
			vdev_buf[i], sizeof(vdev_buf[i]));
	}
	if (pmd_harness_run_devargs()[0] != '\0')
		printf("every port also gets: %s\n", pmd_harness_run_devargs());
	eal_harness_start(argc, argv);
}

/*
 * Whether the devargs @p args select an RX burst variant this PMD was not
 * built with: the ablation-only ones (prefetch_at=before, zerocopy=0)
 * exist with meson -Drx_ablation=true only (the sanitizer build of
 * config/run.sh has them). Says so when it leaves the case out.
 */
static inline bool
pmd_harness_ablation_built(void)
{
#ifdef SOCNIC_RX_ABLATION
	return true;
#else
	return false;
#endif
}

/*
 * Whether the RX path tells the model of its prefetches (meson
 * -Drx_observe=true, the sanitizer build of config/run.sh): only then
 * does model_nc count a prefetch issued before the sync.
 */
static inline bool
pmd_harness_prefetch_observed(void)
{
#ifdef RXP_PREFETCH_OBSERVE
	return true;
#else
	return false;
#endif
}

/* Whether @p port was probed with the devargs prefetch_at=before. */
static inline bool
pmd_harness_port_prefetches_before(uint16_t port)
{
	struct rte_eth_dev_info info;
	const struct rte_devargs *da;

	if (rte_eth_dev_info_get(port, &info) != 0 || info.device == NULL)
		return false;
	da = rte_dev_devargs(info.device);
	return da != NULL && da->args != NULL &&
	       strstr(da->args, "prefetch_at=before") != NULL;
}

static inline bool
pmd_harness_ablation_args(const char *args)
{
	return strstr(args, "prefetch_at=before") != NULL ||
	       strstr(args, "zerocopy=0") != NULL;
}

static inline bool
pmd_harness_ablation_left_out(const char *args)
{
	if (pmd_harness_ablation_built() || !pmd_harness_ablation_args(args))
		return false;
	printf("left out: %s (an ablation-only variant: meson -Drx_ablation=true)\n",
	       args);
	return true;
}

/* Port id of the vdev @p name, or -1. */
static inline int
pmd_harness_port(const char *name)
{
	uint16_t port;

	if (rte_eth_dev_get_port_by_name(name, &port) != 0)
		return -1;
	return port;
}

/* pmd_harness_port() of a vdev that must be there: fails the test if not. */
static inline int
pmd_harness_probed_port(const char *name)
{
	int port = pmd_harness_port(name);

	CHECK(port >= 0, "%s probed", name);
	return port;
}

/* Descriptors of RX queue 0 of @p port as ethdev reports them, 0 on error. */
static inline uint16_t
pmd_harness_rxq_size(uint16_t port)
{
	struct rte_eth_rxq_info qi;

	memset(&qi, 0, sizeof(qi));
	if (rte_eth_rx_queue_info_get(port, 0, &qi) != 0)
		return 0;
	return qi.nb_desc;
}

/*
 * 1 RX queue and 1 TX queue of @p nb_desc descriptors, promiscuous, then
 * started. @p conf may be NULL. 0 or a negative errno (printed).
 */
static inline int
pmd_harness_port_start(uint16_t port, struct rte_mempool *mp,
		       uint16_t nb_desc, const struct rte_eth_conf *conf)
{
	struct rte_eth_conf def;
	int ret;

	memset(&def, 0, sizeof(def));
	ret = rte_eth_dev_configure(port, 1, 1, conf != NULL ? conf : &def);
	if (ret == 0)
		ret = rte_eth_rx_queue_setup(port, 0, nb_desc,
					     rte_eth_dev_socket_id(port), NULL,
					     mp);
	if (ret == 0)
		ret = rte_eth_tx_queue_setup(port, 0, nb_desc,
					     rte_eth_dev_socket_id(port), NULL);
	if (ret == 0)
		ret = rte_eth_dev_start(port);
	if (ret == 0)
		ret = rte_eth_promiscuous_enable(port);
	if (ret != 0)
		fprintf(stderr, "port %u start: %s\n", port, rte_strerror(-ret));
	return ret;
}

/*
 * Receives, asking for at most @p burst (1..32) frames per poll, until
 * @p want frames arrived or the model is idle (source exhausted, every
 * frame consumed) and the ring is drained. Each received mbuf is passed
 * to @p fn (may be NULL) and then freed. Returns the count.
 */
static inline uint64_t
pmd_harness_rx_until_burst(uint16_t port, uint64_t want, uint16_t burst,
			   void (*fn)(struct rte_mbuf *m, void *arg), void *arg)
{
	struct rte_mbuf *pkts[32];
	uint64_t got = 0, polls;
	int idle_seen = 0;

	burst = RTE_MIN(RTE_MAX(burst, 1), (uint16_t)RTE_DIM(pkts));
	for (polls = 0; polls < PMD_HARNESS_MAX_POLLS && got < want; polls++) {
		uint16_t n = rte_eth_rx_burst(port, 0, pkts, burst), i;

		for (i = 0; i < n; i++) {
			if (fn != NULL)
				fn(pkts[i], arg);
			rte_pktmbuf_free(pkts[i]);
		}
		got += n;
		if (n != 0)
			continue;
		/* Idle seen before an empty poll: nothing more can come. */
		if (idle_seen)
			break;
		idle_seen = pmd_family()->rx_idle(port) == 1;
		rte_pause();
	}
	if (polls == PMD_HARNESS_MAX_POLLS)
		fprintf(stderr, "port %u: gave up after %llu polls, %" PRIu64 " of %" PRIu64 " frames\n",
			port, PMD_HARNESS_MAX_POLLS, got, want);
	return got;
}

/* pmd_harness_rx_until_burst() with bursts of 32. */
static inline uint64_t
pmd_harness_rx_until(uint16_t port, uint64_t want,
		     void (*fn)(struct rte_mbuf *m, void *arg), void *arg)
{
	return pmd_harness_rx_until_burst(port, want, 32, fn, arg);
}

/*
 * The application writes into every free buffer of @p mp, as one that
 * builds frames in mbufs of the RX pool does (or a copy-all port's copies
 * did), before the next port takes them: every other byte of the data
 * room, so a line holding bytes the device wrote and the last port never
 * invalidated (an FCS trimmed in software, in a line of its own) is a
 * partial write over stale device bytes, which the model counts as a
 * clobber when the next fill cleans it (model_nc_clobbers, checked by
 * PMD_HARNESS_CHECK_NO_VIOLATION on that port). Call it before a port
 * starts on @p mp.
 */
static inline void
pmd_harness_app_writes_pool(struct rte_mempool *mp)
{
	static struct rte_mbuf *all[8192];
	unsigned int n = 0, i, k;

	while (n < RTE_DIM(all) && rte_mempool_get(mp, (void **)&all[n]) == 0)
		n++;
	for (i = 0; i < n; i++) {
		uint8_t *p = all[i]->buf_addr;

		for (k = 0; k < all[i]->buf_len; k += 2)
			p[k] = (uint8_t)(k ^ i);
	}
	for (i = 0; i < n; i++)
		rte_mempool_put(mp, all[i]);
}

/* The extended statistic @p name of @p port; a missing one fails the test. */
static inline uint64_t
pmd_harness_xstat(uint16_t port, const char *name)
{
	uint64_t id, v = UINT64_MAX;

	if (rte_eth_xstats_get_id_by_name(port, name, &id) != 0 ||
	    rte_eth_xstats_get_by_id(port, &id, &v, 1) != 1)
		CHECK(0, "port %u: no xstat %s", port, name);
	return v;
}

/*
 * The model's counters of @p port in every family's terms; a failed read
 * fails the test (zeros).
 */
static inline struct pmd_model_stats
pmd_harness_model(uint16_t port)
{
	struct pmd_model_stats st;

	CHECK(pmd_family()->model_stats(port, &st) == 0,
	      "model stats of port %u", port);
	return st;
}

/* The dwmac4 model's own counters (stmmac-only tests); zeros on failure. */
static inline struct dwmac4_model_stats
pmd_harness_model_stats(uint16_t port)
{
	struct dwmac4_model_stats st;

	memset(&st, 0, sizeof(st));
	CHECK(rte_pmd_stmmac_uio_model_stats(port, &st) == 0,
	      "model stats of port %u", port);
	return st;
}

/*
 * Frames the device lost for lack of room before the ring: flushed by the
 * DMA (RPF, DMA_CHx_Miss_Frame_Cnt) or dropped by a full MTL RX queue
 * (MTL_RxQ_Missed_Packet_Overflow_Cnt). What imissed counts.
 */
static inline uint64_t
pmd_harness_model_lost(const struct dwmac4_model_stats *st)
{
	return st->rx_missed + st->rx_dropped_overflow;
}

/*
 * Frames the device took and has not delivered, lost or dropped yet:
 * waiting in the MTL RX queue (for descriptors) or being stored.
 */
static inline uint64_t
pmd_harness_model_pending(const struct dwmac4_model_stats *st)
{
	return st->rx_offered - st->rx_delivered - st->rx_missed -
	       st->rx_dropped_filter - st->rx_dropped_csum -
	       st->rx_dropped_stopped - st->rx_dropped_oversize -
	       st->rx_dropped_overflow - st->rx_dropped_speed;
}

/* The basic statistics of @p port; a failed read fails the test (zeros). */
static inline struct rte_eth_stats
pmd_harness_eth_stats(uint16_t port)
{
	struct rte_eth_stats st;

	memset(&st, 0, sizeof(st));
	CHECK(rte_eth_stats_get(port, &st) == 0, "stats of port %u", port);
	return st;
}

/*
 * The big-endian 64-bit sequence number the generator writes at @p off of
 * a frame, read from the first segment; UINT64_MAX if that is too short.
 */
static inline uint64_t
pmd_harness_frame_seq(const struct rte_mbuf *m, uint32_t off)
{
	const uint8_t *p;
	uint64_t v = 0;
	unsigned int i;

	if (m->data_len < off + 8)
		return UINT64_MAX;
	p = rte_pktmbuf_mtod_offset(m, const uint8_t *, off);
	for (i = 0; i < 8; i++)
		v = v << 8 | p[i];
	return v;
}

/*
 * Polls timesync_read_tx_timestamp on @p port, with no other burst, until
 * a stamp is there (testpmd's ieee1588 engine does so): false if none
 * comes within the harness's polls.
 */
static inline bool
pmd_harness_tx_stamp_poll(uint16_t port, struct timespec *ts)
{
	uint64_t polls;

	for (polls = 0; polls < PMD_HARNESS_MAX_POLLS; polls++) {
		if (rte_eth_timesync_read_tx_timestamp(port, ts) == 0)
			return true;
		rte_pause();
	}
	return false;
}

/* Whether @p port was configured with an RX queue. */
static inline bool
pmd_harness_port_has_queues(uint16_t port)
{
	struct rte_eth_dev_info info;

	return rte_eth_dev_info_get(port, &info) == 0 && info.nb_rx_queues != 0;
}

/*
 * Fails the test unless the model saw no driver protocol violation and,
 * on a port whose interconnect is emulated non-coherent (dma=noncoherent),
 * no missed cache operation: no clobbered line, no device read of bytes
 * the driver wrote and did not clean, no frame sent whose descriptor
 * reached DRAM before its bytes surely had (the model_nc_* xstats); in a build
 * that tells the model of every prefetch, no line prefetched before the
 * sync for the CPU (robustness row 48), except on a port that asked for
 * it (the ablation variant prefetch_at=before).
 */
#define PMD_HARNESS_CHECK_NO_VIOLATION(port)				\
	PMD_HARNESS_CHECK_NO_VIOLATION_OF(pmd_family(), port)

/* The same for a port of family @p fam (a test with ports of two families). */
#define PMD_HARNESS_CHECK_NO_VIOLATION_OF(fam, port)			\
	do {								\
		struct pmd_model_stats st_;				\
		int r_ = (fam)->model_stats((port), &st_);		\
									\
		CHECK(r_ == 0, "model stats of port %u: %d", (port), r_); \
		CHECK(r_ != 0 || st_.violations == 0,			\
		      "port %u: %" PRIu64 " violations, last: %s", (port), \
		      st_.violations,					\
		      (fam)->last_violation(port));			\
		CHECK(r_ != 0 || st_.nc_clobbers == 0,			\
		      "port %u: model_nc_clobbers %" PRIu64		\
		      " (device bytes lost under a dirty line)", (port),	\
		      st_.nc_clobbers);					\
		CHECK(r_ != 0 || st_.nc_unclean_reads == 0,		\
		      "port %u: model_nc_unclean_reads %" PRIu64		\
		      " (device read bytes the driver never cleaned)",	\
		      (port), st_.nc_unclean_reads);			\
		CHECK(r_ != 0 || st_.nc_tx_stale == 0,			\
		      "port %u: model_nc_tx_stale %" PRIu64		\
		      " (frames whose descriptor the DMA could fetch"	\
		      " before their bytes were surely in DRAM)",	\
		      (port), st_.nc_tx_stale);				\
		CHECK(r_ != 0 || st_.nc_early_prefetches == 0 ||	\
		      pmd_harness_port_prefetches_before(port),		\
		      "port %u: %" PRIu64 " lines prefetched before the"	\
		      " sync for the CPU", (port), st_.nc_early_prefetches); \
		/*						\
		 * The emulation really saw the driver's maintenance	\
		 * (on a port given queues: one never configured has	\
		 * no ring to keep).					\
		 */							\
		CHECK(r_ != 0 || !pmd_harness_run_nc() ||		\
		      st_.nc_clean_lines != 0 ||			\
		      !pmd_harness_port_has_queues(port),		\
		      "port %u: dma=noncoherent run, no line cleaned",	\
		      (port));						\
	} while (0)

#endif /* SOCRX_PMD_HARNESS_H */
