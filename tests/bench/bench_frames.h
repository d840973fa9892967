/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * What the benchmarks' frame sources share (bench_step --tx, bench_feed):
 * a bounded numeric option, and frames built as dpdk-testpmd's txonly
 * builds them (an Ethernet/IPv4/UDP header from a template).
 */
#ifndef BENCH_FRAMES_H
#define BENCH_FRAMES_H

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>

#include <rte_mbuf.h>
#include <rte_memcpy.h>

/* @p v as a number in [lo, hi], or a message naming @p what and exit(2). */
static inline uint64_t
bench_num_arg(const char *prog, const char *v, uint64_t lo, uint64_t hi,
	      const char *what)
{
	unsigned long long n;
	char *end;

	errno = 0;
	n = strtoull(v, &end, 10);
	if (errno != 0 || end == v || *end != '\0' || n < lo || n > hi) {
		fprintf(stderr, "%s: %s: expected %" PRIu64 "..%" PRIu64
			", got '%s'\n", prog, what, lo, hi, v);
		exit(2);
	}
	return n;
}

/* Ethernet (source 02:..:01) + IPv4 + UDP, as txonly's. */
static const uint8_t bench_txonly_hdr[42] = {
	0x02, 0, 0, 0, 0, 0x02, 0x02, 0, 0, 0, 0, 0x01, 0x08, 0x00,
	0x45, 0, 0, 28, 0, 0, 0, 0, 64, 17, 0, 0,
	198, 18, 0, 1, 198, 18, 0, 2,
	0x04, 0xd2, 0x16, 0x2e, 0, 8, 0, 0,
};

/*
 * @p n frames of @p size bytes from @p mp into @p pkts, each given the
 * template header. 0, or a negative value when the pool has fewer.
 */
static inline int
bench_frames_alloc(struct rte_mempool *mp, struct rte_mbuf **pkts,
		   uint16_t n, unsigned int size)
{
	uint16_t i;

	if (rte_pktmbuf_alloc_bulk(mp, pkts, n) != 0)
		return -ENOBUFS;
	for (i = 0; i < n; i++) {
		struct rte_mbuf *m = pkts[i];

		rte_memcpy(rte_pktmbuf_mtod(m, void *), bench_txonly_hdr,
			   sizeof(bench_txonly_hdr));
		m->data_len = (uint16_t)size;
		m->pkt_len = size;
	}
	return 0;
}

#endif /* BENCH_FRAMES_H */
