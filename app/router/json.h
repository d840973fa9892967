/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * JSON string output (RFC 8259 section 7) for the router's --json file.
 * Plain C, no DPDK: tests/app/test_router_json.c checks it directly.
 */
#ifndef SOCRX_ROUTER_JSON_H
#define SOCRX_ROUTER_JSON_H

#include <stdio.h>

/*
 * Writes @p s to @p o as a JSON string, quotes included: '"' and '\' are
 * escaped, control characters (< 0x20, and 0x7f) become \u00XX (\n, \t,
 * ... their short forms), valid UTF-8 passes through, and every byte
 * that is not part of a valid UTF-8 sequence becomes U+FFFD, so that
 * the file is UTF-8 as RFC 8259 section 8.1 requires, whatever the
 * string held (a port name is whatever the user typed in --vdev).
 */
void json_write_str(FILE *o, const char *s);

#endif /* SOCRX_ROUTER_JSON_H */
