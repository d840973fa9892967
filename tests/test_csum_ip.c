/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * IPv4 header checksum (20-byte fast path and with options), the IPv4 and
 * IPv6 pseudo-header sums, and the RFC 1624 incremental update, each held
 * to a byte-by-byte network-order computation, for every implementation.
 */
#include <string.h>

#include "csum.h"
#include "csum_ref.h"
#include "harness.h"

#define ROUNDS 20000

/* A random IPv4 header of @p ihl 32-bit words with a correct checksum. */
static void
random_ipv4_header(uint8_t *h, unsigned int ihl)
{
	uint16_t c;

	harness_fill_random(h, ihl * 4);
	h[0] = (uint8_t)(0x40 | ihl);
	h[10] = h[11] = 0;
	c = ref_csum_be(h, ihl * 4, 0);
	h[10] = (uint8_t)(c >> 8);
	h[11] = (uint8_t)c;
}

static void
ipv4_header(void)
{
	uint8_t h[60];
	int i;

	for (i = 0; i < ROUNDS; i++) {
		unsigned int ihl = 5 + (unsigned int)(harness_rand() % 11);
		uint16_t stored, c;

		random_ipv4_header(h, ihl);
		CHECK_EQ_U(csum_ipv4_hdr(h, ihl * 4), 0, "valid header ihl %u", ihl);
		if (ihl == 5)
			CHECK_EQ_U(csum_ipv4_hdr20(h), 0, "valid 20-byte header");

		/* computing over a zeroed field gives the stored bytes */
		memcpy(&stored, h + 10, 2);
		h[10] = h[11] = 0;
		c = csum_ipv4_hdr(h, ihl * 4);
		CHECK_EQ_U(c, stored, "recomputed header ihl %u", ihl);

		/* one flipped bit anywhere is detected */
		memcpy(h + 10, &stored, 2);
		h[harness_rand() % (ihl * 4)] ^= (uint8_t)(1u << (harness_rand() % 8));
		CHECK(csum_ipv4_hdr(h, ihl * 4) != 0, "corrupt header ihl %u", ihl);
	}
}

/* RFC 1624: the incremental update equals a full recomputation. */
static void
incremental_update(void)
{
	uint8_t h[20], full[20];
	int i;

	for (i = 0; i < ROUNDS; i++) {
		uint16_t old_word, new_word, check;
		unsigned int off;

		random_ipv4_header(h, 5);
		h[8] = (uint8_t)(1 + harness_rand() % 255);	/* TTL >= 1 */
		h[10] = h[11] = 0;
		check = csum_ipv4_hdr20(h);
		memcpy(h + 10, &check, 2);

		memcpy(full, h, 20);
		csum_ipv4_ttl_dec(h);
		full[8]--;
		full[10] = full[11] = 0;
		check = csum_ipv4_hdr20(full);
		CHECK(memcmp(h + 10, &check, 2) == 0, "TTL decrement from %u",
		      full[8] + 1u);
		CHECK_EQ_U(csum_ipv4_hdr20(h), 0, "header valid after TTL dec");

		/* any other 16-bit word of the header */
		off = 2 * (unsigned int)(harness_rand() % 10);
		if (off == 10)
			continue;
		memcpy(&old_word, h + off, 2);
		new_word = (uint16_t)harness_rand();
		memcpy(h + off, &new_word, 2);
		memcpy(&check, h + 10, 2);
		check = csum_update16(check, old_word, new_word);
		memcpy(h + 10, &check, 2);
		CHECK_EQ_U(csum_ipv4_hdr20(h), 0, "update of word at %u", off);
	}
}

/*
 * The TTL decrement's short form against RFC 1624 eqn. 3 (csum_update16())
 * for every stored checksum value, with TTLs at both ends of the range:
 * the end-around carry and the 0xffff sum are where a shortcut goes wrong.
 */
