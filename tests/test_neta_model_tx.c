/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The neta model's TX engine in step mode, through registers and
 * descriptors only (tests/neta_model_drv.h): the golden corpus sent through
 * TXQ_UPDATE arrives byte-identical in a pcap sink (frames under 60 bytes
 * zero-padded, as MVNETA_TXD_Z_PAD asks); TXQ_STATUS counts pending and
 * sent; the 255 limit of TXQ_UPDATE; a frame over two descriptors; a frame
 * whose last descriptor is not yet pending waits; checksum insertion at
 * the command's L3 offset and header length, a wrong one showing.
 * Argument: the tests/data directory.
 */
#include <stdio.h>
#include <unistd.h>

#include "harness.h"
#include "model_traffic.h"
#include "neta_model_drv.h"
#include "neta_model_frames.h"
#include "pcap_frames.h"

#define NMAX 256u

struct frames {
	uint8_t *data[NMAX];
	uint32_t len[NMAX];
	unsigned int n;
};

static int
frames_add(uint8_t *data, uint32_t len, void *arg)
{
	struct frames *fs = arg;

	if (fs->n == NMAX) {
		free(data);
		return -1;
	}
	fs->data[fs->n] = data;
	fs->len[fs->n++] = len;
	return 0;
}

static void
frames_free(struct frames *fs)
{
	while (fs->n != 0)
		free(fs->data[--fs->n]);
}

static void
open_tx(struct drv *d, const char *pcap_out)
{
	struct neta_model_params p;
	char err[256];

	neta_model_params_init(&p);
	if (pcap_out != NULL) {
		p.tx_sink = model_pcap_sink_create(pcap_out, err, sizeof(err));
		if (p.tx_sink == NULL) {
			fprintf(stderr, "%s\n", err);
			exit(1);
		}
	}
	if (drv_open(d, &p) != 0)
		exit(1);
}

static void
check_no_violation(struct drv *d, const char *what)
{
	struct neta_model_stats st;

	neta_model_get_stats(d->m, &st);
	CHECK_EQ_U(st.violations, 0, "%s: violations (%s)", what,
		   neta_model_last_violation(d->m));
}

/* Sends @p n frames of @p fs from @p first on queue 0, in batches. */
static void
send_all(struct drv *d, const struct frames *fs)
{
	unsigned int i, batch = 0;
	uint32_t v;

	for (i = 0; i < fs->n; i++) {
		drv_tx_put(d, 0, fs->data[i], fs->len[i], 0);
		if (++batch == 16 || i + 1 == fs->n) {
			drv_wr(d, MVNETA_TXQ_UPDATE_REG(0), batch);
			neta_model_step(d->m, 64);
			v = drv_rd(d, MVNETA_TXQ_STATUS_REG(0));
			CHECK_EQ_U(v, batch << MVNETA_TXQ_SENT_DESC_SHIFT,
				   "TXQ_STATUS: all sent, none pending");
			drv_wr(d, MVNETA_TXQ_UPDATE_REG(0),
			       batch << MVNETA_TXQ_DEC_SENT_SHIFT);
			batch = 0;
		}
	}
}

static void
test_golden(const char *dir)
{
	char in[4200], out[] = "/tmp/socrx_neta_tx_XXXXXX";
	struct frames fs = { .n = 0 }, got = { .n = 0 };
	struct drv d;
	struct frames sent = { .n = 0 };
	unsigned int i;
	int fd = mkstemp(out);

	if (fd < 0)
		exit(1);
	close(fd);
	snprintf(in, sizeof(in), "%s/verdict_corpus.pcap", dir);
	if (pcap_frames_load(in, 70000, frames_add, &fs) < 0)
		exit(1);
	for (i = 0; i < fs.n; i++)
		if (fs.len[i] >= 14 && fs.len[i] <= 1514)
			frames_add(fs.data[i], fs.len[i], &sent);
		else
			free(fs.data[i]);
	fs.n = 0;
	open_tx(&d, out);
	drv_tx_setup(&d, 0, 64);
	send_all(&d, &sent);
	CHECK_EQ_U(drv_rd(&d, MVNETA_MIB_GOOD_FRAMES_SENT), sent.n,
		   "MIB frames sent");
	check_no_violation(&d, "tx golden");
	drv_close(&d);		/* flushes the capture */
	if (pcap_frames_load(out, 70000, frames_add, &got) < 0)
		exit(1);
	CHECK_EQ_U(got.n, sent.n, "every frame in the sink");
	for (i = 0; i < got.n && i < sent.n; i++) {
		uint32_t want = sent.len[i] < 60 ? 60 : sent.len[i];

		CHECK_EQ_U(got.len[i], want, "frame %u: length", i);
		CHECK(memcmp(got.data[i], sent.data[i], sent.len[i]) == 0,
		      "frame %u: bytes", i);
	}
	printf("tx golden: %u frames byte-identical\n", got.n);
	unlink(out);
	frames_free(&got);
	frames_free(&sent);
}

