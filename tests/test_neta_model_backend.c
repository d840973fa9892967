/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The neta model behind a port, as a PMD uses it (neta_model_backend.h):
 * the devargs the model takes and refuses, the DMA window over DPDK
 * memory, the model's thread replaying the golden corpus into a ring the
 * test drives through be.ops->read32/write32 only (32-bit bus addresses,
 * the watermark guard), the xstats, destroy. EAL with --no-huge.
 * Argument: the tests/data directory.
 */
#include <dirent.h>
#include <endian.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include <rte_common.h>
#include <rte_cycles.h>
#include <rte_log.h>
#include <rte_malloc.h>
#include <rte_pause.h>

#include "eal_harness.h"
#include "mvneta_desc.h"
#include "mvneta_regs.h"
#include "model_thread.h"
#include "neta_model_backend.h"
#include "neta_model_drv.h"

#define RING	64u
#define BUFSZ	2048u
#define OFFSET	64u


/* Whether a thread of this process has the name @p name. */
static bool
thread_named(const char *name)
{
	char path[300], comm[32];
	struct dirent *e;
	bool found = false;
	DIR *d = opendir("/proc/self/task");
	FILE *f;

	if (d == NULL)
		return false;
	while (!found && (e = readdir(d)) != NULL) {
		if (e->d_name[0] == '.')
			continue;
		snprintf(path, sizeof(path), "/proc/self/task/%s/comm", e->d_name);
		f = fopen(path, "r");
		if (f == NULL)
			continue;
		if (fgets(comm, sizeof(comm), f) != NULL) {
			comm[strcspn(comm, "\n")] = '\0';
			found = strcmp(comm, name) == 0;
		}
		fclose(f);
	}
	closedir(d);
	return found;
}
static const uint8_t mac[6] = { 0x02, 0, 0, 0, 0, 0x42 };
static int logtype;

static int
create(struct socnic_backend *be, const char *args)
{
	static const struct socnic_devarg own[] = {
		{ "pmd_own_key", NULL, NULL, SOCNIC_DEVARG_ANY },
	};
	struct neta_model_args_conf conf = {
		.params = "test",
		.driver_keys = own,
		.nb_driver_keys = RTE_DIM(own),
		.mac = mac,
		.logtype = logtype,
	};

	memset(be, 0, sizeof(*be));
	return neta_model_backend_create(be, "neta_test", args, &conf);
}

static void
test_devargs(const char *dir)
{
	static const char *const refused[] = {
		"model=dwmac4",
		"fault_wb_late_ppm=1000001",
		"no_such_key=1",
		"fault_err_ppm=-1",
		"gen_len=10",
	};
	struct socnic_backend be;
	char args[4200];
	unsigned int i;

	for (i = 0; i < RTE_DIM(refused); i++) {
		CHECK_EQ_U(create(&be, refused[i]), (uint64_t)-EINVAL,
			   "refused: %s", refused[i]);
		CHECK(be.ops == NULL, "nothing left: %s", refused[i]);
	}
	/* The PMD's keys (its own, the port's, the RX path's) pass. */
	snprintf(args, sizeof(args),
		 "pmd_own_key=x,copybreak=128,mac=02:00:00:00:00:09,model=neta,fault_err_ppm=10,rx_pcap=%s/verdict_corpus.pcap",
		 dir);
	CHECK_EQ_U(create(&be, args), 0, "accepted: %s", args);
	CHECK(be.kind == SOCNIC_BACKEND_MODEL && be.promiscuous,
	      "a model port replaying a capture starts promiscuous");
	CHECK(be.ops != NULL && be.ops->cache_op == NULL,
	      "coherent: no cache hook");
	socnic_backend_destroy(&be);
}