static void
ttl_dec_every_checksum(void)
{
	static const uint8_t ttls[] = { 1, 2, 64, 128, 255 };
	uint8_t h[20];
	uint16_t old_word, new_word, want, got;
	unsigned int t, c, bad = 0;

	memset(h, 0, sizeof(h));
	for (t = 0; t < sizeof(ttls); t++) {
		for (c = 0; c <= 0xffff; c++) {
			h[8] = ttls[t];
			h[9] = (uint8_t)(c * 7);	/* protocol byte: any */
			memcpy(h + 10, &(uint16_t){ (uint16_t)c }, 2);
			memcpy(&old_word, h + 8, 2);
			csum_ipv4_ttl_dec(h);
			memcpy(&new_word, h + 8, 2);
			want = csum_update16((uint16_t)c, old_word, new_word);
			memcpy(&got, h + 10, 2);
			if (h[8] != (uint8_t)(ttls[t] - 1) || got != want)
				bad++;
		}
	}
	CHECK_EQ_U(bad, 0, "TTL decrement vs RFC 1624 eqn. 3, every checksum");
}

static void
ipv4_pseudo(void)
{
	int i;

	for (i = 0; i < ROUNDS; i++) {
		uint8_t ph[12];
		uint32_t s, d;
		uint16_t len = (uint16_t)harness_rand();
		uint8_t proto = (uint8_t)harness_rand();
		uint32_t init = (uint32_t)harness_rand();

		harness_fill_random(ph, 8);
		memcpy(&s, ph, 4);
		memcpy(&d, ph + 4, 4);
		ph[8] = 0;
		ph[9] = proto;
		ph[10] = (uint8_t)(len >> 8);
		ph[11] = (uint8_t)len;
		CHECK_EQ_U(ref_fold16(csum_ipv4_pseudo(s, d, len, proto, init)),
			   ref_csum_partial(ph, 12, init), "ipv4 pseudo");
	}
}

static void
ipv6_pseudo(void)
{
	int i;

	for (i = 0; i < ROUNDS; i++) {
		uint8_t ph[40];
		uint32_t len = (uint32_t)harness_rand();
		uint8_t proto = (uint8_t)harness_rand();
		uint32_t init = (uint32_t)harness_rand();

		harness_fill_random(ph, 32);
		ph[32] = (uint8_t)(len >> 24);
		ph[33] = (uint8_t)(len >> 16);
		ph[34] = (uint8_t)(len >> 8);
		ph[35] = (uint8_t)len;
		ph[36] = ph[37] = ph[38] = 0;
		ph[39] = proto;
		CHECK_EQ_U(ref_fold16(csum_ipv6_pseudo(ph, ph + 16, len, proto,
						       init)),
			   ref_csum_partial(ph, 40, init), "ipv6 pseudo");
	}
}

/* csum_fold over random sums matches the reference fold. */
static void
fold(void)
{
	int i;

	CHECK_EQ_U(csum_fold(0), 0xffff, "fold 0");
	CHECK_EQ_U(csum_fold(0xffff), 0, "fold 0xffff");
	CHECK_EQ_U(csum_fold(0xffffffff), 0, "fold 0xffffffff");
	CHECK_EQ_U(csum_fold(0x1fffe), 0, "fold 0x1fffe");
	for (i = 0; i < ROUNDS; i++) {
		uint32_t s = (uint32_t)harness_rand();

		CHECK_EQ_U(csum_fold(s), (uint16_t)~ref_fold16(s), "fold %#x", s);
	}
}

int
main(void)
{
	int impl;

	harness_seed_from_env(1624);
	fold();
	ttl_dec_every_checksum();
	for (impl = CSUM_IMPL_GENERIC; impl < CSUM_IMPL_COUNT; impl++) {
		if (csum_impl_select(impl) != 0)
			continue;
		printf("  %s\n", csum_impl_name(impl));
		ipv4_header();
		incremental_update();
		ipv4_pseudo();
		ipv6_pseudo();
	}
	return harness_result("test_csum_ip");
}
