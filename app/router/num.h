/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Strict number parsing shared by the argument and route file parsers:
 * strtoul() alone skips blanks, takes a sign and stops at the first
 * character it does not know, so "-1" wraps and "1zz" is 1.
 */
#ifndef SOCRX_ROUTER_NUM_H
#define SOCRX_ROUTER_NUM_H

#include <ctype.h>
#include <errno.h>
#include <stdlib.h>

/*
 * A decimal integer in 0..@p max: digits only, nothing before or after.
 * @return 0 with the value in @p out, or -1.
 */
static inline int
num_parse_uint(const char *s, unsigned long max, unsigned long *out)
{
	char *end;
	unsigned long v;

	if (!isdigit((unsigned char)s[0]))
		return -1;
	errno = 0;
	v = strtoul(s, &end, 10);
	if (errno != 0 || *end != '\0' || v > max)
		return -1;
	*out = v;
	return 0;
}

#endif /* SOCRX_ROUTER_NUM_H */
