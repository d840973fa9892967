/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Devargs of the socnic PMDs (--vdev net_<pmd>N,key=value,...).
 *
 * Every key is one entry of an X-macro list, X(key, syntax, default,
 * scope), from which everything else is generated: the PMD's parameter
 * string (RTE_PMD_REGISTER_PARAM_STRING and the PMD_INFO_STRING of
 * dpdk-pmdinfo.py: SOCNIC_DEVARG_PARAM), the parse table
 * (SOCNIC_DEVARG_PARSE: key "foo" is parsed by arg_foo()), and the
 * defaults: a key's default is the value in its entry, parsed by its own
 * parser before the arguments given (NULL: the setting's "not given"
 * state, or the default of the component it configures, e.g. the device
 * model's).
 *
 * A port's keys come in lists, each parsed by one part of the PMD into its
 * own struct: the port keys and the RX-path keys below (every PMD), the
 * PMD's own, and the device model's, parsed by the model backend only
 * (socnic_model_args.h, and the family's model keys). A part that does not
 * parse a list recognises its keys (SOCNIC_DEVARG_KNOWN), so that every
 * part rejects an unknown key and none rejects another part's.
 *
 * Parsing is strict: an unknown key, a key given twice, a bad value (no
 * sign, no trailing garbage, range-checked) fails with a log line naming
 * the key and its syntax.
 */
#ifndef SOCNIC_DEVARGS_H
#define SOCNIC_DEVARGS_H

#include <limits.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "rxp_parse.h"

#include "socnic_backend.h"

/* Which ports a key applies to. */
enum socnic_devarg_scope {
	SOCNIC_DEVARG_UNKNOWN = -1,	/* not a key of this PMD */
	SOCNIC_DEVARG_ANY = 0,		/* every port: the driver's own */
	SOCNIC_DEVARG_MODEL,		/* the device model only (not with uio=) */
	SOCNIC_DEVARG_UIO,		/* with uio= only */
};

/*
 * X-macro expanders: "key=syntax " of the parameter string; table rows
 * (key "foo" is parsed as its parser arg_foo says, a
 * struct socnic_devarg_parser of the file that parses the list).
 */
#define SOCNIC_DEVARG_PARAM(key, syntax, dflt, scope) #key "=" syntax " "
#define SOCNIC_DEVARG_PARSE(key, syntax, dflt, scope)			\
	{ #key, &arg_ ## key, dflt, SOCNIC_DEVARG_ ## scope },
#define SOCNIC_DEVARG_KNOWN(key, syntax, dflt, scope)			\
	{ #key, NULL, NULL, SOCNIC_DEVARG_ ## scope },

/* Parses @p val into @p args; NULL, or why it is refused. */
typedef const char *(*socnic_devarg_fn)(const char *val, void *args);

/* How a key's value is parsed (socnic_devargs_value.c). */
enum socnic_devarg_type {
	SOCNIC_DV_FN = 0,	/* by fn, a key of its own kind */
	SOCNIC_DV_UINT,		/* one of names, else a decimal in [min, max] */
	SOCNIC_DV_WORD,		/* one of names */
	SOCNIC_DV_MAC,		/* xx:xx:xx:xx:xx:xx; min 1: unicast only */
};

/*
 * One key's parser: a function, or a row saying what the value may be and
 * which field of the list's struct takes it (a word: its value in vals,
 * or its index). err is the reason given for a refused value.
 */
struct socnic_devarg_parser {
	enum socnic_devarg_type type;
	socnic_devarg_fn fn;		/* SOCNIC_DV_FN */
	uint32_t off;			/* the field: offset and size */
	uint32_t size;
	uint32_t given;			/* 1 + offset of a bool set; 0: none */
	uint64_t min, max;
	bool pow2;			/* UINT: a power of two only */
	const char *const *names;	/* NULL-terminated */
	const int64_t *vals;
	const char *err;
};

/* A field of struct @p T for the rows below. */
#define SOCNIC_DV_AT(T, f)						\
	.off = offsetof(T, f), .size = sizeof(((T *)0)->f)
/* ... and a bool of @p T set when the key is given. */
#define SOCNIC_DV_GIVEN(T, f)	.given = offsetof(T, f) + 1
/* Words and their values, for .names and .vals. */
#define SOCNIC_DV_NAMES(...)	.names = (const char *const[]){ __VA_ARGS__, NULL }
#define SOCNIC_DV_VALS(...)	.vals = (const int64_t[]){ __VA_ARGS__ }

#define SOCNIC_DEVARG_FN(f)	{ .type = SOCNIC_DV_FN, .fn = (f) }
#define SOCNIC_DEVARG_UINT(T, f, lo, hi, why)				\
	{ .type = SOCNIC_DV_UINT, SOCNIC_DV_AT(T, f), .min = (lo),	\
	  .max = (hi), .err = (why) }
#define SOCNIC_DEVARG_BOOL(T, f, why)	SOCNIC_DEVARG_UINT(T, f, 0, 1, why)
/* A rate per million frames, 0..1000000. */
#define SOCNIC_DEVARG_PPM(T, f)						\
	SOCNIC_DEVARG_UINT(T, f, 0, 1000000,				\
			   "expected 0..1000000 per million frames")
/* A clock rate in Hz, 1 MHz..1 GHz; @p what names the clock. */
#define SOCNIC_DEVARG_HZ(T, f, what)					\
	SOCNIC_DEVARG_UINT(T, f, 1000000, 1000000000,			\
			   "expected " what " in Hz, 1000000..1000000000")
/* A model fault rate's key: SOCNIC_DEVARG_PPM's range, off by default. */
#define SOCNIC_DV_FAULT_PPM(X, key)	X(key, "<0..1000000>", NULL, MODEL)
/* The words' index (enum order), or with SOCNIC_DV_VALS their values. */
#define SOCNIC_DEVARG_WORD(T, f, why, ...)				\
	{ .type = SOCNIC_DV_WORD, SOCNIC_DV_AT(T, f), .err = (why),	\
	  __VA_ARGS__ }
/* A link speed: 10, 100 or 1000 (Mbit/s). */
#define SOCNIC_DEVARG_SPEED(T, f)					\
	SOCNIC_DEVARG_WORD(T, f, "expected 10, 100 or 1000",		\
			   SOCNIC_DV_NAMES("10", "100", "1000"),		\
			   SOCNIC_DV_VALS(10, 100, 1000))
/* A duplex, full (true) or half, into a bool. */
#define SOCNIC_DEVARG_DUPLEX(T, f)					\
	SOCNIC_DEVARG_WORD(T, f, "expected full or half",		\
			   SOCNIC_DV_NAMES("full", "half"), SOCNIC_DV_VALS(1, 0))
/* An MDIO address 0..31, or @p word (auto, none) for @p val. */
#define SOCNIC_DEVARG_MDIO_ADDR(T, f, word, val, why)			\
	{ .type = SOCNIC_DV_UINT, SOCNIC_DV_AT(T, f), .min = 0, .max = 31, \
	  SOCNIC_DV_NAMES(word), SOCNIC_DV_VALS(val), .err = (why) }
/* An address, @p unicast: an assigned unicast one only; @p has set. */
#define SOCNIC_DEVARG_MAC(T, f, has, unicast)				\
	{ .type = SOCNIC_DV_MAC, SOCNIC_DV_AT(T, f), SOCNIC_DV_GIVEN(T, has), \
	  .min = (unicast) }

struct socnic_devarg {
	const char *key;
	/* NULL: another part of the PMD parses it */
	const struct socnic_devarg_parser *parser;
	const char *dflt;	/* parsed before the arguments; NULL: none */
	enum socnic_devarg_scope scope;
};

/*
 * One list of keys and the struct its parsers fill (NULL: recognise only);
 * given, if not NULL, is told every key of the list given, before its
 * parser runs.
 */
struct socnic_devarg_list {
	const struct socnic_devarg *keys;
	unsigned int nb_keys;
	void *args;
	void (*given)(const char *key, const char *val, void *args);
};

/* Parses @p val for @p p into @p args; NULL, or why it is refused. */
const char *socnic_devarg_value(const struct socnic_devarg_parser *p,
				const char *val, void *args);

/* What a parse saw of the scoped keys, for the checks of the backends. */
struct socnic_devargs_seen {
	const char *model_key;	/* first model-only key given, or NULL */
	const char *uio_key;	/* first uio-only key given, or NULL */
	char uio_val[PATH_MAX];	/* ... and its value */
};

/*
 * Applies the defaults of the lists that have args, then parses @p args
 * (NULL or "" for none) for the device @p name. @p params is the PMD's
 * parameter string (the syntax quoted in messages). A value-less word
 * right after a key whose syntax allows ",word" (fixed_link=100,half)
 * goes to that key's parser as ",word". 0, or -EINVAL after logging the
 * offending key and value.
 */
int socnic_devargs_parse(int logtype, const char *name, const char *args,
			 const char *params,
			 const struct socnic_devarg_list *lists, unsigned int n,
			 struct socnic_devargs_seen *seen);

/* The scope of @p key in @p lists, SOCNIC_DEVARG_UNKNOWN if none has it. */
enum socnic_devarg_scope
socnic_devargs_scope(const char *key, const struct socnic_devarg_list *lists,
		     unsigned int n);

/* ---- A port's devargs: the lists every PMD takes, and its own ---- */

struct socnic_port_args;
struct socnic_rx_args;

/* A PMD's keys beside the port's and the RX path's (socnic_devargs.c). */
struct socnic_pmd_devargs {
	const char *params;		/* the PMD's parameter string */
	const struct socnic_devarg *keys;	/* the driver's own, parsed */
	unsigned int nb_keys;
	const struct socnic_devarg *model_keys;	/* the model's, recognised */
	unsigned int nb_model_keys;
};

/*
 * Defines @p var, the struct socnic_pmd_devargs of a PMD whose parameter
 * string is @p params_str: its own keys (the X-macro list @p OWN, key foo
 * parsed by its arg_foo) and its model's (SOCNIC_MODEL_DEVARGS and the
 * list @p MODEL, recognised only: the model backend parses them).
 */
#define SOCNIC_PMD_DEVARGS_DEFINE(var, params_str, OWN, MODEL)		\
static const struct socnic_devarg var ## _keys[] = {			\
	OWN(SOCNIC_DEVARG_PARSE)					\
};									\
static const struct socnic_devarg var ## _model_keys[] = {		\
	SOCNIC_MODEL_DEVARGS(SOCNIC_DEVARG_KNOWN)			\
	MODEL(SOCNIC_DEVARG_KNOWN)					\
};									\
static const struct socnic_pmd_devargs var = {				\
	.params = params_str,						\
	.keys = var ## _keys,						\
	.nb_keys = sizeof(var ## _keys) / sizeof(var ## _keys[0]),	\
	.model_keys = var ## _model_keys,				\
	.nb_model_keys = sizeof(var ## _model_keys) /			\
			 sizeof(var ## _model_keys[0]),			\
}

/*
 * Parses the devargs @p args (may be NULL or empty) of the device @p name:
 * the port keys into @p port, the RX path's into @p rx, the PMD's own into
 * @p own; the model's keys are recognised and left to the model backend.
 * A model key with uio=, or a uio-only key without it, is refused. The
 * caller sets the "not given" states first (@p port and @p rx zeroed).
 * 0, or -EINVAL after logging.
 */
int socnic_devargs_parse_port(int logtype, const char *name, const char *args,
			      const struct socnic_pmd_devargs *pmd,
			      struct socnic_port_args *port,
			      struct socnic_rx_args *rx, void *own);

/* The scope of @p key among the PMD's lists, SOCNIC_DEVARG_UNKNOWN if none. */
enum socnic_devarg_scope
socnic_devargs_pmd_scope(const struct socnic_pmd_devargs *pmd,
			 const char *key);

/* ---- Value parsers for the keys' own functions (SOCNIC_DV_FN) ---- */

/* Strict unsigned decimal in [min, max]: 0 or -1. */
int socnic_parse_u64(const char *s, uint64_t min, uint64_t max, uint64_t *out);
/* "0" or "1": 0 or -1. */
int socnic_parse_bool(const char *s, bool *out);
/* Index of @p v in the NULL-terminated @p names, or -1. */
int socnic_parse_word(const char *v, const char *const *names);
/* A non-empty string that fits @p cap with its NUL: 0 or -1. */
int socnic_copy_str(char *dst, size_t cap, const char *s);

/* ---- The port's keys (every PMD): its backend and address ---- */

#define SOCNIC_PORT_DEVARGS(X)						\
	X(uio, "uioN", NULL, ANY)					\
	X(uio_root, "<dir>", NULL, UIO)					\
	X(uio_force, "0|1", "0", ANY)					\
	X(mac, "<xx:xx:xx:xx:xx:xx>", NULL, ANY)

struct socnic_port_args {
	/* Backend: UIO when uio= is given, else the device model. */
	bool use_uio;
	char uio[32];			/* "uioN" */
	/*
	 * uio_root=: the directory standing for "/" when looking for the UIO
	 * device (DIR/sys/class/uio/uioN, DIR/dev/uioN); "" for "/" itself.
	 * For tests (socrx-devmodel) and unusual systems.
	 */
	char uio_root[PATH_MAX];
	bool uio_force;			/* use a UIO device of any name */
	bool has_mac;			/* mac= given */
	uint8_t mac[6];
};

extern const struct socnic_devarg socnic_port_devargs[];
extern const unsigned int socnic_port_nb_devargs;

/* ---- The RX path's keys (every PMD; docs/design/rxpath.md) ---- */

/*
 * Parsed by socnic_devargs_rx.c. prefetch_at=before and zerocopy=0 select
 * ablation-only burst variants, built with -Drx_ablation=true
 * (tests/bench/ablation.py); other builds refuse them, naming the option.
 */
#define SOCNIC_RX_DEVARGS(X)						\
	X(copybreak, "<0..2048>", "256", ANY)				\
	X(csum, "auto|sw|hw|off", "auto", ANY)				\
	X(prefetch, "0|1|2", "2", ANY)					\
	X(prefetch_at, "after|before", "after", ANY)			\
	X(prefetch_body, "auto|on|off", "auto", ANY)			\
	X(sync, "precise|full", "precise", ANY)				\
	X(zerocopy, "1|0", "1", ANY)					\
	X(dma, "auto|coherent|noncoherent", "auto", ANY)

/* Largest copybreak= (also the data size of the small buffers). */
#define SOCNIC_COPYBREAK_MAX	2048u

/* dma=: the device's DMA and the CPU caches. */
enum socnic_dma_mode {
	SOCNIC_DMA_AUTO = 0,		/* UIO: the device tree says; model: coherent */
	SOCNIC_DMA_COHERENT,
	SOCNIC_DMA_NONCOHERENT,		/* cache maintenance around every DMA */
};

/* prefetch_body=: prefetch the whole frame, not only its head. */
enum socnic_prefetch_body {
	SOCNIC_PF_BODY_AUTO = 0,	/* when software checksums every frame */
	SOCNIC_PF_BODY_ON,
	SOCNIC_PF_BODY_OFF,
};

struct socnic_rx_args {
	uint32_t copybreak;		/* bytes, 0: off */
	enum rxp_csum_mode csum;
	uint8_t prefetch_lines;		/* packet-head lines, 0..2 */
	bool prefetch_before;		/* prefetch before the sync (ablation) */
	enum socnic_prefetch_body prefetch_body;
	bool sync_full;			/* sync the whole buffer (ablation) */
	bool zerocopy;			/* 0: copy every frame (ablation) */
	enum socnic_dma_mode dma;	/* as given */
	/*
	 * What the port does, dma= resolved at probe by
	 * socnic_rx_args_resolve_dma() (auto: the device tree's
	 * dma-coherent on a UIO port, coherent on a model port).
	 */
	bool dma_noncoherent;
};

extern const struct socnic_devarg socnic_rx_devargs[];
extern const unsigned int socnic_rx_nb_devargs;

/* The csum= word of @p mode ("auto", "sw", "hw", "off"), for messages. */
const char *socnic_csum_mode_name(enum rxp_csum_mode mode);

/*
 * dma= of @p rx resolved for the device behind @p be (dma=auto: what the
 * backend says of the device, coherent when it says nothing) into
 * rx->dma_noncoherent. -ENOTSUP (logged) for a non-coherent device on a
 * CPU without user-space cache maintenance (32-bit Arm).
 */
int socnic_rx_args_resolve_dma(struct socnic_rx_args *rx,
			       const struct socnic_backend *be, int logtype,
			       const char *name);

/* ---- The device model's keys, every family's (socnic_model_args.h) ---- */

/*
 * The device knobs at the end are those every family's model has with the
 * same meaning, values and default: the receive faults (a frame closed
 * with an error, a length that lies, a checksum verdict inverted; each
 * family's docs say how they show on its descriptors), the interrupt race
 * on demand and the link partner's one mode. model_phy_addr stays the
 * family's: its default is the family's board's PHY address (0, 1).
 */
#define SOCNIC_MODEL_DEVARGS(X)						\
	X(rx_pcap, "<path>", NULL, MODEL)				\
	X(rx_pcap_loop, "0|1", NULL, MODEL)				\
	X(tx_pcap, "<path>", NULL, MODEL)				\
	X(iface, "<ifname>", NULL, MODEL)				\
	X(rx_iface, "<ifname>", NULL, MODEL)				\
	X(tx_iface, "<ifname>", NULL, MODEL)				\
	X(gen_len, "<60..9018>|<min>-<max>|imix", NULL, MODEL)		\
	X(gen_flows, "<n>", NULL, MODEL)				\
	X(gen_pkts, "<n, 0 endless>", NULL, MODEL)			\
	X(gen_bad_l4, "<permille>", NULL, MODEL)			\
	X(gen_proto, "udp|tcp", NULL, MODEL)				\
	X(gen_ipv6, "0|1", NULL, MODEL)					\
	X(gen_rate, "<pps>", NULL, MODEL)				\
	X(gen_stamp, "0|1", NULL, MODEL)				\
	X(gen_dst, "<any xx:xx:xx:xx:xx:xx>", NULL, MODEL)		\
	X(model_cpu, "<cpu, -1 unpinned>", "-1", MODEL)			\
	X(model_step, "0|1|inline", "0", MODEL)			\
	X(dma_store, "plain|nt|flush", "plain", MODEL)			\
	X(flow_ctrl, "0|1", NULL, MODEL)				\
	X(wb_batch, "<1..64>", NULL, MODEL)				\
	X(model_nc, "1|0", "1", MODEL)					\
	X(fault_seed, "<u64>", NULL, MODEL)				\
	SOCNIC_DV_FAULT_PPM(X, fault_err_ppm)				\
	SOCNIC_DV_FAULT_PPM(X, fault_len_ppm)				\
	SOCNIC_DV_FAULT_PPM(X, fault_csum_lie_ppm)			\
	X(model_irq_race, "0|1", NULL, MODEL)				\
	X(model_phy_speed, "10|100|1000", "1000", MODEL)		\
	X(model_phy_duplex, "full|half", "full", MODEL)

#endif /* SOCNIC_DEVARGS_H */