static void
test_counts(void)
{
	struct drv d;
	struct neta_model_stats st;
	uint8_t *f = nf_ipv4(100, 17, 1);
	unsigned int i;

	open_tx(&d, NULL);
	drv_tx_setup(&d, 0, 512);
	for (i = 0; i < 300; i++)
		drv_tx_put(&d, 0, f, 100, 0);
	drv_wr(&d, MVNETA_TXQ_UPDATE_REG(0), 255);
	drv_wr(&d, MVNETA_TXQ_UPDATE_REG(0), 45);
	CHECK_EQ_U(drv_rd(&d, MVNETA_TXQ_STATUS_REG(0)), 300,
		   "300 pending in writes of at most 255");
	neta_model_step(d.m, 1000);
	CHECK_EQ_U(drv_rd(&d, MVNETA_TXQ_STATUS_REG(0)), 300u << 16,
		   "300 sent");
	drv_wr(&d, MVNETA_TXQ_UPDATE_REG(0), 255u << 16);
	drv_wr(&d, MVNETA_TXQ_UPDATE_REG(0), 45u << 16);
	CHECK_EQ_U(drv_rd(&d, MVNETA_TXQ_STATUS_REG(0)), 0, "all reclaimed");
	neta_model_get_stats(d.m, &st);
	CHECK_EQ_U(st.tx_frames, 300, "300 frames out");
	CHECK_EQ_U(drv_rd(&d, MVNETA_MIB_GOOD_OCTETS_SENT), 300 * 104,
		   "MIB octets sent (FCS included)");
	check_no_violation(&d, "tx counts");
	free(f);
	drv_close(&d);
}

static void
test_two_desc_and_wait(void)
{
	struct drv d;
	struct neta_model_stats st;
	struct mvneta_tx_desc *t;
	uint8_t *f = nf_ipv4(300, 6, 2);

	open_tx(&d, NULL);
	drv_tx_setup(&d, 0, 8);
	drv_tx_put(&d, 0, f, 100, 0);
	drv_tx_put(&d, 0, f + 100, 200, 0);
	t = d.txr[0];
	t[0].command = htole32(MVNETA_TXD_F_DESC | MVNETA_TX_L4_CSUM_NOT);
	t[1].command = htole32(MVNETA_TXD_L_DESC | MVNETA_TX_L4_CSUM_NOT);
	drv_wr(&d, MVNETA_TXQ_UPDATE_REG(0), 1);
	neta_model_step(d.m, 8);
	neta_model_get_stats(d.m, &st);
	CHECK_EQ_U(st.tx_frames, 0, "waits for its last descriptor");
	CHECK_EQ_U(drv_rd(&d, MVNETA_TXQ_STATUS_REG(0)), 1, "1 pending");
	drv_wr(&d, MVNETA_TXQ_UPDATE_REG(0), 1);
	neta_model_step(d.m, 8);
	neta_model_get_stats(d.m, &st);
	CHECK_EQ_U(st.tx_frames, 1, "one frame over two descriptors");
	CHECK_EQ_U(st.tx_bytes, 300, "its bytes");
	CHECK_EQ_U(drv_rd(&d, MVNETA_TXQ_STATUS_REG(0)), 2u << 16,
		   "two descriptors sent");
	check_no_violation(&d, "tx two descriptors");
	free(f);
	drv_close(&d);
}

/*
 * Sends @p f (150 bytes) with first command @p cmd; @p wire gets what
 * left. Returns the frames that left.
 */
