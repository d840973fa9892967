/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Devargs of net_stmmac_uio (--vdev net_stmmac_uioN,key=value,...).
 * Parsed once at probe into struct stmmac_devargs; an unknown key or a bad
 * value fails the probe with a log line naming both.
 */
#ifndef STMMAC_DEVARGS_H
#define STMMAC_DEVARGS_H

#include <limits.h>
#include <net/if.h>
#include <stdbool.h>
#include <stdint.h>

#include "model/dwmac4_model.h"

/* The one string both RTE_PMD_REGISTER_PARAM_STRING and pmdinfo use. */
#define STMMAC_PMD_PARAMS						\
	"uio=uioN "							\
	"uio_root=<dir> "						\
	"uio_force=0|1 "						\
	"model=dwmac4 "							\
	"rx_pcap=<path> "						\
	"rx_pcap_loop=0|1 "						\
	"tx_pcap=<path> "						\
	"iface=<ifname> "						\
	"rx_iface=<ifname> "						\
	"tx_iface=<ifname> "						\
	"gen_len=<60..9018>|<min>-<max>|imix "				\
	"gen_flows=<n> "						\
	"gen_pkts=<n, 0 endless> "					\
	"gen_bad_l4=<permille> "					\
	"gen_proto=udp|tcp "						\
	"gen_ipv6=0|1 "							\
	"gen_rate=<pps> "						\
	"gen_dst=<any xx:xx:xx:xx:xx:xx> "				\
	"model_cpu=<cpu, -1 unpinned> "					\
	"mac=<xx:xx:xx:xx:xx:xx> "					\
	"dma_store=plain|nt "						\
	"flow_ctrl=0|1 "						\
	"wb_batch=<1..64> "						\
	"fault_err_ppm=<0..1000000> "					\
	"fault_csum_lie_ppm=<0..1000000> "				\
	"fault_len_ppm=<0..1000000> "					\
	"fault_seed=<u64> "						\
	"fault_cum_back_ppm=<0..1000000> "				\
	"fault_ld_no_fd_ppm=<0..1000000> "				\
	"fault_fd_twice_ppm=<0..1000000> "				\
	"fault_fcs_only_ppm=<0..1000000> "				\
	"fault_stall_ppm=<0..1000000> "					\
	"fault_stall_polls=<1..1000000> "				\
	"fault_dup_ppm=<0..1000000> "					\
	"fault_skip_ppm=<0..1000000> "					\
	"fault_corrupt_ppm=<0..1000000> "				\
	"crc_strip=mac|sw "						\
	"fault_wo_ppm=<0..1000000> "					\
	"copybreak=<0..2048> "						\
	"csum=auto|sw|hw|off "						\
	"prefetch=0|1|2 "						\
	"prefetch_at=after|before "					\
	"prefetch_body=auto|on|off "					\
	"sync=precise|full "						\
	"zerocopy=1|0 "							\
	"dma=auto|coherent|noncoherent "				\
	"model_nc=1|0 "							\
	"bus_width=auto|32|64|128 "					\
	"pbl=1|2|4|8|16|32 "						\
	"axi_blen=4|8|16|32|64|128|256 "				\
	"axi_rd_osr_lmt=<0..15> "						\
	"axi_wr_osr_lmt=<0..15> "						\
	"phy_addr=auto|<0..31> "						\
	"csr_clk=<Hz> "							\
	"fixed_link=<10|100|1000>[,half|full] "				\
	"model_phy_addr=<0..31>|none "					\
	"model_phy_speed=10|100|1000 "					\
	"model_phy_duplex=full|half "					\
	"model_mtl_queues=<1..8> "					\
	"model_clocks=on|off|no_rxc "					\
	"model_boot=reset|running "					\
	"coe=0|1"

/*
 * rx-copybreak threshold: default (Linux mvneta's rx_copybreak) and the
 * largest accepted, which is also the data size of the small buffers.
 */
#define STMMAC_COPYBREAK_DEFAULT	256u
#define STMMAC_COPYBREAK_MAX		2048u

