/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * LPM tables. rte_lpm and rte_lpm6 take depths from 1 only, so a default
 * route (/0) goes in as its two /1 halves, each unless the file has that
 * /1 itself: a more specific rule must keep winning over the default.
 */
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include <rte_errno.h>
#include <rte_log.h>

#include "lpm.h"

#define RTE_LOGTYPE_ROUTER RTE_LOGTYPE_USER1

/*
 * tbl8 groups (1 KiB each): rte_lpm needs one per rule longer than /24
 * at most; rte_lpm6 one per byte of a rule beyond the first 3 (5 for a
 * /64, 13 for a /128). Counting them from the file keeps a small table
 * small and lets --max-routes go high: l3fwd's fixed 65536 groups are
 * 64 MiB, 13 per rule for a million /48s would be 13 GiB, not 3.
 */
#define LPM4_MIN_TBL8S	256
#define LPM6_MIN_TBL8S	256

static unsigned int
lpm4_tbl8s(const struct route_table *t)
{
	unsigned int i, n = LPM4_MIN_TBL8S;

	for (i = 0; i < t->n_v4; i++)
		n += t->v4[i].depth > 24;
	return n;
}

static unsigned int
lpm6_tbl8s(const struct route_table *t)
{
	unsigned int i, n = LPM6_MIN_TBL8S;

	for (i = 0; i < t->n_v6; i++)
		if (t->v6[i].depth > 24)
			n += (t->v6[i].depth - 24 + 7) / 8;
	return n;
}

static bool
has_v4(const struct route_table *t, uint32_t prefix, uint8_t depth)
{
	unsigned int i;

	for (i = 0; i < t->n_v4; i++)
		if (t->v4[i].prefix == prefix && t->v4[i].depth == depth)
			return true;
	return false;
}

static bool
has_v6(const struct route_table *t, const uint8_t *prefix, uint8_t depth)
{
	unsigned int i;

	for (i = 0; i < t->n_v6; i++)
		if (memcmp(t->v6[i].prefix, prefix, 16) == 0 &&
		    t->v6[i].depth == depth)
			return true;
	return false;
}

static int
add4(struct rte_lpm *lpm, const struct route_table *t, const struct route4 *r)
{
	static const uint32_t half[2] = { 0, UINT32_C(0x80000000) };
	int i, rc;

	if (r->depth != 0)
		return rte_lpm_add(lpm, r->prefix, r->depth, r->port);
	for (i = 0; i < 2; i++) {
		if (has_v4(t, half[i], 1))
			continue;
		rc = rte_lpm_add(lpm, half[i], 1, r->port);
		if (rc != 0)
			return rc;
	}
	return 0;
}

static int
add6(struct rte_lpm6 *lpm, const struct route_table *t, const struct route6 *r)
{
	uint8_t half[16];
	int i, rc;

	if (r->depth != 0)
		return router_lpm6_add(lpm, r->prefix, r->depth, r->port);
	for (i = 0; i < 2; i++) {
		memset(half, 0, sizeof(half));
		half[0] = (uint8_t)(i << 7);
		if (has_v6(t, half, 1))
			continue;
		rc = router_lpm6_add(lpm, half, 1, r->port);
		if (rc != 0)
			return rc;
	}
	return 0;
}

int
router_lpm_setup(const struct route_table *t, int socket,
		 struct rte_lpm **lpm4, struct rte_lpm6 **lpm6)
{
	struct rte_lpm_config c4 = {
		.max_rules = 2 * t->n_v4 + 16,
		.number_tbl8s = lpm4_tbl8s(t),
	};
	struct rte_lpm6_config c6 = {
		.max_rules = 2 * t->n_v6 + 16,
		.number_tbl8s = lpm6_tbl8s(t),
	};
	/* A reload builds the next tables beside those in use: new names. */
	static unsigned int gen;
	char name4[RTE_LPM_NAMESIZE], name6[RTE_LPM_NAMESIZE];
	unsigned int i;
	int rc;

	snprintf(name4, sizeof(name4), "router_lpm4_%u", gen);
	snprintf(name6, sizeof(name6), "router_lpm6_%u", gen++);
	*lpm4 = rte_lpm_create(name4, socket, &c4);
	*lpm6 = rte_lpm6_create(name6, socket, &c6);
	if (*lpm4 == NULL || *lpm6 == NULL) {
		/* Each table's tbl24 is 64 MiB, each tbl8 group 1 KiB. */
		RTE_LOG(ERR, ROUTER, "cannot create the LPM tables (about %u MiB for %u IPv4 and %u IPv6 routes; EAL's -m may be too small): %s\n",
			128 + (c4.number_tbl8s + c6.number_tbl8s) / 1024,
			t->n_v4, t->n_v6, rte_strerror(rte_errno));
		router_lpm_free(*lpm4, *lpm6);
		return -1;
	}
	for (i = 0; i < t->n_v4; i++) {
		rc = add4(*lpm4, t, &t->v4[i]);
		if (rc != 0) {
			RTE_LOG(ERR, ROUTER, "route at line %u: rte_lpm_add: %s\n",
				t->v4[i].line, rte_strerror(-rc));
			goto fail;
		}
	}
	for (i = 0; i < t->n_v6; i++) {
		rc = add6(*lpm6, t, &t->v6[i]);
		if (rc != 0) {
			RTE_LOG(ERR, ROUTER, "route at line %u: rte_lpm6_add: %s\n",
				t->v6[i].line, rte_strerror(-rc));
			goto fail;
		}
	}
	return 0;
fail:
	router_lpm_free(*lpm4, *lpm6);
	*lpm4 = NULL;
	*lpm6 = NULL;
	return -1;
}

void
router_lpm_free(struct rte_lpm *lpm4, struct rte_lpm6 *lpm6)
{
	rte_lpm_free(lpm4);
	rte_lpm6_free(lpm6);
}
