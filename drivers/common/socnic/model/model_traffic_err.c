/* SPDX-License-Identifier: BSD-3-Clause */
#include <stdarg.h>
#include <stdio.h>

#include "model_traffic.h"
#include "model_traffic_internal.h"

void
model_traffic_err(char *err, size_t errlen, const char *fmt, ...)
{
	va_list ap;

	if (err == NULL || errlen == 0)
		return;
	va_start(ap, fmt);
	vsnprintf(err, errlen, fmt, ap);
	va_end(ap);
}

void
model_sink_failed(struct model_traffic_sink *sink, uint64_t frames,
		  const char *fmt, ...)
{
	char what[256];
	va_list ap;

	/* One writer (the model's thread); xstats read it from others. */
	__atomic_store_n(&sink->errors, sink->errors + frames, __ATOMIC_RELAXED);
	if (sink->error_reported || sink->on_error == NULL)
		return;
	sink->error_reported = true;
	va_start(ap, fmt);
	vsnprintf(what, sizeof(what), fmt, ap);
	va_end(ap);
	sink->on_error(sink->on_error_arg, what);
}
