/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Route file parser (see routes.h for the format). Strict on purpose: a
 * router that silently skips a line it did not understand forwards
 * somewhere nobody asked for, so every doubt is an error naming the line.
 */
#include <arpa/inet.h>
#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "num.h"
#include "routes.h"

#define ROUTES_LINE_MAX	1024	/* bytes a line, its newline included */
#define ROUTES_UTF8_BOM	"\xef\xbb\xbf"
#define ROUTES_MAX_TOKENS	8

struct parse_ctx {
	const char *path;
	unsigned int line;
	unsigned int nb_ports;
	uint64_t port_mask;
	unsigned int max_routes;	/* per family */
	char *err;
	size_t errlen;
};

static int __attribute__((format(printf, 2, 3)))
fail(const struct parse_ctx *c, const char *fmt, ...)
{
	char msg[ROUTES_ERR_LEN];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	if (c->line != 0)
		snprintf(c->err, c->errlen, "%s:%u: %s", c->path, c->line, msg);
	else
		snprintf(c->err, c->errlen, "%s: %s", c->path, msg);
	return -1;
}

static int
parse_port(const struct parse_ctx *c, const char *s, uint16_t *port)
{
	unsigned long v;

	if (num_parse_uint(s, 65535, &v) != 0)
		return fail(c, "bad port number '%s' (a decimal port id)", s);
	if (v >= c->nb_ports)
		return fail(c, "port %lu out of range: %u port(s) available (0..%d)",
			    v, c->nb_ports, (int)c->nb_ports - 1);
	if (v >= 64 || !(c->port_mask & (UINT64_C(1) << v)))
		return fail(c, "port %lu is not enabled by the port mask (-p 0x%llx)",
			    v, (unsigned long long)c->port_mask);
	*port = (uint16_t)v;
	return 0;
}

/* Strict xx:xx:xx:xx:xx:xx, hex digits of either case. */
static int
parse_mac(const char *s, uint8_t mac[6])
{
	static const char hex[] = "0123456789abcdef";
	int i, j;

	if (strlen(s) != 17)
		return -1;
	for (i = 0; i < 6; i++) {
		uint8_t b = 0;

		for (j = 0; j < 2; j++) {
			const char *d = strchr(hex, s[3 * i + j] | 0x20);

			if (s[3 * i + j] == '\0' || d == NULL || *d == '\0')
				return -1;
			b = (uint8_t)(b << 4 | (d - hex));
		}
		if (i < 5 && s[3 * i + 2] != ':')
			return -1;
		mac[i] = b;
	}
	return 0;
}

/* Masks @p a (big-endian bytes) to @p depth bits; 1 when bits were set. */
static int
mask_host_bits(uint8_t *a, unsigned int bytes, unsigned int depth)
{
	unsigned int i;
	int changed = 0;

	for (i = 0; i < bytes; i++) {
		unsigned int lo = i * 8;
		uint8_t keep;

		if (depth >= lo + 8)
			continue;
		keep = depth <= lo ? 0 : (uint8_t)(0xff << (8 - (depth - lo)));
		if (a[i] & ~keep)
			changed = 1;
		a[i] &= keep;
	}
	return changed;
}

/*
 * Room for one more route of a family in @p arr (@p n used of @p *cap):
 * the array grows by doubling, up to the --max-routes limit, so that a
 * high limit costs nothing until a file needs it. @return the array,
 * perhaps moved, or NULL with the error written (@p arr is kept).
 */
static void *
room(const struct parse_ctx *c, void *arr, unsigned int n, unsigned int *cap,
     size_t size, const char *family)
{
	unsigned int want;
	void *p;

	if (n == c->max_routes) {
		fail(c, "more than %u %s routes: the limit is --max-routes %u (at most %u)",
		     c->max_routes, family, c->max_routes, ROUTES_MAX_RULES_LIMIT);
		return NULL;
	}
	if (n < *cap)
		return arr;
	want = *cap == 0 ? 64 : *cap * 2;
	if (want > c->max_routes)
		want = c->max_routes;
	p = realloc(arr, (size_t)want * size);
	if (p == NULL) {
		fail(c, "out of memory for %u %s routes", want, family);
		return NULL;
	}
	*cap = want;
	return p;
}