static unsigned int
csum_send(const uint8_t *f, uint32_t cmd, uint8_t *wire)
{
	char out[] = "/tmp/socrx_neta_txcs_XXXXXX";
	struct frames got = { .n = 0 };
	unsigned int n;
	struct drv d;
	int fd = mkstemp(out);

	if (fd < 0)
		exit(1);
	close(fd);
	open_tx(&d, out);
	drv_tx_setup(&d, 0, 8);
	drv_tx_put(&d, 0, f, 150, 0);
	d.txr[0][0].command = htole32(MVNETA_TXD_FLZ_DESC | cmd);
	drv_wr(&d, MVNETA_TXQ_UPDATE_REG(0), 1);
	neta_model_step(d.m, 8);
	check_no_violation(&d, "csum");
	drv_close(&d);
	if (pcap_frames_load(out, 70000, frames_add, &got) < 0)
		exit(1);
	n = got.n;
	if (n == 1 && got.len[0] == 150)
		memcpy(wire, got.data[0], 150);
	unlink(out);
	frames_free(&got);
	return n;
}

/*
 * The command's checksum fields as the silicon reads them (Linux
 * mvneta_txq_desc_csum()): the model sums and writes where the L3 offset
 * and the IP header length say, never where the frame's own header would
 * put it, so a driver's wrong offset or length shows on the wire.
 */
static void
test_csum_insert(void)
{
	static const struct {
		const char *what;
		uint32_t cmd;
		bool ip_ok, udp_ok;	/* each checksum as the reference's */
	} cases[] = {
		{ "Linux's command for UDP/IPv4", 14u | 5u << MVNETA_TX_IP_HLEN_SHIFT |
		  MVNETA_TX_L4_UDP | MVNETA_TXD_IP_CSUM | MVNETA_TX_L4_CSUM_FULL,
		  true, true },
		{ "header length 6 words for a 5-word header",
		  14u | 6u << MVNETA_TX_IP_HLEN_SHIFT | MVNETA_TX_L4_UDP |
		  MVNETA_TXD_IP_CSUM | MVNETA_TX_L4_CSUM_FULL, false, false },
		{ "L3 offset 12 for a 14-byte Ethernet header",
		  12u | 5u << MVNETA_TX_IP_HLEN_SHIFT | MVNETA_TX_L4_UDP |
		  MVNETA_TXD_IP_CSUM | MVNETA_TX_L4_CSUM_FULL, false, false },
		{ "no L4_UDP: the TCP field written", 14u |
		  5u << MVNETA_TX_IP_HLEN_SHIFT | MVNETA_TXD_IP_CSUM |
		  MVNETA_TX_L4_CSUM_FULL, true, false },
		{ "L4_CSUM_NOT: the IPv4 header only", 14u |
		  5u << MVNETA_TX_IP_HLEN_SHIFT | MVNETA_TX_L4_UDP |
		  MVNETA_TXD_IP_CSUM | MVNETA_TX_L4_CSUM_NOT, true, false },
		{ "IPv6 type on an IPv4 frame: no header checksum", 14u |
		  5u << MVNETA_TX_IP_HLEN_SHIFT | MVNETA_TX_L3_IP6 |
		  MVNETA_TXD_IP_CSUM, false, false },
	};
	uint8_t *good = nf_ipv4(150, 17, 3), f[150], wire[150];
	unsigned int i;

	memcpy(f, good, 150);
	f[24] = f[25] = 0;	/* IPv4 header checksum */
	f[40] = f[41] = 0;	/* UDP checksum */
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		memset(wire, 0, sizeof(wire));
		CHECK_EQ_U(csum_send(f, cases[i].cmd, wire), 1, "csum: %s: sent",
			   cases[i].what);
		CHECK_EQ_U(memcmp(wire + 24, good + 24, 2) == 0, cases[i].ip_ok,
			   "csum: %s: IPv4 header checksum", cases[i].what);
		CHECK_EQ_U(memcmp(wire + 40, good + 40, 2) == 0, cases[i].udp_ok,
			   "csum: %s: UDP checksum", cases[i].what);
		if (cases[i].ip_ok && cases[i].udp_ok)
			CHECK(memcmp(wire, good, 150) == 0,
			      "csum: %s: the whole frame", cases[i].what);
	}
	free(good);
}

int
main(int argc, char **argv)
{
	harness_seed_rng(3);
	if (argc != 2) {
		fprintf(stderr, "usage: %s <tests/data>\n", argv[0]);
		return 1;
	}
	test_golden(argv[1]);
	test_counts();
	test_two_desc_and_wait();
	test_csum_insert();
	return harness_result("test_neta_model_tx");
}
