/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * JSON strings: escapes per RFC 8259 section 7, UTF-8 checked per
 * RFC 3629 section 4 (no overlong forms, no surrogates, nothing above
 * U+10FFFF).
 */
#include <stddef.h>
#include <stdint.h>

#include "json.h"

/*
 * Length of the valid UTF-8 sequence starting at @p s (2 to 4), or 0
 * if none starts there. @p s[0] is >= 0x80.
 */
static size_t
json_utf8_len(const unsigned char *s)
{
	unsigned char c = s[0];
	size_t n, i;
	uint32_t cp;

	if (c >= 0xc2 && c <= 0xdf) {
		n = 2;
		cp = c & 0x1f;
	} else if (c >= 0xe0 && c <= 0xef) {
		n = 3;
		cp = c & 0x0f;
	} else if (c >= 0xf0 && c <= 0xf4) {
		n = 4;
		cp = c & 0x07;
	} else {
		return 0;	/* a continuation byte, 0xc0, 0xc1 or > 0xf4 */
	}
	for (i = 1; i < n; i++) {
		if ((s[i] & 0xc0) != 0x80)	/* also stops at the NUL */
			return 0;
		cp = cp << 6 | (s[i] & 0x3f);
	}
	if ((n == 3 && cp < 0x800) || (n == 4 && cp < 0x10000) ||
	    (cp >= 0xd800 && cp <= 0xdfff) || cp > 0x10ffff)
		return 0;
	return n;
}

void
json_write_str(FILE *o, const char *str)
{
	const unsigned char *s = (const unsigned char *)str;
	size_t n;

	putc('"', o);
	while (*s != '\0') {
		switch (*s) {
		case '"':
			fputs("\\\"", o);
			break;
		case '\\':
			fputs("\\\\", o);
			break;
		case '\b':
			fputs("\\b", o);
			break;
		case '\f':
			fputs("\\f", o);
			break;
		case '\n':
			fputs("\\n", o);
			break;
		case '\r':
			fputs("\\r", o);
			break;
		case '\t':
			fputs("\\t", o);
			break;
		default:
			if (*s < 0x20 || *s == 0x7f) {
				fprintf(o, "\\u%04x", *s);
			} else if (*s < 0x80) {
				putc(*s, o);
			} else {
				n = json_utf8_len(s);
				if (n == 0) {
					fputs("\\ufffd", o);
				} else {
					fwrite(s, 1, n, o);
					s += n - 1;
				}
			}
		}
		s++;
	}
	putc('"', o);
}