static int
parse_route(const struct parse_ctx *c, char **tok, int n, struct route_table *t)
{
	char addr[INET6_ADDRSTRLEN + 8], shown[INET6_ADDRSTRLEN];
	uint8_t a[16];
	unsigned long depth;
	unsigned int bytes, maxlen;
	const char *slash;
	struct route6 *v6r;
	uint16_t port;
	int v6;

	if (n < 2)
		return fail(c, "route: missing prefix (expected 'route <prefix>/<len> port <N>')");
	slash = strchr(tok[1], '/');
	if (slash == NULL)
		return fail(c, "prefix '%s' has no /<len>", tok[1]);
	if ((size_t)(slash - tok[1]) >= sizeof(addr))
		return fail(c, "bad address in prefix '%s'", tok[1]);
	memcpy(addr, tok[1], (size_t)(slash - tok[1]));
	addr[slash - tok[1]] = '\0';
	v6 = strchr(addr, ':') != NULL;
	memset(a, 0, sizeof(a));
	if (inet_pton(v6 ? AF_INET6 : AF_INET, addr, a) != 1)
		return fail(c, "bad %s address '%s' in prefix '%s'",
			    v6 ? "IPv6" : "IPv4", addr, tok[1]);
	bytes = v6 ? 16 : 4;
	maxlen = v6 ? 128 : 32;
	if (num_parse_uint(slash + 1, maxlen, &depth) != 0)
		return fail(c, "bad prefix length '%s' (0..%u for %s)", slash + 1,
			    maxlen, v6 ? "IPv6" : "IPv4");
	if (mask_host_bits(a, bytes, (unsigned int)depth)) {
		inet_ntop(v6 ? AF_INET6 : AF_INET, a, shown, sizeof(shown));
		return fail(c, "prefix '%s' has host bits set beyond /%lu (did you mean %s/%lu?)",
			    tok[1], depth, shown, depth);
	}
	if (n < 3 || strcmp(tok[2], "port") != 0)
		return fail(c, "expected 'port <N>' after the prefix, got '%s'",
			    n < 3 ? "end of line" : tok[2]);
	if (n < 4)
		return fail(c, "missing port number after 'port'");
	if (parse_port(c, tok[3], &port) != 0)
		return -1;
	if (n > 4)
		return fail(c, "unexpected '%s' after the port number", tok[4]);

	if (!v6) {
		uint32_t p = (uint32_t)a[0] << 24 | (uint32_t)a[1] << 16 |
			     (uint32_t)a[2] << 8 | a[3];
		struct route4 *v4 = room(c, t->v4, t->n_v4, &t->cap_v4,
					 sizeof(*t->v4), "IPv4");

		if (v4 == NULL)
			return -1;
		t->v4 = v4;
		t->v4[t->n_v4++] = (struct route4){ .prefix = p,
			.depth = (uint8_t)depth, .port = port, .line = c->line };
		return 0;
	}
	v6r = room(c, t->v6, t->n_v6, &t->cap_v6, sizeof(*t->v6), "IPv6");
	if (v6r == NULL)
		return -1;
	t->v6 = v6r;
	memcpy(t->v6[t->n_v6].prefix, a, 16);
	t->v6[t->n_v6].depth = (uint8_t)depth;
	t->v6[t->n_v6].port = port;
	t->v6[t->n_v6].line = c->line;
	t->n_v6++;
	return 0;
}

static int
parse_neighbor(const struct parse_ctx *c, char **tok, int n,
	       struct route_table *t)
{
	uint8_t mac[6];
	uint16_t port;

	if (n < 2 || strcmp(tok[1], "port") != 0)
		return fail(c, "expected 'neighbor port <N> mac <xx:xx:xx:xx:xx:xx>'");
	if (n < 3)
		return fail(c, "missing port number after 'port'");
	if (parse_port(c, tok[2], &port) != 0)
		return -1;
	if (n < 4 || strcmp(tok[3], "mac") != 0)
		return fail(c, "expected 'mac <xx:xx:xx:xx:xx:xx>' after the port number, got '%s'",
			    n < 4 ? "end of line" : tok[3]);
	if (n < 5)
		return fail(c, "missing MAC address after 'mac'");
	if (parse_mac(tok[4], mac) != 0)
		return fail(c, "bad MAC address '%s' (expected xx:xx:xx:xx:xx:xx)",
			    tok[4]);
	if (mac[0] & 1)
		return fail(c, "MAC address '%s' is multicast/broadcast: a neighbor is one host",
			    tok[4]);
	if ((mac[0] | mac[1] | mac[2] | mac[3] | mac[4] | mac[5]) == 0)
		return fail(c, "MAC address '%s' is all zeros", tok[4]);
	if (n > 5)
		return fail(c, "unexpected '%s' after the MAC address", tok[5]);
	if (t->nb[port].set)
		return fail(c, "duplicate neighbor for port %u (first at line %u)",
			    port, t->nb[port].line);
	t->nb[port].set = true;
	memcpy(t->nb[port].mac, mac, 6);
	t->nb[port].line = c->line;
	return 0;
}

