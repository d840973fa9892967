/* SPDX-License-Identifier: BSD-3-Clause */
/* Internal to the traffic sources and sinks. */
#ifndef SOCRX_MODEL_TRAFFIC_INTERNAL_H
#define SOCRX_MODEL_TRAFFIC_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

/* Formats a message into @p err (if given): the sources' error channel. */
void model_traffic_err(char *err, size_t errlen, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

struct model_traffic_sink;

/*
 * @p frames frames @p sink could not write: counted in its errors; the
 * first failure is described (@p fmt) to its on_error hook.
 */
void model_sink_failed(struct model_traffic_sink *sink, uint64_t frames,
		       const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

#endif /* SOCRX_MODEL_TRAFFIC_INTERNAL_H */
