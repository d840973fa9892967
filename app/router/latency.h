/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * --latency-stamp OFFSET: frames that carry their sender's time stamp (an
 * rte_rdtsc() value of this host, 8 bytes in host order at OFFSET, as the
 * device model's generator with gen_stamp=1 writes when its DMA takes the
 * frame) give the delay to the router's receipt of the first frame after
 * each idle period: the time a sleeping lcore (--idle-sleep) adds, next to
 * the same delay of a polling one.
 */
#ifndef SOCRX_ROUTER_LATENCY_H
#define SOCRX_ROUTER_LATENCY_H

#include <stdint.h>
#include <stdio.h>

#include <rte_mbuf.h>

#define LATENCY_MAX_SAMPLES	(1u << 16)

struct latency_samples {
	uint32_t n;		/* samples taken (the first MAX kept) */
	uint32_t cycles[LATENCY_MAX_SAMPLES];
};

/* Records now - the stamp of @p m at @p off (frames too short: none). */
static inline void
latency_record(struct latency_samples *s, const struct rte_mbuf *m,
	       uint32_t off, uint64_t now)
{
	uint64_t stamp, d;

	if (rte_pktmbuf_data_len(m) < off + sizeof(stamp))
		return;
	memcpy(&stamp, rte_pktmbuf_mtod_offset(m, const uint8_t *, off),
	       sizeof(stamp));
	d = now - stamp;
	if (s->n < LATENCY_MAX_SAMPLES)
		s->cycles[s->n] = d > UINT32_MAX ? UINT32_MAX : (uint32_t)d;
	s->n++;
}

struct latency_summary {
	uint32_t n;
	uint64_t p50, p90, p99, max;	/* TSC cycles */
};

/* Sorts the kept samples of @p s (after the lcore stopped). */
void latency_summarise(struct latency_samples *s, struct latency_summary *out);

#endif /* SOCRX_ROUTER_LATENCY_H */
