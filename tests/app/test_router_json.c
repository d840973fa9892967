/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The router's JSON string writer (app/router/json.c), without EAL:
 *  - golden vectors for every escape class of RFC 8259 section 7 and
 *    for each kind of invalid UTF-8 (RFC 3629 section 4): a lone
 *    continuation byte, overlong forms, surrogates, above U+10FFFF, a
 *    sequence cut short;
 *  - random strings of ASCII (control characters included) and valid
 *    code points of every length: decoded again by an independent JSON
 *    string decoder written here, they give back the same bytes, and the
 *    output holds no raw control character.
 * The end-to-end check (a port name with a quote, a backslash and
 * control characters in --json, read by Python's json module) is in
 * test_router_cli.py.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../harness.h"
#include "json.h"

static char *
encode(const char *s)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *o = open_memstream(&buf, &len);

	if (o == NULL) {
		perror("open_memstream");
		exit(1);
	}
	json_write_str(o, s);
	fclose(o);
	return buf;
}

static const struct {
	const char *in, *out, *what;
} golden[] = {
	{ "", "\"\"", "empty" },
	{ "net_stmmac_uio0", "\"net_stmmac_uio0\"", "plain ASCII" },
	{ "a\"b", "\"a\\\"b\"", "quote" },
	{ "a\\b", "\"a\\\\b\"", "backslash" },
	{ "/", "\"/\"", "solidus left as is" },
	{ "\b\f\n\r\t", "\"\\b\\f\\n\\r\\t\"", "short escapes" },
	{ "\x01\x1f", "\"\\u0001\\u001f\"", "other controls" },
	{ "\x7f", "\"\\u007f\"", "DEL" },
	{ "\xc3\xa9", "\"\xc3\xa9\"", "2-byte UTF-8" },
	{ "\xe2\x82\xac", "\"\xe2\x82\xac\"", "3-byte UTF-8" },
	{ "\xf0\x9f\x98\x80", "\"\xf0\x9f\x98\x80\"", "4-byte UTF-8" },
	{ "\xf4\x8f\xbf\xbf", "\"\xf4\x8f\xbf\xbf\"", "U+10FFFF" },
	{ "\x80", "\"\\ufffd\"", "lone continuation byte" },
	{ "\xc0\x80", "\"\\ufffd\\ufffd\"", "overlong NUL" },
	{ "\xe0\x80\xaf", "\"\\ufffd\\ufffd\\ufffd\"", "overlong 3-byte" },
	{ "\xf0\x80\x80\xaf", "\"\\ufffd\\ufffd\\ufffd\\ufffd\"", "overlong 4-byte" },
	{ "\xed\xa0\x80", "\"\\ufffd\\ufffd\\ufffd\"", "surrogate" },
	{ "\xf4\x90\x80\x80", "\"\\ufffd\\ufffd\\ufffd\\ufffd\"", "above U+10FFFF" },
	{ "\xff", "\"\\ufffd\"", "0xff" },
	{ "a\xc3", "\"a\\ufffd\"", "sequence cut by the end" },
	{ "\xe2\x82z", "\"\\ufffd\\ufffdz\"", "sequence cut by ASCII" },
};

/* Appends code point @p cp to @p out as UTF-8. */
static size_t
put_utf8(unsigned char *out, unsigned long cp)
{
	if (cp < 0x80) {
		out[0] = (unsigned char)cp;
		return 1;
	}
	if (cp < 0x800) {
		out[0] = (unsigned char)(0xc0 | cp >> 6);
		out[1] = (unsigned char)(0x80 | (cp & 0x3f));
		return 2;
	}
	if (cp < 0x10000) {
		out[0] = (unsigned char)(0xe0 | cp >> 12);
		out[1] = (unsigned char)(0x80 | (cp >> 6 & 0x3f));
		out[2] = (unsigned char)(0x80 | (cp & 0x3f));
		return 3;
	}
	out[0] = (unsigned char)(0xf0 | cp >> 18);
	out[1] = (unsigned char)(0x80 | (cp >> 12 & 0x3f));
	out[2] = (unsigned char)(0x80 | (cp >> 6 & 0x3f));
	out[3] = (unsigned char)(0x80 | (cp & 0x3f));
	return 4;
}