/* Checksum flags (csum=): values of lib/rxpath's enum rxp_csum_mode. */
enum stmmac_csum_mode {
	STMMAC_CSUM_AUTO = 0,	/* hardware where it answered, else software */
	STMMAC_CSUM_SW,		/* always software */
	STMMAC_CSUM_HW,		/* hardware only, UNKNOWN elsewhere */
	STMMAC_CSUM_OFF,	/* no checksum flags (packet_type still set) */
};

/* dma=: the device's DMA and the CPU caches. */
enum stmmac_dma_mode {
	STMMAC_DMA_AUTO = 0,		/* UIO: the device tree says; model: coherent */
	STMMAC_DMA_COHERENT,
	STMMAC_DMA_NONCOHERENT,		/* cache maintenance around every DMA */
};

/* Burst length (PBL) when pbl= is not given: Linux's DEFAULT_DMA_PBL. */
#define STMMAC_PBL_DEFAULT	8u
/* phy_addr=auto: scan the MDIO bus. */
#define STMMAC_PHY_ADDR_AUTO	(-1)

/* fault_stall_polls when not given: engine polls a stall lasts. */
#define STMMAC_FAULT_STALL_POLLS_DEFAULT	64u

/* Generator frame lengths (without FCS) the devargs accept. */
#define STMMAC_GEN_LEN_MIN	60u
#define STMMAC_GEN_LEN_MAX	9018u

enum stmmac_rx_source {
	STMMAC_RX_SRC_GEN = 0,	/* default */
	STMMAC_RX_SRC_PCAP,
	STMMAC_RX_SRC_IFACE,
	/* No RX traffic: a port given only a TX sink (tx_pcap, tx_iface). */
	STMMAC_RX_SRC_NONE,
};

enum stmmac_tx_sink {
	STMMAC_TX_SINK_COUNT = 0,	/* default */
	STMMAC_TX_SINK_PCAP,
	STMMAC_TX_SINK_IFACE,
};

enum stmmac_gen_len_kind {
	STMMAC_GEN_LEN_FIXED = 0,
	STMMAC_GEN_LEN_RANGE,
	STMMAC_GEN_LEN_IMIX,
};

/* prefetch_body=: prefetch the whole frame, not only its head. */
enum stmmac_prefetch_body {
	STMMAC_PF_BODY_AUTO = 0,	/* when software checksums every frame */
	STMMAC_PF_BODY_ON,
	STMMAC_PF_BODY_OFF,
};

struct stmmac_devargs {
	/* Backend: UIO when uio= is given, else the model. */
	bool use_uio;
	char uio[32];			/* "uioN" */
	/*
	 * uio_root=: the directory standing for "/" when looking for the UIO
	 * device (DIR/sys/class/uio/uioN, DIR/dev/uioN); "" for "/" itself.
	 * For tests (socrx-devmodel) and unusual systems.
	 */
	char uio_root[PATH_MAX];
	bool uio_force;			/* use a UIO device of any name */

	/* Model traffic. */
	enum stmmac_rx_source rx_src;
	char rx_pcap[PATH_MAX];
	bool rx_pcap_loop;
	char rx_iface[IF_NAMESIZE];
	enum stmmac_tx_sink tx_sink;
	char tx_pcap[PATH_MAX];
	char tx_iface[IF_NAMESIZE];

	/* Generator. */
	enum stmmac_gen_len_kind gen_len_kind;
	unsigned int gen_len_min;
	unsigned int gen_len_max;
	unsigned int gen_flows;
	uint64_t gen_pkts;		/* 0: endless */
	unsigned int gen_bad_l4;	/* permille */
	uint8_t gen_proto;		/* IPPROTO_UDP or IPPROTO_TCP */
	bool gen_ipv6;
	uint64_t gen_rate;		/* pps, 0: unlimited */
	uint8_t gen_dst[6];		/* destination; the port's if !has_gen_dst */
	bool has_gen_dst;