static void
test_replay(const char *dir)
{
	struct socnic_backend be;
	struct mvneta_rx_desc *ring;
	uint8_t *bufs;
	uint64_t xs[SOCNIC_BACKEND_MAX_XSTATS], deadline;
	struct neta_model_stats st;
	char args[4200];
	uint32_t i, occ, n, got = 0, w1, bus;
	unsigned int idx = 0;

	snprintf(args, sizeof(args), "rx_pcap=%s/verdict_corpus.pcap,model_cpu=-1",
		 dir);
	if (create(&be, args) != 0) {
		CHECK(0, "replay: backend");
		return;
	}
	ring = rte_zmalloc("neta_ring", RING * sizeof(*ring), 64);
	bufs = rte_zmalloc("neta_bufs", RING * BUFSZ, 64);
	if (ring == NULL || bufs == NULL) {
		CHECK(0, "replay: memory (%s)", rte_strerror(rte_errno));
		socnic_backend_destroy(&be);
		return;
	}
	CHECK_EQ_U(be.ops->dma_map(be.ctx), 0, "replay: DMA window");
	for (i = 0; i < RING; i++) {
		ring[i].buf_phys_addr = htole32((uint32_t)(
			rte_malloc_virt2iova(bufs) + (uint64_t)i * BUFSZ));
		ring[i].size = htole32(MVNETA_DESC_WATERMARK);
	}
	bus = (uint32_t)rte_malloc_virt2iova(ring);
	/* The 3700's window and the DMA configuration, as Linux sets them. */
	drv_port_defaults(neta_model_backend_model(&be));
	/* Window 0 reaches the 4 GiB line of the ring, as the PMD sets it. */
	be.ops->write32(be.ctx, MVNETA_WIN_REMAP(0),
			(uint32_t)(rte_malloc_virt2iova(ring) >> 32));
	be.ops->write32(be.ctx, MVNETA_RXQ_BASE_ADDR_REG(0), bus);
	be.ops->write32(be.ctx, MVNETA_RXQ_SIZE_REG(0), RING |
			((BUFSZ - OFFSET) / 8u) << MVNETA_RXQ_BUF_SIZE_SHIFT);
	be.ops->write32(be.ctx, MVNETA_RXQ_CONFIG_REG(0),
			MVNETA_RXQ_PKT_OFFSET_MASK(OFFSET / 8u));
	be.ops->write32(be.ctx, MVNETA_RXQ_STATUS_UPDATE_REG(0), 64u << 16);
	be.ops->write32(be.ctx, MVNETA_RXQ_CMD, 1);
	be.ops->write32(be.ctx, MVNETA_GMAC_CTRL_0,
			be.ops->read32(be.ctx, MVNETA_GMAC_CTRL_0) |
			MVNETA_GMAC0_PORT_ENABLE);
	/* Out of port reset; every address accepted (promiscuous). */
	be.ops->write32(be.ctx, MVNETA_GMAC_CTRL_2, 0);
	be.ops->write32(be.ctx, MVNETA_PORT_CONFIG, MVNETA_UNI_PROMISC_MODE);
	be.ops->write32(be.ctx, MVNETA_TYPE_PRIO, MVNETA_FORCE_UNI);
	for (n = 0; n < MVNETA_DA_FILT_MCAST_ENTRIES; n += 4) {
		be.ops->write32(be.ctx, MVNETA_DA_FILT_SPEC_MCAST + n,
				0x01010101u);
		be.ops->write32(be.ctx, MVNETA_DA_FILT_OTH_MCAST + n,
				0x01010101u);
	}
	for (n = 0; n < MVNETA_DA_FILT_UCAST_ENTRIES; n += 4)
		be.ops->write32(be.ctx, MVNETA_DA_FILT_UCAST_BASE + n,
				0x01010101u);
	CHECK_EQ_U(be.ops->start(be.ctx), 0, "replay: model thread");
	CHECK(thread_named(MODEL_THREAD_NAME),
	      "replay: no thread of this process named %s", MODEL_THREAD_NAME);
	deadline = rte_get_timer_cycles() + 10 * rte_get_timer_hz();
	while (rte_get_timer_cycles() < deadline) {
		occ = be.ops->read32(be.ctx, MVNETA_RXQ_STATUS_REG(0)) &
		      MVNETA_RXQ_OCCUPIED_ALL_MASK;
		for (n = 0; n < occ; n++) {
			w1 = le32toh(__atomic_load_n(&ring[(idx + n) % RING].size,
						     __ATOMIC_ACQUIRE));
			if (w1 == MVNETA_DESC_WATERMARK)
				break;
			CHECK(le32toh(ring[(idx + n) % RING].status) &
			      MVNETA_RXD_FIRST_DESC, "replay: a frame");
			ring[(idx + n) % RING].size =
				htole32(MVNETA_DESC_WATERMARK);
		}
		if (n != 0) {
			be.ops->write32(be.ctx, MVNETA_RXQ_STATUS_UPDATE_REG(0),
					n | n << 16);
			idx = (idx + n) % RING;
			got += n;
		} else if (neta_model_rx_idle(neta_model_backend_model(&be)) &&
			   (be.ops->read32(be.ctx, MVNETA_RXQ_STATUS_REG(0)) &
			    MVNETA_RXQ_OCCUPIED_ALL_MASK) == 0) {
			break;	/* the source is done and the ring empty */
		} else {
			rte_pause();
		}
	}
	be.ops->stop(be.ctx);
	neta_model_get_stats(neta_model_backend_model(&be), &st);
	printf("replay: %u frames received, %" PRIu64 " offered\n", got,
	       st.rx_offered);
	CHECK(got >= 150, "replay: the corpus arrived (%u)", got);
	CHECK_EQ_U(got, st.rx_delivered, "replay: every delivered frame read");
	CHECK_EQ_U(be.ops->nb_xstats, 20, "xstats: twenty");
	CHECK(strcmp(be.ops->xstat_names[15], "model_rx_dropped_filter") == 0,
	      "xstats: the filter's drops");
	CHECK(strcmp(be.ops->xstat_names[16], "model_watch_da_refused") == 0,
	      "xstats: the filter probe's count");
	CHECK(strcmp(be.ops->xstat_names[17], "model_rx_pause_frames") == 0 &&
	      strcmp(be.ops->xstat_names[18], "model_tx_pause_frames") == 0 &&
	      strcmp(be.ops->xstat_names[19], "model_rx_dropped_control") == 0,
	      "xstats: the flow control counts last");
	CHECK(strcmp(be.ops->xstat_names[7], "model_src_too_long") == 0,
	      "xstats: the source's counts after the model's");
	CHECK(strcmp(be.ops->xstat_names[0], "model_violations") == 0,
	      "xstats: names");
	be.ops->xstats_get(be.ctx, xs);
	CHECK_EQ_U(xs[0], 0, "xstats: no violation");
	CHECK_EQ_U(xs[7], 1, "xstats: the 65549-byte frame did not fit");
	socnic_backend_destroy(&be);
	rte_free(ring);
	rte_free(bufs);
}

int
main(int argc, char **argv)
{
	char *eal[] = { argv[0], "--no-huge", "--no-pci", "-m", "256",
			"--no-shconf", "--log-level=socrx.test.neta:info", NULL };

	if (argc != 2) {
		fprintf(stderr, "usage: %s <tests/data>\n", argv[0]);
		return 1;
	}
	eal_harness_start((int)RTE_DIM(eal) - 1, eal);
	logtype = rte_log_register("socrx.test.neta");
	test_devargs(argv[1]);
	test_replay(argv[1]);
	rte_eal_cleanup();
	return harness_result("test_neta_model_backend");
}
