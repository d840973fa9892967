/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Fixtures shared by the device model's step-mode tests and its fuzz
 * harness: a queue of frames as the model's traffic source (each frame
 * its own allocation, so ASan sees a read past it) and the bitwise CRC-32
 * reference the FCS checks recompute. No harness.h: the fuzz harness
 * includes this file too.
 */
#ifndef SOCRX_TEST_MODEL_FIXTURE_H
#define SOCRX_TEST_MODEL_FIXTURE_H

#include <errno.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "model_traffic.h"

#define MODEL_FIXTURE_QSRC_MAX 4096u
/*
 * DMA_CHx_Rx/Tx_Control.RxPBL/TxPBL = 8 (Linux's default burst): a DMA
 * started with PBL 0 does not run (docs/model.md).
 */
#define MODEL_FIXTURE_PBL (8u << 16)
/*
 * The model's PHY negotiates 1000 Mbit/s full duplex by default: the MAC
 * must say so (MAC_Configuration.DM, PS and FES clear) or it receives and
 * sends nothing. Tests write GMAC_CONFIG_DM with RE/TE.
 */

struct model_fixture_qsrc {
	struct model_traffic_src base;
	uint8_t *frame[MODEL_FIXTURE_QSRC_MAX];
	size_t len[MODEL_FIXTURE_QSRC_MAX];
	unsigned int head, tail;
	bool finite;		/* -1 once empty instead of 0 */
};

/* The model's next(): a frame longer than @p cap is counted and skipped. */
static inline int
model_fixture_qsrc_next(struct model_traffic_src *s, uint8_t *buf, size_t cap)
{
	struct model_fixture_qsrc *q = (struct model_fixture_qsrc *)s;
	size_t len;

	if (q->head == q->tail)
		return q->finite ? -1 : 0;
	len = q->len[q->head % MODEL_FIXTURE_QSRC_MAX];
	if (len > cap) {
		s->truncated++;
		len = 0;
	} else {
		memcpy(buf, q->frame[q->head % MODEL_FIXTURE_QSRC_MAX], len);
		s->frames++;
	}
	free(q->frame[q->head % MODEL_FIXTURE_QSRC_MAX]);
	q->head++;
	return (int)len;
}

/* The model's destroy(): frees the frames still queued and the queue. */
static inline void
model_fixture_qsrc_destroy(struct model_traffic_src *s)
{
	struct model_fixture_qsrc *q = (struct model_fixture_qsrc *)s;

	while (q->head != q->tail)
		free(q->frame[q->head++ % MODEL_FIXTURE_QSRC_MAX]);
	free(q);
}

/* An empty queue; aborts when out of memory. */
static inline struct model_fixture_qsrc *
model_fixture_qsrc_create(bool finite)
{
	struct model_fixture_qsrc *q = calloc(1, sizeof(*q));

	if (q == NULL)
		abort();
	q->base.next = model_fixture_qsrc_next;
	q->base.destroy = model_fixture_qsrc_destroy;
	q->finite = finite;
	return q;
}

/* Frames queued and not yet taken by the model. */
static inline unsigned int
model_fixture_qsrc_count(const struct model_fixture_qsrc *q)
{
	return q->tail - q->head;
}

/* Queues @p frame, a malloc'ed block the queue now owns. */
static inline void
model_fixture_qsrc_push_owned(struct model_fixture_qsrc *q, uint8_t *frame,
			      size_t len)
{
	q->frame[q->tail % MODEL_FIXTURE_QSRC_MAX] = frame;
	q->len[q->tail % MODEL_FIXTURE_QSRC_MAX] = len;
	q->tail++;
}

/* Queues a copy of @p frame. */
static inline void
model_fixture_qsrc_push(struct model_fixture_qsrc *q, const uint8_t *frame,
			size_t len)
{
	uint8_t *copy = malloc(len);

	memcpy(copy, frame, len);
	model_fixture_qsrc_push_owned(q, copy, len);
}

/* Reference CRC-32 (IEEE 802.3, reflected), bit by bit. */
static inline uint32_t
model_fixture_crc32(const uint8_t *p, size_t len)
{
	uint32_t crc = 0xffffffffu;
	size_t i;
	int b;

	for (i = 0; i < len; i++) {
		crc ^= p[i];
		for (b = 0; b < 8; b++)
			crc = (crc & 1) ? (crc >> 1) ^ 0xedb88320u : crc >> 1;
	}
	return ~crc;
}

/* ---- A sink that keeps the frames ---- */

#define MODEL_FIXTURE_QSINK_MAX 64u

struct model_fixture_qsink {
	struct model_traffic_sink base;
	uint8_t *frame[MODEL_FIXTURE_QSINK_MAX];
	size_t len[MODEL_FIXTURE_QSINK_MAX];
	unsigned int n;
};

static inline int
model_fixture_qsink_put(struct model_traffic_sink *s, const uint8_t *frame,
			size_t len)
{
	struct model_fixture_qsink *q = (struct model_fixture_qsink *)s;

	if (q->n == MODEL_FIXTURE_QSINK_MAX) {
		s->errors++;
		return -ENOSPC;
	}
	q->frame[q->n] = (uint8_t *)malloc(len);
	memcpy(q->frame[q->n], frame, len);
	q->len[q->n++] = len;
	s->frames++;
	s->bytes += len;
	return 0;
}

static inline void
model_fixture_qsink_destroy(struct model_traffic_sink *s)
{
	struct model_fixture_qsink *q = (struct model_fixture_qsink *)s;
	unsigned int i;

	for (i = 0; i < q->n; i++)
		free(q->frame[i]);
	free(q);
}

/* An empty sink the model takes ownership of (its destroy frees it). */
static inline struct model_fixture_qsink *
model_fixture_qsink_create(void)
{
	struct model_fixture_qsink *q =
		(struct model_fixture_qsink *)calloc(1, sizeof(*q));

	if (q == NULL)
		abort();
	q->base.put = model_fixture_qsink_put;
	q->base.destroy = model_fixture_qsink_destroy;
	return q;
}

#endif /* SOCRX_TEST_MODEL_FIXTURE_H */