/*
 * An independent decoder of one JSON string (RFC 8259 section 7):
 * returns the decoded length, or -1 if @p s is not a well-formed string
 * with nothing after it. \u escapes of surrogates are not expected.
 */
static long
decode(const char *js, unsigned char *out)
{
	const unsigned char *s = (const unsigned char *)js;
	size_t n = 0;

	if (*s++ != '"')
		return -1;
	for (;;) {
		if (*s == '\0' || *s < 0x20)
			return -1;
		if (*s == '"')
			return s[1] == '\0' ? (long)n : -1;
		if (*s != '\\') {
			out[n++] = *s++;
			continue;
		}
		s++;
		switch (*s) {
		case '"': case '\\': case '/':
			out[n++] = *s;
			break;
		case 'b': out[n++] = '\b'; break;
		case 'f': out[n++] = '\f'; break;
		case 'n': out[n++] = '\n'; break;
		case 'r': out[n++] = '\r'; break;
		case 't': out[n++] = '\t'; break;
		case 'u': {
			char hex[5] = { 0 };
			char *end;
			unsigned long cp;

			memcpy(hex, s + 1, 4);
			cp = strtoul(hex, &end, 16);
			if (strlen(hex) != 4 || *end != '\0')
				return -1;
			n += put_utf8(out + n, cp);
			s += 4;
			break;
		}
		default:
			return -1;
		}
		s++;
	}
}

static void
test_golden(void)
{
	size_t i;

	for (i = 0; i < sizeof(golden) / sizeof(golden[0]); i++) {
		char *got = encode(golden[i].in);

		CHECK(strcmp(got, golden[i].out) == 0, "%s: got %s, want %s",
		      golden[i].what, got, golden[i].out);
		free(got);
	}
}

static void
test_round_trip(void)
{
	/* A code point from each class: ASCII (controls too), 2, 3, 4 bytes. */
	static const unsigned long lo[] = { 0x01, 0x80, 0x800, 0xe000, 0x10000 };
	static const unsigned long hi[] = { 0x7f, 0x7ff, 0xd7ff, 0xffff, 0x10ffff };
	unsigned char in[4 * 64 + 1], back[4 * 64 * 6];
	int iter;

	harness_seed_from_env(14);
	for (iter = 0; iter < 20000; iter++) {
		size_t n = 0, k, len = harness_rand() % 64;
		char *js;
		long m;

		for (k = 0; k < len; k++) {
			unsigned int c = (unsigned int)(harness_rand() % 5);

			n += put_utf8(in + n, lo[c] + harness_rand() % (hi[c] - lo[c] + 1));
		}
		in[n] = '\0';
		js = encode((const char *)in);
		for (k = 0; js[k] != '\0'; k++)
			CHECK((unsigned char)js[k] >= 0x20 && js[k] != 0x7f,
			      "iteration %d: raw byte %#x in the output", iter,
			      (unsigned char)js[k]);
		m = decode(js, back);
		CHECK(m == (long)n && memcmp(back, in, n) == 0,
		      "iteration %d: %s does not decode to the %zu input bytes",
		      iter, js, n);
		free(js);
		if (harness_failures > 20)
			break;
	}
}

int
main(void)
{
	test_golden();
	test_round_trip();
	if (harness_failures != 0) {
		printf("%lu check(s) failed\n", harness_failures);
		return 1;
	}
	printf("json_write_str: %zu golden vectors, 20000 random strings: ok\n",
	       sizeof(golden) / sizeof(golden[0]));
	return 0;
}