static int
parse_line(const struct parse_ctx *c, char *buf, struct route_table *t)
{
	char *tok[ROUTES_MAX_TOKENS], *save = NULL, *hash, *s;
	int n = 0;

	hash = strchr(buf, '#');
	if (hash != NULL)
		*hash = '\0';
	for (s = strtok_r(buf, " \t\r\n", &save); s != NULL;
	     s = strtok_r(NULL, " \t\r\n", &save)) {
		if (n == ROUTES_MAX_TOKENS)
			return fail(c, "too many words on the line");
		tok[n++] = s;
	}
	if (n == 0)
		return 0;
	if (strcmp(tok[0], "route") == 0)
		return parse_route(c, tok, n, t);
	if (strcmp(tok[0], "neighbor") == 0)
		return parse_neighbor(c, tok, n, t);
	return fail(c, "unknown keyword '%s' (expected 'route' or 'neighbor')",
		    tok[0]);
}

/* A route of either family, as the duplicate check sorts them. */
struct route_key {
	uint8_t addr[16];
	uint8_t depth;
	uint8_t v6;
	unsigned int line;
};

static int
route_key_cmp(const void *pa, const void *pb)
{
	const struct route_key *a = pa, *b = pb;
	int d;

	if (a->v6 != b->v6)
		return a->v6 < b->v6 ? -1 : 1;
	d = memcmp(a->addr, b->addr, sizeof(a->addr));
	if (d != 0)
		return d;
	if (a->depth != b->depth)
		return a->depth < b->depth ? -1 : 1;
	return (a->line > b->line) - (a->line < b->line);
}

/*
 * A second route for the same prefix: found by sorting (n log n, so a
 * file of a million routes is checked at once, not in n^2), and the
 * earliest repeating line is reported, as if found line by line.
 * @return 1 with the error written, 0 if none, -1 out of memory.
 */
static int
check_duplicates(struct parse_ctx *c, const struct route_table *t)
{
	unsigned int n = t->n_v4 + t->n_v6, i, run, dup = 0, first = 0;
	char shown[INET6_ADDRSTRLEN];
	struct route_key *k;

	if (n < 2)
		return 0;
	k = calloc(n, sizeof(*k));
	if (k == NULL)
		return -1;
	for (i = 0; i < t->n_v4; i++) {
		uint32_t p = t->v4[i].prefix;

		k[i].addr[0] = (uint8_t)(p >> 24);
		k[i].addr[1] = (uint8_t)(p >> 16);
		k[i].addr[2] = (uint8_t)(p >> 8);
		k[i].addr[3] = (uint8_t)p;
		k[i].depth = t->v4[i].depth;
		k[i].line = t->v4[i].line;
	}
	for (i = 0; i < t->n_v6; i++) {
		struct route_key *e = &k[t->n_v4 + i];

		memcpy(e->addr, t->v6[i].prefix, 16);
		e->depth = t->v6[i].depth;
		e->v6 = 1;
		e->line = t->v6[i].line;
	}
	qsort(k, n, sizeof(*k), route_key_cmp);
	for (i = 1, run = 0; i < n; i++) {
		if (k[i].v6 != k[run].v6 || k[i].depth != k[run].depth ||
		    memcmp(k[i].addr, k[run].addr, 16) != 0) {
			run = i;
			continue;
		}
		if (dup == 0 || k[i].line < k[dup].line) {
			dup = i;
			first = k[run].line;
		}
	}
	if (dup != 0) {
		inet_ntop(k[dup].v6 ? AF_INET6 : AF_INET, k[dup].addr, shown,
			  sizeof(shown));
		c->line = k[dup].line;
		fail(c, "duplicate route %s/%u (first at line %u)", shown,
		     k[dup].depth, first);
	}
	free(k);
	return dup != 0;
}

/* Every egress port needs its neighbor: found here, not at the first frame. */
static int
check_neighbors(struct parse_ctx *c, const struct route_table *t)
{
	unsigned int i;

	for (i = 0; i < t->n_v4; i++)
		if (!t->nb[t->v4[i].port].set) {
			c->line = t->v4[i].line;
			return fail(c, "no 'neighbor port %u mac ...' line for port %u, which this route sends to",
				    t->v4[i].port, t->v4[i].port);
		}
	for (i = 0; i < t->n_v6; i++)
		if (!t->nb[t->v6[i].port].set) {
			c->line = t->v6[i].line;
			return fail(c, "no 'neighbor port %u mac ...' line for port %u, which this route sends to",
				    t->v6[i].port, t->v6[i].port);
		}
	return 0;
}

