/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The robustness catalogue's frames (tests/data/catalogue.pcap, built by
 * tests/data/gen_catalogue.py) with their expectations
 * (catalogue_expected.txt: index, row, name, outcome, ptype names,
 * l2/l3/l4 lengths, IP and L4 verdict letters G/B/U), for the parser's
 * and the PMD's catalogue tests. Header-only, one table per test program.
 */
#ifndef SOCRX_TEST_CATALOGUE_FRAMES_H
#define SOCRX_TEST_CATALOGUE_FRAMES_H

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pcap_frames.h"
#include "ptype_names.h"

#define CAT_MAX		512
#define CAT_MAX_LEN	16384u

struct cat_frame {
	unsigned int row;
	char name[64];
	char outcome[32];	/* "D", the rx_q0_ detail counter, or "dropped" */
	uint8_t *data;
	uint32_t len;
	uint32_t ptype;
	unsigned int l2, l3, l4;
	char ip, l4f;		/* 'G', 'B', 'U' */
};

static struct cat_frame cat[CAT_MAX];
static unsigned int nb_cat;

/* One frame of the capture into cat[]. */
static int
cat_add_frame(uint8_t *data, uint32_t len, void *arg)
{
	(void)arg;
	if (nb_cat == CAT_MAX) {
		free(data);
		return -1;
	}
	cat[nb_cat].data = data;
	cat[nb_cat].len = len;
	nb_cat++;
	return 0;
}

static int
cat_load_expected(const char *path)
{
	FILE *f = fopen(path, "r");
	char line[512], pt[256], ip, l4;
	unsigned int idx, n = 0;

	if (f == NULL) {
		fprintf(stderr, "%s: %s\n", path, strerror(errno));
		return -1;
	}
	while (fgets(line, sizeof(line), f) != NULL) {
		struct cat_frame *c;

		if (line[0] == '#' || line[0] == '\n')
			continue;
		if (sscanf(line, "%u", &idx) != 1 || idx != n || idx >= nb_cat) {
			fprintf(stderr, "%s: bad line %u: %s", path, n, line);
			fclose(f);
			return -1;
		}
		c = &cat[idx];
		if (sscanf(line, "%u %u %63s %31s %255s %u %u %u %c %c", &idx,
			   &c->row, c->name, c->outcome, pt, &c->l2, &c->l3,
			   &c->l4, &ip, &l4) != 10 || ptype_names_parse(pt, &c->ptype)) {
			fprintf(stderr, "%s: bad line %u: %s", path, n, line);
			fclose(f);
			return -1;
		}
		c->ip = ip;
		c->l4f = l4;
		n++;
	}
	fclose(f);
	if (n != nb_cat) {
		fprintf(stderr, "%u expectations for %u frames\n", n, nb_cat);
		return -1;
	}
	return 0;
}

/* catalogue.pcap and catalogue_expected.txt of @p dir: 0, or -1 (printed). */
static int
cat_load(const char *dir)
{
	char path[4200];

	snprintf(path, sizeof(path), "%s/catalogue.pcap", dir);
	if (pcap_frames_load(path, CAT_MAX_LEN, cat_add_frame, NULL) < 0)
		return -1;
	snprintf(path, sizeof(path), "%s/catalogue_expected.txt", dir);
	return cat_load_expected(path);
}

static void
cat_free(void)
{
	unsigned int i;

	for (i = 0; i < nb_cat; i++)
		free(cat[i].data);
	nb_cat = 0;
}

#endif /* SOCRX_TEST_CATALOGUE_FRAMES_H */
