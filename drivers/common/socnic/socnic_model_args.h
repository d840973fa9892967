/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The model backends' shared half: the device-model keys every family
 * takes (SOCNIC_MODEL_DEVARGS of socnic_devargs.h: traffic, generator,
 * the model thread's CPU or step mode, DMA stores, flow control, write-back batching,
 * the non-coherent interconnect, the fault schedule's seed, the faults,
 * interrupt race and link partner every model has) parsed into
 * struct socnic_model_args, the traffic source and sink they name, made
 * from the shared model library, and the device's part copied into a
 * family model's parameters (SOCNIC_MODEL_ARGS_APPLY). Only a PMD's model
 * backend includes this; the rest of the PMD knows the keys by name only.
 */
#ifndef SOCNIC_MODEL_ARGS_H
#define SOCNIC_MODEL_ARGS_H

#include <limits.h>
#include <net/if.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "model_dma_store.h"
#include "model_traffic.h"
#include "socnic_devargs.h"

/* Generator frame lengths (without FCS) the devargs accept. */
#define SOCNIC_GEN_LEN_MIN	60u
#define SOCNIC_GEN_LEN_MAX	9018u

enum socnic_rx_source {
	SOCNIC_RX_SRC_GEN = 0,	/* default */
	SOCNIC_RX_SRC_PCAP,
	SOCNIC_RX_SRC_IFACE,
	/* No RX traffic: a port given only a TX sink (tx_pcap, tx_iface). */
	SOCNIC_RX_SRC_NONE,
};

enum socnic_tx_sink {
	SOCNIC_TX_SINK_COUNT = 0,	/* default */
	SOCNIC_TX_SINK_PCAP,
	SOCNIC_TX_SINK_IFACE,
};

struct socnic_model_args {
	/* Traffic. */
	enum socnic_rx_source rx_src;
	const char *rx_src_key;		/* the key that chose it, or NULL */
	char rx_pcap[PATH_MAX];
	bool rx_pcap_loop;
	bool rx_pcap_loop_given;
	char rx_iface[IF_NAMESIZE];
	enum socnic_tx_sink tx_sink;
	char tx_pcap[PATH_MAX];
	char tx_iface[IF_NAMESIZE];
	bool iface_key;			/* given as iface=, not rx_/tx_iface= */
	/* Generator: the shared model library's parameters, as given. */
	struct model_gen_params gen;
	const char *gen_key;		/* the first gen_* key given, or NULL */
	bool has_gen_dst;		/* else the port's address */
	uint8_t gen_dst[6];
	/* The device. */
	int cpu;			/* of the model's thread, -1: unpinned */
	bool step;			/* no thread: the harness steps it */
	bool inline_step;		/* no thread: each RX poll steps it */
	enum model_dma_store dma_store;	/* how DMA writes reach memory */
	bool flow_ctrl;			/* hold frames while nothing is armed */
	bool flow_ctrl_set;		/* given explicitly */
	unsigned int wb_batch;		/* write-backs published together, 0: 1 */
	bool nc;			/* with dma=noncoherent: emulate it */
	uint64_t fault_seed;		/* the fault schedule's */
	/*
	 * The knobs every family's model has (socnic_devargs.h): receive
	 * faults per million frames (0: off), the interrupt race on demand,
	 * the link partner's one mode.
	 */
	uint32_t fault_err_ppm;		/* closed with an error */
	uint32_t fault_len_ppm;		/* the length written lies */
	uint32_t fault_csum_lie_ppm;	/* the checksum verdict inverted */
	bool irq_race;
	unsigned int phy_speed;		/* 10, 100 or 1000 Mbit/s */
	bool phy_full;
};

/*
 * The device's part of @p src (struct socnic_model_args) into @p dst, a
 * family model's parameters (struct dwmac4_model_params, struct
 * neta_model_params), whose fields of these names mean the same in every
 * family: the port's address @p addr as the device's, DMA stores, flow
 * control, the fault schedule (seed and the faults every model injects),
 * the interrupt race, the link partner, and the non-coherent interconnect
 * emulated when @p want_nc (the port asked for dma=noncoherent) and
 * model_nc allows. A macro over the two structs' common fields, not a copy
 * per family.
 */
#define SOCNIC_MODEL_ARGS_APPLY(dst, src, addr, want_nc)		\
	do {								\
		memcpy((dst)->mac, (addr), sizeof((dst)->mac));		\
		(dst)->dma_store = (src)->dma_store;			\
		(dst)->flow_control = (src)->flow_ctrl;			\
		(dst)->nc_emulation = (want_nc) && (src)->nc;		\
		(dst)->faults.seed = (src)->fault_seed;			\
		(dst)->faults.err_ppm = (src)->fault_err_ppm;		\
		(dst)->faults.len_ppm = (src)->fault_len_ppm;		\
		(dst)->faults.csum_lie_ppm = (src)->fault_csum_lie_ppm;	\
		(dst)->irq_race = (src)->irq_race;			\
		(dst)->phy_speed = (src)->phy_speed;			\
		(dst)->phy_full = (src)->phy_full;			\
	} while (0)

/* The keys' parse table (SOCNIC_MODEL_DEVARGS), for socnic_devargs_parse(). */
extern const struct socnic_devarg socnic_model_devargs[];
extern const unsigned int socnic_model_nb_devargs;

/*
 * Parses the model's keys of @p args for the device @p name into @p ma
 * (the keys every family's model takes) and the family's list @p family
 * (its model's keys and the struct they fill); the PMD's keys (the
 * port's, the RX path's and @p driver_keys, which may be NULL) are
 * recognised and left alone. @p params is the PMD's parameter string,
 * quoted when a devarg is refused (NULL: none).
 *
 * After parsing: a port given a TX sink and nothing to receive (no RX
 * source, no gen_* key) receives nothing; a capture is replayed
 * losslessly (flow control) unless flow_ctrl= says otherwise. Keys that
 * would be accepted and ignored are refused, naming both keys: a gen_*
 * key beside another RX source (rx_pcap, iface, rx_iface), rx_pcap_loop
 * without rx_pcap; so is a model_cpu= that names no online CPU (it would
 * fail only at the port's start). 0, or -EINVAL after logging.
 */
int socnic_model_args_parse(int logtype, const char *name, const char *args,
			    const char *params, struct socnic_model_args *ma,
			    const struct socnic_devarg_list *family,
			    const struct socnic_devarg *driver_keys,
			    unsigned int nb_driver_keys);

/*
 * Traffic from the frames' sources and to their sinks do not address the
 * port alone: such a port starts promiscuous (as DPDK's net_pcap receives
 * every frame). Generated traffic is addressed to the port.
 */
static inline bool
socnic_model_args_promiscuous(const struct socnic_model_args *ma)
{
	return ma->rx_src != SOCNIC_RX_SRC_GEN;
}

/*
 * The traffic source and sink of @p ma for the device @p name whose MAC
 * address is @p mac (the generator's destination unless gen_dst=, and the
 * base of its source). 0, or -EINVAL after logging why (nothing left).
 */
int socnic_model_traffic_create(const struct socnic_model_args *ma,
				const char *name, const uint8_t mac[6],
				int logtype, struct model_traffic_src **src,
				struct model_traffic_sink **sink);

#endif /* SOCNIC_MODEL_ARGS_H */