/*
 * Reads one line (without its '\n') into @p buf. @return its length, -1
 * at the end of the file, or -2 for a line longer than @p size - 1
 * (the rest of it is not read). NUL bytes are kept: the caller sees them.
 */
static long
read_line(FILE *f, char *buf, size_t size)
{
	size_t n = 0;
	int c;

	while ((c = getc(f)) != EOF && c != '\n') {
		if (n == size - 1)
			return -2;
		buf[n++] = (char)c;
	}
	if (c == EOF && n == 0)
		return -1;
	buf[n] = '\0';
	return (long)n;
}

/*
 * A rule is ASCII: a byte that is not (a NUL, a control character other
 * than tab or CR, anything from 0x7f up: a BOM in the middle of the
 * file, a no-break space pasted from a web page, ...) would otherwise
 * end the line silently or give an error whose cause cannot be seen.
 * Comments may hold any text but NUL.
 */
static int
check_bytes(const struct parse_ctx *c, const char *buf, size_t len)
{
	bool comment = false;
	size_t i;

	for (i = 0; i < len; i++) {
		unsigned char b = (unsigned char)buf[i];

		if (b == '\0')
			return fail(c, "NUL byte at column %zu (not a text file?)", i + 1);
		if (b == '#')
			comment = true;
		if (comment || b == '\t' || b == '\r' || (b >= 0x20 && b < 0x7f))
			continue;
		if (strncmp(buf + i, ROUTES_UTF8_BOM, 3) == 0)
			return fail(c, "UTF-8 byte order mark (ef bb bf) at column %zu: one is skipped only at the very start of the file",
				    i + 1);
		return fail(c, "byte 0x%02x at column %zu is not printable ASCII: rules are ASCII (any text only after '#')",
			    b, i + 1);
	}
	return 0;
}

int
routes_load(const char *path, unsigned int nb_ports, uint64_t port_mask,
	    unsigned int max_routes, struct route_table *t, char *err,
	    size_t errlen)
{
	struct parse_ctx c = { .path = path, .nb_ports = nb_ports,
			       .port_mask = port_mask, .max_routes = max_routes,
			       .err = err, .errlen = errlen };
	char buf[ROUTES_LINE_MAX];
	int rc = 0, dup;
	long len;
	FILE *f;

	memset(t, 0, sizeof(*t));
	if (nb_ports > ROUTES_MAX_PORTS)
		c.nb_ports = ROUTES_MAX_PORTS;
	f = fopen(path, "r");
	if (f == NULL)
		return fail(&c, "cannot open: %s", strerror(errno));
	while (rc == 0 && (len = read_line(f, buf, sizeof(buf))) != -1) {
		char *line = buf;

		c.line++;
		if (len == -2) {
			rc = fail(&c, "line longer than %d characters",
				  ROUTES_LINE_MAX - 1);
			break;
		}
		/* A UTF-8 byte order mark (Windows editors) opens the file. */
		if (c.line == 1 && strncmp(line, ROUTES_UTF8_BOM, 3) == 0) {
			line += 3;
			len -= 3;
		}
		rc = check_bytes(&c, line, (size_t)len);
		if (rc == 0)
			rc = parse_line(&c, line, t);
	}
	if (rc == 0 && ferror(f))
		rc = fail(&c, "read error");
	fclose(f);
	/* A duplicate above the first bad line is the first error. */
	dup = check_duplicates(&c, t);
	if (dup == 1)
		rc = -1;
	else if (dup < 0 && rc == 0)
		rc = fail(&c, "out of memory");
	if (rc == 0 && t->n_v4 + t->n_v6 == 0) {
		c.line = 0;
		rc = fail(&c, "no 'route' lines: nothing could be forwarded");
	}
	if (rc == 0)
		rc = check_neighbors(&c, t);
	if (rc != 0)
		routes_free(t);
	return rc;
}

void
routes_free(struct route_table *t)
{
	free(t->v4);
	free(t->v6);
	t->v4 = NULL;
	t->v6 = NULL;
	t->n_v4 = 0;
	t->n_v6 = 0;
	t->cap_v4 = 0;
	t->cap_v6 = 0;
}
