/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The RX path's devargs (socnic_devargs.h, SOCNIC_RX_DEVARGS): their
 * parsers, the csum= words, and dma= resolved against the port's
 * backend. The engine that dispatches them is socnic_devargs.c's.
 */
#include <errno.h>
#include <stdbool.h>
#include <stdint.h>

#include <rte_common.h>

#include "rxp_prefetch.h"
#include "rxp_sync.h"

#include "socnic_devargs.h"
#include "socnic_log.h"

/* Whether the ablation-only burst variants are built (meson rx_ablation). */
#ifdef SOCNIC_RX_ABLATION
#define SOCNIC_ABLATION_BUILT	true
#else
#define SOCNIC_ABLATION_BUILT	false
#endif

/* csum= words, in enum rxp_csum_mode order. */
static const char *const csum_names[] = { "auto", "sw", "hw", "off", NULL };

const char *
socnic_csum_mode_name(enum rxp_csum_mode mode)
{
	return (unsigned int)mode < RTE_DIM(csum_names) - 1 ?
		csum_names[mode] : "?";
}

static const char *
parse_prefetch_at(const char *v, void *args)
{
	static const char *const names[] = { "after", "before", NULL };
	struct socnic_rx_args *a = args;
	int i = socnic_parse_word(v, names);

	if (i < 0)
		return "expected after or before";
	if (i == 1 && !SOCNIC_ABLATION_BUILT)
		return "the prefetch-before-sync variant is an ablation one, built with meson -Drx_ablation=true";
	a->prefetch_before = i == 1;
	return NULL;
}

static const char *
parse_zerocopy(const char *v, void *args)
{
	struct socnic_rx_args *a = args;
	bool zc;

	if (socnic_parse_bool(v, &zc) < 0)
		return "expected 1 or 0";
	if (!zc && !SOCNIC_ABLATION_BUILT)
		return "the copy-all variant is an ablation one, built with meson -Drx_ablation=true";
	a->zerocopy = zc;
	return NULL;
}

/* Words in their enum's order (prefetch_body, dma). */
#define RA struct socnic_rx_args
static const struct socnic_devarg_parser arg_copybreak =
	SOCNIC_DEVARG_UINT(RA, copybreak, 0, SOCNIC_COPYBREAK_MAX,
			   "expected 0..2048 bytes (0 disables)");
static const struct socnic_devarg_parser arg_csum =
	SOCNIC_DEVARG_WORD(RA, csum, "expected auto, sw, hw or off",
			   .names = csum_names);
static const struct socnic_devarg_parser arg_prefetch =
	SOCNIC_DEVARG_UINT(RA, prefetch_lines, 0, RXP_PREFETCH_HEAD_LINES_MAX,
			   "expected 0, 1 or 2 (64-byte lines of the packet head)");
static const struct socnic_devarg_parser arg_prefetch_at =
	SOCNIC_DEVARG_FN(parse_prefetch_at);
static const struct socnic_devarg_parser arg_prefetch_body =
	SOCNIC_DEVARG_WORD(RA, prefetch_body, "expected auto, on or off",
			   SOCNIC_DV_NAMES("auto", "on", "off"));
static const struct socnic_devarg_parser arg_sync =
	SOCNIC_DEVARG_WORD(RA, sync_full, "expected precise or full",
			   SOCNIC_DV_NAMES("precise", "full"));
static const struct socnic_devarg_parser arg_zerocopy =
	SOCNIC_DEVARG_FN(parse_zerocopy);
static const struct socnic_devarg_parser arg_dma =
	SOCNIC_DEVARG_WORD(RA, dma, "expected auto, coherent or noncoherent",
			   SOCNIC_DV_NAMES("auto", "coherent", "noncoherent"));
#undef RA

const struct socnic_devarg socnic_rx_devargs[] = {
	SOCNIC_RX_DEVARGS(SOCNIC_DEVARG_PARSE)
};
const unsigned int socnic_rx_nb_devargs = RTE_DIM(socnic_rx_devargs);

int
socnic_rx_args_resolve_dma(struct socnic_rx_args *rx,
			   const struct socnic_backend *be, int logtype,
			   const char *name)
{
	if (rx->dma == SOCNIC_DMA_AUTO)
		rx->dma_noncoherent = be->ops->dma_coherent != NULL &&
				      be->ops->dma_coherent(be->ctx) == 0;
	else
		rx->dma_noncoherent = rx->dma == SOCNIC_DMA_NONCOHERENT;
	if (rx->dma_noncoherent && !rxp_sync_noncoherent_supported()) {
		SOCNIC_LOG(logtype, ERR, "%s: the device's DMA is not cache-coherent (%s) and this CPU has no user-space cache maintenance (32-bit Arm): only a coherent device can be driven here",
			   name, rx->dma == SOCNIC_DMA_AUTO ?
			   "no dma-coherent in its device-tree node" :
			   "dma=noncoherent");
		return -ENOTSUP;
	}
	return 0;
}