	/* Model device. */
	int model_cpu;			/* -1: unpinned */
	bool has_mac;
	uint8_t mac[6];
	bool dma_store_nt;
	bool flow_ctrl;
	bool flow_ctrl_set;		/* given explicitly */
	unsigned int wb_batch;		/* model write-back coalescing */
	/*
	 * Model fault injection (docs/design/robustness.md): the fault_*
	 * keys fill channel 0's knobs as the model takes them.
	 */
	struct dwmac4_model_faults faults;
	uint32_t fault_wo_ppm;		/* write-ordering adversary (row 13) */

	/* RX path (docs/design/rxpath.md); all but coe are ablation knobs. */
	uint32_t copybreak;		/* bytes, 0: off */
	enum stmmac_csum_mode csum;
	uint8_t prefetch_lines;		/* packet-head lines, 0..2 */
	bool prefetch_before;		/* prefetch before the sync (ablation) */
	uint8_t prefetch_body;		/* STMMAC_PF_BODY_*: whole-frame prefetch */
	bool sync_full;			/* sync the whole buffer (ablation) */
	bool zerocopy;			/* 0: copy every frame (ablation) */
	enum stmmac_dma_mode dma;	/* as given */
	/*
	 * What the port does, dma= resolved at probe (auto: the device
	 * tree's dma-coherent on a UIO port, coherent on a model port).
	 */
	bool dma_noncoherent;
	/*
	 * model_nc=1 (default): a model port with dma=noncoherent emulates a
	 * non-coherent interconnect (docs/model.md); 0 keeps its DMA
	 * coherent, for measuring the driver's maintenance alone.
	 */
	bool model_nc;
	/* System bus (AXI) width in bytes, the DSL unit; 0: from HW_FEATURE1. */
	unsigned int bus_bytes;
	/*
	 * DMA bring-up (Linux dwmac4_dma_init*(), dwmac4_dma_axi(); a board's
	 * snps,pbl and snps,axi-config): burst length (PBLx8 applies), the
	 * largest AXI burst enabled (0: keep DMA_SysBus_Mode's), outstanding
	 * read/write request limits (-1: keep).
	 */
	unsigned int pbl;
	unsigned int axi_blen;
	int axi_rd_osr_lmt;
	int axi_wr_osr_lmt;
	/* PHY and link (stmmac_phy.c). */
	int phy_addr;			/* STMMAC_PHY_ADDR_AUTO or 0..31 */
	uint64_t csr_clk;		/* CSR clock in Hz, 0: unknown */
	unsigned int fixed_speed;	/* fixed_link: Mbit/s, 0: a PHY */
	bool fixed_full;
	/* Model PHY, MTL and clocks (dwmac4_model_params). */
	unsigned int model_phy_addr;
	unsigned int model_phy_speed;
	bool model_phy_full;
	unsigned int model_mtl_queues;
	unsigned int model_clocks;	/* enum dwmac4_model_clocks */
	bool model_boot_running;	/* dwmac4_model_params.boot_running */
	bool coe;			/* GMAC_CONFIG.IPC: RDES1 verdicts */
	/*
	 * crc_strip=sw: the MAC keeps the FCS in memory (CST and ACS clear)
	 * and the RX path trims it, like Linux stmmac with ACS off; the
	 * default (mac) has the MAC strip it.
	 */
	bool crc_strip_sw;
};

/*
 * Parses @p args (may be NULL or empty) for the device @p name. Returns 0,
 * or -EINVAL after logging the offending key and value.
 */
int stmmac_devargs_parse(const char *name, const char *args,
			 struct stmmac_devargs *da);

/* Which ports a devarg key applies to (stmmac_devargs_key_scope()). */
enum stmmac_devarg_scope {
	STMMAC_DEVARG_UNKNOWN = -1,	/* not a key of this PMD */
	STMMAC_DEVARG_ANY = 0,		/* every port: the driver's own */
	STMMAC_DEVARG_MODEL,		/* the device model only (not with uio=) */
	STMMAC_DEVARG_UIO,		/* with uio= only */
};

/*
 * The scope of @p key, for a program that hosts the model itself
 * (socrx-devmodel) and takes the model's keys only.
 */
enum stmmac_devarg_scope stmmac_devargs_key_scope(const char *key);

#endif /* STMMAC_DEVARGS_H */
