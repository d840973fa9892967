/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Devargs parsing (socnic_devargs.h). rte_kvargs is asked to accept any
 * key so that an unknown one can be reported by name (rte_kvargs_parse()
 * with a key list only says "invalid"), then each pair is dispatched
 * through the lists' tables to the keys' parsers (socnic_devargs_value.c).
 * The RX path's keys are parsed in socnic_devargs_rx.c.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include <rte_common.h>
#include <rte_ethdev.h>
#include <rte_ether.h>
#include <rte_kvargs.h>

#include "socnic_devargs.h"
#include "socnic_log.h"

/* ---- The port's keys ---- */

static const char *
parse_uio(const char *v, void *args)
{
	struct socnic_port_args *a = args;
	uint64_t n;

	if (v == NULL || strncmp(v, "uio", 3) != 0 ||
	    socnic_parse_u64(v + 3, 0, 65535, &n) < 0)
		return "expected uioN";
	snprintf(a->uio, sizeof(a->uio), "uio%" PRIu64, n);
	a->use_uio = true;
	return NULL;
}

/*
 * An existing directory, absolute: relative paths would depend on the
 * application's working directory. Trailing slashes are dropped, so "/"
 * is stored as "".
 */
static const char *
parse_uio_root(const char *v, void *args)
{
	struct socnic_port_args *a = args;
	struct stat sb;
	size_t n;

	if (v == NULL || v[0] != '/')
		return "expected an absolute directory path";
	n = strlen(v);
	if (n >= sizeof(a->uio_root))
		return "path too long";
	if (stat(v, &sb) != 0 || !S_ISDIR(sb.st_mode))
		return "no such directory";
	while (n > 0 && v[n - 1] == '/')
		n--;
	memcpy(a->uio_root, v, n);
	a->uio_root[n] = '\0';
	return NULL;
}

#define PA struct socnic_port_args
static const struct socnic_devarg_parser arg_uio = SOCNIC_DEVARG_FN(parse_uio);
static const struct socnic_devarg_parser arg_uio_root =
	SOCNIC_DEVARG_FN(parse_uio_root);
static const struct socnic_devarg_parser arg_uio_force =
	SOCNIC_DEVARG_BOOL(PA, uio_force, "expected 0 or 1");
static const struct socnic_devarg_parser arg_mac =
	SOCNIC_DEVARG_MAC(PA, mac, has_mac, true);
#undef PA

const struct socnic_devarg socnic_port_devargs[] = {
	SOCNIC_PORT_DEVARGS(SOCNIC_DEVARG_PARSE)
};
const unsigned int socnic_port_nb_devargs = RTE_DIM(socnic_port_devargs);

/* ---- The engine ---- */

/* Length of the entry of @p params at @p p (spaces inside <>). */
static size_t
devarg_entry_len(const char *p)
{
	size_t n = 0;
	int depth = 0;

	for (; p[n] != '\0' && (p[n] != ' ' || depth > 0); n++)
		depth += p[n] == '<' ? 1 : p[n] == '>' ? -1 : 0;
	return n;
}

