/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The golden verdict corpus for PMD tests: tests/data/verdict_corpus.pcap
 * and verdict_expected.txt (made by tests/data/gen_verdict_corpus.py), and
 * the RX flags helpers the verdict tests share.
 *
 * Expected line: index name ptype l2_len l3_len l4_len IP L4, ptype as
 * RTE_PTYPE_ names without the prefix joined by '|' ("0" for none), IP and
 * L4 as G, B or U.
 */
#ifndef SOCRX_PMD_CORPUS_H
#define SOCRX_PMD_CORPUS_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <rte_mbuf.h>
#include <rte_mbuf_ptype.h>

#include "../ptype_names.h"

#define CORPUS_MAX	512
#define CORPUS_MAX_LEN	(1u << 17)

struct corpus_frame {
	uint32_t len;
	uint8_t *data;
	/* expected */
	char name[64];
	uint32_t ptype;
	char ip, l4;		/* 'G', 'B', 'U' */
};

struct corpus {
	unsigned int n;
	struct corpus_frame f[CORPUS_MAX];
};

#define CORPUS_CKSUM_MASK (RTE_MBUF_F_RX_IP_CKSUM_MASK | RTE_MBUF_F_RX_L4_CKSUM_MASK)

/* Reads a classic pcap file (either byte order); -1 on a malformed file. */
static inline int
corpus_read_pcap(const char *path, struct corpus *c)
{
	FILE *f = fopen(path, "rb");
	uint8_t gh[24], rh[16];
	uint32_t magic;
	int swap;

	memset(c, 0, sizeof(*c));
	if (f == NULL)
		return -1;
	if (fread(gh, 1, sizeof(gh), f) != sizeof(gh)) {
		fclose(f);
		return -1;
	}
	memcpy(&magic, gh, 4);
	swap = magic == 0xd4c3b2a1 || magic == 0x4d3cb2a1;
	while (c->n < CORPUS_MAX && fread(rh, 1, sizeof(rh), f) == sizeof(rh)) {
		struct corpus_frame *fr = &c->f[c->n];
		uint32_t caplen;

		memcpy(&caplen, rh + 8, 4);
		if (swap)
			caplen = __builtin_bswap32(caplen);
		if (caplen > CORPUS_MAX_LEN)
			break;
		fr->data = malloc(caplen ? caplen : 1);
		if (fr->data == NULL || fread(fr->data, 1, caplen, f) != caplen) {
			free(fr->data);
			break;
		}
		fr->len = caplen;
		c->n++;
	}
	fclose(f);
	return 0;
}

/* Reads verdict_expected.txt into the frames read from the pcap. */
static inline int
corpus_read_expected(const char *path, struct corpus *c)
{
	FILE *f = fopen(path, "r");
	char line[512];
	unsigned int seen = 0;

	if (f == NULL)
		return -1;
	while (fgets(line, sizeof(line), f) != NULL) {
		char name[64], pt[256], ip[4], l4[4];
		unsigned int idx, l2, l3, l4len;
		struct corpus_frame *fr;

		if (line[0] == '#' || line[0] == '\n')
			continue;
		if (sscanf(line, "%u %63s %255s %u %u %u %3s %3s", &idx, name,
			   pt, &l2, &l3, &l4len, ip, l4) != 8 || idx >= c->n) {
			fclose(f);
			return -1;
		}
		fr = &c->f[idx];
		snprintf(fr->name, sizeof(fr->name), "%s", name);
		fr->ip = ip[0];
		fr->l4 = l4[0];
		if (ptype_names_parse(pt, &fr->ptype) != 0) {
			fclose(f);
			return -1;
		}
		seen++;
	}
	fclose(f);
	return seen == c->n ? 0 : -1;
}

static inline void
corpus_free(struct corpus *c)
{
	unsigned int i;

	for (i = 0; i < c->n; i++)
		free(c->f[i].data);
}

static inline uint64_t
corpus_flags(char ip, char l4)
{
	uint64_t f = 0;

	f |= ip == 'G' ? RTE_MBUF_F_RX_IP_CKSUM_GOOD :
	     ip == 'B' ? RTE_MBUF_F_RX_IP_CKSUM_BAD : RTE_MBUF_F_RX_IP_CKSUM_UNKNOWN;
	f |= l4 == 'G' ? RTE_MBUF_F_RX_L4_CKSUM_GOOD :
	     l4 == 'B' ? RTE_MBUF_F_RX_L4_CKSUM_BAD : RTE_MBUF_F_RX_L4_CKSUM_UNKNOWN;
	return f;
}

/* 'G', 'B' or 'U' (or '?' for NONE) of the IP / L4 checksum flags. */
static inline char
corpus_ip_char(uint64_t f)
{
	switch (f & RTE_MBUF_F_RX_IP_CKSUM_MASK) {
	case RTE_MBUF_F_RX_IP_CKSUM_GOOD: return 'G';
	case RTE_MBUF_F_RX_IP_CKSUM_BAD: return 'B';
	case RTE_MBUF_F_RX_IP_CKSUM_UNKNOWN: return 'U';
	default: return '?';
	}
}

static inline char
corpus_l4_char(uint64_t f)
{
	switch (f & RTE_MBUF_F_RX_L4_CKSUM_MASK) {
	case RTE_MBUF_F_RX_L4_CKSUM_GOOD: return 'G';
	case RTE_MBUF_F_RX_L4_CKSUM_BAD: return 'B';
	case RTE_MBUF_F_RX_L4_CKSUM_UNKNOWN: return 'U';
	default: return '?';
	}
}

#endif /* SOCRX_PMD_CORPUS_H */