/* "key=<syntax>" of @p key from @p params, in @p buf. */
static const char *
devarg_syntax(const char *params, const char *key, char *buf, size_t size)
{
	const char *p = params;
	size_t klen = strlen(key), n;

	while (*p != '\0') {
		n = devarg_entry_len(p);
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

/* Whether pair @p i repeats the key of an earlier pair. */
static bool
devarg_repeated(const struct rte_kvargs *kvl, unsigned int i)
{
	unsigned int j;

	for (j = 0; j < i; j++)
		if (strcmp(kvl->pairs[j].key, kvl->pairs[i].key) == 0)
			return true;
	return false;
}

/* The entry of @p key and its list, or NULL. */
static const struct socnic_devarg *
devarg_find(const char *key, const struct socnic_devarg_list *lists,
	    unsigned int n, const struct socnic_devarg_list **list)
{
	unsigned int l, k;

	for (l = 0; key != NULL && l < n; l++)
		for (k = 0; k < lists[l].nb_keys; k++)
			if (strcmp(key, lists[l].keys[k].key) == 0) {
				*list = &lists[l];
				return &lists[l].keys[k];
			}
	return NULL;
}

/* Levenshtein distance of @p a and @p b, keys of a few dozen characters. */
static unsigned int
devarg_distance(const char *a, const char *b)
{
	unsigned int row[64], i, j, diag, up;
	size_t na = strlen(a), nb = strlen(b);

	if (na >= RTE_DIM(row) || nb >= RTE_DIM(row))
		return UINT_MAX;
	for (j = 0; j <= nb; j++)
		row[j] = j;
	for (i = 1; i <= na; i++) {
		diag = row[0];
		row[0] = i;
		for (j = 1; j <= nb; j++) {
			up = row[j];
			row[j] = RTE_MIN(RTE_MIN(row[j] + 1, row[j - 1] + 1),
					 diag + (a[i - 1] != b[j - 1]));
			diag = up;
		}
	}
	return row[nb];
}

/*
 * The key of @p lists closest to the unknown @p key, if close enough to
 * be a typo (a third of its letters, at least one), else NULL.
 */
static const char *
devarg_closest(const char *key, const struct socnic_devarg_list *lists,
	       unsigned int n)
{
	unsigned int l, k, d, best = UINT_MAX;
	const char *found = NULL;

	for (l = 0; l < n; l++)
		for (k = 0; k < lists[l].nb_keys; k++) {
			d = devarg_distance(key, lists[l].keys[k].key);
			if (d < best) {
				best = d;
				found = lists[l].keys[k].key;
			}
		}
	return best <= RTE_MAX(1u, (unsigned int)strlen(key) / 3) ? found : NULL;
}

/*
 * The page documenting the keys of the device @p name ("net_<pmd>N"):
 * docs/nics/<pmd>.rst.
 */
static const char *
devarg_doc(const char *name, char *buf, size_t size)
{
	const char *p = strncmp(name, "net_", 4) == 0 ? name + 4 : name;
	size_t n = strlen(p);

	while (n > 0 && p[n - 1] >= '0' && p[n - 1] <= '9')
		n--;
	snprintf(buf, size, "docs/nics/%.*s.rst", (int)n, p);
	return buf;
}

/* Runs the parser of @p d, if this part parses its list. */
static const char *
devarg_apply(const struct socnic_devarg *d, const struct socnic_devarg_list *l,
	     const char *val)
{
	if (d->parser == NULL || l->args == NULL)
		return NULL;
	return socnic_devarg_value(d->parser, val, l->args);
}

enum socnic_devarg_scope
socnic_devargs_scope(const char *key, const struct socnic_devarg_list *lists,
		     unsigned int n)
{
	const struct socnic_devarg_list *l = NULL;
	const struct socnic_devarg *d = devarg_find(key, lists, n, &l);

	return d != NULL ? d->scope : SOCNIC_DEVARG_UNKNOWN;
}

int
socnic_devargs_parse(int logtype, const char *name, const char *args,
		     const char *params,
		     const struct socnic_devarg_list *lists, unsigned int n,
		     struct socnic_devargs_seen *seen)
{
	const struct socnic_devarg_list *l = NULL;
	const struct socnic_devarg *d, *prev = NULL;
	struct rte_kvargs *kvl;
	char syntax[160];
	unsigned int i, k;
	int ret = 0;

	memset(seen, 0, sizeof(*seen));
	for (i = 0; i < n; i++)
		for (k = 0; lists[i].args != NULL && k < lists[i].nb_keys; k++) {
			d = &lists[i].keys[k];
			if (d->dflt == NULL || d->parser == NULL ||
			    socnic_devarg_value(d->parser, d->dflt,
						lists[i].args) == NULL)
				continue;
			SOCNIC_LOG(logtype, ERR, "%s: the default %s=%s does not parse",
				   name, d->key, d->dflt);
			return -EINVAL;
		}
	if (args == NULL || args[0] == '\0')
		return 0;

	kvl = rte_kvargs_parse(args, NULL);
	if (kvl == NULL) {
		SOCNIC_LOG(logtype, ERR, "%s: cannot parse devargs \"%s\"", name,
			   args);
		return -EINVAL;
	}
	for (i = 0; i < kvl->count && ret == 0; i++) {
		const char *key = kvl->pairs[i].key;
		const char *val = kvl->pairs[i].value;
		const char *err = "unknown key";
		char cont[64];

		/* key=a,word: the word continues the key's value. */
		if (prev != NULL && val == NULL &&
		    strstr(devarg_syntax(params, prev->key, syntax,
					 sizeof(syntax)), "[,") != NULL) {
			snprintf(cont, sizeof(cont), ",%s", key);
			if (devarg_find(prev->key, lists, n, &l) != NULL &&
			    devarg_apply(prev, l, cont) == NULL)
				continue;
		}
		if (devarg_repeated(kvl, i)) {
			SOCNIC_LOG(logtype, ERR, "%s: devarg %s given twice: say it once",
				   name, key);
			ret = -EINVAL;
			break;
		}
		d = devarg_find(key, lists, n, &l);
		prev = d;
		if (d != NULL) {
			if (l->given != NULL && l->args != NULL)
				l->given(d->key, val, l->args);
			err = devarg_apply(d, l, val);
			if (d->scope == SOCNIC_DEVARG_MODEL &&
			    seen->model_key == NULL)
				seen->model_key = d->key;
			if (d->scope == SOCNIC_DEVARG_UIO && seen->uio_key == NULL) {
				seen->uio_key = d->key;
				snprintf(seen->uio_val, sizeof(seen->uio_val),
					 "%s", val != NULL ? val : "");
			}
		}
		if (err == NULL)
			continue;
		/*
		 * A known key: its own syntax; an unknown one: the closest
		 * key with its syntax, and where every key is described.
		 */
		if (d != NULL) {
			SOCNIC_LOG(logtype, ERR, "%s: devarg %s=%s rejected: %s (%s)",
				   name, key, val != NULL ? val : "(none)", err,
				   devarg_syntax(params, key, syntax,
						 sizeof(syntax)));
		} else {
			const char *near = devarg_closest(key, lists, n);
			char doc[64];

			SOCNIC_LOG(logtype, ERR, "%s: devarg %s=%s rejected: %s%s%s%s (every key: %s, section Device arguments)",
				   name, key, val != NULL ? val : "(none)", err,
				   near != NULL ? "; did you mean " : "",
				   near != NULL ? devarg_syntax(params, near,
						syntax, sizeof(syntax)) : "",
				   near != NULL ? "?" : "",
				   devarg_doc(name, doc, sizeof(doc)));
		}
		ret = -EINVAL;
	}
	rte_kvargs_free(kvl);
	return ret;
}

/*
 * An explicit mac= that another port already has: both ports would take
 * the same frames (and answer ARP for the same address). A warning, not
 * a refusal: a bridge test may want it.
 */
static void
devargs_warn_mac_shared(int logtype, const char *name, const uint8_t mac[6])
{
	char other[RTE_ETH_NAME_MAX_LEN];
	struct rte_ether_addr ea;
	uint16_t port;

	RTE_ETH_FOREACH_DEV(port) {
		if (rte_eth_macaddr_get(port, &ea) != 0 ||
		    memcmp(ea.addr_bytes, mac, RTE_ETHER_ADDR_LEN) != 0 ||
		    rte_eth_dev_get_name_by_port(port, other) != 0 ||
		    strcmp(other, name) == 0)
			continue;
		SOCNIC_LOG(logtype, WARNING, "%s: devarg mac=%02x:%02x:%02x:%02x:%02x:%02x is also the address of %s (port %u, its mac= or default): both ports take the frames sent to it",
			   name, mac[0], mac[1], mac[2], mac[3], mac[4], mac[5],
			   other, port);
	}
}

int
socnic_devargs_parse_port(int logtype, const char *name, const char *args,
			  const struct socnic_pmd_devargs *pmd,
			  struct socnic_port_args *port,
			  struct socnic_rx_args *rx, void *own)
{
	const struct socnic_devarg_list lists[] = {
		{ socnic_port_devargs, socnic_port_nb_devargs, port, NULL },
		{ socnic_rx_devargs, socnic_rx_nb_devargs, rx, NULL },
		{ pmd->keys, pmd->nb_keys, own, NULL },
		{ pmd->model_keys, pmd->nb_model_keys, NULL, NULL },
	};
	struct socnic_devargs_seen seen;
	int ret;

	ret = socnic_devargs_parse(logtype, name, args, pmd->params, lists,
				   RTE_DIM(lists), &seen);
	if (ret < 0)
		return ret;
	if (port->use_uio && seen.model_key != NULL) {
		SOCNIC_LOG(logtype, ERR, "%s: devarg %s applies to the model only, not with uio=%s",
			   name, seen.model_key, port->uio);
		return -EINVAL;
	}
	if (!port->use_uio && seen.uio_key != NULL) {
		SOCNIC_LOG(logtype, ERR, "%s: devarg %s=%s applies with uio=uioN only",
			   name, seen.uio_key, seen.uio_val);
		return -EINVAL;
	}
	if (port->has_mac)
		devargs_warn_mac_shared(logtype, name, port->mac);
	return 0;
}

enum socnic_devarg_scope
socnic_devargs_pmd_scope(const struct socnic_pmd_devargs *pmd,
			 const char *key)
{
	const struct socnic_devarg_list lists[] = {
		{ socnic_port_devargs, socnic_port_nb_devargs, NULL, NULL },
		{ socnic_rx_devargs, socnic_rx_nb_devargs, NULL, NULL },
		{ pmd->keys, pmd->nb_keys, NULL, NULL },
		{ pmd->model_keys, pmd->nb_model_keys, NULL, NULL },
	};

	return socnic_devargs_scope(key, lists, RTE_DIM(lists));
}
